/* vm/lanes_avx2.c -- the lane table of the AVX2 helpers (vm/lanes_avx2.h).
 *
 * Built with -mavx2 (Makefile.am); simt_lanes_avx2 installs the helpers, and
 * the AVX2 build of the dispatch loop (vm/interp_avx2.c), only when the CPU
 * reports AVX2.  tests/unit/test_lanes.c holds every helper to the scalar
 * specification bit for bit. */
#include "vm/exec.h"
#include "vm/lanes.h"
#include "vm/opcodes.h"

#if defined(__AVX2__) && (defined(__x86_64__) || defined(__i386__))
#include "vm/lanes_avx2.h"

int simt_lanes_avx2(simt_lane_ops *t)
{
    if (!__builtin_cpu_supports("avx2"))
        return 0;
    t->name = "avx2";
#define SET(name) t->op[LOP_##name] = avx2_##name;
    SET(MOV) SET(LDK) SET(IOTA) SET(SEL)
    SET(DIV_S32) SET(DIV_U32) SET(REM_S32) SET(REM_U32)
    SET(DIV_S64) SET(DIV_U64) SET(REM_S64) SET(REM_U64)
    SET(ADD_I32) SET(SUB_I32) SET(MUL_I32) SET(SHL_I32) SET(SHR_S32) SET(SHR_U32)
    SET(NEG_I32) SET(NOT_I32)
    SET(ADD_I64) SET(SUB_I64) SET(MUL_I64) SET(SHL_I64) SET(SHR_S64) SET(SHR_U64)
    SET(NEG_I64) SET(NOT_I64) SET(AND) SET(OR) SET(XOR) SET(ADDK) SET(ADDK_I32)
    SET(LEA_S32) SET(LEA_U32) SET(LEA_64)
    SET(EQ_I32) SET(NE_I32) SET(LT_S32) SET(LE_S32) SET(LT_U32) SET(LE_U32)
    SET(EQ_I64) SET(NE_I64) SET(LT_S64) SET(LE_S64) SET(LT_U64) SET(LE_U64)
    SET(ADD_F32) SET(SUB_F32) SET(MUL_F32) SET(DIV_F32) SET(NEG_F32)
    SET(EQ_F32) SET(NE_F32) SET(LT_F32) SET(LE_F32)
    SET(ADD_F64) SET(SUB_F64) SET(MUL_F64) SET(DIV_F64) SET(NEG_F64)
    SET(EQ_F64) SET(NE_F64) SET(LT_F64) SET(LE_F64)
    SET(SEXT8) SET(SEXT16) SET(SEXT32) SET(ZEXT8) SET(ZEXT16) SET(ZEXT32)
    SET(CVT_F64_F32) SET(CVT_F32_F64) SET(CVT_S32_F32) SET(CVT_S32_F64)
    SET(CVT_F32_S64) SET(CVT_F32_U64) SET(CVT_F64_S64) SET(CVT_F64_U64)
    SET(CVT_S64_F32) SET(CVT_U64_F32) SET(CVT_S64_F64) SET(CVT_U64_F64)
    SET(CVT_U32_F32) SET(CVT_U32_F64)
#undef SET
#define MASK(name) t->cmpmask[LOP_##name] = mask_##name;
    SIMT_COMPARE_OPS(MASK)
#undef MASK
    t->nonzero = avx2_nonzero;
    t->bounds = avx2_bounds;
    t->load = avx2_load;
    t->store = avx2_store;
    t->permute = avx2_permute;
    t->intrinsic = avx2_intrinsic;
    t->exec_group = simt_exec_group_avx2;
    return 1;
}

#else /* no AVX2 in this build: the scalar helpers stay */

int simt_lanes_avx2(simt_lane_ops *t)
{
    (void)t;
    return 0;
}

#endif
