/* lang/lower_temps.c -- C++'s temporaries of classes with a destructor, and
 * the objects a scope destroys.
 *
 * A record prvalue (a call returning a class by value, `S(args)`) lives in
 * a frame slot of its own.  Where C++17 initializes an object from it (a
 * variable, a by-value parameter, a return value) the slot's bytes become
 * that object and nothing else is destroyed: guaranteed elision.  Where it
 * is materialized instead -- bound to a reference (a `const S &` parameter,
 * an operator's operand), the object of a member call or member access, or
 * discarded by an expression statement -- lowering calls lw_temp_made and
 * the temporary joins the list of the full-expression being lowered
 * (F->temps), whose end (lw_temps_end: after an expression statement, a
 * declarator's initializer, a condition, a return value, a for step)
 * destroys them last made first, as g++ does.  A temporary bound to a local
 * reference (`const S &r = S(1);`, `S &&r = f();`, also through a member,
 * `const int &v = S(1).v;`) joins the scope's list instead, beside the local
 * variables (F->dtors), and dies with the reference, by every exit of its
 * scope.
 *
 * A temporary made on one side of `?:`, `&&` or `||` may not exist at the
 * end: its flag, a frame word zeroed before the outermost such operator is
 * entered and set when the object is made, says whether to destroy it.
 * The code of a program without such temporaries is unchanged: every test
 * here is on the classes' destructors, at compile time. */
#include "lower.h"

#include <string.h>

/* A record prvalue that lowering makes in a slot of its own (a direct
 * call, a constructor call); the destructor that slot needs, else NULL. */
int lw_temp_slot(const k_expr *e)
{
    if (!e || e->is_lvalue || !e->type || e->type->kind != TY_RECORD)
        return 0;
    return e->kind == E_CALL ? e->builtin < 0 && e->decl && e->decl->kind == D_FUNC
                             : e->kind == E_CONSTRUCT;
}

k_decl *lw_temp_dtor(const k_expr *e)
{
    return lw_temp_slot(e) ? k_record_dtor(e->type->rec) : NULL;
}

/* How many temporaries with a destructor e may make (its lambdas' bodies
 * aside: they are functions of their own). */
int lw_temps_in(const k_expr *e)
{
    if (!e)
        return 0;
    int n = lw_temp_dtor(e) != NULL;
    if (e->kind == E_LAMBDA)
        return n;
    n += lw_temps_in(e->lhs) + lw_temps_in(e->rhs) + lw_temps_in(e->cond);
    for (int i = 0; i < e->nargs; i++)
        n += lw_temps_in(e->args[i]);
    return n;
}

static void push(lw_func *F, lw_dtor **list, int *n, int *cap, lw_dtor d)
{
    if (*n == *cap) {
        int c = *cap ? *cap * 2 : 8;
        lw_dtor *nl = k_alloc(F->M->ctx, sizeof *nl * (size_t)c);
        if (*n)
            memcpy(nl, *list, sizeof *nl * (size_t)*n);
        *list = nl;
        *cap = c;
    }
    (*list)[(*n)++] = d;
}

void lw_dtor_push(lw_func *F, k_decl *d)
{
    push(F, &F->dtors, &F->ndtors, &F->dtors_cap, (lw_dtor){d, d->dtor, 0, -1});
}

/* A flag of the pool the outermost `?:`/`&&`/`||` zeroed, set to 1 here;
 * its frame offset.  A temporary the count of lw_temps_in missed (none
 * should be) gets a flag zeroed where it is made. */
static int64_t set_flag(lw_func *F)
{
    int top = F->top;
    int a = lw_reg(F), v = lw_reg(F);
    uint32_t flag = F->flag_next;
    if (F->flag_next < F->flag_end) {
        F->flag_next += 4;
    } else {
        flag = lw_local(F, 4, 4);
    }
    lw_emit(F, OP_LADDR, a, 0, 0, (int32_t)flag, 0);
    lw_emit_k(F, v, 1);
    lw_emit(F, OP_ST32, v, a, 0, 0, 0);
    F->top = top;
    return flag;
}

/* Can this function run dtor?  A device function cannot run a host
 * destructor (one error, as for a local of the class, lang/classes.c); a
 * host and device one leaves such a temporary alone. */
static int runs_here(lw_func *F, const k_expr *e, const k_decl *dtor)
{
    unsigned here = k_fn_kind(F->decl), can = k_fn_kind(dtor);
    int device = (here & (FN_DEVICE | FN_KERNEL)) != 0;
    if (can & (device ? FN_DEVICE : FN_HOST))
        return 1;
    if (!(here & FN_HOST))
        k_error(F->M->ctx, e->loc, "the destructor of '%s' is not a __device__ function",
                k_record_name(e->type->rec));
    return 0;
}

