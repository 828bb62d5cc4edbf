extension LineupKind {
    /// The JSON Schema of a `lineup` instance.
    static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://touchline.invalid/schema/lineup.json",
          "title": "Touchline lineup instance",
          "description": "A lineup problem. The result's status is optimal (proven), feasible (a legal plan, not proven optimal), infeasible (proven impossible: by counting before any solve or by the solver; reason names the colliding rules), unknown (no legal plan found within the limit and nothing proven; exit code 3) or invalid. With infeasible and unknown the solution is a best-effort plan whose brokenRules lists every rule it breaks.",
          "type": "object",
          "required": ["problem", "formation", "players"],
          "anyOf": [{"required": ["match"]}, {"required": ["matches"]}],
          "properties": {
            "problem": {"const": "lineup"},
            "options": \#(InstanceOptions.propertySchema),
            "match": {
              "description": "the match: periods, their minutes, overtime and the substitution windows (this or matches is required)",
              "type": "object", "required": ["periods", "periodMinutes"],
              "properties": {
                "periods": {"type": "integer", "minimum": 1, "maximum": 4, "examples": [2], "description": "regulation periods (2 halves, 4 quarters)"},
                "periodMinutes": {"type": "integer", "minimum": 1, "maximum": 120, "examples": [25], "description": "minutes of each regulation period"},
                "overtime": {
                  "description": "overtime periods after regulation (their minutes count for spread, not for minShare)",
                  "type": "object", "required": ["periods", "periodMinutes"],
                  "properties": {
                    "periods": {"type": "integer", "minimum": 1, "maximum": 4, "examples": [2], "description": "overtime periods"},
                    "periodMinutes": {"type": "integer", "minimum": 1, "maximum": 60, "description": "minutes of each overtime period"}
                  }
                },
                "substitutions": {
                  "type": "object",
                  "description": "windows: every n minutes from each period's start, or at match-clock minutes; period starts always",
                  "properties": {
                    "everyMinutes": {"type": "integer", "minimum": 1, "maximum": 720, "description": "a window every so many minutes from each period's start"},
                    "atMinutes": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 720}, "description": "windows at these match-clock minutes (instead of everyMinutes)"}
                  }
                }
              }
            },
            "matches": {
              "description": "a tournament day instead of match: its games in order, one rotation each; spread and minShare count the day's minutes, every other rule holds in each match",
              "type": "array", "minItems": 1, "maxItems": 8,
              "items": {
                "type": "object", "required": ["periods", "periodMinutes"],
                "properties": {
                  "name": {"type": "string", "description": "how the plan calls the match (absent: Match 1, Match 2, ...)"},
                  "periods": {"type": "integer", "minimum": 1, "maximum": 4, "examples": [2], "description": "regulation periods of this match"},
                  "periodMinutes": {"type": "integer", "minimum": 1, "maximum": 120, "examples": [10], "description": "minutes of each regulation period"},
                  "overtime": {
                    "description": "overtime periods after regulation",
                    "type": "object", "required": ["periods", "periodMinutes"],
                    "properties": {
                      "periods": {"type": "integer", "minimum": 1, "maximum": 4, "description": "overtime periods"},
                      "periodMinutes": {"type": "integer", "minimum": 1, "maximum": 60, "description": "minutes of each overtime period"}
                    }
                  },
                  "substitutions": {
                    "type": "object",
                    "description": "this match's windows, as match.substitutions",
                    "properties": {
                      "everyMinutes": {"type": "integer", "minimum": 1, "maximum": 720, "description": "a window every so many minutes from each period's start"},
                      "atMinutes": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 720}, "description": "windows at these minutes of this match's clock"}
                    }
                  },
                  "formation": {
                    "type": "object", "description": "this match's formation (absent: the instance's formation)",
                    "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 11}
                  },
                  "status": {
                    "type": "object", "description": "player id to this match's status (absent: the player's status)",
                    "additionalProperties": {"enum": ["available", "injured", "unavailable"]}
                  },
                  "arrivesAt": {
                    "type": "object", "description": "player id to the minute of this match's clock the player arrives (absent: kick-off; players[].arrivesAt counts in the first match only)",
                    "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 720}
                  }
                }
              }
            },
            "formation": {
              "type": "object", "description": "on-field players per position code (GK, DEF, MID, FWD or others)",
              "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 11}
            },
            "players": {
              "description": "the squad: every player appears in the plan, available or not",
              "type": "array", "minItems": 1, "maxItems": 60,
              "items": {
                "type": "object", "required": ["id", "positions"],
                "properties": {
                  "id": {"type": "string", "minLength": 1, "description": "unique id"},
                  "name": {"type": "string", "description": "the name outputs show (absent: the id)"},
                  "number": {"type": "integer", "minimum": 0, "maximum": 999999, "description": "shirt number, shown in outputs"},
                  "positions": {"type": "array", "minItems": 1, "items": {"type": "string"}, "description": "preferred first"},
                  "status": {"enum": ["available", "injured", "unavailable"], "description": "injured and unavailable players never play", "default": "\#(LineupPlayer.defaultStatus.rawValue)"},
                  "seasonMinutes": {"type": "integer", "minimum": 0, "maximum": 1000000, "description": "minutes played this season so far, balanced with rules.seasonBalance", "default": 0},
                  "minMinutes": {"type": "integer", "minimum": 0, "maximum": 720, "description": "minutes the player plays at least over the whole match (absent: none)"},
                  "maxMinutes": {"type": "integer", "minimum": 0, "maximum": 100000, "description": "minutes the player plays at most over the whole match (absent: no limit)"},
                  "arrivesAt": {"type": "integer", "minimum": 0, "maximum": 720, "description": "match-clock minute the player arrives; plays only segments starting then or later", "default": 0},
                  "mustPlay": {"type": "array", "items": {"type": "string"}, "default": [], "description": "position codes of their own the player plays at least one segment at (or already has, by state.positionsPlayed)"},
                  "onePosition": {"type": "boolean", "default": false, "description": "the player never changes position within the match (the one held before a re-plan included)"},
                  "rating": {"type": "number", "minimum": 0, "maximum": 1000000, "description": "the coach's rating of the player, read by rules.strength (absent: none; every available player needs one under rules.strength)"}
                }
              }
            },
            "rules": {
              "description": "rules every plan keeps, and the mode",
              "type": "object",
              "properties": {
                "mode": {"enum": ["balanced", "turnBased", "preMarked", "colourGroups"], "default": "\#(LineupRules.defaultMode.rawValue)",
                         "description": "how changes are made: any change at any window, a queue, marked periods, or colour groups"},
                "minShare": {"type": "number", "minimum": 0, "maximum": 1, "default": 0,
                             "description": "every available player plays at least this share of the regulation minutes they are there for"},
                "maxConsecutiveBench": {"type": "integer", "minimum": 0, "maximum": 720,
                                        "description": "segments in a row on the bench while present, at most (absent: no limit)"},
                "keeperFullPeriods": {"type": "boolean", "default": false,
                                      "description": "the goalkeeper changes only at period starts"},
                "maxChangesPerWindow": {"type": "integer", "minimum": 0, "maximum": 60,
                                        "description": "players coming on at one window after kick-off, at most (absent: no limit)"},
                "minStint": {"type": "integer", "minimum": 1, "maximum": 720, "default": \#(LineupRules.defaultMinStint),
                             "description": "segments on after coming on, starters too (cut short only by the end)"},
                "seasonBalance": {"type": "boolean", "default": false,
                                  "description": "balance season minutes plus this match's instead of this match alone"},
                "apart": {"type": "array", "default": [],
                          "items": {"type": "array", "minItems": 2, "maxItems": 60, "items": {"type": "string"}},
                          "description": "groups of player ids never all on the bench at once: in every segment in which one of a group is there (available and arrived), at least one of the group plays"},
                "together": {"type": "array", "default": [],
                             "items": {"type": "array", "minItems": 2, "maxItems": 60, "items": {"type": "string"}},
                             "description": "groups of player ids on the field in exactly the same segments (on and off together)"},
                "keeperMaxShare": {"type": "number", "minimum": 0, "maximum": 1,
                                   "description": "a player keeps goal at most this share of the regulation minutes (absent: no limit)"},
                "keeperMinOutfieldMinutes": {"type": "integer", "minimum": 0, "maximum": 720, "default": 0,
                                             "description": "a player who keeps goal at all also plays at least this many minutes outfield"},
                "keeperTurns": {"type": "boolean", "default": false,
                                "description": "every available player who lists GK and is there keeps goal at least one segment"},
                "minPositions": {"type": "integer", "minimum": 1, "maximum": 11,
                                 "description": "every player who plays at least two segments outfield plays at least this many different outfield positions of their own (all of them when they list fewer; absent: no minimum)"},
                "maxStintMinutes": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 720},
                                    "description": "position code to the most minutes a player plays in a row at it (a run ends on the bench, at another position or at a period's start)", "default": {}},
                "strength": {"description": "strength on the field by players[].rating: {\"minShare\": s} holds every segment's on-field rating sum to at least s times the sum of the highest ratings of as many players present in that segment as the formation puts on the field; \"balanced\" (or {\"balanced\": true}, with or without minShare) adds the objective level strengthGap right after spread: the largest difference between the on-field rating sums of two planned segments, in the ratings' units (ratings of at most three decimals); absent: no effect, and the objective keeps its three levels",
                             "oneOf": [
                               {"enum": ["balanced"]},
                               {"type": "object", "anyOf": [{"required": ["minShare"]}, {"required": ["balanced"]}], "properties": {
                                 "minShare": {"type": "number", "minimum": 0, "maximum": 1, "description": "the share of the strongest field present that every segment's field keeps"},
                                 "balanced": {"type": "boolean", "default": false, "description": "the objective level strengthGap, right after spread"}}}
                             ]}
              }
            },
            "locks": {
              "description": "a player held on or off the field, or in a position, over the segments overlapping [from, to)",
              "default": [],
              "type": "array",
              "items": {
                "type": "object", "required": ["player", "from", "to"],
                "properties": {
                  "player": {"type": "string", "description": "the player's id"},
                  "from": {"type": "integer", "minimum": 0, "maximum": 720, "description": "match-clock minute the lock starts"},
                  "to": {"type": "integer", "minimum": 0, "maximum": 720, "description": "match-clock minute the lock ends (exclusive)"},
                  "position": {"type": "string", "description": "the position the player holds (implies on the field)"},
                  "onField": {"type": "boolean", "default": \#(LineupLock.defaultOnField), "description": "true: on the field; false: on the bench"},
                  "match": {"type": "integer", "minimum": 1, "maximum": 8, "description": "on a tournament day (matches): the match the lock is in, 1 for the first; from and to are its clock"}
                }
              }
            },
            "turnBased": {
              "description": "turn-based mode: the bench queue",
              "type": "object",
              "properties": {
                "queue": {"type": "array", "items": {"type": "string"}, "description": "players who start on the bench, front of the queue first", "default": []},
                "changesPerWindow": {"type": "integer", "minimum": 0, "maximum": 60, "description": "players coming on at every window after kick-off (absent: one number the solver picks)"}
              }
            },
            "preMarked": {
              "description": "pre-marked mode: who plays each whole period",
              "type": "object", "required": ["periods"],
              "properties": {
                "periods": {
                  "description": "periods with marked players",
                  "default": [],
                  "type": "array",
                  "items": {
                    "type": "object", "required": ["period", "active"],
                    "properties": {
                      "period": {"type": "integer", "minimum": 1, "maximum": 8, "description": "the period, 1 for the first"},
                      "active": {"type": "array", "items": {"type": "string"}, "description": "players who play all of that period"},
                      "match": {"type": "integer", "minimum": 1, "maximum": 8, "description": "on a tournament day (matches): the match the period is in, 1 for the first"}
                    }
                  }
                }
              }
            },
            "colourGroups": {
              "description": "colour-group mode: groups that come on and off together",
              "type": "object", "required": ["colours"],
              "properties": {
                "colours": {"type": "array", "minItems": 1, "maxItems": 8, "items": {"type": "string"}, "description": "the colours, every one used"},
                "assignment": {"type": "object", "additionalProperties": {"type": "string"}, "description": "player id to colour, fixed; the others are chosen by the solver", "default": {}}
              }
            },
            "state": {
              "description": "a match in progress: only the rest is planned (on a tournament day, the rest of the match in play and the matches after it)",
              "type": "object", "required": ["minute", "onField"],
              "properties": {
                "minute": {"type": "integer", "minimum": 1, "maximum": 720, "description": "the match-clock minute now: the first window of the re-plan"},
                "onField": {"type": "object", "additionalProperties": {"type": "string"}, "description": "player id to the position they hold now"},
                "minutesPlayed": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 720}, "description": "player id to minutes played so far; count toward every minute rule", "default": {}},
                "keeperMinutes": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 720}, "description": "player id to minutes kept in goal so far (part of minutesPlayed); count toward the keeper rules", "default": {}},
                "positionsPlayed": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}, "description": "player id to the positions played so far (with their place in onField); count toward mustPlay, onePosition and minPositions", "default": {}},
                "stintMinutes": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 720}, "description": "player id to the minutes they have held their onField position without a break up to minute; count toward maxStintMinutes", "default": {}},
                "match": {"type": "integer", "minimum": 1, "maximum": 8, "description": "a tournament day only, and required there: the match in play (from 1); the matches before it are played, and the plan covers this match from minute and the matches after it"},
                "dayMinutesPlayed": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 5760}, "description": "a tournament day only: player id to minutes played in the day's matches before match; count toward the day's spread and minShare", "default": {}}
              }
            }
          },
          "$defs": {
            "options": \#(InstanceOptions.jsonSchema)
          }
        }
        """#
}
