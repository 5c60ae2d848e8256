# simtvm debug tests/debug/watch.k --sched=its
# list, finish, watch and info warps (every warp's state and pc), print of
# __constant__ memory, under --sched=its.
list
break 10
run
list
info warps
print y
finish
print acc
print scale[3]
print scale[t % 4]
delete
watch acc
continue
print acc
continue
unwatch
list 1
list
continue
