/* vm/lanes_avx2.h -- AVX2 versions of the warp-wide helpers of vm/lanes.h,
 * for the two files built with -mavx2: vm/lanes_avx2.c puts them in a VM's
 * lane table, and vm/interp_avx2.c (the dispatch loop compiled a second time)
 * inlines their full-warp case into its handlers, where a call through the
 * table costs about as much as the work on 32 lanes.  Include only where
 * __AVX2__ is defined; each includer uses a different subset.
 *
 * simt_lanes_avx2 installs these helpers only when the CPU reports AVX2, so
 * the rest of simtvm runs on any x86-64.  The scalar helpers
 * (vm/lanes_scalar.c) are the specification: every helper here must give
 * the same bits for every input (tests/unit/test_lanes.c).  A register is W 64-bit lanes; one __m256i holds
 * four of them.  Lanes are taken four at a time with the mask's nibble: a full
 * nibble uses plain loads and stores; a partial one computes all four lanes
 * and blends the result into the old destination (the lanes left out are
 * rewritten with their own values, which nothing can tell from untouched: a
 * warp's registers belong to one host thread); the tail of a warp whose size
 * is not a multiple of 4 uses masked loads and stores, which touch no word
 * past the register.
 *
 * Floating point: packed SSE/AVX instructions round as the scalar ones do
 * under the same MXCSR (no FTZ/DAZ is set anywhere), NaN operands propagate as
 * the scalar instruction of the same operand order does, and no FMA is formed
 * (-mavx2 does not enable -mfma, and C11 mode does not contract).  A float
 * lives in the low half of its lane; packed float instructions also compute
 * on the high halves, whose results are masked away. */
#ifndef SIMT_LANES_AVX2_H
#define SIMT_LANES_AVX2_H

#include <immintrin.h>

#include "vm/lanes.h"
#include "vm/module.h"
#include "vm/opcodes.h"

typedef __m256i v4;

static inline v4 ld(const uint64_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}
static inline void st(uint64_t *p, v4 v) { _mm256_storeu_si256((__m256i *)(void *)p, v); }
static inline v4 mld(const uint64_t *p, v4 m)
{
    return _mm256_maskload_epi64((const long long *)(const void *)p, m);
}
static inline void mst(uint64_t *p, v4 m, v4 v)
{
    _mm256_maskstore_epi64((long long *)(void *)p, m, v);
}

/* All-ones in the 64-bit lanes whose bit is set in nib (4 bits). */
static inline v4 nib_mask(unsigned nib)
{
    const v4 bit = _mm256_set_epi64x(8, 4, 2, 1);
    return _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(nib), bit), bit);
}

static inline v4 ones(void) { return _mm256_set1_epi64x(-1); }
static inline v4 lo32(void) { return _mm256_set1_epi64x(0xffffffff); }
static inline v4 one64(void) { return _mm256_set1_epi64x(1); }
static inline v4 sign64(void) { return _mm256_set1_epi64x((long long)0x8000000000000000ull); }

/* Applies BODY (an expression of v4 b, c, d and l) to every group of four lanes. */
#define APPLY(BODY)                                                             \
    if (mask == FULL4(W)) { /* every lane, W a multiple of 4: no mask tests */ \
        _Pragma("GCC unroll 8")                                                 \
        for (unsigned l = 0; l < W; l += 4) {                                   \
            v4 b = LD_B(ld), c = LD_C(ld), d = LD_D(ld);                        \
            (void)b; (void)c; (void)d;                                          \
            st(a + l, BODY);                                                    \
        }                                                                       \
        return;                                                                 \
    }                                                                           \
    for (unsigned l = 0; l < W; l += 4) {                                       \
        unsigned nib = (mask >> l) & 15u;                                       \
        if (nib == 15u) {                                                       \
            v4 b = LD_B(ld), c = LD_C(ld), d = LD_D(ld);                        \
            (void)b; (void)c; (void)d;                                          \
            st(a + l, BODY);                                                    \
        } else if (nib && l + 4 <= W) { /* blend: the other lanes keep a[l] */  \
            v4 m = nib_mask(nib);                                               \
            v4 b = LD_B(ld), c = LD_C(ld), d = LD_D(ld);                        \
            (void)b; (void)c; (void)d;                                          \
            v4 r = BODY;                                                        \
            st(a + l, _mm256_blendv_epi8(ld(a + l), r, m));                     \
        } else if (nib) { /* the tail of the register: touch no word past it */ \
            v4 m = nib_mask(nib);                                               \
            v4 b = LD_B(MLD), c = LD_C(MLD), d = LD_D(MLD);                     \
            (void)b; (void)c; (void)d;                                          \
            mst(a + l, m, BODY);                                                \
        }                                                                       \
    }
#define MLD(p) mld(p, m)
/* The mask of a full warp when W is a multiple of 4, else one no mask equals. */
#define FULL4(W) ((W) & 3u || (W) == 32 ? 0xffffffffu : (1u << (W)) - 1u)
#define ZERO(p) _mm256_setzero_si256()

/* Sparse masks (divergent code) touch few lanes: there one lane at a time,
 * with the specification's own expression (lanes.def), beats four-lane
 * blends, whose wide loads of registers just written lane by lane also stall
 * on store forwarding. */
#define FETCH_0 (void)b_; (void)c_;
#define FETCH_1 uint64_t b = b_[l]; (void)c_;
#define FETCH_2 uint64_t b = b_[l], c = c_[l];
#define FETCH_3 uint64_t b = b_[l], c = c_[l], d = c_[W + l];
#define LOP(name, arity, expr)                                                            \
    static __attribute__((unused)) void lane_##name(uint64_t *a, const uint64_t *b_,    \
                                                    const uint64_t *c_, uint64_t k,       \
                                                    unsigned W, uint32_t mask)            \
    {                                                                                     \
        (void)k; (void)W;                                                                 \
        for (uint32_t m_ = mask; m_; m_ &= m_ - 1) {                                      \
            unsigned l = (unsigned)__builtin_ctz(m_);                                     \
            FETCH_##arity a[l] = (expr);                                                  \
        }                                                                                 \
    }
#include "vm/lanes.def"
#undef LOP
static inline int sparse(uint32_t mask, unsigned W)
{
    return W < 4 || (unsigned)__builtin_popcount(mask) * 2 <= W; /* W = 1: host code */
}

/* Helpers by arity: which operands are read (never more than the opcode names). */
/* Each is compiled twice: for 32-lane warps (the default: the loops become
 * eight straight-line steps) and for any width. */
#define DEF0(name, BODY)                                                        \
    static inline __attribute__((always_inline)) void                          \
    body_##name(uint64_t *a, const uint64_t *b_, const uint64_t *c_, uint64_t k, \
                unsigned W, uint32_t mask)                                      \
    {                                                                           \
        (void)b_; (void)c_; (void)k;                                            \
        if (sparse(mask, W)) {                                                  \
            lane_##name(a, b_, c_, k, W, mask);                                 \
            return;                                                             \
        }                                                                       \
        APPLY(BODY)                                                             \
    }                                                                           \
    static void avx2_##name(uint64_t *a, const uint64_t *b_, const uint64_t *c_, uint64_t k, \
                            unsigned W, uint32_t mask)                          \
    {                                                                           \
        if (W == 32)                                                            \
            body_##name(a, b_, c_, k, 32, mask);                                \
        else                                                                    \
            body_##name(a, b_, c_, k, W, mask);                                 \
    }
#define LD_B(f) ZERO(b_)
#define LD_C(f) ZERO(c_)
#define LD_D(f) ZERO(c_)

static inline v4 iota4(uint64_t k, unsigned l)
{
    return _mm256_add_epi64(_mm256_set1_epi64x((long long)(k + l)), _mm256_set_epi64x(3, 2, 1, 0));
}
DEF0(LDK, _mm256_set1_epi64x((long long)k))
DEF0(IOTA, iota4(k, l))

#undef LD_B
#define LD_B(f) f(b_ + l)
#define DEF1 DEF0
#define UN(name, BODY) DEF1(name, BODY)

UN(MOV, b)
UN(NEG_I32, _mm256_and_si256(_mm256_sub_epi64(_mm256_setzero_si256(), b), lo32()))
UN(NOT_I32, _mm256_andnot_si256(b, lo32()))
UN(NEG_I64, _mm256_sub_epi64(_mm256_setzero_si256(), b))
UN(NOT_I64, _mm256_xor_si256(b, _mm256_set1_epi64x(-1)))
UN(ADDK, _mm256_add_epi64(b, _mm256_set1_epi64x((long long)k)))
UN(ADDK_I32, _mm256_and_si256(_mm256_add_epi64(b, _mm256_set1_epi64x((long long)k)), lo32()))
/* Where a lane's float (any of the eight halves) is a NaN, the canonical one
 * (vm/lanes.h micro_canon_f32); a double NaN quieted instead of negated. */
