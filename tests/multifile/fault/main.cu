// tests/multifile/fault: a kernel fault in the second file is placed there
#include <cstdio>
void run_shift(int *d, int n);
int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    run_shift(d, 32);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
