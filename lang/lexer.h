/* lang/lexer.h -- the re2c scanner of K (lang/lexer.re).
 *
 * Reentrant: all state lives in a k_lexer, errors go to its k_ctx.  Token
 * kinds are the Bison token numbers of lang/parser.h (0 at end of input).
 * The scanner also accepts raw, unpreprocessed text: comments and
 * backslash-newlines are skipped, so k_parse works on either.
 */
#ifndef K_LEXER_H
#define K_LEXER_H

#include "ast.h"

typedef struct k_token {
    int kind;                 /* parser.h token number; 0 = end of input */
    k_loc loc;                /* first byte */
    k_loc end;                /* last byte */
    const char *text;         /* the lexeme in the input (not NUL-terminated) */
    size_t len;
    /* literals (as in k_expr): */
    uint64_t ival;
    double fval;
    char *str;                /* string literal, escapes decoded, NUL-terminated (arena) */
    size_t strlen;
    unsigned char int_unsigned, int_long, int_nondecimal, is_single;
} k_token;

typedef struct k_lexer {
    k_ctx *ctx;
    const unsigned char *cur, *lim, *marker;
    const unsigned char *tok;         /* start of the token being scanned */
    const unsigned char *line_start;  /* first byte of the current line */
    uint32_t line;
    int packed_attr;                  /* a `[[gnu::packed]]` was read past: where it
                                         stands is the parser's (lang/parse_lex.c) */
    k_loc packed_loc;
} k_lexer;

/* text must have a NUL at text[len] (the scanner's sentinel); embedded NULs
 * before it are reported as invalid bytes. */
void k_lexer_init(k_lexer *lx, k_ctx *ctx, const char *text, size_t len);

/* Scans the next token into *tok and returns its kind. */
int k_lexer_next(k_lexer *lx, k_token *tok);

#endif
