/* lang/assign.c -- C++'s implicit copy-assignment operator: `a = b` of a
 * class without an operator= of its own assigns member by member, so a
 * member with an operator= (a std::string, which owns its characters) is
 * assigned by it rather than by copying its bytes.
 *
 * `a = b` becomes `(a.m1 = b.m1, a.m2 = b.m2, ..., a)` when both sides are
 * plain places (names, members, subscripts and dereferences without side
 * effects), which are then read once per member as C++'s operator= reads
 * them; otherwise, and for classes with array or bit-field members or a
 * base class, the bytes are copied as before (doc/cxx.md); and so they
 * are for a class that is copied by its bytes (one without a copy
 * constructor: a class template's instance, which gets no implicit one). */
#include <string.h>

#include "sema.h"
#include "templates.h"

/* Whether r has a member operator= written by the program or the library. */
static int own_assign(const k_record *r)
{
    for (int i = 0; i < r->nmethods; i++) {
        const char *n = strrchr(r->methods[i]->name, ':');
        if (n && strcmp(n + 1, "operator=") == 0)
            return 1;
    }
    return 0;
}

#define MAX_ELEMENTS 1024   /* a member array's elements, assigned one by one */

/* Whether assigning r member by member differs from copying its bytes, and
 * can be written so: some member or base (at any depth) has an operator=,
 * and no member is a bit-field, anonymous or an array of arrays. */
static int needs_members(const k_record *r, int depth)
{
    int need = 0;
    if (depth > 8 || r->is_union)
        return 0;
    for (int i = 0; i < r->nfields; i++) {
        const k_field *f = &r->fields[i];
        const k_type *t = f->type;
        if (t && t->kind == TY_ARRAY && (t->length <= 0 || t->length > MAX_ELEMENTS))
            return 0;
        if (t && t->kind == TY_ARRAY)
            t = t->base;
        if ((!f->name && i >= r->nbases) || f->bit_expr || !t || t->kind == TY_ARRAY)
            return 0;
        if (!f->name && t->kind != TY_RECORD)
            return 0;   /* a base known only in an instance */
        if (t->kind == TY_RECORD)
            need |= own_assign(t->rec) || needs_members(t->rec, depth + 1);
    }
    return need;
}

/* A place that may be read again without changing anything. */
static int plain(const k_expr *e)
{
    if (!e)
        return 0;
    switch (e->kind) {
    case E_IDENT:
    case E_INT:
        return 1;
    case E_MEMBER:
        return plain(e->lhs);
    case E_INDEX:
        return plain(e->lhs) && plain(e->rhs);
    case E_UNARY:   /* *p, and &a in a base's `*(B *)&a` */
        return (e->op == KU_DEREF || e->op == KU_ADDR) && plain(e->lhs);
    case E_CAST:    /* a base of a plain place: (B &)a */
        return plain(e->lhs);
    case E_BINARY:
        return (e->op == KB_ADD || e->op == KB_SUB) && plain(e->lhs) && plain(e->rhs);
    default:
        return 0;
    }
}

static k_expr *member_of(k_sema_state *s, const k_expr *obj, const char *name)
{
    k_subst none = {0};
    k_expr *m = k_expr_new(s->ctx, E_MEMBER, obj->loc);
    m->lhs = k_clone_expr(s->ctx, obj, &none);
    m->name = name;
    m->depth = obj->depth + 1;
    return m;
}

/* `static_cast<T &>(obj)` (`T &&` when move): a base of obj, or a member
 * moved from. */
static k_expr *cast_to(k_sema_state *s, k_expr *obj, k_type *t, int move, int clone)
{
    k_subst none = {0};
    k_type *ref = k_type_new(s->ctx, TY_REF);
    ref->rvalue_ref = (unsigned char)move;
    ref->base = t;
    k_expr *c = k_expr_new(s->ctx, E_CAST, obj->loc);
    c->op = 1;
    c->type_written = ref;
    c->lhs = clone ? k_clone_expr(s->ctx, obj, &none) : obj;
    c->depth = obj->depth + 1;
    return c;
}

