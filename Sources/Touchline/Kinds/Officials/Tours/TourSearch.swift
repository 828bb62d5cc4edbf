import Foundation
import TouchlineMILP
import TouchlineSearch

/// A depth-first branch and bound over the officials' season tours: slot by slot, official by official, each
/// official takes a game of the slot that keeps the windows, nearest venue first. Its bound is the kilometres
/// so far, plus each unplaced official's cheapest step into the slot, plus a lower bound on every later
/// transition: the optimum of the *suffix problem* from the slot on (the same windows, any start, no venue
/// to visit, officials interchangeable), solved before by this same search from the last slot backwards, each
/// suffix bounded by the shorter ones (the decomposition bounds of Toffolo, Wauters and Vanden Berghe's
/// branch and bound for the Traveling Umpire Problem).
///
/// The search is exhaustive: when it ends without running out of time, its best plan is optimal and no plan
/// means none exists.
struct TourSearch {
    let p: TourProblem
    let n: Int
    let slotCount: Int
    /// The first slot of the (sub)problem; transitions from it on are counted.
    let first: Int
    /// Per slot s, a lower bound on the kilometres of the transitions from s to the last slot.
    var suffix: [Int]
    /// Stop at the first plan (the greedy).
    var firstOnly = false
    /// Per slot, per official: the positions it may take (a neighbourhood of a plan); nil: any.
    var restrict: [[UInt64]]?
    /// Before each official of a slot is placed, check that it and the officials after it can still each
    /// take a distinct free game of the slot under the windows (a perfect matching by augmenting paths), and
    /// at the end of a slot that the later slots the windows reach can still be matched; a partial plan that
    /// fails is cut at once instead of after trying every order of the games left. On for the first-plan
    /// search; off where the search optimises, whose bound prunes first and whose nodes it would slow (the
    /// 12-team proofs took twice as long with it).
    var lookAhead = false
    let deadline: ContinuousClock.Instant
    let isCancelled: @Sendable () -> Bool
    let onImprovement: ((Int) -> Void)?
    /// The best plan any parallel search has found: its cost prunes this search too.
    var shared: SharedTourIncumbent?

    private(set) var best: [[Int]]?
    private(set) var bestCost: Int
    private(set) var nodes = 0
    /// True when the search stopped before it was exhausted (time, cancellation or `firstOnly`).
    private(set) var stopped = false

    // State of the path being built.
    private var plan: [[Int]]
    private var current: [Int]
    private var lastAtVenue: [Int]
    private var lastSawTeam: [Int]
    private var visitedTimes: [Int]
    private var missing: [Int]
    private var isVisit: [Bool]
    /// The most teams of one game, and the team windows' old values per depth.
    private let maxTeams: Int
    private var savedTeams: [Int]
    /// Per slot, the visit venues hosted for the last time in it.
    private var closingVisits: [[Int]]
    /// Per slot s > first, per venue: the cheapest step from the venue into the slot.
    private var minStep: [[Int]]
    /// Per slot, per venue: the slot's positions, nearest first.
    private var nearest: [[[Int]]]
    /// The look-ahead's work space: per official, the free games it may take; per game, its matched official.
    private var options: [UInt64]
    private var owner: [Int]

