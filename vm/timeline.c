/* vm/timeline.c -- the one modelled timeline the host and the streams share
 * (SPEC 2.8, 5.3).
 *
 * Every kernel and copy still runs to completion when it is issued; what
 * this file models is *when* a GPU would have run it, so that every clock a
 * program reads tells the same story as on a GPU:
 *
 *   - the host's time is its instructions (HOST_NS_PER_STEP each: vm->host_steps)
 *     plus the time it spent waiting for the device (vm->host_wait_ms);
 *   - work issued on a stream starts at the later of the host's time when
 *     it is issued and the stream's readiness (its previous work, the legacy
 *     default stream's implicit ordering, cudaStreamWaitEvent), and ends its
 *     modelled duration later (stream->done_ms);
 *   - cudaEventRecord stamps an event with the same start rule, so events
 *     around host-only work measure the host, events around kernels the
 *     kernels;
 *   - a synchronising call moves the host's time up to the completion of
 *     what it waits for;
 *   - a copy between host and device also waits for its copy engine: one
 *     engine each way, so copies in opposite directions overlap and copies
 *     in one direction run one after another, in issue order;
 *   - kernels share the SMs: a kernel is placed after the kernels issued
 *     before it and runs at the rate the SMs they leave free allow (the
 *     block scheduler gives the earlier kernel's blocks the SMs first), so
 *     two kernels that each fill the GPU take as long together as one
 *     after the other, and two of a few blocks each overlap fully;
 *   - they share what the SMs do too: a kernel needs the share of the
 *     GPU's issue slots and memory pipelines the SMs its blocks spread
 *     over give, as busy as the timing model found it alone, and of the
 *     DRAM what it kept busy (SIMT_RES_*); it runs at the rate the
 *     scarcest of them allows, so two compute-bound kernels whose blocks
 *     fit on the SMs together still take about as long as one after the
 *     other, and a kernel launched beside a hungrier one goes first for
 *     what they contend for (yields: schedulers issue for whichever warp
 *     is ready, so the lighter one gets what it needs);
 *   - a grid of more blocks than the SMs hold runs in waves, and the SMs
 *     its last partial wave leaves idle are free for other streams;
 *   - stream priorities: a kernel on a more urgent stream overtakes the
 *     waves not yet started of kernels on less urgent streams still
 *     running (vm->flights, every kernel that is its stream's last work),
 *     which end later, as do their streams and the events recorded after
 *     them.
 *
 * Handles 0, 1 (cudaStreamLegacy) and 2 (cudaStreamPerThread) are all the
 * legacy default stream here (vm->stream0).  Under --wall-clock the host
 * clocks read the real time (runtime/clocks.c), and events still read this
 * timeline: there is no real device to stamp them. */
#include <math.h>
#include <string.h>

#include "vm/vm.h"

/* A host instruction's modelled cost: about what one bytecode instruction's
 * work (an add, a load, a compare) takes on a CPU core, so a host loop of
 * a million iterations of eight instructions reads 8 ms. */
enum { HOST_NS_PER_STEP = 1 };

enum { STREAM_NON_BLOCKING = 1 }; /* cudaStreamNonBlocking */

double simt_host_model_ms(const simt_vm *vm)
{
    return vm->host_wait_ms + (double)vm->host_steps * HOST_NS_PER_STEP / 1e6;
}

int64_t simt_host_model_ns(const simt_vm *vm)
{
    /* the instructions exactly, so a host-only program's figures are whole steps */
    return (int64_t)(vm->host_wait_ms * 1e6) + (int64_t)vm->host_steps * HOST_NS_PER_STEP;
}

static simt_stream *timeline_stream(simt_vm *vm, uint64_t handle)
{
    if (handle >= SIMT_STREAM_BASE && handle - SIMT_STREAM_BASE < (uint64_t)vm->nstreams)
        return &vm->streams[handle - SIMT_STREAM_BASE];
    return &vm->stream0; /* the default stream (callers have checked the handle) */
}

