import Foundation
import TouchlineSearch

/// Blocks of columns that a lexicographic solve may free together in a large-neighbourhood search: typically
/// one block per day of a term (the columns of that day's matches). Columns in no block are attached to the
/// one block all their rows reach, when there is one (a team's "uses a field group that day" columns go with
/// their day); the rest are linking columns: one is freed with the blocks it reaches through its rows (an
/// official's count for one team, with that team's days), or in every neighbourhood when it reaches most of
/// them (a term-wide maximum).
public struct ColumnBlocks: Sendable {
    /// The blocks after attachment, each sorted.
    public private(set) var blocks: [[Int]]
    /// Columns in no block: free in every neighbourhood.
    public private(set) var linking: [Int]
    /// The blocks in one line, for a trace.
    public private(set) var summary = ""

    /// Blocks of `model` from the caller's `blocks` (columns may appear in at most one; later ones are ignored).
    public init(_ blocks: [[Int]], of model: Model) {
        var blockOf = [Int](repeating: -1, count: model.variableCount)
        for (index, block) in blocks.enumerated() {
            for column in block where column >= 0 && column < model.variableCount && blockOf[column] < 0 {
                blockOf[column] = index
            }
        }
        // Attach unblocked columns whose rows reach exactly one block, until nothing changes (a split column
        // reaches its day through the group columns attached in the pass before).
        var rowsOf = [[Int]](repeating: [], count: model.variableCount)
        for (row, constraint) in model.constraints.enumerated() {
            for column in constraint.indices { rowsOf[column].append(row) }
        }
        var changed = true
        while changed {
            changed = false
            for column in 0..<model.variableCount where blockOf[column] < 0 {
                var reached = -1
                var ambiguous = false
                for row in rowsOf[column] {
                    for other in model.constraints[row].indices where blockOf[other] >= 0 {
                        if reached < 0 { reached = blockOf[other] } else if reached != blockOf[other] { ambiguous = true; break }
                    }
                    if ambiguous { break }
                }
                if !ambiguous && reached >= 0 {
                    blockOf[column] = reached
                    changed = true
                }
            }
        }
        var result = [[Int]](repeating: [], count: blocks.count)
        var linking: [Int] = []
        for column in 0..<model.variableCount {
            if blockOf[column] >= 0 { result[blockOf[column]].append(column) } else { linking.append(column) }
        }
        var renumber = [Int](repeating: -1, count: result.count)
        var kept: [[Int]] = []
        for (index, block) in result.enumerated() where !block.isEmpty {
            renumber[index] = kept.count
            kept.append(block)
        }
        self.blocks = kept
        self.linking = linking
        // The blocks each linking column reaches through its rows (through other linking columns too: a team's
        // split count reaches its day through the group columns). A neighbourhood frees the linking columns that
        // reach one of its blocks; the others only see fixed columns and keep their values.
        let blockCount = kept.count
        let wide = Swift.max(2, blockCount / 2)
        var reach = [Set<Int>](repeating: [], count: model.variableCount)
        for column in 0..<model.variableCount where blockOf[column] >= 0 { reach[column] = [renumber[blockOf[column]]] }
        var growing = true
        var passes = 0
        while growing && passes < 8 {
            growing = false
            passes += 1
            for column in linking where reach[column].count <= wide {
                let before = reach[column].count
                for row in rowsOf[column] {
                    for other in model.constraints[row].indices where other != column { reach[column].formUnion(reach[other]) }
                    if reach[column].count > wide { break }
                }
                if reach[column].count != before { growing = true }
            }
        }
        var linkingOf = [[Int]](repeating: [], count: blockCount)
        var everywhere: [Int] = []
        var related = [Set<Int>](repeating: [], count: blockCount)
        let relatedLimit = Swift.max(2, blockCount / 4)
        for column in linking {
            let blocks = reach[column]
            if blocks.isEmpty || blocks.count > wide {
                everywhere.append(column)
                continue
            }
            for block in blocks { linkingOf[block].append(column) }
            // Blocks linked through one column of small reach (a team's day, an official's count for one team):
            // the related neighbourhoods of the search.
            if blocks.count >= 2 && blocks.count <= relatedLimit { for block in blocks { related[block].formUnion(blocks) } }
        }
        self.linkingOf = linkingOf
        self.everywhere = everywhere
        let names = everywhere.prefix(8).map { model.variables[$0].name }.joined(separator: " ")
        self.summary =
            "blocks \(blockCount) (\(kept.map(\.count).reduce(0, +)) columns), linking \(linking.count), everywhere \(everywhere.count): \(names)"
        self.related = related.enumerated().map { index, set in set.subtracting([index]).sorted() }
    }

