/* lang/templates_sema.c -- function templates in sema: the templates a unit
 * declares, the arguments of a call (explicit, deduced from the call's
 * arguments, defaults), and one instance per distinct argument list.
 *
 * An instance is a copy of the template's tree with the parameters
 * substituted (lang/clone.c says why a copy), checked as a function defined
 * at file scope the first time a call needs it, and cached, so `f<4>` called
 * twice is one function and a recursive `f<N - 1>` ends at an explicit
 * specialization or an `if` on N.  Instances replace their templates in the
 * unit handed to lowering (k_tpl_sema_finish).
 */
#include <stdio.h>
#include <string.h>

#include "namespaces.h"
#include "sema.h"
#include "templates.h"
#include "templates_sema.h"
#include "thrust.h"

struct k_tpl_sema *k_tpls_state(k_sema_state *s)
{
    if (!s->tpl)
        s->tpl = k_alloc(s->ctx, sizeof *s->tpl);
    return s->tpl;
}

void k_tpls_add_out(k_sema_state *s, k_decl *d)
{
    struct k_tpl_sema *ts = k_tpls_state(s);
    if (ts->nout == ts->cap) {
        int cap = ts->cap ? ts->cap * 2 : 16;
        k_decl **a = k_alloc(s->ctx, (size_t)cap * sizeof *a);
        if (ts->nout)
            memcpy(a, ts->out, (size_t)ts->nout * sizeof *a);
        ts->out = a;
        ts->cap = cap;
    }
    ts->out[ts->nout++] = d;
}

tpl_entry *k_tpls_find_entry(k_sema_state *s, const char *name, int ntparams)
{
    for (tpl_entry *e = s->tpl ? s->tpl->entries : NULL; e; e = e->next)
        if (strcmp(e->decl->name, name) == 0 && (ntparams < 0 || e->decl->ntparams == ntparams))
            return e;
    return NULL;
}

/* ---------------------------------------------------------- arguments */
/* <random>'s engines and distributions are all handles (longs) told apart
 * by their alias; std::mt19937 and std::minstd_rand0 are different types,
 * with different min() and max(), so different instantiations. */
static int same_library_type(const k_type *x, const k_type *y)
{
    if (!k_random_is_type(x) && !k_random_is_type(y))
        return 1;
    return x->alias && y->alias && strcmp(x->alias, y->alias) == 0;
}

/* Pointers to functions of different parameters are different arguments
 * (k_ty_same compares a function type's result only): `launch(scale, ...)`
 * and `launch(fill, ...)` are two instances. */
static int same_fn_params(const k_type *x, const k_type *y)
{
    while (x && y && x->kind == TY_PTR && y->kind == TY_PTR)
        x = x->base, y = y->base;
    if (!x || !y || x->kind != TY_FUNC || y->kind != TY_FUNC || !x->params || !y->params)
        return 1;
    if (x->nparams != y->nparams || x->variadic != y->variadic)
        return 0;
    for (int i = 0; i < x->nparams; i++)
        if (!k_ty_same(x->params[i], y->params[i]))
            return 0;
    return 1;
}

static int same_type_arg(const k_type *x, const k_type *y)
{
    return k_ty_same(x, y) && (x->quals & ~Q_RESTRICT) == (y->quals & ~Q_RESTRICT) &&
           same_library_type(x, y) && same_fn_params(x, y);
}

static int packs_equal(const tpl_pack *x, const tpl_pack *y)
{
    if (x->n != y->n)
        return 0;
    for (int i = 0; i < x->n; i++)
        if (x->types ? !same_type_arg(x->types[i], y->types[i]) : x->values[i] != y->values[i])
            return 0;
    return 1;
}

int k_tpls_args_equal(const tpl_args *a, const tpl_args *b)
{
    if (a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++) {
        if (a->tnames[i] || b->tnames[i]) {
            if (!a->tnames[i] || !b->tnames[i] || strcmp(a->tnames[i], b->tnames[i]) != 0)
                return 0;
            continue;
        }
        if (a->packs[i].n || b->packs[i].n) {
            if (!packs_equal(&a->packs[i], &b->packs[i]))
                return 0;
            continue;
        }
        const k_type *x = a->types[i], *y = b->types[i];
        if ((x == NULL) != (y == NULL))
            return 0;
        if (x ? !same_type_arg(x, y) : a->values[i] != b->values[i])
            return 0;
    }
    return 1;
}

/* Records d as en's instance for the arguments a (an explicit
 * specialization, of a function or class template), unless an instance for
 * them was made before: that one is returned, and nothing is recorded. */
tpl_inst *k_tpls_add_specialization(k_sema_state *s, tpl_entry *en, const tpl_args *a,
                                    k_decl *d)
{
    for (tpl_inst *in = en->insts; in; in = in->next)
        if (k_tpls_args_equal(&in->args, a))
            return in;
    tpl_inst *in = k_alloc(s->ctx, sizeof *in);
    in->args = *a;
    in->decl = d;
    in->next = en->insts;
    en->insts = in;
    return NULL;
}

int k_tpls_args_new(k_sema_state *s, tpl_args *a, int n)
{
    a->n = n;
    a->nexplicit = 0;
    a->have = NULL;
    a->types = k_alloc(s->ctx, (size_t)(n + 1) * sizeof *a->types);
    a->values = k_alloc(s->ctx, (size_t)(n + 1) * sizeof *a->values);
    a->packs = k_alloc(s->ctx, (size_t)(n + 1) * sizeof *a->packs);
    a->tnames = k_alloc(s->ctx, (size_t)(n + 1) * sizeof *a->tnames);
    return a->types && a->values && a->packs && a->tnames;
}

/* Appends arguments [from, to) of a to buf (of length *len) as "<...>". */
static void args_text(const k_decl *t, const tpl_args *a, int from, int to, char *buf,
                      size_t size, size_t *len)
{
    if (*len < size - 1)
        *len += (size_t)snprintf(buf + *len, size - *len, "<");
    int any = 0;
    for (int i = from; i < to && *len < size - 1; i++) {
        char tb[1024];   /* an argument's whole name (std::tuple<int, ... 24 ints>): the
                            instance is known by its name, so a cut one would name two */
        size_t len0 = *len;
        const char *sep = any ? ", " : "";
        if (t->tparams[i].pack) {     /* a pack: its elements, maybe none */
            for (int k = 0; k < a->packs[i].n && *len < size - 1; k++, any = 1) {
                const tpl_pack *p = &a->packs[i];
                if (p->types)
                    snprintf(buf + *len, size - *len, "%s%s", any ? ", " : "",
                             k_ty_str(p->types[k], tb, sizeof tb));
                else
                    snprintf(buf + *len, size - *len, "%s%lld", any ? ", " : "",
                             (long long)p->values[k]);
                *len = strlen(buf);
            }
            continue;
        }
        any = 1;
        if (a->tnames[i])
            snprintf(buf + len0, size - len0, "%s%s", sep, a->tnames[i]);
        else if (a->types[i])
            snprintf(buf + len0, size - len0, "%s%s", sep, k_ty_str(a->types[i], tb, sizeof tb));
        else if (t->tparams[i].type && !k_kind_is_signed(t->tparams[i].type->kind))
            snprintf(buf + len0, size - len0, "%s%llu", sep, (unsigned long long)a->values[i]);
        else
            snprintf(buf + len0, size - len0, "%s%lld", sep, (long long)a->values[i]);
        *len = strlen(buf);
    }
    if (*len < size - 1)
        *len += (size_t)snprintf(buf + *len, size - *len, ">");
}

