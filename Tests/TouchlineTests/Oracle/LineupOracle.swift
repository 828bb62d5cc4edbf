import Foundation

@testable import Touchline

/// The contract's own answer for a tiny lineup instance: every plan the verifier accepts, and the
/// lexicographic best of them.
///
/// It shares no code with the engines: the candidates are every lineup of every segment the match format
/// gives (`LineupVerifier.expectedSegments`, the verifier's own) and, in colour-group mode, every colouring of
/// every player (each colour or none; a fixed colour only where `colourGroups.assignment` fixes one). A
/// candidate is a plan when `LineupKind.verify` finds nothing wrong with it. The only pruning is by rules the
/// verifier states word for word and that a candidate cannot pass otherwise (a segment fills the formation
/// exactly with available players who are there, each in one of their own positions; the members of a colour
/// are on or off together; a player without a colour plays only in goal; colour sizes differ by at most one
/// and none is empty), and by the objective: a candidate no better than the best plan found is not verified.
enum LineupOracle {
    struct Answer {
        /// The best objective of a plan the verifier accepts; nil when it accepts none.
        var objective: LineupObjective?
        /// Candidates built, and candidates the verifier was asked about.
        var candidates = 0
        var verified = 0
    }

    /// The contract's order: spread, the strength gap where it is a level, substitutions, off-preferred positions.
    static func isBetter(_ a: LineupObjective, than b: LineupObjective) -> Bool {
        (a.spread, a.strengthGap ?? 0, a.substitutions, a.offPreferredPosition)
            < (b.spread, b.strengthGap ?? 0, b.substitutions, b.offPreferredPosition)
    }

    /// Nil when the candidate space is larger than `limit` (the instance is not tiny enough to enumerate).
    static func solve(_ instance: LineupInstance, limit: Int = 2_000_000) -> Answer? {
        let segments = LineupVerifier.expectedSegments(instance)
        let perSegment = segments.indices.map { lineups(instance, segments, $0, full: true) }
        let colourings = colourings(instance)

        var answer = Answer()
        let space = colourings.count * perSegment.reduce(1) { $0 * max(1, $1.count) }
        guard space <= limit else { return nil }
        for colouring in colourings {
            let allowed = allowedLineups(instance, segments, perSegment, colouring)
            forEachPlan(instance, segments, allowed, colouring) { solution in
                answer.candidates += 1
                let objective = LineupVerifier.objective(instance, solution)
                if let best = answer.objective, !isBetter(objective, than: best) { return }
                answer.verified += 1
                if LineupKind.verify(instance, solution).isEmpty { answer.objective = objective }
            }
        }
        return answer
    }

    /// The contract's answer for a tiny tournament day: every day plan the day's verifier accepts, and the best.
    ///
    /// Each match's candidates are listed as for one match, on that match cut out of the day as the day's
    /// verifier cuts it (``LineupInstance/dayPart(_:_:)``, `.perMatch`: its format, formation, who is available
    /// and there, its locks and marks). A match's plan that the verifier rejects on that match cannot be part of
    /// a day plan the day's verifier accepts (it checks each match so), so only those are kept; every
    /// combination of one plan per match is then a candidate day, judged whole by `LineupKind.verify` on the
    /// day. Nil when a match's candidates or the day's combinations exceed `limit`. A day re-planned during a
    /// match (`state.match`) is the day still to play (``LineupInstance/remainingDay()``, as the verifier reads
    /// it): the match in play from `state.minute` and the matches after it.
    static func solveDay(_ given: LineupInstance, limit: Int = 400_000) -> Answer? {
        let instance = given.remainingDay()
        let count = instance.matches?.count ?? 0
        var games: [[LineupSolution]] = []
        var answer = Answer()
        var space = 1
        for m in 0..<count {
            let part = instance.dayPart(m, .perMatch)
            let segments = LineupVerifier.expectedSegments(part)
            let perSegment = segments.indices.map { lineups(part, segments, $0, full: true) }
            let colourings = colourings(part)
            guard colourings.count * perSegment.reduce(1, { $0 * max(1, $1.count) }) <= limit else { return nil }
            var kept: [LineupSolution] = []
            for colouring in colourings {
                forEachPlan(part, segments, allowedLineups(part, segments, perSegment, colouring), colouring) { solution in
                    answer.candidates += 1
                    if LineupKind.verify(part, solution).isEmpty { kept.append(solution) }
                }
            }
            games.append(kept)
            space *= max(1, kept.count)
            guard space <= limit else { return nil }
        }
        guard games.allSatisfy({ !$0.isEmpty }) else { return answer }
        var choice = [Int](repeating: 0, count: count)
        while true {
            let day = dayPlan(instance, choice.enumerated().map { games[$0][$1] })
            let objective = LineupVerifier.objective(instance, day)
            if answer.objective.map({ isBetter(objective, than: $0) }) ?? true {
                answer.verified += 1
                if LineupKind.verify(instance, day).isEmpty { answer.objective = objective }
            }
            var m = count - 1
            while m >= 0 {
                choice[m] += 1
                if choice[m] < games[m].count { break }
                choice[m] = 0
                m -= 1
            }
            if m < 0 { break }
        }
        return answer
    }

