#!/usr/bin/env python3
"""Writes the Field Game instances in instances/pitches/ (deterministic: a fixed seed).

The fields are the Eton Field Game's two field groups: North Fields (Agar's 1-7, Dutchman's 1-15, Austin's,
O.E. Soccer, College Field) and South Fields (South Meadow 1-5, Warre's, Carter's, Square Close). The houses,
competitions and the 2:25pm start are the school's; the fixtures themselves are made up (realistic counts).
Run from the repository root: python3 scripts/make-fieldgame-instances.py
"""
import json
import random
from datetime import date, timedelta

NORTH = ([("agars-%d" % i, "Agar's %d" % i) for i in range(1, 8)]
         + [("dutchmans-%d" % i, "Dutchman's %d" % i) for i in range(1, 16)]
         + [("austins", "Austin's"), ("oe-soccer", "O.E. Soccer"), ("college-field", "College Field")])
SOUTH = ([("south-meadow-%d" % i, "South Meadow %d" % i) for i in range(1, 6)]
         + [("warres", "Warre's"), ("carters", "Carter's"), ("square-close", "Square Close")])
HOUSES = ["hawtrey", "durnford", "godolphin", "jourdelays", "westbury", "baldwins-bec", "evans", "keate",
          "warre", "penn", "waynflete", "villiers", "angelos", "manor", "walpole", "holland-house",
          "common-lane", "carter", "farrer", "hopgarden", "wotton", "the-timbralls", "mustians", "cotton-hall"]
HOUSE_NAMES = {
    "hawtrey": "Hawtrey", "durnford": "Durnford", "godolphin": "Godolphin", "jourdelays": "Jourdelay's",
    "westbury": "Westbury", "baldwins-bec": "Baldwin's Bec", "evans": "Evans", "keate": "Keate", "warre": "Warre",
    "penn": "Penn", "waynflete": "Waynflete", "villiers": "Villiers", "angelos": "Angelo's", "manor": "Manor",
    "walpole": "Walpole", "holland-house": "Holland House", "common-lane": "Common Lane", "carter": "Carter",
    "farrer": "Farrer", "hopgarden": "Hopgarden", "wotton": "Wotton", "the-timbralls": "The Timbralls",
    "mustians": "Mustians", "cotton-hall": "Cotton Hall"}
SENIOR = ["Senior Ties", "Senior League", "School Field"]
JUNIOR = ["Junior Shield", "Junior League", "Non-Specialist", "Training", "Patagonian"]


def pitches():
    result = []
    for group, fields in (("North", NORTH), ("South", SOUTH)):
        for pid, name in fields:
            if pid.startswith("dutchmans-") and int(pid.split("-")[1]) > 10:
                sizes = ["junior"]
            elif pid.startswith("south-meadow") or pid == "square-close":
                sizes = ["junior"]
            elif pid in ("college-field", "agars-1", "agars-2"):
                sizes = ["senior"]
            else:
                sizes = ["junior", "senior"]
            entry = {"id": pid, "name": name, "group": group, "sizes": sizes}
            if pid == "college-field":
                entry["maxPerDay"] = 2
            result.append(entry)
    return result


def day_fixtures(rng, day, count, prefix, start_id):
    matches = []
    houses = HOUSES[:]
    rng.shuffle(houses)
    for k in range(count):
        a, b = rng.sample(HOUSES, 2)
        senior = rng.random() < 0.45
        competition = rng.choice(SENIOR if senior else JUNIOR)
        time = "14:25" if rng.random() < 0.75 else "15:45"
        match = {"id": "%s%d" % (prefix, start_id + k), "start": "%sT%s" % (day.isoformat(), time),
                 "durationMinutes": 60 if senior else 50, "size": "senior" if senior else "junior",
                 "competition": competition, "teams": [a, b], "pitch": None}
        if competition == "Senior Ties":
            match["preferred"] = ["college-field", "agars-1"]
        elif competition == "Junior Shield":
            match["preferred"] = ["south-meadow-1", "south-meadow-2"]
        matches.append(match)
    return matches


def with_team_names(instance):
    """The instance with `teams`: the names of the houses its matches give by id, for every output."""
    used = sorted({team for match in instance.get("matches", []) for team in match.get("teams", [])})
    named = [{"id": team, "name": HOUSE_NAMES[team]} for team in used if team in HOUSE_NAMES]
    if named:
        instance["teams"] = named
    return instance


def write(name, instance):
    with_team_names(instance)
    with open("instances/pitches/%s.json" % name, "w") as handle:
        json.dump(instance, handle, indent=1)
        handle.write("\n")


def main():
    rng = random.Random(20261121)
    saturday = date(2026, 11, 21)
    fields = pitches()
    sat_matches = day_fixtures(rng, saturday, 40, "m", 1)
    write("fieldgame-saturday", {
        "problem": "pitches", "options": {"method": "auto", "timeLimitSeconds": 10},
        "pitches": fields, "matches": sat_matches, "rules": {"bufferMinutes": 10}})

    # A term: Saturdays from September to December plus Tuesday and Thursday afternoons.
    term = []
    start = date(2026, 9, 8)
    for week in range(14):
        tuesday = start + timedelta(days=7 * week)
        thursday = tuesday + timedelta(days=2)
        saturday_day = tuesday + timedelta(days=4)
        term += day_fixtures(rng, tuesday, 4, "t", len(term) + 1)
        term += day_fixtures(rng, thursday, 4, "t", len(term) + 1)
        term += day_fixtures(rng, saturday_day, 13, "t", len(term) + 1)
    closed_term = [dict(p) for p in fields]
    for p in closed_term:
        if p["id"] in ("south-meadow-4", "south-meadow-5"):
            p["closed"] = [{"from": "2026-10-24T00:00", "to": "2026-11-08T00:00"}]
    write("fieldgame-term", {
        "problem": "pitches", "options": {"method": "auto", "timeLimitSeconds": 10},
        "pitches": closed_term, "matches": term, "rules": {"bufferMinutes": 10}})

    # Waterlogged South Meadow and Dutchman's 11-15 on the Saturday: not enough junior pitches.
    wet = [dict(p) for p in fields]
    for p in wet:
        if p["id"].startswith("south-meadow") or p["id"] in ("dutchmans-%d" % i for i in range(11, 16)) \
                or p["id"] in ("dutchmans-%d" % i for i in range(1, 8)) or p["id"].startswith("agars") \
                or p["id"] in ("square-close",):
            p["closed"] = [{"from": "2026-11-21T00:00", "to": "2026-11-22T00:00"}]
    write("fieldgame-closed-pitches", {
        "problem": "pitches", "options": {"method": "auto", "timeLimitSeconds": 10},
        "pitches": wet, "matches": sat_matches, "rules": {"bufferMinutes": 10}})


if __name__ == "__main__":
    main()
