/* tests/unit/test_threads.c -- which kernels may run their blocks on several
 * host threads (simt_kernel_serial_reason, vm/threads.c): small K kernels,
 * each compiled and classified.  Speaks TAP through Check. */
#include <check.h>

#include "tests/unit/check_tap.h"
#include <stdlib.h>
#include <string.h>

#include "lang/ast.h"
#include "vm/vm.h"

/* The reason for kernel `k` of src (NULL: parallel); src must compile. */
static const char *reason_of(const char *src, const char *kernel, unsigned *kind)
{
    k_ctx ctx;
    k_ctx_init(&ctx, "test.k", src, strlen(src));
    simt_module *m = k_compile(&ctx, NULL);
    if (!m) {
        k_print_diags(&ctx, stderr);
        ck_abort_msg("compilation failed");
    }
    int k = simt_module_find_func(m, kernel);
    ck_assert_int_ge(k, 0);
    const char *why = simt_kernel_serial_reason(m, (uint32_t)k);
    if (kind)
        *kind = m->funcs[k].kind;
    simt_module_free(m);
    k_ctx_free(&ctx);
    return why;
}

static void expect_parallel(const char *src)
{
    const char *why = reason_of(src, "k", NULL);
    if (why)
        ck_abort_msg("expected parallel, got serial (%s) for:\n%s", why, src);
}

static void expect_serial(const char *src, const char *because)
{
    const char *why = reason_of(src, "k", NULL);
    if (!why)
        ck_abort_msg("expected serial (%s), got parallel for:\n%s", because, src);
    if (!strstr(why, because))
        ck_abort_msg("expected '%s', got '%s' for:\n%s", because, why, src);
}

START_TEST(test_plain_kernels)
{
    expect_parallel("__global__ void k(float *y, const float *x, int n) {\n"
                    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                    "  if (i < n) y[i] = 2.0f * x[i] + y[i]; }\n");
    expect_parallel("__global__ void k(int *p) {\n"
                    "  __shared__ int s[64]; s[threadIdx.x] = threadIdx.x; __syncthreads();\n"
                    "  printf(\"%d %d\\n\", blockIdx.x, s[63 - threadIdx.x]);\n"
                    "  memset(p, 0, 4); }\n");
}
END_TEST

START_TEST(test_atomics)
{
    /* integer atomics whose result is unused commute */
    expect_parallel("__global__ void k(int *h, unsigned *u, unsigned long long *w) {\n"
                    "  atomicAdd(h, 1); atomicSub(h, 2); atomicMax(h, 7); atomicMin(h, -1);\n"
                    "  atomicOr(u, 4u); atomicAnd(u, 5u); atomicXor(u, 1u);\n"
                    "  atomicAdd(w, 3ull); }\n");
    expect_serial("__global__ void k(int *h, int *out) {\n"
                  "  int old = atomicAdd(h, 1); out[old] = 1; }\n",
                  "result is used");
    expect_serial("__global__ void k(int *h, int *out) {\n"
                  "  if (atomicAdd(h, 1) == 5) out[0] = 1; }\n",
                  "result is used");
    expect_serial("__global__ void k(float *f) { atomicAdd(f, 1.0f); }\n", "other than integer");
    expect_serial("__global__ void k(int *h) { atomicExch(h, 1); }\n", "other than integer");
    expect_serial("__global__ void k(unsigned *h) { atomicInc(h, 9u); }\n", "other than integer");
    expect_serial("__global__ void k(int *h) { atomicCAS(h, 0, 1); }\n", "atomicCAS");
}
END_TEST

START_TEST(test_ordering)
{
    expect_serial("__global__ void k(int *p) { p[0] = 1; __threadfence(); p[1] = 2; }\n",
                  "__threadfence");
    unsigned kind = 0;
    const char *why = reason_of("__global__ void k(volatile int *flag) {\n"
                                "  if (blockIdx.x == 0) *flag = 1; else while (*flag == 0) {} }\n",
                                "k", &kind);
    ck_assert_ptr_nonnull(why);
    ck_assert_str_eq(why, "volatile memory accesses");
    ck_assert_uint_eq(kind, FN_KERNEL | FN_VOLATILE);
    expect_serial("__global__ void k(int *p) { int *q = (int *)malloc(8); q[0] = *p; free(q); }\n",
                  "malloc");
}
END_TEST

START_TEST(test_called_functions)
{
    /* what a kernel calls counts, however deep */
    expect_serial("__device__ void bump(int *h) { __threadfence(); }\n"
                  "__device__ void mid(int *h) { bump(h); }\n"
                  "__global__ void k(int *h) { mid(h); }\n",
                  "__threadfence");
    expect_serial("__device__ int take(int *h) { return atomicAdd(h, 1); }\n"
                  "__global__ void k(int *h, int *out) { out[take(h)] = 1; }\n",
                  "result is used");
    expect_parallel("__device__ void count(int *h) { atomicAdd(h, 1); }\n"
                    "__device__ void other(int *h) { __threadfence(); }\n"
                    "__global__ void k(int *h) { count(h); }\n"
                    "__global__ void j(int *h) { other(h); }\n");
    /* a host function with volatile locals is not marked */
    unsigned kind = 0;
    reason_of("__global__ void k(int *p) { p[0] = 1; }\n"
              "int main() { volatile int x = 1; return x - 1; }\n", "main", &kind);
    ck_assert_uint_eq(kind, FN_HOST);
}
END_TEST

static Suite *threads_suite(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("classify");
    tcase_add_test(tc, test_plain_kernels);
    tcase_add_test(tc, test_atomics);
    tcase_add_test(tc, test_ordering);
    tcase_add_test(tc, test_called_functions);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return simt_run_suite(threads_suite());
}
