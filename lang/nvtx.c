/* lang/nvtx.c -- the text of NVTX's <nvToolsExt.h>, <nvToolsExtCudaRt.h> and
 * <nvToolsExtCuda.h> (and their <nvtx3/...> names), written in K.  simtvm
 * has no profiler that reads NVTX's ranges, so every call does what NVTX
 * does when no tool is attached: nothing, the range calls returning
 * NVTX_NO_PUSH_POP_TRACKING (-2) and range ids 0. */
#include <string.h>

#include "include.h"

static const char TEXT_NVTOOLSEXT_H[] =
    "// nvToolsExt.h as simtvm builds it in (lang/nvtx.c): no profiler is\n"
    "// attached, so the calls do nothing and return what NVTX returns then.\n"
    "#pragma once\n"
    "#include <stdint.h>\n"
    "\n"
    "#define NVTX_VERSION 3\n"
    "#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)\n"
    "#define NVTX_COLOR_UNKNOWN 0\n"
    "#define NVTX_COLOR_ARGB 1\n"
    "#define NVTX_MESSAGE_UNKNOWN 0\n"
    "#define NVTX_MESSAGE_TYPE_ASCII 1\n"
    "#define NVTX_MESSAGE_TYPE_UNICODE 2\n"
    "#define NVTX_MESSAGE_TYPE_REGISTERED 3\n"
    "#define NVTX_PAYLOAD_UNKNOWN 0\n"
    "#define NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 1\n"
    "#define NVTX_PAYLOAD_TYPE_INT64 2\n"
    "#define NVTX_PAYLOAD_TYPE_DOUBLE 3\n"
    "#define NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 4\n"
    "#define NVTX_PAYLOAD_TYPE_INT32 5\n"
    "#define NVTX_PAYLOAD_TYPE_FLOAT 6\n"
    "#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)sizeof(nvtxEventAttributes_t))\n"
    "\n"
    "typedef uint64_t nvtxRangeId_t;\n"
    "typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;\n"
    "typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;\n"
    "typedef union nvtxMessageValue_t {\n"
    "    const char *ascii;\n"
    "    nvtxStringHandle_t registered;\n"
    "} nvtxMessageValue_t;\n"
    "typedef union nvtxPayloadValue_t {\n"
    "    uint64_t ullValue;\n"
    "    int64_t llValue;\n"
    "    double dValue;\n"
    "    uint32_t uiValue;\n"
    "    int32_t iValue;\n"
    "    float fValue;\n"
    "} nvtxPayloadValue_t;\n"
    "typedef struct nvtxEventAttributes_v2 {\n"
    "    uint16_t version;\n"
    "    uint16_t size;\n"
    "    uint32_t category;\n"
    "    int32_t colorType;\n"
    "    uint32_t color;\n"
    "    int32_t payloadType;\n"
    "    int32_t reserved0;\n"
    "    nvtxPayloadValue_t payload;\n"
    "    int32_t messageType;\n"
    "    nvtxMessageValue_t message;\n"
    "} nvtxEventAttributes_t;\n"
    "\n"
    "inline int nvtxRangePushA(const char *message) { (void)message; return -2; }\n"
    "inline int nvtxRangePushEx(const nvtxEventAttributes_t *a) { (void)a; return -2; }\n"
    "inline int nvtxRangePop(void) { return -2; }\n"
    "inline nvtxRangeId_t nvtxRangeStartA(const char *message) { (void)message; return 0; }\n"
    "inline nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *a) { (void)a; return 0; }\n"
    "inline void nvtxRangeEnd(nvtxRangeId_t id) { (void)id; }\n"
    "inline void nvtxMarkA(const char *message) { (void)message; }\n"
    "inline void nvtxMarkEx(const nvtxEventAttributes_t *a) { (void)a; }\n"
    "inline void nvtxNameOsThreadA(uint32_t id, const char *name) { (void)id; (void)name; }\n"
    "inline void nvtxNameCategoryA(uint32_t category, const char *name)\n"
    "{\n"
    "    (void)category;\n"
    "    (void)name;\n"
    "}\n"
    "inline nvtxDomainHandle_t nvtxDomainCreateA(const char *name) { (void)name; return 0; }\n"
    "inline void nvtxDomainDestroy(nvtxDomainHandle_t d) { (void)d; }\n"
    "inline int nvtxDomainRangePushEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a)\n"
    "{\n"
    "    (void)d;\n"
    "    (void)a;\n"
    "    return -2;\n"
    "}\n"
    "inline int nvtxDomainRangePop(nvtxDomainHandle_t d) { (void)d; return -2; }\n"
    "inline void nvtxDomainMarkEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a)\n"
    "{\n"
    "    (void)d;\n"
    "    (void)a;\n"
    "}\n"
    "// the names without A/W, as NVTX defines them where UNICODE is not\n"
    "#define nvtxRangePush nvtxRangePushA\n"
    "#define nvtxRangeStart nvtxRangeStartA\n"
    "#define nvtxMark nvtxMarkA\n"
    "#define nvtxNameOsThread nvtxNameOsThreadA\n"
    "#define nvtxNameCategory nvtxNameCategoryA\n"
    "#define nvtxDomainCreate nvtxDomainCreateA\n";

