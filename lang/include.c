/* lang/include.c -- what #include reads, and where every line came from.
 *
 * `#include "name"` looks next to the including file, then in each -I
 * directory (k_ctx.include_dirs), as cc does; `#include <name>` first asks
 * the table of headers that SPEC 2.8 builds in, then the -I directories.
 * The headers of the table have no text: what they declare is built into
 * the compiler (lang/builtins.c, the runtime).  A few headers of
 * cuda-samples are K text written for simtvm (lang/headers.c); they win
 * over a file of the same name, which the real ones' CUDA internals would
 * not compile.
 *
 * The preprocessor reads every file in place of its #include, so the lines
 * of its output come from several files; the line map (k_ctx.segs) records
 * the switches, and diagnostics and the module's source positions go
 * through it (k_resolve_line, k_main_line).
 */
#include "include.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The headers SPEC 2.2 and 2.8 accept: their contents are built in. */
static const char *const SYSTEM_HEADERS[] = {
    /* C */
    "assert.h", "ctype.h", "errno.h", "float.h", "inttypes.h", "limits.h", "math.h",
    "stdarg.h", "stdbool.h", "stddef.h", "stdint.h", "stdio.h", "stdlib.h", "string.h",
    "time.h", "sys/time.h",
    /* C++ */
    "cassert", "cctype", "cerrno", "cfloat", "cinttypes", "climits", "cmath", "cstdarg",
    "cstddef", "cstdint", "cstdio", "cstdlib", "cstring", "ctime", "iostream", "iomanip",
    "ostream", "string", "vector", "chrono", "algorithm", "numeric", "random", "limits",
    "utility", "tuple",
    /* CUDA */
    "cuda.h", "cuda_runtime.h", "cuda_runtime_api.h", "device_launch_parameters.h",
    "device_functions.h", "vector_types.h", "vector_functions.h", "builtin_types.h",
    "cuda_fp16.h", "cuda_bf16.h", "cooperative_groups.h", "cooperative_groups/reduce.h",
    /* what these declare (__ldg, funnel shifts, __dp4a...) is built in */
    "sm_20_intrinsics.h", "sm_30_intrinsics.h", "sm_32_intrinsics.h", "sm_35_intrinsics.h",
    "sm_60_atomic_functions.h", "sm_61_intrinsics.h",
};

/* The rest of the C++ standard library (and GCC's <bits/stdc++.h>, which
 * includes all of it): accepted, since a program may include one and use
 * nothing K lacks; an entity K does not build in is an error where it is
 * used ("use of undeclared identifier 'std::map'"), as SPEC 2.8 asks. */
static const char *const CXX_LIBRARY_HEADERS[] = {
    "any", "array", "atomic", "bitset", "cfenv", "charconv", "clocale", "complex",
    "condition_variable", "csetjmp", "csignal", "cuchar", "cwchar", "cwctype", "deque",
    "exception", "execution", "filesystem", "forward_list", "fstream", "functional",
    "future", "initializer_list", "ios", "iosfwd", "istream", "iterator", "list", "locale",
    "map", "memory", "mutex", "new", "optional", "queue", "ratio", "regex", "set",
    "shared_mutex", "sstream", "stack", "stdexcept", "streambuf", "string_view",
    "system_error", "thread", "type_traits", "typeindex", "typeinfo",
    "valarray", "variant", "bits/stdc++.h",
};

