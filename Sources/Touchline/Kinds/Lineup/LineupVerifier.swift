import TouchlineMILP

/// The independent check of a lineup: it re-derives the segments from the match format and every count from
/// the plan's own segments, never from the code that built the plan.
enum LineupVerifier {
    /// What a plan gets wrong: `structural` problems make it no plan at all (a player twice, an injured player
    /// on, a wrong position, wrong minutes); `broken` are the rules a best-effort plan may break, each in words.
    struct Findings {
        var structural: [String] = []
        var broken: [String] = []
        /// Nothing wrong: a plan that keeps every rule.
        var isLegal: Bool { structural.isEmpty && broken.isEmpty }
    }

    /// The segments the match format gives: (start, end, period), from `state.minute` on.
    static func expectedSegments(_ instance: LineupInstance) -> [(start: Int, end: Int, period: Int)] {
        let match = instance.match
        var periods: [(start: Int, end: Int)] = []
        for index in 0..<match.periods {
            periods.append((index * match.periodMinutes, (index + 1) * match.periodMinutes))
        }
        let regulation = match.periods * match.periodMinutes
        for index in 0..<(match.overtime?.periods ?? 0) {
            let length = match.overtime!.periodMinutes
            periods.append((regulation + index * length, regulation + (index + 1) * length))
        }
        let end = periods.last?.end ?? 0
        var cuts = Set(periods.map(\.start))
        for period in periods {
            if let every = match.substitutions?.everyMinutes, every > 0 {
                cuts.formUnion(stride(from: period.start + every, to: period.end, by: every))
            }
        }
        cuts.formUnion((match.substitutions?.atMinutes ?? []).filter { $0 > 0 && $0 < end })
        let from = instance.state?.minute ?? 0
        if from > 0 { cuts.insert(from) }
        let ordered = cuts.sorted()
        return ordered.indices.compactMap { index in
            let start = ordered[index]
            guard start >= from else { return nil }
            let stop = index + 1 < ordered.count ? ordered[index + 1] : end
            let period = periods.lastIndex { $0.start <= start }! + 1
            return (start, stop, period)
        }
    }

