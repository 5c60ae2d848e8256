/* lang/cg.c -- cooperative groups (SPEC 2.8): the group types, and every
 * call on a group rewritten in sema into the intrinsics it stands for, so
 * that its semantics and its checker findings are theirs:
 *   - a thread_block's sync is __syncthreads, its ranks come from threadIdx;
 *   - a tile's or coalesced group's sync is __syncwarp over its lanes, its
 *     shuffles and votes the *_sync intrinsics over its lanes (a tile's
 *     shuffles wrap at its width), its rank the number of its lanes below;
 *   - a grid's sync is the grid barrier (BAR_GRID, vm/grid.c), and
 *     cudaLaunchCooperativeKernel the launch it stands for;
 *   - cg::reduce is what CUDA's header computes, in its order.
 * The descriptor's layout is in cg.h.  A group expression has no side
 * effects (a variable, or a call that reads the thread's position), so the
 * rewrites may read it more than once. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cg.h"

#define TYBUF 96

#define NS "cooperative_groups::"
#define META_RANK_SHIFT 32
#define META_SIZE_SHIFT 43
#define BLOCK_BIT 63

/* ---------------------------------------------------------------- types */
static const char *const kind_names[] = {
    "", NS "thread_block", NS "thread_block_tile", NS "coalesced_group", NS "thread_group",
    NS "grid_group",
};

static k_type *group_type(k_ctx *ctx, int kind)
{
    k_type *t = k_ty(ctx, TY_ULLONG);
    t->cg = kind;
    t->alias = kind_names[kind];
    return t;
}

k_type *k_cg_tile_type(k_ctx *ctx, int n)
{
    k_type *t = group_type(ctx, CG_TILE);
    char buf[64];
    snprintf(buf, sizeof buf, NS "thread_block_tile<%d>", n);
    t->alias = k_strndup(ctx, buf, strlen(buf));
    t->cg_tile = n;
    return t;
}

void k_cg_resolve_type(k_sema_state *s, k_type *t, k_loc loc)
{
    if (!t->name || strcmp(t->name, NS "thread_block_tile") != 0)
        return;
    int64_t n = 0;
    /* thread_block_tile<N> or <N, ParentT> (the parent changes nothing here) */
    if (t->ntargs < 1 || t->ntargs > 2 || !t->targs[0].expr) {
        k_error(s->ctx, loc, "thread_block_tile takes a size: thread_block_tile<N>");
        n = 32;
    } else if (!k_sema_const_int(s, t->targs[0].expr, &n)) {
        n = 32;
    } else if (n < 1 || n > 32 || (n & (n - 1))) {
        k_error(s->ctx, loc, "thread_block_tile<%lld>: the size must be 1, 2, 4, 8, 16 or 32"
                " (a tile is part of one warp)", (long long)n);
        n = 32;
    }
    unsigned quals = t->quals;
    *t = *k_cg_tile_type(s->ctx, (int)n);
    t->quals = quals;
}

void k_cg_types(k_ctx *ctx, void (*add)(void *arg, const char *name, k_type *type), void *arg)
{
    static const int kinds[] = { CG_BLOCK, CG_COALESCED, CG_THREAD_GROUP, CG_GRID };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        add(arg, kind_names[kinds[i]], group_type(ctx, kinds[i]));
}

int k_cg_convertible(const k_type *to, const k_type *from)
{
    if (!from->cg || !to->cg)
        return 0;
    if (to->cg == CG_THREAD_GROUP)
        return from->cg != CG_GRID;
    return to->cg == from->cg && to->cg_tile == from->cg_tile;
}

/* ------------------------------------------------- building the rewrite */
typedef struct cgb {
    k_sema_state *s;
    k_loc loc;                /* every node of the rewrite: the call's position */
} cgb;

static k_expr *node(cgb *b, k_expr_kind kind, k_expr *l, k_expr *r)
{
    k_expr *e = k_expr_new(b->s->ctx, kind, b->loc);
    e->lhs = l;
    e->rhs = r;
    uint32_t d = 0;
    if (l && l->depth > d)
        d = l->depth;
    if (r && r->depth > d)
        d = r->depth;
    e->depth = d + 1;
    return e;
}

/* An unsigned long long constant (u32: an unsigned int one). */
static k_expr *num(cgb *b, uint64_t v)
{
    k_expr *e = node(b, E_INT, NULL, NULL);
    e->ival = v;
    e->int_unsigned = 1;
    e->int_long = 2;
    return e;
}

static k_expr *u32(cgb *b, uint32_t v)
{
    k_expr *e = node(b, E_INT, NULL, NULL);
    e->ival = v;
    e->int_unsigned = 1;
    return e;
}

static k_expr *bin(cgb *b, int op, k_expr *l, k_expr *r)
{
    k_expr *e = node(b, E_BINARY, l, r);
    e->op = op;
    return e;
}

static k_expr *cond(cgb *b, k_expr *c, k_expr *l, k_expr *r)
{
    k_expr *e = node(b, E_COND, l, r);
    e->cond = c;
    if (c->depth >= e->depth)
        e->depth = c->depth + 1;
    return e;
}

static k_expr *cast(cgb *b, k_type_kind kind, k_expr *x)
{
    k_expr *e = node(b, E_CAST, x, NULL);
    e->type_written = k_ty(b->s->ctx, kind);
    return e;
}

