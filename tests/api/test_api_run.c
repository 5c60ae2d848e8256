/* tests/api/test_api_run.c -- running guest code through the embedding API:
 * launches with typed arguments and their misuse, faults and limits, main()
 * and its output (captured, callbacks, FILE streams), native functions,
 * statistics, findings, and two VMs on two host threads. */
#include "api_test.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static const simtvm_dim3 ONE = {1, 1, 1};

/* ---- launches ---- */

START_TEST(launch_saxpy)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    enum { N = 1000 };
    float x[N], y[N];
    for (int i = 0; i < N; i++)
        x[i] = (float)i, y[i] = 1.0f;
    simtvm_buffer *bx, *by;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F32, N, &bx), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F32, N, &by), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_write(bx, 0, x, sizeof x), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_write(by, 0, y, sizeof y), SIMTVM_OK);
    simtvm_arg args[] = {simtvm_arg_f32(2.0f), simtvm_arg_buffer(bx), simtvm_arg_buffer(by),
                         simtvm_arg_i32(N)};
    simtvm_result *r = NULL;
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", simtvm_dim3_of(4, 1, 1),
                                   simtvm_dim3_of(256, 1, 1), 0, args, 4, &r), SIMTVM_OK);
    ck_assert_int_eq(simtvm_result_status(r), SIMTVM_OK);
    ck_assert_int_eq(simtvm_result_exit_code(r), 0);
    ck_assert(simtvm_result_time_ms(r) > 0);
    simtvm_fault f;
    ck_assert_int_eq(simtvm_result_fault(r, &f), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_result_fault(r, NULL), SIMTVM_ERR_NULL);
    simtvm_result_free(r);
    ck_assert_int_eq(simtvm_buffer_read(by, 0, y, sizeof y), SIMTVM_OK);
    for (int i = 0; i < N; i++)
        ck_assert(y[i] == 2.0f * (float)i + 1.0f);
    simtvm_vm_free(vm);
}
END_TEST

/* Unsigned 16- and 32-bit arguments reach the kernel; a buffer of another
 * element type, or a buffer where a number is expected, is named in the
 * message; a reload makes old buffers stale (size, count and type 0). */
START_TEST(launch_unsigned_and_mismatched_args)
{
    static const char src[] =
        "__global__ void narrow(unsigned short h, unsigned int u, unsigned int *out) {\n"
        "    out[0] = h; out[1] = u; out[2] = h + u;\n"
        "}\n";
    simtvm_module *mod = NULL;
    simtvm_vm *vm = test_vm(NULL, src, &mod);
    simtvm_buffer *out, *wrong;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_U32, 3, &out), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F64, 3, &wrong), SIMTVM_OK);
    simtvm_arg args[] = {simtvm_arg_of(SIMTVM_U16, 0, 65535, 0), simtvm_arg_u32(4000000000u),
                         simtvm_arg_buffer(out)};
    ck_assert_int_eq(simtvm_launch(vm, "narrow", ONE, ONE, 0, args, 3, NULL), SIMTVM_OK);
    uint32_t v[3];
    ck_assert_int_eq(simtvm_buffer_read(out, 0, v, sizeof v), SIMTVM_OK);
    ck_assert_uint_eq(v[0], 65535);
    ck_assert_uint_eq(v[1], 4000000000u);
    ck_assert_uint_eq(v[2], 4000065535u);

    args[2] = simtvm_arg_buffer(wrong);
    ck_assert_int_eq(simtvm_launch(vm, "narrow", ONE, ONE, 0, args, 3, NULL), SIMTVM_ERR_ARGS);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "unsigned int *") && strstr(simtvm_errmsg(vm), "double"),
                  "%s", simtvm_errmsg(vm));
    args[2] = simtvm_arg_buffer(out);
    args[1] = simtvm_arg_buffer(out);
    ck_assert_int_eq(simtvm_launch(vm, "narrow", ONE, ONE, 0, args, 3, NULL), SIMTVM_ERR_ARGS);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "'u'"), "%s", simtvm_errmsg(vm));

    ck_assert_uint_eq(simtvm_buffer_size(out), 12);
    ck_assert_uint_eq(simtvm_buffer_count(out), 3);
    ck_assert_int_eq(simtvm_buffer_type(out), SIMTVM_U32);
    ck_assert_int_eq(simtvm_load(vm, mod), SIMTVM_OK);   /* a reload: old buffers are stale */
    ck_assert_uint_eq(simtvm_buffer_size(out), 0);
    ck_assert_uint_eq(simtvm_buffer_count(out), 0);
    ck_assert_int_eq(simtvm_buffer_type(out), SIMTVM_VOID);
    simtvm_module_free(mod);
    simtvm_vm_free(vm);

    /* .npy buffers need a loaded module */
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    simtvm_buffer *b = NULL;
    ck_assert_int_eq(simtvm_buffer_from_npy(vm, "x", 1, &b), SIMTVM_ERR_MISUSE);
    ck_assert_int_eq(simtvm_buffer_load_npy(vm, "/nonexistent.npy", &b), SIMTVM_ERR_MISUSE);
    ck_assert_ptr_null(b);
    simtvm_vm_free(vm);
}
END_TEST

