/* runtime/api_debug_eval.c -- simtvm_debug_eval: a small expression language
 * evaluated in one lane of a stopped warp (runtime/api_debug.h).
 *
 * Variables are found through the module's debug table (simt_var): an entry
 * names a register or a frame offset of one function over a run of pcs, and
 * each lane is looked up at its own pc, so lanes of one warp that stand in
 * different scopes each show their own variable.  Memory is read through
 * the VM's address translation as the lane would read it; a failed read
 * leaves no fault behind. */
#include "runtime/api_debug.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The module and the VM of the load the debugger reads. */
#define MOD(d) ((d)->vm->vm.mod)
#define VMI(d) (&(d)->vm->vm)

typedef struct dval {
    uint8_t type;             /* simt_vtype; VT_PTR with elem for addresses */
    uint8_t elem;
    uint64_t bits;
} dval;

/* Where expressions are evaluated: one lane of a warp of the running block. */
typedef struct lane_ctx {
    simtvm_debugger *d;
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
const simt_var *simt_api_debug_var(const simtvm_debugger *d, const simt_warp *w, unsigned l,
                                   const char *name)
{
    const simt_module *m = MOD(d);
    int32_t pc = w->pc[l];
    if (pc < 0 || (uint32_t)pc >= m->ncode)
        return NULL;
    uint32_t f = VMI(d)->func_of_pc[pc];
    const simt_var *found = NULL;
    for (uint32_t k = 0; k < m->nvars; k++) {
        const simt_var *v = &m->vars[k];
        if (v->func == f && (uint32_t)pc >= v->pc_begin && (uint32_t)pc < v->pc_end &&
            !strcmp(v->name, name))
            found = v;
    }
    return found;
}

static int name_exists(const simtvm_debugger *d, const char *name)
{
    for (uint32_t k = 0; k < MOD(d)->nvars; k++)
        if (!strcmp(MOD(d)->vars[k].name, name))
            return 1;
    return 0;
}

/* Reads size bytes at a guest address as lane l would; -1 if it cannot. */
static int read_guest(lane_ctx *c, uint64_t addr, unsigned size, uint64_t *bits)
{
    simt_vm *vm = VMI(c->d);
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
    const simt_module *m = MOD(c->d);
    for (uint32_t g = 0; g < m->nglobals; g++) {
        const simt_global *gv = &m->globals[g];
        if (strcmp(gv->name, name))
            continue;
        size_t es = simt_vtype_size(gv->elem);
        out->bits = VMI(c->d)->global_addr[g];
        out->type = VT_PTR;
        out->elem = gv->elem;
        if (!es || gv->size != es)
            return 0;
        out->type = gv->elem;
        out->elem = VT_VOID;
        if (read_guest(c, VMI(c->d)->global_addr[g], (unsigned)es, &out->bits) != 0)
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
    const simt_var *v = simt_api_debug_var(c->d, c->w, c->lane, name);
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
        if (out->type == VT_PTR || r.type == VT_PTR)
            return eval_fail(c, "'%s' needs numbers, not a pointer", op == '*' ? "*" : op == '/' ? "/" : "%");
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

/* p + n, n + p, p - n and p - q as C has them (in elements of the pointed-to
 * type); a float or a sum of two pointers has no meaning, as in C. */
static int pointer_arith(lane_ctx *c, char op, dval *out, dval r)
{
    if (is_float(out->type) || is_float(r.type))
        return eval_fail(c, "'%s' cannot mix a pointer and a float", op == '+' ? "+" : "-");
    if (out->type == VT_PTR && r.type == VT_PTR) {
        if (op == '+')
            return eval_fail(c, "%s", "cannot add two pointers");
        size_t size = simt_vtype_size(out->elem);
        out->bits = (uint64_t)((int64_t)(out->bits - r.bits) / (int64_t)(size ? size : 1));
        out->type = VT_I64;
        out->elem = VT_VOID;
        return 0;
    }
    if (r.type == VT_PTR) { /* n + p: the pointer's type; n - p has no meaning */
        if (op == '-')
            return eval_fail(c, "%s", "cannot subtract a pointer from a number");
        dval n = *out;
        *out = r;
        r = n;
    }
    size_t size = simt_vtype_size(out->elem);
    int64_t k = as_int(r) * (int64_t)(size ? size : 1);
    out->bits += (uint64_t)(op == '+' ? k : -k);
    return 0;
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
        if (out->type == VT_PTR)
            return eval_fail(c, "%s", "cannot negate a pointer");
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
        if (out->type == VT_PTR || r.type == VT_PTR) {
            if (pointer_arith(c, op, out, r) != 0)
                return -1;
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

int simt_api_debug_eval(simtvm_debugger *d, simt_warp *w, unsigned l, const char *expr,
                        simtvm_value *out, char *err, size_t errlen)
{
    lane_ctx c = {d, w, l, expr, ""};
    dval v;
    int bad = simt_lane_state(w, l) == LANE_EXITED;
    if (bad)
        snprintf(c.err, sizeof c.err, "lane %u has exited", l);
    else if (parse_expr(&c, &v) != 0 || (skip_space(&c), *c.p))
        bad = 1;
    if (bad) {
        if (!c.err[0])
            snprintf(c.err, sizeof c.err, "unexpected '%.20s' in the expression", c.p);
        snprintf(err, errlen, "%s", c.err);
        return -1;
    }
    out->type = v.type == VT_STR ? SIMTVM_PTR : (simtvm_type)v.type;
    out->type_name = simt_vtype_name(v.type);
    out->bits = v.bits;
    return 0;
}
