"""Block reduction on the Numba CUDA simulator (bench/k/reduce.k)."""
import sys

import numpy as np
from numba import cuda, int32

from common import report, size, timed

BLOCK = 256


@cuda.jit
def reduce(inp, partial):
    s = cuda.shared.array(BLOCK, int32)
    t = cuda.threadIdx.x
    s[t] = inp[cuda.blockIdx.x * BLOCK + t]
    cuda.syncthreads()
    stride = BLOCK // 2
    while stride > 0:
        if t < stride:
            s[t] += s[t + stride]
        cuda.syncthreads()
        stride //= 2
    if t == 0:
        partial[cuda.blockIdx.x] = s[0]


def main():
    n = size(1 << 12)
    if n % BLOCK:
        sys.exit("reduce: N must be a multiple of %d" % BLOCK)
    i = np.arange(n, dtype=np.int64)
    host_in = ((i * 7 + 3) % 11 - 3).astype(np.int32)
    inp = cuda.to_device(host_in)
    partial = cuda.device_array(n // BLOCK, dtype=np.int32)

    def launch():
        reduce[n // BLOCK, BLOCK](inp, partial)
        cuda.synchronize()

    seconds = timed(launch)
    total = int(partial.copy_to_host().astype(np.int64).sum())
    return report("reduce", n, n, total, seconds, total == int(host_in.sum(dtype=np.int64)))


if __name__ == "__main__":
    sys.exit(main())
