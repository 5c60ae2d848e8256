/* vm/sched.c -- convergence barriers, and what the warp policies share:
 * the deterministic choice of the next group (simt_pick_pending), forward
 * progress from state (simt_spin_release), lane exit.  The policies
 * themselves live in vm/sched_its.c, vm/sched_lockstep.c and
 * vm/sched_random.c (vm/policy.h).
 *
 * The model is described in vm/exec.h.  Invariant: lanes with the same top
 * convergence barrier have identical barrier stacks (a barrier is created for
 * one group, and lanes only pop it together or after being released), so the
 * key (pc, fp, top barrier) identifies a group.
 */
#include <string.h>

#include "vm/exec.h"
#include "vm/observe.h"

void simt_pending_push(simt_warp *w, unsigned lane, int front)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < w->npending; k++)
        if (w->pending[k] != lane)
            w->pending[n++] = w->pending[k];
    if (front) {
        memmove(w->pending + 1, w->pending, n * sizeof w->pending[0]);
        w->pending[0] = lane;
    } else {
        w->pending[n] = lane;
    }
    w->npending = n + 1;
}

uint32_t simt_group_of(const simt_warp *w, unsigned lead)
{
    int32_t pc = w->pc[lead];
    uint32_t fp = w->fp[lead], g;
    uint32_t nested = w->nested >> lead & 1 ? w->nested : ~w->nested;
    uint32_t cand = w->in_state[LANE_READY] & nested;
    g = simt_lanes_equal((const uint32_t *)w->pc, (uint32_t)pc, w->width) &
        simt_lanes_equal(w->fp, fp, w->width) & cand;
    if (!(w->nested >> lead & 1))
        return g; /* no barrier: the top of every candidate is BARRIER_NONE */
    unsigned top = simt_top(w, lead);
    for (uint32_t m = g; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (simt_top(w, l) != top)
            g &= ~(1u << l);
    }
    return g;
}

/* splitmix64: one stream per warp, seeded from --seed, the block and the warp,
 * so a schedule never depends on host threads or on other warps. */
uint64_t simt_rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The lanes become one cohort of their own (exec.h simt_warp.cohort). */
void simt_cohort_assign(simt_warp *w, uint32_t lanes)
{
    uint32_t c = ++w->next_cohort;
    for (uint32_t m = lanes; m; m &= m - 1)
        w->cohort[__builtin_ctz(m)] = c;
}

/* The group to run next under its and lockstep (vm/sched_its.c,
 * vm/sched_lockstep.c): the warp's hint where it holds, else the group split
 * off most recently that is still ready (the pending stack), else the group
 * of the lowest ready lane.  0 when no lane of w is ready. */
int simt_pick_pending(simt_warp *w, uint32_t *mask)
{
    uint32_t hint = w->hint;
    w->hint = 0;
    if (hint && !w->npending && hint == w->in_state[LANE_READY]) {
        *mask = hint;
        return 1;
    }
    while (w->npending) {
        unsigned lead = w->pending[--w->npending];
        if (w->in_state[LANE_READY] >> lead & 1) {
            *mask = simt_group_of(w, lead);
            return 1;
        }
    }
    if (!w->in_state[LANE_READY])
        return 0;
    *mask = simt_group_of(w, (unsigned)__builtin_ctz(w->in_state[LANE_READY]));
    return 1;
}

static int cstack_grow(simt_exec *ex, simt_warp *w)
{
    uint32_t cap = w->cstack_cap ? w->cstack_cap * 2 : 8;
    if (cap > 4096) {
        simt_vm_faultf(ex->vm, "divergent control flow nested too deeply (over 4096 levels; "
                       "runaway recursion?)");
        return -1;
    }
    uint16_t *s = simt_realloc(&ex->vm->cfg.alloc, w->cstack, (size_t)cap * w->width * sizeof *s);
    if (!s) {
        simt_vm_oom(ex->vm, "convergence stacks");
        return -1;
    }
    w->cstack = s;
    w->cstack_cap = cap;
    return 0;
}

