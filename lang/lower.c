/* lang/lower.c -- lowering a checked unit to a simt_module: module tables
 * (functions, signatures, globals, strings, imports), the static shared
 * memory layout, statements and control flow, and the final layout of each
 * function's blocks with its reconvergence points (see lower.h). */
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "vm/vm.h"

/* The module's arrays, which it frees with the embedder's allocator, and
 * the lowering's own work arrays (lang/ast.h: both jump on failure). */
static const simt_allocator *mal(const lw_mod *M)
{
    return &M->ctx->mal;
}

static const simt_allocator *tal(const lw_mod *M)
{
    return &M->ctx->tal;
}

/* ---- growable module arrays (the module owns them) ---- */
int lw_grow(lw_mod *M, void **p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return 1;
    uint32_t nc = *cap ? *cap : 16;
    while (nc < need)
        nc *= 2;
    void *np = simt_realloc(mal(M), *p, (size_t)nc * elem);
    if (!np) {
        M->oom = 1;
        return 0;
    }
    memset((char *)np + (size_t)*cap * elem, 0, (size_t)(nc - *cap) * elem);
    *p = np;
    *cap = nc;
    return 1;
}

static char *dup_str(lw_mod *M, const char *s)
{
    char *d = simt_strdup(mal(M), s ? s : "");
    if (!d)
        M->oom = 1;
    return d;
}

/* ---- blocks ---- */
int lw_new_block(lw_func *F)
{
    if (F->nblocks == F->cap) {
        int cap = F->cap ? F->cap * 2 : 16;
        lw_block *nb = simt_realloc(tal(F->M), F->blocks, sizeof *nb * (size_t)cap);
        if (!nb) {
            F->M->oom = 1;
            return F->cur >= 0 ? F->cur : 0;
        }
        F->blocks = nb;
        F->cap = cap;
    }
    lw_block *b = &F->blocks[F->nblocks];
    memset(b, 0, sizeof *b);
    b->ipdom = -1;
    return F->nblocks++;
}

static lw_block *cur_block(lw_func *F)
{
    return &F->blocks[F->cur];
}

void lw_emit(lw_func *F, int op, int a, int b, int c, int32_t i, int32_t j)
{
    lw_block *bl = cur_block(F);
    if (bl->term != T_OPEN)   /* code after a terminator cannot run: drop it */
        return;
    if (bl->n == bl->cap) {
        int cap = bl->cap ? bl->cap * 2 : 16;
        simt_insn *nc = simt_realloc(tal(F->M), bl->code, sizeof *nc * (size_t)cap);
        simt_srcpos *np = simt_realloc(tal(F->M), bl->pos, sizeof *np * (size_t)cap);
        uint32_t *ns = simt_realloc(tal(F->M), bl->seq, sizeof *ns * (size_t)cap);
        if (nc)
            bl->code = nc;
        if (np)
            bl->pos = np;
        if (ns)
            bl->seq = ns;
        if (!nc || !np || !ns) {
            F->M->oom = 1;
            return;
        }
        bl->cap = cap;
    }
    if (a > 0xffff || b > 0xffff || c > 0xffff)
        F->too_many_regs = 1;
    bl->code[bl->n] = (simt_insn){(uint16_t)op, (uint16_t)a, (uint16_t)b, (uint16_t)c, i, j};
    F->polls += (uint32_t)simt_insn_polls(&bl->code[bl->n]);
    if (op == OP_CALL)
        lw_note_call(F->M, i);
    bl->pos[bl->n] = (simt_srcpos){F->loc.line, F->loc.col};
    bl->seq[bl->n] = F->nemit++;
    bl->n++;
}

void lw_emit_k(lw_func *F, int a, uint64_t k)
{
    lw_emit(F, OP_LDK, a, 0, 0, (int32_t)(uint32_t)k, (int32_t)(uint32_t)(k >> 32));
}

static void terminate(lw_func *F, int term, int s0, int s1, int reg)
{
    lw_block *b = cur_block(F);
    if (b->term != T_OPEN)
        return;
    b->term = term;
    b->succ[0] = s0;
    b->succ[1] = s1;
    b->br_reg = reg;
    b->br_op = OP_BRNZ;
    b->term_loc = F->loc;
    b->term_seq = F->nemit++;
}

void lw_goto(lw_func *F, int target)
{
    terminate(F, T_GOTO, target, -1, 0);
}

void lw_branch(lw_func *F, int reg, int if_true, int if_false)
{
    terminate(F, T_BR, if_true, if_false, reg);
}

void lw_start(lw_func *F, int block)
{
    F->cur = block;
}

/* Ends the current block with a jump and continues in a fresh block that
 * only a later label can reach. */
static void jump_away(lw_func *F, int target)
{
    lw_goto(F, target);
    lw_start(F, lw_new_block(F));
}

/* ---- registers and frame ---- */
int lw_reg(lw_func *F)
{
    int r = F->top++;
    if (F->top > F->maxreg)
        F->maxreg = F->top;
    return r;
}

void lw_reserve(lw_func *F, int upto)
{
    if (F->top < upto)
        F->top = upto;
    if (F->top > F->maxreg)
        F->maxreg = F->top;
}

uint32_t lw_local(lw_func *F, int64_t size, int align)
{
    if (align < 1)
        align = 1;
    uint64_t off = ((uint64_t)F->local_size + (uint64_t)align - 1) & ~(uint64_t)(align - 1);
    if (size < 0 || off + (uint64_t)size > UINT32_MAX / 2) {
        k_error(F->M->ctx, F->loc, "local variables of '%s' are too large", F->decl->name);
        return 0;
    }
    F->local_size = (uint32_t)(off + (uint64_t)size);
    return (uint32_t)off;
}

/* ---- debug table ---- */
/* Records that d lives in a register or frame slot from now on (until the
 * enclosing statement ends: close_scope). */
static void debug_var(lw_func *F, k_decl *d, int kind, uint32_t where)
{
    if (!d->name || !d->name[0])
        return;
    if (F->ndvars == F->dvars_cap) {
        int cap = F->dvars_cap ? F->dvars_cap * 2 : 16;
        lw_dvar *nd = simt_realloc(tal(F->M), F->dvars, sizeof *nd * (size_t)cap);
        if (!nd) {
            F->M->oom = 1;
            return;
        }
        F->dvars = nd;
        F->dvars_cap = cap;
    }
    F->dvars[F->ndvars++] = (lw_dvar){d, kind, where, F->nemit, UINT32_MAX};
}

/* The variables declared since the first `from` go out of scope. */
static void close_scope(lw_func *F, int from)
{
    for (int k = from; k < F->ndvars; k++)
        if (F->dvars[k].end == UINT32_MAX)
            F->dvars[k].end = F->nemit;
}

static void add_var_run(lw_mod *M, const lw_func *F, const lw_dvar *v, uint32_t pc0, uint32_t pc1)
{
    simt_module *m = M->m;
    if (!lw_grow(M, (void **)&m->vars, &M->var_cap, m->nvars + 1, sizeof *m->vars))
        return;
    const k_type *t = v->decl->type;
    simt_var *e = &m->vars[m->nvars];
    e->name = dup_str(M, v->decl->name);
    if (!e->name)
        return;
    e->func = (uint32_t)F->index;
    e->kind = (uint8_t)v->kind;
    int scalar = t->kind != TY_ARRAY && !k_ty_is_record(t);
    e->type = (uint8_t)(scalar ? k_ty_vtype(t) : VT_VOID);
    e->elem = VT_VOID;
    if ((t->kind == TY_PTR || t->kind == TY_ARRAY) && t->base && t->base->kind != TY_ARRAY &&
        !k_ty_is_record(t->base))
        e->elem = (uint8_t)k_ty_vtype(t->base);
    int64_t size = k_ty_size(t);
    e->size = size > 0 && size < UINT32_MAX ? (uint32_t)size : 0;
    e->where = v->where;
    e->pc_begin = pc0;
    e->pc_end = pc1;
    e->line = v->decl->loc.line;
    m->nvars++;
    uint32_t dt = lw_dtype(M, t); /* may move m->vars */
    m->vars[m->nvars - 1].dtype = dt;
}

