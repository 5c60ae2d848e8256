/* lang/cxx.c -- semantic analysis of the C++ core that CUDA programs use and
 * that needs no new code shape: references (binding rules; lowering passes
 * an address, lower_expr.c), `new`/`delete` (rewritten into malloc/calloc
 * and free), `auto` (the initializer's type), `static_assert` and the folding
 * of constexpr tables (`slots[d - 1]` as an array bound).
 * Namespaces are in namespaces.c, overloading in overload.c. */
#include <string.h>

#include "sema.h"
#include "templates.h"

#define TYBUF 96

/* ---- references ---- */
/* The variable an lvalue is rooted in (x of x, x.y, x[i] for an array x). */
static k_decl *root_var(k_expr *e)
{
    while (e && (e->kind == E_MEMBER ||
                 (e->kind == E_INDEX && e->lhs->type && e->lhs->type->kind == TY_ARRAY)))
        e = e->lhs;
    return e && e->kind == E_IDENT ? e->decl : NULL;
}

int k_ref_binds_directly(const k_type *ref, const k_expr *e)
{
    if (!e->is_lvalue || !e->type)
        return 0;
    if (k_ty_same(e->type, ref->base))   /* quals aside */
        return 1;
    /* a derived object binds a reference to its base class: the base's
     * subobject (lowering adds its offset, lang/lower_bases.c) */
    return e->type->kind == TY_RECORD && ref->base->kind == TY_RECORD &&
           k_record_derives(e->type->rec, ref->base->rec);
}

/* Checks that e can initialize a reference of type ref: an lvalue of its
 * type binds to it (and must then live in memory); anything else only to a
 * reference to const, through a temporary. */
int k_sema_bind_ref(k_sema_state *s, k_type *ref, k_expr *e, const char *what)
{
    k_type *from = e->type;
    if (!from)
        return 0;
    if (ref->rvalue_ref && e->is_lvalue && !e->is_xvalue && !k_iostream_is_stream(ref->base)) {
        char a[TYBUF], b[TYBUF];
        k_error(s->ctx, e->loc, "cannot bind rvalue reference of type '%s' to lvalue of type"
                " '%s'", k_ty_str(ref, a, sizeof a), k_ty_str(from, b, sizeof b));
        k_help(s->ctx, "std::move(x) makes an lvalue x an xvalue, which binds it");
        return 0;
    }
    if (k_ref_binds_directly(ref, e)) {
        if (k_bases_ambiguous(s, from, ref->base, e->loc))
            return 0;
        if ((from->quals & Q_CONST) && !(ref->base->quals & Q_CONST)) {
            char a[TYBUF];
            k_error(s->ctx, e->loc, "binding reference of type '%s' to a const value drops"
                    " the qualifier", k_ty_str(ref, a, sizeof a));
            return 0;
        }
        if (e->is_xvalue && !ref->rvalue_ref && !(ref->base->quals & Q_CONST)) {
            char a[TYBUF], b[TYBUF];
            k_error(s->ctx, e->loc, "cannot bind non-const lvalue reference of type '%s' to an"
                    " rvalue of type '%s'", k_ty_str(ref, a, sizeof a),
                    k_ty_str(from, b, sizeof b));
            return 0;
        }
        k_decl *d = root_var(e);
        if (d)
            d->address_taken = 1;
        return 1;
    }
    /* `const B &b = D(1);`: the temporary's base subobject (lang/lower_temps.c) */
    if (!e->is_lvalue && (e->kind == E_CONSTRUCT || (e->kind == E_CALL && e->builtin < 0)) &&
        from->kind == TY_RECORD && ref->base->kind == TY_RECORD &&
        from->rec != ref->base->rec && k_record_derives(from->rec, ref->base->rec) &&
        ((ref->base->quals & Q_CONST) || ref->rvalue_ref))
        return !k_bases_ambiguous(s, from, ref->base, e->loc);
    /* `int &r = obj;` through obj's `operator int &()` */
    if (from->kind == TY_RECORD && !(ref->base->kind == TY_RECORD &&
                                     k_record_derives(from->rec, ref->base->rec)) &&
        k_sema_ref_conversion(s, ref, e))
        return k_sema_bind_ref(s, ref, e, what);
    /* std::ostream &os binds std::cout: a stream is a value in K (its
     * number, lang/iostream.c), so a copy of it is the same stream */
    if (!(ref->base->quals & Q_CONST) && !ref->rvalue_ref && !k_iostream_is_stream(ref->base)) {
        char a[TYBUF], b[TYBUF];
        k_error(s->ctx, e->loc, "cannot bind non-const lvalue reference of type '%s' to %s"
                " of type '%s'", k_ty_str(ref, a, sizeof a),
                e->is_lvalue ? "a value" : "an rvalue", k_ty_str(from, b, sizeof b));
        return 0;
    }
    return k_sema_assignable(s, ref->base, e, what);
}

