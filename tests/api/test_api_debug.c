/* tests/api/test_api_debug.c -- the debugging API: breakpoints, stops,
 * stepping, reading lanes (expressions, masks, convergence groups, the SIMT
 * stack, shared memory, the next access), the watch, and its misuse -- the
 * readers outside a stop, a second debugger, a bad resume. */
#include "api_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A warp that splits at an if/else, a shared array, a constant, a launch
 * from main() and one from the embedder. */
#define DEBUG_SOURCE                                                  \
    "__constant__ int scale[2] = {10, 20};\n"                         \
    "__global__ void split(int *out) {\n"                             \
    "    __shared__ int tile[32];\n"                                  \
    "    int t = threadIdx.x;\n"                                      \
    "    int v = 0;\n"                                                \
    "    tile[t] = t * scale[1];\n"                                   \
    "    if (t < 16) {\n"                                             \
    "        v = t * 2;\n"                                            \
    "        out[t] = v;\n"                                           \
    "    } else {\n"                                                  \
    "        v = t * 3;\n"                                            \
    "        out[t] = -v;\n"                                          \
    "    }\n"                                                         \
    "    out[t] += v + tile[t];\n"                                    \
    "}\n"                                                             \
    "int main() {\n"                                                  \
    "    int *d;\n"                                                   \
    "    cudaMalloc(&d, 32 * sizeof(int));\n"                         \
    "    split<<<1, 32>>>(d);\n"                                      \
    "    cudaDeviceSynchronize();\n"                                  \
    "    return 0;\n"                                                 \
    "}\n"

/* What the callback saw, and what it does at each stop. */
typedef struct seen {
    int launches, stops, watches;
    int quit_at;              /* quit at this stop (0: never) */
    simtvm_resume how;        /* at each stop */
    unsigned lines[64];       /* the line of each stop */
    uint32_t masks[64];
    int breakpoint[64];
    void (*inspect)(struct seen *s, simtvm_debugger *dbg);
    simtvm_vm *vm;
    int ok;                   /* inspect's verdict */
} seen;

static int on_event(void *user, simtvm_debugger *dbg, simtvm_debug_event ev)
{
    seen *s = user;
    if (ev == SIMTVM_DEBUG_LAUNCH) {
        simtvm_launch_info li;
        ck_assert_int_eq(simtvm_debug_launch_info(dbg, &li), SIMTVM_OK);
        ck_assert_str_eq(li.kernel, "split");
        ck_assert_uint_eq(li.block[0], 32);
        s->launches++;
        return 0;
    }
    if (ev == SIMTVM_DEBUG_WATCH) {
        s->watches++;
        return 0;
    }
    if (ev != SIMTVM_DEBUG_STOP)
        return 0;
    ck_assert(simtvm_debug_running(dbg));
    simtvm_stop_info si;
    ck_assert_int_eq(simtvm_debug_stop_info(dbg, &si), SIMTVM_OK);
    int n = s->stops++;
    if (n < 64) {
        simtvm_debug_pc(dbg, si.pc, &s->lines[n], NULL, NULL);
        s->masks[n] = si.mask;
        s->breakpoint[n] = si.breakpoint;
    }
    if (s->inspect)
        s->inspect(s, dbg);
    if (s->quit_at && s->stops >= s->quit_at)
        return 1;
    ck_assert_int_eq(simtvm_debug_resume(dbg, s->how, 1), SIMTVM_OK);
    return 0;
}

static simtvm_vm *debug_vm(int lockstep, simtvm_module **mod)
{
    simtvm_config cfg;
    simtvm_config_init(&cfg);
    cfg.sched = lockstep ? SIMTVM_SCHED_LOCKSTEP : SIMTVM_SCHED_ITS;
    return test_vm(&cfg, DEBUG_SOURCE, mod);
}

