// kernels.cl -- the five bench kernels in OpenCL C, the same algorithms as
// bench/k/*.k (see that directory for what each one shows).  host.c builds
// this file at run time on Oclgrind or PoCL.  No contraction of a*b+c into
// fma, as in K, so float results are bit-identical (they are exact anyway).
#pragma OPENCL FP_CONTRACT OFF

#define REDUCE_BLOCK 256
#define SCAN_BLOCK 1024
#define TILE 16
#define COLLATZ_START 1000000L

__kernel void saxpy(int n, float a, __global const float *x, __global float *y)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}

__kernel void reduce(__global const int *in, __global int *partial)
{
    __local int s[REDUCE_BLOCK];
    int t = get_local_id(0);
    s[t] = in[get_group_id(0) * REDUCE_BLOCK + t];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = REDUCE_BLOCK / 2; stride > 0; stride /= 2) {
        if (t < stride)
            s[t] += s[t + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (t == 0)
        partial[get_group_id(0)] = s[0];
}

// Hillis-Steele scan of one block; the block's total goes to totals when
// has_totals (OpenCL has no portable null buffer argument).
__kernel void scan_blocks(__global const int *in, __global int *out, __global int *totals,
                          int has_totals)
{
    __local int s[SCAN_BLOCK];
    int t = get_local_id(0);
    int i = get_group_id(0) * SCAN_BLOCK + t;
    s[t] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 1; d < SCAN_BLOCK; d *= 2) {
        int below = t >= d ? s[t - d] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        s[t] += below;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[i] = s[t];
    if (has_totals && t == SCAN_BLOCK - 1)
        totals[get_group_id(0)] = s[t];
}

__kernel void add_offsets(__global int *out, __global const int *scanned)
{
    int b = get_group_id(0);
    if (b > 0)
        out[b * SCAN_BLOCK + get_local_id(0)] += scanned[b - 1];
}

__kernel void collatz(int n, __global int *steps)
{
    int i = get_global_id(0);
    if (i < n) {
        long v = COLLATZ_START + i;
        int count = 0;
        while (v != 1) {
            v = (v & 1) ? 3 * v + 1 : v / 2;
            count++;
        }
        steps[i] = count;
    }
}

__kernel void collatzif(int n, __global int *steps)
{
    int i = get_global_id(0);
    if (i < n) {
        uint x = (uint)i + 1u;
        int count = 0;
        while (x != 1u) {
            if (x & 1u)
                x = 3u * x + 1u;
            else
                x >>= 1;
            count++;
        }
        steps[i] = count;
    }
}

__kernel void matmul(__global const float *a, __global const float *b, __global float *c, int n)
{
    __local float ta[TILE][TILE];
    __local float tb[TILE][TILE];
    int tx = get_local_id(0), ty = get_local_id(1);
    int row = get_group_id(1) * TILE + ty;
    int col = get_group_id(0) * TILE + tx;
    float sum = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        ta[ty][tx] = a[row * n + t + tx];
        tb[ty][tx] = b[(t + ty) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < TILE; j++)
            sum += ta[ty][j] * tb[j][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = sum;
}
