/* vm/resident.c -- the co-resident block scheduler (SPEC 3.1), a block
 * policy (vm/policy.h), and progress from state.
 *
 * A GPU keeps as many blocks resident as fit on its SMs (occupancy x SMs)
 * and interleaves them; a block that waits for another (a flag, a hand-made
 * grid barrier, this_grid().sync()) finishes when the other is resident.
 * simtvm runs blocks one after another (vm/grid.c, the serial policy) until
 * one of them stops making progress -- it spins or parks at a grid barrier;
 * this policy then takes over the rest of the launch: it keeps up to `limit`
 * blocks started, each with its own warps and shared memory, and gives them
 * turns of TURN warp instructions in a fixed order (the launch's block
 * order), admitting the next block in order whenever one ends.  Running
 * blocks one after another until one waits is a schedule an H100 may show
 * too, and it keeps the speed of launches whose blocks never wait.
 *
 * Progress from state: a block is *spinning* when its whole state (pcs,
 * lane states, convergence barriers, registers, local and shared memory)
 * is what it was at its previous fingerprint and it wrote no memory since
 * (simt_warp.stores: stores, copies and atomics that changed a value).
 * Such a block can only repeat itself until another block writes memory:
 * only another block can unblock it.  When every block resident spins for
 * two rounds fingerprinted at every turn, nothing will change; a block
 * not yet admitted would have been the one to write: it can never become
 * resident, and that is the fault, naming both blocks.
 *
 * Deterministic: the turns depend on warp instruction counts only (and on
 * --seed under --interleave=random, which varies their lengths), never on
 * host threads; launches whose blocks may observe each other never run on
 * several host threads (vm/threads.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/occupancy.h"
#include "vm/alloc.h"
#include "vm/exec.h"
#include "vm/observe.h"
#include "vm/policy.h"

/* Warp instructions of one co-resident block's turn. */
#define TURN (1u << 15)
/* Warp instructions of the launch between fingerprints of one block, unless
 * the resident policy asks for one at every turn's end (ex->force_print). */
#define PRINT_GAP (1u << 14)

/* ---- fingerprints ---- */

static uint64_t mix(uint64_t h, uint64_t x)
{
    h = (h ^ x) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
}

static uint64_t mix_bytes(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        uint64_t x;
        memcpy(&x, b + k, 8);
        h = mix(h, x);
    }
    uint64_t tail = 0;
    memcpy(&tail, b + k, n - k);
    return mix(h, tail ^ n);
}

/* What a warp's future depends on; not its counters (spin, quantum, random
 * stream) nor the order its groups were split in.  Without pcs, for a warp
 * whose running group's pc is the caller's (vm/sched.c). */
uint64_t simt_warp_print(uint64_t h, const simt_warp *w, int pcs)
{
    unsigned W = w->width;
    if (pcs) {
        h = mix_bytes(h, w->pc, W * sizeof w->pc[0]);
        h = mix_bytes(h, w->fp, W * sizeof w->fp[0]);
    }
    h = mix_bytes(h, w->in_state, sizeof w->in_state);
    h = mix_bytes(h, w->depth, W * sizeof w->depth[0]);
    for (uint32_t id = 0; id < w->ncbars; id++) {
        const simt_cbar *b = &w->cbars[id];
        h = mix(h, (uint64_t)b->expected << 32 | b->arrived);
        h = mix(h, (uint64_t)(uint32_t)b->rpc << 32 | b->refs);
    }
    h = mix_bytes(h, w->regs, (size_t)w->reg_cap * W * 8);
    return mix_bytes(h, w->local, (size_t)w->local_cap * W);
}

static uint32_t block_stores(const simt_block *blk)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < blk->nwarps; k++)
        n += blk->warps[k].stores;
    return n;
}

static uint64_t block_print(const simt_block *blk)
{
    uint64_t h = mix_bytes(0x243f6a8885a308d3ull, blk->shared, blk->shared_size);
    h = mix(h, (uint64_t)blk->bar_waiting << 32 | blk->bar_count);
    for (uint32_t k = 0; k < blk->nwarps; k++)
        h = simt_warp_print(h, &blk->warps[k], 1);
    return h;
}

