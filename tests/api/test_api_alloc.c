/* tests/api/test_api_alloc.c -- the injectable allocator (config.alloc):
 * every block goes through it and comes back, and a failure of any one
 * allocation -- the Nth, for every N until the whole scenario succeeds --
 * ends in a clean SIMTVM_ERR_NOMEM (or, for the guest's own cudaMalloc, a
 * cudaError the program sees) with nothing left allocated.  Also the misuse
 * of freed module and result handles (SIMTVM_ERR_STALE). */
#include <stdint.h>
#include <stdlib.h>

#include "api_test.h"
#include "count_alloc.h"

/* ---- the scenario ---- */

/* Kernels with shared memory, printf and a __device__ function, and a main()
 * whose cudaMalloc can fail (it then prints the error and returns 3). */
static const char FAULT_SOURCE[] =
    "__device__ float twice(float v) { return 2.0f * v; }\n"
    "__global__ void scale(const float *x, float *y, int n) {\n"
    "    __shared__ float tile[64];\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    tile[threadIdx.x] = i < n ? x[i] : 0.0f;\n"
    "    __syncthreads();\n"
    "    if (i < n) y[i] = twice(tile[threadIdx.x]) + 1.0f;\n"
    "    if (i == 0) printf(\"scale %d\\n\", n);\n"
    "}\n"
    "int main(void) {\n"
    "    float *d;\n"
    "    cudaError_t e = cudaMalloc(&d, 64 * sizeof(float));\n"
    "    if (e != cudaSuccess) {\n"
    "        printf(\"cudaMalloc failed: %d\\n\", (int)e);\n"
    "        return 3;\n"
    "    }\n"
    "    cudaMemset(d, 0, 64 * sizeof(float));\n"
    "    scale<<<1, 64>>>(d, d, 64);\n"
    "    cudaDeviceSynchronize();\n"
    "    cudaFree(d);\n"
    "    printf(\"main ok\\n\");\n"
    "    return 0;\n"
    "}\n";

#define N_ELEMS 100

typedef struct outcome {
    simtvm_status st;           /* the first failure, or SIMTVM_OK */
    char msg[256];              /* simtvm_errmsg after it */
    int guest_oom;              /* main() saw cudaMalloc fail */
} outcome;

/* Records the first failure of a step; returns nonzero to go on. */
static int step(outcome *o, simtvm_vm *vm, simtvm_status st)
{
    if (st != SIMTVM_OK && o->st == SIMTVM_OK) {
        o->st = st;
        snprintf(o->msg, sizeof o->msg, "%s", simtvm_errmsg(vm));
    }
    return o->st == SIMTVM_OK;
}

/* Buffers in, the kernel, its output, statistics, findings, results out. */
static void run_kernel(outcome *o, simtvm_vm *vm, simtvm_buffer **x, simtvm_buffer **y,
                       simtvm_result **r)
{
    float in[N_ELEMS], out[N_ELEMS];
    for (int i = 0; i < N_ELEMS; i++)
        in[i] = (float)i;
    if (!step(o, vm, simtvm_buffer_new(vm, SIMTVM_F32, N_ELEMS, x)) ||
        !step(o, vm, simtvm_buffer_new(vm, SIMTVM_F32, N_ELEMS, y)) ||
        !step(o, vm, simtvm_buffer_write(*x, 0, in, sizeof in)))
        return;
    simtvm_arg args[] = {simtvm_arg_buffer(*x), simtvm_arg_buffer(*y), simtvm_arg_i32(N_ELEMS)};
    if (!step(o, vm, simtvm_launch(vm, "scale", simtvm_dim3_of(2, 1, 1),
                                   simtvm_dim3_of(64, 1, 1), 0, args, 3, r)))
        return;
    ck_assert_int_eq(simtvm_result_status(*r), SIMTVM_OK);
    ck_assert_str_eq(simtvm_output(vm, SIMTVM_STDOUT, NULL), "scale 100\n");
    const char *text;
    unsigned n = 99;
    if (!step(o, vm, simtvm_stats(vm, "json", &text)))
        return;
    ck_assert_ptr_nonnull(strstr(text, "scale"));
    if (!step(o, vm, simtvm_findings(vm, &n, &text)))
        return;
    ck_assert_uint_eq(n, 0);
    if (!step(o, vm, simtvm_buffer_read(*y, 0, out, sizeof out)))
        return;
    for (int i = 0; i < N_ELEMS; i++)
        ck_assert_float_eq(out[i], 2.0f * (float)i + 1.0f);
}

