#!/usr/bin/env python3
"""Score a Touchline plan by the Traveling Umpire Problem's own rules, independently of Touchline's code.

    scripts/tup-cost.py FILE RESULT [--q1 Q1 --q2 Q2]

FILE is the TUP instance (nTeams, dist, opponents); RESULT is `touchline solve`'s JSON output (or any JSON
with solution.assignments: match id -> [umpire]) for the instance scripts/convert-tup.py wrote from FILE.
Match ids are read as rN-Ti-Tj (round N, home team i, away team j). Prints JSON: the total distance `cost`,
per-umpire distances, and every rule the plan breaks (each game one umpire, each umpire one game per round,
every home venue visited, no venue twice within q1 consecutive rounds, no team twice within q2), and exits 1
when the plan breaks a rule. q1 and q2 default to the instance's first row of best_known.csv.
"""
import argparse
import csv
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_TABLE = os.path.join(HERE, "..", "instances", "officials", "tup", "original", "best_known.csv")


def read_tup(path):
    # Read here, not through convert-tup.py: a misreading of the file in one is then caught by the other.
    text = open(path).read()
    teams = int(re.search(r"nTeams\s*=\s*(\d+)", text).group(1))

    def matrix(name):
        body = re.search(name + r"\s*=\s*\[(.*?)\]\s*;", text, re.S).group(1)
        return [[int(x) for x in row.split()] for row in re.findall(r"\[([^\[\]]*)\]", body)]

    return teams, matrix("dist"), matrix("opponents")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("result")
    parser.add_argument("--q1", type=int)
    parser.add_argument("--q2", type=int)
    parser.add_argument("--table", default=DEFAULT_TABLE)
    args = parser.parse_args()
    name = os.path.splitext(os.path.basename(args.file))[0]
    q1, q2 = args.q1, args.q2
    if q1 is None or q2 is None:
        with open(args.table) as handle:
            row = next((r for r in csv.DictReader(handle) if r["instance"] == name), None)
        if row is None:
            sys.exit(f"{name}: not in {args.table}; give --q1 and --q2")
        q1 = q1 if q1 is not None else int(row["q1"])
        q2 = q2 if q2 is not None else int(row["q2"])
    teams, dist, opponents = read_tup(args.file)
    rounds = len(opponents)
    umpires = teams // 2
    # The games of the instance: (round, home, away), teams numbered from 1.
    games = set()
    for r, row in enumerate(opponents):
        for i, opponent in enumerate(row):
            if opponent > 0:
                games.add((r, i + 1, opponent))
    result = json.load(open(args.result))
    assignments = (result.get("solution") or result).get("assignments") or {}
    violations = []
    # umpire -> round -> list of (home, away)
    schedule = {}
    seen = set()
    for match, crew in assignments.items():
        m = re.fullmatch(r"r(\d+)-T(\d+)-T(\d+)", match)
        if not m:
            violations.append(f"{match}: not a match id of the form rN-Ti-Tj")
            continue
        game = (int(m.group(1)) - 1, int(m.group(2)), int(m.group(3)))
        if game not in games:
            violations.append(f"{match}: no such game in {name}")
            continue
        seen.add(game)
        if len(crew) != 1:
            violations.append(f"{match}: {len(crew)} umpires, expected 1")
        for umpire in crew:
            schedule.setdefault(umpire, {}).setdefault(game[0], []).append(game[1:])
    for game in sorted(games - seen):
        violations.append(f"round {game[0] + 1}: game T{game[1]} v T{game[2]} has no umpire")
    if len(schedule) != umpires:
        violations.append(f"{len(schedule)} umpires work, expected {umpires}")
    cost = 0
    per_umpire = {}
    for umpire in sorted(schedule):
        rounds_of = schedule[umpire]
        path = []
        for r in range(rounds):
            here = rounds_of.get(r, [])
            if len(here) != 1:
                violations.append(f"{umpire}: {len(here)} games in round {r + 1}, expected 1")
            path.append(here[0] if here else None)
        km = sum(dist[a[0] - 1][b[0] - 1] for a, b in zip(path, path[1:]) if a and b)
        per_umpire[umpire] = km
        cost += km
        visited = {g[0] for g in path if g}
        for venue in range(1, teams + 1):
            if venue not in visited:
                violations.append(f"{umpire}: never at T{venue}'s venue")
        for r, game in enumerate(path):
            if not game:
                continue
            for later in range(r + 1, rounds):
                other = path[later]
                if not other:
                    continue
                if later - r < q1 and other[0] == game[0]:
                    violations.append(f"{umpire}: at T{game[0]}'s venue in rounds {r + 1} and {later + 1} (q1 = {q1})")
                if later - r < q2 and set(other) & set(game):
                    violations.append(f"{umpire}: sees T{sorted(set(other) & set(game))[0]} in rounds {r + 1} and {later + 1} (q2 = {q2})")
    print(json.dumps({"instance": name, "q1": q1, "q2": q2, "cost": cost, "umpires": per_umpire,
                      "feasible": not violations, "violations": violations}, indent=1))
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
