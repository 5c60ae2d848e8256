/* vm/lanes_scalar.c -- the scalar definitions of the lane-local intrinsics
 * (vm/intrinsics.def) and of the warp-wide helpers of vm/lanes.def.  These are
 * the specification; faster versions (vm/lanes_avx2.c) must agree with them
 * bit for bit (tests/unit/test_lanes.c). */
#include <math.h>
#include <stdint.h>

#include "vm/cudamath.h"
#include "vm/lanes.h"
#include "vm/module.h"

/* jn's order, an int the caller converted to floating point (lang/math_extra.c);
 * clamped so that a stray operand converts without undefined behaviour */
static int bessel_order(double n)
{
    return n != n ? 0 : n > 1e9 ? 1000000000 : n < -1e9 ? -1000000000 : (int)n;
}

static float rsqrtf_(float x) { return 1.0f / sqrtf(x); }
static double rsqrt_(double x) { return 1.0 / sqrt(x); }

/* Device code computes these binary32 functions as the GPU's math library
 * does (vm/cudamath.c; doc/device-math.md has the counts measured against an
 * H200); host code, which runs on the CPU in CUDA too, keeps the host's libm.
 * exp2f stays libm's: the GPU's is its MUFU.EX2 unit, which libm's exp2f
 * models as well as anything here does. */
#ifdef SIMT_HOST_FLOATS
#define DEV_F(name, x) name(x)
#define DEV_EXP10F(x) powf(10.0f, x)
#else
#define DEV_F(name, x) cuda_##name(x)
#define DEV_EXP10F(x) cuda_exp10f(x)
#endif

/* r, or x quieted where x is a NaN: the GPU's fabs, floor, ceil, round,
 * trunc and rint of a NaN (vm/lanes.h); libm's on the host. */
static double nan_quiet(double x, double r)
{
#ifdef SIMT_HOST_FLOATS
    (void)x;
#else
    if (isnan(x))
        return micro_quiet_f64(x);
#endif
    return r;
}

static uint64_t float_op(unsigned id, float x, float y, float z)
{
    switch (id) {
#define F1(N, e) case INTR_##N: return micro_f32(e); /* NaN: canonical (vm/lanes.h) */
    F1(SQRTF, sqrtf(x)) F1(RSQRTF, rsqrtf_(x)) F1(CBRTF, cbrtf(x)) F1(EXPF, DEV_F(expf, x))
    F1(EXP2F, exp2f(x)) F1(EXP10F, DEV_EXP10F(x)) F1(EXPM1F, expm1f(x)) F1(LOGF, DEV_F(logf, x))
    F1(LOG2F, DEV_F(log2f, x)) F1(LOG10F, DEV_F(log10f, x)) F1(LOG1PF, log1pf(x)) F1(SINF, DEV_F(sinf, x))
    F1(COSF, DEV_F(cosf, x)) F1(TANF, DEV_F(tanf, x)) F1(ASINF, asinf(x)) F1(ACOSF, acosf(x))
    F1(ATANF, atanf(x)) F1(SINHF, sinhf(x)) F1(COSHF, coshf(x)) F1(TANHF, tanhf(x))
    F1(FABSF, fabsf(x)) F1(FLOORF, floorf(x)) F1(CEILF, ceilf(x)) F1(ROUNDF, roundf(x))
    F1(TRUNCF, truncf(x)) F1(RINTF, rintf(x)) F1(POWF, powf(x, y)) F1(ATAN2F, atan2f(x, y))
    F1(FMINF, (float)micro_fmin(x, y, 1)) F1(FMAXF, (float)micro_fmin(x, y, 0))
    F1(FMODF, fmodf(x, y))
    F1(HYPOTF, hypotf(x, y)) F1(FMAF, fmaf(x, y, z))
    F1(ERFF, erff(x)) F1(ERFCF, erfcf(x)) F1(LGAMMAF, lgammaf(x)) F1(TGAMMAF, tgammaf(x))
    F1(J0F, j0f(x)) F1(J1F, j1f(x)) F1(Y0F, y0f(x)) F1(Y1F, y1f(x))
    F1(JNF, jnf(bessel_order(x), y)) F1(YNF, ynf(bessel_order(x), y))
#undef F1
    case INTR_COPYSIGNF: return of_f32(copysignf(x, y)); /* a bit operation */
    case INTR_ISNANF: return isnan(x) != 0;
    case INTR_ISINFF: return isinf(x) != 0;
    case INTR_ISFINITEF: return isfinite(x) != 0;
    default: return 0;
    }
}

