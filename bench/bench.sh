#!/usr/bin/env bash
# bench/bench.sh -- simtvm against its peers on the five kernels of issue 5
# (saxpy, block reduction, block scan, a divergent Collatz loop, 16x16-tiled
# matmul) and issue 30's Collatz written with if/else on 32-bit values: the same algorithms in K (bench/k), native C at -O2 and at
# -O3 -march=native (bench/c), OpenCL C on Oclgrind and on PoCL with one
# compute unit (bench/opencl) and the Numba CUDA simulator (bench/numba).
# `make bench` runs it; make check never does (timings are not tests).
#
# Usage: bench/bench.sh [SIMTVM]          (default ./simtvm)
# Environment:
#   BENCH_RUNS=9        runs per measurement (the median is reported)
#   BENCH_BUDGET=30     seconds: stop repeating a measurement once its runs
#                       took this long (at least one run; Oclgrind needs it)
#   BENCH_TIMEOUT=600   seconds before one run is killed and reported
#   BENCH_N_<kernel>    size for simtvm, C and OpenCL (e.g. BENCH_N_matmul=1024)
#   BENCH_NUMBA_N_<kernel>  size for the Numba simulator
#   BENCH_THREADS_N_matmul=1024  matmul size of the 1-vs-2-thread target
#   CC, BENCH_BUILD     compiler, and a folder for the programs it builds
#
# Every program prints one line `KERNEL n=N lane_ops=L checksum=C time_s=T ok`:
# T is the time of the kernel launches alone, measured inside the program
# (inputs, compilation and checks are not timed); each checksum must equal
# the one of C -O2 at the same size.  Lane-operations are counted
# analytically, the same for every implementation (bench/README.md).
# A peer that is not installed, or a run that fails, is reported as such and
# the benchmark goes on.
set -u -o pipefail

simtvm=${1:-./simtvm}
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${BENCH_RUNS:-9}
budget=${BENCH_BUDGET:-30}
timeout_s=${BENCH_TIMEOUT:-600}
cc=${CC:-cc}
kernels=(saxpy reduce scan collatz collatzif matmul)
declare -A size=([saxpy]=16777216 [reduce]=4194304 [scan]=1048576 [collatz]=262144
                 [collatzif]=262144 [matmul]=256)
declare -A numba_size=([saxpy]=8192 [reduce]=4096 [scan]=2048 [collatz]=8192 [collatzif]=8192
                       [matmul]=32)
for k in "${kernels[@]}"; do
    v=BENCH_N_$k; size[$k]=${!v:-${size[$k]}}
    v=BENCH_NUMBA_N_$k; numba_size[$k]=${!v:-${numba_size[$k]}}
done

build=${BENCH_BUILD:-}
if [ -z "$build" ]; then
    build=$(mktemp -d "${TMPDIR:-/tmp}/simtvm-bench.XXXXXX") || exit 1
    trap 'rm -rf "$build"' EXIT
fi
mkdir -p "$build" || exit 1

# Results, keyed "kernel,impl": median seconds, lane-operations,
# number of runs, and a status ("ok" or why there is no figure).
declare -A T OPS NRUNS STATUS TIMES SPENT
declare -A LABEL have
impls=(simtvm nosimd threads2 c_o2 c_o3 oclgrind pocl numba)
LABEL=([simtvm]="simtvm" [nosimd]="simtvm --no-simd" [threads2]="simtvm --threads 2"
       [c_o2]="C -O2" [c_o3]="C -O3 -march=native" [oclgrind]="Oclgrind"
       [pocl]="PoCL, 1 compute unit" [numba]="Numba CUDA simulator")

# ---- running one program ----

