/* vm/disasm.c -- human-readable listing of a module (`simtvm disasm`).
 *
 * Every operand is printed from the opcode's FORMAT column of vm/opcodes.def,
 * so a new opcode shows up here without edits; only opcodes whose immediates
 * are ids (intrinsics, builtins, globals, modes) get a symbolic decoration.
 * The listing tolerates unverified modules (the compiler dumps its output
 * before verification), so every index is range-checked before use. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "vm/module.h"
#include "vm/vm.h"

static const char *const builtin_names[BI_COUNT] = {
#define BI(id, name, where, sig) [BI_##id] = name,
#include "vm/builtins.def"
#undef BI
};

static const char *const sreg_names[SREG_COUNT] = {
    "tid.x", "tid.y", "tid.z", "ntid.x", "ntid.y", "ntid.z",
    "ctaid.x", "ctaid.y", "ctaid.z", "nctaid.x", "nctaid.y", "nctaid.z",
    "laneid", "warpsize", "clock", "clock64", "gtid.x", "gtid.y", "gtid.z", "ondevice",
};

static const char *const atom_op_names[] = {
    "add", "sub", "exch", "min", "max", "inc", "dec", "and", "or", "xor",
};
static const char *const atype_names[] = { "i32", "u32", "i64", "u64", "f32", "f64", "u16" };
static const char *const shfl_names[] = { "idx", "up", "down", "bfly" };
static const char *const vote_names[] = { "ballot", "any", "all" };
static const char *const redux_names[] = {
    "add", "min.s", "min.u", "max.s", "max.u", "and", "or", "xor",
};
static const char *const bar_names[] = { "sync", "count", "and", "or", "grid" };

#define NAME_OF(table, v) \
    ((v) >= 0 && (size_t)(v) < sizeof(table) / sizeof(table[0]) ? (table)[v] : "?")

/* Start offset of every source line, so `; line N` can quote the text. */
typedef struct line_index {
    const char *text;
    size_t *start;
    uint32_t nlines;
} line_index;

/* Returns -1 when the index cannot be allocated (out of memory), else 0. */
static int line_index_build(line_index *li, const simt_allocator *al, const char *text)
{
    memset(li, 0, sizeof *li);
    if (!text)
        return 0;
    size_t n = 1;
    for (const char *p = text; *p; p++)
        n += *p == '\n';
    if (n > UINT32_MAX)
        return 0; /* no quotes: more lines than a position can name */
    if (!(li->start = simt_malloc(al, n * sizeof *li->start)))
        return -1;
    li->text = text;
    li->start[0] = 0;
    uint32_t k = 1;
    for (const char *p = text; *p; p++)
        if (*p == '\n')
            li->start[k++] = (size_t)(p - text) + 1;
    li->nlines = k;
    return 0;
}

/* Prints line `line` (1-based) without its newline and leading blanks. */
static void line_index_print(const line_index *li, uint32_t line, FILE *out)
{
    if (!li->start || line == 0 || line > li->nlines)
        return;
    const char *p = li->text + li->start[line - 1];
    while (*p == ' ' || *p == '\t')
        p++;
    const char *e = strchr(p, '\n');
    int len = e ? (int)(e - p) : (int)strlen(p);
    if (len > 0 && p[len - 1] == '\r')
        len--;
    if (len > 0)
        fprintf(out, "  | %.*s", len, p);
}

static void print_escaped(const char *s, FILE *out)
{
    fputc('"', out);
    for (size_t k = 0; s && s[k] && k < 60; k++) {
        unsigned char ch = (unsigned char)s[k];
        if (ch == '\n')
            fputs("\\n", out);
        else if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch < 32 || ch >= 127)
            fprintf(out, "\\x%02x", ch);
        else
            fputc(ch, out);
    }
    fputc('"', out);
}

/* "i32(ptr, i32, ...)" */
static void print_sig(const simt_module *m, uint32_t sig, FILE *out)
{
    if (sig >= m->nsigs || !m->sigs) {
        fprintf(out, "?sig%" PRIu32, sig);
        return;
    }
    const simt_sig *s = &m->sigs[sig];
    fprintf(out, "%s(", simt_vtype_name(s->ret));
    for (unsigned k = 0; k < s->nargs; k++) {
        if (k == s->nfixed)
            fputs(k ? ", ..." : "...", out);
        fprintf(out, "%s%s", k ? ", " : "", simt_vtype_name(s->args[k]));
    }
    fputc(')', out);
}

