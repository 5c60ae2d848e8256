// tests/difftest/mathsweep.cu -- every binary32 input of each device math
// function on the GPU against simtvm's C implementation (vm/cudamath.c) and
// against the host's libm; prints mismatch counts and the first mismatches.
// Not built by make: on a machine with a GPU,
//   gcc -O2 -std=c11 -I. -c vm/cudamath.c -o /tmp/cudamath.o
//   nvcc -O2 -arch=sm_90 -fmad=false -I. -Xcompiler -fopenmp \
//        tests/difftest/mathsweep.cu /tmp/cudamath.o -o /tmp/mathsweep -lgomp
//   /tmp/mathsweep [STRIDE]     (STRIDE 1: all 2^32 inputs)
// Results: doc/device-math.md.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <omp.h>
extern "C" {
#include "vm/cudamath.h"
}

#define FUNCS(X) \
    X(SINF, sinf(x), cuda_sinf(x), sinf(x)) \
    X(COSF, cosf(x), cuda_cosf(x), cosf(x)) \
    X(SINCOS_S, sincos_s(x), cuda_sinf(x), sinf(x)) \
    X(SINCOS_C, sincos_c(x), cuda_cosf(x), cosf(x)) \
    X(TANF, tanf(x), CUDA_TANF(x), tanf(x)) \
    X(EXPF, expf(x), CUDA_EXPF(x), expf(x)) \
    X(EXP2F, exp2f(x), CUDA_EXP2F(x), exp2f(x)) \
    X(EXP10F, exp10f(x), CUDA_EXP10F(x), powf(10.0f, x)) \
    X(LOGF, logf(x), CUDA_LOGF(x), logf(x)) \
    X(LOG2F, log2f(x), CUDA_LOG2F(x), log2f(x)) \
    X(LOG10F, log10f(x), CUDA_LOG10F(x), log10f(x)) \
    X(RSQRTF, rsqrtf(x), CUDA_RSQRTF(x), 1.0f / sqrtf(x)) \
    X(FAST_SINF, __sinf(x), CUDA_FAST_SINF(x), sinf(x)) \
    X(FAST_COSF, __cosf(x), CUDA_FAST_COSF(x), cosf(x)) \
    X(FAST_EXPF, __expf(x), CUDA_FAST_EXPF(x), expf(x)) \
    X(FAST_LOGF, __logf(x), CUDA_FAST_LOGF(x), logf(x)) \
    X(EX2_APPROX, ex2_approx(x), exp2f(x), exp2f(x)) \
    X(LG2_APPROX, lg2_approx(x), log2f(x), log2f(x)) \
    X(SIN_APPROX, sin_approx(x), sinf(x), sinf(x)) \
    X(RSQ_APPROX, rsq_approx(x), 1.0f / sqrtf(x), 1.0f / sqrtf(x))

#define CUDA_TANF(x) cuda_tanf(x)
#define CUDA_EXPF(x) cuda_expf(x)
#define CUDA_EXP2F(x) cuda_exp2f(x)
#define CUDA_EXP10F(x) cuda_exp10f(x)
#define CUDA_LOGF(x) cuda_logf(x)
#define CUDA_LOG2F(x) cuda_log2f(x)
#define CUDA_LOG10F(x) cuda_log10f(x)
#ifndef CUDA_TANF
#define CUDA_TANF(x) tanf(x)
#endif
#ifndef CUDA_EXPF
#define CUDA_EXPF(x) expf(x)
#endif
#ifndef CUDA_EXP2F
#define CUDA_EXP2F(x) exp2f(x)
#endif
#ifndef CUDA_EXP10F
#define CUDA_EXP10F(x) powf(10.0f, x)
#endif
#ifndef CUDA_LOGF
#define CUDA_LOGF(x) logf(x)
#endif
#ifndef CUDA_LOG2F
#define CUDA_LOG2F(x) log2f(x)
#endif
#ifndef CUDA_LOG10F
#define CUDA_LOG10F(x) log10f(x)
#endif
#ifndef CUDA_RSQRTF
#define CUDA_RSQRTF(x) (1.0f / sqrtf(x))
#endif
#ifndef CUDA_FAST_SINF
#define CUDA_FAST_SINF(x) sinf(x)
#endif
#ifndef CUDA_FAST_COSF
#define CUDA_FAST_COSF(x) cosf(x)
#endif
#ifndef CUDA_FAST_EXPF
#define CUDA_FAST_EXPF(x) expf(x)
#endif
#ifndef CUDA_FAST_LOGF
#define CUDA_FAST_LOGF(x) logf(x)
#endif

