/* vm/grid.c -- a launch: blocks of warps, warps of a block interleaved by
 * quantum; the serial block policy (vm/policy.h: one block after another
 * until one waits for another); the register and local memory stacks of
 * warps, and fault locations. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/exec.h"
#include "vm/observe.h"
#include "vm/policy.h"

/* Register stacks are bounded so that runaway recursion is a clear fault. */
#define SIMT_REG_BYTES_MAX (16u << 20)
#define SIMT_LOCAL_BYTES_MAX (64u << 20)

/* Grows the register file to cap slots.  The file starts at w->reg_phase
 * within SIMT_REG_PERIOD (64-byte aligned, so that a row of 32 lanes is four
 * cache lines, not five), which costs up to one period more than its size;
 * where a reallocation moves the start elsewhere in the period, the
 * registers move back to their phase. */
static int grow_regs(simt_exec *ex, simt_warp *w, uint64_t cap)
{
    size_t row = (size_t)w->width * 8, have = (size_t)w->reg_cap * row;
    uint8_t *old = w->regs ? (uint8_t *)w->regs - w->reg_skew : NULL;
    uint8_t *mem = simt_realloc(&ex->vm->cfg.alloc, old, (size_t)cap * row + SIMT_REG_PERIOD);
    if (!mem) {
        simt_vm_oom(ex->vm, "registers");
        return -1;
    }
    uint32_t skew = (uint32_t)((w->reg_phase - (uintptr_t)mem) & (SIMT_REG_PERIOD - 1));
    if (old && skew != w->reg_skew)
        memmove(mem + skew, mem + w->reg_skew, have);
    memset(mem + skew + have, 0, (size_t)cap * row - have);
    w->regs = (uint64_t *)(void *)(mem + skew);
    w->reg_skew = skew;
    w->reg_cap = (uint32_t)cap;
    return 0;
}

int simt_warp_reserve(simt_exec *ex, simt_warp *w, uint32_t slots, uint32_t local_bytes)
{
    unsigned W = w->width;
    if (slots > w->reg_cap) {
        uint64_t cap = w->reg_cap ? (uint64_t)w->reg_cap * 2 : 64;
        while (cap < slots)
            cap *= 2;
        if (cap * W * 8 > SIMT_REG_BYTES_MAX) {
            simt_vm_faultf(ex->vm, "stack overflow: calls nested too deeply (recursion without end?)");
            return -1;
        }
        if (grow_regs(ex, w, cap) != 0)
            return -1;
    }
    if (local_bytes > w->local_cap) {
        uint64_t cap = w->local_cap ? w->local_cap : 256;
        while (cap < local_bytes)
            cap *= 2;
        if (cap * W > SIMT_LOCAL_BYTES_MAX) {
            simt_vm_faultf(ex->vm, "stack overflow: local memory of calls exceeds %u bytes per thread "
                           "(recursion without end?)", (unsigned)(SIMT_LOCAL_BYTES_MAX / W));
            return -1;
        }
        uint8_t *mem = simt_calloc(&ex->vm->cfg.alloc, (size_t)cap, W);
        if (!mem) {
            simt_vm_oom(ex->vm, "local memory");
            return -1;
        }
        for (unsigned l = 0; l < W && w->local; l++)
            memcpy(mem + (size_t)l * cap, w->local + (size_t)l * w->local_cap, w->local_cap);
        simt_free(&ex->vm->cfg.alloc, w->local);
        w->local = mem;
        w->local_cap = (uint32_t)cap;
    }
    return 0;
}

static int in_library(const simt_exec *ex, int32_t pc)
{
    return pc >= 0 && (uint32_t)pc < ex->mod->ncode && ex->vm->func_of_pc &&
           (ex->mod->funcs[ex->vm->func_of_pc[pc]].kind & FN_LIBRARY);
}

/* The pc a fault at pc names: the program's own call when pc is in library
 * code (FN_LIBRARY) called from it, found through lane's frames (each
 * frame's first two registers are the return pc and the caller's frame,
 * vm/interp.c do_call); pc itself in the program, or with no such caller. */
