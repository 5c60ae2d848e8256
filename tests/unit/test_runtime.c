/* tests/unit/test_runtime.c -- unit tests of runtime/: the allocation table
 * and address translation, printf against the host's snprintf, the builtins,
 * glibc-compatible rand(), libffi imports, .npy files and device profiles.
 * Speaks TAP (Check's srunner_set_tap). */
#include <check.h>

#include "tests/unit/check_tap.h"
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/ffi.h"
#include "runtime/npy.h"
#include "runtime/runtime.h"
#include "runtime/trace.h"
#include "vm/vm.h"

/* ---- a hand-built VM ---- */

typedef struct fixture {
    simt_vm vm;
    char *out_text;
    size_t out_len;
} fixture;

static void fixture_init(fixture *f)
{
    memset(f, 0, sizeof *f);
    simt_mem_init(&f->vm.mem, 0);
    f->vm.out = open_memstream(&f->out_text, &f->out_len);
    f->vm.err = stderr;
    f->vm.cfg.device = simt_device_builtin("h100");
    f->vm.cfg.warp_size = 32;
}

static void fixture_fini(fixture *f)
{
    fclose(f->vm.out);
    free(f->out_text);
    free(f->vm.events);
    free(f->vm.streams);
    simt_timeline_free(&f->vm);
    simt_ffi_close(&f->vm);
    simt_mem_destroy(&f->vm.mem);
}

static const char *output(fixture *f)
{
    fflush(f->vm.out);
    return f->out_text ? f->out_text : "";
}

static const simt_tctx host_thread = { .is_host = 1 };

/* A NUL-terminated copy of s in global memory. */
static uint64_t guest_string(simt_vm *vm, const char *s)
{
    uint64_t a = simt_mem_alloc(&vm->mem, SPACE_GLOBAL, strlen(s) + 1, 256, ALLOC_MALLOC, NULL);
    memcpy(simt_mem_find(&vm->mem, a)->data, s, strlen(s) + 1);
    return a;
}

/* ---- memory ---- */

START_TEST(mem_alignment_and_zeroing)
{
    simt_memory m;
    simt_mem_init(&m, 0);
    uint64_t prev = 0;
    for (uint64_t size = 1; size < 2000; size += 333) {
        uint64_t a = simt_mem_alloc(&m, SPACE_GLOBAL, size, 16, ALLOC_CUDA, NULL);
        ck_assert_uint_ne(a, 0);
        ck_assert_uint_eq(SIMT_ADDR_SPACE(a), SPACE_GLOBAL);
        ck_assert_uint_eq(a % 256, 0);
        ck_assert_uint_gt(a, prev);
        simt_alloc *al = simt_mem_find(&m, a + size - 1);
        ck_assert_ptr_nonnull(al);
        ck_assert_uint_eq(al->base, a);
        for (uint64_t i = 0; i < size; i++)
            ck_assert_uint_eq(al->data[i], 0);
        ck_assert_ptr_null(simt_mem_find(&m, a + size));
        prev = a;
    }
    uint64_t c = simt_mem_alloc(&m, SPACE_CONST, 10, 8, ALLOC_MODULE, "c");
    ck_assert_uint_eq(SIMT_ADDR_SPACE(c), SPACE_CONST);
    ck_assert_uint_eq(c % 8, 0);
    ck_assert_uint_eq(m.in_use, 1 + 334 + 667 + 1000 + 1333 + 1666 + 1999 + 10);
    simt_mem_destroy(&m);
}
END_TEST

START_TEST(mem_free_and_no_reuse)
{
    simt_memory m;
    simt_mem_init(&m, 0);
    uint64_t a = simt_mem_alloc(&m, SPACE_GLOBAL, 100, 256, ALLOC_MALLOC, NULL);
    uint64_t b = simt_mem_alloc(&m, SPACE_GLOBAL, 0, 256, ALLOC_MALLOC, NULL);
    ck_assert_uint_ne(a, b);
    ck_assert_int_eq(simt_mem_free(&m, a + 4), 1);
    ck_assert_int_eq(simt_mem_free(&m, 12345), 1);
    ck_assert_int_eq(simt_mem_free(&m, a), 0);
    ck_assert_int_eq(simt_mem_free(&m, a), 2);
    ck_assert_int_eq(simt_mem_free(&m, b), 0);
    simt_alloc *freed = simt_mem_find(&m, a + 50);
    ck_assert_ptr_nonnull(freed);
    ck_assert_int_eq(freed->freed, 1);
    ck_assert_ptr_null(freed->data);
    uint64_t c = simt_mem_alloc(&m, SPACE_GLOBAL, 100, 256, ALLOC_MALLOC, NULL);
    ck_assert_uint_gt(c, b);
    ck_assert_uint_eq(m.in_use, 100);
    simt_mem_destroy(&m);
}
END_TEST

START_TEST(mem_limit)
{
    simt_memory m;
    simt_mem_init(&m, 1000);
    uint64_t a = simt_mem_alloc(&m, SPACE_GLOBAL, 600, 256, ALLOC_MALLOC, NULL);
    ck_assert_uint_ne(a, 0);
    ck_assert_uint_eq(simt_mem_alloc(&m, SPACE_GLOBAL, 600, 256, ALLOC_MALLOC, NULL), 0);
    ck_assert_uint_eq(simt_mem_alloc(&m, SPACE_GLOBAL, UINT64_MAX, 256, ALLOC_MALLOC, NULL), 0);
    ck_assert_int_eq(simt_mem_free(&m, a), 0);
    ck_assert_uint_ne(simt_mem_alloc(&m, SPACE_GLOBAL, 1000, 256, ALLOC_MALLOC, NULL), 0);
    simt_mem_destroy(&m);
    simt_mem_init(&m, 0);
    ck_assert_uint_eq(simt_mem_alloc(&m, SPACE_GLOBAL, UINT64_C(1) << 50, 256, 0, NULL), 0);
    ck_assert_uint_eq(simt_mem_alloc(&m, SPACE_NONE, 8, 8, 0, NULL), 0);
    simt_mem_destroy(&m);
}
END_TEST

START_TEST(mem_find_many)
{
    simt_memory m;
    simt_mem_init(&m, 0);
    uint64_t addr[500];
    for (int i = 0; i < 500; i++)
        addr[i] = simt_mem_alloc(&m, SPACE_GLOBAL, (uint64_t)i * 7 + 1, 256, 0, NULL);
    for (int i = 499; i >= 0; i -= 3) {
        ck_assert_uint_eq(simt_mem_find(&m, addr[i] + (uint64_t)i * 7)->base, addr[i]);
        ck_assert_uint_eq(simt_mem_find(&m, addr[i])->base, addr[i]);
    }
    ck_assert_ptr_null(simt_mem_find(&m, 0));
    /* spaces interleave: constant, global, constant, global */
    uint64_t c1 = simt_mem_alloc(&m, SPACE_CONST, 8, 8, ALLOC_MODULE, "c1");
    uint64_t g1 = simt_mem_alloc(&m, SPACE_GLOBAL, 8, 256, 0, NULL);
    uint64_t c2 = simt_mem_alloc(&m, SPACE_CONST, 8, 8, ALLOC_STRING, NULL);
    uint64_t g2 = simt_mem_alloc(&m, SPACE_GLOBAL, 8, 256, 0, NULL);
    uint64_t all[] = { c1, g1, c2, g2, addr[0], addr[499] };
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(simt_mem_find(&m, all[i] + (i < 4 ? 7 : 0))->base, all[i]);
    for (size_t i = 1; i < m.nallocs; i++)
        ck_assert_uint_lt(m.allocs[i - 1].base, m.allocs[i].base);
    ck_assert_int_eq(simt_mem_free(&m, c1), 0);
    ck_assert_int_eq(simt_mem_free(&m, g1), 0);
    simt_mem_destroy(&m);
}
END_TEST

START_TEST(translate_faults)
{
    fixture f;
    fixture_init(&f);
    simt_vm *vm = &f.vm;
    simt_tctx dev = { .is_host = 0 };
    ck_assert_ptr_null(simt_vm_translate(vm, &dev, 0, 4, 0));
    ck_assert_str_eq(vm->fault.message,
                     "invalid __global__ read of 4 bytes at address 0x0 (NULL pointer)");
    uint64_t a = simt_mem_alloc(&vm->mem, SPACE_GLOBAL, 4000, 256, ALLOC_CUDA, NULL);
    ck_assert_ptr_nonnull(simt_vm_translate(vm, &dev, a + 3996, 4, 1));
    ck_assert_ptr_null(simt_vm_translate(vm, &dev, a + 4000, 4, 1));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "out-of-bounds __global__ write of 4 bytes"));
    ck_assert_ptr_nonnull(strstr(vm->fault.message,
                                 "(4 bytes past the end of a 4000-byte allocation)"));
    ck_assert_ptr_null(simt_vm_translate(vm, &dev, a + 3998, 4, 0));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "2 bytes past the end"));
    ck_assert_ptr_null(simt_vm_translate(vm, &dev, a - 4, 4, 0));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "4 bytes before the start of a 4000-byte"));
    simt_mem_free(&vm->mem, a);
    ck_assert_ptr_null(simt_vm_translate(vm, &dev, a + 8, 4, 0));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "use after free of allocation of 4000 bytes"));
    ck_assert_ptr_null(simt_vm_translate(vm, &dev, SIMT_ADDR(7, 16), 4, 0));
    fixture_fini(&f);
}
END_TEST

