/// A match-day plan as a fixtures secretary pins it on a board: one sheet per day and field group, matches
/// by start time, then pitch, then id in natural order (m2 before m10), with names where the instance has them.
/// Shared by `officials`, `pitches` and `matchday` for `--format text`, `html` and `csv`.
struct DaySheets {
    struct Row {
        var id: String
        var start: LocalDateTime
        var end: LocalDateTime
        /// The pitch or venue's name; nil when the match has no place in the plan.
        var place: String?
        var group: String?
        var teams: [String]
        var competition: String?
        /// Officials by name; nil for a kind without officials.
        var officials: [String]?
        /// Slots left unfilled at this match.
        var missing: Int = 0

        var label: String { teams.isEmpty ? id : teams.joined(separator: " v ") }
    }

    /// A row of the usage or load table.
    struct Count {
        var name: String
        var group: String?
        var count: Int
        var extra: String? = nil
    }

    var title: String
    var rows: [Row]
    var unplaced: [(match: String, reason: String)] = []
    var unfilled: [(match: String, missing: Int, reason: String)] = []
    /// Matches per pitch (pitches, matchday).
    var usage: [Count]? = nil
    /// The heading of the load's `extra` column.
    var loadExtraTitle = "Moves"
    /// Matches per official (officials, matchday), with travel in `extra`.
    var load: [Count]? = nil
    var moves: [String] = []

    var hasOfficials: Bool { rows.contains { $0.officials != nil } }

    /// Rows in board order: start, place (natural), id (natural).
    var ordered: [Row] {
        rows.sorted { a, b in
            if a.start != b.start { return a.start < b.start }
            if (a.place ?? "") != (b.place ?? "") { return Natural.less(a.place ?? "\u{10FFFF}", b.place ?? "\u{10FFFF}") }
            return Natural.less(a.id, b.id)
        }
    }

    /// The sheets: (day, field group, rows), days in order, groups in natural order, unplaced matches last.
    var sheets: [(day: LocalDateTime, group: String?, rows: [Row])] {
        var out: [(day: LocalDateTime, group: String?, rows: [Row])] = []
        let byDay = Dictionary(grouping: ordered) { $0.start.day }
        for day in byDay.keys.sorted() {
            let rows = byDay[day]!
            let groups = Set(rows.filter { $0.place != nil }.map { $0.group ?? "" })
            for group in groups.sorted(by: Natural.less) {
                out.append((rows[0].start, group.isEmpty ? nil : group, rows.filter { $0.place != nil && ($0.group ?? "") == group }))
            }
            let unplaced = rows.filter { $0.place == nil }
            if !unplaced.isEmpty { out.append((rows[0].start, "Not placed", unplaced)) }
        }
        return out
    }

    static func dayTitle(_ day: LocalDateTime) -> String {
        let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let weekday = ((day.day + 4) % 7 + 7) % 7
        return "\(names[weekday]) \(day.dateText)"
    }

    func officialsText(_ row: Row) -> String {
        guard let officials = row.officials else { return "" }
        var text = officials.joined(separator: ", ")
        if row.missing > 0 { text += (text.isEmpty ? "" : ", ") + "\(row.missing) unfilled" }
        return text.isEmpty ? "-" : text
    }

    /// "2026-11-21 14:25 villiers v angelos (m5)" for a match id.
    func describe(_ id: String) -> String {
        guard let row = rows.first(where: { $0.id == id }) else { return id }
        return "\(row.start.dateText) \(row.start.timeText) \(row.label)" + (row.teams.isEmpty ? "" : " (\(id))")
    }

    /// Entries keyed by match id in the order of the board.
    func inBoardOrder<Entry>(_ entries: [(String, Entry)]) -> [Entry] {
        var rank: [String: Int] = [:]
        for (r, row) in ordered.enumerated() where rank[row.id] == nil { rank[row.id] = r }
        return entries.sorted { (rank[$0.0] ?? Int.max, $0.0) < (rank[$1.0] ?? Int.max, $1.0) }.map(\.1)
    }

    // MARK: - Text

