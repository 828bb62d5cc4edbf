extension PitchesKind {
    /// Day sheets (a table per day and field group: time, pitch, teams, competition), then the matches not
    /// placed with their reasons and the usage of each pitch.
    public static func renderText(_ instance: PitchesInstance, _ result: SolveReport<PitchesKind>) -> String {
        MatchDayText.render("Pitches", result.status, result.method, result.objective.map { "\($0)" }, result.reason,
                            result.solution.map { daySheets(instance, $0) }, warnings: result.warnings)
    }

    public static var rendersHTML: Bool { true }
    public static func renderHTML(_ instance: PitchesInstance, _ result: SolveReport<PitchesKind>) -> String? {
        MatchDayText.html("Pitches", result.status, result.method, result.objective.map { "\($0)" }, result.reason,
                          result.solution.map { daySheets(instance, $0) })
    }

    public static var rendersCSV: Bool { true }
    public static func renderCSV(_ instance: PitchesInstance, _ result: SolveReport<PitchesKind>) -> String? {
        result.solution.map { daySheets(instance, $0).csv() }
    }

    static func daySheets(_ instance: PitchesInstance, _ solution: PitchesSolution) -> DaySheets {
        var pitches: [String: Pitch] = [:]
        for pitch in instance.pitches { pitches[pitch.id] = pitch }
        let rows = instance.matches.map { match in
            let pitch = solution.assignments[match.id].flatMap { pitches[$0] }
            return DaySheets.Row(
                id: match.id, start: match.start, end: match.end, place: pitch?.displayName, group: pitch?.group,
                teams: match.teams ?? [], competition: match.competition, officials: nil)
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