/* ---- default arguments ---- */
/* Checked where the function is declared (at file scope, like C++ looks
 * their names up); once a parameter has one, every later one needs one.
 * A member function's look in its class first: its static members and
 * enumerators, bare, also those declared after it (`int h(int a = K * 2)`,
 * the complete-class context: lang/static_members.c class_prefix, sema.c
 * later_member). */
void k_sema_check_defaults(k_sema_state *s, k_decl *f)
{
    const k_record *outer = s->class_scope;
    if (f->method_of && !s->static_init)
        s->class_scope = f->method_of;
    int seen = 0;
    for (int i = 0; i < f->nparams; i++) {
        k_decl *p = f->params[i];
        if (!p->init) {
            if (seen)
                k_error(s->ctx, p->loc, "missing default argument on parameter '%s'",
                        p->name ? p->name : "?");
            continue;
        }
        seen = 1;
        if (k_sema_rvalue(s, p->init))
            k_sema_assignable(s, p->type, p->init, "default argument");
    }
    s->class_scope = outer;
}

/* A call that leaves out trailing arguments gets the defaults of the
 * declaration it calls (or of its definition, when only that has them). */
void k_sema_default_args(k_sema_state *s, k_expr *call, k_decl *f)
{
    int n = call->nargs;
    if (n >= f->nparams)
        return;
    k_decl *g = f->params[n]->init ? f : f->definition;
    if (!g || g->nparams != f->nparams || !g->params[n]->init)
        return;
    k_expr **args = k_alloc(s->ctx, sizeof *args * (size_t)f->nparams);
    if (n)
        memcpy(args, call->args, sizeof *args * (size_t)n);
    int m = n;
    while (m < f->nparams && g->params[m]->init) {
        args[m] = g->params[m]->init;
        m++;
    }
    call->args = args;
    call->nargs = m;
}

/* ---- new and delete ---- */
static k_expr *size_of(k_sema_state *s, k_loc loc, k_type *t)
{
    k_expr *z = k_expr_new(s->ctx, E_SIZEOF_TYPE, loc);
    z->type_written = t;
    return z;
}

k_expr *k_call_named(k_sema_state *s, k_loc loc, const char *name, k_expr **args, int n)
{
    k_expr *c = k_expr_new(s->ctx, E_CALL, loc);
    c->name = name;
    c->args = k_alloc(s->ctx, sizeof *c->args * (size_t)n);
    memcpy(c->args, args, sizeof *args * (size_t)n);
    c->nargs = n;
    return c;
}

static int is_std_nothrow(void *arg, const char *qname)
{
    (void)arg;
    return !strcmp(qname, "std::nothrow");
}

/* `new (std::nothrow) T...`: <new>'s tag asks for NULL instead of
 * std::bad_alloc when memory runs out, which is what simtvm's new gives
 * (malloc's NULL), so the tag is dropped and the new is a plain one.  Any
 * other placement stays the storage it names. */
static void drop_nothrow(k_sema_state *s, k_expr *e)
{
    k_expr *p = e->placement;
    if (p && p->kind == E_IDENT && p->name && !k_sema_lookup(s, p->name) &&
        k_sema_resolve(s, p->name, is_std_nothrow, NULL))
        e->placement = NULL;
}

