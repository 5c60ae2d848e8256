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
     * simt_cache_set_of (model.h) clears a set before its first use.
     * Zeroing the 7 MB of an L2's tables cost more than a small program's
     * whole run. */
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

/* set_of, find_way, victim_way, simt_cache_access_line and
 * simt_cache_invalidate_line are inline in runtime/model.h: the model looks
 * up two caches per line of every global access. */

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
