/* vm/opcodes.h -- the opcode enum and operand descriptions, generated from
 * vm/opcodes.def (the only place opcodes are listed). */
#ifndef SIMT_OPCODES_H
#define SIMT_OPCODES_H

#include <stdint.h>

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
enum simt_format {
    FMT_N, FMT_A, FMT_AB, FMT_ABC, FMT_AK, FMT_ABI, FMT_AI, FMT_J, FMT_BR, FMT_CALL, FMT_X, FMT_BRC,
    FMT_LDX
};

typedef enum simt_op {
#define OP(name, format, uses, sass, meaning) OP_##name,
#include "vm/opcodes.def"
#undef OP
    OP_COUNT
} simt_op;

typedef struct simt_opinfo {
    const char *name;
    enum simt_format format;
    unsigned uses;
    unsigned sass; /* warp instructions of a GPU (vm/opcodes.def SASS) */
    const char *meaning;
} simt_opinfo;

/* The compare opcodes (EQ/NE/LT/LE of every type) a BRCT/BRCF may fuse,
 * listed once: X(NAME) for each; each has the lane helper LOP_NAME
 * (vm/lanes.def), and its mask form where an implementation has one. */
#define SIMT_COMPARE_OPS(X)                                                       \
    X(EQ_I32) X(NE_I32) X(LT_S32) X(LE_S32) X(LT_U32) X(LE_U32)                  \
    X(EQ_I64) X(NE_I64) X(LT_S64) X(LE_S64) X(LT_U64) X(LE_U64)                  \
    X(EQ_F32) X(NE_F32) X(LT_F32) X(LE_F32)                                      \
    X(EQ_F64) X(NE_F64) X(LT_F64) X(LE_F64)

static inline int simt_op_is_compare(unsigned op)
{
    switch (op) {
#define SIMT_COMPARE_CASE(name) case OP_##name:
    SIMT_COMPARE_OPS(SIMT_COMPARE_CASE)
#undef SIMT_COMPARE_CASE
        return 1;
    default:
        return 0;
    }
}

/* j of a load or store LD8S..LD64, ST8..ST64 (0 otherwise): it reads or
 * writes through a volatile lvalue.  The VM runs it as any other; to the
 * race checker it is a strong access, like an atomic (PTX's memory model
 * takes volatile as relaxed at system scope): a flag one block polls and
 * another sets, both through volatile (or atomics), is no race between the
 * blocks (runtime/check_race.c). */
#define SIMT_MEM_VOLATILE 1

/* LDX's j: an LEA's index extension (its j: 0 sext32, 1 zext32, 2 none) in
 * bits 0-1, log2 of its scale in bits 2-6, the load kind (LD8S, LD8U,
 * LD16S, LD16U, LD32, LD64 = 0..5) in bits 8-10 and SIMT_LDX_VOLATILE
 * (the fused load's SIMT_MEM_VOLATILE); every other bit is zero. */
#define SIMT_LDX_MAX_SHIFT 20
#define SIMT_LDX_J(ext, shift, kind) ((int32_t)((unsigned)(ext) | (unsigned)(shift) << 2 | \
                                                (unsigned)(kind) << 8))
#define SIMT_LDX_EXT(j) ((unsigned)(j) & 3u)
#define SIMT_LDX_SHIFT(j) ((unsigned)(j) >> 2 & 31u)
#define SIMT_LDX_KIND(j) ((unsigned)(j) >> 8 & 7u)
#define SIMT_LDX_VOLATILE 0x800u
#define SIMT_LDX_KNOWN_BITS 0xf7fu

/* The address one lane of an LDX reads: base + ext(index) * scale + i. */
static inline uint64_t simt_ldx_addr(uint64_t base, uint64_t index, int32_t i, int32_t j)
{
    unsigned ext = SIMT_LDX_EXT(j);
    uint64_t x = ext == 0 ? (uint64_t)(int64_t)(int32_t)(uint32_t)index
               : ext == 1 ? (uint64_t)(uint32_t)index : index;
    return base + (x << SIMT_LDX_SHIFT(j)) + (uint64_t)(int64_t)i;
}

/* Indexed by opcode; defined in vm/module.c. */
extern const simt_opinfo simt_opinfo_table[OP_COUNT];

#endif
