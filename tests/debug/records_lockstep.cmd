# simtvm debug tests/debug/records.k --sched=lockstep
# print of structs and their members (s.x, p->y, a[i].f, *p, whole
# structs, nested ones, bit-fields, a union) and of struct members of
# __constant__ and __shared__ variables, under --sched=lockstep.
break 36
run
print p
print p.pos.x
print p.delta
print p.kind
print p.hist[2]
print q->id
print *q
print q->next->pos
print ps[t].pos.y
print ps[7]
print b
print b.u
print cfg
print cfg.gravity.y
print tile[t % 4]
print tile[2].x
print p.nope
print p->id
print q.id
print p + 1
watch p
continue
