import TouchlineMILP
import TouchlineSearch

/// Whether a season-tour instance has any plan at all, by the satisfiability solver: where the windows are as
/// tight as the league allows (a venue window as long as there are officials), a depth-first search and the
/// annealing wander for minutes, and a clause-learning search settles the question, with a plan or with a
/// proof that none exists.
///
/// The clauses state every rule of ``TourProblem`` over x[u,g] (official u takes game g; only the games the
/// official may take have a variable): each game exactly one official, each official exactly one game a slot,
/// no two games of one official at the same venue within the venue window nor with a common team within the
/// team window, no step between consecutive games that the timing forbids, every venue to visit at least
/// once. When the officials are interchangeable, official u takes the u-th game of the first slot (every plan
/// has such a relabelling), as in the branch and bound. Nothing else is restricted, so `none` is a proof.
///
/// One search can be resumed: a second `solve` goes on from the clauses the first one learnt (the first-plan
/// search and the search beside the branch and bound share one). It has no lock: one caller at a time (the
/// first-plan search runs before the two searches side by side start, and only one of them resumes it).
final class TourSatisfiability: @unchecked Sendable {
    enum Outcome {
        case plan([[Int]])
        /// Proven: no plan keeps every rule (`proof`: by which search).
        case none(proof: String)
        case unknown
    }

    let p: TourProblem
    private var solver = SATSolver()
    /// Per official, per game: its variable (nil: the official may not take the game); empty until the first
    /// search states the clauses.
    private var x: [[Int?]] = []
    private var stated = false

    init(_ problem: TourProblem) { p = problem }

    /// A fresh search of `p` (see ``solve(deadline:isCancelled:trace:)``).
    static func solve(
        _ p: TourProblem, deadline: ContinuousClock.Instant, isCancelled: @Sendable () -> Bool = { false },
        trace: (@Sendable (String) -> Void)? = nil
    ) -> Outcome {
        TourSatisfiability(p).solve(deadline: deadline, isCancelled: isCancelled, trace: trace)
    }

    /// A plan, the proof that there is none, or `unknown` at the deadline (a later call goes on from there).
    func solve(
        deadline: ContinuousClock.Instant, isCancelled: @Sendable () -> Bool = { false },
        trace: (@Sendable (String) -> Void)? = nil
    ) -> Outcome {
        let started = ContinuousClock.now
        if started >= deadline || isCancelled() { return .unknown }
        if !stated {
            state()
            stated = true
        }
        let n = p.n, S = p.slotCount, games = n * S
        let answer = solver.solve(deadline: deadline, isCancelled: isCancelled)
        trace?(
            "tours: satisfiability \(answer) after \(solver.conflicts) conflicts, \(solver.decisions) decisions, \((ContinuousClock.now - started).inSeconds) s"
        )
        switch answer {
        case .unsatisfiable:
            return .none(proof: "the satisfiability search ruled out every assignment")
        case .unknown:
            return .unknown
        case .satisfiable:
            var plan = [[Int]](repeating: [Int](repeating: -1, count: n), count: S)
            for u in 0..<n {
                for g in 0..<games {
                    if let variable = x[u][g], solver.modelValue(variable) { plan[g / n][u] = g % n }
                }
            }
            return .plan(plan)
        }
    }

    /// Every rule as clauses.
    private func state() {
        let n = p.n, S = p.slotCount, games = n * S
        x = [[Int?]](repeating: [Int?](repeating: nil, count: games), count: n)
        for u in 0..<n {
            for g in 0..<games where p.allowed[u][g] {
                if p.interchangeable && g < n && g != u { continue }
                x[u][g] = solver.addVariable()
            }
        }
        func exactlyOne(_ literals: [Int]) {
            solver.addClause(literals)
            solver.addAtMostOne(literals)
        }
        for g in 0..<games { exactlyOne((0..<n).compactMap { on($0, g) }) }
        for u in 0..<n {
            for s in 0..<S { exactlyOne((0..<n).compactMap { on(u, s * n + $0) }) }
        }
        // Pairs of games one official may not both take: the windows, and steps the timing forbids.
        let reach = max(p.venueWindow, p.teamWindow, 2)
        for g in 0..<games {
            let s = g / n
            for t in (s + 1)..<min(S, s + reach) {
                for l in 0..<n {
                    let h = t * n + l
                    guard p.clashes(g, h, apart: t - s) || (t == s + 1 && !p.reachable[g][l]) else { continue }
                    for u in 0..<n {
                        if let a = on(u, g), let b = on(u, h) { solver.addClause([a ^ 1, b ^ 1]) }
                    }
                }
            }
        }
        for u in 0..<n {
            for v in p.visit { solver.addClause((0..<games).filter { p.venue[$0] == v }.compactMap { on(u, $0) }) }
        }
    }

    private func on(_ u: Int, _ g: Int) -> Int? { x[u][g].map { SATSolver.literal($0, true) } }
}
