#!/usr/bin/env python3
"""Writes instances/lineups/*.json: made-up squads in the US Youth Soccer formats (see README, Lineups).

Squad sizes, formats and rules follow the US Youth Soccer small-sided formats and AYSO's "everyone plays"
(half of every game, overtime excluded). Names are invented. Run from the repository root.
"""
import json, os

NAMES = ["Ava", "Ben", "Cleo", "Dev", "Ema", "Finn", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lena", "Milo",
         "Nia", "Omar", "Pia", "Quin", "Rosa", "Sami", "Tess", "Uri", "Vera", "Wes", "Xia"]

def squad(count, roles):
    """roles: list of position lists, cycled; the first player of each squad is a keeper when GK is used."""
    players = []
    for i in range(count):
        players.append({"id": f"p{i+1}", "name": NAMES[i], "number": i + 1,
                        "positions": roles[i % len(roles)]})
    return players

SEVEN = [["GK", "DEF"], ["DEF", "MID"], ["DEF"], ["MID", "DEF"], ["MID", "FWD"], ["MID"], ["FWD", "MID"],
         ["DEF", "MID"], ["MID", "FWD"], ["FWD"], ["DEF", "FWD"], ["MID", "GK"]]
NINE = SEVEN + [["DEF", "MID"], ["MID", "FWD"]]
ELEVEN = [["GK"], ["DEF"], ["DEF", "MID"], ["DEF"], ["DEF", "MID"], ["MID"], ["MID", "FWD"], ["MID", "DEF"],
          ["MID"], ["FWD", "MID"], ["FWD"], ["GK", "DEF"], ["DEF", "FWD"], ["MID", "DEF"], ["FWD", "MID"],
          ["DEF", "MID"], ["MID", "FWD"], ["DEF"], ["MID"], ["FWD", "DEF"], ["MID", "GK"], ["DEF", "MID"]]

def write(name, instance):
    instance = {"problem": "lineup", "options": {"method": "auto", "timeLimitSeconds": 10}, **instance}
    with open(os.path.join("instances/lineups", name + ".json"), "w") as f:
        json.dump(instance, f, indent=1)
        f.write("\n")

U10 = {"periods": 2, "periodMinutes": 25, "substitutions": {"everyMinutes": 5}}
U10_FORMATION = {"GK": 1, "DEF": 2, "MID": 3, "FWD": 1}
U10_RULES = {"mode": "balanced", "minShare": 0.5, "maxConsecutiveBench": 3, "keeperFullPeriods": True,
             "maxChangesPerWindow": 3, "minStint": 2}

write("u8-4v4", {
    "match": {"periods": 4, "periodMinutes": 10, "substitutions": {"everyMinutes": 5}},
    "formation": {"DEF": 2, "FWD": 2},
    "players": squad(8, [["DEF", "FWD"], ["FWD", "DEF"], ["DEF"], ["FWD"]]),
    "rules": {"mode": "balanced", "minShare": 0.5, "maxConsecutiveBench": 1}})
write("u10-7v7", {"match": U10, "formation": U10_FORMATION, "players": squad(12, SEVEN), "rules": U10_RULES})
write("u12-9v9", {
    "match": {"periods": 2, "periodMinutes": 30, "overtime": {"periods": 2, "periodMinutes": 10},
              "substitutions": {"everyMinutes": 10}},
    "formation": {"GK": 1, "DEF": 3, "MID": 3, "FWD": 2},
    "players": squad(14, NINE),
    "rules": {"mode": "balanced", "minShare": 0.5, "maxConsecutiveBench": 2, "keeperFullPeriods": True, "minStint": 2}})
write("u14-11v11", {
    "match": {"periods": 2, "periodMinutes": 35, "substitutions": {"atMinutes": [15, 25, 50, 60]}},
    "formation": {"GK": 1, "DEF": 4, "MID": 4, "FWD": 2},
    "players": squad(18, ELEVEN),
    "rules": {"mode": "balanced", "minShare": 0.5, "keeperFullPeriods": True, "maxChangesPerWindow": 4}})
write("u14-11v11-22-every5", {
    "match": {"periods": 2, "periodMinutes": 35, "substitutions": {"everyMinutes": 5}},
    "formation": {"GK": 1, "DEF": 4, "MID": 4, "FWD": 2},
    "players": squad(22, ELEVEN),
    "rules": {"mode": "balanced", "minShare": 0.4, "keeperFullPeriods": True, "maxChangesPerWindow": 4,
              "minStint": 2}})
write("u10-pairs", {
    # Cleo and Kai are the only two who can play centre-back: never both on the bench. Ema and Finn are
    # siblings with one lift home: on and off together.
    "match": U10, "formation": U10_FORMATION, "players": squad(11, SEVEN),
    "rules": {**U10_RULES, "apart": [["p3", "p11"]], "together": [["p5", "p6"]]}})
