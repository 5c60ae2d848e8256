/* lang/ctad.c -- C++17's class template argument deduction: `Box b(3);`,
 * `Pair p{1, 2.5};`, `std::pair p(1, 2.0);`, `std::vector v{1, 2, 3};`,
 * `std::array a{1, 2, 3};`, `Box c = b;`.  The parser gives the variable
 * the template-id without arguments, marked ctad (lang/parse_lex.c); here
 * its arguments come from the initializer through the implicit guides:
 *
 *   - each constructor of the class template (not a constructor template)
 *     taking the arguments' number, its parameters matched against the
 *     arguments' types as a function template's would be; the first that
 *     deduces every parameter (or leaves only defaulted ones) wins, and a
 *     braced list tries the list constructor (std::initializer_list) first;
 *   - a class without constructors: its members in order against a braced
 *     list, an array member taking the rest (std::array's T and N);
 *   - `Box c = b;` with b a Box<int>: Box<int> (the copy guide).
 *
 * User deduction guides at namespace scope (`template <class T> Box(T *) ->
 * Box<T>;`, parsed as GUIDE_NAME declarations marked is_guide) come first,
 * in the order written.  A class template's name alone before '(' or '{'
 * in an expression (`auto b = Box(3);`, lang/parse_lex.c) is a functional
 * cast whose arguments are deduced the same way (k_ctad_expr). */
#include <stdio.h>
#include <string.h>

#include "templates_sema.h"

/* An argument's type as deduction sees it: no reference; a by-value
 * parameter also drops its top-level qualifiers and decays arrays. */
static const k_type *arg_type(k_sema_state *s, const k_type *a, int by_value)
{
    if (a->kind == TY_REF)
        a = a->base;
    if (!by_value)
        return a;
    k_type *b = k_alloc(s->ctx, sizeof *b);
    if (a->kind == TY_ARRAY) {
        memset(b, 0, sizeof *b);
        b->kind = TY_PTR;
        b->base = a->base;
        return b;
    }
    *b = *a;
    b->quals = 0;
    return b;
}

static int match_param(k_sema_state *s, const k_decl *t, const k_type *p, k_expr *x,
                       tpl_args *a)
{
    int by_value = p->kind != TY_REF;
    if (!by_value)
        p = p->base;
    if (!x->type)
        return 0;
    return k_tpls_match(s, t, p, arg_type(s, x->type, by_value), a, 0, x->loc) == 1;
}

/* The template-id of t for deduced a: the parameters up to the first one
 * left to its default; 0 when one without a default is left. */
static int deduced_targs(k_sema_state *s, const k_decl *t, const tpl_args *a, k_targ **out,
                         int *n, k_loc loc)
{
    int given = 0;
    for (int k = 0; k < t->ntparams; k++) {
        int have = t->tparams[k].type ? a->have[k] : a->types[k] != NULL;
        if (t->tparams[k].pack || t->tparams[k].is_template)
            return 0;
        if (!have && !t->tparams[k].def.type && !t->tparams[k].def.expr)
            return 0;
        if (have && given < k)
            return 0;   /* one left to its default before a deduced one */
        given += have;
    }
    k_targ *ta = given ? k_alloc(s->ctx, (size_t)given * sizeof *ta) : NULL;
    for (int k = 0; k < given; k++) {
        ta[k].loc = loc;
        if (t->tparams[k].type) {
            ta[k].expr = k_expr_new(s->ctx, E_INT, loc);
            if (!ta[k].expr)
                return 0;
            ta[k].expr->ival = (uint64_t)a->values[k];
            ta[k].expr->depth = 1;
        } else {
            ta[k].type = a->types[k];
        }
    }
    *out = ta;
    *n = given;
    return 1;
}

static int fresh_args(k_sema_state *s, const k_decl *t, tpl_args *a)
{
    if (!k_tpls_args_new(s, a, t->ntparams))
        return 0;
    a->have = k_alloc(s->ctx, (size_t)(t->ntparams + 1) * sizeof *a->have);
    return a->have != NULL;
}

/* Constructor m (params[0] is `this`) as a guide for args. */
static int from_ctor(k_sema_state *s, const k_decl *t, const k_decl *m, k_expr **args, int n,
                     tpl_args *a)
{
    if (m->method_kind != M_CTOR || m->member_template || m->nparams != n + 1 ||
        !fresh_args(s, t, a))
        return 0;
    for (int i = 0; i < n; i++)
        if (!match_param(s, t, m->params[i + 1]->type, args[i], a))
            return 0;
    return 1;
}

