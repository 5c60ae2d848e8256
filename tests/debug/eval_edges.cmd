# simtvm debug tests/debug/eval_edges.k --warp-size=8
# print's expressions on a bool, a local array, a derived struct, a record
# with a long array, a reference and pointers to records, and the mistakes
# exprs.cmd does not make: a pointer or a float as an index, an index past
# the array, '*' of a number, a struct in arithmetic, '.', '->' on the wrong
# things, a variable of another function, a name longer than the reader's.
break 26
run
print b
print -f
print -(t - 2)
print loc[f]
print loc[2] * f
print loc[out]
print loc[3]
print loc[-1]
print *(loc + 1)
print *(1 + loc)
print *t
print *out
print -big
print big + 1
print 2 * dd
print big
print big.v[19] + big.in.a
print dd
print dd.id + dd.extra
print rb
print rb.in.a
print *bp
print bp->v[3]
print (bp + 1)->in.a
print bp->in
print big.
print t->x
print out->x
print bp.v
print t.x
print big.zz
print @
print h
print laneid.x
print averyveryveryveryveryveryveryveryveryveryveryveryveryveryverylongname
print gf * 2
print garr[2] - garr[0]
print sh[3]
quit
