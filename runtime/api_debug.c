/* runtime/api_debug.c -- the debugging API of simtvm.h: attaching a debugger
 * to a VM, the VM's step hook and its stop decisions (breakpoints, the end
 * of a step/next/finish of the warp in focus, watch changes, the focus
 * moving when its warp ends), and the readers of the stopped state (warps,
 * convergence groups, reconvergence points, the next memory access,
 * breakpoints).  Expressions are in api_debug_eval.c.
 *
 * Everything here reads the interpreter's state and changes none of it, so
 * a debugged run computes exactly what an undebugged one computes, in the
 * same order. */
#include "runtime/api_debug.h"

#include <stdlib.h>
#include <string.h>

#define MOD(d) ((d)->vm->vm.mod)
#define VMI(d) (&(d)->vm->vm)

_Static_assert((int)SIMTVM_LANE_READY == LANE_READY && (int)SIMTVM_LANE_JOIN == LANE_JOIN &&
               (int)SIMTVM_LANE_COLL == LANE_COLL && (int)SIMTVM_LANE_BAR == LANE_BAR &&
               (int)SIMTVM_LANE_EXITED == LANE_EXITED && SIMT_MAX_WARP == 32,
               "simtvm_lane_state follows enum lane_state");

static uint32_t full_mask(unsigned width)
{
    return width >= 32 ? 0xffffffffu : (1u << width) - 1u;
}

static int same_block(const uint32_t a[3], const uint32_t b[3])
{
    return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

static uint32_t line_of(const simtvm_debugger *d, int32_t pc)
{
    return pc >= 0 && (uint32_t)pc < MOD(d)->ncode ? MOD(d)->pos[pc].line : 0;
}

/* The warp in focus, or NULL when its block is not the one running. */
static simt_warp *focus(const simtvm_debugger *d)
{
    if (!d->blk || !same_block(d->blk->idx, d->focus_block) || d->focus_warp >= d->blk->nwarps)
        return NULL;
    return &d->blk->warps[d->focus_warp];
}

/* The lanes warp w issues next: the stopped group, or its first ready group
 * (0 when none is ready). */
static uint32_t issuing_group(const simtvm_debugger *d, const simt_warp *w, int32_t *pc)
{
    *pc = -1;
    if (w == d->w) {
        *pc = d->pc;
        return d->mask;
    }
    for (unsigned l = 0; l < w->width; l++)
        if (simt_lane_state(w, l) == LANE_READY) {
            *pc = w->pc[l];
            return simt_group_of(w, l);
        }
    return 0;
}

/* Warp `index` of the running block, or NULL with the status in *st. */
static simt_warp *warp_at(const simtvm_debugger *d, unsigned index, simtvm_status *st)
{
    if (!d->blk) {
        *st = simt_api_fail(d->vm, SIMTVM_ERR_MISUSE, "the program is not being run");
        return NULL;
    }
    if (index >= d->blk->nwarps) {
        *st = simt_api_fail(d->vm, SIMTVM_ERR_NOT_FOUND, "block (%u,%u,%u) has warps 0 to %u",
                            d->blk->idx[0], d->blk->idx[1], d->blk->idx[2],
                            d->blk->nwarps - 1);
        return NULL;
    }
    *st = SIMTVM_OK;
    return &d->blk->warps[index];
}

/* ------------------------------------------------------------ breakpoints */

/* An instruction that only materialises a value (a constant, an address,
 * a copy, a special register): what the optimizer hoists out of a loop. */
static int materialises(unsigned op)
{
    return op == OP_LDK || op == OP_MOV || op == OP_GADDR || op == OP_LADDR || op == OP_SREG;
}

/* Whether the run of `line` starting at pc is only such instructions (a
 * loop body's constants hoisted in front of the loop carry its line). */
static int hoisted_run(const simtvm_debugger *d, uint32_t pc, uint32_t line)
{
    const simt_module *m = MOD(d);
    const uint32_t *fn = VMI(d)->func_of_pc;
    for (uint32_t p = pc; p < m->ncode && m->pos[p].line == line && fn[p] == fn[pc]; p++)
        if (!materialises(m->code[p].op))
            return 0;
    return 1;
}

/* The first pc of each run of instructions of `line` (a loop's line has
 * several), leaving out runs of hoisted constants where the line has other
 * code: the break stops where the line first runs, not in front of its loop.
 * Returns how many were marked with id. */
static int mark_line(simtvm_debugger *d, uint32_t line, uint8_t id)
{
    const simt_module *m = MOD(d);
    const uint32_t *fn = VMI(d)->func_of_pc;
    int n = 0;
    for (int pass = 0; pass < 2 && !n; pass++) /* pass 1: only hoisted runs exist */
        for (uint32_t pc = 0; pc < m->ncode; pc++) {
            int starts = pc == 0 || fn[pc] != fn[pc - 1] || m->pos[pc - 1].line != line;
            if (m->pos[pc].line == line && starts && (pass || !hoisted_run(d, pc, line))) {
                d->break_at[pc] = id;
                n++;
            }
        }
    return n;
}

simtvm_status simtvm_debug_break(simtvm_debugger *dbg, unsigned line, simtvm_breakpoint *out)
{
    if (!dbg || !out)
        return dbg ? simt_api_fail(dbg->vm, SIMTVM_ERR_NULL, "simtvm_debug_break: NULL out")
                   : SIMTVM_ERR_NULL;
    if (dbg->nbreaks == SIMT_DEBUG_MAX_BREAKS)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_LIMIT, "too many breakpoints (at most %d)",
                             SIMT_DEBUG_MAX_BREAKS);
    const simt_module *m = MOD(dbg);
    uint32_t at = 0;
    for (uint32_t pc = 0; line && pc < m->ncode; pc++) /* the first line with code from there */
        if (m->pos[pc].line >= line && (!at || m->pos[pc].line < at))
            at = m->pos[pc].line;
    if (!at)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_NOT_FOUND, "no code at line %u or after it",
                             line);
    int id = ++dbg->nbreaks;
    dbg->break_line[id - 1] = at;
    out->id = id;
    out->line = at;
    out->locations = mark_line(dbg, at, (uint8_t)id);
    out->in_device_code = 0;
    for (uint32_t pc = 0; pc < m->ncode; pc++)
        if (dbg->break_at[pc] == id && m->funcs[VMI(dbg)->func_of_pc[pc]].kind != FN_HOST)
            out->in_device_code = 1;
    return simt_api_ok(dbg->vm);
}

