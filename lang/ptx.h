/* lang/ptx.h -- inline PTX (`asm("mov.u32 %0, %%laneid;" : "=r"(x))`): the
 * subset simtvm translates (lang/ptx.c). */
#ifndef K_PTX_H
#define K_PTX_H

#include "ast.h"

/* One operand of an asm statement: `"=r"(x)` (expr set) or a clobber
 * `"memory"` (expr NULL).  constraint is the E_STRING of its letters. */
typedef struct k_asm_op {
    k_loc loc;
    k_expr *constraint;
    k_expr *expr;
} k_asm_op;

k_asm_op *k_parse_asm_op(k_ctx *ctx, k_loc loc, k_expr *constraint, k_expr *expr);

/* asm [volatile] (template : outputs : inputs : clobbers);  sections[i] is
 * the i-th colon's list of k_asm_op (NULL when empty); nsections the colons.
 * Returns the statements it stands for (an S_BLOCK), or NULL after an error. */
k_stmt *k_parse_asm(k_ctx *ctx, k_loc loc, k_expr *tmpl, void **sections, int nsections);

#endif
