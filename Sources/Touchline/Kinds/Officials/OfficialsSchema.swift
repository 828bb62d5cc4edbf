extension OfficialsKind {
    /// JSON Schema pieces shared with `matchday`.
    static let officialSchema = #"""
        {
          "type": "object", "required": ["id"],
          "properties": {
            "id": {"type": "string", "minLength": 1},
            "name": {"type": "string"},
            "level": {"type": "integer", "minimum": -1000, "maximum": 1000},
            "teams": {"type": "array", "items": {"type": "string"}, "description": "conflicts of interest"},
            "unavailable": {"type": "array", "items": {"$ref": "#/$defs/window"}},
            "maxPerDay": {"type": "integer", "minimum": 0, "maximum": 1000},
            "maxTotal": {"type": "integer", "minimum": 0, "maximum": 100000},
            "home": {
              "type": "object", "description": "where the official starts and ends each day (officials kind): lat and lon in degrees, or x and y in km on a plane",
              "properties": {
                "lat": {"type": "number", "minimum": -90, "maximum": 90},
                "lon": {"type": "number", "minimum": -180, "maximum": 180},
                "x": {"type": "number", "minimum": -100000, "maximum": 100000},
                "y": {"type": "number", "minimum": -100000, "maximum": 100000}
              }
            },
            "experience": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "added up over a crew against minExperience (officials kind)"},
            "avoid": {"type": "array", "items": {"type": "string"}, "description": "officials this one should not share a match with (officials kind)"},
            "groups": {"type": "array", "items": {"type": "string"}, "description": "the field groups (venues' group) the official works in, e.g. a league's regions (officials kind); absent: every group"}
          }
        }
        """#

    static let travelSchema = #"""
        {
          "type": "array",
          "items": {
            "type": "object", "required": ["from", "to", "minutes"],
            "properties": {"from": {"type": "string"}, "to": {"type": "string"}, "minutes": {"type": "integer", "minimum": 0, "maximum": 10080}}
          }
        }
        """#

    static let pinnedSchema = #"""
        {
          "type": "array",
          "items": {"type": "object", "required": ["match", "official"], "properties": {"match": {"type": "string"}, "official": {"type": "string"}}}
        }
        """#

    static let commonDefs = #"""
            "dateTime": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:00)?)?$", "examples": ["2026-11-21T14:25"]},
            "window": {
              "type": "object", "required": ["from", "to"],
              "properties": {"from": {"$ref": "#/$defs/dateTime"}, "to": {"$ref": "#/$defs/dateTime"}}
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
            "options": {"$ref": "#/$defs/options"},
            "venues": {
              "type": "array", "minItems": 1,
              "items": {
                "type": "object", "required": ["id"],
                "properties": {
                  "id": {"type": "string", "minLength": 1},
                  "name": {"type": "string"},
                  "group": {"type": "string"},
                  "region": {"type": "string", "description": "a league's or federation's area, for split --by region"},
                  "lat": {"type": "number", "minimum": -90, "maximum": 90},
                  "lon": {"type": "number", "minimum": -180, "maximum": 180},
                  "x": {"type": "number", "minimum": -100000, "maximum": 100000},
                  "y": {"type": "number", "minimum": -100000, "maximum": 100000}
                }
              }
            },
            "travelMinutes": \#(travelSchema),
            "distances": {
              "type": "array",
              "items": {
                "type": "object", "required": ["from", "to", "km"],
                "properties": {"from": {"type": "string"}, "to": {"type": "string"}, "km": {"type": "integer", "minimum": 0, "maximum": 1000000}}
              }
            },
            "matches": {
              "type": "array",
              "items": {
                "type": "object", "required": ["id", "start", "durationMinutes", "venue"],
                "properties": {
                  "id": {"type": "string", "minLength": 1},
                  "start": {"$ref": "#/$defs/dateTime"},
                  "durationMinutes": {"type": "integer", "minimum": 1, "maximum": 1440, "examples": [60]},
                  "venue": {"type": "string"},
                  "competition": {"type": "string"},
                  "teams": {"type": "array", "items": {"type": "string"}},
                  "officials": {"type": "integer", "minimum": 0, "maximum": 50},
                  "minLevel": {"type": "integer", "minimum": -1000, "maximum": 1000},
                  "maxOfficials": {"type": "integer", "minimum": 0, "maximum": 50, "description": "slots above officials are optional"},
                  "minExperience": {"type": "integer", "minimum": 0, "maximum": 50000}
                }
              }
            },
            "officials": {"type": "array", "items": \#(officialSchema)},
            "pinned": \#(pinnedSchema),
            "rules": {
              "type": "object",
              "properties": {
                "restMinutes": {"type": "integer", "minimum": 0, "maximum": 1440},
                "travelSpeedKmh": {"type": "number", "exclusiveMinimum": 0, "maximum": 1000},
                "avoidIsHard": {"type": "boolean"},
                "teamConflicts": {"enum": ["hard", "soft"]},
                "everySlot": {"type": "boolean"},
                "venueWindow": {"type": "integer", "minimum": 1, "maximum": 1000},
                "teamWindow": {"type": "integer", "minimum": 1, "maximum": 1000},
                "visitVenues": {"type": "array", "items": {"type": "string"}},
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
                "assignments": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
                "unfilled": {}, "load": {}, "travel": {}, "moves": {}
              }
            }
          },
          "$defs": {
        \#(commonDefs)
          }
        }
        """#
}
