/* vm/vm.h -- the virtual machine handle and what the runtime shares with it.
 *
 * A simt_vm owns everything of one run: the loaded module, the memory system,
 * the CUDA runtime state (last error, events), the output streams and the
 * configuration.  There is no global or static mutable state anywhere: two
 * VMs coexist in one process.
 *
 * Layers point down: vm/ (bytecode, memory, interpreter, scheduling) includes
 * nothing of runtime/.  What the VM needs from above -- host calls (HCALL
 * builtins and native imports) and the device printf sink -- comes through
 * the simt_host_ops table below, which the runtime installs
 * (runtime/runtime.h simt_vm_init); what watches execution -- checkers, the
 * model, trace, report -- registers through vm/observe.h.
 */
#ifndef SIMT_VM_H
#define SIMT_VM_H

#include <stdint.h>
#include <stdio.h>

#include "vm/lanes.h"
#include "vm/module.h"
#include "vm/render.h"
#include "vm/device.h"
#include "vm/memory.h"

/* ---- configuration (simt_config_init sets the defaults) ---- */
enum simt_sched { SCHED_ITS, SCHED_LOCKSTEP };
enum simt_interleave { INTERLEAVE_CONVERGE, INTERLEAVE_RANDOM };
/* CHECK_API (host-side CUDA mistakes) is not part of --check=all (SPEC 4). */
enum simt_check { CHECK_RACE = 1, CHECK_SYNC = 2, CHECK_MEMORY = 4, CHECK_INIT = 8, CHECK_API = 16 };

typedef struct simt_config {
    int warp_size;              /* 4, 8, 16 or 32 */
    int sched;                  /* enum simt_sched */
    int interleave;             /* enum simt_interleave */
    uint64_t seed;
    int block_order_random;
    int threads;                /* host threads running blocks (vm/threads.c) */
    uint64_t max_steps;         /* warp instructions per block (a runaway loop) */
    uint64_t max_launch_steps;  /* warp instructions of all the blocks of a launch */
    uint64_t max_host_steps;    /* instructions of main()'s thread with the launches it
                                   makes (0: no limit, the default) */
    uint64_t max_memory;        /* bytes of guest memory */
    unsigned checks;            /* enum simt_check bits */
    int stats;                  /* collect statistics (--stats) */
    int no_simd;
    int quiet;
    int wall_clock;             /* --wall-clock: host clocks read the host's real time */
    const simt_device_profile *device;
    /* Native functions (runtime/ffi.h): shared libraries searched for extern
     * functions (--native-lib; NULL-terminated, may be NULL), and functions an
     * embedder registered, searched first.  Both must outlive simt_vm_init. */
    const char *const *native_libs;
    const struct simt_ffi_symbol *native_syms;
    size_t nnative_syms;
    /* --maxrregcount: registers per thread the model may keep in registers
     * (0: no cap); the rest are charged as local-memory spills (SPEC 3.3). */
    int maxrregcount;
    /* Viewers (runtime/trace.c, runtime/report.c); each NULL when off.  Either
     * one runs the performance model, as --stats does, for its cycles. */
    const char *trace_path;     /* --trace FILE.json: Chrome trace-event timeline */
    const char *trace_blocks;   /* --trace-blocks LIST ("0,4,8-11"): linear block indices */
    const char *report_path;    /* --report FILE.html */
    /* --max-printf: bytes of device printf output one launch may write; the
     * rest is dropped with a warning (CUDA's printf buffer is bounded too). */
    uint64_t max_printf;
    /* Where the VM's host memory comes from (vm/alloc.h; zeroed: libc). */
    simt_allocator alloc;
    /* How faults and findings are printed (--color, --diagnostics-format). */
    simt_rstyle diag_style;
} simt_config;

void simt_config_init(simt_config *cfg);

/* Limits without an option: one printf call's output, and the default of
 * cfg.max_printf (runtime/printf.c, runtime/host.c). */
#define SIMT_PRINTF_CALL_MAX (1u << 20)
#define SIMT_MAX_PRINTF_DEFAULT (16u << 20)

