/* tests/unit/test_kbc.c -- the bytecode container: .kbc round trips, the
 * verifier's rejections, hostile images (every truncation, seeded byte
 * mutations) and the disassembler's listing.  Speaks TAP through Check. */
#include <check.h>

#include "tests/unit/check_tap.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/module.h"

/* ---------------------------------------------------------------- fixtures */

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    ck_assert_ptr_nonnull(d);
    return memcpy(d, s, n);
}

static simt_insn I(unsigned op, unsigned a, unsigned b, unsigned c, int32_t i, int32_t j)
{
    return (simt_insn){ (uint16_t)op, (uint16_t)a, (uint16_t)b, (uint16_t)c, i, j };
}

static simt_insn LDK(unsigned a, uint64_t k)
{
    return I(OP_LDK, a, 0, 0, (int32_t)(uint32_t)k, (int32_t)(uint32_t)(k >> 32));
}

enum { SIG_KERNEL, SIG_MAIN, SIG_PRINTF, SIG_COS, SIG_HELPER, NSIGS };
enum { FN_SCALE, FN_MAIN, FN_HELPER, NFUNCS };

static void add_sig(simt_module *m, unsigned k, unsigned ret, unsigned nfixed, unsigned nargs,
                    const uint8_t *args, const uint8_t *elems)
{
    simt_sig *s = &m->sigs[k];
    s->ret = (uint8_t)ret;
    s->nargs = (uint8_t)nargs;
    s->nfixed = (uint8_t)nfixed;
    if (nargs)
        memcpy(s->args, args, nargs);
    if (elems)
        memcpy(s->ptr_elem, elems, nargs);
}

static void add_func(simt_module *m, unsigned f, const char *name, unsigned kind, uint32_t entry,
                     uint32_t end, uint32_t nregs, uint32_t sig, const char *const *params)
{
    simt_func *fn = &m->funcs[f];
    fn->name = dup_str(name);
    fn->kind = (uint8_t)kind;
    fn->entry = entry;
    fn->end = end;
    fn->nregs = nregs;
    fn->sig = sig;
    fn->line = 10 * (f + 1);
    unsigned n = m->sigs[sig].nargs;
    if (n) {
        fn->param_names = calloc(n, sizeof *fn->param_names);
        for (unsigned k = 0; k < n; k++)
            fn->param_names[k] = dup_str(params[k]);
    }
}

static void add_code(simt_module *m)
{
    const simt_insn code[] = {
        /* scale(data, n): kernel, pcs 0..8 */
        I(OP_SREG, 5, 0, 0, SREG_TID_X, 0),
        I(OP_LT_S32, 6, 5, 4, 0, 0),
        I(OP_BRZ, 6, 0, 0, 7, 7),
        I(OP_LD32, 7, 3, 0, 0, 0),
        I(OP_ADD_F32, 7, 7, 7, 0, 0),
        I(OP_ST32, 7, 3, 0, 4, 0),
        I(OP_ATOM, 8, 3, 7, ATOM_ADD << 8 | ATYPE_F32, 0),
        I(OP_JOIN, 0, 0, 0, 0, 0),
        I(OP_RETV, 0, 0, 0, 0, 0),
        /* main(): host, pcs 9..17 */
        LDK(3, UINT64_C(0x3ff0000000000000)),
        I(OP_GADDR, 4, 0, 0, 0, 0),
        I(OP_HCALL, 5, 4, 0, 2, SIG_PRINTF), /* c patched below: 2 args */
        I(OP_NCALL, 6, 3, 1, 0, SIG_COS),
        I(OP_INTR, 7, 3, 1, INTR_SQRT, 0),
        I(OP_LAUNCH, 8, 8, 5, FN_SCALE, SIG_KERNEL), /* host code: a = b */
        I(OP_CALL, 13, 0, 0, FN_HELPER, 0),
        I(OP_SHFL, 14, 3, 15, SHFL_DOWN, 0),
        I(OP_RET, 5, 0, 0, 0, 0),
        /* helper(): device, pcs 18..19 */
        I(OP_BRNZ, 3, 0, 0, 19, -1),
        I(OP_TRAP, 0, 0, 0, 0, 0),
    };
    m->ncode = sizeof code / sizeof code[0];
    m->code = malloc(sizeof code);
    memcpy(m->code, code, sizeof code);
    m->code[11].c = 2;
    m->code[11].i = 0; /* BI 0 is printf */
    m->pos = calloc(m->ncode, sizeof *m->pos);
    for (uint32_t pc = 0; pc < m->ncode; pc++)
        m->pos[pc] = (simt_srcpos){ 1 + pc / 3, 1 + pc % 5 };
}

/* The debug types of the sample: struct P { int x; float y; unsigned
 * bits : 5 (at bit 3); int arr[4]; P *next; } and what its variables are. */
enum { DT_F32, DT_I32, DT_U32, DT_P, DT_PP, DT_ARR, DT_PF32, DT_TABLE, NDT };

static void add_types(simt_module *m)
{
    m->ndtypes = NDT;
    m->dtypes = calloc(NDT, sizeof *m->dtypes);
    m->dtypes[DT_F32] = (simt_dtype){ DT_SCALAR, VT_F32, 0, 0, 4 };
    m->dtypes[DT_I32] = (simt_dtype){ DT_SCALAR, VT_I32, 0, 0, 4 };
    m->dtypes[DT_U32] = (simt_dtype){ DT_SCALAR, VT_U32, 0, 0, 4 };
    m->dtypes[DT_P] = (simt_dtype){ DT_RECORD, 0, 0, 0, 40 };
    m->dtypes[DT_PP] = (simt_dtype){ DT_PTR, 0, DT_P + 1, 0, 8 };
    m->dtypes[DT_ARR] = (simt_dtype){ DT_ARRAY, 0, DT_I32 + 1, 4, 16 };
    m->dtypes[DT_PF32] = (simt_dtype){ DT_PTR, 0, DT_F32 + 1, 0, 8 };
    m->dtypes[DT_TABLE] = (simt_dtype){ DT_ARRAY, 0, DT_F32 + 1, 1024, 4096 };
    m->nrecords = 1;
    m->records = calloc(1, sizeof *m->records);
    simt_record *r = &m->records[0];
    *r = (simt_record){ dup_str("struct P"), 0, 40, calloc(5, sizeof *r->fields), 5 };
    r->fields[0] = (simt_field){ dup_str("x"), 0, DT_I32, 0, 0 };
    r->fields[1] = (simt_field){ dup_str("y"), 4, DT_F32, 0, 0 };
    r->fields[2] = (simt_field){ dup_str("bits"), 8, DT_U32, 3, 5 };
    r->fields[3] = (simt_field){ dup_str("arr"), 12, DT_ARR, 0, 0 };
    r->fields[4] = (simt_field){ dup_str("next"), 32, DT_PP, 0, 0 };
}

