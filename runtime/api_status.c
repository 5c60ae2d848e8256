/* runtime/api_status.c -- what every file of the embedding API uses: the
 * error a call leaves in its VM (simt_api_fail, simt_api_ok, simtvm_errmsg),
 * memory handed over to the caller (simtvm_free), and the memory streams
 * that reports are written into.  A file of its own so that the API's files
 * call down into it and never back into api.c, which calls them. */
#include "runtime/api.h"
#include "runtime/runtime.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Memory handed to the caller starts after a header naming its allocator,
 * so that simtvm_free needs no VM (which may be gone by then). */
typedef struct api_gift {
    _Alignas(max_align_t) simt_allocator al;
} api_gift;

void *simt_api_hand_over(const simt_allocator *al, const void *data, size_t len)
{
    if (len > SIZE_MAX - sizeof(api_gift))
        return NULL;
    api_gift *g = simt_malloc(al, sizeof *g + len);
    if (!g)
        return NULL;
    g->al = *al;
    if (len)
        memcpy(g + 1, data, len);
    return g + 1;
}

void simtvm_free(void *p)
{
    if (!p)
        return;
    api_gift *g = (api_gift *)p - 1;
    const simt_allocator al = g->al;
    simt_free(&al, g);
}

/* ---- errors ---- */

simtvm_status simt_api_fail(simtvm_vm *vm, simtvm_status status, const char *fmt, ...)
{
    if (!vm)
        return status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(vm->errmsg, sizeof vm->errmsg, fmt, ap);
    va_end(ap);
    vm->errcode = status;
    return status;
}

simtvm_status simt_api_ok(simtvm_vm *vm)
{
    vm->errcode = SIMTVM_OK;
    vm->errmsg[0] = '\0';
    return SIMTVM_OK;
}

const char *simtvm_errmsg(const simtvm_vm *vm)
{
    return vm ? vm->errmsg : "NULL simtvm_vm handle";
}

simtvm_status simtvm_errcode(const simtvm_vm *vm)
{
    return vm ? vm->errcode : SIMTVM_ERR_NULL;
}

/* ---- memory streams ---- */

/* Appends len bytes to m's NUL-terminated text; -1 (and m->oom) when the
 * allocator fails. */
static int mem_put(api_mem *m, const char *data, size_t len)
{
    if (m->len + len + 1 > m->cap) {
        size_t cap = m->cap ? m->cap : 256;
        while (cap < m->len + len + 1)
            cap *= 2;
        char *buf = simt_realloc(m->al, m->buf, cap);
        if (!buf) {
            m->oom = 1;
            return -1;
        }
        m->buf = buf, m->cap = cap;
    }
    if (len)
        memcpy(m->buf + m->len, data, len);
    m->len += len;
    m->buf[m->len] = '\0';
    return 0;
}

ssize_t simt_api_mem_write(void *cookie, const char *data, size_t len)
{
    return mem_put(cookie, data, len) ? -1 : (ssize_t)len;
}

/* A write-only stream into m (unbuffered: stdio allocates no buffer). */
FILE *simt_api_mem_open(api_mem *m, const simt_allocator *al)
{
    memset(m, 0, sizeof *m);
    m->al = al;
    if (mem_put(m, "", 0) != 0)
        return NULL;
    cookie_io_functions_t io = {.write = simt_api_mem_write};
    FILE *f = fopencookie(m, "w", io);
    if (f)
        setvbuf(f, NULL, _IONBF, 0);
    else
        simt_free(al, m->buf);
    return f;
}

/* Closes f and returns the text written to it, or NULL (and nothing to
 * free) when memory ran out. */
char *simt_api_mem_close(FILE *f, api_mem *m)
{
    int bad = fclose(f) != 0;
    if (bad || m->oom) {
        simt_free(m->al, m->buf);
        return NULL;
    }
    return m->buf;
}