static inline v4 canon_f32(v4 r)
{
    const __m256 f = _mm256_castsi256_ps(r);
    return _mm256_castps_si256(_mm256_blendv_ps(
        f, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)), _mm256_cmp_ps(f, f, _CMP_UNORD_Q)));
}
static inline v4 nan_quiet_f64(v4 b, v4 r)
{
    const __m256d x = _mm256_castsi256_pd(b);
    const v4 quiet = _mm256_or_si256(b, _mm256_set1_epi64x(1ll << 51));
    return _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(r), _mm256_castsi256_pd(quiet),
                                                _mm256_cmp_pd(x, x, _CMP_UNORD_Q)));
}
UN(NEG_F32, _mm256_and_si256(canon_f32(_mm256_xor_si256(b, _mm256_set1_epi64x(0x80000000))), lo32()))
UN(NEG_F64, nan_quiet_f64(b, _mm256_xor_si256(b, sign64())))

/* ((x & m) ^ s) - s sign-extends the field m whose top bit is s. */
static inline v4 sext(v4 x, long long m, long long s)
{
    v4 vs = _mm256_set1_epi64x(s);
    return _mm256_sub_epi64(_mm256_xor_si256(_mm256_and_si256(x, _mm256_set1_epi64x(m)), vs), vs);
}
UN(SEXT8, sext(b, 0xff, 0x80))
UN(SEXT16, sext(b, 0xffff, 0x8000))
UN(SEXT32, sext(b, 0xffffffff, 0x80000000))
UN(ZEXT8, _mm256_and_si256(b, _mm256_set1_epi64x(0xff)))
UN(ZEXT16, _mm256_and_si256(b, _mm256_set1_epi64x(0xffff)))
UN(ZEXT32, _mm256_and_si256(b, lo32()))

/* The low halves of four lanes packed into 128 bits (values, or lane masks
 * for the 32-bit gathers). */
static inline __m128i low_dwords(v4 x)
{
    const v4 even = _mm256_set_epi32(7, 5, 3, 1, 6, 4, 2, 0);
    return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(x, even));
}
/* The low halves of four lanes as four floats, and back (zero-extended). */
static inline __m128 f32x4(v4 x) { return _mm_castsi128_ps(low_dwords(x)); }
static inline v4 of_f32x4(__m128 f) { return _mm256_cvtepu32_epi64(_mm_castps_si128(f)); }
static inline v4 of_i32x4(__m128i i) { return _mm256_cvtepu32_epi64(i); }

UN(CVT_F64_F32, _mm256_castpd_si256(_mm256_cvtps_pd(f32x4(b))))
UN(CVT_F32_F64, of_f32x4(_mm256_cvtpd_ps(_mm256_castsi256_pd(b))))

/* Float to int32 as cvt.rzi: truncate, saturate; NaN -> 0 from a float,
 * 0x80000000 from a double (vm/lanes.h).  cvtt gives 0x80000000 for NaN and
 * every value out of range; the value >= 2^31 (as 2147483647.0 rounds in
 * float) becomes 0x7fffffff. */
static inline v4 cvt_s32_f32(v4 b)
{
    __m128 f = f32x4(b);
    __m128i r = _mm_cvttps_epi32(f);
    __m128 big = _mm_cmp_ps(f, _mm_set1_ps(2147483648.0f), _CMP_GE_OQ);
    r = _mm_blendv_epi8(r, _mm_set1_epi32(0x7fffffff), _mm_castps_si128(big));
    r = _mm_andnot_si128(_mm_castps_si128(_mm_cmp_ps(f, f, _CMP_UNORD_Q)), r);
    return of_i32x4(r);
}
static inline v4 cvt_s32_f64(v4 b)
{
    __m256d f = _mm256_castsi256_pd(b);
    __m128i r = _mm256_cvttpd_epi32(f);
    __m256d big = _mm256_cmp_pd(f, _mm256_set1_pd(2147483647.0), _CMP_GE_OQ);
    __m128i bigd = low_dwords(_mm256_castpd_si256(big)); /* false for NaN */
    r = _mm_blendv_epi8(r, _mm_set1_epi32(0x7fffffff), bigd);
    return of_i32x4(r);
}
UN(CVT_S32_F32, cvt_s32_f32(b))
UN(CVT_S32_F64, cvt_s32_f64(b))

/* Four lanes through the specification's expression (vm/lanes.def), one at
 * a time: the conversions below take it where their vector form does not
 * hold for every one of the four. */
#define FOUR_0(name, expr)
#define FOUR_2(name, expr)
#define FOUR_3(name, expr)
#define FOUR_1(name, expr)                                                      \
    static __attribute__((unused, noinline)) v4 four_##name(v4 bv, uint64_t k) \
    {                                                                           \
        (void)k;                                                                \
        uint64_t x[4];                                                          \
        st(x, bv);                                                              \
        for (unsigned l = 0; l < 4; l++) {                                      \
            uint64_t b = x[l];                                                  \
            x[l] = (expr);                                                      \
        }                                                                       \
        return ld(x);                                                           \
    }
#define LOP(name, arity, expr) FOUR_##arity(name, expr)
#include "vm/lanes.def"
#undef LOP
#undef FOUR_0
#undef FOUR_1
#undef FOUR_2
#undef FOUR_3

/* The high halves of four lanes packed into 128 bits. */
static inline __m128i high_dwords(v4 x)
{
    const v4 odd = _mm256_set_epi32(6, 4, 2, 0, 7, 5, 3, 1);
    return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(x, odd));
}
static inline int all4(v4 m) { return _mm256_movemask_pd(_mm256_castsi256_pd(m)) == 15; }

/* 64-bit integers to double, exact for every value: the high half (signed
 * or not) times 2^32 and the low half are each exact in a double, so their
 * sum is the value rounded once, as the scalar conversion rounds it.  An
 * unsigned 32-bit half is converted as a signed one with its top bit
 * flipped, plus 2^31. */
static inline __m256d u32x4_pd(__m128i u)
{
    return _mm256_add_pd(_mm256_cvtepi32_pd(_mm_xor_si128(u, _mm_set1_epi32((int)0x80000000u))),
                         _mm256_set1_pd(2147483648.0));
}
static inline v4 cvt_f64_s64(v4 b)
{
    __m256d hi = _mm256_mul_pd(_mm256_cvtepi32_pd(high_dwords(b)), _mm256_set1_pd(4294967296.0));
    return _mm256_castpd_si256(_mm256_add_pd(hi, u32x4_pd(low_dwords(b))));
}
static inline v4 cvt_f64_u64(v4 b)
{
    __m256d hi = _mm256_mul_pd(u32x4_pd(high_dwords(b)), _mm256_set1_pd(4294967296.0));
    return _mm256_castpd_si256(_mm256_add_pd(hi, u32x4_pd(low_dwords(b))));
}
UN(CVT_F64_S64, cvt_f64_s64(b))
UN(CVT_F64_U64, cvt_f64_u64(b))

/* 64-bit integers to float: one packed conversion when all four values are
 * 32-bit ones (int i is sign-extended before (float)i: the common case),
 * which rounds once as the scalar conversion does; else the specification. */
static inline v4 cvt_f32_s64(v4 b)
{
    if (all4(_mm256_cmpeq_epi64(b, sext(b, 0xffffffff, 0x80000000))))
        return of_f32x4(_mm_cvtepi32_ps(low_dwords(b)));
    return four_CVT_F32_S64(b, 0);
}
static inline v4 cvt_f32_u64(v4 b)
{
    if (all4(_mm256_cmpeq_epi64(_mm256_and_si256(b, _mm256_set1_epi64x(~0x7fffffffLL)),
                                _mm256_setzero_si256())))
        return of_f32x4(_mm_cvtepi32_ps(low_dwords(b)));
    return four_CVT_F32_U64(b, 0);
}
UN(CVT_F32_S64, cvt_f32_s64(b))
UN(CVT_F32_U64, cvt_f32_u64(b))

/* Floating point to 64-bit integers (and to unsigned 32-bit ones): a
 * truncating packed conversion when all four values lie in [lo, 2^31),
 * where it equals cvt.rzi's (no saturation, no NaN); else the
 * specification. */
static inline v4 cvt_64_f32(v4 b, float lo, int is_signed, v4 (*spec)(v4, uint64_t))
{
    __m128 f = f32x4(b);
    __m128 in = _mm_and_ps(_mm_cmp_ps(f, _mm_set1_ps(lo), _CMP_GE_OQ),
                           _mm_cmp_ps(f, _mm_set1_ps(2147483648.0f), _CMP_LT_OQ));
    if (_mm_movemask_ps(in) != 15)
        return spec(b, 0);
    __m128i r = _mm_cvttps_epi32(f);
    return is_signed ? _mm256_cvtepi32_epi64(r) : _mm256_cvtepu32_epi64(r);
}
static inline v4 cvt_64_f64(v4 b, double lo, int is_signed, v4 (*spec)(v4, uint64_t))
{
    __m256d f = _mm256_castsi256_pd(b);
    __m256d in = _mm256_and_pd(_mm256_cmp_pd(f, _mm256_set1_pd(lo), _CMP_GE_OQ),
                               _mm256_cmp_pd(f, _mm256_set1_pd(2147483648.0), _CMP_LT_OQ));
    if (_mm256_movemask_pd(in) != 15)
        return spec(b, 0);
    __m128i r = _mm256_cvttpd_epi32(f);
    return is_signed ? _mm256_cvtepi32_epi64(r) : _mm256_cvtepu32_epi64(r);
}
/* (-2^31 is the lowest value the packed conversion takes; above -1 an
 * unsigned conversion gives 0, which truncation also gives.) */