/* Breakpoints stop every warp there, once per run of the line's code. */
START_TEST(breakpoints_stop_kernels)
{
    simtvm_module *mod;
    simtvm_vm *vm = debug_vm(0, &mod);
    seen s = {.how = SIMTVM_RESUME_CONTINUE};
    simtvm_debugger *dbg;
    ck_assert_int_eq(simtvm_debugger_new(vm, on_event, &s, &dbg), SIMTVM_OK);
    simtvm_debugger *second;
    ck_assert_int_eq(simtvm_debugger_new(vm, on_event, &s, &second), SIMTVM_ERR_MISUSE);
    ck_assert_ptr_null(second);
    simtvm_breakpoint b;
    ck_assert_int_eq(simtvm_debug_break(dbg, 8, &b), SIMTVM_OK);
    ck_assert_int_eq(b.id, 1);
    ck_assert_uint_eq(b.line, 8);
    ck_assert(b.in_device_code);
    ck_assert_int_eq(simtvm_debug_break(dbg, 19, &b), SIMTVM_OK); /* host code */
    ck_assert(!b.in_device_code);
    ck_assert_int_eq(simtvm_debug_break(dbg, 500, &b), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_debug_break_count(dbg), 2);
    ck_assert_int_eq(simtvm_debug_delete(dbg, 2), SIMTVM_OK);
    ck_assert_uint_eq(simtvm_debug_break_line(dbg, 2), 0);
    ck_assert_int_eq(simtvm_debug_delete(dbg, 2), SIMTVM_ERR_NOT_FOUND);
    /* outside a stop the readers say so */
    simtvm_warp_info wi;
    ck_assert_int_eq(simtvm_debug_warp_info(dbg, 0, &wi), SIMTVM_ERR_MISUSE);
    ck_assert_int_eq(simtvm_debug_resume(dbg, SIMTVM_RESUME_STEP, 1), SIMTVM_ERR_MISUSE);
    int code = -1;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 0);
    ck_assert_int_eq(s.launches, 1);
    ck_assert_int_eq(s.stops, 1);
    ck_assert_uint_eq(s.lines[0], 8);
    ck_assert_uint_eq(s.masks[0], 0xffffu); /* the lanes t < 16 */
    ck_assert_int_eq(s.breakpoint[0], 1);
    /* breakpoints survive a reload */
    ck_assert_int_eq(simtvm_load(vm, mod), SIMTVM_OK);
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(s.stops, 2);
    simtvm_debugger_free(dbg);
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
}
END_TEST

/* At the stop inside the if: lanes, groups, expressions, shared memory. */
static void inspect_split(seen *s, simtvm_debugger *dbg)
{
    unsigned fb[3], fw;
    ck_assert_int_eq(simtvm_debug_focus(dbg, fb, &fw), SIMTVM_OK);
    ck_assert(simtvm_debug_focus_live(dbg));
    simtvm_warp_info w;
    ck_assert_int_eq(simtvm_debug_warp_info(dbg, fw, &w), SIMTVM_OK);
    ck_assert_uint_eq(w.width, 32);
    ck_assert_uint_eq(w.issuing, 0xffffu);
    ck_assert_int_eq(simtvm_debug_warp_info(dbg, 5, &w), SIMTVM_ERR_NOT_FOUND);
    simtvm_value v;
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 3, "t * 2 + 1", &v), SIMTVM_OK);
    ck_assert_int_eq((int64_t)v.bits, 7);
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 20, "t", &v), SIMTVM_OK);
    ck_assert_int_eq((int32_t)v.bits, 20);
    ck_assert_str_eq(v.type_name, "i32");
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 4, "tile[4]", &v), SIMTVM_OK);
    ck_assert_int_eq((int32_t)v.bits, 80);
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 4, "scale[0]", &v), SIMTVM_OK);
    ck_assert_int_eq((int32_t)v.bits, 10);
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 4, "threadIdx.x", &v), SIMTVM_OK);
    ck_assert_uint_eq(v.bits, 4);
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 4, "nosuch", &v), SIMTVM_ERR_ARGS);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(s->vm), "no variable 'nosuch'"));
    int32_t word;
    ck_assert_int_eq(simtvm_debug_read_shared(dbg, 5 * 4, &word, 4), SIMTVM_OK);
    ck_assert_int_eq(word, 100);
    ck_assert_int_eq(simtvm_debug_read_shared(dbg, 1 << 20, &word, 4), SIMTVM_ERR_RANGE);
    char name[32];
    simtvm_debug_shared_name(dbg, 8, name, sizeof name);
    ck_assert_str_eq(name, "tile[2]");
    simtvm_lane_group g[32];
    int n = 0;
    ck_assert_int_eq(simtvm_debug_groups(dbg, 0, g, 32, &n), SIMTVM_OK);
    ck_assert_int_eq(n, 2); /* the if's lanes and the else's */
    ck_assert_uint_eq(g[0].lanes, 0xffffu);
    const char *names[16];
    ck_assert_int_eq(simtvm_debug_locals(dbg, 0, 0, names, 16, &n), SIMTVM_OK);
    ck_assert_int_ge(n, 2);
    s->ok = 1;
}

