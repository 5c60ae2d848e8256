/* lang/unroll.c -- which for loops lowering writes out as copies of their
 * body instead of a loop (lower.c, loop_stmt).
 *
 * nvcc unrolls a loop of a few constant trips by default (`for (int j = 0;
 * j < TILE; j++)` in a tiled kernel), and so does simtvm: in an interpreter
 * each trip's compare, branch, step and back-edge yield cost a dispatch and
 * a warp's lane work apiece, and with the counter a known constant in each
 * copy the optimizer folds it into the addresses (lang/opt.c).  Semantics do
 * not change: the copies run the same statements in the same order, the
 * counter holds the same value in each, and a loop with constant trips is
 * uniform, so no lane diverges on its test.
 *
 * A loop qualifies when
 *   - its init declares one integer variable with a constant initializer,
 *     which is not in memory (its address is never taken) and not volatile;
 *   - its test compares that variable (<, <=, >, >=, !=) with an integer
 *     constant (in the type C's usual arithmetic conversions give);
 *   - its step is ++, -- or += / -= a constant of that variable;
 *   - its body never assigns the variable and has no break, continue,
 *     switch, or __shared__ / static declaration (a copy would lay out a
 *     second one);
 *   - it makes at most UNROLL_MAX_TRIPS trips, with no signed overflow of
 *     the counter on the way, and its copies add up to at most
 *     UNROLL_MAX_NODES expression and statement nodes.
 *
 * `#pragma unroll` on the line before a loop (blank lines between are
 * allowed) changes the limits as in CUDA: `#pragma unroll 1` keeps the loop,
 * `#pragma unroll N` unrolls it only when it makes at most N trips (simtvm
 * does not unroll partly), and a bare `#pragma unroll` raises the limits to
 * PRAGMA_MAX_TRIPS and PRAGMA_MAX_NODES. */
#include "lower.h"
#include "types.h"

#define UNROLL_MAX_TRIPS 32
#define UNROLL_MAX_NODES 512
#define PRAGMA_MAX_TRIPS 1024
#define PRAGMA_MAX_NODES 16384

static int expr_ok(const k_expr *e, const k_decl *d, int *nodes, int limit);

/* Whether e writes variable d (an assignment or increment of it by name). */
static int writes(const k_expr *e, const k_decl *d)
{
    const k_expr *t = NULL;
    if (e->kind == E_ASSIGN)
        t = e->lhs;
    else if (e->kind == E_UNARY && e->op >= KU_PREINC && e->op <= KU_POSTDEC)
        t = e->lhs;
    return t && t->kind == E_IDENT && t->decl == d;
}

static int exprs_ok(k_expr *const *v, int n, const k_decl *d, int *nodes, int limit)
{
    for (int i = 0; i < n; i++)
        if (v[i] && !expr_ok(v[i], d, nodes, limit))
            return 0;
    return 1;
}

/* Counts e's nodes into *nodes; 0 when e writes d. */
static int expr_ok(const k_expr *e, const k_decl *d, int *nodes, int limit)
{
    if (++*nodes > limit || writes(e, d))
        return 0;
    const k_expr *sub[3] = {e->lhs, e->rhs, e->cond};
    for (int i = 0; i < 3; i++)
        if (sub[i] && !expr_ok(sub[i], d, nodes, limit))
            return 0;
    return exprs_ok(e->args, e->nargs, d, nodes, limit) && exprs_ok(e->config, 3, d, nodes, limit);
}

static int stmt_ok(const k_stmt *s, const k_decl *d, int *nodes, int limit)
{
    if (!s)
        return 1;
    if (++*nodes > limit)
        return 0;
    switch (s->kind) {
    case S_BREAK: case S_CONTINUE: case S_SWITCH: case S_CASE: case S_DEFAULT:
        return 0;
    case S_DECL:
        for (int i = 0; i < s->ndecls; i++) {
            const k_decl *v = s->decls[i];
            if (v->storage & (ST_SHARED | ST_STATIC | ST_EXTERN))
                return 0;
            if (v->init && !expr_ok(v->init, d, nodes, limit))
                return 0;
            if (v->nctor > 0 && !exprs_ok(v->ctor_args, v->nctor, d, nodes, limit))
                return 0;
        }
        return 1;
    case S_BLOCK:
        for (int i = 0; i < s->nstmts; i++)
            if (!stmt_ok(s->stmts[i], d, nodes, limit))
                return 0;
        return 1;
    default:
        return (!s->expr || expr_ok(s->expr, d, nodes, limit)) &&
               (!s->step || expr_ok(s->step, d, nodes, limit)) && stmt_ok(s->init, d, nodes, limit) &&
               stmt_ok(s->body, d, nodes, limit) && stmt_ok(s->else_body, d, nodes, limit);
    }
}

/* The constant value of e converted to kind k, if e is an integer constant. */
static int const_of(const k_expr *e, k_type_kind k, uint64_t *v)
{
    if (!e || !e->is_const || !e->type || !k_ty_is_integer(e->type))
        return 0;
    *v = k_kind_wrap(k, e->const_val);
    return 1;
}

