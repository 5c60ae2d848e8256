/* tests/unit/test_lanes.c -- every AVX2 lane helper (vm/lanes_avx2.c) against
 * its scalar specification (vm/lanes_scalar.c), bit for bit (TAP).
 *
 * Inputs are edge cases -- NaNs with payloads (quiet and signalling), signed
 * zeros, denormals, infinities, INT_MIN and -1, values just inside and outside
 * every conversion's range, floats with garbage in the upper half of their
 * register -- in every pairing, plus seeded random values, for warp sizes that
 * are and are not multiples of 4 (1 is the host thread), under full, empty,
 * single-lane, alternating, random and tail masks, with the destination also
 * aliasing a source.  Lanes outside the mask and the words after the register
 * must keep their sentinels.  The division helpers also get warps that share
 * one divisor (check_division).  Skips (TAP plan "1..0 # SKIP") only when the CPU
 * or the build has no AVX2. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/lanes.h"
#include "vm/module.h"

#define GUARD 8                 /* words after a register that must not change */
#define REGW (32 + GUARD)

static const char *const lop_names[LOP_COUNT] = {
#define LOP(name, arity, expr) #name,
#include "vm/lanes.def"
#undef LOP
};
static const unsigned lop_arity[LOP_COUNT] = {
#define LOP(name, arity, expr) arity,
#include "vm/lanes.def"
#undef LOP
};

static const uint64_t edge[] = {
    /* integers */
    0, 1, 2, 3, 31, 32, 33, 63, 64, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff,
    0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x100000000, 0x1ffffffff,
    0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000001, 0xffffffff80000000,
    0xfffffffffffffffe, 0xffffffffffffffff, 0x123456789abcdef0, 0xdeadbeef00000005,
    /* integers that round when converted: 2^24 + 1, 2^53 + 1, -(2^53 + 1), just under 2^63 */
    0x1000001, 0x20000000000001, 0xffdfffffffffffff, 0x7ffffffffffffdff,
    /* binary32 in the low half: zeros, denormals, NaN payloads, limits */
    0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x3f800000, 0xbf800000, 0x7f7fffff,
    0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fc12345, 0xffd00001, 0x7f800001,
    0xff812345, 0x4effffff, 0x4f000000, 0x4f000001, 0xcf000000, 0xcf000001, 0x4f7fffff,
    0x4f800000, 0x5f000000, 0x5f800000, 0xdf000000, 0x60ad78ec, 0xe0ad78ec, 0x3f000000,
    0xbf000000, 0x40200000, 0xc0200000, 0x34000000,
    /* binary32 with garbage above it (registers are 64 bits) */
    0xdeadbeef3f800000, 0xffffffff7fc00001, 0x0000000100000001,
    /* binary64: zeros, denormals, NaN payloads, conversion limits */
    0x0000000000000001, 0x800fffffffffffff, 0x0010000000000000, 0x3ff0000000000000,
    0xbff0000000000000, 0x7fefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000,
    0x7ff8000000000000, 0xfff8000000000000, 0x7ff8000000000123, 0x7ff0000000000001,
    0xfff0000000abcdef, 0x41dfffffffc00000, 0x41dfffffffe00000, 0x41e0000000000000,
    0xc1e0000000000000, 0xc1e0000000200000, 0xc1e0000000100000, 0x41efffffffe00000,
    0x41f0000000000000, 0x43e0000000000000, 0x43dfffffffffffff, 0x43f0000000000000,
    0xc3e0000000000000, 0xc3e0000000000001, 0x47efffffe0000000, 0x47effffff0000000,
    0x36a0000000000000, 0x3fe0000000000000, 0xbfe0000000000000, 0x4004000000000000,
};
#define NEDGE (sizeof edge / sizeof edge[0])

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static const unsigned widths[] = {1, 3, 4, 5, 8, 13, 16, 31, 32};
#define NWIDTHS (sizeof widths / sizeof widths[0])

static uint32_t full_of(unsigned W)
{
    return W == 32 ? 0xffffffffu : (1u << W) - 1u;
}