/* `f<int, 256>`: the name of an instance, for messages and the module.  A
 * member class template's is its enclosing class's instance's member
 * ("Outer<int>::Inner<float>", "List<int>::Node"). */
const char *k_tpls_inst_name(k_sema_state *s, const k_decl *t, const tpl_args *a)
{
    char buf[4096];
    size_t len = 0;
    int no = t->nouter_class_params <= a->n ? t->nouter_class_params : 0;
    const char *last = t->name, *sep;
    while (no && (sep = strstr(last, "::")))
        last = sep + 2;
    if (no && last != t->name) {
        len = (size_t)snprintf(buf, sizeof buf, "%.*s", (int)(last - 2 - t->name), t->name);
        args_text(t, a, 0, no, buf, sizeof buf, &len);
        if (len < sizeof buf - 1)
            len += (size_t)snprintf(buf + len, sizeof buf - len, "::%s", last);
        if (no < a->n)
            args_text(t, a, no, a->n, buf, sizeof buf, &len);
        return k_strndup(s->ctx, buf, strlen(buf));
    }
    len = (size_t)snprintf(buf, sizeof buf, "%s", t->name);
    args_text(t, a, 0, a->n, buf, sizeof buf, &len);
    return k_strndup(s->ctx, buf, strlen(buf));
}


/* The type of non-type parameter p of t: written, or an earlier type
 * parameter's argument (`template <class T, T v>`, std::integral_constant),
 * or a type naming earlier parameters substituted afresh for each argument
 * list (`std::enable_if_t<std::is_integral<T>::value, int> = 0`: resolving
 * the written one would fix it for good). */
static k_type *value_type(k_sema_state *s, const k_decl *t, const k_tparam *p,
                          const tpl_args *a)
{
    int i = p->type && p->type->kind == TY_TPARAM ? k_tpl_tparam_index(t, p->type->name) : -1;
    if (i >= 0 && i < a->n && a->types[i])
        return a->types[i];
    if (p->type && (k_tpl_may_fail(p->type) || p->type->memptr_class) && p >= t->tparams && p < t->tparams + t->ntparams) {
        k_subst sb = k_tpls_subst_of(s, t, a, (int)(p - t->tparams));
        return k_clone_type(s->ctx, p->type, &sb);
    }
    return p->type;
}

/* A non-type argument: an integer constant converted to the parameter's type. */
static int value_arg(k_sema_state *s, const k_tparam *p, k_type *type, k_expr *e, int64_t *v)
{
    k_sema_resolve_type(s, type, p->loc);
    if (!k_ty_is_integer(type)) {
        k_error(s->ctx, p->loc, "a non-type template parameter of type '%s' is not supported"
                " (K takes integer ones)", k_ty_str(type, (char[TYBUF]){0}, TYBUF));
        return 0;
    }
    if (!k_sema_const_int(s, e, v))
        return 0;
    *v = (int64_t)k_kind_wrap(type->kind, (uint64_t)*v);
    return 1;
}

/* The index of t's parameter pack, or -1. */
int k_tpls_pack_index(const k_decl *t)
{
    for (int i = 0; i < t->ntparams; i++)
        if (t->tparams[i].pack)
            return i;
    return -1;
}

/* The explicit arguments from ta[from] on into the pack p (it takes them all). */
static int explicit_pack(k_sema_state *s, const k_decl *t, const k_tparam *p,
                         const k_targ *ta, int from, int nta, tpl_args *a)
{
    tpl_pack *out = &a->packs[p - t->tparams];
    out->n = nta - from;
    if (out->n <= 0) {
        out->n = 0;
        return 1;
    }
    if (!p->type)
        out->types = k_alloc(s->ctx, (size_t)out->n * sizeof *out->types);
    else
        out->values = k_alloc(s->ctx, (size_t)out->n * sizeof *out->values);
    for (int k = 0; k < out->n; k++) {
        const k_targ *g = &ta[from + k];
        if (!p->type && !g->type) {
            k_error(s->ctx, g->loc, "template argument for template type parameter pack '%s'"
                    " must be a type", p->name ? p->name : "?");
            return 0;
        }
        if (p->type && !g->expr) {
            k_error(s->ctx, g->loc, "template argument for non-type template parameter pack"
                    " '%s' must be an expression", p->name ? p->name : "?");
            return 0;
        }
        if (!p->type) {
            k_sema_resolve_type(s, g->type, g->loc);
            out->types[k] = g->type;
        } else if (!value_arg(s, p, value_type(s, t, p, a), g->expr, &out->values[k])) {
            return 0;
        }
    }
    return 1;
}

/* The explicit arguments `f<...>` into a; returns 0 after reporting an error. */
static int explicit_args(k_sema_state *s, const k_decl *t, const k_targ *ta, int nta,
                         k_loc at, tpl_args *a, int report)
{
    int pk = k_tpls_pack_index(t);
    for (int i = 0; !report && i < nta && i < t->ntparams; i++) {
        int pi = pk >= 0 && i > pk ? pk : i;
        if (t->tparams[pi].is_template ? !ta[i].tname
                                       : !t->tparams[pi].type != (ta[i].type != NULL))
            return 0;     /* another overload may take these arguments */
    }
    for (int i = 0; pk >= 0 && i < nta; i++)
        if (ta[i].pack_expand) {
            k_error(s->ctx, ta[i].loc, "'...' expands no parameter pack here");
            return 0;
        }
    if (pk >= 0 && nta > pk) {
        if (!explicit_args(s, t, ta, pk, at, a, report))
            return 0;
        return explicit_pack(s, t, &t->tparams[pk], ta, pk, nta, a);
    }
    if (nta > t->ntparams) {
        k_error(s->ctx, at, "too many template arguments for '%s' (it takes %d, %d given)",
                t->name, t->ntparams, nta);
        return 0;
    }
    for (int i = 0; i < nta; i++) {
        const k_tparam *p = &t->tparams[i];
        if (p->is_template || ta[i].tname) {
            if (!p->is_template || !ta[i].tname) {
                k_error(s->ctx, ta[i].loc, p->is_template
                        ? "template argument for template template parameter '%s' must be a"
                          " class template" : "template argument for template parameter '%s'"
                        " must be a type or a value, not a class template",
                        p->name ? p->name : "?");
                return 0;
            }
            a->tnames[i] = ta[i].tname;
            continue;
        }
        if (!p->type) {
            if (!ta[i].type) {
                const k_expr *x = ta[i].expr;
                if (x && x->kind == E_IDENT && !x->has_targs && !k_sema_lookup(s, x->name))
                    k_error(s->ctx, ta[i].loc, "unknown type name '%s'", x->name);
                else
                    k_error(s->ctx, ta[i].loc, "template argument for template type parameter"
                            " '%s' must be a type", p->name ? p->name : "?");
                return 0;
            }
            k_sema_resolve_type(s, ta[i].type, ta[i].loc);
            a->types[i] = ta[i].type;
        } else {
            if (!ta[i].expr) {
                k_error(s->ctx, ta[i].loc, "template argument for non-type template parameter"
                        " '%s' must be an expression", p->name ? p->name : "?");
                return 0;
            }
            if (!value_arg(s, p, value_type(s, t, p, a), ta[i].expr, &a->values[i]))
                return 0;
        }
    }
    return 1;
}


