#!/usr/bin/env python3
"""The shipped lineup instances through the release CLI: status, objective, median seconds of 3 MILP runs
(process start included, the instance's own limit), pattern count, and greedy once. Writes
Benchmarks/LINEUPS.md (or --out FILE; - for standard output).

Usage: scripts/lineup-shipped.py [--binary .build/release/touchline] [--runs 3] [--out Benchmarks/LINEUPS.md]
"""
import argparse, glob, json, os, platform, statistics, subprocess, sys, time

def run(binary, args, path):
    started = time.monotonic()
    done = subprocess.run([binary] + args + [path], capture_output=True, text=True)
    seconds = time.monotonic() - started
    try:
        return json.loads(done.stdout), seconds
    except json.JSONDecodeError:
        return None, seconds

def objective(result):
    o = (result or {}).get("objective") or {}
    return "/".join(str(o.get(k, "–")) for k in ("spread", "substitutions", "offPreferredPosition"))

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/touchline")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", default="Benchmarks/LINEUPS.md")
    options = parser.parse_args()
    rows = []
    for path in sorted(glob.glob("instances/lineups/*.json")):
        name = os.path.basename(path)[:-5]
        if name == "expected":
            continue
        times, result = [], None
        for _ in range(options.runs):
            result, seconds = run(options.binary, ["solve"], path)
            times.append(seconds)
        greedy, greedy_seconds = run(options.binary, ["solve", "--method", "greedy"], path)
        status = (result or {}).get("status", "error")
        patterns = ((result or {}).get("stats") or {}).get("patterns")
        levels = ((result or {}).get("stats") or {}).get("levels") or []
        open_level = next((l for l in levels if l.get("termination") not in ("optimal",)), None)
        note = (greedy or {}).get("status", "error")
        if status == "feasible" and open_level:
            note = f"{open_level['name']} gap {round(100 * (open_level.get('gap') or 0))} %"
        rows.append((name, status, objective(result), statistics.median(times), patterns, objective(greedy), greedy_seconds, note))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    lines = [
        "# Shipped lineups",
        "",
        f"Every lineup in `instances/lineups/` through the release `touchline solve` (process start included, the",
        f"instance's own limit, median of {options.runs} runs; `--method greedy` once), written by `scripts/lineup-shipped.py`",
        f"on commit {commit}, {os.cpu_count()} cores, {platform.system()} {platform.machine()}. Objective: spread / substitutions /",
        "offPreferredPosition; patterns: columns of the pattern model after tightening.",
        "",
        "| instance | status | objective | seconds | patterns | greedy objective | greedy (CLI) | greedy status, or the open level's gap |",
        "|---|---|---|---:|---:|---|---:|---|",
    ]
    for name, status, obj, seconds, patterns, gobj, gsec, note in rows:
        lines.append(f"| {name} | {status} | {obj} | {seconds:.2f} s | {patterns if patterns is not None else '–'} | {gobj} | {gsec:.3f} s | {note} |")
    proven = [r for r in rows if r[1] in ("optimal", "infeasible")]
    lines.append("")
    lines.append(f"Proven {len(proven)} of {len(rows)}; median {statistics.median(r[3] for r in rows):.2f} s; slowest {max(r[3] for r in rows):.2f} s.")
    text = "\n".join(lines) + "\n"
    if options.out == "-":
        sys.stdout.write(text)
    else:
        with open(options.out, "w") as handle:
            handle.write(text)

if __name__ == "__main__":
    main()