/* ---- faults: guest errors are statuses, never abort() ---- */
typedef enum simt_status {
    SIMT_OK = 0,
    SIMT_EXIT,            /* the program called exit(): not an error */
    SIMT_FAULT,           /* a kernel or host fault: message in vm->fault */
    SIMT_ERR_USAGE,       /* misuse of the API or a bad argument */
} simt_status;

/* What went wrong, as data (the message says it in words; nothing decides
 * from the message).  Kept in step with the public SIMTVM_FAULT_* (simtvm.h;
 * runtime/api.c asserts it). */
enum simt_fault_kind {
    FAULT_OTHER,                /* anything else: a failed host call, a bad launch... */
    FAULT_ADDRESS,              /* an address outside every allocation, freed, read-only */
    FAULT_MISALIGNED,           /* an access not aligned to its size */
    FAULT_ASSERT,               /* a failed assert() */
    FAULT_TRAP,                 /* __trap() or a TRAP instruction (a missing return...) */
    FAULT_DIV_ZERO,             /* integer division by zero in host code */
    FAULT_HANG,                 /* a launch that can never finish (a deadlock, the step limit) */
    FAULT_NOMEM,                /* the host ran out of memory */
    FAULT_NKINDS
};

typedef struct simt_fault {
    char message[512];          /* "out-of-bounds __global__ read of 4 bytes at ..." */
    int kind;                   /* enum simt_fault_kind; simt_vm_faultf sets FAULT_OTHER */
    int32_t pc;                 /* instruction, or -1 */
    int in_kernel;              /* 0 for host code */
    int32_t kernel;             /* the faulting kernel's function (in_kernel), or -1 */
    uint32_t block[3], thread[3];
    int lane;
    /* The cudaError_t a kernel fault leaves: 0 for the illegal address (700)
     * of every memory and arithmetic fault; cudaErrorAssert (710) for a failed
     * device assert.  simt_vm_faultf clears it. */
    int cuda_error;
} simt_fault;

/* What an address means for one thread: its block's shared memory and its own
 * local memory.  Host code has no shared memory and its own local memory. */
typedef struct simt_tctx {
    uint8_t *shared;
    uint64_t shared_size;
    uint8_t *local;
    uint64_t local_size;
    int is_host;
} simt_tctx;

typedef struct simt_event {
    int used, recorded;
    double time_ms;             /* modelled clock when recorded */
    uint64_t stream;            /* where it was recorded (vm/timeline.c moves its time
                                   when a kernel before it there is overtaken) */
    unsigned flags;             /* cudaEventCreateWithFlags: 2 = cudaEventDisableTiming */
} simt_event;

/* A cudaStream_t (runtime/host_stream.c).  Work on every stream runs at
 * once, in issue order; the modelled timeline (vm/timeline.c) places it in
 * time, from when the host issued it and when the stream was ready. */
typedef struct simt_stream {
    int used;
    unsigned flags;             /* cudaStreamNonBlocking ... as created */
    int priority;               /* as created, clamped to [-5, 0] */
    /* cudaStreamSetAttribute's hints, read back by cudaStreamGetAttribute
     * (runtime/host_stream.c): the access policy window as CUDA lays it out
     * (base, bytes, hitRatio, hitProp, missProp) and the sync policy */
    uint8_t window[32];
    int sync_policy;
    double done_ms;             /* vm/timeline.c: when its last work completes */
} simt_stream;
/* vm/timeline.c: the device's resources kernels on different streams
 * share, each as a fraction (0..1) of the whole GPU's: the resident-block
 * slots of the SMs, the SMs' warp schedulers' issue slots, the SMs' memory
 * pipelines (L1 wavefronts, L2 sectors, line transactions), the DRAM. */
enum { SIMT_RES_SLOTS, SIMT_RES_ISSUE, SIMT_RES_MEM, SIMT_RES_DRAM, SIMT_NRES };

