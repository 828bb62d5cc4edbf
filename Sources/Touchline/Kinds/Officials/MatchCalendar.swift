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

    static func plan(_ fixtures: [Fixture], officials: [Official], calendarId: String?) -> PlanCalendar {
        let names = Dictionary(officials.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        let events = fixtures.map { fixture in
            let teams = fixture.teams.isEmpty ? fixture.id : fixture.teams.joined(separator: " v ")
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

extension OfficialsKind {
    public static func calendarSubjects(_ instance: OfficialsInstance) -> Set<String> {
        Set(instance.officials.map(\.id) + instance.matches.flatMap { $0.teams ?? [] })
    }

    public static func calendar(_ instance: OfficialsInstance, _ solution: OfficialsSolution) -> PlanCalendar {
        let venues = Dictionary(instance.venues.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let missing = Dictionary(solution.unfilled.map { ($0.match, $0.missing) }, uniquingKeysWith: +)
        let fixtures = instance.matches.map { match in
            MatchCalendar.Fixture(
                id: match.id, start: match.start, end: match.end, competition: match.competition, teams: match.teams ?? [],
                place: venues[match.venue].map { MatchCalendar.Place(name: $0.displayName, group: $0.group, lat: $0.lat, lon: $0.lon) },
                unplacedReason: nil, officials: solution.assignments[match.id] ?? [], missingOfficials: missing[match.id] ?? 0)
        }
        return MatchCalendar.plan(fixtures, officials: instance.officials, calendarId: instance.calendarId)
    }
}

extension PitchesKind {
    public static func calendarSubjects(_ instance: PitchesInstance) -> Set<String> {
        Set(instance.matches.flatMap { $0.teams ?? [] })
    }

    public static func calendar(_ instance: PitchesInstance, _ solution: PitchesSolution) -> PlanCalendar {
        let pitches = Dictionary(instance.pitches.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let reasons = Dictionary(solution.unplaced.map { ($0.match, $0.reason) }, uniquingKeysWith: { first, _ in first })
        let fixtures = instance.matches.map { match in
            MatchCalendar.Fixture(
                id: match.id, start: match.start, end: match.end, competition: match.competition, teams: match.teams ?? [],
                place: solution.assignments[match.id].flatMap { pitches[$0] }.map(MatchCalendar.Place.init(pitch:)),
                unplacedReason: reasons[match.id], officials: [], missingOfficials: 0)
        }
        return MatchCalendar.plan(fixtures, officials: [], calendarId: instance.calendarId)
    }
}

extension MatchdayKind {
    public static func calendarSubjects(_ instance: MatchdayInstance) -> Set<String> {
        Set(instance.officials.map(\.id) + instance.matches.flatMap { $0.teams ?? [] })
    }

    public static func calendar(_ instance: MatchdayInstance, _ solution: MatchdaySolution) -> PlanCalendar {
        let pitches = Dictionary(instance.pitches.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let reasons = Dictionary(solution.unplaced.map { ($0.match, $0.reason) }, uniquingKeysWith: { first, _ in first })
        let missing = Dictionary(solution.unfilled.map { ($0.match, $0.missing) }, uniquingKeysWith: +)
        let fixtures = instance.matches.map { match in
            MatchCalendar.Fixture(
                id: match.id, start: match.start, end: match.start + match.durationMinutes, competition: match.competition, teams: match.teams ?? [],
                place: solution.pitches[match.id].flatMap { pitches[$0] }.map(MatchCalendar.Place.init(pitch:)),
                unplacedReason: reasons[match.id], officials: solution.assignments[match.id] ?? [],
                missingOfficials: missing[match.id] ?? 0)
        }
        return MatchCalendar.plan(fixtures, officials: instance.officials, calendarId: instance.calendarId)
    }
}

extension MatchCalendar.Place {
    init(pitch: Pitch) {
        self.init(name: pitch.displayName, group: pitch.group, lat: pitch.lat, lon: pitch.lon)
    }
}
