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

/* Whether assigning r member by member differs from copying its bytes, and
 * can be written so: some member (at any depth) has an operator=, and no
 * member is an array, a bit-field or anonymous (a base class). */
static int needs_members(const k_record *r, int depth)
{
    int need = 0;
    if (depth > 8 || r->is_union)
        return 0;
    for (int i = 0; i < r->nfields; i++) {
        const k_field *f = &r->fields[i];
        if (!f->name || f->bit_expr || !f->type || f->type->kind == TY_ARRAY)
            return 0;
        if (f->type->kind == TY_RECORD)
            need |= own_assign(f->type->rec) || needs_members(f->type->rec, depth + 1);
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
    case E_UNARY:
        return e->op == KU_DEREF && plain(e->lhs);
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

int k_assign_memberwise(k_sema_state *s, k_expr *e, k_type *tl)
{
    if (e->op != KB_NONE || tl->kind != TY_RECORD || !e->rhs->type ||
        e->rhs->type->kind != TY_RECORD || e->rhs->type->rec != tl->rec ||
        own_assign(tl->rec) || !needs_members(tl->rec, 0) || !plain(e->lhs) || !plain(e->rhs))
        return 0;
    /* copies and assignments must agree: a class copied by its bytes (no
     * copy constructor, not even the implicit one of parse_build.c) is
     * assigned by them too, or a copy and an assignment would share and
     * then change one std::string's characters */
    if (!k_record_copy_ctor(tl->rec))
        return 0;
    const k_record *r = tl->rec;
    k_subst none = {0};
    k_expr *chain = k_clone_expr(s->ctx, e->lhs, &none);   /* the value: a */
    for (int i = r->nfields - 1; i >= 0; i--) {
        k_expr *as = k_expr_new(s->ctx, E_ASSIGN, e->loc);
        as->op = KB_NONE;
        as->lhs = member_of(s, e->lhs, r->fields[i].name);
        as->rhs = member_of(s, e->rhs, r->fields[i].name);
        as->depth = (as->lhs->depth > as->rhs->depth ? as->lhs->depth : as->rhs->depth) + 1;
        k_expr *c = k_expr_new(s->ctx, E_BINARY, e->loc);
        c->op = KB_COMMA;
        c->lhs = as;
        c->rhs = chain;
        c->depth = (as->depth > chain->depth ? as->depth : chain->depth) + 1;
        chain = c;
    }
    *e = *chain;
    return 1;
}
