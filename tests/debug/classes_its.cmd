# simtvm debug tests/debug/classes.k --sched=its
# a reference parameter (a is Acc &), a derived class with an anonymous
# union, members through pointers, a NULL next, under --sched=its.
break 17
run
print a
print a.sum
print v
finish
print here
print here.id
print here.f
print p->next->w
print *p->next
print nodes[3].next
print nodes[3].next->w
print here.next->next->id
delete
continue
