/* vm/sched_random.c -- the warp policy of adversarial interleaving
 * (--interleave=random): independent thread scheduling (vm/sched_its.c)
 * where the next group is any ready lane's, or a random part of it, for a
 * random number of instructions, from a stream per warp seeded by --seed
 * (vm/grid.c warp_reset).  Collectives, __syncwarp and barriers still
 * synchronise, so a correct program prints the same for every seed; a
 * program with an intra-warp race shows it under some seed. */
#include "vm/policy.h"

/* --interleave=random: any ready lane may go next, with any non-empty subset
 * of its group (of its cohort), for a short random number of instructions.
 * Collectives, __syncwarp and barriers still synchronise, so correct programs
 * cannot tell. */
static int random_pick(simt_exec *ex, simt_warp *w, uint32_t *mask)
{
    (void)ex;
    unsigned ready[SIMT_MAX_WARP], n = 0;
    for (uint32_t m = w->in_state[LANE_READY]; m; m &= m - 1)
        ready[n++] = (unsigned)__builtin_ctz(m);
    if (!n)
        return 0;
    uint64_t r = simt_rng_next(&w->rng);
    unsigned lead = ready[r % n];
    uint32_t g = simt_group_of(w, lead);
    for (uint32_t m = g; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (w->cohort[l] != w->cohort[lead])
            g &= ~(1u << l);
    }
    if ((r >> 32) & 1) {
        uint32_t sub = (uint32_t)simt_rng_next(&w->rng) & g;
        sub = sub ? sub : 1u << lead;
        if (sub != g)
            simt_cohort_new(w, sub);
        g = sub;
    }
    w->slice = 1 + (uint32_t)((r >> 40) % 8);
    *mask = g;
    return 1;
}

/* The turn random_pick gave the group is over. */
static int random_preempt(simt_warp *w)
{
    return --w->slice == 0;
}

const simt_warp_policy simt_warp_random = {
    .name = "random",
    .pick = random_pick,
    .back_edge = simt_its_back_edge,
    .preempt = random_preempt,
    .interleave_blocks = 1,
    .uses_cohorts = 1,
};
