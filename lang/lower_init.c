/* lang/lower_init.c -- the initial bytes of module variables (globals,
 * statics, __constant__): constant initializers evaluated at compile time
 * (integers, floats, casts and float arithmetic of constants), bit-fields
 * packed into their units, dim3's defaults, and pointers to module variables
 * or string literals recorded as relocations that the loader resolves. */
#include <string.h>

#include "intops.h"
#include "lower.h"
#include "vm/fold.h"

/* Integer constant v of kind k as a float (single) or a double: the VM
 * folder's conversion (one rounding; an unsigned kind's value unsigned). */
static double int_to_float(int k, int64_t v, int single)
{
    int sg = k_kind_is_signed(k);
    unsigned op = single ? (sg ? OP_CVT_F32_S64 : OP_CVT_F32_U64)
                         : (sg ? OP_CVT_F64_S64 : OP_CVT_F64_U64);
    uint64_t r = 0;
    simt_fold(op, k_kind_wrap((k_type_kind)k, (uint64_t)v), 0, 0, 0, &r);
    if (single) {
        uint32_t u = (uint32_t)r;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    double x;
    memcpy(&x, &r, 8);
    return x;
}

/* A constant e's value converted to floating kind to (TY_FLOAT or TY_DOUBLE):
 * d when it is floating already (is_float), else integer i of e's kind. */
static double as_float(const k_expr *e, int is_float, double d, int64_t i, int to)
{
    if (is_float)
        return to == TY_FLOAT ? (double)(float)d : d;
    return int_to_float(e->type ? e->type->kind : TY_LLONG, i, to == TY_FLOAT);
}

/* A floating constant d of expression e (a float when e's type is) converted
 * to integer kind to: the folder's conversion, as the GPU converts. */
static uint64_t float_to_int(const k_expr *e, double d, int to)
{
    uint64_t r = 0;
    k_fold_float_to_int(d, e->type && e->type->kind == TY_FLOAT,
                        k_kind_is_integer((k_type_kind)to) ? to : TY_ULLONG, &r);
    return r;
}

static int const_value(k_expr *e, int *is_float, double *d, int64_t *i)
{
    if (e->is_const && e->type && k_ty_is_integer(e->type)) {
        *is_float = 0;
        *i = (int64_t)e->const_val;
        return 1;
    }
    switch (e->kind) {
    case E_FLOAT:
        *is_float = 1;
        *d = e->is_single ? (double)(float)e->fval : e->fval;
        return 1;
    case E_UNARY:
        if ((e->op == KU_NEG || e->op == KU_PLUS) && const_value(e->lhs, is_float, d, i)) {
            if (e->op == KU_NEG) {
                *d = -*d;
                *i = (int64_t)(0 - (uint64_t)*i);
            }
            return 1;
        }
        return 0;
    case E_CAST:
        if (!const_value(e->lhs, is_float, d, i))
            return 0;
        if (k_ty_is_float(e->type)) {
            *d = as_float(e->lhs, *is_float, *d, *i, e->type->kind);
            *is_float = 1;
        }
        return 1;
    case E_BINARY: {
        int fa, fb;
        double da = 0, db = 0;
        int64_t ia = 0, ib = 0;
        if (!k_ty_is_float(e->type) || !const_value(e->lhs, &fa, &da, &ia) ||
            !const_value(e->rhs, &fb, &db, &ib))
            return 0;
        /* the usual arithmetic conversions: each operand to e's type first */
        da = as_float(e->lhs, fa, da, ia, e->type->kind);
        db = as_float(e->rhs, fb, db, ib, e->type->kind);
        *is_float = 1;
        switch (e->op) {
        case KB_ADD: *d = da + db; break;
        case KB_SUB: *d = da - db; break;
        case KB_MUL: *d = da * db; break;
        case KB_DIV: *d = da / db; break;
        default: return 0;
        }
        if (e->type->kind == TY_FLOAT)
            *d = (double)(float)*d;
        return 1;
    }
    default:
        return 0;
    }
}

/* The module variable (global index) an identifier names, if any. */
static int module_var_index(k_decl *d, uint32_t *target)
{
    const lw_sym *s = d && (d->is_global_scope || (d->storage & ST_STATIC)) ? lw_sym_of(d) : NULL;
    if (!s || s->kind != SYM_GLOBAL)
        return 0;
    *target = (uint32_t)s->index;
    return 1;
}

static int const_address(lw_mod *M, k_expr *e, uint32_t *target, int64_t *addend);

/* The address of an lvalue in a pointer initializer: a module variable, an
 * element of a constant address indexed by an integer constant, or a member
 * (not a bit-field) of such an lvalue (&s.corner.y, &pts[1].x). */
static int lvalue_address(lw_mod *M, k_expr *e, uint32_t *target, int64_t *addend)
{
    int isf;
    double d;
    int64_t k;
    if (e->kind == E_IDENT) {
        *addend = 0;
        return module_var_index(e->decl, target);
    }
    if (e->kind == E_MEMBER) {
        uint32_t off = 0;
        const k_field *f = e->lhs->type && e->lhs->type->kind == TY_RECORD
                               ? k_record_find(e->lhs->type->rec, e->name, &off) : NULL;
        if (!f || f->bit_width || !lvalue_address(M, e->lhs, target, addend))
            return 0;
        *addend += off;
        return 1;
    }
    if (e->kind != E_INDEX || !e->lhs->type || !e->lhs->type->base ||
        !const_address(M, e->lhs, target, addend) || !const_value(e->rhs, &isf, &d, &k) || isf)
        return 0;
    *addend += k * k_ty_size(e->lhs->type->base);
    return 1;
}

/* The address a pointer initializer names, as a module variable and a byte
 * offset: a string literal, an array (it decays), &lvalue, a cast of an
 * address to a pointer, an address plus or minus an integer constant. */
static int const_address(lw_mod *M, k_expr *e, uint32_t *target, int64_t *addend)
{
    int isf;
    double d;
    int64_t k;
    switch (e->kind) {
    case E_STRING:
        *target = (uint32_t)lw_string_global(M, e->str, e->strlen, e->loc);
        *addend = 0;
        return !M->oom;
    case E_IDENT: case E_MEMBER:   /* an array: it decays */
        return e->type && e->type->kind == TY_ARRAY && lvalue_address(M, e, target, addend);
    case E_UNARY:
        return e->op == KU_ADDR && lvalue_address(M, e->lhs, target, addend);
    case E_CAST:
        if (!e->type || e->type->kind != TY_PTR || !const_address(M, e->lhs, target, addend))
            return 0;
        if (e->op != 2)   /* to a base at an offset (not reinterpret_cast) */
            *addend += lw_ptr_conv_delta(e->lhs->type, e->type);
        return 1;
    case E_BINARY: {
        k_expr *p = e->lhs, *n = e->rhs;
        if (e->op == KB_ADD && n->type && (n->type->kind == TY_PTR || n->type->kind == TY_ARRAY)) {
            p = e->rhs;
            n = e->lhs;
        }
        if ((e->op != KB_ADD && e->op != KB_SUB) || !p->type || !p->type->base ||
            (p->type->kind != TY_PTR && p->type->kind != TY_ARRAY) ||
            !const_address(M, p, target, addend) || !const_value(n, &isf, &d, &k) || isf)
            return 0;
        *addend += (e->op == KB_SUB ? -k : k) * k_ty_size(p->type->base);
        return 1;
    }
    default:
        return 0;
    }
}

/* The function a pointer initializer names (`f`, `&f`, `(fp_t)f`), if any:
 * its value is known before the program runs (lw_function_pointer). */
static k_decl *named_function(const k_expr *e)
{
    while (e->kind == E_CAST && e->type && e->type->kind == TY_PTR)
        e = e->lhs;
    if (e->kind == E_UNARY && e->op == KU_ADDR)
        e = e->lhs;
    return e->kind == E_IDENT && e->decl && e->decl->kind == D_FUNC ? e->decl : NULL;
}

/* Bytes [offset, offset + size of t) of global g := initializer e. */
static void write_scalar(lw_mod *M, uint32_t g, uint32_t offset, const k_type *t, k_expr *e)
{
    int isf;
    double d = 0;
    int64_t i = 0;
    uint8_t *out = M->m->globals[g].init + offset;
    uint32_t target;
    int64_t addend;
    if (t->kind == TY_PTR && const_address(M, e, &target, &addend)) {
        simt_module *m = M->m;
        addend += lw_ptr_conv_delta(e->type, t);   /* `Base *p = &derived;` */
        if (lw_grow(M, (void **)&m->relocs, &M->reloc_cap, m->nrelocs + 1, sizeof *m->relocs))
            m->relocs[m->nrelocs++] = (simt_reloc){g, offset, target, addend};
        return;
    }
    k_decl *f = t->kind == TY_PTR ? named_function(e) : NULL;
    if (f) {
        uint64_t v = lw_function_pointer(M, f, e->loc);
        for (int b = 0; b < 8; b++)
            out[b] = (uint8_t)(v >> (8 * b));
        return;
    }
    if (!const_value(e, &isf, &d, &i)) {
        k_error(M->ctx, e->loc, "initializer element is not a compile-time constant");
        return;
    }
    if (t->kind == TY_FLOAT) {
        float f = (float)as_float(e, isf, d, i, TY_FLOAT);
        memcpy(out, &f, 4);
    } else if (t->kind == TY_DOUBLE) {
        double v = as_float(e, isf, d, i, TY_DOUBLE);
        memcpy(out, &v, 8);
    } else {
        uint64_t v = isf ? float_to_int(e, d, t->kind) : (uint64_t)i;
        v = k_kind_wrap(t->kind == TY_PTR ? TY_ULLONG : t->kind, v);
        int64_t n = k_ty_size(t);
        for (int64_t b = 0; b < n && b < 8; b++)
            out[b] = (uint8_t)(v >> (8 * b));
    }
}

/* A bit-field's constant into its bits of the unit's initial bytes. */
static void write_bits(lw_mod *M, uint32_t g, const k_init_item *it)
{
    int isf;
    double d = 0;
    int64_t i = 0;
    if (!const_value(it->expr, &isf, &d, &i)) {
        k_error(M->ctx, it->expr->loc, "initializer element is not a compile-time constant");
        return;
    }
    uint64_t v = isf ? float_to_int(it->expr, d, it->type->kind) : (uint64_t)i, unit = 0;
    uint64_t ones = it->bit_width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << it->bit_width) - 1;
    uint8_t *out = M->m->globals[g].init + it->offset;
    int64_t n = k_ty_size(it->type);
    for (int64_t b = 0; b < n && b < 8; b++)
        unit |= (uint64_t)out[b] << (8 * b);
    unit = (unit & ~(ones << it->bit_off)) | ((v & ones) << it->bit_off);
    for (int64_t b = 0; b < n && b < 8; b++)
        out[b] = (uint8_t)(unit >> (8 * b));
}

