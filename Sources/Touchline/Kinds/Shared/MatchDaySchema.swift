/// JSON Schema pieces the match-day kinds (pitches, officials, matchday) share: the top-level fields that
/// name the teams and identify an instance and its split part, and the fields of a match on a pitch.
enum MatchDaySchema {
    /// `teams`, `calendarId`, `id` and `part`, as members of the instance's `properties`.
    static let identityProperties = #"""
        "teams": {"type": "array", "description": "optional names of the teams the matches give by id: every output (text, page, spreadsheet, calendar) shows the name",
                  "items": {"type": "object", "required": ["id", "name"], "properties": {"id": {"type": "string", "minLength": 1, "description": "a team id as the matches give it"}, "name": {"type": "string", "description": "the name every output shows for it"}}}},
        "calendarId": {"type": "string", "minLength": 1, "maxLength": 200, "description": "the identity of this club's or league's fixtures, mixed into calendar UIDs (--format ics)"},
        "id": {"type": "string", "description": "the instance's name, echoed in its result (split gives each part one)"},
        "part": {
          "type": "object", "required": ["id", "by", "index", "count", "source", "matches"],
          "description": "which part of a split instance this is: written by split, echoed by solve, checked by merge",
          "properties": {
            "id": {"type": "string", "description": "the part's id too: how the instance was split and the index (day-3, component-12)"},
            "by": {"enum": ["component", "day", "region"], "description": "how the instance was split"},
            "index": {"type": "integer", "minimum": 0, "maximum": 1000000, "description": "0-based position among the parts"},
            "count": {"type": "integer", "minimum": 1, "maximum": 1000000, "description": "how many parts there are"},
            "source": {"type": "string", "description": "a fingerprint of the whole instance: a result of another instance's part is refused"},
            "matches": {"type": "array", "items": {"type": "string"}, "description": "the part's match ids, in the whole instance's order"},
            "budgets": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 1000000},
                        "description": "by day: official id to the most matches on this day, from maxTotal"},
            "region": {"type": "string", "description": "by region: the part's region"},
            "linked": {"type": "boolean", "description": "by region: true when regions share an official, a team or a pitch (the merge claims no bound)"}
          }
        }
        """#

    /// The fields of a match that needs a pitch (pitches and matchday), as members of the match's `properties`.
    static let matchOnAPitchProperties = #"""
        "id": {"type": "string", "minLength": 1, "description": "unique id"},
        "start": {"$ref": "#/$defs/dateTime", "description": "kick-off, local wall-clock time YYYY-MM-DDTHH:MM"},
        "durationMinutes": {"type": "integer", "minimum": 1, "maximum": 1440, "examples": [60], "description": "minutes the pitch is in use (the buffer is added after)"},
        "size": {"type": "string", "description": "the size of pitch the match needs"},
        "competition": {"type": "string", "description": "the competition, shown in outputs"},
        "teams": {"type": "array", "items": {"type": "string"}, "description": "the teams' ids, home first: group splits count field groups per team and day", "default": []},
        "preferred": {"type": "array", "items": {"type": "string"}, "description": "pitches the match would rather be on, best first (an objective level, never a rule)", "default": []}
        """#
}