/* Libraries outside K (SPEC 2.8): named in the error. */
static const struct { const char *prefix, *what; } UNSUPPORTED[] = {
    {"thrust/", "Thrust"}, {"cub/", "this CUB header (simtvm builds in <cub/cub.cuh> and the block and warp headers: doc/cuda-libraries.md, \"CUB\")"}, {"cufftXt", "cuFFT's multi-GPU cufftXt (simtvm builds in <cufft.h>: doc/cuda-libraries.md, \"cuFFT\")"}, {"cufftw", "cuFFTW, cuFFT's FFTW interface (simtvm builds in <cufft.h>)"},
    {"curand", "this cuRAND header (simtvm builds in <curand_kernel.h>, the device API, and <curand.h>'s types)"}, {"cusparse", "cuSPARSE"}, {"cuda/", "this libcu++ header (simtvm builds in <cuda/barrier>, <cuda/pipeline>, <cuda/atomic>, <cuda/iterator>, <cuda/functional>, and of <cuda/std/...> atomic, array, functional, iterator, utility, tuple, cassert, cstddef and cstdint)"},
    /* other NVIDIA libraries, and what a single simulated GPU has no part
     * in: other processes and machines, the display, the operating system */
    {"cusolver", "cuSOLVER"}, {"cudnn", "cuDNN"}, {"cutensor", "cuTENSOR"}, {"nvrtc", "NVRTC"},
    {"npp", "NPP"}, {"nvml", "NVML (the GPU management library)"}, {"nccl", "NCCL"},
    {"mpi", "MPI"}, {"GL/", "OpenGL"}, {"GLFW/", "GLFW (OpenGL)"}, {"EGL/", "EGL (OpenGL)"},
    {"cuda_gl_interop", "OpenGL interoperability"}, {"windows.h", "the Windows API"},
    {"d3d", "Direct3D"}, {"cuda_d3d", "Direct3D interoperability"},
};

static int is_system_header(const char *name)
{
    for (size_t i = 0; i < sizeof SYSTEM_HEADERS / sizeof SYSTEM_HEADERS[0]; i++)
        if (!strcmp(name, SYSTEM_HEADERS[i]))
            return 1;
    for (size_t i = 0; i < sizeof CXX_LIBRARY_HEADERS / sizeof CXX_LIBRARY_HEADERS[0]; i++)
        if (!strcmp(name, CXX_LIBRARY_HEADERS[i]))
            return 1;
    return 0;
}

/* ------------------------------------------------------------ file table */
static int add_file(k_ctx *ctx, const k_file *f)
{
    if (simt_grow(&ctx->tal, (void **)&ctx->files, &ctx->files_cap,
                  (size_t)ctx->nfiles + 1, sizeof *ctx->files))
        return K_INC_ERROR;
    ctx->files[ctx->nfiles] = *f;
    return ctx->nfiles++;
}

void k_files_start(k_ctx *ctx)
{
    k_file main = { .name = ctx->filename, .path = ctx->filename, .text = ctx->source,
                    .len = ctx->source_len, .unit = ctx->nunits > 0 };
    char real[PATH_MAX]; /* realpath into our buffer: no block outside config.alloc */
    if (realpath(ctx->filename, real))
        main.key = k_strndup(ctx, real, strlen(real));
    add_file(ctx, &main);
    k_linemap_add(ctx, (k_lineseg){ .global = 1, .file = 0, .fline = 1, .up = -1 });
}

int k_files_add_unit(k_ctx *ctx, const k_source *src, int unit)
{
    k_file f = { .name = src->name, .path = src->name, .text = src->text, .len = src->len,
                 .unit = (unsigned char)unit };
    char real[PATH_MAX];
    if (realpath(src->name, real))
        f.key = k_strndup(ctx, real, strlen(real));
    return add_file(ctx, &f);
}

void k_linemap_add(k_ctx *ctx, k_lineseg seg)
{
    /* Segments may start on the same line (a file of no lines, a file
     * included on the first line of another): the last one holds, and the
     * others stay, since later segments name them as `up`. */
    if (simt_grow(&ctx->tal, (void **)&ctx->segs, &ctx->segs_cap, (size_t)ctx->nsegs + 1,
                  sizeof *ctx->segs))
        return;
    ctx->segs[ctx->nsegs++] = seg;
}

