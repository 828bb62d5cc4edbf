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
            "source": {"type": "string", "description": "where the data comes from, for a person"},
            "options": \#(InstanceOptions.propertySchema),
            "pitches": {
              "description": "the pitches a match may be put on",
              "type": "array", "minItems": 1,
              "items": \#(PitchesKind.pitchSchema)
            },
            "travelMinutes": \#(OfficialsKind.travelSchema(places: "pitch")),
            "matches": {
              "description": "the matches to place and staff",
              "type": "array",
              "items": {
                "type": "object", "required": ["id", "start", "durationMinutes", "size"],
                "properties": {
                  \#(MatchDaySchema.matchOnAPitchProperties),
                  "pitch": {"type": ["string", "null"], "description": "a pitch the match is pinned to", "default": null},
                  "officials": \#(OfficialsKind.matchOfficialsSchema),
                  "minLevel": {"type": "integer", "minimum": -1000, "maximum": 1000, "description": "the lowest level an official of this match must have", "default": 0}
                }
              }
            },
            "officials": {"type": "array", "items": \#(OfficialsKind.officialSchema), "description": "the officials who may be assigned"},
            "pinned": \#(OfficialsKind.pinnedSchema),
            "rules": {
              "description": "the pitches' and the officials' rules",
              "type": "object",
              "properties": {
                "bufferMinutes": {"type": "integer", "minimum": 0, "maximum": 1440, "description": "minutes between the end of a match and the start of the next on one pitch", "default": 0},
                "restMinutes": {"type": "integer", "minimum": 0, "maximum": 1440, "description": "minutes between the end of an official's match and the start of their next", "default": 0},
                "travelSpeedKmh": {"type": "number", "exclusiveMinimum": 0, "maximum": 1000, "description": "speed of travel between venues with coordinates and no travelMinutes entry", "default": \#(Int(OfficialsRules.defaultTravelSpeedKmh))}
              }
            },
            \#(MatchDaySchema.identityProperties),
            "previous": {
              "description": "the published plan, in the output's solution format",
              "type": "object", "required": ["pitches"],
              "properties": {
                "pitches": {"type": "object", "additionalProperties": {"type": "string"}, "description": "match id to pitch id"},
                "assignments": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}, "description": "match id to its officials' ids"},
                "unplaced": {"description": "as in the output; read and ignored"}, "unfilled": {"description": "as in the output; read and ignored"}, "usage": {"description": "as in the output; read and ignored"}, "load": {"description": "as in the output; read and ignored"}, "travel": {"description": "as in the output; read and ignored"}, "moves": {"description": "as in the output; read and ignored"}
              }
            }
          },
          "$defs": {
        \#(OfficialsKind.commonDefs)
          }
        }
        """#
}
