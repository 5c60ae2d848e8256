/* tests/api/test_api.c -- the embedding API (simtvm.h): versions, config,
 * compiling with diagnostics, modules and .kbc, buffers and .npy, and misuse
 * of each (NULL handles, calls out of order, stale buffers) returning the
 * documented codes.  Launches, main(), natives, statistics, findings and
 * threads are in test_api_run.c.  Speaks TAP through Check. */
#include "config.h"
#include "api_test.h"
#include "tests/unit/check_tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

simtvm_vm *test_vm(const simtvm_config *cfg, const char *src, simtvm_module **mod)
{
    simtvm_vm *vm = NULL;
    ck_assert_int_eq(simtvm_vm_new(cfg, &vm), SIMTVM_OK);
    ck_assert_ptr_nonnull(vm);
    simtvm_module *m = NULL;
    simtvm_status st = simtvm_compile(vm, "test.k", src, strlen(src), NULL, &m);
    ck_assert_msg(st == SIMTVM_OK, "compile: %s\n%s", simtvm_errmsg(vm), simtvm_diag_text(vm));
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_OK);
    if (mod)
        *mod = m;
    else
        simtvm_module_free(m); /* the VM keeps its own reference */
    return vm;
}

/* ---- versions and names ---- */

START_TEST(version_matches_package)
{
    ck_assert_str_eq(simtvm_version(), SIMTVM_VERSION_STRING);
    ck_assert_str_eq(simtvm_version(), PACKAGE_VERSION);
    ck_assert_int_eq(simtvm_version_number(), SIMTVM_VERSION_NUMBER);
    char text[32];
    snprintf(text, sizeof text, "%d.%d.%d", SIMTVM_VERSION_MAJOR, SIMTVM_VERSION_MINOR,
             SIMTVM_VERSION_PATCH);
    ck_assert_str_eq(text, SIMTVM_VERSION_STRING);
}
END_TEST

START_TEST(names_of_statuses_and_types)
{
    ck_assert_str_eq(simtvm_status_name(SIMTVM_OK), "SIMTVM_OK");
    ck_assert_str_eq(simtvm_status_name(SIMTVM_ERR_IO), "SIMTVM_ERR_IO");
    ck_assert_str_eq(simtvm_status_name((simtvm_status)999), "SIMTVM_ERR_UNKNOWN");
    for (int s = 0; s < SIMTVM_STATUS_COUNT; s++)
        ck_assert_ptr_nonnull(simtvm_status_name((simtvm_status)s));
    ck_assert_str_eq(simtvm_type_name(SIMTVM_F32), "float");
    ck_assert_str_eq(simtvm_type_name((simtvm_type)99), "?");
    ck_assert_uint_eq(simtvm_type_size(SIMTVM_F64), 8);
    ck_assert_uint_eq(simtvm_type_size(SIMTVM_I16), 2);
    ck_assert_uint_eq(simtvm_type_size(SIMTVM_PTR), 8);
    ck_assert_uint_eq(simtvm_type_size(SIMTVM_VOID), 0);
    ck_assert_uint_eq(simtvm_type_size((simtvm_type)-1), 0);
    simtvm_free(NULL);
}
END_TEST

/* ---- config and VM ---- */

START_TEST(config_defaults)
{
    simtvm_config cfg;
    memset(&cfg, 0x5a, sizeof cfg);
    simtvm_config_init(&cfg);
    ck_assert_str_eq(cfg.device, "h100");
    ck_assert_int_eq(cfg.warp_size, 32);
    ck_assert_int_eq(cfg.threads, 1);
    ck_assert_int_eq(cfg.checks, 0);
    ck_assert_ptr_null(cfg.write);
    ck_assert_ptr_null(cfg.native_libs);
    ck_assert_ptr_null(cfg.include_dirs);
    ck_assert_uint_eq(cfg.max_host_steps, 0); /* no host step limit */
    simtvm_config_init(NULL); /* a no-op */
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_OK);
    ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_OK);
    ck_assert_str_eq(simtvm_errmsg(vm), "");
    simtvm_vm_free(vm);
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    simtvm_vm_free(vm);
    simtvm_vm_free(NULL);
}
END_TEST

