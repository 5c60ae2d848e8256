/* runtime/coalesce.c -- which 32-byte sectors a warp's global or local access
 * touches (SPEC 5.2).
 *
 * Hardware serves a warp-wide load or store as one request; the L1 splits it
 * into the distinct 32-byte sectors of 128-byte lines that its lanes touch.
 * Nsight Compute's sectors/request is exactly that count, so it is computed
 * here from the per-lane addresses and nothing else; the shape the memory
 * unit found (vm/memunit.c: one address, unit stride) is not derived again.
 */
#include "runtime/model.h"

/* Sorts a short list in place (at most SIMT_MAX_SECTORS entries). */
static void sort_small(uint64_t *v, unsigned n)
{
    for (unsigned i = 1; i < n; i++) {
        uint64_t x = v[i];
        unsigned j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

static unsigned unique_sorted(uint64_t *v, unsigned n)
{
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        if (k == 0 || v[k - 1] != v[i])
            v[k++] = v[i];
    return k;
}

/* Appends sector s to the n sectors so far, unless it is the last one
 * again: a sector below the last means the lanes were out of order (the
 * caller sorts then); while in order, a new line is counted as it starts. */
static inline unsigned add_sector(uint64_t *sectors, unsigned n, uint64_t s, int *sorted,
                                  unsigned *nlines)
{
    if (n && sectors[n - 1] == s)
        return n;
    if (n && sectors[n - 1] > s)
        *sorted = 0;
    else if (*sorted && (!n || sectors[n - 1] / 4 != s / 4))
        (*nlines)++;
    sectors[n] = s;
    return n + 1;
}

unsigned simt_coalesce(const simt_warp_access *a, unsigned space, uint64_t *sectors,
                       unsigned *lines, unsigned *lanes)
{
    unsigned n = 0, nl = 0, nlines = 0;
    int sorted = 1;
    uint64_t span = (a->size ? a->size : 1) - 1;
    /* A whole warp whose lanes read consecutive elements (lane l at the
     * first address + l * size) in one space touches a range of sectors. */
    if (a->mask == UINT32_MAX && a->size && a->size <= 16 &&
        SIMT_ADDR_SPACE(a->addr[0]) == space) {
        uint64_t a0 = a->addr[0];
        if (a->shape == SHAPE_UNIT_STRIDE && SIMT_ADDR_SPACE(a0 + 32u * a->size - 1) == space) {
            uint64_t lo = a0 / SIMT_SECTOR_BYTES, hi = (a0 + 32u * a->size - 1) / SIMT_SECTOR_BYTES;
            for (uint64_t s = lo; s <= hi; s++)
                sectors[n++] = s;
            *lines = (unsigned)(hi / 4 - lo / 4 + 1);
            *lanes = 32;
            return n;
        }
    }
    /* A whole warp at one address (an atomic on a counter, a broadcast
     * load): the sectors of one lane. */
    if (a->mask == UINT32_MAX && SIMT_ADDR_SPACE(a->addr[0]) == space &&
        a->shape == SHAPE_UNIFORM) {
        uint64_t first = a->addr[0] / SIMT_SECTOR_BYTES, last = (a->addr[0] + span) / SIMT_SECTOR_BYTES;
        sectors[n++] = first;
        if (last != first)
            sectors[n++] = first + 1;
        *lines = n == 2 && first / 4 != (first + 1) / 4 ? 2 : 1;
        *lanes = 32;
        return n;
    }
    /* Lanes in address order (coalesced and strided accesses, nearly all of
     * them) give their sectors in order: duplicates are then neighbours and
     * no sort is needed; only an out-of-order sector (a gather) sorts. */
    uint32_t rest = a->mask;
    if (a->mask == UINT32_MAX && a->spaces == SIMT_SPACE_BIT(space)) {
        /* a whole warp in this space alone (tiles' rows, strides): no space
         * test, one sector a lane while no lane crosses one, the loop below
         * from the first lane that does */
        for (unsigned l = 0; l < 32; l++) {
            uint64_t addr = a->addr[l], s = addr / SIMT_SECTOR_BYTES;
            if (s != (addr + span) / SIMT_SECTOR_BYTES)
                break;
            rest &= rest - 1;
            nl++;
            n = add_sector(sectors, n, s, &sorted, &nlines);
        }
    }
    for (uint32_t m = rest; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint64_t addr = a->addr[l];
        if (SIMT_ADDR_SPACE(addr) != space)
            continue;
        nl++;
        uint64_t first = addr / SIMT_SECTOR_BYTES;
        uint64_t last = (addr + span) / SIMT_SECTOR_BYTES;
        /* An aligned access of up to 32 bytes never crosses a sector; an
         * unaligned one (MEMCPY) may cross one boundary. */
        for (uint64_t s = first; s <= last && s <= first + 1 && n < SIMT_MAX_SECTORS; s++)
            n = add_sector(sectors, n, s, &sorted, &nlines);
    }
    if (!sorted) {
        sort_small(sectors, n);
        n = unique_sorted(sectors, n);
        nlines = 0;
        for (unsigned i = 0; i < n; i++)
            if (i == 0 || sectors[i] / 4 != sectors[i - 1] / 4)
                nlines++;
    }
    *lines = nlines;
    *lanes = nl;
    return n;
}

unsigned simt_distinct_addresses(const simt_warp_access *a, unsigned space, unsigned *max_same)
{
    uint64_t v[32];
    unsigned n = 0;
    if (a->mask == UINT32_MAX && SIMT_ADDR_SPACE(a->addr[0]) == space &&
        a->shape == SHAPE_UNIFORM) {
        *max_same = 32; /* a whole warp at one address */
        return 1;
    }
    for (uint32_t m = a->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (SIMT_ADDR_SPACE(a->addr[l]) == space)
            v[n++] = a->addr[l];
    }
    sort_small(v, n);
    unsigned distinct = 0, run = 0, best = 0;
    for (unsigned i = 0; i < n; i++) {
        if (i == 0 || v[i] != v[i - 1]) {
            distinct++;
            run = 0;
        }
        if (++run > best)
            best = run;
    }
    *max_same = best;
    return distinct;
}
