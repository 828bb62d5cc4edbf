extension PitchesKind: MatchDaySheetKind {
    static func daySheets(_ instance: PitchesInstance, _ solution: PitchesSolution) -> DaySheets {
        let teamNames = TeamName.lookup(instance.teams)
        var pitches: [String: Pitch] = [:]
        for pitch in instance.pitches { pitches[pitch.id] = pitch }
        let rows = instance.matches.map { match in
            let pitch = solution.assignments[match.id].flatMap { pitches[$0] }
            return DaySheets.Row(
                id: match.id, start: match.start, end: match.end, place: pitch?.displayName, group: pitch?.group,
                teams: TeamName.display(match.teams, teamNames), competition: match.competition, officials: nil)
        }
        var sheets = DaySheets(title: "Pitches", rows: rows)
        sheets.unplaced = solution.unplaced.map { ($0.match, $0.reason) }
        sheets.usage = PitchesText.usage(instance.pitches, solution.usage)
        return sheets
    }
}

enum PitchesText {
    /// Matches per pitch, in natural order of group and name.
    static func usage(_ pitches: [Pitch], _ usage: [String: Int]) -> [DaySheets.Count] {
        pitches.map { DaySheets.Count(name: $0.displayName, group: $0.group, count: usage[$0.id] ?? 0) }
            .sorted { ($0.group ?? "") != ($1.group ?? "") ? Natural.less($0.group ?? "", $1.group ?? "") : Natural.less($0.name, $1.name) }
    }
}
