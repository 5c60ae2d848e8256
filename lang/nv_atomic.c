/* lang/nv_atomic.c -- CUDA 12.8's memory-order atomics (__nv_atomic_load_n,
 * __nv_atomic_store_n, __nv_atomic_fetch_add ...), which programs use under
 * `#if CUDA_VERSION >= 12080` (simtvm's CUDA_VERSION is 13000).  simtvm's
 * memory is one sequentially consistent store, so every order and scope
 * gives what the plain atomic gives: sema renames the call to it
 * (a load is atomicAdd(p, 0), which reads without racing the others). */
#include <string.h>

#include "sema.h"

static const struct {
    const char *name, *atomic;
    int value_args;           /* arguments before the order: pointer (+ value) */
} NV_ATOMICS[] = {
    {"__nv_atomic_load_n", "atomicAdd", 1},
    {"__nv_atomic_store_n", "atomicExch", 2},
    {"__nv_atomic_exchange_n", "atomicExch", 2},
    {"__nv_atomic_fetch_add", "atomicAdd", 2},
    {"__nv_atomic_fetch_sub", "atomicSub", 2},
    {"__nv_atomic_fetch_min", "atomicMin", 2},
    {"__nv_atomic_fetch_max", "atomicMax", 2},
    {"__nv_atomic_fetch_and", "atomicAnd", 2},
    {"__nv_atomic_fetch_or", "atomicOr", 2},
    {"__nv_atomic_fetch_xor", "atomicXor", 2},
};

int k_sema_nv_atomic(k_sema_state *s, k_expr *e)
{
    size_t n = sizeof NV_ATOMICS / sizeof NV_ATOMICS[0], i = 0;
    while (i < n && strcmp(NV_ATOMICS[i].name, e->name) != 0)
        i++;
    if (i == n || k_sema_lookup(s, e->name))
        return 0;
    int want = NV_ATOMICS[i].value_args;
    if (e->nargs != want + 1 && e->nargs != want + 2) {
        k_error(s->ctx, e->loc, "%s takes %d or %d arguments (%s, the memory order%s), not %d",
                e->name, want + 1, want + 2, want == 1 ? "the pointer" : "the pointer, the value",
                ", optionally the scope", e->nargs);
        return -1;
    }
    for (int a = want; a < e->nargs; a++)   /* the order and scope: checked, then unused */
        if (!k_sema_rvalue(s, e->args[a]))
            return -1;
    if (want == 1) {                         /* a load: atomicAdd(p, 0) */
        k_expr *zero = k_expr_new(s->ctx, E_INT, e->loc);
        e->args[1] = zero;
    }
    e->nargs = 2;
    e->name = NV_ATOMICS[i].atomic;
    return 1;
}

/* atomicAdd(p, v) with p a __half2 * or __nv_bfloat162 *: <cuda_fp16.h>'s
 * __simtvm_atomic_add16x2 (lang/cuda_fp16.c), a compare-and-swap loop on
 * the pair's 32-bit word; with p a __half * or __nv_bfloat16 *, its
 * __simtvm_atomic_add16, the same loop on 16 bits.  Returns 1 when the
 * call was renamed. */
int k_sema_fp16_atomic(k_sema_state *s, k_expr *e)
{
    if (strcmp(e->name, "atomicAdd") != 0 || e->nargs != 2 || k_sema_lookup(s, e->name))
        return 0;
    k_type *p = e->args[0]->type ? e->args[0]->type : k_sema_rvalue(s, e->args[0]);
    p = p ? k_decay(s->ctx, p) : NULL;
    const k_type *elem = p && p->kind == TY_PTR ? p->base : NULL;
    if (!elem || elem->kind != TY_RECORD || !elem->rec || !elem->rec->tag)
        return 0;
    const char *tag = elem->rec->tag;
    const char *name = !strcmp(tag, "__half2") || !strcmp(tag, "__nv_bfloat162")
                           ? "__simtvm_atomic_add16x2"
                       : !strcmp(tag, "__half") || !strcmp(tag, "__nv_bfloat16")
                           ? "__simtvm_atomic_add16" : NULL;
    if (!name || !k_sema_lookup(s, name))
        return 0;   /* without <cuda_fp16.h>: the builtin's own error */
    e->name = name;
    return 1;
}
