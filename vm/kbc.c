/* vm/kbc.c -- the .kbc bytecode file: writing and (hostile-input-safe) reading.
 *
 * Layout (all integers little-endian, fixed width):
 *
 *     "SIMTKBC\0"  u32 version  u32 reserved (0)
 *     then fourteen sections in this order, each as  u64 length, length bytes:
 *       code     u32 n, n x (u16 op, a, b, c; i32 i, j)
 *       pos      u32 n, n x (u32 line, col)
 *       sigs     u32 n, n x (u8 ret, nargs, nfixed; nargs x u8 arg; nargs x u8 ptr_elem)
 *       funcs    u32 n, n x (str name; u32 entry, end, nregs, nregs_model, local_size,
 *                            sig; u8 kind, recursive; u32 line; u8 has_names,
 *                            [sigs[sig].nargs x optstr])             (nregs_model: version 4)
 *       globals  u32 n, n x (str name; u8 space, elem; u32 align; u64 size; u32 line;
 *                            u32 dtype; u8 has_init, [size bytes])       (dtype: version 7)
 *       relocs   u32 n, n x (u32 global, offset, target; i64 addend)        (version 5)
 *       imports  u32 n, n x (str name; u32 sig)
 *       strings  u32 n, n x str
 *       module   u32 shared_static, i32 main_func
 *       source_name  optstr
 *       source       optstr
 *       shared_syms  u32 n, n x (str name; u32 offset, size, elem_size, line,
 *                                  elem, dtype)   (version 2; elem: 6; dtype: 7)
 *       vars     u32 n, n x (str name; u32 func; u8 kind, type, elem; u32 where, size,
 *                            pc_begin, pc_end, line, dtype)  (version 3; dtype: 7)
 *       types    u32 n, n x (u8 kind, vtype; u32 ref, count, size);
 *                u32 n, n x (str name; u8 is_union; u32 size; u32 nfields,
 *                            nfields x (str name; u32 offset, dtype;
 *                                       u8 bit_offset, bit_width))          (version 7)
 *   str = u32 length + bytes (no NUL); optstr = u8 present (0/1) + [str].
 *
 * sigs precede funcs because a function's parameter-name count is its
 * signature's nargs.  The reader checks every length against the bytes that
 * remain before allocating anything, so a truncated or hostile file costs at
 * most a bounded multiple of its own size, and ends with the verifier. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "vm/module.h"

#define KBC_HEADER_SIZE 16

/* Upper bound on signatures: a simt_sig is ~170 times larger in memory than
 * its smallest encoding, so their number is capped on its own. */
#define KBC_MAX_SIGS (1u << 18)

/* ================================================================ writing */

typedef struct kbuf {
    const simt_allocator *al;
    uint8_t *data;
    size_t len, cap;
    int oom;
} kbuf;

static void put_bytes(kbuf *b, const void *src, size_t n)
{
    if (b->oom)
        return;
    if (n > b->cap - b->len) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap - b->len < n) {
            if (cap > SIZE_MAX / 2) {
                b->oom = 1;
                return;
            }
            cap *= 2;
        }
        uint8_t *p = simt_realloc(b->al, b->data, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->data = p;
        b->cap = cap;
    }
    if (n)
        memcpy(b->data + b->len, src, n);
    b->len += n;
}

static void put_le(kbuf *b, uint64_t v, unsigned width)
{
    uint8_t bytes[8];
    for (unsigned k = 0; k < width; k++)
        bytes[k] = (uint8_t)(v >> (8 * k));
    put_bytes(b, bytes, width);
}

static void put_u8(kbuf *b, unsigned v) { put_le(b, v, 1); }
static void put_u16(kbuf *b, unsigned v) { put_le(b, v, 2); }
static void put_u32(kbuf *b, uint32_t v) { put_le(b, v, 4); }
static void put_u64(kbuf *b, uint64_t v) { put_le(b, v, 8); }

static void put_str(kbuf *b, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n > UINT32_MAX) {
        b->oom = 1;
        return;
    }
    put_u32(b, (uint32_t)n);
    put_bytes(b, s, n);
}

