#!/usr/bin/env python3
"""Measures the terms and writes Benchmarks/TERMS.md: every objective level's value, bound, gap and
seconds on the three shipped term-sized instances and generated 300-match terms (pitches, officials,
matchday; seeds 1-3) at the default 10 s limit, a generated 2,000-match pitches term at 60 s against greedy,
greedy's own time per 100 matches, and the split/merge pipeline (by day, two processes at a time) beside one
solve of the whole.

    python3 scripts/terms-report.py [--binary PATH] [--out Benchmarks/TERMS.md] [--season-only]

The last section is a generated 10,000-match officials season of 8 regions: `split --by component` piped
through GNU parallel (`--jobs 2`, 10 s a part) into `merge`, beside one `solve --jobs 2` of the whole at its
own 60 s (components in process) and one `solve --decompose never` (one model);
`--season-only` re-measures just that section.

Release build, one solve at a time (the split pipeline runs two). Generated instances go to a temporary
folder (`touchline generate` makes them again from the seed).
"""
import argparse
import json
import os
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(binary, args, stdin=None):
    start = time.time()
    done = subprocess.run([binary] + args, input=stdin, capture_output=True, text=True)
    return done, time.time() - start


def levels_text(result):
    parts = []
    for level in (result.get("stats") or {}).get("levels") or []:
        value = level.get("value")
        bound = level.get("bound")
        gap = level.get("gap")
        mark = "proven" if level["termination"] == "optimal" else (
            f"bound {bound:g}, gap {100 * gap:.1f} %" if bound is not None and gap is not None else "no bound")
        parts.append(f"{level['name']} {value:g} ({mark}, {level.get('seconds', 0):.1f} s)")
    return "; ".join(parts)


