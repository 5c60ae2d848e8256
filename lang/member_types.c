/* lang/member_types.c -- C++ member types, the parser's side: `typedef T
 * value_type;` and `using pointer = T *;` inside a class, and `typename
 * X::m` naming one (doc/cxx.md, "Member types").
 *
 * A member type is kept in its record (k_record.mtypes, so that every
 * instance of a class template gets its own copy, substituted) and is a
 * typedef name for the scanner twice: "S::m" (with S's namespace) from
 * anywhere after it, and the bare "m" inside S's body, which S's '}'
 * forgets.  `typename X::m` whose X is a template parameter or a
 * template-id cannot be looked up while parsing: it becomes a
 * TY_MEMBER_TYPE, replaced when the template is instantiated
 * (lang/member_types_sema.c).  Alias templates (`template <class T> using
 * ptr_t = T *;`) are here too: a class template name for the scanner whose
 * instances are the aliased type substituted. */
#include <string.h>

#include "namespaces.h"
#include "parse_build.h"
#include "parser.h"
#include "thrust.h"
#include "types.h"

static k_record *record_being_parsed(const k_parser *ps)
{
    return ps->records.n ? ps->records.items[ps->records.n - 1] : NULL;
}

static const char *join(k_parser *ps, const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    char *s = k_alloc(ps->ctx, n + m + 3);
    memcpy(s, a, n);
    memcpy(s + n, "::", 2);
    memcpy(s + n + 2, b, m + 1);
    return s;
}

static int own_member_type(const k_record *r, const char *name)
{
    for (int i = 0; i < r->nmtypes; i++)
        if (strcmp(r->mtype_names[i], name) == 0)
            return 1;
    return 0;
}

/* `struct D : B {`: B's member types are D's too, as "D::m" and, inside D's
 * body, as bare names (the same strings as B's: D's '}' forgets them). */
void k_parse_member_types_inherit(k_parser *ps, const k_record *d, const k_record *b)
{
    for (int depth = 0; b && d->tag && depth < 64; b = b->base, depth++)
        for (int i = 0; i < b->nmtypes; i++) {
            const char *q = join(ps, k_ns_qualify(ps->ctx, ps->ns, d->tag), b->mtype_names[i]);
            k_parse_add_typedef(ps, q, b->mtypes[i]);
            k_parse_add_typedef(ps, b->mtype_names[i], b->mtypes[i]);
        }
}

/* A type name found by the look-ahead (lang/class_prescan.c): "r's member
 * type m", a TY_MEMBER_TYPE of r itself. */
static int early_of(const k_type *t, const k_record *r)
{
    return t && t->kind == TY_MEMBER_TYPE && t->early && t->base && t->base->kind == TY_RECORD &&
           t->base->rec == r;
}

/* The string of name's early type name in r (so that r's '}' forgets the
 * name once, lang/member_types.c k_parse_member_types_end), or NULL. */
static const char *early_name(k_parser *ps, const k_record *r, const char *name)
{
    if (!r->early_types)
        return NULL;
    for (int i = ps->typedef_types.n - 1; i >= 0; i--)
        if (early_of(ps->typedef_types.items[i], r) &&
            strcmp(ps->typedef_names.items[i], name) == 0)
            return ps->typedef_names.items[i];
    return NULL;
}

void k_parse_early_member_type(k_parser *ps, k_type *cls, const char *name, k_loc loc)
{
    k_record *r = cls->rec;
    if (own_member_type(r, name) || early_name(ps, r, name))
        return;   /* declared twice: the parse reports it */
    k_type *t = k_type_new(ps->ctx, TY_MEMBER_TYPE);
    t->base = k_type_new(ps->ctx, TY_RECORD);
    t->base->rec = r;
    t->name = join(ps, r->tag ? r->tag : "?", name);
    t->loc = loc;
    t->early = 1;
    r->early_types = 1;
    k_parse_add_typedef(ps, name, t);
}

void k_parse_member_type(k_parser *ps, k_loc loc, const char *name, k_type *t)
{
    k_record *r = record_being_parsed(ps);
    if (!r || !name || !t)
        return;
    if (own_member_type(r, name)) {
        k_error(ps->ctx, loc, "redefinition of member type '%s' in '%s'", name,
                k_record_name(r));
        return;
    }
    const char *bare = early_name(ps, r, name);
    if (!bare)
        bare = k_strndup(ps->ctx, name, strlen(name));
    k_record_add_member_type(ps->ctx, r, bare, t);
    if (r->tag)
        k_parse_add_typedef(ps, join(ps, k_ns_qualify(ps->ctx, ps->ns, r->tag), name), t);
    k_parse_add_typedef(ps, bare, t);
}