int32_t simt_exec_program_pc(const simt_exec *ex, const simt_warp *w, unsigned lane, int32_t pc)
{
    uint32_t fp = w->fp[lane];
    int32_t at = pc;
    for (int depth = 0; in_library(ex, at) && depth < 4096; depth++) {
        if (fp == 0 || fp + 1 >= w->reg_cap) /* a library kernel: its launch's call */
            return !ex->is_host && ex->launch_site >= 0 ? ex->launch_site : pc;
        const uint64_t *R = w->regs + (size_t)fp * w->width;
        int64_t link = (int64_t)R[lane];
        if (link <= 0 || link > (int64_t)ex->mod->ncode)
            return pc;
        at = (int32_t)link - 1;   /* the CALL */
        fp = (uint32_t)R[w->width + lane];
    }
    return in_library(ex, at) ? pc : at;
}

void simt_exec_locate(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned lane, int32_t pc)
{
    simt_fault *f = &ex->vm->fault;
    ex->vm->fault_reported = 0;
    f->pc = w && lane < w->width ? simt_exec_program_pc(ex, w, lane, pc) : pc;
    f->in_kernel = !ex->is_host;
    f->kernel = ex->is_host ? -1 : ex->kernel;
    f->lane = (int)lane;
    if (!ex->is_host) {
        uint32_t t = w->tid_base + lane, bx = ex->block_dim[0], by = ex->block_dim[1];
        memcpy(f->block, blk->idx, sizeof f->block);
        f->thread[0] = t % bx;
        f->thread[1] = (t / bx) % by;
        f->thread[2] = t / (bx * by);
    }
}

void simt_exec_fault(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned lane, int32_t pc,
                     const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ex->vm->fault.message, sizeof ex->vm->fault.message, fmt, ap);
    va_end(ap);
    ex->vm->fault.cuda_error = 0; /* an illegal address unless the caller says otherwise */
    ex->vm->fault.kind = FAULT_OTHER;
    simt_exec_locate(ex, blk, w, lane, pc);
}

void simt_exec_hang(simt_exec *ex, simt_block *blk, simt_warp *w, unsigned lane, int32_t pc,
                    const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ex->vm->fault.message, sizeof ex->vm->fault.message, fmt, ap);
    va_end(ap);
    simt_exec_locate(ex, blk, w, lane, pc);
    ex->vm->fault.cuda_error = CUDA_ERROR_LAUNCH_TIMEOUT;
    ex->vm->fault.kind = FAULT_HANG;
}

/* warp_reset and warp_start_frame run for every warp of every block: inline
 * in both copies of block_start. */
static inline __attribute__((always_inline)) void warp_reset(simt_exec *ex, simt_warp *w,
                                                             uint32_t index, uint32_t nthreads)
{
    const simt_func *k = &ex->mod->funcs[ex->kernel];
    unsigned W = ex->width;
    w->index = index;
    w->width = W;
    w->tid_base = index * W;
    uint32_t n = nthreads - w->tid_base < W ? nthreads - w->tid_base : W;
    w->valid = simt_lanes_all(n);
    w->exited = ~w->valid & simt_lanes_all(W);
    w->ncbars = 0;
    w->cbar_free = BARRIER_NONE;
    w->npending = 0;
    w->spin = 0;
    w->poll_pc = -1;
    w->stores = 0;
    w->print = 0;
    w->print_stores = UINT32_MAX;
    w->rng = ex->vm->cfg.seed * 0x100000001b3ull ^ ((uint64_t)index << 32) ^ ex->block_serial;
    w->slice = 1;
    /* A lane's convergence-stack depth is not 0 only where its bit of
     * nested is set (vm/sched.c), so a warp that ended its last block with
     * nested 0 has only zero depths. */
    if (w->nested)
        memset(w->depth, 0, sizeof w->depth);
    w->nested = 0;
    w->bar_whole = 0;
    w->hint = w->valid; /* every lane at the entry, frame 0, no barrier */
    memset(w->in_state, 0, sizeof w->in_state);
    w->in_state[LANE_READY] = w->valid;
    w->in_state[LANE_EXITED] = w->exited;
    uint32_t all = simt_lanes_all(W);
    simt_lanes_store((uint32_t *)w->pc, k->entry, all, W);
    /* Frame pointers other than 0 come from CALLs only: a warp whose last
     * block made none has them all 0.  A copy of zeros, not a memset: GCC
     * makes a memset of this size a `rep stos`, whose start-up cost was a
     * tenth of an empty kernel's run. */
    if (w->framed) {
        static const uint32_t zero_fp[SIMT_MAX_WARP];
        memcpy(w->fp, zero_fp, sizeof w->fp);
        w->framed = 0;
    }
}

