/* lang/new_array.c -- C++'s `new T[n]` of elements that something builds,
 * and `delete[] p` of elements that a destructor destroys, in sema.
 *
 * `new C[n]` of a class with a default constructor runs it on every
 * element, first to last; `new T[n]{a, b}` builds the first elements from
 * the list (by the constructor each item picks, or by storing the value)
 * and value-initializes the rest; `new T[n]()` value-initializes all.
 * Such a `new` becomes E_NEW_ARRAY with its plan (k_new_array, ast.h),
 * lowered by lang/lower_new_array.c.  When the class has a destructor the
 * element count is stored in 8 bytes before the first element, as g++ and
 * nvcc do (the Itanium ABI's array cookie), and `delete[] p` becomes
 * E_DELETE_ARRAY: each element destroyed, last first, then the storage
 * freed.  A class without a destructor keeps no count: its `delete[]`
 * stays free(p) (lang/cxx.c).  `new (p) C[n]` builds the elements in p's
 * storage and keeps no count, as the Itanium ABI's placement new[] does. */
#include "sema.h"

/* The destructor that destroys an object of r: its own, else its base's. */
k_decl *k_record_dtor(const k_record *r)
{
    for (; r; r = r->base)
        for (int i = 0; i < r->nmethods; i++)
            if (r->methods[i]->method_kind == M_DTOR)
                return r->methods[i];
    return NULL;
}

/* Whether f may run in the function being checked (host or device). */
static int runs_here(k_sema_state *s, const k_decl *f, const k_record *r, k_loc loc,
                     const char *what)
{
    int device = (s->fn_kind & (FN_DEVICE | FN_KERNEL)) != 0;
    if (!f || (k_fn_kind(f) & (device ? FN_DEVICE : FN_HOST)))
        return 1;
    k_error(s->ctx, loc, "the %s of '%s' is not a %s function", what, k_record_name(r),
            device ? "__device__" : "__host__");
    return 0;
}

/* Item i of the list: a class's constructor for it (a braced item gives
 * the arguments), else one value stored.  0 after an error. */
static int plan_item(k_sema_state *s, k_type *t, k_expr *x, k_new_item *it)
{
    int ctors = t->kind == TY_RECORD && k_record_has_ctors(t->rec);
    if (x->kind == E_INIT_LIST && !ctors) {
        k_error(s->ctx, x->loc, "a braced element in 'new %s[n]{...}' is not supported in K"
                " (give the class a constructor, or assign the elements)",
                t->kind == TY_RECORD ? k_record_name(t->rec) : "T");
        return 0;
    }
    if (ctors) {
        it->args = x->kind == E_INIT_LIST ? x->args : &x;
        it->nargs = x->kind == E_INIT_LIST ? x->nargs : 1;
        if (x->kind != E_INIT_LIST) {   /* the list keeps its own array of one */
            k_expr **one = k_alloc(s->ctx, sizeof *one);
            one[0] = x;
            it->args = one;
        }
        it->ctor = k_sema_pick_ctor(s, t, &it->args, &it->nargs, x->loc, &it->types);
        return it->ctor != NULL;
    }
    it->args = k_alloc(s->ctx, sizeof *it->args);
    it->args[0] = x;
    it->nargs = 1;
    if (!k_sema_rvalue(s, x))
        return 0;
    return k_sema_assignable(s, t, x, "initialization");   /* a class's: a copy */
}

/* The elements the list leaves: C's default constructor (written or
 * implicit; NULL for a trivial one), checked for where it runs. */
static int plan_default(k_sema_state *s, k_expr *e, k_type *t, k_new_array *a)
{
    if (t->kind != TY_RECORD)
        return 1;
    if (a->nitems && e->lhs->is_const && (int64_t)e->lhs->const_val <= a->nitems)
        return 1;   /* the list builds them all */
    int may_fail = k_record_has_ctors(t->rec) && !k_record_trivial_default(t->rec);
    a->dflt = k_record_new_ctor(s, t, e->loc);
    if (!a->dflt)
        return !may_fail;   /* none needed, or the error is reported */
    if (k_record_implicit_default(t->rec) == a->dflt)
        return runs_here(s, a->dflt, t->rec, e->loc, "implicit constructor");
    return 1;
}

/* Whether `new T[n]...` needs E_NEW_ARRAY: elements to build or (not
 * placed) a count to keep. */
static int needs_plan(const k_expr *e, k_type *t)
{
    if (e->nargs)
        return 1;
    if (t->kind != TY_RECORD)
        return 0;
    return !k_record_trivial_default(t->rec) || k_record_implicit_default(t->rec) ||
           (!e->placement && k_record_dtor(t->rec) != NULL);
}

