/* runtime/check_race.c -- shadow state of the race and init checkers.
 *
 * Race (SPEC 4): every 4-byte word of shared memory, and of global memory a
 * block touches, remembers its last write and the last two reads by
 * different threads since (ck_word).  One logical clock orders accesses,
 * __syncthreads and warp syncs within a block.  An earlier access p and the
 * current one by thread t (different threads, one of them a write, not both
 * atomic) are ordered when
 *   - a __syncthreads came after p (p.clock < last_barrier), or
 *   - p and t are lanes of one warp and a warp sync covering both came
 *     after p (full_sync / pair_sync), or
 *   - p's thread did a lock operation (atomicCAS / atomicExch) after p and t
 *     acquired through one since (an approximation of lock-based
 *     happens-before that never invents a race);
 * otherwise that is a hazard.  Lanes of one instruction never race with each
 * other (same clock).  Stale entries -- from an earlier launch -- have a
 * clock before launch_start and read as empty, so nothing is ever cleared.
 *
 * Between blocks (global memory only; the checker follows one block at a
 * time, in block order): an entry from after launch_start but before
 * block_start is an earlier block's.  It is ordered before the current
 * access when both are atomics, or when its block did a __threadfence or an
 * atomic after it (a release: the fence before a flag, a lock's release)
 * and the running block did one before the current access (an acquire: the
 * fence after reading the flag, the atomic that elects the last block).
 * Otherwise the program depends on the order of blocks, which CUDA leaves
 * open: a hazard naming both blocks.  Kernel boundaries order everything.
 *
 * Init: a written bit per byte, per block for shared memory and per page for
 * global memory; module variables and string literals always count as
 * written.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/check.h"

/* ---- paged global shadow ---- */

void ck_pages_free(const simt_allocator *al, ck_pages *p)
{
    for (size_t k = 0; k < p->npages; k++)
        simt_free(al, p->page[k]);
    simt_free(al, p->page);
    p->page = NULL;
    p->npages = 0;
}

/* Global offsets the shadow covers: 16 GiB, the default --max-memory.  The
 * checkers see an access before the interpreter faults it, so a wild pointer
 * must not size the page table (2^40 would ask for 2^31 entries). */
#define CK_MAX_PAGES ((16ull << 30) / CK_PAGE)

/* The page holding global offset off, created (zeroed, page_bytes) on first
 * use; NULL past CK_MAX_PAGES or when memory runs out (the checker then skips
 * that access). */
static void *page_of(simt_checker *ck, ck_pages *p, uint64_t off, size_t page_bytes)
{
    uint64_t k = off / CK_PAGE;
    if (k >= CK_MAX_PAGES)
        return NULL;
    if (k >= p->npages) {
        size_t n = p->npages ? p->npages : 64;
        while (n <= k)
            n *= 2;
        void **np = simt_realloc(&ck->al, p->page, n * sizeof *np);
        if (!np) {
            ck->oom = 1;
            return NULL;
        }
        memset(np + p->npages, 0, (n - p->npages) * sizeof *np);
        p->page = np;
        p->npages = n;
    }
    if (!p->page[k] && !(p->page[k] = simt_calloc(&ck->al, 1, page_bytes)))
        ck->oom = 1;
    return p->page[k];
}

/* ---- launch ---- */

static int resize(simt_checker *ck, void **p, size_t bytes)
{
    simt_free(&ck->al, *p);
    *p = bytes ? simt_calloc(&ck->al, 1, bytes) : NULL;
    return bytes && !*p ? -1 : 0;
}

/* Blocks of one launch whose releases are followed; a larger launch is
 * checked within blocks only. */
#define CK_MAX_BLOCKS (1u << 22)

static int race_launch_blocks(simt_checker *ck)
{
    uint64_t n = (uint64_t)ck->grid[0] * ck->grid[1] * ck->grid[2];
    ck->launch_start = ++ck->clock;
    if (n > CK_MAX_BLOCKS)
        n = 0;
    if (n > ck->nblock_release || !ck->block_release) {
        simt_free(&ck->al, ck->block_release);
        ck->block_release = n ? simt_calloc(&ck->al, (size_t)n, sizeof(uint64_t)) : NULL;
    }
    ck->nblock_release = ck->block_release ? (uint32_t)n : 0;
    return n && !ck->block_release ? -1 : 0;
}