static const char *func_name(const simt_module *m, int64_t f)
{
    if (f < 0 || f >= m->nfuncs || !m->funcs || !m->funcs[f].name)
        return "?func";
    return m->funcs[f].name;
}

static void print_func_header(const simt_module *m, const simt_func *fn, FILE *out)
{
    const char *kind = fn->kind & FN_KERNEL   ? ".kernel"
                       : fn->kind & FN_DEVICE ? ".func"
                                              : ".host";
    const simt_sig *s = fn->sig < m->nsigs && m->sigs ? &m->sigs[fn->sig] : NULL;
    fprintf(out, "%s %s(", kind, fn->name ? fn->name : "?");
    for (unsigned k = 0; s && k < s->nargs; k++) {
        const char *pname = fn->param_names && fn->param_names[k] ? fn->param_names[k] : "";
        fprintf(out, "%s%s%s%s", k ? ", " : "", simt_vtype_name(s->args[k]),
                *pname ? " " : "", pname);
    }
    fprintf(out, ") -> %s regs=%" PRIu32 " local=%" PRIu32, s ? simt_vtype_name(s->ret) : "?",
            fn->nregs, fn->local_size);
    if (fn->nregs_model && fn->nregs_model != fn->nregs)
        fprintf(out, " model_regs=%" PRIu32, fn->nregs_model);
    if ((fn->kind & (FN_HOST | FN_DEVICE)) == (FN_HOST | FN_DEVICE))
        fputs(" host+device", out);
    if (fn->recursive)
        fputs(" recursive", out);
    fprintf(out, "  ; pcs %" PRIu32 "..%" PRIu32 ", line %" PRIu32 "\n", fn->entry, fn->end,
            fn->line);
}

/* Extra operands of ABC / AB opcodes whose i is a mode or an id. */
static void print_abc_extra(const simt_insn *in, FILE *out)
{
    switch (in->op) {
    case OP_ATOM:
        fprintf(out, ", %s.%s", NAME_OF(atom_op_names, in->i >> 8),
                NAME_OF(atype_names, in->i & 0xff));
        break;
    case OP_ATOMCAS:
        fprintf(out, ", %s", NAME_OF(atype_names, in->i));
        break;
    case OP_SHFL:
        fprintf(out, ", %s", NAME_OF(shfl_names, in->i));
        break;
    case OP_VOTE:
        fprintf(out, ", %s", NAME_OF(vote_names, in->i));
        break;
    case OP_REDUX:
        fprintf(out, ", %s", NAME_OF(redux_names, in->i));
        break;
    case OP_MATCH_ANY:
    case OP_MATCH_ALL:
        fprintf(out, ", width %" PRId32, in->i);
        break;
    case OP_LEA: {
        static const char *const ext[] = {"sext32", "zext32", "64"};
        fprintf(out, " (%s) * %" PRId32, in->j >= 0 && in->j < 3 ? ext[in->j] : "?", in->i);
        break;
    }
    default:
        break;
    }
}

static void print_x(const simt_module *m, const simt_insn *in, FILE *out)
{
    const char *name = "?";
    if (in->op == OP_HCALL && in->i >= 0 && in->i < BI_COUNT)
        name = builtin_names[in->i];
    else if (in->op == OP_NCALL && in->i >= 0 && (uint32_t)in->i < m->nimports && m->imports)
        name = m->imports[in->i].name ? m->imports[in->i].name : "?";
    else if (in->op == OP_LAUNCH)
        name = func_name(m, in->i);
    if (in->op == OP_LAUNCH)
        fprintf(out, in->a != in->b ? "%s<<<r%u, r%u, r%u, r%u>>>(" : "%s<<<r%u, r%u, r%u>>>(",
                name, in->b, in->b + 1, in->b + 2, in->a);
    else
        fprintf(out, "r%u := %s(", in->a, name);
    unsigned first = in->op == OP_LAUNCH ? 3u : 0u;
    for (unsigned k = first; k < in->c; k++)
        fprintf(out, "%sr%u", k > first ? ", " : "", in->b + k);
    fputs(") : ", out);
    print_sig(m, (uint32_t)in->j, out);
}

