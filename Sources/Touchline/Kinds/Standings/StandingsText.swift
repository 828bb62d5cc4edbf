extension StandingsKind {
    /// "above Barcelona on head-to-head points (4 v 1)".
    static func reason(_ row: TableRow, next: TableRow, names: [String: String]) -> String? {
        guard let code = row.decidedBy, let criterion = Criterion(rawValue: code) else { return nil }
        let other = names[next.team] ?? next.team
        let values = row.decidedValues ?? []
        switch criterion {
        case .lots: return "above \(other) by drawing of lots"
        case .playoff: return "above \(other): won the play-off"
        case .ranking:
            // Values are minus the position in the ranking list.
            guard values.count == 2 else { return "above \(other) on ranking" }
            let lower = values[1] == Int.min ? "unranked" : "\(1 - values[1])"
            return "above \(other) on ranking (\(1 - values[0]) v \(lower))"
        default:
            guard values.count == 2 else { return "above \(other) on \(criterion.words)" }
            func signed(_ value: Int) -> String {
                [.goalDifference, .headToHeadGoalDifference, .opponentsGoalDifference].contains(criterion) && value > 0 ? "+\(value)" : "\(value)"
            }
            return "above \(other) on \(criterion.words) (\(signed(values[0])) v \(signed(values[1])))"
        }
    }

    public static func renderText(_ instance: StandingsInstance, _ result: SolveReport<StandingsKind>) -> String {
        var lines: [String] = []
        lines.append("Standings: \(result.status.rawValue) (\(result.method?.rawValue ?? "-"))")
        guard let solution = result.solution else {
            if let reason = result.reason { lines.append("Why: \(reason)") }
            return lines.joined(separator: "\n") + "\n"
        }
        let names = Dictionary(instance.teams.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        lines.append("Tie-breakers: \(solution.tieBreakers.joined(separator: ", ")) (head-to-head re-applied: \(solution.headToHeadReapply))")
        lines.append("")
        let width = max(4, solution.table.map { (names[$0.team] ?? $0.team).count }.max() ?? 4)
        func pad(_ text: String, _ count: Int, left: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, count - text.count))
            return left ? fill + text : text + fill
        }
        lines.append("  #  \(pad("Team", width))    P   W   D   L   GF   GA    GD  Pts  decided")
        for (position, row) in solution.table.enumerated() {
            let shared = position > 0 && solution.table[position - 1].rank == row.rank
            let rank = shared ? "=" : "\(row.rank)"
            let gd = row.goalDifference > 0 ? "+\(row.goalDifference)" : "\(row.goalDifference)"
            var why = ""
            if position + 1 < solution.table.count {
                why =
                    reason(row, next: solution.table[position + 1], names: names)
                    ?? "level with \(names[solution.table[position + 1].team] ?? solution.table[position + 1].team)"
            }
            lines.append(
                "\(pad(rank, 3, left: true))  \(pad(names[row.team] ?? row.team, width)) \(pad("\(row.played)", 4, left: true))\(pad("\(row.won)", 4, left: true))\(pad("\(row.drawn)", 4, left: true))\(pad("\(row.lost)", 4, left: true))\(pad("\(row.goalsFor)", 5, left: true))\(pad("\(row.goalsAgainst)", 5, left: true))\(pad(gd, 6, left: true))\(pad("\(row.points)", 5, left: true))  \(why)"
            )
        }
        for adjustment in instance.adjustments ?? [] {
            lines.append(
                "  \(names[adjustment.team] ?? adjustment.team): \(adjustment.points > 0 ? "+" : "")\(adjustment.points) points\(adjustment.reason.map { " (\($0))" } ?? "")"
            )
        }
        if let analysis = solution.analysis {
            lines.append("")
            let ks = (instance.analysis?.clinch ?? [])
            lines.append("  \(pad("Team", width))   Pts  Max  Best  Worst  \(ks.map { pad("top \($0)", 11) }.joined())proven")
            for entry in analysis {
                let marks = ks.map { pad(entry.clinch[String($0)] ?? "-", 11) }.joined()
                lines.append(
                    "  \(pad(names[entry.team] ?? entry.team, width)) \(pad("\(entry.points)", 5, left: true))\(pad("\(entry.maxPoints)", 5, left: true))\(pad("\(entry.bestRank)", 6, left: true))\(pad("\(entry.worstRank)", 7, left: true))  \(marks)\(entry.proven ? "yes" : "no")"
                )
            }
            lines.append("  (ranks on points alone: best = 1 + teams that must finish above; worst = 1 + teams that can finish level or above)")
        }
        if !result.warnings.isEmpty {
            lines.append("")
            for warning in result.warnings { lines.append("Warning: \(warning)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
