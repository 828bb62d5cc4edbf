#!/usr/bin/env python3
"""The lineup series: `touchline generate lineup` sizes 8-22, seeds 1-5, in every mode, solved by the CLI
(MILP, 10 s) and by the greedy alone, plus hard squads written by hand (below); writes
Benchmarks/LINEUP-SERIES.md (and the raw rows as JSON under .build-report/, which is not committed).

Usage: scripts/lineup-series.py [--binary .build/release/touchline] [--sizes 8,10,...] [--seeds 5]
                                [--highs PYTHON]   (also solve every exported level with HiGHS, after the timing)
                                [--mit-binary .build-greedy/release/touchline]   (also solve every squad with the
                                 build without GLPK, whose `auto` is the built-in solver: a table of its own)
Modes: balanced (as generated), preMarked (the keeper and two outfield players marked for period 1), live
(re-plan at the third window from the greedy plan, one player on the field injured), turnBased (the solver
picks the number of changes), colourGroups (three colours, two below 10 players; where three are proven impossible,
two, then four). A turn-based queue and colour
groups move players by turn or by group, not by position: as generated (most players with one position, a single
forward) such squads have no legal plan, which the engine proves by counting. So in those two modes every outfield
player may also play every outfield position (his generated ones first, so still preferred): the squads are then
feasible, and the table reports feasible and infeasible squads apart. A turn-based squad also drops `minStint`: a
starter's stint counts too, so with changes at every window the starters who go off at the first window break any
minStint above 1 (the engine proves such a squad infeasible by that count).
Every solve runs with `--suggest-seconds 0`: an infeasible squad's suggestions (a search of its own after the
proof, up to 5 s) are left out, so that the seconds are the answer's.
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
        outfield = [p["id"] for p in players if p["positions"] != ["GK"] and "arrivesAt" not in p and p["id"] not in keeper][:2]
        instance["preMarked"] = {"periods": [{"period": 1, "active": keeper + outfield}]}
    elif mode == "turnBased":
        instance["rules"]["mode"] = "turnBased"
        instance["rules"].pop("minStint", None)
        flexible(instance)
    elif mode == "colourGroups":
        instance["rules"]["mode"] = "colourGroups"
        flexible(instance)
        instance["colourGroups"] = {"colours": ["red", "blue", "green"] if len(players) >= 10 else ["red", "blue"]}
    elif mode == "live":
        plan, _, _ = run(binary, ["solve", "--suggest-seconds", "0", "--method", "greedy", "-"], json.dumps(instance))
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
                # What a coach does after an injury: the player's own rules go, and the groups he was in lose him.
                p.pop("mustPlay", None)
        for key in ("together", "apart"):
            groups = [[pid for pid in group if pid != injured] for group in instance["rules"].get(key, [])]
            groups = [group for group in groups if len(group) >= 2]
            if groups:
                instance["rules"][key] = groups
            else:
                instance["rules"].pop(key, None)
    return instance

def flexible(instance):
    """Every player who plays outfield may play every outfield position of the formation, his own first."""
    outfield = [code for code in sorted(instance["formation"]) if code != "GK" and instance["formation"][code] > 0]
    for p in instance["players"]:
        if p["positions"] == ["GK"]:
            continue
        p["positions"] = p["positions"] + [c for c in outfield if c not in p["positions"]]

def hard_squads(binary):
    """Squads written to be hard (a dense pre-marked 11v11, a small colour squad with season minutes, a large
    turn-based squad): named rows beside the generated series."""
    def base(size, seed):
        instance, _, _ = run(binary, ["generate", "lineup", "--size", str(size), "--seed", str(seed)])
        return instance
    squads = []
    # 18 players 11v11, pre-marked periods 1 and 2, maxConsecutiveBench 3, up to 4 changes a window.
    s = base(18, 5)
    s["rules"].update({"mode": "preMarked", "maxConsecutiveBench": 3, "maxChangesPerWindow": 4})
    ids = [p["id"] for p in s["players"] if p.get("status", "available") == "available" and "arrivesAt" not in p]
    keepers = [p["id"] for p in s["players"] if "GK" in p["positions"] and p["id"] in ids]
    outfield = [i for i in ids if i not in keepers]
    s["preMarked"] = {"periods": [{"period": 1, "active": keepers[:1] + outfield[:3]},
                                  {"period": 2, "active": outfield[-3:]}]}
    squads.append(("hard: preMarked 18, maxConsecutiveBench 3", s))
    # 11 players 7v7, three colours, season balance with uneven season minutes.
    s = base(11, 4)
    flexible(s)
    s["rules"].update({"mode": "colourGroups", "seasonBalance": True})
    s["colourGroups"] = {"colours": ["red", "blue", "green"]}
    for n, p in enumerate(s["players"]):
        p["seasonMinutes"] = 40 * (n % 5)
    squads.append(("hard: colourGroups 11, season balance", s))
    # 22 players 11v11 turn-based, minShare 0.4, up to 4 changes a window, season balance.
    s = base(22, 2)
    flexible(s)
    s["rules"].pop("minStint", None)
    s["rules"].update({"mode": "turnBased", "minShare": 0.4, "maxChangesPerWindow": 4, "seasonBalance": True})
    for n, p in enumerate(s["players"]):
        p["seasonMinutes"] = 30 * (n % 7)
    squads.append(("hard: turnBased 22, season balance", s))
    return squads

def verified(binary, text, result):
    """`touchline verify` of a result (the GLPK build's verifier for both builds' results); None without a plan."""
    if not result or result.get("solution") is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        ip, rp = os.path.join(folder, "i.json"), os.path.join(folder, "r.json")
        open(ip, "w").write(text)
        open(rp, "w").write(json.dumps(result))
        return subprocess.run([binary, "verify", ip, rp], capture_output=True).returncode == 0

MIT_BINARY = None

def solve_row(binary, mode, size, seed, instance, time_limit):
    text = json.dumps(instance)
    milp, seconds, code = run(binary, ["solve", "--suggest-seconds", "0", "--method", "milp", "--time-limit", time_limit, "-"], text)
    greedy, greedy_seconds, _ = run(binary, ["solve", "--suggest-seconds", "0", "--method", "greedy", "-"], text)
    if milp is not None and "stats" not in milp:
        # An answer without stats is an error answer: kept in the row (status and message), not a crash of the series.
        print(f"series: {mode} {size} seed {seed}: exit {code}: {json.dumps(milp)[:2000]}", file=sys.stderr)
    verify_ok = verified(binary, text, milp)
    mit = {}
    if MIT_BINARY:
        # The build an App Store app embeds: `auto` is the built-in solver there.
        built, built_seconds, _ = run(MIT_BINARY, ["solve", "--suggest-seconds", "0", "--time-limit", time_limit, "-"], text)
        mit = {"builtinStatus": built and built["status"], "builtinSeconds": built_seconds,
               "builtinMethod": built and built.get("method"), "builtinObjective": built and built.get("objective"),
               "builtinVerified": verified(binary, text, built)}
    return {**mit, "mode": mode, "size": size, "seed": seed, "status": milp and milp["status"], "seconds": seconds,
            "objective": milp and milp.get("objective"), "patterns": milp and milp.get("stats", {}).get("patterns"),
            "levels": milp and [l["name"] for l in milp.get("stats", {}).get("levels", [])],
            "levelValues": milp and [l.get("value") for l in milp.get("stats", {}).get("levels", [])],
            "decidedSeconds": milp and milp.get("stats", {}).get("decidedSeconds"),
            "greedy": greedy and greedy["status"], "greedySeconds": greedy_seconds, "verified": verify_ok,
            "instance": instance}

HIGHS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "highs-solve.py")

def highs_check(binary, python, row, limit):
    """Exports every level (each with the levels before it held at Touchline's values) and solves it with HiGHS:
    an `optimal` must have every level's value confirmed, an `infeasible` the first level's model infeasible."""
    if row["status"] not in ("optimal", "infeasible"):
        return {"highs": "skipped"}
    text = json.dumps(row["instance"])
    names = row["levels"] or ["spread"]
    if row["status"] == "infeasible":
        names = names[:1]
    values = row["levelValues"] or []
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for level, name in enumerate(names):
            model = os.path.join(folder, f"level{level}.lp")
            # The earlier levels held at Touchline's values (level 0, checked first, holds nothing).
            hold = ["--hold", ",".join(repr(float(v)) for v in values[:level])] if level > 0 else []
            done = subprocess.run([binary, "export", "--format", "lp", "--level", str(level)] + hold + ["-o", model, "-"],
                                  input=text, capture_output=True, text=True)
            if done.returncode != 0:
                # A model whose first level is already infeasible exports no later level; the level-0 check decides.
                results.append({"level": name, "highs": "export-failed", "error": done.stderr.strip()[-200:]})
                break
            out = subprocess.run([python, HIGHS, model, str(limit)], capture_output=True, text=True).stdout.split()
            status, objective, seconds = (out + ["error", "none", "0"])[:3]
            value = None if objective == "none" else float(objective)
            expected = None if row["status"] == "infeasible" else (row["objective"] or {}).get(name)
            results.append({"level": name, "highs": status, "value": value, "expected": expected,
                            "seconds": float(seconds)})
    if row["status"] == "infeasible":
        agree = bool(results) and results[0]["highs"] == "infeasible"
    else:
        agree = all(r["highs"] == "optimal" and r["value"] is not None and r["expected"] is not None
                    and abs(r["value"] - r["expected"]) < 1e-6 for r in results)
    decided = all(r["highs"] in ("optimal", "infeasible") for r in results)
    return {"highs": "agree" if agree else ("undecided" if not decided else "DISAGREE"), "highsLevels": results}

def highs_pass(rows, options):
    """HiGHS on every proven squad up to --highs-max-size players, --jobs at a time (each HiGHS is one process)."""
    from concurrent.futures import ThreadPoolExecutor
    todo = [r for r in rows if r["size"] <= options.highs_max_size]
    def one(row):
        row.update(highs_check(options.binary, options.highs, row, options.highs_limit))
        print(row["mode"], row["size"], row["seed"], row["status"], row["highs"], file=sys.stderr, flush=True)
    with ThreadPoolExecutor(max_workers=options.jobs) as pool:
        list(pool.map(one, todo))

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/touchline")
    parser.add_argument("--sizes", default="8,10,12,14,16,18,20,22")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--modes", default="balanced,preMarked,live,turnBased,colourGroups")
    parser.add_argument("--time-limit", default="10")
    parser.add_argument("-o", default="Benchmarks/LINEUP-SERIES.md")
    parser.add_argument("--keep", help="a JSON file of earlier rows to keep (for the modes not run now)")
    parser.add_argument("--highs", help="a Python with highspy: solve every exported level with HiGHS too")
    parser.add_argument("--highs-limit", default="60")
    parser.add_argument("--no-hard", action="store_true", help="leave the hard squads out")
    parser.add_argument("--highs-reuse", help="copy HiGHS results from this JSON for squads unchanged since")
    parser.add_argument("--retime-infeasible", help="re-solve the infeasible squads of this JSON for decidedSeconds")
    parser.add_argument("--write-from", help="only write the Markdown from the rows of this JSON file")
    parser.add_argument("--highs-from", help="skip the timing: run the HiGHS pass on the rows of this JSON file")
    parser.add_argument("--highs-max-size", type=int, default=99, help="HiGHS checks squads up to this many players")
    parser.add_argument("--jobs", type=int, default=2, help="HiGHS checks run at once (after the timing)")
    parser.add_argument("--mit-binary", help="the build without GLPK (its `auto`: the built-in solver), run on every squad")
    options = parser.parse_args()
    global MIT_BINARY
    MIT_BINARY = options.mit_binary
    if options.retime_infeasible:
        # The infeasible squads again, for `stats.decidedSeconds` (when the status was decided, before the
        # best-effort plan); the rows keep their first timing.
        saved = json.load(open(options.retime_infeasible))
        for row in saved:
            if row["status"] == "infeasible":
                again, _, _ = run(options.binary, ["solve", "--suggest-seconds", "0", "--method", "milp", "--time-limit", options.time_limit, "-"], json.dumps(row["instance"]))
                row["decidedSeconds"] = again and again["stats"].get("decidedSeconds")
                print(row["mode"], row["size"], row["seed"], row["decidedSeconds"], file=sys.stderr)
        json.dump(saved, open(options.retime_infeasible, "w"), indent=1)
        return
    if options.write_from:
        saved = json.load(open(options.write_from))
        write([r for r in saved if not r["mode"].startswith("hard")], [r for r in saved if r["mode"].startswith("hard")], options)
        return
    if options.highs_from:
        saved = json.load(open(options.highs_from))
        rows = [r for r in saved if not r["mode"].startswith("hard")]
        hard = [r for r in saved if r["mode"].startswith("hard")]
        highs_pass(rows + hard, options)
        json.dump(rows + hard, open(".build-report/lineup-series.json", "w"), indent=1)
        write(rows, hard, options)
        return
    rows = []
    modes_now = options.modes.split(",")
    if options.keep:
        rows = [r for r in json.load(open(options.keep)) if r["mode"] not in modes_now and not r["mode"].startswith("hard")]
    for mode in modes_now:
        for size in [int(s) for s in options.sizes.split(",")]:
            for seed in range(1, options.seeds + 1):
                base, _, _ = run(options.binary, ["generate", "lineup", "--size", str(size), "--seed", str(seed)])
                instance = variant(options.binary, base, mode)
                if instance is None:
                    continue
                row = solve_row(options.binary, mode, size, seed, instance, options.time_limit)
                if mode == "colourGroups" and row["status"] == "infeasible":
                    # Colours must fill the outfield in whole groups: with three, some squad sizes cannot. A coach
                    # picks another number; so does the series (two, then four), keeping the first not proven
                    # impossible (or the last, proven impossible, when none is).
                    for colours in (["red", "blue"], ["red", "blue", "green", "yellow"]):
                        instance = json.loads(json.dumps(instance))
                        instance["colourGroups"] = {"colours": colours}
                        row = solve_row(options.binary, mode, size, seed, instance, options.time_limit)
                        if row["status"] != "infeasible":
                            break
                    row["colours"] = len(instance["colourGroups"]["colours"])
                rows.append(row)
                print(json.dumps({k: v for k, v in row.items() if k != "instance"}), file=sys.stderr)
    hard = []
    if not options.no_hard:
        for name, instance in hard_squads(options.binary):
            row = solve_row(options.binary, name, len(instance["players"]), 0, instance, options.time_limit)
            hard.append(row)
            print(json.dumps({k: v for k, v in row.items() if k != "instance"}), file=sys.stderr)
    if options.highs_reuse:
        # HiGHS results of an earlier run, for the squads whose instance, status and objective are unchanged.
        earlier = {json.dumps(r["instance"], sort_keys=True): r for r in json.load(open(options.highs_reuse))}
        for row in rows + hard:
            old = earlier.get(json.dumps(row["instance"], sort_keys=True))
            if old and "highs" in old and old["status"] == row["status"] and old["objective"] == row["objective"]:
                row["highs"], row["highsLevels"] = old["highs"], old.get("highsLevels", [])
    if options.highs:
        highs_pass(rows + hard, options)
    os.makedirs(".build-report", exist_ok=True)
    json.dump(rows + hard, open(".build-report/lineup-series.json", "w"), indent=1)
    write(rows, hard, options)

def write(rows, hard, options):
    import datetime
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    out = ["# Lineup series", "",
           f"`scripts/lineup-series.py` on commit {commit or 'unknown'}, {datetime.datetime.utcnow():%Y-%m-%dT%H:%MZ}: "
           f"`touchline generate lineup` sizes {options.sizes}, seeds 1–{options.seeds}, "
           f"every mode, `touchline solve --time-limit {options.time_limit}` (release build, end-to-end CLI, this "
           "2-core machine, one solve at a time) and `--method greedy`. Turn-based and colour-group squads let every "
           "outfield player play every outfield position (his own first, so preferred): as generated, with one "
           "forward and single-position players, a queue or a group cannot keep the formation and every such squad "
           "is infeasible. Seconds are wall-clock per CLI run (process start included). Patterns = columns of the "
           "pattern model (– where a counting argument answered before any pattern was listed).", ""]
    with_highs = any("highs" in r for r in rows + hard)
    head = "| mode | size | squads | optimal | infeasible | unproven | median s | max s | patterns (median / max) | greedy legal | greedy median s | greedy max s | verified |"
    rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    if with_highs:
        head += " HiGHS agrees |"
        rule += "---:|"
    out += [head, rule]
    def cells(group):
        optimal = sum(1 for r in group if r["status"] == "optimal")
        infeasible = sum(1 for r in group if r["status"] == "infeasible")
        seconds = [r["seconds"] for r in group]
        patterns = [r["patterns"] for r in group if r["patterns"] is not None]
        legal = sum(1 for r in group if r["greedy"] in ("feasible", "optimal"))
        feasible = sum(1 for r in group if r["status"] != "infeasible")
        greedy_seconds = [r["greedySeconds"] for r in group]
        verified = sum(1 for r in group if r["verified"])
        with_plan = sum(1 for r in group if r["verified"] is not None)
        pattern_text = f"{int(statistics.median(patterns))} / {max(patterns)}" if patterns else "–"
        text = (f"{len(group)} | {optimal} | {infeasible} | {len(group) - optimal - infeasible} | "
                f"{statistics.median(seconds):.2f} | {max(seconds):.2f} | "
                f"{pattern_text} | {legal}/{feasible} | {statistics.median(greedy_seconds):.3f} | "
                f"{max(greedy_seconds):.3f} | {verified}/{with_plan} |")
        if with_highs:
            checked = [r for r in group if r.get("highs") not in (None, "skipped")]
            text += f" {sum(1 for r in checked if r['highs'] == 'agree')}/{len(checked)} |"
        return text
    for mode in ["balanced", "preMarked", "live", "turnBased", "colourGroups"]:
        for size in [int(s) for s in options.sizes.split(",")]:
            group = [r for r in rows if r["mode"] == mode and r["size"] == size]
            if group:
                out.append(f"| {mode} | {size} | " + cells(group))
    if hard:
        out += ["", "Hard squads (written in `hard_squads` of the script: an 11v11 pre-marked squad of 18 with two marked "
                "periods, maxConsecutiveBench 3 and 4 changes a window; an 11-player 7v7 colour-group squad with season "
                "balance; a 22-player 11v11 turn-based squad with minShare 0.4, 4 changes a window and season balance):", "",
                "| squad | players | status | objective (spread/substitutions/offPreferredPosition) | seconds | verified |"
                + (" HiGHS |" if with_highs else ""),
                "|---|---:|---|---|---:|---:|" + ("---|" if with_highs else "")]
        for r in hard:
            o = r["objective"] or {}
            out.append(f"| {r['mode']} | {r['size']} | {r['status']} | {o.get('spread')}/{o.get('substitutions')}/"
                       f"{o.get('offPreferredPosition')} | {r['seconds']:.2f} | {r['verified']} |"
                       + (f" {r.get('highs')} |" if with_highs else ""))
    everything = rows + hard
    with_mit = [r for r in everything if "builtinStatus" in r]
    if with_mit:
        out += ["", "The build without GLPK (`--disable-default-traits`, release), whose `method: auto` is the built-in "
                "solver, on the same squads with the same limit. *Agrees*: both engines proved the same status and, when "
                "optimal, the same objective; a squad only one engine proved is counted in neither.", "",
                "| mode | size | squads | optimal | infeasible | unproven | median s | max s | verified | agrees with GLPK | disagrees |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        def proven(status):
            return status in ("optimal", "infeasible")
        def agrees(r):
            return (proven(r["status"]) and proven(r["builtinStatus"]) and r["status"] == r["builtinStatus"]
                    and (r["status"] == "infeasible" or r["objective"] == r["builtinObjective"]))
        def disagrees(r):
            return proven(r["status"]) and proven(r["builtinStatus"]) and not agrees(r)
        def mit_cells(group):
            optimal = sum(1 for r in group if r["builtinStatus"] == "optimal")
            infeasible = sum(1 for r in group if r["builtinStatus"] == "infeasible")
            seconds = [r["builtinSeconds"] for r in group]
            checked = [r for r in group if r["builtinVerified"] is not None]
            return (f"{len(group)} | {optimal} | {infeasible} | {len(group) - optimal - infeasible} | "
                    f"{statistics.median(seconds):.2f} | {max(seconds):.2f} | "
                    f"{sum(1 for r in checked if r['builtinVerified'])}/{len(checked)} | "
                    f"{sum(1 for r in group if agrees(r))} | {sum(1 for r in group if disagrees(r))} |")
        for mode in ["balanced", "preMarked", "live", "turnBased", "colourGroups"]:
            for size in [int(s) for s in options.sizes.split(",")]:
                group = [r for r in with_mit if r["mode"] == mode and r["size"] == size]
                if group:
                    out.append(f"| {mode} | {size} | " + mit_cells(group))
        for r in [r for r in with_mit if r["mode"].startswith("hard")]:
            out.append(f"| {r['mode']} | {r['size']} | " + mit_cells([r]))
        mine = [r for r in with_mit if proven(r["builtinStatus"])]
        glpk = [r for r in with_mit if proven(r["status"])]
        optimal = [r for r in with_mit if r["builtinStatus"] == "optimal"]
        impossible = [r for r in with_mit if r["builtinStatus"] == "infeasible"]
        out += ["", f"Proven by the built-in solver: {len(mine)} of {len(with_mit)} (GLPK: {len(glpk)}); "
                f"disagreements with GLPK: {sum(1 for r in with_mit if disagrees(r))}; "
                f"verified: {sum(1 for r in with_mit if r['builtinVerified'])} of "
                f"{sum(1 for r in with_mit if r['builtinVerified'] is not None)} plans."]
        if mine:
            seconds = [r["builtinSeconds"] for r in mine]
            out.append(f"Proven, optimal or infeasible: median {statistics.median(seconds):.2f} s; under 0.2 s: "
                       f"{sum(1 for t in seconds if t < 0.2)}, under 5 s: {sum(1 for t in seconds if t < 5)} of {len(mine)}.")
        if optimal:
            slowest = max(optimal, key=lambda r: r["builtinSeconds"])
            out.append(f"Proven optimal: median {statistics.median(r['builtinSeconds'] for r in optimal):.2f} s, the slowest "
                       f"{slowest['builtinSeconds']:.2f} s ({slowest['mode']} size {slowest['size']} seed {slowest['seed']}).")
        if impossible:
            slowest = max(impossible, key=lambda r: r["builtinSeconds"])
            out.append(f"Proven infeasible: {len(impossible)}, answered under 0.5 s: "
                       f"{sum(1 for r in impossible if r['builtinSeconds'] < 0.5)}, the slowest {slowest['builtinSeconds']:.2f} s.")
        unproven = [r for r in with_mit if not proven(r["builtinStatus"])]
        if unproven:
            out.append("Not proven by the built-in solver: " + ", ".join(
                f"{r['mode']} {r['size']}/{r['seed']} ({r['builtinStatus']}, {r['builtinMethod']})" for r in unproven) + ".")
    feasible = [r for r in everything if r["status"] == "optimal"]
    infeasible = [r for r in everything if r["status"] == "infeasible"]
    misses = [r for r in everything if r["status"] not in ("optimal", "infeasible")]
    out += [""]
    if feasible:
        slowest = max(feasible, key=lambda r: r["seconds"])
        out.append(f"Proven optimal: {len(feasible)} of {len(everything)}, the slowest {slowest['seconds']:.2f} s "
                   f"({slowest['mode']} size {slowest['size']} seed {slowest['seed']}); under 5 s: "
                   f"{sum(1 for r in feasible if r['seconds'] < 5)}.")
    if infeasible:
        slowest = max(infeasible, key=lambda r: r["seconds"])
        out.append(f"Proven infeasible: {len(infeasible)}, the slowest answer {slowest['seconds']:.2f} s "
                   f"({slowest['mode']} size {slowest['size']} seed {slowest['seed']}); answered under 0.5 s: "
                   f"{sum(1 for r in infeasible if r['seconds'] < 0.5)}.")
        decided = [r for r in infeasible if r.get("decidedSeconds") is not None]
        if decided:
            latest = max(decided, key=lambda r: r["decidedSeconds"])
            out.append(f"The proof itself (`stats.decidedSeconds`, before the best-effort plan; measured in a second pass, "
                       f"`--retime-infeasible`): the slowest "
                       f"{latest['decidedSeconds']:.2f} s ({latest['mode']} size {latest['size']} seed {latest['seed']}); "
                       f"under 0.5 s: {sum(1 for r in decided if r['decidedSeconds'] < 0.5)} of {len(decided)}.")
    out += ["", f"Not proven within the limit: {len(misses)} of {len(everything)}."]
    for r in misses:
        objective = r["objective"] or {}
        out.append(f"- {r['mode']} size {r['size']} seed {r['seed']}: {r['status']}, "
                   f"{objective.get('spread')}/{objective.get('substitutions')}/{objective.get('offPreferredPosition')} in {r['seconds']:.1f} s")
    greedy_misses = [r for r in everything if r["greedy"] not in ("feasible", "optimal") and r["status"] != "infeasible"]
    out += ["", f"Greedy without a legal plan on a squad not proven impossible: {len(greedy_misses)}."]
    for r in greedy_misses:
        out.append(f"- {r['mode']} size {r['size']} seed {r['seed']}: greedy {r['greedy']}, MILP {r['status']}")
    if with_highs:
        checked = [r for r in everything if r.get("highs") not in (None, "skipped")]
        out += ["", f"HiGHS (`--highs`, after the timing): every level of each proven squad exported as CPLEX LP "
                f"(`touchline export --level N`, the levels before N held at Touchline's values) and solved by HiGHS "
                f"with a {options.highs_limit} s limit, {options.jobs} at a time"
                + (f", squads up to {options.highs_max_size} players" if options.highs_max_size < 99 else "")
                + "; an `infeasible` is checked on the first level. "
                f"Checked {len(checked)}: agree {sum(1 for r in checked if r['highs'] == 'agree')}, "
                f"undecided by HiGHS {sum(1 for r in checked if r['highs'] == 'undecided')}, "
                f"disagree {sum(1 for r in checked if r['highs'] == 'DISAGREE')}."]
        levels = [l for r in checked for l in r.get("highsLevels", [])]
        confirmed = sum(1 for l in levels if l["highs"] == "infeasible" or (l["highs"] == "optimal" and l.get("expected") is not None
                                                                             and abs(l["value"] - l["expected"]) < 1e-6))
        better = [l for l in levels if l.get("value") is not None and l.get("expected") is not None and l["value"] < l["expected"] - 1e-6]
        out += ["", f"By level: {len(levels)} levels exported, {confirmed} proven by HiGHS at Touchline's value; "
                f"HiGHS found a plan better than Touchline's proven value on {len(better)} (where HiGHS stopped at its "
                "limit, its best plan is never better than Touchline's optimum)." if not better else
                f"By level: {len(levels)} levels exported, {confirmed} proven by HiGHS at Touchline's value; "
                f"HiGHS FOUND A BETTER PLAN on {len(better)}."]
        for r in checked:
            if r["highs"] != "agree":
                out.append(f"- {r['mode']} size {r['size']} seed {r['seed']}: Touchline {r['status']}, HiGHS "
                           + ", ".join(f"{l['level']} {l['highs']} {l.get('value')} (Touchline {l.get('expected')})"
                                       for l in r.get("highsLevels", [])))
    open(options.o, "w").write("\n".join(out) + "\n")

if __name__ == "__main__":
    main()
