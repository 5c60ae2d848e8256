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
 * Between blocks (global memory only): an entry records its block.  Blocks
 * run one after another until one waits for another; then the co-resident
 * blocks interleave and the checker swaps each block's state in and out by
 * resident slot (simt_check_slot, check.c).  Another block's access is
 * ordered before the current one when both are atomics, when a grid barrier
 * came between them (grid_sync), or when its block released after it (a
 * __threadfence or an atomic: the fence before a flag, a lock's release; the
 * first release after each access is kept, ck_releases) and the running
 * block acquired after that release, before the current access (the fence
 * after reading the flag, the atomic that elects the last block).  A load
 * or store through a volatile lvalue is strong, as an atomic: a flag one
 * block polls and another sets, both strong, does not race.  Otherwise the
 * program depends on the order of blocks, which CUDA leaves open: a hazard
 * naming both blocks.  Kernel boundaries order everything.
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

/* Blocks of one launch whose releases are followed; a larger launch is
 * checked within blocks only. */
#define CK_MAX_BLOCKS (1u << 22)

static int race_launch_blocks(simt_checker *ck)
{
    uint64_t n = (uint64_t)ck->grid[0] * ck->grid[1] * ck->grid[2];
    ck->launch_start = ++ck->clock;
    if (n > CK_MAX_BLOCKS)
        n = 0;
    if (n > ck->nreleases || !ck->releases) {
        /* calloc'd and never cleared (an entry of an earlier launch reads
         * as empty): pages of blocks that never release stay untouched */
        simt_free(&ck->al, ck->releases);
        ck->releases = n ? simt_calloc(&ck->al, (size_t)n, sizeof *ck->releases) : NULL;
    }
    ck->nreleases = ck->releases ? (uint32_t)n : 0;
    return n && !ck->releases ? -1 : 0;
}

/* The running block's releases, or NULL when blocks are not followed. */
static ck_releases *own_releases(simt_checker *ck)
{
    if (ck->b.block_lin >= ck->nreleases)
        return NULL;
    ck_releases *r = &ck->releases[ck->b.block_lin];
    if (r->launch != ck->launch_start)
        *r = (ck_releases){ .launch = ck->launch_start };
    return r;
}

void ck_race_block(simt_checker *ck)
{
    const uint32_t *b = ck->b.block_idx;
    uint64_t lin = b[0] + (uint64_t)ck->grid[0] * (b[1] + (uint64_t)ck->grid[1] * b[2]);
    ck->b.block_lin = (uint32_t)lin; /* followed between blocks below nreleases */
    ck->b.acquired = 0;
    ck->b.accessed = 0;
}

/* A fence or an atomic of the running block at clock now: an acquire of
 * what other blocks released before it (for the accesses after it), and a
 * release of its accesses since its last kept release. */
static void release_acquire(simt_checker *ck, uint64_t now)
{
    ck->b.acquired = now;
    ck_releases *r = own_releases(ck);
    if (!r || !ck->b.accessed)
        return;
    ck->b.accessed = 0;
    if (r->n == CK_RELEASES) {
        memmove(r->at, r->at + 1, (CK_RELEASES - 1) * sizeof r->at[0]);
        r->n--;
        r->dropped = 1;
    }
    r->at[r->n++] = now;
}

void simt_check_grid_barrier(simt_checker *ck)
{
    if (ck)
        ck->grid_sync = ++ck->clock;
}

void simt_check_fence(simt_checker *ck)
{
    if (!ck || !(ck->checks & CHECK_RACE))
        return;
    release_acquire(ck, ++ck->clock);
}

/* *p as need zeroed elements of unit bytes, allocated again unless it has
 * exactly that many already (*have). */
static int fit(simt_checker *ck, void **p, size_t *have, size_t need, size_t unit)
{
    if (*have == need && (*p || !need))
        return 0;
    simt_free(&ck->al, *p);
    *p = need ? simt_calloc(&ck->al, need, unit) : NULL;
    *have = *p ? need : 0;
    return need && !*p ? -1 : 0;
}

/* Two per-warp or per-thread clock arrays of n entries each (each of
 * `per` clocks), allocated again only to grow: stale clocks are older than
 * the block's start and order nothing. */
