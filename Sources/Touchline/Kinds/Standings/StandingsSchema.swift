extension StandingsKind {
    /// The JSON Schema of a `standings` instance.
    static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://touchline.invalid/schema/standings.json",
          "title": "Touchline standings instance",
          "type": "object",
          "required": ["problem", "teams", "results"],
          "properties": {
            "problem": {"const": "standings"},
            "options": \#(InstanceOptions.propertySchema),
            "source": {"type": "string", "description": "where the data comes from and which inputs are not in the match files"},
            "points": {
              "description": "points for a win, a draw and a loss",
              "default": {"win": \#(PointsSystem.defaultWin), "draw": \#(PointsSystem.defaultDraw), "loss": \#(PointsSystem.defaultLoss)},
              "type": "object",
              "properties": {"win": {"type": "integer", "minimum": -1000, "maximum": 1000, "description": "points for a win", "default": \#(PointsSystem.defaultWin)}, "draw": {"type": "integer", "minimum": -1000, "maximum": 1000, "description": "points for a draw", "default": \#(PointsSystem.defaultDraw)}, "loss": {"type": "integer", "minimum": -1000, "maximum": 1000, "description": "points for a loss", "default": \#(PointsSystem.defaultLoss)}}
            },
            "rules": {"enum": ["premier-league", "la-liga", "serie-a", "bundesliga", "uefa-group-2009", "uefa-group-2021", "uefa-euro-2024", "uefa-league-phase-2024", "fifa-world-cup-2018", "fifa-world-cup-2026"], "description": "a preset tie-break chain; absent with no tieBreakers: points, goal difference, goals scored"},
            "tieBreakers": {"type": "array", "items": {"enum": ["points", "goalDifference", "goalsFor", "awayGoals", "wins", "awayWins", "headToHeadPoints", "headToHeadGoalDifference", "headToHeadGoalsFor", "headToHeadAwayGoals", "opponentsPoints", "opponentsGoalDifference", "opponentsGoalsFor", "discipline", "ranking", "playoff", "lots"]}, "description": "an explicit chain of criterion codes, in order; wins over rules"},
            "headToHeadReapply": {"enum": ["none", "afterBlock", "immediately"], "description": "when head-to-head criteria restart among teams still tied: none, afterBlock or immediately (absent: the preset's, else \"none\")"},
            "teams": {
              "description": "every team of the league or group",
              "type": "array", "minItems": 2,
              "items": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string", "minLength": 1, "description": "unique id, used by results and the rest"}, "name": {"type": "string", "description": "the name outputs show (absent: the id)"}}}
            },
            "results": {
              "description": "the matches played",
              "type": "array",
              "items": {
                "type": "object", "required": ["home", "away", "homeGoals", "awayGoals"],
                "properties": {
                  "home": {"type": "string", "description": "the home team's id"}, "away": {"type": "string", "description": "the away team's id"},
                  "homeGoals": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "goals of the home team"}, "awayGoals": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "goals of the away team"},
                  "date": {"type": "string", "description": "the date, YYYY-MM-DD (optional)"}
                }
              }
            },
            "remaining": {
              "description": "matches still to play, for the best and worst final ranks",
              "default": [],
              "type": "array",
              "items": {"type": "object", "required": ["home", "away"], "properties": {"home": {"type": "string", "description": "the home team's id"}, "away": {"type": "string", "description": "the away team's id"}, "date": {"type": "string", "description": "the date, YYYY-MM-DD (optional)"}}}
            },
            "adjustments": {
              "description": "points added or deducted by the league",
              "default": [],
              "type": "array",
              "items": {"type": "object", "required": ["team", "points"], "properties": {"team": {"type": "string", "description": "the team's id"}, "points": {"type": "integer", "minimum": -100000, "maximum": 100000, "description": "points added (negative: deducted)"}, "reason": {"type": "string", "description": "why, shown in outputs"}}}
            },
            "discipline": {
              "description": "fair-play or disciplinary points, for the criterion that reads them",
              "default": [],
              "type": "array",
              "items": {"type": "object", "required": ["team", "points"], "properties": {"team": {"type": "string", "description": "the team's id"}, "points": {"type": "integer", "minimum": -100000, "maximum": 100000, "description": "the team's disciplinary points"}, "reason": {"type": "string", "description": "why, shown in outputs"}}}
            },
            "playoffs": {
              "description": "play-offs that decided ties, for the play-off criterion",
              "default": [],
              "type": "array",
              "items": {
                "type": "object", "required": ["teams", "winner"],
                "properties": {"teams": {"type": "array", "items": {"type": "string"}, "description": "the teams that played it"}, "winner": {"type": "string", "description": "the winner's id"}, "reason": {"type": "string", "description": "what it decided, shown in outputs"}}
              }
            },
            "lots": {"type": "array", "items": {"type": "string"}, "description": "team ids in the order drawing of lots put them, for the lots criterion", "default": []},
            "ranking": {"type": "array", "items": {"type": "string"}, "description": "team ids in the order of an outside ranking (a coefficient), for the ranking criterion", "default": []},
            "analysis": {
              "description": "questions about the final ranks, answered by integer programming over the remaining matches",
              "type": "object",
              "properties": {
                "positions": {"type": "boolean", "description": "every team's best and worst possible final rank on points", "default": false},
                "clinch": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 1000}, "description": "places k: for each team, is a top-k finish clinched, still open or out of reach", "default": []},
                "teams": {"type": "array", "items": {"type": "string"}, "description": "the teams to answer for (absent: every team)"}
              }
            }
          },
          "$defs": {
            "options": \#(InstanceOptions.jsonSchema)
          }
        }
        """#
}