/* Each argument type reaches the kernel with its value. */
START_TEST(launch_every_scalar_type)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    simtvm_buffer *out;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I64, 7, &out), SIMTVM_OK);
    simtvm_arg args[] = {
        simtvm_arg_of(SIMTVM_I8, -5, 0, 0), simtvm_arg_of(SIMTVM_U8, 0, 250, 0),
        simtvm_arg_of(SIMTVM_I16, -300, 0, 0), simtvm_arg_i64(-(INT64_C(1) << 40)),
        simtvm_arg_f64(12345.75), simtvm_arg_u64(UINT64_C(1) << 50),
        simtvm_arg_of(SIMTVM_BOOL, 1, 0, 0), simtvm_arg_buffer(out),
    };
    ck_assert_int_eq(simtvm_launch(vm, "widths", ONE, ONE, 0, args, 8, NULL), SIMTVM_OK);
    int64_t v[7];
    ck_assert_int_eq(simtvm_buffer_read(out, 0, v, sizeof v), SIMTVM_OK);
    ck_assert_int_eq(v[0], -5);
    ck_assert_int_eq(v[1], 250);
    ck_assert_int_eq(v[2], -300);
    ck_assert_int_eq(v[3], -(INT64_C(1) << 40));
    ck_assert_int_eq(v[4], 12345);
    ck_assert_int_eq(v[5], INT64_C(1) << 50);
    ck_assert_int_eq(v[6], 1);
    /* An unsigned int argument where int is expected is a type error. */
    simtvm_buffer *y;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F32, 1, &y), SIMTVM_OK);
    simtvm_arg sx[] = {simtvm_arg_f32(1.0f), simtvm_arg_buffer(y), simtvm_arg_buffer(y),
                       simtvm_arg_u32(1)};
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE, ONE, 0, sx, 4, NULL), SIMTVM_ERR_ARGS);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "is int, given unsigned int"), "%s",
                  simtvm_errmsg(vm));
    sx[3] = simtvm_arg_i32(1);
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE, ONE, 0, sx, 4, NULL), SIMTVM_OK);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(launch_misuse)
{
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    ck_assert_int_eq(simtvm_launch(vm, "count", ONE, ONE, 0, NULL, 0, NULL), SIMTVM_ERR_MISUSE);
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, NULL, NULL), SIMTVM_ERR_MISUSE);
    simtvm_vm_free(vm);
    vm = test_vm(NULL, TEST_SOURCE, NULL);
    /* Unknown names; main() is not a kernel. */
    ck_assert_int_eq(simtvm_launch(vm, "nope", ONE, ONE, 0, NULL, 0, NULL), SIMTVM_ERR_NOT_FOUND);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "'nope'"));
    ck_assert_int_eq(simtvm_launch(vm, "main", ONE, ONE, 0, NULL, 0, NULL), SIMTVM_ERR_NOT_FOUND);
    /* Wrong counts. */
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F32, 4, &b), SIMTVM_OK);
    simtvm_arg args[] = {simtvm_arg_f32(2.0f), simtvm_arg_buffer(b), simtvm_arg_buffer(b),
                         simtvm_arg_i32(4)};
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE, ONE, 0, args, 3, NULL), SIMTVM_ERR_ARGS);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "takes 4 arguments"), "%s", simtvm_errmsg(vm));
    ck_assert_int_eq(simtvm_launch(vm, "count", ONE, ONE, 0, args, 1, NULL), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE, ONE, 0, args, -1, NULL), SIMTVM_ERR_ARGS);
    /* Wrong types: a double for a float, an int for a pointer, a buffer for an int. */
    simtvm_arg bad[4];
    memcpy(bad, args, sizeof bad);
    bad[0] = simtvm_arg_f64(2.0);
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE, ONE, 0, bad, 4, NULL), SIMTVM_ERR_ARGS);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "argument 1 ('a') of saxpy is float, given double"),
                  "%s", simtvm_errmsg(vm));
    memcpy(bad, args, sizeof bad);
    bad[1] = simtvm_arg_i32(0);
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE, ONE, 0, bad, 4, NULL), SIMTVM_ERR_ARGS);
    memcpy(bad, args, sizeof bad);
    bad[3] = simtvm_arg_buffer(b);
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE, ONE, 0, bad, 4, NULL), SIMTVM_ERR_ARGS);
    memcpy(bad, args, sizeof bad);
    bad[3].type = (simtvm_type)42;
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE, ONE, 0, bad, 4, NULL), SIMTVM_ERR_ARGS);
    /* A buffer of the wrong element type; untyped buffers and NULL pass. */
    simtvm_buffer *ints, *raw;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 4, &ints), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_VOID, 16, &raw), SIMTVM_OK);
    memcpy(bad, args, sizeof bad);
    bad[1] = simtvm_arg_buffer(ints);
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE, ONE, 0, bad, 4, NULL), SIMTVM_ERR_ARGS);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "float *, given a buffer of int"), "%s",
                  simtvm_errmsg(vm));
    bad[1] = simtvm_arg_buffer(raw);
    ck_assert_int_eq(simtvm_launch(vm, "saxpy", ONE, ONE, 0, bad, 4, NULL), SIMTVM_OK);
    simtvm_arg null_arg = simtvm_arg_buffer(NULL);
    ck_assert_int_eq(simtvm_launch(vm, "raw", ONE, ONE, 0, &null_arg, 1, NULL), SIMTVM_OK);
    /* Geometry. */
    simtvm_dim3 zero = {0, 1, 1}, huge = {2048, 1, 1}, tall = {1, 70000, 1};
    ck_assert_int_eq(simtvm_launch(vm, "count", zero, ONE, 0, NULL, 0, NULL), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_launch(vm, "count", ONE, huge, 0, NULL, 0, NULL), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_launch(vm, "count", tall, ONE, 0, NULL, 0, NULL), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_launch(vm, "count", ONE, ONE, 1 << 30, NULL, 0, NULL),
                     SIMTVM_ERR_RANGE);
    /* None of that ran anything. */
    simtvm_buffer *counter;
    ck_assert_int_eq(simtvm_buffer_of_global(vm, "counter", &counter), SIMTVM_OK);
    int c = -1;
    ck_assert_int_eq(simtvm_buffer_read(counter, 0, &c, 4), SIMTVM_OK);
    ck_assert_int_eq(c, 0);
    ck_assert_int_eq(simtvm_launch(vm, "count", simtvm_dim3_of(3, 2, 1),
                                   simtvm_dim3_of(8, 4, 1), 0, NULL, 0, NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_read(counter, 0, &c, 4), SIMTVM_OK);
    ck_assert_int_eq(c, 6 * 32);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(launch_fault_is_sticky)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 4, &b), SIMTVM_OK);
    simtvm_arg arg = simtvm_arg_buffer(b);
    simtvm_result *r = NULL;
    ck_assert_int_eq(simtvm_launch(vm, "oob", ONE, simtvm_dim3_of(8, 1, 1), 0, &arg, 1, &r),
                     SIMTVM_ERR_FAULT);
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(simtvm_result_status(r), SIMTVM_ERR_FAULT);
    simtvm_fault f;
    ck_assert_int_eq(simtvm_result_fault(r, &f), SIMTVM_OK);
    ck_assert_int_eq(f.in_kernel, 1);
    ck_assert_str_eq(f.function, "oob");
    ck_assert_uint_eq(f.line, 13);
    ck_assert_uint_gt(f.column, 0);
    ck_assert_ptr_nonnull(strstr(f.message, "out-of-bounds"));
    ck_assert_int_eq(f.kind, SIMTVM_FAULT_ADDRESS);
    ck_assert_msg(strstr(f.text, "test.k:13:") && strstr(f.text, "block (0,0,0)"), "%s", f.text);
    ck_assert_str_eq(simtvm_errmsg(vm), f.message);
    simtvm_result_free(r);
    /* The context is broken until the next load, as on a GPU. */
    ck_assert_int_eq(simtvm_launch(vm, "count", ONE, ONE, 0, NULL, 0, NULL), SIMTVM_ERR_FAULT);
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, NULL, NULL), SIMTVM_ERR_FAULT);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(step_limit)
{
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.max_steps = 100000;
    simtvm_vm *vm = test_vm(&cfg, TEST_SOURCE, NULL);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 1, &b), SIMTVM_OK);
    simtvm_arg arg = simtvm_arg_buffer(b);
    simtvm_result *r;
    ck_assert_int_eq(simtvm_launch(vm, "spin", ONE, ONE, 0, &arg, 1, &r), SIMTVM_ERR_FAULT);
    simtvm_fault f;
    ck_assert_int_eq(simtvm_result_fault(r, &f), SIMTVM_OK);
    ck_assert_msg(strstr(f.message, "step") || strstr(f.message, "instructions"), "%s",
                  f.message);
    ck_assert_int_eq(f.kind, SIMTVM_FAULT_HANG);
    simtvm_result_free(r);
    simtvm_vm_free(vm);
}
END_TEST

