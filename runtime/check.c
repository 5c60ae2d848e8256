/* runtime/check.c -- the checkers of SPEC section 4: life cycle, findings
 * (grouping, naming, printing) and the memory checks done at launch.
 *
 * A finding is grouped with earlier ones of the same class at the same pair
 * of source locations, as racecheck does: one report per group, with the
 * coordinates of its first instance and a count.  Objects are named from the
 * source (`s[17]`, `c[1000]`) when it is done, once per group, so the hot
 * paths never format text.  The shadow state of the race and init checkers
 * is in check_race.c.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/check.h"
#include "vm/srcquote.h"

/* Distinct groups kept; further instances of new groups are only counted. */
#define CK_MAX_GROUPS 4096

simt_checker *simt_checker_new(const simt_module *mod, unsigned checks,
                               const simt_allocator *al)
{
    simt_checker *ck = simt_calloc(al, 1, sizeof *ck);
    if (!ck)
        return NULL;
    if (al)
        ck->al = *al;
    ck->mod = mod;
    ck->checks = checks;
    ck->kernel = -1;
    ck->last_kernel = -1;
    ck->api_failed_pc = -1;
    ck->width = 32;
    ck->block_dim[0] = ck->block_dim[1] = ck->block_dim[2] = 1;
    return ck;
}

void simt_checker_free(simt_checker *ck)
{
    if (!ck)
        return;
    const simt_allocator al = ck->al;
    simt_free(&al, ck->found);
    ck_block_free(&al, &ck->b);
    for (uint32_t k = 0; k < ck->nparked; k++)
        ck_block_free(&al, &ck->parked[k]);
    simt_free(&al, ck->parked);
    simt_free(&al, ck->releases);
    simt_free(&al, ck->bar_warps);
    simt_free(&al, ck->api_host);
    ck_pages_free(&al, &ck->race_pages);
    ck_pages_free(&al, &ck->init_pages);
    simt_free(&al, ck);
}

int simt_checker_oom(const simt_checker *ck)
{
    return ck && ck->oom;
}

/* ---- naming memory objects ---- */

static const char *space_label(unsigned space)
{
    switch (space) {
    case SPACE_SHARED: return "__shared__";
    case SPACE_LOCAL: return "__local__";
    case SPACE_CONST: return "__constant__";
    default: return "__global__";
    }
}

/* "name" for a scalar, "name[idx]" for an element of an array. */
static void element_name(char *buf, size_t len, const char *name, uint64_t off, uint64_t elem,
                         uint64_t size)
{
    if (elem == 0)
        elem = 1;
    if (size == elem && off < elem)
        snprintf(buf, len, "%s", name);
    else
        snprintf(buf, len, "%s[%" PRIu64 "]", name, off / elem);
}

static int name_shared(const simt_checker *ck, uint64_t off, char *buf, size_t len)
{
    const simt_module *m = ck->mod;
    for (uint32_t k = 0; k < m->nshared_syms; k++) {
        const simt_symbol *s = &m->shared_syms[k];
        if (s->offset == UINT32_MAX) {
            if (off >= m->shared_static) {
                element_name(buf, len, s->name, off - m->shared_static, s->elem_size, 0);
                return 1;
            }
        } else if (off >= s->offset && off - s->offset < s->size) {
            element_name(buf, len, s->name, off - s->offset, s->elem_size, s->size);
            return 1;
        }
    }
    /* Past the end of the static variables: index the last one before off. */
    const simt_symbol *last = NULL;
    for (uint32_t k = 0; k < m->nshared_syms; k++) {
        const simt_symbol *s = &m->shared_syms[k];
        if (s->offset != UINT32_MAX && s->offset <= off && (!last || s->offset > last->offset))
            last = s;
    }
    if (!last)
        return 0;
    element_name(buf, len, last->name, off - last->offset, last->elem_size, 0);
    strncat(buf, " (past the end)", len - strlen(buf) - 1);
    return 1;
}

static uint64_t global_elem_size(const simt_module *m, const char *name)
{
    for (uint32_t g = 0; g < m->nglobals; g++)
        if (!strcmp(m->globals[g].name, name)) {
            size_t e = simt_vtype_size(m->globals[g].elem);
            return e ? e : 1;
        }
    return 1;
}

/* A buffer without a name is named by the kernel parameter that points into
 * it in this launch (the nearest one at or below addr). */
