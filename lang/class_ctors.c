/* lang/class_ctors.c -- C++ constructors in sema: which constructor builds
 * an object (`S s(1, 2)`, `S s = {1, 2}`, `S s;`, `S(1, 2)`, `S{1, 2}`, a
 * constructor template), the copy and move constructors, trivial default
 * construction, a braced list for a constructor taking `__init_list`, and a
 * class variable's or `new`'s implicit default constructor (split from
 * classes.c, which keeps the overload choice these use). */
#include <string.h>

#include "cg.h"
#include "parse_build.h"
#include "sema.h"
#include "templates.h"

/* Whether constructor f is r's copy or move constructor. */
static int takes_own_class(const k_decl *f, const k_record *r)
{
    const k_type *p = f->nparams == 2 ? f->params[1]->type : NULL;
    if (p && p->kind == TY_REF)
        p = p->base;
    return p && p->kind == TY_RECORD && p->rec == r;
}

/* Whether t is r or a class derived from it (a reference's referee too). */
static int of_class(const k_type *t, const k_record *r)
{
    if (t && t->kind == TY_REF)
        t = t->base;
    return t && t->kind == TY_RECORD && (t->rec == r || k_record_derives(t->rec, r));
}

/* Whether constructor template m can take nargs arguments (and `this`): a
 * function parameter pack (`template <class... Us> S(Us &&...us)`) takes
 * any number, so only the parameters around it count. */
static int ctor_arity_fits(const k_decl *m, int nargs)
{
    for (int i = 0; i < m->nparams; i++)
        if (m->params[i]->pack)
            return nargs + 1 >= m->nparams - 1;
    return m->nparams == nargs + 1;
}

/* A constructor template of class t for args (`template <class U> V(const
 * V<U> &)`): the instance deduced as for the call V::V((V *)0, args), or
 * NULL (*reported set when that call's error was reported). */
static k_decl *template_ctor(k_sema_state *s, k_type *t, k_expr **args, int nargs, k_loc loc,
                             int *reported)
{
    for (int i = 0; i < t->rec->nmethods; i++) {
        k_decl *m = t->rec->methods[i];
        if (m->method_kind != M_CTOR || !m->member_template || !ctor_arity_fits(m, nargs))
            continue;
        k_expr *self = k_class_node(s, E_CAST, loc);
        self->type_written = k_type_ptr(s->ctx, t);
        self->lhs = k_class_node(s, E_INT, loc);
        self->depth = 2;
        k_expr *e = k_class_node(s, E_CALL, loc);
        e->name = m->name;
        e->args = k_alloc(s->ctx, sizeof *e->args * (size_t)(nargs + 1));
        e->args[0] = self;
        for (int j = 0; j < nargs; j++)
            e->args[j + 1] = args[j];
        e->nargs = nargs + 1;
        int r = k_tpl_sema_call(s, e);
        if (r > 0)
            return e->decl;
        *reported |= r < 0;
    }
    return NULL;
}

/* Whether f, a plain constructor, converts a pointer to a derived class to
 * its parameter's pointer to a base, where a constructor template of t
 * taking `Y *` (every one of that arity does) would take it as it is:
 * shared_ptr<Base>(new Derived) keeps Y = Derived, so that the Derived is
 * what is deleted ([over.match.best]: the better conversion wins over the
 * non-template). */
static int template_takes_pointer(const k_type *t, const k_decl *f, k_expr **args, int nargs)
{
    if (!f || nargs != 1 || f->nparams != 2 || k_conversion_rank(f->params[1]->type, args[0]) != 2)
        return 0;
    const k_type *a = args[0]->type, *p = f->params[1]->type;
    if (!a || a->kind != TY_PTR || a->base->kind != TY_RECORD || p->kind != TY_PTR)
        return 0;
    int templates = 0, pointers = 0;
    for (int i = 0; i < t->rec->nmethods; i++) {
        const k_decl *m = t->rec->methods[i];
        if (m->method_kind == M_CTOR && m->member_template) {
            templates++;
            pointers += m->nparams == 2 && m->params[1]->type->kind == TY_PTR;
        }
    }
    /* a lone template is reported when it cannot take the argument */
    return pointers > 0 && (templates > 1 || pointers == templates);
}

/* Constructors the class declares: C++'s implicit copy and move
 * constructors, which the parser writes out where members need them, leave
 * it an aggregate. */
