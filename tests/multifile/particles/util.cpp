#include "physics.cuh"

int g_steps = 3;

static const char *label() { return "util"; }

void init_particles(Particle *p, int n)
{
    for (int i = 0; i < n; i++) {
        p[i].x = (float)(i - n / 2) / 4.0f;
        p[i].v = 0.0f;
    }
}

float host_energy(const Particle *p, int n)
{
    float sum = 0.0f;
    for (int i = 0; i < n; i++)
        sum += 0.5f * p[i].v * p[i].v + 2.0f * p[i].x * p[i].x;
    return label()[0] == 'u' ? sum : -1.0f;
}