/* The k-th mask pattern for a warp of W lanes (k < NMASKS). */
#define NMASKS 9
static uint32_t mask_of(unsigned k, unsigned W)
{
    uint32_t full = full_of(W);
    switch (k) {
    case 0: return full;
    case 1: return 0;
    case 2: return 1u & full;
    case 3: return (1u << (W - 1)) & full;
    case 4: return 0x55555555u & full;
    case 5: return 0xaaaaaaaau & full;
    case 6: return (uint32_t)rnd() & full;
    case 7: return full & ~1u;                  /* all but the first */
    default: return full >> (W > 1 ? 1 : 0);    /* all but the last */
    }
}

static int failures;

static void sentinel(uint64_t *r, unsigned salt)
{
    for (unsigned l = 0; l < REGW; l++)
        r[l] = 0xa5a5a5a500000000ull + salt * 64 + l;
}

/* Division helpers are never called with a zero divisor in the mask. */
static int is_division(unsigned op)
{
    return (op >= LOP_DIV_S32 && op <= LOP_REM_U32) || (op >= LOP_DIV_S64 && op <= LOP_REM_U64);
}

static void no_zero_divisor(unsigned op, uint64_t *c, unsigned W)
{
    if (!is_division(op))
        return;
    int narrow = op <= LOP_REM_U32;
    for (unsigned l = 0; l < W; l++)
        if (narrow ? (uint32_t)c[l] == 0 : c[l] == 0)
            c[l] |= 7;
}

/* One call of both helpers on the same inputs; alias: 0 none, 1 a = b, 2 a = c. */
static int compare_op(const simt_lane_ops *s, const simt_lane_ops *v, unsigned op,
                      const uint64_t *b, const uint64_t *c, uint64_t k, unsigned W, uint32_t mask,
                      int alias)
{
    uint64_t as[REGW], av[REGW], bs[REGW], bv[REGW], cs[2 * REGW], cv[2 * REGW];
    sentinel(as, 1);
    sentinel(av, 1);
    memcpy(bs, b, sizeof bs);
    memcpy(bv, b, sizeof bv);
    memcpy(cs, c, sizeof cs);
    memcpy(cv, c, sizeof cv);
    uint64_t *ds = as, *dv = av;
    if (alias == 1) { ds = bs; dv = bv; }
    if (alias == 2) { ds = cs; dv = cv; }
    /* SEL reads c and c+1 (the next register: W words on). */
    s->op[op](ds, bs, cs, k, W, mask);
    v->op[op](dv, bv, cv, k, W, mask);
    for (unsigned l = 0; l < REGW; l++) {
        if (ds[l] == dv[l])
            continue;
        printf("# %s W=%u mask=0x%08x k=0x%" PRIx64 " alias=%d lane %u: b=0x%016" PRIx64
               " c=0x%016" PRIx64 " d=0x%016" PRIx64 ": scalar 0x%016" PRIx64 " avx2 0x%016"
               PRIx64 "\n", lop_names[op], W, mask, k, alias, l, b[l], c[l],
               l < W ? c[W + l] : 0, ds[l], dv[l]);
        return 0;
    }
    return 1;
}

static const uint64_t immediates[] = {0, 1, 4, 8, 3, 12, 64, 0xffffffffffffffff,
                                      0x100000000, 0x8000000000000000};

/* A compare's mask form (fused branches) against the specification: the
 * scalar compare into a register, then the lanes where it is nonzero. */
static int check_cmpmask(const simt_lane_ops *s, const simt_lane_ops *v, unsigned op,
                         const uint64_t *b, const uint64_t *c, unsigned W, uint32_t mask)
{
    uint64_t t[REGW] = {0};
    s->op[op](t, b, c, 0, W, mask);
    uint32_t want = s->nonzero(t, W, mask), got = v->cmpmask[op](b, c, W, mask);
    if (want != got)
        printf("# %s cmpmask W=%u mask=0x%08x: scalar 0x%08x avx2 0x%08x\n", lop_names[op], W,
               mask, want, got);
    return want == got;
}

/* Every pairing of edge values (b from the pool, c from the pool), spread over
 * the lanes of each warp size and mask, then random values. */
