#!/usr/bin/env python3
"""tests/gen/diff.py -- differential testing of simtvm's execution modes on generated programs.

    diff.py [options] SEEDS|FILE.k ...

SEEDS is N or A..B (inclusive); FILE.k a program (a generated one, or a kept
regression test).  Each program must print the same (stdout and exit status) in
every mode that may not change the result of a race-free program (MODES below,
and each warp size its `// gen: warp-sizes` line allows), and --check=all must
find nothing.  A disagreement is minimised (reduce.py) and, with --keep DIR,
kept there as DIR/CAUSE-SEED.k.  The last line is a summary; the status is 1 if
any program disagreed.

Options: --simtvm PATH (default ./simtvm), --switch PATH (default
tests/simtvm-switch; skipped if absent), --jobs N, --no-reduce, --keep DIR,
--quiet, --save DIR (write the generated programs and their outputs, for
gpu_oracle.sh), --opt (only the modes with the middle end's passes off, -O0,
against the default compile: a quick run over many seeds)."""
import argparse
import concurrent.futures
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen      # noqa: E402
import reduce   # noqa: E402

# (name, extra options, which binary): modes that may not change a race-free
# program's output (SPEC 3.1, 3.2).
MODES = [
    ('no-simd', ['--no-simd'], 'main'),
    ('switch', [], 'switch'),
    ('threads1', ['--threads', '1'], 'main'),
    ('threads2', ['--threads', '2'], 'main'),
    ('threads4', ['--threads', '4'], 'main'),
    ('block-order-1', ['--block-order=random', '--seed', '1'], 'main'),
    ('block-order-7', ['--block-order=random', '--seed', '7', '--threads', '2'], 'main'),
    ('interleave-1', ['--interleave=random', '--seed', '1'], 'main'),
    ('interleave-2', ['--interleave=random', '--seed', '2', '--no-simd'], 'main'),
    ('interleave-seeds', ['--interleave=random', '--block-order=random', '--seeds', '3..10'], 'main'),
    ('lockstep', ['--sched=lockstep'], 'main'),
    ('stats', ['--stats'], 'main'),
    ('check-all', ['--check=all'], 'main'),
    # the middle end's passes off (if-conversion, the bytecode clean-up):
    # the default compile is with them on
    ('O0', ['-O0'], 'main'),
    ('O0-interleave-3', ['-O0', '--interleave=random', '--seed', '3', '--no-simd'], 'main'),
    ('O0-check-all', ['-O0', '--check=all'], 'main'),
]
# --opt: only these (passes off against on), for a quick run over many seeds
OPT_MODES = ('O0', 'O0-interleave-3', 'O0-check-all')
TIMEOUT = 60


def run(binary, path, opts):
    try:
        p = subprocess.run([binary, 'run', path] + opts, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
        return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        return 'timeout', '', ''


def warp_sizes(text):
    m = re.search(r'^// gen: warp-sizes ([0-9 ]+)$', text, re.M)
    return [int(x) for x in m.group(1).split()] if m else [32]


def modes_for(text, opt_only=False):
    if opt_only:
        return [m for m in MODES if m[0] in OPT_MODES] + \
            [('O0-warp-size-%d' % ws, ['-O0', '--warp-size', str(ws)], 'main')
             for ws in warp_sizes(text) if ws != 32]
    ms = list(MODES)
    for ws in warp_sizes(text):
        if ws != 32:
            ms.append(('warp-size-%d' % ws, ['--warp-size', str(ws)], 'main'))
    return ms


def verdict(ref, got, mode):
    """None if got agrees with ref in this mode, else a short cause."""
    rc, out, err = got
    if rc == 'timeout':
        return 'timeout'
    if mode == 'interleave-seeds':
        # --seeds prints a summary: every seed must print one output, the reference's
        first = out.splitlines()[0] if out else ''
        if not re.match(r'--seeds \S+: 1 distinct output from \d+ runs', first):
            return 'output'
        body = [line[6:] for line in out.splitlines()[2:] if line.startswith('      ')]
        refl = ref[1].splitlines()
        if body[:-1] != refl[:len(body) - 1]:
            return 'output'
        return None
    if rc != ref[0]:
        return 'status'
    if out != ref[1]:
        return 'output'
    if mode.endswith('check-all'):
        bad = [line for line in err.splitlines() if 'error' in line.lower() or 'warning' in line.lower()]
        if bad != ['========= ERROR SUMMARY: 0 errors']:
            return 'checker'
    return None


def check_program(path, text, bins, opt_only=False):
    """Runs every mode; returns (reference, [(mode, opts, binary, cause)])."""
    ref = run(bins['main'], path, [])
    if ref[0] != 0 or ref[2].strip() or 'status no error' not in ref[1] and '// gen:' in text:
        return ref, [('default', [], 'main', 'fault')]
    bad = []
    for name, opts, which in modes_for(text, opt_only):
        if which not in bins:
            continue
        cause = verdict(ref, run(bins[which], path, opts), name)
        if cause:
            bad.append((name, opts, which, cause))
    return ref, bad


def interesting_fn(bins, mode, opts, which, cause):
    """The predicate the reducer keeps: the program still compiles and runs
    cleanly by default, --check=all finds nothing (so the reduction has not
    made it racy), and the mode still disagrees in the same way."""
    def test(text):
        with tempfile.NamedTemporaryFile('w', suffix='.k', delete=False) as f:
            f.write(text)
            path = f.name
        try:
            ref = run(bins['main'], path, [])
            if cause != 'fault':
                # a clean run by default: no diagnostic at all (a reduction that
                # broke the program often still exits 0 after a kernel fault)
                if ref[0] != 0 or ref[2].strip():
                    return False
                if not mode.endswith('check-all'):
                    chk = run(bins['main'], path, ['--check=all'])
                    if verdict(ref, chk, 'check-all'):
                        return False
                return verdict(ref, run(bins[which], path, opts), mode) == cause
            return ref[0] not in (0, 'timeout') or 'status no error' not in ref[1]
        finally:
            os.unlink(path)
    return test


def one(item, args, bins):
    t0 = time.time()
    if isinstance(item, int):
        text = gen.Gen(item).program()
        label = 'seed %d' % item
        stem = 'seed%d' % item
    else:
        with open(item) as f:
            text = f.read()
        label = item
        stem = os.path.splitext(os.path.basename(item))[0]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, stem + '.k')
        with open(path, 'w') as f:
            f.write(text)
        if args.default_only:
            ref = run(bins['main'], path, [])
            bad = [] if ref[0] == 0 and not ref[2].strip() else [('default', [], 'main', 'fault')]
        else:
            ref, bad = check_program(path, text, bins, args.opt)
    if args.save and isinstance(item, int) and not bad:
        with open(os.path.join(args.save, stem + '.k'), 'w') as f:
            f.write(text)
        with open(os.path.join(args.save, stem + '.out'), 'w') as f:
            f.write(ref[1])
    reports = []
    for mode, opts, which, cause in bad[:1] if not args.all_modes else bad:
        msg = '%s: %s disagrees (%s)' % (label, mode, cause)
        if not args.no_reduce:
            small = reduce.reduce(text, interesting_fn(bins, mode, opts, which, cause))
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
                kept = os.path.join(args.keep, '%s-%s-%s.k' % (cause, mode, stem))
                with open(kept, 'w') as f:
                    f.write('// reduced by tests/gen/diff.py from %s: %s disagrees (%s)\n' % (label, mode, cause))
                    f.write('// run: %s %s\n' % ('tests/simtvm-switch' if which == 'switch' else 'simtvm',
                                                 ' '.join(opts)))
                    f.write(small)
                msg += ' -> %s (%d lines)' % (kept, small.count('\n'))
        reports.append(msg)
    return label, bad, reports, time.time() - t0


