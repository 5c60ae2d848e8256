#!/usr/bin/env bash
# tests/golden.sh -- every examples/NAME.k and tests/programs/NAME.k must print
# exactly its NAME.out, the output of the same program on a real GPU (TAP).
# A program that reads its standard input (scanf, std::cin) reads NAME.in
# when there is one, and nothing otherwise.
set -u

. "$(dirname "$0")/lib.sh" golden
in_private_folder

n=0
failed=0
for program in examples/*.k tests/programs/*.k; do
    n=$((n + 1))
    expected=${program%.k}.out
    input=/dev/null
    [ -f "${program%.k}.in" ] && input=${program%.k}.in
    timeout 120 "$SIMTVM" run "$program" >"$work/out" 2>"$work/err" <"$input"
    status=$?
    if [ ! -f "$expected" ]; then
        echo "not ok $n - $program: $expected is missing"
    elif [ "$status" -ne 0 ]; then
        echo "not ok $n - $program: exit status $status"
        sed -n '1,20s/^/#   /p' "$work/err"
    elif ! diff -u "$expected" "$work/out" >"$work/diff"; then
        echo "not ok $n - $program: output differs"
        sed -n '1,30s/^/#   /p' "$work/diff"
    else
        echo "ok $n - $program"
        continue
    fi
    failed=$((failed + 1))
done
echo "1..$n"
# Failures are the "not ok" lines; the status stays 0 so the TAP driver does
# not count them twice.
exit 0
