/* lang/using_members.c -- using-declarations in classes.
 *
 * `using Base::f;` makes Base's member f one of the class's own, as C++
 * does: Base's overloads of f join the class's overload set (an overload
 * the class declares with the same parameters hides Base's), a data member
 * gets the access the declaration stands under, `using B<T>::m;` names a
 * dependent base's member, `using Ts::operator()...;` brings in the call
 * operator of each base of a pack (the "overloaded" idiom), and `using
 * Base::Base;` inherits Base's constructors.
 *
 * The parser keeps each declaration on its class (k_record.usings) with the
 * base it names as its place among the written bases (k_field.written_base,
 * which every element of a pack base and every class template instance's
 * copy keeps), so an instance finds the base its template named whatever
 * the arguments are.  Overload sets are lang/classes.c's (find_methods
 * asks k_using_names); inheriting constructors are written at the class's
 * '}' as constructors of the class, `D(params) : Base(params) {}`, when the
 * base is no template parameter's. */
#include <string.h>

#include "namespaces.h"
#include "parse_build.h"
#include "parse_helpers.h"
#include "sema.h"

/* ---- the parser's side ---- */
/* name's last component without template arguments: "ns::B<int>" -> "B". */
static int same_class_name(const char *a, const char *b)
{
    a = k_ns_last(a);
    b = k_ns_last(b);
    size_t n = strcspn(a, "<"), m = strcspn(b, "<");
    return n == m && strncmp(a, b, n) == 0;
}

static const char *base_name(const k_type *t)
{
    if (!t)
        return NULL;
    if (t->kind == TY_RECORD)
        return t->rec->tag;
    if (t->kind == TY_TPARAM || t->kind == TY_TEMPLATE_ID)
        return t->name;
    return NULL;
}

/* The written base of r called name: its k_field.written_base, or 0. */
static int written_base_named(const k_record *r, const char *name)
{
    for (int i = 0; i < r->nbases && i < r->nfields; i++) {
        const char *b = base_name(r->fields[i].type);
        if (b && same_class_name(b, name))
            return r->fields[i].written_base;
    }
    return 0;
}

static void add_using(k_parser *ps, k_record *r, const k_using_decl *u)
{
    if (r->nusings == r->usings_cap) {
        int cap = r->usings_cap ? 2 * r->usings_cap : 4;
        k_using_decl *nu = k_alloc(ps->ctx, sizeof *nu * (size_t)cap);
        if (r->nusings)
            memcpy(nu, r->usings, sizeof *nu * (size_t)r->nusings);
        r->usings = nu;
        r->usings_cap = cap;
    }
    r->usings[r->nusings++] = *u;
}

void k_using_member(k_parser *ps, k_loc loc, const char *qualified, const k_type *id,
                    const char *member, const char *call)
{
    k_record *r = ps->records.n ? ps->records.items[ps->records.n - 1] : NULL;
    const char *base = id ? id->name : qualified;
    if (!id) {   /* "Base::f": the scanner's one name */
        const char *last = k_ns_last(qualified);
        if (last - qualified <= 2) {   /* `using f;`, `using ::f;` */
            k_error(ps->ctx, loc, "a using-declaration in a class names a member of a base "
                    "class ('using Base::%s;')", last);
            return;
        }
        member = last;
        base = k_strndup(ps->ctx, qualified, (size_t)(last - qualified - 2));
    }
    if (!r || !base || !member)
        return;
    k_using_decl u = {loc, base, member, written_base_named(r, base), r->cur_access};
    if (*call) {   /* `operator` `==`: the scanner's two tokens */
        if (strcmp(member, "operator") != 0) {
            k_error(ps->ctx, loc, "expected ';' after 'using %s'", qualified);
            return;
        }
        u.name = k_parse_operator_name(ps, call);
    }
    if (!u.written_base) {
        k_error(ps->ctx, loc, "'%s' is not a base of '%s': a using-declaration in a class "
                "names a member of one of its bases", base, r->tag ? r->tag : "(anonymous)");
        return;
    }
    add_using(ps, r, &u);
}

/* ---- inheriting constructors (the parser's side, at the class's '}') ---- */
static int is_copy_or_move(const k_decl *c, const k_record *b)
{
    const k_type *p = c->nparams == 2 ? c->params[1]->type : NULL;
    if (p && p->kind == TY_REF)
        p = p->base;
    return p && p->kind == TY_RECORD && p->rec == b;
}

static int same_params(const k_decl *a, const k_decl *b)
{
    if (a->nparams != b->nparams || a->variadic != b->variadic)
        return 0;
    for (int i = 1; i < a->nparams; i++)
        if (!k_ty_same(a->params[i]->type, b->params[i]->type))
            return 0;
    return 1;
}

static int declares_ctor_like(const k_record *d, int own, const k_decl *c)
{
    for (int i = 0; i < own; i++)
        if (d->methods[i]->method_kind == M_CTOR && same_params(d->methods[i], c))
            return 1;
    return 0;
}

