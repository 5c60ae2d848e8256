/* vm/interp_lanes_scalar.h -- the lane helpers the generic build of the
 * dispatch loop (vm/interp.c) is built with: every group through the VM's
 * lane table (ex->vm->lanes: the scalar helpers, or the AVX2 ones called
 * through the table).  vm/interp_lanes_avx2.h defines the same names with
 * the full-warp case inline, for the twin built with -mavx2.
 *
 * Included by vm/interp.c after its memory helpers, as SIMT_INTERP_LANES. */
#ifndef SIMT_INTERP_LANES_SCALAR_H
#define SIMT_INTERP_LANES_SCALAR_H

/* The generic build hands over to the loop built with -mavx2
 * (vm/interp_avx2.c) where the lane table names it, before this loop's
 * prologue (a frame of some kilobytes) runs; the switch-dispatch build
 * (tests/simtvm-switch) runs its own loop. */
static int exec_group_loop(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask);
int simt_exec_group(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask)
{
#ifndef SIMT_SWITCH_DISPATCH
    if (ex->vm->lanes.exec_group)
        return ex->vm->lanes.exec_group(ex, blk, w, mask);
#endif
    return exec_group_loop(ex, blk, w, mask);
}
#define EXEC_GROUP_LOOP static int exec_group_loop

/* The helper of name for the group. */
#define FAST(name, k) HELPER(name, k)

/* s := the AND and the OR of b[l] + off over the lanes of mask. */
static inline void group_bounds(const simt_lane_ops *L, const uint64_t *b, uint64_t off,
                                unsigned W, uint32_t mask, uint64_t s[2])
{
    L->bounds(b, off, W, mask, s);
}

static inline void lanes_bounds(const simt_lane_ops *L, const uint64_t *b, uint64_t off,
                                unsigned W, uint32_t mask, uint64_t s[2])
{
    L->bounds(b, off, W, mask, s);
}

/* a[l] := b[l] + off for the 32 lanes of a whole warp (vm/memunit.c). */
static inline void record_addresses(uint64_t *a, const uint64_t *b, uint64_t off)
{
    simt_access_addresses32(a, b, off);
}

/* Whether the group's load (store) is a coalesced access of a whole warp
 * whose ends bound it: this build does not tell (group_bounds does). */
static inline int load_ends(const uint64_t *addr, uint64_t off, unsigned len, uint32_t mask,
                            uint64_t ends[2])
{
    (void)addr, (void)off, (void)len, (void)mask, (void)ends;
    return 0;
}

static inline int record_ends(const uint64_t *addr, uint64_t off, unsigned len, uint32_t mask,
                              uint64_t ends[2])
{
    (void)addr, (void)off, (void)len, (void)mask, (void)ends;
    return 0;
}

static inline int store_ends(const uint64_t *b, uint64_t off, unsigned len, uint32_t mask,
                             uint64_t ends[2])
{
    (void)b, (void)off, (void)len, (void)mask, (void)ends;
    return 0;
}

/* ra := the loads of kind k at addr[l] + off of the group, all in the
 * region whose address lo is at host. */
static inline __attribute__((always_inline)) void
region_load(const simt_lane_ops *L, const simt_block *blk, uint64_t *ra, const uint64_t *addr,
            uint64_t off, uint64_t lo, const uint8_t *host, unsigned k, unsigned len, unsigned W,
            uint32_t mask, int coalesced)
{
    (void)blk, (void)len, (void)coalesced;
    L->load(ra, addr, off - lo, host, k, W, mask);
}

/* The stores of len bytes of ra[l] at rb[l] + off into the region whose
 * address lo is at host. */
static inline __attribute__((always_inline)) void
region_store(const simt_lane_ops *L, const uint64_t *ra, const uint64_t *rb, uint64_t off,
             uint64_t lo, uint8_t *host, unsigned len, unsigned W, uint32_t mask, int coalesced)
{
    (void)coalesced;
    L->store(ra, rb, off - lo, host, len, W, mask);
}

