/* lang/ifconv.c -- if-conversion: a short if without side effects becomes
 * selects instead of a branch (issue 30).
 *
 * nvcc (ptxas) does not branch around a few instructions: it computes both
 * sides and selects (or predicates them), so a warp whose lanes disagree
 * does not diverge.  Lowering does the same for
 *     if (c) x = a; else y = b;       if (c) x op= a;      if (c) x++;
 *     if (v > best) { best = v; at = k; }     if (a > b) { t = a; a = b; b = t; }
 * where each side is at most IFCONV_MAX_ASSIGN assignments (or ++/--) of
 * register variables whose values take IFCONV_MAX_COST operations in all
 * and are safe to compute on lanes that did not take that side: no load,
 * call, store, atomic, barrier or division that could fault
 * (lw_expr_is_safe, the same test as for the arms of ?:).  The condition is
 * evaluated once, as before; then both sides, then one SEL per variable:
 *     x = c ? a' : x        (a': the value the then-side gives x)
 * The program's results are those of the branch: only the work differs (a
 * warp executes both sides, with all its lanes, and never splits there).
 *
 * This works on the AST while lowering, the only place with expressions
 * and variables today; the IR of issue 30 will do it on basic blocks. */
#include "lower.h"

/* The most operations one side's value may take: nvcc converts sides of a
 * few instructions (about four) and keeps longer ones as branches. */
#define IFCONV_MAX_COST 4
/* The most assignments one side may make (`{ t = a; a = b; b = t; }`). */
#define IFCONV_MAX_ASSIGN 3

/* Operations an expression's value takes, roughly as SASS counts them. */
static int cost(const k_expr *e)
{
    if (!e || e->is_const)
        return 0;
    switch (e->kind) {
    case E_UNARY:
        return 1 + cost(e->lhs);
    case E_BINARY:
        /* a division by a constant is a multiply-high sequence on a GPU */
        if ((e->op == KB_DIV || e->op == KB_MOD) && !k_ty_is_float(e->type))
            return 3 + cost(e->lhs) + cost(e->rhs);
        return 1 + cost(e->lhs) + cost(e->rhs);
    case E_CAST:
        return cost(e->lhs);
    default:
        return 0;
    }
}

/* Whether e names a scalar register variable (not memory, not an aggregate). */
static int register_var(const k_expr *e)
{
    if (e->kind != E_IDENT || !e->decl || e->decl->builtin >= 0)
        return 0;
    lw_sym *s = lw_sym_of(e->decl);
    return s && s->kind == SYM_REG && e->type && k_ty_is_scalar(e->type);
}

/* An assignment or ++/-- of a register variable with a cheap safe value,
 * or NULL. */
static k_expr *assignment(const k_stmt *s)
{
    k_expr *e = s->kind == S_EXPR ? s->expr : NULL;
    int incdec = e && e->kind == E_UNARY && e->op >= KU_PREINC && e->op <= KU_POSTDEC;
    if (!e || !(e->kind == E_ASSIGN || incdec) || !register_var(e->lhs) ||
        (e->kind == E_ASSIGN && !lw_expr_is_safe(e->rhs)))
        return NULL;
    return e;
}

static int assignment_cost(const k_expr *e)
{
    return e->kind == E_ASSIGN ? cost(e->rhs) + (e->op != KB_NONE) : 1;
}

/* The statements of side s (NULL: none) as assignments into list (at most
 * IFCONV_MAX_ASSIGN); their number, or -1 when s is anything else or costs
 * more than IFCONV_MAX_COST operations in all. */
static int side_assignments(const k_stmt *s, k_expr **list)
{
    if (!s || s->kind == S_EMPTY)
        return 0;
    const k_stmt *const *stmts = (const k_stmt *const *)&s;
    int n = 1, total = 0;
    if (s->kind == S_BLOCK) {
        stmts = (const k_stmt *const *)s->stmts;
        n = s->nstmts;
    }
    if (n > IFCONV_MAX_ASSIGN)
        return -1;
    for (int k = 0; k < n; k++) {
        list[k] = assignment(stmts[k]);
        if (!list[k])
            return -1;
        total += assignment_cost(list[k]);
    }
    return total <= IFCONV_MAX_COST ? n : -1;
}

/* x = c ? R[pair] : R[pair + 1]; R[c] and the pair are read before x is written. */
static void select_into(lw_func *F, int var, int c, int pair)
{
    lw_emit(F, OP_SEL, var, c, pair, 0, 0);
}

static int var_reg(const k_expr *assignment)
{
    return lw_sym_of(assignment->lhs->decl)->reg;
}

