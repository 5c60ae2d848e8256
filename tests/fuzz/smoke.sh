#!/usr/bin/env bash
# tests/fuzz/smoke.sh -- builds the fuzz targets and runs each for a short
# time, then replays the seeds and the stored findings (tests/fuzz/README.md).
#
#   smoke.sh [--time SECONDS] [--build-only] [--targets "parse compile kbc vm"] SOURCES...
#
# SOURCES are libsimtvm_core's and libsimtvm_vm's sources relative to $top_srcdir (`make
# fuzz-smoke` passes them).  With a clang that has libFuzzer the targets are
# libFuzzer programs (ASan + UBSan); otherwise they are replay programs built
# with $CC and the run only replays.  Environment: top_srcdir, top_builddir
# (for config.h and the work directory), CC, FFI_CFLAGS, FFI_LIBS, FUZZ_JOBS,
# AVX2_SOURCES and AVX2_CFLAGS (the sources built with -mavx2).
# Exit status: 0 when nothing was found, 1 on a finding or a build failure
# (never 77: a finding must not read as an automake SKIP).
set -uo pipefail

seconds=60
build_only=0
targets="parse compile kbc vm"
while [ $# -gt 0 ]; do
    case $1 in
    --time) seconds=$2; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --targets) targets=$2; shift 2 ;;
    *) break ;;
    esac
done

src=$(cd "${top_srcdir:-$(dirname "$0")/../..}" && pwd)
bld=$(cd "${top_builddir:-.}" && pwd)
work=$bld/fuzz-build
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
mkdir -p "$work/obj" "$work/out"

sources=()
for f in "$@"; do
    case $f in
    *.y) sources+=("${f%.y}.c") ;;
    *.c) sources+=("$f") ;;
    esac
done
[ ${#sources[@]} -gt 0 ] || { echo "smoke.sh: no library sources given" >&2; exit 1; }

# libFuzzer when clang has it, else replay drivers.
probe=$work/probe.c
printf '%s\n' '#include <stdint.h>' '#include <stddef.h>' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' \
    > "$probe"
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
if clang -fsanitize=fuzzer,address "$probe" -o "$work/probe" 2>/dev/null; then
    engine=libfuzzer cc=clang
    cflags="-g -O1 $san -fsanitize=fuzzer-no-link"
    link="-fsanitize=fuzzer $san"
else
    engine=replay cc=${CC:-cc}
    "$cc" $san "$probe" -c -o "$work/probe.o" 2>/dev/null || san=""
    cflags="-g -O1 $san"
    link="$san"
fi
cppflags="-std=c11 -Wall -Wextra -D_GNU_SOURCE -I$src -I$src/lang -I$bld -I$bld/lang -DHAVE_CONFIG_H"
echo "fuzz: engine $engine ($cc), $seconds s per target"

# The library, one object per source, rebuilt when its source or any header
# is newer (a coarse rule, but the library builds in a minute).
newest=$work/headers.stamp
touch -d "$(find "$src/lang" "$src/vm" "$src/runtime" "$bld/lang" \( -name '*.h' -o -name '*.def' \) \
    -printf '%T@\n' 2>/dev/null | sort -n | tail -n 1 | sed 's/^/@/')" "$newest" 2>/dev/null ||
    touch "$newest"
compile() {
    local s=$src/$1 o=$work/obj/$(echo "$1" | tr / _).o extra=
    [ -f "$s" ] || s=$bld/$1          # generated in a VPATH build (lang/parser.c)
    case " ${AVX2_SOURCES:-} " in *" $1 "*) extra=${AVX2_CFLAGS:-} ;; esac
    if [ ! -f "$o" ] || [ "$s" -nt "$o" ] || [ "$newest" -nt "$o" ]; then
        $cc $cppflags $cflags $extra ${FFI_CFLAGS:-} -c "$s" -o "$o" || return 1
    fi
}
export -f compile
AVX2_SOURCES=${AVX2_SOURCES:-} AVX2_CFLAGS=${AVX2_CFLAGS:-}
export cc cppflags cflags src bld work newest AVX2_SOURCES AVX2_CFLAGS
printf '%s\n' "${sources[@]}" | xargs -P "$jobs" -I{} bash -c 'compile {}' ||
    { echo "fuzz: building the library failed" >&2; exit 1; }
objs=()
for s in "${sources[@]}"; do objs+=("$work/obj/$(echo "$s" | tr / _).o"); done

for t in $targets; do
    extra=()
    [ $engine = replay ] && extra=("$src/tests/fuzz/replay.c")
    $cc $cppflags $cflags "$src/tests/fuzz/fuzz_$t.c" "${extra[@]}" "${objs[@]}" $link \
        ${FFI_LIBS:--lffi} -ldl -lm -lpthread -o "$work/fuzz_$t" ||
        { echo "fuzz: building fuzz_$t failed" >&2; exit 1; }
done
[ $build_only = 1 ] && { echo "fuzz: targets in $work"; exit 0; }

# The seeds of a target: K programs, or .kbc files for the loader.
seeds() {
    if [ "$1" = kbc ]; then
        echo "$src/tests/fuzz/corpus/kbc"
    else
        echo "$src/tests/fuzz/corpus/k" "$src/examples" "$src/examples/model" \
             "$src/examples/races" "$src/tests/bad" "$src/tests/defects"
    fi
}

found=0
for t in $targets; do
    prog=$work/fuzz_$t
    # Replay: every seed and every stored finding, one at a time.
    files=()
    for d in $(seeds "$t") "$src/tests/fuzz/crashes/$t"; do
        for f in "$d"/*; do [ -f "$f" ] && files+=("$f"); done
    done
    echo "fuzz: replaying ${#files[@]} inputs through fuzz_$t"
    if ! "$prog" "${files[@]}" > "$work/out/replay_$t.log" 2>&1; then
        echo "FAIL: fuzz_$t on the stored inputs:"; tail -n 40 "$work/out/replay_$t.log"
        found=1
        continue
    fi
    [ $engine = libfuzzer ] && [ "$seconds" -gt 0 ] || continue
    mkdir -p "$work/corpus/$t" "$work/artifacts"
    echo "fuzz: fuzz_$t for $seconds s"
    dict=()
    [ "$t" = kbc ] || dict=(-dict="$src/tests/fuzz/k.dict")
    "$prog" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -max_len=16384 \
        "${dict[@]}" -artifact_prefix="$work/artifacts/$t-" -print_final_stats=1 \
        "$work/corpus/$t" $(seeds "$t") > "$work/out/fuzz_$t.log" 2>&1
    rc=$?
    grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$work/out/fuzz_$t.log" | tail -n 2
    if [ $rc -ne 0 ]; then
        echo "FAIL: fuzz_$t found a problem (libFuzzer status $rc):"
        tail -n 60 "$work/out/fuzz_$t.log"
        ls "$work/artifacts/$t-"* 2>/dev/null
        found=1
    fi
done
[ $found = 0 ] && echo "fuzz: no findings"
exit $found
