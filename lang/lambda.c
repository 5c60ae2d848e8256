/* lang/lambda.c -- C++ lambdas, in host and device code.
 *
 * A lambda becomes a function of its own (added to the unit) whose last,
 * hidden parameter points at the lambda's object: one slot per captured
 * variable, holding its address (`&` captures) or a copy of its value taken
 * where the lambda is written (`=` captures, init-captures `[n = e]`).  Inside
 * the body an E_IDENT of a captured variable gets `capture` (1 + its index)
 * and names a stand-in declaration with no storage (const unless the lambda
 * is `mutable`), so lowering reads it through the object.  A variable of the
 * lambda's type (TY_CLOSURE, from `auto f = [...]...`) is called with its
 * address as the hidden argument; a parameter of that type (a template's
 * `F f`) is passed by const reference, which is the same as by value for a
 * lambda whose captures cannot change.
 *
 * A generic lambda (`auto`, `auto &`, `const auto &`, `auto &&` parameters) is a
 * template: its body is copied and checked at each call with a new list of
 * argument types, in the scope the lambda was written in (kept in its
 * k_lambda_info), as if there; an instance may capture more, so the object's
 * layout is redone after each, and lowering, which runs after every call has
 * been checked, builds the object with all of them.
 *
 * A lambda inside a lambda captures through its parent: a variable outside
 * both is captured by the parent too, and the inner object is built from
 * the parent's capture (k_lambda_info's parent, parent_outer, written).  In
 * a member function `this` is a captured variable like any other (always
 * by copy); `[*this]` copies the object and `this` is that copy's address.
 * A lambda expression (or a call returning one) may be called where it
 * stands.  `[=] __device__ (...)` (nvcc's extended lambda) runs where
 * written; a kernel's parameter of its type is the object, passed by value.
 */
#include <stdio.h>
#include <string.h>

#include "sema.h"
#include "templates.h"

k_type *k_ref_to_const(k_ctx *ctx, k_type *t)
{
    k_type *base = k_alloc(ctx, sizeof *base);
    *base = *t;
    base->quals |= Q_CONST;
    k_type *r = k_type_new(ctx, TY_REF);
    r->base = base;
    return r;
}

static k_lambda_info *info_of(const k_expr *lambda)
{
    return lambda->sema_ext;
}

static k_capture *new_capture(k_sema_state *s, k_lambda_info *li)
{
    if (li->n == li->cap) {
        int cap = li->cap ? li->cap * 2 : 4;
        k_capture *nc = k_alloc(s->ctx, sizeof *nc * (size_t)cap);
        if (li->n)
            memcpy(nc, li->caps, sizeof *nc * (size_t)li->n);
        li->caps = nc;
        li->cap = cap;
    }
    k_capture *c = &li->caps[li->n];
    memset(c, 0, sizeof *c);
    return c;
}

/* What the lambda's body names instead of a capture of type vt: a copy
 * (const unless the lambda is mutable) or, by reference, the variable. */
static k_decl *capture_copy(k_sema_state *s, k_lambda_info *li, k_decl *d, k_type *vt,
                            int byref)
{
    k_decl *copy = k_decl_new(s->ctx, D_VAR, d->loc, d->name);
    copy->type = k_alloc(s->ctx, sizeof *copy->type);
    *copy->type = *vt;
    if (!byref && !li->is_mutable)
        copy->type->quals |= Q_CONST;
    return copy;
}

static int is_this(const k_decl *d)
{
    return d->kind == D_PARAM && d->name && strcmp(d->name, "this") == 0;
}

/* An E_IDENT naming d where a lambda is written (typed, no sema). */
static k_expr *ident_of(k_sema_state *s, k_decl *d, k_loc loc)
{
    k_expr *e = k_expr_new(s->ctx, E_IDENT, loc);
    e->name = d->name;
    e->decl = d;
    e->type = d->type->kind == TY_REF ? d->type->base : d->type;
    e->is_lvalue = 1;
    return e;
}

/* In a lambda inside another: src, an E_IDENT of d written in the
 * parent's body, read through the parent's own capture of d when d lies
 * outside the parent too (C++ captures it there, implicitly or by the
 * parent's default; without one, the error is the parent's). */
