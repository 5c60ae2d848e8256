/* runtime/cache.c -- a sectored, set-associative, LRU cache (SPEC 5.2).
 *
 * Lines are 128 bytes made of four 32-byte sectors, as in NVIDIA's L1 and L2:
 * a line is allocated on the first miss to any of its sectors and each sector
 * is filled on its own, so a hit needs both the tag and the sector.  Hit rates
 * are counted in sectors, as Nsight Compute's *_sector_hit_rate are.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/model.h"

int simt_cache_init(simt_cache *c, uint64_t bytes, unsigned ways, const simt_allocator *al)
{
    memset(c, 0, sizeof *c);
    uint64_t lines = bytes / SIMT_LINE_BYTES;
    if (ways < 1)
        ways = 1;
    if (lines < ways)
        lines = ways;
    c->ways = ways;
    c->nsets = c->max_sets = (uint32_t)(lines / ways);
    size_t n = (size_t)c->nsets * ways;
    /* Not zeroed: every set starts at epoch 0, older than any reset, so
     * set_of clears a set before its first use.  Zeroing the 7 MB of an
     * L2's tables cost more than a small program's whole run. */
    c->tag = simt_malloc(al, n * sizeof *c->tag);
    c->used = simt_malloc(al, n * sizeof *c->used);
    c->valid = simt_malloc(al, n);
    c->epoch = simt_calloc(al, c->nsets, sizeof *c->epoch);
    c->fill = simt_malloc(al, c->nsets);
    if (!c->tag || !c->used || !c->valid || !c->epoch || !c->fill) {
        simt_cache_free(c, al);
        return -1;
    }
    c->cur_epoch = 1; /* newer than every set's 0: each is cleared on first use */
    return 0;
}

void simt_cache_free(simt_cache *c, const simt_allocator *al)
{
    simt_free(al, c->tag);
    simt_free(al, c->used);
    simt_free(al, c->valid);
    simt_free(al, c->epoch);
    simt_free(al, c->fill);
    memset(c, 0, sizeof *c);
}

void simt_cache_reset(simt_cache *c, uint64_t bytes)
{
    if (!c->tag)
        return;
    /* Emptied lazily: a set whose epoch is older than the cache's is
     * cleared on its next lookup (a launch flushes a 50 MB L2 and every
     * L1, and touches few of their sets when it is small). */
    if (++c->cur_epoch == 0) { /* wrapped: clear everything once */
        size_t n = (size_t)c->max_sets * c->ways;
        memset(c->tag, 0, n * sizeof *c->tag);
        memset(c->used, 0, n * sizeof *c->used);
        memset(c->valid, 0, n);
        memset(c->epoch, 0, c->max_sets * sizeof *c->epoch);
        memset(c->fill, 0, c->max_sets);
        c->cur_epoch = 1;
    }
    uint64_t sets = bytes / SIMT_LINE_BYTES / c->ways;
    c->nsets = (uint32_t)(sets < 1 ? 1 : sets > c->max_sets ? c->max_sets : sets);
}

/* First entry of the set of line.  The line number is hashed so that
 * power-of-two strides spread over the sets, as hardware's hashed indexing does.
 *
 * A set fills its ways in order: a miss takes the least recently used way,
 * and an empty way (stamp 0) is older than any used one, so the first empty
 * way is taken while there is one.  The ways in use are therefore always
 * 0 .. fill-1: lookups scan only those, a miss in a set not yet full takes
 * way `fill` without a search, and emptying a set is setting fill to 0.
 * (Scanning all 16 ways of an L2 set was most of the model's cost of a
 * streaming kernel, whose sets are mostly not full.) */
static size_t set_of(simt_cache *c, uint64_t line, uint32_t *k_out)
{
    uint32_t k = (uint32_t)((line ^ (line >> 7) ^ (line >> 15)) % c->nsets);
    if (c->epoch[k] != c->cur_epoch) { /* emptied since its last use */
        c->epoch[k] = c->cur_epoch;
        c->fill[k] = 0;
    }
    *k_out = k;
    return (size_t)k * c->ways;
}

/* Way holding line in its set, or -1. */
static int find_way(const simt_cache *c, size_t set, uint32_t k, uint64_t line)
{
    for (uint32_t w = 0; w < c->fill[k]; w++)
        if (c->tag[set + w] == line + 1)
            return (int)w;
    return -1;
}

/* A way for a line that missed: the next empty one, or the least recently
 * used (the first of equal stamps). */
static uint32_t victim_way(simt_cache *c, size_t set, uint32_t k)
{
    if (c->fill[k] < c->ways)
        return c->fill[k]++;
    uint32_t victim = 0;
    for (uint32_t w = 1; w < c->ways; w++)
        if (c->used[set + w] < c->used[set + victim])
            victim = w;
    return victim;
}

int simt_cache_access(simt_cache *c, uint64_t sector, int allocate)
{
    uint64_t line = sector / (SIMT_LINE_BYTES / SIMT_SECTOR_BYTES);
    unsigned bit = 1u << (sector % (SIMT_LINE_BYTES / SIMT_SECTOR_BYTES));
    return simt_cache_access_line(c, line, bit, allocate) != 0;
}

void simt_cache_invalidate(simt_cache *c, uint64_t sector)
{
    uint64_t line = sector / (SIMT_LINE_BYTES / SIMT_SECTOR_BYTES);
    simt_cache_invalidate_line(c, line, 1u << (sector % 4));
}

unsigned simt_cache_access_line(simt_cache *c, uint64_t line, unsigned bits, int allocate)
{
    if (!c->tag)
        return 0;
    uint32_t k;
    size_t set = set_of(c, line, &k);
    c->stamp++;
    int w = find_way(c, set, k, line);
    if (w >= 0) {
        c->used[set + (uint32_t)w] = c->stamp;
        unsigned hit = c->valid[set + (uint32_t)w] & bits;
        if (allocate)
            c->valid[set + (uint32_t)w] |= (uint8_t)bits;
        return hit;
    }
    if (!allocate)
        return 0;
    uint32_t v = victim_way(c, set, k);
    c->tag[set + v] = line + 1;
    c->used[set + v] = c->stamp;
    c->valid[set + v] = (uint8_t)bits;
    return 0;
}

void simt_cache_invalidate_line(simt_cache *c, uint64_t line, unsigned bits)
{
    if (!c->tag)
        return;
    uint32_t k;
    size_t set = set_of(c, line, &k);
    int w = find_way(c, set, k, line);
    if (w >= 0)
        c->valid[set + (uint32_t)w] &= (uint8_t)~bits;
}