    init(
        _ problem: TourProblem, first: Int = 0, suffix: [Int]? = nil, upperBound: Int = Int.max,
        deadline: ContinuousClock.Instant, isCancelled: @escaping @Sendable () -> Bool = { false },
        onImprovement: ((Int) -> Void)? = nil
    ) {
        p = problem
        n = problem.n
        slotCount = problem.slotCount
        self.first = first
        self.suffix = suffix ?? [Int](repeating: 0, count: problem.slotCount)
        bestCost = upperBound
        self.deadline = deadline
        self.isCancelled = isCancelled
        self.onImprovement = onImprovement
        plan = [[Int]](repeating: [Int](repeating: -1, count: problem.n), count: problem.slotCount)
        current = [Int](repeating: -1, count: problem.n)
        lastAtVenue = [Int](repeating: Int.min / 2, count: problem.n * problem.venueCount)
        lastSawTeam = [Int](repeating: Int.min / 2, count: problem.n * max(1, problem.teamCount))
        visitedTimes = [Int](repeating: 0, count: problem.n * problem.venueCount)
        missing = [Int](repeating: problem.visit.count, count: problem.n)
        isVisit = [Bool](repeating: false, count: problem.venueCount)
        maxTeams = max(1, problem.teams.map(\.count).max() ?? 1)
        savedTeams = [Int](repeating: 0, count: problem.slotCount * problem.n * maxTeams)
        for v in problem.visit { isVisit[v] = true }
        closingVisits = [[Int]](repeating: [], count: problem.slotCount)
        for v in problem.visit {
            if let last = (0..<problem.slotCount).last(where: { s in (0..<problem.n).contains { problem.venue[s * problem.n + $0] == v } }) {
                closingVisits[last].append(v)
            }
        }
        let strict = problem.venueWindow > 1
        minStep = (0..<problem.slotCount).map { s in
            (0..<problem.venueCount).map { v in
                (0..<problem.n).map { k in problem.venue[s * problem.n + k] }.filter { !strict || $0 != v }
                    .map { problem.km[v][$0] }.min() ?? 0
            }
        }
        options = [UInt64](repeating: 0, count: problem.n)
        owner = [Int](repeating: -1, count: problem.n)
        nearest = (0..<problem.slotCount).map { s in
            (0..<problem.venueCount).map { v in
                (0..<problem.n).sorted {
                    (problem.km[v][problem.venue[s * problem.n + $0]], $0) < (problem.km[v][problem.venue[s * problem.n + $1]], $1)
                }
            }
        }
    }

    /// Orders each slot's games by kilometres scaled by a random factor in [1, 1 + spread) instead of
    /// nearest first: a restart of the first-plan search explores another part of the tree.
    mutating func perturbOrder(seed: UInt64, spread: Double) {
        var random = SeededRandom(seed: seed)
        nearest = (0..<slotCount).map { s in
            (0..<p.venueCount).map { v in
                let keys = (0..<n).map { k in Double(p.km[v][p.venue[s * n + k]] + 1) * (1 + spread * random.unit()) }
                return (0..<n).sorted { (keys[$0], $0) < (keys[$1], $1) }
            }
        }
    }

    /// Runs the search; `best` and `bestCost` hold its best plan.
    mutating func run() {
        slot(first, cost: 0)
    }

    private mutating func timeUp() -> Bool {
        if stopped { return true }
        if nodes & 1023 == 0 {
            if ContinuousClock.now >= deadline || isCancelled() { stopped = true }
            if let shared, shared.cost < bestCost { bestCost = shared.cost }
        }
        return stopped
    }

    private mutating func slot(_ s: Int, cost: Int) {
        if s == slotCount {
            if cost < bestCost {
                bestCost = cost
                best = Array(plan[first...])
                shared?.offer(best!, cost: cost)
                onImprovement?(cost)
            }
            if firstOnly { stopped = true }
            return
        }
        var rest = 0
        if s > first { for u in 0..<n { rest += minStep[s][p.venue[current[u]]] } }
        place(s, u: 0, used: 0, cost: cost, rest: rest)
    }