/* Turns each variable's scope (in emission order) into runs of pcs, given the
 * emission order of every pc of the function laid out at entry. */
static void debug_ranges(lw_func *F, const simt_func *fn, const uint32_t *seq)
{
    for (int k = 0; k < F->ndvars; k++) {
        const lw_dvar *v = &F->dvars[k];
        uint32_t run = UINT32_MAX;
        for (uint32_t pc = fn->entry; pc <= fn->end; pc++) {
            int in = pc < fn->end && seq[pc - fn->entry] >= v->begin &&
                     seq[pc - fn->entry] < v->end;
            if (in && run == UINT32_MAX)
                run = pc;
            if (!in && run != UINT32_MAX) {
                add_var_run(F->M, F, v, run, pc);
                run = UINT32_MAX;
            }
        }
    }
}

/* ---- module tables ---- */
int lw_sig(lw_mod *M, const simt_sig *sig)
{
    simt_module *m = M->m;
    for (uint32_t i = 0; i < m->nsigs; i++)
        if (memcmp(&m->sigs[i], sig, sizeof *sig) == 0)
            return (int)i;
    if (!lw_grow(M, (void **)&m->sigs, &M->sig_cap, m->nsigs + 1, sizeof *m->sigs))
        return 0;
    m->sigs[m->nsigs] = *sig;
    return (int)m->nsigs++;
}

static int add_global(lw_mod *M, const char *name, int space, const k_type *t, uint32_t line)
{
    simt_module *m = M->m;
    if (!lw_grow(M, (void **)&m->globals, &M->global_cap, m->nglobals + 1, sizeof *m->globals))
        return 0;
    simt_global *g = &m->globals[m->nglobals];
    g->name = dup_str(M, name);
    g->space = (uint8_t)space;
    const k_type *e = t;
    while (e && e->kind == TY_ARRAY)
        e = e->base;
    g->elem = (uint8_t)(e && (e->kind == TY_DIM3 || e->kind == TY_UINT3) ? VT_U32 : k_ty_vtype(e));
    g->align = (uint32_t)(k_ty_align(t) < 16 && k_ty_size(t) >= 16 ? 16 : k_ty_align(t));
    g->size = (uint64_t)(k_ty_size(t) > 0 ? k_ty_size(t) : 0);
    g->line = line;
    return (int)m->nglobals++;
}

int lw_add_global(lw_mod *M, const char *name, int space, const k_type *t, uint32_t line)
{
    return add_global(M, name, space, t, line);
}

/* A kernel parameter too large for the launch's registers lives in a module
 * variable of its own, "kernel(param)": each launch copies the argument
 * there (lower_call.c) and the kernel reads it from there (prologue).
 * Launches run to completion when they are issued (SPEC 2.8), so one
 * variable per parameter serves every launch.  Returns its index. */
typedef struct lw_pglobal {
    const k_decl *param;
    int global;
} lw_pglobal;

int lw_param_global(lw_mod *M, const k_decl *fn, int i)
{
    const k_decl *p = fn->params[i];
    for (int k = 0; k < M->npglobals; k++)
        if (M->pglobals[k].param == p)
            return M->pglobals[k].global;
    if (M->npglobals == M->pglobals_cap) {
        int cap = M->pglobals_cap ? M->pglobals_cap * 2 : 4;
        lw_pglobal *n = simt_realloc(tal(M), M->pglobals, sizeof *n * (size_t)cap);
        if (!n) {
            M->oom = 1;
            return 0;
        }
        M->pglobals = n;
        M->pglobals_cap = cap;
    }
    char name[160];
    snprintf(name, sizeof name, "%s(%s)", fn->name, p->name ? p->name : "");
    int g = add_global(M, name, SPACE_GLOBAL, p->type, p->loc.line);
    M->pglobals[M->npglobals++] = (lw_pglobal){p, g};
    return g;
}

int lw_string_global(lw_mod *M, const char *text, size_t len, k_loc loc)
{
    for (int i = 0; i < M->nstrs; i++)
        if (M->strs[i].len == len && memcmp(M->strs[i].text, text, len) == 0)
            return M->strs[i].global;
    if (M->nstrs == M->strs_cap) {
        int cap = M->strs_cap ? M->strs_cap * 2 : 16;
        lw_string *ns = simt_realloc(tal(M), M->strs, sizeof *ns * (size_t)cap);
        if (!ns) {
            M->oom = 1;
            return 0;
        }
        M->strs = ns;
        M->strs_cap = cap;
    }
    char name[32];
    snprintf(name, sizeof name, ".str%d", M->nstrs);
    k_type *t = k_type_array(M->ctx, k_ty(M->ctx, TY_CHAR), NULL);
    t->length = (int64_t)len + 1;
    int g = add_global(M, name, SPACE_CONST, t, loc.line);
    simt_global *gl = &M->m->globals[g];
    /* Stored in whole aligned words, as nvcc aligns them: code that reads a
     * string a word at a time and masks off the tail (Jenkins' hash) reads
     * the last word's padding, which on a GPU is no fault. */
    gl->align = gl->align < 4 ? 4 : gl->align;
    gl->size = (len + 1 + 3) & ~(uint64_t)3;
    gl->init = simt_calloc(mal(M), 1, gl->size);
    if (!gl->init)
        M->oom = 1;
    else
        memcpy(gl->init, text, len);
    M->strs[M->nstrs++] = (lw_string){text, len, g};
    return g;
}

int lw_trap_string(lw_mod *M, const char *msg)
{
    simt_module *m = M->m;
    if (!lw_grow(M, (void **)&m->strings, &M->string_cap, m->nstrings + 1, sizeof *m->strings))
        return 0;
    m->strings[m->nstrings] = dup_str(M, msg);
    return (int)m->nstrings++;
}

lw_sym *lw_sym_of(k_decl *d)
{
    return d ? (lw_sym *)d->sema_ext : NULL;
}

static lw_sym *new_sym(lw_mod *M, k_decl *d, int kind)
{
    lw_sym *s = k_alloc(M->ctx, sizeof *s);
    s->kind = kind;
    d->sema_ext = s;
    return s;
}

int lw_func_index(lw_func *F, k_decl *fn)
{
    lw_mod *M = F->M;
    if (k_deferred_use(M->ctx, fn, F->loc))   /* a member whose body failed: now an error */
        return 0;
    lw_sym *s = lw_sym_of(fn);
    if (!s || s->kind != SYM_FUNC)
        return 0;
    int *n = &M->ncallees[F->index];
    int *nl = simt_realloc(tal(M), M->callees[F->index], sizeof *nl * (size_t)(*n + 1));
    if (!nl) {
        M->oom = 1;
        return s->index;
    }
    nl[(*n)++] = s->index;
    M->callees[F->index] = nl;
    return s->index;
}

