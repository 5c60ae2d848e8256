/* tests/unit/test_model.c -- the performance model (runtime/model*.c):
 * coalescing, shared-memory banks (the gcd rule, broadcast, 64-bit accesses),
 * the sectored LRU cache, occupancy, latency hiding in the timing model, and
 * the JSON/CSV/text reports.  Self-contained: a hand-made module drives the
 * observation hooks directly.  Speaks TAP through Check. */
#include <check.h>

#include "tests/unit/check_tap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/model.h"
#include "runtime/observers.h"
#include "vm/memunit.h"
#include "vm/occupancy.h"
#include "vm/opcodes.h"

/* ---------------------------------------------------------------- fixtures */

#define GBASE SIMT_ADDR(SPACE_GLOBAL, 0x10000) /* 256-byte aligned, like cudaMalloc */
#define SBASE SIMT_ADDR(SPACE_SHARED, 0)

/* A full-warp access of `size` bytes per lane at base + lane * stride. */
static simt_warp_access strided(uint64_t base, uint64_t stride, unsigned size, unsigned kind)
{
    simt_warp_access a;
    memset(&a, 0, sizeof a);
    a.op = kind == ACC_WRITE ? OP_ST32 : OP_LD32;
    a.kind = (uint8_t)kind;
    a.size = (uint8_t)size;
    a.mask = 0xffffffffu;
    a.width = 32;
    for (unsigned l = 0; l < 32; l++)
        a.addr[l] = base + l * stride;
    simt_access_classify(&a); /* as the memory unit (vm/memunit.h) */
    return a;
}

static unsigned sectors_of(const simt_warp_access *a, unsigned *lines)
{
    uint64_t s[SIMT_MAX_SECTORS];
    unsigned lanes;
    return simt_coalesce(a, SPACE_GLOBAL, s, lines, &lanes);
}