static void print_operands(const simt_module *m, const simt_insn *in, FILE *out)
{
    enum simt_format fmt = simt_opinfo_table[in->op].format;
    uint64_t k = simt_insn_k(in);
    switch (fmt) {
    case FMT_N:
        if (in->op == OP_YIELD && in->b == SIMT_YIELD_POLLS)
            fprintf(out, "polls");
        if (in->op == OP_FENCE && in->i == SIMT_FENCE_BLOCK)
            fprintf(out, "block");
        break;
    case FMT_A:
        fprintf(out, "r%u", in->a);
        break;
    case FMT_AB:
        fprintf(out, "r%u, r%u", in->a, in->b);
        if (in->op == OP_BAR)
            fprintf(out, ", %s", NAME_OF(bar_names, in->i));
        break;
    case FMT_ABC:
        if (in->op == OP_INTR) {
            fprintf(out, "r%u := %s(", in->a, simt_intrinsic_name((unsigned)in->i));
            for (unsigned n = 0; n < in->c; n++)
                fprintf(out, "%sr%u", n ? ", " : "", in->b + n);
            fputc(')', out);
            break;
        }
        fprintf(out, "r%u, r%u, r%u", in->a, in->b, in->c);
        print_abc_extra(in, out);
        break;
    case FMT_AK:
        fprintf(out, "r%u, 0x%" PRIx64 " (%" PRId64 ")", in->a, k, (int64_t)k);
        break;
    case FMT_ABI:
        if (in->op == OP_ADDK || in->op == OP_ADDK_I32)
            fprintf(out, "r%u, r%u, %" PRId32 "%s", in->a, in->b, in->i,
                    in->op == OP_ADDK_I32 && in->j == SIMT_ADDK_FOLDS ? ", folds" : "");
        else
            fprintf(out, "r%u, [r%u%+" PRId32 "]", in->a, in->b, in->i);
        break;
    case FMT_AI:
        if (in->op == OP_TRAP) {
            if (in->i >= 0 && (uint32_t)in->i < m->nstrings && m->strings)
                print_escaped(m->strings[in->i], out);
            else
                fprintf(out, "?str%" PRId32, in->i);
        } else if (in->op == OP_GADDR) {
            if (in->i >= 0 && (uint32_t)in->i < m->nglobals && m->globals)
                fprintf(out, "r%u, %s", in->a,
                        m->globals[in->i].name ? m->globals[in->i].name : "?");
            else
                fprintf(out, "r%u, ?global%" PRId32, in->a, in->i);
        } else if (in->op == OP_SREG) {
            fprintf(out, "r%u, %s", in->a, NAME_OF(sreg_names, in->i));
        } else {
            fprintf(out, "r%u, %" PRId32, in->a, in->i);
        }
        break;
    case FMT_J:
        fprintf(out, "@%" PRId32, in->i);
        if (in->op == OP_YIELDJ && in->b == SIMT_YIELD_POLLS)
            fprintf(out, ", polls");
        break;
    case FMT_BR:
        fprintf(out, "r%u, @%" PRId32, in->a, in->i);
        if (in->j >= 0)
            fprintf(out, ", reconverge @ %" PRId32, in->j);
        if (in->b == SIMT_BR_PREDICATED)
            fprintf(out, ", predicated");
        break;
    case FMT_BRC:
        fprintf(out, "%s r%u, r%u, @%" PRId32,
                in->a < OP_COUNT ? simt_opinfo_table[in->a].name : "?", in->b, in->c, in->i);
        if (in->j >= 0)
            fprintf(out, ", reconverge @ %" PRId32, in->j);
        break;
    case FMT_LDX: {
        static const char *const ext[] = {"sext32", "zext32", "64", "?"};
        unsigned kind = SIMT_LDX_KIND(in->j);
        int64_t off = in->i;
        const char *load = kind <= OP_LD64 - OP_LD8S ? simt_opinfo_table[OP_LD8S + kind].name
                                                      : "?";
        fprintf(out, "r%u, [r%u + r%u (%s) * %lu %c %" PRId64 "] (%s)", in->a, in->b, in->c,
                ext[SIMT_LDX_EXT(in->j)], 1ul << SIMT_LDX_SHIFT(in->j), off < 0 ? '-' : '+',
                off < 0 ? -off : off, load);
        break;
    }
    case FMT_CALL:
        fprintf(out, "r%u, %s", in->a, func_name(m, in->i));
        break;
    case FMT_X:
        print_x(m, in, out);
        break;
    }
}