UN(CVT_S64_F32, cvt_64_f32(b, -2147483648.0f, 1, four_CVT_S64_F32))
UN(CVT_S64_F64, cvt_64_f64(b, -2147483648.0, 1, four_CVT_S64_F64))
UN(CVT_U64_F32, cvt_64_f32(b, 0.0f, 0, four_CVT_U64_F32))
UN(CVT_U64_F64, cvt_64_f64(b, 0.0, 0, four_CVT_U64_F64))
UN(CVT_U32_F32, cvt_64_f32(b, 0.0f, 0, four_CVT_U32_F32))
UN(CVT_U32_F64, cvt_64_f64(b, 0.0, 0, four_CVT_U32_F64))

#undef LD_C
#define LD_C(f) f(c_ + l)
#define BIN(name, BODY) DEF1(name, BODY)

BIN(ADD_I32, _mm256_and_si256(_mm256_add_epi64(b, c), lo32()))
BIN(SUB_I32, _mm256_and_si256(_mm256_sub_epi64(b, c), lo32()))
BIN(MUL_I32, _mm256_and_si256(_mm256_mul_epu32(b, c), lo32()))
static inline v4 count31(v4 c) { return _mm256_and_si256(c, _mm256_set1_epi64x(31)); }
static inline v4 count63(v4 c) { return _mm256_and_si256(c, _mm256_set1_epi64x(63)); }
/* 32-bit shifts on the dwords: the low dword of each lane gets the right
 * result, the high dword (shifted by its own count) is masked away. */
BIN(SHL_I32, _mm256_and_si256(_mm256_sllv_epi32(b, count31(c)), lo32()))
BIN(SHR_U32, _mm256_and_si256(_mm256_srlv_epi32(b, count31(c)), lo32()))
BIN(SHR_S32, _mm256_and_si256(_mm256_srav_epi32(b, count31(c)), lo32()))

BIN(ADD_I64, _mm256_add_epi64(b, c))
BIN(SUB_I64, _mm256_sub_epi64(b, c))
/* The low 64 bits of a 64 x 64 product from three 32 x 32 ones. */
static inline v4 mul64(v4 b, v4 c)
{
    v4 lo = _mm256_mul_epu32(b, c);
    v4 cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(b, 32), c),
                                _mm256_mul_epu32(b, _mm256_srli_epi64(c, 32)));
    return _mm256_add_epi64(lo, _mm256_slli_epi64(cross, 32));
}
BIN(MUL_I64, mul64(b, c))
BIN(SHL_I64, _mm256_sllv_epi64(b, count63(c)))
BIN(SHR_U64, _mm256_srlv_epi64(b, count63(c)))
/* Arithmetic shift: ((x ^ s) >> n) ^ s with s the sign spread over the lane. */
static inline v4 sar64(v4 b, v4 n)
{
    v4 s = _mm256_cmpgt_epi64(_mm256_setzero_si256(), b);
    return _mm256_xor_si256(_mm256_srlv_epi64(_mm256_xor_si256(b, s), n), s);
}
BIN(SHR_S64, sar64(b, count63(c)))
BIN(AND, _mm256_and_si256(b, c))
BIN(OR, _mm256_or_si256(b, c))
BIN(XOR, _mm256_xor_si256(b, c))

/* b + ext(c) * k: a shift when k is a power of two (array indexing). */
static inline v4 scaled(v4 x, uint64_t k)
{
    if (k && !(k & (k - 1)))
        return _mm256_slli_epi64(x, __builtin_ctzll(k));
    return mul64(x, _mm256_set1_epi64x((long long)k));
}
BIN(LEA_S32, _mm256_add_epi64(b, scaled(sext(c, 0xffffffff, 0x80000000), k)))
BIN(LEA_U32, _mm256_add_epi64(b, scaled(_mm256_and_si256(c, lo32()), k)))
BIN(LEA_64, _mm256_add_epi64(b, scaled(c, k)))

/* A comparison's TEST gives each 64-bit lane all-ones where it holds and
 * zero where not (the compares on dwords: their low halves, which UP
 * moves to the top); NEG says the opcode is its negation.  The helpers store
 * 1 or 0; their mask forms (cmpmask, for fused branches) take the lanes' sign
 * bits as mask bits with one movemask: no register written and read back, no
 * 0/1 lanes built. */
#define CMP(name, TEST, NEG, UP)                                                \
    BIN(name, (NEG) ? nbit(TEST) : bit(TEST))                                   \
    static inline __attribute__((always_inline)) uint32_t                      \
    maskbody_##name(const uint64_t *b_, const uint64_t *c_, unsigned W, uint32_t mask) \
    {                                                                           \
        uint32_t r = 0;                                                         \
        if (mask == FULL4(W)) { /* every lane: no masks to build */            \
            _Pragma("GCC unroll 8")                                             \
            for (unsigned l = 0; l < W; l += 4) {                               \
                v4 b = ld(b_ + l), c = ld(c_ + l);                              \
                r |= signs(UP(TEST)) << l;                                      \
            }                                                                   \
            return ((NEG) ? ~r : r) & mask;                                     \
        }                                                                       \
        for (unsigned l = 0; l < W; l += 4) {                                   \
            unsigned nib = (mask >> l) & 15u;                                   \
            if (!nib)                                                           \
                continue;                                                       \
            v4 b, c;                                                            \
            if (l + 4 <= W) {                                                   \
                b = ld(b_ + l);                                                 \
                c = ld(c_ + l);                                                 \
            } else { /* the tail of the register: touch no word past it */      \
                v4 m = nib_mask(nib);                                           \
                b = mld(b_ + l, m);                                             \
                c = mld(c_ + l, m);                                             \
            }                                                                   \
            uint32_t t = signs(UP(TEST));                                       \
            r |= (((NEG) ? ~t : t) & nib) << l;                                 \
        }                                                                       \
        return r;                                                               \
    }                                                                           \
    static uint32_t mask_##name(const uint64_t *b_, const uint64_t *c_, unsigned W, \
                                uint32_t mask)                                  \
    {                                                                           \
        return maskbody_##name(b_, c_, W, mask);                                \
    }
/* 1 where t is all-ones, 0 where it is zero; nbit the other way round. */
static inline v4 bit(v4 t) { return _mm256_and_si256(t, one64()); }
static inline v4 nbit(v4 t) { return _mm256_andnot_si256(t, one64()); }
/* The sign bits of the four lanes, as four mask bits; the identity and the
 * low half moved to the top, for CMP's UP. */
static inline uint32_t signs(v4 t)
{
    return (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(t));
}
static inline v4 as_is(v4 t) { return t; }
static inline v4 up32(v4 t) { return _mm256_slli_epi64(t, 32); }
/* The 32-bit compares of all eight halves: each lane's result is its low
 * half (bit and nbit read bit 0 of it; masks take it up to the sign bit). */
static inline v4 eq32(v4 b, v4 c) { return _mm256_cmpeq_epi32(b, c); }
static inline v4 gt_s32(v4 b, v4 c) { return _mm256_cmpgt_epi32(b, c); }
static inline v4 gt_u32(v4 b, v4 c)
{
    return _mm256_cmpgt_epi64(_mm256_and_si256(b, lo32()), _mm256_and_si256(c, lo32()));
}
static inline v4 gt_u64(v4 b, v4 c)
{
    return _mm256_cmpgt_epi64(_mm256_xor_si256(b, sign64()), _mm256_xor_si256(c, sign64()));
}
CMP(EQ_I32, eq32(b, c), 0, up32)
CMP(NE_I32, eq32(b, c), 1, up32)
CMP(LT_S32, gt_s32(c, b), 0, up32)
CMP(LE_S32, gt_s32(b, c), 1, up32)
CMP(LT_U32, gt_u32(c, b), 0, as_is)
CMP(LE_U32, gt_u32(b, c), 1, as_is)
CMP(EQ_I64, _mm256_cmpeq_epi64(b, c), 0, as_is)
CMP(NE_I64, _mm256_cmpeq_epi64(b, c), 1, as_is)
CMP(LT_S64, _mm256_cmpgt_epi64(c, b), 0, as_is)
CMP(LE_S64, _mm256_cmpgt_epi64(b, c), 1, as_is)
CMP(LT_U64, gt_u64(c, b), 0, as_is)
CMP(LE_U64, gt_u64(b, c), 1, as_is)

/* Float arithmetic on all eight halves; the low halves are the lanes' results. */
#define PS(op, b, c) _mm256_castps_si256(op(_mm256_castsi256_ps(b), _mm256_castsi256_ps(c)))
#define PD(op, b, c) _mm256_castpd_si256(op(_mm256_castsi256_pd(b), _mm256_castsi256_pd(c)))
/* + and * commute for the compiler, which may swap the operands of the
 * intrinsic; the instruction is written out so that b is the first source, whose
 * NaN wins when both are NaN (the specification, vm/lanes.h micro_nan2). */
