/* lang/random.c -- <random> in the front end: the engines
 * (std::default_random_engine = std::minstd_rand0, std::minstd_rand,
 * std::mt19937, std::mt19937_64, std::random_device), std::uniform_int_distribution<T>,
 * std::uniform_real_distribution<T> and std::normal_distribution<T>.
 *
 * An object of these types is a long holding a runtime handle
 * (runtime/random.c, which computes libstdc++'s sequences).  Its declaration
 * `std::mt19937 gen(42);` or `std::uniform_int_distribution<int> d(1, 6);`
 * becomes an initialization by a runtime call that builds the object, and
 * the calls `gen()` and `d(gen)` become runtime calls that draw from it. */
#include <stdint.h>
#include <string.h>

#include "runtime/random.h"
#include "sema.h"

/* with each engine's min() and max(), as libstdc++'s */
static const struct { const char *name; int kind; uint64_t min, max; } engines[] = {
    { "std::default_random_engine", RNG_MINSTD_RAND0, 1, 2147483646 },
    { "std::minstd_rand0", RNG_MINSTD_RAND0, 1, 2147483646 },
    { "std::minstd_rand", RNG_MINSTD_RAND, 1, 2147483646 },
    { "std::mt19937", RNG_MT19937, 0, UINT32_MAX },
    { "std::mt19937_64", RNG_MT19937_64, 0, UINT64_MAX },
    { "std::random_device", RNG_RANDOM_DEVICE, 0, UINT32_MAX },
};

/* The distributions by result type; the alias is their type's spelling. */
static const struct { const char *alias; int kind; k_type_kind rep; } dists[] = {
    { "std::uniform_int_distribution<int>", RNG_UNIFORM_INT + RNG_REP_32, TY_INT },
    /* the narrow types, which the standard leaves out and libstdc++ takes:
     * its draw is the same as int's (common_type with the engine's unsigned
     * long), converted */
    { "std::uniform_int_distribution<short>", RNG_UNIFORM_INT + RNG_REP_32, TY_SHORT },
    { "std::uniform_int_distribution<unsigned short>", RNG_UNIFORM_INT + RNG_REP_32, TY_USHORT },
    { "std::uniform_int_distribution<char>", RNG_UNIFORM_INT + RNG_REP_32, TY_CHAR },
    { "std::uniform_int_distribution<signed char>", RNG_UNIFORM_INT + RNG_REP_32, TY_SCHAR },
    { "std::uniform_int_distribution<unsigned char>", RNG_UNIFORM_INT + RNG_REP_32, TY_UCHAR },
    { "std::uniform_int_distribution<unsigned int>", RNG_UNIFORM_INT + RNG_REP_32, TY_UINT },
    { "std::uniform_int_distribution<long>", RNG_UNIFORM_INT + RNG_REP_64, TY_LONG },
    { "std::uniform_int_distribution<unsigned long>", RNG_UNIFORM_INT + RNG_REP_64, TY_ULONG },
    { "std::uniform_int_distribution<long long>", RNG_UNIFORM_INT + RNG_REP_64, TY_LLONG },
    { "std::uniform_int_distribution<unsigned long long>", RNG_UNIFORM_INT + RNG_REP_64,
      TY_ULLONG },
    { "std::uniform_real_distribution<float>", RNG_UNIFORM_REAL + RNG_REP_FLOAT, TY_FLOAT },
    { "std::uniform_real_distribution<double>", RNG_UNIFORM_REAL + RNG_REP_DOUBLE, TY_DOUBLE },
    { "std::normal_distribution<float>", RNG_NORMAL + RNG_REP_FLOAT, TY_FLOAT },
    { "std::normal_distribution<double>", RNG_NORMAL + RNG_REP_DOUBLE, TY_DOUBLE },
};

#define NENGINES ((int)(sizeof engines / sizeof engines[0]))
#define NDISTS ((int)(sizeof dists / sizeof dists[0]))

static k_type *handle_type(k_ctx *ctx, const char *alias)
{
    k_type *t = k_ty(ctx, TY_LONG);
    if (t)
        t->alias = alias;
    return t;
}

