/* vm/opcodes.h -- the opcode enum and operand descriptions, generated from
 * vm/opcodes.def (the only place opcodes are listed). */
#ifndef SIMT_OPCODES_H
#define SIMT_OPCODES_H

/* Register-use bits of the USES column. */
enum simt_use {
    WA = 1 << 0,  /* a is written */
    RA = 1 << 1,  /* a is read */
    RB = 1 << 2,  /* b is read */
    RC = 1 << 3,  /* c is read */
    RC2 = 1 << 4, /* c and c+1 are read */
    RC3 = 1 << 5, /* c, c+1 and c+2 are read */
};

/* Operand formats of the FORMAT column. */
enum simt_format { FMT_N, FMT_A, FMT_AB, FMT_ABC, FMT_AK, FMT_ABI, FMT_AI, FMT_J, FMT_BR, FMT_CALL, FMT_X, FMT_BRC };

typedef enum simt_op {
#define OP(name, format, uses, meaning) OP_##name,
#include "vm/opcodes.def"
#undef OP
    OP_COUNT
} simt_op;

typedef struct simt_opinfo {
    const char *name;
    enum simt_format format;
    unsigned uses;
    const char *meaning;
} simt_opinfo;

/* The compare opcodes (EQ/NE/LT/LE of every type) a BRCT/BRCF may fuse. */
static inline int simt_op_is_compare(unsigned op)
{
    return (op >= OP_EQ_I32 && op <= OP_LE_U32) || (op >= OP_EQ_I64 && op <= OP_LE_U64) ||
           (op >= OP_EQ_F32 && op <= OP_LE_F32) || (op >= OP_EQ_F64 && op <= OP_LE_F64);
}

/* Indexed by opcode; defined in vm/module.c. */
extern const simt_opinfo simt_opinfo_table[OP_COUNT];

#endif
