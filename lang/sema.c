/* lang/sema.c -- semantic analysis of declarations and statements: scopes,
 * name resolution, array lengths, initializers, function kinds (host, device,
 * kernel) and the statement rules (break/continue placement, case labels,
 * returns).  Expressions are in sema_expr.c, built-in calls in builtins.c. */
#include <string.h>

#include "namespaces.h"
#include "cg.h"
#include "chrono.h"
#include "sema.h"

#define TYBUF 96

/* ---- scopes ---- */
static void scope_push(k_sema_state *s)
{
    k_scope *sc = k_alloc(s->ctx, sizeof *sc);
    sc->up = s->scope;
    sc->uses_mark = s->nuses;
    s->scope = sc;
}

/* A scope's using-directives end with it. */
static void scope_pop(k_sema_state *s)
{
    s->nuses = s->scope->uses_mark;
    s->scope = s->scope->up;
}

/* The latest declaration of name in sc that the unit being checked sees
 * (another file's `static` names are not its, lang/units.c). */
static k_decl *scope_find(const k_sema_state *s, const k_scope *sc, const char *name)
{
    for (int i = sc->n - 1; i >= 0; i--)
        if (strcmp(sc->decls[i]->name, name) == 0 && k_unit_sees(s, sc->decls[i]))
            return sc->decls[i];
    return NULL;
}

static void scope_add(k_sema_state *s, k_decl *d)
{
    k_scope *sc = s->scope;
    if (sc->n == sc->cap) {
        int cap = sc->cap ? sc->cap * 2 : 16;
        k_decl **nd = k_alloc(s->ctx, sizeof *nd * (size_t)cap);
        if (sc->n)
            memcpy(nd, sc->decls, sizeof *nd * (size_t)sc->n);
        sc->decls = nd;
        sc->cap = cap;
    }
    sc->decls[sc->n++] = d;
}

const char *k_sema_resolve(k_sema_state *s, const char *name,
                           int (*probe)(void *arg, const char *qname), void *arg)
{
    k_ns_view v = { s->ns, s->uses, s->nuses };
    return k_ns_resolve(s->ctx, &v, name, probe, arg);
}

static k_decl *global_find(k_sema_state *s, const char *name)
{
    for (k_scope *sc = s->file_scope; sc; sc = sc->up) {
        k_decl *d = scope_find(s, sc, name);
        if (d)
            return d;
    }
    return NULL;
}

static int global_probe(void *arg, const char *qname)
{
    return global_find(arg, qname) != NULL;
}

/* Block scopes first (their names are never qualified), then the file's
 * names through the namespaces in view. */
static void check_var(k_sema_state *s, k_decl *d, int file_scope);

/* A later static member or enumerator checked where a body used it
 * (lang/static_members.c k_sema_later_member): at file scope, once. */
void k_sema_check_member_early(k_sema_state *s, k_decl *d)
{
    k_sema_state saved = *s;
    s->scope = s->file_scope;
    s->fn = NULL;
    s->fn_kind = 0;
    s->ns = d->ns;
    s->loops = 0;
    d->checked_early = 1;
    check_var(s, d, 1);
    saved.tpl = s->tpl;
    *s = saved;
}

k_decl *k_sema_global_find(k_sema_state *s, const char *name)
{
    return global_find(s, name);
}

k_decl *k_sema_lookup(k_sema_state *s, const char *name)
{
    for (k_scope *sc = s->scope; sc && sc != s->file_scope && name[0] != ':'; sc = sc->up) {
        k_decl *d = scope_find(s, sc, name);
        if (d)
            return d;
    }
    char buf[256];   /* a static data member named bare inside its class */
    const char *m = k_static_member_name(s, name, buf, sizeof buf);
    k_decl *d = m ? global_find(s, m) : NULL;
    if (!d || d->kind != D_VAR) {
        const char *q = k_sema_resolve(s, name, global_probe, s);
        d = q ? global_find(s, q) : NULL;
    }
    if (!d && m)
        d = k_sema_enclosing_member(s, buf);
    if (!d && m && strstr(name, "::"))
        d = k_sema_later_member(s, name);   /* `S::E1`, an implicit enumerator's previous one */
    if (d && d->static_member)
        d->odr_used = 1;
    return d;
}

const char *k_sema_suggest(k_sema_state *s, const char *name)
{
    simt_suggester sug;
    simt_suggest_init(&sug, name);
    for (k_scope *sc = s->scope; sc; sc = sc->up)
        for (int i = 0; i < sc->n; i++)
            simt_suggest_add(&sug, sc->decls[i]->name);
    k_builtin_suggest(&sug);
    return simt_suggest_best(&sug);
}

/* A using-directive, -declaration or namespace alias: in view until its
 * scope ends. */
static void check_using(k_sema_state *s, k_decl *u)
{
    if (u->using_kind == U_DECLARATION && !u->using_template && !k_sema_lookup(s, u->target) &&
        k_builtin_find(u->target, 0) < 0 && k_builtin_find(u->target, 1) < 0 &&
        k_sema_builtin_lookup(s, u->target) < 0) {   /* `using std::exit;` */
        k_error(s->ctx, u->loc, "no member named '%s' in namespace '%s'",
                k_ns_last(u->target), k_ns_of(s->ctx, u->target));
        return;
    }
    if (s->nuses == s->uses_cap) {
        int cap = s->uses_cap ? s->uses_cap * 2 : 8;
        k_decl **nu = k_alloc(s->ctx, sizeof *nu * (size_t)cap);
        if (s->nuses)
            memcpy(nu, s->uses, sizeof *nu * (size_t)s->nuses);
        s->uses = nu;
        s->uses_cap = cap;
    }
    s->uses[s->nuses++] = u;
}

int k_has_ctor(const k_decl *d)
{
    return d->nctor >= 0;
}

unsigned k_fn_kind(const k_decl *fn)
{
    if (fn->storage & ST_GLOBAL)
        return FN_KERNEL;
    unsigned k = 0;
    if (fn->storage & ST_DEVICE)
        k |= FN_DEVICE;
    if ((fn->storage & ST_HOST) || !(fn->storage & ST_DEVICE))
        k |= FN_HOST;
    return k;
}

static void check_nocode(k_sema_state *s, k_decl *d)
{
    if (d->kind == D_STATIC_ASSERT)
        k_sema_static_assert(s, d);
    else
        check_using(s, d);
}

/* ---- built-in variables and constants ---- */
static void add_builtin_var(k_sema_state *s, const char *name, k_type_kind kind, int id)
{
    k_decl *d = k_decl_new(s->ctx, D_VAR, (k_loc){0, 0}, name);
    d->type = k_ty(s->ctx, kind);
    d->type->quals = Q_CONST;
    d->builtin = id;
    d->is_global_scope = 1;
    scope_add(s, d);
}

static void add_builtin_const(k_sema_state *s, const char *name, k_type_kind kind,
                              const char *alias, uint64_t v)
{
    k_decl *d = k_decl_new(s->ctx, D_VAR, (k_loc){0, 0}, name);
    d->type = k_ty(s->ctx, kind);
    d->type->quals = Q_CONST;
    d->type->alias = alias;
    d->builtin = K_BVAR_CONST;
    d->is_global_scope = 1;
    d->init = k_expr_new(s->ctx, E_INT, (k_loc){0, 0});
    d->init->type = d->type;
    d->init->is_const = 1;
    d->init->const_val = v;
    d->init->builtin = -1;
    scope_add(s, d);
}