/* vm/timeline.c: what a kernel alone keeps busy, as fractions (0..1) of its
 * cycles: its busiest SM's busiest warp scheduler issuing, that SM's memory
 * pipeline, the DRAM (runtime/timing.c's issue, L1 and DRAM bounds). */
typedef struct simt_kernel_busy {
    double issue, mem, dram;
} simt_kernel_busy;

/* vm/timeline.c: the share of each resource (SIMT_RES_*) that the kernels
 * placed on the timeline use, as a step function of modelled time: from
 * at[i] to at[i+1] they use used[i][r] of resource r; after the last
 * breakpoint, none.  Breakpoints before the host's time are dropped (head):
 * no work can start before it. */
typedef struct simt_sm_use {
    double *at;
    double (*used)[SIMT_NRES];
    size_t head, n, cap;
} simt_sm_use;

/* vm/timeline.c: a kernel that may still be running on the modelled
 * timeline, kept so that a later kernel of a higher-priority stream can
 * take the SMs its waves not yet started would use (and a lighter kernel
 * the issue slots, pipelines or DRAM it contends for): the stretches of the
 * SMs' use it holds (from t0 to t1 it takes take[r] of resource r and does
 * `rate` ms of its phase's work per ms). */
typedef struct simt_flight_seg {
    double t0, t1, take[SIMT_NRES], rate;
    int phase;
} simt_flight_seg;
typedef struct simt_flight {
    uint64_t stream;
    int priority;               /* its stream's: lower is more urgent */
    int yields;                 /* streams of another priority existed at its launch, so a
                                   more urgent kernel may take its SMs (the H200 lets none
                                   overtake a kernel launched before such streams) */
    double start, end, wave_ms;
    double need[2][SIMT_NRES];  /* of each phase (its full waves, its last):
                                   the share of each resource it runs at full
                                   rate with */
    int nphases;
    simt_flight_seg *seg;
    size_t nseg, cap;
} simt_flight;
typedef struct simt_flights {
    simt_flight *f;
    size_t n, cap;
} simt_flights;

/* vm/timeline.c: the copy engines a copy between host and device runs on */
enum { SIMT_ENGINE_NONE = -1, SIMT_ENGINE_H2D, SIMT_ENGINE_D2H, SIMT_NENGINES };

/* Handles 1 and 2 are CUDA's cudaStreamLegacy and cudaStreamPerThread, 3
 * and 4 device code's cudaStreamTailLaunch and cudaStreamFireAndForget
 * (vm/devlaunch.c): a stream the host creates is none of them. */
#define SIMT_STREAM_BASE 5
/* cudaLimitStackSize ... cudaLimitPersistingL2CacheSize (runtime/host_copy.c) */
#define SIMT_NLIMITS 7

/* The registers a new frame of one function clears (vm/live.c). */
typedef struct simt_frame_zero {
    uint32_t *regs;
    uint32_t n;
    /* 1: no instruction of the function writes its link slots or arguments
     * (nor does a call's frame start below them), so a kernel's warps keep
     * them from one block to the next */
    int keep_head;
} simt_frame_zero;

/* ---- what the VM needs from its host (installed by runtime/runtime.h) ----
 * vm->host points to a table the host owns and keeps alive as long as the VM;
 * vm->host_ctx is the host's own state, for hosts other than the runtime (the
 * runtime keeps its state in the VM's runtime fields below).  With no host
 * (vm->host NULL, as after simt_vm_core_init alone) an HCALL is a fault. */
