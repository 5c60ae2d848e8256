#!/usr/bin/env bash
# tests/hostlib.sh -- the host library's behaviour that a golden output
# cannot pin (TAP): the modelled clocks (runtime/clocks.c) repeat exactly,
# host time does not change with --stats, --wall-clock reads real time; and
# the stdio streams write where the program says and nowhere else.
set -u

. "$(dirname "$0")/lib.sh" hostlib

n=0
check() { # check DESCRIPTION COMMAND...: one TAP line
    local what=$1
    shift
    n=$((n + 1))
    if "$@"; then echo "ok $n - $what"; else echo "not ok $n - $what"; fi
}

prog=tests/hostlib/clocks.k
"$SIMTVM" run "$prog" >"$work/a" 2>&1
"$SIMTVM" run "$prog" >"$work/b" 2>&1
"$SIMTVM" run "$prog" --stats >"$work/s" 2>/dev/null
"$SIMTVM" run "$prog" --wall-clock >"$work/w" 2>&1
wall_status=$?

check "the modelled clocks repeat exactly" cmp -s "$work/a" "$work/b"
check "host time is the same with --stats" \
    test "$(grep '^host loop' "$work/a")" = "$(grep '^host loop' "$work/s")"
check "host instructions cost modelled time" \
    grep -Eq '^host loop: [1-9][0-9]{3,} ns$' "$work/a"
check "a launch advances the host clocks" grep -Eq '^kernel: [1-9][0-9]* ns$' "$work/a"
check "std::chrono reads the same clock" grep -Eq '^chrono: [1-9][0-9]{3,} ns$' "$work/a"
check "the calendar starts at the epoch" grep -q '^gettimeofday: 0 s ' "$work/a"
check "an unknown clock id is -1" grep -q '^bad clock id: -1$' "$work/a"
check "--wall-clock runs the program" test "$wall_status" -eq 0
check "--wall-clock reads the real calendar" \
    bash -c "! grep -q '^gettimeofday: 0 s ' '$work/w'"

# fopen creates only the file named, where named: run in an empty folder.
mkdir "$work/cwd"
(cd "$work/cwd" && "$SIMTVM" run "$top_srcdir/tests/programs/host_stdio.k" >../io.out 2>../io.err)
check "the stdio program runs" cmp -s "$work/io.out" tests/programs/host_stdio.out
check "fprintf(stderr) goes to stderr" grep -qx 'to stderr' "$work/io.err"
check "remove() left the folder as it was" test -z "$(ls -A "$work/cwd")"

echo "1..$n"
exit 0
