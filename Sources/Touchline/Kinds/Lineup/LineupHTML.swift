extension LineupKind: PrintableKind {
    /// A self-contained printable page (inline CSS, no scripts, nothing fetched), landscape A4 or Letter:
    /// page 1 the rotation grid (a row per player, columns as wide as their minutes, a colour per position, a
    /// line at each new period, minutes per player, the fairness summary and the mode's queue, marks or colour
    /// groups); page 2 a team sheet per period drawn in the formation for each window; page 3 the changes by
    /// minute.
    public static func renderHTML(_ given: LineupInstance, _ result: SolveReport<LineupKind>) -> String {
        // A day re-planned during a match prints the day still to play.
        let instance = given.remainingDay()
        var page = HTMLPage(title: "Lineup: \(instance.mode.rawValue), \(result.status.rawValue)")
        page.style(LineupHTML.css)
        let headline =
            instance.isDay
            ? "Tournament day: \(instance.matches?.count ?? 0) games, \(instance.mode.rawValue)" : LineupHTML.headline(instance, result)
        guard let solution = result.solution else {
            page.add("<section class=\"page\"><h1>\(HTMLPage.escape(headline))</h1>")
            if let reason = result.reason { page.add("<p>\(HTMLPage.escape(reason))</p>") }
            for error in result.errors ?? [] { page.add("<p>Error: \(HTMLPage.escape("\(error.path): \(error.message)"))</p>") }
            page.add("</section>")
            return page.document
        }
        if let games = solution.matches.map({ Array($0.prefix(instance.matches?.count ?? 0)) }), instance.isDay {
            // A tournament day: each match's three pages as one match prints them, then the day's minutes.
            for (m, game) in games.enumerated() {
                var part = result
                part.solution = game
                let partInstance = instance.dayPart(m, .perMatch)
                let html = LineupHTML(chart: LineupChart(instance: partInstance, solution: game), result: part)
                // Each game's own format (games of a day may differ).
                let title = "\(instance.dayMatchName(m)) (\(m + 1) of \(games.count)): \(LineupHTML.headline(partInstance, part))"
                page.add(html.gridPage(headline: title))
                page.add(html.sheetsPage(headline: title))
                page.add(html.changesPage(headline: title))
            }
            page.add(LineupHTML.daySummaryPage(instance, solution, headline: headline))
            return page.document
        }
        let chart = LineupChart(instance: instance, solution: solution)
        let html = LineupHTML(chart: chart, result: result)
        page.add(html.gridPage(headline: headline))
        page.add(html.sheetsPage(headline: headline))
        page.add(html.changesPage(headline: headline))
        return page.document
    }
}

/// The pieces of the lineup page.
struct LineupHTML {
    let chart: LineupChart
    let result: SolveReport<LineupKind>
    var instance: LineupInstance { chart.instance }
    var solution: LineupSolution { chart.solution }

    /// A tournament day's last page: each player's minutes in each match and over the day, and the day's summary.
    static func daySummaryPage(_ instance: LineupInstance, _ solution: LineupSolution, headline: String) -> String {
        let games = solution.matches ?? []
        let first = instance.playedDay?.matches ?? 0
        var rows = "<tr><th class=\"name\">Player</th>"
        if first > 0 { rows += "<th>Matches 1–\(first) (played)</th>" }
        for m in games.indices { rows += "<th>\(HTMLPage.escape(instance.dayMatchName(m)))</th>" }
        rows += "<th>Day</th></tr>"
        for (p, player) in instance.players.enumerated() {
            rows += "<tr><td class=\"name\">\(HTMLPage.escape(player.displayName))</td>"
            if first > 0 { rows += "<td>\(instance.state?.dayMinutesPlayed?[player.id] ?? 0)</td>" }
            for (m, game) in games.enumerated() {
                let here = LineupVerifier.dayPresence(instance, m, p).available
                rows += here ? "<td>\(game.minutes[player.id] ?? 0)</td>" : "<td class=\"out\">x</td>"
            }
            rows += "<td class=\"min\">\(solution.minutes[player.id] ?? 0)</td></tr>"
        }
        let summary = solution.summary
        return
            "<section class=\"page\"><h1>The day's minutes: \(HTMLPage.escape(headline))</h1><table class=\"grid\">\(rows)</table>"
            + "<p class=\"summary\">Day minutes \(summary.minMinutes)–\(summary.maxMinutes), spread \(summary.spread), substitutions \(summary.substitutions); x: injured or unavailable in that match.</p></section>"
    }

