/* cli/options.h -- the simtvm command line, parsed and validated (SPEC 6).
 *
 * simtvm_parse_options() turns argv into a simtvm_options and nothing else: it
 * opens no file and runs nothing.  Every string points into argv; the arrays
 * (defines, kernel arguments, outputs) are malloc'd and released by
 * simtvm_options_free().  Usage errors are printed as `simtvm: error: ...` and
 * reported as exit status 2.
 */
#ifndef SIMTVM_CLI_OPTIONS_H
#define SIMTVM_CLI_OPTIONS_H

#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>


enum simtvm_command {
    CMD_NONE, CMD_RUN, CMD_BUILD, CMD_DISASM, CMD_OCCUPANCY, CMD_DEVICES, CMD_DEBUG,
    CMD_HELP, CMD_VERSION, CMD_GRADE
};

enum simtvm_stats_format { STATS_OFF, STATS_TEXT, STATS_JSON, STATS_CSV, STATS_EXPLAIN };
enum simtvm_color { COLOR_AUTO, COLOR_NEVER, COLOR_ALWAYS };

/* Exit statuses of the program (SPEC 6). */
enum simtvm_exit { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_FINDINGS = 3 };

typedef struct simtvm_options {
    int command;                 /* enum simtvm_command */
    const char *file;            /* the .k or .kbc input */
    const char **more_files;     /* run, build, disasm, debug, grade: the program's other
                                    source files (translation units), after file */
    int nmore_files;
    const char *output;          /* build: -o */
    const char *reference;       /* grade: --reference REF.k */
    const char **expects;        /* grade: --expect-stat METRIC<=N or METRIC>=N */
    int nexpects;

    /* run: the machine */
    int sched;                   /* enum simtvm_sched */
    int interleave;              /* enum simtvm_interleave */
    uint64_t seed;
    uint64_t seeds_first, seeds_last;
    int have_seeds;
    int warp_size;
    const char *device;          /* built-in name or profile file (run and occupancy) */
    unsigned checks;             /* enum simtvm_check bits */
    int error_exitcode;          /* -1: default (3) */
    int stats;                   /* enum simtvm_stats_format */
    const char *stats_file;
    const char *trace_file;
    int threads;
    int block_order_random;
    int maxrregcount;            /* 0: none */
    uint64_t max_steps;          /* 0: the VM's default */
    uint64_t max_host_steps;     /* 0: no limit */
    uint64_t max_memory;         /* 0: the VM's default */
    uint64_t max_printf;         /* 0: the VM's default */
    int no_simd;
    int no_opt;                  /* -O0: compile without the optimisation passes */
    int wall_clock;             /* --wall-clock: the host clocks are real */
    const char **native_libs;    /* --native-lib, in command-line order, NULL-terminated */
    int nnative_libs;
    const char *report_file;
    const char *trace_blocks;
    int quiet;
    int color;                   /* enum simtvm_color (--color) */
    int diag_json;               /* --diagnostics-format=json */
    const char **defines;        /* "NAME=VALUE", NULL-terminated */
    int ndefines;
    const char **include_dirs;   /* -I, in command-line order, NULL-terminated */
    int ninclude_dirs;

    /* run: runner mode (--kernel) */
    const char *kernel;
    uint32_t grid[3], block[3];
    int have_grid, have_block;
    uint64_t shared;
    const char **kargs;          /* "NAME=VALUE" */
    int nkargs;
    const char **outs;           /* "NAME=FILE.npy" */
    int nouts;

    /* occupancy */
    int occ_block, occ_regs;
    uint64_t occ_smem;
    int have_occ_block, have_occ_regs, have_occ_smem;
    int json;
    int vendor_granularity;

    /* run: what follows `--` goes to main(argc, argv) */
    int prog_argc;
    char **prog_argv;
} simtvm_options;

/* Parses argv.  Returns 0, or EXIT_USAGE after printing the reason to err. */
int simtvm_parse_options(simtvm_options *o, int argc, char **argv, FILE *err);
void simtvm_options_free(simtvm_options *o);

/* Whether diagnostics are coloured under --color (by default only when
 * stderr is a terminal; never in --diagnostics-format=json). */
int simtvm_diag_color(const simtvm_options *o);

/* Prints the usage text (simtvm --help). */
void simtvm_print_help(FILE *out);

/* Parses a byte count with an optional K, M or G suffix (powers of 1024).
 * Returns 0, or -1 when text is not one. */
int simtvm_parse_bytes(const char *text, uint64_t *out);

/* Prints `simtvm: error: MESSAGE` on err (after flushing stdout, so the two
 * streams stay in order) and returns status. */
int simtvm_verror(FILE *err, int status, const char *fmt, va_list ap);

#endif