static k_expr *ident(cgb *b, const char *name)
{
    k_expr *e = node(b, E_IDENT, NULL, NULL);
    e->name = name;
    return e;
}

static k_expr *field(cgb *b, const char *var, const char *f)
{
    k_expr *e = node(b, E_MEMBER, ident(b, var), NULL);
    e->name = f;
    return e;
}

/* A call of the intrinsic `name` with n arguments. */
static k_expr *call(cgb *b, const char *name, int n, ...)
{
    k_expr *e = node(b, E_CALL, NULL, NULL);
    e->name = name;
    e->args = k_alloc(b->s->ctx, sizeof *e->args * (size_t)(n + 1));
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        k_expr *a = va_arg(ap, k_expr *);
        e->args[e->nargs++] = a;
        if (a->depth >= e->depth)
            e->depth = a->depth + 1;
    }
    va_end(ap);
    return e;
}

/* An already checked expression's bits as unsigned long long (the cast is
 * typed here: sema does not check typed nodes again, and lowering sees a
 * conversion that changes nothing). */
static k_expr *typed_as(cgb *b, k_type *t, k_expr *x)
{
    k_expr *e = node(b, E_CAST, x, NULL);
    e->type_written = t;
    e->type = t;
    return e;
}

static k_expr *raw(cgb *b, k_expr *g)
{
    return typed_as(b, k_ty(b->s->ctx, TY_ULLONG), g);
}

/* ---- the values a rewrite reads ---- */
static k_expr *lane(cgb *b)
{
    return call(b, " laneid", 0);
}

static k_expr *mask_of(cgb *b, k_expr *g)
{
    return cast(b, TY_UINT, raw(b, g));
}

/* (descriptor >> shift) & bits, as unsigned long long */
static k_expr *bits_of(cgb *b, k_expr *g, int shift, uint64_t bits)
{
    return bin(b, KB_BITAND, bin(b, KB_SHR, raw(b, g), u32(b, (uint32_t)shift)), num(b, bits));
}

static k_expr *is_block(cgb *b, k_expr *g)
{
    return bin(b, KB_NE, bin(b, KB_SHR, raw(b, g), u32(b, BLOCK_BIT)), num(b, 0));
}

/* threadIdx's linear index in the block (x fastest), unsigned */
static k_expr *block_rank(cgb *b)
{
    k_expr *yz = bin(b, KB_ADD, field(b, "threadIdx", "y"),
                     bin(b, KB_MUL, field(b, "blockDim", "y"), field(b, "threadIdx", "z")));
    return bin(b, KB_ADD, field(b, "threadIdx", "x"),
               bin(b, KB_MUL, field(b, "blockDim", "x"), yz));
}

static k_expr *block_size(cgb *b)
{
    return bin(b, KB_MUL, bin(b, KB_MUL, field(b, "blockDim", "x"), field(b, "blockDim", "y")),
               field(b, "blockDim", "z"));
}

/* The rank of a lane among the group's lanes: its set lanes below it. */
static k_expr *warp_rank(cgb *b, k_expr *g)
{
    k_expr *below = bin(b, KB_SUB, bin(b, KB_SHL, u32(b, 1), lane(b)), u32(b, 1));
    return cast(b, TY_UINT, call(b, "__popc", 1, bin(b, KB_BITAND, mask_of(b, g), below)));
}

static k_expr *warp_size(cgb *b, k_expr *g)
{
    return cast(b, TY_UINT, call(b, "__popc", 1, mask_of(b, g)));
}

static k_expr *rank_of(cgb *b, const k_type *t, k_expr *g)
{
    switch (t->cg) {
    case CG_BLOCK:
        return block_rank(b);
    case CG_TILE:
        return bin(b, KB_BITAND, block_rank(b), u32(b, (uint32_t)t->cg_tile - 1));
    case CG_THREAD_GROUP:
        return cond(b, is_block(b, g), block_rank(b), warp_rank(b, g));
    default:
        return warp_rank(b, g);
    }
}

static k_expr *size_of(cgb *b, const k_type *t, k_expr *g)
{
    switch (t->cg) {
    case CG_BLOCK:
        return block_size(b);
    case CG_TILE:
        return u32(b, (uint32_t)t->cg_tile);
    case CG_THREAD_GROUP:
        return cond(b, is_block(b, g), block_size(b), warp_size(b, g));
    default:
        return warp_size(b, g);
    }
}

/* The grid: blockIdx's linear index, and the block count, as unsigned long long. */
static k_expr *grid_block_rank(cgb *b)
{
    k_expr *yz = bin(b, KB_ADD, cast(b, TY_ULLONG, field(b, "blockIdx", "y")),
                     bin(b, KB_MUL, cast(b, TY_ULLONG, field(b, "gridDim", "y")),
                         field(b, "blockIdx", "z")));
    return bin(b, KB_ADD, cast(b, TY_ULLONG, field(b, "blockIdx", "x")),
               bin(b, KB_MUL, cast(b, TY_ULLONG, field(b, "gridDim", "x")), yz));
}

static k_expr *grid_blocks(cgb *b)
{
    return bin(b, KB_MUL, bin(b, KB_MUL, cast(b, TY_ULLONG, field(b, "gridDim", "x")),
                              field(b, "gridDim", "y")), field(b, "gridDim", "z"));
}

