#!/usr/bin/env python3
"""tests/gen/gen.py SEED -- a random K program that is race-free by construction and
whose every result is defined in CUDA C++, for differential testing (tests/gen/diff.sh)
and for comparison with a real GPU (tests/gen/gpu_oracle.sh).

The same seed gives the same program (Python's random.Random is stable across
versions for integer seeds).  The first lines say what the program allows:

    // gen: seed 42
    // gen: warp-sizes 32            (or 4 8 16 32 when it has no warp operation)

How the program stays race-free and defined (tests/gen/README.md says more):
- every thread computes in its own variables; it writes only out[its global id];
- block-wide shared memory is touched only in "barrier phases" placed where the
  control flow is block-uniform (the kernel's top level, loops whose trip count
  and branches whose condition depend on blockIdx only), before any lane may
  have returned; each phase writes, __syncthreads(), reads, __syncthreads();
- warp operations are emitted only where the generator knows the exact set of
  lanes present: a variable holding that mask, made with __ballot_sync at each
  branch, loop head, break and return; shuffles read only lanes of that set
  (xor offsets that keep the set, widths whose segments the set fills, or the
  lowest and highest lane of the set);
- warp-level shared memory (one slot per thread) is written, __syncwarp(mask),
  read, __syncwarp(mask);
- atomics go to counters that take one commutative operation each, and their
  return values are not used;
- signed + - * go through the unsigned type; divisors are 1..16; shift counts
  are masked; floats are clamped to [-1e6, 1e6] after each assignment (which
  also turns a NaN into a number), divisors of floats are |d| + 1, float to
  integer conversions are of clamped values, and only correctly rounded float
  operations are used (no transcendental functions, no float reductions)."""
import random
import sys

FULL = '0xffffffffu'
INTS = ['int', 'unsigned', 'long long', 'unsigned long long', 'short', 'unsigned char']
FLTS = ['float', 'double']
UNS = {'int': 'unsigned', 'long long': 'unsigned long long', 'short': 'unsigned',
       'unsigned char': 'unsigned', 'unsigned': 'unsigned',
       'unsigned long long': 'unsigned long long'}
WIDE = {'long long', 'unsigned long long'}
NACC = 8             # shared atomic accumulators, one operation each
ACC_OPS = ['atomicAdd', 'atomicOr', 'atomicXor', 'atomicMax', 'atomicMin', 'atomicAnd',
           'atomicAdd', 'atomicSub']
ACC_INIT = ['0u', '0u', '0u', '0u', '0xffffffffu', '0xffffffffu', '7u', '0u']
NGC = 6              # global atomic counters
GC_OPS = ['atomicAdd', 'atomicOr', 'atomicMax', 'atomicXor', 'atomicMin', 'atomicInc']


