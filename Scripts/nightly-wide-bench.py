#!/usr/bin/env python3
"""The figures of issue 52 item 1: the wide nightly world checked exhaustively past memory.

Usage: Scripts/nightly-wide-bench.py CARDCHECK --spill DIR [--budget B] [--memory MB]
           [--threads N] [--time-limit S] [--pair-budget P] [--no-pair] > table.md

1. The run: `CARDCHECK check Models/fleet-card-nightly-wide.json --budget B --depth 200
   --threads N --spill DIR --memory MB --time-limit S` (defaults: B 3, N 2, MB 5000, S 10800),
   under /usr/bin/time -v. Prints its distinct states, transitions, depth, whether the search
   covered its bounds, its findings (violated properties, expected or not), wall and CPU time,
   peak resident memory, and the issue's targets (exhaustive, under 3 hours, under 8 GB).
2. The slowdown on a world that fits: the same world at budget P (default 1), once with
   everything on disk from the first levels (`--spill DIR --memory 16`) and once in memory,
   in turn; prints both runs' CPU, wall and peak, their ratios, and whether the two reports
   are the same (every line but the timing and spill lines).
Each run is one process, one at a time; the figures are the machine's (run it on an idle one).
A stopped run (time limit, Ctrl-C) is printed as NOT exhaustive with what it reached.
"""
import os, re, subprocess, sys, tempfile

CONFIG = "Models/fleet-card-nightly-wide.json"

def fail(msg):
    print(f"nightly-wide-bench: {msg}", file=sys.stderr)
    sys.exit(2)

def args(argv):
    opts = {"budget": 3, "memory": 5000, "threads": 2, "time-limit": 10800, "pair-budget": 1}
    flags = {"no-pair": False}
    cardcheck, spill, i = None, None, 0
    while i < len(argv):
        a = argv[i]
        if a == "--no-pair":
            flags["no-pair"] = True
        elif a == "--spill":
            if i + 1 >= len(argv):
                fail("--spill needs a directory")
            spill, i = argv[i + 1], i + 1
        elif a.startswith("--") and a[2:] in opts:
            if i + 1 >= len(argv) or not argv[i + 1].isdigit():
                fail(f"{a} needs a whole number")
            opts[a[2:]], i = int(argv[i + 1]), i + 1
        elif a in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        elif cardcheck is None and not a.startswith("-"):
            cardcheck = a
        else:
            fail(f"unexpected argument {a!r} (see --help)")
        i += 1
    if cardcheck is None or spill is None:
        fail("usage: nightly-wide-bench.py CARDCHECK --spill DIR [options] (see --help)")
    if not (os.path.isfile(cardcheck) and os.access(cardcheck, os.X_OK)):
        fail(f"{cardcheck}: not an executable file")
    if not os.access("/usr/bin/time", os.X_OK):
        fail("/usr/bin/time: not found (Debian package time)")
    if not os.path.isfile(CONFIG):
        fail(f"{CONFIG}: not found (run from the repository's top folder)")
    if not os.path.isdir(spill):
        fail(f"{spill}: not a directory")
    return cardcheck, spill, opts, flags

def run(cmd):
    """Runs cmd under /usr/bin/time -v; returns (exit code, stdout, wall s, cpu s, peak KB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        p = subprocess.run(["/usr/bin/time", "-v", "-o", t.name] + cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
        stats = t.read()
    def field(name):
        m = re.search(rf"{re.escape(name)}: (.+)", stats)
        if not m:
            fail(f"/usr/bin/time printed no {name!r}")
        return m.group(1).strip()
    wall = 0.0
    for part in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":"):
        wall = wall * 60 + float(part)
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    return p.returncode, p.stdout, wall, cpu, int(field("Maximum resident set size (kbytes)"))

def summary(out):
    """The report's states, transitions, depth, coverage and findings."""
    m = re.search(r"^\S+: ([\d,]+) distinct states, ([\d,]+) transitions, depth (\d+), (.+)$", out, re.M)
    if not m:
        return None
    violated = re.findall(r"^  violated +\S+ \"([^\"]+)\" in \d+ steps( \(expected)?", out, re.M)
    return {
        "states": int(m.group(1).replace(",", "")), "transitions": int(m.group(2).replace(",", "")),
        "depth": int(m.group(3)), "coverage": m.group(4),
        "exhaustive": m.group(4).startswith("exhaustive"),
        "expected": [n for n, e in violated if e], "new": [n for n, e in violated if not e],
    }

def hms(s):
    return f"{int(s // 3600)} h {int(s % 3600 // 60):02d} min {s % 60:04.1f} s"

def gib(kb):
    return f"{kb / 1024 / 1024:.2f} GiB"

def main():
    cardcheck, spill, o, flags = args(sys.argv[1:])
    cmd = [cardcheck, "check", CONFIG, "--budget", str(o["budget"]), "--depth", "200",
           "--threads", str(o["threads"]), "--spill", spill, "--memory", str(o["memory"]),
           "--time-limit", str(o["time-limit"])]
    print(f"# The wide nightly at {o['budget']} world actions\n")
    print("`" + " ".join(cmd[1:]) + "`\n")
    code, out, wall, cpu, peak = run(cmd)
    s = summary(out)
    if s is None:
        fail(f"the run printed no report (exit {code})")
    print("| states | transitions | depth | coverage | wall | CPU | peak resident | exit |")
    print("|---:|---:|---:|---|---:|---:|---:|---:|")
    print(f"| {s['states']:,} | {s['transitions']:,} | {s['depth']} | {s['coverage']} | {hms(wall)} "
          f"| {cpu:,.0f} s | {gib(peak)} | {code} |\n")
    for line in out.splitlines():
        if line.startswith(("time ", "spill: ")):
            print(f"`{line}`\n")
    print(f"findings: {len(s['expected'])} expected ({', '.join(s['expected']) or 'none'}); "
          f"{len(s['new'])} not expected ({', '.join(s['new']) or 'none'})\n")
    print(f"targets: exhaustive {'yes' if s['exhaustive'] else 'NO'}; under 3 hours "
          f"{'yes' if wall < 3 * 3600 else 'NO'}; peak under 8 GB {'yes' if peak * 1024 < 8e9 else 'NO'}\n")
    if flags["no-pair"]:
        return
    b = str(o["pair-budget"])
    base = [cardcheck, "check", CONFIG, "--budget", b, "--threads", str(o["threads"])]
    disk = run(base + ["--spill", spill, "--memory", "16"])
    mem = run(base)
    print(f"## On disk against in memory, budget {b}\n")
    print(f"`{' '.join(base[1:])} --spill {spill} --memory 16` (A) against `{' '.join(base[1:])}` (B)\n")
    print("| run | states | CPU | wall | peak resident | exit |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, (code, out, wall, cpu, peak) in (("A, on disk", disk), ("B, in memory", mem)):
        r = summary(out)
        print(f"| {name} | {r['states']:,} | {cpu:.2f} s | {wall:.2f} s | {peak / 1024:.1f} MiB | {code} |"
              if r else f"| {name} | no report | | | | {code} |")
    report = lambda out: [l for l in out.splitlines() if not l.startswith(("time ", "spill: "))]
    same = report(disk[1]) == report(mem[1])
    ratio = lambda a, b: f"{a / b:.2f}x" if b > 0 else "n/a"
    print(f"\nA/B: CPU {ratio(disk[3], mem[3])}, wall {ratio(disk[2], mem[2])}, peak "
          f"{ratio(disk[4], mem[4])}; reports {'the same' if same else 'DIFFERENT'}")

if __name__ == "__main__":
    main()