    func text() -> [String] {
        var lines: [String] = []
        let officials = hasOfficials
        for sheet in sheets {
            lines.append("")
            lines.append(Self.dayTitle(sheet.day) + (sheet.group.map { " · \($0)" } ?? ""))
            var table: [[String]] = [["Time", "Pitch", "Match", "Competition"] + (officials ? ["Officials"] : [])]
            for row in sheet.rows {
                table.append(
                    ["\(row.start.timeText)–\(row.end.timeText)", row.place ?? "-", row.label, row.competition ?? ""]
                        + (officials ? [officialsText(row)] : []))
            }
            lines += Self.columns(table, indent: "  ")
        }
        if !unplaced.isEmpty {
            lines.append("")
            lines.append("Not placed (\(unplaced.count)):")
            for entry in inBoardOrder(unplaced.map { ($0.match, $0) }) { lines.append("  \(describe(entry.match)): \(entry.reason)") }
        }
        if !unfilled.isEmpty {
            lines.append("")
            lines.append("Unfilled (\(unfilled.reduce(0) { $0 + $1.missing }) slots):")
            for entry in inBoardOrder(unfilled.map { ($0.match, $0) }) {
                lines.append("  \(describe(entry.match)): \(entry.missing) missing; \(entry.reason)")
            }
        }
        if let usage {
            lines.append("")
            lines.append("Pitch usage:")
            lines += Self.columns([["Pitch", "Group", "Matches"]] + usage.map { [$0.name, $0.group ?? "", String($0.count)] }, indent: "  ")
        }
        if let load {
            lines.append("")
            lines.append("Officials' load:")
            let travel = load.contains { $0.extra != nil }
            lines += Self.columns(
                [["Official", "Matches"] + (travel ? [loadExtraTitle] : [])]
                    + load.map { [$0.name, String($0.count)] + (travel ? [$0.extra ?? ""] : []) }, indent: "  ")
        }
        if !moves.isEmpty {
            lines.append("")
            lines.append("Moves between field groups:")
            for move in moves { lines.append("  \(move)") }
        }
        return lines
    }

    /// A table as aligned columns (the last one left ragged), its header underlined.
    static func columns(_ table: [[String]], indent: String) -> [String] {
        guard let header = table.first else { return [] }
        var widths = header.map(\.count)
        for row in table { for (c, cell) in row.enumerated() where c < widths.count { widths[c] = max(widths[c], cell.count) } }
        func line(_ row: [String]) -> String {
            var text = indent
            for (c, cell) in row.enumerated() {
                text += c == row.count - 1 ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0) + "  "
            }
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines = [line(header)]
        lines.append(
            indent
                + widths.enumerated().map { String(repeating: "-", count: $0.offset == widths.count - 1 ? max($0.element, 1) : $0.element) }.joined(
                    separator: "  "))
        lines += table.dropFirst().map(line)
        return lines
    }

    // MARK: - CSV

