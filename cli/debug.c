/* cli/debug.c -- `simtvm debug`: the command loop of the warp stepper.
 *
 * The library (simtvm.h's debugger) calls on_event() at each stop -- a
 * breakpoint, the end of a `step`/`next`/`finish` of the focused warp, a
 * watch change -- and this file reads commands until one of them resumes the
 * program.  Everything it shows comes from the public readers (warps,
 * groups, reconvergence points, expressions in a lane, the next access), so
 * an IDE or a notebook can build the same on simtvm.h.  Inspection changes
 * nothing: a debugged run computes exactly what `simtvm run` computes.
 * The readers of the state (print, info ...) are in cli/debug_info.c. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/debug.h"
#include "cli/debug_cli.h"

/* ------------------------------------------------------------ the events */

static void show_stop(dbg *d)
{
    simtvm_stop_info s;
    simtvm_debug_stop_info(d->api, &s);
    char lanes[128];
    dbg_lane_list(lanes, sizeof lanes, s.mask);
    if (s.breakpoint)
        fprintf(d->out, "Breakpoint %d, ", s.breakpoint);
    fprintf(d->out, "%s, block (%u,%u,%u), warp %u, lanes %s (%d of %u), pc %d %s, line %u\n",
            dbg_func(d, s.pc), s.block[0], s.block[1], s.block[2], s.warp, lanes,
            __builtin_popcount(s.mask), s.width, s.pc, dbg_op(d, s.pc), dbg_line(d, s.pc));
    dbg_show_source(d, dbg_line(d, s.pc));
}

static void show_launch(dbg *d)
{
    simtvm_launch_info l;
    simtvm_debug_launch_info(d->api, &l);
    fprintf(d->out, "[launch of %s <<<(%u,%u,%u), (%u,%u,%u)>>>, warps of %u lanes, --sched=%s]\n",
            l.kernel, l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2],
            l.warp_size, l.lockstep ? "lockstep" : "its");
}

/* The focused warp is gone: the warp issuing now takes the focus. */
static void show_focus_moved(dbg *d)
{
    unsigned fb[3], fw;
    simtvm_stop_info s;
    simtvm_debug_focus(d->api, fb, &fw);
    simtvm_debug_stop_info(d->api, &s);
    fprintf(d->out, "[block (%u,%u,%u) warp %u has finished; focus on block (%u,%u,%u) warp %u]\n",
            fb[0], fb[1], fb[2], fw, s.block[0], s.block[1], s.block[2], s.warp);
}

/* A lane's value of the watched expression changed (`old -> new` for the
 * first lanes). */
static void show_watch(dbg *d)
{
    simtvm_watch_info wi;
    if (simtvm_debug_watch_info(d->api, &wi) != SIMTVM_OK)
        return;
    char lanes[128];
    dbg_lane_list(lanes, sizeof lanes, wi.changed);
    fprintf(d->out, "Watchpoint: %s changed in lanes %s:", wi.expr, lanes);
    int shown = 0;
    for (uint32_t m = wi.changed; m && shown < 4; m &= m - 1, shown++) {
        unsigned l = (unsigned)__builtin_ctz(m);
        char a[DBG_CELL], b[DBG_CELL];
        dbg_format_value(wi.type, wi.old_bits[l], a, sizeof a);
        dbg_format_value(wi.type, wi.new_bits[l], b, sizeof b);
        fprintf(d->out, "%s lane %u: %s -> %s", shown ? "," : "", l, a, b);
    }
    fputs(__builtin_popcount(wi.changed) > shown ? ", ...\n" : "\n", d->out);
}

static enum loop_result command_loop(dbg *d);

static int on_event(void *user, simtvm_debugger *api, simtvm_debug_event ev)
{
    dbg *d = user;
    (void)api;
    switch (ev) {
    case SIMTVM_DEBUG_LAUNCH: show_launch(d); return 0;
    case SIMTVM_DEBUG_FOCUS_MOVED: show_focus_moved(d); return 0;
    case SIMTVM_DEBUG_WATCH: show_watch(d); return 0;
    case SIMTVM_DEBUG_STOP: break;
    }
    show_stop(d);
    if (command_loop(d) != LOOP_QUIT)
        return 0;
    d->quitting = 1;
    return 1;
}

