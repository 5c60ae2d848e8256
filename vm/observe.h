/* vm/observe.h -- the one interface through which anything watches execution.
 *
 * Functional execution never depends on an observer: the checkers
 * (runtime/check*.c), the performance model (runtime/model.c), the trace and
 * report (runtime/trace.c) and any new observer only consume the events
 * below.  An observer is a table of callbacks plus a context, registered with
 * simt_vm_observe; the VM tells each registered observer of each event whose
 * callback it set, in registration order.  A callback left NULL costs
 * nothing, and a run with no observers builds no record at all: every call
 * site tests one bit of vm->obs.events first (simt_observing).
 *
 * Adding a checker or a model touches no vm/ file: write the callbacks and
 * register them (runtime/setup.c does it for the runtime's observers).
 */
#ifndef SIMT_OBSERVE_H
#define SIMT_OBSERVE_H

#include <stdint.h>

#include "vm/vm.h"

enum simt_access_kind { ACC_READ, ACC_WRITE, ACC_ATOMIC };

/* The shape of a warp's addresses, classified once by the memory unit
 * (vm/memunit.c) for every consumer. */
enum simt_access_shape {
    SHAPE_UNIFORM,           /* every lane of mask at one address (a broadcast, a counter) */
    SHAPE_UNIT_STRIDE,       /* lane l at the first lane's address + (l - first) * size */
    SHAPE_SEGMENT,           /* else: every lane within one 128-byte segment */
    SHAPE_SCATTERED,         /* anything else */
};

/* The bit of a space in simt_warp_access.spaces: its own for the valid
 * spaces, bit 7 for any larger number (a wild address), so that a bit never
 * stands for two spaces and a consumer may trust it without the lanes. */
#define SIMT_SPACE_BIT(space) (1u << ((space) < 7u ? (space) : 7u))

/* How the bounds check decided the instruction (vm/interp.c). */
enum simt_access_verdict {
    VERDICT_LANES,           /* lane by lane (each bad lane a fault or a finding) */
    VERDICT_REGION,          /* once for the group: every lane in one allocation, the
                                block's shared memory or the lanes' own local memory */
};

/* One warp-wide memory instruction, the memory unit's record of it: every
 * lane of `mask` accessed `size` bytes at addr[lane] (full SIMT_ADDR
 * addresses; a generic pointer may reach different spaces in different
 * lanes), and what the memory unit found out about the addresses once, so
 * that no consumer derives it again.  Whoever builds a record by hand
 * (tests, the model's register spills) calls simt_access_classify
 * (vm/memunit.h) after filling addr. */
typedef struct simt_warp_access {
    int32_t pc;
    uint8_t op;              /* OP_LD*, OP_LDX, OP_ST*, OP_ATOM, OP_ATOMCAS, OP_MEMCPY */
    uint8_t kind;            /* enum simt_access_kind */
    uint8_t size;            /* bytes per lane */
    uint8_t shape;           /* enum simt_access_shape */
    uint8_t spaces;          /* a bit (SIMT_SPACE_BIT) per space some lane reaches */
    uint8_t verdict;         /* enum simt_access_verdict */
    uint32_t mask;
    uint32_t warp;           /* warp index in its block */
    uint32_t width;          /* warp size */
    uint32_t tid_base;       /* linear thread index (in the block) of lane 0 */
    uint64_t bounds[2];      /* bounds[0] <= every lane's address <= bounds[1]: the first
                                and the last lane's at unit stride, else the AND and
                                the OR of the addresses (0, 0: no lane) */
    uint64_t addr[32];
} simt_warp_access;

/* One straight piece of a run: the instructions last - n + 1 .. last. */
#define SIMT_RUN_PIECES 8
typedef struct simt_pc_run {
    int32_t last;
    uint32_t n;
} simt_pc_run;

