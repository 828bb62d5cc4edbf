import TouchlineMILP

/// What the formulation, the greedy and the solution builder derive from a valid instance: the segments to
/// plan, who may play where and when, what every rule asks in minutes and segments. The lineup kind's
/// prepared form (``ProblemKind/Prepared``): built once per solve.
public struct LineupAnalysis: PreparedInstance {
    struct Segment: Sendable, Equatable {
        var start: Int
        var end: Int
        var period: Int
        var length: Int { end - start }
    }

    public let instance: LineupInstance
    /// The solve's control: the pure-Swift searches (colour schedules, the colour deal) stop when it is
    /// cancelled, as GLPK does.
    var control: SolveControl? = nil
    /// The solve's `options.formulation` is `compact`: solve and export the compact model instead of the
    /// pattern model (a cross-check of the pattern engine against an independent formulation).
    var compactModelForced = false
    var isCancelled: Bool { control?.isCancelled ?? false }
    /// The pattern space, derived on first use and shared by every copy of this analysis (``patternSpace()``).
    private var derived = Derived()
    /// Regulation end and match end (match clock).
    let regulationEnd: Int
    let matchEnd: Int
    /// Start minute of each period (1-based period p at index p-1), overtime included.
    let periodStarts: [Int]
    /// The segments to plan: all of them, or from `state.minute` on.
    let segments: [Segment]
    /// True when the first planned segment starts at a live re-plan (changes there are free and counted).
    let replan: Bool
    /// Position codes of the formation, keeper first, and their counts.
    let positions: [String]
    let slots: [Int]
    let keeper: Int?
    /// Per player: the formation positions they play (indices into `positions`), preferred first.
    let eligible: [[Int]]
    /// Per player: index into `positions` of their first-listed position, if the formation has it.
    let preferred: [Int?]
    /// Per player and planned segment: may be on the field (available, arrived, not injured).
    let canPlay: [[Bool]]
    /// Per player: minutes before the plan (state) and the value added for the spread (season minutes).
    let base: [Int]
    let spreadOffset: [Int]
    /// Players the spread is taken over.
    let spreadPlayers: [Int]
    /// Per player: planned regulation minutes needed for `minShare` (0: none).
    let minShareNeed: [Int]
    /// Per player: minutes bounds over the whole match (nil: none).
    let minMinutes: [Int?]
    let maxMinutes: [Int?]
    /// Players who may play outfield (the turn-based queue).
    let outfield: [Bool]
    /// Per lock: the planned segments it covers.
    let lockSegments: [[Int]]
    /// Per planned segment: players marked active (pre-marked mode).
    let marked: [[Int]]
    /// State: who was on the field before the first planned segment, and the keeper who must stay.
    let wasOn: [Bool]
    let stayingKeeper: Int?
    /// Segments of the current period in which the staying keeper stays.
    let stayingKeeperSegments: [Int]
    let playerIndex: [String: Int]

    var playerCount: Int { instance.players.count }
    var segmentCount: Int { segments.count }
    var fieldSize: Int { slots.reduce(0, +) }
    var rules: LineupRules { instance.rules ?? LineupRules() }

    /// A tournament day (`matches`): each match's own analysis, and what the day counts. The fields above are
    /// then the first match's, and no engine reads them: every stage plans a day through this.
    let day: LineupDay?

