/* lang/convert.c -- C++ user-defined conversions in sema: a class's
 * conversion operators (`operator int() const`, `operator T*()`) and its
 * converting constructors (`S(float)`), applied where C++ applies them:
 * initialization, assignment, arguments and return values, casts,
 * conditions, arithmetic operands and subscripts (`shared[tid]` on a class
 * that converts to a pointer), and `operator[]` itself.
 *
 * Each rewrites the checked expression in place, as classes.c does for
 * operators: `x` of class type becomes the call `x.operator T()`, a float
 * `f` that must be an S becomes `S(f)`, so lowering sees only calls and
 * constructions it already knows.  `explicit` is accepted and not enforced
 * (the scanner drops it): a program g++ accepts means the same here. */
#include <string.h>

#include "sema.h"

/* Moves e's contents into a new node and leaves e a fresh node of the given
 * kind (unchecked), whose child the old contents become. */
static k_expr *detach(k_sema_state *s, k_expr *e, k_expr_kind kind)
{
    k_expr *inner = k_expr_new(s->ctx, e->kind, e->loc);
    *inner = *e;
    if (inner->type && inner->type->kind == TY_CLOSURE && inner->type->lambda == e)
        inner->type->lambda = inner;   /* a lambda's type names its expression, now inner */
    k_expr *fresh = k_expr_new(s->ctx, kind, e->loc);
    *e = *fresh;
    e->builtin = -1;
    e->depth = inner->depth + 1;
    return inner;
}

static const k_type *unref(const k_type *t)
{
    return t && t->kind == TY_REF ? t->base : t;
}

/* How well a conversion operator's result r serves: 3 the very type, 2 the
 * same kind of value, 1 convertible, 0 not.  want: a type, or (to NULL)
 * any scalar (a condition, an operand) or, with ptr, any pointer. */
static int result_fit(const k_type *r, const k_type *to, int ptr)
{
    r = unref(r);
    if (!r)
        return 0;
    if (!to) {
        if (ptr)
            return r->kind == TY_PTR ? 3 : 0;
        return k_ty_is_scalar(r) ? 3 : 0;
    }
    if (k_ty_same(r, to))
        return 3;
    if (k_ty_is_arith(to) && k_ty_is_arith(r))
        return k_ty_is_float(to) == k_ty_is_float(r) ? 2 : 1;
    if (to->kind == TY_BOOL && r->kind == TY_PTR)
        return 1;
    if (to->kind == TY_PTR && r->kind == TY_PTR)
        return to->base->kind == TY_VOID || k_ty_same(to->base, r->base) ? 2 : 0;
    return 0;
}

/* A conversion operator template's parameter from the target type, as
 * C++ deduces it (the result type P against `to`, references and P's
 * top-level const dropped): `operator T()`, `operator const T &()`,
 * `operator T *()` (T the pointee, its const matched).  NULL when P does
 * not take `to`, or `to` is no type (a condition or an operand: C++ finds
 * no single T there). */
static const k_type *deduce_conversion(k_sema_state *s, const k_decl *f, const k_type *to)
{
    const k_type *p = unref(f->type->base);
    if (!to || f->ntparams != 1 || !f->tparams[0].name || f->tparams[0].type)
        return NULL;
    const char *name = f->tparams[0].name;
    to = unref(to);
    while (p && to && p->kind == TY_PTR && to->kind == TY_PTR) {
        if ((p->base->quals & Q_CONST) && !(to->base->quals & Q_CONST))
            return NULL;
        p = p->base;
        to = to->base;
    }
    if (!p || !to || p->kind != TY_TPARAM || !p->name || strcmp(p->name, name) != 0)
        return NULL;
    k_type *t = k_type_new(s->ctx, to->kind);
    *t = *to;
    t->quals &= ~(unsigned)(p->quals & (Q_CONST | Q_VOLATILE));
    return t;
}

/* The conversion operator of class r (or a base) that fits best; on a const
 * object only the const ones, and a const one loses a tie on a non-const
 * object (`operator T*()` beside `operator const T*() const`).  A template
 * (`template <class T> operator T()`) fits exactly with T deduced from `to`
 * (*targ), and loses a tie to a plain operator, as in C++. */
static k_decl *find_conversion(k_sema_state *s, const k_record *r, int obj_const,
                               const k_type *to, int ptr, const k_type **targ)
{
    k_decl **c;
    int n = k_record_methods(s, r, K_CONV_OP_NAME, &c);
    k_decl *best = NULL;
    int best_score = 0;
    *targ = NULL;
    for (int i = 0; i < n; i++) {
        int is_const = c[i]->method_kind == M_CONST_METHOD;
        if (obj_const && !is_const)
            continue;
        const k_type *t = c[i]->member_template ? deduce_conversion(s, c[i], to) : NULL;
        int fit = c[i]->member_template ? (t ? 3 : 0) : result_fit(c[i]->type->base, to, ptr);
        int score = (fit * 2 + (is_const == obj_const)) * 2 + !c[i]->member_template;
        if (fit && score > best_score) {
            best = c[i];
            best_score = score;
            *targ = t;
        }
    }
    return best;
}

/* e (checked, of class type) becomes e.operator T(); 0 when no conversion
 * operator of its class gives a `to` (see result_fit for NULL). */