static void layout(k_lambda_info *li, k_type *closure);

static void through_parent(k_sema_state *s, k_lambda_info *li, k_expr *src, k_decl *d)
{
    if (!li->parent)
        return;
    k_expr *lambda = s->lambda;
    k_scope *outer = s->lambda_outer, *scope = s->scope;
    s->lambda = li->parent;
    s->lambda_outer = li->parent_outer;
    s->scope = li->written;
    k_sema_capture(s, src, d);
    k_lambda_info *parent = info_of(li->parent);
    layout(parent, parent->closure);   /* a generic lambda's instance may capture late */
    s->lambda = lambda;
    s->lambda_outer = outer;
    s->scope = scope;
}

/* The capture of d in the lambda being checked: its index, or -1 (added
 * when the default or the explicit list allows it; loc is the use's). */
static int find_capture(k_sema_state *s, k_lambda_info *li, k_decl *d, int byref, int add,
                        k_loc loc)
{
    for (int i = 0; i < li->n; i++)
        if (li->caps[i].var == d && !li->caps[i].star_this)
            return i;
    if (!add)
        return -1;
    if (is_this(d))
        byref = 0;   /* `[&]` captures the pointer `this` by copy too */
    k_expr *src = ident_of(s, d, loc);
    through_parent(s, li, src, d);
    if (src->kind == E_IDENT && src->capture < 0)
        return -2;   /* the parent could not capture it: reported */
    k_capture *c = new_capture(s, li);
    c->var = d;
    c->byref = byref;
    k_type *vt = is_this(d) ? src->type : d->type->kind == TY_REF ? d->type->base : d->type;
    c->copy = capture_copy(s, li, d, vt, byref);
    c->src = src;
    if (byref)
        d->address_taken = 1;
    return li->n++;
}

/* `[*this]`: a copy of the object (const unless the lambda is mutable);
 * `this` in the body is its address. */
static void capture_star_this(k_sema_state *s, k_lambda_info *li, k_decl *self, k_loc loc)
{
    k_expr *ptr = ident_of(s, self, loc);
    through_parent(s, li, ptr, self);
    if (!ptr->type || ptr->type->kind != TY_PTR)
        return;
    k_expr *obj = k_expr_new(s->ctx, E_UNARY, loc);
    obj->op = KU_DEREF;
    obj->lhs = ptr;
    obj->type = ptr->type->base;
    obj->is_lvalue = 1;
    k_capture *c = new_capture(s, li);
    c->var = self;
    c->star_this = 1;
    c->copy = capture_copy(s, li, self, obj->type, 0);
    c->copy->type->quals &= ~(unsigned)Q_VOLATILE;
    if (!li->is_mutable)
        c->copy->type->quals |= Q_CONST;
    c->src = obj;
    li->n++;
}

/* An init-capture `[n = e]` or `[&r = v]`: a variable n, declared for the
 * body only (lang/lambda.c's scope between the body and the enclosing
 * function), whose copy or reference the object holds. */
static int init_capture(k_sema_state *s, k_lambda_info *li, k_expr *c)
{
    k_type *t = k_sema_rvalue(s, c->lhs);
    if (!t)
        return 0;
    if (c->op == 1 && !c->lhs->is_lvalue) {
        k_error(s->ctx, c->lhs->loc, "the init-capture '&%s' needs a variable (an lvalue)"
                " to refer to", c->name);
        return 0;
    }
    t = k_decay(s->ctx, t);
    k_decl *d = k_decl_new(s->ctx, D_VAR, c->loc, c->name);
    d->type = t;
    d->builtin = -1;
    k_capture *cap = new_capture(s, li);
    cap->var = d;
    cap->byref = c->op == 1;
    cap->copy = capture_copy(s, li, d, t, cap->byref);
    if (!cap->byref)
        cap->copy->type->quals &= ~(unsigned)Q_VOLATILE;
    cap->src = c->lhs;
    cap->init = 1;
    if (cap->byref && c->lhs->kind == E_IDENT && c->lhs->decl)
        c->lhs->decl->address_taken = 1;
    li->n++;
    return 1;
}