void simt_block_spins(simt_exec *ex, simt_block *blk)
{
    if (!ex->spot_spin && !ex->spot_alone && ex->turn_end == UINT64_MAX)
        return; /* nothing fingerprints blocks (the debugger steps) */
    ex->spins_seen = 1;
    blk->poll_spins = 1;
    blk->check_at = ex->steps;
    if (ex->turn_end < UINT64_MAX - 1) /* not the last block's run to its limit */
        ex->turn_end = ex->steps;
}

int simt_block_turn_over(simt_exec *ex, simt_block *blk)
{
    if (ex->force_print || blk->poll_spins || ex->steps - blk->print_at >= PRINT_GAP) {
        blk->poll_spins = 0;
        uint64_t h = block_print(blk);
        uint32_t stores = block_stores(blk);
        /* the state came back with nothing stored: a cycle (of one or two
         * prints: warps that end their turns at a spin's pass and at a
         * __nanosleep in it stand alternately at either) */
        blk->spinning = (h == blk->print || h == blk->print_before) &&
                        stores == blk->print_stores;
        blk->print_before = stores == blk->print_stores ? blk->print : 0;
        blk->print = h;
        blk->print_stores = stores;
        blk->print_at = ex->steps;
    } else if (block_stores(blk) != blk->print_stores) {
        blk->spinning = 0; /* short turns: not every turn is fingerprinted */
    }
    if (ex->steps >= ex->turn_end || (blk->spinning && ex->turn_end == UINT64_MAX))
        return 1;
    uint64_t next = ex->steps + SIMT_BLOCK_SPIN_CHECK;
    blk->check_at = next < ex->turn_end ? next : ex->turn_end;
    return 0;
}

/* ---- the resident set ---- */

typedef struct resident {
    simt_exec *ex;
    simt_grid_work *g;
    simt_block *slot;        /* the blocks started and not ended */
    uint64_t *place;         /* slot k runs order[place[k]] */
    uint8_t *live;
    uint32_t *seat;          /* slot k is the observers' slot seat[k] (block_slot) */
    uint64_t nslots, next;   /* order[next] is the next block to admit */
    uint64_t limit;
    int bps;                 /* blocks per SM */
    int shuffle;             /* --interleave=random */
    uint64_t rng;            /* then the turn lengths */
    int ended;               /* a block of the launch has ended */
    uint32_t ended_idx[3];
    int hopeless;            /* everything admitted, everything spins */
} resident;

static void linear_idx(const simt_exec *ex, uint64_t b, uint32_t idx[3])
{
    idx[0] = (uint32_t)(b % ex->grid[0]);
    idx[1] = (uint32_t)(b / ex->grid[0] % ex->grid[1]);
    idx[2] = (uint32_t)(b / ((uint64_t)ex->grid[0] * ex->grid[1]));
}

/* Blocks per SM as cudaOccupancyMaxActiveBlocksPerMultiprocessor gives
 * them (the hardware's granularities), at least 1. */
int simt_exec_blocks_per_sm(const simt_exec *ex)
{
    const simt_vm *vm = ex->vm;
    const simt_func *k = &ex->mod->funcs[ex->kernel];
    int regs = (int)(k->nregs_model ? k->nregs_model : k->nregs);
    if (vm->cfg.maxrregcount && regs > vm->cfg.maxrregcount)
        regs = vm->cfg.maxrregcount;
    int threads = (int)(ex->block_dim[0] * ex->block_dim[1] * ex->block_dim[2]);
    simt_occupancy occ;
    if (!vm->cfg.device ||
        simt_occupancy_compute(vm->cfg.device, threads, regs, ex->info->kernel_shared, 1, &occ) != 0 ||
        occ.blocks_per_sm < 1)
        return 1;
    return occ.blocks_per_sm;
}

/* Starts order[next] in slot k. */
static simt_status admit(resident *r, uint64_t k)
{
    simt_grid_work *g = r->g;
    r->place[k] = r->next++;
    r->live[k] = 1;
    SIMT_NOTIFY(r->ex->vm, block_slot, r->seat[k]);
    simt_block_start(r->ex, &r->slot[k], g->order[r->place[k]], g->args, g->nargs);
    r->slot[k].used = 0;
    return SIMT_OK;
}

