/* lang/mem_inits.c -- a constructor's member initializers in sema: the
 * mem-initializer list (`S(int v) : B(v), x(v), arr{1, 2} {}`), the
 * default member initializers (`int a = 1;` in the class) and the default
 * constructors of members and bases the list leaves out, turned into
 * statements at the head of the constructor's body, in C++'s order (bases
 * in declaration order, then members in declaration order).  Split from
 * lang/classes.c, which picks the constructors these statements call. */
#include <stdlib.h>
#include <string.h>

#include "sema.h"
#include "templates.h"

/* `lhs = rhs;` as a statement of a constructor's body. */
static k_stmt *assign_stmt(k_sema_state *s, k_expr *lhs, k_expr *rhs, k_loc loc)
{
    k_expr *as = k_class_node(s, E_ASSIGN, loc);
    as->op = KB_NONE;
    as->lhs = lhs;
    as->rhs = rhs;
    as->depth = (rhs->depth > lhs->depth ? rhs->depth : lhs->depth) + 1;
    k_stmt *st = k_stmt_new(s->ctx, S_EXPR, loc);
    st->expr = as;
    return st;
}

/* `T(args)`: a value of record type t built by its constructor. */
static k_expr *construct_expr(k_sema_state *s, k_type *t, k_expr *mi)
{
    k_expr *e = k_class_node(s, E_CONSTRUCT, mi->loc);
    e->type_written = t;
    e->args = mi->args;
    e->nargs = mi->nargs;
    e->depth = 2;
    for (int i = 0; i < mi->nargs; i++)
        if (mi->args[i]->depth + 1 > e->depth)
            e->depth = mi->args[i]->depth + 1;
    return e;
}

/* `D(...) : B(args)`: *(B *)this = B(args) (the cast adds B's offset in D,
 * lang/bases.c).  A polymorphic B is built in place; so is an empty one,
 * which may share its address with another subobject (no byte of it is
 * copied), and one without constructors needs nothing done. */
static k_stmt *base_init(k_sema_state *s, k_record *b, k_expr *mi)
{
    k_type *bt = k_ty(s->ctx, TY_RECORD);
    bt->rec = b;
    k_expr *cast = k_class_node(s, E_CAST, mi->loc);
    cast->type_written = k_type_ptr(s->ctx, bt);
    cast->lhs = k_class_this(s, mi->loc);
    cast->depth = 2;
    int copy = k_class_is_copy(s, bt, mi->args, mi->nargs);
    if (k_record_is_empty(b) && (copy || !k_record_has_ctors(b)))
        return k_stmt_new(s->ctx, S_EMPTY, mi->loc);
    if ((k_record_polymorphic(b) || k_record_is_empty(b)) && !copy)
        return k_virtual_base_ctor(s, cast, mi);   /* built in place (lang/virtual.c) */
    k_expr *deref = k_class_node(s, E_UNARY, mi->loc);
    deref->op = KU_DEREF;
    deref->lhs = cast;
    deref->depth = 3;
    k_stmt *st = assign_stmt(s, deref, construct_expr(s, bt, mi), mi->loc);
    st->expr->is_member_init = 1;   /* built there: no temporary (lang/lower_temps.c) */
    return st;
}

/* Whether constructor f's list names member m. */
static int names_member(const k_decl *f, const char *m)
{
    for (int i = 0; i < f->nmem_inits; i++)
        if (f->mem_inits[i]->name && strcmp(f->mem_inits[i]->name, m) == 0)
            return 1;
    return 0;
}

/* Whether members of class type t are built by a default constructor that
 * does something (`std::string s;` in a class: its buffer). */
static int needs_default_ctor(const k_type *t)
{
    while (t && t->kind == TY_ARRAY)   /* `S many[3];`: each element is built */
        t = t->base;
    if (!t || t->kind != TY_RECORD || k_class_trivial_default(t->rec) ||
        !(k_record_has_ctors(t->rec) || k_record_implicit_default(t->rec)))
        return 0;
    for (int i = 0; i < t->rec->nmethods; i++)
        if (k_is_default_ctor(t->rec->methods[i]))
            return 1;
    return 0;
}

