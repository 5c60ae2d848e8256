/* runtime/clocks.c -- <time.h> and <sys/time.h> on the host: clock, time,
 * gettimeofday, clock_gettime (and std::chrono's clocks, which read
 * simt_host_now_ns).
 *
 * Every clock a program reads is the model's (SPEC 2.8, 5.3): the host's
 * time on the modelled timeline (vm/timeline.c), which is 1 ns for each host
 * instruction issued so far plus the time the host waited for the device
 * (cudaDeviceSynchronize, a blocking cudaMemcpy ...).  A launch returns at
 * once, as on a GPU; a clock read after a synchronisation includes the
 * kernels.  Both counts are the same with or without --stats, so a program
 * that times its kernels prints the same figures every run.  The calendar
 * clocks (time, gettimeofday, CLOCK_REALTIME) count from the Unix epoch as
 * if the program had started at 0.  --wall-clock (cfg.wall_clock) gives the
 * host's real clocks instead.
 */
#include <time.h>

#include "runtime/hostlib.h"

/* Linux's clockid_t values, as <time.h> defines them for the guest. */
enum { GUEST_CLOCK_REALTIME = 0, GUEST_CLOCK_MONOTONIC = 1, GUEST_CLOCK_PROCESS_CPUTIME = 2,
       GUEST_CLOCK_THREAD_CPUTIME = 3, GUEST_CLOCK_MONOTONIC_RAW = 4 };

static int64_t real_ns(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t simt_host_now_ns(const simt_vm *vm)
{
    if (vm->cfg.wall_clock)
        return real_ns(CLOCK_MONOTONIC);
    return simt_host_model_ns(vm);
}

/* The calendar time in nanoseconds since the epoch. */
static int64_t calendar_ns(const simt_vm *vm)
{
    return vm->cfg.wall_clock ? real_ns(CLOCK_REALTIME) : simt_host_now_ns(vm);
}

/* void __simtvm_sleep_ns(long long ns): what sleep, usleep, nanosleep and
 * std::this_thread::sleep_for call.  The host sleeps on the modelled
 * timeline (its time moves on while the device's work goes on: a kernel
 * launched before the sleep may be done after it); with --wall-clock it
 * really sleeps. */
simt_status simt_lib_SLEEP_NS(call *c)
{
    int64_t ns = (int64_t)arg(c, 0);
    if (ns > 0 && c->vm->cfg.wall_clock) {
        struct timespec ts = { (time_t)(ns / 1000000000), (long)(ns % 1000000000) };
        while (nanosleep(&ts, &ts) != 0) {
        }
    } else if (ns > 0) {
        c->vm->host_wait_ms += (double)ns / 1e6;
    }
    return ret_u64(c, 0);
}

/* clock_t clock(void): CLOCKS_PER_SEC is 1000000, as on Linux. */
simt_status simt_lib_HOST_CLOCK(call *c)
{
    if (c->vm->cfg.wall_clock)
        return ret_u64(c, (uint64_t)(int64_t)clock());
    return ret_u64(c, (uint64_t)(simt_host_now_ns(c->vm) / 1000));
}

simt_status simt_lib_TIME(call *c)
{
    int64_t sec = calendar_ns(c->vm) / 1000000000;
    if (arg(c, 0) && store_u64(c, "time", arg(c, 0), (uint64_t)sec) != 0)
        return SIMT_FAULT;
    return ret_u64(c, (uint64_t)sec);
}

/* Writes {long tv_sec; long second_field} (struct timeval, struct timespec). */
static int store_pair(call *c, const char *fn, uint64_t addr, int64_t sec, int64_t part)
{
    int64_t v[2] = { sec, part };
    return store(c, fn, addr, v, sizeof v);
}

/* int gettimeofday(struct timeval *tv, struct timezone *tz): tz is ignored,
 * as glibc does. */
simt_status simt_lib_GETTIMEOFDAY(call *c)
{
    int64_t ns = calendar_ns(c->vm);
    if (arg(c, 0) &&
        store_pair(c, "gettimeofday", arg(c, 0), ns / 1000000000, ns % 1000000000 / 1000) != 0)
        return SIMT_FAULT;
    return ret_int(c, 0);
}

/* int clock_gettime(clockid_t id, struct timespec *ts): -1 for an unknown id
 * (errno EINVAL on Linux). */
simt_status simt_lib_CLOCK_GETTIME(call *c)
{
    int id = arg_int(c, 0);
    int64_t ns;
    switch (id) {
    case GUEST_CLOCK_REALTIME: ns = calendar_ns(c->vm); break;
    case GUEST_CLOCK_MONOTONIC: case GUEST_CLOCK_MONOTONIC_RAW:
    case GUEST_CLOCK_PROCESS_CPUTIME: case GUEST_CLOCK_THREAD_CPUTIME:
        ns = c->vm->cfg.wall_clock && id >= GUEST_CLOCK_PROCESS_CPUTIME
                 ? real_ns(id == GUEST_CLOCK_PROCESS_CPUTIME ? CLOCK_PROCESS_CPUTIME_ID
                                                             : CLOCK_THREAD_CPUTIME_ID)
                 : simt_host_now_ns(c->vm);
        break;
    default: return ret_int(c, -1);
    }
    if (store_pair(c, "clock_gettime", arg(c, 1), ns / 1000000000, ns % 1000000000) != 0)
        return SIMT_FAULT;
    return ret_int(c, 0);
}

/* std::chrono's clocks: libstdc++'s steady_clock and high_resolution_clock
 * count nanoseconds (high_resolution_clock is system_clock); system_clock
 * is the calendar. */
simt_status simt_lib_CHRONO_STEADY_NOW(call *c)
{
    return ret_u64(c, (uint64_t)simt_host_now_ns(c->vm));
}

simt_status simt_lib_CHRONO_HIRES_NOW(call *c)
{
    return ret_u64(c, (uint64_t)calendar_ns(c->vm));
}

simt_status simt_lib_CHRONO_SYSTEM_NOW(call *c)
{
    return ret_u64(c, (uint64_t)calendar_ns(c->vm));
}
