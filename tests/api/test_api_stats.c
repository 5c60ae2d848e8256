/* tests/api/test_api_stats.c -- the statistics as data (simtvm_stats_count,
 * _launch, _metric, _value): the same numbers as --stats=json and csv print,
 * and every misuse answered with its status. */
#include <stdio.h>
#include <stdlib.h>

#include "api_test.h"

#define STATS_SOURCE                                                    \
    "__global__ void scale(float *x, int n) {\n"                         \
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"               \
    "    if (i % 3 == 0) x[i] = 2.0f * x[i]; else if (i < n) x[i] += 1.0f;\n" \
    "}\n"                                                               \
    "__global__ void tally(int *c) { __shared__ int s[64]; s[threadIdx.x * 2 % 64] = 1;\n" \
    "    __syncthreads(); atomicAdd(c, s[threadIdx.x % 64]); }\n"

/* A VM with statistics after two launches: scale<<<3,128>>>, tally<<<2,64>>>. */
static simtvm_vm *two_launches(void)
{
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.stats = 1;
    simtvm_vm *vm = test_vm(&cfg, STATS_SOURCE, NULL);
    simtvm_buffer *x, *c;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F32, 384, &x), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 1, &c), SIMTVM_OK);
    simtvm_arg a[] = {simtvm_arg_buffer(x), simtvm_arg_i32(300)};
    ck_assert_int_eq(simtvm_launch(vm, "scale", simtvm_dim3_of(3, 1, 1),
                                   simtvm_dim3_of(128, 1, 1), 0, a, 2, NULL), SIMTVM_OK);
    simtvm_arg b = simtvm_arg_buffer(c);
    ck_assert_int_eq(simtvm_launch(vm, "tally", simtvm_dim3_of(2, 1, 1),
                                   simtvm_dim3_of(64, 1, 1), 0, &b, 1, NULL), SIMTVM_OK);
    return vm;
}

/* v as --stats=json and csv print it. */
static void format_value(double v, char *buf, size_t len)
{
    snprintf(buf, len, v == (double)(long long)v ? "%.0f" : "%.6g", v);
}

/* The line of the JSON report that describes launch i (each starts with
 * {"kernel":), copied into buf. */
static void json_launch(const char *json, unsigned i, char *buf, size_t len)
{
    const char *p = json;
    for (unsigned k = 0; k <= i; k++) {
        p = strstr(p, "{\"kernel\":");
        ck_assert_ptr_nonnull(p);
        p += k < i;
    }
    size_t n = strcspn(p, "\n");
    ck_assert_uint_lt(n, len);
    memcpy(buf, p, n);
    buf[n] = '\0';
}

