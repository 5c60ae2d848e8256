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
 *   - vprintf(fmt, ap) and the other v-functions become printf(fmt, __va0,
 *     ...) and so on: all the arguments, from the first (a list already
 *     advanced by va_arg is not supported: the format reads from the first).
 * A va_list passed on to another function cannot be read there: an error. */
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

/* A variadic function with a body is checked per instance only: 1 (and it
 * is left out of the unit) when f is one. */
int k_stdarg_template(k_sema_state *s, k_decl *f)
{
    (void)s;
    if (!f->variadic || !f->body || f->method_of)
        return 0;
    f->is_template = 1;   /* k_tpl_sema_finish leaves it out of the unit */
    return 1;
}

/* The instance of variadic f for the call e (f itself when f is none). */
k_decl *k_stdarg_instance(k_sema_state *s, k_expr *e, k_decl *f)
{
    k_decl *t = f->body ? f : f->definition;
    if (!t || !t->variadic || !t->body || t->method_of || e->nargs < t->nparams)
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
        return f;
    k_decl **params = k_alloc(s->ctx, sizeof *params * (size_t)(t->nparams + n + 1));
    for (int i = 0; i < t->nparams; i++)
        params[i] = in->params[i];
    for (int i = 0; i < n; i++) {
        params[t->nparams + i] = k_decl_new(s->ctx, D_PARAM, e->loc, va_name(s, i));
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
    in->va_count = n;
    in->va_instance = 1;
    in->va_next = t->va_insts;
    t->va_insts = in;
    k_sema_instance(s, in);
    k_sema_add_lifted(s, in);
    return in;
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
        k_error(s->ctx, e->loc, "%s: only the variadic function that started a va_list can "
                "read it in K (pass the arguments on with a variadic call instead)", what);
        return 0;
    }
    return 1;
}

/* The first nfixed arguments of e, then the instance's variable ones. */
static void forward(k_sema_state *s, k_expr *e, int nfixed, const char *to)
{
    int n = s->fn->va_count, first = s->fn->nparams - n;
    k_expr **args = k_alloc(s->ctx, sizeof *args * (size_t)(nfixed + n + 1));
    for (int i = 0; i < nfixed; i++)
        args[i] = e->args[i];
    for (int i = 0; i < n; i++)
        args[nfixed + i] = ident(s, s->fn->params[first + i]->name, e->loc);
    e->args = args;
    e->nargs = nfixed + n;
    e->name = to;
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
        forward(s, e, l, vfuncs[i].to);
        return 0;   /* now printf(...): checked as any call */
    }
    return 0;
}

/* va_arg(ap, T) (the E_VA_ARG e), rewritten in place. */
k_type *k_stdarg_va_arg(k_sema_state *s, k_expr *e)
{
    k_type *t = e->type_written;
    k_sema_resolve_type(s, t, e->loc);
    if (!own_list(s, e->lhs, "va_arg"))
        return NULL;
    if (!k_ty_is_scalar(t)) {
        k_error(s->ctx, e->loc, "va_arg of a non-scalar type is not supported in K");
        return NULL;
    }
    int n = s->fn->va_count, first = s->fn->nparams - n;
    k_expr *ap = e->lhs;
    k_expr *chain = node(s, E_CAST, e->loc);
    chain->type_written = t;
    chain->lhs = int_lit(s, 0, e->loc);
    chain->depth = 2;
    for (int i = n - 1; i >= 0; i--) {
        k_expr *c = node(s, E_COND, e->loc);
        c->cond = binary(s, KB_EQ, ident(s, ap->name, e->loc), int_lit(s, i + 1, e->loc));
        k_expr *v = node(s, E_CAST, e->loc);
        v->type_written = t;
        v->lhs = ident(s, s->fn->params[first + i]->name, e->loc);
        v->depth = 2;
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
