import Foundation

/// The words of every field of every kind's JSON Schema: a `description` (what the field means, in the words the
/// verifier checks it by) and, for an optional field whose absence means a value, its `default`. Kept apart from
/// the schemas' shapes (types and ranges, which validation reads) so that each reads as a table; merged into a
/// kind's schema once, in ``KindConfiguration``, so that `touchline schema KIND`, validation and the published
/// schema are one document. A field the hand-written schema already describes keeps its own words.
enum SchemaDocs {
    /// Description and default (as JSON text) of the field at a path: `players[].status`, `rules.minShare`,
    /// `$defs.window.from` (`[]` an array's items, `{}` an object's free keys).
    typealias Entry = (description: String, defaultJSON: String?)

    static func entry(_ description: String, default value: String? = nil) -> Entry { (description, value) }

    static let options: [String: Entry] = [
        "options": entry("how the instance is solved (method, time limit, gap); touchline solve's flags override these")
    ]

    static let window: [String: Entry] = [
        "$defs.window.from": entry("the start of the window, local wall-clock time YYYY-MM-DDTHH:MM"),
        "$defs.window.to": entry("the end of the window (exclusive)")
    ]

    static let teamNames: [String: Entry] = [
        "calendarId": entry("the identity of this club's or league's fixtures, mixed into calendar UIDs (--format ics)"),
        "teams[].id": entry("a team id as the matches give it"),
        "teams[].name": entry("the name every output shows for it")
    ]

    static let pitches: [String: Entry] = [
        "pitches": entry("the pitches a match may be put on"),
        "pitches[].id": entry("unique id, used by matches' preferred and pitch and by previous"),
        "pitches[].name": entry("the name outputs show", default: "the id"),
        "pitches[].sizes": entry("the match sizes the pitch takes (a match goes only on a pitch of its size)"),
        "pitches[].closed": entry("windows when no match may be on the pitch (a match overlapping one is not placed there)", default: "[]"),
        "pitches[].maxPerDay": entry("matches on this pitch per calendar day, at most (absent: no limit)"),
        "pitches[].lat": entry("latitude in degrees, for calendars and travel by distance"),
        "pitches[].lon": entry("longitude in degrees"),
        "matches": entry("the matches to place"),
        "matches[].id": entry("unique id"),
        "matches[].start": entry("kick-off, local wall-clock time YYYY-MM-DDTHH:MM"),
        "matches[].durationMinutes": entry("minutes the pitch is in use (the buffer is added after)"),
        "matches[].size": entry("the size of pitch the match needs"),
        "matches[].competition": entry("the competition, shown in outputs"),
        "matches[].teams": entry("the teams' ids, home first: group splits count field groups per team and day", default: "[]"),
        "matches[].preferred": entry("pitches the match would rather be on, best first (an objective level, never a rule)", default: "[]"),
        "rules": entry("rules every plan keeps"),
        "rules.bufferMinutes": entry("minutes between the end of a match and the start of the next on one pitch", default: "0"),
        "previous.assignments": entry("the published plan: match id to pitch id; re-solving keeps as much of it as it can")
    ]