/* Whether a constructor's list leaves member fl to its default: its
 * default member initializer or its class's default constructor. */
static int takes_default(const k_decl *f, const k_field *fl)
{
    /* a reference member the list leaves out is an error (below), unless
     * the constructor is C++'s implicit one, deleted then, never run here */
    int ref = fl->type->kind == TY_REF && !f->implicit_default;
    return fl->name && (fl->init || ref || needs_default_ctor(fl->type)) &&
           !names_member(f, fl->name);
}

/* The `m(...)` entry that builds member fl as C++ does when the list does
 * not name it: from its default member initializer (a copy of it per
 * constructor: sema annotates what it checks), or `m()`. */
static k_expr *default_entry(k_sema_state *s, const k_decl *f, const k_field *fl)
{
    k_expr *mi = k_class_node(s, E_CALL, fl->init ? fl->init->loc : f->body->loc);
    mi->name = fl->name;
    mi->depth = 1;
    if (!fl->init)
        return mi;
    k_subst none = {0};
    k_expr *init = k_clone_expr(s->ctx, fl->init, &none);
    if (init->kind == E_INIT_LIST && fl->type->kind != TY_ARRAY) {   /* `int n{5};` */
        mi->args = init->args;
        mi->nargs = init->nargs;
    } else {            /* `int n = 5;`; an array's list: array_default (below) */
        mi->args = k_alloc(s->ctx, sizeof *mi->args);
        mi->args[0] = init;
        mi->nargs = 1;
    }
    return mi;
}

/* C++ builds every member a constructor's list does not name by its
 * default member initializer or else its default constructor, before the
 * list: those become `m(...)` entries in front of the list (in the
 * members' order). */
static int is_base_name(const k_record *r, const k_record *b, const char *name);

/* The direct base of r that a member-initializer called name names, or NULL. */
static k_record *named_base(const k_record *r, const char *name)
{
    const char *place = name ? strchr(name, '#') : NULL;
    if (place)   /* "B#i": the i-th base, a template parameter's (kp_base_init) */
        return k_record_base_at(r, atoi(place + 1));
    for (int i = 0; name && i < r->nbases; i++) {
        k_record *b = k_record_base_at(r, i);
        if (b && b->tag && is_base_name(r, b, name))
            return b;
    }
    return NULL;
}

/* The entry of f's list that builds base b: the one written, or `B()` when
 * the list does not name b and its default constructor does something (C++
 * runs it), else NULL. */
static k_expr *base_entry(k_sema_state *s, const k_decl *f, k_record *b)
{
    for (int i = 0; i < f->nmem_inits; i++)
        if (named_base(f->method_of, f->mem_inits[i]->name) == b)
            return f->mem_inits[i];
    k_type *bt = k_ty(s->ctx, TY_RECORD);
    bt->rec = b;
    if (!b->tag || !needs_default_ctor(bt))
        return NULL;
    k_expr *mi = k_class_node(s, E_CALL, f->body->loc);
    mi->name = b->tag;
    mi->depth = 1;
    return mi;
}

/* f's list as C++ runs it: the bases in declaration order (each named one,
 * or its default constructor), then the members left to their defaults,
 * then the members the list names, in the order written. */
