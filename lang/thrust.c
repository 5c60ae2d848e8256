/* lang/thrust.c -- which Thrust headers simtvm builds in (doc/language.md,
 * "Thrust").  Every one of them reads the whole of the K text (containers,
 * iterators, function objects, random numbers, algorithms: about 700 lines),
 * each part once, as Thrust's own headers pull in most of Thrust; a Thrust
 * header not listed here is an error naming it (lang/include.c). */
#include <string.h>

#include "stl.h"
#include "thrust.h"

#define INC_THRUST                                                                      \
    "#pragma once\n#include <vector>\n#include <utility>\n#include <tuple>\n#include <cuda/std/functional>\n" \
    "#include <simtvm/thrust_vector.h>\n"                                               \
    "#include <simtvm/thrust_functional.h>\n#include <simtvm/thrust_random.h>\n"        \
    "#include <simtvm/thrust_algorithm.h>\n#include <simtvm/thrust_device.h>\n"       \
    "#include <simtvm/iterator.h>\n#include <simtvm/thrust_compact.h>\n"                \
    "#include <simtvm/thrust_placeholders.h>\n#include <simtvm/thrust_tuple.h>\n"        \
    "#include <simtvm/thrust_more.h>\n#include <simtvm/thrust_merge.h>\n"                \
    "#include <simtvm/cuda_std.h>\n#include <cuda/std/iterator>\n#include <cuda/iterator>\n"  \
    /* the C++ nvcc 13 compiles by default, as every Thrust header says */                 \
    "#define THRUST_CPP_DIALECT 2017\n#define CUB_CPP_DIALECT 2017\n#include <thrust/version.h>\n"

static const char *const THRUST_HEADERS[] = {
    "adjacent_difference.h", "binary_search.h", "copy.h", "count.h", "detail/type_traits.h",
    "device_free.h", "device_malloc.h", "device_ptr.h",
    "device_vector.h", "equal.h", "execution_policy.h", "extrema.h", "fill.h", "find.h",
    "for_each.h",
    "functional.h", "gather.h", "generate.h", "host_vector.h", "inner_product.h",
    "iterator/constant_iterator.h", "iterator/counting_iterator.h", "iterator/discard_iterator.h",
    "iterator/transform_iterator.h", "iterator/zip_iterator.h", "logical.h", "merge.h",
    "pair.h", "set_operations.h", "system/cuda/error.h", "iterator/permutation_iterator.h",
    "iterator/iterator_traits.h", "iterator/transform_output_iterator.h", "distance.h",
    "random.h", "reduce.h", "remove.h", "system_error.h", "system/system_error.h",
    "system/cuda/execution_policy.h", "device_allocator.h",
    "replace.h", "scan.h", "scatter.h", "sequence.h", "shuffle.h", "sort.h", "tabulate.h",
    "transform.h", "transform_reduce.h", "tuple.h", "unique.h", "zip_function.h",
};

const char *k_thrust_header_text(const char *name)
{
    if (!strcmp(name, "cuda/std/functional"))
        return k_thrust_cuda_std_functional_text();
    if (!strcmp(name, "cuda/std/array"))
        return k_stl_cuda_std_array_text();
    if (!strcmp(name, "cuda/std/iterator"))
        return k_stl_cuda_std_iterator_text();
    if (!strcmp(name, "simtvm/thrust_vector.h"))
        return k_thrust_vector_text();
    if (!strcmp(name, "simtvm/thrust_functional.h"))
        return k_thrust_functional_text();
    if (!strcmp(name, "simtvm/thrust_random.h"))
        return k_thrust_random_text();
    if (!strcmp(name, "simtvm/thrust_algorithm.h"))
        return k_thrust_algorithm_text();
    if (!strcmp(name, "simtvm/thrust_device.h"))
        return k_thrust_device_text();
    if (!strcmp(name, "simtvm/thrust_placeholders.h"))
        return k_thrust_placeholders_text();
    if (!strcmp(name, "tuple"))
        return k_std_tuple_text();
    if (!strcmp(name, "simtvm/thrust_tuple.h"))
        return k_thrust_tuple_text();
    if (!strcmp(name, "simtvm/thrust_merge.h"))
        return k_thrust_merge_text();
    if (!strcmp(name, "simtvm/thrust_more.h"))
        return k_thrust_more_text();
    if (!strcmp(name, "simtvm/thrust_compact.h"))
        return k_thrust_compact_text();
    if (!strcmp(name, "simtvm/thrust_complex.h"))
        return k_thrust_complex_text();
    /* The Thrust of CUDA 13.0 (CCCL 3.0.1): THRUST_VERSION is major * 100000 +
     * minor * 100 + subminor */
    if (!strcmp(name, "thrust/version.h"))
        return "#pragma once\n#define THRUST_VERSION 300001\n"
               "#define THRUST_MAJOR_VERSION (THRUST_VERSION / 100000)\n"
               "#define THRUST_MINOR_VERSION (THRUST_VERSION / 100 % 1000)\n"
               "#define THRUST_SUBMINOR_VERSION (THRUST_VERSION % 100)\n"
               "#define THRUST_PATCH_NUMBER 0\n";
    /* Thrust's <complex.h> brings <cmath> and <sstream> (its operator<<), not the rest */
    if (!strcmp(name, "thrust/complex.h"))
        return "#pragma once\n#include <cmath>\n#include <type_traits>\n#include <sstream>\n"
               "#include <simtvm/thrust_complex.h>\n";
    /* which systems Thrust compiles for: the host's is C++, the device's CUDA */
    if (!strcmp(name, "thrust/detail/config.h"))
        return INC_THRUST "#include <thrust/version.h>\n"
               "#define THRUST_HOST_SYSTEM_CPP 1\n#define THRUST_HOST_SYSTEM_OMP 2\n"
               "#define THRUST_HOST_SYSTEM_TBB 3\n#define THRUST_DEVICE_SYSTEM_CUDA 1\n"
               "#define THRUST_DEVICE_SYSTEM_OMP 2\n#define THRUST_DEVICE_SYSTEM_TBB 3\n"
               "#define THRUST_DEVICE_SYSTEM_CPP 4\n"
               "#define THRUST_HOST_SYSTEM THRUST_HOST_SYSTEM_CPP\n"
               "#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CUDA\n";
    if (strncmp(name, "thrust/", 7) != 0)
        return NULL;
    for (size_t i = 0; i < sizeof THRUST_HEADERS / sizeof THRUST_HEADERS[0]; i++)
        if (!strcmp(name + 7, THRUST_HEADERS[i]))
            return INC_THRUST;
    return NULL;
}

const char *k_thrust_class_alias(const char *name)
{
    return strcmp(name, "thrust::host_vector") == 0 ? "thrust::device_vector" : name;
}
