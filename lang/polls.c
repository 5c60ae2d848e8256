/* lang/polls.c -- which loops may poll memory that another thread writes
 * as they run (vm/module.h SIMT_YIELD_POLLS): the VM fingerprints a warp at
 * their back edges where the timing model follows spins, so marking a loop
 * that cannot poll costs the model's runs time, and missing one that can
 * leaves its spin's passes timed as work.
 *
 * Lowering marks a loop whose body emits a volatile load or an atomic
 * (SIMT_YIELD_POLLS), and one whose body calls a function but does neither
 * (LW_YIELD_CALLS): such a loop polls only if a function it calls may --
 * cuda::barrier's wait calls the load that polls.  Here, once every
 * function is lowered, a function may poll where its code has a volatile
 * load or an atomic or it calls one that may (to a fixed point over the
 * call graph lowering kept for recursion), and a LW_YIELD_CALLS back edge
 * keeps its mark where its function calls one that may poll (a loop's own
 * callees are not kept: its function's stand for them). */
#include <stdlib.h>

#include "lower.h"
#include "vm/opcodes.h"

static int polls_directly(const simt_module *m, const simt_func *fn)
{
    for (uint32_t pc = fn->entry; pc < fn->end && pc < m->ncode; pc++) {
        const simt_insn *in = &m->code[pc];
        if (in->op == OP_ATOM || in->op == OP_ATOMCAS ||
            (simt_insn_volatile(in) && (in->op == OP_LDX || in->op <= OP_LD64)))
            return 1;
    }
    return 0;
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
    for (uint32_t f = 0; f < n; f++) {
        int calls_poller = 0;
        for (int k = 0; k < M->ncallees[f]; k++)
            calls_poller |= may[M->callees[f][k]];
        const simt_func *fn = &m->funcs[f];
        for (uint32_t pc = fn->entry; pc < fn->end && pc < m->ncode; pc++) {
            simt_insn *in = &m->code[pc];
            if ((in->op == OP_YIELD || in->op == OP_YIELDJ) && in->b == LW_YIELD_CALLS)
                in->b = calls_poller ? SIMT_YIELD_POLLS : 0;
        }
    }
    simt_free(&M->ctx->tal, may);
}
