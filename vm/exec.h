/* vm/exec.h -- the interpreter's private state: warps, blocks, convergence
 * barriers.  Only the interpreter files of vm/ include this.
 *
 * Reconvergence (SPEC 3.2, ARCHITECTURE "Reconvergence and scheduling").
 * Every thread has its own pc and frame pointer.  A *group* is the set of
 * ready lanes of one warp that stand at the same pc, in the same frame, under
 * the same innermost convergence barrier: a group issues one instruction for
 * all its lanes.  When a conditional branch splits a group, the branch's
 * reconvergence point (its immediate post-dominator, recorded by the compiler
 * in the branch's j field) gets a *convergence barrier*: a record of the lanes
 * expected there.  Each lane keeps a stack of the barriers it belongs to.  A
 * lane reaching the JOIN at its top barrier's pc waits; when every expected
 * lane has arrived or exited, they are released together as one group.  A
 * loop branch whose reconvergence point equals the top barrier's reuses it,
 * so loops do not grow the stacks.
 *
 * Forward progress (ITS): lanes waiting at a convergence barrier do not wait
 * forever.  If the rest of the warp spins in a loop (YIELD) while they wait
 * -- its state repeats and it stores nothing -- or if the lanes they wait for
 * are blocked at __syncthreads, the arrived lanes are released on their own
 * and the barrier keeps waiting for the rest.  That is what lets an intra-warp spin lock finish.
 */
#ifndef SIMT_EXEC_H
#define SIMT_EXEC_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "vm/vm.h"
#include "vm/observe.h"

#define SIMT_MAX_WARP 32
/* Entries of simt_exec's translation cache that its fast paths do not probe
 * (gc_deep). */
#define SIMT_GCACHE_DEEP 2
#define BARRIER_NONE 0xffffu

/* Forward progress from state (vm/sched.c simt_spin_release): lanes waiting
 * at a convergence barrier are released on their own once the rest of the
 * warp has executed SIMT_SPIN_RELEASE loop back edges since they arrived
 * and is provably spinning: its state (registers, local memory, lanes) is
 * what it was SIMT_SPIN_CHECK back edges before, and it stored nothing since.
 * A spin whose state changes on every pass (a counter, a backoff) is
 * released after SIMT_SPIN_RELEASE_MAX back edges. */
#define SIMT_SPIN_RELEASE 4096u
#define SIMT_SPIN_CHECK 1024u
#define SIMT_SPIN_RELEASE_MAX (1u << 20)
/* Steps one warp of a block runs in a row under a policy that preempts
 * (vm/grid.c run_warp) before the block's next warp has its turn. */
#define SIMT_WARP_SHARE 2048u
/* Back edges a group may execute before another ready group of its warp gets
 * a turn (round robin among divergent paths): the interpreter asks the warp
 * policy (vm/policy.h back_edge) every SIMT_GROUP_QUANTUM back edges. */
#define SIMT_GROUP_QUANTUM 64u
/* Instructions a warp may issue before the next warp of its block runs. */
#define SIMT_WARP_QUANTUM 20000u
/* Lockstep: back edges a warp executes while some of its lanes wait to
 * reconverge before simtvm checks whether it is provably spinning (the same
 * rule as SIMT_SPIN_RELEASE): then it can never make progress. */
#define SIMT_LOCKSTEP_LIVELOCK 4096u

enum lane_state {
    LANE_READY,      /* can issue */
    LANE_JOIN,       /* waiting at the JOIN of its top convergence barrier */
    LANE_COLL,       /* waiting at a warp collective (pc = the collective) */
    LANE_BAR,        /* waiting at __syncthreads (pc = the instruction after) */
    LANE_EXITED,     /* finished, or no thread in this lane */
    LANE_NSTATES
};

typedef struct simt_cbar {
    int32_t rpc;         /* the JOIN where lanes meet */
    uint32_t fp;         /* the frame it belongs to (recursion) */
    uint32_t expected;   /* lanes that must arrive or exit */
    uint32_t arrived;    /* lanes waiting at rpc now */
    uint32_t refs;       /* lanes holding it on their stacks; free at 0 */
    uint32_t spin_mark;  /* warp spin counter when the first lane arrived */
    uint16_t next_free;
} simt_cbar;

