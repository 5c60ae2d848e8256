/* runtime/api_native.c -- simtvm_register_native: the C signature text an
 * embedder gives, and its check against K's declaration of the function.
 *
 * The binding itself is runtime/ffi.c's (registered functions are searched
 * first); this file only makes sure that K and C agree on the types, since
 * libffi would otherwise call the function with the wrong arguments.
 */
#include "runtime/api.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---- signature text ---- */

typedef struct sig_parser {
    const char *p;
} sig_parser;

static void skip_space(sig_parser *s)
{
    while (isspace((unsigned char)*s->p))
        s->p++;
}

/* Reads an identifier into word (at most cap-1 bytes); 0 if there is none. */
static size_t read_word(sig_parser *s, char *word, size_t cap)
{
    skip_space(s);
    size_t n = 0;
    while ((isalnum((unsigned char)s->p[n]) || s->p[n] == '_') && n + 1 < cap)
        n++;
    memcpy(word, s->p, n);
    word[n] = '\0';
    s->p += n;
    return n;
}

static const struct {
    const char *name;
    uint8_t vt;
} FIXED_TYPES[] = {
    {"int8_t", VT_I8}, {"uint8_t", VT_U8}, {"int16_t", VT_I16}, {"uint16_t", VT_U16},
    {"int32_t", VT_I32}, {"uint32_t", VT_U32}, {"int64_t", VT_I64}, {"uint64_t", VT_U64},
    {"size_t", VT_U64}, {"ssize_t", VT_I64}, {"float", VT_F32}, {"double", VT_F64},
    {"bool", VT_BOOL}, {"_Bool", VT_BOOL}, {"void", VT_VOID},
};

/* The integer type of C keywords counted in words: char, short, int, long. */
static int int_vtype(int is_unsigned, int chars, int shorts, int longs)
{
    if (chars)
        return is_unsigned ? VT_U8 : VT_I8;
    if (shorts)
        return is_unsigned ? VT_U16 : VT_I16;
    if (longs)
        return is_unsigned ? VT_U64 : VT_I64; /* LP64, as K's long */
    return is_unsigned ? VT_U32 : VT_I32;
}

/* One C type: words, then stars.  Returns the vtype or -1. */
static int parse_type(sig_parser *s)
{
    char word[32];
    int vt = -1, is_unsigned = 0, is_signed = 0, chars = 0, shorts = 0, longs = 0, ints = 0;
    while (read_word(s, word, sizeof word)) {
        if (!strcmp(word, "const") || !strcmp(word, "volatile") || !strcmp(word, "restrict"))
            continue;
        if (!strcmp(word, "unsigned")) is_unsigned = 1;
        else if (!strcmp(word, "signed")) is_signed = 1;
        else if (!strcmp(word, "char")) chars++;
        else if (!strcmp(word, "short")) shorts++;
        else if (!strcmp(word, "long")) longs++;
        else if (!strcmp(word, "int")) ints++;
        else {
            size_t k = 0, n = sizeof FIXED_TYPES / sizeof FIXED_TYPES[0];
            while (k < n && strcmp(FIXED_TYPES[k].name, word))
                k++;
            if (k == n || vt >= 0)
                return -1;
            vt = FIXED_TYPES[k].vt;
        }
    }
    int ints_words = is_unsigned + is_signed + chars + shorts + longs + ints;
    if ((vt >= 0) == (ints_words > 0) || chars > 1 || shorts > 1 || longs > 2 || ints > 1 ||
        (is_unsigned && is_signed))
        return -1;
    if (vt < 0)
        vt = int_vtype(is_unsigned, chars, shorts, longs);
    skip_space(s);
    int stars = 0;
    while (*s->p == '*' || isspace((unsigned char)*s->p) || !strncmp(s->p, "const", 5)) {
        if (*s->p == '*')
            stars++;
        s->p += *s->p == 'c' ? 5 : 1;
    }
    return stars ? VT_PTR : vt;
}

/* "RET(T1, T2, ...)" into sig.  Returns 0 or -1. */
static int parse_signature(const char *text, simt_sig *sig)
{
    sig_parser s = {text};
    memset(sig, 0, sizeof *sig);
    int ret = parse_type(&s);
    skip_space(&s);
    if (ret < 0 || *s.p++ != '(')
        return -1;
    sig->ret = (uint8_t)ret;
    for (skip_space(&s); *s.p != ')'; skip_space(&s)) {
        if (sig->nargs && *s.p++ != ',')
            return -1;
        int vt = parse_type(&s);
        if (vt < 0 || sig->nargs == 254)
            return -1;
        if (vt == VT_VOID) { /* "(void)" */
            skip_space(&s);
            if (sig->nargs || *s.p != ')')
                return -1;
            break;
        }
        sig->args[sig->nargs++] = (uint8_t)vt;
    }
    sig->nfixed = sig->nargs; /* variadic natives are not supported: K passes per-call types */
    s.p++;
    skip_space(&s);
    return *s.p ? -1 : 0;
}

/* ---- registration ---- */