/* max_host_steps bounds main(); max_steps does not (host code has no
 * limit unless asked). */
START_TEST(host_step_limit)
{
    const char *src = "int main() { long n = 0; for (int i = 0; i < 300000; i++) n += i;"
                      " return (int)(n & 1); }";
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.max_steps = 1000;
    simtvm_vm *vm = test_vm(&cfg, src, NULL);
    int code = -1;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 0);
    simtvm_vm_free(vm);
    cfg.max_host_steps = 1000;
    vm = test_vm(&cfg, src, NULL);
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_ERR_FAULT);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "step limit"), "%s", simtvm_errmsg(vm));
    simtvm_vm_free(vm);
}
END_TEST

/* ---- main() and output ---- */

START_TEST(main_output_captured)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    char *argv[] = {"prog", "first", NULL};
    int code = -1;
    simtvm_result *r;
    ck_assert_int_eq(simtvm_run_main(vm, 2, argv, &code, &r), SIMTVM_OK);
    ck_assert_int_eq(code, 7);
    ck_assert_int_eq(simtvm_result_exit_code(r), 7);
    ck_assert_uint_gt(simtvm_result_host_steps(r), 0);
    simtvm_result_free(r);
    size_t len;
    ck_assert_str_eq(simtvm_output(vm, SIMTVM_STDOUT, &len), "hello 2 first\n");
    ck_assert_uint_eq(len, 14);
    ck_assert_ptr_nonnull(strstr(simtvm_output(vm, SIMTVM_STDERR, NULL), "warning: launch"));
    ck_assert_str_eq(simtvm_output(vm, (simtvm_stream)5, &len), "");
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_str_eq(simtvm_output(vm, SIMTVM_STDOUT, NULL), "hello 2 first\nhello 0 -\n");
    ck_assert_int_eq(simtvm_output_clear(vm), SIMTVM_OK);
    ck_assert_str_eq(simtvm_output(vm, SIMTVM_STDOUT, &len), "");
    ck_assert_uint_eq(len, 0);
    simtvm_vm_free(vm);
    const char *no_main = "__global__ void k(void) {}";
    vm = test_vm(NULL, no_main, NULL);
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_ERR_NOT_FOUND);
    simtvm_vm_free(vm);
}
END_TEST