/* ------------------------------------------------------------- errors */
static k_expr *fail(cgb *b, const char *fmt, const char *a)
{
    k_error(b->s->ctx, b->loc, fmt, a);
    return NULL;
}

static const char *type_name(const k_type *t)
{
    return t->alias ? t->alias : "?";
}

/* Checks every argument of a call that will not be rewritten (after an
 * error), so that errors inside them are still found. */
static int reduce_op(const k_expr *e);

static void check_args(k_sema_state *s, k_expr *e)
{
    for (int i = 0; i < e->nargs; i++)
        if (reduce_op(e->args[i]) < 0)   /* cg::plus<T>() is no class K has: one error */
            k_sema_expr(s, e->args[i]);
}

/* Replaces the call e by its checked rewrite r. */
static k_type *replace(k_sema_state *s, k_expr *e, k_expr *r)
{
    if (!r || !k_sema_expr(s, r))
        return NULL;
    k_loc loc = e->loc;
    *e = *r;
    e->loc = loc;
    return e->type;
}

/* x (unchecked) checked, then given group type t. */
static k_expr *as_group(cgb *b, k_type *t, k_expr *x)
{
    if (!k_sema_expr(b->s, x))
        return NULL;
    return typed_as(b, t, x);
}

static int is_warp_group(const k_type *t)
{
    return t->cg == CG_TILE || t->cg == CG_COALESCED;
}

/* ------------------------------------------------------ synchronization */
static k_expr *grid_sync(cgb *b)
{
    return call(b, " grid_sync", 0);
}

static k_expr *sync_of(cgb *b, const k_type *t, k_expr *g)
{
    switch (t->cg) {
    case CG_BLOCK:
        return call(b, "__syncthreads", 0);
    case CG_GRID:
        return grid_sync(b);
    case CG_THREAD_GROUP:
        return cond(b, is_block(b, g), call(b, "__syncthreads", 0),
                    call(b, "__syncwarp", 1, mask_of(b, g)));
    default:
        return call(b, "__syncwarp", 1, mask_of(b, g));
    }
}

/* --------------------------------------------------- warp collectives */
/* A lane mask of the warp as the group sees it: bit i for its rank i. */
static k_expr *group_bits(cgb *b, const k_type *t, k_expr *g, k_expr *lanes)
{
    if (t->cg == CG_COALESCED)
        return call(b, " pext", 2, lanes, mask_of(b, g));
    k_expr *base = bin(b, KB_BITAND, lane(b), u32(b, ~((uint32_t)t->cg_tile - 1)));
    return bin(b, KB_SHR, lanes, base);
}

/* The lane of the group's rank r (a coalesced group's lanes need not be
 * contiguous). */
static k_expr *lane_of_rank(cgb *b, k_expr *g, k_expr *r)
{
    return call(b, " nth_lane", 2, mask_of(b, g), r);
}

static k_expr *coalesced_shfl(cgb *b, const char *m, k_expr *g, k_expr *v, k_expr *k)
{
    k_expr *rank = warp_rank(b, g), *src;
    k_expr *d = cast(b, TY_UINT, k);
    if (strcmp(m, "shfl") == 0)
        src = lane_of_rank(b, g, d);
    else if (strcmp(m, "shfl_up") == 0)   /* no rank d below: its own value */
        src = cond(b, bin(b, KB_GE, rank, d),
                   lane_of_rank(b, g, bin(b, KB_SUB, warp_rank(b, g), d)), lane(b));
    else
        src = cond(b, bin(b, KB_LT, bin(b, KB_ADD, rank, d), warp_size(b, g)),
                   lane_of_rank(b, g, bin(b, KB_ADD, warp_rank(b, g), d)), lane(b));
    k_expr *e = call(b, "__shfl_sync", 4, mask_of(b, g), v, src, u32(b, 32));
    e->group_shfl = 1;   /* a group's shfl takes any record of 32-bit words */
    return e;
}

static k_expr *shuffle(cgb *b, const char *m, const k_type *t, k_expr *g, k_expr **a)
{
    static const char *const names[][2] = {
        {"shfl", "__shfl_sync"}, {"shfl_up", "__shfl_up_sync"},
        {"shfl_down", "__shfl_down_sync"}, {"shfl_xor", "__shfl_xor_sync"},
    };
    if (t->cg == CG_COALESCED) {
        if (strcmp(m, "shfl_xor") == 0)
            return fail(b, "a coalesced_group has no member 'shfl_xor'%s", "");
        return coalesced_shfl(b, m, g, a[0], a[1]);
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(m, names[i][0]) != 0)
            continue;
        k_expr *e = call(b, names[i][1], 4, mask_of(b, g), a[0], a[1],
                         u32(b, (uint32_t)t->cg_tile));
        e->group_shfl = 1;   /* a group's shfl takes any record of 32-bit words */
        return e;
    }
    return NULL;
}

