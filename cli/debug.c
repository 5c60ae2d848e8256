/* cli/debug.c -- `simtvm debug`: the command loop of the warp stepper.
 *
 * The VM calls hook() before every warp instruction of a kernel (vm/vm.h).
 * The hook decides whether this issue is a stop -- a breakpoint, or the end
 * of a `step`/`next` of the focused warp -- and if so reads commands until one
 * of them resumes the program.  Inspection reads the interpreter's state
 * (vm/exec.h: per-lane pc, frame, state and convergence barriers; registers
 * as [slot * width + lane]) and never changes it, so a debugged run computes
 * exactly what `simtvm run` computes, in the same order.
 *
 * Variables are found through the module's debug table (simt_var): an entry
 * names a register or a frame offset of one function over a run of pcs, and
 * each lane is looked up at its own pc, so lanes of one warp that stand in
 * different scopes each show their own variable. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/debug.h"
#include "runtime/runtime.h"
#include "vm/exec.h"

#define MAX_BREAKS 64
#define BANKS 32

enum mode { MODE_STEP, MODE_NEXT, MODE_CONTINUE, MODE_FINISH };
enum loop_result { LOOP_RESUME, LOOP_RUN, LOOP_QUIT };

typedef struct dbg {
    const simt_module *mod;
    simt_vm *vm;
    FILE *in, *out;
    int tty;                  /* commands come from a terminal: prompt */
    int color;                /* out is a terminal: dim inactive lanes */
    uint32_t break_line[MAX_BREAKS]; /* 0: deleted */
    int nbreaks;
    uint8_t *break_at;        /* per pc: 1 + index into break_line, or 0 */
    int running;              /* inside simt_vm_run_main */
    int mode;                 /* enum mode */
    long count;               /* stops to skip (step N / next N) */
    uint32_t next_line, next_fp;
    uint32_t focus_block[3], focus_warp;
    int seen_focus;           /* the focused block ran in this launch */
    /* the stop being inspected */
    simt_exec *ex;
    simt_block *blk;
    simt_warp *w;             /* the warp that stopped */
    uint32_t mask;
    int32_t pc;
    int print_serial;         /* $N of print */
    int quitting;             /* quit while the program runs */
    uint32_t list_next;       /* the line `list` shows from next (0: around the stop) */
    /* watch EXPR: the expression, the warp it watches and each lane's last value */
    char watch[128];
    uint32_t watch_block[3], watch_warp;
    uint64_t watch_bits[SIMT_MAX_WARP];
    uint8_t watch_type;       /* simt_vtype of its value */
    uint32_t watch_valid;     /* lanes whose last value was read */
} dbg;

/* ------------------------------------------------------------ small helpers */

static uint32_t full_mask(unsigned width)
{
    return width >= 32 ? 0xffffffffu : (1u << width) - 1u;
}

/* "0-15,20" */
static void lane_list(char *buf, size_t len, uint32_t lanes)
{
    if (!lanes)
        snprintf(buf, len, "none");
    else
        simt_lane_list(buf, len, lanes);
}

static uint32_t line_of(const dbg *d, int32_t pc)
{
    return pc >= 0 && (uint32_t)pc < d->mod->ncode ? d->mod->pos[pc].line : 0;
}

/* Line `line` of the source, without its newline; *len receives its length. */
static const char *source_line(const simt_module *m, uint32_t line, int *len)
{
    const char *s = m->source;
    for (uint32_t n = 1; s && *s && n < line; s++)
        if (*s == '\n')
            n++;
    if (!s || !*s || !line)
        return NULL;
    const char *e = strchr(s, '\n');
    *len = e ? (int)(e - s) : (int)strlen(s);
    while (*len > 0 && isspace((unsigned char)s[*len - 1]))
        (*len)--;
    return s;
}

static void show_source(dbg *d, uint32_t line)
{
    int len;
    const char *s = source_line(d->mod, line, &len);
    if (s)
        fprintf(d->out, "%5" PRIu32 " | %.*s\n", line, len > 200 ? 200 : len, s);
}

