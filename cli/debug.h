/* cli/debug.h -- `simtvm debug FILE.k`: a terminal stepper for one warp at a
 * time, in the spirit of cuda-gdb (commands in cli/README.md and simtvm(1)).
 *
 * Built on the debugging API of simtvm.h (simtvm_debugger): kernels run one
 * warp instruction at a time and the library calls back at each stop, where
 * this file reads commands until one of them resumes the program.  Host
 * code runs at full speed.  Commands come from `in` (a terminal or a
 * script); a prompt is printed only when `in` is a terminal.  The program's
 * own output and the debugger's both go to `out`, in the order they happen. */
#ifndef SIMTVM_CLI_DEBUG_H
#define SIMTVM_CLI_DEBUG_H

#include <stdio.h>

#include "simtvm.h"

/* Debugs main() of mod in vm (made with out as its output stream and
 * stderr as its error stream; argv for main).  Returns the exit status of
 * simtvm: 0 after `quit` or the end of the commands, 1 if the program
 * cannot be loaded. */
int simtvm_debug(simtvm_vm *vm, simtvm_module *mod, int argc, char **argv, FILE *in, FILE *out);

#endif
