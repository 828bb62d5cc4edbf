extension OfficialsKind {
    /// JSON Schema pieces shared with `matchday`.
    static let officialSchema = #"""
        {
          "type": "object", "required": ["id"],
          "properties": {
            "id": {"type": "string", "minLength": 1, "description": "unique id"},
            "name": {"type": "string", "description": "the name outputs show (absent: the id)"},
            "level": {"type": "integer", "minimum": -1000, "maximum": 1000, "description": "the official's level, compared with matches' minLevel", "default": 0},
            "teams": {"type": "array", "items": {"type": "string"}, "description": "conflicts of interest", "default": []},
            "unavailable": {"type": "array", "items": {"$ref": "#/$defs/window"}, "description": "windows when the official cannot work (a match overlapping one is not theirs)", "default": []},
            "maxPerDay": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "matches per calendar day of the start, at most (absent: no limit)"},
            "maxTotal": {"type": "integer", "minimum": 0, "maximum": 100000, "description": "matches in the whole instance, at most (absent: no limit)"},
            "home": {
              "type": "object", "description": "where the official starts and ends each day (officials kind): lat and lon in degrees, or x and y in km on a plane",
              "properties": {
                "lat": {"type": "number", "minimum": -90, "maximum": 90, "description": "latitude of the official's home in degrees"},
                "lon": {"type": "number", "minimum": -180, "maximum": 180, "description": "longitude in degrees"},
                "x": {"type": "number", "minimum": -100000, "maximum": 100000, "description": "planar east coordinate of the home in km"},
                "y": {"type": "number", "minimum": -100000, "maximum": 100000, "description": "planar north coordinate in km"}
              }
            },
            "experience": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "added up over a crew against minExperience (officials kind)"},
            "avoid": {"type": "array", "items": {"type": "string"}, "description": "officials this one should not share a match with (officials kind)"},
            "groups": {"type": "array", "items": {"type": "string"}, "description": "the field groups (venues' group) the official works in, e.g. a league's regions (officials kind); absent: every group"}
          }
        }
        """#

    /// `travelMinutes`, whose ends are `places` (venues for officials, pitches for matchday) or field groups.
    static func travelSchema(places: String) -> String {
        #"""
        {
          "description": "travel minutes between two venues or field groups, either way",
          "default": [],
          "type": "array",
          "items": {
            "type": "object", "required": ["from", "to", "minutes"],
            "properties": {"from": {"type": "string", "description": "a \#(places) or field group id"}, "to": {"type": "string", "description": "a \#(places) or field group id"}, "minutes": {"type": "integer", "minimum": 0, "maximum": 10080, "description": "minutes from one to the other"}}
          }
        }
        """#
    }

    /// A match's `officials` (shared with `matchday`).
    static let matchOfficialsSchema = #"""
        {"type": "integer", "minimum": 0, "maximum": 50, "default": \#(OfficialsMatch.defaultOfficials),
         "description": "officials the match needs (filled is an objective level; too few officials leaves slots unfilled, never infeasible)"}
        """#

    static let pinnedSchema = #"""
        {
          "description": "official-to-match assignments every plan keeps (one that breaks a rule makes the instance infeasible)",
          "default": [],
          "type": "array",
          "items": {"type": "object", "required": ["match", "official"], "properties": {"match": {"type": "string", "description": "the match's id"}, "official": {"type": "string", "description": "the official's id"}}}
        }
        """#

    static let commonDefs = #"""
            "dateTime": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:00)?)?$", "examples": ["2026-11-21T14:25"]},
            "window": {
              "type": "object", "required": ["from", "to"],
              "properties": {"from": {"$ref": "#/$defs/dateTime", "description": "the start of the window, local wall-clock time YYYY-MM-DDTHH:MM"}, "to": {"$ref": "#/$defs/dateTime", "description": "the end of the window (exclusive)"}}
            },
            "options": \#(InstanceOptions.jsonSchema)
        """#

    /// The JSON Schema of an `officials` instance.
    static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://touchline.invalid/schema/officials.json",
          "title": "Touchline officials instance",
          "type": "object",
          "required": ["problem", "venues", "matches", "officials"],
          "properties": {
            "problem": {"const": "officials"},
            "source": {"type": "string", "description": "where the data comes from"},
            "options": \#(InstanceOptions.propertySchema),
            "venues": {
              "description": "where matches are played",
              "type": "array", "minItems": 1,
              "items": {
                "type": "object", "required": ["id"],
                "properties": {
                  "id": {"type": "string", "minLength": 1, "description": "unique id, used by matches' venue"},
                  "name": {"type": "string", "description": "the name outputs show (absent: the id)"},
                  "group": {"type": "string", "description": "the field group the venue is in: travel between groups takes travelMinutes", "default": ""},
                  "region": {"type": "string", "description": "a league's or federation's area, for split --by region"},
                  "lat": {"type": "number", "minimum": -90, "maximum": 90, "description": "latitude in degrees, for travel by great-circle distance at travelSpeedKmh"},
                  "lon": {"type": "number", "minimum": -180, "maximum": 180, "description": "longitude in degrees"},
                  "x": {"type": "number", "minimum": -100000, "maximum": 100000, "description": "planar east coordinate in km (a league's kilometre objective), with y"},
                  "y": {"type": "number", "minimum": -100000, "maximum": 100000, "description": "planar north coordinate in km"}
                }
              }
            },
            "travelMinutes": \#(travelSchema(places: "venue")),
            "distances": {
              "description": "km between two venues, either way, for tourKm (a pair not listed: the venues' points)",
              "default": [],
              "type": "array",
              "items": {
                "type": "object", "required": ["from", "to", "km"],
                "properties": {"from": {"type": "string", "description": "a venue id"}, "to": {"type": "string", "description": "a venue id"}, "km": {"type": "integer", "minimum": 0, "maximum": 1000000, "description": "whole km from one to the other"}}
              }
            },
            "matches": {
              "description": "the matches to staff",
              "type": "array",
              "items": {
                "type": "object", "required": ["id", "start", "durationMinutes", "venue"],
                "properties": {
                  "id": {"type": "string", "minLength": 1, "description": "unique id"},
                  "start": {"$ref": "#/$defs/dateTime", "description": "kick-off, local wall-clock time YYYY-MM-DDTHH:MM"},
                  "durationMinutes": {"type": "integer", "minimum": 1, "maximum": 1440, "examples": [60], "description": "minutes the officials are busy"},
                  "venue": {"type": "string", "description": "the venue's id"},
                  "competition": {"type": "string", "description": "the competition, shown in outputs"},
                  "teams": {"type": "array", "items": {"type": "string"}, "description": "the teams' ids: an official attached to one never takes the match (rules.teamConflicts)", "default": []},
                  "officials": \#(matchOfficialsSchema),
                  "minLevel": {"type": "integer", "minimum": -1000, "maximum": 1000, "description": "the lowest level an official of this match must have", "default": 0},
                  "maxOfficials": {"type": "integer", "minimum": 0, "maximum": 50, "description": "slots above officials are optional"},
                  "minExperience": {"type": "integer", "minimum": 0, "maximum": 50000, "description": "experience the crew adds up to at least, else a cost (officials kind's league objective)"}
                }
              }
            },
            "officials": {"type": "array", "items": \#(officialSchema), "description": "the officials who may be assigned"},
            "pinned": \#(pinnedSchema),
            "rules": {
              "description": "rules every plan keeps",
              "type": "object",
              "properties": {
                "restMinutes": {"type": "integer", "minimum": 0, "maximum": 1440, "description": "minutes between the end of an official's match and the start of their next", "default": 0},
                "travelSpeedKmh": {"type": "number", "exclusiveMinimum": 0, "maximum": 1000, "description": "speed of travel between venues with coordinates and no travelMinutes entry", "default": \#(Int(OfficialsRules.defaultTravelSpeedKmh))},
                "avoidIsHard": {"type": "boolean", "description": "officials' avoid as a hard rule instead of a cost", "default": false},
                "teamConflicts": {"enum": ["hard", "soft"], "description": "an official attached to a team: never on its matches (hard) or a cost (soft)", "default": "\#(OfficialsRules.defaultTeamConflicts.rawValue)"},
                "everySlot": {"type": "boolean", "description": "season tours: every official works exactly one match in every slot (the matches of one start); the objective is then tourKm", "default": false},
                "venueWindow": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "with everySlot: an official is at one venue at most once in any this many consecutive slots (the TUP's q1)", "default": \#(OfficialsRules.defaultVenueWindow)},
                "teamWindow": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "with everySlot: an official sees one team at most once in any this many consecutive slots (the TUP's q2)", "default": \#(OfficialsRules.defaultTeamWindow)},
                "visitVenues": {"type": "array", "items": {"type": "string"}, "description": "with everySlot: venues every official works at least once", "default": []},
                "objective": {
                  "description": "levels optimised lexicographically, each a map from term to weight (negative: maximise), or a preset",
                  "oneOf": [
                    {"enum": ["udine", "default"]},
                    {"type": "array", "minItems": 1, "items": {
                      "type": "object", "minProperties": 1,
                      "propertyNames": {"enum": ["filled", "changes", "maxLoad", "travel", "repeatPairings", "distanceKm", "optionalUnfilled", "lowExperience", "crewConflicts", "teamConflicts", "loadDeviation", "teamFrequency", "tourKm"]},
                      "additionalProperties": {"type": "integer", "minimum": -1000000, "maximum": 1000000}
                    }}
                  ]
                }
              }
            },
            \#(MatchDaySchema.identityProperties),
            "previous": {
              "type": "object", "required": ["assignments"],
              "description": "the published plan, in the output's solution format",
              "properties": {
                "assignments": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}, "description": "the published plan: match id to its officials' ids; re-solving keeps as many pairs as it can"},
                "unfilled": {"description": "as in the output; read and ignored"}, "load": {"description": "as in the output; read and ignored"}, "travel": {"description": "as in the output; read and ignored"}, "moves": {"description": "as in the output; read and ignored"},
                "distanceKm": {"description": "as in the output; read and ignored"}, "routes": {"description": "as in the output; read and ignored"}, "tourKm": {"description": "as in the output; read and ignored"}
              }
            }
          },
          "$defs": {
        \#(commonDefs)
          }
        }
        """#
}