    static let palette = ["#ffd54f", "#90caf9", "#a5d6a7", "#ef9a9a", "#ce93d8", "#ffcc80", "#80deea", "#bcaaa4"]

    static let css = """
        @page { size: landscape; margin: 8mm; }
        * { box-sizing: border-box; }
        body { font: 9pt/1.25 "Helvetica Neue", Arial, "Liberation Sans", sans-serif; color: #111; margin: 0; }
        section.page { break-after: page; page-break-after: always; }
        section.page:last-child { break-after: auto; page-break-after: auto; }
        h1 { font-size: 13pt; margin: 0 0 1mm; }
        h2 { font-size: 10.5pt; margin: 2mm 0 1mm; }
        p { margin: 0.5mm 0; }
        .meta { color: #444; }
        table.grid { border-collapse: collapse; width: calc(100% - 1mm); table-layout: fixed; margin-top: 1.5mm; }
        .grid th, .grid td { border: 0.3mm solid #bbb; padding: 0.3mm 0; text-align: center; white-space: nowrap;
          overflow: hidden; font-size: var(--cell, 8pt); height: var(--row, 5.4mm); }
        .grid th { background: #f3f3f3; font-weight: 600; }
        .grid th.period { font-size: calc(var(--cell, 8pt) + 0.5pt); }
        .grid .name { text-align: left; padding-left: 1mm; }
        .grid .min { font-weight: 600; }
        .grid .start { border-left: 0.9mm solid #111; }
        .grid td.bench { color: #999; }
        .grid td.out { color: #b00; background: #f6f6f6; }
        .legend span, .chip { display: inline-block; padding: 0 1.2mm; border-radius: 0.8mm; margin-right: 1mm; }
        .summary { margin-top: 1.5mm; }
        .sheets { display: flex; flex-wrap: wrap; gap: 2mm; }
        .period-sheets { margin-bottom: 2mm; }
        .card { border: 0.3mm solid #999; border-radius: 1mm; padding: 1.5mm; background: #f4fbf4; break-inside: avoid; }
        .card h3 { font-size: 10pt; margin: 0 0 1mm; }
        .line { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.8mm; margin: 1.2mm 0; }
        .chip { font-size: var(--chip, 8pt); padding: 0.4mm 1.4mm; margin: 0; max-width: 40mm; overflow: hidden; white-space: nowrap; }
        .changes { columns: 3; column-gap: 6mm; }
        .window { break-inside: avoid; margin-bottom: 1.5mm; display: grid; grid-template-columns: 10mm 1fr; }
        .window ul { margin: 0; padding: 0; list-style: none; }
        .window .period { font-weight: 600; }
        """

    /// Row height and type size that let the grid use the page: about 120 mm of a landscape A4 or Letter page
    /// (the rest holds the title, the summary and the mode's details) shared by the players' rows and the two
    /// header rows, from 5.4 mm (22 players and more) to 10 mm; the type as large as the row and the
    /// narrowest segment column allow (a position code is up to three letters), from 8 pt to 14 pt.
    static func gridScale(players: Int, segments: [Int]) -> String {
        let row = min(10.0, max(5.4, 120.0 / Double(players + 2)))
        let total = max(1, segments.reduce(0, +))
        // 77 % of the 281 mm a landscape A4 page leaves between its margins goes to the segments.
        let narrowest = 0.77 * 281.0 * Double(segments.min() ?? total) / Double(total)
        let type = min(14.0, row * 1.6, narrowest * 1.5)
        return "--row: \(String(format: "%.1f", row))mm; --cell: \(String(format: "%.1f", max(8.0, type)))pt"
    }

    static func headline(_ instance: LineupInstance, _ result: SolveReport<LineupKind>) -> String {
        let match = instance.match
        var text = "Lineup: \(match.periods) × \(match.periodMinutes) min"
        if let overtime = match.overtime { text += " + \(overtime.periods) × \(overtime.periodMinutes) min overtime" }
        text += ", \(instance.mode.rawValue)"
        return text
    }

    /// Position codes in formation order (keeper, then defence to attack as far as the codes say, then the rest).
    var positions: [String] {
        let known = ["GK", "DEF", "MID", "FWD"]
        let codes = instance.formation.filter { $0.value > 0 }.map(\.key)
        return known.filter(codes.contains) + codes.filter { !known.contains($0) }.sorted()
    }