static void add_builtins(k_sema_state *s)
{
    add_builtin_var(s, "threadIdx", TY_UINT3, K_BVAR_THREADIDX);
    add_builtin_var(s, "blockIdx", TY_UINT3, K_BVAR_BLOCKIDX);
    add_builtin_var(s, "blockDim", TY_DIM3, K_BVAR_BLOCKDIM);
    add_builtin_var(s, "gridDim", TY_DIM3, K_BVAR_GRIDDIM);
    add_builtin_var(s, "warpSize", TY_INT, K_BVAR_WARPSIZE);
    static const struct { const char *name; uint64_t v; } errs[] = {
        {"cudaSuccess", 0}, {"cudaErrorInvalidValue", 1}, {"cudaErrorMemoryAllocation", 2},
        {"cudaErrorInvalidConfiguration", 9}, {"cudaErrorInvalidSymbol", 13},
        {"cudaErrorInvalidDevicePointer", 17}, {"cudaErrorInvalidMemcpyDirection", 21},
        {"cudaErrorIllegalAddress", 700}, {"cudaErrorLaunchFailure", 719},
    };
    for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++)
        add_builtin_const(s, errs[i].name, TY_INT, "cudaError_t", errs[i].v);
    static const struct { const char *name; uint64_t v; } ints[] = {
        {"cudaMemcpyHostToHost", 0}, {"cudaMemcpyHostToDevice", 1},
        {"cudaMemcpyDeviceToHost", 2}, {"cudaMemcpyDeviceToDevice", 3},
        {"cudaMemcpyDefault", 4}, {"cudaMemAttachGlobal", 1}, {"NULL", 0},
        {"EXIT_SUCCESS", 0}, {"EXIT_FAILURE", 1}, {"RAND_MAX", 2147483647},
        {"INT_MAX", 2147483647}, {"INT_MIN", (uint64_t)INT32_MIN},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        add_builtin_const(s, ints[i].name, TY_INT, NULL, ints[i].v);
    add_builtin_const(s, "UINT_MAX", TY_UINT, NULL, UINT32_MAX);
    add_builtin_const(s, "LLONG_MAX", TY_LLONG, NULL, INT64_MAX);
    k_iostream_builtins(s);
}

void k_sema_add_const(k_sema_state *s, const char *name, k_type_kind kind, const char *alias,
                      uint64_t v)
{
    add_builtin_const(s, name, kind, alias, v);
}

/* The constant bound of an array type.  A bound computed at run time (`double
 * r[n];`, a variable-length array of C99 and of GNU C++) is named as such. */
static int array_bound(k_sema_state *s, k_expr *len, int64_t *n, int vla_ok)
{
    k_type *t = k_sema_rvalue(s, len);
    if (!t)
        return 0;
    if (k_ty_is_integer(t) && len->is_const) {
        *n = (int64_t)len->const_val;   /* g++ takes a wrapped bound (INT_MAX + 1) too */
        return 1;
    }
    if (k_static_init_failed(len))
        return 0;
    if (!k_ty_is_integer(t)) {
        k_error(s->ctx, len->loc, "expression is not an integer constant");
        return 0;
    }
    if (vla_ok)
        return 2;   /* a host local's variable-length array (lang/vla.c) */
    if (s->vla_outer) {
        k_error(s->ctx, len->loc, "a variable-length array's inner dimensions must be "
                "constants (K builds only `T a[n]` and `T a[n][C]`)");
        k_help(s->ctx, "allocate it where the size is known: std::vector<T> v(n * m), "
               "indexed v[i * m + j]");
        return 0;
    }
    k_error(s->ctx, len->loc, "expression is not an integer constant (an array's size must be "
            "known when compiling; only a local array of host code may be variable-length)");
    k_help(s->ctx, "allocate it where the size is known: std::vector<T> v(n), or new T[n] "
           "with delete[]");
    return 0;
}

/* ---- types ---- */
void k_sema_resolve_type(k_sema_state *s, k_type *t, k_loc loc)
{
    for (; t; t = t->base) {
        if (t->enum_def && t->enum_def->settled && k_kind_is_integer(t->kind))
            t->kind = t->enum_def->kind;   /* `Neg n;` of a widened enum (lang/enums.c) */
        if (t->kind == TY_DECLTYPE)
            k_decltype_resolve(s, t, loc);
        if (t->kind == TY_MEMBER_TYPE)
            k_member_type_resolve(s, t, loc);
        if (t->kind == TY_TEMPLATE_ID)
            k_chrono_resolve_type(s, t, loc);
        if (t->kind == TY_TEMPLATE_ID)
            k_random_resolve_type(s, t, loc);
        if (t->kind == TY_FUNC) {   /* `std::function<std::vector<int>(Item &)>` */
            for (int i = 0; t->params && i < t->nparams; i++)
                if (t->params[i] != t)
                    k_sema_resolve_type(s, t->params[i], loc);
            if (t->base && t->base->kind == TY_TEMPLATE_ID)
                k_sema_resolve_type(s, t->base, loc);
            return;
        }
        if (t->kind == TY_REF && t->base && t->base->kind == TY_MEMBER_TYPE)
            k_member_type_resolve(s, t->base, loc);
        if (t->kind == TY_REF && t->base && t->base->kind == TY_REF) {
            /* `typename W<T>::type &` with type = int & (or int &&): C++'s
             * reference collapsing, as lang/clone.c does for `T &` */
            t->rvalue_ref = t->rvalue_ref && t->base->rvalue_ref;
            t->base = t->base->base;
        }
        if (t->kind == TY_REF && t->base && t->base->kind == TY_VOID) {
            k_error(s->ctx, loc, "cannot form a reference to 'void'");
            t->base->kind = TY_INT;   /* reported: go on as if it were int& */
        }
        if (t->kind == TY_TEMPLATE_ID)   /* cooperative groups' library templates */
            k_cg_resolve_type(s, t, loc);
        if (t->kind == TY_TEMPLATE_ID)
            k_tpl_sema_type(s, t, loc);    /* S<float>: becomes its instance's record */
        if (t->kind == TY_RECORD)
            k_record_layout(s, t->rec);
        if (t->kind != TY_ARRAY)
            continue;
        if (!t->len_expr) {
            if (t->length == 0)   /* [] */
                t->length = -1;
            continue;
        }
        int64_t n;
        int bound = array_bound(s, t->len_expr, &n, t == s->vla_outer);
        if (bound == 2) {
            t->length = K_VLA_LENGTH;
            continue;
        }
        if (!bound) {
            t->length = 1;
            t->len_expr = NULL;   /* reported once: a type resolved again stays [1] */
            continue;
        }
        if (n <= 0) {
            k_error(s->ctx, t->len_expr->loc.line ? t->len_expr->loc : loc,
                    "array size must be positive (it is %lld)", (long long)n);
            n = 1;
        }
        t->length = n;
    }
}

/* ---- initializers: flattened to (offset, scalar type, expression) ---- */
static void init_add(k_sema_state *s, k_init *in, uint32_t off, k_type *t, k_expr *e)
{
    if ((in->n & (in->n - 1)) == 0) {  /* grow at powers of two */
        int cap = in->n ? in->n * 2 : 4;
        k_init_item *ni = k_alloc(s->ctx, sizeof *ni * (size_t)cap);
        if (in->n)
            memcpy(ni, in->items, sizeof *ni * (size_t)in->n);
        in->items = ni;
    }
    in->items[in->n++] = (k_init_item){off, t, e, 0, 0};
}

static int is_char_kind(const k_type *t)
{
    return t->kind == TY_CHAR || t->kind == TY_SCHAR || t->kind == TY_UCHAR;
}

static void init_string(k_sema_state *s, k_type *t, k_expr *str, uint32_t base, k_init *in)
{
    int64_t n = t->length;
    if ((int64_t)str->strlen > n)
        k_error(s->ctx, str->loc, "initializer string is too long for the array");
    for (int64_t i = 0; i < n && i <= (int64_t)str->strlen; i++) {
        k_expr *c = k_expr_new(s->ctx, E_INT, str->loc);
        c->type = t->base;
        c->is_const = 1;
        c->const_val = k_kind_wrap(t->base->kind, i < (int64_t)str->strlen
                                                      ? (uint64_t)(unsigned char)str->str[i] : 0);
        c->builtin = -1;
        init_add(s, in, base + (uint32_t)i, t->base, c);
    }
}

static void fill(k_sema_state *s, k_type *t, k_expr **args, int n, int *pos, uint32_t base,
                 k_init *in);