#define FIRST(insn, b, c)                                                       \
    ({                                                                          \
        v4 r_;                                                                  \
        __asm__(insn " %2, %1, %0" : "=x"(r_) : "x"(b), "x"(c));                \
        r_;                                                                     \
    })
BIN(ADD_F32, _mm256_and_si256(canon_f32(PS(_mm256_add_ps, b, c)), lo32()))
BIN(SUB_F32, _mm256_and_si256(canon_f32(PS(_mm256_sub_ps, b, c)), lo32()))
BIN(MUL_F32, _mm256_and_si256(canon_f32(PS(_mm256_mul_ps, b, c)), lo32()))
BIN(DIV_F32, _mm256_and_si256(canon_f32(PS(_mm256_div_ps, b, c)), lo32()))
BIN(ADD_F64, FIRST("vaddpd", b, c))
BIN(SUB_F64, PD(_mm256_sub_pd, b, c))
BIN(MUL_F64, FIRST("vmulpd", b, c))
BIN(DIV_F64, PD(_mm256_div_pd, b, c))
#define CMPS(b, c, p) \
    _mm256_castps_si256(_mm256_cmp_ps(_mm256_castsi256_ps(b), _mm256_castsi256_ps(c), p))
#define CMPD(b, c, p) \
    _mm256_castpd_si256(_mm256_cmp_pd(_mm256_castsi256_pd(b), _mm256_castsi256_pd(c), p))
CMP(EQ_F32, CMPS(b, c, _CMP_EQ_OQ), 0, up32)
CMP(NE_F32, CMPS(b, c, _CMP_NEQ_UQ), 0, up32)
CMP(LT_F32, CMPS(b, c, _CMP_LT_OQ), 0, up32)
CMP(LE_F32, CMPS(b, c, _CMP_LE_OQ), 0, up32)
CMP(EQ_F64, CMPD(b, c, _CMP_EQ_OQ), 0, as_is)
CMP(NE_F64, CMPD(b, c, _CMP_NEQ_UQ), 0, as_is)
CMP(LT_F64, CMPD(b, c, _CMP_LT_OQ), 0, as_is)
CMP(LE_F64, CMPD(b, c, _CMP_LE_OQ), 0, as_is)

/* ---- integer division ----
 * Per-lane idiv is the slowest scalar work left.  A divisor that is the same
 * power of two in every lane of the mask (halving loops, i / 2) becomes
 * shifts, at every width and signedness.  Other 32-bit divisors go through
 * double precision (exact: see div_s32v); other 64-bit divisors have no exact
 * vector method and stay one lane at a time, and so do masks of few lanes
 * (see few). */

/* The low `bits` of c[l] when they are the same in every lane of mask, else 0
 * (never a divisor of the mask: the interpreter faults on zero first). */
static uint64_t same_divisor(const uint64_t *c, unsigned W, uint32_t mask, uint64_t bits)
{
    if (!mask)
        return 0;
    uint64_t c0 = c[__builtin_ctz(mask)] & bits;
    const v4 want = _mm256_set1_epi64x((long long)c0);
    v4 diff = _mm256_setzero_si256();
    if (mask == FULL4(W)) { /* the common case, without per-group masks */
        for (unsigned l = 0; l < W; l += 4)
            diff = _mm256_or_si256(diff, _mm256_xor_si256(ld(c + l), want));
    } else {
        for (unsigned l = 0; l < W; l += 4) {
            v4 m = nib_mask((mask >> l) & 15u), x = l + 4 <= W ? ld(c + l) : mld(c + l, m);
            diff = _mm256_or_si256(diff, _mm256_and_si256(_mm256_xor_si256(x, want), m));
        }
    }
    return _mm256_testz_si256(diff, _mm256_set1_epi64x((long long)bits)) ? c0 : 0;
}

/* s when every lane of mask divides by the same 2^s with s < top (top keeps a
 * signed divisor positive), else -1. */
static int pow2_divisor(const uint64_t *c, unsigned W, uint32_t mask, uint64_t bits, int top)
{
    uint64_t d = same_divisor(c, W, mask, bits);
    if (!d || (d & (d - 1)))
        return -1;
    int s = __builtin_ctzll(d);
    return s < top ? s : -1;
}

/* Signed division by 2^s truncates toward zero, so it shifts the magnitude and
 * gives the quotient the dividend's sign back; the remainder, as in C, has
 * the dividend's sign too.  This needs no arithmetic shift (AVX2 has none for
 * 64 bits), and the most negative value works unchanged: its magnitude is
 * 2^31 (2^63) as an unsigned number, and negating the result wraps back.  The
 * 32-bit lanes compute on the low dwords (the high ones are masked away);
 * sign_epi32 negates where the dividend is negative (and zeroes where it is
 * zero, where the magnitude is zero already). */
static inline v4 divp_s32(v4 b, __m128i n)
{
    return _mm256_and_si256(_mm256_sign_epi32(_mm256_srl_epi32(_mm256_abs_epi32(b), n), b),
                            lo32());
}
static inline v4 remp_s32(v4 b, v4 low)
{
    return _mm256_and_si256(_mm256_sign_epi32(_mm256_and_si256(_mm256_abs_epi32(b), low), b),
                            lo32());
}
/* -x where sgn is all-ones, x where it is zero. */
static inline v4 neg_if(v4 x, v4 sgn) { return _mm256_sub_epi64(_mm256_xor_si256(x, sgn), sgn); }
static inline v4 divp_s64(v4 b, __m128i n)
{
    v4 sgn = _mm256_cmpgt_epi64(_mm256_setzero_si256(), b);
    return neg_if(_mm256_srl_epi64(neg_if(b, sgn), n), sgn);
}
static inline v4 remp_s64(v4 b, v4 low)
{
    v4 sgn = _mm256_cmpgt_epi64(_mm256_setzero_si256(), b);
    return neg_if(_mm256_and_si256(neg_if(b, sgn), low), sgn);
}

/* General 32-bit division in double precision.  Both operands convert
 * exactly (|x|, |y| < 2^32 < 2^53).  Let q = x / y exactly; the division
 * rounds it to fl(q) with |fl(q) - q| <= |q| 2^-53 < 2^32 2^-53 / |y| < 1 / |y|.
 * An integer q is representable and comes back exact; otherwise every integer
 * is at least 1 / |y| from q, so fl(q) lies strictly between the same two
 * integers as q and truncates to the same quotient.  INT_MIN / -1 gives 2^31,
 * out of int32 range, which cvttpd turns into 0x80000000: INT_MIN, the
 * specification's wrapped answer.  Remainders are x - q * y modulo 2^32
 * (x = q y + r holds exactly, and for INT_MIN / -1 it gives 0). */
static inline __m256d s32_pd(v4 x) { return _mm256_cvtepi32_pd(low_dwords(x)); }
static inline v4 div_s32v(v4 b, v4 c)
{
    return of_i32x4(_mm256_cvttpd_epi32(_mm256_div_pd(s32_pd(b), s32_pd(c))));
}
/* Without AVX-512 there is no unsigned conversion: 2^52 + x as bits is the
 * double 2^52 + x exactly (x < 2^32 fills the low mantissa), and back. */
static inline __m256d two52(void) { return _mm256_set1_pd(4503599627370496.0); }
static inline __m256d u32_pd(v4 x)
{
    v4 bits = _mm256_or_si256(_mm256_and_si256(x, lo32()), _mm256_castpd_si256(two52()));
    return _mm256_sub_pd(_mm256_castsi256_pd(bits), two52());
}
static inline v4 div_u32v(v4 b, v4 c)
{
    __m256d q = _mm256_round_pd(_mm256_div_pd(u32_pd(b), u32_pd(c)),
                                _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    return _mm256_and_si256(_mm256_castpd_si256(_mm256_add_pd(q, two52())), lo32());
}
static inline v4 rem32v(v4 b, v4 c, v4 q)
{
    return _mm256_and_si256(_mm256_sub_epi64(b, _mm256_mul_epu32(q, c)), lo32());
}

/* Divisions in divergent code come with a different partial mask each time:
 * every group of four lanes is computed and blended into a, without the
 * branches on the mask's nibbles (APPLY) that such masks mispredict (measured
 * on bench/k/collatz.k: a fifth less time in the helper).  Lanes outside the
 * mask may divide by zero here: in vectors that only sets MXCSR's sticky
 * flags, which nothing reads, and their results are blended away. */
#define APPLY_BLEND(BODY)                                                       \
    for (unsigned l = 0; l < W; l += 4) {                                       \
        v4 m = nib_mask((mask >> l) & 15u);                                     \
        if (l + 4 <= W) {                                                       \
            v4 b = ld(b_ + l), c = ld(c_ + l);                                  \
            (void)c;                                                            \
            st(a + l, _mm256_blendv_epi8(ld(a + l), BODY, m));                  \
        } else { /* the tail of the register: touch no word past it */          \
            v4 b = mld(b_ + l, m), c = mld(c_ + l, m);                          \
            (void)c;                                                            \
            mst(a + l, m, BODY);                                                \
        }                                                                       \
    }
#define DIV_APPLY(BODY)                                                         \
    if (mask == FULL4(W)) {                                                     \
        APPLY(BODY)                                                             \
    } else {                                                                    \
        APPLY_BLEND(BODY)                                                       \
    }

/* Whether a division goes lane by lane: a pass over the register costs about
 * as much as one idiv for each of a quarter of its lanes (measured, 32-lane
 * warps: some 20 ns against 3 ns a lane; on collatz.k this threshold beat both
 * none and half the lanes), and host code (W = 1) has one lane. */
static inline int few(uint32_t mask, unsigned W)
{
    return W < 4 || (unsigned)__builtin_popcount(mask) * 4 <= W;
}

#define LANE_BY_LANE(name) lane_##name(a, b_, c_, k, W, mask);

/* A division helper: POW2 (an expression of b, the shift count n and
 * low = 2^s - 1) when the divisor is a uniform power of two 2^s, else OTHER. */
#define DIVISION(name, bits, top, POW2, OTHER)                                  \
    static void avx2_##name(uint64_t *a, const uint64_t *b_, const uint64_t *c_, uint64_t k, \
                            unsigned W, uint32_t mask)                          \
    {                                                                           \
        if (few(mask, W)) {                                                     \
            LANE_BY_LANE(name)                                                  \
            return;                                                             \
        }                                                                       \
        int s = pow2_divisor(c_, W, mask, bits, top);                           \
        if (s >= 0) {                                                           \
            const __m128i n = _mm_cvtsi32_si128(s);                             \
            const v4 low = _mm256_set1_epi64x((long long)((1ull << s) - 1));    \
            (void)n; (void)low;                                                 \
            DIV_APPLY(POW2)                                                     \
            return;                                                             \
        }                                                                       \
        OTHER                                                                   \
    }
