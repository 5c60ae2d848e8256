/* lang/parse_build.c -- the AST builders behind lang/parser.y's actions:
 * growable lists in the arena, expression nodes (with the nesting depth that
 * stops absurd input), declaration specifiers resolved to a type,
 * declarators turned into types, declarations and statements.  The grammar
 * stays a grammar; what its actions build lives here. */
#include <stdlib.h>
#include <string.h>

#include "cg.h"
#include "namespaces.h"
#include "parse_build.h"
#include "ptx.h"
#include "sema.h"
#include "types.h"

static k_expr *expr_with_args(k_parser *ps, k_expr *e, k_list *args);
static k_decl *make_decl(k_parser *ps, k_specs *sp, k_declarator *d);
static int is_void_param(const k_decl *p);
/* ================================================================ lists */
k_list *kp_list_new(k_parser *ps)
{
    return k_alloc(ps->ctx, sizeof(k_list));
}

void kp_list_append(k_parser *ps, k_list *l, void *item)
{
    if (!l)
        return;
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 4;
        void **items = k_alloc(ps->ctx, (size_t)cap * sizeof *items);
        if (!items)
            return;
        if (l->n)
            memcpy(items, l->items, (size_t)l->n * sizeof *items);
        l->items = items;
        l->cap = cap;
    }
    l->items[l->n++] = item;
}

k_list *kp_list_push(k_parser *ps, k_list *l, void *item)
{
    if (!l)
        l = kp_list_new(ps);
    kp_list_append(ps, l, item);
    return l;
}

/* A new list: item, then rest's items (`T a[2]{...}, b, c`). */
k_list *kp_list_cons(k_parser *ps, void *item, const k_list *rest)
{
    k_list *l = kp_list_push(ps, NULL, item);
    for (int i = 0; rest && i < rest->n; i++)
        kp_list_append(ps, l, rest->items[i]);
    return l;
}

/* Copies a list of expressions into a typed array; returns the count. */
static int expr_array(k_parser *ps, const k_list *l, k_expr ***out)
{
    *out = NULL;
    if (!l || l->n == 0)
        return 0;
    k_expr **a = k_alloc(ps->ctx, (size_t)l->n * sizeof *a);
    if (!a)
        return 0;
    for (int i = 0; i < l->n; i++)
        a[i] = l->items[i];
    *out = a;
    return l->n;
}

/* ========================================================== expressions */
static uint32_t max_depth(uint32_t d, const k_expr *e)
{
    return e && e->depth > d ? e->depth : d;
}

/* Sets e's depth from its children.  A tree deeper than K_MAX_EXPR_DEPTH is
 * reported once and cut off (replaced by a 0 leaf), so every recursive pass
 * over expressions has a bounded depth. */
static k_expr *finish_expr(k_parser *ps, k_expr *e)
{
    if (!e)
        return NULL;
    uint32_t d = max_depth(max_depth(max_depth(0, e->lhs), e->rhs), e->cond);
    for (int i = 0; i < 3; i++)
        d = max_depth(d, e->config[i]);
    for (int i = 0; i < e->nargs; i++)
        d = max_depth(d, e->args[i]);
    if (d >= K_MAX_EXPR_DEPTH) {
        if (!ps->depth_reported)
            k_error(ps->ctx, e->loc, "expression nested too deeply (more than %d levels)",
                    K_MAX_EXPR_DEPTH);
        ps->depth_reported = 1;
        return k_expr_new(ps->ctx, E_INT, e->loc);
    }
    e->depth = d + 1;
    return e;
}

k_expr *kp_expr_leaf(k_parser *ps, k_expr_kind kind, k_loc loc)
{
    return k_expr_new(ps->ctx, kind, loc);
}

k_expr *kp_expr_unary(k_parser *ps, k_expr_kind kind, int op, k_loc loc, k_expr *e)
{
    k_expr *u = k_expr_new(ps->ctx, kind, loc);
    if (!u)
        return NULL;
    u->op = op;
    u->lhs = e;
    return finish_expr(ps, u);
}

/* `p->`: (*p), marked so that a class object's operator-> applies. */
k_expr *kp_expr_arrow(k_parser *ps, k_loc loc, k_expr *p)
{
    k_expr *u = kp_expr_unary(ps, E_UNARY, KU_DEREF, loc, p);
    if (u)
        u->arrow = 1;
    return u;
}

k_expr *kp_expr_binary(k_parser *ps, k_expr_kind kind, int op, k_loc loc,
                           k_expr *l, k_expr *r)
{
    k_expr *b = k_expr_new(ps->ctx, kind, loc);
    if (!b)
        return NULL;
    b->op = op;
    b->lhs = l;
    b->rhs = r;
    return finish_expr(ps, b);
}

k_expr *kp_expr_cond(k_parser *ps, k_loc loc, k_expr *c, k_expr *l, k_expr *r)
{
    k_expr *e = k_expr_new(ps->ctx, E_COND, loc);
    if (!e)
        return NULL;
    e->cond = c;
    e->lhs = l;
    e->rhs = r;
    return finish_expr(ps, e);
}

static k_expr *expr_with_args(k_parser *ps, k_expr *e, k_list *args)
{
    if (!e)
        return NULL;
    e->nargs = expr_array(ps, args, &e->args);
    return finish_expr(ps, e);
}

k_expr *kp_make_init_list(k_parser *ps, k_loc loc, k_list *items)
{
    return expr_with_args(ps, k_expr_new(ps->ctx, E_INIT_LIST, loc), items);
}

/* K calls functions by name only (no function pointers): the callee must be
 * an identifier. */
static const char *callee_name(k_parser *ps, k_expr *callee, const char *what)
{
    if (callee && callee->kind == E_IDENT)
        return callee->name;
    k_error(ps->ctx, callee ? callee->loc : (k_loc){0, 0},
            "%s must name a function (K has no function pointers)", what);
    return NULL;
}

k_expr *kp_ident_expr(k_parser *ps, const char *name, k_loc loc)
{
    k_expr *e = kp_expr_leaf(ps, E_IDENT, loc);
    if (e)
        e->name = name;
    return e;
}

/* A member function definition or prototype, a constructor or a destructor
 * of the record being parsed (lang/parse_decl.c gives it its `this`). */
void kp_add_method(k_parser *ps, k_specs *sp, k_declarator *d, int is_const,
                       k_list *inits, k_stmt *body)
{
    if (!d || !d->is_func) {
        k_error(ps->ctx, d ? d->loc : (k_loc){0, 0}, "expected a member function");
        return;
    }
    if (sp && (sp->storage & ST_FRIEND)) {
        /* a friend may use the class's private members (lang/access.c); one
         * defined in the class is an ordinary function */
        k_parse_friend(ps, d->name);
        sp->storage &= ~(unsigned)ST_FRIEND;
        if (body)
            kp_add_function(ps, sp, d, body);
        return;
    }
    k_specs none = {0};
    none.nvoid = 1;
    if (d->conv_specs) {   /* `inline operator T()`: T is the result, the rest applies */
        d->conv_specs->storage |= sp ? sp->storage : 0;
        sp = d->conv_specs;
    }
    unsigned late = ps->late_space;
    k_decl *f = make_decl(ps, sp ? sp : &none, d);
    if (f)
        k_parse_add_method(ps, f, (sp ? sp->storage : d->ctor_storage) | late, is_const, inits,
                           body);
}

/* `(*name)(params)`: name is a pointer to a function taking params. */
k_declarator *kp_fnptr_dtor(k_parser *ps, k_list *ptrs, k_declarator *d, k_list *params,
                                int variadic)
{
    if (!d)
        return NULL;
    d->fnptr = 1;
    d->fn_ptrs = *ptrs;
    d->fn_variadic = variadic;
    for (int i = 0; params && i < params->n; i++)
        if (params->items[i] && !(params->n == 1 && is_void_param(params->items[i])))
            kp_list_append(ps, &d->fn_params, params->items[i]);
    return d;
}

