# simtvm debug tests/debug/banks.k
# info banks on a shared load whose address computation is fused into it
# (LDX): the row tile[1][x] of warp 1, one lane per bank, from the addresses
# the fused instruction computes.
break 14
run
info banks
step 6
info banks
quit
