/* lang/lower_unroll.c -- lowering of the loops lang/unroll.c unrolls: in
 * full (a copy of the body per trip, no test) or, under `#pragma unroll N`,
 * partly (a main loop of N copies and a remainder loop).  Every copy is
 * lowered from the body's statements, so it keeps their source lines: an
 * error, a checker's finding or the debugger names the line of the loop's
 * body whichever copy ran it. */
#include "lower.h"
#include "types.h"

/* A for loop of a few constant trips (lang/unroll.c says which): its init,
 * then a copy of its body per trip with the step between copies.  The last
 * step is left out: the counter goes out of scope with the loop.  Where the
 * body breaks or continues the loop, each copy is a loop of its own for
 * them: break leaves the last copy, continue goes on with the next. */
static void full_unroll(lw_func *F, k_stmt *s, int trips)
{
    lw_stmt(F, s->init);
    int bound = F->nunrolled < (int)(sizeof F->unrolled / sizeof F->unrolled[0]);
    int flags = lw_unroll_flags(s);
    int exit = flags & UNROLL_JUMPS ? lw_new_block(F) : -1;
    for (int k = 0; k < trips; k++) {
        int64_t v;
        int known = bound && lw_unroll_value(s, k, &v);
        lw_sym *sym = lw_sym_of(s->init->decls[0]);
        if (k && known && sym && sym->kind == SYM_REG) {
            /* the counter's value in this copy, a constant: the optimizer
             * folds it into the copy's blocks even where the body branches */
            F->loc = s->loc;
            lw_emit_k(F, sym->reg, (uint64_t)v);
        } else if (k) {
            F->loc = s->loc;
            lw_full_effect(F, s->step);
        }
        if (known) {
            F->unrolled[F->nunrolled].counter = s->init->decls[0];
            /* where the body may skip part of a copy, no guard matches */
            F->unrolled[F->nunrolled].guarded = flags & UNROLL_MAYSKIP ? -1 : F->guarded;
            F->unrolled[F->nunrolled++].value = v;
        }
        int next = exit >= 0 ? (k + 1 < trips ? lw_new_block(F) : exit) : -1;
        if (next >= 0)
            lw_push_loop(F, exit, next);
        lw_stmt(F, s->body);
        if (next >= 0) {
            lw_pop_loop(F);
            lw_goto(F, next);
            lw_start(F, next);
        }
        if (known)
            F->nunrolled--;
    }
    if (exit >= 0 && trips == 0) {
        lw_goto(F, exit);
        lw_start(F, exit);
    }
}

/* One copy of a loop's body followed by its step; break leaves for exit,
 * continue goes on with the step. */
static void body_and_step(lw_func *F, k_stmt *s, int exit)
{
    int cont = lw_new_block(F);
    lw_push_loop(F, exit, cont);
    lw_stmt(F, s->body);
    lw_pop_loop(F);
    lw_goto(F, cont);
    lw_start(F, cont);
    F->loc = s->loc;
    lw_full_effect(F, s->step);
}

/* A 32-bit register's value as a 64-bit signed number. */
static int widened(lw_func *F, int reg, int is_signed)
{
    int r = lw_reg(F);
    lw_emit(F, is_signed ? OP_SEXT32 : OP_ZEXT32, r, reg, 0, 0, 0);
    return r;
}

/* The main loop's test: whether the counter passes the loop's test in each
 * of the next copies, that is its value after copies - 1 steps does (the
 * steps go towards the bound).  Computed in 64 bits, where neither the
 * counter nor the sum can wrap, so a count that would wrap or overflow
 * in 32 bits leaves the rest to the remainder loop, which runs the loop's
 * own test. */
static void main_test(lw_func *F, k_stmt *s, const lw_partial *p, int body, int rest)
{
    int top = F->top;
    lw_sym *cs = lw_sym_of((k_decl *)p->counter);
    if (!cs || cs->kind != SYM_REG) { /* not in a register: the remainder loop does all */
        lw_goto(F, rest);
        return;
    }
    int last = widened(F, cs->reg, p->is_signed);
    lw_emit(F, OP_ADDK, last, last, 0, (int32_t)(p->step * (p->copies - 1)), 0);
    int bound;
    if (p->bound) {
        bound = widened(F, lw_sym_of((k_decl *)p->bound)->reg, p->is_signed);
    } else {
        uint64_t v = s->expr->rhs->const_val & 0xffffffffu;
        bound = lw_reg(F);
        lw_emit_k(F, bound, p->is_signed ? (uint64_t)(int64_t)(int32_t)(uint32_t)v : v);
    }
    int op = s->expr->op, r = lw_reg(F);
    int lt = op == KB_LT || op == KB_GT, swap = op == KB_GT || op == KB_GE;
    lw_emit(F, lt ? OP_LT_S64 : OP_LE_S64, r, swap ? bound : last, swap ? last : bound, 0, 0);
    lw_branch(F, r, body, rest);
    F->top = top;
}

/* `#pragma unroll N` of a loop whose trips are counted on entry (see
 * lw_unroll_partial): a main loop of N copies with one test per group,
 * whether N more trips remain, then the loop itself for the remainder
 * (fewer than N trips, or a count that would wrap). */
static void partial_unroll(lw_func *F, k_stmt *s, const lw_partial *p)
{
    lw_stmt(F, s->init);
    int head = lw_new_block(F), body = lw_new_block(F), rest = lw_new_block(F);
    int rbody = lw_new_block(F), exit = lw_new_block(F);
    F->blocks[body].loop_body = 1;
    F->blocks[rbody].loop_body = 1;
    lw_goto(F, head);
    lw_start(F, head);
    F->loc = s->loc;
    main_test(F, s, p, body, rest);
    lw_start(F, body);
    for (int k = 0; k < p->copies; k++)
        body_and_step(F, s, exit);
    F->loc = s->loc;
    lw_emit(F, OP_YIELD, 0, 0, 0, 0, 0);
    lw_goto(F, head);
    lw_start(F, rest);
    F->loc = s->loc;
    lw_full_cond(F, s->expr, rbody, exit);
    lw_start(F, rbody);
    body_and_step(F, s, exit);
    F->loc = s->loc;
    lw_emit(F, OP_YIELD, 0, 0, 0, 0, 0);
    lw_goto(F, rest);
    lw_start(F, exit);
}

int lw_unrolled_loop(lw_func *F, k_stmt *s)
{
    int trips = lw_unroll_trips(F->M->ctx, s);
    if (trips >= 0) {
        full_unroll(F, s, trips);
        return 1;
    }
    lw_partial p;
    if (!lw_unroll_partial(F->M->ctx, s, &p))
        return 0;
    /* the bound is read from its register (the counter's is known once
     * its init is lowered: main_test) */
    lw_sym *bs = p.bound ? lw_sym_of((k_decl *)p.bound) : NULL;
    if (p.bound && (!bs || bs->kind != SYM_REG))
        return 0;
    partial_unroll(F, s, &p);
    return 1;
}
