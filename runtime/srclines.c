/* runtime/srclines.c -- the lines of a module's source text and the line
 * of an instruction, for the viewers (trace.c, report.c, report_html.c).
 * A file of its own so that the report reads source lines without calling
 * back into the timeline that drives it. */
#include "runtime/srclines.h"

#include <stdlib.h>
#include <string.h>

int simt_srclines_init(simt_srclines *s, const char *text)
{
    memset(s, 0, sizeof *s);
    s->text = text ? text : "";
    uint32_t n = 1;
    for (const char *p = s->text; *p; p++)
        n += *p == '\n';
    s->start = malloc(((size_t)n + 2) * sizeof *s->start);
    if (!s->start)
        return -1;
    uint32_t k = 1;
    s->start[0] = s->start[1] = 0;
    for (uint32_t i = 0; s->text[i]; i++)
        if (s->text[i] == '\n')
            s->start[++k] = i + 1;
    s->n = k;
    s->start[k + 1] = (uint32_t)strlen(s->text) + 1;
    return 0;
}

void simt_srclines_free(simt_srclines *s)
{
    free(s->start);
    s->start = NULL;
}

const char *simt_srclines_get(const simt_srclines *s, uint32_t k, size_t *len)
{
    *len = 0;
    if (!s->start || k < 1 || k > s->n)
        return "";
    const char *p = s->text + s->start[k];
    size_t n = s->start[k + 1] - s->start[k];
    while (n && (p[n - 1] == '\n' || p[n - 1] == '\r' || p[n - 1] == '\0'))
        n--;
    *len = n;
    return p;
}

uint32_t simt_view_line(const simt_module *mod, int32_t pc)
{
    return mod->pos && pc >= 0 && (uint32_t)pc < mod->ncode ? mod->pos[pc].line : 0;
}
