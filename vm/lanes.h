/* vm/lanes.h -- scalar micro-ops: the specification of every lane operation.
 *
 * Each function computes one lane's result from raw 64-bit register values.
 * The interpreter applies them over a group's lanes; write-back under the mask
 * happens in one place (LANES in vm/interp.c).  Signed arithmetic is done on
 * unsigned types so that overflow wraps as on GPUs and never invokes C's
 * undefined behaviour; conversions from floating point saturate as cvt.rzi does.
 */
#ifndef SIMT_LANES_H
#define SIMT_LANES_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Every lane of a W-lane warp. */
static inline uint32_t simt_lanes_all(unsigned W)
{
    return W >= 32 ? 0xffffffffu : (1u << W) - 1u;
}

/* Runs the statement (the variadic part) for each lane l of mask, in lane order: a plain loop over all W
 * lanes when mask is full (one the compiler may unroll or vectorise), else
 * over the set bits.  The interpreter's LANES and the scalar helpers'
 * LANES_OF are this loop. */
#define SIMT_FOR_LANES(mask, full, W, ...)                                  \
    do {                                                                    \
        if ((mask) == (full)) {                                             \
            for (unsigned l = 0; l < (W); l++) {                            \
                __VA_ARGS__;                                                \
            }                                                               \
        } else {                                                            \
            for (uint32_t m_ = (mask); m_; m_ &= m_ - 1) {                  \
                unsigned l = (unsigned)__builtin_ctz(m_);                   \
                __VA_ARGS__;                                                \
            }                                                               \
        }                                                                   \
    } while (0)