static unsigned gcd(unsigned a, unsigned b)
{
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* ---------------------------------------------------------------- coalescing */

START_TEST(test_coalesce_strides)
{
    /* 4-byte loads: stride 1 -> 4 sectors; 2 -> 8; 4 -> 16; 8 and more -> 32. */
    static const unsigned want[] = {4, 8, 16, 32, 32, 32};
    for (unsigned k = 0; k < 6; k++) {
        simt_warp_access a = strided(GBASE, 4u << k, 4, ACC_READ);
        unsigned lines;
        ck_assert_uint_eq(sectors_of(&a, &lines), want[k]);
    }
    /* The seed's stride-16 example: 16 128-byte transactions, 32 sectors. */
    simt_warp_access a = strided(GBASE, 64, 4, ACC_READ);
    unsigned lines;
    ck_assert_uint_eq(sectors_of(&a, &lines), 32);
    ck_assert_uint_eq(lines, 16);
    /* Coalesced: one line. Misaligned by one float: 5 sectors, 2 lines. */
    a = strided(GBASE, 4, 4, ACC_READ);
    ck_assert_uint_eq(sectors_of(&a, &lines), 4);
    ck_assert_uint_eq(lines, 1);
    a = strided(GBASE + 4, 4, 4, ACC_READ);
    ck_assert_uint_eq(sectors_of(&a, &lines), 5);
    ck_assert_uint_eq(lines, 2);
    /* 8-byte lanes: 256 bytes, 8 sectors. */
    a = strided(GBASE, 8, 8, ACC_READ);
    ck_assert_uint_eq(sectors_of(&a, &lines), 8);
}
END_TEST

START_TEST(test_coalesce_same_and_mixed)
{
    simt_warp_access a = strided(GBASE + 40, 0, 4, ACC_READ);
    unsigned lines;
    ck_assert_uint_eq(sectors_of(&a, &lines), 1);
    /* A generic pointer: lanes 16..31 point into shared memory. */
    a = strided(GBASE, 4, 4, ACC_READ);
    for (unsigned l = 16; l < 32; l++)
        a.addr[l] = SBASE + 4 * l;
    simt_access_classify(&a);
    uint64_t s[SIMT_MAX_SECTORS];
    unsigned lanes;
    ck_assert_uint_eq(simt_coalesce(&a, SPACE_GLOBAL, s, &lines, &lanes), 2);
    ck_assert_uint_eq(lanes, 16);
    /* An inactive lane touches nothing. */
    a = strided(GBASE, 128, 4, ACC_READ);
    a.mask = 0x3;
    simt_access_classify(&a);
    ck_assert_uint_eq(sectors_of(&a, &lines), 2);
    unsigned same;
    a = strided(GBASE, 0, 4, ACC_ATOMIC);
    ck_assert_uint_eq(simt_distinct_addresses(&a, SPACE_GLOBAL, &same), 1);
    ck_assert_uint_eq(same, 32);
}
END_TEST

/* ---------------------------------------------------------------- banks */

START_TEST(test_banks_gcd_rule)
{
    /* A stride of s words conflicts gcd(s, 32) ways: 8 and 24 -> 8, odd -> 1. */
    for (unsigned s = 1; s <= 64; s++) {
        simt_warp_access a = strided(SBASE, 4 * s, 4, ACC_READ);
        unsigned ideal;
        ck_assert_uint_eq(simt_bank_wavefronts(&a, &ideal), gcd(s, 32));
        ck_assert_uint_eq(ideal, 1);
    }
}
END_TEST

START_TEST(test_banks_broadcast_and_padding)
{
    unsigned ideal;
    simt_warp_access a = strided(SBASE + 20, 0, 4, ACC_READ);
    ck_assert_uint_eq(simt_bank_wavefronts(&a, &ideal), 1); /* broadcast */
    for (unsigned l = 0; l < 32; l++)
        a.addr[l] = SBASE + 4 * 32 * (l & 1); /* two words of bank 0 */
    simt_access_classify(&a);
    ck_assert_uint_eq(simt_bank_wavefronts(&a, &ideal), 2);
    /* Column of a 32x32 tile: 32-way; of a 32x33 tile: none. */
    a = strided(SBASE, 4 * 32, 4, ACC_READ);
    ck_assert_uint_eq(simt_bank_wavefronts(&a, &ideal), 32);
    a = strided(SBASE, 4 * 33, 4, ACC_READ);
    ck_assert_uint_eq(simt_bank_wavefronts(&a, &ideal), 1);
    /* Bytes of one word are one word. */
    a = strided(SBASE, 1, 1, ACC_READ);
    ck_assert_uint_eq(simt_bank_wavefronts(&a, &ideal), 1);
}
END_TEST

START_TEST(test_banks_64bit)
{
    unsigned ideal;
    /* Consecutive doubles: each half warp moves 128 bytes in one wavefront. */
    simt_warp_access a = strided(SBASE, 8, 8, ACC_READ);
    ck_assert_uint_eq(simt_bank_wavefronts(&a, &ideal), 2);
    ck_assert_uint_eq(ideal, 2);
    /* Every other double: lanes l and l+8 of a half share banks. */
    a = strided(SBASE, 16, 8, ACC_READ);
    ck_assert_uint_eq(simt_bank_wavefronts(&a, &ideal), 4);
    /* Half a warp active: one group. */
    a = strided(SBASE, 8, 8, ACC_READ);
    a.mask = 0xffff;
    simt_access_classify(&a);
    ck_assert_uint_eq(simt_bank_wavefronts(&a, &ideal), 1);
    ck_assert_uint_eq(ideal, 1);
}
END_TEST

/* ---------------------------------------------------------------- cache */

START_TEST(test_cache_lru_sectored)
{
    simt_cache c;
    /* 2 ways x 1 set of 128-byte lines. */
    ck_assert_int_eq(simt_cache_init(&c, 256, 2, NULL), 0);
    ck_assert_int_eq(simt_cache_access(&c, 0, 1), 0); /* cold miss */
    ck_assert_int_eq(simt_cache_access(&c, 0, 1), 1);
    ck_assert_int_eq(simt_cache_access(&c, 1, 1), 0); /* same line, other sector */
    ck_assert_int_eq(simt_cache_access(&c, 1, 1), 1);
    ck_assert_int_eq(simt_cache_access(&c, 4, 1), 0); /* line 1 */
    ck_assert_int_eq(simt_cache_access(&c, 0, 1), 1); /* line 0 is now most recent */
    ck_assert_int_eq(simt_cache_access(&c, 8, 1), 0); /* line 2 evicts line 1 */
    ck_assert_int_eq(simt_cache_access(&c, 0, 1), 1);
    ck_assert_int_eq(simt_cache_access(&c, 4, 1), 0);
    /* No allocation on a write-through miss; invalidation drops a sector. */
    ck_assert_int_eq(simt_cache_access(&c, 100, 0), 0);
    ck_assert_int_eq(simt_cache_access(&c, 100, 0), 0);
    simt_cache_invalidate(&c, 4);
    ck_assert_int_eq(simt_cache_access(&c, 4, 1), 0);
    simt_cache_reset(&c, 256);
    ck_assert_int_eq(simt_cache_access(&c, 4, 1), 0);
    simt_cache_free(&c, NULL);
}
END_TEST

START_TEST(test_cache_thrashing)
{
    /* A working set that fits hits after the first pass; twice the size misses. */
    simt_cache c;
    ck_assert_int_eq(simt_cache_init(&c, 64 * 1024, 4, NULL), 0);
    unsigned hits = 0;
    for (int pass = 0; pass < 2; pass++)
        for (uint64_t s = 0; s < 32 * 1024 / 32; s++)
            hits += (unsigned)simt_cache_access(&c, s, 1);
    ck_assert_uint_eq(hits, 1024);
    simt_cache_reset(&c, 64 * 1024);
    hits = 0;
    for (int pass = 0; pass < 2; pass++)
        for (uint64_t s = 0; s < 128 * 1024 / 32; s++)
            hits += (unsigned)simt_cache_access(&c, s, 1);
    ck_assert_uint_lt(hits, 512);
    simt_cache_free(&c, NULL);
}
END_TEST

/* ---------------------------------------------------------------- occupancy */

START_TEST(test_occupancy_textbook)
{
    const simt_device_profile *a100 = simt_device_builtin("a100");
    simt_occupancy o;
    /* PMPP's worked example: 256 threads, 32 registers, 4 KB: 8 blocks, 100%. */
    ck_assert_int_eq(simt_occupancy_compute(a100, 256, 32, 4096, 0, &o), 0);
    ck_assert_int_eq(o.blocks_per_sm, 8);
    ck_assert_int_eq(o.limiter, OCC_THREADS);
    ck_assert(o.occupancy_pct > 99.9);
    /* 64 registers: the registers limit it to 4 blocks, 50%. */
    ck_assert_int_eq(simt_occupancy_compute(a100, 256, 64, 4096, 0, &o), 0);
    ck_assert_int_eq(o.blocks_per_sm, 4);
    ck_assert_int_eq(o.limiter, OCC_REGISTERS);
    ck_assert(o.occupancy_pct > 49.9 && o.occupancy_pct < 50.1);
    /* Small blocks: the block slots limit. */
    ck_assert_int_eq(simt_occupancy_compute(a100, 32, 16, 0, 0, &o), 0);
    ck_assert_int_eq(o.limiter, OCC_BLOCKS);
    ck_assert_int_eq(o.blocks_per_sm, 32);
}
END_TEST

/* ---------------------------------------------------------------- the hooks */

/* A kernel `k`: pc 0 loads R4 from [R3], pc 1 adds R4 + R4 into R5, pc 2
 * stores R5 to [R3]; every instruction on line 2 of a two-line source. */
typedef struct fake {
    simt_module mod;
    simt_func func;
    simt_insn code[3];
    simt_srcpos pos[3];
} fake;

static void fake_init(fake *f)
{
    memset(f, 0, sizeof *f);
    f->code[0] = (simt_insn){OP_LD32, 4, 3, 0, 0, 0};
    f->code[1] = (simt_insn){OP_ADD_F32, 5, 4, 4, 0, 0};
    f->code[2] = (simt_insn){OP_ST32, 5, 3, 0, 0, 0};
    for (int i = 0; i < 3; i++)
        f->pos[i] = (simt_srcpos){2, 5};
    f->func.name = (char *)"k";
    f->func.nregs = 16;
    f->func.kind = FN_KERNEL;
    f->func.end = 3;
    f->mod.source_name = (char *)"fake.k";
    f->mod.source = (char *)"// fake\nout[t] = in[t] + in[t];\n";
    f->mod.code = f->code;
    f->mod.pos = f->pos;
    f->mod.ncode = 3;
    f->mod.funcs = &f->func;
    f->mod.nfuncs = 1;
    f->mod.main_func = -1;
}

/* One launch of `warps` warps in one block: each loads 32 consecutive floats
 * (its own 128 bytes), adds, stores.  mask: the lanes that take part. */
static void run_fake(simt_model *m, uint32_t warps, uint32_t mask)
{
    simt_launch_info li = {.grid = {1, 1, 1}, .block = {warps * 32, 1, 1}};
    uint32_t idx[3] = {0, 0, 0};
    simt_model_launch_begin(m, &li);
    simt_model_block_begin(m, idx, warps * 32);
    for (uint32_t w = 0; w < warps; w++) {
        simt_warp_access a = strided(GBASE + 128 * w, 4, 4, ACC_READ);
        a.mask = mask;
        simt_access_classify(&a);
        a.warp = w;
        simt_model_issue(m, 0, mask, w);
        a.pc = 0;
        simt_model_access(m, &a);
        simt_model_issue(m, 1, mask, w);
        simt_model_issue(m, 2, mask, w);
        a.pc = 2;
        a.kind = ACC_WRITE;
        simt_model_access(m, &a);
    }
    simt_model_launch_end(m);
}

static char *report(simt_model *m, const char *format)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(simt_model_report(m, f, format), 0);
    fclose(f);
    return buf;
}

