#!/usr/bin/env python3
"""The shipped lineup squads with `"strength": "balanced"`: every player rated 1 to 5 (drawn from a seed made of
the file's name, so each run rates them alike), solved through the release CLI by GLPK's pattern engine
(`--method milp`), the built-in solver's (`--method builtin`) and greedy, each once with the instance's own time
limit; and without the strength rule by the built-in solver, to show what the even field costs in the other
levels. Infeasible squads are left out. Every solve runs with `--suggest-seconds 0`.
Writes Benchmarks/STRENGTH.md (or --out FILE; - for standard output).

Usage: scripts/strength-series.py [--binary .build/release/touchline] [--out Benchmarks/STRENGTH.md]
"""
import argparse, glob, json, os, platform, random, subprocess, sys, tempfile, time, zlib

LEVELS = ("spread", "strengthGap", "substitutions", "offPreferredPosition")

def solve(binary, method, document):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(document, handle)
        path = handle.name
    started = time.monotonic()
    process = subprocess.run([binary, "solve", "--method", method, "--suggest-seconds", "0", path],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    seconds = time.monotonic() - started
    os.unlink(path)
    try:
        return json.loads(process.stdout), seconds
    except json.JSONDecodeError:
        return None, seconds

def objective(result):
    o = (result or {}).get("objective") or {}
    def number(x):
        return "–" if x is None else (str(int(x)) if float(x).is_integer() else f"{x:g}")
    return "/".join(number(o.get(k)) for k in LEVELS if k != "strengthGap" or k in o)

def cell(result, seconds):
    if result is None:
        return f"error | {seconds:.2f}"
    gap = result.get("gap")
    status = result.get("status", "?")
    if status == "feasible" and gap is not None:
        status += f" (gap {gap:.2f})"
    return f"{status} {objective(result)} | {seconds:.2f}"

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/touchline")
    parser.add_argument("--out", default="Benchmarks/STRENGTH.md")
    args = parser.parse_args()
    rows, proven, count = [], {"milp": 0, "builtin": 0}, 0
    for path in sorted(glob.glob("instances/lineups/*.json")):
        name = os.path.basename(path)[:-5]
        if name == "expected":
            continue
        document = json.load(open(path))
        rng = random.Random(zlib.crc32(name.encode()))
        for player in document["players"]:
            player["rating"] = rng.randint(1, 5)
        plain, _ = solve(args.binary, "builtin", document)
        if (plain or {}).get("status") == "infeasible":
            continue
        document.setdefault("rules", {})["strength"] = "balanced"
        results = {method: solve(args.binary, method, document) for method in ("milp", "builtin", "greedy")}
        count += 1
        for method in proven:
            if (results[method][0] or {}).get("status") == "optimal":
                proven[method] += 1
        limit = (document.get("options") or {}).get("timeLimitSeconds", 10)
        rows.append(f"| {name} | {len(document['players'])} | {limit:g} | {objective(plain)} | "
                    + " | ".join(cell(*results[m]) for m in ("milp", "builtin", "greedy")) + " |")
        print(rows[-1], file=sys.stderr)
    lines = [
        "# Strength balanced on the shipped squads",
        "",
        "Written by `scripts/strength-series.py` (the release CLI, one solve each, the instance's own time limit, "
        f"{platform.machine()}, {os.cpu_count()} cores). Every player of each shipped squad with a plan is rated 1 to 5 "
        "(seeded by the file's name) and the squad gets `\"strength\": \"balanced\"`. Objectives are "
        "spread/strengthGap/substitutions/offPreferredPosition; *plain* is the squad without the strength rule "
        "(built-in solver), spread/substitutions/offPreferredPosition. A `feasible` answer's gap is the relative "
        "gap of its first open level.",
        "",
        f"Proven optimal: GLPK {proven['milp']} of {count}, built-in solver {proven['builtin']} of {count}.",
        "",
        "| squad | players | limit s | plain | GLPK | s | built-in | s | greedy | s |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ] + rows
    text = "\n".join(lines) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        open(args.out, "w").write(text)

if __name__ == "__main__":
    main()
