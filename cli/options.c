/* cli/options.c -- argument parsing for simtvm: one table of options, one of
 * features not built yet, and a loop that applies them.  Nothing here runs a
 * program; cli/simtvm.c dispatches on the result. */
#include "cli/options.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simtvm.h"

#define CMD_BIT(c) (1u << (c))
#define ON_RUN CMD_BIT(CMD_RUN)
#define ON_OCC CMD_BIT(CMD_OCCUPANCY)
#define ON_GRADE CMD_BIT(CMD_GRADE)
#define ON_COMPILE \
    (CMD_BIT(CMD_RUN) | CMD_BIT(CMD_BUILD) | CMD_BIT(CMD_DISASM) | ON_DEBUG | ON_GRADE)
/* debug runs the program under the options of run that make sense one warp
 * instruction at a time (no checkers, statistics, traces or host threads) */
#define ON_DEBUG CMD_BIT(CMD_DEBUG)

typedef int (*opt_apply)(simtvm_options *o, const char *value, FILE *err);

enum opt_arg { NO_VALUE, VALUE, OPTIONAL_VALUE /* only as --opt=value */ };

typedef struct option_def {
    const char *name;
    enum opt_arg arg;
    unsigned commands;          /* CMD_BIT set of the commands that take it */
    opt_apply apply;
} option_def;

/* Features whose option is parsed and validated but whose machinery does not
 * exist yet.  Using one is an error, never silently ignored.  Remove a line
 * when its feature lands.  value NULL: every use; otherwise only that value. */
static const struct not_yet {
    const char *name;
    const char *value;
} NOT_YET[] = {
    {"", NULL},                 /* (every feature has landed) */
};

int simtvm_verror(FILE *err, int status, const char *fmt, va_list ap)
{
    fflush(stdout);
    fputs("simtvm: error: ", err);
    vfprintf(err, fmt, ap);
    fputc('\n', err);
    return status;
}

/* ---- value parsers ---- */