    init(_ given: LineupInstance) {
        // A day re-planned during a later match is the day still to play (every stage reads this instance).
        let whole = given.remainingDay()
        self.instance = whole
        day = whole.isDay ? LineupDay(whole) : nil
        let instance = whole.isDay ? whole.dayPart(0, .perMatch) : whole
        let match = instance.match
        var starts: [Int] = []
        var ends: [Int] = []
        var clock = 0
        for _ in 0..<match.periods {
            starts.append(clock)
            clock += match.periodMinutes
            ends.append(clock)
        }
        regulationEnd = clock
        if let overtime = match.overtime {
            for _ in 0..<overtime.periods {
                starts.append(clock)
                clock += overtime.periodMinutes
                ends.append(clock)
            }
        }
        matchEnd = clock
        periodStarts = starts
        var boundaries = Set(starts)
        if let every = match.substitutions?.everyMinutes, every > 0 {
            for (start, end) in zip(starts, ends) {
                var minute = start + every
                while minute < end {
                    boundaries.insert(minute)
                    minute += every
                }
            }
        }
        for minute in match.substitutions?.atMinutes ?? [] where minute > 0 && minute < matchEnd {
            boundaries.insert(minute)
        }
        let planStart = instance.state?.minute ?? 0
        if planStart > 0 { boundaries.insert(planStart) }
        let sorted = boundaries.sorted() + [matchEnd]
        var all: [Segment] = []
        for index in 0..<(sorted.count - 1) {
            let start = sorted[index]
            let period = starts.lastIndex { $0 <= start }! + 1
            all.append(Segment(start: start, end: sorted[index + 1], period: period))
        }
        segments = all.filter { $0.start >= planStart }
        replan = planStart > 0

        let keys = instance.formation.keys.filter { (instance.formation[$0] ?? 0) > 0 }
        positions = keys.sorted { LineupAnalysis.positionRank($0, $1) }
        slots = positions.map { instance.formation[$0]! }
        keeper = positions.firstIndex(of: "GK")
        var positionIndex: [String: Int] = [:]
        for (index, code) in positions.enumerated() { positionIndex[code] = index }

        var playerIndex: [String: Int] = [:]
        for (index, player) in instance.players.enumerated() { playerIndex[player.id] = index }
        self.playerIndex = playerIndex
        let players = instance.players
        let rules = instance.rules ?? LineupRules()
        let injuredNow = players.map { !$0.isAvailable }
        eligible = players.map { player in
            var seen = Set<Int>()
            return player.positions.compactMap { positionIndex[$0] }.filter { seen.insert($0).inserted }
        }
        preferred = players.map { $0.positions.first.flatMap { positionIndex[$0] } }
        let segments = self.segments
        canPlay = players.enumerated().map { index, player in
            segments.map { !injuredNow[index] && $0.start >= (player.arrivesAt ?? 0) }
        }
        let played = instance.state?.minutesPlayed ?? [:]
        base = players.map { played[$0.id] ?? 0 }
        spreadOffset = players.map { rules.seasonBalance == true ? ($0.seasonMinutes ?? 0) : 0 }
        spreadPlayers = players.indices.filter { players[$0].isAvailable && (players[$0].arrivesAt ?? 0) <= 0 }
        let share = rules.minShare ?? 0
        let regulationEnd = self.regulationEnd
        minShareNeed = players.enumerated().map { index, player in
            guard share > 0, player.isAvailable, planStart < regulationEnd else { return 0 }
            let present = regulationEnd - max(player.arrivesAt ?? 0, 0)
            guard present > 0 else { return 0 }
            let required = (share * Double(present) - Tolerance.exact).rounded(.up)
            return max(0, Int(required) - (played[player.id] ?? 0))
        }
        minMinutes = players.map { $0.isAvailable ? $0.minMinutes : nil }
        maxMinutes = players.map { $0.maxMinutes }
        let keeper = self.keeper
        let eligible = self.eligible
        outfield = players.indices.map { index in
            players[index].isAvailable && eligible[index].contains { $0 != keeper }
        }
        lockSegments = (instance.locks ?? []).map { lock in
            segments.indices.filter { segments[$0].start < lock.to && lock.from < segments[$0].end }
        }
        var marked = [[Int]](repeating: [], count: segments.count)
        if instance.mode == .preMarked {
            for marks in instance.preMarked?.periods ?? [] {
                let members = marks.active.compactMap { playerIndex[$0] }
                for (segment, info) in segments.enumerated() where info.period == marks.period {
                    marked[segment] = members
                }
            }
        }
        self.marked = marked
        var wasOn = [Bool](repeating: false, count: players.count)
        var stayingKeeper: Int? = nil
        if let state = instance.state {
            for (id, code) in state.onField {
                guard let index = playerIndex[id] else { continue }
                wasOn[index] = true
                if code == "GK", !injuredNow[index], keeper != nil { stayingKeeper = index }
            }
        }
        self.wasOn = wasOn
        self.stayingKeeper = stayingKeeper
        let currentPeriod = segments.first?.period
        stayingKeeperSegments = stayingKeeper == nil ? [] : segments.indices.filter { segments[$0].period == currentPeriod }
    }

    /// GK, DEF, MID, FWD, then other codes alphabetically.
    static func positionRank(_ a: String, _ b: String) -> Bool {
        let order = ["GK", "DEF", "MID", "FWD"]
        let ra = order.firstIndex(of: a) ?? order.count
        let rb = order.firstIndex(of: b) ?? order.count
        return ra != rb ? ra < rb : a < b
    }

    /// True when segment `s` starts a period (the keeper may change there).
    func startsPeriod(_ s: Int) -> Bool { periodStarts.contains(segments[s].start) }

    /// Minutes of the greatest common divisor of the planned segment lengths.
    var lengthGCD: Int {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        return segments.reduce(0) { gcd($0, $1.length) }
    }