# run_once CMD...: runs it under the timeout; sets r_time, r_ops, r_sum and
# r_status ("ok" or what went wrong), r_wall (seconds the process took).
run_once() {
    local out=$build/out.txt err=$build/err.txt s e rc line
    s=$(date +%s.%N)
    timeout "$timeout_s" "$@" >"$out" 2>"$err" </dev/null
    rc=$?
    e=$(date +%s.%N)
    r_wall=$(awk -v a="$s" -v b="$e" 'BEGIN { print b - a }')
    line=$(grep -E '^[a-z]+ n=[0-9]+ lane_ops=[0-9]+ checksum=-?[0-9]+ time_s=' "$out" | tail -1)
    r_time=$(sed -n 's/.* time_s=\([0-9.e+-]*\).*/\1/p' <<<"$line")
    r_ops=$(sed -n 's/.* lane_ops=\([0-9]*\).*/\1/p' <<<"$line")
    r_sum=$(sed -n 's/.* checksum=\(-\{0,1\}[0-9]*\).*/\1/p' <<<"$line")
    if [ "$rc" -eq 124 ]; then
        r_status="timed out after ${timeout_s}s"
    elif [ -z "$line" ] || [ "$rc" -ne 0 ] || ! grep -q ' ok$' <<<"$line"; then
        local why
        why=$(grep -v '^opencl: platform' "$err" | tail -1 | cut -c1-60)
        [ -z "$why" ] && why=$(tail -1 "$out" | cut -c1-60)
        [ -n "$line" ] && grep -q 'FAILED$' <<<"$line" && why="result check FAILED"
        r_status="failed (exit $rc${why:+: $why})"
    else
        r_status=ok
    fi
}

# Measurements are interleaved: round r runs every implementation of a
# kernel once before round r + 1 runs any of them again, so that a slow
# spell of a shared host (this project's machine is one) falls on all of
# them rather than on whichever ran during it, and the ratios between them,
# which are what the targets are about, stay fair.

# measure_run KEY IMPL REFSUM CMD...: one run towards the median of KEY,IMPL
# (STATUS running); a failure, a wrong checksum or the time budget spent
# ends the measurement.
measure_run() {
    local k=$1 impl=$2 ref=$3
    shift 3
    run_once "$@"
    if [ "$r_status" != ok ]; then
        STATUS[$k,$impl]=$r_status
        return
    fi
    if [ -n "$ref" ] && [ "$r_sum" != "$ref" ]; then
        STATUS[$k,$impl]="wrong checksum $r_sum (C -O2: $ref)"
        return
    fi
    TIMES[$k,$impl]="${TIMES[$k,$impl]:-} $r_time"
    OPS[$k,$impl]=$r_ops
    NRUNS[$k,$impl]=$(( ${NRUNS[$k,$impl]:-0} + 1 ))
    SPENT[$k,$impl]=$(awk -v a="${SPENT[$k,$impl]:-0}" -v b="$r_wall" 'BEGIN { print a + b }')
    awk -v a="${SPENT[$k,$impl]}" -v b="$budget" 'BEGIN { exit !(a > b) }' &&
        STATUS[$k,$impl]=done
}

# c_checksum KERNEL N: C -O2's checksum at size N (the reference every
# implementation must print), or nothing when it is not built or fails.
c_checksum() {
    [ -n "${have[c_o2]:-}" ] || return 0
    run_once "$build/${1}_O2" "$2"
    [ "$r_status" = ok ] && echo "$r_sum"
    return 0
}

# median: the median of the numbers on stdin, one a line (nothing for none).
median() {
    sort -g | awk '{ v[NR] = $1 }
        END { if (NR) print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# measure_all KEY N IMPL...: up to $runs interleaved runs of each
# implementation (fewer once its runs took $budget seconds) at size N (the
# Numba simulator at its own size), each checksum against C -O2's at that
# size; records the median kernel time under KEY,IMPL.  KEY is the kernel
# name, or matmul_threads for matmul at the thread-scaling size.
measure_all() {
    local key=$1 n=$2 k=${1%_threads} impl round cmd=()
    shift 2
    declare -A want size_of
    local ref
    ref=$(c_checksum "$k" "$n")
    for impl in "$@"; do
        if [ -z "${have[$impl]:-}" ]; then
            STATUS[$key,$impl]=$(why_missing "$impl")
            continue
        fi
        STATUS[$key,$impl]=running
        size_of[$impl]=$n
        want[$impl]=$ref
        if [ "$impl" = numba ]; then
            size_of[$impl]=${numba_size[$k]}
            want[$impl]=$(c_checksum "$k" "${size_of[$impl]}")
        fi
    done
    for ((round = 0; round < runs; round++)); do
        for impl in "$@"; do
            [ "${STATUS[$key,$impl]}" = running ] || continue
            command_for "$k" "$impl" "${size_of[$impl]}"
            measure_run "$key" "$impl" "${want[$impl]}" "${cmd[@]}"
        done
    done
    for impl in "$@"; do
        case ${STATUS[$key,$impl]} in running | done) ;; *) continue ;; esac
        T[$key,$impl]=$(printf '%s\n' ${TIMES[$key,$impl]} | median)
        STATUS[$key,$impl]=ok
    done
}

# ---- what is installed ----

