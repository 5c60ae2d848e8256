/* lang/templates_match.c -- template argument deduction from types: a
 * written parameter type (`T *`, `V<T, N>`, `T (&)[N]`, `R(Args...)`, a
 * pack's pattern) matched against an argument's type, binding the template
 * parameters it mentions (split from templates_sema.c, which deduces a
 * call's arguments with it and instantiates). */
#include <stdio.h>
#include <string.h>

#include "namespaces.h"
#include "sema.h"
#include "templates.h"
#include "templates_sema.h"
#include "thrust.h"

/* The template parameter pack a function parameter pack's pattern names
 * (`const Ts &... xs`: Ts), or -1. */
int k_tpls_pattern_pack(const k_decl *t, const k_type *p)
{
    for (; p; p = p->base) {
        int k = p->kind == TY_TPARAM ? k_tpl_tparam_index(t, p->name) : -1;
        if (k >= 0 && t->tparams[k].pack)
            return k;
        for (int j = 0; p->kind == TY_TEMPLATE_ID && j < p->ntargs; j++) {
            int r = p->targs[j].type ? k_tpls_pattern_pack(t, p->targs[j].type) : -1;
            if (r >= 0)
                return r;
        }
    }
    return -1;
}

/* The non-type parameter that is the whole length of array type p
 * (`unsigned (&bins)[N]`), or -1. */
static int length_tparam(const k_decl *t, const k_type *p)
{
    const k_expr *e = p->kind == TY_ARRAY ? p->len_expr : NULL;
    if (!e || e->kind != E_IDENT || !e->name)
        return -1;
    for (int i = 0; i < t->ntparams; i++)
        if (t->tparams[i].type && t->tparams[i].name && !strcmp(t->tparams[i].name, e->name))
            return i;
    return -1;
}

/* `T (&a)[N]` against an array of known length: N is that length.  0 on
 * conflicting deductions (reported when report is set). */
static int match_length(k_sema_state *s, const k_decl *t, const k_type *p, const k_type *a,
                        tpl_args *out, int report, k_loc at)
{
    int k = length_tparam(t, p);
    if (a->length < 0 || k < out->nexplicit || !out->have)
        return 1;
    if (!out->have[k] || out->values[k] == a->length) {
        out->values[k] = a->length;
        out->have[k] = 1;
        return 1;
    }
    if (report)
        k_error(s->ctx, at, "no matching function for call to '%s': deduced conflicting"
                " values for parameter '%s' (%lld vs. %lld)", t->name, t->tparams[k].name,
                (long long)out->values[k], (long long)a->length);
    return 0;
}

/* `array<T, N>` against an instance of array: the non-type parameter N
 * written as a whole argument is the instance's value v.  0 on conflicting
 * deductions (reported when report is set). */
static int match_value(k_sema_state *s, const k_decl *t, const k_expr *x, int64_t v,
                       tpl_args *out, int report, k_loc at)
{
    int k = x && x->kind == E_IDENT ? k_tpls_value_tparam(t, x->name) : -1;
    if (k < 0 || k < out->nexplicit || !out->have)
        return 1;
    if (!out->have[k] || out->values[k] == v) {
        out->values[k] = v;
        out->have[k] = 1;
        return 1;
    }
    if (report)
        k_error(s->ctx, at, "no matching function for call to '%s': deduced conflicting"
                " values for parameter '%s' (%lld vs. %lld)", t->name, t->tparams[k].name,
                (long long)out->values[k], (long long)v);
    return 0;
}

/* `Pair<T>` against an instance of Pair: T from the instance's arguments
 * (and `array<T, N>`'s N from its values). */
/* The pack an expansion `Ts...` or `Ns...` in a template argument list
 * names, as t's parameter index, or -1. */
int k_tpls_expansion_pack(const k_decl *t, const k_targ *w)
{
    int k = w->type && w->type->kind == TY_TPARAM ? k_tpl_tparam_index(t, w->type->name)
            : !w->type && w->expr && w->expr->kind == E_IDENT
            ? k_tpls_value_tparam(t, w->expr->name) : -1;
    return k >= 0 && t->tparams[k].pack ? k : -1;
}

/* The rest of an instance's arguments, flat from j on, into pack k. */
int k_tpls_take_rest(k_sema_state *s, const k_decl *t, int k, const tpl_args *flat, int j,
                      tpl_args *out)
{
    tpl_pack *pk = &out->packs[k];
    pk->n = flat->n - j;
    if (t->tparams[k].type)
        pk->values = k_alloc(s->ctx, (size_t)(pk->n + 1) * sizeof *pk->values);
    else
        pk->types = k_alloc(s->ctx, (size_t)(pk->n + 1) * sizeof *pk->types);
    for (int e = 0; e < pk->n; e++) {
        if (!t->tparams[k].type != (flat->types[j + e] != NULL))
            return 0;
        if (t->tparams[k].type)
            pk->values[e] = flat->values[j + e];
        else
            pk->types[e] = flat->types[j + e];
    }
    if (out->have)
        out->have[k] = 1;
    return 1;
}

