/* lang/new_object.c -- C++'s `new` of objects and `delete` of them in sema:
 * `new T(args)` / `new T` of a class with constructors, `new T(v)` of a
 * scalar, placement new `new (p) T(args)` / `new (p) T[n]`, and `delete p`
 * running the destructor (through the vtable when it is virtual) before
 * the storage is freed.  The plain allocations (`new T[n]`, `new T()` of a
 * scalar, a class without constructors) stay lang/cxx.c's malloc/calloc;
 * arrays of objects are lang/new_array.c's.
 *
 * `new` becomes E_NEW_INIT: lhs the storage as a T * (malloc, the class's
 * `operator new`, or the placement pointer), decl the constructor that
 * lowering calls on it (lower_records.c); `delete p` becomes
 * free(E_DESTROY(p)). */
#include <string.h>

#include "sema.h"

static k_expr *node(k_sema_state *s, k_expr_kind kind, k_loc loc, int depth)
{
    k_expr *e = k_expr_new(s->ctx, kind, loc);
    e->builtin = -1;
    e->depth = (uint32_t)depth;
    return e;
}

static k_expr *sizeof_type(k_sema_state *s, k_loc loc, k_type *t)
{
    k_expr *z = node(s, E_SIZEOF_TYPE, loc, 1);
    z->type_written = t;
    return z;
}

/* The storage for one T: the placement, the class's own `operator new`,
 * or malloc(sizeof(T)); cast to T *. */
static k_expr *storage(k_sema_state *s, k_expr *e, k_type *t)
{
    k_expr *from = e->placement;
    if (!from) {
        k_decl *own = t->kind == TY_RECORD ? k_record_operator(s, t->rec, "operator new") : NULL;
        from = node(s, E_CALL, e->loc, 2);
        from->name = own ? own->name : "malloc";
        from->args = k_alloc(s->ctx, sizeof *from->args);
        from->args[0] = sizeof_type(s, e->loc, t);
        from->nargs = 1;
    }
    k_expr *c = node(s, E_CAST, e->loc, (int)from->depth + 1);
    c->type_written = k_type_ptr(s->ctx, t);
    c->lhs = from;
    return c;
}

/* memset(p, 0, sizeof(T)) for `new (p) T()` of a scalar or of a class
 * without constructors (value-initialization zeroes it). */
static k_expr *zeroed(k_sema_state *s, k_expr *e, k_type *t)
{
    k_expr *z = k_expr_new(s->ctx, E_INT, e->loc);
    z->ival = 0;
    k_expr *call = node(s, E_CALL, e->loc, (int)e->placement->depth + 1);
    call->name = "memset";
    call->args = k_alloc(s->ctx, sizeof *call->args * 3);
    call->args[0] = e->placement;
    call->args[1] = z;
    call->args[2] = sizeof_type(s, e->loc, t);
    call->nargs = 3;
    return call;
}

/* `new (p) T[n]` of elements nothing builds: the array is p's storage
 * (those with constructors are lang/new_array.c's). */
static int placed_array(k_sema_state *s, k_expr *e, k_type *t)
{
    if (!e->placement)
        return 0;
    k_expr *c = storage(s, e, t);
    *e = *c;
    return 1;
}

/* One argument stored in the new object (`new int(5)`, `new S(s2)` of a
 * class without constructors). */
static int stores_value(k_sema_state *s, k_expr *e, k_type *t)
{
    if (e->nargs > 1 || (t->kind == TY_RECORD && e->nargs == 1 &&
                         !(k_sema_rvalue(s, e->args[0]) && e->args[0]->type->kind == TY_RECORD &&
                           e->args[0]->type->rec == t->rec))) {
        if (t->kind == TY_RECORD)
            k_error(s->ctx, e->loc, "'new' of '%s' with these initializers is not supported "
                    "in K (give the class a constructor)", k_record_name(t->rec));
        else
            k_error(s->ctx, e->loc, "'new' of a scalar takes one initializer, %d given",
                    e->nargs);
        return 0;
    }
    if (e->nargs == 1 && t->kind != TY_RECORD &&
        (!k_sema_rvalue(s, e->args[0]) || !k_sema_assignable(s, t, e->args[0], "initialization")))
        return 0;
    return 1;
}

/* `new (p) T(t)`, t a T, where T has no copy constructor of its own: the
 * implicit copy, a plain one (*ctors cleared), unless T's move constructor
 * takes t.  A copy a move member deletes is an error, or inside a class
 * template's member (std::vector<MoveOnly>'s copies) one kept for its
 * callers (lang/moves.c).  1 after an error. */
static int implicit_copy(k_sema_state *s, k_expr *e, k_type *t, int *ctors)
{
    if (!k_class_is_copy(s, t, e->args, e->nargs))
        return 0;
    if (k_record_copy_ctor(t->rec)) {
        *ctors = 1;   /* the parser's implicit one too: members that own memory */
        return 0;
    }
    k_expr *from = e->args[0];
    if (!k_sema_check_copy(s, t->rec, from, from->loc))
        return 1;
    if (!k_record_move_ctor(t->rec) || (from->is_lvalue && !from->is_xvalue))
        *ctors = 0;
    else
        *ctors = 1;   /* the implicit move constructor (a std::unique_ptr member's move) */
    return 0;
}