/* The list constructor (this, const T *p, unsigned long n, __init_list;
 * lang/class_ctors.c) as a guide for a braced list's elements. */
static int from_list_ctor(k_sema_state *s, const k_decl *t, const k_decl *m, k_expr **args,
                          int n, tpl_args *a)
{
    if (m->method_kind != M_CTOR || m->nparams != 4 || !m->params[3]->name ||
        strcmp(m->params[3]->name, "__init_list") != 0 || m->params[1]->type->kind != TY_PTR ||
        n == 0 || !fresh_args(s, t, a))
        return 0;
    for (int i = 0; i < n; i++)
        if (!match_param(s, t, m->params[1]->type->base, args[i], a))
            return 0;
    return 1;
}

/* A class without constructors: its members in order, an array member of
 * the template's length parameter taking the rest of the list. */
static int from_aggregate(k_sema_state *s, const k_decl *t, const k_record *r, k_expr **args,
                          int n, tpl_args *a)
{
    if (!fresh_args(s, t, a))
        return 0;
    int i = 0;
    for (int f = 0; f < r->nfields && i < n; f++) {
        const k_type *ft = r->fields[f].type;
        if (!ft || r->fields[f].written_base)
            return 0;   /* a base: not deduced here */
        if (ft->kind == TY_ARRAY && i < n) {   /* `T _M_elems[N]`: the rest, braces elided */
            int from = i;
            for (; i < n; i++)
                if (!match_param(s, t, ft->base, args[i], a))
                    return 0;
            k_type whole = { 0 };
            whole.kind = TY_ARRAY;
            whole.base = (k_type *)arg_type(s, args[from]->type, 1);
            whole.length = n - from;
            if (k_tpls_match(s, t, ft, &whole, a, 0, args[from]->loc) != 1)
                return 0;
            continue;
        }
        if (!match_param(s, t, ft, args[i++], a))
            return 0;
    }
    return i == n;
}

/* ---- user deduction guides ---- */
struct k_ctad_guides {
    k_decl **all;
    int n, cap;
};

void k_ctad_add_guide(k_sema_state *s, k_decl *g)
{
    tpl_entry *en = k_tpls_find_class(s, g->name);
    const k_type *r = g->type->base;
    if (!en) {
        k_error(s->ctx, g->loc, "deduction guide for '%s', which is not a class template",
                g->name);
        return;
    }
    if (r->kind != TY_TEMPLATE_ID || !r->name || k_tpls_find_class(s, r->name) != en) {
        k_error(s->ctx, g->loc, "a deduction guide for '%s' must name a specialization of "
                "'%s' after '->'", g->name, g->name);
        return;
    }
    for (int i = 0; !g->is_template && i < g->nparams; i++)
        k_sema_resolve_type(s, g->params[i]->type, g->params[i]->loc);
    g->name = en->decl->name;
    struct k_ctad_guides *gs = s->guides;
    if (!gs && !(gs = s->guides = k_alloc(s->ctx, sizeof *gs)))
        return;
    if (gs->n == gs->cap) {
        int cap = gs->cap ? 2 * gs->cap : 8;
        k_decl **a = k_alloc(s->ctx, (size_t)cap * sizeof *a);
        if (!a)
            return;
        if (gs->n)
            memcpy(a, gs->all, (size_t)gs->n * sizeof *a);
        gs->all = a;
        gs->cap = cap;
    }
    gs->all[gs->n++] = g;
}

/* Guide g for args: its parameters deduced from the arguments (a guide
 * that is no template: each argument converts to its parameter), then its
 * result's template arguments with them in place. */
static int from_guide(k_sema_state *s, const k_decl *g, k_expr **args, int n,
                      k_targ **targs, int *ntargs)
{
    if (g->nparams != n)
        return 0;
    tpl_args a = { 0 };
    if (g->is_template && !fresh_args(s, g, &a))
        return 0;
    for (int i = 0; i < n; i++) {
        const k_type *p = g->params[i]->type;
        if (g->is_template ? !match_param(s, g, p, args[i], &a)
                           : k_conversion_rank(p, args[i]) <= 0)
            return 0;
    }
    for (int k = 0; k < g->ntparams; k++)
        if (!(g->tparams[k].type ? a.have[k] : a.types[k] != NULL) || g->tparams[k].pack)
            return 0;
    k_subst sb = g->is_template ? k_tpls_subst_of(s, g, &a, g->ntparams) : (k_subst){ 0 };
    k_type *r = k_clone_type(s->ctx, g->type->base, &sb);
    if (!r || r->kind != TY_TEMPLATE_ID)
        return 0;
    *targs = r->targs;
    *ntargs = r->ntargs;
    return 1;
}