void lw_temp_made(lw_func *F, const k_expr *e)
{
    k_decl *dtor = lw_temp_dtor(e);
    if (!dtor || F->temp_of != e)
        return;
    F->temp_of = NULL;
    if (!runs_here(F, e, dtor))
        return;
    uint32_t off = F->temp_off;
    int64_t flag = F->cond_depth ? set_flag(F) : -1;
    if (e == F->extend) {   /* bound to a local reference: it lives as long */
        F->extend = NULL;
        push(F, &F->dtors, &F->ndtors, &F->dtors_cap, (lw_dtor){NULL, dtor, off, flag});
        return;
    }
    push(F, &F->temps, &F->ntemps, &F->temps_cap, (lw_dtor){NULL, dtor, off, flag});
}

/* Destroys one object of a list; a flagged temporary only when made. */
static void destroy(lw_func *F, const lw_dtor *d)
{
    if (d->var) {
        lw_destroy_var(F, d->var);
        return;
    }
    int top = F->top;
    int p = lw_reg(F), skip = -1;
    if (d->flag >= 0) {
        int v = lw_reg(F), go = lw_new_block(F);
        skip = lw_new_block(F);
        lw_emit(F, OP_LADDR, p, 0, 0, (int32_t)d->flag, 0);
        lw_emit(F, OP_LD32, v, p, 0, 0, 0);
        lw_branch(F, v, go, skip);
        lw_start(F, go);
    }
    lw_emit(F, OP_LADDR, p, 0, 0, (int32_t)d->off, 0);
    lw_ctor_call(F, d->dtor, p, NULL, NULL, 0);
    if (skip >= 0) {
        lw_goto(F, skip);
        lw_start(F, skip);
    }
    F->top = top;
}

/* The live objects from `from` on, last constructed first (the elements of
 * an array from its last one), leaving them on the list: a return or break
 * destroys them on its path, the scope's end on the path that falls out. */
void lw_dtor_run(lw_func *F, int from)
{
    for (int i = F->ndtors - 1; i >= from; i--)
        destroy(F, &F->dtors[i]);
}

static void temps_run(lw_func *F, int mark)
{
    for (int i = F->ntemps - 1; i >= mark; i--)
        destroy(F, &F->temps[i]);
}

void lw_temps_unwind(lw_func *F)
{
    temps_run(F, 0);
}

void lw_temps_end(lw_func *F, int mark)
{
    temps_run(F, mark);
    F->ntemps = mark;
}

/* `e;`: a discarded class prvalue is made and destroyed (`S(1);`, `f();`,
 * lw_effect). */
void lw_full_effect(lw_func *F, k_expr *e)
{
    int mark = F->ntemps;
    lw_effect(F, e);
    lw_temps_end(F, mark);
}

/* A statement's condition: its temporaries die before either way is taken. */
void lw_full_cond(lw_func *F, k_expr *e, int if_true, int if_false)
{
    if (!lw_temps_in(e)) {
        lw_cond(F, e, if_true, if_false);
        return;
    }
    int mark = F->ntemps;
    int t = lw_new_block(F), f = lw_new_block(F);
    lw_cond(F, e, t, f);
    lw_start(F, t);
    temps_run(F, mark);
    lw_goto(F, if_true);
    lw_start(F, f);
    temps_run(F, mark);
    lw_goto(F, if_false);
    F->ntemps = mark;
}

/* Before the outermost `?:`/`&&`/`||` of an expression branches: the flags
 * of the temporaries its conditional sides may make, zeroed on every path.
 * saved keeps the pool of an enclosing one (this one sits in its left
 * operand, lowered before its sides). */
void lw_cond_enter(lw_func *F, k_expr *const *subs, int n, uint32_t saved[2])
{
    saved[0] = F->flag_next;
    saved[1] = F->flag_end;
    if (F->cond_depth)
        return;
    int count = 0;
    for (int i = 0; i < n; i++)
        count += lw_temps_in(subs[i]);
    if (!count)
        return;
    uint32_t off = lw_local(F, 4 * (int64_t)count, 4);
    int top = F->top;
    int a = lw_reg(F), z = lw_reg(F);
    lw_emit(F, OP_LADDR, a, 0, 0, (int32_t)off, 0);
    lw_emit_k(F, z, 0);
    for (int i = 0; i < count; i++)
        lw_emit(F, OP_ST32, z, a, 0, 4 * i, 0);
    F->top = top;
    F->flag_next = off;
    F->flag_end = off + 4 * (uint32_t)count;
}

void lw_cond_leave(lw_func *F, const uint32_t saved[2])
{
    if (F->cond_depth)
        return;
    F->flag_next = saved[0];
    F->flag_end = saved[1];
}

