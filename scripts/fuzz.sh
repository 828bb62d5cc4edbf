#!/usr/bin/env bash
# The fuzzer (issue 18): mutations of every shipped instance and of small generated ones through the whole JSON
# front end (validate, solve with greedy and, for 1 input in 100, the MILP with a 0.05 s limit, verify, export,
# text and calendar rendering), on two threads, in a release build. Fails on a crash, a hang or a broken promise
# (the input is written under .build/fuzz/; keep it in Tests/TouchlineFuzzTests/Regressions/).
#
#   scripts/fuzz.sh [COUNT] [touchline-fuzz flags]   COUNT inputs (default 100000, what CI runs)
#   scripts/fuzz.sh --record [COUNT]                 also writes Benchmarks/FUZZ.md and its section of
#                                                    Benchmarks/REPORT.md (make fuzz: 1000000 inputs)
set -euo pipefail
cd "$(dirname "$0")/.."
record=0
if [ "${1:-}" = "--record" ]; then record=1; shift; fi
count="${1:-100000}"
if [ $# -gt 0 ]; then shift; fi
scripts/setup.sh
swift build -c release --product touchline-fuzz >&2
mkdir -p .build/fuzz
summary=.build/fuzz/summary.json
started=$(date -u +%Y-%m-%dT%H:%MZ)
.build/release/touchline-fuzz --count "$count" --output .build/fuzz --summary "$summary" "$@"
if [ "$record" = 1 ]; then
  python3 - "$summary" "$started" <<'PY'
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
text = f"""# Fuzzing

`scripts/fuzz.sh --record {s['inputs']}` (`make fuzz`) on {sys.argv[2]}, {cpu}, {os.cpu_count()} cores, release
build: **{s['inputs']:,} inputs in {s['seconds']/60:.1f} minutes ({s['inputs']/s['seconds']:.0f} per second) on 2 threads,
crashes 0, hangs {s['hangs']}, broken promises {s['failures']}** (seed {s['seed']}, {s['seeds']} seeds: every shipped
instance up to 200 kB and two small generated instances per kind and size). A crash would have ended the run
(the script fails), so reaching this summary is the proof of none.

Every input went through `validate` and `solve --method greedy` (one JSON line with a status, the exit code its
status promises, `validate` and `solve` agreeing on validity, `verify` clean for a plan and for every claim);
{steps.get('repeat', 0):,} were solved twice and compared byte for byte, {steps.get('render', 0):,} rendered as text
and as a calendar, {steps.get('export', 0):,} exported as LP and {steps.get('milp', 0):,} solved by the MILP with a
0.05 s limit.

| | |
|---|---|
| Results by status | {statuses} |
| Inputs by kind (`none`: no readable `problem`) | {kinds} |

CI runs the same fuzzer for 100,000 inputs on every submission (`.ci/run`).
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
PY
fi