simtvm_status simtvm_debug_delete(simtvm_debugger *dbg, int id)
{
    if (!dbg)
        return SIMTVM_ERR_NULL;
    if (id && (id < 1 || id > dbg->nbreaks || !dbg->break_line[id - 1]))
        return simt_api_fail(dbg->vm, SIMTVM_ERR_NOT_FOUND, "no breakpoint %d", id);
    for (uint32_t pc = 0; pc < dbg->ncode; pc++)
        if (dbg->break_at[pc] && (!id || dbg->break_at[pc] == id))
            dbg->break_at[pc] = 0;
    for (int k = 0; k < dbg->nbreaks; k++)
        if (!id || k + 1 == id)
            dbg->break_line[k] = 0;
    /* Breakpoints that share a line with the deleted one keep their pcs. */
    for (int k = 0; k < dbg->nbreaks; k++)
        if (dbg->break_line[k])
            mark_line(dbg, dbg->break_line[k], (uint8_t)(k + 1));
    return simt_api_ok(dbg->vm);
}

int simtvm_debug_break_count(const simtvm_debugger *dbg)
{
    return dbg ? dbg->nbreaks : 0;
}

unsigned simtvm_debug_break_line(const simtvm_debugger *dbg, int id)
{
    return dbg && id >= 1 && id <= dbg->nbreaks ? dbg->break_line[id - 1] : 0;
}

/* ------------------------------------------------------------- the watch */

/* Reads the watched expression in every lane of w; returns the lanes whose
 * value changed since the last read (a lane out of scope is no change). */