/* The step's signed increment of d, or 0 when it is not one this handles. */
static int64_t step_of(const k_expr *e, const k_decl *d, k_type_kind k)
{
    uint64_t c;
    if (!e || !e->lhs || e->lhs->kind != E_IDENT || e->lhs->decl != d)
        return 0;
    if (e->kind == E_UNARY)
        return e->op == KU_PREINC || e->op == KU_POSTINC   ? 1
               : e->op == KU_PREDEC || e->op == KU_POSTDEC ? -1 : 0;
    if (e->kind != E_ASSIGN || (e->op != KB_ADD && e->op != KB_SUB) ||
        !const_of(e->rhs, k, &c))
        return 0;
    int64_t x = k_kind_is_signed(k) ? (int64_t)c : (int64_t)(c & 0xffffffffu);
    if (k_kind_bits(k) == 64 && !k_kind_is_signed(k) && c > INT32_MAX)
        return 0;
    if (x < -(1 << 20) || x > (1 << 20))
        return 0;
    return e->op == KB_ADD ? x : -x;
}

/* Whether test op holds between a and b, both of kind k. */
static int holds(int op, k_type_kind k, uint64_t a, uint64_t b)
{
    int s = k_kind_is_signed(k);
    int lt = s ? (int64_t)a < (int64_t)b : a < b;
    int gt = s ? (int64_t)a > (int64_t)b : a > b;
    switch (op) {
    case KB_LT: return lt;
    case KB_LE: return !gt;
    case KB_GT: return gt;
    case KB_GE: return !lt;
    default: return a != b; /* KB_NE */
    }
}

/* The count of the `#pragma unroll` just before a loop at line, 0 for a bare
 * one, or -1 when there is none: the pragma's line and the loop's may have
 * only blank lines between them. */
static int64_t pragma_count(const k_ctx *ctx, uint32_t line)
{
    const k_unroll_pragma *p = NULL;
    for (const k_unroll_pragma *u = ctx->unrolls; u; u = u->next)
        if (u->line < line && (!p || u->line > p->line))
            p = u;
    if (!p || !ctx->source)
        return -1;
    const char *c = ctx->source, *end = ctx->source + ctx->source_len;
    for (uint32_t l = 1; l <= p->line && c < end; c++)
        if (*c == '\n')
            l++;
    for (uint32_t l = p->line + 1; l < line; c++) { /* c: in line l */
        if (c >= end || (*c != '\n' && *c != ' ' && *c != '\t' && *c != '\r'))
            return -1;
        if (*c == '\n')
            l++;
    }
    return p->count;
}

int lw_unroll_trips(const k_ctx *ctx, const k_stmt *s)
{
    int64_t pragma = pragma_count(ctx, s->loc.line);
    int max_trips = pragma < 0 ? UNROLL_MAX_TRIPS
                    : pragma == 0 ? PRAGMA_MAX_TRIPS
                    : pragma < PRAGMA_MAX_TRIPS ? (int)pragma : PRAGMA_MAX_TRIPS;
    int limit = pragma < 0 ? UNROLL_MAX_NODES : PRAGMA_MAX_NODES;
    if (pragma == 1 || s->kind != S_FOR || !s->init || s->init->kind != S_DECL || s->init->ndecls != 1 ||
        !s->expr || !s->step)
        return -1;
    const k_decl *d = s->init->decls[0];
    const k_expr *t = s->expr;
    if (d->address_taken || !d->type || !k_ty_is_integer(d->type) ||
        (d->type->quals & Q_VOLATILE) || (d->storage & (ST_SHARED | ST_STATIC)))
        return -1;
    k_type_kind k = d->type->kind;
    if (t->kind != E_BINARY || t->op < KB_LT || t->op > KB_NE || t->op == KB_EQ ||
        !t->lhs || t->lhs->kind != E_IDENT || t->lhs->decl != d || !t->rhs || !t->rhs->type ||
        !k_ty_is_integer(t->rhs->type) || k_kind_promote(k) != k)
        return -1;
    k_type_kind common = k_kind_usual(k, k_kind_promote(t->rhs->type->kind));
    uint64_t j, bound;
    int64_t step = step_of(s->step, d, k);
    if (!const_of(d->init, k, &j) || !const_of(t->rhs, common, &bound) || step == 0)
        return -1;
    int trips = 0;
    while (holds(t->op, common, k_kind_wrap(common, j), bound)) {
        if (++trips > max_trips)
            return -1;
        uint64_t next = k_kind_wrap(k, j + (uint64_t)step);
        if (k_kind_is_signed(k) && (step > 0) != ((int64_t)next > (int64_t)j))
            return -1; /* signed overflow: leave the loop as written */
        j = next;
    }
    int nodes = 0;
    if (!stmt_ok(s->body, d, &nodes, limit) || (int64_t)nodes * trips > limit)
        return -1;
    return trips;
}