#define M32 0xffffffffull
#define M64 0xffffffffffffffffull

DIVISION(DIV_S32, M32, 31, divp_s32(b, n), DIV_APPLY(div_s32v(b, c)))
DIVISION(REM_S32, M32, 31, remp_s32(b, low), DIV_APPLY(rem32v(b, c, div_s32v(b, c))))
DIVISION(DIV_U32, M32, 32, _mm256_srl_epi64(_mm256_and_si256(b, lo32()), n),
         DIV_APPLY(div_u32v(b, c)))
DIVISION(REM_U32, M32, 32, _mm256_and_si256(b, low), DIV_APPLY(rem32v(b, c, div_u32v(b, c))))
DIVISION(DIV_S64, M64, 63, divp_s64(b, n), LANE_BY_LANE(DIV_S64))
DIVISION(REM_S64, M64, 63, remp_s64(b, low), LANE_BY_LANE(REM_S64))
DIVISION(DIV_U64, M64, 64, _mm256_srl_epi64(b, n), LANE_BY_LANE(DIV_U64))
DIVISION(REM_U64, M64, 64, _mm256_and_si256(b, low), LANE_BY_LANE(REM_U64))

#undef LD_D
#define LD_D(f) f(c_ + W + l)
/* b != 0 ? c : d */
DEF1(SEL, _mm256_blendv_epi8(c, d, _mm256_cmpeq_epi64(b, _mm256_setzero_si256())))

/* ---- branches and votes ---- */

static uint32_t avx2_nonzero(const uint64_t *a, unsigned W, uint32_t mask)
{
    uint32_t r = 0;
    for (unsigned l = 0; l < W; l += 4) {
        unsigned nib = (mask >> l) & 15u;
        if (!nib)
            continue;
        v4 x = nib == 15u ? ld(a + l) : mld(a + l, nib_mask(nib));
        unsigned zero = (unsigned)_mm256_movemask_pd(
            _mm256_castsi256_pd(_mm256_cmpeq_epi64(x, _mm256_setzero_si256())));
        r |= (uint32_t)(~zero & nib) << l;
    }
    return r;
}

/* The lanes of a whole 32-lane warp whose bits under keep are not all
 * zero, inline: eight compares, no lane-mask tests. */
static inline __attribute__((always_inline)) uint32_t nonzero32_of(const uint64_t *a, v4 keep)
{
    uint32_t zero = 0;
    _Pragma("GCC unroll 8")
    for (unsigned l = 0; l < 32; l += 4)
        zero |= (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(
                    _mm256_and_si256(ld(a + l), keep), _mm256_setzero_si256()))) << l;
    return ~zero;
}
/* avx2_nonzero of a whole warp (branches on a register, BRZ/BRNZ; 64-bit
 * divisors), and the same test of the low words (32-bit divisors). */
static inline __attribute__((always_inline)) uint32_t nonzero32(const uint64_t *a)
{
    return nonzero32_of(a, ones());
}
static inline __attribute__((always_inline)) uint32_t nonzero32_low(const uint64_t *a)
{
    return nonzero32_of(a, lo32());
}

/* ---- memory ---- */

/* out[0], out[1]: the AND of ands' four lanes and the OR of ors'. */
static inline void bounds_fold(v4 ands, v4 ors, uint64_t out[2])
{
    __m128i a2 = _mm_and_si128(_mm256_castsi256_si128(ands), _mm256_extracti128_si256(ands, 1));
    __m128i o2 = _mm_or_si128(_mm256_castsi256_si128(ors), _mm256_extracti128_si256(ors, 1));
    out[0] = (uint64_t)_mm_cvtsi128_si64(a2) & (uint64_t)_mm_extract_epi64(a2, 1);
    out[1] = (uint64_t)_mm_cvtsi128_si64(o2) | (uint64_t)_mm_extract_epi64(o2, 1);
}

/* avx2_bounds where every lane of a W-lane warp (W a multiple of 4) is in
 * the mask; inline, so that vm/interp_avx2.c's call with W = 32 is eight
 * straight-line steps. */
static inline __attribute__((always_inline)) void bounds_full(const uint64_t *b, uint64_t off,
                                                              unsigned W, uint64_t out[2])
{
    const v4 vo = _mm256_set1_epi64x((long long)off);
    v4 ands = _mm256_set1_epi64x(-1), ors = _mm256_setzero_si256();
    _Pragma("GCC unroll 8")
    for (unsigned l = 0; l < W; l += 4) {
        v4 x = _mm256_add_epi64(ld(b + l), vo);
        ands = _mm256_and_si256(ands, x);
        ors = _mm256_or_si256(ors, x);
    }
    bounds_fold(ands, ors, out);
}

static void avx2_bounds(const uint64_t *b, uint64_t off, unsigned W, uint32_t mask,
                        uint64_t out[2])
{
    if (mask == FULL4(W)) { /* every lane: no nibble tests */
        bounds_full(b, off, W, out);
        return;
    }
    const v4 vo = _mm256_set1_epi64x((long long)off);
    v4 ands = _mm256_set1_epi64x(-1), ors = _mm256_setzero_si256();
    for (unsigned l = 0; l < W; l += 4) {
        unsigned nib = (mask >> l) & 15u;
        if (nib == 15u) {
            v4 x = _mm256_add_epi64(ld(b + l), vo);
            ands = _mm256_and_si256(ands, x);
            ors = _mm256_or_si256(ors, x);
        } else if (nib) {
            v4 m = nib_mask(nib);
            v4 x = _mm256_add_epi64(mld(b + l, m), vo);
            ands = _mm256_and_si256(ands, _mm256_or_si256(x, _mm256_xor_si256(m, ones())));
            ors = _mm256_or_si256(ors, _mm256_and_si256(x, m));
        }
    }
    bounds_fold(ands, ors, out);
}

/* LDX's first half for a whole 32-lane warp: a[l] := b[l] + ext(c[l]) <<
 * shift (ext as LEA's j: 0 sign-extends c's low word, 1 zero-extends it, 2
 * takes all of c: the bits of LEA_S32/U32/64 with k = 2^shift), and out as
 * avx2_bounds of a with off, in one pass over the registers. */
static inline void avx2_lea_bounds32(uint64_t *a, const uint64_t *b, const uint64_t *c,
                                     unsigned ext, unsigned shift, uint64_t off, uint64_t out[2])
{
    const v4 vo = _mm256_set1_epi64x((long long)off);
    const __m128i n = _mm_cvtsi32_si128((int)shift);
    v4 ands = _mm256_set1_epi64x(-1), ors = _mm256_setzero_si256();
    _Pragma("GCC unroll 8")
    for (unsigned l = 0; l < 32; l += 4) {
        v4 x = ld(c + l);
        x = ext == 0 ? sext(x, 0xffffffff, 0x80000000) : ext == 1 ? _mm256_and_si256(x, lo32()) : x;
        v4 addr = _mm256_add_epi64(ld(b + l), _mm256_sll_epi64(x, n));
        st(a + l, addr);
        v4 y = _mm256_add_epi64(addr, vo);
        ands = _mm256_and_si256(ands, y);
        ors = _mm256_or_si256(ors, y);
    }
    bounds_fold(ands, ors, out);
}

/* Whether lane l's index is idx0 + l * len for every lane of W (a coalesced
 * access; len 0: one address). */
