#!/usr/bin/env bash
# tests/opt.sh -- the optimizer of lang/opt.c (TAP).  Every tests/opt/NAME.k
# must run to exit status 0 and print exactly NAME.out (numbers that an
# independent model of the program gives: wrong liveness or a wrong shared
# value changes them); where NAME.dis exists, `simtvm disasm NAME.k` must
# equal it (the shapes the pass exists for, instruction by instruction).
# Then every example and test program, compiled and written as .kbc, must
# load again: loading runs the verifier (vm/verify.c) on the optimized code.
# The programs of tests/opt/ and examples/ must print the same under -O0.
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

# -O0 (no if-conversion, no clean-up) must print the same, and must really
# leave the passes out: the disassembly of a program they rewrite changes,
# -O1 is the default's, and -O0 keeps the branch ifconv.k's first if becomes
# a SEL without it.
for program in tests/opt/*.k examples/*.k; do
    timeout 60 "$SIMTVM" run -O0 "$program" >"$work/out" 2>"$work/err" </dev/null
    status=$?
    if [ "$status" -ne 0 ]; then
        not_ok "$program -O0: exit status $status" "$work/err"
    elif ! diff -u "${program%.k}.out" "$work/out" >"$work/diff"; then
        not_ok "$program -O0: output differs" "$work/diff"
    else
        ok "$program -O0 prints the same"
    fi
done
"$SIMTVM" disasm tests/opt/hoist.k >"$work/dis1" 2>&1
"$SIMTVM" disasm -O1 tests/opt/hoist.k >"$work/dis2" 2>&1
"$SIMTVM" disasm -O0 tests/opt/hoist.k >"$work/dis0" 2>&1
if cmp -s "$work/dis1" "$work/dis2" && ! cmp -s "$work/dis1" "$work/dis0"; then
    ok "disasm -O0 differs from the default, -O1 does not"
else
    diff -u "$work/dis1" "$work/dis0" >"$work/diff"
    not_ok "disasm -O0 vs -O1 vs the default" "$work/diff"
fi
sels() { grep -c 'SEL' "$1"; }
"$SIMTVM" disasm tests/opt/ifconv.k >"$work/dis1" 2>&1
"$SIMTVM" disasm -O0 tests/opt/ifconv.k >"$work/dis0" 2>&1
if [ "$(sels "$work/dis0")" -lt "$(sels "$work/dis1")" ]; then
    ok "disasm -O0 leaves ifs as branches ($(sels "$work/dis0") SELs, default $(sels "$work/dis1"))"
else
    not_ok "disasm -O0 still if-converts" "$work/dis0"
fi

# unroll_count.k: unrolling keeps the output and issues fewer warp
# instructions than the same program with every `#pragma unroll N` made 1;
# a warp that skips a predicated side issues it (launch 1 = 2 x launch 0).
warps() { "$SIMTVM" run --stats "$1" 2>&1 >/dev/null |
          sed -n 's/.* \([0-9][0-9]*\) warp instructions,.*/\1/p'; }
sed 's/#pragma unroll [0-9]*/#pragma unroll 1/' tests/opt/unroll_count.k >"$work/kept.k"
"$SIMTVM" run "$work/kept.k" >"$work/out" 2>"$work/err"
if diff -u tests/opt/unroll_count.out "$work/out" >"$work/diff"; then
    ok "unroll_count.k with #pragma unroll 1 prints the same"
else
    not_ok "unroll_count.k with #pragma unroll 1: output differs" "$work/diff"
fi
warps tests/opt/unroll_count.k >"$work/w1"
warps "$work/kept.k" >"$work/w0"
set -- $(cat "$work/w1")
if [ $# -eq 6 ] && [ "$2" -eq $(($1 * 2)) ]; then
    ok "a predicated side every lane skips is issued: $1 then $2 warp instructions"
else
    not_ok "side<<<1, 32>>> and <<<1, 64>>>: $* warp instructions" "$work/w1"
fi
set -- $(paste -d' ' "$work/w1" "$work/w0" | sed -n '3,5p' | awk '$1 >= $2')
if [ $# -eq 0 ] && [ "$(wc -l <"$work/w0")" -eq 6 ]; then
    ok "unrolled loops issue fewer warp instructions ($(sed -n 3p "$work/w1") < $(sed -n 3p "$work/w0"))"
else
    paste "$work/w1" "$work/w0" >"$work/diff"
    not_ok "unrolled loops do not issue fewer warp instructions" "$work/diff"
fi

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