/* Each bad field is SIMTVM_ERR_CONFIG with a VM that only reports it. */
START_TEST(config_rejects_bad_values)
{
    for (int k = 0; k < 6; k++) {
        simtvm_config cfg;
        simtvm_config_init(&cfg);
        const char *word = NULL;
        switch (k) {
        case 0: cfg.warp_size = 12; word = "warp_size"; break;
        case 1: cfg.threads = 0; word = "threads"; break;
        case 2: cfg.sched = 7; word = "sched"; break;
        case 3: cfg.interleave = -1; word = "interleave"; break;
        case 4: cfg.checks = 64; word = "checks"; break;
        default: cfg.device = "/nonexistent/profile"; word = "device"; break;
        }
        simtvm_vm *vm = NULL;
        ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_ERR_CONFIG);
        ck_assert_ptr_nonnull(vm);
        ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_ERR_CONFIG);
        ck_assert_msg(strstr(simtvm_errmsg(vm), word), "%s", simtvm_errmsg(vm));
        simtvm_module *m;
        const char *src = "__global__ void k(void) {}";
        ck_assert_int_eq(simtvm_compile(vm, "x.k", src, strlen(src), NULL, &m), SIMTVM_OK);
        ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_ERR_MISUSE);
        simtvm_module_free(m);
        simtvm_vm_free(vm);
    }
}
END_TEST

/* A program of two files: each file's static is its own, externs link by
 * name, and an error names the file it is in. */