/* The scalars that the scheduler and the dispatch loop read for every group
 * come first, packed into the first two cache lines, the per-lane arrays
 * after them: a block runs its warps round after round (scan's 32 warps at
 * every __syncthreads), and fields spread over the struct cost a cache line
 * each per warp and round. */
typedef struct simt_warp {
    /* The lanes in each enum lane_state: every lane of the warp is in exactly
     * one set.  Sets rather than a state per lane, so that "which lanes are
     * ready" or "does any lane wait at a collective" costs one load.  First,
     * apart from exited: next to it, GCC's vectorizer fused the updates of
     * both (simt_lanes_exit) into slower code. */
    uint32_t in_state[LANE_NSTATES];
    uint32_t index;          /* warp number in the block */
    uint32_t width;          /* lanes (warpSize; 1 for the host thread) */
    uint32_t valid;          /* lanes that hold a thread */
    uint32_t exited;         /* lanes that finished (and lanes without a thread) */
    uint32_t nested;         /* lanes whose depth is not 0 (all others: no barrier) */
    /* Nonzero: the group simt_pick_pending returns next (every ready lane, one
     * pc, one frame, no barrier), set where that is known for free (a warp's
     * start, a __syncthreads releasing it) and used once. */
    uint32_t hint;
    uint32_t npending;       /* groups in pending[] */
    uint32_t tid_base;       /* linear thread id of lane 0 */
    uint32_t spin;           /* YIELDs executed */
    uint32_t stores;         /* stores, copies and atomics that changed memory */
    uint16_t cbar_free;
    uint8_t bar_whole;       /* the lanes at __syncthreads arrived as one group
                                of every live lane (vm/collective.c) */
    uint8_t cohorts;         /* the warp policy picks by cohort (random): only
                                then are cohorts kept, since keeping them is a
                                store per lane at every barrier and collective */
    uint64_t *regs;          /* [slot * width + lane] */
    uint32_t reg_cap;        /* slots */
    /* Where regs starts within SIMT_REG_PERIOD (vm/grid.c simt_warp_reserve),
     * and how far past the start of its allocation that puts it. */
    uint32_t reg_phase, reg_skew;
    uint32_t local_cap;
    uint8_t *local;          /* [lane * local_cap + byte] */
    uint16_t *cstack;        /* [level * width + lane] barrier ids */
    simt_cbar *cbars;
    uint32_t cstack_cap;     /* levels */
    uint32_t ncbars, cbar_cap;
    uint8_t head_set;        /* link slots and arguments hold this launch's values
                                (vm/grid.c warp_start_frame) */
    uint8_t framed;          /* a CALL gave lanes a frame other than 0 since the
                                warp's start: fp[] is cleared at the next start */
    uint32_t slice;          /* --interleave=random: instructions left in this turn */
    uint32_t next_cohort;
    uint64_t rng;            /* --interleave=random: this warp's own stream */
    uint64_t print;          /* vm/sched.c: state at the last spin check */
    uint32_t print_stores;   /* stores then */
    /* vm/sched.c simt_poll_pass: the last pass of a polling loop's back edge */
    int32_t poll_pc;         /* -1: none yet */
    uint32_t poll_stores;
    uint64_t poll_print;
    uint64_t poll_groups;    /* ex->groups where no other group ran since */
    int32_t pc[SIMT_MAX_WARP];
    uint32_t fp[SIMT_MAX_WARP];
    uint16_t depth[SIMT_MAX_WARP];   /* convergence-stack depth per lane */
    uint32_t pending[SIMT_MAX_WARP]; /* leaders of groups split off, most recent last */
    /* --interleave=random: lanes the picker split off form a new cohort, and
     * it picks only lanes of one cohort together, until a convergence barrier
     * or a collective they all complete joins them again.  Otherwise lanes at
     * one pc in different iterations of a loop (some about to leave it, some
     * just back at its head) would share a divergent branch, whose
     * reconvergence would then tie the leaving lanes to lanes that wait for
     * them at a collective (vm/sched_random.c random_pick). */
    uint32_t cohort[SIMT_MAX_WARP];
} simt_warp;