static double later(double a, double b)
{
    return a > b ? a : b;
}

/* The time from which new work on `handle` may start, the host aside: its
 * own previous work; for a blocking stream also the legacy stream's; for the
 * legacy stream every blocking stream's (CUDA's implicit synchronisation). */
static double stream_ready(simt_vm *vm, uint64_t handle)
{
    simt_stream *s = timeline_stream(vm, handle);
    double t = s->done_ms;
    if (s == &vm->stream0) {
        for (int i = 0; i < vm->nstreams; i++)
            if (!(vm->streams[i].flags & STREAM_NON_BLOCKING))
                t = later(t, vm->streams[i].done_ms);
    } else if (!(s->flags & STREAM_NON_BLOCKING)) {
        t = later(t, vm->stream0.done_ms);
    }
    return t;
}

double simt_timeline_issue(simt_vm *vm, uint64_t stream, double duration_ms)
{
    double start = later(simt_host_model_ms(vm), stream_ready(vm, stream));
    timeline_stream(vm, stream)->done_ms = start + duration_ms;
    return start + duration_ms;
}

double simt_timeline_copy(simt_vm *vm, uint64_t stream, double duration_ms, int engine)
{
    if (engine < 0 || engine >= SIMT_NENGINES)
        return simt_timeline_issue(vm, stream, duration_ms);
    double start = later(later(simt_host_model_ms(vm), stream_ready(vm, stream)),
                         vm->engine_done_ms[engine]);
    timeline_stream(vm, stream)->done_ms = start + duration_ms;
    vm->engine_done_ms[engine] = start + duration_ms;
    return start + duration_ms;
}

/* ---- the SMs' use over time (simt_sm_use) ---- */

/* A share of the SMs below this is none: sums of shares are not exact. */
#define SHARE_EPSILON 1e-9

/* Inserts the breakpoint (t, used) before index pos (used NULL: none of
 * anything); -1 out of memory. */
static int sm_use_insert(simt_vm *vm, size_t pos, double t, const double *used)
{
    simt_sm_use *u = &vm->sm_use;
    if (u->n == u->cap) {
        size_t cap = u->cap ? u->cap * 2 : 64;
        double *at = simt_realloc(&vm->cfg.alloc, u->at, cap * sizeof *at);
        if (!at)
            return -1;
        u->at = at;
        double (*more)[SIMT_NRES] = simt_realloc(&vm->cfg.alloc, u->used, cap * sizeof *more);
        if (!more)
            return -1;
        u->used = more;
        u->cap = cap;
    }
    memmove(u->at + pos + 1, u->at + pos, (u->n - pos) * sizeof *u->at);
    memmove(u->used + pos + 1, u->used + pos, (u->n - pos) * sizeof *u->used);
    u->at[pos] = t;
    for (int r = 0; r < SIMT_NRES; r++)
        u->used[pos][r] = used ? used[r] : 0;
    u->n++;
    return 0;
}

/* The index of a breakpoint at exactly t, made if need be (splitting the
 * segment that holds t); -1 out of memory.  t is not before u->at[u->head]. */
static long sm_use_split(simt_vm *vm, double t)
{
    simt_sm_use *u = &vm->sm_use;
    size_t lo = u->head, hi = u->n; /* the last breakpoint at or before t */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (u->at[mid] <= t)
            lo = mid;
        else
            hi = mid;
    }
    if (u->at[lo] == t)
        return (long)lo;
    double copy[SIMT_NRES]; /* the insertion may move u->used */
    memcpy(copy, u->used[lo], sizeof copy);
    return sm_use_insert(vm, lo + 1, t, copy) != 0 ? -1 : (long)lo + 1;
}

/* Drops the segments that end by the host's time, and makes sure a
 * breakpoint lies at or before `start`; -1 out of memory.  Only here do
 * indices move other than by an insertion after them. */
