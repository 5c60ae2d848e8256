/* vm/dtypes.c -- the debug types of a module (vm/module.h): the K type of
 * each variable and the layout of the records they reach, read by the
 * debugger to print s.x, p->y and whole records.
 *
 * A .kbc file may be hostile, so simt_dtypes_check proves what the debugger
 * relies on without checking again: every index is in range, sizes add up,
 * fields and bit-fields lie inside their record, and no walk over a type
 * can loop (pointers and arrays name smaller indexes; a record holds by
 * value only records of smaller indexes). */
#include <inttypes.h>
#include <stdio.h>

#include "vm/module.h"

const simt_dtype *simt_dtype_of(const simt_module *m, uint32_t dtype)
{
    return dtype && dtype <= m->ndtypes ? &m->dtypes[dtype - 1] : NULL;
}

static int is_integer(unsigned vt)
{
    return vt == VT_BOOL || vt == VT_I8 || vt == VT_U8 || vt == VT_I16 || vt == VT_U16 ||
           vt == VT_I32 || vt == VT_U32 || vt == VT_I64 || vt == VT_U64;
}

/* Type k alone: its kind, what it names, its size. */
static const char *dtype_problem(const simt_module *m, uint32_t k)
{
    const simt_dtype *t = &m->dtypes[k];
    switch (t->kind) {
    case DT_SCALAR:
        if (t->vtype >= VT_COUNT || t->vtype == VT_VOID ||
            t->size != simt_vtype_size(t->vtype))
            return "is a bad scalar";
        return NULL;
    case DT_PTR: case DT_REF:
        return t->ref > k ? "points to a later type" : t->size != 8 ? "has a bad size" : NULL;
    case DT_ARRAY:
        if (!t->ref || t->ref > k)
            return "has an element type that is unknown or later";
        if ((uint64_t)t->count * m->dtypes[t->ref - 1].size != t->size)
            return "has a size that is not its elements'";
        return NULL;
    case DT_RECORD:
        if (t->ref >= m->nrecords)
            return "names no record";
        return t->size != m->records[t->ref].size ? "has a size that is not its record's" : NULL;
    default:
        return "has a bad kind";
    }
}

/* Arrays of arrays deeper than this are refused, which keeps the check of
 * a hostile file linear in its size (K's arrays have a few dimensions). */
#define DT_MAX_DIMS 32

/* The record a type holds by value, through arrays (UINT32_MAX: none;
 * UINT32_MAX - 1: too many dimensions). */
static uint32_t held_record(const simt_module *m, uint32_t k)
{
    for (int dims = 0; m->dtypes[k].kind == DT_ARRAY; dims++) {
        if (dims == DT_MAX_DIMS)
            return UINT32_MAX - 1;
        k = m->dtypes[k].ref - 1;
    }
    return m->dtypes[k].kind == DT_RECORD ? m->dtypes[k].ref : UINT32_MAX;
}

static const char *field_problem(const simt_module *m, uint32_t r, const simt_field *f)
{
    if (!f->name)
        return "has no name";
    if (f->dtype >= m->ndtypes)
        return "names no type";
    const simt_dtype *t = &m->dtypes[f->dtype];
    if ((uint64_t)f->offset + t->size > m->records[r].size)
        return "lies outside its record";
    if (f->bit_width && (t->kind != DT_SCALAR || !is_integer(t->vtype) ||
                         f->bit_offset + f->bit_width > 8 * t->size))
        return "is a bad bit-field";
    if (!f->bit_width && f->bit_offset)
        return "has a bit offset but no width";
    uint32_t held = held_record(m, f->dtype);
    if (held == UINT32_MAX - 1)
        return "nests arrays too deeply";
    if (held != UINT32_MAX && held >= r)
        return "holds a record that is not an earlier one";
    return NULL;
}

static const char *ref_problem(const simt_module *m, uint32_t dtype, int in_register)
{
    if (dtype > m->ndtypes)
        return "names no debug type";
    const simt_dtype *t = simt_dtype_of(m, dtype);
    if (in_register && t && t->kind != DT_SCALAR && t->kind != DT_PTR && t->kind != DT_REF)
        return "is a register of a type that is not a number or a pointer";
    return NULL;
}

static int fail(char *why, size_t len, const char *what, uint32_t k, const char *name,
                const char *problem)
{
    snprintf(why, len, "%s %" PRIu32 " ('%s') %s", what, k, name ? name : "?", problem);
    return -1;
}

int simt_dtypes_check(const simt_module *m, char *why, size_t len)
{
    if ((m->ndtypes && !m->dtypes) || (m->nrecords && !m->records))
        return fail(why, len, "debug table", 0, "types", "has entries but no storage");
    for (uint32_t k = 0; k < m->ndtypes; k++) {
        const char *p = dtype_problem(m, k);
        if (p)
            return fail(why, len, "debug type", k, "", p);
    }
    for (uint32_t r = 0; r < m->nrecords; r++) {
        const simt_record *rec = &m->records[r];
        if (!rec->name || (rec->nfields && !rec->fields))
            return fail(why, len, "record", r, rec->name, "is missing its name or fields");
        for (uint32_t f = 0; f < rec->nfields; f++) {
            const char *p = field_problem(m, r, &rec->fields[f]);
            if (p)
                return fail(why, len, "field", f, rec->fields[f].name, p);
        }
    }
    for (uint32_t k = 0; k < m->nvars; k++) {
        const char *p = ref_problem(m, m->vars[k].dtype, m->vars[k].kind == VAR_REG);
        if (p)
            return fail(why, len, "debug entry", k, m->vars[k].name, p);
    }
    for (uint32_t k = 0; k < m->nglobals; k++) {
        const char *p = ref_problem(m, m->globals[k].dtype, 0);
        if (p)
            return fail(why, len, "global", k, m->globals[k].name, p);
    }
    for (uint32_t k = 0; k < m->nshared_syms; k++) {
        const char *p = ref_problem(m, m->shared_syms[k].dtype, 0);
        if (p)
            return fail(why, len, "shared variable", k, m->shared_syms[k].name, p);
    }
    return 0;
}
