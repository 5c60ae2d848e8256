/* runtime/runtime.h -- the runtime on top of the VM: simt_vm_init makes a
 * machine (vm/vm.h simt_vm_core_init) and installs what runs above it: the
 * host calls of vm/builtins.def and native imports (simt_host_ops), and the
 * observers of --check, --stats, --trace and --report (vm/observe.h).
 *
 * Everything a program, the CLI or the embedding API runs goes through
 * simt_vm_init / simt_vm_destroy; the unit tests of vm/ use the core alone.
 */
#ifndef SIMT_RUNTIME_H
#define SIMT_RUNTIME_H

#include <stdio.h>

#include "vm/vm.h"

/* Prepares vm to run mod (which must outlive it): the machine, its host calls,
 * the native imports bound (cfg.native_libs, cfg.native_syms) and the
 * observers cfg asks for.  Returns SIMT_OK or SIMT_FAULT (message in
 * vm->fault, e.g. an import that cannot be bound).  Call simt_vm_destroy
 * either way. */
simt_status simt_vm_init(simt_vm *vm, const simt_config *cfg, const simt_module *mod, FILE *out,
                         FILE *err);
void simt_vm_destroy(simt_vm *vm);
/* Frees vm->checker and puts fresh in its place, where the observers find it
 * too (the embedding API starts a fresh checker after findings are read). */
void simt_vm_replace_checker(simt_vm *vm, struct simt_checker *fresh);

/* The runtime's host calls (runtime/setup.c), what simt_vm_init installs. */
extern const simt_host_ops simt_runtime_host;

/* Runs builtin `id` (BI_*) for one thread: args typed by sig; *ret receives
 * the result.  Returns SIMT_OK, SIMT_EXIT or SIMT_FAULT (runtime/host.c). */
simt_status simt_builtin_call(simt_vm *vm, const simt_tctx *t, int id, const simt_sig *sig,
                              const uint64_t *args, int nargs, uint64_t *ret);

/* Formats a printf call (format string at args[0]) into a malloc'd buffer
 * *out of *outlen bytes (runtime/printf.c).  Returns SIMT_OK or SIMT_FAULT. */
simt_status simt_format_printf(simt_vm *vm, const simt_tctx *t, const simt_sig *sig,
                               const uint64_t *args, int nargs, char **out, size_t *outlen);
/* The same with the format at args[fmt_arg] (fprintf, sprintf, snprintf). */
simt_status simt_format_printf_at(simt_vm *vm, const simt_tctx *t, const simt_sig *sig,
                                  const uint64_t *args, int nargs, int fmt_arg, char **out,
                                  size_t *outlen);

/* Writes one device printf call's text to vm->out as far as cfg.max_printf
 * allows for this launch, with the one warning when it passes (runtime/host.c). */
void simt_device_printf_write(simt_vm *vm, const char *text, size_t len);
/* runtime/host_graph.c: simt_host_ops.capture_launch, and the graphs' end */
int simt_graph_capture_launch(simt_vm *vm, uint32_t func, const uint32_t grid[3],
                              const uint32_t block[3], uint64_t shared, const uint64_t *args,
                              int nargs);
void simt_graphs_free(simt_vm *vm);

#endif