static int sm_use_from(simt_vm *vm, double start)
{
    simt_sm_use *u = &vm->sm_use;
    double now = simt_host_model_ms(vm);
    while (u->head + 1 < u->n && u->at[u->head + 1] <= now)
        u->head++;
    if (u->head > 0 && u->head * 2 >= u->n) { /* give the dropped front back */
        memmove(u->at, u->at + u->head, (u->n - u->head) * sizeof *u->at);
        memmove(u->used, u->used + u->head, (u->n - u->head) * sizeof *u->used);
        u->n -= u->head;
        u->head = 0;
    }
    if (u->head == u->n || start < u->at[u->head]) { /* idle SMs before everything placed */
        if (u->head > 0) {
            u->head--;
            u->at[u->head] = start;
            memset(u->used[u->head], 0, sizeof u->used[u->head]);
            return 0;
        }
        return sm_use_insert(vm, 0, start, NULL);
    }
    return 0;
}

/* Notes that flight f holds take[r] of each resource from t0 to t1, doing
 * `rate` of phase's work per ms; -1 out of memory. */
static int flight_hold(simt_vm *vm, simt_flight *f, int phase, double t0, double t1,
                       const double *take, double rate)
{
    if (rate <= 0 || t1 <= t0)
        return 0;
    if (f->nseg == f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 8;
        simt_flight_seg *seg = simt_realloc(&vm->cfg.alloc, f->seg, cap * sizeof *seg);
        if (!seg)
            return -1;
        f->seg = seg;
        f->cap = cap;
    }
    simt_flight_seg *g = &f->seg[f->nseg++];
    *g = (simt_flight_seg){ .t0 = t0, .t1 = t1, .rate = rate, .phase = phase };
    memcpy(g->take, take, sizeof g->take);
    return 0;
}

/* The rate (0..1) at which a kernel needing need[r] of each resource runs
 * beside the use `used`, and what it takes of each (take[r]): the kernels
 * placed before it keep what they use (the block scheduler gave their blocks
 * the SMs first, and their warps were resident first), and it runs as fast
 * as the scarcest resource they leave it allows. */
static double share_rate(const double *used, const double *need, double *take)
{
    double rate = 1;
    for (int r = 0; r < SIMT_NRES; r++) {
        if (need[r] < SHARE_EPSILON)
            continue;
        double free = 1 - used[r];
        if (free < SHARE_EPSILON)
            rate = 0;
        else if (free < need[r] && free / need[r] < rate)
            rate = free / need[r];
    }
    for (int r = 0; r < SIMT_NRES; r++) {
        double free = 1 - used[r];
        take[r] = need[r] < SHARE_EPSILON ? 0 : rate * need[r] < free ? rate * need[r] : free;
    }
    return rate;
}

/* Adds take[r] to the use of each resource in segment i. */
static void sm_use_add(simt_sm_use *u, size_t i, const double *take)
{
    for (int r = 0; r < SIMT_NRES; r++)
        u->used[i][r] += take[r];
}

/* Places `work` ms of phase `phase` of flight f, which wants need[r] of
 * each resource, from `start` on; returns its end, or a negative number out
 * of memory. */
static double sm_use_place(simt_vm *vm, simt_flight *f, int phase, double start, double work,
                           const double *need)
{
    simt_sm_use *u = &vm->sm_use;
    if (sm_use_from(vm, start) != 0)
        return -1;
    long i = sm_use_split(vm, start);
    for (; i >= 0; i++) {
        double take[SIMT_NRES];
        double rate = share_rate(u->used[i], need, take);
        int last = (size_t)i + 1 == u->n; /* the SMs are idle from here on */
        if (last || (rate > 0 && u->at[i] + work / rate <= u->at[i + 1])) {
            double end = u->at[i] + work / rate;
            if (sm_use_split(vm, end) < 0 ||
                flight_hold(vm, f, phase, u->at[i], end, take, rate) != 0)
                return -1;
            sm_use_add(u, (size_t)i, take);
            return end;
        }
        if (flight_hold(vm, f, phase, u->at[i], u->at[i + 1], take, rate) != 0)
            return -1;
        work -= (u->at[i + 1] - u->at[i]) * rate;
        sm_use_add(u, (size_t)i, take);
    }
    return -1;
}