def items(specs):
    for s in specs:
        m = re.match(r'^(\d+)(?:\.\.(\d+))?$', s)
        if m:
            a = int(m.group(1))
            b = int(m.group(2)) if m.group(2) else a
            yield from range(a, b + 1)
        else:
            yield s


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('specs', nargs='+')
    ap.add_argument('--simtvm', default='./simtvm')
    ap.add_argument('--switch', default='tests/simtvm-switch')
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--no-reduce', action='store_true')
    ap.add_argument('--all-modes', action='store_true', help='reduce for every disagreeing mode, not the first')
    ap.add_argument('--keep')
    ap.add_argument('--save')
    ap.add_argument('--default-only', action='store_true',
                    help='run each program once, by default (with --save: a quick GPU batch)')
    ap.add_argument('--opt', action='store_true',
                    help='only the middle end\'s passes off (-O0 modes) against on (the default)')
    ap.add_argument('--quiet', action='store_true')
    ap.add_argument('--tap', action='store_true', help='TAP output, one test a program (make check)')
    args = ap.parse_args()
    bins = {'main': os.path.abspath(args.simtvm)}
    if os.access(args.switch, os.X_OK):
        bins['switch'] = os.path.abspath(args.switch)
    if args.save:
        os.makedirs(args.save, exist_ok=True)
    n = nbad = 0
    causes = {}
    t0 = time.time()
    cpu0 = os.times()
    todo = list(items(args.specs))
    # a batch stopped with SIGTERM or ^C still prints what it did
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    if args.tap:
        print('1..%d' % len(todo), flush=True)
    ex = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    try:
        for label, bad, reports, took in ex.map(lambda it: one(it, args, bins), todo):
            n += 1
            if args.tap:
                print('%s %d - %s%s' % ('not ok' if bad else 'ok', n, label,
                                        ''.join('; ' + r for r in reports) if bad and reports else
                                        ''.join('; %s (%s)' % (b[0], b[3]) for b in bad)), flush=True)
                nbad += bool(bad)
                continue
            if bad:
                nbad += 1
                for mode, _, _, cause in bad:
                    causes[(mode, cause)] = causes.get((mode, cause), 0) + 1
                for r in reports or ['%s: %s' % (label, ', '.join('%s (%s)' % (b[0], b[3]) for b in bad))]:
                    print(r, flush=True)
            elif not args.quiet:
                print('%s: all modes agree (%.2f s)' % (label, took), flush=True)
            if args.quiet and n % 500 == 0:
                print('# %d programs, %d disagreed, %.0f s wall' % (n, nbad, time.time() - t0), flush=True)
    except KeyboardInterrupt:
        print('# stopped', flush=True)
    ex.shutdown(wait=True, cancel_futures=True)
    cpu = os.times()
    used = (cpu.children_user + cpu.children_system + cpu.user + cpu.system -
            cpu0.children_user - cpu0.children_system - cpu0.user - cpu0.system)
    for (mode, cause), k in sorted(causes.items()):
        print('%s  %s (%s): %d programs' % ('#' if args.tap else '', mode, cause, k))
    print('%s%d programs, %d disagreed; %.0f s wall, %.1f s CPU' % ('# ' if args.tap else '', n, nbad, time.time() - t0, used))
    return 1 if nbad else 0


if __name__ == '__main__':
    sys.exit(main())
