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
            "options": {"$ref": "#/$defs/options"},
            "source": {"type": "string", "description": "where the data comes from and which inputs are not in the match files"},
            "points": {
              "type": "object",
              "properties": {"win": {"type": "integer", "minimum": -1000, "maximum": 1000}, "draw": {"type": "integer", "minimum": -1000, "maximum": 1000}, "loss": {"type": "integer", "minimum": -1000, "maximum": 1000}}
            },
            "rules": {"enum": ["premier-league", "la-liga", "serie-a", "bundesliga", "uefa-group-2009", "uefa-group-2021", "uefa-euro-2024", "uefa-league-phase-2024", "fifa-world-cup-2018", "fifa-world-cup-2026"]},
            "tieBreakers": {"type": "array", "items": {"enum": ["points", "goalDifference", "goalsFor", "awayGoals", "wins", "awayWins", "headToHeadPoints", "headToHeadGoalDifference", "headToHeadGoalsFor", "headToHeadAwayGoals", "opponentsPoints", "opponentsGoalDifference", "opponentsGoalsFor", "discipline", "ranking", "playoff", "lots"]}},
            "headToHeadReapply": {"enum": ["none", "afterBlock", "immediately"]},
            "teams": {
              "type": "array", "minItems": 2,
              "items": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string", "minLength": 1}, "name": {"type": "string"}}}
            },
            "results": {
              "type": "array",
              "items": {
                "type": "object", "required": ["home", "away", "homeGoals", "awayGoals"],
                "properties": {
                  "home": {"type": "string"}, "away": {"type": "string"},
                  "homeGoals": {"type": "integer", "minimum": 0, "maximum": 1000}, "awayGoals": {"type": "integer", "minimum": 0, "maximum": 1000},
                  "date": {"type": "string"}
                }
              }
            },
            "remaining": {
              "type": "array",
              "items": {"type": "object", "required": ["home", "away"], "properties": {"home": {"type": "string"}, "away": {"type": "string"}, "date": {"type": "string"}}}
            },
            "adjustments": {
              "type": "array",
              "items": {"type": "object", "required": ["team", "points"], "properties": {"team": {"type": "string"}, "points": {"type": "integer", "minimum": -100000, "maximum": 100000}, "reason": {"type": "string"}}}
            },
            "discipline": {
              "type": "array",
              "items": {"type": "object", "required": ["team", "points"], "properties": {"team": {"type": "string"}, "points": {"type": "integer", "minimum": -100000, "maximum": 100000}, "reason": {"type": "string"}}}
            },
            "playoffs": {
              "type": "array",
              "items": {
                "type": "object", "required": ["teams", "winner"],
                "properties": {"teams": {"type": "array", "items": {"type": "string"}}, "winner": {"type": "string"}, "reason": {"type": "string"}}
              }
            },
            "lots": {"type": "array", "items": {"type": "string"}},
            "ranking": {"type": "array", "items": {"type": "string"}},
            "analysis": {
              "type": "object",
              "properties": {
                "positions": {"type": "boolean"},
                "clinch": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 1000}},
                "teams": {"type": "array", "items": {"type": "string"}}
              }
            }
          },
          "$defs": {
            "options": \#(InstanceOptions.jsonSchema)
          }
        }
        """#
}
