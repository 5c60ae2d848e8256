/* lang/templates_value.c -- a function template's instance named as a
 * value, a pointer to it: with its arguments written (`sumInts<4>`,
 * `&f<int, 3>`), or deduced from the pointer type it initializes, is
 * assigned to or passed as (`void (*p)(int) = f;` picks f<int>, as C++'s
 * [temp.deduct.funcaddr] does).  Split from lang/templates_sema.c. */
#include <string.h>

#include "templates_sema.h"

int k_tpls_function_value(k_sema_state *s, k_expr *e, tpl_entry **failed)
{
    tpl_entry *one = NULL;
    int n = 0;
    for (tpl_entry *en = k_tpls_find_entry(s, e->name, -1); en; en = en->next)
        if (strcmp(en->decl->name, e->name) == 0 && en->decl->kind == D_FUNC) {
            one = en;
            n++;
        }
    if (n != 1)
        return 0;
    tpl_args a;
    e->decl = NULL;
    if (k_tpls_call_args(s, one->decl, e, &a, 1))
        e->decl = k_tpls_instance(s, one, &a, e->loc);
    *failed = e->decl ? NULL : one;
    return 1;
}

/* A call of t whose arguments are values of ft's parameter types (a
 * reference parameter's argument an lvalue of its type), so that the
 * call's deduction deduces from them. */
static k_expr *call_of_type(k_sema_state *s, const k_expr *id, const k_type *ft)
{
    k_expr *call = k_expr_new(s->ctx, E_CALL, id->loc);
    call->name = id->name;
    call->nargs = ft->nparams;
    call->args = k_alloc(s->ctx, sizeof *call->args * (size_t)(ft->nparams + 1));
    for (int i = 0; i < ft->nparams; i++) {
        k_expr *x = k_expr_new(s->ctx, E_IDENT, id->loc);
        k_type *p = ft->params[i];
        x->name = "";
        x->builtin = -1;
        x->type = p->kind == TY_REF ? p->base : p;
        x->is_lvalue = p->kind == TY_REF && !p->rvalue_ref;
        call->args[i] = x;
    }
    return call;
}

/* Whether t's instance for a has exactly the function type ft. */
static int instance_has_type(k_sema_state *s, const k_decl *t, const tpl_args *a,
                             const k_type *ft, k_loc at)
{
    if (t->nparams != ft->nparams || t->variadic != ft->variadic)
        return 0;
    k_subst sb = k_tpls_subst_of(s, t, a, t->ntparams);
    for (int i = 0; i <= t->nparams; i++) {
        k_type *c = k_clone_type(s->ctx, i < t->nparams ? t->params[i]->type : t->type->base,
                                 &sb);
        k_sema_resolve_type(s, c, at);
        if (!k_ty_same(c, i < t->nparams ? ft->params[i] : ft->base))
            return 0;
    }
    return 1;
}

/* The instance of a function template named id whose type is ft, or NULL. */
static k_decl *instance_of_type(k_sema_state *s, const k_expr *id, const k_type *ft)
{
    k_expr *call = call_of_type(s, id, ft);
    for (tpl_entry *en = k_tpls_find_entry(s, id->name, -1); en; en = en->next) {
        const k_decl *t = en->decl;
        tpl_args a;
        if (strcmp(t->name, id->name) != 0 || t->kind != D_FUNC || t->nparams != ft->nparams ||
            k_tpls_pack_index(t) >= 0 || !k_tpls_call_args(s, t, call, &a, 0) ||
            !instance_has_type(s, t, &a, ft, id->loc))
            continue;
        return k_tpls_instance(s, en, &a, id->loc);
    }
    return NULL;
}

int k_tpl_target_function(k_sema_state *s, const k_type *to, k_expr *e)
{
    k_expr *id = e->kind == E_UNARY && e->op == KU_ADDR ? e->lhs : e;
    if (e->type || !to || to->kind != TY_PTR || !to->base || to->base->kind != TY_FUNC ||
        id->kind != E_IDENT || id->type || id->has_targs || k_sema_lookup(s, id->name) ||
        !k_tpl_has_function(s, id->name))
        return 1;
    k_decl *d = instance_of_type(s, id, to->base);
    if (!d) {
        char b[TYBUF];
        k_error(s->ctx, id->loc, "no instance of function template '%s' has the type '%s'",
                id->name, k_ty_str(to, b, sizeof b));
        return 0;
    }
    id->decl = d;
    id->type = k_sema_function_value(s, id, d);
    return id->type != NULL;
}