const char *k_random_typedef(k_ctx *ctx, int i, k_type **t)
{
    if (i < 0 || i >= NENGINES)
        return NULL;
    *t = handle_type(ctx, engines[i].name);
    return engines[i].name;
}

static int engine_of(const k_type *t)
{
    while (t && t->kind == TY_REF)   /* `G &&g` of std::shuffle */
        t = t->base;
    for (int i = 0; t && t->alias && i < NENGINES; i++)
        if (strcmp(t->alias, engines[i].name) == 0)
            return i;
    return -1;
}

static int dist_of(const k_type *t)
{
    while (t && t->kind == TY_REF)
        t = t->base;
    for (int i = 0; t && t->alias && i < NDISTS; i++)
        if (strcmp(t->alias, dists[i].alias) == 0)
            return i;
    return -1;
}

int k_random_is_type(const k_type *t)
{
    return engine_of(t) >= 0 || dist_of(t) >= 0;
}

static int is_dist_template(void *arg, const char *qname)
{
    (void)arg;
    return strcmp(qname, "std::uniform_int_distribution") == 0 ||
           strcmp(qname, "std::uniform_real_distribution") == 0 ||
           strcmp(qname, "std::normal_distribution") == 0;
}

/* The distribution of template `family` ("std::normal_distribution") for
 * result type rep; -1 if none. */
static int dist_index(const char *family, k_type_kind rep)
{
    size_t n = strlen(family);
    for (int i = 0; i < NDISTS; i++)
        if (dists[i].rep == rep && strncmp(dists[i].alias, family, n) == 0 &&
            dists[i].alias[n] == '<')
            return i;
    return -1;
}

void k_random_resolve_type(k_sema_state *s, k_type *t, k_loc loc)
{
    const char *name = t->name ? k_sema_resolve(s, t->name, is_dist_template, NULL) : NULL;
    if (!name)
        return;
    int real = strstr(name, "_int_") == NULL;   /* uniform_real and normal */
    k_type *arg = t->ntargs >= 1 ? t->targs[0].type : NULL;
    if (arg)
        k_sema_resolve_type(s, arg, t->targs[0].loc);
    k_type_kind rep = arg ? arg->kind : real ? TY_DOUBLE : TY_INT;
    int ok = t->ntargs <= 1 && (arg || t->ntargs == 0);
    if (!ok || dist_index(name, rep) < 0) {
        k_error(s->ctx, loc, "%s<%s> is not supported (use %s)", name,
                t->ntargs == 1 && arg ? "this type" : "...",
                real ? "float or double" : "an integer type");
        rep = real ? TY_DOUBLE : TY_INT;   /* then the default's: its uses do not cascade */
    }
    unsigned quals = t->quals;
    *t = *handle_type(s->ctx, dists[dist_index(name, rep)].alias);
    t->quals = quals;
}

static k_expr *int_lit(k_ctx *ctx, int64_t v, k_loc loc)
{
    k_expr *e = k_expr_new(ctx, E_INT, loc);
    if (e) {
        e->ival = (uint64_t)v;
        e->int_long = 2;
        e->depth = 1;
        e->builtin = -1;
    }
    return e;
}

static k_expr *float_lit(k_ctx *ctx, double v, k_loc loc)
{
    k_expr *e = k_expr_new(ctx, E_FLOAT, loc);
    if (e) {
        e->fval = v;
        e->depth = 1;
        e->builtin = -1;
    }
    return e;
}

/* A call of runtime builtin `name` with args, typed as `type`. */
static k_expr *runtime_call(k_sema_state *s, const char *name, k_expr **args, int n, k_loc loc,
                            k_type *type)
{
    k_expr *e = k_expr_new(s->ctx, E_CALL, loc);
    k_expr **a = k_alloc(s->ctx, (size_t)n * sizeof *a);
    int id = k_builtin_find(name, 0);
    if (id < 0)
        return NULL;
    memcpy(a, args, (size_t)n * sizeof *a);
    e->name = name;
    e->args = a;
    e->nargs = n;
    e->depth = 2;
    for (int i = 0; i < n; i++)
        if (a[i]->depth + 1 > e->depth)
            e->depth = a[i]->depth + 1;
    k_sema_builtin_call(s, e, id);
    e->type = type;
    return e;
}

