/* cli/debug_info.c -- `simtvm debug`'s readers: print EXPR in every lane of
 * the focused warp, and info mask (convergence groups under ITS, the SIMT
 * stack under lockstep), info banks, info locals, info warps and info
 * breakpoints.  All of it through simtvm.h's debugger readers. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/debug_cli.h"

#define BANKS 32

static double as_double(simtvm_type type, uint64_t bits)
{
    if (type == SIMTVM_F32) {
        float f;
        uint32_t b = (uint32_t)bits;
        memcpy(&f, &b, 4);
        return f;
    }
    if (type == SIMTVM_F64) {
        double x;
        memcpy(&x, &bits, 8);
        return x;
    }
    return (double)(int64_t)bits;
}

/* The integer value of bits, sign- or zero-extended from its type. */
static int64_t as_int(simtvm_type type, uint64_t bits)
{
    switch (type) {
    case SIMTVM_I8: return (int8_t)bits;
    case SIMTVM_U8: case SIMTVM_BOOL: return (uint8_t)bits;
    case SIMTVM_I16: return (int16_t)bits;
    case SIMTVM_U16: return (uint16_t)bits;
    case SIMTVM_I32: return (int32_t)bits;
    case SIMTVM_U32: return (uint32_t)bits;
    case SIMTVM_F32: case SIMTVM_F64: return (int64_t)as_double(type, bits);
    default: return (int64_t)bits;
    }
}

void dbg_format_value(simtvm_type type, uint64_t bits, char *buf, size_t len)
{
    switch (type) {
    case SIMTVM_F32: case SIMTVM_F64: snprintf(buf, len, "%g", as_double(type, bits)); break;
    case SIMTVM_BOOL: snprintf(buf, len, "%s", bits & 0xff ? "true" : "false"); break;
    case SIMTVM_PTR: snprintf(buf, len, "0x%" PRIx64, bits); break;
    case SIMTVM_U8: case SIMTVM_U16: case SIMTVM_U32: case SIMTVM_U64:
        snprintf(buf, len, "%" PRIu64, (uint64_t)as_int(type, bits) &
                                           (type == SIMTVM_U64 ? UINT64_MAX
                                                               : UINT64_C(0xffffffff)));
        break;
    default: snprintf(buf, len, "%" PRId64, as_int(type, bits)); break;
    }
}

/* ------------------------------------------------------------- print */

/* The rows of a print: lanes per row by the widest cell, inactive lanes in
 * parentheses (dimmed on a terminal). */
static void print_rows(dbg *d, const simtvm_warp_info *w, char cells[][DBG_CELL], size_t widest)
{
    unsigned W = w->width, per_row = widest <= 6 ? 8 : 4;
    uint32_t exited = w->in_state[SIMTVM_LANE_EXITED];
    for (unsigned row = 0; row < W; row += per_row) {
        fprintf(d->out, "  [%2u-%2u]", row, row + per_row - 1 < W ? row + per_row - 1 : W - 1);
        for (unsigned l = row; l < row + per_row && l < W; l++) {
            int on = (w->issuing >> l & 1) || (exited >> l & 1);
            char cell[DBG_CELL + 2];
            snprintf(cell, sizeof cell, on ? "%s" : "(%s)", cells[l]);
            if (!on && d->color)
                fprintf(d->out, " \033[2m%*s\033[0m", (int)widest, cell);
            else
                fprintf(d->out, " %*s", (int)widest, cell);
        }
        fputc('\n', d->out);
    }
}

/* The text of a struct or union in one lane (simtvm_debug_format's). */
#define DBG_TEXT 512

/* A struct in every lane: one line per run of lanes showing the same text,
 * inactive lanes in parentheses (dimmed on a terminal). */
static void print_records(dbg *d, const simtvm_warp_info *w, char (*text)[DBG_TEXT])
{
    uint32_t exited = w->in_state[SIMTVM_LANE_EXITED];
    for (unsigned l = 0, end; l < w->width; l = end) {
        int on = (w->issuing >> l & 1) || (exited >> l & 1);
        for (end = l + 1; end < w->width && !strcmp(text[end], text[l]) &&
                          on == ((w->issuing >> end & 1) || (exited >> end & 1));
             end++)
            ;
        if (end - 1 > l)
            fprintf(d->out, "  [%2u-%2u] ", l, end - 1);
        else
            fprintf(d->out, "  [%2u]    ", l);
        if (on)
            fprintf(d->out, "%s\n", text[l]);
        else
            fprintf(d->out, d->color ? "\033[2m(%s)\033[0m\n" : "(%s)\n", text[l]);
    }
}