static k_expr *vote(cgb *b, const char *m, const k_type *t, k_expr *g, k_expr **a)
{
    if (strcmp(m, "any") == 0)
        return call(b, "__any_sync", 2, mask_of(b, g), a[0]);
    if (strcmp(m, "all") == 0)
        return call(b, "__all_sync", 2, mask_of(b, g), a[0]);
    if (strcmp(m, "ballot") == 0)
        return group_bits(b, t, g, call(b, "__ballot_sync", 2, mask_of(b, g), a[0]));
    if (strcmp(m, "match_any") == 0)
        return group_bits(b, t, g, call(b, "__match_any_sync", 2, mask_of(b, g), a[0]));
    k_expr *pred = node(b, E_UNARY, a[1], NULL);   /* match_all(v, int &pred) */
    pred->op = KU_ADDR;
    return group_bits(b, t, g, call(b, "__match_all_sync", 3, mask_of(b, g), a[0], pred));
}

/* ------------------------------------------------------ member functions */
enum {
    K_BLOCK = 1 << CG_BLOCK, K_TILE = 1 << CG_TILE, K_COAL = 1 << CG_COALESCED,
    K_TG = 1 << CG_THREAD_GROUP, K_GRID = 1 << CG_GRID,
    K_WARP = K_TILE | K_COAL, K_ALL = K_BLOCK | K_WARP | K_TG | K_GRID,
};

typedef enum {
    M_SYNC, M_RANK, M_SIZE, M_META_RANK, M_META_SIZE, M_INDEX, M_VALID, M_SHFL, M_VOTE,
    M_BLOCK_RANK, M_NUM_BLOCKS,
} member_op;

typedef struct member_info {
    const char *name;
    member_op op;
    int kinds;                /* K_* of the groups that have it */
    int nargs;
    const char *var;          /* M_INDEX: the built-in variable it is */
} member_info;

static const member_info members[] = {
    {"sync", M_SYNC, K_ALL, 0, NULL},
    {"thread_rank", M_RANK, K_ALL, 0, NULL},
    {"size", M_SIZE, K_ALL, 0, NULL},
    {"num_threads", M_SIZE, K_ALL, 0, NULL},
    {"meta_group_rank", M_META_RANK, K_WARP, 0, NULL},
    {"meta_group_size", M_META_SIZE, K_WARP, 0, NULL},
    {"group_index", M_INDEX, K_BLOCK, 0, "blockIdx"},
    {"thread_index", M_INDEX, K_BLOCK, 0, "threadIdx"},
    {"group_dim", M_INDEX, K_BLOCK, 0, "blockDim"},
    {"dim_threads", M_INDEX, K_BLOCK, 0, "blockDim"},
    {"block_index", M_INDEX, K_GRID, 0, "blockIdx"},
    {"dim_blocks", M_INDEX, K_GRID, 0, "gridDim"},
    {"block_rank", M_BLOCK_RANK, K_GRID, 0, NULL},
    {"num_blocks", M_NUM_BLOCKS, K_GRID, 0, NULL},
    {"is_valid", M_VALID, K_TG | K_GRID, 0, NULL},
    {"shfl", M_SHFL, K_WARP, 2, NULL},
    {"shfl_up", M_SHFL, K_WARP, 2, NULL},
    {"shfl_down", M_SHFL, K_WARP, 2, NULL},
    {"shfl_xor", M_SHFL, K_WARP, 2, NULL},
    {"any", M_VOTE, K_WARP, 1, NULL},
    {"all", M_VOTE, K_WARP, 1, NULL},
    {"ballot", M_VOTE, K_WARP, 1, NULL},
    {"match_any", M_VOTE, K_WARP, 1, NULL},
    {"match_all", M_VOTE, K_WARP, 2, NULL},
};

static const member_info *find_member(const char *name)
{
    for (size_t i = 0; i < sizeof members / sizeof members[0]; i++)
        if (strcmp(members[i].name, name) == 0)
            return &members[i];
    return NULL;
}

/* thread_block's ranks and sizes are unsigned int; every other group's
 * unsigned long long (as in CUDA 12's headers). */
static k_expr *count(cgb *b, const k_type *t, k_expr *x)
{
    return t->cg == CG_BLOCK ? x : cast(b, TY_ULLONG, x);
}

static k_expr *grid_member(cgb *b, member_op op)
{
    switch (op) {
    case M_RANK:
        return bin(b, KB_ADD, bin(b, KB_MUL, grid_block_rank(b), block_size(b)), block_rank(b));
    case M_SIZE:
        return bin(b, KB_MUL, grid_blocks(b), block_size(b));
    case M_BLOCK_RANK:
        return grid_block_rank(b);
    default:
        return grid_blocks(b);
    }
}

static k_expr *rewrite_member(cgb *b, const member_info *m, const k_type *t, k_expr *g,
                              k_expr **a)
{
    switch (m->op) {
    case M_SYNC:
        return sync_of(b, t, g);
    case M_RANK: case M_SIZE: case M_BLOCK_RANK: case M_NUM_BLOCKS:
        if (t->cg == CG_GRID)
            return grid_member(b, m->op);
        return count(b, t, m->op == M_RANK ? rank_of(b, t, g) : size_of(b, t, g));
    case M_META_RANK:
        return bits_of(b, g, META_RANK_SHIFT, (1u << (META_SIZE_SHIFT - META_RANK_SHIFT)) - 1);
    case M_META_SIZE:
        return bits_of(b, g, META_SIZE_SHIFT, (1u << 13) - 1);
    case M_INDEX:
        return ident(b, m->var);
    case M_VALID: {
        k_expr *e = node(b, E_BOOL, NULL, NULL);
        e->ival = 1;
        return e;
    }
    case M_SHFL:
        return shuffle(b, m->name, t, g, a);
    case M_VOTE:
        return vote(b, m->name, t, g, a);
    }
    return NULL;
}

