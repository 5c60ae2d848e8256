/* vm/interp_lanes_avx2.h -- the lane helpers the AVX2 twin of the dispatch
 * loop is built with (vm/interp_avx2.c includes vm/interp.c with this file
 * as SIMT_INTERP_LANES).  vm/interp_lanes_scalar.h defines the same names
 * for the generic build; vm/interp.c is the same text in both.
 *
 * Each helper inlines the full-warp case (W = 32, every lane: a loop of
 * eight vector steps) of the AVX2 helpers of vm/lanes_avx2.h and leaves
 * every other group to the lane table (ex->vm->lanes, the same code), so the
 * two twins compute the same bits.  Each inline AVX2 step ends with
 * vzeroupper, as a called helper does on return: the rest of simtvm is SSE
 * code, which pays for dirty upper halves of the YMM registers (GCC's own
 * vzeroupper placement misses paths through the computed goto:
 * bench/k/reduce.k ran 40% slower).
 *
 * Included by vm/interp.c after its memory helpers (gcache_hit, load_n),
 * which the whole-warp memory paths below use. */
#ifndef SIMT_INTERP_LANES_AVX2_H
#define SIMT_INTERP_LANES_AVX2_H

/* This file uses some of the helpers, the lane table (vm/lanes_avx2.c) all. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "vm/lanes_avx2.h"
#pragma GCC diagnostic pop

/* This build is the loop simt_exec_group hands over to (vm/exec.h). */
#define EXEC_GROUP_LOOP int simt_exec_group_avx2

/* The helper of name for the group: its full-warp case inline. */
#define FAST(name, k)                                                          \
    do {                                                                       \
        if (WHOLE32(mask)) {                                                   \
            body_##name(REG32(in->a), REG32(in->b), REG32(in->c), (k), 32,     \
                        0xffffffffu);                                          \
            _mm256_zeroupper();                                                \
        } else {                                                               \
            HELPER(name, k);                                                   \
        }                                                                      \
    } while (0)

/* s := the AND and the OR of b[l] + off over the lanes of mask (group_region). */
static inline __attribute__((always_inline)) void group_bounds(const simt_lane_ops *L,
                                                               const uint64_t *b, uint64_t off,
                                                               unsigned W, uint32_t mask,
                                                               uint64_t s[2])
{
    (void)L;
    if (WHOLE32(mask)) {
        bounds_full(b, off, 32, s);
        _mm256_zeroupper();
    } else
        avx2_bounds(b, off, W, mask, s);
}

/* group_bounds without the inline full-warp case (local_lanes). */
static inline void lanes_bounds(const simt_lane_ops *L, const uint64_t *b, uint64_t off,
                                unsigned W, uint32_t mask, uint64_t s[2])
{
    (void)L;
    avx2_bounds(b, off, W, mask, s);
}

/* a[l] := b[l] + off for the 32 lanes of a whole warp (the memory unit's
 * record of a coalesced access, vm/interp.c access_record). */
static inline __attribute__((always_inline)) void record_addresses(uint64_t *a,
                                                                   const uint64_t *b,
                                                                   uint64_t off)
{
    v4 x[8];
    lanes_plus(x, b, off);
    _Pragma("GCC unroll 8")
    for (unsigned k = 0; k < 8; k++)
        _mm256_storeu_si256((v4 *)(void *)(a + 4 * k), x[k]);
    _mm256_zeroupper();
}

/* Whether a whole 32-lane warp's access of len bytes a lane at b[l] + off is
 * coalesced (lane l at b[0] + l * len); if so, ends := the first and the
 * last lane's addresses, which bound it (group_region's known bounds). */
static inline __attribute__((always_inline)) int coalesced_ends(const uint64_t *b, uint64_t off,
                                                                unsigned len, uint64_t ends[2])
{
    if (!contiguous(b, 32, len))
        return 0;
    ends[0] = b[0] + off;
    ends[1] = ends[0] + 31 * (uint64_t)len;
    return 1;
}

/* A coalesced load (lane l at addr[0] + l * len) of a whole warp from global
 * memory is bounded by its ends, and is a block copy, not gathers (shared
 * memory: shared_copy32 tells the patterns apart itself).  LDX's addresses
 * too, though its bounds are known: on an AMD EPYC (Zen 5, family 26)
 * gathers made saxpy 20% slower (bench/k/saxpy.k, medians of 15 interleaved
 * runs, 0.087 s against 0.069 s); on the Xeon of session 13 the two measured
 * alike. */
