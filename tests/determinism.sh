#!/usr/bin/env bash
# tests/determinism.sh -- the same program and options give byte-identical
# stdout, stderr, --stats=json and --trace on every run and with any --threads
# (TAP).
# Every example runs three times: twice with --threads 1, once with 2; and a
# fourth time without --stats and --trace, which must not change its stdout,
# stderr or status: the model observes every issue, so there the scheduler
# picks every group itself, and without it the interpreter hands over from a
# warp at __syncthreads or its return (vm/interp.c next_group) in the same
# order (tests/schedule.sh tests that order on a program that shows it).
set -u

. "$(dirname "$0")/lib.sh" determinism

# run TAG PROGRAM THREADS OPTIONS...: stdout, stderr, statistics and trace to
# $work/TAG.*
run() {
    local tag=$1 program=$2 threads=$3
    shift 3
    timeout 300 "$SIMTVM" run "$program" --threads "$threads" --stats=json \
        --stats-file "$work/$tag.json" --trace "$work/$tag.trace" "$@" >"$work/$tag.out" 2>"$work/$tag.err" </dev/null
    echo $? >"$work/$tag.status"
}

# plain TAG PROGRAM OPTIONS...: the same without --stats and --trace
plain() {
    local tag=$1 program=$2
    shift 2
    timeout 300 "$SIMTVM" run "$program" "$@" >"$work/$tag.out" 2>"$work/$tag.err" </dev/null
    echo $? >"$work/$tag.status"
}

n=0
for program in examples/*.k examples/*/*.k; do
    case $program in examples/embed/*) continue ;; esac
    n=$((n + 1))
    # The options a model example states on its `// runs:` line.
    read -r -a opts <<<"$(sed -n 's|^// runs: *||p' "$program" | head -n 1 | cut -d, -f1)"
    run a "$program" 1 "${opts[@]}"
    run b "$program" 1 "${opts[@]}"
    run c "$program" 2 "${opts[@]}"
    plain d "$program" "${opts[@]}"
    bad=$(differing "$work/a" "$work/b" status out err json trace)
    bad+=$(differing "$work/a" "$work/c" status out err json trace)
    bad+=$(differing "$work/a" "$work/d" status out err)
    if [ -z "$bad" ]; then
        echo "ok $n - $program"
    else
        echo "not ok $n - $program: differs from the first run in$bad"
        show_diffs "$work/a" "$work" $bad
    fi
done
echo "1..$n"
exit 0
