import Foundation

/// Touchline's own MILP backend, in Swift, with no GPL code: a bounded-variable primal simplex
/// (`BoundedSimplex`) under a best-bound branch and bound that dives.
///
/// It is compiled into every build, the greedy-only build an App Store app embeds included, and is meant for
/// the programs of the lineup pattern engine (a few hundred to a few thousand rows, a sparse basis). No library
/// serves here: GLPK, CBC and HiGHS are GPL or C++ that SwiftPM does not build for iOS from the package mirror,
/// and the engine needs the LP's duals and reduced costs, a warm start, cancellation and a time limit from the
/// same code on Linux and iOS.
///
/// Branch and bound: each node's LP starts from its parent's basis; the column to branch on is chosen by
/// reliability branching (pseudocosts, with strong branching where they are not yet known; see
/// `Search.choose`), the child on the side the value rounds to is solved at once (a dive) and the other kept
/// with the better of the parent's bound and its trial's; when a dive ends, the open node of the lowest bound is
/// taken. A strong-branching trial that finds a side empty (or unable to beat the incumbent) tightens the
/// column's bound at the node instead. A node is pruned when its bound
/// cannot beat the incumbent (by a whole unit when the objective is integer-valued). `optimal` is reported only
/// when no open node is left (or the requested gap is reached: then `feasible` with that gap), `infeasible` only
/// when the tree is exhausted without a solution.
public struct BuiltinSolver: Solver {
    public init() {}

    public var name: String { "builtin" }

    /// The most rows it takes. Its basis is a sparse LU factorisation (`BasisFactorization`), so rows cost
    /// memory in proportion to the matrix's entries; the cap only keeps a program far beyond what it was
    /// measured on (the lineup engine's, up to 1,451 rows) away from it.
    public static let maximumRows = 20_000

    /// About the memory a solve of `problem` takes: the matrix by column, the factorisation's fill (allowed four
    /// times the matrix) and its eta vectors (one per pivot between refactorisations, dense at worst), and the
    /// per-variable arrays of the simplex and the open nodes.
    public static func bytesNeeded(_ problem: FlatProblem) -> Int {
        let rows = problem.rowLower.count
        let columns = problem.columnLower.count
        return problem.matrixValue.count * 80 + rows * 100 * 16 + (columns + rows) * 64
    }

    /// Why this program is not taken: too many rows, or more memory than ``SolveOptions/memoryLimitMB`` allows
    /// (the same limit GLPK is held to).
    static func refusal(_ problem: FlatProblem, _ options: SolveOptions) -> String? {
        if problem.rowLower.count > maximumRows {
            return "the built-in solver takes at most \(maximumRows) rows; this program has \(problem.rowLower.count)"
        }
        if let limit = options.memoryLimitMB, bytesNeeded(problem) > limit * 1_048_576 {
            let needed = (Double(bytesNeeded(problem)) / 1_048_576 * 10).rounded(.up) / 10
            return "the built-in solver needs about \(needed) MB for this program, more than options.memoryLimitMB allows (\(limit) MB)"
        }
        return nil
    }

    public func solveLevel(
        _ problem: FlatProblem, timeLimitSeconds: Double?, warmStart: [Double]?, options: SolveOptions
    ) -> LevelOutcome {
        let started = ContinuousClock.now
        func seconds() -> Double { (ContinuousClock.now - started).inSeconds }
        if let message = Self.refusal(problem, options) {
            options.control?.recordFailure(message)
            return LevelOutcome(termination: .error, message: message)
        }
        var search = Search(problem: problem, options: options, timeLimitSeconds: timeLimitSeconds, started: started)
        if let warmStart { search.offer(warmStart, fromWarmStart: true) }
        // The root's LP starts at the warm start's bounds, or the caller's point (see BoundedSimplex.crash).
        if let start = search.warmStartAccepted ? warmStart : options.relaxationStart { search.lp.crash(toward: start, basisAtPoint: false) }
        let result = search.run()
        var outcome = LevelOutcome(
            termination: result, values: search.incumbent, objective: search.incumbentObjective,
            bound: search.reportedBound, gap: nil, nodes: search.nodes, seconds: seconds(),
            warmStartAccepted: search.warmStartAccepted, message: search.message,
            stopReason: result == .feasible || result == .noSolution ? search.stopReason : nil)
        if let objective = outcome.objective, let bound = outcome.bound {
            outcome.gap = result == .optimal ? 0 : relativeGap(objective, bound)
        }
        return outcome
    }