/* Whether the written type mentions one of t's type parameters. */
static int mentions_tparam(const k_type *p)
{
    for (; p; p = p->base) {
        if (p->kind == TY_TPARAM || (p->memptr_class && mentions_tparam(p->memptr_class)))
            return 1;
        if (p->kind == TY_ARRAY && p->len_expr && p->len_expr->kind == E_IDENT)
            return 1;   /* maybe a non-type parameter: `T (&a)[N]` (match_length) */
        for (int i = 0; p->kind == TY_TEMPLATE_ID && i < p->ntargs; i++) {
            if (p->targs[i].type && mentions_tparam(p->targs[i].type))
                return 1;
            if (!p->targs[i].type && p->targs[i].expr && p->targs[i].expr->kind == E_IDENT)
                return 1;   /* maybe a non-type parameter: `Box<N>`, or a pack: `Seq<Ns...>` */
        }
    }
    return 0;
}

static int deduce_one(k_sema_state *s, const k_decl *t, k_expr *call, int i, int pi,
                      tpl_args *a, int report);

/* The function parameter pack pi (`Ts... xs`) against call arguments i
 * on: each argument deduces one element of its template parameter pack
 * (a forwarding reference `A &&...` deduces `T &` from an lvalue). */
static int deduce_pack(k_sema_state *s, const k_decl *t, k_expr *call, int i, int pi,
                       tpl_args *a, int report)
{
    const k_decl *fp = t->params[pi];
    int k = k_tpls_pattern_pack(t, fp->type);
    if (k < 0) {
        k_error(s->ctx, fp->loc, "the function parameter pack '%s' names no template"
                " parameter pack", fp->name ? fp->name : "?");
        return 0;
    }
    if (k < a->nexplicit)
        return 1;     /* given explicitly: the elements are fixed */
    tpl_pack *pk = &a->packs[k];
    pk->n = call->nargs > i ? call->nargs - i : 0;
    pk->types = k_alloc(s->ctx, (size_t)(pk->n + 1) * sizeof *pk->types);
    for (int j = 0; j < pk->n; j++) {
        a->types[k] = NULL;
        if (!deduce_one(s, t, call, i + j, pi, a, report))
            return 0;
        k_type *el = a->types[k];
        if (!el) {
            if (report)
                k_error(s->ctx, call->args[i + j]->loc, "no matching function for call to"
                        " '%s': couldn't infer template argument '%s' from argument %d",
                        t->name, t->tparams[k].name, i + j + 1);
            return 0;
        }
        const k_expr *arg = call->args[i + j];
        if (fp->fwd_ref && arg->is_lvalue && !arg->is_xvalue && el->kind != TY_REF &&
            el->kind != TY_FUNC) {
            k_type *ref = k_type_new(s->ctx, TY_REF);
            k_type *base = k_alloc(s->ctx, sizeof *base);
            *base = *arg->type;
            ref->base = base;
            el = ref;
        }
        pk->types[j] = el;
    }
    a->types[k] = NULL;
    if (a->have)
        a->have[k] = 1;
    return 1;
}

/* Deduces from the call's arguments the parameters explicit arguments left. */
static int deduce(k_sema_state *s, const k_decl *t, k_expr *call, tpl_args *a, int report)
{
    for (int i = 0; i < t->nparams; i++) {
        if (t->params[i]->pack)   /* the last one C++ deduces from */
            return deduce_pack(s, t, call, i, i, a, report);
        if (i < call->nargs && !deduce_one(s, t, call, i, i, a, report))
            return 0;
    }
    return 1;
}

/* `T &&x` with T a parameter of t is a forwarding reference: an lvalue
 * argument (not an xvalue) deduces T as `U &`, which `&&` collapses to
 * (lang/clone.c); an rvalue leaves T = U, the parameter U &&. */
static void forwarding_lvalue(k_sema_state *s, const k_decl *t, const k_type *p,
                              const k_expr *arg, tpl_args *a)
{
    if (p->kind != TY_REF || !p->rvalue_ref || p->base->kind != TY_TPARAM || p->base->quals ||
        !arg->is_lvalue || arg->is_xvalue)
        return;
    int k = k_tpl_tparam_index(t, p->base->name);
    k_type *el = k >= a->nexplicit ? a->types[k] : NULL;
    if (!el || el->kind == TY_REF || el->kind == TY_ARRAY || el->kind == TY_FUNC)
        return;
    k_type *ref = k_type_new(s->ctx, TY_REF);
    ref->base = el;
    a->types[k] = ref;
}

/* Call argument i against t's function parameter pi. */
/* A parameter `B<T>` (or `B<T> *`) deduces from an argument of a class
 * derived from an instance of B, as C++ does when no exact match does
 * ([temp.deduct.call]): a's direct bases, then theirs. */
static int match_base(k_sema_state *s, const k_decl *t, const k_type *p, const k_type *a,
                      tpl_args *out, int report, k_loc at)
{
    if (p->kind == TY_PTR && a->kind == TY_PTR) {
        p = p->base;
        a = a->base;
    }
    if (p->kind != TY_TEMPLATE_ID || a->kind != TY_RECORD)
        return 0;
    k_record_layout(s, a->rec);
    for (int i = 0; i < a->rec->nbases && a->rec->bases; i++) {
        k_type base = *a;
        base.rec = a->rec->bases[i];
        int r = k_tpls_match(s, t, p, &base, out, report, at);
        if (r == 0)
            r = match_base(s, t, p, &base, out, report, at);
        if (r != 0)
            return r;
    }
    return 0;
}

