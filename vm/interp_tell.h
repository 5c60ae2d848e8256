/* vm/interp_tell.h -- how the dispatch loop (vm/interp.c) tells the
 * observers of issues its runs: one call per run of straight code
 * (issue_run), or, where the model alone observes, the pieces of a run that
 * went on across jumps the whole group took, in one call (issue_runs).
 * Included by vm/interp.c only (both of its twins); the macros that call
 * these (RUN_FLUSH, RUN_JUMP) are there. */
#ifndef SIMT_INTERP_TELL_H
#define SIMT_INTERP_TELL_H

#include "vm/exec.h"
#include "vm/observe.h"

static __attribute__((noinline, cold)) void tell_runs(simt_vm *vm, int32_t last, uint32_t n,
                                                     uint32_t mask, uint32_t warp)
{
    SIMT_NOTIFY(vm, issue_run, last, n, mask, warp);
}

/* The pieces gathered (ex->pieces) and the run's last piece (n
 * instructions up to last; n may be 0) to the one observer of pieces, in
 * one call. */
static __attribute__((noinline)) void tell_pieces(simt_exec *ex, int32_t last, uint64_t n,
                                                  uint32_t mask, uint32_t warp)
{
    if (n)
        ex->pieces[ex->npieces++] = (simt_pc_run){last, (uint32_t)n};
    const struct simt_obs_call *c = &ex->vm->obs.call[OBS_EV_issue_runs_bit][0];
    uint32_t count = ex->npieces;
    ex->npieces = 0;
    ((__typeof__(((simt_observer *)0)->issue_runs))c->fn)(c->ctx, ex->pieces, count, mask, warp);
}

/* The run goes on past a jump at last: its instructions since the last
 * piece become a piece (ex->run_steps moves on); a full list is told. */
static inline void run_piece(simt_exec *ex, int32_t last, uint32_t mask, uint32_t warp)
{
    uint64_t n = ex->steps - ex->run_steps;
    if (!n)
        return;
    ex->run_steps = ex->steps;
    ex->pieces[ex->npieces++] = (simt_pc_run){last, (uint32_t)n};
    if (__builtin_expect(ex->npieces == SIMT_RUN_PIECES, 0))
        tell_pieces(ex, last, 0, mask, warp);
}

/* One call per run of a few instructions: with one observer of runs (the
 * model, nearly always) a tail call to it, without SIMT_NOTIFY's loop,
 * whose saved registers cost as much as the call.  n may be 0 where
 * pieces are pending. */
static __attribute__((noinline)) void tell_run(simt_exec *ex, const simt_warp *w, int32_t last,
                                               uint64_t n, uint32_t mask)
{
    if (ex->npieces) {
        tell_pieces(ex, last, n, mask, w->index);
        return;
    }
    const simt_observers *obs = &ex->vm->obs;
    if (__builtin_expect(obs->ncall[OBS_EV_issue_run_bit] != 1, 0)) {
        tell_runs(ex->vm, last, (uint32_t)n, mask, w->index);
        return;
    }
    const struct simt_obs_call *c = &obs->call[OBS_EV_issue_run_bit][0];
    ((__typeof__(((simt_observer *)0)->issue_run))c->fn)(c->ctx, last, (uint32_t)n, mask,
                                                          w->index);
}

/* A conditional branch where modeled, some lane taken, every branch
 * wanted or the branch predicated: a jump or a told branch ends the run (a
 * jump only where the observer does not take pieces: run_piece); a branch
 * is told where it diverges, is predicated (SIMT_BR_PREDICATED: the model
 * issues the side every lane skips, as a GPU does with the predicate off)
 * or some observer of branches wants them all (OBS_QUIET_BRANCHES).  Out of
 * line: the loop's branch handler stays as small as without the model. */
static __attribute__((noinline)) void tell_branch(simt_exec *ex, const simt_warp *w, int32_t pc,
                                                  uint32_t mask, uint32_t taken, int runs,
                                                  int predicated)
{
    const simt_observers *obs = &ex->vm->obs;
    int told = (taken != mask && taken != 0) || !obs->quiet_branches || predicated;
    /* the caller's test: some lane took it, or every branch is told */
    if (!told && ex->piece_runs) { /* a jump of the whole group: the run goes on */
        run_piece(ex, pc, mask, w->index);
        return;
    }
    if (runs && (ex->steps != ex->run_steps || ex->npieces)) {
        uint64_t n = ex->steps - ex->run_steps;
        ex->run_steps = ex->steps;
        if (!told && obs->ncall[OBS_EV_issue_run_bit] == 1 && !ex->npieces) { /* as tell_run */
            const struct simt_obs_call *c = &obs->call[OBS_EV_issue_run_bit][0];
            ((__typeof__(((simt_observer *)0)->issue_run))c->fn)(c->ctx, pc, (uint32_t)n, mask,
                                                                  w->index);
            return;
        }
        tell_run(ex, w, pc, n, mask);
    }
    if (told)
        SIMT_NOTIFY(ex->vm, branch, pc, mask, taken, w->index);
}

#endif