/* `R(params)` written as a template argument (`std::function<int(int)>`):
 * the function type itself, its parameter pack recorded as a function
 * pointer's is (`R(Args...)`, expanded by lang/packs.c). */
k_type *kp_fn_type(k_parser *ps, k_type *result, k_list *params)
{
    k_type *f = k_type_new(ps->ctx, TY_FUNC);
    f->base = result;
    int n = params ? params->n : 0;
    if (n == 1 && params->items[0] && is_void_param(params->items[0]))
        n = 0;
    f->params = k_alloc(ps->ctx, sizeof *f->params * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        k_decl *p = params->items[i];
        if (!p)
            continue;
        f->params[f->nparams++] = p->type;
        if (p->pack)
            f->pack_param = f->nparams;
    }
    return f;
}

/* `(&name)[n]` (ptrs NULL) and `(*name)[n]`: the declarator of a reference
 * or pointer to an array; later `[m]`s add dimensions to the array. */
k_declarator *kp_array_dtor(k_parser *ps, k_list *ptrs, k_declarator *d, k_expr *len)
{
    if (!d)
        return NULL;
    if (d->dims.n)
        k_error(ps->ctx, d->loc, "arrays of pointers to arrays are not supported in K");
    d->array_ref = 1;
    if (ptrs)
        d->fn_ptrs = *ptrs;
    else
        d->is_ref = 1;
    kp_list_append(ps, &d->dims, len);
    return d;
}

void kp_method_proto(k_parser *ps, k_specs *sp, k_declarator *d)
{
    if (k_virtual_pure(ps, d))   /* `= 0` */
        kp_add_method(ps, sp, d, 0, NULL, NULL);
}

/* A copy or move constructor (or assignment: assign) declared `= default`
 * or `= delete`: what it tells of copying and moving, on its class. */
static void special_member_flags(const k_declarator *d, int is_default, int assign)
{
    const k_decl *p = d->params.n == 1 ? d->params.items[0] : NULL;
    const k_type *t = p ? p->type : NULL;
    if (!t || t->kind != TY_REF || !t->base || t->base->kind != TY_RECORD)
        return;
    k_record *r = t->base->rec;
    if (t->rvalue_ref) {
        r->move_declared = 1;
        if (!is_default && !assign)
            r->move_deleted = 1;
        if (is_default && !assign)
            r->move_defaulted = 1;
        if (is_default && assign)
            r->move_assign_defaulted = 1;
    } else if (!assign) {
        r->copy_deleted |= !is_default;
        r->copy_defaulted |= is_default;
    }
}

/* `S() = default;`: a default constructor with an empty body, which still
 * initializes the members as the implicit one would.  A defaulted copy or
 * move constructor, and any deleted one, leave the implicit members as they
 * are: a program that compiles never calls a deleted one. */
void kp_defaulted_ctor(k_parser *ps, k_declarator *d, int is_default)
{
    if (d && is_default && d->params.n == 0)
        kp_add_method(ps, NULL, d, 0, NULL, kp_make_block(ps, d->loc, kp_list_new(ps)));
    else if (d)
        special_member_flags(d, is_default, 0);
}

/* `S &operator=(const S &) = default;` (or `= delete`): the implicit
 * function stays, so the declaration adds nothing (not even a prototype,
 * which would want a body). */
k_declarator *kp_defaulted_member(k_parser *ps, k_declarator *d, int is_default, k_loc loc)
{
    if (d && !d->is_func)
        k_error(ps->ctx, loc, "only a function can be defaulted or deleted");
    else if (d && d->name && strcmp(d->name, "operator=") == 0)
        special_member_flags(d, is_default, 1);
    return NULL;
}

/* Do the specifiers name a type (not only storage classes and qualifiers)? */
static int has_type_words(const k_specs *sp)
{
    return sp->nvoid || sp->nint || sp->nbuiltin || sp->nfloat || sp->ndouble || sp->nchar ||
           sp->nlong || sp->nshort || sp->nbool || sp->nsigned || sp->nunsigned;
}

/* The declarator of `S(params)` or `~S()` inside S. */
k_declarator *kp_ctor_dtor(k_parser *ps, k_specs *sp, k_type *cls, k_loc loc, k_list *params,
                               int dtor)
{
    if (sp && sp->resolved == NULL && has_type_words(sp))
        k_error(ps->ctx, loc, "a %s cannot have a return type", dtor ? "destructor" : "constructor");
    k_declarator *d = kp_dtor_func(ps, kp_dtor_new(ps, loc, k_parse_ctor_name(ps, cls, loc, dtor)),
                                params, 0);
    if (d)
        d->ctor_storage = sp ? sp->storage : 0;
    return d;
}

k_expr *kp_expr_call(k_parser *ps, k_loc loc, k_expr *callee, k_list *args)
{
    if (callee && callee->kind == E_MEMBER) {   /* obj.f(args): a member function call */
        callee->kind = E_MCALL;
        return expr_with_args(ps, callee, args);
    }
    if (callee && callee->kind != E_IDENT) {    /* (*fp)(args), ops[i](args) */
        k_expr *e = k_expr_new(ps->ctx, E_CALL, loc);
        if (!e)
            return NULL;
        e->lhs = callee;
        return expr_with_args(ps, e, args);
    }
    const char *name = callee_name(ps, callee, "the called object");
    if (!name)
        return callee;
    k_expr *e = k_expr_new(ps->ctx, E_CALL, loc);
    if (!e)
        return NULL;
    e->name = name;
    e->written = callee->written;   /* a member of that name hides the template (sema) */
    e->targs = callee->targs;
    e->ntargs = callee->ntargs;
    e->has_targs = callee->has_targs;
    e->tpl_class = callee->tpl_class;
    return expr_with_args(ps, e, args);
}

k_expr *kp_expr_launch(k_parser *ps, k_loc loc, k_expr *callee, k_list *config,
                           k_list *args)
{
    k_expr *e = k_expr_new(ps->ctx, E_LAUNCH, loc);
    if (!e || !callee)
        return e;
    if (callee->kind != E_IDENT) {  /* kernels[i]<<<...>>>: through a pointer */
        e->lhs = callee;
    } else {
        e->name = callee->name;
        e->targs = callee->targs;
        e->ntargs = callee->ntargs;
        e->has_targs = callee->has_targs;
        e->tpl_class = callee->tpl_class;
    }
    if (config->n < 2 || config->n > 4)
        k_error(ps->ctx, loc, "a kernel launch takes 2 to 4 configuration arguments"
                " (grid, block, shared bytes, stream), not %d", config->n);
    for (int i = 0; i < config->n && i < 4; i++)
        e->config[i] = config->items[i];
    return expr_with_args(ps, e, args);
}

static k_type *base_type(k_parser *ps, k_specs *sp);

/* `dim3(x, y)` builds a record; `float(x)` is a functional cast; `int()` is
 * a value-initialised zero, as in C++. */
/* `P{.x = 1, .z = 3}` (C++20 designated initializers): the compound
 * literal `(P){.x = 1, .z = 3}`, members not named zero. */
k_expr *kp_designated_expr(k_parser *ps, k_loc loc, k_specs *sp, k_list *items)
{
    return kp_typed(kp_expr_unary(ps, E_COMPOUND, 0, loc, kp_make_init_list(ps, loc, items)),
                    base_type(ps, sp));
}

/* e (NULL after running out of memory) with its written type t: a cast's,
 * a compound literal's, sizeof's. */
k_expr *kp_typed(k_expr *e, k_type *t)
{
    if (e)
        e->type_written = t;
    return e;
}