static uint32_t watch_read(simtvm_debugger *d, simt_warp *w)
{
    uint32_t changed = 0, valid = 0;
    for (unsigned l = 0; l < w->width; l++) {
        simtvm_value v;
        char err[8];
        if (simt_api_debug_eval(d, w, l, d->watch, &v, err, sizeof err) != 0)
            continue;
        valid |= 1u << l;
        if ((d->watch_valid >> l & 1) && v.bits != d->watch_bits[l])
            changed |= 1u << l;
        d->watch_old[l] = d->watch_bits[l];
        d->watch_bits[l] = v.bits;
        d->watch_type = (uint8_t)v.type;
    }
    d->watch_valid = valid;
    return changed;
}

simtvm_status simtvm_debug_watch(simtvm_debugger *dbg, const char *expr, uint32_t *lanes)
{
    if (!dbg || !expr)
        return dbg ? simt_api_fail(dbg->vm, SIMTVM_ERR_NULL, "simtvm_debug_watch: NULL expr")
                   : SIMTVM_ERR_NULL;
    simt_warp *w = focus(dbg);
    if (!w)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_MISUSE, "the warp in focus is not running");
    if (strlen(expr) >= sizeof dbg->watch)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_RANGE, "the expression is too long");
    for (unsigned l = 0; l < w->width; l++) { /* a watch compares numbers, not structs */
        char text[8], err[200];
        simtvm_value v;
        if (simt_lane_state(w, l) == LANE_EXITED ||
            simt_api_debug_format(dbg, w, l, expr, text, sizeof text, &v, err, sizeof err) != 0)
            continue;
        if (v.type == SIMTVM_VOID)
            return simt_api_fail(dbg->vm, SIMTVM_ERR_ARGS, "'%s' is a %s: watch one of its "
                                 "members", expr, v.type_name);
        break;
    }
    snprintf(dbg->watch, sizeof dbg->watch, "%s", expr);
    memcpy(dbg->watch_block, dbg->focus_block, sizeof dbg->watch_block);
    dbg->watch_warp = dbg->focus_warp;
    dbg->watch_valid = 0;
    watch_read(dbg, w);
    if (lanes)
        *lanes = dbg->watch_valid;
    return simt_api_ok(dbg->vm);
}

simtvm_status simtvm_debug_unwatch(simtvm_debugger *dbg)
{
    if (!dbg)
        return SIMTVM_ERR_NULL;
    dbg->watch[0] = 0;
    return simt_api_ok(dbg->vm);
}

simtvm_status simtvm_debug_watch_info(const simtvm_debugger *dbg, simtvm_watch_info *out)
{
    if (!dbg || !out)
        return SIMTVM_ERR_NULL;
    if (!dbg->watch[0])
        return simt_api_fail(dbg->vm, SIMTVM_ERR_NOT_FOUND, "nothing is watched");
    out->expr = dbg->watch;
    memcpy(out->block, dbg->watch_block, sizeof out->block);
    out->warp = dbg->watch_warp;
    out->changed = dbg->watch_changed;
    out->type = (simtvm_type)dbg->watch_type;
    memcpy(out->old_bits, dbg->watch_old, sizeof out->old_bits);
    memcpy(out->new_bits, dbg->watch_bits, sizeof out->new_bits);
    return SIMTVM_OK;
}

/* Before each issue of the watched warp: whether a lane's value changed
 * (the client hears of it first). */
static int watch_changed(simtvm_debugger *d, simt_block *blk, simt_warp *w)
{
    if (!d->watch[0] || !same_block(blk->idx, d->watch_block) || w->index != d->watch_warp)
        return 0;
    d->watch_changed = watch_read(d, w);
    if (!d->watch_changed)
        return 0;
    d->fn(d->user, d, SIMTVM_DEBUG_WATCH);
    return 1;
}

/* -------------------------------------------------------------- the hook */

/* Whether this issue ends a step, next or finish of the focused warp; the
 * focus moves on when its warp is gone (its lanes exited or its block
 * finished), as cuda-gdb moves to a live thread. */
