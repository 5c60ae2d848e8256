/* lang/lower_eh.c -- lowering's part of C++ exceptions (lang/eh.c).
 *
 * In a program with a try statement, every call in host code that may
 * throw is followed by a test of __simtvm_eh_pending, the flag
 * simtvm/try.h's throw sets.  Where it is set, the flag is cleared (the
 * destructors about to run call functions that test it too) and control
 * leaves as a goto would: the full-expression's temporaries made so far and
 * the scopes' objects are destroyed, last made first, on the way to the
 * innermost try's handlers in this function (the label of the try body,
 * lw_func.eh_label); with no try around the call, out of the function with
 * the flag set again, so that its caller's test goes on.  Calls of
 * destructors, of `noexcept` member functions and of the exception
 * runtime's own functions (named __simtvm_eh_*) are not followed by a test:
 * they do not throw.  A program without try pays nothing. */
#include <string.h>

#include "lower.h"
#include "sema.h"

/* 1 + the index of the module variable __simtvm_eh_pending, or 0. */
static int pending_global(lw_mod *M)
{
    if (!M->eh_pending) {
        M->eh_pending = -1;
        for (uint32_t g = 0; g < M->m->nglobals; g++)
            if (M->m->globals[g].name && !strcmp(M->m->globals[g].name, "__simtvm_eh_pending"))
                M->eh_pending = (int)g + 1;
    }
    return M->eh_pending > 0 ? M->eh_pending : 0;
}

static int never_throws(const k_decl *callee)
{
    return callee && (callee->method_kind == M_DTOR || callee->is_noexcept ||
                      (callee->name && !strncmp(callee->name, "__simtvm_eh_", 12)));
}

/* Stores k into the flag (address in register a). */
static void set_flag(lw_func *F, int a, int k)
{
    int top = F->top;
    int v = lw_reg(F);
    lw_emit_k(F, v, (uint64_t)k);
    lw_lv lv = {LV_MEM, a, 0, k_ty(F->M->ctx, TY_INT), 0, 0, 0};
    lw_store(F, &lv, v);
    F->top = top;
}

void lw_eh_after_call(lw_func *F, const k_decl *callee)
{
    if (!F->M->ctx->ntries || never_throws(callee) ||
        (k_fn_kind(F->decl) & (FN_DEVICE | FN_KERNEL)))
        return;
    int g = pending_global(F->M);
    if (!g)
        return;
    int top = F->top;
    int a = lw_reg(F), v = lw_reg(F);
    lw_emit(F, OP_GADDR, a, 0, 0, g - 1, 0);
    lw_load_at(F, a, k_ty(F->M->ctx, TY_INT), v);
    int cont = lw_new_block(F);
    if (!F->eh_label && !F->ndtors && !F->ntemps) {   /* nothing to destroy: straight out */
        lw_branch(F, v, F->exit_block, cont);
        F->top = top;
        lw_start(F, cont);
        return;
    }
    int unwind = lw_new_block(F);
    lw_branch(F, v, unwind, cont);
    lw_start(F, unwind);
    set_flag(F, a, 0);
    lw_temps_unwind(F);
    if (F->eh_label) {
        lw_goto_label(F, F->eh_label);
    } else {
        lw_dtor_run(F, 0);
        lw_emit(F, OP_GADDR, a, 0, 0, g - 1, 0);
        set_flag(F, a, 1);
        lw_goto(F, F->exit_block);
    }
    F->top = top;
    lw_start(F, cont);
}