/* The first guide of class template name (as declared) that fits args. */
static int from_guides(k_sema_state *s, const char *name, k_expr **args, int n,
                       k_targ **targs, int *ntargs)
{
    for (int i = 0; s->guides && i < s->guides->n; i++)
        if (strcmp(s->guides->all[i]->name, name) == 0 &&
            from_guide(s, s->guides->all[i], args, n, targs, ntargs))
            return 1;
    return 0;
}

/* "int, double": the arguments' types, for the error. */
static void arg_types_text(k_expr **args, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len + 8 < size; i++) {
        char one[TYBUF];
        k_ty_str(args[i]->type, one, sizeof one);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", one);
    }
}

/* A class template of one type pack (std::tuple, declared before its
 * partial specializations, so no constructor to guide): the pack is the
 * arguments' types, decayed, as a constructor `C(const Ts &...)` gives. */
static int pack_guide(k_sema_state *s, const k_decl *t, k_expr **args, int n, k_targ **targs,
                      int *ntargs, k_loc loc)
{
    if (t->ntparams != 1 || !t->tparams[0].pack || t->tparams[0].type ||
        t->tparams[0].is_template || n == 0)
        return 0;
    k_targ *ta = k_alloc(s->ctx, (size_t)n * sizeof *ta);
    if (!ta)
        return 0;
    for (int i = 0; i < n; i++) {
        ta[i].loc = loc;
        ta[i].type = (k_type *)arg_type(s, args[i]->type, 1);
    }
    *targs = ta;
    *ntargs = n;
    return 1;
}

static int deduce(k_sema_state *s, const k_decl *t, k_expr **args, int n, int list,
                  k_targ **targs, int *ntargs, k_loc loc)
{
    const k_record *r = t->type->rec;
    tpl_args a;
    int ctors = 0;
    for (int i = 0; list && i < r->nmethods; i++)
        if (from_list_ctor(s, t, r->methods[i], args, n, &a) &&
            deduced_targs(s, t, &a, targs, ntargs, loc))
            return 1;
    for (int i = 0; i < r->nmethods; i++) {
        const k_decl *m = r->methods[i];
        ctors += m->method_kind == M_CTOR && !m->implicit_default && !m->implicit_copy &&
                 !m->implicit_move;
        if (from_ctor(s, t, r->methods[i], args, n, &a) &&
            deduced_targs(s, t, &a, targs, ntargs, loc))
            return 1;
    }
    if (!ctors && list && from_aggregate(s, t, r, args, n, &a) &&
        deduced_targs(s, t, &a, targs, ntargs, loc))
        return 1;
    return pack_guide(s, t, args, n, targs, ntargs, loc);
}

/* `Box c = b;` of a Box<int> b: its own type. */
static k_type *copied_instance(k_sema_state *s, const char *name, const k_expr *init)
{
    const k_type *it = init->type && init->type->kind == TY_REF ? init->type->base : init->type;
    if (!it || it->kind != TY_RECORD)
        return NULL;
    const char *of = k_tpls_class_of(s, it->rec);
    tpl_entry *a = of ? k_tpls_find_class(s, of) : NULL, *b = k_tpls_find_class(s, name);
    if (!a || a != b)
        return NULL;
    k_type *c = k_alloc(s->ctx, sizeof *c);
    *c = *it;
    c->quals = 0;
    return c;
}

/* An alias template that passes its parameters on in order (std::tuple):
 * the class template it names, whose constructors guide; else t. */
static const k_decl *aliased(k_sema_state *s, const k_decl *t)
{
    const k_type *body = t->alias_type;
    if (!body || body->kind != TY_TEMPLATE_ID || body->ntargs != t->ntparams)
        return t;
    for (int i = 0; i < body->ntargs; i++) {
        const k_type *a = body->targs[i].type;
        if (!a || a->kind != TY_TPARAM || !t->tparams[i].name ||
            strcmp(a->name, t->tparams[i].name) != 0)
            return t;
    }
    tpl_entry *en = k_tpls_find_class(s, body->name);
    return en && en->decl != t ? en->decl : t;
}

