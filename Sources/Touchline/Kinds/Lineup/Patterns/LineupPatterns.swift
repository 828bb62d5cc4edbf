/// One player's legal on/off sequence over the planned segments, with every count the objective and the
/// shared rules need: a column of the pattern model.
struct LineupPattern: Sendable, Equatable {
    /// Bit s set: on the field in planned segment s.
    var mask: UInt64
    /// Planned minutes, and those of them in regulation time.
    var minutes: Int
    var regulation: Int
    /// Substitutions this pattern makes (entries after kick-off, and at `state.minute` in a re-plan).
    var substitutions: Int
    /// Bit s set: comes on at window s (s ≥ 1), for `maxChangesPerWindow`.
    var entries: UInt64

    func isOn(_ s: Int) -> Bool { mask & (1 << UInt64(s)) != 0 }
}

/// What one player's patterns must respect. Every rule that concerns one player alone is here; the pattern
/// model only combines players.
struct LineupPlayerRules: Sendable, Hashable {
    /// Bit s: the player may be on the field in segment s (available, arrived, has a formation position).
    var canBeOn: UInt64
    /// Bit s: present (available and arrived), for bench runs.
    var present: UInt64
    /// Bit s: must be on (locks, marks, the keeper who stays) / must be off (locks).
    var forcedOn: UInt64
    var forcedOff: UInt64
    /// On or off for whole (planned parts of) periods: a keeper-only player when the keeper plays full periods.
    var wholePeriods: Bool
    /// Planned minutes at least / at most (minMinutes and maxMinutes less `minutesPlayed`); regulation minutes
    /// at least (minShare).
    var minMinutes: Int
    var maxMinutes: Int
    var minRegulation: Int
    var minStint: Int
    var maxBench: Int?
    /// On the field just before the first planned segment (a re-plan).
    var wasOn: Bool
}

/// Enumerates patterns: a depth-first walk over the segments with the state (on before, stint segments still
/// owed, bench run, minutes), pruned by what the remaining segments can still give.
struct LineupPatternEnumerator: Sendable {
    let lengths: [Int]
    let regulation: [Bool]
    /// Per segment: true when it starts a period (or is the first planned segment).
    let periodStart: [Bool]
    let replan: Bool

    init(_ analysis: LineupAnalysis) {
        let segments = analysis.segments
        lengths = segments.map(\.length)
        regulation = segments.map { $0.start < analysis.regulationEnd }
        periodStart = segments.indices.map { $0 == 0 || segments[$0].period != segments[$0 - 1].period }
        replan = analysis.replan
    }

    /// Steps of the depth-first search one enumeration may take (a hostile instance cannot make it hang: past
    /// this the patterns count as too many and the compact model answers).
    static let stepLimit = 4_000_000

    /// Every legal pattern, or nil when there are more than `limit` (or the search is too long).
    func patterns(_ rules: LineupPlayerRules, limit: Int) -> [LineupPattern]? {
        var found: [LineupPattern] = []
        let complete = walk(rules) { pattern in
            found.append(pattern)
            return found.count <= limit
        }
        return complete ? found : nil
    }

    /// True when at least one legal pattern exists, false when none does, nil when the search was too long to
    /// tell.
    func hasPattern(_ rules: LineupPlayerRules) -> Bool? {
        var any = false
        let complete = walk(rules) { _ in
            any = true
            return false
        }
        return any ? true : (complete ? false : nil)
    }