struct simt_vm;
typedef struct simt_host_ops {
    /* OP_HCALL: builtin `id` (vm/builtins.def) for the thread described by t;
     * *ret receives the result.  Returns SIMT_OK, SIMT_EXIT or SIMT_FAULT. */
    simt_status (*builtin)(struct simt_vm *vm, const simt_tctx *t, int id, const simt_sig *sig,
                           const uint64_t *args, int nargs, uint64_t *ret);
    /* OP_NCALL: native import `import` (vm/module.h simt_import). */
    simt_status (*native)(struct simt_vm *vm, const simt_tctx *t, uint32_t import,
                          const uint64_t *args, uint64_t *ret);
    /* Device printf text that a worker thread held back (vm/threads.c), written
     * in block order once the blocks ended. */
    void (*device_printf)(struct simt_vm *vm, const char *text, size_t len);
    /* OP_LAUNCH, before it runs: nonzero when the runtime took the launch
     * instead (CUDA stream capture records it in a graph).  May be NULL. */
    int (*capture_launch)(struct simt_vm *vm, uint32_t func, const uint32_t grid[3],
                          const uint32_t block[3], uint64_t shared, const uint64_t *args,
                          int nargs);
} simt_host_ops;

/* The observers registered with the VM (vm/observe.h simt_vm_observe). */
#define SIMT_MAX_OBSERVERS 8
#define SIMT_OBS_NEVENTS 24     /* vm/observe.h SIMT_OBS_EVENTS */
struct simt_observer;
typedef struct simt_observers {
    const struct simt_observer *list[SIMT_MAX_OBSERVERS];
    int n;
    unsigned events;            /* OBS_EV bits: an active observer handles that event */
    unsigned flags;             /* the active observers' OBS_* flags, together */
    unsigned paused;            /* registration indices set aside (simt_observe_yield) */
    int runs;                   /* issues go out as runs (issue_run): every active
                                   observer of issues takes them so */
    int quiet_branches;         /* every active observer of branches counts them from
                                   the issues (OBS_QUIET_BRANCHES): a branch that does
                                   not diverge is told to none */
    /* per event, the active observers' callbacks in registration order, so
     * that telling one observer is a load and a call (SIMT_NOTIFY casts each
     * back to its event's type) */
    uint8_t ncall[SIMT_OBS_NEVENTS];
    struct simt_obs_call {
        void (*fn)(void);
        void *ctx;
    } call[SIMT_OBS_NEVENTS][SIMT_MAX_OBSERVERS];
} simt_observers;

struct simt_exec;   /* vm/exec.h: the interpreter's state, for the debug hook */
struct simt_block;
struct simt_warp;