/* thrust::null_type, what fills the slots of a thrust::tuple beyond its
 * elements. */
static int is_null_type(const k_type *t)
{
    /* a record's tag is its name without the namespace */
    return t && t->kind == TY_RECORD && !t->quals &&
           (strcmp(k_record_name(t->rec), "null_type") == 0 ||
            strcmp(k_record_name(t->rec), "thrust::null_type") == 0);
}

/* The expansion `Inner<Ts>...` (a pattern naming the type pack k) against
 * an instance's arguments flat from j on: each deduces one element of k. */
static int match_pattern_rest(k_sema_state *s, const k_decl *t, const k_type *pattern, int k,
                              const tpl_args *flat, int j, tpl_args *out, int report, k_loc at)
{
    tpl_pack *pk = &out->packs[k];
    int n = flat->n - j;
    k_type **els = k_alloc(s->ctx, (size_t)(n + 1) * sizeof *els);
    for (int e = 0; e < n; e++) {
        if (!flat->types[j + e])
            return 0;
        out->types[k] = NULL;
        int r = k_tpls_match(s, t, pattern, flat->types[j + e], out, report, at);
        if (r <= 0 || !out->types[k])
            return r < 0 ? -1 : 0;
        els[e] = out->types[k];
    }
    out->types[k] = NULL;
    pk->types = els;
    pk->n = n;
    if (out->have)
        out->have[k] = 1;
    return 1;
}

/* `Box<Ts...>` (or `Box<T, Ts...>`, `Seq<Ns...>`, `Outer<Inner<Ts>...>`)
 * against an instance of a variadic class template: its arguments one by
 * one, the expansion last taking the rest into its pack. */
static int match_class_pack(k_sema_state *s, const k_decl *t, const k_type *p,
                            const tpl_entry *en, const tpl_inst *in, tpl_args *out,
                            int report, k_loc at)
{
    tpl_args flat = k_tpls_flat_args(s, en->decl, &in->args);
    while (flat.n > 0 && is_null_type(flat.types[flat.n - 1]))
        flat.n--;   /* a thrust::tuple's unused slots are no elements */
    int j = 0;
    for (int i = 0; i < p->ntargs; i++) {
        const k_targ *w = &p->targs[i];
        if (w->pack_expand) {
            int k = k_tpls_expansion_pack(t, w);
            if (i != p->ntargs - 1)
                return 0;
            if (k < 0 && w->type && (k = k_tpls_pattern_pack(t, w->type)) >= 0 &&
                !t->tparams[k].type)
                return k < out->nexplicit ||
                       match_pattern_rest(s, t, w->type, k, &flat, j, out, report, at);
            if (k < 0)
                return 0;
            return k < out->nexplicit || k_tpls_take_rest(s, t, k, &flat, j, out);
        }
        if (j >= flat.n || !w->type != !flat.types[j])
            return 0;
        if (!w->type) {
            if (!match_value(s, t, w->expr, flat.values[j++], out, report, at))
                return -1;
            continue;
        }
        int r = k_tpls_match(s, t, w->type, flat.types[j++], out, report, at);
        if (r <= 0)
            return r;
    }
    return j == flat.n;
}

static int match_class(k_sema_state *s, const k_decl *t, const k_type *p, const k_type *a,
                       tpl_args *out, int report, k_loc at)
{
    tpl_entry *en = a->kind == TY_RECORD ? k_tpls_find_class(s, p->name) : NULL;
    if (en && en->decl->alias_type) {   /* `index_sequence<Is...>`: what it stands for */
        k_type *q = k_tpls_alias_pattern(s, en->decl, p);
        return q ? k_tpls_match(s, t, q, a, out, report, at) : 0;
    }
    for (tpl_inst *in = en ? en->insts : NULL; in; in = in->next) {
        if (in->decl->type->rec != a->rec)
            continue;
        if (k_tpls_pack_index(en->decl) >= 0 || (p->ntargs && p->targs[p->ntargs - 1].pack_expand))
            return match_class_pack(s, t, p, en, in, out, report, at);
        for (int i = 0; i < p->ntargs && i < in->args.n; i++) {
            if (p->targs[i].type && in->args.types[i]) {
                int r = k_tpls_match(s, t, p->targs[i].type, in->args.types[i], out, report, at);
                if (r <= 0)
                    return r;
            } else if (!p->targs[i].type && !in->args.types[i] &&
                       !match_value(s, t, p->targs[i].expr, in->args.values[i], out, report, at)) {
                return -1;
            }
        }
        return 1;
    }
    return 0;
}

/* `C<T>` with C a template template parameter of t: C is the class
 * template a is an instance of, then its arguments are matched. */