START_TEST(translate_spaces)
{
    fixture f;
    fixture_init(&f);
    simt_vm *vm = &f.vm;
    uint8_t shared[64], local[32];
    simt_tctx dev = { .shared = shared, .shared_size = 64, .local = local, .local_size = 32 };
    ck_assert_ptr_eq(simt_vm_translate(vm, &dev, SIMT_ADDR(SPACE_SHARED, 60), 4, 1), shared + 60);
    ck_assert_ptr_null(simt_vm_translate(vm, &dev, SIMT_ADDR(SPACE_SHARED, 64), 4, 0));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "Invalid __shared__ read of size 4 bytes"));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "out of bounds"));
    ck_assert_ptr_eq(simt_vm_translate(vm, &dev, SIMT_ADDR(SPACE_LOCAL, 24), 8, 0), local + 24);
    ck_assert_ptr_null(simt_vm_translate(vm, &dev, SIMT_ADDR(SPACE_LOCAL, 28), 8, 1));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "Invalid __local__ write of size 8"));
    ck_assert_ptr_null(simt_vm_translate(vm, &host_thread, SIMT_ADDR(SPACE_SHARED, 0), 4, 0));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "host code has no shared memory"));
    /* constant memory: read-only for kernels, writable by the host (cudaMemcpyToSymbol) */
    uint64_t c = simt_mem_alloc(&vm->mem, SPACE_CONST, 16, 16, ALLOC_MODULE, "coef");
    ck_assert_ptr_nonnull(simt_vm_translate(vm, &dev, c, 4, 0));
    ck_assert_ptr_null(simt_vm_translate(vm, &dev, c, 4, 1));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "__constant__"));
    ck_assert_ptr_nonnull(simt_vm_translate(vm, &host_thread, c, 4, 1));
    ck_assert_ptr_null(simt_vm_translate(vm, &dev, c + 16, 4, 0));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "16-byte allocation 'coef'"));
    uint64_t s = simt_mem_alloc(&vm->mem, SPACE_CONST, 4, 1, ALLOC_STRING, ".str0");
    ck_assert_ptr_null(simt_vm_translate(vm, &host_thread, s, 1, 1));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "read-only string"));
    fixture_fini(&f);
}
END_TEST

START_TEST(cstr_reads)
{
    fixture f;
    fixture_init(&f);
    simt_vm *vm = &f.vm;
    size_t len;
    uint64_t s = guest_string(vm, "hello");
    ck_assert_str_eq(simt_vm_cstr(vm, &host_thread, s, SIZE_MAX, &len), "hello");
    ck_assert_uint_eq(len, 5);
    ck_assert_ptr_nonnull(simt_vm_cstr(vm, &host_thread, s, 3, &len));
    ck_assert_uint_eq(len, 3);
    uint64_t raw = simt_mem_alloc(&vm->mem, SPACE_GLOBAL, 4, 256, ALLOC_MALLOC, NULL);
    memcpy(simt_mem_find(&vm->mem, raw)->data, "abcd", 4);
    ck_assert_ptr_null(simt_vm_cstr(vm, &host_thread, raw, SIZE_MAX, &len));
    ck_assert_ptr_nonnull(strstr(vm->fault.message, "without a terminating NUL"));
    ck_assert_ptr_nonnull(simt_vm_cstr(vm, &host_thread, raw, 4, &len));
    ck_assert_ptr_null(simt_vm_cstr(vm, &host_thread, 0, SIZE_MAX, &len));
    fixture_fini(&f);
}
END_TEST

/* ---- printf against the host's snprintf ---- */

static uint64_t raw_int(long long v, unsigned vt)
{
    return vt == VT_I32 || vt == VT_U32 ? (uint32_t)v : (uint64_t)v;
}

static uint64_t raw_f64(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return bits;
}

/* Runs the guest printf of fmt with n typed raw arguments; returns its text
 * (static storage of the fixture) or NULL after a fault. */
static char *guest_printf(fixture *f, const char *fmt, int n, const uint8_t *types,
                          const uint64_t *raws)
{
    simt_sig sig = { .ret = VT_I32, .nargs = (uint8_t)(n + 1), .nfixed = 1 };
    uint64_t args[16];
    sig.args[0] = VT_STR;
    args[0] = guest_string(&f->vm, fmt);
    for (int i = 0; i < n; i++) {
        sig.args[i + 1] = types[i];
        args[i + 1] = raws[i];
    }
    char *text;
    size_t len;
    if (simt_format_printf(&f->vm, &host_thread, &sig, args, n + 1, &text, &len) != SIMT_OK)
        return NULL;
    ck_assert_uint_eq(strlen(text), len);
    return text;
}

static void expect_printf(fixture *f, const char *fmt, const char *want, int n,
                          const uint8_t *types, const uint64_t *raws)
{
    char *got = guest_printf(f, fmt, n, types, raws);
    ck_assert_msg(got != NULL, "printf(\"%s\") faulted: %s", fmt, f->vm.fault.message);
    ck_assert_msg(strcmp(got, want) == 0, "printf(\"%s\"): got [%s], want [%s]", fmt, got, want);
    free(got);
}

static uint64_t raw_int_1(long long v, unsigned vt) { return raw_int(v, vt); }
static uint64_t raw_f64_1(double d, unsigned vt) { (void)vt; return raw_f64(d); }
#define RAW(vt, v) _Generic((v), double: raw_f64_1, default: raw_int_1)((v), (vt))

/* One argument of C type ctype, passed to the guest as vt. */
#define P1(fmt, ctype, vt, v) do { \
        ctype cv_ = (ctype)(v); char want_[512]; \
        snprintf(want_, sizeof want_, fmt, cv_); \
        expect_printf(&f, fmt, want_, 1, (uint8_t[]){ vt }, (uint64_t[]){ RAW(vt, cv_) }); \
    } while (0)
#define P2(fmt, t1, vt1, v1, t2, vt2, v2) do { \
        t1 a_ = (t1)(v1); t2 b_ = (t2)(v2); char want_[512]; \
        snprintf(want_, sizeof want_, fmt, a_, b_); \
        expect_printf(&f, fmt, want_, 2, (uint8_t[]){ vt1, vt2 }, \
                      (uint64_t[]){ RAW(vt1, a_), RAW(vt2, b_) }); \
    } while (0)

START_TEST(printf_integers)
{
    fixture f;
    fixture_init(&f);
    P1("[%d]", int, VT_I32, 42);
    P1("[%5d]", int, VT_I32, -42);
    P1("[%-5d]", int, VT_I32, -42);
    P1("[%05d]", int, VT_I32, 42);
    P1("[%+d]", int, VT_I32, 42);
    P1("[% d]", int, VT_I32, 42);
    P1("[%i]", int, VT_I32, INT_MIN);
    P1("[%.3d]", int, VT_I32, 7);
    P1("[%8.3d]", int, VT_I32, 7);
    P1("[%-+8.3d|]", int, VT_I32, 7);
    P1("[%.0d]", int, VT_I32, 0);
    P1("[%u]", unsigned, VT_U32, 4294967295u);
    P1("[%x]", unsigned, VT_U32, 255);
    P1("[%X]", unsigned, VT_U32, 255);
    P1("[%#x]", unsigned, VT_U32, 255);
    P1("[%#X]", unsigned, VT_U32, 255);
    P1("[%o]", unsigned, VT_U32, 8);
    P1("[%#o]", unsigned, VT_U32, 8);
    P1("[%#x]", unsigned, VT_U32, 0);
    P1("[%#10.4x]", unsigned, VT_U32, 0xab);
    /* hh and h convert the promoted int back to char or short (clang's -Wformat
     * rejects passing an int to snprintf for these, so the wants are spelled out) */
    expect_printf(&f, "[%hhx]", "[2c]", 1, (uint8_t[]){ VT_I32 }, (uint64_t[]){ 300 });
    expect_printf(&f, "[%hhd]", "[-56]", 1, (uint8_t[]){ VT_I32 }, (uint64_t[]){ 200 });
    expect_printf(&f, "[%#hho]", "[0377]", 1, (uint8_t[]){ VT_I32 }, (uint64_t[]){ 0xffffffff });
    expect_printf(&f, "[%hd]", "[4464]", 1, (uint8_t[]){ VT_I32 }, (uint64_t[]){ 70000 });
    expect_printf(&f, "[%hd]", "[-1]", 1, (uint8_t[]){ VT_I32 }, (uint64_t[]){ 65535 });
    expect_printf(&f, "[%hu]", "[65535]", 1, (uint8_t[]){ VT_I32 }, (uint64_t[]){ 0xffffffff });
    P1("[%ld]", long, VT_I64, -123456789012L);
    P1("[%lld]", long long, VT_I64, LLONG_MIN);
    P1("[%llu]", unsigned long long, VT_U64, ULLONG_MAX);
    P1("[%llx]", unsigned long long, VT_U64, 0xdeadbeefcafeULL);
    P1("[%#llX]", unsigned long long, VT_U64, 0xdeadbeefcafeULL);
    P1("[%llo]", unsigned long long, VT_U64, 0xdeadbeefcafeULL);
    P1("[%zu]", size_t, VT_U64, 123456789012345ULL);
    P1("[%zx]", size_t, VT_U64, 4096);
    P1("[%jd]", intmax_t, VT_I64, -5);
    P1("[%td]", ptrdiff_t, VT_I64, -77);
    P2("[%*d]", int, VT_I32, 6, int, VT_I32, 42);
    P2("[%-*d|]", int, VT_I32, 6, int, VT_I32, 42);
    P2("[%*d]", int, VT_I32, -6, int, VT_I32, 42);
    P2("[%.*d]", int, VT_I32, 5, int, VT_I32, 42);
    P2("[%.*d]", int, VT_I32, -5, int, VT_I32, 42);
    P2("[%d %lld]", int, VT_I32, -1, long long, VT_I64, 9000000000LL);
    /* What C does with a mismatched argument: %d of a long long is its low word. */
    expect_printf(&f, "[%d]", "[5]", 1, (uint8_t[]){ VT_I64 }, (uint64_t[]){ 0x100000005ULL });
    expect_printf(&f, "[%u]", "[4294967295]", 1, (uint8_t[]){ VT_I32 }, (uint64_t[]){ 0xffffffff });
    expect_printf(&f, "[%lld]", "[-1]", 1, (uint8_t[]){ VT_I32 }, (uint64_t[]){ 0xffffffff });
    expect_printf(&f, "[%llu]", "[4294967295]", 1, (uint8_t[]){ VT_U32 },
                  (uint64_t[]){ 0xffffffff });
    fixture_fini(&f);
}
END_TEST

