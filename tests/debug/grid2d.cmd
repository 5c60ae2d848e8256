# simtvm debug tests/debug/grid2d.k --warp-size=16
# A 2D grid of 2D blocks: the focus set before the run, blockIdx.y and
# threadIdx.y, next over a device function, the banks of an atomic on
# extern shared memory, a watch in one block while another is focused,
# next from a block that is not running yet.
block 1,1
warp 2
break 20
run
print blockIdx.y * 10 + blockIdx.x
print threadIdx.y
next
print v
step 5
info banks
watch v
delete
block 1,1,0
next
next
next
print b * 100 + t
info warps
warp 1
next
print v
unwatch
continue
