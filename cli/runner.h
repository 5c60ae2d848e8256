/* cli/runner.h -- runner mode (`simtvm run FILE --kernel NAME ...`) and the
 * exit status of a run. */
#ifndef SIMTVM_CLI_RUNNER_H
#define SIMTVM_CLI_RUNNER_H

#include "cli/options.h"
#include "vm/vm.h"

/* Launches o->kernel on an initialised vm with the --arg values, then writes
 * the --out buffers.  Returns the exit status. */
int simtvm_run_kernel(simt_vm *vm, const simtvm_options *o);

/* The exit status of a finished run or launch: a fault is 1 (printed), a
 * usage error 2, otherwise main()'s value or exit()'s status. */
int simtvm_run_status(simt_vm *vm, simt_status st);

/* After a run or launch: prints the statistics and the checkers' findings
 * and turns findings into status 3 (or --error-exitcode) when the program
 * itself succeeded.  Returns the final exit status. */
int simtvm_finish_run(simt_vm *vm, const simtvm_options *o, int status);

#endif