    /// Calls `visit` with each legal pattern until it returns false; returns false when stopped that way or by
    /// the step limit.
    private func walk(_ rules: LineupPlayerRules, _ visit: (LineupPattern) -> Bool) -> Bool {
        let n = lengths.count
        // The most minutes (and regulation minutes) segments s..<n can still add.
        var room = [Int](repeating: 0, count: n + 1)
        var regulationRoom = [Int](repeating: 0, count: n + 1)
        for s in stride(from: n - 1, through: 0, by: -1) {
            let open = rules.canBeOn & (1 << UInt64(s)) != 0
            room[s] = room[s + 1] + (open ? lengths[s] : 0)
            regulationRoom[s] = regulationRoom[s + 1] + (open && regulation[s] ? lengths[s] : 0)
        }
        var stopped = false
        var steps = 0
        func bit(_ mask: UInt64, _ s: Int) -> Bool { mask & (1 << UInt64(s)) != 0 }
        func step(_ s: Int, _ on: Bool, _ owed: Int, _ run: Int, _ pattern: LineupPattern) {
            if stopped { return }
            steps += 1
            if steps > Self.stepLimit {
                stopped = true
                return
            }
            if pattern.minutes > rules.maxMinutes { return }
            if pattern.minutes + room[s] < rules.minMinutes { return }
            if pattern.regulation + regulationRoom[s] < rules.minRegulation { return }
            if s == n {
                if !visit(pattern) { stopped = true }
                return
            }
            let keep = rules.wholePeriods && !periodStart[s]
            // Off.
            if !bit(rules.forcedOn, s) && owed == 0 && !(keep && on) {
                let present = bit(rules.present, s)
                let nextRun = present ? run + 1 : run
                if rules.maxBench.map({ nextRun <= $0 }) ?? true {
                    step(s + 1, false, 0, nextRun, pattern)
                }
            }
            // On.
            if bit(rules.canBeOn, s) && !bit(rules.forcedOff, s) && !(keep && !on) {
                var next = pattern
                next.mask |= 1 << UInt64(s)
                next.minutes += lengths[s]
                if regulation[s] { next.regulation += lengths[s] }
                let entry = !on
                var nextOwed = max(owed - 1, 0)
                if entry {
                    nextOwed = rules.minStint - 1
                    if s > 0 || replan { next.substitutions += 1 }
                    if s > 0 { next.entries |= 1 << UInt64(s) }
                }
                step(s + 1, true, nextOwed, 0, next)
            }
        }
        step(0, replan && rules.wasOn, 0, 0, LineupPattern(mask: 0, minutes: 0, regulation: 0, substitutions: 0, entries: 0))
        return !stopped
    }
}

/// Players with the same rules, positions, bases and standing: one class, one set of patterns, and one
/// integer column per pattern in the model (how many of the class follow it).
struct LineupClass: Sendable {
    var members: [Int]
    var rules: LineupPlayerRules
    var patterns: [LineupPattern]
    /// Per pattern: the value the spread is taken over (whole-match minutes plus season minutes), or nil when
    /// the class is not in the spread.
    var balances: [Int]?
    /// GK-eligible single players under `keeperFullPeriods` keep goal through keeper columns.
    var keeperPeriods: [Int]
    var count: Int { members.count }
}

/// The pattern view of a lineup instance (balanced and pre-marked modes, live re-plans).
struct LineupPatternSpace: Sendable {
    /// The analysis it was built from (a solve's own copy, with its control, when taken from
    /// ``LineupAnalysis/patternSpace()``).
    var analysis: LineupAnalysis
    let enumerator: LineupPatternEnumerator
    /// Per player: their rules (nil for injured and unavailable players, who never play).
    let rules: [LineupPlayerRules?]
    /// Positions fixed by locks and the keeper who stays: player → segment → position.
    let fixedPosition: [Int: [Int: Int]]
    /// Keeper columns are used (the formation has a keeper and it plays full periods).
    let keeperColumns: Bool
    /// Periods (1-based) with planned segments, and their planned segments.
    let periods: [Int]
    let periodSegments: [Int: [Int]]
    /// Filled by ``enumerate(limit:)``.
    var classes: [LineupClass] = []
    /// Greatest common divisor of every balance (the spread moves in these steps).
    var step = 1
    /// Turn-based from kick-off: the queue scenarios (nil: the model uses big-M rows instead).
    var scenarios: [TurnScenario]?
    /// Colour groups without fixed colours: the colour schedules (nil: size columns instead).
    var colourSchedules: [ColourSchedule]?

    static let segmentLimit = 64

