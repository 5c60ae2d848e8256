/* lang/stl_cstring.c -- the parts of <string.h> and <stdio.h> that simtvm
 * writes in K rather than in the runtime: strtok keeps its place between
 * calls in a K variable (as drand48 does, lang/stl_cstdlib.c), so no state
 * lives in the VM; strtok_r, strndup and POSIX getline follow.  The rest of
 * both headers is built into the compiler and the runtime (vm/libc.def).
 *
 * strtok_r is glibc's: skip the leading delimiters, end the token at the
 * next one, and keep the place after it (or at the end of the string);
 * strtok is strtok_r on its own saved place.  getline is glibc's too: a
 * NULL *lineptr or a zero *n starts a block of 120 bytes, and a block that
 * is too small grows to twice its size; the delimiter is kept, -1 is the
 * result at end of file with nothing read.  glibc grows by whole chunks of
 * the FILE's buffer, so for a line longer than 239 bytes its final *n can
 * differ from simtvm's (the line itself is the same). */
#include "stl.h"

static const char TEXT_CSTRING[] =
    "// strtok, strtok_r and strndup as simtvm builds them in, written in K\n"
    "// (lang/stl_cstring.c); templates, so that a program that calls none\n"
    "// compiles none.\n"
    "#pragma once\n"
    "template <class = void> char *strtok_r(char *s, const char *delim, char **save_ptr)\n"
    "{\n"
    "    if (s == NULL)\n"
    "        s = *save_ptr;\n"
    "    if (s == NULL || *s == '\\0') {\n"
    "        *save_ptr = s;\n"
    "        return NULL;\n"
    "    }\n"
    "    s += strspn(s, delim);\n"
    "    if (*s == '\\0') {\n"
    "        *save_ptr = s;\n"
    "        return NULL;\n"
    "    }\n"
    "    char *end = s + strcspn(s, delim);\n"
    "    if (*end == '\\0') {\n"
    "        *save_ptr = end;\n"
    "        return s;\n"
    "    }\n"
    "    *end = '\\0';\n"
    "    *save_ptr = end + 1;\n"
    "    return s;\n"
    "}\n"
    "namespace std {\n"
    "static char *__simtvm_strtok_place = NULL;\n"
    "template <class = void> char *strtok(char *s, const char *delim)\n"
    "{\n"
    "    return strtok_r(s, delim, &__simtvm_strtok_place);\n"
    "}\n"
    "}\n"
    "using std::strtok;\n"
    "template <class = void> char *strndup(const char *s, unsigned long n)\n"
    "{\n"
    "    unsigned long len = 0;\n"
    "    while (len < n && s[len] != '\\0')\n"
    "        len++;\n"
    "    char *copy = (char *)malloc(len + 1);\n"
    "    memcpy(copy, s, len);\n"
    "    copy[len] = '\\0';\n"
    "    return copy;\n"
    "}\n"
    "// <strings.h>'s ffs, ffsl and ffsll, which glibc's <string.h> declares\n"
    "// too (g++ defines _GNU_SOURCE): the lowest set bit's position from 1, or 0\n"
    "template <class = void> int ffsll(long long i)\n"
    "{\n"
    "    unsigned long long v = (unsigned long long)i;\n"
    "    if (v == 0)\n"
    "        return 0;\n"
    "    int n = 1;\n"
    "    for (; !(v & 1); v >>= 1)\n"
    "        n++;\n"
    "    return n;\n"
    "}\n"
    "template <class = void> int ffsl(long i) { return ffsll(i); }\n"
    "template <class = void> int ffs(int i) { return ffsll((unsigned int)i); }\n"
    "// strerror: the host's message (runtime/calendar.c) in one buffer, as glibc's\n"
    "namespace std {\n"
    "template <class = void> char *strerror(int errnum)\n"
    "{\n"
    "    static char message[256];\n"
    "    __simtvm_strerror(errnum, message, sizeof message);\n"
    "    return message;\n"
    "}\n"
    "}\n"
    "using std::strerror;\n"
    "// <strings.h>'s bzero and bcopy, which glibc's <string.h> declares too\n"
    "template <class = void> void bzero(void *s, unsigned long n) { memset(s, 0, n); }\n"
    "template <class = void> void bcopy(const void *src, void *dst, unsigned long n)\n"
    "{\n"
    "    memmove(dst, src, n);\n"
    "}\n";

static const char TEXT_CSTDIO[] =
    "// POSIX getline and getdelim as simtvm builds them in, written in K\n"
    "// (lang/stl_cstring.c); templates, so that a program that calls none\n"
    "// compiles none.\n"
    "#pragma once\n"
    "namespace std {\n"
    "template <class = void> long getdelim(char **lineptr, unsigned long *n, int delim, FILE *stream)\n"
    "{\n"
    "    if (*lineptr == NULL || *n == 0) {\n"
    "        *n = 120;\n"
    "        *lineptr = (char *)realloc(*lineptr, *n);\n"
    "    }\n"
    "    unsigned long len = 0;\n"
    "    int c = fgetc(stream);\n"
    "    if (c == EOF)\n"
    "        return -1;\n"
    "    while (c != EOF) {\n"
    "        if (len + 2 > *n) {\n"
    "            unsigned long need = len + 2 < 2 * *n ? 2 * *n : len + 2;\n"
    "            *lineptr = (char *)realloc(*lineptr, need);\n"
    "            *n = need;\n"
    "        }\n"
    "        (*lineptr)[len++] = (char)c;\n"
    "        if (c == delim)\n"
    "            break;\n"
    "        c = fgetc(stream);\n"
    "    }\n"
    "    (*lineptr)[len] = '\\0';\n"
    "    return (long)len;\n"
    "}\n"
    "template <class = void> long getline(char **lineptr, unsigned long *n, FILE *stream)\n"
    "{\n"
    "    return getdelim(lineptr, n, '\\n', stream);\n"
    "}\n"
    "}\n"
    "using std::getdelim;\n"
    "using std::getline;\n";

const char *k_stl_cstring_text(void)
{
    return TEXT_CSTRING;
}

const char *k_stl_cstdio_text(void)
{
    return TEXT_CSTDIO;
}
