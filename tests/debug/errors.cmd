# simtvm debug tests/debug/divergence.k --warp-size=8
# Mistakes get a message and the session goes on; --warp-size applies.
step
print t
frobnicate
break
break 0
break x
break 9999
info
run
break 15
run
continue
info mask
print t
print nosuch
print t +
print out[t] / 0
warp 9
warp 2
block 1
block 0,0,0
print t
info locals
quit
