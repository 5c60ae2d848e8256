/* tests/api/count_alloc.c -- the counting allocator of count_alloc.h. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "count_alloc.h"

#ifdef __GLIBC__
#include <execinfo.h>
#endif

/* A hash of the return addresses above the allocator (frame 0 is this
 * file's, frame 1 the library's wrapper): which code asked. */
__attribute__((noinline)) static uint64_t stack_hash(int depth)
{
    uint64_t h = 14695981039346656037u;
#ifdef __GLIBC__
    void *frames[34];
    if (depth > 32)
        depth = 32;
    int n = backtrace(frames, depth + 2);
    for (int i = 2; i < n; i++) {
        h ^= (uint64_t)(uintptr_t)frames[i];
        h *= 1099511628211u;
    }
#else
    (void)depth;
#endif
    return h;
}

static void unlink_block(test_alloc *ta, block_head *h)
{
    if (h->prev)
        h->prev->next = h->next;
    else
        ta->live = h->next;
    if (h->next)
        h->next->prev = h->prev;
}

static void link_block(test_alloc *ta, block_head *h)
{
    h->prev = NULL;
    h->next = ta->live;
    if (h->next)
        h->next->prev = h;
    ta->live = h;
}

void *test_alloc_fn(void *ud, void *ptr, size_t size)
{
    test_alloc *ta = ud;
    block_head *h = ptr ? (block_head *)ptr - 1 : NULL;
    if (size == 0) {
        /* the contract: size 0 frees a real block.  (Not ck_assert: each
         * passing one sends the parent a message, millions in a sweep.) */
        if (!ptr)
            ck_abort_msg("the allocator was asked to free NULL");
        unlink_block(ta, h);
        ta->live_blocks--;
        ta->live_bytes -= h->size;
        ta->frees++;
        free(h);
        return NULL;
    }
    if (ta->site && ta->calls < ta->site_cap)
        ta->site[ta->calls] = stack_hash(ta->site_depth);
    if (++ta->calls == ta->fail_at) {
        ta->failed = 1;
#ifdef __GLIBC__
        if (getenv("SIMTVM_OOM_BACKTRACE")) { /* which code's allocation fails */
            void *frames[16];
            backtrace_symbols_fd(frames, backtrace(frames, 16), 2);
        }
#endif
        return NULL;
    }
    size_t old = h ? h->size : 0;
    if (h)
        unlink_block(ta, h);
    block_head *n = realloc(h, sizeof *n + size);
    if (!n)
        ck_abort_msg("the test's own realloc of %zu bytes failed", size);
    n->size = size;
    n->call = ta->calls;
    link_block(ta, n);
    if (!h)
        ta->live_blocks++;
    ta->live_bytes += size - old;
    return n + 1;
}

void config_with(simtvm_config *cfg, test_alloc *ta)
{
    simtvm_config_init(cfg);
    cfg->alloc = test_alloc_fn;
    cfg->alloc_ud = ta;
}

void test_alloc_release(test_alloc *ta)
{
    while (ta->live) {
        block_head *h = ta->live;
        unlink_block(ta, h);
        free(h);
    }
    ta->live_blocks = 0;
    ta->live_bytes = 0;
}
