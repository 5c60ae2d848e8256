// tests/multifile/particles: a CUDA program of four files in the layout of
// real projects: the host in main.cu, kernels in kernels.cu and forces.cu
// (a __device__ function of forces.cu called from kernels.cu, which nvcc
// links with -rdc=true), host helpers in util.cpp, and this shared header.
#ifndef PHYSICS_CUH
#define PHYSICS_CUH

struct Particle {
    float x, v;
};

__host__ __device__ inline float clampf(float a, float lo, float hi)
{
    return a < lo ? lo : (a > hi ? hi : a);
}

// instantiated in kernels.cu (float) and forces.cu (float and int)
template <typename T>
__device__ T square(T a) { return a * a; }

__device__ float spring_force(float x);          // forces.cu
__global__ void step(Particle *p, int n, float dt); // kernels.cu
__global__ void energies(const Particle *p, float *e, int n); // forces.cu
extern int g_steps;                               // util.cpp

void init_particles(Particle *p, int n);          // util.cpp
float host_energy(const Particle *p, int n);      // util.cpp
#endif
