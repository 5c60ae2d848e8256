/* lang/sema_launch.c -- kernel launches in sema: `kernel<<<g, b, shm,
 * stream>>>(args)` by name or through a pointer to a __global__ function,
 * and cudaLaunchKernel(func, grid, block, args, shared, stream): the launch
 * configuration's types, a kernel's reference parameters (no temporaries,
 * no host variables); from device code, launches by name only (split from
 * sema_expr.c). */
#include "sema.h"

#define TYBUF 96

static void launch_dim(k_sema_state *s, k_expr *c, const char *what)
{
    k_type *t = k_sema_rvalue(s, c);
    /* dim3's constructor takes unsigned ints, so any arithmetic value
     * converts (<<<ceil(n / 256.0), 256>>>) */
    if (t && !k_ty_is_arith(t) && !(t->kind == TY_DIM3 || t->kind == TY_UINT3))
        k_error(s->ctx, c->loc, "the %s of a launch must be a number or a dim3", what);
}

/* A variable of the host named directly (not a reference to another
 * object): no memory the device can reach. */
static int host_variable(const k_expr *a)
{
    const k_decl *d = a->kind == E_IDENT ? a->decl : NULL;
    return d && (d->kind == D_VAR || d->kind == D_PARAM) && d->type &&
           d->type->kind != TY_REF;
}

/* A kernel's reference parameter is passed as the object's address (valid
 * CUDA when the object is in managed memory); a temporary has no address
 * the device could reach, so binding one is an error. */
static void launch_ref_args(k_sema_state *s, k_expr *e)
{
    k_decl *f = e->decl && e->decl->kind == D_FUNC ? e->decl : NULL;
    for (int i = 0; f && i < e->nargs && i < f->nparams; i++)
        if (f->params[i]->type->kind == TY_REF && e->args[i]->type && !e->args[i]->is_lvalue) {
            k_error(s->ctx, e->args[i]->loc, "a kernel's reference parameter '%s' cannot "
                    "bind a temporary (pass an object in managed memory)",
                    f->params[i]->name ? f->params[i]->name : "");
            return;
        } else if (f->params[i]->type->kind == TY_REF && host_variable(e->args[i])) {
            k_error(s->ctx, e->args[i]->loc, "a kernel's reference parameter '%s' cannot bind "
                    "the host variable '%s' (the device cannot reach the host's memory: pass "
                    "an object in managed memory, or a pointer to device memory)",
                    f->params[i]->name ? f->params[i]->name : "", e->args[i]->decl->name);
            return;
        }
}

/* kernel<<<g, b>>>(args) with kernel a pointer to a function (a variable,
 * an array element, a member): lowering picks the kernel at run time among
 * the __global__ functions of that type whose address the program takes. */
static int launch_pointer(k_sema_state *s, k_expr *e)
{
    if (s->fn_kind & (FN_DEVICE | FN_KERNEL)) {
        k_error(s->ctx, e->loc, "launching a kernel through a pointer from device code is not "
                "supported (launch it by name)");
        return 0;
    }
    k_expr *c = e->lhs;
    if (c->kind == E_UNARY && c->op == KU_DEREF)   /* (*kernel)<<<...>>> */
        e->lhs = c = c->lhs;
    k_type *t = k_sema_rvalue(s, c);
    if (!t)
        return 0;
    if (t->kind != TY_PTR || t->base->kind != TY_FUNC || t->base->base->kind != TY_VOID) {
        char b[TYBUF];
        k_error(s->ctx, e->loc, "the launched object of type '%s' is not a pointer to a "
                "__global__ function (void (*)(...))", k_ty_str(t, b, sizeof b));
        return 0;
    }
    const k_type *ft = t->base;
    k_type **argt = k_alloc(s->ctx, sizeof *argt * (size_t)(e->nargs + 1));
    e->sema_ext = argt;
    if (e->nargs != ft->nparams || ft->variadic) {
        k_error(s->ctx, e->loc, "too %s arguments to a launch through a kernel pointer: it "
                "takes %d, %d given", e->nargs < ft->nparams ? "few" : "many", ft->nparams,
                e->nargs);
        return 0;
    }
    for (int i = 0; i < e->nargs; i++) {
        if (ft->params[i]->kind == TY_REF) {
            k_error(s->ctx, e->args[i]->loc, "launching through a pointer a kernel with a "
                    "reference parameter is not supported (pass a pointer)");
            return 0;
        }
        if (k_sema_rvalue(s, e->args[i]) &&
            k_sema_assignable(s, ft->params[i], e->args[i], "argument"))
            argt[i] = ft->params[i];
    }
    return 1;
}