typedef struct simt_vm {
    simt_config cfg;
    const simt_host_ops *host;  /* NULL: no host calls (see simt_host_ops) */
    void *host_ctx;
    simt_observers obs;         /* who watches execution (vm/observe.h) */
    const simt_module *mod;
    simt_memory mem;
    uint64_t *global_addr;      /* address of each module global, by index */
    FILE *out;                  /* program output (stdout) */
    FILE *err;                  /* diagnostics (stderr) */
    simt_fault fault;           /* valid after SIMT_FAULT */
    int exit_code;              /* valid after SIMT_EXIT */
    int last_error;             /* sticky cudaError_t of the CUDA runtime */
    simt_event *events;
    int nevents;
    simt_stream *streams;       /* handle = index + SIMT_STREAM_BASE */
    simt_stream stream0;        /* the default stream's attributes (handles 0..2) */
    int nstreams;
    uint64_t *host_regs;        /* cudaHostRegister: base and size of each range */
    int nhost_regs;
    uint64_t limits[SIMT_NLIMITS]; /* cudaDeviceSetLimit's values, by cudaLimit */
    unsigned limits_set;        /* bit k: limits[k] was set */
    uint64_t rand_state;        /* the guest's rand()/srand() */
    double clock_ms;            /* modelled time the device was busy, all streams together */
    uint64_t host_steps;
    double host_wait_ms;        /* vm/timeline.c: modelled time the host spent outside its
                                   instructions: waiting for the device, in the driver */
    simt_sm_use sm_use;         /* vm/timeline.c: the SMs the placed kernels occupy */
    simt_flights flights;       /* vm/timeline.c: the kernels that may still run */
    double engine_done_ms[SIMT_NENGINES]; /* vm/timeline.c: when each copy engine is free */
    uint64_t launch_stream;     /* the stream of the next simt_vm_launch (0: the default) */
    uint64_t launch_steps;      /* warp instructions of the last launch (the host's budget) */
    /* vm/devlaunch.c: dynamic parallelism.  The child grids the running grid
     * has launched (NULL in host code), its nesting depth (0: launched by
     * the host) and the device launches not yet started, all grids together. */
    struct simt_child_queue *children;
    int grid_depth;
    uint64_t dev_pending;
    uint64_t dev_streams;       /* streams device code has created */
    void *native;               /* runtime/ffi.c: bound imports */
    int fault_reported;         /* vm->fault was already printed (kernel faults) */
    int kernel_faults;          /* launches that stopped on a fault */
    uint32_t *func_of_pc;       /* index of the function holding each instruction */
    uint64_t *kernel_shared;    /* static __shared__ bytes of each kernel (vm/shared_use.c) */
    struct simt_checker *checker; /* --check: created by simt_vm_init when cfg.checks != 0 */
    struct simt_model *model;   /* --stats: created by simt_vm_init when cfg.stats != 0 */
    /* The lane helpers (vm/lanes.h) chosen by simt_vm_init: AVX2 where the CPU
     * has it unless cfg.no_simd. */
    simt_lane_ops lanes;
    simt_lane_ops host_lanes; /* host code's: scalar, the host's float semantics */
    /* runtime/host.c: glibc's random() TYPE_3 generator, so that rand() after
     * srand(s) gives Linux's sequence (rand_state above is unused). */
    int32_t rand_table[31];     /* the additive feedback table */
    int rand_front, rand_rear;  /* its two cursors (glibc's fptr, rptr) */
    int rand_seeded;            /* 0 until srand() or the first rand() */
    uint64_t cuda_error_text;   /* SPACE_CONST block of cudaGetErrorString/Name
                                   texts, allocated on first use (0: not yet) */
    int assert_faults;          /* kernel_faults that were failed device asserts: they set
                                   cudaErrorAssert but leave the exit status to main */
    int kernel_error;           /* the cudaError_t of the last kernel fault (700, 710) */
    /* A launch is asynchronous: the host learns of its kernel's fault when its
     * modelled time reaches the kernel's end on the timeline (vm/timeline.c),
     * at a call that waits for it or later.  Until then the context works and
     * cudaGetLastError has nothing to say (runtime/host.c context_error). */
    double kernel_fault_ms;     /* when the last kernel fault can be seen */
    int kernel_error_unseen;    /* kernel_error not yet given to cudaGetLastError */
    int cuda_reset_faults;      /* kernel_faults at the last cudaDeviceReset: the
                                   CUDA context is broken while kernel_faults is larger */
    struct simt_trace *trace;   /* --trace/--report: created by simt_vm_init (vm/observe.h) */
    /* simtvm debug (cli/debug.c): when set, kernels run one warp instruction at
     * a time and debug(debug_ctx, ...) is called before each one issues, with
     * the group's mask and pc; the rest of the state is in the launch, block
     * and warp (vm/exec.h), which it may read but not change.  It returns 0 to
     * go on, or nonzero to end the program as exit(vm->exit_code) would.
     * NULL (the default): kernels run at full speed.  Host code is not
     * stepped.  Set it before simt_vm_run_main or simt_vm_launch. */
    int (*debug)(void *debug_ctx, struct simt_exec *ex, struct simt_block *blk,
                 struct simt_warp *w, uint32_t mask, int32_t pc);
    void *debug_ctx;
    uint64_t printf_bytes;      /* device printf output of the current launch */
    int globals_too_big;        /* simt_vm_init failed: a module variable does not fit
                                   in guest memory (--max-memory) */
    int oom;                    /* the fault is the host allocator failing, not the guest's
                                   (set by simt_vm_oom; cleared by whoever runs the VM) */
    /* vm/threads.c: kernel_parallel[f] is 1 when the blocks of kernel f may
     * run on several host threads (set by simt_vm_init from the bytecode when
     * cfg.threads > 1; NULL otherwise).
     * printf_buf, when set, collects device printf output instead of vm->out
     * (a worker's copy of the VM while blocks run on several threads). */
    uint8_t *kernel_parallel;
    struct simt_printf_buf *printf_buf;
    /* frame_zero[f]: the registers a new frame of function f must clear
     * (vm/live.c; set by simt_vm_init). */
    simt_frame_zero *frame_zero;
    /* runtime/stdio.c: the streams fopen opened (NULL until the first);
     * closed by simt_vm_destroy. */
    struct simt_stdio *stdio;
    /* runtime/ostream.c: the format state of std::cout, cerr and clog (NULL
     * until the first insertion). */
    struct simt_iostate *iostate;
    /* runtime/cstdlib.c: the variables setenv and putenv made (NULL until
     * the first; the environment starts empty) */
    struct simt_environ *environ_vars;
    /* runtime/random.c: the guest's <random> engines and distributions */
    struct simt_random *random;
    /* runtime/host_graph.c: CUDA graphs and stream capture (NULL until the
     * first graph or capture) */
    struct simt_graphs *graphs;
} simt_vm;