/* Is d a local of a function around the lambda written in scope `from`
 * (declared outside the scopes up to `outer`, where it is written)? */
static int local_outside(const k_decl *d, k_scope *from, const k_scope *outer)
{
    if (d->is_global_scope || (d->storage & (ST_STATIC | ST_SHARED | ST_EXTERN)) ||
        d->builtin >= 0)
        return 0;
    for (k_scope *sc = from; sc && sc != outer; sc = sc->up)
        for (int i = 0; i < sc->n; i++)
            if (sc->decls[i] == d)
                return 0;
    return 1;
}

/* Is d a local of the function around the lambda (not the lambda's own)? */
static int outer_local(k_sema_state *s, const k_decl *d)
{
    return local_outside(d, s->scope, s->lambda_outer);
}

/* Is d declared after the lambda (seen by a generic lambda's instance,
 * checked at a later call, but not by the lambda)? */
static int declared_after(const k_decl *d, const k_expr *lambda)
{
    return d->loc.line > lambda->loc.line ||
           (d->loc.line == lambda->loc.line && d->loc.col > lambda->loc.col);
}

/* e names capture i of li: its copy in the closure.  Returns 1. */
static int bind_capture(k_expr *e, const k_lambda_info *li, int i, int lvalue)
{
    e->capture = i + 1;
    e->decl = li->caps[i].copy;
    e->is_lvalue = lvalue;
    e->type = li->caps[i].copy->type;
    return 1;
}

/* e, naming `this` in a lambda's body: the capture of the pointer, or
 * the address of the `[*this]` copy. */
static int capture_this(k_sema_state *s, k_lambda_info *li, k_expr *e, k_decl *d)
{
    for (int i = 0; i < li->n; i++)
        if (li->caps[i].star_this) {
            k_expr *copy = k_expr_new(s->ctx, E_IDENT, e->loc);
            copy->name = "this";
            copy->capture = i + 1;
            copy->decl = li->caps[i].copy;
            copy->type = copy->decl->type;
            copy->is_lvalue = 1;
            e->kind = E_UNARY;
            e->op = KU_ADDR;
            e->lhs = copy;
            e->name = NULL;
            e->is_lvalue = 0;
            e->type = k_type_ptr(s->ctx, copy->type);
            return 1;
        }
    int i = find_capture(s, li, d, 0, li->dflt != 0, e->loc);
    if (i == -2) {
        e->capture = -1;
        return 1;
    }
    if (i < 0) {
        k_error(s->ctx, e->loc, "'this' was not captured for this lambda function");
        k_help(s->ctx, "capture it: [this], [=] or [&] (or [*this] for a copy of the object)");
        e->capture = -1;
        return 1;
    }
    return bind_capture(e, li, i, 0);   /* `this` is a prvalue */
}

/* d, a local integer constant with a constant initializer (`const int TM =
 * 8;`, `constexpr int N = 4;`): the value, or NULL. */
static const k_expr *constant_init(const k_decl *d)
{
    const k_type *t = d->type;
    if (d->kind != D_VAR || !t || !k_ty_is_integer(t) || !(t->quals & Q_CONST) ||
        (t->quals & Q_VOLATILE) || !d->init || !d->init->is_const || d->init->kind == E_INIT_LIST)
        return NULL;
    return d->init;
}

/* e names the constant d outside the lambda: reading it is not an odr-use
 * in C++, so it needs no capture (a template argument `k<TM><<<g, b>>>()`,
 * an array bound, any value).  e is its value, not an lvalue: taking its
 * address would need a capture, written explicitly (`[&TM]`). */
static int constant_use(k_sema_state *s, k_lambda_info *li, k_expr *e, k_decl *d)
{
    const k_expr *init = constant_init(d);
    int i = find_capture(s, li, d, 0, 0, e->loc);
    if (i >= 0)
        bind_capture(e, li, i, 1);   /* written in the capture list: its copy */
    else {
        e->decl = d;
        e->type = d->type;
        e->is_lvalue = 0;
        e->capture = 0;
    }
    e->is_const = 1;
    e->const_val = k_kind_wrap(e->type->kind, init->const_val);
    return 1;
}