enum {
#define ENUM(N, g, o, h) F_##N,
    FUNCS(ENUM)
#undef ENUM
    NFUNC
};
static const char *names[] = {
#define NAME(N, g, o, h) #N,
    FUNCS(NAME)
#undef NAME
};

__device__ float sincos_s(float x) { float s, c; sincosf(x, &s, &c); return s; }
__device__ float sincos_c(float x) { float s, c; sincosf(x, &s, &c); return c; }
__device__ float ex2_approx(float x) { float r; asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float lg2_approx(float x) { float r; asm("lg2.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float sin_approx(float x) { float r; asm("sin.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float rsq_approx(float x) { float r; asm("rsqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }

__global__ void run(int f, uint64_t first, uint32_t stride, uint32_t n, float *out)
{
    uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n)
        return;
    float x = __uint_as_float((uint32_t)((first + k) * stride));
    float r = 0;
    switch (f) {
#define DEV(N, g, o, h) case F_##N: r = g; break;
        FUNCS(DEV)
#undef DEV
    }
    out[k] = r;
}

static float host_ours(int f, float x)
{
    switch (f) {
#define OURS(N, g, o, h) case F_##N: return o;
        FUNCS(OURS)
#undef OURS
    }
    return 0;
}

static float host_libm(int f, float x)
{
    switch (f) {
#define LIBM(N, g, o, h) case F_##N: return h;
        FUNCS(LIBM)
#undef LIBM
    }
    return 0;
}

static uint32_t bits(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }
static int same(float a, float b) { return bits(a) == bits(b) || (a != a && b != b); }

int main(int argc, char **argv)
{
    uint32_t stride = argc > 1 ? (uint32_t)atoi(argv[1]) : 1;
    const uint32_t CH = 1u << 28;
    float *dev, *host;
    cudaMalloc(&dev, (size_t)CH * 4);
    cudaMallocHost(&host, (size_t)CH * 4);
    uint64_t total = (1ull << 32) / stride;
    int with_libm = getenv("NOLIBM") == NULL; /* NOLIBM=1: ours only, faster */
    for (int f = 0; f < NFUNC; f++) {
        if (argc > 2 && !strstr(argv[2], names[f]))
            continue;
        unsigned long long mo = 0, ml = 0, shown = 0;
        for (uint64_t first = 0; first < total; first += CH) {
            uint32_t n = (uint32_t)(total - first < CH ? total - first : CH);
            run<<<(n + 255) / 256, 256>>>(f, first, stride, n, dev);
            cudaMemcpy(host, dev, (size_t)n * 4, cudaMemcpyDeviceToHost);
#pragma omp parallel for reduction(+ : mo, ml) schedule(static, 65536)
            for (uint32_t k = 0; k < n; k++) {
                float x;
                uint32_t xb = (uint32_t)((first + k) * stride);
                memcpy(&x, &xb, 4);
                float g = host[k], o = host_ours(f, x);
                if (!same(g, o)) {
                    mo++;
                    if (shown < 6) /* read outside the lock: a critical section per mismatch is slow */
#pragma omp critical
                    if (shown < 6) {
                        shown++;
                        printf("  %s x=%08x (%.9g) gpu=%08x (%.9g) ours=%08x (%.9g)\n", names[f], xb,
                               x, bits(g), g, bits(o), o);
                    }
                }
                if (with_libm && !same(g, host_libm(f, x)))
                    ml++;
            }
        }
        printf("%-11s inputs %llu  ours-mismatch %llu  libm-mismatch %llu\n", names[f],
               (unsigned long long)total, mo, ml);
        fflush(stdout);
    }
    return 0;
}
