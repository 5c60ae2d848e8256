/* lang/lower_exit.c -- objects of static storage duration in host code:
 * static locals built the first time control passes their declaration, and
 * every such object (file scope or static local) destroyed when the program
 * ends, by `return` from main or by `exit(n)`, last constructed first.
 *
 * The order of destruction is only known at run time (a static local is
 * built when its function first runs, between file-scope objects built at
 * main's start), so the program keeps it as C++'s runtime does
 * (`__cxa_atexit`): a hidden host variable "__simtvm_atexit" holds a count
 * and the id of each object as it finishes construction (its index in
 * M->exit_objs, plus one).  Main's return and each `exit` call run the list
 * from its end: the count is lowered before each destructor runs, so an
 * `exit` inside a destructor goes on with the objects left, never twice.
 * `atexit(f)` lists f the same way (its value above FN_ENTRY), so handlers
 * and destructors run interleaved in reverse order of registration, as
 * C++ specifies.
 * The VM calls functions by index only, so the code compares each id with
 * every object's and destroys that object directly.  A static local's
 * "guard" is a hidden host variable of its own ("NAME.guard"), set once its
 * constructor has returned.  `abort()` and `_Exit()` destroy nothing. */
#include <string.h>

#include "lower.h"
#include "sema.h"

#define ATEXIT_MAX 32                 /* handlers atexit may list */
#define FN_ENTRY (1ull << 32)         /* an entry above this is a handler: value + FN_ENTRY */

static k_type *word_array(lw_mod *M, int64_t n)
{
    k_type *t = k_alloc(M->ctx, sizeof *t);
    t->kind = TY_ARRAY;
    t->base = k_ty(M->ctx, TY_ULLONG);
    t->length = n;
    return t;
}

/* A zeroed hidden host variable of n words; its index. */
static int hidden_global(lw_mod *M, const char *name, int64_t n, uint32_t line)
{
    int g = lw_add_global(M, name, SPACE_GLOBAL, word_array(M, n), line);
    if (M->oom)
        return -1;
    simt_global *gl = &M->m->globals[g];
    gl->init = simt_calloc(&M->ctx->mal, 1, gl->size);
    if (!gl->init)
        M->oom = 1;
    return g;
}

/* A work array (k_lower frees it) with room for need elements. */
static int grow(lw_mod *M, void **p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return 1;
    uint32_t nc = *cap ? 2 * *cap : 8;
    void *np = simt_realloc(&M->ctx->tal, *p, (size_t)nc * elem);
    if (!np) {
        M->oom = 1;
        return 0;
    }
    *p = np;
    *cap = nc;
    return 1;
}

static int is_static_local(const k_decl *d)
{
    return !d->is_global_scope && (d->storage & ST_STATIC) && !(d->storage & ST_SHARED);
}

/* Module variable d (just laid out): listed when it is destroyed at the
 * program's end, and given a guard when it is a static local that code
 * builds or registers. */
void lw_exit_collect(lw_mod *M, k_decl *d)
{
    int local = is_static_local(d);
    if (!d->dtor && !(local && (k_decl_constructed(d) || lw_static_local_dynamic(M, d))))
        return;
    if (!local && (!d->is_global_scope || (d->storage & (ST_DEVICE | ST_CONSTANT | ST_SHARED))))
        return;
    if (d->dtor && !grow(M, (void **)&M->exit_objs, &M->exit_cap, M->nexit_objs + 1,
                         sizeof *M->exit_objs))
        return;
    if (d->dtor)
        M->exit_objs[M->nexit_objs++] = d;
    if (!local)
        return;
    if (!grow(M, (void **)&M->guarded, &M->guarded_cap, M->nguarded + 1, sizeof *M->guarded))
        return;
    size_t len = strlen(d->name) + sizeof ".guard";
    char *name = k_alloc(M->ctx, len);
    memcpy(name, d->name, len - sizeof ".guard");
    memcpy(name + len - sizeof ".guard", ".guard", sizeof ".guard");
    M->guarded[M->nguarded].decl = d;
    M->guarded[M->nguarded].global = hidden_global(M, name, 1, d->loc.line);
    M->nguarded++;
}