/* `new T[n]` is (T *)malloc(n * sizeof(T)); `new T()` and `new T[n]()`
 * zero it (calloc); `new T(v)` is not built.  The node becomes that cast.
 * `new C` of a class with its own `operator new` calls it (its static
 * member function "C::operator new") with sizeof(C) instead of malloc. */
void k_sema_new(k_sema_state *s, k_expr *e)
{
    k_type *t = e->type_written;
    drop_nothrow(s, e);
    if (k_sema_new_array(s, e) ||   /* elements built or destroyed: new_array.c */
        k_sema_new_object(s, e))    /* constructors, placement, `new T(v)`: new_object.c */
        return;
    if (e->nargs > 0) {
        k_error(s->ctx, e->loc, "'new' with an initializer is not supported"
                " (write `new T` and assign the value)");
        return;
    }
    k_expr *n = e->lhs;
    if (!n) {
        n = k_expr_new(s->ctx, E_INT, e->loc);
        n->ival = 1;
    }
    k_expr *call;
    k_decl *own = !e->lhs && t->kind == TY_RECORD
                  ? k_record_operator(s, t->rec, "operator new") : NULL;
    if (own) {
        k_expr *sz = size_of(s, e->loc, t);
        call = k_call_named(s, e->loc, own->name, &sz, 1);
    } else if (e->op) {
        k_expr *args[2] = { n, size_of(s, e->loc, t) };
        call = k_call_named(s, e->loc, "calloc", args, 2);
    } else {
        k_expr *m = k_expr_new(s->ctx, E_BINARY, e->loc);
        m->op = KB_MUL;
        m->lhs = n;
        m->rhs = size_of(s, e->loc, t);
        call = k_call_named(s, e->loc, "malloc", &m, 1);
    }
    /* `new C` / `new C()` of a class with a default constructor that does
     * something: run on the new object (lowering: lower_expr.c) */
    k_decl *ctor = !e->lhs ? k_record_new_ctor(s, t, e->loc) : NULL;
    e->kind = E_CAST;
    e->op = 0;
    e->type_written = k_type_ptr(s->ctx, t);
    e->lhs = call;
    e->nargs = 0;
    e->decl = ctor;
}

/* `delete p` and `delete[] p` are free(p); `delete p` of a class with its
 * own `operator delete` calls that instead. */
void k_sema_delete(k_sema_state *s, k_expr *e)
{
    k_expr *p = e->lhs;
    k_type *t = k_sema_rvalue(s, p);
    if (t && k_decay(s->ctx, t)->kind != TY_PTR) {
        char a[TYBUF];
        k_error(s->ctx, p->loc, "cannot delete expression of type '%s'", k_ty_str(t, a, sizeof a));
        return;
    }
    k_type *pt = t ? k_decay(s->ctx, t)->base : NULL;
    k_decl *own = !e->op && pt && pt->kind == TY_RECORD
                  ? k_record_operator(s, pt->rec, "operator delete") : NULL;
    int array = e->op;
    if (array && k_sema_delete_array(s, e, pt))   /* destructors: new_array.c */
        return;
    e->kind = E_CALL;
    e->name = own ? own->name : "free";
    e->args = k_alloc(s->ctx, sizeof *e->args);
    e->args[0] = p;
    e->nargs = 1;
    e->lhs = NULL;
    e->op = 0;
    if (!array)   /* the destructor first (lang/new_object.c) */
        k_sema_delete_object(s, e, pt);
}

/* ---- auto ---- */
/* `auto x = e;` takes e's type (arrays decay, top-level const goes unless
 * written: `const auto`); `auto &r = e;` refers to e's type. */
/* `auto *p = e;` / `const auto *p = e;`: e is a pointer, and p points to
 * what e points to, with the written const added. */