/* Whether initializer e of a scalar of type t is known before the program
 * runs: a constant, or a pointer to a global plus a constant. */
static int static_scalar(lw_mod *M, const k_type *t, k_expr *e)
{
    int isf;
    double d;
    int64_t i;
    uint32_t target;
    int64_t addend;
    return const_value(e, &isf, &d, &i) ||
           (t->kind == TY_PTR && (const_address(M, e, &target, &addend) || named_function(e)));
}

/* Whether every element of a brace initializer is known before the program
 * runs. */
static int init_list_static(lw_mod *M, const k_init *in)
{
    for (int k = 0; k < in->n; k++) {
        const k_init_item *it = &in->items[k];
        if (!static_scalar(M, it->type, it->expr))
            return 0;
    }
    return 1;
}

/* C++'s dynamic initialization: a variable at file scope of host code whose
 * initializer is computed when the program runs (`int n = f();`,
 * `std::vector<int> v(3);`, `int m = n * 2;`).  CUDA allows none for
 * __device__, __constant__ and __shared__ variables (sema reports those). */
static int dynamic_init(lw_mod *M, const k_decl *d)
{
    if (!d->is_global_scope || (d->storage & (ST_DEVICE | ST_CONSTANT | ST_SHARED)))
        return 0;
    if (k_decl_constructed(d))
        return 1;
    if (d->type->kind == TY_DIM3 || d->type->kind == TY_UINT3) {   /* dim3 g(n, 2) */
        int isf;
        double dv;
        int64_t iv;
        for (int k = 0; k_has_ctor(d) && k < d->nctor && k < 3; k++)
            if (!const_value(d->ctor_args[k], &isf, &dv, &iv))
                return 1;
        return 0;
    }
    if (!d->init || k_ty_is_record(d->type) || d->type->kind == TY_ARRAY ||
        d->init->kind == E_STRING)
        return d->init && d->init->kind == E_INIT_LIST && d->init->sema_ext &&
               !k_has_ctor(d) && !init_list_static(M, d->init->sema_ext);
    return !static_scalar(M, d->type, d->init);
}