/* The largest value of an integer kind (a distribution's default b). */
static int64_t kind_max(k_type_kind k)
{
    switch (k) {
    case TY_CHAR: case TY_SCHAR: return INT8_MAX;
    case TY_UCHAR: return UINT8_MAX;
    case TY_SHORT: return INT16_MAX;
    case TY_USHORT: return UINT16_MAX;
    case TY_INT: return INT32_MAX;
    case TY_UINT: return UINT32_MAX;
    case TY_LONG: case TY_LLONG: return INT64_MAX;
    default: return -1;       /* unsigned 64-bit: all ones */
    }
}

/* The call that makes an engine or distribution of type t from its
 * constructor's n arguments; NULL after an error. */
static k_expr *construct(k_sema_state *s, k_type *t, k_expr **args, int n, k_loc loc)
{
    k_ctx *ctx = s->ctx;
    int ei = engine_of(t), di = dist_of(t);
    k_expr *a[3];
    if (ei >= 0) {
        if (n > 1) {
            k_error(ctx, loc, "a random engine takes one seed");
            return NULL;
        }
        if (n && engines[ei].kind == RNG_RANDOM_DEVICE) {
            k_error(ctx, loc, "std::random_device takes no token in K (its default, the host's "
                    "entropy, is what it reads)");
            return NULL;
        }
        a[0] = int_lit(ctx, engines[ei].kind, loc);
        a[1] = int_lit(ctx, n, loc);
        a[2] = n ? args[0] : int_lit(ctx, 0, loc);
        return runtime_call(s, "std::random engine", a, 3, loc, t);
    }
    int real = dists[di].kind >= RNG_UNIFORM_REAL, normal = dists[di].kind >= RNG_NORMAL;
    if (n > 2) {
        k_error(ctx, loc, normal ? "a normal distribution takes a mean and a standard "
                "deviation" : "a uniform distribution takes at most two bounds");
        return NULL;
    }
    int uns = k_kind_is_integer(dists[di].rep) && !k_kind_is_signed(dists[di].rep);
    a[0] = int_lit(ctx, (dists[di].kind & 0xff) | (uns ? RNG_UNSIGNED_BOUNDS : 0) |
                   (normal ? RNG_NORMAL_PARAMS : 0), loc);
    a[1] = n >= 1 ? args[0] : real ? float_lit(ctx, 0, loc) : int_lit(ctx, 0, loc);
    a[2] = n >= 2 ? args[1] : real ? float_lit(ctx, 1, loc)
                                   : int_lit(ctx, kind_max(dists[di].rep), loc);
    return runtime_call(s, real ? "std::uniform_real_distribution"
                                : "std::uniform_int_distribution", a, 3, loc, t);
}

void k_random_init(k_sema_state *s, k_decl *d, int file_scope)
{
    if (d->init && d->init->kind == E_INIT_LIST && d->init->direct_list && d->nctor < 0) {
        /* `std::mt19937 gen{123};`, `normal_distribution<float> d{0.f, 1.f};`:
         * list-initialization calls the same constructor as parentheses */
        d->ctor_args = d->init->args;
        d->nctor = d->init->nargs;
        d->init = NULL;
    }
    if (file_scope || d->init || (s->fn_kind & (FN_DEVICE | FN_KERNEL))) {
        k_error(s->ctx, d->loc, "a <random> object must be a local variable of host code "
                "initialized as '%s %s(args);'", d->type->alias, d->name);
        return;
    }
    d->init = construct(s, d->type, d->ctor_args, d->nctor < 0 ? 0 : d->nctor, d->loc);
    d->nctor = -1;
    d->ctor_args = NULL;
}

/* `std::mt19937(seed)`, `std::mt19937()`: a temporary engine or
 * distribution (`std::shuffle(a, a + n, std::mt19937(19937))`); e is the
 * functional cast, its operand the one argument unless empty. */
k_type *k_random_temporary(k_sema_state *s, k_expr *e, int empty)
{
    if (s->fn_kind & (FN_DEVICE | FN_KERNEL)) {
        k_error(s->ctx, e->loc, "a <random> object is host code's");
        return NULL;
    }
    k_expr *r = construct(s, e->type_written, &e->lhs, !empty, e->loc);
    if (!r)
        return NULL;
    *e = *r;
    return e->type;
}

