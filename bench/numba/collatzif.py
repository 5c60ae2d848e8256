"""Collatz with an if/else on 32-bit unsigned values, on the Numba CUDA
simulator (bench/k/collatzif.k).  Python integers do not wrap, so each
step masks to 32 bits as the unsigned arithmetic of the other versions does."""
import sys

import numpy as np
from numba import cuda

from common import report, size, timed

BLOCK = 256
SAMPLE = 97
MASK = 0xFFFFFFFF


def collatz_steps(x):
    steps = 0
    while x != 1:
        if x & 1:
            x = (3 * x + 1) & MASK
        else:
            x >>= 1
        steps += 1
    return steps


@cuda.jit
def collatz(n, steps):
    i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    if i < n:
        x = i + 1
        count = 0
        while x != 1:
            if x & 1:
                x = (3 * x + 1) & MASK
            else:
                x >>= 1
            count += 1
        steps[i] = count


def main():
    n = size(1 << 13)
    steps = cuda.device_array(n, dtype=np.int32)

    def launch():
        collatz[(n + BLOCK - 1) // BLOCK, BLOCK](n, steps)
        cuda.synchronize()

    seconds = timed(launch)
    res = steps.copy_to_host()
    total = int(res.astype(np.int64).sum())
    ok = all(res[i] == collatz_steps(i + 1) for i in range(0, n, SAMPLE))
    return report("collatzif", n, total, total, seconds, ok)


if __name__ == "__main__":
    sys.exit(main())