    static func check(_ instance: LineupInstance, _ solution: LineupSolution) -> Findings {
        if instance.isDay { return checkDay(instance.remainingDay(), solution) }
        var findings = Findings()
        let players = instance.players
        var index: [String: Int] = [:]
        for (i, player) in players.enumerated() { index[player.id] = i }
        let rules = instance.rules ?? LineupRules()
        let formation = instance.formation.filter { $0.value > 0 }
        let fieldSize = formation.values.reduce(0, +)
        let expected = expectedSegments(instance)
        let segments = solution.segments
        guard segments.count == expected.count else {
            findings.structural.append("expected \(expected.count) segments from the match format, found \(segments.count)")
            return findings
        }
        func name(_ p: Int) -> String { players[p].displayName }
        func span(_ s: Int) -> String { "min \(segments[s].start)–\(segments[s].end)" }
        func available(_ p: Int) -> Bool { players[p].isAvailable }
        func present(_ p: Int, _ s: Int) -> Bool { available(p) && segments[s].start >= (players[p].arrivesAt ?? 0) }

        // The grid: position code of each player in each segment.
        var grid = [[String?]](repeating: [String?](repeating: nil, count: players.count), count: segments.count)
        for (s, segment) in segments.enumerated() {
            let want = expected[s]
            if segment.start != want.start || segment.end != want.end || segment.period != want.period {
                findings.structural.append(
                    "segment \(s + 1): expected minutes \(want.start)–\(want.end) in period \(want.period), found \(segment.start)–\(segment.end) in period \(segment.period)"
                )
            }
            var counts: [String: Int] = [:]
            for (id, code) in segment.onField.sorted(by: { $0.key < $1.key }) {
                guard let p = index[id] else {
                    findings.structural.append("\(span(s)): unknown player \"\(id)\" on the field")
                    continue
                }
                grid[s][p] = code
                counts[code, default: 0] += 1
                if !available(p) {
                    findings.structural.append("\(span(s)): \(name(p)) is \(players[p].status!.rawValue) but on the field")
                } else if !present(p, s) {
                    findings.structural.append("\(span(s)): \(name(p)) arrives at \(players[p].arrivesAt ?? 0) but is on the field")
                }
                if formation[code] == nil {
                    findings.structural.append("\(span(s)): \(name(p)) plays \(code), which the formation does not have")
                } else if !players[p].positions.contains(code) {
                    findings.structural.append("\(span(s)): \(name(p)) plays \(code), not one of their positions")
                }
            }
            for (code, count) in counts.sorted(by: { $0.key < $1.key }) where count > (formation[code] ?? 0) {
                findings.structural.append("\(span(s)): \(count) players at \(code), the formation has \(formation[code] ?? 0)")
            }
            let onCount = segment.onField.count
            if onCount < fieldSize {
                let short = formation.keys.sorted().compactMap { code -> String? in
                    let missing = formation[code]! - (counts[code] ?? 0)
                    return missing > 0 ? "\(code) short by \(missing)" : nil
                }
                findings.broken.append("formation: \(span(s)) has \(onCount) of \(fieldSize) players (\(short.joined(separator: ", ")))")
            }
            let expectedBench = Set(players.indices.filter { present($0, s) && grid[s][$0] == nil }.map { players[$0].id })
            if Set(segment.bench) != expectedBench || segment.bench.count != expectedBench.count {
                findings.structural.append("\(span(s)): the bench should be exactly the available players who are there and not on the field")
            }
        }

        // Minutes, whole match.
        let played = instance.state?.minutesPlayed ?? [:]
        var minutes = players.map { played[$0.id] ?? 0 }
        var regulationMinutes = minutes
        let regulationEnd = instance.match.periods * instance.match.periodMinutes
        for (s, segment) in segments.enumerated() {
            for p in players.indices where grid[s][p] != nil {
                minutes[p] += segment.end - segment.start
                if segment.start < regulationEnd { regulationMinutes[p] += segment.end - segment.start }
            }
        }
        for (p, player) in players.enumerated() where solution.minutes[player.id] != minutes[p] {
            findings.structural.append(
                "minutes of \(name(p)): reported \(solution.minutes[player.id].map(String.init) ?? "none"), the segments give \(minutes[p])")
        }
        for id in solution.minutes.keys where index[id] == nil {
            findings.structural.append("minutes: unknown player \"\(id)\"")
        }

        // Who comes on at each segment's start (kick-off starters included, for minStint).
        let stateOn = instance.state?.onField ?? [:]
        let replan = (instance.state?.minute ?? 0) > 0
        func wasOn(_ p: Int, before s: Int) -> Bool {
            s > 0 ? grid[s - 1][p] != nil : (replan && stateOn[players[p].id] != nil)
        }
        var substitutionCount = 0
        var comers: [[Int]] = []
        for s in segments.indices {
            let on = players.indices.filter { grid[s][$0] != nil && !wasOn($0, before: s) }
            comers.append(on)
            guard s > 0 || replan else { continue }
            substitutionCount += on.count
            let listed = solution.substitutions.filter { $0.minute == segments[s].start }
            if Set(listed.map(\.on)) != Set(on.map { players[$0].id }) || listed.count != on.count {
                findings.structural.append(
                    "substitutions at minute \(segments[s].start): listed \(listed.map(\.on).sorted()), the segments give \(on.map { players[$0].id }.sorted())"
                )
            }
            let leaving = Set(players.indices.filter { wasOn($0, before: s) && grid[s][$0] == nil }.map { players[$0].id })
            let withdrawn = (solution.withdrawals ?? []).filter { $0.minute == segments[s].start }
            let offs = listed.compactMap(\.off) + withdrawn.map(\.player)
            if Set(offs).count != offs.count || Set(offs) != leaving {
                findings.structural.append(
                    "substitutions at minute \(segments[s].start): listed going off \(offs.sorted()) (with withdrawals), the segments give \(leaving.sorted())"
                )
            }
            for entry in withdrawn {
                if let p = index[entry.player], (s > 0 ? grid[s - 1][p] : stateOn[entry.player]) != entry.position {
                    findings.structural.append(
                        "withdrawals at minute \(segments[s].start): \(entry.player) is listed as leaving \(entry.position), which they did not play")
                }
            }
            for entry in listed {
                if let p = index[entry.on], grid[s][p] != entry.position {
                    findings.structural.append(
                        "substitutions at minute \(segments[s].start): \(entry.on) is listed at \(entry.position) but plays \(grid[s][p] ?? "nothing")"
                    )
                }
                if let off = entry.off, let offPosition = entry.offPosition, let p = index[off],
                    (s > 0 ? grid[s - 1][p] : stateOn[off]) != offPosition
                {
                    findings.structural.append(
                        "substitutions at minute \(segments[s].start): \(off) is listed as leaving \(offPosition), which they did not play")
                }
            }
            // Position moves of players who stay on: listed exactly when `moves` is given.
            if let moves = solution.moves {
                let here = moves.filter { $0.minute == segments[s].start }
                let listedMoves = Set(here.map { "\($0.player) \($0.from) \($0.to)" })
                let made = Set(
                    players.indices.compactMap { p -> String? in
                        let from = s > 0 ? grid[s - 1][p] : stateOn[players[p].id]
                        guard let from, let to = grid[s][p], from != to else { return nil }
                        return "\(players[p].id) \(from) \(to)"
                    })
                if listedMoves != made || here.count != made.count {
                    findings.structural.append(
                        "moves at minute \(segments[s].start): listed \(listedMoves.sorted()), the segments give \(made.sorted())")
                }
            }
        }
        if let moves = solution.moves,
            moves.contains(where: { move in !segments.indices.contains { ($0 > 0 || replan) && segments[$0].start == move.minute } })
        {
            findings.structural.append("moves: an entry at a minute that is not a planned window")
        }
        let windowMinutes = Set(segments.indices.filter { $0 > 0 || replan }.map { segments[$0].start })
        if solution.substitutions.contains(where: { !windowMinutes.contains($0.minute) })
            || (solution.withdrawals ?? []).contains(where: { !windowMinutes.contains($0.minute) })
        {
            findings.structural.append("substitutions: an entry at a minute that is not a planned window")
        }

        // Summary and spread.
        let (spread, low, high) = spreadOf(instance) { minutes[$0] }
        let summary = solution.summary
        if summary.spread != spread || summary.substitutions != substitutionCount
            || summary.minMinutes != low || summary.maxMinutes != high
        {
            findings.structural.append(
                "summary: reported \(summary), the segments give spread \(spread), substitutions \(substitutionCount), minutes \(low)–\(high)")
        }

        // Soft rules.
        for (l, lock) in (instance.locks ?? []).enumerated() {
            guard let p = index[lock.player] else { continue }
            let covered = segments.indices.filter { segments[$0].start < lock.to && lock.from < segments[$0].end }
            let wrong = covered.filter { s in
                if lock.holdsOnField {
                    return grid[s][p] == nil || (lock.position != nil && grid[s][p] != lock.position)
                }
                return grid[s][p] != nil
            }
            if let first = wrong.first {
                let what = lock.holdsOnField ? "on the field" + (lock.position.map { " at \($0)" } ?? "") : "off the field"
                findings.broken.append(
                    "locks[\(l)]: \(name(p)) should be \(what) from \(lock.from) to \(lock.to), not so in \(span(first))"
                        + (wrong.count > 1 ? " and \(wrong.count - 1) more" : ""))
            }
        }
        if let share = rules.minShare, share > 0, (instance.state?.minute ?? 0) < regulationEnd {
            for p in players.indices where available(p) {
                let there = regulationEnd - max(players[p].arrivesAt ?? 0, 0)
                guard there > 0 else { continue }
                let required = Int((share * Double(there) - Tolerance.exact).rounded(.up))
                if regulationMinutes[p] < required {
                    findings.broken.append("minShare: \(name(p)) plays \(regulationMinutes[p]) of the \(required) regulation minutes required")
                }
            }
        }
        for p in players.indices where available(p) {
            if let low = players[p].minMinutes, minutes[p] < low {
                findings.broken.append("minMinutes: \(name(p)) plays \(minutes[p]), below \(low)")
            }
            if let high = players[p].maxMinutes, minutes[p] > high {
                findings.broken.append("maxMinutes: \(name(p)) plays \(minutes[p]), above \(high)")
            }
        }
        if let limit = rules.maxConsecutiveBench {
            for p in players.indices where available(p) {
                var run = 0
                var worst = 0
                for s in segments.indices {
                    if present(p, s) && grid[s][p] == nil { run += 1 } else if present(p, s) { run = 0 }
                    worst = max(worst, run)
                }
                if worst > limit {
                    findings.broken.append("maxConsecutiveBench: \(name(p)) sits \(worst) segments in a row, above \(limit)")
                }
            }
        }
        if let stint = rules.minStint, stint > 1 {
            for p in players.indices {
                let short = segments.indices.filter { s in
                    comers[s].contains(p) && (s..<min(s + stint, segments.count)).contains { grid[$0][p] == nil }
                }
                if let s = short.first {
                    findings.broken.append("minStint: \(name(p)) comes on at \(segments[s].start) and leaves before \(stint) segments")
                }
            }
        }
        if let limit = rules.maxChangesPerWindow {
            for s in segments.indices where s > 0 && comers[s].count > limit {
                findings.broken.append("maxChangesPerWindow: \(comers[s].count) players come on at minute \(segments[s].start), above \(limit)")
            }
        }
        // Pairs: one finding per group, naming its first broken segment.
        for (g, group) in (rules.together ?? []).enumerated() {
            let members = Array(Set(group.compactMap { index[$0] }.filter(available))).sorted()
            let apartAt = segments.indices.filter { s in Set(members.map { grid[s][$0] != nil }).count > 1 }
            if let s = apartAt.first {
                let on = members.filter { grid[s][$0] != nil }.map(name)
                let off = members.filter { grid[s][$0] == nil }.map(name)
                findings.broken.append(
                    "together[\(g)]: \(on.joined(separator: ", ")) on and \(off.joined(separator: ", ")) off in \(span(s))"
                        + (apartAt.count > 1 ? " and \(apartAt.count - 1) more" : ""))
            }
        }
        for (g, group) in (rules.apart ?? []).enumerated() {
            let members = Array(Set(group.compactMap { index[$0] }.filter(available))).sorted()
            let benched = segments.indices.filter { s in
                members.contains { present($0, s) } && members.allSatisfy { grid[s][$0] == nil }
            }
            if let s = benched.first {
                findings.broken.append(
                    "apart[\(g)]: \(members.map(name).joined(separator: ", ")) all off the field in \(span(s))"
                        + (benched.count > 1 ? " and \(benched.count - 1) more" : ""))
            }
        }
        func keeperOf(_ s: Int) -> Int? { players.indices.first { grid[s][$0] == "GK" } }
        if rules.keeperFullPeriods == true && formation["GK"] != nil {
            for s in segments.indices.dropFirst() where segments[s].period == segments[s - 1].period && keeperOf(s) != keeperOf(s - 1) {
                findings.broken.append(
                    "keeperFullPeriods: the goalkeeper changes at minute \(segments[s].start), inside period \(segments[s].period)")
            }
        }
        if rules.hasKeeperMinuteRules && (formation["GK"] ?? 0) > 0 {
            checkKeeperMinutes(instance, segments, grid, &findings)
        }
        checkPositionRules(instance, segments, grid, &findings)
        if !(rules.maxStintMinutes ?? [:]).isEmpty { checkStints(instance, segments, grid, &findings) }
        if let share = rules.strength?.minShare, share > 0 { checkStrength(instance, share, segments, grid, fieldSize, &findings) }
        if replan, formation["GK"] != nil,
            let (id, _) = stateOn.first(where: { $0.value == "GK" }), let p = index[id], available(p)
        {
            let period = segments.first?.period
            if let s = segments.indices.first(where: { segments[$0].period == period && grid[$0][p] != "GK" }) {
                findings.broken.append("state: the goalkeeper \(name(p)) should stay in goal for the rest of period \(period!), not so in \(span(s))")
            }
        }
        switch instance.mode {
        case .balanced: break
        case .preMarked: checkPreMarked(instance, segments, grid, index, &findings)
        case .turnBased: checkTurnBased(instance, solution, grid, comers, index, replan, &findings)
        case .colourGroups: checkColourGroups(instance, solution, grid, index, &findings)
        }
        return findings
    }