/* A kernel frame: the link slots, the arguments, and the registers some path
 * may read before writing (vm/live.c) cleared.  A warp with lanes that hold no
 * thread, or one the debugger shows, is cleared whole: those lanes' registers
 * are never written, and the debugger prints variables not yet assigned.
 * Where the kernel never writes its link slots and arguments (keep_head), the
 * values the warp's first block set stay for every later block of the launch:
 * the warps of a launch are allocated with it. */
static inline __attribute__((always_inline)) void
warp_start_frame(const simt_exec *ex, simt_warp *w, const uint64_t *args, int nargs)
{
    unsigned W = w->width;
    const simt_frame_zero *z = &ex->vm->frame_zero[ex->kernel];
    int keep = z->keep_head && !w->exited && !ex->stepping;
    if (w->exited || ex->stepping) {
        memset(w->regs, 0, (size_t)ex->mod->funcs[ex->kernel].nregs * W * 8);
    } else {
        if (!(keep && w->head_set))
            memset(w->regs + W, 0, 2 * (size_t)W * 8);
        for (uint32_t k = 0; k < z->n; k++)
            memset(w->regs + (size_t)z->regs[k] * W, 0, (size_t)W * 8);
    }
    if (keep && w->head_set)
        return;
    w->head_set = (uint8_t)keep;
    /* Filled with the lane helper of LDK: one vector store per four lanes. */
    simt_lop_fn *fill = ex->vm->lanes.op[LOP_LDK];
    uint32_t all = simt_lanes_all(W);
    fill(w->regs, NULL, NULL, (uint64_t)(int64_t)-1, W, all);
    for (int a = 0; a < nargs; a++)
        fill(w->regs + (size_t)(SIMT_FRAME_LINK + a) * W, NULL, NULL, args[a], W, all);
}

/* simtvm debug: runs a group like simt_exec_group, one instruction at a
 * time, calling the debugger before each (vm.h).  Same events. */
static int step_group(simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask)
{
    simt_vm *vm = ex->vm;
    for (;;) {
        if (vm->debug(vm->debug_ctx, ex, blk, w, mask, w->pc[__builtin_ctz(mask)]) != 0) {
            ex->step_mask = 0;
            return EV_EXIT;
        }
        int ev = simt_exec_group(ex, blk, w, mask);
        if (ev != EV_STEP)
            return ev;
        mask = ex->step_mask;
    }
}

/* Runs warp *k until it blocks everywhere or uses its quantum.
 * Returns 1 if it issued anything, 0 if not, -1 on fault, -2 on exit().
 * The interpreter may have gone on with later warps of the round as this
 * loop and run_block would have run them (vm/interp.c next_group): *k is
 * then the last of them. */
static inline __attribute__((always_inline)) int run_warp(simt_exec *ex, simt_block *blk,
                                                         uint32_t *k)
{
    int issued = 0;
    simt_warp *w = &blk->warps[*k];
    const uint32_t all = simt_lanes_all(w->width);
    /* A policy that preempts (--interleave=random) hands the warp's turn
     * over after a share of steps: else a warp that never waits (a spin
     * lock's losers) runs to the block's turn end each time and the other
     * warps, the lock's holder among them, get one slice a turn. */
    const uint64_t share_end = ex->wpol->preempt ? ex->steps + SIMT_WARP_SHARE : UINT64_MAX;
    for (;;) {
        uint32_t mask;
        if (w->exited == all) /* finished: nothing to pick or release */
            return issued;
        if (!ex->wpol->pick(ex, w, &mask)) {
            int fault, r = simt_warp_unstick(ex, blk, w, &fault);
            if (fault)
                return -1;
            if (r)
                continue;
            return issued;
        }
        issued = 1;
        int ev = ex->stepping ? step_group(ex, blk, w, mask) : simt_exec_group(ex, blk, w, mask);
        if (ex->handed) {
            w = ex->handed;
            ex->handed = NULL;
            *k = w->index;
        }
        if (ev == EV_FAULT)
            return -1;
        if (ev == EV_EXIT)
            return -2;
        if (ev == EV_QUANTUM || ex->steps >= share_end)
            return 1;
        /* --interleave=random gives each group a fresh quantum: the
         * block's turn ends its warps' turns too (not a fingerprint under
         * spot_alone: that one waits for the round's end) */
        if (ex->steps >= blk->check_at && !ex->spot_alone)
            return 1;
        /* every lane left waits at __syncthreads: nothing to pick or release */
        if ((w->in_state[LANE_BAR] | w->exited) == all)
            return 1;
    }
}

