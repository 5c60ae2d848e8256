#!/usr/bin/env bash
# bench/icount.sh -- host instructions per warp for each part of a saxpy warp
# (bench/k/warp_parts.k), counted with valgrind's callgrind.  Counts do not
# depend on the machine's load, so they tell a change of a few percent apart
# on a host whose timings vary by more than that (bench/README.md).
# Usage: bench/icount.sh [SIMTVM [simtvm options...]]  (default ./simtvm)
# The program reads a host clock, which would run the timing model for the
# modelled time; it runs with --wall-clock (real time, no model), as
# bench/bench.sh does, where SIMTVM knows the option (older builds read real
# time anyway), so that counts compare across versions.
# Needs valgrind.  Each kernel runs with 1 and with 3 launches; the
# difference, over the 2 x 2^16 elements of the two extra launches, leaves
# out the compile, the allocations and everything else done once.  Figures
# are per 32 elements: per warp at the default warp size.
set -euo pipefail
simtvm=${1:-./simtvm}
shift || true
top=$(cd "$(dirname "$0")/.." && pwd)
prog=$top/bench/k/warp_parts.k
if [ ! -x "$simtvm" ]; then
    echo "bench/icount.sh: $simtvm is not an executable (build simtvm first)" >&2
    exit 2
fi
if ! command -v valgrind >/dev/null; then
    echo "bench/icount.sh: needs valgrind (apt-get install valgrind)" >&2
    exit 2
fi

clock=()
if "$simtvm" --help 2>&1 | grep -q -- --wall-clock; then
    clock=(--wall-clock)
fi

# host instructions of one run: kernel $1, $2 launches, simtvm options after
count() {
    local k=$1 reps=$2 out n=""
    shift 2
    # valgrind exits with simtvm's status: a failed run counts nothing
    if out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$simtvm" run ${clock[@]+"${clock[@]}"} "$@" "$prog" -- "$k" "$reps" 2>&1 >/dev/null); then
        n=$(echo "$out" | awk '/refs:/ { gsub(",", "", $4); print $4 }')
    fi
    if [ -z "$n" ]; then
        echo "bench/icount.sh: no instruction count for kernel k$k:" >&2
        echo "$out" | grep -v '^==' | tail -5 >&2
        exit 1
    fi
    echo "$n"
}

parts=("start, i, if (i < n), end" "+ LEA, ST32: y[i] = a" "+ LDX: y[i] = x[i]"
       "+ MUL_F32: y[i] = a * x[i]" "+ LD32, ADD_F32: saxpy")
printf '%-4s %-30s %12s %8s\n' kernel part "instr/32 el" added
prev=0
for k in 0 1 2 3 4; do
    one=$(count "$k" 1 "$@")
    three=$(count "$k" 3 "$@")
    per=$(( (three - one) / 4096 ))
    added=$(( k == 0 ? per : per - prev ))
    printf '%-4s   %-30s %12d %8d\n' "k$k" "${parts[$k]}" "$per" "$added"
    prev=$per
done