    /// `keeperMaxShare`, `keeperMinOutfieldMinutes` and `keeperTurns`, over the minutes each player keeps goal
    /// (the planned segments plus `state.keeperMinutes`): one finding per player and rule.
    static func checkKeeperMinutes(
        _ instance: LineupInstance, _ segments: [LineupSegment], _ grid: [[String?]], _ findings: inout Findings
    ) {
        let players = instance.players
        let rules = instance.rules ?? LineupRules()
        let regulationEnd = instance.match.periods * instance.match.periodMinutes
        let state = instance.state
        for (p, player) in players.enumerated() where player.isAvailable {
            let before = state?.keeperMinutes?[player.id] ?? 0
            var inGoal = before
            var inGoalRegulation = before
            var outfield = (state?.minutesPlayed?[player.id] ?? 0) - before
            var there = false
            for (s, segment) in segments.enumerated() {
                if segment.start >= (player.arrivesAt ?? 0) { there = true }
                guard let code = grid[s][p] else { continue }
                let length = segment.end - segment.start
                if code == "GK" {
                    inGoal += length
                    if segment.start < regulationEnd { inGoalRegulation += length }
                } else {
                    outfield += length
                }
            }
            let name = player.displayName
            if let cap = rules.keeperMinuteCap(regulation: regulationEnd), inGoalRegulation > cap {
                findings.broken.append(
                    "keeperMaxShare: \(name) keeps goal \(inGoalRegulation) regulation minutes, above \(cap) (\(rules.keeperMaxShare!) of \(regulationEnd))"
                )
            }
            if let least = rules.keeperMinOutfieldMinutes, least > 0, inGoal > 0, outfield < least {
                findings.broken.append("keeperMinOutfieldMinutes: \(name) keeps goal, plays \(outfield) minutes outfield, below \(least)")
            }
            if rules.keeperTurns == true, player.positions.contains("GK"), there, inGoal == 0 {
                findings.broken.append("keeperTurns: \(name) lists GK and never keeps goal")
            }
        }
    }

