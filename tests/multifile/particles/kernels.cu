#include "physics.cuh"

__global__ void step(Particle *p, int n, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float a = spring_force(p[i].x);
    p[i].v = clampf(p[i].v + a * dt, -2.0f, 2.0f);
    p[i].x += p[i].v * dt + 0.0f * square(dt);
}