static int same_block(const uint32_t a[3], const uint32_t b[3])
{
    return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

static const char *func_name(const dbg *d, int32_t pc)
{
    if (pc < 0 || (uint32_t)pc >= d->mod->ncode || !d->vm->func_of_pc)
        return "?";
    return d->mod->funcs[d->vm->func_of_pc[pc]].name;
}

/* The warp in focus, or NULL when its block is not the one running. */
static simt_warp *focus(dbg *d)
{
    if (!d->blk || !same_block(d->blk->idx, d->focus_block) || d->focus_warp >= d->blk->nwarps)
        return NULL;
    return &d->blk->warps[d->focus_warp];
}

/* The lanes the focused warp issues next: the stopped group, or its first
 * ready group.  0 when none is ready. */
static uint32_t focus_group(dbg *d, simt_warp *w, int32_t *pc)
{
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

static int no_focus(dbg *d)
{
    if (!d->running) {
        fprintf(d->out, "The program is not being run.\n");
        return 1;
    }
    if (!focus(d)) {
        fprintf(d->out, "block (%u,%u,%u) warp %u is not running now (block (%u,%u,%u) with %u "
                "warps is)\n", d->focus_block[0], d->focus_block[1], d->focus_block[2],
                d->focus_warp, d->blk->idx[0], d->blk->idx[1], d->blk->idx[2], d->blk->nwarps);
        return 1;
    }
    return 0;
}

/* -------------------------------------------------------------- the stops */

static void show_stop(dbg *d, int breakpoint)
{
    char lanes[128];
    unsigned width = d->w->width;
    lane_list(lanes, sizeof lanes, d->mask);
    if (breakpoint)
        fprintf(d->out, "Breakpoint %d, ", breakpoint);
    fprintf(d->out, "%s, block (%u,%u,%u), warp %u, lanes %s (%d of %u), pc %d %s, line %" PRIu32
            "\n", func_name(d, d->pc), d->blk->idx[0], d->blk->idx[1], d->blk->idx[2],
            d->w->index, lanes, __builtin_popcount(d->mask), width, d->pc,
            simt_op_name(d->mod->code[d->pc].op), line_of(d, d->pc));
    show_source(d, line_of(d, d->pc));
}

/* The focused warp is gone (its lanes exited or its block finished): the
 * warp issuing now takes the focus, as cuda-gdb moves to a live thread. */
static void move_focus(dbg *d, simt_block *blk, simt_warp *w)
{
    fprintf(d->out, "[block (%u,%u,%u) warp %u has finished; focus on block (%u,%u,%u) warp %u]\n",
            d->focus_block[0], d->focus_block[1], d->focus_block[2], d->focus_warp, blk->idx[0],
            blk->idx[1], blk->idx[2], w->index);
    memcpy(d->focus_block, blk->idx, sizeof d->focus_block);
    d->focus_warp = w->index;
    d->seen_focus = 1;
}

/* Whether this issue ends a step or next of the focused warp. */
static int step_done(dbg *d, simt_block *blk, simt_warp *w, uint32_t mask, int32_t pc)
{
    int in_block = same_block(blk->idx, d->focus_block);
    if (in_block)
        d->seen_focus = 1;
    int gone = in_block ? d->focus_warp >= blk->nwarps ||
                              blk->warps[d->focus_warp].exited == full_mask(w->width)
                        : d->seen_focus;
    if (gone) {
        move_focus(d, blk, w);
    } else if (!in_block || w->index != d->focus_warp) {
        return 0;
    } else if (d->mode == MODE_NEXT) {
        uint32_t fp = w->fp[__builtin_ctz(mask)];
        if (fp > d->next_fp || (fp == d->next_fp && line_of(d, pc) == d->next_line))
            return 0; /* inside a call, or still on the line */
    } else if (d->mode == MODE_FINISH && w->fp[__builtin_ctz(mask)] >= d->next_fp) {
        return 0; /* not yet back in the caller */
    }
    return --d->count <= 0;
}

static void launch_begins(dbg *d, simt_exec *ex)
{
    fprintf(d->out, "[launch of %s <<<(%u,%u,%u), (%u,%u,%u)>>>, warps of %u lanes, --sched=%s]\n",
            d->mod->funcs[ex->kernel].name, ex->grid[0], ex->grid[1], ex->grid[2],
            ex->block_dim[0], ex->block_dim[1], ex->block_dim[2], ex->width,
            ex->lockstep ? "lockstep" : "its");
    d->seen_focus = 0;
    for (int k = 0; k < 3; k++)
        if (d->focus_block[k] >= ex->grid[k])
            memset(d->focus_block, 0, sizeof d->focus_block);
}

static enum loop_result command_loop(dbg *d);
static int watch_changed(dbg *d, simt_exec *ex, simt_block *blk, simt_warp *w);

static int hook(void *ctx, simt_exec *ex, simt_block *blk, simt_warp *w, uint32_t mask,
                int32_t pc)
{
    dbg *d = ctx;
    if (ex->steps == 0)
        launch_begins(d, ex);
    int bp = d->break_at[pc];
    int stop = bp != 0 || watch_changed(d, ex, blk, w);
    if (d->mode != MODE_CONTINUE && step_done(d, blk, w, mask, pc))
        stop = 1;
    if (!stop)
        return 0;
    if (bp) { /* a breakpoint moves the focus to the warp that hit it */
        memcpy(d->focus_block, blk->idx, sizeof d->focus_block);
        d->focus_warp = w->index;
        d->seen_focus = 1;
    }
    d->ex = ex;
    d->blk = blk;
    d->w = w;
    d->mask = mask;
    d->pc = pc;
    show_stop(d, bp);
    enum loop_result r = command_loop(d);
    d->ex = NULL;
    d->blk = NULL;
    d->w = NULL;
    if (r == LOOP_QUIT) {
        d->vm->exit_code = 0;
        d->quitting = 1;
        return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- values */

typedef struct dval {
    uint8_t type;             /* simt_vtype; VT_PTR with elem for addresses */
    uint8_t elem;
    uint64_t bits;
} dval;

/* Where expressions are evaluated: one lane of the focused warp. */
typedef struct lane_ctx {
    dbg *d;
    simt_warp *w;
    unsigned lane;
    const char *p;            /* the expression, being parsed */
    char err[200];
} lane_ctx;

static int eval_fail(lane_ctx *c, const char *msg, const char *what)
{
    if (!c->err[0])
        snprintf(c->err, sizeof c->err, msg, what);
    return -1;
}

/* The debug-table entry for name at the lane's pc (innermost wins). */
static const simt_var *lookup_var(const dbg *d, const simt_warp *w, unsigned l, const char *name)
{
    const simt_module *m = d->mod;
    int32_t pc = w->pc[l];
    if (pc < 0 || (uint32_t)pc >= m->ncode)
        return NULL;
    uint32_t f = d->vm->func_of_pc[pc];
    const simt_var *found = NULL;
    for (uint32_t k = 0; k < m->nvars; k++) {
        const simt_var *v = &m->vars[k];
        if (v->func == f && (uint32_t)pc >= v->pc_begin && (uint32_t)pc < v->pc_end &&
            !strcmp(v->name, name))
            found = v;
    }
    return found;
}

static int name_exists(const dbg *d, const char *name)
{
    for (uint32_t k = 0; k < d->mod->nvars; k++)
        if (!strcmp(d->mod->vars[k].name, name))
            return 1;
    return 0;
}

/* Reads size bytes at a guest address as lane l would; -1 if it cannot. */
static int read_guest(lane_ctx *c, uint64_t addr, unsigned size, uint64_t *bits)
{
    simt_vm *vm = c->d->vm;
    simt_warp *w = c->w;
    simt_tctx t = {c->d->blk->shared, c->d->blk->shared_size,
                   w->local + (size_t)c->lane * w->local_cap, w->local_cap, 0};
    simt_fault saved = vm->fault; /* a failed translation must not leave a fault behind */
    const uint8_t *p = simt_vm_translate(vm, &t, addr, size, 0);
    vm->fault = saved;
    if (!p)
        return -1;
    *bits = 0;
    memcpy(bits, p, size); /* little-endian host, as the VM assumes */
    return 0;
}

static int var_value(lane_ctx *c, const simt_var *v, dval *out)
{
    simt_warp *w = c->w;
    unsigned W = w->width, l = c->lane;
    const uint64_t *frame = w->regs + (size_t)w->fp[l] * W;
    out->elem = v->elem;
    if (v->kind == VAR_REG) {
        out->type = v->type;
        out->bits = frame[(size_t)v->where * W + l];
        return 0;
    }
    uint64_t addr = SIMT_ADDR(SPACE_LOCAL, frame[2 * W + l] + v->where);
    if (v->type == VT_VOID) { /* an array or record: its address */
        if (v->elem == VT_VOID)
            return eval_fail(c, "'%s' is a record; print one of its fields' variables", v->name);
        out->type = VT_PTR;
        out->bits = addr;
        return 0;
    }
    out->type = v->type;
    if (read_guest(c, addr, (unsigned)simt_vtype_size(v->type), &out->bits) != 0)
        return eval_fail(c, "cannot read '%s'", v->name);
    return 0;
}

/* threadIdx.x and friends, laneid, warpSize. */
static int builtin_value(lane_ctx *c, const char *name, const char *field, dval *out)
{
    simt_exec *ex = c->d->ex;
    simt_warp *w = c->w;
    uint32_t t = w->tid_base + c->lane, bx = ex->block_dim[0], by = ex->block_dim[1];
    uint32_t tid[3] = {t % bx, (t / bx) % by, t / (bx * by)};
    const uint32_t *vec = !strcmp(name, "threadIdx") ? tid
                          : !strcmp(name, "blockIdx") ? c->d->blk->idx
                          : !strcmp(name, "blockDim") ? ex->block_dim
                          : !strcmp(name, "gridDim") ? ex->grid : NULL;
    out->type = VT_U32;
    out->elem = VT_VOID;
    if (vec) {
        if (!field || field[1] || field[0] < 'x' || field[0] > 'z')
            return eval_fail(c, "%s needs .x, .y or .z", name);
        out->bits = vec[field[0] - 'x'];
        return 0;
    }
    if (!field && !strcmp(name, "laneid")) {
        out->bits = c->lane;
        return 0;
    }
    if (!field && !strcmp(name, "warpSize")) {
        out->bits = w->width;
        return 0;
    }
    return 1;
}

/* A module variable (__device__, __constant__, host global): its value, or
 * its address when it is an array.  1 when there is none called name. */
static int global_value(lane_ctx *c, const char *name, dval *out)
{
    const simt_module *m = c->d->mod;
    for (uint32_t g = 0; g < m->nglobals; g++) {
        const simt_global *gv = &m->globals[g];
        if (strcmp(gv->name, name))
            continue;
        size_t es = simt_vtype_size(gv->elem);
        out->bits = c->d->vm->global_addr[g];
        out->type = VT_PTR;
        out->elem = gv->elem;
        if (!es || gv->size != es)
            return 0;
        out->type = gv->elem;
        out->elem = VT_VOID;
        if (read_guest(c, c->d->vm->global_addr[g], (unsigned)es, &out->bits) != 0)
            return eval_fail(c, "cannot read '%s'", name);
        return 0;
    }
    /* a __shared__ variable of the focus block: its value, or its address
     * when it is an array (indexed flat: tile[32][32]'s tile[1][0] is
     * tile[32]) */
    for (uint32_t k = 0; k < m->nshared_syms; k++) {
        const simt_symbol *y = &m->shared_syms[k];
        if (strcmp(y->name, name))
            continue;
        size_t es = simt_vtype_size(y->elem);
        uint64_t off = y->offset == UINT32_MAX ? m->shared_static : y->offset;
        out->bits = SIMT_ADDR(SPACE_SHARED, off);
        out->type = VT_PTR;
        out->elem = y->elem;
        if (!es || y->size != es)
            return 0;
        out->type = y->elem;
        out->elem = VT_VOID;
        if (read_guest(c, SIMT_ADDR(SPACE_SHARED, off), (unsigned)es, &out->bits) != 0)
            return eval_fail(c, "cannot read '%s'", name);
        return 0;
    }
    return 1;
}

static void skip_space(lane_ctx *c)
{
    while (isspace((unsigned char)*c->p))
        c->p++;
}

static int is_float(unsigned t) { return t == VT_F32 || t == VT_F64; }

static double as_double(dval v)
{
    if (v.type == VT_F32) {
        float f;
        uint32_t b = (uint32_t)v.bits;
        memcpy(&f, &b, 4);
        return f;
    }
    if (v.type == VT_F64) {
        double x;
        memcpy(&x, &v.bits, 8);
        return x;
    }
    return (double)(int64_t)v.bits;
}

/* The integer value of v, sign- or zero-extended from its type. */
static int64_t as_int(dval v)
{
    switch (v.type) {
    case VT_I8: return (int8_t)v.bits;
    case VT_U8: case VT_BOOL: return (uint8_t)v.bits;
    case VT_I16: return (int16_t)v.bits;
    case VT_U16: return (uint16_t)v.bits;
    case VT_I32: return (int32_t)v.bits;
    case VT_U32: return (uint32_t)v.bits;
    case VT_F32: case VT_F64: return (int64_t)as_double(v);
    default: return (int64_t)v.bits;
    }
}

static int parse_expr(lane_ctx *c, dval *out);

static int parse_primary(lane_ctx *c, dval *out)
{
    skip_space(c);
    if (*c->p == '(') {
        c->p++;
        if (parse_expr(c, out) != 0)
            return -1;
        skip_space(c);
        if (*c->p != ')')
            return eval_fail(c, "expected ')'%s", "");
        c->p++;
        return 0;
    }
    if (isdigit((unsigned char)*c->p)) {
        char *end;
        if (strchr("0123456789", *c->p) && strpbrk(c->p, ".eE") &&
            strpbrk(c->p, ".eE") < c->p + strspn(c->p, "0123456789.eE+-")) {
            double x = strtod(c->p, &end);
            out->type = VT_F64;
            memcpy(&out->bits, &x, 8);
        } else {
            out->type = VT_I64;
            out->bits = strtoull(c->p, &end, 0);
        }
        out->elem = VT_VOID;
        c->p = end;
        return 0;
    }
    if (!isalpha((unsigned char)*c->p) && *c->p != '_')
        return eval_fail(c, "expected a variable or a number, not '%.10s'", c->p);
    char name[64], field[8] = "";
    size_t n = 0;
    while ((isalnum((unsigned char)*c->p) || *c->p == '_') && n + 1 < sizeof name)
        name[n++] = *c->p++;
    name[n] = 0;
    const simt_var *v = lookup_var(c->d, c->w, c->lane, name);
    if (v)
        return var_value(c, v, out);
    const char *q = c->p;
    while (isspace((unsigned char)*q))
        q++;
    if (*q == '.') {
        q++;
        size_t k = 0;
        while (isalnum((unsigned char)*q) && k + 1 < sizeof field)
            field[k++] = *q++;
        field[k] = 0;
    }
    int r = builtin_value(c, name, field[0] ? field : NULL, out);
    if (r <= 0) {
        if (field[0])
            c->p = q;
        return r;
    }
    if ((r = global_value(c, name, out)) <= 0)
        return r;
    if (name_exists(c->d, name))
        return eval_fail(c, "'%s' is not in scope here", name);
    return eval_fail(c, "no variable '%s' in the program", name);
}

static int parse_postfix(lane_ctx *c, dval *out)
{
    if (parse_primary(c, out) != 0)
        return -1;
    for (;;) {
        skip_space(c);
        if (*c->p != '[')
            return 0;
        c->p++;
        dval idx;
        if (parse_expr(c, &idx) != 0)
            return -1;
        skip_space(c);
        if (*c->p != ']')
            return eval_fail(c, "expected ']'%s", "");
        c->p++;
        size_t size = simt_vtype_size(out->elem);
        if (out->type != VT_PTR || out->elem == VT_VOID || !size)
            return eval_fail(c, "cannot index this value%s (not an array or a pointer to "
                             "numbers)", "");
        uint64_t addr = out->bits + (uint64_t)as_int(idx) * size;
        out->type = out->elem;
        out->elem = VT_VOID;
        if (read_guest(c, addr, (unsigned)size, &out->bits) != 0)
            return eval_fail(c, "%s", "cannot read that element (out of bounds)");
    }
}

static int parse_term(lane_ctx *c, dval *out)
{
    if (parse_postfix(c, out) != 0)
        return -1;
    for (;;) {
        skip_space(c);
        char op = *c->p;
        if (op != '*' && op != '/' && op != '%')
            return 0;
        c->p++;
        dval r;
        if (parse_postfix(c, &r) != 0)
            return -1;
        if (is_float(out->type) || is_float(r.type)) {
            double x = as_double(*out), y = as_double(r);
            if (op == '%')
                return eval_fail(c, "%s", "'%' needs integers");
            x = op == '*' ? x * y : x / y;
            out->type = VT_F64;
            memcpy(&out->bits, &x, 8);
        } else {
            int64_t x = as_int(*out), y = as_int(r);
            if (op != '*' && y == 0)
                return eval_fail(c, "%s", "division by zero");
            out->bits = (uint64_t)(op == '*' ? x * y : op == '/' ? x / y : x % y);
            out->type = VT_I64;
        }
    }
}

static int parse_expr(lane_ctx *c, dval *out)
{
    skip_space(c);
    int neg = *c->p == '-';
    if (neg)
        c->p++;
    if (parse_term(c, out) != 0)
        return -1;
    if (neg) {
        if (is_float(out->type)) {
            double x = -as_double(*out);
            out->type = VT_F64;
            memcpy(&out->bits, &x, 8);
        } else {
            out->bits = (uint64_t)-as_int(*out);
            out->type = VT_I64;
        }
    }
    for (;;) {
        skip_space(c);
        char op = *c->p;
        if (op != '+' && op != '-')
            return 0;
        c->p++;
        dval r;
        if (parse_term(c, &r) != 0)
            return -1;
        if (out->type == VT_PTR && !is_float(r.type)) { /* pointer arithmetic */
            size_t size = simt_vtype_size(out->elem);
            int64_t k = as_int(r) * (int64_t)(size ? size : 1);
            out->bits += (uint64_t)(op == '+' ? k : -k);
        } else if (is_float(out->type) || is_float(r.type)) {
            double x = as_double(*out), y = as_double(r);
            x = op == '+' ? x + y : x - y;
            out->type = VT_F64;
            memcpy(&out->bits, &x, 8);
        } else {
            int64_t x = as_int(*out), y = as_int(r);
            out->bits = (uint64_t)(op == '+' ? x + y : x - y);
            out->type = VT_I64;
        }
    }
}

static void format_value(dval v, char *buf, size_t len)
{
    switch (v.type) {
    case VT_F32: case VT_F64: snprintf(buf, len, "%g", as_double(v)); break;
    case VT_BOOL: snprintf(buf, len, "%s", v.bits & 0xff ? "true" : "false"); break;
    case VT_PTR: case VT_STR: snprintf(buf, len, "0x%" PRIx64, v.bits); break;
    case VT_U8: case VT_U16: case VT_U32: case VT_U64:
        snprintf(buf, len, "%" PRIu64, (uint64_t)as_int(v) & (v.type == VT_U64 ? UINT64_MAX
                                                               : UINT64_C(0xffffffff)));
        break;
    default: snprintf(buf, len, "%" PRId64, as_int(v)); break;
    }
}

/* ------------------------------------------------------------- print */

#define CELL 24

static void cmd_print(dbg *d, const char *expr)
{
    if (!*expr) {
        fprintf(d->out, "print needs an expression: print VARIABLE, print a[i], print "
                "threadIdx.x\n");
        return;
    }
    if (no_focus(d))
        return;
    simt_warp *w = focus(d);
    unsigned W = w->width;
    int32_t gpc;
    uint32_t active = focus_group(d, w, &gpc);
    char cells[SIMT_MAX_WARP][CELL];
    char first_err[200] = "";
    int shown = 0;
    const char *type = NULL;
    size_t widest = 1;
    for (unsigned l = 0; l < W; l++) {
        lane_ctx c = {d, w, l, expr, ""};
        dval v;
        if (simt_lane_state(w, l) == LANE_EXITED) {
            snprintf(cells[l], CELL, "-");
        } else if (parse_expr(&c, &v) == 0 && (skip_space(&c), *c.p == 0)) {
            format_value(v, cells[l], CELL);
            if (!type)
                type = simt_vtype_name(v.type);
            shown++;
        } else {
            if (!c.err[0])
                snprintf(c.err, sizeof c.err, "unexpected '%.20s' in the expression", c.p);
            if (!first_err[0] || (active >> l & 1))
                memcpy(first_err, c.err, sizeof first_err);
            snprintf(cells[l], CELL, "?");
        }
        size_t len = strlen(cells[l]) + (active >> l & 1 ? 0 : 2);
        if (len > widest)
            widest = len;
    }
    if (!shown) {
        fprintf(d->out, "%s\n", first_err);
        return;
    }
    char lanes[128];
    lane_list(lanes, sizeof lanes, active);
    fprintf(d->out, "$%d = %s (%s), warp %u: active lanes %s; (x) inactive, - exited, "
            "? not in scope\n", ++d->print_serial, expr, type, w->index, lanes);
    unsigned per_row = widest <= 6 ? 8 : 4;
    for (unsigned row = 0; row < W; row += per_row) {
        fprintf(d->out, "  [%2u-%2u]", row, row + per_row - 1 < W ? row + per_row - 1 : W - 1);
        for (unsigned l = row; l < row + per_row && l < W; l++) {
            int on = active >> l & 1 || simt_lane_state(w, l) == LANE_EXITED;
            char cell[CELL + 2];
            snprintf(cell, sizeof cell, on ? "%s" : "(%s)", cells[l]);
            if (!on && d->color)
                fprintf(d->out, " \033[2m%*s\033[0m", (int)widest, cell);
            else
                fprintf(d->out, " %*s", (int)widest, cell);
        }
        fputc('\n', d->out);
    }
}

/* ----------------------------------------------------------- info mask */

static const char *state_name(unsigned s)
{
    switch (s) {
    case LANE_READY: return "ready";
    case LANE_JOIN: return "waiting to reconverge";
    case LANE_COLL: return "waiting at a warp collective";
    case LANE_BAR: return "waiting at __syncthreads";
    default: return "exited";
    }
}

static void print_group(dbg *d, const char *tag, uint32_t lanes, const char *what, int32_t pc)
{
    if (!strcmp(what, state_name(LANE_BAR)))
        pc--; /* a lane at __syncthreads stands after it */
    char list[128];
    lane_list(list, sizeof list, lanes);
    fprintf(d->out, "  %-10s lanes %-12s %s at pc %d, line %" PRIu32 "\n", tag, list, what, pc,
            line_of(d, pc));
}

/* ITS: lanes grouped by (pc, frame, state, innermost convergence barrier). */
static void show_groups(dbg *d, simt_warp *w, uint32_t issuing)
{
    fprintf(d->out, "convergence groups (--sched=its):\n");
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
        print_group(d, (g & issuing) ? "* issuing" : "", g, state_name(simt_lane_state(w, l)),
                    w->pc[l]);
    }
    if (w->exited & full_mask(w->width)) {
        char list[128];
        lane_list(list, sizeof list, w->exited & full_mask(w->width));
        fprintf(d->out, "  %-10s lanes %s exited (or hold no thread)\n", "", list);
    }
}

/* Lockstep: the classic SIMT stack -- the running path on top, paths that
 * wait their turn below it, then the reconvergence points, innermost first. */
static void show_stack(dbg *d, simt_warp *w, uint32_t issuing, int32_t pc)
{
    fprintf(d->out, "reconvergence stack (--sched=lockstep), top first:\n");
    if (issuing)
        print_group(d, "run", issuing, "runs", pc);
    uint32_t done = issuing | w->exited;
    for (unsigned l = 0; l < w->width; l++) {
        if ((done >> l & 1) || simt_lane_state(w, l) == LANE_JOIN)
            continue;
        uint32_t g = simt_lane_state(w, l) == LANE_READY ? simt_group_of(w, l) : 1u << l;
        done |= g;
        unsigned st = simt_lane_state(w, l);
        print_group(d, "pending", g, st == LANE_READY ? "wait their turn" : state_name(st), w->pc[l]);
    }
    unsigned lead = issuing ? (unsigned)__builtin_ctz(issuing) : 0;
    for (unsigned l = 0; !issuing && l < w->width; l++)
        if (!(w->exited >> l & 1) && w->depth[l] >= w->depth[lead])
            lead = l;
    for (unsigned lv = w->depth[lead]; lv-- > 0;) {
        const simt_cbar *b = &w->cbars[w->cstack[(size_t)lv * w->width + lead]];
        char arrived[128], what[160];
        lane_list(arrived, sizeof arrived, b->arrived);
        snprintf(what, sizeof what, "meet (arrived: %s)", arrived);
        print_group(d, "reconverge", b->expected, what, b->rpc);
    }
    if (!w->depth[lead])
        fprintf(d->out, "  %-10s (no divergent branch open)\n", "");
}

static void cmd_info_mask(dbg *d)
{
    if (no_focus(d))
        return;
    simt_warp *w = focus(d);
    int32_t pc = -1;
    uint32_t g = focus_group(d, w, &pc);
    char list[128];
    lane_list(list, sizeof list, g);
    fprintf(d->out, "warp %u of block (%u,%u,%u): active mask 0x%08" PRIx32 " (lanes %s, %d of "
            "%u)", w->index, d->blk->idx[0], d->blk->idx[1], d->blk->idx[2], g, list,
            __builtin_popcount(g), w->width);
    if (g)
        fprintf(d->out, " at pc %d, line %" PRIu32, pc, line_of(d, pc));
    fputc('\n', d->out);
    if (d->ex->lockstep)
        show_stack(d, w, g, pc);
    else
        show_groups(d, w, g);
}

/* ---------------------------------------------------------- info banks */

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
        *size = 4;
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

/* "tile[17]" for a shared-memory offset, from the module's shared symbols. */
static void shared_name(const simt_module *m, uint64_t off, char *buf, size_t len)
{
    for (uint32_t k = 0; k < m->nshared_syms; k++) {
        const simt_symbol *s = &m->shared_syms[k];
        uint64_t start = s->offset == UINT32_MAX ? m->shared_static : s->offset;
        int ext = s->offset == UINT32_MAX;
        if (off < start || (!ext && off >= start + s->size))
            continue;
        uint32_t es = s->elem_size ? s->elem_size : 1;
        if (!ext && s->size == es)
            snprintf(buf, len, "%s", s->name);
        else
            snprintf(buf, len, "%s[%" PRIu64 "]", s->name, (off - start) / es);
        return;
    }
    snprintf(buf, len, "+%" PRIu64, off);
}

static void cmd_info_banks(dbg *d)
{
    if (no_focus(d))
        return;
    simt_warp *w = focus(d);
    int32_t pc = -1;
    uint32_t g = focus_group(d, w, &pc);
    if (!g) {
        fprintf(d->out, "warp %u has no lanes ready to issue\n", w->index);
        return;
    }
    const simt_insn *in = &d->mod->code[pc];
    unsigned size = 0;
    int64_t off = in->i;
    int kind = is_memory_op(in, &size, &off);
    unsigned W = w->width, lead = (unsigned)__builtin_ctz(g);
    const uint64_t *base = w->regs + ((size_t)w->fp[lead] + in->b) * W;
    const uint64_t *index = w->regs + ((size_t)w->fp[lead] + in->c) * W;
    if (!kind || SIMT_ADDR_SPACE(lane_addr(in, base, index, lead, off)) != SPACE_SHARED) {
        fprintf(d->out, "pc %d (%s, line %" PRIu32 ") is not a shared-memory access", pc,
                simt_op_name(in->op), line_of(d, pc));
        for (int32_t k = pc + 1; (uint32_t)k < d->mod->ncode && line_of(d, k) == line_of(d, pc);
             k++) {
            int64_t o2;
            unsigned s2;
            if (is_memory_op(&d->mod->code[k], &s2, &o2)) {
                fprintf(d->out, "; the next memory access of this line is pc %d (%s): step to it",
                        k, simt_op_name(d->mod->code[k].op));
                break;
            }
        }
        fputc('\n', d->out);
        return;
    }
    uint64_t word[BANKS][SIMT_MAX_WARP];
    unsigned nword[BANKS] = {0};
    fprintf(d->out, "%s of %u bytes to shared memory at pc %d, line %" PRIu32 ":\n",
            simt_op_name(in->op), size, pc, line_of(d, pc));
    for (unsigned l = 0; l < W; l++) {
        if (!(g >> l & 1))
            continue;
        uint64_t a = SIMT_ADDR_OFFSET(lane_addr(in, base, index, l, off));
        unsigned bank = (unsigned)(a / 4 % BANKS);
        char name[80];
        shared_name(d->mod, a, name, sizeof name);
        fprintf(d->out, "  lane %2u -> bank %2u  (offset %6" PRIu64 ", %s)\n", l, bank, a, name);
        /* lanes reading the same word share it (broadcast): count distinct words */
        uint64_t wd = a / 4;
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

/* ------------------------------------------------------------ other info */

static void cmd_info_locals(dbg *d)
{
    if (no_focus(d))
        return;
    simt_warp *w = focus(d);
    int32_t pc;
    uint32_t g = focus_group(d, w, &pc);
    if (!g) {
        fprintf(d->out, "warp %u has no lanes ready to issue\n", w->index);
        return;
    }
    unsigned lead = (unsigned)__builtin_ctz(g);
    int any = 0;
    for (uint32_t k = 0; k < d->mod->nvars; k++) {
        const simt_var *v = &d->mod->vars[k];
        if (lookup_var(d, w, lead, v->name) != v)
            continue;
        if (!any)
            fprintf(d->out, "in scope at pc %d, line %" PRIu32 ":", pc, line_of(d, pc));
        fprintf(d->out, " %s", v->name);
        any = 1;
    }
    fprintf(d->out, any ? "\n" : "no variables in scope at pc %d\n", pc);
}

static void cmd_info_warps(dbg *d)
{
    if (!d->running) {
        fprintf(d->out, "The program is not being run.\n");
        return;
    }
    for (uint32_t k = 0; k < d->blk->nwarps; k++) {
        simt_warp *w = &d->blk->warps[k];
        const uint32_t *by_state = w->in_state;
        fprintf(d->out, "%c warp %u:", w == focus(d) ? '*' : ' ', k);
        const char *sep = " ";
        for (unsigned s = 0; s <= LANE_EXITED; s++) {
            if (!by_state[s])
                continue;
            char list[128];
            lane_list(list, sizeof list, by_state[s]);
            fprintf(d->out, "%slanes %s %s", sep, list, state_name(s));
            if (s == LANE_READY)
                fprintf(d->out, " (next at line %" PRIu32 ", pc %d)",
                        line_of(d, w->pc[__builtin_ctz(by_state[s])]),
                        w->pc[__builtin_ctz(by_state[s])]);
            sep = "; ";
        }
        fputc('\n', d->out);
    }
}

static void cmd_info_breaks(dbg *d)
{
    int any = 0;
    for (int k = 0; k < d->nbreaks; k++)
        if (d->break_line[k]) {
            fprintf(d->out, "breakpoint %d at line %" PRIu32 "\n", k + 1, d->break_line[k]);
            any = 1;
        }
    if (!any)
        fprintf(d->out, "no breakpoints\n");
}

/* -------------------------------------------------------- breakpoints */

/* An instruction that only materialises a value (a constant, an address,
 * a copy, a special register): what the optimizer hoists out of a loop. */
static int materialises(unsigned op)
{
    return op == OP_LDK || op == OP_MOV || op == OP_GADDR || op == OP_LADDR || op == OP_SREG;
}

/* Whether the run of `line` starting at pc is only such instructions (a
 * loop body's constants hoisted in front of the loop carry its line). */
static int hoisted_run(const dbg *d, uint32_t pc, uint32_t line)
{
    const uint32_t *fn = d->vm->func_of_pc;
    for (uint32_t p = pc; p < d->mod->ncode && d->mod->pos[p].line == line && fn[p] == fn[pc]; p++)
        if (!materialises(d->mod->code[p].op))
            return 0;
    return 1;
}

/* The first pc of each run of instructions of `line` (a loop's line has
 * several), leaving out runs of hoisted constants where the line has other
 * code: the break stops where the line first runs, not in front of its loop.
 * Returns how many were marked with id. */
static int mark_line(dbg *d, uint32_t line, uint8_t id)
{
    int n = 0, pass;
    const uint32_t *fn = d->vm->func_of_pc;
    for (pass = 0; pass < 2 && !n; pass++) /* pass 1: only hoisted runs exist */
        for (uint32_t pc = 0; pc < d->mod->ncode; pc++) {
            int starts = pc == 0 || fn[pc] != fn[pc - 1] || d->mod->pos[pc - 1].line != line;
            if (d->mod->pos[pc].line == line && starts && (pass || !hoisted_run(d, pc, line))) {
                d->break_at[pc] = id;
                n++;
            }
        }
    return n;
}

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
    if (d->nbreaks == MAX_BREAKS) {
        fprintf(d->out, "too many breakpoints (at most %d)\n", MAX_BREAKS);
        return;
    }
    uint32_t want = (uint32_t)line, at = 0;
    for (uint32_t pc = 0; pc < d->mod->ncode; pc++) /* the first line with code from there */
        if (d->mod->pos[pc].line >= want && (!at || d->mod->pos[pc].line < at))
            at = d->mod->pos[pc].line;
    if (!at) {
        fprintf(d->out, "no code at line %lu or after it\n", line);
        return;
    }
    int id = ++d->nbreaks;
    d->break_line[id - 1] = at;
    int n = mark_line(d, at, (uint8_t)id);
    fprintf(d->out, "Breakpoint %d at line %" PRIu32 " (%d location%s)\n", id, at, n,
            n == 1 ? "" : "s");
    int device = 0;
    for (uint32_t pc = 0; pc < d->mod->ncode; pc++)
        if (d->break_at[pc] == id && d->mod->funcs[d->vm->func_of_pc[pc]].kind != FN_HOST)
            device = 1;
    if (!device)
        fprintf(d->out, "note: line %" PRIu32 " is host code, which runs without stopping: "
                "breakpoints stop kernels\n", at);
}

static void cmd_delete(dbg *d, const char *arg)
{
    long id = *arg ? strtol(arg, NULL, 10) : 0;
    if (*arg && (id < 1 || id > d->nbreaks || !d->break_line[id - 1])) {
        fprintf(d->out, "no breakpoint %s\n", arg);
        return;
    }
    for (uint32_t pc = 0; pc < d->mod->ncode; pc++)
        if (d->break_at[pc] && (!id || d->break_at[pc] == id))
            d->break_at[pc] = 0;
    for (int k = 0; k < d->nbreaks; k++)
        if (!id || k + 1 == id)
            d->break_line[k] = 0;
    /* Breakpoints that share a line with the deleted one keep their pcs. */
    for (int k = 0; k < d->nbreaks; k++)
        if (d->break_line[k])
            mark_line(d, d->break_line[k], (uint8_t)(k + 1));
}

/* ------------------------------------------------------------- focus */

static void show_focus(dbg *d)
{
    simt_warp *w = focus(d);
    fprintf(d->out, "[focus on block (%u,%u,%u) warp %u]\n", d->focus_block[0], d->focus_block[1],
            d->focus_block[2], d->focus_warp);
    if (!w)
        return;
    int32_t pc;
    uint32_t g = focus_group(d, w, &pc);
    if (!g) {
        fprintf(d->out, "no lanes of warp %u are ready to issue (info mask shows why)\n",
                w->index);
        return;
    }
    char list[128];
    lane_list(list, sizeof list, g);
    fprintf(d->out, "lanes %s next issue pc %d %s, line %" PRIu32 "\n", list, pc,
            simt_op_name(d->mod->code[pc].op), line_of(d, pc));
    show_source(d, line_of(d, pc));
}

static void cmd_warp(dbg *d, const char *arg)
{
    char *end;
    unsigned long n = strtoul(arg, &end, 10);
    if (!isdigit((unsigned char)*arg) || *end) {
        fprintf(d->out, "warp needs a warp number: warp N\n");
        return;
    }
    if (d->blk && n >= d->blk->nwarps && same_block(d->blk->idx, d->focus_block)) {
        fprintf(d->out, "block (%u,%u,%u) has warps 0 to %u\n", d->blk->idx[0], d->blk->idx[1],
                d->blk->idx[2], d->blk->nwarps - 1);
        return;
    }
    d->focus_warp = (uint32_t)n;
    show_focus(d);
}

static void cmd_block(dbg *d, const char *arg)
{
    unsigned long v[3] = {0, 0, 0};
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
        v[1] > UINT32_MAX || v[2] > UINT32_MAX) {
        fprintf(d->out, "block needs block coordinates: block X[,Y[,Z]]\n");
        return;
    }
    if (d->ex && (v[0] >= d->ex->grid[0] || v[1] >= d->ex->grid[1] || v[2] >= d->ex->grid[2])) {
        fprintf(d->out, "the grid is (%u,%u,%u) blocks\n", d->ex->grid[0], d->ex->grid[1],
                d->ex->grid[2]);
        return;
    }
    for (k = 0; k < 3; k++)
        d->focus_block[k] = (uint32_t)v[k];
    d->seen_focus = d->blk && same_block(d->blk->idx, d->focus_block);
    show_focus(d);
    if (d->running && !focus(d))
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
    uint32_t here = d->w ? line_of(d, d->pc) : 0;
    uint32_t from = at ? (uint32_t)(at > 5 ? at - 5 : 1)
                       : d->list_next ? d->list_next : here > 5 ? here - 5 : 1;
    int len, shown = 0;
    for (uint32_t l = from; l < from + 10; l++) {
        const char *s = source_line(d->mod, l, &len);
        if (!s)
            break;
        fprintf(d->out, "%s%5" PRIu32 " | %.*s\n", l == here ? "=>" : "  ", l,
                len > 200 ? 200 : len, s);
        shown = 1;
    }
    if (!shown)
        fprintf(d->out, "line %" PRIu32 " is past the end of %s\n", from,
                d->mod->source_name ? d->mod->source_name : "the source");
    d->list_next = from + 10;
}

/* finish: run the focused warp until its function returns to the caller. */
static int cmd_finish(dbg *d)
{
    if (no_focus(d))
        return 0;
    simt_warp *w = focus(d);
    int32_t pc = d->pc;
    uint32_t g = focus_group(d, w, &pc);
    if (!g || (d->mod->funcs[d->vm->func_of_pc[pc]].kind & FN_KERNEL)) {
        fprintf(d->out, "\"finish\" not meaningful in the outermost frame (kernel %s); use "
                "continue or next\n", func_name(d, pc));
        return 0;
    }
    fprintf(d->out, "Run till exit from %s\n", func_name(d, pc));
    d->mode = MODE_FINISH;
    d->count = 1;
    d->next_fp = w->fp[__builtin_ctz(g)];
    return 1;
}

static int eval_lane(dbg *d, simt_warp *w, unsigned l, const char *expr, dval *v)
{
    lane_ctx c = {d, w, l, expr, ""};
    if (simt_lane_state(w, l) == LANE_EXITED || parse_expr(&c, v) != 0)
        return -1;
    skip_space(&c);
    return *c.p ? -1 : 0;
}

/* Reads the watched expression in every lane; returns the lanes whose value
 * changed since the last read (a lane out of scope is no change). */
static uint32_t watch_read(dbg *d, simt_warp *w, uint64_t old[SIMT_MAX_WARP])
{
    uint32_t changed = 0, valid = 0;
    for (unsigned l = 0; l < w->width; l++) {
        dval v;
        if (eval_lane(d, w, l, d->watch, &v) != 0)
            continue;
        valid |= 1u << l;
        if ((d->watch_valid >> l & 1) && v.bits != d->watch_bits[l])
            changed |= 1u << l;
        old[l] = d->watch_bits[l];
        d->watch_bits[l] = v.bits;
        d->watch_type = v.type;
    }
    d->watch_valid = valid;
    return changed;
}

/* Before each issue of the watched warp: whether a lane's value changed
 * (printed as `old -> new` for the first lanes). */
static int watch_changed(dbg *d, simt_exec *ex, simt_block *blk, simt_warp *w)
{
    if (!d->watch[0] || !same_block(blk->idx, d->watch_block) || w->index != d->watch_warp)
        return 0;
    uint64_t old[SIMT_MAX_WARP];
    simt_block *saved_blk = d->blk;
    simt_exec *saved_ex = d->ex;
    d->blk = blk;             /* expressions read the block that runs */
    d->ex = ex;
    uint32_t changed = watch_read(d, w, old);
    d->blk = saved_blk;
    d->ex = saved_ex;
    if (!changed)
        return 0;
    char lanes[128];
    lane_list(lanes, sizeof lanes, changed);
    fprintf(d->out, "Watchpoint: %s changed in lanes %s:", d->watch, lanes);
    int shown = 0;
    for (uint32_t m = changed; m && shown < 4; m &= m - 1, shown++) {
        unsigned l = (unsigned)__builtin_ctz(m);
        char a[CELL], b[CELL];
        format_value((dval){d->watch_type, VT_VOID, old[l]}, a, sizeof a);
        format_value((dval){d->watch_type, VT_VOID, d->watch_bits[l]}, b, sizeof b);
        fprintf(d->out, "%s lane %u: %s -> %s", shown ? "," : "", l, a, b);
    }
    fputs(__builtin_popcount(changed) > shown ? ", ...\n" : "\n", d->out);
    return 1;
}

/* watch EXPR: stop when EXPR's value changes in a lane of the focused warp. */
static void cmd_watch(dbg *d, const char *expr)
{
    if (!*expr) {
        fprintf(d->out, "watch needs an expression: watch VARIABLE, watch a[i]\n");
        return;
    }
    if (no_focus(d))
        return;
    if (strlen(expr) >= sizeof d->watch) {
        fprintf(d->out, "watch: the expression is too long\n");
        return;
    }
    snprintf(d->watch, sizeof d->watch, "%s", expr);
    memcpy(d->watch_block, d->focus_block, sizeof d->watch_block);
    d->watch_warp = d->focus_warp;
    d->watch_valid = 0;
    uint64_t old[SIMT_MAX_WARP];
    watch_read(d, focus(d), old);
    fprintf(d->out, "Watchpoint on %s in block (%u,%u,%u) warp %u (%d lanes read it now)\n",
            expr, d->watch_block[0], d->watch_block[1], d->watch_block[2], d->watch_warp,
            __builtin_popcount(d->watch_valid));
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
          "                   p[i], threadIdx.x, blockIdx.y, laneid, + - * / %\n"
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

static int is_cmd(const char *word, const char *name, size_t min)
{
    size_t n = strlen(word);
    return n >= min && n <= strlen(name) && !strncmp(word, name, n);
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

/* step, next, continue: sets the mode; 1 when the program should resume. */
static int resume(dbg *d, int mode, const char *arg)
{
    if (!d->running) {
        fprintf(d->out, "The program is not being run.\n");
        return 0;
    }
    long n = mode == MODE_CONTINUE ? 1 : repeat_count(d, arg);
    if (!n)
        return 0;
    d->mode = mode;
    d->count = n;
    if (mode == MODE_NEXT) {
        simt_warp *w = focus(d);
        int32_t pc = d->pc;
        uint32_t g = w ? focus_group(d, w, &pc) : 0;
        d->next_line = g ? line_of(d, pc) : 0;
        d->next_fp = g ? w->fp[__builtin_ctz(g)] : UINT32_MAX;
    }
    return 1;
}

static int info(dbg *d, const char *arg)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%s", arg);
    if (is_cmd(buf, "mask", 1))
        cmd_info_mask(d);
    else if (is_cmd(buf, "banks", 2))
        cmd_info_banks(d);
    else if (is_cmd(buf, "locals", 1))
        cmd_info_locals(d);
    else if (is_cmd(buf, "warps", 1))
        cmd_info_warps(d);
    else if (is_cmd(buf, "breakpoints", 2))
        cmd_info_breaks(d);
    else
        fprintf(d->out, "info what? mask, banks, locals, warps or breakpoints\n");
    return 0;
}

/* Runs one command line; returns -1 to read on, or a loop_result. */
static int dispatch(dbg *d, char *line)
{
    char *arg = split_word(line);
    const char *w = line;
    if (!*w || *w == '#')
        return -1;
    if (is_cmd(w, "break", 1))
        cmd_break(d, arg);
    else if (is_cmd(w, "delete", 1))
        cmd_delete(d, arg);
    else if (is_cmd(w, "run", 1)) {
        if (!d->running)
            return LOOP_RUN;
        fprintf(d->out, "The program is already running.\n");
    } else if (is_cmd(w, "step", 1) || is_cmd(w, "stepi", 5)) {
        if (resume(d, MODE_STEP, arg))
            return LOOP_RESUME;
    } else if (is_cmd(w, "next", 1)) {
        if (resume(d, MODE_NEXT, arg))
            return LOOP_RESUME;
    } else if (is_cmd(w, "continue", 1)) {
        if (resume(d, MODE_CONTINUE, arg))
            return LOOP_RESUME;
    } else if (is_cmd(w, "finish", 3)) {
        if (cmd_finish(d))
            return LOOP_RESUME;
    } else if (is_cmd(w, "list", 1))
        cmd_list(d, arg);
    else if (is_cmd(w, "watch", 3))
        cmd_watch(d, arg);
    else if (is_cmd(w, "unwatch", 3)) {
        d->watch[0] = 0;
        fprintf(d->out, "Watchpoint removed\n");
    } else if (is_cmd(w, "warp", 1))
        cmd_warp(d, arg);
    else if (is_cmd(w, "block", 2))
        cmd_block(d, arg);
    else if (is_cmd(w, "print", 1))
        cmd_print(d, arg);
    else if (is_cmd(w, "info", 1))
        info(d, arg);
    else if (is_cmd(w, "help", 1))
        help(d);
    else if (is_cmd(w, "quit", 1) || is_cmd(w, "exit", 4))
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
        if (d->tty) {
            fputs("(simtvm) ", d->out);
        }
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

int simtvm_debug(const simt_module *mod, const simt_config *cfg, int argc, char **argv,
                 FILE *in, FILE *out)
{
    dbg d;
    memset(&d, 0, sizeof d);
    d.mod = mod;
    d.in = in;
    d.out = out;
    d.tty = isatty(fileno(in));
    d.color = isatty(fileno(out));
    d.break_at = calloc(mod->ncode ? mod->ncode : 1, 1);
    simt_vm vm;
    int status = 0;
    if (!d.break_at) {
        fprintf(stderr, "simtvm: error: out of memory\n");
        return 1;
    }
    int vm_live = 0;
    d.vm = &vm;
    if (d.tty)
        fprintf(out, "simtvm debug %s: type help for the commands, run to start\n",
                mod->source_name ? mod->source_name : "");
    for (;;) {
        if (!vm_live) { /* a fresh VM for every run: func_of_pc, memory, globals */
            if (simt_vm_init(&vm, cfg, mod, out, stderr) != SIMT_OK) {
                simt_vm_print_fault(&vm, stderr);
                simt_vm_destroy(&vm);
                status = 1;
                break;
            }
            vm.debug = hook;
            vm.debug_ctx = &d;
            vm_live = 1;
        }
        enum loop_result r = command_loop(&d);
        if (r == LOOP_QUIT)
            break;
        if (r != LOOP_RUN)
            continue;
        d.running = 1;
        d.mode = MODE_CONTINUE;
        d.count = 1;
        simt_status st = simt_vm_run_main(&vm, argc, argv);
        d.running = 0;
        fflush(out);
        if (d.quitting)
            break;
        if (st == SIMT_FAULT) {
            if (!vm.fault_reported)
                simt_vm_print_fault(&vm, stderr);
            fflush(stderr);
            fprintf(out, "[program stopped on a fault]\n");
        } else {
            fprintf(out, "[program exited with status %d]\n", vm.exit_code);
        }
        simt_vm_destroy(&vm);
        vm_live = 0;
    }
    if (vm_live)
        simt_vm_destroy(&vm);
    free(d.break_at);
    return status;
}
