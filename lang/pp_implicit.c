/* lang/pp_implicit.c -- the headers a file reads without including them
 * (lang/preprocess.c reads them): which names of a file's text make it
 * need each one. */
#include "pp.h"

#include <string.h>

/* nvcc includes <cuda_runtime.h> in every file.  simtvm's declares only
 * the types of graphs, stream capture, 3D copies, memory locations and
 * stream attributes, and templates such as GCC's __sync and __atomic
 * builtins (lang/cuda_graph.c and the headers it includes), so
 * it is read first only when the main file names one of them -- a program
 * that does not compiles exactly as if the header did not exist. */
static int names_runtime_types(const char *text, size_t len)
{
    static const char *const marks[] = {
        "cudaGraph", "Capture", "cudaLaunchHostFunc", "cudaHostFn_t",
        "cudaStreamAddCallback", "cudaStreamCallback_t", "cudaFuncAttributes",
        "cudaOccupancyMaxPotentialBlockSizeVariableSMem", "cudaLaunchConfig", "cudaLaunchKernelEx", "cudaMemcpy3D",
        "make_cuda", "cudaPitchedPtr", "cudaExtent", "cudaPos", "NodeParams",
        "cudaMemsetParams", "cudaMemPrefetchAsync", "cudaMemAdvise", "cudaMemLocation",
        "__sync_", "__atomic_", "__ATOMIC_", "cudaAccessPolicyWindow", "cudaAccessProperty",
        "cudaStreamAttr", "cudaLaunchAttribute", "cudaSyncPolicy", "cudaSynchronizationPolicy",
        "cudaMalloc3D", "PeerAccess", "cudaDeviceGetP2PAttribute", "cudaDevP2PAttr",
        "cudaMemcpyPeer", "cudaMemcpyKind", "SharedMemConfig", "cudaSharedMemBankSize",
        "cudaStreamAttachMemAsync",
    };
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (memmem(text, len, marks[i], strlen(marks[i])))
            return 1;
    return 0;
}

static int names_any(const char *text, size_t len, const char *const *marks, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (memmem(text, len, marks[i], strlen(marks[i])))
            return 1;
    return 0;
}

/* CUDA's integer intrinsics written in K (lang/int_intrinsics.c), read
 * first only when the main file names one, like the SIMD ones below. */
static int names_int_intrinsics(const char *text, size_t len)
{
    static const char *const marks[] = {
        "__umul24", "mul64hi", "__sad", "__usad", "__rhadd", "__uhadd", "__urhadd",
        "__dp4a", "__dp2a_", "__funnelshift_lc", "__funnelshift_rc",
        "bfe.",   /* inline PTX's bfe.u32 ... (lang/ptx.c) */
    };
    return names_any(text, len, marks, sizeof marks / sizeof marks[0]);
}

/* C's math functions written in K (lang/math_extra.c): <math.h> is built in,
 * so the text is read ahead of a file that names one, like the intrinsics. */
static int names_math_extra(const char *text, size_t len)
{
    static const char *const marks[] = {
        "lround", "lrint", "nearbyint", "ldexp", "scalbn", "frexp", "modf", "sinpi", "cospi",
    };
    return names_any(text, len, marks, sizeof marks / sizeof marks[0]);
}

/* CUDA's special functions written in K (lang/math_special.c), likewise. */
static int names_math_special(const char *text, size_t len)
{
    static const char *const marks[] = {
        "erfcx", "erfinv", "erfcinv", "normcdf", "cyl_bessel_i", "jn(", "yn(", "jnf", "ynf",
        "rcbrt", "rhypot", "rnorm", "normf", "norm3d", "norm4d",
    };
    return names_any(text, len, marks, sizeof marks / sizeof marks[0]);
}

/* CUDA's SIMD intrinsics and double halves need no header under nvcc;
 * simtvm's are K source (lang/simd_intrinsics.c), read first only when the
 * main file names one, for the same reason as above. */
static int names_simd_intrinsics(const char *text, size_t len)
{
    static const char *const marks[] = {
        "__vabs", "__vadd", "__vsub", "__vavg", "__vhadd", "__vcmp", "__vmax", "__vmin",
        "__vneg", "__vsad", "__vset", "__double2hiint", "__double2loint", "__hiloint2double",
        "__vimax", "__vimin", "__viaddmax", "__viaddmin", "__vibmax", "__vibmin",
    };
    return names_any(text, len, marks, sizeof marks / sizeof marks[0]);
}

/* The _rz, _ru and _rd conversions to float and double and arithmetic
 * (lang/round_cvt.c): a mark matches the _rn ones too, which are built in
 * (but for __frcp_rn and __drcp_rn); reading the text then is harmless. */
