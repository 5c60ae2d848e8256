__global__ void store(int *p)
{
    p[threadIdx.x * 1024] = 1;   // out of bounds for thread 1 on
}
