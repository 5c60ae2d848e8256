/* vm/device.c -- the built-in device profiles and the profile-file reader.
 *
 * Sources of the figures:
 *   - SM counts, per-SM limits, shared memory, L1/L2 sizes, clocks, memory:
 *     NVIDIA's architecture whitepapers (Volta V100, Ampere A100, Hopper H100)
 *     and the CUDA C++ Programming Guide, table "Technical Specifications per
 *     Compute Capability" (7.0, 8.0, 9.0); allocation granularities from the
 *     CUDA Occupancy Calculator; cudaDeviceProp values (names, memory clock,
 *     bus width, totalGlobalMem) as deviceQuery reports them for the SXM parts.
 *   - Latencies (cycles, approximate, load-to-use of a dependent chain):
 *     V100 from Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via
 *     Microbenchmarking" (2018); A100 and H100 from Luo et al., "Benchmarking
 *     and Dissecting the Nvidia Hopper GPU Architecture" (IPDPS 2024), which
 *     measures all three generations with one method.  They are rounded: the
 *     model needs their order of magnitude, not their last digit.
 *   - Host link: what a pinned and a pageable cudaMemcpy reach on the PCIe
 *     generation of each part (gen3 x16, gen4 x16, gen5 x16), rounded;
 *     the h100 figures sit between the H2D and D2H rates that NVIDIA's
 *     bandwidth-test blog program printed on an H100 (shared/realworld).
 *     The fixed cost per copy (the driver's, about 10 us) is a round guess.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/device.h"

#define KIB 1024
#define MIB (1024 * 1024)

static const simt_device_profile builtin_profiles[] = {
    {
        .name = "v100", .full_name = "Tesla V100-SXM2-16GB", .major = 7, .minor = 0,
        .sm_count = 80, .max_threads_per_sm = 2048, .max_warps_per_sm = 64,
        .max_blocks_per_sm = 32, .max_threads_per_block = 1024,
        .regs_per_sm = 65536, .regs_per_block = 65536, .max_regs_per_thread = 255,
        .smem_per_sm = 96 * KIB, .smem_per_block = 48 * KIB, .smem_per_block_optin = 96 * KIB,
        .reserved_smem_per_block = 0, .schedulers_per_sm = 4,
        .l1_size = 128 * KIB, .l2_size = 6 * MIB,
        .reg_alloc_unit = 256, .warp_alloc_granularity = 4, .smem_alloc_unit = 256,
        .lat_alu = 4, .lat_shared = 19, .lat_l1 = 28, .lat_l2 = 193, .lat_dram = 400,
        .dram_gbps = 900.0, .clock_khz = 1530000, .mem_clock_khz = 877000,
        .mem_bus_width = 4096, .global_mem = UINT64_C(16945512448), .const_mem = 65536,
        .dram_granule = 64,
        .link_pinned_gbps = 12.0, .link_pageable_gbps = 6.0, .copy_overhead_us = 10.0,
        .launch_overhead_us = 5.0,
    },
    {
        .name = "a100", .full_name = "NVIDIA A100-SXM4-40GB", .major = 8, .minor = 0,
        .sm_count = 108, .max_threads_per_sm = 2048, .max_warps_per_sm = 64,
        .max_blocks_per_sm = 32, .max_threads_per_block = 1024,
        .regs_per_sm = 65536, .regs_per_block = 65536, .max_regs_per_thread = 255,
        .smem_per_sm = 164 * KIB, .smem_per_block = 48 * KIB,
        .smem_per_block_optin = 163 * KIB, .reserved_smem_per_block = 1 * KIB,
        .schedulers_per_sm = 4, .l1_size = 192 * KIB, .l2_size = 40 * MIB,
        .reg_alloc_unit = 256, .warp_alloc_granularity = 4, .smem_alloc_unit = 128,
        .lat_alu = 4, .lat_shared = 29, .lat_l1 = 33, .lat_l2 = 200, .lat_dram = 470,
        .dram_gbps = 1555.0, .clock_khz = 1410000, .mem_clock_khz = 1215000,
        .mem_bus_width = 5120, .global_mem = UINT64_C(42505273344), .const_mem = 65536,
        .dram_granule = 64,
        .link_pinned_gbps = 24.0, .link_pageable_gbps = 8.0, .copy_overhead_us = 10.0,
        .launch_overhead_us = 5.0,
        .l2_persist_max = 30 * MIB, .access_window_max = 128 * MIB - 4 * KIB,
    },
    {
        .name = "h100", .full_name = "NVIDIA H100 80GB HBM3", .major = 9, .minor = 0,
        .sm_count = 132, .max_threads_per_sm = 2048, .max_warps_per_sm = 64,
        .max_blocks_per_sm = 32, .max_threads_per_block = 1024,
        .regs_per_sm = 65536, .regs_per_block = 65536, .max_regs_per_thread = 255,
        .smem_per_sm = 228 * KIB, .smem_per_block = 48 * KIB,
        .smem_per_block_optin = 227 * KIB, .reserved_smem_per_block = 1 * KIB,
        .schedulers_per_sm = 4, .l1_size = 256 * KIB, .l2_size = 50 * MIB,
        .reg_alloc_unit = 256, .warp_alloc_granularity = 4, .smem_alloc_unit = 128,
        .lat_alu = 4, .lat_shared = 29, .lat_l1 = 33, .lat_l2 = 261, .lat_dram = 480,
        .dram_gbps = 3350.0, .clock_khz = 1980000, .mem_clock_khz = 2619000,
        .mem_bus_width = 5120, .global_mem = UINT64_C(85029158912), .const_mem = 65536,
        .dram_granule = 64,
        .link_pinned_gbps = 51.0, .link_pageable_gbps = 8.0, .copy_overhead_us = 10.0,
        .launch_overhead_us = 5.0,
        .l2_persist_max = 75 * MIB / 2, .access_window_max = 128 * MIB,
    },
};

#define NPROFILES ((int)(sizeof builtin_profiles / sizeof builtin_profiles[0]))

const simt_device_profile *simt_device_builtin(const char *name)
{
    for (int i = 0; name && i < NPROFILES; i++)
        if (strcmp(builtin_profiles[i].name, name) == 0)
            return &builtin_profiles[i];
    return NULL;
}

const simt_device_profile *simt_device_list(int *n)
{
    *n = NPROFILES;
    return builtin_profiles;
}

/* ---- profile files: `key = value` lines, '#' comments ---- */

