/* runtime/observers.h -- the runtime's observers of the VM: the checkers
 * (runtime/check*.c), the performance model (runtime/model.c) and the viewers
 * (runtime/trace.c, runtime/report.c).  Each has its own API below, and a
 * simt_observer table (vm/observe.h) through which the VM tells it what runs
 * (runtime/observers.c); runtime/setup.c creates and registers them.
 */
#ifndef SIMT_OBSERVERS_H
#define SIMT_OBSERVERS_H

#include <stdint.h>
#include <stdio.h>

#include "vm/observe.h"
#include "vm/vm.h"

typedef struct simt_checker simt_checker;
typedef struct simt_model simt_model;

/* ---- the checkers: runtime/check*.c (--check=race,sync,memory,init) ----
 * Findings are collected, grouped by source location pair, and printed by
 * simt_check_finish in GNU `file:line:col:` form with compute-sanitizer's
 * message classes. */
simt_checker *simt_checker_new(const simt_module *mod, unsigned checks /* CHECK_* bits */,
                               const simt_allocator *al /* NULL: libc */);
void simt_checker_free(simt_checker *ck);
/* Nonzero when the checker ran out of host memory: findings may be missing. */
int simt_checker_oom(const simt_checker *ck);
void simt_check_launch(simt_checker *ck, simt_vm *vm, const simt_launch_info *li);
/* Blocks interleave: what follows is of the block in resident slot `slot`. */
void simt_check_slot(simt_checker *ck, uint32_t slot);
/* Every block passed this_grid().sync(). */
void simt_check_grid_barrier(simt_checker *ck);
/* A block starts: shared-memory shadow state and barrier epochs reset. */
void simt_check_block(simt_checker *ck, const uint32_t idx[3], uint32_t nthreads,
                      uint64_t shared_bytes);
/* One warp memory instruction by device code (race and init). */
void simt_check_access(simt_checker *ck, simt_vm *vm, const simt_warp_access *a);
void simt_check_barrier_warp(simt_checker *ck, const simt_barrier_warp *bw);
/* __syncthreads released every thread of the block: a new barrier epoch.
 * With sync checked, threads that reached different barriers or exited
 * instead (simt_check_barrier_warp) are a finding. */
void simt_check_barrier(simt_checker *ck);
/* A __threadfence of the running block (runtime/check_race.c): it orders the
 * block's earlier global accesses before later blocks' (fence and flag). */
void simt_check_fence(simt_checker *ck);
/* Lanes `lanes` of warp `warp` synchronised (__syncwarp or a *_sync collective). */
void simt_check_warp_sync(simt_checker *ck, uint32_t warp, uint32_t lanes);
/* Host code or a runtime builtin wrote [addr, addr+len) (init: counts as written). */
void simt_check_host_write(simt_checker *ck, uint64_t addr, uint64_t len);
/* One group of findings as data (simtvm_finding_get). */
typedef struct simt_check_item {
    int kind;                /* enum simt_finding_kind */
    unsigned check;
    int warning;
    char message[160], object[96];
    int32_t pc;
    int in_kernel;
    uint32_t block[3], thread[3];
    uint64_t count;
} simt_check_item;
/* The groups simt_check_finish reports, in its order: their number, and
 * item k of them. */
size_t simt_check_count(const simt_checker *ck);
void simt_check_item_get(const simt_checker *ck, size_t k, simt_check_item *out);
/* A finding the VM detected itself (vm/observe.h): a memory fault under
 * --check=memory, a sync error. */
void simt_check_finding(simt_checker *ck, simt_vm *vm, const simt_finding *f);
/* A finding of a kind whose text names nothing else (enum
 * simt_finding_kind: FIND_SHFL_INACTIVE...); detail says more. */
void simt_check_report(simt_checker *ck, simt_vm *vm, unsigned check, int kind, int32_t pc,
                       const uint32_t block[3], uint32_t tid, uint32_t lane, const char *detail);