int k_line_segment(const k_ctx *ctx, uint32_t line)
{
    if (ctx->nsegs == 0 || ctx->nfiles == 0 || ctx->segs[0].global > line)
        return -1;
    int lo = 0, hi = ctx->nsegs - 1;  /* the last segment starting at or before line */
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (ctx->segs[mid].global <= line)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

const k_file *k_resolve_line(const k_ctx *ctx, uint32_t line, uint32_t *fline)
{
    int i = k_line_segment(ctx, line);
    *fline = line;
    if (i < 0)
        return ctx->nfiles ? &ctx->files[0] : NULL;
    const k_lineseg *s = &ctx->segs[i];
    *fline = s->fline + (line - s->global);
    return &ctx->files[s->file];
}

uint32_t k_main_line(const k_ctx *ctx, uint32_t line, uint32_t *col)
{
    int i = k_line_segment(ctx, line);
    if (i < 0)
        return line;
    uint32_t fline = ctx->segs[i].fline + (line - ctx->segs[i].global);
    /* an included file's lines: the #include in files[0] that led to them */
    for (int guard = 0; ctx->segs[i].up >= 0 && guard < 1024; guard++) {
        fline = ctx->segs[i].at_line;
        if (col)
            *col = ctx->segs[i].at_col;
        i = ctx->segs[i].up;
    }
    /* a later translation unit's lines have none in files[0]: the module's
     * origin table (lang/compile.c) holds where they are */
    return ctx->segs[i].file == 0 ? fline : 0;
}

/* --------------------------------------------------------------- search */
/* The directory part of path, with its '/' ("" for none). */
static size_t dir_len(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? (size_t)(slash - path) + 1 : 0;
}

/* dir (its first dlen bytes, "" or ending in '/', or a -I directory) joined
 * with name, in the arena. */
static char *join(k_ctx *ctx, const char *dir, size_t dlen, const char *name)
{
    size_t nlen = strlen(name);
    int sep = dlen > 0 && dir[dlen - 1] != '/';
    char *p = k_alloc(ctx, dlen + (size_t)sep + nlen + 1);
    if (!p)
        return NULL;
    memcpy(p, dir, dlen);
    if (sep)
        p[dlen] = '/';
    memcpy(p + dlen + (size_t)sep, name, nlen + 1);
    return p;
}

/* The index of the file already read whose key is key, or -1. */
static int known_file(const k_ctx *ctx, const char *key)
{
    for (int i = 0; i < ctx->nfiles; i++)
        if (ctx->files[i].key && !strcmp(ctx->files[i].key, key))
            return i;
    return -1;
}

/* Reads path (a regular file) into the arena.  Returns 0, 1 when there is
 * no such file, -1 after reporting an error. */
static int read_file(k_ctx *ctx, const char *path, k_loc loc, k_file *f)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 1;
    if ((uint64_t)st.st_size > K_MAX_SOURCE_BYTES) {
        k_error(ctx, loc, "#include \"%s\": larger than the limit of %u MiB", path,
                K_MAX_SOURCE_BYTES >> 20);
        return -1;
    }
    FILE *in = fopen(path, "rb");
    char *text = in ? k_alloc(ctx, (size_t)st.st_size + 1) : NULL;
    size_t n = text ? fread(text, 1, (size_t)st.st_size, in) : 0;
    int bad = !in || !text || ferror(in);
    if (in)
        fclose(in);
    if (bad) {
        k_error(ctx, loc, "#include \"%s\": cannot read the file", path);
        return -1;
    }
    *f = (k_file){ .name = path, .path = path, .text = text, .len = n };
    return 0;
}

/* Tries dir + name.  Returns a file index, K_INC_ERROR, or -3 for none. */
static int try_path(k_ctx *ctx, const char *dir, size_t dlen, const char *name, k_loc loc)
{
    char *path = name[0] == '/' ? (char *)name : join(ctx, dir, dlen, name);
    char real[PATH_MAX]; /* as in k_files_start */
    if (!path || !realpath(path, real))
        return -3;
    char *key = k_strndup(ctx, real, strlen(real));
    int known = key ? known_file(ctx, key) : -1;
    if (known >= 0)
        return known;
    k_file f;
    int r = read_file(ctx, path, loc, &f);
    if (r)
        return r < 0 ? K_INC_ERROR : -3;
    f.key = key;
    return add_file(ctx, &f);
}