START_TEST(reading_lanes_at_a_stop)
{
    simtvm_module *mod;
    simtvm_vm *vm = debug_vm(0, &mod);
    seen s = {.how = SIMTVM_RESUME_CONTINUE, .inspect = inspect_split, .vm = vm};
    simtvm_debugger *dbg;
    ck_assert_int_eq(simtvm_debugger_new(vm, on_event, &s, &dbg), SIMTVM_OK);
    simtvm_breakpoint b;
    ck_assert_int_eq(simtvm_debug_break(dbg, 8, &b), SIMTVM_OK);
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, NULL, NULL), SIMTVM_OK);
    ck_assert(s.ok);
    simtvm_debugger_free(dbg);
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
}
END_TEST

/* Lockstep: the else path waits on the SIMT stack under the if path. */
static void inspect_stack(seen *s, simtvm_debugger *dbg)
{
    simtvm_warp_info w;
    ck_assert_int_eq(simtvm_debug_warp_info(dbg, 0, &w), SIMTVM_OK);
    simtvm_reconvergence r[8];
    int n = 0;
    ck_assert_int_eq(simtvm_debug_reconvergence(dbg, 0, 0, r, 8, &n), SIMTVM_OK);
    ck_assert_int_ge(n, 1);
    ck_assert_uint_eq(r[0].expected, 0xffffffffu);
    ck_assert_uint_eq(w.group[16] & 0xffff0000u, 0xffff0000u);
    s->ok = 1;
}

START_TEST(lockstep_stack)
{
    simtvm_module *mod;
    simtvm_vm *vm = debug_vm(1, &mod);
    seen s = {.how = SIMTVM_RESUME_CONTINUE, .inspect = inspect_stack, .vm = vm};
    simtvm_debugger *dbg;
    ck_assert_int_eq(simtvm_debugger_new(vm, on_event, &s, &dbg), SIMTVM_OK);
    simtvm_breakpoint b;
    ck_assert_int_eq(simtvm_debug_break(dbg, 8, &b), SIMTVM_OK);
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, NULL, NULL), SIMTVM_OK);
    ck_assert(s.ok);
    simtvm_debugger_free(dbg);
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
}
END_TEST

/* Stepping issues one instruction of the focus per stop; quitting ends
 * the program as exit(0). */
START_TEST(step_and_quit)
{
    simtvm_module *mod;
    simtvm_vm *vm = debug_vm(0, &mod);
    seen s = {.how = SIMTVM_RESUME_STEP, .quit_at = 5};
    simtvm_debugger *dbg;
    ck_assert_int_eq(simtvm_debugger_new(vm, on_event, &s, &dbg), SIMTVM_OK);
    simtvm_breakpoint b;
    ck_assert_int_eq(simtvm_debug_break(dbg, 4, &b), SIMTVM_OK);
    int code = -1;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 0);
    ck_assert_int_eq(s.stops, 5);
    ck_assert_uint_eq(s.lines[0], 4);
    simtvm_debugger_free(dbg);
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
}
END_TEST

/* A watch stops when a lane's value changes; a launch from the embedder
 * is debugged as one from main(). */
static void set_watch(seen *s, simtvm_debugger *dbg)
{
    if (s->stops == 1) {
        uint32_t lanes = 0;
        ck_assert_int_eq(simtvm_debug_watch(dbg, "v", &lanes), SIMTVM_OK);
        ck_assert_uint_eq(lanes, 0xffffffffu);
        simtvm_debug_delete(dbg, 0);
    } else if (s->watches == 1 && !s->ok) {
        simtvm_watch_info wi;
        ck_assert_int_eq(simtvm_debug_watch_info(dbg, &wi), SIMTVM_OK);
        ck_assert_str_eq(wi.expr, "v");
        ck_assert_uint_ne(wi.changed, 0);
        ck_assert_int_eq(simtvm_debug_unwatch(dbg), SIMTVM_OK);
        s->ok = 1;
    }
}

