# The machine of seed 000's register-spill example: every memory access takes
# 300 cycles wherever it is served, a warp waits for each of its stores as well
# as its loads (no store buffer), and an arithmetic result is ready on the next
# cycle, so that 2000 instructions of one warp take 2000 cycles.  The other
# figures are the h100 profile's.
name = seed-spill
lat_alu = 1
lat_l1 = 300
lat_l2 = 300
lat_dram = 300
blocking_stores = 1
