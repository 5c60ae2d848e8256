"""What the Numba CUDA simulator versions of the bench kernels share.

Run each as NUMBA_ENABLE_CUDASIM=1 /usr/bin/python3 bench/numba/KERNEL.py [N].
The simulator runs every CUDA thread as a Python thread, so the default
sizes are far smaller than those of bench/k; bench.sh compares rates
(lane-operations per second), not times.  Each script prints the same line
as the K, C and OpenCL versions.
"""
import sys
import time


def size(default):
    """argv[1] as a positive int, else default."""
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
        if n <= 0:
            sys.exit("size must be positive")
        return n
    return default


def timed(launch):
    """Seconds taken by launch(), which must synchronise before returning."""
    start = time.perf_counter()
    launch()
    return time.perf_counter() - start


def report(name, n, ops, checksum, seconds, ok):
    print("%s n=%d lane_ops=%d checksum=%d time_s=%.6f %s"
          % (name, n, ops, checksum, seconds, "ok" if ok else "FAILED"))
    return 0 if ok else 1