k_type *k_random_call(k_sema_state *s, k_expr *e, k_decl *f)
{
    k_ctx *ctx = s->ctx;
    k_expr *self = k_expr_new(ctx, E_IDENT, e->loc);
    self->name = e->name;
    self->depth = 1;
    self->builtin = -1;
    int di = dist_of(f->type);
    if (di < 0) {
        if (e->nargs != 0) {
            k_error(ctx, e->loc, "a random engine is called without arguments");
            return NULL;
        }
        int ei = engine_of(f->type), device = ei >= 0 && engines[ei].kind == RNG_RANDOM_DEVICE;
        k_expr *r = runtime_call(s, "std::random engine()", &self, 1, e->loc,
                                 k_ty(ctx, device ? TY_UINT : TY_ULONG));   /* result_type */
        if (!r)
            return NULL;
        *e = *r;
        return e->type;
    }
    k_type *g = e->nargs == 1 ? k_sema_rvalue(s, e->args[0]) : NULL;
    if (engine_of(g) < 0) {
        k_error(ctx, e->loc, "a distribution is called with a random engine: %s(gen)", e->name);
        return NULL;
    }
    k_expr *a[2] = { self, e->args[0] };
    k_expr *r = runtime_call(s, "std::distribution()", a, 2, e->loc, k_ty(ctx, dists[di].rep));
    if (!r)
        return NULL;
    *e = *r;
    return e->type;
}

/* gen.min() / gen.max(): the engine's bounds, constants of its type (an
 * unsigned long, its result_type in libstdc++). */
static k_type *engine_bound(k_sema_state *s, k_expr *e, int ei)
{
    if (e->nargs != 0) {
        k_error(s->ctx, e->loc, "%s takes no arguments", e->name);
        return NULL;
    }
    uint64_t v = strcmp(e->name, "min") == 0 ? engines[ei].min : engines[ei].max;
    k_expr *lit = int_lit(s->ctx, (int64_t)v, e->loc);
    if (!lit)
        return NULL;
    *e = *lit;
    e->int_unsigned = 1;        /* 1ul: an unsigned long, checked as one */
    e->int_long = 1;
    e->type = NULL;
    return k_sema_expr(s, e);
}

/* gen.seed(v) / gen.seed(): the engine starts again as `std::mt19937 gen(v)`
 * would (a fresh handle assigned to gen: the same sequence from there).
 * gen.min() and gen.max() are its bounds. */
k_type *k_random_member_call(k_sema_state *s, k_expr *e)
{
    k_ctx *ctx = s->ctx;
    int ei = engine_of(e->lhs->type);
    if (ei >= 0 && (strcmp(e->name, "min") == 0 || strcmp(e->name, "max") == 0))
        return engine_bound(s, e, ei);
    if (ei < 0 || strcmp(e->name, "seed") != 0) {
        k_error(ctx, e->loc, "'%s' has no member function '%s' in K (seed, min and max are "
                "the ones built in)",
                e->lhs->type->alias ? e->lhs->type->alias : "this type", e->name);
        return NULL;
    }
    if (e->nargs > 1) {
        k_error(ctx, e->loc, "seed takes one value");
        return NULL;
    }
    if (!e->lhs->is_lvalue) {
        k_error(ctx, e->loc, "seed needs an engine variable");
        return NULL;
    }
    k_expr *a[3] = { int_lit(ctx, engines[ei].kind, e->loc), int_lit(ctx, e->nargs, e->loc),
                     e->nargs ? e->args[0] : int_lit(ctx, 0, e->loc) };
    if (e->nargs && !k_sema_rvalue(s, e->args[0]))
        return NULL;
    k_expr *fresh = runtime_call(s, "std::random engine", a, 3, e->loc, e->lhs->type);
    if (!fresh)
        return NULL;
    k_expr *lhs = e->lhs;
    e->kind = E_ASSIGN;
    e->op = KB_NONE;
    e->rhs = fresh;
    e->name = NULL;
    e->args = NULL;
    e->nargs = 0;
    e->depth = (lhs->depth > fresh->depth ? lhs->depth : fresh->depth) + 1;
    e->type = lhs->type;
    return e->type;
}
