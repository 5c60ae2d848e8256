/* lang/virtual.c -- virtual functions in sema (the parser's side is
 * lang/virtual_parse.c, the dispatch lang/lower_call.c).
 *
 * A polymorphic class (one that declares a virtual function, or derives
 * from one) has an 8-byte vtable pointer first, as nvcc lays it out: the
 * hidden member "__vptr" of the class that introduced the first virtual
 * function (single inheritance puts every base at offset 0, so every class
 * of the chain finds it at offset 0).  Its value is not an address: it is
 * K_VPTR_BASE + 2 * the class's number (ctx->vclasses) + 1 when the object
 * was constructed by device code, + 0 by host code.  Every constructor and
 * destructor of a polymorphic class stores it, after the base is built and
 * before the body (C++'s rule: a call from a constructor or destructor
 * dispatches to the class being constructed or destroyed).
 *
 * A call of a virtual function through a pointer or reference (`p->f()`,
 * `r.f()`, `f()` inside a member function) is marked virtual_call; lowering
 * compares the vtable pointer with each class derived from the static
 * type and calls that class's final overrider, and faults, located, on a
 * pointer constructed on the other side (a host object copied to the
 * device: undefined in CUDA) or not constructed at all.  A call on an
 * object itself (`d.f()`) or qualified (`Base::f()`) is direct. */
#include <string.h>

#include "sema.h"

#define TYBUF 96   /* room for a type written out (k_ty_str) */

/* The name of member function f without its class ("f" of "S::f"). */
static const char *member_name(const k_decl *f)
{
    const char *c = strrchr(f->name, ':');
    return c ? c + 1 : f->name;
}

static int is_member_fn(const k_decl *f)
{
    return f->method_kind == M_METHOD || f->method_kind == M_CONST_METHOD;
}

/* Do a and b take the same vtable slot (the same name, parameters after
 * `this`, and constness; or both destructors)? */
static int same_slot(const k_decl *a, const k_decl *b)
{
    if (a->method_kind == M_DTOR || b->method_kind == M_DTOR)
        return a->method_kind == b->method_kind;
    if (!is_member_fn(a) || a->method_kind != b->method_kind || a->nparams != b->nparams ||
        strcmp(member_name(a), member_name(b)) != 0)
        return 0;
    for (int i = 1; i < a->nparams; i++)
        if (!k_ty_same(a->params[i]->type, b->params[i]->type))
            return 0;
    return 1;
}

/* r's own member function in f's slot, or NULL. */
static k_decl *own_in_slot(const k_record *r, const k_decl *f)
{
    for (int i = 0; i < r->nmethods; i++)
        if (same_slot(r->methods[i], f))
            return r->methods[i];
    return NULL;
}

k_decl *k_virtual_own_in_slot(const k_record *r, const k_decl *f)
{
    return own_in_slot(r, f);
}

static k_decl *overridden(const k_decl *f);

/* The virtual function in f's slot that class b (a base) or its bases have,
 * the nearest first, or NULL. */
static k_decl *virtual_in(const k_record *b, const k_decl *f, int depth)
{
    if (!b || depth > 64)
        return NULL;
    k_decl *g = own_in_slot(b, f);
    if (g && ((g->virt & (VF_VIRTUAL | VF_PURE)) || overridden(g)))
        return g;   /* the nearest: a `final` one there forbids overriding it */
    if (g)
        return NULL;   /* a function of the same name that is not virtual hides them */
    for (int i = 0; i < b->nbases; i++) {
        k_decl *h = virtual_in(k_record_base_at(b, i), f, depth + 1);
        if (h)
            return h;
    }
    return NULL;
}

/* The virtual function of a base of f's class that f overrides (in any of
 * its bases: the first, with several), or NULL. */
static k_decl *overridden(const k_decl *f)
{
    const k_record *r = f->method_of;
    for (int i = 0; r && i < r->nbases; i++) {
        k_decl *g = virtual_in(k_record_base_at(r, i), f, 0);
        if (g)
            return g;
    }
    return NULL;
}