/* Places the phases of flight f one after the other from `start` (each
 * phase's work at its own share of the SMs); returns the end of the last,
 * or a negative number out of memory.  A kernel that no phase of which was
 * slowed ends at start + its whole duration exactly, as one phase would. */
static double place_phases(simt_vm *vm, simt_flight *f, double start, const double *work)
{
    double t = start, total = 0;
    int slowed = 0;
    for (int i = 0; i < f->nphases; i++) {
        int needs = 0;
        for (int r = 0; r < SIMT_NRES; r++)
            needs |= f->need[i][r] > SHARE_EPSILON;
        double end = needs && work[i] > 0 ? sm_use_place(vm, f, i, t, work[i], f->need[i])
                                          : t + work[i];
        if (end < t)
            return -1;
        slowed |= end != t + work[i];
        t = end;
        total += work[i];
    }
    return slowed ? t : start + total;
}

/* ---- stream priorities: a kernel overtakes waves not yet started ---- */

/* Forgets the kernels that end by the host's time, and those no longer
 * their stream's last work: nothing placed from now on can move them (so
 * at most one kernel a stream is kept, however many a program launches). */
static void flights_prune(simt_vm *vm)
{
    simt_flights *fl = &vm->flights;
    double now = simt_host_model_ms(vm);
    size_t keep = 0;
    for (size_t i = 0; i < fl->n; i++) {
        if (fl->f[i].end > now && timeline_stream(vm, fl->f[i].stream)->done_ms == fl->f[i].end)
            fl->f[keep++] = fl->f[i];
        else
            simt_free(&vm->cfg.alloc, fl->f[i].seg);
    }
    fl->n = keep;
}

static simt_flight *flight_new(simt_vm *vm)
{
    simt_flights *fl = &vm->flights;
    if (fl->n == fl->cap) {
        size_t cap = fl->cap ? fl->cap * 2 : 16;
        simt_flight *f = simt_realloc(&vm->cfg.alloc, fl->f, cap * sizeof *f);
        if (!f)
            return NULL;
        fl->f = f;
        fl->cap = cap;
    }
    simt_flight *f = &fl->f[fl->n++];
    memset(f, 0, sizeof *f);
    return f;
}

/* Whether flight f's end may move: it is its stream's last work, and no
 * other stream's completion is tied to it (cudaStreamWaitEvent), so moving
 * its end moves only its stream and the events recorded after it. */
static int movable(simt_vm *vm, const simt_flight *f)
{
    simt_stream *own = timeline_stream(vm, f->stream);
    if (own->done_ms != f->end)
        return 0;
    if (own != &vm->stream0 && vm->stream0.done_ms == f->end)
        return 0;
    for (int i = 0; i < vm->nstreams; i++)
        if (&vm->streams[i] != own && vm->streams[i].done_ms == f->end)
            return 0;
    return 1;
}

/* Whether a kernel of priority `prio` starting at `start` may take the SMs
 * of flight f's later waves: f is less urgent, still has waves to start,
 * and can move. */
static int overtakable(simt_vm *vm, const simt_flight *f, int prio, double start)
{
    if (!f->yields || f->priority <= prio ||
        f->end <= start + (f->start > start ? 0 : f->wave_ms))
        return 0;
    return movable(vm, f);
}

/* The most of the SMs' throughput (issue slots, memory pipelines, DRAM)
 * phase i of flight f needs: its dominant share. */
static double dominant(const simt_flight *f, int i)
{
    double d = 0;
    for (int r = SIMT_RES_ISSUE; r < SIMT_NRES; r++)
        if (f->need[i][r] > d)
            d = f->need[i][r];
    return d;
}

