/// JSON Schema pieces the match-day kinds (pitches, officials, matchday) share: the top-level fields that
/// name the teams and identify an instance and its split part, and the fields of a match on a pitch.
enum MatchDaySchema {
    /// `teams`, `calendarId`, `id` and `part`, as members of the instance's `properties`.
    static let identityProperties = #"""
        "teams": {"type": "array", "description": "optional names of the teams the matches give by id: every output (text, page, spreadsheet, calendar) shows the name",
                  "items": {"type": "object", "required": ["id", "name"], "properties": {"id": {"type": "string", "minLength": 1}, "name": {"type": "string"}}}},
        "calendarId": {"type": "string", "minLength": 1, "maxLength": 200, "description": "the identity of this club's or league's fixtures, mixed into calendar UIDs (--format ics)"},
        "id": {"type": "string", "description": "the instance's name, echoed in its result (split gives each part one)"},
        "part": {"type": "object", "description": "which part of a split instance this is: written by split, echoed by solve, checked by merge"}
        """#

    /// The fields of a match that needs a pitch (pitches and matchday), as members of the match's `properties`.
    static let matchOnAPitchProperties = #"""
        "id": {"type": "string", "minLength": 1},
        "start": {"$ref": "#/$defs/dateTime"},
        "durationMinutes": {"type": "integer", "minimum": 1, "maximum": 1440, "examples": [60]},
        "size": {"type": "string"},
        "competition": {"type": "string"},
        "teams": {"type": "array", "items": {"type": "string"}},
        "preferred": {"type": "array", "items": {"type": "string"}}
        """#
}