enum field_kind { F_INT, F_INT0, F_U64, F_DOUBLE, F_NAME, F_FULL_NAME };

typedef struct field {
    const char *key;
    enum field_kind kind; /* F_INT must be > 0; F_INT0 may be 0 */
    size_t offset;
} field;

#define FIELD(key, kind) { #key, kind, offsetof(simt_device_profile, key) }
static const field fields[] = {
    FIELD(name, F_NAME), FIELD(full_name, F_FULL_NAME),
    FIELD(major, F_INT0), FIELD(minor, F_INT0),
    FIELD(sm_count, F_INT), FIELD(max_threads_per_sm, F_INT), FIELD(max_warps_per_sm, F_INT),
    FIELD(max_blocks_per_sm, F_INT), FIELD(max_threads_per_block, F_INT),
    FIELD(regs_per_sm, F_INT), FIELD(regs_per_block, F_INT), FIELD(max_regs_per_thread, F_INT),
    FIELD(smem_per_sm, F_INT0), FIELD(smem_per_block, F_INT0),
    FIELD(smem_per_block_optin, F_INT0), FIELD(reserved_smem_per_block, F_INT0),
    FIELD(schedulers_per_sm, F_INT), FIELD(l1_size, F_INT0), FIELD(l2_size, F_INT0),
    FIELD(reg_alloc_unit, F_INT), FIELD(warp_alloc_granularity, F_INT),
    FIELD(smem_alloc_unit, F_INT),
    FIELD(lat_alu, F_INT0), FIELD(lat_shared, F_INT0), FIELD(lat_l1, F_INT0),
    FIELD(lat_l2, F_INT0), FIELD(lat_dram, F_INT0),
    FIELD(dram_gbps, F_DOUBLE), FIELD(clock_khz, F_INT), FIELD(mem_clock_khz, F_INT0),
    FIELD(mem_bus_width, F_INT0), FIELD(global_mem, F_U64), FIELD(const_mem, F_INT0),
    FIELD(blocking_stores, F_INT0), FIELD(dram_granule, F_INT0),
    FIELD(outstanding_lines, F_INT0), FIELD(link_pinned_gbps, F_DOUBLE),
    FIELD(link_pageable_gbps, F_DOUBLE), FIELD(copy_overhead_us, F_DOUBLE),
    FIELD(launch_overhead_us, F_DOUBLE), FIELD(l2_persist_max, F_INT0),
    FIELD(access_window_max, F_INT0),
};
#undef FIELD

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = '\0';
    return s;
}