/* `new (p) T[n]`: (T *)p, checked; NULL after an error. */
static k_expr *placed_storage(k_sema_state *s, k_expr *e, k_type *t)
{
    k_type *pt = k_sema_rvalue(s, e->placement);
    if (!pt)
        return NULL;
    if (k_decay(s->ctx, pt)->kind != TY_PTR) {
        k_error(s->ctx, e->placement->loc, "the storage of a placement 'new' must be a pointer");
        return NULL;
    }
    k_expr *c = k_expr_new(s->ctx, E_CAST, e->loc);
    c->builtin = -1;
    c->depth = e->placement->depth + 1;
    c->type_written = k_type_ptr(s->ctx, t);
    c->lhs = e->placement;
    return k_sema_expr(s, c) ? c : NULL;
}

/* `new C[n][4]`, elements that are arrays of a class whose objects need
 * building or destroying: not built here (one located error). */
static int array_of_built_arrays(k_sema_state *s, const k_expr *e, k_type *t)
{
    k_type *in = t;
    while (in->kind == TY_ARRAY && in->base)
        in = in->base;
    if (in == t || in->kind != TY_RECORD || !needs_plan(&(k_expr){ .nargs = 0 }, in))
        return 0;
    k_error(s->ctx, e->loc, "'new' of an array of arrays of '%s', a class with a constructor "
            "or destructor, is not supported in K (allocate new %s[n * m] and index it)",
            k_record_name(in->rec), k_record_name(in->rec));
    return 1;
}

/* Returns 1 when `new T[n]` e is handled here (rewritten or reported). */
int k_sema_new_array(k_sema_state *s, k_expr *e)
{
    k_type *t = e->type_written;
    if (e->lhs && array_of_built_arrays(s, e, t))
        return 1;
    if (!e->lhs || !needs_plan(e, t))
        return 0;
    if (t->kind == TY_RECORD && !k_virtual_instantiable(s, t->rec, e->loc))
        return 1;
    k_type *nt = k_sema_rvalue(s, e->lhs);
    if (!nt)
        return 1;
    if (!k_ty_is_integer(nt)) {
        char b[96];
        k_error(s->ctx, e->lhs->loc, "array size in 'new' has non-integer type '%s'",
                k_ty_str(nt, b, sizeof b));
        return 1;
    }
    k_new_array *a = k_alloc(s->ctx, sizeof *a);
    int64_t n = (int64_t)e->lhs->const_val;
    if (e->lhs->is_const && (n < 0 || n < e->nargs)) {
        k_error(s->ctx, e->loc, n < 0 ? "array size in 'new' is negative"
                : "too many initializers for 'new %s[%lld]'",
                t->kind == TY_RECORD ? k_record_name(t->rec) : "T", (long long)n);
        return 1;
    }
    a->items = k_alloc(s->ctx, sizeof *a->items * (size_t)(e->nargs + 1));
    a->nitems = e->nargs;
    for (int i = 0; i < e->nargs; i++)
        if (!plan_item(s, t, e->args[i], &a->items[i]))
            return 1;
    if (!plan_default(s, e, t, a))
        return 1;
    /* `()` or a list value-initializes: zeroed first, unless a constructor
     * of the class's own builds each element (an implicit one exists only
     * in a class without constructors of its own) */
    a->zero = e->op && (t->kind != TY_RECORD || !k_record_has_ctors(t->rec));
    a->cookie = !e->placement && t->kind == TY_RECORD && k_record_dtor(t->rec) != NULL;
    if (e->placement && !(a->placed = placed_storage(s, e, t)))
        return 1;
    e->kind = E_NEW_ARRAY;
    e->sema_ext = a;
    e->type = k_type_ptr(s->ctx, t);
    return 1;
}

/* `delete[] p` (E_DELETE e, op 1) of a class with a destructor: 1 when it
 * became E_DELETE_ARRAY. */
int k_sema_delete_array(k_sema_state *s, k_expr *e, k_type *pointee)
{
    if (!pointee || pointee->kind != TY_RECORD)
        return 0;
    k_decl *d = k_record_dtor(pointee->rec);
    if (!d)
        return 0;
    if (!runs_here(s, d, pointee->rec, e->loc, "destructor"))
        return 1;
    e->kind = E_DELETE_ARRAY;
    e->decl = d;
    e->op = 0;
    e->type = k_ty(s->ctx, TY_VOID);
    return 1;
}
