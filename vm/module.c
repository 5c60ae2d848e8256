/* vm/module.c -- the opcode table, module life cycle and name tables.
 *
 * simt_opinfo_table is generated from vm/opcodes.def so the disassembler, the
 * verifier and the interpreter agree on every opcode's operands by
 * construction. */
#include <stdlib.h>
#include <string.h>

#include "vm/module.h"
#include "vm/render.h"

const simt_opinfo simt_opinfo_table[OP_COUNT] = {
#define OP(name, format, uses, sass, meaning) [OP_##name] = {#name, FMT_##format, (uses), sass, meaning},
#include "vm/opcodes.def"
#undef OP
};

typedef struct intrinsic_info {
    const char *name;
    int nargs;
} intrinsic_info;

static const intrinsic_info intrinsic_table[INTR_COUNT] = {
#define INTR(name, nargs, meaning) [INTR_##name] = {#name, nargs},
#include "vm/intrinsics.def"
#undef INTR
};

static const char *const vtype_names[VT_COUNT] = {
    [VT_VOID] = "void", [VT_BOOL] = "bool", [VT_I8] = "i8",   [VT_U8] = "u8",
    [VT_I16] = "i16",   [VT_U16] = "u16",   [VT_I32] = "i32", [VT_U32] = "u32",
    [VT_I64] = "i64",   [VT_U64] = "u64",   [VT_F32] = "f32", [VT_F64] = "f64",
    [VT_PTR] = "ptr",   [VT_STR] = "str",
};

static const unsigned char vtype_sizes[VT_COUNT] = {
    [VT_VOID] = 0, [VT_BOOL] = 1, [VT_I8] = 1,  [VT_U8] = 1,  [VT_I16] = 2,
    [VT_U16] = 2,  [VT_I32] = 4,  [VT_U32] = 4, [VT_I64] = 8, [VT_U64] = 8,
    [VT_F32] = 4,  [VT_F64] = 8,  [VT_PTR] = 8, [VT_STR] = 8,
};

simt_module *simt_module_new(const simt_allocator *al)
{
    simt_module *m = simt_calloc(al, 1, sizeof *m);
    if (m) {
        m->main_func = -1;
        if (al)
            m->al = *al;
    }
    return m;
}

/* Frees whatever has been built so far: the reader fills counts only after
 * the matching array is allocated and zeroed, so NULL members are normal. */
void simt_module_free(simt_module *m)
{
    if (!m)
        return;
    const simt_allocator al = m->al;
    for (uint32_t f = 0; m->funcs && f < m->nfuncs; f++) {
        simt_func *fn = &m->funcs[f];
        simt_free(&al, fn->name);
        /* param_names holds sigs[sig].nargs entries (the reader allocates it
         * only once sig is known to be valid). */
        if (fn->param_names) {
            uint32_t n = (m->sigs && fn->sig < m->nsigs) ? m->sigs[fn->sig].nargs : 0;
            for (uint32_t k = 0; k < n; k++)
                simt_free(&al, fn->param_names[k]);
            simt_free(&al, fn->param_names);
        }
    }
    simt_free(&al, m->funcs);
    for (uint32_t g = 0; m->globals && g < m->nglobals; g++) {
        simt_free(&al, m->globals[g].name);
        simt_free(&al, m->globals[g].init);
    }
    simt_free(&al, m->globals);
    simt_free(&al, m->relocs);
    for (uint32_t k = 0; m->shared_syms && k < m->nshared_syms; k++)
        simt_free(&al, m->shared_syms[k].name);
    simt_free(&al, m->shared_syms);
    for (uint32_t k = 0; m->vars && k < m->nvars; k++)
        simt_free(&al, m->vars[k].name);
    simt_free(&al, m->vars);
    for (uint32_t r = 0; m->records && r < m->nrecords; r++) {
        simt_record *rec = &m->records[r];
        for (uint32_t f = 0; rec->fields && f < rec->nfields; f++)
            simt_free(&al, rec->fields[f].name);
        simt_free(&al, rec->fields);
        simt_free(&al, rec->name);
    }
    simt_free(&al, m->records);
    simt_free(&al, m->dtypes);
    for (uint32_t k = 0; m->imports && k < m->nimports; k++)
        simt_free(&al, m->imports[k].name);
    simt_free(&al, m->imports);
    for (uint32_t s = 0; m->strings && s < m->nstrings; s++)
        simt_free(&al, m->strings[s]);
    simt_free(&al, m->strings);
    simt_free(&al, m->sigs);
    simt_free(&al, m->code);
    simt_free(&al, m->pos);
    simt_free(&al, m->source_name);
    simt_free(&al, m->source);
    simt_free(&al, m->origin);
    for (uint32_t k = 0; k < m->nincl; k++) {
        simt_free(&al, m->incl_names ? m->incl_names[k] : NULL);
        simt_free(&al, m->incl_texts ? m->incl_texts[k] : NULL);
    }
    simt_free(&al, m->incl_names);
    simt_free(&al, m->incl_texts);
    simt_free(&al, m);
}

