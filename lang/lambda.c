/* lang/lambda.c -- C++ lambdas in host code.
 *
 * A lambda becomes a function of its own (added to the unit) whose last,
 * hidden parameter points at the lambda's object: one slot per captured
 * variable, holding its address (`&` captures) or a copy of its value taken
 * where the lambda is written (`=` captures).  Inside the body an E_IDENT of
 * a captured variable gets `capture` (1 + its index) and names a stand-in
 * declaration with no storage, so lowering reads it through the object.  A
 * variable of the lambda's type (TY_CLOSURE, from `auto f = [...]...`) is
 * called with its address as the hidden argument; a parameter of that type
 * (a template's `F f`) is passed by const reference, which is the same as by
 * value for a lambda whose captures cannot change.
 *
 * Not built (located errors): lambdas in device code, a lambda inside a
 * lambda, `mutable`, init-captures, generic (`auto`) parameters, calling a
 * lambda expression directly.
 */
#include <stdio.h>
#include <string.h>

#include "sema.h"

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

/* The capture of d in the lambda being checked: its index, or -1 (added
 * when the default or the explicit list allows it). */
static int find_capture(k_sema_state *s, k_lambda_info *li, k_decl *d, int byref, int add)
{
    for (int i = 0; i < li->n; i++)
        if (li->caps[i].var == d)
            return i;
    if (!add)
        return -1;
    if (li->n == li->cap) {
        int cap = li->cap ? li->cap * 2 : 4;
        k_capture *nc = k_alloc(s->ctx, sizeof *nc * (size_t)cap);
        if (li->n)
            memcpy(nc, li->caps, sizeof *nc * (size_t)li->n);
        li->caps = nc;
        li->cap = cap;
    }
    k_capture *c = &li->caps[li->n];
    c->var = d;
    c->byref = byref;
    k_type *vt = d->type->kind == TY_REF ? d->type->base : d->type;
    c->copy = k_decl_new(s->ctx, D_VAR, d->loc, d->name);
    c->copy->type = k_alloc(s->ctx, sizeof *c->copy->type);
    *c->copy->type = *vt;
    if (!byref)   /* a copy in a lambda that is not mutable */
        c->copy->type->quals |= Q_CONST;
    c->src = k_expr_new(s->ctx, E_IDENT, d->loc);
    c->src->name = d->name;
    c->src->decl = d;
    c->src->type = vt;
    c->src->is_lvalue = 1;
    if (byref)
        d->address_taken = 1;
    return li->n++;
}

/* Is d a local of the function around the lambda (not the lambda's own)? */
static int outer_local(k_sema_state *s, const k_decl *d)
{
    if (d->is_global_scope || (d->storage & (ST_STATIC | ST_SHARED | ST_EXTERN)) ||
        d->builtin >= 0)
        return 0;
    for (k_scope *sc = s->scope; sc && sc != s->lambda_outer; sc = sc->up)
        for (int i = 0; i < sc->n; i++)
            if (sc->decls[i] == d)
                return 0;
    return 1;
}

int k_sema_capture(k_sema_state *s, k_expr *e, k_decl *d)
{
    if (!outer_local(s, d))
        return 0;
    k_lambda_info *li = info_of(s->lambda);
    int i = find_capture(s, li, d, li->dflt == '&', li->dflt != 0);
    if (i < 0) {
        k_error(s->ctx, e->loc, "variable '%s' cannot be implicitly captured in a lambda"
                " with no capture-default", d->name);
        e->capture = -1;
        return 1;
    }
    e->capture = i + 1;
    e->decl = li->caps[i].copy;
    e->is_lvalue = 1;
    e->type = li->caps[i].copy->type;
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
        k_decl *d = k_sema_lookup(s, c->name);
        if (!d || d->kind == D_FUNC || d->is_global_scope ||
            (d->storage & (ST_STATIC | ST_SHARED | ST_EXTERN))) {
            k_error(s->ctx, c->loc, "'%s' in capture list does not name a local variable",
                    c->name);
            return 0;
        }
        find_capture(s, li, d, c->op == 1, 1);
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

k_type *k_sema_lambda(k_sema_state *s, k_expr *e)
{
    if (s->lambda || !s->fn) {
        k_error(s->ctx, e->loc, "a lambda %s is not supported",
                s->lambda ? "inside a lambda" : "outside a function");
        return NULL;
    }
    k_lambda_info *li = k_alloc(s->ctx, sizeof *li);
    e->sema_ext = li;
    li->failed = 1;   /* until its body is checked */
    if (!read_captures(s, e, li))
        return NULL;
    k_decl *f = e->lambda;
    for (int i = 0; i < f->nparams; i++)
        if (f->params[i]->type && f->params[i]->type->kind == TY_AUTO) {
            k_error(s->ctx, f->params[i]->loc, "generic lambdas ('auto' parameters) are not"
                    " supported in K (write the parameter's type)");
            return NULL;
        }
    char name[160];
    snprintf(name, sizeof name, "%s.lambda@%u:%u", s->fn->name, e->loc.line, e->loc.col);
    f->name = k_strndup(s->ctx, name, strlen(name));
    li->fn = f;
    /* a lambda runs where the function it is written in runs (a kernel's:
     * on the device; a __host__ __device__ function's: on both) */
    f->storage &= ~(unsigned)(ST_HOST | ST_DEVICE | ST_GLOBAL);
    if (s->fn_kind & (FN_DEVICE | FN_KERNEL))
        f->storage |= ST_DEVICE;
    if (s->fn_kind & FN_HOST)
        f->storage |= ST_HOST;
    k_type *closure = k_type_new(s->ctx, TY_CLOSURE);
    closure->lambda = e;
    add_object_param(s, f, closure);
    k_expr *outer_lambda = s->lambda;
    k_scope *outer_scope = s->lambda_outer;
    s->lambda = e;
    s->lambda_outer = s->scope;
    int errors = s->ctx->nerrors;
    k_sema_lambda_body(s, f);
    li->failed = s->ctx->nerrors != errors;
    s->lambda = outer_lambda;
    s->lambda_outer = outer_scope;
    layout(li, closure);
    k_sema_add_lifted(s, f);
    e->type = closure;
    return closure;
}

/* `f(args)` for a variable f holding a lambda: its function, with f's
 * address as the hidden last argument. */
int k_sema_call_closure(k_sema_state *s, k_expr *e, k_decl *var)
{
    k_type *t = var->type->kind == TY_REF ? var->type->base : var->type;
    k_lambda_info *li = t->lambda ? info_of(t->lambda) : NULL;
    if (!li || !li->fn || li->failed)
        return 0;   /* the lambda's errors were reported */
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
    e->decl = li->fn;
    return 1;
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
