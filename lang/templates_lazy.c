/* lang/templates_lazy.c -- C++ instantiates a member function of a class
 * template only where it is used: `Box<NoLess>` is a fine type although
 * its `operator<` would compare two NoLess, as long as nothing calls it.
 *
 * The instance's layout, member declarations and signatures are made at
 * once (lang/templates_class_sema.c); a member function's body is checked
 * then too, as the checking of one body may instantiate what another needs,
 * but its errors are held back: the function keeps them (k_decl.deferred)
 * and is not lowered, and lowering gives them, with a note naming the use,
 * where a call or the function's address first needs it (lw_func_index). */
#include <string.h>

#include "templates_sema.h"

/* Members C++ also makes on use, which this file defers: ordinary member
 * functions, operators and written constructors (std::tuple<int &>'s
 * default one, which cannot bind its reference).  A virtual one is made
 * with its class (its vtable names it), and destructors and the implicit
 * members are made with it too (the implicit members' checks depend on
 * them). */
static int deferrable(const k_decl *m)
{
    return m->body && !m->implicit_default && !m->implicit_dtor && !m->implicit_move &&
           !m->implicit_copy && m->method_kind != M_DTOR && !k_method_is_virtual(m);
}

void k_tpls_member_instance(k_sema_state *s, k_decl *m)
{
    if (!deferrable(m)) {
        k_sema_instance(s, m);
        return;
    }
    k_ctx *ctx = s->ctx;
    struct k_tpl_sema *ts = k_tpls_state(s);
    int ndiags = ctx->ndiags, nerrors = ctx->nerrors, nout = ts->nout;
    k_sema_instance(s, m);
    if (ctx->nerrors == nerrors || ctx->oom)
        return;
    int n = ctx->ndiags - ndiags;
    k_diag *kept = n > 0 ? k_alloc(ctx, (size_t)n * sizeof *kept) : NULL;
    if (!kept)
        return;   /* past the error limit: nothing to hold back, the errors stand */
    memcpy(kept, ctx->diags + ndiags, (size_t)n * sizeof *kept);
    m->deferred = kept;
    m->ndeferred = n;
    m->body_failed = 1;
    ctx->ndiags = ndiags;
    ctx->nerrors = nerrors;
    /* what this body instantiated and could not check fails where used, too */
    for (int i = nout; i < ts->nout; i++) {
        k_decl *d = ts->out[i];
        if (d->kind == D_FUNC && d->body_failed && !d->deferred) {
            d->deferred = kept;
            d->ndeferred = m->ndeferred;
        }
    }
}

/* Whether fn's held-back diagnostics stand in ctx now: given once, they
 * may since have been held back again with the body of a member that used
 * fn (and that failed for it). */
static int given(const k_ctx *ctx, const k_decl *fn)
{
    int at = fn->deferred_at - 1;
    return at >= 0 && at < ctx->ndiags && ctx->diags[at].message == fn->deferred[0].message;
}

int k_deferred_use(k_ctx *ctx, k_decl *fn, k_loc at)
{
    if (!fn || !fn->body_failed || !fn->deferred)
        return 0;
    if (given(ctx, fn))
        return 1;
    fn->deferred_at = ctx->ndiags + 1;
    for (int i = 0; i < fn->ndeferred; i++)
        k_diag_replay(ctx, &fn->deferred[i]);
    k_note(ctx, at, "in instantiation of member function '%s' requested here", fn->name);
    return 1;
}
