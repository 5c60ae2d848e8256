#!/usr/bin/env bash
# tests/report.sh -- `simtvm run --report` pages, rendered by headless
# Chromium (TAP): examples/transpose.k without its padding word (32-way bank
# conflicts) and with it (none), and examples/divergence.k and
# examples/raymarch.k (each a divergent launch and the same work sorted: the
# first timeline must be far more orange than the second).  Each page is
# screenshot and its DOM checked by tests/viz/report_dom.py: a per-line table,
# an SVG timeline with one row per warp, the lane -> bank picture, no script,
# nothing remote, no console errors.  Skipped when chromium is not installed
# (CI installs it); REPORT_SHOTS=DIR keeps the screenshots there.
set -u

SIMTVM=${SIMTVM:-$PWD/simtvm}
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top_srcdir" || exit 99
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ] || ! command -v python3 >/dev/null; then
    echo "1..0 # SKIP chromium or python3 is not installed"
    exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/simtvm-report.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
shots=${REPORT_SHOTS:-$work}

n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; sed 's/^/# /' "$work/log"; }

browser() { # the flags every run needs: no sandbox (root in CI), no GPU, own profile
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --user-data-dir="$work/profile" --enable-logging=stderr --v=0 "$@"
}

# page NAME PROGRAM WARPS CHECKS...: report, screenshot, DOM, console
page() {
    local name=$1 program=$2 warps=$3
    shift 3
    if ! "$SIMTVM" run "$program" --report "$work/$name.html" >"$work/log" 2>&1; then
        not_ok "$name: simtvm run --report"
        return
    fi
    ok "$name: simtvm run --report"
    if browser --window-size=1280,2200 --screenshot="$shots/$name.png" \
        "file://$work/$name.html" >"$work/shot.log" 2>&1 && [ -s "$shots/$name.png" ]; then
        ok "$name: screenshot"
    else
        cp "$work/shot.log" "$work/log"
        not_ok "$name: screenshot"
    fi
    browser --dump-dom "file://$work/$name.html" >"$work/$name.dom" 2>"$work/console.log"
    if python3 tests/viz/report_dom.py "$work/$name.dom" "$warps" "$@" >"$work/log" 2>&1; then
        ok "$name: DOM $(cat "$work/log")"
    else
        not_ok "$name: DOM"
    fi
    if grep -E "CONSOLE|Uncaught" "$work/console.log" >"$work/log"; then
        not_ok "$name: no console errors"
    else
        ok "$name: no console errors"
    fi
}

echo "1..16"
sed 's/tile\[TILE\]\[TILE + 1\]/tile[TILE][TILE]/' examples/transpose.k >"$work/transpose_nopad.k"
page transpose-nopad "$work/transpose_nopad.k" 8 --bank-conflicts yes --orange no
page transpose examples/transpose.k 8 --bank-conflicts no --orange no
page divergence examples/divergence.k 4 --orange yes --orange-drop 2
page raymarch examples/raymarch.k 4 --orange yes --orange-drop 4
