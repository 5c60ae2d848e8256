# The measured GPU: NVIDIA H200 (GH100, 132 SMs, HBM3e 4.8 TB/s) with the
# clock Nsight Compute locks it to (--clock-control base: 1.5 GHz, from
# gpu__time_duration / sm__cycles_elapsed).  Other figures: the h100 profile.
name = h200-ncu
dram_gbps = 4800
clock_khz = 1500000
