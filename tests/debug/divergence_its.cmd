# simtvm debug tests/debug/divergence.k --sched=its
# The same session under independent thread scheduling: info mask shows the
# convergence groups (lanes grouped by pc and state) instead of a stack.
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
