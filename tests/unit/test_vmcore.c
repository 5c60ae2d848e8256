/* tests/unit/test_vmcore.c -- the machine alone: vm/ built and linked
 * without runtime/ (libsimtvm_vm.la).  A module assembled here runs on
 * simt_vm_core_init's VM, an observer registered through vm/observe.h hears
 * the launch, and a host call without a host is a fault, not a crash. */
#include <check.h>

#include "tests/unit/check_tap.h"
#include <stdlib.h>
#include <string.h>

#include "vm/memory.h"
#include "vm/memunit.h"
#include "vm/module.h"
#include "vm/observe.h"
#include "vm/vm.h"

enum { FN_TWICE, FN_CALLOUT, NFUNCS };

static simt_insn I(unsigned op, unsigned a, unsigned b, unsigned c, int32_t i, int32_t j)
{
    return (simt_insn){ (uint16_t)op, (uint16_t)a, (uint16_t)b, (uint16_t)c, i, j };
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    ck_assert_ptr_nonnull(d);
    return memcpy(d, s, n);
}

/* twice(float *p): p[0] = p[0] + p[0] (every lane the same);
 * callout(float *p): an HCALL of builtin 0, which needs a host. */
static simt_module *assemble(void)
{
    simt_module *m = simt_module_new(NULL);
    ck_assert_ptr_nonnull(m);
    m->source_name = dup_str("core.k");
    m->nsigs = 2; /* 0: the kernels'; 1: int f(void), the host call's */
    m->sigs = calloc(2, sizeof *m->sigs);
    m->sigs[1].ret = VT_I32;
    m->sigs[0].ret = VT_VOID;
    m->sigs[0].nargs = m->sigs[0].nfixed = 1;
    m->sigs[0].args[0] = VT_PTR;
    m->sigs[0].ptr_elem[0] = VT_F32;
    const simt_insn code[] = {
        I(OP_LD32, 4, 3, 0, 0, 0),
        I(OP_ADD_F32, 4, 4, 4, 0, 0),
        I(OP_ST32, 4, 3, 0, 0, 0),
        I(OP_RETV, 0, 0, 0, 0, 0),
        I(OP_HCALL, 4, 3, 0, 0, 1),
        I(OP_RETV, 0, 0, 0, 0, 0),
    };
    m->ncode = sizeof code / sizeof code[0];
    m->code = malloc(sizeof code);
    memcpy(m->code, code, sizeof code);
    m->pos = calloc(m->ncode, sizeof *m->pos);
    for (uint32_t pc = 0; pc < m->ncode; pc++)
        m->pos[pc] = (simt_srcpos){ 1 + pc, 1 };
    m->nfuncs = NFUNCS;
    m->funcs = calloc(NFUNCS, sizeof *m->funcs);
    const char *names[] = { "twice", "callout" };
    for (unsigned f = 0; f < NFUNCS; f++) {
        m->funcs[f].name = dup_str(names[f]);
        m->funcs[f].kind = FN_KERNEL;
        m->funcs[f].entry = 4 * f;
        m->funcs[f].end = f ? 6 : 4;
        m->funcs[f].nregs = 5;
        m->funcs[f].sig = 0;
        m->funcs[f].param_names = calloc(1, sizeof *m->funcs[f].param_names);
        m->funcs[f].param_names[0] = dup_str("p");
    }
    m->main_func = -1;
    char err[256];
    ck_assert_msg(simt_module_verify(m, err, sizeof err) == 0, "%s", err);
    return m;
}

typedef struct counts {
    int launches, blocks, accesses, ends;
} counts;

static void on_launch(void *ctx, simt_vm *vm, const simt_launch_info *li)
{
    (void)vm;
    (void)li;
    ((counts *)ctx)->launches++;
}

static void on_block(void *ctx, const uint32_t idx[3], uint32_t nthreads, uint64_t shared)
{
    (void)idx;
    (void)nthreads;
    (void)shared;
    ((counts *)ctx)->blocks++;
}

static void on_access(void *ctx, simt_vm *vm, const simt_warp_access *a)
{
    (void)vm;
    ck_assert_uint_eq(a->mask, 0xffffffffu);
    /* the memory unit's record: every lane at p, in one allocation */
    ck_assert_uint_eq(a->shape, SHAPE_UNIFORM);
    ck_assert_uint_eq(a->spaces, 1u << SPACE_GLOBAL);
    ck_assert_uint_eq(a->verdict, VERDICT_REGION);
    ck_assert_uint_eq(a->bounds[0], a->addr[0]);
    ck_assert_uint_eq(a->bounds[1], a->addr[31]);
    ((counts *)ctx)->accesses++;
}

static void on_end(void *ctx, simt_vm *vm)
{
    (void)vm;
    ((counts *)ctx)->ends++;
}

/* The step limits doc/cli.md gives: a runaway block stops at 10^9 warp
 * instructions, a launch of many blocks only at 10^11 (real launches of a
 * few 10^9 finish); a limit given sets both (runtime/api.c). */
START_TEST(test_step_limit_defaults)
{
    simt_config cfg;
    simt_config_init(&cfg);
    ck_assert_uint_eq(cfg.max_steps, 1000000000ull);
    ck_assert_uint_eq(cfg.max_launch_steps, 100000000000ull);
}
END_TEST