/* An unsigned integer with an optional binary suffix K, M or G (48K = 49152). */
static int parse_u64(const char *s, uint64_t *out)
{
    if (!isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno)
        return -1;
    unsigned shift = 0;
    switch (*end) {
    case 'K': case 'k': shift = 10; end++; break;
    case 'M': case 'm': shift = 20; end++; break;
    case 'G': case 'g': shift = 30; end++; break;
    default: break;
    }
    if (*end != '\0' || (shift && v > (UINT64_MAX >> shift)))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

static int set_field(simt_device_profile *p, const field *f, const char *value,
                     char *why, size_t whylen)
{
    char *dst = (char *)p + f->offset;
    uint64_t u;
    switch (f->kind) {
    case F_NAME:
    case F_FULL_NAME: {
        size_t cap = f->kind == F_NAME ? sizeof p->name : sizeof p->full_name;
        if (*value == '\0' || strlen(value) >= cap) {
            snprintf(why, whylen, "%s must be 1 to %zu characters", f->key, cap - 1);
            return -1;
        }
        memcpy(dst, value, strlen(value) + 1);
        return 0;
    }
    case F_DOUBLE: {
        char *end;
        errno = 0;
        double d = strtod(value, &end);
        if (end == value || *end != '\0' || errno || !isfinite(d) || d <= 0) {
            snprintf(why, whylen, "bad number '%s' for %s (a positive number)", value, f->key);
            return -1;
        }
        memcpy(dst, &d, sizeof d);
        return 0;
    }
    case F_U64:
        if (parse_u64(value, &u) != 0 || u == 0) {
            snprintf(why, whylen, "bad number '%s' for %s (a positive integer)", value, f->key);
            return -1;
        }
        memcpy(dst, &u, sizeof u);
        return 0;
    case F_INT:
    case F_INT0:
        if (parse_u64(value, &u) != 0 || u > INT_MAX || (f->kind == F_INT && u == 0)) {
            snprintf(why, whylen, "bad number '%s' for %s (an integer %s)", value, f->key,
                     f->kind == F_INT ? "from 1 to 2147483647" : "from 0 to 2147483647");
            return -1;
        }
        int i = (int)u;
        memcpy(dst, &i, sizeof i);
        return 0;
    }
    return -1;
}

/* One line: blank, a comment, or key = value.  Returns 0 or -1 with why. */
static int parse_line(simt_device_profile *p, char *line, char *why, size_t whylen)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    char *text = trim(line);
    if (*text == '\0')
        return 0;
    char *eq = strchr(text, '=');
    if (!eq) {
        snprintf(why, whylen, "expected 'key = value', found '%.60s'", text);
        return -1;
    }
    *eq = '\0';
    char *key = trim(text), *value = trim(eq + 1);
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (strcmp(fields[i].key, key) == 0)
            return set_field(p, &fields[i], value, why, whylen);
    snprintf(why, whylen, "unknown key '%.60s'", key);
    return -1;
}

/* The profile's default name: the file's base name without its extension. */
static void name_from_path(simt_device_profile *p, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strcspn(base, ".");
    if (n == 0)
        return;
    if (n >= sizeof p->name)
        n = sizeof p->name - 1;
    memcpy(p->name, base, n);
    p->name[n] = '\0';
}

int simt_device_load(const char *path, simt_device_profile *out, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    simt_device_profile p = *simt_device_builtin("h100");
    name_from_path(&p, path);
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, rc = 0;
    char why[160];
    while (getline(&line, &cap, f) >= 0) {
        lineno++;
        if (parse_line(&p, line, why, sizeof why) != 0) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            rc = -1;
            break;
        }
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        rc = -1;
    }
    free(line);
    fclose(f);
    if (rc == 0)
        *out = p;
    return rc;
}
