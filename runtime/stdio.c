/* runtime/stdio.c -- <stdio.h> on the host beyond printf/puts/putchar:
 * fprintf, sprintf, snprintf, fputs, fputc, fflush, fopen and the file
 * calls, perror.
 *
 * A FILE * in guest code is a handle, not guest memory: stdin, stdout and
 * stderr are 1, 2 and 3 (the preprocessor defines them so, lang/
 * preprocess.c), and fopen's streams are SIMT_STDIO_FIRST + their slot in
 * vm->stdio.  Handles are small numbers in the unmapped first page, so a
 * program that dereferences one faults.  stdout is vm->out and stderr
 * vm->err, so fprintf(stdout) interleaves with printf exactly.
 * fopen opens the path the program names, relative to the directory simtvm
 * runs in, with a C mode string ("r", "wb", "a+"...); nothing else on the
 * host is touched.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/hostlib.h"
#include "runtime/observers.h"

enum { GUEST_STDIN = 1, GUEST_STDOUT = 2, GUEST_STDERR = 3, SIMT_STDIO_FIRST = 4,
       SIMT_STDIO_MAX = 64 };

typedef struct simt_stdio {
    FILE *files[SIMT_STDIO_MAX];   /* NULL: slot free */
    int last_errno;                /* what perror reports */
    int errno_pending;             /* last_errno not yet seen by the guest's errno */
} simt_stdio;

void simt_stdio_close_all(simt_vm *vm)
{
    if (!vm->stdio)
        return;
    for (int i = 0; i < SIMT_STDIO_MAX; i++)
        if (vm->stdio->files[i])
            fclose(vm->stdio->files[i]);
    simt_free(&vm->cfg.alloc, vm->stdio);
    vm->stdio = NULL;
}

/* The host stream of a guest handle, or NULL (a fault is set: fn names the
 * call) for anything that is not an open stream. */
FILE *simt_stdio_stream(call *c, const char *fn, uint64_t h)
{
    if (h == GUEST_STDIN)
        return stdin;
    if (h == GUEST_STDOUT)
        return c->vm->out;
    if (h == GUEST_STDERR)
        return c->vm->err;
    simt_stdio *io = c->vm->stdio;
    if (io && h >= SIMT_STDIO_FIRST && h < SIMT_STDIO_FIRST + SIMT_STDIO_MAX &&
        io->files[h - SIMT_STDIO_FIRST])
        return io->files[h - SIMT_STDIO_FIRST];
    simt_vm_faultf(c->vm, "%s: 0x%llx is not an open FILE * (%s)", fn, (unsigned long long)h,
                   h == 0 ? "a NULL stream: did fopen fail?" : "closed, or never opened");
    return NULL;
}

/* ---- formatted output ---- */

static simt_status format_at(call *c, int fmt_arg, char **text, size_t *len)
{
    return simt_format_printf_at(c->vm, c->t, c->sig, c->args, c->nargs, fmt_arg, text, len);
}

static simt_status ret_len(call *c, size_t len)
{
    return ret_int(c, len > INT32_MAX ? INT32_MAX : (int32_t)len);
}

simt_status simt_lib_FPRINTF(call *c)
{
    FILE *f = simt_stdio_stream(c, "fprintf", arg(c, 0));
    char *text;
    size_t len;
    if (!f || format_at(c, 1, &text, &len) != SIMT_OK)
        return SIMT_FAULT;
    fwrite(text, 1, len, f);
    simt_free(&c->vm->cfg.alloc, text);
    return ret_len(c, len);
}

/* sprintf writes the text and its NUL: a buffer too small is a located fault
 * (the overflow C would let pass silently). */
simt_status simt_lib_SPRINTF(call *c)
{
    char *text;
    size_t len;
    if (format_at(c, 1, &text, &len) != SIMT_OK)
        return SIMT_FAULT;
    int bad = store(c, "sprintf", arg(c, 0), text, len + 1);
    simt_free(&c->vm->cfg.alloc, text);
    return bad ? SIMT_FAULT : ret_len(c, len);
}

