import TouchlineMILP

/// One game of a tournament day (`matches[i]`): its format, and optionally its own formation and who is there.
public struct LineupDayMatch: Sendable, Codable, Equatable {
    /// How the match is called in the plan ("vs Rovers"). Default: "Match 1", "Match 2", ...
    public var name: String?
    public var periods: Int
    public var periodMinutes: Int
    public var overtime: LineupMatch.Overtime?
    public var substitutions: LineupMatch.Substitutions?
    /// This match's formation. Default: the instance's `formation`.
    public var formation: [String: Int]?
    /// Player id to this match's status (`injured` after a knock in the first game). Default: the player's `status`.
    public var status: [String: LineupPlayer.Status]?
    /// Player id to the minute of this match's clock the player arrives. Default: kick-off (the player's own
    /// `arrivesAt` counts in the first match only).
    public var arrivesAt: [String: Int]?

    public init(
        name: String? = nil, periods: Int, periodMinutes: Int, overtime: LineupMatch.Overtime? = nil,
        substitutions: LineupMatch.Substitutions? = nil, formation: [String: Int]? = nil,
        status: [String: LineupPlayer.Status]? = nil, arrivesAt: [String: Int]? = nil
    ) {
        self.name = name
        self.periods = periods
        self.periodMinutes = periodMinutes
        self.overtime = overtime
        self.substitutions = substitutions
        self.formation = formation
        self.status = status
        self.arrivesAt = arrivesAt
    }

    /// The match format of this game.
    public var format: LineupMatch {
        LineupMatch(periods: periods, periodMinutes: periodMinutes, overtime: overtime, substitutions: substitutions)
    }
}

extension LineupInstance {
    /// How a day's match is cut out of the day.
    public enum DayPartForm: Sendable, Equatable {
        /// Every rule as the day gives it (validation and warnings read this form).
        case asGiven
        /// The rules each match keeps on its own: without `minShare`, `seasonBalance` and the strength level, which
        /// count the whole day (the day's model and verifier add them over the matches).
        case perMatch
    }

    /// The most matches a tournament day may have.
    static let maxDayMatches = 8

    /// Match `m` (from 0) of a tournament day as a one-match instance: its format and formation, the players'
    /// status and arrival in it, the locks and pre-marked periods of that match, the turn-based queue in the first
    /// match only (the solver picks who starts on the bench later). The day's engines plan each match as this
    /// instance and add what counts the whole day; the day's verifier checks each match against it. The match in
    /// play of a re-planned day (`state.match`) keeps the `state`.
    public func dayPart(_ m: Int, _ form: DayPartForm) -> LineupInstance {
        guard let matches, matches.indices.contains(m) else { return self }
        let game = matches[m]
        // A player the match's `status` keeps out (hurt in an earlier game) is out of the rules that name them in
        // this match, as `minMinutes` is for a player who is not available: `mustPlay` is not asked of them, and a
        // `together` group holds among the others (a group left with one player holds nothing).
        var out = Set<String>()
        let players = self.players.map { player -> LineupPlayer in
            var player = player
            if let status = game.status?[player.id] {
                if status != .available && player.isAvailable {
                    out.insert(player.id)
                    player.mustPlay = nil
                }
                player.status = status
            }
            player.arrivesAt = game.arrivesAt?[player.id] ?? (m == 0 ? player.arrivesAt : nil)
            return player
        }
        var rules = self.rules
        if !out.isEmpty, let groups = rules?.together {
            let kept = groups.map { $0.filter { !out.contains($0) } }.filter { $0.count >= 2 }
            rules?.together = kept.isEmpty ? nil : kept
        }
        if form == .perMatch, var kept = rules {
            kept.minShare = nil
            kept.seasonBalance = nil
            if let strength = kept.strength, strength.balanced {
                kept.strength = strength.minShare.map { LineupStrength(minShare: $0) }
            }
            rules = kept
        }
        let locks = self.locks.map { locks in
            locks.filter { $0.match == m + 1 }.map { lock -> LineupLock in
                var lock = lock
                lock.match = nil
                return lock
            }
        }
        let marks = preMarked.map { marks in
            PreMarkedRules(periods: marks.periods.filter { $0.match == m + 1 }.map { .init(period: $0.period, active: $0.active) })
        }
        let turns = turnBased.map { TurnBasedRules(queue: m == 0 ? $0.queue : nil, changesPerWindow: $0.changesPerWindow) }
        // The match in play keeps the `state` (as one match's: its day fields are the day's).
        var live: LineupState? = nil
        if m == dayStateMatch, var state {
            state.match = nil
            state.dayMinutesPlayed = nil
            live = state
        }
        return LineupInstance(
            match: game.format, formation: game.formation ?? formation, players: players, rules: rules, locks: locks,
            turnBased: turns, preMarked: marks, colourGroups: colourGroups, state: live, options: nil)
    }

