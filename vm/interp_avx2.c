/* vm/interp_avx2.c -- the dispatch loop (vm/interp.c) built a second time,
 * with -mavx2, as simt_exec_group_avx2, with the lane helpers of
 * vm/interp_lanes_avx2.h: its handlers inline the full-warp case of the
 * AVX2 helpers (vm/lanes_avx2.h) instead of calling them through the lane
 * table.  Used only where simt_lanes_avx2 installed the AVX2 table (the CPU
 * has AVX2 and --no-simd was not given). */
#if defined(__AVX2__) && (defined(__x86_64__) || defined(__i386__))
#define SIMT_INTERP_LANES "vm/interp_lanes_avx2.h"
#include "vm/interp.c"
#else
/* Without -mavx2 this file is empty of code: the AVX2 table, which alone
 * names simt_exec_group_avx2, is not built either (vm/lanes_avx2.c). */
typedef int simt_interp_avx2_absent;
#endif