static int deduce_one(k_sema_state *s, const k_decl *t, k_expr *call, int i, int pi,
                      tpl_args *a, int report)
{
    {
        const k_type *p = t->params[pi]->type;
        if (!mentions_tparam(p))
            return 1;
        k_type *at = k_sema_rvalue(s, call->args[i]);
        if (!at)
            return 0;
        if ((p->kind == TY_PTR || p->kind == TY_ARRAY) && k_is_null_const(call->args[i]))
            return 1;   /* `0` for a `T *`: deduces nothing, converts once T is known */
        k_type top = *k_decay(s->ctx, at);
        top.quals = 0;            /* by value: the argument's own const goes */
        k_type pt = *p;
        if (pt.kind == TY_ARRAY)  /* `T a[]` is `T *a` */
            pt.kind = TY_PTR;
        pt.quals = 0;
        if (p->kind == TY_REF) {  /* `T &` and `const T &` see the argument itself */
            top = *at;
            top.quals = at->quals & ~p->base->quals;
            pt = *p->base;
            pt.quals = 0;
        }
        int r = k_tpls_match(s, t, &pt, &top, a, report, call->args[i]->loc);
        if (r == 0)
            r = match_base(s, t, &pt, &top, a, report, call->args[i]->loc);
        if (r == 0 && a->nexplicit == t->ntparams && top.kind == TY_RECORD)
            return 1;   /* `f<S>(h)`: nothing left to deduce, so h converts to
                           `volatile S *` as to a plain parameter (operator S *()) */
        if (r < 0)
            return 0;
        if (r > 0)
            forwarding_lvalue(s, t, p, call->args[i], a);
        if (r == 0) {
            if (report) {
                char x[TYBUF];
                k_error(s->ctx, call->args[i]->loc, "no matching function for call to '%s':"
                        " argument %d of type '%s' does not fit parameter '%s'", t->name,
                        i + 1, k_ty_str(at, x, sizeof x), t->params[pi]->name
                                                          ? t->params[pi]->name : "?");
            }
            return 0;
        }
    }
    return 1;
}

/* Pack p's elements in sb (a non-type pack's as `(T)value` each, T its
 * type as written or an earlier type parameter's argument). */
static void add_pack(k_sema_state *s, k_subst *sb, const k_decl *t, const k_tparam *p,
                     const tpl_args *args)
{
    const tpl_pack *a = &args->packs[p - t->tparams];
    k_pack *packs = k_alloc(s->ctx, (size_t)(sb->npacks + 1) * sizeof *packs);
    if (sb->npacks)
        memcpy(packs, sb->packs, (size_t)sb->npacks * sizeof *packs);
    k_pack *k = &packs[sb->npacks];
    k->name = p->name;
    k->n = a->n;
    if (!p->type) {
        k->types = k_alloc(s->ctx, (size_t)(a->n + 1) * sizeof *k->types);
        for (int i = 0; i < a->n; i++)
            k->types[i] = a->types[i];
    } else {
        k->exprs = k_alloc(s->ctx, (size_t)(a->n + 1) * sizeof *k->exprs);
        for (int i = 0; i < a->n; i++) {
            k_expr *lit = k_expr_new(s->ctx, E_INT, p->loc);
            k_expr *cast = k_expr_new(s->ctx, E_CAST, p->loc);
            lit->ival = (uint64_t)a->values[i];
            lit->int_unsigned = 1;
            lit->int_long = 2;
            lit->depth = 1;
            cast->lhs = lit;
            cast->depth = 2;
            cast->type_written = k_clone_type(s->ctx, value_type(s, t, p, args), NULL);
            k->exprs[i] = cast;
        }
    }
    sb->packs = packs;
    sb->npacks++;
}

/* The substitution of the arguments bound so far (the first n parameters). */
k_subst k_tpls_subst_of(k_sema_state *s, const k_decl *t, const tpl_args *a, int n)
{
    k_subst sb = { 0 };
    sb.names = k_alloc(s->ctx, (size_t)(n + 1) * sizeof *sb.names);
    sb.types = k_alloc(s->ctx, (size_t)(n + 1) * sizeof *sb.types);
    sb.exprs = k_alloc(s->ctx, (size_t)(n + 1) * sizeof *sb.exprs);
    sb.tnames = k_alloc(s->ctx, (size_t)(n + 1) * sizeof *sb.tnames);
    sb.at = t->loc;
    for (int i = 0; i < n; i++) {
        const k_tparam *p = &t->tparams[i];
        if (p->pack) {
            add_pack(s, &sb, t, p, a);
            continue;
        }
        sb.names[i] = p->name;
        sb.types[i] = a->types[i];
        sb.tnames[i] = a->tnames[i];
        if (p->type) {
            /* `(unsigned int)256`: sema folds it, with the parameter's type */
            k_expr *lit = k_expr_new(s->ctx, E_INT, p->loc);
            k_expr *cast = k_expr_new(s->ctx, E_CAST, p->loc);
            lit->ival = (uint64_t)a->values[i];
            lit->int_unsigned = 1;
            lit->int_long = 2;
            cast->lhs = lit;
            cast->depth = 2;
            cast->type_written = k_clone_type(s->ctx, value_type(s, t, p, a), NULL);
            sb.exprs[i] = cast;
        }
    }
    sb.n = n;
    return sb;
}

/* Parameters neither given nor deduced take their defaults, in order. */
static int defaults(k_sema_state *s, const k_decl *t, tpl_args *a, const int *have,
                    k_loc at, int report)
{
    for (int i = 0; i < t->ntparams; i++) {
        const k_tparam *p = &t->tparams[i];
        if (have[i] || (!p->type && a->types[i]) || p->pack || a->tnames[i])
            continue;     /* a pack neither given nor deduced is empty */
        if (p->is_template && p->def.tname) {
            a->tnames[i] = p->def.tname;
            continue;
        }
        k_subst sb = k_tpls_subst_of(s, t, a, i);
        if (!p->type && p->def.type) {
            a->types[i] = k_clone_type(s->ctx, p->def.type, &sb);
            k_sema_resolve_type(s, a->types[i], p->loc);
        } else if (p->type && p->def.expr && !p->is_template) {
            if (!value_arg(s, p, value_type(s, t, p, a), k_clone_expr(s->ctx, p->def.expr, &sb),
                           &a->values[i]))
                return 0;
        } else {
            if (report && t->kind == D_RECORD)
                k_error(s->ctx, at, "too few template arguments for class template '%s'"
                        " (no argument or default for '%s')", t->name, p->name ? p->name : "?");
            else if (report)
                k_error(s->ctx, at, "no matching function for call to '%s': couldn't infer"
                        " template argument '%s'", t->name, p->name ? p->name : "?");
            return 0;
        }
    }
    return 1;
}

/* The whole argument list of a call of template t; 0 if it has none.
 * ret, when not NULL, is an explicit specialization's return type, which
 * deduces too (`template <> float to(float)` of `template <class T> T to(float)`). */
static int call_args(k_sema_state *s, const k_decl *t, k_expr *call, const k_type *ret,
                     tpl_args *a, int report)
{
    if (!k_tpls_args_new(s, a, t->ntparams))
        return 0;
    if (!report && call->ntargs > t->ntparams && k_tpls_pack_index(t) < 0)
        return 0;
    if (!explicit_args(s, t, call->targs, call->ntargs, call->loc, a, report))
        return 0;
    int *have = k_alloc(s->ctx, (size_t)(t->ntparams + call->ntargs + 1) * sizeof *have);
    int pk = k_tpls_pack_index(t);
    a->nexplicit = pk >= 0 && call->ntargs > pk ? pk + 1 : call->ntargs;
    for (int i = 0; i < a->nexplicit; i++)
        have[i] = 1;
    a->have = have;
    if (!deduce(s, t, call, a, report))
        return 0;
    if (ret && t->type && t->type->base)   /* a mismatch is left to the instance's check */
        (void)k_tpls_match(s, t, t->type->base, ret, a, 0, call->loc);
    a->have = NULL;
    return defaults(s, t, a, have, call->loc, report);
}