static k_type *deduced_type(k_sema_state *s, k_type *t, const k_decl *tpl, k_expr **args,
                            int n, int list, k_loc loc);

int k_ctad_deduce(k_sema_state *s, k_decl *d)
{
    k_type *t = d->type;
    tpl_entry *en = k_tpls_find_class(s, t->name);
    const k_decl *tpl = en ? aliased(s, en->decl) : NULL;
    if (!tpl || !tpl->type || tpl->type->kind != TY_RECORD) {
        k_error(s->ctx, d->loc, "class template argument deduction for '%s' is not supported:"
                " write its arguments (%s<...> %s)", t->name, t->name, d->name);
        return 0;
    }
    k_expr **args = NULL;
    int n = 0, list = 0;
    if (d->nctor >= 0) {
        args = d->ctor_args;
        n = d->nctor;
    } else if (d->init && d->init->kind == E_INIT_LIST) {
        args = d->init->args;
        n = d->init->nargs;
        list = 1;
    } else if (d->init) {
        if (!k_sema_expr(s, d->init))
            return 0;
        k_type *c = copied_instance(s, t->name, d->init);
        if (c) {
            c->quals |= t->quals;
            d->type = c;
            return 1;
        }
        args = &d->init;
        n = 1;
    } else {
        k_error(s->ctx, d->loc, "class template argument deduction failed: '%s %s' has no "
                "initializer to deduce the arguments of '%s' from", t->name, d->name, t->name);
        return 0;
    }
    k_type *c = deduced_type(s, t, tpl, args, n, list, d->loc);
    if (!c)
        return 0;
    d->type = c;
    return 1;
}

/* t (the template-id without arguments) with the arguments that args
 * deduce, or NULL after the error. */
static k_type *deduced_type(k_sema_state *s, k_type *t, const k_decl *tpl, k_expr **args,
                            int n, int list, k_loc loc)
{
    for (int i = 0; i < n; i++)
        if (!k_sema_expr(s, args[i]))
            return NULL;
    k_targ *targs;
    int ntargs;
    if (!from_guides(s, tpl->name, args, n, &targs, &ntargs) &&
        !deduce(s, tpl, args, n, list, &targs, &ntargs, loc) &&
        !(list == 0 && deduce(s, tpl, args, n, 1, &targs, &ntargs, loc))) {
        char buf[256];
        arg_types_text(args, n, buf, sizeof buf);
        k_error(s->ctx, loc, "class template argument deduction failed: no matching "
                "function for call to '%s(%s)' (no constructor or deduction guide of '%s' "
                "deduces its template arguments)", t->name, buf, t->name);
        return NULL;
    }
    k_type *c = k_alloc(s->ctx, sizeof *c);
    *c = *t;
    c->name = tpl->name;   /* an alias's class template's (`template <class T> using V = W<T>`) */
    c->ctad = 0;
    c->targs = targs;
    c->ntargs = ntargs;
    return c;
}

/* `Box(3)`, `Pair{1, 2.5}`, `std::vector(b, e)` in an expression (a
 * functional cast whose type is a class template's name alone): its
 * written type gets the arguments args deduce; 0 after the error. */
int k_ctad_expr(k_sema_state *s, k_expr *e, k_expr **args, int n)
{
    k_type *t = e->type_written;
    tpl_entry *en = k_tpls_find_class(s, t->name);
    const k_decl *tpl = en ? aliased(s, en->decl) : NULL;
    if (!tpl || !tpl->type || tpl->type->kind != TY_RECORD) {
        k_error(s->ctx, e->loc, "class template argument deduction for '%s' is not supported:"
                " write its arguments (%s<...>)", t->name, t->name);
        return 0;
    }
    if (n == 1 && k_sema_expr(s, args[0])) {
        k_type *c = copied_instance(s, t->name, args[0]);
        if (c) {   /* `Box(b)` of a Box<int> b: a copy */
            e->type_written = c;
            return 1;
        }
    }
    k_type *c = deduced_type(s, t, tpl, args, n, 0, e->loc);
    if (c)
        e->type_written = c;
    return c != NULL;
}