    init(_ analysis: LineupAnalysis) {
        Derivations.record(.lineupPatternSpace)
        self.analysis = analysis
        enumerator = LineupPatternEnumerator(analysis)
        let a = analysis
        let rulesIn = a.rules
        keeperColumns = a.keeper != nil && rulesIn.keeperFullPeriods == true
        var periodSegments: [Int: [Int]] = [:]
        for (s, segment) in a.segments.enumerated() { periodSegments[segment.period, default: []].append(s) }
        self.periodSegments = periodSegments
        periods = periodSegments.keys.sorted()
        let positionIndex = Dictionary(uniqueKeysWithValues: a.positions.enumerated().map { ($1, $0) })
        var fixed: [Int: [Int: Int]] = [:]
        for (l, lock) in (a.instance.locks ?? []).enumerated() where lock.holdsOnField {
            guard let p = a.playerIndex[lock.player], let code = lock.position, let k = positionIndex[code] else { continue }
            for s in a.lockSegments[l] { fixed[p, default: [:]][s] = k }
        }
        if let stays = a.stayingKeeper, let keeper = a.keeper {
            for s in a.stayingKeeperSegments { fixed[stays, default: [:]][s] = keeper }
        }
        fixedPosition = fixed
        let columns = keeperColumns
        rules = a.instance.players.indices.map { Self.rules(a, player: $0, keeperColumns: columns, periodSegments: periodSegments) }
    }

    /// A rule of one player's, by name (for saying which rules leave a player without a legal pattern).
    enum PlayerRule: Hashable, Comparable {
        case minShare, minMinutes, maxMinutes, minStint, maxConsecutiveBench, keeperFullPeriods, keeperStays
        /// Turn-based: a player in `turnBased.queue` starts on the bench.
        case queueStart
        case lock(Int)
        case mark(Int)
    }

    /// The rules of player p (nil for injured and unavailable players), leaving out `omitted`.
    static func rules(
        _ a: LineupAnalysis, player p: Int, keeperColumns: Bool, periodSegments: [Int: [Int]],
        omitting omitted: Set<PlayerRule> = []
    ) -> LineupPlayerRules? {
        let player = a.instance.players[p]
        guard player.isAvailable else { return nil }
        let n = a.segmentCount
        var forcedOn: UInt64 = 0
        var forcedOff: UInt64 = 0
        for (l, lock) in (a.instance.locks ?? []).enumerated() where a.playerIndex[lock.player] == p && !omitted.contains(.lock(l)) {
            for s in a.lockSegments[l] {
                if lock.holdsOnField { forcedOn |= 1 << UInt64(s) } else { forcedOff |= 1 << UInt64(s) }
            }
        }
        for (s, members) in a.marked.enumerated() where members.contains(p) && !omitted.contains(.mark(a.segments[s].period)) {
            forcedOn |= 1 << UInt64(s)
        }
        if a.stayingKeeper == p && a.keeper != nil && !omitted.contains(.keeperStays) {
            for s in a.stayingKeeperSegments { forcedOn |= 1 << UInt64(s) }
        }
        if startsInQueue(a, p) && !omitted.contains(.queueStart) { forcedOff |= 1 }
        var present: UInt64 = 0
        var canBeOn: UInt64 = 0
        for s in 0..<n where a.canPlay[p][s] {
            present |= 1 << UInt64(s)
            if !a.eligible[p].isEmpty { canBeOn |= 1 << UInt64(s) }
        }
        let keeperOnly = keeperColumns && a.eligible[p] == [a.keeper!] && !omitted.contains(.keeperFullPeriods)
        if keeperOnly {
            // A keeper-only player plays whole periods, and only periods he is there for throughout.
            for segments in periodSegments.values where segments.contains(where: { !a.canPlay[p][$0] || forcedOff & (1 << UInt64($0)) != 0 }) {
                for s in segments { canBeOn &= ~(1 << UInt64(s)) }
            }
        }
        let rules = a.rules
        return LineupPlayerRules(
            canBeOn: canBeOn, present: present, forcedOn: forcedOn, forcedOff: forcedOff, wholePeriods: keeperOnly,
            minMinutes: omitted.contains(.minMinutes) ? 0 : (a.minMinutes[p] ?? 0) - a.base[p],
            maxMinutes: omitted.contains(.maxMinutes) ? Int.max / 4 : a.maxMinutes[p].map { $0 - a.base[p] } ?? Int.max / 4,
            minRegulation: omitted.contains(.minShare) ? 0 : a.minShareNeed[p],
            minStint: omitted.contains(.minStint) ? 1 : max(1, rules.resolvedMinStint),
            maxBench: omitted.contains(.maxConsecutiveBench) ? nil : rules.maxConsecutiveBench, wasOn: a.wasOn[p])
    }