/* Where a launch and its blocks are. */
typedef struct simt_launch_info {
    uint32_t kernel;         /* function index */
    uint32_t grid[3], block[3];
    uint64_t shared_bytes;   /* static + dynamic shared memory per block */
    const uint64_t *args;    /* kernel argument values */
    int nargs;
    uint64_t kernel_shared;  /* of shared_bytes, what the kernel needs: its own static
                                variables + dynamic (occupancy, limits); shared_bytes
                                also holds other kernels' variables (vm/shared_use.c) */
} simt_launch_info;

/* Where the threads of one warp stand when the block's barrier opens:
 * lanes `arrived` wait at a barrier instruction (pc[l] - 1), lanes `exited`
 * have left the kernel.  Every warp of the block is told, in index order,
 * right before the barrier event. */
typedef struct simt_barrier_warp {
    uint32_t warp, tid_base;
    uint32_t arrived, exited;
    const int32_t *pc;       /* per lane; read during the call only */
} simt_barrier_warp;

/* A warp shuffle about to run: lane l of `lanes` reads lane src[l]. */
typedef struct simt_shfl_event {
    int32_t pc;
    uint32_t warp, tid_base;
    uint32_t lanes;          /* the participating lanes (they all arrived) */
    const uint8_t *src;      /* per lane, valid for the lanes of `lanes`; read during the call */
} simt_shfl_event;

/* Every kind of finding, the VM's own and the runtime's checkers', as data:
 * the text of each is written in one place (runtime/check.c ck_class_text)
 * and nothing decides anything from a finding's text.  Kept in step with the
 * public SIMTVM_FINDING_* (simtvm.h; runtime/api.c asserts it). */
enum simt_finding_kind {
    FIND_BAD_ACCESS,         /* an access that would fault, under --check=memory (space, write, size) */
    FIND_COLL_EXITED,        /* a warp collective names lanes that have exited */
    FIND_COLL_SELF,          /* a lane calls a collective whose mask does not name it */
    FIND_COLL_MISSING,       /* a warp collective that can never complete */
    FIND_BAR_DIVERGENT,      /* __syncthreads reached by part of a warp */
    FIND_DIV_ZERO,           /* integer division by zero (a warning) */
    /* found by the runtime's checkers (runtime/check*.c) */
    FIND_REM_ZERO,           /* integer remainder by zero (a warning) */
    FIND_RACE,               /* a data race (the two accesses' kinds) */
    FIND_UNINIT,             /* a read of memory never written (space, size) */
    FIND_BAR_BLOCK,          /* __syncthreads reached by part of a block */
    FIND_SHFL_INACTIVE,      /* a shuffle reads an inactive lane */
    FIND_DOUBLE_FREE,        /* free of freed memory */
    FIND_BAD_FREE,           /* free of a pointer malloc did not return */
    FIND_BAD_KERNEL_ARG,     /* a kernel argument that is no device pointer */
    FIND_API_EXTENT,         /* a copy larger than its source or destination allocation */
    FIND_API_DIRECTION,      /* cudaMemcpy's kind contradicts its pointers */
    FIND_API_UNWRITTEN,      /* device memory never written copied to the host */
    FIND_API_UNCHECKED,      /* a kernel launch error nobody checked */
    FIND_API_HOST_POINTER,   /* a host pointer passed to a kernel */
    FIND_API_LEAK,           /* device memory never freed */
    FIND_NKINDS
};

/* One finding, as data: its kind, what check reports it (CHECK_* bits; 0:
 * any checker), where (pc, block, thread), the object (a guest address, or
 * 0), what else its kind's text names (space, write, size) and a note
 * (detail: what the lanes did, in words, or NULL). */
typedef struct simt_finding {
    int kind;                /* enum simt_finding_kind */
    unsigned check;          /* CHECK_* */
    const char *detail;
    int32_t pc;
    const uint32_t *block;   /* block index [3], or NULL: the running block */
    uint32_t tid, lane;      /* linear thread index in the block, its lane */
    uint32_t warp, lanes;    /* FIND_DIV_ZERO: the warp and its lanes (lane 0: tid - lane) */
    uint64_t addr;           /* the address involved, or 0 */
    uint8_t space, write;    /* FIND_BAD_ACCESS: the space (SPACE_*), 1 for a write */
    uint16_t size;           /* FIND_BAD_ACCESS: bytes per lane */
} simt_finding;

