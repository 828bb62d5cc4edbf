extension LineupKind {
    /// The widest line of the text chart; wider grids wrap into blocks of whole periods where they can.
    static let textWidth = 80

    /// A rotation chart for the touchline: one row per player, one column per segment labelled with its start
    /// minute, position codes in the cells (`·` on the bench, `x` injured or unavailable, blank when not there
    /// yet), `|` between periods, minutes at the end, at most 80 columns (wider grids wrap into blocks); who is
    /// in goal when; then every change in match-clock order: who comes on where for whom, who moves position.
    /// Under `rules.strength`: the least and the most the ratings on the field sum to over the segments.
    static func strengthLine(_ instance: LineupInstance, _ solution: LineupSolution) -> String? {
        guard instance.rules?.strength != nil, !solution.segments.isEmpty else { return nil }
        var rating: [String: Double] = [:]
        for player in instance.players { rating[player.id] = player.rating ?? 0 }
        let sums = solution.segments.map { $0.onField.keys.reduce(0.0) { $0 + (rating[$1] ?? 0) } }
        let (low, high) = (LineupObjective.number(sums.min()!), LineupObjective.number(sums.max()!))
        if low == high { return "Field strength (ratings on the field): \(low) in every segment" }
        let gap = LineupVerifier.strengthGap(instance, solution) ?? (sums.max()! - sums.min()!)
        return "Field strength (ratings on the field): \(low)–\(high) by segment, a gap of \(LineupObjective.number(gap))"
    }

    public static func renderText(_ instance: LineupInstance, _ result: SolveReport<LineupKind>) -> String {
        if instance.isDay { return renderDayText(instance, result) }
        var lines: [String] = []
        lines.append("Lineup (\(instance.mode.rawValue)): \(result.status.rawValue) (\(result.method?.rawValue ?? "-"))")
        if let objective = result.objective { lines.append("Objective: \(objective)") }
        if let reason = result.reason { lines.append("Why: \(reason)") }
        lines += suggestionLines(result.suggestions)
        guard let solution = result.solution else {
            for error in result.errors ?? [] { lines.append("Error: \(error.path): \(error.message)") }
            return lines.joined(separator: "\n") + "\n"
        }
        if let broken = solution.brokenRules, !broken.isEmpty {
            lines.append("Best-effort plan; it breaks:")
            for rule in broken { lines.append("  - \(rule)") }
        }
        let chart = LineupChart(instance: instance, solution: solution)
        lines.append("")
        lines += chart.grid(width: textWidth)
        lines.append("Cells: position played, · bench, x injured or unavailable, blank not there yet; | a new period.")
        if let keepers = chart.keeperLine() { lines.append(keepers) }
        let out = instance.players.filter { !$0.isAvailable }
        if !out.isEmpty {
            lines.append("Not playing: " + out.map { "\($0.displayName) (\($0.status?.rawValue ?? "unavailable"))" }.joined(separator: ", "))
        }
        let summary = solution.summary
        lines.append("Minutes \(summary.minMinutes)–\(summary.maxMinutes), spread \(summary.spread), substitutions \(summary.substitutions)")
        if let strength = strengthLine(instance, solution) { lines.append(strength) }
        let changes = chart.changeLines()
        if !changes.isEmpty {
            lines.append("")
            lines.append("Changes")
            lines += changes
        }
        let nameOf = chart.shortName
        if let queue = solution.queue {
            lines.append("Queue (next up after each window):")
            for entry in queue {
                lines.append("  \(entry.minute)': next up " + (entry.nextUp.isEmpty ? "-" : entry.nextUp.map { nameOf($0) }.joined(separator: ", ")))
            }
        }
        if instance.mode == .preMarked {
            for marks in instance.preMarked?.periods ?? [] {
                lines.append("Marked for \(chart.periodName(marks.period)): " + marks.active.map { nameOf($0) }.joined(separator: ", "))
            }
        }
        if let groups = solution.groups {
            for colour in instance.colourGroups?.colours ?? [] {
                let members = instance.players.filter { groups.assignment[$0.id] == colour }.map { nameOf($0.id) }
                lines.append("Group \(colour): " + members.joined(separator: ", "))
            }
        }
        for warning in result.warnings { lines.append("Warning: \(warning)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// What the text and HTML charts of a lineup plan share: period names, who is in goal, the changes at each
/// window read off the segments (so they always agree with the grid).
struct LineupChart {
    let instance: LineupInstance
    let solution: LineupSolution
    let names: [String: String]

    init(instance: LineupInstance, solution: LineupSolution) {
        self.instance = instance
        self.solution = solution
        var names: [String: String] = [:]
        for player in instance.players { names[player.id] = player.displayName }
        self.names = names
    }

    func shortName(_ id: String) -> String { names[id] ?? id }

    /// The row label of a player: shirt number and name.
    func label(_ player: LineupPlayer) -> String { (player.number.map { "\($0) " } ?? "") + player.displayName }

    /// "1st half", "Q3", "OT1": the name of 1-based period `period` (overtime periods follow the regular ones).
    func periodName(_ period: Int) -> String {
        let regular = instance.match.periods
        if period > regular { return "OT\(period - regular)" }
        switch regular {
        case 1: return "Match"
        case 2: return period == 1 ? "1st half" : "2nd half"
        case 4: return "Q\(period)"
        default: return "Period \(period)"
        }
    }

    /// The break before 1-based period `period`, when it has a name: half-time, overtime.
    func breakName(_ period: Int) -> String? {
        let regular = instance.match.periods
        if period == regular + 1 { return "Overtime" }
        if regular % 2 == 0, period == regular / 2 + 1 { return "Half-time" }
        return nil
    }

    /// True when segment `s` is the first of its period in the plan.
    func startsPeriod(_ s: Int) -> Bool { s == 0 || solution.segments[s - 1].period != solution.segments[s].period }

    /// Who was on the field where just before segment `s` (for the first segment of a live re-plan, the state).
    func before(_ s: Int) -> [String: String]? {
        if s > 0 { return solution.segments[s - 1].onField }
        guard let state = instance.state, state.minute > 0 else { return nil }
        return state.onField
    }

    /// The player in goal in segment `s` (position code GK), if the formation has one.
    func keeper(_ s: Int) -> String? {
        solution.segments[s].onField.first { $0.value == "GK" }?.key
    }

    /// "In goal: Ava 0'–35', Uri 35'–70'", or nil when the formation has no keeper.
    func keeperLine() -> String? {
        var spells: [(id: String, from: Int, to: Int)] = []
        for (s, segment) in solution.segments.enumerated() {
            guard let id = keeper(s) else { continue }
            if let last = spells.last, last.id == id, last.to == segment.start {
                spells[spells.count - 1].to = segment.end
            } else {
                spells.append((id, segment.start, segment.end))
            }
        }
        guard !spells.isEmpty else { return nil }
        return "In goal: " + spells.map { "\(shortName($0.id)) \($0.from)'–\($0.to)'" }.joined(separator: ", ")
    }

    /// One window's changes: the minute, the period it starts (nil inside a period), and its entries.
    struct Window {
        var minute: Int
        var periodStart: String?
        var entries: [String]
    }

    /// The changes of each window in match-clock order: substitutions (who comes on where, for whom and from
    /// which position), players going off with nobody for them, position moves, and who takes over in goal.
    func windows() -> [Window] {
        var windows: [Window] = []
        for (s, segment) in solution.segments.enumerated() {
            guard let before = before(s) else { continue }
            let now = segment.onField
            var entries: [String] = []
            let subs = solution.substitutions.filter { $0.minute == segment.start }
            for sub in subs {
                var text = "\(shortName(sub.on)) on at \(sub.position)"
                if let off = sub.off { text += " for \(shortName(off))" + (before[off].map { " (\($0))" } ?? "") }
                entries.append(text)
            }
            let paired = Set(subs.compactMap(\.off))
            for player in instance.players where before[player.id] != nil && now[player.id] == nil && !paired.contains(player.id) {
                entries.append("\(shortName(player.id)) off (\(before[player.id]!))")
            }
            for player in instance.players {
                guard let from = before[player.id], let to = now[player.id], from != to else { continue }
                entries.append("\(shortName(player.id)) moves \(from) → \(to)")
            }
            let keeperBefore = before.first { $0.value == "GK" }?.key
            if let keeperNow = keeper(s), keeperNow != keeperBefore {
                entries.append("in goal: \(shortName(keeperNow))")
            }
            let periodStart =
                startsPeriod(s) && s > 0
                ? (breakName(segment.period).map { "\($0): " } ?? "") + periodName(segment.period) : nil
            guard !entries.isEmpty || periodStart != nil else { continue }
            windows.append(Window(minute: segment.start, periodStart: periodStart, entries: entries))
        }
        return windows
    }

    /// ``windows()`` as text lines: the minute in a column of its own, a period's start on a line of its own.
    func changeLines() -> [String] {
        var lines: [String] = []
        for window in windows() {
            let clock = "\(window.minute)'".padding(toLength: 5, withPad: " ", startingAt: 0)
            if let period = window.periodStart { lines.append("  \(clock)\(period) starts") }
            for (e, entry) in window.entries.enumerated() {
                lines.append("  " + (e == 0 && window.periodStart == nil ? clock : String(repeating: " ", count: 5)) + entry)
            }
        }
        return lines
    }

    /// The grid as lines of at most `width` columns when it can be: names shortened down to 12 characters first,
    /// then the segments split into blocks (whole periods together where they fit), each block a full table.
    func grid(width: Int) -> [String] {
        let segments = solution.segments
        let players = instance.players
        let labels = players.map(label)
        let codeWidth = max(2, (segments.flatMap { $0.onField.values }.map(\.count) + segments.map { "\($0.start)'".count }).max() ?? 2)
        let cell = codeWidth + 1
        func columns(_ block: Range<Int>) -> Int {
            block.reduce(0) { total, s in total + cell + (s != block.lowerBound && startsPeriod(s) ? 2 : 0) }
        }
        let fixed = 1 + 2 + 4  // space after the name, "| " before the minutes, the minutes
        // Names up to 18 characters; shortened down to 12 when that keeps the grid in one block.
        let longest = labels.map(\.count).max() ?? 6
        var nameWidth = min(18, max(6, longest))
        let all = 0..<segments.count
        if nameWidth + fixed + columns(all) > width, width - fixed - columns(all) >= min(12, nameWidth) {
            nameWidth = width - fixed - columns(all)
        }
        // Blocks: whole periods while they fit, a period cut where it alone is too wide.
        var blocks: [Range<Int>] = []
        var start = 0
        let room = width - nameWidth - fixed
        while start < segments.count {
            var end = start + 1
            var lastPeriodEnd: Int? = nil
            while end < segments.count, columns(start..<(end + 1)) <= room {
                end += 1
                if end < segments.count, startsPeriod(end) { lastPeriodEnd = end }
            }
            if end < segments.count, let cut = lastPeriodEnd, cut > start { end = cut }
            blocks.append(start..<end)
            start = end
        }
        func fit(_ text: String, _ size: Int) -> String {
            if text.count > size { return size < 2 ? String(text.prefix(max(0, size))) : String(text.prefix(size - 1)) + "…" }
            return text.padding(toLength: size, withPad: " ", startingAt: 0)
        }
        var lines: [String] = []
        for (b, block) in blocks.enumerated() {
            if b > 0 { lines.append("") }
            var periods = String(repeating: " ", count: nameWidth + 1)
            var header = fit("Player", nameWidth) + " "
            var body = players.map { fit(label($0), nameWidth) + " " }
            for s in block {
                let boundary = s != block.lowerBound && startsPeriod(s)
                if boundary {
                    periods += "| "
                    header += "| "
                    body = body.map { $0 + "| " }
                }
                if s == block.lowerBound || startsPeriod(s) {
                    let span = block.filter { $0 >= s && solution.segments[$0].period == solution.segments[s].period }.count
                    periods += fit(periodName(segments[s].period), span * cell)
                }
                header += fit("\(segments[s].start)'", cell)
                for (p, player) in players.enumerated() {
                    let code: String
                    if let position = segments[s].onField[player.id] {
                        code = position
                    } else if segments[s].bench.contains(player.id) {
                        code = "·"
                    } else {
                        code = player.isAvailable ? "" : "x"
                    }
                    body[p] += fit(code, cell)
                }
            }
            lines.append(trimmed(periods))
            lines.append(header + "| Min")
            lines.append(String(repeating: "-", count: header.count + 5))
            for (p, player) in players.enumerated() {
                let minutes = solution.minutes[player.id] ?? 0
                body[p] += "| " + String(minutes).leftPadded(to: 3)
                lines.append(trimmed(body[p]))
            }
        }
        return lines
    }

    private func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

extension LineupKind {
    /// The changes that make an impossible squad plannable, one line each (`suggestions`).
    static func suggestionLines(_ suggestions: [RuleSuggestion]?) -> [String] {
        guard let suggestions else { return [] }
        guard !suggestions.isEmpty else { return wrapped("No change of one rule value was found that makes a plan exist in the time.", indent: "") }
        var lines = ["What would make a plan exist (each change alone, proven by solving it):"]
        for suggestion in suggestions {
            let nearest = suggestion.smallest ? "" : " (a nearer value was not decided in the time)"
            lines += wrapped("- \(suggestion.change): \(suggestion.field) \(suggestion.to)\(nearest)", indent: "  ")
        }
        return lines
    }

    /// `text` in lines of at most 80 columns, broken between words, each after `indent` (and two spaces more
    /// after the first).
    static func wrapped(_ text: String, indent: String, width: Int = 80) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = (lines.isEmpty ? indent : indent + "  ") + word
            } else if line.count + 1 + word.count > width {
                lines.append(line)
                line = indent + "  " + word
            } else {
                line += " " + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension LineupKind {
    /// A tournament day: the status, then each match's chart and changes as one match prints them, then the
    /// day's minutes per player and match.
    static func renderDayText(_ given: LineupInstance, _ result: SolveReport<LineupKind>) -> String {
        // A day re-planned during a match prints the day still to play.
        let instance = given.remainingDay()
        var lines: [String] = []
        let count = instance.matches?.count ?? 0
        let played = instance.playedDay?.matches ?? 0
        let matches =
            instance.state.map { state in
                "\(count) of \(count + played) matches to play, re-planned during \(instance.dayMatchName(0)) at minute \(state.minute)"
            } ?? "\(count) match\(count == 1 ? "" : "es")"
        lines.append(
            "Tournament day (\(instance.mode.rawValue)), \(matches): \(result.status.rawValue) (\(result.method?.rawValue ?? "-"))")
        if let objective = result.objective { lines.append("Objective (over the day): \(objective)") }
        if let reason = result.reason { lines.append("Why: \(reason)") }
        lines += suggestionLines(result.suggestions)
        guard let solution = result.solution, let games = solution.matches.map({ Array($0.prefix(count)) }) else {
            for error in result.errors ?? [] { lines.append("Error: \(error.path): \(error.message)") }
            return lines.joined(separator: "\n") + "\n"
        }
        if let broken = solution.brokenRules, !broken.isEmpty {
            lines.append("Best-effort plan; it breaks:")
            for rule in broken { lines += wrapped("- \(rule)", indent: "  ") }
        }
        for (m, game) in games.enumerated() {
            var part = result
            part.solution = game
            part.objective = nil
            part.reason = nil
            part.suggestions = nil
            let format = instance.matches![m]  // games holds at most `count` matches
            lines.append("")
            lines.append("== \(instance.dayMatchName(m)): \(format.periods) × \(format.periodMinutes) min ==")
            let text = renderText(instance.dayPart(m, .perMatch), part).split(separator: "\n", omittingEmptySubsequences: false)
            lines += text.dropFirst().map(String.init)
            while lines.last == "" { lines.removeLast() }
        }
        lines.append("")
        lines.append("The day's minutes")
        let names = instance.players.map(\.displayName)
        let width = max(6, names.map(\.count).max() ?? 0)
        func pad(_ text: String, _ n: Int) -> String { text.count >= n ? text : text + String(repeating: " ", count: n - text.count) }
        func right(_ text: String, _ n: Int) -> String { text.count >= n ? text : String(repeating: " ", count: n - text.count) + text }
        let first = instance.playedDay?.matches ?? 0
        let earlier = instance.state?.dayMinutesPlayed ?? [:]
        lines.append(
            pad("", width) + (first > 0 ? right(first == 1 ? "M1" : "M1-\(first)", 7) : "")
                + games.indices.map { right("M\(first + $0 + 1)", 5) }.joined()
                + right("day", 6))
        for (p, player) in instance.players.enumerated() {
            let cells = games.indices.map { m -> String in
                LineupVerifier.dayPresence(instance, m, p).available ? String(games[m].minutes[player.id] ?? 0) : "x"
            }
            lines.append(
                pad(names[p], width) + (first > 0 ? right(String(earlier[player.id] ?? 0), 7) : "") + cells.map { right($0, 5) }.joined()
                    + right(String(solution.minutes[player.id] ?? 0), 6))
        }
        let summary = solution.summary
        lines.append(
            "Day minutes \(summary.minMinutes)–\(summary.maxMinutes), spread \(summary.spread), substitutions \(summary.substitutions) (x: injured or unavailable in that match)"
        )
        return lines.joined(separator: "\n") + "\n"
    }
}
