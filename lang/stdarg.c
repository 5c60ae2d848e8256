/* lang/stdarg.c -- <stdarg.h> in host (and device) functions: va_list,
 * va_start, va_arg, va_end, va_copy, and vprintf/vfprintf/vsprintf/
 * vsnprintf on the arguments of the function that started the list.
 *
 * The machine passes arguments in registers and has no memory image of a
 * call's variable arguments, so a variadic function with a body is made
 * like a template: once per list of (promoted) argument types after its
 * fixed parameters, each instance taking them as ordinary parameters
 * `__va0, __va1, ...` (names no program can write).  Inside an instance
 *   - a va_list is an int counting the arguments read so far:
 *     va_start(ap, last) is `ap = 0`, va_end(ap) is `(void)ap`,
 *     va_copy(d, s) is `d = s`;
 *   - va_arg(ap, T) is `(ap++, ap == 1 ? (T)__va0 : ap == 2 ? (T)__va1 :
 *     ... : (T)0)`, so it may run in a loop;
 *   - vprintf(fmt, ap) and the other v-functions become printf(fmt, ...)
 *     with the arguments from the one the list has reached: a chain
 *     `ap == 0 ? printf(fmt, __va0, __va1...) : ap == 1 ? printf(fmt,
 *     __va1...) : ...`.
 * A function taking a va_list (`void logv(const char *, va_list)`) is made
 * the same way, once per list of types of the callers' lists: a call
 * `logv(fmt, ap)` from a variadic instance passes ap (the count) and the
 * caller's variable arguments after it, so logv reads on where it stands. */
#include <stdio.h>
#include <string.h>

#include "sema.h"
#include "templates.h"

static k_expr *node(k_sema_state *s, k_expr_kind kind, k_loc loc)
{
    k_expr *e = k_expr_new(s->ctx, kind, loc);
    e->builtin = -1;
    e->depth = 1;
    return e;
}

static k_expr *ident(k_sema_state *s, const char *name, k_loc loc)
{
    k_expr *e = node(s, E_IDENT, loc);
    e->name = name;
    return e;
}

static k_expr *int_lit(k_sema_state *s, int v, k_loc loc)
{
    k_expr *e = node(s, E_INT, loc);
    e->ival = (uint64_t)v;
    return e;
}

static k_expr *binary(k_sema_state *s, int op, k_expr *a, k_expr *b)
{
    k_expr *e = node(s, E_BINARY, a->loc);
    e->op = op;
    e->lhs = a;
    e->rhs = b;
    e->depth = (a->depth > b->depth ? a->depth : b->depth) + 1;
    return e;
}

static const char *va_name(k_sema_state *s, int i)
{
    char buf[16];
    snprintf(buf, sizeof buf, "__va%d", i);
    return k_strndup(s->ctx, buf, strlen(buf));
}

/* The index of f's va_list parameter, or -1. */
static int va_list_param(const k_decl *f)
{
    for (int i = 0; i < f->nparams; i++) {
        const k_type *t = f->params[i]->type;
        if (t && t->alias && strcmp(t->alias, "va_list") == 0)
            return i;
    }
    return -1;
}

/* A variadic function with a body, or one taking a va_list, is checked per
 * instance only: 1 (and it is left out of the unit) when f is one. */
int k_stdarg_template(k_sema_state *s, k_decl *f)
{
    (void)s;
    if (!f->body || f->method_of)
        return 0;
    if (!f->variadic && va_list_param(f) < 0)
        return 0;
    f->va_receiver = !f->variadic;
    f->is_template = 1;   /* k_tpl_sema_finish leaves it out of the unit */
    return 1;
}

/* The instance of t whose last n parameters have the given types: found
 * among t's instances, else made (named `t(...#k)`) and checked. */