    /// The day plan of one plan per match: the matches' plans, every player's minutes summed over them, the
    /// summary of the day (its spread as the verifier takes it).
    static func dayPlan(_ instance: LineupInstance, _ games: [LineupSolution]) -> LineupSolution {
        var minutes: [String: Int] = [:]
        let earlier = instance.state?.dayMinutesPlayed ?? [:]
        for player in instance.players { minutes[player.id] = games.reduce(earlier[player.id] ?? 0) { $0 + ($1.minutes[player.id] ?? 0) } }
        var day = LineupSolution(
            segments: [], substitutions: [], minutes: minutes,
            summary: LineupSummary(minMinutes: 0, maxMinutes: 0, spread: 0, substitutions: games.reduce(0) { $0 + $1.summary.substitutions }),
            queue: nil, groups: nil, unavailable: nil, brokenRules: nil)
        day.matches = games
        // A re-plan's plan starts at the match in play: `fromMatch` is the `state.match` of the day as given (the
        // day still to play counts its matches from that one).
        if let state = instance.state { day.fromMatch = (instance.playedDay?.matches ?? 0) + (state.match ?? 1) }
        let spread = LineupVerifier.daySpread(instance, day)
        day.summary.spread = spread.spread
        day.summary.minMinutes = spread.low
        day.summary.maxMinutes = spread.high
        return day
    }