int k_method_is_virtual(const k_decl *f)
{
    if (!f || !f->method_of || !(is_member_fn(f) || f->method_kind == M_DTOR))
        return 0;
    return (f->virt & (VF_VIRTUAL | VF_PURE)) || overridden(f) != NULL;
}

/* c's own function in f's slot, else its bases' (the first found, in
 * declaration order). */
static k_decl *overrider_in(const k_record *c, const k_decl *f, int depth)
{
    if (!c || depth > 64)
        return NULL;
    k_decl *g = own_in_slot(c, f);
    for (int i = 0; !g && i < c->nbases; i++)
        g = overrider_in(k_record_base_at(c, i), f, depth + 1);
    return g;
}

k_decl *k_virtual_overrider(const k_record *c, const k_decl *f)
{
    return overrider_in(c, f, 0);
}

/* The pure virtual function of b (a base of r, or r) that r does not
 * override, or NULL. */
static const k_decl *pure_in(const k_record *r, const k_record *b, int depth)
{
    if (!b || depth > 64)
        return NULL;
    for (int i = 0; i < b->nmethods; i++) {
        const k_decl *m = b->methods[i];
        if (!(m->virt & VF_PURE))
            continue;
        const k_decl *o = k_virtual_overrider(r, m);
        if (!o || (o->virt & VF_PURE))
            return m;
    }
    for (int i = 0; i < b->nbases; i++) {
        const k_decl *m = pure_in(r, k_record_base_at(b, i), depth + 1);
        if (m)
            return m;
    }
    return NULL;
}

/* The pure virtual function that makes r abstract (one not overridden in
 * r or a base below the one declaring it), or NULL. */
const k_decl *k_record_pure_member(const k_record *r)
{
    return pure_in(r, r, 0);
}

/* An object of r is created (a variable, `new`, a temporary): an error if
 * r is abstract.  Returns 0 then. */
int k_virtual_instantiable(k_sema_state *s, const k_record *r, k_loc loc)
{
    const k_decl *m = r ? k_record_pure_member(r) : NULL;
    if (!m)
        return 1;
    k_error(s->ctx, loc, "cannot create an object of abstract class '%s': its member '%s' is "
            "pure virtual", k_record_name(r), m->name);
    k_help(s->ctx, "create an object of a class derived from '%s' that overrides '%s'",
           k_record_name(r), member_name(m));
    return 0;
}

/* The first of r's own member functions that is declared virtual, or NULL. */
static const k_decl *first_virtual(const k_record *r)
{
    for (int i = 0; i < r->nmethods; i++)
        if (r->methods[i]->virt & (VF_VIRTUAL | VF_PURE))
            return r->methods[i];
    return NULL;
}

/* Where f runs (FN_HOST, FN_DEVICE or both): an overrider must run where
 * the function it overrides does. */
static int space_of(const k_decl *f)
{
    return k_fn_kind(f) & (FN_HOST | FN_DEVICE);
}

static const char *space_name(int space)
{
    return space == (FN_HOST | FN_DEVICE) ? "__host__ __device__"
           : space == FN_DEVICE           ? "__device__"
                                          : "__host__";
}

/* The rules of C++ (and CUDA's) that a member function f declared in its
 * class breaks. */