/* The module's .kbc image and back, then main() with the guest's cudaMalloc. */
static void run_rest(outcome *o, simtvm_vm *vm, simtvm_module *mod)
{
    void *kbc = NULL;
    size_t len = 0;
    simtvm_module *again = NULL;
    simtvm_status st = simtvm_module_to_kbc(mod, &kbc, &len);
    if (st != SIMTVM_OK) { /* no VM to hold the message: say which call */
        ck_assert_int_eq(st, SIMTVM_ERR_NOMEM);
        o->st = st;
        snprintf(o->msg, sizeof o->msg, "simtvm_module_to_kbc: out of memory");
        return;
    }
    st = simtvm_module_from_kbc(vm, kbc, len, &again);
    simtvm_free(kbc);
    if (!step(o, vm, st))
        return;
    ck_assert_int_eq(simtvm_module_kernel_count(again), 1);
    simtvm_module_free(again);
    int code = -1;
    simtvm_output_clear(vm);
    if (!step(o, vm, simtvm_run_main(vm, 0, NULL, &code, NULL)))
        return;
    const char *out = simtvm_output(vm, SIMTVM_STDOUT, NULL);
    if (code == 3) { /* the guest's own allocation failed: a cudaError it saw */
        ck_assert_str_eq(out, "cudaMalloc failed: 2\n");
        o->guest_oom = 1;
    } else {
        ck_assert_int_eq(code, 0);
        ck_assert_str_eq(out, "scale 64\nmain ok\n");
    }
    /* A checker or model that ran out of memory on the way says so here. */
    const char *text;
    unsigned n = 99;
    if (step(o, vm, simtvm_findings(vm, &n, &text)) && step(o, vm, simtvm_stats(vm, "csv", &text)))
        ck_assert_uint_eq(n, 0);
}

static outcome scenario(test_alloc *ta)
{
    outcome o = {SIMTVM_OK, "", 0};
    simtvm_config cfg;
    config_with(&cfg, ta);
    cfg.checks = SIMTVM_CHECK_ALL;
    cfg.stats = 1;
    simtvm_vm *vm = NULL;
    simtvm_module *mod = NULL;
    simtvm_buffer *x = NULL, *y = NULL;
    simtvm_result *r = NULL;
    simtvm_status st = simtvm_vm_new(&cfg, &vm);
    if (st != SIMTVM_OK) {
        ck_assert_ptr_null(vm); /* NOMEM leaves nothing to free */
        o.st = st;
        snprintf(o.msg, sizeof o.msg, "simtvm_vm_new: out of memory");
        return o;
    }
    if (step(&o, vm, simtvm_compile(vm, "fault.k", FAULT_SOURCE, strlen(FAULT_SOURCE), NULL,
                                    &mod)) &&
        step(&o, vm, simtvm_load(vm, mod)))
        run_kernel(&o, vm, &x, &y, &r);
    if (o.st == SIMTVM_OK)
        run_rest(&o, vm, mod);
    ck_assert_int_eq(simtvm_result_free(r), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_free(x), SIMTVM_OK);
    ck_assert_int_eq(simtvm_buffer_free(y), SIMTVM_OK);
    ck_assert_int_eq(simtvm_module_free(mod), SIMTVM_OK);
    simtvm_vm_free(vm);
    return o;
}

