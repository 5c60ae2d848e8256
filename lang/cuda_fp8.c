/* lang/cuda_fp8.c -- the text of <cuda_fp8.h> as simtvm builds it in, written
 * in K: the storage types, the saturation and interpretation enumerators,
 * NVIDIA's conversions (__nv_cvt_float_to_fp8 and the rest: round to nearest
 * even, __NV_SATFINITE clamping to the largest finite code, __NV_NOSAT giving
 * E4M3's NaN or E5M2's infinity) and the records __nv_fp8_e4m3,
 * __nv_fp8_e5m2, their x2 and x4 vectors.  Every fp8 value is exact in half,
 * bfloat16 and float, so the widening conversions are a decoding; the
 * narrowing ones round once, from double (a float is exact there), as the
 * header's and the GPU's cvt.rn.satfinite do.  Returned by
 * k_builtin_header_text (lang/headers.c). */
#include "include.h"

#include <string.h>

/* One record of an interpretation: K the kind (E4M3), N its enumerator. */
#define FP8_RECORD(K, N)                                                                       \
    "struct __nv_fp8_" K " {\n"                                                                \
    "    __nv_fp8_storage_t __x;\n"                                                            \
    "    __host__ __device__ __nv_fp8_" K "() {}\n"                                            \
    "    explicit __host__ __device__ __nv_fp8_" K "(float f) { __x = __nv_cvt_float_to_fp8(f, " \
    "__NV_SATFINITE, " N "); }\n"                                                              \
    "    explicit __host__ __device__ __nv_fp8_" K "(double d) { __x = __nv_cvt_double_to_fp8(d, " \
    "__NV_SATFINITE, " N "); }\n"                                                              \
    "    explicit __host__ __device__ __nv_fp8_" K "(__half h) { __x = __nv_cvt_float_to_fp8(" \
    "__half2float(h), __NV_SATFINITE, " N "); }\n"                                             \
    "    explicit __host__ __device__ __nv_fp8_" K "(__nv_bfloat16 b) { __x = "                \
    "__nv_cvt_float_to_fp8(__bfloat162float(b), __NV_SATFINITE, " N "); }\n"                  \
    "    explicit __host__ __device__ __nv_fp8_" K "(int i) { __x = __nv_cvt_float_to_fp8("    \
    "(float)i, __NV_SATFINITE, " N "); }\n"                                                    \
    "    explicit __host__ __device__ __nv_fp8_" K "(unsigned int i) { __x = "                 \
    "__nv_cvt_float_to_fp8((float)i, __NV_SATFINITE, " N "); }\n"                             \
    "    explicit __host__ __device__ __nv_fp8_" K "(long long i) { __x = "                    \
    "__nv_cvt_float_to_fp8((float)i, __NV_SATFINITE, " N "); }\n"                             \
    "    explicit __host__ __device__ operator float() const { return __simtvm_fp8_to_float(" \
    "__x, " N "); }\n"                                                                         \
    "    explicit __host__ __device__ operator double() const { return (double)"               \
    "__simtvm_fp8_to_float(__x, " N "); }\n"                                                   \
    "    explicit __host__ __device__ operator __half() const { return __float2half("         \
    "__simtvm_fp8_to_float(__x, " N ")); }\n"                                                  \
    "    explicit __host__ __device__ operator __nv_bfloat16() const { return "                \
    "__simtvm_fp8_to_bf16(__x, " N "); }\n"                                                    \
    "    explicit __host__ __device__ operator int() const { return (int)__simtvm_fp8_to_int(" \
    "__x, " N ", -2147483648.0f, 2147483647.0f); }\n"                                          \
    "    explicit __host__ __device__ operator unsigned int() const { return (unsigned int)"   \
    "__simtvm_fp8_to_int(__x, " N ", 0.0f, 4294967295.0f); }\n"                                \
    "    explicit __host__ __device__ operator signed char() const { return (signed char)"     \
    "__simtvm_fp8_to_int(__x, " N ", -128.0f, 127.0f); }\n"                                    \
    "    explicit __host__ __device__ operator unsigned char() const { return (unsigned char)" \
    "__simtvm_fp8_to_int(__x, " N ", 0.0f, 255.0f); }\n"                                       \
    "    explicit __host__ __device__ operator bool() const { return (__x & 0x7fu) != 0u; }\n" \
    "};\n"                                                                                     \
    "struct __nv_fp8x2_" K " {\n"                                                              \
    "    __nv_fp8x2_storage_t __x;\n"                                                          \
    "    __host__ __device__ __nv_fp8x2_" K "() {}\n"                                          \
    "    explicit __host__ __device__ __nv_fp8x2_" K "(float2 f) { __x = "                     \
    "__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, " N "); }\n"                                  \
    "    explicit __host__ __device__ __nv_fp8x2_" K "(double2 d) { __x = "                    \
    "__nv_cvt_double2_to_fp8x2(d, __NV_SATFINITE, " N "); }\n"                                 \
    "    explicit __host__ __device__ __nv_fp8x2_" K "(__half2 h) { __x = "                    \
    "__simtvm_fp8x2_of(__half2float(h.x), __half2float(h.y), " N "); }\n"                      \
    "    explicit __host__ __device__ __nv_fp8x2_" K "(__nv_bfloat162 b) { __x = "             \
    "__simtvm_fp8x2_of(__bfloat162float(b.x), __bfloat162float(b.y), " N "); }\n"             \
    "    explicit __host__ __device__ operator float2() const { return "                       \
    "__simtvm_fp8x2_to_float2(__x, " N "); }\n"                                                \
    "    explicit __host__ __device__ operator __half2() const { float2 f = "                  \
    "__simtvm_fp8x2_to_float2(__x, " N "); return __half2(__float2half(f.x), "                 \
    "__float2half(f.y)); }\n"                                                                  \
    "};\n"                                                                                     \
    "struct __nv_fp8x4_" K " {\n"                                                              \
    "    __nv_fp8x4_storage_t __x;\n"                                                          \
    "    __host__ __device__ __nv_fp8x4_" K "() {}\n"                                          \
    "    explicit __host__ __device__ __nv_fp8x4_" K "(float4 f) { __x = "                     \
    "__simtvm_fp8x4_of(make_float2(f.x, f.y), make_float2(f.z, f.w), " N "); }\n"             \
    "    explicit __host__ __device__ __nv_fp8x4_" K "(double4 d) { __x = (__nv_fp8x4_storage_t)" \
    "__nv_cvt_double2_to_fp8x2(make_double2(d.x, d.y), __NV_SATFINITE, " N ") | "             \
    "(__nv_fp8x4_storage_t)__nv_cvt_double2_to_fp8x2(make_double2(d.z, d.w), "                \
    "__NV_SATFINITE, " N ") << 16; }\n"                                                        \
    "    explicit __host__ __device__ __nv_fp8x4_" K "(__half2 lo, __half2 hi) { __x = "       \
    "__simtvm_fp8x4_of(__half22float2(lo), __half22float2(hi), " N "); }\n"                    \
    "    explicit __host__ __device__ __nv_fp8x4_" K "(__nv_bfloat162 lo, __nv_bfloat162 hi) { " \
    "__x = __simtvm_fp8x4_of(__bfloat1622float2(lo), __bfloat1622float2(hi), " N "); }\n"     \
    "    explicit __host__ __device__ operator float4() const { float2 lo = "                  \
    "__simtvm_fp8x2_to_float2((__nv_fp8x2_storage_t)__x, " N "), hi = "                        \
    "__simtvm_fp8x2_to_float2((__nv_fp8x2_storage_t)(__x >> 16), " N "); "                     \
    "return make_float4(lo.x, lo.y, hi.x, hi.y); }\n"                                          \
    "};\n"

