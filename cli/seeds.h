/* cli/seeds.h -- `--seeds A..B`: one run per seed, outputs grouped. */
#ifndef SIMTVM_CLI_SEEDS_H
#define SIMTVM_CLI_SEEDS_H

#include "cli/options.h"
#include "simtvm.h"

/* Runs main() of mod once per seed of o->seeds_first..o->seeds_last, each in
 * a new VM of cfg (its seed and output stream replaced), prints the distinct outputs with the seeds that
 * produced each and how to replay one.  Returns the worst exit status. */
int simtvm_run_seeds(const simtvm_options *o, simtvm_module *mod, const simtvm_config *cfg);

#endif
