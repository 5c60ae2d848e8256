#include "util.cu"

__global__ void shape(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = floor_pow2(i + 1) * 100 + clamp_to(i, 2, 5);
}

// The same inline function as main.cu's, defined here too.
inline int twice(int v)
{
    return 2 * v;
}

void launch_shape(int *out, int n)
{
    shape<<<round_up(n, 32) / 32, 32>>>(out, n);
    (void)twice(n);
}