static inline __attribute__((always_inline)) int contiguous(const uint64_t *b, unsigned W, uint64_t len)
{
    const v4 step = _mm256_set1_epi64x((long long)(4 * len));
    v4 want = _mm256_add_epi64(_mm256_set1_epi64x((long long)b[0]),
                               _mm256_mul_epu32(_mm256_set_epi64x(3, 2, 1, 0),
                                                _mm256_set1_epi64x((long long)len)));
    v4 same = _mm256_set1_epi64x(-1);
    _Pragma("GCC unroll 8") /* W is 16 or 32 where it is inlined */
    for (unsigned l = 0; l < W; l += 4) {
        same = _mm256_and_si256(same, _mm256_cmpeq_epi64(ld(b + l), want));
        want = _mm256_add_epi64(want, step);
    }
    return _mm256_movemask_pd(_mm256_castsi256_pd(same)) == 15;
}

/* Four lanes' 32-bit loads: a gather.  Telling a coalesced or a broadcast
 * access apart first (a 16-byte load or one word) cost more than it saved:
 * the tests' branches mispredict in tiled kernels, where the pattern changes
 * from one group of four lanes to the next (measured on bench/k/matmul.k,
 * saxpy.k and scan.k on the project's Xeon). */
static inline v4 load32x4(const uint8_t *host, v4 idx)
{
    return of_i32x4(_mm256_i64gather_epi32((const int *)(const void *)host, idx, 1));
}

/* a[l] := (b[l] + add) | bits for a whole 32-lane warp (LADDR: a lane's
 * local address, its frame's base plus an offset, in the local space). */
static inline __attribute__((always_inline)) void add_or32(uint64_t *a, const uint64_t *b,
                                                           uint64_t add, uint64_t bits)
{
    const v4 va = _mm256_set1_epi64x((long long)add), vb = _mm256_set1_epi64x((long long)bits);
    _Pragma("GCC unroll 8")
    for (unsigned l = 0; l < 32; l += 4)
        st(a + l, _mm256_or_si256(_mm256_add_epi64(ld(b + l), va), vb));
}

/* A whole 32-lane warp's 32-bit loads, lane l's at host + l * stride +
 * (b[l] + off & offmask), zero-extended: each thread's own local memory,
 * stride bytes a lane (the caller has checked every lane's range). */
static inline __attribute__((always_inline)) void load32_strided(uint64_t *a, const uint64_t *b,
                                                                 uint64_t off, uint64_t offmask,
                                                                 const uint8_t *host,
                                                                 uint64_t stride)
{
    const v4 vo = _mm256_set1_epi64x((long long)off), vm = _mm256_set1_epi64x((long long)offmask);
    const v4 step = _mm256_set1_epi64x((long long)(4 * stride));
    v4 lane = _mm256_mul_epu32(_mm256_set_epi64x(3, 2, 1, 0), _mm256_set1_epi64x((long long)stride));
    _Pragma("GCC unroll 8")
    for (unsigned l = 0; l < 32; l += 4) {
        v4 idx = _mm256_add_epi64(lane, _mm256_and_si256(_mm256_add_epi64(ld(b + l), vo), vm));
        st(a + l, load32x4(host, idx));
        lane = _mm256_add_epi64(lane, step);
    }
}

/* Inline, so that vm/interp_avx2.c's call for a whole 32-lane warp reduces
 * to the loop of full groups. */
static inline __attribute__((always_inline)) void load32(uint64_t *a, const uint64_t *b,
                                                         uint64_t rel, const uint8_t *host,
                                                         unsigned W, uint32_t mask)
{
    const v4 vr = _mm256_set1_epi64x((long long)rel);
    _Pragma("GCC unroll 8")
    for (unsigned l = 0; l < W; l += 4) {
        unsigned nib = (mask >> l) & 15u;
        if (nib == 15u) {
            st(a + l, load32x4(host, _mm256_add_epi64(ld(b + l), vr)));
        } else if (nib) {
            v4 m = nib_mask(nib);
            v4 idx = _mm256_add_epi64(mld(b + l, m), vr);
            __m128i g = _mm256_mask_i64gather_epi32(_mm_setzero_si128(),
                                                    (const int *)(const void *)host, idx,
                                                    low_dwords(m), 1);
            mst(a + l, m, of_i32x4(g));
        }
    }
}

/* Whether bytes bytes from each of the shared addresses lo and hi (aligned
 * to 4) lie inside the block's size bytes of shared memory.  Each address
 * less the space's base is its offset; an address of another space lands
 * past size (below a space's span) there, so one compare bounds it. */
static inline __attribute__((always_inline)) int shared_spans32(uint64_t lo, uint64_t hi,
                                                               unsigned bytes, uint64_t size)
{
    const uint64_t base = SIMT_ADDR(SPACE_SHARED, 0);
    return !((lo | hi) & 3) && size >= bytes && lo - base <= size - bytes &&
           hi - base <= size - bytes;
}

/* The first lane's address in x, a group of four lanes. */
static inline uint64_t first_lane(v4 x)
{
    return (uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(x));
}

/* The second lane's address in x, a group of four lanes. */
static inline uint64_t second_lane(v4 x)
{
    return (uint64_t)_mm_extract_epi64(_mm256_castsi256_si128(x), 1);
}

/* Whether each half warp of x (the addresses of a whole 32-lane warp, four
 * lanes to a register) is contiguous: lane l at the half's first address +
 * 4 (l - h). */
static inline __attribute__((always_inline)) int halves_coalesced32(const v4 x[8])
{
    const v4 ramp = _mm256_set_epi64x(12, 8, 4, 0), step = _mm256_set1_epi64x(16);
    v4 coal = _mm256_set1_epi64x(-1);
    _Pragma("GCC unroll 2")
    for (unsigned h = 0; h < 8; h += 4) {
        v4 want = _mm256_add_epi64(_mm256_permute4x64_epi64(x[h], 0), ramp);
        _Pragma("GCC unroll 4")
        for (unsigned k = h; k < h + 4; k++) {
            coal = _mm256_and_si256(coal, _mm256_cmpeq_epi64(x[k], want));
            want = _mm256_add_epi64(want, step);
        }
    }
    return signs(coal) == 15;
}

/* Whether each half warp of x reads one address: lane l at the half's
 * first address. */
static inline __attribute__((always_inline)) int halves_same32(const v4 x[8])
{
    v4 same = _mm256_set1_epi64x(-1);
    _Pragma("GCC unroll 8")
    for (unsigned k = 0; k < 8; k++)
        same = _mm256_and_si256(same, _mm256_cmpeq_epi64(x[k], _mm256_permute4x64_epi64(x[k & 4], 0)));
    return signs(same) == 15;
}

/* x[k] := lanes 4k..4k+3 of b, plus off. */
static inline __attribute__((always_inline)) void lanes_plus(v4 x[8], const uint64_t *b,
                                                             uint64_t off)
{
    const v4 vo = _mm256_set1_epi64x((long long)off);
    _Pragma("GCC unroll 8")
    for (unsigned k = 0; k < 8; k++)
        x[k] = _mm256_add_epi64(ld(b + 4 * k), vo);
}

/* Whether the bounds s (the AND and OR of a warp's addresses, as
 * avx2_bounds) put every lane's 4 bytes inside the block's size bytes of
 * shared memory, aligned. */
static inline int shared_bounds32(const uint64_t s[2], uint64_t size)
{
    return SIMT_ADDR_SPACE(s[0]) == SPACE_SHARED && SIMT_ADDR_SPACE(s[1]) == SPACE_SHARED &&
           !(s[1] & 3) && SIMT_ADDR_OFFSET(s[1]) + 4 <= size;
}

/* The three ways of LD32 of a whole 32-lane warp from shared memory, whose
 * lanes' addresses x are known to be inside it.  Per-lane loads cost as
 * much as gathers on this layout, so the help comes from the access
 * pattern, taken from the addresses of every lane:
 *   - each half warp coalesced (halves_coalesced32): the whole warp
 *     coalesced (one thread per element), or a 16-wide tile's two rows:
 *     four 16-byte loads per half (load_halves32);
 *   - each half warp reading one address (halves_same32: a row of a
 *     16-wide tile indexed by threadIdx.y, a broadcast): one load per half
 *     (broadcast_halves32);
 *   - anything else gathers (gather32).
 * Tests per group of four lanes had mispredicted in tiled kernels; these
 * two per warp follow the load site, which the branch predictor's history
 * tells apart (bench/k/matmul.k alternates the second and first pattern in
 * its inner loop, and took 4% less time than with gathers alone).  The
 * first lanes' addresses are taken before a, which may be the register the
 * addresses came from, is written. */
static inline __attribute__((always_inline)) void load_halves32(uint64_t *a, const uint8_t *lo,
                                                                const uint8_t *hi)
{
    _Pragma("GCC unroll 4")
    for (unsigned l = 0; l < 16; l += 4) {
        st(a + l, _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)(const void *)(lo + 4 * l))));
        st(a + 16 + l,
           _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)(const void *)(hi + 4 * l))));
    }
}
static inline __attribute__((always_inline)) void broadcast_halves32(uint64_t *a,
                                                                     const uint8_t *lo,
                                                                     const uint8_t *hi)
{
    uint32_t vl, vh;
    memcpy(&vl, lo, 4);
    memcpy(&vh, hi, 4);
    const v4 xl = _mm256_set1_epi64x((long long)vl), xh = _mm256_set1_epi64x((long long)vh);
    _Pragma("GCC unroll 4")
    for (unsigned l = 0; l < 16; l += 4) {
        st(a + l, xl);
        st(a + 16 + l, xh);
    }
}
static inline __attribute__((always_inline)) void gather32(uint64_t *a, const v4 x[8],
                                                           const uint8_t *shared)
{
    const v4 om = _mm256_set1_epi64x((long long)SIMT_OFFSET_MASK);
    _Pragma("GCC unroll 8")
    for (unsigned k = 0; k < 8; k++)
        st(a + 4 * k, load32x4(shared, _mm256_and_si256(x[k], om)));
}

