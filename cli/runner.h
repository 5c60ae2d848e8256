/* cli/runner.h -- runner mode (`simtvm run FILE --kernel NAME ...`) and the
 * exit status of a run, on simtvm.h. */
#ifndef SIMTVM_CLI_RUNNER_H
#define SIMTVM_CLI_RUNNER_H

#include "cli/options.h"
#include "simtvm.h"

/* Launches o->kernel of mod, loaded in vm, with the --arg values, then
 * writes the --out buffers.  Returns the exit status. */
int simtvm_run_kernel(simtvm_vm *vm, simtvm_module *mod, const simtvm_options *o);

/* The exit status of a finished run or launch that returned st (r: its
 * result, may be NULL): a fault is 1 (printed unless it was already), a
 * usage error 2, otherwise main()'s value or exit()'s status. */
int simtvm_run_status(simtvm_vm *vm, simtvm_status st, simtvm_result *r, int exit_code);

/* After a run or launch: prints the statistics and the checkers' findings,
 * writes the trace and the report, and turns findings into status 3 (or
 * --error-exitcode) when the program itself succeeded.  Returns the final
 * exit status. */
int simtvm_finish_run(simtvm_vm *vm, const simtvm_options *o, int status);

#endif