/* How an observer changes the way the VM runs (simt_observer.flags). */
enum simt_observe_flag {
    OBS_ACCESS = 1,          /* wants a record of every device memory instruction */
    OBS_TIMED = 2,           /* the timing model: warps interleave by issue (issue, branch) */
    OBS_SERIAL = 4,          /* blocks of a launch must run on one host thread */
    OBS_FOLLOWS_BLOCKS = 8,  /* follows one block at a time: set aside for the rest of a
                                launch whose blocks interleave; fingerprints of a block
                                only at its rounds' ends (OBS_ROUND_PRINTS) */
    OBS_SPIN_YIELDS = 16,    /* follows interleaved blocks (block_slot, grid_barrier) but
                                is set aside for the rest of a launch where a block spins
                                waiting for another, or that --interleave=random runs
                                interleaved from its start */
    OBS_SYNC = 32,           /* wants warp-synchronisation findings (--check=sync) */
    OBS_MEMORY = 64,         /* bad accesses are findings, not faults (--check=memory) */
    OBS_QUIET_BRANCHES = 128,/* counts conditional branches from the issues it is told
                                (issue, issue_run): where every observer of branches
                                sets it, only a divergent branch is told (branch), and
                                a run goes on past a branch every lane falls through */
    OBS_ROUND_PRINTS = 256,  /* its figures depend on the order a block's warps run in:
                                the serial policy fingerprints a block only at the end
                                of a round of its warps (the model under --stats) */
    OBS_TIMES_SPINS = 512,   /* wants to hear of every pass of a loop that may poll
                                (spin_pass): the model, which does not time a pass of a
                                spin that changed nothing */
};

