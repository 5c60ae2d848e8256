/* lang/chrono.c -- <chrono> in the front end: the clocks' time points, the
 * durations, their arithmetic and conversions (see lang/chrono.h for the
 * representation).
 *
 * A conversion between durations is rewritten into the arithmetic libstdc++'s
 * duration_cast does (bits/chrono.h __duration_cast_impl): with the ratio of
 * the two periods reduced to p/q and CR the common type of both counts and
 * intmax_t, the new count is ToRep(CR(count) * CR(p) / CR(q)), the multiply
 * left out when p is 1 and the divide when q is 1.  So
 * duration_cast<milliseconds>(ns) is ns / 1000000 (truncated, as in C++) and
 * duration<double>(ns) is double(ns) / 1e9. */
#include <stdio.h>
#include <string.h>

#include "chrono.h"

#define NANO 1000000000

static const k_chrono nanoseconds = { K_CHRONO_DURATION, TY_LONG, 1, NANO };
static const k_chrono microseconds = { K_CHRONO_DURATION, TY_LONG, 1, 1000000 };
static const k_chrono milliseconds = { K_CHRONO_DURATION, TY_LONG, 1, 1000 };
static const k_chrono seconds = { K_CHRONO_DURATION, TY_LONG, 1, 1 };
static const k_chrono minutes = { K_CHRONO_DURATION, TY_LONG, 60, 1 };
static const k_chrono hours = { K_CHRONO_DURATION, TY_LONG, 3600, 1 };
static const k_chrono time_point = { K_CHRONO_POINT, TY_LONG, 1, NANO };
static const k_chrono r_nano = { K_CHRONO_RATIO, TY_VOID, 1, NANO };
static const k_chrono r_micro = { K_CHRONO_RATIO, TY_VOID, 1, 1000000 };
static const k_chrono r_milli = { K_CHRONO_RATIO, TY_VOID, 1, 1000 };
static const k_chrono r_centi = { K_CHRONO_RATIO, TY_VOID, 1, 100 };
static const k_chrono r_deci = { K_CHRONO_RATIO, TY_VOID, 1, 10 };
static const k_chrono r_kilo = { K_CHRONO_RATIO, TY_VOID, 1000, 1 };
static const k_chrono r_mega = { K_CHRONO_RATIO, TY_VOID, 1000000, 1 };
static const k_chrono r_one = { K_CHRONO_RATIO, TY_VOID, 1, 1 };
static const k_chrono r_minute = { K_CHRONO_RATIO, TY_VOID, 60, 1 };
static const k_chrono r_hour = { K_CHRONO_RATIO, TY_VOID, 3600, 1 };
/* the clocks themselves, as types: `typedef std::chrono::steady_clock Clock;`
 * (each its own object: k_chrono_clock_name tells them apart) */
static const k_chrono steady = { K_CHRONO_CLOCK, TY_VOID, 1, NANO };
static const k_chrono system_c = { K_CHRONO_CLOCK, TY_VOID, 1, NANO };
static const k_chrono hires = { K_CHRONO_CLOCK, TY_VOID, 1, NANO };

/* The type names of <chrono> and <ratio>.  Every clock (steady_clock,
 * system_clock, high_resolution_clock) counts nanoseconds, as libstdc++'s do. */
static const struct { const char *name; const k_chrono *c; } names[] = {
    { "std::chrono::nanoseconds", &nanoseconds },
    { "std::chrono::microseconds", &microseconds },
    { "std::chrono::milliseconds", &milliseconds },
    { "std::chrono::seconds", &seconds },
    { "std::chrono::minutes", &minutes },
    { "std::chrono::hours", &hours },
    { "std::chrono::steady_clock", &steady },
    { "std::chrono::system_clock", &system_c },
    { "std::chrono::high_resolution_clock", &hires },
    { "std::chrono::steady_clock::time_point", &time_point },
    { "std::chrono::system_clock::time_point", &time_point },
    { "std::chrono::high_resolution_clock::time_point", &time_point },
    { "std::chrono::steady_clock::duration", &nanoseconds },
    { "std::chrono::system_clock::duration", &nanoseconds },
    { "std::chrono::high_resolution_clock::duration", &nanoseconds },
    { "std::nano", &r_nano }, { "std::micro", &r_micro }, { "std::milli", &r_milli },
    { "std::centi", &r_centi }, { "std::deci", &r_deci }, { "std::kilo", &r_kilo },
    { "std::mega", &r_mega },
    /* each duration's period, a std::ratio */
    { "std::chrono::nanoseconds::period", &r_nano },
    { "std::chrono::microseconds::period", &r_micro },
    { "std::chrono::milliseconds::period", &r_milli },
    { "std::chrono::seconds::period", &r_one },
    { "std::chrono::minutes::period", &r_minute },
    { "std::chrono::hours::period", &r_hour },
};

