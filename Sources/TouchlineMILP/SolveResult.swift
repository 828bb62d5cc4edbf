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

/// What happened at one level of the lexicographic objective: the one record of a level, from the solver's
/// result to Touchline's `stats.levels` (its JSON: `name`, `termination`, `stopReason`, `value`, `bound`, `gap`,
/// `seconds`, `nodes`).
public struct LevelReport: Sendable, Codable, Equatable {
    public var name: String
    /// `optimal` (proven), `feasible` (a solution, not proven), `noSolution`, `infeasible`, `unbounded`, `error`.
    public var termination: LevelTermination
    /// Why an unproven level stopped (`gapReached`, `timeLimit`, `cancelled`, ...); nil for a proven one.
    public var stopReason: StopReason?
    /// The level's objective value at the solution.
    public var value: Double?
    public var bound: Double?
    public var gap: Double?
    public var seconds: Double
    public var nodes: Int
    /// Whether the solver took the warm start at this level (not written to JSON).
    public var warmStartAccepted: Bool

    /// A `stopReason` of nil (or ``StopReason/optimal``) means what `termination` implies: nil for a proven
    /// level, the time limit's for one stopped before its proof.
    public init(
        name: String, termination: LevelTermination, stopReason: StopReason? = nil, value: Double?, bound: Double?,
        gap: Double?, seconds: Double, nodes: Int, warmStartAccepted: Bool = false
    ) {
        self.name = name
        self.termination = termination
        let reason = stopReason ?? termination.impliedStopReason
        self.stopReason = reason == .optimal ? nil : reason
        self.value = value
        self.bound = bound
        self.gap = gap
        self.seconds = seconds
        self.nodes = nodes
        self.warmStartAccepted = warmStartAccepted
    }

    enum CodingKeys: String, CodingKey { case name, termination, stopReason, value, bound, gap, seconds, nodes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        termination = try container.decode(LevelTermination.self, forKey: .termination)
        stopReason = try container.decodeIfPresent(StopReason.self, forKey: .stopReason)
        value = try container.decodeIfPresent(Double.self, forKey: .value)
        bound = try container.decodeIfPresent(Double.self, forKey: .bound)
        gap = try container.decodeIfPresent(Double.self, forKey: .gap)
        seconds = try container.decode(Double.self, forKey: .seconds)
        nodes = try container.decode(Int.self, forKey: .nodes)
        warmStartAccepted = false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(termination, forKey: .termination)
        try container.encodeIfPresent(stopReason, forKey: .stopReason)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(bound, forKey: .bound)
        try container.encodeIfPresent(gap, forKey: .gap)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(nodes, forKey: .nodes)
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