START_TEST(compile_files)
{
    simtvm_vm *vm = NULL;
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    const char *names[] = { "a.cu", "b.cu" };
    const char *srcs[] = { "static int h() { return 3; }\nint g();\n"
                           "int main() { return h() * 10 + g(); }\n",
                           "static int h() { return 4; }\nint g() { return h(); }\n" };
    size_t lens[] = { strlen(srcs[0]), strlen(srcs[1]) };
    simtvm_module *m = NULL;
    ck_assert_int_eq(simtvm_compile_files(vm, 2, names, srcs, lens, NULL, &m), SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_OK);
    simtvm_module_free(m);
    int code = 0;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 34);
    srcs[1] = "int g() { return x; }\n";
    lens[1] = strlen(srcs[1]);
    ck_assert_int_eq(simtvm_compile_files(vm, 2, names, srcs, lens, NULL, &m),
                     SIMTVM_ERR_COMPILE);
    ck_assert_msg(strstr(simtvm_diag_text(vm), "b.cu:1:18: error:"), "%s", simtvm_diag_text(vm));
    ck_assert_int_eq(simtvm_compile_files(vm, 0, names, srcs, lens, NULL, &m), SIMTVM_ERR_NULL);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(device_profiles)
{
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.device = "v100";
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_OK);
    simtvm_vm_free(vm);
    cfg.device = NULL; /* the default */
    ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_OK);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(null_handles)
{
    ck_assert_int_eq(simtvm_vm_new(NULL, NULL), SIMTVM_ERR_NULL);
    ck_assert_str_eq(simtvm_errmsg(NULL), "NULL simtvm_vm handle");
    ck_assert_int_eq(simtvm_errcode(NULL), SIMTVM_ERR_NULL);
    simtvm_module *m = (simtvm_module *)1;
    ck_assert_int_eq(simtvm_compile(NULL, "x", "", 0, NULL, &m), SIMTVM_ERR_NULL);
    ck_assert_ptr_null(m);
    ck_assert_int_eq(simtvm_diag_count(NULL), 0);
    simtvm_diag d;
    ck_assert_int_eq(simtvm_diag_get(NULL, 0, &d), SIMTVM_ERR_NULL);
    ck_assert_str_eq(simtvm_diag_text(NULL), "");
    ck_assert_int_eq(simtvm_module_from_kbc(NULL, "", 0, &m), SIMTVM_ERR_NULL);
    void *data;
    size_t len;
    ck_assert_int_eq(simtvm_module_to_kbc(NULL, &data, &len), SIMTVM_ERR_NULL);
    simtvm_module_free(NULL);
    ck_assert_int_eq(simtvm_module_kernel_count(NULL), 0);
    ck_assert_ptr_null(simtvm_module_kernel_name(NULL, 0));
    ck_assert_int_eq(simtvm_module_param_count(NULL, "k"), -1);
    ck_assert_int_eq(simtvm_module_param(NULL, "k", 0, NULL, NULL, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_load(NULL, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_register_native(NULL, "f", NULL, "void(void)"), SIMTVM_ERR_NULL);
    simtvm_buffer *b = (simtvm_buffer *)1;
    ck_assert_int_eq(simtvm_buffer_new(NULL, SIMTVM_I32, 4, &b), SIMTVM_ERR_NULL);
    ck_assert_ptr_null(b);
    ck_assert_int_eq(simtvm_buffer_of_global(NULL, "x", &b), SIMTVM_ERR_NULL);
    int x = 0;
    ck_assert_int_eq(simtvm_buffer_write(NULL, 0, &x, 4), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_read(NULL, 0, &x, 4), SIMTVM_ERR_NULL);
    ck_assert_uint_eq(simtvm_buffer_size(NULL), 0);
    ck_assert_uint_eq(simtvm_buffer_count(NULL), 0);
    ck_assert_int_eq(simtvm_buffer_type(NULL), SIMTVM_VOID);
    ck_assert_int_eq(simtvm_buffer_free(NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_from_npy(NULL, "", 0, &b), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_load_npy(NULL, "x.npy", &b), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_to_npy(NULL, &data, &len), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_save_npy(NULL, "x.npy"), SIMTVM_ERR_NULL);
    simtvm_dim3 one = simtvm_dim3_of(1, 0, 0);
    ck_assert_uint_eq(one.y, 1);
    ck_assert_int_eq(simtvm_launch(NULL, "k", one, one, 0, NULL, 0, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_run_main(NULL, 0, NULL, NULL, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_result_status(NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_result_exit_code(NULL), 0);
    simtvm_fault f;
    ck_assert_int_eq(simtvm_result_fault(NULL, &f), SIMTVM_ERR_NULL);
    ck_assert(simtvm_result_time_ms(NULL) == 0);
    ck_assert_uint_eq(simtvm_result_host_steps(NULL), 0);
    simtvm_result_free(NULL);
    ck_assert_str_eq(simtvm_output(NULL, SIMTVM_STDOUT, &len), "");
    ck_assert_uint_eq(len, 0);
    ck_assert_int_eq(simtvm_output_clear(NULL), SIMTVM_ERR_NULL);
    const char *text;
    ck_assert_int_eq(simtvm_stats(NULL, "json", &text), SIMTVM_ERR_NULL);
    unsigned n;
    ck_assert_int_eq(simtvm_findings(NULL, &n, &text), SIMTVM_ERR_NULL);
}
END_TEST

/* NULL arguments other than the handle are recorded in the VM. */
START_TEST(null_arguments)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    simtvm_module *m;
    ck_assert_int_eq(simtvm_compile(vm, "x", NULL, 5, NULL, &m), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_compile(vm, "x", "", 0, NULL, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_ERR_NULL);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "NULL"));
    ck_assert_int_eq(simtvm_load(vm, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_module_from_kbc(vm, NULL, 3, &m), SIMTVM_ERR_NULL);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 4, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_of_global(vm, NULL, &b), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 4, &b), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_write(b, 0, NULL, 4), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_read(b, 0, NULL, 4), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_write(b, 0, NULL, 0), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_to_npy(b, NULL, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_save_npy(b, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_from_npy(vm, NULL, 0, &b), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_buffer_load_npy(vm, NULL, &b), SIMTVM_ERR_NULL);
    simtvm_dim3 one = simtvm_dim3_of(1, 1, 1);
    ck_assert_int_eq(simtvm_launch(vm, NULL, one, one, 0, NULL, 0, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_launch(vm, "count", one, one, 0, NULL, 1, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_run_main(vm, 2, NULL, NULL, NULL), SIMTVM_ERR_NULL);
    char *argv[] = {"prog", NULL};
    ck_assert_int_eq(simtvm_run_main(vm, 2, argv, NULL, NULL), SIMTVM_ERR_NULL);
    const char *text;
    ck_assert_int_eq(simtvm_stats(vm, NULL, &text), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_register_native(vm, NULL, NULL, NULL), SIMTVM_ERR_NULL);
    simtvm_vm_free(vm);
}
END_TEST

/* ---- compiling ---- */

typedef struct diag_log {
    int n;
    unsigned line[8];
    char msg[8][128];
} diag_log;

static void log_diag(void *user, const simtvm_diag *d)
{
    diag_log *log = user;
    if (log->n < 8) {
        log->line[log->n] = d->line;
        snprintf(log->msg[log->n], sizeof log->msg[0], "%s", d->message);
    }
    log->n++;
}

START_TEST(compile_errors_are_data)
{
    diag_log log = {0};
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.diag = log_diag;
    cfg.diag_user = &log;
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_OK);
    /* Not NUL-terminated: the length decides. */
    const char src[] = "__global__ void k(int *p) {\n  p[0] = q;\n  p[1] = r;\n}\nGARBAGE";
    simtvm_module *m = (simtvm_module *)1;
    ck_assert_int_eq(simtvm_compile(vm, "bad.k", src, sizeof src - 8, NULL, &m),
                     SIMTVM_ERR_COMPILE);
    ck_assert_ptr_null(m);
    ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_ERR_COMPILE);
    ck_assert_int_ge(simtvm_diag_count(vm), 2);
    simtvm_diag d;
    ck_assert_int_eq(simtvm_diag_get(vm, 0, &d), SIMTVM_OK);
    ck_assert_int_eq(d.severity, SIMTVM_ERROR);
    ck_assert_str_eq(d.file, "bad.k");
    ck_assert_uint_eq(d.line, 2);
    ck_assert_uint_eq(d.column, 10);
    ck_assert_ptr_nonnull(strstr(d.message, "'q'"));
    ck_assert_int_eq(simtvm_diag_get(vm, 1, &d), SIMTVM_OK);
    ck_assert_uint_eq(d.line, 3);
    ck_assert_int_eq(simtvm_diag_get(vm, -1, &d), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_diag_get(vm, 99, &d), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_diag_get(vm, 0, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(log.n, simtvm_diag_count(vm));
    ck_assert_uint_eq(log.line[0], 2);
    const char *text = simtvm_diag_text(vm);
    ck_assert_msg(strstr(text, "bad.k:2:10: error:") && strstr(text, "^"), "%s", text);
    /* A good compile clears them. */
    const char *good = "__global__ void k(int *p) { p[0] = 1; }";
    ck_assert_int_eq(simtvm_compile(vm, NULL, good, strlen(good), NULL, &m), SIMTVM_OK);
    ck_assert_int_eq(simtvm_diag_count(vm), 0);
    ck_assert_str_eq(simtvm_diag_text(vm), "");
    simtvm_module_free(m);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(compile_with_defines)
{
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    const char *src = "#ifndef N\n#error N is needed\n#endif\n"
                      "__global__ void k(int *p) { p[0] = N; }";
    simtvm_module *m;
    ck_assert_int_eq(simtvm_compile(vm, "d.k", src, strlen(src), NULL, &m), SIMTVM_ERR_COMPILE);
    const char *defines[] = {"N=42", NULL};
    ck_assert_int_eq(simtvm_compile(vm, "d.k", src, strlen(src), defines, &m), SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_OK);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 1, &b), SIMTVM_OK);
    simtvm_arg arg = simtvm_arg_buffer(b);
    simtvm_dim3 one = simtvm_dim3_of(1, 1, 1);
    ck_assert_int_eq(simtvm_launch(vm, "k", one, one, 0, &arg, 1, NULL), SIMTVM_OK);
    int v = 0;
    ck_assert_int_eq(simtvm_buffer_read(b, 0, &v, 4), SIMTVM_OK);
    ck_assert_int_eq(v, 42);
    simtvm_module_free(m);
    simtvm_vm_free(vm);
}
END_TEST

/* config.include_dirs is -I: a header found there is read, and a
 * diagnostic inside it names the header's file and line. */
START_TEST(compile_with_include_dirs)
{
    char dir[] = "/tmp/simtvm-api-inc.XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char good[64], bad[64];
    snprintf(good, sizeof good, "%s/n.h", dir);
    snprintf(bad, sizeof bad, "%s/bad.h", dir);
    FILE *f = fopen(good, "w");
    ck_assert_ptr_nonnull(f);
    fputs("#pragma once\n#define N 7\n", f);
    fclose(f);
    f = fopen(bad, "w");
    ck_assert_ptr_nonnull(f);
    fputs("\nint oops = q;\n", f);
    fclose(f);
    const char *dirs[] = {dir, NULL};
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    ck_assert_ptr_null(cfg.include_dirs);
    cfg.include_dirs = dirs;
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_OK);
    const char *src = "#include \"n.h\"\n#include \"n.h\"\n__global__ void k(int *p) { p[0] = N; }";
    simtvm_module *m;
    ck_assert_int_eq(simtvm_compile(vm, "i.k", src, strlen(src), NULL, &m), SIMTVM_OK);
    simtvm_module_free(m);
    const char *src2 = "int a;\n#include \"bad.h\"\n";
    ck_assert_int_eq(simtvm_compile(vm, "i.k", src2, strlen(src2), NULL, &m), SIMTVM_ERR_COMPILE);
    simtvm_diag d;
    ck_assert_int_eq(simtvm_diag_get(vm, 0, &d), SIMTVM_OK);
    ck_assert_str_eq(d.file, bad);
    ck_assert_uint_eq(d.line, 2);
    ck_assert_uint_eq(d.column, 12);
    ck_assert_msg(strstr(simtvm_diag_text(vm), "i.k:2:1: note:"), "%s", simtvm_diag_text(vm));
    simtvm_vm_free(vm);
    remove(good);
    remove(bad);
    rmdir(dir);
}
END_TEST

/* ---- modules ---- */

START_TEST(module_introspection)
{
    simtvm_module *m;
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, &m);
    ck_assert_int_eq(simtvm_module_kernel_count(m), 6);
    ck_assert_str_eq(simtvm_module_kernel_name(m, 0), "saxpy");
    ck_assert_str_eq(simtvm_module_kernel_name(m, 1), "count");
    ck_assert_ptr_null(simtvm_module_kernel_name(m, 6));
    ck_assert_ptr_null(simtvm_module_kernel_name(m, -1));
    ck_assert_int_eq(simtvm_module_param_count(m, "saxpy"), 4);
    ck_assert_int_eq(simtvm_module_param_count(m, "count"), 0);
    ck_assert_int_eq(simtvm_module_param_count(m, "main"), -1); /* not a kernel */
    ck_assert_int_eq(simtvm_module_param_count(m, "nope"), -1);
    simtvm_type t, e;
    const char *name;
    ck_assert_int_eq(simtvm_module_param(m, "saxpy", 1, &t, &e, &name), SIMTVM_OK);
    ck_assert_int_eq(t, SIMTVM_PTR);
    ck_assert_int_eq(e, SIMTVM_F32);
    ck_assert_str_eq(name, "x");
    ck_assert_int_eq(simtvm_module_param(m, "saxpy", 3, &t, &e, NULL), SIMTVM_OK);
    ck_assert_int_eq(t, SIMTVM_I32);
    ck_assert_int_eq(e, SIMTVM_VOID);
    ck_assert_int_eq(simtvm_module_param(m, "saxpy", 4, &t, NULL, NULL), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_module_param(m, "nope", 0, &t, NULL, NULL), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_module_param(m, NULL, 0, &t, NULL, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_module_param(m, "saxpy", -1, &t, NULL, NULL), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_module_param(m, "count", 0, &t, NULL, NULL), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_module_param(m, "main", 0, &t, NULL, NULL), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_module_param(m, "saxpy", 0, NULL, NULL, NULL), SIMTVM_OK);
    simtvm_module_free(m);
    simtvm_vm_free(vm);
    /* source lines come without their trailing blanks (a CRLF file's \r too) */
    vm = test_vm(NULL, "int x; \t\r\n\v\f\n__global__ void k() { }\n", &m);
    int len = -1;
    const char *line = simtvm_module_source_line(m, 1, &len);
    ck_assert_ptr_nonnull(line);
    ck_assert_int_eq(len, 6);
    ck_assert_int_eq(strncmp(line, "int x;", 6), 0);
    line = simtvm_module_source_line(m, 2, &len);
    ck_assert_ptr_nonnull(line);
    ck_assert_int_eq(len, 0); /* only blanks */
    line = simtvm_module_source_line(m, 3, &len);
    ck_assert_int_eq(len, 23);
    ck_assert_ptr_null(simtvm_module_source_line(m, 1, NULL));
    ck_assert_ptr_null(simtvm_module_source_line(m, 4, &len));
    ck_assert_ptr_null(simtvm_module_source_line(NULL, 1, &len));
    simtvm_module_free(m);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(kbc_round_trip)
{
    simtvm_module *m;
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, &m);
    void *data = NULL;
    size_t len = 0;
    ck_assert_int_eq(simtvm_module_to_kbc(m, &data, &len), SIMTVM_OK);
    ck_assert_uint_gt(len, 16);
    ck_assert_int_eq(memcmp(data, "SIMTKBC", 7), 0);
    ck_assert_int_eq(simtvm_module_to_kbc(m, NULL, &len), SIMTVM_ERR_NULL);
    simtvm_module *m2;
    ck_assert_int_eq(simtvm_module_from_kbc(vm, data, len, &m2), SIMTVM_OK);
    ck_assert_int_eq(simtvm_module_kernel_count(m2), 6);
    ck_assert_int_eq(simtvm_load(vm, m2), SIMTVM_OK);
    simtvm_module_free(m2);
    int code = 0;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 7);
    /* Damaged images are errors, never crashes: every truncation, a flipped byte. */
    for (size_t cut = 0; cut < len; cut += 1 + cut / 8) {
        simtvm_module *bad = (simtvm_module *)1;
        ck_assert_int_eq(simtvm_module_from_kbc(vm, data, cut, &bad), SIMTVM_ERR_BYTECODE);
        ck_assert_ptr_null(bad);
    }
    ((unsigned char *)data)[0] ^= 0xff;
    ck_assert_int_eq(simtvm_module_from_kbc(vm, data, len, &m2), SIMTVM_ERR_BYTECODE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), ".kbc"));
    simtvm_free(data);
    simtvm_module_free(m);
    simtvm_vm_free(vm);
}
END_TEST

/* The static and dynamic __shared__ variables' debug table survives a .kbc
 * image: the race checker names `tile[1]` in the module read back, and
 * every truncation of the image (its table too) is an error. */
static const char SHARED_SOURCE[] =
    "__shared__ int tile[32];\n"
    "extern __shared__ float dyn[];\n"
    "__global__ void k(int *out)\n"
    "{\n"
    "    tile[threadIdx.x] = threadIdx.x;\n"
    "    dyn[threadIdx.x] = 1.0f;\n"
    "    out[threadIdx.x] = tile[(threadIdx.x + 1) % 32] + (int)dyn[0];\n"
    "}\n"
    "int main()\n"
    "{\n"
    "    int *d;\n"
    "    cudaMalloc(&d, 32 * sizeof(int));\n"
    "    k<<<1, 32, 32 * sizeof(float)>>>(d);\n"
    "    cudaDeviceSynchronize();\n"
    "    return 0;\n"
    "}\n";

START_TEST(kbc_shared_names)
{
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.checks = SIMTVM_CHECK_RACE;
    simtvm_module *m;
    simtvm_vm *vm = test_vm(&cfg, SHARED_SOURCE, &m);
    void *data = NULL;
    size_t len = 0;
    ck_assert_int_eq(simtvm_module_to_kbc(m, &data, &len), SIMTVM_OK);
    simtvm_module_free(m);
    simtvm_vm_free(vm);
    ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_OK);
    simtvm_module *back = NULL;
    ck_assert_int_eq(simtvm_module_from_kbc(vm, data, len, &back), SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, back), SIMTVM_OK);
    int code = -1;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 0);
    unsigned n = 0;
    const char *text = NULL;
    ck_assert_int_eq(simtvm_findings(vm, &n, &text), SIMTVM_OK);
    ck_assert_uint_gt(n, 0);
    ck_assert_msg(strstr(text, "memory object tile[1]") != NULL, "findings: %s", text);
    for (size_t cut = len / 2; cut < len; cut++) {
        simtvm_module *bad = (simtvm_module *)1;
        ck_assert_int_eq(simtvm_module_from_kbc(vm, data, cut, &bad), SIMTVM_ERR_BYTECODE);
        ck_assert_ptr_null(bad);
    }
    simtvm_free(data);
    simtvm_module_free(back);
    simtvm_vm_free(vm);
}
END_TEST