static void print_insn(const simt_module *m, uint32_t pc, FILE *out)
{
    const simt_insn *in = &m->code[pc];
    fprintf(out, "  %5" PRIu32 "  ", pc);
    if (in->op >= OP_COUNT) {
        fprintf(out, "?op%u", in->op);
        return;
    }
    fprintf(out, "%-10s ", simt_opinfo_table[in->op].name);
    print_operands(m, in, out);
}

/* One function: header, then one line per instruction.  The source line is
 * a trailing comment; its text is quoted only when the line changes. */
/* The debug table's entries of fn: where each variable lives over which pcs. */
static void print_vars(const simt_module *m, const simt_func *fn, FILE *out)
{
    for (uint32_t k = 0; m->vars && k < m->nvars; k++) {
        const simt_var *v = &m->vars[k];
        if (v->func >= m->nfuncs || &m->funcs[v->func] != fn)
            continue;
        char where[32];
        if (v->kind == VAR_REG)
            snprintf(where, sizeof where, "r%" PRIu32, v->where);
        else
            snprintf(where, sizeof where, "local+%" PRIu32, v->where);
        char type[48];
        size_t es = simt_vtype_size(v->elem);
        if (v->type == VT_VOID && v->elem != VT_VOID && es) /* an array */
            snprintf(type, sizeof type, "%s[%zu]", simt_vtype_name(v->elem), v->size / es);
        else if (v->type == VT_VOID)
            snprintf(type, sizeof type, "record(%" PRIu32 " bytes)", v->size);
        else if (v->type == VT_PTR && v->elem != VT_VOID)
            snprintf(type, sizeof type, "ptr(%s)", simt_vtype_name(v->elem));
        else
            snprintf(type, sizeof type, "%s", simt_vtype_name(v->type));
        fprintf(out, "  .var %s %s %s  ; pcs %" PRIu32 "..%" PRIu32 ", line %" PRIu32 "\n",
                v->name ? v->name : "?", type, where, v->pc_begin, v->pc_end, v->line);
    }
}

/* A stream that passes what is written to `out` on and counts it, so that
 * the line comment can start at a fixed column; unbuffered, it holds no
 * block of its own (only glibc's FILE, as simtvm.h says). */
typedef struct counter {
    FILE *out;
    size_t n;
} counter;

static ssize_t counter_write(void *cookie, const char *data, size_t len)
{
    counter *c = cookie;
    size_t w = fwrite(data, 1, len, c->out);
    c->n += w;
    return w == len ? (ssize_t)len : -1;
}

static void print_func(const simt_module *m, const simt_func *fn, const line_index *li,
                       FILE *out)
{
    print_func_header(m, fn, out);
    print_vars(m, fn, out);
    uint32_t end = fn->end < m->ncode ? fn->end : m->ncode;
    uint32_t last_line = 0;
    counter cnt = {out, 0};
    FILE *col = fopencookie(&cnt, "w", (cookie_io_functions_t){.write = counter_write});
    if (col)
        setvbuf(col, NULL, _IONBF, 0);
    for (uint32_t pc = fn->entry; pc < end; pc++) {
        size_t before = cnt.n;
        print_insn(m, pc, col ? col : out);
        size_t len = col ? cnt.n - before : 47; /* no stream: one blank before the comment */
        if (m->pos && m->pos[pc].line) {
            uint32_t ln = m->pos[pc].line;
            fprintf(out, "%*s; line %" PRIu32, len < 48 ? (int)(48 - len) : 1, "", ln);
            if (ln != last_line)
                line_index_print(li, ln, out);
            last_line = ln;
        }
        fputc('\n', out);
    }
    if (col)
        fclose(col);
    fputc('\n', out);
}

static const char *space_name(unsigned space)
{
    switch (space) {
    case SPACE_GLOBAL: return "global";
    case SPACE_SHARED: return "shared";
    case SPACE_LOCAL: return "local";
    case SPACE_CONST: return "constant";
    default: return "?space";
    }
}

/* A debug type in a few characters: "i32", "ptr", "[4][8]f32", "struct P"
 * (array dimensions walk to earlier types only, so they end). */