static int check_op(const simt_lane_ops *s, const simt_lane_ops *v, unsigned op)
{
    uint64_t b[REGW], c[2 * REGW];
    unsigned total = NEDGE * NEDGE;
    for (unsigned wi = 0; wi < NWIDTHS; wi++) {
        unsigned W = widths[wi], pair = 0;
        /* Every pairing reaches the lanes of a 32-lane warp; smaller warps see a
         * subset (the lanes beyond W only check that nothing is written there). */
        for (unsigned round = 0; round < total / REGW + 16; round++) {
            for (unsigned l = 0; l < REGW; l++) {
                unsigned p = pair++ % total;
                int random = round >= total / REGW;
                b[l] = random ? rnd() : edge[p / NEDGE];
                c[l] = random ? rnd() : edge[p % NEDGE];
                c[REGW + l] = random ? rnd() : edge[(p * 7 + 3) % NEDGE];
            }
            /* SEL's second source is register c+1, W words after c. */
            memmove(c + W, c + REGW, W * sizeof c[0]);
            no_zero_divisor(op, c, W);
            for (unsigned mk = 0; mk < NMASKS; mk++) {
                uint32_t mask = mask_of(mk, W);
                uint64_t k = immediates[(round + mk) % (sizeof immediates / sizeof immediates[0])];
                for (int alias = 0; alias < 3; alias++) {
                    if (alias == 1 && lop_arity[op] < 1)
                        continue;
                    if (alias == 2 && lop_arity[op] < 2)
                        continue;
                    if (!compare_op(s, v, op, b, c, k, W, mask, alias))
                        return 0;
                }
                if (v->cmpmask[op] && !check_cmpmask(s, v, op, b, c, W, mask))
                    return 0;
            }
        }
    }
    return 1;
}

/* ---- division: the AVX2 helpers' own paths ----
 * The pairings above rarely give every lane one divisor, so the uniform
 * power-of-two path and the sparse masks are driven here: every power of two
 * (2^31 and 2^63 are negative as signed divisors: not that path), other
 * uniform divisors (-1, INT_MIN, large unsigned ones), and one lane spoiling
 * uniformity (d * 3; d | 2^32, which a 32-bit division must still see as d),
 * under masks of few lanes (one idiv each) and of more (blended vectors),
 * against dividends around each power of two, the extremes and random ones. */
static const uint64_t div_uniform[] = {
    3, 5, 7, 10, 255, 1000, 0xffffffff, 0xfffffffe, 0xfffffffd, 0x80000001, 0x7fffffff,
    0x80000000, 0xffffffff80000000, 0xffffffffffffffff, 0x8000000000000000,
    0x8000000000000001, 0x7fffffffffffffff, 0xfffffffffffffffd, 0xdeadbeef00000004,
    0x100000002, 0x123456789,
};
/* Masks of few lanes (one at a time) and of some (blended vectors) for every W. */
static const uint64_t sparse_masks[] = {0x11111111, 0x80000001, 0x00010000, 0x88888888,
                                        0x00000006, 0x40000020, 0xc0000003, 0x0f0f0f0f,
                                        0x1111111f, 0x77777777, 0xfffffff0, 0x00001ff8};
#define NSPARSE (sizeof sparse_masks / sizeof sparse_masks[0])

/* Dividend of lane l in round r for divisor d: around d and -d, or extremes. */
static uint64_t dividend(unsigned r, unsigned l, uint64_t d)
{
    static const uint64_t ext[] = {0, 1, 0xffffffffffffffff, 0x80000000, 0x7fffffff, 0xffffffff,
                                   0xffffffff80000000, 0x8000000000000000,
                                   0x7fffffffffffffff, 0x100000000, 0xffffffff00000001,
                                   0xdeadbeef80000000, 0x8000000000000001, 0xfffffffe};
    switch ((r + l) % 4) {
    case 0: return d + (l % 3) - 1 + (uint64_t)(r / 4) * d;
    case 1: return 0 - d - (l % 3) + 1 - (uint64_t)(r / 4) * d;
    case 2: return ext[(r * 5 + l) % (sizeof ext / sizeof ext[0])];
    default: return rnd() >> (rnd() % 64);
    }
}

#define NO_SPOIL 0xffffffffu

/* Both helpers over warps whose lanes divide by d, except lane spoil % W
 * (unless spoil is NO_SPOIL), whose divisor is other. */