write("u10-keepers", {
    # Quarters with a keeper per quarter, AYSO-style: no one in goal more than half the game, a keeper also plays a
    # quarter outfield, and each of the four who list GK (Ava, Cleo, Finn, Ivo) takes a turn in goal.
    "match": {"periods": 4, "periodMinutes": 12, "substitutions": {"everyMinutes": 6}}, "formation": U10_FORMATION,
    "players": [dict(player, positions=player["positions"] + ["GK"]) if player["id"] in ("p3", "p6", "p9") else player
                for player in squad(11, SEVEN)],
    "rules": {"mode": "balanced", "minShare": 0.5, "keeperFullPeriods": True, "maxChangesPerWindow": 3,
              "keeperMaxShare": 0.5, "keeperMinOutfieldMinutes": 12, "keeperTurns": True}})
write("u10-turn-based", {
    "match": U10, "formation": U10_FORMATION, "players": squad(12, SEVEN),
    "rules": {"mode": "turnBased", "minShare": 0.5, "keeperFullPeriods": True},
    "turnBased": {"queue": ["p8", "p9", "p10"], "changesPerWindow": 2}})
write("u10-turn-based-free", {
    "match": U10, "formation": U10_FORMATION, "players": squad(11, SEVEN),
    "rules": {"mode": "turnBased", "minShare": 0.5, "keeperFullPeriods": True}})
write("u12-pre-marked", {
    "match": {"periods": 4, "periodMinutes": 15, "substitutions": {"everyMinutes": 5}},
    "formation": {"GK": 1, "DEF": 3, "MID": 3, "FWD": 2},
    "players": squad(13, NINE),
    "rules": {"mode": "preMarked", "minShare": 0.5, "keeperFullPeriods": True},
    "preMarked": {"periods": [{"period": 1, "active": ["p1", "p2", "p3", "p5", "p7"]},
                              {"period": 3, "active": ["p12", "p4", "p8"]}]}})
write("u10-colour-groups", {
    "match": {"periods": 2, "periodMinutes": 25, "substitutions": {"everyMinutes": 5}},
    "formation": {"GK": 1, "DEF": 2, "MID": 3, "FWD": 1},
    "players": [{"id": "k1", "name": "Zoe", "number": 1, "positions": ["GK"]}] + squad(9, SEVEN[1:10]),
    "rules": {"mode": "colourGroups", "minShare": 0.5, "keeperFullPeriods": True},
    "colourGroups": {"colours": ["red", "blue", "green"]}})
injured = squad(12, SEVEN)
injured[2]["status"] = "injured"
write("u10-live-injury", {
    "match": U10, "formation": U10_FORMATION, "players": injured, "rules": U10_RULES,
    "state": {"minute": 32,
              "onField": {"p1": "GK", "p2": "DEF", "p3": "DEF", "p4": "MID", "p5": "MID", "p6": "MID", "p7": "FWD"},
              "minutesPlayed": {"p1": 32, "p2": 32, "p3": 32, "p4": 25, "p5": 20, "p6": 17, "p7": 22,
                                "p8": 20, "p9": 20, "p10": 17, "p11": 17, "p12": 15}}})
out = squad(14, NINE)
out[4]["status"] = "injured"
out[9]["status"] = "unavailable"
out[12]["arrivesAt"] = 20
write("u12-injured-late", {
    "match": {"periods": 2, "periodMinutes": 30, "substitutions": {"everyMinutes": 10}},
    "formation": {"GK": 1, "DEF": 3, "MID": 3, "FWD": 2}, "players": out,
    "rules": {"mode": "balanced", "minShare": 0.5, "maxConsecutiveBench": 2, "keeperFullPeriods": True}})
write("u14-locked-keeper", {
    "match": {"periods": 2, "periodMinutes": 35, "substitutions": {"atMinutes": [15, 25, 50, 60]}},
    "formation": {"GK": 1, "DEF": 4, "MID": 4, "FWD": 2},
    "players": squad(16, ELEVEN),
    "rules": {"mode": "balanced", "minShare": 0.5, "keeperFullPeriods": True},
    "locks": [{"player": "p12", "from": 0, "to": 35, "position": "GK"},
              {"player": "p1", "from": 35, "to": 70, "position": "GK"},
              {"player": "p10", "from": 0, "to": 25, "onField": False}]})
write("u10-infeasible", {
    "match": U10, "formation": U10_FORMATION, "players": squad(12, SEVEN),
    "rules": {"mode": "balanced", "minShare": 0.75, "keeperFullPeriods": True, "maxConsecutiveBench": 1}})