START_TEST(test_latency_hiding)
{
    fake f;
    fake_init(&f);
    const simt_device_profile *h100 = simt_device_builtin("h100");
    simt_model *m = simt_model_new(&f.mod, h100, NULL);
    ck_assert_ptr_nonnull(m);
    run_fake(m, 1, 0xffffffffu);
    uint64_t one = simt_model_last_cycles(m);
    run_fake(m, 16, 0xffffffffu);
    uint64_t sixteen = simt_model_last_cycles(m);
    /* One warp waits for DRAM; sixteen warps wait for it together. */
    ck_assert_uint_ge(one, (uint64_t)h100->lat_dram);
    ck_assert_uint_lt(sixteen, one + 32);
    ck_assert_uint_gt(m->launches[0].c[CNT_STALL_LONG_SB], 0);
    simt_model_free(m);
}
END_TEST

START_TEST(test_report_json_csv)
{
    fake f;
    fake_init(&f);
    simt_model *m = simt_model_new(&f.mod, simt_device_builtin("h100"), NULL);
    ck_assert_ptr_nonnull(m);
    /* half the lanes of 3 instructions per warp, and every lane of each
     * warp's entry (1 instruction: the fake kernel has no parameters):
     * (2 x 3 x 16 + 64) / 8 = 20 lanes, 62.5% SIMT efficiency */
    run_fake(m, 2, 0x0000ffffu);
    char *json = report(m, "json");
    ck_assert_msg(strncmp(json, "{\"launches\":[", 13) == 0, "%s", json);
    ck_assert_ptr_nonnull(strstr(json, "{\"kernel\":\"k\",\"grid\":[1,1,1],\"block\":[64,1,1],"
                                       "\"metrics\":{"));
    ck_assert_ptr_nonnull(strstr(json, "\"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum\":2,"));
    ck_assert_ptr_nonnull(strstr(json, "\"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum\":4,"));
    ck_assert_ptr_nonnull(strstr(json, "\"smsp__thread_inst_executed_per_inst_executed.ratio\""
                                       ":20,"));
    ck_assert_ptr_nonnull(strstr(json, "\"simtvm__simt_efficiency.pct\":62.5,"));
    ck_assert_ptr_nonnull(strstr(json, "\"sm__cycles_elapsed.max\":"));
    ck_assert_ptr_nonnull(strstr(json, "]}\n"));
    free(json);
    char *csv = report(m, "csv");
    static const char header[] =
        "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
    ck_assert_msg(strncmp(csv, header, sizeof header - 1) == 0, "%s", csv);
    ck_assert_ptr_nonnull(strstr(csv, "\"0\",\"k\",\"l1tex__t_sectors_pipe_lsu_mem_global_op_st"
                                      ".sum\",\"sector\",\"4\"\n"));
    free(csv);
    char *text = report(m, "text");
    ck_assert_ptr_nonnull(strstr(text, "SIMT efficiency          62.5 %"));
    ck_assert_ptr_nonnull(strstr(text, "fake.k:2"));
    ck_assert_ptr_nonnull(strstr(text, "warp cycles     per warp   share"));
    free(text);
    FILE *null = fopen("/dev/null", "w");
    ck_assert_int_eq(simt_model_report(m, null, "xml"), -1);
    fclose(null);
    simt_model_free(m);
}
END_TEST

