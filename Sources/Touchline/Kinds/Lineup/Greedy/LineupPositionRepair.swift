extension LineupGreedy {
    /// Per segment: player → the position a lock fixes for them there.
    static func lockedPositions(_ analysis: LineupAnalysis) -> [[Int: Int]] {
        var lockedAt = [[Int: Int]](repeating: [:], count: analysis.segmentCount)
        for (lock, covered) in zip(analysis.instance.locks ?? [], analysis.lockSegments) {
            guard let code = lock.position, let q = analysis.positions.firstIndex(of: code), let p = analysis.playerIndex[lock.player] else {
                continue
            }
            for s in covered { lockedAt[s][p] = q }
        }
        return lockedAt
    }

    /// Moves players between positions, segment by segment, until the position rules hold (or no move helps).
    ///
    /// The rules are `LineupAnalysis.ruleRows`, the rows every exact model reads: a plan's score is the number
    /// of rows it breaks, flags at their stated values. Who is on the field is never changed, nor the keeper,
    /// nor a position a lock fixes; a move gives one player another of their positions in one segment and
    /// re-matches the rest of that segment's field around it (`positions`, so a chain of moves is one move).
    /// Hill climbing, the best move first; a plan that still breaks a row is left to the verifier to drop.
    static func repairPositions(_ analysis: LineupAnalysis, _ plan: LineupPlan) -> LineupPlan {
        let rows = analysis.ruleRows
        guard !rows.isEmpty else { return plan }
        func score(_ plan: LineupPlan) -> Int { rows.rows.reduce(0) { $0 + (rows.holds($1, plan) ? 0 : 1) } }
        let lockedAt = lockedPositions(analysis)
        var plan = plan
        var current = score(plan)
        var rounds = 0
        while current > 0 && rounds < 4 * analysis.playerCount * max(1, analysis.segmentCount) {
            rounds += 1
            let broken = Set(rows.rows.filter { !rows.holds($0, plan) }.map(\.player))
            var best: (plan: LineupPlan, score: Int)? = nil
            for p in broken.sorted() {
                for s in 0..<analysis.segmentCount {
                    guard let now = plan.cells[s][p], now != analysis.keeper, lockedAt[s][p] == nil else { continue }
                    let on = (0..<analysis.playerCount).filter { plan.cells[s][$0] != nil }
                    for q in analysis.eligible[p] where q != now && q != analysis.keeper {
                        var fixed = lockedAt[s]
                        for r in on where plan.cells[s][r] == analysis.keeper { fixed[r] = analysis.keeper }
                        fixed[p] = q
                        guard let assignment = positions(analysis, players: on, fixed: fixed) else { continue }
                        var candidate = plan
                        for r in on { candidate.cells[s][r] = assignment[r] }
                        let value = score(candidate)
                        if value < (best?.score ?? current) { best = (candidate, value) }
                    }
                }
            }
            guard let best else { break }
            plan = best.plan
            current = best.score
        }
        return plan
    }
}

