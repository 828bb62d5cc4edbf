import Foundation
import TouchlineMILP

/// The plan as calendar events (`--format ics`): every match with its pitch.
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
        return MatchCalendar.plan(fixtures, officials: [], calendarId: instance.calendarId, teamNames: TeamName.lookup(instance.teams))
    }
}