    /// Players each turn-based or colour-group rule treats as one pool.
    var outfieldPlayers: [Int] { instance.players.indices.filter { outfield[$0] } }
    /// Colour groups: every player who may take a colour: the available players, keeper-only ones included
    /// (the contract lets a keeper-only player have a colour, and then he keeps goal exactly when it is on).
    /// A player who is not available takes a colour only when `colourGroups.assignment` fixes one (a rule the
    /// verifier checks), so no model leaves a coloured player out of its space.
    var colourPool: [Int] { instance.players.indices.filter { instance.players[$0].isAvailable } }
    /// Colour groups: per colour, the players who are not available but fixed to it (counted in its size).
    var absentColoured: [String: Int] {
        var result: [String: Int] = [:]
        for (id, colour) in instance.colourGroups?.assignment ?? [:] {
            if let p = playerIndex[id], !instance.players[p].isAvailable { result[colour, default: 0] += 1 }
        }
        return result
    }
}

/// A plan as a grid: for each planned segment and player, the position index on the field or nil.
struct LineupPlan: Sendable, Equatable {
    var cells: [[Int?]]
    /// Colour-group mode: player → colour index.
    var colour: [Int?]?

    init(segments: Int, players: Int) {
        cells = Array(repeating: Array(repeating: nil, count: players), count: segments)
    }

    func isOn(_ player: Int, _ segment: Int) -> Bool { cells[segment][player] != nil }
}

extension LineupAnalysis {
    /// The output solution of a plan.
    func solution(_ plan: LineupPlan, brokenRules: [String]? = nil) -> LineupSolution {
        let players = instance.players
        var segmentsOut: [LineupSegment] = []
        var substitutions: [LineupSubstitution] = []
        var moves: [LineupMove] = []
        var withdrawals: [LineupWithdrawal] = []
        var minutes = base
        for (s, segment) in segments.enumerated() {
            var onField: [String: String] = [:]
            var bench: [String] = []
            for (p, player) in players.enumerated() {
                if let position = plan.cells[s][p] {
                    onField[player.id] = positions[position]
                    minutes[p] += segment.length
                } else if canPlay[p][s] {
                    bench.append(player.id)
                }
            }
            segmentsOut.append(LineupSegment(start: segment.start, end: segment.end, period: segment.period, onField: onField, bench: bench))
            guard s > 0 || replan else { continue }
            let before: [Int: String] =
                s > 0
                ? Dictionary(uniqueKeysWithValues: players.indices.compactMap { p in plan.cells[s - 1][p].map { (p, positions[$0]) } })
                : Dictionary(uniqueKeysWithValues: (instance.state?.onField ?? [:]).compactMap { id, code in playerIndex[id].map { ($0, code) } })
            var comingOn = players.indices.filter { plan.cells[s][$0] != nil && before[$0] == nil }
            var goingOff = players.indices.filter { plan.cells[s][$0] == nil && before[$0] != nil }
            // Pair each player coming on with one leaving the position they take where there is one (all such
            // pairs first), then the rest in order; position moves of players who stay on are listed apart.
            comingOn.sort()
            var partners: [Int: Int] = [:]
            for p in comingOn {
                let position = positions[plan.cells[s][p]!]
                if let match = goingOff.firstIndex(where: { before[$0] == position }) { partners[p] = goingOff.remove(at: match) }
            }
            for p in comingOn where partners[p] == nil && !goingOff.isEmpty { partners[p] = goingOff.removeFirst() }
            for p in comingOn {
                let off = partners[p]
                substitutions.append(
                    LineupSubstitution(
                        minute: segment.start, off: off.map { players[$0].id }, on: players[p].id,
                        position: positions[plan.cells[s][p]!], offPosition: off.flatMap { before[$0] }))
            }
            for p in goingOff {
                withdrawals.append(LineupWithdrawal(minute: segment.start, player: players[p].id, position: before[p]!))
            }
            for p in players.indices {
                guard let from = before[p], let now = plan.cells[s][p], positions[now] != from else { continue }
                moves.append(LineupMove(minute: segment.start, player: players[p].id, from: from, to: positions[now]))
            }
        }
        var minutesById: [String: Int] = [:]
        for (p, player) in players.enumerated() { minutesById[player.id] = minutes[p] }
        let values = spreadPlayers.map { minutes[$0] + spreadOffset[$0] }
        let played = spreadPlayers.map { minutes[$0] }
        let summary = LineupSummary(
            minMinutes: played.min() ?? 0, maxMinutes: played.max() ?? 0,
            spread: (values.max() ?? 0) - (values.min() ?? 0), substitutions: substitutions.count)
        var solution = LineupSolution(
            segments: segmentsOut, substitutions: substitutions, minutes: minutesById, summary: summary,
            queue: nil, groups: nil, unavailable: nil, brokenRules: brokenRules, moves: moves)
        let unavailable = players.filter { !$0.isAvailable }.map(\.id)
        solution.unavailable = unavailable.isEmpty ? nil : unavailable
        solution.withdrawals = withdrawals.isEmpty ? nil : withdrawals
        switch instance.mode {
        case .turnBased: solution.queue = queueEntries(plan)
        case .colourGroups: solution.groups = groups(plan)
        case .balanced, .preMarked: break
        }
        return solution
    }

