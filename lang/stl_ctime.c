/* lang/stl_ctime.c -- <time.h>'s calendar as simtvm builds it in: struct tm
 * (glibc's x86-64 layout) and the calls around the runtime's conversions
 * (runtime/calendar.c): localtime and gmtime keep their result in one
 * structure each, as C's do, and the _r forms fill the caller's; asctime
 * and ctime print C's fixed format; difftime is a subtraction.  time(),
 * clock() and the clocks are the runtime's (vm/libc.def), on the modelled
 * clock (SPEC 5.3).  Templates, so that a program that calls none compiles
 * none.  g++ makes all of this visible after <iostream> alone (glibc's
 * <pthread.h> includes <time.h>), so lang/pp_implicit.c reads this ahead
 * of a file that names one of them. */
#include "stl.h"

static const char TEXT_CTIME[] =
    "// <time.h>'s calendar as simtvm builds it in (lang/stl_ctime.c)\n"
    "#ifndef __SIMTVM_CTIME\n"
    "#define __SIMTVM_CTIME\n"
    "struct tm {\n"
    "    int tm_sec;\n"
    "    int tm_min;\n"
    "    int tm_hour;\n"
    "    int tm_mday;\n"
    "    int tm_mon;\n"
    "    int tm_year;\n"
    "    int tm_wday;\n"
    "    int tm_yday;\n"
    "    int tm_isdst;\n"
    "    long tm_gmtoff;\n"
    "    const char *tm_zone;\n"
    "};\n"
    "namespace std {\n"
    "template <class = void> struct tm *localtime_r(const long *t, struct tm *result)\n"
    "{\n"
    "    return __simtvm_tm_from_time(*t, result, 1) == 0 ? result : NULL;\n"
    "}\n"
    "template <class = void> struct tm *gmtime_r(const long *t, struct tm *result)\n"
    "{\n"
    "    return __simtvm_tm_from_time(*t, result, 0) == 0 ? result : NULL;\n"
    "}\n"
    "template <class = void> struct tm *localtime(const long *t)\n"
    "{\n"
    "    static struct tm result;\n"
    "    return localtime_r(t, &result);\n"
    "}\n"
    "template <class = void> struct tm *gmtime(const long *t)\n"
    "{\n"
    "    static struct tm result;\n"
    "    return gmtime_r(t, &result);\n"
    "}\n"
    "template <class = void> double difftime(long end, long start)\n"
    "{\n"
    "    return (double)(end - start);\n"
    "}\n"
    "// C's format: \"Sun Sep 16 01:03:52 1973\\n\"\n"
    "template <class = void> char *asctime(const struct tm *tm)\n"
    "{\n"
    "    static const char days[7][4] = { \"Sun\", \"Mon\", \"Tue\", \"Wed\", \"Thu\", \"Fri\", \"Sat\" };\n"
    "    static const char months[12][4] = { \"Jan\", \"Feb\", \"Mar\", \"Apr\", \"May\", \"Jun\",\n"
    "                                        \"Jul\", \"Aug\", \"Sep\", \"Oct\", \"Nov\", \"Dec\" };\n"
    "    static char text[64];\n"
    "    sprintf(text, \"%.3s %.3s%3d %.2d:%.2d:%.2d %d\\n\",\n"
    "            tm->tm_wday >= 0 && tm->tm_wday < 7 ? days[tm->tm_wday] : \"???\",\n"
    "            tm->tm_mon >= 0 && tm->tm_mon < 12 ? months[tm->tm_mon] : \"???\",\n"
    "            tm->tm_mday, tm->tm_hour, tm->tm_min, tm->tm_sec, 1900 + tm->tm_year);\n"
    "    return text;\n"
    "}\n"
    "template <class = void> char *ctime(const long *t)\n"
    "{\n"
    "    return asctime(localtime(t));\n"
    "}\n"
    "}\n"
    "using std::localtime_r;\n"
    "using std::gmtime_r;\n"
    "using std::localtime;\n"
    "using std::gmtime;\n"
    "using std::difftime;\n"
    "using std::asctime;\n"
    "using std::ctime;\n"
    "#endif\n";

const char *k_stl_ctime_text(void)
{
    return TEXT_CTIME;
}
