/* runtime/hostlib.h -- the host C library files (vm/libc.def): their
 * builtins for runtime/host.c's dispatch table, and what the VM calls. */
#ifndef SIMT_HOSTLIB_H
#define SIMT_HOSTLIB_H

#include "runtime/host_call.h"

#define LIB(id, name, where, sig) simt_status simt_lib_##id(call *c);
#include "vm/libc.def"
#undef LIB

/* runtime/stdio.c: the host stream of a guest FILE * (NULL after a fault
 * naming fn) */
FILE *simt_stdio_stream(call *c, const char *fn, uint64_t h);
/* runtime/stdio.c: records a failed call's errno for perror and for the
 * guest's errno (simt_lib_ERRNO_TAKE). */
void simt_stdio_set_errno(call *c, int e);
/* runtime/stdio.c: closes what the guest left open (simt_vm_destroy). */
void simt_stdio_close_all(simt_vm *vm);

/* runtime/ostream.c: frees the streams' format state (simt_vm_destroy). */
void simt_iostate_free(simt_vm *vm);

/* runtime/cstdlib.c: frees the environment setenv made (simt_vm_destroy). */
void simt_environ_free(simt_vm *vm);

/* runtime/random.c: frees the <random> objects (simt_vm_destroy). */
void simt_random_free(simt_vm *vm);

/* runtime/clocks.c: the host's modelled time in nanoseconds since the
 * program started: the device's modelled time plus a fixed cost per host
 * instruction (SPEC 2.8, 5.3); with cfg.wall_clock, the host's monotonic
 * clock instead. */
int64_t simt_host_now_ns(const simt_vm *vm);

#endif
