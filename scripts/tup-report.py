#!/usr/bin/env python3
"""Solves every row of the Traveling Umpire Problem's published table and writes Benchmarks/TUP.md: for each
instance and (q1, q2) of instances/officials/tup/original/best_known_bounds.csv, Touchline's status, cost
(scored by scripts/tup-cost.py from the original file, which also checks the plan), proven bound, gap and
seconds, against the best published lower and upper bounds; then the targets, met or missed.

    python3 scripts/tup-report.py [--cap SECONDS] [--own ROW ...] [--only TEXT] [--results DIR] [--binary PATH]

Time limits by the targets: 60 s up to 10 teams, 300 s for 12 and 14, 600 s from 16 (about 10 hours in all);
--cap lowers every limit to SECONDS (the report says which limit each row had), except for the rows named by
--own (keys as `umps16A-q8-4`), measured at their own limit. One solve at a time, release build. With
--results DIR, a row's saved result (DIR/<row>.json with DIR/times.txt) is reused when its limit and the
solver's sources it was measured with match (the files of Sources/ but its DocC catalogues and the files a
tour's solve never runs, and Package.swift, at HEAD: `sources_key`): a run broken off goes on where it stopped,
a commit that changes only docs, tests or scripts keeps the rows, and a change to the solver measures every row again. A row with no saved result (a fresh
clone) is carried over from the committed report when that report was written at the same solver key (or
under the earlier key of every file, at a commit whose sources give HEAD's key: `same_solver`) and the
row's limit matches and it took 10 s or more (its plan was scored and checked when it was measured; the report
names the rows measured in the run; a quicker row is measured again, its seconds at full precision). A plan that beats a best known
upper bound is written to Benchmarks/tup-records/ with its checker's output, unless the plan kept there is
better (a record stands until a better plan replaces it).
"""
import argparse
import csv
import hashlib
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TUP = os.path.join(ROOT, "instances/officials/tup/original")


# Files of Sources/ that a season tour's solve never runs: the fuzzer, and the tour's MILP, which only
# `touchline export` builds (the tour solve goes to its own branch and bound before any model is formulated).
OUTSIDE_THE_TOUR_SOLVE = ("Sources/TouchlineFuzz/", "Sources/touchline-fuzz/",
                          "Sources/Touchline/Kinds/Officials/Tours/TourModel.swift")


def sources_key(rev, whole=False):
    """What the tour solve is built from at `rev`: the files of Sources/ (but the DocC catalogues, which only
    document it, and OUTSIDE_THE_TOUR_SOLVE) and Package.swift, as a short hash of their paths and blob ids.
    whole=True keeps every file but the catalogues: the key as reports wrote it up to commit 36c3a6d."""
    listing = run(["git", "ls-tree", "-r", rev, "--", "Sources", "Package.swift"], cwd=ROOT, check=True).stdout
    kept = [line for line in listing.splitlines() if ".docc/" not in line
            and (whole or not line.split("\t", 1)[-1].startswith(OUTSIDE_THE_TOUR_SOLVE))]
    return hashlib.sha1("\n".join(kept).encode()).hexdigest()[:12]


def same_solver(report_key, report_commit, head):
    """Whether a report written at `report_commit` with `report_key` measured the solver HEAD builds: its key is
    HEAD's, or it is the key of that commit's sources by the earlier definition (every file) and that commit's
    sources by the present one give HEAD's key."""
    if report_key == head:
        return True
    if not report_key or not report_commit:
        return False
    try:
        return sources_key(report_commit, whole=True) == report_key and sources_key(report_commit) == head
    except subprocess.CalledProcessError:  # a commit this clone does not have
        return False


