#!/usr/bin/env bash
# tests/defects.sh -- the checkers on a labelled defect corpus (TAP).
#
# Every tests/defects/*.k is a complete K program that says what the
# checkers must find:
#   // expect check: CLASS LINE[,LINE...]   CLASS is race, sync, memory, init,
#                                           divzero (a warning) or api;
#                                           exit status 3, stderr names every
#                                           LINE as NAME.k:LINE, and holds a
#                                           finding of CLASS
#   // expect clean                         exit status 0 and no finding
# Each runs under `simtvm run --check=all` with a 20-second limit, or with
# the options of a `// run: OPTIONS` line (`--check=api`, not part of all).  The end
# prints a per-class detection summary and the false-positive count.
set -u

. "$(dirname "$0")/lib.sh" defects
err=$work/stderr

# What a finding of each class starts with (compute-sanitizer's classes).
class_text() {
    case $1 in
    race) echo 'error: Race reported between' ;;
    sync) echo 'error: Barrier error detected' ;;
    memory) echo 'error: \(Invalid \|Malloc/Free error\)' ;;
    init) echo 'error: Uninitialized' ;;
    divzero) echo 'warning: Integer \(division\|remainder\) by zero' ;;
    api) echo 'error: \(cudaMemcpy\|Unwritten device memory\|Host pointer\|Unchecked kernel launch\|Leaked device memory\)' ;;
    *) echo 'no such class' ;;
    esac
}

files=(tests/defects/*.k)
echo "1..${#files[@]}"
n=0
failed=0
false_positives=0
declare -A planted found
for f in "${files[@]}"; do
    n=$((n + 1))
    name=$(basename "$f")
    expect=$(grep -m1 '^// expect' "$f")
    opts=$(sed -n 's|^// run: ||p' "$f" | head -1)
    # shellcheck disable=SC2086 # the options are words
    timeout 20 "$SIMTVM" run ${opts:---check=all} "$f" >/dev/null 2>"$err" </dev/null
    status=$?
    problems=()
    if [ "$status" -eq 124 ] || [ "$status" -ge 128 ]; then
        problems+=("crashed or timed out (status $status)")
    fi
    case $expect in
    "// expect clean")
        [ "$status" -eq 0 ] || problems+=("exit status $status, want 0")
        grep -q 'ERROR SUMMARY: 0 errors' "$err" || problems+=("findings in a correct program")
        [ ${#problems[@]} -eq 0 ] || false_positives=$((false_positives + 1))
        ;;
    "// expect check: "*)
        spec=${expect#// expect check: }
        class=${spec%% *}
        lines=${spec#* }
        planted[$class]=$((${planted[$class]:-0} + 1))
        [ "$status" -eq 3 ] || problems+=("exit status $status, want 3")
        grep -q "$(class_text "$class")" "$err" || problems+=("no $class finding")
        for line in ${lines//,/ }; do
            grep -q "$name:$line\\b" "$err" || problems+=("stderr does not name $name:$line")
        done
        [ ${#problems[@]} -eq 0 ] && found[$class]=$((${found[$class]:-0} + 1))
        ;;
    *)
        problems+=("no '// expect clean' or '// expect check:' line")
        ;;
    esac
    if [ ${#problems[@]} -eq 0 ]; then
        echo "ok $n - $name"
    else
        failed=$((failed + 1))
        echo "not ok $n - $name"
        for p in "${problems[@]}"; do echo "#   $p"; done
        sed -n '1,12s/^/#   stderr: /p' "$err" | cut -c1-200
    fi
done
echo "# detection by class (found/planted):"
for class in race sync memory init divzero api; do
    echo "#   $class: ${found[$class]:-0}/${planted[$class]:-0}"
done
echo "# false positives on correct programs: $false_positives"
[ "$failed" -eq 0 ]