/* After every module variable: the list, when some object needs it. */
void lw_exit_registry(lw_mod *M)
{
    int64_t n = (int64_t)M->nexit_objs + (M->ctx->uses_atexit ? ATEXIT_MAX : 0);
    M->exit_registry = n ? 1 + hidden_global(M, "__simtvm_atexit", n + 1, 0) : 0;
}

/* atexit(f), f's value (its index + 1) in R[r]: an entry FN_ENTRY + value,
 * R[r] := 0; -1 once ATEXIT_MAX handlers are listed (C guarantees 32). */
void lw_exit_atexit(lw_func *F, int r)
{
    lw_mod *M = F->M;
    int top = F->top;
    int list = lw_reg(F), n = lw_reg(F), v = lw_reg(F), k = lw_reg(F);
    int add = lw_new_block(F), full = lw_new_block(F), done = lw_new_block(F);
    lw_emit(F, OP_GADDR, list, 0, 0, M->exit_registry - 1, 0);
    lw_emit(F, OP_LD64, n, list, 0, 0, 0);
    lw_emit_k(F, k, M->nexit_objs + ATEXIT_MAX);
    lw_emit(F, OP_LT_U64, k, n, k, 0, 0);
    lw_branch(F, k, add, full);
    lw_start(F, add);
    lw_emit(F, OP_LEA, v, list, n, 8, 2);
    lw_emit_k(F, k, FN_ENTRY);
    lw_emit(F, OP_ADD_I64, k, r, k, 0, 0);
    lw_emit(F, OP_ST64, k, v, 0, 8, 0);
    lw_emit(F, OP_ADDK, n, n, 0, 1, 0);
    lw_emit(F, OP_ST64, n, list, 0, 0, 0);
    lw_emit_k(F, r, 0);
    lw_goto(F, done);
    lw_start(F, full);
    lw_emit_k(F, r, 0xffffffffu);
    lw_goto(F, done);
    lw_start(F, done);
    F->top = top;
}

/* The atexit handler whose entry is in R[id]: each host function `void
 * f()` whose address the program takes is compared (the VM calls by index). */
static void call_handler(lw_func *F, int id, int cmp, int head)
{
    lw_mod *M = F->M;
    for (int i = 0; i < M->naddr_funcs; i++) {
        k_decl *f = M->addr_funcs[i];
        if (!(k_fn_kind(f) & FN_HOST) || (k_fn_kind(f) & FN_KERNEL) || f->nparams ||
            !f->type->base || f->type->base->kind != TY_VOID)
            continue;
        int call = lw_new_block(F), next = lw_new_block(F);
        lw_emit_k(F, cmp, FN_ENTRY + (uint64_t)lw_func_index(F, f) + 1);
        lw_emit(F, OP_EQ_I64, cmp, id, cmp, 0, 0);
        lw_branch(F, cmp, call, next);
        lw_start(F, call);
        int a = F->top;
        lw_reserve(F, a + 3);
        lw_emit(F, OP_CALL, a, 0, 0, lw_func_index(F, f), 0);
        F->top = a;
        lw_goto(F, head);
        lw_start(F, next);
    }
}

static uint32_t exit_id(const lw_mod *M, const k_decl *d)
{
    for (uint32_t i = 0; i < M->nexit_objs; i++)
        if (M->exit_objs[i] == d)
            return i + 1;
    return 0;
}

