/* lang/member_pointers.c -- C++ pointers to members in sema.
 *
 * `int S::*pm` is a TY_LONG whose memptr_class is S and whose base is the
 * member's type: its value is the member's byte offset in S, -1 when null,
 * as g++ keeps it on x86-64 (so sizeof is 8 and a kernel receives it as
 * 8 bytes).  Sema rewrites every use into what lowering already knows:
 *   &S::x             the offset, a constant of the member pointer's type
 *   obj .* pm         *(T *)((char *)&obj + pm)  (an lvalue as obj is)
 *   p ->* pm          *(T *)((char *)p + pm)
 *   nullptr, 0        -1 where a member pointer is wanted
 *   if (pm), !pm      pm != -1, pm == -1
 * A pointer to a member of a base names the member in the class written
 * (`&D::x` of a base's x is D's offset of it); an object of a class derived
 * from the pointer's class is converted to that class first.
 *
 * `int (S::*f)(int) const` is a TY_PTR to the member function's own type
 * (`int (const S *this, int)`) whose memptr_class is S: its value is the
 * function's address, as an ordinary function pointer's, 0 when null; its
 * size is 16 (g++'s {function, this adjustment}; the adjustment, always 0
 * here, is padding).  `(obj.*f)(args)` is a call through that pointer with
 * `&obj` first.  Pointers to virtual member functions are not built. */
#include <string.h>

#include "namespaces.h"
#include "sema.h"

static k_expr *node(k_sema_state *s, k_expr_kind kind, k_loc loc, k_expr *lhs)
{
    k_expr *e = k_class_node(s, kind, loc);
    e->lhs = lhs;
    e->depth = lhs ? lhs->depth + 1 : 1;
    return e;
}

/* (t) -1: the null pointer to a data member of type t; (t) 0 for a
 * pointer to a member function. */
static k_expr *null_value(k_sema_state *s, k_type *t, k_loc loc)
{
    k_expr *one = node(s, E_INT, loc, NULL);
    one->ival = 1;
    one->int_long = 1;
    k_expr *neg = node(s, E_UNARY, loc, one);
    neg->op = KU_NEG;
    if (t->kind == TY_PTR) {
        one->ival = 0;
        neg = one;
    }
    k_expr *c = node(s, E_CAST, loc, neg);
    c->type_written = t;
    return c;
}

/* e (a checked member pointer) compared with the null one in place:
 * `e != -1` (op KB_NE) or `e == -1`. */
static k_type *compare_null(k_sema_state *s, k_expr *e, int op)
{
    k_expr *x = k_class_node(s, E_INT, e->loc);
    *x = *e;
    memset(e, 0, sizeof *e);
    e->kind = E_BINARY;
    e->loc = x->loc;
    e->builtin = -1;
    e->op = op;
    e->lhs = x;
    e->rhs = null_value(s, x->type, x->loc);
    e->depth = x->depth + 4;
    return k_sema_expr(s, e);
}

int k_memptr_truth(k_sema_state *s, k_expr *e)
{
    return compare_null(s, e, KB_NE) != NULL;
}

k_type *k_memptr_unary(k_sema_state *s, k_expr *e)
{
    k_expr *x = e->lhs;
    if (e->op != KU_NOT) {
        char b[128];
        k_error(s->ctx, e->loc, "invalid operand to a unary operator ('%s'): a pointer to a "
                "member has no arithmetic", k_ty_str(x->type, b, sizeof b));
        return NULL;
    }
    *e = *x;
    return compare_null(s, e, KB_EQ);
}

/* The first non-static member function of r (or its bases) called name. */
static k_decl *names_method(const k_record *r, const char *name)
{
    for (; r; r = r->base)
        for (int i = 0; i < r->nmethods; i++)
            if (r->methods[i]->name && !strcmp(k_ns_last(r->methods[i]->name), name) &&
                r->methods[i]->method_kind != M_STATIC && r->methods[i]->method_kind != M_CTOR &&
                r->methods[i]->method_kind != M_DTOR)
                return r->methods[i];
    return NULL;
}

/* e (an E_IDENT) becomes `&C::m`, a pointer to member function m of class
 * cls: the function's address, typed `R (C::*)(params)`. */
