/* tests/api/count_alloc.h -- a counting allocator for config.alloc that can
 * fail one chosen call: the allocator tests (test_api_alloc.c) and the
 * allocation-failure sweep (test_api_oom.c) share it. */
#ifndef SIMTVM_COUNT_ALLOC_H
#define SIMTVM_COUNT_ALLOC_H

#include <stddef.h>
#include <stdint.h>

#include "simtvm.h"

typedef struct block_head block_head;

typedef struct test_alloc {
    long calls;                 /* allocations and growths asked for so far */
    block_head *live;           /* every live block, to name a leaked one */
    long fail_at;               /* the call that fails (0: none) */
    int failed;                 /* fail_at was reached */
    long live_blocks;
    size_t live_bytes;
    long frees;
    /* When set, site[k] receives, for allocation k+1 (k < site_cap), a hash of
     * its call stack: the library's frames that asked for it, up to
     * site_depth of them (glibc's backtrace; zeros elsewhere). */
    uint64_t *site;
    long site_cap;
    int site_depth;
} test_alloc;

/* Each block carries its size and the call that made it, and is listed, so
 * that the test counts live bytes and names a leak by its call number. */
struct block_head {
    _Alignas(max_align_t) size_t size;
    long call;
    block_head *prev, *next;
};

/* The simtvm_alloc_fn; ud is a test_alloc.  With SIMTVM_OOM_BACKTRACE set in
 * the environment, the failing call prints its stack on stderr. */
void *test_alloc_fn(void *ud, void *ptr, size_t size);

/* simtvm_config_init, then ta as the allocator. */
void config_with(simtvm_config *cfg, test_alloc *ta);

/* Frees every block still live (after a leak was reported), so that a sweep
 * can go on to the next N. */
void test_alloc_release(test_alloc *ta);

#endif
