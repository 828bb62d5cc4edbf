#!/usr/bin/env python3
"""The Udine benchmark's own cost of a Touchline plan, by the rules of the benchmark's code as described in
the README beside the data (integer km legs, travel time (km div 50) * 60, home between days, weights 1).

    python3 scripts/udine-cost.py ORIGINAL_RA_FILE TOUCHLINE_RESULT.json

Prints the hard violations under the benchmark's rules (referee counts, travel, level, availability) and the cost components (td, af, gd, o, loe, ri, ti).
"""
import json
import math
import sys
from datetime import datetime, timedelta


def load_original(path):
    import importlib.util
    spec = importlib.util.spec_from_file_location("cu", __file__.rsplit("/", 1)[0] + "/convert-udine.py")
    cu = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cu)
    return cu.parse(path), cu


def main():
    (divisions, referees, arenas, games), cu = load_original(sys.argv[1])
    with open(sys.argv[2]) as handle:
        result = json.load(handle)
    assignments = result["solution"]["assignments"]
    exp_ref = {r["code"]: r["experience"] for r in referees}
    req = {"%s-%s" % (g["home"], g["away"]): g["experience"] for g in games}
    refs = {r["code"]: r for r in referees}
    incompatible_refs = {r["code"]: r["avoid"] for r in referees}
    windows = {}
    for r in referees:
        spans = []
        for text in r["unavailable"]:
            w = cu.window(text)
            if w:
                spans.append((datetime.strptime(w["from"], "%Y-%m-%dT%H:%M"), datetime.strptime(w["to"], "%Y-%m-%dT%H:%M")))
        windows[r["code"]] = spans

    def dist(p, q):
        return math.ceil(math.dist(p, q))

    def ttime(p, q):
        return (dist(p, q) // 50) * 60

    info = {}
    for g in games:
        gid = "%s-%s" % (g["home"], g["away"])
        start = datetime.strptime(cu.iso(g["day"], g["time"]), "%Y-%m-%dT%H:%M")
        info[gid] = (start, start + timedelta(minutes=120), arenas[g["arena"]], g["division"], g["home"], g["away"])
    hard = 0
    loe = o = ri = ti = 0
    by_ref = {r: [] for r in refs}
    for gid, (start, end, arena, div, home, away) in info.items():
        crew = assignments.get(gid, [])
        lo, hi, level = divisions[div]
        if len(crew) < lo or len(crew) > hi:
            hard += 1
        if sum(exp_ref[r] for r in crew) < req[gid]:
            loe += 1
        o += max(0, (hi - lo) - max(0, len(crew) - lo))
        for i, r in enumerate(crew):
            by_ref[r].append(gid)
            ti += (home in refs[r]["teams"]) + (away in refs[r]["teams"])
            for s in crew[i + 1:]:
                ri += (s in incompatible_refs.get(r, [])) + (r in incompatible_refs.get(s, []))
    td = 0
    for r, list_ in by_ref.items():
        list_.sort(key=lambda g: info[g][0])
        home = (refs[r]["x"], refs[r]["y"])
        if list_:
            td += dist(home, info[list_[0]][2]) + dist(info[list_[-1]][2], home)
        bad = False
        for p, q in zip(list_, list_[1:]):
            sp, ep, ap = info[p][0], info[p][1], info[p][2]
            sq, aq = info[q][0], info[q][2]
            if sp.date() == sq.date():
                td += dist(ap, aq)
                if ep + timedelta(minutes=ttime(ap, aq)) > sq:
                    bad = True
            else:
                td += dist(ap, home) + dist(home, aq)
                if ep + timedelta(minutes=ttime(ap, home) + ttime(home, aq)) > sq:
                    bad = True
        if bad:
            hard += 1
        level = refs[r]["level"]
        if any(level < divisions[info[g][3]][2] for g in list_):
            hard += 1
        if any(a < info[g][1] and info[g][0] < b for g in list_ for (a, b) in windows[r]):
            hard += 1
    n = len(refs)
    slots = sum(len(assignments.get(g, [])) for g in info)
    avg = slots / n
    gd = sum(math.ceil(abs(avg - len(v))) for v in by_ref.values())
    af = 0
    teams = {}
    for gid, (_, _, _, _, home, away) in info.items():
        for t in (home, away):
            teams.setdefault(t, []).append(gid)
    for t, gl in teams.items():
        avg_t = sum(len(assignments.get(g, [])) for g in gl) / n
        for r in refs:
            k = sum(1 for g in gl if r in assignments.get(g, []))
            if k > avg_t:
                af += math.ceil(k - avg_t)
    cost = td + af + gd + o + loe + ri + ti
    print(json.dumps({"hardViolations": hard, "cost": cost, "td": td, "af": af, "gd": gd, "o": o, "loe": loe,
                      "ri": ri, "ti": ti, "slots": slots}))


if __name__ == "__main__":
    main()