k_expr *kp_expr_construct(k_parser *ps, k_loc loc, k_specs *sp, k_list *args)
{
    k_type *t = base_type(ps, sp);
    int n = args ? args->n : 0;
    /* C<T>(a, b): a class template's constructor (one argument: a cast,
     * which sema makes a construction when C<T> is a class; but `C<Ts...>(xs...)`
     * is a construction, as its arguments are a list an instance expands) */
    int expands = n == 1 && args->items[0] && ((k_expr *)args->items[0])->kind == E_PACK_EXPAND;
    /* `T{0, arg}` with T a template parameter: a construction, which the
     * instance checks (in an `if constexpr` branch it discards, not at all) */
    if (t && (t->kind == TY_RECORD || (t->kind == TY_TEMPLATE_ID && (n > 1 || expands)) ||
              (t->kind == TY_TPARAM && n > 1))) {
        k_expr *e = k_expr_new(ps->ctx, E_CONSTRUCT, loc);
        if (e)
            e->type_written = t;
        return expr_with_args(ps, e, args);
    }
    if (t && (t->kind == TY_DIM3 || t->kind == TY_UINT3)) {
        k_expr *e = k_expr_new(ps->ctx, E_CONSTRUCT, loc);
        if (!e)
            return NULL;
        e->type_written = t;
        if (n > 3)
            k_error(ps->ctx, loc, "too many arguments to %s (at most 3)",
                    t->kind == TY_DIM3 ? "dim3" : "uint3");
        return expr_with_args(ps, e, args);
    }
    k_expr *e = k_expr_new(ps->ctx, E_CAST, loc);
    if (!e)
        return NULL;
    e->type_written = t;
    if (n == 0) {
        e->lhs = k_expr_new(ps->ctx, E_INT, loc);
    } else {
        if (n > 1)
            k_error(ps->ctx, loc, "a functional cast takes one argument, not %d", n);
        e->lhs = args->items[0];
    }
    return finish_expr(ps, e);
}

k_expr *kp_concat_strings(k_parser *ps, k_expr *a, k_expr *b)
{
    if (!a || !b)
        return a ? a : b;
    char *s = k_alloc(ps->ctx, a->strlen + b->strlen + 1);
    if (!s)
        return a;
    memcpy(s, a->str, a->strlen);
    memcpy(s + a->strlen, b->str, b->strlen);
    s[a->strlen + b->strlen] = '\0';
    a->str = s;
    a->strlen += b->strlen;
    return a;
}

/* ================================================================ types */
k_specs *kp_specs_new(k_parser *ps, k_loc loc)
{
    k_specs *sp = k_alloc(ps->ctx, sizeof *sp);
    if (sp)
        sp->loc = loc;
    return sp;
}

k_specs *kp_specs_type(k_parser *ps, k_specs *sp, int token, k_loc loc, k_type *tdef)
{
    (void)ps;
    (void)loc;
    if (!sp)
        return NULL;
    if (tdef) {
        sp->nbuiltin++;
        sp->typedef_type = tdef;
        return sp;
    }
    switch (token) {
    case KW_VOID: sp->nvoid++; break;
    case KW_BOOL: sp->nbool++; break;
    case KW_CHAR: sp->nchar++; break;
    case KW_SHORT: sp->nshort++; break;
    case KW_INT: sp->nint++; break;
    case KW_LONG: sp->nlong++; break;
    case KW_SIGNED: sp->nsigned++; break;
    case KW_UNSIGNED: sp->nunsigned++; break;
    case KW_FLOAT: sp->nfloat++; break;
    case KW_DOUBLE: sp->ndouble++; break;
    case KW_DIM3: sp->nbuiltin++; sp->builtin = TY_DIM3; break;
    case KW_UINT3: sp->nbuiltin++; sp->builtin = TY_UINT3; break;
    case KW_CUDA_DEVICE_PROP: sp->nbuiltin++; sp->builtin = TY_DEVPROP; break;
    case KW_AUTO: sp->nbuiltin++; sp->builtin = TY_AUTO; break;
    /* The typedef-like builtins keep their spelling in k_type.alias. */
    case KW_SIZE_T: sp->nbuiltin++; sp->builtin = TY_ULONG; sp->alias = "size_t"; break;
    case KW_CUDA_ERROR_T: sp->nbuiltin++; sp->builtin = TY_INT; sp->alias = "cudaError_t"; break;
    case KW_CUDA_EVENT_T: sp->nbuiltin++; sp->builtin = TY_PTR; sp->alias = "cudaEvent_t"; break;
    case KW_CUDA_STREAM_T: sp->nbuiltin++; sp->builtin = TY_PTR; sp->alias = "cudaStream_t"; break;
    case KW_CUDA_MEMPOOL_T: sp->nbuiltin++; sp->builtin = TY_PTR; sp->alias = "cudaMemPool_t"; break;
    /* a va_list counts the variable arguments read so far (lang/stdarg.c) */
    case KW_VA_LIST: sp->nbuiltin++; sp->builtin = TY_INT; sp->alias = "va_list"; break;
    default: break;
    }
    return sp;
}

static int specs_valid(const k_specs *sp)
{
    int mains = sp->nvoid + sp->nbool + sp->nchar + sp->nfloat + sp->ndouble + sp->nbuiltin;
    int sign = sp->nsigned + sp->nunsigned;
    if (mains > 1 || sp->nint > 1 || sp->nshort > 1 || sp->nlong > 2 || sign > 1)
        return 0;
    if (sp->nshort && sp->nlong)
        return 0;
    if (sign && mains && !sp->nchar)
        return 0;
    if (mains && (sp->nint || sp->nshort || (sp->nlong && !sp->ndouble)))
        return 0;
    return 1;
}

static k_type_kind integer_kind(const k_specs *sp)
{
    int u = sp->nunsigned > 0;
    if (sp->nchar)
        return sp->nunsigned ? TY_UCHAR : sp->nsigned ? TY_SCHAR : TY_CHAR;
    if (sp->nshort)
        return u ? TY_USHORT : TY_SHORT;
    if (sp->nlong == 1)
        return u ? TY_ULONG : TY_LONG;
    if (sp->nlong == 2)
        return u ? TY_ULLONG : TY_LLONG;
    return u ? TY_UINT : TY_INT;
}

/* Resolves the specifiers to a fresh type node (each declarator gets its own,
 * so sema may annotate them independently).  Errors are reported once. */
static k_type *base_type(k_parser *ps, k_specs *sp)
{
    if (!sp)
        return k_type_new(ps->ctx, TY_INT);
    int report = sp->resolved == NULL;
    k_type *t = NULL;
    if (sp->typedef_type && specs_valid(sp)) {
        t = k_alloc(ps->ctx, sizeof *t);
        if (t)
            *t = *sp->typedef_type;
    } else if (!specs_valid(sp)) {
        if (report)
            k_error(ps->ctx, sp->loc, "invalid combination of type specifiers");
        t = k_type_new(ps->ctx, TY_INT);
    } else if (sp->nbuiltin) {
        t = k_type_new(ps->ctx, sp->builtin);
        if (t && sp->builtin == TY_PTR)
            t->base = k_type_new(ps->ctx, TY_VOID);
        if (t)
            t->alias = sp->alias;
    } else {
        k_type_kind kind = sp->nvoid ? TY_VOID : sp->nbool ? TY_BOOL
                         : sp->nfloat ? TY_FLOAT : sp->ndouble ? TY_DOUBLE : integer_kind(sp);
        if (report && sp->ndouble && sp->nlong)
            k_warning(ps->ctx, sp->loc, "'long double' is treated as 'double' in K");
        if (report && !sp->nvoid && !sp->nbool && !sp->nfloat && !sp->ndouble && !sp->nchar
            && !sp->nshort && !sp->nlong && !sp->nint && !sp->nsigned && !sp->nunsigned) {
            if (!ps->conv_op_reported)
                k_error(ps->ctx, sp->loc, "type specifier missing (K has no implicit int)");
            ps->conv_op_reported = 0;
        }
        t = k_type_new(ps->ctx, kind);
    }
    if (t)
        t->quals |= sp->quals;
    sp->resolved = t;
    return t;
}