static void fill_sig(simt_sig *sig, k_decl *fn)
{
    memset(sig, 0, sizeof *sig);
    sig->ret = (uint8_t)(lw_returns_record(fn) ? VT_PTR : k_ty_vtype(fn->type->base));
    int n = lw_fill_params(fn, sig, NULL);
    sig->nargs = sig->nfixed = (uint8_t)n;
    for (int i = 0; i < n && i < fn->nparams; i++) {
        k_type *t = fn->params[i]->type;
        if (t->kind == TY_PTR && sig->args[i] == k_ty_vtype(t)) {
            k_type *e = t->base;
            sig->ptr_elem[i] = (uint8_t)k_ty_vtype(e->kind == TY_PTR ? NULL : e);
            if (e->kind == TY_CHAR && (e->quals & Q_CONST))
                sig->args[i] = VT_STR;
        }
    }
}

int lw_import_index(lw_func *F, k_decl *fn)
{
    lw_mod *M = F->M;
    lw_sym *s = lw_sym_of(fn);
    if (s && s->kind == SYM_IMPORT)
        return s->index;
    simt_module *m = M->m;
    if (!lw_grow(M, (void **)&m->imports, &M->import_cap, m->nimports + 1, sizeof *m->imports))
        return 0;
    simt_sig sig;
    fill_sig(&sig, fn);
    /* Counted before its name is allocated: a jump out of memory in what
     * follows must leave the name where simt_module_free finds it. */
    int index = (int)m->nimports++;
    m->imports[index].name = dup_str(M, fn->name);
    m->imports[index].sig = (uint32_t)lw_sig(M, &sig);
    s = new_sym(M, fn, SYM_IMPORT);
    s->index = index;
    return index;
}

/* ---- module variables: globals, statics and the shared layout ---- */
static int is_folded_const(const k_decl *d)
{
    return k_ty_is_integer(d->type) && (d->type->quals & Q_CONST) && d->init &&
           d->init->is_const && !d->address_taken && !(d->storage & (ST_DEVICE | ST_CONSTANT));
}

/* Debug table for the checkers: a static __shared__ variable's name and
 * place (one realloc per variable: programs have few). */
static void record_shared(lw_mod *M, const k_decl *d, uint32_t off)
{
    simt_module *m = M->m;
    uint32_t cap = m->nshared_syms;
    if (!lw_grow(M, (void **)&m->shared_syms, &cap, m->nshared_syms + 1, sizeof *m->shared_syms))
        return;
    const k_type *e = d->type;
    while (e && e->kind == TY_ARRAY)
        e = e->base;
    int64_t size = k_ty_size(d->type), esize = e ? k_ty_size(e) : 1;
    m->shared_syms[m->nshared_syms++] = (simt_symbol){
        .name = dup_str(M, d->name), .offset = off, .size = size > 0 ? (uint32_t)size : 0,
        .elem_size = esize > 0 ? (uint32_t)esize : 1, .line = d->loc.line,
        .elem = (uint8_t)(e && (e->kind == TY_DIM3 || e->kind == TY_UINT3) ? VT_U32
                          : e ? k_ty_vtype(e) : VT_VOID),
    };
    uint32_t dt = lw_dtype(M, d->type);
    m->shared_syms[m->nshared_syms - 1].dtype = dt;
}

static void module_var_object(lw_mod *M, k_decl *d, int named_before);

static void module_var(lw_mod *M, k_decl *d)
{
    module_var_object(M, d, 0);
}

/* named_before: d defines an object an extern declaration names, so even a
 * folded constant needs its storage (`extern const unsigned N;` read by a
 * function before `extern const unsigned N = 64;`). */
static void module_var_object(lw_mod *M, k_decl *d, int named_before)
{
    if (d->var_def && d->var_def != d) {   /* an extern declaration: its definition's object */
        k_decl *def = d->var_def;
        while (def->var_def && def->var_def != def)
            def = def->var_def;
        if (!lw_sym_of(def))
            module_var_object(M, def, 1);
        d->sema_ext = def->sema_ext;
        return;
    }
    if (lw_sym_of(d))
        return;   /* a definition laid out for its declaration */
    if (d->storage & ST_SHARED) {
        if ((d->storage & ST_EXTERN) && d->type->kind == TY_ARRAY && d->type->length < 0) {
            new_sym(M, d, SYM_DYNSHARED);
            record_shared(M, d, UINT32_MAX); /* at shared_static, known at the end */
            return;
        }
        uint32_t a = d->align > 16 ? (uint32_t)d->align : 16;
        uint32_t off = (M->shared_top + a - 1) & ~(a - 1);
        new_sym(M, d, SYM_SHARED)->off = off;
        record_shared(M, d, off);
        M->shared_top = off + (uint32_t)(k_ty_size(d->type) > 0 ? k_ty_size(d->type) : 0);
        return;
    }
    if (d->is_global_scope && is_folded_const(d) && !named_before)
        return;
    int g = add_global(M, d->name, (d->storage & ST_CONSTANT) ? SPACE_CONST : SPACE_GLOBAL,
                       d->type, d->loc.line);
    if (M->oom)
        return;
    new_sym(M, d, SYM_GLOBAL)->index = g;
    uint32_t dt = lw_dtype(M, d->type);
    M->m->globals[g].dtype = dt;
    if (d->align > 0 && (uint32_t)d->align > M->m->globals[g].align)
        M->m->globals[g].align = (uint32_t)d->align;
    lw_global_init(M, (uint32_t)g, d);
    lw_exit_collect(M, d);
}

static void collect_stmt(lw_mod *M, k_stmt *s)
{
    if (!s)
        return;
    if (s->kind == S_DECL) {
        for (int i = 0; i < s->ndecls; i++)
            if (s->decls[i]->storage & (ST_SHARED | ST_STATIC))
                module_var(M, s->decls[i]);
        return;
    }
    collect_stmt(M, s->init);
    collect_stmt(M, s->body);
    collect_stmt(M, s->else_body);
    for (int i = 0; i < s->nstmts; i++)
        collect_stmt(M, s->stmts[i]);
}

/* ---- statements ---- */
static void stmt(lw_func *F, k_stmt *s);

static void push_loop(lw_func *F, int brk, int cont)
{
    if (F->nloops == F->loops_cap) {
        int cap = F->loops_cap ? F->loops_cap * 2 : 8;
        lw_loop *nl = simt_realloc(tal(F->M), F->loops, sizeof *nl * (size_t)cap);
        if (!nl) {
            F->M->oom = 1;
            return;
        }
        F->loops = nl;
        F->loops_cap = cap;
    }
    F->loops[F->nloops++] = (lw_loop){brk, cont, F->ndtors};
}

/* Stores zeros over [from, to) of the object at R[addr], which is only
 * known to be aligned to align bytes: no store may be wider than that. */
static void zero_fill(lw_func *F, int addr, uint32_t from, uint32_t to, int zero, int align)
{
    while (from < to) {
        uint32_t left = to - from;
        int op = OP_ST8, n = 1;
        if (left >= 8 && from % 8 == 0 && align >= 8)
            op = OP_ST64, n = 8;
        else if (left >= 4 && from % 4 == 0 && align >= 4)
            op = OP_ST32, n = 4;
        else if (left >= 2 && from % 2 == 0 && align >= 2)
            op = OP_ST16, n = 2;
        lw_emit(F, op, zero, addr, 0, (int32_t)from, 0);
        from += (uint32_t)n;
    }
}