static uint64_t double_libm(unsigned id, double x, double y, double z)
{
    switch (id) {
#define D1(N, e) case INTR_##N: return of_f64(e);
    D1(SQRT, sqrt(x)) D1(RSQRT, rsqrt_(x)) D1(CBRT, cbrt(x)) D1(EXP, exp(x))
    D1(EXP2, exp2(x)) D1(EXP10, pow(10.0, x)) D1(EXPM1, expm1(x)) D1(LOG, log(x))
    D1(LOG2, log2(x)) D1(LOG10, log10(x)) D1(LOG1P, log1p(x)) D1(SIN, sin(x))
    D1(COS, cos(x)) D1(TAN, tan(x)) D1(ASIN, asin(x)) D1(ACOS, acos(x))
    D1(ATAN, atan(x)) D1(SINH, sinh(x)) D1(COSH, cosh(x)) D1(TANH, tanh(x))
    D1(FABS, nan_quiet(x, fabs(x))) D1(FLOOR, nan_quiet(x, floor(x)))
    D1(CEIL, nan_quiet(x, ceil(x))) D1(ROUND, nan_quiet(x, round(x)))
    D1(TRUNC, nan_quiet(x, trunc(x))) D1(RINT, nan_quiet(x, rint(x)))
    D1(POW, pow(x, y)) D1(ATAN2, atan2(x, y))
    D1(FMIN, micro_fmin(x, y, 1)) D1(FMAX, micro_fmin(x, y, 0)) D1(FMOD, fmod(x, y))
    D1(HYPOT, hypot(x, y)) D1(COPYSIGN, copysign(x, y)) D1(FMA, fma(x, y, z))
    D1(ERF, erf(x)) D1(ERFC, erfc(x)) D1(LGAMMA, lgamma(x)) D1(TGAMMA, tgamma(x))
    D1(J0, j0(x)) D1(J1, j1(x)) D1(Y0, y0(x)) D1(Y1, y1(x))
    D1(JN, jn(bessel_order(x), y)) D1(YN, yn(bessel_order(x), y))
#undef D1
    case INTR_ISNAN: return isnan(x) != 0;
    case INTR_ISINF: return isinf(x) != 0;
    case INTR_ISFINITE: return isfinite(x) != 0;
    default: return 0;
    }
}

/* A binary64 math function as the GPU's math library computes it (measured
 * on an H100, tests/programs/nan_math.k): pow(x, +-0) and pow(1, y) are 1
 * and hypot(+-inf, y) is inf even for a signalling NaN, where libm gives a
 * NaN; pow passes a NaN operand on quieted with its sign, where glibc clears
 * the sign; and a NaN made from numbers is 0xfff8000000000000 (as the
 * GPU's arithmetic makes it), except asin's, which has the sign of x.
 * libm's 0x7ff8000000000000 (log10(-1), acos(2), ...) was the difference.
 * Where two operands are NaN, which one the GPU passes on depends on the
 * code nvcc made of the call (tests/difftest/README.md): libm's stays.
 * Host code keeps libm's NaNs (the host's CPU computes them in CUDA). */
static uint64_t double_op(unsigned id, double x, double y, double z)
{
#ifndef SIMT_HOST_FLOATS
    if (id == INTR_POW && (y == 0.0 || x == 1.0))
        return of_f64(1.0);
    if (id == INTR_POW && (isnan(x) || isnan(y)))
        return of_f64(micro_quiet_f64(isnan(x) ? x : y));
    if (id == INTR_HYPOT && (isinf(x) || isinf(y)))
        return of_f64(INFINITY);
#endif
    uint64_t r = double_libm(id, x, y, z);
#ifndef SIMT_HOST_FLOATS
    int n = simt_intrinsic_nargs(id);
    int nan_in = isnan(x) || (n > 1 && isnan(y)) || (n > 2 && isnan(z));
    if (!nan_in && isnan(f64_of(r)))
        r = id == INTR_ASIN && !signbit(x) ? UINT64_C(0x7ff8000000000000)
                                            : UINT64_C(0xfff8000000000000);
#endif
    return r;
}

static uint64_t brev32(uint32_t v)
{
    uint32_t r = 0;
    for (int k = 0; k < 32; k++)
        r |= ((v >> k) & 1u) << (31 - k);
    return r;
}

static uint64_t brev64(uint64_t v)
{
    return (uint64_t)brev32((uint32_t)(v >> 32)) | (uint64_t)brev32((uint32_t)v) << 32;
}

static uint64_t byte_perm(uint32_t x, uint32_t y, uint32_t s)
{
    uint64_t pool = (uint64_t)x | (uint64_t)y << 32;
    uint32_t r = 0;
    for (int k = 0; k < 4; k++) {
        unsigned sel = (s >> (4 * k)) & 7u;
        r |= (uint32_t)((pool >> (8 * sel)) & 0xffu) << (8 * k);
    }
    return r;
}