int k_record_has_ctors(const k_record *r)
{
    for (int i = 0; r && i < r->nmethods; i++)
        if (r->methods[i]->method_kind == M_CTOR && !r->methods[i]->implicit_copy &&
            !r->methods[i]->implicit_default && !r->methods[i]->implicit_move)
            return 1;
    return 0;
}

/* The arguments a constructor call leaves out, from f's default arguments
 * (the call's list grows; the object is not in it, f's `this` is). */
static void ctor_default_args(k_sema_state *s, k_decl *f, k_expr ***args, int *nargs)
{
    k_expr call = {0};
    call.args = k_alloc(s->ctx, sizeof *call.args * (size_t)(*nargs + 1));
    call.args[0] = NULL;   /* `this`: k_sema_default_args counts it */
    for (int i = 0; i < *nargs; i++)
        call.args[i + 1] = (*args)[i];
    call.nargs = *nargs + 1;
    k_sema_default_args(s, &call, f);
    for (int i = *nargs + 1; i < call.nargs; i++)
        if (!k_sema_rvalue(s, call.args[i]))
            return;
    *args = call.args + 1;
    *nargs = call.nargs - 1;
}

/* The constructor of class t for args, with each argument's type recorded
 * for lowering (types[i] for args[i]); NULL after an error. */
k_decl *k_sema_pick_ctor(k_sema_state *s, k_type *t, k_expr ***argsp, int *nargsp, k_loc loc,
                         k_type ***types)
{
    k_decl **c;
    int n = k_record_ctors(s, t->rec, &c);
    k_expr **args = argsp ? *argsp : NULL;
    int nargs = nargsp ? *nargsp : 0;
    if (!k_braced_args(s, c, n, args, nargs, 1, k_record_name(t->rec)))   /* T t(a, {b, c}) */
        return NULL;
    for (int i = 0; i < nargs; i++)
        if (!k_sema_rvalue(s, args[i]))
            return NULL;
    k_decl *f = k_overload_pick(c, n, args, nargs, 1);
    int reported = 0;
    if (f && nargs == 1 && takes_own_class(f, t->rec) && !of_class(args[0]->type, t->rec)) {
        /* the copy or move constructor would need args[0] converted to the
         * class: a constructor template taking it as it is fits better
         * (`std::function<int(int)> f = twice;`) */
        k_decl *g = template_ctor(s, t, args, nargs, loc, &reported);
        if (g || reported)
            f = g;
    } else if (template_takes_pointer(t, f, args, nargs)) {
        k_decl *g = template_ctor(s, t, args, nargs, loc, &reported);
        f = g ? g : f;
    }
    if (!f)
        f = template_ctor(s, t, args, nargs, loc, &reported);
    if (!f && !reported && nargs == 1 && k_bases_slice(s, args[0], t) > 0)
        f = k_overload_pick(c, n, args, nargs, 1);   /* `B b = d;`: B's copy constructor on d's B */
    if (!f && reported)
        return NULL;
    if (!f) {
        char msg[320];
        snprintf(msg, sizeof msg, "no constructor of '%s' takes these %d arguments",
                 k_record_name(t->rec), nargs);
        if (!s->defer_no_ctor || !k_sema_defer_error(s, msg))
            k_error(s->ctx, loc, "%s", msg);
        return NULL;
    }
    if (nargs + 1 < f->nparams && !f->variadic) {
        k_expr **none = NULL;
        int zero = 0;
        ctor_default_args(s, f, argsp ? argsp : &none, nargsp ? nargsp : &zero);
        if (argsp) {
            args = *argsp;
            nargs = *nargsp;
        }   /* else the call passes none: lw_ctor_call adds the defaults */
    }
    k_type **at = k_alloc(s->ctx, sizeof *at * (size_t)(nargs + 1));
    for (int i = 0; i < nargs; i++) {
        at[i] = f->params[i + 1]->type;
        k_sema_assignable(s, at[i], args[i], "constructor argument");
    }
    *types = at;
    k_sema_check_deleted_use(s, f, loc);
    if (!(k_fn_kind(f) & ((s->fn_kind & (FN_DEVICE | FN_KERNEL)) ? FN_DEVICE : FN_HOST)) &&
        !k_sema_hd_to_host(s))
        k_error(s->ctx, loc, "the constructor of '%s' is not a %s function",
                k_record_name(t->rec), (s->fn_kind & (FN_DEVICE | FN_KERNEL)) ? "__device__"
                                                                               : "__host__");
    return f;
}

