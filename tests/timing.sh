#!/usr/bin/env bash
# tests/timing.sh -- the clocks a program reads follow the timing model
# (SPEC 2.8, 5.3): the same output with and without --stats, time that grows
# with the work, and --wall-clock still runs (TAP).
set -u

. "$(dirname "$0")/lib.sh" timing

n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; shift; for l; do echo "#   $l"; done; }

prog=tests/timing/clocks.k
"$SIMTVM" run "$prog" >"$work/plain" 2>"$work/err.plain"
"$SIMTVM" run --stats "$prog" >"$work/stats" 2>/dev/null
if cmp -s "$work/plain" "$work/stats"; then
    ok "$prog: the same times with and without --stats"
else
    not_ok "$prog: --stats changes the times" "$(diff "$work/plain" "$work/stats" | head -5)"
fi
# --maxrregcount makes the model count each instruction (as --stats does)
# but keep no per-line stalls: the times must not depend on the lines either
"$SIMTVM" run --maxrregcount 16 "$prog" >"$work/cap" 2>/dev/null
"$SIMTVM" run --maxrregcount 16 --stats "$prog" >"$work/cap_stats" 2>/dev/null
if cmp -s "$work/cap" "$work/cap_stats"; then
    ok "$prog --maxrregcount 16: the same times with and without --stats"
else
    not_ok "$prog --maxrregcount 16: --stats changes the times" \
        "$(diff "$work/cap" "$work/cap_stats" | head -5)"
fi
# each clock saw the kernel take some time
for clk in event chrono clock64; do
    v=$(sed -n "s/^$clk \([0-9.]*\).*/\1/p" "$work/plain")
    if awk -v v="$v" 'BEGIN { exit !(v > 0) }'; then
        ok "$prog: $clk advanced ($v)"
    else
        not_ok "$prog: $clk did not advance" "$(cat "$work/plain")"
    fi
done
if "$SIMTVM" run --wall-clock "$prog" >"$work/wall" 2>&1; then
    ok "$prog --wall-clock runs"
else
    not_ok "$prog --wall-clock fails" "$(head -3 "$work/wall")"
fi
echo "1..$n"
exit 0