    /// `players[].mustPlay`, `players[].onePosition` and `rules.minPositions`, over the positions each player
    /// plays in the planned segments and before them (`state.positionsPlayed`, the place in `state.onField`):
    /// one finding per player and rule.
    static func checkPositionRules(
        _ instance: LineupInstance, _ segments: [LineupSegment], _ grid: [[String?]], _ findings: inout Findings
    ) {
        let codes = Set(instance.formation.filter { $0.value > 0 }.keys)
        let least = instance.rules?.minPositions
        for (p, player) in instance.players.enumerated() where player.isAvailable {
            let before: Set<String> = instance.state?.positionsPlayed(by: player.id).filter(codes.contains) ?? []
            let planned = segments.indices.compactMap { grid[$0][p] }
            let played = before.union(planned)
            let name = player.displayName
            let missing = (player.mustPlay ?? []).filter { codes.contains($0) && !played.contains($0) }
            if !missing.isEmpty {
                findings.broken.append("mustPlay: \(name) never plays \(missing.joined(separator: ", "))")
            }
            if player.onePosition == true, played.count > 1 {
                findings.broken.append("onePosition: \(name) plays \(played.sorted().joined(separator: ", "))")
            }
            if let least {
                let own = Set(player.positions).intersection(codes).subtracting(["GK"])
                let outfield = planned.filter { $0 != "GK" }.count + (before.contains { $0 != "GK" } ? 1 : 0)
                let distinct = played.intersection(own).count
                let needed = min(least, own.count)
                if outfield >= 2 && distinct < needed {
                    findings.broken.append("minPositions: \(name) plays \(distinct) outfield position\(distinct == 1 ? "" : "s"), below \(needed)")
                }
            }
        }
    }

