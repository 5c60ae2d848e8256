#!/usr/bin/env bash
# tests/realworld_sanitizers.sh SIMTVM [NAME...] -- the real-world corpus
# (../shared/realworld) under a simtvm built with --enable-sanitizers: every
# program must end without an AddressSanitizer, LeakSanitizer or UBSan report,
# whether or not it passes.  Not part of `make check` (it needs ../shared and a
# sanitizer build); CI runs it.  Prints one line a program that has a report,
# with the report's first lines, then "N programs, N with a sanitizer report";
# exits 1 if any had one.
set -u
simtvm=${1:?usage: $0 SIMTVM [NAME...]}
shift
top=$(cd "$(dirname "$0")/.." && pwd)
runner=${SHARED:-$top/../shared}/realworld/run
[ -x "$runner" ] || { echo "no $runner beside the clone" >&2; exit 2; }
keep=$(mktemp -d "${TMPDIR:-/tmp}/simtvm-rwsan.XXXXXX") || exit 2
trap 'rm -rf "$keep"' EXIT
# A report ends the program at once (-fno-sanitize-recover); leaks are reported at exit.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# The programs go to RW_JOBS runners at once (default: one a core), each
# with its own scratch folder: a program runs on one host thread.
names=("$@")
if [ "${#names[@]}" -eq 0 ]; then
    mapfile -t names < <(awk -F '\t' '!/^#/ && NF { print $1 }' "$(dirname "$runner")/programs.tsv")
fi
jobs=${RW_JOBS:-$(nproc 2>/dev/null || echo 1)}
pids=()
for ((g = 0; g < jobs; g++)); do
    part=()
    for ((i = g; i < ${#names[@]}; i += jobs)); do part+=("${names[i]}"); done
    [ "${#part[@]}" -gt 0 ] || continue
    mkdir -p "$keep/$g"
    bash "$runner" --simtvm "$simtvm" --timeout "${RW_TIMEOUT:-300}" --keep "$keep/$g" "${part[@]}" \
        >"$keep/results.$g.txt" &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
awk '/^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3 }
     END { print p + 0 " passed, " f + 0 " failed" }' "$keep"/results.*.txt
n=0 bad=0
for d in "$keep"/*/*/; do
    [ -f "$d/stderr" ] || continue
    n=$((n + 1))
    if grep -q -E 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|SUMMARY: UndefinedBehaviorSanitizer' \
            "$d/stderr"; then
        bad=$((bad + 1))
        echo "SANITIZER $(basename "$d")"
        grep -m3 -E 'ERROR: |runtime error:|SUMMARY:' "$d/stderr" | sed 's/^/    /'
    fi
done
echo "$n programs, $bad with a sanitizer report"
[ "$bad" -eq 0 ]
