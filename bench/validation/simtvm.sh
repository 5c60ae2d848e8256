#!/bin/bash
# simtvm side of bench/model_validation.md: runs every validation program with
# --stats=json and prints L1/L2 sector hit rates and estimated cycles.
# Usage: bench/validation/simtvm.sh [SIMTVM] [--device FILE]
cd "$(dirname "$0")/../.." || exit 1
simtvm=${1:-./simtvm}
shift
printf '%-18s %8s %8s %10s\n' program L1_hit% L2_hit% cycles
for p in copy gather stencil reuse reduce matmul_naive_256 matmul_naive_512 \
         matmul_tiled_256 matmul_tiled_512; do
    case $p in
    matmul_*) f=${p%_*} args="-D NSIZE=${p##*_}" ;;
    *) f=$p args= ;;
    esac
    # shellcheck disable=SC2086
    "$simtvm" run bench/validation/$f.k $args "$@" --stats=csv --stats-file /tmp/val.$$.csv \
        >/dev/null || exit 1
    awk -F'","' -v p="$p" '{ v[$3] = $5 } END {
        printf "%-18s %8.1f %8.1f %10d\n", p, v["l1tex__t_sector_hit_rate.pct"],
            v["lts__t_sector_hit_rate.pct"], v["sm__cycles_elapsed.max"] }' /tmp/val.$$.csv
done
rm -f /tmp/val.$$.csv