static k_type *chrono_type(k_ctx *ctx, const k_chrono *c, const char *alias)
{
    k_type *t = k_ty(ctx, c->what == K_CHRONO_RATIO || c->what == K_CHRONO_CLOCK ? TY_VOID : c->rep);
    if (t) {
        t->chrono = c;
        t->alias = alias;
    }
    return t;
}

const char *k_chrono_typedef(k_ctx *ctx, int i, k_type **t)
{
    int n = (int)(sizeof names / sizeof names[0]);
    if (i >= n)
        return k_random_typedef(ctx, i - n, t);
    if (i < 0)
        return NULL;
    *t = chrono_type(ctx, names[i].c, names[i].name);
    return names[i].name;
}

const char *k_chrono_clock_name(const k_type *t)
{
    if (!t || !t->chrono || t->chrono->what != K_CHRONO_CLOCK)
        return NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].c == t->chrono)
            return names[i].name;
    return NULL;
}

k_type *k_chrono_point_type(k_ctx *ctx)
{
    return chrono_type(ctx, &time_point, "std::chrono::steady_clock::time_point");
}

static int64_t gcd(int64_t a, int64_t b)
{
    while (b) {
        int64_t r = a % b;
        a = b;
        b = r;
    }
    return a < 0 ? -a : a;
}

/* A duration type of the given count and period, named as C++ spells it. */
static k_type *duration_type(k_ctx *ctx, k_type_kind rep, int64_t num, int64_t den)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const k_chrono *c = names[i].c;
        if (c->what == K_CHRONO_DURATION && c->rep == rep && c->num == num && c->den == den)
            return chrono_type(ctx, c, names[i].name);
    }
    k_chrono *c = k_alloc(ctx, sizeof *c);
    char *alias = k_alloc(ctx, 96);
    *c = (k_chrono){ K_CHRONO_DURATION, rep, num, den };
    char repname[32];
    k_type plain = { .kind = rep };
    k_ty_str(&plain, repname, sizeof repname);
    if (num == 1 && den == 1)
        snprintf(alias, 96, "std::chrono::duration<%s>", repname);
    else
        snprintf(alias, 96, "std::chrono::duration<%s, std::ratio<%lld, %lld>>", repname,
                 (long long)num, (long long)den);
    return chrono_type(ctx, c, alias);
}

/* ---- building the rewritten trees ---- */

static k_expr *node(k_ctx *ctx, k_expr_kind kind, k_loc loc, k_expr *lhs, k_expr *rhs)
{
    k_expr *e = k_expr_new(ctx, kind, loc);
    if (!e)
        return NULL;
    e->lhs = lhs;
    e->rhs = rhs;
    uint32_t dl = lhs ? lhs->depth : 0, dr = rhs ? rhs->depth : 0;
    e->depth = (dl > dr ? dl : dr) + 1;
    e->builtin = -1;
    return e;
}

static k_expr *cast_to(k_ctx *ctx, k_type_kind kind, k_expr *x)
{
    k_expr *e = node(ctx, E_CAST, x->loc, x, NULL);
    if (e)
        e->type_written = k_ty(ctx, kind);
    return e;
}

/* A literal of kind (long, float or double) with value v. */
static k_expr *literal(k_ctx *ctx, k_type_kind kind, int64_t v, k_loc loc)
{
    k_expr *e = node(ctx, k_kind_is_float(kind) ? E_FLOAT : E_INT, loc, NULL, NULL);
    if (!e)
        return NULL;
    if (k_kind_is_float(kind)) {
        e->fval = kind == TY_FLOAT ? (double)(float)v : (double)v;
        e->is_single = kind == TY_FLOAT;
    } else {
        e->ival = (uint64_t)v;
        e->int_long = 1;
    }
    return e;
}

/* common_type<ToRep, Rep, intmax_t>: the intermediate type of a conversion. */
static k_type_kind common_rep(k_type_kind a, k_type_kind b)
{
    if (a == TY_DOUBLE || b == TY_DOUBLE)
        return TY_DOUBLE;
    if (a == TY_FLOAT || b == TY_FLOAT)
        return TY_FLOAT;
    return k_kind_usual(k_kind_usual(a, b), TY_LONG);
}