/* One braced list for an object of type t. */
static void fill_braced(k_sema_state *s, k_type *t, k_expr *list, uint32_t base, k_init *in)
{
    int pos = 0;
    if (t->kind == TY_ARRAY && list->nargs == 1 && list->args[0]->kind == E_STRING &&
        is_char_kind(t->base)) {
        init_string(s, t, list->args[0], base, in);
        return;
    }
    fill(s, t, list->args, list->nargs, &pos, base, in);
    if (pos < list->nargs && list->args[pos]->kind == E_DESIGNATOR)
        k_error(s->ctx, list->args[pos]->loc, "no member named '%s' in '%s'",
                list->args[pos]->name, k_ty_is_record(t) && t->kind == TY_RECORD
                                           ? k_record_name(t->rec) : "this type");
    else if (pos < list->nargs)
        k_error(s->ctx, list->args[pos]->loc, "excess elements in initializer");
}

static void fill_scalar(k_sema_state *s, k_type *t, k_expr *e, uint32_t base, k_init *in)
{
    while (e->kind == E_INIT_LIST && e->nargs == 1)
        e = e->args[0];
    if (e->kind == E_INIT_LIST) {
        k_error(s->ctx, e->loc, "too many braces around a scalar initializer");
        return;
    }
    if (k_tpl_target_function(s, t, e) && k_sema_rvalue(s, e) &&
        k_sema_assignable(s, t, e, "initialization"))
        init_add(s, in, base, t, e);
}

static int is_aggregate(const k_type *t)
{
    return t->kind == TY_ARRAY || k_ty_is_record(t);
}

static int field_index(const k_record *r, const char *name)
{
    for (int i = 0; i < r->nfields; i++)
        if (r->fields[i].name && strcmp(r->fields[i].name, name) == 0)
            return i;
    return -1;
}

/* A braced list for a member or element of a class with constructors
 * (`{{1, 2, 3}, 3}` for {std::vector<int> v; int n;}): it builds that
 * object as `T x = {1, 2, 3}` would, so the list becomes `(T){1, 2, 3}`. */
static int braced_class(k_sema_state *s, k_type *t, k_expr **slot)
{
    k_expr *list = *slot;
    if (t->kind != TY_RECORD || !k_record_has_ctors(t->rec) || list->kind != E_INIT_LIST)
        return 0;
    k_expr *c = k_class_node(s, E_COMPOUND, list->loc);
    c->type_written = t;
    c->lhs = list;
    c->depth = list->depth + 1;
    *slot = c;
    return 1;
}

/* The members of a record in initialization order: a union initializes its
 * first member, a struct every named member (unnamed bit-fields are skipped). */
static void fill_record(k_sema_state *s, k_type *t, k_expr **args, int n, int *pos,
                        uint32_t base, k_init *in)
{
    k_record *r = t->rec;
    for (int i = 0; *pos < n; i++) {
        if (args[*pos]->kind == E_DESIGNATOR) {   /* .m = v: continue from member m */
            int j = field_index(r, args[*pos]->name);
            if (j < 0)
                return;          /* an outer record's member (or none: fill_braced says) */
            i = j;
            args[*pos] = args[*pos]->lhs;
        } else if (i >= r->nfields || (r->is_union && i > 0)) {
            return;
        }
        k_field *f = &r->fields[i];
        if (!f->name && f->bit_expr)
            continue;
        uint32_t off = base + f->offset;
        k_expr *a = args[*pos];
        if (f->bit_width) {
            int first = in->n;
            fill(s, f->type, args, n, pos, off, in);
            if (in->n > first) {
                in->items[first].bit_off = f->bit_offset;
                in->items[first].bit_width = f->bit_width;
            }
        } else if (braced_class(s, f->type, &args[*pos])) {
            fill(s, f->type, args, n, pos, off, in);
        } else if (is_aggregate(f->type) && a->kind == E_INIT_LIST) {
            (*pos)++;
            fill_braced(s, f->type, a, off, in);
        } else {
            fill(s, f->type, args, n, pos, off, in);
        }
    }
}

static void fill(k_sema_state *s, k_type *t, k_expr **args, int n, int *pos, uint32_t base,
                 k_init *in)
{
    if (t->kind == TY_RECORD) {
        /* an expression of the record's own type initializes it whole; so
         * does any expression for a class with constructors, which has no
         * brace elision (`{"x", 1}` for {std::string s; int n;}: s("x")) */
        k_expr *a = *pos < n ? args[*pos] : NULL;    /* `{}` has no item */
        if (a && a->kind != E_INIT_LIST && a->kind != E_DESIGNATOR && k_sema_rvalue(s, a) &&
            (k_ty_same(a->type, t) || k_record_has_ctors(t->rec))) {
            (*pos)++;
            if (k_ty_same(a->type, t) || k_sema_assignable(s, t, a, "initialization"))
                init_add(s, in, base, t, a);
            return;
        }
        fill_record(s, t, args, n, pos, base, in);
        return;
    }
    if (t->kind == TY_ARRAY || k_ty_is_record(t)) {
        k_type *et = t->kind == TY_ARRAY ? t->base : k_ty(s->ctx, TY_UINT);
        int64_t len = t->kind == TY_ARRAY ? t->length : k_ty_size(t) / 4;
        int64_t esz = k_ty_size(et);
        if (t->kind == TY_ARRAY && is_char_kind(et) && *pos < n && args[*pos]->kind == E_STRING) {
            init_string(s, t, args[(*pos)++], base, in);
            return;
        }
        for (int64_t i = 0; i < len && *pos < n; i++) {
            uint32_t off = base + (uint32_t)(i * esz);
            k_expr *a = args[*pos];
            if (braced_class(s, et, &args[*pos])) {
                fill(s, et, args, n, pos, off, in);
            } else if ((et->kind == TY_ARRAY || k_ty_is_record(et)) && a->kind == E_INIT_LIST) {
                (*pos)++;
                fill_braced(s, et, a, off, in);
            } else {
                fill(s, et, args, n, pos, off, in);
            }
        }
        return;
    }
    fill_scalar(s, t, args[(*pos)++], base, in);
}

/* How many scalars a brace-elided list spends on one object of type t. */
static int64_t count_scalars(const k_type *t)
{
    if (t->kind == TY_ARRAY)
        return (t->length > 0 ? t->length : 1) * count_scalars(t->base);
    if (t->kind == TY_RECORD && k_record_has_ctors(t->rec))
        return 1;   /* a class: one expression builds it (fill) */
    if (t->kind == TY_RECORD) {
        int64_t n = 0;
        for (int i = 0; i < t->rec->nfields; i++) {
            const k_field *f = &t->rec->fields[i];
            if (f->name || !f->bit_expr)
                n += count_scalars(f->type);
            if (t->rec->is_union)
                break;
        }
        return n > 0 ? n : 1;
    }
    if (k_ty_is_record(t))
        return 3;
    return 1;
}

/* Length of `T a[] = {...}`: the number of elements the list fills. */
static int64_t list_length(k_sema_state *s, k_type *t, k_expr *init)
{
    if (init->kind == E_STRING)
        return (int64_t)init->strlen + 1;
    if (init->kind != E_INIT_LIST)
        return 1;
    if (init->nargs == 1 && init->args[0]->kind == E_STRING && is_char_kind(t->base))
        return (int64_t)init->args[0]->strlen + 1;
    k_type *et = t->base;
    if (et->kind != TY_ARRAY && !k_ty_is_record(et))
        return init->nargs;
    /* brace elision: scalars written without inner braces fill whole elements */
    int64_t count = 0, scalars = 0, esz = count_scalars(et);
    (void)s;
    for (int i = 0; i < init->nargs; i++) {
        if (init->args[i]->kind == E_INIT_LIST) {
            count += (scalars + esz - 1) / esz + 1;
            scalars = 0;
        } else {
            scalars++;
        }
    }
    return count + (scalars + esz - 1) / esz;
}