static int cbar_alloc(simt_exec *ex, simt_warp *w)
{
    if (w->cbar_free != BARRIER_NONE) {
        unsigned id = w->cbar_free;
        w->cbar_free = w->cbars[id].next_free;
        return (int)id;
    }
    if (w->ncbars == w->cbar_cap) {
        uint32_t cap = w->cbar_cap ? w->cbar_cap * 2 : 16;
        if (cap >= BARRIER_NONE) {
            simt_vm_faultf(ex->vm, "too many live divergent branches in one warp");
            return -1;
        }
        simt_cbar *b = simt_realloc(&ex->vm->cfg.alloc, w->cbars, cap * sizeof *b);
        if (!b) {
            simt_vm_oom(ex->vm, "convergence barriers");
            return -1;
        }
        w->cbars = b;
        w->cbar_cap = cap;
    }
    return (int)w->ncbars++;
}

static void cbar_release_ref(simt_warp *w, unsigned id, uint32_t n)
{
    simt_cbar *b = &w->cbars[id];
    b->refs -= n;
    if (b->refs == 0) {
        b->next_free = w->cbar_free;
        w->cbar_free = (uint16_t)id;
    }
}

int simt_cbar_push_split(simt_exec *ex, simt_warp *w, uint32_t mask, int32_t rpc, uint32_t fp)
{
    unsigned lead = (unsigned)__builtin_ctz(mask);
    unsigned top = simt_top(w, lead);
    if (top != BARRIER_NONE && w->cbars[top].rpc == rpc && w->cbars[top].fp == fp)
        return 0; /* a loop diverging again: its exit barrier already waits */
    int id = cbar_alloc(ex, w);
    if (id < 0)
        return -1;
    simt_cbar *b = &w->cbars[id];
    b->rpc = rpc;
    b->fp = fp;
    b->expected = mask;
    b->arrived = 0;
    b->refs = (uint32_t)simt_popcount(mask);
    b->spin_mark = w->spin;
    b->next_free = BARRIER_NONE;
    w->nested |= mask;
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (w->depth[l] == w->cstack_cap && cstack_grow(ex, w) != 0)
            return -1;
        w->cstack[(size_t)w->depth[l]++ * w->width + l] = (uint16_t)id;
    }
    return 0;
}

/* Releases the lanes waiting at barrier id: they pop it and become ready.
 * The barrier keeps waiting for the expected lanes that did not arrive. */
static uint32_t cbar_release(simt_warp *w, unsigned id)
{
    simt_cbar *b = &w->cbars[id];
    uint32_t lanes = b->arrived;
    b->expected &= ~lanes;
    b->arrived = 0;
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (--w->depth[l] == 0)
            w->nested &= ~(1u << l);
    }
    simt_set_state(w, lanes, LANE_READY);
    cbar_release_ref(w, id, (uint32_t)simt_popcount(lanes));
    simt_cohort_new(w, lanes);
    return lanes;
}

static int cbar_complete(const simt_warp *w, const simt_cbar *b)
{
    return b->arrived && (b->expected & ~b->arrived & ~w->exited) == 0;
}

/* The group `mask` arrives at the JOIN of its top barrier (the caller checked
 * that this JOIN is the barrier's).  Returns the lanes released, or 0. */
uint32_t simt_cbar_arrive(simt_warp *w, uint32_t mask)
{
    unsigned id = simt_top(w, (unsigned)__builtin_ctz(mask));
    simt_cbar *b = &w->cbars[id];
    if (!b->arrived)
        b->spin_mark = w->spin;
    b->arrived |= mask;
    simt_set_state(w, mask, LANE_JOIN);
    if (!cbar_complete(w, b))
        return 0;
    return cbar_release(w, id);
}