k_type *k_memptr_method_value(k_sema_state *s, k_expr *e, k_decl *m, k_type *cls)
{
    if (k_method_is_virtual(m)) {   /* a call through it would need the vtable */
        k_error(s->ctx, e->loc, "pointers to virtual member functions ('&%s') are not "
                "supported in K", m->name);
        return NULL;
    }
    e->name = m->name;
    e->decl = m;
    m->address_taken = 1;
    if (m->definition)
        m->definition->address_taken = 1;
    k_type *t = k_type_ptr(s->ctx, k_fn_type(s->ctx, m));
    t->memptr_class = cls;
    e->type = t;
    return t;
}

k_type *k_memptr_address(k_sema_state *s, k_expr *e, int *done)
{
    k_expr *id = e->lhs;
    k_type *cls = id->type_written;
    id->type_written = NULL;   /* whatever happens, the name is a plain one after */
    *done = 0;
    k_sema_resolve_type(s, cls, id->loc);
    if (!cls || cls->kind != TY_RECORD)
        return NULL;
    k_record *r = cls->rec;
    k_record_layout(s, r);
    const char *member = k_ns_last(id->name);
    uint32_t off = 0;
    const k_record *amb[2] = {NULL, NULL};
    const k_field *f = k_record_lookup(r, member, &off, amb);
    if (!f || !f->name) {
        k_decl *m = names_method(r, member);
        if (!m)
            return NULL;   /* a static member: its address is an ordinary pointer */
        *done = 1;
        if (!k_access_check(s, m->method_of, member, m->access, id->loc, m->loc))
            return NULL;
        memset(e, 0, sizeof *e);
        e->kind = E_IDENT;
        e->loc = id->loc;
        e->builtin = -1;
        e->depth = 1;
        return k_memptr_method_value(s, e, m, cls);
    }
    *done = 1;
    if (amb[0]) {
        k_error(s->ctx, id->loc, "member '%s' found in more than one base of '%s'", member,
                k_record_name(r));
        return NULL;
    }
    if (f->bit_width) {
        k_error(s->ctx, e->loc, "cannot form a pointer to bit-field '%s'", id->name);
        return NULL;
    }
    if (!k_access_field(s, r, member, id->loc))
        return NULL;
    k_type *t = k_ty(s->ctx, TY_LONG);
    t->memptr_class = cls;
    t->base = f->type;
    memset(e, 0, sizeof *e);
    e->kind = E_INT;
    e->loc = id->loc;
    e->builtin = -1;
    e->depth = 1;
    e->ival = off;
    e->type = t;
    e->is_const = 1;
    e->const_val = off;
    return t;
}

static k_type *select_error(k_sema_state *s, k_expr *e, const char *msg, const k_type *t)
{
    char b[128];
    k_error(s->ctx, e->loc, msg, e->op ? "->*" : ".*", k_ty_str(t, b, sizeof b));
    return NULL;
}

/* The object `obj .* pm` or `p ->* pm` (e) applies its member pointer to,
 * as a pointer to the member pointer's class (`&obj`, `p`, converted to a
 * base); NULL after an error.  *tpp: the member pointer's type. */
static k_expr *object_pointer(k_sema_state *s, k_expr *e, k_type **tpp)
{
    k_type *to = k_sema_rvalue(s, e->lhs);
    k_type *tp = k_sema_rvalue(s, e->rhs);
    if (!to || !tp)
        return NULL;
    *tpp = tp;
    if (!tp->memptr_class) {
        select_error(s, e, "the right operand of '%s' must be a pointer to a member, not '%s'",
                     tp);
        return NULL;
    }
    k_type *obj = to;
    if (e->op == 1) {
        to = k_decay(s->ctx, to);
        if (to->kind != TY_PTR || !to->base || to->base->kind != TY_RECORD) {
            select_error(s, e, "the left operand of '%s' must be a pointer to a class object, "
                         "not '%s'", to);
            return NULL;
        }
        obj = to->base;
    } else if (to->kind != TY_RECORD) {
        select_error(s, e, "the left operand of '%s' must be a class object, not '%s'", to);
        return NULL;
    }
    k_record *want = tp->memptr_class->rec;
    if (!want || !k_record_derives(obj->rec, want)) {
        char a[128], b[128];
        k_error(s->ctx, e->loc, "'%s' applies a pointer to a member of '%s' to an object of "
                "'%s'", e->op ? "->*" : ".*", k_ty_str(tp->memptr_class, a, sizeof a),
                k_ty_str(obj, b, sizeof b));
        return NULL;
    }
    k_expr *addr = e->lhs;
    if (e->op == 0) {
        addr = node(s, E_UNARY, e->loc, e->lhs);
        addr->op = KU_ADDR;
    }
    if (obj->rec != want) {   /* the base the member pointer's class is */
        addr = node(s, E_CAST, e->loc, addr);
        addr->type_written = k_type_ptr(s->ctx, k_ty_qualified(s->ctx, tp->memptr_class,
                                                               obj->quals & Q_CONST));
    }
    return addr;
}