/* `std::chrono::milliseconds d(5);` constructs explicitly, as the functional
 * cast milliseconds(5) does (`d = 5` is no conversion: the constructor is
 * explicit), so it is checked as that cast. */
static k_expr *explicit_init(k_sema_state *s, k_type *t, k_expr *x)
{
    k_expr *e = k_expr_new(s->ctx, E_CAST, x->loc);
    e->lhs = x;
    e->type_written = t;
    e->depth = x->depth + 1;
    e->builtin = -1;
    return e;
}

int k_sema_check_init(k_sema_state *s, k_decl *d)
{
    k_type *t = d->type;
    k_expr *init = d->init;
    if (t->kind == TY_ARRAY && t->length < 0 && init)
        t->length = list_length(s, t, init);
    /* C++ `int x(5);`, and `Plain b(a);` for a struct without constructors
     * (those with them are classes.c's): its implicit copy constructor */
    if (k_has_ctor(d) && d->nctor == 1 && !init && (!k_ty_is_record(t) || t->kind == TY_RECORD)) {
        init = d->ctor_args[0];
        if (t->chrono && !(init = explicit_init(s, t, init)))
            return 0;
        d->init = init;
        d->nctor = -1;
    }
    if (k_has_ctor(d) && t->kind == TY_RECORD && k_ty_size(t) < 0)
        return 0;   /* an incomplete class: reported once, as such */
    if (k_has_ctor(d)) {
        if (!k_ty_is_record(t) || t->kind == TY_DEVPROP || t->kind == TY_RECORD) {
            k_error(s->ctx, d->loc, "constructor syntax is only allowed for dim3 variables");
            return 0;
        }
        if (d->nctor > 3)
            k_error(s->ctx, d->loc, "too many arguments to the dim3 constructor");
        for (int i = 0; i < d->nctor; i++) {
            k_type *a = k_sema_rvalue(s, d->ctor_args[i]);
            if (a && d->nctor == 1 && a->kind == t->kind) {
                d->init = d->ctor_args[0];      /* `dim3 g(grid);`: a copy */
                d->nctor = -1;
                return 1;
            }
            if (a)
                k_sema_assignable(s, k_ty(s->ctx, TY_UINT), d->ctor_args[i], "dim3 constructor");
        }
        return 1;
    }
    if (!init)
        return 1;
    if (t->kind == TY_ARRAY || (k_ty_is_record(t) && init->kind == E_INIT_LIST)) {
        k_init *in = k_alloc(s->ctx, sizeof *in);
        if (init->kind == E_INIT_LIST) {
            fill_braced(s, t, init, 0, in);
        } else if (init->kind == E_STRING && t->kind == TY_ARRAY && is_char_kind(t->base)) {
            init_string(s, t, init, 0, in);
        } else {
            k_error(s->ctx, init->loc, "an array must be initialized with a brace list");
            return 0;
        }
        init->sema_ext = in;
        init->type = t;
        init->builtin = -1;
        return 1;
    }
    if (init->kind == E_INIT_LIST && init->nargs == 0) {
        k_expr *zero = k_expr_new(s->ctx, E_INT, init->loc);   /* `int x{}`: value-initialized */
        d->init = init = zero;
    } else if (init->kind == E_INIT_LIST) {
        if (init->nargs != 1) {
            k_error(s->ctx, init->loc, "a scalar needs exactly one initializer");
            return 0;
        }
        d->init = init = init->args[0];
    }
    if (!k_tpl_target_function(s, t, init))
        return 0;
    k_type *from = k_sema_rvalue(s, init);
    if (!from)
        return 0;
    if (t->kind == TY_DIM3 && k_ty_is_arith(from) && d->kind == D_VAR) {
        /* `dim3 grid = (n + 255) / 256;`: CUDA's dim3(unsigned, unsigned =
         * 1, unsigned = 1) is not explicit, so this is dim3 grid(x) */
        d->ctor_args = k_alloc(s->ctx, sizeof *d->ctor_args);
        d->ctor_args[0] = init;
        d->nctor = 1;
        d->init = NULL;
        return k_sema_assignable(s, k_ty(s->ctx, TY_UINT), init, "dim3 constructor");
    }
    return k_sema_assignable(s, t, init, "initialization");
}

/* (T){...}: an unnamed object initialized as `T x = {...}` would be. */
k_type *k_sema_compound(k_sema_state *s, k_expr *e)
{
    k_type *t = e->type_written;
    if (!t) { /* `x = {...}` where x has no type: its own error was given */
        if (!s->ctx->nerrors)
            k_error(s->ctx, e->loc, "a braced list needs a type to initialize here");
        return NULL;
    }
    k_sema_resolve_type(s, t, e->loc);
    if (k_class_braced_construct(s, e, t))   /* `return {a, b}` of a class with constructors */
        return k_sema_construct_record(s, e);
    if (t->kind != TY_RECORD && t->kind != TY_ARRAY) {
        k_error(s->ctx, e->loc, "a compound literal must have a struct, union or array type");
        return NULL;
    }
    k_decl tmp = {0};
    tmp.kind = D_VAR;
    tmp.type = t;
    tmp.init = e->lhs;
    tmp.nctor = -1;
    if (!k_sema_check_init(s, &tmp) || k_ty_size(t) <= 0)
        return NULL;
    e->type = t;
    e->is_lvalue = 1;
    return t;
}

/* ---- declarations ---- */
static int check_redefinition(k_sema_state *s, k_decl *d)
{
    k_decl *old = k_unit_same(scope_find(s, s->scope, d->name), d);
    if (!old)
        return 1;
    if (old->kind == D_VAR && d->kind == D_VAR && s->scope == s->file_scope &&
        ((old->storage | d->storage) & ST_EXTERN) && !(old->init && d->init)) {
        k_static_member_link(old, d);   /* one object (lang/static_members.c) */
        return 1;
    }
    if (old->is_enumerator && d->is_enumerator && k_unit_same_place(s->ctx, old->loc, d->loc))
        return 0;   /* a header's enum read again by a later unit: the first one's */
    if (k_unit_multiple_def(s, old, d))
        return 0;
    k_error(s->ctx, d->loc, "redefinition of '%s'", d->name);
    if (old->loc.line)
        k_note(s->ctx, old->loc, "previous definition is here");
    return 0;
}

/* A reference variable: a local with an initializer. */
static int check_ref_var(k_sema_state *s, k_decl *d, int file_scope)
{
    if (d->type->kind != TY_REF)
        return 1;
    if (file_scope || (d->storage & (ST_STATIC | ST_SHARED | ST_EXTERN))) {
        k_error(s->ctx, d->loc, "reference '%s' with static storage is not supported"
                " (K's references are locals, parameters and return values)", d->name);
        return 0;
    }
    if (k_has_ctor(d) && d->nctor == 1) {
        d->init = d->ctor_args[0];
        d->nctor = -1;
    }
    if (!d->init) {
        k_error(s->ctx, d->loc, "declaration of reference variable '%s' requires an"
                " initializer", d->name);
        return 0;
    }
    d->address_taken = 1;   /* never a register variable: lowering reads through it */
    return 1;
}

/* alignas(n) / alignas(T) on a variable: a power of two up to 4096 (the
 * most a module variable may ask, vm/verify.c); lowering places it there. */
static void var_alignas(k_sema_state *s, k_decl *d)
{
    int64_t n = 0;
    if (!d->align_expr || !k_sema_const_int(s, d->align_expr, &n))
        return;
    if (n < 1 || n > 4096 || (n & (n - 1))) {
        k_error(s->ctx, d->align_expr->loc, "alignas(%lld) on '%s': the alignment must be a "
                "power of two from 1 to 4096", (long long)n, d->name);
        return;
    }
    d->align = (int)n;
}