/* Arbitrary limits that keep types shallow enough for recursive passes. */
#define MAX_POINTER_LEVELS 32
#define MAX_ARRAY_DIMS 32

/* `auto f() -> T`: T, where the specifiers (written, the result before
 * the arrow) say plain `auto` as C++ requires. */
static k_type *trailing_result(k_parser *ps, const k_type *written, const k_declarator *d)
{
    /* `constexpr auto f() -> T` reads as const auto (K's constexpr is const) */
    if (written->kind != TY_AUTO || written->decltype_kind || (written->quals & ~Q_CONST)) {
        char buf[96];
        k_error(ps->ctx, d->loc, "'%s' has a trailing return type, so its type must be plain"
                " 'auto', not '%s'", d->name ? d->name : "?", k_ty_str(written, buf, sizeof buf));
    }
    return d->trailing_ret;
}

/* `R (S::*f)(P) const`: f points to a function `R (const S *this, P)`. */
static k_type *member_function_pointer(k_parser *ps, const k_type *mp, k_type *f,
                                       unsigned quals)
{
    k_type *self = k_type_new(ps->ctx, TY_RECORD);
    *self = *mp->memptr_class;
    self->quals = quals & (Q_CONST | Q_VOLATILE);
    k_type **params = k_alloc(ps->ctx, sizeof *params * (size_t)(f->nparams + 2));
    params[0] = k_type_ptr(ps->ctx, self);
    for (int i = 0; i < f->nparams; i++)
        params[i + 1] = f->params[i];
    f->params = params;
    f->nparams++;
    if (f->pack_param)
        f->pack_param++;
    k_type *t = k_type_ptr(ps->ctx, f);
    t->memptr_class = mp->memptr_class;
    t->quals = mp->quals;
    return t;
}

/* Wraps base in the declarator's pointers and array dimensions:
 * `int *a[2][3]` is array 2 of array 3 of pointer to int. */
static k_type *build_type(k_parser *ps, k_type *base, k_declarator *d)
{
    k_type *t = base;
    if (d->ptr_quals.n > MAX_POINTER_LEVELS)
        k_error(ps->ctx, d->loc, "too many levels of pointers (at most %d)",
                MAX_POINTER_LEVELS);
    for (int i = 0; i < d->ptr_quals.n && i < MAX_POINTER_LEVELS; i++) {
        const k_type *mp = kp_memptr_item(d->ptr_quals.items[i]);
        if (mp) {   /* `S::*`: a pointer to a member of S (lang/member_pointers.c) */
            k_type *m = k_type_new(ps->ctx, TY_LONG);
            *m = *mp;
            m->base = t;
            t = m;
            continue;
        }
        t = k_type_ptr(ps->ctx, t);
        if (t)
            t->quals = (unsigned)(uintptr_t)d->ptr_quals.items[i];
    }
    if (d->is_ref && !d->array_ref) {
        k_type *r = k_type_new(ps->ctx, TY_REF);
        if (r) {
            r->base = t;
            r->rvalue_ref = d->is_ref == 2;
            t = r;
        }
    }
    if (d->is_func) {
        if (d->dims.n)
            k_error(ps->ctx, d->loc, "a function cannot return an array");
        k_type *f = k_type_new(ps->ctx, TY_FUNC);
        if (f)
            f->base = d->trailing_ret ? trailing_result(ps, t, d) : t;
        return f;
    }
    if (d->fnptr) {   /* T (*p)(params): pointer(s) to a function returning T */
        k_type *f = k_type_new(ps->ctx, TY_FUNC);
        f->base = t;
        f->nparams = d->fn_params.n;
        f->variadic = d->fn_variadic;
        f->params = k_alloc(ps->ctx, sizeof *f->params * (size_t)(f->nparams + 1));
        for (int i = 0; i < f->nparams; i++) {
            f->params[i] = ((k_decl *)d->fn_params.items[i])->type;
            if (f->params[i] && f->params[i]->kind == TY_ARRAY)   /* T *[2] is T ** */
                f->params[i] = k_type_ptr(ps->ctx, f->params[i]->base);
            if (((k_decl *)d->fn_params.items[i])->pack)
                f->pack_param = i + 1;   /* `void (*k)(Args...)` (lang/packs.c) */
        }
        t = f;
        for (int i = 0; i < d->fn_ptrs.n && i < MAX_POINTER_LEVELS; i++) {
            const k_type *mp = kp_memptr_item(d->fn_ptrs.items[i]);
            if (mp && i == 0) {
                t = member_function_pointer(ps, mp, f, d->fn_quals);
                continue;
            }
            if (mp)
                k_error(ps->ctx, d->loc, "pointers to member functions returning pointers "
                        "to members are not supported in K");
            t = k_type_ptr(ps->ctx, t);
            t->quals = mp ? 0 : (unsigned)(uintptr_t)d->fn_ptrs.items[i];
        }
    }
    if (d->dims.n > MAX_ARRAY_DIMS)
        k_error(ps->ctx, d->loc, "too many array dimensions (at most %d)", MAX_ARRAY_DIMS);
    int n = d->dims.n < MAX_ARRAY_DIMS ? d->dims.n : MAX_ARRAY_DIMS;
    for (int i = n - 1; i >= 0; i--)
        t = k_type_array(ps->ctx, t, d->dims.items[i]);
    if (d->array_ref) {   /* (&a)[n], (*p)[n]: then the reference or the pointers */
        for (int i = 0; i < d->fn_ptrs.n && i < MAX_POINTER_LEVELS; i++) {
            t = k_type_ptr(ps->ctx, t);
            t->quals = (unsigned)(uintptr_t)d->fn_ptrs.items[i];
        }
        if (d->is_ref) {
            k_type *r = k_type_new(ps->ctx, TY_REF);
            r->base = t;
            t = r;
        }
    }
    return t;
}

k_type *kp_type_name(k_parser *ps, k_specs *sp, k_declarator *d)
{
    if (sp && sp->storage)
        k_error(ps->ctx, sp->loc, "storage class in a type name");
    return build_type(ps, base_type(ps, sp), d);
}

/* The type of a record member (parse_decl.c adds it to the record). */
k_type *kp_member_type(k_parser *ps, k_specs *sp, k_declarator *d)
{
    if (d->is_func || d->is_ctor)
        k_error(ps->ctx, d->loc, "member functions are not supported yet");
    d->is_func = 0;
    return build_type(ps, base_type(ps, sp), d);
}

/* ========================================================== declarators */
k_declarator *kp_dtor_new(k_parser *ps, k_loc loc, const char *name)
{
    k_declarator *d = k_alloc(ps->ctx, sizeof *d);
    if (d) {
        d->loc = loc;
        d->name = name;
    }
    return d;
}

/* A pointer list's entries are the qualifiers of each '*' (small numbers) or,
 * for `S::*`, the scanner's member-pointer type (an address). */
const k_type *kp_memptr_item(const void *item)
{
    return (uintptr_t)item > (Q_CONST | Q_VOLATILE | Q_RESTRICT) ? item : NULL;
}

k_declarator *kp_fnptr_quals(k_declarator *d, unsigned quals)
{
    if (d)
        d->fn_quals = quals;
    return d;
}

void *kp_memptr_quals(k_type *mp, unsigned quals)
{
    if (mp)
        mp->quals = quals;
    return mp;
}

