/* lang/packs.c -- variadic templates at instantiation: each pack expansion
 * of a template's tree replaced by its elements while the tree is copied
 * (lang/clone.c).
 *
 * An instance knows each parameter pack's elements (k_subst.packs: `Ts` =
 * int, double; a non-type pack's values), so everything variadic becomes
 * plain K before sema sees it: the function parameter pack `Ts... xs`
 * becomes the parameters xs#0, xs#1 (names no program can write), a
 * pattern `h(xs)...` in an argument list or braced list becomes
 * `h(xs#0), h(xs#1)`, `f<Ts...>` becomes `f<int, double>`, `sizeof...(xs)`
 * the constant 2, and a fold `(xs + ...)` the tree `xs#0 + xs#1`.  A
 * pattern is copied once per element with k_subst.elem set; every pack it
 * names must have as many elements.  A pattern that names no pack of this
 * substitution is kept for a later one (a member template's own pack while
 * its class is instantiated); what is still left when sema sees it is an
 * error there (lang/sema_expr.c).
 */
#include <stdio.h>
#include <string.h>

#include "templates.h"

const k_pack *k_pack_find(const k_subst *s, const char *name)
{
    for (int i = 0; s && name && i < s->npacks; i++)
        if (s->packs[i].name && strcmp(s->packs[i].name, name) == 0)
            return &s->packs[i];
    return NULL;
}

/* ---- which packs a pattern names ---- */
typedef struct pack_use {
    const k_pack *first;      /* the first pack named, or NULL */
    const k_pack *other;      /* one of another length, or NULL */
} pack_use;

static void use(pack_use *u, const k_pack *p)
{
    if (!p)
        return;
    if (!u->first)
        u->first = p;
    else if (p->n != u->first->n && !u->other)
        u->other = p;
}

static void uses_expr(const k_expr *e, const k_subst *s, pack_use *u);

static void uses_type(const k_type *t, const k_subst *s, pack_use *u)
{
    for (; t; t = t->base) {
        if (t->kind == TY_TPARAM)
            use(u, k_pack_find(s, t->name));
        for (int i = 0; t->kind == TY_TEMPLATE_ID && i < t->ntargs; i++)
            if (!t->targs[i].pack_expand) {
                uses_type(t->targs[i].type, s, u);
                uses_expr(t->targs[i].expr, s, u);
            }
        for (int i = 0; t->params && i < t->nparams; i++)
            uses_type(t->params[i], s, u);
        uses_expr(t->len_expr, s, u);
    }
}

static void uses_expr(const k_expr *e, const k_subst *s, pack_use *u)
{
    if (!e || e->kind == E_PACK_EXPAND || e->kind == E_SIZEOF_PACK)
        return;      /* an inner expansion expands its own packs */
    if (e->kind == E_IDENT)
        use(u, k_pack_find(s, e->name));
    uses_expr(e->lhs, s, u);
    uses_expr(e->rhs, s, u);
    uses_expr(e->cond, s, u);
    for (int i = 0; i < e->nargs; i++)
        uses_expr(e->args[i], s, u);
    for (int i = 0; i < 4; i++)
        uses_expr(e->config[i], s, u);
    uses_type(e->type_written, s, u);
    for (int i = 0; i < e->ntargs; i++)
        if (!e->targs[i].pack_expand) {
            uses_type(e->targs[i].type, s, u);
            uses_expr(e->targs[i].expr, s, u);
        }
}

/* The number of elements a pattern expands to: -1 when it names no pack of
 * s (kept for a later substitution), -2 after an error. */
static int pattern_length(k_ctx *ctx, k_loc loc, const pack_use *u)
{
    if (!u->first)
        return -1;
    if (u->other) {
        k_error(ctx, loc, "mismatched pack lengths in one expansion: '%s' has %d elements,"
                " '%s' has %d", u->first->name, u->first->n, u->other->name, u->other->n);
        return -2;
    }
    return u->first->n;
}

static k_subst element(const k_subst *s, int i)
{
    k_subst e = *s;
    e.expanding = 1;
    e.elem = i;
    return e;
}

