#!/usr/bin/env bash
# bench/model_identity.sh -- a change that makes the timing model cheaper must
# not change one modelled number.  Runs every bench kernel (bench/k, at the
# sizes bench/history.md's callgrind counts use and at a small size), every
# program of bench/model and bench/validation, and examples/, each plain, with
# --stats and with --stats=json, under two builds, and compares the outputs
# byte for byte.  (tests/golden.sh pins the golden programs' plain outputs.)
# Usage: bench/model_identity.sh OLD_SIMTVM [NEW_SIMTVM]   (NEW: ./simtvm)
# Prints one line per difference and a summary; exit status 1 on any.
set -u
old=${1:?usage: bench/model_identity.sh OLD_SIMTVM [NEW_SIMTVM]}
new=${2:-./simtvm}
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

runs=()
for k in saxpy:262144 reduce:262144 scan:65536 collatz:16384 \
         collatzif:16384 matmul:64 saxpy:1000 reduce:4096 scan:4096 \
         collatz:500 collatzif:500 matmul:32; do
    runs+=("bench/k/${k%%:*}.k -- ${k#*:}")
done
for p in "$top"/bench/model/*.k "$top"/bench/validation/*.k \
         "$top"/examples/*.k; do
    runs+=("${p#"$top"/}")
done

n=0
differ=0
for r in "${runs[@]}"; do
    for opts in "" "--stats" "--stats=json"; do
        n=$((n + 1))
        # shellcheck disable=SC2086 # r and opts are word lists
        (cd "$top" && timeout 600 "$old" run $opts $r \
            </dev/null >"$work/old" 2>&1; echo "status $?" >>"$work/old")
        (cd "$top" && timeout 600 "$new" run $opts $r \
            </dev/null >"$work/new" 2>&1; echo "status $?" >>"$work/new")
        if ! cmp -s "$work/old" "$work/new"; then
            differ=$((differ + 1))
            echo "DIFFERS: simtvm run $opts $r"
            diff "$work/old" "$work/new" | head -5
        fi
    done
done
echo "$n runs, $differ differ"
[ "$differ" -eq 0 ]