# Hard squads: each one a case the earlier engine got wrong or could not prove.
hard = squad(22, ELEVEN)
hard[13]["status"] = "injured"
write("u14-11v11-22-hard", {
    "match": {"periods": 2, "periodMinutes": 35, "substitutions": {"everyMinutes": 5}},
    "formation": {"GK": 1, "DEF": 4, "MID": 4, "FWD": 2}, "players": hard,
    "rules": {"mode": "balanced", "minShare": 0.5, "minStint": 2, "maxConsecutiveBench": 3,
              "keeperFullPeriods": True}})
colours = [{"id": "k1", "name": "Yara", "number": 1, "positions": ["GK"]},
           {"id": "k2", "name": "Zoe", "number": 2, "positions": ["GK"]}] + squad(12, SEVEN[1:])
write("u10-colour-groups-14", {
    "match": {"periods": 2, "periodMinutes": 25, "substitutions": {"everyMinutes": 5}},
    "formation": {"GK": 1, "DEF": 2, "MID": 3, "FWD": 1}, "players": colours,
    "rules": {"mode": "colourGroups", "minShare": 0.5, "keeperFullPeriods": True},
    "colourGroups": {"colours": ["red", "blue", "green", "yellow"]}})
late = squad(14, NINE)
late[12]["arrivesAt"] = 20
write("u12-turn-based-late", {
    "match": {"periods": 2, "periodMinutes": 30, "substitutions": {"everyMinutes": 10}},
    "formation": {"GK": 1, "DEF": 3, "MID": 3, "FWD": 2}, "players": late,
    "rules": {"mode": "turnBased", "minShare": 0.5, "keeperFullPeriods": True},
    "turnBased": {"changesPerWindow": 2}})
season = squad(15, NINE + [["FWD", "DEF"]])
for i, minutes in enumerate([150, 180, 120, 150, 165, 135, 180, 150, 120, 165, 150, 135, 105, 120, 90]):
    season[i]["seasonMinutes"] = minutes
write("u12-overtime-season", {
    "match": {"periods": 2, "periodMinutes": 30, "overtime": {"periods": 2, "periodMinutes": 10},
              "substitutions": {"everyMinutes": 10}},
    "formation": {"GK": 1, "DEF": 3, "MID": 3, "FWD": 2}, "players": season,
    "rules": {"mode": "balanced", "minShare": 0.5, "minStint": 2, "keeperFullPeriods": True,
              "seasonBalance": True}})
# Tournament days: several short games on one day, the spread and minShare over the day's minutes.
DAY_ROLES = [["GK", "DEF"], ["DEF", "MID"], ["MID", "FWD"], ["DEF", "GK"], ["MID", "DEF"], ["FWD", "MID"],
             ["MID", "FWD"], ["DEF", "MID"], ["GK", "MID"], ["FWD", "MID", "DEF"], ["DEF", "FWD"],
             ["MID", "DEF"], ["FWD", "MID"], ["DEF", "MID"]]
DAY_RATINGS = [3, 4, 5, 3, 4, 5, 3, 2, 3, 4, 3, 4, 5, 2]
GAME = {"periods": 2, "periodMinutes": 10, "substitutions": {"everyMinutes": 5}}
# Four games of 2 x 10 minutes, ten players 7v7: keepers in goal at most half of each game and five minutes
# outfield, ratings for the most even field, two centre-backs never both resting, two siblings on and off
# together; one player late for the second game, one hurt in the third.
day = squad(10, DAY_ROLES)
for player, rating in zip(day, DAY_RATINGS):
    player["rating"] = rating
write("u10-tournament-day", {
    "matches": [{"name": "vs Rovers", **GAME}, {"name": "vs United", **GAME, "arrivesAt": {"p7": 10}},
                {"name": "vs City", **GAME, "status": {"p3": "injured"}}, {"name": "vs Athletic", **GAME}],
    "formation": U10_FORMATION, "players": day,
    "rules": {"minShare": 0.5, "keeperMaxShare": 0.5, "keeperMinOutfieldMinutes": 5, "strength": "balanced",
              "apart": [["p2", "p4"]], "together": [["p5", "p8"]]}})
# Six games of 2 x 10 minutes for fourteen players 9v9 (groups, then knock-out), one player hurt after the
# second; every segment's field at least 0.8 of the strongest present.
day = squad(14, DAY_ROLES)
for player, rating in zip(day, DAY_RATINGS):
    player["rating"] = rating
hurt = {"status": {"p6": "injured"}}
write("u12-tournament-day-6", {
    "matches": [{"name": "Group 1", **GAME}, {"name": "Group 2", **GAME}, {"name": "Group 3", **GAME, **hurt},
                {"name": "Quarter-final", **GAME, **hurt}, {"name": "Semi-final", **GAME, **hurt},
                {"name": "Final", **GAME, **hurt}],
    "formation": {"GK": 1, "DEF": 3, "MID": 3, "FWD": 2}, "players": day,
    "rules": {"minShare": 0.5, "keeperMaxShare": 0.5, "apart": [["p2", "p4"]], "strength": {"minShare": 0.8}}})