class Where:
    """What the generator knows at a point of the kernel."""

    def __init__(self, mask, xor_ok, seg, uniform, tail):
        self.mask = mask        # name of the variable holding the lanes here, or None
        self.xor_ok = xor_ok    # xor offsets under which that set is closed
        self.seg = seg          # the set is a union of aligned segments of seg lanes
        self.uniform = uniform  # block-uniform control flow: barriers allowed
        self.tail = tail        # early returns allowed (no barrier follows)
        self.loop = None        # 'free' (break/continue anywhere) or None

    def sub(self, **kw):
        w = Where(self.mask, self.xor_ok, self.seg, self.uniform, self.tail)
        w.loop = self.loop
        for k, v in kw.items():
            setattr(w, k, v)
        return w


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.n = 0
        self.vars = []          # (name, type) of the thread's variables
        self.ro = []            # loop counters: read, never assigned
        self.in_dev = False
        self.depth = 0
        self.lines = []
        self.warp_ops = self.r.random() < 0.7
        self.block = self.pick([32, 64, 64, 96, 128] if self.warp_ops else [32, 48, 64, 96, 128, 40])
        self.grid = self.r.randint(1, 5)
        self.use_struct = self.r.random() < 0.5
        self.use_vec = self.r.random() < 0.5
        self.use_tmpl_kernel = self.r.random() < 0.4
        self.budget = self.r.randint(18, 45)   # statements in the kernel, roughly

    # ---- helpers -------------------------------------------------------
    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def fresh(self, stem):
        self.n += 1
        return '%s%d' % (stem, self.n)

    def emit(self, ind, text):
        self.lines.append(' ' * ind + text)

    def var(self, kinds=None, ro=False):
        vs = [v for v in self.vars + (self.ro if ro else []) if kinds is None or v[1] in kinds]
        return self.pick(vs) if vs else None

    # ---- expressions -----------------------------------------------------
    def lit(self, t):
        if t in FLTS:
            v = self.pick([0.0, 1.0, -1.0, 0.5, 3.25, -7.75, 1e-3, 1000.0, 2.0 ** -20,
                           self.r.randint(-100, 100) / 8.0])
            return '%r%s' % (v, 'f' if t == 'float' else '')
        v = self.pick([0, 1, 2, 3, 7, 31, 255, 1000, self.r.randint(0, 100000), 0x7fffffff,
                       0x80000000, 0xdeadbeef])
        if t in WIDE:
            return '%dull' % v if t.startswith('unsigned') else '%dll' % v
        return '(%s)%du' % (t, v)

    def leaf(self, t):
        c = self.r.random()
        if c < 0.5:
            v = self.var(ro=True)
            if v:
                return v[0] if v[1] == t else '(%s)%s' % (t, self.conv(v, t))
        if c < 0.6:
            return '(%s)lane' % t
        if c < 0.7:
            return '(%s)tid' % t
        if c < 0.75 and not self.in_dev:
            return '(%s)in[(g * %d + %d) %% N_IN]' % (t, self.r.randint(1, 9), self.r.randint(0, 50))
        return self.lit(t)

    def conv(self, v, t):
        """v's value as something convertible to t without undefined behaviour."""
        name, vt = v
        if vt in FLTS and t not in FLTS:
            f = 'f' if vt == 'float' else ''
            lim = '100.0' if t in ('short', 'unsigned char') else '1e9'
            return '(long long)fmin%s(fmax%s(%s, -%s%s), %s%s)' % (f, f, name, lim, f, lim, f)
        return name

    def expr(self, t, d=0):
        if d > 2 or self.chance(0.3):
            return self.leaf(t)
        if t in FLTS:
            return self.fexpr(t, d)
        return self.iexpr(t, d)

    def arith(self, t, a, op, b):
        u = UNS[t]
        return '(%s)((%s)%s %s (%s)%s)' % (t, u, a, op, u, b)

    def iexpr(self, t, d):
        a = lambda: self.expr(t, d + 1)
        u = UNS[t]
        bits = 63 if t in WIDE else 31
        c = self.r.random()
        if c < 0.30:
            return self.arith(t, a(), self.pick(['+', '-', '*', '&', '|', '^']), a())
        if c < 0.38:
            return '(%s)(%s / (%s)(((%s)%s & 15u) + 1u))' % (t, a(), t, u, a())
        if c < 0.44:
            return '(%s)(%s %% (%s)(((%s)%s & 15u) + 1u))' % (t, a(), t, u, a())
        if c < 0.50:
            return '(%s)((%s)%s << ((unsigned)%s & %du))' % (t, u, a(), a(), bits)
        if c < 0.56:
            return '(%s)(%s >> ((unsigned)%s & %du))' % (t, a(), a(), 15 if t in ('short', 'unsigned char') else bits)
        if c < 0.64:
            ot = self.pick(INTS + FLTS)
            return '(%s)(%s %s %s)' % (t, self.expr(ot, d + 1), self.pick(['<', '<=', '==', '!=', '>', '>=']),
                                       self.expr(ot, d + 1))
        if c < 0.70:
            return '(%s ? %s : %s)' % (self.cond(d + 1), a(), a())
        if c < 0.76:
            ft = self.pick(FLTS)
            return '(%s)%s' % (t, self.conv(('(' + self.expr(ft, d + 1) + ')', ft), t))
        if c < 0.84:
            f = self.pick(['__popc((unsigned)%s)', '__clz((int)%s)', '__ffs((int)%s)', '__brev((unsigned)%s)',
                           '__popcll((unsigned long long)%s)', '__clzll((long long)%s)',
                           'tmix((unsigned)%s, 3u)', 'rot<%d>((unsigned)%%s)' % self.r.randint(1, 31)])
            return '(%s)%s' % (t, f % a())
        if c < 0.88:
            return '(%s)__byte_perm((unsigned)%s, (unsigned)%s, (unsigned)%s & 0x7777u)' % (t, a(), a(), a())
        if c < 0.93:
            it = self.pick(['int', 'unsigned', 'long long'])
            return '(%s)%s((%s)%s, (%s)%s)' % (t, self.pick(['min', 'max']), it, a(), it, a())
        if c < 0.97:
            return '(%s)(~%s)' % (t, a())
        return '(%s)(-(%s)%s)' % (t, u, a())

    def fexpr(self, t, d):
        a = lambda: self.expr(t, d + 1)
        f = 'f' if t == 'float' else ''
        c = self.r.random()
        if c < 0.40:
            op = self.pick(['+', '-', '*'])
            return '(%s %s %s)' % (a(), op, a())
        if c < 0.50:
            return '(%s / (fabs%s(%s) + 1.0%s))' % (a(), f, a(), f)
        if c < 0.60:
            it = self.pick(INTS)
            return '(%s)%s' % (t, self.expr(it, d + 1))
        if c < 0.75:
            fn = self.pick(['fabs', 'floor', 'ceil', 'trunc'])
            return '%s%s(%s)' % (fn, f, a())
        if c < 0.80:
            return 'sqrt%s(fabs%s(%s))' % (f, f, a())
        if c < 0.88:
            return '%s%s(%s, %s)' % (self.pick(['fmin', 'fmax']), f, a(), a())
        if c < 0.93:
            return 'fma%s(%s, %s, %s)' % (f, a(), a(), a())
        return '(%s ? %s : %s)' % (self.cond(d + 1), a(), a())

    def cond(self, d=0):
        c = self.r.random()
        if c < 0.35:
            return '((lane & %du) == %du)' % self.lanebits()
        if c < 0.45:
            return '(%s %% %d == %d)' % (self.pick(['lane', 'tid', 'g']), self.r.randint(2, 5), self.r.randint(0, 1))
        t = self.pick(INTS + FLTS)
        s = '(%s %s %s)' % (self.expr(t, d + 1), self.pick(['<', '<=', '==', '!=', '>', '>=']),
                            self.expr(t, d + 1))
        if d < 2 and self.chance(0.2):
            s = '(%s %s %s)' % (s, self.pick(['&&', '||']), self.cond(d + 1))
        if self.chance(0.1):
            s = '!' + s
        return s

    def lanebits(self):
        m = self.r.randint(1, 31)
        return m, self.r.randint(0, 31) & m

    # ---- assignments ---------------------------------------------------------
    def store(self, ind, name, t, e):
        if t in FLTS:
            f = 'f' if t == 'float' else ''
            self.emit(ind, '%s = fmin%s(fmax%s(%s, -1e6%s), 1e6%s);' % (name, f, f, e, f, f))
        else:
            self.emit(ind, '%s = %s;' % (name, e))

    def assign(self, ind):
        name, t = self.var()
        c = self.r.random()
        if c < 0.25 and t not in FLTS:
            op = self.pick(['+', '-', '^', '|', '*'])
            self.store(ind, name, t, self.arith(t, name, op, self.expr(t)))
        else:
            self.store(ind, name, t, self.expr(t))

    # ---- statements ------------------------------------------------------------
    def stmts(self, ind, w, n):
        """n statements; returns True if lanes may have left (return/break/continue)
        so that w.mask no longer names the lanes present."""
        left = False
        for _ in range(n):
            if self.budget <= 0:
                break
            res = self.stmt(ind, w)
            if isinstance(res, str):
                # an early return at this level: the mask of the lanes that stay
                w = w.sub(mask=res, xor_ok=[], seg=1)
                left = True
            elif res:
                w = w.sub(mask=None)
                left = True
        return left

    def stmt(self, ind, w):
        self.budget -= 1
        c = self.r.random()
        if self.depth >= 4 or c < 0.30:
            self.assign(ind)
            return False
        self.depth += 1
        try:
            if c < 0.45:
                return self.if_stmt(ind, w)
            if c < 0.55:
                return self.loop_stmt(ind, w)
            if c < 0.60:
                return self.switch_stmt(ind, w)
            if c < 0.70 and w.mask and self.warp_ops:
                self.warp_op(ind, w)
                return False
            if c < 0.74 and w.mask and self.warp_ops:
                self.warp_shared(ind, w)
                return False
            if c < 0.79 and w.uniform:
                self.barrier_phase(ind, w)
                return False
            if c < 0.84 and not self.in_dev:
                self.atomic(ind)
                return False
            if c < 0.88 and not self.in_dev:
                self.call(ind)
                return False
            if c < 0.91 and self.use_struct and not self.in_dev:
                self.struct_op(ind)
                return False
            if c < 0.94 and self.use_vec and not self.in_dev:
                self.vec_op(ind)
                return False
            if c < 0.97 and w.loop:
                return self.leave_loop(ind, w)
            if w.tail:
                return self.early_return(ind, w)
            self.assign(ind)
            return False
        finally:
            self.depth -= 1

    def split(self, ind, w, cond_expr, structural):
        """Emits the condition into a variable and, where the mask is known, the
        masks of both sides.  Returns (cond_var, Where_then, Where_else)."""
        cv = self.fresh('c')
        self.emit(ind, 'bool %s = %s;' % (cv, cond_expr))
        if not w.mask:
            return cv, w.sub(uniform=False), w.sub(uniform=False)
        mt, me = self.fresh('m'), self.fresh('m')
        self.emit(ind, 'unsigned %s = __ballot_sync(%s, %s);' % (mt, w.mask, cv))
        self.emit(ind, 'unsigned %s = %s & ~%s;' % (me, w.mask, mt))
        if structural:
            m, _ = structural
            xor_ok = [k for k in w.xor_ok if k & m == 0]
            seg = min(w.seg, m & -m)
        else:
            xor_ok, seg = [], 1
        wt = w.sub(mask=mt, xor_ok=xor_ok, seg=seg, uniform=False)
        we = w.sub(mask=me, xor_ok=xor_ok, seg=seg, uniform=False)
        return cv, wt, we

    def if_stmt(self, ind, w):
        if w.uniform and self.chance(0.25):
            # a block-uniform branch: barriers stay allowed inside
            cv = self.fresh('u')
            self.emit(ind, 'bool %s = (blockIdx.x %% %d) == %d;' % (cv, self.r.randint(2, 3), self.r.randint(0, 1)))
            self.emit(ind, 'if (%s) {' % cv)
            left = self.stmts(ind + 4, w.sub(), self.r.randint(1, 3))
            self.emit(ind, '}')
            return left
        structural = None
        if self.chance(0.4):
            structural = self.lanebits()
            ce = '(lane & %du) == %du' % structural
        else:
            ce = self.cond()
        cv, wt, we = self.split(ind, w, ce, structural)
        self.emit(ind, 'if (%s) {' % cv)
        left = self.stmts(ind + 4, wt, self.r.randint(1, 3))
        if self.chance(0.6):
            self.emit(ind, '} else {')
            left = self.stmts(ind + 4, we, self.r.randint(1, 3)) or left
        self.emit(ind, '}')
        return left

    def trip(self):
        return self.pick(['(int)(lane & 7u)', '(int)((unsigned)tid %% %du)' % self.r.randint(2, 6),
                          '(int)((unsigned)%s & 3u)' % self.leaf('unsigned'), '%d' % self.r.randint(1, 4),
                          '(int)(g % 3)'])

    def loop_stmt(self, ind, w):
        i = self.fresh('i')
        if w.uniform and self.chance(0.3):
            # trip count from the block only: barriers stay allowed inside
            self.emit(ind, 'for (int %s = 0; %s < (int)(blockIdx.x %% 3u) + 1; %s++) {' % (i, i, i))
            self.ro.append((i, 'int'))
            left = self.stmts(ind + 4, w.sub(), self.r.randint(1, 3))
            self.ro.remove((i, 'int'))
            self.emit(ind, '}')
            return left
        n = self.fresh('n')
        self.emit(ind, 'int %s = %s;' % (n, self.trip()))
        if w.mask and self.chance(0.6):
            # the mask of the lanes still looping, made at every head
            mc, mi, cv = self.fresh('m'), self.fresh('m'), self.fresh('c')
            self.emit(ind, 'unsigned %s = %s;' % (mc, w.mask))
            self.emit(ind, 'for (int %s = 0; ; %s++) {' % (i, i))
            self.emit(ind + 4, 'bool %s = %s < %s;' % (cv, i, n))
            self.emit(ind + 4, 'unsigned %s = __ballot_sync(%s, %s);' % (mi, mc, cv))
            self.emit(ind + 4, 'if (!%s) break;' % cv)
            self.emit(ind + 4, '%s = %s;' % (mc, mi))
            # no return inside: the lanes gone would still be named by the loop mask
            wb = w.sub(mask=mi, xor_ok=[], seg=1, uniform=False, tail=False)
            wb.loop = None
            self.ro.append((i, 'int'))
            self.body_masked(ind + 4, wb, mc)
            self.ro.remove((i, 'int'))
            self.emit(ind, '}')
            return False
        if self.chance(0.25):
            # do/while: the body runs once more than the count; continue goes to the test
            self.emit(ind, 'int %s = 0;' % i)
            self.emit(ind, 'do {')
            self.ro.append((i, 'int'))
            left = self.stmts(ind + 4, w.sub(mask=None, uniform=False, loop='free'), self.r.randint(1, 3))
            self.ro.remove((i, 'int'))
            self.emit(ind, '} while (%s++ < %s);' % (i, n))
        else:
            self.emit(ind, 'for (int %s = 0; %s < %s; %s++) {' % (i, i, n, i))
            self.ro.append((i, 'int'))
            left = self.stmts(ind + 4, w.sub(mask=None, uniform=False, loop='free'), self.r.randint(1, 3))
            self.ro.remove((i, 'int'))
            self.emit(ind, '}')
        # a return inside the loop leaves lanes out after it
        return left and w.tail

    def body_masked(self, ind, w, mc):
        """The body of a loop whose mask mc is remade at each head: a break at its
        top level keeps the mask known, since every lane that stays removes the
        lanes that left from mc.  Deeper code may not leave the loop."""
        for _ in range(self.r.randint(1, 3)):
            if self.budget <= 0:
                return
            if self.chance(0.2):
                self.budget -= 1
                cv, mb, nm = self.fresh('c'), self.fresh('m'), self.fresh('m')
                self.emit(ind, 'bool %s = %s;' % (cv, self.cond()))
                self.emit(ind, 'unsigned %s = __ballot_sync(%s, %s);' % (mb, w.mask, cv))
                self.emit(ind, 'if (%s) break;' % cv)
                self.emit(ind, 'unsigned %s = %s & ~%s;' % (nm, w.mask, mb))
                self.emit(ind, '%s &= ~%s;' % (mc, mb))
                w = w.sub(mask=nm)
                continue
            if self.stmt(ind, w):
                w = w.sub(mask=None)

    def switch_stmt(self, ind, w):
        s = self.fresh('s')
        self.emit(ind, 'int %s = (int)((unsigned)%s %% 5u);' % (s, self.leaf('unsigned')))
        ncase = self.r.randint(2, 4)
        falls = [self.chance(0.35) for _ in range(ncase)]
        masks = []
        if w.mask:
            reach = set()
            for k in range(ncase + 1):       # the last entry is default
                mine = {k} if k < ncase else set(range(ncase, 5))
                reach = (reach if k > 0 and falls[k - 1] else set()) | mine
                m = self.fresh('m')
                test = ' || '.join('%s == %d' % (s, v) for v in sorted(reach))
                self.emit(ind, 'unsigned %s = __ballot_sync(%s, %s);' % (m, w.mask, test))
                masks.append(m)
        self.emit(ind, 'switch (%s) {' % s)
        left = False
        for k in range(ncase + 1):
            self.emit(ind, 'case %d: {' % k if k < ncase else 'default: {')
            # with known masks, no return inside: a lane gone would still be named
            # by the masks of the cases it falls into
            sw = w.sub(mask=masks[k] if masks else None, xor_ok=[], seg=1, uniform=False,
                       tail=w.tail and not masks)
            sw.loop = None
            left = self.stmts(ind + 4, sw, self.r.randint(1, 2)) or left
            if k == ncase or not falls[k]:
                self.emit(ind + 4, 'break;')
            self.emit(ind, '}')
        self.emit(ind, '}')
        return left

    def leave_loop(self, ind, w):
        if w.loop != 'free':
            self.assign(ind)
            return False
        self.emit(ind, 'if (%s) %s;' % (self.cond(), self.pick(['break', 'continue'])))
        return True

    def early_return(self, ind, w):
        """if (c) { write the result; return; }.  Returns the name of the mask of the
        lanes that stay, where the mask is known, else True."""
        cv = self.fresh('c')
        self.emit(ind, 'bool %s = %s;' % (cv, self.cond()))
        mr = None
        if w.mask:
            mr = self.fresh('m')
            self.emit(ind, 'unsigned %s = __ballot_sync(%s, %s);' % (mr, w.mask, cv))
        self.emit(ind, 'if (%s) {' % cv)
        if self.in_dev:
            self.emit(ind + 4, 'return r ^ b;')
        else:
            self.emit(ind + 4, 'out[g] = hash_all(%s);' % self.hash_args())
            self.emit(ind + 4, 'return;')
        self.emit(ind, '}')
        if not mr:
            return True
        ms = self.fresh('m')
        self.emit(ind, 'unsigned %s = %s & ~%s;' % (ms, w.mask, mr))
        return ms

    # ---- warp operations ---------------------------------------------------------
    def warp_op(self, ind, w):
        m = w.mask
        name, t = self.var()
        c = self.r.random()
        st = 'unsigned' if t not in ('long long', 'unsigned long long', 'float', 'double', 'int') else t
        if c < 0.40:
            val = '(%s)%s' % (st, self.conv((name, t), st))
            opts = ['__shfl_sync(%s, %s, __ffs(%s) - 1)' % (m, val, m),
                    '__shfl_sync(%s, %s, 31 - __clz(%s))' % (m, val, m)]
            if w.xor_ok:
                opts.append('__shfl_xor_sync(%s, %s, %d)' % (m, val, self.pick(w.xor_ok)))
            if w.seg > 1:
                wd = self.pick([x for x in (2, 4, 8, 16, 32) if x <= w.seg])
                opts.append('__shfl_sync(%s, %s, (int)((unsigned)%s & 31u), %d)' % (m, val, self.leaf('int'), wd))
                opts.append('__shfl_%s_sync(%s, %s, %du, %d)' % (self.pick(['up', 'down']), m, val,
                                                                self.r.randint(0, wd - 1), wd))
            e = self.pick(opts)
            self.store(ind, name, t, '(%s)(%s)' % (t, e) if t not in FLTS else e)
            return
        if c < 0.47:
            # a device function template taking the mask
            e = 'wlead<%s>(%s, (%s)%s)' % (st, m, st, self.conv((name, t), st))
            self.store(ind, name, t, '(%s)(%s)' % (t, e) if t not in FLTS else e)
            return
        if c < 0.55:
            e = '__ballot_sync(%s, %s)' % (m, self.cond())
        elif c < 0.65:
            e = '%s(%s, %s)' % (self.pick(['__any_sync', '__all_sync']), m, self.cond())
        elif c < 0.85:
            f = self.pick(['__reduce_add_sync', '__reduce_min_sync', '__reduce_max_sync',
                           '__reduce_and_sync', '__reduce_or_sync', '__reduce_xor_sync'])
            it = self.pick(['unsigned', 'int']) if f in ('__reduce_min_sync', '__reduce_max_sync') else 'unsigned'
            e = '%s(%s, (%s)%s)' % (f, m, it, self.expr(it))
        elif c < 0.95:
            mt = self.pick(['unsigned', 'int', 'long long', 'unsigned long long'])
            e = '__match_any_sync(%s, (%s)%s)' % (m, mt, self.expr(mt))
        else:
            p = self.fresh('p')
            mt = self.pick(['unsigned', 'int'])
            self.emit(ind, 'int %s = 0;' % p)
            e = '(__match_all_sync(%s, (%s)%s, &%s) ^ (unsigned)%s)' % (m, mt, self.expr(mt), p, p)
        self.store(ind, name, t, self.arith(t, name, '+', '(%s)(%s)' % (t, e)) if t not in FLTS
                   else '%s + (%s)(%s)' % (name, t, e))

    def warp_shared(self, ind, w):
        """One slot per thread in wsh: write, __syncwarp(mask), read a slot of a lane in
        the mask, __syncwarp(mask)."""
        m = w.mask
        name, t = self.var(INTS) or self.var()
        self.emit(ind, 'wsh[tid] = (unsigned)%s;' % self.conv((self.expr('unsigned'), 'unsigned'), 'unsigned'))
        self.emit(ind, '__syncwarp(%s);' % m)
        src = self.pick(['__ffs(%s) - 1' % m, '31 - __clz(%s)' % m] +
                        ['lane ^ %d' % k for k in w.xor_ok[:4]])
        if t in FLTS:
            self.store(ind, name, t, '%s + (%s)(wsh[(tid & ~31) + (%s)] & 255u)' % (name, t, src))
        else:
            self.store(ind, name, t, self.arith(t, name, '^', '(%s)wsh[(tid & ~31) + (%s)]' % (t, src)))
        self.emit(ind, '__syncwarp(%s);' % m)

    # ---- block-wide shared memory --------------------------------------------------
    def barrier_phase(self, ind, w):
        name, t = self.var()
        c = self.r.random()
        ival = self.conv((self.expr('unsigned'), 'unsigned'), 'unsigned')
        if c < 0.35:
            self.emit(ind, 'sh[tid] = (unsigned)%s;' % ival)
            self.emit(ind, '__syncthreads();')
            k = self.r.randint(1, 200)
            self.store(ind, name, t, '%s + (%s)sh[(tid + %du) %% BS]' % (name, t, k) if t in FLTS else
                       self.arith(t, name, '^', '(%s)sh[(tid + %du) %% BS]' % (t, k)))
            self.emit(ind, '__syncthreads();')
        elif c < 0.55 and self.block & (self.block - 1) == 0:
            s = self.fresh('s')
            self.emit(ind, 'sh[tid] = (unsigned)%s;' % ival)
            self.emit(ind, '__syncthreads();')
            self.emit(ind, 'for (unsigned %s = BS / 2; %s > 0; %s >>= 1) {' % (s, s, s))
            self.emit(ind + 4, 'if ((unsigned)tid < %s) sh[tid] += sh[tid + %s];' % (s, s))
            self.emit(ind + 4, '__syncthreads();')
            self.emit(ind, '}')
            self.store(ind, name, t, '%s + (%s)(sh[0] & 1023u)' % (name, t) if t in FLTS else
                       self.arith(t, name, '+', '(%s)sh[0]' % t))
            self.emit(ind, '__syncthreads();')
        elif c < 0.75:
            f = self.pick(['__syncthreads_count', '__syncthreads_and', '__syncthreads_or'])
            self.store(ind, name, t, '%s + (%s)%s(%s)' % (name, t, f, self.cond()) if t in FLTS else
                       self.arith(t, name, '+', '(%s)%s(%s)' % (t, f, self.cond())))
        else:
            k = self.r.randint(0, NACC - 1)
            self.emit(ind, '__syncthreads();')
            self.store(ind, name, t, '%s + (%s)(acc[%d] & 4095u)' % (name, t, k) if t in FLTS else
                       self.arith(t, name, '^', '(%s)acc[%d]' % (t, k)))
            self.emit(ind, '__syncthreads();')

    def atomic(self, ind):
        val = self.conv((self.expr('unsigned'), 'unsigned'), 'unsigned')
        if self.chance(0.5):
            k = self.r.randint(0, NACC - 1)
            self.emit(ind, '%s(&acc[%d], (unsigned)%s);' % (ACC_OPS[k], k, val))
        else:
            k = self.r.randint(0, NGC - 1)
            op = GC_OPS[k]
            arg = '(unsigned)%s' % val if op != 'atomicInc' else '1000u'
            if self.chance(0.2):
                # a float sum that is exact whatever the order: small integers
                self.emit(ind, 'atomicAdd(&fsum[blockIdx.x], (float)((unsigned)%s & 15u));' % val)
                return
            self.emit(ind, '%s(&gc[%d], %s);' % (op, k, arg))

    # ---- functions, structs, vectors ------------------------------------------------
    def call(self, ind):
        name, t = self.var()
        a = self.expr('int')
        b = self.expr('unsigned')
        if t in FLTS:
            self.store(ind, name, t, '%s + (%s)dscale<%s>((%s)%s, %s)' % (name, t, t, t, self.expr(t), a))
        else:
            self.store(ind, name, t, self.arith(t, name, '^', '(%s)dev(%s, %s)' % (t, a, b)))

    def struct_op(self, ind):
        c = self.r.random()
        if c < 0.4:
            self.emit(ind, 'st.a = %s;' % self.expr('int'))
            self.emit(ind, 'st.b = %s;' % self.expr('unsigned'))
        elif c < 0.7:
            self.emit(ind, 'st = step(st, %s);' % self.expr('int'))
        else:
            name, t = self.var(INTS) or self.var()
            e = '(%s)st.mix()' % t
            self.store(ind, name, t, self.arith(t, name, '+', e) if t not in FLTS else '%s + %s' % (name, e))

    def vec_op(self, ind):
        c = self.r.random()
        if c < 0.5:
            self.emit(ind, 'iv = make_int2(%s, %s);' % (self.expr('int'), self.expr('int')))
        elif c < 0.75:
            self.emit(ind, 'fv.%s = fminf(fmaxf(%s, -1e6f), 1e6f);' % (self.pick('xyzw'), self.expr('float')))
        else:
            name, t = self.var()
            e = self.pick(['(%s)(unsigned)(iv.x ^ iv.y)' % t, '(%s)(fv.x + fv.w)' % t if t in FLTS else
                           '(%s)(unsigned)iv.y' % t])
            self.store(ind, name, t, self.arith(t, name, '^', e) if t not in FLTS else '%s + %s' % (name, e))

    def hash_args(self):
        parts = ['(unsigned long long)%s' % self.fold(v) for v in self.vars]
        if self.use_struct:
            parts.append('(unsigned long long)st.mix()')
        if self.use_vec:
            parts.append('(unsigned long long)(unsigned)(iv.x ^ iv.y)')
            parts.append('(unsigned long long)__float_as_uint(fv.x + fv.y + fv.z + fv.w)')
        return '%d, %s' % (len(parts), ', '.join(parts))

    def fold(self, v):
        name, t = v
        if t == 'float':
            return '__float_as_uint(%s)' % name
        if t == 'double':
            return '__double_as_longlong(%s)' % name
        return name

    # ---- the program ---------------------------------------------------------------
    def device_functions(self):
        out = []
        out.append('__device__ unsigned tmix(unsigned a, unsigned b) { return a ^ (a >> b) ^ (b * 0x9e3779b9u); }')
        out.append('template <int R> __device__ unsigned rot(unsigned x) { return (x << R) | (x >> (32 - R)); }')
        out.append('template <typename T> __device__ T wlead(unsigned m, T v) {')
        out.append('    T w = __shfl_sync(m, v, __ffs(m) - 1);')
        out.append('    return __reduce_or_sync(m, (unsigned)(w == v)) ? w : v;')
        out.append('}')
        out.append('template <typename T> __device__ T dscale(T x, int k) {')
        out.append('    T r = x;')
        out.append('    for (int j = 0; j < (k & 3); j++) {')
        out.append('        if (r > (T)1000) return r / (T)2;')
        out.append('        r = r * (T)0.5 + (T)j;')
        out.append('    }')
        out.append('    return r;')
        out.append('}')
        # dev: a device function with its own divergent body and early returns
        save, self.vars = self.vars, [('a', 'int'), ('b', 'unsigned'), ('r', 'unsigned')]
        self.lines = []
        body_w = Where(None, [], 1, False, True)
        self.in_dev = True
        budget, self.budget = self.budget, self.r.randint(3, 8)
        self.stmts(4, body_w, self.budget)
        self.budget = budget
        self.in_dev = False
        body = self.lines
        self.vars = save
        out.append('__device__ unsigned dev(int a, unsigned b) {')
        out.append('    int g = a, tid = (int)(b & 1023u), lane = (int)(b & 31u);')
        out.append('    unsigned r = b ^ (unsigned)a;')
        out.extend(body)
        out.append('    return r ^ (unsigned)a ^ b;')
        out.append('}')
        return out

    def program(self):
        r = self.r
        pre = ['// gen: seed %d' % self.seed,
               '// gen: warp-sizes %s' % ('32' if self.warp_ops else '4 8 16 32'),
               '// generated by tests/gen/gen.py: race-free, defined, deterministic',
               '#define N_IN 256', '']
        if self.use_struct:
            pre += ['struct St {', '    int a;', '    unsigned b;', '    float f;',
                    '    __device__ unsigned mix() const { return (unsigned)a * 31u + b + __float_as_uint(f); }',
                    '};',
                    '__device__ St step(St s, int k) {',
                    '    St t = s;',
                    '    t.a = (int)((unsigned)s.a + (unsigned)k);',
                    '    t.b = s.b ^ ((unsigned)k << 3);',
                    '    t.f = fminf(fmaxf(s.f * 0.5f + (float)(k & 7), -1e6f), 1e6f);',
                    '    return t;', '}']
        pre += ['__device__ unsigned long long mixh(unsigned long long h, unsigned long long v) {',
                '    return (h ^ v) * 1099511628211ull;', '}']
        pre += self.device_functions()
        # the thread's variables
        nv = r.randint(3, 6)
        types = [self.pick(INTS + INTS + FLTS) for _ in range(nv)]
        self.vars = []
        self.lines = []
        ind = 4
        for i, t in enumerate(types):
            e = self.expr(t)
            name = 'v%d' % i
            self.emit(ind, '%s %s = 0;' % (t, name))
            self.store(ind, name, t, e)
            self.vars.append((name, t))
        if self.use_struct:
            self.emit(ind, 'St st = {(int)in[g % N_IN], (unsigned)tid, (float)lane * 0.25f};')
        if self.use_vec:
            self.emit(ind, 'int2 iv = make_int2(tid, (int)in[(g + 1) % N_IN]);')
            self.emit(ind, 'float4 fv = make_float4(1.0f, (float)lane, -2.5f, (float)(g & 15));')
        top = Where('mfull' if self.warp_ops else None, list(range(1, 32)), 32, True, False)
        self.budget_total = self.budget
        # the body before the tail: barriers allowed at the top level
        self.stmts(ind, top, r.randint(3, 8))
        self.budget = max(self.budget, 6)
        # the tail: early returns allowed, no more barriers
        tail = top.sub(uniform=False, tail=True)
        self.stmts(ind, tail, r.randint(2, 6))
        body = self.lines
        nh = len(self.vars) + (1 if self.use_struct else 0) + (2 if self.use_vec else 0)
        # hash_all as a fixed-arity function, generated per program (no varargs on the device)
        params = ', '.join('unsigned long long x%d' % i for i in range(nh))
        hash_fn = ['__device__ unsigned long long hash_all(int n, %s) {' % params,
                   '    unsigned long long h = 1469598103934665603ull ^ (unsigned long long)n;']
        hash_fn += ['    h = mixh(h, x%d);' % i for i in range(nh)]
        hash_fn += ['    return h;', '}']
        tmpl = self.use_tmpl_kernel
        k = []
        k.append('template <int BS>' if tmpl else '#define BS %d' % self.block)
        k.append('__global__ void kern(const int *in, unsigned long long *out, unsigned *gc, float *fsum) {')
        k.append('    __shared__ unsigned sh[BS];')
        k.append('    __shared__ unsigned wsh[BS];')
        k.append('    __shared__ unsigned acc[%d];' % NACC)
        k.append('    int tid = threadIdx.x;')
        k.append('    int lane = tid & 31;')
        k.append('    int g = blockIdx.x * BS + tid;')
        if self.warp_ops:
            k.append('    const unsigned mfull = %s;' % FULL)
        k.append('    if (tid < %d) {' % NACC)
        k.append('        const unsigned init[%d] = {%s};' % (NACC, ', '.join(ACC_INIT)))
        k.append('        acc[tid] = init[tid];')
        k.append('    }')
        k.append('    __syncthreads();')
        k += body
        k.append('    out[g] = hash_all(%s);' % self.hash_args())
        k.append('}')
        if not tmpl:
            k.append('#undef BS')
        launch = 'kern<%d><<<%d, %d>>>(in, out, gc, fsum);' % (self.block, self.grid, self.block) if tmpl else \
            'kern<<<%d, %d>>>(in, out, gc, fsum);' % (self.grid, self.block)
        n = self.grid * self.block
        host = ['int main() {',
                '    int *in = (int *)malloc(N_IN * sizeof(int));',
                '    unsigned long long *out = (unsigned long long *)malloc(%d * sizeof(unsigned long long));' % n,
                '    unsigned *gc = (unsigned *)malloc(%d * sizeof(unsigned));' % NGC,
                '    float *fsum = (float *)malloc(%d * sizeof(float));' % self.grid,
                '    unsigned s = %du;' % r.randint(1, 1 << 30),
                '    for (int i = 0; i < N_IN; i++) { s = s * 1103515245u + 12345u; in[i] = (int)(s >> 4); }',
                '    for (int i = 0; i < %d; i++) out[i] = 0;' % n,
                '    for (int i = 0; i < %d; i++) gc[i] = 0;' % NGC,
                '    gc[4] = 0xffffffffu;',
                '    for (int i = 0; i < %d; i++) fsum[i] = 0.0f;' % self.grid,
                '    ' + launch,
                '    cudaError_t e = cudaDeviceSynchronize();',
                '    printf("status %s\\n", cudaGetErrorString(e));',
                '    unsigned long long total = 0;',
                '    for (int b = 0; b < %d; b++) {' % self.grid,
                '        unsigned long long h = 0;',
                '        for (int t = 0; t < %d; t++) h = h * 31ull + out[b * %d + t];' % (self.block, self.block),
                '        printf("block %d %016llx %.1f\\n", b, h, (double)fsum[b]);',
                '        total ^= h;',
                '    }',
                '    for (int i = 0; i < %d; i++) printf("gc%%d %%08x\\n", i, gc[i]);' % NGC,
                '    printf("total %016llx\\n", total);',
                '    return 0;',
                '}']
        return '\n'.join(pre + hash_fn + k + host) + '\n'


if __name__ == '__main__':
    sys.stdout.write(Gen(int(sys.argv[1])).program())