START_TEST(test_no_launch)
{
    fake f;
    fake_init(&f);
    simt_model *m = simt_model_new(&f.mod, simt_device_builtin("v100"), NULL);
    ck_assert_ptr_nonnull(m);
    char *json = report(m, "json");
    ck_assert_str_eq(json, "{\"launches\":[\n]}\n");
    free(json);
    ck_assert_uint_eq(simt_model_last_cycles(m), 0);
    simt_model_free(m);
}
END_TEST

/* A straight kernel of ten instructions: a load into r4, a chain of eight
 * ALU instructions (a folded MOV among them) reading it, a store of r12. */
typedef struct chain {
    simt_module mod;
    simt_func func;
    simt_insn code[10];
} chain;

static void chain_init(chain *c)
{
    memset(c, 0, sizeof *c);
    c->code[0] = (simt_insn){OP_LD32, 4, 3, 0, 0, 0};
    c->code[1] = (simt_insn){OP_ADD_F32, 5, 4, 4, 0, 0};
    c->code[2] = (simt_insn){OP_MUL_F32, 6, 5, 5, 0, 0};
    c->code[3] = (simt_insn){OP_ADD_F32, 7, 6, 5, 0, 0};
    c->code[4] = (simt_insn){OP_MOV, 8, 7, 0, 0, 0};
    c->code[5] = (simt_insn){OP_ADD_F32, 9, 8, 8, 0, 0};
    c->code[6] = (simt_insn){OP_MUL_F32, 10, 9, 13, 0, 0};
    c->code[7] = (simt_insn){OP_ADD_F32, 11, 10, 9, 0, 0};
    c->code[8] = (simt_insn){OP_ADD_F32, 12, 11, 11, 0, 0};
    c->code[9] = (simt_insn){OP_ST32, 12, 3, 0, 0, 0};
    c->func.name = (char *)"k";
    c->func.nregs = 16;
    c->func.kind = FN_KERNEL;
    c->func.end = 10;
    c->mod.source_name = (char *)"chain.k";
    c->mod.code = c->code;
    c->mod.ncode = 10;
    c->mod.funcs = &c->func;
    c->mod.nfuncs = 1;
    c->mod.main_func = -1;
}