/* `D(P1 __inh1, ...) : Base(__inh1, ...) {}` for Base's constructor c. */
static void inherit_ctor(k_parser *ps, k_type *t, const k_record *b, const k_decl *c,
                         k_loc loc)
{
    k_list *params = kp_list_new(ps), *args = kp_list_new(ps);
    for (int i = 1; i < c->nparams; i++) {
        char name[24];
        snprintf(name, sizeof name, "__inh%d", i);
        k_decl *p = k_decl_new(ps->ctx, D_PARAM, loc, k_strndup(ps->ctx, name, strlen(name)));
        p->type = c->params[i]->type;
        p->init = c->params[i]->init;   /* default arguments stay */
        kp_list_push(ps, params, p);
        kp_list_push(ps, args, kp_ident_expr(ps, p->name, loc));
    }
    k_declarator *d = kp_ctor_dtor(ps, NULL, t, loc, params, 0);
    if (!d)
        return;
    k_expr *init = kp_expr_call(ps, loc, kp_ident_expr(ps, b->tag, loc), args);
    kp_add_method(ps, NULL, d, 0, kp_list_push(ps, kp_list_new(ps), init),
                  kp_make_block(ps, loc, kp_list_new(ps)));
    k_decl *m = t->rec->methods[t->rec->nmethods - 1];
    m->storage |= c->storage & (ST_HOST | ST_DEVICE);
}

static const k_record *base_record(const k_record *r, int written_base)
{
    for (int i = 0; i < r->nbases && i < r->nfields; i++)
        if (r->fields[i].written_base == written_base && r->fields[i].type &&
            r->fields[i].type->kind == TY_RECORD)
            return r->fields[i].type->rec;
    return NULL;
}

static int is_inheriting(const k_using_decl *u)
{
    return same_class_name(u->base, u->name);
}

void k_using_record_end(k_parser *ps, k_type *t)
{
    k_record *d = t && t->kind == TY_RECORD ? t->rec : NULL;
    int own = d ? d->nmethods : 0, own_ctors = 0, has_default = 0;
    for (int i = 0; i < own; i++) {
        own_ctors += d->methods[i]->method_kind == M_CTOR && !d->methods[i]->implicit_default;
        has_default |= k_is_default_ctor(d->methods[i]);
    }
    for (int u = 0; d && u < d->nusings; u++) {
        const k_using_decl *ud = &d->usings[u];
        const k_record *b = is_inheriting(ud) ? base_record(d, ud->written_base) : NULL;
        if (is_inheriting(ud) && !b) {
            k_error(ps->ctx, ud->loc, "inheriting the constructors of a base that is a template "
                    "parameter or template-id ('using %s::%s;') is not supported in K",
                    ud->base, ud->name);
            continue;
        }
        int inherited = 0;
        for (int i = 0; b && i < b->nmethods; i++) {
            const k_decl *c = b->methods[i];
            if (c->method_kind != M_CTOR || k_is_default_ctor(c) || is_copy_or_move(c, b) ||
                declares_ctor_like(d, own, c))
                continue;
            inherit_ctor(ps, t, b, c, ud->loc);
            inherited++;
        }
        if (inherited && !own_ctors && !has_default) {   /* D's implicit D() stays */
            k_declarator *dd = kp_ctor_dtor(ps, NULL, t, ud->loc, NULL, 0);
            if (dd) {
                kp_add_method(ps, NULL, dd, 0, NULL, kp_make_block(ps, ud->loc, kp_list_new(ps)));
                d->methods[d->nmethods - 1]->implicit_default = 1;
                d->methods[d->nmethods - 1]->storage |= kp_default_ctor_space(b);
            }
            has_default = 1;
        }
    }
}

/* ---- sema's side ---- */
int k_using_names(const k_record *r, const char *name)
{
    for (int u = 0; r && u < r->nusings; u++)
        if (strcmp(r->usings[u].name, name) == 0)
            return 1;
    return 0;
}

int k_using_base_at(const k_record *r, const char *name, int i)
{
    for (int u = 0; r && u < r->nusings; u++)
        if (strcmp(r->usings[u].name, name) == 0 && i < r->nbases && i < r->nfields &&
            r->fields[i].written_base == r->usings[u].written_base)
            return 1;
    return 0;
}

/* Does f, one of a base's overloads, have the parameters (and constness) of
 * one of r's own members (then that one hides it)? */
static int hidden_by(const k_decl *f, k_decl **own, int nown)
{
    for (int i = 0; i < nown; i++)
        if (same_params(own[i], f) && own[i]->method_kind == f->method_kind)
            return 1;
    return 0;
}

int k_using_keep(k_decl **own, int nown, k_decl **from_base, int n)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!hidden_by(from_base[i], own, nown))
            from_base[m++] = from_base[i];
    return m;
}

const k_using_decl *k_using_of(const k_record *r, const char *name)
{
    for (int u = 0; r && u < r->nusings; u++)
        if (strcmp(r->usings[u].name, name) == 0)
            return &r->usings[u];
    return NULL;
}

/* Each using-declaration of r (laid out) names a member of its base. */
void k_using_check(k_sema_state *s, const k_record *r)
{
    for (int u = 0; u < r->nusings; u++) {
        const k_using_decl *ud = &r->usings[u];
        if (is_inheriting(ud))
            continue;
        for (int i = 0; i < r->nbases && i < r->nfields; i++) {
            const k_record *b = r->fields[i].type && r->fields[i].type->kind == TY_RECORD
                                ? r->fields[i].type->rec : NULL;
            if (!b || r->fields[i].written_base != ud->written_base)
                continue;
            uint32_t off;
            const k_record *amb[2];
            k_decl **c;
            if (k_record_lookup(b, ud->name, &off, amb) || k_record_methods(s, b, ud->name, &c))
                continue;
            k_error(s->ctx, ud->loc, "no member named '%s' in '%s'", ud->name,
                    k_record_name(b));
        }
    }
}