static int names_round_cvt(const char *text, size_t len)
{
    static const char *const marks[] = {
        "2float_r", "2double_r", "__fadd_r", "__fsub_r", "__fmul_r", "__fdiv_r", "__fmaf_r",
        "__frcp_r", "__fsqrt_r", "__dadd_r", "__dsub_r", "__dmul_r", "__ddiv_r", "__fma_r",
        "__drcp_r", "__dsqrt_r", "__frsqrt_r",
    };
    return names_any(text, len, marks, sizeof marks / sizeof marks[0]);
}

/* CUDA arrays, textures and surfaces (lang/cuda_texture.c): nvcc declares
 * them in every file; simtvm reads their K text ahead of a file that names
 * one, as the intrinsics. */
static int names_texture(const char *text, size_t len)
{
    static const char *const marks[] = {
        "cudaArray", "cudaTextureObject_t", "cudaSurfaceObject_t", "cudaResourceDesc",
        "cudaTextureDesc", "cudaChannelFormat", "cudaCreateChannelDesc", "cudaMallocArray",
        "cudaMalloc3DArray", "ToArray", "FromArray", "tex1D", "tex2D", "tex3D", "surf1D",
        "surf2D", "surf3D", "TextureObject", "SurfaceObject", "cudaAddressMode",
        "cudaFilterMode", "cudaReadMode", "cudaBoundaryMode", "cudaResourceType",
        "Mipmapped", "texCubemap",
    };
    return names_any(text, len, marks, sizeof marks / sizeof marks[0]);
}

/* `throw` is a call of simtvm/throw.h's __simtvm_throw (lang/throw.c). */
static int names_throw(const char *text, size_t len)
{
    return memmem(text, len, "throw", 5) != NULL;
}

/* A `#pragma omp` line: the statements it becomes use <omp.h>'s classes. */
static int names_omp(const char *text, size_t len)
{
    for (const char *p = text, *end = text + len;
         (p = memchr(p, 'p', (size_t)(end - p))) != NULL; p++) {
        if ((size_t)(end - p) < 10 || memcmp(p, "pragma", 6) != 0)
            continue;
        const char *q = p + 6;
        while (q < end && (*q == ' ' || *q == '\t'))
            q++;
        if (q > p + 6 && end - q >= 3 && !memcmp(q, "omp", 3))
            return 1;
    }
    return 0;
}

/* struct timespec (lang/headers.c): glibc declares it in every C++ program. */
static int names_timespec(const char *text, size_t len)
{
    static const char *const marks[] = { "timespec" };
    return names_any(text, len, marks, 1);
}

/* <time.h>'s calendar (lang/stl_ctime.c), which g++ shows after <iostream> */
static int names_calendar(const char *text, size_t len)
{
    static const char *const marks[] = {
        "struct tm", "localtime", "gmtime", "asctime", "ctime(", "difftime", "tm_year",
    };
    return names_any(text, len, marks, sizeof marks / sizeof marks[0]);
}

/* The headers a program reads without including them: <cuda_runtime.h>'s
 * K text when a file names its types, and CUDA's intrinsics written in K
 * when a file names one.  A header with a guard macro may also be read
 * in front of an included file that needs it and no file before it did
 * (HeCBench's kernels.h calls __umul24 that main.cu never names); one
 * without is read ahead of the main file only. */
static const pp_implicit_header implicit[] = {
    { "cuda_runtime.h", "__SIMTVM_CUDA_RUNTIME_H", names_runtime_types },
    { "simtvm/simd_intrinsics.h", "__SIMTVM_SIMD_INTRINSICS", names_simd_intrinsics },
    { "simtvm/round_cvt.h", "__SIMTVM_ROUND_CVT", names_round_cvt },
    { "simtvm/int_intrinsics.h", "__SIMTVM_INT_INTRINSICS", names_int_intrinsics },
    { "simtvm/math_extra.h", "__SIMTVM_MATH_EXTRA", names_math_extra },
    { "simtvm/math_special.h", "__SIMTVM_MATH_SPECIAL", names_math_special },
    { "simtvm/texture.h", "__SIMTVM_TEXTURE", names_texture },
    { "simtvm/try.h", "__SIMTVM_TRY", k_eh_names_try },   /* lang/eh.c */
    { "simtvm/throw.h", "__SIMTVM_THROW", names_throw },
    { "omp.h", "__SIMTVM_OMP_H", names_omp },
    { "simtvm/timespec.h", "__SIMTVM_TIMESPEC", names_timespec },
    { "simtvm/ctime.h", "__SIMTVM_CTIME", names_calendar },
};

const pp_implicit_header *pp_implicit_headers(size_t *n)
{
    *n = sizeof implicit / sizeof implicit[0];
    return implicit;
}