/* The tree converting x (a checked duration or time point) to `to`. */
static k_expr *conversion(k_sema_state *s, k_expr *x, const k_chrono *from, k_type *to)
{
    k_ctx *ctx = s->ctx;
    const k_chrono *c = to->chrono;
    int64_t p = from->num * c->den, q = from->den * c->num, g = gcd(p, q);
    p /= g;
    q /= g;
    k_type_kind cr = common_rep(c->rep, from->rep);
    k_expr *v = x;
    if (p != 1 || q != 1) {
        v = cast_to(ctx, cr, x);
        if (v && p != 1)
            v = node(ctx, E_BINARY, x->loc, v, literal(ctx, cr, p, x->loc));
        if (v && q != 1)
            v = node(ctx, E_BINARY, x->loc, v, literal(ctx, cr, q, x->loc));
        if (v && p != 1 && q != 1)
            v->lhs->op = KB_MUL, v->op = KB_DIV;
        else if (v)
            v->op = p != 1 ? KB_MUL : KB_DIV;
    }
    k_expr *r = v ? cast_to(ctx, c->rep, v) : NULL;
    if (!r || !k_sema_expr(s, r))
        return NULL;
    r->type = to;
    return r;
}

/* Replaces e in place by its conversion to `to`. */
static int convert_in_place(k_sema_state *s, k_expr *e, k_type *to)
{
    const k_chrono *from = e->type->chrono;
    if (from->what == to->chrono->what && from->rep == to->chrono->rep &&
        from->num == to->chrono->num && from->den == to->chrono->den) {
        e->type = to;
        return 1;
    }
    k_expr *x = k_alloc(s->ctx, sizeof *x);
    *x = *e;
    k_expr *r = conversion(s, x, from, to);
    if (!r)
        return 0;
    k_loc loc = e->loc;
    *e = *r;
    e->loc = loc;
    return 1;
}

/* ---- checks ---- */

static const k_chrono *chrono_of(const k_type *t)
{
    return t ? t->chrono : NULL;
}

static int is_duration(const k_type *t)
{
    return chrono_of(t) && t->chrono->what == K_CHRONO_DURATION;
}

static int is_point(const k_type *t)
{
    return chrono_of(t) && t->chrono->what == K_CHRONO_POINT;
}

static void type_error(k_sema_state *s, k_loc loc, const char *what, const k_type *a,
                       const k_type *b)
{
    char x[96], y[96];
    k_error(s->ctx, loc, "%s '%s' and '%s' is not supported", what, k_ty_str(a, x, sizeof x),
            k_ty_str(b, y, sizeof y));
}

/* The common type of two durations: the common count type, the greatest
 * common divisor of the periods (std::common_type of durations). */
static k_type *common_duration(k_ctx *ctx, const k_type *a, const k_type *b)
{
    const k_chrono *x = a->chrono, *y = b->chrono;
    int64_t num = gcd(x->num, y->num), den = x->den / gcd(x->den, y->den) * y->den;
    k_type_kind rep = k_kind_usual(x->rep, y->rep);
    if (x->rep == rep && x->num == num && x->den == den)
        return (k_type *)a;
    if (y->rep == rep && y->num == num && y->den == den)
        return (k_type *)b;
    return duration_type(ctx, rep, num, den);
}

static k_type *set_type(k_expr *e, k_type *t)
{
    e->type = t;
    e->is_lvalue = 0;
    return t;
}

k_type *k_chrono_binary(k_sema_state *s, k_expr *e, k_type *ta, k_type *tb)
{
    k_ctx *ctx = s->ctx;
    int op = e->op;
    if (is_point(ta) && is_point(tb) && op == KB_SUB)
        return set_type(e, duration_type(ctx, TY_LONG, 1, NANO));
    if (is_duration(ta) && is_duration(tb)) {
        k_type *c = common_duration(ctx, ta, tb);
        if (op == KB_ADD || op == KB_SUB || op == KB_DIV || (op >= KB_LT && op <= KB_NE)) {
            if (!c || !convert_in_place(s, e->lhs, c) || !convert_in_place(s, e->rhs, c))
                return NULL;
            if (op == KB_DIV)
                return set_type(e, k_ty(ctx, c->chrono->rep));
            return set_type(e, op >= KB_LT ? k_ty(ctx, TY_BOOL) : c);
        }
    }
    if (is_point(ta) && is_point(tb) && op >= KB_LT && op <= KB_NE)
        return set_type(e, k_ty(ctx, TY_BOOL));
    if (is_point(ta) && is_duration(tb) && (op == KB_ADD || op == KB_SUB)) {
        if (!convert_in_place(s, e->rhs, duration_type(ctx, TY_LONG, 1, NANO)))
            return NULL;
        return set_type(e, ta);
    }
    /* d * n, n * d, d / n: the count scaled, the period kept */
    k_type *d = is_duration(ta) ? ta : tb, *n = d == ta ? tb : ta;
    if (is_duration(d) && !chrono_of(n) && k_ty_is_arith(n) &&
        (op == KB_MUL || (op == KB_DIV && d == ta))) {
        const k_chrono *c = d->chrono;
        return set_type(e, duration_type(ctx, k_kind_usual(c->rep, n->kind), c->num, c->den));
    }
    type_error(s, e->loc, "this operator on", ta, tb);
    return NULL;
}