static void add_default_members(k_sema_state *s, k_decl *f)
{
    const k_record *r = f->method_of;
    int n = r->nbases + f->nmem_inits;
    for (int i = 0; i < r->nfields; i++)
        n += takes_default(f, &r->fields[i]);
    k_expr **list = k_alloc(s->ctx, sizeof *list * (size_t)(n + 1));
    int k = 0;
    for (int i = 0; i < r->nbases; i++) {
        k_record *b = k_record_base_at(r, i);
        k_expr *mi = b ? base_entry(s, f, b) : NULL;
        if (mi)
            list[k++] = mi;
    }
    /* then the members in their declaration's order, whatever the list's
     * (as g++ does: a default member initializer's temporaries die before
     * the next member is built) */
    char *taken = k_alloc(s->ctx, (size_t)f->nmem_inits + 1);
    memset(taken, 0, (size_t)f->nmem_inits + 1);
    for (int i = 0; i < r->nfields; i++) {
        const k_field *fl = &r->fields[i];
        if (takes_default(f, fl)) {
            list[k++] = default_entry(s, f, fl);
            continue;
        }
        for (int j = 0; fl->name && j < f->nmem_inits; j++)
            if (!taken[j] && f->mem_inits[j]->name && strcmp(f->mem_inits[j]->name, fl->name) == 0 &&
                !named_base(r, f->mem_inits[j]->name)) {
                taken[j] = 1;
                list[k++] = f->mem_inits[j];
            }
    }
    for (int i = 0; i < f->nmem_inits; i++)   /* names no member: an error below */
        if (!taken[i] && !named_base(r, f->mem_inits[i]->name))
            list[k++] = f->mem_inits[i];
    f->mem_inits = list;
    f->nmem_inits = k;
}

/* `(*this).name[i]` */
static k_expr *member_element(k_sema_state *s, const char *name, int64_t i, k_loc loc)
{
    k_expr *deref = k_class_node(s, E_UNARY, loc);
    deref->op = KU_DEREF;
    deref->lhs = k_class_this(s, loc);
    deref->depth = 2;
    k_expr *m = k_class_node(s, E_MEMBER, loc);
    m->name = name;
    m->lhs = deref;
    m->depth = 3;
    k_expr *idx = k_class_node(s, E_INT, loc);
    idx->ival = (uint64_t)i;
    idx->depth = 1;
    k_expr *at = k_class_node(s, E_INDEX, loc);
    at->lhs = m;
    at->rhs = idx;
    at->depth = 4;
    return at;
}

/* An array member of a class with a default constructor, left to its
 * default (`S many[3];`): each element built by `S()`, in order. */
#define MAX_MEMBER_OBJECTS 1024
static k_stmt *array_construct(k_sema_state *s, const k_field *fld, k_expr *mi)
{
    k_stmt *b = k_stmt_new(s->ctx, S_BLOCK, mi->loc);
    k_type *et = fld->type->base;
    int64_t n = fld->type->length;
    if (et->kind == TY_ARRAY || n < 0 || n > MAX_MEMBER_OBJECTS) {
        const k_type *inner = et;   /* `S many[2][3]`: the message names S */
        while (inner->kind == TY_ARRAY)
            inner = inner->base;
        k_error(s->ctx, mi->loc, "member array '%s' of '%s' objects: only one dimension of at "
                "most %d objects with a constructor is supported in K", mi->name,
                inner->kind == TY_RECORD ? k_record_name(inner->rec) : "class",
                MAX_MEMBER_OBJECTS);
        return b;
    }
    b->stmts = k_alloc(s->ctx, sizeof *b->stmts * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        k_stmt *st = assign_stmt(s, member_element(s, mi->name, i, mi->loc),
                                 construct_expr(s, et, mi), mi->loc);
        st->expr->is_member_init = 1;
        b->stmts[b->nstmts++] = st;
    }
    return b;
}

/* An array member of C++'s implicit copy or move constructor, whose list
 * names it `v(o.v)` or `v(static_cast<T (&&)[n]>(o.v))` (parse_build.c):
 * element by element, in order, each by its class's copy or move
 * constructor (`static_cast<E &&>(o.v[i])`) or its value. */