typedef struct sink {
    char text[2][256];
    int calls;
} sink;

static void to_sink(void *user, simtvm_stream stream, const char *data, size_t len)
{
    sink *s = user;
    size_t have = strlen(s->text[stream]);
    snprintf(s->text[stream] + have, sizeof s->text[0] - have, "%.*s", (int)len, data);
    s->calls++;
}

START_TEST(main_output_to_callback_and_files)
{
    sink s = {0};
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.write = to_sink;
    cfg.write_user = &s;
    simtvm_vm *vm = test_vm(&cfg, TEST_SOURCE, NULL);
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, NULL, NULL), SIMTVM_OK);
    ck_assert_str_eq(s.text[SIMTVM_STDOUT], "hello 0 -\n");
    ck_assert_ptr_nonnull(strstr(s.text[SIMTVM_STDERR], "warning: launch"));
    ck_assert_str_eq(simtvm_output(vm, SIMTVM_STDOUT, NULL), ""); /* nothing captured */
    simtvm_vm_free(vm);

    FILE *out = tmpfile(), *err = tmpfile();
    ck_assert(out && err);
    simtvm_config_init(&cfg);
    cfg.out = out;
    cfg.err = err;
    vm = test_vm(&cfg, TEST_SOURCE, NULL);
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, NULL, NULL), SIMTVM_OK);
    simtvm_vm_free(vm); /* the caller's files stay open */
    char line[256] = "";
    rewind(out);
    ck_assert_ptr_nonnull(fgets(line, sizeof line, out));
    ck_assert_str_eq(line, "hello 0 -\n");
    rewind(err);
    ck_assert_ptr_nonnull(fgets(line, sizeof line, err));
    ck_assert_ptr_nonnull(strstr(line, "warning: launch"));
    fclose(out);
    fclose(err);
}
END_TEST