START_TEST(test_runs_without_runtime)
{
    simt_module *m = assemble();
    simt_config cfg;
    simt_config_init(&cfg);
    simt_vm vm;
    ck_assert_int_eq(simt_vm_core_init(&vm, &cfg, m, stdout, stderr), SIMT_OK);
    ck_assert_ptr_null(vm.host);
    counts n = {0};
    simt_observer o = { .name = "count", .ctx = &n, .flags = OBS_ACCESS | OBS_SERIAL,
                        .launch_begin = on_launch, .block_begin = on_block,
                        .access = on_access, .launch_end = on_end };
    ck_assert_int_eq(simt_vm_observe(&vm, &o), 0);
    uint64_t p = simt_mem_alloc(&vm.mem, SPACE_GLOBAL, 4, 256, ALLOC_CUDA, NULL);
    ck_assert_uint_ne(p, 0);
    float x = 1.5f;
    memcpy(simt_mem_find(&vm.mem, p)->data, &x, 4);
    const uint32_t grid[3] = {2, 1, 1}, block[3] = {32, 1, 1};
    ck_assert_int_eq(simt_vm_launch(&vm, FN_TWICE, grid, block, 0, &p, 1), SIMT_OK);
    memcpy(&x, simt_mem_find(&vm.mem, p)->data, 4);
    ck_assert(x == 6.0f); /* doubled by each of the two blocks */
    ck_assert_int_eq(n.launches, 1);
    ck_assert_int_eq(n.blocks, 2);
    ck_assert_int_eq(n.accesses, 4); /* a load and a store per block's one warp */
    ck_assert_int_eq(n.ends, 1);
    simt_vm_core_destroy(&vm);
    simt_module_free(m);
}
END_TEST

START_TEST(test_host_call_without_host)
{
    simt_module *m = assemble();
    simt_config cfg;
    simt_config_init(&cfg);
    simt_vm vm;
    ck_assert_int_eq(simt_vm_core_init(&vm, &cfg, m, stdout, stderr), SIMT_OK);
    uint64_t p = simt_mem_alloc(&vm.mem, SPACE_GLOBAL, 4, 256, ALLOC_CUDA, NULL);
    const uint32_t one[3] = {1, 1, 1};
    ck_assert_int_eq(simt_vm_launch(&vm, FN_CALLOUT, one, one, 0, &p, 1), SIMT_FAULT);
    ck_assert_msg(strstr(vm.fault.message, "without a host") != NULL, "%s", vm.fault.message);
    simt_vm_core_destroy(&vm);
    simt_module_free(m);
}
END_TEST

/* The memory unit classifies a warp's addresses once (vm/memunit.c). */
START_TEST(test_access_shapes)
{
    const uint64_t g = SIMT_ADDR(SPACE_GLOBAL, 0x10000), sh = SIMT_ADDR(SPACE_SHARED, 0);
    uint64_t base[32];
    simt_warp_access a;
    memset(&a, 0, sizeof a);
    a.size = 4;
    a.mask = 0xffffffffu;
    for (unsigned l = 0; l < 32; l++)
        base[l] = g + 4 * l;
    simt_access_gather(&a, base, 8); /* consecutive words */
    ck_assert_uint_eq(a.shape, SHAPE_UNIT_STRIDE);
    ck_assert_uint_eq(a.addr[5], g + 28);
    ck_assert_uint_eq(a.spaces, 1u << SPACE_GLOBAL);
    ck_assert(a.bounds[0] <= g + 8 && a.bounds[1] >= g + 8 + 31 * 4);
    for (unsigned l = 0; l < 32; l++)
        base[l] = g + 4 * (l ^ 1); /* pairs swapped: one 128-byte segment */
    simt_access_gather(&a, base, 0);
    ck_assert_uint_eq(a.shape, SHAPE_SEGMENT);
    for (unsigned l = 0; l < 32; l++)
        base[l] = g + 128 * l; /* a column: scattered */
    simt_access_gather(&a, base, 0);
    ck_assert_uint_eq(a.shape, SHAPE_SCATTERED);
    base[3] = sh + 12; /* a generic pointer into shared memory in one lane */
    simt_access_gather(&a, base, 0);
    ck_assert_uint_eq(a.spaces, 1u << SPACE_GLOBAL | 1u << SPACE_SHARED);
    /* a wild address (space 9) has a bit of its own, never a valid space's */
    base[3] = SIMT_ADDR(9, 12);
    simt_access_gather(&a, base, 0);
    ck_assert_uint_eq(a.spaces, 1u << SPACE_GLOBAL | SIMT_SPACE_BIT(9));
    ck_assert_uint_eq(SIMT_SPACE_BIT(9), 0x80);
    for (unsigned l = 0; l < 32; l++)
        base[l] = SIMT_ADDR(10, 4 * l); /* every lane wild, unit stride */
    simt_access_gather(&a, base, 0);
    ck_assert_uint_eq(a.spaces, 0x80);
    /* inactive lanes count for nothing: lanes 4..7 at unit stride */
    a.mask = 0xf0;
    for (unsigned l = 0; l < 32; l++)
        base[l] = l >= 4 && l < 8 ? g + 4 * l : sh;
    simt_access_gather(&a, base, 0);
    ck_assert_uint_eq(a.shape, SHAPE_UNIT_STRIDE);
    ck_assert_uint_eq(a.spaces, 1u << SPACE_GLOBAL);
    a.mask = 0x10; /* one lane: one address */
    simt_access_classify(&a);
    ck_assert_uint_eq(a.shape, SHAPE_UNIFORM);
    ck_assert_uint_eq(a.bounds[0], g + 16);
    ck_assert_uint_eq(a.bounds[1], g + 16);
}
END_TEST

static Suite *vmcore_suite(void)
{
    Suite *s = suite_create("vmcore");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_step_limit_defaults);
    tcase_add_test(tc, test_runs_without_runtime);
    tcase_add_test(tc, test_host_call_without_host);
    tcase_add_test(tc, test_access_shapes);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return simt_run_suite(vmcore_suite());
}
