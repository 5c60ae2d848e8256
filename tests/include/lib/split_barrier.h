// Two barriers that a block's halves reach apart (tests/include.sh case 16).
__global__ void k(int *o)
{
    if (threadIdx.x < 64) {
        __syncthreads();
    } else {
        __syncthreads();
    }
    o[threadIdx.x] = 1;
}