static int name_by_param(const simt_checker *ck, const simt_alloc *a, uint64_t addr, char *buf,
                         size_t len)
{
    if (ck->kernel < 0 || !ck->args)
        return 0;
    const simt_func *f = &ck->mod->funcs[ck->kernel];
    const simt_sig *sig = &ck->mod->sigs[f->sig];
    int best = -1;
    for (int k = 0; k < ck->nargs && k < sig->nargs; k++) {
        uint64_t v = ck->args[k];
        if (sig->args[k] != VT_PTR || v < a->base || v > addr || !f->param_names ||
            !f->param_names[k])
            continue;
        if (best < 0 || v > ck->args[best])
            best = k;
    }
    if (best < 0)
        return 0;
    size_t e = simt_vtype_size(sig->ptr_elem[best]);
    element_name(buf, len, f->param_names[best], addr - ck->args[best], e ? e : 1, 0);
    return 1;
}

/* The nearest allocation of addr's space that ends at or before addr, when
 * addr is at most a page past its end (an out-of-bounds index into it). */
static simt_alloc *alloc_before(simt_vm *vm, uint64_t addr)
{
    simt_alloc *best = NULL;
    for (size_t k = 0; k < vm->mem.nallocs; k++) {
        simt_alloc *a = &vm->mem.allocs[k];
        if (SIMT_ADDR_SPACE(a->base) == SIMT_ADDR_SPACE(addr) && a->base <= addr &&
            (!best || a->base > best->base))
            best = a;
    }
    return best && addr - (best->base + best->size) < 4096 ? best : NULL;
}

void ck_object_name(simt_checker *ck, simt_vm *vm, uint64_t addr, unsigned size, char *buf,
                    size_t len)
{
    (void)size;
    unsigned space = SIMT_ADDR_SPACE(addr);
    uint64_t off = SIMT_ADDR_OFFSET(addr);
    buf[0] = 0;
    if (space == SPACE_SHARED) {
        if (!name_shared(ck, off, buf, len))
            snprintf(buf, len, "__shared__ offset %" PRIu64, off);
        return;
    }
    if (space == SPACE_LOCAL) {
        snprintf(buf, len, "__local__ offset %" PRIu64, off);
        return;
    }
    if (space != SPACE_GLOBAL && space != SPACE_CONST) {
        snprintf(buf, len, "address 0x%" PRIx64, addr);
        return;
    }
    simt_alloc *a = simt_mem_find(&vm->mem, addr);
    const char *where = "";
    if (!a && (a = alloc_before(vm, addr)) != NULL)
        where = " (past the end)";
    if (a && a->name && a->kind == ALLOC_MODULE) {
        element_name(buf, len, a->name, addr - a->base, global_elem_size(ck->mod, a->name),
                     *where ? 0 : a->size);
        strncat(buf, where, len - strlen(buf) - 1);
        return;
    }
    if (a && name_by_param(ck, a, addr, buf, len)) {
        strncat(buf, where, len - strlen(buf) - 1);
        return;
    }
    if (a)
        snprintf(buf, len, "%s 0x%" PRIx64 " (byte %" PRIu64 " of a %" PRIu64
                 "-byte allocation)", space_label(space), addr, addr - a->base, a->size);
    else
        snprintf(buf, len, "%s 0x%" PRIx64, space_label(space), addr);
}

/* ---- findings ---- */

/* The same finding at the same places: its kind and everything its text
 * names (ck_class_text) compared as data. */
static int same_group(const ck_finding *f, unsigned check, const ck_what *w, int32_t pc,
                      int32_t pc2)
{
    const ck_what *v = &f->what;
    return f->check == check && f->pc == pc && f->pc2 == pc2 && v->kind == w->kind &&
           v->space == w->space && v->write == w->write && v->size == w->size &&
           v->acc[0] == w->acc[0] && v->acc[1] == w->acc[1] && v->side == w->side;
}

static ck_finding *find_group(simt_checker *ck, unsigned check, const ck_what *w, int32_t pc,
                              int32_t pc2)
{
    if (ck->last_hit < ck->nfound && same_group(&ck->found[ck->last_hit], check, w, pc, pc2))
        return &ck->found[ck->last_hit];
    for (size_t k = 0; k < ck->nfound; k++)
        if (same_group(&ck->found[k], check, w, pc, pc2)) {
            ck->last_hit = k;
            return &ck->found[k];
        }
    return NULL;
}