    /// The turn-based windows of a plan, with the bench queue in first-in first-out order (ties in the order
    /// the plan brings the players on).
    func queueEntries(_ plan: LineupPlan) -> [LineupQueueEntry] {
        let players = instance.players
        let order = benchOrder(plan)
        var entries: [LineupQueueEntry] = []
        for (s, segment) in segments.enumerated() {
            let before: Set<Int> =
                s > 0
                ? Set(players.indices.filter { plan.cells[s - 1][$0] != nil })
                : (replan ? Set(players.indices.filter { wasOn[$0] }) : [])
            let now = Set(players.indices.filter { plan.cells[s][$0] != nil })
            let on = now.subtracting(before).sorted().map { players[$0].id }
            let off = before.subtracting(now).sorted().map { players[$0].id }
            let bench = order[s].filter { outfield[$0] && plan.cells[s][$0] == nil }
            let next =
                s + 1 < segments.count
                ? players.indices.filter { plan.cells[s + 1][$0] != nil && plan.cells[s][$0] == nil && outfield[$0] }.count
                : 0
            let count = max(next, instance.turnBased?.changesPerWindow ?? next, 1)
            entries.append(
                LineupQueueEntry(
                    minute: segment.start, on: on, off: off, nextUp: bench.prefix(count).map { players[$0].id }))
        }
        return entries
    }

    /// Per segment, the players on the bench in queue order: by the segment they last went off (or arrived),
    /// then by when they next come on.
    func benchOrder(_ plan: LineupPlan) -> [[Int]] {
        let players = instance.players
        let queue = instance.turnBased?.queue ?? []
        var lastChange = players.indices.map { p -> Double in
            if let rank = queue.firstIndex(of: players[p].id) { return -1_000 + Double(rank) }
            return -1
        }
        var result: [[Int]] = []
        for s in segments.indices {
            for p in players.indices {
                let previous = s > 0 ? plan.cells[s - 1][p] != nil : (replan && wasOn[p])
                let arrivesHere = !(s > 0 && canPlay[p][s - 1]) && canPlay[p][s] && s > 0
                if previous != (plan.cells[s][p] != nil) || arrivesHere { lastChange[p] = Double(s) }
            }
            let bench = players.indices.filter { canPlay[$0][s] && plan.cells[s][$0] == nil }
            func nextOn(_ p: Int) -> Int { (s..<segments.count).first { plan.cells[$0][p] != nil } ?? Int.max }
            result.append(bench.sorted { (lastChange[$0], nextOn($0), $0) < (lastChange[$1], nextOn($1), $1) })
        }
        return result
    }

    func groups(_ plan: LineupPlan) -> LineupGroups {
        let colours = instance.colourGroups?.colours ?? []
        var assignment: [String: String] = [:]
        for (p, player) in instance.players.enumerated() {
            if let colour = plan.colour?[p] { assignment[player.id] = colours[colour] }
        }
        let schedule = segments.enumerated().map { s, segment in
            LineupGroups.Entry(
                minute: segment.start,
                onField: colours.indices.filter { c in
                    instance.players.indices.contains { plan.colour?[$0] == c && plan.cells[s][$0] != nil }
                }.map { colours[$0] })
        }
        return LineupGroups(assignment: assignment, schedule: schedule)
    }
}

/// The lineup's most expensive derived structure, the players' legal patterns: built once per analysis, on first
/// use, by whichever stage asks first (the pre-check, the greedy, the pattern engine, the export), and shared
/// by every copy of the analysis, as the solve's stages each hold one.
extension LineupAnalysis {
    struct Derived: Sendable {
        /// Each player's rules, no patterns yet.
        let space = OnceCell<LineupPatternSpace>()
        /// The same with every class's patterns enumerated (nil: too many to list).
        let patterns = OnceCell<LineupPatternSpace?>()
        /// The position rules as rows (``LineupRuleRows``).
        let ruleRows = OnceCell<LineupRuleRows>()
    }