/* `using m = T;` in a class where m already names a type (scanned as a
 * type name): the name is found by the type's node, as k_parse_using_type
 * does; a member type of this class is then a redefinition, an outer one
 * is hidden inside the class. */
void k_parse_member_type_named(k_parser *ps, k_loc loc, const k_type *old, k_type *t)
{
    for (int i = ps->typedef_types.n - 1; i >= 0; i--)
        if (ps->typedef_types.items[i] == old) {
            k_parse_member_type(ps, loc, k_ns_last(ps->typedef_names.items[i]), t);
            return;
        }
}

/* The typedef names of a record's member types have one string each in
 * both lists (k_parse_member_type), so the bare ones are found by pointer.
 * Every scope opened inside the body is closed by now, so no scope mark
 * points past the entries removed. */
void k_parse_member_types_end(k_parser *ps, const k_record *r)
{
    if (!r || (!r->nmtypes && !r->base && !r->early_types))
        return;
    int n = 0;
    for (int i = 0; i < ps->typedef_names.n; i++) {
        int bare = early_of(ps->typedef_types.items[i], r);   /* never declared after all */
        for (const k_record *b = r; b && !bare; b = b->base)
            for (int j = 0; j < b->nmtypes && !bare; j++)
                bare = ps->typedef_names.items[i] == (void *)b->mtype_names[j];
        if (bare)
            continue;
        ps->typedef_names.items[n] = ps->typedef_names.items[i];
        ps->typedef_types.items[n] = ps->typedef_types.items[i];
        n++;
    }
    ps->typedef_names.n = ps->typedef_types.n = n;
}

/* X::m for X a type already read: a class's member type now, or one to be
 * found when X is known (X a template parameter or a template-id). */
static k_type *member_of(k_parser *ps, k_loc loc, k_type *scope, const char *member,
                         const char *written)
{
    if (scope->kind == TY_RECORD) {
        k_type *m = k_record_member_type(scope->rec, member);
        if (m)
            return m;
        if (scope->rec->base && (m = k_record_member_type(scope->rec->base, member)))
            return m;
        k_error(ps->ctx, loc, "no type named '%s' in '%s'", member, k_record_name(scope->rec));
        return k_type_new(ps->ctx, TY_INT);
    }
    if (scope->kind == TY_TPARAM || scope->kind == TY_TEMPLATE_ID ||
        scope->kind == TY_MEMBER_TYPE) {
        k_type *t = k_type_new(ps->ctx, TY_MEMBER_TYPE);
        t->base = scope;
        t->name = written;
        t->loc = loc;
        return t;
    }
    /* written is "X::member": the message names X, the type that is no class */
    size_t n = strlen(written), m = strlen(member);
    int len = (int)(n >= m + 2 ? n - m - 2 : n);
    k_error(ps->ctx, loc, "'%.*s' is not a class: it has no member type '%s'", len, written,
            member);
    return k_type_new(ps->ctx, TY_INT);
}

k_type *k_parse_typename(k_parser *ps, k_loc loc, const char *qname)
{
    const char *member = k_ns_last(qname);
    if (member == qname || member - qname < 3) {
        k_error(ps->ctx, loc, "expected a qualified name after 'typename' (as in 'typename"
                " T::value_type'), not '%s'", qname);
        return k_type_new(ps->ctx, TY_INT);
    }
    const char *prefix = k_strndup(ps->ctx, qname, (size_t)(member - qname) - 2);
    k_type *scope = kp_typedef_lookup(ps, prefix);
    if (!scope) {
        k_error(ps->ctx, loc, "'%s' does not name a type (in 'typename %s')", prefix, qname);
        return k_type_new(ps->ctx, TY_INT);
    }
    return member_of(ps, loc, scope, member, qname);
}

/* "X::m" without `typename`, where X is a typedef of a class or of a
 * template-id whose template declares a member type m (`typedef
 * std::vector<int> V; V::iterator it;`: not dependent, so C++ needs no
 * `typename`); NULL when it is not such a name. */
k_type *k_parse_typedef_member(k_parser *ps, k_loc loc, const char *name)
{
    const char *member = k_ns_last(name);
    if (member == name || member - name < 3 || name[0] == ':')
        return NULL;
    k_type *scope = kp_typedef_lookup(ps, k_strndup(ps->ctx, name, (size_t)(member - name) - 2));
    if (!scope)
        return NULL;
    if (scope->kind == TY_RECORD && scope->rec && (k_record_member_type(scope->rec, member) ||
                                                   (scope->rec->base &&
                                                    k_record_member_type(scope->rec->base, member))))
        return member_of(ps, loc, scope, member, name);
    if (scope->kind == TY_TEMPLATE_ID && scope->name && k_parse_is_member_type(ps, scope->name, member))
        return member_of(ps, loc, scope, member, name);
    for (int i = 0; scope->kind == TY_RECORD && scope->rec && i < scope->rec->nfields; i++) {
        k_type *b = scope->rec->fields[i].type;   /* a base `Traits<int>` */
        if (scope->rec->fields[i].written_base && b && b->kind == TY_TEMPLATE_ID && b->name &&
            k_parse_is_member_type(ps, b->name, member))
            return member_of(ps, loc, b, member, name);
    }
    return NULL;
}