/* The same about the guest address addr (names the memory object). */
void simt_check_report_at(simt_checker *ck, simt_vm *vm, unsigned check, int kind,
                          int32_t pc, const uint32_t block[3], uint32_t tid, uint32_t lane,
                          uint64_t addr, const char *detail);
/* Lanes `lanes` of warp `warp` (lane 0 is thread tid_base of block `block`)
 * divided by zero at pc, an integer division or remainder: a warning. */
void simt_check_div_zero(simt_checker *ck, simt_vm *vm, int32_t pc, const uint32_t block[3],
                         uint32_t warp, uint32_t tid_base, uint32_t lanes);
/* --check=api (runtime/check_api.c), from the host runtime, located at the
 * host call (vm->fault.pc).  A cudaMemcpy-like copy of n bytes, before it
 * is done (kind: cudaMemcpyKind, 0-4): */
void simt_check_api_copy(simt_checker *ck, simt_vm *vm, const char *fn, uint64_t dst,
                         uint64_t src, uint64_t n, int kind);
/* A launch failed before it ran (why: the reason). */
void simt_check_api_launch_error(simt_checker *ck, simt_vm *vm, uint32_t kernel,
                                 const uint64_t *args, int nargs, const char *why);
/* cudaGetLastError or cudaPeekAtLastError: the program looks at errors. */
void simt_check_api_error_read(simt_checker *ck);
/* Device memory still allocated (at cudaDeviceReset and at the end). */
void simt_check_api_leaks(simt_checker *ck, simt_vm *vm);
/* Prints every finding, grouped, then `ERROR SUMMARY: N errors`.  Returns N. */
unsigned simt_check_finish(simt_checker *ck, simt_vm *vm, FILE *err);

/* ---- the performance model: runtime/model*.c (--stats) ---- */
simt_model *simt_model_new(const simt_module *mod, const simt_device_profile *dev,
                           const simt_allocator *al /* NULL: libc */);
void simt_model_free(simt_model *m);
/* Nonzero when the model ran out of host memory: statistics are incomplete. */
int simt_model_oom(const simt_model *m);
/* Caps the registers per thread at `cap` (--maxrregcount; 0: no cap): every
 * read or write of a register numbered cap or higher is charged as a local
 * load or store, and occupancy uses min(registers, cap).  Results never change. */
void simt_model_set_maxrregcount(simt_model *m, int cap);
/* Keep the per-source-line costs (--stats, --trace, --report read them); a
 * model that only drives the program's clocks skips them. */
void simt_model_keep_lines(simt_model *m, int on);
void simt_model_launch_begin(simt_model *m, const simt_launch_info *li);
void simt_model_block_begin(simt_model *m, const uint32_t idx[3], uint32_t nthreads);
/* Blocks interleave (vm/observe.h block_slot): what follows is of the block
 * in resident slot `slot`, whose warps keep their clocks between turns. */
void simt_model_block_slot(simt_model *m, uint32_t slot);
/* Every resident block passed this_grid().sync(). */
void simt_model_grid_barrier(simt_model *m);
void simt_model_spin_pass(simt_model *m, uint32_t warp, int repeat);
void simt_model_fence(simt_model *m, uint32_t warp, int scope);
uint64_t simt_model_seat_clock(simt_model *m, uint32_t seat);
/* One warp instruction issued at pc by lanes `mask` of warp `warp`. */
void simt_model_issue(simt_model *m, int32_t pc, uint32_t mask, uint32_t warp);
/* n instructions, pc last - n + 1 .. last (vm/observe.h issue_run) */
void simt_model_issue_run(simt_model *m, int32_t last, uint32_t n, uint32_t mask, uint32_t warp);
/* vm/observe.h issue_runs: the pieces, then n more instructions up to last
 * (none where n is 0: access_run's run after its pieces) */