    /// True when player p is in the turn-based starting queue of a plan from kick-off (and so starts on the bench).
    static func startsInQueue(_ a: LineupAnalysis, _ p: Int) -> Bool {
        a.instance.mode == .turnBased && !a.replan && a.segmentCount > 0
            && (a.instance.turnBased?.queue ?? []).contains(a.instance.players[p].id)
    }

    /// The rules player p is under, by name.
    func activeRules(_ p: Int) -> [PlayerRule] {
        let a = analysis
        var found: [PlayerRule] = []
        if a.minShareNeed[p] > 0 { found.append(.minShare) }
        if (a.minMinutes[p] ?? 0) > a.base[p] { found.append(.minMinutes) }
        if a.maxMinutes[p] != nil { found.append(.maxMinutes) }
        if a.rules.resolvedMinStint > 1 { found.append(.minStint) }
        if a.rules.maxConsecutiveBench != nil { found.append(.maxConsecutiveBench) }
        if keeperColumns && a.eligible[p] == [a.keeper!] { found.append(.keeperFullPeriods) }
        if a.stayingKeeper == p { found.append(.keeperStays) }
        if Self.startsInQueue(a, p) { found.append(.queueStart) }
        for (l, lock) in (a.instance.locks ?? []).enumerated() where a.playerIndex[lock.player] == p && !a.lockSegments[l].isEmpty {
            found.append(.lock(l))
        }
        let marked = Set(a.marked.enumerated().filter { $0.element.contains(p) }.map { a.segments[$0.offset].period })
        found += marked.sorted().map { PlayerRule.mark($0) }
        return found
    }

    /// The words for a rule of player p.
    func describe(_ rule: PlayerRule, _ p: Int) -> String {
        let a = analysis
        let rules = a.rules
        switch rule {
        case .minShare: return "minShare \(rules.minShare ?? 0) (\(a.minShareNeed[p]) more regulation minutes)"
        case .minMinutes: return "minMinutes \(a.minMinutes[p] ?? 0)"
        case .maxMinutes: return "maxMinutes \(a.maxMinutes[p] ?? 0)"
        case .minStint: return "minStint \(rules.resolvedMinStint)"
        case .maxConsecutiveBench: return "maxConsecutiveBench \(rules.maxConsecutiveBench ?? 0)"
        case .keeperFullPeriods: return "keeperFullPeriods (a keeper-only player plays whole periods)"
        case .keeperStays: return "state (the keeper on the field stays in goal for the rest of the period)"
        case .queueStart: return "turnBased.queue (starts on the bench)"
        case .lock(let l):
            let lock = a.instance.locks![l]
            return "locks[\(l)] (\(lock.holdsOnField ? "on" : "off") from \(lock.from) to \(lock.to))"
        case .mark(let r): return "preMarked period \(r)"
        }
    }

    /// A smallest set of p's rules that leaves no legal pattern (deletion filter), or nil when p has one.
    func collidingRules(_ p: Int) -> [PlayerRule]? {
        guard let own = rules[p], enumerator.hasPattern(own) == false else { return nil }
        var kept = activeRules(p)
        for rule in kept {
            let without = Set(activeRules(p)).subtracting(kept).union([rule])
            if let relaxed = Self.rules(analysis, player: p, keeperColumns: keeperColumns, periodSegments: periodSegments, omitting: without),
                enumerator.hasPattern(relaxed) == false
            {
                kept.removeAll { $0 == rule }
            }
        }
        return kept
    }

