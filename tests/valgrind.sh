#!/usr/bin/env bash
# tests/valgrind.sh -- a subset of the test suite under Valgrind memcheck:
# the golden examples, bad inputs (compile errors, faults), the limits, a
# .kbc round trip and runner mode.  Any memory error or definite leak fails.
# Not part of `make check` (it takes minutes); CI runs it (.ci/run).
#   SIMTVM=path/to/simtvm bash tests/valgrind.sh
set -u

. "$(dirname "$0")/lib.sh" valgrind
command -v valgrind >/dev/null || { echo "valgrind.sh: valgrind is not installed" >&2; exit 1; }

n=0
failed=0
# vg NAME ARGS...: runs simtvm ARGS under memcheck; only Valgrind's verdict
# counts (status 99 marks its errors), not simtvm's own exit status.
vg() {
    local name=$1
    shift
    n=$((n + 1))
    timeout 900 valgrind -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite --show-leak-kinds=definite \
        "$SIMTVM" "$@" >"$work/out" 2>"$work/err" </dev/null
    if [ $? -eq 99 ] || grep -q '^==[0-9]*== ' "$work/err"; then
        echo "FAIL $n - $name"
        grep '^==[0-9]*==' "$work/err" | head -n 40
        failed=$((failed + 1))
    else
        echo "ok $n - $name"
    fi
}

for program in examples/*.k; do
    vg "$program" run "$program"
done
vg "examples/model/coalescing.k --stats=json" run examples/model/coalescing.k --stats=json
vg "examples/races/racy_reduce.k --check=all" run examples/races/racy_reduce.k --check=all
vg "trace and report" run examples/reduce.k --trace "$work/t.json" --report "$work/r.html"
for program in tests/bad/record_incomplete.k tests/bad/type_call_arity.k tests/bad/lex_bad_number.k \
               tests/bad/fault_kernel_null.k tests/bad/fault_oob_shared.k \
               tests/bad/fault_use_after_free.k tests/bad/fault_kernel_recursion.k \
               tests/defects/mem_double_free.k; do
    vg "$program" run "$program" --check=all
done
vg "limits/printf_volume.k" run tests/limits/printf_volume.k --max-printf 256
vg "limits/printf_width.k" run tests/limits/printf_width.k
vg "limits/memory.k" run tests/limits/memory.k --max-memory 1M
vg "build to .kbc" build examples/scan.k -o "$work/scan.kbc"
vg "run a .kbc" run "$work/scan.kbc"
vg "disasm" disasm examples/histogram.k
vg "runner mode" run tests/fuzz/corpus/k/conf_grid_stride.k --kernel saxpy --grid 2 \
    --block 64 --arg n=100 --arg a=2 --arg x='float[100]=iota' --arg y='float[100]=rand:1' \
    --out y="$work/y.npy"
echo "$n run, $failed failed under memcheck"
[ "$failed" -eq 0 ]