int k_tpls_call_args(k_sema_state *s, const k_decl *t, k_expr *call, tpl_args *a, int report)
{
    return call_args(s, t, call, NULL, a, report);
}

/* ------------------------------------------------------- instantiation */
/* Copies the template's tree for a and checks it (or waits for a body). */
static void instantiate(k_sema_state *s, tpl_entry *en, tpl_inst *in, k_loc at)
{
    struct k_tpl_sema *ts = k_tpls_state(s);
    const k_decl *t = en->decl;
    k_subst sb = k_tpls_subst_of(s, t, &in->args, t->ntparams);
    k_decl *d = k_clone_func(s->ctx, t, &sb);
    if (!d)
        return;
    d->name = in->decl ? in->decl->name : k_tpls_inst_name(s, t, &in->args);
    if (in->decl)
        *in->decl = *d;       /* calls already point at it */
    else
        in->decl = d;
    in->pending = !t->body && !s->unevaluated;   /* decltype's operand needs no body */
    if (!t->body)
        return;
    if (ts->depth >= K_TPL_MAX_DEPTH) {
        k_error(s->ctx, at, "recursive template instantiation exceeded the maximum depth of %d",
                K_TPL_MAX_DEPTH);
        in->decl->body = NULL;
        return;
    }
    int errors = s->ctx->nerrors;
    ts->depth++;
    k_sema_instance(s, in->decl);
    ts->depth--;
    /* the innermost few instantiations explain an error; more would flood */
    if (s->ctx->nerrors > errors && ts->notes < 4) {
        k_note(s->ctx, at, "in instantiation of '%s' requested here", in->decl->name);
        ts->notes++;
    }
    if (ts->depth == 0)
        ts->notes = 0;
    k_tpls_add_out(s, in->decl);
}

k_decl *k_tpls_instance(k_sema_state *s, tpl_entry *en, tpl_args *a, k_loc at)
{
    for (tpl_inst *in = en->insts; in; in = in->next)
        if (k_tpls_args_equal(&in->args, a)) {
            /* an explicit specialization has its own body: the primary
             * template may stay a declaration (`template <class T> T f(float);`) */
            in->pending |= !en->decl->body && !in->decl->body && !s->unevaluated;
            return in->decl;
        }
    tpl_inst *in = k_alloc(s->ctx, sizeof *in);
    in->args = *a;
    in->next = en->insts;
    en->insts = in;
    instantiate(s, en, in, at);
    return in->decl;
}

/* Partial ordering, simplified: how much of each parameter's type is fixed
 * around its template parameters (`T *` beats `T`, `const T *` beats `T *`,
 * `Iter<T>` beats `T`, and a type that names no template parameter, such as
 * Thrust's `__device_policy`, beats `P`). */
static int specificity(const k_decl *t)
{
    int n = 0;
    for (int i = 0; i < t->nparams; i++) {
        const k_type *top = t->params[i]->type;
        /* `f(It, It)` beats `f(It, Size)`: a parameter's type repeats an
         * earlier one's template parameter, so fewer argument lists fit */
        for (int j = 0; j < i && top->kind == TY_TPARAM; j++)
            if (t->params[j]->type->kind == TY_TPARAM && top->name &&
                t->params[j]->type->name && !strcmp(top->name, t->params[j]->type->name)) {
                n++;
                break;
            }
        n -= 3 * t->params[i]->pack;  /* `f(T)` beats `f(T, R...)` (C++'s partial ordering) */
        n += 2 * !mentions_tparam(top);
        for (const k_type *p = top; p; p = p->base) {
            n += (p->kind == TY_PTR || p->kind == TY_ARRAY) + ((p->quals & Q_CONST) != 0)
                 + 2 * (p->kind == TY_TEMPLATE_ID);
            /* `f(List<H, Ts...>)` beats `f(List<Ts...>)`: one element more
             * fixed; `f(List<double, Ts...>)` both: its type fixed too */
            for (int j = 0; p->kind == TY_TEMPLATE_ID && j < p->ntargs; j++)
                n += !p->targs[j].pack_expand +
                     (p->targs[j].type && !mentions_tparam(p->targs[j].type));
        }
    }
    return n;
}

/* How the call's arguments fit t's parameters with a substituted: 0 not
 * at all, 1 through conversions, 2 exactly.  Overloaded templates
 * (`DecodePixel(float4, ...)`, `DecodePixel(uchar4, ...)`) are told apart so. */
static int fit(k_sema_state *s, const k_decl *t, const tpl_args *a, k_expr *call)
{
    k_subst sb = k_tpls_subst_of(s, t, a, t->ntparams);
    int np = t->nparams;
    k_decl **params = t->params;
    if (sb.npacks)                    /* each parameter pack as its elements */
        params = k_clone_params(s->ctx, t, &sb, &np);
    if (call->nargs > np && !t->variadic)
        return 0;
    for (int i = call->nargs; i < np; i++)
        if (!params[i]->init)         /* no default argument (C++) for it */
            return 0;
    int exact = 1;
    for (int i = 0; i < np && i < call->nargs; i++) {
        k_type *p = sb.npacks ? params[i]->type : k_clone_type(s->ctx, params[i]->type, &sb);
        k_type *at = k_sema_rvalue(s, call->args[i]);
        if (!p || !at)
            return 0;
        k_sema_resolve_type(s, p, call->loc);
        if (p->kind == TY_REF && p->base)   /* binds to the argument itself */
            p = p->base;
        else if (p->kind == TY_ARRAY)
            p = k_type_ptr(s->ctx, p->base);
        if (p->kind != TY_ARRAY)   /* `T (&a)[N]` keeps the argument an array */
            at = k_decay(s->ctx, at);
        if (p->kind == TY_ARRAY && k_ty_same(p, at))
            continue;
        if (p->kind == TY_ARRAY)
            return 0;
        if (k_ty_same(p, at))
            continue;
        exact = 0;
        if (p->kind == TY_RECORD && at->kind == TY_RECORD && k_record_derives(at->rec, p->rec))
            continue;   /* a derived class's object binds its base (match_base) */
        if (k_ty_is_record(p) || k_ty_is_record(at))
            return 0;
        if (p->kind == TY_PTR ? at->kind != TY_PTR && !k_is_null_const(call->args[i])
                              : !(k_ty_is_arith(p) && k_ty_is_arith(at)))
            return 0;
    }
    return exact ? 2 : 1;
}

/* Whether a plain function takes exactly the call's argument types (then it
 * wins over a template, as in C++). */