static k_stmt *array_copy(k_sema_state *s, const k_field *fld, k_expr *mi, int move)
{
    k_stmt *b = k_stmt_new(s->ctx, S_BLOCK, mi->loc);
    k_type *et = fld->type->base;
    int64_t n = fld->type->length;
    k_expr *from = mi->args[0]->kind == E_CAST ? mi->args[0]->lhs : mi->args[0];
    if (n < 0 || n > MAX_MEMBER_OBJECTS)
        return array_construct(s, fld, mi);   /* its error */
    b->stmts = k_alloc(s->ctx, sizeof *b->stmts * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        k_subst none = {0};
        k_expr *at = k_class_node(s, E_INDEX, mi->loc);
        at->lhs = k_clone_expr(s->ctx, from, &none);
        at->rhs = k_class_node(s, E_INT, mi->loc);
        at->rhs->ival = (uint64_t)i;
        at->rhs->depth = 1;
        at->depth = from->depth + 1;
        k_expr *v = at;
        if (move) {
            k_type *rv = k_type_new(s->ctx, TY_REF);
            rv->rvalue_ref = 1;
            rv->base = et;
            v = k_class_node(s, E_CAST, mi->loc);
            v->type_written = rv;
            v->lhs = at;
            v->depth = at->depth + 1;
        }
        if (et->kind == TY_RECORD) {
            k_expr one = {0};
            one.loc = mi->loc;
            one.args = k_alloc(s->ctx, sizeof *one.args);
            one.args[0] = v;
            one.nargs = 1;
            v = construct_expr(s, et, &one);
        }
        k_stmt *st = assign_stmt(s, member_element(s, mi->name, i, mi->loc), v, mi->loc);
        st->expr->is_member_init = 1;
        b->stmts[b->nstmts++] = st;
    }
    return b;
}

/* `Point corner[2] = {{1, 2}, p};` of a class: each listed element built
 * as `Point(1, 2)`, `Point(p)` (a constructor, or member-wise for an
 * aggregate), the rest by `Point()`, in order (lang/class_arrays.c does the
 * same for variables). */
static k_stmt *array_of_objects(k_sema_state *s, const k_field *fld, k_expr *mi,
                                k_expr **items, int nitems)
{
    k_stmt *b = k_stmt_new(s->ctx, S_BLOCK, mi->loc);
    int64_t n = fld->type->length;
    if (nitems > n) {
        k_error(s->ctx, items[n]->loc, "too many initializers for member array '%s'", mi->name);
        return b;
    }
    b->stmts = k_alloc(s->ctx, sizeof *b->stmts * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        k_expr one = {0};
        one.loc = i < nitems ? items[i]->loc : mi->loc;
        if (i < nitems && items[i]->kind == E_INIT_LIST) {
            one.args = items[i]->args;
            one.nargs = items[i]->nargs;
        } else if (i < nitems) {
            one.args = &items[i];
            one.nargs = 1;
        }
        k_stmt *st = assign_stmt(s, member_element(s, mi->name, i, one.loc),
                                 construct_expr(s, fld->type->base, &one), one.loc);
        st->expr->is_member_init = 1;
        b->stmts[b->nstmts++] = st;
    }
    return b;
}

/* An array member's initializer: the default `float v[3]{1, 2};`, or in a
 * constructor's list `v{1, 2}` or `v()` -- one assignment per element, the
 * ones the list leaves zero (a block of them). */
static k_stmt *array_init(k_sema_state *s, const k_field *fld, k_expr *mi)
{
    if (mi->nargs == 0 && needs_default_ctor(fld->type))
        return array_construct(s, fld, mi);
    k_stmt *b = k_stmt_new(s->ctx, S_BLOCK, mi->loc);
    const k_expr *list = mi->nargs == 1 && mi->args[0]->kind == E_INIT_LIST ? mi->args[0] : NULL;
    k_expr **items = list ? list->args : mi->args;
    int nitems = list ? list->nargs : mi->nargs;
    int64_t n = fld->type->length;
    if ((list || mi->direct_list) && n >= 0 && n <= MAX_MEMBER_OBJECTS &&
        fld->type->base->kind == TY_RECORD)
        return array_of_objects(s, fld, mi, items, nitems);
    if ((!list && !mi->direct_list && mi->nargs) || n < 0 ||
        fld->type->base->kind == TY_ARRAY || fld->type->base->kind == TY_RECORD) {
        k_error(s->ctx, mi->loc, "member array '%s' can only be initialized by a braced list of "
                "values in K (`float v[3]{1, 2};`)", mi->name);
        return b;
    }
    if (nitems > n) {
        k_error(s->ctx, list ? list->loc : mi->loc, "too many initializers for member array '%s'",
                mi->name);
        return b;
    }
    b->stmts = k_alloc(s->ctx, sizeof *b->stmts * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        k_expr *v = i < nitems ? items[i] : k_class_node(s, E_INT, mi->loc);
        if (i >= nitems)
            v->depth = 1;
        b->stmts[b->nstmts++] = assign_stmt(s, member_element(s, mi->name, i, mi->loc), v, mi->loc);
        b->stmts[b->nstmts - 1]->expr->is_member_init = 1;   /* initialised, not assigned */
    }
    return b;
}