static k_decl *instance_for(k_sema_state *s, k_decl *t, k_type **types, int n, k_loc loc)
{
    for (k_decl *in = t->va_insts; in; in = in->va_next) {
        int same = in->va_count == n;
        for (int i = 0; same && i < n; i++)
            same = k_ty_same(in->params[t->nparams + i]->type, types[i]);
        if (same)
            return in;
    }
    k_subst none = {0};
    k_decl *in = k_clone_func(s->ctx, t, &none);
    if (!in)
        return NULL;
    k_decl **params = k_alloc(s->ctx, sizeof *params * (size_t)(t->nparams + n + 1));
    for (int i = 0; i < t->nparams; i++)
        params[i] = in->params[i];
    for (int i = 0; i < n; i++) {
        params[t->nparams + i] = k_decl_new(s->ctx, D_PARAM, loc, va_name(s, i));
        params[t->nparams + i]->type = types[i];
    }
    int count = 0;
    for (k_decl *o = t->va_insts; o; o = o->va_next)
        count++;
    char name[256];
    snprintf(name, sizeof name, "%s(...#%d)", t->name, count + 1);
    in->name = k_strndup(s->ctx, name, strlen(name));
    in->params = params;
    in->nparams = t->nparams + n;
    in->variadic = 0;
    in->is_template = 0;
    in->va_receiver = 0;
    in->va_count = n;
    in->va_instance = 1;
    in->va_next = t->va_insts;
    t->va_insts = in;
    k_sema_instance(s, in);
    k_sema_add_lifted(s, in);
    return in;
}

static int own_list(k_sema_state *s, k_expr *e, const char *what);

/* The call e passes the caller's va_list to t: the instance of t for the
 * caller's argument types, the caller's arguments appended to e's. */