    /// The label of match `m` of a day: its `name`, or "Match m+1".
    public func dayMatchName(_ m: Int) -> String {
        matches.flatMap { $0.indices.contains(m) ? $0[m].name : nil } ?? "Match \(m + 1)"
    }
}

/// What a tournament day's engines share: each match's own analysis (``LineupInstance/DayPartForm/perMatch``) and
/// what counts the whole day (the spread's players and offsets, `minShare` in day minutes). A day re-planned
/// during a match is the day still to play (``LineupInstance/remainingDay()``): its first match is the one in
/// play, and the minutes before the plan count toward the day.
struct LineupDay: Sendable {
    let parts: [LineupAnalysis]
    /// Players the day's spread is taken over: available and there from kick-off in every match (the played
    /// ones too).
    let spreadPlayers: [Int]
    /// Per player: season minutes added for the spread (`seasonBalance`), else 0.
    let spreadOffset: [Int]
    /// Per player: minutes in the day's played matches (`state.dayMinutesPlayed`), else 0.
    let earlier: [Int]
    /// Per player: the day's minutes before the plan: ``earlier`` and the match in play's `minutesPlayed`.
    let before: [Int]
    /// Per player: regulation minutes the plan must still give for the day's `minShare` (0: none).
    let minShareNeed: [Int]
    /// The number (from 1) of the first match planned, in a re-plan (the solution's `fromMatch`); else nil.
    let fromMatch: Int?

    init(_ instance: LineupInstance) {
        let instance = instance.remainingDay()
        let count = instance.matches?.count ?? 0
        let parts = (0..<count).map { LineupAnalysis(instance.dayPart($0, .perMatch)) }
        self.parts = parts
        let players = instance.players
        let played = instance.playedDay
        spreadPlayers = players.indices.filter { p in
            parts.allSatisfy { $0.spreadPlayers.contains(p) } && (played?.fromKickOff[p] ?? true)
        }
        let rules = instance.rules ?? LineupRules()
        spreadOffset = players.map { rules.seasonBalance == true ? ($0.seasonMinutes ?? 0) : 0 }
        let earlier = players.indices.map { played?.minutes[$0] ?? 0 }
        self.earlier = earlier
        let before = players.indices.map { p in earlier[p] + parts.reduce(0) { $0 + $1.base[p] } }
        self.before = before
        fromMatch = instance.state == nil ? nil : (played?.matches ?? 0) + 1
        let share = rules.minShare ?? 0
        minShareNeed = players.indices.map { p in
            // A player out of every match left (hurt in the one in play) is out of the rule, as in one match.
            guard share > 0, parts.contains(where: { $0.instance.players[p].isAvailable }) else { return 0 }
            var present = played?.present[p] ?? 0
            for part in parts where part.instance.players[p].isAvailable {
                present += max(0, part.regulationEnd - max(part.instance.players[p].arrivesAt ?? 0, 0))
            }
            guard present > 0 else { return 0 }
            return max(0, Int((share * Double(present) - Tolerance.exact).rounded(.up)) - before[p])
        }
    }

    var playerCount: Int { parts.first?.playerCount ?? 0 }

