extension PitchesKind {
    /// The schema of one pitch (shared with `matchday`).
    static let pitchSchema = #"""
        {
          "type": "object", "required": ["id", "sizes"],
          "properties": {
            "id": {"type": "string", "minLength": 1},
            "name": {"type": "string"},
            "group": {"type": "string", "description": "field group, e.g. North or South"},
            "region": {"type": "string", "description": "a league's or federation's area, for split --by region"},
            "sizes": {"type": "array", "minItems": 1, "items": {"type": "string"}},
            "closed": {"type": "array", "items": {"$ref": "#/$defs/window"}},
            "maxPerDay": {"type": "integer", "minimum": 0, "maximum": 1000},
            "lat": {"type": "number", "minimum": -90, "maximum": 90},
            "lon": {"type": "number", "minimum": -180, "maximum": 180}
          }
        }
        """#

    /// The JSON Schema of a `pitches` instance.
    static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://touchline.invalid/schema/pitches.json",
          "title": "Touchline pitches instance",
          "type": "object",
          "required": ["problem", "pitches", "matches"],
          "properties": {
            "problem": {"const": "pitches"},
            "options": {"$ref": "#/$defs/options"},
            "pitches": {
              "type": "array", "minItems": 1,
              "items": \#(pitchSchema)
            },
            "matches": {
              "type": "array",
              "items": {
                "type": "object", "required": ["id", "start", "durationMinutes", "size"],
                "properties": {
                  \#(MatchDaySchema.matchOnAPitchProperties),
                  "pitch": {"type": ["string", "null"], "description": "a pinned pitch id"}
                }
              }
            },
            "rules": {
              "type": "object",
              "properties": {"bufferMinutes": {"type": "integer", "minimum": 0, "maximum": 1440}}
            },
            \#(MatchDaySchema.identityProperties),
            "previous": {
              "type": "object", "required": ["assignments"],
              "description": "the published plan, in the output's solution format",
              "properties": {
                "assignments": {"type": "object", "additionalProperties": {"type": "string"}},
                "unplaced": {"type": "array", "description": "as in the output; not used (the assignments are the plan)"},
                "usage": {"type": "object", "description": "as in the output; not used"}
              }
            }
          },
          "$defs": {
            "dateTime": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:00)?)?$", "examples": ["2026-11-21T14:25"]},
            "window": {
              "type": "object", "required": ["from", "to"],
              "properties": {"from": {"$ref": "#/$defs/dateTime"}, "to": {"$ref": "#/$defs/dateTime"}}
            },
            "options": \#(InstanceOptions.jsonSchema)
          }
        }
        """#
}
