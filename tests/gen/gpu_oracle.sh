#!/usr/bin/env bash
# tests/gen/gpu_oracle.sh -- generated programs on a real GPU against simtvm.
#
# Here (no GPU needed), from the source tree with a built ./simtvm:
#     tests/gen/gpu_oracle.sh prepare DIR N [START]
#   generates seeds START..START+N-1 (default START 200000) into DIR/seedS.k with
#   simtvm's output DIR/seedS.out; only programs on which every simtvm mode agreed
#   are kept (tests/gen/diff.py --save).  DIR must lie inside the work tree and
#   not be ignored by git, so that it travels to the GPU machine (gpu-batch/ is
#   fine: nothing ignores it).
#
# On the GPU machine (needs only nvcc, bash and the .k/.out files):
#     tests/gen/gpu_oracle.sh run DIR
#   builds every DIR/*.k with
#     nvcc -x cu -fmad=false -arch=sm_90 -include stdlib/simtvm_cuda.h
#   (in parallel, one job a core), runs it, compares its stdout with DIR/NAME.out,
#   prints a summary, and packs ONE file, $OUT/gpu_oracle.tar.gz (or ./ without
#   $OUT): summary.txt, and for each program that differs or did not build, its
#   GPU output and nvcc messages.
#
# Back here:
#     tests/gen/gpu_oracle.sh report FILE.tar.gz DIR
#   prints the summary and, for each difference, the diff against DIR/NAME.out.
set -u
cd "$(dirname "$0")/../.." || exit 2
mode=${1:-}

prepare() {
    local dir=$1 n=$2 start=${3:-200000}
    mkdir -p "$dir"
    nice -n 19 python3 tests/gen/diff.py --quiet --no-reduce --save "$dir" \
        "$start..$((start + n - 1))"
    echo "$(ls "$dir"/*.k | wc -l) programs with simtvm's output in $dir"
}

# one NAME.k: build, run, compare; writes $work/NAME.verdict (and logs).
one() {
    local k=$1 work=$2 name
    name=$(basename "$k" .k)
    if ! nvcc -x cu -fmad=false -arch=sm_90 -include stdlib/simtvm_cuda.h -o "$work/$name" "$k" \
            >"$work/$name.nvcc" 2>&1; then
        echo "$name nvcc-failed" >"$work/$name.verdict"
        return
    fi
    timeout 120 "$work/$name" >"$work/$name.gpu" 2>"$work/$name.gpuerr"
    local rc=$?
    if cmp -s "$work/$name.gpu" "${k%.k}.out"; then
        echo "$name same" >"$work/$name.verdict"
        rm -f "$work/$name" "$work/$name.gpu" "$work/$name.gpuerr" "$work/$name.nvcc"
    else
        echo "$name differs (exit $rc)" >"$work/$name.verdict"
        rm -f "$work/$name"
    fi
}
export -f one

run() {
    local dir=$1 out=${OUT:-.} work
    command -v nvcc >/dev/null || { echo "gpu_oracle.sh: nvcc not found" >&2; exit 2; }
    nvidia-smi -L 2>/dev/null | head -1
    nvcc --version | tail -1
    work=$(mktemp -d) || exit 2
    ls "$dir"/*.k | xargs -P "$(nproc)" -I{} bash -c 'one "$1" "$2"' _ {} "$work"
    cat "$work"/*.verdict | sort -V >"$work/summary.txt"
    {
        echo "$(wc -l <"$work/summary.txt") programs:" \
             "$(grep -c ' same$' "$work/summary.txt") same," \
             "$(grep -c ' differs' "$work/summary.txt") differ," \
             "$(grep -c ' nvcc-failed$' "$work/summary.txt") did not build"
    } | tee "$work/head.txt"
    cat "$work/head.txt" "$work/summary.txt" >"$work/summary.all"
    mv "$work/summary.all" "$work/summary.txt"
    rm -f "$work"/*.verdict "$work/head.txt"
    mkdir -p "$out"
    tar czf "$out/gpu_oracle.tar.gz" -C "$work" .
    tail -n +2 "$work/summary.txt" | grep -v ' same$' | head -40
    rm -rf "$work"
}

report() {
    local tarball=$1 dir=$2 t name
    t=$(mktemp -d) || exit 2
    tar xzf "$tarball" -C "$t"
    head -1 "$t/summary.txt"
    grep -v ' same$' "$t/summary.txt" | tail -n +2 | while read -r name what; do
        echo "=== $name: $what"
        if [ -f "$t/$name.gpu" ]; then
            diff "$dir/$name.out" "$t/$name.gpu" | head -20
            head -5 "$t/$name.gpuerr" 2>/dev/null
        else
            head -20 "$t/$name.nvcc"
        fi
    done
    rm -rf "$t"
}

case $mode in
prepare) [ $# -ge 3 ] || { echo "usage: $0 prepare DIR N [START]" >&2; exit 2; }; prepare "$2" "$3" "${4:-200000}" ;;
run) [ $# -ge 2 ] || { echo "usage: $0 run DIR" >&2; exit 2; }; run "$2" ;;
report) [ $# -ge 3 ] || { echo "usage: $0 report FILE.tar.gz DIR" >&2; exit 2; }; report "$2" "$3" ;;
*) sed -n '2,25s/^# \{0,1\}//p' "$0"; exit 2 ;;
esac