/* `static int used = n + 1;` in a function: a static local without a
 * constructor whose initializer is computed when control first passes its
 * declaration (lw_static_local builds it then; C++'s rule).  Its bytes
 * start as zeros. */
int lw_static_local_dynamic(lw_mod *M, const k_decl *d)
{
    if (d->is_global_scope || !(d->storage & ST_STATIC) || (d->storage & ST_SHARED) ||
        d->ctor || !d->init || d->type->kind == TY_DIM3 || d->type->kind == TY_UINT3)
        return 0;
    if (k_ty_is_record(d->type) || d->type->kind == TY_ARRAY || d->init->kind == E_STRING)
        return d->init->kind == E_INIT_LIST && d->init->sema_ext && !k_has_ctor(d) &&
               !init_list_static(M, d->init->sema_ext);
    return !static_scalar(M, d->type, d->init);
}

/* A host global initialized at main's start (its bytes start as zeros, as
 * C++'s zero-initialization before dynamic initialization has them), or
 * destroyed when main returns: listed for main; 1 when its initializer is
 * left to that code. */
static int defer_init(lw_mod *M, k_decl *d)
{
    int dynamic = dynamic_init(M, d);
    if (!dynamic && !(d->dtor && d->is_global_scope))
        return 0;
    if (M->ndyn_inits == M->dyn_inits_cap) {   /* a work array (k_lower frees it) */
        uint32_t cap = M->dyn_inits_cap ? 2 * M->dyn_inits_cap : 8;
        k_decl **grown = simt_realloc(&M->ctx->tal, M->dyn_inits, cap * sizeof *grown);
        if (!grown) {
            M->oom = 1;
            return dynamic;
        }
        M->dyn_inits = grown;
        M->dyn_inits_cap = cap;
    }
    M->dyn_inits[M->ndyn_inits++] = d;
    return dynamic;
}

