/* vm/sched_its.c -- the warp policy of independent thread scheduling
 * (--sched=its, the default; SPEC 3.2): the lanes of a warp that took
 * different paths are groups that take turns, each at its own pc, and
 * reconverge at convergence barriers (vm/sched.c).  The next group is the
 * one split off most recently (simt_pick_pending); a group that loops lets
 * the warp's other ready groups run every SIMT_GROUP_QUANTUM back edges, and
 * lanes that wait at a barrier for lanes that spin go on alone
 * (simt_spin_release), so an intra-warp lock finishes as on Volta and later.
 */
#include "vm/policy.h"

static int its_pick(simt_exec *ex, simt_warp *w, uint32_t *mask)
{
    (void)ex;
    return simt_pick_pending(w, mask);
}

/* Host code (one lane) never has lanes to release or another path to run. */
int simt_its_back_edge(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask, int32_t at,
                       int32_t to)
{
    (void)ex, (void)blk, (void)at;
    if (simt_spin_release(w, to))
        return EV_SWITCH; /* the released lanes run first, this group after them */
    if (w->in_state[LANE_READY] & ~mask)
        return EV_SWITCH; /* another divergent path of this warp runs now */
    return SIMT_GO_ON;
}

const simt_warp_policy simt_warp_its = {
    .name = "its",
    .pick = its_pick,
    .back_edge = simt_its_back_edge,
    .preempt = NULL,
    .interleave_blocks = 0,
};