/* The loads of kind k from the lanes' own local memory (local_lanes held). */
static inline __attribute__((always_inline)) void local_load(const simt_warp *w, uint64_t *ra,
                                                             const uint64_t *addr, uint64_t off,
                                                             unsigned k, unsigned W,
                                                             uint32_t mask)
{
    local_load_lanes(w, ra, addr, off, k, W, mask);
}

/* The lanes of mask where compare lop of b[l], c[l] holds (fused branches). */
static inline __attribute__((always_inline)) uint32_t
compare_mask(const simt_lane_ops *L, unsigned lop, const uint64_t *b, const uint64_t *c,
             unsigned W, uint32_t mask)
{
    return compare_mask_table(L, lop, b, c, W, mask);
}

/* a := b + ext(c) * k for the group, ext 0 sign-extending c's low word, 1
 * zero-extending it, 2 all of c (LEA, and the address of LDX). */
static inline __attribute__((always_inline)) void lea_group(const simt_lane_ops *L, unsigned ext,
                                                            uint64_t *a, const uint64_t *b,
                                                            const uint64_t *c, uint64_t k,
                                                            unsigned W, uint32_t mask)
{
    L->op[ext == 0 ? LOP_LEA_S32 : ext == 1 ? LOP_LEA_U32 : LOP_LEA_64](a, b, c, k, W, mask);
}

/* The lanes of mask whose 32-bit divisor c[l] is 0. */
static inline __attribute__((always_inline)) uint32_t zero_divisors32(const uint64_t *c,
                                                                      unsigned W, uint32_t mask)
{
    return zero_divisors32_lanes(c, W, mask);
}

/* The lanes of mask where r[l] is not 0. */
static inline __attribute__((always_inline)) uint32_t nonzero_group(const simt_lane_ops *L,
                                                                    const uint64_t *r, unsigned W,
                                                                    uint32_t mask)
{
    return L->nonzero(r, W, mask);
}

/* a := b + k as 32 bits, for the group (ADDK_I32 of other operands). */
static inline __attribute__((always_inline)) void addk32_group(const simt_lane_ops *L,
                                                               uint64_t *a, const uint64_t *b,
                                                               uint64_t k, unsigned W,
                                                               uint32_t mask)
{
    L->op[LOP_ADDK_I32](a, b, NULL, k, W, mask);
}

/* a := the local address of base[l] + off (LADDR). */
static inline __attribute__((always_inline)) void laddr_group(uint64_t *a, const uint64_t *base,
                                                              uint64_t off, unsigned W,
                                                              uint32_t mask)
{
    laddr_lanes(a, base, off, W, mask);
}

/* LD32's and ST32's first cases (a whole warp's access in one step, before
 * the general path) are the AVX2 twin's: here the general path decides. */
static inline int load32_first(const simt_exec *ex, simt_block *blk, uint32_t mask, uint64_t *a,
                               const uint64_t *b, uint64_t off)
{
    (void)ex, (void)blk, (void)mask, (void)a, (void)b, (void)off;
    return 0;
}

static inline int store32_first(const simt_exec *ex, simt_block *blk, uint32_t mask,
                                const uint64_t *a, const uint64_t *b, uint64_t off)
{
    (void)ex, (void)blk, (void)mask, (void)a, (void)b, (void)off;
    return 0;
}

/* LDX's addresses: addr := b + ext(c) << shift, bounds not known (0: no
 * first case here). */
static inline __attribute__((always_inline)) int
ldx_address(const simt_exec *ex, simt_block *blk, const simt_lane_ops *L, const simt_insn *in,
            uint64_t *a, const uint64_t *b, const uint64_t *c, unsigned W, uint32_t mask,
            uint64_t *addr, uint64_t bounds[2], const uint64_t **known)
{
    (void)ex, (void)blk, (void)a, (void)bounds;
    lea_group(L, SIMT_LDX_EXT(in->j), addr, b, c, UINT64_C(1) << SIMT_LDX_SHIFT(in->j), W, mask);
    *known = NULL;
    return 0;
}

#endif
