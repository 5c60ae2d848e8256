#!/usr/bin/env python3
"""tests/difftest/gen.py SEED -- a random K program whose every result is defined in CUDA C++,
for differential testing of simtvm against a real GPU (nvcc -fmad=false).

Each thread of 2 blocks x 64 threads computes a few variables of mixed types
through random expressions, divergent ifs, lane-dependent loops, switches,
local arrays, a device function, warp collectives at converged points and
shared memory; the host prints every variable of every thread."""
import os, random, sys

INTS = ['char', 'unsigned char', 'short', 'unsigned short', 'int', 'unsigned',
        'long long', 'unsigned long long']
FLTS = ['float', 'double']
BITS = {'char': 8, 'unsigned char': 8, 'short': 16, 'unsigned short': 16, 'int': 32,
        'unsigned': 32, 'long long': 64, 'unsigned long long': 64}
BLOCK = 64
# The signed types whose + - * can overflow (C++ promotes the narrower ones
# to int), and the unsigned types their arithmetic goes through.
WIDE_SIGNED = {'int': 'unsigned', 'long long': 'unsigned long long'}


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.vars = []          # (name, type)
        self.depth = 0
        self.uniq = 0
        self.in_dev = False

    def pick(self, xs):
        return self.r.choice(xs)

    def lit(self, t):
        r = self.r
        if t in FLTS:
            v = self.pick([0.0, 1.0, -1.0, 0.5, 3.25, -7.75, 1e-3, 1e6, 2.0 ** -20,
                           r.randint(-100, 100) / 8.0])
            s = repr(float(v))
            s = s + 'f' if t == 'float' else s
            return '(' + s + ')'
        b = BITS[t]
        if t.startswith('unsigned'):
            v = self.pick([0, 1, 2, 7, 255, 65535, r.randint(0, 1000), (1 << b) - 1,
                           1 << (b - 1)])
            suf = 'ull' if b == 64 else 'u'
            return '((%s)%d%s)' % (t, v % (1 << b), suf)
        v = self.pick([0, 1, -1, 3, -100, r.randint(-1000, 1000), (1 << (b - 1)) - 1])
        if b == 64:
            return '((%s)%dll)' % (t, v)
        return '((%s)%d)' % (t, v)

    def var(self, t=None):
        vs = [v for v in self.vars if t is None or v[1] == t]
        return self.pick(vs) if vs else None

    def leaf(self, t):
        c = self.r.random()
        if c < 0.45:
            v = self.var(t) or self.var()
            if v:
                return '((%s)%s)' % (t, v[0]) if v[1] != t else v[0]
        if c < 0.6:
            return '((%s)t)' % t
        if c < 0.7:
            return '((%s)lane)' % t
        return self.lit(t)

    def expr(self, t, d=0):
        if d > 3 or self.r.random() < 0.25:
            return self.leaf(t)
        if t in FLTS:
            return self.fexpr(t, d)
        return self.iexpr(t, d)

    def conv_from_float(self, t, d):
        # float to integer only where the value fits: out of range is undefined
        ft = self.pick(FLTS)
        e = self.expr(ft, d + 1)
        fab = 'fabsf' if ft == 'float' else 'fabs'
        lim = {8: '100', 16: '30000', 32: '1e9', 64: '1e18'}[BITS[t]]
        via = '(long long)' if t.startswith('unsigned') else ''
        return '(%s(%s) < %s ? (%s)%s(%s) : (%s)0)' % (fab, e, lim, t, via, e, t)

    def iexpr(self, t, d):
        r = self.r
        c = r.random()
        a = lambda: self.expr(t, d + 1)
        if c < 0.30:
            op = self.pick(['+', '-', '*', '&', '|', '^'])
            return self.wrap(t, a(), op, a())
        if c < 0.38:
            return '((%s)(%s / (%s)((%s & 15) + 1)))' % (t, a(), t, a())
        if c < 0.44:
            return '((%s)(%s %% (%s)((%s & 15) + 1)))' % (t, a(), t, a())
        if c < 0.52:
            b = 64 if BITS[t] == 64 else 32
            ut = 'unsigned long long' if b == 64 else 'unsigned'
            return '((%s)((%s)%s << (%s & %d)))' % (t, ut, a(), a(), b - 1)
        if c < 0.58:
            b = 64 if BITS[t] == 64 else 32
            return '((%s)(%s >> (%s & %d)))' % (t, a(), a(), b - 1 if BITS[t] >= 32 else 15)
        if c < 0.64:
            ot = self.pick(INTS + FLTS)
            cmp = self.pick(['<', '<=', '==', '!=', '>', '>='])
            return '((%s)(%s %s %s))' % (t, self.expr(ot, d + 1), cmp, self.expr(ot, d + 1))
        if c < 0.70:
            return '(%s ? %s : %s)' % (self.cond(d + 1), a(), a())
        if c < 0.74:
            return '((%s)(%s))' % (t, self.expr(self.pick(INTS), d + 1))
        if c < 0.78:
            return self.conv_from_float(t, d)
        if c < 0.84:
            f = self.pick(['__popc((unsigned)%s)', '__clz((int)%s)', '__ffs((int)%s)',
                           '__brev((unsigned)%s)', '__popcll((unsigned long long)%s)',
                           '__clzll((long long)%s)', '__brevll((unsigned long long)%s)'])
            return '((%s)%s)' % (t, f % a())
        if c < 0.88:
            return '((%s)__byte_perm((unsigned)%s, (unsigned)%s, (unsigned)%s & 0xffffu))' % (
                t, a(), a(), a())
        if c < 0.91:
            f = self.pick(['__funnelshift_l', '__funnelshift_r'])
            return '((%s)%s((unsigned)%s, (unsigned)%s, (unsigned)%s))' % (t, f, a(), a(), a())
        if c < 0.95:
            f = self.pick(['min', 'max'])
            it = self.pick(['int', 'unsigned', 'long long', 'unsigned long long'])
            return '((%s)%s((%s)%s, (%s)%s))' % (t, f, it, a(), it, a())
        if c < 0.97:
            if t in WIDE_SIGNED:
                return '((%s)(-(%s)%s))' % (t, WIDE_SIGNED[t], a())
            return '((%s)(-(%s)))' % (t, a())
        return '((%s)(~%s))' % (t, a())

    def wrap(self, t, x, op, y):
        """x op y in type t.  Signed + - * of int or long long that overflows
        is undefined in C++ (nvcc may assume it does not happen), so these go
        through the unsigned type and wrap; char and short are promoted to
        int, where their + - * cannot overflow."""
        if t in WIDE_SIGNED and op in '+-*':
            u = WIDE_SIGNED[t]
            return '((%s)((%s)%s %s (%s)%s))' % (t, u, x, op, u, y)
        return '((%s)(%s %s %s))' % (t, x, op, y)

    def fexpr(self, t, d):
        c = self.r.random()
        a = lambda: self.expr(t, d + 1)
        f = '' if t == 'double' else 'f'
        if c < 0.45:
            op = self.pick(['+', '-', '*', '/'])
            return '((%s)(%s %s %s))' % (t, a(), op, a())
        if c < 0.55:
            return '((%s)(%s))' % (t, self.expr(self.pick(INTS + FLTS), d + 1))
        if c < 0.75:
            fn = self.pick(['sqrt', 'fabs', 'floor', 'ceil', 'trunc', 'round'])
            return '%s%s(%s)' % (fn, f, a())
        if c < 0.85:
            fn = self.pick(['fmin', 'fmax'])
            return '%s%s(%s, %s)' % (fn, f, a(), a())
        if c < 0.9:
            return 'fma%s(%s, %s, %s)' % (f, a(), a(), a())
        if c < 0.95:
            return '(%s ? %s : %s)' % (self.cond(d + 1), a(), a())
        return '((%s)(-(%s)))' % (t, a())

    def cond(self, d=0):
        t = self.pick(INTS + FLTS)
        cmp = self.pick(['<', '<=', '==', '!=', '>', '>='])
        c = '(%s %s %s)' % (self.expr(t, d + 1), cmp, self.expr(t, d + 1))
        if self.r.random() < 0.2:
            c = '(%s %s %s)' % (c, self.pick(['&&', '||']), self.cond(d + 2) if d < 3 else '(lane & 1)')
        if self.r.random() < 0.1:
            c = '!' + c
        return c

    def assign(self, ind):
        v = self.var()
        op = self.pick(['=', '=', '=', '+=', '-=', '^='])
        if v[1] in FLTS and op == '^=':
            op = '='
        if v[1] in WIDE_SIGNED and op in ('+=', '-='):
            return '%s%s = %s;\n' % (ind, v[0], self.wrap(v[1], v[0], op[0], self.expr(v[1])))
        return '%s%s %s %s;\n' % (ind, v[0], op, self.expr(v[1]))

    def stmt(self, ind, converged):
        r = self.r
        c = r.random()
        if self.depth >= 3 or c < 0.45:
            return self.assign(ind)
        self.depth += 1
        try:
            if c < 0.62:
                s = '%sif (%s) {\n%s%s}' % (ind, self.cond(), self.block(ind + '    ', False), ind)
                if r.random() < 0.5:
                    s += ' else {\n%s%s}' % (self.block(ind + '    ', False), ind)
                return s + '\n'
            if c < 0.72:
                j = 'j%d' % self.depth
                bound = self.pick(['(lane & 7)', '((t * 3) & 5)', '4', '(%s & 7)' % self.leaf('int')])
                body = self.block(ind + '    ', False)
                if r.random() < 0.3:
                    body += '%s    if (%s) %s;\n' % (ind, self.cond(), self.pick(['break', 'continue']))
                return '%sfor (int %s = 0; %s < %s; %s++) {\n%s%s}\n' % (ind, j, j, bound, j, body, ind)
            if c < 0.78:
                self.uniq += 1
                k = 'k%d' % self.uniq
                return ('%sint %s = %s;\n%swhile (%s > 0) {\n%s%s    %s--;\n%s}\n' %
                        (ind, k, '(int)(%s & 3)' % self.leaf('unsigned'), ind, k,
                         self.block(ind + '    ', False), ind, k, ind))
            if c < 0.84:
                s = '%sswitch ((int)(%s & 3)) {\n' % (ind, self.leaf('unsigned'))
                for case in range(3):
                    s += '%scase %d: {\n%s' % (ind, case, self.block(ind + '    ', False))
                    if r.random() < 0.6:
                        s += '%s    break;\n' % ind
                    s += '%s}\n' % ind
                s += '%sdefault: {\n%s%s}\n%s}\n' % (ind, self.block(ind + '    ', False), ind, ind)
                return s
            if c < 0.90 and not self.in_dev:
                v = self.var()
                return '%s%s = (%s)dev(%s, %s);\n' % (ind, v[0], v[1], self.expr('int'),
                                                      self.expr('unsigned'))
            if c < 0.95:
                v = self.var('int') or self.var()
                return '%sarr[%s & 7] = (int)%s;\n%s%s = (%s)arr[%s & 7];\n' % (
                    ind, self.leaf('unsigned'), self.expr('int'), ind, v[0], v[1],
                    self.leaf('unsigned'))
            return self.assign(ind)
        finally:
            self.depth -= 1

    def block(self, ind, converged):
        return ''.join(self.stmt(ind, converged) for _ in range(self.r.randint(1, 3)))

    def collective(self, ind):
        r = self.r
        c = r.random()
        v = self.var()
        t = v[1]
        if c < 0.35 and t in ('int', 'unsigned', 'long long', 'unsigned long long', 'float', 'double'):
            f = self.pick(['__shfl_sync(0xffffffffu, %s, %s)', '__shfl_xor_sync(0xffffffffu, %s, %s & 31)',
                           '__shfl_down_sync(0xffffffffu, %s, %s & 31)',
                           '__shfl_up_sync(0xffffffffu, %s, %s & 31)'])
            src = '(unsigned)%s' % self.leaf('unsigned')
            return '%s%s = %s;\n' % (ind, v[0], f % (v[0], src))
        if c < 0.5:
            return '%s%s = (%s)__ballot_sync(0xffffffffu, %s);\n' % (ind, v[0], t, self.cond())
        if c < 0.6:
            f = self.pick(['__any_sync', '__all_sync'])
            vote = '(%s)%s(0xffffffffu, %s)' % (t, f, self.cond())
            return '%s%s = %s;\n' % (ind, v[0], self.wrap(t, v[0], '+', vote))
        if c < 0.75:
            f = self.pick(['__reduce_add_sync', '__reduce_min_sync', '__reduce_max_sync',
                           '__reduce_and_sync', '__reduce_or_sync', '__reduce_xor_sync'])
            it = self.pick(['unsigned', 'int']) if f in ('__reduce_add_sync', '__reduce_min_sync',
                                                       '__reduce_max_sync') else 'unsigned'
            return '%s%s = (%s)%s(0xffffffffu, (%s)%s);\n' % (ind, v[0], t, f, it, self.expr(it))
        if c < 0.85:
            return ('%ssh[threadIdx.x] = (long long)%s;\n%s__syncthreads();\n'
                    '%s%s = (%s)sh[(threadIdx.x + %d) %% %d];\n%s__syncthreads();\n' %
                    (ind, self.expr('long long'), ind, ind, v[0], t, r.randint(1, BLOCK - 1),
                     BLOCK, ind))
        return '%s%s = (%s)__syncthreads_count(%s);\n' % (ind, v[0], t, self.cond())

    def program(self):
        r = self.r
        nv = r.randint(4, 7)
        types = [self.pick(INTS + INTS + FLTS) for _ in range(nv)]
        self.vars = []
        out = []
        out.append('// generated by gen.py: differential test of simtvm against a GPU\n')
        # the device function
        self.vars = [('a', 'int'), ('b', 'unsigned')]
        body = '    int r = a;\n'
        self.vars.append(('r', 'int'))
        self.in_dev = True
        body += self.block('    ', False)
        self.in_dev = False
        out.append('__device__ int dev(int a, unsigned b) {\n    int t = a, lane = (int)(b & 31u);\n'
                   '    int arr[8] = {0, 1, 2, 3, 4, 5, 6, 7};\n%s    return r;\n}\n\n' % body)
        self.vars = []
        decl = ''
        for i, t in enumerate(types):
            init = self.expr(t)
            decl += '    %s v%d = %s;\n' % (t, i, init)
            self.vars.append(('v%d' % i, t))
        parts = []
        for _ in range(r.randint(4, 9)):
            if r.random() < 0.3:
                parts.append(self.collective('    '))
            else:
                parts.append(self.stmt('    ', True))
        keep = int(os.environ.get('TRUNC', len(parts)))
        stmts = ''.join(parts[:keep])
        # each variable goes out through outd (floats) or outi, and is printed
        store = pr = ''
        for i, t in enumerate(types):
            arr, cast, conv = (('outd', 'double', '%.17g') if t in FLTS
                               else ('outi', 'unsigned long long', '%llu'))
            store += '    %s[t * %d + %d] = (%s)v%d;\n' % (arr, nv, i, cast, i)
            pr += '        printf("%%d v%d %s\\n", t, %s[t * %d + %d]);\n' % (i, conv, arr, nv, i)
        out.append('__global__ void k(const int *in, unsigned long long *outi, double *outd) {\n'
                   '    __shared__ long long sh[%d];\n'
                   '    int t = blockIdx.x * blockDim.x + threadIdx.x;\n'
                   '    int lane = threadIdx.x & 31;\n'
                   '    int arr[8] = {0, 1, 2, 3, 4, 5, 6, 7};\n'
                   '    arr[t & 7] = in[t];\n%s%s%s}\n\n' % (BLOCK, decl, stmts, store))
        n = 2 * BLOCK
        out.append('int main() {\n'
                   '    int *in = (int *)malloc(%d * sizeof(int));\n'
                   '    unsigned long long *outi = (unsigned long long *)malloc(%d * sizeof(unsigned long long));\n'
                   '    double *outd = (double *)malloc(%d * sizeof(double));\n'
                   '    unsigned s = %du;\n'
                   '    for (int i = 0; i < %d; i++) { s = s * 1103515245u + 12345u; in[i] = (int)(s >> 8) - (1 << 23); }\n'
                   '    for (int i = 0; i < %d; i++) { outi[i] = 0; outd[i] = 0.0; }\n'
                   '    k<<<2, %d>>>(in, outi, outd);\n'
                   '    cudaDeviceSynchronize();\n'
                   '    for (int t = 0; t < %d; t++) {\n%s    }\n'
                   '    return 0;\n}\n' % (n, n * nv, n * nv, r.randint(1, 1 << 30), n, n * nv,
                                           BLOCK, n, pr))
        return ''.join(out)


if __name__ == '__main__':
    sys.stdout.write(Gen(int(sys.argv[1])).program())
