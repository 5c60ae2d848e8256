#ifndef DEVICETWICE_2
#define DEVICETWICE_2
__device__ int step(int v)  // expect error: multiple definition of 'step'
{
    return v + 1;
}
#endif
