/* cli/debug.h -- `simtvm debug FILE.k`: a terminal stepper for one warp at a
 * time, in the spirit of cuda-gdb (commands in cli/README.md and simtvm(1)).
 *
 * The debugger installs the VM's single-step hook (simt_vm.debug, vm/vm.h):
 * kernels then run one warp instruction at a time and the hook decides, before
 * each issue, whether to stop and read commands.  Host code runs at full
 * speed.  Commands come from `in` (a terminal or a script); a prompt is
 * printed only when `in` is a terminal.  The program's own output and the
 * debugger's both go to `out`, in the order they happen. */
#ifndef SIMTVM_CLI_DEBUG_H
#define SIMTVM_CLI_DEBUG_H

#include <stdio.h>

#include "vm/vm.h"

/* Debugs main() of mod under cfg (argv for main).  Returns the exit status of
 * simtvm: 0 after `quit` or the end of the commands, 1 if the VM cannot
 * start. */
int simtvm_debug(const simt_module *mod, const simt_config *cfg, int argc, char **argv,
                 FILE *in, FILE *out);

#endif