static int fail(FILE *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints `simtvm: error: MESSAGE`; returns the usage-error status. */
static int fail(FILE *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int status = simtvm_verror(err, EXIT_USAGE, fmt, ap);
    va_end(ap);
    return status;
}

/* `help: did you mean 'X'?` under a usage error, when a name is near. */
static int hint(FILE *err, int status, const char *near)
{
    if (near)
        fprintf(err, "help: did you mean '%s'?\n", near);
    return status;
}

/* Which of names v is (its index), or -1 after printing `OPT takes A, B or
 * C, not 'V'` and the nearest name. */
static int choose(FILE *err, const char *opt, const char *v, const char *const *names, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (!strcmp(names[k], v))
            return (int)k;
    fflush(stdout);
    fprintf(err, "simtvm: error: %s takes ", opt);
    for (size_t k = 0; k < n; k++)
        fprintf(err, "%s'%s'", k == 0 ? "" : k + 1 == n ? " or " : ", ", names[k]);
    fprintf(err, ", not '%s'\n", v);
    hint(err, EXIT_USAGE, simtvm_suggest(v, names, n));
    return -1;
}

/* Decimal (or 0x hex) unsigned integer in [min, max], the whole text. */
static int parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    if (!text || !isdigit((unsigned char)text[0]))
        return -1;
    int base = (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) ? 16 : 10;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, base);
    if (errno || *end || end == text || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_int(const char *text, int min, int max, int *out)
{
    uint64_t v;
    if (parse_u64(text, (uint64_t)min, (uint64_t)max, &v))
        return -1;
    *out = (int)v;
    return 0;
}

int simtvm_parse_bytes(const char *text, uint64_t *out)
{
    if (!text || !isdigit((unsigned char)text[0]))
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k')
        shift = 10;
    else if (*end == 'M' || *end == 'm')
        shift = 20;
    else if (*end == 'G' || *end == 'g')
        shift = 30;
    if (shift)
        end++;
    if (errno || *end || (shift && v > (UINT64_MAX >> shift)))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

/* X[,Y[,Z]] with each in [1, limit]; missing ones are 1. */
static int parse_dims(const char *text, uint32_t dims[3])
{
    static const uint64_t limit[3] = {2147483647u, 65535u, 65535u};
    dims[0] = dims[1] = dims[2] = 1;
    char buf[64];
    if (strlen(text) >= sizeof buf)
        return -1;
    strcpy(buf, text);
    int n = 0;
    for (char *save = NULL, *p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
        uint64_t v;
        if (n == 3 || parse_u64(p, 1, limit[n], &v))
            return -1;
        dims[n++] = (uint32_t)v;
    }
    size_t len = strlen(text);
    return n == 0 || text[len - 1] == ',' || strstr(text, ",,") ? -1 : 0;
}

/* ---- option handlers ---- */

static int opt_sched(simtvm_options *o, const char *v, FILE *err)
{
    static const char *const names[] = { "its", "lockstep" };
    int k = choose(err, "--sched", v, names, 2);
    if (k < 0)
        return EXIT_USAGE;
    o->sched = k == 0 ? SIMTVM_SCHED_ITS : SIMTVM_SCHED_LOCKSTEP;
    return 0;
}

static int opt_interleave(simtvm_options *o, const char *v, FILE *err)
{
    static const char *const names[] = { "converge", "random" };
    int k = choose(err, "--interleave", v, names, 2);
    if (k < 0)
        return EXIT_USAGE;
    o->interleave = k == 0 ? SIMTVM_INTERLEAVE_CONVERGE : SIMTVM_INTERLEAVE_RANDOM;
    return 0;
}

static int opt_seed(simtvm_options *o, const char *v, FILE *err)
{
    if (parse_u64(v, 0, UINT64_MAX, &o->seed))
        return fail(err, "--seed needs a non-negative integer, not '%s'", v);
    return 0;
}

static int opt_seeds(simtvm_options *o, const char *v, FILE *err)
{
    const char *dots = strstr(v, "..");
    char first[32];
    if (!dots || (size_t)(dots - v) >= sizeof first)
        return fail(err, "--seeds needs a range A..B, not '%s'", v);
    memcpy(first, v, (size_t)(dots - v));
    first[dots - v] = '\0';
    if (parse_u64(first, 0, UINT64_MAX, &o->seeds_first) ||
        parse_u64(dots + 2, 0, UINT64_MAX, &o->seeds_last) || o->seeds_first > o->seeds_last)
        return fail(err, "--seeds needs a range A..B with A <= B, not '%s'", v);
    o->have_seeds = 1;
    return 0;
}

static int opt_warp_size(simtvm_options *o, const char *v, FILE *err)
{
    if (strcmp(v, "4") && strcmp(v, "8") && strcmp(v, "16") && strcmp(v, "32"))
        return fail(err, "--warp-size must be 4, 8, 16 or 32, not '%s'", v);
    o->warp_size = atoi(v);
    return 0;
}

static int opt_device(simtvm_options *o, const char *v, FILE *err)
{
    if (!*v)
        return fail(err, "--device needs a profile name or file");
    o->device = v;
    return 0;
}

static int opt_check(simtvm_options *o, const char *v, FILE *err)
{
    static const struct { const char *name; unsigned bits; } kinds[] = {
        {"race", SIMTVM_CHECK_RACE}, {"sync", SIMTVM_CHECK_SYNC},
        {"memory", SIMTVM_CHECK_MEMORY}, {"init", SIMTVM_CHECK_INIT}, {"api", SIMTVM_CHECK_API},
        {"all", SIMTVM_CHECK_ALL},
    };
    const char *p = v;
    do {
        size_t len = strcspn(p, ",");
        size_t k = 0;
        while (k < sizeof kinds / sizeof kinds[0] &&
               (strlen(kinds[k].name) != len || strncmp(kinds[k].name, p, len)))
            k++;
        if (k == sizeof kinds / sizeof kinds[0]) {
            static const char *const names[] = { "race", "sync", "memory", "init", "api", "all" };
            char word[64];
            snprintf(word, sizeof word, "%.*s", (int)(len < 63 ? len : 63), p);
            fail(err, "--check takes race, sync, memory, init, api or all, not '%s'", v);
            return hint(err, EXIT_USAGE, simtvm_suggest(word, names, 6));
        }
        o->checks |= kinds[k].bits;
        p += len;
    } while (*p++ == ',');
    return 0;
}

static int opt_error_exitcode(simtvm_options *o, const char *v, FILE *err)
{
    if (parse_int(v, 0, 255, &o->error_exitcode))
        return fail(err, "--error-exitcode needs a number from 0 to 255, not '%s'", v);
    return 0;
}

static int opt_stats(simtvm_options *o, const char *v, FILE *err)
{
    static const char *const names[] = { "text", "json", "csv", "explain" };
    static const int formats[] = { STATS_TEXT, STATS_JSON, STATS_CSV, STATS_EXPLAIN };
    int k = *v ? choose(err, "--stats", v, names, 4) : 0;
    if (k < 0)
        return EXIT_USAGE;
    o->stats = formats[k];
    return 0;
}

/* Options whose value is a file name or list stored as is. */
#define STRING_OPTION(fn, field, what)                                                 \
    static int fn(simtvm_options *o, const char *v, FILE *err)                         \
    {                                                                                  \
        if (!*v)                                                                       \
            return fail(err, "%s needs a value", what);                          \
        o->field = v;                                                                  \
        return 0;                                                                      \
    }
STRING_OPTION(opt_stats_file, stats_file, "--stats-file")
STRING_OPTION(opt_trace, trace_file, "--trace")
STRING_OPTION(opt_report, report_file, "--report")
STRING_OPTION(opt_kernel, kernel, "--kernel")
STRING_OPTION(opt_reference, reference, "--reference")
STRING_OPTION(opt_output, output, "-o")

static int opt_threads(simtvm_options *o, const char *v, FILE *err)
{
    if (parse_int(v, 1, 1024, &o->threads))
        return fail(err, "--threads needs a number from 1 to 1024, not '%s'", v);
    return 0;
}

static int opt_block_order(simtvm_options *o, const char *v, FILE *err)
{
    static const char *const names[] = { "linear", "random" };
    int k = choose(err, "--block-order", v, names, 2);
    if (k < 0)
        return EXIT_USAGE;
    o->block_order_random = k == 1;
    return 0;
}

static int opt_maxrregcount(simtvm_options *o, const char *v, FILE *err)
{
    if (parse_int(v, 16, 255, &o->maxrregcount))
        return fail(err, "--maxrregcount needs a number from 16 to 255, not '%s'", v);
    return 0;
}

static int opt_max_steps(simtvm_options *o, const char *v, FILE *err)
{
    if (parse_u64(v, 1, UINT64_MAX, &o->max_steps))
        return fail(err, "--max-steps needs a positive integer, not '%s'", v);
    return 0;
}

static int opt_max_host_steps(simtvm_options *o, const char *v, FILE *err)
{
    if (parse_u64(v, 1, UINT64_MAX, &o->max_host_steps))
        return fail(err, "--max-host-steps needs a positive integer, not '%s'", v);
    return 0;
}

static int opt_max_printf(simtvm_options *o, const char *v, FILE *err)
{
    if (simtvm_parse_bytes(v, &o->max_printf) || o->max_printf == 0)
        return fail(err, "--max-printf needs a byte count such as 65536 or 64M, not '%s'", v);
    return 0;
}

static int opt_max_memory(simtvm_options *o, const char *v, FILE *err)
{
    if (simtvm_parse_bytes(v, &o->max_memory) || o->max_memory == 0)
        return fail(err, "--max-memory needs a byte count such as 65536 or 64M, not '%s'", v);
    return 0;
}

static int opt_no_simd(simtvm_options *o, const char *v, FILE *err)
{
    (void)v, (void)err;
    o->no_simd = 1;
    return 0;
}

static int opt_wall_clock(simtvm_options *o, const char *v, FILE *err)
{
    (void)v, (void)err;
    o->wall_clock = 1;
    return 0;
}

static int opt_quiet(simtvm_options *o, const char *v, FILE *err)
{
    (void)v, (void)err;
    o->quiet = 1;
    return 0;
}

static int opt_json(simtvm_options *o, const char *v, FILE *err)
{
    (void)v, (void)err;
    o->json = 1;
    return 0;
}

/* LIST: block numbers and ranges, "0,4,8-11". */
static int opt_trace_blocks(simtvm_options *o, const char *v, FILE *err)
{
    const char *p = v;
    do {
        char *end;
        if (!isdigit((unsigned char)*p))
            return fail(err, "--trace-blocks needs a list such as 0,4,8-11, not '%s'", v);
        unsigned long first = strtoul(p, &end, 10), last = first;
        if (*end == '-') {
            if (!isdigit((unsigned char)end[1]))
                return fail(err, "--trace-blocks needs a list such as 0,4,8-11, not '%s'", v);
            last = strtoul(end + 1, &end, 10);
        }
        if (last < first || (*end && *end != ','))
            return fail(err, "--trace-blocks needs a list such as 0,4,8-11, not '%s'", v);
        p = end;
    } while (*p++ == ',');
    o->trace_blocks = v;
    return 0;
}

static int is_identifier(const char *s, size_t len)
{
    if (len == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return 0;
    for (size_t k = 1; k < len; k++)
        if (!(isalnum((unsigned char)s[k]) || s[k] == '_'))
            return 0;
    return 1;
}

/* --native-lib may be repeated: the libraries are searched in the order given. */
static int opt_native_lib(simtvm_options *o, const char *v, FILE *err)
{
    if (!*v)
        return fail(err, "--native-lib needs a value");
    o->native_libs[o->nnative_libs++] = v;
    return 0;
}

/* -D NAME=VALUE, or -D NAME meaning NAME=1 as in cc. */
static int opt_define(simtvm_options *o, const char *v, FILE *err)
{
    size_t name_len = strcspn(v, "=");
    if (!is_identifier(v, name_len))
        return fail(err, "-D needs NAME=VALUE with NAME an identifier, not '%s'", v);
    size_t len = strlen(v);
    char *def = malloc(len + 3);
    if (!def)
        return fail(err, "out of memory");
    memcpy(def, v, len + 1);
    if (!v[name_len])
        strcpy(def + len, "=1");
    o->defines[o->ndefines++] = def;
    return 0;
}

/* -I DIR: searched for #include "file" after the including file's directory,
 * in command-line order, as in cc. */
static int opt_include_dir(simtvm_options *o, const char *v, FILE *err)
{
    if (!*v)
        return fail(err, "-I needs a directory");
    o->include_dirs[o->ninclude_dirs++] = v;
    return 0;
}

/* -O0: no if-conversion, no bytecode clean-up (to compare against the
 * default, tests/gen/diff.py); -O1..-O3: the default, every pass, as -O means
 * to a C compiler user.  The value is attached (-O0), never the next word. */
static int opt_level(simtvm_options *o, const char *v, FILE *err)
{
    if (!v[0] || v[1] || v[0] < '0' || v[0] > '3')
        return fail(err, "-O needs a level attached: -O0 (no optimisation passes) or "
                         "-O1, -O2, -O3 (the default), not '-O%s'", v);
    o->no_opt = v[0] == '0';
    return 0;
}

/* --expect-stat METRIC<=N or METRIC>=N: a statistic every launch must meet. */
static int opt_expect_stat(simtvm_options *o, const char *v, FILE *err)
{
    size_t name_len = strcspn(v, "<>");
    char *end = NULL;
    if (name_len && (v[name_len] == '<' || v[name_len] == '>') && v[name_len + 1] == '=')
        strtod(v + name_len + 2, &end);
    if (!end || end == v + name_len + 2 || *end)
        return fail(err, "--expect-stat needs METRIC<=N or METRIC>=N (a --stats metric such "
                         "as simtvm__divergent_branches.sum<=0), not '%s'", v);
    o->expects[o->nexpects++] = v;
    return 0;
}

static int opt_grid(simtvm_options *o, const char *v, FILE *err)
{
    if (parse_dims(v, o->grid))
        return fail(err, "--grid needs X[,Y[,Z]] of positive sizes, not '%s'", v);
    o->have_grid = 1;
    return 0;
}

static int opt_block(simtvm_options *o, const char *v, FILE *err)
{
    if (parse_dims(v, o->block) || o->block[0] > 1024 || o->block[1] > 1024 ||
        o->block[2] > 64 || (uint64_t)o->block[0] * o->block[1] * o->block[2] > 1024)
        return fail(err, "--block needs X[,Y[,Z]] of at most 1024 threads, not '%s'", v);
    o->have_block = 1;
    o->occ_block = (int)(o->block[0] * o->block[1] * o->block[2]);
    o->have_occ_block = 1;
    return 0;
}

static int opt_shared(simtvm_options *o, const char *v, FILE *err)
{
    if (simtvm_parse_bytes(v, &o->shared) || o->shared > (1u << 30))
        return fail(err, "--shared needs a byte count, not '%s'", v);
    return 0;
}

static int opt_kernel_arg(simtvm_options *o, const char *v, FILE *err)
{
    size_t name_len = strcspn(v, "=");
    if (!is_identifier(v, name_len) || !v[name_len])
        return fail(err, "--arg needs NAME=VALUE with NAME a kernel parameter, not '%s'", v);
    o->kargs[o->nkargs++] = v;
    return 0;
}

static int opt_out(simtvm_options *o, const char *v, FILE *err)
{
    size_t name_len = strcspn(v, "=");
    if (!is_identifier(v, name_len) || !v[name_len] || !v[name_len + 1])
        return fail(err, "--out needs NAME=FILE.npy, not '%s'", v);
    o->outs[o->nouts++] = v;
    return 0;
}

static int opt_regs(simtvm_options *o, const char *v, FILE *err)
{
    if (parse_int(v, 1, 255, &o->occ_regs))
        return fail(err, "--regs needs registers per thread from 1 to 255, not '%s'", v);
    o->have_occ_regs = 1;
    return 0;
}

static int opt_smem(simtvm_options *o, const char *v, FILE *err)
{
    if (simtvm_parse_bytes(v, &o->occ_smem) || o->occ_smem > (1u << 30))
        return fail(err, "--smem needs shared memory bytes per block, not '%s'", v);
    o->have_occ_smem = 1;
    return 0;
}

static int opt_granularity(simtvm_options *o, const char *v, FILE *err)
{
    static const char *const names[] = { "textbook", "vendor" };
    int k = choose(err, "--granularity", v, names, 2);
    if (k < 0)
        return EXIT_USAGE;
    o->vendor_granularity = k == 1;
    return 0;
}

static int opt_color(simtvm_options *o, const char *v, FILE *err)
{
    static const char *const names[] = { "auto", "never", "always" };
    int k = choose(err, "--color", v, names, 3);
    if (k < 0)
        return EXIT_USAGE;
    o->color = k == 0 ? COLOR_AUTO : k == 1 ? COLOR_NEVER : COLOR_ALWAYS;
    return 0;
}

static int opt_diag_format(simtvm_options *o, const char *v, FILE *err)
{
    static const char *const names[] = { "text", "json" };
    int k = choose(err, "--diagnostics-format", v, names, 2);
    if (k < 0)
        return EXIT_USAGE;
    o->diag_json = k == 1;
    return 0;
}

static const option_def OPTIONS[] = {
    {"--sched", VALUE, ON_RUN | ON_DEBUG, opt_sched},
    {"--interleave", VALUE, ON_RUN | ON_DEBUG, opt_interleave},
    {"--seed", VALUE, ON_RUN | ON_DEBUG, opt_seed},
    {"--seeds", VALUE, ON_RUN | ON_GRADE, opt_seeds},
    {"--warp-size", VALUE, ON_RUN | ON_DEBUG | ON_GRADE, opt_warp_size},
    {"--device", VALUE, ON_RUN | ON_OCC | ON_DEBUG | ON_GRADE, opt_device},
    {"--check", VALUE, ON_RUN | ON_GRADE, opt_check},
    {"--error-exitcode", VALUE, ON_RUN, opt_error_exitcode},
    {"--stats", OPTIONAL_VALUE, ON_RUN, opt_stats},
    {"--stats-file", VALUE, ON_RUN, opt_stats_file},
    {"--trace", VALUE, ON_RUN, opt_trace},
    {"--threads", VALUE, ON_RUN, opt_threads},
    {"--block-order", VALUE, ON_RUN | ON_DEBUG, opt_block_order},
    {"--maxrregcount", VALUE, ON_RUN, opt_maxrregcount},
    {"--max-steps", VALUE, ON_RUN | ON_DEBUG | ON_GRADE, opt_max_steps},
    {"--max-host-steps", VALUE, ON_RUN | ON_DEBUG | ON_GRADE, opt_max_host_steps},
    {"--max-memory", VALUE, ON_RUN | ON_DEBUG | ON_GRADE, opt_max_memory},
    {"--max-printf", VALUE, ON_RUN | ON_DEBUG, opt_max_printf},
    {"--no-simd", NO_VALUE, ON_RUN, opt_no_simd},
    {"--wall-clock", NO_VALUE, ON_RUN | ON_DEBUG, opt_wall_clock},
    {"--native-lib", VALUE, ON_RUN | ON_DEBUG, opt_native_lib},
    {"--report", VALUE, ON_RUN, opt_report},
    {"--trace-blocks", VALUE, ON_RUN, opt_trace_blocks},
    {"--quiet", NO_VALUE, ON_RUN, opt_quiet},
    {"-D", VALUE, ON_COMPILE, opt_define},
    {"-I", VALUE, ON_COMPILE, opt_include_dir},
    {"-O", OPTIONAL_VALUE, ON_COMPILE & ~ON_GRADE, opt_level},
    {"--kernel", VALUE, ON_RUN | ON_GRADE, opt_kernel},
    {"--grid", VALUE, ON_RUN | ON_GRADE, opt_grid},
    {"--block", VALUE, ON_RUN | ON_OCC | ON_GRADE, opt_block},
    {"--shared", VALUE, ON_RUN | ON_GRADE, opt_shared},
    {"--arg", VALUE, ON_RUN | ON_GRADE, opt_kernel_arg},
    {"--out", VALUE, ON_RUN, opt_out},
    {"-o", VALUE, CMD_BIT(CMD_BUILD), opt_output},
    {"--reference", VALUE, ON_GRADE, opt_reference},
    {"--expect-stat", VALUE, ON_GRADE, opt_expect_stat},
    {"--regs", VALUE, ON_OCC, opt_regs},
    {"--smem", VALUE, ON_OCC, opt_smem},
    {"--json", NO_VALUE, ON_OCC | ON_GRADE, opt_json},
    {"--granularity", VALUE, ON_OCC, opt_granularity},
    {"--color", VALUE, ON_COMPILE, opt_color},
    {"--diagnostics-format", VALUE, ON_COMPILE, opt_diag_format},
};
#define NOPTIONS (sizeof OPTIONS / sizeof OPTIONS[0])

static const struct {
    const char *name;
    int command;
} COMMANDS[] = {
    {"run", CMD_RUN}, {"build", CMD_BUILD}, {"disasm", CMD_DISASM},
    {"occupancy", CMD_OCCUPANCY}, {"devices", CMD_DEVICES}, {"debug", CMD_DEBUG},
    {"grade", CMD_GRADE}, {"help", CMD_HELP}, {"--help", CMD_HELP}, {"-h", CMD_HELP}, {"--version", CMD_VERSION},
    {"version", CMD_VERSION},
};

static const char *command_name(int command)
{
    for (size_t k = 0; k < sizeof COMMANDS / sizeof COMMANDS[0]; k++)
        if (COMMANDS[k].command == command)
            return COMMANDS[k].name;
    return "?";
}

static int not_yet(const char *name, const char *value, FILE *err)
{
    for (size_t k = 0; k < sizeof NOT_YET / sizeof NOT_YET[0]; k++) {
        if (strcmp(NOT_YET[k].name, name))
            continue;
        if (!NOT_YET[k].value)
            return fail(err, "%s is not implemented yet", name);
        if (value && !strcmp(NOT_YET[k].value, value))
            return fail(err, "%s=%s is not implemented yet", name, value);
    }
    return 0;
}

static int unknown_option(const char *name, int command, FILE *err)
{
    const char *names[NOPTIONS];
    size_t n = 0;
    for (size_t k = 0; k < NOPTIONS; k++)
        if (OPTIONS[k].commands & CMD_BIT(command))
            names[n++] = OPTIONS[k].name;
    fflush(stdout);
    fprintf(err, "simtvm: error: unknown option '%s' for '%s' (see simtvm --help)\n", name,
            command_name(command));
    return hint(err, EXIT_USAGE, simtvm_suggest(name, names, n));
}

static const option_def *find_option(const char *name, int command, int *elsewhere)
{
    *elsewhere = 0;
    for (size_t k = 0; k < NOPTIONS; k++) {
        if (strcmp(OPTIONS[k].name, name))
            continue;
        if (OPTIONS[k].commands & CMD_BIT(command))
            return &OPTIONS[k];
        *elsewhere = 1;
    }
    return NULL;
}

/* Applies argv[*i] (an option); may consume argv[*i + 1] as its value. */
static int parse_one(simtvm_options *o, int argc, char **argv, int *i, FILE *err)
{
    const char *arg = argv[*i];
    char name[40];
    const char *value = NULL;
    size_t name_len = strcspn(arg, "=");
    /* Short options take their value attached: -DNAME=1, -Idir, -ofile, -O0. */
    if ((arg[1] == 'D' || arg[1] == 'I' || arg[1] == 'o' || arg[1] == 'O') && arg[2])
        name_len = 2, value = arg + 2;
    else if (arg[name_len] == '=')
        value = arg + name_len + 1;
    if (name_len >= sizeof name)
        return unknown_option(arg, o->command, err);
    memcpy(name, arg, name_len);
    name[name_len] = '\0';
    int elsewhere;
    const option_def *def = find_option(name, o->command, &elsewhere);
    if (!def && elsewhere)
        return fail(err, "%s is not an option of '%s' (see simtvm --help)", name,
                    command_name(o->command));
    if (!def)
        return unknown_option(name, o->command, err);
    if (def->arg == NO_VALUE && value)
        return fail(err, "%s takes no value", name);
    if (def->arg == VALUE && !value) {
        if (*i + 1 >= argc)
            return fail(err, "%s needs a value", name);
        value = argv[++*i];
    }
    int status = def->apply(o, value ? value : "", err);
    return status ? status : not_yet(name, value, err);
}

/* Checks that the options fit the command and each other. */
static int check_command(simtvm_options *o, FILE *err)
{
    const char *cmd = command_name(o->command);
    int needs_file = o->command == CMD_RUN || o->command == CMD_BUILD ||
                     o->command == CMD_DISASM || o->command == CMD_DEBUG ||
                     o->command == CMD_GRADE;
    if (needs_file && !o->file)
        return fail(err, "'%s' needs a FILE.k%s (see simtvm --help)", cmd,
                    o->command == CMD_BUILD ? "" : " or FILE.kbc");
    if (o->nmore_files && o->command != CMD_RUN && o->command != CMD_BUILD &&
        o->command != CMD_DISASM && o->command != CMD_DEBUG && o->command != CMD_GRADE)
        return fail(err, "'%s' takes one file, but got '%s' too", cmd, o->more_files[0]);
    if (!needs_file && o->file && o->command != CMD_HELP)
        return fail(err, "'%s' takes no file, but got '%s'", cmd, o->file);
    if (o->command == CMD_BUILD && !o->output)
        return fail(err, "'build' needs -o FILE.kbc");
    if (o->command == CMD_OCCUPANCY && !(o->have_occ_block && o->have_occ_regs))
        return fail(err, "'occupancy' needs --block N and --regs R");
    if (o->command == CMD_GRADE && !o->reference)
        return fail(err, "'grade' needs --reference REF.k (the teacher's solution)");
    if (o->command != CMD_RUN && o->command != CMD_GRADE)
        return 0;
    if (o->kernel && !(o->have_grid && o->have_block))
        return fail(err, "--kernel %s needs --grid and --block", o->kernel);
    if (!o->kernel && (o->have_grid || o->have_block || o->nkargs || o->nouts || o->shared))
        return fail(err, "--grid, --block, --shared, --arg and --out need --kernel NAME");
    if (o->kernel && o->prog_argc > 1)
        return fail(err, "program arguments after -- need main(), not --kernel");
    if (o->stats_file && !o->stats)
        return fail(err, "--stats-file needs --stats=FORMAT");
    if (o->have_seeds && (o->trace_file || o->report_file))
        return fail(err, "--trace and --report show one run; they do not combine with --seeds");
    if (o->trace_blocks && !o->trace_file && !o->report_file)
        return fail(err, "--trace-blocks needs --trace FILE.json or --report FILE.html");
    return 0;
}

static int parse_command(simtvm_options *o, const char *word, FILE *err)
{
    for (size_t k = 0; k < sizeof COMMANDS / sizeof COMMANDS[0]; k++)
        if (!strcmp(COMMANDS[k].name, word)) {
            o->command = COMMANDS[k].command;
            return 0;
        }
    if (word[0] == '-')
        return fail(err, "'%s' before a command; write simtvm COMMAND [options] "
                         "(see simtvm --help)", word);
    const char *names[sizeof COMMANDS / sizeof COMMANDS[0]];
    size_t n = 0;
    for (size_t k = 0; k < sizeof COMMANDS / sizeof COMMANDS[0]; k++)
        if (COMMANDS[k].name[0] != '-')
            names[n++] = COMMANDS[k].name;
    fail(err, "unknown command '%s' (commands: run, build, disasm, occupancy, devices, "
              "debug, grade; see simtvm --help)", word);
    return hint(err, EXIT_USAGE, simtvm_suggest(word, names, n));
}

static void options_defaults(simtvm_options *o)
{
    memset(o, 0, sizeof *o);
    o->warp_size = 32;
    o->threads = 1;
    o->error_exitcode = -1;
}

/* A name a translation unit of a program of several files may have. */
static int is_source_name(const char *name)
{
    static const char *const exts[] = { ".k", ".cu", ".c", ".cc", ".cpp", ".cxx", ".C" };
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof exts / sizeof exts[0]; i++)
        if (!strcmp(dot, exts[i]))
            return 1;
    return 0;
}

int simtvm_parse_options(simtvm_options *o, int argc, char **argv, FILE *err)
{
    options_defaults(o);
    size_t slots = (size_t)argc + 1;
    o->defines = calloc(slots, sizeof *o->defines);
    o->kargs = calloc(slots, sizeof *o->kargs);
    o->outs = calloc(slots, sizeof *o->outs);
    o->prog_argv = calloc(slots + 1, sizeof *o->prog_argv);
    o->native_libs = calloc(slots, sizeof *o->native_libs);
    o->include_dirs = calloc(slots, sizeof *o->include_dirs);
    o->expects = calloc(slots, sizeof *o->expects);
    o->more_files = calloc(slots, sizeof *o->more_files);
    if (!o->defines || !o->kargs || !o->outs || !o->prog_argv || !o->native_libs ||
        !o->include_dirs || !o->expects || !o->more_files)
        return fail(err, "out of memory");
    if (argc < 2)
        return fail(err, "no command given (try simtvm --help)");
    int status = parse_command(o, argv[1], err);
    for (int i = 2; !status && i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            o->command = CMD_HELP;
            return 0;
        }
        if (!strcmp(arg, "--")) {
            if (o->command != CMD_RUN && o->command != CMD_DEBUG)
                return fail(err, "'--' (program arguments) only goes with 'run' and 'debug'");
            for (int k = i + 1; k < argc; k++)
                o->prog_argv[1 + o->prog_argc++] = argv[k];
            break;
        }
        if (arg[0] == '-' && arg[1])
            status = parse_one(o, argc, argv, &i, err);
        else if (!o->file)
            o->file = arg;
        else if (is_source_name(arg) && is_source_name(o->file))
            o->more_files[o->nmore_files++] = arg;   /* `run main.cu kernels.cu` */
        else
            status = fail(err, "unexpected argument '%s' (the file is '%s'; program arguments "
                               "go after --)", arg, o->file);
    }
    if (status)
        return status;
    /* argv[0] of the guest program is its file name, as a shell would pass. */
    o->prog_argv[0] = (char *)(o->file ? o->file : "simtvm");
    o->prog_argc++;
    return check_command(o, err);
}

int simtvm_diag_color(const simtvm_options *o)
{
    return !o->diag_json && (o->color == COLOR_ALWAYS ||
                             (o->color == COLOR_AUTO && isatty(STDERR_FILENO)));
}

void simtvm_options_free(simtvm_options *o)
{
    for (int k = 0; k < o->ndefines; k++)
        free((char *)o->defines[k]);
    free(o->defines);
    free(o->kargs);
    free(o->outs);
    free(o->prog_argv);
    free(o->native_libs);
    free(o->include_dirs);
    free(o->expects);
    free(o->more_files);
    o->more_files = NULL;
    o->defines = o->kargs = o->outs = o->native_libs = o->include_dirs = o->expects = NULL;
    o->prog_argv = NULL;
}

void simtvm_print_help(FILE *out)
{
    fputs(
        "usage:\n"
        "  simtvm run FILE.k|FILE.kbc [options] [-- program arguments]   run main()\n"
        "  simtvm run MAIN.cu MORE.cu UTIL.cpp ... [options] [-- args]   a program of\n"
        "        several files, each a translation unit, linked by name (also build,\n"
        "        disasm, debug, grade; doc/language.md \"Programs of several files\")\n"
        "  simtvm run FILE.k --kernel NAME --grid X[,Y[,Z]] --block X[,Y[,Z]] [--shared BYTES]\n"
        "        --arg NAME=VALUE ... [--out NAME=FILE.npy]  launch one kernel without main()\n"
        "  simtvm build FILE.k -o FILE.kbc                 compile to a bytecode file\n"
        "  simtvm disasm FILE.k|FILE.kbc                   bytecode with registers and\n"
        "                                                  reconvergence points\n"
        "  simtvm occupancy [--device D] --block N --regs R [--smem BYTES] [--json]\n"
        "        [--granularity=vendor]                    resident blocks per SM and why\n"
        "  simtvm debug FILE.k|FILE.kbc [--sched, --warp-size, --interleave, --seed,\n"
        "        --device, -D, -I ...] [-- program arguments]   interactive warp stepper:\n"
        "        commands on stdin (help lists them; cli/README.md)\n"
        "  simtvm grade STUDENT.k --reference REF.k [--kernel NAME --grid X --block X\n"
        "        --arg NAME=VALUE ...] [--seeds A..B] [--check=LIST] [--json]\n"
        "        [--expect-stat METRIC<=N|METRIC>=N ...]\n"
        "        runs both, compares outputs (or the kernel's buffers), runs the checkers\n"
        "        (default all) and a seed sweep (default 1..20); one verdict: PASS, FAIL\n"
        "        with the reason and a replay command, or COMPILE ERROR; exit 0 only for PASS;\n"
        "        --expect-stat: a --stats metric every launch of the student's must meet\n"
        "  simtvm devices | --help | --version\n"
        "\n"
        "options of run (before or after the file; --opt=value or --opt value):\n"
        "  --sched=its|lockstep        scheduling model (default its)\n"
        "  --interleave=converge|random, --seed N, --seeds A..B\n"
        "  --warp-size 4|8|16|32       lanes per warp (default 32)\n"
        "  --device NAME|FILE          v100, a100, h100 (default) or a profile file\n"
        "  --check=race,sync,memory,init|all   checkers; --error-exitcode N\n"
        "  --check=api                         host-side CUDA mistakes (not in all)\n"
        "  --stats[=text|json|csv], --stats-file F, --trace FILE.json, --report FILE.html\n"
        "  --trace-blocks LIST, --block-order=random, --maxrregcount N\n"
        "  --threads N                 host threads running blocks; the same output for every N\n"
        "                              (one thread under --check, --stats, --trace, --report)\n"
        "  --max-steps N               warp instructions per block and per launch before a fault\n"
        "                              (default 1e9 per block, 1e11 per launch)\n"
        "  --max-host-steps N          instructions of main()'s host code (with its launches)\n"
        "                              before a fault (default: no limit)\n"
        "  --max-memory BYTES          guest memory limit (K, M, G suffixes)\n"
        "  --max-printf BYTES          device printf output per launch (default 16M)\n"
        "  --no-simd, --native-lib LIB.so (repeatable), --quiet, -D NAME=VALUE\n"
        "  --color=auto|never|always   colour in diagnostics (auto: when stderr is a terminal)\n"
        "  --diagnostics-format=text|json   json: one object per diagnostic and line\n"
        "  --stats=explain             what each statistic means and what usually improves it\n"
        "  --wall-clock                host clock(), time(), std::chrono read real time\n"
        "                              (default: the modelled time, the same every run)\n"
        "  -I DIR                      search DIR for #include \"file\" (repeatable; also\n"
        "                              build, disasm and debug)\n"
        "  -O0                         compile without the optimisation passes (if-conversion,\n"
        "                              the bytecode clean-up); -O1, -O2, -O3: all (the default);\n"
        "                              also build, disasm and debug\n"
        "\n"
        "runner-mode --arg values: a number; T[N] (zero-filled), T[N]=iota, T[N]=rand:SEED\n"
        "  with T one of char uchar short ushort int uint long ulong float double;\n"
        "  @FILE.npy.  rand: floats uniform in [0,1), integers in [0,2^31) (cli/README.md).\n"
        "\n"
        "exit status: 0 success, 1 compile error or kernel fault, 2 usage error,\n"
        "3 checker findings; otherwise main()'s return value.\n"
        "\n"
        "the language (the C and C++ K accepts, what it does not, where it differs\n"
        "from nvcc): doc/language.md, doc/cxx.md, doc/cxx-library.md,\n"
        "doc/thrust.md, doc/cuda-runtime.md and doc/cuda-libraries.md, installed in\n"
        SIMTVM_DOCDIR "\n",
        out);
}
