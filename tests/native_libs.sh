#!/usr/bin/env bash
# tests/native_libs.sh -- `--native-lib` given several times: every library
# is searched, in command-line order (the first that defines a function
# wins), and a library that cannot be loaded is named in the error (TAP).
# Builds two small shared libraries with $CC.
set -u

SIMTVM=${SIMTVM:-$PWD/simtvm}
CC=${CC:-cc}
work=$(mktemp -d "${TMPDIR:-/tmp}/simtvm-natives.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

# Both define scale_by (differently); only b defines offset_by.
cat > a.c <<'C'
float scale_by(float x, int k) { return x * (float)k; }
C
cat > b.c <<'C'
float scale_by(float x, int k) { return x * (float)k + 1000.0f; }
float offset_by(float x, float d) { return x + d; }
C
cat > two.k <<'K'
extern __device__ float scale_by(float x, int k);
extern __device__ float offset_by(float x, float d);
__global__ void k(float *p) { p[threadIdx.x] = offset_by(scale_by((float)threadIdx.x, 3), 0.5f); }
int main() {
    float *p = (float *)malloc(32 * sizeof(float));
    k<<<1, 32>>>(p);
    cudaDeviceSynchronize();
    printf("%g %g\n", p[1], p[31]);
    return 0;
}
K
# Every narrow integer type through libffi both ways (each argument and
# result converted as C converts it), and pointers into shared and local
# memory (translated to the host addresses of those spaces).
cat > c.c <<'C'
#include <stdbool.h>
signed char neg8(signed char x) { return (signed char)-x; }
unsigned char inc8(unsigned char x) { return (unsigned char)(x + 1); }
short neg16(short x) { return (short)-x; }
unsigned short inc16(unsigned short x) { return (unsigned short)(x + 1); }
unsigned int inc32(unsigned int x) { return x + 1; }
long long twice64(long long x) { return 2 * x; }
bool is_odd(bool b, int x) { return b && (x & 1); }
int sum_ints(const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
C
cat > types.k <<'K'
extern __device__ signed char neg8(signed char x);
extern __device__ unsigned char inc8(unsigned char x);
extern __device__ short neg16(short x);
extern __device__ unsigned short inc16(unsigned short x);
extern __device__ unsigned int inc32(unsigned int x);
extern __device__ long long twice64(long long x);
extern __device__ bool is_odd(bool b, int x);
extern __device__ int sum_ints(const int *p, int n);
__global__ void k(long long *out)
{
    __shared__ int tile[4];
    int mine[3] = { 1, 2, 3 };
    if (threadIdx.x < 4)
        tile[threadIdx.x] = 10 * (int)threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) {
        out[0] = neg8(100);
        out[1] = inc8(255);
        out[2] = neg16(-300);
        out[3] = inc16(65535);
        out[4] = inc32(4294967295u);
        out[5] = twice64(-4000000000LL);
        out[6] = is_odd(true, 3) + 2 * is_odd(false, 3);
        out[7] = sum_ints(tile, 4) + 1000 * sum_ints(mine, 3);
    }
}
int main() {
    long long *out;
    cudaMallocManaged(&out, 8 * sizeof(long long));
    k<<<1, 32>>>(out);
    cudaDeviceSynchronize();
    for (int i = 0; i < 8; i++)
        printf("%lld ", out[i]);
    printf("\n");
    return 0;
}
K
if ! "$CC" -shared -fPIC a.c -o liba.so 2>cc.err || ! "$CC" -shared -fPIC b.c -o libb.so 2>>cc.err ||
   ! "$CC" -shared -fPIC c.c -o libc_types.so 2>>cc.err
then
    echo "1..0 # SKIP no C compiler for shared libraries ($CC): $(head -1 cc.err)"
    exit 0
fi

echo "1..6"
n=0
# result NAME WANT ARGS...: simtvm run ARGS must print WANT and exit 0.
result() {
    local name=$1 want=$2 got
    shift 2
    n=$((n + 1))
    got=$(timeout 60 "$SIMTVM" run "$@" 2>err)
    if [ $? -eq 0 ] && [ "$got" = "$want" ]; then
        echo "ok $n - $name"
    else
        echo "not ok $n - $name: got '$got', expected '$want' ($(head -1 err))"
    fi
}
result "a then b: scale_by from a, offset_by from b" "3.5 93.5" \
    two.k --native-lib ./liba.so --native-lib ./libb.so
result "b then a: scale_by from b" "1003.5 1093.5" \
    two.k --native-lib ./libb.so --native-lib ./liba.so
result "options after the file, one library enough" "1003.5 1093.5" \
    --native-lib ./libb.so two.k
result "narrow integer types, bool, shared and local pointers" \
    "-100 0 300 0 0 -8000000000 1 6060 " types.k --native-lib ./libc_types.so

n=$((n + 1))
if timeout 60 "$SIMTVM" run two.k --native-lib ./liba.so >out 2>err; then
    echo "not ok $n - offset_by is in no library given, yet the program ran"
elif grep -q "offset_by" err; then
    echo "ok $n - a function no library defines is named"
else
    echo "not ok $n - no message naming offset_by: $(head -1 err)"
fi

n=$((n + 1))
if timeout 60 "$SIMTVM" run two.k --native-lib ./liba.so --native-lib ./nosuch.so >out 2>err; then
    echo "not ok $n - a missing library was ignored"
elif grep -q "nosuch.so" err; then
    echo "ok $n - a library that cannot be loaded is named"
else
    echo "not ok $n - no message naming nosuch.so: $(head -1 err)"
fi