def committed_rows(path):
    """The solver key and the commit the report at `path` (as `make tup` wrote it) names, and its rows: key ->
    figures."""
    if not os.path.exists(path):
        return None, None, [], {}
    text = open(path).read()
    found = re.search(r"solver sources `([0-9a-f]+)`", text)
    commit = re.search(r"at commit `([0-9a-f]+)`", text)
    # The machines its rows were measured on: its own run's, and those its carried rows came from.
    machines = re.findall(r"(\d+ cores \(.*?\)), release build", text)
    earlier = re.search(r"and limit, on (.*?) \(their plans", text)
    if earlier:
        named = re.split(r"; | or ", earlier.group(1).removeprefix("one of "))
        machines += [m for m in named if m not in machines]
    rows = {}
    number = lambda cell: None if cell == "–" else float(cell.replace(",", ""))
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 14 or not re.fullmatch(r"umps\d+[A-C]?", cells[0]):
            continue
        if "(" in cells[7]:  # a plan its checker refused: never carried
            continue
        cost, bound = number(cells[7]), number(cells[8])
        rows[f"{cells[0]}-q{cells[1]}-{cells[2]}"] = {
            "status": None if cells[6] == "–" else cells[6], "cost": None if cost is None else int(cost),
            "bound": bound, "seconds": float(cells[12]), "limit": float(cells[13])}
    return (found.group(1) if found else None), (commit.group(1) if commit else None), machines, rows


def limit_for(teams):
    return 60 if teams <= 10 else 300 if teams <= 14 else 600


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cap", type=float)
    parser.add_argument("--only")
    parser.add_argument("--own", nargs="*", default=[])
    parser.add_argument("--results", default=os.path.join(ROOT, ".build-report/tup"))
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/touchline"))
    parser.add_argument("--out", default=os.path.join(ROOT, "Benchmarks/TUP.md"))
    args = parser.parse_args()
    os.makedirs(args.results, exist_ok=True)
    times_file = os.path.join(args.results, "times.txt")
    times = {}
    # The solver's sources at HEAD: a saved row stands while they are unchanged.
    head = sources_key("HEAD")
    if os.path.exists(times_file):
        for line in open(times_file):
            fields = line.split()
            if len(fields) == 4:
                times[fields[0]] = (float(fields[1]), float(fields[2]), fields[3])
    # Rows of the committed report, measured at the same solver key: carried over where no result is saved.
    committed_key, committed_commit, machines, committed = committed_rows(args.out)
    carry = same_solver(committed_key, committed_commit, head)
    rows = list(csv.DictReader(open(os.path.join(TUP, "best_known_bounds.csv"))))
    measured = []
    for row in rows:
        name, q1, q2 = row["instance"], int(row["q1"]), int(row["q2"])
        key = f"{name}-q{q1}-{q2}"
        if args.only and args.only not in key:
            continue
        teams = int(row["n_teams"])
        limit = limit_for(teams) if args.cap is None or key in args.own else min(args.cap, limit_for(teams))
        instance = os.path.join(args.results, key + ".instance.json")
        result = os.path.join(args.results, key + ".json")
        run([sys.executable, os.path.join(ROOT, "scripts/convert-tup.py"), os.path.join(TUP, name + ".txt"),
             "--q1", str(q1), "--q2", str(q2), "--out", instance], check=True)
        old = committed.get(key) if carry else None
        if key in times and times[key][0] == limit and times[key][2] == head and os.path.exists(result):
            seconds = times[key][1]
        elif old is not None and old["limit"] == limit and old["seconds"] >= 10:
            entry = {"key": key, "name": name, "teams": teams, "q1": q1, "q2": q2, "limit": limit,
                     "seconds": old["seconds"], "status": old["status"], "published": row["status"],
                     "lb": float(row["lower_bound"]) if row["lower_bound"] else None,
                     "ub": int(row["upper_bound"]) if row["upper_bound"] else None,
                     "bound": old["bound"], "cost": old["cost"], "checked": True if old["cost"] is not None else None,
                     "carried": True}
            measured.append(entry)
            print(f"{key}: carried over from the committed report", file=sys.stderr)
            continue
        else:
            start = time.time()
            with open(result, "w") as handle:
                subprocess.run([args.binary, "solve", "--time-limit", str(limit), instance], stdout=handle,
                               stderr=subprocess.DEVNULL)
            seconds = time.time() - start
            times[key] = (limit, seconds, head)
            with open(times_file, "w") as handle:
                for k, (l, s, c) in sorted(times.items()):
                    handle.write(f"{k} {l} {s:.3f} {c}\n")
        output = json.load(open(result))
        entry = {"key": key, "name": name, "teams": teams, "q1": q1, "q2": q2, "limit": limit, "seconds": seconds,
                 "status": output.get("status"), "published": row["status"],
                 "lb": float(row["lower_bound"]) if row["lower_bound"] else None,
                 "ub": int(row["upper_bound"]) if row["upper_bound"] else None,
                 "bound": output.get("bound"), "cost": None, "checked": None}
        if output.get("solution"):
            scored = run([sys.executable, os.path.join(ROOT, "scripts/tup-cost.py"), os.path.join(TUP, name + ".txt"),
                          result, "--q1", str(q1), "--q2", str(q2)])
            checked = json.loads(scored.stdout)
            entry["cost"] = checked["cost"]
            entry["checked"] = checked["feasible"] and run([args.binary, "verify", instance, result]).returncode == 0
            objective = (output.get("objective") or {}).get("tourKm")
            if objective != checked["cost"]:
                sys.exit(f"{key}: tourKm {objective} but tup-cost.py says {checked['cost']}")
            record = os.path.join(ROOT, "Benchmarks/tup-records", key + ".json")
            # A record stands until a better plan replaces it (a later, worse run does not).
            kept = json.load(open(record))["cost"] if os.path.exists(record) else None
            if entry["ub"] is not None and checked["feasible"] and checked["cost"] < entry["ub"] and \
                    (kept is None or checked["cost"] < kept):
                os.makedirs(os.path.dirname(record), exist_ok=True)
                commit = run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT).stdout.strip()
                with open(record, "w") as handle:
                    json.dump({"instance": name, "q1": q1, "q2": q2, "cost": checked["cost"], "seconds": round(seconds, 1),
                               "limit": limit, "commit": commit, "solverKey": head,
                               "assignments": output["solution"]["assignments"]}, handle, indent=1, sort_keys=True)
                # The checker's word on it, beside the plan.
                with open(os.path.join(ROOT, "Benchmarks/tup-records", key + ".check.json"), "w") as handle:
                    handle.write(scored.stdout)
        measured.append(entry)
        print(f"{key}: {entry['status']} {entry['cost']} bound {entry['bound']} in {seconds:.1f} s", file=sys.stderr)
    write(measured, args, head, machines)