k_declarator *kp_dtor_pointer(k_parser *ps, k_list *ptrs, k_declarator *d)
{
    (void)ps;
    if (d && ptrs)
        d->ptr_quals = *ptrs;
    return d;
}

static int is_void_param(const k_decl *p)
{
    return p && !p->name && p->type && p->type->kind == TY_VOID;
}

k_declarator *kp_dtor_func(k_parser *ps, k_declarator *d, k_list *params, int variadic)
{
    if (!d)
        return NULL;
    k_tpl_declared(ps, d->name);
    d->is_func = 1;
    d->variadic = variadic;
    ps->fn_declared = d->name;
    if (!params)
        return d;
    /* `(void)` declares no parameters. */
    if (params->n == 1 && !variadic && is_void_param(params->items[0]))
        return d;
    for (int i = 0; i < params->n; i++) {
        k_decl *p = params->items[i];
        if (p && p->type && p->type->kind == TY_VOID)
            k_error(ps->ctx, p->loc, "a parameter cannot have type 'void'"
                    " ('(void)' alone means no parameters)");
        kp_list_append(ps, &d->params, p);
    }
    return d;
}

k_decl *kp_make_param(k_parser *ps, k_specs *sp, k_declarator *d, k_loc loc)
{
    if (!d)
        return NULL;
    k_loc at = d->name ? d->loc : loc;
    k_decl *p = k_decl_new(ps->ctx, D_PARAM, at, d->name);
    if (!p)
        return NULL;
    if (sp && (sp->storage || sp->is_typedef))
        k_error(ps->ctx, sp->loc, "storage class specified for a parameter");
    if (d->is_func && !d->fnptr) {   /* `int f(int)` is `int (*f)(int)` */
        d->fnptr = 1;
        d->fn_params = d->params;
        d->fn_variadic = d->variadic;
        kp_list_append(ps, &d->fn_ptrs, NULL);
    }
    if (d->is_ctor)
        k_error(ps->ctx, at, "a parameter cannot have constructor arguments");
    d->is_func = 0;
    p->type = build_type(ps, base_type(ps, sp), d);
    if (d->name)   /* `void f(int dim3) { ... dim3 ... }`: the body sees the parameter */
        k_parse_list_add(ps, &ps->param_names, (void *)d->name);
    return p;
}

static void fill_function(k_parser *ps, k_decl *f, k_declarator *d)
{
    f->variadic = d->variadic;
    f->nparams = d->params.n;
    if (f->nparams) {
        f->params = k_alloc(ps->ctx, (size_t)f->nparams * sizeof *f->params);
        if (!f->params) {
            f->nparams = 0;
            return;
        }
        for (int i = 0; i < f->nparams; i++)
            f->params[i] = d->params.items[i];
    }
}

/* The execution spaces written after the declarator's '&' or '*' (the
 * scanner bridge's, lang/parse_lex.c), for the declaration being made. */
static unsigned take_late_space(k_parser *ps)
{
    unsigned space = ps->late_space;
    ps->late_space = 0;
    return space;
}

/* Builds the k_decl of one declarator under the given specifiers. */
static k_decl *make_decl(k_parser *ps, k_specs *sp, k_declarator *d)
{
    k_decl *decl = k_decl_new(ps->ctx, d->is_func ? D_FUNC : D_VAR, d->loc, d->name);
    if (!decl)
        return NULL;
    decl->type = build_type(ps, base_type(ps, sp), d);
    decl->storage = (sp ? sp->storage : 0) | take_late_space(ps);
    /* `alignas(16) int v;`, `int v __attribute__((aligned(16)));` */
    decl->align_expr = k_parse_declared_align(ps, d->name, sp ? sp->align_expr : NULL);
    if (d->is_func) {
        fill_function(ps, decl, d);
        if (d->init)
            k_error(ps->ctx, d->loc, "function '%s' is initialized like a variable", d->name);
        return decl;
    }
    decl->init = d->init;
    if (d->is_ctor) {
        decl->nctor = d->ctor_args.n;
        decl->ctor_args = k_alloc(ps->ctx, (size_t)d->ctor_args.n * sizeof *decl->ctor_args);
        if (!decl->ctor_args)
            decl->nctor = 0;
        for (int i = 0; i < decl->nctor; i++)
            decl->ctor_args[i] = d->ctor_args.items[i];
        if (d->init)
            k_error(ps->ctx, d->loc, "'%s' has both constructor arguments and an initializer",
                    d->name);
    }
    return decl;
}

/* `typedef T name;` records name so the scanner returns it as a type name. */
static void add_typedefs(k_parser *ps, k_specs *sp, k_list *dtors)
{
    for (int i = 0; dtors && i < dtors->n; i++) {
        k_declarator *d = dtors->items[i];
        if (!d)
            continue;
        if (d->is_func || d->is_ctor || d->init) {
            k_error(ps->ctx, d->loc, "unsupported typedef of '%s' (K allows typedefs of"
                    " scalar, pointer, array and record types)", d->name);
            continue;
        }
        k_type *t = build_type(ps, base_type(ps, sp), d);
        if (t && t->kind == TY_RECORD && !t->rec->tag)  /* typedef struct {...} S; */
            t->rec->tag = d->name;
        if (t && t->kind == TY_TEMPLATE_ID && !t->loc.line) {   /* its errors are the typedef's */
            t->loc = d->loc;
            t->typedef_node = t;
        }
        k_parse_add_typedef(ps, k_ns_qualify(ps->ctx, ps->ns, d->name), t);
    }
}

k_stmt *kp_make_decl_stmt(k_parser *ps, k_loc loc, k_specs *sp, k_list *dtors)
{
    int extra = k_parse_specs_extra(sp);
    if (sp && sp->is_typedef) {
        if (sp->storage)
            k_error(ps->ctx, loc, "storage class in a typedef");
        add_typedefs(ps, sp, dtors);
        dtors = NULL;
    } else if ((!dtors || dtors->n == 0) && !extra && !(sp && sp->typedef_type &&
                                                         sp->typedef_type->kind == TY_RECORD)) {
        k_warning(ps->ctx, loc, "declaration does not declare anything");
        return NULL;
    }
    if (!extra && !dtors)
        return NULL;
    k_stmt *s = k_stmt_new(ps->ctx, S_DECL, loc);
    if (!s)
        return NULL;
    s->decls = k_alloc(ps->ctx, (size_t)((dtors ? dtors->n : 0) + extra) * sizeof *s->decls);
    if (!s->decls)
        return s;
    k_parse_specs_decls(ps, s, sp);
    for (int i = 0; dtors && i < dtors->n; i++) {
        k_declarator *d = dtors->items[i];
        if (d && (s->decls[s->ndecls] = make_decl(ps, sp, d)))
            s->ndecls++;
        /* a variable template stays a template; a local of a function
         * template's body (a block: scope_marks) is a name there, hiding a
         * type of its name (`for (int half = 128; half > 0; ...)`) */
        if (d && (!ps->tpl.head_open || ps->scope_marks.n > 0))
            k_parse_add_ordinary(ps, d->name);
    }
    return s;
}

/* A file-scope declaration inside `namespace N { }` is named "N::name"; it
 * sees the names of the namespace its qualified name is in. */
static void qualify(k_parser *ps, k_decl *d)
{
    if (d->kind == D_USING || d->kind == D_STATIC_ASSERT)
        return;
    d->anon_ns = ps->anon_ns != 0;
    d->name = k_ns_qualify(ps->ctx, ps->ns, d->name);
    d->ns = d->name ? k_ns_of(ps->ctx, d->name) : NULL;
}