/* `&N` in a lambda's body, N an outer constant read without a capture
 * (constant_use): taking its address is an odr-use, so N is captured now by
 * the lambda's default `[&]`/`[=]`; without one (or inside a lambda nested in
 * another) it is one error.  Returns 1 when e names the capture, 0 when
 * reported, -1 when e is no such constant. */
int k_sema_constant_address(k_sema_state *s, k_expr *e)
{
    if (!s->lambda || e->kind != E_IDENT || e->capture != 0 || !e->decl ||
        !constant_init(e->decl) || !outer_local(s, e->decl))
        return -1;
    k_lambda_info *li = info_of(s->lambda);
    if (li->dflt && !li->parent) {
        int i = find_capture(s, li, e->decl, li->dflt == '&', 1, e->loc);
        if (i >= 0)
            return bind_capture(e, li, i, 1);
    }
    k_error(s->ctx, e->loc, "taking the address of '%s' needs it captured (the lambda may read"
            " its value without a capture, not its address)", e->decl->name);
    k_help(s->ctx, "capture it explicitly: [&%s] or [%s]", e->decl->name, e->decl->name);
    return 0;
}

int k_sema_capture(k_sema_state *s, k_expr *e, k_decl *d)
{
    if (!outer_local(s, d))
        return 0;
    k_lambda_info *li = info_of(s->lambda);
    if (is_this(d))
        return capture_this(s, li, e, d);
    if (constant_init(d))
        return constant_use(s, li, e, d);
    if (li->generic && declared_after(d, s->lambda) && find_capture(s, li, d, 0, 0, e->loc) < 0) {
        k_error(s->ctx, e->loc, "use of '%s', declared after the lambda", d->name);
        e->capture = -1;
        return 1;
    }
    int i = find_capture(s, li, d, li->dflt == '&', li->dflt != 0, e->loc);
    if (i < 0) {
        if (i == -1)   /* else the parent lambda reported it */
            k_error(s->ctx, e->loc, "variable '%s' cannot be implicitly captured in a lambda"
                    " with no capture-default", d->name);
        e->capture = -1;
        return 1;
    }
    return bind_capture(e, li, i, 1);
}

int k_sema_lambda_this_const(const k_sema_state *s)
{
    for (const k_expr *l = s->lambda; l; l = info_of(l)->parent) {
        const k_lambda_info *li = info_of(l);
        for (int i = 0; i < li->n; i++)
            if (li->caps[i].star_this)   /* a const member function's copy stays const */
                return (li->caps[i].copy->type->quals & Q_CONST) != 0;
    }
    return -1;
}

/* The member function a lambda is written in (for its members and
 * `this`), or the member function being checked. */
k_decl *k_sema_method(const k_sema_state *s)
{
    if (s->fn && s->fn->method_of)
        return s->fn;
    return s->lambda ? info_of(s->lambda)->method : NULL;
}

/* `[this]` or `[*this]` (op 2) in a capture list. */
static int this_capture(k_sema_state *s, k_lambda_info *li, k_expr *c)
{
    if (strcmp(c->name, "this") != 0) {   /* `[*x]` */
        k_error(s->ctx, c->loc, "expected 'this' after '*' in a capture list");
        return 0;
    }
    if (c->op == 1) {
        k_error(s->ctx, c->loc, "'this' cannot be captured by reference");
        return 0;
    }
    k_decl *d = k_sema_lookup(s, "this");
    if (!d || !is_this(d) || !k_sema_method(s)) {
        k_error(s->ctx, c->loc, "invalid use of 'this' in non-member function");
        return 0;
    }
    for (int i = 0; i < li->n; i++)
        if (is_this(li->caps[i].var)) {
            k_error(s->ctx, c->loc, "'this' can appear only once in a capture list");
            return 0;
        }
    if (c->op == 2)
        capture_star_this(s, li, d, c->loc);
    else if (find_capture(s, li, d, 0, 1, c->loc) < 0)
        return 0;
    return 1;
}