static void memset_call(lw_func *F, int addr, uint64_t size)
{
    int b = F->top;
    lw_reserve(F, b + 3);
    lw_emit(F, OP_MOV, b, addr, 0, 0, 0);
    lw_emit_k(F, b + 1, 0);
    lw_emit_k(F, b + 2, size);
    simt_sig sig;
    memset(&sig, 0, sizeof sig);
    sig.ret = VT_PTR;
    sig.nargs = sig.nfixed = 3;
    sig.args[0] = VT_PTR;
    sig.args[1] = VT_I32;
    sig.args[2] = VT_U64;
    lw_emit(F, OP_HCALL, b, b, 3, BI_MEMSET, lw_sig(F->M, &sig));
    F->top = b;
}

/* The object of type t at R[addr] from the flattened items of init (sema's
 * k_init), zero where they leave gaps. */
void lw_init_object(lw_func *F, k_type *t, k_expr *init, int addr)
{
    k_init *in = init->sema_ext;
    uint32_t size = (uint32_t)k_ty_size(t), covered = 0, gaps = 0;
    int bits = 0;   /* a bit-field's unit is zeroed before its bits are stored */
    for (int k = 0; k < in->n; k++) {
        bits |= in->items[k].bit_width != 0;
        if (in->items[k].offset > covered)
            gaps += in->items[k].offset - covered;
        covered = in->items[k].offset + (uint32_t)k_ty_size(in->items[k].type);
    }
    gaps += size > covered ? size - covered : 0;
    int top = F->top;
    int zero = -1;
    int big = gaps > 128;
    if (big)
        memset_call(F, addr, size);
    else if (gaps || bits) {
        zero = lw_reg(F);
        lw_emit_k(F, zero, 0);
    }
    covered = 0;
    for (int k = 0; k < in->n; k++) {
        k_init_item *it = &in->items[k];
        if (!big && it->offset > covered)
            zero_fill(F, addr, covered, it->offset, zero, k_ty_align(t));
        uint32_t end = it->offset + (uint32_t)k_ty_size(it->type);
        if (!big && it->bit_width && end > covered)  /* the unit's other bits are 0 */
            zero_fill(F, addr, it->offset > covered ? it->offset : covered, end, zero,
                      k_ty_align(t));
        int v = lw_reg(F);
        lw_expr_conv_to(F, it->expr, it->type, v);
        lw_lv lv = {LV_MEM, addr, (int32_t)it->offset, it->type, it->bit_off, it->bit_width,
                     k_ty_align(t) < k_ty_align(it->type) ||
                         it->offset % (uint32_t)k_ty_align(it->type) != 0};
        lw_store(F, &lv, v);
        F->top = v;
        if (end > covered)
            covered = end;
    }
    if (!big && size > covered)
        zero_fill(F, addr, covered, size, zero, k_ty_align(t));
    F->top = top;
    lw_dim3_unwritten(F, t, in, addr);
}

void lw_init_dim3(lw_func *F, k_decl *d, int addr)
{
    k_type *u = k_ty(F->M->ctx, TY_UINT);
    for (int k = 0; k < 3; k++) {
        int v = lw_reg(F);
        if (k_has_ctor(d) && k < d->nctor)
            lw_expr_conv_to(F, d->ctor_args[k], u, v);
        else
            lw_emit_k(F, v, 1);
        lw_emit(F, OP_ST32, v, addr, 0, 4 * k, 0);
        F->top = v;
    }
}

/* Variable d at R[addr] := its initializer (no constructor): a brace list,
 * dim3's three words, or one value. */
void lw_init_value(lw_func *F, k_decl *d, int addr)
{
    if (d->type->kind == TY_ARRAY) {
        if (d->init->sema_ext)
            lw_init_object(F, d->type, d->init, addr);
    } else if (k_ty_is_record(d->type) && (!d->init || k_has_ctor(d))) {
        lw_init_dim3(F, d, addr);
    } else if (d->init && d->init->kind == E_INIT_LIST && d->init->sema_ext) {
        lw_init_object(F, d->type, d->init, addr);
    } else {
        int v = lw_reg(F);
        lw_expr_conv_to(F, d->init, d->type, v);
        lw_lv lv = {LV_MEM, addr, 0, d->type, 0, 0, 0};
        lw_store(F, &lv, v);
        if (d->type->kind == TY_RECORD)
            lw_copy_vptr(F, d->type->rec, addr);
    }
}

static void memory_var(lw_func *F, k_decl *d)
{
    lw_sym *s = new_sym(F->M, d, SYM_LOCAL);
    int align = k_ty_align(d->type);
    s->off = lw_local(F, k_ty_size(d->type), d->align > align ? d->align : align);
    if (k_decl_constructed(d)) {
        int top = F->top, addr = lw_reg(F);
        lw_emit(F, OP_LADDR, addr, 0, 0, (int32_t)s->off, 0);
        if (d->value_init) {   /* `A a{};` (lang/implicit_members.c): zeroed first */
            uint32_t size = (uint32_t)k_ty_size(d->type);
            int zero = lw_reg(F);
            lw_emit_k(F, zero, 0);
            if (size > 64)
                memset_call(F, addr, size);
            else
                zero_fill(F, addr, 0, size, zero, k_ty_align(d->type));
        }
        lw_dim3_members(F, d->type, addr);   /* built before the constructor's body */
        lw_construct_var(F, d, addr);
        F->top = top;
        debug_var(F, d, VAR_LOCAL, s->off);
        if (d->dtor)
            lw_dtor_push(F, d);
        return;
    }
    if (!d->init && !(d->type->kind == TY_DIM3 || d->type->kind == TY_UINT3)) {
        int top = F->top, addr = lw_reg(F);
        uint32_t first;
        if (lw_dim3_offsets(d->type, 0, &first, 0, 1)) {   /* `S s;` with a dim3 member */
            lw_emit(F, OP_LADDR, addr, 0, 0, (int32_t)s->off, 0);
            lw_dim3_members(F, d->type, addr);
        }
        F->top = top;
        debug_var(F, d, VAR_LOCAL, s->off);
        if (d->dtor)
            lw_dtor_push(F, d);
        return;
    }
    int top = F->top;
    int addr = lw_reg(F);
    lw_emit(F, OP_LADDR, addr, 0, 0, (int32_t)s->off, 0);
    lw_init_value(F, d, addr);
    F->top = top;
    debug_var(F, d, VAR_LOCAL, s->off);
    if (d->dtor || d->vla)   /* a VLA's storage is freed: lang/vla.c */
        lw_dtor_push(F, d);
}

static void local_var(lw_func *F, k_decl *d)
{
    F->loc = d->loc;
    if (d->kind == D_RECORD)
        return;
    if ((d->storage & ST_STATIC) && !(d->storage & ST_SHARED))
        lw_static_local(F, d);   /* built here the first time (lower_exit.c) */
    if (d->storage & (ST_SHARED | ST_STATIC))
        return;    /* laid out with the module */
    if (d->storage & ST_EXTERN) {   /* the file-scope variable it names (sema linked it) */
        if (d->var_def)
            module_var_object(F->M, d, 0);
        return;
    }
    if (d->address_taken || d->type->kind == TY_ARRAY || k_ty_is_record(d->type) ||
        (d->type->quals & Q_VOLATILE)) {
        memory_var(F, d);
        return;
    }
    lw_sym *s = new_sym(F->M, d, SYM_REG);
    s->reg = lw_reg(F);
    if (d->init)
        lw_expr_conv_to(F, d->init, d->type, s->reg);
    debug_var(F, d, VAR_REG, (uint32_t)s->reg);
}

/* One declarator, a full-expression: its initializer's temporaries die
 * after it, save the one a local reference binds (lang/lower_temps.c). */