    static let officials: [String: Entry] = [
        "source": entry("where the data comes from, for a person"),
        "venues": entry("where matches are played"),
        "venues[].id": entry("unique id, used by matches' venue"),
        "venues[].name": entry("the name outputs show", default: "the id"),
        "venues[].group": entry("the field group the venue is in: travel between groups takes travelMinutes", default: "\"\""),
        "venues[].lat": entry("latitude in degrees, for travel by great-circle distance at travelSpeedKmh"),
        "venues[].lon": entry("longitude in degrees"),
        "venues[].x": entry("planar east coordinate in km (a league's kilometre objective), with y"),
        "venues[].y": entry("planar north coordinate in km"),
        "travelMinutes": entry("travel minutes between two venues or field groups, either way", default: "[]"),
        "travelMinutes[].from": entry("a venue or field group id"),
        "travelMinutes[].to": entry("a venue or field group id"),
        "travelMinutes[].minutes": entry("minutes from one to the other"),
        "distances": entry("km between two venues, either way, for tourKm (a pair not listed: the venues' points)", default: "[]"),
        "distances[].from": entry("a venue id"),
        "distances[].to": entry("a venue id"),
        "distances[].km": entry("whole km from one to the other"),
        "matches": entry("the matches to staff"),
        "matches[].id": entry("unique id"),
        "matches[].start": entry("kick-off, local wall-clock time YYYY-MM-DDTHH:MM"),
        "matches[].durationMinutes": entry("minutes the officials are busy"),
        "matches[].venue": entry("the venue's id"),
        "matches[].competition": entry("the competition, shown in outputs"),
        "matches[].teams": entry("the teams' ids: an official attached to one never takes the match (rules.teamConflicts)", default: "[]"),
        "matches[].officials": entry(
            "officials the match needs (filled is an objective level; too few officials leaves slots unfilled, never infeasible)", default: "1"),
        "matches[].minLevel": entry("the lowest level an official of this match must have", default: "0"),
        "matches[].minExperience": entry("experience the crew adds up to at least, else a cost (officials kind's league objective)"),
        "officials": entry("the officials who may be assigned"),
        "officials[].id": entry("unique id"),
        "officials[].name": entry("the name outputs show", default: "the id"),
        "officials[].level": entry("the official's level, compared with matches' minLevel", default: "0"),
        "officials[].teams": entry("teams the official is attached to (conflicts of interest)", default: "[]"),
        "officials[].unavailable": entry("windows when the official cannot work (a match overlapping one is not theirs)", default: "[]"),
        "officials[].maxPerDay": entry("matches per calendar day of the start, at most (absent: no limit)"),
        "officials[].maxTotal": entry("matches in the whole instance, at most (absent: no limit)"),
        "officials[].home.lat": entry("latitude of the official's home in degrees"),
        "officials[].home.lon": entry("longitude in degrees"),
        "officials[].home.x": entry("planar east coordinate of the home in km"),
        "officials[].home.y": entry("planar north coordinate in km"),
        "pinned": entry("official-to-match assignments every plan keeps (one that breaks a rule makes the instance infeasible)", default: "[]"),
        "pinned[].match": entry("the match's id"),
        "pinned[].official": entry("the official's id"),
        "rules": entry("rules every plan keeps"),
        "rules.restMinutes": entry("minutes between the end of an official's match and the start of their next", default: "0"),
        "rules.travelSpeedKmh": entry(
            "speed of travel between venues with coordinates and no travelMinutes entry",
            default: "\(Int(OfficialsRules.defaultTravelSpeedKmh))"),
        "rules.avoidIsHard": entry("officials' avoid as a hard rule instead of a cost", default: "false"),
        "rules.teamConflicts": entry("an official attached to a team: never on its matches (hard) or a cost (soft)", default: "\"hard\""),
        "rules.everySlot": entry(
            "season tours: every official works exactly one match in every slot (the matches of one start); the objective is then tourKm",
            default: "false"),
        "rules.venueWindow": entry(
            "with everySlot: an official is at one venue at most once in any this many consecutive slots (the TUP's q1)", default: "1"),
        "rules.teamWindow": entry(
            "with everySlot: an official sees one team at most once in any this many consecutive slots (the TUP's q2)", default: "1"),
        "rules.visitVenues": entry("with everySlot: venues every official works at least once", default: "[]"),
        "previous.assignments": entry("the published plan: match id to its officials' ids; re-solving keeps as many pairs as it can"),
        "previous.unfilled": entry("as in the output; read and ignored"),
        "previous.load": entry("as in the output; read and ignored"),
        "previous.travel": entry("as in the output; read and ignored"),
        "previous.moves": entry("as in the output; read and ignored")
    ]

    static let matchday: [String: Entry] = {
        var docs = pitches.merging(officials) { pitch, _ in pitch }
        docs["matches"] = entry("the matches to place and staff")
        docs["matches[].pitch"] = entry("a pitch the match is pinned to", default: "null")
        docs["matches[].officials"] = officials["matches[].officials"]
        docs["travelMinutes[].from"] = entry("a pitch or field group id")
        docs["travelMinutes[].to"] = entry("a pitch or field group id")
        docs["rules"] = entry("the pitches' and the officials' rules")
        docs["previous"] = entry("the published plan, in the output's solution format")
        docs["previous.pitches"] = entry("match id to pitch id")
        docs["previous.assignments"] = entry("match id to its officials' ids")
        docs["previous.unplaced"] = entry("as in the output; read and ignored")
        docs["previous.usage"] = entry("as in the output; read and ignored")
        // Matchday's places are its pitches; the league fields are the officials kind's.
        for key in docs.keys where key.hasPrefix("venues") || key.hasPrefix("distances") { docs[key] = nil }
        for key in ["rules.everySlot", "rules.venueWindow", "rules.teamWindow", "rules.visitVenues"] { docs[key] = nil }
        for key in ["matches[].venue", "matches[].minExperience", "rules.avoidIsHard", "rules.teamConflicts"] { docs[key] = nil }
        return docs
    }()