START_TEST(watch_and_launch)
{
    simtvm_module *mod;
    simtvm_vm *vm = debug_vm(0, &mod);
    seen s = {.how = SIMTVM_RESUME_CONTINUE, .inspect = set_watch};
    simtvm_debugger *dbg;
    ck_assert_int_eq(simtvm_debugger_new(vm, on_event, &s, &dbg), SIMTVM_OK);
    simtvm_breakpoint b;
    ck_assert_int_eq(simtvm_debug_break(dbg, 6, &b), SIMTVM_OK);
    simtvm_buffer *out;
    ck_assert_int_eq(simtvm_buffer_new(vm, SIMTVM_I32, 32, &out), SIMTVM_OK);
    simtvm_arg args[] = {simtvm_arg_buffer(out)};
    ck_assert_int_eq(simtvm_launch(vm, "split", simtvm_dim3_of(1, 1, 1),
                                   simtvm_dim3_of(32, 1, 1), 0, args, 1, NULL), SIMTVM_OK);
    ck_assert(s.ok);
    ck_assert_int_eq(s.watches, 1);
    int32_t h[32];
    ck_assert_int_eq(simtvm_buffer_read(out, 0, h, sizeof h), SIMTVM_OK);
    ck_assert_int_eq(h[31], 31 * 20); /* the debugged run computes as usual */
    simtvm_debugger_free(dbg);
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
}
END_TEST

/* Every reader's and setter's answer to a NULL, a warp or lane out of range,
 * a count-only query and a buffer shorter than the answer, at a stop inside
 * the if (warp 0, lanes 0-15 issuing, the else's lanes waiting). */
