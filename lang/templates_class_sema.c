/* lang/templates_class_sema.c -- class templates in sema: an instance per
 * argument list (a copy of the record with its members' types substituted
 * and its member functions cloned, laid out and checked), partial
 * specializations (the fitting one that fixes most, also written with a
 * pack: `Tup<H, T...>`), explicit specializations, alias templates'
 * instances.  Split from lang/templates_sema.c, whose argument lists and
 * substitutions it uses (lang/templates_sema.h). */
#include <stdio.h>
#include <string.h>

#include "namespaces.h"
#include "templates_sema.h"
#include "thrust.h"

/* ---------------------------------------------------- class templates */
tpl_entry *k_tpls_find_class(k_sema_state *s, const char *name)
{
    name = k_thrust_class_alias(name);
    for (tpl_entry *e = s->tpl ? s->tpl->entries : NULL; e; e = e->next)
        if (e->decl->kind == D_RECORD && strcmp(e->decl->name, name) == 0)
            return e;
    return NULL;
}

/* "S::f" of the template's record becomes "S<float>::f". */
const char *k_tpls_member_name(k_sema_state *s, const char *inst, const char *name)
{
    const char *last = name, *sep;
    while ((sep = strstr(last, "::")))
        last = sep + 2;
    size_t a = strlen(inst), b = strlen(last);
    char *r = k_alloc(s->ctx, a + b + 3);
    memcpy(r, inst, a);
    memcpy(r + a, "::", 2);
    memcpy(r + a + 2, last, b + 1);
    return r;
}

/* m, the instance's copy of the class template's member template t: a
 * member template of the instance, its own parameters' defaults substituted
 * (`template <class U = T>`). */
static void member_template_of(k_sema_state *s, k_decl *m, const k_decl *t, const k_subst *sb)
{
    m->is_template = 1;
    m->member_template = 1;
    m->outer_tparams = NULL;
    m->nouter_tparams = 0;
    m->ntparams = t->ntparams;
    m->tparams = t->ntparams ? k_alloc(s->ctx, (size_t)t->ntparams * sizeof *m->tparams) : NULL;
    for (int i = 0; m->tparams && i < t->ntparams; i++) {
        m->tparams[i] = t->tparams[i];
        m->tparams[i].type = k_clone_type(s->ctx, t->tparams[i].type, sb);
        m->tparams[i].def.type = k_clone_type(s->ctx, t->tparams[i].def.type, sb);
        m->tparams[i].def.expr = k_clone_expr(s->ctx, t->tparams[i].def.expr, sb);
    }
}

/* The name the static members of pattern are declared under: the class
 * template's ("ns::S::m"), or a partial specialization's, whose record is
 * tagged "S<T *>" ("ns::S<T *>::m"). */
static const char *statics_scope(k_sema_state *s, const k_decl *tpl, const k_decl *pattern)
{
    if (pattern == tpl || !pattern->type || pattern->type->kind != TY_RECORD ||
        !pattern->type->rec->tag)
        return tpl->name;
    const char *tag = pattern->type->rec->tag, *last = k_ns_last(tpl->name);
    size_t n = (size_t)(last - tpl->name), m = strlen(tag);
    char *q = k_alloc(s->ctx, n + m + 1);
    memcpy(q, tpl->name, n);
    memcpy(q + n, tag, m + 1);
    return q;
}

/* A copy of the template's record with a substituted: its members' types
 * and its member functions, which are checked (and lowered) as functions. */
