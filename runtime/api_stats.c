/* runtime/api_stats.c -- the statistics of the performance model as data
 * (simtvm.h): launch by launch, metric by metric, the numbers simtvm_stats
 * prints, read from the same simt_stats_metrics so the two never differ. */
#include "runtime/api.h"
#include "runtime/model.h"
#include "runtime/runtime.h"

#include <string.h>

#include "vm/suggest.h"

simtvm_status simt_api_stats_ready(simtvm_vm *vm)
{
    if (!vm->mod || !vm->vm.model || !vm->vm.cfg.stats)
        return simt_api_fail(vm, SIMTVM_ERR_MISUSE, "%s", vm->mod
                             ? "statistics need config.stats = 1"
                             : "no module is loaded (call simtvm_load)");
    if (simt_model_oom(vm->vm.model))
        return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "the performance model ran out of memory: "
                             "the statistics since the load are incomplete");
    return SIMTVM_OK;
}

simtvm_status simtvm_stats_count(simtvm_vm *vm, unsigned *launches)
{
    if (launches)
        *launches = 0;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!launches)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_stats_count: NULL launches");
    simtvm_status st = simt_api_stats_ready(vm);
    if (st != SIMTVM_OK)
        return st;
    *launches = vm->vm.model->nlaunches;
    return simt_api_ok(vm);
}

/* The checks every per-launch call makes; fills ms with the launch's metrics. */
static simtvm_status launch_metrics(simtvm_vm *vm, const char *fn, unsigned launch,
                                    const void *out, simt_metric *ms)
{
    if (!out)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "%s: NULL argument", fn);
    simtvm_status st = simt_api_stats_ready(vm);
    if (st != SIMTVM_OK)
        return st;
    if (!simt_stats_metrics(vm->vm.model, launch, ms))
        return simt_api_fail(vm, SIMTVM_ERR_RANGE, "%s: no launch %u (%u launches since the "
                             "load)", fn, launch, vm->vm.model->nlaunches);
    return SIMTVM_OK;
}

simtvm_status simtvm_stats_launch(simtvm_vm *vm, unsigned launch, simtvm_launch_stats *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!vm)
        return SIMTVM_ERR_NULL;
    simt_metric ms[SIMT_NMETRICS];
    simtvm_status st = launch_metrics(vm, "simtvm_stats_launch", launch, out, ms);
    if (st != SIMTVM_OK)
        return st;
    const simt_model *m = vm->vm.model;
    const simt_launch_rec *r = &m->launches[launch];
    out->kernel = m->mod->funcs[r->kernel].name;
    memcpy(out->grid, r->grid, sizeof out->grid);
    memcpy(out->block, r->block, sizeof out->block);
    out->nmetrics = SIMT_NMETRICS;
    return simt_api_ok(vm);
}

simtvm_status simtvm_stats_metric(simtvm_vm *vm, unsigned launch, unsigned k,
                                  simtvm_metric *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (!vm)
        return SIMTVM_ERR_NULL;
    simt_metric ms[SIMT_NMETRICS];
    simtvm_status st = launch_metrics(vm, "simtvm_stats_metric", launch, out, ms);
    if (st != SIMTVM_OK)
        return st;
    if (k >= SIMT_NMETRICS)
        return simt_api_fail(vm, SIMTVM_ERR_RANGE, "simtvm_stats_metric: no metric %u (a "
                             "launch has %d)", k, SIMT_NMETRICS);
    *out = (simtvm_metric){ms[k].name, ms[k].unit, ms[k].value};
    return simt_api_ok(vm);
}

simtvm_status simtvm_stats_value(simtvm_vm *vm, unsigned launch, const char *name,
                                 double *value)
{
    if (value)
        *value = 0;
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!name)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_stats_value: NULL name");
    simt_metric ms[SIMT_NMETRICS];
    simtvm_status st = launch_metrics(vm, "simtvm_stats_value", launch, value, ms);
    if (st != SIMTVM_OK)
        return st;
    simt_suggester sg;
    simt_suggest_init(&sg, name);
    for (int k = 0; k < SIMT_NMETRICS; k++) {
        if (!strcmp(ms[k].name, name)) {
            *value = ms[k].value;
            return simt_api_ok(vm);
        }
        simt_suggest_add(&sg, ms[k].name);
    }
    const char *near = simt_suggest_best(&sg);
    return simt_api_fail(vm, SIMTVM_ERR_NOT_FOUND, "no statistic is called '%s'%s%s%s", name,
                         near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
}