static ck_finding *new_group(simt_checker *ck)
{
    if (ck->nfound == ck->found_cap) {
        size_t cap = ck->found_cap ? ck->found_cap * 2 : 16;
        ck_finding *f = simt_realloc(&ck->al, ck->found, cap * sizeof *f);
        if (!f) {
            ck->oom = 1;
            return NULL;
        }
        ck->found = f;
        ck->found_cap = cap;
    }
    ck_finding *f = &ck->found[ck->nfound];
    memset(f, 0, sizeof *f);
    ck->last_hit = ck->nfound++;
    return f;
}

ck_finding *ck_add(simt_checker *ck, simt_vm *vm, unsigned check, const ck_what *what,
                   int32_t pc, int32_t pc2, uint32_t tid, uint32_t tid2, uint64_t addr,
                   const char *detail)
{
    ck_finding *f = find_group(ck, check, what, pc, pc2);
    if (f) {
        f->count++;
        return f;
    }
    if (ck->nfound >= CK_MAX_GROUPS || !(f = new_group(ck))) {
        ck->dropped++;
        return NULL;
    }
    f->check = check;
    f->what = *what;
    f->pc = pc;
    f->pc2 = pc2;
    f->count = 1;
    f->kernel = ck->kernel;
    memcpy(f->block, ck->b.block_idx, sizeof f->block);
    memcpy(f->block_dim, ck->block_dim, sizeof f->block_dim);
    f->tid = tid;
    f->tid2 = tid2;
    f->other_block = ck->other_set;
    memcpy(f->block2, ck->other_block, sizeof f->block2);
    if (addr)
        ck_object_name(ck, vm, addr, 0, f->object, sizeof f->object);
    if (detail)
        snprintf(f->detail, sizeof f->detail, "%s", detail);
    return f;
}

/* Records what at pc by thread tid of block (NULL: the running one). */
static void report_what(simt_checker *ck, simt_vm *vm, unsigned check, const ck_what *what,
                        int32_t pc, const uint32_t block[3], uint32_t tid, uint64_t addr,
                        const char *detail)
{
    if (!ck)
        return;
    int host = pc >= 0 && vm->func_of_pc && (uint32_t)pc < ck->mod->ncode &&
               !(ck->mod->funcs[vm->func_of_pc[pc]].kind & (FN_KERNEL | FN_DEVICE));
    int kernel = ck->kernel;
    uint32_t saved[3];
    memcpy(saved, ck->b.block_idx, sizeof saved);
    if (host)
        ck->kernel = -1;
    else if (block)
        memcpy(ck->b.block_idx, block, sizeof saved);
    ck_add(ck, vm, check, what, pc, -1, tid, 0, addr, detail);
    ck->kernel = kernel;
    memcpy(ck->b.block_idx, saved, sizeof saved);
}

void simt_check_report(simt_checker *ck, simt_vm *vm, unsigned check, int kind, int32_t pc,
                       const uint32_t block[3], uint32_t tid, uint32_t lane, const char *detail)
{
    simt_check_report_at(ck, vm, check, kind, pc, block, tid, lane, 0, detail);
}

void simt_check_report_at(simt_checker *ck, simt_vm *vm, unsigned check, int kind,
                          int32_t pc, const uint32_t block[3], uint32_t tid, uint32_t lane,
                          uint64_t addr, const char *detail)
{
    (void)lane; /* the lane follows from tid and the warp size */
    const ck_what what = { .kind = kind };
    report_what(ck, vm, check, &what, pc, block, tid, addr, detail);
}

void simt_check_finding(simt_checker *ck, simt_vm *vm, const simt_finding *f)
{
    const ck_what what = { .kind = f->kind, .space = f->space, .write = f->write,
                           .size = f->size };
    report_what(ck, vm, f->check, &what, f->pc, f->block, f->tid, f->addr, f->detail);
}