/* Whether warp w, whose running group stands at the back edge pc, is in the
 * state it was at its last check and stored nothing since: then it can
 * only repeat itself until something outside the warp writes memory. */
int simt_warp_spinning(simt_warp *w, int32_t pc)
{
    uint64_t h = simt_warp_print((uint64_t)(uint32_t)pc * 0x9e3779b97f4a7c15ull, w, 0);
    int same = h == w->print && w->stores == w->print_stores;
    w->print = h;
    w->print_stores = w->stores;
    return same;
}

/* Lanes released from their convergence barriers go on as groups of their
 * own, after the group that released them. */
static void push_released(simt_warp *w, uint32_t released)
{
    for (uint32_t m = released; m; m &= m - 1)
        simt_pending_push(w, (unsigned)__builtin_ctz(m), 0);
}

/* Lanes that waited at a convergence barrier while the rest of the warp
 * provably spins in a loop go on alone (forward progress under ITS; the
 * rule is in exec.h at SIMT_SPIN_RELEASE).  Called every 64 back edges. */
uint32_t simt_spin_release(simt_warp *w, int32_t pc)
{
    uint32_t released = 0;
    int due = 0, spinning = 0;
    for (uint32_t id = 0; id < w->ncbars; id++) {
        simt_cbar *b = &w->cbars[id];
        if (b->refs && b->arrived && w->spin - b->spin_mark > SIMT_SPIN_RELEASE)
            due = 1;
    }
    if (!due)
        return 0;
    if ((w->spin & (SIMT_SPIN_CHECK - 1)) == 0)
        spinning = simt_warp_spinning(w, pc);
    for (uint32_t id = 0; id < w->ncbars; id++) {
        simt_cbar *b = &w->cbars[id];
        uint32_t waited = w->spin - b->spin_mark;
        if (b->refs && b->arrived && waited > SIMT_SPIN_RELEASE &&
            (spinning || waited > SIMT_SPIN_RELEASE_MAX))
            released |= cbar_release(w, id);
    }
    push_released(w, released);
    return released;
}

int simt_poll_pass(simt_exec *ex, simt_warp *w, uint32_t mask, int32_t pc)
{
    uint64_t seed = ((uint64_t)(uint32_t)pc << 32 | mask) * 0x9e3779b97f4a7c15ull;
    uint64_t h = simt_warp_print(seed, w, 0);
    int repeat = 0;
    if (pc == w->poll_pc && h == w->poll_print && w->stores == w->poll_stores)
        repeat = ex->groups == w->poll_groups ? 2 : 1;
    w->poll_pc = pc;
    w->poll_print = h;
    w->poll_stores = w->stores;
    /* a repeat ends the group's turn (vm/interp.c): where the warp's next
     * group is the next to start, no other ran between */
    w->poll_groups = ex->groups + (repeat != 0);
    SIMT_NOTIFY(ex->vm, spin_pass, w->index, repeat);
    if (repeat) {
        /* the group provably spins: lanes of its warp that wait to
         * reconverge go on now (forward progress from state, exec.h), as
         * they would after SIMT_SPIN_RELEASE of its back edges */
        uint32_t released = 0;
        for (uint32_t id = 0; id < w->ncbars; id++)
            if (w->cbars[id].refs && w->cbars[id].arrived)
                released |= cbar_release(w, id);
        push_released(w, released);
    }
    return repeat;
}

void simt_lanes_exit(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask)
{
    w->exited |= mask;
    simt_set_state(w, mask, LANE_EXITED);
    for (uint32_t m = mask & w->nested; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        while (w->depth[l]) {
            unsigned id = w->cstack[(size_t)--w->depth[l] * w->width + l];
            w->cbars[id].expected &= ~(1u << l);
            cbar_release_ref(w, id, 1);
        }
    }
    w->nested &= ~mask;
    /* Barriers that were only waiting for these lanes can open now. */
    for (uint32_t id = 0; id < w->ncbars; id++) {
        simt_cbar *b = &w->cbars[id];
        if (b->refs && cbar_complete(w, b)) {
            uint32_t lanes = cbar_release(w, id);
            simt_pending_push(w, (unsigned)__builtin_ctz(lanes), 0);
        }
    }
    blk->bar_exited += (uint32_t)simt_popcount(mask);
    simt_block_barrier_check(ex, blk);
}

