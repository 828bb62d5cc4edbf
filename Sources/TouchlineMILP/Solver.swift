/// Options for one solve of a whole (lexicographic) model.
public struct SolveOptions: Sendable {
    /// Wall-clock limit in seconds for all levels together; `nil` for none.
    public var timeLimitSeconds: Double?
    /// Relative gap at which a level may stop (0 proves optimality).
    public var mipGap: Double
    /// The backend's memory limit in megabytes (GLPK's `glp_mem_limit`); `nil` for none. Exceeding it is
    /// reported as a solver error.
    public var memoryLimitMB: Int?
    /// Forward the solver's log to standard error (never to standard output).
    public var verbose: Bool
    /// A complete assignment (one value per variable) offered to the solver as its first incumbent. It is
    /// checked against the model first and dropped, with a note, when it breaks a constraint.
    public var warmStart: [Double]?
    public var tuning: SolverTuning
    /// Cancellation and progress events (shared by every copy of these options); nil for none.
    public var control: SolveControl?
    /// Whether ``Solver/solve(_:options:)`` reports its levels to `control` (a pipeline of many inner solves,
    /// such as the lineup engine's, turns it off and reports its own levels).
    public var reportsLevels = true
    /// Whether the backend reports its branch and bound (``SolveEvent/progress(level:incumbent:bound:gap:nodes:seconds:)``) to `control`. A pipeline whose
    /// inner programs minimise something other than the level being solved (the lineup engine's spread windows
    /// minimise substitutions) turns it off and reports the level's own incumbent and bound instead: an event's
    /// numbers are always in the level's units.
    public var reportsProgress = true
    /// Column blocks (one per day of a term, say) for a large-neighbourhood search on each level that branch and
    /// bound does not close at once (see ``ColumnBlocks``); nil for plain branch and bound.
    public var neighbourhoods: ColumnBlocks?
    /// The same answer on a loaded machine as on an idle one wherever it is proven: inner time shares that only
    /// choose a path (how long a procedure tries one form before another) give way to the whole limit, so
    /// that only the limit itself depends on the clock.
    public var reproducible = false
    /// The caller's word that the objective is a whole number at an optimal completion of every integer point
    /// (even with terms on continuous columns, as in a transportation system whose vertices are integral): a
    /// backend may then prune a node whose bound is above the incumbent less one. The built-in solver does; GLPK
    /// finds an objective integral by its terms alone.
    public var integralObjective = false
    /// A point (one value per variable) near which the built-in solver's LP starts: every column on the bound
    /// nearest its value, so that the rows such a point keeps hold from the first iteration. An incumbent for a
    /// relaxation, the relaxation's own optimum for a restricted program over its columns; when a warm start is
    /// accepted, the root starts at the warm start instead. A relaxation session's first solve starts there too,
    /// with the point's columns between their bounds made basic where a row it holds at a bound lets them, so
    /// that a feasible point gives a feasible first basis. It changes where the LP starts, so the pivots and the
    /// search's path, never what is proven. GLPK ignores it.
    public var relaxationStart: [Double]?

    public init(
        timeLimitSeconds: Double? = nil, mipGap: Double = 0, memoryLimitMB: Int? = nil, verbose: Bool = false,
        warmStart: [Double]? = nil, tuning: SolverTuning = SolverTuning(), control: SolveControl? = nil
    ) {
        self.timeLimitSeconds = timeLimitSeconds
        self.mipGap = mipGap
        self.memoryLimitMB = memoryLimitMB
        self.verbose = verbose
        self.warmStart = warmStart
        self.tuning = tuning
        self.control = control
    }

    /// True when the solve was asked to stop.
    public var isCancelled: Bool { control?.isCancelled ?? false }
}

/// Branch-and-bound settings. The defaults (feasibility pump, cuts, pseudocost branching) are the ones that
/// made the lineup models fast on GLPK; GLPK's own defaults are `SolverTuning.glpkDefaults`.
public struct SolverTuning: Sendable, Equatable {
    public enum Branching: Int, Sendable { case driebeckTomlin = 0, pseudocost = 1, mostFractional = 2 }
    public enum Backtracking: Int, Sendable { case bestLocalBound = 0, depthFirst = 1, breadthFirst = 2, bestProjection = 3 }

    public var feasibilityPump: Bool
    public var proximitySearch: Bool
    public var cuts: Bool
    public var branching: Branching
    public var backtracking: Backtracking

