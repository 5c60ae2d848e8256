#!/usr/bin/env bash
# tests/embed.sh -- the embedding story end to end, as a user meets it:
# configure simtvm with a temporary --prefix, `make install`, check what was
# installed, then build examples/embed/ against the INSTALLED library with
# pkg-config (examples/embed/Makefile) and run the three programs.
#
# Usage: tests/embed.sh (from anywhere; needs a bootstrapped source tree).
# Run by .ci/run, not by `make check`: it configures and builds a second tree.
set -euo pipefail

src=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
jobs=$(nproc 2>/dev/null || echo 2)

fail() {
    echo "embed.sh: FAIL: $*" >&2
    exit 1
}

echo "--- configure --prefix=$prefix, make, make install"
mkdir "$tmp/build"
(cd "$tmp/build" && "$src/configure" -q --prefix="$prefix" && make -s -j"$jobs" >/dev/null &&
    make -s install >/dev/null) || fail "build or install"

echo "--- installed files"
for f in bin/simtvm include/simtvm.h lib/pkgconfig/simtvm.pc share/man/man1/simtvm.1 \
         share/simtvm/stdlib/simtvm_cuda.h; do
    [ -e "$prefix/$f" ] || fail "make install did not install $f"
done
lib=$(ls "$prefix"/lib/libsimtvm.so.* 2>/dev/null | head -n 1)
[ -n "$lib" ] || fail "no libsimtvm.so.* in $prefix/lib"
if ls "$prefix"/include | grep -v '^simtvm\.h$' >/dev/null; then
    fail "headers other than simtvm.h installed: $(ls "$prefix/include")"
fi
# Only the public prefix is exported (libtool -export-symbols-regex).
leaked=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -v '^simtvm_' || true)
[ -z "$leaked" ] || fail "libsimtvm exports non-simtvm_ symbols: $(echo $leaked | head -c 300)"
"$prefix/bin/simtvm" --version | grep -q "simtvm $(sed -n 's/^#define SIMTVM_VERSION_STRING "\(.*\)"$/\1/p' "$src/simtvm.h")" ||
    fail "simtvm --version disagrees with simtvm.h"
if command -v man >/dev/null; then
    man -l "$prefix/share/man/man1/simtvm.1" 2>&1 >/dev/null | grep . && fail "man page warnings"
fi

echo "--- build examples/embed with pkg-config"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
export LD_LIBRARY_PATH=$prefix/lib
pkg-config --cflags --libs simtvm
grep -q '^Libs.private:.*-lffi.*-lm' "$PKG_CONFIG_PATH/simtvm.pc" || fail "simtvm.pc Libs.private"
cp -r "$src/examples/embed" "$tmp/embed"
chmod -R u+w "$tmp/embed"
make -s -C "$tmp/embed" CFLAGS="-O2 -Wall -Wextra -Werror" >/dev/null || fail "examples do not build"

cd "$tmp/embed"
echo "--- hello"
./hello | tee hello.out
grep -q '^simtvm .*: y\[1\] = 3, y\[4095\] = 8191$' hello.out || fail "hello: wrong result"
grep -q 'SIMT efficiency' hello.out || fail "hello: no statistics"

echo "--- native"
./native | tee native.out
[ "$(cat native.out)" = "0.0000 0.2562 0.3511 0.4812 0.6594 0.7928 0.9035 1.0000" ] ||
    fail "native: wrong result"

echo "--- grade"
./grade student_ok.k | tee grade_ok.out || fail "grade: the correct submission failed"
grep -q 'PASS' grade_ok.out || fail "grade: no PASS"
if ./grade student_racy.k > grade_racy.out; then
    fail "grade: the racy submission passed"
fi
head -n 3 grade_racy.out
grep -q 'FAIL: seed 1: the checkers found' grade_racy.out || fail "grade: no checker verdict"
printf '__global__ void reduce_sum(int *in) { in[0] = x; }\n' > broken.k
if ./grade broken.k > grade_broken.out; then
    fail "grade: a submission that does not compile passed"
fi
grep -q 'COMPILE ERROR' grade_broken.out && grep -q 'broken.k:1:' grade_broken.out ||
    fail "grade: no compile diagnostics"

echo "--- simtvm run --native-lib"
cat > scale.c <<'C'
float scale_by(float x, int k) { return x * (float)k; }
C
cat > scale.k <<'K'
extern __device__ float scale_by(float x, int k);
__global__ void k(float *p) { p[threadIdx.x] = scale_by((float)threadIdx.x, 3); }
int main() {
    float *p = (float *)malloc(32 * sizeof(float));
    k<<<1, 32>>>(p);
    cudaDeviceSynchronize();
    printf("%g %g\n", p[1], p[31]);
    return 0;
}
K
cc -shared -fPIC scale.c -o libscale.so
[ "$("$prefix/bin/simtvm" run scale.k --native-lib ./libscale.so)" = "3 93" ] ||
    fail "--native-lib: wrong output"
if "$prefix/bin/simtvm" run scale.k 2> missing.err; then
    fail "a missing native function ran"
fi
grep -q "scale_by" missing.err || fail "--native-lib: no message naming the missing function"

echo "embed.sh: all examples built against the installed library and passed"
