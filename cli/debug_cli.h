/* cli/debug_cli.h -- what the files of `simtvm debug` share (cli/debug.c:
 * events, stepping, breakpoints, the command loop; cli/debug_info.c: print
 * and info; cli/debug_util.c: the helpers both use).  Everything is read through simtvm.h's debugger. */
#ifndef SIMTVM_CLI_DEBUG_CLI_H
#define SIMTVM_CLI_DEBUG_CLI_H

#include <stdio.h>

#include "simtvm.h"

enum loop_result { LOOP_RESUME, LOOP_RUN, LOOP_QUIT };

/* Bytes of one printed value. */
#define DBG_CELL 24

typedef struct dbg {
    simtvm_vm *vm;
    simtvm_module *mod;
    simtvm_debugger *api;
    FILE *in, *out;
    int tty;                  /* commands come from a terminal: prompt */
    int color;                /* out is a terminal: dim inactive lanes */
    int print_serial;         /* $N of print */
    int quitting;             /* quit while the program runs */
    unsigned list_next;       /* the line `list` shows from next (0: around the stop) */
} dbg;

/* "0-15,20" ("none" for no lanes). */
void dbg_lane_list(char *buf, size_t len, uint32_t lanes);
/* The line, opcode name and function of an instruction. */
unsigned dbg_line(const dbg *d, int pc);
const char *dbg_op(const dbg *d, int pc);
const char *dbg_func(const dbg *d, int pc);
/* Prints `  LINE | source`. */
void dbg_show_source(dbg *d, unsigned line);
/* 1 (after saying why) when the focused warp cannot be read now. */
int dbg_no_focus(dbg *d);
/* The focused warp's state. */
void dbg_focus_warp(dbg *d, simtvm_warp_info *w);
/* Whether word is a prefix of name at least min long. */
int dbg_is_cmd(const char *word, const char *name, size_t min);
/* A value as print shows it: %g for floats, true/false, 0x for pointers. */
void dbg_format_value(simtvm_type type, uint64_t bits, char *buf, size_t len);

/* print EXPR; info mask | banks | locals | warps | breakpoints. */
void dbg_cmd_print(dbg *d, const char *expr);
void dbg_cmd_info(dbg *d, const char *arg);

#endif
