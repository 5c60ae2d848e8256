/* lang/clone.c -- deep copies of a template's tree with its parameters
 * replaced by one instantiation's arguments.
 *
 * Instantiation copies the template's parsed tree rather than checking it
 * once with parameters left open: sema annotates nodes in place (types,
 * constants, declarations), and every instance needs its own annotations
 * (`T x` is a float in one and an int in another; `if (blockSize >= 512)`
 * folds differently).  A template's own tree is never checked, so it stays
 * pristine for the next copy.  Copies keep every location, so errors in an
 * instance point into the template.
 *
 * Every child pointer of k_expr, k_stmt, k_decl and k_type must be copied
 * here: a node shared between two instances would keep the first one's
 * annotations (sema skips an expression that already has a type).
 * Recursion depth is bounded as the parser bounds the original tree.
 */
#include <string.h>

#include "templates.h"

static k_stmt *clone_stmt(k_ctx *ctx, const k_stmt *st, const k_subst *s);
static k_decl *clone_decl(k_ctx *ctx, const k_decl *d, const k_subst *s);

static int subst_find(const k_subst *s, const char *name)
{
    for (int i = 0; s && name && i < s->n; i++)
        if (s->names[i] && strcmp(s->names[i], name) == 0)
            return i;
    return -1;
}

static void *dup_node(k_ctx *ctx, const void *p, size_t size)
{
    void *q = k_alloc(ctx, size);
    if (q)
        memcpy(q, p, size);
    return q;
}

/* Template arguments, `Ts...` among them expanded (lang/packs.c). */
static k_targ *clone_targs(k_ctx *ctx, const k_targ *a, int *n, const k_subst *s)
{
    return k_pack_targs(ctx, a, *n, s, n);
}

/* A type parameter pack named without `...` (`Ts x;`): reported, and its
 * first element (or int) stands for it. */
static k_type *pack_type(k_ctx *ctx, const k_type *t, const k_pack *p, const k_subst *s)
{
    if (!s->expanding)
        k_error(ctx, s->at, "parameter pack '%s' must be expanded with '...'", t->name);
    int i = s->expanding ? s->elem : 0;
    k_type *r = p->types && i < p->n ? k_clone_type(ctx, p->types[i], NULL)
                                     : k_type_new(ctx, TY_INT);
    if (r)
        r->quals |= t->quals;
    return r;
}

/* A type that names a template's parameters, or may (a member type, a
 * template-id, an array length). */
static int maybe_dependent(const k_type *t)
{
    for (; t; t = t->base)
        if (t->kind == TY_TPARAM || t->kind == TY_MEMBER_TYPE || t->kind == TY_TEMPLATE_ID ||
            t->kind == TY_DECLTYPE || t->len_expr)
            return 1;
    return 0;
}

/* The named records a function template defines in its body, each with
 * its copy in the instance being made: every type naming one names the
 * copy, so `union TempStorage {...}` and `__shared__ TempStorage s;` stay
 * one type. */
typedef struct k_local_records {
    const k_record **from;
    k_record **to;
    int n, cap;
} k_local_records;

static k_record *local_copy(const k_subst *s, const k_record *r)
{
    for (int i = 0; s && s->locals && i < s->locals->n; i++)
        if (s->locals->from[i] == r)
            return s->locals->to[i];
    return NULL;
}

static int remember_local(k_ctx *ctx, k_local_records *l, const k_record *from, k_record *to)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 4;
        const k_record **f = k_alloc(ctx, (size_t)cap * sizeof *f);
        k_record **t = k_alloc(ctx, (size_t)cap * sizeof *t);
        if (!f || !t)
            return 0;
        for (int i = 0; i < l->n; i++)
            f[i] = l->from[i], t[i] = l->to[i];
        l->from = f, l->to = t, l->cap = cap;
    }
    l->from[l->n] = from;
    l->to[l->n++] = to;
    return 1;
}

