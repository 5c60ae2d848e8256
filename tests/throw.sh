#!/usr/bin/env bash
# tests/throw.sh -- a throw no handler catches ends the program as under g++
# (lang/throw.c; lang/eh.c in a program with try, tests/throw/catch_cases.k):
# each case of tests/throw/throw_cases.k must print what
# g++ and libstdc++ printed (throw_cases.expected: stdout, then stderr's
# "terminate called ..." lines), and stop at the throw with status 1 where
# g++'s program aborted (status 134), else with g++'s status (TAP).
set -u

. "$(dirname "$0")/lib.sh" throw

D=tests/throw
n=0
failed=0
# cases NAME: each case of $D/NAME.k against $D/NAME.expected
cases() {
    local name=$1 c
    for c in $(sed -n 's/^== case \([0-9]*\): status [0-9]*$/\1/p' $D/$name.expected); do
        n=$((n + 1))
        want_status=$(sed -n "s/^== case $c: status \([0-9]*\)$/\1/p" $D/$name.expected)
        [ "$want_status" = 134 ] && want_status=1
        sed -n "/^== case $c: /,/^== case/{/^== case/d;p}" $D/$name.expected >"$work/want"
        "$SIMTVM" run $D/$name.k -- "$c" >"$work/out" 2>"$work/err"
        status=$?
        # simtvm's own located error for the abort follows libstdc++'s lines
        grep -v -e "^[^ ]*$name\\.k:[0-9]*:[0-9]*: error: abort() called\$" \
            -e '^ *[0-9]* |' -e '^ *|' -e '^note: in host function' "$work/err" >"$work/lib"
        cat "$work/out" "$work/lib" >"$work/got"
        if ! diff -u "$work/want" "$work/got" >"$work/diff"; then
            echo "not ok $n - $name case $c: output differs"
            sed -n '1,20s/^/#   /p' "$work/diff"
            failed=$((failed + 1))
        elif [ "$status" != "$want_status" ]; then
            echo "not ok $n - $name case $c: exit status $status, wanted $want_status"
            failed=$((failed + 1))
        elif [ "$want_status" = 1 ] && [ "$c" != 0 ] && ! grep -q 'error: abort() called' "$work/err"; then
            echo "not ok $n - $name case $c: no located error at the throw"
            failed=$((failed + 1))
        else
            echo "ok $n - $name case $c"
        fi
    done
}
cases throw_cases
# the same endings in a program with try (lang/eh.c): nothing destroyed
cases catch_cases
# the error is at the throw: case 1's `throw 42` (line 19)
n=$((n + 1))
"$SIMTVM" run $D/throw_cases.k -- 1 >/dev/null 2>"$work/err"
if grep -q 'throw_cases\.k:19:13: error: abort() called' "$work/err"; then
    echo "ok $n - the error points at the throw"
else
    echo "not ok $n - the error points at the throw"
    sed -n '1,10s/^/#   /p' "$work/err"
    failed=$((failed + 1))
fi
echo "1..$n"
exit 0