int k_chrono_assign(k_sema_state *s, k_type *to, k_expr *e, const char *what)
{
    k_type *from = e->type;
    int ok = from && chrono_of(to) && chrono_of(from) &&
             ((is_duration(to) && is_duration(from)) || (is_point(to) && is_point(from)));
    /* C++ converts implicitly only where no precision is lost: an integer
     * count only to a finer period (seconds to milliseconds, not back) */
    if (ok && !k_kind_is_float(to->chrono->rep)) {
        int64_t p = from->chrono->num * to->chrono->den, q = from->chrono->den * to->chrono->num;
        ok = !k_kind_is_float(from->chrono->rep) && p % q == 0;
    }
    if (!ok) {
        char a[96], b[96];
        k_error(s->ctx, e->loc, "incompatible types in %s: cannot convert '%s' to '%s'%s",
                what, from ? k_ty_str(from, a, sizeof a) : "?", k_ty_str(to, b, sizeof b),
                chrono_of(to) && chrono_of(from) ? " (use std::chrono::duration_cast)" : "");
        return 0;
    }
    return convert_in_place(s, e, to);
}

k_type *k_chrono_member_call(k_sema_state *s, k_expr *e)
{
    k_type *t = k_sema_rvalue(s, e->lhs);
    if (!t)
        return NULL;
    const char *what = is_duration(t) && strcmp(e->name, "count") == 0 ? "count"
                     : is_point(t) && strcmp(e->name, "time_since_epoch") == 0 ? "epoch" : NULL;
    if (!what) {
        char b[96];
        k_error(s->ctx, e->loc, "member function '%s' of '%s' is not supported", e->name,
                k_ty_str(t, b, sizeof b));
        return NULL;
    }
    if (e->nargs != 0) {
        k_error(s->ctx, e->loc, "'%s' takes no arguments", e->name);
        return NULL;
    }
    /* the count is the value itself: e becomes its object, retyped */
    k_type *r = what[0] == 'c' ? k_ty(s->ctx, t->chrono->rep)
                               : duration_type(s->ctx, TY_LONG, 1, NANO);
    k_loc loc = e->loc;
    *e = *e->lhs;
    e->loc = loc;
    return set_type(e, r);
}

static int is_duration_cast(void *arg, const char *qname)
{
    (void)arg;
    return strcmp(qname, "std::chrono::duration_cast") == 0;
}

int k_chrono_is_template_call(k_sema_state *s, const char *name)
{
    return k_sema_resolve(s, name, is_duration_cast, NULL) != NULL;
}

static int is_chrono_template(void *arg, const char *qname)
{
    (void)arg;
    return strcmp(qname, "std::chrono::duration") == 0 ||
           strcmp(qname, "std::chrono::time_point") == 0 || strcmp(qname, "std::ratio") == 0;
}

void k_chrono_resolve_type(k_sema_state *s, k_type *t, k_loc loc)
{
    const char *name = t->name ? k_sema_resolve(s, t->name, is_chrono_template, NULL) : NULL;
    if (!name)
        return;
    enum { MAX_TARGS = 4 };
    k_type *types[MAX_TARGS] = { 0 };
    k_expr *exprs[MAX_TARGS] = { 0 };
    int n = t->ntargs < MAX_TARGS ? t->ntargs : MAX_TARGS;
    for (int i = 0; i < n; i++) {
        types[i] = t->targs[i].type;
        exprs[i] = t->targs[i].expr;
        if (types[i])
            k_sema_resolve_type(s, types[i], t->targs[i].loc);
    }
    k_type *r = t->ntargs <= MAX_TARGS
                    ? k_chrono_template_type(s, name, types, exprs, n, loc) : NULL;
    if (!r) {
        if (t->ntargs > MAX_TARGS)
            k_error(s->ctx, loc, "too many template arguments for '%s'", name);
        r = k_ty(s->ctx, TY_INT); /* one error, then a plain type: no cascade */
        if (!r)
            return;
    }
    unsigned quals = t->quals;
    *t = *r;
    t->quals |= quals;
}