static void check_var(k_sema_state *s, k_decl *d, int file_scope)
{
    k_ctx *ctx = s->ctx;
    d->builtin = -1;
    if (d->kind == D_RECORD) {
        k_record_layout(s, d->type->rec);
        return;
    }
    d->is_global_scope = file_scope;
    if (file_scope)
        k_unit_mark(s, d);
    if (d->binding_of && !k_sema_binding(s, d, file_scope)) {
        d->type = k_ty(s->ctx, TY_INT);   /* its uses are still checked, without errors */
        d->init = NULL;
    }
    if (d->type->kind == TY_TEMPLATE_ID && d->type->ctad && !k_ctad_deduce(s, d)) {
        d->type = k_ty(s->ctx, TY_AUTO);   /* reported: not deduced, as an auto's */
        if (check_redefinition(s, d))
            scope_add(s, d);
        return;
    }
    int tpl_id = d->type->kind == TY_TEMPLATE_ID, errors = s->ctx->nerrors;
    s->vla_outer = file_scope ? NULL : d->type;
    k_sema_resolve_type(s, d->type, d->loc);
    s->vla_outer = NULL;
    if (d->type->kind == TY_ARRAY && d->type->length == K_VLA_LENGTH)
        k_vla_decl(s, d);   /* `float a[n];`: a pointer to heap storage */
    if (tpl_id && d->type->kind == TY_INT && s->ctx->nerrors > errors) {
        d->type = k_ty(s->ctx, TY_AUTO);   /* `Row<n> r;`, reported: r's uses are quiet */
        if (check_redefinition(s, d))
            scope_add(s, d);
        return;
    }
    int was_auto = d->type->kind == TY_AUTO;
    if (!k_sema_deduce_auto(s, d) || !check_ref_var(s, d, file_scope)) {
        if (check_redefinition(s, d))
            scope_add(s, d);
        return;
    }
    var_alignas(s, d);
    if (!file_scope && (d->storage & ST_EXTERN) && !(d->storage & ST_SHARED)) {
        k_local_extern_link(s, d, scope_find(s, s->file_scope, d->name));
        if (check_redefinition(s, d))
            scope_add(s, d);
        return;
    }
    /* C++ declares a local at the end of its declarator, so its initializer
     * sees it: `T *p = (T *)malloc(n * sizeof *p);` (an auto variable's
     * type comes from the initializer, which may not name it) */
    int in_scope = !file_scope && !was_auto && d->type->kind != TY_REF;
    if (in_scope && check_redefinition(s, d))
        scope_add(s, d);
    int device_code = (s->fn_kind & (FN_DEVICE | FN_KERNEL)) != 0;
    if (d->storage & ST_SHARED) {
        if (!file_scope && !device_code)
            k_error(ctx, d->loc, "__shared__ variable '%s' declared outside device code",
                    d->name);
        if (d->init)
            k_error(ctx, d->loc, "initialization is not supported for __shared__ variables");
    }
    if ((d->storage & (ST_CONSTANT | ST_DEVICE)) && !file_scope && !(d->storage & ST_SHARED))
        k_error(ctx, d->loc, "%s variable '%s' must be declared at file scope",
                (d->storage & ST_CONSTANT) ? "__constant__" : "__device__", d->name);
    if (d->type->kind == TY_VOID && d->type->chrono)   /* a clock, or std::milli */
        k_error(ctx, d->loc, "variable '%s' of type '%s': <chrono>'s clocks and ratios are "
                "types only in K (call Clock::now(), name Clock::time_point)", d->name,
                d->type->alias ? d->type->alias : "?");
    else if (d->type->kind == TY_VOID)
        k_error(ctx, d->loc, "variable '%s' has incomplete type 'void'", d->name);
    if (d->type->kind == TY_ARRAY && d->type->base->kind == TY_REF)
        k_error(ctx, d->loc, "'%s' declared as an array of references", d->name);
    if (d->type->kind == TY_RECORD && k_ty_size(d->type) < 0 && !(d->storage & ST_EXTERN)) {
        k_error(ctx, d->loc, "variable '%s' has incomplete type '%s'", d->name,
                k_record_name(d->type->rec));
        const char *name = k_record_name(d->type->rec);
        const char *help = k_curand_unbuilt(name) ? k_curand_unbuilt(name) : k_wmma_unbuilt(name);
        if (help)
            k_help(ctx, "%s", help);
    }
    k_sema_dtor_var(s, d);
    const k_decl *outer = s->static_init;
    if (file_scope && k_static_member_def(s, d))
        s->static_init = d;   /* `static const int h = t / 2;`: t is the class's */
    if (d->is_enumerator)
        k_enum_enumerator_type(s, d);   /* `enum { M = 1l << 32 }`: long (lang/enums.c) */
    if (k_random_is_type(d->type))
        k_random_init(s, d, file_scope);
    else if (k_sema_ctor_var(s, d))
        ;   /* a class object: its constructor initializes it (classes.c) */
    else if ((d->init || k_has_ctor(d)) && !k_sema_check_init(s, d))
        d->init_failed = 1;
    else if (d->is_enumerator && k_sema_not_constant(s, d->init))
        d->init_failed = 1;   /* `enum { X = 1 << 32 }`: g++ rejects the enumerator */
    else if (d->is_enumerator)
        k_enum_enumerator_value(s, d);
    s->static_init = outer;
    /* `extern const char *names[];`: an array defined elsewhere (here, or in
     * another unit) with its size */
    if (d->type->kind == TY_ARRAY && d->type->length < 0 && !(d->storage & ST_EXTERN))
        k_error(ctx, d->loc, "array size missing in '%s'", d->name);
    if (k_ty_is_record(d->type) || d->type->kind == TY_ARRAY || (d->type->quals & Q_VOLATILE) ||
        d->type->kind == TY_CLOSURE)
        d->address_taken = 1;
    if (!in_scope && check_redefinition(s, d))
        scope_add(s, d);
}

static void check_stmt(k_sema_state *s, k_stmt *st);
static void check_labels(k_sema_state *s);

static void check_params(k_sema_state *s, k_decl *f)
{
    for (int i = 0; i < f->nparams; i++) {
        k_decl *p = f->params[i];
        p->builtin = -1;
        k_sema_resolve_type(s, p->type, p->loc);
        if (p->type->kind == TY_ARRAY)  /* int a[] is int *a */
            p->type = k_type_ptr(s->ctx, p->type->base);
        if (p->type->kind == TY_CLOSURE && !(f->storage & ST_GLOBAL))
            p->type = k_ref_to_const(s->ctx, p->type);   /* a lambda by value: by const
                                                            reference (a kernel's: copied) */
        if (p->type->kind == TY_REF)    /* lives in memory: lowering reads through it */
            p->address_taken = 1;
        if (p->type->kind == TY_VOID)
            k_error(s->ctx, p->loc, "parameter %d has type void", i + 1);
        if ((f->storage & ST_GLOBAL) && (p->type->memptr_class || k_memptr_is_function(p->type)))
            k_error(s->ctx, p->loc, "a kernel cannot take a pointer to member (nvcc's launch stub"
                    " for it does not link): pass an index and pick the member in the kernel");
        if (p->type->kind == TY_AUTO && p->type->decltype_kind == K_DT_AUTO)
            k_error(s->ctx, p->loc, "parameter %d cannot have type 'decltype(auto)' (write its"
                    " type, or make it a template parameter)", i + 1);
        if (p->type->kind == TY_RECORD || p->type->kind == TY_DIM3 ||
            p->type->kind == TY_UINT3) {
            if (k_ty_size(p->type) < 0)
                k_error(s->ctx, p->loc, "parameter %d has incomplete type '%s'", i + 1,
                        k_record_name(p->type->rec));
            p->address_taken = 1;   /* the callee's own copy lives in its frame */
            k_sema_dtor_param(s, f, p);
        } else if (k_ty_is_record(p->type)) {
            k_error(s->ctx, p->loc, "parameters of type '%s' are not supported",
                    "cudaDeviceProp");
        }
    }
}

/* f's result type; one written after its parameters (`auto f(A a, B b) ->
 * decltype(a + b)`) names them, so it is resolved with them in view. */
