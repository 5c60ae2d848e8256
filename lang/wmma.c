/* lang/wmma.c -- the text of <mma.h> as simtvm builds it in, written in K:
 * nvcuda::wmma's fragments for the shapes and types of CUDA's "Warp Matrix
 * Functions" (m16n16k16, m32n8k16, m8n32k16 of __half, __nv_bfloat16,
 * signed and unsigned char; m16n16k8 of precision::tf32; m8n8k4 of double),
 * fill_fragment, load_matrix_sync, store_matrix_sync, mma_sync (with satf)
 * and __float_to_tf32.  Returned by k_builtin_header_text (lang/headers.c).
 *
 * How it maps onto the machine:
 *   - a fragment's elements are spread over the warp: lane l holds elements
 *     l, l + 32, l + 64... of its matrix in row-major order (A is m x k, B
 *     k x n, an accumulator m x n), so num_elements is the matrix's size
 *     over 32.  CUDA leaves the mapping unspecified; code that treats every
 *     x[i] alike (scale, relu, fill) is right under any mapping.
 *   - mma_sync fetches the A and B elements each lane's outputs need with
 *     shuffles, and sums each output in increasing k, from C's value, in
 *     float (16-bit and tf32 inputs: every product is exact), double (fma)
 *     or 64-bit integers (8-bit inputs).
 *   - every operation starts with a __syncwarp, and mma_sync shuffles with a
 *     full mask: a call that not all 32 lanes make is the deadlock or the
 *     --check=sync finding other warp collectives give.
 *   - a shape or type CUDA lacks is a fragment left undefined: one error,
 *     "incomplete type", where the program declares it, with
 *     k_wmma_unbuilt's help line (sema.c). */
#include "include.h"
#include "sema.h"

#include <string.h>

/* One fragment: its storage, num_elements, and the matrix's rows and
 * columns for the mapping.  Each is a partial specialization over the
 * layout, accumulators too (CUDA's take only void): K's explicit
 * specializations inside a namespace do not yet give `obj.member` access
 * to their static members. */
#define FRAG(USE, M, N, K, T, E, R, C)                                                       \
    "template <class L> struct fragment<" USE ", " #M ", " #N ", " #K ", " T ", L> {\n"    \
    "    " E " x[" #R " * " #C " / 32];\n"                                                   \
    "    static constexpr int num_elements = " #R " * " #C " / 32;\n"                        \
    "    static constexpr int __rows = " #R ";\n"                                            \
    "    static constexpr int __cols = " #C ";\n"                                            \
    "    typedef " T " element_type;\n"                                                      \
    "    typedef " E " storage_element_type;\n"                                              \
    "};\n"
#define AB(M, N, K, T, E)                                                                     \
    FRAG("matrix_a", M, N, K, T, E, M, K) FRAG("matrix_b", M, N, K, T, E, K, N)
#define AB_SHAPES(T) AB(16, 16, 16, T, T) AB(32, 8, 16, T, T) AB(8, 32, 16, T, T)
#define ACC(M, N, K, T) FRAG("accumulator", M, N, K, T, T, M, N)
#define ACC_SHAPES(T) ACC(16, 16, 16, T) ACC(32, 8, 16, T) ACC(8, 32, 16, T)

/* load_matrix_sync of an A or B fragment of type T (PARAM: ", class T" in
 * the template head, or nothing for a fixed type) from P elements in
 * layout L. */
#define LOAD(PARAM, T, P, L, COL)                                                             \
    "template <class Use, int m, int n, int k" PARAM ">\n"                                  \
    "__device__ inline void load_matrix_sync(fragment<Use, m, n, k, " T ", " L "> &a,\n"     \
    "                                        const " P " *p, unsigned ldm)\n"               \
    "{\n"                                                                                    \
    "    __simtvm_wmma_load(a, p, ldm, " COL ");\n"                                          \
    "}\n"

/* mma_sync for one type of A and B and one of D and C: the pairs CUDA has.
 * SATF: CUDA 13 gives the satf argument to the integer forms only. */
#define MMA_SATF(T, TD, TC, TF32, SATF_PARAM, SATF)                                          \
    "template <int m, int n, int k, class LA, class LB>\n"                                   \
    "__device__ inline void mma_sync(fragment<accumulator, m, n, k, " TD "> &d,\n"           \
    "                                const fragment<matrix_a, m, n, k, " T ", LA> &a,\n"     \
    "                                const fragment<matrix_b, m, n, k, " T ", LB> &b,\n"     \
    "                                const fragment<accumulator, m, n, k, " TC "> &c"        \
    SATF_PARAM ")\n"                                                                         \
    "{\n"                                                                                    \
    "    __simtvm_wmma_mma(d, a, b, c, " SATF ", " TF32 ");\n"                               \
    "}\n"
