/* lang/launch_ex.c -- cudaLaunchKernelEx(&config, kernel, args...) in sema.
 *
 * CUDA declares it as a variadic template over the kernel's parameter
 * types; K rewrites the call into the launch it stands for, so the
 * arguments convert to the kernel's parameters as in `<<<>>>`:
 *
 *   config->numAttrs == 0
 *     ? (kernel<<<config->gridDim, config->blockDim, config->dynamicSmemBytes,
 *                 config->stream>>>(args...), cudaPeekAtLastError())
 *     : cudaErrorNotSupported
 *
 * config is read once per use, so it must be `&variable` or a pointer
 * variable (no side effects to repeat).  Launch attributes are not built:
 * a launch that has some returns cudaErrorNotSupported and runs nothing. */
#include <string.h>

#include "sema.h"
#include "templates.h"

enum { CUDA_ERROR_NOT_SUPPORTED = 801 };

static k_expr *node(k_sema_state *s, k_expr_kind kind, k_loc loc)
{
    k_expr *e = k_expr_new(s->ctx, kind, loc);
    e->builtin = -1;
    e->depth = 1;
    return e;
}

/* config->name, config copied. */
static k_expr *field(k_sema_state *s, const k_expr *config, const char *name)
{
    k_subst none = {0};
    k_expr *d = node(s, E_UNARY, config->loc);
    d->op = KU_DEREF;
    d->lhs = k_clone_expr(s->ctx, config, &none);
    d->depth = d->lhs->depth + 1;
    k_expr *m = node(s, E_MEMBER, config->loc);
    m->lhs = d;
    m->name = name;
    m->depth = d->depth + 1;
    return m;
}

static int plain_config(const k_expr *c)
{
    return c->kind == E_IDENT ||
           (c->kind == E_UNARY && c->op == KU_ADDR && c->lhs->kind == E_IDENT);
}

/* The launch of kernel (e->args[1]) with e's arguments after it. */
static k_expr *launch_of(k_sema_state *s, k_expr *e)
{
    k_expr *kernel = e->args[1], *config = e->args[0];
    k_expr *l = node(s, E_LAUNCH, e->loc);
    if (kernel->kind == E_IDENT) {
        l->name = kernel->name;
        l->targs = kernel->targs;
        l->ntargs = kernel->ntargs;
        l->has_targs = kernel->has_targs;
        l->tpl_class = kernel->tpl_class;
    } else {
        l->lhs = kernel;
    }
    static const char *const names[4] = {"gridDim", "blockDim", "dynamicSmemBytes", "stream"};
    for (int i = 0; i < 4; i++)
        l->config[i] = field(s, config, names[i]);
    l->args = e->args + 2;
    l->nargs = e->nargs - 2;
    l->depth = 3;
    return l;
}

k_type *k_sema_launch_ex(k_sema_state *s, k_expr *e)
{
    if (s->fn_kind & (FN_DEVICE | FN_KERNEL)) {
        k_error(s->ctx, e->loc, "cudaLaunchKernelEx from device code is not supported "
                "(use kernel<<<grid, block, shared, stream>>>(args))");
        return NULL;
    }
    if (e->nargs < 2) {
        k_error(s->ctx, e->loc, "cudaLaunchKernelEx takes the launch's configuration, the "
                "kernel and its arguments, %d given", e->nargs);
        return NULL;
    }
    if (!plain_config(e->args[0])) {
        k_error(s->ctx, e->args[0]->loc, "cudaLaunchKernelEx's configuration must be "
                "`&config` or a pointer variable in K (it is read once per field)");
        return NULL;
    }
    k_expr *peek = node(s, E_CALL, e->loc);
    peek->name = "cudaPeekAtLastError";
    k_expr *both = node(s, E_BINARY, e->loc);
    both->op = KB_COMMA;
    both->lhs = launch_of(s, e);
    both->rhs = peek;
    both->depth = 4;
    k_expr *none = node(s, E_BINARY, e->loc);
    none->op = KB_EQ;
    none->lhs = field(s, e->args[0], "numAttrs");
    none->rhs = node(s, E_INT, e->loc);
    none->depth = 4;
    k_expr *unsupported = node(s, E_INT, e->loc);
    unsupported->ival = CUDA_ERROR_NOT_SUPPORTED;
    k_expr *c = node(s, E_COND, e->loc);
    c->cond = none;
    c->lhs = both;
    c->rhs = unsupported;
    c->depth = 5;
    *e = *c;
    return k_sema_expr(s, e);
}
