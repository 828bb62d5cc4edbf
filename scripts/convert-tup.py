#!/usr/bin/env python3
"""Write a Touchline officials instance from a Traveling Umpire Problem file.

    scripts/convert-tup.py FILE [--q1 Q1 --q2 Q2] [--out PATH]

A TUP file (Trick and Yildiz's format) gives nTeams, the distance matrix `dist` and `opponents`, one row per
round: in row r, column i is team i's opponent, positive when team i plays at home, negative when away. The
instance: teams T1..Tk and their venues V1..Vk in the file's order, one slot per round (one day each, in
order), every match's `teams` home first and `venue` the home team's, officials U1..U(k/2), the km table from
`dist`, rules.everySlot, rules.visitVenues (every venue), rules.venueWindow q1 and rules.teamWindow q2 (by
default the instance's first row of best_known.csv).
"""
import argparse
import csv
import datetime
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_TABLE = os.path.join(HERE, "..", "instances", "officials", "tup", "original", "best_known.csv")


def parse(path):
    text = open(path).read()
    teams = int(re.search(r"nTeams\s*=\s*(\d+)", text).group(1))

    def matrix(name):
        body = re.search(name + r"\s*=\s*\[(.*?)\]\s*;", text, re.S).group(1)
        rows = re.findall(r"\[([^\[\]]*)\]", body)
        return [[int(x) for x in row.split()] for row in rows]

    dist = matrix("dist")
    opponents = matrix("opponents")
    if len(dist) != teams or any(len(row) != teams for row in dist):
        sys.exit(f"{path}: dist is not {teams} x {teams}")
    if len(opponents) != 2 * (teams - 1) or any(len(row) != teams for row in opponents):
        sys.exit(f"{path}: opponents is not {2 * (teams - 1)} x {teams}")
    return teams, dist, opponents


def windows(name, table):
    with open(table) as handle:
        for row in csv.DictReader(handle):
            if row["instance"] == name:
                return int(row["q1"]), int(row["q2"])
    sys.exit(f"{name}: not in {table}; give --q1 and --q2")


def instance(path, q1, q2):
    name = os.path.splitext(os.path.basename(path))[0]
    teams, dist, opponents = parse(path)
    first = datetime.date(2027, 4, 3)
    matches = []
    for r, row in enumerate(opponents):
        day = (first + datetime.timedelta(days=r)).isoformat()
        for i, opponent in enumerate(row):
            if opponent > 0:
                home, away = i + 1, opponent
                if opponents[r][away - 1] != -home:
                    sys.exit(f"{path}: round {r + 1}: team {home} hosts {away}, but {away}'s entry is {opponents[r][away - 1]}")
                matches.append({
                    "id": f"r{r + 1}-T{home}-T{away}", "start": f"{day}T13:00", "durationMinutes": 180,
                    "venue": f"V{home}", "teams": [f"T{home}", f"T{away}"],
                })
        if sum(1 for x in row if x > 0) != teams // 2:
            sys.exit(f"{path}: round {r + 1} has {sum(1 for x in row if x > 0)} home teams, expected {teams // 2}")
    return {
        "problem": "officials",
        "id": f"{name}-q{q1}-{q2}",
        "source": f"Traveling Umpire Problem instance {name} (Trick and Yildiz; the benchmark files as published with "
                  f"github.com/TonyWauters/Traveling-Umpire-Problem), converted by scripts/convert-tup.py with q1 = {q1}, q2 = {q2}",
        "venues": [{"id": f"V{i + 1}", "name": f"T{i + 1}'s ground"} for i in range(teams)],
        "distances": [{"from": f"V{i + 1}", "to": f"V{j + 1}", "km": dist[i][j]}
                      for i in range(teams) for j in range(i + 1, teams)],
        "matches": matches,
        "officials": [{"id": f"U{u + 1}"} for u in range(teams // 2)],
        "rules": {
            "everySlot": True, "venueWindow": q1, "teamWindow": q2,
            "visitVenues": [f"V{i + 1}" for i in range(teams)],
        },
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--q1", type=int)
    parser.add_argument("--q2", type=int)
    parser.add_argument("--table", default=DEFAULT_TABLE, help="best_known.csv for the default q1, q2")
    parser.add_argument("--out", help="write here instead of standard output")
    args = parser.parse_args()
    name = os.path.splitext(os.path.basename(args.file))[0]
    if (args.q1 is None) != (args.q2 is None):
        sys.exit("give both --q1 and --q2, or neither")
    q1, q2 = (args.q1, args.q2) if args.q1 is not None else windows(name, args.table)
    text = json.dumps(instance(args.file, q1, q2), indent=1) + "\n"
    if args.out:
        open(args.out, "w").write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