static int deduce_auto_pointer(k_sema_state *s, k_decl *d)
{
    k_type *slot = d->type->base;
    if (!d->init || d->init->kind == E_INIT_LIST) {
        k_error(s->ctx, d->loc, "declaration of '%s' with deduced type 'auto *' requires an"
                " initializer", d->name);
        return 0;
    }
    k_type *t = k_sema_rvalue(s, d->init);
    if (!t)
        return 0;
    t = k_decay(s->ctx, t);
    if (t->kind != TY_PTR || !t->base) {
        char buf[128];
        k_error(s->ctx, d->init->loc, "cannot deduce 'auto *' from '%s', which is not a pointer",
                k_ty_str(t, buf, sizeof buf));
        return 0;
    }
    k_type *pointee = k_alloc(s->ctx, sizeof *pointee);
    k_type *ptr = k_alloc(s->ctx, sizeof *ptr);
    *pointee = *t->base;
    pointee->quals |= slot->quals;
    *ptr = *t;
    ptr->base = pointee;
    ptr->quals = d->type->quals;
    d->type = ptr;
    return 1;
}

int k_sema_deduce_auto(k_sema_state *s, k_decl *d)
{
    if (d->type->kind == TY_PTR && d->type->base && d->type->base->kind == TY_AUTO)
        return deduce_auto_pointer(s, d);
    k_type *slot = d->type->kind == TY_REF ? d->type->base : d->type;
    if (!slot || slot->kind != TY_AUTO)
        return 1;
    if (slot->decltype_kind == K_DT_AUTO) {
        if (slot == d->type)
            return k_decltype_auto_var(s, d);
        k_error(s->ctx, d->loc, "'decltype(auto)' stands alone: '%s' cannot add '&' to it",
                d->name);
        d->type = slot;   /* its uses are quiet (an undeduced type) */
        return 0;
    }
    if (d->init && d->init->kind == E_INIT_LIST && d->init->direct_list && d->init->nargs == 1)
        d->init = d->init->args[0];   /* `auto x{e}`: as `auto x = e` (C++17) */
    else if (d->init && d->init->kind == E_INIT_LIST && d->init->direct_list) {
        k_error(s->ctx, d->init->loc, "'auto %s{...}' needs exactly one element to deduce its"
                " type from", d->name);
        return 0;
    }
    if (!d->init || d->init->kind == E_INIT_LIST) {
        k_error(s->ctx, d->loc, "declaration of '%s' with deduced type 'auto' requires an"
                " initializer", d->name);
        return 0;
    }
    k_type *t = k_sema_rvalue(s, d->init);
    if (!t)
        return 0;
    k_type *deduced = k_alloc(s->ctx, sizeof *deduced);
    if (d->type->kind == TY_REF) {
        *deduced = *t;
        deduced->quals |= slot->quals;
        d->type->base = deduced;
        if (d->type->rvalue_ref && !slot->quals && d->init->is_lvalue && !d->init->is_xvalue)
            d->type->rvalue_ref = 0;   /* `auto &&` forwards: an lvalue makes it `U &` */
    } else {
        *deduced = *k_decay(s->ctx, t);
        deduced->quals = slot->quals;
        d->type = deduced;
    }
    return 1;
}

/* ---- range-based for ---- */
static k_expr *ident_of(k_sema_state *s, k_loc loc, k_decl *d)
{
    k_expr *e = k_expr_new(s->ctx, E_IDENT, loc);
    e->name = d->name;
    return e;
}

static k_stmt *decl_stmt(k_sema_state *s, k_loc loc, k_decl *d)
{
    k_stmt *st = k_stmt_new(s->ctx, S_DECL, loc);
    st->decls = k_alloc(s->ctx, sizeof *st->decls);
    st->decls[0] = d;
    st->ndecls = 1;
    return st;
}

/* `for (T x : a)` over an array a of n elements becomes
 *     for (long i = 0; i < n; ++i) { T x = a[i]; body }
 * (a reference x refers to a[i]).  The counter's name cannot be written in
 * a program, so it hides nothing. */
/* The return type of r's member function called name (begin, end), or NULL. */
static k_type *method_result(const k_record *r, const char *name)
{
    size_t len = strlen(name);
    for (int i = 0; i < r->nmethods; i++) {
        const char *full = r->methods[i]->name;
        size_t fl = strlen(full);
        if (fl > len + 2 && strcmp(full + fl - len, name) == 0 && full[fl - len - 1] == ':')
            return r->methods[i]->type->base;
    }
    return NULL;
}