    public func solveRelaxation(_ problem: FlatProblem, timeLimitSeconds: Double?, options: SolveOptions) -> RelaxationOutcome {
        let started = ContinuousClock.now
        func seconds() -> Double { (ContinuousClock.now - started).inSeconds }
        if let message = Self.refusal(problem, options) {
            options.control?.recordFailure(message)
            return RelaxationOutcome(termination: .error, message: message)
        }
        // A row that cannot hold within the bounds its columns' other rows imply proves the relaxation empty.
        var lower = problem.columnLower
        var upper = problem.columnUpper
        var tightened: [Int] = []
        if !BoundPropagation(problem, integral: false).propagate(lower: &lower, upper: &upper, changed: nil, tightened: &tightened) {
            return RelaxationOutcome(termination: .infeasible, seconds: seconds())
        }
        var lp = BoundedSimplex(problem)
        // Every column on a bound (not the point's basis, see BoundedSimplex.crash): measured, the relaxation's
        // other optimal vertex changed the target dives after it enough to lose two proofs of 142.
        if let start = options.relaxationStart { lp.crash(toward: start, basisAtPoint: false) }
        let deadline = timeLimitSeconds.map { started.advanced(by: .nanoseconds(Int64(max(0, $0) * 1e9))) }
        let status = lp.solve { options.isCancelled || deadline.map { ContinuousClock.now >= $0 } ?? false }
        switch status {
        case .optimal:
            let sign = problem.maximize ? -1.0 : 1.0
            let duals = lp.duals(maximize: problem.maximize)
            return RelaxationOutcome(
                termination: .optimal, objective: sign * lp.objective + problem.objectiveConstant, values: lp.values,
                rowDuals: duals.rows, reducedCosts: duals.reduced, seconds: seconds())
        case .infeasible: return RelaxationOutcome(termination: .infeasible, seconds: seconds())
        case .unbounded: return RelaxationOutcome(termination: .unbounded, seconds: seconds())
        case .stopped: return RelaxationOutcome(termination: .noSolution, seconds: seconds())
        case .failed:
            let message = "the built-in simplex did not converge"
            options.control?.recordFailure(message)
            return RelaxationOutcome(termination: .error, seconds: seconds(), message: message)
        }
    }
}

extension BuiltinSolver {
    public var keepsRelaxations: Bool { true }

    public func makeRelaxationSession(_ problem: FlatProblem) -> (any RelaxationSession)? {
        problem.rowLower.count > Self.maximumRows ? nil : Session(problem)
    }

    /// The relaxation of one program under changing column bounds: the bounds are changed in the simplex, the
    /// last basis is taken again (its nonbasic columns moved onto their new bounds) and the composite phase 1
    /// starts from there, as a branch and bound's child node starts from its parent's basis.
    final class Session: RelaxationSession {
        private var lp: BoundedSimplex
        private let rootLower: [Double]
        private let rootUpper: [Double]
        /// The columns whose bounds differ from the model's in the simplex.
        private var applied: [Int] = []
        private var started = false
        private let sign: Double
        private let constant: Double
        private(set) var objective: Double?

        init(_ problem: FlatProblem) {
            sign = problem.maximize ? -1 : 1
            constant = problem.objectiveConstant
            lp = BoundedSimplex(problem)
            rootLower = problem.columnLower
            rootUpper = problem.columnUpper
        }

        var iterations: Int { lp.iterations }

