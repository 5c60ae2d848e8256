#!/usr/bin/env bash
# tests/limits.sh -- every documented limit (doc/cli.md, "Limits") ends
# with a clear message and no crash or hang (TAP).  Programs in tests/limits/;
# the oversized and overnested sources are generated.
set -u

. "$(dirname "$0")/lib.sh" limits

n=0
# check NAME STATUS PATTERN [STDOUT_PATTERN] -- simtvm ARGS...: runs simtvm,
# expects the exit status and, each when not empty, PATTERN (grep -E) in
# stderr and STDOUT_PATTERN in stdout.
check() {
    local name=$1 want=$2 pattern=$3 outpat=$4
    shift 5
    n=$((n + 1))
    timeout 120 "$SIMTVM" "$@" >"$work/out" 2>"$work/err" </dev/null
    local status=$?
    if [ "$status" -ne "$want" ]; then
        echo "not ok $n - $name: exit status $status, expected $want"
    elif [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$work/err"; then
        echo "not ok $n - $name: stderr lacks /$pattern/"
    elif [ -n "$outpat" ] && ! grep -Eq -- "$outpat" "$work/out"; then
        echo "not ok $n - $name: stdout lacks /$outpat/"
    else
        echo "ok $n - $name"
        return
    fi
    sed -n '1,12s/^/#   /p' "$work/err"
}

L=tests/limits
check "guest memory (--max-memory)" 0 '' 'malloc: NULL' \
    -- run $L/memory.k --max-memory 1M
check "variable-length array over --max-memory" 1 \
    'vla.k:8:[0-9]+: error: variable-length array of 8589934592 bytes: out of memory' 'start' \
    -- run $L/vla.k --max-memory 1M
check "cudaMalloc over --max-memory" 0 '' 'cudaErrorMemoryAllocation' \
    -- run $L/memory.k --max-memory 1M
check "kernel steps (--max-steps)" 1 'steps.k:3:[0-9]+: error: step limit exceeded' '' \
    -- run $L/steps.k --max-steps 10000
check "host steps (--max-host-steps)" 1 \
    'host_steps.k:4:[0-9]+: error: step limit exceeded.*--max-host-steps' '' \
    -- run $L/host_steps.k --max-host-steps 10000
check "host steps with launches (--max-host-steps)" 1 \
    'host_launches.k:16:[0-9]+: error: step limit exceeded: the host code and the kernels it launched' \
    '' -- run $L/host_launches.k --max-host-steps 100000
check "no host step limit by default, nor from --max-steps" 0 '' '^1000000$' \
    -- run $L/host_long.k --max-steps 10000
check "call depth" 1 'call_depth.k:4:12: error: stack overflow' '' \
    -- run $L/call_depth.k
check "launch size" 0 'too many threads per block.*|grid y and z must be at most 65535' \
    'cudaErrorInvalidValue' -- run $L/launch_size.k
check "device printf volume (--max-printf)" 0 \
    'device printf output of this launch passed 256 bytes; the rest is dropped' \
    '^thread  0 line 3$' -- run $L/printf_volume.k --max-printf 256
# The first launch writes 256 of its 2176 bytes, then "--" and the second its 68.
n=$((n + 1))
bytes=$(timeout 60 "$SIMTVM" run $L/printf_volume.k --max-printf 256 2>/dev/null | wc -c)
if [ "$bytes" -eq $((256 + 3 + 68)) ]; then
    echo "ok $n - device printf output is cut at 256 bytes per launch"
else
    echo "not ok $n - device printf output: $bytes bytes, expected $((256 + 3 + 68))"
fi
check "one printf call's output" 1 'printf: one call.s output exceeds 1048576 bytes' '' \
    -- run $L/printf_width.k

# Source size: 16 MiB.
{ echo 'int main() { return 0; }'; head -c $((17 << 20)) /dev/zero | tr '\0' ' '; } \
    >"$work/big.k"
check "source size" 1 'big.k: error: source is [0-9]+ bytes, larger than the limit of 16 MiB' '' \
    -- run "$work/big.k"
# Files of one program: 64.
for i in $(seq 0 64); do echo "int f$i() { return $i; }" > "$work/unit$i.cu"; done
check "files of one program" 1 'simtvm_compile_files: 65 files, more than the limit of 64' '' \
    -- run $(for i in $(seq 0 64); do printf '%s ' "$work/unit$i.cu"; done)
# Nesting: expressions (2000 levels) and statements (the parser's stack).
python3 - "$work" <<'PY' || exit 99
import sys
w = sys.argv[1]
open(w + '/expr.k', 'w').write('int main() { int x = 0; return ' + '- ' * 2500 + 'x; }\n')
open(w + '/stmt.k', 'w').write('int main() { ' + '{' * 20000 + '}' * 20000 + ' return 0; }\n')
# 60 nested loops that lang/unroll.c writes out: one walk checks the nest
# (a walk per level took 2^60 steps)
loops = ''.join('for (int a%d = 0; a%d < 1; a%d++) ' % (i, i, i) for i in range(60))
open(w + '/unroll.k', 'w').write('int main() { int r = 0; ' + loops + 'r++; printf("r=%d\\n", r); '
                                 'return 0; }\n')
PY
check "expression nesting" 1 'error: expression nested too deeply \(more than 2000 levels\)' '' \
    -- run "$work/expr.k"
check "statement nesting" 1 'error: nesting too deep \(more than the parser.s [0-9]+ stack entries\)' \
    '' -- run "$work/stmt.k"
check "a nest of loops written out" 0 '' '^r=1$' -- run "$work/unroll.k"
echo "1..$n"
exit 0
