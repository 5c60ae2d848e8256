/* vm/srcquote.h -- printing a line of guest source under a diagnostic, the
 * same way for the compiler, the VM's faults and the checkers.
 *
 * Source is UTF-8: a well-formed multi-byte character is printed as it is
 * and counts as one column (so the caret under "中文" lands where it should);
 * a byte that is neither printable ASCII, a tab nor part of a well-formed
 * character is printed as '?', so binary input cannot garble a terminal. */
#ifndef SIMT_SRCQUOTE_H
#define SIMT_SRCQUOTE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Bytes of the well-formed UTF-8 character at s (at most n bytes there), or 0. */
size_t simt_utf8_len(const char *s, size_t n);
/* Prints [s, s + n) as described above. */
void simt_put_source(FILE *out, const char *s, size_t n);
/* Prints the blanks that put a caret under the character just after
 * [s, s + n): a tab for a tab, one space for any other character. */
void simt_put_caret_pad(FILE *out, const char *s, size_t n);
/* The 1-based column, in characters, of byte column byte_col (1-based) of
 * the line [s, s + n); 0 stays 0. */
uint32_t simt_char_column(const char *s, size_t n, uint32_t byte_col);

#endif