/* ---- lists with expansions ---- */
k_expr **k_pack_exprs(k_ctx *ctx, k_expr *const *a, int n, const k_subst *s, int *nout)
{
    *nout = n;
    if (!a || n <= 0)
        return NULL;
    int cap = n, m = 0;
    k_expr **b = k_alloc(ctx, (size_t)cap * sizeof *b);
    for (int i = 0; b && i < n; i++) {
        const k_expr *x = a[i];
        int len = -1;
        if (x && x->kind == E_PACK_EXPAND) {
            pack_use u = { 0 };
            uses_expr(x->lhs, s, &u);
            len = pattern_length(ctx, x->loc, &u);
            if (len == -2)
                len = 0;
        }
        if (len < 0) {
            b[m++] = k_clone_expr(ctx, x, s);
            continue;
        }
        if (m + len + (n - i) > cap) {
            cap = m + len + (n - i);
            k_expr **c = k_alloc(ctx, (size_t)cap * sizeof *c);
            if (!c)
                return NULL;
            memcpy(c, b, (size_t)m * sizeof *c);
            b = c;
        }
        for (int k = 0; k < len; k++) {
            k_subst el = element(s, k);
            b[m++] = k_clone_expr(ctx, x->lhs, &el);
        }
    }
    *nout = m;
    return b;
}

k_targ *k_pack_targs(k_ctx *ctx, const k_targ *a, int n, const k_subst *s, int *nout)
{
    *nout = n;
    if (!a || n <= 0)
        return NULL;
    int cap = n, m = 0;
    k_targ *b = k_alloc(ctx, (size_t)cap * sizeof *b);
    for (int i = 0; b && i < n; i++) {
        int len = -1;
        if (a[i].pack_expand) {
            pack_use u = { 0 };
            uses_type(a[i].type, s, &u);
            uses_expr(a[i].expr, s, &u);
            len = pattern_length(ctx, a[i].loc, &u);
            if (len == -2)
                len = 0;
        }
        int copies = len < 0 ? 1 : len;
        if (m + copies + (n - i) > cap) {
            cap = m + copies + (n - i);
            k_targ *c = k_alloc(ctx, (size_t)cap * sizeof *c);
            if (!c)
                return NULL;
            memcpy(c, b, (size_t)m * sizeof *c);
            b = c;
        }
        for (int k = 0; k < copies; k++) {
            k_subst el = len < 0 ? (k_subst){ 0 } : element(s, k);
            const k_subst *sk = len < 0 ? s : &el;
            b[m].loc = a[i].loc;
            b[m].type = k_clone_type(ctx, a[i].type, sk);
            b[m].expr = k_clone_expr(ctx, a[i].expr, sk);
            b[m].pack_expand = len < 0 && a[i].pack_expand;
            b[m].tname = a[i].tname;
            for (int c = 0; sk && sk->tnames && a[i].tname && c < sk->n; c++)
                if (sk->tnames[c] && sk->names[c] && strcmp(sk->names[c], a[i].tname) == 0)
                    b[m].tname = sk->tnames[c];   /* `Stack<T, C>` inside a template */
            m++;
        }
    }
    *nout = m;
    return b;
}

/* ---- identifiers, sizeof..., folds ---- */
static const char *element_name(k_ctx *ctx, const char *name, int i)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s#%d", name, i);
    return k_strndup(ctx, buf, strlen(buf));
}

static k_expr *leaf(k_ctx *ctx, k_expr_kind kind, k_loc loc, uint64_t v)
{
    k_expr *e = k_expr_new(ctx, kind, loc);
    if (e) {
        e->ival = v;
        e->depth = 1;
    }
    return e;
}

static k_expr *binary(k_ctx *ctx, k_expr_kind kind, int op, k_loc loc, k_expr *l, k_expr *r)
{
    k_expr *e = k_expr_new(ctx, kind, loc);
    if (!e)
        return NULL;
    e->op = op;
    e->lhs = l;
    e->rhs = r;
    uint32_t dl = l ? l->depth : 0, dr = r ? r->depth : 0;
    e->depth = (dl > dr ? dl : dr) + 1;
    return e;
}

/* A unary fold of an empty pack: `&&` is true, `||` false, `,` void(). */
static k_expr *empty_fold(k_ctx *ctx, const k_expr *f)
{
    int assign = (f->ival & K_FOLD_ASSIGN) != 0;
    if (!assign && (f->op == KB_LOGAND || f->op == KB_LOGOR))
        return leaf(ctx, E_BOOL, f->loc, f->op == KB_LOGAND);
    if (!assign && f->op == KB_COMMA) {
        k_expr *c = k_expr_new(ctx, E_CAST, f->loc);
        if (c) {
            c->lhs = leaf(ctx, E_INT, f->loc, 0);
            c->type_written = k_type_new(ctx, TY_VOID);
            c->depth = 2;
        }
        return c;
    }
    k_error(ctx, f->loc, "a unary fold expression over an empty pack needs '&&', '||' or ','");
    return leaf(ctx, E_INT, f->loc, 0);
}