# simtvm_accepts OPTION...: whether simtvm runs a small saxpy with the options.
simtvm_accepts() {
    "$simtvm" run "$@" "$top/bench/k/saxpy.k" -- 1024 >/dev/null 2>&1
}

detect() {
    if [ -x "$simtvm" ] && simtvm_accepts; then
        have[simtvm]=yes
        simtvm_accepts --no-simd && have[nosimd]=yes
        simtvm_accepts --threads 2 && have[threads2]=yes
    fi
    local k ok=yes
    for k in "${kernels[@]}"; do
        "$cc" -std=c11 -O2 -o "$build/${k}_O2" "$top/bench/c/$k.c" 2>>"$build/cc.log" || ok=
        "$cc" -std=c11 -O3 -march=native -o "$build/${k}_O3" "$top/bench/c/$k.c" \
            2>>"$build/cc.log" || ok=
    done
    [ -n "$ok" ] && have[c_o2]=yes && have[c_o3]=yes
    if "$cc" -std=c11 -O2 -o "$build/clhost" "$top/bench/opencl/host.c" -lOpenCL \
        2>>"$build/cc.log"; then
        have[clhost]=yes
        command -v oclgrind >/dev/null && have[oclgrind]=yes
        pocl_icd=$(grep -l -i pocl /etc/OpenCL/vendors/*.icd 2>/dev/null | head -1)
        [ -n "$pocl_icd" ] && have[pocl]=yes
    fi
    NUMBA_ENABLE_CUDASIM=1 /usr/bin/python3 -c 'import numba.cuda' >/dev/null 2>&1 &&
        have[numba]=yes
}

# why_missing IMPL: the status of an implementation that cannot run here.
why_missing() {
    case $1 in
    simtvm) echo "not runnable: $simtvm" ;;
    nosimd | threads2)
        if [ -n "${have[simtvm]:-}" ]; then echo "not accepted by this simtvm"
        else echo "not runnable: $simtvm"; fi ;;
    c_o2 | c_o3) echo "does not compile with $cc (see the C sources)" ;;
    oclgrind | pocl)
        if [ -z "${have[clhost]:-}" ]; then
            echo "no OpenCL host: bench/opencl/host.c does not build with $cc -lOpenCL" \
                "(apt-get install ocl-icd-opencl-dev opencl-headers)"
        elif [ "$1" = oclgrind ]; then echo "not installed (apt-get install oclgrind)"
        else echo "not installed (apt-get install pocl-opencl-icd)"; fi ;;
    numba) echo "not installed (apt-get install python3-numba)" ;;
    esac
}

# command_for KERNEL IMPL N: sets cmd to the command that runs KERNEL on IMPL.
command_for() {
    local k=$1 n=$3 cl=$top/bench/opencl/kernels.cl
    case $2 in
    simtvm) cmd=("$simtvm" run --wall-clock "$top/bench/k/$k.k" -- "$n") ;;
    nosimd) cmd=("$simtvm" run --wall-clock --no-simd "$top/bench/k/$k.k" -- "$n") ;;
    threads2) cmd=("$simtvm" run --wall-clock --threads 2 "$top/bench/k/$k.k" -- "$n") ;;
    c_o2) cmd=("$build/${k}_O2" "$n") ;;
    c_o3) cmd=("$build/${k}_O3" "$n") ;;
    oclgrind) cmd=(env OCLGRIND_NUM_THREADS=1 oclgrind "$build/clhost" "$cl" "$k" "$n" 0) ;;
    pocl) cmd=(env OCL_ICD_VENDORS="$pocl_icd" POCL_DEVICES=pthread POCL_MAX_PTHREAD_COUNT=1
               "$build/clhost" "$cl" "$k" "$n" 1) ;;
    numba) cmd=(env NUMBA_ENABLE_CUDASIM=1 /usr/bin/python3 "$top/bench/numba/$k.py" "$n") ;;
    esac
}

# ---- measuring ----

measure_kernel() {
    measure_all "$1" "${size[$1]}" "${impls[@]}"
}

# ---- reporting ----

rate() {   # KERNEL IMPL: lane-operations per second, or empty
    [ "${STATUS[$1,$2]:-}" = ok ] &&
        awk -v o="${OPS[$1,$2]}" -v t="${T[$1,$2]}" 'BEGIN { if (t > 0) printf "%.4g", o / t }'
}

ratio() {   # KERNEL IMPL: simtvm's lane-operation rate over IMPL's, or empty
    local a b
    a=$(rate "$1" simtvm)
    b=$(rate "$1" "$2")
    [ -n "$a" ] && [ -n "$b" ] && awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4g", a / b }'
}

geomean() {   # values...: their geometric mean, or "-"
    printf '%s\n' "$@" | awk 'NF && $1 > 0 { s += log($1); n++ }
        END { if (n) printf "%.4g", exp(s / n); else printf "-" }'
}

print_kernel() {
    local k=$1 impl n
    printf '\n%s (n = %s; Numba: n = %s)\n' "$k" "${size[$k]}" "${numba_size[$k]}"
    printf '  %-24s %4s %11s %13s %11s\n' implementation runs "median s" "lane-ops/s" "simtvm x"
    for impl in "${impls[@]}"; do
        if [ "${STATUS[$k,$impl]}" != ok ]; then
            printf '  %-24s %s\n' "${LABEL[$impl]}" "${STATUS[$k,$impl]}"
            continue
        fi
        local r
        r=$(ratio "$k" "$impl")
        printf '  %-24s %4s %11.6f %13s %11s\n' "${LABEL[$impl]}" "${NRUNS[$k,$impl]}" \
            "${T[$k,$impl]}" "$(rate "$k" "$impl")" "${r:--}"
    done
}

print_summary() {
    local impl k r vals
    printf '\nsimtvm (no options) speed over each peer: lane-ops/s ratio, > 1 = simtvm faster\n'
    printf '  %-24s' peer
    printf ' %9s' "${kernels[@]}" geomean
    printf '\n'
    for impl in "${impls[@]}"; do
        case $impl in simtvm | nosimd | threads2) continue ;; esac
        vals=()
        printf '  %-24s' "${LABEL[$impl]}"
        for k in "${kernels[@]}"; do
            r=$(ratio "$k" "$impl")
            vals+=("$r")
            printf ' %9s' "${r:--}"
        done
        printf ' %9s\n' "$(geomean "${vals[@]}")"
    done
}

# speedup KERNEL SLOW FAST: how much faster FAST runs than SLOW, or "-": the
# median over the rounds of time(SLOW) / time(FAST) in the same round.  Two
# simtvm variants run one after the other in a round, seconds apart, so each
# round's ratio sees one state of the host; a ratio of the two medians can
# pair a quiet spell's run with a busy one's (bench/README.md).
speedup() {
    if [ "${STATUS[$1,$2]:-}" = ok ] && [ "${STATUS[$1,$3]:-}" = ok ]; then
        local m
        m=$(paste -d ' ' <(printf '%s\n' ${TIMES[$1,$2]}) <(printf '%s\n' ${TIMES[$1,$3]}) |
            awk 'NF == 2 && $2 > 0 { print $1 / $2 }' | median)
        if [ -n "$m" ]; then awk -v m="$m" 'BEGIN { printf "%.3g", m }'; else printf -- -; fi
    else
        printf -- -
    fi
}

print_simtvm_paths() {
    local k
    printf '\nsimtvm lane paths and host threads (median of each round'"'"'s time ratio,\n'
    printf '> 1 = the second is faster)\n'
    printf '  %-10s %22s %24s\n' kernel "--no-simd / default" "default / --threads 2"
    for k in "${kernels[@]}"; do
        printf '  %-10s %22s %24s\n' "$k" "$(speedup "$k" nosimd simtvm)" \
            "$(speedup "$k" simtvm threads2)"
    done
}

# check LABEL VALUE OP LIMIT: one line of the issue's targets.
check() {
    local verdict=-
    [ -n "$2" ] && [ "$2" != - ] &&
        verdict=$(awk -v v="$2" -v op="$3" -v l="$4" 'BEGIN {
            ok = op == ">=" ? v >= l : v <= l; print ok ? "met" : "NOT met" }')
    printf '  %-52s %9s  %s\n' "$1 $3 $4" "${2:--}" "$verdict"
}

print_targets() {
    local k
    printf '\nissue 5 targets (figures of this run)\n'
    for k in "${kernels[@]}"; do
        check "simtvm / Oclgrind, $k" "$(ratio "$k" oclgrind)" ">=" 100
    done
    for k in "${kernels[@]}"; do
        check "simtvm / Numba simulator, $k" "$(ratio "$k" numba)" ">=" 1000
    done
    for k in "${kernels[@]}"; do
        local lim=10
        case $k in saxpy | matmul) lim=5 ;; esac
        local r
        r=$(ratio "$k" pocl)
        [ -n "$r" ] && r=$(awk -v r="$r" 'BEGIN { printf "%.4g", 1 / r }')
        check "PoCL / simtvm (slowdown), $k" "$r" "<=" "$lim"
    done
    for k in saxpy matmul scan; do
        check "AVX2 speedup over --no-simd, $k" "$(speedup "$k" nosimd simtvm)" ">=" 2.5
    done
    # issue 30: the natural if/else form within 2x of PoCL
    local r30
    r30=$(ratio collatzif pocl)
    [ -n "$r30" ] && r30=$(awk -v r="$r30" 'BEGIN { printf "%.4g", 1 / r }')
    check "PoCL / simtvm (slowdown), collatzif (issue 30)" "$r30" "<=" 2
    check "--threads 2 speedup, saxpy (n = ${size[saxpy]})" "$(speedup saxpy simtvm threads2)" \
        ">=" 1.8
    if [ "$threads_n" != "${size[matmul]}" ]; then
        check "--threads 2 speedup, matmul (n = $threads_n)" \
            "$(speedup matmul_threads simtvm threads2)" ">=" 1.8
    else
        check "--threads 2 speedup, matmul (n = ${size[matmul]})" \
            "$(speedup matmul simtvm threads2)" ">=" 1.8
    fi
}

# The issue's second thread-scaling case, matmul at n = 1024
# (BENCH_THREADS_N_matmul), when the kernel table ran another size:
# simtvm on one and on two host threads only.
threads_n=${BENCH_THREADS_N_matmul:-1024}
measure_threads() {
    [ "$threads_n" = "${size[matmul]}" ] && return
    local impl
    measure_all matmul_threads "$threads_n" simtvm threads2
    printf '\nmatmul (n = %s), simtvm on one and two host threads\n' "$threads_n"
    for impl in simtvm threads2; do
        if [ "${STATUS[matmul_threads,$impl]}" = ok ]; then
            printf '  %-24s %4s %11.6f\n' "${LABEL[$impl]}" "${NRUNS[matmul_threads,$impl]}" \
                "${T[matmul_threads,$impl]}"
        else
            printf '  %-24s %s\n' "${LABEL[$impl]}" "${STATUS[matmul_threads,$impl]}"
        fi
    done
}

# Peak RSS of simtvm on saxpy at 2^24 floats against what it allocates:
# x and y (2 * 4 * n bytes) plus the 12 bytes of the check's counters.
print_memory() {
    local n=16777216 rss alloc limit
    printf '\npeak memory, simtvm on saxpy with n = 2^24 floats\n'
    if [ -z "${have[simtvm]:-}" ] || [ ! -x /usr/bin/time ]; then
        printf '  not measured (needs simtvm and GNU time: apt-get install time)\n'
        return
    fi
    /usr/bin/time -v -o "$build/time.txt" "$simtvm" run "$top/bench/k/saxpy.k" -- "$n" \
        >/dev/null 2>&1 || { printf '  the run failed\n'; return; }
    rss=$(awk -F': ' '/Maximum resident set size/ { print $2 * 1024 }' "$build/time.txt")
    alloc=$((2 * 4 * n + 12))
    limit=$(awk -v a="$alloc" 'BEGIN { print 1.5 * a + 64 * 1048576 }')
    awk -v r="$rss" -v a="$alloc" -v l="$limit" 'BEGIN {
        printf "  peak RSS %.1f MB; the program allocates %.1f MB (ratio %.2f)\n",
            r / 1048576, a / 1048576, r / a
        printf "  target: under 1.5 x allocated + 64 MB = %.1f MB: %s\n", l / 1048576,
            r < l ? "met" : "NOT met" }'
}

# ---- main ----

printf 'simtvm benchmark (bench/bench.sh), %s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
printf 'machine: %s cores, %s\n' "$(nproc 2>/dev/null || echo '?')" \
    "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1)"
printf 'simtvm: %s (%s)\n' "$simtvm" "$("$simtvm" --version 2>/dev/null | head -1)"
printf 'medians of up to %s runs (fewer once a measurement took %s s), the runs of a\n' \
    "$runs" "$budget"
printf 'kernel interleaved across implementations; times are of the\n'
printf 'kernel launches only; lane-ops/s = lane-operations / median time\n'
detect
for k in "${kernels[@]}"; do
    measure_kernel "$k"
    print_kernel "$k"
done
measure_threads
print_summary
print_simtvm_paths
print_targets
print_memory
exit 0
