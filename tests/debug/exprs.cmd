# simtvm debug tests/debug/exprs.k --warp-size=8
# print's expressions: every kind of variable (registers of several types,
# local memory, a record, __device__ and __shared__ scalars and arrays, a
# pointer parameter, the built-in variables), arithmetic on integers,
# floats and pointers, and each mistake an expression can make.
break 40
run
print t
print f
print d
print s
print uc
print cnt
print arr[2]
print arr[9999999]
print p
print gcount
print gtab[1] * 2
print total
print ftile[1]
print out[0]
print (out + 2)[1]
print gtab[2] - gtab[0]
print t % 3
print t / 2
print f / 2
print -f
print -t + 1
print (t + 1) * 3
print 1.5e1 + t
print 0x10 - t
print uc * s
print blockIdx.x + blockDim.x + gridDim.x
print laneid + warpSize
print f % 2
print 7 / 0
print (t + 1
print arr[1
print t[0]
print threadIdx
print threadIdx.w
print gtab + 1.5
print 1 + out
print (out + 2) - out
print 2 - out
print out + out
print out * 2
print -out
print 1 +
print t $
print nosuch
break 43
continue
print t
print gsum
quit