static k_record *instantiate_class(k_sema_state *s, tpl_entry *en, tpl_inst *in,
                                   const k_decl *pattern, const tpl_args *pargs, k_loc at)
{
    const k_record *tr = pattern->type->rec;
    k_record *r = k_alloc(s->ctx, sizeof *r);
    *r = *tr;
    r->tag = k_tpls_inst_name(s, en->decl, &in->args);
    r->layout_state = 0;
    /* first, so that S<T> inside S's members finds this instance */
    in->decl = k_decl_new(s->ctx, D_RECORD, tr->loc, r->tag);
    in->decl->type = k_type_new(s->ctx, TY_RECORD);
    in->decl->type->rec = r;
    k_subst sb = k_tpls_subst_of(s, pattern, pargs, pattern->ntparams);
    sb.from = tr;
    sb.to = r;
    r->fields = k_pack_fields(s->ctx, tr, &sb, &r->nfields, &r->nbases);   /* `: Ts...` */
    r->fields_cap = r->nfields;
    r->align_expr = k_clone_expr(s->ctx, tr->align_expr, &sb);   /* `alignas(2 * sizeof(T))` */
    r->asserts = tr->nasserts ? k_alloc(s->ctx, (size_t)tr->nasserts * sizeof *r->asserts) : NULL;
    for (int i = 0; i < tr->nasserts; i++) {   /* checked with the instance's arguments */
        r->asserts[i] = k_alloc(s->ctx, sizeof *r->asserts[i]);
        *r->asserts[i] = *tr->asserts[i];
        r->asserts[i]->init = k_clone_expr(s->ctx, tr->asserts[i]->init, &sb);
    }
    k_member_types_instantiate(s->ctx, r, tr, &sb);
    r->methods = k_alloc(s->ctx, (size_t)(tr->nmethods + 1) * sizeof *r->methods);
    for (int i = 0; i < tr->nmethods; i++) {
        k_decl *m = k_clone_func(s->ctx, tr->methods[i], &sb);
        m->name = k_tpls_member_name(s, r->tag, m->name);
        m->method_of = r;
        if (tr->methods[i]->member_template)
            member_template_of(s, m, tr->methods[i], &sb);
        r->methods[i] = m;
    }
    r->methods_cap = tr->nmethods;
    struct k_tpl_sema *ts = k_tpls_state(s);
    int errors = s->ctx->nerrors;
    ts->depth++;
    k_static_members_instantiate(s, statics_scope(s, en->decl, pattern), r, &sb, k_tpls_add_out);
    k_record_layout(s, r);
    k_sema_instance_ctor_space(s, r);
    for (int i = 0; r->methods && i < r->nmethods;) {
        k_decl *m = r->methods[i];
        if (m->member_template) {   /* instantiated where it is called */
            k_tpl_sema_declare(s, m);
            i++;
            continue;
        }
        k_tpls_member_instance(s, m);
        if (i < r->nmethods && r->methods[i] == m) {
            k_tpls_add_out(s, m);
            i++;
        }   /* else deleted and dropped (an implicit copy of a unique_ptr
             * member): the next method now stands at i */
    }
    ts->depth--;
    if (s->ctx->nerrors > errors && ts->notes < 4) {
        k_note(s->ctx, at, "in instantiation of '%s' requested here", r->tag);
        ts->notes++;
    }
    if (ts->depth == 0)
        ts->notes = 0;
    return r;
}

k_record *k_tpls_class_instance(k_sema_state *s, const char *name, k_targ *targs, int n,
                                k_loc loc)
{
    k_type t = { 0 };
    t.kind = TY_TEMPLATE_ID;
    t.name = name;
    t.targs = targs;
    t.ntargs = n;
    k_tpl_sema_type(s, &t, loc);
    return t.kind == TY_RECORD ? t.rec : NULL;
}

/* The index of t's non-type parameter called name, or -1. */
int k_tpls_value_tparam(const k_decl *t, const char *name)
{
    for (int i = 0; name && i < t->ntparams; i++)
        if (t->tparams[i].name && t->tparams[i].type && strcmp(t->tparams[i].name, name) == 0)
            return i;
    return -1;
}

/* Whether partial specialization p (`template <class T> struct S<T *>`)
 * fits the primary's arguments a: its own parameters deduced from them
 * (into pa), and its written arguments with those substituted equal to a. */
/* a's arguments one by one, each pack's elements in its place (the
 * primary `template <class... Ts> struct Tup` of Tup<int, char>: int, char). */