    /// Per block, the linking columns that reach it (freed with it).
    private var linkingOf: [[Int]] = []
    /// Linking columns that reach most blocks (a term-wide maximum): free in every neighbourhood.
    private var everywhere: [Int] = []

    /// For each block, the blocks it shares a linking column of small reach with.
    public private(set) var related: [[Int]] = []

    /// `size` blocks: every other call a random set, else a random block grown through ``related`` blocks
    /// (topped up at random when they run out).
    func neighbourhood(size: Int, round: Int, random: inout SeededRandom) -> [Int] {
        let count = blocks.count
        var chosen = Set<Int>()
        if round % 2 == 1 {
            var frontier = [random.int(below: count)]
            chosen.insert(frontier[0])
            while chosen.count < size, !frontier.isEmpty {
                let at = random.int(below: frontier.count)
                let candidates = related[frontier[at]].filter { !chosen.contains($0) }
                if candidates.isEmpty { frontier.remove(at: at); continue }
                let next = candidates[random.int(below: candidates.count)]
                chosen.insert(next)
                frontier.append(next)
            }
        }
        while chosen.count < size { chosen.insert(random.int(below: count)) }
        var free = Set(everywhere)
        for block in chosen { free.formUnion(linkingOf[block]) }
        return chosen.sorted().flatMap { blocks[$0] } + free.sorted()
    }
}