static k_expr *method_call(k_sema_state *s, k_expr *obj, const char *name)
{
    k_expr *c = k_expr_new(s->ctx, E_MCALL, obj->loc);
    c->lhs = obj;
    c->name = name;
    c->depth = obj->depth + 1;
    return c;
}

/* The loop `for (INIT; COND; STEP) { VAR = ELEM; BODY }` that a range-based
 * for becomes, with `it` the hidden iterator or index INIT declares. */
static int finish_range_for(k_sema_state *s, k_stmt *st, k_decl *it, k_expr *cond,
                            k_expr *step, k_expr *elem)
{
    k_loc loc = st->loc;
    k_stmt *var = st->init;
    var->decls[0]->init = elem;
    k_stmt *body = k_stmt_new(s->ctx, S_BLOCK, loc);
    body->stmts = k_alloc(s->ctx, sizeof *body->stmts * 2);
    body->stmts[0] = var;
    body->stmts[1] = st->body;
    body->nstmts = st->body ? 2 : 1;
    st->init = decl_stmt(s, loc, it);
    st->expr = cond;
    st->step = step;
    st->body = body;
    st->range = NULL;
    return 1;
}

/* `for (T x : v)` over an object whose begin() and end() return pointers
 * (std::vector, std::string) becomes
 *     for (P it = v.begin(); it != v.end(); ++it) { T x = *it; body }
 * with v evaluated at each end() as written (a variable or a member). */
static int class_range_for(k_sema_state *s, k_stmt *st, const k_record *r, k_expr *range,
                           k_expr *again)
{
    k_type *b = method_result(r, "begin"), *e = method_result(r, "end");
    if (b && b->kind == TY_REF)
        b = b->base;
    if (!b || !e || (b->kind != TY_PTR && b->kind != TY_RECORD)) {
        k_error(s->ctx, range->loc, "range-based for over '%s' needs begin() and end() "
                "returning pointers or iterators", k_record_name(r));
        return 0;
    }
    if (b->kind == TY_RECORD) {   /* an iterator class: C++'s `auto it = begin()`, its copy */
        k_type *v = k_alloc(s->ctx, sizeof *v);
        *v = *b;
        v->quals = 0;
        b = v;
    }
    k_loc loc = st->loc;
    k_decl *it = k_decl_new(s->ctx, D_VAR, loc, "for.range.it");
    it->type = b;
    it->init = method_call(s, range, "begin");
    k_expr *cond = k_expr_new(s->ctx, E_BINARY, loc);
    cond->op = KB_NE;
    cond->lhs = ident_of(s, loc, it);
    cond->rhs = method_call(s, again, "end");
    cond->depth = cond->rhs->depth + 1;
    k_expr *step = k_expr_new(s->ctx, E_UNARY, loc);
    step->op = KU_PREINC;
    step->lhs = ident_of(s, loc, it);
    k_expr *elem = k_expr_new(s->ctx, E_UNARY, range->loc);
    elem->op = KU_DEREF;
    elem->lhs = ident_of(s, loc, it);
    return finish_range_for(s, st, it, cond, step, elem);
}

/* `for (T x : f())`: C++'s `auto &&__range = f();` first, which keeps the
 * temporary alive until the loop ends (lang/lower_temps.c), then the loop
 * over it. */
static int temp_range_for(k_sema_state *s, k_stmt *st, k_type *t, k_expr *range, int lvalue)
{
    k_decl *obj = k_decl_new(s->ctx, D_VAR, range->loc, "for.range.obj");
    obj->type = k_type_new(s->ctx, TY_REF);
    obj->type->base = t;
    obj->type->rvalue_ref = !lvalue;   /* `auto &&` of an lvalue is `T &` */
    obj->init = range;
    if (!class_range_for(s, st, t->rec, ident_of(s, range->loc, obj), ident_of(s, range->loc, obj)))
        return 0;
    k_stmt *init = st->init;
    k_decl **ds = k_alloc(s->ctx, sizeof *ds * 2);
    ds[0] = obj;
    ds[1] = init->decls[0];
    init->decls = ds;
    init->ndecls = 2;
    return 1;
}

