#!/usr/bin/env python3
"""Writes the Field Game instances in instances/officials/ and instances/matchday/ (deterministic: fixed seeds).

Same fields, houses and competitions as scripts/make-fieldgame-instances.py (the Eton Field Game's North and
South Fields); the fixtures and umpires are made up with realistic counts. Umpires are often attached to a
house (a conflict of interest), seniors need level-2 umpires and two of them, and it takes 15 minutes to
cross from North to South Fields. Run from the repository root: python3 scripts/make-officials-instances.py
"""
import json
import random
from datetime import date, timedelta
import importlib.util
import os

spec = importlib.util.spec_from_file_location("fg", os.path.join(os.path.dirname(__file__), "make-fieldgame-instances.py"))
fg = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fg)

FIRST = ["A.", "B.", "C.", "D.", "E.", "F.", "G.", "H.", "J.", "K.", "L.", "M.", "N.", "P.", "R.", "S.", "T."]
LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Evans", "Thomas", "Roberts", "Walker", "Wright",
        "Hughes", "Green", "Hall", "Wood", "Clarke", "Jackson", "Hill", "Moore", "Turner", "White", "Harris",
        "Cooper", "King", "Lee", "Martin", "Baker", "Ward", "Price", "Bell", "Parker", "Allen", "Young", "Davies",
        "Morris", "James", "Lewis", "Scott", "Mitchell", "Carter", "Bennett", "Gray", "Fox", "Reed", "Hunt"]
TRAVEL = [{"from": "North", "to": "South", "minutes": 15}]
RULES = {"restMinutes": 10}


def venues():
    return [{"id": p["id"], "name": p["name"], "group": p["group"]} for p in fg.pitches()]


def umpires(rng, count, day_limit=2, total=None):
    result = []
    for k in range(count):
        entry = {"id": "u%d" % (k + 1), "name": "%s %s" % (rng.choice(FIRST), LAST[k % len(LAST)]),
                 "level": rng.choice([1, 1, 2, 2, 3])}
        if rng.random() < 0.6:
            entry["teams"] = [rng.choice(fg.HOUSES)]
        entry["maxPerDay"] = day_limit
        if total is not None:
            entry["maxTotal"] = total
        result.append(entry)
    return result


def place(matches, fields):
    """Puts each match on a free pitch of its size (first fit in list order), as a fixtures secretary would."""
    taken = {}
    for m in sorted(matches, key=lambda m: (m["start"], m["size"] == "junior", m["id"])):
        for p in sorted(fields, key=lambda p: len(p["sizes"])):
            if m["size"] not in p["sizes"]:
                continue
            busy = taken.setdefault((p["id"], m["start"][:10]), [])
            if any(abs(minutes(m["start"]) - minutes(o)) < 80 for o in busy):
                continue
            busy.append(m["start"])
            m["venue"] = p["id"]
            break
        else:
            raise SystemExit("no pitch for " + m["id"])


def minutes(text):
    return int(text[11:13]) * 60 + int(text[14:16])


def as_officials(matches):
    result = []
    for m in matches:
        senior = m["size"] == "senior"
        result.append({"id": m["id"], "start": m["start"], "durationMinutes": m["durationMinutes"], "venue": m["venue"],
                       "competition": m["competition"], "teams": m["teams"], "officials": 2 if senior else 1,
                       "minLevel": 2 if senior else 1})
    return result


def write(folder, name, instance):
    fg.with_team_names(instance)
    os.makedirs("instances/%s" % folder, exist_ok=True)
    with open("instances/%s/%s.json" % (folder, name), "w") as handle:
        json.dump(instance, handle, indent=1)
        handle.write("\n")