/* An anonymous record defined in a function template, whose members name
 * the template's parameters (CUB's `__shared__ union { typename
 * BlockLoadT::TempStorage load; typename BlockScanT::TempStorage scan; }
 * temp_storage;`): each instance gets a copy with its members' types
 * substituted, else they would be resolved without the instance's
 * arguments.  An anonymous record is written once, so one copy per clone is
 * the record; a named one (which may be written in several places) and a
 * record with member functions keep the template's.  NULL: keep r. */
static k_record *clone_local_record(k_ctx *ctx, const k_record *r, const k_subst *s,
                                    int defined_here)
{
    if (r->tag && !defined_here)
        return local_copy(s, r);
    if (!s || s->n == 0 || r->nmethods || r->layout_state || !r->defined ||
        r->nbases || r->nfields <= 0 || (r->tag && !s->locals))
        return NULL;
    int dependent = 0;
    for (int i = 0; i < r->nfields && !dependent; i++)
        dependent = maybe_dependent(r->fields[i].type);
    if (!dependent)
        return NULL;
    k_record *c = dup_node(ctx, r, sizeof *r);
    k_field *fields = k_alloc(ctx, (size_t)r->nfields * sizeof *fields);
    if (!c || !fields || (r->tag && !remember_local(ctx, s->locals, r, c)))
        return NULL;   /* remembered before its members: `struct N { N *next; T v; }` */
    for (int i = 0; i < r->nfields; i++) {
        fields[i] = r->fields[i];
        fields[i].type = k_clone_type(ctx, r->fields[i].type, s);
    }
    c->fields = fields;
    c->fields_cap = r->nfields;
    return c;
}

k_type *k_clone_type(k_ctx *ctx, const k_type *t, const k_subst *s)
{
    if (!t)
        return NULL;
    const k_pack *pk = t->kind == TY_TPARAM ? k_pack_find(s, t->name) : NULL;
    if (pk)
        return pack_type(ctx, t, pk, s);
    int k = t->kind == TY_TPARAM ? subst_find(s, t->name) : -1;
    if (k >= 0 && s->types[k]) {
        /* `const T` with T = float * is float *const */
        k_type *r = k_clone_type(ctx, s->types[k], NULL);
        if (r)
            r->quals |= t->quals;
        return r;
    }
    k_type *r = dup_node(ctx, t, sizeof *t);
    if (!r)
        return NULL;
    if (r->kind == TY_RECORD && s && s->from && r->rec == s->from)
        r->rec = s->to;       /* `this`, and S itself inside S's members */
    else if (r->kind == TY_RECORD && r->rec) {
        k_record *local = clone_local_record(ctx, r->rec, s, 0);
        if (local)
            r->rec = local;
    }
    r->base = k_clone_type(ctx, t->base, s);
    r->memptr_class = k_clone_type(ctx, t->memptr_class, s);   /* `int T::*` */
    if (r->kind == TY_REF && r->base && r->base->kind == TY_REF) {
        /* C++'s reference collapsing: `T &` with T = int && is int &, `T &&` with
         * T = int & is int & (a forwarding reference's lvalue), only `&& &&` is && */
        r->base->rvalue_ref &= r->rvalue_ref;
        return r->base;
    }
    r->len_expr = k_clone_expr(ctx, t->len_expr, s);
    r->decl_expr = k_clone_expr(ctx, t->decl_expr, s);
    r->targs = clone_targs(ctx, t->targs, &r->ntargs, s);
    if (r->kind == TY_TEMPLATE_ID && s && s->tnames) {   /* `C<T>`, C a template parameter */
        int c = subst_find(s, t->name);
        if (c >= 0 && s->tnames[c])
            r->name = s->tnames[c];
    }
    if (t->pack_param && s && s->npacks) {   /* `void (*k)(Args...)` */
        r->params = k_pack_fn_params(ctx, t, s, &r->nparams);
        r->pack_param = 0;
    } else if (t->params && t->nparams > 0) {   /* a function pointer's parameters */
        r->params = k_alloc(ctx, (size_t)t->nparams * sizeof *r->params);
        for (int i = 0; r->params && i < t->nparams; i++)
            r->params[i] = k_clone_type(ctx, t->params[i], s);
    }
    if (r->kind == TY_MEMBER_TYPE && s)
        k_member_type_bind(ctx, r);   /* `typename V::value_type` with V now a class */
    return r;
}