/* snprintf writes at most n bytes, NUL included, and returns the full length. */
simt_status simt_lib_SNPRINTF(call *c)
{
    char *text;
    size_t len;
    uint64_t n = arg(c, 1);
    if (format_at(c, 2, &text, &len) != SIMT_OK)
        return SIMT_FAULT;
    int bad = 0;
    if (n > 0) {
        size_t keep = len < n - 1 ? len : (size_t)(n - 1);
        text[keep] = '\0';
        bad = store(c, "snprintf", arg(c, 0), text, keep + 1);
    }
    simt_free(&c->vm->cfg.alloc, text);
    return bad ? SIMT_FAULT : ret_len(c, len);
}

simt_status simt_lib_FPUTS(call *c)
{
    size_t len;
    const char *s = guest_str(c, "fputs", arg(c, 0), SIZE_MAX, &len);
    FILE *f = s ? simt_stdio_stream(c, "fputs", arg(c, 1)) : NULL;
    if (!f)
        return SIMT_FAULT;
    return ret_int(c, fwrite(s, 1, len, f) == len ? 1 : -1);
}

static simt_status put_char(call *c, const char *fn)
{
    FILE *f = simt_stdio_stream(c, fn, arg(c, 1));
    if (!f)
        return SIMT_FAULT;
    return ret_int(c, fputc((unsigned char)arg(c, 0), f));
}

simt_status simt_lib_FPUTC(call *c)
{
    return put_char(c, "fputc");
}

simt_status simt_lib_PUTC(call *c)
{
    return put_char(c, "putc");
}

/* fflush(NULL) flushes every output stream, as C says. */
simt_status simt_lib_FFLUSH(call *c)
{
    if (arg(c, 0) == 0) {
        fflush(c->vm->out);
        fflush(c->vm->err);
        return ret_int(c, 0);
    }
    FILE *f = simt_stdio_stream(c, "fflush", arg(c, 0));
    if (!f)
        return SIMT_FAULT;
    return ret_int(c, fflush(f) == 0 ? 0 : -1);
}

/* ---- files ---- */

/* C's mode strings: r, w or a, then at most one '+' and one 'b' or 't'
 * in any order ("rt", text mode, is Windows' spelling of "r": glibc takes
 * it and ignores the 't').  Anything else (glibc's 'x', 'e', ",ccs=") is
 * refused. */
static int valid_mode(const char *m)
{
    if (m[0] != 'r' && m[0] != 'w' && m[0] != 'a')
        return 0;
    int plus = 0, bin = 0;
    for (const char *p = m + 1; *p; p++) {
        if (*p == '+' && !plus)
            plus = 1;
        else if ((*p == 'b' || *p == 't') && !bin)
            bin = 1;
        else
            return 0;
    }
    return 1;
}

static simt_stdio *stdio_state(call *c)
{
    if (!c->vm->stdio)
        c->vm->stdio = simt_calloc(&c->vm->cfg.alloc, 1, sizeof *c->vm->stdio);
    return c->vm->stdio;
}

void simt_stdio_set_errno(call *c, int e)
{
    simt_stdio *io = stdio_state(c);
    if (io) {
        io->last_errno = e;
        io->errno_pending = 1;
    }
}

/* The errno of the last failed call that the guest's errno has not yet
 * taken, or -1: <errno.h>'s errno (lang/headers.c) takes it at each read,
 * so `if (!fopen(...)) perror/strerror(errno)` sees why, and a program's
 * own `errno = 0` before a call still reads 0 after one that succeeds. */
simt_status simt_lib_ERRNO_TAKE(call *c)
{
    simt_stdio *io = c->vm->stdio;
    if (!io || !io->errno_pending)
        return ret_int(c, -1);
    io->errno_pending = 0;
    return ret_int(c, io->last_errno);
}