k_type *k_chrono_cast(k_sema_state *s, k_expr *e, k_type *to, k_type *from)
{
    if (to->chrono && !from->chrono && k_ty_is_arith(from) && to->chrono->what != K_CHRONO_RATIO)
        return set_type(e, to);     /* milliseconds(5): a count */
    if (to->kind == TY_VOID)
        return set_type(e, to);     /* (void)d: the value is discarded, as in C++ */
    if (to->chrono && from->chrono) {
        if (!k_chrono_assign(s, to, e->lhs, "conversion"))
            return NULL;
        return set_type(e, to);
    }
    /* (double)d: its count, as the conversions above write it (C++ has no
     * such cast; K takes it rather than refuse the trees it builds itself) */
    if (!to->chrono && from->chrono && from->chrono->what != K_CHRONO_RATIO && k_ty_is_arith(to))
        return set_type(e, to);
    char a[96], b[96];
    k_error(s->ctx, e->loc, "cannot convert '%s' to '%s'%s", k_ty_str(from, a, sizeof a),
            k_ty_str(to, b, sizeof b), chrono_of(from) ? " (use .count())" : "");
    return NULL;
}

k_type *k_chrono_call(k_sema_state *s, k_expr *e, k_type *to, int ntargs)
{
    if (ntargs != 1 || !is_duration(to) || e->nargs != 1) {
        k_error(s->ctx, e->loc, "std::chrono::duration_cast needs one duration type argument "
                "and one duration (duration_cast<std::chrono::milliseconds>(d))");
        return NULL;
    }
    k_type *from = k_sema_rvalue(s, e->args[0]);
    if (!from)
        return NULL;
    if (!is_duration(from)) {
        char b[96];
        k_error(s->ctx, e->args[0]->loc, "std::chrono::duration_cast of '%s', which is not a "
                "duration", k_ty_str(from, b, sizeof b));
        return NULL;
    }
    k_expr *r = conversion(s, e->args[0], from->chrono, to);
    if (!r)
        return NULL;
    k_loc loc = e->loc;
    *e = *r;
    e->loc = loc;
    return e->type;
}

/* std::ratio<N, D>: its value, reduced.  After an error it is std::ratio<1>,
 * so that a duration written with it is still one (no second error). */
static k_type *ratio_type(k_sema_state *s, k_expr **exprs, int n, k_loc loc)
{
    int64_t num = 0, den = 1;
    if (n < 1 || n > 2 || !exprs[0] || (n == 2 && !exprs[1])) {
        k_error(s->ctx, loc, "std::ratio takes one or two integer constants");
        num = 1;
    } else if (!k_sema_const_int(s, exprs[0], &num) ||
               (n == 2 && !k_sema_const_int(s, exprs[1], &den))) {
        num = den = 1;
    } else if (num <= 0 || den <= 0) {
        k_error(s->ctx, loc, "a period must be positive (std::ratio<%lld, %lld>)",
                (long long)num, (long long)den);
        num = den = 1;
    }
    k_chrono *c = k_alloc(s->ctx, sizeof *c);
    if (!c)
        return NULL;
    int64_t g = gcd(num, den);
    *c = (k_chrono){ K_CHRONO_RATIO, TY_VOID, num / g, den / g };
    return chrono_type(s->ctx, c, "std::ratio");
}

k_type *k_chrono_template_type(k_sema_state *s, const char *name, k_type **types,
                               k_expr **exprs, int n, k_loc loc)
{
    if (strcmp(name, "std::ratio") == 0)
        return ratio_type(s, exprs, n, loc);
    if (strcmp(name, "std::chrono::time_point") == 0)
        return k_chrono_point_type(s->ctx);
    if (strcmp(name, "std::chrono::duration") != 0)
        return NULL;
    k_type *rep = n >= 1 ? types[0] : NULL, *period = n == 2 ? types[1] : NULL;
    if (!rep || !k_ty_is_arith(rep) || rep->chrono || n > 2 ||
        (n == 2 && !(chrono_of(period) && period->chrono->what == K_CHRONO_RATIO))) {
        k_error(s->ctx, loc, "std::chrono::duration takes an arithmetic type and a "
                "std::ratio (duration<double, std::milli>)");
        return NULL;
    }
    return duration_type(s->ctx, rep->kind, period ? period->chrono->num : 1,
                         period ? period->chrono->den : 1);
}