static inline __attribute__((always_inline)) int load_ends(const uint64_t *addr, uint64_t off,
                                                           unsigned len, uint32_t mask,
                                                           uint64_t ends[2])
{
    return len >= 4 && WHOLE32(mask) && SIMT_ADDR_SPACE(addr[0] + off) != SPACE_SHARED &&
           coalesced_ends(addr, off, len, ends);
}

/* Whether a whole warp's load of len >= 4 bytes a lane is coalesced
 * whatever its space (shared memory too, which load_ends leaves to
 * shared_copy32): an observed load's record then takes its ends instead of
 * a pass over the lanes (access_record).  The load itself is unchanged. */
static inline __attribute__((always_inline)) int record_ends(const uint64_t *addr, uint64_t off,
                                                             unsigned len, uint32_t mask,
                                                             uint64_t ends[2])
{
    /* the two lanes first: a broadcast (a tile's row read by every lane)
     * fails here without the whole test */
    return len >= 4 && WHOLE32(mask) && addr[1] == addr[0] + len &&
           addr[31] == addr[0] + 31 * (uint64_t)len && coalesced_ends(addr, off, len, ends);
}

/* A coalesced store of a whole warp is bounded by its ends: no pass over
 * the lanes for its bounds. */
static inline __attribute__((always_inline)) int store_ends(const uint64_t *b, uint64_t off,
                                                            unsigned len, uint32_t mask,
                                                            uint64_t ends[2])
{
    return WHOLE32(mask) && len >= 4 && coalesced_ends(b, off, len, ends);
}

/* ra := the loads of kind k at addr[l] + off of the group, all in the
 * region whose address lo is at host (coalesced: load_ends held). */
static inline __attribute__((always_inline)) void
region_load(const simt_lane_ops *L, const simt_block *blk, uint64_t *ra, const uint64_t *addr,
            uint64_t off, uint64_t lo, const uint8_t *host, unsigned k, unsigned len, unsigned W,
            uint32_t mask, int coalesced)
{
    (void)L;
    if (coalesced) {
        load_block(ra, host, len);
        _mm256_zeroupper();
    } else if (k == 4 && WHOLE32(mask)) { /* LD32 of a whole warp, inline */
        /* shared memory by the access pattern (LD32's and LDX's first case,
         * here when observed); global memory that is not coalesced gathers
         * (the pattern tests had measured slower for global memory) */
        if (SIMT_ADDR_SPACE(lo) == SPACE_SHARED) {
            v4 x[8];
            lanes_plus(x, addr, off);
            shared_copy32(ra, x, blk->shared);
        } else
            load32(ra, addr, off - lo, host, 32, 0xffffffffu);
        _mm256_zeroupper();
    } else
        avx2_load(ra, addr, off - lo, host, k, W, mask);
}

/* The stores of len bytes of ra[l] at rb[l] + off into the region whose
 * address lo is at host (coalesced: store_ends held). */
static inline __attribute__((always_inline)) void
region_store(const simt_lane_ops *L, const uint64_t *ra, const uint64_t *rb, uint64_t off,
             uint64_t lo, uint8_t *host, unsigned len, unsigned W, uint32_t mask, int coalesced)
{
    (void)L;
    if (coalesced) {
        store_block(ra, host, len, 32);
        _mm256_zeroupper();
    } else if (WHOLE32(mask)) {
        store_each(ra, rb, off - lo, host, len, 0xffffffffu);
    } else
        avx2_store(ra, rb, off - lo, host, len, W, mask);
}

/* The loads of kind k from the lanes' own local memory (local_lanes held). */
static inline __attribute__((always_inline)) void local_load(const simt_warp *w, uint64_t *ra,
                                                             const uint64_t *addr, uint64_t off,
                                                             unsigned k, unsigned W,
                                                             uint32_t mask)
{
    if (k == 4 && WHOLE32(mask) && w->local_cap <= UINT32_MAX / 32) {
        load32_strided(ra, addr, off, SIMT_OFFSET_MASK, w->local, w->local_cap);
        _mm256_zeroupper();
    } else
        local_load_lanes(w, ra, addr, off, k, W, mask);
}

