/* runtime/stats_explain.c -- what the numbers of --stats mean, for people:
 * the one-line gloss beside each stall reason (Nsight Compute's names kept)
 * and the page --stats=explain prints after the statistics. */
#include "runtime/stats_explain.h"

#include <string.h>

static const struct {
    const char *name, *gloss;
} STALLS[] = {
    {"long_scoreboard", "waiting for a global or local memory load"},
    {"short_scoreboard", "waiting for shared memory or a special-function result"},
    {"wait", "a fixed-latency dependency (arithmetic result not ready)"},
    {"barrier", "waiting at __syncthreads for the other warps of the block"},
    {"not_selected", "ready, but the scheduler issued another warp"},
    {"lg_throttle", "the load/store queue to global memory is full"},
};

const char *simt_stall_gloss(const char *name)
{
    for (size_t k = 0; k < sizeof STALLS / sizeof STALLS[0]; k++)
        if (!strcmp(STALLS[k].name, name))
            return STALLS[k].gloss;
    return NULL;
}

static const char *const PAGE[] = {
    "== what the statistics mean (simtvm run --stats=explain)",
    "",
    "SIMT efficiency (%)",
    "  Lanes doing work per warp instruction, as a share of the warp's width.",
    "  Low when threads of a warp take different branches or leave loops at",
    "  different iterations.  Usually fixed by making the condition uniform",
    "  across a warp (branch on warp or block index rather than threadIdx.x % 2).",
    "",
    "global loads / stores (sectors/request)",
    "  32-byte sectors moved per warp memory instruction (Nsight Compute's",
    "  l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum / ..._requests.sum).  4 is",
    "  ideal for 32 lanes reading consecutive 4-byte words.  High values mean",
    "  uncoalesced access: make consecutive threads touch consecutive addresses",
    "  (index with threadIdx.x in the fastest-changing position), or stage the",
    "  data through shared memory.",
    "",
    "global atomics (lanes on the busiest address per request)",
    "  Atomics to one address are serialized.  Fixed by reducing in registers or",
    "  shared memory first and issuing one atomic per warp or block.",
    "",
    "local memory (requests)",
    "  Register spills or arrays indexed at run time.  Fixed by fewer live",
    "  values, constant indices (unrolled loops), or --maxrregcount left alone.",
    "",
    "shared memory (wavefronts/load, /store; bank conflicts)",
    "  Passes the shared-memory pipeline needs per instruction; 1 is ideal.",
    "  Each extra pass is a bank conflict: lanes reading different words of the",
    "  same bank.  Fixed by padding arrays (float tile[32][33]) or changing the",
    "  index so lanes of a warp fall in different banks.",
    "",
    "constant memory (serialized accesses/request)",
    "  __constant__ data is broadcast when every lane reads the same address;",
    "  different addresses in one warp are served one after another.",
    "",
    "caches (L1 hit %, L2 hit %, DRAM bytes)",
    "  Where global loads were served.  Low hit rates with much DRAM traffic",
    "  point to data read once or in a cache-hostile order; tiling reuses it.",
    "",
    "occupancy (% theoretical, % achieved)",
    "  Resident warps per SM over the maximum.  Theoretical: what registers,",
    "  shared memory and block size allow (the limiter is named).  Achieved: the",
    "  average while the kernel ran; low when the grid is too small to fill",
    "  the GPU or blocks finish unevenly.  More blocks, fewer registers or less",
    "  shared memory per block raise it; it matters when stalls dominate.",
    "",
    "estimated cycles (cycles, us, IPC)",
    "  The model's duration of the launch on the chosen --device, and warp",
    "  instructions issued per cycle per SM.  An estimate for comparing",
    "  versions of a kernel, not a measurement.",
    "",
    "top stall reason (% of stalled warp cycles)",
    "  Why warps could not issue, by Nsight Compute's names:",
    "    long_scoreboard   waiting for a global or local memory load: coalesce,",
    "                      reuse through shared memory, raise occupancy",
    "    short_scoreboard  waiting for shared memory or a special function",
    "                      (sqrt, sin...): remove bank conflicts, fewer MUFU ops",
    "    wait              fixed-latency dependencies: more independent work",
    "                      per thread (unroll) hides them",
    "    barrier           waiting at __syncthreads: balance the work between",
    "                      warps, fewer barriers",
    "    not_selected      ready but another warp issued: the SM is busy (good)",
    "    lg_throttle       the global load/store queue is full: wider loads",
    "                      (float4), fewer memory instructions",
    "",
    "most expensive source lines",
    "  Issue and stall cycles charged to each source line, summed over every",
    "  warp of every launch (warp cycles).  'per warp' divides by the warps",
    "  launched; 'share' is the line's part of all warp cycles.  A line can",
    "  cost more warp cycles than the launch lasts, since warps run at once.",
    NULL,
};

void simt_stats_explain(FILE *out)
{
    for (int k = 0; PAGE[k]; k++) {
        fputs(PAGE[k], out);
        fputc('\n', out);
    }
}