void ck_race_block(simt_checker *ck)
{
    const uint32_t *b = ck->block_idx;
    uint64_t lin = b[0] + (uint64_t)ck->grid[0] * (b[1] + (uint64_t)ck->grid[1] * b[2]);
    ck->block_lin = lin < ck->nblock_release ? (uint32_t)lin : UINT32_MAX;
    if (ck->block_lin != UINT32_MAX)
        ck->block_release[ck->block_lin] = 0;
    ck->acquired = 0;
}

void simt_check_fence(simt_checker *ck)
{
    if (!ck || !(ck->checks & CHECK_RACE))
        return;
    uint64_t now = ++ck->clock;
    if (ck->block_lin != UINT32_MAX)
        ck->block_release[ck->block_lin] = now;
    if (!ck->acquired)
        ck->acquired = now;
}

int ck_race_launch(simt_checker *ck)
{
    uint32_t width = ck->width ? ck->width : 32;
    uint32_t nwarps = (ck->nthreads + width - 1) / width;
    size_t words = (size_t)((ck->shared_bytes + 3) / 4);
    int bad = 0;
    if (ck->checks & CHECK_RACE) {
        if (words != ck->nshared_words || !ck->shared_words)
            bad |= resize(ck, (void **)&ck->shared_words, words * sizeof(ck_word));
        ck->nshared_words = ck->shared_words ? words : 0;
        if (nwarps > ck->nwarps_alloc) {
            bad |= resize(ck, (void **)&ck->full_sync, nwarps * sizeof(uint64_t));
            bad |= resize(ck, (void **)&ck->pair_sync, (size_t)nwarps * 32 * 32 * sizeof(uint64_t));
            ck->nwarps_alloc = bad ? 0 : nwarps;
        }
        bad |= race_launch_blocks(ck);
        if (ck->nthreads > ck->nthreads_alloc) {
            bad |= resize(ck, (void **)&ck->lock_acq, ck->nthreads * sizeof(uint64_t));
            bad |= resize(ck, (void **)&ck->lock_rel, ck->nthreads * sizeof(uint64_t));
            ck->nthreads_alloc = bad ? 0 : ck->nthreads;
        }
    }
    if (ck->checks & CHECK_INIT)
        bad |= resize(ck, (void **)&ck->shared_init, (size_t)((ck->shared_bytes + 7) / 8));
    return bad ? -1 : 0;
}

/* ---- race ---- */

static int valid(const simt_checker *ck, const ck_acc *p)
{
    return p->clock > ck->block_start;
}

/* An access of an earlier block of this launch that the current one
 * (not both atomic) is not ordered after. */
static int other_block_unordered(const simt_checker *ck, const ck_acc *p, const ck_acc *cur,
                                 uint64_t addr)
{
    if (SIMT_ADDR_SPACE(addr) != SPACE_GLOBAL || p->clock <= ck->launch_start || p->clock > ck->block_start ||
        ck->block_lin == UINT32_MAX || p->block == ck->block_lin || p->block >= ck->nblock_release)
        return 0;
    return !(ck->block_release[p->block] > p->clock && ck->acquired && ck->acquired < cur->clock);
}

static int ordered(const simt_checker *ck, const ck_acc *p, uint32_t tid, uint64_t now)
{
    if (p->clock < ck->last_barrier)
        return 1;
    if (p->tid < ck->nthreads_alloc && tid < ck->nthreads_alloc &&
        ck->lock_rel[p->tid] > p->clock && ck->lock_acq[tid] > p->clock)
        return 1;
    uint32_t W = ck->width;
    uint32_t pw = p->tid / W;
    if (pw != tid / W || pw >= ck->nwarps_alloc)
        return 0;
    if (p->clock == now)
        return 1; /* lanes of one instruction */
    uint64_t s = ck->full_sync[pw];
    uint64_t pair = ck->pair_sync[(size_t)pw * 1024 + (p->tid % W) * 32 + tid % W];
    return (s > pair ? s : pair) > p->clock;
}

