#!/usr/bin/env bash
# tests/include.sh -- #include "file" and -I (SPEC 2.2): the search next to the
# including file and then in each -I directory, #pragma once, include guards,
# __FILE__/__LINE__ inside a header, a diagnostic inside a header (named by
# the header's file:line:col, with the chain of #includes as notes), a cycle,
# a kernel fault inside a header (at its line there, the #include a note),
# and a --check finding inside one, a fault's
# column on a line with UTF-8 (in characters), and CUDA's intrinsics and
# <cuda_runtime.h> types read in front of a header that names them (TAP).
. "$(dirname "$0")/lib.sh" include
D=tests/include
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
echo "1..17"

"$SIMTVM" run -I $D/sys $D/main.k > "$work/out" 2> "$work/err"
ok $? "main.k runs with -I"
diff $D/main.out "$work/out" > "$work/diff"
ok $? "main.k prints main.out$(sed -n '1,6s/^/\n#   /p' "$work/diff")"

"$SIMTVM" run -I$D/sys $D/main.k > "$work/out2" 2>&1 && cmp -s $D/main.out "$work/out2"
ok $? "-IDIR, attached"

"$SIMTVM" run $D/main.k > /dev/null 2> "$work/err"
grep -q 'main.k:7:1: error: #include <mathlib.h>: unknown system header' "$work/err"
ok $? "without -I the system header is unknown, and named"

"$SIMTVM" run $D/error.k > /dev/null 2> "$work/err"
st=$?
diff $D/error.err "$work/err" > "$work/diff"
ok $(( $? || st != 1 )) "an error in a header: its file:line:col, the include chain$(sed -n '1,8s/^/\n#   /p' "$work/diff")"

"$SIMTVM" run $D/cycle.k > /dev/null 2> "$work/err"
st=$?
grep -q 'lib/cycle_b.h:2:1: error: #include cycle: "tests/include/lib/cycle_a.h" includes itself' "$work/err"
ok $(( $? || st != 1 )) "an include cycle is an error"

"$SIMTVM" run $D/fault.k > /dev/null 2> "$work/err"
grep -q '^tests/include/lib/oob.h:3:27: error: out-of-bounds __global__ write' "$work/err" &&
    grep -q '^tests/include/fault.k:2:1: note: "tests/include/lib/oob.h" was included from here' \
        "$work/err"
ok $? "a fault in a header's kernel is placed in the header, its #include a note"

"$SIMTVM" run --check=memory $D/fault.k > /dev/null 2> "$work/err"
grep -q '^tests/include/lib/oob.h:3:27: error: Invalid __global__ write' "$work/err"
ok $? "a --check finding in a header's kernel is placed in the header"

"$SIMTVM" run --check=sync $D/split_barrier.k > /dev/null 2> "$work/err"
grep -q '^tests/include/lib/split_barrier.h:5:9: error: Barrier error detected' "$work/err" &&
    grep -q 'wait at the __syncthreads at tests/include/lib/split_barrier.h:7:9 instead' "$work/err"
ok $? "a barrier finding in a header names the other barrier in the header too"

# A .kbc keeps the compiled file's text only: its faults name the #include.
"$SIMTVM" build $D/fault.k -o "$work/fault.kbc" &&
    "$SIMTVM" run "$work/fault.kbc" > /dev/null 2> "$work/err"
grep -q '^tests/include/fault.k:2:1: error: out-of-bounds __global__ write' "$work/err"
ok $? "from a .kbc the fault is placed at the #include"

"$SIMTVM" build -I $D/sys $D/main.k -o "$work/main.kbc" && "$SIMTVM" run "$work/main.kbc" > "$work/out3" &&
    cmp -s $D/main.out "$work/out3"
ok $? "build -I, then run the bytecode"

(cd $D && "$SIMTVM" run -I sys main.k) > "$work/out4" 2>&1
sed -n 1,2p "$work/out4" | cmp -s - <(sed -n 1,2p $D/main.out)
ok $? "relative paths from another working directory"

"$SIMTVM" run $D/arch_include.k > /dev/null 2> "$work/err"
grep -q 'arch_include.k:4:1: error: an #include that depends on __CUDA_ARCH__' "$work/err"
ok $? "an #include for the device only is an error"

"$SIMTVM" run $D/utf8_fault.k > /dev/null 2> "$work/err"
grep -q '^tests/include/utf8_fault.k:2:73: error: out-of-bounds' "$work/err"
ok $? "a fault's column counts UTF-8 characters"

# (i + 1) | 0x10000 from __vadd2, plus |i - 5| from __usad
"$SIMTVM" run $D/intrinsics_header.k > "$work/out5" 2> "$work/err"
echo '65542 65542 65542 65542 65542 65542 65544 65546 ' | cmp -s - "$work/out5"
ok $? "a header's intrinsics the main file does not name are read in front of it"

# cudaMemcpyKind named only in a header: <cuda_runtime.h> read in front of it
"$SIMTVM" run $D/runtime_header.k > "$work/out6" 2> "$work/err"
echo 7 | cmp -s - "$work/out6"
ok $? "a header's <cuda_runtime.h> types the main file does not name are read in front of it"

# #include MACRO: a quoted name from #f and an <name> from -I, macro-expanded
"$SIMTVM" run -I $D/sys $D/computed.k > "$work/out7" 2> "$work/err"
echo '100 49' | cmp -s - "$work/out7"
ok $? "#include MACRO expands to \"name\" or <name>"
