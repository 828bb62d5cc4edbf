extension OfficialsKind: MatchDaySheetKind {
    static func daySheets(_ instance: OfficialsInstance, _ solution: OfficialsSolution) -> DaySheets {
        let teamNames = TeamName.lookup(instance.teams)
        var venues: [String: Venue] = [:]
        for venue in instance.venues { venues[venue.id] = venue }
        let names = OfficialsText.names(instance.officials)
        let missing = Dictionary(solution.unfilled.map { ($0.match, $0.missing) }, uniquingKeysWith: +)
        let rows = instance.matches.map { match in
            DaySheets.Row(
                id: match.id, start: match.start, end: match.end, place: venues[match.venue]?.displayName ?? match.venue,
                group: venues[match.venue]?.group, teams: TeamName.display(match.teams, teamNames), competition: match.competition,
                officials: (solution.assignments[match.id] ?? []).map { names[$0] ?? $0 }, missing: missing[match.id] ?? 0)
        }
        var sheets = DaySheets(title: "Officials", rows: rows)
        OfficialsText.addOfficials(to: &sheets, solution, officials: instance.officials)
        return sheets
    }
}

/// Text pieces shared by `officials` and `matchday`.
enum OfficialsText {
    static func names(_ officials: [Official]) -> [String: String] {
        var names: [String: String] = [:]
        for official in officials { names[official.id] = official.displayName }
        return names
    }

    /// Unfilled slots, load (with moves between field groups) and the moves, by name.
    static func addOfficials(to sheets: inout DaySheets, _ solution: OfficialsSolution, officials: [Official]) {
        let names = names(officials)
        sheets.unfilled = solution.unfilled.map { ($0.match, $0.missing, $0.reason) }
        let moving = solution.travel.values.contains { $0 > 0 }
        sheets.load = officials.map { official in
            DaySheets.Count(
                name: official.displayName, group: nil, count: solution.load[official.id] ?? 0,
                extra: moving ? String(solution.travel[official.id] ?? 0) : nil)
        }
        // Season tours: each official's km instead of moves between field groups.
        if let tours = solution.tourKm {
            sheets.loadExtraTitle = "Km"
            for (index, official) in officials.enumerated() { sheets.load?[index].extra = String(tours.officials[official.id] ?? 0) }
        }
        sheets.moves = solution.moves.map { move in
            "\(names[move.official] ?? move.official): \(move.from) (\(move.fromGroup)) → \(move.to) (\(move.toGroup))"
        }
    }
}

/// The text and HTML frame of the match-day kinds: status, objective and reason, then the day sheets.
enum MatchDayText {
    static func header(_ title: String, _ status: ResultStatus, _ method: String?, _ objective: String?, _ reason: String?) -> [String] {
        var lines = ["\(title): \(status.rawValue) (\(method ?? "-"))"]
        if let objective { lines.append("Objective: \(objective)") }
        if let reason { lines.append("Why: \(reason)") }
        return lines
    }

    static func render(
        _ title: String, _ status: ResultStatus, _ method: String?, _ objective: String?, _ reason: String?,
        _ sheets: DaySheets?, warnings: [String]
    ) -> String {
        var lines = header(title, status, method, objective, reason)
        if let sheets { lines += sheets.text() }
        if !warnings.isEmpty { lines.append("") }
        for warning in warnings { lines.append("Warning: \(warning)") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func html(
        _ title: String, _ status: ResultStatus, _ method: String?, _ objective: String?, _ reason: String?, _ sheets: DaySheets?
    ) -> String {
        let headline = header(title, status, method, objective, reason)
        guard let sheets, !sheets.rows.isEmpty else {
            var page = HTMLPage(title: title)
            page.add("<h1>\(HTMLPage.escape(title))</h1><p>" + headline.map(HTMLPage.escape).joined(separator: "<br>") + "</p>")
            return page.document
        }
        return sheets.html(headline: headline)
    }
}
