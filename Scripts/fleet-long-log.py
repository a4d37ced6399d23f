#!/usr/bin/env python3
"""A long fleet server log for benchmarking `cardcheck diagnose` (Docs/diagnose.md, "Speed").

Usage: Scripts/fleet-long-log.py LINES [SEED] > long.log.jsonl

The log is made of the model's own logs: the committed counterexample logs of
Models/fleet-card.json (written by `cardcheck replay --log`) that begin with a `decide start`
(so each begins an episode), chosen with a seeded PRNG and laid end to end until LINES lines,
each 30 s after the one before. Token prefixes are renamed per piece (a piece's tokens are not
another's), sids are kept (the same three sessions all day). Same LINES and SEED, same file.
"""
import glob
import json
import random
import sys
from datetime import datetime, timedelta, timezone

def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[2])
    lines_wanted = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) == 3 else 0)
    pieces = []
    for path in sorted(glob.glob("Counterexamples/fleet-card/*.log.jsonl")):
        with open(path) as f:
            rows = [json.loads(line) for line in f if line.strip()]
        if rows and rows[0].get("event") == "decide" and rows[0].get("apnsEvent") == "start":
            pieces.append(rows)
    if not pieces:
        sys.exit("no committed log begins with a decide start (run from the repository root)")
    clock = datetime(2026, 10, 14, 21, 0, tzinfo=timezone.utc)
    written, piece = 0, 0
    out = sys.stdout
    while written < lines_wanted:
        rows = rng.choice(pieces)
        piece += 1
        start = None
        for row in rows:
            t = datetime.strptime(row["t"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)
            start = start or t
            row = dict(row)
            row["t"] = (clock + (t - start)).strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % ((clock + (t - start)).microsecond // 1000)
            if "token" in row:
                row["token"] = "%04x%s" % (piece % 0x10000, row["token"][4:])
            out.write(json.dumps(row, separators=(",", ":")) + "\n")
            written += 1
            if written >= lines_wanted:
                break
        clock += (t - start) + timedelta(seconds=30)

main()