/* ---- native functions ---- */

static float twice(float x)
{
    return 2.0f * x;
}

/* Appends lane to log[1..], counting in log[0]: shows the call order. */
static void note(int *log, int lane)
{
    log[1 + log[0]++] = lane;
}

static double half(double x)
{
    return x / 2;
}

#define NATIVE_SOURCE                                                        \
    "extern __device__ float twice(float x);\n"                              \
    "extern __device__ void note(int *log, int lane);\n"                     \
    "__global__ void k(float *p, int *log) {\n"                              \
    "    p[threadIdx.x] = twice((float)threadIdx.x);\n"                      \
    "    if (threadIdx.x % 2) note(log, threadIdx.x);\n"                     \
    "}\n"

START_TEST(natives_registered)
{
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    ck_assert_int_eq(simtvm_register_native(vm, "twice", (void (*)(void))twice, "float(float)"),
                     SIMTVM_OK);
    ck_assert_int_eq(simtvm_register_native(vm, "note", (void (*)(void))note,
                                            "void(int *, int)"), SIMTVM_OK);
    simtvm_module *m;
    ck_assert_int_eq(simtvm_compile(vm, "n.k", NATIVE_SOURCE, strlen(NATIVE_SOURCE), NULL, &m),
                     SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_OK);
    simtvm_buffer *p, *log;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F32, 32, &p), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 64, &log), SIMTVM_OK);
    simtvm_arg args[] = {simtvm_arg_buffer(p), simtvm_arg_buffer(log)};
    ck_assert_int_eq(simtvm_launch(vm, "k", ONE, simtvm_dim3_of(32, 1, 1), 0, args, 2, NULL),
                     SIMTVM_OK);
    float v[32];
    int lanes[17];
    ck_assert_int_eq(simtvm_buffer_read(p, 0, v, sizeof v), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_read(log, 0, lanes, sizeof lanes), SIMTVM_OK);
    for (int i = 0; i < 32; i++)
        ck_assert(v[i] == 2.0f * (float)i);
    ck_assert_int_eq(lanes[0], 16); /* once per active lane, in lane order */
    for (int i = 0; i < 16; i++)
        ck_assert_int_eq(lanes[1 + i], 2 * i + 1);
    simtvm_module_free(m);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(natives_misuse)
{
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    void (*fn)(void) = (void (*)(void))twice;
    const char *bad[] = {"", "float", "float(", "float(float", "float(float,)", "flaot(float)",
                         "float(float) x", "float(int int)", "float(...)", "float(void, int)",
                         "unsigned float(int)", "long long long(int)"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        ck_assert_msg(simtvm_register_native(vm, "twice", fn, bad[k]) == SIMTVM_ERR_ARGS, "%s",
                      bad[k]);
    ck_assert_int_eq(simtvm_register_native(vm, "", fn, "void(void)"), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_register_native(vm, "twice", NULL, "void(void)"), SIMTVM_ERR_NULL);
    const char *good[] = {"void(void)", "double()", "unsigned long long(const char *)",
                          "int8_t(uint16_t, size_t, bool)", "signed char(short int, long)",
                          " float ( float ) "};
    for (size_t k = 0; k < sizeof good / sizeof good[0]; k++)
        ck_assert_msg(simtvm_register_native(vm, "x", fn, good[k]) == SIMTVM_OK, "%s", good[k]);
    /* A signature that disagrees with K's declaration fails the load, with a place. */
    ck_assert_int_eq(simtvm_register_native(vm, "twice", fn, "double(double)"), SIMTVM_OK);
    ck_assert_int_eq(simtvm_register_native(vm, "note", (void (*)(void))note, "void(int *, int)"),
                     SIMTVM_OK);
    simtvm_module *m;
    ck_assert_int_eq(simtvm_compile(vm, "n.k", NATIVE_SOURCE, strlen(NATIVE_SOURCE), NULL, &m),
                     SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_ERR_NATIVE);
    ck_assert_msg(strstr(simtvm_errmsg(vm), "n.k:4:") &&
                  strstr(simtvm_errmsg(vm), "declared in K as float(float) but registered as "
                                            "double(double)"), "%s", simtvm_errmsg(vm));
    ck_assert_int_eq(simtvm_launch(vm, "k", ONE, ONE, 0, NULL, 0, NULL), SIMTVM_ERR_MISUSE);
    ck_assert_int_eq(simtvm_register_native(vm, "twice", fn, "float(float)"), SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_OK);
    /* Registering after the load checks and binds at once. */
    ck_assert_int_eq(simtvm_register_native(vm, "twice", (void (*)(void))half, "double(double)"),
                     SIMTVM_ERR_NATIVE);
    simtvm_module_free(m);
    simtvm_vm_free(vm);
    /* A function nobody defines. */
    const char *src = "extern __device__ float no_such_fn_anywhere(float);\n"
                      "__global__ void k(float *p) { p[0] = no_such_fn_anywhere(1.0f); }\n";
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    ck_assert_int_eq(simtvm_compile(vm, "m.k", src, strlen(src), NULL, &m), SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_ERR_NATIVE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "no_such_fn_anywhere"));
    /* ... until it is registered. */
    ck_assert_int_eq(simtvm_register_native(vm, "no_such_fn_anywhere", fn, "float(float)"),
                     SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_OK);
    simtvm_module_free(m);
    simtvm_vm_free(vm);
}
END_TEST