    func colourClass(_ code: String) -> String {
        "p\((positions.firstIndex(of: code) ?? positions.count) % Self.palette.count)"
    }

    var positionStyles: String {
        Self.palette.enumerated().map { ".p\($0.offset) { background: \($0.element); }" }.joined(separator: "\n")
    }

    func statusLine() -> String {
        var words = "Status: \(result.status.rawValue)"
        switch result.status {
        case .optimal: words += " (the fairest plan there is under these rules, proven)"
        case .feasible: words += " (a legal plan, not proven the fairest)"
        case .infeasible: words += " (the rules cannot all hold; best-effort plan)"
        case .unknown: words += " (no legal plan found, nothing proven; best-effort plan)"
        default: break
        }
        if let method = result.method { words += ", \(method.rawValue)" }
        return words
    }

    func gridPage(headline: String) -> String {
        let segments = solution.segments
        var out = "<section class=\"page\"><style>\(positionStyles)</style>"
        out += "<h1>\(HTMLPage.escape(headline))</h1>"
        out += "<p class=\"meta\">\(HTMLPage.escape(statusLine()))</p>"
        if let reason = result.reason { out += "<p class=\"meta\">Why: \(HTMLPage.escape(reason))</p>" }
        if let broken = solution.brokenRules, !broken.isEmpty {
            out += "<p class=\"meta\">It breaks: \(HTMLPage.escape(broken.joined(separator: "; ")))</p>"
        }
        // Columns: the name, one per segment as wide as its minutes, the minutes.
        let total = max(1, segments.reduce(0) { $0 + $1.end - $1.start })
        out += "<table class=\"grid\" style=\"\(Self.gridScale(players: instance.players.count, segments: segments.map { $0.end - $0.start }))\">"
        out += "<colgroup><col style=\"width:16%\">"
        for segment in segments {
            let share = 77.0 * Double(segment.end - segment.start) / Double(total)
            out += "<col style=\"width:\(Self.percent(share))\">"
        }
        out += "<col style=\"width:6%\"></colgroup><thead><tr><th></th>"
        var s = 0
        while s < segments.count {
            let period = segments[s].period
            let span = segments[s...].prefix { $0.period == period }.count
            let name = chart.periodName(period)
            let marker = s > 0 ? chart.breakName(period).map { "\($0) – " } ?? "" : ""
            out += "<th class=\"period\(s > 0 ? " start" : "")\" colspan=\"\(span)\">\(HTMLPage.escape(marker + name))</th>"
            s += span
        }
        out += "<th></th></tr><tr><th class=\"name\">Player</th>"
        for (s, segment) in segments.enumerated() {
            out += "<th\(s > 0 && chart.startsPeriod(s) ? " class=\"start\"" : "")>\(segment.start)'</th>"
        }
        out += "<th class=\"min\">Min</th></tr></thead><tbody>"
        for player in instance.players {
            let status = player.isAvailable ? "" : " (\(player.status?.rawValue ?? "out"))"
            out += "<tr><td class=\"name\">\(HTMLPage.escape(chart.label(player) + status))</td>"
            for (s, segment) in segments.enumerated() {
                var classes: [String] = []
                if s > 0 && chart.startsPeriod(s) { classes.append("start") }
                let text: String
                if let code = segment.onField[player.id] {
                    classes.append(colourClass(code))
                    text = HTMLPage.escape(code)
                } else if segment.bench.contains(player.id) {
                    classes.append("bench")
                    text = "·"
                } else if !player.isAvailable {
                    classes.append("out")
                    text = "x"
                } else {
                    text = ""
                }
                out += "<td\(classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"")>\(text)</td>"
            }
            out += "<td class=\"min\">\(solution.minutes[player.id] ?? 0)</td></tr>"
        }
        out += "</tbody></table>"
        let summary = solution.summary
        out +=
            "<p class=\"summary\"><b>Fairness:</b> minutes \(summary.minMinutes)–\(summary.maxMinutes) (spread "
            + "\(summary.spread)), \(summary.substitutions) substitutions"
        if let objective = result.objective { out += ", \(objective.offPreferredPosition) player-segments off a preferred position" }
        out += ".</p>"
        if let strength = LineupKind.strengthLine(instance, solution) { out += "<p>\(HTMLPage.escape(strength)).</p>" }
        out +=
            "<p class=\"legend\">" + positions.map { "<span class=\"\(colourClass($0))\">\(HTMLPage.escape($0))</span>" }.joined()
            + " · bench &nbsp; x injured or unavailable &nbsp; blank: not there yet &nbsp; thick line: a new period</p>"
        if let keepers = chart.keeperLine() { out += "<p>\(HTMLPage.escape(keepers))</p>" }
        out += modeDetails()
        out += "</section>"
        return out
    }

    /// The turn-based queue, the pre-marked periods or the colour groups.
    func modeDetails() -> String {
        var out = ""
        if let queue = solution.queue {
            out += "<p><b>Queue</b> (next up after each window): "
            out += queue.map { entry in
                "\(entry.minute)' " + (entry.nextUp.isEmpty ? "–" : entry.nextUp.map { HTMLPage.escape(chart.shortName($0)) }.joined(separator: ", "))
            }.joined(separator: "; ")
            out += "</p>"
        }
        if instance.mode == .preMarked, let marks = instance.preMarked?.periods {
            out += "<p><b>Marked to play:</b> "
            out += marks.map { mark in
                "\(HTMLPage.escape(chart.periodName(mark.period))): "
                    + mark.active.map { HTMLPage.escape(chart.shortName($0)) }.joined(separator: ", ")
            }.joined(separator: "; ")
            out += "</p>"
        }
        if let groups = solution.groups {
            out += "<p><b>Colour groups:</b> "
            out += (instance.colourGroups?.colours ?? []).map { colour in
                let members = instance.players.filter { groups.assignment[$0.id] == colour }.map { HTMLPage.escape(chart.shortName($0.id)) }
                return "<span class=\"chip\" style=\"border:0.5mm solid \(HTMLPage.cssColour(colour))\">\(HTMLPage.escape(colour))</span> "
                    + members.joined(separator: ", ")
            }.joined(separator: "; ")
            out += "</p>"
        }
        return out
    }

    /// A card per segment, grouped by period: the players by position line, attack at the top, keeper below.
    func sheetsPage(headline: String) -> String {
        var out = "<section class=\"page\"><h1>Team sheets</h1><p class=\"meta\">\(HTMLPage.escape(headline))</p>"
        let segments = solution.segments
        var s = 0
        while s < segments.count {
            let period = segments[s].period
            let span = segments[s...].prefix { $0.period == period }.count
            out += "<div class=\"period-sheets\"><h2>\(HTMLPage.escape(chart.periodName(period)))</h2><div class=\"sheets\">"
            // Up to 7 cards a row, at least 3 wide; the names as large as the card's width allows.
            let perRow = max(3, min(span, 7))
            let chip = perRow >= 6 ? 8.0 : perRow >= 4 ? 9.5 : 11.0
            let width = "calc((100% - \(2 * (perRow - 1))mm) / \(perRow)); --chip: \(chip)pt"
            for segment in segments[s..<(s + span)] {
                out += "<div class=\"card\" style=\"width:\(width)\"><h3>\(segment.start)'–\(segment.end)'</h3>"
                for code in positions.reversed() {
                    let here = instance.players.filter { segment.onField[$0.id] == code }
                    guard !here.isEmpty else { continue }
                    out +=
                        "<div class=\"line\">"
                        + here.map {
                            "<span class=\"chip \(colourClass(code))\">\(HTMLPage.escape(chart.label($0)))</span>"
                        }.joined() + "</div>"
                }
                out += "</div>"
            }
            out += "</div></div>"
            s += span
        }
        out += "</section>"
        return out
    }

    func changesPage(headline: String) -> String {
        var out = "<section class=\"page\"><h1>Changes by minute</h1><p class=\"meta\">\(HTMLPage.escape(headline))</p>"
        let windows = chart.windows()
        if windows.isEmpty { out += "<p>No changes after kick-off.</p>" }
        out += "<div class=\"changes\">"
        for window in windows {
            out += "<div class=\"window\"><b>\(window.minute)'</b><ul>"
            if let period = window.periodStart { out += "<li class=\"period\">\(HTMLPage.escape(period)) starts</li>" }
            out += window.entries.map { "<li>\(HTMLPage.escape($0))</li>" }.joined() + "</ul></div>"
        }
        out += "</div></section>"
        return out
    }

    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
