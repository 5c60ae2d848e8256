__global__ void shift(int *d, int n)
{
    int i = threadIdx.x;
    d[i + 1] = i;   // thread 31 writes past the end
}

void run_shift(int *d, int n) { shift<<<1, n>>>(d, n); }