static int grow_pair(simt_checker *ck, uint64_t **a, uint64_t **b, uint32_t *alloc, uint32_t n,
                     size_t per)
{
    if (n <= *alloc)
        return 0;
    simt_free(&ck->al, *a);
    simt_free(&ck->al, *b);
    *a = simt_calloc(&ck->al, n, sizeof(uint64_t));
    *b = simt_calloc(&ck->al, (size_t)n * per, sizeof(uint64_t));
    int bad = !*a || !*b;
    *alloc = bad ? 0 : n;
    return bad ? -1 : 0;
}

int ck_race_launch(simt_checker *ck)
{
    return ck->checks & CHECK_RACE ? race_launch_blocks(ck) : 0;
}

int ck_block_fit(simt_checker *ck)
{
    uint32_t width = ck->width ? ck->width : 32;
    uint32_t nwarps = (ck->nthreads + width - 1) / width;
    ck_block *b = &ck->b;
    int bad = 0;
    if (ck->checks & CHECK_RACE) {
        bad |= fit(ck, (void **)&b->shared_words, &b->nshared_words,
                   (size_t)((ck->shared_bytes + 3) / 4), sizeof(ck_word));
        bad |= grow_pair(ck, &b->full_sync, &b->pair_sync, &b->nwarps_alloc, nwarps, 32 * 32);
        bad |= grow_pair(ck, &b->lock_acq, &b->lock_rel, &b->nthreads_alloc, ck->nthreads, 1);
    }
    if (ck->checks & CHECK_INIT)
        bad |= fit(ck, (void **)&b->shared_init, &b->nshared_init,
                   (size_t)((ck->shared_bytes + 7) / 8), 1);
    return bad ? -1 : 0;
}

void ck_block_free(const simt_allocator *al, ck_block *b)
{
    simt_free(al, b->shared_words);
    simt_free(al, b->shared_init);
    simt_free(al, b->full_sync);
    simt_free(al, b->pair_sync);
    simt_free(al, b->lock_acq);
    simt_free(al, b->lock_rel);
    memset(b, 0, sizeof *b);
}

/* ---- race ---- */

/* An access of the running block (since it started). */
static int valid(const simt_checker *ck, const ck_acc *p)
{
    return p->clock > ck->b.block_start && p->block == ck->b.block_lin;
}

/* Whether block `blk` released after its access at clock `at` and the
 * running block acquired after that release (before now): the fence
 * before a flag and the fence after reading it.  An order older than the
 * releases kept is taken as given (the checker never invents a race). */
static int released_to_me(const simt_checker *ck, uint32_t blk, uint64_t at)
{
    const ck_releases *r = &ck->releases[blk];
    if (r->launch != ck->launch_start || !ck->b.acquired)
        return 0;
    for (unsigned k = 0; k < r->n; k++)
        if (r->at[k] > at)
            return r->at[k] < ck->b.acquired || (k == 0 && r->dropped);
    return 0;
}

/* An access of another block of this launch, running before or beside the
 * current one, that the current access (not both atomic) is not ordered
 * after. */
static int other_block_unordered(const simt_checker *ck, const ck_acc *p, uint64_t addr)
{
    if (SIMT_ADDR_SPACE(addr) != SPACE_GLOBAL || p->clock <= ck->launch_start ||
        ck->b.block_lin >= ck->nreleases || p->block == ck->b.block_lin ||
        p->block >= ck->nreleases)
        return 0;
    return !released_to_me(ck, p->block, p->clock);
}

static int ordered(const simt_checker *ck, const ck_acc *p, uint32_t tid, uint64_t now)
{
    if (p->clock < ck->b.last_barrier)
        return 1;
    if (p->tid < ck->b.nthreads_alloc && tid < ck->b.nthreads_alloc &&
        ck->b.lock_rel[p->tid] > p->clock && ck->b.lock_acq[tid] > p->clock)
        return 1;
    uint32_t W = ck->width;
    uint32_t pw = p->tid / W;
    if (pw != tid / W || pw >= ck->b.nwarps_alloc)
        return 0;
    if (p->clock == now)
        return 1; /* lanes of one instruction */
    uint64_t s = ck->b.full_sync[pw];
    uint64_t pair = ck->b.pair_sync[(size_t)pw * 1024 + (p->tid % W) * 32 + tid % W];
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
    if (p->clock < ck->grid_sync)
        return 0; /* a grid barrier since */
    if (p->strong && cur->strong && p->block != cur->block &&
        (p->kind == ACC_READ || cur->kind == ACC_READ))
        return 0; /* a flag one block polls and another sets, both volatile or atomic */
    if (other_block_unordered(ck, p, addr)) {
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
        if (tid >= ck->b.nthreads_alloc)
            continue;
        if (ck->last_lock_op > ck->b.lock_acq[tid])
            ck->b.lock_acq[tid] = ck->last_lock_op;
        ck->b.lock_rel[tid] = now;
    }
    ck->last_lock_op = now;
}

