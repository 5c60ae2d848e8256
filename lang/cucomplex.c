/* lang/cucomplex.c -- the text of <cuComplex.h> as simtvm builds it in,
 * written in K: cuFloatComplex and cuDoubleComplex are float2 and double2
 * (as CUDA's are), and every function computes what NVIDIA's header
 * computes, operation for operation: division scales both operands by
 * 1 / (|re y| + |im y|) first, and the absolute value divides the smaller
 * part by the larger one, so neither overflows nor underflows where the
 * result would not.  K does not contract a * b + c, so the digits are those
 * of nvcc -fmad=false.  Returned by k_builtin_header_text (lang/headers.c). */
#include "include.h"

#include <string.h>

/* One precision's functions: T the part's type, C the complex type, S the
 * float functions' suffix ("f" or nothing), M the largest finite T. */
#define CUCOMPLEX_FUNCS(T, C, S, MAKE, FABS, SQRT, M)                                           \
    "__host__ __device__ static inline " T " cuCreal" S "(" C " z) { return z.x; }\n"           \
    "__host__ __device__ static inline " T " cuCimag" S "(" C " z) { return z.y; }\n"           \
    "__host__ __device__ static inline " C " " MAKE "(" T " re, " T " im)\n"                    \
    "{\n"                                                                                       \
    "    " C " z;\n"                                                                            \
    "    z.x = re;\n"                                                                           \
    "    z.y = im;\n"                                                                           \
    "    return z;\n"                                                                           \
    "}\n"                                                                                       \
    "__host__ __device__ static inline " C " cuConj" S "(" C " z)\n"                                 \
    "{\n"                                                                                          \
    "    return " MAKE "(z.x, -z.y);\n"                                                             \
    "}\n"                                                                                          \
    "__host__ __device__ static inline " C " cuCadd" S "(" C " a, " C " b) { return " MAKE      \
    "(a.x + b.x, a.y + b.y); }\n"                                                               \
    "__host__ __device__ static inline " C " cuCsub" S "(" C " a, " C " b) { return " MAKE      \
    "(a.x - b.x, a.y - b.y); }\n"                                                               \
    "/* no guard against an intermediate overflow, as NVIDIA's */\n"                            \
    "__host__ __device__ static inline " C " cuCmul" S "(" C " a, " C " b)\n"                   \
    "{\n"                                                                                       \
    "    return " MAKE "(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);\n"                      \
    "}\n"                                                                                       \
    "/* both operands scaled by 1 / (|b.x| + |b.y|), then the textbook quotient */\n"           \
    "__host__ __device__ static inline " C " cuCdiv" S "(" C " a, " C " b)\n"                   \
    "{\n"                                                                                       \
    "    " T " inv = (" T ")1 / (" FABS "(b.x) + " FABS "(b.y));\n"                             \
    "    " T " ar = a.x * inv, ai = a.y * inv;\n"                                               \
    "    " T " br = b.x * inv, bi = b.y * inv;\n"                                               \
    "    " T " inv_norm = (" T ")1 / (br * br + bi * bi);\n"                                    \
    "    return " MAKE "((ar * br + ai * bi) * inv_norm, (ai * br - ar * bi) * inv_norm);\n"    \
    "}\n"                                                                                       \
    "/* the larger part times sqrt(1 + (smaller / larger)^2); zero and infinite\n"              \
    "   parts (where that ratio is NaN) give the sum of the parts */\n"                         \
    "__host__ __device__ static inline " T " cuCabs" S "(" C " z)\n"                            \
    "{\n"                                                                                       \
    "    " T " a = " FABS "(z.x), b = " FABS "(z.y);\n"                                         \
    "    " T " big = a > b ? a : b, small = a > b ? b : a;\n"                                   \
    "    " T " r = small / big;\n"                                                              \
    "    r = big * " SQRT "((" T ")1 + r * r);\n"                                               \
    "    if (big == (" T ")0 || big > " M " || small > " M ")\n"                                \
    "        r = big + small;\n"                                                                \
    "    return r;\n"                                                                           \
    "}\n"                                                                                       \
    "/* x*y + d, the products added in NVIDIA's order */\n"                                     \
    "__host__ __device__ static inline " C " cuCfma" S "(" C " x, " C " y, " C " d)\n"          \
    "{\n"                                                                                       \
    "    " T " re = x.x * y.x + d.x;\n"                                                         \
    "    " T " im = x.x * y.y + d.y;\n"                                                         \
    "    re = -(x.y * y.y) + re;\n"                                                             \
    "    im = x.y * y.x + im;\n"                                                                \
    "    return " MAKE "(re, im);\n"                                                            \
    "}\n"

static const char CUCOMPLEX_TEXT[] =
    "/* <cuComplex.h> as simtvm builds it in (lang/cucomplex.c) */\n"
    "#ifndef __SIMTVM_CUCOMPLEX\n"
    "#define __SIMTVM_CUCOMPLEX\n"
    "typedef float2 cuFloatComplex;\n"
    "typedef double2 cuDoubleComplex;\n"
    "typedef cuFloatComplex cuComplex;\n"
    CUCOMPLEX_FUNCS("float", "cuFloatComplex", "f", "make_cuFloatComplex", "fabsf", "sqrtf",
                    "3.402823466e38f")
    CUCOMPLEX_FUNCS("double", "cuDoubleComplex", "", "make_cuDoubleComplex", "fabs", "sqrt",
                    "1.79769313486231570e+308")
    "__host__ __device__ static inline cuComplex make_cuComplex(float re, float im)\n"
    "{\n"
    "    return make_cuFloatComplex(re, im);\n"
    "}\n"
    "__host__ __device__ static inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z)\n"
    "{\n"
    "    return make_cuDoubleComplex((double)z.x, (double)z.y);\n"
    "}\n"
    "__host__ __device__ static inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z)\n"
    "{\n"
    "    return make_cuFloatComplex((float)z.x, (float)z.y);\n"
    "}\n"
    "#endif\n";

const char *k_cucomplex_text(const char *name)
{
    return strcmp(name, "cuComplex.h") == 0 ? CUCOMPLEX_TEXT : NULL;
}