/* The class's copy constructor S(const S &), written or implicit
 * (parse_build.c), or NULL: with one, a copy is that call (std::string and
 * std::vector own memory), not a plain copy. */
k_decl *k_record_copy_ctor(const k_record *r)
{
    for (int i = 0; r && i < r->nmethods; i++) {
        k_decl *f = r->methods[i];
        const k_type *pt = f->nparams == 2 ? f->params[1]->type : NULL;
        if (f->method_kind == M_CTOR && pt && pt->kind == TY_REF && !pt->rvalue_ref &&
            pt->base && pt->base->kind == TY_RECORD && pt->base->rec == r)
            return f;
    }
    return NULL;
}

/* The class's move constructor S(S &&), or NULL. */
k_decl *k_record_move_ctor(const k_record *r)
{
    for (int i = 0; r && i < r->nmethods; i++) {
        k_decl *f = r->methods[i];
        const k_type *pt = f->nparams == 2 ? f->params[1]->type : NULL;
        if (f->method_kind == M_CTOR && pt && pt->kind == TY_REF && pt->rvalue_ref &&
            pt->base && pt->base->kind == TY_RECORD && pt->base->rec == r)
            return f;
    }
    return NULL;
}

/* S(s2) with s2 an S: the implicit copy constructor, a plain copy. */
int k_class_is_copy(k_sema_state *s, const k_type *t, k_expr **args, int nargs)
{
    return nargs == 1 && k_sema_rvalue(s, args[0]) && args[0]->type->kind == TY_RECORD &&
           args[0]->type->rec == t->rec;
}

/* `S() {}`: a default constructor that does nothing (no initializers, an
 * empty body, no member whose own constructor does something) needs no
 * call, so an S may live anywhere a plain struct may: __shared__, file
 * scope, arrays (as CUDA's __half does). */
static int trivial_default(const k_record *r)
{
    int has_default = 0;
    if (k_record_polymorphic(r))
        return 0;   /* its constructor stores the vtable pointer */
    for (int i = 0; i < r->nmethods; i++) {
        const k_decl *m = r->methods[i];
        if (m->method_kind != M_CTOR || m->nparams != 1)
            continue;
        if (m->nmem_inits || !m->body || m->body->kind != S_BLOCK || m->body->nstmts)
            return 0;
        has_default = 1;
    }
    for (int i = 0; has_default && i < r->nfields; i++) {
        const k_type *ft = r->fields[i].type;
        while (ft && ft->kind == TY_ARRAY)
            ft = ft->base;
        if (ft && ft->kind == TY_RECORD && (k_record_has_ctors(ft->rec) ||
                                            k_record_implicit_default(ft->rec)) &&
            !trivial_default(ft->rec))
            return 0;
    }
    return has_default;
}

int k_record_trivial_default(const k_record *r)
{
    return !k_record_has_ctors(r) || trivial_default(r);
}

/* trivial_default itself: true for `S() {}` doing nothing, false for a
 * class without constructors (lang/mem_inits.c tells the two apart). */
int k_class_trivial_default(const k_record *r)
{
    return trivial_default(r);
}

/* `V v = {a, b, c}` when V has a constructor taking a braced list (C++'s
 * std::initializer_list): the library marks it by naming its last
 * parameter `__init_list`, after (const T *p, unsigned long n).  The list
 * becomes those arguments: the array `(T[n]){a, b, c}`, n and 0. */
