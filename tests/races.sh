#!/bin/sh
# tests/races.sh -- the race lesson of examples/races/ (TAP): the default schedule
# matches the .out files, random interleavings break the racy programs and never
# the fixed ones, and the race checker names the racy lines (exit 3).
top=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
simtvm=${SIMTVM:-./simtvm}
dir=$top/examples/races
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; }
check() { if eval "$2"; then ok "$1"; else notok "$1"; fi; }

for f in racy_reduce racy_scan fixed_syncwarp fixed_shuffle; do
    check "$f: default output" "$simtvm run $dir/$f.k 2>/dev/null | cmp -s - $dir/$f.out"
done
for f in racy_reduce racy_scan; do
    check "$f: some seed is WRONG" \
        "$simtvm run $dir/$f.k --interleave=random --seeds 1..10 2>/dev/null | grep -q WRONG"
    out=$($simtvm run $dir/$f.k --check=race 2>&1 >/dev/null); st=$?
    check "$f: --check=race exits 3" "[ $st -eq 3 ]"
done
check "racy_reduce: both lines named" \
    "$simtvm run $dir/racy_reduce.k --check=race 2>&1 | grep -q 'racy_reduce.k:13:.*racy_reduce.k:14:'"
for f in fixed_syncwarp fixed_shuffle; do
    check "$f: one output for every seed" \
        "$simtvm run $dir/$f.k --interleave=random --seeds 1..10 | grep -q '^--seeds 1..10: 1 distinct output'"
    check "$f: no race" "$simtvm run $dir/$f.k --check=race >/dev/null 2>&1"
done
check "racy_reduce: lockstep hides it" "$simtvm run $dir/racy_reduce.k --sched=lockstep | grep -q ': ok'"
echo "1..$n"
