// A header that names a <cuda_runtime.h> type the including file does not
// (tests/include/runtime_header.k): nvcc includes <cuda_runtime.h> in every
// file, so this compiles without an #include of it.
#pragma once
inline cudaError_t copy_bytes(void *dst, const void *src, size_t n, cudaMemcpyKind kind)
{
    return cudaMemcpy(dst, src, n, kind);
}
