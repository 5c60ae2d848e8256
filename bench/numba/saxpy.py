"""saxpy on the Numba CUDA simulator: y = a*x + y (bench/k/saxpy.k)."""
import sys

import numpy as np
from numba import cuda

from common import report, size, timed

BLOCK = 256


@cuda.jit
def saxpy(n, a, x, y):
    i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    if i < n:
        y[i] = a * x[i] + y[i]


def main():
    n = size(1 << 13)
    i = np.arange(n, dtype=np.int64)
    x = cuda.to_device((i % 1024).astype(np.float32))
    y = cuda.to_device((i % 7).astype(np.float32))
    blocks = (n + BLOCK - 1) // BLOCK

    def launch():
        saxpy[blocks, BLOCK](n, np.float32(2.0), x, y)
        cuda.synchronize()

    seconds = timed(launch)
    out = y.copy_to_host()
    ok = np.array_equal(out, (2 * (i % 1024) + i % 7).astype(np.float32))
    return report("saxpy", n, n, int(out.astype(np.int64).sum()), seconds, ok)


if __name__ == "__main__":
    sys.exit(main())
