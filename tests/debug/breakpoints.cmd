# simtvm debug tests/debug/banks.k
# Breakpoints in a block of two warps: continue stops each warp at the line
# and moves the focus to it; print shows every lane; delete and run to the end.
break 11
break 14
info breakpoints
run
print x
print y
print threadIdx.y * 32 + x
continue
info warps
print y
continue
info warps
warp 1
print tile
print out[y * 32 + x]
delete 2
info breakpoints
continue
step
