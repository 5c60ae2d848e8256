/* lang/member_types_sema.c -- C++ member types, the records' and sema's
 * side (the parser's is lang/member_types.c): a record's list of member
 * types, and `typename X::m` (TY_MEMBER_TYPE) replaced by X's member type
 * once X is a class: when a template is instantiated (lang/clone.c) or
 * when sema resolves the type (k_sema_resolve_type). */
#include <stdio.h>
#include <string.h>

#include "namespaces.h"
#include "sema.h"
#include "templates.h"

void k_record_add_member_type(k_ctx *ctx, k_record *r, const char *name, k_type *t)
{
    if (r->nmtypes == r->mtypes_cap) {
        int cap = r->mtypes_cap ? r->mtypes_cap * 2 : 4;
        const char **nn = k_alloc(ctx, sizeof *nn * (size_t)cap);
        k_type **nt = k_alloc(ctx, sizeof *nt * (size_t)cap);
        if (r->nmtypes) {
            memcpy(nn, r->mtype_names, sizeof *nn * (size_t)r->nmtypes);
            memcpy(nt, r->mtypes, sizeof *nt * (size_t)r->nmtypes);
        }
        r->mtype_names = nn;
        r->mtypes = nt;
        r->mtypes_cap = cap;
    }
    r->mtype_names[r->nmtypes] = name;
    r->mtypes[r->nmtypes++] = t;
}

static k_type *member_type_in(const k_record *r, const char *name, int depth)
{
    if (!r || depth > 64)
        return NULL;
    for (int i = 0; i < r->nmtypes; i++)
        if (strcmp(r->mtype_names[i], name) == 0)
            return r->mtypes[i];
    for (int i = 0; i < r->nbases; i++) {   /* each base, in declaration order */
        k_type *t = member_type_in(k_record_base_at(r, i), name, depth + 1);
        if (t)
            return t;
    }
    return NULL;
}

k_type *k_record_member_type(const k_record *r, const char *name)
{
    return member_type_in(r, name, 0);
}

/* An instance of a class template gets its own member types: the
 * template's with the arguments substituted. */
void k_member_types_instantiate(k_ctx *ctx, k_record *to, const k_record *from,
                                const k_subst *sb)
{
    to->mtype_names = NULL;
    to->mtypes = NULL;
    to->nmtypes = to->mtypes_cap = 0;
    for (int i = 0; i < from->nmtypes; i++)
        k_record_add_member_type(ctx, to, from->mtype_names[i],
                                 k_clone_type(ctx, from->mtypes[i], sb));
}

/* t (a TY_MEMBER_TYPE whose class is now known) as the class's member
 * type, in place: a copy of it keeping t's own qualifiers.  Returns 0 when
 * the class has no such member (t is left as it was). */
int k_member_type_bind(k_ctx *ctx, k_type *t)
{
    const k_type *scope = t->base;
    k_type *m = scope && scope->kind == TY_RECORD
                ? k_record_member_type(scope->rec, k_ns_last(t->name)) : NULL;
    if (!m)
        return 0;
    unsigned quals = t->quals;
    *t = *k_clone_type(ctx, m, NULL);
    t->quals |= quals;
    return 1;
}

static int reported(const k_ctx *ctx, k_loc at, const char *msg)
{
    for (int i = 0; i < ctx->ndiags; i++)
        if (ctx->diags[i].loc.line == at.line && ctx->diags[i].loc.col == at.col &&
            ctx->diags[i].message && strcmp(ctx->diags[i].message, msg) == 0)
            return 1;
    return 0;
}

/* Sema's resolution of `typename X::m`: X first, then its member m; a
 * class without m, or an X that is not a class, is one error and the type
 * becomes int so that its uses are still checked. */
void k_member_type_resolve(k_sema_state *s, k_type *t, k_loc loc)
{
    for (int guard = 0; t->kind == TY_MEMBER_TYPE && guard < 64; guard++) {
        k_type *scope = t->base;
        if (!scope) {
            t->kind = TY_INT;
            return;
        }
        k_sema_resolve_type(s, scope, loc);
        if (k_member_type_bind(s->ctx, t))
            continue;
        if (scope->invalid) {   /* X's error is reported: X::m says nothing more */
            *t = *k_type_new(s->ctx, TY_INT);
            t->invalid = 1;
            return;
        }
        char buf[96], msg[256];
        const char *member = k_ns_last(t->name);
        if (scope->kind == TY_RECORD)
            snprintf(msg, sizeof msg, "no type named '%s' in '%s'", member,
                     k_record_name(scope->rec));
        else
            snprintf(msg, sizeof msg, "'%s' is not a class: '%s' has no member type '%s'",
                     k_ty_str(scope, buf, sizeof buf), t->name, member);
        k_loc at = t->loc.line ? t->loc : loc;
        if (!reported(s->ctx, at, msg))   /* each use of a typedef of it is a copy */
            k_error(s->ctx, at, "%s", msg);
        k_type *i = k_type_new(s->ctx, TY_INT);
        *t = *i;
        return;
    }
}