static inline float f32_of(uint64_t v)
{
    uint32_t u = (uint32_t)v;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint64_t of_f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline double f64_of(uint64_t v)
{
    double d;
    memcpy(&d, &v, 8);
    return d;
}
static inline uint64_t of_f64(double d)
{
    uint64_t v;
    memcpy(&v, &d, 8);
    return v;
}

/* ---- 32-bit integers: results zero-extended ---- */
static inline uint64_t micro_add_i32(uint64_t a, uint64_t b) { return (uint32_t)(a + b); }
static inline uint64_t micro_sub_i32(uint64_t a, uint64_t b) { return (uint32_t)(a - b); }
static inline uint64_t micro_mul_i32(uint64_t a, uint64_t b)
{
    return (uint32_t)((uint32_t)a * (uint32_t)b);
}
/* Division by zero does not trap on a GPU (SPEC 4): x / 0 is all ones (-1
 * signed) and x % 0 is x, what the division sequences nvcc emits give.  The
 * interpreter faults before these run only in host code. */
static inline uint64_t micro_div_s32(uint64_t a, uint64_t b)
{
    int32_t x = (int32_t)(uint32_t)a, y = (int32_t)(uint32_t)b;
    if (y == 0)
        return UINT32_MAX;
    if (y == -1)
        return (uint32_t)(0u - (uint32_t)x); /* INT_MIN / -1 = INT_MIN */
    return (uint32_t)(x / y);
}
static inline uint64_t micro_rem_s32(uint64_t a, uint64_t b)
{
    int32_t x = (int32_t)(uint32_t)a, y = (int32_t)(uint32_t)b;
    if (y == 0)
        return (uint32_t)a;
    if (y == -1)
        return 0;
    return (uint32_t)(x % y);
}
static inline uint64_t micro_div_u32(uint64_t a, uint64_t b)
{
    return (uint32_t)b ? (uint32_t)a / (uint32_t)b : UINT32_MAX;
}
static inline uint64_t micro_rem_u32(uint64_t a, uint64_t b)
{
    return (uint32_t)b ? (uint32_t)a % (uint32_t)b : (uint32_t)a;
}
static inline uint64_t micro_shl_i32(uint64_t a, uint64_t b) { return (uint32_t)((uint32_t)a << (b & 31)); }
static inline uint64_t micro_shr_s32(uint64_t a, uint64_t b)
{
    int32_t x = (int32_t)(uint32_t)a;
    unsigned s = (unsigned)(b & 31);
    /* arithmetic shift written without relying on implementation-defined >> */
    return (uint32_t)(x < 0 ? ~(~(uint32_t)x >> s) : (uint32_t)x >> s);
}
static inline uint64_t micro_shr_u32(uint64_t a, uint64_t b) { return (uint32_t)a >> (b & 31); }

/* ---- 64-bit integers ---- */
static inline uint64_t micro_div_s64(uint64_t a, uint64_t b)
{
    int64_t x = (int64_t)a, y = (int64_t)b;
    if (y == 0)
        return UINT64_MAX;
    if (y == -1)
        return 0 - a;
    return (uint64_t)(x / y);
}
static inline uint64_t micro_rem_s64(uint64_t a, uint64_t b)
{
    int64_t x = (int64_t)a, y = (int64_t)b;
    if (y == 0)
        return a;
    if (y == -1)
        return 0;
    return (uint64_t)(x % y);
}
static inline uint64_t micro_div_u64(uint64_t a, uint64_t b) { return b ? a / b : UINT64_MAX; }
static inline uint64_t micro_rem_u64(uint64_t a, uint64_t b) { return b ? a % b : a; }
static inline uint64_t micro_shr_s64(uint64_t a, uint64_t b)
{
    unsigned s = (unsigned)(b & 63);
    return (int64_t)a < 0 ? ~(~a >> s) : a >> s;
}

/* ---- floating point ----
 * The GPU's binary32 arithmetic returns one NaN whatever its operands: the
 * canonical 0x7fffffff (PTX; measured on an H100: sqrtf(-1), 0/0, NaN + 1,
 * -NaN and fabsf(NaN) all print "nan").  Its binary64 arithmetic propagates
 * a NaN operand quieted, as x86 does, and makes 0xfff8000000000000 (x86's
 * default NaN) from others; -x and fabs(x) of a NaN return it quieted, sign
 * unchanged.  C lets a compiler swap the operands of + and *, and when both
 * are NaN the result's payload is the first operand's (x86 SSE/AVX, and the
 * AVX2 helpers): the specification pins it to b's NaN, quieted (x + x quiets
 * x).  The binary64 math functions' NaNs: vm/lanes_scalar.c double_op. */
static inline float micro_canon_f32(float r)
{
#ifndef SIMT_HOST_FLOATS /* host code runs on the x86 host in CUDA: its NaNs stay */
    if (isnan(r)) {
        const uint32_t canon = 0x7fffffffu;
        memcpy(&r, &canon, 4);
    }
#endif
    return r;
}
static inline double micro_quiet_f64(double x)
{
    uint64_t u;
    memcpy(&u, &x, 8);
    u |= UINT64_C(1) << 51;
    memcpy(&x, &u, 8);
    return x;
}
static inline double micro_nan2(double x, double y, double r)
{
    return isnan(x) && isnan(y) ? x + x : r;
}
static inline uint64_t micro_f32(float r) { return of_f32(micro_canon_f32(r)); }
static inline uint64_t micro_add_f32(uint64_t a, uint64_t b) { return micro_f32(f32_of(a) + f32_of(b)); }
static inline uint64_t micro_sub_f32(uint64_t a, uint64_t b) { return micro_f32(f32_of(a) - f32_of(b)); }
static inline uint64_t micro_mul_f32(uint64_t a, uint64_t b) { return micro_f32(f32_of(a) * f32_of(b)); }
static inline uint64_t micro_div_f32(uint64_t a, uint64_t b) { return micro_f32(f32_of(a) / f32_of(b)); }
static inline uint64_t micro_neg_f32(uint64_t a) { return micro_f32(-f32_of(a)); }
static inline uint64_t micro_add_f64(uint64_t a, uint64_t b)
{
    return of_f64(micro_nan2(f64_of(a), f64_of(b), f64_of(a) + f64_of(b)));
}
static inline uint64_t micro_mul_f64(uint64_t a, uint64_t b)
{
    return of_f64(micro_nan2(f64_of(a), f64_of(b), f64_of(a) * f64_of(b)));
}
static inline uint64_t micro_neg_f64(uint64_t a)
{
    double x = f64_of(a);
#ifdef SIMT_HOST_FLOATS
    return of_f64(-x);
#else
    return of_f64(isnan(x) ? micro_quiet_f64(x) : -x);
#endif
}
/* fmin and fmax as the GPU's min.f32/f64: a NaN operand (signalling too)
 * gives the other one, two NaNs a NaN; -0 is less than +0. */
static inline double micro_fmin(double x, double y, int is_min)
{
#ifdef SIMT_HOST_FLOATS /* glibc's */
    return is_min ? fmin(x, y) : fmax(x, y);
#else
    if (isnan(x))
        return isnan(y) ? x + x : y;
    if (isnan(y))
        return x;
    if (x == y) { /* equal: only the signs of zeros can differ */
        uint64_t u, v;
        memcpy(&u, &x, 8);
        memcpy(&v, &y, 8);
        u = is_min ? u | v : u & v;
        memcpy(&x, &u, 8);
        return x;
    }
    return (x < y) == is_min ? x : y;
#endif
}

/* ---- conversions (saturating, as cvt.rzi on the GPU) ----
 * NaN becomes 0 only from a float to a 32-bit integer; every other
 * conversion of a NaN gives the sign-bit pattern, signed or not (measured on
 * an H200: F2I.S64, F2I.U64 and the double forms return 0x80...0). */
static inline uint64_t micro_cvt_s32_f(double f, int from_f64)
{
    if (isnan(f))
        return from_f64 ? 0x80000000u : 0;
    if (f >= 2147483647.0)
        return 0x7fffffffu;
    if (f <= -2147483648.0)
        return 0x80000000u;
    return (uint32_t)(int32_t)f;
}
static inline uint64_t micro_cvt_u32_f(double f, int from_f64)
{
    if (isnan(f))
        return from_f64 ? 0x80000000u : 0;
    if (f <= 0.0)
        return 0;
    if (f >= 4294967295.0)
        return 0xffffffffu;
    return (uint32_t)f;
}
static inline uint64_t micro_cvt_s64_f(double f)
{
    if (isnan(f))
        return (uint64_t)INT64_MIN;
    if (f >= 9223372036854775807.0)
        return (uint64_t)INT64_MAX;
    if (f <= -9223372036854775808.0)
        return (uint64_t)INT64_MIN;
    return (uint64_t)(int64_t)f;
}
static inline uint64_t micro_cvt_u64_f(double f)
{
    if (isnan(f))
        return UINT64_C(1) << 63;
    if (f <= 0.0)
        return 0;
    if (f >= 18446744073709551615.0)
        return UINT64_MAX;
    return (uint64_t)f;
}

/* One lane-local intrinsic (vm/intrinsics.def); x, y, z are its arguments.
 * The _host form computes as the x86 host does, for host code (vm/lanes_host.c). */
uint64_t simt_intrinsic_eval(unsigned id, uint64_t x, uint64_t y, uint64_t z);
uint64_t simt_intrinsic_eval_host(unsigned id, uint64_t x, uint64_t y, uint64_t z);

/* ---- warp-wide helpers: the lane operations of vm/lanes.def over a register ----
 *
 * A register is W consecutive 64-bit lane values (W = warp size, 1..32, any
 * value: helpers handle a tail that is not a multiple of their vector width).
 * For each lane l in mask: a[l] := op(b[l], c[l], c[W + l], k); the other
 * lanes of a keep their values (a helper may read them and store them back
 * unchanged), and the inputs of lanes outside the mask never matter.  a may
 * alias b or c.  Division helpers are called only when no lane of the mask
 * divides by zero (the interpreter faults first). */
enum simt_lop {
#define LOP(name, arity, expr) LOP_##name,
#include "vm/lanes.def"
#undef LOP
    LOP_COUNT
};

typedef void simt_lop_fn(uint64_t *a, const uint64_t *b, const uint64_t *c, uint64_t k,
                         unsigned W, uint32_t mask);

/* One implementation of every helper.  Each VM holds its own copy, filled by
 * simt_lanes_select when it is created, so two VMs may use different ones. */
struct simt_exec; /* vm/exec.h */
struct simt_block;
struct simt_warp;

typedef struct simt_lane_ops {
    const char *name;            /* "scalar" or "avx2" */
    simt_lop_fn *op[LOP_COUNT];
    /* Lanes of mask whose a[l] is nonzero (branches, votes). */
    uint32_t (*nonzero)(const uint64_t *a, unsigned W, uint32_t mask);
    /* The bitwise AND and OR of b[l] + off over the lanes of mask: out[0], out[1]
     * (every address x has AND <= x <= OR).  mask is never 0. */
    void (*bounds)(const uint64_t *b, uint64_t off, unsigned W, uint32_t mask, uint64_t out[2]);
    /* Loads of one region already checked for every lane: lane l reads
     * host[b[l] + rel] (rel = off - the guest address of host), LD8S..LD64 by
     * kind 0..5 (extended as the opcodes say). */
    void (*load)(uint64_t *a, const uint64_t *b, uint64_t rel, const uint8_t *host,
                 unsigned kind, unsigned W, uint32_t mask);
    /* Stores of len bytes (1, 2, 4, 8) likewise, in lane order (when lanes
     * overlap, the highest lane's value remains). */
    void (*store)(const uint64_t *a, const uint64_t *b, uint64_t rel, uint8_t *host,
                  unsigned len, unsigned W, uint32_t mask);
    /* a[l] := b[src[l]] for the lanes of mask (shuffles); src[l] < W; a may be b. */
    void (*permute)(uint64_t *a, const uint64_t *b, const uint8_t *src, unsigned W,
                    uint32_t mask);
    /* The lanes of mask where compare lop (a LOP_EQ/NE/LT/LE_*) of b[l], c[l]
     * holds, without writing a register (fused compare-and-branch).  NULL
     * where an implementation has none (the scalar table): the interpreter
     * then runs op[lop] into a scratch register and asks nonzero, which is
     * the specification. */
    uint32_t (*cmpmask[LOP_COUNT])(const uint64_t *b, const uint64_t *c, unsigned W,
                                   uint32_t mask);
    /* a[l] := intrinsic id (vm/intrinsics.def) of b[l] for every lane of a
     * W-lane warp, for the one-argument intrinsics an implementation has an
     * exact vector form of; returns 0, a untouched, for the others and for
     * other masks (the interpreter then runs simt_intrinsic_eval lane by
     * lane, the specification).  NULL in the scalar table. */
    int (*intrinsic)(unsigned id, uint64_t *a, const uint64_t *b, unsigned W, uint32_t mask);
    /* One lane of an intrinsic: simt_intrinsic_eval, or its _host form. */
    uint64_t (*eval)(unsigned id, uint64_t x, uint64_t y, uint64_t z);
    /* The dispatch loop built with these helpers inline (vm/interp_avx2.c),
     * or NULL: simt_exec_group (vm/exec.h) then runs its own. */
    int (*exec_group)(struct simt_exec *ex, struct simt_block *blk, struct simt_warp *w,
                      uint32_t mask);
} simt_lane_ops;

/* Fills t with the scalar helpers (vm/lanes_scalar.c): the specification. */
void simt_lanes_scalar(simt_lane_ops *t);
/* The same helpers with the host's float semantics, for host code: NaNs as
 * x86 makes them, glibc's fmin and fmax (vm/lanes_host.c). */
void simt_lanes_host(simt_lane_ops *t);
/* Replaces the helpers of t that have an AVX2 version (vm/lanes_avx2.c) and
 * returns 1; returns 0 and leaves t alone when this build or this CPU has no AVX2. */
int simt_lanes_avx2(simt_lane_ops *t);
/* Fills t for a VM: AVX2 where the CPU has it, unless no_simd (--no-simd). */
void simt_lanes_select(simt_lane_ops *t, int no_simd);

#endif