k_type *k_cg_member_call(k_sema_state *s, k_expr *e)
{
    cgb b = { s, e->loc };
    k_type *t = k_sema_expr(s, e->lhs);
    if (!t) {
        check_args(s, e);
        return NULL;
    }
    if (!t->cg) {
        char buf[TYBUF];
        k_error(s->ctx, e->loc, "member function call '%s' on a value of type '%s' (only the"
                " cooperative groups have member functions here)", e->name,
                k_ty_str(t, buf, sizeof buf));
        check_args(s, e);
        return NULL;
    }
    const member_info *m = find_member(e->name);
    if (!m || !(m->kinds & (1 << t->cg))) {
        k_error(s->ctx, e->loc, "no member named '%s' in '%s'", e->name, type_name(t));
        check_args(s, e);
        return NULL;
    }
    if (e->nargs != m->nargs) {
        k_error(s->ctx, e->loc, "'%s::%s' takes %d argument%s, %d given", type_name(t),
                m->name, m->nargs, m->nargs == 1 ? "" : "s", e->nargs);
        check_args(s, e);
        return NULL;
    }
    return replace(s, e, rewrite_member(&b, m, t, e->lhs, e->args));
}

static k_expr *reduce(cgb *b, k_expr *g, const k_type *gt, k_expr *v, int op);
static k_expr *cooperative_launch(cgb *b, k_expr *e);

/* ------------------------------------------------------- free functions */
/* tiled_partition(parent, n) and tiled_partition<n>(parent): tiles of n
 * consecutive ranks, n a power of two up to a warp. */
static k_expr *tiled_partition(cgb *b, k_expr *g, const k_type *pt, int64_t n, k_type *rt)
{
    if (pt->cg != CG_BLOCK && pt->cg != CG_TILE && pt->cg != CG_THREAD_GROUP)
        return fail(b, "tiled_partition of a '%s' is not supported (its parent must be a"
                    " thread_block, a thread_block_tile or a thread_group)", type_name(pt));
    if (n < 1 || n > 32 || (n & (n - 1)))
        return fail(b, "tiled_partition's size must be 1, 2, 4, 8, 16 or 32 (a tile is part"
                    " of one warp)%s", "");
    if (pt->cg == CG_TILE && n > pt->cg_tile)
        return fail(b, "a tile cannot be larger than its parent '%s'", type_name(pt));
    uint32_t un = (uint32_t)n;
    k_expr *m = un == 32 ? u32(b, 0xffffffffu)
                         : bin(b, KB_SHL, u32(b, (1u << un) - 1),
                               bin(b, KB_BITAND, lane(b), u32(b, ~(un - 1))));
    k_expr *meta_rank = bin(b, KB_DIV, rank_of(b, pt, g), u32(b, un));
    k_expr *meta_size = bin(b, KB_DIV, bin(b, KB_ADD, size_of(b, pt, g), u32(b, un - 1)),
                            u32(b, un));
    k_expr *d = bin(b, KB_BITOR, cast(b, TY_ULLONG, m),
                    bin(b, KB_BITOR,
                        bin(b, KB_SHL, cast(b, TY_ULLONG, meta_rank), u32(b, META_RANK_SHIFT)),
                        bin(b, KB_SHL, cast(b, TY_ULLONG, meta_size), u32(b, META_SIZE_SHIFT))));
    /* under --warp-size 4, 8 or 16 a wider tile would span warps: a fault */
    k_expr *too_wide = cond(b, bin(b, KB_GT, u32(b, un), ident(b, "warpSize")),
                            bin(b, KB_COMMA, call(b, " tile_too_wide", 0), num(b, 0)), num(b, 0));
    return as_group(b, rt, bin(b, KB_BITOR, too_wide, d));
}

/* binary_partition(g, pred) / labeled_partition(g, label): the lanes of g
 * with the same predicate or label, a coalesced group. */
static k_expr *partition(cgb *b, int binary, k_expr *g, const k_type *pt, k_expr *key)
{
    if (!is_warp_group(pt))
        return fail(b, "%s partitions a thread_block_tile or a coalesced_group",
                    binary ? "binary_partition" : "labeled_partition");
    if (binary)
        key = cond(b, key, u32(b, 1), u32(b, 0));
    k_expr *m = call(b, "__match_any_sync", 2, mask_of(b, g), key);
    k_expr *d = bin(b, KB_BITOR, cast(b, TY_ULLONG, m), num(b, 1ull << META_SIZE_SHIFT));
    return as_group(b, group_type(b->s->ctx, CG_COALESCED), d);
}

/* The group argument of a free function, checked: its type, or NULL. */
static const k_type *group_arg(cgb *b, k_expr *e)
{
    if (e->nargs < 1)
        return NULL;
    k_type *t = k_sema_expr(b->s, e->args[0]);
    if (t && !t->cg) {
        char buf[TYBUF];
        k_error(b->s->ctx, e->args[0]->loc, "the first argument of '%s' must be a cooperative"
                " group, not '%s'", e->name, k_ty_str(t, buf, sizeof buf));
        return NULL;
    }
    return t;
}