static void mov(lw_func *F, int dst, int src)
{
    lw_emit(F, OP_MOV, dst, src, 0, 0, 0);
}

/* Each side at most one assignment: both values are computed without
 * touching the variables, then selected (a: then-side, b: else-side, either
 * may be NULL). */
static void single(lw_func *F, int c, const k_expr *a, const k_expr *b, int top)
{
    int same = !a || !b || a->lhs->decl == b->lhs->decl;
    if (!same && c < top) {
        /* the condition is a variable the first select may overwrite */
        int t = lw_reg(F);
        mov(F, t, c);
        c = t;
    }
    /* the values in pairs of registers: then-side first, else-side second;
     * a side that leaves the variable alone keeps its current value */
    int p = lw_reg(F);
    lw_reg(F);
    if (same) {
        int var = var_reg(a ? a : b);
        if (a)
            lw_assign_value(F, (k_expr *)a, p);
        else
            mov(F, p, var);
        if (b)
            lw_assign_value(F, (k_expr *)b, p + 1);
        else
            mov(F, p + 1, var);
        select_into(F, var, c, p);
        return;
    }
    int q = lw_reg(F);
    lw_reg(F);
    lw_assign_value(F, (k_expr *)a, p);
    mov(F, p + 1, var_reg(a));
    mov(F, q, var_reg(b));
    lw_assign_value(F, (k_expr *)b, q + 1);
    select_into(F, var_reg(a), c, p);
    select_into(F, var_reg(b), c, q);
}

/* Sides of several assignments, where one may read what an earlier one
 * wrote (`{ t = a; a = b; b = t; }`): each side runs as written on every
 * lane, the variables saved before and restored after the then-side, and
 * one select per variable keeps what the side the condition picks left. */
static void sequence(lw_func *F, int c, k_expr **as, int na, k_expr **bs, int nb, int top)
{
    int vars[2 * IFCONV_MAX_ASSIGN], in_a[2 * IFCONV_MAX_ASSIGN] = {0};
    int in_b[2 * IFCONV_MAX_ASSIGN] = {0}, nv = 0;
    for (int k = 0; k < na + nb; k++) {
        int r = var_reg(k < na ? as[k] : bs[k - na]), v = 0;
        while (v < nv && vars[v] != r)
            v++;
        if (v == nv)
            vars[nv++] = r;
        *(k < na ? &in_a[v] : &in_b[v]) = 1;
    }
    if (c < top) {   /* a variable the sides may write */
        int t = lw_reg(F);
        mov(F, t, c);
        c = t;
    }
    int saved = lw_reg(F), pairs;
    for (int v = 1; v < nv; v++)
        lw_reg(F);
    pairs = lw_reg(F);
    for (int v = 1; v < 2 * nv; v++)
        lw_reg(F);
    for (int v = 0; v < nv; v++)
        mov(F, saved + v, vars[v]);
    for (int k = 0; k < na; k++)
        lw_effect(F, as[k]);
    for (int v = 0; v < nv; v++) {
        mov(F, pairs + 2 * v, in_a[v] ? vars[v] : saved + v);
        if (in_a[v])
            mov(F, vars[v], saved + v);
    }
    for (int k = 0; k < nb; k++)
        lw_effect(F, bs[k]);
    for (int v = 0; v < nv; v++) {
        mov(F, pairs + 2 * v + 1, in_b[v] ? vars[v] : saved + v);
        select_into(F, vars[v], c, pairs + 2 * v);
    }
}

/* Lowers if statement s as selects when it is short and side-effect free;
 * returns 0, having emitted nothing, when it is not. */
int lw_if_convert(lw_func *F, k_stmt *s)
{
    if (s->init || !s->expr || s->expr->is_const)
        return 0;
    k_expr *as[IFCONV_MAX_ASSIGN], *bs[IFCONV_MAX_ASSIGN];
    int na = side_assignments(s->body, as), nb = side_assignments(s->else_body, bs);
    if (na < 0 || nb < 0 || na + nb == 0)
        return 0;
    int top = F->top;
    /* SEL tests its condition register for nonzero, as BRZ/BRNZ do: an
     * integer or pointer condition is used as it is (lw_cond does the same),
     * a floating one (-0.0 is false) converted to bool */
    int c = k_ty_is_float(s->expr->type)
                ? lw_expr_conv_any(F, s->expr, k_ty(F->M->ctx, TY_BOOL))
                : lw_expr_any(F, s->expr);
    if (na <= 1 && nb <= 1)
        single(F, c, na ? as[0] : NULL, nb ? bs[0] : NULL, top);
    else
        sequence(F, c, as, na, bs, nb, top);
    F->top = top;
    return 1;
}