/* Object d has been constructed: its id goes at the end of the list. */
void lw_exit_register(lw_func *F, k_decl *d)
{
    uint32_t id = exit_id(F->M, d);
    if (!id || !F->M->exit_registry)
        return;
    int top = F->top;
    int list = lw_reg(F), n = lw_reg(F), v = lw_reg(F), k = lw_reg(F);
    lw_emit(F, OP_GADDR, list, 0, 0, F->M->exit_registry - 1, 0);
    lw_emit(F, OP_LD64, n, list, 0, 0, 0);
    lw_emit(F, OP_LEA, v, list, n, 8, 2);
    lw_emit_k(F, k, id);
    lw_emit(F, OP_ST64, k, v, 0, 8, 0);
    lw_emit(F, OP_ADDK, n, n, 0, 1, 0);
    lw_emit(F, OP_ST64, n, list, 0, 0, 0);
    F->top = top;
}

/* The program ends (main returns, or exit): every registered object
 * destroyed, the last registered first. */
void lw_exit_destroy(lw_func *F)
{
    lw_mod *M = F->M;
    if (!M->exit_registry)
        return;
    int top = F->top;
    int list = lw_reg(F), n = lw_reg(F), id = lw_reg(F), cmp = lw_reg(F);
    int head = lw_new_block(F), pop = lw_new_block(F), done = lw_new_block(F);
    lw_goto(F, head);
    lw_start(F, head);
    lw_emit(F, OP_GADDR, list, 0, 0, M->exit_registry - 1, 0);
    lw_emit(F, OP_LD64, n, list, 0, 0, 0);
    lw_branch(F, n, pop, done);
    lw_start(F, pop);
    lw_emit(F, OP_ADDK, n, n, 0, -1, 0);
    lw_emit(F, OP_ST64, n, list, 0, 0, 0);
    lw_emit(F, OP_LEA, id, list, n, 8, 2);
    lw_emit(F, OP_LD64, id, id, 0, 8, 0);
    for (uint32_t i = 0; i < M->nexit_objs; i++) {
        int call = lw_new_block(F), next = lw_new_block(F);
        lw_emit_k(F, cmp, i + 1);
        lw_emit(F, OP_EQ_I64, cmp, id, cmp, 0, 0);
        lw_branch(F, cmp, call, next);
        lw_start(F, call);
        lw_destroy_var(F, M->exit_objs[i]);
        lw_goto(F, head);
        lw_start(F, next);
    }
    if (M->ctx->uses_atexit)
        call_handler(F, id, cmp, head);
    lw_goto(F, head);
    lw_start(F, done);
    F->top = top;
}

/* `static C c(args);` or `static int n = f();` in host code, at its
 * declaration: built (and listed for destruction) the first time control
 * passes here.  CUDA allows no such initializer in device code. */
void lw_static_local(lw_func *F, k_decl *d)
{
    lw_mod *M = F->M;
    int dynamic = lw_static_local_dynamic(M, d);
    if (dynamic && F->decl && (F->decl->storage & (ST_DEVICE | ST_GLOBAL))) {
        k_error(M->ctx, d->init->loc, "dynamic initialization is not supported for a "
                "function-scope static variable in device code (its initializer must be "
                "a constant)");
        return;
    }
    int guard = -1;
    for (uint32_t i = 0; i < M->nguarded; i++)
        if (M->guarded[i].decl == d)
            guard = M->guarded[i].global;
    if (guard < 0)
        return;
    int top = F->top;
    int g = lw_reg(F), v = lw_reg(F);
    int build = lw_new_block(F), done = lw_new_block(F);
    lw_emit(F, OP_GADDR, g, 0, 0, guard, 0);
    lw_emit(F, OP_LD64, v, g, 0, 0, 0);
    lw_branch(F, v, done, build);
    lw_start(F, build);
    if (k_decl_constructed(d) || dynamic) {
        int addr = lw_reg(F);
        lw_var_address(F, d, addr);
        if (k_decl_constructed(d))
            lw_construct_var(F, d, addr);
        else
            lw_init_value(F, d, addr);
    }
    lw_emit_k(F, v, 1);
    lw_emit(F, OP_ST64, v, g, 0, 0, 0);
    lw_exit_register(F, d);
    lw_goto(F, done);
    lw_start(F, done);
    F->top = top;
}