static void resolve_result(k_sema_state *s, k_decl *f)
{
    if (!k_decltype_in(f->type->base))
        k_sema_resolve_type(s, f->type->base, f->loc);
    else
        k_sema_resolve_in_params(s, f->type->base, f, f->params, f->nparams);
}

void k_sema_resolve_in_params(k_sema_state *s, k_type *t, k_decl *f, k_decl **params, int n)
{
    scope_push(s);
    for (int i = 0; i < n; i++) {
        k_sema_resolve_type(s, params[i]->type, params[i]->loc);
        if (params[i]->name)
            scope_add(s, params[i]);
    }
    k_decl *fn = s->fn;   /* a member function's members are in view too */
    int fn_kind = s->fn_kind;
    s->fn = f;
    s->fn_kind = k_fn_kind(f);
    k_sema_resolve_type(s, t, f->loc);
    s->fn = fn;
    s->fn_kind = fn_kind;
    scope_pop(s);
}

static int same_params(const k_decl *a, const k_decl *b)
{
    if (a->nparams != b->nparams || a->variadic != b->variadic)
        return 0;
    /* conversion operators all take nothing: their result type tells them
     * apart (`operator int() const` beside `operator double() const`) */
    if (strcmp(a->name, b->name) == 0 && strstr(a->name, K_CONV_OP_NAME) &&
        !k_ty_same(a->type->base, b->type->base))
        return 0;
    for (int i = 0; i < a->nparams; i++)
        if (!k_ty_same(a->params[i]->type, b->params[i]->type))
            return 0;
    return 1;
}

/* Every function named like f (its overloads, f included) into out[max]. */
int k_sema_overloads(k_sema_state *s, const k_decl *f, k_decl **out, int max)
{
    int n = 0;
    for (k_scope *sc = s->file_scope; sc && n == 0; sc = sc->up)
        for (int i = 0; i < sc->n && n < max; i++)
            if (sc->decls[i]->kind == D_FUNC && strcmp(sc->decls[i]->name, f->name) == 0 &&
                k_unit_sees(s, sc->decls[i]))
                out[n++] = sc->decls[i];
    return n;
}

static int same_signature(const k_decl *a, const k_decl *b)
{
    if (a->nparams != b->nparams || !k_ty_same(a->type->base, b->type->base))
        return 0;
    for (int i = 0; i < a->nparams; i++)
        if (!k_ty_same(a->params[i]->type, b->params[i]->type))
            return 0;
    return (k_fn_kind(a) == k_fn_kind(b));
}

/* `double frexp(double, int *);` written by a program where a header built in
 * (lang/math_extra.c) defines the function __host__ __device__: the same function,
 * as nvcc takes glibc's prototype after CUDA's math header. */
static int builtin_redeclared(const k_sema_state *s, const k_decl *old, const k_decl *f)
{
    uint32_t fline;
    const k_file *file = k_resolve_line(s->ctx, old->loc.line, &fline);
    if (f->body || k_fn_kind(f) != FN_HOST || k_fn_kind(old) != (FN_HOST | FN_DEVICE) ||
        !file || !file->builtin)
        return 0;
    if (old->nparams != f->nparams || !k_ty_same(old->type->base, f->type->base))
        return 0;
    for (int i = 0; i < old->nparams; i++)
        if (!k_ty_same(old->params[i]->type, f->params[i]->type))
            return 0;
    return 1;
}

static void check_body(k_sema_state *s, k_decl *f)
{
    scope_push(s);
    for (int i = 0; i < f->nparams; i++) {
        k_decl *p = f->params[i];
        if (!p->name)
            continue;
        if (scope_find(s, s->scope, p->name))
            k_error(s->ctx, p->loc, "redefinition of parameter '%s'", p->name);
        scope_add(s, p);
    }
    /* a lambda's body is checked inside its enclosing function's */
    k_sema_state outer = *s;
    s->fn = f;
    s->ns = f->ns;
    s->fn_kind = k_fn_kind(f);
    int nuser = f->body->kind == S_BLOCK ? f->body->nstmts : 0;
    k_sema_mem_inits(s, f);
    k_sema_member_dtors(s, f);   /* a destructor's members after its body */
    k_virtual_prologue(s, f, nuser);   /* the vtable pointer's store (lang/virtual.c) */
    s->loops = s->breakables = 0;
    s->sw = NULL;
    s->labels = NULL;   /* a lambda's labels are its own */
    s->nlabels = s->labels_cap = 0;
    /* the body's braces share the parameters' scope, as in C */
    k_stmt *body = f->body;
    if (body->kind == S_BLOCK)
        for (int i = 0; i < body->nstmts; i++)
            check_stmt(s, body->stmts[i]);
    else
        check_stmt(s, body);
    check_labels(s);
    if (f->type->base->kind == TY_AUTO)   /* a lambda that returns nothing */
        f->type->base->kind = TY_VOID;
    s->fn = outer.fn;
    s->ns = outer.ns;
    s->fn_kind = outer.fn_kind;
    s->loops = outer.loops;
    s->breakables = outer.breakables;
    s->sw = outer.sw;
    s->labels = outer.labels;
    s->nlabels = outer.nlabels;
    s->labels_cap = outer.labels_cap;
    scope_pop(s);
}

/* A lambda's function: parameters and body, checked where it is written. */
void k_sema_lambda_body(k_sema_state *s, k_decl *f)
{
    f->is_global_scope = 1;
    f->builtin = -1;
    /* C++'s implicit S(): a member of a class template's instance
     * (`std::shared_ptr<R> r;`) has its constructors known only now */
    if (f->implicit_default && f->method_of)
        k_sema_instance_ctor_space(s, f->method_of);
    if (k_sema_implicit_member(s, f))
        return;   /* deleted: a member cannot be copied */
    resolve_result(s, f);
    check_params(s, f);
    check_body(s, f);
}

/* The declaration of f's name with f's parameters (another overload's
 * redeclaration or definition), if any. */
static k_decl *same_in_scope(k_sema_state *s, const k_decl *f)
{
    for (int i = s->scope->n - 1; i >= 0; i--) {
        k_decl *d = s->scope->decls[i];
        if (d->kind == D_FUNC && strcmp(d->name, f->name) == 0 && same_params(d, f) &&
            k_unit_sees(s, d))
            return d;
    }
    return NULL;
}

static void check_func(k_sema_state *s, k_decl *f)
{
    k_ctx *ctx = s->ctx;
    f->is_global_scope = 1;
    f->builtin = -1;
    /* C++'s implicit S(): a member of a class template's instance
     * (`std::shared_ptr<R> r;`) has its constructors known only now */
    if (f->implicit_default && f->method_of)
        k_sema_instance_ctor_space(s, f->method_of);
    if (k_sema_implicit_member(s, f))
        return;   /* deleted: a member cannot be copied */
    resolve_result(s, f);
    if (f->type->base->kind == TY_RECORD && k_ty_size(f->type->base) < 0)
        k_error(ctx, f->loc, "function '%s' returns the incomplete type '%s'", f->name,
                k_record_name(f->type->base->rec));
    check_params(s, f);
    k_sema_check_defaults(s, f);
    k_virtual_check_method(s, f);
    if ((f->storage & ST_GLOBAL) && f->type->base->kind != TY_VOID)
        k_error(ctx, f->loc, "a __global__ function must have a void return type");
    if ((f->storage & ST_GLOBAL) && (f->storage & (ST_DEVICE | ST_HOST)))
        k_error(ctx, f->loc, "__global__ cannot be combined with __device__ or __host__");
    if (strcmp(f->name, "main") == 0 && (k_fn_kind(f) & (FN_DEVICE | FN_KERNEL)))
        k_error(ctx, f->loc, "'main' must be a host function");
    k_unit_mark(s, f);
    k_decl *old = k_unit_same(scope_find(s, s->scope, f->name), f);
    if (old && old->kind == D_FUNC && !same_params(old, f)) {
        old = same_in_scope(s, f);   /* another overload: a new function unless declared */
        if (!old && strcmp(f->name, "main") == 0) {
            k_error(ctx, f->loc, "conflicting types for 'main'");
            return;
        }
        if (!old) {
            scope_add(s, f);
            if (f->body && !k_stdarg_template(s, f))
                check_body(s, f);
            return;
        }
    }
    if (old && old->kind != D_FUNC) {
        k_error(ctx, f->loc, "redefinition of '%s' as a different kind of symbol", f->name);
        return;
    }
    if (old) {
        if (!same_signature(old, f) && !builtin_redeclared(s, old, f)) {
            k_error(ctx, f->loc, "conflicting types for '%s'", f->name);
            if (old->loc.line)
                k_note(ctx, old->loc, "previous declaration is here");
        }
        k_decl *def = old->body ? old : old->definition;
        if (f->body && def && k_unit_one_definition(ctx, def, f)) {
            f->body = NULL;   /* the first definition stands: this one is not compiled */
            f->definition = def;
            return;
        }
        if (f->body && def && k_unit_multiple_def(s, def, f))
            return;
        if (f->body && def) {
            k_error(ctx, f->loc, "redefinition of '%s'", f->name);
            k_note(ctx, def->loc, "previous definition is here");
            return;
        }
        if (f->body)
            old->definition = f;
    } else {
        if (!f->body) {
            int id = k_builtin_find(f->name, (k_fn_kind(f) & FN_DEVICE) != 0);
            const k_builtin_info *b = k_builtin_get(id);
            if (b && b->kind == BK_RUNTIME)
                f->builtin = id;
        }
        scope_add(s, f);
    }
    if (f->body && !k_stdarg_template(s, f))
        check_body(s, f);
}