void simt_lane_list(char *buf, size_t len, uint32_t lanes)
{
    size_t n = 0;
    buf[0] = 0;
    for (unsigned l = 0; l < 32 && n + 8 < len; l++) {
        if (!(lanes >> l & 1))
            continue;
        unsigned e = l;
        while (e + 1 < 32 && (lanes >> (e + 1) & 1))
            e++;
        n += (size_t)snprintf(buf + n, len - n, n ? ",%u" : "%u", l);
        if (e > l)
            n += (size_t)snprintf(buf + n, len - n, "-%u", e);
        l = e;
    }
}

/* synccheck's barrier divergence: lanes of one warp wait at __syncthreads while
 * others of the same warp took a path around it. */
static void report_barrier_divergence(simt_exec *ex, simt_block *blk, simt_warp *w,
                                      uint32_t at_barrier, uint32_t skipped)
{
    if (!(ex->vm->obs.flags & OBS_SYNC))
        return;
    unsigned lane = (unsigned)__builtin_ctz(at_barrier);
    char waiting[128], around[128], detail[400];
    simt_lane_list(waiting, sizeof waiting, at_barrier);
    simt_lane_list(around, sizeof around, skipped);
    snprintf(detail, sizeof detail, "lanes %s of warp %u wait at this __syncthreads; lanes %s of the "
             "same warp took a path that skips it", waiting, w->index, around);
    simt_finding f = { .kind = FIND_BAR_DIVERGENT, .check = CHECK_SYNC,
                       .detail = detail, .pc = w->pc[lane] - 1, .block = blk->idx,
                       .tid = w->tid_base + lane, .lane = lane, .warp = w->index,
                       .lanes = at_barrier };
    simt_observe_finding(ex->vm, &f);
}

/* Called when no lane of the warp is ready.  Returns 1 if it made some lanes
 * ready, 0 if the warp only waits for __syncthreads (or is done), -1 on a
 * fault (set in vm->fault). */
int simt_warp_unstick(simt_exec *ex, simt_block *blk, simt_warp *w, int *fault)
{
    *fault = 0;
    /* Only a collective or a convergence barrier can be released here; lanes
     * at __syncthreads just wait. */
    if (!w->in_state[LANE_COLL] && !w->ncbars)
        return 0;
    int r = simt_collective_retry(ex, blk, w);
    if (r != 0) {
        *fault = r < 0;
        return r;
    }
    uint32_t at_bar = w->in_state[LANE_BAR];
    /* Lanes waiting to reconverge with lanes that wait at __syncthreads: the
     * barrier needs them first, so they go on (hardware does the same). */
    for (uint32_t id = 0; id < w->ncbars; id++) {
        simt_cbar *b = &w->cbars[id];
        if (!b->refs || !b->arrived)
            continue;
        uint32_t missing = b->expected & ~b->arrived & ~w->exited;
        if (missing && (missing & ~at_bar) == 0) {
            report_barrier_divergence(ex, blk, w, missing, b->arrived);
            uint32_t lanes = cbar_release(w, id);
            simt_pending_push(w, (unsigned)__builtin_ctz(lanes), 0);
            return 1;
        }
    }
    /* Anything else waiting at a convergence barrier: release the innermost. */
    for (uint32_t id = w->ncbars; id-- > 0;) {
        simt_cbar *b = &w->cbars[id];
        if (b->refs && b->arrived) {
            uint32_t lanes = cbar_release(w, id);
            simt_pending_push(w, (unsigned)__builtin_ctz(lanes), 0);
            return 1;
        }
    }
    return 0;
}
