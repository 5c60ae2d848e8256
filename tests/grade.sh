#!/bin/sh
# tests/grade.sh -- `simtvm grade` (TAP): every lesson exercise's reference
# solution passes against itself, and the reduction exercise's wrong variants
# (tests/grade/) fail with the right reason: a wrong answer, a race that is
# right on the default schedule, an out-of-bounds read, a compile error, a
# main() that never ends.
top=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
simtvm=${SIMTVM:-./simtvm}
ex=$top/examples/exercises
bad=$top/tests/grade
work=$(mktemp -d "${TMPDIR:-/tmp}/simtvm-grade.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; sed 's/^/#   /' "$work/out" | head -20; }

# grade NAME STATUS PATTERN ARGS...: exit status STATUS and PATTERN in the output
grade() {
    name=$1 want=$2 pattern=$3
    shift 3
    "$simtvm" grade "$@" >"$work/out" 2>&1
    st=$?
    if [ "$st" -eq "$want" ] && grep -q -- "$pattern" "$work/out"; then ok "$name"; else notok "$name (exit $st)"; fi
}

for ref in "$ex"/*.k; do
    grade "$(basename "$ref"): the reference passes" 0 ": PASS: " "$ref" --reference "$ref" --seeds 1..3
done
r=$ex/reduce.k
grade "wrong answer" 1 "FAIL: wrong answer on the default schedule: output line 1" "$bad/wrong_answer.k" --reference "$r" --seeds 1..3
grade "wrong answer: replay" 1 "^replay: simtvm run .*wrong_answer.k$" "$bad/wrong_answer.k" --reference "$r" --seeds 1..3
grade "racy: right on the default schedule" 1 "FAIL: the checkers found .* problem(s) on the default schedule" "$bad/racy.k" --reference "$r" --seeds 1..3
grade "racy: the race is named" 1 "Race reported" "$bad/racy.k" --reference "$r" --seeds 1..3
grade "racy: without checkers the seed sweep finds it" 1 "wrong answer on a random schedule (seed" "$bad/racy.k" --reference "$r" --check=init --seeds 1..20
grade "racy: the sweep's replay" 1 "^replay: simtvm run .*racy.k --interleave=random --block-order=random --seed" "$bad/racy.k" --reference "$r" --check=init --seeds 1..20
grade "out of bounds" 1 "past the end" "$bad/oob.k" --reference "$r" --seeds 1..3
grade "an endless main() fails within the budget" 1 "step limit exceeded" "$bad/endless.k" --reference "$r" --seeds 1..2
grade "an endless main(): the replay keeps the budget" 1 "^replay: .*--max-host-steps [0-9]" "$bad/endless.k" --reference "$r" --seeds 1..2
grade "compile error" 1 "no_compile.k: COMPILE ERROR" "$bad/no_compile.k" --reference "$r"
grade "compile error: the diagnostic" 1 "no_compile.k:[0-9]*:[0-9]*: error:" "$bad/no_compile.k" --reference "$r"
grade "--json" 1 '"verdict":"FAIL"' "$bad/wrong_answer.k" --reference "$r" --seeds 1..2 --json
grade "--json PASS" 0 '"verdict":"PASS"' "$r" --reference "$r" --seeds 1..2 --json
grade "kernel mode: PASS" 0 ": PASS: same buffers" "$r" --reference "$r" --kernel reduce_sum \
    --grid 8 --block 256 --arg in='int[5000]=rand:3' --arg out='int[1]' --arg n=5000 --seeds 1..3
grade "kernel mode: a wrong buffer" 1 "buffer 'out' element 0" "$bad/wrong_answer.k" --reference "$r" \
    --kernel reduce_sum --grid 8 --block 256 --arg in='int[5000]=iota' --arg out='int[1]' --arg n=5000 --seeds 1..2
grade "kernel mode: the replay names the launch" 1 "replay: simtvm run .* --kernel reduce_sum --grid 8,1,1" "$bad/wrong_answer.k" --reference "$r" \
    --kernel reduce_sum --grid 8 --block 256 --arg in='int[5000]=iota' --arg out='int[1]' --arg n=5000 --seeds 1..2
grade "no --reference" 2 "needs --reference" "$r"
# the starting points of the lessons' exercises: right answers, wrong statistics
grade "start/divergence.k: divergent" 1 "statistics miss: launch 0 (classify): simtvm__divergent_branches.sum = 128, expected <= 0" \
    "$ex/start/divergence.k" --reference "$ex/divergence.k" --expect-stat 'simtvm__divergent_branches.sum<=0' --seeds 1..2
grade "divergence.k meets its statistic" 0 "statistics as expected" \
    "$ex/divergence.k" --reference "$ex/divergence.k" --expect-stat 'simtvm__divergent_branches.sum<=0' --seeds 1..2
grade "start/coalescing.k: uncoalesced" 1 "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum = 65536, expected <= 8192" \
    "$ex/start/coalescing.k" --reference "$ex/coalescing.k" --expect-stat 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum<=8192' --seeds 1..2
grade "start/banks.k: bank conflicts" 1 "bank_conflicts_pipe_lsu_mem_shared_op_ld.sum = 15872, expected <= 0" \
    "$ex/start/banks.k" --reference "$ex/banks.k" --expect-stat 'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum<=0' --seeds 1..2
grade "banks.k meets its statistic" 0 "statistics as expected" \
    "$ex/banks.k" --reference "$ex/banks.k" --expect-stat 'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum<=0' --seeds 1..2
grade "start/races.k: the race" 1 "Race reported" "$ex/start/races.k" --reference "$ex/races.k" --seeds 1..2
grade "--expect-stat: an unknown statistic is a usage error" 2 "USAGE ERROR: --expect-stat nosuch.metric>=1" \
    "$ex/banks.k" --reference "$ex/banks.k" --expect-stat 'nosuch.metric>=1' --seeds 1..1
grade "--expect-stat: a malformed one" 2 "needs METRIC<=N" "$ex/banks.k" --reference "$ex/banks.k" --expect-stat nosuch
echo "1..$n"