void dbg_cmd_print(dbg *d, const char *expr)
{
    if (!*expr) {
        fprintf(d->out, "print needs an expression: print VARIABLE, print a[i], print "
                "threadIdx.x\n");
        return;
    }
    if (dbg_no_focus(d))
        return;
    simtvm_warp_info w;
    dbg_focus_warp(d, &w);
    char cells[32][DBG_CELL];
    char (*text)[DBG_TEXT] = malloc(32 * sizeof *text);
    if (!text) {
        fprintf(d->out, "out of memory\n");
        return;
    }
    char first_err[200] = "";
    int shown = 0, records = 0;
    const char *type = NULL;
    size_t widest = 1;
    for (unsigned l = 0; l < w.width; l++) {
        simtvm_value v;
        snprintf(text[l], DBG_TEXT, "?");
        if (w.in_state[SIMTVM_LANE_EXITED] >> l & 1) {
            snprintf(cells[l], DBG_CELL, "-");
            snprintf(text[l], DBG_TEXT, "-");
        } else if (simtvm_debug_format(d->api, w.index, l, expr, text[l], DBG_TEXT, &v) ==
                   SIMTVM_OK) {
            dbg_format_value(v.type, v.bits, cells[l], DBG_CELL);
            if (!type) {
                type = v.type_name;
                records = v.type == SIMTVM_VOID;
            }
            shown++;
        } else {
            if (!first_err[0] || (w.issuing >> l & 1))
                snprintf(first_err, sizeof first_err, "%s", simtvm_errmsg(d->vm));
            snprintf(cells[l], DBG_CELL, "?");
        }
        size_t len = strlen(cells[l]) + (w.issuing >> l & 1 ? 0 : 2);
        if (len > widest)
            widest = len;
    }
    if (!shown) {
        fprintf(d->out, "%s\n", first_err);
        free(text);
        return;
    }
    char lanes[128];
    dbg_lane_list(lanes, sizeof lanes, w.issuing);
    fprintf(d->out, "$%d = %s (%s), warp %u: active lanes %s; (x) inactive, - exited, "
            "? not in scope\n", ++d->print_serial, expr, type, w.index, lanes);
    if (records)
        print_records(d, &w, text);
    else
        print_rows(d, &w, cells, widest);
    free(text);
}

/* ----------------------------------------------------------- info mask */

static const char *state_name(unsigned s)
{
    switch (s) {
    case SIMTVM_LANE_READY: return "ready";
    case SIMTVM_LANE_JOIN: return "waiting to reconverge";
    case SIMTVM_LANE_COLL: return "waiting at a warp collective";
    case SIMTVM_LANE_BAR: return "waiting at __syncthreads";
    default: return "exited";
    }
}

static void print_group(dbg *d, const char *tag, uint32_t lanes, const char *what, int pc)
{
    if (!strcmp(what, state_name(SIMTVM_LANE_BAR)))
        pc--; /* a lane at __syncthreads stands after it */
    char list[128];
    dbg_lane_list(list, sizeof list, lanes);
    fprintf(d->out, "  %-10s lanes %-12s %s at pc %d, line %u\n", tag, list, what, pc,
            dbg_line(d, pc));
}

static uint32_t full_mask(unsigned width)
{
    return width >= 32 ? 0xffffffffu : (1u << width) - 1u;
}

/* ITS: lanes grouped by (pc, frame, state, innermost convergence barrier). */
static void show_groups(dbg *d, const simtvm_warp_info *w)
{
    fprintf(d->out, "convergence groups (--sched=its):\n");
    simtvm_lane_group g[32];
    int n = 0;
    simtvm_debug_groups(d->api, w->index, g, 32, &n);
    for (int k = 0; k < n && k < 32; k++)
        print_group(d, (g[k].lanes & w->issuing) ? "* issuing" : "", g[k].lanes,
                    state_name(g[k].state), g[k].pc);
    uint32_t exited = w->in_state[SIMTVM_LANE_EXITED] & full_mask(w->width);
    if (exited) {
        char list[128];
        dbg_lane_list(list, sizeof list, exited);
        fprintf(d->out, "  %-10s lanes %s exited (or hold no thread)\n", "", list);
    }
}