simtvm_status simtvm_register_native(simtvm_vm *vm, const char *name, void (*fn)(void),
                                     const char *signature)
{
    if (!vm)
        return SIMTVM_ERR_NULL;
    if (!name || !fn || !signature)
        return simt_api_fail(vm, SIMTVM_ERR_NULL, "simtvm_register_native: NULL %s",
                             !name ? "name" : !fn ? "function" : "signature");
    simt_sig sig;
    if (!*name || parse_signature(signature, &sig) != 0)
        return simt_api_fail(vm, SIMTVM_ERR_ARGS, "native '%s': cannot read the signature '%s' "
                             "(write a C function type, as \"float(float, int *)\")", name,
                             signature);
    size_t k = 0;
    while (k < vm->nnatives && strcmp(vm->natives[k].name, name))
        k++;
    if (k == vm->nnatives) {
        api_native *natives = simt_realloc(&vm->al, vm->natives, (k + 1) * sizeof *natives);
        if (natives)
            vm->natives = natives;
        simt_ffi_symbol *syms = simt_realloc(&vm->al, vm->symbols, (k + 1) * sizeof *syms);
        if (syms)
            vm->symbols = syms;
        char *copy = simt_strdup(&vm->al, name);
        if (!natives || !syms || !copy) {
            simt_free(&vm->al, copy);
            return simt_api_fail(vm, SIMTVM_ERR_NOMEM, "out of memory");
        }
        vm->natives[k].name = copy;
        vm->nnatives++;
    }
    /* The fn member of simt_ffi_symbol is a void *: POSIX lets function
     * pointers round-trip through it (dlsym's contract). */
    void *addr;
    memcpy(&addr, &fn, sizeof addr);
    vm->natives[k].fn = addr;
    vm->natives[k].sig = sig;
    for (size_t i = 0; i < vm->nnatives; i++)
        vm->symbols[i] = (simt_ffi_symbol){vm->natives[i].name, vm->natives[i].fn};
    if (vm->mod) {
        simtvm_status st = simt_api_check_natives(vm, vm->mod->m);
        if (st == SIMTVM_OK)
            st = simt_api_rebind(vm);
        if (st != SIMTVM_OK)
            return st;
    }
    return simt_api_ok(vm);
}

/* Whether K's vtype a and the registered b are the same C type. */
static int same_type(unsigned a, unsigned b)
{
    int pa = a == VT_PTR || a == VT_STR, pb = b == VT_PTR || b == VT_STR;
    return pa || pb ? pa == pb : a == b;
}

static int same_sig(const simt_sig *k, const simt_sig *c)
{
    if (!same_type(k->ret, c->ret) || k->nargs != c->nargs || k->nfixed != c->nfixed)
        return 0;
    for (unsigned i = 0; i < k->nargs; i++)
        if (!same_type(k->args[i], c->args[i]))
            return 0;
    return 1;
}

/* Where import i is first called, for the message: "file:line:col: ". */
static void call_site(const simt_module *m, uint32_t i, char *buf, size_t len)
{
    buf[0] = '\0';
    for (uint32_t pc = 0; pc < m->ncode; pc++)
        if (m->code[pc].op == OP_NCALL && (uint32_t)m->code[pc].i == i && m->pos) {
            snprintf(buf, len, "%s:%u:%u: ", m->source_name ? m->source_name : "<input>",
                     m->pos[pc].line, m->pos[pc].col);
            return;
        }
}

simtvm_status simt_api_check_natives(simtvm_vm *vm, const simt_module *m)
{
    for (uint32_t i = 0; i < m->nimports; i++) {
        const simt_sig *want = &m->sigs[m->imports[i].sig];
        for (size_t k = 0; k < vm->nnatives; k++) {
            if (strcmp(vm->natives[k].name, m->imports[i].name) ||
                same_sig(want, &vm->natives[k].sig))
                continue;
            char where[300], kt[400], ct[400];
            call_site(m, i, where, sizeof where);
            simt_api_sig_text(want, kt, sizeof kt);
            simt_api_sig_text(&vm->natives[k].sig, ct, sizeof ct);
            return simt_api_fail(vm, SIMTVM_ERR_NATIVE, "%snative function '%s' is declared in "
                                 "K as %s but registered as %s", where, vm->natives[k].name, kt,
                                 ct);
        }
    }
    return SIMTVM_OK;
}

/* Binds the loaded module's imports again (a native registered after load). */
simtvm_status simt_api_rebind(simtvm_vm *vm)
{
    if (!vm->mod)
        return SIMTVM_OK;
    char why[512] = "";
    if (simt_ffi_open_with(&vm->vm, vm->scfg.native_libs, vm->symbols, vm->nnatives, why,
                           sizeof why) != 0) {
        simtvm_status st = vm->vm.oom ? SIMTVM_ERR_NOMEM : SIMTVM_ERR_NATIVE;
        vm->vm.oom = 0;
        return simt_api_fail(vm, st, "%s", why);
    }
    return SIMTVM_OK;
}