/* A constructor's `m(args)` list becomes assignments at the start of its
 * body, in the order written: (*this).m = arg, or a constructed value. */
/* name past its last `::` outside template arguments */
static const char *unqualified(const char *name)
{
    const char *last = name;
    int depth = 0;
    for (const char *p = name; *p; p++) {
        depth += *p == '<';
        depth -= *p == '>';
        if (!depth && p[0] == ':' && p[1] == ':')
            last = p + 2;
    }
    return last;
}

/* Whether a member-initializer's name names r's base b: its tag, or for a
 * base written `Base<T>` the template's name (the instance is "Base<int>"). */
static int is_base_name(const k_record *r, const k_record *b, const char *name)
{
    const char *tag = b->tag;
    size_t n = strlen(name);
    if (strcmp(tag, name) == 0)
        return 1;
    if (r->base_id && strncmp(tag, name, n) == 0 && tag[n] == '<')
        return 1;
    /* an explicit specialization's tag is unqualified (`tuple<>` for
     * my::tuple<>), while the name written in a namespace is resolved
     * (`my::tuple`): compare the names past their last `::` */
    const char *bare = unqualified(name), *bare_tag = unqualified(tag);
    n = strlen(bare);
    return r->base_id && (bare != name || bare_tag != tag) && strncmp(bare_tag, bare, n) == 0 &&
           bare_tag[n] == '<';
}

/* `r(x)` for a reference member r: x must bind to r's type as a
 * reference variable would (an lvalue, or an xvalue for `T &&`), and the
 * member stores its address: `(*this).r = &x` with the member seen as the
 * pointer it holds (lang/sema_expr.c reads it through). */
static k_stmt *bind_ref_member(k_sema_state *s, const k_field *fld, k_expr *mi)
{
    if (mi->nargs == 0) {
        k_error(s->ctx, mi->loc, "constructor leaves reference member '%s' uninitialized",
                mi->name);
        return NULL;
    }
    if (mi->nargs != 1) {
        k_error(s->ctx, mi->loc, "reference member '%s' needs one initializer", mi->name);
        return NULL;
    }
    k_expr *x = mi->args[0];
    if (!k_sema_expr(s, x) || !k_sema_bind_ref(s, fld->type, x, "reference member"))
        return NULL;
    if (!x->is_lvalue) {
        k_error(s->ctx, x->loc, "reference member '%s' bound to a temporary", mi->name);
        return NULL;
    }
    k_expr *deref = k_class_node(s, E_UNARY, mi->loc);
    deref->op = KU_DEREF;
    deref->lhs = k_class_this(s, mi->loc);
    if (!k_sema_expr(s, deref))
        return NULL;
    k_expr *lhs = k_class_node(s, E_MEMBER, mi->loc);
    lhs->name = mi->name;
    lhs->lhs = deref;
    lhs->depth = 3;
    lhs->type = k_type_ptr(s->ctx, fld->type->base);
    lhs->is_lvalue = 1;
    k_expr *addr = k_class_node(s, E_UNARY, mi->loc);
    addr->op = KU_ADDR;
    addr->lhs = x;
    addr->depth = x->depth + 1;
    k_stmt *st = assign_stmt(s, lhs, addr, mi->loc);
    st->expr->is_member_init = 1;
    return st;
}

