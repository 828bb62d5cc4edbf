import Foundation
import TouchlineMILP
import TouchlineSearch

/// A repair for season tours where the depth-first search finds no first plan in time (the windows and the
/// venues to visit make plain construction fail on large leagues): simulated annealing over plans that give
/// every official one game per slot, moving by swapping two officials' games in one slot, on the kilometres
/// plus a penalty per broken window and per venue not visited. Officials' own restrictions (`allowed`) and
/// the timing between consecutive slots are never broken. A plan with no penalty left keeps every rule.
struct TourAnnealing {
    let p: TourProblem

    /// A plan that keeps every rule, or nil when none was found by the deadline.
    func run(
        deadline: ContinuousClock.Instant, seed: UInt64, isCancelled: @Sendable () -> Bool,
        trace: (@Sendable (String) -> Void)? = nil
    ) -> [[Int]]? {
        let n = p.n, S = p.slotCount, V = p.venueCount
        guard n >= 1, S >= 1 else { return nil }
        let swaps = n >= 2
        var random = SeededRandom(seed: seed)
        // Start: each official on the game of its own position where allowed, else any allowed free one.
        var plan = [[Int]](repeating: [Int](repeating: 0, count: n), count: S)
        for s in 0..<S {
            guard let row = assignSlot(s, previous: s > 0 ? plan[s - 1] : nil) else { return nil }
            plan[s] = row
        }
        let maxKm = max(1, p.km.flatMap { $0 }.max() ?? 1)
        // Broken rules first; kilometres only break ties (a whole season's km weighs less than one rule).
        let kmWeight = 0.5 / Double(maxKm * 2 * n)
        var venueCount = [Int](repeating: 0, count: n * V)
        for s in 0..<S { for u in 0..<n { venueCount[u * V + p.venue[s * n + plan[s][u]]] += 1 } }
        let isVisit = (0..<V).map { p.visit.contains($0) }
        func venueOf(_ s: Int, _ u: Int) -> Int { p.venue[s * n + plan[s][u]] }
        func teamsOf(_ s: Int, _ u: Int) -> [Int] { p.teams[s * n + plan[s][u]] }
        /// Broken windows of official u at slot s, were it at game k.
        func conflicts(_ s: Int, _ u: Int, game k: Int) -> Int {
            let g = s * n + k
            var count = 0
            let v = p.venue[g]
            if p.venueWindow > 1 {
                for t in max(0, s - p.venueWindow + 1)..<min(S, s + p.venueWindow) where t != s && venueOf(t, u) == v { count += 1 }
            }
            if p.teamWindow > 1 {
                let teams = p.teams[g]
                for t in max(0, s - p.teamWindow + 1)..<min(S, s + p.teamWindow) where t != s {
                    for team in teamsOf(t, u) where teams.contains(team) { count += 1 }
                }
            }
            return count
        }
        func km(_ s: Int, _ u: Int, game k: Int) -> Int {
            let v = p.venue[s * n + k]
            var total = 0
            if s > 0 { total += p.km[venueOf(s - 1, u)][v] }
            if s + 1 < S { total += p.km[v][venueOf(s + 1, u)] }
            return total
        }
        func timingOK(_ s: Int, _ u: Int, game k: Int) -> Bool {
            if s > 0 && !p.reachable[(s - 1) * n + plan[s - 1][u]][k] { return false }
            if s + 1 < S && !p.reachable[s * n + k][plan[s + 1][u]] { return false }
            return p.allowed[u][s * n + k]
        }
        /// Broken windows of official u over the season, and venues it has not visited.
        func brokenOf(_ u: Int) -> Int {
            var count = 0
            for t in 0..<S { count += conflicts(t, u, game: plan[t][u]) }
            return count / 2
        }
        func missingOf(_ u: Int) -> Int { p.visit.filter { venueCount[u * V + $0] == 0 }.count }
        var broken = (0..<n).reduce(0) { $0 + brokenOf($1) }
        var missing = (0..<n).reduce(0) { $0 + missingOf($1) }
        var temperature = 0.5
        var moves = 0
        while broken + missing > 0 {
            guard swaps else { return nil }
            moves += 1
            if moves & 4095 == 0 {
                if ContinuousClock.now >= deadline || isCancelled() {
                    trace?("tours: annealing stopped after \(moves) moves with \(broken) broken windows and \(missing) venues not visited")
                    return nil
                }
                // Cooling, and a reheat when cold.
                temperature *= 0.995
                if temperature < 0.03 { temperature = 0.3 }
            }
            let u1 = random.int(below: n)
            var u2 = random.int(below: n - 1)
            if u2 >= u1 { u2 += 1 }
            if random.int(below: 16) == 0 {
                // A block move: the two officials exchange their games over a run of slots.
                let s = random.int(below: S)
                let end = min(S, s + 1 + random.int(below: max(1, S / 2)))
                var ok = true
                for t in s..<end where !p.allowed[u1][t * n + plan[t][u2]] || !p.allowed[u2][t * n + plan[t][u1]] { ok = false; break }
                if s > 0 && (!p.reachable[(s - 1) * n + plan[s - 1][u1]][plan[s][u2]] || !p.reachable[(s - 1) * n + plan[s - 1][u2]][plan[s][u1]]) {
                    ok = false
                }
                if end < S
                    && (!p.reachable[(end - 1) * n + plan[end - 1][u2]][plan[end][u1]]
                        || !p.reachable[(end - 1) * n + plan[end - 1][u1]][plan[end][u2]])
                {
                    ok = false
                }
                guard ok else { continue }
                let before = brokenOf(u1) + brokenOf(u2), missingBefore = missingOf(u1) + missingOf(u2)
                var kmBefore = 0, kmAfter = 0
                if s > 0 { kmBefore += p.km[venueOf(s - 1, u1)][venueOf(s, u1)] + p.km[venueOf(s - 1, u2)][venueOf(s, u2)] }
                if end < S { kmBefore += p.km[venueOf(end - 1, u1)][venueOf(end, u1)] + p.km[venueOf(end - 1, u2)][venueOf(end, u2)] }
                func exchange() {
                    for t in s..<end {
                        let a = venueOf(t, u1), b = venueOf(t, u2)
                        venueCount[u1 * V + a] -= 1; venueCount[u1 * V + b] += 1
                        venueCount[u2 * V + b] -= 1; venueCount[u2 * V + a] += 1
                        plan[t].swapAt(u1, u2)
                    }
                }
                exchange()
                if s > 0 { kmAfter += p.km[venueOf(s - 1, u1)][venueOf(s, u1)] + p.km[venueOf(s - 1, u2)][venueOf(s, u2)] }
                if end < S { kmAfter += p.km[venueOf(end - 1, u1)][venueOf(end, u1)] + p.km[venueOf(end - 1, u2)][venueOf(end, u2)] }
                let after = brokenOf(u1) + brokenOf(u2), missingAfter = missingOf(u1) + missingOf(u2)
                let delta = Double(after - before + missingAfter - missingBefore) + kmWeight * Double(kmAfter - kmBefore)
                if delta <= 0 || random.unit() < exp(-delta / temperature) {
                    broken += after - before
                    missing += missingAfter - missingBefore
                } else {
                    exchange()
                }
                continue
            }
            let s = random.int(below: S)
            let k1 = plan[s][u1], k2 = plan[s][u2]
            guard timingOK(s, u1, game: k2), timingOK(s, u2, game: k1) else { continue }
            let v1 = p.venue[s * n + k1], v2 = p.venue[s * n + k2]
            // The change of km, broken windows and missing visits.
            let deltaKm = -km(s, u1, game: k1) - km(s, u2, game: k2) + km(s, u1, game: k2) + km(s, u2, game: k1)
            var deltaBroken = -conflicts(s, u1, game: k1) - conflicts(s, u2, game: k2)
            var deltaMissing = 0
            if v1 != v2 {
                if isVisit[v1] && venueCount[u1 * V + v1] == 1 { deltaMissing += 1 }
                if isVisit[v2] && venueCount[u1 * V + v2] == 0 { deltaMissing -= 1 }
                if isVisit[v2] && venueCount[u2 * V + v2] == 1 { deltaMissing += 1 }
                if isVisit[v1] && venueCount[u2 * V + v1] == 0 { deltaMissing -= 1 }
            }
            plan[s][u1] = k2
            plan[s][u2] = k1
            deltaBroken += conflicts(s, u1, game: k2) + conflicts(s, u2, game: k1)
            let delta = Double(deltaBroken + deltaMissing) + kmWeight * Double(deltaKm)
            if delta <= 0 || random.unit() < exp(-delta / temperature) {
                broken += deltaBroken
                missing += deltaMissing
                venueCount[u1 * V + v1] -= 1
                venueCount[u1 * V + v2] += 1
                venueCount[u2 * V + v2] -= 1
                venueCount[u2 * V + v1] += 1
            } else {
                plan[s][u1] = k1
                plan[s][u2] = k2
            }
        }
        return plan
    }

