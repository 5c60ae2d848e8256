/* runtime/npy.h -- NumPy .npy files (format 1.0, 2.0 and 3.0) for runner-mode
 * buffers (`--arg @in.npy`, `--out NAME=out.npy`).
 *
 * Supported dtypes: <i1 <u1 <i2 <u2 <i4 <u4 <i8 <u8 <f4 <f8 |b1 (and the
 * spellings |i1 |u1 NumPy itself writes for one-byte types), C order.  Any
 * shape is read as the flattened array; files are written one-dimensional.
 */
#ifndef SIMT_NPY_H
#define SIMT_NPY_H

#include <stddef.h>
#include <stdint.h>

#include "vm/module.h"

#define SIMT_NPY_MAX_DIMS 32

typedef struct simt_npy {
    simt_vtype type;          /* element type (VT_BOOL for |b1) */
    uint64_t count;           /* number of elements: the product of shape */
    int ndim;
    uint64_t shape[SIMT_NPY_MAX_DIMS];
    void *data;               /* count elements, little-endian; from al, owned by the
                                 caller and released by simt_npy_free() */
    simt_allocator al;        /* what data came from */
} simt_npy;

/* Every function below allocates from al (NULL: the C library). */

/* Decodes an in-memory .npy image.  Returns 0, or -1 with a reason in err
 * (SIMT_NPY_NOMEM when the reason is that memory ran out). */
#define SIMT_NPY_NOMEM (-2)
int simt_npy_decode(const simt_allocator *al, const uint8_t *buf, size_t len, simt_npy *out,
                    char *err, size_t errlen);

/* Reads the file at path.  Returns 0, or -1 (SIMT_NPY_NOMEM: out of memory)
 * with "path: reason" in err. */
int simt_npy_load(const simt_allocator *al, const char *path, simt_npy *out, char *err,
                  size_t errlen);

/* Encodes count elements of type as a one-dimensional .npy image in a
 * buffer from al (*len bytes).  Returns NULL for a type .npy cannot hold
 * (VT_VOID, VT_PTR, VT_STR) or when memory runs out. */
uint8_t *simt_npy_encode(const simt_allocator *al, simt_vtype type, uint64_t count,
                         const void *data, size_t *len);

/* Writes the file at path.  Returns 0, or -1 with a reason in err. */
int simt_npy_save(const simt_allocator *al, const char *path, simt_vtype type, uint64_t count,
                  const void *data, char *err, size_t errlen);

/* Releases out->data. */
void simt_npy_free(simt_npy *a);

#endif
