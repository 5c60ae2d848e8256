/* tests/unit/test_check.c -- the checkers' bookkeeping without the
 * interpreter: hazards and what orders them (barriers, warp syncs, one
 * instruction's lanes, atomics), grouping with counts, naming of shared
 * objects, the printed report and its summary.  Speaks TAP through Check. */
#include <check.h>

#include "tests/unit/check_tap.h"
#include <stdlib.h>
#include <string.h>

#include "runtime/observers.h"
#include "vm/memunit.h"
#include "vm/vm.h"

/* A module of three instructions at t.k lines 3, 4 and 5, one kernel
 * `k(int *p)` and one shared array `s` of 64 ints. */
typedef struct fixture {
    simt_module *m;
    simt_vm vm;
    simt_checker *ck;
    uint64_t arg;
} fixture;

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    ck_assert_ptr_nonnull(d);
    return memcpy(d, s, n);
}

static void setup(fixture *f, unsigned checks)
{
    memset(f, 0, sizeof *f);
    simt_module *m = f->m = simt_module_new(NULL);
    ck_assert_ptr_nonnull(m);
    m->source_name = dup_str("t.k");
    m->ncode = 3;
    m->code = calloc(3, sizeof *m->code);
    m->pos = calloc(3, sizeof *m->pos);
    for (uint32_t k = 0; k < 3; k++)
        m->pos[k] = (simt_srcpos){ k + 3, 5 };
    m->code[0].op = OP_ST32;
    m->code[1].op = OP_LD32;
    m->code[2].op = OP_ATOM;
    m->nsigs = 1;
    m->sigs = calloc(1, sizeof *m->sigs);
    m->sigs[0].nargs = m->sigs[0].nfixed = 1;
    m->sigs[0].args[0] = VT_PTR;
    m->sigs[0].ptr_elem[0] = VT_I32;
    m->nfuncs = 1;
    m->funcs = calloc(1, sizeof *m->funcs);
    m->funcs[0] = (simt_func){ .name = dup_str("k"), .entry = 0, .end = 3, .kind = FN_KERNEL };
    m->funcs[0].param_names = calloc(1, sizeof(char *));
    m->funcs[0].param_names[0] = dup_str("p");
    m->shared_static = 256;
    m->nshared_syms = 1;
    m->shared_syms = calloc(1, sizeof *m->shared_syms);
    m->shared_syms[0] = (simt_symbol){ .name = dup_str("s"), .offset = 0, .size = 256,
                                       .elem_size = 4, .line = 2, .elem = VT_I32 };
    simt_config_init(&f->vm.cfg);
    f->vm.cfg.warp_size = 32;
    f->vm.mod = m;
    simt_mem_init(&f->vm.mem, 0);
    f->vm.fault.pc = -1;
    f->arg = simt_mem_alloc(&f->vm.mem, SPACE_GLOBAL, 1024, 256, ALLOC_CUDA, NULL);
    f->ck = simt_checker_new(m, checks, NULL);
    ck_assert_ptr_nonnull(f->ck);
    simt_launch_info li = { .grid = {1, 1, 1}, .block = {64, 1, 1}, .shared_bytes = 256,
                            .args = &f->arg, .nargs = 1, .kernel_shared = 256 };
    simt_check_launch(f->ck, &f->vm, &li);
    uint32_t idx[3] = {0, 0, 0};
    simt_check_block(f->ck, idx, 64, 256);
}

static void teardown(fixture *f)
{
    simt_checker_free(f->ck);
    simt_mem_destroy(&f->vm.mem);
    simt_module_free(f->m);
}

/* One lane's access at pc to addr. */
static void access1(fixture *f, int32_t pc, unsigned kind, uint32_t tid, uint64_t addr)
{
    simt_warp_access a = {0};
    a.pc = pc;
    a.op = (uint8_t)f->m->code[pc].op;
    a.kind = (uint8_t)kind;
    a.size = 4;
    a.warp = tid / 32;
    a.width = 32;
    a.tid_base = a.warp * 32;
    a.mask = 1u << (tid % 32);
    a.addr[tid % 32] = addr;
    simt_access_classify(&a); /* as the memory unit (vm/memunit.h) */
    simt_check_access(f->ck, &f->vm, &a);
}

/* Runs finish into a buffer; returns the count, *text the report. */
static unsigned finish(fixture *f, char **text)
{
    size_t len;
    FILE *out = open_memstream(text, &len);
    ck_assert_ptr_nonnull(out);
    unsigned n = simt_check_finish(f->ck, &f->vm, out);
    fclose(out);
    return n;
}

static const uint64_t S17 = SIMT_ADDR(SPACE_SHARED, 17 * 4);

START_TEST(test_race_between_warps)
{
    fixture f;
    setup(&f, CHECK_RACE);
    access1(&f, 0, ACC_WRITE, 5, S17);
    access1(&f, 1, ACC_READ, 40, S17);
    access1(&f, 0, ACC_WRITE, 6, S17 + 4);
    access1(&f, 1, ACC_READ, 41, S17 + 4);
    char *text;
    ck_assert_uint_eq(finish(&f, &text), 1);
    ck_assert_ptr_nonnull(strstr(text, "t.k:4:5: error: Race reported between Write access at "
                                       "t.k:3:5 and Read access at t.k:4:5"));
    ck_assert_ptr_nonnull(strstr(text, "memory object s[17]"));
    ck_assert_ptr_nonnull(strstr(text, "thread (5,0,0), warp 0, lane 5"));
    ck_assert_ptr_nonnull(strstr(text, "thread (40,0,0), warp 1, lane 8"));
    ck_assert_ptr_nonnull(strstr(text, "2 instances like this one"));
    ck_assert_ptr_nonnull(strstr(text, "========= ERROR SUMMARY: 1 error\n"));
    free(text);
    teardown(&f);
}
END_TEST

