// Device helpers that kernels.cu #includes, and that the build compiles as a
// file of its own as well (as cuda-samples' eigenvalues does with its
// bisect_util.cu): inline functions and templates may be defined in every
// file, so these definitions, read twice, are one.
#ifndef UTIL_CU
#define UTIL_CU

__device__ inline int floor_pow2(int n)
{
    int p = 1;
    while (2 * p <= n)
        p *= 2;
    return p;
}

template <class T> __device__ T clamp_to(T v, T lo, T hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

// An inline host function in a header: each file that includes it has it.
inline int round_up(int n, int to)
{
    return (n + to - 1) / to * to;
}

#endif