int simt_block_past_horizon(simt_exec *ex)
{
    return simt_observe_seat_clock(ex->vm, ex->seat) > ex->horizon;
}

/* The earliest modelled clock of the live blocks other than slot k's that
 * do not wait at a grid barrier (UINT64_MAX: none, or no model). */
static uint64_t horizon_of(const resident *r, uint64_t k)
{
    uint64_t h = UINT64_MAX;
    for (uint64_t j = 0; j < r->nslots; j++)
        if (j != k && r->live[j] && !r->slot[j].grid_parked) {
            uint64_t c = simt_observe_seat_clock(r->ex->vm, r->seat[j]);
            h = c < h ? c : h;
        }
    return h;
}

/* One turn of slot k: up to the end of its turn, its end, a fault, or a
 * grid barrier.  Each block keeps its own step budget and clock. */
static simt_status turn(resident *r, uint64_t k)
{
    simt_exec *ex = r->ex;
    simt_block *blk = &r->slot[k];
    uint64_t budget = ex->vm->cfg.max_steps, len = TURN;
    budget = budget > blk->used ? budget - blk->used : 0;
    blk->steps0 = ex->steps - blk->used;
    ex->max_steps = ex->steps + budget >= ex->steps ? ex->steps + budget : UINT64_MAX;
    ex->block_serial = r->g->order[r->place[k]];
    if (r->shuffle) /* turns of seeded lengths */
        len = TURN / 8 + simt_rng_next(&r->rng) % TURN;
    ex->turn_end = r->hopeless ? UINT64_MAX - 1 : ex->steps + len;
    blk->check_at = ex->turn_end;
    ex->seat = r->seat[k];
    ex->horizon = ex->spins_seen && ex->times_spins && !r->hopeless ? horizon_of(r, k)
                                                                    : UINT64_MAX;
    ex->horizon_on = ex->horizon != UINT64_MAX;
    SIMT_NOTIFY(ex->vm, block_slot, r->seat[k]);
    simt_status st = simt_block_resume(ex, blk);
    ex->horizon_on = 0;
    blk->used = ex->steps - blk->steps0;
    return st;
}

/* A fault at the first lane of blk that waits at its barrier, or else at
 * its first lane that can run. */
simt_status simt_exec_fault_waiting(simt_exec *ex, simt_block *blk, const char *msg)
{
    /* a wait that never ends: a GPU would hang (cudaErrorLaunchTimeout) */
    for (uint32_t k = 0; k < blk->nwarps; k++) {
        simt_warp *w = &blk->warps[k];
        if (w->in_state[LANE_BAR]) {
            unsigned l = (unsigned)__builtin_ctz(w->in_state[LANE_BAR]);
            simt_exec_hang(ex, blk, w, l, w->pc[l] - 1, "%s", msg);
            return SIMT_FAULT;
        }
    }
    /* a spinning block: its first ready lane, in its loop */
    for (uint32_t k = 0; k < blk->nwarps; k++) {
        simt_warp *w = &blk->warps[k];
        uint32_t m = w->in_state[LANE_READY] | w->in_state[LANE_JOIN] | w->in_state[LANE_COLL];
        if (m) {
            unsigned l = (unsigned)__builtin_ctz(m);
            simt_exec_hang(ex, blk, w, l, w->pc[l] > 0 ? w->pc[l] - 1 : 0, "%s", msg);
            return SIMT_FAULT;
        }
    }
    simt_vm_faultf(ex->vm, "%s", msg);
    ex->vm->fault.cuda_error = CUDA_ERROR_LAUNCH_TIMEOUT;
    ex->vm->fault.kind = FAULT_HANG;
    return SIMT_FAULT;
}

/* A wait that only a block not yet admitted could end. */
static simt_status never_resident(resident *r, simt_block *blk, const char *what)
{
    uint32_t idx[3];
    char msg[400];
    linear_idx(r->ex, r->g->order[r->next], idx);
    snprintf(msg, sizeof msg, "deadlock: block (%u,%u,%u) %s block (%u,%u,%u), which can never "
             "become resident: %llu blocks of this kernel fit on the device at once (%d per SM "
             "x %d SMs), all of them wait, and the grid has %llu",
             blk->idx[0], blk->idx[1], blk->idx[2], what, idx[0], idx[1], idx[2],
             (unsigned long long)r->limit, r->bps, r->ex->vm->cfg.device->sm_count,
             (unsigned long long)r->g->n);
    return simt_exec_fault_waiting(r->ex, blk, msg);
}