/* The callbacks of one observer; ctx is handed to each.  Any may be NULL. */
typedef struct simt_observer {
    const char *name;
    void *ctx;
    unsigned flags;          /* enum simt_observe_flag */
    void (*launch_begin)(void *ctx, simt_vm *vm, const simt_launch_info *li);
    /* a launch refused before it ran (why: the reason) */
    void (*launch_rejected)(void *ctx, simt_vm *vm, uint32_t kernel, const uint64_t *args,
                            int nargs, const char *why);
    void (*launch_end)(void *ctx, simt_vm *vm);
    void (*block_begin)(void *ctx, const uint32_t idx[3], uint32_t nthreads,
                        uint64_t shared_bytes);
    /* co-resident blocks interleave (vm/resident.c): what follows, up to the
     * next block_slot, is of the block in resident slot `slot` (< the
     * blocks the device holds at once) -- one that begins there
     * (block_begin follows) or one begun there earlier that goes on.  Until
     * the first of a launch, every block runs in slot 0, one after another.
     * An observer that keeps per-block state without OBS_FOLLOWS_BLOCKS
     * keeps it per slot. */
    void (*block_slot)(void *ctx, uint32_t slot);
    /* one warp instruction issued at pc by lanes `mask` (OBS_TIMED runs only) */
    void (*issue)(void *ctx, int32_t pc, uint32_t mask, uint32_t warp);
    /* the same for n instructions at once: pc last - n + 1 up to last, issued
     * one after the other by lanes `mask` of warp `warp` with no other event
     * between them.  Where every active observer of issues sets it, the
     * interpreter tells runs instead of single issues (one call per straight
     * run of code, not per instruction: the always-on model's cost); a
     * run ends before any other event, at a jump or a change of lanes
     * (a conditional branch that no lane takes is neither, and ends a run
     * only where it is told: see OBS_QUIET_BRANCHES). */
    void (*issue_run)(void *ctx, int32_t last, uint32_t n, uint32_t mask, uint32_t warp);
    /* the same for a run that went on across taken jumps (JMP, a loop's
     * back edge, a branch every lane of mask takes): its pieces in order,
     * as issue_run would have told them one after the other.  Where the
     * observer that sets it is the only one, the interpreter gathers the
     * pieces (up to SIMT_RUN_PIECES) and tells them in one call. */
    void (*issue_runs)(void *ctx, const simt_pc_run *runs, uint32_t nruns, uint32_t mask,
                       uint32_t warp);
    /* a conditional branch by lanes `mask`; `taken` of them jumped (OBS_TIMED
     * runs; where every observer of branches sets OBS_QUIET_BRANCHES, only
     * the divergent ones: 0 < popcount(taken) < popcount(mask)) */
    void (*branch)(void *ctx, int32_t pc, uint32_t mask, uint32_t taken, uint32_t warp);
    void (*access)(void *ctx, simt_vm *vm, const simt_warp_access *a);
    /* the same for an access that ends a run not told yet: its pieces
     * (npieces of them, as issue_runs tells them; 0 where the observer does
     * not take pieces) and then n issues (n may be 0), pc a->pc - n + 1 ..
     * a->pc, by lanes a->mask of warp a->warp, as issue_runs or issue_run
     * would have told them right before the access.  Where the observer
     * that sets it is the only one, loads and stores call it instead of
     * issue_run(s) and access: one call per run and access. */
    void (*access_run)(void *ctx, simt_vm *vm, const simt_warp_access *a,
                       const simt_pc_run *pieces, uint32_t npieces, uint32_t n);
    /* host code or a runtime builtin wrote [addr, addr+len) */
    void (*host_write)(void *ctx, uint64_t addr, uint64_t len);
    /* a fence by warp `warp` of the running block (scope: vm/module.h
     * simt_fence_scope); its issue was told before */
    void (*fence)(void *ctx, uint32_t warp, int scope);
    /* lanes `lanes` of warp `warp` synchronised (__syncwarp or a *_sync collective) */
    void (*warp_sync)(void *ctx, uint32_t warp, uint32_t lanes);
    void (*shfl)(void *ctx, simt_vm *vm, const simt_shfl_event *s);
    void (*barrier_warp)(void *ctx, const simt_barrier_warp *bw);
    /* __syncthreads is about to release the block: the warps' clocks still
     * show who arrived last (the trace draws the wait) */
    void (*barrier_ready)(void *ctx);
    /* __syncthreads released every thread of the block */
    void (*barrier)(void *ctx);
    /* every block of the grid arrived at this_grid().sync(): what any
     * block did before it is ordered before what any does after (each
     * block's release follows, as block_slot and barrier) */
    void (*grid_barrier)(void *ctx);
    /* warp `warp` passed the back edge of a loop that may poll memory
     * (vm/module.h SIMT_YIELD_POLLS; observers with OBS_TIMES_SPINS).
     * repeat 0: the pass changed something; 1: the pass since its last one
     * at that back edge changed nothing -- its registers, local memory and
     * lanes are as they were and it stored nothing -- so it was a spin's,
     * waiting for another thread's store; 2: that, and no other warp
     * started a group between.  The runs and accesses of the pass were
     * told before. */
    void (*spin_pass)(void *ctx, uint32_t warp, int repeat);
    void (*finding)(void *ctx, simt_vm *vm, const simt_finding *f);
    /* queries: the clock (cycles) of warp `warp` of the running block, what
     * clock() reads; the cycles of the launch that just ended (0: none) and
     * what it kept busy (vm/timeline.c shares that between streams) */
    uint64_t (*clock)(void *ctx, uint32_t warp);
    /* the latest clock of a warp of the block in resident slot `seat`
     * (block_slot), where it stands in its run */
    uint64_t (*seat_clock)(void *ctx, uint32_t seat);
    uint64_t (*cycles)(void *ctx, simt_kernel_busy *busy);
} simt_observer;

