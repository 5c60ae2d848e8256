#!/bin/bash
# tests/suggest.sh -- "did you mean": each near-miss spelling of a command,
# an option, an option's value, a device, a kernel, an intrinsic, a CUDA API
# function or a program's own name gets the right suggestion as a `help:`
# line (vm/suggest.c), and names too far from any get none.
. "$(dirname "$0")/lib.sh" suggest
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
    n=$((n + 1)); failed=$((failed + 1))
    echo "not ok $n - $1"
    sed -n '1,6s/^/#   /p' "$work/err"
}

cat > "$work/k.k" <<'K'
__global__ void saxpy(float *x, int n) { int i = threadIdx.x; if (i < n) x[i] *= 2.0f; }
__global__ void reduce_sum(int *x) { x[0] = 0; }
K

# cli WANT ARGS...: simtvm ARGS must exit 2 with `help: did you mean 'WANT'?`
cli() {
    local want=$1
    shift
    "$SIMTVM" "$@" > /dev/null 2> "$work/err"
    local st=$?
    if [ $st = 2 ] && grep -qxF "help: did you mean '$want'?" "$work/err"; then
        ok "simtvm $* -> $want"
    else
        not_ok "simtvm $* -> $want (status $st)"
    fi
}

# src WANT CALL: a kernel calling CALL must fail with `help: WANT`
src() {
    local want=$1 call=$2
    printf '__global__ void k(int *p, float *f) {\n    int v = p[0];\n    %s;\n    p[1] = v;\n}\nint main() { return 0; }\n' \
        "$call" > "$work/s.k"
    "$SIMTVM" run "$work/s.k" > /dev/null 2> "$work/err"
    local st=$?
    if [ $st = 1 ] && grep -qxF "help: $want" "$work/err"; then
        ok "$call -> $want"
    else
        not_ok "$call -> $want (status $st)"
    fi
}

# host WANT CALL: the same in main()
host() {
    local want=$1 call=$2
    printf 'int main() {\n    int *d = 0;\n    int count = 0;\n    %s;\n    return 0;\n}\n' \
        "$call" > "$work/s.k"
    "$SIMTVM" run "$work/s.k" > /dev/null 2> "$work/err"
    local st=$?
    if [ $st = 1 ] && grep -qxF "help: $want" "$work/err"; then
        ok "$call -> $want"
    else
        not_ok "$call -> $want (status $st)"
    fi
}

K="$work/k.k"
# commands
cli run rn
cli run rnu
cli build buidl
cli build biuld
cli disasm disasn
cli disasm dissasm
cli occupancy ocupancy
cli devices device
cli devices devcies
cli debug debgu
cli debug dbug
cli grade grdae
# options
cli --warp-size run "$K" --wrap-size 8
cli --sched run "$K" --schd=its
cli --check run "$K" --chek=race
cli --stats run "$K" --stat
cli --threads run "$K" --thread 2
cli --max-steps run "$K" --max-step 10
cli --kernel run "$K" --kernal saxpy
cli --quiet run "$K" --quite
cli --seed run "$K" --sed 1
cli --device run "$K" --devise h100
cli --color run "$K" --colour=never
cli --block occupancy --blok 128 --regs 32
# option values
cli race run "$K" --check=rase
cli memory run "$K" --check=memroy
cli sync run "$K" --check=race,snyc
cli init run "$K" --check=inti
cli lockstep run "$K" --sched=lockstpe
cli its run "$K" --sched=ist
cli random run "$K" --interleave=randon
cli converge run "$K" --interleave=converg
cli json run "$K" --stats=jsn
cli csv run "$K" --stats=cvs
cli explain run "$K" --stats=explian
cli random run "$K" --block-order=randmo
cli never run "$K" --color=nevr
cli always run "$K" --color=allways
cli json run "$K" --diagnostics-format=jsno
cli vendor occupancy --block 128 --regs 32 --granularity=vender
# devices
cli h100 run "$K" --device h10
cli a100 run "$K" --device a10
cli v100 run "$K" --device v10
# kernels in runner mode
cli saxpy run "$K" --kernel saxpi --grid 1 --block 32
cli saxpy run "$K" --kernel sxapy --grid 1 --block 32
cli reduce_sum run "$K" --kernel reduce_sun --grid 1 --block 32
# intrinsics and device functions
src "did you mean '__syncthreads'?" "__syncthread()"
src "did you mean '__syncthreads'?" "__synchthreads()"
src "did you mean '__syncwarp'?" "__syncwrap()"
src "did you mean 'atomicAdd'?" "atomicAd(p, 1)"
src "did you mean 'atomicCAS'?" "atomicCSA(p, 0, 1)"
src "did you mean 'atomicExch'?" "atomicExh(p, 1)"
src "did you mean '__shfl_xor_sync'?" "v = __shfl_xor_snyc(0xffffffff, v, 1)"
src "did you mean '__ballot_sync'?" "v = __balot_sync(0xffffffff, v)"
src "did you mean '__threadfence'?" "__threadfense()"
src "did you mean 'sqrtf'?" "f[0] = sqrft(f[0])"
src "did you mean '__float2int_rn'?" "v = __float2int_rm2(f[0])"
src "did you mean 'threadIdx'?" "v = threadIdxx.x"
src "did you mean 'blockDim'?" "v = blockDmi.x"
src "did you mean 'v'?" "p[2] = vv"
# removed warp functions: the _sync form, with the call's own arguments
src "use __shfl_down_sync(0xffffffff, v, 1)" "v = __shfl_down(v, 1)"
src "use __shfl_up_sync(0xffffffff, v, 2)" "v = __shfl_up(v, 2)"
src "use __shfl_xor_sync(0xffffffff, v, 16)" "v = __shfl_xor(v, 16)"
src "use __shfl_sync(0xffffffff, v, 0)" "v = __shfl(v, 0)"
src "use __ballot_sync(0xffffffff, v)" "v = __ballot(v)"
src "use __any_sync(0xffffffff, v)" "v = __any(v)"
# the CUDA runtime on the host
host "did you mean 'cudaMalloc'?" "cudaMaloc(&d, 4)"
host "did you mean 'cudaFree'?" "cudaFre(d)"
host "did you mean 'cudaMemcpy'?" "cudaMemcyp(d, d, 4, cudaMemcpyDeviceToDevice)"
host "did you mean 'cudaMemset'?" "cudaMemst(d, 0, 4)"
host "did you mean 'cudaDeviceSynchronize'?" "cudaDeviceSyncronize()"
host "did you mean 'cudaGetDeviceCount'?" "cudaGetDeviceCont(&count)"
host "did you mean 'cudaGetLastError'?" "cudaGetLastErorr()"
host "did you mean 'printf'?" "pritnf(\"x\")"
host "did you mean 'count'?" "cuont = 1"

# names far from every candidate get no suggestion
"$SIMTVM" zzzzzz > /dev/null 2> "$work/err"
if grep -q "did you mean" "$work/err"; then not_ok "no suggestion for zzzzzz"; else ok "no suggestion for zzzzzz"; fi
src_none() {
    printf '__global__ void k(int *p) { %s; }\nint main() { return 0; }\n' "$1" > "$work/s.k"
    "$SIMTVM" run "$work/s.k" > /dev/null 2> "$work/err"
    if grep -q "did you mean" "$work/err"; then not_ok "no suggestion for $1"; else ok "no suggestion for $1"; fi
}
src_none "completely_unrelated_name()"
src_none "p[0] = qqq"

echo "1..$n"
[ $failed = 0 ]
