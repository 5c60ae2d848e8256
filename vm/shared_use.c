/* vm/shared_use.c -- the static __shared__ bytes one kernel uses (SPEC 5.3).
 *
 * Lowering lays every static __shared__ variable of a file out once, one after
 * the other, so that a __device__ function reaches a variable at the same
 * offset from whichever kernel calls it.  A kernel's block holds only the
 * variables the kernel can reach, as with nvcc: two kernels of 40 KB each
 * need 40 KB per block, not 80.  The variables a kernel reaches are those
 * whose address appears as a constant (LDK of a shared address) in the
 * kernel or in a function it calls, directly or not; the debug table
 * (shared_syms) gives each variable's place and size.
 */
#include "vm/module.h"

/* Index of the static variable whose bytes [offset, offset + size) hold off;
 * else of the one that ends at off (a pointer one past its end); else -1. */
static int sym_at(const simt_module *m, uint64_t off)
{
    int end = -1;
    for (uint32_t s = 0; s < m->nshared_syms; s++) {
        const simt_symbol *y = &m->shared_syms[s];
        if (y->offset == UINT32_MAX || off < y->offset)
            continue;
        if (off < (uint64_t)y->offset + y->size)
            return (int)s;
        if (off == (uint64_t)y->offset + y->size)
            end = (int)s;
    }
    return end;
}

/* Marks in seen[] the functions reachable from f (f included), without
 * recursion: stack holds at most nfuncs entries. */
static void reach(const simt_module *m, uint32_t f, uint8_t *seen, uint32_t *stack)
{
    uint32_t top = 0;
    seen[f] = 1;
    stack[top++] = f;
    while (top) {
        const simt_func *fn = &m->funcs[stack[--top]];
        for (uint32_t pc = fn->entry; pc < fn->end && pc < m->ncode; pc++) {
            const simt_insn *in = &m->code[pc];
            if (in->op != OP_CALL || in->i < 0 || (uint32_t)in->i >= m->nfuncs || seen[in->i])
                continue;
            seen[in->i] = 1;
            stack[top++] = (uint32_t)in->i;
        }
    }
}

uint64_t simt_module_kernel_shared(const simt_module *m, uint32_t func)
{
    if (!m->shared_static || func >= m->nfuncs || !m->nshared_syms)
        return m->shared_static;
    uint8_t *seen = simt_calloc(&m->al, m->nfuncs + m->nshared_syms, 1);
    uint32_t *stack = simt_calloc(&m->al, m->nfuncs, sizeof *stack);
    if (!seen || !stack) { /* no room to look: the whole layout, as before */
        simt_free(&m->al, seen);
        simt_free(&m->al, stack);
        return m->shared_static;
    }
    uint8_t *used = seen + m->nfuncs;
    reach(m, func, seen, stack);
    for (uint32_t f = 0; f < m->nfuncs; f++) {
        if (!seen[f])
            continue;
        for (uint32_t pc = m->funcs[f].entry; pc < m->funcs[f].end && pc < m->ncode; pc++) {
            const simt_insn *in = &m->code[pc];
            uint64_t k = simt_insn_k(in);
            if (in->op == OP_LDK && SIMT_ADDR_SPACE(k) == SPACE_SHARED) {
                int s = sym_at(m, SIMT_ADDR_OFFSET(k));
                if (s >= 0)
                    used[s] = 1;
            }
        }
    }
    uint64_t bytes = 0;
    for (uint32_t s = 0; s < m->nshared_syms; s++)
        if (used[s])
            bytes = ((bytes + 15) & ~(uint64_t)15) + m->shared_syms[s].size;
    simt_free(&m->al, seen);
    simt_free(&m->al, stack);
    return (bytes + 15) & ~(uint64_t)15;
}
