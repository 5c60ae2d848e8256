/* vm/memunit.h -- the memory unit's access record (simt_warp_access,
 * vm/observe.h): built once per warp memory instruction, classified once,
 * then read by the bounds check of the interpreter (its bounds), the
 * checkers, the performance model and the trace (its shape, spaces and
 * verdict), none of which looks at the lanes again to find them out.
 *
 * Only observed runs build records: a run without an observer of accesses
 * (OBS_ACCESS) pays nothing for them. */
#ifndef SIMT_MEMUNIT_H
#define SIMT_MEMUNIT_H

#include "vm/observe.h"

/* Computes a's shape, spaces and bounds from its mask, size and addr (the
 * lanes of mask); leaves the verdict as it is. */
void simt_access_classify(simt_warp_access *a);

/* a->addr[l] := base[l] + off for the lanes of a->mask, classified in the
 * same pass (a's other fields are the caller's). */
void simt_access_gather(simt_warp_access *a, const uint64_t *base, uint64_t off);

/* a[l] := b[l] + off for the 32 lanes of a whole warp (two at a time). */
void simt_access_addresses32(uint64_t *a, const uint64_t *b, uint64_t off);

/* The same where the caller has filled a->addr and knows that the lanes of
 * mask lie at unit stride, from first to last (a whole warp's coalesced
 * access, found by the interpreter's fast path). */
void simt_access_unit_stride(simt_warp_access *a, uint64_t first, uint64_t last);

/* simt_access_unit_stride inline for lanes in one space (first and last in
 * it: the lanes rise between them), the rest out of line: every coalesced
 * access the model observes builds its record here. */
static inline void simt_access_unit_stride_inline(simt_warp_access *a, uint64_t first,
                                                  uint64_t last)
{
    if (SIMT_ADDR_SPACE(first) != SIMT_ADDR_SPACE(last) || first > last) {
        simt_access_unit_stride(a, first, last);
        return;
    }
    a->shape = SHAPE_UNIT_STRIDE;
    a->bounds[0] = first;
    a->bounds[1] = last;
    a->spaces = (uint8_t)SIMT_SPACE_BIT(SIMT_ADDR_SPACE(first));
}

/* The classification from one pass's sums: the first and the last lane's
 * addresses, the OR of every lane's address XOR the first's, and the OR of
 * every lane's address XOR its place at unit stride. */
void simt_access_classify_sums(simt_warp_access *a, uint64_t first, uint64_t last,
                               uint64_t differ, uint64_t stride_off);

/* simt_access_gather for a whole warp of 32 (a->mask all ones), inline:
 * four lanes at a time, two accumulators of each sum, so that the
 * interpreter's AVX2 twin (vm/interp_avx2.c, built with -mavx2) takes it in
 * 256-bit vectors and the plain build in pairs of SSE2 ones.  Every
 * observed access of a whole warp builds its record here. */
static inline void simt_access_gather32(simt_warp_access *a, const uint64_t *base, uint64_t off)
{
    typedef uint64_t v4 __attribute__((vector_size(32)));
    const uint64_t first = base[0] + off, size = a->size;
    const v4 o = {off, off, off, off}, f = {first, first, first, first};
    const v4 inc = {8 * size, 8 * size, 8 * size, 8 * size};
    v4 d0 = {0, 0, 0, 0}, d1 = d0, s0 = d0, s1 = d0;
    v4 want0 = {first, first + size, first + 2 * size, first + 3 * size};
    v4 want1 = want0 + (v4){4 * size, 4 * size, 4 * size, 4 * size};
    for (unsigned l = 0; l < 32; l += 8) {
        v4 x0, x1;
        __builtin_memcpy(&x0, base + l, sizeof x0);
        __builtin_memcpy(&x1, base + l + 4, sizeof x1);
        x0 += o;
        x1 += o;
        __builtin_memcpy(a->addr + l, &x0, sizeof x0);
        __builtin_memcpy(a->addr + l + 4, &x1, sizeof x1);
        d0 |= x0 ^ f;
        d1 |= x1 ^ f;
        s0 |= x0 ^ want0;
        s1 |= x1 ^ want1;
        want0 += inc;
        want1 += inc;
    }
    d0 |= d1;
    s0 |= s1;
    simt_access_classify_sums(a, first, a->addr[31], d0[0] | d0[1] | d0[2] | d0[3],
                              s0[0] | s0[1] | s0[2] | s0[3]);
}

#endif