static int exact_match(k_sema_state *s, const k_decl *f, k_expr *call)
{
    if (f->nparams != call->nargs)
        return 0;
    for (int i = 0; i < call->nargs; i++) {
        k_type *at = k_sema_rvalue(s, call->args[i]);
        if (!at || !k_ty_same(k_decay(s->ctx, at), f->params[i]->type))
            return 0;
    }
    return 1;
}

/* Whether one of the plain overloads of f takes exactly the call's argument
 * types (`__sort_kind(int *)` beside `template <class T> __sort_kind(T *)`). */
static int overload_exact(k_sema_state *s, k_decl *f, k_expr *call)
{
    k_decl *cand[64];
    int n = k_sema_overloads(s, f, cand, 64);
    for (int i = 0; i < n; i++)
        if (cand[i]->kind == D_FUNC && exact_match(s, cand[i], call))
            return 1;
    return exact_match(s, f, call);
}


/* `S<int>::f(args)`: the static member function f of the instance r
 * (written so, or `P::f(args)` with P bound to it). */
static int static_member_call(k_sema_state *s, k_expr *e, k_record *r)
{
    if (!r)
        return -1;
    const char *member = k_ns_last(e->name);
    for (int i = 0; i < r->nmethods; i++) {
        k_decl *m = r->methods[i];
        if (m->method_kind == M_STATIC && strcmp(k_ns_last(m->name), member) == 0 &&
            m->member_template) {   /* `S<int>::make(v)`: deduced as any template's call */
            e->name = m->name;
            e->tpl_class = NULL;
            e->has_targs = 0;
            e->targs = NULL;
            e->ntargs = 0;
            return k_tpl_sema_call(s, e);
        }
        if (m->method_kind == M_STATIC && strcmp(k_ns_last(m->name), member) == 0) {
            e->decl = m;
            return 1;
        }
        int before = e->nargs;   /* `Base<T>::f()` in a derived class: on `this` */
        if (strcmp(k_ns_last(m->name), member) == 0 && m->nparams == e->nargs + 1 &&
            (k_virtual_qualified_call(s, e, m), e->nargs != before)) {
            e->decl = m;
            return 1;
        }
    }
    k_error(s->ctx, e->loc, "no static member function '%s' in '%s'", member, r->tag);
    return -1;
}

/* ---- SFINAE: a candidate whose substitution fails is no candidate ---- */
/* t's result and parameter types with a substituted, resolved: 0 when
 * that reported an error (k_tpl_sema_call discards it: SFINAE). */
static int signature_ok(k_sema_state *s, const k_decl *t, const tpl_args *a, k_loc loc)
{
    int errors = s->ctx->nerrors;
    k_subst sb = k_tpls_subst_of(s, t, a, t->ntparams);
    if (t->type && t->type->base && k_decltype_in(t->type->base))
        k_decltype_signature(s, t, &sb);   /* `-> decltype(expr)` (lang/decltype.c) */
    else if (t->type && t->type->base && k_tpl_may_fail(t->type->base))
        k_sema_resolve_type(s, k_clone_type(s->ctx, t->type->base, &sb), loc);
    for (int i = 0; i < t->nparams; i++)
        if (!t->params[i]->pack && k_tpl_may_fail(t->params[i]->type))
            k_sema_resolve_type(s, k_clone_type(s->ctx, t->params[i]->type, &sb), loc);
    return s->ctx->nerrors == errors;
}

/* Deduces and substitutes candidate t for call e with the diagnostics put
 * aside: 1 with *a when it fits, 0 when the arguments do not fit, 2 when
 * its substitution failed (what went wrong is dropped: SFINAE). */
static int sfinae_args(k_sema_state *s, const k_decl *t, k_expr *e, tpl_args *a)
{
    k_ctx *ctx = s->ctx;
    int ndiags = ctx->ndiags, nerrors = ctx->nerrors, help_ok = ctx->help_ok;
    int ok = k_tpls_call_args(s, t, e, a, 0);
    if (ok && !signature_ok(s, t, a, e->loc))
        ok = 2;
    if (ctx->nerrors != nerrors)
        ok = 2;
    ctx->ndiags = ndiags;
    ctx->nerrors = nerrors;
    ctx->help_ok = help_ok;
    return ok;
}

int k_tpl_has_function(k_sema_state *s, const char *name)
{
    for (tpl_entry *en = k_tpls_find_entry(s, name, -1); en; en = en->next)
        if (strcmp(en->decl->name, name) == 0 && en->decl->kind == D_FUNC)
            return 1;
    return 0;
}

/* Whether a function template named as e takes e's number of arguments. */
static int any_arity_fits(const tpl_entry *first, const k_expr *e)
{
    for (const tpl_entry *en = first; en; en = en->next) {
        const k_decl *t = en->decl;
        if (strcmp(t->name, e->name) != 0 || t->kind != D_FUNC)
            continue;
        int required = 0, open = t->variadic;
        for (int i = 0; i < t->nparams; i++) {
            if (t->params[i]->pack)
                open = 1;
            else if (!t->params[i]->init)
                required++;
        }
        if (e->nargs >= required && (open || e->nargs <= t->nparams))
            return 1;
    }
    return 0;
}

int k_tpl_sema_call(k_sema_state *s, k_expr *e)
{
    if (e->tpl_class && k_tpls_find_class(s, e->tpl_class))
        return static_member_call(s, e, k_tpls_class_instance(s, e->tpl_class, e->targs,
                                                              e->ntargs, e->loc));
    if (e->param_class && !k_sema_lookup(s, e->name) && k_tpls_class_of(s, e->param_class))
        return static_member_call(s, e, e->param_class);   /* `P::f()`, P a C<int> */
    tpl_entry *first = k_tpls_find_entry(s, e->name, -1);
    if (!first)
        return 0;
    k_decl *plain = k_sema_lookup(s, e->name);
    if (plain && plain->kind != D_FUNC)
        return 0;     /* a local variable hides the template */
    if (!e->has_targs && plain && overload_exact(s, plain, e))
        return 0;
    int builtin_exact, builtin = !plain && k_sema_builtin_rival(s, e, &builtin_exact);
    if (builtin && builtin_exact)
        return 0;   /* CUDA's plain min/max fits exactly: it beats a template */
    if (!plain && !e->has_targs && !any_arity_fits(first, e) &&
        k_sema_builtin_lookup(s, e->name) >= 0)
        return 0;   /* `std::remove("file")`: <cstdio>'s, not <algorithm>'s three-argument one */
    int ncand = 0;
    for (tpl_entry *en = first; en; en = en->next)
        ncand += strcmp(en->decl->name, e->name) == 0 && en->decl->kind == D_FUNC;
    int report = ncand == 1 && (!plain || e->has_targs) && !builtin;
    tpl_entry *best = NULL;
    tpl_args best_args;
    int best_fit = 0, dropped = 0;
    for (tpl_entry *en = first; en; en = en->next) {
        if (strcmp(en->decl->name, e->name) != 0 || en->decl->kind != D_FUNC)
            continue;
        tpl_args a;
        int errors = s->ctx->nerrors;
        int sf = k_tpl_sfinae_prone(en->decl);
        int ok = sf ? sfinae_args(s, en->decl, e, &a) : k_tpls_call_args(s, en->decl, e, &a, report);
        if (sf && ok == 0 && report)   /* the one candidate: why its arguments do not fit */
            ok = k_tpls_call_args(s, en->decl, e, &a, 1);
        if (ok == 1) {
            /* a single template's conversions are check_args's to report */
            int f = report ? 2 : fit(s, en->decl, &a, e);
            if (f > best_fit || (f && f == best_fit
                                 && specificity(en->decl) > specificity(best->decl))) {
                best = en;
                best_args = a;
                best_fit = f;
            }
        } else if (s->ctx->nerrors > errors) {
            return -1;
        } else {
            dropped += ok == 2;
        }
    }
    /* a plain function that needs conversions still beats a template that does */
    if (best && !(plain && best_fit < 2 && !e->has_targs)) {
        e->decl = k_tpls_instance(s, best, &best_args, e->loc);
        return e->decl ? 1 : -1;
    }
    if (plain || builtin)
        return 0;   /* the plain function's, or CUDA's min/max with conversions */
    if (dropped)
        k_error(s->ctx, e->loc, "no matching function template for call to '%s': substituting"
                " the arguments failed for every candidate (a false std::enable_if condition,"
                " a member type its argument lacks, or a decltype not valid for it)", e->name);
    else
        k_error(s->ctx, e->loc, "no matching function template for call to '%s'", e->name);
    return -1;
}

