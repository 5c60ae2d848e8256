#!/bin/bash
# tests/gpu_truth.sh -- the expected output of K programs, from a real GPU.
#
#   usage: tests/gpu_truth.sh OUTDIR PROG.k...
#
# Not run by `make check`: it needs nvcc and an NVIDIA GPU (the device
# machine).  Each program is compiled as SPEC section 2 says a K program is a
# CUDA program, `nvcc -x cu -fmad=false -arch=sm_90 -include
# stdlib/simtvm_cuda.h`, with `-I` of the program's own folder, and run from
# that folder with argv[0] set to its .k name (what `simtvm run` passes).
# OUTDIR/NAME.out and NAME.rc get its stdout and exit status; NAME.nvcc the
# compiler's messages when it rejects the program.  NVCC_PRE (before the
# simtvm_cuda.h include) and NVCC_POST (after the source) add flags, e.g.
# NVCC_PRE="-include cooperative_groups.h" or NVCC_POST=-lcuda.  A program whose first
# line is `// args: A B` is run with those arguments, and one with a NAME.in
# next to it reads that on its standard input.
set -u
out=$1; shift
mkdir -p "$out"
root=$PWD
for prog in "$@"; do
    name=$(basename "${prog%.k}")
    dir=$(dirname "$prog")
    bin=$(mktemp -d)/"$name"
    # shellcheck disable=SC2086
    if ! nvcc -x cu -fmad=false -arch=sm_90 ${NVCC_PRE:-} -include "$root/stdlib/simtvm_cuda.h" \
            -I "$dir" -o "$bin" "$prog" ${NVCC_POST:-} > "$out/$name.nvcc" 2>&1; then
        echo "NVCC-FAIL $prog"
        continue
    fi
    args=$(sed -n '1s|^// args: ||p' "$prog")
    # shellcheck disable=SC2086
    input=/dev/null   # a program that reads stdin reads NAME.in (golden.sh)
    [ -f "${prog%.k}.in" ] && input=$(cd "$dir" && pwd)/$name.in
    (cd "$dir" && exec -a "$name.k" timeout 60 "$bin" $args) < "$input" > "$out/$name.out" 2> "$out/$name.err"
    echo $? > "$out/$name.rc"
    echo "RAN $prog (status $(cat "$out/$name.rc"))"
done
