/* vm/fold.h -- the value of an integer instruction on known operands: the
 * one constant folder.  The compiler folds with it and nothing else
 * (lang/opt.c on bytecode, lang/intops.c for the C operators sema folds,
 * lang/pp_if.c, lang/unroll.c, lang/lower_init.c's and lower_expr.c's
 * integer-to-float conversions: lang/README.md), and it computes by the very
 * lane expressions the interpreter runs (vm/lanes.def over the micro-ops of
 * vm/lanes.h), so a folded value cannot differ from the one the instruction
 * computes at run time.  tests/unit/test_fold.c checks it against the scalar
 * lane helpers on edge values. */
#ifndef SIMT_FOLD_H
#define SIMT_FOLD_H

#include <stdint.h>

#include "vm/module.h"

/* Whether simt_fold computes op: the integer, comparison, extension and
 * shift opcodes (and MOV, LDK, ADDK, ADDK_I32, LEA), the conversions from
 * floating point to integers (saturating, the same in host and device
 * code) and from 64-bit integers to float and double (one rounding; no NaN
 * can come of them).  Floating-point arithmetic is not folded: host and
 * device code compute their NaNs differently (SIMT_HOST_FLOATS,
 * vm/lanes_host.c). */
int simt_foldable(unsigned op);

/* Stores in *r the value R[a] gets from `op a, b, c` when R[b] = b and
 * R[c] = c (register forms: 32-bit values zero-extended), with the immediate
 * k (LDK's constant, ADDK's sign-extended i, LEA's scale) and j (LEA's index
 * extension), and returns 1.  Returns 0, *r untouched, when op is not
 * foldable or the instruction would not simply compute: an integer division
 * or remainder by zero (a fault in host code, a warning on the device). */
int simt_fold(unsigned op, uint64_t b, uint64_t c, uint64_t k, unsigned j, uint64_t *r);

/* simt_fold of an instruction, its immediates taken as the interpreter
 * takes them. */
int simt_fold_insn(const simt_insn *in, uint64_t b, uint64_t c, uint64_t *r);

#endif
