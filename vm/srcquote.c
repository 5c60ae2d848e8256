/* vm/srcquote.c -- see srcquote.h. */
#include "vm/srcquote.h"

size_t simt_utf8_len(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    if (n == 0)
        return 0;
    size_t len = u[0] >= 0xf0 && u[0] <= 0xf4 ? 4 : u[0] >= 0xe0 ? 3 : u[0] >= 0xc2 ? 2 : 0;
    if (u[0] < 0x80 || len == 0 || len > n)
        return u[0] < 0x80;
    for (size_t i = 1; i < len; i++)
        if ((u[i] & 0xc0) != 0x80)
            return 0;
    /* overlong 3- and 4-byte forms, surrogates and values above U+10FFFF */
    if ((u[0] == 0xe0 && u[1] < 0xa0) || (u[0] == 0xed && u[1] >= 0xa0) ||
        (u[0] == 0xf0 && u[1] < 0x90) || (u[0] == 0xf4 && u[1] >= 0x90))
        return 0;
    return len;
}

/* Bytes of the character at s: its UTF-8 length, or 1 for a stray byte. */
static size_t char_bytes(const char *s, size_t n)
{
    size_t len = simt_utf8_len(s, n);
    return len ? len : 1;
}

void simt_put_source(FILE *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        size_t len = simt_utf8_len(s + i, n - i);
        if (len > 1)
            fwrite(s + i, 1, len, out);
        else
            fputc(c == '\t' || (c >= 0x20 && c < 0x7f) ? c : '?', out);
        i += len ? len : 1;
    }
}

void simt_put_caret_pad(FILE *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i += char_bytes(s + i, n - i))
        fputc(s[i] == '\t' ? '\t' : ' ', out);
}

uint32_t simt_char_column(const char *s, size_t n, uint32_t byte_col)
{
    if (byte_col == 0)
        return 0;
    size_t end = byte_col - 1 < n ? byte_col - 1 : n;
    uint32_t col = 1;
    for (size_t i = 0; i < end; i += char_bytes(s + i, end - i))
        col++;
    return col + (uint32_t)(byte_col - 1 - end);
}