/* a[l] := the shared word at x's lane l, every lane inside shared memory
 * (shared_bounds32 has accepted the addresses). */
static inline __attribute__((always_inline)) void shared_copy32(uint64_t *a, const v4 x[8],
                                                                const uint8_t *shared)
{
    const uint8_t *lo = shared + SIMT_ADDR_OFFSET(first_lane(x[0]));
    const uint8_t *hi = shared + SIMT_ADDR_OFFSET(first_lane(x[4]));
    if (halves_coalesced32(x))
        load_halves32(a, lo, hi);
    else if (halves_same32(x))
        broadcast_halves32(a, lo, hi);
    else
        gather32(a, x, shared);
}

/* LD32 of a whole 32-lane warp at the addresses x (four lanes to a
 * register) from the block's shared memory (size bytes at shared).
 * Coalesced or broadcast halves are bounded by their first lanes'
 * addresses; only a gather needs a pass over the lanes for bounds.  Returns 0, having written nothing,
 * unless every lane reads 4 aligned bytes inside shared memory; the
 * general path (vm/interp.c load_group) then decides, and reports faults.
 * vm/interp_avx2.c's LD32 and LDX handlers try it first, before any of
 * the general path's set-up: a contiguous shared load took 210 host
 * instructions per warp through load_group. */
static inline __attribute__((always_inline)) int shared_load32_x(uint64_t *a, const v4 x[8],
                                                                 const uint8_t *shared,
                                                                 uint64_t size)
{
    uint64_t lo = first_lane(x[0]), hi = first_lane(x[4]), second = second_lane(x[0]);
    /* Lane 1 tells which of the two patterns to test the warp for (neither
     * holds unless it is 4 bytes past lane 0, or at lane 0's address): a
     * broadcast half warp no longer pays the coalesced test first
     * (bench/k/matmul.k's inner loop alternates the two). */
    if (second == lo + 4 && halves_coalesced32(x)) {
        if (!shared_spans32(lo, hi, 64, size))
            return 0;
        load_halves32(a, shared + SIMT_ADDR_OFFSET(lo), shared + SIMT_ADDR_OFFSET(hi));
        return 1;
    }
    if (second == lo && halves_same32(x)) {
        if (!shared_spans32(lo, hi, 4, size))
            return 0;
        broadcast_halves32(a, shared + SIMT_ADDR_OFFSET(lo), shared + SIMT_ADDR_OFFSET(hi));
        return 1;
    }
    v4 ands = _mm256_set1_epi64x(-1), ors = _mm256_setzero_si256();
    _Pragma("GCC unroll 8")
    for (unsigned k = 0; k < 8; k++) {
        ands = _mm256_and_si256(ands, x[k]);
        ors = _mm256_or_si256(ors, x[k]);
    }
    uint64_t s[2];
    bounds_fold(ands, ors, s);
    if (!shared_bounds32(s, size))
        return 0;
    gather32(a, x, shared);
    return 1;
}

/* x[k] := lanes 4k..4k+3 of b + ext(c) << shift, plus off: an LDX's
 * addresses (avx2_lea_bounds32's, off added) in registers, never stored. */
static inline __attribute__((always_inline)) void lea_plus32_ext(v4 x[8], const uint64_t *b,
                                                                 const uint64_t *c, unsigned ext,
                                                                 unsigned shift, uint64_t off)
{
    const v4 vo = _mm256_set1_epi64x((long long)off);
    const __m128i n = _mm_cvtsi32_si128((int)shift);
    _Pragma("GCC unroll 8")
    for (unsigned k = 0; k < 8; k++) {
        v4 i = ld(c + 4 * k);
        i = ext == 0 ? sext(i, 0xffffffff, 0x80000000) : ext == 1 ? _mm256_and_si256(i, lo32()) : i;
        x[k] = _mm256_add_epi64(_mm256_add_epi64(ld(b + 4 * k), _mm256_sll_epi64(i, n)), vo);
    }
}

/* The sign-extended int index (ext 0, `x[i]` with int i) gets a loop of its
 * own: GCC kept the three-way select inside the unrolled loop, a compare
 * and branch per vector. */
static inline __attribute__((always_inline)) void lea_plus32(v4 x[8], const uint64_t *b,
                                                             const uint64_t *c, unsigned ext,
                                                             unsigned shift, uint64_t off)
{
    if (ext == 0)
        lea_plus32_ext(x, b, c, 0, shift, off);
    else
        lea_plus32_ext(x, b, c, ext, shift, off);
}

/* Whether the 32 lanes of x are contiguous 4-byte words: lane l at lane
 * 0's address + 4 l (contiguous() on addresses in registers).  One chain
 * of compares from lane 0, not halves_coalesced32 and a test of the second
 * half's start: that took 14 more host instructions per warp on saxpy's
 * LDX (bench/icount.sh). */
static inline __attribute__((always_inline)) int contiguous32_x(const v4 x[8])
{
    const v4 step = _mm256_set1_epi64x(16);
    v4 want = _mm256_add_epi64(_mm256_permute4x64_epi64(x[0], 0), _mm256_set_epi64x(12, 8, 4, 0));
    v4 same = _mm256_set1_epi64x(-1);
    _Pragma("GCC unroll 8")
    for (unsigned k = 0; k < 8; k++) {
        same = _mm256_and_si256(same, _mm256_cmpeq_epi64(x[k], want));
        want = _mm256_add_epi64(want, step);
    }
    return signs(same) == 15;
}

/* How far ahead of a coalesced load load_block asks for the bytes: 8 warps
 * (a 256-thread block) of the same stride.  The hardware's own prefetcher
 * did not run far enough ahead of the interpreter: with this, saxpy at 2^24
 * took 0.040 s against 0.048 s (AMD EPYC, Zen 5; medians of 9 interleaved
 * runs; 4, 16 and 32 warps ahead measured within 2% of 8).  A prefetch never
 * faults, so the bytes past the end of the allocation are harmless. */
#define PREFETCH_WARPS 8

/* A coalesced load of a whole 32-lane warp, of 4 (zero-extended) or 8
 * bytes a lane, from p on: plain loads, and a prefetch of the cache lines
 * that the same load PREFETCH_WARPS warps on will read. */
static inline __attribute__((always_inline)) void load_block(uint64_t *a, const uint8_t *p,
                                                             unsigned len)
{
    /* an address past the allocation: formed as an integer, not by
     * pointer arithmetic outside the object */
    const uintptr_t ahead = (uintptr_t)p + (uintptr_t)PREFETCH_WARPS * 32 * len;
    for (unsigned o = 0; o < 32 * len; o += 64)
        _mm_prefetch((const char *)(ahead + o), _MM_HINT_T0);
    _Pragma("GCC unroll 8")
    for (unsigned l = 0; l < 32; l += 4) {
        const void *q = p + (size_t)len * l;
        st(a + l, len == 4 ? _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)q))
                           : _mm256_loadu_si256((const __m256i *)q));
    }
}

static void load64(uint64_t *a, const uint64_t *b, uint64_t rel, const uint8_t *host, unsigned W,
                   uint32_t mask)
{
    const v4 vr = _mm256_set1_epi64x((long long)rel);
    for (unsigned l = 0; l < W; l += 4) {
        unsigned nib = (mask >> l) & 15u;
        if (nib == 15u) {
            v4 idx = _mm256_add_epi64(ld(b + l), vr);
            st(a + l, _mm256_i64gather_epi64((const long long *)(const void *)host, idx, 1));
        } else if (nib) {
            v4 m = nib_mask(nib);
            v4 idx = _mm256_add_epi64(mld(b + l, m), vr);
            mst(a + l, m, _mm256_mask_i64gather_epi64(_mm256_setzero_si256(),
                                                      (const long long *)(const void *)host,
                                                      idx, m, 1));
        }
    }
}

/* Narrow loads gain nothing from gathers (they could read past the region's
 * end); they still skip the per-lane address translation. */
static void load_narrow(uint64_t *a, const uint64_t *b, uint64_t rel, const uint8_t *host,
                        unsigned kind, uint32_t mask)
{
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        const uint8_t *p = host + (b[l] + rel);
        switch (kind) {
        case 0: a[l] = (uint64_t)(int64_t)(int8_t)*p; break;
        case 1: a[l] = *p; break;
        case 2: { int16_t v; memcpy(&v, p, 2); a[l] = (uint64_t)(int64_t)v; break; }
        default: { uint16_t v; memcpy(&v, p, 2); a[l] = v; break; }
        }
    }
}

