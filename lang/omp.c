/* lang/omp.c -- the text of <omp.h>, written in K: OpenMP's host runtime
 * as simtvm runs it, and the classes the `#pragma omp` lines become
 * (lang/omp_pragma.c).
 *
 * The simulated host has one processor, so a team's members run one after
 * another, thread 0 to N-1, each to the end of the region before the next
 * starts: one of the executions a race-free program may have (pthread.h's
 * threads run the same way, lang/headers.c).  Where members would have to
 * wait for each other -- a barrier in a team of more than one -- the
 * program stops with __simt_omp_fail's message instead.
 *
 * Every construct is a `for` statement over one of these drivers, each
 * `next()` starting the next member (or pass) until there is none; the
 * data-sharing clauses are objects wrapped around it whose `step(more)`
 * runs between members: private copies are the variable itself, set back
 * to the original value as each member starts and when the construct
 * ends; a reduction's copy starts at the operator's identity (or the
 * original value, for the idempotent operators) and is combined into the
 * original as each member ends, in member order. */
#include "include.h"

/* One reduction wrapper: the member's copy starts as INIT (`orig` is the
 * value before the member), and COMBINE is `orig op copy`. */
#define OMP_REDUCTION(NAME, INIT, COMBINE)                                                   \
    "template <typename T> struct __simt_omp_red_" NAME " {\n"                               \
    "    T *p;\n"                                                                            \
    "    T orig;\n"                                                                          \
    "    int running, first;\n"                                                              \
    "    __simt_omp_red_" NAME "(T *v) : p(v), orig(*v), running(0), first(1) {}\n"          \
    "    bool once() { int f = first; first = 0; return f != 0; }\n"                         \
    "    bool step(bool more)\n"                                                             \
    "    {\n"                                                                                \
    "        if (running)\n"                                                                 \
    "            *p = " COMBINE ";\n"                                                        \
    "        running = more;\n"                                                              \
    "        if (more) {\n"                                                                  \
    "            orig = *p;\n"                                                               \
    "            *p = " INIT ";\n"                                                           \
    "        }\n"                                                                            \
    "        return more;\n"                                                                 \
    "    }\n"                                                                                \
    "};\n"