typedef struct simt_block {
    uint32_t idx[3];
    uint32_t nthreads;
    uint32_t nwarps;
    simt_warp *warps;
    uint8_t *shared;
    uint64_t shared_size;
    uint32_t bar_waiting;    /* threads waiting at __syncthreads */
    uint32_t bar_exited;     /* threads that exited */
    uint32_t bar_count;      /* predicate count of __syncthreads_count/and/or */
    uint64_t steps0;         /* ex->steps when the block started: the block has
                                issued ex->steps - steps0 warp instructions (the
                                baseline clock) */
    int grid_parked;         /* all its threads wait at a grid barrier (vm/grid.c) */
    int grid_go;             /* every block has reached it: the release lets them go */
    uint64_t used;           /* between turns (vm/resident.c): the warp instructions
                                it has issued */
    /* Progress from state (vm/resident.c): at ex->steps >= check_at the
     * block's state is fingerprinted, and a block whose state and store
     * count (the sum of its warps' simt_warp.stores) are what they were at
     * the last fingerprint can only repeat itself until another block
     * writes memory: it is spinning. */
    int spinning;
    int poll_spins;          /* a warp spun since the last fingerprint (simt_block_spins) */
    uint64_t check_at;
    uint64_t print;          /* the last fingerprint */
    uint64_t print_before;   /* the one before, where no store came between (else 0) */
    uint64_t print_at;       /* ex->steps then */
    uint32_t print_stores;   /* stores at the last fingerprint */
} simt_block;

/* One launch (or the host thread's run of main). */
typedef struct simt_exec {
    simt_vm *vm;
    const simt_module *mod;
    uint32_t grid[3], block_dim[3];
    uint32_t width;          /* warp size of this launch */
    uint64_t steps;          /* warp instructions issued */
    uint64_t max_steps;
    uint64_t launched;       /* host: warp instructions of the launches it made */
    int is_host;
    /* A kernel's launch site in the program (-1: none known): where a fault
     * in a library kernel (cublasSgemm's) is located. */
    int32_t launch_site;
    /* The warp scheduling policy of this launch (vm/policy.h: its, lockstep
     * or random); lockstep is set where it is the lockstep one (the
     * debugger shows the reconvergence stack). */
    const struct simt_warp_policy *wpol;
    int lockstep;
    int observe;             /* a checker or the model wants memory records */
    int kernel;              /* function index, -1 for host */
    uint64_t block_serial;   /* linear index of the running block (seeds warp streams) */
    /* vm/threads.c: blocks of this launch run on several host threads.  Then
     * global atomics are host atomics, and a block whose place in block order
     * (order) lies after the lowest place of a block that faulted (*stop_at)
     * is abandoned (cancelled = 1): its results are never used. */
    int host_atomics;
    uint64_t order;
    const uint64_t *stop_at;
    int cancelled;
    /* vm/resident.c: run_block returns at a round's end once ex->steps
     * reaches turn_end (a co-resident block's turn is over); blocks are
     * fingerprinted (simt_block.check_at) only when spot_spin is set. */
    uint64_t turn_end;
    int spot_spin;
    /* under an observer that follows one block at a time (serial_run): a
     * block is fingerprinted at its rounds' ends only, which leaves the order
     * of its warps alone, to find a libcu++ barrier that can never complete */
    int spot_alone;
    uint64_t run_steps;      /* vm/interp.c: steps when the model's run in progress began */
    int access_runs;         /* vm/interp.c: a load or store hands the run it ends to the
                                one observer with its access (access_run) */
    int piece_runs;          /* vm/interp.c: the one observer of runs takes them in
                                pieces across taken jumps (issue_runs) */
    uint32_t npieces;        /* the pieces of the run in progress gathered so far */
    simt_pc_run pieces[SIMT_RUN_PIECES];
    int force_print;         /* fingerprint at every turn's end */
    /* an observer times the passes of polling loops (OBS_TIMES_SPINS): the
     * interpreter calls simt_poll_pass at their back edges */
    int times_spins;
    uint64_t groups;         /* groups started (vm/interp.c ENTER_GROUP) */
    /* vm/resident.c: once a block of the launch spun (spins_seen), a
     * co-resident block's turn ends at the first round's end where the
     * model's clock of its slot (seat) is past the earliest other block's
     * (horizon, where horizon_on) -- so that the blocks run in about
     * the order of their modelled time, and a waiting block sees a store
     * before later ones that a GPU would make after it has gone on */
    int spins_seen;
    uint32_t seat;
    int horizon_on;
    uint64_t horizon;
    /* The observers set aside for the rest of this launch (vm/observe.h
     * simt_observe_yield): a model run only for the clocks a program reads
     * (no --stats or viewer) when this launch's blocks had to interleave (a
     * grid barrier, a block spinning on another).  It follows one block at a
     * time, so it hears nothing until the launch ends, and the launch's time
     * is the baseline's. */
    unsigned yielded;
    const struct simt_launch_info *info;
    /* The two global allocations translated last, most recent first (valid
     * while the memory system's generation is unchanged: every free bumps it);
     * the two before them in gc_deep. */
    struct simt_gcache {
        uint64_t base, size, gen;
        uint8_t *data;
        int readonly;
    } gc[2];
    /* simtvm debug (vm->debug set): simt_exec_group returns EV_STEP after every
     * instruction, leaving the group's mask, leader and remaining quantum here
     * so that the next call (given step_mask) goes on exactly as its loop
     * would have: stepping does not change the schedule. */
    int stepping;
    uint32_t step_mask;       /* nonzero: the next call resumes this group */
    unsigned step_lead;
    uint64_t step_budget;
    /* Set by simt_exec_group when it went on with another warp's group
     * (vm/interp.c next_group): the warp it ran last; the caller clears it. */
    struct simt_warp *handed;
    /* The translation cache's entries after gc[1], which only the slow path
     * probes: they spare a loop over three or four arrays (a[i] = b[i] +
     * c[i]) a search of the allocation table on every access.  Last, so that
     * the fields the fast paths use keep their places. */
    struct simt_gcache gc_deep[SIMT_GCACHE_DEEP];
} simt_exec;

