/* tests/api/test_api_tools.c -- what the command line needs beyond running:
 * device profiles and occupancy, suggestions, bytecode tests and
 * disassembly, module source, the command-line config fields, the trace
 * and report files, "explain" statistics and faults already printed. */
#include "api_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

START_TEST(devices_and_occupancy)
{
    ck_assert_int_ge(simtvm_device_count(), 3);
    simtvm_device_info d;
    ck_assert_int_eq(simtvm_device_builtin(-1, &d), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_device_builtin(0, NULL), SIMTVM_ERR_NULL);
    int found = 0;
    for (int k = 0; k < simtvm_device_count(); k++) {
        ck_assert_int_eq(simtvm_device_builtin(k, &d), SIMTVM_OK);
        found |= !strcmp(d.name, "h100");
    }
    ck_assert(found);
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.device = "a100";
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_OK);
    ck_assert_int_eq(simtvm_vm_device(vm, &d), SIMTVM_OK);
    ck_assert_str_eq(d.name, "a100");
    ck_assert_int_eq(d.major, 8);
    simtvm_occupancy r;
    ck_assert_int_eq(simtvm_vm_occupancy(vm, 256, 32, 0, 0, &r), SIMTVM_OK);
    ck_assert_int_eq(r.warps_per_block, 8);
    ck_assert_int_eq(r.blocks_per_sm, 8);          /* 2048 threads / 256 */
    ck_assert_str_eq(simtvm_occupancy_limit_name(r.limiter), "threads");
    ck_assert(r.occupancy_pct == 100.0);
    /* a block that cannot run: filled in, and SIMTVM_ERR_RANGE */
    ck_assert_int_eq(simtvm_vm_occupancy(vm, 256, 255, 1 << 20, 0, &r), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(r.blocks_per_sm, 0);
    ck_assert_int_eq(simtvm_vm_occupancy(vm, 256, 32, 0, 0, NULL), SIMTVM_ERR_NULL);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(suggestions)
{
    const char *names[] = {"saxpy", "reduce_sum", "scan"};
    ck_assert_str_eq(simtvm_suggest("saxpi", names, 3), "saxpy");
    ck_assert_str_eq(simtvm_suggest("reduce_sun", names, 3), "reduce_sum");
    ck_assert_ptr_null(simtvm_suggest("completely_else", names, 3));
    ck_assert_ptr_null(simtvm_suggest(NULL, names, 3));
    ck_assert_ptr_null(simtvm_suggest("x", NULL, 3));
}
END_TEST

START_TEST(lane_lists)
{
    char buf[64];
    simtvm_lane_list(buf, sizeof buf, 0xf | 1u << 8 | 3u << 10);
    ck_assert_str_eq(buf, "0-3,8,10-11");
    simtvm_lane_list(buf, sizeof buf, 0);
    ck_assert_str_eq(buf, "");
    simtvm_lane_list(buf, sizeof buf, 0xffffffffu);
    ck_assert_str_eq(buf, "0-31");
    simtvm_lane_list(buf, 12, 0x55555555u);   /* cut at a whole entry */
    ck_assert_str_eq(buf, "0,2,4");
    simtvm_lane_list(NULL, 8, 1);             /* no buffer: nothing */
}
END_TEST

START_TEST(bytecode_and_source)
{
    simtvm_module *mod;
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, &mod);
    ck_assert(simtvm_module_has_main(mod));
    ck_assert(!simtvm_module_has_main(NULL));
    int len = 0;
    const char *line = simtvm_module_source_line(mod, 3, &len);
    ck_assert_ptr_nonnull(line);
    ck_assert_int_eq(len, (int)strlen("__global__ void saxpy(float a, float *x, float *y, int n) {"));
    ck_assert(!strncmp(line, "__global__ void saxpy", 21));
    ck_assert_ptr_null(simtvm_module_source_line(mod, 999, &len));
    ck_assert_ptr_null(simtvm_module_source_line(mod, 0, &len));
    ck_assert_str_eq(simtvm_module_source_name(mod), "test.k");
    void *kbc;
    size_t n;
    ck_assert_int_eq(simtvm_module_to_kbc(mod, &kbc, &n), SIMTVM_OK);
    ck_assert(simtvm_is_kbc(kbc, n));
    ck_assert(!simtvm_is_kbc("int main", 8));
    ck_assert(!simtvm_is_kbc(kbc, 3));
    simtvm_free(kbc);
    char *text = NULL;
    ck_assert_int_eq(simtvm_module_disasm(mod, &text, &n), SIMTVM_OK);
    ck_assert_uint_eq(strlen(text), n);
    ck_assert_ptr_nonnull(strstr(text, "saxpy"));
    simtvm_free(text);
    ck_assert_int_eq(simtvm_module_disasm(NULL, &text, &n), SIMTVM_ERR_NULL);
    simtvm_module_free(mod);
    ck_assert_int_eq(simtvm_module_disasm(mod, &text, &n), SIMTVM_ERR_STALE);
    simtvm_vm_free(vm);
}
END_TEST

