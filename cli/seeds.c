/* cli/seeds.c -- `simtvm run FILE --seeds A..B`: run the program once per
 * seed and report which seeds change its output.  This is the lesson of
 * SPEC 3.2: "3 of 100 schedules are wrong; replay seed 17". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/runner.h"
#include "cli/seeds.h"

typedef struct outcome {
    char *text;
    size_t len;
    int status;
    uint64_t *seeds;
    size_t nseeds;
} outcome;

static int same(const outcome *a, const char *text, size_t len, int status)
{
    return a->status == status && a->len == len && memcmp(a->text, text, len) == 0;
}

/* Runs one seed with stdout captured; returns the exit status. */
static int run_one(const simtvm_options *o, simtvm_module *mod, simtvm_config cfg, uint64_t seed,
                   char **text, size_t *len)
{
    FILE *out = open_memstream(text, len);
    if (!out)
        return EXIT_FAIL;
    cfg.seed = seed;
    cfg.out = out;
    simtvm_vm *vm;
    int status;
    simtvm_status st = simtvm_vm_new(&cfg, &vm);
    if (st == SIMTVM_OK)
        st = simtvm_load(vm, mod);
    if (st == SIMTVM_OK) {
        simtvm_result *r = NULL;
        int code = 0;
        st = simtvm_run_main(vm, o->prog_argc, o->prog_argv, &code, &r);
        status = simtvm_run_status(vm, st, r, code);
        simtvm_result_free(r);
        status = simtvm_finish_run(vm, o, status);
    } else {
        status = simtvm_run_status(vm, st, NULL, 0);
    }
    simtvm_vm_free(vm);
    fclose(out);
    return status;
}

static int record(outcome **list, size_t *n, char *text, size_t len, int status, uint64_t seed)
{
    outcome *hit = NULL;
    for (size_t k = 0; k < *n && !hit; k++)
        if (same(&(*list)[k], text, len, status))
            hit = &(*list)[k];
    if (hit) {
        free(text);
    } else {
        outcome *grown = realloc(*list, (*n + 1) * sizeof **list);
        if (!grown)
            return -1;
        *list = grown;
        hit = &grown[(*n)++];
        memset(hit, 0, sizeof *hit);
        hit->text = text;
        hit->len = len;
        hit->status = status;
    }
    uint64_t *s = realloc(hit->seeds, (hit->nseeds + 1) * sizeof *s);
    if (!s)
        return -1;
    hit->seeds = s;
    s[hit->nseeds++] = seed;
    return 0;
}

/* "1-16, 18, 20-31" */
static void print_seed_list(const outcome *a)
{
    size_t k = 0, shown = 0;
    while (k < a->nseeds) {
        size_t e = k;
        while (e + 1 < a->nseeds && a->seeds[e + 1] == a->seeds[e] + 1)
            e++;
        if (shown++ == 12) {
            printf(", ...");
            return;
        }
        printf(k ? ", %llu" : "%llu", (unsigned long long)a->seeds[k]);
        if (e > k)
            printf("-%llu", (unsigned long long)a->seeds[e]);
        k = e + 1;
    }
}

static void print_outcome(const outcome *a, char tag)
{
    printf("  [%c] %zu seed%s (", tag, a->nseeds, a->nseeds == 1 ? "" : "s");
    print_seed_list(a);
    printf("), exit status %d:\n", a->status);
    const char *p = a->text, *end = a->text + a->len;
    for (int line = 0; p < end && line < 8; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        printf("      %.*s\n", (int)(n > 200 ? 200 : n), p);
        p = nl ? nl + 1 : end;
    }
    if (p < end)
        printf("      ...\n");
}

static void print_replay(const simtvm_options *o, uint64_t seed)
{
    printf("replay one with: simtvm run %s", o->file);
    if (o->sched == SIMTVM_SCHED_LOCKSTEP)
        printf(" --sched=lockstep");
    if (o->interleave == SIMTVM_INTERLEAVE_RANDOM)
        printf(" --interleave=random");
    if (o->warp_size != 32)
        printf(" --warp-size %d", o->warp_size);
    if (o->block_order_random)
        printf(" --block-order=random");
    printf(" --seed %llu\n", (unsigned long long)seed);
}

int simtvm_run_seeds(const simtvm_options *o, simtvm_module *mod, const simtvm_config *cfg)
{
    outcome *list = NULL;
    size_t n = 0;
    int worst = EXIT_OK, tty = !o->quiet && isatty(STDERR_FILENO);
    uint64_t total = o->seeds_last - o->seeds_first + 1;
    for (uint64_t seed = o->seeds_first;; seed++) {
        char *text = NULL;
        size_t len = 0;
        int status = run_one(o, mod, *cfg, seed, &text, &len);
        if (status > worst)
            worst = status;
        if (record(&list, &n, text ? text : calloc(1, 1), len, status, seed) != 0) {
            fprintf(stderr, "simtvm: error: out of memory\n");
            worst = EXIT_FAIL;
            break;
        }
        if (tty)
            fprintf(stderr, "\rseeds: %llu of %llu done, %zu distinct output%s",
                    (unsigned long long)(seed - o->seeds_first + 1), (unsigned long long)total, n,
                    n == 1 ? "" : "s");
        if (seed == o->seeds_last)
            break;
    }
    if (tty)
        fputc('\n', stderr);
    printf("--seeds %llu..%llu: %zu distinct output%s from %llu runs\n",
           (unsigned long long)o->seeds_first, (unsigned long long)o->seeds_last, n,
           n == 1 ? "" : "s", (unsigned long long)total);
    size_t rarest = 0;
    for (size_t k = 0; k < n; k++) {
        print_outcome(&list[k], (char)('A' + (k < 26 ? k : 25)));
        if (list[k].nseeds < list[rarest].nseeds)
            rarest = k;
    }
    if (n > 1)
        print_replay(o, list[rarest].seeds[0]);
    for (size_t k = 0; k < n; k++) {
        free(list[k].text);
        free(list[k].seeds);
    }
    free(list);
    return worst;
}