static int match_template_id(k_sema_state *s, const k_decl *t, const k_type *p,
                             const k_type *a, tpl_args *out, int report, k_loc at)
{
    int k = k_tpl_tparam_index(t, p->name);
    if (k < 0 || !t->tparams[k].is_template)
        return match_class(s, t, p, a, out, report, at);
    const char *cls = a->kind == TY_RECORD ? k_tpls_class_of(s, a->rec) : NULL;
    if (!cls)
        return 0;
    if (out->tnames[k] && strcmp(out->tnames[k], cls) != 0)
        return 0;
    out->tnames[k] = cls;
    k_type named = *p;
    named.name = cls;
    return match_class(s, t, &named, a, out, report, at);
}

/* Matches a parameter's written type P against an argument's type A,
 * binding the type parameters P mentions.  Returns 0 on a mismatch, -1 on
 * conflicting deductions (reported when report is set). */
/* A written function type `R(Args...)` (a partial specialization's
 * `function<R(Args...)>`, a pointer's `R (*)(A, B)`) against a function
 * type: the result, then the parameters one by one, the parameter pack
 * (the pattern a template parameter pack alone) taking those its place
 * leaves. */
static int match_function_type(k_sema_state *s, const k_decl *t, const k_type *p,
                               const k_type *a, tpl_args *out, int report, k_loc at)
{
    if (a->kind != TY_FUNC || !a->params || !p->base || !a->base)
        return 0;
    if (p->variadic != a->variadic)
        return 0;
    int r = k_tpls_match(s, t, p->base, a->base, out, report, at);
    if (r <= 0)
        return r;
    int at_pack = p->pack_param - 1;
    int rest = a->nparams - (p->nparams - (at_pack >= 0));
    if (at_pack < 0 ? rest != 0 : rest < 0)
        return 0;
    for (int i = 0, j = 0; i < p->nparams; i++) {
        if (i != at_pack) {
            r = k_tpls_match(s, t, p->params[i], a->params[j++], out, report, at);
            if (r <= 0)
                return r;
            continue;
        }
        const k_type *w = p->params[i];
        int k = w->kind == TY_TPARAM ? k_tpl_tparam_index(t, w->name) : -1;
        if (k < 0 || !t->tparams[k].pack)
            return 0;   /* a pattern other than the pack alone (`Args &...`) */
        tpl_pack *pk = &out->packs[k];
        pk->n = rest;
        pk->types = k_alloc(s->ctx, (size_t)(rest + 1) * sizeof *pk->types);
        for (int e = 0; e < rest; e++)
            pk->types[e] = a->params[j++];
        if (out->have)
            out->have[k] = 1;
    }
    return 1;
}

int k_tpls_match(k_sema_state *s, const k_decl *t, const k_type *p, const k_type *a,
                 tpl_args *out, int report, k_loc at)
{
    if (p->kind == TY_TPARAM) {
        int k = k_tpl_tparam_index(t, p->name);
        if (k < 0 || k < out->nexplicit)
            return 1;
        k_type *b = k_alloc(s->ctx, sizeof *b);
        *b = *a;
        b->quals &= ~p->quals;    /* `const T *` against `const float *`: T = float */
        if (!out->types[k]) {
            out->types[k] = b;
            return 1;
        }
        if (k_ty_same(out->types[k], b) && out->types[k]->quals == b->quals)
            return 1;
        if (report) {
            char x[TYBUF], y[TYBUF];
            k_error(s->ctx, at, "no matching function for call to '%s': deduced conflicting"
                    " types for parameter '%s' ('%s' vs. '%s')", t->name, p->name,
                    k_ty_str(out->types[k], x, sizeof x), k_ty_str(b, y, sizeof y));
        }
        return -1;
    }
    if (p->kind == TY_ARRAY && a->kind == TY_ARRAY && length_tparam(t, p) >= 0 &&
        !match_length(s, t, p, a, out, report, at))
        return -1;
    if (p->memptr_class) {   /* `V C::*` against `int S::*` (lang/member_pointers.c) */
        if (!a->memptr_class)
            return 0;
        int r = k_tpls_match(s, t, p->memptr_class, a->memptr_class, out, report, at);
        return r == 1 ? k_tpls_match(s, t, p->base, a->base, out, report, at) : r;
    }
    if (p->kind == TY_PTR || p->kind == TY_ARRAY) {
        if (a->kind != TY_PTR && a->kind != TY_ARRAY)
            return 0;
        return k_tpls_match(s, t, p->base, a->base, out, report, at);
    }
    if (p->kind == TY_REF)   /* `remove_reference<T &>` (a parameter's own & is gone) */
        return a->kind == TY_REF && a->rvalue_ref == p->rvalue_ref
               ? k_tpls_match(s, t, p->base, a->base, out, report, at) : 0;
    if (p->kind == TY_TEMPLATE_ID)
        return match_template_id(s, t, p, a, out, report, at);
    if (p->kind == TY_FUNC && p->params)
        return match_function_type(s, t, p, a, out, report, at);
    return 1;
}
