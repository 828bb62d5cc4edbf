#!/usr/bin/env python3
# Writes Benchmarks/FUZZ.md from a touchline-fuzz summary and puts it in Benchmarks/REPORT.md as its "Fuzzing"
# section. Usage: scripts/fuzz-record.py SUMMARY.json STARTED [COMMIT] (scripts/fuzz.sh --record calls it).
import json, sys, re, platform, os
s = json.load(open(sys.argv[1]))
cpu = "unknown CPU"
try:
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip(); break
except OSError:
    pass
statuses = ", ".join(f"{k} {v:,}" for k, v in sorted(s["statuses"].items()))
kinds = ", ".join(f"{k} {v:,}" for k, v in sorted(s["kinds"].items()))
steps = s.get("steps", {})
commit = sys.argv[3] if len(sys.argv) > 3 else "unknown"
failures = s["failures"]
found = ("none" if failures == 0 else
         f"{failures} (written to .build/fuzz/failure-N.json with their sentences; each one is kept in "
         "Tests/TouchlineFuzzTests/Regressions once fixed)")
text = f"""# Fuzzing

`scripts/fuzz.sh --record {s['inputs']}` (`make fuzz`) started {sys.argv[2]} at commit {commit}, {cpu},
{os.cpu_count()} cores, release build: **{s['inputs']:,} inputs in {s['seconds']/60:.1f} minutes
({s['inputs']/s['seconds']:.0f} per second) on {2} threads, crashes 0, hangs {s['hangs']}**; broken promises: {found}.
Seed {s['seed']}, {s['seeds']} seeds (every shipped instance up to 200 kB and two small generated instances per
kind and size). A crash ends the run by its signal before this summary is written, so a summary is the proof of
none.

Every input went through `validate` and `solve --method greedy` (one JSON line with a status, the exit code its
status promises, `validate` and `solve` agreeing on validity, `verify` clean for a plan and for every claim);
{steps.get('repeat', 0):,} were solved twice and compared byte for byte, {steps.get('render', 0):,} rendered as text
and as a calendar, {steps.get('export', 0):,} exported as LP and {steps.get('milp', 0):,} solved by the MILP with a
0.05 s limit.

| | |
|---|---|
| Results by status | {statuses} |
| Inputs by kind (`none`: no readable `problem`) | {kinds} |

CI runs the same fuzzer, same seed, for the first 100,000 of these inputs on every submission (`.ci/run`).
"""
open("Benchmarks/FUZZ.md", "w").write(text)
report = "Benchmarks/REPORT.md"
if os.path.exists(report):
    body = open(report).read()
    section = "## Fuzzing\n\n" + text.split("\n", 2)[2].strip() + "\n\n"
    if "\n## Fuzzing\n" in body:
        body = re.sub(r"\n## Fuzzing\n.*?(?=\n## )", "\n" + section.rstrip() + "\n", body, flags=re.S)
    else:
        body = body.replace("\n## History\n", "\n" + section + "## History\n", 1)
    open(report, "w").write(body)
print("touchline-fuzz: recorded in Benchmarks/FUZZ.md and Benchmarks/REPORT.md", file=sys.stderr)