/* The explicit captures and the default of e's capture list. */
static int read_captures(k_sema_state *s, k_expr *e, k_lambda_info *li)
{
    for (int i = 0; i < e->nargs; i++) {
        k_expr *c = e->args[i];
        if (c->kind == E_INT) {
            li->dflt = (int)c->ival;
            continue;
        }
        if (c->kind == E_PACK_EXPAND) {   /* `[xs...]` that instantiation did not expand */
            k_error(s->ctx, c->loc, "'...' expands no parameter pack here");
            return 0;
        }
        if (c->lhs) {
            if (!init_capture(s, li, c))
                return 0;
            continue;
        }
        if (strcmp(c->name, "this") == 0 || c->op == 2) {
            if (!this_capture(s, li, c))
                return 0;
            continue;
        }
        k_decl *d = k_sema_lookup(s, c->name);
        if (!d || d->kind == D_FUNC || d->is_global_scope ||
            (d->storage & (ST_STATIC | ST_SHARED | ST_EXTERN))) {
            k_error(s->ctx, c->loc, "'%s' in capture list does not name a local variable",
                    c->name);
            return 0;
        }
        if (find_capture(s, li, d, c->op == 1, 1, c->loc) < 0)
            return 0;
    }
    return 1;
}

/* The hidden last parameter: a pointer to the lambda's object. */
static void add_object_param(k_sema_state *s, k_decl *f, k_type *closure)
{
    k_decl **params = k_alloc(s->ctx, sizeof *params * (size_t)(f->nparams + 1));
    if (f->nparams)
        memcpy(params, f->params, sizeof *params * (size_t)f->nparams);
    k_decl *p = k_decl_new(s->ctx, D_PARAM, f->loc, "lambda.object");
    p->type = k_type_ptr(s->ctx, closure);
    params[f->nparams++] = p;
    f->params = params;
}

static void layout(k_lambda_info *li, k_type *closure)
{
    uint32_t off = 0;
    for (int i = 0; i < li->n; i++) {
        k_capture *c = &li->caps[i];
        int64_t size = c->byref ? 8 : k_ty_size(c->copy->type);
        int align = c->byref ? 8 : k_ty_align(c->copy->type);
        off = (off + (uint32_t)align - 1) & ~((uint32_t)align - 1);
        c->off = off;
        off += (uint32_t)(size > 0 ? size : 0);
    }
    closure->closure_size = (off + 7) & ~7u;
}

/* A function sema made (a lambda's, a variadic function's instance): added
 * to the unit at the end. */
void k_sema_add_lifted(k_sema_state *s, k_decl *f)
{
    if (s->nlifted == s->lifted_cap) {
        int cap = s->lifted_cap ? s->lifted_cap * 2 : 4;
        k_decl **nl = k_alloc(s->ctx, sizeof *nl * (size_t)cap);
        if (s->nlifted)
            memcpy(nl, s->lifted, sizeof *nl * (size_t)s->nlifted);
        s->lifted = nl;
        s->lifted_cap = cap;
    }
    s->lifted[s->nlifted++] = f;
}

/* Is a parameter's type `auto`, `auto &` or `const auto &` (a generic
 * lambda's)? */
static int auto_param(const k_type *t)
{
    if (t && t->kind == TY_REF)
        t = t->base;
    return t && t->kind == TY_AUTO && t->decltype_kind != K_DT_AUTO;
}

/* Where a lambda's function runs: where the function it is written in runs
 * (a kernel's: on the device; a __host__ __device__ function's: on both). */
static void set_space(k_sema_state *s, k_decl *f)
{
    unsigned written = f->storage & (ST_HOST | ST_DEVICE);
    f->storage &= ~(unsigned)(ST_HOST | ST_DEVICE | ST_GLOBAL);
    if (written) {   /* an extended lambda (`[=] __device__ (int i) {...}`): where written */
        f->storage |= written;
        return;
    }
    if (s->fn_kind & (FN_DEVICE | FN_KERNEL))
        f->storage |= ST_DEVICE;
    if (s->fn_kind & FN_HOST)
        f->storage |= ST_HOST;
}