tpl_args k_tpls_flat_args(k_sema_state *s, const k_decl *t, const tpl_args *a)
{
    int n = 0;
    for (int i = 0; i < a->n; i++)
        n += t->tparams[i].pack ? a->packs[i].n : 1;
    tpl_args f;
    k_tpls_args_new(s, &f, n);
    int m = 0;
    for (int i = 0; i < a->n; i++) {
        for (int k = 0; t->tparams[i].pack && k < a->packs[i].n; k++, m++) {
            if (a->packs[i].types)
                f.types[m] = a->packs[i].types[k];
            else
                f.values[m] = a->packs[i].values[k];
        }
        if (!t->tparams[i].pack) {
            f.types[m] = a->types[i];
            f.values[m++] = a->values[i];
        }
    }
    return f;
}

/* A written non-type argument x of partial specialization p against the
 * value v: a parameter of p takes it (once), a literal must equal it. */
static int value_fits(k_sema_state *s, const k_decl *p, const k_expr *x, int64_t v,
                      tpl_args *pa, int *bound)
{
    int k = x && x->kind == E_IDENT ? k_tpls_value_tparam(p, x->name) : -1;
    if (k >= 0) {
        if (bound[k] && pa->values[k] != v)
            return 0;
        pa->values[k] = v;
        bound[k] = 1;
        return 1;
    }
    (void)s;   /* a literal (`S<0, Ns...>`); another expression fits nothing */
    return x && (x->kind == E_INT || x->kind == E_CHAR || x->kind == E_BOOL) &&
           (int64_t)x->ival == v;
}

/* The written type arguments of p before its expansion, with pa
 * substituted, must be flat's types themselves (`S<List<int, T...>>` fits
 * no S<List<char, int>>: matching binds T but compares no int with char). */
static int written_types_equal(k_sema_state *s, const k_decl *p, const tpl_args *flat,
                               const tpl_args *pa, k_loc loc)
{
    k_subst sb = k_tpls_subst_of(s, p, pa, p->ntparams);
    for (int i = 0; i < p->nspec_args && i < flat->n; i++) {
        const k_targ *w = &p->spec_args[i];
        if (w->pack_expand)
            break;
        if (!w->type || w->type->kind == TY_TPARAM)
            continue;
        k_type *t = k_clone_type(s->ctx, w->type, &sb);
        if (!t)
            return 0;
        k_sema_resolve_type(s, t, loc);
        if (!k_ty_same(t, flat->types[i]) || t->quals != flat->types[i]->quals)
            return 0;
    }
    return 1;
}

/* A partial specialization of a variadic class template, or one written
 * with a pack expansion (`template <class H, class... T> struct Tup<H, T...>`):
 * its written arguments against the primary's, flattened; the pack
 * expansion last takes the rest.  Element types are matched as wholes. */
static int partial_fits_pack(k_sema_state *s, const k_decl *p, const tpl_args *flat,
                             tpl_args *pa, k_loc loc)
{
    if (!k_tpls_args_new(s, pa, p->ntparams))
        return 0;
    pa->nexplicit = 0;
    int *bound = k_alloc(s->ctx, (size_t)(p->ntparams + 1) * sizeof *bound);
    int j = 0;
    for (int i = 0; bound && i < p->nspec_args; i++) {
        const k_targ *w = &p->spec_args[i];
        if (w->pack_expand) {
            int k = k_tpls_expansion_pack(p, w);
            if (i != p->nspec_args - 1 || k < 0 || !k_tpls_take_rest(s, p, k, flat, j, pa))
                return 0;
            j = flat->n;
            continue;
        }
        if (j >= flat->n || !w->type != !flat->types[j])
            return 0;
        if (!w->type && !value_fits(s, p, w->expr, flat->values[j], pa, bound))
            return 0;
        if (w->type && k_tpls_match(s, p, w->type, flat->types[j], pa, 0, loc) <= 0)
            return 0;
        j++;
    }
    if (!bound || j != flat->n)
        return 0;
    for (int i = 0; i < p->ntparams; i++)
        if (!p->tparams[i].pack && (p->tparams[i].type ? !bound[i] : !pa->types[i]))
            return 0;
    return written_types_equal(s, p, flat, pa, loc);
}

