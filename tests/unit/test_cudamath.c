/* tests/unit/test_cudamath.c -- device binary32 math (vm/cudamath.c) gives the
 * GPU's bits where the host's libm gives others (TAP).
 *
 * Every expected value below is an NVIDIA H200's (CUDA 13.0, sm_90), from
 * tests/difftest/mathsweep.cu: sinf and cosf match the GPU on all 2^32
 * inputs, so their rows are inputs where glibc rounds the other way; the
 * logf, log2f, log10f and tanf rows are inputs the GPU printed where glibc
 * differs.  The same intrinsic evaluated for host code must stay libm's. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check_tap.h"
#include "vm/cudamath.h"
#include "vm/lanes.h"
#include "vm/module.h"

typedef struct {
    unsigned id;           /* INTR_* */
    uint32_t x, gpu;       /* binary32 bits */
} gpu_case;

static const gpu_case cases[] = {
    {INTR_SINF, 0x3f5cf528, 0x3f4286f5}, {INTR_SINF, 0xbf4b4b48, 0xbf36973f},
    {INTR_SINF, 0xc004804b, 0xbf60b7e3}, {INTR_SINF, 0x41130bfb, 0x3e6dc971},
    {INTR_SINF, 0x40e1b810, 0x3f324f01},
    {INTR_SINF, 0x47ce4780, 0x3f4e755f}, /* 105615: the large reduction */
    {INTR_COSF, 0x4103359d, 0xbeadee58}, {INTR_COSF, 0xc0f8064a, 0x3dd301cc},
    {INTR_COSF, 0x3ff60428, 0xbeb024b2}, {INTR_COSF, 0xc0dc9b0c, 0x3f51b89c},
    {INTR_COSF, 0xc071332b, 0xbf4f4883},
    {INTR_TANF, 0x3aa2eec0, 0x3aa2eec5}, {INTR_TANF, 0x3b884900, 0x3b884933},
    {INTR_TANF, 0x3b8bb9e0, 0x3b8bba17},
    {INTR_LOGF, 0x000000c0, 0xc2c40afa}, {INTR_LOGF, 0x00c00060, 0xc2addcb6},
    {INTR_LOGF, 0x00f00e20, 0xc2ad6a59},
    {INTR_LOG2F, 0x00d01270, 0xc2fa991e}, {INTR_LOG2F, 0x000031f0, 0xc3075ba2},
    {INTR_LOG2F, 0x0081b9a0, 0xc2fbf61c},
    {INTR_LOG10F, 0x00000050, 0xc22bcd31}, {INTR_LOG10F, 0x00300000, 0xc2196c4a},
    {INTR_LOG10F, 0x00f00000, 0xc216a08b},
};

static uint32_t bits(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static float flt(uint32_t u)
{
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}

static float libm(unsigned id, float x)
{
    switch (id) {
    case INTR_SINF: return sinf(x);
    case INTR_COSF: return cosf(x);
    case INTR_TANF: return tanf(x);
    case INTR_LOGF: return logf(x);
    case INTR_LOG2F: return log2f(x);
    default: return log10f(x);
    }
}

START_TEST(device_gets_gpu_bits)
{
    const gpu_case *c = &cases[_i];
    uint32_t got = (uint32_t)simt_intrinsic_eval(c->id, c->x, 0, 0);
    ck_assert_msg(got == c->gpu, "intrinsic %u of %08x: %08x, the GPU gives %08x", c->id, c->x,
                  got, c->gpu);
}
END_TEST

START_TEST(host_keeps_libm)
{
    const gpu_case *c = &cases[_i];
    uint32_t want = bits(libm(c->id, flt(c->x)));
    uint32_t got = (uint32_t)simt_intrinsic_eval_host(c->id, c->x, 0, 0);
    ck_assert_msg(got == want, "host intrinsic %u of %08x: %08x, libm %08x", c->id, c->x, got,
                  want);
}
END_TEST

/* Special values go through the GPU's own paths (fma(x, inf, inf) for
 * negative logarithms, x * 0 for an infinite sine). */
START_TEST(special_values)
{
    ck_assert(isnan(cuda_sinf(INFINITY)) && isnan(cuda_cosf(-INFINITY)));
    ck_assert(bits(cuda_sinf(-0.0f)) == 0x80000000u && cuda_cosf(0.0f) == 1.0f);
    ck_assert(cuda_logf(0.0f) == -INFINITY && cuda_logf(-0.0f) == -INFINITY);
    ck_assert(isnan(cuda_logf(-1.0f)) && isnan(cuda_log2f(-INFINITY)));
    ck_assert(cuda_log2f(INFINITY) == INFINITY && cuda_log10f(1.0f) == 0.0f);
    ck_assert(cuda_log2f(0x1p-149f) == -149.0f);
    ck_assert(cuda_expf(-INFINITY) == 0.0f && cuda_expf(INFINITY) == INFINITY);
    ck_assert(cuda_expf(0.0f) == 1.0f && cuda_exp10f(1.0f) == 10.0f);
    ck_assert(isnan(cuda_tanf(NAN)) && bits(cuda_tanf(-0.0f)) == 0x80000000u);
}
END_TEST

static Suite *cudamath_suite(void)
{
    Suite *s = suite_create("cudamath");
    TCase *tc = tcase_create("gpu");
    int n = (int)(sizeof cases / sizeof cases[0]);
    tcase_add_loop_test(tc, device_gets_gpu_bits, 0, n);
    tcase_add_loop_test(tc, host_keeps_libm, 0, n);
    tcase_add_test(tc, special_values);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return simt_run_suite(cudamath_suite());
}