static void put_optstr(kbuf *b, const char *s)
{
    put_u8(b, s != NULL);
    if (s)
        put_str(b, s);
}

/* A section is its length followed by its bytes; the length is patched in
 * once the contents are known. */
static size_t section_begin(kbuf *b)
{
    size_t at = b->len;
    put_u64(b, 0);
    return at;
}

static void section_end(kbuf *b, size_t at)
{
    if (b->oom)
        return;
    uint64_t n = b->len - at - 8;
    for (unsigned k = 0; k < 8; k++)
        b->data[at + k] = (uint8_t)(n >> (8 * k));
}

static void write_code(kbuf *b, const simt_module *m)
{
    put_u32(b, m->ncode);
    for (uint32_t pc = 0; pc < m->ncode; pc++) {
        const simt_insn *in = &m->code[pc];
        put_u16(b, in->op);
        put_u16(b, in->a);
        put_u16(b, in->b);
        put_u16(b, in->c);
        put_u32(b, (uint32_t)in->i);
        put_u32(b, (uint32_t)in->j);
    }
}

static void write_pos(kbuf *b, const simt_module *m)
{
    uint32_t n = m->pos ? m->ncode : 0;
    put_u32(b, n);
    for (uint32_t pc = 0; pc < n; pc++) {
        put_u32(b, m->pos[pc].line);
        put_u32(b, m->pos[pc].col);
    }
}

static void write_sigs(kbuf *b, const simt_module *m)
{
    put_u32(b, m->nsigs);
    for (uint32_t k = 0; k < m->nsigs; k++) {
        const simt_sig *s = &m->sigs[k];
        put_u8(b, s->ret);
        put_u8(b, s->nargs);
        put_u8(b, s->nfixed);
        put_bytes(b, s->args, s->nargs);
        put_bytes(b, s->ptr_elem, s->nargs);
    }
}

static void write_funcs(kbuf *b, const simt_module *m)
{
    put_u32(b, m->nfuncs);
    for (uint32_t f = 0; f < m->nfuncs; f++) {
        const simt_func *fn = &m->funcs[f];
        put_str(b, fn->name);
        put_u32(b, fn->entry);
        put_u32(b, fn->end);
        put_u32(b, fn->nregs);
        put_u32(b, fn->nregs_model);
        put_u32(b, fn->local_size);
        put_u32(b, fn->sig);
        put_u8(b, fn->kind);
        put_u8(b, fn->recursive);
        put_u32(b, fn->line);
        /* Names are only meaningful with a valid signature to count them. */
        int names = fn->param_names && fn->sig < m->nsigs;
        put_u8(b, names);
        for (unsigned k = 0; names && k < m->sigs[fn->sig].nargs; k++)
            put_optstr(b, fn->param_names[k]);
    }
}

static void write_globals(kbuf *b, const simt_module *m)
{
    put_u32(b, m->nglobals);
    for (uint32_t g = 0; g < m->nglobals; g++) {
        const simt_global *gv = &m->globals[g];
        put_str(b, gv->name);
        put_u8(b, gv->space);
        put_u8(b, gv->elem);
        put_u32(b, gv->align);
        put_u64(b, gv->size);
        put_u32(b, gv->line);
        put_u32(b, gv->dtype);
        put_u8(b, gv->init != NULL);
        if (gv->init)
            put_bytes(b, gv->init, gv->size);
    }
}

static void write_relocs(kbuf *b, const simt_module *m)
{
    put_u32(b, m->nrelocs);
    for (uint32_t k = 0; k < m->nrelocs; k++) {
        put_u32(b, m->relocs[k].global);
        put_u32(b, m->relocs[k].offset);
        put_u32(b, m->relocs[k].target);
        put_u64(b, (uint64_t)m->relocs[k].addend);
    }
}

static void write_imports(kbuf *b, const simt_module *m)
{
    put_u32(b, m->nimports);
    for (uint32_t k = 0; k < m->nimports; k++) {
        put_str(b, m->imports[k].name);
        put_u32(b, m->imports[k].sig);
    }
}

static void write_strings(kbuf *b, const simt_module *m)
{
    put_u32(b, m->nstrings);
    for (uint32_t k = 0; k < m->nstrings; k++)
        put_str(b, m->strings[k]);
}