/* The index of p's template template parameter called name, or -1. */
static int template_tparam(const k_decl *p, const char *name)
{
    for (int i = 0; name && i < p->ntparams; i++)
        if (p->tparams[i].is_template && p->tparams[i].name && !strcmp(p->tparams[i].name, name))
            return i;
    return -1;
}

static int partial_fits(k_sema_state *s, const k_decl *p, const tpl_args *a, tpl_args *pa,
                        k_loc loc)
{
    const k_decl *primary = k_tpls_find_class(s, p->name) ? k_tpls_find_class(s, p->name)->decl : NULL;
    if (primary && (k_tpls_pack_index(primary) >= 0 || k_tpls_pack_index(p) >= 0)) {
        tpl_args flat = k_tpls_flat_args(s, primary, a);
        return partial_fits_pack(s, p, &flat, pa, loc);
    }
    if (p->nspec_args != a->n || !k_tpls_args_new(s, pa, p->ntparams))
        return 0;
    pa->nexplicit = 0;
    int *bound = k_alloc(s->ctx, (size_t)(p->ntparams + 1) * sizeof *bound);
    for (int i = 0; i < a->n; i++) {
        const k_type *w = p->spec_args[i].type;
        const k_expr *x = p->spec_args[i].expr;
        int k = x && x->kind == E_IDENT ? k_tpls_value_tparam(p, x->name) : -1;
        int tt = template_tparam(p, p->spec_args[i].tname);
        if (p->spec_args[i].tname) {   /* `S<T, 1, PtrTraits>`: a template template argument */
            if (!a->tnames || !a->tnames[i])
                return 0;
            if (tt >= 0) {
                pa->tnames[tt] = a->tnames[i];
                bound[tt] = 1;
            } else if (strcmp(p->spec_args[i].tname, a->tnames[i]) != 0) {
                return 0;
            }
        } else if (k >= 0) {      /* `S<char, N>`: N from the argument's value */
            pa->values[k] = a->values[i];
            bound[k] = 1;
        } else if (!w != !a->types[i]) {
            return 0;
        } else if (w && k_tpls_match(s, p, w, a->types[i], pa, 0, loc) <= 0) {
            return 0;
        }
    }
    for (int i = 0; i < p->ntparams; i++)
        if (p->tparams[i].type || p->tparams[i].is_template ? !bound[i] : !pa->types[i])
            return 0;
    /* the written arguments, substituted, must be the arguments themselves */
    k_subst sb = k_tpls_subst_of(s, p, pa, p->ntparams);
    for (int i = 0; i < a->n; i++) {
        if (p->spec_args[i].tname)
            continue;   /* matched above */
        if (!p->spec_args[i].type) {
            int64_t v;
            k_expr *x = k_clone_expr(s->ctx, p->spec_args[i].expr, &sb);
            if (!x || !k_sema_const_int(s, x, &v) || v != a->values[i])
                return 0;
            continue;
        }
        k_type *w = k_clone_type(s->ctx, p->spec_args[i].type, &sb);
        k_sema_resolve_type(s, w, loc);
        if (!k_ty_same(w, a->types[i]) || w->quals != a->types[i]->quals)
            return 0;
    }
    return 1;
}

/* How much a written argument fixes: each pointer, array, qualifier and
 * named type counts one, a bare parameter nothing (`const T *` 3, `T *` 1). */
static int fixed_parts(const k_type *t, int *uses)
{
    int n = 0;
    for (int depth = 0; t && depth < 64; t = t->base, depth++) {
        n += (t->kind != TY_TPARAM) + ((t->quals & Q_CONST) != 0);
        *uses += t->kind == TY_TPARAM;
        for (int i = 0; t->kind == TY_TEMPLATE_ID && i < t->ntargs; i++) {
            /* an element that is no expansion fixes one more (`List<H, T...>`
             * has at least one element, `List<T...>` any number) */
            n += !t->targs[i].pack_expand;
            if (t->targs[i].type)
                n += fixed_parts(t->targs[i].type, uses);
            else
                *uses += t->targs[i].expr && t->targs[i].expr->kind == E_IDENT;
        }
    }
    return n;
}