/* A non-type parameter becomes its value converted to the parameter's type:
 * `(unsigned int)256`, which sema folds to a constant. */
static k_expr *param_value(k_ctx *ctx, const k_expr *at, const k_expr *value)
{
    k_expr *e = k_clone_expr(ctx, value, NULL);
    if (!e)
        return NULL;
    e->loc = at->loc;
    if (e->lhs)
        e->lhs->loc = at->loc;
    return e;
}

/* A list of expressions, `pattern...` among them expanded (lang/packs.c):
 * *n becomes the copy's length. */
static k_expr **clone_exprs(k_ctx *ctx, k_expr *const *a, int *n, const k_subst *s)
{
    return k_pack_exprs(ctx, a, *n, s, n);
}

/* "P::m" with the type parameter P bound to class S: "S::m" (a member
 * function's own qualified name when S has one named m: namespaces), else
 * the name unchanged. */
static const char *member_of_param(k_ctx *ctx, const char *name, const k_subst *s,
                                   k_record **cls)
{
    const char *sep = name && s ? strstr(name, "::") : NULL;
    if (!sep || sep == name)
        return name;
    size_t pl = (size_t)(sep - name);
    const k_type *t = NULL;
    for (int i = 0; i < s->n && !t; i++)
        if (s->names[i] && strlen(s->names[i]) == pl && memcmp(s->names[i], name, pl) == 0)
            t = s->types[i];
    if (!t || t->kind != TY_RECORD || !t->rec || !t->rec->tag)
        return name;
    const char *member = sep + 2;
    *cls = t->rec;
    for (int i = 0; i < t->rec->nmethods; i++) {
        const char *m = t->rec->methods[i]->name;
        const char *last = m ? strrchr(m, ':') : NULL;
        if (last && last > m && strcmp(last + 1, member) == 0)
            return m;
    }
    size_t tl = strlen(t->rec->tag), ml = strlen(member);
    char *r = k_alloc(ctx, tl + ml + 3);
    if (!r)
        return name;
    memcpy(r, t->rec->tag, tl);
    memcpy(r + tl, "::", 2);
    memcpy(r + tl + 2, member, ml + 1);
    return r;
}

k_expr *k_clone_expr(k_ctx *ctx, const k_expr *e, const k_subst *s)
{
    if (!e)
        return NULL;
    if (e->kind == E_IDENT || e->kind == E_SIZEOF_PACK || e->kind == E_FOLD) {
        k_expr *x = k_pack_expr(ctx, e, s);
        if (x)
            return x;
    }
    if (e->kind == E_IDENT && !e->has_targs) {
        int k = subst_find(s, e->name);
        if (k >= 0 && s->exprs[k])
            return param_value(ctx, e, s->exprs[k]);
    }
    k_expr *r = dup_node(ctx, e, sizeof *e);
    if (!r)
        return NULL;
    if (e->kind == E_IDENT || e->kind == E_CALL)
        r->name = member_of_param(ctx, e->name, s, &r->param_class);
    r->lhs = k_clone_expr(ctx, e->lhs, s);
    r->rhs = k_clone_expr(ctx, e->rhs, s);
    r->cond = k_clone_expr(ctx, e->cond, s);
    r->placement = k_clone_expr(ctx, e->placement, s);
    r->virtual_call = 0;
    r->args = clone_exprs(ctx, e->args, &r->nargs, s);
    for (int i = 0; i < 3; i++)
        r->config[i] = k_clone_expr(ctx, e->config[i], s);
    r->type_written = k_clone_type(ctx, e->type_written, s);
    r->targs = clone_targs(ctx, e->targs, &r->ntargs, s);
    /* sema's annotations start afresh */
    r->type = NULL;
    r->decl = NULL;
    r->builtin = -1;
    r->is_lvalue = r->is_const = 0;
    r->is_xvalue = 0;
    r->const_val = 0;
    r->sema_ext = NULL;
    r->capture = 0;
    r->lambda = clone_decl(ctx, e->lambda, s);   /* each instance has its own lambdas */
    return r;
}