int k_sema_range_for(k_sema_state *s, k_stmt *st)
{
    k_expr *range = st->range;
    k_expr *again = k_clone_expr(s->ctx, range, NULL);   /* unchecked, for end() */
    k_type *t = k_sema_expr(s, range);
    if (!t)
        return 0;
    if (t->kind == TY_RECORD && again) {
        if (again->kind != E_IDENT && again->kind != E_MEMBER)
            return temp_range_for(s, st, t, again, range->is_lvalue && !range->is_xvalue);
        return class_range_for(s, st, t->rec, range, again);
    }
    if (t->kind != TY_ARRAY || t->length < 0) {
        char a[TYBUF];
        k_error(s->ctx, range->loc, "range-based for needs an array of known size or an "
                "object with begin() and end(), not '%s'", k_ty_str(t, a, sizeof a));
        return 0;
    }
    k_loc loc = st->loc;
    k_decl *i = k_decl_new(s->ctx, D_VAR, loc, "for.range.index");
    i->type = k_ty(s->ctx, TY_LONG);
    i->init = k_expr_new(s->ctx, E_INT, loc);
    k_expr *n = k_expr_new(s->ctx, E_INT, loc);
    n->ival = (uint64_t)t->length;
    n->int_long = 1;
    k_expr *cond = k_expr_new(s->ctx, E_BINARY, loc);
    cond->op = KB_LT;
    cond->lhs = ident_of(s, loc, i);
    cond->rhs = n;
    k_expr *step = k_expr_new(s->ctx, E_UNARY, loc);
    step->op = KU_PREINC;
    step->lhs = ident_of(s, loc, i);
    k_expr *elem = k_expr_new(s->ctx, E_INDEX, range->loc);
    elem->lhs = range;
    elem->rhs = ident_of(s, loc, i);
    return finish_range_for(s, st, i, cond, step, elem);
}

/* ---- constexpr functions ---- */
#define K_CONSTEXPR_DEPTH 64

/* The expression of f's body when it is just `return e;`, else NULL. */
static k_expr *single_return(const k_decl *f)
{
    const k_stmt *b = f->body;
    while (b && b->kind == S_BLOCK && b->nstmts == 1)
        b = b->stmts[0];
    return b && b->kind == S_RETURN ? b->expr : NULL;
}

/* The argument's value as the parameter's: `(T)value`. */
static k_expr *const_arg(k_sema_state *s, const k_expr *a, k_type *t)
{
    k_expr *v = k_expr_new(s->ctx, E_INT, a->loc);
    v->ival = a->const_val;
    v->int_unsigned = 1;
    v->int_long = 2;
    k_expr *c = k_expr_new(s->ctx, E_CAST, a->loc);
    c->type_written = t;
    c->lhs = v;
    c->depth = 2;
    return c;
}

/* Checks e, but only the arm a constant condition takes (as C++ evaluates
 * a constexpr call: `n <= 1 ? 1 : n * f(n - 1)` ends).  Returns what holds
 * e's value. */
static k_expr *taken(k_sema_state *s, k_expr *e)
{
    while (e && e->kind == E_COND) {
        if (!k_sema_rvalue(s, e->cond) || !e->cond->is_const)
            return k_sema_rvalue(s, e) ? e : NULL;
        e = e->cond->const_val ? e->lhs : e->rhs;
    }
    return e && k_sema_rvalue(s, e) ? e : NULL;
}

/* A call of a `constexpr` function (in K: one whose integer result type is
 * const, which `constexpr` gives) whose body is `return e;` and whose
 * arguments are integer constants is the constant e folds to with the
 * arguments in place of the parameters (checked at file scope, in the
 * function's namespace; a trial: its errors are dropped, and a call that
 * does not fold is an ordinary call). */
