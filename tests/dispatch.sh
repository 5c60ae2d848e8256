#!/usr/bin/env bash
# tests/dispatch.sh -- the interpreter's other builds and lane paths on the
# golden examples, the bad-input corpus and the checkers' defect corpus (TAP):
#   switch       tests/simtvm-switch: vm/interp.c built with -DSIMT_SWITCH_DISPATCH
#   switch-nosimd  the same with --no-simd (scalar lane helpers)
#   nosimd       ./simtvm (computed goto) with --no-simd
# (./simtvm with its default AVX2 helpers is what the other scripts run.)
# Each sub-test keeps its own description, prefixed with the variant.
# With a variant's name as argument only that variant runs: make check runs
# the three as tests of their own (tests/dispatch_*.sh), so that `make -j`
# spreads them over the cores instead of leaving one core with all nine
# corpus runs at the end.
set -u

SIMTVM=${SIMTVM:-$PWD/simtvm}
SIMTVM_SWITCH=${SIMTVM_SWITCH:-$(dirname "$SIMTVM")/tests/simtvm-switch}
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
work=$(mktemp -d "${TMPDIR:-/tmp}/simtvm-dispatch.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

# A wrapper that adds --no-simd to `run` and leaves other commands alone.
nosimd() {
    cat >"$work/$1" <<WRAP
#!/usr/bin/env bash
if [ "\${1:-}" = run ]; then shift; exec "$2" run --no-simd "\$@"; fi
exec "$2" "\$@"
WRAP
    chmod +x "$work/$1"
}
nosimd simtvm-switch-nosimd "$SIMTVM_SWITCH"
nosimd simtvm-nosimd "$SIMTVM"

n=0
run_variant() {
    local name=$1 bin=$2 script line
    for script in golden.sh bad.sh defects.sh; do
        SIMTVM=$bin top_srcdir=$top_srcdir bash "$top_srcdir/tests/$script" >"$work/tap" 2>&1
        while IFS= read -r line; do
            case $line in
            "ok "* | "not ok "*)
                n=$((n + 1))
                local verdict=${line%% [0-9]*}
                local rest=${line#"$verdict "}
                rest=${rest#* }
                echo "$verdict $n - $name $script ${rest#- }"
                ;;
            "#"*) echo "$line" ;;
            esac
        done <"$work/tap"
    done
}

if [ ! -x "$SIMTVM_SWITCH" ]; then
    echo "1..0 # SKIP $SIMTVM_SWITCH was not built"
    exit 0
fi
case ${1:-all} in
switch) run_variant switch "$SIMTVM_SWITCH" ;;
switch-nosimd) run_variant switch-nosimd "$work/simtvm-switch-nosimd" ;;
nosimd) run_variant nosimd "$work/simtvm-nosimd" ;;
all)
    run_variant switch "$SIMTVM_SWITCH"
    run_variant switch-nosimd "$work/simtvm-switch-nosimd"
    run_variant nosimd "$work/simtvm-nosimd"
    ;;
*) echo "Bail out! unknown variant '$1' (switch, switch-nosimd, nosimd or all)"; exit 99 ;;
esac
echo "1..$n"
