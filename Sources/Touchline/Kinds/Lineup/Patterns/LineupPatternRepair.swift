import Foundation
import TouchlineMILP
import TouchlineSearch

/// A legal plan from the players' legal patterns, without a solver: each player holds one pattern (so every
/// rule of their own holds by construction) and a min-conflicts search swaps patterns until the shared rules
/// hold too: the field full in every segment, enough players for each position, a keeper for every period,
/// `maxChangesPerWindow`, the `together` and `apart` groups, the strength floors (`ruleRows.sums`). Positions are then a least-cost assignment per segment. Used when the greedy
/// rotation finds nothing; deterministic (seeded), bounded in moves.
struct LineupPatternRepair {
    let space: LineupPatternSpace
    /// Player → class index and pattern list.
    let classOf: [Int?]
    var choice: [Int]
    var random = SeededRandom(seed: 0x70A7)

    /// Nil when there is nothing to search: no classes, or a class without a legal pattern (no plan exists; a
    /// tournament day's greedy asks for each match, which may be impossible alone under the rules it holds there).
    init?(_ space: LineupPatternSpace) {
        guard !space.classes.isEmpty, space.classes.allSatisfy({ !$0.patterns.isEmpty }) else { return nil }
        self.space = space
        var classOf = [Int?](repeating: nil, count: space.analysis.playerCount)
        for (c, group) in space.classes.enumerated() {
            for p in group.members { classOf[p] = c }
        }
        self.classOf = classOf
        // Start from the pattern nearest the fair share of minutes.
        let a = space.analysis
        let fair = Double(a.segments.reduce(0) { $0 + $1.length } * a.fieldSize) / Double(max(1, space.classes.reduce(0) { $0 + $1.count }))
        choice = classOf.map { c in
            guard let c else { return 0 }
            let patterns = space.classes[c].patterns
            return patterns.indices.min { abs(Double(patterns[$0].minutes) - fair) < abs(Double(patterns[$1].minutes) - fair) } ?? 0
        }
    }

    func pattern(_ p: Int) -> LineupPattern? { classOf[p].map { space.classes[$0].patterns[choice[p]] } }

    /// The plan when the current choice is one (keepers chosen per period, positions assigned), else nil.
    func plan() -> LineupPlan? {
        let a = space.analysis
        let masks = (0..<a.playerCount).map { pattern($0)?.mask ?? 0 }
        var keepers: [Int: Int] = [:]
        if space.keeperColumns {
            for r in space.periods {
                let candidates = (0..<a.playerCount).filter { p in
                    guard let c = classOf[p], space.classes[c].keeperPeriods.contains(r) else { return false }
                    return space.periodSegments[r]!.allSatisfy { masks[p] & (1 << UInt64($0)) != 0 }
                }
                // Keeper-only players first, then those who prefer goal.
                guard
                    let keeper = candidates.min(by: {
                        (a.eligible[$0].count, a.preferred[$0] == a.keeper ? 0 : 1) < (a.eligible[$1].count, a.preferred[$1] == a.keeper ? 0 : 1)
                    })
                else { return nil }
                keepers[r] = keeper
            }
        }
        return space.plan(masks: masks, keepers: keepers)
    }

