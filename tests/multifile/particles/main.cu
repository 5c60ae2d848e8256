#include <cstdio>
#include "physics.cuh"

static const char *label() { return "main"; }   // util.cpp has its own label()

int main()
{
    const int n = 8;
    Particle *p;
    float *e;
    cudaMallocManaged(&p, n * sizeof(Particle));
    cudaMallocManaged(&e, n * sizeof(float));
    init_particles(p, n);
    for (int s = 0; s < g_steps; s++)
        step<<<1, 32>>>(p, n, 0.25f);
    energies<<<1, 32>>>(p, e, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        printf("%d: x=%.4f v=%.4f e=%.4f\n", i, p[i].x, p[i].v, e[i]);
    printf("%s: host energy %.4f after %d steps\n", label(), host_energy(p, n), g_steps);
    cudaFree(p);
    cudaFree(e);
    return 0;
}