static void print_dtype(const simt_module *m, uint32_t t, FILE *out)
{
    const simt_dtype *d = t < m->ndtypes && m->dtypes ? &m->dtypes[t] : NULL;
    for (int dims = 0; d && d->kind == DT_ARRAY && dims < 64; dims++) {
        fprintf(out, "[%" PRIu32 "]", d->count);
        d = d->ref && d->ref <= t ? &m->dtypes[d->ref - 1] : NULL;
        t = d ? (uint32_t)(d - m->dtypes) : 0;
    }
    if (!d || d->kind == DT_ARRAY)
        fputs("?", out);
    else if (d->kind == DT_SCALAR)
        fputs(simt_vtype_name(d->vtype), out);
    else if (d->kind == DT_PTR || d->kind == DT_REF)
        fputs(d->kind == DT_PTR ? "ptr" : "ref", out);
    else if (d->kind == DT_RECORD && d->ref < m->nrecords && m->records[d->ref].name)
        fputs(m->records[d->ref].name, out);
    else
        fputs("?", out);
}

/* The record layouts of the debug types: `.record struct P size=40 { x i32
 * +0, bits u32 +8:3:5 }` (bit-fields as +offset:bit:width). */
static void print_records(const simt_module *m, FILE *out)
{
    for (uint32_t r = 0; m->records && r < m->nrecords; r++) {
        const simt_record *rec = &m->records[r];
        fprintf(out, ".record %s size=%" PRIu32 " {", rec->name ? rec->name : "?", rec->size);
        for (uint32_t f = 0; rec->fields && f < rec->nfields; f++) {
            const simt_field *fd = &rec->fields[f];
            fprintf(out, "%s %s ", f ? "," : "", fd->name && fd->name[0] ? fd->name : "(base)");
            print_dtype(m, fd->dtype, out);
            fprintf(out, " +%" PRIu32, fd->offset);
            if (fd->bit_width)
                fprintf(out, ":%u:%u", fd->bit_offset, fd->bit_width);
        }
        fputs(" }\n", out);
    }
}

static void print_data(const simt_module *m, FILE *out)
{
    for (uint32_t g = 0; m->globals && g < m->nglobals; g++) {
        const simt_global *gv = &m->globals[g];
        fprintf(out, ".global %-3" PRIu32 " %s %s %s size=%" PRIu64 " align=%" PRIu32 "%s",
                g, gv->name ? gv->name : "?", space_name(gv->space), simt_vtype_name(gv->elem),
                gv->size, gv->align, gv->init ? " init" : "");
        /* String literals are the common case worth reading inline. */
        if (gv->init && gv->name && strncmp(gv->name, ".str", 4) == 0 && gv->size > 0 &&
            gv->init[gv->size - 1] == 0) {
            fputc(' ', out);
            print_escaped((const char *)gv->init, out);
        }
        fputc('\n', out);
    }
    for (uint32_t k = 0; m->relocs && k < m->nrelocs; k++) {
        const simt_reloc *r = &m->relocs[k];
        const char *g = r->global < m->nglobals ? m->globals[r->global].name : "?";
        const char *t = r->target < m->nglobals ? m->globals[r->target].name : "?";
        fprintf(out, ".reloc %s+%" PRIu32 " = &%s%+" PRId64 "\n", g ? g : "?", r->offset,
                t ? t : "?", r->addend);
    }
    for (uint32_t k = 0; m->imports && k < m->nimports; k++) {
        fprintf(out, ".import %s : ", m->imports[k].name ? m->imports[k].name : "?");
        print_sig(m, m->imports[k].sig, out);
        fputc('\n', out);
    }
    if (m->shared_static)
        fprintf(out, ".shared_static %" PRIu32 "\n", m->shared_static);
    print_records(m, out);
    if (m->nglobals || m->nimports || m->shared_static || m->nrecords)
        fputc('\n', out);
}

int simt_module_disasm(const simt_module *m, FILE *out)
{
    if (!m || !out)
        return 0;
    fprintf(out, "; module %s: %" PRIu32 " instructions, %" PRIu32 " functions",
            m->source_name ? m->source_name : "?", m->ncode, m->nfuncs);
    if (m->main_func >= 0)
        fprintf(out, ", main = %s", func_name(m, m->main_func));
    fputs("\n\n", out);
    print_data(m, out);
    line_index li;
    if (line_index_build(&li, &m->al, m->source) != 0)
        return -1; /* a listing without its source quotes would pass for a whole one */
    for (uint32_t f = 0; m->funcs && f < m->nfuncs; f++)
        if (m->code)
            print_func(m, &m->funcs[f], &li, out);
    simt_free(&m->al, li.start);
    return 0;
}