static void list_ctor_args(k_sema_state *s, const k_record *r, k_expr *list, k_expr ***args,
                           int *nargs)
{
    k_decl *f = NULL;
    for (int i = 0; i < r->nmethods && !f; i++) {
        k_decl *m = r->methods[i];
        if (m->method_kind == M_CTOR && m->nparams == 4 && m->params[3]->name &&
            !strcmp(m->params[3]->name, "__init_list") && m->params[1]->type->kind == TY_PTR)
            f = m;
    }
    if (!f || list->nargs == 0)
        return;
    k_loc loc = list->loc;
    k_type *elem = k_alloc(s->ctx, sizeof *elem);
    *elem = *f->params[1]->type->base;
    elem->quals = 0;
    k_type *arr = k_alloc(s->ctx, sizeof *arr);
    memset(arr, 0, sizeof *arr);
    arr->kind = TY_ARRAY;
    arr->base = elem;
    arr->length = list->nargs;
    arr->len_expr = k_class_node(s, E_INT, loc);
    arr->len_expr->ival = (uint64_t)list->nargs;
    k_expr *n = k_class_node(s, E_INT, loc);
    n->ival = (uint64_t)list->nargs;
    n->int_unsigned = 1;
    n->int_long = 1;
    if (elem->kind == TY_RECORD && k_record_has_ctors(elem->rec))
        for (int i = 0; i < list->nargs; i++) {   /* {"ab", "cd"}: each a T("ab") */
            k_expr *x = list->args[i];
            int braced = x->kind == E_INIT_LIST;   /* {{"a", 1}, ...}: each a T t = {"a", 1} */
            k_expr *c = k_class_node(s, braced ? E_COMPOUND : E_CONSTRUCT, x->loc);
            c->type_written = elem;
            c->depth = x->depth + 1;
            if (braced)
                c->lhs = x;
            else {
                c->args = k_alloc(s->ctx, sizeof *c->args);
                c->args[0] = x;
                c->nargs = 1;
            }
            list->args[i] = c;
        }
    k_expr *a = k_class_node(s, E_COMPOUND, loc);
    a->type_written = arr;
    a->lhs = list;
    a->depth = list->depth + 1;
    k_expr **v = k_alloc(s->ctx, 3 * sizeof *v);
    v[0] = a;
    v[1] = n;
    v[2] = k_class_node(s, E_INT, loc);
    *args = v;
    *nargs = 3;
}

/* A braced list of class type t with constructors, as `return {a, b};`
 * gives (t the result's type): the construction `T r = {a, b}` would run,
 * t(a, b) or t's initializer-list constructor.  e (the E_COMPOUND) becomes
 * that E_CONSTRUCT in place; 1 when it did. */
int k_class_braced_construct(k_sema_state *s, k_expr *e, const k_type *t)
{
    k_expr *list = e->lhs;
    if (t->kind != TY_RECORD || !k_record_has_ctors(t->rec) || !list ||
        list->kind != E_INIT_LIST)
        return 0;
    for (int i = 0; i < list->nargs; i++)
        if (list->args[i] && list->args[i]->kind == E_DESIGNATOR)
            return 0;   /* `{.x = 1}`: an aggregate's, reported as such */
    k_expr **args = list->args;
    int nargs = list->nargs;
    list_ctor_args(s, t->rec, list, &args, &nargs);
    k_type *c = k_alloc(s->ctx, sizeof *c);
    *c = *t;
    c->quals = 0;
    e->kind = E_CONSTRUCT;
    e->type_written = c;
    e->args = args;
    e->nargs = nargs;
    e->lhs = NULL;
    return 1;
}

/* Whether the implicit constructor f of r may run here (host or device). */
static int check_space(k_sema_state *s, const k_decl *f, const k_record *r, k_loc loc)
{
    int device = (s->fn_kind & (FN_DEVICE | FN_KERNEL)) != 0;
    if (!f || (k_fn_kind(f) & (device ? FN_DEVICE : FN_HOST)))
        return 1;
    k_error(s->ctx, loc, "the implicit constructor of '%s' is not a %s function (a %s's "
            "constructor is not)", k_record_name(r), device ? "__device__" : "__host__",
            r->base && !(kp_default_ctor_space(r->base) & (device ? ST_DEVICE : ST_HOST))
                ? "base class" : "member");
    return 0;
}

/* `A a;`, `A arr[3];`, `A a{};`, `A a = A();` of a class whose only
 * constructor is C++'s implicit default one (lang/implicit_members.c): that
 * constructor, after zeroing the object for the last two (a file-scope one
 * is built at main's start, as other globals with constructors are; 1 when
 * done). */
/* A static local that a constructor builds: host code builds it the first
 * time control passes it (lang/lower_exit.c); nvcc refuses it in device code. */
static int static_local_ok(k_sema_state *s, const k_decl *d)
{
    if (d->is_global_scope || !(d->storage & ST_STATIC) || !(s->fn_kind & (FN_DEVICE | FN_KERNEL)))
        return 1;
    k_error(s->ctx, d->loc, "dynamic initialization is not supported for function-scope static "
            "variables within a __device__/__global__ function ('%s' needs a constructor)",
            d->name);
    return 0;
}