    /// The minutes each period starts at, regulation and overtime.
    static func periodStarts(_ match: LineupMatch) -> Set<Int> {
        let regulation = match.periods * match.periodMinutes
        let overtime = (0..<(match.overtime?.periods ?? 0)).map { regulation + $0 * match.overtime!.periodMinutes }
        return Set((0..<match.periods).map { $0 * match.periodMinutes } + overtime)
    }

    /// `rules.maxStintMinutes`: a run of segments at one capped position, unbroken by the bench, another
    /// position or a period's start (and the minutes before a re-plan within a period, by `state.stintMinutes`),
    /// lasts at most the cap. One finding per player and position, naming the first run too long.
    static func checkStints(_ instance: LineupInstance, _ segments: [LineupSegment], _ grid: [[String?]], _ findings: inout Findings) {
        let caps = instance.rules?.maxStintMinutes ?? [:]
        let starts = periodStarts(instance.match)
        for (p, player) in instance.players.enumerated() where player.isAvailable {
            var reported = Set<String>()
            var run: (code: String, from: Int, minutes: Int)? = nil
            if let state = instance.state, let code = state.onField[player.id], !starts.contains(state.minute) {
                let before = state.stintMinutes?[player.id] ?? 0
                run = (code, state.minute - before, before)
            }
            for (s, segment) in segments.enumerated() {
                if starts.contains(segment.start) { run = nil }
                guard let code = grid[s][p] else {
                    run = nil
                    continue
                }
                if run?.code == code { run!.minutes += segment.end - segment.start } else { run = (code, segment.start, segment.end - segment.start) }
                if let cap = caps[code], let run, run.minutes > cap, !reported.contains(code) {
                    reported.insert(code)
                    findings.broken.append(
                        "maxStintMinutes: \(player.displayName) plays \(code) from min \(run.from) to \(segment.end) in a row, above \(cap) minutes")
                }
            }
        }
    }

    /// How far below its floor a field's rating sum may fall and still hold (ratings are decimals).
    static let strengthTolerance = 1e-6

    /// `rules.strength.minShare`: in every planned segment the ratings of the players on the field sum to at
    /// least the share of the best sum of as many ratings of players present then (available and arrived) as
    /// the formation has places. One finding, naming the first segment below and how many are.
    static func checkStrength(
        _ instance: LineupInstance, _ share: Double, _ segments: [LineupSegment], _ grid: [[String?]], _ fieldSize: Int,
        _ findings: inout Findings
    ) {
        let players = instance.players
        var below: [(segment: LineupSegment, sum: Double, floor: Double)] = []
        for (s, segment) in segments.enumerated() {
            let present = players.indices.filter { players[$0].isAvailable && segment.start >= (players[$0].arrivesAt ?? 0) }
            let best = present.map { players[$0].rating ?? 0 }.sorted(by: >).prefix(fieldSize).reduce(0, +)
            let sum = players.indices.filter { grid[s][$0] != nil }.reduce(0) { $0 + (players[$1].rating ?? 0) }
            if sum < share * best - strengthTolerance { below.append((segment, sum, share * best)) }
        }
        guard let first = below.first else { return }
        func number(_ x: Double) -> String {
            let rounded = (x * 100).rounded() / 100
            return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
        }
        findings.broken.append(
            "strength: the field's ratings sum to \(number(first.sum)) in min \(first.segment.start)–\(first.segment.end), below \(number(first.floor)) "
                + "(\(number(share)) of the strongest field present)" + (below.count > 1 ? " and \(below.count - 1) more segments" : ""))
    }

