#!/usr/bin/env python3
"""Converts the real league and tournament results in ../shared/standings_data into `standings` instances
(instances/standings/*.json) and writes instances/standings/expected.json: the official order of the tied
teams for each instance, transcribed from that folder's README (and, for the Premier League 2011-12 and the
World Cup 2018 groups, from the official tables shipped there).

Inputs that the match files lack are added here, each with its source: point deductions (Serie A), the
Verona-Spezia relegation play-off (Serie A 2022-23), drawing of lots (World Cup 1970 and 1990), fair-play
points (World Cup 2018, counted from the bookings in openfootball/worldcup more/2018_full.txt) and
disciplinary points (Euro 2024 Group C, which include a team official's card that no match file has).

Usage: scripts/convert-standings.py [DATA_DIR] [OUT_DIR]
"""
import csv
import json
import os
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "shared", "standings_data")
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "..", "instances", "standings")
OF = os.path.join(DATA, "openfootball")


def slug(name):
    name = re.sub(r"\s*\([A-Z]{3}\)$", "", name)
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def display(name):
    return re.sub(r"\s*\([A-Z]{3}\)$", "", name)


def load(path):
    with open(os.path.join(DATA, path), encoding="utf-8") as handle:
        return json.load(handle)


def instance(source, matches, points=None, rules=None, tie_breakers=None, reapply=None, **extra):
    """matches: (home name, away name, home goals, away goals, date)."""
    names = {}
    for home, away, *_ in matches:
        names.setdefault(slug(home), display(home))
        names.setdefault(slug(away), display(away))
    body = {"problem": "standings", "source": source}
    if points:
        body["points"] = points
    if rules:
        body["rules"] = rules
    if tie_breakers:
        body["tieBreakers"] = tie_breakers
    if reapply:
        body["headToHeadReapply"] = reapply
    body["teams"] = [{"id": team, "name": names[team]} for team in sorted(names)]
    body["results"] = [
        {"home": slug(h), "away": slug(a), "homeGoals": hg, "awayGoals": ag, "date": date}
        for h, a, hg, ag, date in matches
    ]
    body.update(extra)
    return body


def football_json(path, round_filter=None):
    data = load(path)
    out = []
    for match in data["matches"]:
        if round_filter and not round_filter(match):
            continue
        score = match.get("score", {}).get("ft")
        if not score:
            continue
        out.append((match["team1"], match["team2"], score[0], score[1], match.get("date")))
    return out


def worldcup_json(path, group):
    data = load(path)
    matches = data.get("matches") or [m for r in data.get("rounds", []) for m in r["matches"]]
    out = []
    for match in matches:
        if match.get("group") != group:
            continue
        team1 = match["team1"]["name"] if isinstance(match["team1"], dict) else match["team1"]
        team2 = match["team2"]["name"] if isinstance(match["team2"], dict) else match["team2"]
        score = match["score"]["ft"]
        out.append((team1, team2, score[0], score[1], match.get("date")))
    return out


def fair_play_2018(group_teams):
    """FIFA 2018 fair-play points from the group-stage bookings: per player and match, yellow -1, second
    yellow (indirect red) -3, direct red -4, yellow then direct red -5."""
    path = os.path.join(OF, "worldcup", "more", "2018_full.txt")
    points = {team: 0 for team in group_teams}
    section = None
    current = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("▪"):
                section = line.strip("▪ \n")
                current = None
                continue
            if not section or not section.startswith("Group"):
                continue
            head = re.match(r"^([A-Z][A-Za-z .'-]+):\s", line)
            if head and head.group(1) not in ("Refs",):
                current = head.group(1)
            elif not line.startswith("      "):
                current = None
            if current not in points:
                continue
            for run in re.findall(r"(?:\s*\[[^\]]+\])+", line):
                cards = {token.split()[0] for token in re.findall(r"\[([^\]]+)\]", run) if token.split()[0] in ("Y", "Y/R", "R")}
                if "Y" in cards and "R" in cards:
                    points[current] -= 5
                elif "Y/R" in cards:
                    points[current] -= 3
                elif "R" in cards:
                    points[current] -= 4
                elif "Y" in cards:
                    points[current] -= 1
    return points


