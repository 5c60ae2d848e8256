/* lang/moves.c -- C++ move semantics on classes in sema: which copies a
 * class's move members forbid.  A class that declares a move constructor or
 * move assignment operator (written, `= default` or `= delete`) has its
 * implicit copy constructor and copy assignment deleted ([class.copy.ctor] 6,
 * [class.copy.assign] 2), so copying an lvalue of it is one located error, as
 * g++ reports it; a deleted move constructor stops moves too.  Choosing the
 * move constructor or assignment itself is overload resolution (an xvalue or
 * a temporary binds `S &&` first: classes.c, overload.c); binding rules are
 * in cxx.c. */
#include <stdio.h>
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
int k_record_declares_move(const k_record *r)
{
    const k_decl *mc = k_record_move_ctor(r);
    return r->move_declared || (mc && !mc->implicit_move) || has_move_assign(r);
}

/* Is the function being checked a member of a class template's instance?
 * C++ instantiates those only when they are used; here every member is
 * checked, so a deleted copy in one is kept for the calls of it. */
static int in_instance_member(const k_sema_state *s)
{
    const k_record *r = s->fn ? s->fn->method_of : NULL;
    return r && r->tag && strchr(r->tag, '<');
}

static int defer(k_sema_state *s, const char *msg)
{
    if (!in_instance_member(s))
        return 0;
    if (!s->fn->deleted_use)
        s->fn->deleted_use = msg;
    return 1;
}

/* An error in a class template instance's member, kept for the calls of
 * it (C++ instantiates the member only when it is used): 1 when kept. */
int k_sema_defer_error(k_sema_state *s, const char *msg)
{
    return defer(s, k_strndup(s->ctx, msg, strlen(msg)));
}

/* A call of f at loc: the deleted copy in f's body (an instance member's,
 * kept by defer) reported here, or kept in turn by a caller of its kind. */
void k_sema_check_deleted_use(k_sema_state *s, const k_decl *f, k_loc loc)
{
    if (!f || !f->deleted_use || defer(s, f->deleted_use))
        return;
    k_error(s->ctx, loc, "%s (in '%s', called here)", f->deleted_use, f->name);
}

static void deleted_copy(k_sema_state *s, const k_record *r, k_loc loc, int assign)
{
    const char *n = k_record_name(r);
    char buf[320];
    if (assign)
        snprintf(buf, sizeof buf, "use of deleted function '%s& %s::operator=(const %s&)'",
                 n, n, n);
    else
        snprintf(buf, sizeof buf, "use of deleted function '%s::%s(const %s&)'", n, n, n);
    if (defer(s, k_strndup(s->ctx, buf, strlen(buf))))
        return;
    k_error(s->ctx, loc, "%s", buf);
    if (r->implicit_copy_deleted)
        k_help(s->ctx, "'%s' has a member whose copy is deleted (a std::unique_ptr), so its"
               " implicit copy %s is deleted: std::move the object to move it", n,
               assign ? "assignment" : "constructor");
    else if (!r->copy_deleted || assign)
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
    if (src->is_xvalue && (k_record_declares_move(r) || k_record_move_ctor(r)))
        return 1;
    if (r->copy_deleted || r->implicit_copy_deleted || (k_record_declares_move(r) && !r->copy_defaulted)) {
        deleted_copy(s, r, loc, 0);
        return in_instance_member(s);
    }
    return 1;
}

/* `a = b` on objects of class r that no operator= of r takes: C++'s implicit
 * copy assignment, unless a move member deleted it.  0 after an error. */
/* r's first reference member, or NULL: C++ deletes the implicit copy and
 * move assignment of a class with one ([class.copy.assign] 7). */
static const k_field *reference_member(const k_record *r)
{
    for (int i = r->nbases; i < r->nfields; i++)
        if (r->fields[i].name && r->fields[i].type && r->fields[i].type->kind == TY_REF)
            return &r->fields[i];
    return NULL;
}

int k_sema_check_assign(k_sema_state *s, const k_record *r, const k_expr *src, k_loc loc)
{
    const k_field *ref = reference_member(r);
    if (ref) {
        const char *n = k_record_name(r);
        k_error(s->ctx, loc, "use of deleted function '%s& %s::operator=(const %s&)'", n, n, n);
        k_help(s->ctx, "'%s' has a reference member '%s', which no assignment rebinds: "
               "write an operator= that assigns through it", n, ref->name);
        return in_instance_member(s);
    }
    int rvalue = !src->is_lvalue || src->is_xvalue;
    if (rvalue && r->move_assign_defaulted)
        return 1;
    if (rvalue && r->implicit_copy_deleted && k_record_move_ctor(r))
        return 1;
    if ((k_record_declares_move(r) && !r->copy_defaulted) || r->implicit_copy_deleted) {
        deleted_copy(s, r, loc, 1);
        return in_instance_member(s);
    }
    return 1;
}
