/* lang/overload.c -- C++ function overloading: which of several functions
 * of one name a call means.
 *
 * Each argument is ranked against the parameter it would initialize as C++
 * does ([over.ics.rank], the part K's types need): an exact match (same
 * type, an array or a function decaying, a qualification added, a reference
 * binding directly) beats a promotion (bool/char/short to int, float to
 * double), which beats a conversion (any other arithmetic conversion,
 * 0 or nullptr to a pointer, a derived class's pointer to its base's, a
 * pointer to void * or to bool).  A candidate is viable
 * when it takes that many arguments (defaults and `...` counted) and every
 * argument converts; the best is the one no worse than every other on every
 * argument and better on at least one.  None viable or no single best is a
 * located error. */
#include <string.h>

#include "sema.h"

#define TYBUF 96
#define MAX_OVERLOADS 64

/* R_QUAL: an exact match that adds const (to a reference's or pointer's
 * target), worse than the identity ([over.ics.rank] 3.2.6). */
/* R_BASE, R_CONVERSION, R_TO_BOOL: conversions, of which a derived class's
 * pointer to its base's beats one to void *, and both beat a pointer to bool
 * ([over.ics.rank] 4.1, 4.4). */
enum { R_EXACT, R_QUAL, R_PROMOTION, R_BASE, R_CONVERSION, R_TO_BOOL, R_ELLIPSIS, R_NONE };

static int arith_rank(const k_type *to, const k_type *from)
{
    if (to->kind == from->kind)
        return R_EXACT;
    if (k_ty_is_integer(from) && to->kind == TY_INT && k_kind_bits(from->kind) < 32)
        return R_PROMOTION;
    if (from->kind == TY_FLOAT && to->kind == TY_DOUBLE)
        return R_PROMOTION;
    return R_CONVERSION;
}

static int pointer_rank(const k_type *to, const k_type *from, const k_expr *e)
{
    if (k_ty_is_nullptr(to))
        return k_ty_is_nullptr(from) ? R_EXACT
               : from->kind != TY_PTR && k_is_null_const(e) ? R_CONVERSION : R_NONE;
    if (from->kind != TY_PTR || k_ty_is_nullptr(from))
        return k_is_null_const(e) ? R_CONVERSION : R_NONE;
    if (k_ty_same(to->base, from->base)) {
        unsigned q = Q_CONST | Q_VOLATILE;
        if (from->base->quals & ~to->base->quals & q)
            return R_NONE;
        return (to->base->quals & ~from->base->quals & q) ? R_QUAL : R_EXACT;
    }
    if ((from->base->quals & ~to->base->quals) & (Q_CONST | Q_VOLATILE))
        return R_NONE;
    if (to->base->kind == TY_RECORD && from->base->kind == TY_RECORD &&
        k_record_derives(from->base->rec, to->base->rec))
        return R_BASE;
    if (to->base->kind == TY_VOID)
        return R_CONVERSION;
    return R_NONE;
}

/* How argument e converts to a parameter of type to. */
static int rank(k_sema_state *s, const k_type *to, const k_expr *e)
{
    const k_type *from = e->type;
    if (!from || !to)
        return R_NONE;
    if (to->kind == TY_REF) {
        if (to->rvalue_ref && e->is_lvalue && !e->is_xvalue)
            return R_NONE;      /* `T &&` binds no lvalue */
        if (k_ref_binds_directly(to, e)) {
            if ((from->quals & Q_CONST) && !(to->base->quals & Q_CONST))
                return R_NONE;
            if (!k_ty_same(from, to->base))
                return R_BASE;      /* a derived object to a reference to its base */
            return (to->base->quals & Q_CONST) && !(from->quals & Q_CONST) ? R_QUAL : R_EXACT;
        }
        if (!(to->base->quals & Q_CONST) && !to->rvalue_ref)
            return R_NONE;
        to = to->base;
    }
    from = k_decay(s->ctx, (k_type *)from);
    if (k_ty_is_arith(to))
        return k_ty_is_arith(from) ? arith_rank(to, from)
               : (to->kind == TY_BOOL && from->kind == TY_PTR && !k_ty_is_nullptr(from))
                   ? R_TO_BOOL : R_NONE;
    if (to->kind == TY_PTR)
        return pointer_rank(to, from, e);
    if (k_ty_is_record(to))
        return k_ty_same(to, from) ? R_EXACT : R_NONE;
    return R_NONE;
}

static int required_params(const k_decl *f)
{
    const k_decl *g = f->definition && f->nparams && !f->params[f->nparams - 1]->init
                      ? f->definition : f;
    int n = g->nparams;
    while (n > 0 && g->params[n - 1]->init)
        n--;
    return n;
}