/* A variable made from a variable template: a file-scope variable. */
void k_sema_var_instance(k_sema_state *s, k_decl *d)
{
    k_sema_check_member_early(s, d);
    d->checked_early = 0;
}

/* An instance taking an object of incomplete class type by reference
 * (`fill_fragment(a, 1.0f)` of an `a` whose class lacks a definition),
 * once the program has errors: its body could only report the same
 * incompleteness again, where the program cannot see it, so it is not
 * checked (the compile fails either way). */
static int errors_follow_incomplete(const k_sema_state *s, const k_decl *f)
{
    if (s->ctx->nerrors == 0)
        return 0;
    for (int i = 0; i < f->nparams; i++) {
        const k_type *t = f->params[i]->type;
        if (t->kind == TY_REF)
            t = t->base;
        if (t->kind == TY_RECORD && k_ty_size(t) < 0)
            return 1;
    }
    return 0;
}

/* A function made from a template (lang/templates_sema.c): checked at file
 * scope, wherever the call that needed it stands, and entered in no scope
 * (calls name it through their decl). */
/* nvcc compiles a __host__ __device__ template instance whose body uses
 * host-only code (std::tuple<std::string>'s constructors, which copy a
 * string) for the host only, and device code calling it is the error.  So
 * here: called where the function being checked uses host-only code, it
 * makes that function __host__ when it is such an instance (returns 1),
 * so that the use is no error. */
int k_sema_hd_to_host(k_sema_state *s)
{
    k_decl *f = s->hd_instance;
    if (!f || s->fn != f || s->lambda || s->fn_kind != (FN_HOST | FN_DEVICE))
        return 0;
    f->storage = (f->storage & ~(unsigned)ST_DEVICE) | ST_HOST;
    s->fn_kind = FN_HOST;
    return 1;
}

void k_sema_instance(k_sema_state *s, k_decl *f)
{
    k_sema_state saved = *s;
    s->scope = s->file_scope;
    s->lambda = NULL;          /* an instance asked for inside a lambda is not in it */
    s->class_scope = NULL;     /* nor in the class being laid out */
    s->static_init = NULL;     /* nor in a static member's initializer */
    s->lambda_outer = NULL;
    k_unit_enter(s, f);
    f->is_global_scope = 1;
    f->builtin = -1;
    /* C++'s implicit S(): a member of a class template's instance
     * (`std::shared_ptr<R> r;`) has its constructors known only now */
    if (f->implicit_default && f->method_of)
        k_sema_instance_ctor_space(s, f->method_of);
    if (k_sema_implicit_member(s, f))
        return;   /* deleted: a member cannot be copied */
    resolve_result(s, f);
    check_params(s, f);
    k_virtual_check_method(s, f);
    if ((f->storage & ST_GLOBAL) && f->type->base->kind != TY_VOID)
        k_error(s->ctx, f->loc, "a __global__ function must have a void return type");
    int errors = s->ctx->nerrors;
    s->hd_instance = k_fn_kind(f) == (FN_HOST | FN_DEVICE) ? f : NULL;
    if (f->body && !errors_follow_incomplete(s, f))
        check_body(s, f);
    f->body_failed = s->ctx->nerrors > errors;
    saved.tpl = s->tpl;
    saved.lifted = s->lifted;  /* the instance's lambdas are the unit's too */
    saved.nlifted = s->nlifted;
    saved.lifted_cap = s->lifted_cap;
    *s = saved;
}

/* ---- statements ---- */
static void check_case(k_sema_state *s, k_stmt *st)
{
    k_ctx *ctx = s->ctx;
    k_switch_info *sw = s->sw;
    if (!sw) {
        k_error(ctx, st->loc, "'%s' statement not in switch statement",
                st->kind == S_CASE ? "case" : "default");
        if (st->expr)
            k_sema_expr(s, st->expr);
        return;
    }
    if (st->kind == S_DEFAULT) {
        if (sw->deflt)
            k_error(ctx, st->loc, "multiple default labels in one switch");
        sw->deflt = st;
        return;
    }
    int64_t v;
    if (!k_sema_const_int(s, st->expr, &v))
        return;
    st->expr->const_val = k_kind_wrap(sw->type->kind, (uint64_t)v);
    for (int i = 0; i < sw->ncases; i++)
        if (sw->cases[i]->expr->const_val == st->expr->const_val) {
            k_error(ctx, st->loc, "duplicate case value '%lld'", (long long)v);
            k_note(ctx, sw->cases[i]->loc, "previous case defined here");
            return;
        }
    if (sw->ncases == sw->cap) {
        int cap = sw->cap ? sw->cap * 2 : 8;
        k_stmt **nc = k_alloc(ctx, sizeof *nc * (size_t)cap);
        if (sw->ncases)
            memcpy(nc, sw->cases, sizeof *nc * (size_t)sw->ncases);
        sw->cases = nc;
        sw->cap = cap;
    }
    sw->cases[sw->ncases++] = st;
}

static void check_switch(k_sema_state *s, k_stmt *st)
{
    k_switch_info *sw = k_alloc(s->ctx, sizeof *sw);
    k_type *t = k_sema_rvalue(s, st->expr);
    if (t && !k_ty_is_integer(t)) {
        k_error(s->ctx, st->expr->loc, "statement requires an expression of integer type");
        t = NULL;
    }
    sw->type = k_ty(s->ctx, t ? k_kind_promote(t->kind) : TY_INT);
    st->sema_ext = sw;
    k_switch_info *outer = s->sw;
    s->sw = sw;
    s->breakables++;
    check_stmt(s, st->body);
    s->breakables--;
    s->sw = outer;
}

/* `return {...}` initializes the result as `T r = {...}` would: a record or
 * array result gets the list as a compound literal of its type; a scalar takes
 * the list's one item, or 0 from `{}`. */
static int braced_return(k_sema_state *s, k_stmt *st, k_type *rt)
{
    k_expr *list = st->expr->lhs;
    if (rt->kind == TY_VOID) {
        k_error(s->ctx, st->loc, "void function '%s' should not return a value", s->fn->name);
        return 0;
    }
    if (rt->kind == TY_RECORD || rt->kind == TY_ARRAY) {
        k_type *t = k_alloc(s->ctx, sizeof *t);
        *t = *rt;
        t->quals = 0;
        st->expr->type_written = t;
        return 1;
    }
    if (list->nargs > 1) {
        k_error(s->ctx, list->loc, "a braced list for a scalar result has one item, not %d",
                list->nargs);
        return 0;
    }
    if (list->nargs == 1) {
        st->expr = list->args[0];
        return 1;
    }
    st->expr = k_expr_new(s->ctx, E_INT, list->loc);
    return st->expr != NULL;
}