    /// The pattern space before enumeration (players' rules, fixed positions, keeper columns): enough for the
    /// counting arguments on each player alone. Nil past ``LineupPatternSpace/segmentLimit`` segments.
    func patternSpace() -> LineupPatternSpace? {
        guard segmentCount <= LineupPatternSpace.segmentLimit else { return nil }
        var space = derived.space.value {
            // The cell keeps a space built from a copy with cells of its own, so the space it holds does not hold
            // the cell (no reference cycle); the caller's copy carries this analysis, its control included.
            var plain = self
            plain.derived = Derived()
            plain.control = nil
            return LineupPatternSpace(plain)
        }
        space.analysis = self
        return space
    }

    /// The position rules as rows, made once per analysis (``LineupRuleRows``).
    var ruleRows: LineupRuleRows { derived.ruleRows.value { makeRuleRows() } }

    /// The pattern space with every class's patterns enumerated and tightened, without the mode's structure
    /// (``LineupPatternSpace/addModeStructure(colourCheck:deadline:)`` adds it to a copy). Nil past the segment
    /// limit or when the patterns are too many to list (``LineupPatternSpace/enumerateClasses(limit:total:)``).
    func enumeratedPatterns() -> LineupPatternSpace? {
        guard let base = patternSpace() else { return nil }
        var space = derived.patterns.value {
            var space = base
            space.analysis.derived = Derived()
            space.analysis.control = nil
            return space.enumerateClasses() ? space : nil
        }
        space?.analysis = self
        return space
    }
}

extension LineupAnalysis {
    /// `rules.together` as player indices, each group's available members (validation refuses a group that
    /// mixes available players with injured or unavailable ones); groups of fewer than two are left out.
    var togetherGroups: [[Int]] {
        (rules.together ?? []).map(members).filter { $0.count >= 2 }
    }

    /// `rules.apart` as player indices, each group's available members, with the segments it must cover (those
    /// in which one of them is there); groups that cover none are left out.
    var apartGroups: [(members: [Int], segments: [Int])] {
        (rules.apart ?? []).compactMap { group in
            let members = members(group)
            let segments = self.segments.indices.filter { s in members.contains { canPlay[$0][s] } }
            return segments.isEmpty ? nil : (members, segments)
        }
    }

    /// The players in some `together` or `apart` group: each is a class of their own in the pattern model.
    var pairedPlayers: Set<Int> {
        Set(togetherGroups.flatMap { $0 } + apartGroups.flatMap(\.members))
    }

    private func members(_ ids: [String]) -> [Int] {
        var seen = Set<Int>()
        return ids.compactMap { playerIndex[$0] }.filter { instance.players[$0].isAvailable && seen.insert($0).inserted }
    }
}

/// The keeper minute rules (`keeperMaxShare`, `keeperMinOutfieldMinutes`, `keeperTurns`) in the analysis's
/// terms, read by every model: each GK-eligible player's minutes in goal are followed one by one, so each is a
/// pattern class of their own and their keeping goal is an integer column.
struct KeeperMinuteRules {
    /// The GK-eligible available players.
    var players: [Int]
    /// Regulation minutes in goal at most (`state.keeperMinutes` included), or nil.
    var cap: Int?
    /// Minutes outfield at least for a player who keeps goal at all (0: no rule).
    var minOutfield: Int
    /// Players who must keep goal for at least one planned segment (`keeperTurns`: they list GK, are there, and
    /// have not kept goal before `state.minute`).
    var needTurn: Set<Int>
    /// Per player: minutes in goal before `state.minute`, and minutes outfield before it.
    var before: [Int]
    var outfieldBefore: [Int]
}

extension LineupAnalysis {
    /// Nil when no keeper minute rule applies (none given, or no GK in the formation).
    var keeperMinuteRules: KeeperMinuteRules? {
        guard rules.hasKeeperMinuteRules, let keeper, slots[keeper] > 0 else { return nil }
        let state = instance.state
        let before = instance.players.map { state?.keeperMinutes?[$0.id] ?? 0 }
        let outfieldBefore = instance.players.indices.map { base[$0] - before[$0] }
        let players = instance.players.indices.filter { instance.players[$0].isAvailable && eligible[$0].contains(keeper) }
        let needTurn =
            rules.keeperTurns == true
            ? Set(players.filter { p in before[p] == 0 && segments.indices.contains { canPlay[p][$0] } }) : []
        return KeeperMinuteRules(
            players: players, cap: rules.keeperMinuteCap(regulation: regulationEnd), minOutfield: rules.keeperMinOutfieldMinutes ?? 0,
            needTurn: needTurn, before: before, outfieldBefore: outfieldBefore)
    }
}