    public init(
        feasibilityPump: Bool = true, proximitySearch: Bool = false, cuts: Bool = true,
        branching: Branching = .pseudocost, backtracking: Backtracking = .bestLocalBound
    ) {
        self.feasibilityPump = feasibilityPump
        self.proximitySearch = proximitySearch
        self.cuts = cuts
        self.branching = branching
        self.backtracking = backtracking
    }

    /// GLPK's own defaults, for comparison in benchmarks.
    public static let glpkDefaults = SolverTuning(
        feasibilityPump: false, proximitySearch: false, cuts: false, branching: .driebeckTomlin,
        backtracking: .bestLocalBound)
}

/// A single-objective problem in the flat form every backend takes: column bounds and kinds, a row-bounded
/// sparse matrix. Produced by ``Model`` for each lexicographic level; bounds of integer columns are already
/// rounded, rows are non-empty, every number is finite except infinite bounds.
public struct FlatProblem: Sendable {
    public var columnLower: [Double]
    public var columnUpper: [Double]
    public var columnIsInteger: [Bool]
    public var objective: [Double]
    public var objectiveConstant: Double
    public var maximize: Bool
    public var rowLower: [Double]
    public var rowUpper: [Double]
    public var matrixRow: [Int32]
    public var matrixColumn: [Int32]
    public var matrixValue: [Double]
}

/// How one single-objective solve ended: proven, with a solution, without one, or not solvable.
public enum LevelTermination: String, Sendable, Codable {
    case optimal, feasible, noSolution, infeasible, unbounded, error

    /// The stop reason a backend that reports no other means: an unproven stop is the time limit's.
    public var impliedStopReason: StopReason {
        switch self {
        case .optimal: .optimal
        case .feasible, .noSolution: .timeLimit
        case .infeasible: .infeasible
        case .unbounded: .unbounded
        case .error: .error
        }
    }
}

/// The outcome of one single-objective solve: the level's record (``report(name:)``) with the solution's
/// values and the solver's message.
public struct LevelOutcome: Sendable {
    public var termination: LevelTermination
    /// Why the level stopped; by default what ``termination`` implies (a stop with or without a solution before
    /// the proof counts as the time limit).
    public var stopReason: StopReason
    public var values: [Double]?
    public var objective: Double?
    public var bound: Double?
    public var gap: Double?
    public var nodes: Int
    public var seconds: Double
    public var warmStartAccepted: Bool
    public var message: String?

    public init(
        termination: LevelTermination, values: [Double]? = nil, objective: Double? = nil, bound: Double? = nil,
        gap: Double? = nil, nodes: Int = 0, seconds: Double = 0, warmStartAccepted: Bool = false,
        message: String? = nil, stopReason: StopReason? = nil
    ) {
        self.termination = termination
        self.stopReason = stopReason ?? termination.impliedStopReason
        self.values = values
        self.objective = objective
        self.bound = bound
        self.gap = gap
        self.nodes = nodes
        self.seconds = seconds
        self.warmStartAccepted = warmStartAccepted
        self.message = message
    }

    /// The level's record under its name: the outcome without its values and message.
    public func report(name: String) -> LevelReport {
        LevelReport(
            name: name, termination: termination, stopReason: stopReason, value: objective, bound: bound, gap: gap,
            seconds: seconds, nodes: nodes, warmStartAccepted: warmStartAccepted)
    }

    /// Takes a bound known apart from this level's solve (from the formulation or the earlier levels' values)
    /// when it is tighter than the solver's own: the gap is then measured against it, and a value that meets
    /// it is optimal.
    public mutating func adopt(_ known: Double, sense: ObjectiveSense, integral: Bool) {
        guard termination == .feasible, let value = objective, known.isFinite else { return }
        let minimizing = sense == .minimize
        var known = known
        if integral { known = minimizing ? (known - Tolerance.solver).rounded(.up) : (known + Tolerance.solver).rounded(.down) }
        if let bound, minimizing ? bound >= known : bound <= known { return }
        bound = known
        if minimizing ? value <= known + Tolerance.solver : value >= known - Tolerance.solver {
            termination = .optimal
            stopReason = .optimal
            gap = 0
        } else {
            gap = relativeGap(value, known)
        }
    }
}

