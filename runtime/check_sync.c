/* runtime/check_sync.c -- barrier divergence across the warps of a block
 * (SPEC section 4, sync).
 *
 * A block's __syncthreads opens when every thread waits at a barrier or has
 * exited (vm/collective.c).  CUDA asks for more: every thread of the block
 * passes the same __syncthreads, as often.  So when a barrier opens, the
 * VM tells where each warp stands (simt_check_barrier_warp) and this file
 * looks for warps that wait at another barrier instruction or have left the
 * kernel: `if (threadIdx.x < 64) __syncthreads();` in a 128-thread block,
 * a loop around a barrier that one warp runs once more, a warp that returns
 * before the barrier.  Hardware lets these through (the barrier counts
 * arrivals, not places), compute-sanitizer mostly too.
 *
 * Lanes of one warp that split around a barrier are the warp-level finding
 * of vm/sched.c; here a warp stands where its first waiting lane does.
 */
#include <stdio.h>
#include <string.h>

#include "runtime/check.h"


/* A place where warps stand, and how many. */
typedef struct ck_place {
    int32_t at;              /* ck_bar_warp.place */
    uint32_t nwarps;
    uint32_t first;          /* index in ck->bar_warps of its first warp */
} ck_place;

#define CK_MAX_PLACES 4

/* The lanes of the warp at tid_base that are threads of the block. */
static uint32_t live_lanes(const simt_checker *ck, uint32_t tid_base)
{
    uint32_t w = ck->width ? ck->width : 32;
    uint32_t n = tid_base < ck->nthreads ? ck->nthreads - tid_base : 0;
    if (n > w)
        n = w;
    return n >= 32 ? 0xffffffffu : (1u << n) - 1;
}

void simt_check_barrier_warp(simt_checker *ck, const simt_barrier_warp *bw)
{
    if (!ck || !(ck->checks & CHECK_SYNC))
        return;
    if (ck->nbar_warps == ck->bar_warps_cap) {
        size_t cap = ck->bar_warps_cap ? ck->bar_warps_cap * 2 : 32;
        ck_bar_warp *b = simt_realloc(&ck->al, ck->bar_warps, cap * sizeof *b);
        if (!b) {
            ck->oom = 1;
            return;
        }
        ck->bar_warps = b;
        ck->bar_warps_cap = cap;
    }
    ck_bar_warp *b = &ck->bar_warps[ck->nbar_warps++];
    uint32_t live = live_lanes(ck, bw->tid_base);
    b->warp = bw->warp;
    b->tid_base = bw->tid_base;
    b->lane = 0;
    if (bw->arrived & live) {
        b->lane = (uint32_t)__builtin_ctz(bw->arrived & live);
        b->place = bw->pc[b->lane] - 1;
    } else if (bw->exited & live) {
        b->place = -1;
    } else {
        b->place = INT32_MIN;
    }
}

/* "warps 2-3 (threads 64-127)": the warps of ck->bar_warps standing at `at`. */
static void warp_list(const simt_checker *ck, int32_t at, char *buf, size_t len)
{
    size_t n = 0, count = 0;
    buf[0] = 0;
    char threads[160];
    size_t tn = 0;
    uint32_t w = ck->width ? ck->width : 32;
    threads[0] = 0;
    for (size_t k = 0; k < ck->nbar_warps && n + 24 < len; k++) {
        if (ck->bar_warps[k].place != at)
            continue;
        size_t e = k;
        while (e + 1 < ck->nbar_warps && ck->bar_warps[e + 1].place == at)
            e++;
        uint32_t a = ck->bar_warps[k].warp, b = ck->bar_warps[e].warp;
        uint32_t t0 = ck->bar_warps[k].tid_base, t1 = ck->bar_warps[e].tid_base + w - 1;
        if (t1 >= ck->nthreads)
            t1 = ck->nthreads - 1;
        n += (size_t)snprintf(buf + n, len - n, n ? ",%u" : "%u", a);
        if (b > a)
            n += (size_t)snprintf(buf + n, len - n, "-%u", b);
        if (tn + 24 < sizeof threads)
            tn += (size_t)snprintf(threads + tn, sizeof threads - tn, tn ? ",%u-%u" : "%u-%u",
                                   t0, t1);
        count += e - k + 1;
        k = e;
    }
    char head[300];
    snprintf(head, sizeof head, "%s %s (threads %s)", count == 1 ? "warp" : "warps", buf, threads);
    snprintf(buf, len, "%s", head);
}