extension LineupGreedy {
    /// Chooses who keeps goal when, keeping who is on the field, until the keeper minute rules hold
    /// (`LineupAnalysis.keeperMinuteRules`, the definition every model reads: regulation minutes in goal at most
    /// the cap, a keeper's minutes outfield at least the floor, a turn in goal for each player owed one), then
    /// the rest of each segment's positions around the keeper. A depth-first search over the keeper of each
    /// block (a period under `keeperFullPeriods`, else a segment), each pruned by the rules as it goes:
    /// minutes in goal only grow, so a cap or a floor broken on the way stays broken. The keeper who must stay
    /// at a re-plan and positions a lock fixes are kept. Nil when no choice within `nodes` steps keeps the rules.
    static func repairKeepers(_ analysis: LineupAnalysis, _ plan: LineupPlan, nodes: Int = 100_000) -> LineupPlan? {
        let a = analysis
        guard let rules = a.keeperMinuteRules, let gk = a.keeper else { return plan }
        let lockedAt = lockedPositions(a)
        // Blocks of segments with one keeper each.
        var blocks: [[Int]] = []
        for s in 0..<a.segmentCount {
            if a.rules.keeperFullPeriods == true, let last = blocks.last?.last, a.segments[last].period == a.segments[s].period {
                blocks[blocks.count - 1].append(s)
            } else {
                blocks.append([s])
            }
        }
        let onMinutes = (0..<a.playerCount).map { p in (0..<a.segmentCount).filter { plan.isOn(p, $0) }.reduce(0) { $0 + a.segments[$1].length } }
        let keepers = Set(rules.players)
        // Per block: who may keep goal there, whose keeping lets the rest of each segment be filled.
        var fits: [Int: Bool] = [:]
        func fills(_ s: Int, _ p: Int) -> Bool {
            let key = s * a.playerCount + p
            if let known = fits[key] { return known }
            var fixed = lockedAt[s]
            fixed[p] = gk
            let on = (0..<a.playerCount).filter { plan.isOn($0, s) }
            let result = positions(a, players: on, fixed: fixed) != nil
            fits[key] = result
            return result
        }
        let candidates = blocks.map { block -> [Int] in
            let locked = block.flatMap { s in lockedAt[s].filter { $0.value == gk }.map(\.key) }
            let staying = a.stayingKeeper.flatMap { k in block.contains { a.stayingKeeperSegments.contains($0) } ? k : nil }
            let forced = Set(locked + (staying.map { [$0] } ?? []))
            return (0..<a.playerCount).filter { p in
                (forced.isEmpty || forced == [p]) && a.eligible[p].contains(gk)
                    && block.allSatisfy { s in plan.isOn(p, s) && (lockedAt[s][p] ?? gk) == gk && fills(s, p) }
            }
            .sorted { (a.preferred[$0] == gk ? 0 : 1, onMinutes[$1], $0) < (a.preferred[$1] == gk ? 0 : 1, onMinutes[$0], $1) }
        }
        guard candidates.allSatisfy({ !$0.isEmpty }) else { return nil }
        let regulation = blocks.map { $0.filter { a.segments[$0].start < a.regulationEnd }.reduce(0) { $0 + a.segments[$1].length } }
        let length = blocks.map { $0.reduce(0) { $0 + a.segments[$1].length } }
        var inGoal = rules.before
        var inGoalRegulation = rules.before
        var choice = [Int](repeating: -1, count: blocks.count)
        var budget = nodes
        func holds(_ p: Int) -> Bool {
            guard keepers.contains(p) else { return true }
            if let cap = rules.cap, inGoalRegulation[p] > cap { return false }
            return rules.minOutfield == 0 || inGoal[p] == 0
                || rules.outfieldBefore[p] + onMinutes[p] - (inGoal[p] - rules.before[p]) >= rules.minOutfield
        }
        func search(_ b: Int) -> Bool {
            if b == blocks.count { return rules.needTurn.allSatisfy { inGoal[$0] > rules.before[$0] } }
            // A player still owed a turn needs a block left where they can keep goal.
            for p in rules.needTurn where inGoal[p] == rules.before[p] && !candidates[b...].contains(where: { $0.contains(p) }) { return false }
            for p in candidates[b] {
                budget -= 1
                if budget < 0 { return false }
                inGoal[p] += length[b]
                inGoalRegulation[p] += regulation[b]
                if holds(p) {
                    choice[b] = p
                    if search(b + 1) { return true }
                }
                inGoal[p] -= length[b]
                inGoalRegulation[p] -= regulation[b]
            }
            return false
        }
        guard search(0) else { return nil }
        var repaired = plan
        for (b, block) in blocks.enumerated() {
            for s in block {
                var fixed = lockedAt[s]
                fixed[choice[b]] = gk
                let on = (0..<a.playerCount).filter { plan.isOn($0, s) }
                guard let assignment = positions(a, players: on, fixed: fixed) else { return nil }
                for p in on { repaired.cells[s][p] = assignment[p] }
            }
        }
        return repaired
    }
}