    private mutating func place(_ s: Int, u: Int, used: UInt64, cost: Int, rest: Int) {
        if u == n {
            finishSlot(s, cost: cost)
            return
        }
        nodes += 1
        if timeUp() { return }
        if lookAhead && u < n - 1 && !matchable(s, from: u, used: used) { return }
        let from = current[u]
        let restAfter = s > first ? rest - minStep[s][p.venue[from]] : 0
        let order: [Int]
        if s == first {
            // Officials interchangeable: the first slot is fixed (official u on its u-th game).
            order = p.interchangeable && restrict == nil ? [u] : Array(0..<n)
        } else {
            order = nearest[s][p.venue[from]]
        }
        let q1 = p.venueWindow, q2 = p.teamWindow
        let base = s * n
        let mask = restrict?[s][u] ?? UInt64.max
        for k in order where used & (1 << UInt64(k)) == 0 && mask & (1 << UInt64(k)) != 0 {
            let g = base + k
            guard p.allowed[u][g] else { continue }
            let v = p.venue[g]
            var step = 0
            if s > first {
                guard p.reachable[from][k] else { continue }
                step = p.km[p.venue[from]][v]
            }
            // Nearest first: once the bound fails, every later game fails too.
            if cost + step + restAfter + suffix[s] >= bestCost { break }
            if s - lastAtVenue[u * p.venueCount + v] < q1 { continue }
            var clash = false
            for t in p.teams[g] where s - lastSawTeam[u * p.teamCount + t] < q2 { clash = true; break }
            if clash { continue }
            // Take g (the windows' old values kept on the depth's stack).
            let saved = (s * n + u) * maxTeams
            let savedVenue = lastAtVenue[u * p.venueCount + v]
            for (i, t) in p.teams[g].enumerated() {
                savedTeams[saved + i] = lastSawTeam[u * p.teamCount + t]
                lastSawTeam[u * p.teamCount + t] = s
            }
            lastAtVenue[u * p.venueCount + v] = s
            if isVisit[v] {
                if visitedTimes[u * p.venueCount + v] == 0 { missing[u] -= 1 }
                visitedTimes[u * p.venueCount + v] += 1
            }
            current[u] = g
            plan[s][u] = k
            place(s, u: u + 1, used: used | (1 << UInt64(k)), cost: cost + step, rest: restAfter)
            current[u] = from
            if isVisit[v] {
                visitedTimes[u * p.venueCount + v] -= 1
                if visitedTimes[u * p.venueCount + v] == 0 { missing[u] += 1 }
            }
            lastAtVenue[u * p.venueCount + v] = savedVenue
            for (i, t) in p.teams[g].enumerated() { lastSawTeam[u * p.teamCount + t] = savedTeams[saved + i] }
            if stopped { return }
        }
    }

    /// True when officials `from`..n-1 can each take a distinct game of slot s outside `used` that keeps its
    /// windows, timing and restrictions (a necessary condition for completing the slot).
    private mutating func matchable(_ s: Int, from: Int, used: UInt64) -> Bool {
        matched(slot: s, officials: from..<n, used: used, timing: true)
    }

    /// True when each official of `officials` can take a distinct game of slot t outside `used` that its
    /// restrictions and the windows of the games placed so far allow (with `timing`, also reachable from its
    /// game of the slot before): a perfect matching by augmenting paths.
    private mutating func matched(slot t: Int, officials: Range<Int>, used: UInt64, timing: Bool) -> Bool {
        let q1 = p.venueWindow, q2 = p.teamWindow
        let base = t * n
        for u in officials {
            var mask: UInt64 = 0
            let allowedMask = restrict?[t][u] ?? UInt64.max
            for k in 0..<n where used & (1 << UInt64(k)) == 0 && allowedMask & (1 << UInt64(k)) != 0 {
                let g = base + k
                guard p.allowed[u][g] else { continue }
                if timing && t > first && !p.reachable[current[u]][k] { continue }
                if t - lastAtVenue[u * p.venueCount + p.venue[g]] < q1 { continue }
                var clash = false
                for team in p.teams[g] where t - lastSawTeam[u * p.teamCount + team] < q2 { clash = true; break }
                if clash { continue }
                mask |= 1 << UInt64(k)
            }
            if mask == 0 { return false }
            options[u] = mask
        }
        for k in 0..<n { owner[k] = -1 }
        for u in officials {
            var seen: UInt64 = used
            if !augment(u, &seen) { return false }
        }
        return true
    }

    private mutating func augment(_ u: Int, _ seen: inout UInt64) -> Bool {
        while true {
            let free = options[u] & ~seen
            if free == 0 { return false }
            let k = free.trailingZeroBitCount
            seen |= 1 << UInt64(k)
            if owner[k] < 0 || augment(owner[k], &seen) {
                owner[k] = u
                return true
            }
        }
    }

