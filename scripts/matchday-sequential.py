#!/usr/bin/env python3
"""Pitches first, then officials, on a `matchday` instance, for comparison with the joint solve.

    python3 scripts/matchday-sequential.py instances/matchday/fieldgame-saturday.json [TOUCHLINE]

Solves the pitches part with `touchline solve` (a `pitches` instance), then the officials part on the pitches
chosen (an `officials` instance), and prints both objectives beside the joint solve's.
"""
import json
import subprocess
import sys

path = sys.argv[1]
binary = sys.argv[2] if len(sys.argv) > 2 else ".build/release/touchline"
instance = json.load(open(path))


def solve(data):
    run = subprocess.run([binary, "solve", "-"], input=json.dumps(data), capture_output=True, text=True)
    return json.loads(run.stdout)


pitches = {"problem": "pitches", "options": instance.get("options", {}), "pitches": instance["pitches"],
           "rules": {"bufferMinutes": instance.get("rules", {}).get("bufferMinutes", 0)},
           "matches": [{k: m[k] for k in ("id", "start", "durationMinutes", "size", "competition", "teams", "preferred", "pitch") if k in m}
                       for m in instance["matches"]]}
first = solve(pitches)
chosen = first["solution"]["assignments"]
officials = {"problem": "officials", "options": instance.get("options", {}),
             "venues": [{k: p[k] for k in ("id", "name", "group", "lat", "lon") if k in p} for p in instance["pitches"]],
             "travelMinutes": instance.get("travelMinutes", []), "officials": instance["officials"],
             "rules": {k: v for k, v in instance.get("rules", {}).items() if k in ("restMinutes", "travelSpeedKmh")},
             "matches": [{"id": m["id"], "start": m["start"], "durationMinutes": m["durationMinutes"], "venue": chosen[m["id"]],
                          "competition": m.get("competition", ""), "teams": m.get("teams", []),
                          "officials": m.get("officials", 1), "minLevel": m.get("minLevel", 0)}
                         for m in instance["matches"] if m["id"] in chosen]}
second = solve(officials)
joint = solve(instance)
print("sequential: pitches", first["status"], first["objective"], "then officials", second["status"], second["objective"])
print("joint:", joint["status"], joint["objective"], "gap", joint.get("gap"))