k_type *k_memptr_select(k_sema_state *s, k_expr *e)
{
    k_type *tp = NULL;
    k_expr *addr = object_pointer(s, e, &tp);
    if (!addr)
        return NULL;
    if (k_memptr_is_function(tp)) {
        k_error(s->ctx, e->loc, "a pointer to a member function applied with '%s' can only "
                "be called: `(obj.*f)(args)`", e->op ? "->*" : ".*");
        return NULL;
    }
    k_type *obj = addr->type ? k_decay(s->ctx, addr->type)->base : NULL;
    k_expr *bytes = node(s, E_CAST, e->loc, addr);
    bytes->type_written = k_type_ptr(s->ctx, k_ty(s->ctx, TY_CHAR));
    k_expr *sum = node(s, E_BINARY, e->loc, bytes);
    sum->op = KB_ADD;
    sum->rhs = node(s, E_CAST, e->loc, e->rhs);   /* the offset as a number */
    sum->rhs->type_written = k_ty(s->ctx, TY_LONG);
    sum->depth = (bytes->depth > sum->rhs->depth ? bytes->depth : sum->rhs->depth) + 1;
    k_expr *typed = node(s, E_CAST, e->loc, sum);
    unsigned quals = obj ? obj->quals & Q_CONST : 0;
    if (e->op == 0 && e->lhs->type)
        quals = e->lhs->type->quals & Q_CONST;
    typed->type_written = k_type_ptr(s->ctx, k_ty_qualified(s->ctx, tp->base, quals));
    k_loc loc = e->loc;
    memset(e, 0, sizeof *e);
    e->kind = E_UNARY;
    e->loc = loc;
    e->builtin = -1;
    e->op = KU_DEREF;
    e->lhs = typed;
    e->depth = typed->depth + 1;
    return k_sema_expr(s, e);
}

/* `(obj.*f)(args)`, `(p->*f)(args)`: a call through the ordinary function
 * pointer f holds, the object's address its first argument (`this`). */
k_type *k_memptr_call(k_sema_state *s, k_expr *e)
{
    k_expr *pm = e->lhs;
    k_type *tp = NULL;
    k_expr *addr = object_pointer(s, pm, &tp);
    if (!addr)
        return NULL;
    if (!k_memptr_is_function(tp)) {
        char b[128];
        k_error(s->ctx, e->loc, "called object type '%s' is not a function: a pointer to a "
                "data member selects a member", k_ty_str(tp, b, sizeof b));
        return NULL;
    }
    k_expr **args = k_alloc(s->ctx, sizeof *args * (size_t)(e->nargs + 2));
    args[0] = addr;
    for (int i = 0; i < e->nargs; i++)
        args[i + 1] = e->args[i];
    e->args = args;
    e->nargs++;
    k_expr *fn = node(s, E_CAST, pm->loc, pm->rhs);
    k_type *plain = k_alloc(s->ctx, sizeof *plain);
    *plain = *tp;
    plain->memptr_class = NULL;
    fn->type_written = plain;
    e->lhs = fn;
    if (addr->depth + 1 > e->depth)
        e->depth = addr->depth + 1;
    return k_sema_indirect_call(s, e);
}

int k_memptr_is_function(const k_type *t)
{
    return t && t->memptr_class && t->kind == TY_PTR;
}