static void avx2_load(uint64_t *a, const uint64_t *b, uint64_t rel, const uint8_t *host,
                      unsigned kind, unsigned W, uint32_t mask)
{
    if (kind == 4)
        load32(a, b, rel, host, W, mask);
    else if (kind == 5)
        load64(a, b, rel, host, W, mask);
    else
        load_narrow(a, b, rel, host, kind, mask);
}

/* A coalesced store of every lane of a W-lane warp (W a multiple of 4), of 4
 * or 8 bytes: one block copy (no two lanes overlap). */
static inline __attribute__((always_inline)) void store_block(const uint64_t *a, uint8_t *p,
                                                              unsigned len, unsigned W)
{
    if (len == 8) {
        for (unsigned l = 0; l < W; l += 4)
            _mm256_storeu_si256((__m256i *)(void *)(p + 8 * l), ld(a + l));
        return;
    }
    const v4 pick = _mm256_set_epi32(7, 7, 7, 7, 6, 4, 2, 0);
    for (unsigned l = 0; l + 8 <= W; l += 8) { /* two registers' low words, one store */
        __m128i lo = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(ld(a + l), pick));
        __m128i hi = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(ld(a + l + 4), pick));
        _mm256_storeu_si256((__m256i *)(void *)(p + 4 * l), _mm256_set_m128i(hi, lo));
    }
    if (W % 8)
        _mm_storeu_si128((__m128i *)(void *)(p + 4 * (W - 4)), low_dwords(ld(a + W - 4)));
}

/* ST32 of a whole 32-lane warp: the low words of a to b[l] + off in the
 * block's shared memory, when each half warp's words are contiguous
 * (halves_coalesced32) and inside it, aligned: two 64-byte copies, the
 * second half's last as the lanes' order has it where the halves overlap.
 * Contiguous halves are bounded by their ends, so no pass over the lanes
 * for bounds.  Returns 0, having written nothing, otherwise: the general
 * path (vm/interp.c) then stores lane by lane and reports faults.  A
 * contiguous shared store took 163 host instructions per warp through the
 * general path. */
static inline __attribute__((always_inline)) int shared_store32(const uint64_t *a,
                                                                const uint64_t *b, uint64_t off,
                                                                uint8_t *shared, uint64_t size)
{
    v4 x[8];
    lanes_plus(x, b, off);
    uint64_t lo = first_lane(x[0]), hi = first_lane(x[4]);
    if (!halves_coalesced32(x) || !shared_spans32(lo, hi, 64, size))
        return 0;
    store_block(a, shared + SIMT_ADDR_OFFSET(lo), 4, 16);
    store_block(a + 16, shared + SIMT_ADDR_OFFSET(hi), 4, 16);
    return 1;
}

/* The stores of the lanes of mask, one at a time, in lane order. */
static inline __attribute__((always_inline)) void store_each(const uint64_t *a, const uint64_t *b,
                                                             uint64_t rel, uint8_t *host,
                                                             unsigned len, uint32_t mask)
{
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint8_t *p = host + (b[l] + rel);
        switch (len) {
        case 1: *p = (uint8_t)a[l]; break;
        case 2: { uint16_t v = (uint16_t)a[l]; memcpy(p, &v, 2); break; }
        case 4: { uint32_t v = (uint32_t)a[l]; memcpy(p, &v, 4); break; }
        default: memcpy(p, &a[l], 8); break;
        }
    }
}

/* Stores: a coalesced full-warp store of 4 or 8 bytes is one block copy;
 * anything else goes lane by lane, in lane order. */
static inline __attribute__((always_inline)) void store_lanes(const uint64_t *a, const uint64_t *b,
                                                              uint64_t rel, uint8_t *host,
                                                              unsigned len, unsigned W,
                                                              uint32_t mask)
{
    if ((len == 4 || len == 8) && W % 4 == 0 &&
        mask == simt_lanes_all(W) && contiguous(b, W, len)) {
        store_block(a, host + (b[0] + rel), len, W);
        return;
    }
    store_each(a, b, rel, host, len, mask);
}

static void avx2_store(const uint64_t *a, const uint64_t *b, uint64_t rel, uint8_t *host,
                       unsigned len, unsigned W, uint32_t mask)
{
    store_lanes(a, b, rel, host, len, W, mask);
}

/* ---- shuffles ---- */

static void avx2_permute(uint64_t *a, const uint64_t *b, const uint8_t *src, unsigned W,
                         uint32_t mask)
{
    uint64_t v[32];
    for (unsigned l = 0; l < W; l += 4) {
        unsigned nib = (mask >> l) & 15u;
        if (!nib)
            continue;
        int32_t s4 = 0;
        if (l + 4 <= W) /* a fixed size: one load, not a call */
            memcpy(&s4, src + l, 4);
        else
            memcpy(&s4, src + l, W - l);
        __m128i idx = _mm_cvtepu8_epi32(_mm_cvtsi32_si128(s4));
        v4 m = nib_mask(nib);
        st(v + l, _mm256_mask_i32gather_epi64(_mm256_setzero_si256(),
                                              (const long long *)(const void *)b, idx, m, 8));
    }
    for (unsigned l = 0; l < W; l += 4) {
        unsigned nib = (mask >> l) & 15u;
        if (nib == 15u)
            st(a + l, ld(v + l));
        else if (nib)
            mst(a + l, nib_mask(nib), ld(v + l));
    }
}

/* The one-argument intrinsics whose vector instruction gives the scalar
 * function's bits for every input (vm/lanes_scalar.c): square roots are
 * correctly rounded either way, 1/sqrt divides the same rounded root,
 * fabs clears the sign bit, and floor, ceil, trunc and rint are roundps
 * and roundpd in the matching mode (rint: the current one, as rint uses);
 * a NaN result is then made the GPU's (below).  Whole
 * warps of a multiple of four lanes only; tests/unit/test_lanes.c compares
 * every case with simt_intrinsic_eval on the machine it runs on. */
/* r, with the canonical NaN where r is one (binary32: vm/lanes.h), or x
 * quieted where x is a NaN (binary64: the GPU's floor, ceil, trunc, rint
 * and fabs return a NaN argument quieted). */
static inline __m128 canon4(__m128 r)
{
    return _mm_blendv_ps(r, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)), _mm_cmp_ps(r, r, _CMP_UNORD_Q));
}
static inline __m256d keep_nan64(__m256d x, __m256d r)
{
    return _mm256_castsi256_pd(nan_quiet_f64(_mm256_castpd_si256(x), _mm256_castpd_si256(r)));
}
#define F32X(expr) for (unsigned l = 0; l < W; l += 4) { __m128 x = f32x4(ld(b + l)); \
        st(a + l, of_f32x4(expr)); } return 1
#define F64X(expr) for (unsigned l = 0; l < W; l += 4) { \
        __m256d x = _mm256_castsi256_pd(ld(b + l)); st(a + l, _mm256_castpd_si256(expr)); } return 1
#define DOWN (_MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#define UP (_MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)
#define ZERO_ (_MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
#define NEAR _MM_FROUND_CUR_DIRECTION /* rint: the current mode */
static int avx2_intrinsic(unsigned id, uint64_t *a, const uint64_t *b, unsigned W, uint32_t mask)
{
    if (mask != FULL4(W) || W & 3u)
        return 0;
    const __m128 abs32 = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    const __m256d abs64 = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
    switch (id) {
    case INTR_SQRTF: F32X(canon4(_mm_sqrt_ps(x)));
    case INTR_RSQRTF: F32X(canon4(_mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps(x))));
    case INTR_FABSF: F32X(canon4(_mm_and_ps(x, abs32)));
    case INTR_FLOORF: F32X(canon4(_mm_round_ps(x, DOWN)));
    case INTR_CEILF: F32X(canon4(_mm_round_ps(x, UP)));
    case INTR_TRUNCF: F32X(canon4(_mm_round_ps(x, ZERO_)));
    case INTR_RINTF: F32X(canon4(_mm_round_ps(x, NEAR)));
    case INTR_SQRT: F64X(_mm256_sqrt_pd(x));
    case INTR_RSQRT: F64X(_mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(x)));
    case INTR_FABS: F64X(keep_nan64(x, _mm256_and_pd(x, abs64)));
    case INTR_FLOOR: F64X(keep_nan64(x, _mm256_round_pd(x, DOWN)));
    case INTR_CEIL: F64X(keep_nan64(x, _mm256_round_pd(x, UP)));
    case INTR_TRUNC: F64X(keep_nan64(x, _mm256_round_pd(x, ZERO_)));
    case INTR_RINT: F64X(keep_nan64(x, _mm256_round_pd(x, NEAR)));
    default: return 0;
    }
}
#undef F32X
#undef F64X
#undef DOWN
#undef UP
#undef ZERO_
#undef NEAR

/* The generators end here: their names are common words. */
#undef APPLY
#undef MLD
#undef ZERO
#undef FETCH_0
#undef FETCH_1
#undef FETCH_2
#undef FETCH_3
#undef DEF0
#undef DEF1
#undef LD_B
#undef LD_C
#undef LD_D
#undef UN
#undef BIN
#undef CMP
#undef PS
#undef PD
#undef FIRST
#undef CMPS
#undef CMPD
#undef APPLY_BLEND
#undef DIV_APPLY
#undef LANE_BY_LANE
#undef DIVISION
#undef M32
#undef M64

#endif
