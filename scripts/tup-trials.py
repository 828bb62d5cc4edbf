#!/usr/bin/env python3
"""Compares solver builds on rows of the Traveling Umpire Problem, several runs each: one run of a row is within
the noise of the search (1-2 % at 300 s on 14 teams), so a change is judged on the spread of a few.

    python3 scripts/tup-trials.py ROW [ROW ...] --limit SECONDS [--runs N]
        [--binary NAME=PATH [--binary NAME=PATH ...]] [--env NAME:VAR=VALUE ...] [--out FILE]

ROW is a key of instances/officials/tup/original/best_known_bounds.csv as `umps14C-q8-3`. Each binary (default:
`head=.build/release/touchline`) solves each row N times (default 3) with `touchline solve --time-limit SECONDS`,
interleaved (run 1 of every binary on every row, then run 2, ...) so that a slow spell of a shared machine falls on
all of them. `--env head:TL_X=1` sets a variable for one binary's runs. Every plan is scored and checked by
scripts/tup-cost.py from the original file (the run fails when its cost is not the plan's `tourKm` or it breaks a
rule). Prints a Markdown table per row: status, cost, bound and seconds of each run, and the median, best and worst
cost against the best known upper bound. One solve at a time, on a quiet machine.
"""
import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TUP = os.path.join(ROOT, "instances/officials/tup/original")


def pct(a, b):
    return 100.0 * (a - b) / b if a is not None and b else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rows", nargs="+")
    parser.add_argument("--limit", type=float, required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", action="append", default=[])
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("--out")
    args = parser.parse_args()
    binaries = [tuple(b.split("=", 1)) for b in args.binary] or [("head", os.path.join(ROOT, ".build/release/touchline"))]
    for name, path in binaries:
        if not os.access(path, os.X_OK):
            sys.exit(f"--binary {name}={path}: not an executable")
    envs = {name: dict(os.environ) for name, _ in binaries}
    for item in args.env:
        name, _, assignment = item.partition(":")
        variable, _, value = assignment.partition("=")
        if name not in envs or not variable:
            sys.exit(f"--env {item}: expected NAME:VAR=VALUE with NAME one of {', '.join(envs)}")
        envs[name][variable] = value
    bounds = {f"{r['instance']}-q{r['q1']}-{r['q2']}": r for r in csv.DictReader(open(os.path.join(TUP, "best_known_bounds.csv")))}
    for row in args.rows:
        if row not in bounds:
            sys.exit(f"{row}: not a row of best_known_bounds.csv (keys as umps14C-q8-3)")
    work = tempfile.mkdtemp(prefix="tup-trials-")
    results = {(row, name): [] for row in args.rows for name, _ in binaries}
    for row in args.rows:
        r = bounds[row]
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts/convert-tup.py"), os.path.join(TUP, r["instance"] + ".txt"),
                        "--q1", r["q1"], "--q2", r["q2"], "--out", os.path.join(work, row + ".json")], check=True)
    for run in range(args.runs):
        for row in args.rows:
            r = bounds[row]
            instance = os.path.join(work, row + ".json")
            for name, path in binaries:
                out = os.path.join(work, f"{row}-{name}-{run}.result.json")
                start = time.time()
                with open(out, "w") as handle:
                    subprocess.run([path, "solve", "--time-limit", f"{args.limit:g}", instance], stdout=handle,
                                   stderr=subprocess.DEVNULL, env=envs[name])
                seconds = time.time() - start
                output = json.load(open(out))
                cost = None
                if output.get("solution"):
                    scored = subprocess.run([sys.executable, os.path.join(ROOT, "scripts/tup-cost.py"),
                                             os.path.join(TUP, r["instance"] + ".txt"), out, "--q1", r["q1"], "--q2", r["q2"]],
                                            capture_output=True, text=True)
                    checked = json.loads(scored.stdout)
                    if not checked["feasible"] or checked["cost"] != (output.get("objective") or {}).get("tourKm"):
                        sys.exit(f"{row} {name} run {run + 1}: the checker says {scored.stdout}")
                    cost = checked["cost"]
                results[(row, name)].append({"status": output.get("status"), "cost": cost, "bound": output.get("bound"),
                                             "seconds": seconds})
                print(f"{row} {name} run {run + 1}: {output.get('status')} {cost} bound {output.get('bound')} in {seconds:.1f} s",
                      file=sys.stderr)
    lines = [f"Rows of the Traveling Umpire Problem, {args.runs} runs each at {args.limit:g} s, interleaved; "
             f"`scripts/tup-trials.py`, {os.cpu_count()} cores.", ""]
    for row in args.rows:
        ub = int(bounds[row]["upper_bound"]) if bounds[row]["upper_bound"] else None
        lines += [f"**{row}** (best known {ub:,})" if ub else f"**{row}** (no plan known)", "",
                  "| binary | runs (status cost / bound, s) | median | best | worst | median vs best % |", "|---|---|---|---|---|---|"]
        for name, _ in binaries:
            runs = results[(row, name)]
            costs = [x["cost"] for x in runs if x["cost"] is not None]
            shown = "; ".join(f"{x['status']} {x['cost'] if x['cost'] is not None else '–'} / {x['bound'] if x['bound'] is not None else '–'}, "
                              f"{x['seconds']:.1f}" for x in runs)
            median = statistics.median(costs) if len(costs) == len(runs) and costs else None
            lines.append(f"| {name} | {shown} | {f'{median:,.0f}' if median is not None else '–'} | "
                         f"{f'{min(costs):,}' if costs else '–'} | {f'{max(costs):,}' if costs else '–'} | "
                         f"{f'{pct(median, ub):.2f}' if median is not None and ub else '–'} |")
        lines.append("")
    text = "\n".join(lines)
    print(text)
    if args.out:
        open(args.out, "w").write(text + "\n")


if __name__ == "__main__":
    main()
