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
#include "runtime/model.h"

/* Wavefronts of the lanes `lanes` of a (all in shared memory). */
static unsigned group_wavefronts(const simt_warp_access *a, uint32_t lanes)
{
    uint32_t words[SIMT_BANKS * 4];
    unsigned nwords = 0;
    unsigned words_per_lane = a->size > 4 ? a->size / 4u : 1u;
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint64_t w0 = SIMT_ADDR_OFFSET(a->addr[l]) / 4;
        for (unsigned k = 0; k < words_per_lane && nwords < SIMT_BANKS * 4; k++) {
            uint32_t w = (uint32_t)(w0 + k);
            unsigned j = 0;
            while (j < nwords && words[j] != w)
                j++;
            if (j == nwords)
                words[nwords++] = w;
        }
    }
    unsigned per_bank[SIMT_BANKS] = {0}, most = 0;
    for (unsigned j = 0; j < nwords; j++) {
        unsigned b = words[j] % SIMT_BANKS;
        if (++per_bank[b] > most)
            most = per_bank[b];
    }
    return most;
}

unsigned simt_bank_wavefronts(const simt_warp_access *a, unsigned *ideal)
{
    uint32_t shared = 0;
    for (uint32_t m = a->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (SIMT_ADDR_SPACE(a->addr[l]) == SPACE_SHARED)
            shared |= 1u << l;
    }
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
