/* vm/interp_mem.h -- the dispatch loop's translation of guest addresses to
 * host memory: the per-lane paths (lane_mem, checked_mem) with their cache of
 * the global allocations used last (simt_exec's gc, gc_deep), and whole
 * ranges for MEMCPY (range_mem).  Included once by vm/interp.c (so by both
 * of its twins); static functions only. */
#ifndef SIMT_INTERP_MEM_H
#define SIMT_INTERP_MEM_H

static simt_tctx lane_tctx(const simt_exec *ex, const simt_block *blk, const simt_warp *w,
                           unsigned l)
{
    simt_tctx t;
    t.shared = blk->shared;
    t.shared_size = blk->shared_size;
    t.local = w->local + (size_t)l * w->local_cap;
    t.local_size = w->local_cap;
    t.is_host = ex->is_host;
    return t;
}

/* The host address of lo, where [lo, hi + len) lies in one global or
 * constant allocation (lo <= hi) that allows the access; that allocation
 * becomes the first entry of the translation cache, the others move down.
 * NULL otherwise (the cache unchanged). */
static inline uint8_t *gcache_hit(const struct simt_gcache *c, uint64_t gen, uint64_t lo,
                                  uint64_t hi, unsigned len, int write);

/* The host address of lo from a cache entry the fast paths do not probe
 * (gc_deep), which moves to the front, the first second and the second to
 * its place (not a move of them all); NULL if none holds it. */
static uint8_t *gcache_deep_hit(simt_exec *ex, uint64_t lo, uint64_t hi, unsigned len, int write)
{
    uint64_t gen = ex->vm->mem.generation;
    for (unsigned k = 0; k < SIMT_GCACHE_DEEP; k++) {
        uint8_t *p = gcache_hit(&ex->gc_deep[k], gen, lo, hi, len, write);
        if (p) {
            struct simt_gcache t = ex->gc_deep[k];
            ex->gc_deep[k] = ex->gc[1];
            ex->gc[1] = ex->gc[0];
            ex->gc[0] = t;
            return p;
        }
    }
    return NULL;
}

static uint8_t *gcache_fill(simt_exec *ex, uint64_t lo, uint64_t hi, unsigned len, int write)
{
    uint8_t *p = gcache_deep_hit(ex, lo, hi, len, write);
    if (p)
        return p;
    simt_alloc *a = simt_mem_find(&ex->vm->mem, lo);
    /* Host code may store to __constant__ variables, never to a string
     * literal (read-only data, as a host compiler places it). */
    int readonly = a && a->readonly && (!ex->is_host || a->kind == ALLOC_STRING);
    if (!a || a->freed || hi < lo || hi - a->base > a->size ||
        len > a->size - (hi - a->base) || (write && readonly))
        return NULL;
    memmove(&ex->gc_deep[1], &ex->gc_deep[0], (SIMT_GCACHE_DEEP - 1) * sizeof ex->gc_deep[0]);
    ex->gc_deep[0] = ex->gc[1];
    ex->gc[1] = ex->gc[0];
    ex->gc[0].base = a->base;
    ex->gc[0].size = a->size;
    ex->gc[0].data = a->data;
    ex->gc[0].readonly = readonly;
    ex->gc[0].gen = ex->vm->mem.generation;
    return a->data + (lo - a->base);
}

/* The slow path of lane_mem: any space, with the fault message on failure. */
static __attribute__((noinline)) uint8_t *lane_mem_slow(simt_exec *ex, simt_block *blk,
                                                        simt_warp *w, unsigned l, uint64_t addr,
                                                        unsigned len, int write)
{
    uint64_t off = SIMT_ADDR_OFFSET(addr);
    if (addr & (len - 1)) {
        simt_vm_faultf(ex->vm, "misaligned %s of %u bytes at address 0x%llx", write ? "write" : "read",
                       len, (unsigned long long)addr);
        ex->vm->fault.cuda_error = CUDA_ERROR_MISALIGNED_ADDRESS;
        ex->vm->fault.kind = FAULT_MISALIGNED;
        return NULL;
    }
    switch (SIMT_ADDR_SPACE(addr)) {
    case SPACE_SHARED:
        if (off + len <= blk->shared_size)
            return blk->shared + off;
        break;
    case SPACE_LOCAL:
        if (off + len <= w->local_cap)
            return w->local + (size_t)l * w->local_cap + off;
        break;
    case SPACE_GLOBAL:
    case SPACE_CONST: {
        uint8_t *p = gcache_fill(ex, addr, addr, len, write);
        if (p)
            return p;
        break;
    }
    default:
        break;
    }
    simt_tctx t = lane_tctx(ex, blk, w, l);
    return simt_vm_translate(ex->vm, &t, addr, len, write);
}

/* The host address of lo, where [lo, hi + len) lies in cache entry c (lo ==
 * hi: one access; lo > hi holds nothing, and lo below the entry's base wraps
 * past hi); NULL otherwise. */
static inline uint8_t *gcache_hit(const struct simt_gcache *c, uint64_t gen, uint64_t lo,
                                  uint64_t hi, unsigned len, int write)
{
    uint64_t d0 = lo - c->base, d1 = hi - c->base;
    if (d0 <= d1 && d1 < c->size && len <= c->size - d1 && c->gen == gen &&
        !(write && c->readonly))
        return c->data + d0;
    return NULL;
}