/* A small valid module touching every table. */
static simt_module *sample(void)
{
    simt_module *m = simt_module_new(NULL);
    ck_assert_ptr_nonnull(m);
    m->source_name = dup_str("sample.k");
    m->source = dup_str("int x;\n__global__ void scale(float *data, int n)\n{\n"
                        "  data[0] += 1;\n}\nint main() {\n  return 0;\n}\n");
    m->nsigs = NSIGS;
    m->sigs = calloc(NSIGS, sizeof *m->sigs);
    add_sig(m, SIG_KERNEL, VT_VOID, 2, 2, (const uint8_t[]){ VT_PTR, VT_I32 },
            (const uint8_t[]){ VT_F32, VT_VOID });
    add_sig(m, SIG_MAIN, VT_I32, 0, 0, NULL, NULL);
    add_sig(m, SIG_PRINTF, VT_I32, 1, 2, (const uint8_t[]){ VT_STR, VT_F64 }, NULL);
    add_sig(m, SIG_COS, VT_F64, 1, 1, (const uint8_t[]){ VT_F64 }, NULL);
    add_sig(m, SIG_HELPER, VT_VOID, 1, 1, (const uint8_t[]){ VT_I32 }, NULL);
    add_code(m);
    m->nfuncs = NFUNCS;
    m->funcs = calloc(NFUNCS, sizeof *m->funcs);
    add_func(m, FN_SCALE, "scale", FN_KERNEL, 0, 9, 9, SIG_KERNEL,
             (const char *const[]){ "data", "n" });
    add_func(m, FN_MAIN, "main", FN_HOST, 9, 18, 18, SIG_MAIN, NULL);
    add_func(m, FN_HELPER, "helper", FN_DEVICE | FN_HOST, 18, 20, 4, SIG_HELPER,
             (const char *const[]){ "flag" });
    m->funcs[FN_SCALE].local_size = 16;
    m->funcs[FN_HELPER].recursive = 1;
    m->main_func = FN_MAIN;

    m->nglobals = 2;
    m->globals = calloc(2, sizeof *m->globals);
    m->globals[0] = (simt_global){ dup_str(".str0"), SPACE_CONST, VT_I8, 1, 8, NULL, 3, 0 };
    m->globals[0].init = malloc(8);
    memcpy(m->globals[0].init, "hi %f\n\0", 8);
    m->globals[1] = (simt_global){ dup_str("table"), SPACE_GLOBAL, VT_F32, 16, 4096, NULL, 1,
                                   DT_TABLE + 1 };
    /* table's bytes 8..15 point at the string's third byte */
    m->nrelocs = 1;
    m->relocs = calloc(1, sizeof *m->relocs);
    m->relocs[0] = (simt_reloc){ 1, 8, 0, 2 };
    m->nimports = 1;
    m->imports = calloc(1, sizeof *m->imports);
    m->imports[0] = (simt_import){ dup_str("cos"), SIG_COS };
    m->nstrings = 1;
    m->strings = calloc(1, sizeof *m->strings);
    m->strings[0] = dup_str("missing return in \"helper\"");
    m->shared_static = 32;
    /* a static __shared__ array and an extern one (at shared_static) */
    m->nshared_syms = 2;
    m->shared_syms = calloc(2, sizeof *m->shared_syms);
    m->shared_syms[0] = (simt_symbol){ dup_str("tile"), 0, 32, 4, 3, VT_F32, DT_F32 + 1 };
    m->shared_syms[1] = (simt_symbol){ dup_str("dyn"), UINT32_MAX, 0, 8, 4, VT_F64, 0 };
    m->nvars = 2;
    m->vars = calloc(2, sizeof *m->vars);
    m->vars[0] = (simt_var){ dup_str("data"), FN_SCALE, VAR_REG, VT_PTR, VT_F32, 3, 8, 0, 9, 2,
                             DT_PF32 + 1 };
    m->vars[1] = (simt_var){ dup_str("tmp"), FN_SCALE, VAR_LOCAL, VT_F32, VT_VOID, 4, 4, 3, 7, 4,
                             DT_F32 + 1 };
    add_types(m);
    return m;
}

/* Serialises m into a malloc'd buffer. */
static uint8_t *image_of(const simt_module *m, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(simt_module_write(m, f), 0);
    ck_assert_int_eq(fclose(f), 0);
    return (uint8_t *)buf;
}

static void assert_verify_fails(const simt_module *m, const char *needle)
{
    char err[256];
    ck_assert_int_eq(simt_module_verify(m, err, sizeof err), -1);
    ck_assert_msg(strstr(err, needle) != NULL, "verify said \"%s\", expected \"%s\"", err,
                  needle);
}

/* --------------------------------------------------------------- round trip */

static void assert_same_str(const char *a, const char *b)
{
    if (!a || !b)
        ck_assert_ptr_eq(a, b);
    else
        ck_assert_str_eq(a, b);
}

static void assert_same_funcs(const simt_module *a, const simt_module *b)
{
    ck_assert_uint_eq(a->nfuncs, b->nfuncs);
    for (uint32_t f = 0; f < a->nfuncs; f++) {
        const simt_func *x = &a->funcs[f], *y = &b->funcs[f];
        ck_assert_str_eq(x->name, y->name);
        ck_assert_uint_eq(x->entry, y->entry);
        ck_assert_uint_eq(x->end, y->end);
        ck_assert_uint_eq(x->nregs, y->nregs);
    ck_assert_uint_eq(x->nregs_model, y->nregs_model);
        ck_assert_uint_eq(x->local_size, y->local_size);
        ck_assert_uint_eq(x->sig, y->sig);
        ck_assert_uint_eq(x->kind, y->kind);
        ck_assert_uint_eq(x->recursive, y->recursive);
        ck_assert_uint_eq(x->line, y->line);
        ck_assert_int_eq(x->param_names != NULL, y->param_names != NULL);
        for (unsigned k = 0; x->param_names && k < a->sigs[x->sig].nargs; k++)
            assert_same_str(x->param_names[k], y->param_names[k]);
    }
}