/* cudaLaunchKernel(func, grid, block, args, shared = 0, stream = 0): the
 * runtime picks the kernel from the pointer and reads its arguments from
 * args, one pointer per parameter, as a graph's kernel node does
 * (runtime/host_graph.c); lowering passes the dim3s by address. */
k_type *k_sema_launch_kernel_call(k_sema_state *s, k_expr *e)
{
    if (s->fn_kind & (FN_DEVICE | FN_KERNEL)) {
        k_error(s->ctx, e->loc, "cudaLaunchKernel from device code is not supported "
                "(use kernel<<<grid, block, shared, stream>>>(args))");
        return NULL;
    }
    if (e->nargs < 4 || e->nargs > 6) {
        k_error(s->ctx, e->loc, "cudaLaunchKernel takes 4 to 6 arguments (kernel, grid, block, "
                "arguments, shared bytes, stream), %d given", e->nargs);
        return NULL;
    }
    k_type *f = k_sema_rvalue(s, e->args[0]);
    if (f && k_decay(s->ctx, f)->kind != TY_PTR && !k_is_null_const(e->args[0])) {
        k_error(s->ctx, e->args[0]->loc, "cudaLaunchKernel's first argument must be a "
                "__global__ function or a pointer to one");
        return NULL;
    }
    launch_dim(s, e->args[1], "grid size");
    launch_dim(s, e->args[2], "block size");
    k_type *a = k_sema_rvalue(s, e->args[3]);
    if (a && k_decay(s->ctx, a)->kind != TY_PTR && !k_is_null_const(e->args[3])) {
        k_error(s->ctx, e->args[3]->loc, "cudaLaunchKernel's arguments must be a void ** (one "
                "pointer per kernel parameter)");
        return NULL;
    }
    if (e->nargs > 4 && k_sema_rvalue(s, e->args[4]))
        k_sema_assignable(s, k_ty(s->ctx, TY_ULONG), e->args[4], "shared bytes");
    if (e->nargs > 5) {
        k_type *st = k_sema_rvalue(s, e->args[5]);
        if (st && k_decay(s->ctx, st)->kind != TY_PTR && !k_is_null_const(e->args[5]))
            k_error(s->ctx, e->args[5]->loc, "the stream of a launch must be a cudaStream_t");
    }
    e->is_launch_kernel = 1;
    k_type *t = k_ty(s->ctx, TY_INT);
    t->alias = "cudaError_t";
    e->type = t;
    return t;
}

k_type *k_sema_launch(k_sema_state *s, k_expr *e)
{
    k_decl *fp = e->name ? k_sema_lookup(s, e->name) : NULL;
    if (fp && fp->kind != D_FUNC) {   /* a variable: a pointer to a kernel */
        k_expr *callee = k_expr_new(s->ctx, E_IDENT, e->loc);
        callee->name = e->name;
        callee->depth = 1;
        e->lhs = callee;
        e->name = NULL;
    }
    if (!e->name) {
        if (!launch_pointer(s, e))
            return NULL;
    } else {
        k_sema_call_expr(s, e); /* a non-void __global__ function was reported at its declaration */
        launch_ref_args(s, e);
    }
    launch_dim(s, e->config[0], "grid size");
    launch_dim(s, e->config[1], "block size");
    if (e->config[2]) {
        k_type *z = k_ty(s->ctx, TY_ULONG);
        if (k_sema_rvalue(s, e->config[2]))
            k_sema_assignable(s, z, e->config[2], "launch configuration");
    }
    if (e->config[3]) {
        k_type *st = k_sema_rvalue(s, e->config[3]);
        if (st && k_decay(s->ctx, st)->kind != TY_PTR && !k_is_null_const(e->config[3]))
            k_error(s->ctx, e->config[3]->loc, "the stream of a launch must be a cudaStream_t");
    }
    e->type = k_ty(s->ctx, TY_VOID);
    return e->type;
}