    private mutating func finishSlot(_ s: Int, cost: Int) {
        // Every venue to visit that is hosted for the last time now must have been visited by everyone, and
        // nobody may miss more venues than slots are left.
        let left = slotCount - 1 - s
        for u in 0..<n {
            if missing[u] > left { return }
            for v in closingVisits[s] where visitedTimes[u * p.venueCount + v] == 0 { return }
        }
        if lookAhead && !laterSlotsMatchable(after: s) { return }
        slot(s + 1, cost: cost)
    }

    /// True when each slot t from s + 2 within the windows' reach has a perfect matching of officials to games
    /// that the windows of the games already placed (slots up to s) allow; the slot s + 1 is checked by
    /// `matchable` with its timing when it is placed.
    private mutating func laterSlotsMatchable(after s: Int) -> Bool {
        let reach = max(p.venueWindow, p.teamWindow)
        guard reach > 2 else { return true }
        var t = s + 2
        while t < min(slotCount, s + reach) {
            if !matched(slot: t, officials: 0..<n, used: 0, timing: false) { return false }
            t += 1
        }
        return true
    }
}

/// The decomposition bounds and the whole search, within a time limit.
struct TourSolver: Sendable {
    let problem: TourProblem
    let deadline: ContinuousClock.Instant
    var isCancelled: @Sendable () -> Bool = { false }
    /// Diagnostic lines (`--trace`).
    var trace: (@Sendable (String) -> Void)? = nil

    struct Outcome {
        var plan: [[Int]]?
        var cost: Int?
        /// The best proven lower bound.
        var bound: Int
        /// True when the search was exhausted (the plan is optimal, or there is none).
        var exhausted: Bool
        var nodes: Int
        /// Slots from which the suffix problem was solved exactly.
        var suffixesSolved: Int
        /// The suffix bounds.
        var suffix: [Int]
    }

    /// A plan within `seconds`, or nil (see ``firstPlanSearch(_:seconds:isCancelled:satisfiability:trace:)``).
    static func firstPlan(
        _ problem: TourProblem, seconds: Double, isCancelled: @escaping @Sendable () -> Bool = { false },
        trace: (@Sendable (String) -> Void)? = nil
    ) -> [[Int]]? {
        if case let .plan(plan) = firstPlanSearch(problem, seconds: seconds, isCancelled: isCancelled, trace: trace) { return plan }
        return nil
    }

