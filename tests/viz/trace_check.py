#!/usr/bin/env python3
"""tests/viz/trace_check.py -- checks a simtvm --trace file against the Chrome
trace-event format, as Perfetto's importer reads it.

usage: trace_check.py TRACE.json [--blocks N] [--warps-per-block W] [--flows]
                                 [--max-mb M]

Checks: a JSON object with a traceEvents list and otherData naming the time
scale; every event of a known phase with the fields that phase needs; process
and thread names for every track that has slices; complete slices ("X") with
non-negative durations that never overlap on one track and come in time
order; counters in time order per track; every flow start paired with one
finish.  With --blocks and --warps-per-block: that many SM processes hold
that many warp tracks.  Prints "ok: ..." or "FAIL: ..." lines; exit 1 on a
failure.
"""
import json
import os
import sys
from collections import defaultdict

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def main(argv):
    path = argv[1]
    opts = {}
    i = 2
    while i < len(argv):
        if argv[i] == "--flows":
            opts["flows"] = True
            i += 1
        else:
            opts[argv[i][2:]] = float(argv[i + 1])
            i += 2
    size_mb = os.path.getsize(path) / 2**20
    if "max-mb" in opts and size_mb >= opts["max-mb"]:
        fail("the file has %.1f MB, at least %g" % (size_mb, opts["max-mb"]))
    with open(path) as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        fail("no traceEvents list")
        return
    other = doc.get("otherData", {})
    if "cycle" not in str(other.get("time_scale", "")) or not num(other.get("clock_khz")):
        fail("otherData does not name the cycle -> microsecond scale")
    events = doc["traceEvents"]
    pnames, tnames = {}, {}
    slices = defaultdict(list)      # (pid, tid) -> [(ts, dur)] in file order
    counters = defaultdict(list)    # (pid, name) -> [ts]
    flows = defaultdict(lambda: {"s": [], "f": []})
    for n, e in enumerate(events):
        ph = e.get("ph")
        where = "event %d (%s)" % (n, ph)
        if ph not in ("X", "M", "C", "s", "f"):
            fail("%s: unexpected phase" % where)
            continue
        if not isinstance(e.get("pid"), int) or not isinstance(e.get("name"), str):
            fail("%s: pid or name missing" % where)
            continue
        if ph == "M":
            args = e.get("args", {})
            if e["name"] == "process_name":
                pnames[e["pid"]] = args.get("name")
            elif e["name"] == "thread_name":
                tnames[(e["pid"], e.get("tid"))] = args.get("name")
            elif e["name"] not in ("process_sort_index", "thread_sort_index"):
                fail("%s: unknown metadata %s" % (where, e["name"]))
            continue
        if not num(e.get("ts")) or e["ts"] < 0:
            fail("%s: bad ts" % where)
            continue
        if ph == "X":
            if not isinstance(e.get("tid"), int) or not num(e.get("dur")) or e["dur"] < 0:
                fail("%s: bad tid or dur" % where)
                continue
            a = e.get("args", {})
            if "mask" in a:
                lanes = bin(int(a["mask"], 16)).count("1")
                if lanes != a.get("lanes") or not isinstance(a.get("opcode"), str):
                    fail("%s: args mask/lanes/opcode disagree" % where)
            slices[(e["pid"], e["tid"])].append((e["ts"], e["dur"]))
        elif ph == "C":
            vals = e.get("args", {})
            if not vals or not all(num(v) for v in vals.values()):
                fail("%s: counter without numeric args" % where)
            counters[(e["pid"], e["name"])].append(e["ts"])
        else:
            if "id" not in e or not isinstance(e.get("tid"), int):
                fail("%s: flow without id or tid" % where)
                continue
            flows[e["id"]][ph].append(e)
    # tracks: named, ordered, not overlapping
    for (pid, tid), xs in slices.items():
        if pid not in pnames:
            fail("process %d has slices but no process_name" % pid)
        if (pid, tid) not in tnames:
            fail("track %d/%d has slices but no thread_name" % (pid, tid))
        end = -1
        for ts, dur in xs:
            if ts < end:
                fail("track %d/%d: slice at %s starts before the previous one ends (%s)"
                     % (pid, tid, ts, end))
                break
            end = ts + dur
    for key, ts in counters.items():
        if any(b <= a for a, b in zip(ts, ts[1:])):
            fail("counter %s: timestamps not increasing" % (key,))
    for fid, sf in flows.items():
        if len(sf["s"]) != 1 or len(sf["f"]) != 1:
            fail("flow %s: %d starts, %d finishes" % (fid, len(sf["s"]), len(sf["f"])))
        elif sf["f"][0]["ts"] < sf["s"][0]["ts"]:
            fail("flow %s ends before it starts" % fid)
    sm = [p for p, nm in pnames.items() if str(nm).startswith("SM ")]
    warp_tracks = [k for k in tnames if k[0] in sm]
    if not slices:
        fail("no slices")
    if "blocks" in opts:
        want_warps = int(opts["blocks"] * opts.get("warps-per-block", 1))
        if len(warp_tracks) != want_warps:
            fail("%d warp tracks, expected %d" % (len(warp_tracks), want_warps))
    if opts.get("flows") and not flows:
        fail("no barrier flow arrows")
    names = set(counters_name for _, counters_name in counters)
    for want in ("active lanes", "resident warps"):
        if want not in names:
            fail("no '%s' counter track" % want)
    if not failures:
        print("ok: %d events, %d SM processes, %d warp tracks, %d slices, %d flows, "
              "%.1f MB" % (len(events), len(sm), len(warp_tracks),
                           sum(len(x) for x in slices.values()), len(flows), size_mb))


if __name__ == "__main__":
    main(sys.argv)
    sys.exit(1 if failures else 0)
