/* runtime/check_shfl.c -- --check=sync: a shuffle whose source lane is not
 * among the participating lanes.  CUDA leaves the value such a lane reads
 * undefined (a GPU returns whatever the inactive lane's register holds), so
 * a program that relies on it works by accident.
 *
 * An observer of its own (vm/observe.h): it sees every shuffle as it runs
 * (the shfl event, with each lane's source) and reports to the checker. */
#include <stdio.h>

#include "runtime/observers.h"

static void shfl_event(void *ctx, simt_vm *vm, const simt_shfl_event *s)
{
    for (uint32_t m = s->lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint32_t src = s->src[l];
        if (src == l || (s->lanes >> src & 1))
            continue;
        char detail[200];
        snprintf(detail, sizeof detail, "lane %u of warp %u reads lane %u, which is not among the "
                 "participating lanes 0x%08x: the value is undefined", l, s->warp, src, s->lanes);
        simt_check_report(ctx, vm, CHECK_SYNC, FIND_SHFL_INACTIVE, s->pc, NULL, s->tid_base + l, l, detail);
    }
}

simt_observer simt_shfl_checker(simt_checker *ck)
{
    simt_observer o = {0};
    o.name = "check-shfl";
    o.ctx = ck;
    o.flags = OBS_SERIAL; /* no state: blocks may interleave */
    o.shfl = shfl_event;
    return o;
}
