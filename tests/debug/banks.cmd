# simtvm debug tests/debug/banks.k
# info banks on two shared stores of one warp: a column of tile[32][32]
# (every lane in bank 0: a 32-way conflict) and the same column of the
# padded tile[32][33] (one lane per bank).
break 11
run
info banks
step 6
info banks
next
step 6
info banks
quit