static int step_done(simtvm_debugger *d, simt_block *blk, simt_warp *w, uint32_t mask,
                     int32_t pc)
{
    int in_block = same_block(blk->idx, d->focus_block);
    if (in_block)
        d->seen_focus = 1;
    int gone = in_block ? d->focus_warp >= blk->nwarps ||
                              blk->warps[d->focus_warp].exited == full_mask(w->width)
                        : d->seen_focus;
    if (gone) {
        d->fn(d->user, d, SIMTVM_DEBUG_FOCUS_MOVED);
        memcpy(d->focus_block, blk->idx, sizeof d->focus_block);
        d->focus_warp = w->index;
        d->seen_focus = 1;
    } else if (!in_block || w->index != d->focus_warp) {
        return 0;
    } else if (d->mode == SIMTVM_RESUME_NEXT) {
        uint32_t fp = w->fp[__builtin_ctz(mask)];
        if (fp > d->next_fp || (fp == d->next_fp && line_of(d, pc) == d->next_line))
            return 0; /* inside a call, or still on the line */
    } else if (d->mode == SIMTVM_RESUME_FINISH && w->fp[__builtin_ctz(mask)] >= d->next_fp) {
        return 0; /* not yet back in the caller */
    }
    return --d->count <= 0;
}

static void launch_begins(simtvm_debugger *d, simt_exec *ex)
{
    d->fn(d->user, d, SIMTVM_DEBUG_LAUNCH);
    d->seen_focus = 0;
    for (int k = 0; k < 3; k++)
        if (d->focus_block[k] >= ex->grid[k])
            memset(d->focus_block, 0, sizeof d->focus_block);
}

static int hook(void *ctx, simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask,
                int32_t pc)
{
    simtvm_debugger *d = ctx;
    d->ex = ex;
    if (ex->steps == 0)
        launch_begins(d, ex);
    int bp = d->break_at[pc];
    /* the issue under consideration, for the readers during the events */
    d->blk = blk, d->w = w, d->mask = mask, d->pc = pc, d->breakpoint = bp;
    int stop = bp != 0 || watch_changed(d, blk, w);
    if (d->mode != SIMTVM_RESUME_CONTINUE && step_done(d, blk, w, mask, pc))
        stop = 1;
    int quit = 0;
    if (stop) {
        if (bp) { /* a breakpoint moves the focus to the warp that hit it */
            memcpy(d->focus_block, blk->idx, sizeof d->focus_block);
            d->focus_warp = w->index;
            d->seen_focus = 1;
        }
        d->stopped = 1;
        quit = d->fn(d->user, d, SIMTVM_DEBUG_STOP) != 0;
        d->stopped = 0;
    }
    d->ex = NULL, d->blk = NULL, d->w = NULL;
    if (quit)
        VMI(d)->exit_code = 0;
    return quit;
}

int simt_api_debug_attach(simtvm_debugger *d)
{
    const simt_module *m = MOD(d);
    uint8_t *at = simt_calloc(&d->vm->al, m->ncode ? m->ncode : 1, 1);
    if (!at)
        return -1;
    simt_free(&d->vm->al, d->break_at);
    d->break_at = at;
    d->ncode = m->ncode;
    for (int k = 0; k < d->nbreaks; k++) /* the lines may hold other code now */
        if (d->break_line[k])
            mark_line(d, d->break_line[k], (uint8_t)(k + 1));
    d->mode = SIMTVM_RESUME_CONTINUE;
    d->count = 1;
    VMI(d)->debug = hook;
    VMI(d)->debug_ctx = d;
    return 0;
}

simtvm_status simtvm_debugger_new(simtvm_vm *vm, simtvm_debug_fn fn, void *user,
                                  simtvm_debugger **out)
{
    if (out)
        *out = NULL;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!fn || !out)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_debugger_new: NULL %s",
                             fn ? "out" : "callback");
    if (!vm->mod)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "no module is loaded (call simtvm_load)");
    if (vm->debugger)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "a debugger is attached to this VM already");
    simtvm_debugger *d = simt_calloc(&vm->al, 1, sizeof *d);
    if (!d)
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    d->vm = vm;
    d->fn = fn;
    d->user = user;
    if (simt_api_debug_attach(d) != 0) {
        simt_free(&vm->al, d);
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
    }
    vm->debugger = d;
    *out = d;
    return simt_api_ok(vm);
}

