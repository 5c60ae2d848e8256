/* lang/implicit_members.c -- C++'s implicit default constructor, move
 * constructor and destructor of a class without its own whose members have
 * theirs.
 *
 * `struct A { Noisy n; std::string s; int x; };` has no constructor, yet
 * `A a;` constructs n and s, and a's end destroys them.  The parser writes
 * what C++ implies at the class's '}': `A() {}` (lang/classes.c builds each
 * member that a constructor's list does not name by its own default
 * constructor) marked implicit_default, so that A stays an aggregate (`A a
 * = {n, "s", 1};` is still member by member), and `~A() {}` marked
 * implicit_dtor.  Sema gives every destructor, written or implicit, the
 * destruction of the members after its body, last member first, as C++
 * does.  `A a{};` and `A a = A();` value-initialize: the object is zeroed,
 * then constructed (x is 0). */
#include <string.h>

#include "parse_build.h"
#include "sema.h"

/* ---- the parser's side ---- */
/* A class whose base has constructors gets the implicit one too (`struct D
 * : B { int w; };` builds B by B() wherever a D is created): every
 * constructor of D that does not name B runs B's default one first
 * (lang/classes.c). */
static const k_type *element_type(const k_type *t)
{
    while (t && t->kind == TY_ARRAY)
        t = t->base;
    return t;
}

/* r's default constructor (written or implicit), or NULL. */
static const k_decl *default_ctor(const k_record *r)
{
    for (int i = 0; r && i < r->nmethods; i++)
        if (k_is_default_ctor(r->methods[i]))
            return r->methods[i];
    return NULL;
}

static const k_decl *dtor_of(const k_record *r)
{
    for (int i = 0; r && i < r->nmethods; i++)
        if (r->methods[i]->method_kind == M_DTOR)
            return r->methods[i];
    return NULL;
}

/* The __host__/__device__ bits the default constructor of class r (a
 * member's or a base's class) allows: both for a class without
 * constructors, the host for an unmarked one (std::string's) or none. */
unsigned kp_default_ctor_space(const k_record *r)
{
    const k_decl *f = default_ctor(r);
    if (!r || (!k_record_has_ctors(r) && !(f && f->implicit_default)))
        return ST_HOST | ST_DEVICE;
    unsigned own = f ? f->storage & (ST_HOST | ST_DEVICE) : 0;
    return own ? own : ST_HOST;
}

/* The __host__/__device__ bits every member's function (default constructor
 * or destructor, by get) allows, with whether any member has one. */
static unsigned members_space(const k_record *r, const k_decl *(*get)(const k_record *),
                              int *any)
{
    unsigned space = ST_HOST | ST_DEVICE;
    *any = 0;
    for (int i = 0; i < r->nfields; i++) {
        const k_type *ft = element_type(r->fields[i].type);
        const k_decl *f = ft && ft->kind == TY_RECORD ? get(ft->rec) : NULL;
        if (!f || (!r->fields[i].name && i >= r->nbases))   /* a member or a base */
            continue;
        *any = 1;
        unsigned own = f->storage & (ST_HOST | ST_DEVICE);
        space &= own ? own : ST_HOST;   /* unmarked: a host function */
    }
    return space;
}

static int has_method(const k_record *r, int kind)
{
    for (int i = 0; i < r->nmethods; i++)
        if (r->methods[i]->method_kind == kind)
            return 1;
    return 0;
}

/* Adds `S() {}` or `~S() {}` to the class being parsed and returns it. */
static k_decl *add_empty(k_parser *ps, k_type *t, int dtor, unsigned space)
{
    k_record *r = t->rec;
    int kind = dtor ? M_DTOR : M_CTOR;
    k_declarator *d = kp_ctor_dtor(ps, NULL, t, r->loc, NULL, dtor);
    if (!d)
        return NULL;
    kp_add_method(ps, NULL, d, 0, NULL, kp_make_block(ps, r->loc, kp_list_new(ps)));
    for (int i = 0; i < r->nmethods; i++)
        if (r->methods[i]->method_kind == kind) {
            r->methods[i]->storage |= space;
            return r->methods[i];
        }
    return NULL;
}

/* Whether a member or base of r is of a template parameter's type (`T x;`,
 * `struct S : Ts...`) or a template-id (`: B<T>`): its type's default
 * constructor is known only in an instance, which
 * the one added now runs (an empty one costs nothing where none has). */
static int template_param_member(const k_record *r)
{
    for (int i = 0; i < r->nfields; i++) {
        const k_type *ft = element_type(r->fields[i].type);
        if (ft && (ft->kind == TY_TPARAM || ft->kind == TY_TEMPLATE_ID))
            return 1;
    }
    return 0;
}

