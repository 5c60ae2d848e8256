/* runtime/banks.c -- shared-memory wavefronts and bank conflicts (SPEC 5.2).
 *
 * Shared memory has 32 banks of 4-byte words; word w lives in bank w % 32.
 * One wavefront serves at most one word per bank, and lanes that want the same
 * word share it (broadcast).  So a group of lanes needs as many wavefronts as
 * its busiest bank has distinct words.  64-bit accesses are processed by half
 * warps and 128-bit ones by quarter warps (each group moves at most 128 bytes),
 * which is why a conflict-free 64-bit warp access costs 2 wavefronts.  These
 * are the counts Nsight Compute reports (l1tex__data_pipe_lsu_wavefronts_*).
 */
#include <string.h>

#include "runtime/model.h"

/* Wavefronts of the lanes `lanes` of a (all in shared memory).  Each bank
 * keeps a list of its distinct words (head and next hold an index + 1), so
 * a word is compared only with the other words of its bank: linear in the
 * lanes for a conflict-free access instead of quadratic. */
static unsigned group_wavefronts(const simt_warp_access *a, uint32_t lanes)
{
    uint32_t words[SIMT_BANKS * 4];
    uint8_t head[SIMT_BANKS], next[SIMT_BANKS * 4], count[SIMT_BANKS];
    unsigned nwords = 0, most = 0;
    unsigned words_per_lane = a->size > 4 ? a->size / 4u : 1u;
    if (words_per_lane == 1) {
        /* The common case first: one word per lane and no bank with two
         * distinct words (one wavefront); a conflict goes the long way. */
        uint32_t first[SIMT_BANKS], seen = 0;
        uint32_t m = lanes;
        for (; m; m &= m - 1) {
            uint32_t w = (uint32_t)(SIMT_ADDR_OFFSET(a->addr[__builtin_ctz(m)]) / 4);
            uint32_t bit = 1u << (w % SIMT_BANKS);
            if (!(seen & bit)) {
                seen |= bit;
                first[w % SIMT_BANKS] = w;
            } else if (first[w % SIMT_BANKS] != w)
                break;
        }
        if (!m)
            return seen ? 1 : 0;
    }
    memset(head, 0, sizeof head);
    memset(count, 0, sizeof count);
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint64_t w0 = SIMT_ADDR_OFFSET(a->addr[l]) / 4;
        for (unsigned k = 0; k < words_per_lane && nwords < SIMT_BANKS * 4; k++) {
            uint32_t w = (uint32_t)(w0 + k);
            unsigned b = w % SIMT_BANKS, j = head[b];
            while (j && words[j - 1] != w)
                j = next[j - 1];
            if (j)
                continue; /* a word already served: broadcast */
            words[nwords] = w;
            next[nwords] = head[b];
            head[b] = (uint8_t)++nwords;
            if (++count[b] > most)
                most = count[b];
        }
    }
    return most;
}

unsigned simt_bank_wavefronts(const simt_warp_access *a, unsigned *ideal)
{
    /* the memory unit's spaces (vm/memunit.c) decide most accesses: every
     * lane in shared memory, or none; only a mix needs the lanes */
    uint32_t shared = a->spaces == SIMT_SPACE_BIT(SPACE_SHARED) ? a->mask : 0;
    if (!(a->spaces & SIMT_SPACE_BIT(SPACE_SHARED)) || shared)
        return simt_bank_wavefronts_of(a, shared, ideal);
    for (uint32_t m = a->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (SIMT_ADDR_SPACE(a->addr[l]) == SPACE_SHARED)
            shared |= 1u << l;
    }
    return simt_bank_wavefronts_of(a, shared, ideal);
}

unsigned simt_bank_wavefronts_of(const simt_warp_access *a, uint32_t shared, unsigned *ideal)
{
    unsigned group = a->size >= 16 ? 8 : a->size == 8 ? 16 : 32;
    unsigned total = 0, groups = 0;
    for (unsigned first = 0; first < 32; first += group) {
        uint32_t sel = group == 32 ? 0xffffffffu : ((1u << group) - 1u) << first;
        if (!(shared & sel))
            continue;
        groups++;
        total += group_wavefronts(a, shared & sel);
    }
    *ideal = groups;
    return total;
}