/* `(p op ...)`: p0 op (p1 op (... op init)); `(... op p)`: ((init op p0) op p1)... */
static k_expr *fold(k_ctx *ctx, const k_expr *f, const k_subst *s)
{
    const k_expr *pat = f->lhs, *init = f->rhs;
    int mode = (int)(f->ival & 3), left = mode == 1;
    k_expr_kind kind = f->ival & K_FOLD_ASSIGN ? E_ASSIGN
                       : f->ival & K_FOLD_PTRMEM ? E_PTRMEM : E_BINARY;
    pack_use u = { 0 };
    if (mode == 2) {          /* `(a op ... op b)`: the side naming the pack */
        uses_expr(f->lhs, s, &u);
        left = !u.first;
        if (left) {
            pat = f->rhs;
            init = f->lhs;
            uses_expr(pat, s, &u);
        }
    } else {
        uses_expr(pat, s, &u);
    }
    int n = pattern_length(ctx, f->loc, &u);
    if (n == -2)
        return leaf(ctx, E_INT, f->loc, 0);
    if (n == -1)
        return NULL;             /* not this substitution's: copied as it is */
    k_expr *acc = init ? k_clone_expr(ctx, init, s) : NULL;
    if (n == 0 && !acc)
        return empty_fold(ctx, f);
    for (int k = 0; k < n; k++) {
        int i = left ? k : n - 1 - k;
        k_subst el = element(s, i);
        k_expr *x = k_clone_expr(ctx, pat, &el);
        acc = !acc ? x : left ? binary(ctx, kind, f->op, f->loc, acc, x)
                              : binary(ctx, kind, f->op, f->loc, x, acc);
        if (acc && acc->depth > K_MAX_EXPR_DEPTH) {
            k_error(ctx, f->loc, "a fold expression of %d elements nests too deep", n);
            return leaf(ctx, E_INT, f->loc, 0);
        }
    }
    return acc;
}

k_expr *k_pack_expr(k_ctx *ctx, const k_expr *e, const k_subst *s)
{
    if (!s || !s->npacks)
        return NULL;
    if (e->kind == E_FOLD)
        return fold(ctx, e, s);
    const k_pack *p = e->kind == E_IDENT || e->kind == E_SIZEOF_PACK ? k_pack_find(s, e->name)
                                                                     : NULL;
    if (!p)
        return NULL;
    if (e->kind == E_SIZEOF_PACK) {
        k_expr *n = leaf(ctx, E_INT, e->loc, (uint64_t)p->n);
        if (n) {   /* a std::size_t */
            n->int_unsigned = 1;
            n->int_long = 1;
        }
        return n;
    }
    if (e->has_targs)
        return NULL;
    if (!s->expanding) {
        k_error(ctx, e->loc, "parameter pack '%s' must be expanded with '...'", e->name);
        return leaf(ctx, E_INT, e->loc, 0);
    }
    if (p->fparam) {
        k_expr *r = k_clone_expr(ctx, e, NULL);
        if (r)
            r->name = element_name(ctx, e->name, s->elem);
        return r;
    }
    if (p->exprs) {
        k_expr *v = k_clone_expr(ctx, p->exprs[s->elem], NULL);
        if (v) {
            v->loc = e->loc;
            if (v->lhs)
                v->lhs->loc = e->loc;
        }
        return v;
    }
    k_error(ctx, e->loc, "'%s' is a pack of types, not of values", e->name);
    return leaf(ctx, E_INT, e->loc, 0);
}

/* ---- function parameter packs ---- */
/* f's parameters, each pack `Ts... xs` whose pattern names a pack of s as
 * its elements xs#0, xs#1...; body gets s with those function parameter
 * packs added, for the copy of f's body. */