k_type *k_parse_typename_of(k_parser *ps, k_loc loc, k_type *id, const char *member)
{
    if (!id || !member)
        return k_type_new(ps->ctx, TY_INT);
    char buf[256];
    k_ty_str(id, buf, sizeof buf);
    return member_of(ps, loc, id, member, join(ps, buf, member));
}

/* `template <class T> using name = type;`: a D_RECORD with an empty record
 * and alias_type, which k_tpl_head_end marks as a template; `name<int>` is
 * a template-id that sema replaces by type with T = int (k_tpl_sema_type). */
k_stmt *k_parse_alias_template(k_parser *ps, k_loc loc, const char *name, k_type *type)
{
    if (!name || !type)
        return NULL;
    k_decl *d = k_decl_new(ps->ctx, D_RECORD, loc, name);
    k_stmt *s = k_stmt_new(ps->ctx, S_NOCODE, loc);
    s->decls = k_alloc(ps->ctx, sizeof *s->decls);
    if (!d || !s || !s->decls)
        return NULL;
    const char *q = k_ns_qualify(ps->ctx, ps->ns, name);
    d->type = k_type_new(ps->ctx, TY_RECORD);
    d->type->rec = k_record_new(ps->ctx, q, 0, loc);
    d->alias_type = type;
    s->decls[0] = d;
    s->ndecls = 1;
    k_tpl_register(ps->ctx, &ps->tpl, q, K_TPL_CLASS);
    return s;
}

/* Whether `C<args>::m` names a member type of the class template C (as far
 * as the parser can tell: its primary or a specialization declares m), so
 * that the scanner makes m a type name (`Vec<int>::value_type x;`). */
int k_parse_is_member_type(const k_parser *ps, const char *tpl, const char *member)
{
    if (!tpl || !member)
        return 0;
    tpl = k_thrust_class_alias(tpl);
    for (int i = 0; i < ps->decls.n; i++) {
        const k_decl *d = ps->decls.items[i];
        if (d->kind == D_RECORD && d->name && d->type && d->type->kind == TY_RECORD &&
            strcmp(d->name, tpl) == 0 && k_record_member_type(d->type->rec, member))
            return 1;
    }
    return 0;
}

/* The qualified name of record r as the scanner knows it: the typedef
 * entered for its tag ("N::S" for S in namespace N), else its tag.  The
 * first such entry is the class's own: a later one of the same last name
 * is an alias in another namespace (Thrust's `namespace random { typedef
 * thrust::minstd_rand minstd_rand; }`), under which no member is known. */
static const char *record_name(const k_parser *ps, const k_record *r)
{
    for (int i = 0; i < ps->typedef_types.n; i++) {
        const k_type *t = ps->typedef_types.items[i];
        const char *n = ps->typedef_names.items[i];
        if (t->kind == TY_RECORD && t->rec == r && strcmp(k_ns_last(n), r->tag) == 0)
            return n;
    }
    return r->tag;
}

/* An identifier in an expression.  "X::m" whose X is a typedef or member
 * type naming a class (`typedef Cfg<T> cfg;` ... `cfg::tile`) is the
 * class's member: a template-id's becomes `Cfg<T>::tile` (sema instantiates
 * it; an instance substitutes T first), a record's "S::m", a template
 * parameter's "T::m" (lang/clone.c binds it). */
k_expr *k_parse_ident(k_parser *ps, k_loc loc, const char *name)
{
    const char *member = name ? k_ns_last(name) : NULL;
    k_type *t = NULL;
    if (member && member - name >= 3 && name[0] != ':')
        t = kp_typedef_lookup(ps, k_strndup(ps->ctx, name, (size_t)(member - name) - 2));
    if (t && t->kind == TY_TEMPLATE_ID && t->name)
        return k_tpl_scoped(ps, loc, t, member);
    k_expr *e = kp_expr_leaf(ps, E_IDENT, loc);
    if (!e)
        return NULL;
    e->name = name;
    const char *prefix = t ? k_strndup(ps->ctx, name, (size_t)(member - name) - 2) : NULL;
    if (t && t->kind == TY_RECORD && t->rec && t->rec->tag &&
        strcmp(k_ns_last(prefix), t->rec->tag) != 0)   /* an alias, not the class's own name */
        e->name = join(ps, record_name(ps, t->rec), member);
    else if (t && t->kind == TY_TPARAM && t->name)
        e->name = join(ps, t->name, member);
    return e;
}
