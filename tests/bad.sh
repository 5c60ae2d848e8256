#!/usr/bin/env bash
# tests/bad.sh -- malformed and hostile inputs must give a clear, located error
# and the right exit status, never a crash or a hang (TAP).
#
# Every tests/bad/*.k holds its expectations (Wren-style):
#   // expect error: TEXT          stderr has `FILE:LINE:COL: error: ...TEXT...`
#                                  where LINE is the line of this comment
#   // expect error line N: TEXT   the same, for line N
#   // expect exit: N              exit status (default 1)
#   // run: OPTIONS                options for `simtvm run`
# The rest (binary garbage, huge lines, deep nesting, broken .kbc files, bad
# command lines) is generated here, so no binary files live in the tree.
# Any case fails if simtvm dies of a signal (status >= 128), times out, or a
# sanitizer reports an error.
set -u

. "$(dirname "$0")/lib.sh" bad
in_private_folder

n=0
failed=0
out=$work/stdout
err=$work/stderr

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
    n=$((n + 1)); failed=$((failed + 1))
    echo "not ok $n - $1"
    shift
    for line in "$@"; do echo "#   $line"; done
    sed -n '1,15s/^/#   stderr: /p' "$err" | cut -c1-300
}

# Runs simtvm ARGS under a time limit; sets $status.
invoke() {
    timeout 20 "$SIMTVM" "$@" >"$out" 2>"$err" </dev/null
    status=$?
}

# A crash, hang or sanitizer report, described; empty when there was none.
crash_reason() {
    if [ "$status" -eq 124 ]; then echo "timed out after 20 s"
    elif [ "$status" -ge 128 ]; then echo "killed by signal $((status - 128))"
    elif grep -q -e 'ERROR: AddressSanitizer' -e 'ERROR: LeakSanitizer' \
                 -e 'runtime error:' "$err"; then echo "sanitizer report"
    fi
}

# check NAME EXITS TEXT ARGS...: EXITS is a |-separated list of allowed
# statuses; TEXT (may be empty) must appear in stderr.
check() {
    local name=$1 exits=$2 text=$3
    shift 3
    invoke "$@"
    local crash
    crash=$(crash_reason)
    if [ -n "$crash" ]; then
        not_ok "$name" "$crash (status $status)"
    elif [[ "|$exits|" != *"|$status|"* ]]; then
        not_ok "$name" "exit status $status, expected $exits"
    elif [ -n "$text" ] && ! grep -qF -- "$text" "$err"; then
        not_ok "$name" "stderr lacks: $text"
    else
        ok "$name"
    fi
}

# ---- the corpus: expectations written in each file ----

# Prints the missing expectations of $1 (a tests/bad file) against $err.
missing_errors() {
    local file=$1 line=0 text want re
    while IFS= read -r src || [ -n "$src" ]; do
        line=$((line + 1))
        want=$line
        if [[ $src =~ expect\ error\ line\ ([0-9]+):\ (.*)$ ]]; then
            want=${BASH_REMATCH[1]}
            text=${BASH_REMATCH[2]}
        elif [[ $src =~ expect\ error:\ (.*)$ ]]; then
            text=${BASH_REMATCH[1]}
        else
            continue
        fi
        re="^${file//./\\.}:${want}:[0-9]+: error: "
        if ! grep -E -- "$re" "$err" | grep -qF -- "$text"; then
            echo "stderr lacks '$file:$want:COL: error: ...$text...'"
        fi
    done <"$file"
}

run_corpus_file() {
    local file=$1 exits=1 opts=()
    local first
    first=$(sed -n 's/.*expect exit: *\([0-9][0-9]*\).*/\1/p' "$file" | head -n 1)
    [ -n "$first" ] && exits=$first
    local run_line
    run_line=$(sed -n 's|^// run: *||p' "$file" | head -n 1)
    [ -n "$run_line" ] && read -r -a opts <<<"$run_line"
    invoke run "${opts[@]}" "$file"
    local crash missing
    crash=$(crash_reason)
    missing=$(missing_errors "$file")
    if [ -n "$crash" ]; then
        not_ok "$file" "$crash (status $status)"
    elif [ "$status" != "$exits" ]; then
        not_ok "$file" "exit status $status, expected $exits" "$missing"
    elif [ -n "$missing" ]; then
        not_ok "$file" "$missing"
    else
        ok "$file"
    fi
}