static int check_divisor(const simt_lane_ops *s, const simt_lane_ops *v, unsigned op, uint64_t d,
                         unsigned spoil, uint64_t other)
{
    uint64_t b[REGW], c[2 * REGW];
    for (unsigned wi = 0; wi < NWIDTHS; wi++) {
        unsigned W = widths[wi];
        for (unsigned r = 0; r < 8; r++) {
            for (unsigned l = 0; l < 2 * REGW; l++)
                c[l] = spoil != NO_SPOIL && l == spoil % W ? other : d;
            for (unsigned l = 0; l < REGW; l++)
                b[l] = dividend(r, l, d);
            no_zero_divisor(op, c, W);
            for (unsigned mk = 0; mk < NMASKS + NSPARSE; mk++) {
                uint32_t mask = mk < NMASKS ? mask_of(mk, W)
                                            : sparse_masks[mk - NMASKS] & full_of(W);
                for (int alias = 0; alias < 3; alias++)
                    if (!compare_op(s, v, op, b, c, 0, W, mask, alias))
                        return 0;
            }
        }
    }
    return 1;
}

static int check_division(const simt_lane_ops *s, const simt_lane_ops *v, unsigned op)
{
    unsigned bits = op <= LOP_REM_U32 ? 32 : 64;
    for (unsigned j = 0; j < bits; j++) {
        uint64_t d = 1ull << j;
        if (!check_divisor(s, v, op, d, NO_SPOIL, 0) ||
            !check_divisor(s, v, op, d, (unsigned)rnd(), d * 3) ||
            !check_divisor(s, v, op, d, (unsigned)rnd(), d | 1ull << 32) ||
            !check_divisor(s, v, op, d | 0xabcd000000000000, NO_SPOIL, 0))
            return 0;
    }
    for (unsigned i = 0; i < sizeof div_uniform / sizeof div_uniform[0]; i++) {
        uint64_t d = div_uniform[i];
        if (!check_divisor(s, v, op, d, NO_SPOIL, 0) ||
            !check_divisor(s, v, op, d, (unsigned)rnd(), 2))
            return 0;
    }
    return 1;
}

static int check_nonzero(const simt_lane_ops *s, const simt_lane_ops *v)
{
    uint64_t a[REGW];
    for (unsigned wi = 0; wi < NWIDTHS; wi++) {
        unsigned W = widths[wi];
        for (unsigned round = 0; round < 200; round++) {
            for (unsigned l = 0; l < REGW; l++)
                a[l] = rnd() % 3 == 0 ? 0
                       : (round & 1 ? edge[rnd() % NEDGE] : 1ull << (rnd() % 64));
            for (unsigned mk = 0; mk < NMASKS; mk++) {
                uint32_t mask = mask_of(mk, W);
                uint32_t rs = s->nonzero(a, W, mask), rv = v->nonzero(a, W, mask);
                if (rs != rv) {
                    printf("# nonzero W=%u mask=0x%08x: scalar 0x%08x avx2 0x%08x\n", W, mask, rs,
                           rv);
                    return 0;
                }
            }
        }
    }
    return 1;
}

static int check_bounds(const simt_lane_ops *s, const simt_lane_ops *v)
{
    uint64_t b[REGW];
    for (unsigned wi = 0; wi < NWIDTHS; wi++) {
        unsigned W = widths[wi];
        for (unsigned round = 0; round < 400; round++) {
            uint64_t base = round % 4 == 0 ? rnd() : (round % 4 == 1 ? 0x200000000000ull : 0);
            for (unsigned l = 0; l < REGW; l++)
                b[l] = round % 3 == 0 ? edge[rnd() % NEDGE] : base + (rnd() % 4096) * (round % 8);
            uint64_t off = round % 5 == 0 ? edge[rnd() % NEDGE] : rnd() % 64;
            for (unsigned mk = 0; mk < NMASKS; mk++) {
                uint32_t mask = mask_of(mk, W);
                if (!mask)
                    continue;
                uint64_t os[2], ov[2];
                s->bounds(b, off, W, mask, os);
                v->bounds(b, off, W, mask, ov);
                if (memcmp(os, ov, sizeof os) != 0) {
                    printf("# bounds W=%u mask=0x%08x off=0x%" PRIx64 ": scalar %" PRIx64
                           " %" PRIx64 ", avx2 %" PRIx64 " %" PRIx64 "\n", W, mask, off, os[0],
                           os[1], ov[0], ov[1]);
                    return 0;
                }
            }
        }
    }
    return 1;
}

/* Lane addresses of one access shape inside a region of n bytes at guest
 * address g: coalesced, reversed, one address for all, strided, random. */
