"""16x16-tiled matmul on the Numba CUDA simulator (bench/k/matmul.k)."""
import sys

import numpy as np
from numba import cuda, float32

from common import report, size, timed

TILE = 16


@cuda.jit
def matmul(a, b, c, n):
    ta = cuda.shared.array((TILE, TILE), float32)
    tb = cuda.shared.array((TILE, TILE), float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    row = cuda.blockIdx.y * TILE + ty
    col = cuda.blockIdx.x * TILE + tx
    acc = float32(0.0)
    for t in range(0, n, TILE):
        ta[ty, tx] = a[row * n + t + tx]
        tb[ty, tx] = b[(t + ty) * n + col]
        cuda.syncthreads()
        for j in range(TILE):
            acc = float32(acc + float32(ta[ty, j] * tb[j, tx]))
        cuda.syncthreads()
    c[row * n + col] = acc


def main():
    n = size(32)
    if n % TILE:
        sys.exit("matmul: N must be a multiple of %d" % TILE)
    i = np.arange(n * n, dtype=np.int64)
    ha = (i % 7 - 1).astype(np.float32)
    hb = (i % 5 - 1).astype(np.float32)
    a, b = cuda.to_device(ha), cuda.to_device(hb)
    c = cuda.device_array(n * n, dtype=np.float32)

    def launch():
        matmul[(n // TILE, n // TILE), (TILE, TILE)](a, b, c, n)
        cuda.synchronize()

    seconds = timed(launch)
    res = c.copy_to_host()
    want = ha.reshape(n, n).astype(np.int64) @ hb.reshape(n, n).astype(np.int64)
    ok = np.array_equal(res.astype(np.int64), want.reshape(-1))
    return report("matmul", n, n * n * n, int(res.astype(np.int64).sum()), seconds, ok)


if __name__ == "__main__":
    sys.exit(main())
