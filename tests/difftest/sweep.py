#!/usr/bin/env python3
"""tests/difftest/sweep.py -- K programs that apply every integer and float operation to
pairs of edge values, printing bit patterns, to compare simtvm with a GPU."""
import sys

INTS = ['char', 'unsigned char', 'short', 'unsigned short', 'int', 'unsigned',
        'long long', 'unsigned long long']
BITS = {'char': 8, 'unsigned char': 8, 'short': 16, 'unsigned short': 16, 'int': 32,
        'unsigned': 32, 'long long': 64, 'unsigned long long': 64}
IVALS = ['0ll', '1ll', '-1ll', '2ll', '7ll', '127ll', '-128ll', '255ll', '256ll', '32767ll',
         '-32768ll', '65535ll', '65536ll', '2147483647ll', '(-2147483647ll - 1)',
         '2147483648ll', '4294967295ll', '4294967296ll', '9223372036854775807ll',
         '(-9223372036854775807ll - 1)', '123456789ll', '-987654321ll',
         '81985529216486895ll', '-3ll']
FVALS = ['0.0', '-0.0', '1.0', '-1.0', '0.5', '1.5', '2.5', '-2.5', '1e-45', '1e-40',
         '3.4028234663852886e38', '(1.0/0.0)', '(-1.0/0.0)', '(0.0/0.0)', '3e9', '-3e9',
         '1e20', '123.456', '16777217.0', '-0.49999997', '4294967296.0', '9.3e18',
         '1e-310', '-1e300']

# Both sweeps' kernel: thread p takes the pair of values (i, j).
KERNEL_HEAD = """__global__ void k(%s) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= NV * NV) return;
    int i = p / NV, j = p %% NV;
"""


def int_ops(t):
    b = BITS[t]
    ops = []
    for op in ['+', '-', '*', '&', '|', '^']:
        ops.append(('%s %s' % (t, op), '(%s)(x %s y)' % (t, op)))
    signed = not t.startswith('unsigned')
    # division: a zero divisor, and MIN / -1 for a signed type, are left out
    mn = '(-%dll - 1)' % ((1 << (b - 1)) - 1) if b < 64 else '(-9223372036854775807ll - 1)'
    guard = 'y != 0' + (' && !(x == (%s)%s && y == (%s)-1)' % (t, mn, t) if signed else '')
    ops.append(('%s /' % t, '(%s) ? (%s)(x / y) : (%s)0' % (guard, t, t)))
    ops.append(('%s %%' % t, '(%s) ? (%s)(x %% y) : (%s)0' % (guard, t, t)))
    pb = 64 if b == 64 else 32
    ut = 'unsigned long long' if b == 64 else 'unsigned'
    ops.append(('%s <<' % t, '(%s)((%s)x << ((unsigned)y & %d))' % (t, ut, pb - 1)))
    ops.append(('%s >>' % t, '(%s)(x >> ((unsigned)y & %d))' % (t, pb - 1 if b >= 32 else 15)))
    for op in ['<', '<=', '==', '!=']:
        ops.append(('%s %s' % (t, op), '(%s)(x %s y)' % (t, op)))
    ops.append(('%s neg' % t, '(%s)(-x)' % t))
    ops.append(('%s not' % t, '(%s)(~x)' % t))
    ops.append(('%s lnot' % t, '(%s)(!x)' % t))
    for u in INTS:
        ops.append(('%s to %s' % (t, u), '(%s)(%s)x' % (t, u)))
    ops.append(('%s min' % t, '(%s)min(x, y)' % t))
    ops.append(('%s max' % t, '(%s)max(x, y)' % t))
    ops.append(('%s ?:' % t, '(%s)(x < y ? x - y : y - x)' % t))
    ops.append(('%s cmpmix' % t, '(%s)(x < (int)y) + (%s)(x < (unsigned)y) * 2' % (t, t)))
    return ops


INTRINSICS = [
    ('popc', '(unsigned long long)__popc((unsigned)x)'),
    ('popcll', '(unsigned long long)__popcll((unsigned long long)x)'),
    ('clz', '(unsigned long long)__clz((int)x)'),
    ('clzll', '(unsigned long long)__clzll((long long)x)'),
    ('ffs', '(unsigned long long)__ffs((int)x)'),
    ('ffsll', '(unsigned long long)__ffsll((long long)x)'),
    ('brev', '(unsigned long long)__brev((unsigned)x)'),
    ('brevll', '(unsigned long long)__brevll((unsigned long long)x)'),
    ('byte_perm', '(unsigned long long)__byte_perm((unsigned)x, (unsigned)y, (unsigned)(x ^ (y >> 3)))'),
    ('fshl', '(unsigned long long)__funnelshift_l((unsigned)x, (unsigned)y, (unsigned)(x + y))'),
    ('fshr', '(unsigned long long)__funnelshift_r((unsigned)x, (unsigned)y, (unsigned)(x + y))'),
    ('abs', '(unsigned long long)abs((int)x)'),
    ('llabs', '(unsigned long long)llabs((long long)x)'),
    ('imin', '(unsigned long long)min((int)x, (unsigned)y)'),
    ('umax', '(unsigned long long)max((unsigned)x, (int)y)'),
    ('llmin', '(unsigned long long)min((long long)x, (unsigned long long)y)'),
    ('i2f', '(unsigned long long)(unsigned)(fabsf((float)x) >= 0.0f)'),
]


