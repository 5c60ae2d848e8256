/* lang/intops.h -- the opcode each C arithmetic operator, comparison and
 * conversion compiles to on a type (the lowering's instruction selection,
 * written once), and the value of the integer ones on constants.
 *
 * Sema folds integer constant expressions with k_fold_*: each maps its
 * (operator, C type) to the opcode lowering selects and asks the VM's
 * constant folder (vm/fold.h) for that opcode's value, on the operands'
 * register forms, so a folded constant is what the program would compute
 * at run time (32-bit wrap, shifts counted modulo the width, INT_MIN / -1). */
#ifndef K_INTOPS_H
#define K_INTOPS_H

#include <stdint.h>

#include "types.h"

/* What a register holds for value v (as sema keeps it: k_kind_wrap) of an
 * integer kind (lang/lower_expr.c describes the forms). */
uint64_t k_reg_form(int kind, uint64_t v);

/* The opcode of binary operator op (KB_ADD..KB_BITXOR, not the comparisons)
 * on operands of kind k (integer or floating), -1 for none. */
int k_sel_arith(int op, int k);
/* The opcode of comparison op (KB_LT..KB_NE) on kind k; *swap is set when
 * the operands must be exchanged (> and >= are < and <= reversed). */
int k_sel_compare(int op, int k, int *swap);
/* The opcode of -x (KU_NEG) or ~x (KU_BITNOT) on kind k. */
int k_sel_unary(int op, int k);
/* The opcode converting an integer of kind from to kind to (not bool), -1
 * when the register form stays (a MOV). */
int k_sel_int_convert(int from, int to);
/* The opcode converting a float or double (from) to integer kind to; a kind
 * narrower than 32 bits converts to int or unsigned (by its signedness) first
 * and then with k_sel_int_convert, as on the GPU. */
int k_sel_float_to_int(int from, int to);

/* The constant folder of sema: each stores the value (k_kind_wrap form of
 * the result's kind) in *r and returns 1, or returns 0 where the operation
 * is not a constant (an integer division by zero).  Operands are in the
 * k_kind_wrap form of their kinds. */
/* a op b for the binary operators and comparisons: ka, kb the operands'
 * kinds, k the kind the operator computes in (the usual arithmetic
 * conversions; the promoted left operand for shifts, whose count keeps its
 * own kind). */
int k_fold_binary(int op, int k, int ka, uint64_t a, int kb, uint64_t b, uint64_t *r);
/* -v, ~v, +v (KU_NEG, KU_BITNOT, KU_PLUS) of kind kv in the promoted kind
 * k, and !v (KU_NOT, a bool). */
int k_fold_unary(int op, int k, int kv, uint64_t v, uint64_t *r);
/* v of integer kind from converted to integer kind to. */
uint64_t k_fold_convert(int from, int to, uint64_t v);
/* The floating constant v (a float when single) converted to integer kind to. */
int k_fold_float_to_int(double v, int single, int to, uint64_t *r);

/* C++'s constant expressions.  The folder above gives what the program
 * computes at run time (INT_MAX + 1 wraps, 1 << 32 is 1); C++ gives some of
 * those operations no value in a constant expression, and g++ rejects them
 * in one (a static_assert, an array bound, an enumerator, a template
 * argument, a case label).  Each returns why the operation, on the same
 * operands as its k_fold_* above, is not a constant expression (g++'s
 * words), NULL when it is: signed overflow, a division by zero, a shift
 * count negative or not below the width, a negative or overflowing signed
 * left shift (C++17's rule), a float out of the integer's range. */
const char *k_const_binary_ub(int op, int k, int ka, uint64_t a, int kb, uint64_t b);
const char *k_const_unary_ub(int op, int k, int kv, uint64_t v);
const char *k_const_float_to_int_ub(double v, int to);

#endif
