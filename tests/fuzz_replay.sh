#!/usr/bin/env bash
# tests/fuzz_replay.sh -- the fuzz targets built as replay programs run the
# seeds and every stored finding (tests/fuzz/crashes/TARGET/); each input
# that crashes, hangs or trips a sanitizer is a failure (TAP).
set -u

top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${FUZZ_BIN:-$PWD/tests/fuzz}
cd "$top_srcdir" || exit 99
work=$(mktemp -d "${TMPDIR:-/tmp}/simtvm-fuzz.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

n=0
for target in parse compile kbc vm; do
    if [ "$target" = kbc ]; then
        seeds=(tests/fuzz/corpus/kbc/*)
    else
        seeds=(tests/fuzz/corpus/k/*.k examples/*.k tests/bad/*.k tests/defects/*.k)
    fi
    for input in tests/fuzz/crashes/$target/* "${seeds[@]}"; do
        [ -f "$input" ] || continue
        n=$((n + 1))
        if timeout 120 "$bin/fuzz_$target" "$input" >"$work/log" 2>&1; then
            echo "ok $n - fuzz_$target $input"
        else
            echo "not ok $n - fuzz_$target $input (status $?)"
            sed -n '1,20s/^/#   /p' "$work/log"
        fi
    done
done
echo "1..$n"
exit 0
