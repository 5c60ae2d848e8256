# simtvm debug tests/debug/banks.k
# print reads __shared__ arrays of the focus block, indexed as in C
# (tile[1][0]; tile[1] alone is the row's address), here after both warps
# stored their column.
break 14
run
print tile[1][0]
print padded[1][1]
print tile[0][x]
print tile[1]
quit