void k_sema_fold_constexpr(k_sema_state *s, k_expr *call, k_decl *f)
{
    k_decl *def = f->body ? f : f->definition;
    k_type *rt = f->type->base;
    k_expr *body = def ? single_return(def) : NULL;
    if (!body || !(rt->quals & Q_CONST) || !k_ty_is_integer(rt) || def->variadic ||
        call->nargs != def->nparams || s->constexpr_depth >= K_CONSTEXPR_DEPTH)
        return;
    const char **names = k_alloc(s->ctx, sizeof *names * (size_t)(def->nparams + 1));
    k_expr **values = k_alloc(s->ctx, sizeof *values * (size_t)(def->nparams + 1));
    k_type **types = k_alloc(s->ctx, sizeof *types * (size_t)(def->nparams + 1));
    for (int i = 0; i < def->nparams; i++) {
        const k_expr *a = call->args[i];
        if (!a->is_const || !a->type || !k_ty_is_integer(a->type) || !def->params[i]->name ||
            !k_ty_is_integer(def->params[i]->type))
            return;
        names[i] = def->params[i]->name;
        values[i] = const_arg(s, a, def->params[i]->type);
    }
    k_subst sb = { .names = names, .types = types, .exprs = values, .n = def->nparams };
    k_expr *e = k_clone_expr(s->ctx, body, &sb);
    k_sema_state t = *s;
    t.scope = s->file_scope;
    t.ns = def->ns;
    t.lambda = NULL;
    t.constexpr_depth++;
    int ndiags = s->ctx->ndiags, nerrors = s->ctx->nerrors;
    e = taken(&t, e);
    int ok = s->ctx->nerrors == nerrors && e && k_ty_is_integer(e->type) && e->is_const;
    s->ctx->ndiags = ndiags;
    s->ctx->nerrors = nerrors;
    if (!ok)
        return;
    call->is_const = 1;
    call->const_val = k_kind_wrap(rt->kind, e->const_val);
    if (e->not_constant) {   /* sq(46341): the call folds, but is no constant expression */
        call->not_constant = e->not_constant;
        call->not_constant_at = call->loc;
    }
}

/* ---- constant expressions: the folded value (lang/intops.h), where C++
 * gives it ---- */
int k_sema_const_int(k_sema_state *s, k_expr *e, int64_t *v)
{
    k_type *t = k_sema_rvalue(s, e);
    if (!t)
        return 0;
    if (!k_ty_is_integer(t) || !e->is_const) {
        if (k_static_init_failed(e) || k_sema_not_constant(s, e))
            return 0;
        k_error(s->ctx, e->loc, "expression is not an integer constant");
        return 0;
    }
    if (k_sema_not_constant(s, e))
        return 0;
    *v = (int64_t)e->const_val;
    return 1;
}

int k_sema_not_constant(k_sema_state *s, const k_expr *e)
{
    if (!e->not_constant)
        return 0;
    k_error(s->ctx, e->not_constant_at, "%s", e->not_constant);
    return 1;
}

/* ---- static_assert ---- */
void k_sema_static_assert(k_sema_state *s, k_decl *a)
{
    int64_t v;
    if (!k_sema_const_int(s, a->init, &v) || v)
        return;
    if (a->target)
        k_error(s->ctx, a->loc, "static assertion failed: %s", a->target);
    else
        k_error(s->ctx, a->loc, "static assertion failed");
}

/* ---- structured bindings ---- */
static k_expr *hidden_ident(k_sema_state *s, const k_decl *h, k_loc loc)
{
    k_expr *e = k_expr_new(s->ctx, E_IDENT, loc);
    e->name = h->name;
    e->depth = 1;
    return e;
}

/* The i-th element of the hidden variable h of type t (`auto [a, b] = e;`):
 * `thrust::get<i>(h)` for a tuple, its i-th member for a class, h[i] for an
 * array; *n gets how many elements t has (-1: none to bind). */