static void declarator(lw_func *F, k_decl *d)
{
    int mark = F->ntemps;
    if (d->kind == D_VAR && d->type && d->type->kind == TY_REF && d->init &&
        !(d->storage & (ST_STATIC | ST_EXTERN))) {
        const k_expr *bound = d->init;   /* `const int &v = S(1).v;` extends S(1) */
        while (bound->kind == E_MEMBER && bound->lhs)
            bound = bound->lhs;
        F->extend = bound;
    }
    local_var(F, d);
    F->extend = NULL;
    lw_temps_end(F, mark);
}

static void if_stmt(lw_func *F, k_stmt *s)
{
    if (!F->M->ctx->no_opt && !lw_temps_in(s->expr) && lw_if_convert(F, s))
        return;
    int then = lw_new_block(F);
    int other = s->else_body ? lw_new_block(F) : -1;
    int join = lw_new_block(F);
    if (other < 0)
        other = join;
    stmt(F, s->init);   /* `if (T x = e)`: x stays in scope until the if ends */
    if (!F->M->ctx->no_opt && lw_if_predicable(s)) {
        /* one branch around short sides, flagged: nvcc predicates them */
        int top = F->top;
        F->loc = s->expr->loc;
        int c = lw_if_condition(F, s->expr);
        F->top = top;
        lw_branch(F, c, then, other);
        F->blocks[F->cur].predicated = 1;
    } else {
        lw_full_cond(F, s->expr, then, other);
    }
    /* a branch a constant condition never takes (a template's `if (N >= 8)`)
     * is dead: check_local_index does not look at it */
    int konst = s->expr && s->expr->is_const, taken = konst && s->expr->const_val != 0;
    F->guarded++;
    lw_start(F, then);
    F->dead += konst && !taken;
    stmt(F, s->body);
    F->dead -= konst && !taken;
    lw_goto(F, join);
    if (s->else_body) {
        lw_start(F, other);
        F->dead += taken;
        stmt(F, s->else_body);
        F->dead -= taken;
        lw_goto(F, join);
    }
    F->guarded--;
    lw_start(F, join);
}

/* while and for: header (condition), body, one latch (step; YIELD; back). */
static void loop_stmt(lw_func *F, k_stmt *s)
{
    int top = F->top;
    if (s->kind == S_FOR && lw_unrolled_loop(F, s)) {
        F->top = top;
        return;
    }
    if (s->kind == S_FOR && s->init)
        stmt(F, s->init);
    int header = lw_new_block(F), body = lw_new_block(F);
    int latch = lw_new_block(F), exit = lw_new_block(F);
    uint32_t polls = F->polls, calls = F->M->ncalls;
    F->blocks[body].loop_body = 1;
    lw_goto(F, header);
    lw_start(F, header);
    F->loc = s->loc;
    if (s->expr)
        lw_full_cond(F, s->expr, body, exit);
    else
        lw_goto(F, body);
    lw_start(F, body);
    push_loop(F, exit, latch);
    stmt(F, s->body);
    F->nloops--;
    lw_goto(F, latch);
    lw_start(F, latch);
    if (s->step)
        lw_full_effect(F, s->step);
    F->loc = s->loc;
    lw_emit(F, OP_YIELD, 0, 0, 0, 0, 0);
    lw_block *latch_block = &F->blocks[F->cur];
    if (latch_block->n && latch_block->code[latch_block->n - 1].op == OP_YIELD)
        lw_mark_yield(F, &latch_block->code[latch_block->n - 1], polls, calls);
    lw_goto(F, header);
    lw_start(F, exit);
    F->top = top;
}

void lw_stmt(lw_func *F, k_stmt *s)
{
    stmt(F, s);
}

void lw_push_loop(lw_func *F, int brk, int cont)
{
    push_loop(F, brk, cont);
}

void lw_pop_loop(lw_func *F)
{
    F->nloops--;
}

static void do_stmt(lw_func *F, k_stmt *s)
{
    int body = lw_new_block(F), cond = lw_new_block(F), exit = lw_new_block(F);
    uint32_t polls = F->polls, calls = F->M->ncalls;
    lw_goto(F, body);
    lw_start(F, body);
    push_loop(F, exit, cond);
    stmt(F, s->body);
    F->nloops--;
    lw_goto(F, cond);
    lw_start(F, cond);
    F->loc = s->expr->loc;
    int yield_block = F->cur, yield_at = F->blocks[F->cur].n;
    lw_emit(F, OP_YIELD, 0, 0, 0, 0, 0);
    lw_full_cond(F, s->expr, body, exit);
    /* the condition, lowered after the back edge, is part of the loop */
    lw_block *yb = &F->blocks[yield_block];
    if (yield_at < yb->n && yb->code[yield_at].op == OP_YIELD)
        lw_mark_yield(F, &yb->code[yield_at], polls, calls);
    lw_start(F, exit);
}

/* switch: a chain of compares, then the body with its labels as blocks. */
static void switch_stmt(lw_func *F, k_stmt *s)
{
    k_switch_info *sw = s->sema_ext;
    int top = F->top;
    int exit = lw_new_block(F), mark = F->ntemps;
    int v = lw_expr_conv_any(F, s->expr, sw->type);
    lw_temps_end(F, mark);
    int t = lw_reg(F);
    int w64 = k_kind_bits(sw->type->kind) == 64;
    for (int i = 0; i < sw->ncases; i++) {
        k_stmt *c = sw->cases[i];
        int target = lw_new_block(F), next = lw_new_block(F);
        c->sema_ext = (void *)(intptr_t)(target + 1);
        F->loc = c->loc;
        uint64_t cv = c->expr->const_val;
        lw_emit_k(F, t, w64 ? cv : (cv & 0xffffffffu));
        lw_emit(F, w64 ? OP_EQ_I64 : OP_EQ_I32, t, v, t, 0, 0);
        lw_branch(F, t, target, next);
        lw_start(F, next);
    }
    int dflt = exit;
    if (sw->deflt) {
        dflt = lw_new_block(F);
        sw->deflt->sema_ext = (void *)(intptr_t)(dflt + 1);
    }
    lw_goto(F, dflt);
    F->top = top;
    lw_start(F, lw_new_block(F));   /* code before the first label is unreachable */
    push_loop(F, exit, -1);
    stmt(F, s->body);
    F->nloops--;
    lw_goto(F, exit);
    lw_start(F, exit);
}

/* The value is made (in the caller's slot for a class), the expression's
 * temporaries destroyed, then the function's objects. */
static void return_stmt(lw_func *F, k_stmt *s)
{
    int mark = F->ntemps;
    if (s->expr && F->ret_hidden >= 0) {   /* a record: into the caller's slot */
        int top = F->top;
        int v = lw_expr_any(F, s->expr);
        lw_lv lv = {LV_MEM, F->ret_hidden, 0, F->decl->type->base, 0, 0, 0};
        lw_store(F, &lv, v);
        lw_emit(F, OP_MOV, F->ret_reg, F->ret_hidden, 0, 0, 0);
        F->top = top;
    } else if (s->expr) {
        if (F->ret_reg >= 0)
            lw_expr_conv_to(F, s->expr, F->decl->type->base, F->ret_reg);
        else
            lw_effect(F, s->expr);
    }
    lw_temps_end(F, mark);
    F->loc = s->loc;
    lw_dtor_run(F, 0);
    jump_away(F, F->exit_block);
}

