import Foundation
import TouchlineMILP

/// The plan as calendar events (`--format ics`): every match with its pitch and officials.
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
        return MatchCalendar.plan(
            fixtures, officials: instance.officials, calendarId: instance.calendarId, teamNames: TeamName.lookup(instance.teams))
    }
}
