/* runtime/observers.c -- the runtime's checkers, performance model and
 * viewers as observers of the VM (vm/observe.h): each callback forwards one
 * event to the component that runs it.  runtime/setup.c registers them in
 * the order checkers, model, viewers, which is the order each event reaches
 * them (the trace draws an instruction after the model has timed it). */
#include "runtime/observers.h"

/* ---- the checkers (runtime/check*.c) ---- */

static void ck_launch_begin(void *ctx, simt_vm *vm, const simt_launch_info *li)
{
    simt_check_launch(ctx, vm, li);
}

static void ck_launch_rejected(void *ctx, simt_vm *vm, uint32_t kernel, const uint64_t *args,
                               int nargs, const char *why)
{
    simt_check_api_launch_error(ctx, vm, kernel, args, nargs, why);
}

static void ck_block_begin(void *ctx, const uint32_t idx[3], uint32_t nthreads, uint64_t shared)
{
    simt_check_block(ctx, idx, nthreads, shared);
}

static void ck_block_slot(void *ctx, uint32_t slot)
{
    simt_check_slot(ctx, slot);
}

static void ck_access(void *ctx, simt_vm *vm, const simt_warp_access *a)
{
    simt_check_access(ctx, vm, a);
}

static void ck_host_write(void *ctx, uint64_t addr, uint64_t len)
{
    simt_check_host_write(ctx, addr, len);
}

static void ck_fence(void *ctx, uint32_t warp, int scope)
{
    (void)warp;
    (void)scope;
    simt_check_fence(ctx);
}

static void ck_warp_sync(void *ctx, uint32_t warp, uint32_t lanes)
{
    simt_check_warp_sync(ctx, warp, lanes);
}

static void ck_barrier_warp(void *ctx, const simt_barrier_warp *bw)
{
    simt_check_barrier_warp(ctx, bw);
}

static void ck_barrier(void *ctx)
{
    simt_check_barrier(ctx);
}

static void ck_grid_barrier(void *ctx)
{
    simt_check_grid_barrier(ctx);
}

static void ck_finding(void *ctx, simt_vm *vm, const simt_finding *f)
{
    if (f->kind == FIND_DIV_ZERO)
        simt_check_div_zero(ctx, vm, f->pc, f->block, f->warp, f->tid - f->lane, f->lanes);
    else
        simt_check_finding(ctx, vm, f);
}

simt_observer simt_checker_observer(simt_checker *ck, unsigned checks)
{
    simt_observer o = {0};
    o.name = "check";
    o.ctx = ck;
    /* per block state is kept per resident slot: blocks may interleave */
    o.flags = OBS_ACCESS | OBS_SERIAL | (checks & CHECK_SYNC ? OBS_SYNC : 0) |
              (checks & CHECK_MEMORY ? OBS_MEMORY : 0);
    o.launch_begin = ck_launch_begin;
    o.launch_rejected = ck_launch_rejected;
    o.block_begin = ck_block_begin;
    o.block_slot = ck_block_slot;
    o.access = ck_access;
    o.host_write = ck_host_write;
    o.fence = ck_fence;
    o.warp_sync = ck_warp_sync;
    if (checks & CHECK_SYNC) /* who waits where, to tell barriers apart */
        o.barrier_warp = ck_barrier_warp;
    o.barrier = ck_barrier;
    o.grid_barrier = ck_grid_barrier;
    o.finding = ck_finding;
    return o;
}

/* ---- the performance model (runtime/model.c) ---- */

static void md_launch_begin(void *ctx, simt_vm *vm, const simt_launch_info *li)
{
    (void)vm;
    simt_model_launch_begin(ctx, li);
}

static void md_launch_end(void *ctx, simt_vm *vm)
{
    (void)vm;
    simt_model_launch_end(ctx);
}

static void md_block_begin(void *ctx, const uint32_t idx[3], uint32_t nthreads, uint64_t shared)
{
    (void)shared;
    simt_model_block_begin(ctx, idx, nthreads);
}

static void md_block_slot(void *ctx, uint32_t slot)
{
    simt_model_block_slot(ctx, slot);
}

static void md_grid_barrier(void *ctx)
{
    simt_model_grid_barrier(ctx);
}

static void md_issue(void *ctx, int32_t pc, uint32_t mask, uint32_t warp)
{
    simt_model_issue(ctx, pc, mask, warp);
}

static void md_issue_run(void *ctx, int32_t last, uint32_t n, uint32_t mask, uint32_t warp)
{
    simt_model_issue_run(ctx, last, n, mask, warp);
}

