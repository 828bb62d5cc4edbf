extension LineupKind {
    /// A rotation chart for the touchline: one row per player, one column per segment, position codes in the
    /// cells (`·` on the bench, blank when not there), minutes at the end; then the substitutions by minute.
    public static func renderText(_ instance: LineupInstance, _ result: SolveReport<LineupKind>) -> String {
        var lines: [String] = []
        lines.append("Lineup (\(instance.mode.rawValue)): \(result.status.rawValue) (\(result.method ?? "-"))")
        if let objective = result.objective { lines.append("Objective: \(objective)") }
        if let reason = result.reason { lines.append("Why: \(reason)") }
        guard let solution = result.solution else {
            for error in result.errors ?? [] { lines.append("Error: \(error.path): \(error.message)") }
            return lines.joined(separator: "\n") + "\n"
        }
        if let broken = solution.brokenRules, !broken.isEmpty {
            lines.append("Best-effort plan; it breaks:")
            for rule in broken { lines.append("  - \(rule)") }
        }
        let names = instance.players.map { player in
            (player.number.map { "\($0) " } ?? "") + player.displayName
        }
        let width = max(6, names.map(\.count).max() ?? 0)
        let cell = max(4, (instance.formation.keys.map(\.count).max() ?? 2) + 1)
        func pad(_ text: String, _ size: Int) -> String { text.padding(toLength: max(size, text.count), withPad: " ", startingAt: 0) }
        var header = pad("", width) + " |"
        for segment in solution.segments { header += pad(String(segment.start), cell) }
        lines.append("")
        lines.append(header + "| min")
        lines.append(String(repeating: "-", count: header.count + 6))
        for (p, player) in instance.players.enumerated() {
            var row = pad(names[p], width) + " |"
            for segment in solution.segments {
                if let code = segment.onField[player.id] {
                    row += pad(code, cell)
                } else if segment.bench.contains(player.id) {
                    row += pad("·", cell)
                } else {
                    row += pad(player.isAvailable ? "" : "x", cell)
                }
            }
            let status = player.isAvailable ? "" : " (\(player.status!.rawValue))"
            lines.append(row + "| \(solution.minutes[player.id] ?? 0)" + status)
        }
        lines.append("")
        let summary = solution.summary
        lines.append("Minutes \(summary.minMinutes)–\(summary.maxMinutes), spread \(summary.spread), substitutions \(summary.substitutions)")
        var byMinute: [Int: [LineupSubstitution]] = [:]
        for substitution in solution.substitutions { byMinute[substitution.minute, default: []].append(substitution) }
        let nameOf = Dictionary(uniqueKeysWithValues: instance.players.map { ($0.id, $0.displayName) })
        for minute in byMinute.keys.sorted() {
            let changes = byMinute[minute]!.map { sub in
                "\(nameOf[sub.on] ?? sub.on) on" + (sub.off.map { " for \(nameOf[$0] ?? $0)" } ?? "") + " (\(sub.position))"
            }
            lines.append("  \(minute)': " + changes.joined(separator: ", "))
        }
        if let queue = solution.queue {
            lines.append("Queue (next up after each window):")
            for entry in queue {
                lines.append("  \(entry.minute)': next up " + (entry.nextUp.isEmpty ? "-" : entry.nextUp.map { nameOf[$0] ?? $0 }.joined(separator: ", ")))
            }
        }
        if let groups = solution.groups {
            let colours = instance.colourGroups?.colours ?? []
            for colour in colours {
                let members = groups.assignment.filter { $0.value == colour }.keys.sorted().map { nameOf[$0] ?? $0 }
                lines.append("Group \(colour): " + members.joined(separator: ", "))
            }
        }
        for warning in result.warnings { lines.append("Warning: \(warning)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
