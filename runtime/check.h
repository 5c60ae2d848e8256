/* runtime/check.h -- private state of the checkers (runtime/check*.c).
 *
 * check.c owns the checker, the findings (grouping, naming, printing) and the
 * memory and sync classes; check_race.c owns the shadow state of the race and
 * init checkers.  Nothing outside these files includes this header: the VM
 * talks to the checkers through vm/observe.h only.
 */
#ifndef SIMT_CHECK_H
#define SIMT_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "runtime/observers.h"

/* One access remembered by the race shadow.  clock orders every event of a
 * block; an entry whose clock is not after the block's start is stale (from
 * an earlier block) and reads as empty, so shadow memory is never cleared. */
typedef struct ck_acc {
    uint64_t clock;
    int32_t pc;
    uint16_t tid;            /* linear thread index in the block */
    uint8_t kind;            /* enum simt_access_kind */
    uint8_t bytes;           /* which bytes of the word it touched (bit k: byte k) */
    uint8_t strong;          /* an atomic or a volatile access (SIMT_MEM_VOLATILE) */
    uint32_t block;          /* linear block index in the launch */
} ck_acc;

/* The race shadow of one 4-byte word: the last write and the two most
 * recent reads by different threads since it. */
typedef struct ck_word {
    ck_acc w, r1, r2;
} ck_word;

/* Global memory shadow is paged by address: page k covers offsets
 * [k * CK_PAGE, (k + 1) * CK_PAGE) of the global space, created on first
 * touch.  Allocation is a bump pointer, so the page table stays dense. */
#define CK_PAGE 4096u
#define CK_PAGE_WORDS (CK_PAGE / 4u)

typedef struct ck_pages {
    void **page;
    size_t npages;
} ck_pages;
/* Where one warp stands as the block's barrier opens: the barrier
 * instruction its first waiting lane waits at, -1 when every lane has
 * exited, or INT32_MIN when it has no thread. */
typedef struct ck_bar_warp {
    uint32_t warp, tid_base;
    uint32_t lane;           /* its first waiting lane */
    int32_t place;
} ck_bar_warp;

/* --check=api: a host buffer passed to the running kernel, watched until
 * the kernel dereferences it (check_api.c). */
typedef struct ck_api_watch {
    uint64_t base, size;
    int arg;                 /* kernel argument index */
} ck_api_watch;
#define CK_API_ARGS 16

/* What a finding is, beyond where: its kind and what its kind's text names
 * (ck_class_text).  Findings group by it and by place, never by text. */
typedef struct ck_what {
    int kind;                /* enum simt_finding_kind (vm/observe.h) */
    uint8_t space, write;    /* FIND_BAD_ACCESS, FIND_UNINIT: the space, 1 for a write */
    uint16_t size;           /* FIND_BAD_ACCESS, FIND_UNINIT: bytes per lane */
    uint8_t acc[2];          /* FIND_RACE: kinds of the earlier and the later access
                                (enum simt_access_kind) */
    uint8_t side;            /* FIND_API_EXTENT: 0 the destination, 1 the source */
    const char *fn;          /* FIND_API_EXTENT: the copy's function (static storage;
                                one per pc, so no part of the group) */
} ck_what;

/* One group of findings: the same what at the same pair of locations. */
typedef struct ck_finding {
    unsigned check;          /* CHECK_* */
    ck_what what;
    int32_t pc, pc2;         /* where; pc2 the other access of a race, or -1 */
    int kernel;              /* function index of the launch, -1 in host code */
    uint64_t count;
    /* The first instance. */
    uint32_t block[3], block_dim[3];
    uint32_t tid, tid2;
    int other_block;         /* tid2 is a thread of block2, not of block */
    uint32_t block2[3];
    int warning;             /* printed as a warning (division by zero) */
    char object[96];         /* "s[17]", or "" */
    char detail[400];
} ck_finding;

/* What the checkers keep of one block, the running one or one parked
 * while another resident block takes its turn. */
typedef struct ck_block {
    uint32_t block_idx[3];
    uint32_t block_lin;      /* its linear index (truncated to 32 bits) */
    uint64_t block_start;    /* clock when it started: older entries are not its */
    uint64_t last_barrier;   /* clock of its last __syncthreads */
    uint64_t acquired;       /* its latest fence or atomic (an acquire), or 0 */
    int accessed;            /* it accessed global memory since its last kept release */
    ck_word *shared_words;   /* race: shared_bytes / 4 words */
    size_t nshared_words;
    uint64_t *full_sync;     /* per warp: last sync of all its lanes */
    uint64_t *pair_sync;     /* per warp: [a * 32 + b] last sync covering lanes a and b */
    uint32_t nwarps_alloc;
    uint64_t *lock_acq;      /* per thread: latest lock release it acquired */
    uint64_t *lock_rel;      /* per thread: its latest lock operation */
    uint32_t nthreads_alloc;
    uint8_t *shared_init;    /* init: a written bit per byte of shared memory */
    size_t nshared_init;
    uint32_t bar_releases;   /* barriers it has passed */
    int bar_diverged;        /* it has a block-divergence finding */
} ck_block;

