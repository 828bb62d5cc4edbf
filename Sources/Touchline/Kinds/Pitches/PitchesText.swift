extension PitchesKind {
    /// A fixtures list by day and time with the pitch of each match, then the unplaced matches and usage.
    public static func renderText(_ instance: PitchesInstance, _ result: SolveReport<PitchesKind>) -> String {
        var lines: [String] = []
        lines.append("Pitches: \(result.status.rawValue) (\(result.method ?? "-"))")
        if let objective = result.objective { lines.append("Objective: \(objective)") }
        if let reason = result.reason { lines.append("Why: \(reason)") }
        guard let solution = result.solution else { return lines.joined(separator: "\n") + "\n" }
        var pitchById: [String: Pitch] = [:]
        for pitch in instance.pitches { pitchById[pitch.id] = pitch }
        let ordered = instance.matches.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        var currentDay: String? = nil
        for match in ordered {
            if match.start.dateText != currentDay {
                currentDay = match.start.dateText
                lines.append("")
                lines.append(match.start.dateText)
            }
            let teams = (match.teams ?? []).joined(separator: " v ")
            let place: String
            if let pitchId = solution.assignments[match.id], let pitch = pitchById[pitchId] {
                place = pitch.displayName + (pitch.group.map { " (\($0))" } ?? "")
            } else {
                place = "UNPLACED"
            }
            let label = [match.id, teams, match.competition ?? ""].filter { !$0.isEmpty }.joined(separator: "  ")
            lines.append("  \(match.start.timeText)  \(label.padding(toLength: max(label.count, 44), withPad: " ", startingAt: 0))  \(place)")
        }
        if !solution.unplaced.isEmpty {
            lines.append("")
            lines.append("Unplaced:")
            for entry in solution.unplaced { lines.append("  \(entry.match): \(entry.reason)") }
        }
        lines.append("")
        lines.append("Usage: " + instance.pitches.map { "\($0.displayName) \(solution.usage[$0.id] ?? 0)" }.joined(separator: ", "))
        for warning in result.warnings { lines.append("Warning: \(warning)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
