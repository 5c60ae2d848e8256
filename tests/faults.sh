#!/usr/bin/env bash
# tests/faults.sh -- each kind of kernel fault leaves CUDA's error code
# (SPEC 4): cudaDeviceSynchronize after the launch returns it, and so does
# cudaGetLastError after that (right after the launch it still returns
# cudaSuccess: a launch is asynchronous), and simtvm exits with status 1 --
# except after a failed assert, where the program goes on and its own status
# stands, as on a GPU (TAP).
set -u

. "$(dirname "$0")/lib.sh" faults

n=0
# fault NAME WANT KERNEL-BODY [OPTIONS...]: a kernel k(int *p, char *c) with
# that body, launched <<<1, 32>>>; stdout must be "cudaSuccess WANT WANT".
fault() {
    local name=$1 want=$2 body=$3
    shift 3
    n=$((n + 1))
    cat >"$work/$name.k" <<K
#include <stdio.h>
__global__ void k(int *p, char *c) { $body }
int main() {
    int *p; char *c;
    cudaMalloc(&p, 256); cudaMalloc(&c, 256); cudaMemset(p, 0, 256);
    k<<<1, 32>>>(p, c);
    cudaError_t a = cudaGetLastError();
    cudaError_t b = cudaDeviceSynchronize();
    cudaError_t l = cudaGetLastError();
    printf("%s %s %s\n", cudaGetErrorName(a), cudaGetErrorName(b), cudaGetErrorName(l));
    return 0;
}
K
    local out status expect=1
    [ "$want" = cudaErrorAssert ] && expect=0
    out=$("$SIMTVM" run "$@" "$work/$name.k" 2>"$work/err")
    status=$?
    if [ "$status" -ne "$expect" ] || [ "$out" != "cudaSuccess $want $want" ]; then
        echo "not ok $n - $name: status $status, printed '$out', expected 'cudaSuccess $want $want'"
        sed -n '1,5s/^/#   /p' "$work/err"
    else
        echo "ok $n - $name"
    fi
}

fault out_of_bounds cudaErrorIllegalAddress 'p[100000] = 1;'
fault misaligned cudaErrorMisalignedAddress 'int *q = (int *)(c + 2); *q = 1;'
fault assert cudaErrorAssert 'assert(p[0] == 1);'
fault trap cudaErrorLaunchFailure '__trap();'
fault step_limit cudaErrorLaunchTimeout 'while (p[0] == 0) { }' --max-steps 100000
fault shfl_deadlock cudaErrorLaunchTimeout \
    'int v = threadIdx.x; if (threadIdx.x < 16) v = __shfl_down_sync(0xffffffff, v, 1); p[threadIdx.x] = v;'
fault lockstep_livelock cudaErrorLaunchTimeout \
    'if (threadIdx.x == 0) { while (atomicCAS(p, 0, 1) != 0) { } p[1] = 1; atomicExch(p, 0); } else { while (atomicCAS(p, 0, 1) != 0) { } atomicExch(p, 0); }' \
    --sched=lockstep

# A cuda::barrier that can never complete is the same named deadlock under
# the observers that follow one block at a time (--stats, a trace) and
# under the checkers as in the default run, where co-resident blocks
# interleave.
for opts in "" --check=all --stats "--trace=$work/t.json"; do
    n=$((n + 1))
    # shellcheck disable=SC2086 # the options are words
    "$SIMTVM" run $opts tests/bad/libcu_barrier_deadlock.k >/dev/null 2>"$work/err"
    if grep -q "deadlock: 64 thread(s) of block (0,0,0) wait at a cuda::barrier" "$work/err"; then
        echo "ok $n - libcu_barrier_deadlock.k ${opts:-(default)}: named deadlock"
    else
        echo "not ok $n - libcu_barrier_deadlock.k ${opts:-(default)}: no named deadlock"
        sed -n '1,5s/^/#   /p' "$work/err"
    fi
done

# Blocks that wait for each other -- a cuda::barrier in global memory that
# two blocks meet at, a flag, this_grid().sync() -- finish when resident
# blocks interleave: in the default run, under the checkers and the model
# (which follow interleaved blocks, waits and grid barriers alike), and
# under --trace, which follows one block at a time and is set aside from
# the first wait.  The model times every launch whole.
for prog in libcu_global_barrier blocks_flag_wait cg_grid_sync; do
    for opts in --check=all "--stats=json --stats-file $work/s.json" "--trace=$work/t.json"; do
        n=$((n + 1))
        rm -f "$work/s.json"
        # shellcheck disable=SC2086 # the options are words
        if "$SIMTVM" run $opts tests/programs/$prog.k >"$work/out" 2>"$work/err" &&
            cmp -s "$work/out" tests/programs/$prog.out &&
            { [ ! -e "$work/s.json" ] || grep -q '"sm__cycles_elapsed.max":[1-9]' "$work/s.json"; }; then
            echo "ok $n - $prog.k ${opts%% *}: the blocks interleave and finish"
        else
            echo "not ok $n - $prog.k ${opts%% *}: did not finish as the default run"
            sed -n '1,5s/^/#   /p' "$work/err"
        fi
    done
done
echo "1..$n"
exit 0
