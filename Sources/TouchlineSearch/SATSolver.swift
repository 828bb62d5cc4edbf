/// A conflict-driven clause-learning satisfiability solver for the pure feasibility questions of the
/// engine's 0-1 models (is there any plan at all?), where a branch and bound on an objective wastes its time:
/// two watched literals per clause, first-UIP clause learning with non-chronological backjumping, variable
/// activities (VSIDS) in a heap, saved phases, Luby restarts and a learnt-clause database kept small by
/// literal-block distance. A time limit and cancellation are checked between propagations, so an answer is
/// always `satisfiable` (with a model), `unsatisfiable` (proven: every assignment was ruled out) or `unknown`.
///
/// Literals: variable v (from 0) is `2v` when true and `2v + 1` when false.
package struct SATSolver {
    package enum Answer: Equatable, Sendable {
        case satisfiable
        case unsatisfiable
        case unknown
    }

    package static func literal(_ variable: Int, _ value: Bool) -> Int { 2 * variable + (value ? 0 : 1) }

    private var variableCount = 0
    /// Clauses, their literals one after another in `literals` (the first two watched; learnt clauses after
    /// the problem's): one flat store, so propagation touches no array per clause.
    private var literals: [Int] = []
    private var clauseStart: [Int] = []
    private var clauseSize: [Int] = []
    /// Literals of deleted clauses still in the store (compacted when they are half of it).
    private var wasted = 0
    private var learnt: [Bool] = []
    private var deleted: [Bool] = []
    private var lbd: [Int] = []
    private var watches: [[Int]] = []
    /// Per literal, the two-literal clauses containing it: when it becomes false, `other` must be true. Kept
    /// apart from `watches` (never moved, never deleted) and propagated first, as MiniSat's successors do.
    private var binaries: [[Implication]] = []
    private struct Implication {
        let other: Int
        let clause: Int
    }
    /// Per decision level, the last stamp that counted it (the literal-block distance without a set).
    private var levelStamp: [Int] = [0]
    private var stamp = 0
    /// Per variable: 0 unassigned, 1 true, -1 false.
    private var value: [Int8] = []
    private var level: [Int] = []
    private var reason: [Int] = []
    private var phase: [Bool] = []
    private var activity: [Double] = []
    private var increment = 1.0
    private var trail: [Int] = []
    private var levelStarts: [Int] = []
    private var propagated = 0
    private var seen: [Bool] = []
    private var heap: [Int] = []
    private var heapIndex: [Int] = []
    /// A clause with no literal was added (or two unit clauses clash): unsatisfiable at once.
    private var empty = false
    private var learntCount = 0
    private var maxLearnts = 0
    /// The least ceiling on learnt clauses before the store is halved (tests lower it to exercise the halving
    /// and the compaction on small formulas).
    package var minimumLearntCeiling = 2_000
    /// Random decisions (2 % of them), as MiniSat makes, so that one unlucky order does not rule a long run.
    private var random = SeededRandom(seed: 91_648_253)

    package private(set) var conflicts = 0
    package private(set) var decisions = 0

    package init() {}

    /// A new variable's index.
    package mutating func addVariable() -> Int {
        let v = variableCount
        variableCount += 1
        watches.append([])
        watches.append([])
        binaries.append([])
        binaries.append([])
        levelStamp.append(0)
        value.append(0)
        level.append(0)
        reason.append(-1)
        phase.append(false)
        activity.append(0)
        seen.append(false)
        heapIndex.append(-1)
        heapInsert(v)
        return v
    }

    /// Adds a clause (at least one literal true) before solving.
    package mutating func addClause(_ literals: [Int]) {
        if literals.count == 2 && literals[0] >> 1 != literals[1] >> 1 {
            // The common case (the pairs of an at-most-one) without the general clean-up.
            attach(literals, learnt: false, distance: 0)
            return
        }
        var clause = Array(Set(literals)).sorted()
        if clause.contains(where: { clause.contains($0 ^ 1) }) { return }
        if clause.isEmpty {
            empty = true
            return
        }
        if clause.count == 1 {
            let l = clause[0]
            switch litValue(l) {
            case 1: return
            case -1: empty = true
            default: assign(l, reason: -1)
            }
            return
        }
        clause.sort { (activity[$0 >> 1], $0) > (activity[$1 >> 1], $1) }
        attach(clause, learnt: false, distance: 0)
    }

    /// Stores a clause of two or more literals, watching its first two; its index.
    @discardableResult
    private mutating func attach(_ clause: [Int], learnt isLearnt: Bool, distance: Int) -> Int {
        let index = clauseStart.count
        clauseStart.append(literals.count)
        clauseSize.append(clause.count)
        literals.append(contentsOf: clause)
        learnt.append(isLearnt)
        deleted.append(false)
        lbd.append(distance)
        if clause.count == 2 {
            binaries[clause[0]].append(Implication(other: clause[1], clause: index))
            binaries[clause[1]].append(Implication(other: clause[0], clause: index))
        } else {
            watches[clause[0]].append(index)
            watches[clause[1]].append(index)
        }
        return index
    }

    /// At most one of the literals true (pairwise).
    package mutating func addAtMostOne(_ literals: [Int]) {
        for i in 0..<literals.count {
            for j in (i + 1)..<literals.count { addClause([literals[i] ^ 1, literals[j] ^ 1]) }
        }
    }

    /// The value of a variable in the model (after `satisfiable`).
    package func modelValue(_ variable: Int) -> Bool { value[variable] == 1 }

    /// Prefers `value` for the variable at its first decision.
    package mutating func setPhase(_ variable: Int, _ preferred: Bool) { phase[variable] = preferred }

    package mutating func solve(deadline: ContinuousClock.Instant, isCancelled: () -> Bool = { false }) -> Answer {
        if empty { return .unsatisfiable }
        if propagate() >= 0 { return .unsatisfiable }
        var restart = 1
        // The learnt clauses' ceiling, from the problem's own clauses at the first search (a resumed search
        // keeps the ceiling it had grown to).
        if maxLearnts == 0 { maxLearnts = max(minimumLearntCeiling, clauseStart.count / 3) }
        while true {
            let budget = 100 * Self.luby(restart)
            restart += 1
            var conflictsHere = 0
            while true {
                let conflict = propagate()
                if conflict >= 0 {
                    conflicts += 1
                    conflictsHere += 1
                    if levelStarts.isEmpty { return .unsatisfiable }
                    let (clause, backjump) = analyse(conflict)
                    cancel(to: backjump)
                    if clause.count == 1 {
                        assign(clause[0], reason: -1)
                    } else {
                        let index = attach(clause, learnt: true, distance: distinctLevels(clause))
                        learntCount += 1
                        assign(clause[0], reason: index)
                    }
                    increment /= 0.95
                    if increment > 1e100 { rescale() }
                    if conflicts & 255 == 0 && (ContinuousClock.now >= deadline || isCancelled()) {
                        cancel(to: 0)
                        return .unknown
                    }
                } else {
                    if conflictsHere >= budget {
                        cancel(to: 0)
                        break
                    }
                    if learntCount > maxLearnts {
                        reduce()
                        maxLearnts += maxLearnts / 10
                    }
                    guard let v = nextDecision() else { return .satisfiable }
                    decisions += 1
                    if decisions & 1023 == 0 && (ContinuousClock.now >= deadline || isCancelled()) {
                        cancel(to: 0)
                        return .unknown
                    }
                    levelStarts.append(trail.count)
                    assign(Self.literal(v, phase[v]), reason: -1)
                }
            }
        }
    }

    // MARK: the search

    private func litValue(_ l: Int) -> Int8 {
        let v = value[l >> 1]
        return l & 1 == 0 ? v : -v
    }

    private mutating func assign(_ l: Int, reason clause: Int) {
        let v = l >> 1
        value[v] = l & 1 == 0 ? 1 : -1
        level[v] = levelStarts.count
        reason[v] = clause
        trail.append(l)
    }

    /// Unit propagation; the index of a conflicting clause, or -1.
    private mutating func propagate() -> Int {
        while propagated < trail.count {
            let falsified = trail[propagated] ^ 1
            propagated += 1
            for implication in binaries[falsified] {
                switch litValue(implication.other) {
                case 1: continue
                case -1:
                    propagated = trail.count
                    return implication.clause
                default: assign(implication.other, reason: implication.clause)
                }
            }
            var list = watches[falsified]
            watches[falsified] = []
            var i = 0
            var kept = 0
            var conflict = -1
            while i < list.count {
                let c = list[i]
                i += 1
                if deleted[c] { continue }
                let start = clauseStart[c]
                if literals[start] == falsified { literals.swapAt(start, start + 1) }
                let other = literals[start]
                if litValue(other) == 1 {
                    list[kept] = c
                    kept += 1
                    continue
                }
                var moved = false
                let end = start + clauseSize[c]
                var k = start + 2
                while k < end {
                    if litValue(literals[k]) != -1 {
                        literals.swapAt(start + 1, k)
                        watches[literals[start + 1]].append(c)
                        moved = true
                        break
                    }
                    k += 1
                }
                if moved { continue }
                list[kept] = c
                kept += 1
                if litValue(other) == -1 {
                    conflict = c
                    while i < list.count {
                        list[kept] = list[i]
                        kept += 1
                        i += 1
                    }
                } else {
                    assign(other, reason: c)
                }
            }
            list.removeLast(list.count - kept)
            // Hand the buffer back (nothing else can have been added to the falsified literal's list).
            if watches[falsified].isEmpty { watches[falsified] = list } else { watches[falsified].append(contentsOf: list) }
            if conflict >= 0 {
                propagated = trail.count
                return conflict
            }
        }
        return -1
    }

    /// The first-UIP learnt clause (asserting literal first, a literal of the backjump level second) and the
    /// level to jump back to.
    private mutating func analyse(_ conflict: Int) -> ([Int], Int) {
        var learntClause = [0]
        var pathCount = 0
        var p = -1
        var clause = conflict
        var index = trail.count - 1
        let current = levelStarts.count
        repeat {
            let start = clauseStart[clause], end = start + clauseSize[clause]
            if learnt[clause] { lbd[clause] = min(lbd[clause], distinctLevels(literals[start..<end])) }
            for l in literals[start..<end] where p < 0 || l != p {
                let v = l >> 1
                if !seen[v] && level[v] > 0 {
                    seen[v] = true
                    bump(v)
                    if level[v] >= current { pathCount += 1 } else { learntClause.append(l) }
                }
            }
            while !seen[trail[index] >> 1] { index -= 1 }
            p = trail[index]
            index -= 1
            clause = reason[p >> 1]
            seen[p >> 1] = false
            pathCount -= 1
        } while pathCount > 0
        learntClause[0] = p ^ 1
        // Minimisation: a literal whose reason's other literals are all in the clause (or fixed) is implied by
        // them and dropped.
        var minimised = [learntClause[0]]
        for l in learntClause.dropFirst() {
            let r = reason[l >> 1]
            if r < 0 {
                minimised.append(l)
                continue
            }
            var implied = true
            for q in literals[clauseStart[r]..<(clauseStart[r] + clauseSize[r])] where q >> 1 != l >> 1 {
                if !seen[q >> 1] && level[q >> 1] > 0 {
                    implied = false
                    break
                }
            }
            if !implied { minimised.append(l) }
        }
        for l in learntClause.dropFirst() { seen[l >> 1] = false }
        learntClause = minimised
        var backjump = 0
        if learntClause.count > 1 {
            var best = 1
            for i in 2..<learntClause.count where level[learntClause[i] >> 1] > level[learntClause[best] >> 1] { best = i }
            learntClause.swapAt(1, best)
            backjump = level[learntClause[1] >> 1]
        }
        return (learntClause, backjump)
    }

    /// The decision levels among a clause's literals (its literal-block distance).
    private mutating func distinctLevels<Literals: Sequence<Int>>(_ clause: Literals) -> Int {
        stamp += 1
        var count = 0
        for l in clause {
            let d = level[l >> 1]
            if levelStamp[d] != stamp {
                levelStamp[d] = stamp
                count += 1
            }
        }
        return count
    }

    private mutating func cancel(to target: Int) {
        guard levelStarts.count > target else { return }
        let start = levelStarts[target]
        for i in stride(from: trail.count - 1, through: start, by: -1) {
            let v = trail[i] >> 1
            phase[v] = value[v] == 1
            value[v] = 0
            reason[v] = -1
            if heapIndex[v] < 0 { heapInsert(v) }
        }
        trail.removeLast(trail.count - start)
        levelStarts.removeLast(levelStarts.count - target)
        propagated = trail.count
    }

    /// Drops half of the learnt clauses of more than two levels, those of the largest distance first (never one
    /// that is the reason of an assignment).
    private mutating func reduce() {
        var candidates: [Int] = []
        for c in 0..<clauseStart.count where learnt[c] && !deleted[c] && lbd[c] > 2 {
            let first = literals[clauseStart[c]] >> 1
            if reason[first] == c && value[first] != 0 { continue }
            candidates.append(c)
        }
        candidates.sort { lbd[$0] > lbd[$1] }
        for c in candidates.prefix(candidates.count / 2) {
            deleted[c] = true
            wasted += clauseSize[c]
            clauseSize[c] = 0
            learntCount -= 1
        }
        if wasted > literals.count / 2 {
            // Compact the store: live clauses keep their indices, only their starts move.
            var compacted: [Int] = []
            compacted.reserveCapacity(literals.count - wasted)
            for c in 0..<clauseStart.count where !deleted[c] {
                let start = clauseStart[c]
                clauseStart[c] = compacted.count
                compacted.append(contentsOf: literals[start..<(start + clauseSize[c])])
            }
            literals = compacted
            wasted = 0
        }
    }

    private static func luby(_ i: Int) -> Int {
        var size = 1, sequence = 0
        while size < i + 1 {
            sequence += 1
            size = 2 * size + 1
        }
        var x = i
        var power = 1 << sequence
        while size - 1 != x {
            size = (size - 1) >> 1
            sequence -= 1
            power >>= 1
            x %= size
        }
        return power
    }

    // MARK: activities

    private mutating func bump(_ v: Int) {
        activity[v] += increment
        if activity[v] > 1e100 { rescale() }
        if heapIndex[v] >= 0 { siftUp(heapIndex[v]) }
    }

    private mutating func rescale() {
        for v in 0..<variableCount { activity[v] *= 1e-100 }
        increment *= 1e-100
    }

    private mutating func nextDecision() -> Int? {
        if variableCount > 0 && random.next() % 50 == 0 {
            let v = Int(random.next() % UInt64(variableCount))
            if value[v] == 0 { return v }
        }
        while let v = heapPop() {
            if value[v] == 0 { return v }
        }
        return nil
    }

    private mutating func heapInsert(_ v: Int) {
        heapIndex[v] = heap.count
        heap.append(v)
        siftUp(heap.count - 1)
    }

    private mutating func heapPop() -> Int? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        heapIndex[top] = -1
        if !heap.isEmpty {
            heap[0] = last
            heapIndex[last] = 0
            siftDown(0)
        }
        return top
    }

    private mutating func siftUp(_ start: Int) {
        var i = start
        let v = heap[i]
        while i > 0 {
            let parent = (i - 1) / 2
            if activity[heap[parent]] >= activity[v] { break }
            heap[i] = heap[parent]
            heapIndex[heap[i]] = i
            i = parent
        }
        heap[i] = v
        heapIndex[v] = i
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        let v = heap[i]
        while true {
            var child = 2 * i + 1
            if child >= heap.count { break }
            if child + 1 < heap.count && activity[heap[child + 1]] > activity[heap[child]] { child += 1 }
            if activity[heap[child]] <= activity[v] { break }
            heap[i] = heap[child]
            heapIndex[heap[i]] = i
            i = child
        }
        heap[i] = v
        heapIndex[v] = i
    }
}
