/* lang/class_arrays.c -- arrays of class objects initialized from a braced
 * list: `Point pts[3] = {{1, 2}, {3, 4}};`, `std::string names[] = {"a",
 * "b"};`, `std::vector<int> rows[2] = {{1, 2}, {3}};`.  C++ copy-initializes
 * each listed element from its initializer and value-initializes the rest;
 * here each listed element is checked as a hidden variable of the element
 * type with that initializer (so every way one object is built -- a
 * constructor chosen from a list, a converting constructor, a copy -- is
 * the same for an element), and lowering (lower_records.c) builds them in
 * order, then the rest with the default constructor.  The array's
 * destructor runs over all of them, last first, as for `C a[3];`. */
#include "sema.h"
#include "types.h"

/* The element variable of `d`'s list entry x, checked as `C e = x;`. */
static k_decl *element_var(k_sema_state *s, k_decl *d, k_type *elem, k_expr *x)
{
    k_decl *e = k_decl_new(s->ctx, D_VAR, x->loc, d->name);
    e->type = elem;
    e->init = x;
    e->storage = d->storage;
    e->is_global_scope = d->is_global_scope;
    if (!k_sema_ctor_var(s, e) && e->init && !k_sema_check_init(s, e))
        e->init_failed = 1;
    return e;
}

/* `C a[n] = {...}` of a class C with constructors (k_sema_ctor_var's
 * caller knows d is one); 1: d is handled (built, or an error given). */
int k_sema_ctor_array(k_sema_state *s, k_decl *d, k_type *elem)
{
    k_type *at = d->type;
    k_expr *list = d->init;
    char buf[128];
    if (at->base->kind == TY_ARRAY) {
        k_error(s->ctx, d->loc, "a multi-dimensional array of '%s' cannot be initialized from "
                "a list (K builds a braced list for a one-dimensional array of class objects)",
                k_record_name(elem->rec));
        return 1;
    }
    if (at->length < 0)
        at->length = list->nargs;
    if (list->nargs > at->length) {
        k_error(s->ctx, list->args[at->length]->loc, "too many initializers for '%s'",
                k_ty_str(at, buf, sizeof buf));
        return 1;
    }
    if (d->storage & (ST_SHARED | ST_DEVICE | ST_CONSTANT)) {   /* as nvcc */
        k_error(s->ctx, d->loc, "'%s' needs a constructor: dynamic initialization is not "
                "supported for __device__, __shared__ and __constant__ variables", d->name);
        return 1;
    }
    if (!k_virtual_instantiable(s, elem->rec, d->loc))
        return 1;
    int n = list->nargs;
    k_decl **elems = k_alloc(s->ctx, (size_t)(n ? n : 1) * sizeof *elems);
    for (int i = 0; i < n; i++)
        elems[i] = element_var(s, d, elem, list->args[i]);
    if (n < at->length) {   /* the rest: value-initialized, by the default constructor */
        k_expr **args = NULL;
        int nargs = 0;
        d->ctor = k_sema_pick_ctor(s, elem, &args, &nargs, d->loc, &d->ctor_types);
        d->ctor_argv = args;
        d->ctor_argc = nargs;
    }
    d->elem_inits = elems;
    d->nelem_inits = n;
    d->init = NULL;
    return 1;
}
