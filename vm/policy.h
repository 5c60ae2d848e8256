/* vm/policy.h -- scheduling policies, one per file, each a table of
 * functions the rest of the VM calls without knowing which it has.
 *
 * Warp policies: which of a warp's ready lanes run next, and what a running
 * group does at a loop's back edge.  vm/grid.c picks one per launch
 * (ex->wpol); vm/grid.c's run_warp and the dispatch loop (vm/interp.c) call
 * it:
 *   its       (vm/sched_its.c)       independent thread scheduling, the
 *                                    default (--sched=its)
 *   lockstep  (vm/sched_lockstep.c)  one pc per warp (--sched=lockstep)
 *   random    (vm/sched_random.c)    its, with random groups for random
 *                                    turns (--interleave=random)
 *
 * Block policies: how the blocks of one launch share the machine:
 *   serial    (vm/grid.c)     one block after another, in block order; hands
 *                             the rest of the launch to `resident` when a
 *                             block waits for another
 *   threads   (vm/threads.c)  blocks that cannot observe each other's order
 *                             on several host threads, same output
 *   resident  (vm/resident.c) the blocks that fit on the device at once,
 *                             interleaved in turns
 * vm/grid.c picks serial or threads for a launch (grid_parallel). */
#ifndef SIMT_POLICY_H
#define SIMT_POLICY_H

#include "vm/exec.h"

/* A warp scheduling policy.  Every function is called with the warp's
 * lanes saved (pc, fp) except back_edge's group, whose state the
 * interpreter holds. */
#define SIMT_GO_ON (-1) /* back_edge: the group goes on (not an EV_ event) */
typedef struct simt_warp_policy {
    const char *name;
    /* The next group of w to run into *mask; 0 when no lane of w is ready
     * (vm/grid.c run_warp then releases waiting lanes, or moves on). */
    int (*pick)(simt_exec *ex, simt_warp *w, uint32_t *mask);
    /* Every SIMT_GROUP_QUANTUM-th back edge of w (w->spin counts them): the
     * group mask of w at the YIELD at pc `at`, going on at pc `to`.  Returns
     * SIMT_GO_ON, EV_SWITCH to let other lanes of w run first (the group
     * waits, last in line), or EV_FAULT with the fault set. */
    int (*back_edge)(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask, int32_t at,
                     int32_t to);
    /* NULL, or called before every instruction: 1 ends the group's turn
     * there.  With it the interpreter takes its slow path at every
     * instruction and never goes on with another warp's group itself. */
    int (*preempt)(simt_warp *w);
    /* 1: the launch's blocks take interleaved turns from its start (the
     * resident block policy, its turns shuffled), so that blocks too run
     * in an order no other schedule gives. */
    int interleave_blocks;
    /* 1: pick reads simt_warp.cohort (vm/exec.h), so barriers, collectives
     * and convergence points keep it; otherwise they skip it. */
    int uses_cohorts;
} simt_warp_policy;

extern const simt_warp_policy simt_warp_its, simt_warp_lockstep, simt_warp_random;

/* vm/sched_its.c: its back edge, which random shares. */
int simt_its_back_edge(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask, int32_t at,
                       int32_t to);

/* What is left of a launch: the blocks order[first..n), in that order. */
typedef struct simt_grid_work {
    const uint64_t *order;
    uint64_t first, n;
    const uint64_t *args;
    int nargs;
    simt_block *blk;   /* the launch's block, allocated (simt_block_alloc) */
    int started;       /* blk runs order[first] already and stopped: it waits
                          for another block (spinning or grid_parked) */
} simt_grid_work;

typedef struct simt_block_policy {
    const char *name;
    simt_status (*run)(simt_exec *ex, simt_grid_work *g);
} simt_block_policy;

extern const simt_block_policy simt_policy_serial, simt_policy_threads, simt_policy_resident;

/* vm/grid.c: sets up block b (linear index) in blk for its first turn. */
void simt_block_start(simt_exec *ex, simt_block *blk, uint64_t b, const uint64_t *args,
                      int nargs);
/* vm/grid.c: runs a started block until it ends, faults, parks at a grid
 * barrier, or its turn is over (simt_block_turn_over). */
simt_status simt_block_resume(simt_exec *ex, simt_block *blk);

/* vm/resident.c: progress from state.  simt_block_spin_init clears a
 * starting block's record (inline: it runs for every block); run_block
 * calls simt_block_turn_over when ex->steps reaches blk->check_at: it
 * fingerprints the block (sets blk->spinning) and returns 1 when run_block
 * should return. */
/* Warp instructions of one block between fingerprints in the serial policy:
 * a block that waits for another is noticed after two of them. */
#define SIMT_BLOCK_SPIN_CHECK (1u << 17)
static inline void simt_block_spin_init(const simt_exec *ex, simt_block *blk)
{
    blk->spinning = 0;
    blk->poll_spins = 0;
    blk->print = 0;
    blk->print_before = 0;
    blk->print_stores = UINT32_MAX; /* the first fingerprint never matches */
    blk->print_at = ex->steps;
    blk->check_at = ex->spot_spin || ex->spot_alone ? ex->steps + SIMT_BLOCK_SPIN_CHECK
                                                    : UINT64_MAX;
}
int simt_block_turn_over(simt_exec *ex, simt_block *blk);
/* A warp of blk spins (simt_poll_pass): the block is fingerprinted at the
 * end of this round, and a co-resident block's turn ends there. */
void simt_block_spins(simt_exec *ex, simt_block *blk);
/* Whether the running co-resident block's modelled clock passed
 * ex->horizon (vm/exec.h): its turn ends at this round's end. */
int simt_block_past_horizon(simt_exec *ex);
/* A block that runs alone and spins (an observer follows one block at a
 * time) in a libcu++ barrier that can never complete -- in its shared memory,
 * or in global memory waiting for other blocks (other_blocks: the grid has
 * more than this one), which cannot run before it ends: reported
 * (SIMT_FAULT); SIMT_OK where that is not certain. */
simt_status simt_block_libcu_deadlock(simt_exec *ex, simt_block *blk, int other_blocks);
/* vm/resident.c: a fault (message msg) located at blk's first lane waiting
 * at a barrier, or else its first lane that runs. */
simt_status simt_exec_fault_waiting(simt_exec *ex, simt_block *blk, const char *msg);
/* vm/grid.c: observers with any of `flags` (enum simt_observe_flag) are set
 * aside for the rest of the launch. */
void simt_exec_set_aside(simt_exec *ex, unsigned flags);

#endif