    /// A plan within `seconds`, or the proof that there is none, from two searches side by side on both cores
    /// (the first answer stops the other). Both restart the search stopped at its first leaf (nearest venue
    /// first, then in perturbed orders, with doubling time): one without the look-ahead for the whole time,
    /// the other with it for 30 % of the time, then the satisfiability search up to 70 % (`satisfiability`,
    /// when given, goes on later from where it stopped), then the annealing repair. The restarts with and
    /// without the look-ahead find first plans on different rows of the benchmark.
    ///
    /// `reproducible` (`--reproducible`): the time shares give way to the whole limit, as every inner step that
    /// only chooses a path does, so that the answer does not depend on the machine's load: both searches run
    /// their first round (nearest venue first) for the whole time and find the same first leaf (the look-ahead
    /// prunes only subtrees without one), whichever answers first; only the limit itself can cut them.
    static func firstPlanSearch(
        _ problem: TourProblem, seconds: Double, isCancelled: @escaping @Sendable () -> Bool = { false },
        satisfiability: TourSatisfiability? = nil, reproducible: Bool = false, trace: (@Sendable (String) -> Void)? = nil
    ) -> TourSatisfiability.Outcome {
        let started = ContinuousClock.now
        let race = FirstPlanRace()
        let stop: @Sendable () -> Bool = { isCancelled() || race.answered }
        let end = started + .seconds(seconds)
        // Where the two cannot run side by side (a nested `concurrentPerform` runs its iterations one after the
        // other), the first is the search the others stand beside.
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if reproducible {
                race.offer(restarts(problem, until: end, lookAhead: index == 0, firstRound: seconds, isCancelled: stop, trace: trace))
            } else if index == 0 {
                race.offer(
                    restartsThenRepair(problem, seconds: seconds, started: started, isCancelled: stop, satisfiability: satisfiability, trace: trace))
            } else {
                race.offer(restarts(problem, until: end, lookAhead: false, isCancelled: stop, trace: trace))
            }
        }
        return race.answer ?? .unknown
    }

    /// The first-leaf search restarted until `end`: nearest first for up to 1 s (`firstRound`, when given, instead),
    /// then in perturbed orders with doubling time. `.unknown` when it runs out of time.
    private static func restarts(
        _ problem: TourProblem, until end: ContinuousClock.Instant, lookAhead: Bool, firstRound: Double? = nil,
        isCancelled: @escaping @Sendable () -> Bool, trace: (@Sendable (String) -> Void)?
    ) -> TourSatisfiability.Outcome {
        var round = 0
        var roundSeconds = firstRound ?? min(1, 0.1 * (end - ContinuousClock.now).inSeconds)
        while ContinuousClock.now < end && !isCancelled() {
            let left = (end - ContinuousClock.now).inSeconds
            var search = TourSearch(problem, deadline: .now + .seconds(min(roundSeconds, max(0.01, left))), isCancelled: isCancelled)
            search.firstOnly = true
            search.lookAhead = lookAhead
            if round > 0 { search.perturbOrder(seed: UInt64(round), spread: 0.5) }
            search.run()
            if let plan = search.best {
                trace?("tours: first plan by depth-first search (look-ahead \(lookAhead ? "on" : "off")), round \(round + 1)")
                return .plan(plan)
            }
            // Exhausted without a plan: there is none.
            if !search.stopped { return .none(proof: "the branch and bound searched every plan") }
            round += 1
            roundSeconds *= 2
        }
        return .unknown
    }

    /// The second of ``firstPlanSearch(_:seconds:isCancelled:satisfiability:trace:)``'s searches.
    private static func restartsThenRepair(
        _ problem: TourProblem, seconds: Double, started: ContinuousClock.Instant, isCancelled: @escaping @Sendable () -> Bool,
        satisfiability: TourSatisfiability?, trace: (@Sendable (String) -> Void)?
    ) -> TourSatisfiability.Outcome {
        let searched = restarts(problem, until: started + .seconds(0.3 * seconds), lookAhead: true, isCancelled: isCancelled, trace: trace)
        if case .unknown = searched {} else { return searched }
        if isCancelled() { return .unknown }
        let satisfiability = (satisfiability ?? TourSatisfiability(problem)).solve(
            deadline: started + .seconds(0.7 * seconds), isCancelled: isCancelled, trace: trace)
        switch satisfiability {
        case .plan: trace?("tours: first plan by the satisfiability search")
        case .none: trace?("tours: the satisfiability search proved that there is no plan")
        case .unknown: trace?("tours: the satisfiability search stopped without an answer")
        }
        if case .unknown = satisfiability {
            if isCancelled() { return .unknown }
            if let plan = TourAnnealing(p: problem).run(deadline: started + .seconds(seconds), seed: 1, isCancelled: isCancelled, trace: trace) {
                return .plan(plan)
            }
            return .unknown
        }
        return satisfiability
    }

    /// The suffix bounds (from the last slot backwards), then the whole search started from `start`.
    func solve(
        start: [[Int]]?, startCost: Int?, boundShare: Double, shared: SharedTourIncumbent? = nil,
        progress: ((Int?, Int) -> Void)? = nil
    ) -> Outcome {
        let S = problem.slotCount
        let relaxed = problem.relaxed
        var suffix = [Int](repeating: 0, count: S)
        var nodes = 0
        var solved = 0
        let total = deadline - ContinuousClock.now
        let boundDeadline = ContinuousClock.now + total * boundShare
        var infeasibleFrom: Int? = nil
        if S >= 2 {
            for a in stride(from: S - 2, through: 0, by: -1) {
                // A cheap bound first: each game of the next slot is entered from some game of this one.
                let cheap = suffix[a + 1] + Self.stepBound(relaxed, slot: a)
                var search = TourSearch(relaxed, first: a, suffix: suffix, deadline: boundDeadline, isCancelled: isCancelled)
                search.run()
                nodes += search.nodes
                if search.stopped {
                    // Out of the bounds' share: the rest take the cheap bound.
                    suffix[a] = cheap
                    for b in stride(from: a - 1, through: 0, by: -1) { suffix[b] = suffix[b + 1] + Self.stepBound(relaxed, slot: b) }
                    break
                }
                solved += 1
                guard search.best != nil else {
                    infeasibleFrom = a
                    break
                }
                suffix[a] = max(cheap, search.bestCost)
                trace?("tours: suffix from slot \(a + 1): \(suffix[a]) km (cheap bound \(cheap)), \(search.nodes) nodes")
                progress?(nil, suffix[a])
            }
        }
        if let infeasibleFrom {
            _ = infeasibleFrom
            return Outcome(plan: nil, cost: nil, bound: Int.max, exhausted: true, nodes: nodes, suffixesSolved: solved, suffix: suffix)
        }
        var search = TourSearch(
            problem, suffix: suffix, upperBound: startCost.map { $0 + 1 } ?? Int.max, deadline: deadline,
            isCancelled: isCancelled, onImprovement: { progress?($0, suffix[0]) })
        search.shared = shared
        search.run()
        trace?(
            "tours: whole search \(search.stopped ? "stopped" : "exhausted"), best \(search.best != nil ? search.bestCost : startCost ?? -1), \(search.nodes) nodes"
        )
        nodes += search.nodes
        // The cost of the plan itself: the search's bar may have been lowered by a plan found beside it.
        let plan = search.best ?? start
        let cost = plan.map { problem.cost($0) }
        let exhausted = !search.stopped
        var bound = suffix[0]
        // Exhausted: no plan is cheaper than the search's final bar (its own best, or one found beside it).
        if exhausted { bound = search.bestCost }
        return Outcome(plan: plan, cost: cost, bound: bound, exhausted: exhausted, nodes: nodes, suffixesSolved: solved, suffix: suffix)
    }

    /// A lower bound on one transition (slot s to s + 1) of any plan: all the games of both slots as one group.
    static func stepBound(_ p: TourProblem, slot s: Int) -> Int {
        let all = Array(0..<p.n)
        return p.stepBound(slot: s, from: all, to: all)
    }
}