/* The scope the lambda's body sees: the one it is written in, with its
 * init-captures' variables declared on top (as outer variables, so the
 * body's uses of them read the object). */
static k_scope *init_scope(k_sema_state *s, k_lambda_info *li)
{
    int n = 0;
    for (int i = 0; i < li->n; i++)
        n += li->caps[i].init;
    if (!n)
        return s->scope;
    k_scope *sc = k_alloc(s->ctx, sizeof *sc);
    sc->decls = k_alloc(s->ctx, sizeof *sc->decls * (size_t)n);
    sc->cap = n;
    for (int i = 0; i < li->n; i++)
        if (li->caps[i].init)
            sc->decls[sc->n++] = li->caps[i].var;
    sc->up = s->scope;
    sc->uses_mark = s->nuses;
    return sc;
}

/* An extended lambda (`[=] __device__ (...)`) written in host code: its
 * object is copied to the device, where a host variable's address means
 * nothing, so, as nvcc, it may capture nothing by reference. */
static int check_extended(k_sema_state *s, k_expr *e, k_lambda_info *li)
{
    if (!(li->fn->storage & ST_DEVICE) || (li->outer_kind & (FN_DEVICE | FN_KERNEL)))
        return 1;
    for (int i = 0; i < li->n; i++)
        if (li->caps[i].byref) {
            k_error(s->ctx, e->loc, "an extended __device__ lambda cannot capture variables by"
                    " reference ('%s')", li->caps[i].var->name);
            return 0;
        }
    return 1;
}

/* Checks f, a lambda's function (or one instance of a generic lambda's),
 * in the scope the lambda was written in; 1 when it had no errors. */
static int check_lambda_fn(k_sema_state *s, k_expr *e, k_decl *f)
{
    k_expr *outer_lambda = s->lambda;
    k_scope *outer_scope = s->lambda_outer, *scope = s->scope;
    s->scope = init_scope(s, info_of(e));
    s->lambda = e;
    s->lambda_outer = s->scope;
    int errors = s->ctx->nerrors;
    k_sema_lambda_body(s, f);
    s->lambda = outer_lambda;
    s->lambda_outer = outer_scope;
    s->scope = scope;
    return s->ctx->nerrors == errors;
}

k_type *k_sema_lambda(k_sema_state *s, k_expr *e)
{
    if (!s->fn) {
        k_error(s->ctx, e->loc, "a lambda outside a function is not supported");
        return NULL;
    }
    k_lambda_info *li = k_alloc(s->ctx, sizeof *li);
    e->sema_ext = li;
    li->failed = 1;   /* until its body is checked */
    li->is_mutable = e->op == 'm';
    li->parent = s->lambda;
    li->parent_outer = s->lambda_outer;
    li->written = s->scope;
    li->method = k_sema_method(s);
    li->outer_kind = s->fn_kind;
    if (!read_captures(s, e, li))
        return NULL;
    k_decl *f = e->lambda;
    for (int i = 0; i < f->nparams; i++)
        if (auto_param(f->params[i]->type))
            li->generic = 1;
    char name[160];
    snprintf(name, sizeof name, "%s.lambda@%u:%u", s->fn->name, e->loc.line, e->loc.col);
    f->name = k_strndup(s->ctx, name, strlen(name));
    li->fn = f;
    set_space(s, f);
    k_type *closure = k_type_new(s->ctx, TY_CLOSURE);
    closure->lambda = e;
    li->closure = closure;
    e->type = closure;
    if (li->generic) {   /* checked at each call, with its arguments' types */
        li->scope = s->scope;
        li->outer_fn = s->fn;
        li->outer_kind = s->fn_kind;
        li->outer_ns = s->ns;
        li->failed = 0;
        layout(li, closure);
        return closure;
    }
    add_object_param(s, f, closure);
    li->failed = !check_lambda_fn(s, e, f) || !check_extended(s, e, li);
    layout(li, closure);
    k_sema_add_lifted(s, f);
    return closure;
}

/* One instance of a generic lambda's call operator. */
typedef struct k_lambda_inst {
    k_type **ptypes;          /* its parameters' types (a generic one's deduced) */
    k_decl *fn;
    int failed;
} k_lambda_inst;

