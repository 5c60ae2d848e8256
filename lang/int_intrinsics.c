/* lang/int_intrinsics.c -- CUDA's integer intrinsics that have no VM
 * instruction of their own, written in K: __umul24, __mul64hi, __umul64hi,
 * __sad, __usad, __rhadd, __uhadd, __urhadd (CUDA Math API, "Integer
 * Intrinsics"; __mul24, __mulhi and __umulhi are built in, lang/builtins.c).
 * nvcc needs no header for them, so lang/preprocess.c reads this text ahead
 * of a main file that names one, as it does the SIMD intrinsics.  They are
 * __device__ functions, as in CUDA: host code calling one is the located
 * error nvcc gives. */
#include "include.h"

static const char INT_TEXT[] =
    "/* CUDA's integer intrinsics as simtvm builds them in (lang/int_intrinsics.c). */\n"
    "#ifndef __SIMTVM_INT_INTRINSICS\n"
    "#define __SIMTVM_INT_INTRINSICS\n"
    "/* the low 32 bits of the product of the low 24 bits of x and y */\n"
    "__device__ static unsigned int __umul24(unsigned int x, unsigned int y)\n"
    "{\n"
    "    return (x & 0xffffffu) * (y & 0xffffffu);\n"
    "}\n"
    "/* the high 64 bits of the 128-bit product, from four 32-bit products */\n"
    "__device__ static unsigned long long __umul64hi(unsigned long long x, unsigned long long y)\n"
    "{\n"
    "    unsigned long long xl = x & 0xffffffffull, xh = x >> 32;\n"
    "    unsigned long long yl = y & 0xffffffffull, yh = y >> 32;\n"
    "    unsigned long long ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;\n"
    "    unsigned long long mid = (ll >> 32) + (lh & 0xffffffffull) + (hl & 0xffffffffull);\n"
    "    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);\n"
    "}\n"
    "/* signed: the unsigned high half less y for a negative x, x for a negative y */\n"
    "__device__ static long long __mul64hi(long long x, long long y)\n"
    "{\n"
    "    unsigned long long h = __umul64hi((unsigned long long)x, (unsigned long long)y);\n"
    "    if (x < 0)\n"
    "        h -= (unsigned long long)y;\n"
    "    if (y < 0)\n"
    "        h -= (unsigned long long)x;\n"
    "    return (long long)h;\n"
    "}\n"
    "/* |x - y| + z, the difference taken without overflow */\n"
    "__device__ static unsigned int __sad(int x, int y, unsigned int z)\n"
    "{\n"
    "    unsigned int d = x > y ? (unsigned int)x - (unsigned int)y\n"
    "                           : (unsigned int)y - (unsigned int)x;\n"
    "    return d + z;\n"
    "}\n"
    "__device__ static unsigned int __usad(unsigned int x, unsigned int y, unsigned int z)\n"
    "{\n"
    "    return (x > y ? x - y : y - x) + z;\n"
    "}\n"
    "/* averages of 33-bit sums: no overflow; __rhadd rounds up */\n"
    "__device__ static int __rhadd(int x, int y)\n"
    "{\n"
    "    return (int)(((long long)x + y + 1) >> 1);\n"
    "}\n"
    "__device__ static unsigned int __uhadd(unsigned int x, unsigned int y)\n"
    "{\n"
    "    return (unsigned int)(((unsigned long long)x + y) >> 1);\n"
    "}\n"
    "__device__ static unsigned int __urhadd(unsigned int x, unsigned int y)\n"
    "{\n"
    "    return (unsigned int)(((unsigned long long)x + y + 1) >> 1);\n"
    "}\n"
    "#endif\n";

const char *k_int_intrinsics_text(void)
{
    return INT_TEXT;
}
