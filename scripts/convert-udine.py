#!/usr/bin/env python3
"""Converts the public Udine referee-assignment instances (RA-d-r, GitHub Colle11/Referee-Assignment_Problem,
MIT licence; format described in the README next to the files) into Touchline `officials` instances.

    python3 scripts/convert-udine.py SOURCE_DIR instances/officials/udine

Mapping (names kept: matches are "T<home>-T<away>", officials "R<n>", venues "A<n>", competitions "D<n>"):
- a game lasts 120 minutes at its arena; `officials` = the division's minimum number of referees (the optional
  slots up to the maximum are a soft cost in the benchmark, not a requirement); `minLevel` = the division level;
- a referee's incompatible teams become `teams` (conflicts of interest: hard in Touchline, a soft cost in the
  benchmark); unavailability windows become `unavailable`;
- arenas are points in a 50 km square with no field groups: every pair gets a `travelMinutes` entry with the
  correct travel time at 50 km/h, ceil(euclidean km / 50 * 60). The benchmark's code computes
  (ceil(km) div 50) * 60 with integer division, so every leg under 50 km takes 0 minutes there; under the
  correct rule a referee needs time to cross between arenas, and the repository's published solutions break
  that for 1-12 referees per instance (measured by the README's author).
- Not carried over (soft in the benchmark, no Touchline field): referee experience and required experience,
  referee-referee incompatibilities, home coordinates (used only for the benchmark's kilometre cost, which
  scripts/udine-cost.py computes from the original file).
"""
import json
import math
import os
import re
import sys


def tokens_of(path):
    with open(path) as handle:
        return handle.read()


def parse(path):
    text = tokens_of(path)
    lines = [line.strip() for line in text.splitlines()]
    sections = {}
    current = None
    for line in lines:
        if not line:
            continue
        head = line.split("%")[0].strip()
        if head in ("DIVISIONS", "REFEREES", "ARENAS", "TEAMS", "GAMES"):
            current = head
            sections[current] = []
        elif current:
            sections[current].append(line)
    divisions = {}
    for line in sections["DIVISIONS"]:
        code, rest = line.split(":")
        lo, hi, level, teams = [int(x) for x in rest.split(",")]
        divisions[code.strip()] = (lo, hi, level)
    referees = []
    for line in sections["REFEREES"]:
        m = re.match(r"(R\d+),\s*(\d+),\s*\(([^,]+),\s*([^)]+)\),\s*(\d+),\s*\[([^\]]*)\],\s*\[([^\]]*)\],\s*\[([^\]]*)\]", line)
        code, level, x, y, exp, refs, teams, unav = m.groups()
        referees.append({"code": code, "level": int(level), "x": float(x), "y": float(y),
                         "teams": [t.strip() for t in teams.split(",") if t.strip()],
                         "unavailable": [w.strip() for w in unav.split(",") if w.strip()]})
    arenas = {}
    for line in sections["ARENAS"]:
        m = re.match(r"(A\d+)\s*\(([^,]+),\s*([^)]+)\)", line)
        arenas[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    games = []
    for line in sections["GAMES"]:
        home, away, division, day, time, arena, exp = line.split()
        games.append({"home": home, "away": away, "division": division, "day": day, "time": time, "arena": arena})
    return divisions, referees, arenas, games


def iso(day, time):
    d, m, y = [int(x) for x in day.split("/")]
    return "%04d-%02d-%02dT%s" % (y, m, d, time if len(time) == 5 else "0" + time)


def window(text):
    if "~" in text:
        a, b = text.split("~")
        return {"from": iso(*a.split()), "to": iso(*b.split())}
    parts = text.split()
    if "-" in parts[1]:
        start, end = parts[1].split("-")
        return {"from": iso(parts[0], start), "to": iso(parts[0], end)}
    start = iso(parts[0], parts[1])
    h, mi = int(parts[1].split(":")[0]), int(parts[1].split(":")[1])
    total = h * 60 + mi + 120
    return {"from": start, "to": iso(parts[0], "%02d:%02d" % (min(23, total // 60), total % 60 if total < 1440 else 59))}


def convert(path):
    divisions, referees, arenas, games = parse(path)
    venues = [{"id": a, "name": "Arena %s" % a[1:]} for a in arenas]
    travel = []
    codes = list(arenas)
    for i, a in enumerate(codes):
        for b in codes[i + 1:]:
            km = math.dist(arenas[a], arenas[b])
            travel.append({"from": a, "to": b, "minutes": math.ceil(km / 50 * 60 - 1e-9)})
    matches = []
    for g in games:
        lo, hi, level = divisions[g["division"]]
        matches.append({"id": "%s-%s" % (g["home"], g["away"]), "start": iso(g["day"], g["time"]),
                        "durationMinutes": 120, "venue": g["arena"], "competition": g["division"],
                        "teams": [g["home"], g["away"]], "officials": lo, "minLevel": level})
    officials = []
    for r in referees:
        entry = {"id": r["code"], "level": r["level"]}
        if r["teams"]:
            entry["teams"] = r["teams"]
        windows = [window(w) for w in r["unavailable"]]
        windows = [w for w in windows if w["from"] < w["to"]]
        if windows:
            entry["unavailable"] = windows
        officials.append(entry)
    name = os.path.splitext(os.path.basename(path))[0]
    return name, {
        "problem": "officials",
        "source": "Udine referee assignment benchmark %s (github.com/Colle11/Referee-Assignment_Problem, MIT), "
                  "converted by scripts/convert-udine.py" % name,
        "options": {"method": "auto", "timeLimitSeconds": 60},
        "venues": venues, "travelMinutes": travel, "matches": matches, "officials": officials,
        "rules": {"restMinutes": 0}}


def main():
    source, target = sys.argv[1], sys.argv[2]
    os.makedirs(target, exist_ok=True)
    for file in sorted(os.listdir(source)):
        if not file.startswith("RA-") or not file.endswith(".txt"):
            continue
        name, instance = convert(os.path.join(source, file))
        with open(os.path.join(target, name + ".json"), "w") as handle:
            json.dump(instance, handle, separators=(",", ":"))
            handle.write("\n")
        print(name, len(instance["matches"]), "games", len(instance["officials"]), "referees")


if __name__ == "__main__":
    main()