    /// One row per match, RFC 4180: CRLF line ends, fields with a comma, quote or line break quoted, quotes
    /// doubled. Columns: match, date, start, end, pitch, field group, competition, teams, officials (by name,
    /// "; " between), unfilled.
    func csv() -> String {
        var records: [[String]] = [
            ["match", "date", "start", "end", "pitch", "field group", "competition", "teams"]
                + (hasOfficials ? ["officials", "unfilled"] : [])
        ]
        for row in ordered {
            var record = [
                row.id, row.start.dateText, row.start.timeText, row.end.timeText, row.place ?? "",
                row.place == nil ? "" : row.group ?? "", row.competition ?? "", row.teams.joined(separator: " v ")
            ]
            if hasOfficials { record += [(row.officials ?? []).joined(separator: "; "), String(row.missing)] }
            records.append(record)
        }
        return records.map { $0.map(Self.csvField).joined(separator: ",") + "\r\n" }.joined()
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - HTML

    /// A printable page per day: a table per field group, then unplaced and unfilled matches with reasons.
    func html(headline: [String]) -> String {
        var page = HTMLPage(title: title)
        page.style(
            """
            @page { size: A4 portrait; margin: 10mm; }
            body { font: 9.5pt/1.3 "Helvetica Neue", Arial, "Liberation Sans", sans-serif; color: #111; margin: 0; }
            section.day { break-after: page; page-break-after: always; }
            section.day:last-of-type { break-after: auto; page-break-after: auto; }
            h1 { font-size: 14pt; margin: 0 0 1mm; }
            h2 { font-size: 11pt; margin: 4mm 0 1mm; }
            p.meta { color: #444; margin: 0 0 2mm; }
            table { border-collapse: collapse; width: 100%; }
            thead { display: table-header-group; }
            .group { break-inside: avoid; page-break-inside: avoid; }
            th, td { border: 0.3mm solid #bbb; padding: 0.8mm 1.5mm; text-align: left; vertical-align: top; }
            th { background: #f0f0f0; }
            td.time { white-space: nowrap; }
            .missing { color: #b00; font-weight: 600; }
            """)
        let officials = hasOfficials
        let byDay = Dictionary(grouping: sheets) { $0.day.day }
        for day in byDay.keys.sorted() {
            let daySheets = byDay[day]!
            var out = "<section class=\"day\"><h1>\(HTMLPage.escape(title)): \(HTMLPage.escape(Self.dayTitle(daySheets[0].day)))</h1>"
            out += "<p class=\"meta\">" + headline.map(HTMLPage.escape).joined(separator: "<br>") + "</p>"
            for sheet in daySheets {
                // A field group's table stays on one page where it fits (a longer one repeats its header).
                out +=
                    "<div class=\"group\"><h2>\(HTMLPage.escape(sheet.group ?? "Matches"))</h2><table><thead><tr><th>Time</th><th>Pitch</th><th>Match</th><th>Competition</th>"
                out += officials ? "<th>Officials</th>" : ""
                out += "</tr></thead><tbody>"
                for row in sheet.rows {
                    out += "<tr><td class=\"time\">\(row.start.timeText)–\(row.end.timeText)</td><td>\(HTMLPage.escape(row.place ?? "-"))</td>"
                    out += "<td>\(HTMLPage.escape(row.label))</td><td>\(HTMLPage.escape(row.competition ?? ""))</td>"
                    if officials {
                        let names = HTMLPage.escape((row.officials ?? []).joined(separator: ", "))
                        let missing = row.missing > 0 ? " <span class=\"missing\">\(row.missing) unfilled</span>" : ""
                        out += "<td>\(names)\(missing)</td>"
                    }
                    out += "</tr>"
                }
                out += "</tbody></table></div>"
            }
            let ids = Set(daySheets.flatMap { $0.rows.map(\.id) })
            let dayUnplaced = unplaced.filter { ids.contains($0.match) }
            if !dayUnplaced.isEmpty {
                out +=
                    "<h2>Not placed</h2><ul>"
                    + inBoardOrder(dayUnplaced.map { ($0.match, $0) }).map { "<li>\(HTMLPage.escape("\(describe($0.match)): \($0.reason)"))</li>" }
                    .joined() + "</ul>"
            }
            let dayUnfilled = unfilled.filter { ids.contains($0.match) }
            if !dayUnfilled.isEmpty {
                out +=
                    "<h2>Unfilled</h2><ul>"
                    + inBoardOrder(dayUnfilled.map { ($0.match, $0) }).map {
                        "<li>\(HTMLPage.escape("\(describe($0.match)): \($0.missing) missing; \($0.reason)"))</li>"
                    }.joined() + "</ul>"
            }
            out += "</section>"
            page.add(out)
        }
        return page.document
    }
}

/// Natural order of ids and names: runs of digits compare as numbers ("m2" < "m10"), the rest as text without
/// regard to case (then with it, so that the order is total).
enum Natural {
    static func less(_ a: String, _ b: String) -> Bool {
        let x = chunks(a), y = chunks(b)
        for (p, q) in zip(x, y) where p != q {
            switch (p, q) {
            case let (.number(m, mText), .number(n, nText)): return m != n ? m < n : mText < nText
            case let (.text(s), .text(t)):
                let (ls, lt) = (s.lowercased(), t.lowercased())
                return ls != lt ? ls < lt : s < t
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
        return x.count != y.count ? x.count < y.count : a < b
    }

    enum Chunk: Equatable {
        case number(Double, String)
        case text(String)
    }

    static func chunks(_ text: String) -> [Chunk] {
        var out: [Chunk] = []
        var current = ""
        var digits = false
        func flush() {
            guard !current.isEmpty else { return }
            // Digit runs of any length compare by value (as a Double: long runs stay ordered, never overflow).
            out.append(digits ? .number(Double(current) ?? .infinity, current) : .text(current))
            current = ""
        }
        for character in text {
            let isDigit = character.isASCII && character.isNumber
            if isDigit != digits { flush(); digits = isDigit }
            current.append(character)
        }
        flush()
        return out
    }
}

/// A kind whose plan is a match day (`officials`, `pitches`, `matchday`): its text, HTML and CSV are its
/// ``DaySheets`` (a table per day and field group, then what was not placed or filled with the reasons, usage
/// and load), written once here.
protocol MatchDaySheetKind: PrintableKind, SpreadsheetKind, CalendarKind {
    static func daySheets(_ instance: Instance, _ solution: Solution) -> DaySheets
}

extension MatchDaySheetKind {
    /// "Officials", "Pitches", "Matchday".
    static var sheetTitle: String { name.prefix(1).uppercased() + name.dropFirst() }

    public static func renderText(_ instance: Instance, _ result: SolveReport<Self>) -> String {
        MatchDayText.render(
            sheetTitle, result.status, result.method?.rawValue, result.objective.map { "\($0)" }, result.reason,
            result.solution.map { daySheets(instance, $0) }, warnings: result.warnings)
    }

    public static func renderHTML(_ instance: Instance, _ result: SolveReport<Self>) -> String {
        MatchDayText.html(
            sheetTitle, result.status, result.method?.rawValue, result.objective.map { "\($0)" }, result.reason,
            result.solution.map { daySheets(instance, $0) })
    }

    public static func renderCSV(_ instance: Instance, _ result: SolveReport<Self>) -> String? {
        result.solution.map { daySheets(instance, $0).csv() }
    }
}