static int implicit_default_var(k_sema_state *s, k_decl *d, const k_record *r)
{
    k_decl *f = k_record_implicit_default(r);
    int value = k_is_value_init(d, r);
    if (!f || k_record_has_ctors(r) || (!value && (d->init || k_has_ctor(d))) ||
        trivial_default(r) || (d->storage & (ST_SHARED | ST_DEVICE | ST_CONSTANT | ST_EXTERN)))
        return 0;   /* those are errors or zeroed as before (k_sema_ctor_var) */
    if (!static_local_ok(s, d))
        return 1;
    if (value && d->type->kind == TY_ARRAY)
        return 0;
    if (!check_space(s, f, r, d->loc))
        return 1;
    d->ctor = f;
    d->ctor_argv = NULL;
    d->ctor_argc = 0;
    d->ctor_types = NULL;
    d->value_init = (unsigned char)value;
    d->init = NULL;
    d->nctor = -1;
    return 1;
}

/* The constructor `new T` runs (its default one, written or implicit), or
 * NULL when T has none that does anything; NULL after an error too. */
k_decl *k_record_new_ctor(k_sema_state *s, k_type *t, k_loc loc)
{
    if (t->kind != TY_RECORD || trivial_default(t->rec))
        return NULL;
    k_decl *f = k_record_implicit_default(t->rec);
    if (f && !k_record_has_ctors(t->rec))
        return f;
    if (!k_record_has_ctors(t->rec))
        return NULL;
    k_type **at;
    return k_sema_pick_ctor(s, t, NULL, NULL, loc, &at);
}

/* Does a copy from e move (e a temporary or an xvalue)?  Else, without a
 * copy constructor, it is a plain copy (where lang/moves.c allows one). */
int k_expr_moves_from(const k_expr *e)
{
    return !e->is_lvalue || e->is_xvalue;
}

/* A variable of a class with constructors: which one initializes it. */
int k_sema_ctor_var(k_sema_state *s, k_decl *d)
{
    k_type *t = d->type;
    while (t->kind == TY_ARRAY)
        t = t->base;
    if (t->kind != TY_RECORD)
        return 0;
    if ((d->storage & ST_EXTERN) && !d->init && !k_has_ctor(d))
        return 0;   /* a declaration: `extern __shared__ T s[];` constructs nothing */
    if (implicit_default_var(s, d, t->rec))
        return 1;
    if (d->type->kind == TY_ARRAY && d->init && d->init->kind == E_INIT_LIST &&
        !k_has_ctor(d) && k_record_has_ctors(t->rec))
        return !static_local_ok(s, d) || k_sema_ctor_array(s, d, t);   /* class_arrays.c */
    /* an aggregate whose implicit copy is deleted (a std::unique_ptr
     * member) has only its implicit move constructor */
    if (!k_record_has_ctors(t->rec) &&
        !((k_record_copy_ctor(t->rec) || k_record_move_ctor(t->rec)) &&
          d->type->kind == TY_RECORD &&
          ((k_has_ctor(d) && d->nctor == 1) ||
           (!k_has_ctor(d) && d->init && d->init->kind != E_INIT_LIST))))
        return 0;   /* an aggregate, unless this is a copy by its implicit constructor */
    k_expr **args = NULL;
    int nargs = 0;
    if (k_has_ctor(d)) {
        args = d->ctor_args;
        nargs = d->nctor;
    } else if (d->init && d->init->kind == E_INIT_LIST) {
        args = d->init->args;
        nargs = d->init->nargs;
        list_ctor_args(s, t->rec, d->init, &args, &nargs);
    } else if (d->init) {
        if (!k_sema_rvalue(s, d->init))
            return 1;   /* reported: not again as a plain initializer */
        if (k_bases_slice(s, d->init, t) < 0)
            return 1;   /* `B b = d;`: d's B is what is copied */
        int same = d->init->type->kind == TY_RECORD && d->init->type->rec == t->rec;
        if (same && !d->init->is_lvalue && d->type->kind == TY_RECORD && !d->is_global_scope &&
            !(d->storage & ST_STATIC) && (d->init->kind == E_CALL || d->init->kind == E_CONSTRUCT))
            return 0;   /* `S s = f();`, `S s = S(x);`: the object itself (C++17 elides) */
        if (same && !k_record_copy_ctor(t->rec) &&
            !k_sema_check_copy(s, t->rec, d->init, d->init->loc))
            return 1;
        if (same && !k_record_copy_ctor(t->rec) &&
            (!k_record_move_ctor(t->rec) || !k_expr_moves_from(d->init))) {
            if (k_record_polymorphic(t->rec) && !t->rec->vclass_id)
                t->rec->vclass_id = k_vclass_entry(s, t->rec, 0);   /* the copy's vtable */
            return 0;   /* S s = expr: a copy (lowering gives it S's vtable pointer) */
        }
        args = k_alloc(s->ctx, sizeof *args);   /* S s = x: the constructor taking x */
        args[0] = d->init;
        nargs = 1;
    }
    if (!nargs && !d->init && !k_has_ctor(d) && trivial_default(t->rec))
        return 0;
    if (nargs == 1 && !k_sema_rvalue(s, args[0]))
        return 1;   /* reported once, not again while choosing the constructor */
    if (k_class_is_copy(s, t, args, nargs) && !k_record_copy_ctor(t->rec) &&
        !k_sema_check_copy(s, t->rec, args[0], args[0]->loc))
        return 1;   /* a copy a move member deleted (lang/moves.c) */
    if (k_class_is_copy(s, t, args, nargs) && !k_record_copy_ctor(t->rec) &&
        (!k_record_move_ctor(t->rec) || !k_expr_moves_from(args[0])) && d->type->kind != TY_ARRAY) {
        d->init = args[0];
        d->nctor = -1;
        return 0;
    }
    if (d->type->kind == TY_ARRAY && nargs) {
        k_error(s->ctx, d->loc, "an array of '%s' can only be default-constructed",
                k_record_name(t->rec));
        return 1;
    }
    if (d->storage & (ST_SHARED | ST_DEVICE | ST_CONSTANT)) {   /* as nvcc */
        k_error(s->ctx, d->loc, "'%s' needs a constructor: dynamic initialization is not "
                "supported for __device__, __shared__ and __constant__ variables", d->name);
        return 1;
    }
    if (!static_local_ok(s, d))
        return 1;
    if (!k_virtual_instantiable(s, t->rec, d->loc))
        return 1;
    d->ctor = k_sema_pick_ctor(s, t, &args, &nargs, d->loc, &d->ctor_types);
    d->ctor_argv = args;
    d->ctor_argc = nargs;
    d->init = NULL;
    return 1;
}