def write(name, body, positions, note):
    os.makedirs(OUT, exist_ok=True)
    ids = {team["id"] for team in body["teams"]}
    for team in positions.values():
        assert team in ids, f"{name}: unknown team {team}"
    with open(os.path.join(OUT, name + ".json"), "w", encoding="utf-8") as handle:
        json.dump(body, handle, ensure_ascii=False, indent=1)
        handle.write("\n")
    EXPECTED[name] = {"positions": {str(k): v for k, v in sorted(positions.items())}, "rule": note}


EXPECTED = {}


def main():
    # Premier League 2011-12: the whole official final table (jokecamp epl-11-12.json) is the oracle.
    matches = football_json("openfootball/football.json/2011-12/en.1.json")
    body = instance("openfootball/football.json 2011-12/en.1.json (CC0); order: jokecamp/FootballData epl-11-12.json",
                    matches, rules="premier-league")
    official = json.load(open(os.path.join(DATA, "jokecamp/FootballData/EPL 1992 - 2015/tables/epl-11-12.json")))
    ids = {team["id"] for team in body["teams"]}
    def pl_id(name):
        for candidate in (slug(name), slug(name + " FC"), slug(name + " AFC")):
            if candidate in ids:
                return candidate
        raise SystemExit(f"no team for {name}")
    write("premier-league-2011-12", body, {row["rank"]: pl_id(row["team"]) for row in official},
          "goal difference (Man City over Man United), then goals scored (West Brom over Swansea)")

    # La Liga 2006-07 (football-data.co.uk CSV via jokecamp).
    rows = list(csv.DictReader(open(os.path.join(DATA, "jokecamp/FootballData/football-data.co.uk/spain/SP1 (6).csv"), encoding="latin-1")))
    names = {"Ath Madrid": "Atlético Madrid", "Ath Bilbao": "Athletic Bilbao", "Espanol": "Espanyol", "Sociedad": "Real Sociedad",
             "La Coruna": "Deportivo La Coruña", "Santander": "Racing Santander", "Gimnastic": "Gimnàstic"}
    matches = []
    for row in rows:
        day, month, year = row["Date"].split("/")
        matches.append((names.get(row["HomeTeam"], row["HomeTeam"]), names.get(row["AwayTeam"], row["AwayTeam"]),
                        int(row["FTHG"]), int(row["FTAG"]), f"20{year}-{month}-{day}"))
    write("la-liga-2006-07", instance("jokecamp/FootballData football-data.co.uk/spain/SP1 (6).csv (MIT; football-data.co.uk terms)", matches, rules="la-liga"),
          {1: "real-madrid", 2: "barcelona", 6: "zaragoza", 7: "atletico-madrid", 11: "espanyol", 12: "mallorca", 16: "betis", 17: "athletic-bilbao"},
          "head-to-head points (Real Madrid over Barcelona 4 v 1), then head-to-head goal difference (Espanyol over Mallorca)")

    write("la-liga-2018-19", instance("openfootball/football.json 2018-19/es.1.json (CC0)", football_json("openfootball/football.json/2018-19/es.1.json"), rules="la-liga"),
          {5: "getafe-cf", 6: "sevilla-fc", 7: "espanyol-barcelona", 8: "athletic-club", 9: "real-sociedad", 10: "real-betis", 11: "cd-alaves",
           14: "villarreal-cf", 15: "levante-ud", 16: "real-valladolid", 17: "rc-celta"},
          "head-to-head points, head-to-head goal difference, then overall goal difference (three-way mini-league at 50 points)")

    write("serie-a-2018-19", instance(
        "openfootball/football.json 2018-19/it.1.json (CC0); Chievo's 3-point deduction is an input (not in the match file)",
        football_json("openfootball/football.json/2018-19/it.1.json"), rules="serie-a",
        adjustments=[{"team": "chievo-verona", "points": -3, "reason": "deduction for false accounting (input; not in the match file)"}]),
        {3: "atalanta", 4: "inter", 11: "sassuolo-calcio", 12: "udinese-calcio", 14: "parma-calcio-1913", 15: "cagliari-calcio",
         16: "acf-fiorentina", 17: "genoa-cfc", 18: "empoli-fc", 20: "chievo-verona"},
        "classifica avulsa (head-to-head points, goal difference), then overall goal difference; points deduction")

    write("serie-a-2020-21", instance("openfootball/football.json 2020-21/it.1.json (CC0)", football_json("openfootball/football.json/2020-21/it.1.json"), rules="serie-a"),
          {3: "atalanta-bc", 4: "juventus-fc", 7: "as-roma", 8: "us-sassuolo-calcio", 13: "acf-fiorentina", 14: "udinese-calcio",
           16: "cagliari-calcio", 17: "torino-fc"},
          "head-to-head, then overall goal difference")

    write("serie-a-2022-23", instance(
        "openfootball/football.json 2022-23/it.1.json (CC0); Juventus's 10-point deduction and the Verona-Spezia play-off (3-1, 11 June 2023) are inputs",
        football_json("openfootball/football.json/2022-23/it.1.json"), rules="serie-a",
        adjustments=[{"team": "juventus-fc", "points": -10, "reason": "capital gains case deduction (input; not in the match file)"}],
        playoffs=[{"teams": ["hellas-verona-fc", "spezia-calcio"], "winner": "hellas-verona-fc",
                   "reason": "relegation play-off, Verona 3-1 Spezia, Reggio Emilia, 11 June 2023 (input; not in the match file)"}]),
        {7: "juventus-fc", 17: "hellas-verona-fc", 18: "spezia-calcio"},
        "deduction; the relegation play-off overrides the classifica avulsa")

    write("bundesliga-2022-23", instance("openfootball/football.json 2022-23/de.1.json (CC0)", football_json("openfootball/football.json/2022-23/de.1.json"), rules="bundesliga"),
          {1: "fc-bayern-munchen", 2: "borussia-dortmund", 6: "bayer-04-leverkusen", 7: "eintracht-frankfurt", 12: "tsg-1899-hoffenheim", 13: "sv-werder-bremen"},
          "goal difference first")

    def cl_group(season, group):
        return football_json(f"openfootball/football.json/{season}/uefa.cl.json", lambda m: m.get("round") == group)

    write("ucl-2011-12-group-d", instance("openfootball/football.json 2011-12/uefa.cl.json (CC0), Group D", cl_group("2011-12", "Group D"), rules="uefa-group-2009"),
          {2: "olympique-lyonnais", 3: "afc-ajax"}, "head-to-head all level, then overall goal difference")
    write("ucl-2012-13-group-e", instance("openfootball/football.json 2012-13/uefa.cl.json (CC0), Group E", cl_group("2012-13", "Group E"), rules="uefa-group-2009"),
          {2: "shakhtar-donetsk", 3: "chelsea-fc"}, "head-to-head away goals")
    write("ucl-2013-14-group-f", instance("openfootball/football.json 2013-14/uefa.cl.json (CC0), Group F", cl_group("2013-14", "Group F"), rules="uefa-group-2009"),
          {1: "borussia-dortmund", 2: "arsenal-fc", 3: "ssc-napoli"}, "three-way head-to-head goal difference")
    write("ucl-2013-14-group-d", instance("openfootball/football.json 2013-14/uefa.cl.json (CC0), Group D", cl_group("2013-14", "Group D"), rules="uefa-group-2009"),
          {1: "bayern-munchen", 2: "manchester-city", 3: "viktoria-plzen", 4: "cska-moskva"}, "head-to-head goal difference; head-to-head away goals")
    write("ucl-2018-19-group-b", instance("openfootball/football.json 2018-19/uefa.cl.json (CC0), Group B", cl_group("2018-19", "Group B"), rules="uefa-group-2009"),
          {2: "tottenham-hotspur", 3: "inter"}, "head-to-head away goals")
    write("ucl-2018-19-group-c", instance("openfootball/football.json 2018-19/uefa.cl.json (CC0), Group C", cl_group("2018-19", "Group C"), rules="uefa-group-2009"),
          {2: "liverpool-fc", 3: "ssc-napoli"}, "every head-to-head criterion level, overall goal difference level, overall goals scored")

    league = football_json("openfootball/football.json/2024-25/uefa.cl.json", lambda m: m.get("round", "").startswith("League"))
    write("ucl-2024-25-league-phase", instance("openfootball/football.json 2024-25/uefa.cl.json (CC0), league phase (matchdays 1-8)", league, rules="uefa-league-phase-2024"),
          {7: "lille-osc", 8: "aston-villa-fc", 9: "atalanta-bc", 10: "borussia-dortmund", 11: "real-madrid-cf", 12: "fc-bayern-munchen",
           24: "club-brugge-kv", 25: "gnk-dinamo-zagreb", 29: "fk-crvena-zvezda", 30: "sk-sturm-graz"},
          "league-phase chain down to away wins (Real Madrid over Bayern)")

    # World Cup 2018: every group, official order from worldcup.standings.json; fair play from the bookings.
    standings = load("openfootball/worldcup.json/2018/worldcup.standings.json")
    for group in standings["groups"]:
        letter = group["name"].split()[-1].lower()
        matches = worldcup_json("openfootball/worldcup.json/2018/worldcup.json", group["name"])
        teams = sorted({m[0] for m in matches} | {m[1] for m in matches})
        fair = fair_play_2018(teams)
        if group["name"] == "Group H":
            assert fair["Japan"] == -4 and fair["Senegal"] == -6, fair
        body = instance(
            f"openfootball/worldcup.json 2018/worldcup.json (CC0), {group['name']}; fair-play points counted from the bookings in "
            "openfootball/worldcup more/2018_full.txt (input; not in the match file)",
            matches, rules="fifa-world-cup-2018",
            discipline=[{"team": slug(team), "points": fair[team], "reason": "fair play: group-stage bookings"} for team in teams])
        write(f"world-cup-2018-group-{letter}", body, {row["pos"]: slug(row["team"]["name"]) for row in group["standings"]},
              "official group order (worldcup.standings.json); Group H: fair play (Japan -4 v Senegal -6)")

    two_points = {"win": 2, "draw": 1, "loss": 0}
    write("world-cup-1990-group-f", instance(
        "openfootball/worldcup.json 1990/worldcup.json (CC0), Group F; the drawing of lots (Ireland over the Netherlands) is an input",
        worldcup_json("openfootball/worldcup.json/1990/worldcup.json", "Group F"), points=two_points,
        tie_breakers=["points", "goalDifference", "goalsFor", "headToHeadPoints", "lots"], lots=["ireland", "netherlands"]),
        {2: "ireland", 3: "netherlands"}, "two points a win; drawing of lots")
    write("world-cup-1990-group-b", instance(
        "openfootball/worldcup.json 1990/worldcup.json (CC0), Group B",
        worldcup_json("openfootball/worldcup.json/1990/worldcup.json", "Group B"), points=two_points,
        tie_breakers=["points", "goalDifference", "goalsFor", "headToHeadPoints", "lots"]),
        {2: "romania", 3: "argentina"}, "two points a win; goals scored")
    write("world-cup-1970-group-1", instance(
        "openfootball/worldcup.json 1970/worldcup.json (CC0), Group 1; the drawing of lots (Soviet Union over Mexico) is an input",
        worldcup_json("openfootball/worldcup.json/1970/worldcup.json", "Group 1"), points=two_points,
        tie_breakers=["points", "goalDifference", "lots"], lots=["soviet-union", "mexico"]),
        {1: "soviet-union", 2: "mexico"}, "two points a win; goal difference, then lots (goals scored was no criterion)")
    write("world-cup-1970-group-2", instance(
        "openfootball/worldcup.json 1970/worldcup.json (CC0), Group 2",
        worldcup_json("openfootball/worldcup.json/1970/worldcup.json", "Group 2"), points=two_points,
        tie_breakers=["points", "goalDifference", "lots"]),
        {2: "uruguay", 3: "sweden"}, "two points a win; goal difference")

    write("euro-2024-group-e", instance("openfootball/euro.json 2024/euro.json (CC0), Group E",
                                        worldcup_json("openfootball/euro.json/2024/euro.json", "Group E"), rules="uefa-euro-2024"),
          {1: "romania", 2: "belgium", 3: "slovakia", 4: "ukraine"}, "head-to-head block over all four, then re-applied (Romania over Belgium on head-to-head goals)")
    write("euro-2024-group-c", instance(
        "openfootball/euro.json 2024/euro.json (CC0), Group C; disciplinary points (Denmark 6, Slovenia 7, counting a team official's card) are inputs",
        worldcup_json("openfootball/euro.json/2024/euro.json", "Group C"), rules="uefa-euro-2024",
        discipline=[{"team": "denmark", "points": -6, "reason": "disciplinary points (input)"},
                    {"team": "slovenia", "points": -7, "reason": "disciplinary points incl. a team official's yellow card (input)"}]),
        {2: "denmark", 3: "slovenia"}, "disciplinary points")

    # Mid-season cuts with the rest of the season as remaining matches, for the best/worst-rank analysis.
    def cut(name, path, source, rules, played, clinch):
        data = load(path)
        results, remaining = [], []
        for match in data["matches"]:
            if not match.get("round", "").startswith(("Matchday", "League")):
                continue
            number = int(match["round"].split()[-1])
            home, away = slug(match["team1"]), slug(match["team2"])
            if number <= played:
                score = match["score"]["ft"]
                results.append((match["team1"], match["team2"], score[0], score[1], match.get("date")))
            else:
                remaining.append({"home": home, "away": away, "date": match.get("date")})
        body = instance(source, results, rules=rules, remaining=remaining, analysis={"positions": True, "clinch": clinch})
        os.makedirs(os.path.join(OUT, "analysis"), exist_ok=True)
        with open(os.path.join(OUT, "analysis", name + ".json"), "w", encoding="utf-8") as handle:
            json.dump(body, handle, ensure_ascii=False, indent=1)
            handle.write("\n")

    cut("premier-league-2011-12-after-28", "openfootball/football.json/2011-12/en.1.json",
        "openfootball/football.json 2011-12/en.1.json (CC0), matchdays 1-28 played, 29-38 remaining", "premier-league", 28, [1, 4, 17])
    cut("premier-league-2011-12-after-30", "openfootball/football.json/2011-12/en.1.json",
        "openfootball/football.json 2011-12/en.1.json (CC0), matchdays 1-30 played, 31-38 remaining", "premier-league", 30, [1, 4, 17])
    cut("ucl-2024-25-before-matchday-8", "openfootball/football.json/2024-25/uefa.cl.json",
        "openfootball/football.json 2024-25/uefa.cl.json (CC0), league phase matchdays 1-7 played, 8 remaining",
        "uefa-league-phase-2024", 7, [8, 24])

    with open(os.path.join(OUT, "expected.json"), "w", encoding="utf-8") as handle:
        json.dump(EXPECTED, handle, ensure_ascii=False, indent=1, sort_keys=True)
        handle.write("\n")
    print(f"wrote {len(EXPECTED)} instances to {OUT}")


if __name__ == "__main__":
    main()
