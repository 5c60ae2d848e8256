/* tests/unit/test_lanes_inline.c -- the AVX2 code that only the AVX2 build of
 * the dispatch loop (vm/interp_avx2.c) runs, against the scalar helpers, bit
 * for bit (TAP): avx2_lea_bounds32 (an LDX's addresses and their bounds in one
 * pass) must equal LEA_S32/LEA_U32/LEA_64 followed by bounds (lea_plus32, the
 * addresses in registers, LEA plus the offset), a whole warp's
 * shared-memory LD32 and ST32 (shared_load32_x, shared_copy32, shared_store32, in
 * every access shape they tell apart, and refusing bad lanes) the scalar load and store, bounds_full and
 * store_lanes (a whole warp's bounds and stores) the scalar bounds and
 * store, the coalesced whole-warp loads and stores (contiguous, load_block,
 * store_block, store_each) the scalar load and store, add_or32 and load32_strided
 * (local memory) their lane-by-lane definitions, and the inline full-warp bodies (body_*, maskbody_*, nonzero32, nonzero32_low) the table's helpers, which
 * tests/unit/test_lanes.c holds to the scalar ones.  Built with -mavx2; skips
 * where the build or the CPU has no AVX2. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "vm/lanes.h"

#if defined(__AVX2__) && (defined(__x86_64__) || defined(__i386__))
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "vm/lanes_avx2.h"
#pragma GCC diagnostic pop

static uint64_t rng_state = 0x2545f4914f6cdd1dull;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Index values: small, negative as 32 bits, with garbage above the low word. */
static uint64_t index_value(unsigned round, unsigned l)
{
    switch (round % 4) {
    case 0: return l;
    case 1: return (uint64_t)(uint32_t)-(int32_t)(l + 1);
    case 2: return rnd();
    default: return (rnd() & 0xffffffff00000000ull) | (l * 3u);
    }
}

static int check_lea_bounds(void)
{
    simt_lane_ops s;
    simt_lanes_scalar(&s);
    static const unsigned shifts[] = {0, 1, 2, 3, 6, 20};
    for (unsigned round = 0; round < 2000; round++) {
        uint64_t b[32], c[32], want[32], got[32], ws[2], gs[2];
        uint64_t base = round % 3 == 0 ? 0x200000000000ull : rnd();
        for (unsigned l = 0; l < 32; l++) {
            b[l] = round % 5 == 0 ? rnd() : base;
            c[l] = index_value(round, l);
        }
        unsigned ext = round % 3, shift = shifts[round % 6];
        uint64_t off = round % 7 == 0 ? rnd() : (uint64_t)(int64_t)(int)(rnd() % 512) - 256;
        enum simt_lop op = ext == 0 ? LOP_LEA_S32 : ext == 1 ? LOP_LEA_U32 : LOP_LEA_64;
        s.op[op](want, b, c, UINT64_C(1) << shift, 32, 0xffffffffu);
        s.bounds(want, off, 32, 0xffffffffu, ws);
        avx2_lea_bounds32(got, b, c, ext, shift, off, gs);
        if (memcmp(want, got, sizeof want) != 0 || memcmp(ws, gs, sizeof ws) != 0) {
            printf("# lea_bounds32 ext=%u shift=%u off=0x%" PRIx64 ": bounds %" PRIx64 " %" PRIx64
                   ", want %" PRIx64 " %" PRIx64 "\n", ext, shift, off, gs[0], gs[1], ws[0], ws[1]);
            return 0;
        }
        v4 x[8]; /* lea_plus32: the same addresses plus off, in registers */
        lea_plus32(x, b, c, ext, shift, off);
        for (unsigned k = 0; k < 8; k++)
            st(got + 4 * k, x[k]);
        for (unsigned l = 0; l < 32; l++)
            if (got[l] != want[l] + off) {
                printf("# lea_plus32 ext=%u shift=%u lane %u: 0x%" PRIx64 ", want 0x%" PRIx64 "\n",
                       ext, shift, l, got[l], want[l] + off);
                return 0;
            }
    }
    return 1;
}

/* body_NAME(…, 32, every lane) and maskbody_NAME against the table entries
 * they are inlined in place of, on random registers. */
