import Foundation
import TouchlineMILP
import TouchlineSearch

/// The re-matching neighbourhood of a season-tour plan: cut every official's season at two slots a < b into a
/// head (before a), a middle (a up to b) and a tail (from b), and give each official's head and tail the middle
/// of any official, all at once, as an assignment problem solved exactly (the Hungarian method): the cost of
/// a pair is the km of its two joins, a pair is allowed when the joined season keeps the windows across both
/// cuts, the timing, the official's restrictions and the venues to visit. The plan's own matching is allowed,
/// so the answer is never worse; among n! re-matchings it is the best (the locally optimising crossover of
/// Trick, Yildiz and Yunes's genetic algorithm for the Traveling Umpire Problem, with a second cut).
struct TourRematch {
    let p: TourProblem
    private let reach: Int
    /// Per game, its venues to visit as bits (nil when there are more than 64 of them: no re-matching).
    private let visitBits: [UInt64]?
    private let allVisits: UInt64
    private let everyoneAllowed: Bool

    init(_ problem: TourProblem) {
        p = problem
        reach = max(problem.venueWindow, problem.teamWindow)
        if problem.visit.count <= 64 {
            var bit = [Int: UInt64]()
            for (i, v) in problem.visit.enumerated() { bit[v] = 1 << UInt64(i) }
            visitBits = problem.venue.map { bit[$0] ?? 0 }
            allVisits = problem.visit.isEmpty ? 0 : UInt64.max >> UInt64(64 - problem.visit.count)
        } else {
            visitBits = nil
            allVisits = 0
        }
        everyoneAllowed = problem.allowed.allSatisfy { $0.allSatisfy { $0 } }
    }

    /// Re-matches the middles [a, b) of `plan` (1 ≤ a < b ≤ slots; b = slots: no tail); true when the plan
    /// became cheaper (`cost` updated).
    func rematch(_ plan: inout [[Int]], cost: inout Int, a: Int, b: Int) -> Bool {
        let n = p.n, S = p.slotCount
        guard n >= 2, a >= 1, a < b, b <= S, reach >= 1, let visitBits else { return false }
        func game(_ t: Int, _ u: Int) -> Int { t * n + plan[t][u] }
        var head = [UInt64](repeating: 0, count: n), middle = head, tail = head
        for u in 0..<n {
            for t in 0..<a { head[u] |= visitBits[game(t, u)] }
            for t in a..<b { middle[u] |= visitBits[game(t, u)] }
            for t in b..<S { tail[u] |= visitBits[game(t, u)] }
        }
        let forbidden = 1 << 40
        var matrix = [[Int]](repeating: [Int](repeating: forbidden, count: n), count: n)
        for u in 0..<n {
            let before = game(a - 1, u)
            for w in 0..<n {
                if u != w {
                    if head[u] | middle[w] | tail[u] != allVisits { continue }
                    if !p.reachable[before][plan[a][w]] { continue }
                    if b < S && !p.reachable[game(b - 1, w)][plan[b][u]] { continue }
                    if !everyoneAllowed && (a..<b).contains(where: { !p.allowed[u][game($0, w)] }) { continue }
                    var broken = false
                    scan: for t1 in max(0, a - reach + 1)..<a {
                        for t2 in a..<min(b, t1 + reach) where p.clashes(game(t1, u), game(t2, w), apart: t2 - t1) {
                            broken = true
                            break scan
                        }
                    }
                    if broken { continue }
                    if b < S {
                        scan: for t1 in max(a, b - reach + 1)..<b {
                            for t2 in b..<min(S, t1 + reach) where p.clashes(game(t1, w), game(t2, u), apart: t2 - t1) {
                                broken = true
                                break scan
                            }
                        }
                        if broken { continue }
                    }
                }
                var km = p.km[p.venue[before]][p.venue[game(a, w)]]
                if b < S { km += p.km[p.venue[game(b - 1, w)]][p.venue[game(b, u)]] }
                matrix[u][w] = km
            }
        }
        let match = AssignmentProblem.minimumCost(matrix)
        var now = 0, then = 0
        for u in 0..<n {
            now += matrix[u][u]
            then += matrix[u][match[u]]
        }
        guard then < now, match.indices.allSatisfy({ matrix[$0][match[$0]] < forbidden }) else { return false }
        let old = plan
        for t in a..<b { for u in 0..<n { plan[t][u] = old[t][match[u]] } }
        cost -= now - then
        return true
    }

    /// Re-matches at every pair of cuts, in a random order, until a whole round finds nothing better (a local
    /// optimum of the neighbourhood) or the deadline.
    func descend(
        _ start: [[Int]], random: inout SeededRandom, deadline: ContinuousClock.Instant, isCancelled: () -> Bool
    ) -> (plan: [[Int]], cost: Int) {
        var plan = start
        var cost = p.cost(plan)
        let S = p.slotCount
        guard S >= 2, p.n >= 2 else { return (plan, cost) }
        var cuts: [(Int, Int)] = []
        for a in 1..<S { for b in (a + 1)...S { cuts.append((a, b)) } }
        var improved = true
        while improved {
            improved = false
            cuts = random.shuffled(cuts)
            for (index, (a, b)) in cuts.enumerated() {
                if index & 31 == 0 && (ContinuousClock.now >= deadline || isCancelled()) { return (plan, cost) }
                if rematch(&plan, cost: &cost, a: a, b: b) { improved = true }
            }
        }
        return (plan, cost)
    }
}