    /// The day's solution of one plan per match: each match's solution, the day's minutes (every player) and
    /// summary (the spread over ``spreadPlayers``, with season minutes under `seasonBalance`).
    func solution(_ plans: [LineupPlan], instance: LineupInstance, brokenRules: [String]? = nil) -> LineupSolution {
        let games = zip(parts, plans).map { $0.solution($1) }
        var minutes: [String: Int] = [:]
        for (p, player) in instance.players.enumerated() {
            minutes[player.id] = games.reduce(earlier[p]) { $0 + ($1.minutes[player.id] ?? 0) }
        }
        let ids = instance.players.map(\.id)
        let played = spreadPlayers.map { minutes[ids[$0]] ?? 0 }
        let values = spreadPlayers.map { (minutes[ids[$0]] ?? 0) + spreadOffset[$0] }
        let summary = LineupSummary(
            minMinutes: played.min() ?? 0, maxMinutes: played.max() ?? 0,
            spread: (values.max() ?? 0) - (values.min() ?? 0),
            substitutions: games.reduce(0) { $0 + $1.summary.substitutions })
        let unavailable = instance.players.indices.filter { p in parts.allSatisfy { !$0.instance.players[p].isAvailable } }.map { ids[$0] }
        var day = LineupSolution(
            segments: [], substitutions: [], minutes: minutes, summary: summary, queue: nil, groups: nil,
            unavailable: unavailable.isEmpty ? nil : unavailable, brokenRules: brokenRules)
        day.matches = games
        day.fromMatch = fromMatch
        return day
    }

    /// The plan of each match in a day's solution (nil when it does not fit the day).
    func plans(of solution: LineupSolution) -> [LineupPlan]? {
        guard let games = solution.matches, games.count == parts.count else { return nil }
        var plans: [LineupPlan] = []
        for (part, game) in zip(parts, games) {
            guard let plan = part.plan(of: game) else { return nil }
            plans.append(plan)
        }
        return plans
    }

    /// The greedy's day: match by match, each planned by the one-match greedy with the minutes the day has given
    /// so far as season minutes (so each match evens out the day so far), and `minShare` held in every match
    /// (which holds it over the day). Nil when a match has no greedy plan (the exact engines then start without
    /// one).
    func greedy(_ instance: LineupInstance, seconds: Double?) -> [LineupPlan]? {
        let clock = ContinuousClock.now
        let instance = instance.remainingDay()
        var sofar = earlier
        var plans: [LineupPlan] = []
        for m in parts.indices {
            var game = instance.dayPart(m, .asGiven)
            var rules = game.rules ?? LineupRules()
            rules.seasonBalance = true
            game.rules = rules
            for p in game.players.indices { game.players[p].seasonMinutes = spreadOffset[p] + sofar[p] }
            let analysis = LineupAnalysis(game)
            let left = seconds.map { max(0.01, ($0 - (ContinuousClock.now - clock).inSeconds) / Double(parts.count - m)) }
            guard let plan = LineupGreedy.plan(analysis, seconds: left) else { return nil }
            for p in sofar.indices { sofar[p] = analysis.minutes(of: p, in: plan) + sofar[p] }
            plans.append(plan)
        }
        // `minShare` in every match holds it over the day, but not over a re-plan's day, whose played matches may
        // have given a player less: a plan the day's verifier refuses is no greedy plan.
        guard LineupVerifier.check(instance, solution(plans, instance: instance)).isLegal else { return nil }
        return plans
    }

    /// Players no rule of the day tells apart: interchangeable in every match (same positions, limits, arrival,
    /// named by no rule: ``LineupAnalysis/interchangeableGroups``), with the same season minutes and rating.
    /// Swapping two of them in every match at once maps a day plan to one as good, so the day's model orders
    /// them by day minutes. None with a turn-based queue (as in one match).
    func interchangeableGroups(_ instance: LineupInstance) -> [[Int]] {
        if instance.mode == .turnBased && instance.turnBased?.queue != nil { return [] }
        var keys: [Int: [Double]] = [:]
        for part in parts {
            for group in part.interchangeableGroups {
                for p in group { keys[p, default: []].append(Double(group[0])) }
            }
        }
        var groups: [[Double]: [Int]] = [:]
        for (p, key) in keys where key.count == parts.count {
            groups[key + [Double(spreadOffset[p]), Double(before[p]), instance.players[p].rating ?? -1], default: []].append(p)
        }
        return groups.values.map { $0.sorted() }.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
    }

