#!/usr/bin/env bash
# tests/schedule.sh -- the interpreter's hand-over from a warp that stops at
# __syncthreads or at its return to the group the scheduler would run next
# (vm/interp.c next_group) keeps the scheduler's order (TAP), on programs
# whose output shows the order of the warps (atomics, printf and a
# shared-memory race between __syncthreads): each tests/schedule/NAME.k
# prints the same with and without --stats, under which the model observes
# every issue and the scheduler picks every group itself, and prints
# NAME.out, which the build before the hand-over printed.  (Every example is
# run with and without --stats by tests/determinism.sh.)
set -u

. "$(dirname "$0")/lib.sh" schedule

n=0
# same PROGRAM OPTIONS...: stdout, stderr and status with and without --stats
same() {
    local program=$1
    shift
    n=$((n + 1))
    timeout 300 "$SIMTVM" run "$program" "$@" >"$work/a.out" 2>"$work/a.err" </dev/null
    echo $? >"$work/a.status"
    timeout 300 "$SIMTVM" run "$program" "$@" --stats=json --stats-file "$work/stats.json" \
        >"$work/b.out" 2>"$work/b.err" </dev/null
    echo $? >"$work/b.status"
    local bad
    bad=$(differing "$work/a" "$work/b" status out err)
    if [ -z "$bad" ]; then
        echo "ok $n - $program $*: the same with --stats"
    else
        echo "not ok $n - $program $*: with --stats (b) it differs in$bad"
        show_diffs "$work/a" "$work" $bad
    fi
}

for program in tests/schedule/*.k; do
    same "$program"
done

# Under --interleave=random a block's warps take turns (vm/grid.c run_warp):
# a warp that only spins must not keep the block's turn from the lock's
# holder.  Before, seed 1 needed more than 20 million steps for its block.
n=$((n + 1))
timeout 300 "$SIMTVM" run tests/schedule/spinlock_warps.k --interleave=random --seeds 1..8 \
    --max-steps 20000000 >"$work/out" 2>&1 </dev/null
if grep -q "^      count=288, 288 threads in the order" "$work/out" &&
        grep -q "1 distinct output from 8 runs" "$work/out"; then
    echo "ok $n - spinlock_warps.k: every seed ends within the step limit"
else
    echo "not ok $n - spinlock_warps.k under --interleave=random"
    sed -n '1,20s/^/#   /p' "$work/out"
fi

for program in tests/schedule/*.k; do
    n=$((n + 1))
    timeout 300 "$SIMTVM" run "$program" >"$work/out" 2>&1 </dev/null
    if diff -u "${program%.k}.out" "$work/out" >"$work/diff"; then
        echo "ok $n - $program: the order of ${program%.k}.out"
    else
        echo "not ok $n - $program: another order"
        sed -n '1,30s/^/#   /p' "$work/diff"
    fi
done
echo "1..$n"
exit 0
