import Foundation
import TouchlineMILP

/// The plan as calendar events (`--format ics`): every match with its venue and officials.
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
        return MatchCalendar.plan(
            fixtures, officials: instance.officials, calendarId: instance.calendarId, teamNames: TeamName.lookup(instance.teams))
    }
}