/* Field i of r in obj: the member, its element j (j >= 0), or the base. */
static k_expr *part_of(k_sema_state *s, const k_record *r, int i, int64_t j, const k_expr *obj)
{
    const k_field *f = &r->fields[i];
    if (!f->name)
        return cast_to(s, (k_expr *)obj, f->type, 0, 1);
    k_expr *m = member_of(s, obj, f->name);
    if (j < 0)
        return m;
    k_expr *at = k_expr_new(s->ctx, E_INDEX, obj->loc);
    at->lhs = m;
    at->rhs = k_expr_new(s->ctx, E_INT, obj->loc);
    at->rhs->ival = (uint64_t)j;
    at->rhs->depth = 1;
    at->depth = m->depth + 1;
    return at;
}

/* `x`, `std::move(x)` or `static_cast<S &&>(x)` with x a plain place: x,
 * *moved set for the last two; else NULL. */
static const k_expr *source_place(const k_expr *e, int *moved)
{
    *moved = 0;
    if (plain(e))
        return e;
    if (e->kind == E_CALL && e->nargs == 1 && e->decl && e->decl->name &&
        strncmp(e->decl->name, "std::move", 9) == 0 && plain(e->args[0])) {
        *moved = 1;
        return e->args[0];
    }
    if (e->kind == E_CAST && e->type_written && e->type_written->kind == TY_REF &&
        e->type_written->rvalue_ref && plain(e->lhs)) {
        *moved = 1;
        return e->lhs;
    }
    return NULL;
}

/* `a.f = b.f` (a base: `(B &)a = (B &)b`), moving b.f when moved. */
static k_expr *assign_part(k_sema_state *s, const k_record *r, int i, int64_t j, k_expr *e,
                           const k_expr *from, int moved)
{
    k_expr *as = k_expr_new(s->ctx, E_ASSIGN, e->loc);
    as->op = KB_NONE;
    as->lhs = part_of(s, r, i, j, e->lhs);
    as->rhs = part_of(s, r, i, j, from);
    if (moved) {
        k_type *t = r->fields[i].type;
        as->rhs = cast_to(s, as->rhs, j >= 0 ? t->base : t, 1, 0);
    }
    as->depth = (as->lhs->depth > as->rhs->depth ? as->lhs->depth : as->rhs->depth) + 1;
    return as;
}

int k_assign_memberwise(k_sema_state *s, k_expr *e, k_type *tl)
{
    int moved;
    const k_expr *from = source_place(e->rhs, &moved);
    if (e->op != KB_NONE || tl->kind != TY_RECORD || !e->rhs->type ||
        e->rhs->type->kind != TY_RECORD || e->rhs->type->rec != tl->rec ||
        own_assign(tl->rec) || !needs_members(tl->rec, 0) || !plain(e->lhs) || !from)
        return 0;
    /* copies and assignments must agree: a class copied by its bytes (no
     * copy constructor, not even the implicit one of parse_build.c) is
     * assigned by them too, or a copy and an assignment would share and
     * then change one std::string's characters */
    if (!k_record_copy_ctor(tl->rec) && !k_record_move_ctor(tl->rec))
        return 0;   /* a move-only class (a std::unique_ptr member) is moved from */
    const k_record *r = tl->rec;
    k_subst none = {0};
    k_expr *chain = k_clone_expr(s->ctx, e->lhs, &none);   /* the value: a */
    for (int i = r->nfields - 1; i >= 0; i--) {   /* built last first: run bases first */
        const k_type *ft = r->fields[i].type;
        int64_t n = ft->kind == TY_ARRAY ? ft->length : 0;
        for (int64_t j = n ? n - 1 : -1; j >= (n ? 0 : -1); j--) {
            k_expr *as = assign_part(s, r, i, j, e, from, moved);
            k_expr *c = k_expr_new(s->ctx, E_BINARY, e->loc);
            c->op = KB_COMMA;
            c->lhs = as;
            c->rhs = chain;
            c->depth = (as->depth > chain->depth ? as->depth : chain->depth) + 1;
            chain = c;
        }
    }
    *e = *chain;
    return 1;
}