static int check_bodies(void)
{
    simt_lane_ops v;
    simt_lanes_scalar(&v);
    simt_lanes_avx2(&v);
    for (unsigned round = 0; round < 200; round++) {
        uint64_t b[64], c[64], want[32], got[32];
        for (unsigned l = 0; l < 64; l++) {
            b[l] = round % 2 ? rnd() : rnd() % 7;
            c[l] = round % 3 ? rnd() : rnd() % 7;
        }
        uint64_t k = rnd() % 4 ? rnd() % 1000 : rnd();
#define BODY(name)                                                              \
        v.op[LOP_##name](want, b, c, k, 32, 0xffffffffu);                       \
        body_##name(got, b, c, k, 32, 0xffffffffu);                             \
        if (memcmp(want, got, sizeof want) != 0) {                              \
            printf("# body_%s differs from the table's helper\n", #name);       \
            return 0;                                                           \
        }
        BODY(MOV) BODY(LDK) BODY(IOTA) BODY(SEL) BODY(ADD_I32) BODY(SUB_I32) BODY(MUL_I32)
        BODY(ADDK) BODY(ADDK_I32) BODY(LEA_S32) BODY(LEA_U32) BODY(LEA_64) BODY(ADD_F32)
        BODY(MUL_F32) BODY(ADD_F64) BODY(LT_S32) BODY(SEXT32) BODY(CVT_S32_F32)
#undef BODY
#define MASK(name)                                                              \
        if (v.cmpmask[LOP_##name](b, c, 32, 0xffffffffu) !=                     \
            maskbody_##name(b, c, 32, 0xffffffffu)) {                           \
            printf("# maskbody_%s differs from the table's helper\n", #name);   \
            return 0;                                                           \
        }
        SIMT_COMPARE_OPS(MASK)
#undef MASK
        /* b has zero lanes in the rounds of small values; c's high words only */
        for (unsigned l = 0; l < 32; l += 3)
            c[l] &= 0xffffffff00000000ull;
        if (nonzero32(b) != v.nonzero(b, 32, 0xffffffffu) ||
            nonzero32(c) != v.nonzero(c, 32, 0xffffffffu)) {
            printf("# nonzero32 differs from the table's nonzero\n");
            return 0;
        }
        uint32_t low = 0;
        for (unsigned l = 0; l < 32; l++)
            low |= (uint32_t)((uint32_t)c[l] != 0) << l;
        if (nonzero32_low(c) != low) {
            printf("# nonzero32_low differs from the lanes' low words\n");
            return 0;
        }
    }
    return 1;
}

/* Lane l's word index in load shape `shape` (check_load32). */
static unsigned load_word(unsigned shape, unsigned l, unsigned delta)
{
    unsigned h = l & 16, i = l & 15;
    switch (shape) {
    case 0: return l;                                    /* coalesced */
    case 1: return 0;                                    /* one address */
    case 2: return l * 7;                                /* strided */
    case 3: return (unsigned)rnd() % 512;                /* random */
    case 4: return l == 29 ? 30 : l == 30 ? 29 : l;      /* coalesced but two lanes swapped */
    case 5: return i + (h ? delta : 0);                  /* each half coalesced (a tile's rows) */
    case 6: return i;                                    /* both halves the same 16 words */
    case 7: return h ? delta : 0;                        /* one address per half */
    case 8: return l == 9 ? 3 : h ? delta : 0;           /* ... but for lane 9 */
    case 9: return l == 25 ? 3 : h ? delta : 0;          /* ... but for lane 25 */
    default: return l == 20 ? 1 : i + (h ? delta : 0);   /* each half coalesced but for lane 20 */
    }
}

/* shared_load32_x (a whole warp's LD32 from shared memory at the addresses
 * lanes_plus gives, as vm/interp_avx2.c tries it first) and shared_copy32 (LDX's, its bounds known) against the
 * scalar load of kind LD32 (4), in every shape of load_word: those loaded
 * as blocks or broadcasts, and near misses of them that must gather.  A
 * lane past the end, one not aligned, or one outside shared memory must
 * make shared_load32_x refuse, writing nothing, also where the lanes form a
 * block or a broadcast. */
static int check_load32(void)
{
    simt_lane_ops s;
    simt_lanes_scalar(&s);
    static uint8_t host[4096];
    for (unsigned i = 0; i < sizeof host; i++)
        host[i] = (uint8_t)rnd();
    const uint64_t g = SIMT_ADDR(SPACE_SHARED, 0); /* the guest address of host[0] */
    for (unsigned round = 0; round < 2200; round++) {
        uint64_t b[32], want[32], got[32], copy[32];
        unsigned shape = round % 11, start = (unsigned)(rnd() % 256) * 4;
        unsigned delta = 16 + (unsigned)(rnd() % 200), bad = (round / 11) % 6;
        for (unsigned l = 0; l < 32; l++)
            b[l] = g + (shape == 3 ? 0 : start) + 4u * load_word(shape, l, delta);
        uint64_t off = (uint64_t)(int64_t)((int)(rnd() % 16) * 4 - 32);
        for (unsigned l = 0; l < 32; l++) /* off is added back to every lane */
            b[l] -= off;
        unsigned victim = (unsigned)(rnd() % 32);
        if (bad == 1) /* one lane past the end */
            b[victim] = g + sizeof host - 2 - off;
        if (bad == 2) /* one lane not aligned */
            b[victim] += 2;
        if (bad == 3) /* one lane in global memory */
            b[victim] = SIMT_ADDR(SPACE_GLOBAL, 64) - off;
        for (unsigned l = 0; l < 32 && bad == 4; l++) /* coalesced, the last lane past the end */
            b[l] = g + sizeof host - 124 + 4 * l - off;
        for (unsigned l = 0; l < 32 && bad == 5; l++) /* the second half's one word past it */
            b[l] = g + (l < 16 ? 0 : sizeof host) - off;
        memset(got, 0xa5, sizeof got);
        memcpy(copy, got, sizeof got);
        v4 x[8];
        lanes_plus(x, b, off);
        int took = shared_load32_x(got, x, host, sizeof host);
        if (bad) {
            if (took || memcmp(got, copy, sizeof got) != 0) {
                printf("# shared_load32_x shape %u took a warp with a bad lane (%u)\n", shape, bad);
                return 0;
            }
            continue;
        }
        s.load(want, b, off - g, host, 4, 32, 0xffffffffu);
        shared_copy32(copy, x, host);
        if (!took || memcmp(want, got, sizeof want) != 0 || memcmp(want, copy, sizeof want) != 0) {
            printf("# shared_load32_x or shared_copy32 shape %u differs from the scalar load\n",
                   shape);
            return 0;
        }
    }
    return 1;
}

/* shared_store32 against the scalar store of 4 bytes: coalesced halves,
 * overlapping (the second half's words last) or not, must be stored as the
 * scalar store stores them; any other shape, and a lane outside shared
 * memory, must make it refuse, storing nothing. */
static int check_shared_store32(void)
{
    simt_lane_ops s;
    simt_lanes_scalar(&s);
    static uint8_t want_mem[4096], got_mem[4096];
    const uint64_t g = SIMT_ADDR(SPACE_SHARED, 0);
    for (unsigned round = 0; round < 1100; round++) {
        uint64_t a[32], b[32];
        unsigned shape = round % 11, start = (unsigned)(rnd() % 256) * 4;
        unsigned delta = (unsigned)(rnd() % 40), bad = (round / 11) % 4;
        for (unsigned l = 0; l < 32; l++) {
            b[l] = g + (shape == 3 ? 0 : start) + 4u * load_word(shape, l, delta);
            a[l] = rnd();
        }
        if (bad == 1)
            b[(unsigned)(rnd() % 32)] = g + sizeof want_mem - 4 * (rnd() % 4);
        if (bad == 2)
            b[(unsigned)(rnd() % 32)] = SIMT_ADDR(SPACE_GLOBAL, 0);
        for (unsigned l = 0; l < 32 && bad == 3; l++) /* coalesced, the last lane past the end */
            b[l] = g + sizeof want_mem - 124 + 4 * l;
        for (unsigned i = 0; i < sizeof want_mem; i++)
            want_mem[i] = got_mem[i] = (uint8_t)rnd();
        int halves = 1;
        for (unsigned l = 0; l < 32; l++)
            halves &= b[l] == b[l & 16] + 4 * (l & 15);
        int fits = 1;
        for (unsigned l = 0; l < 32; l++)
            fits &= SIMT_ADDR_SPACE(b[l]) == SPACE_SHARED && b[l] - g + 4 <= sizeof want_mem;
        int took = shared_store32(a, b, 0, got_mem, sizeof got_mem);
        if (halves && fits)
            s.store(a, b, -g, want_mem, 4, 32, 0xffffffffu);
        if (took != (halves && fits) || memcmp(want_mem, got_mem, sizeof want_mem) != 0) {
            printf("# shared_store32 shape %u (delta %u, bad %u) differs from the scalar store\n",
                   shape, delta, bad);
            return 0;
        }
    }
    return 1;
}

/* bounds_full and store_lanes for a whole warp against the scalar bounds and
 * store: 4- and 8-byte stores, coalesced, one address (the last lane wins),
 * strided and a permutation of a coalesced range. */
static int check_store32(void)
{
    simt_lane_ops s;
    simt_lanes_scalar(&s);
    static uint8_t want_mem[4096], got_mem[4096];
    const uint64_t g = 0x200000001000ull;
    for (unsigned round = 0; round < 400; round++) {
        uint64_t a[32], b[32], ws[2], gs[2];
        unsigned len = round % 2 ? 8 : 4, shape = (round / 2) % 4;
        unsigned start = (unsigned)(rnd() % 256) * 8;
        for (unsigned l = 0; l < 32; l++) {
            unsigned word = shape == 0 ? l : shape == 1 ? 0 : shape == 2 ? l * 3 : (l * 7) % 32;
            b[l] = g + start + len * word;
            a[l] = rnd();
        }
        for (unsigned i = 0; i < sizeof want_mem; i++)
            want_mem[i] = got_mem[i] = (uint8_t)rnd();
        uint64_t off = (uint64_t)(int64_t)(int)(rnd() % 64) * 8 - 256;
        s.bounds(b, off, 32, 0xffffffffu, ws);
        bounds_full(b, off, 32, gs);
        s.store(a, b, -g, want_mem, len, 32, 0xffffffffu);
        store_lanes(a, b, -g, got_mem, len, 32, 0xffffffffu);
        if (memcmp(ws, gs, sizeof ws) != 0 || memcmp(want_mem, got_mem, sizeof want_mem) != 0) {
            printf("# store32 len %u shape %u differs from the scalar bounds or store\n", len,
                   shape);
            return 0;
        }
    }
    return 1;
}

/* The coalesced paths of the dispatch loop's whole-warp LD32/LD64 and
 * stores: contiguous(b, 32, len) must hold exactly when lane l's address is
 * b[0] + l * len, and then load_block and store_block must equal the scalar
 * load and store; otherwise store_each must.  Shapes of load_word, and 4-
 * and 8-byte lanes. */
static int check_coalesced(void)
{
    simt_lane_ops s;
    simt_lanes_scalar(&s);
    static uint8_t host[8192], want_mem[8192], got_mem[8192];
    for (unsigned i = 0; i < sizeof host; i++)
        host[i] = (uint8_t)rnd();
    const uint64_t g = 0x100000001000ull;
    for (unsigned round = 0; round < 2200; round++) {
        uint64_t a[32], b[32], want[32], got[32];
        unsigned len = round % 2 ? 8 : 4, shape = (round / 2) % 11;
        unsigned start = (unsigned)(rnd() % 256) * 8, delta = 16 + (unsigned)(rnd() % 200);
        int expect = 1;
        for (unsigned l = 0; l < 32; l++) {
            b[l] = g + (shape == 3 ? 0 : start) + len * load_word(shape, l, delta);
            a[l] = rnd();
            expect &= b[l] == b[0] + (uint64_t)l * len;
        }
        int coalesced = contiguous(b, 32, len);
        if (coalesced != expect) {
            printf("# contiguous len %u shape %u: %d, want %d\n", len, shape, coalesced, expect);
            return 0;
        }
        if (len == 4) { /* contiguous32_x: the same on addresses in registers */
            v4 x[8];
            lanes_plus(x, b, 0);
            if (contiguous32_x(x) != expect) {
                printf("# contiguous32_x shape %u: %d, want %d\n", shape, !expect, expect);
                return 0;
            }
        }
        for (unsigned i = 0; i < sizeof want_mem; i++)
            want_mem[i] = got_mem[i] = (uint8_t)rnd();
        s.store(a, b, -g, want_mem, len, 32, 0xffffffffu);
        if (coalesced) {
            s.load(want, b, -g, host, len == 4 ? 4 : 5, 32, 0xffffffffu);
            load_block(got, host + (b[0] - g), len);
            store_block(a, got_mem + (b[0] - g), len, 32);
            if (memcmp(want, got, sizeof want) != 0) {
                printf("# load_block len %u differs from the scalar load\n", len);
                return 0;
            }
        } else {
            store_each(a, b, -g, got_mem, len, 0xffffffffu);
        }
        if (memcmp(want_mem, got_mem, sizeof want_mem) != 0) {
            printf("# store len %u shape %u differs from the scalar store\n", len, shape);
            return 0;
        }
    }
    return 1;
}

/* add_or32 (LADDR of a whole warp) and load32_strided (a whole warp's
 * 32-bit loads from each thread's local memory) against their per-lane
 * definitions, on random frames and offsets. */
static int check_local(void)
{
    static uint8_t host[32 * 96];
    for (unsigned i = 0; i < sizeof host; i++)
        host[i] = (uint8_t)rnd();
    for (unsigned round = 0; round < 2000; round++) {
        uint64_t b[32], want[32], got[32];
        uint64_t add = rnd() % 4 ? rnd() % 64 : rnd(), bits = rnd() << 40;
        for (unsigned l = 0; l < 32; l++)
            b[l] = round % 2 ? rnd() : rnd() % 64;
        for (unsigned l = 0; l < 32; l++)
            want[l] = (b[l] + add) | bits;
        add_or32(got, b, add, bits);
        if (memcmp(want, got, sizeof want) != 0) {
            printf("# add_or32 differs from (b + add) | bits\n");
            return 0;
        }
        const uint64_t stride = 4 * (1 + round % 24), space = (uint64_t)(1 + round % 4) << 44;
        uint64_t off = rnd() % 8;
        for (unsigned l = 0; l < 32; l++)
            b[l] = space | ((rnd() % (stride / 4) * 4 - off) & 0xfffffffffffull);
        for (unsigned l = 0; l < 32; l++) {
            uint32_t v;
            memcpy(&v, host + l * stride + ((b[l] + off) & 0xfffffffffffull), 4);
            want[l] = v;
        }
        load32_strided(got, b, off, 0xfffffffffffull, host, stride);
        if (memcmp(want, got, sizeof want) != 0) {
            printf("# load32_strided stride %" PRIu64 " differs from the lane-by-lane loads\n",
                   stride);
            return 0;
        }
    }
    return 1;
}

int main(void)
{
    if (!__builtin_cpu_supports("avx2")) {
        printf("1..0 # SKIP this CPU has no AVX2\n");
        return 0;
    }
    int a = check_lea_bounds(), b = check_bodies(), c = check_load32(), d = check_store32();
    int e = check_coalesced(), f = check_local(), g = check_shared_store32();
    printf("1..7\n%s 1 - avx2_lea_bounds32 = LEA_* then bounds, lea_plus32 = LEA_* + off\n",
           a ? "ok" : "not ok");
    printf("%s 2 - inline full-warp bodies and nonzero32 = the table's helpers\n", b ? "ok" : "not ok");
    printf("%s 3 - shared_load32_x and shared_copy32 (a whole warp) = the scalar LD32\n",
           c ? "ok" : "not ok");
    printf("%s 4 - bounds_full and store_lanes of a whole warp = the scalar ones\n",
           d ? "ok" : "not ok");
    printf("%s 5 - contiguous, contiguous32_x, load_block, store_block and store_each = "
           "the scalar ones\n",
           e ? "ok" : "not ok");
    printf("%s 6 - add_or32 and load32_strided (local memory) = lane by lane\n",
           f ? "ok" : "not ok");
    printf("%s 7 - shared_store32 (a whole warp) = the scalar ST32, or refuses\n",
           g ? "ok" : "not ok");
    return a && b && c && d && e && f && g ? 0 : 1;
}

#else

int main(void)
{
    printf("1..0 # SKIP this build has no AVX2\n");
    return 0;
}

#endif