/* A spin nothing can end whose lanes wait inside libcu++'s cuda::barrier
 * or cuda::pipeline (lang/libcudacxx.c writes their waits as spin loops):
 * that is a barrier that can never complete, a deadlock like a
 * __syncthreads that some threads never reach, reported at once at the
 * program's own call rather than at the step limit.  Frames hold the return
 * pc in register 0 and the caller's frame in register 1 (vm/module.h). */
static int in_libcu(const simt_exec *ex, int32_t pc)
{
    if (pc < 0 || (uint32_t)pc >= ex->mod->ncode)
        return 0;
    const char *name = ex->mod->funcs[ex->vm->func_of_pc[pc]].name;
    return name && (!strncmp(name, "cuda::", 6) || !strncmp(name, "__simtvm_cuda", 13));
}

/* Whether the frame of function f, at pc, holds a pointer to a barrier word
 * (__simtvm_cuda_load's p, a cuda::barrier member's this) in R[3]. */
static int barrier_frame(const simt_exec *ex, int32_t pc)
{
    const char *name = ex->mod->funcs[ex->vm->func_of_pc[pc]].name;
    return name && (!strcmp(name, "__simtvm_cuda_load") || !strncmp(name, "cuda::barrier<", 14));
}

/* block_only: the block runs alone (the model or a trace follows one block
 * at a time, and the block is fingerprinted at its rounds' ends).  A
 * barrier in its own shared memory is then certain never to complete; one
 * in global memory may be completed by other blocks (other_blocks: the grid
 * has blocks besides this one), which the interleaved run that follows
 * decides.  Then every waiting lane must show its barrier. */
static simt_status libcu_deadlock(simt_exec *ex, simt_block *blk, int block_only,
                                  int other_blocks)
{
    simt_warp *at = NULL;
    unsigned at_lane = 0, waiting = 0;
    int32_t at_pc = -1;
    int in_global = 0;
    for (uint32_t k = 0; k < blk->nwarps; k++) {
        simt_warp *w = &blk->warps[k];
        unsigned W = w->width;
        uint32_t m = w->in_state[LANE_READY] | w->in_state[LANE_JOIN];
        for (; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            int32_t pc = w->pc[l] > 0 ? w->pc[l] - 1 : 0;
            uint32_t fp = w->fp[l];
            if (!in_libcu(ex, pc))
                return SIMT_OK; /* a lane spins elsewhere: not this rule's */
            int shown = 0;
            for (int depth = 0; depth < 64 && fp > 0 && in_libcu(ex, pc); depth++) {
                const uint64_t *R = w->regs + (size_t)fp * W;
                if (block_only && barrier_frame(ex, pc)) {
                    if (SIMT_ADDR_SPACE(R[(size_t)SIMT_FRAME_LINK * W + l]) != SPACE_SHARED)
                        in_global = 1;
                    shown = 1;
                }
                pc = (int32_t)R[l] - 1; /* the CALL */
                fp = (uint32_t)R[W + l];
            }
            if (block_only && !shown)
                return SIMT_OK;
            waiting++;
            if (!at) {
                at = w, at_lane = l, at_pc = pc;
            }
        }
    }
    if (!at)
        return SIMT_OK;
    if (in_global && other_blocks)
        return SIMT_OK; /* other blocks may arrive once the blocks interleave */
    simt_exec_hang(ex, blk, at, at_lane, at_pc,
                   "deadlock: %u thread(s) of block (%u,%u,%u) wait at a cuda::barrier (or "
                   "cuda::pipeline) whose phase can never complete: no thread left will "
                   "arrive at it (is its expected count larger than the threads that "
                   "arrive?)",
                   waiting, blk->idx[0], blk->idx[1], blk->idx[2]);
    return SIMT_FAULT;
}

