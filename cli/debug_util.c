/* cli/debug_util.c -- the small helpers both files of `simtvm debug` use
 * (cli/debug.c's command loop, cli/debug_info.c's readers): lane lists,
 * the line, opcode and function of a pc, source lines, the focused warp,
 * command prefixes.  A file of its own so that the readers do not call
 * back into the loop that calls them. */
#include <stdio.h>
#include <string.h>

#include "cli/debug_cli.h"

void dbg_lane_list(char *buf, size_t len, uint32_t lanes)
{
    if (lanes)
        simtvm_lane_list(buf, len, lanes);
    else
        snprintf(buf, len, "none");
}

unsigned dbg_line(const dbg *d, int pc)
{
    unsigned line = 0;
    simtvm_debug_pc(d->api, pc, &line, NULL, NULL);
    return line;
}

const char *dbg_op(const dbg *d, int pc)
{
    const char *op = "?";
    simtvm_debug_pc(d->api, pc, NULL, &op, NULL);
    return op;
}

const char *dbg_func(const dbg *d, int pc)
{
    const char *fn = "?";
    simtvm_debug_pc(d->api, pc, NULL, NULL, &fn);
    return fn;
}

void dbg_show_source(dbg *d, unsigned line)
{
    int len;
    const char *s = simtvm_module_source_line(d->mod, line, &len);
    if (s)
        fprintf(d->out, "%5u | %.*s\n", line, len > 200 ? 200 : len, s);
}

/* Whether the focused warp can be read now; otherwise says why. */
int dbg_no_focus(dbg *d)
{
    if (!simtvm_debug_running(d->api)) {
        fprintf(d->out, "The program is not being run.\n");
        return 1;
    }
    if (!simtvm_debug_focus_live(d->api)) {
        unsigned fb[3], fw;
        simtvm_stop_info s;
        simtvm_debug_focus(d->api, fb, &fw);
        simtvm_debug_stop_info(d->api, &s);
        fprintf(d->out, "block (%u,%u,%u) warp %u is not running now (block (%u,%u,%u) with %u "
                "warps is)\n", fb[0], fb[1], fb[2], fw, s.block[0], s.block[1], s.block[2],
                s.warps);
        return 1;
    }
    return 0;
}

/* The focused warp's state (dbg_no_focus has said it is live). */
void dbg_focus_warp(dbg *d, simtvm_warp_info *w)
{
    unsigned fw;
    simtvm_debug_focus(d->api, NULL, &fw);
    simtvm_debug_warp_info(d->api, fw, w);
}

int dbg_is_cmd(const char *word, const char *name, size_t min)
{
    size_t n = strlen(word);
    return n >= min && n <= strlen(name) && !strncmp(word, name, n);
}