/* Events returned by simt_exec_group. */
enum simt_exec_event {
    EV_SWITCH,      /* the group stopped (blocked, split, exited): pick another */
    EV_QUANTUM,     /* the warp used its quantum: run another warp */
    EV_FAULT,       /* vm->fault is set */
    EV_EXIT,        /* the program called exit() (host) */
    EV_STEP,        /* ex->stepping: one instruction issued, the group goes on */
};

/* vm/interp.c */
int simt_exec_group(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask);
/* The same loop built with -mavx2 (vm/interp_avx2.c); the AVX2 lane table
 * names it, and simt_exec_group hands over to it. */
int simt_exec_group_avx2(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask);

/* vm/sched.c: convergence barriers, group selection, lane exit */
uint32_t simt_group_of(const simt_warp *w, unsigned lead);
int simt_pick_pending(simt_warp *w, uint32_t *mask);
uint64_t simt_rng_next(uint64_t *state);
void simt_cohort_assign(simt_warp *w, uint32_t lanes);
/* The lanes become one cohort of their own, where the policy keeps cohorts. */
static inline void simt_cohort_new(simt_warp *w, uint32_t lanes)
{
    if (w->cohorts)
        simt_cohort_assign(w, lanes);
}
int simt_warp_spinning(simt_warp *w, int32_t pc);
int simt_cbar_push_split(simt_exec *ex, simt_warp *w, uint32_t mask, int32_t rpc, uint32_t fp);
uint32_t simt_cbar_arrive(simt_warp *w, uint32_t mask);
void simt_lanes_exit(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask);
int simt_warp_unstick(simt_exec *ex, simt_block *blk, simt_warp *w, int *fault);
uint32_t simt_spin_release(simt_warp *w, int32_t pc);
/* The group `mask` of warp w passed the back edge at pc of a loop that may
 * poll (SIMT_YIELD_POLLS): tells the observers of spin_pass whether the
 * pass changed anything, and returns that (vm/observe.h spin_pass). */
int simt_poll_pass(simt_exec *ex, simt_warp *w, uint32_t mask, int32_t pc);
/* vm/resident.c: blocks of the launch resident per SM at once, as
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor gives them, at least 1. */
int simt_exec_blocks_per_sm(const simt_exec *ex);
/* vm/resident.c: a hash of the state a warp's future depends on (pcs: with
 * its lanes' pcs and frames), mixed into h. */