START_TEST(alloc_every_block_returns)
{
    test_alloc ta = {0};
    outcome o = scenario(&ta);
    ck_assert_msg(o.st == SIMTVM_OK, "%s", o.msg);
    ck_assert_int_eq(o.guest_oom, 0);
    ck_assert_int_gt(ta.calls, 20);
    ck_assert_int_eq(ta.live_blocks, 0);
    ck_assert_uint_eq(ta.live_bytes, 0);
}
END_TEST

/* Fails allocation N for N = 1, 2, ... until the scenario needs fewer. */
START_TEST(alloc_fail_every_nth)
{
    long n = 1, nomem = 0, guest = 0;
    for (;; n++) {
        test_alloc ta = {.fail_at = n};
        outcome o = scenario(&ta);
        ck_assert_msg(ta.live_blocks == 0 && ta.live_bytes == 0,
                      "failing allocation %ld leaks %ld blocks (%zu bytes; one of %zu bytes "
                      "from call %ld)", n, ta.live_blocks, ta.live_bytes,
                      ta.live ? ta.live->size : 0, ta.live ? ta.live->call : 0);
        if (!ta.failed) {
            ck_assert_msg(o.st == SIMTVM_OK, "no failure injected, yet: %s", o.msg);
            break;
        }
        ck_assert_msg(o.st == SIMTVM_OK || o.st == SIMTVM_ERR_NOMEM,
                      "failing allocation %ld gives %s: %s", n, simtvm_status_name(o.st), o.msg);
        if (o.st == SIMTVM_ERR_NOMEM) {
            ck_assert_msg(strstr(o.msg, "memory") != NULL, "N=%ld: message '%s'", n, o.msg);
            nomem++;
        } else {
            /* The only failure a successful scenario may absorb is the
             * guest's own: its cudaMalloc returned an error it reported. */
            ck_assert_msg(o.guest_oom, "failing allocation %ld was swallowed", n);
            guest++;
        }
    }
    ck_assert_int_gt(nomem, 20);
    ck_assert_int_ge(guest, 1);
    printf("# fail-Nth: %ld allocations, %ld ended in SIMTVM_ERR_NOMEM, %ld in the guest's "
           "cudaErrorMemoryAllocation\n", n - 1, nomem, guest);
}
END_TEST

/* A compile error and a bad .kbc image free all they allocated, too. */
START_TEST(alloc_errors_release_everything)
{
    test_alloc ta = {0};
    simtvm_config cfg;
    config_with(&cfg, &ta);
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_OK);
    simtvm_module *mod;
    const char *bad = "__global__ void k(int *p) { p[0] = undeclared; }\n";
    ck_assert_int_eq(simtvm_compile(vm, "bad.k", bad, strlen(bad), NULL, &mod),
                     SIMTVM_ERR_COMPILE);
    ck_assert_int_eq(simtvm_module_from_kbc(vm, "SIMTKBC", 8, &mod), SIMTVM_ERR_BYTECODE);
    simtvm_vm_free(vm);
    ck_assert_int_eq(ta.live_blocks, 0);
    ck_assert_int_gt(ta.frees, 0);
}
END_TEST

/* ---- handles used after their free ---- */

START_TEST(module_use_after_free)
{
    simtvm_module *mod;
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, &mod);
    ck_assert_int_eq(simtvm_module_free(mod), SIMTVM_OK);
    ck_assert_int_eq(simtvm_module_free(mod), SIMTVM_ERR_STALE);
    ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_ERR_STALE);
    ck_assert_int_eq(simtvm_module_kernel_count(mod), 0);
    ck_assert_ptr_null(simtvm_module_kernel_name(mod, 0));
    ck_assert_int_eq(simtvm_module_param_count(mod, "saxpy"), -1);
    simtvm_type t;
    ck_assert_int_eq(simtvm_module_param(mod, "saxpy", 0, &t, NULL, NULL), SIMTVM_ERR_STALE);
    void *data;
    size_t len;
    ck_assert_int_eq(simtvm_module_to_kbc(mod, &data, &len), SIMTVM_ERR_STALE);
    ck_assert_int_eq(simtvm_load(vm, mod), SIMTVM_ERR_STALE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "simtvm_module_free"));
    /* The VM keeps its own reference: the loaded program still runs. */
    int code;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 7);
    simtvm_vm_free(vm);
}
END_TEST