static void stmt(lw_func *F, k_stmt *s)
{
    if (!s)
        return;
    F->loc = s->loc;
    int top = F->top, ndvars = F->ndvars, ndtors = F->ndtors;
    switch (s->kind) {
    case S_EMPTY:
        break;
    case S_EXPR:
        lw_full_effect(F, s->expr);
        break;
    case S_DECL:
        for (int i = 0; i < s->ndecls; i++)
            declarator(F, s->decls[i]);
        return;   /* the variables stay in scope */
    case S_BLOCK: {
        const char *eh = F->eh_label;
        if (k_eh_is_try_body(s))   /* where its calls' exceptions go (lower_eh.c) */
            F->eh_label = s->label;
        for (int i = 0; i < s->nstmts; i++)
            stmt(F, s->stmts[i]);
        F->eh_label = eh;
        break;
    }
    case S_IF: if_stmt(F, s); break;
    case S_WHILE: case S_FOR: loop_stmt(F, s); break;
    case S_DO: do_stmt(F, s); break;
    case S_SWITCH: switch_stmt(F, s); break;
    case S_CASE: case S_DEFAULT: {
        int target = (int)(intptr_t)s->sema_ext - 1;
        if (target >= 0) {
            lw_goto(F, target);
            lw_start(F, target);
        }
        stmt(F, s->body);
        return;
    }
    case S_BREAK:
        if (F->nloops)
            lw_dtor_run(F, F->loops[F->nloops - 1].ndtors);
        if (F->nloops)
            jump_away(F, F->loops[F->nloops - 1].brk);
        break;
    case S_CONTINUE:
        for (int i = F->nloops - 1; i >= 0; i--)
            if (F->loops[i].cont >= 0) {
                lw_dtor_run(F, F->loops[i].ndtors);
                jump_away(F, F->loops[i].cont);
                break;
            }
        break;
    case S_RETURN:
        return_stmt(F, s);
        break;
    case S_GOTO:
        lw_goto_label(F, s->label);
        break;
    case S_LABEL:
        lw_place_label(F, s->label);
        stmt(F, s->body);
        break;
    case S_NOCODE:
        break;
    }
    if (s->kind != S_DECL) {   /* a declaration's objects live until its block ends */
        lw_dtor_run(F, ndtors);
        F->ndtors = ndtors;
    }
    F->top = top;
    close_scope(F, ndvars);
}

/* ---- functions ---- */
/* A kernel parameter that lives in module variable g (lw_param_global): a
 * const one is read there, shared by every thread as CUDA's parameter space
 * is; one the kernel may change is copied into each thread's frame. */
static void param_from_global(lw_func *F, k_decl *p, int g)
{
    if (p->type->quals & Q_CONST) {
        new_sym(F->M, p, SYM_GLOBAL)->index = g;
        return;
    }
    lw_sym *s = new_sym(F->M, p, SYM_LOCAL);
    s->off = lw_local(F, k_ty_size(p->type), k_ty_align(p->type));
    int a = lw_reg(F), from = lw_reg(F);
    lw_emit(F, OP_LADDR, a, 0, 0, (int32_t)s->off, 0);
    lw_emit(F, OP_GADDR, from, 0, 0, g, 0);
    lw_lv lv = {LV_MEM, a, 0, p->type, 0, 0, 0};
    lw_store(F, &lv, from);
    F->top = a;
    debug_var(F, p, VAR_LOCAL, s->off);
}

static void prologue(lw_func *F)
{
    k_decl *fn = F->decl;
    simt_sig sig;
    int nslots = lw_fill_params(fn, &sig, NULL);
    F->top = F->maxreg = SIMT_FRAME_LINK + nslots;
    F->ret_hidden = lw_returns_record(fn) ? SIMT_FRAME_LINK + nslots - 1 : -1;
    for (int i = 0, reg = SIMT_FRAME_LINK; i < fn->nparams; i++) {
        k_decl *p = fn->params[i];
        int word, words = lw_param_words(fn, p->type, &word);
        reg += words;
        if (lw_param_in_global(fn, p->type)) {
            param_from_global(F, p, lw_param_global(F->M, fn, i));
        } else if (p->address_taken || (p->type->quals & Q_VOLATILE)) {
            lw_sym *s = new_sym(F->M, p, SYM_LOCAL);
            s->off = lw_local(F, k_ty_size(p->type), k_ty_align(p->type));
            int a = lw_reg(F);
            lw_emit(F, OP_LADDR, a, 0, 0, (int32_t)s->off, 0);
            lw_lv lv = {LV_MEM, a, 0, p->type, 0, 0, 0};
            if (word)
                lw_words_to_record(F, reg - words, p->type, word, a);
            else
                lw_store(F, &lv, reg - words);
            F->top = a;
            debug_var(F, p, VAR_LOCAL, s->off);
        } else {
            new_sym(F->M, p, SYM_REG)->reg = reg - 1;
            debug_var(F, p, VAR_REG, (uint32_t)(reg - 1));
        }
    }
    for (int k = 0; k < F->ndvars; k++)
        F->dvars[k].begin = 0;   /* parameters are visible from the entry on */
    F->ret_reg = fn->type->base->kind == TY_VOID ? -1 : lw_reg(F);
}

static void epilogue(lw_func *F)
{
    k_decl *fn = F->decl;
    F->loc = fn->body->loc;
    if (F->ret_reg < 0) {
        lw_goto(F, F->exit_block);
    } else if (strcmp(fn->name, "main") == 0) {
        lw_emit_k(F, F->ret_reg, 0);
        lw_goto(F, F->exit_block);
    } else {
        char msg[200];
        snprintf(msg, sizeof msg, "function '%s' reached its end without returning a value",
                 fn->name);
        lw_emit(F, OP_TRAP, 0, 0, 0, lw_trap_string(F->M, msg), 0);
        terminate(F, T_END, -1, -1, 0);
    }
    lw_start(F, F->exit_block);
    F->loc = fn->loc;
    if (F->index == (int)F->M->m->main_func && !(k_fn_kind(fn) & (FN_DEVICE | FN_KERNEL)))
        lw_exit_destroy(F);   /* main returns: objects of static storage (lower_exit.c) */
    if (F->ret_reg >= 0)
        lw_emit(F, OP_RET, F->ret_reg, 0, 0, 0, 0);
    else
        lw_emit(F, OP_RETV, 0, 0, 0, 0, 0);
    terminate(F, T_END, -1, -1, 0);
}

static int term_size(const lw_block *b, int next)
{
    if (b->term == T_GOTO)
        return b->succ[0] != next;
    if (b->term == T_BR)
        return (b->succ[1] == next || b->succ[0] == next) ? 1 : 2;
    return 0;
}

/* A loop latch that ends in YIELD and jumps back becomes one YIELDJ (one
 * dispatch less per loop iteration). */
static int fuses_back_edge(const lw_block *b, int next)
{
    return b->n > 0 && b->code[b->n - 1].op == OP_YIELD && b->term == T_GOTO &&
           b->succ[0] != next;
}

static void put(lw_mod *M, simt_insn in, simt_srcpos pos)
{
    simt_module *m = M->m;
    if (!lw_grow(M, (void **)&m->code, &M->code_cap, m->ncode + 1, sizeof *m->code))
        return;
    if (!lw_grow(M, (void **)&m->pos, &M->pos_cap, m->ncode + 1, sizeof *m->pos))
        return;
    m->code[m->ncode] = in;
    m->pos[m->ncode++] = pos;
}