static void assert_same_types(const simt_module *a, const simt_module *b)
{
    ck_assert_uint_eq(a->ndtypes, b->ndtypes);
    for (uint32_t k = 0; k < a->ndtypes; k++) {
        const simt_dtype *x = &a->dtypes[k], *y = &b->dtypes[k];
        ck_assert_uint_eq(x->kind, y->kind);
        ck_assert_uint_eq(x->vtype, y->vtype);
        ck_assert_uint_eq(x->ref, y->ref);
        ck_assert_uint_eq(x->count, y->count);
        ck_assert_uint_eq(x->size, y->size);
    }
    ck_assert_uint_eq(a->nrecords, b->nrecords);
    for (uint32_t r = 0; r < a->nrecords; r++) {
        const simt_record *x = &a->records[r], *y = &b->records[r];
        ck_assert_str_eq(x->name, y->name);
        ck_assert_uint_eq(x->is_union, y->is_union);
        ck_assert_uint_eq(x->size, y->size);
        ck_assert_uint_eq(x->nfields, y->nfields);
        for (uint32_t f = 0; f < x->nfields; f++) {
            ck_assert_str_eq(x->fields[f].name, y->fields[f].name);
            ck_assert_uint_eq(x->fields[f].offset, y->fields[f].offset);
            ck_assert_uint_eq(x->fields[f].dtype, y->fields[f].dtype);
            ck_assert_uint_eq(x->fields[f].bit_offset, y->fields[f].bit_offset);
            ck_assert_uint_eq(x->fields[f].bit_width, y->fields[f].bit_width);
        }
    }
}

static void assert_same_module(const simt_module *a, const simt_module *b)
{
    assert_same_str(a->source_name, b->source_name);
    assert_same_str(a->source, b->source);
    ck_assert_uint_eq(a->ncode, b->ncode);
    if (a->ncode) {
        ck_assert_int_eq(memcmp(a->code, b->code, a->ncode * sizeof *a->code), 0);
        ck_assert_int_eq(memcmp(a->pos, b->pos, a->ncode * sizeof *a->pos), 0);
    }
    ck_assert_uint_eq(a->nsigs, b->nsigs);
    for (uint32_t k = 0; k < a->nsigs; k++) {
        ck_assert_uint_eq(a->sigs[k].ret, b->sigs[k].ret);
        ck_assert_uint_eq(a->sigs[k].nargs, b->sigs[k].nargs);
        ck_assert_uint_eq(a->sigs[k].nfixed, b->sigs[k].nfixed);
        ck_assert_int_eq(memcmp(a->sigs[k].args, b->sigs[k].args, a->sigs[k].nargs), 0);
        ck_assert_int_eq(memcmp(a->sigs[k].ptr_elem, b->sigs[k].ptr_elem, a->sigs[k].nargs),
                         0);
    }
    assert_same_funcs(a, b);
    ck_assert_uint_eq(a->nglobals, b->nglobals);
    for (uint32_t g = 0; g < a->nglobals; g++) {
        const simt_global *x = &a->globals[g], *y = &b->globals[g];
        ck_assert_str_eq(x->name, y->name);
        ck_assert_uint_eq(x->space, y->space);
        ck_assert_uint_eq(x->elem, y->elem);
        ck_assert_uint_eq(x->align, y->align);
        ck_assert_uint_eq(x->size, y->size);
        ck_assert_uint_eq(x->line, y->line);
        ck_assert_int_eq(x->init != NULL, y->init != NULL);
        if (x->init)
            ck_assert_int_eq(memcmp(x->init, y->init, x->size), 0);
    }
    ck_assert_uint_eq(a->nrelocs, b->nrelocs);
    for (uint32_t k = 0; k < a->nrelocs; k++) {
        ck_assert_uint_eq(a->relocs[k].global, b->relocs[k].global);
        ck_assert_uint_eq(a->relocs[k].offset, b->relocs[k].offset);
        ck_assert_uint_eq(a->relocs[k].target, b->relocs[k].target);
        ck_assert_int_eq(a->relocs[k].addend, b->relocs[k].addend);
    }
    ck_assert_uint_eq(a->nimports, b->nimports);
    for (uint32_t k = 0; k < a->nimports; k++) {
        ck_assert_str_eq(a->imports[k].name, b->imports[k].name);
        ck_assert_uint_eq(a->imports[k].sig, b->imports[k].sig);
    }
    ck_assert_uint_eq(a->nstrings, b->nstrings);
    for (uint32_t k = 0; k < a->nstrings; k++)
        ck_assert_str_eq(a->strings[k], b->strings[k]);
    ck_assert_uint_eq(a->shared_static, b->shared_static);
    ck_assert_uint_eq(a->nshared_syms, b->nshared_syms);
    for (uint32_t k = 0; k < a->nshared_syms; k++) {
        const simt_symbol *x = &a->shared_syms[k], *y = &b->shared_syms[k];
        ck_assert_str_eq(x->name, y->name);
        ck_assert_uint_eq(x->offset, y->offset);
        ck_assert_uint_eq(x->size, y->size);
        ck_assert_uint_eq(x->elem_size, y->elem_size);
        ck_assert_uint_eq(x->line, y->line);
        ck_assert_uint_eq(x->elem, y->elem);
        ck_assert_uint_eq(x->dtype, y->dtype);
    }
    ck_assert_int_eq(a->main_func, b->main_func);
    ck_assert_uint_eq(a->nvars, b->nvars);
    for (uint32_t k = 0; k < a->nvars; k++) {
        const simt_var *x = &a->vars[k], *y = &b->vars[k];
        ck_assert_str_eq(x->name, y->name);
        ck_assert_uint_eq(x->func, y->func);
        ck_assert_uint_eq(x->kind, y->kind);
        ck_assert_uint_eq(x->type, y->type);
        ck_assert_uint_eq(x->elem, y->elem);
        ck_assert_uint_eq(x->where, y->where);
        ck_assert_uint_eq(x->size, y->size);
        ck_assert_uint_eq(x->pc_begin, y->pc_begin);
        ck_assert_uint_eq(x->pc_end, y->pc_end);
        ck_assert_uint_eq(x->line, y->line);
        ck_assert_uint_eq(x->dtype, y->dtype);
    }
    for (uint32_t g = 0; g < a->nglobals; g++)
        ck_assert_uint_eq(a->globals[g].dtype, b->globals[g].dtype);
    assert_same_types(a, b);
}