def pct(a, b):
    return 100.0 * (a - b) / b if a is not None and b else None


def fmt(x, digits=2):
    return "–" if x is None else (f"{x:,.{digits}f}" if isinstance(x, float) else f"{x:,}")


def write(measured, args, head, machines):
    commit = run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT).stdout.strip()
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?") \
        if os.path.exists("/proc/cpuinfo") else platform.processor()
    lines = ["# The Traveling Umpire Problem", "",
             f"Written by `scripts/tup-report.py` (`make tup`) on {datetime.date.today().isoformat()} at commit "
             f"`{commit}` (solver sources `{head}`, the key of the saved rows; a row measured at an earlier "
             "commit with the same key is reused): "
             f"{os.cpu_count()} cores ({cpu}), release build, one solve at a time. Every row of "
             "`instances/officials/tup/original/best_known_bounds.csv`: the instance converted by "
             "`scripts/convert-tup.py` at that (q1, q2), solved by `touchline solve --time-limit L` (season tours: the "
             "branch and bound with decomposition bounds beside the neighbourhood search, on both cores, and the "
             "satisfiability search where no first plan is found), the plan "
             "scored and checked by `scripts/tup-cost.py` from the original file and by `touchline verify`.", "",
             "Columns: the published status and best lower and upper bounds; Touchline's status, cost, proven bound "
             "(`bound`), its own gap, the cost against the best known upper bound (`vs best`, negative: better), the "
             "bound against the best known lower bound, seconds and the limit L.", ""]
    carried = [e["key"] for e in measured if e.get("carried")]
    fresh = [e["key"] for e in measured if not e.get("carried")]
    if carried:
        lines += [f"{len(carried)} of {len(measured)} rows are carried over from the report committed before this one, "
                  f"measured at the same solver sources `{head}` and limit, on "
                  f"{' or '.join(machines) if machines else 'a machine it does not name'} (their plans were scored and checked when "
                  "they were measured and are not kept)" + (f"; measured in this run: {', '.join(fresh)}." if fresh else "."), ""]
    if args.cap is not None:
        own = [e["key"] for e in measured if e["key"] in args.own]
        lines += [f"**Limits capped at {args.cap:g} s** (`--cap`): rows whose target limit is longer were measured "
                  "at the cap, so their target is not measured at its own limit" +
                  (f"; {', '.join(own)} at their own limit (`--own`)" if own else "") + ".", ""]
    lines += ["| instance | q1 | q2 | published | best LB | best UB | status | cost | bound | gap % | vs best % | bound vs LB % | s | L |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for e in measured:
        gap = pct(e["cost"], e["bound"]) if e["cost"] is not None and e["bound"] else None
        lines.append("| " + " | ".join([
            e["name"], str(e["q1"]), str(e["q2"]), e["published"], fmt(e["lb"], 1), fmt(e["ub"]), e["status"] or "–",
            fmt(e["cost"]) + ("" if e["checked"] in (None, True) else " (broken!)"),
            fmt(int(e["bound"]) if e["bound"] is not None else None), fmt(gap), fmt(pct(e["cost"], e["ub"])),
            fmt(pct(e["bound"], e["lb"]) if e["bound"] is not None and e["status"] != "infeasible" else None),
            f"{e['seconds']:.1f}", f"{e['limit']:g}"]) + " |")
    lines += ["", "## Targets", ""]
    small = [e for e in measured if e["teams"] <= 10 and e["published"] == "optimal"]
    firsts = {}
    for e in small:
        firsts.setdefault(e["name"], e)
    small = list(firsts.values())
    proven = [e for e in small if e["status"] == "optimal" and e["cost"] == e["ub"]]
    if small:
        times_ = [e["seconds"] for e in small]
        ok = len(proven) == len(small) and statistics.median(times_) < 10 and max(times_) < 60
        lines.append(f"- **Up to 10 teams, proven optimal with the published optimum, median under 10 s, each under 60 s**: "
                     f"{'met' if ok else 'missed'}: {len(proven)} of {len(small)} proven at the published value, median "
                     f"{statistics.median(times_):.2f} s, slowest {max(times_):.2f} s.")
    def verdict(rows, within, target):
        """A row within the target at a shorter limit meets it; one outside it at the cap is not measured yet."""
        outside = [e for e in rows if e not in within]
        missed = [e for e in outside if e["limit"] >= target]
        unmeasured = [e for e in outside if e["limit"] < target]
        word = "met" if not outside else "missed" if not unmeasured else "not measured" if not missed else "missed"
        def show(e):
            return f"{e['key']} {fmt(pct(e['cost'], e['ub']))} %" if e["cost"] is not None else f"{e['key']} no plan"
        text = ""
        if missed:
            text += f" Missed at {target:g} s: {', '.join(show(e) for e in missed)}."
        if unmeasured:
            text += (f" Outside the target at the cap only, not measured at {target:g} s ({len(unmeasured)}): "
                     f"{', '.join(show(e) + ' at ' + format(e['limit'], 'g') + ' s' for e in unmeasured)}.")
        return word, text

    mid = [e for e in measured if e["teams"] in (12, 14) and e["published"] == "optimal"]
    if mid:
        within = [e for e in mid if e["cost"] is not None and pct(e["cost"], e["ub"]) <= 1.0 + 1e-9]
        closed = [e for e in mid if e["status"] == "optimal"]
        limits = sorted({e["limit"] for e in mid})
        word, text = verdict(mid, within, 300)
        lines.append(f"- **12 and 14 teams, within 1 % of the optimum in 5 minutes** (measured at {', '.join(f'{l:g} s' for l in limits)}; "
                     f"a row within 1 % at a shorter limit meets it): {word}: {len(within)} of {len(mid)} within 1 %, "
                     f"{len(closed)} proven optimal." + text)
    infeasible = [e for e in measured if e["published"] == "infeasible"]
    if infeasible:
        shown = [e for e in infeasible if e["status"] == "infeasible"]
        lines.append(f"- **The infeasible rows proven infeasible**: {'met' if len(shown) == len(infeasible) else 'missed'}: "
                     f"{len(shown)} of {len(infeasible)}, the slowest in {max(e['seconds'] for e in infeasible):.0f} s (" + ", ".join(f"{e['key']} {e['status']} in {e['seconds']:.1f} s of {e['limit']:g}" for e in infeasible) + ").")
    large = [e for e in measured if e["teams"] >= 16 and e["ub"] is not None]
    if large:
        planned = [e for e in large if e["cost"] is not None]
        close = [e for e in planned if pct(e["cost"], e["ub"]) <= 3.0 + 1e-9]
        # A proof of infeasibility bounds a row as well as any number.
        bounded = [e for e in measured if e["teams"] >= 16 and (e["bound"] is not None or e["status"] == "infeasible")]
        limits = sorted({e["limit"] for e in large})
        word, text = verdict(large, close, 600)
        at600 = [e for e in large if e["limit"] >= 600]
        lines.append(f"- **16 to 32 teams, a plan for every row with a known plan, within 3 % of the best known in 10 minutes, a lower bound for each** "
                     f"(measured at {', '.join(f'{l:g} s' for l in limits)}; {len(at600)} of {len(large)} rows at 600 s): {word}: "
                     f"{len(planned)} of {len(large)} with a plan, {len(close)} within 3 %, a bound (or the proof that there is no plan) on {len(bounded)} of "
                     f"{len([e for e in measured if e['teams'] >= 16])} rows." + text)
    records = [e for e in measured if e["cost"] is not None and e["ub"] is not None and e["checked"] and e["cost"] < e["ub"]]
    kept = sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, "Benchmarks/tup-records"))
                  if f.endswith(".json") and not f.endswith(".check.json")) \
        if os.path.isdir(os.path.join(ROOT, "Benchmarks/tup-records")) else []
    lines.append(f"- **A new best known plan or lower bound on an open row**: {'met' if records or kept else 'missed'}" +
                 (": " + ", ".join(e["key"] for e in records) + " in the table" if records else " (none in the table)") +
                 (f"; {len(kept)} plans below the published best in `Benchmarks/tup-records/` (below)" if kept else "") + ".")
    if kept:
        lines += ["", "## Records", "",
                  "Plans below the best published upper bound, each kept in `Benchmarks/tup-records/<row>.json` until a better "
                  "one replaces it, with the checker's output beside it (`<row>.check.json`, written by `scripts/tup-cost.py` "
                  "from the original file); the checker column is `scripts/tup-cost.py` run again on each plan for this report. A record may come from an earlier solver than the table's (its commit is named).", "",
                  "| row | cost | best UB | vs best % | best LB | checker | found at commit | s | L |", "|---|---|---|---|---|---|---|---|---|"]
        bounds = {f"{r['instance']}-q{r['q1']}-{r['q2']}": r for r in csv.DictReader(open(os.path.join(TUP, "best_known_bounds.csv")))}
        for key in kept:
            plan = json.load(open(os.path.join(ROOT, "Benchmarks/tup-records", key + ".json")))
            # Scored again now, from the original file, not only read from the checker's output kept beside it.
            check = json.loads(run([sys.executable, os.path.join(ROOT, "scripts/tup-cost.py"),
                                    os.path.join(TUP, plan["instance"] + ".txt"),
                                    os.path.join(ROOT, "Benchmarks/tup-records", key + ".json"),
                                    "--q1", str(plan["q1"]), "--q2", str(plan["q2"])]).stdout or "{}")
            ok = check.get("feasible") is True and check.get("cost") == plan["cost"]
            row = bounds.get(key, {})
            ub = int(row["upper_bound"]) if row.get("upper_bound") else None
            lb = float(row["lower_bound"]) if row.get("lower_bound") else None
            lines.append("| " + " | ".join([
                key, fmt(plan["cost"]), fmt(ub), fmt(pct(plan["cost"], ub)), fmt(lb, 1),
                "feasible, same cost" if ok else "NOT CONFIRMED", f"`{plan['commit']}`" if plan.get("commit") else "–",
                fmt(plan.get("seconds"), 1) if plan.get("seconds") is not None else "–",
                f"{plan['limit']:g}" if plan.get("limit") is not None else "–"]) + " |")
    lines.append("")
    open(args.out, "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