/* A module freed by the caller stays alive in the VMs that loaded it. */
START_TEST(module_outlived_by_vm)
{
    simtvm_module *m;
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, &m);
    simtvm_vm *vm2;
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm2), SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm2, m), SIMTVM_OK);
    ck_assert_int_eq(simtvm_module_free(m), SIMTVM_OK);
    /* Both VMs keep the program; the handle itself is gone (and says so). */
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_ERR_STALE);
    int code;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_run_main(vm2, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 7);
    simtvm_vm_free(vm);
    simtvm_vm_free(vm2);
}
END_TEST

/* ---- buffers ---- */

START_TEST(buffer_round_trip)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F32, 100, &b), SIMTVM_OK);
    ck_assert_uint_eq(simtvm_buffer_size(b), 400);
    ck_assert_uint_eq(simtvm_buffer_count(b), 100);
    ck_assert_int_eq(simtvm_buffer_type(b), SIMTVM_F32);
    float in[100], out[100];
    ck_assert_int_eq(simtvm_buffer_read(b, 0, out, sizeof out), SIMTVM_OK);
    for (int i = 0; i < 100; i++) {
        ck_assert(out[i] == 0.0f); /* zero-filled */
        in[i] = (float)i * 0.5f;
    }
    ck_assert_int_eq(simtvm_buffer_write(b, 0, in, sizeof in), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_read(b, 0, out, sizeof out), SIMTVM_OK);
    ck_assert_int_eq(memcmp(in, out, sizeof in), 0);
    float one = 0;
    ck_assert_int_eq(simtvm_buffer_read(b, 99 * 4, &one, 4), SIMTVM_OK);
    ck_assert(one == 49.5f);
    /* Too small: every access past the end is SIMTVM_ERR_RANGE. */
    ck_assert_int_eq(simtvm_buffer_read(b, 0, out, 404), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_buffer_write(b, 398, in, 4), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_buffer_write(b, 401, in, 0), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_buffer_read(b, (size_t)-1, out, 4), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "400 bytes"));
    ck_assert_int_eq(simtvm_buffer_free(b), SIMTVM_OK);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(buffer_misuse)
{
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    simtvm_buffer *b = NULL;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 4, &b), SIMTVM_ERR_MISUSE); /* no load */
    ck_assert_int_eq(simtvm_buffer_of_global(vm, "counter", &b), SIMTVM_ERR_MISUSE);
    simtvm_vm_free(vm);
    vm = test_vm(NULL, TEST_SOURCE, NULL);
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 0, &b), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_buffer_new(vm, (simtvm_type)77, 4, &b), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_F64, SIZE_MAX / 4, &b), SIMTVM_ERR_RANGE);
    /* Use after free is detected: the handle outlives the allocation. */
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 4, &b), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_free(b), SIMTVM_OK);
    int x = 1;
    ck_assert_int_eq(simtvm_buffer_write(b, 0, &x, 4), SIMTVM_ERR_STALE);
    ck_assert_int_eq(simtvm_buffer_read(b, 0, &x, 4), SIMTVM_ERR_STALE);
    ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_ERR_STALE);
    ck_assert_uint_eq(simtvm_buffer_size(b), 0);
    ck_assert_int_eq(simtvm_buffer_free(b), SIMTVM_ERR_STALE);
    simtvm_arg arg = simtvm_arg_buffer(b);
    simtvm_dim3 one = simtvm_dim3_of(1, 1, 1);
    ck_assert_int_eq(simtvm_launch(vm, "oob", one, one, 0, &arg, 1, NULL), SIMTVM_ERR_STALE);
    /* A reload makes every buffer stale. */
    simtvm_buffer *c;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 4, &c), SIMTVM_OK);
    simtvm_module *m;
    const char *src = "__global__ void k(int *p) { p[0] = 1; }";
    ck_assert_int_eq(simtvm_compile(vm, "k.k", src, strlen(src), NULL, &m), SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_read(c, 0, &x, 4), SIMTVM_ERR_STALE);
    ck_assert_int_eq(simtvm_buffer_free(c), SIMTVM_OK); /* freeing a stale handle is fine */
    simtvm_module_free(m);
    /* A buffer of another VM is refused. */
    simtvm_vm *other = test_vm(NULL, src, NULL);
    simtvm_buffer *theirs;
    ck_assert_int_eq(simtvm_buffer_new(other, SIMTVM_I32, 4, &theirs), SIMTVM_OK);
    arg = simtvm_arg_buffer(theirs);
    ck_assert_int_eq(simtvm_launch(vm, "k", one, one, 0, &arg, 1, NULL), SIMTVM_ERR_MISUSE);
    simtvm_vm_free(other);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(buffer_limit)
{
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.max_memory = 1 << 20;
    simtvm_vm *vm = test_vm(&cfg, TEST_SOURCE, NULL);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_U8, 2 << 20, &b), SIMTVM_ERR_LIMIT);
    ck_assert_ptr_null(b);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "max_memory"));
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_U8, 512 << 10, &b), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_free(b), SIMTVM_OK);
    /* Module variables count too; a failed load leaves nothing loaded. */
    const char *big = "__device__ float big[1 << 20];\n__global__ void k(void) { big[0] = 1; }";
    simtvm_module *m;
    ck_assert_int_eq(simtvm_compile(vm, "big.k", big, strlen(big), NULL, &m), SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, m), SIMTVM_ERR_LIMIT);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "big"));
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_U8, 1, &b), SIMTVM_ERR_MISUSE);
    simtvm_module_free(m);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(module_variables)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    simtvm_buffer *t;
    ck_assert_int_eq(simtvm_buffer_of_global(vm, "table", &t), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_type(t), SIMTVM_F32);
    ck_assert_uint_eq(simtvm_buffer_count(t), 4);
    float v[4];
    ck_assert_int_eq(simtvm_buffer_read(t, 0, v, sizeof v), SIMTVM_OK);
    ck_assert(v[0] == 1.0f && v[3] == 4.0f);
    ck_assert_int_eq(simtvm_buffer_free(t), SIMTVM_OK); /* the variable stays */
    ck_assert_int_eq(simtvm_buffer_of_global(vm, "table", &t), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_read(t, 0, v, sizeof v), SIMTVM_OK);
    ck_assert(v[2] == 3.0f);
    ck_assert_int_eq(simtvm_buffer_of_global(vm, "nope", &t), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_buffer_of_global(vm, ".str0", &t), SIMTVM_ERR_NOT_FOUND);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(npy_round_trip)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    simtvm_buffer *b;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I16, 5, &b), SIMTVM_OK);
    int16_t in[5] = {1, -2, 3, -4, 5}, out[5];
    ck_assert_int_eq(simtvm_buffer_write(b, 0, in, sizeof in), SIMTVM_OK);
    void *data;
    size_t len;
    ck_assert_int_eq(simtvm_buffer_to_npy(b, &data, &len), SIMTVM_OK);
    ck_assert_int_eq(memcmp(data, "\x93NUMPY", 6), 0);
    simtvm_buffer *c;
    ck_assert_int_eq(simtvm_buffer_from_npy(vm, data, len, &c), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_type(c), SIMTVM_I16);
    ck_assert_int_eq(simtvm_buffer_read(c, 0, out, sizeof out), SIMTVM_OK);
    ck_assert_int_eq(memcmp(in, out, sizeof in), 0);
    ck_assert_int_eq(simtvm_buffer_from_npy(vm, data, len / 2, &c), SIMTVM_ERR_ARGS);
    simtvm_free(data);
    char path[] = "/tmp/simtvm-api-XXXXXX.npy";
    int fd = mkstemps(path, 4);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(simtvm_buffer_save_npy(b, path), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_load_npy(vm, path, &c), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_read(c, 0, out, sizeof out), SIMTVM_OK);
    ck_assert_int_eq(memcmp(in, out, sizeof in), 0);
    remove(path);
    ck_assert_int_eq(simtvm_buffer_load_npy(vm, path, &c), SIMTVM_ERR_IO);
    ck_assert_int_eq(simtvm_buffer_save_npy(b, "/nonexistent/dir/x.npy"), SIMTVM_ERR_IO);
    simtvm_buffer *raw;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_VOID, 16, &raw), SIMTVM_OK);
    ck_assert_uint_eq(simtvm_buffer_count(raw), 16);
    ck_assert_int_eq(simtvm_buffer_to_npy(raw, &data, &len), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_buffer_free(b), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_to_npy(b, &data, &len), SIMTVM_ERR_STALE);
    simtvm_vm_free(vm);
}
END_TEST

