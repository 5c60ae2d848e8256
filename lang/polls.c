/* lang/polls.c -- which loops may poll memory that another thread writes
 * as they run (vm/module.h SIMT_YIELD_POLLS): the VM fingerprints a warp at
 * their back edges where the timing model follows spins, so marking a loop
 * that cannot poll costs the model's runs time, and missing one that can
 * leaves its spin's passes timed as work.
 *
 * Lowering marks a loop whose body or condition emits a volatile load or
 * an atomic (SIMT_YIELD_POLLS), and one that calls functions but does
 * neither (LW_YIELD_CALLS, with where its calls are in the list of every
 * call's callee): such a loop polls only if a function it calls may --
 * cuda::barrier's wait calls the load that polls.  Once every function is
 * lowered, a function may poll where its code has a volatile load or an
 * atomic or it calls one that may (to a fixed point over the call graph
 * lowering kept for recursion), and a LW_YIELD_CALLS back edge keeps its
 * mark where one of its loop's calls is of such a function. */
#include <stdlib.h>

#include "lower.h"
#include "vm/opcodes.h"

static int polls_directly(const simt_module *m, const simt_func *fn)
{
    for (uint32_t pc = fn->entry; pc < fn->end && pc < m->ncode; pc++) {
        if (simt_insn_polls(&m->code[pc]))
            return 1;
    }
    return 0;
}

void lw_note_call(lw_mod *M, int32_t callee)
{
    if (M->ncalls == M->calls_cap) {
        uint32_t cap = M->calls_cap ? M->calls_cap * 2 : 64;
        int32_t *n = simt_realloc(&M->ctx->tal, M->calls, cap * sizeof *n);
        if (!n) {
            M->oom = 1;
            return;
        }
        M->calls = n;
        M->calls_cap = cap;
    }
    M->calls[M->ncalls++] = callee;
}

/* A YIELD whose loop called functions and did nothing else that polls
 * keeps where its calls are in M->calls (j, and c of them) for
 * lw_mark_polls; more calls than c holds count as a poll. */
void lw_mark_yield(lw_func *F, simt_insn *yield, uint32_t polls, uint32_t calls)
{
    uint32_t n = F->M->ncalls - calls;
    if (F->polls != polls || n > 0xffff) {
        yield->b = SIMT_YIELD_POLLS;
    } else if (n) {
        yield->b = LW_YIELD_CALLS;
        yield->c = (uint16_t)n;
        yield->j = (int32_t)calls;
    }
}

void lw_mark_polls(lw_mod *M)
{
    simt_module *m = M->m;
    uint32_t n = m->nfuncs;
    unsigned char *may = simt_calloc(&M->ctx->tal, (size_t)n + 1, 1);
    if (!may) {
        M->oom = 1;
        return;
    }
    for (uint32_t f = 0; f < n; f++)
        may[f] = (unsigned char)polls_directly(m, &m->funcs[f]);
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t f = 0; f < n; f++)
            for (int k = 0; !may[f] && k < M->ncallees[f]; k++)
                if (may[M->callees[f][k]])
                    may[f] = 1, changed = 1;
    }
    for (uint32_t pc = 0; pc < m->ncode; pc++) {
        simt_insn *in = &m->code[pc];
        if ((in->op != OP_YIELD && in->op != OP_YIELDJ) || in->b != LW_YIELD_CALLS)
            continue;
        int polls = 0;
        for (uint32_t k = (uint32_t)in->j; k < (uint32_t)in->j + in->c && k < M->ncalls; k++)
            polls |= M->calls[k] >= 0 && (uint32_t)M->calls[k] < n && may[M->calls[k]];
        in->b = polls ? SIMT_YIELD_POLLS : 0;
        in->c = 0;
        in->j = 0;
    }
    simt_free(&M->ctx->tal, may);
}