/* Three rounds of the chain by two warps, the ALU instructions told as
 * pieces (issue_runs, pieces 1 on) or one run per piece (issue_run); each
 * warp's clock after each round into clocks[round][warp]. */
static uint64_t run_chain(simt_model *m, int pieces, uint64_t clocks[3][2])
{
    simt_launch_info li = {.grid = {1, 1, 1}, .block = {64, 1, 1}};
    uint32_t idx[3] = {0, 0, 0};
    simt_model_launch_begin(m, &li);
    simt_model_block_begin(m, idx, 64);
    /* round 0: pcs 1..3 and 4..8; rounds 1 and 2: pcs 1..8 twice, as a
     * loop would (the first time it waits for the load's r4; the second
     * time every input is ready: timing.c ready_piece's constants) */
    const simt_pc_run split[2] = {{3, 3}, {8, 5}}, whole[2] = {{8, 8}, {8, 8}};
    for (int round = 0; round < 3; round++)
        for (uint32_t w = 0; w < 2; w++) {
            simt_warp_access a = strided(GBASE + 128 * w + 4096 * (uint64_t)round, 4, 4, ACC_READ);
            a.warp = w;
            a.pc = 0;
            simt_model_issue_run(m, 0, 1, a.mask, w);
            simt_model_access(m, &a);
            const simt_pc_run *runs = round ? whole : split;
            uint32_t n = 2;
            if (pieces)
                simt_model_issue_runs(m, runs, n, 0, 0, a.mask, w);
            else
                for (uint32_t k = 0; k < n; k++)
                    simt_model_issue_run(m, runs[k].last, runs[k].n, a.mask, w);
            a.pc = 9;
            a.kind = ACC_WRITE;
            simt_model_issue_run(m, 9, 1, a.mask, w);
            simt_model_access(m, &a);
            clocks[round][w] = simt_model_clock(m, w);
        }
    simt_model_launch_end(m);
    return simt_model_last_cycles(m);
}