/* `auto &&` is a forwarding reference, as `T &&` is in a template: an
 * lvalue argument (not an xvalue) makes it `U &` (keeping the argument's
 * const), an rvalue or xvalue `U &&`. */
static k_type *forwarding_param(k_sema_state *s, const k_expr *arg, k_type *at)
{
    k_type *r = k_type_new(s->ctx, TY_REF);
    r->base = at->kind == TY_REF ? at->base : at;
    r->rvalue_ref = !arg->is_lvalue || arg->is_xvalue;
    return r;
}

/* The type an `auto` parameter takes from argument arg of type at: `auto`
 * its decayed, unqualified value; `auto &` and `const auto &` a reference
 * to it (with the const added); `auto &&` a forwarding reference. */
static k_type *deduce_param(k_sema_state *s, const k_type *pt, const k_expr *arg, k_type *at)
{
    if (pt->kind == TY_REF && pt->rvalue_ref && !pt->base->quals)
        return forwarding_param(s, arg, at);
    k_type *t = k_alloc(s->ctx, sizeof *t);
    *t = *k_decay(s->ctx, at);
    if (pt->kind == TY_AUTO) {
        t->quals &= ~(unsigned)(Q_CONST | Q_VOLATILE);
        return t;
    }
    t->quals |= pt->base->quals;
    k_type *r = k_type_new(s->ctx, TY_REF);
    r->base = t;
    return r;
}

static k_lambda_inst *find_inst(k_lambda_info *li, k_type **pt, int n)
{
    for (int i = 0; i < li->ninsts; i++) {
        int same = 1;
        for (int j = 0; j < n && same; j++)
            same = k_ty_same(li->insts[i].ptypes[j], pt[j]);
        if (same)
            return &li->insts[i];
    }
    return NULL;
}

static k_lambda_inst *add_inst(k_sema_state *s, k_lambda_info *li)
{
    if (li->ninsts == li->insts_cap) {
        int cap = li->insts_cap ? li->insts_cap * 2 : 4;
        k_lambda_inst *ni = k_alloc(s->ctx, sizeof *ni * (size_t)cap);
        if (li->ninsts)
            memcpy(ni, li->insts, sizeof *ni * (size_t)li->ninsts);
        li->insts = ni;
        li->insts_cap = cap;
    }
    k_lambda_inst *in = &li->insts[li->ninsts++];
    memset(in, 0, sizeof *in);
    return in;
}

/* Checks a copy of the generic lambda's function with parameter types pt,
 * as if where the lambda is written: its scope, its enclosing function. */
static void instantiate(k_sema_state *s, k_expr *lam, k_lambda_info *li, k_lambda_inst *in)
{
    k_decl *f = k_clone_func(s->ctx, li->fn, NULL);
    for (int i = 0; i < f->nparams; i++)
        f->params[i]->type = in->ptypes[i];
    char name[200];
    snprintf(name, sizeof name, "%s#%d", li->fn->name, li->ninsts);
    f->name = k_strndup(s->ctx, name, strlen(name));
    add_object_param(s, f, li->closure);
    in->fn = f;   /* a call of itself in its body (`self(self, n - 1)`) finds it */
    k_sema_state saved = *s;
    s->scope = li->scope;
    s->fn = li->outer_fn;
    s->fn_kind = li->outer_kind;
    s->ns = li->outer_ns;
    s->class_scope = NULL;
    s->static_init = NULL;
    in->failed = !check_lambda_fn(s, lam, f) || !check_extended(s, lam, li);
    s->scope = saved.scope;
    s->fn = saved.fn;
    s->fn_kind = saved.fn_kind;
    s->ns = saved.ns;
    s->class_scope = saved.class_scope;
    s->static_init = saved.static_init;
    s->nuses = saved.nuses;
    layout(li, li->closure);   /* its body may have captured more */
    k_sema_add_lifted(s, f);
}

/* The function of generic lambda lam that call e (its arguments, without
 * the object) calls, or NULL after an error. */
