#!/usr/bin/env bash
# tests/model_examples.sh -- the seeds' worked examples (examples/README.md):
# every examples/DIR/NAME.k of the course directories (model, simt, memory,
# occupancy, sync, patterns), run with --stats, must print exactly
# examples/DIR/NAME.out (TAP): the program's own lines (the seed's figures and
# what the program measured) followed, per launch, by the model's numbers that
# its `// stats: LABEL=METRIC[/METRIC] ...` line names (none without one).  A
# `// runs: FLAGS, FLAGS` line runs it once per flag set (register spills need
# --maxrregcount); with `// show: every run` each run's own lines are shown too.
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
    local sets=(${runs:-" "}) first=1 every=0
    grep -q '^// show: every run' "$program" && every=1
    unset IFS
    for flags in "${sets[@]}"; do
        flags=$(echo $flags)
        # shellcheck disable=SC2086
        timeout 120 "$SIMTVM" run "$program" $flags --stats=csv --stats-file "$work/stats.csv" \
            >"$work/run.out" 2>"$work/err" </dev/null || return
        [ "$first" -eq 1 ] && [ "$every" -eq 0 ] && cat "$work/run.out"
        [ -n "$runs" ] && echo "with ${flags:-no flags}:"
        [ "$every" -eq 1 ] && cat "$work/run.out"
        [ -n "$spec" ] && project "$spec" "$work/stats.csv"
        first=0
    done
}

# After a deliberate change: tests/model_examples.sh --update DIR/NAME...
# rewrites examples/DIR/NAME.out from this simtvm (a bare NAME is model/NAME;
# review the diff before committing).
if [ "${1:-}" = "--update" ]; then
    shift
    for name in "$@"; do
        case $name in */*) ;; *) name=model/$name ;; esac
        program=examples/$name.k
        run_all "$program" "$(sed -n 's|^// stats: ||p' "$program" | head -1)" \
            >"examples/$name.out" || exit 1
    done
    exit 0
fi

n=0
for program in examples/model/*.k examples/simt/*.k examples/memory/*.k \
    examples/occupancy/*.k examples/sync/*.k examples/patterns/*.k; do
    [ -f "$program" ] || continue
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
