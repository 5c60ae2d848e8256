/* lang/templates_same.c -- comparing function templates' written
 * signatures: which declarations are the same template (a redeclaration)
 * and which are overloads (`f(T *)` beside `f(T)`, or two templates told
 * apart only by std::enable_if in their result or head); and where a
 * substitution can fail, which makes a template a SFINAE candidate
 * (lang/templates_sema.c puts its diagnostics aside while trying it). */
#include <string.h>

#include "sema.h"
#include "templates.h"

/* The index of t's type parameter called name, or -1. */
int k_tpl_tparam_index(const k_decl *t, const char *name)
{
    for (int i = 0; name && i < t->ntparams; i++)
        if (t->tparams[i].name && !t->tparams[i].type && strcmp(t->tparams[i].name, name) == 0)
            return i;
    return -1;
}

/* Whether written type t names a member type or a template-id (where a
 * substitution can fail: `typename std::enable_if<C, T>::type`,
 * `std::enable_if_t<C, T>`, `typename T::value_type`). */
int k_tpl_may_fail(const k_type *t)
{
    for (int depth = 0; t && depth < 64; t = t->base, depth++)
        if (t->kind == TY_MEMBER_TYPE || t->kind == TY_TEMPLATE_ID)
            return 1;
        else if (t->kind == TY_FUNC)
            return 0;
    return 0;
}

int k_tpl_sfinae_prone(const k_decl *t)
{
    if (t->kind != D_FUNC)
        return 0;
    if (t->type && (k_tpl_may_fail(t->type->base) || k_decltype_in(t->type->base)))
        return 1;   /* `-> decltype(e)`: e may not be valid for the arguments */
    for (int i = 0; i < t->nparams; i++)
        if (k_tpl_may_fail(t->params[i]->type))
            return 1;
    for (int i = 0; i < t->ntparams; i++)
        if (k_tpl_may_fail(t->tparams[i].type) || k_tpl_may_fail(t->tparams[i].def.type))
            return 1;
    return 0;
}

/* Whether two templates' written parameter types are the same (a
 * redeclaration), their own type parameters matched by position. */
static int same_written(const k_decl *a, const k_type *x, const k_decl *b, const k_type *y)
{
    for (; x && y; x = x->base, y = y->base) {
        if (x->kind != y->kind || (x->quals & ~Q_RESTRICT) != (y->quals & ~Q_RESTRICT))
            return 0;
        if (x->kind == TY_TPARAM && k_tpl_tparam_index(a, x->name) != k_tpl_tparam_index(b, y->name))
            return 0;
        if (x->kind == TY_RECORD && x->rec != y->rec)
            return 0;     /* f(policy_a, T) and f(policy_b, T), uchar4 and uchar1: overloads */
        if ((x->name || y->name) && x->kind != TY_TPARAM
            && (!x->name || !y->name || strcmp(x->name, y->name) != 0))
            return 0;
    }
    return !x && !y;
}

static int same_deep(const k_decl *a, const k_type *x, const k_decl *b, const k_type *y);
static int same_expr(const k_decl *a, const k_expr *x, const k_decl *b, const k_expr *y);

/* n written template arguments (types and values) the same, pair by pair. */
static int same_targs(const k_decl *a, const k_targ *x, const k_decl *b, const k_targ *y, int n)
{
    for (int i = 0; i < n; i++)
        if (!same_deep(a, x[i].type, b, y[i].type) || !same_expr(a, x[i].expr, b, y[i].expr) ||
            x[i].pack_expand != y[i].pack_expand)
            return 0;
    return 1;
}

/* Whether two written expressions are the same (template arguments of
 * SFINAE conditions: `std::is_integral<T>::value` and `!...`). */
static int same_expr(const k_decl *a, const k_expr *x, const k_decl *b, const k_expr *y)
{
    if (!x || !y)
        return x == y;
    if (x->kind != y->kind || x->op != y->op || x->ival != y->ival || x->nargs != y->nargs ||
        x->ntargs != y->ntargs || (!x->name) != (!y->name) ||
        (x->name && strcmp(x->name, y->name) != 0) ||
        !same_expr(a, x->lhs, b, y->lhs) || !same_expr(a, x->rhs, b, y->rhs) ||
        !same_expr(a, x->cond, b, y->cond) || !same_deep(a, x->type_written, b, y->type_written))
        return 0;
    for (int i = 0; i < x->nargs; i++)
        if (!same_expr(a, x->args[i], b, y->args[i]))
            return 0;
    return same_targs(a, x->targs, b, y->targs, x->ntargs);
}

/* same_written, and a template-id's arguments the same too. */
static int same_deep(const k_decl *a, const k_type *x, const k_decl *b, const k_type *y)
{
    if (!x || !y)
        return x == y;
    if (!same_written(a, x, b, y))
        return 0;
    for (; x && y; x = x->base, y = y->base) {
        if (x->ntargs != y->ntargs || !same_targs(a, x->targs, b, y->targs, x->ntargs))
            return 0;
    }
    return 1;
}

static int has_default(const k_tparam *p)
{
    return p->def.type || p->def.expr;
}

int k_tpl_same_template(const k_decl *a, const k_decl *b)
{
    if (a->kind != b->kind || a->ntparams != b->ntparams || a->nparams != b->nparams)
        return 0;
    for (int i = 0; i < a->ntparams; i++)
        if ((a->tparams[i].type == NULL) != (b->tparams[i].type == NULL))
            return 0;
    for (int i = 0; i < a->nparams; i++)   /* f(List<Ts...>), f(List<double, Ts...>): two */
        if (!same_deep(a, a->params[i]->type, b, b->params[i]->type))
            return 0;
    /* templates told apart by std::enable_if in the result or the head */
    if (k_tpl_sfinae_prone(a) || k_tpl_sfinae_prone(b)) {
        if (!same_deep(a, a->type ? a->type->base : NULL, b, b->type ? b->type->base : NULL))
            return 0;
        for (int i = 0; i < a->ntparams; i++) {
            const k_tparam *x = &a->tparams[i], *y = &b->tparams[i];
            if (!same_deep(a, x->type, b, y->type))
                return 0;
            /* a definition after a declaration leaves out its default
             * arguments (C++ forbids repeating them): it inherits them */
            if (!has_default(x) || !has_default(y))
                continue;
            if (!same_deep(a, x->def.type, b, y->def.type) || !same_expr(a, x->def.expr, b, y->def.expr))
                return 0;
        }
    }
    return 1;
}

void k_tpl_inherit_defaults(k_decl *def, const k_decl *decl)
{
    for (int i = 0; i < def->ntparams && i < decl->ntparams; i++)
        if (!has_default(&def->tparams[i]))
            def->tparams[i].def = decl->tparams[i].def;
}