/* A warning, not an error: the GPU computes an answer and goes on. */
void simt_check_div_zero(simt_checker *ck, simt_vm *vm, int32_t pc, const uint32_t block[3],
                         uint32_t warp, uint32_t tid_base, uint32_t lanes)
{
    if (!ck || !lanes)
        return;
    uint8_t op = ck->mod->code[pc].op;
    int rem = op == OP_REM_S32 || op == OP_REM_U32 || op == OP_REM_S64 || op == OP_REM_U64;
    char list[128], detail[400];
    simt_lane_list(list, sizeof list, lanes);
    snprintf(detail, sizeof detail, "lanes %s of warp %u divide by zero; a GPU does not trap: %s, "
             "and the program goes on with that value", list, warp,
             rem ? "the remainder x % 0 is x" : "the quotient x / 0 is all ones (-1 if signed)");
    size_t before = ck->nfound;
    unsigned lane = (unsigned)__builtin_ctz(lanes);
    simt_check_report(ck, vm, 0, rem ? FIND_REM_ZERO : FIND_DIV_ZERO, pc, block, tid_base + lane,
                      lane, detail);
    if (ck->nfound > before)
        ck->found[ck->nfound - 1].warning = 1;
}

/* ---- printing (vm/render.c formats) ---- */

void ck_class_text(const ck_what *what, char *buf, size_t len)
{
    /* compute-sanitizer's message classes, where it has one */
    static const char *const text[FIND_NKINDS] = {
        [FIND_COLL_EXITED] = "Barrier error detected. Warp collective names exited lanes",
        [FIND_COLL_SELF] = "Barrier error detected. Calling lane not in the warp collective's mask",
        [FIND_COLL_MISSING] = "Barrier error detected. Missing lanes in warp collective",
        [FIND_BAR_DIVERGENT] = "Barrier error detected. Divergent thread(s) in warp",
        [FIND_DIV_ZERO] = "Integer division by zero",
        [FIND_REM_ZERO] = "Integer remainder by zero",
        [FIND_BAR_BLOCK] = "Barrier error detected. Divergent thread(s) in block",
        [FIND_SHFL_INACTIVE] = "Barrier error detected. shfl from an inactive lane",
        [FIND_DOUBLE_FREE] = "Malloc/Free error encountered: Double free",
        [FIND_BAD_FREE] = "Malloc/Free error encountered: Invalid pointer to free",
        [FIND_BAD_KERNEL_ARG] = "Invalid pointer passed to a kernel launch",
        [FIND_API_DIRECTION] = "cudaMemcpy direction contradicts its pointers",
        [FIND_API_UNWRITTEN] = "Unwritten device memory copied to the host",
        [FIND_API_UNCHECKED] = "Unchecked kernel launch error",
        [FIND_API_HOST_POINTER] = "Host pointer passed to a kernel",
        [FIND_API_LEAK] = "Leaked device memory",
    };
    static const char *const space[] = {"global", "__global__", "__shared__", "__local__",
                                        "__constant__"};
    static const char *const acc[] = {"Read", "Write", "Atomic"}; /* enum simt_access_kind */
    unsigned sp = what->space <= SPACE_CONST ? what->space : 0;
    switch (what->kind) {
    case FIND_BAD_ACCESS:
        snprintf(buf, len, "Invalid %s %s of size %u bytes", space[sp],
                 what->write ? "write" : "read", what->size);
        return;
    case FIND_UNINIT:
        snprintf(buf, len, "Uninitialized %s memory read of size %u bytes", space[sp], what->size);
        return;
    case FIND_RACE:
        snprintf(buf, len, "%s/%s", acc[what->acc[0] <= ACC_ATOMIC ? what->acc[0] : 0],
                 acc[what->acc[1] <= ACC_ATOMIC ? what->acc[1] : 0]);
        return;
    case FIND_API_EXTENT:
        snprintf(buf, len, "%s larger than its %s allocation", what->fn ? what->fn : "a copy",
                 what->side ? "source" : "destination");
        return;
    default:
        snprintf(buf, len, "%s", what->kind >= 0 && what->kind < FIND_NKINDS && text[what->kind]
                                     ? text[what->kind] : "unknown finding");
    }
}

/* The place of instruction pc, with its source line. */
static simt_rspan span_of(const simt_checker *ck, int32_t pc)
{
    simt_rspan sp;
    simt_module_span(ck->mod, pc, &sp, NULL);
    return sp;
}

/* "file:line:col" of pc, as the race message names both accesses. */
static void loc_text(const simt_checker *ck, int32_t pc, char *buf, size_t len)
{
    simt_rspan sp = span_of(ck, pc);
    if (sp.line)
        snprintf(buf, len, "%s:%u:%u", sp.file, sp.line,
                 sp.text ? simt_char_column(sp.text, sp.len, sp.col) : sp.col);
    else
        snprintf(buf, len, "%s", sp.file);
}