static k_decl *generic_call(k_sema_state *s, k_expr *e, k_expr *lam, k_lambda_info *li)
{
    k_decl *f = li->fn;
    if (e->nargs != f->nparams) {
        k_error(s->ctx, e->loc, "too %s arguments to a lambda: it takes %d, %d given",
                e->nargs < f->nparams ? "few" : "many", f->nparams, e->nargs);
        return NULL;
    }
    k_type **pt = k_alloc(s->ctx, sizeof *pt * (size_t)(f->nparams + 1));
    for (int i = 0; i < f->nparams; i++) {
        k_type *at = k_sema_rvalue(s, e->args[i]);
        if (!at)
            return NULL;
        pt[i] = auto_param(f->params[i]->type) ? deduce_param(s, f->params[i]->type, e->args[i], at)
                                                : f->params[i]->type;
    }
    k_lambda_inst *in = find_inst(li, pt, f->nparams);
    if (!in) {
        in = add_inst(s, li);
        in->ptypes = pt;
        instantiate(s, lam, li, in);
        if (in->failed)
            k_note(s->ctx, e->loc, "in the generic lambda's body for this call's argument"
                   " types");
    }
    return in->failed ? NULL : in->fn;
}

/* `f(args)` for a variable f holding a lambda: its function, with f's
 * address as the hidden last argument. */
int k_sema_call_closure(k_sema_state *s, k_expr *e, k_decl *var)
{
    k_type *t = var->type->kind == TY_REF ? var->type->base : var->type;
    k_lambda_info *li = t->lambda ? info_of(t->lambda) : NULL;
    if (!li || !li->fn || li->failed)
        return 0;   /* the lambda's errors were reported */
    k_decl *fn = li->generic ? generic_call(s, e, t->lambda, li) : li->fn;
    if (!fn)
        return 0;
    k_expr *obj = k_expr_new(s->ctx, E_IDENT, e->loc);
    obj->name = e->name;
    k_expr *addr = k_expr_new(s->ctx, E_UNARY, e->loc);
    addr->op = KU_ADDR;
    addr->lhs = obj;
    k_expr **args = k_alloc(s->ctx, sizeof *args * (size_t)(e->nargs + 1));
    if (e->nargs)
        memcpy(args, e->args, sizeof *args * (size_t)e->nargs);
    args[e->nargs++] = addr;
    e->args = args;
    e->decl = fn;
    return 1;
}

/* `c(args)` with c an expression of a lambda's type that names no
 * variable (`[](int z) { ... }(21)`, `make(2)(3)`): its function, with the
 * object's address (a slot, as a class rvalue's) as the hidden argument. */
k_type *k_sema_call_closure_expr(k_sema_state *s, k_expr *e)
{
    k_expr *c = e->lhs;
    k_lambda_info *li = c->type->lambda ? info_of(c->type->lambda) : NULL;
    if (!li || !li->fn || li->failed)
        return NULL;   /* the lambda's errors were reported */
    k_decl *fn = li->generic ? generic_call(s, e, c->type->lambda, li) : li->fn;
    if (!fn)
        return NULL;
    k_expr *addr = k_expr_new(s->ctx, E_UNARY, c->loc);
    addr->op = KU_ADDR;
    addr->lhs = c;
    addr->type = k_type_ptr(s->ctx, c->type);
    k_expr **args = k_alloc(s->ctx, sizeof *args * (size_t)(e->nargs + 1));
    if (e->nargs)
        memcpy(args, e->args, sizeof *args * (size_t)e->nargs);
    args[e->nargs++] = addr;
    e->args = args;
    e->lhs = NULL;
    return k_sema_finish_call(s, e, fn);
}

void k_sema_add_lambdas(k_sema_state *s, k_unit *unit)
{
    if (!s->nlifted || !unit)
        return;
    k_decl **all = k_alloc(s->ctx, sizeof *all * (size_t)(unit->ndecls + s->nlifted));
    if (unit->ndecls)
        memcpy(all, unit->decls, sizeof *all * (size_t)unit->ndecls);
    memcpy(all + unit->ndecls, s->lifted, sizeof *all * (size_t)s->nlifted);
    unit->decls = all;
    unit->ndecls += s->nlifted;
}