/// The first answer of the two first-plan searches run side by side: a plan, or the proof that there is none.
final class FirstPlanRace: @unchecked Sendable {
    private let lock = NSLock()
    private var first: TourSatisfiability.Outcome?

    var answer: TourSatisfiability.Outcome? { lock.withLock { first } }
    var answered: Bool { answer != nil }

    /// Keeps `outcome` when it is the first answer (`unknown` is none).
    func offer(_ outcome: TourSatisfiability.Outcome) {
        if case .unknown = outcome { return }
        lock.withLock { if first == nil { first = outcome } }
    }
}

/// The large-neighbourhood search of a tour plan: a window of slots for a group of officials is freed (each
/// official of the group may take any game the group holds in those slots) and solved exactly by the branch
/// and bound within 0.2 s, the rest of the plan fixed. Three shapes take turns, each sized on its own (larger
/// when a search finishes, smaller when it runs out of time): every official over a few slots, a few officials
/// over a long run of slots, and a group over a window. The re-matching neighbourhood (``TourRematch``) is
/// searched to its local optimum at the start, after each better plan and after each kick. After many
/// neighbourhoods without a better plan the walk is kicked to a nearby plan at most 2 % worse (an iterated
/// local search), and brought back to the best when it drifts more than 3 % above it.
struct TourNeighbourhoods {
    let problem: TourProblem
    let suffix: [Int]
    var shared: SharedTourIncumbent? = nil