static simt_rthread thread_of(const simt_checker *ck, const ck_finding *f, const uint32_t *b,
                              uint32_t tid, const char *role)
{
    const uint32_t *d = f->block_dim;
    uint32_t bx = d[0] ? d[0] : 1, by = d[1] ? d[1] : 1;
    uint32_t w = ck->width ? ck->width : 32;
    simt_rthread t = { { b[0], b[1], b[2] },
                       { tid % bx, tid / bx % by, tid / (bx * by) }, tid / w, tid % w, 1, role };
    return t;
}

static const char *access_name(unsigned kind)
{
    return kind == ACC_WRITE ? "Write access" : kind == ACC_ATOMIC ? "Atomic access"
                                                                   : "Read access";
}

/* A race: the later access is the primary place, the earlier one a note. */
static void describe_race(const simt_checker *ck, const ck_finding *f, simt_rdiag *r,
                          char *msg, size_t len)
{
    const char *first = access_name(f->what.acc[0]), *second = access_name(f->what.acc[1]);
    char l1[300], l2[300];
    loc_text(ck, f->pc2, l1, sizeof l1);
    loc_text(ck, f->pc, l2, sizeof l2);
    snprintf(msg, len, "Race reported between %.12s at %s and %.12s at %s", first, l1, second, l2);
    simt_rspan other = span_of(ck, f->pc2);
    simt_rdiag_child(r, SIMT_R_NOTE, &other, "the %s", first);
    r->thread[r->nthread++] = thread_of(ck, f, f->other_block ? f->block2 : f->block, f->tid2,
                                        first);
    r->thread[r->nthread++] = thread_of(ck, f, f->block, f->tid, second);
}

/* What orders the two accesses of a race: __syncwarp between lanes of one
 * warp, __syncthreads between warps. */
static void race_help(const simt_checker *ck, const ck_finding *f, simt_rdiag *r)
{
    uint32_t w = ck->width ? ck->width : 32;
    uint32_t l_a = span_of(ck, f->pc2).line, l_b = span_of(ck, f->pc).line;
    if (l_a > l_b) {
        uint32_t t = l_a;
        l_a = l_b;
        l_b = t;
    }
    if (f->other_block)
        simt_rdiag_child(r, SIMT_R_HELP, NULL, "the two threads are in different blocks: order "
                         "them with atomics, __threadfence() and a flag, or a second kernel");
    else if (f->tid / w == f->tid2 / w)
        simt_rdiag_child(r, SIMT_R_HELP, NULL, "add __syncwarp() between these lines (%u and %u): "
                         "the two threads are lanes of one warp", l_a, l_b);
    else
        simt_rdiag_child(r, SIMT_R_HELP, NULL, "add __syncthreads() between these lines (%u and "
                         "%u), reached by every thread of the block", l_a, l_b);
}

static void print_finding(const simt_checker *ck, const ck_finding *f, FILE *err,
                          const simt_rstyle *style)
{
    static const char *const kinds[] = { "race", "sync", "memory", "init", "api", "divzero" };
    const simt_module *m = ck->mod;
    simt_rdiag r;
    memset(&r, 0, sizeof r);
    char msg[800];
    r.sev = f->warning ? SIMT_R_WARNING : SIMT_R_ERROR;
    r.kind = kinds[f->warning ? 5 : f->check == CHECK_RACE ? 0 : f->check == CHECK_SYNC ? 1
                  : f->check == CHECK_MEMORY ? 2 : f->check == CHECK_API ? 4 : 3];
    r.span = span_of(ck, f->pc);
    char cls[160];
    ck_class_text(&f->what, cls, sizeof cls);
    r.message = cls;
    if (f->check == CHECK_RACE) {
        describe_race(ck, f, &r, msg, sizeof msg);
        r.message = msg;
    } else if (f->kernel >= 0) {
        r.thread[r.nthread++] = thread_of(ck, f, f->block, f->tid, NULL);
    }
    if (f->kernel >= 0)
        r.kernel = m->funcs[f->kernel].name;
    else
        r.in_host = 1;
    r.object = f->object[0] ? f->object : NULL;
    if (f->detail[0])
        simt_rdiag_child(&r, SIMT_R_NOTE, NULL, "%s", f->detail);
    if (f->check == CHECK_RACE)
        race_help(ck, f, &r);
    r.count = f->count;
    simt_render(err, style, &r);
}

