// devicetwice.2.cu is compiled and #included here: its __device__ function,
// not inline, is then defined in two files (nvcc's linker refuses it too).
#include "devicetwice.2.cu"

__global__ void k(int *out)
{
    out[0] = step(1);
}

int main()
{
    return 0;
}