def within(result):
    """Every level proven or within 1 % of its own bound."""
    levels = (result.get("stats") or {}).get("levels") or []
    if not levels:
        return False
    return all(l["termination"] == "optimal" or (l.get("gap") is not None and l["gap"] <= 0.01) for l in levels)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/touchline"))
    parser.add_argument("--out", default=os.path.join(ROOT, "Benchmarks/TERMS.md"))
    parser.add_argument("--season-only", action="store_true")
    arguments = parser.parse_args()
    binary = arguments.binary
    work = tempfile.mkdtemp(prefix="touchline-terms-")
    if arguments.season_only:
        text = open(arguments.out).read()
        marker = text.find(SEASON_HEADER)
        open(arguments.out, "w").write((text[:marker] if marker >= 0 else text + "\n") + season(binary, work))
        print(f"wrote {arguments.out}")
        return
    cases = [("pitches/fieldgame-term (294 matches)", os.path.join(ROOT, "instances/pitches/fieldgame-term.json")),
             ("officials/fieldgame-term (427 slots)", os.path.join(ROOT, "instances/officials/fieldgame-term.json")),
             ("matchday/fieldgame-saturday (40 matches)", os.path.join(ROOT, "instances/matchday/fieldgame-saturday.json"))]
    for kind in ["pitches", "officials", "matchday"]:
        for seed in [1, 2, 3]:
            path = os.path.join(work, f"{kind}-300-{seed}.json")
            run(binary, ["generate", kind, "--size", "300", "--seed", str(seed), "-o", path])
            cases.append((f"generated {kind} 300, seed {seed}", path))
    rows = []
    met = 0
    for name, path in cases:
        done, seconds = run(binary, ["solve", "--time-limit", "10", path])
        result = json.loads(done.stdout)
        ok = within(result)
        met += ok
        rows.append(f"| {name} | {result['status']} | {seconds:.2f} | {'yes' if ok else 'no'} | {levels_text(result)} |")
        print(rows[-1], flush=True)
    # The 2,000-match pitches term: greedy, then 60 s.
    big = os.path.join(work, "pitches-2000.json")
    run(binary, ["generate", "pitches", "--size", "2000", "--seed", "1", "-o", big])
    greedy_done, greedy_seconds = run(binary, ["solve", "--method", "greedy", big])
    greedy = json.loads(greedy_done.stdout)
    auto_done, auto_seconds = run(binary, ["solve", "--time-limit", "60", big])
    auto = json.loads(auto_done.stdout)
    # Greedy per 100 matches (the in-process seconds the result reports: validation, greedy, verification).
    greedy_rows = []
    for name, path in cases[:3] + [("generated pitches 2000, seed 1", big)]:
        done, _ = run(binary, ["solve", "--method", "greedy", path])
        result = json.loads(done.stdout)
        matches = len(json.load(open(path))["matches"])
        alone = result['stats'].get('greedySeconds') or 0
        greedy_rows.append(f"| {name} | {matches} | {1000 * alone:.1f} | {100000 * alone / matches:.2f} | {1000 * result['stats']['seconds']:.1f} |")
    # Split by day, two processes at a time, merge; beside one solve of the whole (same 10 s limit per solve).
    split_rows = []
    for name, path in cases[:2]:
        start = time.time()
        parts = subprocess.run([binary, "split", "--by", "day", path], capture_output=True, text=True, check=True).stdout
        solved = subprocess.run([binary, "solve", "--jsonl", "--jobs", "2", "--time-limit", "10"], input=parts,
                                capture_output=True, text=True).stdout
        results = os.path.join(work, "results.jsonl")
        open(results, "w").write(solved)
        merged = json.loads(subprocess.run([binary, "merge", path, results], capture_output=True, text=True).stdout)
        split_seconds = time.time() - start
        whole_done, whole_seconds = run(binary, ["solve", "--time-limit", "10", path])
        whole = json.loads(whole_done.stdout)
        split_rows.append(
            f"| {name} | {merged['split']['parts']} | {split_seconds:.2f} | {merged['status']} | {merged['objective']} | "
            f"{', '.join(merged['split']['provenLevels']) or 'none'} | {whole_seconds:.2f} | {whole['status']} | {whole['objective']} |")
    with open(arguments.out, "w") as out:
        out.write("# Terms and seasons\n\n")
        out.write("Written by `scripts/terms-report.py` (release build, one solve at a time, this 2-core machine; "
                  "times are wall clock of the whole `touchline` run). A level is *proven* when its value meets a "
                  "bound proven for the whole model; the target is every level proven or within 1 % of its own "
                  "bound within 10 s.\n\n")
        out.write(f"## Every level within 10 s: {met} of {len(cases)}\n\n")
        out.write("| instance | status | seconds | target met | levels: value (proof or bound, seconds) |\n|---|---|---:|---|---|\n")
        out.write("\n".join(rows) + "\n\n")
        out.write("## A 2,000-match pitches term (generated, seed 1)\n\n")
        out.write("| method | status | seconds | objective | levels |\n|---|---|---:|---|---|\n")
        out.write(f"| greedy | {greedy['status']} | {greedy_seconds:.2f} | {greedy['objective']} | - |\n")
        out.write(f"| auto, 60 s | {auto['status']} | {auto_seconds:.2f} | {auto['objective']} | {levels_text(auto)} |\n\n")
        out.write("## Greedy's time\n\n`stats.greedySeconds` of a `--method greedy` run (the heuristic alone, in process), per 100 matches, "
                  "and the whole run's in-process seconds (validation, greedy, its verification).\n\n")
        out.write("| instance | matches | greedy ms | ms per 100 matches | whole run ms |\n|---|---:|---:|---:|---:|\n" + "\n".join(greedy_rows) + "\n\n")
        out.write("## Split by day, two processes, merge\n\n`touchline split --by day` | `solve --jsonl --jobs 2 --time-limit 10` | "
                  "`touchline merge`, beside one `solve --time-limit 10` of the whole.\n\n")
        out.write("| instance | parts | split seconds | merged status | merged objective | levels the merge proves | whole seconds | whole status | whole objective |\n"
                  "|---|---:|---:|---|---|---|---:|---|---|\n" + "\n".join(split_rows) + "\n")
        out.write("\n" + season(binary, work))
    print(f"wrote {arguments.out}")