/* The model that drives only the clocks (no statistics: its own loop, kept
 * pieces, runs in pieces) gives the same times as the counting one. */
START_TEST(test_clock_only_same_times)
{
    chain c;
    chain_init(&c);
    const simt_device_profile *h100 = simt_device_builtin("h100");
    uint64_t want[3][2], got[3][2], again[3][2];
    simt_model *counted = simt_model_new(&c.mod, h100, NULL);
    simt_model *clock_only = simt_model_new(&c.mod, h100, NULL);
    ck_assert_ptr_nonnull(counted);
    ck_assert_ptr_nonnull(clock_only);
    simt_model_keep_lines(clock_only, 0);
    ck_assert_int_eq(clock_only->clock_only, 1);
    ck_assert_int_eq(counted->clock_only, 0);
    uint64_t cycles = run_chain(counted, 0, want);
    ck_assert_uint_eq(run_chain(clock_only, 1, got), cycles);
    ck_assert_uint_eq(run_chain(clock_only, 0, again), cycles); /* pieces kept already */
    for (int round = 0; round < 3; round++)
        for (int w = 0; w < 2; w++) {
            ck_assert_uint_eq(got[round][w], want[round][w]);
            ck_assert_uint_eq(again[round][w], want[round][w]);
        }
    /* the chain waits for the load every round: its clock passes DRAM's latency */
    ck_assert_uint_gt(want[0][0], (uint64_t)h100->lat_dram);
    simt_model_free(counted);
    simt_model_free(clock_only);
}
END_TEST

static Suite *model_suite(void)
{
    Suite *s = suite_create("model");
    TCase *tc = tcase_create("model");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_coalesce_strides);
    tcase_add_test(tc, test_coalesce_same_and_mixed);
    tcase_add_test(tc, test_banks_gcd_rule);
    tcase_add_test(tc, test_banks_broadcast_and_padding);
    tcase_add_test(tc, test_banks_64bit);
    tcase_add_test(tc, test_cache_lru_sectored);
    tcase_add_test(tc, test_cache_thrashing);
    tcase_add_test(tc, test_occupancy_textbook);
    tcase_add_test(tc, test_latency_hiding);
    tcase_add_test(tc, test_report_json_csv);
    tcase_add_test(tc, test_no_launch);
    tcase_add_test(tc, test_clock_only_same_times);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return simt_run_suite(model_suite());
}