/* Whether template t is the operator called name, declared at file scope or
 * in a namespace (found through its operands' namespaces in C++, from
 * anywhere here, as classes.c's candidates() finds the plain ones). */
static int operator_named(const k_decl *t, const char *name)
{
    size_t dl = strlen(t->name), len = strlen(name);
    return t->kind == D_FUNC && !t->method_of &&
           (strcmp(t->name, name) == 0 ||
            (dl > len + 2 && strcmp(t->name + dl - len, name) == 0 && t->name[dl - len - 1] == ':'));
}

k_decl *k_tpl_sema_operator(k_sema_state *s, const char *name, k_expr **args, int nargs,
                            k_loc loc)
{
    k_expr call = { 0 };
    call.kind = E_CALL;
    call.name = name;
    call.args = args;
    call.nargs = nargs;
    call.loc = loc;
    tpl_entry *best = NULL;
    tpl_args best_args;
    int best_fit = 0;
    for (tpl_entry *en = s->tpl ? s->tpl->entries : NULL; en; en = en->next) {
        tpl_args a;
        if (!operator_named(en->decl, name) || en->decl->nparams != nargs ||
            !k_tpls_call_args(s, en->decl, &call, &a, 0))
            continue;
        int f = fit(s, en->decl, &a, &call);
        if (f > best_fit || (f && f == best_fit &&
                             specificity(en->decl) > specificity(best->decl))) {
            best = en;
            best_args = a;
            best_fit = f;
        }
    }
    return best ? k_tpls_instance(s, best, &best_args, loc) : NULL;
}

/* `S<int>::count`: the static data member of the instance (static_members.c). */
static k_decl *static_data_member(k_sema_state *s, k_expr *e)
{
    k_record *r = k_tpls_class_instance(s, e->tpl_class, e->targs, e->ntargs, e->loc);
    if (!r)
        return NULL;
    const char *member = k_ns_last(e->name);
    const char *name = k_tpls_member_name(s, r->tag, member);
    k_decl *d = k_sema_lookup(s, name);
    const char *last = k_ns_last(e->tpl_class);
    if ((!d || d->kind != D_VAR) && last != e->tpl_class) {
        /* an explicit specialization in a namespace: its record is tagged
         * "S<int>" and its members are "ns::S<int>::m" */
        size_t n = (size_t)(last - e->tpl_class), m = strlen(name);
        char *q = k_alloc(s->ctx, n + m + 1);
        memcpy(q, e->tpl_class, n);
        memcpy(q + n, name, m + 1);
        k_decl *qd = k_sema_lookup(s, q);
        if (qd && qd->kind == D_VAR) {
            d = qd;
            name = q;
        }
    }
    if (!d || d->kind != D_VAR) {
        k_error(s->ctx, e->loc, "no static data member '%s' in '%s'", member, r->tag);
        return NULL;
    }
    e->name = name;
    e->has_targs = 0;
    e->tpl_class = NULL;
    return d;
}

k_decl *k_tpl_sema_var(k_sema_state *s, k_expr *e)
{
    if (e->tpl_class && k_tpls_find_class(s, e->tpl_class))
        return static_data_member(s, e);
    tpl_entry *en = k_tpls_find_entry(s, e->name, -1);
    while (en && (en->decl->kind != D_VAR || strcmp(en->decl->name, e->name) != 0))
        en = en->next;
    if (!en && k_tpls_function_value(s, e, &en))
        return en ? NULL : e->decl;
    if (!en) {
        k_error(s->ctx, e->loc, k_tpls_find_entry(s, e->name, -1)
                ? "function template '%s' used as a value (call it)"
                : "'%s' is not a variable template", e->name);
        return NULL;
    }
    tpl_args a;
    if (!k_tpls_call_args(s, en->decl, e, &a, 1))
        return NULL;
    for (tpl_inst *in = en->insts; in; in = in->next)
        if (k_tpls_args_equal(&in->args, &a))
            return in->decl;
    tpl_inst *in = k_alloc(s->ctx, sizeof *in);
    k_subst sb = k_tpls_subst_of(s, en->decl, &a, en->decl->ntparams);
    k_decl *d = k_clone_func(s->ctx, en->decl, &sb);
    if (!d)
        return NULL;
    d->name = k_tpls_inst_name(s, en->decl, &a);
    in->args = a;
    in->decl = d;
    in->next = en->insts;
    en->insts = in;
    int errors = s->ctx->nerrors;
    k_sema_var_instance(s, d);
    if (s->ctx->nerrors > errors)
        k_note(s->ctx, e->loc, "in instantiation of '%s' requested here", d->name);
    k_tpls_add_out(s, d);
    return d;
}

/* ------------------------------------------------------- declarations */
/* `template <> int f<int>(int)`: the instance for its arguments; or
 * `template int f<int>(int);`: an explicit instantiation, made now. */
/* The primary template an explicit specialization d is of: among the
 * templates of its name, the first with as many function parameters (or a
 * pack), so that `template <> float2 add(float2, float2, float2)` is of
 * `add(T, T, T)`, not of an `add(T, T)` declared before it. */
static tpl_entry *primary_of(k_sema_state *s, const k_decl *d)
{
    tpl_entry *first = NULL;
    for (tpl_entry *e = s->tpl ? s->tpl->entries : NULL; e; e = e->next) {
        if (strcmp(e->decl->name, d->name) != 0 || e->decl->ntparams == 0)
            continue;
        const k_decl *t = e->decl;
        int pack = t->nparams > 0 && t->params[t->nparams - 1]->pack;
        if (t->kind != D_FUNC || t->nparams == d->nparams || (pack && d->nparams >= t->nparams - 1))
            return e;
        if (!first)
            first = e;
    }
    return first;
}

