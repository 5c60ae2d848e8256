/* vm/sched_lockstep.c -- the warp policy of lockstep SIMT
 * (--sched=lockstep, as before Volta): a diverged warp runs one side of a
 * branch to its reconvergence point before the other (the pending groups in
 * order, simt_pick_pending), and a group that loops keeps the warp until it
 * leaves the loop.  A loop that can never end that way -- lanes spinning on
 * a lock that lanes waiting to reconverge hold -- is reported, not run
 * forever. */
#include "vm/policy.h"

static int lockstep_pick(simt_exec *ex, simt_warp *w, uint32_t *mask)
{
    (void)ex;
    return simt_pick_pending(w, mask);
}

/* A warp whose lanes provably spin (simt_warp_spinning) while other lanes
 * of the same warp wait to reconverge with them has a single pc and can
 * never let the waiting lanes run: that is an intra-warp livelock (a spin
 * lock).  A loop whose state changes is no livelock, however long it runs.
 * Called every SIMT_SPIN_CHECK back edges; returns 1 after setting the fault. */
static int livelock(simt_exec *ex, simt_block *blk, simt_warp *w, int32_t pc)
{
    for (uint32_t id = 0; id < w->ncbars; id++) {
        simt_cbar *b = &w->cbars[id];
        if (!b->refs || !b->arrived || w->spin - b->spin_mark <= SIMT_LOCKSTEP_LIVELOCK)
            continue;
        if (!simt_warp_spinning(w, pc))
            return 0;
        uint32_t spinning = w->in_state[LANE_READY];
        char spin[128], wait[128];
        simt_lane_list(spin, sizeof spin, spinning);
        simt_lane_list(wait, sizeof wait, b->arrived);
        unsigned lead = (unsigned)__builtin_ctz(spinning ? spinning : 1u);
        simt_exec_hang(ex, blk, w, lead, pc,
                       "warp %u cannot make progress under --sched=lockstep: lanes %s spin in this "
                       "loop waiting for lanes %s of the same warp, which wait at line %u to "
                       "reconverge and never run (an intra-warp lock needs independent thread "
                       "scheduling: use --sched=its)", w->index, spin, wait,
                       ex->mod->pos[b->rpc].line);
        return 1;
    }
    return 0;
}

_Static_assert(SIMT_SPIN_CHECK % SIMT_GROUP_QUANTUM == 0,
               "back_edge sees every SIMT_SPIN_CHECK-th back edge");

/* The group keeps the warp: only a livelock ends its loop. */
static int lockstep_back_edge(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask,
                              int32_t at, int32_t to)
{
    (void)mask, (void)to;
    if ((w->spin & (SIMT_SPIN_CHECK - 1)) == 0 && livelock(ex, blk, w, at))
        return EV_FAULT;
    return SIMT_GO_ON;
}

const simt_warp_policy simt_warp_lockstep = {
    .name = "lockstep",
    .pick = lockstep_pick,
    .back_edge = lockstep_back_edge,
    .preempt = NULL,
    .interleave_blocks = 0,
};
