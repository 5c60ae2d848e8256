/* runtime/ffi.h -- native calls: module imports bound to host functions
 * through dlsym and called through libffi (runtime/ffi.c).
 *
 * A module import is a prototype without a body that is not a builtin
 * (vm/module.h simt_import).  simt_ffi_open() resolves every import once, at
 * load time, so a missing function is an error before the program runs.  The
 * bound state hangs off vm->native and is released by simt_ffi_close().
 */
#ifndef SIMT_FFI_H
#define SIMT_FFI_H

#include <stddef.h>
#include <stdint.h>

#include "runtime/runtime.h"
#include "vm/vm.h"

/* A host function registered by an embedder under the name K code declares. */
typedef struct simt_ffi_symbol {
    const char *name;
    void *fn;
} simt_ffi_symbol;

/* Binds every import of vm->mod.  Lookup order: syms (may be NULL), then the
 * libraries at the paths in libs (a NULL-terminated array, may be NULL), then
 * the process (libc, libm).  Returns 0, or -1 with a reason naming the
 * function or library in err.  Replaces any earlier binding of this VM. */
int simt_ffi_open_with(simt_vm *vm, const char *const *libs, const simt_ffi_symbol *syms,
                       size_t nsyms, char *err, size_t errlen);
int simt_ffi_open(simt_vm *vm, const char *const *libs, char *err, size_t errlen);

/* Calls import `import` with raw register arguments (as simt_builtin_call
 * receives them).  Pointer arguments are translated to host pointers for
 * thread t (NULL stays NULL; an invalid pointer is a fault).  A returned
 * pointer that points into one of the pointer arguments' allocations is
 * mapped back to its guest address; any other returned pointer cannot be
 * mapped and becomes 0.  Returns SIMT_OK or SIMT_FAULT. */
simt_status simt_ffi_call(simt_vm *vm, const simt_tctx *t, uint32_t import,
                          const uint64_t *args, uint64_t *ret);

/* Releases vm->native (safe to call when nothing is bound). */
void simt_ffi_close(simt_vm *vm);

#endif