/* libm through the same mechanism, and a native registered after the load. */
START_TEST(natives_libm_and_late_registration)
{
    const char *src = "extern __device__ double cbrt(double);\n"
                      "extern __device__ double half(double);\n"
                      "__global__ void k(double *p) { p[0] = cbrt(p[0]); p[1] = half(p[1]); }\n";
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    ck_assert_int_eq(simtvm_register_native(vm, "half", (void (*)(void))twice, "float(float)"),
                     SIMTVM_OK);
    simtvm_module *m;
    ck_assert_int_eq(simtvm_compile(vm, "c.k", src, strlen(src), NULL, &m), SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_ERR_NATIVE);
    ck_assert_int_eq(simtvm_register_native(vm, "half", (void (*)(void))half, "double(double)"),
                     SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_OK);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F64, 2, &b), SIMTVM_OK);
    double v[2] = {27.0, 9.0};
    ck_assert_int_eq(simtvm_buffer_write(b, 0, v, sizeof v), SIMTVM_OK);
    simtvm_arg arg = simtvm_arg_buffer(b);
    ck_assert_int_eq(simtvm_launch(vm, "k", ONE, ONE, 0, &arg, 1, NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_read(b, 0, v, sizeof v), SIMTVM_OK);
    ck_assert(fabs(v[0] - 3.0) < 1e-12 && v[1] == 4.5);
    simtvm_module_free(m);
    simtvm_vm_free(vm);
}
END_TEST