void k_sema_mem_inits(k_sema_state *s, k_decl *f)
{
    if (f->method_kind == M_CTOR && !f->implicit_copy && !f->implicit_move && f->method_of && f->body &&
        f->body->kind == S_BLOCK)
        add_default_members(s, f);
    if (!f->nmem_inits || !f->body || f->body->kind != S_BLOCK)
        return;
    k_stmt *body = f->body;
    k_stmt **ns = k_alloc(s->ctx, sizeof *ns * (size_t)(body->nstmts + f->nmem_inits));
    for (int i = 0; i < f->nmem_inits; i++) {
        k_expr *mi = f->mem_inits[i];
        k_record *base = named_base(f->method_of, mi->name);
        if (base) {
            ns[i] = base_init(s, base, mi);
            continue;
        }
        uint32_t off;
        const k_field *fld = k_record_find(f->method_of, mi->name, &off);
        if (fld && fld->type->kind == TY_ARRAY && (f->implicit_copy || f->implicit_move) &&
            mi->nargs == 1) {
            ns[i] = array_copy(s, fld, mi, f->implicit_move);
            continue;
        }
        if (fld && fld->type->kind == TY_ARRAY) {
            ns[i] = array_init(s, fld, mi);
            continue;
        }
        if (fld && fld->type->kind == TY_REF) {
            ns[i] = bind_ref_member(s, fld, mi);
            if (!ns[i])
                return;
            continue;
        }
        k_expr *lhs = k_class_node(s, E_IDENT, mi->loc);
        lhs->name = mi->name;
        k_expr *rhs;
        int copy = fld && fld->type->kind == TY_RECORD && k_class_is_copy(s, fld->type, mi->args, mi->nargs);
        if (fld && fld->type->kind == TY_RECORD &&
            (copy ? k_record_copy_ctor(fld->type->rec) != NULL ||   /* m(std::move(o.m)): */
                        (k_record_move_ctor(fld->type->rec) &&       /* m's move */
                         (!mi->args[0]->is_lvalue || mi->args[0]->is_xvalue))
                  : (mi->nargs != 1 || k_record_has_ctors(fld->type->rec)))) {   /* m(o.m): m's copy */
            rhs = construct_expr(s, fld->type, mi);
        } else if (mi->nargs == 1) {
            /* m(x) of a class without a copy constructor: one C++ deletes
             * (a std::unique_ptr's, an lvalue x) is the error, not a copy */
            if (copy && !k_sema_check_copy(s, fld->type->rec, mi->args[0], mi->loc))
                continue;
            rhs = mi->args[0];
        } else if (mi->nargs == 0) {
            rhs = k_class_node(s, E_INT, mi->loc);
        } else {
            k_error(s->ctx, mi->loc, "too many initializers for member '%s'", mi->name);
            continue;
        }
        if (!fld) { /* one error: not the assignment's "no member named" too */
            k_error(s->ctx, mi->loc, "'%s' is not a member of '%s'", mi->name,
                    k_record_name(f->method_of));
            continue;
        }
        /* the member, not a parameter of the same name: (*this).m */
        k_expr *deref = k_class_node(s, E_UNARY, mi->loc);
        deref->op = KU_DEREF;
        deref->lhs = k_class_this(s, mi->loc);
        lhs->kind = E_MEMBER;
        lhs->lhs = deref;
        lhs->depth = 3;
        ns[i] = assign_stmt(s, lhs, rhs, mi->loc);
        ns[i]->expr->is_member_init = 1;
    }
    for (int i = 0; i < body->nstmts; i++)
        ns[f->nmem_inits + i] = body->stmts[i];
    body->stmts = ns;
    body->nstmts += f->nmem_inits;
    f->nmem_inits = 0;
}
