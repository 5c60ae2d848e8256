#!/usr/bin/env bash
# tests/threads.sh -- --threads N changes speed, never output (TAP).  Each
# case runs with --threads 1, 2 and 4; stdout, stderr, the exit status and
# the two streams interleaved in one file must be byte-identical, and the run
# with one thread must show what the case is about (a fault's block, the step
# limit, the --max-printf warning...).  Programs in tests/threads/.
set -u

. "$(dirname "$0")/lib.sh" threads

T=tests/threads
n=0
# check NAME STATUS PATTERN -- ARGS...: `simtvm run ARGS` with 1, 2 and 4
# threads; the one-thread run must exit with STATUS and, unless PATTERN is
# empty, have PATTERN (grep -E) in stdout or stderr.
check() {
    local name=$1 want=$2 pattern=$3
    shift 4
    n=$((n + 1))
    local t bad=
    for t in 1 2 4; do
        timeout 300 "$SIMTVM" run "$@" --threads "$t" >"$work/$t.out" 2>"$work/$t.err" </dev/null
        echo $? >"$work/$t.status"
        timeout 300 "$SIMTVM" run "$@" --threads "$t" >"$work/$t.both" 2>&1 </dev/null
    done
    local status
    status=$(cat "$work/1.status")
    for t in 2 4; do
        for part in status out err both; do
            cmp -s "$work/1.$part" "$work/$t.$part" || bad="$bad $t.$part"
        done
    done
    if [ -n "$bad" ]; then
        echo "not ok $n - $name: differs from --threads 1 in$bad"
        for f in $bad; do diff "$work/1.${f#*.}" "$work/$f" | sed -n '1,8s/^/#   /p'; done
    elif [ "$status" -ne "$want" ]; then
        echo "not ok $n - $name: exit status $status, expected $want"
        sed -n '1,8s/^/#   /p' "$work/1.err"
    elif [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$work/1.both"; then
        echo "not ok $n - $name: output lacks /$pattern/"
        sed -n '1,8s/^/#   /p' "$work/1.both"
    else
        echo "ok $n - $name"
    fi
}

check "printf from many blocks, in block order" 0 'launch 2 block 47 thread 24: 4724' \
    -- $T/printf_blocks.k
check "printf, --block-order=random" 0 'block \(4,2\) of \(5,3\)' \
    -- $T/printf_blocks.k --block-order=random --seed 7
check "printf, --interleave=random" 0 'host after launch 1: sum 59904' \
    -- $T/printf_blocks.k --interleave=random --seed 3
check "co-resident blocks: a flag one block sets for another" 0 'out = 42' \
    -- tests/programs/blocks_flag_wait.k
check "co-resident blocks: a hand-made grid barrier, --interleave=random" 0 '0 wrong' \
    -- tests/programs/blocks_grid_barrier.k --interleave=random --seed 4
check "co-resident blocks: a hand-made grid barrier, --block-order=random" 0 '0 wrong' \
    -- tests/programs/blocks_grid_barrier.k --block-order=random --seed 9
check "printf, lockstep with 8-lane warps" 0 'host after launch 0' \
    -- $T/printf_blocks.k --sched=lockstep --warp-size 8
check "registers read before any write read 0 (vm/live.c)" 0 'zeros 896 checksum 277460710' \
    -- $T/unwritten_regs.k
check "atomics of every kind" 0 'fsum' -- $T/atomics.k
check "atomics, --block-order=random" 0 'fsum' -- $T/atomics.k --block-order=random --seed 11
check "the first faulting block in block order" 1 'block \(23,0,0\), thread \(5,0,0\)' \
    -- $T/fault_block.k
check "the first faulting block, --block-order=random" 1 'out-of-bounds' \
    -- $T/fault_block.k --block-order=random --seed 5
check "the step limit of one block" 1 'step limit exceeded: more than 200000 .*' \
    -- $T/step_limit.k --max-steps 200000
check "the step limit of a launch, at a block's end" 1 \
    'up to block \(6,0,0\) issued more than 36000' -- $T/launch_steps.k --max-steps 36000
check "--max-printf over many blocks" 0 'passed 3000 bytes' -- $T/printf_cap.k --max-printf 3000
check "--stats (one thread, as documented)" 0 'SIMT efficiency|simt_efficiency|efficiency' \
    -- $T/printf_blocks.k --stats
check "--check=all (one thread, as documented)" 0 'ERROR SUMMARY: 0 errors' \
    -- $T/atomics.k --check=all
check "--check=race with a finding" 3 'ERROR SUMMARY: 1 error' \
    -- tests/defects/race_shared_no_sync.k --check=race
for program in examples/histogram.k examples/reduce.k examples/scan.k examples/transpose.k; do
    check "$program" 0 '' -- "$program"
done
# examples/reduce.k names warpSize, not 32, so it is right at every warp size
for w in 4 8 16; do
    check "examples/reduce.k --warp-size $w" 0 'host sum = -5897668: ok' \
        -- examples/reduce.k --warp-size $w
done
echo "1..$n"
exit 0
