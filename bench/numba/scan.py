"""Inclusive scan on the Numba CUDA simulator (bench/k/scan.k): each
1024-thread block scans in shared memory (Hillis-Steele), one block scans
the block totals, and a third launch adds the offsets."""
import sys

import numpy as np
from numba import cuda, int32

from common import report, size, timed

BLOCK = 1024


@cuda.jit
def scan_blocks(inp, out, totals, has_totals):
    s = cuda.shared.array(BLOCK, int32)
    t = cuda.threadIdx.x
    i = cuda.blockIdx.x * BLOCK + t
    s[t] = inp[i]
    cuda.syncthreads()
    d = 1
    while d < BLOCK:
        below = s[t - d] if t >= d else 0
        cuda.syncthreads()
        s[t] += below
        cuda.syncthreads()
        d *= 2
    out[i] = s[t]
    if has_totals and t == BLOCK - 1:
        totals[cuda.blockIdx.x] = s[t]


@cuda.jit
def add_offsets(out, scanned):
    b = cuda.blockIdx.x
    if b > 0:
        out[b * BLOCK + cuda.threadIdx.x] += scanned[b - 1]


def main():
    n = size(1 << 11)
    if n % BLOCK or n > BLOCK * BLOCK:
        sys.exit("scan: N must be a multiple of %d, at most %d" % (BLOCK, BLOCK * BLOCK))
    blocks = n // BLOCK
    i = np.arange(n, dtype=np.int64)
    host_in = ((i * 7 + 3) % 11 - 5).astype(np.int32)
    inp = cuda.to_device(host_in)
    out = cuda.device_array(n, dtype=np.int32)
    totals = cuda.to_device(np.zeros(BLOCK, dtype=np.int32))
    scanned = cuda.to_device(np.zeros(BLOCK, dtype=np.int32))

    def launch():
        scan_blocks[blocks, BLOCK](inp, out, totals, 1)
        scan_blocks[1, BLOCK](totals, scanned, totals, 0)
        add_offsets[blocks, BLOCK](out, scanned)
        cuda.synchronize()

    seconds = timed(launch)
    res = out.copy_to_host().astype(np.int64)
    ok = np.array_equal(res, np.cumsum(host_in, dtype=np.int64))
    return report("scan", n, n, int(res.sum()), seconds, ok)


if __name__ == "__main__":
    sys.exit(main())