        func solve(bounds: [(column: Int, lower: Double, upper: Double)], timeLimitSeconds: Double?, options: SolveOptions)
            -> LevelTermination
        {
            objective = nil
            let snapshot = lp.snapshot
            for j in applied { (lp.lower[j], lp.upper[j]) = (rootLower[j], rootUpper[j]) }
            applied = []
            for change in bounds {
                guard rootLower.indices.contains(change.column) else { continue }
                if change.lower > change.upper { return .infeasible }
                (lp.lower[change.column], lp.upper[change.column]) = (change.lower, change.upper)
                applied.append(change.column)
            }
            if started {
                lp.restore(snapshot)
            } else if let start = options.relaxationStart, start.count == lp.columns {
                // A point of the program (a plan): the first basis gives it, so a feasibility LP ends at once.
                lp.crash(toward: start, basisAtPoint: true)
                started = true
            } else {
                lp.placeNonbasic()
                lp.computeBasic()
                started = true
            }
            let begun = ContinuousClock.now
            let deadline = timeLimitSeconds.map { begun.advanced(by: .nanoseconds(Int64(max(0, $0) * 1e9))) }
            let status = lp.solve { options.isCancelled || deadline.map { ContinuousClock.now >= $0 } ?? false }
            switch status {
            case .optimal:
                objective = sign * lp.objective + constant
                return .optimal
            case .infeasible: return .infeasible
            case .unbounded: return .unbounded
            case .stopped: return .noSolution
            case .failed:
                // A basis that lost its way: the next solve starts from the all-logical one.
                lp.resetToLogicalBasis()
                lp.computeBasic()
                return .error
            }
        }
    }

