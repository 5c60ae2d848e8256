/* lang/bases_virtual.c -- virtual functions in a class with several bases
 * (lang/bases.c lays them out, lang/virtual.c has the rest).
 *
 * Every polymorphic subobject has its vtable pointer at its start: the
 * primary base shares the class's own (offset 0), a base at offset o > 0
 * has its own, which the class's constructors and destructors set to the
 * number of the class's "secondary vtable" for offset o (Itanium's
 * B-in-D vtable).  A virtual call through a pointer to a base compares that
 * number with each vtable the base can be part of (lowering): vtable (D, o)
 * calls D's final overrider along the path from D to the base subobject at
 * o, with `this` moved from o to the overrider's own subobject.  The same
 * number gives the offset of the whole object (`delete` through a base)
 * and the target of a dynamic_cast, down or across. */
#include <string.h>

#include "sema.h"

#define MAX_DEPTH 64

int k_vclass_entry(k_sema_state *s, k_record *r, uint32_t off)
{
    k_ctx *ctx = s->ctx;
    for (int i = 0; i < ctx->nvclasses; i++)
        if (ctx->vclasses[i] == r && ctx->vclass_offs[i] == off)
            return i + 1;
    if (ctx->nvclasses == ctx->vclasses_cap) {
        int cap = ctx->vclasses_cap ? ctx->vclasses_cap * 2 : 16;
        k_record **n = k_alloc(ctx, sizeof *n * (size_t)cap);
        uint32_t *o = k_alloc(ctx, sizeof *o * (size_t)cap);
        if (ctx->nvclasses) {
            memcpy(n, ctx->vclasses, sizeof *n * (size_t)ctx->nvclasses);
            memcpy(o, ctx->vclass_offs, sizeof *o * (size_t)ctx->nvclasses);
        }
        ctx->vclasses = n;
        ctx->vclass_offs = o;
        ctx->vclasses_cap = cap;
    }
    ctx->vclasses[ctx->nvclasses] = r;
    ctx->vclass_offs[ctx->nvclasses] = off;
    return ++ctx->nvclasses;
}

/* ---- the constructors' and destructors' stores ---- */

/* The offsets (> 0) of r's polymorphic subobjects, r at offset base, added
 * to offs[*n] once each. */
static void secondary_offsets(const k_record *r, uint32_t base, uint32_t *offs, int *n, int cap,
                              int depth)
{
    if (!r || depth > MAX_DEPTH)
        return;
    for (int i = 0; i < r->nbases && i < r->nfields; i++) {
        const k_type *t = r->fields[i].type;
        if (t->kind != TY_RECORD || !k_record_polymorphic(t->rec))
            continue;
        uint32_t at = base + r->fields[i].offset;
        int seen = at == 0;
        for (int k = 0; k < *n && !seen; k++)
            seen = offs[k] == at;
        if (!seen && *n < cap)
            offs[(*n)++] = at;
        secondary_offsets(t->rec, at, offs, n, cap, depth + 1);
    }
}

static k_expr *node(k_sema_state *s, k_expr_kind kind, k_loc loc, k_expr *lhs)
{
    k_expr *e = k_expr_new(s->ctx, kind, loc);
    e->builtin = -1;
    e->lhs = lhs;
    e->depth = lhs ? lhs->depth + 1 : 1;
    return e;
}

/* `*(unsigned long long *)((char *)this + off) = <vtable id's pointer>;` */
static k_stmt *store_at(k_sema_state *s, k_record *r, uint32_t off, int id, k_loc loc)
{
    k_expr *self = node(s, E_IDENT, loc, NULL);
    self->name = "this";
    k_expr *bytes = node(s, E_CAST, loc, self);
    bytes->type_written = k_type_ptr(s->ctx, k_ty(s->ctx, TY_CHAR));
    k_expr *n = node(s, E_INT, loc, NULL);
    n->ival = off;
    k_expr *at = node(s, E_BINARY, loc, bytes);
    at->op = KB_ADD;
    at->rhs = n;
    k_expr *slot = node(s, E_CAST, loc, at);
    slot->type_written = k_type_ptr(s->ctx, k_ty(s->ctx, TY_ULLONG));
    k_expr *deref = node(s, E_UNARY, loc, slot);
    deref->op = KU_DEREF;
    k_expr *v = node(s, E_VPTR, loc, NULL);
    v->type_written = k_ty(s->ctx, TY_RECORD);
    v->type_written->rec = r;
    v->ival = (uint64_t)id;
    k_expr *as = node(s, E_ASSIGN, loc, deref);
    as->op = KB_NONE;
    as->rhs = v;
    as->is_member_init = 1;
    k_stmt *st = k_stmt_new(s->ctx, S_EXPR, loc);
    st->expr = as;
    return st;
}

#define MAX_SECONDARY 64

k_stmt *k_bases_vptr_stores(k_sema_state *s, k_record *r, k_loc loc)
{
    uint32_t offs[MAX_SECONDARY];
    int n = 0;
    k_record_layout(s, r);
    secondary_offsets(r, 0, offs, &n, MAX_SECONDARY, 0);
    if (!n)
        return NULL;
    k_stmt *b = k_stmt_new(s->ctx, S_BLOCK, loc);
    b->stmts = k_alloc(s->ctx, sizeof *b->stmts * (size_t)n);
    for (int i = 0; i < n; i++)
        b->stmts[b->nstmts++] = store_at(s, r, offs[i], k_vclass_entry(s, r, offs[i]), loc);
    return b;
}

/* ---- what a vtable does (for lowering) ---- */

/* Is there a subobject of class st at offset want in r (r at offset at)?
 * Then *ovr is the final overrider of f along the path to it (the most
 * derived class on the path with its own function in f's slot) and *ovr_at
 * that class's offset. */
static int path_to(const k_record *r, int64_t at, const k_record *st, int64_t want,
                   const k_decl *f, k_decl **ovr, int64_t *ovr_at, int depth)
{
    if (!r || depth > MAX_DEPTH)
        return 0;
    int found = r == st && at == want;
    for (int i = 0; !found && i < r->nbases && i < r->nfields; i++) {
        const k_type *t = r->fields[i].type;
        found = t->kind == TY_RECORD &&
                path_to(t->rec, at + r->fields[i].offset, st, want, f, ovr, ovr_at, depth + 1);
    }
    k_decl *own = found ? k_virtual_own_in_slot(r, f) : NULL;
    if (own) {
        *ovr = own;
        *ovr_at = at;
    }
    return found;
}

int k_vtable_call(const k_ctx *ctx, int i, const k_decl *f, k_decl **ovr, int64_t *delta)
{
    const k_record *c = ctx->vclasses[i];
    int64_t o = ctx->vclass_offs[i], at = 0;
    *ovr = NULL;
    if (!f->method_of || !path_to(c, 0, f->method_of, o, f, ovr, &at, 0))
        return 0;
    *delta = at - o;
    return 1;
}

int k_vtable_cast(const k_ctx *ctx, int i, const k_record *to, int64_t *delta)
{
    const k_record *c = ctx->vclasses[i];
    int64_t off;
    if (k_record_base_offset(c, to, &off) != 1)
        return 0;
    *delta = off - (int64_t)ctx->vclass_offs[i];
    return 1;
}