/* NVTX's names for the CUDA runtime's and driver's objects; with no tool
 * attached they too do nothing. */
static const char TEXT_NVTOOLSEXTCUDART_H[] =
    "// nvToolsExtCudaRt.h as simtvm builds it in (lang/nvtx.c): names for the\n"
    "// runtime's devices, streams and events, which no profiler reads here.\n"
    "#pragma once\n"
    "#include <nvToolsExt.h>\n"
    "#include <cuda_runtime.h>\n"
    "\n"
    "inline void nvtxNameCudaDeviceA(int device, const char *name) { (void)device; (void)name; }\n"
    "inline void nvtxNameCudaStreamA(cudaStream_t stream, const char *name)\n"
    "{\n"
    "    (void)stream;\n"
    "    (void)name;\n"
    "}\n"
    "inline void nvtxNameCudaEventA(cudaEvent_t event, const char *name)\n"
    "{\n"
    "    (void)event;\n"
    "    (void)name;\n"
    "}\n"
    "#define nvtxNameCudaDevice nvtxNameCudaDeviceA\n"
    "#define nvtxNameCudaStream nvtxNameCudaStreamA\n"
    "#define nvtxNameCudaEvent nvtxNameCudaEventA\n";

static const char TEXT_NVTOOLSEXTCUDA_H[] =
    "// nvToolsExtCuda.h as simtvm builds it in (lang/nvtx.c): names for the\n"
    "// driver's devices (simtvm's driver API has no contexts, streams or\n"
    "// events of its own: use the runtime's, nvToolsExtCudaRt.h).\n"
    "#pragma once\n"
    "#include <nvToolsExt.h>\n"
    "#include <cuda.h>\n"
    "\n"
    "inline void nvtxNameCuDeviceA(CUdevice device, const char *name) { (void)device; (void)name; }\n"
    "#define nvtxNameCuDevice nvtxNameCuDeviceA\n";

/* name is nvToolsExt*.h, with or without nvtx3/ before it */
const char *k_nvtx_header_text(const char *name)
{
    if (!strncmp(name, "nvtx3/", 6))
        name += 6;
    if (!strcmp(name, "nvToolsExt.h"))
        return TEXT_NVTOOLSEXT_H;
    if (!strcmp(name, "nvToolsExtCudaRt.h"))
        return TEXT_NVTOOLSEXTCUDART_H;
    if (!strcmp(name, "nvToolsExtCuda.h"))
        return TEXT_NVTOOLSEXTCUDA_H;
    return NULL;
}
