/* vm/lanes_host.c -- the scalar lane helpers (vm/lanes_scalar.c) again, with
 * the float semantics of the host, for host code.  A CUDA program's host code
 * runs on the x86 CPU, whose NaNs keep their payload and sign (0.0f / 0.0f is
 * 0xffc00000, printed "-nan") and whose fmin and fmax are glibc's; device
 * code gets the GPU's (vm/lanes.h: one canonical binary32 NaN, -0 < +0 in
 * fmin and fmax).  Measured against an H100 host and device
 * (tests/programs/float_edges.k). */
#define SIMT_HOST_FLOATS 1
#define simt_lanes_scalar simt_lanes_host
#define simt_intrinsic_eval simt_intrinsic_eval_host
#include "vm/lanes_scalar.c"