static void write_misc(kbuf *b, const simt_module *m)
{
    put_u32(b, m->shared_static);
    put_u32(b, (uint32_t)m->main_func);
}

static void write_source_name(kbuf *b, const simt_module *m) { put_optstr(b, m->source_name); }
static void write_source(kbuf *b, const simt_module *m) { put_optstr(b, m->source); }

static void write_shared_syms(kbuf *b, const simt_module *m)
{
    put_u32(b, m->nshared_syms);
    for (uint32_t k = 0; k < m->nshared_syms; k++) {
        const simt_symbol *s = &m->shared_syms[k];
        put_str(b, s->name);
        put_u32(b, s->offset);
        put_u32(b, s->size);
        put_u32(b, s->elem_size);
        put_u32(b, s->line);
        put_u32(b, s->elem);
        put_u32(b, s->dtype);
    }
}

static void write_vars(kbuf *b, const simt_module *m)
{
    put_u32(b, m->nvars);
    for (uint32_t k = 0; k < m->nvars; k++) {
        const simt_var *v = &m->vars[k];
        put_str(b, v->name);
        put_u32(b, v->func);
        put_u8(b, v->kind);
        put_u8(b, v->type);
        put_u8(b, v->elem);
        put_u32(b, v->where);
        put_u32(b, v->size);
        put_u32(b, v->pc_begin);
        put_u32(b, v->pc_end);
        put_u32(b, v->line);
        put_u32(b, v->dtype);
    }
}

static void write_types(kbuf *b, const simt_module *m)
{
    put_u32(b, m->ndtypes);
    for (uint32_t k = 0; k < m->ndtypes; k++) {
        const simt_dtype *t = &m->dtypes[k];
        put_u8(b, t->kind);
        put_u8(b, t->vtype);
        put_u32(b, t->ref);
        put_u32(b, t->count);
        put_u32(b, t->size);
    }
    put_u32(b, m->nrecords);
    for (uint32_t r = 0; r < m->nrecords; r++) {
        const simt_record *rec = &m->records[r];
        put_str(b, rec->name);
        put_u8(b, rec->is_union);
        put_u32(b, rec->size);
        put_u32(b, rec->nfields);
        for (uint32_t f = 0; f < rec->nfields; f++) {
            put_str(b, rec->fields[f].name);
            put_u32(b, rec->fields[f].offset);
            put_u32(b, rec->fields[f].dtype);
            put_u8(b, rec->fields[f].bit_offset);
            put_u8(b, rec->fields[f].bit_width);
        }
    }
}

/* ================================================================ reading */

typedef struct kreader {
    const simt_allocator *al; /* of the module being read */
    const uint8_t *p;
    size_t left;              /* bytes left in the current section */
    const char *section;
    char *err;
    size_t errlen;
    int failed;
    int oom;                  /* the failure is the host allocator's */
} kreader;

