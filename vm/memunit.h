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

/* The classification from one pass's sums: the first and the last lane's
 * addresses, the OR of every lane's address XOR the first's, and the OR of
 * every lane's address XOR its place at unit stride. */
void simt_access_classify_sums(simt_warp_access *a, uint64_t first, uint64_t last,
                               uint64_t differ, uint64_t stride_off);

#endif
