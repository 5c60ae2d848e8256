#!/usr/bin/env bash
# tests/opt.sh -- the optimizer of lang/opt.c (TAP).  Every tests/opt/NAME.k
# must run to exit status 0 and print exactly NAME.out (numbers that an
# independent model of the program gives: wrong liveness or a wrong shared
# value changes them); where NAME.dis exists, `simtvm disasm NAME.k` must
# equal it (the shapes the pass exists for, instruction by instruction).
# Then every example and test program, compiled and written as .kbc, must
# load again: loading runs the verifier (vm/verify.c) on the optimized code.
# Regenerate a .dis after a deliberate change with: tests/opt.sh --update NAME
set -u

. "$(dirname "$0")/lib.sh" opt

if [ "${1:-}" = --update ]; then
    shift
    for name in "$@"; do "$SIMTVM" disasm "tests/opt/$name.k" > "tests/opt/$name.dis"; done
    exit 0
fi

n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; sed -n '1,40s/^/#   /p' "$2"; }

for program in tests/opt/*.k; do
    name=${program%.k}
    timeout 60 "$SIMTVM" run "$program" >"$work/out" 2>"$work/err" </dev/null
    status=$?
    if [ "$status" -ne 0 ]; then
        not_ok "$program: exit status $status" "$work/err"
    elif ! diff -u "$name.out" "$work/out" >"$work/diff"; then
        not_ok "$program: output differs" "$work/diff"
    else
        ok "$program runs"
    fi
    [ -f "$name.dis" ] || continue
    "$SIMTVM" disasm "$program" >"$work/dis" 2>&1
    if diff -u "$name.dis" "$work/dis" >"$work/diff"; then
        ok "$program: disassembly"
    else
        not_ok "$program: disassembly differs" "$work/diff"
    fi
done

failed=0
count=0
for program in examples/*.k examples/*/*.k tests/programs/*.k tests/defects/*.k \
               tests/threads/*.k tests/debug/*.k bench/k/*.k tests/opt/*.k; do
    count=$((count + 1))
    if ! "$SIMTVM" build "$program" -o "$work/m.kbc" >"$work/err" 2>&1 ||
       ! "$SIMTVM" disasm "$work/m.kbc" >/dev/null 2>>"$work/err"; then
        failed=$((failed + 1))
        echo "# $program:"
        sed -n '1,5s/^/#   /p' "$work/err"
    fi
done
if [ "$failed" -eq 0 ]; then
    ok "$count programs pass the verifier after optimization"
else
    n=$((n + 1))
    echo "not ok $n - $failed of $count programs fail to build or verify"
fi
echo "1..$n"
exit 0