static void addresses(uint64_t *b, unsigned W, unsigned shape, unsigned len, uint64_t g,
                      unsigned n)
{
    unsigned slots = n / len;
    for (unsigned l = 0; l < REGW; l++) {
        unsigned slot;
        switch (shape) {
        case 0: slot = l; break;
        case 1: slot = W - 1 - (l < W ? l : 0); break;
        case 2: slot = 5; break;
        case 3: slot = l * 3; break;
        case 4: slot = l / 2; break;        /* pairs of lanes share an address */
        default: slot = (unsigned)(rnd() % slots); break;
        }
        b[l] = g + (uint64_t)(slot % slots) * len;
    }
}

#define REGION 1024

static int check_memory(const simt_lane_ops *s, const simt_lane_ops *v)
{
    static const unsigned kind_len[6] = {1, 1, 2, 2, 4, 8};
    uint8_t mem[REGION], ms[REGION], mv[REGION];
    uint64_t b[REGW], as[REGW], av[REGW], val[REGW];
    for (unsigned i = 0; i < REGION; i++)
        mem[i] = (uint8_t)rnd();
    for (unsigned wi = 0; wi < NWIDTHS; wi++) {
        unsigned W = widths[wi];
        for (unsigned shape = 0; shape < 8; shape++) {
            for (unsigned mk = 0; mk < NMASKS; mk++) {
                uint32_t mask = mask_of(mk, W);
                uint64_t g = 0x100000001000ull + (shape & 1) * 64, off = (shape & 2) ? 16 : 0;
                for (unsigned kind = 0; kind < 6; kind++) {
                    unsigned len = kind_len[kind];
                    addresses(b, W, shape, len, g, REGION - 16);
                    uint64_t rel = off - g;
                    sentinel(as, 2);
                    sentinel(av, 2);
                    s->load(as, b, rel, mem, kind, W, mask);
                    v->load(av, b, rel, mem, kind, W, mask);
                    if (memcmp(as, av, sizeof as) != 0) {
                        printf("# load kind %u W=%u mask=0x%08x shape %u differs\n", kind, W, mask,
                               shape);
                        return 0;
                    }
                    if (kind == 0 || kind == 2)
                        continue;
                    for (unsigned l = 0; l < REGW; l++)
                        val[l] = rnd();
                    memcpy(ms, mem, REGION);
                    memcpy(mv, mem, REGION);
                    s->store(val, b, rel, ms, len, W, mask);
                    v->store(val, b, rel, mv, len, W, mask);
                    if (memcmp(ms, mv, REGION) != 0) {
                        printf("# store of %u bytes W=%u mask=0x%08x shape %u differs\n", len, W,
                               mask, shape);
                        return 0;
                    }
                }
            }
        }
    }
    return 1;
}

static int check_permute(const simt_lane_ops *s, const simt_lane_ops *v)
{
    uint64_t b[REGW], bs[REGW], bv[REGW], as[REGW], av[REGW];
    uint8_t src[32];
    for (unsigned wi = 0; wi < NWIDTHS; wi++) {
        unsigned W = widths[wi];
        for (unsigned round = 0; round < 100; round++) {
            for (unsigned l = 0; l < REGW; l++)
                b[l] = rnd();
            for (unsigned l = 0; l < 32; l++)
                src[l] = (uint8_t)(round % 4 == 0 ? (l ^ 1) % W : rnd() % W);
            for (unsigned mk = 0; mk < NMASKS; mk++) {
                uint32_t mask = mask_of(mk, W);
                for (int alias = 0; alias < 2; alias++) {
                    memcpy(bs, b, sizeof b);
                    memcpy(bv, b, sizeof b);
                    sentinel(as, 3);
                    sentinel(av, 3);
                    s->permute(alias ? bs : as, bs, src, W, mask);
                    v->permute(alias ? bv : av, bv, src, W, mask);
                    if (memcmp(as, av, sizeof as) != 0 || memcmp(bs, bv, sizeof bs) != 0) {
                        printf("# permute W=%u mask=0x%08x alias=%d differs\n", W, mask, alias);
                        return 0;
                    }
                }
            }
        }
    }
    return 1;
}

static void report(int ok, unsigned n, const char *what, int same)
{
    if (!ok)
        failures++;
    printf("%s %u - %s%s\n", ok ? "ok" : "not ok", n, what,
           same ? " (no AVX2 version: the scalar helper)" : "");
}

