/* runtime/api_debug.h -- what the files of the debugging API share (not
 * installed).
 *
 *   api_debug.c       attaching, the VM's step hook and its stop decisions
 *                     (breakpoints, step/next/finish, watch, focus), readers
 *                     of warps, groups, reconvergence points, accesses
 *   api_debug_eval.c  expressions evaluated in one lane (simtvm_debug_eval)
 *
 * The debugger installs the VM's single-step hook (simt_vm.debug, vm/vm.h)
 * on every load of the VM it is attached to; the hook runs before each warp
 * instruction of a kernel and calls the client only at stops.  The readers
 * read the interpreter's state (vm/exec.h: per-lane pc, frame, state and
 * convergence barriers; registers as [slot * width + lane]) and never
 * change it. */
#ifndef SIMT_API_DEBUG_H
#define SIMT_API_DEBUG_H

#include "runtime/api.h"
#include "vm/exec.h"

#define SIMT_DEBUG_MAX_BREAKS 64

struct simtvm_debugger {
    simtvm_vm *vm;
    simtvm_debug_fn fn;
    void *user;
    uint32_t break_line[SIMT_DEBUG_MAX_BREAKS]; /* 0: deleted */
    int nbreaks;
    uint8_t *break_at;        /* per pc of the loaded module: 1 + breakpoint index, or 0 */
    uint32_t ncode;           /* entries of break_at */
    int mode;                 /* simtvm_resume */
    long count;               /* stops to skip (step N / next N) */
    uint32_t next_line, next_fp;
    uint32_t focus_block[3], focus_warp;
    int seen_focus;           /* the focused block ran in this launch */
    simt_exec *ex;            /* the launch that runs (from its first issue) */
    /* the issue being considered (a stop while stopped) */
    simt_block *blk;
    simt_warp *w;
    uint32_t mask;
    int32_t pc;
    int breakpoint;
    int stopped;
    /* the watch: the expression, the warp it watches and each lane's last value */
    char watch[128];
    uint32_t watch_block[3], watch_warp;
    uint64_t watch_bits[SIMT_MAX_WARP], watch_old[SIMT_MAX_WARP];
    uint8_t watch_type;       /* simt_vtype of its value */
    uint32_t watch_valid;     /* lanes whose last value was read */
    uint32_t watch_changed;
};

/* Evaluates expr in lane l of warp w of the block that runs (d->blk): 0 and
 * *out, or -1 with the reason in err. */
int simt_api_debug_eval(simtvm_debugger *d, simt_warp *w, unsigned l, const char *expr,
                        simtvm_value *out, char *err, size_t errlen);

/* As simt_api_debug_eval, and the value as text in buf (records with all
 * their fields); a record's *out has type SIMTVM_VOID, bits its address. */
int simt_api_debug_format(simtvm_debugger *d, simt_warp *w, unsigned l, const char *expr,
                          char *buf, size_t len, simtvm_value *out, char *err, size_t errlen);

/* The debug-table entry for name at lane l's pc (innermost wins), or NULL. */
const simt_var *simt_api_debug_var(const simtvm_debugger *d, const simt_warp *w, unsigned l,
                                   const char *name);

#endif