/* Returns 1 when e is handled here (rewritten or reported), 0 for
 * lang/cxx.c's plain allocation. */
int k_sema_new_object(k_sema_state *s, k_expr *e)
{
    k_type *t = e->type_written;
    int ctors = t->kind == TY_RECORD && k_record_has_ctors(t->rec);
    if (e->lhs)
        return placed_array(s, e, t);
    if (!e->placement && !e->nargs && !ctors)
        return 0;
    if (t->kind == TY_RECORD && !k_virtual_instantiable(s, t->rec, e->loc))
        return 1;
    k_type **types = NULL;
    k_decl *ctor = NULL;
    if (t->kind == TY_RECORD && implicit_copy(s, e, t, &ctors))
        return 1;
    if (ctors) {
        int errors = s->ctx->nerrors;
        s->defer_no_ctor = 1;
        ctor = k_sema_pick_ctor(s, t, &e->args, &e->nargs, e->loc, &types);
        s->defer_no_ctor = 0;
        if (!ctor && s->ctx->nerrors != errors)
            return 1;
        if (!ctor) {   /* kept for the member's callers: never run, built as `new (p) T` */
            e->nargs = 0;
            e->op = 0;
        }
    } else if (!stores_value(s, e, t)) {
        return 1;
    }
    if (!ctor && !e->nargs) {   /* `new (p) T`: p's storage, as it is */
        if (e->op)              /* `new (p) T()`: value-initialized, zeroed */
            e->placement = zeroed(s, e, t);
        k_expr *c = storage(s, e, t);
        *e = *c;
        return 1;
    }
    e->lhs = storage(s, e, t);
    e->kind = E_NEW_INIT;
    e->decl = ctor;
    e->sema_ext = types;
    e->placement = NULL;
    if (!k_sema_expr(s, e->lhs))
        return 1;
    e->type = e->lhs->type;
    return 1;
}

/* The destructor that destroys an object of r: its own, else its base's. */
static k_decl *dtor_of(const k_record *r)
{
    for (; r; r = r->base)
        for (int i = 0; i < r->nmethods; i++)
            if (r->methods[i]->method_kind == M_DTOR)
                return r->methods[i];
    return NULL;
}

/* `delete p` of a class with a destructor: the argument of the free call
 * (the E_CALL e) becomes E_DESTROY(p). */
void k_sema_delete_object(k_sema_state *s, k_expr *e, k_type *pointee)
{
    if (!pointee || pointee->kind != TY_RECORD)
        return;
    k_decl *d = dtor_of(pointee->rec);
    if (!d)
        return;
    k_expr *x = node(s, E_DESTROY, e->loc, (int)e->args[0]->depth + 1);
    x->lhs = e->args[0];
    x->decl = d;
    x->virtual_call = (unsigned char)k_method_is_virtual(d);
    e->args[0] = x;
}

/* E_DESTROY: the pointer's type. */
k_type *k_sema_destroy(k_sema_state *s, k_expr *e)
{
    e->type = k_sema_rvalue(s, e->lhs);
    return e->type;
}

/* `p->~S()` / `obj.~S()` (the E_MCALL e on the object at ptr, written obj):
 * the destructor, through the vtable when it is virtual and the object may
 * be of a derived class; nothing for a class without one. */
k_type *k_sema_dtor_call(k_sema_state *s, k_expr *e, k_record *r, k_expr *ptr,
                         const k_expr *obj)
{
    if (e->nargs) {
        k_error(s->ctx, e->loc, "a destructor takes no arguments");
        return NULL;
    }
    k_decl *d = dtor_of(r);
    e->kind = E_DESTROY;
    e->lhs = ptr;
    e->decl = d;
    e->name = NULL;
    if (!d) {   /* a trivial destructor: only the object is evaluated */
        e->kind = E_CAST;
        e->type_written = k_ty(s->ctx, TY_VOID);
        return k_sema_expr(s, e);
    }
    k_expr call = *e;
    call.virtual_call = 0;
    k_virtual_mark_call(&call, d, obj);
    e->virtual_call = call.virtual_call;
    if (!k_sema_destroy(s, e))
        return NULL;
    e->type = k_ty(s->ctx, TY_VOID);
    return e->type;
}

/* `p->~T()` for a T that is not a class (a template's `T = int`): a
 * pseudo-destructor, which ends the object's life and does nothing; only
 * the object is evaluated. */
k_type *k_sema_pseudo_dtor(k_sema_state *s, k_expr *e)
{
    e->kind = E_CAST;
    e->name = NULL;
    e->type_written = k_ty(s->ctx, TY_VOID);
    return k_sema_expr(s, e);
}