/* `S(args)` / `S{args}`: a constructor call, or member-wise (no constructors). */
k_type *k_sema_construct_record(k_sema_state *s, k_expr *e)
{
    k_type *t = e->type_written;
    k_sema_resolve_type(s, t, e->loc);
    if (k_ty_size(t) < 0) {
        k_error(s->ctx, e->loc, "'%s' is an incomplete type", k_record_name(t->rec));
        return NULL;
    }
    int copy = k_class_is_copy(s, t, e->args, e->nargs);
    int own = k_record_copy_ctor(t->rec) ||
              (k_record_move_ctor(t->rec) && (!copy || k_expr_moves_from(e->args[0])));
    if (copy && !k_record_copy_ctor(t->rec) &&
        !k_sema_check_copy(s, t->rec, e->args[0], e->args[0]->loc))
        return NULL;
    if ((k_record_has_ctors(t->rec) && !copy) || (copy && own)) {
        k_type **at;
        e->decl = k_sema_pick_ctor(s, t, &e->args, &e->nargs, e->loc, &at);
        e->sema_ext = at;
        e->type = t;
        return e->decl ? t : NULL;
    }
    const k_record *r = t->rec;
    if (copy) {
        e->type = t;
        e->sema_ext = NULL;
        return t;
    }
    if (!e->nargs && k_record_implicit_default(r) && !trivial_default(r)) {
        /* `A()` of a class whose members have constructors: zeroed, then
         * its implicit constructor (lowering, lower_records.c) */
        e->decl = k_record_new_ctor(s, t, e->loc);
        e->sema_ext = NULL;
        e->type = t;
        return check_space(s, e->decl, r, e->loc) ? t : NULL;
    }
    if (e->nargs > r->nfields)
        k_error(s->ctx, e->loc, "too many initializers for '%s'", k_record_name(r));
    for (int i = 0; i < e->nargs && i < r->nfields; i++)
        if (k_sema_rvalue(s, e->args[i]))
            k_sema_assignable(s, r->fields[i].type, e->args[i], "initialization");
    e->type = t;
    return t;
}