/* `extern "C" const unsigned N;`: a linkage specification on one
 * declaration makes it extern, as C++ does, so a later `... N = 64;` defines
 * the same object; the file's declarations from `first` on are its. */
void kp_extern_linkage(k_parser *ps, int first)
{
    for (int i = first; i < ps->decls.n; i++) {
        k_decl *d = ps->decls.items[i];
        if (d && d->kind == D_VAR)
            d->storage |= ST_EXTERN;
    }
}

void kp_add_file_decls(k_parser *ps, k_stmt *s)
{
    for (int i = 0; s && i < s->ndecls; i++) {
        qualify(ps, s->decls[i]);
        kp_list_append(ps, &ps->decls, s->decls[i]);
    }
}

/* ================================================================ C++ */
/* `new T`, `new T[n]`, `new T(args)` (op 1: parenthesized, args may be
 * none); sema makes it a malloc (lang/cxx.c). */
k_expr *kp_expr_new(k_parser *ps, k_loc loc, k_specs *sp, k_list *ptrs, k_expr *count,
                        k_list *init)
{
    k_declarator *d = kp_dtor_new(ps, loc, NULL);
    if (d && ptrs)
        d = kp_dtor_pointer(ps, ptrs, d);
    k_expr *e = k_expr_new(ps->ctx, E_NEW, loc);
    if (!e || !d)
        return NULL;
    e->type_written = kp_type_name(ps, sp, d);
    e->lhs = count;
    e->op = init != NULL;
    return expr_with_args(ps, e, init);
}

/* `new T[n][4][2]`: an array of n elements of type T[4][2], whose bounds
 * (dims, constant expressions) become the type's as a declarator's do;
 * init an empty list for `new T[n][4]()` (value-initialized). */
k_expr *kp_expr_new_dims(k_parser *ps, k_loc loc, k_specs *sp, k_expr *count, k_list *dims,
                         k_list *init)
{
    k_declarator *d = kp_dtor_new(ps, loc, NULL);
    k_expr *e = k_expr_new(ps->ctx, E_NEW, loc);
    if (!e || !d || !dims)
        return NULL;
    d->dims = *dims;
    e->type_written = kp_type_name(ps, sp, d);
    e->lhs = count;
    e->op = init != NULL;
    return expr_with_args(ps, e, init);
}

/* `new T[n]{a, b}`: the list's items are the args of a parenthesized new
 * (op 1: the elements they leave are value-initialized, as by `()`). */
k_expr *kp_expr_new_list(k_parser *ps, k_loc loc, k_specs *sp, k_expr *count, k_expr *list)
{
    k_expr *e = kp_expr_new(ps, loc, sp, NULL, count, kp_list_new(ps));
    if (!e || !list)
        return e;
    e->args = list->args;
    e->nargs = list->nargs;
    e->depth = list->depth > e->depth ? list->depth + 1 : e->depth;
    return e;
}

/* `new (p) T...`: T built in the storage at p. */
k_expr *kp_expr_placed(k_expr *e, k_expr *place)
{
    if (e)
        e->placement = place;
    return e;
}

/* The lambda's function: its parameters and body, returning ret (TY_AUTO
 * when not written: sema deduces it from the returns).  word: 1 for
 * `mutable`, with the ST_DEVICE and ST_HOST bits of an extended lambda's
 * `__device__`/`__host__`. */
k_expr *kp_make_lambda(k_parser *ps, k_loc loc, k_list *caps, k_list *params, unsigned is_mutable,
                       k_type *ret, k_stmt *body)
{
    k_expr *e = k_expr_new(ps->ctx, E_LAMBDA, loc);
    if (e)
        e->op = is_mutable & 1 ? 'm' : 0;
    k_decl *f = k_decl_new(ps->ctx, D_FUNC, loc, "lambda");
    k_type *ft = k_type_new(ps->ctx, TY_FUNC);
    if (!e || !f || !ft)
        return NULL;
    ft->base = ret ? ret : k_type_new(ps->ctx, TY_AUTO);
    f->type = ft;
    f->body = body;
    f->ns = ps->ns;
    f->storage = is_mutable & (ST_DEVICE | ST_HOST);   /* written `__device__` (extended) */
    f->nparams = params ? params->n : 0;
    f->params = f->nparams ? k_alloc(ps->ctx, sizeof *f->params * (size_t)f->nparams) : NULL;
    for (int i = 0; f->params && i < f->nparams; i++)
        f->params[i] = params->items[i];
    e->lambda = f;
    return expr_with_args(ps, e, caps);
}

k_stmt *kp_cond_decl(k_parser *ps, k_loc loc, k_specs *sp, k_declarator *d, k_expr *init)
{
    k_stmt *s = k_stmt_new(ps->ctx, S_IF, loc);
    k_expr *x = k_expr_new(ps->ctx, E_IDENT, d ? d->loc : loc);
    if (!s || !x || !d)
        return NULL;
    d->init = init;
    s->init = kp_make_decl_stmt(ps, loc, sp, kp_list_push(ps, NULL, d));
    x->name = d->name;
    s->expr = x;
    return s;
}

/* `T S::f(...) {...}` and `S::S(...) : m(a) {...}` outside S: the
 * definition of a member function declared in S.  Returns 0 when d names
 * no member of a class (then it is an ordinary function). */
int kp_add_method_def(k_parser *ps, k_specs *sp, k_declarator *d, int is_const,
                          k_list *inits, k_stmt *body)
{
    k_record *r = d && d->is_func ? k_parse_method_class(ps, d->name) : NULL;
    if (!r) {
        if (d && (is_const || inits))
            k_error(ps->ctx, d->loc, "'%s' is not a member function of a class", d->name);
        return 0;
    }
    k_specs none = {0};
    none.nvoid = 1;
    none.storage = sp ? sp->storage : 0;
    int ctor = k_parse_is_ctor_name(d->name);
    if (ctor && sp && !specs_valid(sp))
        ctor = 0;
    if (ctor && sp && (has_type_words(sp) || sp->typedef_type))   /* `int S::S()` */
        k_error(ps->ctx, d->loc, "a %s cannot have a return type",
                strstr(d->name, "::~") ? "destructor" : "constructor");
    none.storage |= ps->late_space;
    k_decl *f = make_decl(ps, ctor ? &none : sp ? sp : &none, d);
    if (f)
        k_parse_define_method(ps, r, f, none.storage, is_const, inits, body);
    return 1;
}

void kp_add_function(k_parser *ps, k_specs *sp, k_declarator *d, k_stmt *body)
{
    if (!d)
        return;
    if (k_parse_method_class(ps, d->name) && kp_add_method_def(ps, sp, d, 0, NULL, body))
        return;
    if (!d->is_func) {
        k_error(ps->ctx, d->loc, "expected '=', ',' or ';' after the declarator of '%s'"
                " (only functions have a body)", d->name);
        return;
    }
    if (sp && sp->is_typedef) {
        k_error(ps->ctx, d->loc, "a function definition cannot be a typedef");
        return;
    }
    k_decl *f = make_decl(ps, sp, d);
    if (f) {
        qualify(ps, f);
        f->body = body;
        k_eh_noexcept_function(ps, f, d->loc);
        kp_list_append(ps, &ps->decls, f);
    }
}

/* =========================================================== statements */
k_stmt *kp_stmt_new(k_parser *ps, k_stmt_kind kind, k_loc loc)
{
    return k_stmt_new(ps->ctx, kind, loc);
}

k_stmt *kp_make_block(k_parser *ps, k_loc loc, k_list *items)
{
    k_stmt *s = k_stmt_new(ps->ctx, S_BLOCK, loc);
    if (!s || !items || items->n == 0)
        return s;
    s->stmts = k_alloc(ps->ctx, (size_t)items->n * sizeof *s->stmts);
    if (!s->stmts)
        return s;
    for (int i = 0; i < items->n; i++)
        s->stmts[s->nstmts++] = items->items[i];
    return s;
}