/* vm/live.c: fills and frees vm->frame_zero. */
simt_status simt_frame_zero_init(simt_vm *vm);
void simt_frame_zero_free(simt_vm *vm);

/* Sets vm->fault from a printf-style message; returns SIMT_FAULT. */
simt_status simt_vm_faultf(simt_vm *vm, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The same for a host allocation that failed ("out of memory for WHAT"):
 * also sets vm->oom, so an embedder gets SIMTVM_ERR_NOMEM, not a guest fault. */
simt_status simt_vm_oom(simt_vm *vm, const char *what);

/* Translates [addr, addr+len) for a read (write = 0) or write (write = 1) by
 * the thread described by t.  Returns the host pointer, or NULL after setting
 * vm->fault (NULL pointer, out of bounds, freed, write to constant memory).
 * `what` names the access in the message ("read", "write"). */
void *simt_vm_translate(simt_vm *vm, const simt_tctx *t, uint64_t addr, uint64_t len,
                        int write);

/* Reads a NUL-terminated guest string at addr (at most max bytes).  Returns a
 * pointer to it in guest memory and its length, or NULL after a fault. */
const char *simt_vm_cstr(simt_vm *vm, const simt_tctx *t, uint64_t addr, size_t max,
                         size_t *len);

/* Device printf output held back while blocks run on several host threads:
 * each call's text after its length (a size_t), in call order.  bytes counts
 * every call's text, kept or not (vm/threads.c). */
typedef struct simt_printf_buf {
    char *data;
    size_t len, cap;
    uint64_t bytes;
} simt_printf_buf;

/* Appends one call's text; once more than keep bytes are held, later calls
 * are only counted (the launch's --max-printf cap has dropped them anyway).
 * Returns 0, or -1 when out of memory. */
int simt_printf_buf_add(const simt_allocator *al, simt_printf_buf *b, uint64_t keep,
                        const char *text, size_t len);
void simt_printf_buf_free(const simt_allocator *al, simt_printf_buf *b);

/* Why the blocks of kernel `kernel` must run one after another (a global
 * atomic whose result is used, __threadfence, volatile accesses, device
 * malloc...), or NULL when they may run on several host threads
 * (vm/threads.c; reads the kernel and every function it calls). */
const char *simt_kernel_serial_reason(const simt_module *mod, uint32_t kernel);
/* The reason simt_kernel_serial_reason gives when it ran out of memory. */
extern const char simt_serial_oom[];

/* Launches kernel `func` of the loaded module with the given geometry and
 * already converted argument values (vm/grid.c). */
simt_status simt_vm_launch(simt_vm *vm, uint32_t func, const uint32_t grid[3],
                           const uint32_t block[3], uint64_t dyn_shared, const uint64_t *args,
                           int nargs);

/* Why a launch of kernel k with this geometry is refused (NULL: it is
 * not), and the cudaError_t it gets (vm/grid.c). */
const char *simt_launch_refusal(const simt_vm *vm, const simt_func *k, const uint32_t grid[3],
                                const uint32_t block[3], uint64_t shared, int *err);

/* ---- dynamic parallelism (vm/devlaunch.c) ---- */
/* CUDA's limit on nested grids: a grid launched by the host is at depth 0,
 * its children at 1; a grid at this depth cannot launch. */
#define SIMT_CDP_MAX_DEPTH 24
/* The named streams of device code (CUDA 12's cuda_device_runtime_api.h). */
#define SIMT_STREAM_TAIL_LAUNCH 3
#define SIMT_STREAM_FIRE_AND_FORGET 4
/* A stream device code creates is SIMT_DEV_STREAM_BASE + k, k counting
 * them (vm->dev_streams): far from the host's handles. */
#define SIMT_DEV_STREAM_BASE (UINT64_C(1) << 48)

typedef struct simt_child {
    uint32_t func, grid[3], block[3];
    uint64_t shared, stream;
    uint64_t *args;
    int nargs;
} simt_child;

typedef struct simt_child_queue {
    simt_child *v;
    size_t n, cap;
} simt_child_queue;

struct simt_exec;
struct simt_block;
struct simt_warp;
/* A launch by one lane of device code: checked (depth, pending launches,
 * geometry, stream) and queued in vm->children.  0, or -1 after a located
 * fault. */
int simt_dev_launch(struct simt_exec *ex, struct simt_block *blk, struct simt_warp *w,
                    unsigned lane, int32_t pc, const simt_child *c);
/* Runs the children of a grid that ended with status st on stream
 * `stream` (nothing but freeing them when st is not SIMT_OK); adds their
 * warp instructions to *steps.  Returns st, or the first child's failure. */
simt_status simt_dev_run_children(simt_vm *vm, simt_child_queue *q, uint64_t stream,
                                  simt_status st, uint64_t *steps);

/* ---- the modelled timeline (vm/timeline.c) ---- */
/* The host's modelled time: its instructions plus its waits. */
double simt_host_model_ms(const simt_vm *vm);
int64_t simt_host_model_ns(const simt_vm *vm);
/* Places work of the given duration on a stream (a handle below
 * SIMT_STREAM_BASE is the default stream): it starts when both the host
 * (now) and the stream are ready.  Returns when it completes. */
double simt_timeline_issue(simt_vm *vm, uint64_t stream, double duration_ms);
/* A copy between host and device on copy engine `engine` (SIMT_ENGINE_*):
 * it also waits for the engine's earlier copies, which run one at a time in
 * issue order.  SIMT_ENGINE_NONE is simt_timeline_issue. */
double simt_timeline_copy(simt_vm *vm, uint64_t stream, double duration_ms, int engine);
/* A kernel that alone would take duration_ms using the fraction `share`
 * (0..1] of the device's SMs: it starts as simt_timeline_issue's work does,
 * and runs at the rate the SMs that kernels placed before it leave free
 * allow (all of it while they leave at least `share`).  Returns when it
 * completes, or -1 out of memory (the kernel is then placed as if alone). */
double simt_timeline_kernel(simt_vm *vm, uint64_t stream, double duration_ms, double share);
/* A launch of `blocks` blocks on a device whose SMs hold `slots` of them
 * at once: in waves of `slots` blocks, each taking an equal part of
 * duration_ms, all of the SMs but in the last wave, which uses what its
 * remainder needs and leaves the rest to kernels on other streams.  `busy`
 * (NULL: nothing) is what the launch alone kept busy, over duration_ms: a
 * kernel whose blocks share SMs with another's shares their issue slots,
 * memory pipelines and the DRAM with it too. */
double simt_timeline_grid(simt_vm *vm, uint64_t stream, double duration_ms, uint64_t blocks,
                          double slots, const simt_kernel_busy *busy);
/* Frees what the timeline holds (vm->sm_use). */
void simt_timeline_free(simt_vm *vm);
/* cudaEventRecord's time: a zero-length piece of work on the stream. */
double simt_timeline_mark(simt_vm *vm, uint64_t stream);
/* cudaStreamWaitEvent: later work on the stream starts no earlier than t_ms. */
void simt_timeline_after(simt_vm *vm, uint64_t stream, double t_ms);
/* When work issued on stream now could start at the earliest. */
double simt_timeline_ready(simt_vm *vm, uint64_t stream);
/* The host spends ms outside its instructions (a call into the driver). */
void simt_timeline_host_busy(simt_vm *vm, double ms);
/* When the work issued so far on one stream, or on all, completes. */
double simt_timeline_stream_done(simt_vm *vm, uint64_t stream);
double simt_timeline_device_done(const simt_vm *vm);
/* The host waits until t_ms (a synchronising call): its time moves up to it. */
void simt_timeline_wait(simt_vm *vm, double t_ms);

/* ---- life cycle (vm/vm.c) ---- */
/* The machine alone: prepares vm to run mod (which must outlive it),
 * allocates and initialises the module's global variables, with no host and
 * no observers.  out/err receive the program's output and diagnostics.
 * Returns SIMT_OK or SIMT_FAULT (message in vm->fault).  Programs use
 * simt_vm_init (runtime/runtime.h), which adds the runtime on top. */
simt_status simt_vm_core_init(simt_vm *vm, const simt_config *cfg, const simt_module *mod,
                              FILE *out, FILE *err);
/* Frees what simt_vm_core_init made (safe after a failed init). */
void simt_vm_core_destroy(simt_vm *vm);

/* Runs main() on the host thread.  argv goes to main(int argc, char **argv)
 * when it takes them.  On SIMT_OK or SIMT_EXIT vm->exit_code holds main's
 * result or exit()'s status. */
simt_status simt_vm_run_main(simt_vm *vm, int argc, char **argv);

/* Prints vm->fault as `file:line:col: error: message`, the source line with a
 * caret, and where it happened (kernel, block, thread, lane). */
void simt_vm_print_fault(const simt_vm *vm, FILE *err);

/* Index of the function called name, or -1. */
int simt_module_find_func(const simt_module *mod, const char *name);

enum simt_builtin {
#define BI(id, name, where, sig) BI_##id,
#include "vm/builtins.def"
#undef BI
    BI_COUNT
};

/* cudaError_t values the runtime returns (CUDA's numbering). */
enum simt_cuda_error {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_MEMORY_ALLOCATION = 2,
    CUDA_ERROR_INVALID_CONFIGURATION = 9,
    CUDA_ERROR_INVALID_DEVICE_POINTER = 17,
    CUDA_ERROR_INVALID_MEMCPY_DIRECTION = 21,
    CUDA_ERROR_INVALID_SYMBOL = 13,
    CUDA_ERROR_INVALID_RESOURCE_HANDLE = 400,
    CUDA_ERROR_NOT_READY = 600,
    CUDA_ERROR_ILLEGAL_ADDRESS = 700,
    CUDA_ERROR_LAUNCH_FAILURE = 719,
    CUDA_ERROR_INVALID_DEVICE_FUNCTION = 98,
    CUDA_ERROR_INVALID_DEVICE = 101,
    CUDA_ERROR_INITIALIZATION = 3,
    CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
    CUDA_ERROR_LAUNCH_TIMEOUT = 702,
    CUDA_ERROR_ASSERT = 710,
    CUDA_ERROR_ILLEGAL_INSTRUCTION = 715,
    CUDA_ERROR_MISALIGNED_ADDRESS = 716,
    CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
    CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
    CUDA_ERROR_LAUNCH_MAX_DEPTH_EXCEEDED = 65,
    CUDA_ERROR_LAUNCH_PENDING_COUNT_EXCEEDED = 69,
    CUDA_ERROR_UNKNOWN = 999,
};

/* Writes a lane set as "0-15,17" into buf (for messages; vm/sched.c). */
void simt_lane_list(char *buf, size_t len, uint32_t lanes);

#endif