static void emit_terminator(lw_func *F, const lw_block *b, int next)
{
    simt_srcpos pos = {b->term_loc.line, b->term_loc.col};
    lw_block *bl = F->blocks;
    if (b->term == T_GOTO) {
        if (b->succ[0] != next)
            put(F->M, (simt_insn){OP_JMP, 0, 0, 0, bl[b->succ[0]].pc, 0}, pos);
        return;
    }
    if (b->term != T_BR)
        return;
    int32_t j = b->ipdom >= 0 ? bl[b->ipdom].pc : -1;
    uint16_t r = (uint16_t)b->br_reg;
    if (b->br_cmp) { /* compare and branch in one (lang/opt.c) */
        uint16_t op = (uint16_t)b->br_cmp;
        int fall = b->succ[0] == next;
        put(F->M, (simt_insn){fall ? OP_BRCF : OP_BRCT, op, b->br_b, b->br_c,
                              bl[b->succ[fall ? 1 : 0]].pc, j}, pos);
        if (!fall && b->succ[1] != next)
            put(F->M, (simt_insn){OP_JMP, 0, 0, 0, bl[b->succ[1]].pc, 0}, pos);
        return;
    }
    /* a predicated branch needs its reconvergence point */
    uint16_t pred = b->predicated && j >= 0 ? SIMT_BR_PREDICATED : 0;
    if (b->succ[1] == next) {
        put(F->M, (simt_insn){OP_BRNZ, r, pred, 0, bl[b->succ[0]].pc, j}, pos);
    } else if (b->succ[0] == next) {
        put(F->M, (simt_insn){OP_BRZ, r, pred, 0, bl[b->succ[1]].pc, j}, pos);
    } else {
        put(F->M, (simt_insn){OP_BRNZ, r, pred, 0, bl[b->succ[0]].pc, j}, pos);
        put(F->M, (simt_insn){OP_JMP, 0, 0, 0, bl[b->succ[1]].pc, 0}, pos);
    }
}

/* Where a jump to block b really goes: past empty blocks that only jump on. */
static int thread_target(const lw_func *F, int b)
{
    for (int hops = 0; hops < F->nblocks; hops++) {
        const lw_block *bl = &F->blocks[b];
        if (bl->n || bl->term != T_GOTO || b == F->exit_block || bl->succ[0] == b)
            return b;
        b = bl->succ[0];
    }
    return b;
}

static void thread_jumps(lw_func *F)
{
    for (int i = 0; i < F->nblocks; i++) {
        lw_block *b = &F->blocks[i];
        if (b->term == T_GOTO || b->term == T_BR)
            b->succ[0] = thread_target(F, b->succ[0]);
        if (b->term == T_BR)
            b->succ[1] = thread_target(F, b->succ[1]);
    }
}

/* The reachable blocks but the exit in an order that lets control fall
 * through: from each block not yet placed (creation order: the entry comes
 * first), a chain that follows the block's jump, or its branch's true side
 * (else the false side), while that block is not placed yet -- except where
 * the true side is a loop's body: there the exit comes first, because the
 * body's latch jumps back to the header anyway (YIELDJ) and the exit placed
 * later would need a JMP of its own.  An if's then side (a guard such as
 * `if (i < n)` usually holds) then falls into its join; with the false side
 * first, as before, every then side jumped back (reduce.k: 3% more
 * instructions).  Returns how many. */
static int order_blocks(lw_func *F, int *order, uint8_t *placed)
{
    const lw_block *bl = F->blocks;
    int n = 0;
    for (int i = 0; i < F->nblocks; i++) {
        int b = i;
        while (b >= 0 && bl[b].reachable && !placed[b] && b != F->exit_block) {
            placed[b] = 1;
            order[n++] = b;
            const lw_block *x = &bl[b];
            if (x->term == T_GOTO)
                b = x->succ[0];
            else if (x->term == T_BR) {
                int first = bl[x->succ[0]].loop_body ? 1 : 0;
                b = placed[x->succ[first]] ? x->succ[!first] : x->succ[first];
            }
            else
                b = -1;
        }
    }
    return n;
}

/* Orders the reachable blocks (entry first, exit last), marks reconvergence
 * points, assigns pcs and appends the code to the module. */
static void layout(lw_func *F, simt_func *fn)
{
    thread_jumps(F);
    lw_postdominators(F);
    if (F->M->oom)
        return;
    if (!F->M->ctx->no_opt)
        lw_optimize(F);
    thread_jumps(F);     /* blocks the pass emptied are passed through too */
    lw_postdominators(F);
    if (F->M->oom)
        return;
    lw_block *bl = F->blocks;
    int *order = simt_malloc(tal(F->M), sizeof *order * (size_t)(F->nblocks + 1));
    uint8_t *placed = simt_calloc(tal(F->M), (size_t)F->nblocks + 1, 1);
    if (!order || !placed) {
        simt_free(tal(F->M), order);
        simt_free(tal(F->M), placed);
        F->M->oom = 1;
        return;
    }
    for (int i = 0; i < F->nblocks; i++)
        if (bl[i].reachable && bl[i].term == T_BR && bl[i].ipdom >= 0)
            bl[bl[i].ipdom].needs_join = 1;
    int n = order_blocks(F, order, placed);
    simt_free(tal(F->M), placed);
    if (bl[F->exit_block].reachable) {
        order[n++] = F->exit_block;
        bl[F->exit_block].needs_join = 1;
    }
    uint32_t pc = F->M->m->ncode;
    for (int k = 0; k < n; k++) {
        lw_block *b = &bl[order[k]];
        int next = k + 1 < n ? order[k + 1] : -1;
        b->pc = (int)pc;
        pc += (uint32_t)(b->needs_join + b->n + term_size(b, next) - fuses_back_edge(b, next));
    }
    fn->entry = F->M->m->ncode;
    /* the emission order of each pc, for the scopes of the debug table */
    uint32_t *seq = simt_malloc(tal(F->M), sizeof *seq * (size_t)(pc - fn->entry + 1));
    for (int k = 0; k < n; k++) {
        lw_block *b = &bl[order[k]];
        simt_srcpos first = b->n ? b->pos[0] : (simt_srcpos){b->term_loc.line, b->term_loc.col};
        uint32_t at = F->M->m->ncode - fn->entry;
        if (b->needs_join)
            put(F->M, (simt_insn){OP_JOIN, 0, 0, 0, 0, 0}, first);
        int next = k + 1 < n ? order[k + 1] : -1, fuse = fuses_back_edge(b, next);
        for (int i = 0; i < b->n - fuse; i++)
            put(F->M, b->code[i], b->pos[i]);
        if (fuse)
            put(F->M, (simt_insn){OP_YIELDJ, 0, b->code[b->n - 1].b, b->code[b->n - 1].c,
                                  bl[b->succ[0]].pc, b->code[b->n - 1].j},
                b->pos[b->n - 1]);
        else
            emit_terminator(F, b, next);
        for (uint32_t p = at; seq && p < F->M->m->ncode - fn->entry; p++) {
            int i = (int)(p - at) - b->needs_join;
            seq[p] = i < 0 ? (b->n ? b->seq[0] : b->term_seq) : i < b->n ? b->seq[i] : b->term_seq;
        }
    }
    fn->end = F->M->m->ncode;
    if (seq && !F->M->oom && fn->end - fn->entry == pc - fn->entry)
        debug_ranges(F, fn, seq);
    else if (!seq)
        F->M->oom = 1;
    simt_free(tal(F->M), seq);
    simt_free(tal(F->M), order);
}