static k_decl *receiver_instance(k_sema_state *s, k_expr *e, k_decl *t, k_decl *f)
{
    int p = va_list_param(t);
    if (p >= e->nargs || e->nargs != t->nparams || !own_list(s, e->args[p], "passing a va_list"))
        return f;
    int n = s->fn->va_count, first = s->fn->nparams - n;
    k_type **types = k_alloc(s->ctx, sizeof *types * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        types[i] = s->fn->params[first + i]->type;
    k_decl *in = instance_for(s, t, types, n, e->loc);
    if (!in)
        return f;
    k_expr **args = k_alloc(s->ctx, sizeof *args * (size_t)(e->nargs + n + 1));
    for (int i = 0; i < e->nargs; i++)
        args[i] = e->args[i];
    for (int i = 0; i < n; i++)
        args[e->nargs + i] = ident(s, s->fn->params[first + i]->name, e->loc);
    e->args = args;
    e->nargs += n;
    return in;
}

/* The instance of variadic (or va_list-taking) f for the call e (f itself
 * when f is neither). */
k_decl *k_stdarg_instance(k_sema_state *s, k_expr *e, k_decl *f)
{
    k_decl *t = f->body ? f : f->definition;
    if (!t || !t->body || t->method_of)
        return f;
    if (t->va_receiver)
        return receiver_instance(s, e, t, f);
    if (!t->variadic || e->nargs < t->nparams)
        return f;
    int n = e->nargs - t->nparams;
    k_type **types = k_alloc(s->ctx, sizeof *types * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        k_type *a = k_sema_rvalue(s, e->args[t->nparams + i]);
        if (!a)
            return f;
        a = k_decay(s->ctx, a);
        types[i] = k_ty_is_float(a) ? k_ty(s->ctx, TY_DOUBLE)
                   : k_ty_is_integer(a) ? k_ty(s->ctx, k_kind_promote(a->kind)) : a;
    }
    k_decl *in = instance_for(s, t, types, n, e->loc);
    return in ? in : f;
}

/* Is e a va_list of the variadic instance being checked?  Reports why not. */
static int own_list(k_sema_state *s, k_expr *e, const char *what)
{
    k_type *t = k_sema_expr(s, e);
    if (!t)
        return 0;
    if (!t->alias || strcmp(t->alias, "va_list") != 0 || !e->is_lvalue) {
        k_error(s->ctx, e->loc, "%s needs a va_list variable", what);
        return 0;
    }
    if (e->kind != E_IDENT) {
        k_error(s->ctx, e->loc, "%s needs a va_list variable", what);
        return 0;
    }
    if (!s->fn || !s->fn->va_instance) {
        k_error(s->ctx, e->loc, "%s: a va_list is read only in the variadic function that "
                "started it, or in a function it passes the list to, in K", what);
        return 0;
    }
    return 1;
}

/* A call of `to` with the first nfixed arguments of e (copied), then the
 * instance's variable arguments from the one at index from. */
static k_expr *forward(k_sema_state *s, k_expr *e, int nfixed, const char *to, int from)
{
    k_subst none = {0};
    int n = s->fn->va_count, first = s->fn->nparams - n;
    k_expr *c = node(s, E_CALL, e->loc);
    c->args = k_alloc(s->ctx, sizeof *c->args * (size_t)(nfixed + n + 1));
    for (int i = 0; i < nfixed; i++)
        c->args[c->nargs++] = k_clone_expr(s->ctx, e->args[i], &none);
    for (int i = from; i < n; i++)
        c->args[c->nargs++] = ident(s, s->fn->params[first + i]->name, e->loc);
    c->name = to;
    c->depth = 2;
    return c;
}

/* vprintf(fmt, ap) and the others: `ap == 0 ? printf(fmt, __va0, __va1...) :
 * ap == 1 ? printf(fmt, __va1...) : ... : printf(fmt)`, the arguments from
 * the one the list has reached (va_arg may have advanced it). */
static void forward_from_list(k_sema_state *s, k_expr *e, int nfixed, const char *to)
{
    k_expr *ap = e->args[nfixed];
    int n = s->fn->va_count;
    k_expr *chain = forward(s, e, nfixed, to, n);
    for (int i = n - 1; i >= 0; i--) {
        k_expr *c = node(s, E_COND, e->loc);
        c->cond = binary(s, KB_EQ, ident(s, ap->name, e->loc), int_lit(s, i, e->loc));
        c->lhs = forward(s, e, nfixed, to, i);
        c->rhs = chain;
        c->depth = chain->depth + 1;
        chain = c;
    }
    *e = *chain;
}

/* va_start, va_end, va_copy and the v-printf family (the E_CALL e):
 * rewritten as the header says; 1 when e was one of them. */
int k_stdarg_call(k_sema_state *s, k_expr *e)
{
    static const struct { const char *name, *to; int list; } vfuncs[] = {
        {"vprintf", "printf", 1}, {"vfprintf", "fprintf", 2}, {"vsprintf", "sprintf", 2},
        {"vsnprintf", "snprintf", 3}, {"std::vprintf", "printf", 1},
        {"std::vfprintf", "fprintf", 2}, {"std::vsnprintf", "snprintf", 3},
    };
    const char *n = e->name;
    if (!n || e->has_targs)
        return 0;
    if (strcmp(n, "va_start") == 0 || strcmp(n, "va_end") == 0 || strcmp(n, "va_copy") == 0 ||
        strcmp(n, "__builtin_va_start") == 0 || strcmp(n, "__builtin_va_end") == 0) {
        int copy = strcmp(n, "va_copy") == 0;
        if (e->nargs != (strstr(n, "end") ? 1 : 2)) {
            k_error(s->ctx, e->loc, "wrong number of arguments to %s", n);
            return 1;
        }
        if (!own_list(s, e->args[0], n) || (copy && !own_list(s, e->args[1], n)))
            return 1;
        e->kind = strstr(n, "end") ? E_CAST : E_ASSIGN;
        e->op = KB_NONE;
        e->lhs = e->args[0];
        e->rhs = copy ? e->args[1] : int_lit(s, 0, e->loc);
        if (e->kind == E_CAST) {
            e->type_written = k_ty(s->ctx, TY_VOID);
            e->rhs = NULL;
        }
        e->args = NULL;
        e->nargs = 0;
        e->name = NULL;
        k_sema_expr(s, e);
        return 1;
    }
    for (size_t i = 0; i < sizeof vfuncs / sizeof vfuncs[0]; i++) {
        if (strcmp(n, vfuncs[i].name) != 0)
            continue;
        int l = vfuncs[i].list;
        if (e->nargs != l + 1) {
            k_error(s->ctx, e->loc, "%s takes %d arguments, %d given", n, l + 1, e->nargs);
            return 1;
        }
        if (!own_list(s, e->args[l], n))
            return 1;
        forward_from_list(s, e, l, vfuncs[i].to);
        k_sema_expr(s, e);
        return 1;
    }
    return 0;
}

/* Can a cast make a T of an argument of type a (numbers from numbers,
 * pointers from pointers or integers, integers from pointers)? */
static int castable(const k_type *t, const k_type *a)
{
    if (k_ty_is_arith(t) && k_ty_is_arith(a))
        return 1;
    if (t->kind == TY_PTR)
        return a->kind == TY_PTR || k_ty_is_integer(a);
    return k_ty_is_integer(t) && a->kind == TY_PTR;
}

/* The variable argument p read as a T: p converted when a cast can, p
 * itself when it has type T (a record), else NULL (never that argument). */
static k_expr *read_as(k_sema_state *s, k_decl *p, k_type *t, k_loc loc)
{
    if (k_ty_is_scalar(t) && castable(t, p->type)) {
        k_expr *v = node(s, E_CAST, loc);
        v->type_written = t;
        v->lhs = ident(s, p->name, loc);
        v->depth = 2;
        return v;
    }
    return k_ty_same(p->type, t) ? ident(s, p->name, loc) : NULL;
}

/* What va_arg(ap, T) gives past the last argument of type T: (T)0, or a
 * zero T record, `(T){}` (reading it is undefined in C). */
static k_expr *zero_of(k_sema_state *s, k_type *t, k_loc loc)
{
    k_expr *z = node(s, k_ty_is_scalar(t) ? E_CAST : E_COMPOUND, loc);
    z->type_written = t;
    z->lhs = k_ty_is_scalar(t) ? int_lit(s, 0, loc) : node(s, E_INIT_LIST, loc);
    z->depth = 2;
    return z;
}

/* va_arg(ap, T) (the E_VA_ARG e), rewritten in place: `(++ap, ap == 1 ?
 * (T)__va0 : ap == 2 ? (T)__va1 : ... : (T)0)` over the arguments a T can be
 * read from (scalars from scalars, a record from a record of its type). */
k_type *k_stdarg_va_arg(k_sema_state *s, k_expr *e)
{
    k_type *t = e->type_written;
    k_sema_resolve_type(s, t, e->loc);
    if (!own_list(s, e->lhs, "va_arg"))
        return NULL;
    if (!k_ty_is_scalar(t) && t->kind != TY_RECORD) {
        k_error(s->ctx, e->loc, "va_arg of an array or function type is not valid");
        return NULL;
    }
    int n = s->fn->va_count, first = s->fn->nparams - n;
    k_expr *ap = e->lhs;
    k_expr *chain = zero_of(s, t, e->loc);
    for (int i = n - 1; i >= 0; i--) {
        k_expr *v = read_as(s, s->fn->params[first + i], t, e->loc);
        if (!v)
            continue;
        k_expr *c = node(s, E_COND, e->loc);
        c->cond = binary(s, KB_EQ, ident(s, ap->name, e->loc), int_lit(s, i + 1, e->loc));
        c->lhs = v;
        c->rhs = chain;
        c->depth = chain->depth + 1;
        chain = c;
    }
    k_expr *inc = node(s, E_UNARY, e->loc);
    inc->op = KU_PREINC;
    inc->lhs = ident(s, ap->name, e->loc);
    inc->depth = 2;
    k_expr *all = binary(s, KB_COMMA, inc, chain);
    *e = *all;
    return k_sema_expr(s, e);
}
