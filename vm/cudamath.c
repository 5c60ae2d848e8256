/* vm/cudamath.c -- binary32 math functions computed the way the GPU's math
 * library computes them, so that device code prints the digits an NVIDIA GPU
 * prints.  The host's libm is correctly rounded more often than CUDA's (whose
 * sinf is allowed 2 ulp), so a kernel calling sinf differed from the GPU in
 * the last digit (vm/README.md, "Device math").
 *
 * Written from the algorithms of CUDA's libdevice (public in its LLVM form):
 * a three-part Cody-Waite reduction by pi/2 with fused multiply-adds, a
 * Payne-Hanek reduction with 2/pi to 192 bits above 105615, and minimax
 * polynomials evaluated with fmaf.  Every operation below is one binary32 (or,
 * in the large reduction, binary64) operation rounded to nearest, in the
 * order the GPU does it; this file is compiled without contraction of a*b+c
 * (-std=c11 implies -ffp-contract=off), so fmaf is the only fused operation.
 *
 * Measured against an H200 for all 2^32 inputs: doc/device-math.md. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "vm/cudamath.h"

static uint32_t bits_of(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* 2/pi to 192 bits, least significant word first. */
static const uint32_t two_over_pi[6] = {
    0x3c439041u, 0xdb629599u, 0xf534ddc0u, 0xfc2757d1u, 0x4e441529u, 0xa2f9836eu,
};

/* Payne-Hanek: x (finite, |x| >= 105615) = q * pi/2 + r; returns r. */
static float reduce_large(float x, int *quadrant)
{
    uint32_t ia = bits_of(x);
    uint32_t sign = ia & 0x80000000u;
    uint32_t e = ((ia >> 23) & 0xffu) - 128u;
    uint32_t mant = (ia << 8) | 0x80000000u;
    uint32_t prod[7];
    uint32_t carry = 0;
    for (int k = 0; k < 6; k++) {
        uint64_t p = (uint64_t)two_over_pi[k] * mant + carry;
        prod[k] = (uint32_t)p;
        carry = (uint32_t)(p >> 32);
    }
    prod[6] = carry;
    int idx = 4 - (int)(e >> 5);
    unsigned sh = e & 31u;
    uint32_t hi = prod[idx + 2], lo = prod[idx + 1];
    if (sh != 0) {
        hi = (hi << sh) + (lo >> (32 - sh));
        lo = (lo << sh) + (prod[idx] >> (32 - sh));
    }
    uint32_t q = hi >> 30;
    hi = (hi << 2) + (lo >> 30);
    lo <<= 2;
    q += hi >> 31;
    if (sign)
        q = 0u - q;
    if (hi >> 31) { /* the fraction is above one half: take 1 - it */
        hi = ~hi;
        lo = ~lo;
        sign ^= 0x80000000u;
    }
    int64_t f = (int64_t)((uint64_t)hi << 32 | lo);
    double d = (double)f * 0x1.921fb54442d19p-64; /* pi/2 * 2^-64 */
    float r = (float)d;
    *quadrant = (int)q;
    return sign ? -r : r;
}

/* x = q * pi/2 + r, |r| <= pi/4 (about). */
static float reduce_pio2(float x, int *quadrant)
{
    float ax = fabsf(x);
    if (ax >= 105615.0f) {
        if (isinf(x)) {
            *quadrant = 0;
            return x * 0.0f; /* NaN */
        }
        return reduce_large(x, quadrant);
    }
    float t = x * 0x1.45f306p-1f; /* 2/pi */
    int q = isnan(t) ? 0 : (int)rintf(t);
    float j = (float)q;
    float r = fmaf(j, -0x1.921fb4p+0f, x);
    r = fmaf(j, -0x1.4442d0p-24f, r);
    r = fmaf(j, -0x1.84698ap-48f, r);
    *quadrant = q;
    return r;
}

/* sin (q even) or cos (q odd) of the reduced argument, sign by q & 2. */
static float sincos_poly(float t, int q)
{
    float s = t * t;
    int odd = q & 1;
    float c = odd ? 1.0f : t;
    float z = fmaf(s, c, 0.0f);
    float p = odd ? fmaf(0x1.975800p-16f, s, -0x1.6c0fdap-10f) : -0x1.9a82a6p-13f;
    p = fmaf(p, s, odd ? 0x1.555576p-5f : 0x1.110bc8p-7f);
    p = fmaf(p, s, odd ? -0x1.fffffep-2f : -0x1.555550p-3f);
    float r = fmaf(p, z, c);
    if (q & 2)
        r = fmaf(r, -1.0f, 0.0f);
    return r;
}

float cuda_sinf(float x)
{
    int q;
    float t = reduce_pio2(x, &q);
    return sincos_poly(t, q);
}

float cuda_cosf(float x)
{
    int q;
    float t = reduce_pio2(x, &q);
    return sincos_poly(t, q + 1);
}

/* The GPU's MUFU.RCP, modelled as the correctly rounded reciprocal (the
 * hardware's approximation differs from it in some last bits). */
static float approx_rcp(float x)
{
    return 1.0f / x;
}

/* tan: the sin reduction, a polynomial for tan on [-pi/4, pi/4], and
 * -1/tan in the odd quadrants. */