/* Records the race of access cur with the earlier access p (kinds kept as data). */
static void report_race(simt_checker *ck, simt_vm *vm, const ck_acc *p, const ck_acc *cur,
                        uint64_t addr, const char *detail)
{
    const ck_what what = { .kind = FIND_RACE, .acc = { p->kind, cur->kind } };
    ck_add(ck, vm, CHECK_RACE, &what, cur->pc, p->pc, cur->tid, p->tid, addr, detail);
}

static void hazard_blocks(simt_checker *ck, simt_vm *vm, const ck_acc *p, const ck_acc *cur,
                          uint64_t addr, unsigned size)
{
    char detail[200];
    snprintf(detail, sizeof detail, "__global__ memory, %u-byte accesses by different blocks, "
             "not ordered by atomics, a __threadfence and a flag, or a kernel boundary: the "
             "result depends on the order the blocks run in", size);
    uint64_t b = p->block, gx = ck->grid[0], gy = ck->grid[1];
    ck->other_block[0] = (uint32_t)(b % gx);
    ck->other_block[1] = (uint32_t)(b / gx % gy);
    ck->other_block[2] = (uint32_t)(b / (gx * gy));
    ck->other_set = 1;
    report_race(ck, vm, p, cur, addr, detail);
    ck->other_set = 0;
}

static void hazard(simt_checker *ck, simt_vm *vm, const ck_acc *p, const ck_acc *cur,
                   uint64_t addr, unsigned size)
{
    char detail[160];
    snprintf(detail, sizeof detail, "%s memory, %u-byte accesses, no __syncthreads or "
             "__syncwarp between them", SIMT_ADDR_SPACE(addr) == SPACE_SHARED ? "__shared__"
             : "__global__", size);
    report_race(ck, vm, p, cur, addr, detail);
}

/* Checks the current access against p; returns 1 if it reported. */
static int conflict(simt_checker *ck, simt_vm *vm, const ck_acc *p, const ck_acc *cur,
                    uint64_t addr, unsigned size)
{
    if (!(p->bytes & cur->bytes))
        return 0; /* bools or shorts of one word written by different threads do not race */
    if (p->kind == ACC_ATOMIC && cur->kind == ACC_ATOMIC)
        return 0;
    if (other_block_unordered(ck, p, cur, addr)) {
        hazard_blocks(ck, vm, p, cur, addr, size);
        return 1;
    }
    if (!valid(ck, p) || p->tid == cur->tid)
        return 0;
    if (ordered(ck, p, cur->tid, cur->clock))
        return 0;
    hazard(ck, vm, p, cur, addr, size);
    return 1;
}

static void race_word(simt_checker *ck, simt_vm *vm, ck_word *sw, const ck_acc *cur,
                      uint64_t addr, unsigned size)
{
    if (cur->kind == ACC_READ) {
        conflict(ck, vm, &sw->w, cur, addr, size);
        if (sw->r1.clock > ck->launch_start &&
            (sw->r1.tid != cur->tid || sw->r1.block != cur->block))
            sw->r2 = sw->r1;
        sw->r1 = *cur;
        return;
    }
    if (!conflict(ck, vm, &sw->w, cur, addr, size) && !conflict(ck, vm, &sw->r1, cur, addr, size))
        conflict(ck, vm, &sw->r2, cur, addr, size);
    sw->w = *cur;
    sw->r1.clock = sw->r2.clock = 0;
}

/* atomicCAS and atomicExch are what locks are made of: each acquires the
 * releases before it and releases what its thread did before. */