static void failf(kreader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void oomf(kreader *r);

static void failf(kreader *r, const char *fmt, ...)
{
    if (r->failed)
        return;
    r->failed = 1;
    if (!r->err || !r->errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, r->errlen, fmt, ap);
    va_end(ap);
}

/* A host allocation failed: the reader says so as data (simt_module_load's
 * *oom), not only in the message. */
static void oomf(kreader *r)
{
    failf(r, "out of memory reading section '%s'", r->section);
    r->oom = 1;
}

static int need(kreader *r, uint64_t n)
{
    if (r->failed)
        return 0;
    if (n > r->left) {
        failf(r, "truncated .kbc file: section '%s' needs %" PRIu64 " bytes, %zu left",
              r->section, n, r->left);
        return 0;
    }
    return 1;
}

static uint64_t get_le(kreader *r, unsigned width)
{
    if (!need(r, width))
        return 0;
    uint64_t v = 0;
    for (unsigned k = 0; k < width; k++)
        v |= (uint64_t)r->p[k] << (8 * k);
    r->p += width;
    r->left -= width;
    return v;
}

static uint8_t get_u8(kreader *r) { return (uint8_t)get_le(r, 1); }
static uint16_t get_u16(kreader *r) { return (uint16_t)get_le(r, 2); }
static uint32_t get_u32(kreader *r) { return (uint32_t)get_le(r, 4); }
static uint64_t get_u64(kreader *r) { return get_le(r, 8); }

static void get_bytes(kreader *r, void *dst, size_t n)
{
    if (!need(r, n))
        return;
    if (n)
        memcpy(dst, r->p, n);
    r->p += n;
    r->left -= n;
}

static char *get_str(kreader *r)
{
    uint32_t n = get_u32(r);
    if (!need(r, n))
        return NULL;
    char *s = simt_malloc(r->al, (size_t)n + 1);
    if (!s) {
        oomf(r);
        return NULL;
    }
    get_bytes(r, s, n);
    s[n] = '\0';
    return s;
}

static char *get_optstr(kreader *r)
{
    uint8_t present = get_u8(r);
    if (present > 1)
        failf(r, "corrupt .kbc file: section '%s' has a bad string marker", r->section);
    return present == 1 ? get_str(r) : NULL;
}

/* Reads an element count and checks that n elements of at least min_size
 * bytes fit in the section, so a hostile count cannot cause a huge
 * allocation.  Returns a zeroed array of n elements of elem_size, or NULL
 * (also for n == 0, with *count = 0 and no failure). */
static void *get_array(kreader *r, uint32_t *count, size_t min_size, size_t elem_size,
                       uint32_t cap)
{
    *count = 0;
    uint32_t n = get_u32(r);
    if (r->failed || n == 0)
        return NULL;
    if (n > cap || (uint64_t)n * min_size > r->left) {
        failf(r, "corrupt .kbc file: section '%s' claims %" PRIu32 " entries in %zu bytes",
              r->section, n, r->left);
        return NULL;
    }
    void *a = simt_calloc(r->al, n, elem_size);
    if (!a) {
        oomf(r);
        return NULL;
    }
    *count = n;
    return a;
}

static void read_code(kreader *r, simt_module *m)
{
    m->code = get_array(r, &m->ncode, 16, sizeof *m->code, UINT32_MAX);
    for (uint32_t pc = 0; pc < m->ncode && !r->failed; pc++) {
        simt_insn *in = &m->code[pc];
        in->op = get_u16(r);
        in->a = get_u16(r);
        in->b = get_u16(r);
        in->c = get_u16(r);
        in->i = (int32_t)get_u32(r);
        in->j = (int32_t)get_u32(r);
    }
}

static void read_pos(kreader *r, simt_module *m)
{
    uint32_t n;
    m->pos = get_array(r, &n, 8, sizeof *m->pos, UINT32_MAX);
    if (!r->failed && n != m->ncode) {
        failf(r, "corrupt .kbc file: %" PRIu32 " source positions for %" PRIu32
              " instructions", n, m->ncode);
        return;
    }
    for (uint32_t pc = 0; pc < n && !r->failed; pc++) {
        m->pos[pc].line = get_u32(r);
        m->pos[pc].col = get_u32(r);
    }
}

static void read_sigs(kreader *r, simt_module *m)
{
    m->sigs = get_array(r, &m->nsigs, 3, sizeof *m->sigs, KBC_MAX_SIGS);
    for (uint32_t k = 0; k < m->nsigs && !r->failed; k++) {
        simt_sig *s = &m->sigs[k];
        s->ret = get_u8(r);
        s->nargs = get_u8(r);
        s->nfixed = get_u8(r);
        get_bytes(r, s->args, s->nargs);
        get_bytes(r, s->ptr_elem, s->nargs);
    }
}

static void read_param_names(kreader *r, simt_module *m, simt_func *fn)
{
    uint8_t has = get_u8(r);
    if (r->failed || !has)
        return;
    unsigned n = m->sigs[fn->sig].nargs;
    if (has != 1 || !need(r, n)) { /* each name takes at least its marker byte */
        failf(r, "corrupt .kbc file: bad parameter names of function '%s'", fn->name);
        return;
    }
    if (n == 0)
        return;
    if (!(fn->param_names = simt_calloc(r->al, n, sizeof *fn->param_names))) {
        oomf(r);
        return;
    }
    for (unsigned k = 0; k < n && !r->failed; k++)
        fn->param_names[k] = get_optstr(r);
}

static void read_funcs(kreader *r, simt_module *m)
{
    /* name 4, six u32 24, two u8 2, line 4, names marker 1 */
    m->funcs = get_array(r, &m->nfuncs, 35, sizeof *m->funcs, UINT32_MAX);
    for (uint32_t f = 0; f < m->nfuncs && !r->failed; f++) {
        simt_func *fn = &m->funcs[f];
        fn->name = get_str(r);
        fn->entry = get_u32(r);
        fn->end = get_u32(r);
        fn->nregs = get_u32(r);
        fn->nregs_model = get_u32(r);
        fn->local_size = get_u32(r);
        uint32_t sig = get_u32(r);
        fn->kind = get_u8(r);
        fn->recursive = get_u8(r);
        fn->line = get_u32(r);
        if (r->failed)
            return;
        if (sig >= m->nsigs) {
            failf(r, "corrupt .kbc file: function '%s' has signature %" PRIu32 " of %" PRIu32,
                  fn->name, sig, m->nsigs);
            return;
        }
        fn->sig = sig;
        read_param_names(r, m, fn);
    }
}

static void read_globals(kreader *r, simt_module *m)
{
    /* name 4, space/elem 2, align 4, size 8, line 4, dtype 4, init marker 1 */
    m->globals = get_array(r, &m->nglobals, 27, sizeof *m->globals, UINT32_MAX);
    for (uint32_t g = 0; g < m->nglobals && !r->failed; g++) {
        simt_global *gv = &m->globals[g];
        gv->name = get_str(r);
        gv->space = get_u8(r);
        gv->elem = get_u8(r);
        gv->align = get_u32(r);
        gv->size = get_u64(r);
        gv->line = get_u32(r);
        gv->dtype = get_u32(r);
        uint8_t has_init = get_u8(r);
        if (r->failed || !has_init)
            continue;
        if (has_init != 1 || gv->size == 0) {
            failf(r, "corrupt .kbc file: bad initialiser of global '%s'", gv->name);
            return;
        }
        if (!need(r, gv->size))
            return;
        if (!(gv->init = simt_malloc(r->al, gv->size))) {
            oomf(r);
            return;
        }
        get_bytes(r, gv->init, gv->size);
    }
}

/* The verifier checks what the entries name (vm/verify.c). */
static void read_relocs(kreader *r, simt_module *m)
{
    m->relocs = get_array(r, &m->nrelocs, 20, sizeof *m->relocs, UINT32_MAX);
    for (uint32_t k = 0; k < m->nrelocs && !r->failed; k++) {
        m->relocs[k].global = get_u32(r);
        m->relocs[k].offset = get_u32(r);
        m->relocs[k].target = get_u32(r);
        m->relocs[k].addend = (int64_t)get_u64(r);
    }
}

static void read_imports(kreader *r, simt_module *m)
{
    m->imports = get_array(r, &m->nimports, 8, sizeof *m->imports, UINT32_MAX);
    for (uint32_t k = 0; k < m->nimports && !r->failed; k++) {
        m->imports[k].name = get_str(r);
        m->imports[k].sig = get_u32(r);
    }
}

static void read_strings(kreader *r, simt_module *m)
{
    m->strings = get_array(r, &m->nstrings, 4, sizeof *m->strings, UINT32_MAX);
    for (uint32_t k = 0; k < m->nstrings && !r->failed; k++)
        m->strings[k] = get_str(r);
}

static void read_misc(kreader *r, simt_module *m)
{
    m->shared_static = get_u32(r);
    m->main_func = (int32_t)get_u32(r);
}

static void read_source_name(kreader *r, simt_module *m) { m->source_name = get_optstr(r); }
static void read_source(kreader *r, simt_module *m) { m->source = get_optstr(r); }

static void read_shared_syms(kreader *r, simt_module *m)
{
    m->shared_syms = get_array(r, &m->nshared_syms, 28, sizeof *m->shared_syms, UINT32_MAX);
    for (uint32_t k = 0; k < m->nshared_syms && !r->failed; k++) {
        simt_symbol *s = &m->shared_syms[k];
        s->name = get_str(r);
        s->offset = get_u32(r);
        s->size = get_u32(r);
        s->elem_size = get_u32(r);
        s->line = get_u32(r);
        uint32_t elem = get_u32(r);
        if (elem >= VT_COUNT)
            failf(r, "shared variable %" PRIu32 " has element type %" PRIu32, k, elem);
        s->elem = (uint8_t)(elem < VT_COUNT ? elem : VT_VOID);
        s->dtype = get_u32(r);
    }
}

/* A debug entry must name a function, lie inside its code and its frame, so
 * that the debugger can read it without further checks. */
static const char *var_problem(const simt_module *m, const simt_var *v)
{
    if (v->func >= m->nfuncs)
        return "names no function";
    const simt_func *fn = &m->funcs[v->func];
    if (v->kind > VAR_LOCAL || v->type >= VT_COUNT || v->elem >= VT_COUNT)
        return "has a bad kind or type";
    if (v->pc_begin >= v->pc_end || v->pc_begin < fn->entry || v->pc_end > fn->end)
        return "has a pc range outside its function";
    if (v->kind == VAR_REG && v->where >= fn->nregs)
        return "names a register outside its frame";
    if (v->kind == VAR_LOCAL && ((uint64_t)v->where + v->size > fn->local_size))
        return "lies outside its frame's local memory";
    return NULL;
}

static void read_vars(kreader *r, simt_module *m)
{
    m->vars = get_array(r, &m->nvars, 35, sizeof *m->vars, UINT32_MAX);
    for (uint32_t k = 0; k < m->nvars && !r->failed; k++) {
        simt_var *v = &m->vars[k];
        v->name = get_str(r);
        v->func = get_u32(r);
        v->kind = get_u8(r);
        v->type = get_u8(r);
        v->elem = get_u8(r);
        v->where = get_u32(r);
        v->size = get_u32(r);
        v->pc_begin = get_u32(r);
        v->pc_end = get_u32(r);
        v->line = get_u32(r);
        v->dtype = get_u32(r);
        const char *why = r->failed ? NULL : var_problem(m, v);
        if (why)
            failf(r, "corrupt .kbc file: debug entry %" PRIu32 " ('%s') %s", k, v->name, why);
    }
}

/* The types and records; the verifier checks what they name (vm/dtypes.c). */
static void read_types(kreader *r, simt_module *m)
{
    m->dtypes = get_array(r, &m->ndtypes, 14, sizeof *m->dtypes, UINT32_MAX);
    for (uint32_t k = 0; k < m->ndtypes && !r->failed; k++) {
        simt_dtype *t = &m->dtypes[k];
        t->kind = get_u8(r);
        t->vtype = get_u8(r);
        t->ref = get_u32(r);
        t->count = get_u32(r);
        t->size = get_u32(r);
    }
    if (r->failed)
        return;
    /* name 4, is_union 1, size 4, nfields 4 */
    m->records = get_array(r, &m->nrecords, 13, sizeof *m->records, UINT32_MAX);
    for (uint32_t k = 0; k < m->nrecords && !r->failed; k++) {
        simt_record *rec = &m->records[k];
        rec->name = get_str(r);
        rec->is_union = get_u8(r);
        rec->size = get_u32(r);
        /* name 4, offset 4, dtype 4, bits 2 */
        rec->fields = get_array(r, &rec->nfields, 14, sizeof *rec->fields, UINT32_MAX);
        for (uint32_t f = 0; f < rec->nfields && !r->failed; f++) {
            simt_field *fd = &rec->fields[f];
            fd->name = get_str(r);
            fd->offset = get_u32(r);
            fd->dtype = get_u32(r);
            fd->bit_offset = get_u8(r);
            fd->bit_width = get_u8(r);
        }
    }
}

/* The sections in file order; the name appears in the reader's messages. */
typedef struct kbc_section {
    const char *name;
    void (*write)(kbuf *, const simt_module *);
    void (*read)(kreader *, simt_module *);
} kbc_section;

static const kbc_section kbc_sections[] = {
    { "code", write_code, read_code },
    { "pos", write_pos, read_pos },
    { "sigs", write_sigs, read_sigs },
    { "funcs", write_funcs, read_funcs },
    { "globals", write_globals, read_globals },
    { "relocs", write_relocs, read_relocs },
    { "imports", write_imports, read_imports },
    { "strings", write_strings, read_strings },
    { "module", write_misc, read_misc },
    { "source_name", write_source_name, read_source_name },
    { "source", write_source, read_source },
    { "shared_syms", write_shared_syms, read_shared_syms },
    { "vars", write_vars, read_vars },
    { "types", write_types, read_types },
};

int simt_module_write(const simt_module *m, FILE *out)
{
    if (!m || !out || (m->ncode && !m->code)) {
        errno = EINVAL;
        return -1;
    }
    kbuf b = { .al = &m->al };
    put_bytes(&b, SIMT_KBC_MAGIC, 8); /* the literal's NUL is the 8th byte */
    put_u32(&b, SIMT_KBC_VERSION);
    put_u32(&b, 0);
    for (size_t k = 0; k < sizeof kbc_sections / sizeof kbc_sections[0]; k++) {
        size_t at = section_begin(&b);
        kbc_sections[k].write(&b, m);
        section_end(&b, at);
    }
    if (b.oom) {
        simt_free(b.al, b.data);
        errno = ENOMEM;
        return -1;
    }
    size_t done = fwrite(b.data, 1, b.len, out);
    simt_free(b.al, b.data);
    if (done != b.len) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}

static int read_header(kreader *r)
{
    if (r->left < 8 || memcmp(r->p, SIMT_KBC_MAGIC, 8) != 0) {
        failf(r, "not a simtvm bytecode file");
        return -1;
    }
    r->section = "header";
    if (!need(r, KBC_HEADER_SIZE))
        return -1;
    r->p += 8;
    r->left -= 8;
    uint32_t version = get_u32(r);
    if (version != SIMT_KBC_VERSION) {
        failf(r, "bytecode version %" PRIu32 " is not supported (this simtvm reads version %d)",
              version, SIMT_KBC_VERSION);
        return -1;
    }
    (void)get_u32(r); /* reserved */
    return 0;
}

/* Reads every section: each one's parser sees only its own bytes and must
 * consume all of them. */
static void read_sections(kreader *r, simt_module *m)
{
    for (size_t k = 0; k < sizeof kbc_sections / sizeof kbc_sections[0] && !r->failed; k++) {
        r->section = kbc_sections[k].name;
        uint64_t len = get_u64(r);
        if (!need(r, len))
            return;
        kreader sub = *r;
        sub.left = (size_t)len;
        kbc_sections[k].read(&sub, m);
        if (sub.failed) {
            r->failed = 1;
            r->oom = sub.oom;
            return;
        }
        if (sub.left) {
            failf(r, "corrupt .kbc file: %zu unread bytes at the end of section '%s'", sub.left,
                  r->section);
            return;
        }
        r->p += len;
        r->left -= (size_t)len;
    }
    if (!r->failed && r->left)
        failf(r, "corrupt .kbc file: %zu bytes after the last section", r->left);
}

simt_module *simt_module_load(const simt_allocator *al, const uint8_t *data, size_t len,
                              char *err, size_t errlen, int *oom)
{
    kreader r = { .al = al, .p = data, .left = data ? len : 0, .section = "header",
                  .err = err, .errlen = errlen };
    if (err && errlen)
        err[0] = '\0';
    if (oom)
        *oom = 0;
    simt_module *m = read_header(&r) < 0 ? NULL : simt_module_new(al);
    if (!m && !r.failed) {
        failf(&r, "out of memory reading a .kbc file");
        r.oom = 1;
    }
    if (m)
        read_sections(&r, m);
    int bad = m ? (r.failed ? -1 : simt_module_verify(m, err, errlen)) : 0;
    if (bad == -2)
        r.oom = 1;
    if (bad < 0) {
        simt_module_free(m);
        m = NULL;
    }
    if (oom)
        *oom = r.oom;
    return m;
}

simt_module *simt_module_read(const simt_allocator *al, const uint8_t *data, size_t len,
                              char *err, size_t errlen)
{
    return simt_module_load(al, data, len, err, errlen, NULL);
}
