# simtvm debug tests/debug/hoisted.k
# break LINE stops where the line first runs (the loop body, i = 0), not at
# its constant hoisted in front of the loop.
break 9
run
print i
continue
print i
quit