/* Searches the -I directories for name. */
static int search_dirs(k_ctx *ctx, const char *name, k_loc loc)
{
    for (size_t i = 0; ctx->include_dirs && ctx->include_dirs[i]; i++) {
        const char *dir = ctx->include_dirs[i];
        int r = try_path(ctx, dir, strlen(dir), name, loc);
        if (r != -3)
            return r;
    }
    return -3;
}

/* A built-in header with text: its file entry (one per text, so that
 * #pragma once and include guards see the same file, also when two names
 * have one text: <cuda/barrier> and <cuda/pipeline>). */
static int builtin_file(k_ctx *ctx, const char *name, const char *text)
{
    for (int i = 0; i < ctx->nfiles; i++)
        if (ctx->files[i].builtin && (!strcmp(ctx->files[i].key, name) || ctx->files[i].text == text))
            return i;
    size_t n = strlen(name);
    char *shown = k_alloc(ctx, n + sizeof " (built in)");
    if (!shown)
        return K_INC_ERROR;
    memcpy(shown, name, n);
    memcpy(shown + n, " (built in)", sizeof " (built in)");
    k_file f = { .name = shown, .key = name, .text = text, .len = strlen(text), .builtin = 1 };
    return add_file(ctx, &f);
}

/* The part of cuBLAS a header other than <cublas_v2.h> stands for. */
static const char *cublas_part(const char *name)
{
    if (!strncmp(name, "cublasLt", 8))
        return "cuBLASLt (the matmul API)";
    if (!strncmp(name, "cublasXt", 8))
        return "cuBLASXt (the multi-GPU API)";
    if (!strcmp(name, "cublas.h"))
        return "the legacy cuBLAS API of <cublas.h> (cublasInit, cublasAlloc, handle-less "
               "calls)";
    return "this part of cuBLAS";
}

static int not_found(k_ctx *ctx, const char *name, int angled, k_loc loc)
{
    if (!strncmp(name, "thrust/", 7)) {   /* the part of Thrust lang/thrust.c builds in */
        k_error(ctx, loc, "#include <%s>: this part of Thrust is not built into simtvm "
                "(doc/language.md, \"Thrust\", lists the headers that are)", name);
        return K_INC_ERROR;
    }
    if (!strncmp(name, "cublas", 6)) {    /* the part of cuBLAS lang/cublas.c builds in */
        k_error(ctx, loc, "#include <%s>: %s is not built into simtvm (it builds in "
                "<cublas_v2.h>: doc/cuda-libraries.md lists what it has)", name,
                cublas_part(name));
        return K_INC_ERROR;
    }
    for (size_t i = 0; i < sizeof UNSUPPORTED / sizeof UNSUPPORTED[0]; i++)
        if (!strncmp(name, UNSUPPORTED[i].prefix, strlen(UNSUPPORTED[i].prefix))) {
            k_error(ctx, loc, "#include <%s>: %s is not supported by simtvm (SPEC 2.8)", name,
                    UNSUPPORTED[i].what);
            return K_INC_ERROR;
        }
    if (angled)
        k_error(ctx, loc, "#include <%s>: unknown system header (not one simtvm builds in, "
                "and not found in a -I directory)", name);
    else
        k_error(ctx, loc, "#include \"%s\": file not found (looked next to the including "
                "file and in each -I directory)", name);
    return K_INC_ERROR;
}

int k_include_find(k_ctx *ctx, const char *name, int angled, int includer, k_loc loc)
{
    const char *text = k_builtin_header_text(name);
    if (text)
        return builtin_file(ctx, name, text);
    if (angled && is_system_header(name))
        return K_INC_BUILTIN;
    const k_file *from = includer >= 0 && includer < ctx->nfiles ? &ctx->files[includer] : NULL;
    int r = -3;
    if (!angled && from && from->path)
        r = try_path(ctx, from->path, dir_len(from->path), name, loc);
    if (r == -3)
        r = search_dirs(ctx, name, loc);
    if (r == -3 && !angled && is_system_header(name))
        r = K_INC_BUILTIN;  /* #include "cuda_runtime.h": cc falls back to <> */
    return r == -3 ? not_found(ctx, name, angled, loc) : r;
}