void simt_model_issue_runs(simt_model *m, const simt_pc_run *runs, uint32_t nruns, int32_t last,
                           uint32_t n, uint32_t mask, uint32_t warp);
void simt_model_access(simt_model *m, const simt_warp_access *a);
/* A run (in pieces, or n instructions up to the access) and the access that
 * ends it: the model's access_run observer (vm/observe.h), ctx the model. */
void simt_model_access_run(void *ctx, simt_vm *vm, const simt_warp_access *a,
                           const simt_pc_run *pieces, uint32_t npieces, uint32_t n);
/* A conditional branch executed by a group; divergent if it split the group. */
void simt_model_branch(simt_model *m, int32_t pc, uint32_t mask, uint32_t taken, uint32_t warp);
void simt_model_barrier(simt_model *m);
void simt_model_launch_end(simt_model *m);
/* Writes the statistics of every launch so far (SPEC 5.4): format "text",
 * "json" or "csv".  Returns 0, or -1 if out could not be written. */
int simt_model_report(simt_model *m, FILE *out, const char *format);
/* The model's clock (cycles) of warp `warp` of the running block: what
 * clock() and clock64() read under --stats (SPEC 5.3). */
uint64_t simt_model_clock(const simt_model *m, uint32_t warp);
/* Estimated cycles of the last launch that ended (its busiest SM), or 0. */
uint64_t simt_model_last_cycles(const simt_model *m);
/* What that launch kept busy, as fractions of its cycles (all 0: none). */
void simt_model_last_busy(const simt_model *m, simt_kernel_busy *busy);

/* ---- the viewers: runtime/trace.c, runtime/report.c (--trace, --report) ----
 * A timeline and an HTML report of what the warps did, in the model's cycles:
 * they exist only together with the model (vm->model), which gives every
 * issued instruction its cycle.  Each call below comes right after the
 * model's call of the same name (simt_trace_barrier: right before it, while
 * the warps' clocks still show who arrived last).  A run without --trace or
 * --report has vm->trace == NULL and makes none of these calls. */
typedef struct simt_trace simt_trace;
/* Opens what cfg->trace_path and cfg->report_path name.  Returns NULL with
 * the reason in why when a file cannot be created or the block list is bad. */
simt_trace *simt_trace_new(const simt_module *mod, const simt_config *cfg, simt_model *model,
                           char *why, size_t whylen);
void simt_trace_free(simt_trace *t);
void simt_trace_launch_begin(simt_trace *t, const simt_launch_info *li);
void simt_trace_block_begin(simt_trace *t, const uint32_t idx[3], uint32_t nthreads);
void simt_trace_issue(simt_trace *t, int32_t pc, uint32_t mask, uint32_t warp);
/* A conditional branch by lanes `mask` of warp `warp`; `taken` of them jumped. */
void simt_trace_branch(simt_trace *t, int32_t pc, uint32_t mask, uint32_t taken, uint32_t warp);
void simt_trace_access(simt_trace *t, const simt_warp_access *a);
void simt_trace_barrier(simt_trace *t);
void simt_trace_launch_end(simt_trace *t);
/* Completes the trace file and writes the report.  Returns 0, or -1 after
 * printing why to err. */
int simt_trace_finish(simt_trace *t, FILE *err);

/* ---- as observers (runtime/observers.c, runtime/check_shfl.c) ---- */
/* The checkers' table (checks: the CHECK_* bits they run). */
simt_observer simt_checker_observer(simt_checker *ck, unsigned checks);
/* --check=sync: a __shfl_*_sync that reads a lane not taking part reads an
 * undefined value (runtime/check_shfl.c); findings go to ck. */
simt_observer simt_shfl_checker(simt_checker *ck);
/* The model's table; follows_blocks: it runs for --stats or a viewer, not
 * only for the clocks the program reads (it then yields to blocks that must
 * interleave). */
simt_observer simt_model_observer(simt_model *m, int follows_blocks);
simt_observer simt_trace_observer(simt_trace *t);

#endif