/* In declaration order, as C++ initializes one translation unit's globals;
 * the objects with destructors are destroyed when main returns or exit is
 * called, last constructed first, with the static locals (lower_exit.c). */
void lw_dynamic_inits(lw_func *F)
{
    for (uint32_t k = 0; k < F->M->ndyn_inits; k++) {
        k_decl *d = F->M->dyn_inits[k];
        F->loc = d->loc;
        int top = F->top, addr = lw_reg(F), mark = F->ntemps;
        lw_var_address(F, d, addr);
        if (!dynamic_init(F->M, d)) {
            ;   /* initialized before the program runs; listed for its destructor */
        } else if (k_decl_constructed(d)) {
            lw_construct_var(F, d, addr);
        } else {
            lw_init_value(F, d, addr);
        }
        lw_temps_end(F, mark);   /* a full-expression of its own (lower_temps.c) */
        F->top = top;
        if (d->dtor)
            lw_exit_register(F, d);   /* destroyed when the program ends (lower_exit.c) */
    }
}

/* The dim3 members of a struct, and of the structs and arrays in it. */
int lw_dim3_offsets(const k_type *t, uint32_t off, uint32_t *out, int n, int max)
{
    if (!t || n >= max)
        return n;
    if (t->kind == TY_DIM3) {
        out[n++] = off;
    } else if (t->kind == TY_ARRAY && t->length > 0) {
        uint32_t size = (uint32_t)k_ty_size(t->base);
        int first = n;
        n = lw_dim3_offsets(t->base, off, out, n, max);
        for (int64_t i = 1; n > first && i < t->length && n < max; i++)
            n = lw_dim3_offsets(t->base, off + (uint32_t)i * size, out, n, max);
    } else if (t->kind == TY_RECORD && t->rec && !t->rec->is_union) {
        for (int i = 0; i < t->rec->nfields; i++)
            if (!t->rec->fields[i].bit_width)
                n = lw_dim3_offsets(t->rec->fields[i].type, off + t->rec->fields[i].offset,
                                    out, n, max);
    }
    return n;
}

