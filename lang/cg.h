/* lang/cg.h -- cooperative groups (<cooperative_groups.h>, SPEC 2.8): the
 * group types and the calls on them (lang/cg.c).
 *
 * A group is a 64-bit value (type kind TY_ULLONG with k_type.cg set), its
 * descriptor:
 *   bits  0..31  the lanes of the warp in the group (tiles, coalesced groups)
 *   bits 32..42  meta_group_rank (the tile's index among its parent's tiles)
 *   bits 43..55  meta_group_size
 *   bit  63      the group is the whole thread block (a thread_group holding
 *                a thread_block)
 * Sema rewrites every call on a group into the intrinsics it stands for
 * (__syncthreads, __syncwarp, __shfl_*_sync, __ballot_sync...), so lowering,
 * the VM and the checkers see exactly what the intrinsics give. */
#ifndef K_CG_H
#define K_CG_H

#include "sema.h"

enum k_cg_kind {
    CG_NONE,
    CG_BLOCK,        /* thread_block */
    CG_TILE,         /* thread_block_tile<N>: k_type.cg_tile = N */
    CG_COALESCED,    /* coalesced_group */
    CG_THREAD_GROUP, /* thread_group: a block or a warp-level group, known at run time */
    CG_GRID,         /* grid_group */
};

/* The cooperative_groups:: functions: k_builtin_info.op of their BK_CG entries. */
enum k_cg_fn {
    CGF_THIS_BLOCK, CGF_THIS_GRID, CGF_COALESCED, CGF_TILED, CGF_BINARY, CGF_LABELED,
    CGF_SYNC, CGF_REDUCE, CGF_COOP_LAUNCH,
};

/* The operations of cg::reduce (cg::plus<T>() ...). */
enum k_cg_op { CG_OP_PLUS, CG_OP_LESS, CG_OP_GREATER, CG_OP_AND, CG_OP_OR, CG_OP_XOR };

/* The built-in type names, given to add(arg, qualified name, type). */
void k_cg_types(k_ctx *ctx, void (*add)(void *arg, const char *name, k_type *type), void *arg);

/* thread_block_tile<N> (a type of the library's template). */
k_type *k_cg_tile_type(k_ctx *ctx, int n);

/* thread_block_tile<N> written as a template-id (TY_TEMPLATE_ID): becomes
 * the tile type in place.  Other templates' ids are left as they are. */
void k_cg_resolve_type(k_sema_state *s, k_type *t, k_loc loc);

/* A call of a cooperative_groups:: function (builtin of kind BK_CG). */
void k_cg_call(k_sema_state *s, k_expr *e, const k_builtin_info *b);

/* obj.name(args) (E_MCALL, obj in lhs): checks and rewrites it.  Returns its type. */
k_type *k_cg_member_call(k_sema_state *s, k_expr *e);

/* Can a group of type from initialize one of type to (both groups)? */
int k_cg_convertible(const k_type *to, const k_type *from);

#endif