SEASON_HEADER = "## A 10,000-match season of 8 regions"


def season(binary, work):
    path = os.path.join(work, "season.json")
    subprocess.run([binary, "generate", "officials", "--size", "10000", "--regions", "8", "-o", path], check=True)
    start = time.time()
    pipeline = (f"'{binary}' split --by component '{path}' | parallel --will-cite --pipe -N1 --jobs 2 "
                f"'{binary}' solve --jsonl --time-limit 10 > '{work}/season-results.jsonl' 2>/dev/null && "
                f"'{binary}' merge '{path}' '{work}/season-results.jsonl' > '{work}/season-merged.json' 2>/dev/null")
    subprocess.run(["bash", "-c", pipeline], check=True)
    split_seconds = time.time() - start
    merged = json.load(open(os.path.join(work, "season-merged.json")))
    verified = subprocess.run([binary, "verify", path, os.path.join(work, "season-merged.json")], capture_output=True, text=True)
    # One solve: its components in process on two threads (the default for a season), then as one model.
    inproc_done, inproc_seconds = run(binary, ["solve", "--jobs", "2", path])
    inproc = json.loads(inproc_done.stdout)
    with open(os.path.join(work, "season-inproc.json"), "w") as handle:
        handle.write(inproc_done.stdout)
    inproc_verified = subprocess.run([binary, "verify", path, os.path.join(work, "season-inproc.json")], capture_output=True, text=True)
    whole_done, whole_seconds = run(binary, ["solve", "--decompose", "never", path])
    whole = json.loads(whole_done.stdout)

    def gap(result):
        return "-" if result.get("gap") is None else f"{100 * result['gap']:.2f} %"

    lines = [SEASON_HEADER + "\n\n",
             "`touchline generate officials --size 10000 --regions 8` (each region its own venues and officials, who "
             "work only there); `split --by component | parallel --pipe -N1 --jobs 2 touchline solve --jsonl "
             "--time-limit 10 | merge`, beside one `touchline solve --jobs 2` of the whole (its options: 60 s; the "
             "season's components solved apart in process on two threads and assembled) and one `touchline solve "
             "--decompose never` (the whole as one model).\n\n",
             "| run | seconds | status | method | objective | bound (first open level) | gap | verify |\n|---|---:|---|---|---|---|---|---|\n",
             f"| split (8 parts) + parallel + merge | {split_seconds:.1f} | {merged['status']} | {merged['method']} | {merged['objective']} | "
             f"{merged.get('bound')} | {gap(merged)} | {'ok' if verified.returncode == 0 else 'FAILED'} |\n",
             f"| one solve, components in process (`--jobs 2`, {inproc.get('split', {}).get('parts', 1)} parts) | {inproc_seconds:.1f} | {inproc['status']} | {inproc['method']} | "
             f"{inproc['objective']} | {inproc.get('bound')} | {gap(inproc)} | {'ok' if inproc_verified.returncode == 0 else 'FAILED'} |\n",
             f"| one solve as one model (`--decompose never`, {whole['stats']['variables']} columns) | {whole_seconds:.1f} | {whole['status']} | {whole['method']} | "
             f"{whole['objective']} | {whole.get('bound')} | {gap(whole)} | - |\n\n",
             f"Levels the merge proves: {', '.join(merged['split']['provenLevels']) or 'none'}; parts' own seconds "
             f"{merged['split']['partSeconds']:.1f} in all, the longest {merged['split']['longestPartSeconds']:.1f}.\n"]
    return "".join(lines)


if __name__ == "__main__":
    main()