/// A MILP backend. It solves one single-objective ``FlatProblem`` synchronously on the calling thread; the
/// lexicographic levels, validation and warm-start checks are done once for every backend by
/// ``Solver/solve(_:options:)``.
public protocol Solver: Sendable {
    /// A short name for reports ("glpk").
    var name: String { get }
    /// Solves one level. `timeLimitSeconds` is what is left of the whole solve's limit.
    func solveLevel(_ problem: FlatProblem, timeLimitSeconds: Double?, warmStart: [Double]?, options: SolveOptions)
        -> LevelOutcome
    /// Solves the LP relaxation of one level (integrality ignored) and returns its primal values, row duals and
    /// reduced costs. Backends without LP access return ``LevelTermination/error``.
    func solveRelaxation(_ problem: FlatProblem, timeLimitSeconds: Double?, options: SolveOptions) -> RelaxationOutcome
    /// A session that solves the relaxation of `problem` again and again under changed column bounds, each solve
    /// starting from the basis the last one ended at; nil when the backend has none (then each program is solved
    /// on its own).
    func makeRelaxationSession(_ problem: FlatProblem) -> (any RelaxationSession)?
    /// Whether ``makeRelaxationSession(_:)`` can answer with a session (so that a caller builds the program only then).
    var keepsRelaxations: Bool { get }
}

extension Solver {
    public func solveRelaxation(_ problem: FlatProblem, timeLimitSeconds: Double?, options: SolveOptions) -> RelaxationOutcome {
        RelaxationOutcome(termination: .error, message: "the \(name) backend does not solve LP relaxations")
    }

    public func makeRelaxationSession(_ problem: FlatProblem) -> (any RelaxationSession)? { nil }

    public var keepsRelaxations: Bool { false }
}

/// One LP relaxation solved under a sequence of column bounds, each solve warm-started from the last one's basis:
/// the programs of a scan that differ only in which columns may be nonzero (the lineup engine's spread windows)
/// cost a few pivots each instead of a solve from scratch. Used from one thread at a time.
public protocol RelaxationSession: AnyObject {
    /// Solves the relaxation with each listed column's bounds in place of the model's (every column not listed is
    /// back at the model's bounds). `optimal` (the relaxation has an optimal point: without an objective, a
    /// feasible one), `infeasible` (proven: no point keeps the rows and these bounds), `unbounded`, `noSolution`
    /// (stopped by the time limit or cancellation) or `error`.
    func solve(bounds: [(column: Int, lower: Double, upper: Double)], timeLimitSeconds: Double?, options: SolveOptions)
        -> LevelTermination
    /// The relaxation's optimum at the last solve when it ended `optimal` (the objective's constant included),
    /// else nil.
    var objective: Double? { get }
    /// The simplex iterations of every solve so far.
    var iterations: Int { get }
}

/// The outcome of an LP relaxation solve of a ``FlatProblem``: per column values and reduced costs, per row
/// duals (in the flat problem's row order).
public struct RelaxationOutcome: Sendable {
    /// `optimal`, `infeasible`, `unbounded`, `noSolution` (time limit) or `error`.
    public var termination: LevelTermination
    public var objective: Double?
    public var values: [Double]?
    public var rowDuals: [Double]?
    public var reducedCosts: [Double]?
    public var seconds: Double
    public var message: String?

    public init(
        termination: LevelTermination, objective: Double? = nil, values: [Double]? = nil, rowDuals: [Double]? = nil,
        reducedCosts: [Double]? = nil, seconds: Double = 0, message: String? = nil
    ) {
        self.termination = termination
        self.objective = objective
        self.values = values
        self.rowDuals = rowDuals
        self.reducedCosts = reducedCosts
        self.seconds = seconds
        self.message = message
    }
}

/// The MILP backends compiled into this build.
public enum Solvers {
    /// The default backend: GLPK when the `GLPK` trait is on and GLPK's header was there when the package was
    /// compiled, else `nil` (greedy-only build). A build with the trait whose C file found no `glpk.h` (GLPK
    /// installed after the first build: SwiftPM does not notice a new system header) has no MILP backend and
    /// says so (``GLPKVersion/missingMessage``), rather than failing every MILP solve.
    public static var `default`: (any Solver)? {
        #if GLPK
            return GLPKSolver.isCompiledIn ? GLPKSolver() : nil
        #else
            return nil
        #endif
    }

    /// True when this build can solve integer programs.
    public static var isMILPAvailable: Bool { Solvers.default != nil }
}

/// The version of the GLPK library this build links, or "" in a greedy-only build.
public enum GLPKVersion {
    public static var string: String {
        #if GLPK
            return GLPKSolver.version
        #else
            return ""
        #endif
    }

    /// Why a build with the `GLPK` trait has no MILP backend after all (its C file was compiled before
    /// `glpk.h` was installed), or nil when it has one or the trait is off.
    public static var missingMessage: String? {
        #if GLPK
            return GLPKSolver.isCompiledIn
                ? nil
                : "the GLPK trait is on, but glpk.h was missing when this build was compiled: install libglpk-dev, then `swift package clean` and build again"
        #else
            return nil
        #endif
    }
}
