#!/usr/bin/env bash
# bench/run.sh -- the performance figures simtvm's issues ask for, measured in
# one run on this machine: the time of examples/scan.k (n = 2^20), and the
# slowdown of --check=all and --stats on the conformance scan and matmul.
# Usage: bench/run.sh [SIMTVM] (default ./simtvm).  Reports medians of 5 runs.
set -euo pipefail
simtvm=${1:-./simtvm}
top=$(cd "$(dirname "$0")/.." && pwd)
conf=$top/../shared/conformance/core
runs=5

# median wall time in seconds of "$@" over $runs runs
median() {
    local t=()
    for _ in $(seq $runs); do
        local s e
        s=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        e=$(date +%s.%N)
        t+=("$(awk -v a="$s" -v b="$e" 'BEGIN { print b - a }')")
    done
    printf '%s\n' "${t[@]}" | sort -g | sed -n "$(( (runs + 1) / 2 ))p"
}

printf '%-44s %10s\n' "measurement" "value"
scan=$(median "$simtvm" run "$top/examples/scan.k")
printf '%-44s %9.3fs\n' "examples/scan.k, n = 2^20 (target < 2 s)" "$scan"

for prog in scan matmul; do
    f=$conf/$prog.k
    [ -f "$f" ] || f=$top/examples/$prog.k
    base=$(median "$simtvm" run "$f")
    chk=$(median "$simtvm" run --check=all "$f")
    sts=$(median "$simtvm" run --stats=json --stats-file /dev/null "$f")
    printf '%-44s %9.3fs\n' "$(basename "$(dirname "$f")")/$prog.k" "$base"
    printf '%-44s %9.2fx\n' "  --check=all slowdown (target <= 10x)" "$(awk -v a="$chk" -v b="$base" 'BEGIN { print a / b }')"
    printf '%-44s %9.2fx\n' "  --stats slowdown" "$(awk -v a="$sts" -v b="$base" 'BEGIN { print a / b }')"
done