/* Whether flight f, running when kernel k starts at `start`, should leave
 * k the issue slots, pipelines or DRAM they contend for: a GPU's schedulers
 * issue for whichever resident warp is ready, so a kernel that needs less
 * of them (a memory-bound one beside a compute-bound one) gets what it
 * needs and the hungrier one the rest -- which here is k placed before
 * f's rest (each a whole kernel: phase 0's needs).  Only where both fit in
 * the resident-block slots together, so that the block scheduler's order
 * is kept, and f can move (movable). */
static int yields(simt_vm *vm, const simt_flight *f, const simt_flight *k, double start)
{
    if (f->end <= start || f->need[0][SIMT_RES_SLOTS] + k->need[0][SIMT_RES_SLOTS] >
                               1 + SHARE_EPSILON)
        return 0;
    int contend = 0;
    for (int r = SIMT_RES_ISSUE; r < SIMT_NRES; r++)
        contend |= f->need[0][r] + k->need[0][r] > 1 + SHARE_EPSILON;
    return contend && dominant(k, 0) < dominant(f, 0) && movable(vm, f);
}

/* Gives back the SMs flight f holds from `cut` on, adding the work it would
 * have done there to rest[phase]; -1 out of memory. */
static int flight_cut(simt_vm *vm, simt_flight *f, double cut, double *rest)
{
    simt_sm_use *u = &vm->sm_use;
    if (sm_use_from(vm, cut) != 0)
        return -1;
    size_t keep = 0;
    for (size_t k = 0; k < f->nseg; k++) {
        simt_flight_seg g = f->seg[k];
        if (g.t1 <= cut) {
            f->seg[keep++] = g;
            continue;
        }
        double from = later(g.t0, cut);
        long i = sm_use_split(vm, from);
        if (i < 0 || sm_use_split(vm, g.t1) < 0)
            return -1;
        for (size_t j = (size_t)i; j < u->n && u->at[j] < g.t1; j++)
            for (int r = 0; r < SIMT_NRES; r++)
                u->used[j][r] = u->used[j][r] > g.take[r] ? u->used[j][r] - g.take[r] : 0;
        rest[g.phase] += (g.t1 - from) * g.rate;
        if (g.t0 < cut) { /* the part before the cut stays */
            g.t1 = cut;
            f->seg[keep++] = g;
        }
    }
    f->nseg = keep;
    return 0;
}

/* Moves what followed flight f on its stream -- the stream's completion
 * and the events recorded there at f's end -- to its new end. */
static void flight_moved(simt_vm *vm, simt_flight *f, double end)
{
    simt_stream *own = timeline_stream(vm, f->stream);
    for (int i = 0; i < vm->nevents; i++) {
        simt_event *e = &vm->events[i];
        if (e->used && e->recorded && e->time_ms == f->end &&
            timeline_stream(vm, e->stream) == own)
            e->time_ms = end;
    }
    own->done_ms = end;
    f->end = end;
}

/* The kernels a new one, k, starting at `start` goes before: those of less
 * urgent streams it overtakes, each keeping the SMs until the blocks it has
 * running finish (a wave after `start`; a block is never preempted), and
 * those that yield it the throughput they contend for, from `start`.  Each
 * gives the rest back, noted in its rest[] to be placed again after k.
 * Returns how many (their indices in `which`), or -1 out of memory. */
static long overtake(simt_vm *vm, const simt_flight *k, double start, size_t *which,
                     double (*rest)[2], double *cut)
{
    long n = 0;
    for (size_t i = 0; i < vm->flights.n; i++) {
        simt_flight *f = &vm->flights.f[i];
        double at;
        if (overtakable(vm, f, k->priority, start))
            at = f->start > start ? f->start : start + f->wave_ms;
        else if (yields(vm, f, k, start))
            at = later(f->start, start);
        else
            continue;
        rest[n][0] = rest[n][1] = 0;
        if (flight_cut(vm, f, at, rest[n]) != 0)
            return -1;
        which[n] = i;
        cut[n++] = at;
    }
    return n;
}