START_TEST(test_new_free)
{
    simt_module *m = simt_module_new(NULL);
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(m->main_func, -1);
    ck_assert_uint_eq(m->ncode, 0);
    simt_module_free(m);
    simt_module_free(NULL);
    ck_assert_str_eq(simt_op_name(OP_ADD_I32), "ADD_I32");
    ck_assert_str_eq(simt_op_name(OP_COUNT), "?op");
    ck_assert_str_eq(simt_vtype_name(VT_F64), "f64");
    ck_assert_uint_eq(simt_vtype_size(VT_PTR), 8);
    ck_assert_uint_eq(simt_vtype_size(VT_U16), 2);
    ck_assert_str_eq(simt_intrinsic_name(INTR_FMAF), "FMAF");
    ck_assert_int_eq(simt_intrinsic_nargs(INTR_FMAF), 3);
    ck_assert_int_eq(simt_intrinsic_nargs(INTR_COUNT), -1);
    ck_assert_int_eq(simt_opinfo_table[OP_SHFL].format, FMT_ABC);
    ck_assert_uint_eq(simt_opinfo_table[OP_SHFL].uses, WA | RB | RC3);
}
END_TEST

START_TEST(test_roundtrip)
{
    simt_module *m = sample();
    char err[256];
    ck_assert_msg(simt_module_verify(m, err, sizeof err) == 0, "%s", err);
    size_t len;
    uint8_t *img = image_of(m, &len);
    ck_assert_int_eq(memcmp(img, "SIMTKBC\0", 8), 0);
    simt_module *back = simt_module_read(NULL, img, len, err, sizeof err);
    ck_assert_msg(back != NULL, "%s", err);
    assert_same_module(m, back);

    /* The image is canonical: writing the copy gives the same bytes. */
    size_t len2;
    uint8_t *img2 = image_of(back, &len2);
    ck_assert_uint_eq(len, len2);
    ck_assert_int_eq(memcmp(img, img2, len), 0);
    free(img2);
    free(img);
    simt_module_free(back);
    simt_module_free(m);
}
END_TEST

START_TEST(test_roundtrip_empty)
{
    simt_module *m = simt_module_new(NULL);
    size_t len;
    uint8_t *img = image_of(m, &len);
    char err[256];
    simt_module *back = simt_module_read(NULL, img, len, err, sizeof err);
    ck_assert_msg(back != NULL, "%s", err);
    assert_same_module(m, back);
    free(img);
    simt_module_free(back);
    simt_module_free(m);
}
END_TEST

START_TEST(test_header_errors)
{
    simt_module *m = sample();
    size_t len;
    uint8_t *img = image_of(m, &len);
    char err[256];

    ck_assert_ptr_null(
        simt_module_read(NULL, (const uint8_t *)"#include <x>", 12, err, sizeof err));
    ck_assert_str_eq(err, "not a simtvm bytecode file");
    ck_assert_ptr_null(simt_module_read(NULL, NULL, 0, err, sizeof err));
    ck_assert_str_eq(err, "not a simtvm bytecode file");

    img[8] = 6; /* before the debug types of version 7 */
    ck_assert_ptr_null(simt_module_read(NULL, img, len, err, sizeof err));
    ck_assert_str_eq(err, "bytecode version 6 is not supported (this simtvm reads version 7)");
    img[8] = 8;
    ck_assert_ptr_null(simt_module_read(NULL, img, len, err, sizeof err));
    ck_assert_str_eq(err, "bytecode version 8 is not supported (this simtvm reads version 7)");
    img[8] = SIMT_KBC_VERSION;

    /* The code section's length names the section and both counts. */
    ck_assert_ptr_null(simt_module_read(NULL, img, 16 + 8 + 12, err, sizeof err));
    ck_assert_msg(strstr(err, "truncated .kbc file: section 'code' needs") == err, "%s", err);
    ck_assert_msg(strstr(err, "12 left") != NULL, "%s", err);

    /* Trailing garbage is rejected too. */
    uint8_t *longer = malloc(len + 1);
    memcpy(longer, img, len);
    longer[len] = 0;
    ck_assert_ptr_null(simt_module_read(NULL, longer, len + 1, err, sizeof err));
    ck_assert_msg(strstr(err, "after the last section") != NULL, "%s", err);
    free(longer);
    free(img);
    simt_module_free(m);
}
END_TEST

/* ----------------------------------------------------------------- verifier */

START_TEST(test_verify_bad_opcode)
{
    simt_module *m = sample();
    m->code[3].op = OP_COUNT;
    assert_verify_fails(m, "verify: function 'scale' pc 3: bad opcode");
    simt_module_free(m);
}
END_TEST

START_TEST(test_verify_register_range)
{
    simt_module *m = sample();
    m->code[1].c = 300;
    assert_verify_fails(m, "verify: function 'scale' pc 1: register 300 out of range "
                           "(frame has 9)");
    simt_module_free(m);

    m = sample(); /* SHFL reads c, c+1, c+2: 15..17 fit 18 registers, 16..18 do not */
    m->code[16].c = 16;
    assert_verify_fails(m, "pc 16: register 18 out of range");
    simt_module_free(m);

    m = sample(); /* HCALL reads b .. b+c-1 */
    m->code[11].b = 17;
    assert_verify_fails(m, "pc 11: register 18 out of range");
    simt_module_free(m);

    m = sample(); /* CALL's a must be in the frame; the callee frame may extend past it */
    m->code[15].a = 18;
    assert_verify_fails(m, "pc 15: register 18 out of range");
    simt_module_free(m);

    m = sample(); /* nor below the link registers: the frames would share them */
    m->code[15].a = 2;
    assert_verify_fails(m, "pc 15: call window r2 overlaps the link registers r0..r2");
    simt_module_free(m);
}
END_TEST

START_TEST(test_verify_targets)
{
    simt_module *m = sample();
    m->code[2].i = 9; /* into main */
    assert_verify_fails(m, "pc 2: branch target 9 outside the function");
    simt_module_free(m);

    m = sample();
    m->code[2].j = 42;
    assert_verify_fails(m, "reconvergence point 42");
    simt_module_free(m);

    m = sample();
    m->code[0] = I(OP_JMP, 0, 0, 0, -1, 0);
    assert_verify_fails(m, "jump target -1");
    simt_module_free(m);
}
END_TEST

