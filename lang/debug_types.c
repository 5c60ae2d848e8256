/* lang/debug_types.c -- the module's debug types (vm/module.h simt_dtype,
 * simt_record): the K type of every variable in the debug tables, and the
 * layout of each record one reaches (name, fields, offsets, bit-fields),
 * so that `simtvm debug` prints s.x, p->y, a[i].f and whole records.
 *
 * Types are shared: one entry per distinct type, found by a linear search
 * (programs have a few dozen).  A record's by-value members are entered
 * before the record itself, and a pointer or array after what it names, the
 * order vm/dtypes.c requires so that no walk over the types can loop. */
#include <stdio.h>
#include <string.h>

#include "lower.h"
#include "types.h"

static int grow_to(lw_mod *M, const simt_allocator *al, void **p, uint32_t *cap, uint32_t need,
                   size_t elem)
{
    if (need <= *cap)
        return 1;
    uint32_t nc = *cap ? *cap * 2 : 8;
    while (nc < need)
        nc *= 2;
    void *np = simt_realloc(al, *p, (size_t)nc * elem);
    if (!np) {
        M->oom = 1;
        return 0;
    }
    memset((char *)np + (size_t)*cap * elem, 0, (size_t)(nc - *cap) * elem);
    *p = np;
    *cap = nc;
    return 1;
}

/* 1 + the index of an entry equal to t, appended if there is none; 0 when
 * memory runs out. */
static uint32_t intern(lw_mod *M, simt_dtype t)
{
    simt_module *m = M->m;
    for (uint32_t k = 0; k < m->ndtypes; k++) {
        const simt_dtype *e = &m->dtypes[k];
        if (e->kind == t.kind && e->vtype == t.vtype && e->ref == t.ref && e->count == t.count &&
            e->size == t.size)
            return k + 1;
    }
    if (!grow_to(M, &M->ctx->mal, (void **)&m->dtypes, &M->dtype_cap, m->ndtypes + 1,
                 sizeof *m->dtypes))
        return 0;
    m->dtypes[m->ndtypes++] = t;
    return m->ndtypes;
}

static uint32_t find_record(const lw_mod *M, const k_record *r)
{
    for (uint32_t k = 0; k < M->m->nrecords; k++)
        if (M->drec_keys[k] == r)
            return k;
    return UINT32_MAX;
}

/* The record an object of type t holds by value, through arrays, or NULL. */
static const k_record *held(const k_type *t)
{
    while (t && t->kind == TY_ARRAY)
        t = t->base;
    return t && t->kind == TY_RECORD && t->rec && t->rec->layout_state == 2 ? t->rec : NULL;
}

static uint32_t record_index(lw_mod *M, const k_record *r);

/* The fields of r worth showing: named members, and unnamed ones that are
 * records (a base class, an anonymous struct or union) whose members are
 * found through them; padding bit-fields are left out. */
static void fill_fields(lw_mod *M, uint32_t idx, const k_record *r)
{
    simt_field *fs = simt_calloc(&M->ctx->mal, (size_t)r->nfields + 1, sizeof *fs);
    if (!fs) {
        M->oom = 1;
        return;
    }
    /* The record owns fs at once, and each field as it is filled, so that
     * k_compile's free of the module takes them if memory runs out part-way
     * (lang/diag.c jumps back to it); indexed anew, since the calls below
     * may move the records. */
    M->m->records[idx].fields = fs;
    uint32_t n = 0;
    for (int k = 0; k < r->nfields; k++) {
        const k_field *f = &r->fields[k];
        if (!f->name && (f->bit_width || !k_ty_is_record(f->type)))
            continue;
        uint32_t dt = lw_dtype(M, f->type);
        if (!dt)
            continue; /* a type the debugger cannot show (a closure, dim3) */
        fs[n] = (simt_field){ .offset = f->offset, .dtype = dt - 1,
                              .bit_offset = (uint8_t)f->bit_offset,
                              .bit_width = (uint8_t)f->bit_width };
        M->m->records[idx].nfields = n + 1;
        fs[n].name = simt_strdup(&M->ctx->mal, f->name ? f->name : "");
        if (!fs[n].name)
            M->oom = 1;
        n++;
    }
    M->m->records[idx].nfields = n;
}

/* The index of r in the module's records, entered (with its fields) on
 * first use; UINT32_MAX when memory runs out. */
static uint32_t record_index(lw_mod *M, const k_record *r)
{
    uint32_t idx = find_record(M, r);
    if (idx != UINT32_MAX)
        return idx;
    for (int k = 0; k < r->nfields; k++) { /* by-value members first: smaller indexes */
        const k_record *in = held(r->fields[k].type);
        if (in && in != r)
            record_index(M, in);
    }
    if ((idx = find_record(M, r)) != UINT32_MAX) /* entered through a member's pointer */
        return idx;
    simt_module *m = M->m;
    uint32_t cap = M->record_cap;
    /* the records are the module's; the keys are the compile's own, which
     * k_compile frees too when memory runs out part-way (lang/diag.c) */
    if (!grow_to(M, &M->ctx->mal, (void **)&m->records, &M->record_cap, m->nrecords + 1,
                 sizeof *m->records) ||
        !grow_to(M, &M->ctx->tal, (void **)&M->drec_keys, &cap, m->nrecords + 1,
                 sizeof *M->drec_keys))
        return UINT32_MAX;
    idx = m->nrecords++;
    M->drec_keys[idx] = r;
    char name[256];
    snprintf(name, sizeof name, "%s%s", !r->tag ? "" : r->is_union ? "union " : "struct ",
             k_record_name(r));
    m->records[idx] = (simt_record){ .name = simt_strdup(&M->ctx->mal, name),
                                     .is_union = (uint8_t)(r->is_union != 0),
                                     .size = r->size > 0 ? (uint32_t)r->size : 0 };
    if (!m->records[idx].name)
        M->oom = 1;
    fill_fields(M, idx, r);
    return idx;
}

uint32_t lw_dtype(lw_mod *M, const k_type *t)
{
    if (!t || M->oom)
        return 0;
    switch (t->kind) {
    case TY_PTR: case TY_REF:
        return intern(M, (simt_dtype){ .kind = t->kind == TY_PTR ? DT_PTR : DT_REF,
                                       .ref = lw_dtype(M, t->base), .size = 8 });
    case TY_ARRAY: {
        uint32_t e = lw_dtype(M, t->base);
        uint64_t count = t->length > 0 ? (uint64_t)t->length : 0;
        if (!e || count * M->m->dtypes[e - 1].size > UINT32_MAX)
            return 0;
        return intern(M, (simt_dtype){ .kind = DT_ARRAY, .ref = e, .count = (uint32_t)count,
                                       .size = (uint32_t)count * M->m->dtypes[e - 1].size });
    }
    case TY_RECORD: {
        if (!t->rec || t->rec->layout_state != 2)
            return 0;
        uint32_t r = record_index(M, t->rec);
        if (r == UINT32_MAX)
            return 0;
        return intern(M, (simt_dtype){ .kind = DT_RECORD, .ref = r,
                                       .size = M->m->records[r].size });
    }
    default: {
        simt_vtype vt = k_ty_vtype(t);
        if (vt == VT_VOID || vt == VT_PTR || k_ty_is_record(t) || t->kind == TY_CLOSURE)
            return 0;
        return intern(M, (simt_dtype){ .kind = DT_SCALAR, .vtype = (uint8_t)vt,
                                       .size = (uint32_t)simt_vtype_size(vt) });
    }
    }
}