START_TEST(printf_floats)
{
    fixture f;
    fixture_init(&f);
    P1("[%f]", double, VT_F64, 3.14159265);
    P1("[%.3f]", double, VT_F64, 2.0 / 3.0);
    P1("[%10.4f]", double, VT_F64, -1.5);
    P1("[%-10.2f|]", double, VT_F64, 1.005);
    P1("[%010.3f]", double, VT_F64, -3.14159);
    P1("[%+.0f]", double, VT_F64, 2.5);
    P1("[% f]", double, VT_F64, 2.5);
    P1("[%e]", double, VT_F64, 12345.678);
    P1("[%E]", double, VT_F64, 12345.678);
    P1("[%.2e]", double, VT_F64, 0.000123);
    P1("[%g]", double, VT_F64, 0.0001);
    P1("[%g]", double, VT_F64, 1e20);
    P1("[%G]", double, VT_F64, 1e-10);
    P1("[%#g]", double, VT_F64, 1.0);
    P1("[%#.0f]", double, VT_F64, 1.0);
    P1("[%#.0e]", double, VT_F64, 1.0);
    P1("[%.10g]", double, VT_F64, 1.0 / 3.0);
    P1("[%a]", double, VT_F64, 0.1);
    P1("[%A]", double, VT_F64, 0.1);
    P1("[%.3a]", double, VT_F64, -1.0);
    P1("[%f]", double, VT_F64, INFINITY);
    P1("[%F]", double, VT_F64, INFINITY);
    P1("[%e]", double, VT_F64, INFINITY);
    P1("[%g]", double, VT_F64, INFINITY);
    P1("[%f]", double, VT_F64, -INFINITY);
    P1("[%5.1F]", double, VT_F64, -INFINITY);
    P1("[%f]", double, VT_F64, NAN);
    P1("[%E]", double, VT_F64, NAN);
    P1("[%f]", double, VT_F64, DBL_MAX);
    P1("[%g]", double, VT_F64, DBL_MIN);
    P1("[%e]", double, VT_F64, DBL_MIN);
    P1("[%.40f]", double, VT_F64, 0.1);
    P1("[%f]", double, VT_F64, -0.0);
    P2("[%.*f]", int, VT_I32, 2, double, VT_F64, 3.14159);
    {
        char want[64];
        snprintf(want, sizeof want, "[%*.*e]", 12, 3, 6.02e23);
        expect_printf(&f, "[%*.*e]", want, 3, (uint8_t[]){ VT_I32, VT_I32, VT_F64 },
                      (uint64_t[]){ 12, 3, raw_f64(6.02e23) });
    }
    {
        char want[64];
        snprintf(want, sizeof want, "[%Lf]", (long double)1.25);
        expect_printf(&f, "[%Lf]", want, 1, (uint8_t[]){ VT_F64 }, (uint64_t[]){ raw_f64(1.25) });
    }
    fixture_fini(&f);
}
END_TEST

START_TEST(printf_chars_strings_pointers)
{
    fixture f;
    fixture_init(&f);
    P1("[%c]", int, VT_I32, 'k');
    P1("[%5c]", int, VT_I32, 'z');
    P1("[%-3c|]", int, VT_I32, 'z');
    P1("[%c]", int, VT_I32, 256 + 'A');
    const char *words[] = { "simt", "", "a longer string with spaces" };
    for (int i = 0; i < 3; i++) {
        const char *fmts[] = { "[%s]", "[%10s]", "[%-10s|]", "[%.2s]", "[%10.3s]", "[%-.0s|]" };
        for (int j = 0; j < 6; j++) {
            char want[128];
            snprintf(want, sizeof want, fmts[j], words[i]);
            expect_printf(&f, fmts[j], want, 1, (uint8_t[]){ VT_STR },
                          (uint64_t[]){ guest_string(&f.vm, words[i]) });
        }
    }
    expect_printf(&f, "[%s]", "[(null)]", 1, (uint8_t[]){ VT_STR }, (uint64_t[]){ 0 });
    {
        char want[64];
        snprintf(want, sizeof want, "[%*.*s]", 8, 3, "simtvm");
        expect_printf(&f, "[%*.*s]", want, 3, (uint8_t[]){ VT_I32, VT_I32, VT_STR },
                      (uint64_t[]){ 8, 3, guest_string(&f.vm, "simtvm") });
    }
    uint64_t addrs[] = { 0, SIMT_ADDR(SPACE_GLOBAL, 0x100), SIMT_ADDR(SPACE_SHARED, 0x10) };
    for (int i = 0; i < 3; i++) {
        char want[64];
        snprintf(want, sizeof want, "[%p] [%20p] [%-20p|]", (void *)(uintptr_t)addrs[i],
                 (void *)(uintptr_t)addrs[i], (void *)(uintptr_t)addrs[i]);
        expect_printf(&f, "[%p] [%20p] [%-20p|]", want, 3, (uint8_t[]){ VT_PTR, VT_PTR, VT_PTR },
                      (uint64_t[]){ addrs[i], addrs[i], addrs[i] });
    }
    /* the precision bounds the read: an unterminated array prints */
    uint64_t raw = simt_mem_alloc(&f.vm.mem, SPACE_GLOBAL, 4, 256, ALLOC_MALLOC, NULL);
    memcpy(simt_mem_find(&f.vm.mem, raw)->data, "abcd", 4);
    expect_printf(&f, "[%.4s]", "[abcd]", 1, (uint8_t[]){ VT_STR }, (uint64_t[]){ raw });
    ck_assert_ptr_null(guest_printf(&f, "[%s]", 1, (uint8_t[]){ VT_STR }, (uint64_t[]){ raw }));
    fixture_fini(&f);
}
END_TEST

START_TEST(printf_odd_formats)
{
    fixture f;
    fixture_init(&f);
    expect_printf(&f, "100%% sure", "100% sure", 0, NULL, NULL);
    expect_printf(&f, "plain text\n", "plain text\n", 0, NULL, NULL);
    expect_printf(&f, "", "", 0, NULL, NULL);
    expect_printf(&f, "[%d %d]", "[1 %d]", 1, (uint8_t[]){ VT_I32 }, (uint64_t[]){ 1 });
    expect_printf(&f, "[%*d]", "[%*d]", 1, (uint8_t[]){ VT_I32 }, (uint64_t[]){ 5 });
    expect_printf(&f, "[%q]", "[%q]", 0, NULL, NULL);
    expect_printf(&f, "[%-5q]", "[%-5q]", 0, NULL, NULL);
    expect_printf(&f, "100%", "100%", 0, NULL, NULL);
    expect_printf(&f, "[%5", "[%5", 0, NULL, NULL);
    expect_printf(&f, "[%lld", "[%lld", 0, NULL, NULL);
    expect_printf(&f, "[%99999999999d]", "[%99999999999d]", 1, (uint8_t[]){ VT_I32 },
                  (uint64_t[]){ 1 });
    ck_assert_ptr_null(guest_printf(&f, "%n", 1, (uint8_t[]){ VT_PTR }, (uint64_t[]){ 0 }));
    ck_assert_ptr_nonnull(strstr(f.vm.fault.message, "%n"));
    fixture_fini(&f);
}
END_TEST

/* ---- builtins ---- */

static uint64_t call_bi(fixture *f, int id, simt_status want, int n, const uint64_t *args)
{
    simt_sig sig = { .nargs = (uint8_t)n, .nfixed = (uint8_t)n };
    for (int i = 0; i < n; i++)
        sig.args[i] = VT_U64;
    uint64_t ret = 0xdead;
    simt_status st = simt_builtin_call(&f->vm, &host_thread, id, &sig, args, n, &ret);
    ck_assert_msg(st == want, "builtin %d: status %d, want %d (%s)", id, st, want,
                  f->vm.fault.message);
    return ret;
}

#define BI_CALL(id, ...) call_bi(&f, id, SIMT_OK, sizeof((uint64_t[]){ __VA_ARGS__ }) / 8, \
                                 (uint64_t[]){ __VA_ARGS__ })
#define BI_FAULT(id, ...) call_bi(&f, id, SIMT_FAULT, sizeof((uint64_t[]){ __VA_ARGS__ }) / 8, \
                                  (uint64_t[]){ __VA_ARGS__ })