static const char *barrier_name(const simt_checker *ck, int32_t pc)
{
    return ck->mod->code[pc].i == BAR_GRID ? "grid sync" : "__syncthreads";
}

/* The distinct places where the warps stand (at most max); returns how many. */
static size_t collect_places(const simt_checker *ck, ck_place *p, size_t max)
{
    size_t np = 0;
    for (size_t k = 0; k < ck->nbar_warps; k++) {
        int32_t at = ck->bar_warps[k].place;
        if (at == INT32_MIN)
            continue;
        size_t j = 0;
        while (j < np && p[j].at != at)
            j++;
        if (j == np) {
            if (np == max)
                continue;
            p[np++] = (ck_place){at, 0, (uint32_t)k};
        }
        p[j].nwarps++;
    }
    return np;
}

/* The place reported: the barrier the fewest warps wait at (the odd one
 * out); on a tie the one of the lowest warp. */
static size_t reference_place(const ck_place *p, size_t np)
{
    size_t best = np;
    for (size_t j = 0; j < np; j++)
        if (p[j].at >= 0 && (best == np || p[j].nwarps < p[best].nwarps))
            best = j;
    return best;
}

static void describe(const simt_checker *ck, const ck_place *p, size_t np,
                     size_t ref, char *detail, size_t len)
{
    const simt_module *m = ck->mod;
    char list[320];
    warp_list(ck, p[ref].at, list, sizeof list);
    size_t n = (size_t)snprintf(detail, len, "%s wait%s at this %s (barrier %u of the block)", list,
                                p[ref].nwarps == 1 ? "s" : "", barrier_name(ck, p[ref].at),
                                ck->b.bar_releases + 1);
    for (size_t j = 0; j < np && n < len; j++) {
        if (j == ref)
            continue;
        warp_list(ck, p[j].at, list, sizeof list);
        simt_rspan at; /* in the header it is in, as the finding's own place */
        simt_module_span(m, p[j].at, &at, NULL);
        if (p[j].at >= 0)
            n += (size_t)snprintf(detail + n, len - n, "; %s wait%s at the %s at %s:%u:%u instead",
                                  list, p[j].nwarps == 1 ? "s" : "", barrier_name(ck, p[j].at),
                                  at.file, at.line, at.col);
        else
            n += (size_t)snprintf(detail + n, len - n, "; %s never reach%s it: %s the kernel "
                                  "before it", list, p[j].nwarps == 1 ? "es" : "",
                                  p[j].nwarps == 1 ? "it left" : "they left");
    }
    if (n < len)
        snprintf(detail + n, len - n, " (every thread of a block must pass the same barriers, "
                 "equally often)");
}

/* The barrier that just opened: every warp must stand at the same one. */
void ck_sync_barrier(simt_checker *ck)
{
    ck_place p[CK_MAX_PLACES];
    size_t np = ck->b.bar_diverged ? 0 : collect_places(ck, p, CK_MAX_PLACES);
    size_t ref = reference_place(p, np);
    if (np > 1 && ref < np) {
        char detail[400];
        describe(ck, p, np, ref, detail, sizeof detail);
        const ck_bar_warp *bw = &ck->bar_warps[p[ref].first];
        const ck_what what = { .kind = FIND_BAR_BLOCK };
        ck_add(ck, NULL, CHECK_SYNC, &what, p[ref].at, -1, bw->tid_base + bw->lane, 0, 0,
               detail);
        ck->b.bar_diverged = 1; /* later barriers of this block only repeat it */
    }
    ck->nbar_warps = 0;
    ck->b.bar_releases++;
}
