import TouchlineMILP

extension MatchdayKind: MatchDaySheetKind {
    static func daySheets(_ instance: MatchdayInstance, _ solution: MatchdaySolution) -> DaySheets {
        let teamNames = TeamName.lookup(instance.teams)
        var pitches: [String: Pitch] = [:]
        for pitch in instance.pitches { pitches[pitch.id] = pitch }
        let names = OfficialsText.names(instance.officials)
        let missing = Dictionary(solution.unfilled.map { ($0.match, $0.missing) }, uniquingKeysWith: +)
        let rows = instance.matches.map { match in
            let pitch = solution.pitches[match.id].flatMap { pitches[$0] }
            return DaySheets.Row(
                id: match.id, start: match.start, end: match.start + match.durationMinutes, place: pitch?.displayName, group: pitch?.group,
                teams: TeamName.display(match.teams, teamNames), competition: match.competition,
                officials: (solution.assignments[match.id] ?? []).map { names[$0] ?? $0 }, missing: missing[match.id] ?? 0)
        }
        var sheets = DaySheets(title: "Matchday", rows: rows)
        sheets.unplaced = solution.unplaced.map { ($0.match, $0.reason) }
        sheets.usage = PitchesText.usage(instance.pitches, solution.usage)
        OfficialsText.addOfficials(to: &sheets, solution.officialsPart, officials: instance.officials)
        return sheets
    }
}