    /// Searches for at most `moves` pattern swaps; nil when no plan was reached. Min-conflicts: take a segment
    /// whose count is off (or any rule still broken), a player whose pattern could fix it, and give that player
    /// the pattern of theirs that breaks the least (ties at random; a short tabu list keeps it moving).
    mutating func search(moves: Int = 20_000, sample: Int = 512, restartEvery: Int = 2_500) -> LineupPlan? {
        let a = space.analysis
        let n = a.segmentCount
        let players = (0..<a.playerCount).filter { classOf[$0] != nil }
        guard !players.isEmpty else { return nil }
        let keeperPosition = space.keeperColumns ? a.keeper : nil
        let limit = a.rules.maxChangesPerWindow ?? Int.max
        // Counts kept up to date as patterns change.
        var on = [Int](repeating: 0, count: n)
        var eligibleOn = [[Int]](repeating: [Int](repeating: 0, count: a.positions.count), count: n)
        var entries = [Int](repeating: 0, count: n)
        var keepersIn = [Int: Int]()
        // Strength: each segment's floor (a sum row) and the weight on the field; a shortfall costs its
        // ratings, rounded up.
        var floors = [Double?](repeating: nil, count: n)
        for row in a.ruleRows.sums { floors[row.segment] = row.lower }
        let weights = (0..<a.playerCount).map { a.ruleRows.weights[$0] ?? 0 }
        var strength = [Double](repeating: 0, count: n)
        func shortfall(_ s: Int, _ sum: Double) -> Int {
            guard let floor = floors[s], sum < floor else { return 0 }
            return max(1, Int((floor - sum).rounded(.up)))
        }
        let keeperPeriods = (0..<a.playerCount).map { p in classOf[p].map { space.classes[$0].keeperPeriods } ?? [] }
        let periodMask = Dictionary(
            uniqueKeysWithValues: space.periods.map { r in
                (r, space.periodSegments[r]!.reduce(UInt64(0)) { $0 | (1 << UInt64($1)) })
            })
        func apply(_ p: Int, _ pattern: LineupPattern, _ sign: Int) {
            var bits = pattern.mask
            while bits != 0 {
                let s = bits.trailingZeroBitCount
                on[s] += sign
                strength[s] += Double(sign) * weights[p]
                for q in a.eligible[p] where q != keeperPosition { eligibleOn[s][q] += sign }
                bits &= bits - 1
            }
            bits = pattern.entries
            while bits != 0 {
                entries[bits.trailingZeroBitCount] += sign
                bits &= bits - 1
            }
            for r in keeperPeriods[p] where pattern.mask & periodMask[r]! == periodMask[r]! { keepersIn[r, default: 0] += sign }
        }
        /// The violation terms that depend on segment s / window t / period r.
        func segmentCost(_ s: Int) -> Int {
            var total = abs(on[s] - a.fieldSize) + shortfall(s, strength[s])
            for (q, count) in a.slots.enumerated() where q != keeperPosition { total += max(0, count - eligibleOn[s][q]) }
            return total
        }
        func windowCost(_ t: Int) -> Int { t == 0 ? 0 : max(0, entries[t] - limit) }
        func periodCost(_ r: Int) -> Int { keeperPosition == nil ? 0 : ((keepersIn[r] ?? 0) > 0 ? 0 : 1) }
        // Pairs: segments where a `together` member differs from the group's first, `apart` segments uncovered.
        let together = a.togetherGroups
        let apart = a.apartGroups
        var groupsOf = [[Int]](repeating: [], count: a.playerCount)
        for (g, group) in together.enumerated() { for p in group { groupsOf[p].append(g) } }
        for (g, group) in apart.enumerated() { for p in group.members { groupsOf[p].append(together.count + g) } }
        /// Group g's violation with player p's mask replaced by `mask`.
        func groupCost(_ g: Int, _ p: Int, _ mask: UInt64) -> Int {
            func maskOf(_ q: Int) -> UInt64 { q == p ? mask : (pattern(q)?.mask ?? 0) }
            if g < together.count {
                let group = together[g]
                let first = maskOf(group[0])
                return group.dropFirst().reduce(0) { $0 + (maskOf($1) ^ first).nonzeroBitCount }
            }
            let group = apart[g - together.count]
            let covered = group.members.reduce(UInt64(0)) { $0 | maskOf($1) }
            return group.segments.filter { covered & (1 << UInt64($0)) == 0 }.count
        }
        func pairCost() -> Int { (0..<(together.count + apart.count)).reduce(0) { $0 + groupCost($1, -1, 0) } }
        func total() -> Int {
            (0..<n).reduce(0) { $0 + segmentCost($1) + windowCost($1) } + space.periods.reduce(0) { $0 + periodCost($1) } + pairCost()
        }
        for p in players { apply(p, pattern(p)!, 1) }
        var current = total()
        var tabu: [Int] = []
        for move in 0..<moves {
            if move > 0 && move % restartEvery == 0 && current > 0 {
                // Start again from a random pattern for everyone.
                for p in players { apply(p, pattern(p)!, -1) }
                for p in players {
                    choice[p] = random.int(in: 0...(space.classes[classOf[p]!].patterns.count - 1))
                    apply(p, pattern(p)!, 1)
                }
                current = total()
                tabu.removeAll()
            }
            if current == 0, let plan = plan() {
                space.analysis.control?.trace("pattern repair: a plan after \(move) moves")
                return plan
            }
            // A broken segment, window or period, and the players who can change it in the right direction.
            let brokenSegments = (0..<n).filter { segmentCost($0) > 0 || windowCost($0) > 0 }
            var want: (segment: Int, on: Bool)? = nil
            var candidates = players
            if !brokenSegments.isEmpty {
                let s = brokenSegments[random.int(in: 0...(brokenSegments.count - 1))]
                let bit = UInt64(1) << UInt64(s)
                if segmentCost(s) > 0 {
                    let wantOn = on[s] <= a.fieldSize
                    want = (s, wantOn)
                    candidates = players.filter { p in
                        space.classes[classOf[p]!].rules.canBeOn & bit != 0 && ((pattern(p)!.mask & bit != 0) != wantOn)
                    }
                } else {
                    candidates = players.filter { pattern($0)!.entries & bit != 0 }
                }
            } else if current > 0 {
                // Only pairs are broken: their members.
                let broken = Set(players.filter { p in groupsOf[p].contains { groupCost($0, -1, 0) > 0 } })
                if !broken.isEmpty { candidates = players.filter(broken.contains) }
            }
            candidates.removeAll { tabu.contains($0) }
            if candidates.isEmpty { candidates = players }
            let p = candidates[random.int(in: 0...(candidates.count - 1))]
            let patterns = space.classes[classOf[p]!].patterns
            let old = patterns[choice[p]]
            var bestChoice = choice[p]
            var bestValue = Int.max
            var ties = 0
            var pool = Array(patterns.indices)
            if let want {
                let bit = UInt64(1) << UInt64(want.segment)
                let focused = pool.filter { (patterns[$0].mask & bit != 0) == want.on }
                if !focused.isEmpty { pool = focused }
            }
            let eligibleHere = a.eligible[p].filter { $0 != keeperPosition }
            let sampled = pool.count <= sample ? pool : (0..<sample).map { _ in pool[random.int(in: 0...(pool.count - 1))] }
            for k in sampled where k != choice[p] {
                let candidate = patterns[k]
                // The change in violation, segment by segment, without applying the pattern.
                var delta = 0
                var bits = old.mask ^ candidate.mask
                while bits != 0 {
                    let s = bits.trailingZeroBitCount
                    let d = candidate.mask & (1 << UInt64(s)) != 0 ? 1 : -1
                    delta += abs(on[s] + d - a.fieldSize) - abs(on[s] - a.fieldSize)
                    if floors[s] != nil { delta += shortfall(s, strength[s] + Double(d) * weights[p]) - shortfall(s, strength[s]) }
                    for q in eligibleHere {
                        let need = a.slots[q]
                        delta += max(0, need - eligibleOn[s][q] - d) - max(0, need - eligibleOn[s][q])
                    }
                    bits &= bits - 1
                }
                if limit != Int.max {
                    bits = old.entries ^ candidate.entries
                    while bits != 0 {
                        let t = bits.trailingZeroBitCount
                        let d = candidate.entries & (1 << UInt64(t)) != 0 ? 1 : -1
                        delta += max(0, entries[t] + d - limit) - max(0, entries[t] - limit)
                        bits &= bits - 1
                    }
                }
                for g in groupsOf[p] { delta += groupCost(g, p, candidate.mask) - groupCost(g, p, old.mask) }
                for r in keeperPeriods[p] {
                    let full = periodMask[r]!
                    let d = (candidate.mask & full == full ? 1 : 0) - (old.mask & full == full ? 1 : 0)
                    let count = keepersIn[r] ?? 0
                    delta += (count + d > 0 ? 0 : 1) - (count > 0 ? 0 : 1)
                }
                let value = current + delta
                if value < bestValue {
                    bestValue = value
                    bestChoice = k
                    ties = 1
                } else if value == bestValue {
                    ties += 1
                    if random.int(in: 1...ties) == 1 { bestChoice = k }
                }
            }
            if bestValue <= current || random.chance(bestValue - current <= 1 ? 0.1 : 0.02) {
                apply(p, old, -1)
                choice[p] = bestChoice
                apply(p, patterns[bestChoice], 1)
                current = bestValue == Int.max ? current : bestValue
            }
            tabu.append(p)
            if tabu.count > max(1, players.count / 4) { tabu.removeFirst() }
        }
        space.analysis.control?.trace("pattern repair: \(moves) moves, violation left \(current)")
        return current == 0 ? plan() : nil
    }
}