static k_expr *rewrite_call(cgb *b, k_expr *e, int fn)
{
    k_ctx *ctx = b->s->ctx;
    switch (fn) {
    case CGF_THIS_BLOCK:
        return as_group(b, group_type(ctx, CG_BLOCK), num(b, 1ull << BLOCK_BIT));
    case CGF_THIS_GRID:
        return as_group(b, group_type(ctx, CG_GRID), num(b, 0));
    case CGF_COALESCED:
        return as_group(b, group_type(ctx, CG_COALESCED),
                        bin(b, KB_BITOR, cast(b, TY_ULLONG, call(b, "__activemask", 0)),
                            num(b, 1ull << META_SIZE_SHIFT)));
    case CGF_COOP_LAUNCH:
        return cooperative_launch(b, e);
    default:
        break;
    }
    const k_type *t = group_arg(b, e);
    if (!t)
        return NULL;
    if (fn == CGF_SYNC)
        return e->nargs == 1 ? sync_of(b, t, e->args[0])
                             : fail(b, "'cooperative_groups::sync' takes 1 argument%s", "");
    if (fn == CGF_TILED && e->has_targs) {   /* tiled_partition<N>(g) */
        int64_t n;
        if (e->nargs != 1 || e->ntargs != 1 || !e->targs[0].expr)
            return fail(b, "tiled_partition<N> takes one size and one group%s", "");
        if (!k_sema_const_int(b->s, e->targs[0].expr, &n))
            return NULL;
        return tiled_partition(b, e->args[0], t, n, k_cg_tile_type(ctx, (int)n));
    }
    if (fn == CGF_TILED) {
        int64_t n;
        if (e->nargs != 2 || !k_sema_const_int(b->s, e->args[1], &n))
            return fail(b, "tiled_partition(g, n) takes a group and a constant size%s", "");
        return tiled_partition(b, e->args[0], t, n, group_type(ctx, CG_THREAD_GROUP));
    }
    if (fn == CGF_REDUCE) {
        if (e->nargs != 3)
            return fail(b, "'%s' takes 3 arguments", e->name);
        int op = reduce_op(e->args[2]);
        if (op < 0)
            return fail(b, "cg::reduce's third argument must be one of cg::plus<T>(),"
                        " cg::less<T>(), cg::greater<T>(), cg::bit_and<T>(), cg::bit_or<T>()"
                        " or cg::bit_xor<T>()%s", "");
        return reduce(b, e->args[0], t, e->args[1], op);
    }
    if (e->nargs != 2)
        return fail(b, "'%s' takes 2 arguments", e->name);
    return partition(b, fn == CGF_BINARY, e->args[0], t, e->args[1]);
}

void k_cg_call(k_sema_state *s, k_expr *e, const k_builtin_info *bi)
{
    cgb b = { s, e->loc };
    if (!replace(s, e, rewrite_call(&b, e, bi->op))) {
        check_args(s, e);
        e->type = NULL;
    }
}

/* ---------------------------------------------------------------- reduce */
/* cg::reduce(g, v, op) with op one of cg::plus, less, greater, bit_and,
 * bit_or, bit_xor.  Integers of up to 32 bits use __reduce_*_sync, as CUDA's
 * header does; other types the header's shuffle algorithms, in the same
 * order (a float sum depends on it): a butterfly of shfl_xor over a tile or
 * a whole-warp coalesced group, an inclusive scan over a smaller coalesced
 * group.  Those need variables and loops: they are a device
 * function made for the call, added to the unit. */
static const char *const op_names[] = {
    "plus", "less", "greater", "bit_and", "bit_or", "bit_xor",
};
static const char *const redux_names[] = {
    "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync",
    "__reduce_or_sync", "__reduce_xor_sync",
};

/* op(x, y) as CUDA's function objects define it (less: y < x ? y : x). */
static k_expr *apply(cgb *b, int op, k_expr *x, k_expr *y)
{
    switch (op) {
    case CG_OP_PLUS: return bin(b, KB_ADD, x, y);
    case CG_OP_LESS: return cond(b, bin(b, KB_LT, y, x), y, x);
    case CG_OP_GREATER: return cond(b, bin(b, KB_LT, x, y), y, x);
    case CG_OP_AND: return bin(b, KB_BITAND, x, y);
    case CG_OP_OR: return bin(b, KB_BITOR, x, y);
    default: return bin(b, KB_BITXOR, x, y);
    }
}

/* A variable or parameter of a made function, and a use of it (typed here:
 * sema sees it as checked). */
static k_decl *var(cgb *b, k_decl_kind kind, const char *name, k_type *t)
{
    k_decl *d = k_decl_new(b->s->ctx, kind, b->loc, name);
    d->type = t;
    d->builtin = -1;
    return d;
}

static k_expr *use(cgb *b, k_decl *d)
{
    k_expr *e = node(b, E_IDENT, NULL, NULL);
    e->name = d->name;
    e->decl = d;
    e->type = d->type;
    e->builtin = -1;
    e->is_lvalue = 1;
    return e;
}

static k_expr *set(cgb *b, k_decl *d, k_expr *x)
{
    k_expr *e = node(b, E_ASSIGN, use(b, d), x);
    e->op = KB_NONE;
    return e;
}

static k_stmt *stmt(cgb *b, k_stmt_kind kind, k_expr *e)
{
    k_stmt *st = k_stmt_new(b->s->ctx, kind, b->loc);
    st->expr = e;
    return st;
}

