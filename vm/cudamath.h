/* vm/cudamath.h -- binary32 math functions as the GPU's math library computes
 * them (vm/cudamath.c); device code uses these, host code the host's libm. */
#ifndef SIMT_VM_CUDAMATH_H
#define SIMT_VM_CUDAMATH_H

float cuda_sinf(float x);
float cuda_cosf(float x);
float cuda_tanf(float x);
float cuda_logf(float x);
float cuda_log2f(float x);
float cuda_log10f(float x);
float cuda_expf(float x);
float cuda_exp10f(float x);

#endif