    /// One branch and bound.
    fileprivate struct Search {
        let problem: FlatProblem
        let options: SolveOptions
        let deadline: ContinuousClock.Instant?
        let started: ContinuousClock.Instant
        /// Minimisation sign: the search minimises `sign × objective`.
        let sign: Double
        /// Whether every solution's objective is a whole number (integer columns with integral costs, no cost on a
        /// continuous column): a node must then beat the incumbent by a whole unit.
        let integralObjective: Bool
        /// Whether every optimal completion of an integer point has a whole-number objective (by its terms, or
        /// by the caller's word, ``SolveOptions/integralObjective``): a node whose bound rounds up to the
        /// incumbent or above is pruned.
        let integralCompletion: Bool
        var lp: BoundedSimplex
        /// Bound propagation in the integer program's mode, the root's bounds it implies, and the current node's.
        let propagation: BoundPropagation
        var rootLower: [Double]
        var rootUpper: [Double]
        var nodeLower: [Double]
        var nodeUpper: [Double]
        var incumbent: [Double]?
        /// The incumbent's value in the minimisation's terms (without the constant).
        var best = Double.infinity
        var nodes = 0
        var warmStartAccepted = false
        var stopReason: StopReason = .timeLimit
        var message: String?
        var reportedBound: Double?
        private var lastReport = ContinuousClock.now

        /// An open node: its bound, its columns' bounds as changes from the root's, and the basis to start from.
        struct Node {
            var bound: Double
            var changes: [(column: Int, lower: Double, upper: Double)]
            var snapshot: BoundedSimplex.Snapshot
            /// The branching that made this node (its column, the side, how far the parent's value moved, the
            /// parent's LP objective): the node's own LP then teaches that column's pseudocost.
            var origin: (column: Int, up: Bool, distance: Double, parentObjective: Double)? = nil
            var depth: Int { changes.count }
        }

        /// Per column, the sum and count of the objective's rise per unit of a branching's move, down (0) and
        /// up (1): its pseudocosts.
        var pseudocostSum: [[Double]]
        var pseudocostCount: [[Int]]
        /// The most columns tried by strong branching at one node, the trials in a row without a better score
        /// after which it stops, and the simplex moves one trial may take.
        static let strongCandidates = 12
        static let strongLookahead = 4
        static let strongSteps = 100
        /// The simplex moves spent in strong-branching trials and in the nodes' own LPs. Trials stop while they
        /// have taken more than a tenth as many moves as the nodes, plus a head start of 200 (SCIP bounds its
        /// strong branching the same way): the pattern engine's target forms are feasibility dives of many cheap
        /// nodes, which trials slowed twofold to eightfold on the shipped squads without a budget.
        var trialSteps = 0
        var nodeSteps = 0
        static let strongHeadStart = 200
        static let strongShare = 10
        /// Whether a node was left unexplored because the requested gap was reached (the answer is then not proven).
        var prunedByGap = false
        var lowestPruned = Double.infinity

        init(problem: FlatProblem, options: SolveOptions, timeLimitSeconds: Double?, started: ContinuousClock.Instant) {
            self.problem = problem
            self.options = options
            self.started = started
            deadline = timeLimitSeconds.map { started.advanced(by: .nanoseconds(Int64(max(0, $0) * 1e9))) }
            sign = problem.maximize ? -1 : 1
            integralObjective = problem.objective.indices.allSatisfy { j in
                let c = problem.objective[j]
                return c == 0 || (problem.columnIsInteger[j] && c == c.rounded())
            }
            integralCompletion = integralObjective || options.integralObjective
            lp = BoundedSimplex(problem)
            propagation = BoundPropagation(problem, integral: true)
            rootLower = problem.columnLower
            rootUpper = problem.columnUpper
            nodeLower = rootLower
            nodeUpper = rootUpper
            let n = problem.columnLower.count
            pseudocostSum = [[Double](repeating: 0, count: n), [Double](repeating: 0, count: n)]
            pseudocostCount = [[Int](repeating: 0, count: n), [Int](repeating: 0, count: n)]
        }

        var stopped: Bool { options.isCancelled || deadline.map { ContinuousClock.now >= $0 } ?? false }

        var incumbentObjective: Double? { incumbent == nil ? nil : sign * best + problem.objectiveConstant }

        /// Whether a node of this bound may hold a solution better than the incumbent by more than the gap allows.
        mutating func worthExploring(_ bound: Double) -> Bool {
            guard best.isFinite else { return true }
            if integralCompletion {
                // A better solution has a whole-number value k with bound ≤ k < best.
                if !((bound - Tolerance.solver).rounded(.up) < best - Tolerance.exact) { return false }
            } else if bound >= best - Tolerance.solver * max(1, abs(best)) {
                return false
            }
            if options.mipGap > 0 {
                let value = sign * best + problem.objectiveConstant
                let limit = sign * bound + problem.objectiveConstant
                if relativeGap(value, limit) <= options.mipGap {
                    prunedByGap = true
                    lowestPruned = min(lowestPruned, bound)
                    return false
                }
            }
            return true
        }

        /// An integral LP point that did not keep the rows once rounded (a numerical loss): the search then proves
        /// nothing (no `optimal`, no `infeasible`), as a point may have been lost with it.
        var lostPoint = false

        /// Takes `values` as the incumbent when it keeps every bound and row (within the solver tolerance) and
        /// is better; false when it does not keep them.
        @discardableResult
        mutating func offer(_ values: [Double], fromWarmStart: Bool = false) -> Bool {
            guard values.count == problem.columnLower.count else { return false }
            var point = values
            for j in point.indices {
                if problem.columnIsInteger[j] { point[j] = point[j].rounded() }
                let tolerance = Tolerance.solver
                if point[j] < problem.columnLower[j] - tolerance || point[j] > problem.columnUpper[j] + tolerance {
                    return false
                }
                point[j] = min(max(point[j], problem.columnLower[j]), problem.columnUpper[j])
            }
            var activity = [Double](repeating: 0, count: problem.rowLower.count)
            for k in problem.matrixValue.indices {
                activity[Int(problem.matrixRow[k])] += problem.matrixValue[k] * point[Int(problem.matrixColumn[k])]
            }
            for i in activity.indices {
                let scale = Tolerance.solver * max(1, abs(activity[i]))
                if activity[i] < problem.rowLower[i] - scale || activity[i] > problem.rowUpper[i] + scale {
                    return false
                }
            }
            var value = 0.0
            for j in point.indices { value += sign * problem.objective[j] * point[j] }
            if integralObjective { value = value.rounded() }
            guard value < best - Tolerance.exact else { return true }
            best = value
            incumbent = point
            if fromWarmStart { warmStartAccepted = true }
            report(bound: nil, force: true)
            return true
        }

        mutating func report(bound: Double?, force: Bool = false) {
            guard options.reportsProgress, let control = options.control, control.isObserved else { return }
            let now = ContinuousClock.now
            guard force || (now - lastReport).inSeconds >= 0.5 else { return }
            lastReport = now
            let incumbentValue = incumbentObjective
            let boundValue = bound.map { sign * $0 + problem.objectiveConstant }
            control.report(
                .progress(
                    level: control.currentLevel, incumbent: incumbentValue, bound: boundValue,
                    gap: incumbentValue.flatMap { value in boundValue.map { relativeGap(value, $0) } }, nodes: nodes,
                    seconds: control.seconds))
        }

        /// What the branching step decided at a node whose LP is solved.
        enum Branching {
            /// The LP point is integral.
            case integral
            /// Branch on `column`, with each child's LP objective where a trial solved it.
            case branch(column: Int, down: Double?, up: Double?)
            /// Neither side of a column can hold a better solution: the node holds none.
            case pruned
            /// One side of `column` holds no better solution: the node continues on the other, `lower...upper`.
            case tighten(column: Int, lower: Double, upper: Double)
        }

        mutating func learn(_ column: Int, up: Bool, distance: Double, rise: Double) {
            guard distance > 1e-9 else { return }
            pseudocostSum[up ? 1 : 0][column] += max(0, rise) / distance
            pseudocostCount[up ? 1 : 0][column] += 1
        }

        /// Reliability branching (Achterberg, Koch and Martin, "Branching rules revisited", 2005): each
        /// fractional column is scored by the product of its two children's estimated objective rises, from its
        /// pseudocosts; a column whose pseudocost on a side is not yet known is tried first (strong branching: both
        /// children's LPs from this node's basis, a few hundred moves each), which also finds the sides that hold
        /// no better solution. Most-fractional branching, which this replaces, is known to do no better than a
        /// random choice; measured on the lineup engine's programs, it needed thousands of nodes where this needs
        /// tens. Ties go to the later column.
        mutating func choose(_ values: [Double], objective parentObjective: Double) -> Branching {
            var candidates: [(column: Int, down: Double, up: Double)] = []
            for j in values.indices where problem.columnIsInteger[j] {
                let down = values[j] - values[j].rounded(.down)
                if down > 1e-6 && down < 1 - 1e-6 { candidates.append((j, down, 1 - down)) }
            }
            guard !candidates.isEmpty else { return .integral }
            var average = [1.0, 1.0]
            for side in 0..<2 {
                var total = 0.0, count = 0
                for j in candidates.indices where pseudocostCount[side][candidates[j].column] > 0 {
                    let c = candidates[j].column
                    total += pseudocostSum[side][c] / Double(pseudocostCount[side][c])
                    count += 1
                }
                if count > 0 { average[side] = total / Double(count) }
            }
            func estimate(_ column: Int, _ side: Int, _ distance: Double) -> Double {
                let count = pseudocostCount[side][column]
                return distance * (count > 0 ? pseudocostSum[side][column] / Double(count) : average[side])
            }
            func score(_ down: Double, _ up: Double) -> Double { max(down, 1e-6) * max(up, 1e-6) }
            let estimated = candidates.map { score(estimate($0.column, 0, $0.down), estimate($0.column, 1, $0.up)) }
            let order = candidates.indices.sorted {
                estimated[$0] != estimated[$1] ? estimated[$0] > estimated[$1] : candidates[$0].column > candidates[$1].column
            }
            var best: (score: Double, column: Int, down: Double?, up: Double?)? = nil
            var trials = 0
            var sinceBetter = 0
            let saved = lp
            defer { lp = saved }
            for k in order {
                let (j, down, up) = candidates[k]
                let reliable = pseudocostCount[0][j] > 0 && pseudocostCount[1][j] > 0
                var value = estimated[k]
                var downObjective: Double? = nil
                var upObjective: Double? = nil
                if !reliable && trials < Self.strongCandidates && sinceBetter < Self.strongLookahead
                    && trialSteps <= nodeSteps * Self.strongShare / 100 + Self.strongHeadStart && !stopped
                {
                    trials += 1
                    var closed = [false, false]
                    var rises = [0.0, 0.0]
                    for side in 0..<2 {
                        lp = saved
                        if side == 0 { lp.upper[j] = values[j].rounded(.down) } else { lp.lower[j] = values[j].rounded(.up) }
                        let deadline = self.deadline
                        let control = options.control
                        let before = lp.iterations
                        let status = lp.solve(maxSteps: Self.strongSteps) {
                            (control?.isCancelled ?? false) || deadline.map { ContinuousClock.now >= $0 } ?? false
                        }
                        trialSteps += lp.iterations - before
                        switch status {
                        case .infeasible: closed[side] = true
                        case .optimal:
                            let objective = lp.objective
                            learn(j, up: side == 1, distance: side == 0 ? down : up, rise: objective - parentObjective)
                            rises[side] = max(0, objective - parentObjective)
                            let bound = integralCompletion ? (objective - Tolerance.solver).rounded(.up) : objective
                            if side == 0 { downObjective = bound } else { upObjective = bound }
                            if !worthExploring(bound) { closed[side] = true }
                        default:
                            rises[side] = estimate(j, side, side == 0 ? down : up)
                        }
                    }
                    if closed[0] && closed[1] { return .pruned }
                    if closed[0] { return .tighten(column: j, lower: values[j].rounded(.up), upper: saved.upper[j]) }
                    if closed[1] { return .tighten(column: j, lower: saved.lower[j], upper: values[j].rounded(.down)) }
                    value = score(rises[0], rises[1])
                }
                if best == nil || value > best!.score {
                    best = (value, j, downObjective, upObjective)
                    sinceBetter = 0
                } else {
                    sinceBetter += 1
                }
            }
            return .branch(column: best!.column, down: best!.down, up: best!.up)
        }

        mutating func run() -> LevelTermination {
            // The root's bounds, propagated; with no incumbent, a row that cannot hold proves the program empty
            // (with one, a contradiction is rounding, and propagation is left out).
            var tightened: [Int] = []
            var lower = rootLower
            var upper = rootUpper
            if propagation.propagate(lower: &lower, upper: &upper, changed: nil, tightened: &tightened) {
                for j in tightened where problem.columnIsInteger[j] {
                    (rootLower[j], rootUpper[j]) = (lower[j], upper[j])
                    (lp.lower[j], lp.upper[j]) = (lower[j], upper[j])
                }
                nodeLower = rootLower
                nodeUpper = rootUpper
            } else if incumbent == nil {
                nodes = 1
                return .infeasible
            }
            var open: [Node] = []
            var current: Node? = Node(bound: -.infinity, changes: [], snapshot: lp.snapshot)
            var applied: [Int] = []  // the columns whose bounds differ from the root's in the LP
            var fresh = true  // the LP holds the current node's parent basis (no restore needed)
            while true {
                if stopped {
                    stopReason = options.isCancelled ? .cancelled : .timeLimit
                    let bounds = open.map(\.bound) + (current.map { [$0.bound] } ?? [])
                    let lowest = bounds.min() ?? best
                    reportedBound = lowest.isFinite ? sign * min(lowest, best) + problem.objectiveConstant : nil
                    return incumbent == nil ? .noSolution : .feasible
                }
                guard var node = current ?? Self.popBest(&open) else { break }
                current = nil
                if !worthExploring(node.bound) { continue }
                nodes += 1
                // Solve the node's LP from the parent's basis.
                for j in applied {
                    (lp.lower[j], lp.upper[j]) = (rootLower[j], rootUpper[j])
                    (nodeLower[j], nodeUpper[j]) = (rootLower[j], rootUpper[j])
                }
                for change in node.changes {
                    (nodeLower[change.column], nodeUpper[change.column]) = (change.lower, change.upper)
                }
                // The node's bounds, propagated from its branchings' columns: an empty node is closed at once.
                var tightened = node.changes.map(\.column)
                let holds = propagation.propagate(
                    lower: &nodeLower, upper: &nodeUpper, changed: node.changes.map(\.column), tightened: &tightened)
                applied = tightened
                if !holds {
                    fresh = false
                    continue
                }
                for j in tightened where problem.columnIsInteger[j] { (lp.lower[j], lp.upper[j]) = (nodeLower[j], nodeUpper[j]) }
                if fresh {
                    lp.placeNonbasic()
                    lp.computeBasic()
                } else {
                    lp.restore(node.snapshot)
                }
                let cancelled = options.control
                let deadline = self.deadline
                let before = lp.iterations
                let status = lp.solve { (cancelled?.isCancelled ?? false) || deadline.map { ContinuousClock.now >= $0 } ?? false }
                nodeSteps += lp.iterations - before
                fresh = true
                switch status {
                case .stopped:
                    current = node
                    continue
                case .infeasible:
                    fresh = false
                    continue
                case .unbounded:
                    if incumbent == nil && nodes == 1 {
                        message = "the relaxation is unbounded"
                        return .unbounded
                    }
                    fresh = false
                    continue
                case .failed:
                    message = "the built-in simplex did not converge"
                    options.control?.recordFailure(message!)
                    return .error
                case .optimal: break
                }
                let objective = lp.objective
                if let origin = node.origin {
                    learn(origin.column, up: origin.up, distance: origin.distance, rise: objective - origin.parentObjective)
                    node.origin = nil
                }
                let bound = integralCompletion ? (objective - Tolerance.solver).rounded(.up) : objective
                node.bound = max(node.bound, bound)
                if !worthExploring(node.bound) {
                    fresh = false
                    continue
                }
                let values = lp.values
                let column: Int
                var childBounds: (down: Double?, up: Double?) = (nil, nil)
                var roundingFix = false
                switch choose(values, objective: objective) {
                case .integral:
                    if offer(values) {
                        fresh = false
                        continue
                    }
                    // Integral within the tolerance, but not once rounded: the column farthest from a whole number
                    // is branched on (each child then holds it at a whole number exactly); only a point that is
                    // integral to the last digit and still fails the rows is lost.
                    var farthest = -1
                    var distance = 1e-12
                    for j in values.indices where problem.columnIsInteger[j] && abs(values[j] - values[j].rounded()) > distance {
                        distance = abs(values[j] - values[j].rounded())
                        farthest = j
                    }
                    guard farthest >= 0 else {
                        lostPoint = true
                        fresh = false
                        continue
                    }
                    column = farthest
                    roundingFix = true
                case .pruned:
                    fresh = false
                    continue
                case .tighten(let j, let lower, let upper):
                    // The same node again with the column's bound tightened, from this basis.
                    node.changes.append((j, lower, upper))
                    current = node
                    continue
                case .branch(let j, let down, let up):
                    column = j
                    childBounds = (down, up)
                }
                let snapshot = lp.snapshot
                let value = values[column]
                let (low, high) = (lp.lower[column], lp.upper[column])
                let fraction = value - value.rounded(.down)
                var down = node
                down.changes.append((column, low, value.rounded(.down)))
                down.snapshot = snapshot
                down.origin = (column, false, fraction, objective)
                if let bound = childBounds.down { down.bound = max(down.bound, bound) }
                var up = node
                up.changes.append((column, value.rounded(.up), high))
                up.snapshot = snapshot
                up.origin = (column, true, 1 - fraction, objective)
                if let bound = childBounds.up { up.bound = max(up.bound, bound) }
                if roundingFix {
                    // A move of a millionth teaches no pseudocost.
                    down.origin = nil
                    up.origin = nil
                }
                let roundsUp = fraction >= 0.5
                current = roundsUp ? up : down
                open.append(roundsUp ? down : up)
                report(bound: min(open.map(\.bound).min() ?? node.bound, node.bound))
            }
            if lostPoint {
                message = "the built-in solver lost an integral point to rounding; nothing is proven"
                stopReason = .error
                return incumbent == nil ? .noSolution : .feasible
            }
            if incumbent == nil {
                // With a gap nothing is pruned before an incumbent exists, so the tree was exhausted.
                return .infeasible
            }
            if prunedByGap {
                stopReason = .gapReached
                reportedBound = sign * min(lowestPruned, best) + problem.objectiveConstant
                return .feasible
            }
            reportedBound = sign * best + problem.objectiveConstant
            return .optimal
        }

        /// Removes and returns the open node of the lowest bound (the deepest among equals).
        static func popBest(_ open: inout [Node]) -> Node? {
            guard !open.isEmpty else { return nil }
            var chosen = 0
            for k in open.indices.dropFirst() {
                if open[k].bound < open[chosen].bound || (open[k].bound == open[chosen].bound && open[k].depth > open[chosen].depth) {
                    chosen = k
                }
            }
            open.swapAt(chosen, open.count - 1)
            return open.removeLast()
        }
    }
}