/* ---- statistics and findings ---- */

START_TEST(statistics)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    const char *text = (const char *)1;
    ck_assert_int_eq(simtvm_stats(vm, "json", &text), SIMTVM_ERR_MISUSE);
    ck_assert_ptr_null(text);
    simtvm_vm_free(vm);
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.stats = 1;
    vm = test_vm(&cfg, TEST_SOURCE, NULL);
    ck_assert_int_eq(simtvm_launch(vm, "count", simtvm_dim3_of(2, 1, 1),
                                   simtvm_dim3_of(64, 1, 1), 0, NULL, 0, NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_stats(vm, "json", &text), SIMTVM_OK);
    ck_assert_msg(text[0] == '{' || text[0] == '[', "%s", text);
    ck_assert_ptr_nonnull(strstr(text, "count"));
    ck_assert_int_eq(simtvm_stats(vm, "csv", &text), SIMTVM_OK);
    ck_assert_int_eq(simtvm_stats(vm, "text", &text), SIMTVM_OK);
    ck_assert_uint_gt(strlen(text), 0);
    ck_assert_int_eq(simtvm_stats(vm, "xml", &text), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_stats(vm, "json", NULL), SIMTVM_ERR_NULL);
    simtvm_vm_free(vm);
}
END_TEST

#define RACY_SOURCE                                                          \
    "__global__ void racy(int *out) {\n"                                     \
    "    __shared__ int s;\n"                                                \
    "    s = threadIdx.x;\n"                                                 \
    "    out[threadIdx.x] = s;\n"                                            \
    "}\n"

START_TEST(findings)
{
    simtvm_vm *vm = test_vm(NULL, RACY_SOURCE, NULL);
    unsigned n = 99;
    ck_assert_int_eq(simtvm_findings(vm, &n, NULL), SIMTVM_ERR_MISUSE);
    ck_assert_uint_eq(n, 0);
    simtvm_vm_free(vm);
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.checks = SIMTVM_CHECK_ALL;
    vm = test_vm(&cfg, RACY_SOURCE, NULL);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 64, &b), SIMTVM_OK);
    simtvm_arg arg = simtvm_arg_buffer(b);
    ck_assert_int_eq(simtvm_launch(vm, "racy", ONE, simtvm_dim3_of(64, 1, 1), 0, &arg, 1, NULL),
                     SIMTVM_OK);
    const char *text = NULL;
    ck_assert_int_eq(simtvm_findings(vm, &n, &text), SIMTVM_OK);
    ck_assert_uint_gt(n, 0);
    ck_assert_msg(strstr(text, "ERROR SUMMARY") && strstr(text, "test.k:"), "%s", text);
    /* Reading them starts a new collection. */
    ck_assert_int_eq(simtvm_findings(vm, &n, &text), SIMTVM_OK);
    ck_assert_uint_eq(n, 0);
    /* A clean launch of the same VM after the read finds nothing, also for
     * --check=init on the buffer the embedder allocated. */
    ck_assert_int_eq(simtvm_launch(vm, "racy", ONE, ONE, 0, &arg, 1, NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_findings(vm, &n, &text), SIMTVM_OK);
    ck_assert_msg(n == 0, "%s", text);
    simtvm_vm_free(vm);
}
END_TEST

/* ---- two VMs on two host threads ---- */

typedef struct job {
    uint64_t seed;
    float sum;
    int counter;
    char output[128];
    int ok;
} job;