/* How many kernels may be running when one is launched for priorities to
 * apply: with more, the new kernel takes its place after them all. */
enum { MAX_OVERTAKEN = 64 };

/* Whether streams of different priorities exist: a kernel launched before
 * they do is not overtaken by a more urgent one (measured on the H200:
 * tests/programs/stream_priority_late), though it shares the SMs. */
static int priorities_differ(const simt_vm *vm)
{
    for (int i = 0; i < vm->nstreams; i++)
        if (vm->streams[i].used && vm->streams[i].priority != vm->stream0.priority)
            return 1;
    return 0;
}

/* Places a kernel of nphases phases, phase i doing work[i] ms at full rate
 * with need[i][r] of each resource.  Every kernel is kept in vm->flights
 * while it may share the SMs with a later one. */
static double place_kernel(simt_vm *vm, uint64_t stream, const double *work,
                           const double (*need)[SIMT_NRES], int nphases, double wave_ms)
{
    double start = later(simt_host_model_ms(vm), stream_ready(vm, stream));
    flights_prune(vm);
    simt_flight *f = flight_new(vm);
    if (!f) {
        timeline_stream(vm, stream)->done_ms = start + work[0] + (nphases > 1 ? work[1] : 0);
        return -1;
    }
    f->stream = stream;
    f->priority = timeline_stream(vm, stream)->priority;
    f->yields = priorities_differ(vm);
    f->start = start;
    f->wave_ms = wave_ms;
    f->nphases = nphases;
    for (int i = 0; i < nphases; i++)
        for (int r = 0; r < SIMT_NRES; r++)
            f->need[i][r] = need[i][r] > 1 ? 1 : need[i][r];
    size_t which[MAX_OVERTAKEN], mine = vm->flights.n - 1;
    double rest[MAX_OVERTAKEN][2], cut[MAX_OVERTAKEN];
    long n = 0;
    vm->flights.n--; /* not its own overtaker */
    if (vm->flights.n <= MAX_OVERTAKEN)
        n = overtake(vm, f, start, which, rest, cut);
    vm->flights.n++;
    double end = n < 0 ? -1 : place_phases(vm, f, start, work);
    for (long k = 0; k < n && end >= start; k++) { /* the overtaken, after it, in issue order */
        simt_flight *o = &vm->flights.f[which[k]];
        double t = place_phases(vm, o, cut[k], rest[k]);
        if (t < cut[k])
            end = -1;
        else
            flight_moved(vm, o, later(t, o->end));
    }
    f = &vm->flights.f[mine];
    if (end < start) { /* out of memory for the SMs' use: the caller reports it */
        double solo = start;
        for (int i = 0; i < nphases; i++)
            solo += work[i];
        timeline_stream(vm, stream)->done_ms = solo;
        return -1;
    }
    f->end = end;
    timeline_stream(vm, stream)->done_ms = end;
    return end;
}

double simt_timeline_kernel(simt_vm *vm, uint64_t stream, double duration_ms, double share)
{
    double need[1][SIMT_NRES] = { { share } };
    return place_kernel(vm, stream, &duration_ms, (const double (*)[SIMT_NRES])need, 1,
                        duration_ms);
}

/* What a phase of a kernel needs of each resource: `slots` of the
 * resident-block slots, and of the issue slots and memory pipelines the
 * fraction of the SMs its blocks spread over (`span`: a kernel of a few
 * blocks keeps only a few SMs busy) times how busy it kept them alone; of
 * the DRAM what it kept busy. */
static void phase_need(double *need, double slots, double span, const simt_kernel_busy *busy)
{
    need[SIMT_RES_SLOTS] = slots;
    need[SIMT_RES_ISSUE] = busy ? busy->issue * span : 0;
    need[SIMT_RES_MEM] = busy ? busy->mem * span : 0;
    need[SIMT_RES_DRAM] = busy ? busy->dram : 0;
}

