/* lang/type_traits_sema.c -- the compiler traits <type_traits> is written
 * over (lang/stl_type_traits.c), as g++'s __is_constructible family:
 * __is_copy_constructible(T) and __is_nothrow_move_constructible(T), bool
 * constants, and __is_base_of(B, D).  std::vector relocates its elements by std::move_if_noexcept,
 * which asks both: a class's move constructor moves them when it is
 * `noexcept` (k_decl.is_noexcept) or the class cannot be copied.
 *
 * C++'s rules, over what K records of a class: a move constructor written
 * is noexcept as written; `= default` or implicit, when every member's and
 * base's is.  A class with a copy constructor or destructor of its own and
 * no move constructor has none implicitly: its copy constructor moves. */
#include <string.h>

#include "sema.h"

static int nothrow_copy(const k_type *t);

/* The member types of r (its bases are its first, unnamed members). */
static int every_member(const k_record *r, int (*pred)(const k_type *))
{
    for (int i = 0; i < r->nfields; i++)
        if (r->fields[i].type && !pred(r->fields[i].type))
            return 0;
    return 1;
}

static const k_type *element(const k_type *t)
{
    while (t && t->kind == TY_ARRAY)
        t = t->base;
    return t;
}

/* A destructor the class declares (not the one implicit_members.c writes). */
static int declares_dtor(const k_record *r)
{
    for (int i = 0; i < r->nmethods; i++)
        if (r->methods[i]->method_kind == M_DTOR && !r->methods[i]->implicit_dtor)
            return 1;
    return 0;
}

static int copy_constructible(const k_type *t)
{
    t = element(t);
    if (!t || t->kind != TY_RECORD)
        return 1;
    const k_record *r = t->rec;
    if (r->copy_deleted || r->implicit_copy_deleted)
        return 0;
    if (k_record_copy_ctor(r) || r->copy_defaulted)
        return 1;
    if (k_record_declares_move(r))
        return 0;   /* its implicit copy constructor is deleted */
    return every_member(r, copy_constructible);
}

static int nothrow_copy(const k_type *t)
{
    t = element(t);
    if (!t || t->kind != TY_RECORD)
        return 1;
    const k_decl *cc = k_record_copy_ctor(t->rec);
    if (cc && !cc->implicit_copy)
        return cc->is_noexcept;
    return copy_constructible(t) && every_member(t->rec, nothrow_copy);
}

static int nothrow_move(const k_type *t)
{
    t = element(t);
    if (!t || t->kind != TY_RECORD)
        return 1;
    const k_record *r = t->rec;
    const k_decl *mc = k_record_move_ctor(r);
    if (r->move_deleted)
        return 0;
    if (mc && !mc->implicit_move)
        return mc->is_noexcept;
    if (r->move_defaulted)
        return every_member(r, nothrow_move);
    if (k_record_declares_move(r))
        return 0;   /* a move assignment only: no move constructor, no copy one */
    const k_decl *cc = k_record_copy_ctor(r);
    if (mc)   /* implicit (lang/implicit_members.c) */
        return every_member(r, nothrow_move);
    if ((cc && !cc->implicit_copy) || r->copy_deleted || r->implicit_copy_deleted ||
        r->copy_defaulted || declares_dtor(r))
        return nothrow_copy(t);   /* no implicit move constructor: the copy moves */
    return every_member(r, nothrow_move);
}

/* __is_base_of(B, D): D is the class B or derives from it (an incomplete
 * D is an error, as g++ says); false for anything not a class. */
static k_type *base_of(k_sema_state *s, k_expr *e)
{
    k_type *b = e->type_written, *d = e->lhs->type_written;
    k_sema_resolve_type(s, b, e->loc);
    k_sema_resolve_type(s, d, e->loc);
    e->type = k_ty(s->ctx, TY_BOOL);
    int classes = b->kind == TY_RECORD && d->kind == TY_RECORD;
    if (classes && k_ty_size(d) < 0 && b->rec != d->rec) {
        k_error(s->ctx, e->loc, "'%s' of an incomplete type", e->name);
        return NULL;
    }
    e->is_const = 1;
    e->const_val = (uint64_t)(classes && k_record_derives(d->rec, b->rec));
    return e->type;
}

k_type *k_sema_type_trait(k_sema_state *s, k_expr *e)
{
    if (!strncmp(e->name, "__simtvm_", 9))
        return k_sema_throw_trait(s, e);   /* lang/throw.c */
    if (e->lhs && e->lhs->kind == E_SIZEOF_TYPE)
        return base_of(s, e);
    k_type *t = e->type_written;
    k_sema_resolve_type(s, t, e->loc);
    e->type = k_ty(s->ctx, TY_BOOL);
    const k_type *u = t->kind == TY_REF ? NULL : t;   /* a reference is both */
    if (u && element(u)->kind == TY_RECORD && k_ty_size(element(u)) < 0) {
        k_error(s->ctx, e->loc, "'%s' of an incomplete type", e->name);
        return NULL;
    }
    int v = strcmp(e->name, "__is_copy_constructible") == 0 ? copy_constructible(u)
                                                            : nothrow_move(u);
    e->is_const = 1;
    e->const_val = (uint64_t)v;
    return e->type;
}