unsigned simt_check_finish(simt_checker *ck, simt_vm *vm, FILE *err)
{
    if (!ck)
        return 0;
    simt_check_api_leaks(ck, vm);
    fflush(stdout);
    for (size_t k = 0; k < ck->nfound; k++)
        print_finding(ck, &ck->found[k], err, &vm->cfg.diag_style);
    if (ck->dropped)
        fprintf(err, "simtvm: note: %" PRIu64 " more findings in further groups not shown\n",
                ck->dropped);
    unsigned n = (unsigned)ck->nfound, warnings = 0;
    for (size_t k = 0; k < ck->nfound; k++)
        warnings += (unsigned)ck->found[k].warning;
    fprintf(err, "========= ERROR SUMMARY: %u error%s", n - warnings, n - warnings == 1 ? "" : "s");
    if (warnings)
        fprintf(err, ", %u warning%s", warnings, warnings == 1 ? "" : "s");
    fputc('\n', err);
    return n; /* warnings are findings too (exit status 3) */
}

size_t simt_check_count(const simt_checker *ck)
{
    return ck ? ck->nfound : 0;
}

void simt_check_item_get(const simt_checker *ck, size_t k, simt_check_item *out)
{
    const ck_finding *f = &ck->found[k];
    memset(out, 0, sizeof *out);
    out->kind = f->what.kind;
    out->check = f->check;
    out->warning = f->warning;
    ck_class_text(&f->what, out->message, sizeof out->message);
    snprintf(out->object, sizeof out->object, "%s", f->object);
    out->pc = f->pc;
    out->in_kernel = f->kernel >= 0;
    out->count = f->count;
    if (!out->in_kernel)
        return;
    memcpy(out->block, f->block, sizeof out->block);
    uint32_t bx = f->block_dim[0] ? f->block_dim[0] : 1, by = f->block_dim[1] ? f->block_dim[1] : 1;
    out->thread[0] = f->tid % bx;
    out->thread[1] = f->tid / bx % by;
    out->thread[2] = f->tid / bx / by;
}

/* ---- launches and blocks ---- */

/* The host instruction that launched the kernel, when host code did. */
static int32_t launch_pc(const simt_checker *ck, simt_vm *vm, const simt_launch_info *li)
{
    int32_t pc = vm->fault.pc;
    const simt_module *m = ck->mod;
    if (pc >= 0 && (uint32_t)pc < m->ncode && m->code[pc].op == OP_LAUNCH)
        return pc;
    return (int32_t)m->funcs[li->kernel].entry;
}

/* memory: a pointer argument must be NULL or point into live global memory. */
static void check_launch_pointers(simt_checker *ck, simt_vm *vm, const simt_launch_info *li)
{
    const simt_func *f = &ck->mod->funcs[li->kernel];
    const simt_sig *sig = &ck->mod->sigs[f->sig];
    for (int k = 0; k < li->nargs && k < sig->nargs; k++) {
        uint64_t v = li->args[k];
        if (sig->args[k] != VT_PTR || v == 0)
            continue;
        unsigned space = SIMT_ADDR_SPACE(v);
        const char *why = NULL;
        if (space == SPACE_GLOBAL || space == SPACE_CONST) {
            simt_alloc *a = simt_mem_find(&vm->mem, v);
            if (!a && v > 0) {
                simt_alloc *b = simt_mem_find(&vm->mem, v - 1); /* one past the end */
                a = b && b->base + b->size == v ? b : NULL;
            }
            if (!a)
                why = "points to no allocation";
            else if (a->freed)
                why = "points to freed memory";
        } else {
            why = "is not a global memory address";
        }
        if (!why)
            continue;
        char detail[400];
        const char *name = f->param_names && f->param_names[k] ? f->param_names[k] : "?";
        snprintf(detail, sizeof detail, "argument %d ('%s') of kernel '%s' is 0x%" PRIx64
                 ", which %s", k + 1, name, f->name, v, why);
        int kernel = ck->kernel;
        ck->kernel = -1;
        ck_add(ck, vm, CHECK_MEMORY, &(ck_what){ .kind = FIND_BAD_KERNEL_ARG },
               launch_pc(ck, vm, li), -1, 0, 0, 0, detail);
        ck->kernel = kernel;
    }
}

/* Out of memory: the race and init checks stop (simt_checker_oom says so). */
static void check_less(simt_checker *ck)
{
    ck->checks &= ~(unsigned)(CHECK_RACE | CHECK_INIT);
    ck->oom = 1;
}

