/* lang/stl_cstdlib.c -- the text of <stdlib.h>'s qsort, bsearch and the
 * drand48 family, written in K and read by <stdlib.h>, <cstdlib> and
 * <algorithm> (libstdc++'s <algorithm> includes <cstdlib>).  The rest of
 * <stdlib.h> is built into the compiler and the runtime (lang/builtins.c);
 * qsort and bsearch call the program's comparison function, so they are K
 * code like the program's, and the drand48 family keeps its state in K.
 *
 * qsort is glibc's: a stable top-down merge sort through a buffer of n
 * elements (msort.c, which every glibc since 2.0 uses when the buffer can
 * be allocated), halves of n / 2 and n - n / 2, the left element taken
 * while compar(left, right) <= 0 -- so equal elements keep their order and
 * the comparison function sees the same calls in the same order as under
 * glibc.  bsearch is glibc's too: the middle (l + u) / 2, key first.
 * The drand48 family is glibc's 48-bit congruential generator (POSIX's a
 * and c; srand48 keeps the seed's low 32 bits under 0x330E, as glibc does;
 * before any srand48 the state is 0): drand48 is X / 2^48 exactly, lrand48
 * X's top 31 bits, mrand48 its top 32 as a signed value; erand48, nrand48,
 * jrand48 the same on the caller's three 16-bit words.
 * Both are std:: functions that a using-declaration brings to the global
 * namespace, as <stdlib.h> does in C++. */
#include "stl.h"

static const char TEXT_CSTDLIB[] =
    "// qsort and bsearch as simtvm builds them in, written in K (lang/stl_cstdlib.c).\n"
    "#pragma once\n"
    "#include <string.h>\n"
    "namespace std {\n"
    "static void __simtvm_msort(char *b, unsigned long n, unsigned long s,\n"
    "                           int (*compar)(const void *, const void *), char *t)\n"
    "{\n"
    "    if (n <= 1)\n"
    "        return;\n"
    "    unsigned long n1 = n / 2, n2 = n - n1;\n"
    "    char *b1 = b, *b2 = b + n1 * s, *o = t;\n"
    "    __simtvm_msort(b1, n1, s, compar, t);\n"
    "    __simtvm_msort(b2, n2, s, compar, t);\n"
    "    while (n1 > 0 && n2 > 0) {\n"
    "        if (compar(b1, b2) <= 0) {\n"
    "            memcpy(o, b1, s);\n"
    "            b1 += s;\n"
    "            n1--;\n"
    "        } else {\n"
    "            memcpy(o, b2, s);\n"
    "            b2 += s;\n"
    "            n2--;\n"
    "        }\n"
    "        o += s;\n"
    "    }\n"
    "    if (n1 > 0)\n"
    "        memcpy(o, b1, n1 * s);\n"
    "    memcpy(b, t, (n - n2) * s);\n"
    "}\n"
    "static void qsort(void *base, unsigned long nmemb, unsigned long size,\n"
    "                  int (*compar)(const void *, const void *))\n"
    "{\n"
    "    if (nmemb <= 1 || size == 0)\n"
    "        return;\n"
    "    char *t = (char *)malloc(nmemb * size);\n"
    "    __simtvm_msort((char *)base, nmemb, size, compar, t);\n"
    "    free(t);\n"
    "}\n"
    "static void *bsearch(const void *key, const void *base, unsigned long nmemb,\n"
    "                     unsigned long size, int (*compar)(const void *, const void *))\n"
    "{\n"
    "    unsigned long l = 0, u = nmemb;\n"
    "    while (l < u) {\n"
    "        unsigned long idx = (l + u) / 2;\n"
    "        const char *p = (const char *)base + idx * size;\n"
    "        int comparison = compar(key, p);\n"
    "        if (comparison < 0)\n"
    "            u = idx;\n"
    "        else if (comparison > 0)\n"
    "            l = idx + 1;\n"
    "        else\n"
    "            return (void *)p;\n"
    "    }\n"
    "    return NULL;\n"
    "}\n"
    "/* the 48-bit generator: X = (0x5DEECE66D X + 0xB) mod 2^48 */\n"
    "static unsigned long long __simtvm_rand48_x = 0;\n"
    "static unsigned long long __simtvm_rand48_next(unsigned short *xs)\n"
    "{\n"
    "    unsigned long long x = (unsigned long long)xs[0] | (unsigned long long)xs[1] << 16 |\n"
    "                           (unsigned long long)xs[2] << 32;\n"
    "    x = (x * 0x5DEECE66Dull + 0xBull) & 0xFFFFFFFFFFFFull;\n"
    "    xs[0] = (unsigned short)x;\n"
    "    xs[1] = (unsigned short)(x >> 16);\n"
    "    xs[2] = (unsigned short)(x >> 32);\n"
    "    return x;\n"
    "}\n"
    "static unsigned long long __simtvm_rand48_step(void)\n"
    "{\n"
    "    __simtvm_rand48_x = (__simtvm_rand48_x * 0x5DEECE66Dull + 0xBull) & 0xFFFFFFFFFFFFull;\n"
    "    return __simtvm_rand48_x;\n"
    "}\n"
    "static void srand48(long seedval)\n"
    "{\n"
    "    __simtvm_rand48_x = (unsigned long long)(seedval & 0xffffffffl) << 16 | 0x330Eull;\n"
    "}\n"
    "static double drand48(void) { return (double)__simtvm_rand48_step() * 0x1p-48; }\n"
    "static long lrand48(void) { return (long)(__simtvm_rand48_step() >> 17); }\n"
    "static long mrand48(void) { return (long)(int)(unsigned int)(__simtvm_rand48_step() >> 16); }\n"
    "static double erand48(unsigned short xsubi[3])\n"
    "{\n"
    "    return (double)__simtvm_rand48_next(xsubi) * 0x1p-48;\n"
    "}\n"
    "static long nrand48(unsigned short xsubi[3]) { return (long)(__simtvm_rand48_next(xsubi) >> 17); }\n"
    "static long jrand48(unsigned short xsubi[3])\n"
    "{\n"
    "    return (long)(int)(unsigned int)(__simtvm_rand48_next(xsubi) >> 16);\n"
    "}\n"
    "}\n"
    "// POSIX rand_r, glibc's: three steps of rand's old generator on the caller's state\n"
    "template <class = void> int rand_r(unsigned int *seed)\n"
    "{\n"
    "    unsigned int next = *seed;\n"
    "    next = next * 1103515245u + 12345u;\n"
    "    int result = (int)((next / 65536u) % 2048u);\n"
    "    next = next * 1103515245u + 12345u;\n"
    "    result = (result << 10) ^ (int)((next / 65536u) % 1024u);\n"
    "    next = next * 1103515245u + 12345u;\n"
    "    result = (result << 10) ^ (int)((next / 65536u) % 1024u);\n"
    "    *seed = next;\n"
    "    return result;\n"
    "}\n"
    "using std::qsort;\n"
    "using std::bsearch;\n"
    "using std::srand48;\n"
    "using std::drand48;\n"
    "using std::lrand48;\n"
    "using std::mrand48;\n"
    "using std::erand48;\n"
    "using std::nrand48;\n"
    "using std::jrand48;\n";

const char *k_stl_cstdlib_text(void)
{
    return TEXT_CSTDLIB;
}
