/* vm/observe.c -- the observers of a VM (vm/observe.h): registration, the
 * summaries the interpreter tests (vm->obs.events, vm->obs.flags), setting
 * observers aside for one launch, and the queries. */
#include <string.h>

#include "vm/observe.h"

/* Recomputes what the active observers handle and how they change the run. */
static void summarise(simt_observers *obs)
{
    obs->events = 0;
    obs->flags = 0;
    obs->runs = 1;
    obs->quiet_branches = 1;
    memset(obs->ncall, 0, sizeof obs->ncall);
    for (int k = 0; k < obs->n; k++) {
        const simt_observer *o = obs->list[k];
        if (obs->paused >> k & 1)
            continue;
        obs->flags |= o->flags;
        /* each callback is stored as a plain function pointer and called
         * through its own type again (SIMT_NOTIFY) */
#define SIMT_OBS_HAS(ev)                                                                \
        if (o->ev) {                                                                    \
            obs->events |= OBS_EV(ev);                                                  \
            struct simt_obs_call *c = &obs->call[OBS_EV_##ev##_bit][obs->ncall[OBS_EV_##ev##_bit]++]; \
            c->fn = (void (*)(void))o->ev;                                              \
            c->ctx = o->ctx;                                                            \
        }
        SIMT_OBS_EVENTS(SIMT_OBS_HAS)
#undef SIMT_OBS_HAS
        if (o->issue && !o->issue_run)
            obs->runs = 0; /* it needs each issue: every observer gets them one by one */
        if (o->branch && !(o->flags & OBS_QUIET_BRANCHES))
            obs->quiet_branches = 0; /* it needs every branch */
    }
    obs->runs = obs->runs && obs->ncall[OBS_EV_issue_run_bit] > 0;
}

int simt_vm_observe(simt_vm *vm, const simt_observer *o)
{
    simt_observers *obs = &vm->obs;
    if (obs->n >= SIMT_MAX_OBSERVERS)
        return -1;
    obs->list[obs->n++] = o;
    summarise(obs);
    return 0;
}

void simt_vm_observe_refresh(simt_vm *vm)
{
    summarise(&vm->obs);
}

void simt_vm_observe_clear(simt_vm *vm)
{
    memset(&vm->obs, 0, sizeof vm->obs);
}

unsigned simt_observe_yield(simt_vm *vm, unsigned flags)
{
    simt_observers *obs = &vm->obs;
    unsigned set = 0;
    for (int k = 0; k < obs->n; k++)
        if (obs->list[k]->flags & flags)
            set |= 1u << k;
    obs->paused |= set;
    summarise(obs);
    return set;
}

void simt_observe_resume(simt_vm *vm)
{
    vm->obs.paused = 0;
    summarise(&vm->obs);
}

uint64_t simt_observe_clock(const simt_vm *vm, uint32_t warp, int *have)
{
    const simt_observers *obs = &vm->obs;
    for (int k = 0; k < obs->n; k++)
        if (obs->list[k]->clock && !(obs->paused >> k & 1)) {
            *have = 1;
            return obs->list[k]->clock(obs->list[k]->ctx, warp);
        }
    *have = 0;
    return 0;
}

uint64_t simt_observe_seat_clock(const simt_vm *vm, uint32_t seat)
{
    const simt_observers *obs = &vm->obs;
    for (int k = 0; k < obs->n; k++)
        if (obs->list[k]->seat_clock && !(obs->paused >> k & 1))
            return obs->list[k]->seat_clock(obs->list[k]->ctx, seat);
    return UINT64_MAX;
}

uint64_t simt_observe_cycles(const simt_vm *vm, int *have, simt_kernel_busy *busy)
{
    const simt_observers *obs = &vm->obs;
    *busy = (simt_kernel_busy){0};
    for (int k = 0; k < obs->n; k++)
        if (obs->list[k]->cycles && !(obs->paused >> k & 1)) {
            *have = 1;
            return obs->list[k]->cycles(obs->list[k]->ctx, busy);
        }
    *have = 0;
    return 0;
}

void simt_observe_finding(simt_vm *vm, const simt_finding *f)
{
    SIMT_NOTIFY(vm, finding, vm, f);
}
