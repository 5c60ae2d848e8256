/* vm/divzero.c -- integer division by zero in device code (SPEC section 4).
 *
 * A GPU does not trap on an integer division by zero: its division is a
 * sequence of ordinary instructions whose answer for a zero divisor is all
 * ones for the quotient (-1 for signed types) and the dividend for the
 * remainder.  A 64-bit division whose operands both fit in 32 bits takes
 * the 32-bit routine, so its quotient is 0xffffffff (measured on an H200:
 * (long long)0 / 0 is 4294967295, (long long)7000000049 / 0 is -1).  The dispatch loop divides the other lanes and calls here for
 * the lanes whose divisor is zero; the checkers, when there are any, hear
 * of it as a warning.  Host code is the CPU's and faults, as it would.
 */
#include "vm/exec.h"
#include "vm/observe.h"
#include "vm/opcodes.h"

int simt_div_zero(simt_exec *ex, simt_block *blk, simt_warp *w, int32_t pc, uint32_t zero,
                  uint64_t *a, const uint64_t *b)
{
    unsigned lane = (unsigned)__builtin_ctz(zero);
    if (ex->is_host) {
        simt_exec_fault(ex, blk, w, lane, pc, "integer division by zero");
        ex->vm->fault.kind = FAULT_DIV_ZERO;
        return -1;
    }
    if (simt_observing(ex->vm, OBS_EV(finding))) {
        simt_finding f = { .kind = FIND_DIV_ZERO, .pc = pc, .block = blk->idx,
                           .tid = w->tid_base + lane, .lane = lane, .warp = w->index,
                           .lanes = zero };
        simt_observe_finding(ex->vm, &f);
    }
    uint8_t op = ex->mod->code[pc].op;
    int rem = op == OP_REM_S32 || op == OP_REM_U32 || op == OP_REM_S64 || op == OP_REM_U64;
    int narrow = op >= OP_DIV_S32 && op <= OP_REM_U32;
    for (uint32_t m = zero; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (rem)
            a[l] = narrow ? (uint32_t)b[l] : b[l];
        else
            a[l] = narrow || b[l] >> 32 == 0 ? 0xffffffffu : ~0ull;
    }
    return 0;
}