static unsigned lane_state(const simtvm_warp_info *w, unsigned l)
{
    unsigned s = 0;
    while (s < SIMTVM_LANE_EXITED && !(w->in_state[s] >> l & 1))
        s++;
    return s;
}

/* Lockstep: the classic SIMT stack -- the running path on top, paths that
 * wait their turn below it, then the reconvergence points, innermost first. */
static void show_stack(dbg *d, const simtvm_warp_info *w)
{
    fprintf(d->out, "reconvergence stack (--sched=lockstep), top first:\n");
    uint32_t issuing = w->issuing, exited = w->in_state[SIMTVM_LANE_EXITED];
    if (issuing)
        print_group(d, "run", issuing, "runs", w->issuing_pc);
    uint32_t done = issuing | exited;
    for (unsigned l = 0; l < w->width; l++) {
        unsigned st = lane_state(w, l);
        if ((done >> l & 1) || st == SIMTVM_LANE_JOIN)
            continue;
        done |= w->group[l];
        print_group(d, "pending", w->group[l],
                    st == SIMTVM_LANE_READY ? "wait their turn" : state_name(st), w->pc[l]);
    }
    unsigned lead = issuing ? (unsigned)__builtin_ctz(issuing) : 0;
    for (unsigned l = 0; !issuing && l < w->width; l++)
        if (!(exited >> l & 1) && w->depth[l] >= w->depth[lead])
            lead = l;
    simtvm_reconvergence r[64];
    int n = 0;
    simtvm_debug_reconvergence(d->api, w->index, lead, r, 64, &n);
    for (int k = 0; k < n && k < 64; k++) {
        char arrived[128], what[160];
        dbg_lane_list(arrived, sizeof arrived, r[k].arrived);
        snprintf(what, sizeof what, "meet (arrived: %s)", arrived);
        print_group(d, "reconverge", r[k].expected, what, r[k].pc);
    }
    if (!n)
        fprintf(d->out, "  %-10s (no divergent branch open)\n", "");
}

static void cmd_info_mask(dbg *d)
{
    if (dbg_no_focus(d))
        return;
    simtvm_warp_info w;
    dbg_focus_warp(d, &w);
    simtvm_stop_info s;
    simtvm_launch_info li;
    simtvm_debug_stop_info(d->api, &s);
    simtvm_debug_launch_info(d->api, &li);
    uint32_t g = w.issuing;
    char list[128];
    dbg_lane_list(list, sizeof list, g);
    fprintf(d->out, "warp %u of block (%u,%u,%u): active mask 0x%08" PRIx32 " (lanes %s, %d of "
            "%u)", w.index, s.block[0], s.block[1], s.block[2], g, list, __builtin_popcount(g),
            w.width);
    if (g)
        fprintf(d->out, " at pc %d, line %u", w.issuing_pc, dbg_line(d, w.issuing_pc));
    fputc('\n', d->out);
    if (li.lockstep)
        show_stack(d, &w);
    else
        show_groups(d, &w);
}

/* ---------------------------------------------------------- info banks */

/* Prints the bank of each lane's word and the conflict degree: lanes that
 * read the same word share it (broadcast), so distinct words count. */
static void show_banks(dbg *d, const simtvm_access *a, unsigned width)
{
    uint64_t word[BANKS][32];
    unsigned nword[BANKS] = {0};
    for (unsigned l = 0; l < width; l++) {
        if (!(a->lanes >> l & 1))
            continue;
        uint64_t off = a->offset[l];
        unsigned bank = (unsigned)(off / 4 % BANKS);
        char name[80];
        simtvm_debug_shared_name(d->api, off, name, sizeof name);
        fprintf(d->out, "  lane %2u -> bank %2u  (offset %6" PRIu64 ", %s)\n", l, bank, off,
                name);
        uint64_t wd = off / 4;
        unsigned k = 0;
        while (k < nword[bank] && word[bank][k] != wd)
            k++;
        if (k == nword[bank])
            word[bank][nword[bank]++] = wd;
    }
    unsigned ways = 0, worst = 0;
    for (unsigned b = 0; b < BANKS; b++)
        if (nword[b] > ways)
            ways = nword[b], worst = b;
    if (ways <= 1)
        fprintf(d->out, "no bank conflict: one transaction\n");
    else
        fprintf(d->out, "%u-way bank conflict (bank %u holds %u different words): %u "
                "transactions\n", ways, worst, ways, ways);
}