/* A type name of the built-in library (the cooperative groups, lang/cg.c):
 * a typedef under its qualified name. */
void kp_add_builtin_type(void *arg, const char *name, k_type *type)
{
    k_parser *ps = arg;
    kp_list_append(ps, &ps->typedef_names, (void *)name);
    kp_list_append(ps, &ps->typedef_types, type);
}

/* ============================================================== scanner */
static int typedef_probe(void *arg, const char *qname)
{
    return k_parse_typedef_lookup(arg, qname) != NULL;
}

/* The typedef a name written here stands for, through namespaces. */
k_type *kp_typedef_lookup(k_parser *ps, const char *name)
{
    /* inside a class, its member types (and its enclosing classes') first */
    for (int i = ps->records.n - 1; i >= 0 && !strstr(name, "::"); i--) {
        k_type *t = k_parse_typedef_lookup(
            ps, k_ns_qualify(ps->ctx, k_parse_record_scope(ps, ps->records.items[i]), name));
        if (t)
            return t;
    }
    k_ns_view v = { ps->ns, (k_decl *const *)ps->uses.items, ps->uses.n };
    const char *q = k_ns_resolve(ps->ctx, &v, name, typedef_probe, ps);
    return q ? k_parse_typedef_lookup(ps, q) : NULL;
}

k_expr *kp_literal(k_parser *ps, k_expr_kind kind, const k_token *t)
{
    k_expr *e = k_expr_new(ps->ctx, kind, t->loc);
    if (!e)
        return NULL;
    e->ival = t->ival;
    e->fval = t->fval;
    e->str = t->str ? t->str : (char *)"";
    e->strlen = t->strlen;
    e->int_unsigned = t->int_unsigned;
    e->int_long = t->int_long;
    e->int_nondecimal = t->int_nondecimal;
    e->is_single = t->is_single;
    return e;
}

/* ---- C++'s implicit default constructor ---- */
/* A class with default member initializers (`int n = 5;`), or a
 * polymorphic one (its constructors set the vtable pointer:
 * k_virtual_wants_ctor), and no
 * constructor of its own gets `S() {}`, host and device (host only when a
 * member has a constructor, as std::string's), so that every `S s;`
 * runs them (lang/classes.c puts them in front of each constructor's body).
 * Unlike C++'s, the class then is no aggregate: `S s = {1, 2}` is an error. */
void kp_implicit_default_ctor(k_parser *ps, k_type *t)
{
    k_record *r = t && t->kind == TY_RECORD ? t->rec : NULL;
    int inits = 0;
    unsigned space = ST_HOST | ST_DEVICE;   /* where every member can be built */
    for (int i = 0; r && i < r->nfields; i++) {
        const k_type *ft = r->fields[i].type;
        while (ft && ft->kind == TY_ARRAY)
            ft = ft->base;
        inits += r->fields[i].init != NULL;
        if (ft && ft->kind == TY_RECORD)
            space &= kp_default_ctor_space(ft->rec);
    }
    if (r && r->base)
        space &= kp_default_ctor_space(r->base);
    if (!inits && !k_virtual_wants_ctor(r)) {   /* members with constructors (lang/implicit_members.c) */
        kp_implicit_member_ctor(ps, t);
        return;
    }
    if (r->is_union || !r->tag)
        return;
    for (int i = 0; i < r->nmethods; i++)
        if (r->methods[i]->method_kind == M_CTOR)
            return;
    unsigned saved = ps->virt;   /* the constructor is not virtual */
    ps->virt = 0;
    k_declarator *d = kp_ctor_dtor(ps, NULL, t, r->loc, NULL, 0);
    if (!d)
        return;
    kp_add_method(ps, NULL, d, 0, NULL, kp_make_block(ps, r->loc, kp_list_new(ps)));
    ps->virt = saved;
    for (int i = 0; i < r->nmethods; i++)
        if (r->methods[i]->method_kind == M_CTOR)
            r->methods[i]->storage |= space ? space : ST_HOST;
}

/* ---- C++'s implicit copy constructor ---- */
/* Does copying r need more than its bytes, and can the parser write that
 * copy as `S(const S &o) : a(o.a), b(o.b) {}`?  Yes when a member has a copy
 * constructor (a String that owns memory) and every member can be named in
 * an initializer (no array members, no anonymous or bit-field
 * members, no base class with members of its own: an empty base such as a
 * class that only gives `operator new` is fine). */
/* Whether r declares a constructor taking one reference (in a class
 * template `S(const S &)` names S by its pattern, which
 * k_record_copy_ctor does not see), or a move: its copies are its own. */
static int declares_copy_or_move(const k_record *r)
{
    if (r->move_declared)
        return 1;
    for (int i = 0; i < r->nmethods; i++) {
        const k_decl *f = r->methods[i];
        if (f->method_kind == M_CTOR && !f->member_template && f->nparams == 2 &&
            f->params[1]->type->kind == TY_REF)
            return 1;
    }
    return 0;
}

static int needs_member_copy(const k_record *r)
{
    if (!r || r->is_union || !r->tag || k_record_copy_ctor(r))
        return 0;
    int need = 0;
    for (int i = 0; i < r->nfields; i++) {
        const k_field *fl = &r->fields[i];
        const k_type *ft = fl->type;
        if (i < r->nbases) {   /* a base: `B(__simtvm_other)` builds it */
            if (ft && ft->kind == TY_TEMPLATE_ID && ft->name && !fl->pack && !declares_copy_or_move(r)) {
                need = 1;   /* `: Rec<T...>`: its copy and move are known only in sema */
                continue;
            }
            if (!ft || ft->kind != TY_RECORD || !ft->rec->tag)
                return 0;   /* `: Base<T>`, known only in sema */
            need |= k_record_copy_ctor(ft->rec) != NULL;
            continue;
        }
        if (!fl->name || fl->bit_expr || !ft)
            return 0;
        if (ft->kind == TY_ARRAY && ft->base && ft->base->kind == TY_ARRAY)
            return 0;   /* an array of arrays: copied by its bytes */
        if (ft->kind == TY_ARRAY)   /* element by element (lang/mem_inits.c array_copy) */
            ft = ft->base;
        if (ft->kind == TY_RECORD && k_record_copy_ctor(ft->rec))
            need = 1;
        /* a class template's instance (std::vector<int>, std::shared_ptr<T>):
         * its copy is known only in sema, which gives this one its
         * __host__/__device__ bits or deletes it (lang/implicit_members.c) */
        if (ft->kind == TY_TEMPLATE_ID)
            need = 1;
        /* `T head;`: T may be a class with its own copy or move (a
         * std::unique_ptr), known only in an instance */
        if (fl->type->kind == TY_TPARAM && !declares_copy_or_move(r))
            need = 1;
    }
    return need;
}

/* At the '}' of a class, while it is still the class being parsed: where
 * C++'s implicit copy constructor copies a member by that member's own copy
 * constructor, write it out (host code, as the members' are), marked
 * implicit so the class keeps its aggregate initialization. */
/* __simtvm_other.name */
static k_expr *copied_member(k_parser *ps, const k_field *fl, k_loc loc)
{
    if (!fl->name)   /* a base: static_cast<const B &>(__simtvm_other) */
        return kp_base_of_other(ps, fl, 0, loc);
    k_expr *from = kp_expr_unary(ps, E_MEMBER, 0, loc, kp_ident_expr(ps, "__simtvm_other", loc));
    if (from)
        from->name = fl->name;
    return from;
}