void simtvm_debugger_free(simtvm_debugger *dbg)
{
    if (!dbg)
        return;
    simtvm_vm *vm = dbg->vm;
    if (vm->mod) {
        vm->vm.debug = NULL;
        vm->vm.debug_ctx = NULL;
    }
    vm->debugger = NULL;
    simt_free(&vm->al, dbg->break_at);
    simt_free(&vm->al, dbg);
}

/* ------------------------------------------------------ stepping, focus */

int simtvm_debug_running(const simtvm_debugger *dbg)
{
    return dbg && dbg->stopped;
}

simtvm_status simtvm_debug_resume(simtvm_debugger *dbg, simtvm_resume how, long count)
{
    if (!dbg)
        return SIMTVM_ERR_NULL;
    if (!dbg->stopped)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_MISUSE, "the program is not being run");
    if (count < 1 || (unsigned)how > SIMTVM_RESUME_FINISH)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_ARGS, "resume needs a count of 1 or more");
    simt_warp *w = focus(dbg);
    int32_t pc = dbg->pc;
    uint32_t g = w ? issuing_group(dbg, w, &pc) : 0;
    if (how == SIMTVM_RESUME_FINISH) {
        if (!g || (MOD(dbg)->funcs[VMI(dbg)->func_of_pc[pc]].kind & FN_KERNEL))
            return simt_api_fail(dbg->vm, SIMTVM_ERR_RANGE, "\"finish\" is not meaningful in "
                                 "the outermost frame");
        count = 1;
    }
    dbg->mode = how;
    dbg->count = how == SIMTVM_RESUME_CONTINUE ? 1 : count;
    if (how == SIMTVM_RESUME_NEXT)
        dbg->next_line = g ? line_of(dbg, pc) : 0;
    if (how == SIMTVM_RESUME_NEXT || how == SIMTVM_RESUME_FINISH)
        dbg->next_fp = g ? w->fp[__builtin_ctz(g)] : UINT32_MAX;
    return simt_api_ok(dbg->vm);
}

simtvm_status simtvm_debug_launch_info(const simtvm_debugger *dbg, simtvm_launch_info *out)
{
    if (!dbg || !out)
        return SIMTVM_ERR_NULL;
    const simt_exec *ex = dbg->ex;
    if (!ex)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_MISUSE, "no kernel is running");
    out->kernel = MOD(dbg)->funcs[ex->kernel].name;
    for (int k = 0; k < 3; k++)
        out->grid[k] = ex->grid[k], out->block[k] = ex->block_dim[k];
    out->warp_size = ex->width;
    out->lockstep = ex->lockstep != 0;
    return SIMTVM_OK;
}

simtvm_status simtvm_debug_stop_info(const simtvm_debugger *dbg, simtvm_stop_info *out)
{
    if (!dbg || !out)
        return SIMTVM_ERR_NULL;
    if (!dbg->blk)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_MISUSE, "the program is not being run");
    out->breakpoint = dbg->breakpoint;
    memcpy(out->block, dbg->blk->idx, sizeof out->block);
    out->warps = dbg->blk->nwarps;
    out->warp = dbg->w->index;
    out->width = dbg->w->width;
    out->mask = dbg->mask;
    out->pc = dbg->pc;
    return SIMTVM_OK;
}

simtvm_status simtvm_debug_pc(const simtvm_debugger *dbg, int pc, unsigned *line, const char **op,
                              const char **function)
{
    if (!dbg)
        return SIMTVM_ERR_NULL;
    const simt_module *m = MOD(dbg);
    int ok = pc >= 0 && (uint32_t)pc < m->ncode;
    if (line)
        *line = ok ? m->pos[pc].line : 0;
    if (op)
        *op = ok ? simt_op_name(m->code[pc].op) : "?";
    if (function)
        *function = ok && VMI(dbg)->func_of_pc ? m->funcs[VMI(dbg)->func_of_pc[pc]].name : "?";
    return ok ? SIMTVM_OK : SIMTVM_ERR_RANGE;
}

