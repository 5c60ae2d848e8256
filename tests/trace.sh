#!/usr/bin/env bash
# tests/trace.sh -- `simtvm run --trace` writes a Chrome trace-event timeline
# that tests/viz/trace_check.py accepts (TAP): chosen blocks of
# examples/transpose.k with their warps and barrier arrows, the default
# sampling of examples/scan.k under 100 MB, and clear errors for bad input.
set -u

. "$(dirname "$0")/lib.sh" trace
command -v python3 >/dev/null || { echo "1..0 # SKIP python3 is not installed"; exit 0; }

n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; sed 's/^/# /' "$work/log"; }
check() { # NAME COMMAND...: passes when the command succeeds
    local name=$1
    shift
    if "$@" >"$work/log" 2>&1; then ok "$name"; else not_ok "$name"; fi
}

echo "1..7"
# transpose: 32x8 threads = 8 warps per block; blocks 0, 1 and 5..7
check "transpose --trace-blocks 0,1,5-7 runs" \
    "$SIMTVM" run examples/transpose.k --trace "$work/t.json" --trace-blocks 0,1,5-7
check "transpose trace: 5 blocks x 8 warps, slices, counters, barrier arrows" \
    python3 tests/viz/trace_check.py "$work/t.json" --blocks 5 --warps-per-block 8 --flows
check "the program's output is unchanged by --trace" \
    diff -u examples/transpose.out <("$SIMTVM" run examples/transpose.k --trace "$work/u.json")
check "scan with the default sampling runs" \
    "$SIMTVM" run examples/scan.k --trace "$work/s.json"
check "scan trace is valid and under 100 MB" \
    python3 tests/viz/trace_check.py "$work/s.json" --max-mb 100 --flows
if "$SIMTVM" run examples/scan.k --trace "$work/x.json" --trace-blocks 3-1 >/dev/null \
    2>"$work/log"; then
    not_ok "a bad block list is refused"
elif grep -q -- "--trace-blocks needs a list" "$work/log"; then ok "a bad block list is refused"
else not_ok "a bad block list is refused"; fi
if "$SIMTVM" run examples/transpose.k --trace "$work/no/such/dir/t.json" >/dev/null \
    2>"$work/log"; then
    not_ok "an unwritable trace file is an error"
elif grep -q "cannot write the trace" "$work/log"; then ok "an unwritable trace file is an error"
else not_ok "an unwritable trace file is an error"; fi