static void check_return(k_sema_state *s, k_stmt *st)
{
    k_ctx *ctx = s->ctx;
    k_type *rt = s->fn->type->base;
    if (rt->kind == TY_AUTO && rt->decltype_kind == K_DT_AUTO && st->expr &&
        st->expr->kind != E_COMPOUND) {   /* `decltype(auto)`: decltype of what it returns */
        k_type *t = k_decltype_of(s, st->expr, K_DT_DECLTYPE);
        if (!t)
            return;
        *rt = *t;
    }
    if (rt->kind == TY_AUTO) {    /* a lambda's first return gives its type */
        k_type *t = st->expr ? k_sema_rvalue(s, st->expr) : k_ty(s->ctx, TY_VOID);
        if (!t)
            return;
        *rt = *k_decay(s->ctx, t);
        rt->quals = 0;
        if (st->expr)   /* a returned local class object: copied or moved as below */
            k_sema_copy_value(s, rt, &st->expr, 1);
        return;
    }
    if (!st->expr) {
        if (rt->kind != TY_VOID)
            k_error(ctx, st->loc, "non-void function '%s' should return a value", s->fn->name);
        return;
    }
    if (st->expr->kind == E_COMPOUND && !st->expr->type_written &&
        !braced_return(s, st, rt))
        return;
    k_type *t = k_sema_expr(s, st->expr);
    if (!t)
        return;
    if (rt->kind == TY_VOID) {
        if (t->kind != TY_VOID)
            k_error(ctx, st->loc, "void function '%s' should not return a value", s->fn->name);
        return;
    }
    k_sema_copy_value(s, rt, &st->expr, 1);
    k_sema_assignable(s, rt, st->expr, "return");
}

static void check_loop_body(k_sema_state *s, k_stmt *body)
{
    s->loops++;
    s->breakables++;
    check_stmt(s, body);
    s->loops--;
    s->breakables--;
}

/* ---- goto and labels: checked when the function's body is done ---- */
static void note_label(k_sema_state *s, k_stmt *st)
{
    if (s->nlabels == s->labels_cap) {
        int cap = s->labels_cap ? s->labels_cap * 2 : 8;
        k_stmt **nl = k_alloc(s->ctx, sizeof *nl * (size_t)cap);
        if (s->nlabels)
            memcpy(nl, s->labels, sizeof *nl * (size_t)s->nlabels);
        s->labels = nl;
        s->labels_cap = cap;
    }
    s->labels[s->nlabels++] = st;
}

static void check_labels(k_sema_state *s)
{
    for (int i = 0; i < s->nlabels; i++) {
        k_stmt *a = s->labels[i];
        int found = 0;
        for (int j = 0; j < s->nlabels; j++) {
            k_stmt *b = s->labels[j];
            if (b->kind != S_LABEL || strcmp(a->label, b->label) != 0)
                continue;
            if (a->kind == S_LABEL && j < i) {
                k_error(s->ctx, a->loc, "redefinition of label '%s'", a->label);
                break;
            }
            found = 1;
        }
        if (a->kind == S_GOTO && !found)
            k_error(s->ctx, a->loc, "use of undeclared label '%s'", a->label);
    }
    s->nlabels = 0;
}

/* `if constexpr (c) a else b`: c must be a constant; the branch it does not pick is
 * discarded unchecked (in a template instance it may name what the instance lacks),
 * and the statement becomes the branch kept, so lowering sees no condition. */
static void check_if_constexpr(k_sema_state *s, k_stmt *st)
{
    int64_t v = 0;
    if (!k_sema_const_int(s, st->expr, &v))
        return;
    k_stmt *kept = v ? st->body : st->else_body;
    st->kind = S_BLOCK;   /* a block: a declaration in the branch stays in its scope */
    st->expr = NULL;
    st->body = st->else_body = NULL;
    st->stmts = k_alloc(s->ctx, sizeof *st->stmts);
    st->nstmts = kept && st->stmts ? 1 : 0;
    if (st->nstmts)
        st->stmts[0] = kept;
    check_stmt(s, st);
}

static void check_stmt(k_sema_state *s, k_stmt *st)
{
    if (!st)
        return;
    switch (st->kind) {
    case S_EMPTY:
        break;
    case S_EXPR:
        k_sema_expr(s, st->expr);
        break;
    case S_DECL:
        for (int i = 0; i < st->ndecls; i++)
            check_var(s, st->decls[i], 0);
        break;
    case S_BLOCK:
        if (k_eh_try_in_device(s, st))
            break;
        scope_push(s);
        for (int i = 0; i < st->nstmts; i++)
            check_stmt(s, st->stmts[i]);
        scope_pop(s);
        break;
    case S_IF:   /* `if (T x = e)` declares x for both branches */
        if (st->is_constexpr) {
            check_if_constexpr(s, st);
            break;
        }
        scope_push(s);
        check_stmt(s, st->init);
        k_sema_cond(s, st->expr);
        check_stmt(s, st->body);
        check_stmt(s, st->else_body);
        scope_pop(s);
        break;
    case S_WHILE:
        k_sema_cond(s, st->expr);
        check_loop_body(s, st->body);
        break;
    case S_DO:
        check_loop_body(s, st->body);
        k_sema_cond(s, st->expr);
        break;
    case S_FOR:
        if (st->range && !k_sema_range_for(s, st))
            break;
        scope_push(s);
        check_stmt(s, st->init);
        if (st->expr)
            k_sema_cond(s, st->expr);
        if (st->step)
            k_sema_expr(s, st->step);
        check_loop_body(s, st->body);
        scope_pop(s);
        break;
    case S_SWITCH:
        check_switch(s, st);
        break;
    case S_CASE:
    case S_DEFAULT:
        check_case(s, st);
        check_stmt(s, st->body);
        break;
    case S_BREAK:
        if (!s->breakables)
            k_error(s->ctx, st->loc, "'break' statement not in loop or switch statement");
        break;
    case S_CONTINUE:
        if (!s->loops)
            k_error(s->ctx, st->loc, "'continue' statement not in loop statement");
        break;
    case S_RETURN:
        check_return(s, st);
        break;
    case S_GOTO:
    case S_LABEL:
        note_label(s, st);
        check_stmt(s, st->body);
        break;
    case S_NOCODE:
        check_nocode(s, st->decls[0]);
        break;
    }
}

void k_sema(k_ctx *ctx, k_unit *unit)
{
    k_sema_state s = {0};
    s.ctx = ctx;
    s.unit = unit;
    scope_push(&s);
    add_builtins(&s);
    scope_push(&s);
    s.file_scope = s.scope;
    for (int i = 0; unit && i < unit->ndecls; i++) {
        k_decl *d = unit->decls[i];
        s.ns = d->ns;
        s.cur_unit = k_unit_of_line(ctx, d->loc.line);
        if (d->is_guide)
            k_ctad_add_guide(&s, d);
        else if (d->is_template)
            k_tpl_sema_declare(&s, d);
        else if (d->kind == D_FUNC)
            check_func(&s, d);
        else if (d->kind == D_USING || d->kind == D_STATIC_ASSERT)
            check_nocode(&s, d);
        else if (!d->checked_early)
            check_var(&s, d, 1);
        if (d->kind == D_RECORD && d->spec_args && !d->is_template)
            k_tpl_sema_declare(&s, d);   /* `template <> struct S<int>` */
        s.ns = NULL;
    }
    k_sema_add_lambdas(&s, unit);
    if (unit)
        k_tpl_sema_finish(&s, unit);
    k_static_members_check(&s, unit);
    k_units_link(&s, unit);
}
