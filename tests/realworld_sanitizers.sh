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
runner=$top/../shared/realworld/run
[ -x "$runner" ] || { echo "no $runner beside the clone" >&2; exit 2; }
keep=$(mktemp -d "${TMPDIR:-/tmp}/simtvm-rwsan.XXXXXX") || exit 2
trap 'rm -rf "$keep"' EXIT
# A report ends the program at once (-fno-sanitize-recover); leaks are reported at exit.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
bash "$runner" --simtvm "$simtvm" --timeout "${RW_TIMEOUT:-300}" --keep "$keep" "$@" >"$keep/results.txt"
tail -1 "$keep/results.txt"
n=0 bad=0
for d in "$keep"/*/; do
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
