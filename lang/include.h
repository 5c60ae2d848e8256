/* lang/include.h -- what #include reads (lang/include.c), for the
 * preprocessor: the search, the table of built-in headers, the file table
 * and the line map of k_ctx (lang/ast.h). */
#ifndef K_INCLUDE_H
#define K_INCLUDE_H

#include "ast.h"

enum { K_INC_ERROR = -1 /* reported */, K_INC_BUILTIN = -2 /* accepted, nothing to read */ };

/* Registers the compiled source as files[0] and starts the line map. */
void k_files_start(k_ctx *ctx);
/* Finds what `#include <name>` (angled) or `#include "name"`, written at loc
 * in files[includer], reads: a file index, K_INC_BUILTIN for a header whose
 * contents are built into the compiler (SPEC 2.8), or K_INC_ERROR after
 * reporting why (an unknown system header, a missing file). */
int k_include_find(k_ctx *ctx, const char *name, int angled, int includer, k_loc loc);
/* Starts a segment of the line map (see k_lineseg). */
void k_linemap_add(k_ctx *ctx, k_lineseg seg);
/* Adds a translation unit's file (number unit, 2...) to the table; its index. */
int k_files_add_unit(k_ctx *ctx, const k_source *src, int unit);

/* The preprocessor's first pass (lang/pp_clean.c) over text whose first
 * line is global line first_line: comments become spaces, continuation
 * lines are joined, and every line stays where it was.  Returns the text
 * (ctx->tal, the caller frees it) and its length, or NULL after an error. */
char *k_pp_clean(k_ctx *ctx, const char *text, size_t len, uint32_t first_line,
                 size_t *out_len);

/* cuda::thread_scope, declared by <cuda/barrier> & co. (lang/libcudacxx.c)
 * and by <cuda/atomic> (lang/libcudacxx_atomic.c), whichever comes first. */
#define K_TEXT_CUDA_THREAD_SCOPE                                                       \
    "#ifndef __SIMTVM_CUDA_THREAD_SCOPE\n"                                            \
    "#define __SIMTVM_CUDA_THREAD_SCOPE\n"                                            \
    "namespace cuda {\n"                                                              \
    "enum thread_scope {\n"                                                           \
    "    thread_scope_system = 0,\n"                                                  \
    "    thread_scope_device = 1,\n"                                                  \
    "    thread_scope_block = 2,\n"                                                   \
    "    thread_scope_thread = 3\n"                                                   \
    "};\n"                                                                            \
    "}\n"                                                                             \
    "#endif\n"

/* The text of a header that lang/headers.c writes for simtvm (helper_cuda.h
 * ...), or NULL.  Such a header wins over a file of the same name. */
const char *k_builtin_header_text(const char *name);
/* <cuda_fp16.h> and <cuda_bf16.h> (lang/cuda_fp16.c), or NULL for another name */
const char *k_cuda_fp16_text(const char *name);
/* <cublas_v2.h> and the texts it reads (lang/cublas.c), or NULL */
const char *k_cublas_text(const char *name);
/* cuBLAS's gemv and gemm, read by <cublas_v2.h> (lang/cublas_gemm.c) */
const char *k_cublas_gemm_text(void);
/* <cuda_fp8.h> (lang/cuda_fp8.c), or NULL */
const char *k_cuda_fp8_text(const char *name);
/* <cuComplex.h> (lang/cucomplex.c), or NULL */
const char *k_cucomplex_text(const char *name);
/* <cuda.h>, the driver API's error codes (lang/cuda_driver.c), or NULL */
const char *k_cuda_driver_text(const char *name);
/* lang/cuda_graph.c: <cuda_runtime.h> (graphs, stream capture, 3D copies) */
const char *k_cuda_runtime_text(void);
/* <driver_types.h>, the stream attributes' types (lang/cuda_driver_types.c) */
const char *k_cuda_driver_types_text(void);
/* GCC's host atomic builtins, read with <cuda_runtime.h> (lang/gcc_atomics.c) */
const char *k_gcc_atomics_text(void);
/* CUDA's SIMD intrinsics and double halves, read ahead of a main file that
 * names one (lang/simd_intrinsics.c) */
const char *k_simd_intrinsics_text(void);
/* CUDA's _rz/_ru/_rd conversions to float and double (lang/round_cvt.c) */
const char *k_round_cvt_text(void);
/* lang/helper_math.c: cuda-samples' helper_math.h */
const char *k_helper_math_text(void);
/* lang/helper_image.c: cuda-samples' helper_image.h */
const char *k_helper_image_text(void);

/* lang/curand.c: <curand.h> (the host API's types) and <curand_kernel.h> (the
 * device API), or NULL */
const char *k_curand_text(const char *name);
const char *k_curand_host_text(const char *name);
/* lang/cufft.c: <cufft.h>, or NULL for another name. */
const char *k_cufft_text(const char *name);
const char *k_throw_header_text(const char *name);
const char *k_eh_header_text(const char *name);   /* lang/eh.c */
int k_eh_names_try(const char *text, size_t len);   /* a text with `try {`, `catch (` */
const char *k_cub_text(const char *name);
/* lang/cub_block_more.c: BlockRadixSort, BlockHistogram, the neighbour
 * collectives and the warp exchange, load and store */
const char *k_cub_block_more_text(void);
/* lang/cub_device.c, lang/cub_radix_sort.c: CUB's device-wide algorithms
 * (<simtvm/cub_device.h>, <simtvm/cub_radix_sort.h>), and CUB's headers
 * that include them (NULL for another name). */
const char *k_cub_device_text(void);
const char *k_cub_radix_sort_text(void);
/* lang/cub_device_more.c: DeviceHistogram, DeviceRunLengthEncode, the
 * segmented sorts and DeviceMergeSort (<simtvm/cub_device_more.h>) */
const char *k_cub_device_more_text(void);
const char *k_cub_device_header_text(const char *name);
/* CUDA's integer intrinsics without a VM instruction (__umul24, __mul64hi,
 * __sad, __rhadd...), read like the SIMD ones (lang/int_intrinsics.c) */
const char *k_int_intrinsics_text(void);
/* C's lround, frexp, ldexp, modf, sinpi... written in K (lang/math_extra.c) */
const char *k_math_extra_text(void);
/* CUDA's erfinv, normcdf, cyl_bessel_i0, norm3d... written in K (lang/math_special.c) */
const char *k_math_special_text(void);
const char *k_cuda_texture_text(void);
const char *k_cuda_texture_mip_text(void);
/* <omp.h> (lang/omp.c) */
const char *k_omp_header_text(void);
/* <nvToolsExt.h> (lang/nvtx.c) */
const char *k_nvtx_header_text(const char *name);
/* <mma.h> (lang/wmma.c), or NULL for another name */
const char *k_wmma_text(const char *name);
/* <getopt.h> and <sys/mman.h> (lang/posix.c), or NULL for another name */
const char *k_posix_header_text(const char *name);
/* <cuda/barrier>, <cuda/pipeline> (lang/libcudacxx.c) and <cuda/atomic>, or NULL for another name */
const char *k_libcudacxx_text(const char *name);
/* <cuda/atomic> and <cuda/std/atomic> (lang/libcudacxx_atomic.c), or NULL */
const char *k_libcudacxx_atomic_text(const char *name);
/* <cuda/std/utility>, <cuda/std/tuple>, <cuda/iterator>... (lang/libcudacxx_std.c) */
const char *k_libcudacxx_std_text(const char *name);

#endif