    /// Every colouring of the players (colour-group mode: each colour or none, a fixed colour where
    /// `assignment` fixes one; every colour used, sizes within one), or one empty colouring.
    static func colourings(_ instance: LineupInstance) -> [[String?]] {
        var colourings: [[String?]] = [[]]
        guard instance.mode == .colourGroups else { return colourings }
        let colours = instance.colourGroups?.colours ?? []
        let fixed = instance.colourGroups?.assignment ?? [:]
        for player in instance.players {
            let options: [String?] = fixed[player.id].map { [$0] } ?? ([nil] + colours.map { Optional($0) })
            colourings = colourings.flatMap { row in options.map { row + [$0] } }
        }
        return colourings.filter { colouring in
            let sizes = colours.map { colour in colouring.filter { $0 == colour }.count }
            return !sizes.contains(0) && (sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1
        }
    }

    /// The lineups each segment allows under a colouring (colour-group mode: a player without a colour plays
    /// only in goal, a colour's members who are there are all on or all off), as the verifier states the rule.
    static func allowedLineups(
        _ instance: LineupInstance, _ segments: [(start: Int, end: Int, period: Int)], _ perSegment: [[[String?]]],
        _ colouring: [String?]
    ) -> [[[String?]]] {
        guard instance.mode == .colourGroups else { return perSegment }
        let players = instance.players
        func present(_ p: Int, _ s: Int) -> Bool {
            (players[p].status ?? .available) == .available && segments[s].start >= (players[p].arrivesAt ?? 0)
        }
        return segments.indices.map { s in
            perSegment[s].filter { row in
                for p in players.indices where colouring[p] == nil {
                    if let code = row[p], code != "GK" { return false }
                }
                for colour in Set(colouring.compactMap { $0 }) {
                    let members = players.indices.filter { colouring[$0] == colour && present($0, s) }
                    let on = members.filter { row[$0] != nil }.count
                    if on != 0 && on != members.count { return false }
                }
                return true
            }
        }
    }

    /// The rules a best-effort plan always keeps (the README's order): the keeper rules and the mode's own.
    static let kept = ["keeperFullPeriods:", "state:", "turnBased:", "colourGroups:"]

    /// The best a best-effort plan can do (`LineupVerifier.bestEffortMeasure`'s empty slots, largest and total
    /// minutes shortfall) over every plan that is structurally sound (each segment's players there, available,
    /// in their own positions, no position over its count) and keeps the rules in `kept`; nil when the space
    /// is larger than `limit`. In colour-group mode every colouring is listed too (the colour rule is kept).
    static func bestEffort(_ instance: LineupInstance, limit: Int = 300_000) -> [Int]? {
        let segments = LineupVerifier.expectedSegments(instance)
        // The fullest lineups first, so that a plan with few empty slots is found early and bounds the rest.
        let perSegment = segments.indices.map { s in
            lineups(instance, segments, s, full: false).sorted { $0.compactMap { $0 }.count > $1.compactMap { $0 }.count }
        }
        let colourings = colourings(instance)
        guard colourings.count * perSegment.reduce(1, { $0 * $1.count }) <= limit else { return nil }
        var best: [Int]? = nil
        for colouring in colourings {
            let allowed = allowedLineups(instance, segments, perSegment, colouring)
            // A grid with more empty slots than the best plan's (the measure's first part) cannot beat it.
            forEachPlan(instance, segments, allowed, colouring, emptySlotsAtMost: { best?[0] ?? .max }) { solution in
                // The measure first: a candidate that would not improve on the best is not checked (the check
                // costs ten times the measure, and the least measure is the same).
                let measure = LineupVerifier.bestEffortShortfall(instance, solution)
                if let best, !measure.lexicographicallyPrecedes(best) { return }
                let findings = LineupVerifier.check(instance, solution)
                guard findings.structural.isEmpty,
                    !findings.broken.contains(where: { finding in kept.contains { finding.hasPrefix($0) } })
                else { return }
                best = measure
            }
        }
        return best
    }

    /// Calls `body` with the plan of every grid that takes one allowed lineup per segment, under one colouring,
    /// leaving out the grids with more empty formation slots than `emptySlotsAtMost` (asked as the walk goes).
    static func forEachPlan(
        _ instance: LineupInstance, _ segments: [(start: Int, end: Int, period: Int)], _ allowed: [[[String?]]],
        _ colouring: [String?], emptySlotsAtMost: () -> Int = { .max }, _ body: (LineupSolution) -> Void
    ) {
        let fieldSize = instance.formation.values.filter { $0 > 0 }.reduce(0, +)
        var grid: [[String?]] = []
        func visit(_ s: Int, _ empty: Int) {
            if s == segments.count {
                body(plan(instance, segments, grid, colouring))
                return
            }
            for row in allowed[s] {
                let slots = empty + max(0, fieldSize - row.compactMap { $0 }.count)
                if slots > emptySlotsAtMost() { continue }
                grid.append(row)
                visit(s + 1, slots)
                grid.removeLast()
            }
        }
        visit(0, 0)
    }

    /// Every lineup of segment s: each player off, or (when available and there) in one of their positions the
    /// formation has; every position filled exactly (`full`) or at most to its count.
    static func lineups(
        _ instance: LineupInstance, _ segments: [(start: Int, end: Int, period: Int)], _ s: Int, full: Bool
    ) -> [[String?]] {
        let players = instance.players
        let formation = instance.formation.filter { $0.value > 0 }
        let codes = formation.keys.sorted()
        var result: [[String?]] = [[]]
        for player in players {
            let there = (player.status ?? .available) == .available && segments[s].start >= (player.arrivesAt ?? 0)
            let options: [String?] = [nil] + (there ? codes.filter { player.positions.contains($0) }.map { Optional($0) } : [])
            result = result.flatMap { row in options.map { row + [$0] } }
        }
        return result.filter { row in
            codes.allSatisfy { code in
                let count = row.filter { $0 == code }.count
                return full ? count == formation[code]! : count <= formation[code]!
            }
        }
    }

    /// The plan a grid (position per player and segment) and a colouring describe, with every list the
    /// result carries derived from the grid.
    static func plan(
        _ instance: LineupInstance, _ segments: [(start: Int, end: Int, period: Int)], _ grid: [[String?]],
        _ colouring: [String?]
    ) -> LineupSolution {
        let players = instance.players
        let ids = players.map(\.id)
        func available(_ p: Int) -> Bool { (players[p].status ?? .available) == .available }
        let stateOn = instance.state?.onField ?? [:]
        let replan = (instance.state?.minute ?? 0) > 0
        var minutes = players.map { instance.state?.minutesPlayed?[$0.id] ?? 0 }
        var planned: [LineupSegment] = []
        var substitutions: [LineupSubstitution] = []
        var queue: [LineupQueueEntry] = []
        var schedule: [LineupGroups.Entry] = []
        var withdrawals: [LineupWithdrawal] = []
        var count = 0
        for (s, segment) in segments.enumerated() {
            var onField: [String: String] = [:]
            var bench: [String] = []
            for p in players.indices {
                if let code = grid[s][p] {
                    onField[ids[p]] = code
                    minutes[p] += segment.end - segment.start
                } else if available(p) && segment.start >= (players[p].arrivesAt ?? 0) {
                    bench.append(ids[p])
                }
            }
            planned.append(LineupSegment(start: segment.start, end: segment.end, period: segment.period, onField: onField, bench: bench))
            func wasOn(_ p: Int) -> Bool { s > 0 ? grid[s - 1][p] != nil : (replan && stateOn[ids[p]] != nil) }
            let comers = players.indices.filter { grid[s][$0] != nil && !wasOn($0) }
            let leavers = players.indices.filter { grid[s][$0] == nil && wasOn($0) }
            if s > 0 || replan {
                count += comers.count
                // Each player coming on paired with one going off while there are any; the rest withdrawn.
                for (i, p) in comers.enumerated() {
                    let off = i < leavers.count ? ids[leavers[i]] : nil
                    substitutions.append(LineupSubstitution(minute: segment.start, off: off, on: ids[p], position: grid[s][p]!))
                }
                for q in leavers.dropFirst(comers.count) {
                    let from = s > 0 ? grid[s - 1][q]! : stateOn[ids[q]]!
                    withdrawals.append(LineupWithdrawal(minute: segment.start, player: ids[q], position: from))
                }
            }
            queue.append(LineupQueueEntry(minute: segment.start, on: comers.map { ids[$0] }, off: leavers.map { ids[$0] }, nextUp: []))
            let on = Set(players.indices.filter { grid[s][$0] != nil }.compactMap { colouring.isEmpty ? nil : colouring[$0] })
            schedule.append(LineupGroups.Entry(minute: segment.start, onField: on.sorted()))
        }
        let spread = LineupVerifier.spreadOf(instance) { minutes[$0] }
        var assignment: [String: String] = [:]
        for (p, colour) in colouring.enumerated() { if let colour { assignment[ids[p]] = colour } }
        return LineupSolution(
            segments: planned, substitutions: substitutions,
            minutes: Dictionary(uniqueKeysWithValues: players.indices.map { (ids[$0], minutes[$0]) }),
            summary: LineupSummary(minMinutes: spread.low, maxMinutes: spread.high, spread: spread.spread, substitutions: count),
            queue: instance.mode == .turnBased ? queue : nil,
            groups: instance.mode == .colourGroups ? LineupGroups(assignment: assignment, schedule: schedule) : nil,
            unavailable: nil, brokenRules: nil, moves: nil, withdrawals: withdrawals.isEmpty ? nil : withdrawals)
    }
}