static k_stmt *block(cgb *b, int n, ...)
{
    k_stmt *st = stmt(b, S_BLOCK, NULL);
    st->stmts = k_alloc(b->s->ctx, sizeof *st->stmts * (size_t)n);
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        st->stmts[st->nstmts++] = va_arg(ap, k_stmt *);
    va_end(ap);
    return st;
}

static k_stmt *declare(cgb *b, k_decl *d)
{
    k_stmt *st = stmt(b, S_DECL, NULL);
    st->decls = k_alloc(b->s->ctx, sizeof *st->decls);
    st->decls[0] = d;
    st->ndecls = 1;
    return st;
}

/* for (var = from; test; step) body */
static k_stmt *loop(cgb *b, k_decl *i, k_expr *from, k_expr *test, k_expr *step, k_stmt *body)
{
    k_stmt *st = stmt(b, S_FOR, test);
    st->init = stmt(b, S_EXPR, set(b, i, from));
    st->step = step;
    st->body = body;
    return st;
}

/* o = shuffle; v = op(v, o); */
static k_stmt *combine(cgb *b, int op, k_decl *v, k_decl *o, k_expr *shuffle)
{
    return block(b, 2, stmt(b, S_EXPR, set(b, o, shuffle)),
                 stmt(b, S_EXPR, set(b, v, apply(b, op, use(b, v), use(b, o)))));
}

/* A tile of N: v = op(v, shfl_xor(v, m)) for m = N/2 .. 1, written out. */
static k_stmt *tile_body(cgb *b, int op, int n, k_decl *g, k_decl *v, k_decl *o)
{
    k_stmt *st = stmt(b, S_BLOCK, NULL);
    st->stmts = k_alloc(b->s->ctx, sizeof *st->stmts * 8);
    st->stmts[st->nstmts++] = declare(b, o);
    for (int m = n / 2; m > 0; m /= 2)
        st->stmts[st->nstmts++] =
            combine(b, op, v, o, call(b, "__shfl_xor_sync", 4, mask_of(b, use(b, g)), use(b, v),
                                      u32(b, (uint32_t)m), u32(b, (uint32_t)n)));
    st->stmts[st->nstmts++] = stmt(b, S_RETURN, use(b, v));
    return st;
}

/* A coalesced group of n lanes: a whole warp combines as a tile of 32 does;
 * any other size takes an inclusive scan over its ranks, read from rank
 * n - 1 (what CUDA 13 computes: a 16-lane float sum matches an H200's). */
static k_stmt *coalesced_body(cgb *b, int op, k_decl *g, k_decl *v, k_decl *o)
{
    k_type *u = k_ty(b->s->ctx, TY_UINT);
    k_decl *n = var(b, D_VAR, "n", u), *i = var(b, D_VAR, "i", u);
    n->init = warp_size(b, use(b, g));
    k_stmt *whole = stmt(b, S_IF, bin(b, KB_EQ, use(b, n), u32(b, 32)));
    whole->body = tile_body(b, op, 32, g, v, o);
    whole->body->stmts[0] = stmt(b, S_EMPTY, NULL);   /* o is declared below */
    k_stmt *scan_step = block(b, 2,
        stmt(b, S_EXPR, set(b, o, coalesced_shfl(b, "shfl_up", use(b, g), use(b, v), use(b, i)))),
        stmt(b, S_IF, bin(b, KB_LE, use(b, i), warp_rank(b, use(b, g)))));
    scan_step->stmts[1]->body = stmt(b, S_EXPR, set(b, v, apply(b, op, use(b, v), use(b, o))));
    k_stmt *scan = loop(b, i, u32(b, 1), bin(b, KB_LT, use(b, i), use(b, n)),
                        set(b, i, bin(b, KB_SHL, use(b, i), u32(b, 1))), scan_step);
    k_stmt *scan_ret = stmt(b, S_RETURN, coalesced_shfl(b, "shfl", use(b, g), use(b, v),
                                                        bin(b, KB_SUB, use(b, n), u32(b, 1))));
    return block(b, 6, declare(b, o), declare(b, n), declare(b, i), whole, scan, scan_ret);
}

/* The device function `T f(G g, T v)` for one reduce call, added to the unit. */
static k_decl *reduce_function(cgb *b, const k_type *gt, k_type *t, int op)
{
    k_ctx *ctx = b->s->ctx;
    k_unit *unit = b->s->unit;
    char name[48];
    snprintf(name, sizeof name, " cg_reduce%d", unit->ndecls);
    k_decl *f = var(b, D_FUNC, k_strndup(ctx, name, strlen(name)), k_ty(ctx, TY_FUNC));
    f->type->base = t;
    f->storage = ST_DEVICE;
    k_type *gcopy = k_ty(ctx, TY_ULLONG);
    *gcopy = *gt;
    gcopy->quals = 0;
    k_decl *g = var(b, D_PARAM, "g", gcopy), *v = var(b, D_PARAM, "v", t);
    k_decl *o = var(b, D_VAR, "o", t);
    f->params = k_alloc(ctx, sizeof *f->params * 2);
    f->params[0] = g;
    f->params[1] = v;
    f->nparams = 2;
    f->body = gt->cg == CG_TILE ? tile_body(b, op, gt->cg_tile, g, v, o)
                                : coalesced_body(b, op, g, v, o);
    k_decl **decls = k_alloc(ctx, sizeof *decls * (size_t)(unit->ndecls + 1));
    if (unit->ndecls)
        memcpy(decls, unit->decls, sizeof *decls * (size_t)unit->ndecls);
    decls[unit->ndecls++] = f;
    unit->decls = decls;
    return f;
}