void k_virtual_check_method(k_sema_state *s, k_decl *f)
{
    k_record *r = f->method_of;
    if (!r || (!f->virt && !r->base))
        return;
    if (f->member_template && (f->virt & (VF_VIRTUAL | VF_PURE))) {
        k_error(s->ctx, f->loc, "a member function template cannot be virtual");
        return;
    }
    if (r->base && !r->has_vptr && !k_record_polymorphic(r) && first_virtual(r) == f) {
        if (r->nbases > 1)
            k_error(s->ctx, f->loc, "'%s' declares a virtual function but none of its %d base "
                    "classes has one: not supported in K (the vtable pointer would precede "
                    "the bases)", k_record_name(r), r->nbases);
        else
            k_error(s->ctx, f->loc, "'%s' declares a virtual function but its base class '%s' "
                    "has none: not supported in K (the vtable pointer would precede the base)",
                    k_record_name(r), k_record_name(r->base));
        k_help(s->ctx, "declare a virtual function (a virtual destructor) in '%s'",
               k_record_name(r->base));
        return;
    }
    k_decl *o = overridden(f);
    if ((f->virt & VF_OVERRIDE) && !o)
        k_error(s->ctx, f->loc, "'%s' is marked 'override' but does not override a virtual "
                "function of a base class", f->name);
    else if (o && (o->virt & VF_FINAL))
        k_error(s->ctx, f->loc, "'%s' overrides '%s', which is declared 'final'", f->name,
                o->name);
    else if ((f->virt & VF_FINAL) && !o && !(f->virt & VF_VIRTUAL))
        k_error(s->ctx, f->loc, "'%s' is marked 'final' but is not virtual", f->name);
    else if (o && space_of(f) != space_of(o))   /* nvcc's rule */
        k_error(s->ctx, f->loc, "execution space mismatch: '%s' is a %s function but overrides "
                "a %s function", member_name(f), space_name(space_of(f)),
                space_name(space_of(o)));
}

/* r's number, given the first time an object of it is constructed. */
static int class_id(k_sema_state *s, k_record *r)
{
    if (!r->vclass_id)
        r->vclass_id = k_vclass_entry(s, r, 0);
    return r->vclass_id;
}

static k_expr *node(k_sema_state *s, k_expr_kind kind, k_loc loc, int depth)
{
    k_expr *e = k_expr_new(s->ctx, kind, loc);
    e->builtin = -1;
    e->depth = (uint32_t)depth;
    return e;
}

/* `(*this).__vptr = <r's vtable pointer>;` */
static k_stmt *vptr_store(k_sema_state *s, k_record *r, k_loc loc)
{
    k_expr *self = node(s, E_IDENT, loc, 1);
    self->name = "this";
    k_expr *deref = node(s, E_UNARY, loc, 2);
    deref->op = KU_DEREF;
    deref->lhs = self;
    k_expr *m = node(s, E_MEMBER, loc, 3);
    m->lhs = deref;
    m->name = "__vptr";
    k_expr *v = node(s, E_VPTR, loc, 1);
    v->type_written = k_ty(s->ctx, TY_RECORD);
    v->type_written->rec = r;
    class_id(s, r);
    k_expr *as = node(s, E_ASSIGN, loc, 4);
    as->op = KB_NONE;
    as->lhs = m;
    as->rhs = v;
    as->is_member_init = 1;
    k_stmt *st = k_stmt_new(s->ctx, S_EXPR, loc);
    st->expr = as;
    return st;
}

/* `this->B::~B();` (an E_DESTROY of (B *)this, the cast adding B's offset),
 * bd the destructor of B, a base of f's class. */
static k_stmt *base_dtor_call(k_sema_state *s, k_decl *f, k_decl *bd)
{
    k_loc loc = f->body->loc;
    k_expr *self = node(s, E_IDENT, loc, 1);
    self->name = "this";
    k_type *bt = k_ty(s->ctx, TY_RECORD);
    bt->rec = bd->method_of;
    k_expr *cast = node(s, E_CAST, loc, 2);
    cast->type_written = k_type_ptr(s->ctx, bt);
    cast->lhs = self;
    k_expr *d = node(s, E_DESTROY, loc, 3);
    d->lhs = cast;
    d->decl = bd;
    k_stmt *st = k_stmt_new(s->ctx, S_EXPR, loc);
    st->expr = d;
    return st;
}

static k_decl *own_dtor(const k_record *b)
{
    for (int i = 0; b && i < b->nmethods; i++)
        if (b->methods[i]->method_kind == M_DTOR)
            return b->methods[i];
    return NULL;
}

static void insert_stmt(k_sema_state *s, k_stmt *body, int at, k_stmt *st);