void kp_implicit_member_ctor(k_parser *ps, k_type *t)
{
    k_record *r = t && t->kind == TY_RECORD ? t->rec : NULL;
    if (!r || r->is_union || !r->tag || has_method(r, M_CTOR))
        return;
    int any;
    unsigned space = members_space(r, default_ctor, &any);
    if (r->base && default_ctor(r->base)) {   /* the base's default constructor runs too */
        any = 1;
        space &= kp_default_ctor_space(r->base);
    }
    any |= template_param_member(r);
    k_decl *f = any ? add_empty(ps, t, 0, space) : NULL;
    if (f)
        f->implicit_default = 1;
}

void kp_implicit_dtor(k_parser *ps, k_type *t)
{
    k_record *r = t && t->kind == TY_RECORD ? t->rec : NULL;
    if (!r || r->is_union || !r->tag || has_method(r, M_DTOR))
        return;
    int any;
    unsigned space = members_space(r, dtor_of, &any);
    const k_decl *bd = NULL;
    for (const k_record *b = r->base; b && !bd; b = b->base)
        bd = dtor_of(b);
    for (int i = 0; i < r->nfields && !any; i++) {
        /* a class template's instance's destructor is known only in sema
         * (k_sema_implicit_member): an empty one costs nothing */
        const k_type *ft = element_type(r->fields[i].type);
        any = r->fields[i].name && ft && ft->kind == TY_TEMPLATE_ID;
    }
    if (bd) {   /* the base's destructor runs after this one's body (lang/virtual.c) */
        unsigned own = bd->storage & (ST_HOST | ST_DEVICE);
        space &= own ? own : ST_HOST;
        any = 1;
    }
    k_decl *f = any ? add_empty(ps, t, 1, space) : NULL;
    if (f)
        f->implicit_dtor = 1;
}

/* ---- sema's side ---- */
void k_sema_instance_ctor_space(k_sema_state *s, k_record *r)
{
    for (int i = 0; i < r->nfields; i++)
        k_sema_resolve_type(s, r->fields[i].type, r->fields[i].loc);
    int any;
    unsigned space = members_space(r, default_ctor, &any);
    for (int i = 0; i < r->nmethods; i++) {
        k_decl *m = r->methods[i];
        if (m->implicit_default && k_is_default_ctor(m))
            m->storage = (m->storage & ~(unsigned)(ST_HOST | ST_DEVICE)) | space;
    }
}
static k_expr *leaf(k_sema_state *s, k_expr_kind kind, k_loc loc)
{
    k_expr *e = k_expr_new(s->ctx, kind, loc);
    e->builtin = -1;
    e->depth = 1;
    return e;
}

static k_expr *wrap(k_sema_state *s, k_expr_kind kind, int op, k_expr *lhs)
{
    k_expr *e = leaf(s, kind, lhs->loc);
    e->op = op;
    e->lhs = lhs;
    e->depth = lhs->depth + 1;
    return e;
}

/* The destruction of `(*this).name[i]` (i < 0: no subscript). */
static k_stmt *destroy(k_sema_state *s, const k_decl *dtor, const char *name, int64_t i,
                       k_loc loc)
{
    k_expr *self = leaf(s, E_IDENT, loc);
    self->name = "this";
    k_expr *m = wrap(s, E_MEMBER, 0, wrap(s, E_UNARY, KU_DEREF, self));
    m->name = name;
    if (i >= 0) {
        k_expr *at = leaf(s, E_INT, loc);
        at->ival = (uint64_t)i;
        k_expr *ix = wrap(s, E_INDEX, 0, m);
        ix->rhs = at;
        m = ix;
    }
    /* the destructor itself, not its name: a class template's instance's
     * (std::vector<int>::~vector) is in no scope; a member is a whole
     * object, so the call is not virtual */
    k_expr *call = wrap(s, E_DESTROY, 0, wrap(s, E_UNARY, KU_ADDR, m));
    call->decl = (k_decl *)dtor;
    k_stmt *st = k_stmt_new(s->ctx, S_EXPR, loc);
    st->expr = call;
    return st;
}

#define MAX_DESTROYED 1024   /* member array elements destroyed one call each */

/* Destructor f (before its body is checked): the members' destructors run
 * after the body, last member first, an array's last element first. */