uint64_t simt_warp_print(uint64_t h, const simt_warp *w, int pcs);
void simt_pending_push(simt_warp *w, unsigned lane, int front);
/* Per-lane 32-bit fields of a warp (pc, fp) a whole warp at a time: the
 * lanes l < n whose p[l] equals v, and storing v into the lanes of mask.
 * SSE2 (every x86-64) where the compiler has it: these run at every group
 * lookup and save, and a plain loop over 32 lanes costs more than the
 * instruction the group then issues. */
static inline uint32_t simt_lanes_equal(const uint32_t *p, uint32_t v, unsigned n)
{
    uint32_t eq = 0;
    unsigned l = 0;
#if defined(__SSE2__)
    __m128i vv = _mm_set1_epi32((int)v);
    for (; l + 4 <= n; l += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + l));
        eq |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, vv))) << l;
    }
#endif
    for (; l < n; l++)
        eq |= (uint32_t)(p[l] == v) << l;
    return eq;
}
static inline void simt_lanes_store(uint32_t *p, uint32_t v, uint32_t mask, unsigned n)
{
    if (mask == simt_lanes_all(n)) {
        unsigned l = 0;
#if defined(__SSE2__)
        __m128i vv = _mm_set1_epi32((int)v);
        if (n == 32) { /* a whole warp of the default width: eight straight stores */
            _Pragma("GCC unroll 8")
            for (; l < 32; l += 4)
                _mm_storeu_si128((__m128i *)(void *)(p + l), vv);
            return;
        }
        for (; l + 4 <= n; l += 4)
            _mm_storeu_si128((__m128i *)(void *)(p + l), vv);
#endif
        for (; l < n; l++)
            p[l] = v;
        return;
    }
    for (uint32_t m = mask; m; m &= m - 1)
        p[__builtin_ctz(m)] = v;
}

/* Bits set in a lane mask.  Written out because without -mpopcnt (not in
 * the x86-64 baseline) __builtin_popcount is a library call; a whole 32-lane
 * warp, the common case (exits, barriers), is one compare. */