/* The releases (fences and atomics) of one block that can order its global
 * accesses before another block's: each the first after an access of the
 * block (a later one orders nothing more), the newest CK_RELEASES of them;
 * `dropped` when older ones were let go.  Entries of an earlier launch
 * (launch <> the checker's launch_start) read as empty. */
#define CK_RELEASES 4
typedef struct ck_releases {
    uint64_t launch;
    uint64_t at[CK_RELEASES];  /* ascending */
    uint8_t n, dropped;
} ck_releases;

struct simt_checker {
    simt_allocator al;       /* the VM's */
    int oom;                 /* an allocation failed: some accesses went unchecked */
    const simt_module *mod;
    unsigned checks;
    ck_finding *found;
    size_t nfound, found_cap;
    size_t last_hit;
    uint64_t dropped;        /* instances past the group limit */

    /* The running launch. */
    int kernel;
    uint32_t grid[3], block_dim[3];
    uint32_t width, nthreads;
    const uint64_t *args;
    int nargs;
    uint64_t shared_bytes;

    /* The running block; the others resident beside it wait in `parked`,
     * by resident slot (the block_slot event: blocks that interleave). */
    ck_block b;
    uint32_t slot;
    ck_block *parked;        /* [nparked]: slot k's block while another runs */
    uint32_t nparked;

    /* Race: one clock orders every event of the launch, of every block. */
    uint64_t clock;
    /* Races between blocks (check_race.c): entries after launch_start are
     * this launch's; one of another block is ordered by its releases. */
    uint64_t launch_start;
    uint64_t grid_sync;      /* the launch's last this_grid().sync(): orders all before it */
    ck_releases *releases;   /* per block of the launch */
    uint32_t nreleases;      /* 0: the launch has too many blocks to follow */
    int other_set;           /* ck_add: the other access is other_block's */
    uint32_t other_block[3];
    uint64_t last_lock_op;

    /* Sync: where the warps stand as the block's barrier opens (check_sync.c). */
    struct ck_bar_warp *bar_warps;
    size_t nbar_warps, bar_warps_cap;

    /* Api (check_api.c). */
    uint64_t *api_host;      /* bases of malloc buffers used as cudaMemcpy's host side */
    size_t napi_host, api_host_cap;
    int32_t api_failed_pc;   /* a failed launch nobody checked yet, or -1 */
    uint32_t api_failed_kernel;
    char api_failed_why[128];
    uint64_t api_failed_args[CK_API_ARGS]; /* the allocations its arguments point into */
    size_t napi_failed_args;
    int last_kernel;         /* the last launch that ran, or -1 */
    uint64_t last_threads;
    ck_api_watch api_watch[CK_API_ARGS];
    size_t napi_watch;
    int32_t api_launch_pc;

    /* Global memory: race shadow words and written bits, by page. */
    ck_pages race_pages;     /* ck_word[CK_PAGE_WORDS] each */
    ck_pages init_pages;     /* uint8_t[CK_PAGE / 8] each */
};

/* check.c: records one finding instance (grouped); returns its group, new or
 * not (NULL when it was dropped). */
ck_finding *ck_add(simt_checker *ck, simt_vm *vm, unsigned check, const ck_what *what,
                   int32_t pc, int32_t pc2, uint32_t tid, uint32_t tid2, uint64_t addr,
                   const char *detail);
/* check.c: a finding's text, from its kind and data (the one place). */
void ck_class_text(const ck_what *what, char *buf, size_t len);
/* check.c: names the object at addr ("s[17]", "c[1000]", "global 0x..."). */
void ck_object_name(simt_checker *ck, simt_vm *vm, uint64_t addr, unsigned size, char *buf,
                    size_t len);

/* check_sync.c: the warps' arrivals at the barrier that just opened. */
void ck_sync_barrier(simt_checker *ck);

/* check_api.c */
void ck_api_launch(simt_checker *ck, simt_vm *vm, const simt_launch_info *li);
void ck_api_access(simt_checker *ck, simt_vm *vm, const simt_warp_access *a);

/* check_race.c */
void ck_pages_free(const simt_allocator *al, ck_pages *p);
int ck_race_launch(simt_checker *ck);
void ck_race_block(simt_checker *ck);
/* The running block's shadow arrays sized for the launch (-1: out of memory). */
int ck_block_fit(simt_checker *ck);
void ck_block_free(const simt_allocator *al, ck_block *b);
void ck_race_access(simt_checker *ck, simt_vm *vm, const simt_warp_access *a);
void ck_init_access(simt_checker *ck, simt_vm *vm, const simt_warp_access *a);
/* The written bits without the init finding (for api). */
void ck_mark_writes(simt_checker *ck, const simt_warp_access *a);
/* How many bytes of [off, off+len) of the global space were never written;
 * *first: the offset (from off) of the first. */
uint64_t ck_unwritten(simt_checker *ck, uint64_t off, uint64_t len, uint64_t *first);

#endif