START_TEST(builtin_malloc_free)
{
    fixture f;
    fixture_init(&f);
    uint64_t p = BI_CALL(BI_MALLOC, 100);
    ck_assert_uint_eq(p % 256, 0);
    BI_CALL(BI_FREE, 0);
    BI_CALL(BI_FREE, p);
    BI_FAULT(BI_FREE, p);
    ck_assert_ptr_nonnull(strstr(f.vm.fault.message, "double free"));
    BI_FAULT(BI_FREE, p + 8);
    ck_assert_ptr_nonnull(strstr(f.vm.fault.message, "free of a pointer that was not allocated"));
    uint64_t q = BI_CALL(BI_CALLOC, 10, 4);
    uint8_t *hq = simt_vm_translate(&f.vm, &host_thread, q, 40, 1);
    memset(hq, 7, 40);
    uint64_t r = BI_CALL(BI_REALLOC, q, 80);
    ck_assert_uint_ne(r, q);
    uint8_t *hr = simt_vm_translate(&f.vm, &host_thread, r, 80, 0);
    ck_assert_uint_eq(hr[39], 7);
    ck_assert_uint_eq(hr[40], 0);
    ck_assert_uint_eq(BI_CALL(BI_CALLOC, UINT64_MAX, 16), 0);
    BI_FAULT(BI_MEMSET, q, 0, 4);
    ck_assert_ptr_nonnull(strstr(f.vm.fault.message, "memset: use after free"));
    BI_CALL(BI_MEMSET, r, 0, 80);
    BI_CALL(BI_MEMSET, r, 0x41, 3);
    ck_assert_uint_eq(BI_CALL(BI_STRLEN, r), 3);
    BI_FAULT(BI_MEMCPY, r, r + 40, 41);
    ck_assert_ptr_nonnull(strstr(f.vm.fault.message, "memcpy: out-of-bounds host read"));
    uint64_t cu = 0, slot = BI_CALL(BI_MALLOC, 8);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MALLOC, slot, 4000), 0);
    memcpy(&cu, simt_vm_translate(&f.vm, &host_thread, slot, 8, 0), 8);
    ck_assert_uint_eq(cu % 256, 0);
    BI_FAULT(BI_FREE, cu);
    ck_assert_ptr_nonnull(strstr(f.vm.fault.message, "cudaFree"));
    ck_assert_uint_eq(BI_CALL(BI_CUDA_FREE, r), CUDA_ERROR_INVALID_VALUE);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_FREE, cu), CUDA_SUCCESS);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_FREE, cu), CUDA_ERROR_INVALID_VALUE);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_FREE, 0), CUDA_SUCCESS);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_GET_LAST_ERROR), CUDA_ERROR_INVALID_VALUE);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_GET_LAST_ERROR), CUDA_SUCCESS);
    fixture_fini(&f);
}
END_TEST

START_TEST(builtin_cuda_memcpy_and_symbols)
{
    fixture f;
    fixture_init(&f);
    uint64_t h = BI_CALL(BI_MALLOC, 64), d = BI_CALL(BI_MALLOC, 64);
    strcpy(simt_vm_translate(&f.vm, &host_thread, h, 64, 1), "payload");
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY, d, h, 8, 1), 0);
    ck_assert_str_eq(simt_vm_translate(&f.vm, &host_thread, d, 8, 0), "payload");
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY, d, h, 8, 7), CUDA_ERROR_INVALID_MEMCPY_DIRECTION);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_PEEK_LAST_ERROR), CUDA_ERROR_INVALID_MEMCPY_DIRECTION);
    /* a range past the allocation is an error code, as CUDA returns it */
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY, d, h, 65, 1), CUDA_ERROR_INVALID_VALUE);
    ck_assert_ptr_nonnull(strstr(f.vm.fault.message, "cudaMemcpy: out-of-bounds"));
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMSET, 0, 0, 4), CUDA_ERROR_INVALID_VALUE);
    uint64_t slot = BI_CALL(BI_MALLOC, 8);
    memcpy(simt_vm_translate(&f.vm, &host_thread, slot, 8, 1), "\1\0\0\0\0\0\0\0", 8);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MALLOC, slot, 0), 0); /* *P untouched, as CUDA does */
    ck_assert_uint_eq(*(uint64_t *)simt_vm_translate(&f.vm, &host_thread, slot, 8, 0), 1);
    uint64_t sym = simt_mem_alloc(&f.vm.mem, SPACE_CONST, 16, 16, ALLOC_MODULE, "c");
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY_TO_SYM, sym, h, 8), 0);
    ck_assert_str_eq(simt_vm_translate(&f.vm, &host_thread, sym, 8, 0), "payload");
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY_TO_SYM, sym, h, 8, 12), CUDA_ERROR_INVALID_VALUE);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY_TO_SYM, h, h, 8), CUDA_ERROR_INVALID_SYMBOL);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY_TO_SYM, sym, h, 8, 0, 2),
                      CUDA_ERROR_INVALID_MEMCPY_DIRECTION);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY_FROM_SYM, h + 32, sym, 4, 4), 0);
    ck_assert_str_eq(simt_vm_translate(&f.vm, &host_thread, h + 32, 4, 0), "oad");
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMSET, d, 0, 64), 0);
    ck_assert_uint_eq(BI_CALL(BI_STRLEN, d), 0);
    /* after a kernel fault (as vm/grid.c leaves it) the context stays broken:
     * cudaGetLastError clears the record, not the context (as on an H200) */
    BI_CALL(BI_CUDA_GET_LAST_ERROR);
    f.vm.last_error = CUDA_ERROR_ILLEGAL_ADDRESS;
    f.vm.kernel_faults = 1;
    ck_assert_uint_eq(BI_CALL(BI_CUDA_GET_LAST_ERROR), CUDA_ERROR_ILLEGAL_ADDRESS);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_GET_LAST_ERROR), CUDA_SUCCESS);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_DEVICE_SYNC), CUDA_ERROR_ILLEGAL_ADDRESS);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY, d, h, 8, 1), CUDA_ERROR_ILLEGAL_ADDRESS);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MALLOC, slot, 8), CUDA_ERROR_ILLEGAL_ADDRESS);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_GET_DEVICE_PROPS, BI_CALL(BI_MALLOC, 712), 0), 0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_DEVICE_RESET), 0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_DEVICE_SYNC), 0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_GET_LAST_ERROR), CUDA_SUCCESS);
    fixture_fini(&f);
}
END_TEST

static const char *guest_text(fixture *f, uint64_t addr)
{
    size_t len;
    const char *s = simt_vm_cstr(&f->vm, &host_thread, addr, SIZE_MAX, &len);
    ck_assert_ptr_nonnull(s);
    return s;
}

START_TEST(builtin_error_strings)
{
    fixture f;
    fixture_init(&f);
    static const struct { int code; const char *text, *name; } cases[] = {
        { 0, "no error", "cudaSuccess" },
        { 1, "invalid argument", "cudaErrorInvalidValue" },
        { 2, "out of memory", "cudaErrorMemoryAllocation" },
        { 9, "invalid configuration argument", "cudaErrorInvalidConfiguration" },
        { 13, "invalid device symbol", "cudaErrorInvalidSymbol" },
        { 17, "invalid device pointer", "cudaErrorInvalidDevicePointer" },
        { 21, "invalid copy direction for memcpy", "cudaErrorInvalidMemcpyDirection" },
        { 98, "invalid device function", "cudaErrorInvalidDeviceFunction" },
        { 101, "invalid device ordinal", "cudaErrorInvalidDevice" },
        { 400, "invalid resource handle", "cudaErrorInvalidResourceHandle" },
        { 600, "device not ready", "cudaErrorNotReady" },
        { 700, "an illegal memory access was encountered", "cudaErrorIllegalAddress" },
        { 719, "unspecified launch failure", "cudaErrorLaunchFailure" },
        { 12345, "unrecognized error code", "unrecognized error code" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t s = BI_CALL(BI_CUDA_GET_ERROR_STRING, (uint64_t)cases[i].code);
        ck_assert_uint_eq(SIMT_ADDR_SPACE(s), SPACE_CONST);
        ck_assert_str_eq(guest_text(&f, s), cases[i].text);
        ck_assert_str_eq(guest_text(&f, BI_CALL(BI_CUDA_GET_ERROR_NAME, (uint64_t)cases[i].code)),
                         cases[i].name);
    }
    uint64_t again = BI_CALL(BI_CUDA_GET_ERROR_STRING, 0);
    ck_assert_uint_eq(again, BI_CALL(BI_CUDA_GET_ERROR_STRING, 0));
    ck_assert_ptr_null(simt_vm_translate(&f.vm, &host_thread, again, 1, 1));
    fixture_fini(&f);
}
END_TEST

START_TEST(builtin_device_properties)
{
    fixture f;
    fixture_init(&f);
    uint64_t p = BI_CALL(BI_MALLOC, 712);   /* sizeof(cudaDeviceProp): runtime/deviceprop.def */
    ck_assert_uint_eq(BI_CALL(BI_CUDA_GET_DEVICE_PROPS, p, 0), 0);
    uint8_t *prop = simt_vm_translate(&f.vm, &host_thread, p, 712, 0);
    int32_t i32;
    uint64_t u64;
    ck_assert_str_eq((char *)prop, "NVIDIA H100 80GB HBM3");
    memcpy(&u64, prop + 264, 8);
    ck_assert_uint_eq(u64, 49152);
    memcpy(&i32, prop + 272, 4);
    ck_assert_int_eq(i32, 65536);
    memcpy(&i32, prop + 276, 4);
    ck_assert_int_eq(i32, 32);
    memcpy(&i32, prop + 280, 4);
    ck_assert_int_eq(i32, 1024);
    memcpy(&i32, prop + 292, 4);
    ck_assert_int_eq(i32, 64);
    memcpy(&i32, prop + 296, 4);
    ck_assert_int_eq(i32, INT_MAX);
    memcpy(&i32, prop + 308, 4);
    ck_assert_int_eq(i32, 132);
    memcpy(&i32, prop + 312, 4);
    ck_assert_int_eq(i32, 2048);
    memcpy(&u64, prop + 320, 8);
    ck_assert_uint_eq(u64, 228 * 1024);
    memcpy(&i32, prop + 336, 4);
    ck_assert_int_eq(i32, 9);
    memcpy(&u64, prop + 368, 8);
    ck_assert_uint_eq(u64, 227 * 1024);
    memcpy(&i32, prop + 504, 4);   /* maxTexture1D */
    ck_assert_int_eq(i32, 131072);
    memcpy(&u64, prop + 672, 8);   /* surfaceAlignment */
    ck_assert_uint_eq(u64, 512);
    memcpy(&i32, prop + 704, 4);   /* clusterLaunch: sm_90 */
    ck_assert_int_eq(i32, 1);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_GET_DEVICE_PROPS, p, 1), CUDA_ERROR_INVALID_DEVICE);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_GET_DEVICE_COUNT, p), 0);
    memcpy(&i32, prop, 4);
    ck_assert_int_eq(i32, 1);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_SET_DEVICE, 1), CUDA_ERROR_INVALID_DEVICE);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_SET_DEVICE, 0), 0);
    fixture_fini(&f);
}
END_TEST