    static func checkPreMarked(
        _ instance: LineupInstance, _ segments: [LineupSegment], _ grid: [[String?]], _ index: [String: Int],
        _ findings: inout Findings
    ) {
        for marks in instance.preMarked?.periods ?? [] {
            for id in marks.active {
                guard let p = index[id] else { continue }
                if let s = segments.indices.first(where: { segments[$0].period == marks.period && grid[$0][p] == nil }) {
                    findings.broken.append(
                        "preMarked: \(instance.players[p].displayName) is marked for period \(marks.period) but is off in min \(segments[s].start)–\(segments[s].end)"
                    )
                }
            }
        }
    }

    static func checkTurnBased(
        _ instance: LineupInstance, _ solution: LineupSolution, _ grid: [[String?]], _ comersAll: [[Int]],
        _ index: [String: Int], _ replan: Bool, _ findings: inout Findings
    ) {
        let players = instance.players
        let segments = solution.segments
        let codes = Set(instance.formation.filter { $0.value > 0 }.keys)
        let inQueue = players.map { player in
            player.isAvailable && player.positions.contains { $0 != "GK" && codes.contains($0) }
        }
        func present(_ p: Int, _ s: Int) -> Bool { inQueue[p] && segments[s].start >= (players[p].arrivesAt ?? 0) }
        func outfield(_ p: Int, _ s: Int) -> Bool { grid[s][p].map { $0 != "GK" } ?? false }
        let queue = instance.turnBased?.queue ?? []
        // When each player last changed between bench and field (queue order on the bench, time on the field).
        var last = players.indices.map { p -> Double in
            if let rank = queue.firstIndex(of: players[p].id) { return -1_000 + Double(rank) }
            return -1
        }
        if !replan {
            for id in queue {
                if let p = index[id], grid[0][p] != nil {
                    findings.broken.append("turnBased: \(players[p].displayName) is in the starting queue but starts on the field")
                }
            }
            for p in players.indices where grid.first?[p] != nil { last[p] = 0 }
        } else if !segments.isEmpty {
            let before = instance.state?.onField ?? [:]
            for p in players.indices where (before[players[p].id] != nil) != (grid[0][p] != nil) { last[p] = 0 }
        }
        var counts: [Int] = []
        // One line per rule and player (a player out of turn at several windows is one line, with the first).
        var wrongCounts: [(minute: Int, count: Int)] = []
        var aheadOfTurn: [Int: [String]] = [:]
        var offOutOfTurn: [Int: [String]] = [:]
        defer {
            if let k = instance.turnBased?.changesPerWindow, !wrongCounts.isEmpty {
                let each = wrongCounts.map { "\($0.count) at \($0.minute)'" }.joined(separator: ", ")
                findings.broken.append("turnBased: \(k) outfield players should come on at each window; came on: \(each)")
            }
            for lines in [aheadOfTurn, offOutOfTurn] {
                for p in lines.keys.sorted() {
                    guard let lines = lines[p], let first = lines.first else { continue }
                    let more = lines.count > 1 ? " (and at \(lines.count - 1) more window\(lines.count > 2 ? "s" : ""))" : ""
                    findings.broken.append("turnBased: \(first)\(more)")
                }
            }
        }
        for s in segments.indices where s > 0 {
            let comers = comersAll[s].filter { inQueue[$0] && outfield($0, s) }
            counts.append(comers.count)
            if let k = instance.turnBased?.changesPerWindow, comers.count != k { wrongCounts.append((segments[s].start, comers.count)) }
            let staying = players.indices.filter { present($0, s - 1) && present($0, s) && grid[s - 1][$0] == nil && grid[s][$0] == nil }
            for a in comers {
                let arrived = !present(a, s - 1)
                let mark = arrived ? Double(s) : last[a]
                if let b = staying.first(where: { last[$0] < mark }) {
                    aheadOfTurn[a, default: []].append(
                        "\(players[a].displayName) comes on at minute \(segments[s].start) ahead of \(players[b].displayName), who is ahead in the queue"
                    )
                }
            }
            let leaving = players.indices.filter { inQueue[$0] && outfield($0, s - 1) && grid[s][$0] == nil }
            let stayingOn = players.indices.filter { inQueue[$0] && outfield($0, s - 1) && grid[s][$0] != nil }
            for a in leaving {
                if let b = stayingOn.first(where: { last[$0] < last[a] }) {
                    offOutOfTurn[a, default: []].append(
                        "\(players[a].displayName) goes off at minute \(segments[s].start) while \(players[b].displayName) has been on longer")
                }
            }
            for p in players.indices {
                if !present(p, s - 1) && present(p, s) {
                    last[p] = Double(s)
                } else if (grid[s - 1][p] != nil) != (grid[s][p] != nil) {
                    last[p] = Double(s)
                }
            }
        }
        if instance.turnBased?.changesPerWindow == nil, let first = counts.first, counts.contains(where: { $0 != first }) {
            findings.broken.append("turnBased: the number of players coming on differs between windows (\(counts))")
        }
        guard let entries = solution.queue, entries.count == segments.count else {
            findings.structural.append("queue: expected one entry per window (\(segments.count))")
            return
        }
        for (s, entry) in entries.enumerated() {
            let bench = Set(players.indices.filter { present($0, s) && grid[s][$0] == nil }.map { players[$0].id })
            if entry.minute != segments[s].start || !Set(entry.nextUp).isSubset(of: bench) {
                findings.structural.append("queue: the entry for minute \(segments[s].start) does not match the plan")
            }
        }
    }