static ck_word *shadow_word(simt_checker *ck, uint64_t addr)
{
    uint64_t off = SIMT_ADDR_OFFSET(addr);
    switch (SIMT_ADDR_SPACE(addr)) {
    case SPACE_SHARED:
        return off / 4 < ck->b.nshared_words ? &ck->b.shared_words[off / 4] : NULL;
    case SPACE_GLOBAL: {
        ck_word *page = page_of(ck, &ck->race_pages, off, CK_PAGE_WORDS * sizeof(ck_word));
        return page ? &page[off % CK_PAGE / 4] : NULL;
    }
    default:
        return NULL; /* local memory is private, constant memory read-only */
    }
}

/* Checks and records every lane of a against the shadow words. */
static void race_lanes(simt_checker *ck, simt_vm *vm, const simt_warp_access *a, ck_acc *cur)
{
    /* only shared and global memory have shadow words: the memory unit's
     * spaces (vm/memunit.c) rule out the rest without the lanes */
    if (!(a->spaces & (SIMT_SPACE_BIT(SPACE_SHARED) | SIMT_SPACE_BIT(SPACE_GLOBAL))))
        return;
    unsigned size = a->size ? a->size : 1;
    for (uint32_t m = a->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint64_t addr = a->addr[l];
        cur->tid = (uint16_t)(a->tid_base + l);
        for (uint64_t w = addr & ~UINT64_C(3); w < addr + size; w += 4) {
            ck_word *sw = shadow_word(ck, w);
            if (!sw)
                break;
            uint64_t lo = addr > w ? addr - w : 0, hi = addr + size < w + 4 ? addr + size - w : 4;
            cur->bytes = (uint8_t)((1u << hi) - (1u << lo));
            race_word(ck, vm, sw, cur, addr, size);
        }
    }
}

/* Whether a is strong: an atomic, or a load or store through a volatile
 * lvalue (vm/opcodes.h SIMT_MEM_VOLATILE). */
static int strong(const simt_vm *vm, const simt_warp_access *a)
{
    if (a->kind == ACC_ATOMIC)
        return 1;
    return a->pc >= 0 && (uint32_t)a->pc < vm->mod->ncode &&
           simt_insn_volatile(&vm->mod->code[a->pc]);
}

void ck_race_access(simt_checker *ck, simt_vm *vm, const simt_warp_access *a)
{
    uint64_t now = ++ck->clock;
    if (a->kind == ACC_ATOMIC)
        lock_op(ck, vm, a, now);
    ck_acc cur = { .clock = now, .pc = a->pc, .kind = a->kind, .block = ck->b.block_lin,
                   .strong = (uint8_t)strong(vm, a) };
    race_lanes(ck, vm, a, &cur);
    if (a->spaces & SIMT_SPACE_BIT(SPACE_GLOBAL))
        ck->b.accessed = 1;
    if (a->kind == ACC_ATOMIC) /* a release of its block's accesses and an acquire */
        release_acquire(ck, now);
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
        int shared = space == SPACE_SHARED && ck->b.shared_init && off + size <= ck->shared_bytes;
        if (!shared && space != SPACE_GLOBAL)
            continue;
        if (a->kind != ACC_WRITE) {
            int ok = shared ? all_set(ck->b.shared_init, off, size)
                            : global_written(ck, vm, addr, size);
            if (!ok) {
                const ck_what what = { .kind = FIND_UNINIT, .size = (uint16_t)size,
                                       .space = shared ? SPACE_SHARED : SPACE_GLOBAL };
                ck_add(ck, vm, CHECK_INIT, &what, a->pc, -1, a->tid_base + l, 0, addr, NULL);
            }
        }
        if (a->kind != ACC_READ) {
            if (shared)
                set_bits(ck->b.shared_init, off, size);
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