int simtvm_debug_pc_in_kernel(const simtvm_debugger *dbg, int pc)
{
    if (!dbg || pc < 0 || (uint32_t)pc >= MOD(dbg)->ncode)
        return 0;
    return (MOD(dbg)->funcs[VMI(dbg)->func_of_pc[pc]].kind & FN_KERNEL) != 0;
}

simtvm_status simtvm_debug_focus(const simtvm_debugger *dbg, unsigned block[3], unsigned *warp)
{
    if (!dbg)
        return SIMTVM_ERR_NULL;
    if (block)
        memcpy(block, dbg->focus_block, sizeof dbg->focus_block);
    if (warp)
        *warp = dbg->focus_warp;
    return SIMTVM_OK;
}

simtvm_status simtvm_debug_set_focus(simtvm_debugger *dbg, const unsigned block[3], unsigned warp)
{
    if (!dbg || !block)
        return SIMTVM_ERR_NULL;
    /* a new block is seen when it is the one running; a new warp of the
     * same block keeps what the block has shown */
    if (!same_block(block, dbg->focus_block) || dbg->blk)
        dbg->seen_focus = dbg->blk && same_block(dbg->blk->idx, block);
    memcpy(dbg->focus_block, block, sizeof dbg->focus_block);
    dbg->focus_warp = warp;
    return SIMTVM_OK;
}

int simtvm_debug_focus_live(const simtvm_debugger *dbg)
{
    return dbg && focus(dbg) != NULL;
}

/* ------------------------------------------------------------ the readers */

simtvm_status simtvm_debug_warp_info(const simtvm_debugger *dbg, unsigned warp,
                                     simtvm_warp_info *out)
{
    if (!dbg || !out)
        return SIMTVM_ERR_NULL;
    simtvm_status st;
    const simt_warp *w = warp_at(dbg, warp, &st);
    if (!w)
        return st;
    memset(out, 0, sizeof *out);
    out->index = w->index;
    out->width = w->width;
    for (unsigned s = 0; s < LANE_NSTATES; s++)
        out->in_state[s] = w->in_state[s];
    int32_t pc;
    out->issuing = issuing_group(dbg, w, &pc);
    out->issuing_pc = pc;
    for (unsigned l = 0; l < w->width; l++) {
        out->pc[l] = w->pc[l];
        out->frame[l] = w->fp[l];
        out->group[l] = simt_lane_state(w, l) == LANE_READY ? simt_group_of(w, l) : 1u << l;
        out->barrier[l] = simt_top(w, l);
        out->depth[l] = w->depth[l];
    }
    return SIMTVM_OK;
}

simtvm_status simtvm_debug_groups(const simtvm_debugger *dbg, unsigned warp,
                                  simtvm_lane_group *out, int max, int *count)
{
    if (!dbg || (!out && max > 0))
        return SIMTVM_ERR_NULL;
    simtvm_status st;
    const simt_warp *w = warp_at(dbg, warp, &st);
    if (!w)
        return st;
    int n = 0;
    uint32_t done = w->exited;
    for (unsigned l = 0; l < w->width; l++) {
        if (done >> l & 1)
            continue;
        uint32_t g = 0;
        for (unsigned k = l; k < w->width; k++)
            if (!(done >> k & 1) && w->pc[k] == w->pc[l] && w->fp[k] == w->fp[l] &&
                simt_lane_state(w, k) == simt_lane_state(w, l) && simt_top(w, k) == simt_top(w, l))
                g |= 1u << k;
        done |= g;
        if (n < max)
            out[n] = (simtvm_lane_group){g, (simtvm_lane_state)simt_lane_state(w, l), w->pc[l]};
        n++;
    }
    if (count)
        *count = n;
    return SIMTVM_OK;
}

/* warp_at, and lane a lane of it; NULL with *st set when either is not. */
static simt_warp *warp_lane_at(const simtvm_debugger *dbg, unsigned warp, unsigned lane,
                               simtvm_status *st)
{
    simt_warp *w = warp_at(dbg, warp, st);
    if (w && lane >= w->width) {
        *st = simt_api_fail(dbg->vm, SIMTVM_ERR_RANGE, "lane %u of a warp of %u", lane, w->width);
        return NULL;
    }
    return w;
}

