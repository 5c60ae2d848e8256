/* lang/braced_args.c -- a braced list as a call's argument: `f({1, 2})`,
 * `edges.push_back({u, v})`, `m.insert({k, v})`.
 *
 * C++ copy-list-initializes the parameter from the list.  K gives the list
 * the parameter's class type (an E_COMPOUND of that type, which builds the
 * object as `T x = {...}` would: a constructor, an initializer-list
 * constructor or an aggregate's members) when every candidate taking that
 * many arguments agrees on it; otherwise the list is one located error.
 * Only then are the arguments ranked, so overloads that differ elsewhere
 * still choose by the other arguments. */
#include <string.h>

#include "sema.h"

/* Whether f takes nargs arguments after its first `first` parameters. */
static int takes(const k_decl *f, int nargs, int first)
{
    const k_decl *g = f->definition && f->definition->nparams == f->nparams ? f->definition : f;
    int required = g->nparams;
    while (required > first && (g->params[required - 1]->init || f->params[required - 1]->init))
        required--;
    return nargs + first >= required && (nargs + first <= f->nparams || f->variadic);
}

/* The type argument i of a call to f initializes (a reference's target),
 * or NULL. */
static const k_type *param_type(const k_decl *f, int i, int first)
{
    if (f->kind != D_FUNC || i + first >= f->nparams)
        return NULL;
    const k_type *p = f->params[i + first]->type;
    if (p && p->kind == TY_REF)
        p = p->base;
    return p;
}

/* The type every candidate taking nargs arguments gives argument i, or
 * NULL when none does or two differ.  A scalar parameter, for a list of
 * several items, drops its overload out and is left in *scalar (its error
 * when no other fits).  first < 0: each candidate's own
 * (1 for a member function's object, 0 for a static one). */
static const k_type *agreed_type(k_decl **cand, int n, int nargs, int i, int first,
                                 int items, const k_type **scalar)
{
    const k_type *t = NULL;
    for (int c = 0; c < n; c++) {
        if (!cand[c] || cand[c]->kind != D_FUNC)
            continue;
        int skip = first >= 0 ? first : cand[c]->method_kind != M_STATIC;
        if (!takes(cand[c], nargs, skip))
            continue;
        const k_type *p = param_type(cand[c], i, skip);
        if (p && k_ty_is_scalar(p) && items > 1) {
            *scalar = p;   /* `{a, b}` initializes no scalar: that overload is not viable */
            continue;
        }
        if (!p || (t && !k_ty_same(t, p)))
            return NULL;
        t = p;
    }
    return t;
}

/* A list for a scalar parameter, `g({x})`: its one item (none: zero). */
static k_expr *scalar_item(k_sema_state *s, k_expr *list)
{
    return list->nargs == 1 ? list->args[0] : k_expr_new(s->ctx, E_INT, list->loc);
}

/* The list given type t (NULL: none, after an error, checked silently). */
static k_expr *typed_list(k_sema_state *s, k_expr *list, const k_type *p)
{
    k_type *t = NULL;
    if (p) {
        t = k_alloc(s->ctx, sizeof *t);
        *t = *p;
        t->quals = 0;
    }
    k_expr *c = k_expr_new(s->ctx, E_COMPOUND, list->loc);
    c->type_written = t;
    c->lhs = list;
    c->depth = list->depth + 1;
    return c;
}

int k_braced_args(k_sema_state *s, k_decl **cand, int n, k_expr **args, int nargs, int first,
                  const char *name)
{
    int ok = 1;
    for (int i = 0; i < nargs; i++) {
        k_expr *list = args[i];
        if (!list || list->kind != E_INIT_LIST)
            continue;
        const k_type *scalar = NULL;
        const k_type *p = agreed_type(cand, n, nargs, i, first, list->nargs, &scalar);
        p = p ? p : scalar;
        if (p && p->kind == TY_RECORD) {
            args[i] = typed_list(s, list, p);
        } else if (p && k_ty_is_scalar(p) && list->nargs <= 1) {
            args[i] = scalar_item(s, list);
        } else {
            if (p)
                k_error(s->ctx, list->loc, "a braced list of %d items as argument %d of '%s', "
                        "whose parameter is not a class", list->nargs, i + 1, name ? name : "?");
            else
                k_error(s->ctx, list->loc, "a braced list as argument %d of '%s' initializes no "
                        "single parameter type (K gives a braced argument the type of the "
                        "parameter it initializes when every overload agrees)", i + 1,
                        name ? name : "?");
            args[i] = typed_list(s, list, NULL);
            ok = 0;
        }
    }
    return ok;
}