static void lock_op(simt_checker *ck, simt_vm *vm, const simt_warp_access *a, uint64_t now)
{
    const simt_insn *in = &vm->mod->code[a->pc];
    if (a->op != OP_ATOMCAS && !(a->op == OP_ATOM && (in->i >> 8) == ATOM_EXCH))
        return;
    for (uint32_t m = a->mask; m; m &= m - 1) {
        uint32_t tid = a->tid_base + (unsigned)__builtin_ctz(m);
        if (tid >= ck->nthreads_alloc)
            continue;
        if (ck->last_lock_op > ck->lock_acq[tid])
            ck->lock_acq[tid] = ck->last_lock_op;
        ck->lock_rel[tid] = now;
    }
    ck->last_lock_op = now;
}

static ck_word *shadow_word(simt_checker *ck, uint64_t addr)
{
    uint64_t off = SIMT_ADDR_OFFSET(addr);
    switch (SIMT_ADDR_SPACE(addr)) {
    case SPACE_SHARED:
        return off / 4 < ck->nshared_words ? &ck->shared_words[off / 4] : NULL;
    case SPACE_GLOBAL: {
        ck_word *page = page_of(ck, &ck->race_pages, off, CK_PAGE_WORDS * sizeof(ck_word));
        return page ? &page[off % CK_PAGE / 4] : NULL;
    }
    default:
        return NULL; /* local memory is private, constant memory read-only */
    }
}

void ck_race_access(simt_checker *ck, simt_vm *vm, const simt_warp_access *a)
{
    uint64_t now = ++ck->clock;
    if (a->kind == ACC_ATOMIC)
        lock_op(ck, vm, a, now);
    ck_acc cur = { .clock = now, .pc = a->pc, .kind = a->kind, .block = ck->block_lin };
    if (a->kind == ACC_ATOMIC && ck->block_lin != UINT32_MAX) { /* a release and an acquire */
        ck->block_release[ck->block_lin] = now;
        if (!ck->acquired)
            ck->acquired = now;
    }
    /* only shared and global memory have shadow words: the memory unit's
     * spaces (vm/memunit.c) rule out the rest without the lanes */
    if (!(a->spaces & (SIMT_SPACE_BIT(SPACE_SHARED) | SIMT_SPACE_BIT(SPACE_GLOBAL))))
        return;
    unsigned size = a->size ? a->size : 1;
    for (uint32_t m = a->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint64_t addr = a->addr[l];
        cur.tid = (uint16_t)(a->tid_base + l);
        for (uint64_t w = addr & ~UINT64_C(3); w < addr + size; w += 4) {
            ck_word *sw = shadow_word(ck, w);
            if (!sw)
                break;
            uint64_t lo = addr > w ? addr - w : 0, hi = addr + size < w + 4 ? addr + size - w : 4;
            cur.bytes = (uint8_t)((1u << hi) - (1u << lo));
            race_word(ck, vm, sw, &cur, addr, size);
        }
    }
}

/* ---- init ---- */

/* Sets the written bits of [off, off+len) in a bitmap. */
static void set_bits(uint8_t *bits, uint64_t off, uint64_t len)
{
    uint64_t end = off + len;
    while (off < end && (off & 7))
        bits[off / 8] |= (uint8_t)(1u << (off & 7)), off++;
    if (end - off >= 8) {
        memset(bits + off / 8, 0xff, (size_t)((end - off) / 8));
        off += (end - off) / 8 * 8;
    }
    while (off < end)
        bits[off / 8] |= (uint8_t)(1u << (off & 7)), off++;
}

/* 1 if every byte of [off, off+len) is marked (len <= 8, within one page). */
static int all_set(const uint8_t *bits, uint64_t off, uint64_t len)
{
    for (uint64_t k = off; k < off + len; k++)
        if (!(bits[k / 8] >> (k & 7) & 1))
            return 0;
    return 1;
}

static void global_mark(simt_checker *ck, uint64_t off, uint64_t len)
{
    while (len) {
        uint64_t in_page = CK_PAGE - off % CK_PAGE;
        uint64_t n = len < in_page ? len : in_page;
        uint8_t *page = page_of(ck, &ck->init_pages, off, CK_PAGE / 8);
        if (!page)
            return;
        set_bits(page, off % CK_PAGE, n);
        off += n;
        len -= n;
    }
}

