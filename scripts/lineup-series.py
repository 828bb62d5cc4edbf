#!/usr/bin/env python3
"""The lineup series of issue 14: `touchline generate lineup` sizes 8-22, seeds 1-5, in every mode, solved by
the CLI (MILP, 10 s) and by the greedy alone; writes Benchmarks/LINEUP-SERIES.md (and the raw rows as JSON
next to it under .build-report/, which is not committed).

Usage: scripts/lineup-series.py [--binary .build/release/touchline] [--sizes 8,10,...] [--seeds 5]
Modes: balanced (as generated), preMarked (the keeper and two outfield players marked for period 1), live
(re-plan at the third window from the greedy plan, one player on the field injured), turnBased (the solver
picks the number of changes), colourGroups (three colours; two below 10 players).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

def run(binary, args, stdin=None):
    started = time.monotonic()
    done = subprocess.run([binary] + args, input=stdin, capture_output=True, text=True)
    seconds = time.monotonic() - started
    try:
        return json.loads(done.stdout), seconds, done.returncode
    except json.JSONDecodeError:
        return None, seconds, done.returncode

def variant(binary, base, mode):
    instance = json.loads(json.dumps(base))
    players = [p for p in instance["players"] if p.get("status", "available") == "available"]
    if mode == "preMarked":
        instance["rules"]["mode"] = "preMarked"
        keeper = [p["id"] for p in players if "GK" in p["positions"]][:1]
        outfield = [p["id"] for p in players if p["positions"] != ["GK"] and "arrivesAt" not in p][:2]
        instance["preMarked"] = {"periods": [{"period": 1, "active": keeper + outfield}]}
    elif mode == "turnBased":
        instance["rules"]["mode"] = "turnBased"
    elif mode == "colourGroups":
        instance["rules"]["mode"] = "colourGroups"
        instance["colourGroups"] = {"colours": ["red", "blue", "green"] if len(players) >= 10 else ["red", "blue"]}
    elif mode == "live":
        plan, _, _ = run(binary, ["solve", "--method", "greedy", "-"], json.dumps(instance))
        if not plan or not plan.get("solution") or plan["status"] not in ("feasible", "optimal"):
            return None
        segments = plan["solution"]["segments"]
        cut = segments[min(2, len(segments) - 1)]
        minute = cut["start"]
        before = [s for s in segments if s["end"] <= minute]
        on = before[-1]["onField"] if before else {}
        played = {}
        for s in before:
            for pid in s["onField"]:
                played[pid] = played.get(pid, 0) + s["end"] - s["start"]
        instance["state"] = {"minute": minute, "onField": on, "minutesPlayed": played}
        injured = next((pid for pid, code in sorted(on.items()) if code != "GK"), None)
        for p in instance["players"]:
            if p["id"] == injured:
                p["status"] = "injured"
    return instance

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/touchline")
    parser.add_argument("--sizes", default="8,10,12,14,16,18,20,22")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--modes", default="balanced,preMarked,live,turnBased,colourGroups")
    parser.add_argument("--time-limit", default="10")
    parser.add_argument("-o", default="Benchmarks/LINEUP-SERIES.md")
    parser.add_argument("--keep", help="a JSON file of earlier rows to keep (for the modes not run now)")
    options = parser.parse_args()
    rows = []
    modes_now = options.modes.split(",")
    if options.keep:
        rows = [r for r in json.load(open(options.keep)) if r["mode"] not in modes_now]
    for mode in modes_now:
        for size in [int(s) for s in options.sizes.split(",")]:
            for seed in range(1, options.seeds + 1):
                base, _, _ = run(options.binary, ["generate", "lineup", "--size", str(size), "--seed", str(seed)])
                instance = variant(options.binary, base, mode)
                if instance is None:
                    continue
                text = json.dumps(instance)
                milp, seconds, code = run(options.binary, ["solve", "--time-limit", options.time_limit, "-"], text)
                greedy, greedy_seconds, _ = run(options.binary, ["solve", "--method", "greedy", "-"], text)
                verify_ok = None
                if milp and milp.get("solution") is not None:
                    with tempfile.TemporaryDirectory() as folder:
                        ip, rp = os.path.join(folder, "i.json"), os.path.join(folder, "r.json")
                        open(ip, "w").write(text)
                        open(rp, "w").write(json.dumps(milp))
                        verify_ok = subprocess.run([options.binary, "verify", ip, rp], capture_output=True).returncode == 0
                row = {"mode": mode, "size": size, "seed": seed, "status": milp and milp["status"], "seconds": seconds,
                       "objective": milp and milp.get("objective"), "patterns": milp and milp["stats"].get("patterns"),
                       "greedy": greedy and greedy["status"], "greedySeconds": greedy_seconds, "verified": verify_ok}
                rows.append(row)
                print(json.dumps(row), file=sys.stderr)
    os.makedirs(".build-report", exist_ok=True)
    json.dump(rows, open(".build-report/lineup-series.json", "w"), indent=1)
    write(rows, options)

def write(rows, options):
    out = ["# Lineup series", "",
           f"`scripts/lineup-series.py`: `touchline generate lineup` sizes {options.sizes}, seeds 1–{options.seeds}, "
           f"every mode, `touchline solve --time-limit {options.time_limit}` (release build, end-to-end CLI, this "
           "2-core machine, one solve at a time) and `--method greedy`. Proven = `optimal` or `infeasible`. "
           "Seconds are wall-clock per CLI run (process start included). Patterns = columns of the pattern model "
           "(every mode runs on the pattern model; – where a counting argument answered before any pattern was listed).", ""]
    out.append("| mode | size | proven | median s | max s | patterns (median / max) | greedy legal | greedy median s | greedy max s | verified |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for mode in ["balanced", "preMarked", "live", "turnBased", "colourGroups"]:
        for size in [int(s) for s in options.sizes.split(",")]:
            group = [r for r in rows if r["mode"] == mode and r["size"] == size]
            if not group:
                continue
            proven = sum(1 for r in group if r["status"] in ("optimal", "infeasible"))
            seconds = [r["seconds"] for r in group]
            patterns = [r["patterns"] for r in group if r["patterns"] is not None]
            legal = sum(1 for r in group if r["greedy"] in ("feasible", "optimal"))
            feasible = sum(1 for r in group if r["status"] != "infeasible")
            greedy_seconds = [r["greedySeconds"] for r in group]
            verified = sum(1 for r in group if r["verified"])
            with_plan = sum(1 for r in group if r["verified"] is not None)
            pattern_text = f"{int(statistics.median(patterns))} / {max(patterns)}" if patterns else "–"
            out.append(f"| {mode} | {size} | {proven}/{len(group)} | {statistics.median(seconds):.2f} | {max(seconds):.2f} | "
                       f"{pattern_text} | {legal}/{feasible} | {statistics.median(greedy_seconds):.3f} | {max(greedy_seconds):.3f} | {verified}/{with_plan} |")
    misses = [r for r in rows if r["status"] not in ("optimal", "infeasible")]
    out += ["", f"Not proven within the limit: {len(misses)} of {len(rows)}."]
    for r in misses:
        objective = r["objective"] or {}
        out.append(f"- {r['mode']} size {r['size']} seed {r['seed']}: {r['status']}, "
                   f"{objective.get('spread')}/{objective.get('substitutions')}/{objective.get('offPreferredPosition')} in {r['seconds']:.1f} s")
    greedy_misses = [r for r in rows if r["greedy"] not in ("feasible", "optimal") and r["status"] != "infeasible"]
    out += ["", f"Greedy without a legal plan on a squad not proven impossible: {len(greedy_misses)}."]
    for r in greedy_misses:
        out.append(f"- {r['mode']} size {r['size']} seed {r['seed']}: greedy {r['greedy']}, MILP {r['status']}")
    open(options.o, "w").write("\n".join(out) + "\n")

if __name__ == "__main__":
    main()