simt_status simt_lib_FOPEN(call *c)
{
    size_t plen, mlen;
    const char *path = guest_str(c, "fopen", arg(c, 0), 4096, &plen);
    const char *mode = path ? guest_str(c, "fopen", arg(c, 1), 16, &mlen) : NULL;
    if (!mode)
        return SIMT_FAULT;
    if (!valid_mode(mode))
        return simt_vm_faultf(c->vm, "fopen: invalid mode \"%s\" (use r, w or a, with an "
                              "optional + and b)", mode);
    simt_stdio *io = stdio_state(c);
    if (!io)
        return simt_vm_oom(c->vm, "the table of open files");
    int slot = 0;
    while (slot < SIMT_STDIO_MAX && io->files[slot])
        slot++;
    if (slot == SIMT_STDIO_MAX) {
        simt_stdio_set_errno(c, EMFILE);
        return ret_u64(c, 0);
    }
    FILE *f = fopen(path, mode);
    if (!f) {
        simt_stdio_set_errno(c, errno);
        return ret_u64(c, 0);
    }
    io->files[slot] = f;
    return ret_u64(c, SIMT_STDIO_FIRST + (uint64_t)slot);
}

simt_status simt_lib_FCLOSE(call *c)
{
    uint64_t h = arg(c, 0);
    FILE *f = simt_stdio_stream(c, "fclose", h);
    if (!f)
        return SIMT_FAULT;
    if (h < SIMT_STDIO_FIRST) { /* the standard streams stay usable for our output */
        fflush(f);
        return ret_int(c, 0);
    }
    c->vm->stdio->files[h - SIMT_STDIO_FIRST] = NULL;
    return ret_int(c, fclose(f) == 0 ? 0 : -1);
}

/* size * n bytes at addr for fread (write = 1) or fwrite (write = 0). */
static void *item_buffer(call *c, const char *fn, uint64_t size, uint64_t n, int write)
{
    if (size && n > UINT64_MAX / size) {
        simt_vm_faultf(c->vm, "%s: %llu items of %llu bytes overflow", fn,
                       (unsigned long long)n, (unsigned long long)size);
        return NULL;
    }
    return guest(c, fn, arg(c, 0), size * n, write);
}

simt_status simt_lib_FREAD(call *c)
{
    uint64_t size = arg(c, 1), n = arg(c, 2);
    FILE *f = simt_stdio_stream(c, "fread", arg(c, 3));
    if (!f)
        return SIMT_FAULT;
    if (size == 0 || n == 0)
        return ret_u64(c, 0);
    void *p = item_buffer(c, "fread", size, n, 1);
    if (!p)
        return SIMT_FAULT;
    size_t got = fread(p, (size_t)size, (size_t)n, f);
    if (c->vm->checker)
        simt_check_host_write(c->vm->checker, arg(c, 0), got * size);
    return ret_u64(c, got);
}

simt_status simt_lib_FWRITE(call *c)
{
    uint64_t size = arg(c, 1), n = arg(c, 2);
    FILE *f = simt_stdio_stream(c, "fwrite", arg(c, 3));
    if (!f)
        return SIMT_FAULT;
    if (size == 0 || n == 0)
        return ret_u64(c, 0);
    const void *p = item_buffer(c, "fwrite", size, n, 0);
    if (!p)
        return SIMT_FAULT;
    return ret_u64(c, fwrite(p, (size_t)size, (size_t)n, f));
}

/* char *fgets(char *s, int n, FILE *f): the line is read into host memory
 * first, so only the bytes it fills must be the guest's. */
simt_status simt_lib_FGETS(call *c)
{
    int n = arg_int(c, 1);
    FILE *f = simt_stdio_stream(c, "fgets", arg(c, 2));
    if (!f)
        return SIMT_FAULT;
    if (n <= 0)
        return ret_u64(c, 0);
    char *line = simt_malloc(&c->vm->cfg.alloc, (size_t)n);
    if (!line)
        return simt_vm_oom(c->vm, "fgets's line");
    char *got = fgets(line, n, f);
    int bad = got && store(c, "fgets", arg(c, 0), line, strlen(line) + 1) != 0;
    simt_free(&c->vm->cfg.alloc, line);
    if (bad)
        return SIMT_FAULT;
    return ret_u64(c, got ? arg(c, 0) : 0);
}

