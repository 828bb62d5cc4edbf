extension OfficialsKind {
    /// A fixtures list by day and time with each match's officials, then unfilled slots, loads and moves.
    public static func renderText(_ instance: OfficialsInstance, _ result: SolveReport<OfficialsKind>) -> String {
        var lines: [String] = []
        lines.append("Officials: \(result.status.rawValue) (\(result.method ?? "-"))")
        if let objective = result.objective { lines.append("Objective: \(objective)") }
        if let reason = result.reason { lines.append("Why: \(reason)") }
        guard let solution = result.solution else { return lines.joined(separator: "\n") + "\n" }
        let venues = Dictionary(uniqueKeysWithValues: instance.venues.map { ($0.id, $0) })
        lines += OfficialsText.fixtures(
            instance.matches.map { ($0.id, $0.start, $0.teams ?? [], $0.competition, venues[$0.venue].map { $0.displayName + ($0.group.map { " (\($0))" } ?? "") }) },
            assignments: solution.assignments)
        lines += OfficialsText.summary(solution, officials: instance.officials)
        for warning in result.warnings { lines.append("Warning: \(warning)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Text pieces shared by `officials` and `matchday`.
enum OfficialsText {
    static func fixtures(
        _ matches: [(id: String, start: LocalDateTime, teams: [String], competition: String?, place: String?)],
        assignments: [String: [String]]
    ) -> [String] {
        var lines: [String] = []
        var currentDay: String? = nil
        for match in matches.sorted(by: { ($0.start, $0.id) < ($1.start, $1.id) }) {
            if match.start.dateText != currentDay {
                currentDay = match.start.dateText
                lines.append("")
                lines.append(match.start.dateText)
            }
            let label = [match.id, match.teams.joined(separator: " v "), match.competition ?? ""].filter { !$0.isEmpty }.joined(separator: "  ")
            let crew = (assignments[match.id] ?? []).joined(separator: ", ")
            lines.append("  \(match.start.timeText)  \(label.padding(toLength: max(label.count, 44), withPad: " ", startingAt: 0))  \((match.place ?? "UNPLACED").padding(toLength: 22, withPad: " ", startingAt: 0))  \(crew.isEmpty ? "-" : crew)")
        }
        return lines
    }

    static func summary(_ solution: OfficialsSolution, officials: [Official]) -> [String] {
        var lines: [String] = []
        if !solution.unfilled.isEmpty {
            lines.append("")
            lines.append("Unfilled:")
            for entry in solution.unfilled { lines.append("  \(entry.match): \(entry.missing) missing; \(entry.reason)") }
        }
        lines.append("")
        lines.append("Load: " + officials.map { "\($0.id) \(solution.load[$0.id] ?? 0)" }.joined(separator: ", "))
        if !solution.moves.isEmpty {
            lines.append("Moves between field groups:")
            for move in solution.moves { lines.append("  \(move.official): \(move.from) (\(move.fromGroup)) → \(move.to) (\(move.toGroup))") }
        }
        return lines
    }
}