/* After the body of f (a destructor of a class derived from b): b's
 * destructor, or when b has none of its own, its bases' (the last first,
 * as C++ destroys them). */
static void append_base_dtors(k_sema_state *s, k_decl *f, const k_record *b, int depth)
{
    k_decl *bd = own_dtor(b);
    if (bd) {
        if (bd->definition || bd->body)
            insert_stmt(s, f->body, f->body->nstmts, base_dtor_call(s, f, bd));
        return;
    }
    for (int i = b ? b->nbases - 1 : -1; i >= 0 && depth < 64; i--)
        append_base_dtors(s, f, k_record_base_at(b, i), depth + 1);
}

static void insert_stmt(k_sema_state *s, k_stmt *body, int at, k_stmt *st)
{
    k_stmt **ns = k_alloc(s->ctx, sizeof *ns * (size_t)(body->nstmts + 1));
    for (int i = 0, k = 0; i <= body->nstmts; i++)
        ns[i] = i == at ? st : body->stmts[k++];
    body->stmts = ns;
    body->nstmts++;
}

/* A constructor's or destructor's body (after the member initializers were
 * put in front of its nuser statements): the vtable pointer stored before
 * the user's statements; a destructor then runs its base's destructor after
 * them, as C++'s does. */
void k_virtual_prologue(k_sema_state *s, k_decl *f, int nuser)
{
    k_record *r = f->method_of;
    if (!r || !f->body || f->body->kind != S_BLOCK ||
        (f->method_kind != M_CTOR && f->method_kind != M_DTOR))
        return;
    k_stmt *body = f->body;
    if (f->method_kind == M_DTOR)
        for (int i = r->nbases - 1; i >= 0; i--)   /* the bases, last declared first */
            append_base_dtors(s, f, k_record_base_at(r, i), 0);
    if (!k_record_polymorphic(r))
        return;
    int at = f->method_kind == M_CTOR ? body->nstmts - nuser : 0;
    k_stmt *secondary = k_bases_vptr_stores(s, r, body->loc);   /* lang/bases_virtual.c */
    if (secondary)
        insert_stmt(s, body, at < 0 ? 0 : at, secondary);
    insert_stmt(s, body, at < 0 ? 0 : at, vptr_store(s, r, body->loc));
}

/* Is the object named by e (the left of `.f()`) known to be of its static
 * type?  A variable, a member, an array element, a value are; `*p` and a
 * reference are not. */
static int object_of_known_class(const k_expr *e)
{
    if (e->kind == E_UNARY && e->op == KU_DEREF)
        return 0;
    if ((e->kind == E_IDENT || e->kind == E_MEMBER) && e->decl && e->decl->type &&
        e->decl->type->kind == TY_REF)
        return 0;
    if (e->kind == E_IDENT && e->decl && (e->decl->kind == D_VAR || e->decl->kind == D_PARAM))
        return e->decl->type && e->decl->type->kind != TY_REF;
    if (e->kind == E_CALL && e->decl && e->decl->type && e->decl->type->base &&
        e->decl->type->base->kind == TY_REF)
        return 0;
    return e->kind != E_IDENT;
}

/* The call e of member function f (already rewritten to f(obj, args)): a
 * virtual call when f is virtual and the object (obj_expr, the object as
 * written; NULL for `this`) may be of a derived class. */
void k_virtual_mark_call(k_expr *e, const k_decl *f, const k_expr *obj_expr)
{
    if (!k_method_is_virtual(f) || (obj_expr && object_of_known_class(obj_expr)))
        return;
    e->virtual_call = 1;
}

/* E_VPTR: a 64-bit value (lowering knows the class's number). */
k_type *k_sema_vptr(k_sema_state *s, k_expr *e)
{
    e->type = k_ty(s->ctx, TY_ULLONG);
    return e->type;
}

/* `Base::f(args)` (or `S::f(args)`) written inside a member function of S
 * or of a class derived from Base, f a member function: the call of that
 * very function (no dispatch) on `this`, which C++ passes implicitly. */