def main():
    rng = random.Random(20261121)
    fields = fg.pitches()
    saturday = date(2026, 11, 21)
    sat = fg.day_fixtures(rng, saturday, 40, "m", 1)
    place(sat, fields)
    staff = umpires(rng, 40)
    options = {"method": "auto", "timeLimitSeconds": 10}
    write("officials", "fieldgame-saturday", {
        "problem": "officials", "options": options, "venues": venues(), "travelMinutes": TRAVEL,
        "matches": as_officials(sat), "officials": staff, "rules": RULES})
    write("officials", "fieldgame-too-few-umpires", {
        "problem": "officials", "options": options, "venues": venues(), "travelMinutes": TRAVEL,
        "matches": as_officials(sat), "officials": staff[:22], "rules": RULES})

    term = []
    start = date(2026, 9, 8)
    for week in range(14):
        tuesday = start + timedelta(days=7 * week)
        for day, count in ((tuesday, 4), (tuesday + timedelta(days=2), 4), (tuesday + timedelta(days=4), 13)):
            fixtures = fg.day_fixtures(rng, day, count, "t", len(term) + 1)
            place(fixtures, fields)
            term += fixtures
    term_staff = umpires(rng, 40, day_limit=2, total=14)
    for u in term_staff[:6]:
        u["unavailable"] = [{"from": "2026-10-24T00:00", "to": "2026-11-08T00:00"}]
    write("officials", "fieldgame-term", {
        "problem": "officials", "options": options, "venues": venues(), "travelMinutes": TRAVEL,
        "matches": as_officials(term), "officials": term_staff, "rules": RULES})

    # Late change: eight matches in two waves, published plan, then u3 drops out on the day.
    small_fields = [p for p in venues() if p["id"] in ("agars-3", "agars-4", "warres", "carters")]
    late_matches = []
    slots = [("agars-3", "14:25"), ("agars-4", "14:25"), ("warres", "14:25"), ("carters", "14:25"),
             ("agars-3", "15:45"), ("agars-4", "15:45"), ("warres", "15:45"), ("carters", "15:45")]
    for k, (venue, time) in enumerate(slots):
        a, b = fg.HOUSES[2 * k], fg.HOUSES[2 * k + 1]
        late_matches.append({"id": "m%d" % (k + 1), "start": "2026-11-21T%s" % time, "durationMinutes": 50,
                             "venue": venue, "competition": "Junior League", "teams": [a, b], "officials": 1,
                             "minLevel": 1})
    late_staff = [{"id": "u%d" % (k + 1), "name": "%s %s" % (FIRST[k], LAST[k]), "level": 2, "maxPerDay": 2}
                  for k in range(6)]
    late_staff[2]["unavailable"] = [{"from": "2026-11-21T12:00", "to": "2026-11-21T18:00"}]
    previous = {"m1": ["u1"], "m2": ["u2"], "m3": ["u3"], "m4": ["u4"], "m5": ["u1"], "m6": ["u2"], "m7": ["u3"],
                "m8": ["u4"]}
    write("officials", "late-change", {
        "problem": "officials", "options": options, "venues": small_fields, "travelMinutes": TRAVEL,
        "matches": late_matches, "officials": late_staff, "rules": RULES,
        "previous": {"assignments": previous}})

    # A pin that breaks a hard rule: u1 is attached to hawtrey and pinned to hawtrey's match.
    write("officials", "pinned-conflict", {
        "problem": "officials", "venues": small_fields, "travelMinutes": TRAVEL,
        "matches": late_matches[:2], "officials": [{"id": "u1", "level": 2, "teams": [late_matches[0]["teams"][0]]},
                                                   {"id": "u2", "level": 2}],
        "pinned": [{"match": "m1", "official": "u1"}], "rules": RULES})

    # Matchday: the Saturday's fixtures without pitches, its umpires; choose both together.
    md_matches = []
    for m in sat:
        entry = {k: v for k, v in m.items() if k not in ("venue",)}
        entry["pitch"] = None
        entry["officials"] = 2 if m["size"] == "senior" else 1
        entry["minLevel"] = 2 if m["size"] == "senior" else 1
        md_matches.append(entry)
    write("matchday", "fieldgame-saturday", {
        "problem": "matchday", "options": options, "pitches": fields, "travelMinutes": TRAVEL,
        "matches": md_matches, "officials": staff[:30], "rules": {"bufferMinutes": 10, "restMinutes": 10}})


if __name__ == "__main__":
    main()
