/* lang/decltype.c -- `decltype(e)`, `decltype(auto)` and GNU's `__typeof__(e)`
 * in sema.  The parser leaves a TY_DECLTYPE holding the operand as written
 * (lang/parse_cxx.c); wherever sema resolves a type (k_sema_resolve_type) it
 * becomes the operand's type by C++'s rules:
 *
 *   - an id-expression or member access written without parentheses: the
 *     declared type of what it names (`int &r` gives `int &`);
 *   - any other expression: T& for an lvalue, T for a prvalue (an xvalue is
 *     taken as a prvalue, and `std::declval<T>()` is a T, not a T&&).
 *
 * `__typeof__(e)` is e's type without the reference.  The operand is not
 * evaluated: sema checks a copy of it (the tree is never lowered), outside
 * any lambda's captures, and a type written once but used several times
 * (`decltype(x) a, b;`, a typedef) checks a fresh copy each time. */
#include <string.h>

#include "sema.h"
#include "templates.h"
#include "types.h"

/* The declared type of an unparenthesized name or member access e (after
 * sema), or NULL when e is some other expression. */
static k_type *declared_type(k_sema_state *s, const k_expr *e, k_expr_kind written)
{
    if (e->parenthesized || (written != E_IDENT && written != E_MEMBER))
        return NULL;
    if (e->kind == E_IDENT && e->decl && (e->decl->kind == D_VAR || e->decl->kind == D_PARAM))
        return e->decl->type;
    k_type *ft;
    uint32_t off;
    if (e->kind == E_MEMBER && e->lhs && e->lhs->type &&
        k_ty_field(s->ctx, e->lhs->type, e->name, &ft, &off))
        return ft;
    return NULL;
}

static k_type *ref_to(k_ctx *ctx, k_type *t)
{
    k_type *r = k_type_new(ctx, TY_REF);
    if (r)
        r->base = t;
    return r;
}

k_type *k_decltype_of(k_sema_state *s, const k_expr *operand, int kind)
{
    k_expr *e = k_clone_expr(s->ctx, operand, NULL);
    if (!e)
        return NULL;
    k_expr_kind written = e->kind;
    k_expr *lambda = s->lambda;
    s->lambda = NULL;   /* unevaluated: names no capture */
    s->unevaluated++;
    k_type *t = k_sema_expr(s, e);
    s->unevaluated--;
    s->lambda = lambda;
    if (!t)
        return NULL;
    k_type *declared = kind == K_DT_DECLTYPE ? declared_type(s, e, written) : NULL;
    if (declared)
        return k_clone_type(s->ctx, declared, NULL);
    t = k_clone_type(s->ctx, t, NULL);
    if (kind == K_DT_DECLTYPE && e->is_lvalue && t && t->kind != TY_REF)
        return ref_to(s->ctx, t);
    if (t && !e->is_lvalue && !k_ty_is_record(t))
        t->quals = 0;   /* a prvalue of a scalar type has no cv-qualifiers */
    return t;
}

/* t, a TY_DECLTYPE, as its operand's type in place; qualifiers written on
 * it (`const decltype(x)`) are added, except to a reference.  An operand
 * with an error (reported) makes it int, so its uses are checked quietly. */
void k_decltype_resolve(k_sema_state *s, k_type *t, k_loc loc)
{
    (void)loc;
    k_type *r = t->decl_expr ? k_decltype_of(s, t->decl_expr, t->decltype_kind) : NULL;
    if (!r)
        r = k_type_new(s->ctx, TY_INT);
    if (!r)
        return;
    unsigned quals = t->quals;
    *t = *r;
    if (t->kind != TY_REF)
        t->quals |= quals;
}

/* Whether t, or a type it is made of, is still a decltype (a function's
 * result that names its parameters: lang/sema.c resolves it in their view). */
int k_decltype_in(const k_type *t)
{
    for (int depth = 0; t && depth < 64; t = t->base, depth++) {
        if (t->kind == TY_DECLTYPE)
            return 1;
        for (int i = 0; t->kind == TY_TEMPLATE_ID && i < t->ntargs; i++)
            if (t->targs[i].type && t->targs[i].type != t && k_decltype_in(t->targs[i].type))
                return 1;
    }
    return 0;
}

/* `decltype(auto) x = e;`: x's type is decltype(e). */
int k_decltype_auto_var(k_sema_state *s, k_decl *d)
{
    if (!d->init || d->init->kind == E_INIT_LIST) {
        k_error(s->ctx, d->loc, "declaration of '%s' with deduced type 'decltype(auto)'"
                " requires an initializer of one expression", d->name);
        return 0;
    }
    k_type *t = k_decltype_of(s, d->init, K_DT_DECLTYPE);
    if (!t)
        return 0;
    if (t->kind != TY_REF)
        t->quals |= d->type->quals;
    d->type = t;
    return 1;
}

/* SFINAE's look at `template <class T> auto f(T t) -> decltype(t.size())`:
 * the result with the deduced arguments in place, resolved where copies of
 * the parameters (their types substituted) are in view.  An error it
 * reports (put aside by templates_sema.c) drops the candidate. */
void k_decltype_signature(k_sema_state *s, const k_decl *t, const k_subst *sb)
{
    if (sb->npacks) {   /* `auto f(F f, A... a) -> decltype(f(a...))`: the pack's elements */
        k_subst body;
        int n = 0;
        k_decl **expanded = k_pack_params(s->ctx, t, sb, &n, &body);
        for (int i = 0; expanded && i < n; i++)
            expanded[i]->builtin = -1;
        k_decl *f = k_alloc(s->ctx, sizeof *f);
        if (!f)
            return;
        *f = *t;
        k_sema_resolve_in_params(s, k_clone_type(s->ctx, t->type->base, &body), f, expanded,
                                 expanded ? n : 0);
        return;
    }
    k_decl **params = t->nparams ? k_alloc(s->ctx, (size_t)t->nparams * sizeof *params) : NULL;
    for (int i = 0; params && i < t->nparams; i++) {
        params[i] = k_decl_new(s->ctx, D_PARAM, t->params[i]->loc, t->params[i]->name);
        if (!params[i])
            return;
        params[i]->type = k_clone_type(s->ctx, t->params[i]->type, sb);
        params[i]->builtin = -1;
    }
    k_decl *f = k_alloc(s->ctx, sizeof *f);   /* the template as the function being
                                                  checked (a member's class in view) */
    if (!f)
        return;
    *f = *t;
    k_sema_resolve_in_params(s, k_clone_type(s->ctx, t->type->base, sb), f, params,
                             params ? t->nparams : 0);
}