START_TEST(builtin_events)
{
    fixture f;
    fixture_init(&f);
    uint64_t slots = BI_CALL(BI_MALLOC, 24);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_CREATE, slots), 0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_CREATE, slots + 8), 0);
    uint64_t ev[2];
    memcpy(ev, simt_vm_translate(&f.vm, &host_thread, slots, 16, 0), 16);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_ELAPSED, slots + 16, ev[0], ev[1]),
                      CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    /* the host at 1 ms on the modelled timeline (vm/timeline.c), the default
     * stream idle: the event is stamped when the host records it */
    f.vm.host_steps = 1000000;
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_RECORD, ev[0], 0), 0);
    /* 2.5 ms of device work issued then: the next event waits for it, and so
     * does the host in cudaEventSynchronize */
    ck_assert(simt_timeline_issue(&f.vm, 0, 2.5) == 3.5);
    ck_assert_uint_eq(BI_CALL(BI_HOST_CLOCK), 1000);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_RECORD, ev[1]), 0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_SYNC, ev[1]), 0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_ELAPSED, slots + 16, ev[0], ev[1]), 0);
    float ms;
    memcpy(&ms, simt_vm_translate(&f.vm, &host_thread, slots + 16, 4, 0), 4);
    ck_assert_float_eq(ms, 2.5f);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_DESTROY, ev[0]), 0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_RECORD, ev[0]), CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_RECORD, 99), CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    ck_assert_uint_eq(BI_CALL(BI_HOST_CLOCK), 3500);
    fixture_fini(&f);
}
END_TEST

/* The timeline's sharing (vm/timeline.c): kernels on two streams share the
 * SMs, copies share the copy engine of their direction. */
START_TEST(timeline_sharing)
{
    fixture f;
    fixture_init(&f);
    simt_vm *vm = &f.vm;
    uint64_t slots = BI_CALL(BI_MALLOC, 24);
    for (int i = 0; i < 3; i++)
        ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_CREATE, slots + 8 * i), 0);
    uint64_t s[3];
    memcpy(s, simt_vm_translate(vm, &host_thread, slots, 24, 0), 24);
    /* two kernels that each fill the SMs: one after the other */
    vm->host_steps = 0;
    ck_assert(simt_timeline_kernel(vm, s[0], 1.0, 1.0) == 1.0);
    ck_assert(simt_timeline_kernel(vm, s[1], 1.0, 1.0) == 2.0);
    /* two that each want a quarter: side by side */
    vm->host_steps = 3000000; /* 3 ms */
    ck_assert(simt_timeline_kernel(vm, s[0], 1.0, 0.25) == 4.0);
    ck_assert(simt_timeline_kernel(vm, s[1], 1.0, 0.25) == 4.0);
    /* three quarters, then a half: the second runs at half its rate while
     * the first leaves a quarter, then alone */
    vm->host_steps = 5000000;
    ck_assert(simt_timeline_kernel(vm, s[0], 1.0, 0.75) == 6.0);
    ck_assert(simt_timeline_kernel(vm, s[1], 1.0, 0.5) == 6.5);
    /* a third finds no SM free until the first ends, then runs beside the
     * second's tail */
    ck_assert(simt_timeline_kernel(vm, s[2], 1.0, 0.25) == 7.0);
    /* a grid of one wave and a quarter: a full wave, then a last wave on a
     * quarter of the SMs, beside which a kernel wanting half runs at once */
    vm->host_steps = 8000000;
    ck_assert(simt_timeline_grid(vm, s[0], 2.0, 5, 4.0, NULL) == 10.0);
    ck_assert(simt_timeline_grid(vm, s[1], 1.0, 2, 4.0, NULL) == 10.0);
    /* two full waves leave nothing: the next kernel runs after them */
    vm->host_steps = 20000000;
    ck_assert(simt_timeline_grid(vm, s[0], 2.0, 8, 4.0, NULL) == 22.0);
    ck_assert(simt_timeline_grid(vm, s[1], 1.0, 2, 4.0, NULL) == 23.0);
    /* one copy engine each way: two copies to the device one after the
     * other, one from the device beside them */
    vm->host_steps = 30000000;
    ck_assert(simt_timeline_copy(vm, s[0], 1.0, SIMT_ENGINE_H2D) == 31.0);
    ck_assert(simt_timeline_copy(vm, s[1], 1.0, SIMT_ENGINE_H2D) == 32.0);
    ck_assert(simt_timeline_copy(vm, s[2], 1.0, SIMT_ENGINE_D2H) == 31.0);
    /* a device-side copy waits only for its stream */
    ck_assert(simt_timeline_copy(vm, s[2], 1.0, SIMT_ENGINE_NONE) == 32.0);
    fixture_fini(&f);
}
END_TEST

/* Stream priorities (vm/timeline.c): a kernel on a more urgent stream
 * takes the SMs of an earlier kernel's waves not yet started, once the
 * blocks running finish; the overtaken kernel, its stream and the event
 * recorded after it end later. */
START_TEST(timeline_priorities)
{
    fixture f;
    fixture_init(&f);
    simt_vm *vm = &f.vm;
    uint64_t slots = BI_CALL(BI_MALLOC, 16);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_CREATE_PRIO, slots, 0, 0), 0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_CREATE_PRIO, slots + 8, 0, -5), 0);
    uint64_t s[2];
    memcpy(s, simt_vm_translate(vm, &host_thread, slots, 16, 0), 16);
    uint64_t ev = BI_CALL(BI_MALLOC, 8);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_CREATE, ev), 0);
    uint64_t e;
    memcpy(&e, simt_vm_translate(vm, &host_thread, ev, 8, 0), 8);
    vm->host_steps = 0;
    /* four waves of 1 ms on the low stream, an event after it */
    ck_assert(simt_timeline_grid(vm, s[0], 4.0, 16, 4.0, NULL) == 4.0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_EVENT_RECORD, e, s[0]), 0);
    /* one wave on the high stream: it starts as the first wave ends */
    ck_assert(simt_timeline_grid(vm, s[1], 1.0, 4, 4.0, NULL) == 2.0);
    ck_assert(simt_timeline_stream_done(vm, s[0]) == 5.0);
    ck_assert(vm->events[e - 1].time_ms == 5.0);
    /* a kernel on the low stream overtakes nothing */
    ck_assert(simt_timeline_grid(vm, s[0], 1.0, 4, 4.0, NULL) == 6.0);
    fixture_fini(&f);
}
END_TEST

/* Kernels whose blocks share the SMs share their issue slots, pipelines and
 * the DRAM (vm/timeline.c): two that each keep the schedulers busy take as
 * long together as one after the other though their blocks fit together;
 * two of a few blocks each keep a few SMs busy and overlap; a memory-bound
 * kernel launched beside a compute-bound one gets the issue slots it needs
 * and the compute-bound one the rest. */
START_TEST(timeline_issue_slots)
{
    fixture f;
    fixture_init(&f);
    simt_vm *vm = &f.vm;
    uint64_t slots = BI_CALL(BI_MALLOC, 16);
    for (int i = 0; i < 2; i++)
        ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_CREATE, slots + 8 * i), 0);
    uint64_t s[2];
    memcpy(s, simt_vm_translate(vm, &host_thread, slots, 16, 0), 16);
    double per_sm = 132 * 8; /* the h100's SMs, eight blocks each */
    simt_kernel_busy compute = { 1.0, 0.2, 0 }, memory = { 0.1, 0.3, 0.9 };
    vm->host_steps = 0;
    /* two blocks per SM each: a quarter of the slots, all the issue slots */
    ck_assert(simt_timeline_grid(vm, s[0], 1.0, 264, per_sm, &compute) == 1.0);
    ck_assert(simt_timeline_grid(vm, s[1], 1.0, 264, per_sm, &compute) == 2.0);
    /* without what they keep busy (no model), side by side as before */
    vm->host_steps = 3000000;
    ck_assert(simt_timeline_grid(vm, s[0], 1.0, 264, per_sm, NULL) == 4.0);
    ck_assert(simt_timeline_grid(vm, s[1], 1.0, 264, per_sm, NULL) == 4.0);
    /* eight blocks each: eight SMs busy each, side by side */
    vm->host_steps = 5000000;
    ck_assert(simt_timeline_grid(vm, s[0], 1.0, 8, per_sm, &compute) == 6.0);
    ck_assert(simt_timeline_grid(vm, s[1], 1.0, 8, per_sm, &compute) == 6.0);
    /* compute-bound, then memory-bound: the second runs as if alone, the
     * first at the 0.9 of the issue slots it leaves, then alone */
    vm->host_steps = 7000000;
    ck_assert(simt_timeline_grid(vm, s[0], 1.0, 264, per_sm, &compute) == 8.0);
    ck_assert(simt_timeline_grid(vm, s[1], 1.0, 264, per_sm, &memory) == 8.0);
    ck_assert(fabs(simt_timeline_stream_done(vm, s[0]) - 8.1) < 1e-9);
    /* the other way round: the compute-bound one takes what is left */
    vm->host_steps = 10000000;
    ck_assert(simt_timeline_grid(vm, s[1], 1.0, 264, per_sm, &memory) == 11.0);
    ck_assert(fabs(simt_timeline_grid(vm, s[0], 1.0, 264, per_sm, &compute) - 11.1) < 1e-9);
    fixture_fini(&f);
}
END_TEST

/* A kernel launched before a stream of another priority existed is not
 * overtaken by a later kernel of that stream, as on the H200 (vm/timeline.c). */