static void cmd_info_banks(dbg *d)
{
    if (dbg_no_focus(d))
        return;
    simtvm_warp_info w;
    dbg_focus_warp(d, &w);
    simtvm_access a;
    if (simtvm_debug_access(d->api, w.index, &a) != SIMTVM_OK) {
        fprintf(d->out, "warp %u has no lanes ready to issue\n", w.index);
        return;
    }
    if (!a.shared) {
        fprintf(d->out, "pc %d (%s, line %u) is not a shared-memory access", a.pc,
                dbg_op(d, a.pc), dbg_line(d, a.pc));
        if (a.next_pc >= 0)
            fprintf(d->out, "; the next memory access of this line is pc %d (%s): step to it",
                    a.next_pc, dbg_op(d, a.next_pc));
        fputc('\n', d->out);
        return;
    }
    fprintf(d->out, "%s of %u bytes to shared memory at pc %d, line %u:\n", dbg_op(d, a.pc),
            a.size, a.pc, dbg_line(d, a.pc));
    show_banks(d, &a, w.width);
}

/* ------------------------------------------------------------ other info */

static void cmd_info_locals(dbg *d)
{
    if (dbg_no_focus(d))
        return;
    simtvm_warp_info w;
    dbg_focus_warp(d, &w);
    if (!w.issuing) {
        fprintf(d->out, "warp %u has no lanes ready to issue\n", w.index);
        return;
    }
    const char *names[256];
    int n = 0;
    simtvm_debug_locals(d->api, w.index, (unsigned)__builtin_ctz(w.issuing), names, 256, &n);
    int pc = w.issuing_pc;
    if (n)
        fprintf(d->out, "in scope at pc %d, line %u:", pc, dbg_line(d, pc));
    for (int k = 0; k < n && k < 256; k++)
        fprintf(d->out, " %s", names[k]);
    fprintf(d->out, n ? "\n" : "no variables in scope at pc %d\n", pc);
}

/* info warps: every warp of the running block, its lanes by state and where
 * the ready ones issue next. */
static void cmd_info_warps(dbg *d)
{
    simtvm_stop_info s;
    if (!simtvm_debug_running(d->api) || simtvm_debug_stop_info(d->api, &s) != SIMTVM_OK) {
        fprintf(d->out, "The program is not being run.\n");
        return;
    }
    unsigned fb[3], fw;
    simtvm_debug_focus(d->api, fb, &fw);
    int live = simtvm_debug_focus_live(d->api);
    for (unsigned k = 0; k < s.warps; k++) {
        simtvm_warp_info w;
        simtvm_debug_warp_info(d->api, k, &w);
        fprintf(d->out, "%c warp %u:", live && k == fw ? '*' : ' ', k);
        const char *sep = " ";
        for (unsigned st = 0; st <= SIMTVM_LANE_EXITED; st++) {
            if (!w.in_state[st])
                continue;
            char list[128];
            dbg_lane_list(list, sizeof list, w.in_state[st]);
            fprintf(d->out, "%slanes %s %s", sep, list, state_name(st));
            if (st == SIMTVM_LANE_READY) {
                int pc = w.pc[__builtin_ctz(w.in_state[st])];
                fprintf(d->out, " (next at line %u, pc %d)", dbg_line(d, pc), pc);
            }
            sep = "; ";
        }
        fputc('\n', d->out);
    }
}

static void cmd_info_breaks(dbg *d)
{
    int any = 0;
    for (int k = 1; k <= simtvm_debug_break_count(d->api); k++) {
        unsigned line = simtvm_debug_break_line(d->api, k);
        if (line) {
            fprintf(d->out, "breakpoint %d at line %u\n", k, line);
            any = 1;
        }
    }
    if (!any)
        fprintf(d->out, "no breakpoints\n");
}

void dbg_cmd_info(dbg *d, const char *arg)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%s", arg);
    if (dbg_is_cmd(buf, "mask", 1))
        cmd_info_mask(d);
    else if (dbg_is_cmd(buf, "banks", 2))
        cmd_info_banks(d);
    else if (dbg_is_cmd(buf, "locals", 1))
        cmd_info_locals(d);
    else if (dbg_is_cmd(buf, "warps", 1))
        cmd_info_warps(d);
    else if (dbg_is_cmd(buf, "breakpoints", 2))
        cmd_info_breaks(d);
    else
        fprintf(d->out, "info what? mask, banks, locals, warps or breakpoints\n");
}