/* Inline in simt_block_run: a call per block (its saves and restores) was
 * a tenth of an empty kernel's extra instructions (bench/history.md). */
static inline __attribute__((always_inline)) simt_status run_block(simt_exec *ex,
                                                                  simt_block *blk)
{
    while (simt_block_alive(blk)) {
        int progressed = 0;
        if (ex->stop_at && __atomic_load_n(ex->stop_at, __ATOMIC_RELAXED) < ex->order) {
            ex->cancelled = 1; /* an earlier block faulted: this one's results are dropped */
            return SIMT_OK;
        }
        for (uint32_t k = 0; k < blk->nwarps; k++) {
            int r = run_warp(ex, blk, &k);
            if (r == -1)
                return SIMT_FAULT;
            if (r == -2)
                return SIMT_EXIT;
            progressed |= r;
        }
        if (blk->grid_parked)
            return SIMT_OK; /* at a grid barrier: run_grid_parked goes on */
        if (!progressed && simt_block_alive(blk)) {
            simt_warp *w = &blk->warps[0];
            unsigned lane = 0;
            for (uint32_t k = 0; k < blk->nwarps; k++)
                if (blk->warps[k].in_state[LANE_BAR]) { /* the last such lane */
                    w = &blk->warps[k];
                    lane = 31u - (unsigned)__builtin_clz(w->in_state[LANE_BAR]);
                }
            simt_exec_hang(ex, blk, w, lane, w->pc[lane] - 1,
                           "deadlock: %u thread(s) wait at __syncthreads that the other threads "
                           "of the block never reach", blk->bar_waiting);
            return SIMT_FAULT;
        }
        /* a fingerprint, at a round's end so that warps stand at their
         * loops' back edges (vm/resident.c) */
        if (ex->steps >= blk->check_at && simt_block_turn_over(ex, blk))
            return SIMT_OK;
        if (__builtin_expect(ex->horizon_on, 0) && simt_block_past_horizon(ex))
            return SIMT_OK;
    }
    return SIMT_OK;
}

simt_status simt_block_resume(simt_exec *ex, simt_block *blk)
{
    return run_block(ex, blk);
}

const char *simt_launch_refusal(const simt_vm *vm, const simt_func *k, const uint32_t grid[3],
                                const uint32_t block[3], uint64_t shared, int *err)
{
    const simt_device_profile *d = vm->cfg.device;
    uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
    const char *why = NULL;
    if (!(k->kind & FN_KERNEL))
        why = "not a __global__ function";
    else if (!grid[0] || !grid[1] || !grid[2] || !block[0] || !block[1] || !block[2])
        why = "a grid or block dimension is 0";
    else if (threads > (uint64_t)d->max_threads_per_block || block[0] > 1024 || block[1] > 1024 ||
             block[2] > 64)
        why = "too many threads per block (at most 1024; x, y <= 1024, z <= 64)";
    else if (grid[1] > 65535 || grid[2] > 65535)
        why = "grid y and z must be at most 65535";
    /* CUDA 13 on an H200 answers a geometry it refuses with
     * cudaErrorInvalidValue (tests/programs/launch_geometry.k); a block's
     * shared memory stays cudaErrorInvalidConfiguration, the error the
     * runtime documents for resources a device cannot give. */
    *err = CUDA_ERROR_INVALID_VALUE;
    if (!why && shared > (uint64_t)d->smem_per_block_optin) {
        why = "too much shared memory for one block";
        *err = CUDA_ERROR_INVALID_CONFIGURATION;
    }
    return why;
}