void simt_check_host_write(simt_checker *ck, uint64_t addr, uint64_t len)
{
    if (ck && (ck->checks & (CHECK_INIT | CHECK_API)) && SIMT_ADDR_SPACE(addr) == SPACE_GLOBAL)
        global_mark(ck, SIMT_ADDR_OFFSET(addr), len);
}

/* 1 if [addr, addr+len) of global memory was written (module data always
 * counts: it is marked on first sight). */
static int global_written(simt_checker *ck, simt_vm *vm, uint64_t addr, unsigned len)
{
    uint64_t off = SIMT_ADDR_OFFSET(addr);
    for (uint64_t k = off; k < off + len; k++) {
        uint8_t *page = page_of(ck, &ck->init_pages, k, CK_PAGE / 8);
        if (!page)
            return 1;
        if (page[k % CK_PAGE / 8] >> (k % CK_PAGE & 7) & 1)
            continue;
        simt_alloc *a = simt_mem_find(&vm->mem, addr);
        if (!a || a->freed)
            return 1; /* a memory finding (--check=memory) or a fault, not ours */
        if (a->kind == ALLOC_MODULE || a->kind == ALLOC_STRING) {
            global_mark(ck, SIMT_ADDR_OFFSET(a->base), a->size);
            return 1;
        }
        return 0;
    }
    return 1;
}

void ck_init_access(simt_checker *ck, simt_vm *vm, const simt_warp_access *a)
{
    if (!(a->spaces & (SIMT_SPACE_BIT(SPACE_SHARED) | SIMT_SPACE_BIT(SPACE_GLOBAL))))
        return; /* local and constant memory are not tracked */
    unsigned size = a->size ? a->size : 1;
    for (uint32_t m = a->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint64_t addr = a->addr[l], off = SIMT_ADDR_OFFSET(addr);
        unsigned space = SIMT_ADDR_SPACE(addr);
        int shared = space == SPACE_SHARED && ck->shared_init && off + size <= ck->shared_bytes;
        if (!shared && space != SPACE_GLOBAL)
            continue;
        if (a->kind != ACC_WRITE) {
            int ok = shared ? all_set(ck->shared_init, off, size)
                            : global_written(ck, vm, addr, size);
            if (!ok) {
                const ck_what what = { .kind = FIND_UNINIT, .size = (uint16_t)size,
                                       .space = shared ? SPACE_SHARED : SPACE_GLOBAL };
                ck_add(ck, vm, CHECK_INIT, &what, a->pc, -1, a->tid_base + l, 0, addr, NULL);
            }
        }
        if (a->kind != ACC_READ) {
            if (shared)
                set_bits(ck->shared_init, off, size);
            else
                global_mark(ck, off, size);
        }
    }
}

void ck_mark_writes(simt_checker *ck, const simt_warp_access *a)
{
    if (a->kind == ACC_READ || !(a->spaces & SIMT_SPACE_BIT(SPACE_GLOBAL)))
        return;
    unsigned size = a->size ? a->size : 1;
    for (uint32_t m = a->mask; m; m &= m - 1) {
        uint64_t addr = a->addr[__builtin_ctz(m)];
        if (SIMT_ADDR_SPACE(addr) == SPACE_GLOBAL)
            global_mark(ck, SIMT_ADDR_OFFSET(addr), size);
    }
}

uint64_t ck_unwritten(simt_checker *ck, uint64_t off, uint64_t len, uint64_t *first)
{
    uint64_t count = 0;
    for (uint64_t k = 0; k < len;) {
        const uint8_t *page = page_of(ck, &ck->init_pages, off + k, CK_PAGE / 8);
        if (!page)
            return count; /* out of memory: say nothing */
        uint64_t o = (off + k) % CK_PAGE;
        if (!(o & 7) && len - k >= 8 && page[o / 8] == 0xff) {
            k += 8; /* eight written bytes at once */
            continue;
        }
        if (!(page[o / 8] >> (o & 7) & 1) && count++ == 0)
            *first = k;
        k++;
    }
    return count;
}
