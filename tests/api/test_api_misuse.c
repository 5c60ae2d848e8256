/* tests/api/test_api_misuse.c -- the embedder's mistakes the other API tests
 * do not make: arguments of the wrong type for a kernel's parameters, NULL
 * outputs where only the input is checked elsewhere, a block too deep,
 * statistics and findings asked of a VM configured without them, the
 * readers of a module given lines and names that are not there; and a
 * native registered after the load. */
#include "api_test.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const simtvm_dim3 ONE_DIM = {1, 1, 1};

/* saxpy(float a, float *x, float *y, int n) of TEST_SOURCE. */
START_TEST(launch_argument_types)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    simtvm_buffer *ints, *floats;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 4, &ints), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F32, 4, &floats), SIMTVM_OK);
    /* an int buffer for float *x */
    simtvm_arg wrong_buffer[] = {simtvm_arg_f32(2.0f), simtvm_arg_buffer(ints),
                                 simtvm_arg_buffer(floats), simtvm_arg_i32(4)};
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE_DIM, ONE_DIM, 0, wrong_buffer, 4, NULL),
                     SIMTVM_ERR_ARGS);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "argument 2 ('x') of saxpy is float *, given a buffer of int"),
                  "%s", simtvm_errmsg(vm));
    /* a double for int n, and a number for a pointer */
    simtvm_arg wrong_scalar[] = {simtvm_arg_f32(2.0f), simtvm_arg_buffer(floats),
                                 simtvm_arg_buffer(floats), simtvm_arg_f64(4.0)};
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE_DIM, ONE_DIM, 0, wrong_scalar, 4, NULL),
                     SIMTVM_ERR_ARGS);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "'n'"), "%s", simtvm_errmsg(vm));
    simtvm_arg number_for_pointer[] = {simtvm_arg_f32(2.0f), simtvm_arg_i64(64),
                                       simtvm_arg_buffer(floats), simtvm_arg_i32(4)};
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE_DIM, ONE_DIM, 0, number_for_pointer, 4,
                                   NULL), SIMTVM_ERR_ARGS);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "'x'"), "%s", simtvm_errmsg(vm));
    /* the right ones run */
    simtvm_arg right[] = {simtvm_arg_f32(2.0f), simtvm_arg_buffer(floats),
                          simtvm_arg_buffer(floats), simtvm_arg_i32(4)};
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE_DIM, simtvm_dim3_of(4, 1, 1), 0, right, 4,
                                   NULL), SIMTVM_OK);
    simtvm_vm_free(vm);
}
END_TEST

/* Geometry a GPU refuses, each with its reason. */
START_TEST(launch_geometry)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    ck_assert_int_eq(simtvm_launch(vm, "count", ONE_DIM, simtvm_dim3_of(1, 1, 65), 0, NULL, 0,
                                   NULL), SIMTVM_ERR_RANGE);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "z <= 64"), "%s", simtvm_errmsg(vm));
    ck_assert_int_eq(simtvm_launch(vm, "count", ONE_DIM, simtvm_dim3_of(1, 1025, 1), 0, NULL, 0,
                                   NULL), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_launch(vm, "count", simtvm_dim3_of(1, 1, 65536), ONE_DIM, 0, NULL,
                                   0, NULL), SIMTVM_ERR_RANGE);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "65535"), "%s", simtvm_errmsg(vm));
    ck_assert_int_eq(simtvm_launch(vm, "count", ONE_DIM, ONE_DIM, 0, NULL, 0, NULL), SIMTVM_OK);
    simtvm_vm_free(vm);
}
END_TEST

/* NULL outputs: the output is checked as well as the input. */
START_TEST(null_outputs)
{
    simtvm_module *mod;
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, &mod);
    ck_assert_int_eq(simtvm_buffer_of_global(vm, "counter", NULL), SIMTVM_ERR_NULL);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "NULL out"));
    ck_assert_int_eq(simtvm_buffer_from_npy(vm, "x", 1, NULL), SIMTVM_ERR_NULL);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "NULL out"));
    ck_assert_int_eq(simtvm_buffer_load_npy(vm, "x.npy", NULL), SIMTVM_ERR_NULL);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "NULL out"));
    simtvm_buffer *b = (simtvm_buffer *)1;
    ck_assert_int_eq(simtvm_buffer_load_npy(vm, "/nonexistent-dir/x.npy", &b), SIMTVM_ERR_IO);
    ck_assert_ptr_null(b);
    void *data;
    size_t len;
    ck_assert_int_eq(simtvm_module_to_kbc(mod, &data, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_module_to_kbc(mod, NULL, &len), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_module_to_kbc(mod, &data, &len), SIMTVM_OK);
    ck_assert_int_eq(simtvm_module_from_kbc(vm, data, len, NULL), SIMTVM_ERR_NULL);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "NULL out"));
    simtvm_free(data);
    unsigned char noise[64];
    for (size_t i = 0; i < sizeof noise; i++)
        noise[i] = (unsigned char)(i * 37 + 11);
    simtvm_module *m = (simtvm_module *)1;
    ck_assert_int_eq(simtvm_module_from_kbc(vm, noise, sizeof noise, &m), SIMTVM_ERR_BYTECODE);
    ck_assert_ptr_null(m);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "not a valid .kbc image"));
    ck_assert_int_eq(simtvm_run_main(vm, -1, NULL, NULL, NULL), SIMTVM_ERR_NULL);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "argc -1"));
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
}
END_TEST

