# simtvm debug tests/debug/banks.k
# print reads __shared__ arrays of the focus block (indexed flat: tile[32]
# is tile[1][0]), here after both warps stored their column.
break 14
run
print tile[32]
print padded[34]
print tile[x]
quit
