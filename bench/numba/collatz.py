"""Divergent Collatz loop on the Numba CUDA simulator (bench/k/collatz.k)."""
import sys

import numpy as np
from numba import cuda

from common import report, size, timed

BLOCK = 256
START = 1000000
SAMPLE = 97


def collatz_steps(v):
    steps = 0
    while v != 1:
        v = 3 * v + 1 if v & 1 else v // 2
        steps += 1
    return steps


@cuda.jit
def collatz(n, steps):
    i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    if i < n:
        v = START + i
        count = 0
        while v != 1:
            if v & 1:
                v = 3 * v + 1
            else:
                v = v // 2
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
    ok = all(res[i] == collatz_steps(START + i) for i in range(0, n, SAMPLE))
    return report("collatz", n, total, total, seconds, ok)


if __name__ == "__main__":
    sys.exit(main())