    static let lineup: [String: Entry] = [
        "match": entry("the match: periods, their minutes, overtime and the substitution windows"),
        "match.periods": entry("regulation periods (2 halves, 4 quarters)"),
        "match.periodMinutes": entry("minutes of each regulation period"),
        "match.overtime": entry("overtime periods after regulation (their minutes count for spread, not for minShare)"),
        "match.overtime.periods": entry("overtime periods"),
        "match.overtime.periodMinutes": entry("minutes of each overtime period"),
        "match.substitutions.everyMinutes": entry("a window every so many minutes from each period's start"),
        "match.substitutions.atMinutes": entry("windows at these match-clock minutes (instead of everyMinutes)"),
        "players": entry("the squad: every player appears in the plan, available or not"),
        "players[].id": entry("unique id"),
        "players[].name": entry("the name outputs show", default: "the id"),
        "players[].number": entry("shirt number, shown in outputs"),
        "players[].status": entry("injured and unavailable players never play", default: "\"available\""),
        "players[].seasonMinutes": entry("minutes played this season so far, balanced with rules.seasonBalance", default: "0"),
        "players[].minMinutes": entry("minutes the player plays at least over the whole match (absent: none)"),
        "players[].maxMinutes": entry("minutes the player plays at most over the whole match (absent: no limit)"),
        "players[].arrivesAt": entry("match-clock minute the player arrives; plays only segments starting then or later", default: "0"),
        "rules": entry("rules every plan keeps, and the mode"),
        "locks": entry("a player held on or off the field, or in a position, over the segments overlapping [from, to)", default: "[]"),
        "locks[].player": entry("the player's id"),
        "locks[].from": entry("match-clock minute the lock starts"),
        "locks[].to": entry("match-clock minute the lock ends (exclusive)"),
        "locks[].position": entry("the position the player holds (implies on the field)"),
        "locks[].onField": entry("true: on the field; false: on the bench"),
        "turnBased": entry("turn-based mode: the bench queue"),
        "turnBased.queue": entry("players who start on the bench, front of the queue first", default: "[]"),
        "turnBased.changesPerWindow": entry("players coming on at every window after kick-off (absent: one number the solver picks)"),
        "preMarked": entry("pre-marked mode: who plays each whole period"),
        "preMarked.periods": entry("periods with marked players", default: "[]"),
        "preMarked.periods[].period": entry("the period, 1 for the first"),
        "preMarked.periods[].active": entry("players who play all of that period"),
        "colourGroups": entry("colour-group mode: groups that come on and off together"),
        "colourGroups.colours": entry("the colours, every one used"),
        "colourGroups.assignment": entry("player id to colour, fixed; the others are chosen by the solver", default: "{}"),
        "state": entry("a match in progress: only the rest is planned"),
        "state.minute": entry("the match-clock minute now: the first window of the re-plan"),
        "state.onField": entry("player id to the position they hold now"),
        "state.minutesPlayed": entry("player id to minutes played so far; count toward every minute rule", default: "{}")
    ]

    static let standings: [String: Entry] = [
        "points": entry("points for a win, a draw and a loss", default: "{\"win\": 3, \"draw\": 1, \"loss\": 0}"),
        "points.win": entry("points for a win", default: "3"),
        "points.draw": entry("points for a draw", default: "1"),
        "points.loss": entry("points for a loss", default: "0"),
        "rules": entry("a preset tie-break chain; absent with no tieBreakers: points, goal difference, goals scored"),
        "tieBreakers": entry("an explicit chain of criterion codes, in order; wins over rules"),
        "headToHeadReapply": entry(
            "when head-to-head criteria restart among teams still tied: none, afterBlock or immediately", default: "the preset's, else \"none\""),
        "teams": entry("every team of the league or group"),
        "teams[].id": entry("unique id, used by results and the rest"),
        "teams[].name": entry("the name outputs show", default: "the id"),
        "results": entry("the matches played"),
        "results[].home": entry("the home team's id"),
        "results[].away": entry("the away team's id"),
        "results[].homeGoals": entry("goals of the home team"),
        "results[].awayGoals": entry("goals of the away team"),
        "results[].date": entry("the date, YYYY-MM-DD (optional)"),
        "remaining": entry("matches still to play, for the best and worst final ranks", default: "[]"),
        "remaining[].home": entry("the home team's id"),
        "remaining[].away": entry("the away team's id"),
        "remaining[].date": entry("the date, YYYY-MM-DD (optional)"),
        "adjustments": entry("points added or deducted by the league", default: "[]"),
        "adjustments[].team": entry("the team's id"),
        "adjustments[].points": entry("points added (negative: deducted)"),
        "adjustments[].reason": entry("why, shown in outputs"),
        "discipline": entry("fair-play or disciplinary points, for the criterion that reads them", default: "[]"),
        "discipline[].team": entry("the team's id"),
        "discipline[].points": entry("the team's disciplinary points"),
        "discipline[].reason": entry("why, shown in outputs"),
        "playoffs": entry("play-offs that decided ties, for the play-off criterion", default: "[]"),
        "playoffs[].teams": entry("the teams that played it"),
        "playoffs[].winner": entry("the winner's id"),
        "playoffs[].reason": entry("what it decided, shown in outputs"),
        "lots": entry("team ids in the order drawing of lots put them, for the lots criterion", default: "[]"),
        "ranking": entry("team ids in the order of an outside ranking (a coefficient), for the ranking criterion", default: "[]"),
        "analysis": entry("questions about the final ranks, answered by integer programming over the remaining matches"),
        "analysis.positions": entry("every team's best and worst possible final rank on points", default: "false"),
        "analysis.clinch": entry("places k: for each team, is a top-k finish clinched, still open or out of reach", default: "[]"),
        "analysis.teams": entry("the teams to answer for", default: "every team")
    ]

