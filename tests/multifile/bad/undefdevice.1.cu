__device__ float weight(int i);
__global__ void fill(float *p) { p[threadIdx.x] = weight(threadIdx.x); } // expect error: undefined reference to 'weight'