/* The lanes of mask where compare lop of b[l], c[l] holds (fused branches). */
static inline __attribute__((always_inline)) uint32_t
compare_mask(const simt_lane_ops *L, unsigned lop, const uint64_t *b, const uint64_t *c,
             unsigned W, uint32_t mask)
{
    if (WHOLE32(mask)) {
        uint32_t r = 0;
        int inlined = 1;
        switch (lop) { /* the full-warp case of the AVX2 mask helpers, inline */
#define CASE(name) case LOP_##name: r = maskbody_##name(b, c, 32, 0xffffffffu); break;
        SIMT_COMPARE_OPS(CASE)
#undef CASE
        default: inlined = 0; break;
        }
        _mm256_zeroupper();
        if (inlined)
            return r;
    }
    return compare_mask_table(L, lop, b, c, W, mask);
}

/* a := b + ext(c) * k for the group, ext 0 sign-extending c's low word, 1
 * zero-extending it, 2 all of c (LEA, and the address of LDX). */
static inline __attribute__((always_inline)) void lea_group(const simt_lane_ops *L, unsigned ext,
                                                            uint64_t *a, const uint64_t *b,
                                                            const uint64_t *c, uint64_t k,
                                                            unsigned W, uint32_t mask)
{
    if (WHOLE32(mask)) {
        if (ext == 0)
            body_LEA_S32(a, b, c, k, 32, 0xffffffffu);
        else if (ext == 1)
            body_LEA_U32(a, b, c, k, 32, 0xffffffffu);
        else
            body_LEA_64(a, b, c, k, 32, 0xffffffffu);
        _mm256_zeroupper();
        return;
    }
    L->op[ext == 0 ? LOP_LEA_S32 : ext == 1 ? LOP_LEA_U32 : LOP_LEA_64](a, b, c, k, W, mask);
}

/* The lanes of mask whose 32-bit divisor c[l] is 0. */
static inline __attribute__((always_inline)) uint32_t zero_divisors32(const uint64_t *c,
                                                                      unsigned W, uint32_t mask)
{
    if (WHOLE32(mask)) {
        uint32_t zero = ~nonzero32_low(c);
        _mm256_zeroupper();
        return zero;
    }
    return zero_divisors32_lanes(c, W, mask);
}

/* The lanes of mask where r[l] is not 0. */
static inline __attribute__((always_inline)) uint32_t nonzero_group(const simt_lane_ops *L,
                                                                    const uint64_t *r, unsigned W,
                                                                    uint32_t mask)
{
    if (WHOLE32(mask)) {
        uint32_t nz = nonzero32(r);
        _mm256_zeroupper();
        return nz;
    }
    return L->nonzero(r, W, mask);
}

/* a := b + k as 32 bits, for the group (ADDK_I32 of other operands). */
static inline __attribute__((always_inline)) void addk32_group(const simt_lane_ops *L,
                                                               uint64_t *a, const uint64_t *b,
                                                               uint64_t k, unsigned W,
                                                               uint32_t mask)
{
    if (WHOLE32(mask)) {
        body_ADDK_I32(a, b, NULL, k, 32, 0xffffffffu);
        _mm256_zeroupper();
    } else
        L->op[LOP_ADDK_I32](a, b, NULL, k, W, mask);
}

/* a := the local address of base[l] + off (LADDR). */
static inline __attribute__((always_inline)) void laddr_group(uint64_t *a, const uint64_t *base,
                                                              uint64_t off, unsigned W,
                                                              uint32_t mask)
{
    if (WHOLE32(mask)) {
        add_or32(a, base, off, SIMT_ADDR(SPACE_LOCAL, 0));
        _mm256_zeroupper();
    } else
        laddr_lanes(a, base, off, W, mask);
}

/* The host address of a whole 32-lane warp's coalesced access (lane l at lo
 * + l * len) when one of the two cached allocations holds all of it,
 * aligned, for writing if write; NULL otherwise, and the general path
 * decides: whole_load32's and whole_store32's case of global memory. */
static inline __attribute__((always_inline)) uint8_t *coalesced_hit(const simt_exec *ex,
                                                                    uint64_t lo, unsigned len,
                                                                    int write)
{
    if (lo & (len - 1))
        return NULL;
    uint64_t hi = lo + 31 * (uint64_t)len, gen = ex->vm->mem.generation;
    uint8_t *p = gcache_hit(&ex->gc[0], gen, lo, hi, len, write);
    return p ? p : gcache_hit(&ex->gc[1], gen, lo, hi, len, write);
}