    /// Counting arguments on the players' legal patterns, each naming the rules that collide (valid in every
    /// mode: every legal plan gives every player a legal pattern). Nil when none applies.
    func impossibility() -> String? {
        let a = analysis
        var problems: [String] = []
        for p in a.instance.players.indices {
            guard let colliding = collidingRules(p) else { continue }
            let player = a.instance.players[p]
            var context: [String] = []
            if let arrives = player.arrivesAt, arrives > 0 { context.append("arrives at \(arrives)") }
            if a.eligible[p].isEmpty { context.append("plays no position of the formation") }
            let named = colliding.map { describe($0, p) }
            let list = named.isEmpty ? "the match format" : named.joined(separator: ", ")
            problems.append(
                "\(player.displayName) has no legal on/off pattern under \(list)" + (context.isEmpty ? "" : " (\(context.joined(separator: ", "))"))
        }
        if !problems.isEmpty { return problems.joined(separator: "; ") }
        if keeperColumns, let keeper = a.keeper, a.slots[keeper] > 0 {
            for r in periods where !a.instance.players.indices.contains(where: { keeperPeriods($0).contains(r) }) {
                problems.append("keeperFullPeriods: nobody who plays GK is there and free for the whole of period \(r)")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// What the enumeration and the mode's structure prove on their own (after ``addModeStructure(colourCheck:deadline:)``):
    /// a player left without a single legal pattern (the enumeration is complete), or a complete list of colour
    /// schedules none of which passes the counting check. Instant: the engine asks it before any heuristic or program.
    func structuralImpossibility() -> String? {
        if let empty = classes.first(where: { $0.patterns.isEmpty && !$0.members.isEmpty }) {
            let names = empty.members.map { analysis.instance.players[$0].displayName }
            return "no on/off pattern keeps every rule for \(names.joined(separator: ", "))"
        }
        if let schedules = colourSchedules, schedules.isEmpty {
            return
                "no split of the players into colours (sizes differing by at most one) lets the colours on the field fill the formation in every segment with each colour following a legal pattern of its members (every colour schedule checked)"
        }
        return nil
    }

    /// The counting argument over enumerated patterns: the fewest minutes each player's patterns allow, summed,
    /// against what the field holds (and the most against what it needs). Call after ``enumerate(limit:total:)``.
    func minutesImpossibility() -> String? {
        let a = analysis
        let planned = a.segments.reduce(0) { $0 + $1.length }
        let regulationPlanned = a.segments.filter { $0.start < a.regulationEnd }.reduce(0) { $0 + $1.length }
        var least = 0, leastRegulation = 0, most = 0
        for group in classes {
            least += (group.patterns.map(\.minutes).min() ?? 0) * group.count
            leastRegulation += (group.patterns.map(\.regulation).min() ?? 0) * group.count
            most += (group.patterns.map(\.minutes).max() ?? 0) * group.count
        }
        var inForce: [String] = []
        let rules = a.rules
        if (rules.minShare ?? 0) > 0 { inForce.append("minShare \(rules.minShare!)") }
        if let bench = rules.maxConsecutiveBench { inForce.append("maxConsecutiveBench \(bench)") }
        if rules.resolvedMinStint > 1 { inForce.append("minStint \(rules.minStint!)") }
        if a.minMinutes.contains(where: { $0 != nil }) { inForce.append("minMinutes") }
        if keeperColumns { inForce.append("keeperFullPeriods") }
        if !(a.instance.locks ?? []).isEmpty { inForce.append("locks") }
        if a.instance.mode == .preMarked && !(a.instance.preMarked?.periods ?? []).isEmpty { inForce.append("preMarked") }
        let rulesText = inForce.isEmpty ? "" : " under \(inForce.joined(separator: ", "))"
        if least > planned * a.fieldSize {
            return
                "the fewest minutes the players' legal patterns allow\(rulesText) add up to \(least), and the formation holds \(planned * a.fieldSize)"
        }
        if leastRegulation > regulationPlanned * a.fieldSize {
            return
                "the fewest regulation minutes the players' legal patterns allow\(rulesText) add up to \(leastRegulation), and the formation holds \(regulationPlanned * a.fieldSize)"
        }
        if most < planned * a.fieldSize {
            var limits = ["players' availability"]
            if a.maxMinutes.contains(where: { $0 != nil }) { limits.append("maxMinutes") }
            return
                "the most minutes the players' legal patterns allow (\(limits.joined(separator: ", "))\(inForce.isEmpty ? "" : ", " + inForce.joined(separator: ", "))) add up to \(most), and the formation needs \(planned * a.fieldSize)"
        }
        return nil
    }

    /// Every plan fills the field in every segment, so the players' minutes add up to exactly what the field
    /// holds (and their regulation minutes to what regulation holds). A pattern with more minutes than its
    /// player's fewest plus what the others' fewest leave over (or fewer than their most less the excess) is in
    /// no plan: drop it, until nothing changes. Exact: it removes no pattern any plan uses.
    mutating func tighten() {
        let a = analysis
        let capacity = a.segments.reduce(0) { $0 + $1.length } * a.fieldSize
        let regulationCapacity = a.segments.filter { $0.start < a.regulationEnd }.reduce(0) { $0 + $1.length } * a.fieldSize
        var changed = true
        while changed {
            changed = false
            var least = 0, most = 0, leastRegulation = 0, mostRegulation = 0
            for group in classes {
                least += (group.patterns.map(\.minutes).min() ?? 0) * group.count
                most += (group.patterns.map(\.minutes).max() ?? 0) * group.count
                leastRegulation += (group.patterns.map(\.regulation).min() ?? 0) * group.count
                mostRegulation += (group.patterns.map(\.regulation).max() ?? 0) * group.count
            }
            guard least <= capacity, most >= capacity, leastRegulation <= regulationCapacity, mostRegulation >= regulationCapacity else { return }
            for c in classes.indices {
                let group = classes[c]
                guard let low = group.patterns.map(\.minutes).min(), let high = group.patterns.map(\.minutes).max(),
                    let lowRegulation = group.patterns.map(\.regulation).min(),
                    let highRegulation = group.patterns.map(\.regulation).max()
                else { continue }
                // With n members, one member may take at most its fewest plus the slack the others leave.
                let upper = low + (capacity - least)
                let lower = high - (most - capacity)
                let upperRegulation = lowRegulation + (regulationCapacity - leastRegulation)
                let lowerRegulation = highRegulation - (mostRegulation - regulationCapacity)
                let kept = group.patterns.filter {
                    $0.minutes <= upper && $0.minutes >= lower && $0.regulation <= upperRegulation && $0.regulation >= lowerRegulation
                }
                if kept.count < group.patterns.count && !kept.isEmpty {
                    classes[c].patterns = kept
                    changed = true
                }
            }
        }
    }

    /// The same patterns with every class split into single players (for the exported model, whose spread
    /// rows bound each player's balance).
    func splitClasses() -> LineupPatternSpace {
        var split = self
        split.classes = classes.flatMap { group in
            group.members.map { p in
                var single = group
                single.members = [p]
                return single
            }
        }
        return split
    }

    /// True when player p keeps goal through keeper columns.
    func usesKeeperColumns(_ p: Int) -> Bool {
        keeperColumns && analysis.eligible[p].contains(analysis.keeper!)
    }

    /// Periods in which player p may keep goal under `keeperFullPeriods` (there and not locked off throughout).
    func keeperPeriods(_ p: Int) -> [Int] {
        guard usesKeeperColumns(p), let rules = rules[p] else { return [] }
        return periods.filter { r in
            periodSegments[r]!.allSatisfy { rules.canBeOn & (1 << UInt64($0)) != 0 && rules.forcedOff & (1 << UInt64($0)) == 0 }
        }
    }

    /// Groups the players into classes and enumerates each class's patterns. False when a class has more than
    /// `limit` patterns or all classes together more than `total` (the model would be too large).
    mutating func enumerate(
        limit: Int = 20_000, total: Int = 120_000, modeStructure: Bool = true, colourCheck: Bool = true,
        deadline: ContinuousClock.Instant? = nil
    ) -> Bool {
        guard enumerateClasses(limit: limit, total: total) else { return false }
        if modeStructure { addModeStructure(colourCheck: colourCheck, deadline: deadline) }
        return true
    }

    /// The classes and their patterns, without the mode's structure (``enumerate(limit:total:modeStructure:colourCheck:deadline:)``).
    mutating func enumerateClasses(limit: Int = 20_000, total: Int = 120_000) -> Bool {
        let a = analysis
        guard a.segmentCount <= Self.segmentLimit else { return false }
        struct Key: Hashable {
            var rules: LineupPlayerRules
            var eligible: [Int]
            var preferred: Int?
            var spread: Bool
            var offset: Int
            /// Turn-based: the place in the starting queue; colour groups: the fixed colour.
            var rank: Int?
            var colour: String?
            /// Under a sum row (`rules.strength`): the player's weight in it.
            var weight: Double?
        }
        let spread = Set(a.spreadPlayers)
        var order: [Key] = []
        var groups: [Key: [Int]] = [:]
        var singles: [[Int]] = []
        // A player in a `together` or `apart` group is a class of their own: the group's rows name them.
        // So is a GK-eligible player under a keeper minute rule: their minutes in goal are their own.
        // And so is a player a rule row names (mustPlay, onePosition, minPositions): their cells are their own.
        let paired = a.pairedPlayers.union(a.keeperMinuteRules?.players ?? []).union(a.ruleRows.followed)
        for p in a.instance.players.indices {
            guard let rules = rules[p] else { continue }
            if usesKeeperColumns(p) || fixedPosition[p] != nil || paired.contains(p) {
                singles.append([p])
                continue
            }
            let id = a.instance.players[p].id
            let key = Key(
                rules: rules, eligible: a.eligible[p], preferred: a.preferred[p], spread: spread.contains(p),
                offset: a.base[p] + a.spreadOffset[p],
                rank: a.instance.mode == .turnBased ? a.instance.turnBased?.queue?.firstIndex(of: id) : nil,
                colour: a.instance.mode == .colourGroups ? a.instance.colourGroups?.assignment?[id] : nil,
                weight: a.ruleRows.weights[p])
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(p)
        }
        var memberLists = order.map { groups[$0]! } + singles
        memberLists.sort { $0[0] < $1[0] }
        var built: [LineupClass] = []
        var columns = 0
        var divisor = 0
        func gcd(_ x: Int, _ y: Int) -> Int { y == 0 ? abs(x) : gcd(y, x % y) }
        for members in memberLists {
            let p = members[0]
            guard var patterns = enumerator.patterns(rules[p]!, limit: limit) else { return false }
            patterns.sort { ($0.minutes, $0.substitutions, $0.mask) < ($1.minutes, $1.substitutions, $1.mask) }
            columns += patterns.count
            if columns > total { return false }
            var balances: [Int]? = nil
            if spread.contains(p) {
                let offset = a.base[p] + a.spreadOffset[p]
                balances = patterns.map { offset + $0.minutes }
                divisor = gcd(divisor, offset)
            }
            built.append(LineupClass(members: members, rules: rules[p]!, patterns: patterns, balances: balances, keeperPeriods: keeperPeriods(p)))
        }
        for segment in a.segments { divisor = gcd(divisor, segment.length) }
        classes = built
        tighten()
        for c in classes.indices where classes[c].balances != nil {
            let offset = a.base[classes[c].members[0]] + a.spreadOffset[classes[c].members[0]]
            classes[c].balances = classes[c].patterns.map { offset + $0.minutes }
        }
        step = max(1, divisor)
        return true
    }

    /// The mode's structure on enumerated classes: the queue scenarios of a turn-based squad, the checked colour
    /// schedules of a colour-group squad (listed until `deadline`), each filtering the patterns.
    mutating func addModeStructure(colourCheck: Bool = true, deadline: ContinuousClock.Instant? = nil) {
        let a = analysis
        if a.instance.mode == .turnBased, let found = turnScenarios() {
            scenarios = found
            filterByScenarios()
        }
        if a.instance.mode == .colourGroups {
            // Only schedules that pass the counting check (Hall's condition on who may follow each mask, the
            // positions every segment needs): the others hold no plan. None left, from a complete list, is a proof.
            var check = LineupColourSearch(self, seconds: 0)
            if let found = colourScheduleList(
                accept: colourCheck ? { check.quickCheck($0) } : nil, periodTotals: colourCheck,
                prune: colourCheck ? { check.prefixCheck(masks: $0, sizes: $1, segment: $2) } : nil, deadline: deadline)
            {
                colourSchedules = found
                filterByColourSchedules()
            }
        }
    }
}
