extension StandingsKind: PrintableKind {
    /// The league table as a printable page: position, team, record, goal difference, points and the criterion
    /// that decided each line against the next; then, with `analysis`, each team's best and worst final rank
    /// and the clinch or elimination marks.
    public static func renderHTML(_ instance: StandingsInstance, _ result: SolveReport<StandingsKind>) -> String {
        var page = HTMLPage(title: "Standings: \(result.status.rawValue)")
        page.style(
            """
            @page { size: A4 portrait; margin: 12mm; }
            body { font: 10pt/1.3 "Helvetica Neue", Arial, "Liberation Sans", sans-serif; color: #111; margin: 0; }
            h1 { font-size: 14pt; margin: 0 0 1mm; }
            h2 { font-size: 11pt; margin: 5mm 0 1mm; }
            p.meta { color: #444; margin: 0 0 2mm; }
            table { border-collapse: collapse; width: 100%; }
            th, td { border-bottom: 0.3mm solid #ccc; padding: 0.8mm 1.5mm; }
            th { background: #f0f0f0; text-align: left; }
            td.n, th.n { text-align: right; }
            td.why { color: #333; font-size: 9pt; }
            .yes { color: #060; font-weight: 600; }
            .no { color: #b00; }
            """)
        var out =
            "<h1>Standings</h1><p class=\"meta\">\(HTMLPage.escape("Status: \(result.status.rawValue) (\(result.method?.rawValue ?? "-"))"))</p>"
        guard let solution = result.solution else {
            if let reason = result.reason { out += "<p>\(HTMLPage.escape(reason))</p>" }
            page.add(out)
            return page.document
        }
        let names = Dictionary(instance.teams.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        func name(_ id: String) -> String { HTMLPage.escape(names[id] ?? id) }
        out += "<p class=\"meta\">\(HTMLPage.escape("Tie-breakers: \(solution.tieBreakers.joined(separator: ", "))"))</p>"
        out += "<table><thead><tr><th class=\"n\">#</th><th>Team</th>"
        out += ["P", "W", "D", "L", "GF", "GA", "GD", "Pts"].map { "<th class=\"n\">\($0)</th>" }.joined()
        out += "<th>Decided</th></tr></thead><tbody>"
        for (position, row) in solution.table.enumerated() {
            let shared = position > 0 && solution.table[position - 1].rank == row.rank
            let gd = row.goalDifference > 0 ? "+\(row.goalDifference)" : "\(row.goalDifference)"
            var why = ""
            if position + 1 < solution.table.count {
                let next = solution.table[position + 1]
                why = reason(row, next: next, names: names) ?? "level with \(names[next.team] ?? next.team)"
            }
            out += "<tr><td class=\"n\">\(shared ? "=" : "\(row.rank)")</td><td>\(name(row.team))</td>"
            out += [row.played, row.won, row.drawn, row.lost, row.goalsFor, row.goalsAgainst].map { "<td class=\"n\">\($0)</td>" }.joined()
            out += "<td class=\"n\">\(gd)</td><td class=\"n\"><b>\(row.points)</b></td><td class=\"why\">\(HTMLPage.escape(why))</td></tr>"
        }
        out += "</tbody></table>"
        let adjustments = instance.adjustments ?? []
        if !adjustments.isEmpty {
            out +=
                "<p>"
                + adjustments.map { adjustment in
                    name(adjustment.team) + ": " + (adjustment.points > 0 ? "+" : "") + "\(adjustment.points) points"
                        + (adjustment.reason.map { " (\(HTMLPage.escape($0)))" } ?? "")
                }.joined(separator: "<br>") + "</p>"
        }
        if let analysis = solution.analysis {
            let ks = instance.analysis?.clinch ?? []
            out += "<h2>Best and worst final rank</h2><table><thead><tr><th>Team</th><th class=\"n\">Pts</th><th class=\"n\">Max</th>"
            out +=
                "<th class=\"n\">Best</th><th class=\"n\">Worst</th>" + ks.map { "<th>Top \($0)</th>" }.joined()
                + "<th>Proven</th></tr></thead><tbody>"
            for entry in analysis {
                out += "<tr><td>\(name(entry.team))</td><td class=\"n\">\(entry.points)</td><td class=\"n\">\(entry.maxPoints)</td>"
                out += "<td class=\"n\">\(entry.bestRank)</td><td class=\"n\">\(entry.worstRank)</td>"
                out += ks.map { k in
                    let mark = entry.clinch[String(k)] ?? "-"
                    let style = mark == "clinched" ? "yes" : mark == "outOfReach" ? "no" : ""
                    return "<td class=\"\(style)\">\(HTMLPage.escape(mark))</td>"
                }.joined()
                out += "<td>\(entry.proven ? "yes" : "no")</td></tr>"
            }
            out +=
                "</tbody></table><p class=\"meta\">Ranks on points alone: best = 1 + teams that must finish above; "
                + "worst = 1 + teams that can finish level or above.</p>"
        }
        page.add(out)
        return page.document
    }
}
