/* vm/policy.h -- block scheduling policies: how the blocks of one launch
 * share the machine.  One policy per file:
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
 * starting block's record; run_block calls simt_block_turn_over when
 * ex->steps reaches blk->check_at: it fingerprints the block (sets
 * blk->spinning) and returns 1 when run_block should return. */
void simt_block_spin_init(const simt_exec *ex, simt_block *blk);
int simt_block_turn_over(simt_exec *ex, simt_block *blk);
/* vm/resident.c: a fault (message msg) located at blk's first lane waiting
 * at a barrier, or else its first lane that runs. */
simt_status simt_exec_fault_waiting(simt_exec *ex, simt_block *blk, const char *msg);

#endif
