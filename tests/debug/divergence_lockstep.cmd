# simtvm debug tests/debug/divergence.k --sched=lockstep
# The warp reaches the if/else together and splits at the branch: the then
# side runs first while the else side waits on the reconvergence stack; the
# halves meet again at the JOIN before out[t] = v and go on as one.
break 8
run
info mask
step
step
step
info mask
next
print a
next
print v
next
info mask
next
print b
next
info mask
step
info mask
print v
continue
