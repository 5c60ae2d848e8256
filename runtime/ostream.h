/* runtime/ostream.h -- <iostream>/<iomanip> output formatting, exactly as
 * libstdc++ does it (runtime/ostream.c): the state of one stream (flags,
 * width, precision, fill) and the formatted insertion of each kind of value.
 * Pure formatting into a FILE *: the guest's std::cout and std::cerr are
 * handled by runtime/ostream.c's builtins. */
#ifndef SIMT_OSTREAM_H
#define SIMT_OSTREAM_H

#include <stdint.h>
#include <stdio.h>

/* ios_base::fmtflags that change output (basefield, floatfield, adjustfield
 * are the OS_DEC.., OS_FIXED.., OS_LEFT.. groups). */
enum simt_os_flag {
    OS_BOOLALPHA = 1 << 0, OS_SHOWBASE = 1 << 1, OS_SHOWPOINT = 1 << 2, OS_SHOWPOS = 1 << 3,
    OS_UPPERCASE = 1 << 4,
    OS_DEC = 1 << 5, OS_OCT = 1 << 6, OS_HEX = 1 << 7,
    OS_FIXED = 1 << 8, OS_SCIENTIFIC = 1 << 9,
    OS_LEFT = 1 << 10, OS_RIGHT = 1 << 11, OS_INTERNAL = 1 << 12,
};
#define OS_BASEFIELD (OS_DEC | OS_OCT | OS_HEX)
#define OS_FLOATFIELD (OS_FIXED | OS_SCIENTIFIC)
#define OS_ADJUSTFIELD (OS_LEFT | OS_RIGHT | OS_INTERNAL)

typedef struct simt_ostream {
    unsigned flags;             /* enum simt_os_flag */
    int64_t width;              /* setw: applies to the next insertion only */
    int64_t precision;          /* setprecision (6 initially) */
    char fill;                  /* setfill (' ' initially) */
} simt_ostream;

/* The kinds of value `<<` inserts, after C++'s overload choice: short and
 * int keep their width for hex/oct, long and long long are one kind. */
enum simt_os_kind {
    OSK_BOOL, OSK_CHAR, OSK_SHORT, OSK_USHORT, OSK_INT, OSK_UINT, OSK_LONG, OSK_ULONG,
    OSK_DOUBLE, OSK_PTR, OSK_STR, OSK_MANIP,
};

/* Manipulators: a value is (code << 32) | argument (setw(n), setfill(c)...). */
enum simt_os_manip {
    OSM_ENDL = 1, OSM_FLUSH, OSM_ENDS, OSM_SETW, OSM_SETPRECISION, OSM_SETFILL,
    OSM_BOOLALPHA, OSM_NOBOOLALPHA, OSM_SHOWBASE, OSM_NOSHOWBASE, OSM_SHOWPOINT,
    OSM_NOSHOWPOINT, OSM_SHOWPOS, OSM_NOSHOWPOS, OSM_UPPERCASE, OSM_NOUPPERCASE,
    OSM_DEC, OSM_HEX, OSM_OCT, OSM_FIXED, OSM_SCIENTIFIC, OSM_HEXFLOAT, OSM_DEFAULTFLOAT,
    OSM_LEFT, OSM_RIGHT, OSM_INTERNAL,
};

void simt_ostream_init(simt_ostream *s);
/* Inserts a number, bool, char or pointer given as raw register bits (a
 * double's bits for OSK_DOUBLE; integers sign- or zero-extended). */
void simt_ostream_put(simt_ostream *s, FILE *f, int kind, uint64_t raw);
/* Inserts len bytes of text as `<< const char *` does. */
void simt_ostream_put_text(simt_ostream *s, FILE *f, const char *text, size_t len);
/* Applies a manipulator value ((code << 32) | argument). */
void simt_ostream_manip(simt_ostream *s, FILE *f, uint64_t manip);

#endif
