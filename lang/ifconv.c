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
 * A short side that loads or stores (`if (t < s) a[t] += a[t + s];`)
 * cannot be computed on every lane: nvcc predicates it (`@P LDS`, `@P
 * STS`).  lw_if_predicable says which ifs it would predicate; lowering
 * then emits one BRZ/BRNZ flagged SIMT_BR_PREDICATED around the sides (the
 * VM runs only the predicate's lanes through a side, so only they access
 * memory or fault, as on the GPU), and the model counts the sides as the
 * GPU's predicated instructions, not as a branch (runtime/timing.c).
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

/* The register holding condition e for SEL, which tests it for nonzero as
 * BRZ/BRNZ do: an integer or pointer value as it is (lw_cond does the
 * same), a floating one (-0.0 is false) converted to bool.  `a && b` and
 * `a || b` whose right operand is safe to evaluate always are the AND or OR
 * of both as bools, as nvcc computes them, instead of short-circuit
 * branches. */
static int condition(lw_func *F, k_expr *e)
{
    k_type *tbool = k_ty(F->M->ctx, TY_BOOL);
    if (e->kind == E_BINARY && (e->op == KB_LOGAND || e->op == KB_LOGOR) &&
        lw_expr_is_safe(e->rhs)) {
        /* a variable's register or a temporary that stays allocated */
        int l = lw_expr_conv_any(F, e->lhs, tbool);
        int r = lw_expr_conv_any(F, e->rhs, tbool);
        int d = lw_reg(F);
        lw_emit(F, e->op == KB_LOGAND ? OP_AND : OP_OR, d, l, r, 0, 0);
        return d;
    }
    if (k_ty_is_float(e->type))
        return lw_expr_conv_any(F, e, tbool);
    return lw_expr_any(F, e);
}

/* ---- predication ---- */

/* The most memory accesses and value operations a predicated side may
 * take, and both sides together: ptxas predicates sides of a few
 * instructions (a reduction's `s[t] += s[t + k]`: 2 loads, an add, a
 * store; a scan's `if (t >= d) b[o + t] = b[i + t] + b[i + t - d]; else
 * b[o + t] = b[i + t];`: 4 and 2) and branches around longer ones. */
#define IFCONV_PRED_SIDE 5
#define IFCONV_PRED_BOTH 8
#define NOT_STRAIGHT 1000

/* The accesses and value operations of expression e, lowered without a
 * branch or a call, or NOT_STRAIGHT when it is not such an expression.
 * Index arithmetic (addr) counts nothing: nvcc folds offsets into the
 * access (`LDS [R+0x80]`) and shares the rest between the accesses. */
static int straight(const k_expr *e, int addr)
{
    if (!e || e->is_const)
        return 0;
    int scalar = e->type && (k_ty_is_scalar(e->type) || e->type->kind == TY_BOOL);
    switch (e->kind) {
    case E_INT: case E_FLOAT: case E_CHAR: case E_BOOL:
        return 0;
    case E_IDENT: {
        if (!e->decl)
            return NOT_STRAIGHT;
        if (e->decl->builtin >= 0)
            return e->decl->builtin >= K_BVAR_BASE ? 0 : NOT_STRAIGHT;
        lw_sym *sym = lw_sym_of(e->decl);
        return sym && sym->kind == SYM_REG ? 0 : !addr && scalar;   /* a load */
    }
    case E_MEMBER:
        return e->lhs ? straight(e->lhs, 1) + (!addr && scalar) : NOT_STRAIGHT;
    case E_INDEX:
        return straight(e->lhs, 1) + straight(e->rhs, 1) + (!addr && scalar);
    case E_UNARY:
        if (!scalar && e->op != KU_DEREF)
            return NOT_STRAIGHT;
        if (e->op == KU_DEREF)
            return straight(e->lhs, 1) + (!addr && scalar);
        if (e->op == KU_ADDR)
            return straight(e->lhs, 1);
        if (e->op >= KU_PREINC && e->op <= KU_POSTDEC)   /* load, add, store */
            return straight(e->lhs, 1) + (register_var(e->lhs) ? 1 : 3);
        return (addr ? 0 : 1) + straight(e->lhs, addr);
    case E_BINARY:
        if (!scalar || e->op == KB_LOGAND || e->op == KB_LOGOR || e->op == KB_COMMA)
            return NOT_STRAIGHT;
        return (addr ? 0 : 1) + straight(e->lhs, addr) + straight(e->rhs, addr);
    case E_CAST:
        return scalar ? straight(e->lhs, addr) : NOT_STRAIGHT;
    case E_COND:   /* lowered as a SEL only when its parts are safe */
        if (!scalar || !lw_expr_is_safe(e))
            return NOT_STRAIGHT;
        return 1 + straight(e->cond, 0) + straight(e->lhs, 0) + straight(e->rhs, 0);
    case E_ASSIGN:
        if (!scalar || !e->type || e->type->kind == TY_ARRAY)
            return NOT_STRAIGHT;
        /* a store, or a register write nvcc folds into the value's operation */
        return straight(e->lhs, 1) + straight(e->rhs, 0) +
               (register_var(e->lhs) ? 0 : 1 + (e->op != KB_NONE) * 2);
    default:
        return NOT_STRAIGHT;
    }
}

/* The cost of side s (NULL or empty: 0) as straight() counts it, or
 * NOT_STRAIGHT: only expression statements, in a block or alone. */
static int side_cost(const k_stmt *s)
{
    if (!s || s->kind == S_EMPTY)
        return 0;
    if (s->kind == S_EXPR)
        return s->expr ? straight(s->expr, 0) : 0;
    if (s->kind != S_BLOCK)
        return NOT_STRAIGHT;
    int total = 0;
    for (int k = 0; k < s->nstmts && total < NOT_STRAIGHT; k++)
        total += side_cost(s->stmts[k]);
    return total < NOT_STRAIGHT ? total : NOT_STRAIGHT;
}

int lw_if_predicable(const k_stmt *s)
{
    if (s->init || !s->expr || s->expr->is_const || lw_temps_in(s->expr))
        return 0;
    const k_expr *c = s->expr;
    /* the condition lowers without a branch (condition(): && and || of a
     * safe right operand are an AND or OR) */
    if (c->kind == E_BINARY && (c->op == KB_LOGAND || c->op == KB_LOGOR)) {
        if (!lw_expr_is_safe(c->rhs) || straight(c->lhs, 0) >= NOT_STRAIGHT ||
            straight(c->rhs, 0) >= NOT_STRAIGHT)
            return 0;
    } else if (straight(c, 0) >= NOT_STRAIGHT) {
        return 0;
    }
    int a = side_cost(s->body), b = side_cost(s->else_body);
    return a <= IFCONV_PRED_SIDE && b <= IFCONV_PRED_SIDE && a + b <= IFCONV_PRED_BOTH &&
           a + b > 0;
}

int lw_if_condition(lw_func *F, k_expr *e)
{
    return condition(F, e);
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
    int c = condition(F, s->expr);
    if (na <= 1 && nb <= 1)
        single(F, c, na ? as[0] : NULL, nb ? bs[0] : NULL, top);
    else
        sequence(F, c, as, na, bs, nb, top);
    F->top = top;
    return 1;
}