int kp_memberwise_ctor(k_parser *ps, k_type *t, int move,
                       k_expr *(*from_member)(k_parser *, const k_field *, k_loc))
{
    k_record *r = t->rec;
    k_loc loc = r->loc;
    k_specs *sp = kp_specs_new(ps, loc);
    if (!sp)
        return 0;
    kp_specs_type(ps, sp, TYPEDEF_NAME, loc, t);
    if (!move)
        sp->quals |= Q_CONST;
    k_declarator *pd = kp_dtor_new(ps, loc, "__simtvm_other");
    if (!pd)
        return 0;
    pd->is_ref = move ? 2 : 1;
    k_list *params = kp_list_push(ps, NULL, kp_make_param(ps, sp, pd, loc));
    k_list *inits = NULL;
    for (int i = 0; i < r->nfields; i++) {
        k_expr *from = from_member(ps, &r->fields[i], loc);
        const k_type *ft = r->fields[i].type;
        const char *name = i >= r->nbases ? r->fields[i].name
                           : ft->kind == TY_RECORD ? ft->rec->tag : ft->name;
        if (!from)
            return 0;
        inits = kp_list_push(ps, inits, kp_expr_call(ps, loc, kp_ident_expr(ps, name, loc),
                                                     kp_list_push(ps, NULL, from)));
    }
    k_declarator *d = kp_ctor_dtor(ps, NULL, t, loc, params, 0);
    if (!d)
        return 0;
    kp_add_method(ps, NULL, d, 0, inits, kp_make_block(ps, loc, kp_list_new(ps)));
    return 1;
}

void kp_implicit_copy_ctor(k_parser *ps, k_type *t)
{
    k_record *r = t && t->kind == TY_RECORD ? t->rec : NULL;
    if (!needs_member_copy(r) || !kp_memberwise_ctor(ps, t, 0, copied_member))
        return;
    k_decl *f = k_record_copy_ctor(r);
    if (f)
        f->implicit_copy = 1;
}

void kp_add_untyped_def(k_parser *ps, k_declarator *d, k_stmt *body, k_loc loc, int as_function)
{
    if (kp_add_method_def(ps, NULL, d, 0, NULL, body))
        return;
    k_error(ps->ctx, d ? d->loc : loc, "type specifier missing before '%s' (K has no implicit int)",
            d && d->name ? d->name : "?");
    if (as_function)
        kp_add_function(ps, NULL, d, body);
}

/* alignas after specifiers is the declared variables'; GCC's aligned
 * attribute right after a record's body is the record's. */
k_specs *kp_specs_align(k_parser *ps, k_specs *sp, k_expr *align)
{
    if (!sp)
        return sp;
    if (align && align == ps->aligned_record && sp->defined) {
        if (!sp->defined->align_expr)
            sp->defined->align_expr = align;
        ps->aligned_record = NULL;
        return sp;
    }
    sp->align_expr = align;
    return sp;
}

k_type *kp_record_body_end(k_parser *ps, k_type *rec)
{
    kp_implicit_default_ctor(ps, rec);
    kp_implicit_copy_ctor(ps, rec);
    kp_implicit_move_ctor(ps, rec);
    kp_implicit_dtor(ps, rec);
    k_using_record_end(ps, rec);
    return k_parse_record_end(ps, rec);
}

k_expr *kp_template_name_expr(k_parser *ps, k_loc loc, const char *name)
{
    k_expr *e = kp_expr_leaf(ps, E_IDENT, loc);
    if (e) {
        e->name = name;
        if (!strstr(k_tpl_written(name), "::"))
            e->written = k_tpl_written(name);
    }
    return e;
}

k_declarator *kp_dtor_ctor_args(k_parser *ps, k_loc loc, const char *name, k_list *args)
{
    k_declarator *d = kp_dtor_new(ps, loc, name);
    if (!d)
        return NULL;
    d->is_ctor = 1;
    for (int i = 0; args && i < args->n; i++)
        kp_list_append(ps, &d->ctor_args, args->items[i]);
    return d;
}

/* ============================== one-line builders for the grammar's actions */
/* A statement of kind with its parts (NULL where it has none). */
k_stmt *kp_stmt_parts(k_parser *ps, k_stmt_kind kind, k_loc loc, k_expr *expr, k_stmt *body,
                      k_stmt *else_body)
{
    k_stmt *s = kp_stmt_new(ps, kind, loc);
    if (s) { s->expr = expr; s->body = body; s->else_body = else_body; }
    return s;
}

/* C++17's `if constexpr (cond) a else b` (sema picks the branch, lang/sema.c) */
k_stmt *kp_stmt_if_constexpr(k_parser *ps, k_loc loc, k_expr *cond, k_stmt *body,
                             k_stmt *else_body)
{
    k_stmt *s = kp_stmt_parts(ps, S_IF, loc, cond, body, else_body);
    if (s)
        s->is_constexpr = 1;
    return s;
}

/* `for (init cond; step) body` */
k_stmt *kp_stmt_for(k_parser *ps, k_loc loc, k_stmt *init, k_expr *cond, k_expr *step,
                    k_stmt *body)
{
    k_stmt *s = kp_stmt_new(ps, S_FOR, loc);
    if (s) { s->init = init; s->expr = cond; s->step = step; s->body = body; }
    return s;
}

/* `for (T x : range) body`: init declares x */
k_stmt *kp_stmt_range_for(k_parser *ps, k_loc loc, k_specs *sp, k_declarator *d, k_expr *range,
                          k_stmt *body)
{
    k_stmt *s = kp_stmt_new(ps, S_FOR, loc);
    k_list *one = kp_list_push(ps, NULL, d);
    if (s) { s->init = kp_make_decl_stmt(ps, sp->loc, sp, one); s->range = range; s->body = body; }
    return s;
}

/* A for loop's `e;` init: NULL when there is no e. */
k_stmt *kp_stmt_for_init(k_parser *ps, k_loc loc, k_expr *e)
{
    k_stmt *s = NULL;
    if (e && (s = kp_stmt_new(ps, S_EXPR, loc)))
        s->expr = e;
    return s;
}

/* `asm(...)`: its K statements, or an empty statement after an error. */
k_stmt *kp_stmt_asm(k_parser *ps, k_loc loc, k_expr *tmpl, k_list *sections)
{
    k_stmt *s = k_parse_asm(ps->ctx, loc, tmpl, sections ? sections->items : NULL,
                            sections ? sections->n : 0);
    if (!s)
        s = kp_stmt_new(ps, S_EMPTY, loc);
    return s;
}

/* `offsetof(T, m)`, `__is_class(T)`: a leaf of kind naming type t and name. */
k_expr *kp_expr_type_name(k_parser *ps, k_expr_kind kind, k_loc loc, k_type *t, const char *name)
{
    k_expr *e = kp_expr_leaf(ps, kind, loc);
    if (e) { e->type_written = t; e->name = name; }
    return e;
}

/* `obj.name` (for `p->name`, obj is kp_expr_arrow's `*p`). */
k_expr *kp_expr_member(k_parser *ps, k_loc loc, k_expr *obj, const char *name)
{
    k_expr *e = kp_expr_unary(ps, E_MEMBER, 0, loc, obj);
    if (e) e->name = name;
    return e;
}

/* Specifiers of just the type keyword token or the type named t. */
k_specs *kp_specs_of(k_parser *ps, k_loc loc, int token, k_type *t)
{
    return kp_specs_type(ps, kp_specs_new(ps, loc), token, loc, t);
}

/* The abstract declarator `* &` (is_ref 1) or `* &&` (2) after pointers ptrs. */
k_declarator *kp_dtor_ref(k_parser *ps, k_list *ptrs, k_loc loc, int is_ref)
{
    k_declarator *d = kp_dtor_pointer(ps, ptrs, kp_dtor_new(ps, loc, NULL));
    if (d) d->is_ref = is_ref;
    return d;
}