/* `&S::f` where f is overloaded: the one of the target's type. */
static void choose_method(k_sema_state *s, const k_type *to, k_expr *e)
{
    const k_decl *f = e->decl;
    if (e->kind != E_IDENT || !f || f->kind != D_FUNC || !f->method_of || !to->base)
        return;
    const k_type *want = to->base;
    const k_record *r = f->method_of;
    for (int i = 0; i < r->nmethods; i++) {
        k_decl *m = r->methods[i];
        if (m->method_kind == M_STATIC || !m->name || strcmp(m->name, f->name) ||
            m->nparams != want->nparams)
            continue;
        int same = k_ty_same(m->type->base, want->base);
        for (int j = 0; same && j < m->nparams; j++)
            same = k_ty_same(m->params[j]->type, want->params[j]) &&
                   (j > 0 || (m->params[0]->type->base->quals & Q_CONST) ==
                             (want->params[0]->base->quals & Q_CONST));
        if (same) {
            k_memptr_method_value(s, e, m, e->type->memptr_class);
            return;
        }
    }
}

int k_memptr_assignable(k_sema_state *s, k_type *to, k_expr *e, const char *what)
{
    k_type *from = e->type;
    if (k_memptr_is_function(to) && k_memptr_is_function(from))
        choose_method(s, to, e);
    from = e->type;
    if (to->memptr_class && from->memptr_class && k_ty_same(to, from) &&
        k_memptr_is_function(to) == k_memptr_is_function(from))
        return 1;
    if (k_memptr_is_function(to) && k_is_null_const(e))
        return 1;   /* null: 0, as an ordinary function pointer's */
    if (to->memptr_class && k_is_null_const(e)) {
        k_expr *null = null_value(s, to, e->loc);
        *e = *null;
        return k_sema_expr(s, e) != NULL;
    }
    if (to->kind == TY_BOOL && from->memptr_class)
        return k_memptr_truth(s, e);
    char a[128], b[128];
    k_error(s->ctx, e->loc, "incompatible types in %s: cannot convert '%s' to '%s'", what,
            k_ty_str(from, a, sizeof a), k_ty_str(to, b, sizeof b));
    return 0;
}

int k_memptr_compare(k_sema_state *s, k_expr *e)
{
    k_type *ta = e->lhs->type, *tb = e->rhs->type;
    if (ta->memptr_class && tb->memptr_class) {
        if (k_ty_same(ta, tb))
            return 1;
    } else if (ta->memptr_class && k_is_null_const(e->rhs)) {
        return k_memptr_assignable(s, ta, e->rhs, "comparison");
    } else if (tb->memptr_class && k_is_null_const(e->lhs)) {
        return k_memptr_assignable(s, tb, e->lhs, "comparison");
    }
    char x[128], y[128];
    k_error(s->ctx, e->loc, "invalid operands to comparison ('%s' and '%s')",
            k_ty_str(ta, x, sizeof x), k_ty_str(tb, y, sizeof y));
    return 0;
}

/* A binary operator with a member pointer operand: comparisons, `&&`, `||`
 * and `os << pm` (its truth, as g++ prints it) -- no arithmetic.  0 after
 * an error. */
int k_memptr_binary(k_sema_state *s, k_expr *e)
{
    if (e->op == KB_EQ || e->op == KB_NE)
        return k_memptr_compare(s, e);
    int logic = e->op == KB_LOGAND || e->op == KB_LOGOR;
    if (logic || (e->op == KB_SHL && k_iostream_is_stream(e->lhs->type))) {
        int ok = 1;
        if (logic && e->lhs->type->memptr_class)
            ok = k_memptr_truth(s, e->lhs);
        if (ok && e->rhs->type->memptr_class)
            ok = k_memptr_truth(s, e->rhs);
        return ok;
    }
    char x[128], y[128];
    k_error(s->ctx, e->loc, "invalid operands to binary expression ('%s' and '%s'): pointers "
            "to members are only compared, tested and applied with '.*' and '->*'",
            k_ty_str(e->lhs->type, x, sizeof x), k_ty_str(e->rhs->type, y, sizeof y));
    return 0;
}