static void inspect_edges(seen *s, simtvm_debugger *dbg)
{
    simtvm_value v;
    ck_assert_int_eq(simtvm_debug_eval(NULL, 0, 0, "t", &v), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 0, NULL, &v), SIMTVM_ERR_NULL);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(s->vm), "NULL expr"));
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 0, "t", NULL), SIMTVM_ERR_NULL);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(s->vm), "NULL out"));
    ck_assert_int_eq(simtvm_debug_eval(dbg, 7, 0, "t", &v), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 32, "t", &v), SIMTVM_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(s->vm), "lane 32 of a warp of 32"));
    /* a lane waiting in the else is still readable: its own pc */
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 20, "t - 1", &v), SIMTVM_OK);
    ck_assert_int_eq((int64_t)v.bits, 19);

    simtvm_warp_info wi;
    ck_assert_int_eq(simtvm_debug_warp_info(dbg, 0, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_warp_info(NULL, 0, &wi), SIMTVM_ERR_NULL);

    simtvm_lane_group g[1];
    int n = -1;
    ck_assert_int_eq(simtvm_debug_groups(dbg, 0, NULL, 0, &n), SIMTVM_OK); /* count only */
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(simtvm_debug_groups(dbg, 0, NULL, 4, &n), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_groups(dbg, 0, g, 1, &n), SIMTVM_OK); /* the first only */
    ck_assert_int_eq(n, 2);
    ck_assert_uint_eq(g[0].lanes, 0xffffu);
    ck_assert_int_eq(simtvm_debug_groups(dbg, 0, g, 1, NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_debug_groups(dbg, 3, g, 1, &n), SIMTVM_ERR_NOT_FOUND);

    simtvm_reconvergence r[1];
    ck_assert_int_eq(simtvm_debug_reconvergence(dbg, 0, 0, NULL, 1, &n), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_reconvergence(dbg, 0, 40, r, 1, &n), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_debug_reconvergence(dbg, 2, 0, r, 1, &n), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_debug_reconvergence(dbg, 0, 0, NULL, 0, &n), SIMTVM_OK);
    ck_assert_int_ge(n, 1); /* lane 0 waits to rejoin the else's lanes */

    const char *names[1];
    int all = 0;
    ck_assert_int_eq(simtvm_debug_locals(dbg, 0, 0, NULL, 1, &n), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_locals(dbg, 0, 0, NULL, 0, &all), SIMTVM_OK);
    ck_assert_int_ge(all, 2);
    ck_assert_int_eq(simtvm_debug_locals(dbg, 0, 0, names, 1, &n), SIMTVM_OK);
    ck_assert_int_eq(n, all);
    ck_assert_int_eq(simtvm_debug_locals(dbg, 0, 99, names, 1, &n), SIMTVM_OK);
    ck_assert_int_eq(n, 0); /* no such lane: nothing in scope */
    ck_assert_int_eq(simtvm_debug_locals(dbg, 9, 0, names, 1, &n), SIMTVM_ERR_NOT_FOUND);

    int32_t word = 0;
    ck_assert_int_eq(simtvm_debug_read_shared(dbg, 0, NULL, 4), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_read_shared(NULL, 0, &word, 4), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_read_shared(dbg, 0, NULL, 0), SIMTVM_OK);
    ck_assert_int_eq(simtvm_debug_read_shared(dbg, 124, &word, 8), SIMTVM_ERR_RANGE);
    ck_assert_int_eq(simtvm_debug_read_shared(dbg, 124, &word, 4), SIMTVM_OK);
    ck_assert_int_eq(word, 31 * 20);
    char name[8] = "x";
    simtvm_debug_shared_name(dbg, 8, NULL, 8);
    simtvm_debug_shared_name(dbg, 8, name, 0);
    ck_assert_str_eq(name, "x");
    simtvm_debug_shared_name(dbg, 4096, name, sizeof name); /* past every variable */
    ck_assert_str_eq(name, "+4096");
    simtvm_debug_shared_name(NULL, 8, name, sizeof name);
    ck_assert_str_eq(name, "+8");
    simtvm_debug_shared_name(dbg, 124, name, 4); /* cut to the buffer */
    ck_assert_str_eq(name, "til");

    simtvm_access a;
    ck_assert_int_eq(simtvm_debug_access(dbg, 0, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_access(dbg, 1, &a), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_debug_access(dbg, 0, &a), SIMTVM_OK);
    ck_assert_uint_eq(a.lanes, 0xffffu);
    ck_assert(!a.shared); /* v = t * 2 touches no memory; out[t] = v on the line does */

    simtvm_stop_info si;
    ck_assert_int_eq(simtvm_debug_stop_info(dbg, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_stop_info(dbg, &si), SIMTVM_OK);
    unsigned line = 1;
    const char *op = NULL, *fn = NULL;
    ck_assert_int_eq(simtvm_debug_pc(NULL, si.pc, &line, &op, &fn), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_pc(dbg, -1, &line, &op, &fn), SIMTVM_ERR_RANGE);
    ck_assert_uint_eq(line, 0);
    ck_assert_str_eq(op, "?");
    ck_assert_str_eq(fn, "?");
    ck_assert_int_eq(simtvm_debug_pc(dbg, si.pc, &line, &op, &fn), SIMTVM_OK);
    ck_assert_str_eq(fn, "split");
    ck_assert(simtvm_debug_pc_in_kernel(dbg, si.pc));
    ck_assert(!simtvm_debug_pc_in_kernel(dbg, -1));
    ck_assert(!simtvm_debug_pc_in_kernel(dbg, 1 << 30));
    ck_assert(!simtvm_debug_pc_in_kernel(NULL, si.pc));
    simtvm_launch_info li;
    ck_assert_int_eq(simtvm_debug_launch_info(dbg, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_launch_info(dbg, &li), SIMTVM_OK);
    ck_assert_uint_eq(li.warp_size, 32);
    ck_assert(!li.lockstep);

    /* the watch: its mistakes, then a watch that is set and dropped */
    uint32_t lanes = 0;
    ck_assert_int_eq(simtvm_debug_watch(NULL, "t", &lanes), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_watch(dbg, NULL, &lanes), SIMTVM_ERR_NULL);
    char longexpr[1024];
    memset(longexpr, 't', sizeof longexpr - 1);
    longexpr[sizeof longexpr - 1] = 0;
    ck_assert_int_eq(simtvm_debug_watch(dbg, longexpr, &lanes), SIMTVM_ERR_RANGE);
    simtvm_watch_info w;
    ck_assert_int_eq(simtvm_debug_watch_info(dbg, &w), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_debug_watch_info(dbg, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_watch(dbg, "v", NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_debug_unwatch(NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_unwatch(dbg), SIMTVM_OK);

    /* resume: a count of 0, an unknown way, finish in the kernel's frame */
    ck_assert_int_eq(simtvm_debug_resume(dbg, SIMTVM_RESUME_STEP, 0), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_debug_resume(dbg, (simtvm_resume)99, 1), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_debug_resume(dbg, SIMTVM_RESUME_FINISH, 1), SIMTVM_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(s->vm), "outermost frame"));

    /* the focus: NULLs, and a warp that does not exist is not live */
    unsigned b[3];
    ck_assert_int_eq(simtvm_debug_focus(NULL, b, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_focus(dbg, NULL, NULL), SIMTVM_OK);
    ck_assert_int_eq(simtvm_debug_set_focus(NULL, b, 0), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_set_focus(dbg, NULL, 0), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_focus(dbg, b, NULL), SIMTVM_OK);
    ck_assert_uint_eq(b[0], 0); /* (5,0,0), set before the launch, is outside its grid */
    ck_assert_int_eq(simtvm_debug_set_focus(dbg, b, 4), SIMTVM_OK);
    ck_assert(!simtvm_debug_focus_live(dbg));
    ck_assert_int_eq(simtvm_debug_watch(dbg, "t", &lanes), SIMTVM_ERR_MISUSE);
    ck_assert_int_eq(simtvm_debug_set_focus(dbg, b, 0), SIMTVM_OK);
    ck_assert(simtvm_debug_focus_live(dbg));
    ck_assert(!simtvm_debug_focus_live(NULL));
    s->ok = 1;
}

START_TEST(readers_edges)
{
    simtvm_module *mod;
    simtvm_vm *vm = debug_vm(0, &mod);
    seen s = {.how = SIMTVM_RESUME_CONTINUE, .inspect = inspect_edges, .vm = vm};
    simtvm_debugger *dbg;
    ck_assert_int_eq(simtvm_debugger_new(vm, on_event, &s, &dbg), SIMTVM_OK);
    /* before a run: nothing to read, a focus outside the coming grid */
    simtvm_launch_info li;
    ck_assert_int_eq(simtvm_debug_launch_info(dbg, &li), SIMTVM_ERR_MISUSE);
    ck_assert_int_eq(simtvm_debug_launch_info(NULL, &li), SIMTVM_ERR_NULL);
    simtvm_stop_info si;
    ck_assert_int_eq(simtvm_debug_stop_info(dbg, &si), SIMTVM_ERR_MISUSE);
    int32_t word;
    ck_assert_int_eq(simtvm_debug_read_shared(dbg, 0, &word, 4), SIMTVM_ERR_MISUSE);
    uint32_t lanes;
    ck_assert_int_eq(simtvm_debug_watch(dbg, "t", &lanes), SIMTVM_ERR_MISUSE);
    const unsigned far[3] = {5, 0, 0};
    ck_assert_int_eq(simtvm_debug_set_focus(dbg, far, 0), SIMTVM_OK);
    /* breakpoints: NULLs, ids that are not there, the limit */
    simtvm_breakpoint b;
    ck_assert_int_eq(simtvm_debug_break(NULL, 8, &b), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_break(dbg, 8, NULL), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_break(dbg, 0, &b), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_debug_delete(NULL, 1), SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_delete(dbg, -1), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_debug_delete(dbg, 1), SIMTVM_ERR_NOT_FOUND);
    ck_assert_int_eq(simtvm_debug_break_count(NULL), 0);
    ck_assert_uint_eq(simtvm_debug_break_line(NULL, 1), 0);
    ck_assert_uint_eq(simtvm_debug_break_line(dbg, 0), 0);
    ck_assert_int_eq(simtvm_debug_break(dbg, 8, &b), SIMTVM_OK);
    int made = 1;
    while (simtvm_debug_break(dbg, 20, &b) == SIMTVM_OK) /* host code: never stops */
        made++;
    ck_assert_int_eq(made, 64);
    ck_assert_int_eq(simtvm_debug_break(dbg, 8, &b), SIMTVM_ERR_LIMIT);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(vm), "too many breakpoints"));
    for (int id = 2; id <= 64; id++)
        ck_assert_int_eq(simtvm_debug_delete(dbg, id), SIMTVM_OK);
    ck_assert_int_eq(simtvm_debug_delete(dbg, 3), SIMTVM_ERR_NOT_FOUND);
    ck_assert_uint_eq(simtvm_debug_break_line(dbg, 64), 0);
    ck_assert_uint_eq(simtvm_debug_break_line(dbg, 1), 8);
    int code = -1;
    ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, &code, NULL), SIMTVM_OK);
    ck_assert_int_eq(code, 0);
    ck_assert(s.ok);
    ck_assert_int_eq(s.stops, 1);
    simtvm_debugger_free(dbg);
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
}
END_TEST

/* Structs: a local one, a pointer to one, an array of them, a nested one,
 * bit-fields, and struct members of __constant__ and __shared__ variables. */
#define RECORD_SOURCE                                                 \
    "struct In { short a; char c; };\n"                               \
    "struct P { int x; float y; In in; unsigned flag : 3; int neg : 5; P *next; };\n" \
    "__constant__ P origin = {7, 0.25f, {-3, 'k'}, 5, -6, 0};\n"      \
    "__global__ void walk(P *ps, int *out) {\n"                       \
    "    __shared__ P mine[2];\n"                                     \
    "    int t = threadIdx.x;\n"                                      \
    "    P s = ps[t];\n"                                              \
    "    P *p = &ps[(t + 1) % 4];\n"                                  \
    "    if (t < 2) mine[t] = s;\n"                                   \
    "    __syncthreads();\n"                                          \
    "    out[t] = s.x + p->in.a + mine[0].neg + origin.flag;\n"       \
    "}\n"                                                             \
    "int main() {\n"                                                  \
    "    P h[4];\n"                                                   \
    "    P *d;\n"                                                     \
    "    int *o;\n"                                                   \
    "    cudaMalloc(&d, sizeof h);\n"                                 \
    "    cudaMalloc(&o, 4 * sizeof(int));\n"                          \
    "    for (int i = 0; i < 4; i++) {\n"                             \
    "        h[i].x = 10 * i; h[i].y = i + 0.5f; h[i].in.a = (short)-i;\n" \
    "        h[i].in.c = 'a'; h[i].flag = i; h[i].neg = -i;\n"        \
    "        h[i].next = i < 3 ? d + i + 1 : 0;\n"                    \
    "    }\n"                                                         \
    "    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);\n"       \
    "    walk<<<1, 4>>>(d, o);\n"                                     \
    "    cudaDeviceSynchronize();\n"                                  \
    "    return 0;\n"                                                 \
    "}\n"

static int64_t eval_int(simtvm_debugger *dbg, unsigned lane, const char *expr)
{
    simtvm_value v;
    ck_assert_msg(simtvm_debug_eval(dbg, 0, lane, expr, &v) == SIMTVM_OK, "%s", expr);
    switch (v.type) {
    case SIMTVM_I16: return (int16_t)v.bits;
    case SIMTVM_I32: return (int32_t)v.bits;
    default: return (int64_t)v.bits;
    }
}

static void inspect_records(seen *s, simtvm_debugger *dbg)
{
    ck_assert_int_eq(eval_int(dbg, 2, "s.x"), 20);
    ck_assert_int_eq(eval_int(dbg, 2, "p->in.a"), -3);
    ck_assert_int_eq(eval_int(dbg, 2, "ps[1].flag"), 1);
    ck_assert_int_eq(eval_int(dbg, 3, "s.neg"), -3);     /* a signed bit-field */
    ck_assert_int_eq(eval_int(dbg, 3, "(*p).x"), 0);
    ck_assert_int_eq(eval_int(dbg, 0, "s.next->next->x"), 20);
    ck_assert_int_eq(eval_int(dbg, 1, "origin.in.a"), -3); /* __constant__ */
    ck_assert_int_eq(eval_int(dbg, 1, "origin.neg"), -6);
    ck_assert_int_eq(eval_int(dbg, 1, "mine[1].x + mine[0].in.a"), 10); /* __shared__ */
    simtvm_value v;
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 1, "s.y", &v), SIMTVM_OK);
    ck_assert_int_eq(v.type, SIMTVM_F32);
    float y;
    uint32_t b = (uint32_t)v.bits;
    memcpy(&y, &b, 4);
    ck_assert(y == 1.5f);
    /* a whole struct is text */
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 1, "s", &v), SIMTVM_ERR_ARGS);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(s->vm), "is a struct P"));
    char text[256];
    ck_assert_int_eq(simtvm_debug_format(dbg, 0, 1, "s", text, sizeof text, &v), SIMTVM_OK);
    ck_assert_int_eq(v.type, SIMTVM_VOID);
    ck_assert_str_eq(v.type_name, "struct P");
    ck_assert_msg(!strncmp(text, "{x = 10, y = 1.5, in = {a = -1, c = 97}, flag = 1, neg = -1, "
                           "next = 0x", 64), "%s", text);
    ck_assert_int_eq(simtvm_debug_format(dbg, 0, 1, "origin.in", text, sizeof text, &v),
                     SIMTVM_OK);
    ck_assert_str_eq(text, "{a = -3, c = 107}");
    ck_assert_int_eq(simtvm_debug_format(dbg, 0, 1, "s.x", text, sizeof text, &v), SIMTVM_OK);
    ck_assert_str_eq(text, "10");
    ck_assert_str_eq(v.type_name, "i32");
    ck_assert_int_eq(simtvm_debug_format(dbg, 0, 1, "origin", text, 8, NULL), SIMTVM_OK);
    ck_assert_str_eq(text, "{x = 7,"); /* cut to the buffer */
    /* what is not there is an error, never a crash */
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 3, "s.next->x", &v), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 1, "s.z", &v), SIMTVM_ERR_ARGS);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(s->vm), "struct P has no member 'z'"));
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 1, "p.x", &v), SIMTVM_ERR_ARGS);
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(s->vm), "write '->'"));
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 1, "s->x", &v), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 1, "t.x", &v), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_debug_eval(dbg, 0, 1, "s + 1", &v), SIMTVM_ERR_ARGS);
    ck_assert_int_eq(simtvm_debug_watch(dbg, "s", NULL), SIMTVM_ERR_ARGS); /* watch a member */
    ck_assert_ptr_nonnull(strstr(simtvm_errmsg(s->vm), "watch one of its members"));
    ck_assert_int_eq(simtvm_debug_format(dbg, 0, 1, NULL, text, sizeof text, &v),
                     SIMTVM_ERR_NULL);
    ck_assert_int_eq(simtvm_debug_format(dbg, 0, 40, "s", text, sizeof text, &v),
                     SIMTVM_ERR_RANGE);
    s->ok = 1;
}