    static func checkColourGroups(
        _ instance: LineupInstance, _ solution: LineupSolution, _ grid: [[String?]], _ index: [String: Int],
        _ findings: inout Findings
    ) {
        let players = instance.players
        let colours = instance.colourGroups?.colours ?? []
        guard let groups = solution.groups else {
            findings.structural.append("groups: missing in colour-group mode")
            return
        }
        var colourOf = [String?](repeating: nil, count: players.count)
        for (id, colour) in groups.assignment {
            guard let p = index[id] else {
                findings.structural.append("groups.assignment: unknown player \"\(id)\"")
                continue
            }
            if !colours.contains(colour) { findings.structural.append("groups.assignment: \(id) has unknown colour \"\(colour)\"") }
            colourOf[p] = colour
        }
        for (id, colour) in instance.colourGroups?.assignment ?? [:] where groups.assignment[id] != colour {
            findings.broken.append("colourGroups: \(id) is fixed to \(colour) but is in \(groups.assignment[id] ?? "no group")")
        }
        for p in players.indices
        where colourOf[p] != nil && !players[p].isAvailable
            && instance.colourGroups?.assignment?[players[p].id] == nil
        {
            findings.broken.append(
                "colourGroups: \(players[p].displayName) is \(players[p].status!.rawValue) and takes a colour that colourGroups.assignment does not give"
            )
        }
        let segments = solution.segments
        for p in players.indices where colourOf[p] == nil {
            if let s = segments.indices.first(where: { grid[$0][p].map { $0 != "GK" } ?? false }) {
                findings.broken.append(
                    "colourGroups: \(players[p].displayName) plays \(grid[s][p]!) in min \(segments[s].start)–\(segments[s].end) without a colour")
            }
        }
        let sizes = colours.map { colour in colourOf.filter { $0 == colour }.count }
        if sizes.contains(0) { findings.broken.append("colourGroups: a colour has no players (sizes \(sizes))") }
        if let low = sizes.min(), let high = sizes.max(), high - low > 1 {
            findings.broken.append("colourGroups: group sizes \(sizes) differ by more than one")
        }
        for (s, segment) in segments.enumerated() {
            for colour in colours {
                let members = players.indices.filter {
                    colourOf[$0] == colour && players[$0].isAvailable
                        && segment.start >= (players[$0].arrivesAt ?? 0)
                }
                let on = members.filter { grid[s][$0] != nil }
                if !on.isEmpty && on.count != members.count {
                    findings.broken.append("colourGroups: \(colour) is split in min \(segment.start)–\(segment.end)")
                }
            }
            let onColours = Set(colours.filter { colour in players.indices.contains { colourOf[$0] == colour && grid[s][$0] != nil } })
            if s < groups.schedule.count {
                let entry = groups.schedule[s]
                if entry.minute != segment.start || Set(entry.onField) != onColours {
                    findings.structural.append("groups.schedule: the entry for minute \(segment.start) does not match the plan")
                }
            } else {
                findings.structural.append("groups.schedule: expected one entry per segment")
            }
        }
    }

