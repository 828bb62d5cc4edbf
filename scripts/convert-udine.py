#!/usr/bin/env python3
"""Converts the public Udine referee-assignment instances (RA-d-r, GitHub Colle11/Referee-Assignment_Problem,
MIT licence; format and cost described in the README next to the files) into Touchline `officials` instances
that keep everything the benchmark scores.

    python3 scripts/convert-udine.py SOURCE_DIR instances/officials/udine
    python3 scripts/convert-udine.py --travel correct SOURCE_DIR instances/officials/udine-correct-travel

Mapping (names kept: matches are "T<home>-T<away>", officials "R<n>", venues "A<n>", competitions "D<n>"):
- venues and referee homes keep their coordinates as planar km (`x`, `y`); the benchmark's distance of a leg
  is the Euclidean distance rounded up, which is Touchline's `distanceKm` of a leg;
- a game lasts 120 minutes at its arena; `officials` = the division's minimum number of referees (required),
  `maxOfficials` = its maximum (the slots between are optional: `optionalUnfilled` counts the empty ones);
  `minLevel` = the division level; `minExperience` = the game's required experience;
- a referee's level, experience, incompatible referees (`avoid`, directed as the file lists them),
  incompatible teams (`teams`, a soft conflict: `rules.teamConflicts: "soft"`) and unavailability windows
  (`unavailable`) are kept;
- travel time between arenas as a `travelMinutes` table. `--travel benchmark` (the default) copies the rule of
  the benchmark's code, (ceil(km) div 50) * 60 with integer division, so that every leg under 50 km takes 0
  minutes: the published results are feasible only under that rule. `--travel correct` writes
  ceil(km / 50 * 60), the time at 50 km/h; the `source` field says which rule an instance uses;
- `rules.objective: "udine"`: every required slot filled first, then the benchmark's cost with every weight 1
  (distanceKm, loadDeviation, optionalUnfilled, teamFrequency, lowExperience, crewConflicts, teamConflicts), so
  that the objective's `cost` equals the cost scripts/udine-cost.py computes from the original file.
"""
import json
import math
import os
import re
import sys


