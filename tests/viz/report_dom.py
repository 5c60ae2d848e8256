#!/usr/bin/env python3
"""tests/viz/report_dom.py -- checks the DOM that headless Chromium rendered
from a simtvm --report page.

usage: report_dom.py DOM.html WARPS [--bank-conflicts yes|no] [--orange yes|no]
                     [--orange-drop K]

Checks: one section per launch; a per-line table with rows; an SVG timeline
per launch whose data-warps is WARPS with one row (g.warp-row) per warp; no
script and nothing fetched from the network.  --bank-conflicts yes: a lane ->
bank picture with a bank hit by more than one word (no: none such).
--orange yes: the first timeline shows lanes issuing in part of their warp
(divergence); no: it shows none.  --orange-drop K: the orange part of the
area where lanes issue (blue and orange) is at least K times larger in the
first timeline than in the last (a divergent launch against the same work
regrouped).  Prints "ok: ..." or "FAIL: ..."; exit 1 on a failure.
"""
import sys
from html.parser import HTMLParser


class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.sections = 0
        self.line_tables = 0
        self.line_rows = 0
        self.timelines = []          # [data-warps, rows, orange rects]
        self.areas = []              # per timeline: {fill: area of its strips}
        self.in_timeline = False
        self.banks_svgs = 0
        self.conflict_banks = 0
        self.scripts = 0
        self.remote = []
        self.in_lines = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = a.get("class", "")
        if tag == "script":
            self.scripts += 1
        for key in ("src", "href"):
            if a.get(key, "").startswith(("http:", "https:", "//")):
                self.remote.append(a[key])
        if tag == "section" and cls == "launch":
            self.sections += 1
        if tag == "table" and cls == "lines":
            self.line_tables += 1
            self.in_lines = True
        if tag == "tr" and self.in_lines and "data-line" in a:
            self.line_rows += 1
        if tag == "svg" and cls == "timeline":
            self.timelines.append([int(a.get("data-warps", -1)), 0, 0])
            self.areas.append({})
            self.in_timeline = True
        if tag == "g" and cls == "warp-row" and self.timelines:
            self.timelines[-1][1] += 1
        if tag == "rect" and a.get("fill") == "#e67e22" and self.timelines:
            self.timelines[-1][2] += 1
        if tag == "rect" and self.in_timeline and a.get("fill", "").startswith("#"):
            area = int(a.get("width", 0)) * int(a.get("height", 0))
            self.areas[-1][a["fill"]] = self.areas[-1].get(a["fill"], 0) + area
        if tag == "svg" and cls == "banks":
            self.banks_svgs += 1
        if tag == "rect" and cls == "bank" and int(a.get("data-words", 0)) > 1:
            self.conflict_banks += 1

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_lines = False
        if tag == "svg":
            self.in_timeline = False


def orange_share(areas):
    """Orange's part of the area that lanes issue in (blue and orange)."""
    orange, blue = areas.get("#e67e22", 0), areas.get("#2b6cb0", 0)
    return orange / (orange + blue) if orange + blue else 0.0


def main(argv):
    dom = Dom()
    with open(argv[1], encoding="utf-8") as f:
        dom.feed(f.read())
    warps = int(argv[2])
    opts = dict(zip(argv[3::2], argv[4::2]))
    bad = []
    if not dom.sections:
        bad.append("no launch section")
    if dom.line_tables != dom.sections or not dom.line_rows:
        bad.append("%d per-line tables with %d rows for %d launches"
                   % (dom.line_tables, dom.line_rows, dom.sections))
    if len(dom.timelines) != dom.sections:
        bad.append("%d timelines for %d launches" % (len(dom.timelines), dom.sections))
    for k, (want, rows, _) in enumerate(dom.timelines):
        if want != warps or rows != warps:
            bad.append("timeline %d: data-warps %d, %d rows, expected %d"
                       % (k, want, rows, warps))
    if dom.scripts or dom.remote:
        bad.append("scripts or remote resources: %d, %s" % (dom.scripts, dom.remote))
    conflicts = opts.get("--bank-conflicts")
    if conflicts == "yes" and not dom.conflict_banks:
        bad.append("no bank hit by two words in the lane -> bank picture")
    if conflicts == "no" and dom.conflict_banks:
        bad.append("%d conflicting banks, expected none" % dom.conflict_banks)
    orange = opts.get("--orange")
    if orange and dom.timelines:
        has = dom.timelines[0][2] > 0
        if has != (orange == "yes"):
            bad.append("first timeline: %d divergent strips, expected %s"
                       % (dom.timelines[0][2], orange))
    drop = opts.get("--orange-drop")
    shares = [orange_share(a) for a in dom.areas]
    if drop and len(shares) >= 2 and shares[0] < float(drop) * shares[-1]:
        bad.append("orange share of the timelines %s: the first is not %s x the last"
                   % (["%.3f" % x for x in shares], drop))
    for b in bad:
        print("FAIL:", b)
    if not bad:
        print("ok: %d launches, %d line rows, timelines %s, orange shares %s, "
              "%d bank pictures" % (dom.sections, dom.line_rows, dom.timelines,
                                    ["%.2f" % x for x in shares], dom.banks_svgs))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