static int on_record_stop(void *user, simtvm_debugger *dbg, simtvm_debug_event ev)
{
    seen *s = user;
    if (ev != SIMTVM_DEBUG_STOP)
        return 0;
    s->stops++;
    inspect_records(s, dbg);
    ck_assert_int_eq(simtvm_debug_resume(dbg, SIMTVM_RESUME_CONTINUE, 1), SIMTVM_OK);
    return 0;
}

START_TEST(struct_members)
{
    for (int lockstep = 0; lockstep < 2; lockstep++) {
        simtvm_config cfg;
        simtvm_config_init(&cfg);
        cfg.sched = lockstep ? SIMTVM_SCHED_LOCKSTEP : SIMTVM_SCHED_ITS;
        simtvm_module *mod;
        simtvm_vm *vm = test_vm(&cfg, RECORD_SOURCE, &mod);
        seen s = {.vm = vm};
        simtvm_debugger *dbg;
        ck_assert_int_eq(simtvm_debugger_new(vm, on_record_stop, &s, &dbg), SIMTVM_OK);
        simtvm_breakpoint b;
        ck_assert_int_eq(simtvm_debug_break(dbg, 11, &b), SIMTVM_OK);
        ck_assert_int_eq(simtvm_run_main(vm, 0, NULL, NULL, NULL), SIMTVM_OK);
        ck_assert_int_eq(s.stops, 1);
        ck_assert(s.ok);
        simtvm_debugger_free(dbg);
        simtvm_module_free(mod);
        simtvm_vm_free(vm);
    }
}
END_TEST