def parse(path):
    """Divisions {code: (min, max, level)}, referees, arenas {code: (x, y)}, games, as in the file."""
    with open(path) as handle:
        text = handle.read()
    sections = {}
    current = None
    for line in (line.strip() for line in text.splitlines()):
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
        lo, hi, level, _teams = [int(x) for x in rest.split(",")]
        divisions[code.strip()] = (lo, hi, level)
    referees = []
    for line in sections["REFEREES"]:
        m = re.match(r"(R\d+),\s*(\d+),\s*\(([^,]+),\s*([^)]+)\),\s*(\d+),\s*\[([^\]]*)\],\s*\[([^\]]*)\],\s*\[([^\]]*)\]",
                     line)
        code, level, x, y, experience, refs, teams, unavailable = m.groups()
        referees.append({"code": code, "level": int(level), "x": float(x), "y": float(y),
                         "experience": int(experience),
                         "avoid": [r.strip() for r in refs.split(",") if r.strip()],
                         "teams": [t.strip() for t in teams.split(",") if t.strip()],
                         "unavailable": [w.strip() for w in unavailable.split(",") if w.strip()]})
    arenas = {}
    for line in sections["ARENAS"]:
        m = re.match(r"(A\d+)\s*\(([^,]+),\s*([^)]+)\)", line)
        arenas[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    games = []
    for line in sections["GAMES"]:
        home, away, division, day, time, arena, experience = line.split()
        games.append({"home": home, "away": away, "division": division, "day": day, "time": time,
                      "arena": arena, "experience": int(experience)})
    return divisions, referees, arenas, games


def iso(day, time):
    d, m, y = [int(x) for x in day.split("/")]
    return "%04d-%02d-%02dT%s" % (y, m, d, time if len(time) == 5 else "0" + time)


def window(text):
    """One unavailability window of the file as {from, to} (None when the file's reader would drop it)."""
    if "~" in text:
        a, b = text.split("~")
        result = {"from": iso(*a.split()), "to": iso(*b.split())}
    else:
        parts = text.split()
        if "-" in parts[1]:
            start, end = parts[1].split("-")
            result = {"from": iso(parts[0], start), "to": iso(parts[0], end)}
        else:
            h, mi = [int(x) for x in parts[1].split(":")]
            total = min(h * 60 + mi + 120, 23 * 60 + 59)
            result = {"from": iso(parts[0], parts[1]), "to": iso(parts[0], "%02d:%02d" % (total // 60, total % 60))}
    return result if result["from"] < result["to"] else None


def km(p, q):
    """The benchmark's distance of a leg: Euclidean, rounded up to whole km."""
    return math.ceil(math.dist(p, q))


def minutes(p, q, rule):
    if rule == "benchmark":
        return (km(p, q) // 50) * 60
    return math.ceil(math.dist(p, q) / 50 * 60 - 1e-9)


def convert(path, rule="benchmark"):
    divisions, referees, arenas, games = parse(path)
    venues = [{"id": a, "name": "Arena %s" % a[1:], "x": xy[0], "y": xy[1]} for a, xy in arenas.items()]
    travel = []
    codes = list(arenas)
    for i, a in enumerate(codes):
        for b in codes[i + 1:]:
            travel.append({"from": a, "to": b, "minutes": minutes(arenas[a], arenas[b], rule)})
    matches = []
    for g in games:
        lo, hi, level = divisions[g["division"]]
        matches.append({"id": "%s-%s" % (g["home"], g["away"]), "start": iso(g["day"], g["time"]),
                        "durationMinutes": 120, "venue": g["arena"], "competition": g["division"],
                        "teams": [g["home"], g["away"]], "officials": lo, "maxOfficials": hi, "minLevel": level,
                        "minExperience": g["experience"]})
    officials = []
    for r in referees:
        entry = {"id": r["code"], "level": r["level"], "home": {"x": r["x"], "y": r["y"]},
                 "experience": r["experience"]}
        if r["avoid"]:
            entry["avoid"] = r["avoid"]
        if r["teams"]:
            entry["teams"] = r["teams"]
        windows = [w for w in (window(text) for text in r["unavailable"]) if w]
        if windows:
            entry["unavailable"] = windows
        officials.append(entry)
    name = os.path.splitext(os.path.basename(path))[0]
    if rule == "benchmark":
        rule_text = ("travel between arenas by the benchmark code's rule, (ceil(km) div 50) * 60 minutes (integer "
                     "division: legs under 50 km take 0 minutes), under which the published results are feasible")
    else:
        rule_text = "travel between arenas at 50 km/h, ceil(km / 50 * 60) minutes (the correct travel time)"
    return name, {
        "problem": "officials",
        "source": "Udine referee assignment benchmark %s (github.com/Colle11/Referee-Assignment_Problem, MIT), "
                  "converted by scripts/convert-udine.py; %s" % (name, rule_text),
        "options": {"method": "auto", "timeLimitSeconds": 180},
        "venues": venues, "travelMinutes": travel, "matches": matches, "officials": officials,
        "rules": {"restMinutes": 0, "teamConflicts": "soft", "objective": "udine"}}


def main():
    args = sys.argv[1:]
    rule = "benchmark"
    if args[:1] == ["--travel"]:
        rule = args[1]
        args = args[2:]
        if rule not in ("benchmark", "correct"):
            sys.exit("--travel takes benchmark or correct")
    source, target = args
    os.makedirs(target, exist_ok=True)
    for file in sorted(os.listdir(source)):
        if not file.startswith("RA-") or not file.endswith(".txt"):
            continue
        name, instance = convert(os.path.join(source, file), rule)
        with open(os.path.join(target, name + ".json"), "w") as handle:
            json.dump(instance, handle, separators=(",", ":"))
            handle.write("\n")
        print(name, len(instance["matches"]), "games", len(instance["officials"]), "referees")


if __name__ == "__main__":
    main()