for file in tests/bad/*.k; do
    run_corpus_file "$file"
done

# ---- generated sources ----

# Fixed pseudo-random bytes (an LCG), so every run tests the same garbage.
garbage() {
    awk -v n="$1" -v seed="$2" 'BEGIN {
        s = seed
        for (i = 0; i < n; i++) { s = (s * 69069 + 1) % 4294967296
                                  printf "%c", int(s / 16777216) }
    }'
}

LC_ALL=C garbage 4096 1 >"$work/garbage.k"
check "binary garbage as a .k" 1 "error" run "$work/garbage.k"

printf 'int main() {\0 return 0; }\n' >"$work/nul.k"
check "NUL byte in a source" 1 "error" run "$work/nul.k"

printf '\xef\xbb\xbfint main() { int \xc3\xa9t\xc3\xa9 = 1; return 0; }\n' >"$work/utf8.k"
check "UTF-8 identifier" 1 "error" run "$work/utf8.k"

{ printf 'int main() {\n    int x = 1'; head -c 1000000 /dev/zero | tr '\0' '+' | sed 's/+/+1/g' | head -c 1000000
  printf ';\n    return x != 0 ? 0 : 1;\n}\n'; } >"$work/long_expr.k"
check "1 MB line: a 500,000-term sum" "0|1" "" run "$work/long_expr.k"

{ printf 'int main() {\n    int '; head -c 1000000 /dev/zero | tr '\0' 'x'; printf ' = 1;\n    return y;\n}\n'; } \
    >"$work/long_name.k"
check "1 MB line: a 1,000,000-letter name" 1 "undeclared identifier 'y'" run "$work/long_name.k"

{ printf 'int main() {\n    const char *s = "'; head -c 1000000 /dev/zero | tr '\0' 'a'
  printf '";\n    return 0;\n}\n'; } >"$work/long_string.k"
check "1 MB line: a 1,000,000-character string" "0|1" "" run "$work/long_string.k"

{ printf 'int main() {\n    int x = '; head -c 10000 /dev/zero | tr '\0' '('; printf '1'
  head -c 10000 /dev/zero | tr '\0' ')'; printf ';\n    return x - 1;\n}\n'; } >"$work/parens.k"
check "10,000 nested parentheses" "0|1" "" run "$work/parens.k"

{ printf 'int main() {\n'; head -c 10000 /dev/zero | tr '\0' '{'
  head -c 10000 /dev/zero | tr '\0' '}'; printf '\n    return 0;\n}\n'; } >"$work/braces.k"
check "10,000 nested blocks" "0|1" "" run "$work/braces.k"

{ printf 'int main() {\n    int x = 0;\n'; for _ in $(seq 2000); do printf 'if (x == 0) '; done
  printf 'x = 1;\n    return x - 1;\n}\n'; } >"$work/ifs.k"
check "2,000 nested ifs" "0|1" "" run "$work/ifs.k"

{ printf 'int main() {\n    int x = 1;\n    x = '; for _ in $(seq 10000); do printf -- '-'; done
  printf 'x;\n    return 0;\n}\n'; } >"$work/unary.k"
check "10,000 unary minus signs" "0|1" "" run "$work/unary.k"

: >"$work/empty.k"
check "empty file" 1 "empty" run "$work/empty.k"

printf '// nothing but a comment\n' >"$work/comment_only.k"
check "no main()" 2 "no main()" run "$work/comment_only.k"

check "missing file" 1 "No such file" run "$work/does-not-exist.k"
check "a directory" 1 "directory" run "$work"

# ---- bytecode files ----

cat >"$work/small.k" <<'EOF'
__global__ void twice(int *a) { a[threadIdx.x] *= 2; }
int main() {
    int *a = (int *)malloc(32 * sizeof(int));
    for (int i = 0; i < 32; i++) a[i] = i;
    twice<<<1, 32>>>(a);
    cudaDeviceSynchronize();
    printf("%d\n", a[31]);
    return 0;
}
EOF
check "build a .kbc" 0 "" build "$work/small.k" -o "$work/small.kbc"
if [ -s "$work/small.kbc" ]; then
    check "run the .kbc" 0 "" run "$work/small.kbc"
    if [ "$(cat "$out")" != 62 ]; then
        not_ok "the .kbc prints 62" "stdout: $(head -c 200 "$out")"
    else
        ok "the .kbc prints 62"
    fi
    size=$(wc -c <"$work/small.kbc")
    for len in 4 7 8 12 16 24 32 64 $((size / 3)) $((size / 2)) $((size - 16)) $((size - 1)); do
        [ "$len" -ge "$size" ] && continue
        head -c "$len" "$work/small.kbc" >"$work/cut.kbc"
        check "a .kbc truncated to $len of $size bytes" 1 "simtvm: error:" run "$work/cut.kbc"
    done
    for seed in 1 2 3 4 5 6 7 8; do
        # Keep the header, overwrite the rest with garbage.
        { head -c 16 "$work/small.kbc"; LC_ALL=C garbage $((size - 16)) "$seed"; } \
            >"$work/noise.kbc"
        check "a .kbc header with garbage after it (seed $seed)" 1 "simtvm: error:" \
            run "$work/noise.kbc"
    done
    for stride in 7 13 31 61 127; do
        # Flip one byte in every STRIDE: the verifier must catch what matters.
        python3 - "$work/small.kbc" "$work/flip.kbc" "$stride" <<'EOF'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
stride = int(sys.argv[3])
for i in range(stride, len(data), stride):
    data[i] ^= 0x5A
open(sys.argv[2], 'wb').write(data)
EOF
        check "a .kbc with 1 byte in every $stride flipped" "0|1" "" run "$work/flip.kbc"
    done
    check "disasm of a truncated .kbc" 1 "simtvm: error:" disasm "$work/cut.kbc"
fi
# Record layouts (kbc version 7) are checked when read: a field moved out
# of its struct is a clear error, and so is a file of an older version.
cat >"$work/layout.k" <<'EOF'
struct Pair { int a; float b; };
__global__ void k(Pair *p) { Pair q = p[threadIdx.x]; p[threadIdx.x].a = q.a + 1; }
int main() { Pair *d; cudaMalloc(&d, 32 * sizeof(Pair)); k<<<1, 32>>>(d); return 0; }
EOF
check "build a .kbc with a struct" 0 "" build "$work/layout.k" -o "$work/layout.kbc"
if [ -s "$work/layout.kbc" ]; then
    python3 - "$work/layout.kbc" "$work/bad_layout.kbc" "$work/old.kbc" <<'EOF'
import struct, sys
data = bytearray(open(sys.argv[1], 'rb').read())
at = 16
for section in range(14):        # to the last section, the types
    (n,) = struct.unpack_from('<Q', data, at)
    at += 8 + (n if section < 13 else 0)
(ndtypes,) = struct.unpack_from('<I', data, at)
at += 4 + 14 * ndtypes + 4       # the types, then the record count
(name,) = struct.unpack_from('<I', data, at)
at += 4 + name + 1 + 4 + 4       # name, is_union, size, nfields
(field,) = struct.unpack_from('<I', data, at)
struct.pack_into('<I', data, at + 4 + field, 0xFFFF0000)   # the first field's offset
open(sys.argv[2], 'wb').write(data)
old = bytearray(open(sys.argv[1], 'rb').read())
old[8] = 6
open(sys.argv[3], 'wb').write(old)
EOF
    check "a .kbc whose struct field lies outside its struct" 1 "lies outside its record" \
        run "$work/bad_layout.kbc"
    check "a .kbc of version 6 (no record layouts)" 1 \
        "bytecode version 6 is not supported (this simtvm reads version 7)" run "$work/old.kbc"
fi
printf 'SIMTKBC' >"$work/magic_only.kbc"
check "a .kbc of only the magic" 1 "simtvm: error:" run "$work/magic_only.kbc"
printf 'int main() { return 0; }\n' >"$work/source.kbc"
check "a source file named .kbc" 1 "not a simtvm bytecode file" run "$work/source.kbc"
check "build -o the input itself" 2 "overwrite the input" build "$work/small.k" -o "$work/small.k"

# ---- command lines ----
check "no arguments" 2 "no command" 
check "unknown command" 2 "unknown command" frobnicate
check "unknown option" 2 "unknown option" run "$work/small.k" --frobnicate
check "misspelt option gets a hint" 2 "did you mean '--warp-size'" run "$work/small.k" --wrap-size 8
check "bad --warp-size" 2 "--warp-size" run "$work/small.k" --warp-size 64
check "missing option value" 2 "needs a value" run "$work/small.k" --max-steps
check "bad --max-steps" 2 "--max-steps" run "$work/small.k" --max-steps=-5
check "bad --max-memory" 2 "--max-memory" run "$work/small.k" --max-memory lots
check "bad --seed" 2 "--seed" run "$work/small.k" --seed x
check "bad --device" 2 "unknown device" run "$work/small.k" --device tpu
check "bad -D" 2 "-D" run "$work/small.k" -D 1X=2
check "-I without a directory" 2 "-I needs a value" run "$work/small.k" -I
check "-I is not an option of occupancy" 2 "not an option of 'occupancy'" occupancy -I x --block 1 --regs 1
check "-O without a level" 2 "-O needs a level attached" run "$work/small.k" -O
check "-O4" 2 "not '-O4'" run "$work/small.k" -O4
check "-Ofast" 2 "not '-Ofast'" run "$work/small.k" -Ofast
check "-O0 is not an option of grade" 2 "not an option of 'grade'" grade "$work/small.k" --reference "$work/small.k" -O0
check "a second argument not a source file" 2 "unexpected argument" run "$work/small.k" "$work/small.txt"
check "one file twice: two translation units" 1 "multiple definition of 'twice'" run "$work/small.k" "$work/small.k"
check "run without a file" 2 "needs a FILE" run
check "build without -o" 2 "needs -o" build "$work/small.k"
check "option of another command" 2 "not an option of 'run'" run "$work/small.k" --json
check "option of run that debug lacks" 2 "not an option of 'debug'" debug "$work/small.k" --check=race
check "--grid without --kernel" 2 "need --kernel" run "$work/small.k" --grid 1
check "--kernel without --grid" 2 "needs --grid" run "$work/small.k" --kernel twice
check "unknown kernel" 2 "no __global__ function named nope" \
    run "$work/small.k" --kernel nope --grid 1 --block 32
check "missing kernel argument" 2 "needs --arg a=" run "$work/small.k" --kernel twice --grid 1 --block 32
check "unknown kernel argument" 2 "no parameter of that name" \
    run "$work/small.k" --kernel twice --grid 1 --block 32 --arg b=int[32]
check "wrong buffer type" 2 "not a buffer of float" \
    run "$work/small.k" --kernel twice --grid 1 --block 32 --arg a=float[32]
check "number for a pointer" 2 "--arg a" run "$work/small.k" --kernel twice --grid 1 --block 32 --arg a=5
check "bad --grid" 2 "--grid" run "$work/small.k" --kernel twice --grid 0 --block 32 --arg a=int[32]
check "bad --block" 2 "--block" run "$work/small.k" --kernel twice --grid 1 --block 2048 --arg a=int[32]
check "occupancy without --regs" 2 "--regs" occupancy --block 256
check "occupancy bad device" 2 "unknown device" occupancy --device x --block 256 --regs 32

echo "1..$n"
# Failures are the "not ok" lines; the status stays 0 so the TAP driver does
# not count them twice.
exit 0
