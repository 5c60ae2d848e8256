#!/bin/bash
# tests/diagnostics.sh -- the diagnostic renderer (vm/render.c) on every kind
# of diagnostic: a compile error, a warning, a fault and a finding of each
# checker, as plain text, in colour and as JSON.  Each tests/diag/NAME.k has
# NAME.err, NAME.color.err and NAME.json (simtvm's own messages: regenerate
# them deliberately with `tests/diagnostics.sh --update` when the format
# changes, and read the diff).
. "$(dirname "$0")/lib.sh" diagnostics
D=tests/diag
update=0
[ "${1:-}" = --update ] && update=1
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; sed -n '1,10s/^/#   /p' "$work/diff"; }

# case NAME STATUS OPTIONS...
case_() {
    local name=$1 want=$2
    shift 2
    local fmt suffix
    for fmt in never always json; do
        case $fmt in
        never) set -- "$@" ; suffix=err; opt=--color=never ;;
        always) suffix=color.err; opt=--color=always ;;
        json) suffix=json; opt=--diagnostics-format=json ;;
        esac
        "$SIMTVM" run "$@" $opt $D/$name.k > /dev/null 2> "$work/err"
        local st=$?
        if [ $update = 1 ]; then
            cp "$work/err" $D/$name.$suffix
        fi
        diff $D/$name.$suffix "$work/err" > "$work/diff"
        if [ $? = 0 ] && [ $st = "$want" ]; then
            ok "$name ($opt)"
        else
            echo "status $st, wanted $want" >> "$work/diff"
            not_ok "$name ($opt)"
        fi
    done
}

case_ compile_error 1
case_ source_text 1
case_ warning 0
case_ fault 1
case_ race 3 --check=race
case_ race_warp 3 --check=race
case_ race_names 3 --check=race
case_ race_objects 3 --check=race
case_ sync 3 --check=sync
case_ memory 3 --check=memory
case_ memory_names 3 --check=memory
case_ init 3 --check=init
case_ api 3 --check=api

# every JSON line is one JSON object with the fields of rustc's diagnostics
if command -v python3 > /dev/null; then
    python3 - $D/*.json > "$work/diff" 2>&1 <<'PY'
import json, sys
for path in sys.argv[1:]:
    for line in open(path, encoding="utf-8"):
        if line.startswith("========="):
            continue
        d = json.loads(line)
        for key in ("message", "level", "spans", "children", "code"):
            assert key in d, (path, key)
        for sp in d["spans"]:
            assert sp["column_end"] > sp["column_start"], (path, sp)
PY
    if [ $? = 0 ]; then ok "every JSON diagnostic parses"; else not_ok "every JSON diagnostic parses"; fi
fi

# the underline never runs past the end of the line it marks
grep -h -B1 '^ *|' $D/*.err | awk '
    /^ *[0-9]+ \|/ { src = $0; next }
    /^ *\|/ { if (length($0) > length(src) + 0) { print "past the end: " src; bad = 1 } }
    END { exit bad }' > "$work/diff"
if [ $? = 0 ]; then ok "no underline past the end of its line"; else not_ok "no underline past the end of its line"; fi

# --stats for people: every stall reason explained, the explain page, units
"$SIMTVM" run examples/matmul.k --stats=explain > /dev/null 2> "$work/err"
for want in "top stall reason   " "% of stalled warp cycles): " "what the statistics mean" \
    "long_scoreboard   waiting for a global" "warp cycles     per warp   share" \
    "sectors/request       " "cycles                "; do
    if grep -qF -- "$want" "$work/err"; then ok "--stats=explain has '$want'"
    else cp "$work/err" "$work/diff"; not_ok "--stats=explain has '$want'"; fi
done

# runner mode: one line of what ran, unless --quiet or --out
printf '__global__ void twice(float *x) { x[threadIdx.x] *= 2.0f; }\n' > "$work/r.k"
"$SIMTVM" run "$work/r.k" --kernel twice --grid 2 --block 32 --arg x='float[64]' > /dev/null 2> "$work/err"
if grep -q "^simtvm: ran twice<<<(2,1,1), (32,1,1)>>> (64 threads) in [0-9.]* ms (host time): ok$" "$work/err"
then ok "runner mode prints a summary"; else cp "$work/err" "$work/diff"; not_ok "runner mode prints a summary"; fi
"$SIMTVM" run "$work/r.k" --kernel twice --grid 2 --block 32 --arg x='float[64]' --quiet > /dev/null 2> "$work/err"
if [ ! -s "$work/err" ]; then ok "--quiet silences it"; else cp "$work/err" "$work/diff"; not_ok "--quiet silences it"; fi

echo "1..$n"
[ $failed = 0 ]