    /// Per slot, a lower bound on the kilometres from it to the last slot of any plan within `restrict`: per
    /// transition, the officials whose games are fixed on both sides exactly, the others (each on a distinct
    /// game) at least at the cheapest entry into each of their games, or exit out of each; never below the
    /// free problem's bound `free`.
    static func tailBounds(_ p: TourProblem, restrict: [[UInt64]], free: [Int]) -> [Int] {
        let n = p.n, S = p.slotCount
        var tail = [Int](repeating: 0, count: S)
        if S < 2 { return tail }
        for t in stride(from: S - 2, through: 0, by: -1) {
            var fixed = 0
            var fromGames: [Int] = [], toGames: [Int] = []
            for o in 0..<n {
                let a = restrict[t][o], b = restrict[t + 1][o]
                if a.nonzeroBitCount == 1 && b.nonzeroBitCount == 1 {
                    fixed += p.km[p.venue[t * n + a.trailingZeroBitCount]][p.venue[(t + 1) * n + b.trailingZeroBitCount]]
                } else {
                    for k in 0..<n where a & (1 << UInt64(k)) != 0 && !fromGames.contains(k) { fromGames.append(k) }
                    for l in 0..<n where b & (1 << UInt64(l)) != 0 && !toGames.contains(l) { toGames.append(l) }
                }
            }
            // Officials outnumbering games on a side cannot happen: each official holds a distinct game.
            let loose = p.stepBound(slot: t, from: fromGames, to: toGames)
            tail[t] = max(free[t], tail[t + 1] + fixed + loose)
        }
        return tail
    }

    struct Result {
        var plan: [[Int]]
        var cost: Int
        var nodes: Int
    }

