# Seed 003's latency-hiding example: one SM issuing one instruction per cycle
# (one scheduler), every memory access L = 200 cycles, arithmetic ready the
# next cycle (the h100 profile's other figures).
name = seed-latency
sm_count = 1
schedulers_per_sm = 1
lat_alu = 1
lat_l1 = 200
lat_l2 = 200
lat_dram = 200
