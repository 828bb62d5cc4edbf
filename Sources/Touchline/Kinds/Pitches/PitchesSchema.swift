extension PitchesKind {
    /// The schema of one pitch (shared with `matchday`).
    static let pitchSchema = #"""
        {
          "type": "object", "required": ["id", "sizes"],
          "properties": {
            "id": {"type": "string", "minLength": 1, "description": "unique id, used by matches' preferred and pitch and by previous"},
            "name": {"type": "string", "description": "the name outputs show (absent: the id)"},
            "group": {"type": "string", "description": "field group, e.g. North or South"},
            "region": {"type": "string", "description": "a league's or federation's area, for split --by region"},
            "sizes": {"type": "array", "minItems": 1, "items": {"type": "string"}, "description": "the match sizes the pitch takes (a match goes only on a pitch of its size)"},
            "closed": {"type": "array", "items": {"$ref": "#/$defs/window"}, "description": "windows when no match may be on the pitch (a match overlapping one is not placed there)", "default": []},
            "maxPerDay": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "matches on this pitch per calendar day, at most (absent: no limit)"},
            "lat": {"type": "number", "minimum": -90, "maximum": 90, "description": "latitude in degrees, for calendars and travel by distance"},
            "lon": {"type": "number", "minimum": -180, "maximum": 180, "description": "longitude in degrees"}
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
            "options": \#(InstanceOptions.propertySchema),
            "pitches": {
              "description": "the pitches a match may be put on",
              "type": "array", "minItems": 1,
              "items": \#(pitchSchema)
            },
            "matches": {
              "description": "the matches to place",
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
              "description": "rules every plan keeps",
              "type": "object",
              "properties": {"bufferMinutes": {"type": "integer", "minimum": 0, "maximum": 1440, "description": "minutes between the end of a match and the start of the next on one pitch", "default": 0}}
            },
            \#(MatchDaySchema.identityProperties),
            "previous": {
              "type": "object", "required": ["assignments"],
              "description": "the published plan, in the output's solution format",
              "properties": {
                "assignments": {"type": "object", "additionalProperties": {"type": "string"}, "description": "the published plan: match id to pitch id; re-solving keeps as much of it as it can"},
                "unplaced": {"type": "array", "description": "as in the output; not used (the assignments are the plan)"},
                "usage": {"type": "object", "description": "as in the output; not used"}
              }
            }
          },
          "$defs": {
            "dateTime": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:00)?)?$", "examples": ["2026-11-21T14:25"]},
            "window": {
              "type": "object", "required": ["from", "to"],
              "properties": {"from": {"$ref": "#/$defs/dateTime", "description": "the start of the window, local wall-clock time YYYY-MM-DDTHH:MM"}, "to": {"$ref": "#/$defs/dateTime", "description": "the end of the window (exclusive)"}}
            },
            "options": \#(InstanceOptions.jsonSchema)
          }
        }
        """#
}
