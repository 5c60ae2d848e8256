/* cli/seeds.h -- `--seeds A..B`: one run per seed, outputs grouped. */
#ifndef SIMTVM_CLI_SEEDS_H
#define SIMTVM_CLI_SEEDS_H

#include "cli/options.h"
#include "vm/vm.h"

/* Runs main() of mod once per seed of o->seeds_first..o->seeds_last with cfg
 * (its seed replaced), prints the distinct outputs with the seeds that
 * produced each and how to replay one.  Returns the worst exit status. */
int simtvm_run_seeds(const simtvm_options *o, const simt_module *mod, const simt_config *cfg);

#endif
