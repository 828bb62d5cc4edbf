extension LineupKind {
    /// The JSON Schema of a `lineup` instance.
    static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://touchline.invalid/schema/lineup.json",
          "title": "Touchline lineup instance",
          "description": "A lineup problem. The result's status is optimal (proven), feasible (a legal plan, not proven optimal), infeasible (proven impossible: by counting before any solve or by the solver; reason names the colliding rules), unknown (no legal plan found within the limit and nothing proven; exit code 3) or invalid. With infeasible and unknown the solution is a best-effort plan whose brokenRules lists every rule it breaks.",
          "type": "object",
          "required": ["problem", "match", "formation", "players"],
          "properties": {
            "problem": {"const": "lineup"},
            "options": {"$ref": "#/$defs/options"},
            "match": {
              "type": "object", "required": ["periods", "periodMinutes"],
              "properties": {
                "periods": {"type": "integer", "minimum": 1, "maximum": 4, "examples": [2]},
                "periodMinutes": {"type": "integer", "minimum": 1, "maximum": 120, "examples": [25]},
                "overtime": {
                  "type": "object", "required": ["periods", "periodMinutes"],
                  "properties": {
                    "periods": {"type": "integer", "minimum": 1, "maximum": 4, "examples": [2]},
                    "periodMinutes": {"type": "integer", "minimum": 1, "maximum": 60}
                  }
                },
                "substitutions": {
                  "type": "object",
                  "description": "windows: every n minutes from each period's start, or at match-clock minutes; period starts always",
                  "properties": {
                    "everyMinutes": {"type": "integer", "minimum": 1, "maximum": 720},
                    "atMinutes": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 720}}
                  }
                }
              }
            },
            "formation": {
              "type": "object", "description": "on-field players per position code (GK, DEF, MID, FWD or others)",
              "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 11}
            },
            "players": {
              "type": "array", "minItems": 1, "maxItems": 60,
              "items": {
                "type": "object", "required": ["id", "positions"],
                "properties": {
                  "id": {"type": "string", "minLength": 1},
                  "name": {"type": "string"},
                  "number": {"type": "integer", "minimum": 0, "maximum": 999999},
                  "positions": {"type": "array", "minItems": 1, "items": {"type": "string"}, "description": "preferred first"},
                  "status": {"enum": ["available", "injured", "unavailable"]},
                  "seasonMinutes": {"type": "integer", "minimum": 0, "maximum": 1000000},
                  "minMinutes": {"type": "integer", "minimum": 0, "maximum": 720},
                  "maxMinutes": {"type": "integer", "minimum": 0, "maximum": 100000},
                  "arrivesAt": {"type": "integer", "minimum": 0, "maximum": 720}
                }
              }
            },
            "rules": {
              "type": "object",
              "properties": {
                "mode": {"enum": ["balanced", "turnBased", "preMarked", "colourGroups"], "default": "balanced",
                         "description": "how changes are made: any change at any window, a queue, marked periods, or colour groups"},
                "minShare": {"type": "number", "minimum": 0, "maximum": 1, "default": 0,
                             "description": "every available player plays at least this share of the regulation minutes they are there for"},
                "maxConsecutiveBench": {"type": "integer", "minimum": 0, "maximum": 720,
                                        "description": "segments in a row on the bench while present, at most (absent: no limit)"},
                "keeperFullPeriods": {"type": "boolean", "default": false,
                                      "description": "the goalkeeper changes only at period starts"},
                "maxChangesPerWindow": {"type": "integer", "minimum": 0, "maximum": 60,
                                        "description": "players coming on at one window after kick-off, at most (absent: no limit)"},
                "minStint": {"type": "integer", "minimum": 1, "maximum": 720, "default": 1,
                             "description": "segments on after coming on, starters too (cut short only by the end)"},
                "seasonBalance": {"type": "boolean", "default": false,
                                  "description": "balance season minutes plus this match's instead of this match alone"}
              }
            },
            "locks": {
              "type": "array",
              "items": {
                "type": "object", "required": ["player", "from", "to"],
                "properties": {
                  "player": {"type": "string"},
                  "from": {"type": "integer", "minimum": 0, "maximum": 720},
                  "to": {"type": "integer", "minimum": 0, "maximum": 720},
                  "position": {"type": "string"},
                  "onField": {"type": "boolean", "default": true}
                }
              }
            },
            "turnBased": {
              "type": "object",
              "properties": {
                "queue": {"type": "array", "items": {"type": "string"}},
                "changesPerWindow": {"type": "integer", "minimum": 0, "maximum": 60}
              }
            },
            "preMarked": {
              "type": "object", "required": ["periods"],
              "properties": {
                "periods": {
                  "type": "array",
                  "items": {
                    "type": "object", "required": ["period", "active"],
                    "properties": {
                      "period": {"type": "integer", "minimum": 1, "maximum": 8},
                      "active": {"type": "array", "items": {"type": "string"}}
                    }
                  }
                }
              }
            },
            "colourGroups": {
              "type": "object", "required": ["colours"],
              "properties": {
                "colours": {"type": "array", "minItems": 1, "maxItems": 8, "items": {"type": "string"}},
                "assignment": {"type": "object", "additionalProperties": {"type": "string"}}
              }
            },
            "state": {
              "type": "object", "required": ["minute", "onField"],
              "properties": {
                "minute": {"type": "integer", "minimum": 1, "maximum": 720},
                "onField": {"type": "object", "additionalProperties": {"type": "string"}},
                "minutesPlayed": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 720}}
              }
            }
          },
          "$defs": {
            "options": \#(InstanceOptions.jsonSchema)
          }
        }
        """#
}