START_TEST(result_use_after_free)
{
    simtvm_vm *vm = test_vm(NULL, TEST_SOURCE, NULL);
    simtvm_result *r;
    ck_assert_int_eq(simtvm_launch(vm, "count", simtvm_dim3_of(1, 1, 1), simtvm_dim3_of(32, 1, 1),
                                   0, NULL, 0, &r), SIMTVM_OK);
    ck_assert_int_eq(simtvm_result_free(r), SIMTVM_OK);
    ck_assert_int_eq(simtvm_result_status(r), SIMTVM_ERR_STALE);
    ck_assert_int_eq(simtvm_errcode(vm), SIMTVM_ERR_STALE);
    simtvm_fault f;
    ck_assert_int_eq(simtvm_result_fault(r, &f), SIMTVM_ERR_STALE);
    ck_assert_int_eq(simtvm_result_exit_code(r), 0);
    ck_assert(simtvm_result_time_ms(r) == 0);
    ck_assert_uint_eq(simtvm_result_host_steps(r), 0);
    ck_assert_int_eq(simtvm_result_free(r), SIMTVM_ERR_STALE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "freed twice"));
    simtvm_vm_free(vm);
}
END_TEST

/* Modules and results outlive the VM that made them; freed later, they
 * return everything to that VM's allocator. */
START_TEST(handles_outlive_their_vm)
{
    test_alloc ta = {0};
    simtvm_config cfg;
    config_with(&cfg, &ta);
    simtvm_vm *vm, *other;
    ck_assert_int_eq(simtvm_vm_new(&cfg, &vm), SIMTVM_OK);
    simtvm_module *mod;
    ck_assert_int_eq(simtvm_compile(vm, "t.k", TEST_SOURCE, strlen(TEST_SOURCE), NULL, &mod),
                     SIMTVM_OK);
    ck_assert_int_eq(simtvm_load(vm, mod), SIMTVM_OK);
    simtvm_result *r;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, NULL, &r), SIMTVM_OK);
    simtvm_vm_free(vm);
    ck_assert_int_gt(ta.live_blocks, 0);
    ck_assert_int_eq(simtvm_result_exit_code(r), 7);
    ck_assert_int_eq(simtvm_vm_new(NULL, &other), SIMTVM_OK); /* libc's allocator */
    ck_assert_int_eq(simtvm_load(other, mod), SIMTVM_OK);
    ck_assert_int_eq(simtvm_module_free(mod), SIMTVM_OK);
    ck_assert_int_eq(simtvm_result_free(r), SIMTVM_OK);
    ck_assert_int_gt(ta.live_blocks, 0);  /* other still holds the program */
    int code;
    ck_assert_int_eq(simtvm_run_main(other, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 7);
    simtvm_vm_free(other);
    ck_assert_int_eq(ta.live_blocks, 0);
    ck_assert_uint_eq(ta.live_bytes, 0);
}
END_TEST

Suite *api_alloc_suite(void)
{
    Suite *s = suite_create("alloc");
    TCase *tc = tcase_create("alloc");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, alloc_every_block_returns);
    tcase_add_test(tc, alloc_fail_every_nth);
    tcase_add_test(tc, alloc_errors_release_everything);
    tcase_add_test(tc, module_use_after_free);
    tcase_add_test(tc, result_use_after_free);
    tcase_add_test(tc, handles_outlive_their_vm);
    suite_add_tcase(s, tc);
    return s;
}