void k_sema_member_dtors(k_sema_state *s, k_decl *f)
{
    const k_record *r = f->method_of;
    if (f->method_kind != M_DTOR || !r || !f->body || f->body->kind != S_BLOCK)
        return;
    int64_t n = 0;
    for (int i = 0; i < r->nfields; i++) {
        const k_type *ft = r->fields[i].type, *et = element_type(ft);
        if (r->fields[i].name && et && et->kind == TY_RECORD && dtor_of(et->rec))
            n += ft->kind == TY_ARRAY && ft->length > 0 ? ft->length : 1;
    }
    if (!n)
        return;
    if (n > MAX_DESTROYED) {
        k_error(s->ctx, f->loc, "'%s' has more than %d members with destructors: not "
                "supported in K", k_record_name(r), MAX_DESTROYED);
        return;
    }
    k_stmt *body = f->body;
    k_stmt **ns = k_alloc(s->ctx, sizeof *ns * (size_t)(body->nstmts + n));
    if (body->nstmts)   /* an empty body has no statement array (UBSan) */
        memcpy(ns, body->stmts, sizeof *ns * (size_t)body->nstmts);
    int k = body->nstmts;
    for (int i = r->nfields - 1; i >= 0; i--) {
        const k_field *fl = &r->fields[i];
        const k_type *ft = element_type(fl->type);
        const k_decl *d = fl->name && ft && ft->kind == TY_RECORD ? dtor_of(ft->rec) : NULL;
        if (!d)
            continue;
        if (fl->type->kind != TY_ARRAY) {
            ns[k++] = destroy(s, d, fl->name, -1, f->loc);
            continue;
        }
        if (fl->type->base->kind == TY_ARRAY) {
            k_error(s->ctx, fl->loc, "member array of arrays '%s' of a class with a destructor"
                    " is not supported in K", fl->name);
            return;
        }
        for (int64_t j = fl->type->length - 1; j >= 0; j--)
            ns[k++] = destroy(s, d, fl->name, j, f->loc);
    }
    body->stmts = ns;
    body->nstmts = k;
}

/* The implicit default constructor of r (a class that stays an aggregate),
 * or NULL. */
k_decl *k_record_implicit_default(const k_record *r)
{
    for (int i = 0; r && i < r->nmethods; i++)
        if (r->methods[i]->implicit_default)
            return r->methods[i];
    return NULL;
}

/* `S s{}` or `S s = S()`: value-initialization. */
int k_is_value_init(const k_decl *d, const k_record *r)
{
    const k_expr *e = d->init;
    if (!e || k_has_ctor(d))
        return 0;
    if (e->kind == E_INIT_LIST)
        return e->nargs == 0;
    return e->kind == E_CONSTRUCT && e->nargs == 0 && e->type_written &&
           e->type_written->kind == TY_RECORD && e->type_written->rec == r;
}

/* ---- the implicit move constructor ---- */
/* Where the parser wrote C++'s implicit copy constructor (parse_build.c: a
 * member owns memory), C++ declares a move constructor too unless the class
 * declares a destructor, an assignment or a move member: `S(S &&o) :
 * a(static_cast<A &&>(o.a)), ... {}`, marked implicit_move (it deletes no
 * copy, moves.c; std::vector relocates by it when every member's move is
 * noexcept, lang/type_traits_sema.c). */
static int declares_no_move(const k_record *r)
{
    const k_decl *cc = k_record_copy_ctor(r);
    if (!cc || !cc->implicit_copy || r->move_declared || r->copy_deleted || r->copy_defaulted)
        return 0;
    for (int i = 0; i < r->nmethods; i++) {
        const k_decl *f = r->methods[i];
        if (f->method_kind == M_DTOR || (f->name && strstr(f->name, "operator=")) ||
            (f != cc && f->method_kind == M_CTOR && f->nparams == 2 && !f->member_template &&
             f->params[1]->type->kind == TY_REF))   /* a template is no copy or move */
            return 0;
    }
    for (int i = 0; i < r->nfields; i++)
        if (r->fields[i].type->kind == TY_REF)
            return 0;   /* a reference member is bound, not moved */
    return 1;
}

/* static_cast<F &&>(__simtvm_other.name) */
static k_expr *moved_member(k_parser *ps, const k_field *fl, k_loc loc)
{
    if (!fl->name)   /* a base: static_cast<B &&>(__simtvm_other) */
        return kp_base_of_other(ps, fl, 1, loc);
    k_expr *from = kp_expr_unary(ps, E_MEMBER, 0, loc, kp_ident_expr(ps, "__simtvm_other", loc));
    if (!from)
        return NULL;
    from->name = fl->name;
    k_type *rv = k_type_new(ps->ctx, TY_REF);
    rv->rvalue_ref = 1;
    rv->base = fl->type;
    k_expr *cast = kp_expr_unary(ps, E_CAST, 1, loc, from);
    if (cast)
        cast->type_written = rv;
    return cast;
}