/* The host address of one lane's access, or NULL with vm->fault set.  The
 * common cases -- the allocation used last, shared and local memory -- are
 * decided here without a call. */
static inline uint8_t *lane_mem(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned l,
                                uint64_t addr, unsigned len, int write)
{
    if (!(addr & (len - 1))) {
        uint64_t gen = ex->vm->mem.generation;
        uint8_t *p = gcache_hit(&ex->gc[0], gen, addr, addr, len, write);
        if (p)
            return p;
        if ((p = gcache_hit(&ex->gc[1], gen, addr, addr, len, write)) != NULL) {
            struct simt_gcache t = ex->gc[0];
            ex->gc[0] = ex->gc[1];
            ex->gc[1] = t;
            return p;
        }
        uint64_t off = SIMT_ADDR_OFFSET(addr);
        unsigned space = SIMT_ADDR_SPACE(addr);
        if (space == SPACE_SHARED && off + len <= blk->shared_size)
            return blk->shared + off;
        if (space == SPACE_LOCAL && off + len <= w->local_cap)
            return w->local + (size_t)l * w->local_cap + off;
    }
    return lane_mem_slow(ex, blk, w, l, addr, len, write);
}

/* Under --check=memory a bad access is a finding, not a fault: it is reported,
 * the lane's access is skipped (a load reads 0), and the kernel goes on so that
 * every bad access of the launch is found. */
static __attribute__((noinline)) uint8_t *checked_mem_slow(simt_exec *ex, simt_block *blk,
                                                           simt_warp *w, unsigned l, uint64_t addr,
                                                           unsigned len, int write, int32_t pc,
                                                           uint8_t *scratch)
{
    unsigned sp = SIMT_ADDR_SPACE(addr) <= SPACE_CONST ? SIMT_ADDR_SPACE(addr) : SPACE_NONE;
    uint32_t idx[3] = {0, 0, 0};
    if (!ex->is_host)
        memcpy(idx, blk->idx, sizeof idx);
    simt_finding f = { .kind = FIND_BAD_ACCESS, .check = CHECK_MEMORY,
                       .detail = ex->vm->fault.message, .pc = pc, .block = idx,
                       .tid = w->tid_base + l, .lane = l, .warp = w->index, .lanes = 1u << l,
                       .addr = addr, .space = (uint8_t)sp, .write = (uint8_t)(write != 0),
                       .size = (uint16_t)len };
    simt_observe_finding(ex->vm, &f);
    memset(scratch, 0, 8);
    return scratch;
}

static inline uint8_t *checked_mem(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned l,
                                   uint64_t addr, unsigned len, int write, int32_t pc,
                                   uint8_t *scratch)
{
    uint8_t *p = lane_mem(ex, blk, w, l, addr, len, write);
    if (p || !(ex->vm->obs.flags & OBS_MEMORY))
        return p;
    return checked_mem_slow(ex, blk, w, l, addr, len, write, pc, scratch);
}

/* The host address of the n bytes at guest addr (n > 0) when they lie in one
 * global or constant allocation that allows the access, or in the block's
 * shared memory, or in lane l's local memory; NULL otherwise, with no fault
 * set: the caller then goes byte by byte, as lane_mem decides. */
static uint8_t *range_mem(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned l,
                          uint64_t addr, uint64_t n, int write)
{
    uint64_t last = addr + (n - 1);
    if (last < addr || SIMT_ADDR_SPACE(last) != SIMT_ADDR_SPACE(addr))
        return NULL;
    uint64_t off = SIMT_ADDR_OFFSET(addr);
    switch (SIMT_ADDR_SPACE(addr)) {
    case SPACE_SHARED:
        return off + n <= blk->shared_size ? blk->shared + off : NULL;
    case SPACE_LOCAL:
        return off + n <= w->local_cap ? w->local + (size_t)l * w->local_cap + off : NULL;
    case SPACE_GLOBAL:
    case SPACE_CONST: {
        uint64_t gen = ex->vm->mem.generation;
        for (int k = 0; k < 2; k++) {
            uint8_t *p = gcache_hit(&ex->gc[k], gen, addr, last, 1, write);
            if (p)
                return p;
        }
        return gcache_fill(ex, addr, last, 1, write);
    }
    default:
        return NULL;
    }
}

/* One lane's copy of n bytes (n > 0) from guest src to guest dst in one
 * memcpy, where both ranges translate whole (range_mem) and do not overlap:
 * 1 then; 0 with nothing copied otherwise, for the caller's byte-by-byte
 * loop, which faults at the first bad byte and copies overlapping ranges
 * forward.  Out of line: the dispatch loop stays as it was. */
static __attribute__((noinline)) int copy_range(simt_exec *ex, simt_block *blk, simt_warp *w,
                                                unsigned l, uint64_t dst, uint64_t src,
                                                uint64_t n)
{
    uint8_t *s = range_mem(ex, blk, w, l, src, n, 0);
    uint8_t *d = s ? range_mem(ex, blk, w, l, dst, n, 1) : NULL;
    if (!d || (d < s + n && s < d + n))
        return 0;
    memcpy(d, s, n);
    return 1;
}

#endif
