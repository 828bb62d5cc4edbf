/// Calendar events of match-day plans (`--format ics`), shared by `officials`, `pitches` and `matchday`.
enum MatchCalendar {
    /// One fixture of a plan: where it is (nil when it has no pitch) and who officiates it.
    struct Fixture {
        var id: String
        var start: LocalDateTime
        var end: LocalDateTime
        var competition: String?
        var teams: [String]
        var place: Place?
        var unplacedReason: String?
        var officials: [String]
        var missingOfficials: Int
    }

    struct Place {
        var name: String
        var group: String?
        var lat: Double?
        var lon: Double?
    }

    /// The calendar of these fixtures; `teamNames` (id to name) shows the teams' names in the events' text, while
    /// UIDs and `--calendar-for` keep the ids.
    static func plan(_ fixtures: [Fixture], officials: [Official], calendarId: String?, teamNames: [String: String] = [:]) -> PlanCalendar {
        let names = Dictionary(officials.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        let events = fixtures.map { fixture in
            let teams = fixture.teams.isEmpty ? fixture.id : TeamName.display(fixture.teams, teamNames).joined(separator: " v ")
            var notes: [String] = []
            if let reason = fixture.unplacedReason { notes.append("No pitch: \(reason)") }
            if !fixture.officials.isEmpty {
                notes.append("Officials: " + fixture.officials.map { names[$0] ?? $0 }.joined(separator: ", "))
            }
            if fixture.missingOfficials > 0 {
                notes.append("\(fixture.missingOfficials) official slot\(fixture.missingOfficials == 1 ? "" : "s") unfilled")
            }
            var geo: (lat: Double, lon: Double)?
            if let lat = fixture.place?.lat, let lon = fixture.place?.lon { geo = (lat, lon) }
            return CalendarEvent(
                match: fixture.id, start: fixture.start, end: fixture.end,
                summary: fixture.competition.map { "\($0): \(teams)" } ?? teams,
                location: fixture.place.map { place in place.group.map { "\(place.name), \($0)" } ?? place.name },
                geo: geo, description: notes.isEmpty ? nil : notes.joined(separator: "\n"),
                categories: fixture.competition.map { [$0] } ?? [], officials: fixture.officials, teams: fixture.teams)
        }
        return PlanCalendar(
            events: events, officials: names, teams: Set(fixtures.flatMap(\.teams)), calendarId: calendarId)
    }
}

extension MatchCalendar.Place {
    init(pitch: Pitch) {
        self.init(name: pitch.displayName, group: pitch.group, lat: pitch.lat, lon: pitch.lon)
    }
}