static k_expr *reduce(cgb *b, k_expr *g, const k_type *gt, k_expr *v, int op)
{
    k_ctx *ctx = b->s->ctx;
    if (!is_warp_group(gt))
        return fail(b, "cg::reduce takes a thread_block_tile or a coalesced_group, not '%s'",
                    type_name(gt));
    k_type *t = k_sema_rvalue(b->s, v);
    if (!t)
        return NULL;
    if (!k_ty_is_arith(t) || (op >= CG_OP_AND && !k_ty_is_integer(t)))
        return fail(b, "cg::%s cannot combine this value's type", op_names[op]);
    t = k_ty(ctx, t->kind);
    if (k_ty_is_integer(t) && k_kind_bits(t->kind) <= 32 && t->kind != TY_BOOL) {
        k_type_kind as = k_kind_is_signed(t->kind) ? TY_INT : TY_UINT;
        return cast(b, t->kind, call(b, redux_names[op], 2, mask_of(b, g), cast(b, as, v)));
    }
    k_decl *f = reduce_function(b, gt, t, op);
    k_expr *e = node(b, E_CALL, NULL, NULL);
    e->name = f->name;
    e->decl = f;
    e->builtin = -1;
    e->type = t;
    e->args = k_alloc(ctx, sizeof *e->args * 2);
    e->args[0] = g;
    e->args[1] = v;
    e->nargs = 2;
    k_type **argt = k_alloc(ctx, sizeof *argt * 3);
    argt[0] = f->params[0]->type;
    argt[1] = t;
    e->sema_ext = argt;
    return e;
}

/* The operation of cg::reduce's third argument, `cg::plus<T>()` (a
 * functional cast of the class template's id): CG_OP_*, or -1. */
static int reduce_op(const k_expr *e)
{
    if (e->kind != E_CAST || !e->type_written || e->type_written->kind != TY_TEMPLATE_ID ||
        !e->type_written->name || strncmp(e->type_written->name, NS, strlen(NS)) != 0)
        return -1;
    const char *op = e->type_written->name + strlen(NS);
    for (int i = 0; i < (int)(sizeof op_names / sizeof op_names[0]); i++)
        if (strcmp(op, op_names[i]) == 0)
            return i;
    return -1;
}

/* ------------------------------------------------- cooperative launches */
/* cudaLaunchCooperativeKernel((void *)k, grid, block, args, shared, stream)
 * is the launch k<<<grid, block, shared>>>(*(T0 *)args[0], ...) with the
 * types of k's parameters, then cudaPeekAtLastError() for its status.  Every
 * launch may reach a grid barrier here (vm/grid.c), so nothing else is
 * different; the stream is dropped, as in every launch. */
static k_expr *cooperative_launch(cgb *b, k_expr *e)
{
    k_ctx *ctx = b->s->ctx;
    if (e->nargs < 4 || e->nargs > 6)
        return fail(b, "cudaLaunchCooperativeKernel takes 4 to 6 arguments (kernel, grid,"
                    " block, arguments, shared bytes, stream)%s", "");
    k_expr *f = e->args[0];
    while (f->kind == E_CAST || (f->kind == E_UNARY && f->op == KU_ADDR))
        f = f->lhs;
    k_decl *k = NULL;
    if (f->kind == E_IDENT && f->has_targs) {   /* (void *)kernel<T>: its instance */
        int errors = ctx->nerrors;
        k = k_tpl_sema_var(b->s, f);
        if (!k && ctx->nerrors > errors) { /* the template's own error said why; the
                                            * arguments' check that follows a failed
                                            * rewrite must not repeat it */
            e->args[0] = num(b, 0);
            return NULL;
        }
    } else if (f->kind == E_IDENT) {
        k = k_sema_lookup(b->s, f->name);
    }
    if (!k || k->kind != D_FUNC || !(k->storage & ST_GLOBAL))
        return fail(b, "cudaLaunchCooperativeKernel's first argument must name a __global__"
                    " function%s", "");
    k_expr *l = node(b, E_LAUNCH, NULL, NULL);
    l->name = f->name;
    l->targs = f->targs;   /* the launch instantiates the same kernel again */
    l->ntargs = f->ntargs;
    l->has_targs = f->has_targs;
    l->config[0] = e->args[1];
    l->config[1] = e->args[2];
    l->config[2] = e->nargs > 4 ? e->args[4] : NULL;
    l->args = k_alloc(ctx, sizeof *l->args * (size_t)(k->nparams + 1));
    for (int i = 0; i < k->nparams; i++) {
        k_expr *at = node(b, E_CAST, node(b, E_INDEX, e->args[3], u32(b, (uint32_t)i)), NULL);
        at->type_written = k_type_ptr(ctx, k->params[i]->type);
        k_expr *v = node(b, E_UNARY, at, NULL);
        v->op = KU_DEREF;
        l->args[l->nargs++] = v;
    }
    return bin(b, KB_COMMA, l, call(b, "cudaPeekAtLastError", 0));
}
