# The SM of seed 000's occupancy-vs-thrashing example: a 64 KB L1 data cache
# (the h100 profile's other figures).  One SM, so that every block of a
# launch shares it.
name = seed-sm
sm_count = 1
l1_size = 64K
