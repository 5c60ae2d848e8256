/* runtime/calendar.c -- <time.h>'s calendar (localtime, gmtime, mktime,
 * strftime), <sys/stat.h>'s stat and <string.h>'s strerror on the host.
 *
 * The guest's struct tm and struct stat have glibc's x86-64 layouts
 * (lang/stl_ctime.c and lang/headers.c declare them); these calls convert
 * between them and the host's, field by field, through checked guest
 * memory, so that a pointer that is not to a whole structure is a located
 * fault.  The conversions themselves are the host C library's: the time
 * zone is the host's (TZ), as for the program built by g++.  tm_zone is
 * left NULL in the guest (it would point into the host's memory); strftime's
 * %Z takes the zone's name from the host instead. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "runtime/hostlib.h"

enum { GUEST_TM_SIZE = 56, GUEST_TM_GMTOFF = 40, GUEST_STAT_SIZE = 144 };

static int read_tm(call *c, const char *fn, uint64_t addr, struct tm *tm)
{
    const unsigned char *g = guest(c, fn, addr, GUEST_TM_SIZE, 0);
    if (!g)
        return -1;
    int32_t f[9];
    int64_t gmtoff;
    memcpy(f, g, sizeof f);
    memcpy(&gmtoff, g + GUEST_TM_GMTOFF, sizeof gmtoff);
    memset(tm, 0, sizeof *tm);
    tm->tm_sec = f[0], tm->tm_min = f[1], tm->tm_hour = f[2];
    tm->tm_mday = f[3], tm->tm_mon = f[4], tm->tm_year = f[5];
    tm->tm_wday = f[6], tm->tm_yday = f[7], tm->tm_isdst = f[8];
    tm->tm_gmtoff = (long)gmtoff;
    return 0;
}

static int write_tm(call *c, const char *fn, uint64_t addr, const struct tm *tm)
{
    unsigned char out[GUEST_TM_SIZE] = {0};
    int32_t f[9] = { tm->tm_sec, tm->tm_min, tm->tm_hour, tm->tm_mday, tm->tm_mon,
                     tm->tm_year, tm->tm_wday, tm->tm_yday, tm->tm_isdst };
    int64_t gmtoff = tm->tm_gmtoff;
    memcpy(out, f, sizeof f);
    memcpy(out + GUEST_TM_GMTOFF, &gmtoff, sizeof gmtoff);
    return store(c, fn, addr, out, sizeof out);
}

/* __simtvm_tm_from_time(t, tm, local): localtime_r or gmtime_r into the
 * guest's tm; 0, or -1 where the year does not fit (glibc's NULL). */
simt_status simt_lib_TM_FROM_TIME(call *c)
{
    time_t t = (time_t)(int64_t)arg(c, 0);
    struct tm tm;
    const char *fn = arg_int(c, 2) ? "localtime" : "gmtime";
    if (!(arg_int(c, 2) ? localtime_r(&t, &tm) : gmtime_r(&t, &tm))) {
        simt_stdio_set_errno(c, EOVERFLOW);
        return ret_int(c, -1);
    }
    return write_tm(c, fn, arg(c, 1), &tm) ? SIMT_FAULT : ret_int(c, 0);
}

/* mktime(tm): the time of the local date in tm, whose fields it normalises
 * (tm_wday and tm_yday set), as C's does. */
simt_status simt_lib_MKTIME(call *c)
{
    struct tm tm;
    if (read_tm(c, "mktime", arg(c, 0), &tm))
        return SIMT_FAULT;
    time_t t = mktime(&tm);
    if (write_tm(c, "mktime", arg(c, 0), &tm))
        return SIMT_FAULT;
    return ret_u64(c, (uint64_t)(int64_t)t);
}

/* strftime(buf, max, format, tm): the host's, into the guest's buf. */
simt_status simt_lib_STRFTIME(call *c)
{
    size_t flen, max = (size_t)arg(c, 1);
    const char *format = guest_str(c, "strftime", arg(c, 2), SIZE_MAX, &flen);
    struct tm tm;
    if (!format || read_tm(c, "strftime", arg(c, 3), &tm))
        return SIMT_FAULT;
    char fmt[4096], text[4096];
    if (flen >= sizeof fmt)
        return simt_vm_faultf(c->vm, "strftime: a format of %zu bytes (simtvm takes up to %zu)",
                              flen, sizeof fmt - 1);
    memcpy(fmt, format, flen + 1);
    size_t n = strftime(text, max < sizeof text ? max : sizeof text, fmt, &tm);
    if (max == 0 || (n == 0 && fmt[0] != '\0'))
        return ret_u64(c, 0);   /* C: 0 and the buffer's contents unspecified */
    return store(c, "strftime", arg(c, 0), text, n + 1) ? SIMT_FAULT : ret_u64(c, n);
}

static void put64(unsigned char *out, size_t at, uint64_t v)
{
    memcpy(out + at, &v, sizeof v);
}

static void put32(unsigned char *out, size_t at, uint32_t v)
{
    memcpy(out + at, &v, sizeof v);
}

/* stat(path, buf): glibc's x86-64 struct stat, 144 bytes. */
simt_status simt_lib_STAT(call *c)
{
    size_t len;
    const char *path = guest_str(c, "stat", arg(c, 0), 4096, &len);
    if (!path || !guest(c, "stat", arg(c, 1), GUEST_STAT_SIZE, 1))
        return SIMT_FAULT;
    struct stat st;
    if (stat(path, &st) != 0) {
        simt_stdio_set_errno(c, errno);
        return ret_int(c, -1);
    }
    unsigned char out[GUEST_STAT_SIZE] = {0};
    put64(out, 0, (uint64_t)st.st_dev);
    put64(out, 8, (uint64_t)st.st_ino);
    put64(out, 16, (uint64_t)st.st_nlink);
    put32(out, 24, (uint32_t)st.st_mode);
    put32(out, 28, (uint32_t)st.st_uid);
    put32(out, 32, (uint32_t)st.st_gid);
    put64(out, 40, (uint64_t)st.st_rdev);
    put64(out, 48, (uint64_t)st.st_size);
    put64(out, 56, (uint64_t)st.st_blksize);
    put64(out, 64, (uint64_t)st.st_blocks);
    put64(out, 72, (uint64_t)st.st_atim.tv_sec);
    put64(out, 80, (uint64_t)st.st_atim.tv_nsec);
    put64(out, 88, (uint64_t)st.st_mtim.tv_sec);
    put64(out, 96, (uint64_t)st.st_mtim.tv_nsec);
    put64(out, 104, (uint64_t)st.st_ctim.tv_sec);
    put64(out, 112, (uint64_t)st.st_ctim.tv_nsec);
    return store(c, "stat", arg(c, 1), out, sizeof out) ? SIMT_FAULT : ret_int(c, 0);
}

/* __simtvm_strerror(e, buf, n): the host's message for e into the guest's
 * buffer (strerror, lang/stl_cstring.c, keeps the buffer). */
simt_status simt_lib_STRERROR(call *c)
{
    size_t n = (size_t)arg(c, 2);
    const char *msg = strerror(arg_int(c, 0));   /* host code runs on one thread */
    size_t len = strlen(msg);
    if (n == 0)
        return ret_u64(c, 0);
    if (len >= n)
        len = n - 1;
    char out[256];
    memcpy(out, msg, len);
    out[len] = '\0';
    return store(c, "strerror", arg(c, 1), out, len + 1) ? SIMT_FAULT : ret_u64(c, 0);
}
