/* lang/ifconv.c -- if-conversion: a short if without side effects becomes
 * selects instead of a branch (issue 30).
 *
 * nvcc (ptxas) does not branch around a few instructions: it computes both
 * sides and selects (or predicates them), so a warp whose lanes disagree
 * does not diverge.  Lowering does the same for
 *     if (c) x = a; else y = b;       if (c) x op= a;      if (c) x++;
 * where each side is at most one assignment (or ++/--) to a register
 * variable and its value is cheap (IFCONV_MAX_COST operations) and safe to
 * compute on lanes that did not take that side: no load, call, store,
 * atomic, barrier or division that could fault (lw_expr_is_safe, the same
 * test as for the arms of ?:).  The condition is evaluated once, as before;
 * then both sides' values, then one SEL per variable:
 *     x = c ? a' : x        (a': the value the then-side would give x)
 * The program's results are those of the branch: only the work differs (a
 * warp executes both sides, with all its lanes, and never splits there).
 *
 * This works on the AST while lowering, the only place with expressions
 * and variables today; the IR of issue 30 will do it on basic blocks. */
#include "lower.h"

/* The most operations one side's value may take: nvcc converts sides of a
 * few instructions (about four) and keeps longer ones as branches. */
#define IFCONV_MAX_COST 4

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

/* The one assignment or ++/-- that side s of an if consists of, NULL when s
 * does nothing; *ok cleared when s is anything else or too costly. */
static k_expr *side_assignment(const k_stmt *s, int *ok)
{
    if (!s || s->kind == S_EMPTY)
        return NULL;
    if (s->kind == S_BLOCK) {
        if (s->nstmts == 0)
            return NULL;
        if (s->nstmts == 1)
            return side_assignment(s->stmts[0], ok);
        *ok = 0;
        return NULL;
    }
    k_expr *e = s->kind == S_EXPR ? s->expr : NULL;
    int incdec = e && e->kind == E_UNARY && e->op >= KU_PREINC && e->op <= KU_POSTDEC;
    if (!e || !(e->kind == E_ASSIGN || incdec) || !register_var(e->lhs) ||
        (e->kind == E_ASSIGN && !lw_expr_is_safe(e->rhs)) ||
        (e->kind == E_ASSIGN ? cost(e->rhs) + (e->op != KB_NONE) : 1) > IFCONV_MAX_COST) {
        *ok = 0;
        return NULL;
    }
    return e;
}

/* x = c ? R[pair] : R[pair + 1]; R[c] and the pair are read before x is written. */
static void select_into(lw_func *F, const k_expr *assignment, int c, int pair)
{
    lw_emit(F, OP_SEL, lw_sym_of(assignment->lhs->decl)->reg, c, pair, 0, 0);
}

/* Lowers if statement s as selects when it is short and side-effect free;
 * returns 0, having emitted nothing, when it is not. */
int lw_if_convert(lw_func *F, k_stmt *s)
{
    if (s->init || !s->expr || s->expr->is_const)
        return 0;
    int ok = 1;
    k_expr *a = side_assignment(s->body, &ok);
    k_expr *b = side_assignment(s->else_body, &ok);
    if (!ok || (!a && !b))
        return 0;
    int top = F->top;
    /* SEL tests its condition register for nonzero, as BRZ/BRNZ do: an
     * integer or pointer condition is used as it is (lw_cond does the same),
     * a floating one (-0.0 is false) converted to bool */
    int c = k_ty_is_float(s->expr->type)
                ? lw_expr_conv_any(F, s->expr, k_ty(F->M->ctx, TY_BOOL))
                : lw_expr_any(F, s->expr);
    int same = !a || !b || a->lhs->decl == b->lhs->decl;
    if (!same && c < top) {
        /* the condition is a variable the first select may overwrite */
        int t = lw_reg(F);
        lw_emit(F, OP_MOV, t, c, 0, 0, 0);
        c = t;
    }
    /* the values in pairs of registers: then-side first, else-side second;
     * a side that leaves the variable alone keeps its current value */
    int p = lw_reg(F);
    lw_reg(F);
    int q = same ? -1 : lw_reg(F);
    if (!same)
        lw_reg(F);
    if (same) {
        const k_expr *v = a ? a : b;
        int var = lw_sym_of(v->lhs->decl)->reg;
        if (a)
            lw_assign_value(F, a, p);
        else
            lw_emit(F, OP_MOV, p, var, 0, 0, 0);
        if (b)
            lw_assign_value(F, b, p + 1);
        else
            lw_emit(F, OP_MOV, p + 1, var, 0, 0, 0);
        select_into(F, v, c, p);
    } else {
        lw_assign_value(F, a, p);
        lw_emit(F, OP_MOV, p + 1, lw_sym_of(a->lhs->decl)->reg, 0, 0, 0);
        lw_emit(F, OP_MOV, q, lw_sym_of(b->lhs->decl)->reg, 0, 0, 0);
        lw_assign_value(F, b, q + 1);
        select_into(F, a, c, p);
        select_into(F, b, c, q);
    }
    F->top = top;
    return 1;
}
