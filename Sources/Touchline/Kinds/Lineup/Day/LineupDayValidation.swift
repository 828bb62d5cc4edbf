extension LineupInstance {
    /// A tournament day's problems, each with its JSON path: the day's own fields, then each match as its own
    /// instance (``dayPart(_:_:)``), with paths into that match (`matches[1].periodMinutes`); a problem every
    /// match has alike (a player's own field) is named once.
    func dayIssues() -> [InputIssue] {
        var issues = IssueCollector()
        guard let matches else {
            issues.add("match", "expected the match format (`match`), or `matches` for a tournament day")
            return issues.issues
        }
        if let problem { issues.require(problem == LineupKind.name, "problem", "expected \"lineup\"") }
        if givenMatch != nil { issues.add("matches", "expected `match` (one match) or `matches` (a tournament day), not both") }
        issues.require(
            (1...Self.maxDayMatches).contains(matches.count), "matches",
            "expected 1 to \(Self.maxDayMatches) matches, got \(matches.count)")
        let ids = Set(players.map(\.id))
        if let state {
            // A re-plan during a match of the day: the match in play (the `state` is checked as that match's), and
            // the minutes of the matches before it.
            if let match = state.match {
                issues.require(
                    (1...max(1, matches.count)).contains(match), "state.match", "expected the match in play, 1 to \(matches.count), got \(match)")
            } else {
                issues.add("state.match", "expected the match in play (1 to \(matches.count)) on a tournament day")
            }
            let played = max(0, min((state.match ?? 1) - 1, matches.count))
            let earlier = matches.prefix(played).reduce(0) {
                $0 + $1.periods * $1.periodMinutes + ($1.overtime.map { $0.periods * $0.periodMinutes } ?? 0)
            }
            for (id, minutes) in (state.dayMinutesPlayed ?? [:]).sorted(by: { $0.key < $1.key }) {
                if !ids.contains(id) {
                    issues.add("state.dayMinutesPlayed.\(id)", "unknown player \"\(id)\"")
                } else if played == 0 {
                    issues.require(
                        minutes == 0, "state.dayMinutesPlayed.\(id)",
                        "expected no minutes: no match of the day is played before match \(state.match ?? 1), got \(minutes)")
                } else {
                    issues.require(
                        minutes >= 0 && minutes <= earlier, "state.dayMinutesPlayed.\(id)",
                        "expected 0 to \(earlier) minutes (the length of matches 1 to \(played)), got \(minutes)")
                }
            }
        }
        for (m, game) in matches.enumerated() {
            for id in (game.status ?? [:]).keys.sorted() where !ids.contains(id) {
                issues.add("matches[\(m)].status.\(id)", "unknown player \"\(id)\"")
            }
            for (id, minute) in (game.arrivesAt ?? [:]).sorted(by: { $0.key < $1.key }) {
                if !ids.contains(id) { issues.add("matches[\(m)].arrivesAt.\(id)", "unknown player \"\(id)\"") }
                issues.require(minute >= 0, "matches[\(m)].arrivesAt.\(id)", "expected a minute >= 0, got \(minute)")
            }
        }
        for (index, lock) in (locks ?? []).enumerated() {
            guard let match = lock.match else {
                issues.add("locks[\(index)].match", "expected the match the lock is in (1 to \(matches.count)) on a tournament day")
                continue
            }
            issues.require((1...max(1, matches.count)).contains(match), "locks[\(index)].match", "expected 1 to \(matches.count), got \(match)")
        }
        for (index, marks) in (preMarked?.periods ?? []).enumerated() {
            guard let match = marks.match else {
                issues.add("preMarked.periods[\(index)].match", "expected the match the period is in (1 to \(matches.count)) on a tournament day")
                continue
            }
            issues.require(
                (1...max(1, matches.count)).contains(match), "preMarked.periods[\(index)].match", "expected 1 to \(matches.count), got \(match)")
        }
        guard issues.isEmpty else { return issues.issues }
        var perMatch: [[InputIssue]] = []
        for m in matches.indices {
            perMatch.append(dayPart(m, .asGiven).issues().map { dayPath($0, m) })
        }
        var seen = Set<String>()
        for (m, found) in perMatch.enumerated() {
            for issue in found {
                let everywhere = perMatch.allSatisfy { $0.contains(issue) }
                if everywhere {
                    if seen.insert(issue.description).inserted { issues.add(issue.path, issue.message) }
                } else {
                    issues.add(issue.path, issue.path.hasPrefix("matches[\(m)]") ? issue.message : "in \(dayMatchName(m)): \(issue.message)")
                }
            }
        }
        return issues.issues
    }

    /// A tournament day's warnings: each match's (``warnings()`` of the match cut out of the day), with paths
    /// into the day, each named once.
    func dayWarnings() -> [InputIssue] {
        var seen = Set<String>()
        var found: [InputIssue] = []
        for m in (matches ?? []).indices {
            for issue in dayPart(m, .asGiven).warnings().map({ dayPath($0, m) }) where seen.insert(issue.description).inserted {
                found.append(issue)
            }
        }
        return found
    }

    /// The path in the day of an issue found in match `m` cut out of it.
    func dayPath(_ issue: InputIssue, _ m: Int) -> InputIssue {
        let game = matches![m]
        var path = issue.path
        func replace(_ prefix: String, _ with: String) -> Bool {
            guard path == prefix || path.hasPrefix(prefix + ".") || path.hasPrefix(prefix + "[") else { return false }
            path = with + path.dropFirst(prefix.count)
            return true
        }
        if replace("match", "matches[\(m)]") {
        } else if game.formation != nil, replace("formation", "matches[\(m)].formation") {
        } else if path.hasPrefix("locks[") || path.hasPrefix("preMarked.periods[") {
            // The part keeps the match's own locks (or marks) in order: its j-th is the day's j-th of that match.
            let isLock = path.hasPrefix("locks[")
            let head = isLock ? "locks[" : "preMarked.periods["
            let rest = path.dropFirst(head.count)
            if let close = rest.firstIndex(of: "]"), let j = Int(rest[..<close]) {
                let days =
                    isLock
                    ? (locks ?? []).indices.filter { locks![$0].match == m + 1 }
                    : (preMarked?.periods ?? []).indices.filter { preMarked!.periods[$0].match == m + 1 }
                if days.indices.contains(j) { path = "\(head)\(days[j])\(rest[close...])" }
            }
        } else if path.hasPrefix("players["), path.hasSuffix(".arrivesAt") || path.hasSuffix(".status") {
            let rest = path.dropFirst("players[".count)
            if let close = rest.firstIndex(of: "]"), let p = Int(rest[..<close]), players.indices.contains(p) {
                let id = players[p].id
                if path.hasSuffix(".arrivesAt"), game.arrivesAt?[id] != nil { path = "matches[\(m)].arrivesAt.\(id)" }
                if path.hasSuffix(".status"), game.status?[id] != nil { path = "matches[\(m)].status.\(id)" }
            }
        }
        return InputIssue(path: path, message: issue.message)
    }
}