/* A grid runs in waves: the SMs hold `slots` blocks at once, a block
 * scheduler starts the next block where one ends, so every wave but the
 * last keeps all the SMs busy and the last uses only its remainder; each
 * wave takes about as long (its blocks do the same work).  The SMs the last
 * wave leaves idle are free for kernels on other streams from its start. */
double simt_timeline_grid(simt_vm *vm, uint64_t stream, double duration_ms, uint64_t blocks,
                          double slots, const simt_kernel_busy *busy)
{
    double need[2][SIMT_NRES];
    if (slots <= 0 || (double)blocks <= slots) {
        double share = slots <= 0 ? 1.0 : (double)blocks / slots;
        double sms = vm->cfg.device ? vm->cfg.device->sm_count : 0;
        double span = slots <= 0 || sms <= 0 || (double)blocks >= sms ? 1.0 : (double)blocks / sms;
        phase_need(need[0], share, span, busy);
        return place_kernel(vm, stream, &duration_ms, (const double (*)[SIMT_NRES])need, 1,
                            duration_ms);
    }
    double waves = ceil((double)blocks / slots);
    double last = ((double)blocks - (waves - 1) * slots) / slots; /* (0, 1] */
    double work[2] = { duration_ms * (waves - 1) / waves, 0 };
    work[1] = duration_ms - work[0];
    /* the last wave keeps a part of the SMs as busy as its part of the
       blocks: its issue slots, pipelines and DRAM in proportion */
    phase_need(need[0], 1.0, 1.0, busy);
    simt_kernel_busy tail = { 0, 0, 0 };
    if (busy)
        tail = (simt_kernel_busy){ busy->issue * last, busy->mem * last, busy->dram * last };
    phase_need(need[1], last, 1.0, &tail);
    return place_kernel(vm, stream, work, (const double (*)[SIMT_NRES])need, 2,
                        duration_ms / waves);
}

void simt_timeline_free(simt_vm *vm)
{
    simt_free(&vm->cfg.alloc, vm->sm_use.at);
    simt_free(&vm->cfg.alloc, vm->sm_use.used);
    memset(&vm->sm_use, 0, sizeof vm->sm_use);
    for (size_t i = 0; i < vm->flights.n; i++)
        simt_free(&vm->cfg.alloc, vm->flights.f[i].seg);
    simt_free(&vm->cfg.alloc, vm->flights.f);
    memset(&vm->flights, 0, sizeof vm->flights);
}

/* An event is a piece of work of no duration: it completes when everything
 * before it on its stream has, and later work on the stream follows it. */
double simt_timeline_mark(simt_vm *vm, uint64_t stream)
{
    return simt_timeline_issue(vm, stream, 0);
}

void simt_timeline_after(simt_vm *vm, uint64_t stream, double t_ms)
{
    simt_stream *s = timeline_stream(vm, stream);
    s->done_ms = later(s->done_ms, t_ms);
}

/* When work issued on stream now could start at the earliest. */
double simt_timeline_ready(simt_vm *vm, uint64_t stream)
{
    return stream_ready(vm, stream);
}

double simt_timeline_stream_done(simt_vm *vm, uint64_t stream)
{
    return timeline_stream(vm, stream)->done_ms;
}

double simt_timeline_device_done(const simt_vm *vm)
{
    double t = vm->stream0.done_ms;
    for (int i = 0; i < vm->nstreams; i++)
        t = later(t, vm->streams[i].done_ms);
    return t;
}

/* The host spends ms outside its instructions (a call into the driver). */
void simt_timeline_host_busy(simt_vm *vm, double ms)
{
    vm->host_wait_ms += ms;
}

void simt_timeline_wait(simt_vm *vm, double t_ms)
{
    double now = simt_host_model_ms(vm);
    if (t_ms > now)
        vm->host_wait_ms += t_ms - now;
}