/* The lane of mask's set bit with n set bits below it; 32 when there is none. */
static uint32_t nth_lane(uint32_t mask, uint32_t n)
{
    for (uint32_t l = 0; l < 32; l++)
        if (mask >> l & 1u && n-- == 0)
            return l;
    return 32;
}

/* x's bits at mask's set bits, packed from bit 0 (x86's PEXT). */
static uint32_t pext32(uint32_t x, uint32_t mask)
{
    uint32_t r = 0, k = 0;
    for (uint32_t l = 0; l < 32; l++)
        if (mask >> l & 1u)
            r |= (x >> l & 1u) << k++;
    return r;
}

static uint64_t int_op(unsigned id, uint64_t x, uint64_t y, uint64_t z)
{
    int32_t sx = (int32_t)(uint32_t)x, sy = (int32_t)(uint32_t)y;
    uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
    switch (id) {
    case INTR_MIN_S32: return (uint32_t)(sx < sy ? sx : sy);
    case INTR_MAX_S32: return (uint32_t)(sx > sy ? sx : sy);
    case INTR_MIN_U32: return ux < uy ? ux : uy;
    case INTR_MAX_U32: return ux > uy ? ux : uy;
    case INTR_MIN_S64: return (int64_t)x < (int64_t)y ? x : y;
    case INTR_MAX_S64: return (int64_t)x > (int64_t)y ? x : y;
    case INTR_MIN_U64: return x < y ? x : y;
    case INTR_MAX_U64: return x > y ? x : y;
    case INTR_ABS_S32: return sx < 0 ? (uint32_t)(0u - ux) : ux;
    case INTR_ABS_S64: return (int64_t)x < 0 ? 0 - x : x;
    case INTR_POPC32: return (uint64_t)__builtin_popcount(ux);
    case INTR_POPC64: return (uint64_t)__builtin_popcountll(x);
    case INTR_CLZ32: return ux ? (uint64_t)__builtin_clz(ux) : 32;
    case INTR_CLZ64: return x ? (uint64_t)__builtin_clzll(x) : 64;
    case INTR_FFS32: return (uint64_t)__builtin_ffs((int)ux);
    case INTR_FFS64: return (uint64_t)__builtin_ffsll((long long)x);
    case INTR_BREV32: return brev32(ux);
    case INTR_BREV64: return brev64(x);
    case INTR_BYTE_PERM: return byte_perm(ux, uy, (uint32_t)z);
    case INTR_FUNNEL_L: {
        uint64_t v = (uint64_t)uy << 32 | ux;
        return (uint32_t)((v << (z & 31)) >> 32);
    }
    case INTR_FUNNEL_R: {
        uint64_t v = (uint64_t)uy << 32 | ux;
        return (uint32_t)(v >> (z & 31));
    }
    case INTR_MUL24_S: {
        int32_t a = (int32_t)(ux << 8) / 256, b = (int32_t)(uy << 8) / 256;
        return (uint32_t)((uint64_t)(int64_t)a * (uint64_t)(int64_t)b);
    }
    case INTR_MULHI_S32: return (uint32_t)((uint64_t)((int64_t)sx * (int64_t)sy) >> 32);
    case INTR_MULHI_U32: return (uint32_t)(((uint64_t)ux * uy) >> 32);
    case INTR_NTH_LANE32: return nth_lane(ux, uy);
    case INTR_PEXT32: return pext32(ux, uy);
    case INTR_SIGNBITF: return ux >> 31 & 1u;   /* a bit test: NaNs keep theirs */
    case INTR_SIGNBIT: return x >> 63;
    default: return 0;
    }
}

/* The error, gamma and Bessel functions, appended to the table after the
 * integer ones: libm's in device code too.  CUDA's erff, lgammaf... are libdevice
 * code whose algorithms are not published (sinf's and logf's were read from
 * its SASS, doc/device-math.md); glibc's are within an ulp of the exact
 * value and CUDA's within 2 to 6 (its Math API's table), so a kernel's last
 * digit may differ from a GPU's.  lgamma's sign (signgam) is not kept. */
static int is_special_float(unsigned id)
{
    return (id >= INTR_ERFF && id <= INTR_TGAMMAF) || (id >= INTR_J0F && id <= INTR_YNF);
}

static int is_special_double(unsigned id)
{
    return (id >= INTR_ERF && id <= INTR_TGAMMA) || (id >= INTR_J0 && id <= INTR_YN);
}

