/// How a whole (lexicographic) solve ended.
public enum Termination: String, Sendable, Codable {
    /// Every level was proven optimal (within the requested gap).
    case optimal
    /// The time limit stopped a level; ``SolveResult/values`` holds the incumbent when there is one.
    case timeLimit
    /// No solution satisfies the constraints.
    case infeasible
    /// The objective is unbounded (the LP relaxation is unbounded).
    case unbounded
    /// The solver failed; see ``SolveResult/message``.
    case error
}

/// What happened at one level of the lexicographic objective.
public struct LevelReport: Sendable, Codable {
    public var name: String
    public var termination: LevelTermination
    public var objective: Double?
    public var bound: Double?
    public var gap: Double?
    public var nodes: Int
    public var seconds: Double
    public var warmStartAccepted: Bool
}

/// The result of ``Solver/solve(_:options:)``.
public struct SolveResult: Sendable {
    public var termination: Termination
    /// One value per model variable, when a solution is known (integer variables are exact integers).
    public var values: [Double]?
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

    public var hasSolution: Bool { values != nil }

    /// The value of a variable in the solution (0 when there is none).
    public subscript(_ variable: Variable) -> Double {
        values?[variable.index] ?? 0
    }

    /// The value of a variable rounded to the nearest integer.
    public func integer(_ variable: Variable) -> Int {
        Int(self[variable].rounded())
    }

    /// True when the variable's value is 1 (for binaries: above 0.5).
    public func isOn(_ variable: Variable) -> Bool { self[variable] > 0.5 }

    /// The value of an expression in the solution.
    public func value(_ expression: LinearExpression) -> Double {
        guard let values else { return 0 }
        return expression.value(values)
    }
}
