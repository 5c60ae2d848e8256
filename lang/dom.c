/* lang/dom.c -- reachability and immediate post-dominators of a function's
 * blocks: Cooper, Harvey and Kennedy's "A Simple, Fast Dominance Algorithm"
 * run on the reverse CFG, whose root is a virtual exit that every returning
 * block (the exit block, TRAP blocks) flows into.  Blocks that cannot reach
 * the exit (infinite loops) get no post-dominator: their branches reconverge
 * nowhere (j = -1). */
#include "lower.h"

static const simt_allocator *dal(const lw_func *F)
{
    return &F->M->ctx->tal;
}

static int nsucc(const lw_block *b)
{
    return b->term == T_GOTO ? 1 : b->term == T_BR ? 2 : 0;
}

static void mark_reachable(lw_func *F)
{
    int *stack = simt_malloc(dal(F), sizeof *stack * (size_t)(F->nblocks + 1) * 2);
    if (!stack) {
        F->M->oom = 1;
        return;
    }
    int sp = 0;
    for (int i = 0; i < F->nblocks; i++)
        F->blocks[i].reachable = 0;
    F->blocks[0].reachable = 1;
    stack[sp++] = 0;
    while (sp) {
        lw_block *b = &F->blocks[stack[--sp]];
        for (int k = 0; k < nsucc(b); k++) {
            int s = b->succ[k];
            if (!F->blocks[s].reachable) {
                F->blocks[s].reachable = 1;
                stack[sp++] = s;
            }
        }
    }
    simt_free(dal(F), stack);
}

typedef struct dom_work {
    int n;                    /* blocks; node n is the virtual exit */
    int *pred_start, *preds;  /* CFG predecessors of each block (reverse-graph successors) */
    int *po;                  /* postorder number of each node, -1 if not reached */
    int *order;               /* nodes by postorder number */
    int *idom;
    int count;
} dom_work;

/* Iterative DFS over the reverse CFG from the virtual exit. */
static void reverse_postorder(lw_func *F, dom_work *w, int *stack, int *next)
{
    int n = w->n, sp = 0;
    for (int i = 0; i <= n; i++) {
        w->po[i] = -2;   /* unvisited */
        next[i] = 0;
    }
    stack[sp++] = n;
    w->po[n] = -1;
    while (sp) {
        int v = stack[sp - 1];
        int child = -1;
        if (v == n) {
            while (next[v] < n && child < 0) {
                int b = next[v]++;
                if (F->blocks[b].reachable && F->blocks[b].term == T_END && w->po[b] == -2)
                    child = b;
            }
        } else {
            while (next[v] < w->pred_start[v + 1] - w->pred_start[v] && child < 0) {
                int p = w->preds[w->pred_start[v] + next[v]++];
                if (w->po[p] == -2)
                    child = p;
            }
        }
        if (child >= 0) {
            w->po[child] = -1;
            stack[sp++] = child;
        } else {
            sp--;
            w->po[v] = w->count;
            w->order[w->count++] = v;
        }
    }
    for (int i = 0; i <= n; i++)
        if (w->po[i] == -2)
            w->po[i] = -1;
}

static int intersect(const dom_work *w, int a, int b)
{
    while (a != b) {
        while (w->po[a] < w->po[b])
            a = w->idom[a];
        while (w->po[b] < w->po[a])
            b = w->idom[b];
    }
    return a;
}

static int build_preds(lw_func *F, dom_work *w)
{
    int n = w->n;
    for (int i = 0; i <= n; i++)
        w->pred_start[i] = 0;
    for (int b = 0; b < n; b++)
        if (F->blocks[b].reachable)
            for (int k = 0; k < nsucc(&F->blocks[b]); k++)
                w->pred_start[F->blocks[b].succ[k] + 1]++;
    for (int i = 0; i < n; i++)
        w->pred_start[i + 1] += w->pred_start[i];
    int *fill = simt_calloc(dal(F), (size_t)n + 1, sizeof *fill);
    if (!fill)
        return -1;
    for (int b = 0; b < n; b++)
        if (F->blocks[b].reachable)
            for (int k = 0; k < nsucc(&F->blocks[b]); k++) {
                int s = F->blocks[b].succ[k];
                w->preds[w->pred_start[s] + fill[s]++] = b;
            }
    simt_free(dal(F), fill);
    return 0;
}

static void solve(lw_func *F, dom_work *w)
{
    int n = w->n;
    for (int i = 0; i <= n; i++)
        w->idom[i] = -1;
    w->idom[n] = n;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int k = w->count - 2; k >= 0; k--) {   /* reverse postorder, root excluded */
            int b = w->order[k];
            lw_block *blk = &F->blocks[b];
            int nd = blk->term == T_END ? n : -1;
            for (int s = 0; s < nsucc(blk); s++) {
                int p = blk->succ[s];
                if (w->po[p] < 0 || w->idom[p] < 0)
                    continue;
                nd = nd < 0 ? p : intersect(w, p, nd);
            }
            if (nd >= 0 && w->idom[b] != nd) {
                w->idom[b] = nd;
                changed = 1;
            }
        }
    }
}

void lw_postdominators(lw_func *F)
{
    mark_reachable(F);
    int n = F->nblocks, edges = 0;
    for (int b = 0; b < n; b++)
        edges += nsucc(&F->blocks[b]);
    dom_work w = {.n = n};
    w.pred_start = simt_malloc(dal(F), sizeof(int) * (size_t)(n + 2));
    w.preds = simt_malloc(dal(F), sizeof(int) * (size_t)(edges + 1));
    w.po = simt_malloc(dal(F), sizeof(int) * (size_t)(n + 1));
    w.order = simt_malloc(dal(F), sizeof(int) * (size_t)(n + 1));
    w.idom = simt_malloc(dal(F), sizeof(int) * (size_t)(n + 1));
    int *stack = simt_malloc(dal(F), sizeof(int) * (size_t)(n + 1));
    int *next = simt_malloc(dal(F), sizeof(int) * (size_t)(n + 1));
    if (w.pred_start && w.preds && w.po && w.order && w.idom && stack && next &&
        build_preds(F, &w) == 0) {
        reverse_postorder(F, &w, stack, next);
        solve(F, &w);
        for (int b = 0; b < n; b++)
            F->blocks[b].ipdom = (w.idom[b] < 0 || w.idom[b] == n) ? -1 : w.idom[b];
    } else {
        F->M->oom = 1;
    }
    simt_free(dal(F), w.pred_start);
    simt_free(dal(F), w.preds);
    simt_free(dal(F), w.po);
    simt_free(dal(F), w.order);
    simt_free(dal(F), w.idom);
    simt_free(dal(F), stack);
    simt_free(dal(F), next);
}
