/* lang/moves.c -- C++ move semantics on classes in sema: which copies a
 * class's move members forbid.  A class that declares a move constructor or
 * move assignment operator (written, `= default` or `= delete`) has its
 * implicit copy constructor and copy assignment deleted ([class.copy.ctor] 6,
 * [class.copy.assign] 2), so copying an lvalue of it is one located error, as
 * g++ reports it; a deleted move constructor stops moves too.  Choosing the
 * move constructor or assignment itself is overload resolution (an xvalue or
 * a temporary binds `S &&` first: classes.c, overload.c); binding rules are
 * in cxx.c. */
#include <string.h>

#include "sema.h"

static int has_move_assign(const k_record *r)
{
    for (int i = 0; i < r->nmethods; i++) {
        const k_decl *f = r->methods[i];
        const k_type *pt = f->nparams == 2 ? f->params[1]->type : NULL;
        if (f->name && strstr(f->name, "operator=") && pt && pt->kind == TY_REF &&
            pt->rvalue_ref)
            return 1;
    }
    return 0;
}

/* Does r declare a move member (so its implicit copies are deleted)? */
static int declares_move(const k_record *r)
{
    return r->move_declared || k_record_move_ctor(r) || has_move_assign(r);
}

static void deleted_copy(k_sema_state *s, const k_record *r, k_loc loc, int assign)
{
    const char *n = k_record_name(r);
    if (assign)
        k_error(s->ctx, loc, "use of deleted function '%s& %s::operator=(const %s&)'", n, n, n);
    else
        k_error(s->ctx, loc, "use of deleted function '%s::%s(const %s&)'", n, n, n);
    if (!r->copy_deleted || assign)
        k_help(s->ctx, "'%s' declares a move constructor or move assignment operator, so its"
               " implicit copy %s is deleted: std::move the object to move it", n,
               assign ? "assignment" : "constructor");
}

/* Initializing an object of class r from src, an object of r, where r has no
 * copy constructor of its own: 0 after an error (a copy or move C++ deletes). */
int k_sema_check_copy(k_sema_state *s, const k_record *r, const k_expr *src, k_loc loc)
{
    if (!src->is_lvalue)
        return 1;   /* a temporary: the object itself (C++17 elides the move) */
    if (src->is_xvalue && r->move_deleted) {
        const char *n = k_record_name(r);
        k_error(s->ctx, loc, "use of deleted function '%s::%s(%s&&)'", n, n, n);
        return 0;
    }
    if (src->is_xvalue && declares_move(r))
        return 1;
    if (r->copy_deleted || (declares_move(r) && !r->copy_defaulted)) {
        deleted_copy(s, r, loc, 0);
        return 0;
    }
    return 1;
}

/* `a = b` on objects of class r that no operator= of r takes: C++'s implicit
 * copy assignment, unless a move member deleted it.  0 after an error. */
int k_sema_check_assign(k_sema_state *s, const k_record *r, const k_expr *src, k_loc loc)
{
    int rvalue = !src->is_lvalue || src->is_xvalue;
    if (rvalue && r->move_assign_defaulted)
        return 1;
    if (declares_move(r) && !r->copy_defaulted) {
        deleted_copy(s, r, loc, 1);
        return 0;
    }
    return 1;
}