START_TEST(test_verify_ids)
{
    simt_module *m = sample();
    m->code[14].i = FN_HELPER;
    assert_verify_fails(m, "not a kernel");
    simt_module_free(m);

    m = sample();
    m->code[13].c = 2;
    assert_verify_fails(m, "intrinsic SQRT takes 1 arguments, not 2");
    simt_module_free(m);

    m = sample();
    m->code[10].i = 2;
    assert_verify_fails(m, "global 2 out of range");
    simt_module_free(m);

    m = sample();
    m->code[12].i = 1;
    assert_verify_fails(m, "import 1 out of range");
    simt_module_free(m);

    m = sample();
    m->code[0].i = SREG_COUNT;
    assert_verify_fails(m, "special register");
    simt_module_free(m);

    m = sample();
    m->code[6].i = (ATOM_XOR + 1) << 8;
    assert_verify_fails(m, "bad atomic operation");
    simt_module_free(m);

    m = sample();
    m->code[19].i = 1;
    assert_verify_fails(m, "message string 1 out of range");
    simt_module_free(m);

    m = sample();
    m->code[11].j = NSIGS;
    assert_verify_fails(m, "signature 5 out of range");
    simt_module_free(m);
}
END_TEST

/* LDX (an LEA fused into a load): every field of j is checked, unknown bits
 * rejected, both registers in the frame; the disassembler spells it out. */
static simt_module *sample_ldx(int32_t j)
{
    simt_module *m = sample();
    m->code[3] = I(OP_LDX, 7, 3, 5, -8, j);
    return m;
}

