#!/usr/bin/env python3
"""The figures of issue 46 item 4: how fast `cardcheck diagnose` decides excerpts of server logs.

Usage: Scripts/diagnose-bench.py CARDCHECK [--limit S] [--day LINES] > table.md

Excerpts are made from the committed counterexample logs of the worlds with two or three phones,
a sandbox corpse or dev-build tokens (the model's own logs, so each is a behaviour of its world):
  whole    the committed log as it is (consistent from the initial states)
  window   the log without its first two lines (a window opening mid-run)
  flipped  the first send's status flipped (200 <-> 0): inconsistent, or consistent via a failed send
  spliced  two logs of the world end to end, the second's tokens renamed (a split log)
  long     logs of the world end to end, tokens renamed per piece, cut at 100 lines
each diagnosed at the default gap bounds with `--config` its world, one process at a time, with
/usr/bin/time (elapsed seconds, peak resident KB) and a time limit (--limit, default 30 s; a run
stopped by it is "NOT decided"). Then the day: Scripts/fleet-long-log.py LINES (default 35,000)
with --no-reuse. Same inputs, same excerpts: the figures are the machine's.
"""
import glob, json, os, subprocess, sys, tempfile

WORLDS = ["fleet-card", "fleet-card-dev-builds", "fleet-card-three-phones", "fleet-card-faults", "fleet-card-stale-cache"]

def rows(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip()]

def text(rs):
    return "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rs)

def renamed(rs, k):
    out = []
    for r in rs:
        r = dict(r)
        if "token" in r:
            r["token"] = "%02x%s" % (k & 0xFF, r["token"][2:])
        out.append(r)
    return out

def excerpts(world):
    logs = sorted(glob.glob(f"Counterexamples/{world}/*.log.jsonl"))
    pieces = [(os.path.basename(p)[:-10], rows(p)) for p in logs]
    pieces = [(n, r) for n, r in pieces if r]
    for name, rs in pieces:
        yield "whole", name, rs
        if len(rs) > 3:
            yield "window", name, rs[2:]
        flipped, done = [], False
        for r in rs:
            r = dict(r)
            if not done and r.get("event") == "send":
                r["status"] = 0 if r["status"] == 200 else 200
                done = True
            flipped.append(r)
        if done:
            yield "flipped", name, flipped
    starts = [(n, r) for n, r in pieces if r[0].get("event") == "decide" and r[0].get("apnsEvent") == "start"]
    for (a, ra), (b, rb) in zip(starts, starts[1:]):
        yield "spliced", f"{a}+{b}", renamed(ra, 1) + renamed(rb, 2)
    if starts:
        long, k = [], 0
        while len(long) < 100:
            long += renamed(starts[k % len(starts)][1], k + 1)
            k += 1
        yield "long", f"{k} pieces", long[:100]

def run(cardcheck, path, args, limit):
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M", cardcheck, "diagnose", path, "--time-limit", str(limit)] + args,
                       capture_output=True, text=True)
    result = next((l for l in r.stdout.splitlines() if l.startswith("result:")), "result: (none)")
    secs, kb = r.stderr.strip().splitlines()[-1].split()
    return result[len("result: "):], float(secs), int(kb)

def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__.strip().splitlines()[2])
    cardcheck, limit, day = args[0], 30, 35000
    if "--limit" in args: limit = int(args[args.index("--limit") + 1])
    if "--day" in args: day = int(args[args.index("--day") + 1])
    tmp = tempfile.mkdtemp(prefix="diagnose-bench-")
    print("| world | kind | excerpt | lines | result | s | MB |")
    print("|---|---|---|---|---|---|---|")
    summary = {}
    for world in WORLDS:
        for kind, name, rs in excerpts(world):
            path = os.path.join(tmp, "x.log.jsonl")
            with open(path, "w") as f:
                f.write(text(rs))
            result, secs, kb = run(cardcheck, path, ["--config", f"Models/{world}.json"], limit)
            decided = not result.startswith("NOT decided") and secs <= 10 and kb <= 500 * 1024
            s = summary.setdefault(kind, [0, 0, 0.0])
            s[0] += 1; s[1] += decided; s[2] = max(s[2], secs)
            print(f"| {world} | {kind} | {name} | {len(rs)} | {result[:60]} | {secs:.2f} | {kb // 1024} |", flush=True)
    print()
    print("| kind | excerpts | decided within 10 s and 500 MB | slowest s |")
    print("|---|---|---|---|")
    for kind, (n, ok, worst) in summary.items():
        print(f"| {kind} | {n} | {ok} | {worst:.2f} |")
    path = os.path.join(tmp, "day.log.jsonl")
    with open(path, "w") as f:
        subprocess.run([sys.executable, "Scripts/fleet-long-log.py", str(day), "1"], stdout=f, check=True)
    result, secs, kb = run(cardcheck, path, ["--config", "Models/fleet-card.json", "--no-reuse"], max(limit, 60))
    print()
    print(f"day: {day} lines (Scripts/fleet-long-log.py {day} 1), --no-reuse: {result[:80]}; {secs:.1f} s, {kb // 1024} MB")

main()