START_TEST(timeline_priority_later_stream)
{
    fixture f;
    fixture_init(&f);
    simt_vm *vm = &f.vm;
    uint64_t slots = BI_CALL(BI_MALLOC, 16);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_CREATE, slots), 0);
    uint64_t s[2];
    memcpy(s, simt_vm_translate(vm, &host_thread, slots, 8, 0), 8);
    vm->host_steps = 0;
    ck_assert(simt_timeline_grid(vm, s[0], 4.0, 16, 4.0, NULL) == 4.0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_CREATE_PRIO, slots + 8, 0, -5), 0);
    memcpy(s + 1, simt_vm_translate(vm, &host_thread, slots + 8, 8, 0), 8);
    /* the H200 does not let it overtake a kernel launched before streams of
     * another priority existed: it runs after the long one */
    ck_assert(simt_timeline_grid(vm, s[1], 1.0, 4, 4.0, NULL) == 5.0);
    ck_assert(simt_timeline_stream_done(vm, s[0]) == 4.0);
    fixture_fini(&f);
}
END_TEST

/* Freeing and the host (runtime/host.c, host_stream.c): cudaFree waits for
 * the device's work, cudaFreeAsync does not; an asynchronous copy of
 * pageable memory to the host returns before the copy ends (as an H200
 * does), a blocking one waits for it. */
START_TEST(timeline_host_waits)
{
    fixture f;
    fixture_init(&f);
    simt_vm *vm = &f.vm;
    uint64_t slots = BI_CALL(BI_MALLOC, 16);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MALLOC, slots, 4096), 0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MALLOC, slots + 8, 4096), 0);
    uint64_t dev[2];
    memcpy(dev, simt_vm_translate(vm, &host_thread, slots, 16, 0), 16);
    simt_timeline_kernel(vm, 0, 2.0, 1.0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_FREE_ASYNC, dev[0], 0), 0);
    ck_assert(simt_host_model_ms(vm) < 1.0);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_FREE, dev[1]), 0);
    ck_assert(simt_host_model_ms(vm) >= 2.0);
    uint64_t host = BI_CALL(BI_MALLOC, 1 << 20);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MALLOC, slots, 1 << 20), 0);
    memcpy(dev, simt_vm_translate(vm, &host_thread, slots, 8, 0), 8);
    double before = simt_host_model_ms(vm);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY_ASYNC, host, dev[0], 1 << 20, 2, 0), 0);
    ck_assert(simt_host_model_ms(vm) - before < 0.05); /* 1 MiB at 8 GB/s is 125 us */
    before = simt_host_model_ms(vm);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_MEMCPY, host, dev[0], 1 << 20, 2), 0);
    ck_assert(simt_host_model_ms(vm) - before > 0.05);
    fixture_fini(&f);
}
END_TEST

START_TEST(builtin_stream_attributes)
{
    fixture f;
    fixture_init(&f);
    uint64_t v = BI_CALL(BI_MALLOC, 64);
    /* a handle no stream has (a golden program cannot pass one: CUDA's
     * behaviour there is undefined) */
    ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_SET_ATTR, SIMT_STREAM_BASE + 7, 8, v),
                      CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_GET_ATTR, SIMT_STREAM_BASE + 7, 8, v),
                      CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_GET_PRIORITY, SIMT_STREAM_BASE + 7, v),
                      CUDA_ERROR_INVALID_RESOURCE_HANDLE);
    /* a value pointer that points nowhere faults, as a host read would */
    BI_FAULT(BI_CUDA_STREAM_SET_ATTR, 0, 1, 16);
    BI_FAULT(BI_CUDA_STREAM_GET_ATTR, 0, 1, 16);
    BI_FAULT(BI_CUDA_STREAM_GET_ATTR, 0, 8, 16);
    /* a VM without a device profile takes no window and keeps a limit as
     * given (the library may run one: simt_vm without cfg.device) */
    uint8_t *w = simt_vm_translate(&f.vm, &host_thread, v, 32, 1);
    memset(w, 0, 32);
    w[8] = 64; /* num_bytes 64 */
    const simt_device_profile *d = f.vm.cfg.device;
    ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_SET_ATTR, 0, 1, v), 0);
    f.vm.cfg.device = NULL;
    ck_assert_uint_eq(BI_CALL(BI_CUDA_STREAM_SET_ATTR, 0, 1, v), CUDA_ERROR_INVALID_VALUE);
    ck_assert_uint_eq(BI_CALL(BI_CUDA_DEVICE_SET_LIMIT, 6, UINT64_C(1) << 40), 0);
    ck_assert_uint_eq(f.vm.limits[6], UINT64_C(1) << 40);
    f.vm.cfg.device = d;
    fixture_fini(&f);
}
END_TEST

START_TEST(builtin_output_and_strings)
{
    fixture f;
    fixture_init(&f);
    simt_sig sig = { .ret = VT_I32, .nargs = 3, .nfixed = 1,
                     .args = { VT_STR, VT_I32, VT_STR } };
    uint64_t args[3] = { guest_string(&f.vm, "n=%d s=%s\n"), 7, guest_string(&f.vm, "ok") };
    uint64_t ret;
    ck_assert_int_eq(simt_builtin_call(&f.vm, &host_thread, BI_PRINTF, &sig, args, 3, &ret),
                     SIMT_OK);
    ck_assert_uint_eq(ret, 9);
    BI_CALL(BI_PUTS, guest_string(&f.vm, "line"));
    ck_assert_uint_eq(BI_CALL(BI_PUTCHAR, 'Z' + 256), 'Z');
    ck_assert_str_eq(output(&f), "n=7 s=ok\nline\nZ");
    ck_assert_uint_eq((uint32_t)BI_CALL(BI_ATOI, guest_string(&f.vm, " -42x")), (uint32_t)-42);
    ck_assert_uint_eq(BI_CALL(BI_ATOL, guest_string(&f.vm, "9000000000")), 9000000000ULL);
    uint64_t bits = BI_CALL(BI_ATOF, guest_string(&f.vm, "2.5"));
    double d;
    memcpy(&d, &bits, 8);
    ck_assert_double_eq(d, 2.5);
    uint64_t s = guest_string(&f.vm, "0x1fz"), endp = BI_CALL(BI_MALLOC, 8);
    ck_assert_uint_eq(BI_CALL(BI_STRTOL, s, endp, 16), 31);
    uint64_t end;
    memcpy(&end, simt_vm_translate(&f.vm, &host_thread, endp, 8, 0), 8);
    ck_assert_uint_eq(end, s + 4);
    ck_assert_int_lt((int32_t)BI_CALL(BI_STRCMP, guest_string(&f.vm, "abc"),
                                      guest_string(&f.vm, "abd")), 0);
    ck_assert_int_eq((int32_t)BI_CALL(BI_STRNCMP, guest_string(&f.vm, "abc"),
                                      guest_string(&f.vm, "abd"), 2), 0);
    uint64_t dst = BI_CALL(BI_MALLOC, 4);
    BI_CALL(BI_STRCPY, dst, guest_string(&f.vm, "abc"));
    BI_FAULT(BI_STRCPY, dst, guest_string(&f.vm, "abcd"));
    ck_assert_ptr_nonnull(strstr(f.vm.fault.message, "strcpy: out-of-bounds host write"));
    ck_assert_int_eq((int32_t)BI_CALL(BI_MEMCMP, dst, guest_string(&f.vm, "abc"), 4), 0);
    uint64_t none[1] = { 3 };
    simt_sig one = { .nargs = 1, .nfixed = 1, .args = { VT_I32 } };
    ck_assert_int_eq(simt_builtin_call(&f.vm, &host_thread, BI_EXIT, &one, none, 1, &ret),
                     SIMT_EXIT);
    ck_assert_int_eq(f.vm.exit_code, 3);
    BI_FAULT(BI_ABORT, 0);
    ck_assert_uint_eq(BI_CALL(BI_TIME, 0), 0);
    fixture_fini(&f);
}
END_TEST

/* ---- rand(): the host's glibc is the reference ---- */

static void expect_rand_sequence(unsigned seed, int call_srand)
{
    fixture f;
    fixture_init(&f);
    srand(seed);
    if (call_srand)
        BI_CALL(BI_SRAND, seed);
    for (int i = 0; i < 1000; i++) {
        int want = rand();
        ck_assert_int_eq((int32_t)BI_CALL(BI_RAND), want);
    }
    fixture_fini(&f);
}

START_TEST(rand_matches_glibc)
{
    expect_rand_sequence(1, 0); /* no srand: as if srand(1) */
    expect_rand_sequence(1, 1);
    expect_rand_sequence(42, 1);
    expect_rand_sequence(0, 1);
    expect_rand_sequence(4000000000u, 1);
    expect_rand_sequence(2147483647u, 1);
}
END_TEST

/* ---- libffi imports ---- */