simt_status simt_block_libcu_deadlock(simt_exec *ex, simt_block *blk, int other_blocks)
{
    return libcu_deadlock(ex, blk, 1, other_blocks);
}

/* Every live block waits at this_grid().sync(): release them, or fault. */
static simt_status grid_release(resident *r)
{
    simt_block *first = NULL;
    for (uint64_t k = 0; k < r->nslots && !first; k++)
        if (r->live[k])
            first = &r->slot[k];
    if (r->ended) {
        char msg[200];
        snprintf(msg, sizeof msg, "deadlock: this_grid().sync() waits for block (%u,%u,%u), "
                 "which ended without reaching it", r->ended_idx[0], r->ended_idx[1],
                 r->ended_idx[2]);
        return simt_exec_fault_waiting(r->ex, first, msg);
    }
    if (r->next < r->g->n)
        return never_resident(r, first, "waits at this_grid().sync() for");
    SIMT_NOTIFY0(r->ex->vm, grid_barrier);
    for (uint64_t k = 0; k < r->nslots; k++) {
        simt_block *blk = &r->slot[k];
        if (!r->live[k])
            continue;
        blk->grid_parked = 0;
        blk->grid_go = 1;
        SIMT_NOTIFY(r->ex->vm, block_slot, r->seat[k]);
        simt_block_barrier_release(r->ex, blk);
    }
    return SIMT_OK;
}

/* A block ended in slot k: admit the next, or leave the slot empty. */
static simt_status block_ended(resident *r, uint64_t k)
{
    simt_exec *ex = r->ex;
    if (!r->ended) {
        r->ended = 1;
        memcpy(r->ended_idx, r->slot[k].idx, sizeof r->ended_idx);
    }
    if (ex->steps > ex->vm->cfg.max_launch_steps)
        return simt_launch_steps_fault(ex, ex->vm, r->g->order[r->place[k]]);
    if (r->next < r->g->n)
        return admit(r, k);
    r->live[k] = 0;
    return SIMT_OK;
}

/* One round: every live block's turn.  *waiting: every live block spins or
 * waits at a grid barrier; *parked, *live: how many wait there, live. */
static simt_status round_robin(resident *r, int *waiting, uint64_t *parked, uint64_t *live)
{
    simt_status st = SIMT_OK;
    *waiting = 1;
    *parked = *live = 0;
    for (uint64_t k = 0; k < r->nslots && st == SIMT_OK; k++) {
        simt_block *blk = &r->slot[k];
        if (!r->live[k])
            continue;
        if (!blk->grid_parked)
            st = turn(r, k);
        if (st != SIMT_OK)
            break;
        /* an observer that cannot follow waits gives way at the first */
        if (blk->spinning && (r->ex->vm->obs.flags & OBS_SPIN_YIELDS))
            simt_exec_set_aside(r->ex, OBS_SPIN_YIELDS);
        if (blk->grid_parked) {
            (*parked)++, (*live)++;
        } else if (!simt_block_alive(blk)) {
            *waiting = 0;
            st = block_ended(r, k);
            *live += r->live[k];
        } else {
            (*live)++;
            *waiting &= blk->spinning;
        }
        if (r->hopeless) {
            /* the block that trips its step limit first -- or that ended
             * after all (its warp's own lanes released it: vm/sched.c
             * simt_spin_release), when the others go on in turns */
            r->hopeless = simt_block_alive(blk) && st == SIMT_OK;
            for (uint64_t j = k + 1; j < r->nslots; j++)
                *live += r->live[j];
            break;
        }
    }
    return st;
}

