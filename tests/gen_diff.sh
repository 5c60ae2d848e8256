#!/usr/bin/env bash
# tests/gen_diff.sh -- differential testing on a fixed set of generated programs
# (tests/gen/): each must print the same in every execution mode that may not
# change a race-free program's result, and so must every kept regression
# (tests/gen/regress/).  `make fuzz-diff N=...` runs more seeds.  TAP.
set -u
SIMTVM=${SIMTVM:-$PWD/simtvm}
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
switch=$(dirname "$SIMTVM")/tests/simtvm-switch
export PYTHONDONTWRITEBYTECODE=1
command -v python3 >/dev/null || { echo "1..0 # SKIP python3 not found"; exit 0; }
cd "$top_srcdir" || exit 99
exec python3 tests/gen/diff.py --tap --no-reduce --simtvm "$SIMTVM" --switch "$switch" \
    "${GEN_DIFF_SEEDS:-1..40}" tests/gen/regress/*.k