START_TEST(debugger_misuse)
{
    simtvm_debugger *dbg = (simtvm_debugger *)1;
    ck_assert_int_eq(simtvm_debugger_new(NULL, on_event, NULL, &dbg), SIMTVM_ERR_NULL);
    ck_assert_ptr_null(dbg);
    simtvm_vm *vm;
    ck_assert_int_eq(simtvm_vm_new(NULL, &vm), SIMTVM_OK);
    ck_assert_int_eq(simtvm_debugger_new(vm, on_event, NULL, &dbg), SIMTVM_ERR_MISUSE);
    ck_assert_int_eq(simtvm_debugger_new(vm, NULL, NULL, &dbg), SIMTVM_ERR_NULL);
    simtvm_debugger_free(NULL);
    ck_assert(!simtvm_debug_running(NULL));
    ck_assert_int_eq(simtvm_debug_resume(NULL, SIMTVM_RESUME_STEP, 1), SIMTVM_ERR_NULL);
    simtvm_vm_free(vm);
    /* a debugger still attached goes with its VM */
    simtvm_module *mod;
    vm = debug_vm(0, &mod);
    seen s = {.how = SIMTVM_RESUME_CONTINUE};
    ck_assert_int_eq(simtvm_debugger_new(vm, on_event, &s, &dbg), SIMTVM_OK);
    simtvm_module_free(mod);
    simtvm_vm_free(vm);
}
END_TEST

Suite *api_debug_suite(void)
{
    Suite *s = suite_create("api_debug");
    TCase *tc = tcase_create("debug");
    tcase_add_test(tc, breakpoints_stop_kernels);
    tcase_add_test(tc, reading_lanes_at_a_stop);
    tcase_add_test(tc, lockstep_stack);
    tcase_add_test(tc, step_and_quit);
    tcase_add_test(tc, watch_and_launch);
    tcase_add_test(tc, readers_edges);
    tcase_add_test(tc, debugger_misuse);
    tcase_add_test(tc, struct_members);
    suite_add_tcase(s, tc);
    return s;
}