static simt_status resident_loop(resident *r)
{
    simt_status st = SIMT_OK;
    int quiet = 0;
    for (;;) {
        int waiting;
        uint64_t parked, live;
        st = round_robin(r, &waiting, &parked, &live);
        if (st != SIMT_OK || !live)
            return st;
        if (parked == live) {
            st = grid_release(r);
            if (st != SIMT_OK)
                return st;
            quiet = 0;
            continue;
        }
        /* Every block seemed to spin: the next rounds fingerprint every
         * block at every turn's end; two of them in which every block still
         * spins (so no block wrote memory) prove it. */
        quiet = waiting ? quiet + 1 : 0;
        r->ex->force_print = quiet > 0;
        if (quiet < 3)
            continue;
        simt_block *spin = NULL;
        for (uint64_t k = 0; k < r->nslots && !spin; k++)
            if (r->live[k] && !r->slot[k].grid_parked)
                spin = &r->slot[k];
        if (r->next < r->g->n)
            return never_resident(r, spin, "spins waiting for memory that no resident block "
                                  "will write; the next block to run is");
        /* Every block is resident and spins: nothing can change.  A wait
         * in libcu++'s barriers is a named deadlock; otherwise the first
         * block runs on alone to its step limit, the fault a GPU's
         * watchdog gives. */
        if (libcu_deadlock(r->ex, spin, 0, 0) != SIMT_OK)
            return SIMT_FAULT;
        r->hopeless = 1;
        for (uint64_t k = 0; k < r->nslots; k++)
            if (&r->slot[k] == spin) {
                simt_block t = r->slot[0];
                uint64_t p = r->place[0];
                uint8_t l = r->live[0];
                uint32_t s = r->seat[0];
                r->slot[0] = r->slot[k], r->place[0] = r->place[k], r->live[0] = r->live[k];
                r->seat[0] = r->seat[k];
                r->slot[k] = t, r->place[k] = p, r->live[k] = l, r->seat[k] = s;
            }
    }
}

static simt_status resident_run(simt_exec *ex, simt_grid_work *g)
{
    simt_vm *vm = ex->vm;
    resident r = { ex, g, NULL, NULL, NULL, NULL, 0, g->first, 0, simt_exec_blocks_per_sm(ex),
                   0, 0, 0, {0}, 0 };
    r.limit = (uint64_t)r.bps * (uint64_t)(vm->cfg.device ? vm->cfg.device->sm_count : 1);
    r.nslots = g->n - g->first < r.limit ? g->n - g->first : r.limit;
    r.shuffle = ex->wpol->interleave_blocks;
    r.rng = vm->cfg.seed ^ 0x94d049bb133111ebull;
    if (g->first > 0) { /* blocks order[0..first) ran to their ends */
        r.ended = 1;
        linear_idx(ex, g->order[0], r.ended_idx);
    }
    r.slot = simt_calloc(&vm->cfg.alloc, (size_t)r.nslots, sizeof *r.slot);
    r.place = simt_calloc(&vm->cfg.alloc, (size_t)r.nslots, sizeof *r.place);
    r.live = simt_calloc(&vm->cfg.alloc, (size_t)r.nslots, 1);
    r.seat = simt_calloc(&vm->cfg.alloc, (size_t)r.nslots, sizeof *r.seat);
    simt_status st = SIMT_OK;
    if (!r.slot || !r.place || !r.live || !r.seat)
        st = simt_vm_oom(vm, "the resident blocks");
    for (uint64_t s = 0; r.seat && s < r.nslots; s++)
        r.seat[s] = (uint32_t)s;
    uint64_t k = 0;
    if (st == SIMT_OK && g->started) { /* the caller's block goes on in slot 0 */
        r.slot[0] = *g->blk;
        memset(g->blk, 0, sizeof *g->blk); /* the caller frees an empty block */
        r.slot[0].used = ex->steps - r.slot[0].steps0;
        r.place[0] = r.next++;
        r.live[0] = 1;
        k = 1;
    }
    for (; k < r.nslots && st == SIMT_OK; k++) {
        st = simt_block_alloc(ex, &r.slot[k]);
        if (st == SIMT_OK)
            st = admit(&r, k);
    }
    if (st == SIMT_OK)
        st = resident_loop(&r);
    for (k = 0; r.slot && k < r.nslots; k++)
        simt_block_free(&vm->cfg.alloc, &r.slot[k]);
    simt_free(&vm->cfg.alloc, r.slot);
    simt_free(&vm->cfg.alloc, r.place);
    simt_free(&vm->cfg.alloc, r.live);
    simt_free(&vm->cfg.alloc, r.seat);
    ex->turn_end = UINT64_MAX;
    ex->force_print = 0;
    return st;
}

const simt_block_policy simt_policy_resident = { "resident", resident_run };
