/// Why a solve (or one level of it) stopped. Whether a solution exists is a separate question
/// (``SolveResult/solution``): a stop at the time limit, at the requested gap or by cancellation may come with
/// the best solution found so far or with none.
public enum StopReason: String, Sendable, Codable, CaseIterable {
    /// Every level was proven optimal.
    case optimal
    /// A level stopped at the requested relative gap (``SolveOptions/mipGap``): a solution, not proven optimal.
    case gapReached
    /// The time limit stopped a level.
    case timeLimit
    /// The solve was cancelled (``SolveControl/cancel()``).
    case cancelled
    /// No solution satisfies the constraints (proven).
    case infeasible
    /// The objective is unbounded (the LP relaxation is unbounded).
    case unbounded
    /// The solver failed; see ``SolveResult/message``.
    case error

    /// True for an end of the search itself (proof, gap, time limit or cancellation), after which any solution
    /// found is usable; false for infeasible, unbounded and a failure.
    public var endsWithSearch: Bool {
        switch self {
        case .optimal, .gapReached, .timeLimit, .cancelled: true
        case .infeasible, .unbounded, .error: false
        }
    }
}

/// The values of a model's variables in one solution: what a formulation decodes. Only a solve that found a
/// solution has one (``SolveResult/solution``), so a value is never read from a solve that has none.
public struct Assignment: Sendable {
    /// One value per model variable (integer variables are exact integers).
    public let values: [Double]

    public init(_ values: [Double]) { self.values = values }

    /// The value of a variable.
    public subscript(_ variable: Variable) -> Double { values[variable.index] }

    /// The value of a variable rounded to the nearest integer.
    public func integer(_ variable: Variable) -> Int { Int(self[variable].rounded()) }

    /// True when the variable's value is 1 (for binaries: above 0.5).
    public func isOn(_ variable: Variable) -> Bool { self[variable] > 0.5 }

    /// True when the variable is there and its value is 1 (a keyed group's missing key is off).
    public func isOn(_ variable: Variable?) -> Bool { variable.map { self[$0] > 0.5 } ?? false }

    /// The value of an expression.
    public func value(_ expression: LinearExpression) -> Double { expression.value(values) }
}

/// What happened at one level of the lexicographic objective.
public struct LevelReport: Sendable, Codable {
    public var name: String
    public var termination: LevelTermination
    /// Why the level stopped (``StopReason/optimal`` when it was proven).
    public var stopReason: StopReason
    public var objective: Double?
    public var bound: Double?
    public var gap: Double?
    public var nodes: Int
    public var seconds: Double
    public var warmStartAccepted: Bool

    public init(
        name: String, termination: LevelTermination, stopReason: StopReason, objective: Double?, bound: Double?,
        gap: Double?, nodes: Int, seconds: Double, warmStartAccepted: Bool
    ) {
        self.name = name
        self.termination = termination
        self.stopReason = stopReason
        self.objective = objective
        self.bound = bound
        self.gap = gap
        self.nodes = nodes
        self.seconds = seconds
        self.warmStartAccepted = warmStartAccepted
    }
}

/// The result of ``Solver/solve(_:options:)``.
public struct SolveResult: Sendable {
    /// Why the solve stopped: ``StopReason/optimal`` only when every level was proven optimal; else the reason
    /// the first unproven level stopped.
    public var stopReason: StopReason
    /// The best solution found, or nil when there is none.
    public var solution: Assignment?
    /// One value per model variable, when a solution is known.
    public var values: [Double]? { solution?.values }
    /// The value of each objective level at ``values``.
    public var objectiveValues: [Double]
    /// Per level: termination, objective, bound, gap, nodes, seconds.
    public var levels: [LevelReport]
    /// The best proven bound of the first level that is not proven optimal, or of the first level when all are.
    public var bound: Double?
    /// The relative gap of that level (0 when every level is proven optimal).
    public var gap: Double?
    /// The level that `bound` and `gap` belong to (0-based).
    public var gapLevel: Int
    /// Branch-and-bound nodes over all levels.
    public var nodes: Int
    /// Wall-clock seconds.
    public var seconds: Double
    /// A sentence for the user when the solve did not end optimally, or to explain a rejected warm start.
    public var message: String?
    public var notes: [String]

    public var hasSolution: Bool { solution != nil }

    /// A result as a ``Solver`` reports it (a backend of one's own builds its answer with this).
    public init(
        stopReason: StopReason, solution: Assignment?, objectiveValues: [Double], levels: [LevelReport], bound: Double?,
        gap: Double?, gapLevel: Int, nodes: Int, seconds: Double, message: String?, notes: [String] = []
    ) {
        self.stopReason = stopReason
        self.solution = solution
        self.objectiveValues = objectiveValues
        self.levels = levels
        self.bound = bound
        self.gap = gap
        self.gapLevel = gapLevel
        self.nodes = nodes
        self.seconds = seconds
        self.message = message
        self.notes = notes
    }
}

/// The relative gap between a value and a bound as GLPK computes it, |value − bound| / (|value| + ε) with ε the
/// machine epsilon of `Double`: every backend, level and report measures gaps with this one formula.
public func relativeGap(_ value: Double, _ bound: Double) -> Double {
    abs(value - bound) / (abs(value) + Double.ulpOfOne)
}