    /// The entries of a kind.
    static func entries(for kind: String) -> [String: Entry] {
        let common = options.merging(window) { a, _ in a }.merging(teamNames) { a, _ in a }
        switch kind {
        case "lineup": return lineup.merging(options) { a, _ in a }
        case "pitches": return pitches.merging(common) { a, _ in a }
        case "officials": return officials.merging(common) { a, _ in a }
        case "matchday": return matchday.merging(common) { a, _ in a }
        case "standings": return standings.merging(options) { a, _ in a }
        default: return [:]
        }
    }

    /// The schema with every entry's description and default added where the schema has none (pretty JSON);
    /// the schema itself when it does not parse.
    static func documented(_ schema: String, kind: String) -> String {
        let docs = entries(for: kind)
        guard !docs.isEmpty, case let .success(document) = JSONDocument.parse(Data(schema.utf8)) else { return schema }
        func add(_ node: JSONValue, _ path: String) -> JSONValue {
            guard case var .object(members) = node else { return node }
            if let doc = docs[path] {
                // A default that is a JSON value is the schema's `default`; one in words ("the id") is said in
                // the description.
                let value = doc.defaultJSON.flatMap { text in (try? JSONDocument.parse(Data("{\"v\": \(text)}".utf8)).get())?["v"] }
                var words = doc.description
                if let text = doc.defaultJSON, value == nil { words += " (absent: \(text))" }
                if !members.contains(where: { $0.key == "description" }) {
                    members.append((key: "description", value: .string(words)))
                }
                if let value, !members.contains(where: { $0.key == "default" }) {
                    members.append((key: "default", value: value))
                }
            }
            members = members.map { member in
                switch member.key {
                case "properties":
                    guard case let .object(properties) = member.value else { return member }
                    return (
                        key: member.key,
                        value: .object(
                            properties.map { property in
                                (key: property.key, value: add(property.value, path.isEmpty ? property.key : "\(path).\(property.key)"))
                            })
                    )
                case "items": return (key: member.key, value: add(member.value, path + "[]"))
                case "additionalProperties": return (key: member.key, value: add(member.value, path + "{}"))
                case "$defs" where path.isEmpty:
                    guard case let .object(definitions) = member.value else { return member }
                    return (
                        key: member.key,
                        value: .object(
                            definitions.map { definition in
                                (key: definition.key, value: add(definition.value, "$defs.\(definition.key)"))
                            })
                    )
                default: return member
                }
            }
            return .object(members)
        }
        return pretty(add(document, "")) + "\n"
    }

    /// Indented JSON with the members in their order; short arrays and objects of scalars on one line.
    static func pretty(_ value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(number): return number.text
        case let .string(text): return String(decoding: JSONDocument.normalized(.array([.string(text)])).dropFirst().dropLast(), as: UTF8.self)
        case let .array(elements):
            if elements.isEmpty { return "[]" }
            let flat = elements.map { pretty($0, indent: inner) }
            let line = "[" + flat.joined(separator: ", ") + "]"
            if line.count <= 100 && !line.contains("\n") { return line }
            return "[\n" + flat.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
        case let .object(members):
            if members.isEmpty { return "{}" }
            let flat = members.map { "\(pretty(.string($0.key))): \(pretty($0.value, indent: inner))" }
            let line = "{" + flat.joined(separator: ", ") + "}"
            if line.count <= 100 && !line.contains("\n") { return line }
            return "{\n" + flat.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}