    /// One slot's assignment that keeps officials' restrictions and the timing from the previous slot (a
    /// matching by augmenting paths, each official nearest game first); nil when none exists.
    func assignSlot(_ s: Int, previous: [Int]?) -> [Int]? {
        let n = p.n
        var gameOwner = [Int](repeating: -1, count: n)
        var ownGame = [Int](repeating: -1, count: n)
        func candidates(_ u: Int) -> [Int] {
            var list = (0..<n).filter { k in
                p.allowed[u][s * n + k] && (previous.map { p.reachable[(s - 1) * n + $0[u]][k] } ?? true)
            }
            if let previous {
                let from = p.venue[(s - 1) * n + previous[u]]
                list.sort { p.km[from][p.venue[s * n + $0]] < p.km[from][p.venue[s * n + $1]] }
            }
            return list
        }
        let lists = (0..<n).map(candidates)
        func augment(_ u: Int, _ seen: inout [Bool]) -> Bool {
            for k in lists[u] where !seen[k] {
                seen[k] = true
                if gameOwner[k] < 0 || augment(gameOwner[k], &seen) {
                    gameOwner[k] = u
                    ownGame[u] = k
                    return true
                }
            }
            return false
        }
        for u in 0..<n {
            var seen = [Bool](repeating: false, count: n)
            if !augment(u, &seen) { return nil }
        }
        return ownGame
    }
}