extension Solver {
    /// One level of a lexicographic solve on a model with ``ColumnBlocks``, in three steps that share the level's
    /// `budget`: the LP relaxation of the whole level (its bound); a large-neighbourhood search over groups of
    /// blocks (random ones, or one grown through related blocks; more blocks as it stalls) until it meets the
    /// bound or half the budget is spent; then branch and bound on the whole level, warm-started from the
    /// search's plan, for the rest (a better plan or a better bound). The search proves nothing: optimality comes
    /// from a plan meeting a proven bound. Never worse than `incumbent`.
    func searchLevel(
        _ model: Model, level: Int, problem: FlatProblem, budget: Double, incumbent: [Double], blocks: ColumnBlocks,
        options: SolveOptions, last: Bool = false, known: Double? = nil
    ) -> LevelOutcome {
        let started = ContinuousClock.now
        func elapsed() -> Double { (ContinuousClock.now - started).inSeconds }
        options.control?.trace("level \(level): \(blocks.summary)")
        let objective = model.objectives[level]
        let integral = model.isIntegral(objective.expression) || objective.integralCompletion
        let minimizing = objective.sense == .minimize
        var bound: Double? = known ?? objective.bound
        func tighten(_ raw: Double?) {
            guard var raw, raw.isFinite, abs(raw) < 1e100 else { return }
            if integral { raw = minimizing ? (raw - Tolerance.solver).rounded(.up) : (raw + Tolerance.solver).rounded(.down) }
            bound = bound.map { minimizing ? Swift.max($0, raw) : Swift.min($0, raw) } ?? raw
        }
        func meets(_ value: Double) -> Bool {
            guard let bound else { return false }
            return minimizing ? value <= bound + Tolerance.solver : value >= bound - Tolerance.solver
        }
        var values = incumbent
        var value = objective.expression.value(incumbent)
        func failed(_ message: String?) -> LevelOutcome {
            LevelOutcome(
                termination: .error, values: values, objective: value, seconds: elapsed(),
                message: message ?? "\(name) failed", stopReason: .error)
        }
        // 1. The relaxation's bound.
        if !meets(value) {
            let relaxation = solveRelaxation(problem, timeLimitSeconds: Swift.max(0.05, budget * 0.25), options: options)
            if relaxation.termination == .optimal { tighten(relaxation.objective) }
            // A solver error (GLPK past its memory limit) is the level's answer: the caller says so in a sentence.
            if relaxation.termination == .error { return failed(relaxation.message) }
        }
        // 2. The search.
        var rounds = 0
        if !meets(value) && blocks.blocks.count > 1 && budget * 0.6 - elapsed() > 0.05 {
            var random = SeededRandom(seed: 0x5EED_0000 &+ UInt64(level))
            let search = NeighbourhoodSearch(model: model, level: level, solver: self)
            var searchOptions = options
            searchOptions.timeLimitSeconds = budget * 0.6 - elapsed()
            searchOptions.neighbourhoods = nil
            searchOptions.reportsLevels = false
            let count = blocks.blocks.count
            // A tenth of the blocks, one more every other round without improvement, and one more every other
            // round in a row whose sub-problem closed quickly (too small a neighbourhood to hold a better plan:
            // the matchday Saturday's group splits need a dozen matches moved together). Measured on nine terms
            // and days, two runs each: the Saturday's group splits 6 instead of 8, the rest unchanged within
            // noise; one block more a round sent the officials term's sub-problems past their second, and
            // neighbourhoods started from the blocks where the incumbent pays did worse on both.
            let outcome = search.improve(values, options: searchOptions, roundSeconds: 1, stop: meets) { round, _ in
                let size = Swift.min(count, Swift.max(2, count / 10) + round.stalled / 2 + round.exhausted / 2)
                return blocks.neighbourhood(size: size, round: round.index, random: &random)
            }
            values = outcome.values
            value = outcome.objective
            rounds = outcome.rounds
        }
        // 3. Branch and bound from the search's plan.
        var nodes = 0
        var accepted = false
        if !meets(value) && budget - elapsed() > 0.3 && !options.isCancelled {
            // GLPK reads its clock between nodes, and a node of a large level can take a second (the matchday
            // Saturday's group splits): on the last level, 15 % of the time left is kept back so that the limit
            // holds (an earlier level's overrun only shortens the levels after it).
            let left = budget - elapsed()
            let whole = solveLevel(problem, timeLimitSeconds: last ? left * 0.85 : left, warmStart: values, options: options)
            nodes = whole.nodes
            accepted = whole.warmStartAccepted
            switch whole.termination {
            case .optimal, .feasible:
                if let found = whole.values {
                    let rounded = found.enumerated().map { model.variables[$0].kind == .continuous ? $1 : $1.rounded() }
                    let foundValue = objective.expression.value(rounded)
                    if minimizing ? foundValue <= value : foundValue >= value {
                        values = rounded
                        value = foundValue
                    }
                }
                if whole.termination == .optimal { tighten(value) } else { tighten(whole.bound) }
            case .error:
                return failed(whole.message)
            case .infeasible, .unbounded, .noSolution:
                // The level holds the incumbent, so none of these is the level's truth: keep the search's plan.
                break
            }
        }
        let proven = meets(value)
        let gap = bound.map { relativeGap(value, $0) }
        return LevelOutcome(
            termination: proven ? .optimal : .feasible, values: values, objective: value, bound: proven ? value : bound,
            gap: proven ? 0 : gap, nodes: nodes + rounds, seconds: elapsed(), warmStartAccepted: accepted, message: nil,
            stopReason: proven ? .optimal : (options.isCancelled ? .cancelled : .timeLimit))
    }
}
