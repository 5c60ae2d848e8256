/* runtime/api_debug_eval.c -- simtvm_debug_eval: a small expression language
 * evaluated in one lane of a stopped warp (runtime/api_debug.h).
 *
 * Variables are found through the module's debug table (simt_var): an entry
 * names a register or a frame offset of one function over a run of pcs, and
 * each lane is looked up at its own pc, so lanes of one warp that stand in
 * different scopes each show their own variable.  Memory is read through
 * the VM's address translation as the lane would read it; a failed read
 * leaves no fault behind.
 *
 * The module's debug types (vm/module.h simt_dtype, checked by vm/dtypes.c)
 * give each variable its K type, so s.x, p->y, a[i].f, *p and whole
 * records are read with the record layouts the compiler used; without
 * them (a variable of unknown type) the value types of the debug table
 * still give numbers, pointers to numbers and flat arrays. */
#include "runtime/api_debug.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The module and the VM of the load the debugger reads. */
#define MOD(d) ((d)->vm->vm.mod)
#define VMI(d) (&(d)->vm->vm)

typedef struct dval {
    uint8_t type;             /* simt_vtype; VT_PTR with elem for addresses; VT_VOID for
                                 a record, at address bits */
    uint8_t elem;
    uint64_t bits;
    uint32_t dt;              /* 1 + its debug type (module dtypes), 0: unknown */
} dval;

/* Nesting shown by a rendering before "{...}" (a hostile module may nest
 * records thousands deep) and array elements shown before "...". */
#define RENDER_DEPTH 8
#define RENDER_ELEMS 16

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

/* The host bytes of size bytes at a guest address as lane l sees them, or
 * NULL if it cannot read them. */
static const uint8_t *guest_bytes(lane_ctx *c, uint64_t addr, uint64_t size)
{
    simt_vm *vm = VMI(c->d);
    simt_warp *w = c->w;
    simt_tctx t = {c->d->blk->shared, c->d->blk->shared_size,
                   w->local + (size_t)c->lane * w->local_cap, w->local_cap, 0};
    simt_fault saved = vm->fault; /* a failed translation must not leave a fault behind */
    const uint8_t *p = simt_vm_translate(vm, &t, addr, size, 0);
    vm->fault = saved;
    return p;
}

/* Can lane l read an object of size bytes at addr (read field by field)? */
static int readable(lane_ctx *c, uint64_t addr, uint32_t size)
{
    return guest_bytes(c, addr, size ? size : 1) != NULL;
}

/* Reads size (at most 8) bytes at a guest address as lane l would; -1 if
 * it cannot. */
static int read_guest(lane_ctx *c, uint64_t addr, unsigned size, uint64_t *bits)
{
    const uint8_t *p = size <= 8 ? guest_bytes(c, addr, size) : NULL;
    if (!p)
        return -1;
    *bits = 0;
    memcpy(bits, p, size); /* little-endian host, as the VM assumes */
    return 0;
}

static const simt_dtype *dtype(lane_ctx *c, uint32_t dt)
{
    return simt_dtype_of(MOD(c->d), dt);
}

/* The scalar value type of what a pointer or array of debug type dt names. */
static uint8_t pointee_vtype(lane_ctx *c, uint32_t dt, uint8_t fallback)
{
    const simt_dtype *t = dtype(c, dt), *e = t ? dtype(c, t->ref) : NULL;
    if (!t)
        return fallback;
    return e && e->kind == DT_SCALAR ? e->vtype : e && e->kind == DT_PTR ? VT_PTR : VT_VOID;
}

static int bad_address(lane_ctx *c, uint64_t addr)
{
    char where[40];
    snprintf(where, sizeof where, "0x%" PRIx64, addr);
    return eval_fail(c, "cannot read address %s", where);
}

/* The object of debug type dt (1-based) at addr: a number or pointer read
 * from memory, an array or record as its address.  A reference reads
 * through to what it names. */