k_decl **k_pack_params(k_ctx *ctx, const k_decl *f, const k_subst *s, int *n, k_subst *body)
{
    *body = *s;
    int total = 0, nfp = 0;
    int *lens = k_alloc(ctx, (size_t)(f->nparams + 1) * sizeof *lens);
    if (!lens)
        return NULL;
    for (int i = 0; i < f->nparams; i++) {
        const k_decl *p = f->params[i];
        lens[i] = -1;
        if (p && p->pack) {
            pack_use u = { 0 };
            uses_type(p->type, s, &u);
            lens[i] = pattern_length(ctx, p->loc, &u);
            if (lens[i] == -2)
                lens[i] = 0;
        }
        total += lens[i] < 0 ? 1 : lens[i];
        nfp += lens[i] >= 0;
    }
    k_decl **out = k_alloc(ctx, (size_t)(total + 1) * sizeof *out);
    k_pack *packs = k_alloc(ctx, (size_t)(s->npacks + nfp + 1) * sizeof *packs);
    if (!out || !packs)
        return NULL;
    if (s->npacks)
        memcpy(packs, s->packs, (size_t)s->npacks * sizeof *packs);
    int m = 0, np = s->npacks;
    for (int i = 0; i < f->nparams; i++) {
        const k_decl *p = f->params[i];
        if (lens[i] < 0) {
            out[m++] = k_clone_decl(ctx, p, s);
            continue;
        }
        for (int k = 0; k < lens[i]; k++) {
            k_subst el = element(s, k);
            k_decl *d = k_clone_decl(ctx, p, &el);
            if (d) {
                d->pack = 0;
                d->fwd_ref = 0;
                d->name = p->name ? element_name(ctx, p->name, k) : NULL;
            }
            out[m++] = d;
        }
        if (p->name) {
            packs[np].name = p->name;
            packs[np].n = lens[i];
            packs[np].fparam = 1;
            np++;
        }
    }
    body->packs = packs;
    body->npacks = np;
    *n = m;
    return out;
}

/* A function type's parameters (`void (*k)(Args...)`), its pack as its
 * elements when the pack is s's. */
k_type **k_pack_fn_params(k_ctx *ctx, const k_type *fn, const k_subst *s, int *n)
{
    int at = fn->pack_param - 1, len = -1;
    pack_use u = { 0 };
    uses_type(fn->params[at], s, &u);
    len = pattern_length(ctx, s->at, &u);
    if (len == -2)
        len = 0;
    int total = fn->nparams - 1 + (len < 0 ? 1 : len);
    k_type **out = k_alloc(ctx, (size_t)(total + 1) * sizeof *out);
    int m = 0;
    for (int i = 0; out && i < fn->nparams; i++) {
        if (i != at || len < 0) {
            out[m++] = k_clone_type(ctx, fn->params[i], s);
            continue;
        }
        for (int k = 0; k < len; k++) {
            k_subst el = element(s, k);
            out[m++] = k_clone_type(ctx, fn->params[i], &el);
        }
    }
    *n = m;
    return out;
}

/* ---- base classes ---- */
/* The fields of an instance of class template tr: each base `Ts...` (or
 * `Box<Ts>...`) as one base per element of Ts, the rest copied; *nbases
 * counts the bases. */
k_field *k_pack_fields(k_ctx *ctx, const k_record *tr, const k_subst *s, int *nfields,
                       int *nbases)
{
    int total = 0, bases = 0;
    int *lens = k_alloc(ctx, (size_t)(tr->nfields + 1) * sizeof *lens);
    if (!lens)
        return NULL;
    for (int i = 0; i < tr->nfields; i++) {
        lens[i] = -1;
        if (tr->fields[i].pack) {
            pack_use u = { 0 };
            uses_type(tr->fields[i].type, s, &u);
            lens[i] = pattern_length(ctx, tr->fields[i].loc, &u);
            if (lens[i] == -2)
                lens[i] = 0;
        }
        int copies = lens[i] < 0 ? 1 : lens[i];
        total += copies;
        bases += i < tr->nbases ? copies : 0;
    }
    k_field *out = k_alloc(ctx, (size_t)(total + 1) * sizeof *out);
    int m = 0;
    for (int i = 0; out && i < tr->nfields; i++) {
        const k_field *f = &tr->fields[i];
        for (int k = 0; k < (lens[i] < 0 ? 1 : lens[i]); k++) {
            k_subst el = lens[i] < 0 ? *s : element(s, k);
            out[m] = *f;
            out[m].pack = lens[i] < 0 && f->pack;   /* not this substitution's pack */
            out[m].type = k_clone_type(ctx, f->type, &el);
            out[m].bit_expr = k_clone_expr(ctx, f->bit_expr, &el);
            out[m].align_expr = k_clone_expr(ctx, f->align_expr, &el);
            out[m].init = k_clone_expr(ctx, f->init, &el);
            m++;
        }
    }
    *nfields = m;
    *nbases = bases;
    return out;
}

/* `g(x...)` where x is no pack (instantiation expanded the others): one
 * error, and the call is not checked, so no arity error follows. */
int k_pack_stray(k_ctx *ctx, const k_expr *call)
{
    for (int i = 0; i < call->nargs; i++)
        if (call->args[i] && call->args[i]->kind == E_PACK_EXPAND) {
            k_error(ctx, call->args[i]->loc, "'...' expands no parameter pack here");
            return 1;
        }
    return 0;
}