static int specialized_score(const k_decl *p)
{
    int n = 0, uses = 0;
    for (int i = 0; i < p->nspec_args; i++) {
        if (p->spec_args[i].type)
            n += fixed_parts(p->spec_args[i].type, &uses);
        else if (p->spec_args[i].expr && p->spec_args[i].expr->kind == E_IDENT)
            uses++;
        else
            n += p->spec_args[i].expr != NULL;
    }
    return n + uses - p->ntparams;   /* `S<A, A>`: one parameter used twice */
}

/* The partial specialization of en that fits a and fixes the most of it
 * (C++'s "more specialized" ordering, approximated: `const T *` wins over
 * `T *`; of two that fix as much, the first declared), or NULL. */
static const k_decl *partial_for(k_sema_state *s, tpl_entry *en, const tpl_args *a,
                                 tpl_args *pa, k_loc loc)
{
    const k_decl *best = NULL;
    int best_score = -1;
    for (int i = 0; i < en->npartials; i++) {
        tpl_args try;
        int score = specialized_score(en->partials[i]);
        if (score > best_score && partial_fits(s, en->partials[i], a, &try, loc)) {
            best = en->partials[i];
            best_score = score;
            *pa = try;
        }
    }
    return best;
}

/* Whether the written type t mentions the template parameter called name
 * (a type, or a value given alone: `Seq<T, Ns...>`). */
static int names_tparam(const k_type *t, const char *name)
{
    for (; t; t = t->base) {
        if (t->kind == TY_TPARAM && t->name && strcmp(t->name, name) == 0)
            return 1;
        for (int i = 0; t->kind == TY_TEMPLATE_ID && i < t->ntargs; i++) {
            const k_expr *x = t->targs[i].expr;
            if (names_tparam(t->targs[i].type, name) ||
                (x && x->kind == E_IDENT && x->name && strcmp(x->name, name) == 0))
                return 1;
        }
        for (int i = 0; t->kind == TY_FUNC && t->params && i < t->nparams; i++)
            if (names_tparam(t->params[i], name))   /* `function<R(Args...)>` */
                return 1;
    }
    return 0;
}

void k_tpls_add_partial(k_sema_state *s, k_decl *d)
{
    tpl_entry *en = k_tpls_find_class(s, d->name);
    if (!en) {
        k_error(s->ctx, d->loc, "partial specialization of '%s' without a primary template",
                d->name);
        return;
    }
    for (int i = 0; i < d->ntparams; i++) {
        int used = 0;
        for (int j = 0; j < d->nspec_args && !used && d->tparams[i].name; j++) {
            const k_expr *x = d->spec_args[j].expr;
            const char *tn = d->spec_args[j].tname;   /* a template template parameter's */
            used = names_tparam(d->spec_args[j].type, d->tparams[i].name) ||
                   (x && x->kind == E_IDENT && x->name &&
                    strcmp(x->name, d->tparams[i].name) == 0) ||
                   (tn && strcmp(tn, d->tparams[i].name) == 0);
        }
        if (!used) {
            k_error(s->ctx, d->loc, "template parameter '%s' of a partial specialization of"
                    " '%s' is not used in its arguments (it could never be deduced)",
                    d->tparams[i].name ? d->tparams[i].name : "?", d->name);
            return;
        }
    }
    k_decl **p = k_alloc(s->ctx, (size_t)(en->npartials + 1) * sizeof *p);
    if (en->npartials)
        memcpy(p, en->partials, (size_t)en->npartials * sizeof *p);
    p[en->npartials++] = d;
    en->partials = p;
}

/* The index of alias's parameter that targ b names alone (`T`, `N`,
 * `Ns...`), -1 when it names none, -2 when it names one inside more
 * (`Box<T>`: not rewritten). */