    /// The same day plan with each group of ``interchangeableGroups(_:)`` in order of decreasing day minutes
    /// (whole days swapped), as the day's model orders them.
    func canonical(_ plans: [LineupPlan], groups: [[Int]]) -> [LineupPlan] {
        var result = plans
        func dayMinutes(_ p: Int) -> Int { zip(parts, plans).reduce(0) { $0 + $1.0.minutes(of: p, in: $1.1) } }
        for group in groups {
            let byMinutes = group.sorted { (dayMinutes($0), -$0) > (dayMinutes($1), -$1) }
            for (target, source) in zip(group, byMinutes) {
                for m in plans.indices {
                    for s in plans[m].cells.indices { result[m].cells[s][target] = plans[m].cells[s][source] }
                    if let colours = plans[m].colour { result[m].colour![target] = colours[source] }
                }
            }
        }
        return result
    }

    /// What each match proves impossible on its own (no plan of that match keeps its rules, so the day has none),
    /// naming the match.
    func impossibility(_ instance: LineupInstance) -> String? {
        let instance = instance.remainingDay()
        for (m, part) in parts.enumerated() {
            if let reason = LineupKind.impossibility(part) { return "\(instance.dayMatchName(m)): \(reason)" }
        }
        // The day's `minShare` asks more regulation minutes of a player than the matches left hold for them.
        for p in 0..<playerCount where minShareNeed[p] > 0 {
            let most = parts.reduce(0) { total, part in
                total
                    + part.segments.indices.filter { part.canPlay[p][$0] && part.segments[$0].start < part.regulationEnd }
                    .reduce(0) { $0 + part.segments[$1].length }
            }
            if most < minShareNeed[p] {
                let player = instance.players[p].displayName
                return
                    "minShare: \(player) needs \(minShareNeed[p]) more regulation minutes over the day and can play at most \(most) in the matches left"
                    + (instance.playedDay == nil ? "" : " (the matches played gave \(player) \(earlier[p]))")
            }
        }
        return nil
    }
}

/// The exact model of a tournament day: every match's compact model (its rules, each match on its own) in one
/// program, linked by the day's minutes: the spread over the day, `minShare` over the day's regulation minutes,
/// and under `strength: "balanced"` the gap over every segment of the day; substitutions and positions away
/// from the first-listed are summed over the matches. Solved by the engine's lexicographic path, GLPK or the
/// built-in solver.
enum LineupDayModel {
    /// One match's part of the day's model: who is on the field (per segment and player), its substitutions and
    /// off-preferred player-segments, and the way back from the solver's values to the match's plan and from a
    /// plan to the part's columns.
    struct Part {
        var on: [[LinearExpression]]
        var substitutions: LinearExpression
        var offPreferred: LinearExpression
        var decode: @Sendable ([Double]) -> LineupPlan?
        /// The part's columns for a plan (the others left as they are); false when the plan is outside the part.
        var encode: @Sendable (LineupPlan, inout [Double]) -> Bool
    }

    /// The day's program: each match's pattern model (every legal pattern of each player, as one match is
    /// solved) where every match's patterns can be listed in time, else each match's compact model.
    static func formulation(_ analysis: LineupAnalysis, day: LineupDay) -> Formulation<LineupSolution> {
        if !analysis.compactModelForced, let patterns = formulation(analysis, day: day, patterns: true) { return patterns }
        return formulation(analysis, day: day, patterns: false)!
    }