static int load_object(lane_ctx *c, uint64_t addr, uint32_t dt, dval *out)
{
    const simt_dtype *t = dtype(c, dt);
    out->dt = dt;
    out->elem = VT_VOID;
    out->bits = addr;
    switch (t->kind) {
    case DT_RECORD:
        out->type = VT_VOID;
        return readable(c, addr, t->size) ? 0 : bad_address(c, addr);
    case DT_ARRAY:
        out->type = VT_PTR;
        out->elem = pointee_vtype(c, dt, VT_VOID);
        return readable(c, addr, t->size) ? 0 : bad_address(c, addr);
    case DT_SCALAR:
        out->type = t->vtype;
        break;
    default:
        out->type = VT_PTR;
        out->elem = pointee_vtype(c, dt, VT_VOID);
        break;
    }
    if (read_guest(c, addr, t->size, &out->bits) != 0)
        return bad_address(c, addr);
    if (t->kind == DT_REF && t->ref)
        return load_object(c, out->bits, t->ref, out);
    return 0;
}

static int var_value(lane_ctx *c, const simt_var *v, dval *out)
{
    simt_warp *w = c->w;
    unsigned W = w->width, l = c->lane;
    const uint64_t *frame = w->regs + (size_t)w->fp[l] * W;
    out->elem = v->elem;
    out->dt = v->dtype;
    if (v->kind == VAR_REG) {
        out->type = v->type;
        out->bits = frame[(size_t)v->where * W + l];
        const simt_dtype *t = dtype(c, v->dtype);
        if (t && t->kind == DT_REF && t->ref)
            return load_object(c, out->bits, t->ref, out);
        return 0;
    }
    uint64_t addr = SIMT_ADDR(SPACE_LOCAL, frame[2 * W + l] + v->where);
    if (v->dtype)
        return load_object(c, addr, v->dtype, out);
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
    out->dt = 0;
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
        out->dt = 0;
        if (gv->dtype)
            return load_object(c, VMI(c->d)->global_addr[g], gv->dtype, out);
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
        out->dt = 0;
        if (y->dtype)
            return load_object(c, SIMT_ADDR(SPACE_SHARED, off), y->dtype, out);
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

/* Reads an identifier after '.' or '->' into name. */
static int member_name(lane_ctx *c, char *name, size_t len)
{
    skip_space(c);
    size_t n = 0;
    while ((isalnum((unsigned char)*c->p) || *c->p == '_') && n + 1 < len)
        name[n++] = *c->p++;
    name[n] = 0;
    return n ? 0 : eval_fail(c, "expected a member name, not '%.10s'", c->p);
}

/* The field called name of record r, looking inside unnamed members (a
 * base class, an anonymous struct or union); *off grows by their offsets. */
static const simt_field *find_field(const simt_module *m, const simt_record *r, const char *name,
                                    uint32_t *off, int depth)
{
    for (uint32_t k = 0; k < r->nfields; k++) {
        const simt_field *f = &r->fields[k];
        if (!strcmp(f->name, name)) {
            *off += f->offset;
            return f;
        }
    }
    for (uint32_t k = 0; k < r->nfields && depth < RENDER_DEPTH; k++) {
        const simt_field *f = &r->fields[k];
        const simt_dtype *t = &m->dtypes[f->dtype];
        uint32_t inner = *off + f->offset;
        const simt_field *g;
        if (!f->name[0] && t->kind == DT_RECORD &&
            (g = find_field(m, &m->records[t->ref], name, &inner, depth + 1))) {
            *off = inner;
            return g;
        }
    }
    return NULL;
}

/* A bit-field's value: its bits of the unit at addr, sign-extended when
 * its type is signed. */
static int load_bits(lane_ctx *c, uint64_t addr, const simt_field *f, dval *out)
{
    const simt_dtype *t = &MOD(c->d)->dtypes[f->dtype];
    uint64_t unit;
    if (read_guest(c, addr, t->size, &unit) != 0)
        return bad_address(c, addr);
    uint64_t v = unit >> f->bit_offset;
    if (f->bit_width < 64)
        v &= (UINT64_C(1) << f->bit_width) - 1;
    int is_signed = t->vtype == VT_I8 || t->vtype == VT_I16 || t->vtype == VT_I32 ||
                    t->vtype == VT_I64;
    if (is_signed && f->bit_width < 64 && (v >> (f->bit_width - 1) & 1))
        v |= ~UINT64_C(0) << f->bit_width;
    *out = (dval){ t->vtype, VT_VOID, v, f->dtype + 1 };
    if (t->size < 8)
        out->bits &= (UINT64_C(1) << (8 * t->size)) - 1;
    return 0;
}

/* out.name: a member of the record out is (arrow: of the record out points to). */
static int member(lane_ctx *c, dval *out, int arrow)
{
    const simt_module *m = MOD(c->d);
    char name[64];
    if (member_name(c, name, sizeof name) != 0)
        return -1;
    const simt_dtype *t = dtype(c, out->dt);
    if (arrow) {
        const simt_dtype *to = t && t->kind == DT_PTR ? dtype(c, t->ref) : NULL;
        if (!to || to->kind != DT_RECORD)
            return eval_fail(c, "'->%s' needs a pointer to a struct or union", name);
        if (load_object(c, out->bits, t->ref, out) != 0)
            return -1;
        t = to;
    } else if (!t || t->kind != DT_RECORD) {
        if (t && t->kind == DT_PTR && (t = dtype(c, t->ref)) && t->kind == DT_RECORD)
            return eval_fail(c, "'.%s' of a pointer: write '->' for a member of what it points "
                             "to", name);
        return eval_fail(c, "'.%s' needs a struct or union", name);
    }
    const simt_record *r = &m->records[t->ref];
    uint32_t off = 0;
    const simt_field *f = find_field(m, r, name, &off, 0);
    if (!f) {
        char msg[200];
        snprintf(msg, sizeof msg, "%s has no member '%%s'", r->name);
        return eval_fail(c, msg, name);
    }
    if (f->bit_width)
        return load_bits(c, out->bits + off, f, out);
    return load_object(c, out->bits + off, f->dtype + 1, out);
}

/* out[idx]: an element of an array or of what a pointer points to. */
static int element(lane_ctx *c, dval *out, dval idx)
{
    if (idx.type == VT_VOID || idx.type == VT_PTR)
        return eval_fail(c, "%s", "an index must be a number");
    const simt_dtype *t = dtype(c, out->dt);
    if (out->type == VT_PTR && t && (t->kind == DT_ARRAY || t->kind == DT_PTR) && t->ref &&
        dtype(c, t->ref)->size) {
        uint32_t e = t->ref;
        int64_t i = as_int(idx);
        if (t->kind == DT_ARRAY && t->count && (i < 0 || (uint64_t)i >= t->count))
            return eval_fail(c, "%s", "cannot read that element (out of bounds)");
        uint64_t addr = out->bits + (uint64_t)i * dtype(c, e)->size;
        if (load_object(c, addr, e, out) != 0)
            return eval_fail(c, "%s", "cannot read that element (out of bounds)");
        return 0;
    }
    size_t size = simt_vtype_size(out->elem);
    if (out->type != VT_PTR || out->elem == VT_VOID || !size)
        return eval_fail(c, "cannot index this value%s (not an array or a pointer to "
                         "numbers)", "");
    uint64_t addr = out->bits + (uint64_t)as_int(idx) * size;
    out->type = out->elem;
    out->elem = VT_VOID;
    out->dt = 0;
    if (read_guest(c, addr, (unsigned)size, &out->bits) != 0)
        return eval_fail(c, "%s", "cannot read that element (out of bounds)");
    return 0;
}

static int parse_postfix(lane_ctx *c, dval *out)
{
    if (parse_primary(c, out) != 0)
        return -1;
    for (;;) {
        skip_space(c);
        if (*c->p == '.' || (c->p[0] == '-' && c->p[1] == '>')) {
            int arrow = *c->p == '-';
            c->p += arrow ? 2 : 1;
            if (member(c, out, arrow) != 0)
                return -1;
            continue;
        }
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
        if (element(c, out, idx) != 0)
            return -1;
    }
}

/* *p: what a pointer points to; other operands go to parse_postfix. */
static int parse_unary(lane_ctx *c, dval *out)
{
    skip_space(c);
    if (*c->p != '*')
        return parse_postfix(c, out);
    c->p++;
    if (parse_unary(c, out) != 0)
        return -1;
    if (out->type != VT_PTR)
        return eval_fail(c, "%s", "'*' needs a pointer");
    dval zero = { VT_I64, VT_VOID, 0, 0 };
    return element(c, out, zero);
}

/* Arithmetic needs numbers (or a pointer for + and -). */
static int operands(lane_ctx *c, const dval *a, const dval *b)
{
    if (a->type == VT_VOID || b->type == VT_VOID)
        return eval_fail(c, "%s", "a struct or union cannot be an operand of arithmetic");
    return 0;
}

static int parse_term(lane_ctx *c, dval *out)
{
    if (parse_unary(c, out) != 0)
        return -1;
    for (;;) {
        skip_space(c);
        char op = *c->p;
        if (op != '*' && op != '/' && op != '%')
            return 0;
        c->p++;
        dval r;
        if (parse_unary(c, &r) != 0 || operands(c, out, &r) != 0)
            return -1;
        if (out->type == VT_PTR || r.type == VT_PTR)
            return eval_fail(c, "'%s' needs numbers, not a pointer", op == '*' ? "*" : op == '/' ? "/" : "%");
        out->dt = 0;
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
    if (neg && operands(c, out, out) != 0)
        return -1;
    if (neg) {
        if (out->type == VT_PTR)
            return eval_fail(c, "%s", "cannot negate a pointer");
        out->dt = 0;
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
        if (parse_term(c, &r) != 0 || operands(c, out, &r) != 0)
            return -1;
        const simt_dtype *t = dtype(c, out->dt);
        if (out->type == VT_PTR && r.type != VT_PTR && t && t->ref && dtype(c, t->ref)->size &&
            !is_float(r.type)) { /* typed pointer arithmetic: an array decays to a pointer */
            int64_t k = as_int(r) * (int64_t)dtype(c, t->ref)->size;
            out->bits += (uint64_t)(op == '+' ? k : -k);
            if (t->kind == DT_ARRAY) {
                const simt_module *m = MOD(c->d);
                uint32_t elem = t->ref;
                out->dt = 0;
                for (uint32_t k2 = 0; k2 < m->ndtypes && !out->dt; k2++)
                    if (m->dtypes[k2].kind == DT_PTR && m->dtypes[k2].ref == elem)
                        out->dt = k2 + 1;
            }
            continue;
        }
        out->dt = 0;
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

/* ---- rendering: a value as text, records with all their fields ---- */

typedef struct render {
    lane_ctx *c;
    char *buf;
    size_t len, at;           /* at: the text's length so far (may pass len) */
} render;

static void put(render *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(render *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(r->at < r->len ? r->buf + r->at : NULL, r->at < r->len ? r->len - r->at : 0,
                      fmt, ap);
    va_end(ap);
    if (n > 0)
        r->at += (size_t)n;
}

static void put_scalar(render *r, const dval *v)
{
    switch (v->type) {
    case VT_F32: case VT_F64: put(r, "%g", as_double(*v)); break;
    case VT_BOOL: put(r, "%s", v->bits & 0xff ? "true" : "false"); break;
    case VT_PTR: case VT_STR: put(r, "0x%" PRIx64, v->bits); break;
    case VT_U8: case VT_U16: case VT_U32: put(r, "%" PRIu64, (uint64_t)as_int(*v)); break;
    case VT_U64: put(r, "%" PRIu64, v->bits); break;
    default: put(r, "%" PRId64, as_int(*v)); break;
    }
}

static void put_object(render *r, uint64_t addr, uint32_t dt, int depth);

/* {f = v, ...}; an unnamed member shows its own braces, after its type
 * for a base class (`<struct Base> = {id = 1}`), alone for an anonymous
 * struct or union (whose name starts with '<'). */
static void put_record(render *r, uint64_t addr, const simt_record *rec, int depth)
{
    const simt_module *m = MOD(r->c->d);
    put(r, "{");
    for (uint32_t k = 0; k < rec->nfields; k++) {
        const simt_field *f = &rec->fields[k];
        const simt_dtype *t = &m->dtypes[f->dtype];
        const char *base = !f->name[0] && t->kind == DT_RECORD ? m->records[t->ref].name : "";
        if (base[0] && base[0] != '<')
            put(r, "%s<%s> = ", k ? ", " : "", base);
        else
            put(r, "%s%s%s", k ? ", " : "", f->name, f->name[0] ? " = " : "");
        if (f->bit_width) {
            dval v;
            if (load_bits(r->c, addr + f->offset, f, &v) == 0)
                put_scalar(r, &v);
            else
                put(r, "?");
        } else {
            put_object(r, addr + f->offset, f->dtype + 1, depth + 1);
        }
    }
    put(r, "}");
}

static void put_object(render *r, uint64_t addr, uint32_t dt, int depth)
{
    const simt_module *m = MOD(r->c->d);
    const simt_dtype *t = dtype(r->c, dt);
    if (depth > RENDER_DEPTH) {
        put(r, "{...}");
        return;
    }
    if (t->kind == DT_RECORD) {
        put_record(r, addr, &m->records[t->ref], depth);
        return;
    }
    if (t->kind == DT_ARRAY && t->count) {
        uint32_t esize = dtype(r->c, t->ref)->size;
        put(r, "{");
        for (uint32_t k = 0; k < t->count && k < RENDER_ELEMS; k++) {
            put(r, "%s", k ? ", " : "");
            put_object(r, addr + (uint64_t)k * esize, t->ref, depth + 1);
        }
        put(r, "%s}", t->count > RENDER_ELEMS ? ", ..." : "");
        return;
    }
    dval v;
    if (load_object(r->c, addr, dt, &v) != 0) {
        put(r, "?");
        return;
    }
    if (v.type == VT_VOID) /* a reference to a record */
        put_object(r, v.bits, v.dt, depth + 1);
    else
        put_scalar(r, &v);
}

/* Evaluates expr in lane l: 0 with *v (a number, an address, or a record
 * with its debug type), or -1 with the reason in c->err. */
static int eval_lane(lane_ctx *c, dval *v)
{
    int bad = simt_lane_state(c->w, c->lane) == LANE_EXITED;
    const simt_dtype *t;
    if (bad)
        snprintf(c->err, sizeof c->err, "lane %u has exited", c->lane);
    else if (parse_expr(c, v) != 0 || (skip_space(c), *c->p))
        bad = 1;
    else if (v->type == VT_VOID && (!(t = dtype(c, v->dt)) || t->kind != DT_RECORD))
        bad = eval_fail(c, "%s has no value the debugger can show", "it");
    if (bad && !c->err[0])
        snprintf(c->err, sizeof c->err, "unexpected '%.20s' in the expression", c->p);
    return bad ? -1 : 0;
}

static void to_value(const dval *v, simtvm_value *out)
{
    out->type = v->type == VT_STR ? SIMTVM_PTR : (simtvm_type)v->type;
    out->type_name = simt_vtype_name(v->type);
    out->bits = v->bits;
}

int simt_api_debug_format(simtvm_debugger *d, simt_warp *w, unsigned l, const char *expr,
                          char *buf, size_t len, simtvm_value *out, char *err, size_t errlen)
{
    lane_ctx c = {d, w, l, expr, ""};
    dval v;
    if (eval_lane(&c, &v) != 0) {
        snprintf(err, errlen, "%s", c.err);
        return -1;
    }
    render r = { &c, buf, len, 0 };
    if (len)
        buf[0] = 0;
    to_value(&v, out);
    if (v.type == VT_VOID) {
        const simt_dtype *t = dtype(&c, v.dt);
        out->type_name = MOD(d)->records[t->ref].name;
        put_object(&r, v.bits, v.dt, 0);
    } else {
        put_scalar(&r, &v);
    }
    return 0;
}

int simt_api_debug_eval(simtvm_debugger *d, simt_warp *w, unsigned l, const char *expr,
                        simtvm_value *out, char *err, size_t errlen)
{
    lane_ctx c = {d, w, l, expr, ""};
    dval v;
    if (eval_lane(&c, &v) != 0) {
        snprintf(err, errlen, "%s", c.err);
        return -1;
    }
    if (v.type == VT_VOID) {
        /* print shows it whole (simtvm_debug_format); watch and the
         * embedder's numbers need a member */
        snprintf(err, errlen, "'%s' is a %s, not a number: name one of its members",
                 expr, MOD(d)->records[dtype(&c, v.dt)->ref].name);
        return -1;
    }
    to_value(&v, out);
    return 0;
}