static k_expr *binding_element(k_sema_state *s, const k_decl *h, const k_type *t, int i,
                               int *n, k_loc loc)
{
    k_expr *e;
    if ((*n = k_thrust_tuple_size(s, t)) >= 0) {
        e = k_expr_new(s->ctx, E_CALL, loc);
        e->name = "thrust::get";
        e->has_targs = 1;
        e->ntargs = 1;
        e->targs = k_alloc(s->ctx, sizeof *e->targs);
        e->targs[0].loc = loc;
        e->targs[0].expr = k_expr_new(s->ctx, E_INT, loc);
        e->targs[0].expr->ival = (uint64_t)i;
        e->targs[0].expr->depth = 1;
        e->args = k_alloc(s->ctx, sizeof *e->args);
        e->args[0] = hidden_ident(s, h, loc);
        e->nargs = 1;
        e->depth = 2;
        return e;
    }
    if (t->kind == TY_ARRAY && t->length >= 0) {
        *n = (int)t->length;
        e = k_expr_new(s->ctx, E_INDEX, loc);
        e->lhs = hidden_ident(s, h, loc);
        e->rhs = k_expr_new(s->ctx, E_INT, loc);
        e->rhs->ival = (uint64_t)i;
        e->rhs->depth = 1;
        e->depth = 2;
        return e;
    }
    *n = -1;
    if (t->kind != TY_RECORD || t->rec->is_union || t->rec->base)
        return NULL;
    const char *name = NULL;
    *n = 0;
    for (int k = 0; k < t->rec->nfields; k++)
        if (t->rec->fields[k].name && (*n)++ == i)
            name = t->rec->fields[k].name;
    e = k_expr_new(s->ctx, E_MEMBER, loc);
    e->lhs = hidden_ident(s, h, loc);
    e->name = name;
    e->depth = 2;
    return e;
}

int k_sema_binding(k_sema_state *s, k_decl *d, int file_scope)
{
    const k_decl *h = d->binding_of;
    int first = d->binding_index == 0, n;
    if (file_scope) {
        if (first)
            k_error(s->ctx, h->loc, "structured bindings at file scope are not supported in K"
                    " (declare them in a function)");
        return 0;
    }
    const k_type *t = h->type;
    if (!t || t->kind == TY_AUTO)
        return 0;   /* the initializer's error said why */
    if (t->kind == TY_REF)
        t = t->base;
    if (t->kind == TY_PTR && h->init && h->init->type && h->init->type->kind == TY_ARRAY) {
        if (first)   /* `auto h = arr` made a pointer: C++ copies the array */
            k_error(s->ctx, h->loc, "a structured binding of an array by value is not supported"
                    " in K (bind it by reference: 'auto &[a, b] = arr;')");
        return 0;
    }
    k_expr *e = binding_element(s, h, t, d->binding_index, &n, d->loc);
    if (n < 0 || !e) {
        char b[TYBUF];
        if (first)
            k_error(s->ctx, h->loc, "cannot decompose a value of type '%s' (structured bindings"
                    " take a tuple, an array or a class without base classes)",
                    k_ty_str(t, b, sizeof b));
        return 0;
    }
    if (n != h->binding_index) {
        if (first)
            k_error(s->ctx, h->loc, "%d names for a structured binding of %d elements",
                    h->binding_index, n);
        return 0;
    }
    d->init = e;
    return 1;
}

/* `table[i]` with a constant i, of a const (constexpr) integer array with a
 * braced initializer, folds to the element, as a constant expression in
 * C++: constexpr tables give array bounds (`int k[max_of[n - 1]]`). */
void k_sema_fold_const_table(k_expr *e)
{
    const k_decl *d = e->lhs->kind == E_IDENT ? e->lhs->decl : NULL;
    const k_type *t = d ? d->type : NULL;
    if (!t || t->kind != TY_ARRAY || !e->rhs->is_const || !k_ty_is_integer(e->type) ||
        !d->init || d->init->kind != E_INIT_LIST)
        return;
    int quals = t->quals | t->base->quals;
    int64_t i = (int64_t)e->rhs->const_val;
    if (!(quals & Q_CONST) || (quals & Q_VOLATILE) || i < 0 || i >= t->length)
        return;
    if (i >= d->init->nargs) {   /* past the list: value-initialized */
        e->is_const = 1;
        e->const_val = 0;
        return;
    }
    const k_expr *v = d->init->args[i];
    if (v->kind != E_INIT_LIST && v->is_const) {
        e->is_const = 1;
        e->const_val = k_kind_wrap(e->type->kind, v->const_val);
    }
}