    static func formulation(_ analysis: LineupAnalysis, day: LineupDay, patterns: Bool) -> Formulation<LineupSolution>? {
        let instance = analysis.instance
        var model = Model(name: "lineup-day")
        var start = StartRecipe<[LineupPlan]>()
        var parts: [Part] = []
        let deadline = ContinuousClock.now + .seconds(3)
        for (m, part) in day.parts.enumerated() {
            model.namePrefix = "m\(m + 1)_"
            if patterns {
                guard part.patternSpace()?.modeLimit == nil, var space = part.enumeratedPatterns() else { return nil }
                space.addModeStructure(deadline: deadline)
                let split = space.splitClasses()
                let master = LineupPatternModel(split, window: nil, goal: .dayPart, into: model)
                let first = model.variableCount
                model = master.model
                let range = first..<model.variableCount
                var on = [[LinearExpression]](
                    repeating: [LinearExpression](repeating: LinearExpression(), count: part.playerCount), count: part.segmentCount)
                for (c, group) in split.classes.enumerated() {
                    for s in 0..<part.segmentCount { on[s][group.members[0]] = master.onFieldExpressions[c][s] }
                }
                parts.append(
                    Part(
                        on: on, substitutions: master.substitutionsExpression, offPreferred: master.offPreferredExpression,
                        decode: { master.decode($0) },
                        encode: { plan, values in
                            guard let own = master.encode(plan) else { return false }
                            for index in range where index < own.count { values[index] = own[index] }
                            return true
                        }))
            } else {
                var builder = LineupModelBuilder(part, relaxed: false, dayPart: true, model: model)
                builder.build()
                model = builder.model
                start.merge(builder.start.lifted { $0[m] })
                let x = builder.x
                let colours = builder.colourVariables
                let on = (0..<part.segmentCount).map { s in (0..<part.playerCount).map { p in sum(x[s][p].map(\.variable)) } }
                parts.append(
                    Part(
                        on: on, substitutions: builder.substitutionsExpression, offPreferred: builder.offPreferredExpression,
                        decode: { part.decodePlan(Assignment($0), x: x, colours: colours) },
                        encode: { _, _ in true }))
            }
        }
        model.namePrefix = ""
        let ids = instance.players.map(\.id)
        func minutes(_ p: Int, regulationOnly: Bool = false) -> LinearExpression {
            var expression = LinearExpression()
            for (m, part) in day.parts.enumerated() {
                for (s, segment) in part.segments.enumerated() where !regulationOnly || segment.start < part.regulationEnd {
                    expression.add(parts[m].on[s][p], scale: Double(segment.length))
                }
            }
            return expression
        }
        for p in 0..<day.playerCount where day.minShareNeed[p] > 0 {
            model.add(minutes(p, regulationOnly: true) >= Double(day.minShareNeed[p]), name: "day_min_share[\(ids[p])]")
        }
        var spread = LinearExpression()
        if day.spreadPlayers.count > 1 {
            let length = day.parts.reduce(0) { $0 + $1.matchEnd }
            func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
            let grid = day.parts.reduce(0) { gcd($0, $1.lengthGCD) }
            // The minutes the plan adds to: season minutes for the spread, and in a re-plan the day's so far.
            let fixedMinutes = (0..<day.playerCount).map { day.spreadOffset[$0] + day.before[$0] }
            let onGrid = grid > 1 && day.spreadPlayers.allSatisfy { fixedMinutes[$0] % grid == 0 }
            let step = onGrid ? Double(grid) : 1
            let top = ((Double(length) + Double(fixedMinutes.max() ?? 0) * 2 + 1) / step).rounded(.up)
            let high = model.addInteger("day_spread_high", lower: 0, upper: top)
            let low = model.addInteger("day_spread_low", lower: 0, upper: top)
            let analyses = day.parts
            let spreadPlayers = day.spreadPlayers
            // A part's plan minutes hold its `minutesPlayed` already (``LineupAnalysis/minutes(of:in:)``).
            let offsets = (0..<day.playerCount).map { day.spreadOffset[$0] + day.earlier[$0] }
            let values: @Sendable ([LineupPlan]) -> [Int] = { plans in
                spreadPlayers.map { p in offsets[p] + zip(analyses, plans).reduce(0) { $0 + $1.0.minutes(of: p, in: $1.1) } }
            }
            start.set(high) { plans in (Double(values(plans).max()!) / step).rounded(.up) }
            start.set(low) { plans in (Double(values(plans).min()!) / step).rounded(.down) }
            for p in day.spreadPlayers {
                let value = minutes(p) + Double(fixedMinutes[p])
                model.add(step * high >= value, name: "day_spread_high[\(ids[p])]")
                model.add(step * low <= value, name: "day_spread_low[\(ids[p])]")
            }
            // Fair share, as in one match: when only these players can take the field, their day minutes add up
            // to a constant, so the most is at least the average rounded up and the least at most it rounded down.
            let others = (0..<day.playerCount).filter { !day.spreadPlayers.contains($0) }
            if others.allSatisfy({ p in day.parts.allSatisfy { part in part.canPlay[p].allSatisfy { !$0 } } }) {
                let planned = day.parts.reduce(0) { total, part in total + part.segments.reduce(0) { $0 + $1.length } * part.fieldSize }
                let fixed = day.spreadPlayers.reduce(0) { $0 + fixedMinutes[$1] }
                let average = Double(planned + fixed) / Double(day.spreadPlayers.count)
                model.add(step * high >= (average / step).rounded(.up) * step, name: "day_fair_share_high")
                model.add(step * low <= (average / step).rounded(.down) * step, name: "day_fair_share_low")
            }
            spread = step * high - step * low
        }
        let groups = day.interchangeableGroups(instance)
        for group in groups {
            for (first, second) in zip(group, group.dropFirst()) {
                model.add(minutes(first) - minutes(second) >= 0, name: "day_symmetry[\(ids[first]),\(ids[second])]")
            }
        }
        model.minimize(spread, name: "spread")
        if instance.rules?.strength?.balanced == true {
            let ratings = instance.players.map { $0.rating ?? 0 }
            let scale = LineupStrength.scale(of: ratings) ?? 1
            let units = ratings.map { Int(($0 * scale).rounded()) }
            let total = Double(units.reduce(0, +))
            let high = model.addInteger("day_strength_high", lower: 0, upper: total)
            let low = model.addInteger("day_strength_low", lower: 0, upper: total)
            let analyses = day.parts
            let sums: @Sendable ([LineupPlan]) -> [Int] = { plans in
                zip(analyses, plans).flatMap { $0.0.strengthSums(of: $0.1, units: units) }
            }
            start.set(high) { plans in Double(sums(plans).max() ?? 0) }
            start.set(low) { plans in Double(sums(plans).min() ?? 0) }
            for (m, part) in day.parts.enumerated() {
                for s in part.segments.indices {
                    var onSum = LinearExpression()
                    for p in 0..<day.playerCount where units[p] != 0 { onSum.add(parts[m].on[s][p], scale: Double(units[p])) }
                    model.add(LinearExpression(high) - onSum >= 0, name: "day_strength_high[\(m + 1),\(s)]")
                    model.add(onSum - LinearExpression(low) >= 0, name: "day_strength_low[\(m + 1),\(s)]")
                }
            }
            model.minimize((1 / scale) * (LinearExpression(high) - LinearExpression(low)), name: "strengthGap")
        }
        model.minimize(sum(parts.map(\.substitutions)), name: "substitutions")
        model.minimize(sum(parts.map(\.offPreferred)), name: "offPreferredPosition")
        // Each game's positions are a transportation system given who is on (the one-match pattern engine's
        // proof of this level rests on the same): the level's optimum is a whole number at every lineup.
        if patterns { model.objectives[model.objectives.count - 1].integralCompletion = true }
        let finished = model
        let recipe = start
        let built = parts
        return Formulation(
            model: finished,
            tuning: patterns ? LineupKind.patternTuning : SolverTuning(feasibilityPump: true, cuts: true, branching: .driebeckTomlin),
            decode: { result in
                var plans: [LineupPlan] = []
                for part in built {
                    guard let plan = part.decode(result.values) else {
                        return day.solution(
                            day.parts.map { LineupPlan(segments: $0.segmentCount, players: $0.playerCount) }, instance: instance)
                    }
                    plans.append(plan)
                }
                return day.solution(plans, instance: instance)
            },
            encode: { solution in
                guard let plans = day.plans(of: solution) else { return nil }
                let ordered = day.canonical(plans, groups: groups)
                let canonical = zip(day.parts, ordered).map { $0.0.canonical($0.1, orderingPlayers: false) }
                var values = recipe.values(for: canonical, in: finished)
                for (part, plan) in zip(built, canonical) where !part.encode(plan, &values) { return nil }
                return values
            })
    }
}