simtvm_status simtvm_debug_reconvergence(const simtvm_debugger *dbg, unsigned warp, unsigned lane,
                                         simtvm_reconvergence *out, int max, int *count)
{
    if (!dbg || (!out && max > 0))
        return SIMTVM_ERR_NULL;
    simtvm_status st;
    const simt_warp *w = warp_lane_at(dbg, warp, lane, &st);
    if (!w)
        return st;
    int n = 0;
    for (unsigned lv = w->depth[lane]; lv-- > 0; n++) {
        const simt_cbar *b = &w->cbars[w->cstack[(size_t)lv * w->width + lane]];
        if (n < max)
            out[n] = (simtvm_reconvergence){b->expected, b->arrived, b->rpc};
    }
    if (count)
        *count = n;
    return SIMTVM_OK;
}

simtvm_status simtvm_debug_eval(simtvm_debugger *dbg, unsigned warp, unsigned lane,
                                const char *expr, simtvm_value *out)
{
    if (!dbg || !expr || !out)
        return dbg ? simt_api_fail(dbg->vm, SIMTVM_ERR_NULL, "simtvm_debug_eval: NULL %s",
                                   expr ? "out" : "expr")
                   : SIMTVM_ERR_NULL;
    simtvm_status st;
    simt_warp *w = warp_lane_at(dbg, warp, lane, &st);
    if (!w)
        return st;
    char err[200];
    if (simt_api_debug_eval(dbg, w, lane, expr, out, err, sizeof err) != 0)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_ARGS, "%s", err);
    return simt_api_ok(dbg->vm);
}

simtvm_status simtvm_debug_format(simtvm_debugger *dbg, unsigned warp, unsigned lane,
                                  const char *expr, char *buf, size_t len, simtvm_value *out)
{
    if (!dbg || !expr || (!buf && len))
        return dbg ? simt_api_fail(dbg->vm, SIMTVM_ERR_NULL, "simtvm_debug_format: NULL %s",
                                   expr ? "buf" : "expr")
                   : SIMTVM_ERR_NULL;
    simtvm_status st;
    simt_warp *w = warp_lane_at(dbg, warp, lane, &st);
    if (!w)
        return st;
    char err[200];
    simtvm_value v;
    if (simt_api_debug_format(dbg, w, lane, expr, buf, len, &v, err, sizeof err) != 0)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_ARGS, "%s", err);
    if (out)
        *out = v;
    return simt_api_ok(dbg->vm);
}

simtvm_status simtvm_debug_locals(const simtvm_debugger *dbg, unsigned warp, unsigned lane,
                                  const char **names, int max, int *count)
{
    if (!dbg || (!names && max > 0))
        return SIMTVM_ERR_NULL;
    simtvm_status st;
    const simt_warp *w = warp_at(dbg, warp, &st);
    if (!w)
        return st;
    const simt_module *m = MOD(dbg);
    int n = 0;
    for (uint32_t k = 0; lane < w->width && k < m->nvars; k++) {
        const simt_var *v = &m->vars[k];
        if (simt_api_debug_var(dbg, w, lane, v->name) != v)
            continue;
        if (n < max)
            names[n] = v->name;
        n++;
    }
    if (count)
        *count = n;
    return SIMTVM_OK;
}

simtvm_status simtvm_debug_read_shared(const simtvm_debugger *dbg, uint64_t offset, void *dst,
                                       size_t len)
{
    if (!dbg || (!dst && len))
        return SIMTVM_ERR_NULL;
    if (!dbg->blk)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_MISUSE, "the program is not being run");
    if (offset > dbg->blk->shared_size || len > dbg->blk->shared_size - offset)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_RANGE, "the block has %llu bytes of shared "
                             "memory", (unsigned long long)dbg->blk->shared_size);
    if (len)
        memcpy(dst, dbg->blk->shared + offset, len);
    return SIMTVM_OK;
}

