/* lang/sincos.c -- sincosf(x, &s, &c) and its relatives (SPEC 2.8's maths
 * library): one call that stores two results through pointers.  Sema turns
 * it into `*sp = sinf(x), *cp = cosf(x)`, which computes the same values
 * (CUDA's sincosf returns what sinf and cosf return), so no new intrinsic is
 * needed.  x is then read twice: an argument with side effects is an error
 * rather than a second evaluation. */
#include <string.h>

#include "sema.h"

static const struct {
    const char *name, *sin, *cos;
} SINCOS[] = {
    {"sincosf", "sinf", "cosf"},
    {"sincos", "sin", "cos"},
    {"__sincosf", "__sinf", "__cosf"},
    {"std::sincos", "sin", "cos"},
    {"sincospif", "sinpif", "cospif"},   /* lang/math_extra.c's, read for "cospi" */
    {"sincospi", "sinpi", "cospi"},
};

/* Whether e only reads: names, constants, members, indexing, casts and
 * operators without assignment, increments or calls. */
static int pure(const k_expr *e)
{
    if (!e)
        return 1;
    switch (e->kind) {
    case E_INT: case E_FLOAT: case E_CHAR: case E_BOOL: case E_IDENT:
    case E_SIZEOF_TYPE: case E_SIZEOF_EXPR: case E_ALIGNOF: case E_TYPE_TRAIT:
        return 1;
    case E_UNARY:
        return e->op != KU_PREINC && e->op != KU_PREDEC && e->op != KU_POSTINC &&
               e->op != KU_POSTDEC && pure(e->lhs);
    case E_BINARY: case E_INDEX:
        return pure(e->lhs) && pure(e->rhs);
    case E_MEMBER: case E_CAST:
        return pure(e->lhs);
    case E_COND:
        return pure(e->cond) && pure(e->lhs) && pure(e->rhs);
    default:
        return 0;
    }
}

static k_expr *store(k_sema_state *s, k_expr *ptr, const char *fn, k_expr *x, k_loc loc)
{
    k_expr *call = k_expr_new(s->ctx, E_CALL, loc);
    k_expr *deref = k_expr_new(s->ctx, E_UNARY, loc);
    k_expr *set = k_expr_new(s->ctx, E_ASSIGN, loc);
    k_expr **args = k_alloc(s->ctx, sizeof *args);
    args[0] = x;
    call->name = fn;
    call->args = args;
    call->nargs = 1;
    call->builtin = -1;
    call->depth = x->depth + 1;
    deref->op = KU_DEREF;
    deref->lhs = ptr;
    deref->depth = ptr->depth + 1;
    set->op = KB_NONE;
    set->lhs = deref;
    set->rhs = call;
    set->depth = (deref->depth > call->depth ? deref->depth : call->depth) + 1;
    return set;
}

int k_sema_sincos(k_sema_state *s, k_expr *e)
{
    size_t i = 0;
    while (i < sizeof SINCOS / sizeof SINCOS[0] && strcmp(SINCOS[i].name, e->name) != 0)
        i++;
    if (i == sizeof SINCOS / sizeof SINCOS[0] || k_sema_lookup(s, e->name))
        return 0;    /* not one of them, or the program defines its own */
    if (e->nargs != 3) {
        k_error(s->ctx, e->loc, "%s takes 3 arguments (x, a pointer for the sine, one for the "
                "cosine), not %d", e->name, e->nargs);
        return -1;
    }
    for (int a = 0; a < 3; a++)
        if (!pure(e->args[a])) {
            k_error(s->ctx, e->args[a]->loc, "%s: an argument with side effects is not "
                    "supported in K (compute it into a variable first)", e->name);
            return -1;
        }
    k_expr *first = store(s, e->args[1], SINCOS[i].sin, e->args[0], e->loc);
    k_expr *second = store(s, e->args[2], SINCOS[i].cos, e->args[0], e->loc);
    if (!first || !second)
        return -1;
    e->kind = E_BINARY;
    e->op = KB_COMMA;
    e->lhs = first;
    e->rhs = second;
    e->name = NULL;
    e->args = NULL;
    e->nargs = 0;
    e->depth = (first->depth > second->depth ? first->depth : second->depth) + 1;
    return 1;
}