/* `c ? S(1) : S(2)` of a class with a destructor, each side a temporary of
 * its own (or such a choice again). */
int lw_cond_temps(const k_expr *e)
{
    if (e->kind != E_COND || e->is_lvalue || !e->type || e->type->kind != TY_RECORD ||
        !k_record_dtor(e->type->rec))
        return 0;
    for (int i = 0; i < 2; i++) {
        const k_expr *side = i ? e->rhs : e->lhs;
        if (!(lw_temp_dtor(side) && side->type->rec == e->type->rec) && !lw_cond_temps(side))
            return 0;
    }
    return 1;
}

/* Materializes such a choice: the side taken is made and flagged, and is
 * the temporary (the one a local reference binds when it binds e). */
static void side_temp(lw_func *F, k_expr *side, int extend, int dst)
{
    if (extend)
        F->extend = side;
    if (!lw_cond_temp(F, side, dst)) {
        lw_expr_to(F, side, dst);
        lw_temp_made(F, side);
    }
    if (extend)
        F->extend = NULL;
}

int lw_cond_temp(lw_func *F, k_expr *e, int dst)
{
    if (!lw_cond_temps(e))
        return 0;
    int extend = F->extend == e;
    int a = lw_new_block(F), b = lw_new_block(F), j = lw_new_block(F);
    uint32_t saved[2];
    lw_cond_enter(F, (k_expr *[]){e->lhs, e->rhs}, 2, saved);
    lw_cond(F, e->cond, a, b);
    F->cond_depth++;
    lw_start(F, a);
    side_temp(F, e->lhs, extend, dst);
    lw_goto(F, j);
    lw_start(F, b);
    side_temp(F, e->rhs, extend, dst);
    lw_goto(F, j);
    F->cond_depth--;
    lw_cond_leave(F, saved);
    lw_start(F, j);
    return 1;
}

/* ---- goto: the objects a jump out of their scope destroys ---- */
/* A forward goto from where objects lived: a block of its own that
 * destroys those the label does not see, then jumps there, filled once
 * the label is placed (C++ forbids a jump past an initialization, so the
 * label's live objects are the first of the goto's). */
typedef struct lw_jump {
    int block;
    lw_dtor *live;
    int nlive;
    struct lw_jump *next;
} lw_jump;

struct lw_label {
    const char *name;
    int block;
    int placed;
    int ndtors;               /* placed: the objects live there */
    lw_jump *pending;
};

static struct lw_label *label_of(lw_func *F, const char *name)
{
    for (int i = 0; i < F->nlabels; i++)
        if (strcmp(F->labels[i].name, name) == 0)
            return &F->labels[i];
    if (F->nlabels == F->labels_cap) {
        int cap = F->labels_cap ? F->labels_cap * 2 : 8;
        struct lw_label *nl = k_alloc(F->M->ctx, sizeof *nl * (size_t)cap);
        if (F->nlabels)
            memcpy(nl, F->labels, sizeof *nl * (size_t)F->nlabels);
        F->labels = nl;
        F->labels_cap = cap;
    }
    struct lw_label *l = &F->labels[F->nlabels++];
    *l = (struct lw_label){name, lw_new_block(F), 0, 0, NULL};
    return l;
}

/* The reconvergence analysis of dom.c treats a goto like any other jump. */
void lw_goto_label(lw_func *F, const char *name)
{
    struct lw_label *l = label_of(F, name);
    int target = l->block;
    if (l->placed) {   /* backward: a loop made of goto yields as a loop's latch does */
        lw_dtor_run(F, l->ndtors);
        lw_emit(F, OP_YIELD, 0, 0, 0, 0, 0);
    } else if (F->ndtors) {
        lw_jump *j = k_alloc(F->M->ctx, sizeof *j);
        j->block = target = lw_new_block(F);
        j->nlive = F->ndtors;
        j->live = k_alloc(F->M->ctx, sizeof *j->live * (size_t)F->ndtors);
        memcpy(j->live, F->dtors, sizeof *j->live * (size_t)F->ndtors);
        j->next = l->pending;
        l->pending = j;
    }
    lw_goto(F, target);
    lw_start(F, lw_new_block(F));
}

void lw_place_label(lw_func *F, const char *name)
{
    struct lw_label *l = label_of(F, name);
    lw_goto(F, l->block);
    for (lw_jump *j = l->pending; j; j = j->next) {
        lw_start(F, j->block);
        for (int i = j->nlive - 1; i >= F->ndtors; i--)
            destroy(F, &j->live[i]);
        lw_goto(F, l->block);
    }
    l->pending = NULL;
    lw_start(F, l->block);
    l->placed = 1;
    l->ndtors = F->ndtors;
}