/* Statistics and findings of a VM made without them, or before a load. */
START_TEST(stats_and_findings_not_configured)
{
    simtvm_vm *bare;
    ck_assert_int_eq(simtvm_vm_new(NULL, &bare), SIMTVM_OK);
    const char *text = "x";
    unsigned n = 9;
    ck_assert_int_eq(simtvm_stats(bare, "text", &text), SIMTVM_ERR_MISUSE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(bare), "no module is loaded"));
    ck_assert_int_eq(simtvm_findings(bare, &n, &text), SIMTVM_ERR_MISUSE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(bare), "no module is loaded"));
    ck_assert_uint_eq(n, 0);
    ck_assert_ptr_null(text);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_from_npy(bare, "x", 1, &b), SIMTVM_ERR_MISUSE);
    ck_assert_int_eq(simtvm_buffer_load_npy(bare, "x.npy", &b), SIMTVM_ERR_MISUSE);
    simtvm_vm_free(bare);

    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    ck_assert_int_eq(simtvm_stats(vm, "text", &text), SIMTVM_ERR_MISUSE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "config.stats = 1"));
    ck_assert_int_eq(simtvm_stats(vm, "yaml", &text), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_findings(vm, NULL, NULL), SIMTVM_ERR_MISUSE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "config.checks"));
    simtvm_vm_free(vm);

    /* with a checker: a count or the text alone */
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.checks = SIMTVM_CHECK_MEMORY;
    vm = test_vm(&cfg, TEST_SOURCE, NULL);
    ck_assert_int_eq(simtvm_launch(vm, "count", ONE_DIM, ONE_DIM, 0, NULL, 0, NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_findings(vm, NULL, &text), SIMTVM_OK);
    ck_assert_ptr_nonnull(text);
    ck_assert_int_eq(simtvm_findings(vm, &n, NULL), SIMTVM_OK);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(simtvm_findings(vm, NULL, NULL), SIMTVM_OK);
    simtvm_vm_free(vm);
}
END_TEST

/* A module's readers: lines past the end, the last line without a newline
 * and its trailing blanks, a NULL kernel name. */
START_TEST(module_readers)
{
    const char *src = "__global__ void k(int *p) { *p = 1; }\n"
                      "int main() { return 0; } \t ";
    simtvm_module *mod;
    simtvm_vm *vm = test_vm(NULL, src, &mod);
    int len = -1;
    const char *line = simtvm_module_source_line(mod, 2, &len);
    ck_assert_ptr_nonnull(line);
    ck_assert_int_eq(len, (int)strlen("int main() { return 0; }"));
    ck_assert_ptr_null(simtvm_module_source_line(mod, 3, &len));
    ck_assert_ptr_null(simtvm_module_source_line(mod, 0, &len));
    ck_assert_ptr_null(simtvm_module_source_line(mod, 1, NULL));
    ck_assert_int_eq(simtvm_module_param_count(mod, NULL), -1);
    ck_assert_int_eq(simtvm_module_param_count(mod, "main"), -1); /* not a kernel */
    ck_assert_int_eq(simtvm_module_param_count(mod, "k"), 1);
    ck_assert_str_eq(simtvm_module_source_name(mod), "test.k");
    simtvm_module_free(mod);
    ck_assert_str_eq(simtvm_module_source_name(mod), ""); /* freed: its VM still holds it */
    ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_ERR_STALE);
    simtvm_vm_free(vm);
}
END_TEST

/* A native registered after the load takes the place of libm's function at
 * once: the loaded module's imports are bound again. */
static double thirds(double x)
{
    return x / 3.0;
}

START_TEST(native_replaces_libm_after_load)
{
    const char *src = "extern __device__ double cbrt(double);\n"
                      "__global__ void k(double *p) { p[0] = cbrt(p[0]); }\n";
    simtvm_vm *vm = test_vm(NULL, src, NULL);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F64, 1, &b), SIMTVM_OK);
    double v = 27.0;
    ck_assert_int_eq(simtvm_buffer_write(b, 0, &v, sizeof v), SIMTVM_OK);
    simtvm_arg arg = simtvm_arg_buffer(b);
    ck_assert_int_eq(simtvm_launch(vm, "k", ONE_DIM, ONE_DIM, 0, &arg, 1, NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_read(b, 0, &v, sizeof v), SIMTVM_OK);
    ck_assert_msg(fabs(v - 3.0) < 1e-12, "%.17g", v); /* libm's cbrt */
    ck_assert_int_eq(simtvm_register_native(vm, "cbrt", (void (*)(void))thirds,
                                            "double(double)"), SIMTVM_OK);
    v = 27.0;
    ck_assert_int_eq(simtvm_buffer_write(b, 0, &v, sizeof v), SIMTVM_OK);
    ck_assert_int_eq(simtvm_launch(vm, "k", ONE_DIM, ONE_DIM, 0, &arg, 1, NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_read(b, 0, &v, sizeof v), SIMTVM_OK);
    ck_assert(v == 9.0); /* the native */
    simtvm_vm_free(vm);
}
END_TEST

Suite *api_misuse_suite(void)
{
    Suite *s = suite_create("api_misuse");
    TCase *tc = tcase_create("misuse");
    tcase_add_test(tc, launch_argument_types);
    tcase_add_test(tc, launch_geometry);
    tcase_add_test(tc, null_outputs);
    tcase_add_test(tc, stats_and_findings_not_configured);
    tcase_add_test(tc, module_readers);
    tcase_add_test(tc, native_replaces_libm_after_load);
    suite_add_tcase(s, tc);
    return s;
}