/* One complete use of a VM: compile, load, launch, read back, run main(). */
static void *run_job(void *arg)
{
    job *j = arg;
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.interleave = SIMTVM_INTERLEAVE_RANDOM;
    cfg.seed = j->seed;
    cfg.stats = 1;
    simtvm_vm *vm;
    simtvm_module *m;
    simtvm_buffer *x, *y, *counter;
    enum { N = 20000 };
    static const float ones[N] = {0};
    int ok = simtvm_vm_new(&cfg, &vm) == SIMTVM_OK &&
             simtvm_compile(vm, "t.k", TEST_SOURCE, strlen(TEST_SOURCE), NULL, &m) == SIMTVM_OK;
    ok = ok && simtvm_load(vm, m) == SIMTVM_OK;
    ok = ok && simtvm_buffer_new(vm, SIMTVM_F32, N, &x) == SIMTVM_OK &&
         simtvm_buffer_new(vm, SIMTVM_F32, N, &y) == SIMTVM_OK &&
         simtvm_buffer_write(y, 0, ones, sizeof ones) == SIMTVM_OK;
    float *host = malloc(N * sizeof *host);
    for (int i = 0; ok && host && i < N; i++)
        host[i] = (float)(i % 97) * 0.25f;
    ok = ok && host && simtvm_buffer_write(x, 0, host, N * sizeof *host) == SIMTVM_OK;
    simtvm_arg args[] = {simtvm_arg_f32(3.0f), simtvm_arg_buffer(x), simtvm_arg_buffer(y),
                         simtvm_arg_i32(N)};
    for (int rep = 0; ok && rep < 3; rep++)
        ok = simtvm_launch(vm, "saxpy", simtvm_dim3_of(N / 128 + 1, 1, 1),
                           simtvm_dim3_of(128, 1, 1), 0, args, 4, NULL) == SIMTVM_OK;
    ok = ok && simtvm_launch(vm, "count", simtvm_dim3_of(5, 1, 1), simtvm_dim3_of(96, 1, 1), 0,
                             NULL, 0, NULL) == SIMTVM_OK;
    ok = ok && simtvm_buffer_read(y, 0, host, N * sizeof *host) == SIMTVM_OK &&
         simtvm_buffer_of_global(vm, "counter", &counter) == SIMTVM_OK &&
         simtvm_buffer_read(counter, 0, &j->counter, sizeof j->counter) == SIMTVM_OK;
    j->sum = 0;
    for (int i = 0; ok && i < N; i++)
        j->sum += host[i];
    ok = ok && simtvm_run_main(vm, 0, NULL, NULL, NULL) == SIMTVM_OK;
    if (ok)
        snprintf(j->output, sizeof j->output, "%s", simtvm_output(vm, SIMTVM_STDOUT, NULL));
    free(host);
    simtvm_module_free(m);
    simtvm_vm_free(vm);
    j->ok = ok;
    return NULL;
}

START_TEST(two_vms_on_two_threads)
{
    job serial[2] = {{.seed = 1}, {.seed = 2}}, parallel[2] = {{.seed = 1}, {.seed = 2}};
    run_job(&serial[0]);
    run_job(&serial[1]);
    pthread_t t[2];
    for (int k = 0; k < 2; k++)
        ck_assert_int_eq(pthread_create(&t[k], NULL, run_job, &parallel[k]), 0);
    for (int k = 0; k < 2; k++)
        ck_assert_int_eq(pthread_join(t[k], NULL), 0);
    for (int k = 0; k < 2; k++) {
        ck_assert(serial[k].ok && parallel[k].ok);
        ck_assert(serial[k].sum == parallel[k].sum);
        ck_assert_int_eq(serial[k].counter, 480);
        ck_assert_int_eq(serial[k].counter, parallel[k].counter);
        ck_assert_str_eq(serial[k].output, "hello 0 -\n");
        ck_assert_str_eq(serial[k].output, parallel[k].output);
    }
}
END_TEST

Suite *api_run_suite(void)
{
    Suite *s = suite_create("api_run");
    TCase *tc = tcase_create("run");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, launch_saxpy);
    tcase_add_test(tc, launch_every_scalar_type);
    tcase_add_test(tc, launch_unsigned_and_mismatched_args);
    tcase_add_test(tc, launch_misuse);
    tcase_add_test(tc, launch_fault_is_sticky);
    tcase_add_test(tc, step_limit);
    tcase_add_test(tc, host_step_limit);
    tcase_add_test(tc, main_output_captured);
    tcase_add_test(tc, main_output_to_callback_and_files);
    tcase_add_test(tc, natives_registered);
    tcase_add_test(tc, natives_misuse);
    tcase_add_test(tc, natives_libm_and_late_registration);
    tcase_add_test(tc, statistics);
    tcase_add_test(tc, findings);
    tcase_add_test(tc, two_vms_on_two_threads);
    suite_add_tcase(s, tc);
    return s;
}