/* The command line's fields: the trace and report files, explain. */
START_TEST(views_and_explain)
{
    char dir[] = "/tmp/simtvm-api-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char trace[64], report[64];
    snprintf(trace, sizeof trace, "%s/t.json", dir);
    snprintf(report, sizeof report, "%s/r.html", dir);
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.stats = 1;
    cfg.trace_path = trace;
    cfg.report_path = report;
    cfg.max_printf = 4096;
    cfg.checks = SIMTVM_CHECK_API;
    simtvm_vm *vm = test_vm(&cfg, TEST_SOURCE, NULL);
    ck_assert_int_eq(simtvm_launch(vm, "count", simtvm_dim3_of(2, 1, 1),
                                   simtvm_dim3_of(32, 1, 1), 0, NULL, 0, NULL), SIMTVM_OK);
    const char *text = NULL;
    ck_assert_int_eq(simtvm_stats(vm, "explain", &text), SIMTVM_OK);
    ck_assert(strlen(text) > 0);
    ck_assert_int_eq(simtvm_write_views(vm, &text), SIMTVM_OK);
    ck_assert_str_eq(text, "");
    ck_assert_int_eq(access(trace, R_OK), 0);
    ck_assert_int_eq(access(report, R_OK), 0);
    simtvm_vm_free(vm);
    remove(trace);
    remove(report);
    rmdir(dir);
    /* -O0 (config.no_opt) compiles and runs the same program */
    simtvm_config_init(&cfg);
    cfg.no_opt = 1;
    vm = test_vm(&cfg, TEST_SOURCE, NULL);
    int code = 0;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 7);
    simtvm_vm_free(vm);
    /* nothing to write without paths */
    vm = test_vm(NULL, TEST_SOURCE, NULL);
    ck_assert_int_eq(simtvm_write_views(vm, &text), SIMTVM_OK);
    simtvm_vm_free(vm);
}
END_TEST

/* A kernel fault inside main() is reported when it happens (to the err
 * stream); its result says so, so that a caller prints it once. */
START_TEST(fault_printed_once)
{
    FILE *err = tmpfile();
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.err = err;
    const char *src = "__global__ void oob(int *p) { p[threadIdx.x + 100000] = 1; }\n"
                      "int main() { int *d; cudaMalloc(&d, 4); oob<<<1, 1>>>(d);\n"
                      "  cudaDeviceSynchronize(); return 0; }\n";
    simtvm_vm *vm = test_vm(&cfg, src, NULL);
    simtvm_result *r = NULL;
    simtvm_status st = simtvm_run_main(vm, 0, NULL, NULL, &r);
    ck_assert_int_eq(st, SIMTVM_ERR_FAULT);
    ck_assert_int_eq(simtvm_result_fault_printed(r), 1);
    ck_assert_int_gt(ftell(err), 0);
    simtvm_result_free(r);
    ck_assert(!simtvm_result_fault_printed(NULL));
    simtvm_vm_free(vm);
    fclose(err);
}
END_TEST

/* Findings as data: each group's kind, class, place and thread, read with
 * simtvm_finding_get after simtvm_findings, never from the report's text. */
