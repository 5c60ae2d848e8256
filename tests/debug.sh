#!/usr/bin/env bash
# tests/debug.sh -- scripted `simtvm debug` sessions (TAP).  Each
# tests/debug/NAME.cmd is a command file whose first line names the command
# line (`# simtvm debug FILE [options]`); its transcript (stdout and stderr)
# must equal tests/debug/NAME.out.  Regenerate one after a deliberate change
# with: tests/debug.sh --update NAME
set -u

. "$(dirname "$0")/lib.sh" debug

session() { # NAME: runs the session, transcript on stdout
    local args
    args=$(head -n 1 "tests/debug/$1.cmd" | sed -n 's/^# simtvm debug //p')
    # shellcheck disable=SC2086 # the options are words
    "$SIMTVM" debug $args < "tests/debug/$1.cmd" 2>&1
    echo "[simtvm exit status $?]"
}

if [ "${1:-}" = --update ]; then
    shift
    for name in "$@"; do session "$name" > "tests/debug/$name.out"; done
    exit 0
fi

names=$(cd tests/debug && ls ./*.cmd | sed 's|^\./||; s|\.cmd$||')
echo "1..$(($(echo "$names" | wc -w) + 3))"
n=0
for name in $names; do
    n=$((n + 1))
    session "$name" > "$work/$name.out"
    if diff -u "tests/debug/$name.out" "$work/$name.out" > "$work/diff"; then
        echo "ok $n - session $name"
    else
        echo "not ok $n - session $name"
        sed 's/^/# /' "$work/diff"
    fi
done

# The program's output under the debugger is the output of `simtvm run`.
n=$((n + 1))
"$SIMTVM" run tests/debug/divergence.k > "$work/run.out" 2>&1
printf 'run\n' | "$SIMTVM" debug tests/debug/divergence.k 2>&1 | grep -v '^\[' > "$work/dbg.out"
if diff -u "$work/run.out" "$work/dbg.out" > "$work/diff"; then
    echo "ok $n - output under the debugger equals simtvm run"
else
    echo "not ok $n - output under the debugger equals simtvm run"
    sed 's/^/# /' "$work/diff"
fi

# No prompt unless stdin is a terminal; options of run that debug refuses.
n=$((n + 1))
if printf 'quit\n' | "$SIMTVM" debug tests/debug/divergence.k 2>&1 | grep -q 'simtvm)'; then
    echo "not ok $n - no prompt when stdin is not a terminal"
else
    echo "ok $n - no prompt when stdin is not a terminal"
fi
n=$((n + 1))
if "$SIMTVM" debug tests/debug/divergence.k --stats < /dev/null > "$work/log" 2>&1; then
    echo "not ok $n - --stats is not an option of debug"
elif grep -q "not an option of 'debug'" "$work/log"; then
    echo "ok $n - --stats is not an option of debug"
else
    echo "not ok $n - --stats is not an option of debug"
    sed 's/^/# /' "$work/log"
fi