/* One bit per event, for vm->obs.events. */
enum simt_observe_event {
#define SIMT_OBS_EVENTS(X) X(launch_begin) X(launch_rejected) X(launch_end) X(block_begin) X(block_slot) \
    X(issue) X(issue_run) X(issue_runs) X(branch) X(access) X(access_run) X(host_write) X(fence) X(warp_sync) X(shfl) X(barrier_warp) \
    X(barrier_ready) X(barrier) X(grid_barrier) X(spin_pass) X(finding) X(clock) X(seat_clock) X(cycles)
#define SIMT_OBS_BIT(ev) OBS_EV_##ev##_bit,
    SIMT_OBS_EVENTS(SIMT_OBS_BIT)
#undef SIMT_OBS_BIT
    OBS_NEVENTS
};
#define OBS_EV(ev) (1u << OBS_EV_##ev##_bit)
_Static_assert(OBS_NEVENTS == SIMT_OBS_NEVENTS, "vm/vm.h SIMT_OBS_NEVENTS");

/* Registers o (which must outlive the VM, or its removal by
 * simt_vm_observe_clear).  Returns 0, or -1 when SIMT_MAX_OBSERVERS are
 * registered already. */
int simt_vm_observe(simt_vm *vm, const simt_observer *o);
void simt_vm_observe_clear(simt_vm *vm);
/* Reads the registered tables again, after an observer's ctx changed. */
void simt_vm_observe_refresh(simt_vm *vm);
/* Sets aside the observers with any of `flags` (OBS_SPIN_YIELDS,
 * OBS_FOLLOWS_BLOCKS) until simt_observe_resume; returns those set aside (a
 * bit per registration index). */
unsigned simt_observe_yield(simt_vm *vm, unsigned flags);
void simt_observe_resume(simt_vm *vm);

static inline int simt_observing(const simt_vm *vm, unsigned events)
{
    return (vm->obs.events & events) != 0;
}

/* Calls callback ev of every active observer that set it, with ctx first. */
#define SIMT_NOTIFY(vm, ev, ...)                                                        \
    do {                                                                                \
        const simt_observers *obs_ = &(vm)->obs;                                        \
        for (unsigned k_ = 0; k_ < obs_->ncall[OBS_EV_##ev##_bit]; k_++) {              \
            const struct simt_obs_call *c_ = &obs_->call[OBS_EV_##ev##_bit][k_];        \
            ((__typeof__(((simt_observer *)0)->ev))c_->fn)(c_->ctx, __VA_ARGS__);       \
        }                                                                               \
    } while (0)
/* The same for callbacks that take the context alone. */
#define SIMT_NOTIFY0(vm, ev)                                                            \
    do {                                                                                \
        const simt_observers *obs_ = &(vm)->obs;                                        \
        for (unsigned k_ = 0; k_ < obs_->ncall[OBS_EV_##ev##_bit]; k_++) {              \
            const struct simt_obs_call *c_ = &obs_->call[OBS_EV_##ev##_bit][k_];        \
            ((__typeof__(((simt_observer *)0)->ev))c_->fn)(c_->ctx);                    \
        }                                                                               \
    } while (0)

/* The first active observer's clock of warp `warp`; *have is 0 when none
 * keeps one. */
uint64_t simt_observe_clock(const simt_vm *vm, uint32_t warp, int *have);
/* The first active observer's seat_clock of resident slot `seat`;
 * UINT64_MAX when none keeps one. */
uint64_t simt_observe_seat_clock(const simt_vm *vm, uint32_t seat);
/* The first active observer's cycles of the launch that just ended, and in
 * *busy what the launch kept busy (all 0 where *have is 0). */
uint64_t simt_observe_cycles(const simt_vm *vm, int *have, simt_kernel_busy *busy);
/* Tells every observer of a finding (vm/observe.c). */
void simt_observe_finding(simt_vm *vm, const simt_finding *f);

#endif