/* -------------------------------------------------------- breakpoints */

static void cmd_break(dbg *d, const char *arg)
{
    char *end;
    unsigned long line = strtoul(arg, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    if (!isdigit((unsigned char)*arg) || *end || line == 0 || line > UINT32_MAX) {
        fprintf(d->out, "break needs a line number: break LINE\n");
        return;
    }
    simtvm_breakpoint b;
    if (simtvm_debug_break(d->api, (unsigned)line, &b) != SIMTVM_OK) {
        fprintf(d->out, "%s\n", simtvm_errmsg(d->vm));
        return;
    }
    fprintf(d->out, "Breakpoint %d at line %u (%d location%s)\n", b.id, b.line, b.locations,
            b.locations == 1 ? "" : "s");
    if (!b.in_device_code)
        fprintf(d->out, "note: line %u is host code, which runs without stopping: "
                "breakpoints stop kernels\n", b.line);
}

static void cmd_delete(dbg *d, const char *arg)
{
    long id = *arg ? strtol(arg, NULL, 10) : 0;
    if ((*arg && id < 1) || simtvm_debug_delete(d->api, (int)id) != SIMTVM_OK)
        fprintf(d->out, "no breakpoint %s\n", arg);
}

/* ------------------------------------------------------------- focus */

static void show_focus(dbg *d)
{
    unsigned fb[3], fw;
    simtvm_debug_focus(d->api, fb, &fw);
    fprintf(d->out, "[focus on block (%u,%u,%u) warp %u]\n", fb[0], fb[1], fb[2], fw);
    if (!simtvm_debug_focus_live(d->api))
        return;
    simtvm_warp_info w;
    dbg_focus_warp(d, &w);
    if (!w.issuing) {
        fprintf(d->out, "no lanes of warp %u are ready to issue (info mask shows why)\n",
                w.index);
        return;
    }
    char list[128];
    dbg_lane_list(list, sizeof list, w.issuing);
    fprintf(d->out, "lanes %s next issue pc %d %s, line %u\n", list, w.issuing_pc,
            dbg_op(d, w.issuing_pc), dbg_line(d, w.issuing_pc));
    dbg_show_source(d, dbg_line(d, w.issuing_pc));
}

static void cmd_warp(dbg *d, const char *arg)
{
    char *end;
    unsigned long n = strtoul(arg, &end, 10);
    if (!isdigit((unsigned char)*arg) || *end) {
        fprintf(d->out, "warp needs a warp number: warp N\n");
        return;
    }
    unsigned fb[3];
    simtvm_stop_info s;
    simtvm_debug_focus(d->api, fb, NULL);
    if (simtvm_debug_stop_info(d->api, &s) == SIMTVM_OK && n >= s.warps &&
        !memcmp(s.block, fb, sizeof fb)) {
        fprintf(d->out, "block (%u,%u,%u) has warps 0 to %u\n", s.block[0], s.block[1],
                s.block[2], s.warps - 1);
        return;
    }
    simtvm_debug_set_focus(d->api, fb, (unsigned)n);
    show_focus(d);
}

/* Parses "X[,Y[,Z]]" into v; 0, or -1 when it is not one. */
static int parse_block(const char *arg, unsigned long v[3])
{
    const char *p = arg;
    int k = 0;
    for (; k < 3; k++) {
        char *end;
        if (!isdigit((unsigned char)*p))
            break;
        v[k] = strtoul(p, &end, 10);
        p = end;
        while (isspace((unsigned char)*p))
            p++;
        if (*p != ',')
            break;
        p++;
        while (isspace((unsigned char)*p))
            p++;
    }
    if (k == 3 || !isdigit((unsigned char)*arg) || *p || v[0] > UINT32_MAX ||
        v[1] > UINT32_MAX || v[2] > UINT32_MAX)
        return -1;
    return 0;
}

static void cmd_block(dbg *d, const char *arg)
{
    unsigned long v[3] = {0, 0, 0};
    if (parse_block(arg, v) != 0) {
        fprintf(d->out, "block needs block coordinates: block X[,Y[,Z]]\n");
        return;
    }
    simtvm_launch_info l;
    if (simtvm_debug_launch_info(d->api, &l) == SIMTVM_OK &&
        (v[0] >= l.grid[0] || v[1] >= l.grid[1] || v[2] >= l.grid[2])) {
        fprintf(d->out, "the grid is (%u,%u,%u) blocks\n", l.grid[0], l.grid[1], l.grid[2]);
        return;
    }
    unsigned fb[3] = {(unsigned)v[0], (unsigned)v[1], (unsigned)v[2]}, fw;
    simtvm_debug_focus(d->api, NULL, &fw);
    simtvm_debug_set_focus(d->api, fb, fw);
    show_focus(d);
    if (simtvm_debug_running(d->api) && !simtvm_debug_focus_live(d->api))
        fprintf(d->out, "it is not running now: step, next or continue go on until it does\n");
}

/* ------------------------------------------------- list, finish, watch */

/* list [LINE]: ten lines around LINE, the stop, or after the last listed. */
static void cmd_list(dbg *d, const char *arg)
{
    char *end;
    long at = *arg ? strtol(arg, &end, 10) : 0;
    if (*arg && (*end || at < 1)) {
        fprintf(d->out, "list takes a line number, not '%s'\n", arg);
        return;
    }
    simtvm_stop_info s;
    unsigned here = simtvm_debug_stop_info(d->api, &s) == SIMTVM_OK ? dbg_line(d, s.pc) : 0;
    unsigned from = at ? (unsigned)(at > 5 ? at - 5 : 1)
                       : d->list_next ? d->list_next : here > 5 ? here - 5 : 1;
    int len, shown = 0;
    for (unsigned l = from; l < from + 10; l++) {
        const char *src = simtvm_module_source_line(d->mod, l, &len);
        if (!src)
            break;
        fprintf(d->out, "%s%5u | %.*s\n", l == here ? "=>" : "  ", l, len > 200 ? 200 : len,
                src);
        shown = 1;
    }
    const char *name = simtvm_module_source_name(d->mod);
    if (!shown)
        fprintf(d->out, "line %u is past the end of %s\n", from, *name ? name : "the source");
    d->list_next = from + 10;
}

/* finish: run the focused warp until its function returns to the caller. */
static int cmd_finish(dbg *d)
{
    if (dbg_no_focus(d))
        return 0;
    simtvm_warp_info w;
    dbg_focus_warp(d, &w);
    simtvm_stop_info s;
    simtvm_debug_stop_info(d->api, &s);
    int pc = w.issuing ? w.issuing_pc : s.pc;
    if (simtvm_debug_resume(d->api, SIMTVM_RESUME_FINISH, 1) != SIMTVM_OK) {
        fprintf(d->out, "\"finish\" not meaningful in the outermost frame (kernel %s); use "
                "continue or next\n", dbg_func(d, pc));
        return 0;
    }
    fprintf(d->out, "Run till exit from %s\n", dbg_func(d, pc));
    return 1;
}

/* watch EXPR: stop when EXPR's value changes in a lane of the focused warp. */
static void cmd_watch(dbg *d, const char *expr)
{
    if (!*expr) {
        fprintf(d->out, "watch needs an expression: watch VARIABLE, watch a[i]\n");
        return;
    }
    if (dbg_no_focus(d))
        return;
    uint32_t lanes;
    if (simtvm_debug_watch(d->api, expr, &lanes) != SIMTVM_OK) {
        fprintf(d->out, "watch: %s\n", simtvm_errmsg(d->vm));
        return;
    }
    unsigned fb[3], fw;
    simtvm_debug_focus(d->api, fb, &fw);
    fprintf(d->out, "Watchpoint on %s in block (%u,%u,%u) warp %u (%d lanes read it now)\n",
            expr, fb[0], fb[1], fb[2], fw, __builtin_popcount(lanes));
}

/* ------------------------------------------------------- command loop */

static void help(dbg *d)
{
    fputs("commands (unique prefixes work: s, n, c, p, b):\n"
          "  break LINE       stop when any warp reaches LINE\n"
          "  delete [N]       delete breakpoint N (all without N)\n"
          "  run              start the program\n"
          "  step [N]         issue one warp instruction of the focused warp (N times)\n"
          "  next [N]         run the focused warp to the next source line (over calls)\n"
          "  continue         run to the next breakpoint or the end\n"
          "  warp N           focus on warp N of the block\n"
          "  block X[,Y[,Z]]  focus on a block (warp number kept)\n"
          "  print EXPR       EXPR in every lane of the focused warp: a variable, a[i],\n"
          "                   p[i], *p, s.x, p->y, a[i].f, a whole struct, threadIdx.x,\n"
          "                   blockIdx.y, laneid, + - * / %\n"
          "  info mask        active mask and convergence groups (its) or the\n"
          "                   reconvergence stack (lockstep)\n"
          "  info banks       lane -> bank of the shared-memory access about to issue\n"
          "  info locals | warps | breakpoints   (warps: every warp's lanes, state, pc)\n"
          "  list [LINE]      ten source lines around LINE or the stop (again: the next ten)\n"
          "  finish           run the focused warp until its function returns\n"
          "  watch EXPR       stop when EXPR changes in a lane of the focused warp\n"
          "  unwatch          remove the watchpoint\n"
          "  quit\n",
          d->out);
}

/* Splits "word rest": returns the rest (spaces skipped) and NUL-ends word. */
static char *split_word(char *line)
{
    char *p = line;
    while (*p && !isspace((unsigned char)*p))
        p++;
    if (*p)
        *p++ = 0;
    while (isspace((unsigned char)*p))
        p++;
    char *e = p + strlen(p);
    while (e > p && isspace((unsigned char)e[-1]))
        *--e = 0;
    return p;
}

static long repeat_count(dbg *d, const char *arg)
{
    if (!*arg)
        return 1;
    char *end;
    long n = strtol(arg, &end, 10);
    if (*end || n < 1) {
        fprintf(d->out, "expected a count, not '%s'\n", arg);
        return 0;
    }
    return n;
}

/* step, next, continue: 1 when the program should resume. */
static int resume(dbg *d, simtvm_resume how, const char *arg)
{
    if (!simtvm_debug_running(d->api)) {
        fprintf(d->out, "The program is not being run.\n");
        return 0;
    }
    long n = how == SIMTVM_RESUME_CONTINUE ? 1 : repeat_count(d, arg);
    return n && simtvm_debug_resume(d->api, how, n) == SIMTVM_OK;
}

/* The commands that run the program on; -1 when word is none of them. */
static int run_command(dbg *d, const char *w, const char *arg)
{
    if (dbg_is_cmd(w, "run", 1)) {
        if (!simtvm_debug_running(d->api))
            return LOOP_RUN;
        fprintf(d->out, "The program is already running.\n");
        return -2;
    }
    simtvm_resume how;
    if (dbg_is_cmd(w, "step", 1) || dbg_is_cmd(w, "stepi", 5))
        how = SIMTVM_RESUME_STEP;
    else if (dbg_is_cmd(w, "next", 1))
        how = SIMTVM_RESUME_NEXT;
    else if (dbg_is_cmd(w, "continue", 1))
        how = SIMTVM_RESUME_CONTINUE;
    else if (dbg_is_cmd(w, "finish", 3))
        return cmd_finish(d) ? LOOP_RESUME : -2;
    else
        return -1;
    return resume(d, how, arg) ? LOOP_RESUME : -2;
}

/* Runs one command line; returns -1 to read on, or a loop_result. */
static int dispatch(dbg *d, char *line)
{
    char *arg = split_word(line);
    const char *w = line;
    if (!*w || *w == '#')
        return -1;
    int r = run_command(d, w, arg);
    if (r != -1)
        return r < 0 ? -1 : r;
    if (dbg_is_cmd(w, "break", 1))
        cmd_break(d, arg);
    else if (dbg_is_cmd(w, "delete", 1))
        cmd_delete(d, arg);
    else if (dbg_is_cmd(w, "list", 1))
        cmd_list(d, arg);
    else if (dbg_is_cmd(w, "watch", 3))
        cmd_watch(d, arg);
    else if (dbg_is_cmd(w, "unwatch", 3)) {
        simtvm_debug_unwatch(d->api);
        fprintf(d->out, "Watchpoint removed\n");
    } else if (dbg_is_cmd(w, "warp", 1))
        cmd_warp(d, arg);
    else if (dbg_is_cmd(w, "block", 2))
        cmd_block(d, arg);
    else if (dbg_is_cmd(w, "print", 1))
        dbg_cmd_print(d, arg);
    else if (dbg_is_cmd(w, "info", 1))
        dbg_cmd_info(d, arg);
    else if (dbg_is_cmd(w, "help", 1))
        help(d);
    else if (dbg_is_cmd(w, "quit", 1) || dbg_is_cmd(w, "exit", 4))
        return LOOP_QUIT;
    else
        fprintf(d->out, "unknown command '%s' (try help)\n", w);
    return -1;
}

static enum loop_result command_loop(dbg *d)
{
    char *line = NULL;
    size_t cap = 0;
    int r = -1;
    while (r < 0) {
        if (d->tty)
            fputs("(simtvm) ", d->out);
        fflush(d->out);
        if (getline(&line, &cap, d->in) < 0) {
            r = LOOP_QUIT; /* end of the commands: as quit */
            break;
        }
        line[strcspn(line, "\r\n")] = 0;
        r = dispatch(d, line);
    }
    free(line);
    return (enum loop_result)r;
}

/* --------------------------------------------------------------- driver */

/* Runs main() once under the debugger and says how it ended. */
static void run_once(dbg *d, int argc, char **argv)
{
    simtvm_result *res = NULL;
    int code = 0;
    simtvm_status st = simtvm_run_main(d->vm, argc, argv, &code, &res);
    fflush(d->out);
    if (d->quitting) {
        simtvm_result_free(res);
        return;
    }
    simtvm_fault f;
    if (st == SIMTVM_ERR_FAULT && simtvm_result_fault(res, &f) == SIMTVM_OK) {
        if (!simtvm_result_fault_printed(res))
            fputs(f.text, stderr);
        fflush(stderr);
        fprintf(d->out, "[program stopped on a fault]\n");
    } else if (st != SIMTVM_OK && st != SIMTVM_ERR_FAULT) {
        fprintf(stderr, "simtvm: error: %s\n", simtvm_errmsg(d->vm));
        fprintf(d->out, "[program stopped on a fault]\n");
    } else {
        fprintf(d->out, "[program exited with status %d]\n", code);
    }
    simtvm_result_free(res);
}

int simtvm_debug(simtvm_vm *vm, simtvm_module *mod, int argc, char **argv, FILE *in, FILE *out)
{
    dbg d;
    memset(&d, 0, sizeof d);
    d.vm = vm;
    d.mod = mod;
    d.in = in;
    d.out = out;
    d.tty = isatty(fileno(in));
    d.color = isatty(fileno(out));
    if (d.tty)
        fprintf(out, "simtvm debug %s: type help for the commands, run to start\n",
                simtvm_module_source_name(mod));
    int status = 0;
    for (int loaded = 0; !d.quitting;) {
        if (!loaded) { /* a fresh load for every run: memory, globals */
            if (simtvm_load(vm, mod) != SIMTVM_OK ||
                (!d.api && simtvm_debugger_new(vm, on_event, &d, &d.api) != SIMTVM_OK)) {
                fflush(out);
                fprintf(stderr, "simtvm: error: %s\n", simtvm_errmsg(vm));
                status = 1;
                break;
            }
            loaded = 1;
        }
        enum loop_result r = command_loop(&d);
        if (r == LOOP_QUIT)
            break;
        if (r != LOOP_RUN)
            continue;
        run_once(&d, argc, argv);
        loaded = 0;
    }
    simtvm_debugger_free(d.api);
    return status;
}