static void specialization(k_sema_state *s, k_decl *d)
{
    tpl_entry *en = primary_of(s, d);
    if (!en) {
        k_error(s->ctx, d->loc, "explicit %s of '%s' without a primary template",
                d->explicit_inst ? "instantiation" : "specialization", d->name);
        return;
    }
    for (int i = 0; i < d->nparams; i++) {
        k_sema_resolve_type(s, d->params[i]->type, d->params[i]->loc);
        if (d->params[i]->type->kind == TY_ARRAY)
            d->params[i]->type = k_type_ptr(s->ctx, d->params[i]->type->base);
    }
    k_expr call = { 0 };
    call.kind = E_CALL;
    call.loc = d->loc;
    call.name = d->name;
    call.targs = d->spec_args;
    call.ntargs = d->nspec_args;
    call.nargs = d->nparams;
    call.args = k_alloc(s->ctx, (size_t)(d->nparams + 1) * sizeof *call.args);
    for (int i = 0; i < d->nparams; i++) {
        /* deduction from the specialization's own parameter types */
        k_expr *x = k_expr_new(s->ctx, E_IDENT, d->params[i]->loc);
        k_type *pt = d->params[i]->type;
        /* `template <> M plus(const M &a, ...)`: an argument of type M, an
         * lvalue (an rvalue for `M &&`), as a call's would be */
        x->type = pt->kind == TY_REF ? pt->base : pt;
        x->is_lvalue = pt->kind == TY_REF && !pt->rvalue_ref;
        x->name = d->params[i]->name ? d->params[i]->name : "";
        call.args[i] = x;
    }
    tpl_args a;
    if (d->type && d->type->base)
        k_sema_resolve_type(s, d->type->base, d->loc);
    if (!call_args(s, en->decl, &call, d->type ? d->type->base : NULL, &a, 1))
        return;
    if (d->explicit_inst) {
        k_tpls_instance(s, en, &a, d->loc);
        return;
    }
    tpl_inst *before = k_tpls_add_specialization(s, en, &a, d);
    if (before) {
        k_error(s->ctx, d->loc, "explicit specialization of '%s' after its instantiation",
                before->decl->name);
        return;
    }
    d->name = k_tpls_inst_name(s, en->decl, &a);
    d->is_template = 0;       /* lowered where it stands in the unit */
    k_sema_instance(s, d);
}

/* Whether name is "C::m" with C a class template (its static member's
 * definition outside the class). */
static int class_member_of(k_sema_state *s, const char *name)
{
    const char *last = NULL;
    for (const char *q = strstr(name, "::"); q; q = strstr(q + 2, "::"))
        last = q;
    if (!last)
        return 0;
    char buf[256];
    size_t n = (size_t)(last - name);
    if (n >= sizeof buf)
        return 0;
    memcpy(buf, name, n);
    buf[n] = '\0';
    return k_tpls_find_class(s, buf) != NULL;
}

void k_tpl_sema_declare(k_sema_state *s, k_decl *d)
{
    if (d->kind == D_RECORD && d->ntparams == 0) {
        k_tpls_class_specialization(s, d);
        return;
    }
    if (d->kind == D_RECORD && d->nspec_args) {
        k_tpls_add_partial(s, d);
        return;
    }
    if (d->kind == D_FUNC && d->method_of && (!d->member_template || d->nouter_tparams))
        return;               /* a class template's member: copied with its class */
    if (d->kind == D_VAR && (d->static_member || class_member_of(s, d->name))) {
        k_static_member_pattern(s, d);   /* a class template's static member */
        return;
    }
    if (d->kind == D_VAR && d->ntparams == 0) {
        k_error(s->ctx, d->loc, "explicit specializations of variable templates are not"
                " supported in K ('%s')", d->name);
        return;
    }
    if (d->ntparams == 0) {
        specialization(s, d);
        return;
    }
    tpl_entry *en = k_tpls_find_entry(s, d->name, -1);
    /* overloaded templates are different entries; a redeclaration is the same */
    while (en && (strcmp(en->decl->name, d->name) != 0
                  || (d->kind == D_FUNC && en->decl->kind == D_FUNC
                      && !k_tpl_same_template(en->decl, d))))
        en = en->next;
    if (en && d->kind == D_RECORD && en->decl->kind == D_RECORD &&
        (d->fwd_record || en->decl->fwd_record)) {
        if (en->decl->fwd_record)   /* declared before, defined now */
            en->decl = d;
        return;
    }
    if (en && (en->decl->kind != D_FUNC || d->kind != D_FUNC)) {
        k_error(s->ctx, d->loc, "redefinition of '%s'", d->name);
        k_note(s->ctx, en->decl->loc, "previous definition is here");
        return;
    }
    if (en) {
        if (d->body && en->decl->body && k_unit_same_text(s->ctx, en->decl, d))
            return;   /* a file read as a unit and #included: one definition */
        if (d->body && en->decl->body) {
            k_error(s->ctx, d->loc, "redefinition of '%s'", d->name);
            k_note(s->ctx, en->decl->loc, "previous definition is here");
            return;
        }
        if (!d->body)
            return;
        k_tpl_inherit_defaults(d, en->decl);
        en->decl = d;
        /* calls before the definition: their instances get its body now */
        for (tpl_inst *in = en->insts; in; in = in->next)
            if (in->pending)
                instantiate(s, en, in, d->loc);
        return;
    }
    en = k_alloc(s->ctx, sizeof *en);
    en->decl = d;
    struct k_tpl_sema *ts = k_tpls_state(s);
    /* append: overloaded templates are tried in declaration order */
    tpl_entry **p = &ts->entries;
    while (*p)
        p = &(*p)->next;
    *p = en;
}

void k_tpl_sema_finish(k_sema_state *s, k_unit *unit)
{
    struct k_tpl_sema *ts = s->tpl;
    for (tpl_entry *en = ts ? ts->entries : NULL; en; en = en->next)
        for (tpl_inst *in = en->insts; in; in = in->next)
            if (in->pending)
                k_error(s->ctx, in->decl->loc, "function template '%s' is used but never"
                        " defined", en->decl->name);
    int n = 0;
    for (int i = 0; i < unit->ndecls; i++)
        n += !unit->decls[i]->is_template;
    k_decl **d = k_alloc(s->ctx, (size_t)(n + (ts ? ts->nout : 0) + 1) * sizeof *d);
    n = 0;
    for (int i = 0; i < unit->ndecls; i++)
        if (!unit->decls[i]->is_template)
            d[n++] = unit->decls[i];
    for (int i = 0; ts && i < ts->nout; i++)
        d[n++] = ts->out[i];
    unit->decls = d;
    unit->ndecls = n;
}
