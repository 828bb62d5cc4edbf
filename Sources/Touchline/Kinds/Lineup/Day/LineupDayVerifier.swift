import TouchlineMILP

/// The independent check of a tournament day: each match's plan against that match's rules (the one-match
/// verifier on the match cut out of the day), then what counts the whole day, re-derived from the instance and
/// the matches' segments alone: every player's day minutes, `minShare` over the day's regulation minutes, the
/// summary and the objective. A day re-planned during a match is checked as the day still to play
/// (``LineupInstance/remainingDay()``): the plan of the match in play from `state.minute` and of the matches
/// after it, with the minutes before the plan (`state.dayMinutesPlayed`, `state.minutesPlayed`) in the day's.
extension LineupVerifier {
    /// Whether player `p` is available in match `m` of a day, and the minute of that match's clock they arrive.
    static func dayPresence(_ instance: LineupInstance, _ m: Int, _ p: Int) -> (available: Bool, arrives: Int) {
        guard let matches = instance.matches, matches.indices.contains(m), instance.players.indices.contains(p) else { return (false, 0) }
        let player = instance.players[p]
        let game = matches[m]
        let status = game.status?[player.id] ?? player.status ?? LineupPlayer.defaultStatus
        let arrives = game.arrivesAt?[player.id] ?? (m == 0 ? player.arrivesAt ?? 0 : 0)
        return (status == .available, arrives)
    }

    static func checkDay(_ instance: LineupInstance, _ solution: LineupSolution) -> Findings {
        var findings = Findings()
        let matches = instance.matches ?? []
        guard let games = solution.matches, games.count == matches.count else {
            findings.structural.append(
                "expected a plan for each of the \(matches.count) matches in solution.matches, found \(solution.matches?.count ?? 0)")
            return findings
        }
        let expectedFrom = instance.state == nil ? nil : (instance.playedDay?.matches ?? 0) + 1
        if solution.fromMatch != expectedFrom {
            findings.structural.append(
                "fromMatch: reported \(solution.fromMatch.map(String.init) ?? "none"), the plan starts at \(expectedFrom.map { "match \($0) (state.match)" } ?? "the day's first match")"
            )
        }
        if !solution.segments.isEmpty || !solution.substitutions.isEmpty {
            findings.structural.append("a tournament day's plan is in solution.matches; the day's own segments and substitutions must be empty")
        }
        for (m, game) in games.enumerated() {
            if game.matches != nil { findings.structural.append("\(instance.dayMatchName(m)): a match's plan has no matches of its own") }
            let part = instance.dayPart(m, .perMatch)
            let label = instance.dayMatchName(m)
            let found = check(part, game)
            findings.structural += found.structural.map { "\(label): \($0)" }
            findings.broken += found.broken.map { "\(label): \($0)" }
        }
        let players = instance.players
        let known = Set(players.map(\.id))
        for id in solution.minutes.keys.sorted() where !known.contains(id) {
            findings.structural.append("minutes lists \"\(id)\", who is not in the squad")
        }
        let earlier = instance.state?.dayMinutesPlayed ?? [:]
        let inPlay = instance.state?.minutesPlayed ?? [:]
        for player in players {
            let total = games.reduce(earlier[player.id] ?? 0) { $0 + ($1.minutes[player.id] ?? 0) }
            if solution.minutes[player.id] != total {
                findings.structural.append(
                    "\(player.displayName) plays \(total) minutes over the day's matches; the day's minutes say \(solution.minutes[player.id].map(String.init) ?? "nothing")"
                )
            }
        }
        if let share = instance.rules?.minShare, share > 0 {
            // A player out of every match planned (hurt in the one in play) is out of the rule, as in one match.
            for (p, player) in players.enumerated() where games.indices.contains(where: { dayPresence(instance, $0, p).available }) {
                // Minutes before the plan count as regulation minutes, as in one match's re-plan.
                var present = instance.playedDay?.present[p] ?? 0
                var regulation = (earlier[player.id] ?? 0) + (inPlay[player.id] ?? 0)
                for (m, game) in games.enumerated() {
                    let presence = dayPresence(instance, m, p)
                    guard presence.available else { continue }
                    let end = matches[m].periods * matches[m].periodMinutes
                    present += max(0, end - max(presence.arrives, 0))
                    for segment in game.segments where segment.start < end && segment.onField[player.id] != nil {
                        regulation += segment.end - segment.start
                    }
                }
                guard present > 0 else { continue }
                let required = Int((share * Double(present) - Tolerance.exact).rounded(.up))
                if regulation < required {
                    findings.broken.append(
                        "minShare: \(player.displayName) plays \(regulation) of the \(required) regulation minutes required over the day")
                }
            }
        }
        let spread = daySpread(instance, solution)
        let substitutions = games.reduce(0) { $0 + $1.summary.substitutions }
        let summary = solution.summary
        if summary.spread != spread.spread || summary.substitutions != substitutions || summary.minMinutes != spread.low
            || summary.maxMinutes != spread.high
        {
            findings.structural.append(
                "summary: reported \(summary), the matches give spread \(spread.spread), substitutions \(substitutions), minutes \(spread.low)–\(spread.high)"
            )
        }
        return findings
    }