START_TEST(ffi_calls_libc)
{
    fixture f;
    fixture_init(&f);
    simt_sig sigs[4] = {
        { .ret = VT_U64, .nargs = 1, .nfixed = 1, .args = { VT_STR } },            /* strlen */
        { .ret = VT_F64, .nargs = 1, .nfixed = 1, .args = { VT_F64 } },            /* cos */
        { .ret = VT_PTR, .nargs = 2, .nfixed = 2, .args = { VT_STR, VT_I32 } },    /* strchr */
        { .ret = VT_F32, .nargs = 2, .nfixed = 2, .args = { VT_F32, VT_F32 } },    /* fmaxf */
    };
    simt_import imports[4] = { { "strlen", 0 }, { "cos", 1 }, { "strchr", 2 }, { "fmaxf", 3 } };
    simt_module mod = { .sigs = sigs, .nsigs = 4, .imports = imports, .nimports = 4 };
    f.vm.mod = &mod;
    char err[256];
    ck_assert_msg(simt_ffi_open(&f.vm, NULL, err, sizeof err) == 0, "%s", err);
    uint64_t s = guest_string(&f.vm, "hello"), ret;
    ck_assert_int_eq(simt_ffi_call(&f.vm, &host_thread, 0, (uint64_t[]){ s }, &ret), SIMT_OK);
    ck_assert_uint_eq(ret, 5);
    ck_assert_int_eq(simt_ffi_call(&f.vm, &host_thread, 1, (uint64_t[]){ raw_f64(0.0) }, &ret),
                     SIMT_OK);
    ck_assert_uint_eq(ret, raw_f64(1.0));
    ck_assert_int_eq(simt_ffi_call(&f.vm, &host_thread, 2, (uint64_t[]){ s, 'l' }, &ret),
                     SIMT_OK);
    ck_assert_uint_eq(ret, s + 2);
    ck_assert_int_eq(simt_ffi_call(&f.vm, &host_thread, 2, (uint64_t[]){ s, 'z' }, &ret),
                     SIMT_OK);
    ck_assert_uint_eq(ret, 0);
    float a = 1.5f, b = -2.0f, r;
    uint32_t ab, bb;
    memcpy(&ab, &a, 4);
    memcpy(&bb, &b, 4);
    ck_assert_int_eq(simt_ffi_call(&f.vm, &host_thread, 3, (uint64_t[]){ ab, bb }, &ret), SIMT_OK);
    uint32_t rb = (uint32_t)ret;
    memcpy(&r, &rb, 4);
    ck_assert_float_eq(r, 1.5f);
    ck_assert_int_eq(simt_ffi_call(&f.vm, &host_thread, 0, (uint64_t[]){ s + 4096 }, &ret),
                     SIMT_FAULT);
    ck_assert_ptr_nonnull(strstr(f.vm.fault.message, "argument 1 of strlen"));
    imports[1].name = "no_such_function_anywhere";
    ck_assert_int_eq(simt_ffi_open(&f.vm, NULL, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "'no_such_function_anywhere'"));
    ck_assert_ptr_null(f.vm.native);
    const char *libs[] = { "/nonexistent/libfoo.so", NULL };
    ck_assert_int_eq(simt_ffi_open(&f.vm, libs, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/libfoo.so"));
    f.vm.mod = NULL;
    fixture_fini(&f);
}
END_TEST

/* ---- .npy ---- */

START_TEST(npy_round_trips)
{
    static const simt_vtype types[] = { VT_BOOL, VT_I8, VT_U8, VT_I16, VT_U16, VT_I32,
                                        VT_U32, VT_I64, VT_U64, VT_F32, VT_F64 };
    uint8_t data[8 * 37];
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(i * 7 + 1);
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        for (uint64_t count = 0; count < 37; count += 12) {
            size_t len;
            uint8_t *buf = simt_npy_encode(NULL, types[t], count, data, &len);
            ck_assert_ptr_nonnull(buf);
            ck_assert_uint_eq(buf[8] + 10 + buf[9] * 256, 128); /* header padded to 64 */
            simt_npy a;
            char err[256];
            ck_assert_msg(simt_npy_decode(NULL, buf, len, &a, err, sizeof err) == 0, "%s", err);
            ck_assert_int_eq(a.type, types[t]);
            ck_assert_uint_eq(a.count, count);
            ck_assert_int_eq(a.ndim, 1);
            ck_assert_int_eq(memcmp(a.data, data, len - 128), 0);
            simt_npy_free(&a);
            free(buf);
        }
    }
    /* byte-identical to np.save(np.arange(3, dtype=np.int32)) (NumPy 1.x and 2.x) */
    size_t len;
    int32_t three[3] = { 0, 1, 2 };
    uint8_t *img = simt_npy_encode(NULL, VT_I32, 3, three, &len);
    char want[129];
    snprintf(want, sizeof want, "\x93NUMPY\x01%cv%c%-117s\n", 0, 0,
             "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }");
    ck_assert_uint_eq(len, 140);
    ck_assert_int_eq(memcmp(img, want, 128), 0);
    free(img);
    ck_assert_ptr_null(simt_npy_encode(NULL, VT_PTR, 1, data, &len));
    /* files */
    char path[] = "/tmp/test_runtime_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    float v[3] = { 1.5f, -2.0f, 3.25f };
    char err[256];
    ck_assert_int_eq(simt_npy_save(NULL, path, VT_F32, 3, v, err, sizeof err), 0);
    simt_npy a;
    ck_assert_int_eq(simt_npy_load(NULL, path, &a, err, sizeof err), 0);
    ck_assert_int_eq(a.type, VT_F32);
    ck_assert_int_eq(memcmp(a.data, v, sizeof v), 0);
    simt_npy_free(&a);
    unlink(path);
    ck_assert_int_eq(simt_npy_load(NULL, path, &a, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, path));
}
END_TEST

/* A .npy image from a header dict and data bytes (version 1 or 2). */
static size_t make_npy(uint8_t *out, int version, const char *dict, const void *data,
                       size_t dlen)
{
    size_t pre = version == 1 ? 10 : 12, hlen = strlen(dict) + 1;
    memcpy(out, "\x93NUMPY", 6);
    out[6] = (uint8_t)version;
    out[7] = 0;
    out[8] = (uint8_t)hlen;
    out[9] = (uint8_t)(hlen >> 8);
    if (version != 1)
        out[10] = out[11] = 0;
    memcpy(out + pre, dict, hlen - 1);
    out[pre + hlen - 1] = '\n';
    memcpy(out + pre + hlen, data, dlen);
    return pre + hlen + dlen;
}

static void expect_npy_error(const uint8_t *buf, size_t len, const char *what)
{
    simt_npy a;
    char err[256];
    ck_assert_int_eq(simt_npy_decode(NULL, buf, len, &a, err, sizeof err), -1);
    ck_assert_msg(strstr(err, what) != NULL, "error [%s] lacks [%s]", err, what);
    ck_assert_ptr_null(a.data);
}

START_TEST(npy_shapes_and_errors)
{
    uint8_t buf[512];
    int32_t six[6] = { 1, 2, 3, 4, 5, 6 };
    simt_npy a;
    char err[256];
    size_t n = make_npy(buf, 2, "{\"descr\":\"<i4\",\"fortran_order\":False,\"shape\":(2, 3)}",
                        six, sizeof six);
    ck_assert_msg(simt_npy_decode(NULL, buf, n, &a, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(a.count, 6);
    ck_assert_int_eq(a.ndim, 2);
    ck_assert_int_eq(((int32_t *)a.data)[5], 6);
    simt_npy_free(&a);
    n = make_npy(buf, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", six, 8);
    ck_assert_int_eq(simt_npy_decode(NULL, buf, n, &a, err, sizeof err), 0);
    ck_assert_uint_eq(a.count, 1);
    simt_npy_free(&a);
    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': True, 'shape': (6,), }", six, 24);
    ck_assert_int_eq(simt_npy_decode(NULL, buf, n, &a, err, sizeof err), 0);
    simt_npy_free(&a);

    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': False, 'shape': (6,), }", six, 24);
    expect_npy_error(buf, n - 1, "size mismatch");
    expect_npy_error(buf, 30, "truncated header");
    expect_npy_error(buf, 8, "truncated header");
    expect_npy_error((const uint8_t *)"PK\x03\x04 not numpy", 17, "bad magic");
    uint8_t big[512];
    memcpy(big, buf, n);
    big[n] = 0;
    expect_npy_error(big, n + 1, "size mismatch");
    big[6] = 9;
    expect_npy_error(big, n, "version 9.0");
    n = make_npy(buf, 1, "{'descr': '>i4', 'fortran_order': False, 'shape': (6,), }", six, 24);
    expect_npy_error(buf, n, "unsupported dtype '>i4'");
    n = make_npy(buf, 1, "{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }", six, 24);
    expect_npy_error(buf, n, "unsupported dtype '<c8'");
    n = make_npy(buf, 1, "{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (6,), }",
                 six, 24);
    expect_npy_error(buf, n, "unsupported dtype");
    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }", six, 24);
    expect_npy_error(buf, n, "Fortran");
    n = make_npy(buf, 1, "{'descr': '<i4', 'shape': (6,), }", six, 24);
    expect_npy_error(buf, n, "missing 'fortran_order'");
    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': False, 'shape': (6,", six, 24);
    expect_npy_error(buf, n, "malformed header");
    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': Maybe, 'shape': (6,), }", six, 24);
    expect_npy_error(buf, n, "fortran_order");
    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': False, 'shape': "
                 "(99999999999, 99999999999, 99999999999), }", six, 24);
    expect_npy_error(buf, n, "too large");
    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': False, 'shape': (6,), 'x': 1}",
                 six, 24);
    expect_npy_error(buf, n, "unknown key 'x'");
    n = make_npy(buf, 1, "{'descr' '<i4', 'fortran_order': False, 'shape': (6,), }", six, 24);
    expect_npy_error(buf, n, "expected 'key': value");
    n = make_npy(buf, 1, "['descr', '<i4']", six, 24);
    expect_npy_error(buf, n, "no '{'");
    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': False 'shape': (6,)}", six, 24);
    expect_npy_error(buf, n, "expected ',' or '}'");
    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': False, 'shape': (6,), } x", six, 24);
    expect_npy_error(buf, n, "text after the dict");
    /* every other way a header can be wrong */
    static const struct { const char *header, *want; } bad[] = {
        {"{'fortran_order': False, 'shape': (6,), }", "missing 'descr'"},
        {"{'descr': '<i4', 'fortran_order': False, }", "missing 'shape'"},
        {"{'descr: '<i4', 'fortran_order': False, 'shape': (6,), }", "expected 'key': value"},
        {"{'de\\scr': '<i4', 'fortran_order': False, 'shape': (6,), }", "expected 'key': value"},
        {"{'a_key_longer_than_thirty_two_bytes': 1, }", "expected 'key': value"},
        {"{'descr': <i4, 'fortran_order': False, 'shape': (6,), }", "unsupported dtype"},
        {"{'descr': '<i4', 'fortran_order': Fals, 'shape': (6,), }", "fortran_order"},
        {"{'descr': '<i4', 'fortran_order': Tru, 'shape': (6,), }", "fortran_order"},
        {"{'descr': '<i4', 'fortran_order': False, 'shape': 6, }", "bad shape tuple"},
        {"{'descr': '<i4', 'fortran_order': False, 'shape': (x,), }", "bad shape tuple"},
        {"{'descr': '<i4', 'fortran_order': False, 'shape': (2 3), }", "bad shape tuple"},
        {"{'descr': '<i4', 'fortran_order': False, 'shape': (99999999999999999999,), }",
         "bad shape tuple"},
        {"{'descr': '<i4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
         "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1), }", "bad shape tuple"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        n = make_npy(buf, 1, bad[k].header, six, 24);
        expect_npy_error(buf, n, bad[k].want);
    }
    /* blanks of every kind around the tokens; 32 dimensions are allowed */
    n = make_npy(buf, 1, "{\t'descr' :\r'<i4',\n'fortran_order': True ,'shape':( 6 , ) }",
                 six, 24);
    ck_assert_msg(simt_npy_decode(NULL, buf, n, &a, err, sizeof err) == 0, "%s", err);
    simt_npy_free(&a);
    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,"
                 "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,6), }", six, 24);
    ck_assert_msg(simt_npy_decode(NULL, buf, n, &a, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(a.ndim, 32);
    simt_npy_free(&a);
    expect_npy_error((const uint8_t *)"\x93NUMPY\x01", 7, "truncated header");
    /* Python 2 wrote long literals with an L: NumPy still reads them */
    n = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': False, 'shape': (2L, 3L), }", six, 24);
    ck_assert_msg(simt_npy_decode(NULL, buf, n, &a, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(a.count, 6);
    simt_npy_free(&a);
    /* every truncation of a good file is an error, never a crash */
    n = make_npy(buf, 2, "{'descr': '<i4', 'fortran_order': False, 'shape': (6,), }", six, 24);
    for (size_t cut = 0; cut < n; cut++) {
        ck_assert_int_eq(simt_npy_decode(NULL, buf, cut, &a, err, sizeof err), -1);
        ck_assert_ptr_null(a.data);
    }
}
END_TEST

/* ---- device profiles ---- */

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

START_TEST(device_builtins)
{
    int n;
    const simt_device_profile *list = simt_device_list(&n);
    ck_assert_int_eq(n, 3);
    ck_assert_str_eq(list[0].name, "v100");
    ck_assert_int_eq(simt_device_builtin("v100")->sm_count, 80);
    ck_assert_int_eq(simt_device_builtin("a100")->sm_count, 108);
    ck_assert_int_eq(simt_device_builtin("a100")->smem_per_sm, 164 * 1024);
    ck_assert_int_eq(simt_device_builtin("h100")->smem_per_block_optin, 227 * 1024);
    ck_assert_int_eq(simt_device_builtin("v100")->reserved_smem_per_block, 0);
    ck_assert_str_eq(simt_device_builtin("a100")->full_name, "NVIDIA A100-SXM4-40GB");
    ck_assert_ptr_null(simt_device_builtin("x100"));
    ck_assert_ptr_null(simt_device_builtin(NULL));
}
END_TEST

START_TEST(device_files)
{
    char path[] = "/tmp/test_runtime_dev_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    simt_device_profile p;
    char err[512];
    write_file(path, "# a small GPU\n\nname = tiny  # trailing comment\nsm_count=2\n"
                     "smem_per_sm = 64K\n  dram_gbps = 100.5\nfull_name = Tiny GPU 1\n"
                     "global_mem = 1G\nlat_alu = 0\n");
    ck_assert_msg(simt_device_load(path, &p, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(p.name, "tiny");
    ck_assert_str_eq(p.full_name, "Tiny GPU 1");
    ck_assert_int_eq(p.sm_count, 2);
    ck_assert_int_eq(p.smem_per_sm, 65536);
    ck_assert_double_eq(p.dram_gbps, 100.5);
    ck_assert_uint_eq(p.global_mem, 1u << 30);
    ck_assert_int_eq(p.lat_alu, 0);
    ck_assert_int_eq(p.max_threads_per_sm, 2048); /* from h100 */
    write_file(path, "sm_count = 0x10\nsmem_per_sm = 1m\nglobal_mem = 2g\nl2_size = 512k\n");
    ck_assert_msg(simt_device_load(path, &p, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(p.sm_count, 16);
    ck_assert_int_eq(p.smem_per_sm, 1 << 20);
    ck_assert_uint_eq(p.global_mem, 2ull << 30);
    ck_assert_int_eq(p.l2_size, 512 << 10);
    static const struct { const char *text, *want; } bad[] = {
        { "sm_count = 4\nwarps = 3\n", ":2: unknown key 'warps'" },
        { "sm_count = many\n", ":1: bad number 'many' for sm_count" },
        { "sm_count = 0\n", ":1: bad number '0' for sm_count" },
        { "sm_count = -3\n", ":1: bad number" },
        { "sm_count = 99999999999\n", ":1: bad number" },
        { "\n\nsm_count 4\n", ":3: expected 'key = value'" },
        { "dram_gbps = fast\n", ":1: bad number 'fast' for dram_gbps" },
        { "name =\n", ":1: name must be" },
        { "name = a_name_much_longer_than_any_profile_name_may_be_at_all_xxxxxxxx\n",
          ":1: name must be 1 to" },
        { "sm_count = 99999999999999999999999\n", ":1: bad number" },
        { "smem_per_sm = 64Q\n", ":1: bad number '64Q'" },
        { "global_mem = 99999999999999G\n", ":1: bad number '99999999999999G'" },
        { "global_mem = 0\n", ":1: bad number '0' for global_mem (a positive integer)" },
        { "dram_gbps = 0\n", ":1: bad number '0' for dram_gbps (a positive number)" },
        { "dram_gbps = -5\n", ":1: bad number '-5'" },
        { "dram_gbps = inf\n", ":1: bad number 'inf'" },
        { "dram_gbps = 1e999\n", ":1: bad number '1e999'" },
        { "dram_gbps = 12x\n", ":1: bad number '12x'" },
        { "lat_alu = -1\n", ":1: bad number '-1' for lat_alu (an integer from 0 to" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_file(path, bad[i].text);
        ck_assert_int_eq(simt_device_load(path, &p, err, sizeof err), -1);
        ck_assert_msg(strstr(err, bad[i].want) != NULL, "[%s] lacks [%s]", err, bad[i].want);
        ck_assert_int_eq(strncmp(err, path, strlen(path)), 0);
    }
    unlink(path);
    ck_assert_int_eq(simt_device_load(path, &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "cannot open"));
}
END_TEST

/* --trace-blocks: a list of block numbers and ascending ranges, nothing else. */
START_TEST(trace_block_lists)
{
    uint64_t *lo, *hi;
    ck_assert_int_eq(simt_block_list_parse("0,1,5-7,007", &lo, &hi), 4);
    ck_assert(lo[0] == 0 && hi[0] == 0 && lo[1] == 1 && hi[1] == 1);
    ck_assert(lo[2] == 5 && hi[2] == 7 && lo[3] == 7 && hi[3] == 7);
    free(lo);
    free(hi);
    ck_assert_int_eq(simt_block_list_parse("4-4", &lo, &hi), 1);
    ck_assert(lo[0] == 4 && hi[0] == 4);
    free(lo);
    free(hi);
    static const char *const bad[] = {"", "3-1", "1,", ",1", "1-", "1-x", "1;2", "-1",
                                      "x", "1 ,2", "2-3-4", "1,,2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lo = hi = (uint64_t *)1;
        ck_assert_msg(simt_block_list_parse(bad[i], &lo, &hi) == -1, "'%s' accepted", bad[i]);
        ck_assert_ptr_null(lo);
        ck_assert_ptr_null(hi);
    }
}
END_TEST

static Suite *runtime_suite(void)
{
    Suite *s = suite_create("runtime");
    TCase *mem = tcase_create("memory");
    tcase_add_test(mem, mem_alignment_and_zeroing);
    tcase_add_test(mem, mem_free_and_no_reuse);
    tcase_add_test(mem, mem_limit);
    tcase_add_test(mem, mem_find_many);
    tcase_add_test(mem, translate_faults);
    tcase_add_test(mem, translate_spaces);
    tcase_add_test(mem, cstr_reads);
    suite_add_tcase(s, mem);
    TCase *pf = tcase_create("printf");
    tcase_add_test(pf, printf_integers);
    tcase_add_test(pf, printf_floats);
    tcase_add_test(pf, printf_chars_strings_pointers);
    tcase_add_test(pf, printf_odd_formats);
    suite_add_tcase(s, pf);
    TCase *bi = tcase_create("builtins");
    tcase_add_test(bi, builtin_malloc_free);
    tcase_add_test(bi, builtin_cuda_memcpy_and_symbols);
    tcase_add_test(bi, builtin_error_strings);
    tcase_add_test(bi, builtin_device_properties);
    tcase_add_test(bi, builtin_events);
    tcase_add_test(bi, timeline_sharing);
    tcase_add_test(bi, timeline_host_waits);
    tcase_add_test(bi, timeline_priorities);
    tcase_add_test(bi, timeline_issue_slots);
    tcase_add_test(bi, timeline_priority_later_stream);
    tcase_add_test(bi, builtin_stream_attributes);
    tcase_add_test(bi, builtin_output_and_strings);
    tcase_add_test(bi, rand_matches_glibc);
    tcase_add_test(bi, ffi_calls_libc);
    suite_add_tcase(s, bi);
    TCase *files = tcase_create("files");
    tcase_add_test(files, npy_round_trips);
    tcase_add_test(files, npy_shapes_and_errors);
    tcase_add_test(files, device_builtins);
    tcase_add_test(files, device_files);
    tcase_add_test(files, trace_block_lists);
    suite_add_tcase(s, files);
    return s;
}

int main(void)
{
    return simt_run_suite(runtime_suite());
}
