/* lang/access.c -- C++ member access: a private member is used only by its
 * class's member functions (and those of the classes nested in it) and its
 * friends; a protected one also by the classes derived from it.  The parser
 * records each member's access (`public:` & co., a `class`'s members
 * private until one is written) and the friends' names (lang/parse_decl.c);
 * sema asks here at each use of a member by name (`o.x`, `p->f()`). */
#include <string.h>

#include "sema.h"

/* The last part of a qualified name, without template arguments
 * ("ns::Box<int>::get" -> "get", "Box<int>" -> "Box"). */
static size_t bare(const char *name, const char **start)
{
    const char *p = name, *last = name;
    int depth = 0;
    for (; *p; p++) {
        if (*p == '<')
            depth++;
        else if (*p == '>')
            depth--;
        else if (!depth && p[0] == ':' && p[1] == ':')
            last = p + 2;
    }
    *start = last;
    const char *lt = strchr(last, '<');
    return lt ? (size_t)(lt - last) : strlen(last);
}

static int same_bare(const char *a, const char *b)
{
    const char *x, *y;
    size_t n = bare(a, &x), m = bare(b, &y);
    return n == m && strncmp(x, y, n) == 0;
}

/* Whether class c is r, or nested in r (a nested class's members may use
 * the enclosing one's private members). */
static int inside(const k_record *c, const k_record *r)
{
    for (; c; c = c->outer)
        if (c == r || (c->tag && r->tag && !strcmp(c->tag, r->tag)))
            return 1;
    return 0;
}

static int derives(const k_record *c, const k_record *r)
{
    for (; c; c = c->outer)
        if (c != r && k_record_derives(c, r))   /* through any of its bases (lang/bases.c) */
            return 1;
    return 0;
}

static int is_friend(const k_record *r, const k_decl *fn)
{
    for (int i = 0; i < r->nfriends; i++) {
        if (fn->name && same_bare(r->friends[i], fn->name) && !fn->method_of)
            return 1;
        if (fn->method_of && fn->method_of->tag && same_bare(r->friends[i], fn->method_of->tag))
            return 1;   /* a friend class's member function */
    }
    return 0;
}

static const char *word(int access)
{
    return access == K_PRIVATE ? "private" : "protected";
}

int k_access_check(k_sema_state *s, const k_record *r, const char *member, int access,
                   k_loc use, k_loc decl)
{
    const k_decl *fn = s->fn;
    if (access == K_PUBLIC || !r || !fn || s->lambda)
        return 1;   /* a lambda's body: its class is its enclosing function's (not kept) */
    if (inside(fn->method_of, r) || is_friend(r, fn) ||
        (access == K_PROTECTED && derives(fn->method_of, r)))
        return 1;
    k_error(s->ctx, use, "'%s' is %s within this context", member, word(access));
    k_note(s->ctx, decl, "declared %s here, in '%s'", word(access), k_record_name(r));
    return 0;
}

/* The record whose own member fld is, looking in r and its anonymous
 * members (a base class is one). */
static const k_record *owner_of(const k_record *r, const k_field *fld)
{
    for (int i = 0; r && i < r->nfields; i++) {
        const k_field *f = &r->fields[i];
        if (f == fld)
            return r;
        if (!f->name && f->type && f->type->kind == TY_RECORD) {
            const k_record *o = owner_of(f->type->rec, fld);
            if (o)
                return o;
        }
    }
    return NULL;
}

int k_access_field(k_sema_state *s, const k_record *r, const char *name, k_loc use)
{
    uint32_t off;
    const k_field *f = k_record_find(r, name, &off);
    const k_using_decl *u = f ? k_using_of(r, name) : NULL;   /* `using Base::x;` in r */
    if (u)
        return k_access_check(s, r, name, u->access, use, u->loc);
    if (!f || f->access == K_PUBLIC)
        return 1;
    return k_access_check(s, owner_of(r, f), name, f->access, use, f->loc);
}