def int_program():
    ops = []
    for t in INTS:
        ops += [(n, e, t) for n, e in int_ops(t)]
    ops += [(n, e, 'long long') for n, e in INTRINSICS]
    nv = len(IVALS)
    body = ''
    for k, (name, e, t) in enumerate(ops):
        body += '    { %s x = (%s)vals[i], y = (%s)vals[j]; out[p * NOPS + %d] = (unsigned long long)(%s); }\n' % (
            t, t, t, k, e)
    names = ',\n'.join('    "%s"' % n for n, _, _ in ops)
    return '''// integer sweep (sweep.py)
const int NV = %d;
const int NOPS = %d;
__constant__ long long vals[NV] = {%s};
%s%s}
int main() {
    const char *names[NOPS] = {
%s
    };
    unsigned long long *out = (unsigned long long *)malloc(NV * NV * NOPS * sizeof(unsigned long long));
    k<<<(NV * NV + 63) / 64, 64>>>(out);
    cudaDeviceSynchronize();
    for (int o = 0; o < NOPS; o++)
        for (int p = 0; p < NV * NV; p++)
            printf("%%s %%d %%d %%llx\\n", names[o], p / NV, p %% NV, out[p * NOPS + o]);
    return 0;
}
''' % (nv, len(ops), ', '.join(IVALS), KERNEL_HEAD % 'unsigned long long *out', body, names)


def flt_ops(t):
    f = 'f' if t == 'float' else ''
    ops = []
    for op in ['+', '-', '*', '/']:
        ops.append(('%s %s' % (t, op), '(%s)(x %s y)' % (t, op)))
    for fn in ['sqrt', 'fabs', 'floor', 'ceil', 'trunc', 'round']:
        ops.append(('%s %s' % (t, fn), '%s%s(x)' % (fn, f)))
    for fn in ['fmin', 'fmax']:
        ops.append(('%s %s' % (t, fn), '%s%s(x, y)' % (fn, f)))
    ops.append(('%s fma' % t, 'fma%s(x, y, (%s)0.5)' % (f, t)))
    ops.append(('%s neg' % t, '-x'))
    for op in ['<', '<=', '==', '!=']:
        ops.append(('%s %s' % (t, op), '(%s)(x %s y)' % (t, op)))
    ops.append(('%s ?:' % t, '(x < y ? x : y)'))
    other = 'double' if t == 'float' else 'float'
    ops.append(('%s to %s' % (t, other), '(%s)(%s)x' % (t, other)))
    ops.append(('%s +1' % t, 'x + (%s)1' % t))
    return ops


def flt_program():
    lines = []
    k = 0
    names = []
    for t in ['float', 'double']:
        for name, e in flt_ops(t):
            lines.append('    { %s x = (%s)vals[i], y = (%s)vals[j]; %s r = %s; %s[p * NOPS + %d] = r; }\n' % (
                t, t, t, t, e, 'of' if t == 'float' else 'od', k))
            names.append((name, t))
            k += 1
    # conversions to integers, in range or not: the GPU saturates
    conv = []
    for t in ['float', 'double']:
        for u in INTS:
            conv.append(('%s to %s' % (t, u), t, u))
    for t in ['float', 'double']:
        for u in INTS:
            conv.append(('%s from %s' % (t, u), u, t))
    for name, a, b in conv:
        if a in ('float', 'double'):
            lines.append('    { %s x = (%s)vals[i]; oi[p * NOPS + %d] = (unsigned long long)(%s)x; }\n' % (a, a, k, b))
        else:
            lines.append('    { %s x = (%s)ivals[i %% NI]; %s[p * NOPS + %d] = (%s)x; }\n' % (
                a, a, 'of' if b == 'float' else 'od', k, b))
        names.append((name, 'int' if a in ('float', 'double') else b))
        k += 1
    body = ''.join(lines)
    kinds = ',\n'.join('    %d' % {'float': 0, 'double': 1, 'int': 2}[t] for _, t in names)
    nm = ',\n'.join('    "%s"' % n for n, _ in names)
    return '''// float sweep (sweep.py)
const int NV = %d;
const int NI = %d;
const int NOPS = %d;
__constant__ double vals[NV] = {%s};
__constant__ long long ivals[NI] = {%s};
%s%s}
int main() {
    const char *names[NOPS] = {
%s
    };
    int kinds[NOPS] = {
%s
    };
    int n = NV * NV * NOPS;
    float *of = (float *)malloc(n * sizeof(float));
    double *od = (double *)malloc(n * sizeof(double));
    unsigned long long *oi = (unsigned long long *)malloc(n * sizeof(unsigned long long));
    memset(of, 0, n * sizeof(float));
    memset(od, 0, n * sizeof(double));
    memset(oi, 0, n * sizeof(unsigned long long));
    k<<<(NV * NV + 63) / 64, 64>>>(of, od, oi);
    cudaDeviceSynchronize();
    unsigned *fb = (unsigned *)of;
    unsigned long long *db = (unsigned long long *)od;
    for (int o = 0; o < NOPS; o++)
        for (int p = 0; p < NV * NV; p++) {
            int q = p * NOPS + o;
            if (kinds[o] == 0) printf("%%s %%d %%d %%08x\\n", names[o], p / NV, p %% NV, fb[q]);
            if (kinds[o] == 1) printf("%%s %%d %%d %%016llx\\n", names[o], p / NV, p %% NV, db[q]);
            if (kinds[o] == 2) printf("%%s %%d %%d %%llx\\n", names[o], p / NV, p %% NV, oi[q]);
        }
    return 0;
}
''' % (len(FVALS), len(IVALS), k, ', '.join(FVALS), ', '.join(IVALS),
       KERNEL_HEAD % 'float *of, double *od, unsigned long long *oi', body, nm, kinds)


if __name__ == '__main__':
    sys.stdout.write(int_program() if sys.argv[1] == 'int' else flt_program())