static void lower_function(lw_mod *M, k_decl *d, int index)
{
    lw_func F = {0};
    F.M = M;
    F.decl = d;
    F.index = index;
    F.loc = d->loc;
    F.cur = lw_new_block(&F);
    F.exit_block = lw_new_block(&F);
    prologue(&F);
    for (int i = 0; i < d->nparams; i++)
        if (d->params[i]->dtor)   /* a by-value object: destroyed when the call ends */
            lw_dtor_push(&F, d->params[i]);
    if (index == (int)M->m->main_func && !(k_fn_kind(d) & (FN_DEVICE | FN_KERNEL)))
        lw_dynamic_inits(&F);
    k_stmt *body = d->body;
    if (body->kind == S_BLOCK)
        for (int i = 0; i < body->nstmts; i++)
            stmt(&F, body->stmts[i]);
    else
        stmt(&F, body);
    lw_dtor_run(&F, 0);
    epilogue(&F);
    close_scope(&F, 0);
    simt_func *fn = &M->m->funcs[index];
    if (F.volatile_mem && (fn->kind & (FN_DEVICE | FN_KERNEL)))
        fn->kind |= FN_VOLATILE;
    int lowered = F.maxreg;   /* loop-invariant code motion may add registers */
    if (!M->oom)
        layout(&F, fn);
    fn->nregs = (uint32_t)F.maxreg;
    fn->nregs_model = (uint32_t)lowered;
    fn->local_size = (F.local_size + 15) & ~15u;
    if (F.too_many_regs || F.maxreg >= 65536)
        k_error(M->ctx, d->loc, "function too large: '%s' needs more than 65535 registers",
                d->name);
    for (int i = 0; i < F.nblocks; i++) {
        simt_free(tal(M), F.blocks[i].code);
        simt_free(tal(M), F.blocks[i].pos);
        simt_free(tal(M), F.blocks[i].seq);
    }
    simt_free(tal(M), F.blocks);
    simt_free(tal(M), F.loops);
    simt_free(tal(M), F.dvars);
}

static void declare_function(lw_mod *M, k_decl *d)
{
    simt_module *m = M->m;
    if (!lw_grow(M, (void **)&m->funcs, &M->func_cap, m->nfuncs + 1, sizeof *m->funcs))
        return;
    int index = (int)m->nfuncs++; /* counted first, as in lw_import_index */
    simt_func *fn = &m->funcs[index];
    fn->name = dup_str(M, d->name);
    simt_sig sig;
    fill_sig(&sig, d);
    fn->sig = (uint32_t)lw_sig(M, &sig);
    fn->kind = (uint8_t)k_fn_kind(d);
    fn->line = d->loc.line;
    fn->param_names = simt_calloc(mal(M), (size_t)sig.nargs + 1, sizeof *fn->param_names);
    if (!fn->param_names)
        M->oom = 1;
    const char *names[256];
    lw_fill_params(d, &sig, names);
    lw_check_params(M, d);
    for (int i = 0; fn->param_names && i < sig.nargs; i++)
        fn->param_names[i] = dup_str(M, names[i] ? names[i] : "");
    new_sym(M, d, SYM_FUNC)->index = index;
    if (strcmp(d->name, "main") == 0)
        m->main_func = index;
}

/* recursive: the function can reach itself through calls */
static int reaches(lw_mod *M, int from, int target, unsigned char *seen)
{
    for (int k = 0; k < M->ncallees[from]; k++) {
        int c = M->callees[from][k];
        if (c == target)
            return 1;
        if (!seen[c]) {
            seen[c] = 1;
            if (reaches(M, c, target, seen))
                return 1;
        }
    }
    return 0;
}

static void mark_recursion(lw_mod *M)
{
    uint32_t n = M->m->nfuncs;
    unsigned char *seen = simt_malloc(tal(M), n + 1);
    if (!seen) {
        M->oom = 1;
        return;
    }
    for (uint32_t f = 0; f < n; f++) {
        memset(seen, 0, n + 1);
        M->m->funcs[f].recursive = (uint8_t)reaches(M, (int)f, (int)f, seen);
    }
    simt_free(tal(M), seen);
}

/* The functions a pointer may call: defined, with their address taken. */
static void collect_addr_funcs(lw_mod *M, k_unit *unit)
{
    M->addr_funcs = k_alloc(M->ctx, sizeof *M->addr_funcs * (size_t)(unit->ndecls + 1));
    for (int i = 0; i < unit->ndecls; i++) {
        k_decl *d = unit->decls[i];
        if (d->kind == D_FUNC && d->address_taken && d->definition)
            d->definition->address_taken = 1;
    }
    for (int i = 0; i < unit->ndecls; i++) {
        k_decl *d = unit->decls[i];
        if (d->kind == D_FUNC && d->body && d->address_taken &&
            !k_deferred_use(M->ctx, d, d->loc))   /* a member whose body failed: an error */
            M->addr_funcs[M->naddr_funcs++] = d;
    }
}

static void lower_unit(lw_mod *M, k_unit *unit)
{
    collect_addr_funcs(M, unit);
    for (int i = 0; i < unit->ndecls; i++)
        if (unit->decls[i]->kind == D_FUNC && unit->decls[i]->body &&
            !unit->decls[i]->deferred)   /* a member whose body failed, never used */
            declare_function(M, unit->decls[i]);
    M->callees = simt_calloc(tal(M), M->m->nfuncs + 1, sizeof *M->callees);
    M->ncallees = simt_calloc(tal(M), M->m->nfuncs + 1, sizeof *M->ncallees);
    if (!M->callees || !M->ncallees) {
        M->oom = 1;
        return;
    }
    for (int i = 0; i < unit->ndecls; i++) {
        k_decl *d = unit->decls[i];
        if (d->kind == D_VAR && d->builtin < 0)
            module_var(M, d);
        else if (d->kind == D_FUNC && d->body)
            collect_stmt(M, d->body);
    }
    lw_exit_registry(M);
    M->m->shared_static = (M->shared_top + 15) & ~15u;
    for (int i = 0; i < unit->ndecls && !M->oom; i++) {
        k_decl *d = unit->decls[i];
        if (d->kind == D_FUNC && d->body && !d->deferred)
            lower_function(M, d, lw_sym_of(d)->index);
    }
    mark_recursion(M);
    lw_mark_polls(M);
}

simt_module *k_lower(k_ctx *ctx, k_unit *unit)
{
    if (!unit || ctx->nerrors)
        return NULL;
    lw_mod M = {0};
    M.ctx = ctx;
    M.m = simt_module_new(&ctx->al);
    if (!M.m) {
        ctx->oom = 1;
        k_error(ctx, (k_loc){0, 0}, "out of memory");
        return NULL;
    }
    ctx->building = M.m; /* k_compile frees it if memory runs out */
    lower_unit(&M, unit);
    ctx->building = NULL;
    for (uint32_t f = 0; M.callees && f < M.m->nfuncs; f++)
        simt_free(&ctx->tal, M.callees[f]);
    simt_free(&ctx->tal, M.callees);
    simt_free(&ctx->tal, M.calls);
    simt_free(&ctx->tal, M.ncallees);
    simt_free(&ctx->tal, M.strs);
    simt_free(&ctx->tal, M.pglobals);
    simt_free(&ctx->tal, M.dyn_inits);
    simt_free(&ctx->tal, M.exit_objs);
    simt_free(&ctx->tal, M.guarded);
    simt_free(&ctx->tal, (void *)M.drec_keys);
    if (M.oom) {
        ctx->oom = 1;
        k_error(ctx, (k_loc){0, 0}, "out of memory while generating code");
    }
    if (ctx->nerrors) {
        simt_module_free(M.m);
        return NULL;
    }
    return M.m;
}