static const char FP8_TEXT[] =
    "/* <cuda_fp8.h> as simtvm builds it in (lang/cuda_fp8.c) */\n"
    "#ifndef __SIMTVM_CUDA_FP8\n"
    "#define __SIMTVM_CUDA_FP8\n"
    "#include <cuda_fp16.h>\n"
    "typedef unsigned char __nv_fp8_storage_t;\n"
    "typedef unsigned short __nv_fp8x2_storage_t;\n"
    "typedef unsigned int __nv_fp8x4_storage_t;\n"
    "typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;\n"
    "typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;\n"
    "struct __half_raw { unsigned short x; };\n"
    "struct __half2_raw { unsigned short x, y; };\n"
    "struct __nv_bfloat16_raw { unsigned short x; };\n"
    "struct __nv_bfloat162_raw { unsigned short x, y; };\n"
    "/* x rounded to nearest even on the code's 2 or 3 mantissa bits: zero at or below half\n"
    "   the smallest subnormal; NaN to E4M3's 0x7f or E5M2's quiet NaN with x's top mantissa\n"
    "   bits; beyond the largest finite value plus half an ulp (E5M2: from it on), the\n"
    "   largest finite code when saturating, else E4M3's NaN or E5M2's infinity */\n"
    "__host__ __device__ static __nv_fp8_storage_t __nv_cvt_double_to_fp8(double x,\n"
    "        __nv_saturation_t saturate, __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    int e4m3 = kind == __NV_E4M3;\n"
    "    int mbits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;\n"
    "    unsigned long long b = (unsigned long long)__double_as_longlong(x);\n"
    "    unsigned long long a = b & 0x7fffffffffffffffull;\n"
    "    unsigned int sign = (unsigned int)(b >> 63) << 7;\n"
    "    unsigned long long half_tiny = e4m3 ? 0x3f50000000000000ull : 0x3ee0000000000000ull;\n"
    "    unsigned long long over = e4m3 ? 0x407d000000000000ull : 0x40edffffffffffffull;\n"
    "    unsigned int r;\n"
    "    if (a <= half_tiny)\n"
    "        r = 0u;\n"
    "    else if (a > 0x7ff0000000000000ull)\n"
    "        r = e4m3 ? 0x7fu : 0x7eu | (unsigned int)((b >> 50) & 3u);\n"
    "    else if (a > over)\n"
    "        r = saturate == __NV_SATFINITE ? (e4m3 ? 0x7eu : 0x7bu) : (e4m3 ? 0x7fu : 0x7cu);\n"
    "    else {\n"
    "        unsigned long long sig = (a & 0xfffffffffffffull) | 0x10000000000000ull;\n"
    "        int code_exp = (int)(a >> 52) - 1023 + bias;\n"
    "        int shift = 52 - mbits;\n"
    "        if (code_exp < 1) {   /* a subnormal code: its exponent field is 0 */\n"
    "            shift += 1 - code_exp;\n"
    "            code_exp = 0;\n"
    "        }\n"
    "        unsigned long long q = sig >> shift, rest = sig & ((1ull << shift) - 1ull);\n"
    "        unsigned long long half = 1ull << (shift - 1);\n"
    "        if (rest > half || (rest == half && (q & 1ull)))\n"
    "            q++;   /* a carry out of the mantissa moves to the next exponent */\n"
    "        r = code_exp ? ((unsigned int)code_exp << mbits) + (unsigned int)q - (1u << mbits)\n"
    "                     : (unsigned int)q;\n"
    "    }\n"
    "    return (__nv_fp8_storage_t)(r | sign);\n"
    "}\n"
    "/* a float NaN becomes the canonical one first, so its sign and payload go */\n"
    "__host__ __device__ static __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x,\n"
    "        __nv_saturation_t saturate, __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    if (x != x)\n"
    "        x = __int_as_float(0x7fffffff);\n"
    "    return __nv_cvt_double_to_fp8((double)x, saturate, kind);\n"
    "}\n"
    "__host__ __device__ static __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(double2 x,\n"
    "        __nv_saturation_t saturate, __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    return (__nv_fp8x2_storage_t)(__nv_cvt_double_to_fp8(x.x, saturate, kind) |\n"
    "                                  __nv_cvt_double_to_fp8(x.y, saturate, kind) << 8);\n"
    "}\n"
    "__host__ __device__ static __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 x,\n"
    "        __nv_saturation_t saturate, __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    return (__nv_fp8x2_storage_t)(__nv_cvt_float_to_fp8(x.x, saturate, kind) |\n"
    "                                  __nv_cvt_float_to_fp8(x.y, saturate, kind) << 8);\n"
    "}\n"
    "/* a code's value: exact in float; E4M3's 0x7f/0xff and E5M2's NaNs give the\n"
    "   canonical NaN (as through CUDA's half), E5M2's 0x7c/0xfc infinities */\n"
    "__host__ __device__ static float __simtvm_fp8_to_float(__nv_fp8_storage_t v,\n"
    "        __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    int e4m3 = kind == __NV_E4M3;\n"
    "    int mbits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;\n"
    "    unsigned int mag = v & 0x7fu;\n"
    "    unsigned int exp = mag >> mbits, man = mag & ((1u << mbits) - 1u);\n"
    "    if (e4m3 ? mag == 0x7fu : exp == 31u && man != 0u)\n"
    "        return __int_as_float(0x7fffffff);\n"
    "    float r;\n"
    "    if (!e4m3 && exp == 31u)\n"
    "        r = __int_as_float(0x7f800000);\n"
    "    else if (exp == 0u)   /* man * 2^(1 - bias - mbits) */\n"
    "        r = (float)man * __int_as_float((127 + 1 - bias - mbits) << 23);\n"
    "    else\n"
    "        r = (float)(man | 1u << mbits) * __int_as_float((127 + (int)exp - bias - mbits) << 23);\n"
    "    return v & 0x80u ? -r : r;\n"
    "}\n"
    "__host__ __device__ static __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t v,\n"
    "        __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    __half_raw h;\n"
    "    h.x = __float2half(__simtvm_fp8_to_float(v, kind)).__x;\n"
    "    return h;\n"
    "}\n"
    "__host__ __device__ static __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t v,\n"
    "        __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    __half2_raw h;\n"
    "    h.x = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)v, kind).x;\n"
    "    h.y = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(v >> 8), kind).x;\n"
    "    return h;\n"
    "}\n"
    "__host__ __device__ static __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw h,\n"
    "        __nv_saturation_t saturate, __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    __half v;\n"
    "    v.__x = h.x;\n"
    "    return __nv_cvt_float_to_fp8(__half2float(v), saturate, kind);\n"
    "}\n"
    "__host__ __device__ static __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(__half2_raw h,\n"
    "        __nv_saturation_t saturate, __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    __half_raw lo, hi;\n"
    "    lo.x = h.x;\n"
    "    hi.x = h.y;\n"
    "    return (__nv_fp8x2_storage_t)(__nv_cvt_halfraw_to_fp8(lo, saturate, kind) |\n"
    "                                  __nv_cvt_halfraw_to_fp8(hi, saturate, kind) << 8);\n"
    "}\n"
    "__host__ __device__ static __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(\n"
    "        __nv_bfloat16_raw b, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    return __nv_cvt_float_to_fp8(__uint_as_float((unsigned int)b.x << 16), saturate, kind);\n"
    "}\n"
    "__host__ __device__ static __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(\n"
    "        __nv_bfloat162_raw b, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    __nv_bfloat16_raw lo, hi;\n"
    "    lo.x = b.x;\n"
    "    hi.x = b.y;\n"
    "    return (__nv_fp8x2_storage_t)(__nv_cvt_bfloat16raw_to_fp8(lo, saturate, kind) |\n"
    "                                  __nv_cvt_bfloat16raw_to_fp8(hi, saturate, kind) << 8);\n"
    "}\n"
    "/* the records' helpers: bfloat16 by truncation (exact: 3 mantissa bits fit in 7), an\n"
    "   integer by truncation, NaN giving 0 and the rest clamped to the type's range */\n"
    "__host__ __device__ static __nv_bfloat16 __simtvm_fp8_to_bf16(__nv_fp8_storage_t v,\n"
    "        __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    __nv_bfloat16 b;\n"
    "    b.__x = (unsigned short)(__float_as_uint(__simtvm_fp8_to_float(v, kind)) >> 16);\n"
    "    return b;\n"
    "}\n"
    "__host__ __device__ static long long __simtvm_fp8_to_int(__nv_fp8_storage_t v,\n"
    "        __nv_fp8_interpretation_t kind, float lo, float hi)\n"
    "{\n"
    "    float f = __simtvm_fp8_to_float(v, kind);\n"
    "    if (f != f)\n"
    "        return 0;\n"
    "    f = f < lo ? lo : f > hi ? hi : f;\n"
    "    return (long long)f;\n"
    "}\n"
    "__host__ __device__ static __nv_fp8x2_storage_t __simtvm_fp8x2_of(float lo, float hi,\n"
    "        __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    return __nv_cvt_float2_to_fp8x2(make_float2(lo, hi), __NV_SATFINITE, kind);\n"
    "}\n"
    "__host__ __device__ static __nv_fp8x4_storage_t __simtvm_fp8x4_of(float2 lo, float2 hi,\n"
    "        __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    return (__nv_fp8x4_storage_t)__nv_cvt_float2_to_fp8x2(lo, __NV_SATFINITE, kind) |\n"
    "           (__nv_fp8x4_storage_t)__nv_cvt_float2_to_fp8x2(hi, __NV_SATFINITE, kind) << 16;\n"
    "}\n"
    "__host__ __device__ static float2 __simtvm_fp8x2_to_float2(__nv_fp8x2_storage_t v,\n"
    "        __nv_fp8_interpretation_t kind)\n"
    "{\n"
    "    return make_float2(__simtvm_fp8_to_float((__nv_fp8_storage_t)v, kind),\n"
    "                       __simtvm_fp8_to_float((__nv_fp8_storage_t)(v >> 8), kind));\n"
    "}\n"
    FP8_RECORD("e4m3", "__NV_E4M3")
    FP8_RECORD("e5m2", "__NV_E5M2")
    "#endif\n";

const char *k_cuda_fp8_text(const char *name)
{
    return strcmp(name, "cuda_fp8.h") == 0 ? FP8_TEXT : NULL;
}