/* [over.ics.rank] 3.2.3: of two reference bindings otherwise alike, `T &&`
 * binding an rvalue or xvalue beats `const T &` binding it (and an lvalue
 * binds `T &&` not at all).  1 when parameter type to is the worse kind for e. */
static int lvalue_ref_to_rvalue(const k_type *to, const k_expr *e)
{
    return to && to->kind == TY_REF && !to->rvalue_ref && (!e->is_lvalue || e->is_xvalue);
}

/* Fills r[i] with argument i's rank for f; returns 0 when f is not viable. */
static int ranks(k_sema_state *s, const k_expr *e, const k_decl *f, int *r)
{
    if (e->nargs > f->nparams && !f->variadic)
        return 0;
    if (e->nargs < required_params(f))
        return 0;
    for (int i = 0; i < e->nargs; i++) {
        r[i] = i < f->nparams ? rank(s, f->params[i]->type, e->args[i]) : R_ELLIPSIS;
        if (r[i] == R_NONE)
            return 0;
        r[i] = r[i] * 2 + (i < f->nparams && lvalue_ref_to_rvalue(f->params[i]->type, e->args[i]));
    }
    return 1;
}

/* 1 when ranks a are better than b (no argument worse, one better). */
static int better(const int *a, const int *b, int n)
{
    int some = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] > b[i])
            return 0;
        some |= a[i] < b[i];
    }
    return some;
}

static void note_candidates(k_sema_state *s, k_decl **cand, int n)
{
    for (int i = 0; i < n; i++)
        if (cand[i]->loc.line)
            k_note(s->ctx, cand[i]->loc, "candidate function");
}

static const char *arg_list(k_sema_state *s, const k_expr *e, char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; i < e->nargs; i++) {
        char t[TYBUF];
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                 e->args[i]->type ? k_ty_str(e->args[i]->type, t, sizeof t) : "?");
    }
    (void)s;
    return buf;
}

/* A static function of the file being checked, in a program of several
 * files.  A header is read once for the whole program, so its static
 * functions are seen by every file; one of the file's own with the same
 * parameters is the one C++ calls there (cuda-samples' HSOpticalFlow: a
 * static Downscale in flowGold.cpp and another in a kernel header that
 * only flowCUDA.cu includes). */
static int own_static(const k_sema_state *s, const k_decl *f)
{
    return s->ctx->nunits && f->unit_private && f->unit_private == s->cur_unit;
}

k_decl *k_sema_pick_overload(k_sema_state *s, k_expr *e, k_decl **cand, int n)
{
    if (n > MAX_OVERLOADS)
        n = MAX_OVERLOADS;
    if (!k_braced_args(s, cand, n, e->args, e->nargs, 0, e->name))
        return NULL;
    for (int i = 0; i < e->nargs; i++)
        if (!k_sema_rvalue(s, e->args[i]))
            return NULL;
    int *r = k_alloc(s->ctx, sizeof *r * (size_t)n * (size_t)(e->nargs + 1));
    int viable[MAX_OVERLOADS], nv = 0;
    for (int i = 0; i < n; i++)
        if (ranks(s, e, cand[i], r + i * (e->nargs + 1)))
            viable[nv++] = i;
    char args[256];
    if (nv == 0) {
        k_error(s->ctx, e->loc, "no matching function for call to '%s(%s)'", e->name,
                arg_list(s, e, args, sizeof args));
        note_candidates(s, cand, n);
        return NULL;
    }
    int best = viable[0];
    for (int k = 1; k < nv; k++)
        if (better(r + viable[k] * (e->nargs + 1), r + best * (e->nargs + 1), e->nargs))
            best = viable[k];
    for (int k = 0; k < nv; k++)   /* a tie with this file's own static: the static */
        if (own_static(s, cand[viable[k]]) &&
            !better(r + best * (e->nargs + 1), r + viable[k] * (e->nargs + 1), e->nargs))
            best = viable[k];
    for (int k = 0; k < nv; k++)
        if (viable[k] != best && !(own_static(s, cand[best]) && !cand[viable[k]]->unit_private) &&
            !better(r + best * (e->nargs + 1), r + viable[k] * (e->nargs + 1), e->nargs)) {
            k_error(s->ctx, e->loc, "call of overloaded '%s(%s)' is ambiguous", e->name,
                    arg_list(s, e, args, sizeof args));
            note_candidates(s, cand, n);
            return NULL;
        }
    return cand[best];
}