START_TEST(test_verify_ldx)
{
    char err[256];
    simt_module *m = sample_ldx(SIMT_LDX_J(1, 2, OP_LD32 - OP_LD8S));
    ck_assert_msg(simt_module_verify(m, err, sizeof err) == 0, "%s", err);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    simt_module_disasm(m, f);
    fclose(f);
    ck_assert_msg(strstr(text, "LDX        r7, [r3 + r5 (zext32) * 4 - 8] (LD32)") != NULL,
                  "%s", text);
    free(text);
    simt_module_free(m);
    m = sample_ldx(SIMT_LDX_J(2, SIMT_LDX_MAX_SHIFT, OP_LD64 - OP_LD8S));
    ck_assert_msg(simt_module_verify(m, err, sizeof err) == 0, "%s", err);
    simt_module_free(m);
    /* a volatile load fused (lang/opt.c keeps its mark for the race checker) */
    m = sample_ldx(SIMT_LDX_J(0, 2, OP_LD32 - OP_LD8S) | (int32_t)SIMT_LDX_VOLATILE);
    ck_assert_msg(simt_module_verify(m, err, sizeof err) == 0, "%s", err);
    simt_module_free(m);
    /* a plain load's only flag is volatile */
    m = sample();
    m->code[3] = I(OP_LD32, 7, 3, 0, -8, SIMT_MEM_VOLATILE);
    ck_assert_msg(simt_module_verify(m, err, sizeof err) == 0, "%s", err);
    m->code[3].j = 2;
    assert_verify_fails(m, "are not 0 or volatile");
    simt_module_free(m);

    static const struct { int32_t j; const char *needle; } bad[] = {
        {SIMT_LDX_J(3, 0, 0), "index extension 3 out of range"},
        {SIMT_LDX_J(0, SIMT_LDX_MAX_SHIFT + 1, 0), "scale 2^21 above 2^20"},
        {SIMT_LDX_J(0, 0, 6), "kind 6 out of range"},
        {SIMT_LDX_J(0, 0, 7), "kind 7 out of range"},
        {SIMT_LDX_J(0, 0, 0) | 1 << 7, "unknown bits"},
        {SIMT_LDX_J(0, 0, 0) | 1 << 12, "unknown bits"},
        {INT32_MIN, "unknown bits"},
        {-1, "unknown bits"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        m = sample_ldx(bad[k].j);
        assert_verify_fails(m, bad[k].needle);
        simt_module_free(m);
    }
    m = sample_ldx(0);
    m->code[3].c = 9;
    assert_verify_fails(m, "pc 3: register 9 out of range");
    simt_module_free(m);
}
END_TEST

START_TEST(test_verify_bad_sig)
{
    simt_module *m = sample();
    m->sigs[SIG_PRINTF].nfixed = 3;
    assert_verify_fails(m, "signature 2: 3 fixed arguments of 2");
    simt_module_free(m);

    m = sample();
    m->sigs[SIG_COS].args[0] = VT_COUNT;
    assert_verify_fails(m, "signature 3: bad type of argument 0");
    simt_module_free(m);

    m = sample();
    m->imports[0].sig = 99;
    assert_verify_fails(m, "import 'cos': signature 99");
    simt_module_free(m);
}
END_TEST

START_TEST(test_verify_layout)
{
    simt_module *m = sample();
    m->code[8] = I(OP_NOP, 0, 0, 0, 0, 0);
    assert_verify_fails(m, "verify: function 'scale' pc 8: NOP at the end of the function "
                           "falls through");
    simt_module_free(m);

    m = sample();
    m->funcs[FN_HELPER].entry = 17;
    assert_verify_fails(m, "functions 'main' and 'helper' overlap");
    simt_module_free(m);

    m = sample();
    m->funcs[FN_HELPER].end = 21;
    assert_verify_fails(m, "outside the module");
    simt_module_free(m);

    m = sample();
    m->main_func = FN_SCALE;
    assert_verify_fails(m, "main function 'scale' is not host code");
    simt_module_free(m);

    m = sample();
    m->funcs[FN_SCALE].nregs = 4; /* 3 link slots + 2 parameters do not fit */
    assert_verify_fails(m, "cannot hold 2 parameters");
    simt_module_free(m);

    m = sample();
    m->funcs[FN_SCALE].nregs_model = m->funcs[FN_SCALE].nregs + 1; /* more than the frame */
    assert_verify_fails(m, "the model's");
    simt_module_free(m);

    m = sample();
    m->globals[1].size = UINT64_MAX;
    assert_verify_fails(m, "global 'table': size");
    simt_module_free(m);

    m = sample();
    m->relocs[0].target = 2;
    assert_verify_fails(m, "relocation 0 names global 1 and 2 of 2");
    simt_module_free(m);

    m = sample();
    m->relocs[0].offset = 4089; /* its 8 bytes would end past table's 4096 */
    assert_verify_fails(m, "relocation 0: offset 4089 outside global 'table'");
    simt_module_free(m);

    m = sample();
    m->relocs[0].global = 0;
    m->relocs[0].offset = 1; /* .str0 has 8 bytes: 1..8 does not fit */
    assert_verify_fails(m, "offset 1 outside global '.str0'");
    simt_module_free(m);
}
END_TEST

/* ---------------------------------------------------------- hostile images */

START_TEST(test_every_truncation)
{
    simt_module *m = sample();
    size_t len;
    uint8_t *img = image_of(m, &len);
    char err[256];
    for (size_t cut = 0; cut < len; cut++) {
        /* A fresh allocation of exactly cut bytes lets sanitizers see overreads. */
        uint8_t *part = malloc(cut ? cut : 1);
        memcpy(part, img, cut);
        err[0] = '\0';
        simt_module *bad = simt_module_read(NULL, part, cut, err, sizeof err);
        ck_assert_msg(bad == NULL, "a %zu-byte prefix of %zu was accepted", cut, len);
        ck_assert_msg(err[0] != '\0' && !strchr(err, '\n'), "bad message at %zu: %s", cut, err);
        free(part);
    }
    free(img);
    simt_module_free(m);
}
END_TEST

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

START_TEST(test_random_mutations)
{
    simt_module *m = sample();
    size_t len;
    uint8_t *img = image_of(m, &len);
    uint8_t *copy = malloc(len);
    uint64_t seed = 0x9e3779b97f4a7c15u;
    char err[256];
    int accepted = 0;
    for (int round = 0; round < 4000; round++) {
        memcpy(copy, img, len);
        int flips = 1 + (int)(next_random(&seed) % 4);
        for (int k = 0; k < flips; k++) {
            size_t at = 12 + next_random(&seed) % (len - 12); /* keep magic and version */
            uint64_t r = next_random(&seed);
            copy[at] = (r & 0x100) ? (uint8_t)r : (uint8_t)(copy[at] ^ (1u << (r % 8)));
        }
        simt_module *mm = simt_module_read(NULL, copy, len, err, sizeof err);
        if (mm) {
            /* Whatever is accepted must be safe to use: list and verify it. */
            accepted++;
            FILE *null = fopen("/dev/null", "w");
            simt_module_disasm(mm, null);
            fclose(null);
            ck_assert_int_eq(simt_module_verify(mm, err, sizeof err), 0);
            simt_module_free(mm);
        }
    }
    ck_assert_int_lt(accepted, 4000);
    free(copy);
    free(img);
    simt_module_free(m);
}
END_TEST

/* A hostile count must fail before anything large is allocated. */
START_TEST(test_hostile_counts)
{
    simt_module *m = simt_module_new(NULL);
    size_t len;
    uint8_t *img = image_of(m, &len);
    char err[256];
    /* Sections start after the 16-byte header; code: u64 length 4, u32 n. */
    img[16 + 8] = 0xff, img[16 + 9] = 0xff, img[16 + 10] = 0xff, img[16 + 11] = 0xff;
    ck_assert_ptr_null(simt_module_read(NULL, img, len, err, sizeof err));
    ck_assert_msg(strstr(err, "section 'code' claims 4294967295 entries") != NULL, "%s", err);
    /* A section length larger than the file. */
    img[16 + 7] = 0x80;
    ck_assert_ptr_null(simt_module_read(NULL, img, len, err, sizeof err));
    ck_assert_msg(strstr(err, "truncated .kbc file: section 'code'") != NULL, "%s", err);
    free(img);
    simt_module_free(m);
}
END_TEST

/* The debug table is checked against its function when read: a variable
 * outside its code or frame is a corrupt file, not a debugger crash. */
static void assert_bad_var(void (*spoil)(simt_var *), const char *needle)
{
    simt_module *m = sample();
    spoil(&m->vars[1]);
    size_t len;
    uint8_t *img = image_of(m, &len);
    char err[256];
    ck_assert_ptr_null(simt_module_read(NULL, img, len, err, sizeof err));
    ck_assert_msg(strstr(err, "debug entry 1 ('tmp')") && strstr(err, needle), "%s", err);
    free(img);
    simt_module_free(m);
}

static void var_func(simt_var *v) { v->func = NFUNCS; }
static void var_pcs(simt_var *v) { v->pc_end = 10; }
static void var_empty(simt_var *v) { v->pc_end = v->pc_begin; }
static void var_reg(simt_var *v) { v->kind = VAR_REG; v->where = 9; }
static void var_local(simt_var *v) { v->where = 14; }
static void var_type(simt_var *v) { v->type = VT_COUNT; }
static void var_kind(simt_var *v) { v->kind = 7; }

/* Writing fails cleanly: no module or stream (EINVAL), a module that
 * counts code it lacks, a stream that takes nothing (a read-only one). */
START_TEST(test_write_errors)
{
    simt_module *m = sample();
    FILE *ro = fopen("/dev/null", "r");
    ck_assert_ptr_nonnull(ro);
    errno = 0;
    ck_assert_int_eq(simt_module_write(NULL, ro), -1);
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    ck_assert_int_eq(simt_module_write(m, NULL), -1);
    ck_assert_int_eq(errno, EINVAL);
    simt_insn *code = m->code;
    m->code = NULL;
    errno = 0;
    ck_assert_int_eq(simt_module_write(m, ro), -1);
    ck_assert_int_eq(errno, EINVAL);
    m->code = code;
    errno = 0;
    ck_assert_int_eq(simt_module_write(m, ro), -1);
    ck_assert_int_ne(errno, 0);
    fclose(ro);
    simt_module_free(m);
}
END_TEST

/* A shared variable whose element type is past the last is refused by
 * the reader, which names it. */
START_TEST(test_bad_shared_elem)
{
    simt_module *m = sample();
    m->shared_syms[1].elem = VT_COUNT;
    size_t len;
    uint8_t *img = image_of(m, &len);
    char err[256];
    simt_module *back = simt_module_read(NULL, img, len, err, sizeof err);
    ck_assert_ptr_null(back);
    ck_assert_msg(strstr(err, "shared variable 1 has element type") != NULL, "%s", err);
    free(img);
    simt_module_free(m);
}
END_TEST

START_TEST(test_bad_vars)
{
    assert_bad_var(var_func, "names no function");
    assert_bad_var(var_pcs, "pc range outside its function");
    assert_bad_var(var_empty, "pc range outside its function");
    assert_bad_var(var_reg, "register outside its frame");
    assert_bad_var(var_local, "outside its frame's local memory");
    assert_bad_var(var_type, "bad kind or type");
    assert_bad_var(var_kind, "bad kind or type");
}
END_TEST

/* The module's tables, each spoiled the one way the verifier names: a
 * nameless global, import, function or string, an initialised empty
 * variable, a relocation past its global's end, a table counted but not
 * there, a function whose signature or kind does not exist, an atomic
 * operation or type past the last, and no module at all. */
static void spoil_global_name(simt_module *m) { free(m->globals[1].name); m->globals[1].name = NULL; }
static void spoil_global_init(simt_module *m) { m->globals[0].size = 0; }
static void spoil_reloc(simt_module *m) { m->relocs[0].offset = 4090; }
static void spoil_reloc_small(simt_module *m) { m->globals[1].size = 4; }
static void spoil_import_name(simt_module *m) { free(m->imports[0].name); m->imports[0].name = NULL; }
static void spoil_string(simt_module *m) { free(m->strings[0]); m->strings[0] = NULL; }
static void spoil_funcs(simt_module *m) { m->nfuncs++; m->funcs = NULL; }
static void spoil_func_name(simt_module *m) { free(m->funcs[FN_HELPER].name); m->funcs[FN_HELPER].name = NULL; }
static void spoil_func_sig(simt_module *m) { m->funcs[FN_HELPER].sig = NSIGS; }
static void spoil_func_kind(simt_module *m) { m->funcs[FN_HELPER].kind = 0; }
static void spoil_func_kind_bits(simt_module *m) { m->funcs[FN_HELPER].kind |= 0x80; }
static void spoil_atom_op(simt_module *m) { m->code[6].i = (ATOM_XOR + 1) << 8 | ATYPE_F32; }
static void spoil_atom_type(simt_module *m) { m->code[6].i = ATOM_ADD << 8 | (ATYPE_F64 + 1); }
static void spoil_atom_negative(simt_module *m) { m->code[6].i = -1; }

START_TEST(test_verify_tables)
{
    static const struct {
        void (*spoil)(simt_module *);
        const char *want;
    } cases[] = {
        {spoil_global_name, "global 1 has no name"},
        {spoil_global_init, "initialiser of an empty variable"},
        {spoil_reloc, "offset 4090 outside global 'table'"},
        {spoil_reloc_small, "outside global 'table'"},
        {spoil_import_name, "import 0 has no name"},
        {spoil_string, "string 0 is missing"},
        {spoil_funcs, "a table has entries but no storage"},
        {spoil_func_name, "function 2 has no name"},
        {spoil_func_sig, "function 'helper': signature 5 out of range"},
        {spoil_func_kind, "function 'helper': bad kind 0"},
        {spoil_func_kind_bits, "function 'helper': bad kind"},
        {spoil_atom_op, "bad atomic operation"},
        {spoil_atom_type, "bad atomic operation"},
        {spoil_atom_negative, "bad atomic operation 0xffffffff"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        simt_module *m = sample();
        simt_func *funcs = m->funcs;
        uint32_t nfuncs = m->nfuncs;
        ck_assert_int_eq(simt_module_verify(m, NULL, 0), 0);
        cases[k].spoil(m);
        assert_verify_fails(m, cases[k].want);
        ck_assert_int_eq(simt_module_verify(m, NULL, 0), -1); /* no room for a message */
        m->funcs = funcs;
        m->nfuncs = nfuncs;
        /* the free counts helper's parameter names by its signature */
        m->funcs[FN_HELPER].sig = SIG_HELPER;
        simt_module_free(m);
    }
    assert_verify_fails(NULL, "no module");
}
END_TEST

/* Record layouts and types are checked when read: a corrupt one is a
 * clear error, never a debugger walking out of its record or in a loop. */
static void assert_bad_types(void (*spoil)(simt_module *), const char *needle)
{
    simt_module *m = sample();
    spoil(m);
    size_t len;
    uint8_t *img = image_of(m, &len);
    char err[256];
    ck_assert_ptr_null(simt_module_read(NULL, img, len, err, sizeof err));
    ck_assert_msg(strstr(err, needle) != NULL, "said \"%s\", expected \"%s\"", err, needle);
    free(img);
    simt_module_free(m);
}

static void field_offset(simt_module *m) { m->records[0].fields[4].offset = 36; }
static void field_type(simt_module *m) { m->records[0].fields[1].dtype = NDT; }
static void bitfield_wide(simt_module *m) { m->records[0].fields[2].bit_width = 30; }
static void bitfield_float(simt_module *m) { m->records[0].fields[2].dtype = DT_F32; }
static void self_by_value(simt_module *m) { m->records[0].fields[0].dtype = DT_P; }
static void forward_ptr(simt_module *m) { m->dtypes[DT_PF32].ref = DT_TABLE + 1; }
static void array_size(simt_module *m) { m->dtypes[DT_ARR].size = 20; }
static void no_record(simt_module *m) { m->dtypes[DT_P].ref = 1; }
static void record_size(simt_module *m) { m->dtypes[DT_P].size = 8; }
static void bad_kind(simt_module *m) { m->dtypes[DT_F32].kind = DT_KINDS; }
static void void_scalar(simt_module *m) { m->dtypes[DT_F32].vtype = VT_VOID; }
static void var_dtype(simt_module *m) { m->vars[1].dtype = NDT + 1; }
static void reg_record(simt_module *m) { m->vars[0].dtype = DT_P + 1; }
static void global_dtype(simt_module *m) { m->globals[1].dtype = 1000; }

START_TEST(test_bad_types)
{
    assert_bad_types(field_offset, "field 4 ('next') lies outside its record");
    assert_bad_types(field_type, "field 1 ('y') names no type");
    assert_bad_types(bitfield_wide, "field 2 ('bits') is a bad bit-field");
    assert_bad_types(bitfield_float, "field 2 ('bits') is a bad bit-field");
    assert_bad_types(self_by_value, "holds a record that is not an earlier one");
    assert_bad_types(forward_ptr, "points to a later type");
    assert_bad_types(array_size, "size that is not its elements'");
    assert_bad_types(no_record, "names no record");
    assert_bad_types(record_size, "size that is not its record's");
    assert_bad_types(bad_kind, "has a bad kind");
    assert_bad_types(void_scalar, "is a bad scalar");
    assert_bad_types(var_dtype, "debug entry 1 ('tmp') names no debug type");
    assert_bad_types(reg_record, "is a register of a type that is not a number");
    assert_bad_types(global_dtype, "global 1 ('table') names no debug type");
}
END_TEST

/* --------------------------------------------------------------- disassembly */

START_TEST(test_disasm)
{
    simt_module *m = sample();
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    simt_module_disasm(m, f);
    fclose(f);
    static const char *const expected[] = {
        ".kernel scale(ptr data, i32 n) -> void regs=9 local=16",
        ".host main() -> i32 regs=18 local=0",
        ".func helper(i32 flag) -> void regs=4 local=0 host+device recursive",
        "SREG       r5, tid.x",
        "LT_S32     r6, r5, r4",
        "BRZ        r6, @7, reconverge @ 7",
        "LD32       r7, [r3+0]",
        "ST32       r7, [r3+4]",
        "ATOM       r8, r3, r7, add.f32",
        "LDK        r3, 0x3ff0000000000000 (4607182418800017408)",
        "GADDR      r4, .str0",
        "HCALL      r5 := printf(r4, r5) : i32(str, ..., f64)",
        "NCALL      r6 := cos(r3) : f64(f64)",
        "INTR       r7 := SQRT(r3)",
        "LAUNCH     scale<<<r8, r9, r10>>>(r11, r12) : void(ptr, i32)",
        "CALL       r13, helper",
        "SHFL       r14, r3, r15, down",
        "TRAP       \"missing return in \\\"helper\\\"\"",
        "BRNZ       r3, @19      ",
        "; line 1  | int x;",
        "; line 2  | __global__ void scale(float *data, int n)",
        ".global 0   .str0 constant i8 size=8 align=1 init \"hi %f\\n\"",
        ".global 1   table global f32 size=4096",
        ".reloc table+8 = &.str0+2",
        ".import cos : f64(f64)",
        "main = main",
        ".var data ptr(f32) r3  ; pcs 0..9, line 2",
        ".var tmp f32 local+4  ; pcs 3..7, line 4",
    };
    for (size_t k = 0; k < sizeof expected / sizeof expected[0]; k++)
        ck_assert_msg(strstr(text, expected[k]) != NULL, "missing \"%s\" in:\n%s", expected[k],
                      text);
    /* The source text is quoted only when the line changes. */
    ck_assert_ptr_null(strstr(strstr(text, "| int x;") + 1, "| int x;"));
    free(text);
    simt_module_free(m);
}
END_TEST

/* A module the verifier would refuse still disassembles: each operand that
 * names nothing (an opcode, a mode, a function, a signature, a string, a
 * global, an import, a reloc's globals, a variable's function) prints as '?'
 * with its number, and nothing is read outside a table. */
START_TEST(test_disasm_unknowns)
{
    simt_module *m = sample();
    m->code[0] = I(OP_SREG, 5, 0, 0, 99, 0);
    m->code[1] = I(OP_LEA, 6, 5, 4, 8, 7);
    m->code[3] = I(OP_LDX, 7, 3, 5, -12, SIMT_LDX_J(3, 1, 7));
    m->code[6] = I(OP_ATOM, 8, 3, 7, 77 << 8 | 99, 0);
    m->code[7] = I(OP_VOTE, 8, 3, 7, 42, 0);
    m->code[8] = I(OP_COUNT + 5, 0, 0, 0, 0, 0);
    m->code[10] = I(OP_GADDR, 4, 0, 0, 99, 0);
    m->code[11].j = 99; /* HCALL printf with signature 99 */
    m->code[12].i = 7;  /* NCALL of import 7 of 1 */
    m->code[15] = I(OP_CALL, 13, 0, 0, 99, 0);
    m->code[16] = I(OP_SHFL, 14, 3, 15, 9, 0);
    m->code[19] = I(OP_TRAP, 0, 0, 0, 99, 0);
    m->funcs[FN_HELPER].sig = 99;
    m->relocs[0].global = 50;
    m->relocs[0].target = 51;
    m->main_func = 40;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    simt_module_disasm(m, f);
    fclose(f);
    static const char *const expected[] = {
        "main = ?func",
        "SREG       r5, ?",
        "LEA        r6, r5, r4 (?) * 8",
        "ATOM       r8, r3, r7, ?.?",
        "VOTE       r8, r3, r7, ?",
        "?op",
        "GADDR      r4, ?global99",
        "HCALL      r5 := printf(r4, r5) : ?sig99",
        "NCALL      r6 := ?(r3)",
        "CALL       r13, ?func",
        "SHFL       r14, r3, r15, ?",
        "TRAP       ?str99",
        ".func helper() -> ? regs=4",
        ".reloc ?+8 = &?+2",
    };
    for (size_t k = 0; k < sizeof expected / sizeof expected[0]; k++)
        ck_assert_msg(strstr(text, expected[k]) != NULL, "missing \"%s\" in:\n%s", expected[k],
                      text);
    ck_assert_msg(strstr(text, "LDX        r7, [r3 + r5 (?) * 2 - 12] (?)") != NULL,
                  "LDX of extension 3 and kind 7:\n%s", text);
    free(text);
    m->funcs[FN_HELPER].sig = SIG_HELPER; /* the free counts its parameter names by it */
    simt_module_free(m);
}
END_TEST

static Suite *kbc_suite(void)
{
    Suite *s = suite_create("kbc");
    TCase *tc = tcase_create("container");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_new_free);
    tcase_add_test(tc, test_roundtrip);
    tcase_add_test(tc, test_roundtrip_empty);
    tcase_add_test(tc, test_header_errors);
    tcase_add_test(tc, test_verify_bad_opcode);
    tcase_add_test(tc, test_verify_register_range);
    tcase_add_test(tc, test_verify_targets);
    tcase_add_test(tc, test_verify_ids);
    tcase_add_test(tc, test_verify_ldx);
    tcase_add_test(tc, test_verify_bad_sig);
    tcase_add_test(tc, test_verify_layout);
    tcase_add_test(tc, test_every_truncation);
    tcase_add_test(tc, test_random_mutations);
    tcase_add_test(tc, test_hostile_counts);
    tcase_add_test(tc, test_bad_vars);
    tcase_add_test(tc, test_bad_shared_elem);
    tcase_add_test(tc, test_write_errors);
    tcase_add_test(tc, test_verify_tables);
    tcase_add_test(tc, test_bad_types);
    tcase_add_test(tc, test_disasm);
    tcase_add_test(tc, test_disasm_unknowns);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return simt_run_suite(kbc_suite());
}