simt_status simt_lib_FGETC(call *c)
{
    FILE *f = simt_stdio_stream(c, "fgetc", arg(c, 0));
    return f ? ret_int(c, fgetc(f)) : SIMT_FAULT;
}

simt_status simt_lib_GETC(call *c)
{
    FILE *f = simt_stdio_stream(c, "getc", arg(c, 0));
    return f ? ret_int(c, getc(f)) : SIMT_FAULT;
}

simt_status simt_lib_GETCHAR(call *c)
{
    return ret_int(c, getchar());
}

simt_status simt_lib_FEOF(call *c)
{
    FILE *f = simt_stdio_stream(c, "feof", arg(c, 0));
    return f ? ret_int(c, feof(f) ? 1 : 0) : SIMT_FAULT;
}

simt_status simt_lib_FERROR(call *c)
{
    FILE *f = simt_stdio_stream(c, "ferror", arg(c, 0));
    return f ? ret_int(c, ferror(f) ? 1 : 0) : SIMT_FAULT;
}

/* A call of void op on the guest's stream (clearerr, rewind). */
static simt_status stream_op(call *c, const char *fn, void (*op)(FILE *))
{
    FILE *f = simt_stdio_stream(c, fn, arg(c, 0));
    if (!f)
        return SIMT_FAULT;
    op(f);
    return ret_u64(c, 0);
}

simt_status simt_lib_CLEARERR(call *c)
{
    return stream_op(c, "clearerr", clearerr);
}

/* fseek(f, offset, whence): whence is SEEK_SET 0, SEEK_CUR 1, SEEK_END 2
 * (the preprocessor's values, glibc's). */
simt_status simt_lib_FSEEK(call *c)
{
    FILE *f = simt_stdio_stream(c, "fseek", arg(c, 0));
    int whence = arg_int(c, 2);
    if (!f)
        return SIMT_FAULT;
    if (whence < 0 || whence > 2)
        return simt_vm_faultf(c->vm, "fseek: whence %d is not SEEK_SET, SEEK_CUR or SEEK_END",
                              whence);
    int w = whence == 0 ? SEEK_SET : whence == 1 ? SEEK_CUR : SEEK_END;
    return ret_int(c, fseek(f, (long)arg(c, 1), w));
}

simt_status simt_lib_FTELL(call *c)
{
    FILE *f = simt_stdio_stream(c, "ftell", arg(c, 0));
    return f ? ret_u64(c, (uint64_t)(int64_t)ftell(f)) : SIMT_FAULT;
}

simt_status simt_lib_REWIND(call *c)
{
    return stream_op(c, "rewind", rewind);
}

simt_status simt_lib_UNGETC(call *c)
{
    FILE *f = simt_stdio_stream(c, "ungetc", arg(c, 1));
    return f ? ret_int(c, ungetc(arg_int(c, 0), f)) : SIMT_FAULT;
}

/* perror(s): "s: message" for the last failed fopen, on stderr. */
simt_status simt_lib_PERROR(call *c)
{
    size_t len;
    const char *s = arg(c, 0) ? guest_str(c, "perror", arg(c, 0), SIZE_MAX, &len) : "";
    if (!s)
        return SIMT_FAULT;
    int e = c->vm->stdio ? c->vm->stdio->last_errno : 0;
    fprintf(c->vm->err, "%s%s%s\n", s, *s ? ": " : "", strerror(e));
    return ret_u64(c, 0);
}

/* remove(path): deletes the file the program names, as C's remove does. */
simt_status simt_lib_REMOVE(call *c)
{
    size_t len;
    const char *path = guest_str(c, "remove", arg(c, 0), 4096, &len);
    if (!path)
        return SIMT_FAULT;
    if (remove(path) == 0)
        return ret_int(c, 0);
    simt_stdio_set_errno(c, errno);
    return ret_int(c, -1);
}