    /// How far a best-effort plan is from keeping the rules, in the order a best effort minimises (see the
    /// relaxed model): empty formation slots (slot-segments), the largest shortfall of one player's minutes
    /// against `minShare` or `minMinutes`, the total of those shortfalls, and the number of other rules broken.
    static func bestEffortMeasure(_ instance: LineupInstance, _ solution: LineupSolution) -> [Int] {
        let others = check(instance, solution).broken.filter {
            !$0.hasPrefix("formation:") && !$0.hasPrefix("minShare:") && !$0.hasPrefix("minMinutes:")
        }.count
        return bestEffortShortfall(instance, solution) + [others]
    }

    /// The first three parts of `bestEffortMeasure` (empty slots, the largest and the total minutes shortfall),
    /// which need no check of the rules.
    static func bestEffortShortfall(_ instance: LineupInstance, _ solution: LineupSolution) -> [Int] {
        let players = instance.players
        let rules = instance.rules ?? LineupRules()
        let fieldSize = instance.formation.values.filter { $0 > 0 }.reduce(0, +)
        let empty = solution.segments.reduce(0) { $0 + max(0, fieldSize - $1.onField.count) }
        let played = instance.state?.minutesPlayed ?? [:]
        let regulationEnd = instance.match.periods * instance.match.periodMinutes
        var shortfalls: [Int] = []
        for player in players where player.isAvailable {
            var regulation = played[player.id] ?? 0
            var total = played[player.id] ?? 0
            for segment in solution.segments where segment.onField[player.id] != nil {
                total += segment.end - segment.start
                if segment.start < regulationEnd { regulation += segment.end - segment.start }
            }
            if let share = rules.minShare, share > 0, (instance.state?.minute ?? 0) < regulationEnd {
                let there = regulationEnd - max(player.arrivesAt ?? 0, 0)
                if there > 0 { shortfalls.append(max(0, Int((share * Double(there) - Tolerance.exact).rounded(.up)) - regulation)) }
            }
            if let low = player.minMinutes { shortfalls.append(max(0, low - total)) }
        }
        return [empty, shortfalls.max() ?? 0, shortfalls.reduce(0, +)]
    }

    /// The objective of a plan, from its segments alone.
    static func objective(_ instance: LineupInstance, _ solution: LineupSolution) -> LineupObjective {
        if instance.isDay { return dayObjective(instance.remainingDay(), solution) }
        let players = instance.players
        var preferred: [String: String] = [:]
        for player in players { preferred[player.id] = player.positions.first }
        var off = 0
        for segment in solution.segments {
            for (id, code) in segment.onField where preferred[id] != code { off += 1 }
        }
        let spread = spreadOf(instance) { solution.minutes[players[$0].id] ?? 0 }.spread
        let replan = (instance.state?.minute ?? 0) > 0
        var substitutions = 0
        for (s, segment) in solution.segments.enumerated() where s > 0 || replan {
            let before = s > 0 ? Set(solution.segments[s - 1].onField.keys) : Set(instance.state?.onField.keys.map { $0 } ?? [])
            substitutions += segment.onField.keys.filter { !before.contains($0) }.count
        }
        return LineupObjective(
            spread: spread, strengthGap: strengthGap(instance, solution), substitutions: substitutions, offPreferredPosition: off)
    }

    /// Under `rules.strength` `balanced`: the largest minus the smallest sum of the ratings on the field over the
    /// plan's segments (counted in whole units of the ratings' grid, so that equal gaps are equal numbers).
    static func strengthGap(_ instance: LineupInstance, _ solution: LineupSolution) -> Double? {
        guard instance.rules?.strength?.balanced == true else { return nil }
        var rating: [String: Double] = [:]
        for player in instance.players { rating[player.id] = player.rating ?? 0 }
        let scale = LineupStrength.scale(of: Array(rating.values)) ?? 1
        let sums = solution.segments.map { segment in
            segment.onField.keys.reduce(0.0) { $0 + ((rating[$1] ?? 0) * scale).rounded() }
        }
        guard let high = sums.max(), let low = sums.min() else { return 0 }
        return (high - low) / scale
    }

    /// The spread over the available players there from kick-off (with `seasonBalance`, of season plus match
    /// minutes), and the fewest and most match minutes among them, from each player's whole-match minutes.
    static func spreadOf(_ instance: LineupInstance, minutes: (Int) -> Int) -> (spread: Int, low: Int, high: Int) {
        let players = instance.players
        let season = (instance.rules ?? LineupRules()).seasonBalance == true
        let counted = players.indices.filter { players[$0].isAvailable && (players[$0].arrivesAt ?? 0) <= 0 }
        let values = counted.map { minutes($0) + (season ? (players[$0].seasonMinutes ?? 0) : 0) }
        let played = counted.map(minutes)
        return ((values.max() ?? 0) - (values.min() ?? 0), played.min() ?? 0, played.max() ?? 0)
    }
}