static inline unsigned simt_popcount(uint32_t x)
{
    if (x == 0xffffffffu)
        return 32;
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

/* The state of one lane, and moving a set of lanes to state s. */
static inline unsigned simt_lane_state(const simt_warp *w, unsigned lane)
{
    unsigned s = 0;
    while (s < LANE_EXITED && !(w->in_state[s] >> lane & 1))
        s++;
    return s;
}
static inline void simt_set_state(simt_warp *w, uint32_t lanes, unsigned s)
{
    _Pragma("GCC unroll 8")
    for (unsigned k = 0; k < LANE_NSTATES; k++)
        w->in_state[k] &= ~lanes;
    w->in_state[s] |= lanes;
}
/* simt_set_state for lanes all known to be in state from. */
static inline void simt_move_state(simt_warp *w, uint32_t lanes, unsigned from, unsigned to)
{
    w->in_state[from] &= ~lanes;
    w->in_state[to] |= lanes;
}
static inline unsigned simt_top(const simt_warp *w, unsigned lane)
{
    return w->depth[lane] ? w->cstack[(w->depth[lane] - 1u) * w->width + lane] : BARRIER_NONE;
}

/* Whether some thread of the block has not ended. */
static inline int simt_block_alive(const simt_block *blk)
{
    return blk->bar_exited < blk->nthreads;
}

/* Whether every thread of the block waits at __syncthreads or has exited:
 * then the barrier opens, if any waits (an arrival has just added some). */
static inline int simt_barrier_all_in(const simt_block *blk)
{
    return blk->bar_waiting + blk->bar_exited >= blk->nthreads;
}

/* vm/collective.c: warp collectives and __syncthreads */
int simt_collective(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t *mask, int32_t pc);
void simt_block_barrier_count(simt_block *blk, simt_warp *w, uint32_t mask, unsigned reg);
void simt_block_barrier_release(simt_exec *ex, simt_block *blk);
void simt_block_barrier_check(simt_exec *ex, simt_block *blk);
/* The lanes of mask in w (W lanes wide) arrive at the __syncthreads at pc
 * (of kind in->i, simt_bar_kind); the last thread of the block to arrive
 * releases them all (vm/collective.c).  Inline in the dispatch loop, the
 * only caller: a barrier-heavy kernel (bench/k/scan.k) issues one arrival
 * for every six instructions, and the out-of-line call had made each
 * arrival about 10 of its ~200 host instructions dearer (callgrind).  The
 * loop calls it with constants for a whole 32-lane warp, which fold the
 * lane stores and the count. */
static inline void simt_block_barrier(simt_exec *ex, simt_block *blk, simt_warp *w,
                                      uint32_t mask, unsigned W, int32_t pc)
{
    const simt_insn *in = &ex->mod->code[pc];
    /* Every live lane of the warp in this one group: at release, one pc and
     * one frame without comparing them lane by lane. */
    w->bar_whole = mask == (simt_lanes_all(W) & ~w->exited);
    simt_move_state(w, mask, LANE_READY, LANE_BAR); /* the group was picked from the ready */
    simt_lanes_store((uint32_t *)w->pc, (uint32_t)(pc + 1), mask, W);
    if (in->i != BAR_SYNC && in->i != BAR_GRID)
        simt_block_barrier_count(blk, w, mask, in->b);
    blk->bar_waiting += (uint32_t)simt_popcount(mask);
    if (simt_barrier_all_in(blk))
        simt_block_barrier_release(ex, blk);
}
int simt_collective_retry(simt_exec *ex, simt_block *blk, simt_warp *w);

/* vm/divzero.c: lanes `zero` of the integer division or remainder at pc have
 * a zero divisor.  In device code they get the GPU's answer in a (b: the
 * dividends) and the checker hears of it; returns 0.  In host code it sets
 * the fault and returns -1. */
int simt_div_zero(simt_exec *ex, simt_block *blk, simt_warp *w, int32_t pc, uint32_t zero,
                  uint64_t *a, const uint64_t *b);

/* vm/grid.c */
/* Bytes after which a host L1 data cache's sets repeat (64 sets of 64-byte
 * lines, as on current x86 and ARM cores).  The register files of a block's
 * warps start at different offsets within it (simt_block_alloc), so that the
 * same register of every warp does not fall in the same sets: eight warps'
 * r6 in one 8-way set evict each other at every instruction. */
#define SIMT_REG_PERIOD 4096u
int simt_warp_reserve(simt_exec *ex, simt_warp *w, uint32_t slots, uint32_t local_bytes);
/* Frees what simt_warp_reserve allocated. */
void simt_warp_release(const simt_allocator *al, simt_warp *w);
/* Allocates the warps and shared memory of one block of the launch; on
 * failure returns SIMT_FAULT (message in ex->vm->fault) and blk can be freed. */
simt_status simt_block_alloc(simt_exec *ex, simt_block *blk);
void simt_block_free(const simt_allocator *al, simt_block *blk);
/* Runs block b (linear index) from its start to its end or its fault, with a
 * budget of cfg.max_steps warp instructions of its own. */
simt_status simt_block_run(simt_exec *ex, simt_block *blk, uint64_t b, const uint64_t *args,
                           int nargs);
/* The launch as a whole may also issue cfg.max_steps warp instructions,
 * checked when each block ends, in block order (so the same block trips it
 * for every --threads): sets vm->fault for the launch ending after block b. */
simt_status simt_launch_steps_fault(const simt_exec *ex, simt_vm *vm, uint64_t b);
/* Records where a fault happened (vm->fault.message is already set). */
void simt_exec_locate(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned lane, int32_t pc);
/* The pc a finding at pc names: the program's own call when pc is in
 * library code (FN_LIBRARY: a built-in header's K text) called from it. */
int32_t simt_exec_program_pc(const simt_exec *ex, const simt_warp *w, unsigned lane, int32_t pc);
/* Sets vm->fault.message from fmt and records where. */
void simt_exec_fault(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned lane, int32_t pc,
                     const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* simt_exec_fault for a launch that can never finish (a deadlock at a
 * barrier or collective, a livelock, the step limit): on a GPU it would hang
 * until the watchdog stops it, so CUDA calls then return
 * cudaErrorLaunchTimeout. */
void simt_exec_hang(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned lane, int32_t pc,
                    const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* vm/threads.c: runs the blocks order[0..nblocks) on cfg.threads host threads
 * (blk is the caller's, for its own thread), as if one after another in that
 * order: same output, same fault, ex->steps grows by the same count. */
simt_status simt_grid_run_threads(simt_exec *ex, simt_block *blk, const uint64_t *order,
                                  uint64_t nblocks, const uint64_t *args, int nargs);

#endif