START_TEST(test_barrier_orders)
{
    fixture f;
    setup(&f, CHECK_RACE);
    access1(&f, 0, ACC_WRITE, 5, S17);
    simt_check_barrier(f.ck);
    access1(&f, 1, ACC_READ, 40, S17);
    char *text;
    ck_assert_uint_eq(finish(&f, &text), 0);
    ck_assert_ptr_nonnull(strstr(text, "ERROR SUMMARY: 0 errors"));
    free(text);
    teardown(&f);
}
END_TEST

START_TEST(test_warp_sync_orders_covered_lanes)
{
    fixture f;
    setup(&f, CHECK_RACE);
    access1(&f, 0, ACC_WRITE, 1, S17);
    simt_check_warp_sync(f.ck, 0, 0x3u); /* lanes 0 and 1 */
    access1(&f, 1, ACC_READ, 0, S17);    /* ordered */
    access1(&f, 1, ACC_READ, 2, S17);    /* lane 2 was not in the sync */
    char *text;
    ck_assert_uint_eq(finish(&f, &text), 1);
    ck_assert_ptr_nonnull(strstr(text, "thread (2,0,0), warp 0, lane 2"));
    free(text);
    teardown(&f);
}
END_TEST

START_TEST(test_atomics_and_new_block)
{
    fixture f;
    setup(&f, CHECK_RACE);
    access1(&f, 2, ACC_ATOMIC, 3, S17);
    access1(&f, 2, ACC_ATOMIC, 50, S17); /* two atomics: no hazard */
    access1(&f, 0, ACC_WRITE, 7, S17 + 8);
    uint32_t idx[3] = {1, 0, 0};
    simt_check_block(f.ck, idx, 64, 256); /* earlier blocks are forgotten */
    access1(&f, 1, ACC_READ, 40, S17 + 8);
    char *text;
    ck_assert_uint_eq(finish(&f, &text), 0);
    free(text);
    teardown(&f);
}
END_TEST

START_TEST(test_init_and_param_names)
{
    fixture f;
    setup(&f, CHECK_INIT);
    simt_check_host_write(f.ck, f.arg, 400); /* p[0..99] written */
    access1(&f, 1, ACC_READ, 0, f.arg + 4 * 99);
    access1(&f, 1, ACC_READ, 1, f.arg + 4 * 100);
    access1(&f, 1, ACC_READ, 2, f.arg + 4 * 101);
    char *text;
    ck_assert_uint_eq(finish(&f, &text), 1);
    ck_assert_ptr_nonnull(strstr(text, "t.k:4:5: error: Uninitialized __global__ memory read "
                                       "of size 4 bytes"));
    ck_assert_ptr_nonnull(strstr(text, "memory object p[100]"));
    ck_assert_ptr_nonnull(strstr(text, "2 instances"));
    free(text);
    teardown(&f);
}
END_TEST

START_TEST(test_report_grouping)
{
    fixture f;
    setup(&f, CHECK_MEMORY | CHECK_SYNC);
    uint32_t idx[3] = {0, 0, 0};
    /* findings are data (kind, space, write, size): they group by it */
    simt_finding bad = { .kind = FIND_BAD_ACCESS, .check = CHECK_MEMORY, .detail = "out-of-bounds write",
                         .pc = 0, .block = idx, .space = SPACE_GLOBAL, .write = 1, .size = 4 };
    for (uint32_t k = 0; k < 3; k++) {
        bad.tid = bad.lane = k;
        simt_check_finding(f.ck, &f.vm, &bad);
    }
    bad.size = 8; /* another class at the same place: another group */
    simt_check_finding(f.ck, &f.vm, &bad);
    simt_check_report(f.ck, &f.vm, CHECK_SYNC, FIND_BAR_DIVERGENT, 2, idx, 33, 1, NULL);
    ck_assert_uint_eq(simt_check_count(f.ck), 3);
    simt_check_item item;
    simt_check_item_get(f.ck, 0, &item);
    ck_assert_int_eq(item.kind, FIND_BAD_ACCESS);
    ck_assert_uint_eq(item.count, 3);
    ck_assert_str_eq(item.message, "Invalid __global__ write of size 4 bytes");
    simt_check_item_get(f.ck, 2, &item);
    ck_assert_int_eq(item.kind, FIND_BAR_DIVERGENT);
    ck_assert_uint_eq(item.thread[0], 33);
    char *text;
    ck_assert_uint_eq(finish(&f, &text), 3);
    ck_assert_ptr_nonnull(strstr(text, "t.k:3:5: error: Invalid __global__ write of size 4 bytes"));
    ck_assert_ptr_nonnull(strstr(text, "t.k:3:5: error: Invalid __global__ write of size 8 bytes"));
    ck_assert_ptr_nonnull(strstr(text, "3 instances"));
    ck_assert_ptr_nonnull(strstr(text, "t.k:5:5: error: Barrier error detected. Divergent"));
    ck_assert_ptr_nonnull(strstr(text, "========= ERROR SUMMARY: 3 errors\n"));
    free(text);
    teardown(&f);
}
END_TEST

static Suite *check_suite(void)
{
    Suite *s = suite_create("check");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_race_between_warps);
    tcase_add_test(tc, test_barrier_orders);
    tcase_add_test(tc, test_warp_sync_orders_covered_lanes);
    tcase_add_test(tc, test_atomics_and_new_block);
    tcase_add_test(tc, test_init_and_param_names);
    tcase_add_test(tc, test_report_grouping);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return simt_run_suite(check_suite());
}
