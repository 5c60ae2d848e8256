/* vm/memunit.c -- classifying a warp's addresses once (vm/memunit.h).
 *
 * One pass over the lanes gathers the bits in which some lane's address
 * differs from the first lane's, and those in which some lane is off unit
 * stride.  Everything else follows: the lanes share one address when no bit
 * differs, one 128-byte segment when none above bit 7 does, one space when
 * none of the space bits does. */
#include <string.h>

#include "vm/memunit.h"

#define SEGMENT_BITS 7 /* 128-byte segments: an L1 line, four sectors */

/* The memory spaces the active lanes' addresses reach, one bit each. */
static uint8_t lane_spaces(const simt_warp_access *a)
{
    unsigned spaces = 0;
    for (uint32_t m = a->mask; m; m &= m - 1)
        spaces |= SIMT_SPACE_BIT(SIMT_ADDR_SPACE(a->addr[__builtin_ctz(m)]));
    return (uint8_t)spaces;
}

/* The shape, spaces and bounds from the pass's sums: the first and the
 * last lane's addresses, the bits in which some lane's address differs from
 * the first's, and those in which some lane is off unit stride.  A bit that
 * no lane changes is the first lane's in every lane, so first & ~differ and
 * first | differ are exactly the AND and the OR of the addresses. */
void simt_access_classify_sums(simt_warp_access *a, uint64_t first, uint64_t last,
                               uint64_t differ, uint64_t stride_off)
{
    if (!a->mask) {
        a->bounds[0] = a->bounds[1] = 0;
        a->shape = SHAPE_UNIFORM;
        a->spaces = 0;
        return;
    }
    a->bounds[0] = first & ~differ;
    a->bounds[1] = first | differ;
    if (!differ) {
        a->shape = SHAPE_UNIFORM;
    } else if (!stride_off) {
        simt_access_unit_stride(a, first, last);
        return;
    } else if (!(differ >> SEGMENT_BITS)) {
        a->shape = SHAPE_SEGMENT;
    } else {
        a->shape = SHAPE_SCATTERED;
    }
    if (!SIMT_ADDR_SPACE(differ)) {
        a->spaces = (uint8_t)SIMT_SPACE_BIT(SIMT_ADDR_SPACE(first));
        return;
    }
    a->spaces = lane_spaces(a);
}

void simt_access_unit_stride(simt_warp_access *a, uint64_t first, uint64_t last)
{
    a->shape = SHAPE_UNIT_STRIDE;
    a->bounds[0] = first;
    a->bounds[1] = last;
    /* the lanes rise from first to last, so two spaces show at the ends */
    if (SIMT_ADDR_SPACE(first) == SIMT_ADDR_SPACE(last) && first <= last) {
        a->spaces = (uint8_t)SIMT_SPACE_BIT(SIMT_ADDR_SPACE(first));
        return;
    }
    a->spaces = lane_spaces(a);
}

/* The lanes of a partial group, from a->addr or (base: not NULL) from
 * base[l] + off into a->addr. */
static void classify_lanes(simt_warp_access *a, const uint64_t *base, uint64_t off)
{
    uint64_t first = 0, last = 0, differ = 0, stride_off = 0;
    if (a->mask) {
        unsigned f = (unsigned)__builtin_ctz(a->mask);
        first = base ? base[f] + off : a->addr[f];
        const uint64_t origin = first - (uint64_t)f * a->size;
        for (uint32_t m = a->mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            uint64_t x = base ? base[l] + off : a->addr[l];
            a->addr[l] = x;
            differ |= x ^ first;
            stride_off |= x ^ (origin + (uint64_t)l * a->size);
            last = x;
        }
    }
    simt_access_classify_sums(a, first, last, differ, stride_off);
}

void simt_access_classify(simt_warp_access *a)
{
    classify_lanes(a, NULL, 0);
}

void simt_access_addresses32(uint64_t *a, const uint64_t *b, uint64_t off)
{
    typedef uint64_t v2 __attribute__((vector_size(16)));
    const v2 o = {off, off};
    for (unsigned l = 0; l < 32; l += 4) {
        v2 x0, x1;
        memcpy(&x0, b + l, sizeof x0);
        memcpy(&x1, b + l + 2, sizeof x1);
        x0 += o;
        x1 += o;
        memcpy(a + l, &x0, sizeof x0);
        memcpy(a + l + 2, &x1, sizeof x1);
    }
}

void simt_access_gather(simt_warp_access *a, const uint64_t *base, uint64_t off)
{
    if (a->mask != UINT32_MAX) {
        classify_lanes(a, base, off);
        return;
    }
    simt_access_gather32(a, base, off);
}