    /// The day's spread over the players available and there from kick-off in every match (with
    /// `seasonBalance`, of season plus day minutes), and the fewest and most day minutes among them, from the
    /// matches' segments.
    static func daySpread(_ instance: LineupInstance, _ solution: LineupSolution) -> (spread: Int, low: Int, high: Int) {
        let instance = instance.remainingDay()
        let games = solution.matches ?? []
        let count = instance.matches?.count ?? 0
        let season = instance.rules?.seasonBalance == true
        let players = instance.players
        let counted = players.indices.filter { p in
            (instance.playedDay?.fromKickOff[p] ?? true)
                && (0..<count).allSatisfy { m in
                    let presence = dayPresence(instance, m, p)
                    return presence.available && presence.arrives <= 0
                }
        }
        let state = instance.state
        let played = counted.map { p in
            let id = players[p].id
            return games.reduce((state?.dayMinutesPlayed?[id] ?? 0) + (state?.minutesPlayed?[id] ?? 0)) { total, game in
                total + game.segments.filter { $0.onField[players[p].id] != nil }.reduce(0) { $0 + $1.end - $1.start }
            }
        }
        let values = zip(counted, played).map { $1 + (season ? players[$0].seasonMinutes ?? 0 : 0) }
        return ((values.max() ?? 0) - (values.min() ?? 0), played.min() ?? 0, played.max() ?? 0)
    }

    /// The day's objective: the spread of day minutes, under `strength: "balanced"` the gap over every segment of
    /// the day, substitutions and positions away from the first-listed summed over the matches.
    static func dayObjective(_ instance: LineupInstance, _ solution: LineupSolution) -> LineupObjective {
        let games = solution.matches ?? []
        var substitutions = 0
        var off = 0
        for (m, game) in games.enumerated() {
            let objective = objective(instance.dayPart(m, .perMatch), game)
            substitutions += objective.substitutions
            off += objective.offPreferredPosition
        }
        var gap: Double? = nil
        if instance.rules?.strength?.balanced == true {
            var rating: [String: Double] = [:]
            for player in instance.players { rating[player.id] = player.rating ?? 0 }
            let scale = LineupStrength.scale(of: Array(rating.values)) ?? 1
            let sums = games.flatMap(\.segments).map { segment in
                segment.onField.keys.reduce(0.0) { $0 + ((rating[$1] ?? 0) * scale).rounded() }
            }
            gap = sums.isEmpty ? 0 : (sums.max()! - sums.min()!) / scale
        }
        return LineupObjective(
            spread: daySpread(instance, solution).spread, strengthGap: gap, substitutions: substitutions, offPreferredPosition: off)
    }
}
