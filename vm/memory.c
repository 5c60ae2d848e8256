/* vm/memory.c -- the allocation table (address translation, which needs the
 * whole VM, is vm/translate.c: this file depends on nothing above it).
 *
 * Allocation is a bump pointer per space, so an address is never handed out
 * twice: a stale pointer always lands in a freed entry (use after free,
 * double free) rather than in someone else's data.  Freed entries keep their
 * base and size and drop their storage.  The table is kept sorted by full
 * address, for binary search.
 *
 * Thread safety: simt_mem_find() and simt_vm_translate() may run concurrently
 * with each other (the one-entry cache is accessed atomically); allocation and
 * free must be serialised against everything else by the caller.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "vm/memory.h"
#include "vm/module.h" /* the address-space encoding */

#define GLOBAL_ALIGN 256
/* Each space's first allocation starts one page in, so that a small negative
 * index off the first allocation stays in its space and reads as "before the
 * start" rather than as a NULL pointer. */
#define FIRST_OFFSET 4096

void simt_mem_init(simt_memory *m, uint64_t limit)
{
    memset(m, 0, sizeof *m);
    m->limit = limit;
    for (size_t s = 0; s < sizeof m->next / sizeof m->next[0]; s++)
        m->next[s] = FIRST_OFFSET;
}

void simt_mem_destroy(simt_memory *m)
{
    for (size_t i = 0; i < m->nallocs; i++)
        simt_free(&m->al, m->allocs[i].data);
    simt_free(&m->al, m->allocs);
    memset(m, 0, sizeof *m);
}

static int grow_table(simt_memory *m)
{
    if (m->nallocs < m->cap)
        return 0;
    size_t cap = m->cap ? m->cap * 2 : 64;
    simt_alloc *a = simt_realloc(&m->al, m->allocs, cap * sizeof *a);
    if (!a)
        return -1;
    m->allocs = a;
    m->cap = cap;
    return 0;
}

/* Spaces sit in the high bits, so one sorted table serves all of them. */
long simt_mem_index_before(const simt_memory *m, uint64_t addr)
{
    size_t lo = 0, hi = m->nallocs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->allocs[mid].base <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (long)lo - 1;
}

uint64_t simt_mem_alloc(simt_memory *m, unsigned space, uint64_t size, uint64_t align,
                        unsigned kind, const char *name)
{
    if (space < SPACE_GLOBAL || space >= sizeof m->next / sizeof m->next[0])
        return 0;
    if (space == SPACE_GLOBAL && align < GLOBAL_ALIGN)
        align = GLOBAL_ALIGN;
    if (align == 0 || (align & (align - 1)) != 0)
        align = 16;
    if (m->limit && (size > m->limit || m->in_use > m->limit - size))
        return 0;
    uint64_t base = (m->next[space] + align - 1) & ~(align - 1);
    /* A zero-byte allocation still takes an address of its own, as malloc(0)'s do. */
    uint64_t span = size ? size : 1;
    if (base < m->next[space] || base > SIMT_OFFSET_MASK || span > SIMT_OFFSET_MASK - base)
        return 0;
    m->oom = 0;
    uint8_t *data = grow_table(m) == 0 ? simt_calloc(&m->al, 1, size ? size : 1) : NULL;
    if (!data) {
        m->oom = 1;
        return 0;
    }
    m->next[space] = base + span;
    m->in_use += size;
    /* Bases grow within a space, but spaces interleave: keep the table sorted
     * by full address, which puts the new entry after its space's last one. */
    long at = simt_mem_index_before(m, SIMT_ADDR(space, base)) + 1;
    memmove(&m->allocs[at + 1], &m->allocs[at], (m->nallocs - (size_t)at) * sizeof *m->allocs);
    m->nallocs++;
    simt_alloc *a = &m->allocs[at];
    *a = (simt_alloc){
        .base = SIMT_ADDR(space, base), .size = size, .data = data, .space = (uint8_t)space,
        .kind = (uint8_t)kind, .readonly = space == SPACE_CONST, .name = name,
        .pc = -1,
    };
    return a->base;
}

int simt_mem_free(simt_memory *m, uint64_t addr)
{
    long i = simt_mem_index_before(m, addr);
    if (i < 0 || m->allocs[i].base != addr)
        return 1;
    simt_alloc *a = &m->allocs[i];
    if (a->freed)
        return 2;
    simt_free(&m->al, a->data);
    a->data = NULL;
    a->freed = 1;
    m->in_use -= a->size;
    m->generation++;
    return 0;
}

static int holds(const simt_alloc *a, uint64_t addr)
{
    return addr >= a->base && addr - a->base < a->size;
}

simt_alloc *simt_mem_at_base(simt_memory *m, uint64_t addr)
{
    long i = simt_mem_index_before(m, addr);
    return i >= 0 && m->allocs[i].base == addr ? &m->allocs[i] : NULL;
}

simt_alloc *simt_mem_find(simt_memory *m, uint64_t addr)
{
    size_t last = __atomic_load_n(&m->last, __ATOMIC_RELAXED);
    if (last < m->nallocs && holds(&m->allocs[last], addr))
        return &m->allocs[last];
    long i = simt_mem_index_before(m, addr);
    if (i < 0 || !holds(&m->allocs[i], addr))
        return NULL;
    __atomic_store_n(&m->last, (size_t)i, __ATOMIC_RELAXED);
    return &m->allocs[i];
}
