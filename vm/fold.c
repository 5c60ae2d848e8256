/* vm/fold.c -- the constant folder (vm/fold.h): each foldable opcode computes
 * its lane helper's expression from vm/lanes.def for one lane. */
#include "vm/fold.h"

#include "vm/lanes.h"

/* The integer opcodes whose lane helper has the opcode's name (LOP_NAME for
 * OP_NAME, as the interpreter calls them), listed once.  The division group
 * is checked for a zero divisor first. */
#define SIMT_FOLD_OPS(X)                                                               \
    X(MOV) X(LDK)                                                                      \
    X(ADD_I32) X(SUB_I32) X(MUL_I32) X(DIV_S32) X(DIV_U32) X(REM_S32) X(REM_U32)       \
    X(SHL_I32) X(SHR_S32) X(SHR_U32) X(NEG_I32) X(NOT_I32)                             \
    X(ADD_I64) X(SUB_I64) X(MUL_I64) X(DIV_S64) X(DIV_U64) X(REM_S64) X(REM_U64)       \
    X(SHL_I64) X(SHR_S64) X(SHR_U64) X(NEG_I64) X(NOT_I64)                             \
    X(AND) X(OR) X(XOR) X(ADDK) X(ADDK_I32)                                            \
    X(EQ_I32) X(NE_I32) X(LT_S32) X(LE_S32) X(LT_U32) X(LE_U32)                        \
    X(EQ_I64) X(NE_I64) X(LT_S64) X(LE_S64) X(LT_U64) X(LE_U64)                        \
    X(SEXT8) X(SEXT16) X(SEXT32) X(ZEXT8) X(ZEXT16) X(ZEXT32)                          \
    X(CVT_S64_F32) X(CVT_U64_F32) X(CVT_S64_F64) X(CVT_U64_F64)                        \
    X(CVT_S32_F32) X(CVT_U32_F32) X(CVT_S32_F64) X(CVT_U32_F64)                        \
    X(CVT_F32_S64) X(CVT_F32_U64) X(CVT_F64_S64) X(CVT_F64_U64)

/* Each row's expression as a function of one lane (lane 0); only the rows
 * the folder reaches are called, so only they are compiled. */
#define LOP(name, arity, expr)                                                          \
    static inline uint64_t row_##name(uint64_t b, uint64_t c, uint64_t k)                  \
    {                                                                                   \
        const uint64_t d = 0; /* SEL's third operand: SEL is not folded */              \
        const unsigned l = 0;                                                           \
        (void)b, (void)c, (void)k, (void)d, (void)l;                                    \
        return (expr);                                                                  \
    }
#include "vm/lanes.def"
#undef LOP

/* One lane of helper lop, a row of SIMT_FOLD_OPS or an LEA. */
static uint64_t lane_value(enum simt_lop lop, uint64_t b, uint64_t c, uint64_t k)
{
    switch (lop) {
#define FOLD_ROW(name) case LOP_##name: return row_##name(b, c, k);
    SIMT_FOLD_OPS(FOLD_ROW)
    FOLD_ROW(LEA_S32) FOLD_ROW(LEA_U32) FOLD_ROW(LEA_64)
#undef FOLD_ROW
    default:
        return 0;
    }
}

static int lop_of(unsigned op, unsigned j)
{
    switch (op) {
#define FOLD_CASE(name) case OP_##name: return LOP_##name;
    SIMT_FOLD_OPS(FOLD_CASE)
#undef FOLD_CASE
    case OP_LEA: /* the index's extension by j, as the interpreter's lea_group */
        return j == 0 ? LOP_LEA_S32 : j == 1 ? LOP_LEA_U32 : LOP_LEA_64;
    default:
        return -1;
    }
}

int simt_foldable(unsigned op)
{
    return lop_of(op, 0) >= 0;
}

int simt_fold(unsigned op, uint64_t b, uint64_t c, uint64_t k, unsigned j, uint64_t *r)
{
    int lop = lop_of(op, j);
    if (lop < 0)
        return 0;
    /* the divisor the interpreter tests (zero_divisors32, nonzero_group) */
    if (op >= OP_DIV_S32 && op <= OP_REM_U32 && (uint32_t)c == 0)
        return 0;
    if (op >= OP_DIV_S64 && op <= OP_REM_U64 && c == 0)
        return 0;
    *r = lane_value((enum simt_lop)lop, b, c, k);
    return 1;
}

int simt_fold_insn(const simt_insn *in, uint64_t b, uint64_t c, uint64_t *r)
{
    uint64_t k = in->op == OP_LDK ? simt_insn_k(in) : (uint64_t)(int64_t)in->i;
    return simt_fold(in->op, b, c, k, (unsigned)in->j, r);
}