START_TEST(stats_data_match_the_reports)
{
    simtvm_vm *vm = two_launches();
    const char *text;
    ck_assert_int_eq(simtvm_stats(vm, "json", &text), SIMTVM_OK);
    char *json = strdup(text);
    ck_assert_int_eq(simtvm_stats(vm, "csv", &text), SIMTVM_OK);
    char *csv = strdup(text);
    unsigned n = 0;
    ck_assert_int_eq(simtvm_stats_count(vm, &n), SIMTVM_OK);
    ck_assert_uint_eq(n, 2);
    const char *kernels[] = {"scale", "tally"};
    for (unsigned i = 0; i < n; i++) {
        simtvm_launch_stats ls;
        ck_assert_int_eq(simtvm_stats_launch(vm, i, &ls), SIMTVM_OK);
        ck_assert_str_eq(ls.kernel, kernels[i]);
        ck_assert_uint_eq(ls.grid[0], i ? 2 : 3);
        ck_assert_uint_eq(ls.block[0], i ? 64 : 128);
        ck_assert_uint_eq(ls.grid[1] * ls.grid[2] * ls.block[1] * ls.block[2], 1);
        ck_assert_uint_gt(ls.nmetrics, 40);
        static char line[16384];
        json_launch(json, i, line, sizeof line);
        for (unsigned k = 0; k < ls.nmetrics; k++) {
            simtvm_metric m;
            ck_assert_int_eq(simtvm_stats_metric(vm, i, k, &m), SIMTVM_OK);
            char val[64], want[512];
            format_value(m.value, val, sizeof val);
            snprintf(want, sizeof want, "\"%s\":%s%s", m.name, val,
                     k + 1 < ls.nmetrics ? "," : "}");
            ck_assert_msg(strstr(line, want), "launch %u: %s not in %s", i, want, line);
            snprintf(want, sizeof want, "\"%u\",\"%s\",\"%s\",\"%s\",\"%s\"\n", i, ls.kernel,
                     m.name, m.unit, val);
            ck_assert_msg(strstr(csv, want), "%s not in the CSV", want);
            double v = -1;
            ck_assert_int_eq(simtvm_stats_value(vm, i, m.name, &v), SIMTVM_OK);
            ck_assert(v == m.value);
        }
    }
    double v;
    ck_assert_int_eq(simtvm_stats_value(vm, 0, "launch__grid_size", &v), SIMTVM_OK);
    ck_assert(v == 3);
    ck_assert_int_eq(simtvm_stats_value(vm, 1, "launch__block_size", &v), SIMTVM_OK);
    ck_assert(v == 64);
    ck_assert_int_eq(simtvm_stats_value(vm, 0, "simtvm__divergent_branches.sum", &v), SIMTVM_OK);
    ck_assert(v > 0);
    ck_assert_int_eq(simtvm_stats_value(vm, 1, "simtvm__barriers.sum", &v), SIMTVM_OK);
    ck_assert(v > 0);
    free(json);
    free(csv);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(stats_data_misuse)
{
    unsigned n = 7;
    simtvm_launch_stats ls;
    simtvm_metric m;
    double v = 5;
    ck_assert_int_eq(simtvm_stats_count(NULL, &n), SIMTVM_ERR_NULL);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(simtvm_stats_launch(NULL, 0, &ls), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_stats_metric(NULL, 0, 0, &m), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_stats_value(NULL, 0, "launch__grid_size", &v), SIMTVM_ERR_NULL);
    ck_assert(v == 0);

    simtvm_vm *vm = two_launches();
    ck_assert_int_eq(simtvm_stats_count(vm, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_stats_launch(vm, 0, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_stats_metric(vm, 0, 0, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_stats_value(vm, 0, NULL, &v), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_stats_value(vm, 0, "launch__grid_size", NULL), SIMTVM_ERR_NULL);
    /* out of range: a launch past the last, a metric past the last */
    ck_assert_int_eq(simtvm_stats_launch(vm, 2, &ls), SIMTVM_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "no launch 2"));
    ck_assert_ptr_null(ls.kernel);
    ck_assert_int_eq(simtvm_stats_metric(vm, 2, 0, &m), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_stats_value(vm, 99, "launch__grid_size", &v), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_stats_launch(vm, 0, &ls), SIMTVM_OK);
    ck_assert_int_eq(simtvm_stats_metric(vm, 0, ls.nmetrics, &m), SIMTVM_ERR_RANGE);
    ck_assert_ptr_null(m.name);
    /* an unknown metric, with a suggestion when one is near */
    ck_assert_int_eq(simtvm_stats_value(vm, 0, "smsp__inst_executed.sun", &v),
                     SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_ERR_NOT_FOUND);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "did you mean 'smsp__inst_executed.sum'"));
    ck_assert_int_eq(simtvm_stats_value(vm, 0, "no such thing at all", &v), SIMTVM_ERR_NOT_FOUND);
    ck_assert_ptr_null(strstr(simtvm_errmsg(vm), "did you mean"));
    ck_assert_int_eq(simtvm_stats_count(vm, &n), SIMTVM_OK);
    ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_OK);
    simtvm_vm_free(vm);

    /* no statistics without config.stats, and none before a load */
    vm = test_vm(NULL, STATS_SOURCE, NULL);
    ck_assert_int_eq(simtvm_stats_count(vm, &n), SIMTVM_ERR_MISUSE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "config.stats"));
    ck_assert_int_eq(simtvm_stats_launch(vm, 0, &ls), SIMTVM_ERR_MISUSE);
    simtvm_vm_free(vm);
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.stats = 1;
    ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_OK);
    ck_assert_int_eq(simtvm_stats_metric(vm, 0, 0, &m), SIMTVM_ERR_MISUSE);
    ck_assert_int_eq(simtvm_stats_value(vm, 0, "x", &v), SIMTVM_ERR_MISUSE);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(stats_data_no_launch_yet)
{
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.stats = 1;
    simtvm_vm *vm = test_vm(&cfg, STATS_SOURCE, NULL);
    unsigned n = 9;
    ck_assert_int_eq(simtvm_stats_count(vm, &n), SIMTVM_OK);
    ck_assert_uint_eq(n, 0);
    double v;
    ck_assert_int_eq(simtvm_stats_value(vm, 0, "launch__grid_size", &v), SIMTVM_ERR_RANGE);
    simtvm_vm_free(vm);
}
END_TEST

Suite *api_stats_suite(void)
{
    Suite *s = suite_create("api_stats");
    TCase *tc = tcase_create("stats");
    tcase_add_test(tc, stats_data_match_the_reports);
    tcase_add_test(tc, stats_data_misuse);
    tcase_add_test(tc, stats_data_no_launch_yet);
    suite_add_tcase(s, tc);
    return s;
}
