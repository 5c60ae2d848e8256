/* lang/cuda_driver_types.c -- <driver_types.h> as simtvm builds it in: the
 * types of the stream attributes (cudaStreamSetAttribute's access policy
 * window, sync policy and priority), written in K with CUDA 12/13's layout.
 *
 * The calls themselves are builtins (vm/builtins.def,
 * runtime/host_stream.c), which read the union at these offsets: a window
 * is base_ptr 0, num_bytes 8, hitRatio 16, hitProp 20, missProp 24.
 * <cuda_runtime.h> (lang/cuda_graph.c) includes this header, as CUDA's
 * does. */
#include "include.h"

static const char TEXT_DRIVER_TYPES_H[] =
    "// driver_types.h as simtvm builds it in: the stream attributes\n"
    "// (lang/cuda_driver_types.c).  Everything else is built into K.\n"
    "#pragma once\n"
    "\n"
    "enum cudaAccessProperty {\n"
    "    cudaAccessPropertyNormal = 0,\n"
    "    cudaAccessPropertyStreaming = 1,\n"
    "    cudaAccessPropertyPersisting = 2\n"
    "};\n"
    "struct cudaAccessPolicyWindow {\n"
    "    void *base_ptr;\n"
    "    size_t num_bytes;\n"
    "    float hitRatio;\n"
    "    enum cudaAccessProperty hitProp;\n"
    "    enum cudaAccessProperty missProp;\n"
    "};\n"
    "enum cudaSynchronizationPolicy {\n"
    "    cudaSyncPolicyAuto = 1,\n"
    "    cudaSyncPolicySpin = 2,\n"
    "    cudaSyncPolicyYield = 3,\n"
    "    cudaSyncPolicyBlockingSync = 4\n"
    "};\n"
    "enum cudaLaunchAttributeID {\n"
    "    cudaLaunchAttributeIgnore = 0,\n"
    "    cudaLaunchAttributeAccessPolicyWindow = 1,\n"
    "    cudaLaunchAttributeCooperative = 2,\n"
    "    cudaLaunchAttributeSynchronizationPolicy = 3,\n"
    "    cudaLaunchAttributeClusterDimension = 4,\n"
    "    cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,\n"
    "    cudaLaunchAttributeProgrammaticStreamSerialization = 6,\n"
    "    cudaLaunchAttributeProgrammaticEvent = 7,\n"
    "    cudaLaunchAttributePriority = 8,\n"
    "    cudaLaunchAttributeMemSyncDomainMap = 9,\n"
    "    cudaLaunchAttributeMemSyncDomain = 10\n"
    "};\n"
    "// 64 bytes, as CUDA's: a stream attribute uses one member\n"
    "union cudaLaunchAttributeValue {\n"
    "    char pad[64];\n"
    "    struct cudaAccessPolicyWindow accessPolicyWindow;\n"
    "    int cooperative;\n"
    "    enum cudaSynchronizationPolicy syncPolicy;\n"
    "    int priority;\n"
    "};\n"
    "typedef enum cudaLaunchAttributeID cudaStreamAttrID;\n"
    "typedef union cudaLaunchAttributeValue cudaStreamAttrValue;\n"
    "#define cudaStreamAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow\n"
    "#define cudaStreamAttributeSynchronizationPolicy cudaLaunchAttributeSynchronizationPolicy\n"
    "#define cudaStreamAttributePriority cudaLaunchAttributePriority\n"
    "// cudaFuncGetAttributes fills it (runtime/host_device.c writes CUDA's layout)\n"
    "struct cudaFuncAttributes {\n"
    "    size_t sharedSizeBytes;\n"
    "    size_t constSizeBytes;\n"
    "    size_t localSizeBytes;\n"
    "    int maxThreadsPerBlock;\n"
    "    int numRegs;\n"
    "    int ptxVersion;\n"
    "    int binaryVersion;\n"
    "    int cacheModeCA;\n"
    "    int maxDynamicSharedSizeBytes;\n"
    "    int preferredShmemCarveout;\n"
    "    int clusterDimMustBeSet;\n"
    "    int requiredClusterWidth;\n"
    "    int requiredClusterHeight;\n"
    "    int requiredClusterDepth;\n"
    "    int clusterSchedulingPolicyPreference;\n"
    "    int nonPortableClusterSizeAllowed;\n"
    "    int reserved[16];\n"
    "};\n";

const char *k_cuda_driver_types_text(void)
{
    return TEXT_DRIVER_TYPES_H;
}