void simtvm_debug_shared_name(const simtvm_debugger *dbg, uint64_t off, char *buf, size_t len)
{
    if (!buf || !len)
        return;
    const simt_module *m = dbg ? MOD(dbg) : NULL;
    for (uint32_t k = 0; m && k < m->nshared_syms; k++) {
        const simt_symbol *s = &m->shared_syms[k];
        uint64_t start = s->offset == UINT32_MAX ? m->shared_static : s->offset;
        int ext = s->offset == UINT32_MAX;
        if (off < start || (!ext && off >= start + s->size))
            continue;
        uint32_t es = s->elem_size ? s->elem_size : 1;
        if (!ext && s->size == es)
            snprintf(buf, len, "%s", s->name);
        else
            snprintf(buf, len, "%s[%llu]", s->name, (unsigned long long)((off - start) / es));
        return;
    }
    snprintf(buf, len, "+%llu", (unsigned long long)off);
}

/* 1 for a load or store, 2 for an atomic, 0 for no memory access; *size
 * and (for atomics) *off receive the access's bytes and displacement. */
static int is_memory_op(const simt_insn *in, unsigned *size, int64_t *off)
{
    unsigned op = in->op;
    static const unsigned ld_size[] = {1, 1, 2, 2, 4, 8};
    if (op >= OP_LD8S && op <= OP_LD64) {
        *size = ld_size[op - OP_LD8S];
        return 1;
    }
    if (op == OP_LDX) {
        *size = ld_size[SIMT_LDX_KIND(in->j) <= 5 ? SIMT_LDX_KIND(in->j) : 0];
        return 1;
    }
    if (op >= OP_ST8 && op <= OP_ST64) {
        *size = 1u << (op - OP_ST8);
        return 1;
    }
    if (op == OP_ATOM || op == OP_ATOMCAS) {
        unsigned type = (unsigned)in->i & 0xff;
        *size = type == ATYPE_U16 ? 2 : 4;
        *off = 0;
        return 2;
    }
    return 0;
}

/* The address lane l of memory instruction in accesses. */
static uint64_t lane_addr(const simt_insn *in, const uint64_t *base, const uint64_t *index,
                          unsigned l, int64_t off)
{
    if (in->op == OP_LDX)
        return simt_ldx_addr(base[l], index[l], in->i, in->j);
    return base[l] + (uint64_t)off;
}

simtvm_status simtvm_debug_access(const simtvm_debugger *dbg, unsigned warp,
                                  simtvm_access *out)
{
    if (!dbg || !out)
        return SIMTVM_ERR_NULL;
    simtvm_status st;
    const simt_warp *w = warp_at(dbg, warp, &st);
    if (!w)
        return st;
    memset(out, 0, sizeof *out);
    out->next_pc = -1;
    int32_t pc;
    uint32_t g = issuing_group(dbg, w, &pc);
    out->lanes = g;
    out->pc = pc;
    if (!g)
        return simt_api_fail(dbg->vm, SIMTVM_ERR_NOT_FOUND, "warp %u has no lanes ready to "
                             "issue", w->index);
    const simt_module *m = MOD(dbg);
    const simt_insn *in = &m->code[pc];
    int64_t off = in->i;
    out->kind = is_memory_op(in, &out->size, &off);
    unsigned W = w->width, lead = (unsigned)__builtin_ctz(g);
    const uint64_t *base = w->regs + ((size_t)w->fp[lead] + in->b) * W;
    const uint64_t *index = w->regs + ((size_t)w->fp[lead] + in->c) * W;
    out->shared = out->kind &&
                  SIMT_ADDR_SPACE(lane_addr(in, base, index, lead, off)) == SPACE_SHARED;
    if (out->shared) {
        for (unsigned l = 0; l < W; l++)
            if (g >> l & 1)
                out->offset[l] = SIMT_ADDR_OFFSET(lane_addr(in, base, index, l, off));
        return SIMTVM_OK;
    }
    for (int32_t k = pc + 1; (uint32_t)k < m->ncode && line_of(dbg, k) == line_of(dbg, pc); k++) {
        int64_t o2;
        unsigned s2;
        if (is_memory_op(&m->code[k], &s2, &o2)) {
            out->next_pc = k;
            break;
        }
    }
    return SIMTVM_OK;
}
