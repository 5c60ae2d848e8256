/* runtime/texture.c -- the runtime's side of CUDA arrays and surfaces.
 *
 * Arrays, texture and surface objects are K code (lang/cuda_texture.c):
 * an array is a host-side header over row-major device memory, an object
 * the device address of a descriptor.  Two things need the runtime: a
 * surface access out of range under cudaBoundaryModeTrap, which is a
 * located kernel fault, and cudaMemcpy3D with an array on either side
 * (runtime/host_graph.c), which reads the array's header here. */
#include <string.h>

#include "runtime/host_call.h"

/* __simt_surface_fault(fn, x, y, z): the access stops the kernel with
 * cudaErrorLaunchFailure, as the hardware's trap does; the interpreter adds
 * the block and thread, and the source line of the program's call (the K
 * text's functions are FN_LIBRARY: vm/grid.c simt_exec_locate). */
simt_status bi_SIMT_SURFACE_FAULT(call *c)
{
    size_t n = 0;
    const char *fn = simt_vm_cstr(c->vm, c->t, arg(c, 0), 64, &n);
    if (!fn)
        return SIMT_FAULT;
    simt_vm_faultf(c->vm, "%.*s: coordinate out of range (x = %d bytes, y = %d, z = %d) "
                   "with cudaBoundaryModeTrap", (int)n, fn, arg_int(c, 1), arg_int(c, 2),
                   arg_int(c, 3));
    c->vm->fault.kind = FAULT_TRAP;
    c->vm->fault.cuda_error = CUDA_ERROR_LAUNCH_FAILURE;
    return SIMT_FAULT;
}

/* __simt_texture_fault(fn, why): a fetch the texture object cannot serve
 * (tex2Dgather of a 1D, 3D or layered texture, texCubemap of no cubemap)
 * stops the kernel with cudaErrorLaunchFailure and a located fault. */
simt_status bi_SIMT_TEXTURE_FAULT(call *c)
{
    size_t n = 0, m = 0;
    const char *fn = simt_vm_cstr(c->vm, c->t, arg(c, 0), 64, &n);
    if (!fn)
        return SIMT_FAULT;
    const char *why = simt_vm_cstr(c->vm, c->t, arg(c, 1), 128, &m);
    if (!why)
        return SIMT_FAULT;
    simt_vm_faultf(c->vm, "%.*s: %.*s", (int)n, fn, (int)m, why);
    c->vm->fault.kind = FAULT_TRAP;
    c->vm->fault.cuda_error = CUDA_ERROR_LAUNCH_FAILURE;
    return SIMT_FAULT;
}

/* struct cudaArray of lang/cuda_texture.c: data 0, width 8, height 16,
 * depth 24, pitch 32, elem 40 (bytes of one element). */
enum { ARRAY_HEADER = 48 };

/* Array `array` as the pitched pointer of a 3D copy: its data, row pitch
 * and rows per slice; pos[0] (elements, for an array) becomes bytes and
 * *elem the element size that the copy's width is counted in.  Returns 0,
 * 1 for an invalid array (cudaErrorInvalidValue), -1 after a fault. */
int array_as_pitched(call *c, const char *fn, uint64_t array, uint64_t pos[3], uint64_t *ptr,
                     uint64_t *pitch, uint64_t *ysize, uint64_t *elem)
{
    const uint8_t *p = guest(c, fn, array, ARRAY_HEADER, 0);
    if (!p)
        return -1;
    uint64_t f[5];
    int32_t e;
    memcpy(f, p, sizeof f);
    memcpy(&e, p + 40, 4);
    if (e <= 0 || !f[0])
        return 1;
    *ptr = f[0];
    *pitch = f[4];
    *ysize = f[2] ? f[2] : 1;
    *elem = (uint64_t)e;
    pos[0] *= (uint64_t)e;
    return 0;
}