static void md_issue_runs(void *ctx, const simt_pc_run *runs, uint32_t nruns, uint32_t mask,
                          uint32_t warp)
{
    simt_model_issue_runs(ctx, runs, nruns, 0, 0, mask, warp);
}

static void md_branch(void *ctx, int32_t pc, uint32_t mask, uint32_t taken, uint32_t warp)
{
    simt_model_branch(ctx, pc, mask, taken, warp);
}

static void md_access(void *ctx, simt_vm *vm, const simt_warp_access *a)
{
    (void)vm;
    simt_model_access(ctx, a);
}

static void md_fence(void *ctx, uint32_t warp, int scope)
{
    simt_model_fence(ctx, warp, scope);
}

static void md_spin_pass(void *ctx, uint32_t warp, int repeat)
{
    simt_model_spin_pass(ctx, warp, repeat);
}

static void md_barrier(void *ctx)
{
    simt_model_barrier(ctx);
}

static uint64_t md_clock(void *ctx, uint32_t warp)
{
    return simt_model_clock(ctx, warp);
}

static uint64_t md_seat_clock(void *ctx, uint32_t seat)
{
    return simt_model_seat_clock(ctx, seat);
}

static uint64_t md_cycles(void *ctx, simt_kernel_busy *busy)
{
    simt_model_last_busy(ctx, busy);
    return simt_model_last_cycles(ctx);
}

simt_observer simt_model_observer(simt_model *m, int follows_blocks)
{
    simt_observer o = {0};
    o.name = "model";
    o.ctx = m;
    /* The model follows blocks that interleave (each resident block's
     * warps keep their clocks: block_slot), at a grid barrier or where one
     * spins waiting for another: a pass of a spin that changed nothing
     * costs no time (spin_pass), and a load waits for the store another
     * block made (model.c visible_line), so a wait lasts what it lasts on
     * a GPU, not the interleaver's turns.  Under --stats its counts depend
     * on the order of a block's warps: fingerprints only at rounds' ends. */
    o.flags = OBS_ACCESS | OBS_TIMED | OBS_SERIAL | OBS_QUIET_BRANCHES | OBS_TIMES_SPINS |
              (follows_blocks ? OBS_ROUND_PRINTS : 0);
    o.launch_begin = md_launch_begin;
    o.launch_end = md_launch_end;
    o.block_begin = md_block_begin;
    o.block_slot = md_block_slot;
    o.grid_barrier = md_grid_barrier;
    o.spin_pass = md_spin_pass;
    o.fence = md_fence;
    o.issue = md_issue;
    o.issue_run = md_issue_run;
    o.issue_runs = md_issue_runs;
    o.branch = md_branch;
    o.access = md_access;
    o.access_run = simt_model_access_run; /* a run and the access that ends it */
    o.barrier = md_barrier;
    o.clock = md_clock;
    o.seat_clock = md_seat_clock;
    o.cycles = md_cycles;
    return o;
}

/* ---- the viewers (runtime/trace.c, runtime/report.c) ---- */

static void tr_launch_begin(void *ctx, simt_vm *vm, const simt_launch_info *li)
{
    (void)vm;
    simt_trace_launch_begin(ctx, li);
}

static void tr_launch_end(void *ctx, simt_vm *vm)
{
    (void)vm;
    simt_trace_launch_end(ctx);
}

static void tr_block_begin(void *ctx, const uint32_t idx[3], uint32_t nthreads, uint64_t shared)
{
    (void)shared;
    simt_trace_block_begin(ctx, idx, nthreads);
}

static void tr_issue(void *ctx, int32_t pc, uint32_t mask, uint32_t warp)
{
    simt_trace_issue(ctx, pc, mask, warp);
}

static void tr_branch(void *ctx, int32_t pc, uint32_t mask, uint32_t taken, uint32_t warp)
{
    simt_trace_branch(ctx, pc, mask, taken, warp);
}

static void tr_access(void *ctx, simt_vm *vm, const simt_warp_access *a)
{
    (void)vm;
    simt_trace_access(ctx, a);
}

static void tr_barrier_ready(void *ctx)
{
    simt_trace_barrier(ctx);
}

simt_observer simt_trace_observer(simt_trace *t)
{
    simt_observer o = {0};
    o.name = "trace";
    o.ctx = t;
    o.flags = OBS_ACCESS | OBS_SERIAL | OBS_FOLLOWS_BLOCKS;
    o.launch_begin = tr_launch_begin;
    o.launch_end = tr_launch_end;
    o.block_begin = tr_block_begin;
    o.issue = tr_issue;
    o.branch = tr_branch;
    o.access = tr_access;
    o.barrier_ready = tr_barrier_ready;
    return o;
}
