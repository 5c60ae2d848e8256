#include <stdio.h>

#include "util.cu"

void launch_shape(int *out, int n);

inline int twice(int v)
{
    return 2 * v;
}

int main()
{
    const int n = 10;
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    launch_shape(d, n);
    int h[n];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        printf("%d ", h[i]);
    printf("\nround_up(%d, 32) = %d, twice = %d\n", n, round_up(n, 32), twice(n));
    cudaFree(d);
    return 0;
}