static int launch_check(simt_vm *vm, const simt_func *k, const uint32_t grid[3],
                        const uint32_t block[3], uint64_t shared, const uint64_t *args, int nargs)
{
    int err;
    const char *why = simt_launch_refusal(vm, k, grid, block, shared, &err);
    if (!why)
        return 0;
    fprintf(vm->err, "simtvm: warning: launch of '%s' <<<(%u,%u,%u), (%u,%u,%u)>>> failed: %s\n",
            k->name, grid[0], grid[1], grid[2], block[0], block[1], block[2], why);
    vm->last_error = err;
    /* --check=api: is the error looked at before the output is? */
    SIMT_NOTIFY(vm, launch_rejected, vm, (uint32_t)(k - vm->mod->funcs), args, nargs, why);
    return -1;
}

void simt_warp_release(const simt_allocator *al, simt_warp *w)
{
    if (w->regs)
        simt_free(al, (uint8_t *)w->regs - w->reg_skew);
    simt_free(al, w->local);
    simt_free(al, w->cstack);
    simt_free(al, w->cbars);
}

void simt_block_free(const simt_allocator *al, simt_block *blk)
{
    for (uint32_t k = 0; blk->warps && k < blk->nwarps; k++)
        simt_warp_release(al, &blk->warps[k]);
    simt_free(al, blk->warps);
    simt_free(al, blk->shared);
}

/* The order blocks run in: x fastest, or a seeded shuffle (--block-order=random)
 * to expose programs that depend on an order CUDA does not promise. */
static uint64_t *block_order(const simt_exec *ex, uint64_t nblocks)
{
    uint64_t *order = simt_calloc(&ex->vm->cfg.alloc, (size_t)nblocks, sizeof *order);
    if (!order)
        return NULL;
    for (uint64_t b = 0; b < nblocks; b++)
        order[b] = b;
    if (ex->vm->cfg.block_order_random) {
        uint64_t rng = ex->vm->cfg.seed ^ 0x5bd1e995u;
        for (uint64_t b = nblocks; b > 1; b--) {
            uint64_t k = simt_rng_next(&rng) % b;
            uint64_t t = order[b - 1];
            order[b - 1] = order[k];
            order[k] = t;
        }
    }
    return order;
}

simt_status simt_block_alloc(simt_exec *ex, simt_block *blk)
{
    const simt_func *k = &ex->mod->funcs[ex->kernel];
    memset(blk, 0, sizeof *blk);
    blk->nthreads = ex->block_dim[0] * ex->block_dim[1] * ex->block_dim[2];
    blk->nwarps = (blk->nthreads + ex->width - 1) / ex->width;
    blk->warps = simt_calloc(&ex->vm->cfg.alloc, blk->nwarps, sizeof *blk->warps);
    blk->shared_size = ex->info->shared_bytes;
    blk->shared = simt_calloc(&ex->vm->cfg.alloc, 1, blk->shared_size ? blk->shared_size : 1);
    if (!blk->warps || !blk->shared)
        return simt_vm_oom(ex->vm, "a block");
    /* The warps' register files start where they would in one array with a
     * cache line between files: the kernel's registers of all warps spread
     * over the L1 sets (SIMT_REG_PERIOD) instead of piling on the same ones. */
    uint64_t stride = ((uint64_t)k->nregs * ex->width * 8 + 63) / 64 * 64 + 64;
    for (uint32_t w = 0; w < blk->nwarps; w++) {
        blk->warps[w].width = ex->width;
        blk->warps[w].reg_phase = (uint32_t)(w * stride % SIMT_REG_PERIOD);
        blk->warps[w].cohorts = ex->wpol->uses_cohorts; /* the launch's policy */
        if (simt_warp_reserve(ex, &blk->warps[w], k->nregs, k->local_size ? k->local_size : 16))
            return SIMT_FAULT;
    }
    return SIMT_OK;
}

/* Cohorts are read and written only where the policy keeps them
 * (simt_warp_policy.uses_cohorts, copied into every warp by
 * simt_block_alloc): the other policies skip the reset, tested once per
 * block rather than once per warp. */
static void cohorts_reset(simt_block *blk)
{
    for (uint32_t k = 0; k < blk->nwarps; k++) {
        memset(blk->warps[k].cohort, 0, sizeof blk->warps[k].cohort);
        blk->warps[k].next_cohort = 0;
    }
}

