#!/usr/bin/env bash
# tests/multifile.sh -- programs of several files (`simtvm run a.cu b.cu
# c.cpp`, doc/language.md "Programs of several files"): each file a
# translation unit, linked by name.  Golden programs (shop: host only, its
# output g++'s; particles: kernels and a __device__ function in other files
# than main), the linker's errors, each one located error (the line with
# `// expect error: TEXT` in tests/multifile/bad/CASE.N.cu), a fault and a
# --check finding in the second file, build and disasm of several files (TAP).
. "$(dirname "$0")/lib.sh" multifile
D=tests/multifile
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
cases="dupfunc dupvar dupmain undeffunc undefvar undefdevice otherstatic macroleak devicetwice"
echo "1..$((18 + $(echo $cases | wc -w)))"

"$SIMTVM" run $D/shop/main.cpp $D/shop/pricing.cpp $D/shop/report.cpp > "$work/out" 2> "$work/err"
ok $? "shop: three host files run"
diff $D/shop/expected.out "$work/out" > "$work/diff"
ok $? "shop prints g++'s output$(sed -n '1,6s/^/\n#   /p' "$work/diff")"

# golden NAME DESCRIPTION FILE...: the program of FILEs (in tests/multifile/NAME)
# prints NAME/expected.out.
golden() {
    local name=$1 what=$2 files=()
    shift 2
    for f; do files+=("$D/$name/$f"); done
    "$SIMTVM" run "${files[@]}" > "$work/out" 2> "$work/err" &&
        diff "$D/$name/expected.out" "$work/out" > "$work/diff"
    ok $? "$name: $what$(sed -n '1,6s/^/\n#   /p' "$work/diff" "$work/err")"
}

golden particles "kernels and a __device__ function across files" \
    main.cu kernels.cu forces.cu util.cpp
golden filters "a header's macros only in the units that include it, a const per unit" \
    main.cpp blur.cpp sharpen.cpp
golden exceptions "a throw in a file without try, caught in another file" \
    main.cpp handlers.cpp
golden included "a file compiled and #included, its inline functions and templates one definition" \
    main.cu kernels.cu util.cu
golden tables "a const defined after an extern declaration is the program's, one without is the file's" \
    main.cpp tables.cpp
golden statics "a file's own static over a header's of the same parameters" \
    main.cpp reference.cpp
golden unguarded "a header without a guard in every file: its structs and enums one type" \
    main.cu simulation.cu io.cu

# Each bad case: exit status 1, one error, at the file and line that say so.
for c in $cases; do
    "$SIMTVM" run $D/bad/$c.*.cu > /dev/null 2> "$work/err"
    st=$?
    want=$(grep -Hn 'expect error:' $D/bad/$c.*.cu | head -1)
    at=$(echo "$want" | cut -d: -f1,2)
    text=$(echo "$want" | sed 's/.*expect error: //')
    grep -q "^$at:[0-9]*: error: .*$text" "$work/err" &&
        [ "$(grep -c ': error:' "$work/err")" = 1 ]
    r=$(( $? || st != 1 ))
    ok $r "$c: '$text' at $at"
    [ $r = 0 ] || sed 's/^/#   /' "$work/err"
done

printf 'int f() { return 1; }\n' > "$work/a.cu"
printf 'int g() { return 2; }\n' > "$work/b.cu"
"$SIMTVM" run "$work/a.cu" "$work/b.cu" > /dev/null 2> "$work/err"
st=$?
grep -q "undefined reference to 'main': none of the program's 2 files defines it" "$work/err"
ok $(( $? || st != 1 )) "no file defines main"

"$SIMTVM" run $D/fault/main.cu $D/fault/shift.cu > /dev/null 2> "$work/err"
st=$?
grep -q "^$D/fault/shift.cu:4:14: error: out-of-bounds __global__ write" "$work/err" &&
    ! grep -q 'was included from' "$work/err"
ok $(( $? || st != 1 )) "a fault in the second file's kernel is placed there"

"$SIMTVM" run --check=memory $D/fault/main.cu $D/fault/shift.cu > /dev/null 2> "$work/err"
grep -q "^$D/fault/shift.cu:4:14: error: Invalid __global__ write" "$work/err"
ok $? "a --check finding in the second file is placed there"

P="$D/particles/main.cu $D/particles/kernels.cu $D/particles/forces.cu $D/particles/util.cpp"
"$SIMTVM" build $P -o "$work/p.kbc" && "$SIMTVM" run "$work/p.kbc" > "$work/out" &&
    cmp -s $D/particles/expected.out "$work/out"
ok $? "build of several files, then run of the .kbc"

"$SIMTVM" disasm $D/shop/main.cpp $D/shop/pricing.cpp $D/shop/report.cpp > "$work/out" &&
    [ "$(grep -c '^\.host describe(' "$work/out")" = 2 ]
ok $? "disasm: each file's static describe() is a function of its own"

"$SIMTVM" run -DSHOP_X=1 $D/shop/main.cpp $D/shop/pricing.cpp $D/shop/report.cpp > /dev/null
ok $? "-D applies to every file"

"$SIMTVM" run $D/shop/main.cpp notes.txt > /dev/null 2> "$work/err"
st=$?
grep -q "unexpected argument 'notes.txt'" "$work/err"
ok $(( $? || st != 2 )) "a second argument that is no source file is still a usage error"

"$SIMTVM" occupancy --block 128 --regs 32 $D/fault/main.cu $D/fault/shift.cu > /dev/null 2>&1
ok $(( $? != 2 )) "occupancy takes no files"

{ echo '#include <cstdio>'; echo 'int main() {'
  sed 's/%/%%/g; s/"/\\"/g; s/.*/    printf("&\\n");/' $D/shop/expected.out
  echo '    return 0;'; echo '}'; } > "$work/ref.cpp"
"$SIMTVM" grade $D/shop/main.cpp $D/shop/pricing.cpp $D/shop/report.cpp --reference "$work/ref.cpp" \
    --seeds 1..2 > "$work/out" 2>&1
st=$?
grep -q 'main.cpp: PASS' "$work/out"
ok $(( $? || st != 0 )) "grade of a student's program of three files"