static int alias_param_of(const k_decl *alias, const k_targ *b)
{
    const char *name = b->type && b->type->kind == TY_TPARAM && !b->type->base ? b->type->name
                       : !b->type && b->expr && b->expr->kind == E_IDENT ? b->expr->name : NULL;
    for (int i = 0; name && i < alias->ntparams; i++)
        if (alias->tparams[i].name && strcmp(alias->tparams[i].name, name) == 0)
            return i;
    for (const k_type *t = b->type; t; t = t->base) {
        for (int i = 0; t->kind == TY_TPARAM && i < alias->ntparams; i++)
            if (alias->tparams[i].name && strcmp(alias->tparams[i].name, t->name) == 0)
                return -2;
        if (t->kind == TY_TEMPLATE_ID && t->ntargs)
            return -2;   /* might name one: left alone */
    }
    return b->expr && b->expr->kind != E_INT && !b->type ? -2 : -1;
}

/* Whether the body's arguments from i on are the alias's parameters from
 * i on, in order (`template <class A, class B = X> using T = C<A, B>`). */
static int rest_in_order(const k_decl *alias, const k_type *body, int i)
{
    if (body->ntargs != alias->ntparams)
        return 0;
    for (int j = i; j < body->ntargs; j++)
        if (alias_param_of(alias, &body->targs[j]) != j || body->targs[j].pack_expand)
            return 0;
    return 1;
}

k_type *k_tpls_alias_pattern(k_sema_state *s, const k_decl *alias, const k_type *p)
{
    const k_type *body = alias->alias_type;
    if (!body || body->kind != TY_TEMPLATE_ID || body->base)
        return NULL;
    int pk = k_tpls_pack_index(alias);
    int cap = body->ntargs + p->ntargs + 1, m = 0;
    k_targ *targs = k_alloc(s->ctx, (size_t)cap * sizeof *targs);
    for (int i = 0; targs && i < body->ntargs; i++) {
        const k_targ *b = &body->targs[i];
        int k = alias_param_of(alias, b);
        if (k == -2 || (k >= 0 && (k == pk) != (b->pack_expand != 0)))
            return NULL;
        if (k < 0) {
            targs[m++] = *b;
        } else if (k == pk) {   /* `Ns...`: every argument from the pack's place on */
            for (int j = k; j < p->ntargs; j++)
                targs[m++] = p->targs[j];
        } else if (k < p->ntargs && !p->targs[k].pack_expand) {
            targs[m++] = p->targs[k];
        } else if (k == i && k == p->ntargs - 1 && rest_in_order(alias, body, i)) {
            targs[m++] = p->targs[k];   /* `std::tuple<Ts...>`: Ts takes the slots from k on */
            break;
        } else {
            return NULL;
        }
    }
    k_type *r = k_alloc(s->ctx, sizeof *r);
    if (!r || !targs)
        return NULL;
    *r = *body;
    r->targs = targs;
    r->ntargs = m;
    return r;
}

/* `A<int>` of an alias template `template <class T> using A = X;`: X with
 * T = int, resolved, in place of t (keeping t's qualifiers). */
static void alias_instance(k_sema_state *s, const k_decl *alias, const tpl_args *a, k_type *t,
                           k_loc loc)
{
    k_subst sb = k_tpls_subst_of(s, alias, a, alias->ntparams);
    k_type *r = k_clone_type(s->ctx, alias->alias_type, &sb);
    k_tpls_state(s)->depth++;
    k_sema_resolve_type(s, r, loc);
    k_tpls_state(s)->depth--;
    unsigned quals = t->quals;
    *t = *r;
    t->quals |= quals;
}