/* simt_block_start's work, inline in simt_block_run (as run_block). */
static inline __attribute__((always_inline)) void block_start(simt_exec *ex, simt_block *blk,
                                                              uint64_t b, const uint64_t *args,
                                                              int nargs)
{
    if (ex->grid[1] == 1 && ex->grid[2] == 1) { /* a 1-D grid: no divisions */
        blk->idx[0] = (uint32_t)b;
        blk->idx[1] = blk->idx[2] = 0;
    } else {
        blk->idx[0] = (uint32_t)(b % ex->grid[0]);
        blk->idx[1] = (uint32_t)(b / ex->grid[0] % ex->grid[1]);
        blk->idx[2] = (uint32_t)(b / ((uint64_t)ex->grid[0] * ex->grid[1]));
    }
    ex->block_serial = b;
    /* The step limit and clock() count this block alone, so that neither
     * depends on which blocks ran before it on the same host thread. */
    uint64_t budget = ex->vm->cfg.max_steps;
    ex->max_steps = ex->steps + budget >= ex->steps ? ex->steps + budget : UINT64_MAX;
    blk->steps0 = ex->steps;
    SIMT_NOTIFY(ex->vm, block_begin, blk->idx, blk->nthreads, blk->shared_size);
    blk->bar_waiting = blk->bar_exited = blk->bar_count = 0;
    blk->grid_parked = blk->grid_go = 0;
    memset(blk->shared, 0, blk->shared_size);
    for (uint32_t w = 0; w < blk->nwarps; w++) {
        warp_reset(ex, &blk->warps[w], w, blk->nthreads);
        warp_start_frame(ex, &blk->warps[w], args, nargs);
    }
    if (ex->wpol->uses_cohorts)
        cohorts_reset(blk);
    simt_block_spin_init(ex, blk);
}

void simt_block_start(simt_exec *ex, simt_block *blk, uint64_t b, const uint64_t *args,
                      int nargs)
{
    block_start(ex, blk, b, args, nargs);
}

simt_status simt_block_run(simt_exec *ex, simt_block *blk, uint64_t b, const uint64_t *args,
                           int nargs)
{
    block_start(ex, blk, b, args, nargs);
    return run_block(ex, blk);
}

simt_status simt_launch_steps_fault(const simt_exec *ex, simt_vm *vm, uint64_t b)
{
    uint32_t gx = ex->grid[0], gy = ex->grid[1];
    simt_vm_faultf(vm, "step limit exceeded: the blocks of this launch up to block (%u,%u,%u) "
                   "issued more than %llu warp instructions (raise it with --max-steps N)",
                   (unsigned)(b % gx), (unsigned)(b / gx % gy), (unsigned)(b / ((uint64_t)gx * gy)),
                   (unsigned long long)vm->cfg.max_launch_steps);
    vm->fault.pc = -1;
    vm->fault.in_kernel = 1;
    vm->fault_reported = 0;
    vm->fault.cuda_error = CUDA_ERROR_LAUNCH_TIMEOUT;
    vm->fault.kind = FAULT_HANG;
    return SIMT_FAULT;
}

/* Several host threads only where nothing shared would see the difference:
 * no observer that needs the blocks in order (the checkers, model, trace), no debugger, and a kernel whose blocks cannot
 * observe each other's order (simt_kernel_serial_reason). */
static int grid_parallel(const simt_exec *ex, uint64_t nblocks)
{
    const simt_vm *vm = ex->vm;
    return vm->cfg.threads > 1 && nblocks > 1 && !(vm->obs.flags & OBS_SERIAL) &&
           !ex->stepping && vm->kernel_parallel && vm->kernel_parallel[ex->kernel];
}

/* Whether the dispatch loop takes the observed memory paths (exec.h
 * observe): where an observer takes accesses, and where the model is timed,
 * so that the unobserved first cases of LD32 and ST32 (vm/interp.c) never
 * run inside the model's runs of issues and need no flush of their own. */
static int exec_observe(const simt_vm *vm)
{
    return (vm->obs.flags & (OBS_ACCESS | OBS_TIMED)) != 0;
}

/* Sets observers with any of `flags` aside for the rest of the launch
 * (exec.h, yielded). */
void simt_exec_set_aside(simt_exec *ex, unsigned flags)
{
    simt_vm *vm = ex->vm;
    ex->yielded |= simt_observe_yield(vm, flags);
    ex->observe = exec_observe(vm);
    ex->times_spins = (vm->obs.flags & OBS_TIMES_SPINS) != 0;
}

/* The resident policy takes the rest of the launch; observers with any of
 * `flags` are set aside first. */
