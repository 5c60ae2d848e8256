/* lang/templates_value.c -- a function template's instance named as a
 * value, a pointer to it: with its arguments written (`sumInts<4>`,
 * `&f<int, 3>`), or deduced from the pointer type it initializes, is
 * assigned to or passed as (`void (*p)(int) = f;` picks f<int>, as C++'s
 * [temp.deduct.funcaddr] does).  Split from lang/templates_sema.c. */
#include <string.h>

#include "templates_sema.h"

/* `conv<float>` of overloaded templates with no target type to choose by
 * (a function template's argument): the one template whose written
 * arguments give all its parameters, as C++ takes the template-id for the
 * single specialization they identify; 0 (the caller's error) unless one. */
static int overloaded_value(k_sema_state *s, k_expr *e, tpl_entry **failed)
{
    if (!e->has_targs)
        return 0;
    tpl_entry *one = NULL;
    tpl_args a, found;
    for (tpl_entry *en = k_tpls_find_entry(s, e->name, -1); en; en = en->next) {
        if (strcmp(en->decl->name, e->name) != 0 || en->decl->kind != D_FUNC ||
            !k_tpls_call_args(s, en->decl, e, &a, 0))
            continue;
        if (one)
            return 0;
        one = en;
        found = a;
    }
    if (!one)
        return 0;
    e->decl = k_tpls_instance(s, one, &found, e->loc);
    *failed = e->decl ? NULL : one;
    return 1;
}

int k_tpls_function_value(k_sema_state *s, k_expr *e, tpl_entry **failed)
{
    tpl_entry *one = NULL;
    int n = 0;
    for (tpl_entry *en = k_tpls_find_entry(s, e->name, -1); en; en = en->next)
        if (strcmp(en->decl->name, e->name) == 0 && en->decl->kind == D_FUNC) {
            one = en;
            n++;
        }
    if (n > 1)
        return overloaded_value(s, e, failed);
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
    call->targs = id->targs;      /* `&process<int>`: the written arguments first */
    call->ntargs = id->ntargs;
    call->has_targs = id->has_targs;
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

/* How many function templates are called name (its overloads). */
static int templates_named(k_sema_state *s, const char *name)
{
    int n = 0;
    for (tpl_entry *en = k_tpls_find_entry(s, name, -1); en; en = en->next)
        n += strcmp(en->decl->name, name) == 0 && en->decl->kind == D_FUNC;
    return n;
}

int k_tpl_target_function(k_sema_state *s, const k_type *to, k_expr *e)
{
    k_expr *id = e->kind == E_UNARY && e->op == KU_ADDR ? e->lhs : e;
    if (e->type || !to || to->kind != TY_PTR || !to->base || to->base->kind != TY_FUNC ||
        id->kind != E_IDENT || id->type)
        return 1;
    k_decl *plain = id->has_targs ? NULL : k_sema_lookup(s, id->name);
    if (plain && plain->kind == D_FUNC && plain->is_global_scope) {
        /* overloaded functions (kernels too): the one of the target's type */
        k_decl *f = k_sema_overload_of_type(s, plain, to->base);
        if (f && f != plain) {
            id->decl = f;
            id->type = k_sema_function_value(s, id, f);
            return id->type != NULL;
        }
        return 1;
    }
    if (k_sema_lookup(s, id->name) ||
        !k_tpl_has_function(s, id->name))
        return 1;
    k_decl *d = instance_of_type(s, id, to->base);
    if (!d && id->has_targs && templates_named(s, id->name) == 1)
        return 1;   /* `&f<int, 3>`: checked as written (k_tpls_function_value) */
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