static int convert_from_class(k_sema_state *s, k_expr *e, const k_type *to, int ptr)
{
    if (!e->type || e->type->kind != TY_RECORD)
        return 0;
    const k_type *targ;
    k_decl *f = find_conversion(s, e->type->rec, (e->type->quals & Q_CONST) != 0, to, ptr,
                                &targ);
    if (!f)
        return 0;
    k_expr *obj = detach(s, e, E_MCALL);
    e->name = K_CONV_OP_NAME;
    if (targ) {   /* x.operator T<to>(): the instance for the deduced T */
        k_targ *a = k_alloc(s->ctx, sizeof *a);
        a->loc = e->loc;
        a->type = (k_type *)targ;
        e->has_targs = 1;
        e->targs = a;
        e->ntargs = 1;
        e->lhs = obj;
        k_sema_member_template_on(s, e, f);
        return 1;
    }
    k_sema_call_on(s, e, f, obj);
    return 1;
}

/* A non-const reference bound to an object of class type: the object's
 * conversion operator that returns such a reference (`operator int &()`),
 * applied (1), so that the reference binds to what it returns. */
int k_sema_ref_conversion(k_sema_state *s, const k_type *ref, k_expr *e)
{
    if (!e->type || e->type->kind != TY_RECORD || !ref || ref->kind != TY_REF)
        return 0;
    const k_type *targ;
    const k_decl *f = find_conversion(s, e->type->rec, (e->type->quals & Q_CONST) != 0,
                                      ref->base, 0, &targ);
    if (!f || !f->type->base || f->type->base->kind != TY_REF)
        return 0;
    return convert_from_class(s, e, ref->base, 0);
}

/* e (checked, not of class `to`) becomes `to(e)` when a constructor of
 * `to` takes it. */
static int convert_to_class(k_sema_state *s, k_expr *e, k_type *to)
{
    if (to->kind != TY_RECORD || !k_record_has_ctors(to->rec) || !e->type ||
        (e->type->kind == TY_RECORD && e->type->rec == to->rec) ||
        !k_record_ctor_takes(s, to->rec, e))
        return 0;
    k_expr *arg = detach(s, e, E_CONSTRUCT);
    e->type_written = to;
    e->args = k_alloc(s->ctx, sizeof *e->args);
    e->args[0] = arg;
    e->nargs = 1;
    k_sema_expr(s, e);
    return 1;
}

/* Before an initialization, assignment, argument or return converts e to
 * `to`: the user-defined conversion it needs, if any (1 when applied). */
int k_sema_user_conversion(k_sema_state *s, k_type *to, k_expr *e)
{
    const k_type *from = e->type;
    if (!from || !to || to->kind == TY_REF)
        return 0;
    if (from->kind == TY_RECORD && !(to->kind == TY_RECORD && to->rec == from->rec) &&
        !(to->kind == TY_RECORD && k_record_derives(from->rec, to->rec)) &&
        convert_from_class(s, e, to, 0))
        return 1;
    /* a class (int2, another struct) to a class with a constructor taking it */
    if (to->kind == TY_RECORD)
        return convert_to_class(s, e, to);
    return 0;
}

/* `(T)e`, `static_cast<T>(e)`, `T(e)` (the E_CAST c) where class types are
 * involved: a construction of T, or e's conversion operator (explicit ones
 * count here).  1 when c was rewritten (c->type set, or NULL after an
 * error); 0 to check the cast as usual. */
int k_sema_cast_conversion(k_sema_state *s, k_expr *c, k_type *to)
{
    k_expr *e = c->lhs;
    if (!e->type || (to->kind == TY_RECORD && e->type->kind == TY_RECORD &&
                     to->rec == e->type->rec))
        return 0;
    if (to->kind == TY_RECORD && k_record_has_ctors(to->rec)) {
        c->kind = E_CONSTRUCT;
        c->args = k_alloc(s->ctx, sizeof *c->args);
        c->args[0] = e;
        c->nargs = 1;
        c->lhs = NULL;
        c->type_written = to;
        c->type = k_sema_construct_record(s, c);
        return 1;
    }
    if (e->type->kind == TY_RECORD && to->kind != TY_VOID)
        convert_from_class(s, e, to, 0);   /* to a class: `operator Vec3<U>()` too */
    return 0;
}

/* A condition or an arithmetic operand of class type: its conversion to
 * a scalar (`explicit operator bool()` in `if (x)`). */
int k_sema_scalar_conversion(k_sema_state *s, k_expr *e)
{
    return convert_from_class(s, e, NULL, 0);
}

/* An argument of class type where a runtime function wants a pointer
 * (`strlen(s)` with `operator const char *()`): its conversion to one. */
int k_sema_pointer_conversion(k_sema_state *s, k_expr *e)
{
    return convert_from_class(s, e, NULL, 1);
}

/* `x[i]` with x of class type (the E_INDEX e): x.operator[](i), or x's
 * conversion to a pointer, subscripted.  1 when e was made a call (its type
 * set, or NULL after an error); 0 to check e as a subscript (of the pointer
 * x became, or x as it was). */
int k_sema_class_subscript(k_sema_state *s, k_expr *e)
{
    k_expr *x = e->lhs;
    k_decl **c;
    if (!x->type || x->type->kind != TY_RECORD)
        return 0;
    if (!k_record_methods(s, x->type->rec, "operator[]", &c)) {
        convert_from_class(s, x, NULL, 1);
        return 0;
    }
    k_expr *i = e->rhs;
    e->kind = E_MCALL;
    e->name = "operator[]";
    e->args = k_alloc(s->ctx, sizeof *e->args);
    e->args[0] = i;
    e->nargs = 1;
    e->rhs = NULL;
    k_sema_method_call(s, e);
    return 1;
}