static simt_status interleave(simt_exec *ex, simt_grid_work *g, unsigned flags)
{
    simt_exec_set_aside(ex, flags);
    return simt_policy_resident.run(ex, g);
}

/* The serial policy: blocks one after another, each to its end, as long as
 * none waits for another.  A block that parks at a grid barrier, or spins
 * (vm/resident.c), hands the rest of the launch to the resident policy.
 * Under --interleave=random (without --stats or a trace) the resident
 * policy runs the launch from its start.  Under the model's statistics or
 * a trace (one_at_a_time) a block is fingerprinted only at its rounds' ends
 * (spot_alone), which leaves the order of its warps, and so every modelled
 * figure, alone.  The checkers and the model follow interleaved blocks
 * (the block_slot event); a trace is set aside for the rest of the launch,
 * and an observer with OBS_SPIN_YIELDS where a block spins waiting for
 * another. */
static simt_status serial_run(simt_exec *ex, simt_grid_work *g)
{
    simt_vm *vm = ex->vm;
    int one_at_a_time = (vm->obs.flags & (OBS_FOLLOWS_BLOCKS | OBS_ROUND_PRINTS)) != 0;
    ex->spot_spin = !one_at_a_time && !ex->stepping;
    ex->spot_alone = one_at_a_time && !ex->stepping;
    ex->turn_end = UINT64_MAX;
    if (ex->wpol->interleave_blocks && !one_at_a_time)
        return interleave(ex, g, OBS_SPIN_YIELDS);
    for (uint64_t n = g->first; n < g->n; n++) {
        simt_status st = simt_block_run(ex, g->blk, g->order[n], g->args, g->nargs);
        if (st != SIMT_OK)
            return st;
        if (g->blk->spinning && one_at_a_time) {
            /* a libcu++ barrier that can never complete is the deadlock
             * the default run names */
            if (simt_block_libcu_deadlock(ex, g->blk, g->n > 1) != SIMT_OK)
                return SIMT_FAULT;
        }
        if (g->blk->grid_parked || g->blk->spinning) {
            g->first = n;
            g->started = 1;
            ex->spot_alone = 0;   /* the resident policy's turns fingerprint blocks */
            ex->spot_spin = !ex->stepping;
            return interleave(ex, g, OBS_FOLLOWS_BLOCKS |
                                     (g->blk->spinning ? OBS_SPIN_YIELDS : 0));
        }
        if (ex->steps > vm->cfg.max_launch_steps)
            return simt_launch_steps_fault(ex, vm, g->order[n]);
    }
    return SIMT_OK;
}

const simt_block_policy simt_policy_serial = { "serial", serial_run };

static simt_status run_grid(simt_exec *ex, simt_block *blk, const uint64_t *args, int nargs)
{
    uint64_t nblocks = (uint64_t)ex->grid[0] * ex->grid[1] * ex->grid[2];
    uint64_t *order = block_order(ex, nblocks);
    if (!order)
        return simt_vm_oom(ex->vm, "the block order");
    simt_grid_work g = { order, 0, nblocks, args, nargs, blk, 0 };
    const simt_block_policy *p = grid_parallel(ex, nblocks) ? &simt_policy_threads
                                                            : &simt_policy_serial;
    simt_status st = p->run(ex, &g);
    simt_free(&ex->vm->cfg.alloc, order);
    return st;
}

/* The blocks the device's SMs hold at once for this launch (occupancy):
 * a grid of more runs in waves (vm/timeline.c). */
static double sm_slots(const simt_exec *ex)
{
    return (double)ex->vm->cfg.device->sm_count * simt_exec_blocks_per_sm(ex);
}

