extension LineupGreedy {
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
        var lockedAt = [[Int: Int]](repeating: [:], count: analysis.segmentCount)
        for (lock, covered) in zip(analysis.instance.locks ?? [], analysis.lockSegments) {
            guard let code = lock.position, let q = analysis.positions.firstIndex(of: code), let p = analysis.playerIndex[lock.player] else {
                continue
            }
            for s in covered { lockedAt[s][p] = q }
        }
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