static k_decl **clone_decls(k_ctx *ctx, k_decl *const *a, int n, const k_subst *s)
{
    if (!a || n <= 0)
        return NULL;
    k_decl **b = k_alloc(ctx, (size_t)n * sizeof *b);
    for (int i = 0; b && i < n; i++)
        b[i] = clone_decl(ctx, a[i], s);
    return b;
}

k_decl *k_clone_decl(k_ctx *ctx, const k_decl *d, const k_subst *s)
{
    return clone_decl(ctx, d, s);
}

k_decl **k_clone_params(k_ctx *ctx, const k_decl *f, const k_subst *s, int *n)
{
    k_subst body;
    if (s && s->npacks)
        return k_pack_params(ctx, f, s, n, &body);
    *n = f->nparams;
    return clone_decls(ctx, f->params, f->nparams, s);
}

static k_decl *clone_decl(k_ctx *ctx, const k_decl *d, const k_subst *s)
{
    if (!d)
        return NULL;
    k_decl *r = dup_node(ctx, d, sizeof *d);
    if (!r)
        return NULL;
    if (d->kind == D_RECORD && s && s->locals && d->type && d->type->kind == TY_RECORD &&
        d->type->rec && d->type->rec->tag && !local_copy(s, d->type->rec))
        (void)clone_local_record(ctx, d->type->rec, s, 1);   /* `struct L { T v[N]; };` */
    k_subst with_fparams;     /* s and the function parameter packs (lang/packs.c) */
    if (d->kind == D_FUNC && s && s->npacks) {
        r->params = k_pack_params(ctx, d, s, &r->nparams, &with_fparams);
        s = &with_fparams;
    } else {
        r->params = clone_decls(ctx, d->params, d->nparams, s);
    }
    r->type = k_clone_type(ctx, d->type, s);
    r->init = k_clone_expr(ctx, d->init, s);
    r->ctor_args = d->nctor > 0 ? clone_exprs(ctx, d->ctor_args, &r->nctor, s) : NULL;
    /* a constructor's member initialisers: sema rewrites them in place, so each
     * instance needs its own */
    r->mem_inits = clone_exprs(ctx, d->mem_inits, &r->nmem_inits, s);
    r->body = clone_stmt(ctx, d->body, s);
    r->is_global_scope = r->address_taken = 0;
    r->definition = NULL;
    r->builtin = -1;
    r->sema_ext = NULL;
    return r;
}

static k_stmt *clone_stmt(k_ctx *ctx, const k_stmt *st, const k_subst *s)
{
    if (!st)
        return NULL;
    k_stmt *r = dup_node(ctx, st, sizeof *st);
    if (!r)
        return NULL;
    r->expr = k_clone_expr(ctx, st->expr, s);
    r->step = k_clone_expr(ctx, st->step, s);
    r->range = k_clone_expr(ctx, st->range, s);
    r->init = clone_stmt(ctx, st->init, s);
    r->body = clone_stmt(ctx, st->body, s);
    r->else_body = clone_stmt(ctx, st->else_body, s);
    if (st->stmts && st->nstmts > 0) {
        r->stmts = k_alloc(ctx, (size_t)st->nstmts * sizeof *r->stmts);
        for (int i = 0; r->stmts && i < st->nstmts; i++)
            r->stmts[i] = clone_stmt(ctx, st->stmts[i], s);
    }
    r->decls = clone_decls(ctx, st->decls, st->ndecls, s);
    r->sema_ext = NULL;
    return r;
}

/* An instance of template f (a function or a variable): not a template. */
k_decl *k_clone_func(k_ctx *ctx, const k_decl *f, const k_subst *s)
{
    k_local_records locals = {0};
    k_subst with_locals;
    if (s && !s->locals) {
        with_locals = *s;
        with_locals.locals = &locals;
        s = &with_locals;
    }
    k_decl *r = clone_decl(ctx, f, s);
    if (r) {
        r->is_template = 0;
        r->tparams = NULL;
        r->ntparams = 0;
        r->spec_args = NULL;
        r->nspec_args = 0;
    }
    return r;
}
