#!/bin/bash
# GPU side of bench/model_validation.md: compile each program with nvcc and
# measure it with Nsight Compute.  Writes everything under $OUT.
cd "$(dirname "$0")/../.." || exit 1
OUT=${OUT:-/tmp/gpuout}; mkdir -p "$OUT"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; nvcc --version | tail -2; ncu --version | tail -1; } > "$OUT/env.txt" 2>&1
M=l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,gpu__time_duration.sum,sm__cycles_elapsed.max,lts__t_sector_op_read_hit_rate.pct,lts__t_sector_op_write_hit_rate.pct,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,dram__bytes.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active
build() { nvcc -x cu -fmad=false -arch=sm_90 -include stdlib/simtvm_cuda.h "$@"; }
for p in copy gather stencil reuse reduce; do
  build bench/validation/$p.k -o /tmp/$p 2>>"$OUT/build.txt" && echo "$p /tmp/$p"
done > /tmp/list
for n in 256 512; do for p in matmul_naive matmul_tiled; do
  build -DNSIZE=$n bench/validation/$p.k -o /tmp/${p}_$n 2>>"$OUT/build.txt" && echo "${p}_$n /tmp/${p}_$n"
done; done >> /tmp/list
while read name exe; do
  timeout 120 ncu --metrics $M --csv $exe > "$OUT/$name.csv" 2> "$OUT/$name.err"
  # a second measurement of the time, for its spread
  timeout 120 ncu --metrics gpu__time_duration.sum,sm__cycles_elapsed.max --csv $exe > "$OUT/$name.t2.csv" 2>> "$OUT/$name.err"
done < /tmp/list
ls -la "$OUT"