Suite *api_basic_suite(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("basic");
    tcase_add_test(tc, version_matches_package);
    tcase_add_test(tc, names_of_statuses_and_types);
    tcase_add_test(tc, config_defaults);
    tcase_add_test(tc, config_rejects_bad_values);
    tcase_add_test(tc, device_profiles);
    tcase_add_test(tc, compile_files);
    tcase_add_test(tc, null_handles);
    tcase_add_test(tc, null_arguments);
    tcase_add_test(tc, compile_errors_are_data);
    tcase_add_test(tc, compile_with_defines);
    tcase_add_test(tc, compile_with_include_dirs);
    tcase_add_test(tc, module_introspection);
    tcase_add_test(tc, kbc_round_trip);
    tcase_add_test(tc, kbc_shared_names);
    tcase_add_test(tc, module_outlived_by_vm);
    tcase_add_test(tc, buffer_round_trip);
    tcase_add_test(tc, buffer_misuse);
    tcase_add_test(tc, buffer_limit);
    tcase_add_test(tc, module_variables);
    tcase_add_test(tc, npy_round_trip);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *const suites[] = {api_basic_suite(), api_run_suite(), api_alloc_suite(),
                             api_debug_suite(), api_tools_suite(), api_stats_suite(),
                             api_misuse_suite(), NULL};
    return simt_run_suites(suites);
}