void k_tpl_sema_type(k_sema_state *s, k_type *t, k_loc loc)
{
    if (t->kind == TY_TEMPLATE_ID && t->ctad) {   /* not a variable's: lang/ctad.c */
        k_error(s->ctx, loc, "class template argument deduction for '%s' is only built for a"
                " variable's declaration: write its arguments (%s<...>)", t->name, t->name);
        t->ctad = 0;
        return;
    }
    if (t->typedef_node && t->typedef_node->invalid) {   /* reported at the typedef */
        t->kind = TY_INT;
        t->invalid = 1;
        return;
    }
    tpl_entry *en = k_tpls_find_class(s, t->name);
    k_record *r = NULL;
    k_loc at = t->loc.line ? t->loc : loc;   /* a typedef's id: at the typedef */
    if (!en) {
        k_error(s->ctx, loc, "'%s' is not a class template K knows", t->name);
    } else if (s->tpl->depth >= K_TPL_MAX_DEPTH) {
        k_error(s->ctx, loc, "recursive template instantiation exceeded the maximum depth"
                " of %d", K_TPL_MAX_DEPTH);
    } else {
        k_expr use = { 0 };
        use.kind = E_IDENT;
        use.loc = at;
        use.name = t->name;
        use.targs = t->targs;
        use.ntargs = t->ntargs;
        use.has_targs = 1;
        if (use.ntargs > en->decl->ntparams && k_tpls_pack_index(en->decl) < 0) {
            /* reported once; the rest are dropped so that uses of the object
             * are still checked against the class */
            k_error(s->ctx, loc, "too many template arguments for '%s' (it takes %d, %d given)",
                    t->name, en->decl->ntparams, use.ntargs);
            use.ntargs = en->decl->ntparams;
        }
        tpl_args a;
        if (en->decl->alias_type && k_tpls_call_args(s, en->decl, &use, &a, 1)) {
            alias_instance(s, en->decl, &a, t, loc);
            return;
        }
        if (!en->decl->alias_type && k_tpls_call_args(s, en->decl, &use, &a, 1)) {
            for (tpl_inst *in = en->insts; in && !r; in = in->next)
                if (k_tpls_args_equal(&in->args, &a))
                    r = in->decl->type->rec;
            if (!r) {
                tpl_inst *in = k_alloc(s->ctx, sizeof *in);
                in->args = a;
                in->next = en->insts;
                en->insts = in;
                tpl_args pa;
                const k_decl *partial = partial_for(s, en, &a, &pa, loc);
                r = partial ? instantiate_class(s, en, in, partial, &pa, loc)
                            : instantiate_class(s, en, in, en->decl, &a, loc);
            }
        }
    }
    unsigned quals = t->quals;
    if (!r) {
        t->kind = TY_INT;
        t->invalid = 1;
        if (t->typedef_node)
            t->typedef_node->invalid = 1;
        return;
    }
    t->kind = TY_RECORD;
    t->rec = r;
    t->quals = quals;
}

/* `template <> struct S<int> {...}`: the instance of S for <int>. */
void k_tpls_class_specialization(k_sema_state *s, k_decl *d)
{
    tpl_entry *en = k_tpls_find_class(s, d->name);
    if (!en) {
        k_error(s->ctx, d->loc, "explicit specialization of '%s' without a primary template",
                d->name);
        return;
    }
    k_expr use = { 0 };
    use.kind = E_IDENT;
    use.loc = d->loc;
    use.name = d->name;
    use.targs = d->spec_args;
    use.ntargs = d->nspec_args;
    use.has_targs = 1;
    tpl_args a;
    if (!k_tpls_call_args(s, en->decl, &use, &a, 1))
        return;
    tpl_inst *before = k_tpls_add_specialization(s, en, &a, d);
    if (before)
        k_error(s->ctx, d->loc, "explicit specialization of '%s' after its instantiation",
                before->decl->type->rec->tag);
}

const char *k_tpls_class_of(k_sema_state *s, const k_record *rec)
{
    for (tpl_entry *en = k_tpls_state(s)->entries; en; en = en->next)
        for (tpl_inst *in = en->decl->kind == D_RECORD ? en->insts : NULL; in; in = in->next)
            if (in->decl && in->decl->type && in->decl->type->rec == rec)
                return en->decl->name;
    return NULL;
}