/* The base fl (an unnamed first member) of the object being copied or
 * moved, as its base's initializer takes it: `static_cast<const B &>(o)`
 * or `static_cast<B &&>(o)` (an aggregate B would otherwise take o as its
 * first member's value). */
k_expr *kp_base_of_other(k_parser *ps, const k_field *fl, int move, k_loc loc)
{
    k_type *base = fl->type;
    if (!move) {
        base = k_type_new(ps->ctx, TY_RECORD);
        *base = *fl->type;
        base->quals |= Q_CONST;
    }
    k_type *ref = k_type_new(ps->ctx, TY_REF);
    ref->rvalue_ref = (unsigned char)move;
    ref->base = base;
    k_expr *cast = kp_expr_unary(ps, E_CAST, 1, loc, kp_ident_expr(ps, "__simtvm_other", loc));
    if (cast)
        cast->type_written = ref;
    return cast;
}

void kp_implicit_move_ctor(k_parser *ps, k_type *t)
{
    k_record *r = t && t->kind == TY_RECORD ? t->rec : NULL;
    if (!r || !declares_no_move(r) || !kp_memberwise_ctor(ps, t, 1, moved_member))
        return;
    k_decl *f = k_record_move_ctor(r);
    if (f)
        f->implicit_move = 1;
}

/* ---- sema's side of the implicit copy, move and destructor ---- */
/* Whether copying an object of r is deleted: its copy constructor is
 * (`= delete`, or implicitly, as std::unique_ptr's), or a move member
 * deleted the implicit one ([class.copy.ctor] 6). */
static int copy_is_deleted(const k_record *r)
{
    const k_decl *cc = k_record_copy_ctor(r);
    return r->copy_deleted || r->implicit_copy_deleted ||
           (k_record_declares_move(r) && !r->copy_defaulted && (!cc || cc->implicit_copy));
}

/* A member or base of r whose copy is deleted, or NULL. */
static const k_field *uncopyable_member(const k_record *r)
{
    for (int i = 0; i < r->nfields; i++) {
        const k_type *ft = element_type(r->fields[i].type);
        if (ft && ft->kind == TY_RECORD && (r->fields[i].name || i < r->nbases) &&
            copy_is_deleted(ft->rec))
            return &r->fields[i];
    }
    return NULL;
}

static void drop_method(k_record *r, const k_decl *f)
{
    int k = 0;
    for (int i = 0; i < r->nmethods; i++)
        if (r->methods[i] != f)
            r->methods[k++] = r->methods[i];
    r->nmethods = k;
}

static const k_decl *copy_of(const k_record *r) { return k_record_copy_ctor(r); }
static const k_decl *move_of(const k_record *r)
{
    const k_decl *m = k_record_move_ctor(r);
    return m ? m : k_record_copy_ctor(r);   /* a member without one is copied */
}

/* f is C++'s implicit copy or move constructor or destructor, which the
 * parser wrote before the members' types were known (a class template's
 * instance: std::vector<int>, std::unique_ptr<T>).  Now that they are: its
 * __host__/__device__ bits are those every member's allows (both where no
 * member has one), and a copy constructor some member cannot be copied for
 * is deleted, as C++ deletes it ([class.copy.ctor] 10): copying the class is
 * then g++'s error (lang/moves.c).  Returns 1 when f was deleted (it is not
 * checked then). */
int k_sema_implicit_member(k_sema_state *s, k_decl *f)
{
    k_record *r = f->method_of;
    if (!r || !(f->implicit_copy || f->implicit_move || f->implicit_dtor))
        return 0;
    for (int i = 0; i < r->nfields; i++)
        k_sema_resolve_type(s, r->fields[i].type, r->fields[i].loc);
    if (f->implicit_copy && uncopyable_member(r)) {
        r->implicit_copy_deleted = 1;
        drop_method(r, f);
        f->body = NULL;
        return 1;
    }
    int any;
    unsigned space = members_space(r, f->implicit_dtor ? dtor_of
                                      : f->implicit_move ? move_of : copy_of, &any);
    if (f->implicit_dtor)
        for (const k_record *b = r->base; b; b = b->base) {
            const k_decl *bd = dtor_of(b);
            unsigned own = bd ? bd->storage & (ST_HOST | ST_DEVICE) : (ST_HOST | ST_DEVICE);
            space &= own ? own : ST_HOST;
        }
    f->storage = (f->storage & ~(unsigned)(ST_HOST | ST_DEVICE)) | (space ? space : ST_HOST);
    return 0;
}