#define DIM3_MEMBERS_MAX 256

void lw_dim3_members(lw_func *F, const k_type *t, int addr)
{
    uint32_t offs[DIM3_MEMBERS_MAX];
    if (t->kind == TY_DIM3 || t->kind == TY_UINT3)
        return;   /* a dim3 variable: lw_init_dim3 */
    int n = lw_dim3_offsets(t, 0, offs, 0, DIM3_MEMBERS_MAX);
    if (n == 0)
        return;
    int top = F->top, one = lw_reg(F);
    lw_emit_k(F, one, 1);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            lw_emit(F, OP_ST32, one, addr, 0, (int32_t)(offs[i] + 4 * k), 0);
    F->top = top;
}

void lw_dim3_unwritten(lw_func *F, const k_type *t, const k_init *in, int addr)
{
    uint32_t offs[DIM3_MEMBERS_MAX];
    int n = lw_dim3_offsets(t, 0, offs, 0, DIM3_MEMBERS_MAX), one = -1, top = F->top;
    for (int i = 0; i < n * 3; i++) {
        uint32_t at = offs[i / 3] + 4 * (uint32_t)(i % 3);
        int written = 0;
        for (int k = 0; k < in->n && !written; k++)
            written = in->items[k].offset == at;
        if (written)
            continue;
        if (one < 0) {
            one = lw_reg(F);
            lw_emit_k(F, one, 1);
        }
        lw_emit(F, OP_ST32, one, addr, 0, (int32_t)at, 0);
    }
    F->top = top;
}

void lw_global_init(lw_mod *M, uint32_t gi, k_decl *d)
{
    uint32_t dim3s[DIM3_MEMBERS_MAX];
    int ndim3 = d->type->kind == TY_DIM3 ? 0
                : lw_dim3_offsets(d->type, 0, dim3s, 0, DIM3_MEMBERS_MAX);
    if (!d->init && !k_has_ctor(d) && !k_ty_is_record(d->type) && !k_decl_constructed(d) && !d->dtor &&
        !ndim3)
        return;   /* (an array of objects is built and destroyed: `C arr[4];`) */
    simt_global *g = &M->m->globals[gi];
    uint8_t *bytes = simt_calloc(&M->ctx->mal, 1, g->size ? g->size : 1);
    g->init = bytes; /* before write_scalar, which may add string literals (globals) */
    for (int i = 0; i < ndim3; i++)   /* dim3 members: (1, 1, 1) unless initialized below */
        for (int k = 0; k < 3; k++)
            memcpy(bytes + dim3s[i] + 4 * k, &(uint32_t){1}, 4);
    if (defer_init(M, d) || lw_static_local_dynamic(M, d))
        return;
    /* dim3 and uint3 only: a struct or union (TY_RECORD) takes its brace
     * initializer below, and may be smaller than three words (a static
     * `union FP32 magic = {113 << 23};` of 4 bytes overflowed here: ASan). */
    if (d->type->kind == TY_DIM3 || d->type->kind == TY_UINT3) {
        for (int k = 0; k < 3; k++) {     /* dim3 defaults to (1, 1, 1) */
            uint32_t v = 1;
            if (k_has_ctor(d) && k < d->nctor) {
                int isf;
                double dv;
                int64_t iv = 1;
                if (!const_value(d->ctor_args[k], &isf, &dv, &iv))
                    k_error(M->ctx, d->ctor_args[k]->loc, "initializer element is not a "
                            "compile-time constant");
                v = (uint32_t)iv;
            }
            memcpy(bytes + 4 * k, &v, 4);
        }
    } else if (d->init && d->init->sema_ext &&
               (d->init->kind == E_INIT_LIST || d->init->kind == E_STRING)) {
        k_init *in = d->init->sema_ext;
        for (int k = 0; k < in->n; k++)
            if (in->items[k].bit_width)
                write_bits(M, gi, &in->items[k]);
            else
                write_scalar(M, gi, (uint32_t)in->items[k].offset, in->items[k].type,
                             in->items[k].expr);
    } else if (d->init) {
        write_scalar(M, gi, 0, d->type, d->init);
    }
}