void simt_module_span(const simt_module *m, int32_t pc, simt_rspan *sp, simt_rspan *include_at)
{
    *sp = (simt_rspan){ m->source_name ? m->source_name : "?", 0, 0, NULL, 0, 0 };
    if (include_at)
        *include_at = *sp;
    if (pc < 0 || (uint32_t)pc >= m->ncode)
        return;
    sp->line = m->pos[pc].line;
    sp->col = m->pos[pc].col;
    if (m->source)
        sp->text = simt_find_line(m->source, strlen(m->source), sp->line, &sp->len);
    const simt_srcorigin *o = m->origin ? &m->origin[pc] : NULL;
    if (!o || o->file == 0 || o->file > m->nincl)
        return;
    if (include_at)
        *include_at = *sp;
    const char *text = m->incl_texts[o->file - 1];
    *sp = (simt_rspan){ m->incl_names[o->file - 1], o->line, o->col, NULL, 0, 0 };
    if (text)
        sp->text = simt_find_line(text, strlen(text), o->line, &sp->len);
}

const char *simt_op_name(unsigned op)
{
    return op < OP_COUNT ? simt_opinfo_table[op].name : "?op";
}

const char *simt_vtype_name(unsigned vt)
{
    return vt < VT_COUNT ? vtype_names[vt] : "?type";
}

size_t simt_vtype_size(unsigned vt)
{
    return vt < VT_COUNT ? vtype_sizes[vt] : 0;
}

const char *simt_intrinsic_name(unsigned id)
{
    return id < INTR_COUNT ? intrinsic_table[id].name : "?intrinsic";
}

int simt_intrinsic_nargs(unsigned id)
{
    return id < INTR_COUNT ? intrinsic_table[id].nargs : -1;
}

unsigned simt_insn_sass(const simt_insn *in)
{
    if (in->op >= OP_COUNT)
        return 1;
    unsigned n = simt_opinfo_table[in->op].sass;
    if ((in->op == OP_BRCT || in->op == OP_BRCF) && in->a < OP_COUNT)
        n += simt_opinfo_table[in->a].sass; /* the ISETP(s) that make its predicate */
    /* an if-converted branch is no instruction: its compare sets the predicate */
    if ((in->op == OP_BRZ || in->op == OP_BRNZ) && in->b == SIMT_BR_PREDICATED)
        n = 0;
    /* an index offset in the load's or store's immediate */
    if (in->op == OP_ADDK_I32 && in->j == SIMT_ADDK_FOLDS)
        n = 0;
    /* S2R of the thread and block index, a constant-bank load of the
     * block size, an IMAD */
    if (in->op == OP_SREG && in->i >= SREG_GTID_X && in->i <= SREG_GTID_Z)
        n = 4;
    return n;
}

unsigned simt_code_sass(const simt_module *m, uint32_t pc)
{
    const simt_insn *in = &m->code[pc];
    /* a back edge to the loop's test: nvcc rotates the loop, whose
     * compare-and-branch at the bottom is the back edge itself */
    if (in->op == OP_YIELDJ && (uint32_t)in->i < m->ncode) {
        unsigned to = m->code[in->i].op;
        if (to == OP_BRCT || to == OP_BRCF || to == OP_BRZ || to == OP_BRNZ)
            return 0;
    }
    return simt_insn_sass(in);
}

unsigned simt_insn_reads(const simt_insn *in, unsigned regs[5])
{
    unsigned uses = in->op < OP_COUNT ? simt_opinfo_table[in->op].uses : 0, n = 0;
    if (uses & RA)
        regs[n++] = in->a;
    if (uses & RB)
        regs[n++] = in->b;
    if (uses & (RC | RC2 | RC3))
        regs[n++] = in->c;
    if (uses & (RC2 | RC3))
        regs[n++] = in->c + 1u;
    if (uses & RC3)
        regs[n++] = in->c + 2u;
    return n;
}
