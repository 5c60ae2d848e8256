# The SM of seed 000's block-size example: 8 block slots, 2048 threads,
# 65536 registers and 64 KB of shared memory per SM, no shared memory
# reserved per block (the h100 profile's other figures).
name = seed-block
max_blocks_per_sm = 8
max_threads_per_sm = 2048
regs_per_sm = 65536
smem_per_sm = 64K
reserved_smem_per_block = 0
