extension MatchdayKind {
    /// The JSON Schema of a `matchday` instance.
    static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://touchline.invalid/schema/matchday.json",
          "title": "Touchline matchday instance",
          "type": "object",
          "required": ["problem", "pitches", "matches", "officials"],
          "properties": {
            "problem": {"const": "matchday"},
            "source": {"type": "string"},
            "options": {"$ref": "#/$defs/options"},
            "pitches": {
              "type": "array", "minItems": 1,
              "items": \#(PitchesKind.pitchSchema)
            },
            "travelMinutes": \#(OfficialsKind.travelSchema),
            "matches": {
              "type": "array",
              "items": {
                "type": "object", "required": ["id", "start", "durationMinutes", "size"],
                "properties": {
                  \#(MatchDaySchema.matchOnAPitchProperties),
                  "pitch": {"type": ["string", "null"]},
                  "officials": {"type": "integer", "minimum": 0, "maximum": 50},
                  "minLevel": {"type": "integer", "minimum": -1000, "maximum": 1000}
                }
              }
            },
            "officials": {"type": "array", "items": \#(OfficialsKind.officialSchema)},
            "pinned": \#(OfficialsKind.pinnedSchema),
            "rules": {
              "type": "object",
              "properties": {
                "bufferMinutes": {"type": "integer", "minimum": 0, "maximum": 1440},
                "restMinutes": {"type": "integer", "minimum": 0, "maximum": 1440},
                "travelSpeedKmh": {"type": "number", "exclusiveMinimum": 0, "maximum": 1000}
              }
            },
            \#(MatchDaySchema.identityProperties),
            "previous": {
              "type": "object", "required": ["pitches"],
              "properties": {
                "pitches": {"type": "object", "additionalProperties": {"type": "string"}},
                "assignments": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
                "unplaced": {}, "unfilled": {}, "usage": {}, "load": {}, "travel": {}, "moves": {}
              }
            }
          },
          "$defs": {
        \#(OfficialsKind.commonDefs)
          }
        }
        """#
}