static const char TEXT_OMP_H[] =
    "// omp.h as simtvm builds it in (lang/omp.c): the host has one processor\n"
    "// and a team's members run one after another, thread 0 first; a barrier\n"
    "// in a team of more than one member stops the program.\n"
    "#pragma once\n"
    "#define __SIMTVM_OMP_H\n"
    "#include <time.h>\n"
    "\n"
    "typedef struct { int __locked; } omp_lock_t;\n"
    "typedef struct { int __locked; int __owner; int __depth; } omp_nest_lock_t;\n"
    "\n"
    "int __simt_omp_nthreads = 1;   // nthreads-var: the size of the next team\n"
    "int __simt_omp_tid = 0;        // the running member's number\n"
    "int __simt_omp_size = 1;       // the running team's size\n"
    "int __simt_omp_levels = 0;     // parallel regions around the running code\n"
    "int __simt_omp_active = 0;     // those of them with more than one member\n"
    "\n"
    "inline int omp_get_thread_num(void) { return __simt_omp_tid; }\n"
    "inline int omp_get_num_threads(void) { return __simt_omp_size; }\n"
    "inline int omp_get_max_threads(void) { return __simt_omp_nthreads; }\n"
    "inline void omp_set_num_threads(int n) { __simt_omp_nthreads = n > 0 ? n : 1; }\n"
    "inline int omp_get_num_procs(void) { return 1; }\n"
    "inline int omp_in_parallel(void) { return __simt_omp_active > 0; }\n"
    "inline int omp_get_level(void) { return __simt_omp_levels; }\n"
    "inline int omp_get_active_level(void) { return __simt_omp_active; }\n"
    "inline int omp_get_dynamic(void) { return 0; }\n"
    "inline void omp_set_dynamic(int d) { (void)d; }\n"
    "inline int omp_get_max_active_levels(void) { return 1; }\n"
    "\n"
    "// the program's clock: modelled host time unless --wall-clock\n"
    "inline double omp_get_wtime(void)\n"
    "{\n"
    "    long ts[2];  // a struct timespec: seconds, nanoseconds\n"
    "    clock_gettime(CLOCK_MONOTONIC, ts);\n"
    "    return (double)ts[0] + (double)ts[1] * 1e-9;\n"
    "}\n"
    "inline double omp_get_wtick(void) { return 1e-9; }\n"
    "\n"
    "// A lock set by a member that ended, or set twice by one member, is\n"
    "// one no member could ever take: the program stops there.\n"
    "inline void omp_init_lock(omp_lock_t *l) { l->__locked = 0; }\n"
    "inline void omp_destroy_lock(omp_lock_t *l) { l->__locked = 0; }\n"
    "inline void omp_set_lock(omp_lock_t *l)\n"
    "{\n"
    "    if (l->__locked)\n"
    "        __simt_omp_fail(\"omp_set_lock: the lock is already set, and members run one after \"\n"
    "                        \"another here: the wait would never end\");\n"
    "    l->__locked = 1;\n"
    "}\n"
    "inline void omp_unset_lock(omp_lock_t *l) { l->__locked = 0; }\n"
    "inline int omp_test_lock(omp_lock_t *l)\n"
    "{\n"
    "    if (l->__locked)\n"
    "        return 0;\n"
    "    l->__locked = 1;\n"
    "    return 1;\n"
    "}\n"
    "inline void omp_init_nest_lock(omp_nest_lock_t *l) { l->__locked = 0; l->__depth = 0; }\n"
    "inline void omp_destroy_nest_lock(omp_nest_lock_t *l) { l->__locked = 0; l->__depth = 0; }\n"
    "inline void omp_set_nest_lock(omp_nest_lock_t *l)\n"
    "{\n"
    "    if (l->__depth > 0 && l->__owner != __simt_omp_tid)\n"
    "        __simt_omp_fail(\"omp_set_nest_lock: another member holds the lock, and members run \"\n"
    "                        \"one after another here: the wait would never end\");\n"
    "    l->__owner = __simt_omp_tid;\n"
    "    l->__depth++;\n"
    "}\n"
    "inline void omp_unset_nest_lock(omp_nest_lock_t *l) { if (l->__depth > 0) l->__depth--; }\n"
    "\n"
    "// A barrier with more than one member: the members before this one\n"
    "// have already run to the region's end.\n"
    "inline void __simt_omp_barrier(const char *construct)\n"
    "{\n"
    "    if (__simt_omp_size > 1)\n"
    "        __simt_omp_fail(construct);\n"
    "}\n"
    "\n"
    "// #pragma omp parallel: each next() starts the next member.\n"
    "struct __simt_omp_team {\n"
    "    int n, k, tid, size;\n"
    "    __simt_omp_team(int asked, int cond)\n"
    "    {\n"
    "        if (asked == 0 || asked < -1)\n"
    "            __simt_omp_fail(\"num_threads(n) needs n > 0\");\n"
    "        n = asked > 0 ? asked : __simt_omp_nthreads;\n"
    "        if (!cond || __simt_omp_active > 0)  // nested regions are inactive, as gcc's\n"
    "            n = 1;\n"
    "        k = -1;\n"
    "        tid = __simt_omp_tid;\n"
    "        size = __simt_omp_size;\n"
    "    }\n"
    "    bool next()\n"
    "    {\n"
    "        if (k < 0) {\n"
    "            __simt_omp_levels++;\n"
    "            if (n > 1)\n"
    "                __simt_omp_active++;\n"
    "        }\n"
    "        k++;\n"
    "        if (k < n) {\n"
    "            __simt_omp_tid = k;\n"
    "            __simt_omp_size = n;\n"
    "            return true;\n"
    "        }\n"
    "        __simt_omp_levels--;\n"
    "        if (n > 1)\n"
    "            __simt_omp_active--;\n"
    "        __simt_omp_tid = tid;\n"
    "        __simt_omp_size = size;\n"
    "        return false;\n"
    "    }\n"
    "};\n"
    "\n"
    "// #pragma omp for: the member's share of the loop's iterations.  With\n"
    "// more than one member a first pass counts them (skip() is always\n"
    "// true), the second runs the member's: schedule(static) gives member i\n"
    "// of N a block, the first count % N members one more, as libgomp does;\n"
    "// a chunk c deals blocks of c round the members.  `barrier` is the\n"
    "// message for the construct's closing barrier, or 0 when there is none.\n"
    "struct __simt_omp_loop {\n"
    "    long long count, index, lo, hi, chunk;\n"
    "    int pass;\n"
    "    const char *barrier;\n"
    "    __simt_omp_loop(long long c, const char *b) : count(0), index(0), lo(0), hi(0),\n"
    "        chunk(c), pass(0), barrier(b)\n"
    "    {\n"
    "        if (c < 0)\n"
    "            __simt_omp_fail(\"schedule's chunk size must be positive\");\n"
    "    }\n"
    "    bool next()\n"
    "    {\n"
    "        if (pass == 0 && barrier)\n"
    "            __simt_omp_barrier(barrier);\n"
    "        if (pass == 0 && __simt_omp_size == 1) {\n"
    "            pass = 2;\n"
    "            hi = 0x7fffffffffffffffLL;\n"
    "            return true;\n"
    "        }\n"
    "        pass++;\n"
    "        if (pass == 2 && chunk == 0) {\n"
    "            long long q = count / __simt_omp_size, r = count % __simt_omp_size;\n"
    "            long long t = __simt_omp_tid;\n"
    "            lo = q * t + (t < r ? t : r);\n"
    "            hi = lo + q + (t < r ? 1 : 0);\n"
    "        }\n"
    "        return pass <= 2;\n"
    "    }\n"
    "    bool skip()\n"
    "    {\n"
    "        if (pass == 1) {\n"
    "            count++;\n"
    "            return true;\n"
    "        }\n"
    "        long long i = index++;\n"
    "        if (chunk > 0)\n"
    "            return (i / chunk) % __simt_omp_size != __simt_omp_tid;\n"
    "        return i < lo || i >= hi;\n"
    "    }\n"
    "    bool past() { return pass == 2 && chunk == 0 && index > hi; }\n"
    "};\n"
    "\n"
    "// #pragma omp single, master, sections: the block runs once, in member 0\n"
    "// (`member0`) or in the first to arrive, which is member 0 too.\n"
    "struct __simt_omp_once {\n"
    "    int done;\n"
    "    __simt_omp_once(const char *barrier) : done(__simt_omp_tid != 0)\n"
    "    {\n"
    "        if (barrier)\n"
    "            __simt_omp_barrier(barrier);\n"
    "    }\n"
    "    bool next() { int d = done; done = 1; return d == 0; }\n"
    "};\n"
    "\n"
    "// private and firstprivate: the member's copy is the variable, set back\n"
    "// to the original value as each member starts and when the construct ends.\n"
    "template <typename T> struct __simt_omp_keep {\n"
    "    T *p;\n"
    "    T orig;\n"
    "    int first;\n"
    "    __simt_omp_keep(T *v) : p(v), orig(*v), first(1) {}\n"
    "    bool once() { int f = first; first = 0; return f != 0; }\n"
    "    bool step(bool more) { *p = orig; return more; }\n"
    "};\n"
    "\n"
    OMP_REDUCTION("add", "(T)0", "orig + *p")
    OMP_REDUCTION("mul", "(T)1", "orig * *p")
    OMP_REDUCTION("xor", "(T)0", "orig ^ *p")
    OMP_REDUCTION("and", "orig", "orig & *p")
    OMP_REDUCTION("or", "orig", "orig | *p")
    OMP_REDUCTION("land", "orig", "(T)(orig && *p)")
    OMP_REDUCTION("lor", "orig", "(T)(orig || *p)")
    OMP_REDUCTION("max", "orig", "(orig < *p ? *p : orig)")
    OMP_REDUCTION("min", "orig", "(*p < orig ? *p : orig)");

const char *k_omp_header_text(void)
{
    return TEXT_OMP_H;
}
