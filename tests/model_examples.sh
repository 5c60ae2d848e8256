#!/usr/bin/env bash
# tests/model_examples.sh -- every examples/model/NAME.k, run with --stats,
# must print exactly examples/model/NAME.out (TAP): the program's own lines
# (the seed's figures) followed, per launch, by the model's numbers that its
# `// stats: LABEL=METRIC[/METRIC] ...` line names.  A `// runs: FLAGS, FLAGS`
# line runs it once per flag set (register spills need --maxrregcount).
set -u

. "$(dirname "$0")/lib.sh" model

# Prints "launch ID KERNEL: label=value ..." for each launch of a CSV report.
project() {
    awk -F'","' -v spec="$1" '
        NR == 1 { next }
        { id = substr($1, 2); sub(/"$/, "", $5); kernel[id] = $2; v[id, $3] = $5
          if (!(id in seen)) { seen[id] = 1; order[n++] = id } }
        END {
            k = split(spec, items, " ")
            for (i = 0; i < n; i++) {
                id = order[i]; line = "launch " id " " kernel[id] ":"
                for (j = 1; j <= k; j++) {
                    split(items[j], lv, "="); split(lv[2], nd, "/")
                    x = v[id, nd[1]] + 0
                    if (nd[2] != "") x = (v[id, nd[2]] + 0) ? x / v[id, nd[2]] : 0
                    line = line " " lv[1] "=" (x == int(x) ? sprintf("%d", x) : sprintf("%.2f", x))
                }
                print line
            }
        }' "$2"
}

# Runs program once per comma-separated flag set of its `// runs: ...` line
# (once, with no flags, without one): the program's own lines come from the
# first run; with a runs line each run's model lines follow "with FLAGS:".
run_all() {
    local program=$1 spec=$2 runs
    runs=$(sed -n 's|^// runs: ||p' "$program" | head -1)
    local IFS=','
    local sets=(${runs:-" "}) first=1
    unset IFS
    for flags in "${sets[@]}"; do
        flags=$(echo $flags)
        # shellcheck disable=SC2086
        timeout 120 "$SIMTVM" run "$program" $flags --stats=csv --stats-file "$work/stats.csv" \
            >"$work/run.out" 2>"$work/err" </dev/null || return
        [ "$first" -eq 1 ] && cat "$work/run.out"
        [ -n "$runs" ] && echo "with ${flags:-no flags}:"
        project "$spec" "$work/stats.csv"
        first=0
    done
}

# After a deliberate change: tests/model_examples.sh --update NAME... rewrites
# examples/model/NAME.out from this simtvm (review the diff before committing).
if [ "${1:-}" = "--update" ]; then
    shift
    for name in "$@"; do
        program=examples/model/$name.k
        run_all "$program" "$(sed -n 's|^// stats: ||p' "$program" | head -1)" \
            >"examples/model/$name.out" || exit 1
    done
    exit 0
fi

n=0
for program in examples/model/*.k; do
    n=$((n + 1))
    expected=${program%.k}.out
    spec=$(sed -n 's|^// stats: ||p' "$program" | head -1)
    run_all "$program" "$spec" >"$work/out"
    status=$?
    if [ ! -f "$expected" ]; then
        echo "not ok $n - $program: $expected is missing"
    elif [ "$status" -ne 0 ]; then
        echo "not ok $n - $program: exit status $status"
        sed -n '1,20s/^/#   /p' "$work/err"
    elif ! diff -u "$expected" "$work/out" >"$work/diff"; then
        echo "not ok $n - $program: output differs"
        sed -n '1,30s/^/#   /p' "$work/diff"
    else
        echo "ok $n - $program"
    fi
done
echo "1..$n"
exit 0