#define MMA(T, TD, TC, TF32) MMA_SATF(T, TD, TC, TF32, "", "false")
#define MMA_INT(T) MMA_SATF(T, "int", "int", "false", ",\n                                bool satf = false", "satf")

static const char TEXT_MMA[] =
    "// <mma.h> as simtvm builds it in, written in K (lang/wmma.c): nvcuda::wmma's\n"
    "// fragments, loads, stores and mma_sync, warp-collective through shuffles.\n"
    "#pragma once\n"
    "#include <cuda_fp16.h>\n"
    "#include <cuda_bf16.h>\n"
    "namespace nvcuda {\n"
    "namespace wmma {\n"
    "struct matrix_a {};\n"
    "struct matrix_b {};\n"
    "struct accumulator {};\n"
    "struct row_major {};\n"
    "struct col_major {};\n"
    "enum layout_t { mem_row_major, mem_col_major };\n"
    "namespace precision {\n"
    "struct tf32 {};\n"
    "}\n"
    "// An unsupported Use/shape/type is this declared-only template: one error\n"
    "// \"incomplete type\" where the program declares the fragment.\n"
    "template <class Use, int m, int n, int k, class T, class Layout = void> struct fragment;\n"
    AB_SHAPES("__half") AB_SHAPES("__nv_bfloat16") AB_SHAPES("signed char")
    AB_SHAPES("unsigned char")
    AB(16, 16, 8, "precision::tf32", "float") AB(8, 8, 4, "double", "double")
    ACC_SHAPES("float") ACC(16, 16, 8, "float") ACC_SHAPES("__half") ACC_SHAPES("int")
    ACC(8, 8, 4, "double")
    "// Lane l holds elements l, l + 32, l + 64... of its matrix in row-major\n"
    "// order (A is m x k, B k x n, an accumulator m x n): simtvm's mapping.\n"
    "// The mapping is for warps of 32: another --warp-size stops the kernel\n"
    "// (the runtime's located fault \"fn: why\", which textures use too).\n"
    "__device__ inline unsigned int __simtvm_wmma_lane()\n"
    "{\n"
    "    if (warpSize != 32)\n"
    "        __simt_texture_fault(\"nvcuda::wmma\",\n"
    "                             \"simtvm's WMMA needs warps of 32 lanes (--warp-size 32)\");\n"
    "    unsigned int lane;\n"
    "    asm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(lane));\n"
    "    return lane;\n"
    "}\n"
    "template <class F, class P>\n"
    "__device__ inline void __simtvm_wmma_load(F &f, const P *p, unsigned ldm, bool col)\n"
    "{\n"
    "    __syncwarp();\n"
    "    unsigned int lane = __simtvm_wmma_lane();\n"
    "    for (int i = 0; i < F::num_elements; i++) {\n"
    "        unsigned int e = i * 32 + lane, r = e / F::__cols, c = e % F::__cols;\n"
    "        f.x[i] = col ? p[(size_t)c * ldm + r] : p[(size_t)r * ldm + c];\n"
    "    }\n"
    "}\n"
    "// A and B: the layout is the fragment's; a tf32 fragment loads floats.\n"
    LOAD(", class T", "T", "T", "row_major", "false")
    LOAD(", class T", "T", "T", "col_major", "true")
    LOAD("", "precision::tf32", "float", "row_major", "false")
    LOAD("", "precision::tf32", "float", "col_major", "true")
    "template <int m, int n, int k, class T>\n"
    "__device__ inline void load_matrix_sync(fragment<accumulator, m, n, k, T> &c, const T *p,\n"
    "                                        unsigned ldm, layout_t layout)\n"
    "{\n"
    "    __simtvm_wmma_load(c, p, ldm, layout == mem_col_major);\n"
    "}\n"
    "template <int m, int n, int k, class T>\n"
    "__device__ inline void store_matrix_sync(T *p, const fragment<accumulator, m, n, k, T> &c,\n"
    "                                         unsigned ldm, layout_t layout)\n"
    "{\n"
    "    __syncwarp();\n"
    "    unsigned int lane = __simtvm_wmma_lane();\n"
    "    for (int i = 0; i < c.num_elements; i++) {\n"
    "        unsigned int e = i * 32 + lane, r = e / n, q = e % n;\n"
    "        if (layout == mem_col_major)\n"
    "            p[(size_t)q * ldm + r] = c.x[i];\n"
    "        else\n"
    "            p[(size_t)r * ldm + q] = c.x[i];\n"
    "    }\n"
    "}\n"
    "template <class F, class V>\n"
    "__device__ inline void fill_fragment(F &f, const V &v)\n"
    "{\n"
    "    __syncwarp();\n"
    "    __simtvm_wmma_lane();\n"
    "    for (int i = 0; i < F::num_elements; i++)\n"
    "        f.x[i] = v;\n"
    "}\n"
    "// tf32: the upper 19 bits of a float, rounded to nearest, ties away from\n"
    "// zero (cvt.rna.tf32.f32); NaN and infinities are kept.\n"
    "__device__ inline float __float_to_tf32(float f)\n"
    "{\n"
    "    unsigned int b = __float_as_uint(f);\n"
    "    if ((b & 0x7f800000u) == 0x7f800000u)\n"
    "        return f;\n"
    "    return __uint_as_float((b + 0x1000u) & 0xffffe000u);\n"
    "}\n"
    "// The operands as a shuffle carries them: float for the 16-bit types and\n"
    "// tf32 (whose mma reads only a float's upper 19 bits), int for 8-bit ones.\n"
    "__device__ inline float __simtvm_wmma_wide(__half h, bool) { return __half2float(h); }\n"
    "__device__ inline float __simtvm_wmma_wide(__nv_bfloat16 h, bool)\n"
    "{\n"
    "    return __bfloat162float(h);\n"
    "}\n"
    "__device__ inline float __simtvm_wmma_wide(float f, bool tf32)\n"
    "{\n"
    "    return tf32 ? __uint_as_float(__float_as_uint(f) & 0xffffe000u) : f;\n"
    "}\n"
    "__device__ inline double __simtvm_wmma_wide(double d, bool) { return d; }\n"
    "__device__ inline int __simtvm_wmma_wide(signed char c, bool) { return c; }\n"
    "__device__ inline int __simtvm_wmma_wide(unsigned char c, bool) { return c; }\n"
    "// Sums: float for the 16-bit and tf32 inputs, double (fma), and 64-bit\n"
    "// integers for the 8-bit ones, so that satf sees the exact sum.\n"
    "__device__ inline float __simtvm_wmma_sum(float a, float b, float s) { return s + a * b; }\n"
    "__device__ inline double __simtvm_wmma_sum(double a, double b, double s)\n"
    "{\n"
    "    return fma(a, b, s);\n"
    "}\n"
    "__device__ inline long long __simtvm_wmma_sum(int a, int b, long long s)\n"
    "{\n"
    "    return s + (long long)a * b;\n"
    "}\n"
    "__device__ inline float __simtvm_wmma_start(float c) { return c; }\n"
    "__device__ inline float __simtvm_wmma_start(__half c) { return __half2float(c); }\n"
    "__device__ inline double __simtvm_wmma_start(double c) { return c; }\n"
    "__device__ inline long long __simtvm_wmma_start(int c) { return c; }\n"
    "// The result into the accumulator; satf: an infinity becomes the largest\n"
    "// finite value of its sign, NaN 0, an int sum is clamped (else it wraps).\n"
    "__device__ inline void __simtvm_wmma_put(float &d, float v, bool satf)\n"
    "{\n"
    "    if (satf && isnan(v))\n"
    "        v = 0.0f;\n"
    "    else if (satf && isinf(v))\n"
    "        v = v > 0 ? 3.40282347e+38f : -3.40282347e+38f;\n"
    "    d = v;\n"
    "}\n"
    "__device__ inline void __simtvm_wmma_put(__half &d, float v, bool satf)\n"
    "{\n"
    "    __half h = __float2half(v);\n"
    "    float r = __half2float(h);\n"
    "    if (satf && isnan(r))\n"
    "        h = __float2half(0.0f);\n"
    "    else if (satf && isinf(r))\n"
    "        h = __float2half(r > 0 ? 65504.0f : -65504.0f);\n"
    "    d = h;\n"
    "}\n"
    "__device__ inline void __simtvm_wmma_put(double &d, double v, bool satf)\n"
    "{\n"
    "    if (satf && isnan(v))\n"
    "        v = 0.0;\n"
    "    else if (satf && isinf(v))\n"
    "        v = v > 0 ? 1.7976931348623157e+308 : -1.7976931348623157e+308;\n"
    "    d = v;\n"
    "}\n"
    "__device__ inline void __simtvm_wmma_put(int &d, long long v, bool satf)\n"
    "{\n"
    "    if (satf && v > 2147483647LL)\n"
    "        v = 2147483647LL;\n"
    "    else if (satf && v < -2147483647LL - 1)\n"
    "        v = -2147483647LL - 1;\n"
    "    d = (int)(unsigned int)(unsigned long long)v;\n"
    "}\n"
    "// Element e of a matrix spread over the warp: lane e % 32 holds it at\n"
    "// index e / 32.  The indices the warp's lanes want lie in [lo, hi]; each\n"
    "// one is a shuffle that every lane takes part in.\n"
    "template <class W>\n"
    "__device__ inline W __simtvm_wmma_fetch(const W *w, unsigned int e, unsigned int lo,\n"
    "                                        unsigned int hi)\n"
    "{\n"
    "    W v = w[0];\n"
    "    for (unsigned int i = lo; i <= hi; i++) {\n"
    "        W t = __shfl_sync(0xffffffffu, w[i], (int)(e % 32));\n"
    "        if (i == e / 32)\n"
    "            v = t;\n"
    "    }\n"
    "    return v;\n"
    "}\n"
    "// D = A * B + C, each element of D summed in increasing k from C's value.\n"
    "template <class FD, class FA, class FB, class FC>\n"
    "__device__ inline void __simtvm_wmma_mma(FD &d, const FA &a, const FB &b, const FC &c,\n"
    "                                         bool satf, bool tf32)\n"
    "{\n"
    "    __syncwarp();\n"
    "    const unsigned int M = FA::__rows, K = FA::__cols, N = FB::__cols;\n"
    "    unsigned int lane = __simtvm_wmma_lane();\n"
    "    decltype(__simtvm_wmma_wide(a.x[0], tf32)) aw[FA::num_elements], bw[FB::num_elements];\n"
    "    for (int i = 0; i < FA::num_elements; i++)\n"
    "        aw[i] = __simtvm_wmma_wide(a.x[i], tf32);\n"
    "    for (int i = 0; i < FB::num_elements; i++)\n"
    "        bw[i] = __simtvm_wmma_wide(b.x[i], tf32);\n"
    "    for (int j = 0; j < FD::num_elements; j++) {\n"
    "        unsigned int e = j * 32 + lane, row = e / N, col = e % N;\n"
    "        unsigned int row_lo = j * 32 / N, row_hi = (j * 32 + 31) / N;\n"
    "        auto acc = __simtvm_wmma_start(c.x[j]);\n"
    "        for (unsigned int q = 0; q < K; q++) {\n"
    "            auto av = __simtvm_wmma_fetch(aw, row * K + q, (row_lo * K + q) / 32,\n"
    "                                          (row_hi * K + q) / 32);\n"
    "            auto bv = __simtvm_wmma_fetch(bw, q * N + col, q * N / 32,\n"
    "                                          (q * N + N - 1) / 32);\n"
    "            acc = __simtvm_wmma_sum(av, bv, acc);\n"
    "        }\n"
    "        __simtvm_wmma_put(d.x[j], acc, satf);\n"
    "    }\n"
    "}\n"
    MMA("__half", "float", "float", "false") MMA("__half", "float", "__half", "false")
    MMA("__half", "__half", "float", "false") MMA("__half", "__half", "__half", "false")
    MMA("__nv_bfloat16", "float", "float", "false")
    MMA("precision::tf32", "float", "float", "true") MMA("double", "double", "double", "false")
    MMA_INT("signed char") MMA_INT("unsigned char")
    "} // namespace wmma\n"
    "} // namespace nvcuda\n";

const char *k_wmma_text(const char *name)
{
    if (!strcmp(name, "mma.h") || !strcmp(name, "crt/mma.h"))
        return TEXT_MMA;
    return NULL;
}

/* A fragment CUDA has no shape or type for is left undefined: the error
 * "incomplete type" at its declaration gets this line. */
const char *k_wmma_unbuilt(const char *name)
{
    if (strncmp(name, "nvcuda::wmma::fragment<", 23))
        return NULL;
    return "WMMA fragments have CUDA's shapes and types: m16n16k16, m32n8k16 and m8n32k16 of "
           "__half, __nv_bfloat16, signed or unsigned char (accumulators float or __half, "
           "float, int), m16n16k8 of wmma::precision::tf32 (float), m8n8k4 of double";
}