/* The table's vector intrinsics (lane_ops.intrinsic) against the
 * specification, simt_intrinsic_eval, lane by lane: every one-argument
 * intrinsic on edge values and random bits in every width and mask (a
 * helper may decline a case; what it does compute must be the same bits,
 * and a declined call must leave the register alone). */
static int check_intrinsics(const simt_lane_ops *v, unsigned *covered)
{
    static const unsigned nargs[INTR_COUNT] = {
#define INTR(name, n, meaning) n,
#include "vm/intrinsics.def"
#undef INTR
    };
    *covered = 0;
    for (unsigned id = 0; id < INTR_COUNT; id++) {
        if (nargs[id] != 1)
            continue;
        int took = 0;
        for (unsigned wi = 0; wi < NWIDTHS; wi++) {
            unsigned W = widths[wi];
            for (unsigned round = 0; round < 40; round++) {
                uint64_t b[REGW], a[REGW], before[REGW];
                for (unsigned l = 0; l < REGW; l++)
                    b[l] = round % 4 == 3 ? rnd() : edge[(round * 32 + l) % NEDGE];
                for (unsigned mk = 0; mk < NMASKS; mk++) {
                    uint32_t mask = mask_of(mk, W);
                    sentinel(a, 2);
                    memcpy(before, a, sizeof a);
                    if (!v->intrinsic(id, a, b, W, mask)) {
                        if (memcmp(a, before, sizeof a) != 0) {
                            printf("# intrinsic %u declined W=%u but wrote the register\n", id, W);
                            return 0;
                        }
                        continue;
                    }
                    took = 1;
                    for (unsigned l = 0; l < REGW; l++) {
                        uint64_t want = l < W && (mask >> l & 1) ? simt_intrinsic_eval(id, b[l], 0, 0)
                                                               : before[l];
                        if (a[l] != want) {
                            printf("# intrinsic %u W=%u mask=0x%08x lane %u: b=0x%016" PRIx64
                                   ": scalar 0x%016" PRIx64 " avx2 0x%016" PRIx64 "\n", id, W,
                                   mask, l, b[l], want, a[l]);
                            return 0;
                        }
                    }
                }
            }
        }
        *covered += took;
    }
    return 1;
}

int main(void)
{
    simt_lane_ops s, v;
    simt_lanes_scalar(&s);
    simt_lanes_scalar(&v);
    if (!simt_lanes_avx2(&v)) {
        printf("1..0 # SKIP this CPU or this build has no AVX2\n");
        return 0;
    }
    /* --no-simd and the VM's choice: the table a VM gets follows the flag. */
    simt_lane_ops chosen;
    simt_lanes_select(&chosen, 1);
    int select_ok = strcmp(chosen.name, "scalar") == 0;
    simt_lanes_select(&chosen, 0);
    select_ok = select_ok && strcmp(chosen.name, "avx2") == 0;

    unsigned n = 0, vectorised = 0;
    printf("1..%u\n", LOP_COUNT + 7);
    for (unsigned op = 0; op < LOP_COUNT; op++) {
        int same = s.op[op] == v.op[op];
        vectorised += !same;
        report(same || (check_op(&s, &v, op) && (!is_division(op) || check_division(&s, &v, op))),
               ++n, lop_names[op], same);
    }
    report(check_nonzero(&s, &v), ++n, "nonzero (branches, votes)", 0);
    report(check_bounds(&s, &v), ++n, "bounds (address range and alignment)", 0);
    report(check_memory(&s, &v), ++n, "load and store (every kind, shape and mask)", 0);
    report(check_permute(&s, &v), ++n, "permute (shuffles)", 0);
    unsigned intrinsics = 0;
    report(check_intrinsics(&v, &intrinsics), ++n, "intrinsics with a vector form", 0);
    printf("# %u one-argument intrinsics have a vector form\n", intrinsics);
    report(select_ok, ++n, "simt_lanes_select: --no-simd gives scalar, else avx2", 0);
    report(vectorised >= LOP_COUNT / 2, ++n, "most lane operations have an AVX2 version", 0);
    printf("# %u of %u lane operations have an AVX2 version\n", vectorised, (unsigned)LOP_COUNT);
    return failures ? 1 : 0;
}
