# simtvm debug tests/debug/warps.k --sched=its
# info warps (every warp's lanes, state and pc) while one warp waits at
# __syncthreads, print of __constant__ memory (a table, a scalar), and the
# mask inside the if, under --sched=its.
break 12
run
info warps
print coef[t % 4]
print gain
continue
info warps
warp 0
print t
warp 1
delete
break 16
continue
info mask
info warps
print v
continue
