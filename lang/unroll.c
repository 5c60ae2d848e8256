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
 *   - its step is ++, -- or a compound assignment (+=, -=, *=, /=, <<=, >>=)
 *     of a constant to that variable;
 *   - its body never assigns the variable (nor, by name, the counter of a
 *     loop it is nested in) and holds no label, goto or switch (a copy
 *     would define a label twice), and no declaration that is __shared__
 *     or static (a copy would lay out a second one).  Branches are fine:
 *     ifs with or without else, ?:, && and ||, break, continue and return,
 *     loops of its own (written out themselves or not).  Each copy starts
 *     by setting the counter to its constant (lower_unroll.c), so value
 *     numbering folds it in every block of the copy, and opt_const.c carries
 *     what follows from it (a double-buffered scan's `pout = 1 - pout`)
 *     across the copy's branches; break leaves the last copy, continue goes
 *     on with the next;
 *   - it makes at most UNROLL_MAX_TRIPS trips, with no signed overflow of
 *     the counter (nor division by zero or a shift out of range) on the
 *     way, and its copies add up to at most UNROLL_MAX_NODES expression and
 *     statement nodes.
 *
 * The limits: CUDA's programming guide says only that nvcc unrolls "small
 * loops with a known trip count" by default, and NVIDIA's forum answers
 * give no number either.  NVVM is built on LLVM, whose full unrolling is
 * bounded by the size of the unrolled code (a cost threshold of a few
 * hundred instructions at -O3), not by a trip count.  simtvm bounds both,
 * as it did before branching bodies were allowed: 32 trips and 512 AST
 * nodes of copies (2-4 bytecode instructions a node), enough to write out
 * the tile loop of a 16- or 32-wide tiled matmul and the log2(blockDim)
 * steps of a block reduction or scan; a loop of 40 trips stays a loop.
 * Not measured against nvcc's SASS here: a choice, not a fit.
 *
 * `#pragma unroll` on the line before a loop (blank and comment lines
 * between are allowed) changes this as in CUDA: `#pragma unroll 1` keeps
 * the loop; a bare `#pragma unroll` raises the limits to PRAGMA_MAX_TRIPS
 * and PRAGMA_MAX_NODES; `#pragma unroll N` writes the loop out in full when
 * it makes at most N trips, and otherwise unrolls it partly
 * (lw_unroll_partial): a main loop of N copies whose one test per group
 * asks whether N more trips remain, then the loop itself for the remainder
 * (nvcc's runtime unrolling: the copies of a group run without tests).
 * Only loops whose trips are counted on entry to a group qualify: see
 * lw_unroll_partial; any other keeps its loop. */
#include "intops.h"
#include "lower.h"
#include "types.h"

#define UNROLL_MAX_TRIPS 32
#define UNROLL_MAX_NODES 512
#define PRAGMA_MAX_TRIPS 1024
#define PRAGMA_MAX_NODES 16384

/* The counters of the loops being written out, innermost first: a body
 * may assign none of them. */
typedef struct counters {
    const k_decl *d;
    const struct counters *up;
} counters;

static int expr_ok(const k_expr *e, const counters *cs, int *nodes, int limit);

/* Whether e writes one of the counters (an assignment or increment of it by
 * name). */
static int writes(const k_expr *e, const counters *cs)
{
    const k_expr *t = NULL;
    if (e->kind == E_ASSIGN)
        t = e->lhs;
    else if (e->kind == E_UNARY && e->op >= KU_PREINC && e->op <= KU_POSTDEC)
        t = e->lhs;
    if (!t || t->kind != E_IDENT)
        return 0;
    for (; cs; cs = cs->up)
        if (t->decl == cs->d)
            return 1;
    return 0;
}

static int exprs_ok(k_expr *const *v, int n, const counters *cs, int *nodes, int limit)
{
    for (int i = 0; i < n; i++)
        if (v[i] && !expr_ok(v[i], cs, nodes, limit))
            return 0;
    return 1;
}

/* Counts e's nodes into *nodes; 0 when e writes a counter. */
static int expr_ok(const k_expr *e, const counters *cs, int *nodes, int limit)
{
    if (++*nodes > limit || writes(e, cs))
        return 0;
    const k_expr *sub[3] = {e->lhs, e->rhs, e->cond};
    for (int i = 0; i < 3; i++)
        if (sub[i] && !expr_ok(sub[i], cs, nodes, limit))
            return 0;
    return exprs_ok(e->args, e->nargs, cs, nodes, limit) && exprs_ok(e->config, 3, cs, nodes, limit);
}

static int plan(const k_ctx *ctx, const k_stmt *s, const counters *outer, int *nodes,
                int outer_limit);

/* Whether s may be copied into each trip of a loop being written out: it
 * leaves the counters alone and holds no label (a copy would define it
 * again), goto or switch; counts its nodes, as written out, into *nodes.
 * Branches, loops (written out themselves or not), break, continue and
 * return are fine: each copy is lowered as the body would be, with its own
 * blocks (lower.c unrolled_loop).  One walk checks a nest of loops (a walk
 * per level would be exponential in its depth). */
static int stmt_ok(const k_ctx *ctx, const k_stmt *s, const counters *cs, int *nodes, int limit)
{
    if (!s)
        return 1;
    if (++*nodes > limit)
        return 0;
    switch (s->kind) {
    case S_EMPTY: case S_BREAK: case S_CONTINUE: case S_NOCODE:
        return 1;
    case S_EXPR: case S_RETURN:
        return !s->expr || expr_ok(s->expr, cs, nodes, limit);
    case S_DECL:
        for (int i = 0; i < s->ndecls; i++) {
            const k_decl *v = s->decls[i];
            if (v->storage & (ST_SHARED | ST_STATIC | ST_EXTERN))
                return 0;
            if (v->init && !expr_ok(v->init, cs, nodes, limit))
                return 0;
            if (v->nctor > 0 && !exprs_ok(v->ctor_args, v->nctor, cs, nodes, limit))
                return 0;
        }
        return 1;
    case S_BLOCK:
        for (int i = 0; i < s->nstmts; i++)
            if (!stmt_ok(ctx, s->stmts[i], cs, nodes, limit))
                return 0;
        return 1;
    case S_FOR: { /* a nested loop written out too, or kept a loop */
        int inner = 0;
        if (plan(ctx, s, cs, &inner, limit) >= 0) {
            *nodes += inner;
            return *nodes <= limit;
        }
        if (s->step && !expr_ok(s->step, cs, nodes, limit))
            return 0;
        __attribute__((fallthrough)); /* its init, test and body */
    }
    case S_WHILE: case S_DO:
        return stmt_ok(ctx, s->init, cs, nodes, limit) &&
               (!s->expr || expr_ok(s->expr, cs, nodes, limit)) &&
               stmt_ok(ctx, s->body, cs, nodes, limit);
    case S_IF:
        return stmt_ok(ctx, s->init, cs, nodes, limit) && s->expr &&
               expr_ok(s->expr, cs, nodes, limit) && stmt_ok(ctx, s->body, cs, nodes, limit) &&
               stmt_ok(ctx, s->else_body, cs, nodes, limit);
    default: /* switch, case, goto, labels */
        return 0;
    }
}

/* Whether e holds a ?:, && or || (code that may not run). */
static int expr_branches(const k_expr *e)
{
    if (!e)
        return 0;
    if (e->kind == E_COND || (e->kind == E_BINARY && (e->op == KB_LOGAND || e->op == KB_LOGOR)))
        return 1;
    if (expr_branches(e->lhs) || expr_branches(e->rhs) || expr_branches(e->cond))
        return 1;
    for (int i = 0; i < e->nargs; i++)
        if (expr_branches(e->args[i]))
            return 1;
    for (int i = 0; i < 3; i++)
        if (expr_branches(e->config[i]))
            return 1;
    return 0;
}

/* UNROLL_JUMPS when s (inside `depth` loops of the body) has a break or
 * continue of the loop being written out; UNROLL_MAYSKIP when some of s may
 * not run in a copy that runs: a break, continue or return anywhere, a ?:,
 * && or || (an if's sides are told apart by lower.c's F->guarded). */
static int body_flags(const k_stmt *s, int depth)
{
    if (!s)
        return 0;
    int f = 0;
    switch (s->kind) {
    case S_BREAK: case S_CONTINUE:
        return UNROLL_MAYSKIP | (depth == 0 ? UNROLL_JUMPS : 0);
    case S_RETURN:
        return UNROLL_MAYSKIP | (expr_branches(s->expr) ? UNROLL_MAYSKIP : 0);
    case S_EXPR:
        return expr_branches(s->expr) ? UNROLL_MAYSKIP : 0;
    case S_DECL:
        for (int i = 0; i < s->ndecls; i++) {
            const k_decl *v = s->decls[i];
            if (expr_branches(v->init))
                f |= UNROLL_MAYSKIP;
            for (int k = 0; k < v->nctor; k++)
                if (expr_branches(v->ctor_args[k]))
                    f |= UNROLL_MAYSKIP;
        }
        return f;
    case S_BLOCK:
        for (int i = 0; i < s->nstmts; i++)
            f |= body_flags(s->stmts[i], depth);
        return f;
    case S_FOR: case S_WHILE: case S_DO:
        f = expr_branches(s->step) || expr_branches(s->expr) ? UNROLL_MAYSKIP : 0;
        return f | body_flags(s->init, depth) | body_flags(s->body, depth + 1);
    case S_IF:
        f = expr_branches(s->expr) ? UNROLL_MAYSKIP : 0;
        return f | body_flags(s->init, depth) | body_flags(s->body, depth) |
               body_flags(s->else_body, depth);
    default:
        return 0;
    }
}

int lw_unroll_flags(const k_stmt *s)
{
    return body_flags(s->body, 0);
}

/* The constant value of e converted to kind k, if e is an integer constant. */
static int const_of(const k_expr *e, k_type_kind k, uint64_t *v)
{
    if (!e || !e->is_const || !e->type || !k_ty_is_integer(e->type))
        return 0;
    *v = k_kind_wrap(k, e->const_val);
    return 1;
}

/* A step of the counter: j = j op c (op a k_binop), in kind `in`, the kind
 * C computes it in; c of kind ck (a shift's count keeps its own). */
typedef struct step {
    int op;
    k_type_kind in, ck;
    uint64_t c;
} step;

/* The step e makes of d (++, --, or a compound assignment of a constant
 * whose operator is +, -, *, /, << or >>); op 0 when it is none of these. */
static step step_of(const k_expr *e, const k_decl *d, k_type_kind k)
{
    k_type_kind in = k_kind_promote(k);
    step st = {0, in, in, 1};
    if (!e || !e->lhs || e->lhs->kind != E_IDENT || e->lhs->decl != d)
        return st;
    if (e->kind == E_UNARY) {
        int up = e->op == KU_PREINC || e->op == KU_POSTINC;
        int down = e->op == KU_PREDEC || e->op == KU_POSTDEC;
        st.op = up ? KB_ADD : down ? KB_SUB : 0;
        return st;
    }
    if (e->kind != E_ASSIGN || !e->rhs || !e->rhs->type || !k_ty_is_integer(e->rhs->type))
        return st;
    int shift = e->op == KB_SHL || e->op == KB_SHR;
    if (!shift && e->op != KB_ADD && e->op != KB_SUB && e->op != KB_MUL && e->op != KB_DIV)
        return st;
    k_type_kind rk = k_kind_promote(e->rhs->type->kind);
    st.in = shift ? in : k_kind_usual(k, rk);
    st.ck = shift ? rk : st.in;
    if (const_of(e->rhs, st.ck, &st.c))
        st.op = e->op;
    return st;
}

/* The counter after one step from j (kind k): the folder's value (lang/
 * intops.h); 0 when C++ leaves it undefined (the checks a constant
 * expression makes: signed overflow, division by zero, a shift out of
 * range, a negative or overflowing signed left shift). */
static int next_value(const step *st, k_type_kind k, uint64_t j, uint64_t *out)
{
    uint64_t r;
    if (k_const_binary_ub(st->op, st->in, k, j, st->ck, st->c) ||
        !k_fold_binary(st->op, st->in, k, j, st->ck, st->c, &r))
        return 0;
    *out = k_kind_wrap(k, r); /* back to the counter's kind, as C */
    return 1;
}

/* Whether test op holds between a and b, both of kind k: the comparison the
 * loop's test compiles to, folded (lang/intops.c). */
static int holds(int op, k_type_kind k, uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    return k_fold_binary(op, k, k, a, k, b, &r) && r;
}

/* The count of the `#pragma unroll` that applies to a loop at line (0 for a
 * bare one), or -1 when there is none. */
static int64_t pragma_count(const k_ctx *ctx, uint32_t line)
{
    int lo = 0, hi = ctx->nunroll_at; /* targets ascend */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (ctx->unroll_at[mid].target < line)
            lo = mid + 1;
        else
            hi = mid;
    }
    int64_t count = -1; /* the last of the pragmas on that line */
    for (; lo < ctx->nunroll_at && ctx->unroll_at[lo].target == line; lo++)
        count = ctx->unroll_at[lo].count;
    return count;
}

/* The trips of loop s if it is written out (and *nodes: its nodes so), or
 * -1.  Its body may assign neither its counter nor those of outer. */
static int plan(const k_ctx *ctx, const k_stmt *s, const counters *outer, int *nodes,
                int outer_limit)
{
    int64_t pragma = pragma_count(ctx, s->loc.line);
    int max_trips = pragma < 0 ? UNROLL_MAX_TRIPS
                    : pragma == 0 ? PRAGMA_MAX_TRIPS
                    : pragma < PRAGMA_MAX_TRIPS ? (int)pragma : PRAGMA_MAX_TRIPS;
    int limit = pragma < 0 ? UNROLL_MAX_NODES : PRAGMA_MAX_NODES;
    if (limit > outer_limit)
        limit = outer_limit;
    if (pragma == 1 || s->kind != S_FOR || !s->init || s->init->kind != S_DECL ||
        s->init->ndecls != 1 || !s->expr || !s->step)
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
    step st = step_of(s->step, d, k);
    if (!const_of(d->init, k, &j) || !const_of(t->rhs, common, &bound) || st.op == 0)
        return -1;
    int trips = 0;
    while (holds(t->op, common, k_kind_wrap(common, j), bound)) {
        if (++trips > max_trips || !next_value(&st, k, j, &j))
            return -1; /* too many trips, or a step C leaves undefined */
    }
    int body = 0;
    const counters cs = {d, outer};
    if (!stmt_ok(ctx, s->body, &cs, &body, limit) || (int64_t)body * trips > limit)
        return -1;
    *nodes = body * trips;
    return trips;
}

int lw_unroll_trips(const k_ctx *ctx, const k_stmt *s)
{
    int nodes = 0;
    return plan(ctx, s, NULL, &nodes, PRAGMA_MAX_NODES);
}

int lw_unroll_value(const k_stmt *s, int trip, int64_t *value)
{
    const k_decl *d = s->init && s->init->ndecls == 1 ? s->init->decls[0] : NULL;
    if (!d || !d->type || !k_ty_is_integer(d->type))
        return 0;
    k_type_kind k = d->type->kind;
    uint64_t j;
    step st = step_of(s->step, d, k);
    if (!const_of(d->init, k, &j) || st.op == 0)
        return 0;
    for (int t = 0; t < trip; t++)
        if (!next_value(&st, k, j, &j))
            return 0;
    *value = k_kind_is_signed(k) ? (int64_t)j : (int64_t)(j & (k_kind_bits(k) == 64 ? UINT64_MAX : (((uint64_t)1 << k_kind_bits(k)) - 1)));
    return 1;
}

/* The copies per trip of the main loop when `#pragma unroll N` (N >= 2)
 * asks for a partial unrolling of a for loop lowering does not write out
 * in full, or 0.  The loop must be one whose trips can be counted on entry
 * to each group of copies: a 32-bit integer counter declared in its init,
 * tested with <, <=, > or >= against a constant or a variable that neither
 * the body nor anything else may change (p->bound: its declaration; NULL
 * for a constant), stepped by a constant towards that bound, and a body
 * that leaves both alone and has no label, goto or switch. */
int lw_unroll_partial(const k_ctx *ctx, const k_stmt *s, lw_partial *p)
{
    int64_t pragma = pragma_count(ctx, s->loc.line);
    if (pragma < 2 || s->kind != S_FOR || !s->init || s->init->kind != S_DECL ||
        s->init->ndecls != 1 || !s->expr || !s->step || lw_unroll_trips(ctx, s) >= 0)
        return 0;
    const k_decl *d = s->init->decls[0];
    const k_expr *t = s->expr;
    if (d->address_taken || !d->type || !k_ty_is_integer(d->type) ||
        (d->type->quals & Q_VOLATILE) || (d->storage & (ST_SHARED | ST_STATIC)))
        return 0;
    k_type_kind k = d->type->kind;
    if (k_kind_bits(k) != 32 || k_kind_promote(k) != k || t->kind != E_BINARY ||
        t->op < KB_LT || t->op > KB_GE || !t->lhs || t->lhs->kind != E_IDENT ||
        t->lhs->decl != d || !t->rhs || !t->rhs->type || !k_ty_is_integer(t->rhs->type) ||
        k_kind_usual(k, k_kind_promote(t->rhs->type->kind)) != k)
        return 0;
    const k_expr *e = t->rhs;
    p->bound = NULL;
    if (!e->is_const) {
        const k_decl *b = e->kind == E_IDENT ? e->decl : NULL;
        if (!b || b == d || b->address_taken || !b->type || !k_ty_is_integer(b->type) ||
            (b->type->quals & Q_VOLATILE) || (b->storage & (ST_SHARED | ST_STATIC | ST_EXTERN)) ||
            k_kind_promote(b->type->kind) != k)
            return 0;
        p->bound = b;
    }
    step st = step_of(s->step, d, k);
    int up = t->op == KB_LT || t->op == KB_LE;
    if ((st.op != KB_ADD && st.op != KB_SUB) || st.in != k)
        return 0;
    int64_t c = k_kind_is_signed(k) ? (int64_t)(int32_t)(uint32_t)st.c : (int64_t)(uint32_t)st.c;
    if (st.op == KB_SUB)
        c = -c;
    if (c == 0 || (c > 0) != up || c > (1 << 20) || c < -(1 << 20))
        return 0;
    int n = pragma > 32 ? 32 : (int)pragma;
    const counters bound = {p->bound, NULL}, cs = {d, p->bound ? &bound : NULL};
    int nodes = 0;
    if (!stmt_ok(ctx, s->body, &cs, &nodes, PRAGMA_MAX_NODES) ||
        (int64_t)nodes * (n + 1) > PRAGMA_MAX_NODES)
        return 0;
    p->counter = d;
    p->step = c;
    p->copies = n;
    p->is_signed = k_kind_is_signed(k);
    return n;
}