void simt_check_launch(simt_checker *ck, simt_vm *vm, const simt_launch_info *li)
{
    if (!ck)
        return;
    ck->kernel = (int)li->kernel;
    memcpy(ck->grid, li->grid, sizeof ck->grid);
    memcpy(ck->block_dim, li->block, sizeof ck->block_dim);
    ck->args = li->args;
    ck->nargs = li->nargs;
    ck->width = (uint32_t)vm->cfg.warp_size;
    ck->nthreads = li->block[0] * li->block[1] * li->block[2];
    ck->shared_bytes = li->shared_bytes;
    if (ck->checks & CHECK_MEMORY)
        check_launch_pointers(ck, vm, li);
    if (ck->checks & CHECK_API)
        ck_api_launch(ck, vm, li);
    simt_check_slot(ck, 0); /* blocks run in slot 0 until they interleave */
    if (ck_race_launch(ck) != 0)
        check_less(ck);
}

void simt_check_slot(simt_checker *ck, uint32_t slot)
{
    if (!ck || slot == ck->slot)
        return;
    uint32_t need = (slot > ck->slot ? slot : ck->slot) + 1;
    if (need > ck->nparked) {
        ck_block *p = simt_realloc(&ck->al, ck->parked, (size_t)need * sizeof *p);
        if (!p) { /* the blocks go on unchecked (simt_checker_oom) */
            check_less(ck);
            return;
        }
        memset(p + ck->nparked, 0, (size_t)(need - ck->nparked) * sizeof *p);
        ck->parked = p;
        ck->nparked = need;
    }
    ck->parked[ck->slot] = ck->b;
    ck->b = ck->parked[slot];
    memset(&ck->parked[slot], 0, sizeof ck->parked[slot]); /* its arrays are b's now */
    ck->slot = slot;
}

void simt_check_block(simt_checker *ck, const uint32_t idx[3], uint32_t nthreads,
                      uint64_t shared_bytes)
{
    if (!ck)
        return;
    memcpy(ck->b.block_idx, idx, sizeof ck->b.block_idx);
    ck->nthreads = nthreads;
    ck->shared_bytes = shared_bytes;
    /* Every access recorded from now on is after block_start: older shadow
     * entries read as empty without being cleared. */
    ck->b.block_start = ++ck->clock;
    ck->b.last_barrier = ck->b.block_start;
    if (ck_block_fit(ck) != 0)
        check_less(ck);
    if (ck->checks & CHECK_RACE)
        ck_race_block(ck);
    ck->b.bar_releases = 0;
    ck->b.bar_diverged = 0;
    if (ck->b.shared_init && shared_bytes)
        memset(ck->b.shared_init, 0, (size_t)((shared_bytes + 7) / 8));
}

void simt_check_access(simt_checker *ck, simt_vm *vm, const simt_warp_access *a)
{
    if (!ck)
        return;
    if (ck->checks & CHECK_INIT)
        ck_init_access(ck, vm, a);
    else if (ck->checks & CHECK_API) /* which bytes were written, for copies back */
        ck_mark_writes(ck, a);
    if ((ck->checks & CHECK_API) && ck->napi_watch)
        ck_api_access(ck, vm, a);
    if (ck->checks & CHECK_RACE)
        ck_race_access(ck, vm, a);
}

void simt_check_barrier(simt_checker *ck)
{
    if (!ck)
        return;
    ck->b.last_barrier = ++ck->clock;
    if (ck->checks & CHECK_SYNC)
        ck_sync_barrier(ck);
}

void simt_check_warp_sync(simt_checker *ck, uint32_t warp, uint32_t lanes)
{
    if (!ck || !(ck->checks & CHECK_RACE) || warp >= ck->b.nwarps_alloc)
        return;
    uint64_t now = ++ck->clock;
    uint32_t all = ck->width >= 32 ? 0xffffffffu : (1u << ck->width) - 1;
    if ((lanes & all) == all) {
        ck->b.full_sync[warp] = now;
        return;
    }
    uint64_t *pair = &ck->b.pair_sync[(size_t)warp * 32 * 32];
    for (uint32_t m = lanes & all; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        for (uint32_t n = lanes & all; n; n &= n - 1)
            pair[l * 32 + (unsigned)__builtin_ctz(n)] = now;
    }
}