float cuda_tanf(float x)
{
    int q;
    float t = reduce_pio2(x, &q);
    float s = t * t;
    float p = 0x1.32p-7f;
    p = fmaf(s, p, 0x1.acp-9f);
    p = fmaf(s, p, 0x1.8ep-6f);
    p = fmaf(s, p, 0x1.b6p-5f);
    p = fmaf(s, p, 0x1.112870p-3f);
    p = fmaf(s, p, 0x1.555510p-2f);
    float u = s * t;
    if (fabsf(t) != 0x1.016878p-11f) /* as the GPU's code tests it */
        t = fmaf(p, u, t);
    return (q & 1) ? approx_rcp(-t) : t;
}

/* x = 2^e * (1 + f) with 1 + f in [split, 2 split), subnormals scaled by
 * 2^23 first; returns f and sets *e. */
static float log_split(float *x, uint32_t split, float *e)
{
    *e = 0.0f;
    if (*x < 0x1p-126f) { /* also negative numbers, which end as NaN */
        *e = -23.0f;
        *x *= 8388608.0f;
    }
    uint32_t ix = bits_of(*x);
    uint32_t ex = (ix - split) & 0xff800000u;
    float m;
    uint32_t im = ix - ex;
    memcpy(&m, &im, sizeof m);
    *e = fmaf((float)(int32_t)ex, 0x1p-23f, *e);
    return m - 1.0f;
}

/* inf, NaN, negative numbers and zero, as the GPU's code sorts them out */
static float log_special(float x, float r)
{
    if (bits_of(x) >= 0x7f800000u)
        r = fmaf(x, INFINITY, INFINITY);
    return r;
}

static float logf_core(float *x)
{
    float e;
    float f = log_split(x, 0x3f2aaaabu, &e);
    float p = fmaf(f, -0x1.0aa04ep-3f, 0x1.2073ecp-3f);
    p = fmaf(f, p, -0x1.f19b98p-4f);
    p = fmaf(f, p, 0x1.1e52aap-3f);
    p = fmaf(f, p, -0x1.55b172p-3f);
    p = fmaf(f, p, 0x1.99da16p-3f);
    p = fmaf(f, p, -0x1.fffe44p-3f);
    p = fmaf(f, p, 0x1.5554f0p-2f);
    p = fmaf(f, p, -0.5f);
    p = f * p;
    p = fmaf(f, p, f);
    float r = fmaf(e, 0x1.62e430p-1f, p);
    return log_special(*x, r);
}

float cuda_logf(float x)
{
    float r = logf_core(&x);
    return x == 0.0f ? -INFINITY : r;
}

float cuda_log10f(float x)
{
    float r = logf_core(&x) * 0x1.bcb7b2p-2f;
    return x == 0.0f ? -INFINITY : r;
}

float cuda_log2f(float x)
{
    float e;
    float f = log_split(&x, 0x3f3504f3u, &e);
    float p = fmaf(f, 0x1.8d64fep-4f, -0x1.58fe60p-3f);
    p = fmaf(f, p, 0x1.5f9e54p-3f);
    p = fmaf(f, p, -0x1.6e9c86p-3f);
    p = fmaf(f, p, 0x1.a417e8p-3f);
    p = fmaf(f, p, -0x1.ec7916p-3f);
    p = fmaf(f, p, 0x1.277f32p-2f);
    p = fmaf(f, p, -0x1.715492p-2f);
    p = fmaf(f, p, 0x1.ec7094p-2f);
    p = fmaf(f, p, -0x1.715476p-1f);
    p = f * p;
    p = f * p;
    p = fmaf(f, 0x1.715476p+0f, p);
    float r = log_special(x, e + p);
    return x == 0.0f ? -INFINITY : r;
}

/* The GPU's MUFU.EX2, modelled as the correctly rounded 2^x with subnormal
 * results flushed to zero. */
static float approx_ex2(float x)
{
    float y = exp2f(x);
    return y < 0x1p-126f ? 0.0f : y;
}

/* e^x and 10^x: 2^k (k from a saturated, rounded-down estimate) times
 * 2^(x log2(b) - k), the product computed with log2(b) in two parts. */
static float exp_base(float x, float est, float hi, float lo)
{
    float j = fmaf(x, est, 0.5f);
    j = j != j || j < 0.0f ? 0.0f : j > 1.0f ? 1.0f : j; /* FFMA.SAT, without libm calls */
    float big = (float)floor((double)j * 252.0 + 12582913.0); /* FFMA.RM, exact */
    float k = big - 12583039.0f;
    uint32_t sb = bits_of(big) << 23;
    float scale;
    memcpy(&scale, &sb, sizeof scale);
    float r = fmaf(x, hi, -k);
    r = fmaf(x, lo, r);
    return scale * approx_ex2(r);
}

float cuda_expf(float x)
{
    return exp_base(x, 0x1.77313ap-8f, 0x1.715476p+0f, 0x1.4ae0c0p-26f);
}

float cuda_exp10f(float x)
{
    return exp_base(x, 0x1.aff4c4p-7f, 0x1.a934f0p+1f, 0x1.2f346ep-24f);
}