void k_virtual_qualified_call(k_sema_state *s, k_expr *e, const k_decl *f)
{
    const k_decl *m = k_sema_method(s);   /* a lambda's: the member function it is in */
    const k_record *in = m ? m->method_of : NULL;
    if (!in || !f->method_of || !is_member_fn(f) || !strstr(e->name, "::") ||
        m->method_kind == M_STATIC || e->nargs >= f->nparams ||
        (in != f->method_of && !k_record_derives(in, f->method_of)))
        return;
    k_expr **na = k_alloc(s->ctx, sizeof *na * (size_t)(e->nargs + 1));
    na[0] = node(s, E_IDENT, e->loc, 1);
    na[0]->name = "this";
    for (int i = 0; i < e->nargs; i++)
        na[i + 1] = e->args[i];
    e->args = na;
    e->nargs++;
}

/* `D(...) : B(args)` with B polymorphic: B's constructor called on the base
 * in place, `new (base_ptr) B(args)` (base_ptr is `(B *)this`), rather than
 * a B built aside and copied over it: the copy would write B's tail padding,
 * where D's first members may live, and B's constructor sees the object
 * itself. */
k_stmt *k_virtual_base_ctor(k_sema_state *s, k_expr *base_ptr, k_expr *mi)
{
    k_stmt *st = k_stmt_new(s->ctx, S_EXPR, mi->loc);
    k_type *pt = k_sema_expr(s, base_ptr);
    k_type **types = NULL;
    k_decl *ctor = pt ? k_sema_pick_ctor(s, pt->base, &mi->args, &mi->nargs, mi->loc, &types)
                      : NULL;
    if (!ctor) {
        st->kind = S_EMPTY;
        return st;
    }
    k_expr *n = node(s, E_NEW_INIT, mi->loc, (int)base_ptr->depth + 1);
    n->lhs = base_ptr;
    n->decl = ctor;
    n->args = mi->args;
    n->nargs = mi->nargs;
    n->sema_ext = types;
    n->type = pt;
    st->expr = n;
    return st;
}

/* dynamic_cast<D *>(p) (the E_CAST e, op 4): p must point to a polymorphic
 * class; the result points to the D of p's whole object when it has one
 * (a downcast, or a cross cast to another base), else null; lowering reads
 * the vtable pointer (E_DYNCAST, lang/bases_virtual.c).  An upcast needs no
 * check.  `dynamic_cast<D &>`
 * would throw std::bad_cast, and K has no exceptions: not built. */
k_type *k_sema_dynamic_cast(k_sema_state *s, k_expr *e)
{
    k_type *to = e->type_written;
    k_type *from = k_sema_rvalue(s, e->lhs);
    if (!from)
        return NULL;
    if (to->kind != TY_PTR || to->base->kind != TY_RECORD) {
        k_error(s->ctx, e->loc, "dynamic_cast is supported in K to a pointer to a class only "
                "(a reference's failure would throw std::bad_cast)");
        return NULL;
    }
    from = k_decay(s->ctx, from);
    if (from->kind != TY_PTR || from->base->kind != TY_RECORD ||
        !k_record_polymorphic(from->base->rec)) {
        char b[TYBUF];
        k_error(s->ctx, e->lhs->loc, "the operand of dynamic_cast must be a pointer to a "
                "polymorphic class, not '%s'", k_ty_str(from, b, sizeof b));
        return NULL;
    }
    k_sema_resolve_type(s, to->base, e->loc);
    k_record *d = to->base->rec, *b = from->base->rec;
    if (k_ty_size(to->base) < 0) {
        k_error(s->ctx, e->loc, "dynamic_cast to a pointer to the incomplete class '%s'",
                k_record_name(d));
        return NULL;
    }
    int64_t off;
    if (d == b || k_record_base_offset(b, d, &off) == 1) {   /* an upcast: converted */
        e->op = 0;
        e->type = to;
        return to;
    }
    e->kind = E_DYNCAST;
    e->type = to;
    return to;
}