/* The first case of a whole 32-lane warp's LD32 or LDX at the addresses x
 * (four lanes to a register): in shared memory shared_load32_x, in global
 * memory a coalesced block copy that one of the two cached allocations
 * holds.  Returns 0, having touched nothing, where they refuse: the general
 * path then decides, and reports faults. */
static inline __attribute__((always_inline)) int whole_load32(const simt_exec *ex,
                                                              simt_block *blk, uint64_t *a,
                                                              const v4 x[8])
{
    uint8_t *p;
    if (SIMT_ADDR_SPACE(first_lane(x[0])) == SPACE_SHARED)
        return shared_load32_x(a, x, blk->shared, blk->shared_size);
    if (!contiguous32_x(x) || !(p = coalesced_hit(ex, first_lane(x[0]), 4, 0)))
        return 0;
    load_block(a, p, 4);
    return 1;
}

/* LD32's first case: a whole warp that nothing observes (ex->observe), a :=
 * the words at b[l] + off where whole_load32 takes them.  Returns 0, having
 * touched nothing, where the general path (load_group) must decide. */
static inline __attribute__((always_inline)) int load32_first(const simt_exec *ex,
                                                              simt_block *blk, uint32_t mask,
                                                              uint64_t *a, const uint64_t *b,
                                                              uint64_t off)
{
    if (!WHOLE32(mask) || ex->observe)
        return 0;
    v4 x[8];
    lanes_plus(x, b, off);
    if (!whole_load32(ex, blk, a, x))
        return 0;
    _mm256_zeroupper();
    return 1;
}

/* LDX's addresses: 1 where its first case (as LD32's) loaded a already;
 * else 0 with addr := b + ext(c) << shift and *known := their bounds where
 * computed with them (NULL otherwise), for load_group. */
static inline __attribute__((always_inline)) int
ldx_address(const simt_exec *ex, simt_block *blk, const simt_lane_ops *L, const simt_insn *in,
            uint64_t *a, const uint64_t *b, const uint64_t *c, unsigned W, uint32_t mask,
            uint64_t *addr, uint64_t bounds[2], const uint64_t **known)
{
    const uint64_t off = (uint64_t)(int64_t)in->i;
    if (!WHOLE32(mask)) {
        lea_group(L, SIMT_LDX_EXT(in->j), addr, b, c, UINT64_C(1) << SIMT_LDX_SHIFT(in->j), W,
                  mask);
        *known = NULL;
        return 0;
    }
    if (SIMT_LDX_KIND(in->j) == 4 && !ex->observe) { /* as LD32's first case */
        v4 x[8];
        lea_plus32(x, b, c, SIMT_LDX_EXT(in->j), SIMT_LDX_SHIFT(in->j), off);
        if (whole_load32(ex, blk, a, x)) {
            _mm256_zeroupper();
            return 1;
        }
    }
    /* the addresses and their bounds in one pass */
    avx2_lea_bounds32(addr, b, c, SIMT_LDX_EXT(in->j), SIMT_LDX_SHIFT(in->j), off, bounds);
    _mm256_zeroupper();
    *known = bounds;
    return 0;
}

/* The first case of a whole 32-lane warp's ST32 (a[l]'s low word to b[l] +
 * off), on the same terms: shared_store32 in shared memory, else a
 * coalesced block store into a cached allocation. */
static inline __attribute__((always_inline)) int whole_store32(const simt_exec *ex,
                                                               simt_block *blk, const uint64_t *a,
                                                               const uint64_t *b, uint64_t off)
{
    uint8_t *p;
    if (SIMT_ADDR_SPACE(b[0] + off) == SPACE_SHARED)
        return shared_store32(a, b, off, blk->shared, blk->shared_size);
    if (!contiguous(b, 32, 4) || !(p = coalesced_hit(ex, b[0] + off, 4, 1)))
        return 0;
    store_block(a, p, 4, 32);
    return 1;
}

/* ST32's first case, for a whole warp that nothing observes (ex->observe).
 * Returns 0, having touched nothing, where the general path (the store
 * handler) must decide. */
static inline __attribute__((always_inline)) int store32_first(const simt_exec *ex,
                                                               simt_block *blk, uint32_t mask,
                                                               const uint64_t *a,
                                                               const uint64_t *b, uint64_t off)
{
    if (!WHOLE32(mask) || ex->observe || !whole_store32(ex, blk, a, b, off))
        return 0;
    _mm256_zeroupper();
    return 1;
}

#endif