    func improve(
        _ start: [[Int]], deadline: ContinuousClock.Instant, isCancelled: @escaping @Sendable () -> Bool,
        trace: (@Sendable (String) -> Void)? = nil
    ) -> Result {
        let n = problem.n, S = problem.slotCount
        var plan = start
        var cost = problem.cost(plan)
        var nodes = 0
        var generator = SeededRandom(seed: 0x70_75_72)
        var width = min(S, 4)
        var group = min(n, 4)
        var stale = 0
        // The best plan seen; `plan` itself may be a kicked, worse one (an iterated local search).
        var best = plan
        var bestCost = cost
        var sinceImprovement = 0
        var kicks = 0
        var tried = 0, timedOut = 0
        // Three shapes of neighbourhood in turn, each sized on its own: every official over a few slots, a few
        // officials over a long run of slots, and a group over a window (grown and shrunk together).
        var slotWidth = min(S, 2), longWidth = S, fewOfficials = min(n, 2)
        func freedRestrict(from plan: [[Int]], window a: Int, width: Int, officials freed: Set<Int>) -> [[UInt64]] {
            var restrict = [[UInt64]](repeating: [UInt64](repeating: 0, count: n), count: S)
            for s in 0..<S {
                let inWindow = s >= a && s < a + width
                var held: UInt64 = 0
                for o in freed { held |= 1 << UInt64(plan[s][o]) }
                for o in 0..<n { restrict[s][o] = inWindow && freed.contains(o) ? held : 1 << UInt64(plan[s][o]) }
            }
            return restrict
        }
        let rematch = TourRematch(problem)
        // The walk's plan becomes the best when it is better (offered to the search beside).
        func keepIfBest(_ source: @autoclosure () -> String) {
            guard cost < bestCost else { return }
            best = plan
            bestCost = cost
            shared?.offer(plan, cost: cost)
            trace?("tours: \(source()): \(cost) km (kick \(kicks))")
        }
        // The re-matching neighbourhood to its local optimum: at the start, after each kick and after each
        // better plan of the branch and bound's neighbourhoods.
        func settle() {
            let settled = rematch.descend(plan, random: &generator, deadline: deadline, isCancelled: isCancelled)
            plan = settled.plan
            cost = settled.cost
            keepIfBest("re-matching")
        }
        settle()
        while ContinuousClock.now < deadline && !isCancelled() {
            if let shared, shared.cost < bestCost, let better = shared.plan {
                best = better
                bestCost = shared.cost
                plan = better
                cost = bestCost
            }
            if sinceImprovement >= 40 {
                // A local optimum for the neighbourhoods: kick the plan to another one at most 2 % worse (a
                // window of all officials re-solved to its first plan in a random order), or back to the best
                // when the walk has drifted more than 3 % above it.
                sinceImprovement = 0
                kicks += 1
                if cost > bestCost + bestCost / 33 {
                    plan = best
                    cost = bestCost
                } else {
                    let kickWidth = min(S, 6)
                    let a = generator.int(below: max(1, S - kickWidth + 1))
                    let restrict = freedRestrict(from: plan, window: a, width: kickWidth, officials: Set(0..<n))
                    var search = TourSearch(
                        problem, upperBound: cost + max(1, cost / 50), deadline: .now + .seconds(0.2), isCancelled: isCancelled)
                    search.restrict = restrict
                    search.firstOnly = true
                    search.perturbOrder(seed: generator.next(), spread: 2)
                    search.run()
                    nodes += search.nodes
                    if let kicked = search.best {
                        plan = kicked
                        cost = search.bestCost
                        settle()
                    }
                }
            }
            let shape = tried % 3
            let freedWidth = [slotWidth, longWidth, width][shape], freedGroup = [n, fewOfficials, group][shape]
            let a = Int(generator.next() % UInt64(max(1, S - freedWidth + 1)))
            var officials = Array(0..<n)
            for i in stride(from: n - 1, to: 0, by: -1) { officials.swapAt(i, Int(generator.next() % UInt64(i + 1))) }
            let restrict = freedRestrict(from: plan, window: a, width: freedWidth, officials: Set(officials.prefix(freedGroup)))
            let budget = min(0.2, max(0.05, (deadline - ContinuousClock.now).inSeconds))
            var search = TourSearch(
                problem, suffix: Self.tailBounds(problem, restrict: restrict, free: suffix), upperBound: cost,
                deadline: .now + .seconds(budget), isCancelled: isCancelled)
            search.restrict = restrict
            search.run()
            nodes += search.nodes
            tried += 1
            if search.stopped { timedOut += 1 }
            if let better = search.best, search.bestCost < cost {
                plan = better
                cost = search.bestCost
                stale = 0
                sinceImprovement = 0
                keepIfBest("neighbourhood slots \(a + 1)-\(a + freedWidth), \(freedGroup) officials")
                settle()
            } else {
                stale += 1
                sinceImprovement += 1
            }
            if shape == 0 {
                if search.stopped {
                    slotWidth = min(S, max(2, slotWidth - 1))
                } else if generator.int(below: 4) == 0 {
                    slotWidth = min(S, slotWidth + 1)
                }
                continue
            } else if shape == 1 {
                if search.stopped {
                    if fewOfficials > 2 { fewOfficials -= 1 } else { longWidth = min(S, max(4, longWidth - 2)) }
                } else if generator.int(below: 4) == 0 {
                    if longWidth < S { longWidth = min(S, longWidth + 2) } else if fewOfficials < n { fewOfficials += 1 }
                }
                continue
            }
            // A neighbourhood searched through quickly: a larger one; one that ran out of time: a smaller one.
            if !search.stopped && stale > 3 {
                if group < n { group += 1 } else if width < S { width += 1 }
                stale = 0
            } else if search.stopped {
                if width > 2 { width -= 1 } else if group > 2 { group -= 1 }
            }
        }
        plan = best
        cost = bestCost
        trace?(
            "tours: neighbourhoods: \(tried) tried, \(timedOut) out of time, \(kicks) kicks, last \(group) officials x \(width) slots, all x \(slotWidth), \(fewOfficials) x \(longWidth)"
        )
        return Result(plan: plan, cost: cost, nodes: nodes)
    }
}

/// The best tour plan found by any of the searches running side by side.
final class SharedTourIncumbent: @unchecked Sendable {
    private let lock = NSLock()
    private var bestCost = Int.max
    private var bestPlan: [[Int]]?

    private var done = false

    var cost: Int { lock.withLock { bestCost } }
    /// Set when the whole search is exhausted: the neighbourhoods stop.
    var finished: Bool {
        get { lock.withLock { done } }
        set { lock.withLock { done = newValue } }
    }
    var plan: [[Int]]? { lock.withLock { bestPlan } }

    /// Called with each better cost (from whichever search found it).
    private let onImprovement: (@Sendable (Int) -> Void)?

    init(onImprovement: (@Sendable (Int) -> Void)? = nil) { self.onImprovement = onImprovement }

    func offer(_ plan: [[Int]], cost: Int) {
        let improved = lock.withLock {
            guard cost < bestCost else { return false }
            bestCost = cost
            bestPlan = plan
            return true
        }
        if improved { onImprovement?(cost) }
    }
}
