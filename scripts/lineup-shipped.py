#!/usr/bin/env python3
"""The shipped lineup instances through the release CLI: status, objective, median seconds of 3 MILP runs
(process start included, the instance's own limit), pattern count, and greedy once; then the same instances by
the built-in solver (`--method builtin`, median of the same number of runs), both at once (`auto`), and, with --mit-binary (a release
build without GLPK: `swift build -c release --disable-default-traits --scratch-path .build-mit`), by that
build's `auto` with its peak memory.
Every solve runs with `--suggest-seconds 0`: an infeasible squad's suggestions (a search of its own after the
proof, up to 5 s) are left out, so that the seconds are the answer's. Writes Benchmarks/LINEUPS.md (or --out FILE; - for standard output).

Usage: scripts/lineup-shipped.py [--binary .build/release/touchline] [--mit-binary PATH] [--runs 3]
                                 [--out Benchmarks/LINEUPS.md]
"""
import argparse, glob, json, os, platform, statistics, subprocess, sys, time

def run(binary, args, path):
    result, seconds, _ = measured(binary, args, path)
    return result, seconds

def measured(binary, args, path):
    """The result, the wall seconds and the process's peak resident memory in MB."""
    started = time.monotonic()
    process = subprocess.Popen([binary] + args + [path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = process.stdout.read()
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0
    seconds = time.monotonic() - started
    try:
        return json.loads(out), seconds, usage.ru_maxrss / 1024
    except json.JSONDecodeError:
        return None, seconds, usage.ru_maxrss / 1024

def objective(result):
    o = (result or {}).get("objective") or {}
    return "/".join(str(o.get(k, "–")) for k in ("spread", "substitutions", "offPreferredPosition"))

def open_gap(result):
    levels = ((result or {}).get("stats") or {}).get("levels") or []
    level = next((l for l in levels if l.get("termination") != "optimal"), None)
    if (result or {}).get("status") == "feasible" and level:
        bound = level.get("bound")
        shown = '–' if bound is None else (f"{bound:.0f}" if abs(bound - round(bound)) < 1e-6 else f"{bound:.2f}")
        return f"{level['name']} bound {shown}"
    return ""

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/touchline")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mit-binary", default=None)
    parser.add_argument("--out", default="Benchmarks/LINEUPS.md")
    options = parser.parse_args()
    rows = []
    builtin_rows = []
    race_rows = []
    for path in sorted(glob.glob("instances/lineups/*.json")):
        name = os.path.basename(path)[:-5]
        if name == "expected":
            continue
        times, result = [], None
        for _ in range(options.runs):
            result, seconds = run(options.binary, ["solve", "--suggest-seconds", "0", "--method", "milp"], path)
            times.append(seconds)
        greedy, greedy_seconds = run(options.binary, ["solve", "--suggest-seconds", "0", "--method", "greedy"], path)
        status = (result or {}).get("status", "error")
        patterns = ((result or {}).get("stats") or {}).get("patterns")
        levels = ((result or {}).get("stats") or {}).get("levels") or []
        open_level = next((l for l in levels if l.get("termination") not in ("optimal",)), None)
        note = (greedy or {}).get("status", "error")
        if status == "feasible" and open_level:
            note = f"{open_level['name']} gap {round(100 * (open_level.get('gap') or 0))} %"
        rows.append((name, status, objective(result), statistics.median(times), patterns, objective(greedy), greedy_seconds, note))
        own_times, own = [], None
        for _ in range(options.runs):
            own, seconds = run(options.binary, ["solve", "--suggest-seconds", "0", "--method", "builtin"], path)
            own_times.append(seconds)
        mit = measured(options.mit_binary, ["solve"], path) if options.mit_binary else None
        builtin_rows.append((name, status, objective(result), (own or {}).get("status", "error"), (own or {}).get("method"),
                             objective(own), statistics.median(own_times), open_gap(own), mit))
        # `auto` in the GLPK build: both engines at once, the first proof answers.
        race_times, raced = [], None
        for _ in range(options.runs):
            raced, seconds = run(options.binary, ["solve"], path)
            race_times.append(seconds)
        race = ((raced or {}).get("stats") or {}).get("race") or {}
        race_rows.append((name, (raced or {}).get("status", "error"), objective(raced), race.get("winner", "–"),
                          statistics.median(race_times), statistics.median(times), statistics.median(own_times)))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    lines = [
        "# Shipped lineups",
        "",
        f"Every lineup in `instances/lineups/` through the release `touchline solve --method milp` (process start included, the",
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
    lines += [
        "",
        "## The built-in solver",
        "",
        "The same instances by Touchline's own simplex and branch and bound (`--method builtin` on the same binary,",
        f"median of {options.runs} runs)" + (", and by the build without GLPK (`auto`, once; peak resident memory of the process)" if options.mit_binary else "") + ".",
        "Agrees: both proven with the same objective, or both proven infeasible (the objective shown is then the best-effort plan's, which proves nothing); `–` where one of them is not proven.",
        "",
        "| instance | GLPK | GLPK objective | builtin | method | builtin objective | seconds | open level | agrees |" + (" MIT build | MIT s | MIT peak MB |" if options.mit_binary else ""),
        "|---|---|---|---|---|---|---:|---|---|" + ("---|---:|---:|" if options.mit_binary else ""),
    ]
    disagreements = 0
    for name, gstatus, gobj, bstatus, bmethod, bobj, bsec, gap, mit in builtin_rows:
        both = gstatus in ("optimal", "infeasible") and bstatus in ("optimal", "infeasible")
        # An infeasible squad's objective is its best-effort plan's (a heuristic within a second), not a proof.
        agrees = "–" if not both else ("yes" if gstatus == bstatus and (gstatus == "infeasible" or gobj == bobj) else "NO")
        disagreements += agrees == "NO"
        line = f"| {name} | {gstatus} | {gobj} | {bstatus} | {bmethod or '–'} | {bobj} | {bsec:.2f} s | {gap or '–'} | {agrees} |"
        if mit:
            result, seconds, peak = mit
            line += f" {(result or {}).get('status', 'error')} {objective(result)} | {seconds:.2f} | {peak:.0f} |"
        lines.append(line)
    own_proven = [r for r in builtin_rows if r[3] in ("optimal", "infeasible")]
    lines.append("")
    lines.append(
        f"Built-in solver: proven {len(own_proven)} of {len(builtin_rows)}; median {statistics.median(r[6] for r in builtin_rows):.2f} s; "
        f"slowest proven {max((r[6] for r in own_proven), default=0):.2f} s; disagreements with GLPK {disagreements}.")
    if options.mit_binary:
        peaks = [r[8][2] for r in builtin_rows if r[8]]
        lines.append(f"Build without GLPK: largest peak memory {max(peaks):.0f} MB.")
    misses = [r for r in builtin_rows if r[3] not in ("optimal", "infeasible")]
    if misses:
        lines.append("")
        lines.append("Not proven by the built-in solver within the instance's limit: " +
                     "; ".join(f"{r[0]} ({r[3]}, {r[7] or 'no level open'})" for r in misses) + ".")
    lines += [
        "",
        "## Both engines at once",
        "",
        "`touchline solve` (`method: auto`) in the GLPK build runs GLPK and the built-in solver on a thread each and the",
        f"first proof answers (median of {options.runs} runs), beside the GLPK and built-in medians above from the same run.",
        "",
        "| instance | status | objective | answered by | seconds | GLPK alone | built-in alone |",
        "|---|---|---|---|---:|---:|---:|",
    ]
    for name, rstatus, robj, winner, rsec, gsec, bsec in race_rows:
        lines.append(f"| {name} | {rstatus} | {robj} | {winner} | {rsec:.2f} s | {gsec:.2f} s | {bsec:.2f} s |")
    race_proven = [r for r in race_rows if r[1] in ("optimal", "infeasible")]
    lines.append("")
    lines.append(
        f"Both at once: proven {len(race_proven)} of {len(race_rows)}; median {statistics.median(r[4] for r in race_rows):.2f} s; "
        f"slowest {max(r[4] for r in race_rows):.2f} s (GLPK alone: slowest {max(r[5] for r in race_rows):.2f} s; built-in alone: "
        f"slowest {max(r[6] for r in race_rows):.2f} s).")
    text = "\n".join(lines) + "\n"
    if options.out == "-":
        sys.stdout.write(text)
    else:
        with open(options.out, "w") as handle:
            handle.write(text)

if __name__ == "__main__":
    main()