uint64_t simt_intrinsic_eval(unsigned id, uint64_t x, uint64_t y, uint64_t z)
{
    if (id <= INTR_ISFINITEF || is_special_float(id))
        return float_op(id, f32_of(x), f32_of(y), f32_of(z));
    if (id <= INTR_ISFINITE || is_special_double(id))
        return double_op(id, f64_of(x), f64_of(y), f64_of(z));
    return int_op(id, x, y, z);
}

/* ---- the scalar warp-wide helpers (vm/lanes.h) ----
 * LANES_OF applies one lane's statement over the mask: every lane in order
 * when all W lanes are active (a loop the compiler may unroll), else the set
 * bits of the mask.  Write-back under the mask happens here and nowhere else. */
#define LANES_OF(stmt) SIMT_FOR_LANES(mask, simt_lanes_all(W), W, stmt)

/* Operand fetch by arity: a helper reads no register its opcode does not name. */
#define FETCH_0 (void)b_; (void)c_;
#define FETCH_1 uint64_t b = b_[l]; (void)c_;
#define FETCH_2 uint64_t b = b_[l], c = c_[l];
#define FETCH_3 uint64_t b = b_[l], c = c_[l], d = c_[W + l];

#define LOP(name, arity, expr)                                                          \
    static void scalar_##name(uint64_t *a, const uint64_t *b_, const uint64_t *c_, uint64_t k, \
                              unsigned W, uint32_t mask)                                \
    {                                                                                   \
        (void)k;                                                                        \
        LANES_OF({ FETCH_##arity a[l] = (expr); });                                     \
    }
#include "vm/lanes.def"
#undef LOP

static uint32_t scalar_nonzero(const uint64_t *a, unsigned W, uint32_t mask)
{
    uint32_t r = 0;
    LANES_OF(if (a[l]) r |= 1u << l);
    return r;
}

static void scalar_bounds(const uint64_t *b, uint64_t off, unsigned W, uint32_t mask,
                          uint64_t out[2])
{
    uint64_t ands = UINT64_MAX, ors = 0;
    LANES_OF({
        ands &= b[l] + off;
        ors |= b[l] + off;
    });
    out[0] = ands;
    out[1] = ors;
}

static void scalar_load(uint64_t *a, const uint64_t *b, uint64_t rel, const uint8_t *host,
                        unsigned kind, unsigned W, uint32_t mask)
{
    switch (kind) {
    case 0: LANES_OF(a[l] = (uint64_t)(int64_t)(int8_t)host[b[l] + rel]); break;
    case 1: LANES_OF(a[l] = host[b[l] + rel]); break;
    case 2: LANES_OF({ int16_t v; memcpy(&v, host + (b[l] + rel), 2); a[l] = (uint64_t)(int64_t)v; });
        break;
    case 3: LANES_OF({ uint16_t v; memcpy(&v, host + (b[l] + rel), 2); a[l] = v; }); break;
    case 4: LANES_OF({ uint32_t v; memcpy(&v, host + (b[l] + rel), 4); a[l] = v; }); break;
    default: LANES_OF(memcpy(&a[l], host + (b[l] + rel), 8)); break;
    }
}

static void scalar_store(const uint64_t *a, const uint64_t *b, uint64_t rel, uint8_t *host,
                         unsigned len, unsigned W, uint32_t mask)
{
    switch (len) {
    case 1: LANES_OF(host[b[l] + rel] = (uint8_t)a[l]); break;
    case 2: LANES_OF({ uint16_t v = (uint16_t)a[l]; memcpy(host + (b[l] + rel), &v, 2); }); break;
    case 4: LANES_OF({ uint32_t v = (uint32_t)a[l]; memcpy(host + (b[l] + rel), &v, 4); }); break;
    default: LANES_OF(memcpy(host + (b[l] + rel), &a[l], 8)); break;
    }
}

static void scalar_permute(uint64_t *a, const uint64_t *b, const uint8_t *src, unsigned W,
                           uint32_t mask)
{
    uint64_t v[32];
    LANES_OF(v[l] = b[src[l]]);
    LANES_OF(a[l] = v[l]);
}

void simt_lanes_scalar(simt_lane_ops *t)
{
    static const simt_lane_ops scalar = {
        "scalar",
        {
#define LOP(name, arity, expr) scalar_##name,
#include "vm/lanes.def"
#undef LOP
        },
        scalar_nonzero, scalar_bounds, scalar_load, scalar_store, scalar_permute,
        {NULL},
        NULL, /* intrinsics: lane by lane */
        simt_intrinsic_eval,
        NULL, /* simt_exec_group runs its own loop */
    };
    *t = scalar;
}

#ifndef SIMT_HOST_FLOATS
void simt_lanes_select(simt_lane_ops *t, int no_simd)
{
    simt_lanes_scalar(t);
    if (!no_simd)
        simt_lanes_avx2(t);
}
#endif