START_TEST(findings_as_data)
{
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.checks = SIMTVM_CHECK_ALL;
    const char *src = "__global__ void k(int *p, int d) {\n"
                      "    __shared__ int s;\n"
                      "    s = threadIdx.x;\n"
                      "    if (threadIdx.x == 40) p[1000] = s;\n"
                      "    if (threadIdx.x == 3) p[1] = 7 / d;\n"
                      "}\n";
    simtvm_vm *vm = test_vm(&cfg, src, NULL);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 64, &b), SIMTVM_OK);
    simtvm_arg args[2] = { simtvm_arg_buffer(b), simtvm_arg_i32(0) };
    ck_assert_int_eq(simtvm_launch(vm, "k", simtvm_dim3_of(1, 1, 1), simtvm_dim3_of(64, 1, 1), 0,
                                   args, 2, NULL), SIMTVM_OK);
    unsigned n = 0;
    const char *text = NULL;
    ck_assert_int_eq(simtvm_findings(vm, &n, &text), SIMTVM_OK);
    int race = 0, bad = 0, div = 0;
    for (unsigned i = 0; i < n; i++) {
        simtvm_finding f;
        ck_assert_int_eq(simtvm_finding_get(vm, i, &f), SIMTVM_OK);
        ck_assert_ptr_nonnull(f.message);
        ck_assert_msg(f.kind == SIMTVM_FINDING_RACE || strstr(text, f.message) != NULL,
                      "%s not in %s", f.message, text);
        if (f.kind == SIMTVM_FINDING_RACE) {
            race++;
            ck_assert_msg(strstr(f.message, "Write/") == f.message, "%s", f.message);
            ck_assert_uint_eq(f.check, SIMTVM_CHECK_RACE);
        } else if (f.kind == SIMTVM_FINDING_BAD_ACCESS) {
            bad++;
            ck_assert_str_eq(f.message, "Invalid __global__ write of size 4 bytes");
            ck_assert_uint_eq(f.check, SIMTVM_CHECK_MEMORY);
            ck_assert_uint_eq(f.line, 4);
            ck_assert_int_eq(f.in_kernel, 1);
            ck_assert_uint_eq(f.thread[0], 40);
            ck_assert_uint_eq(f.count, 1);
        } else if (f.kind == SIMTVM_FINDING_DIV_ZERO) {
            div++;
            ck_assert_int_eq(f.warning, 1);
            ck_assert_uint_eq(f.line, 5);
            ck_assert_uint_eq(f.thread[0], 3);
        }
    }
    ck_assert_int_gt(race, 0);
    ck_assert_int_eq(bad, 1);
    ck_assert_int_eq(div, 1);
    simtvm_finding f;
    ck_assert_int_eq(simtvm_finding_get(vm, n, &f), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_finding_get(NULL, 0, &f), SIMTVM_ERR_NULL);
    /* the next read starts a new collection: nothing left */
    ck_assert_int_eq(simtvm_findings(vm, &n, &text), SIMTVM_OK);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(simtvm_finding_get(vm, 0, &f), SIMTVM_ERR_RANGE);
    simtvm_vm_free(vm);
}
END_TEST

/* The kind of fault main() ended with (its message printed to a scratch file). */
static simtvm_fault_kind fault_kind_of(const char *src)
{
    FILE *err = tmpfile();
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.err = err;
    simtvm_vm *vm = test_vm(&cfg, src, NULL);
    simtvm_result *r = NULL;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, NULL, &r), SIMTVM_ERR_FAULT);
    simtvm_fault f;
    ck_assert_int_eq(simtvm_result_fault(r, &f), SIMTVM_OK);
    simtvm_fault_kind k = f.kind;
    simtvm_result_free(r);
    simtvm_vm_free(vm);
    fclose(err);
    return k;
}

/* Faults as data: the kind says what went wrong, the message in words. */
START_TEST(fault_kinds)
{
    ck_assert_int_eq(fault_kind_of("__global__ void k(int *p) { p[threadIdx.x + 100000] = 1; }\n"
                                   "int main() { int *d; cudaMalloc(&d, 4); k<<<1, 1>>>(d);\n"
                                   "  cudaDeviceSynchronize(); return 0; }\n"),
                     SIMTVM_FAULT_ADDRESS);
    ck_assert_int_eq(fault_kind_of("__global__ void k(char *p) { *(int *)(p + 1) = 1; }\n"
                                   "int main() { char *d; cudaMalloc(&d, 8); k<<<1, 1>>>(d);\n"
                                   "  cudaDeviceSynchronize(); return 0; }\n"),
                     SIMTVM_FAULT_MISALIGNED);
    ck_assert_int_eq(fault_kind_of("__global__ void k() { __trap(); }\n"
                                   "int main() { k<<<1, 1>>>(); cudaDeviceSynchronize();\n"
                                   "  return 0; }\n"),
                     SIMTVM_FAULT_TRAP);
    ck_assert_int_eq(fault_kind_of("int zero;\nint main() { return 7 / zero; }\n"),
                     SIMTVM_FAULT_DIV_ZERO);
    ck_assert_int_eq(fault_kind_of("#include <assert.h>\nint zero;\n"
                                   "int main() { assert(zero == 1); return 0; }\n"),
                     SIMTVM_FAULT_ASSERT);
}
END_TEST

Suite *api_tools_suite(void)
{
    Suite *s = suite_create("api_tools");
    TCase *tc = tcase_create("tools");
    tcase_add_test(tc, devices_and_occupancy);
    tcase_add_test(tc, suggestions);
    tcase_add_test(tc, lane_lists);
    tcase_add_test(tc, bytecode_and_source);
    tcase_add_test(tc, views_and_explain);
    tcase_add_test(tc, fault_printed_once);
    tcase_add_test(tc, findings_as_data);
    tcase_add_test(tc, fault_kinds);
    suite_add_tcase(s, tc);
    return s;
}