simt_status simt_vm_launch(simt_vm *vm, uint32_t func, const uint32_t grid[3],
                           const uint32_t block[3], uint64_t dyn_shared, const uint64_t *args,
                           int nargs)
{
    const simt_module *mod = vm->mod;
    uint64_t stream = vm->launch_stream; /* this launch's alone, whatever happens to it */
    vm->launch_stream = 0;
    if (func >= mod->nfuncs || nargs != mod->sigs[mod->funcs[func].sig].nargs) {
        vm->last_error = CUDA_ERROR_INVALID_VALUE;
        return simt_vm_faultf(vm, "invalid kernel launch");
    }
    const simt_func *k = &mod->funcs[func];
    uint64_t shared = mod->shared_static + dyn_shared;
    uint64_t need = vm->kernel_shared[func] + dyn_shared;
    vm->launch_steps = 0;
    if (vm->kernel_faults > vm->cuda_reset_faults)
        return SIMT_OK; /* the context is broken: later launches do nothing, as in CUDA,
                           until cudaDeviceReset makes a new one */
    if (launch_check(vm, k, grid, block, need, args, nargs) != 0)
        return SIMT_OK;
    vm->printf_bytes = 0;

    simt_exec ex = {0};
    ex.vm = vm;
    ex.mod = mod;
    memcpy(ex.grid, grid, sizeof ex.grid);
    memcpy(ex.block_dim, block, sizeof ex.block_dim);
    ex.width = (uint32_t)vm->cfg.warp_size;
    ex.max_steps = vm->cfg.max_steps;
    ex.kernel = (int)func;
    ex.launch_site = vm->fault.pc; /* interp.c do_launch: the program's call */
    ex.lockstep = vm->cfg.sched == SCHED_LOCKSTEP;
    ex.wpol = ex.lockstep ? &simt_warp_lockstep
              : vm->cfg.interleave == INTERLEAVE_RANDOM ? &simt_warp_random : &simt_warp_its;
    ex.observe = exec_observe(vm);
    ex.times_spins = (vm->obs.flags & OBS_TIMES_SPINS) != 0;
    ex.stepping = vm->debug != NULL;
    simt_launch_info li = {func, {grid[0], grid[1], grid[2]}, {block[0], block[1], block[2]},
                           shared, args, nargs, need};
    ex.info = &li;
    SIMT_NOTIFY(vm, launch_begin, vm, &li);

    simt_block blk;
    simt_child_queue children = {0};
    simt_child_queue *outer = vm->children; /* a parent's, when this grid is a child */
    vm->children = &children;
    simt_status st = simt_block_alloc(&ex, &blk);
    if (st == SIMT_OK)
        st = run_grid(&ex, &blk, args, nargs);
    simt_block_free(&vm->cfg.alloc, &blk);
    vm->children = outer;
    if (ex.yielded)
        simt_observe_resume(vm);
    SIMT_NOTIFY(vm, launch_end, vm);

    vm->launch_steps = ex.steps;
    uint64_t blocks = (uint64_t)grid[0] * grid[1] * grid[2];
    uint64_t sms = blocks < (uint64_t)vm->cfg.device->sm_count ? blocks : (uint64_t)vm->cfg.device->sm_count;
    double cycles = (double)ex.steps / (double)(sms ? sms : 1);
    simt_kernel_busy busy = {0};
    if (simt_observing(vm, OBS_EV(cycles))) {
        /* the timing model's estimate replaces the baseline */
        int have;
        uint64_t c = simt_observe_cycles(vm, &have, &busy);
        if (have)
            cycles = (double)c;
    }
    double run_ms = (cycles < 1 ? 1 : cycles) / vm->cfg.device->clock_khz;
    double ms = run_ms + vm->cfg.device->launch_overhead_us / 1e3;
    vm->clock_ms += ms;
    /* what the kernel kept busy over its whole time: the launch's overhead
       keeps the SMs' pipelines idle */
    busy.issue *= run_ms / ms;
    busy.mem *= run_ms / ms;
    busy.dram *= run_ms / ms;
    /* the host does not wait: launches are asynchronous */
    if (simt_timeline_grid(vm, stream, ms, blocks, sm_slots(&ex), &busy) < 0 && st == SIMT_OK)
        st = simt_vm_oom(vm, "the SMs' use over time");
    if (st == SIMT_FAULT) {
        vm->fault.in_kernel = 1;
        vm->kernel_error = vm->fault.cuda_error ? vm->fault.cuda_error : CUDA_ERROR_ILLEGAL_ADDRESS;
    }
    /* the grid is complete once its children are (CUDA 12 dynamic parallelism) */
    uint64_t steps = ex.steps;
    st = simt_dev_run_children(vm, &children, stream, st, &steps);
    vm->launch_steps = steps;
    if (st == SIMT_FAULT) { /* seen by the host once the grid has ended, not at its launch */
        vm->kernel_fault_ms = simt_timeline_stream_done(vm, stream);
        vm->kernel_error_unseen = 1;
    }
    return st;
}
