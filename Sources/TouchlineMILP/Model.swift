import Foundation

/// The direction of an objective.
public enum ObjectiveSense: String, Sendable, Codable {
    case minimize
    case maximize
}

/// One level of a lexicographic objective.
///
/// Levels are optimised in order: level 1 first; then level 2 among the solutions optimal for level 1; and so
/// on. A level is held at its optimum `z` by the constraint `expression ≤ z + slack` (minimise) or
/// `expression ≥ z - slack` (maximise), where `slack = absoluteTolerance + relativeTolerance · |z|`. When
/// every term of the expression is an integer coefficient on an integer variable and the constant is an
/// integer, `z` is rounded to the nearest integer and the slack is 0, so integer objectives are held exactly.
public struct Objective: Sendable {
    public var name: String
    public var sense: ObjectiveSense
    public var expression: LinearExpression
    /// Default 1e-6.
    public var absoluteTolerance: Double
    /// Default 1e-9.
    public var relativeTolerance: Double
    /// A value no solution can beat, known from the formulation (all slots filled; a count that cannot go
    /// below 0). When the incumbent reaches it the level is proven optimal without a solve.
    public var bound: Double?
    /// A bound that follows from the values the earlier levels are held at (e.g. the largest load is at least
    /// the filled slots over the officials), given those values in level order.
    public var boundFromEarlier: (@Sendable ([Double]) -> Double)?
    /// The formulation's word that the objective is a whole number at the best completion of every integer
    /// point, though it has terms on continuous columns (a transportation system of integer data, whose
    /// vertices are integral). A bound on it then rounds up (down when maximising), and the built-in solver
    /// prunes by whole units (``SolveOptions/integralObjective``). An objective whose terms are all integral
    /// needs no word.
    public var integralCompletion = false

    public init(
        name: String, sense: ObjectiveSense, expression: LinearExpression,
        absoluteTolerance: Double = Tolerance.solver, relativeTolerance: Double = Tolerance.exact, bound: Double? = nil
    ) {
        self.name = name
        self.sense = sense
        self.expression = expression
        self.absoluteTolerance = absoluteTolerance
        self.relativeTolerance = relativeTolerance
        self.bound = bound
    }
}

/// A handle to a constraint of one ``Model`` (what ``Model/add(_:name:)`` returns): its position among the
/// model's constraints, for reading its definition back or naming it in a message.
public struct ConstraintReference: Sendable, Hashable {
    /// The position of the constraint in its model, from 0.
    public let index: Int
    /// The ``Model/id`` of the model that holds it.
    public let model: UInt32
}

/// A named linear constraint as stored in a model: merged, sorted terms and bounds.
public struct ConstraintDefinition: Sendable {
    public var name: String
    public var indices: [Int]
    public var coefficients: [Double]
    /// `-.infinity` for none.
    public var lower: Double
    /// `.infinity` for none.
    public var upper: Double
}

/// A mixed-integer linear program with a lexicographic objective, independent of any solver.
///
/// ```swift
/// var model = Model(name: "knapsack")
/// let x = (0..<3).map { model.addBinary("take_\($0)") }
/// model.add(2 * x[0] + 3 * x[1] + 4 * x[2] <= 5, name: "capacity")
/// model.maximize(3 * x[0] + 4 * x[1] + 5 * x[2], name: "value")
/// ```
public struct Model: Sendable {
    public var name: String
    /// The identity of this model (and of its copies), recorded in every variable it creates.
    public let id: UInt32 = ModelIdentities.shared.next()
    public private(set) var variables: [VariableDefinition] = []
    public private(set) var constraints: [ConstraintDefinition] = []
    /// The lexicographic objective, most important first. Empty means: find any feasible solution.
    public var objectives: [Objective] = []
    /// Put before every name of a variable or constraint added from now on: a model built in parts by code that
    /// names its own (one part per match of a day) keeps every name unique.
    public var namePrefix = ""
    /// Uses of another model's variables, each as a sentence; ``validate()`` reports the first.
    private(set) var foreignUses: [MILPError] = []
    /// How auxiliary variables follow from the others (``define(_:as:)``), in definition order.
    var definitions: [(index: Int, definition: Definition)] = []

    public init(name: String = "touchline") {
        self.name = name
    }

    /// Adds a variable. Integer bounds are rounded inwards when the model is solved. Without a name (or with an
    /// empty one) it is called `x` and its index in exports.
    @discardableResult
    public mutating func addVariable(
        _ name: String? = nil, kind: VariableKind = .continuous, lower: Double = 0, upper: Double = .infinity
    ) -> Variable {
        let bounds: (Double, Double) = kind == .binary ? (Swift.max(lower, 0), Swift.min(upper, 1)) : (lower, upper)
        variables.append(
            VariableDefinition(
                name: Model.fitted(name.map { $0.isEmpty ? $0 : namePrefix + $0 } ?? "", fallback: "x", index: variables.count),
                kind: kind, lower: bounds.0,
                upper: bounds.1))
        return Variable(index: variables.count - 1, model: id)
    }

    /// Adds a 0-1 variable.
    @discardableResult
    public mutating func addBinary(_ name: String? = nil) -> Variable {
        addVariable(name, kind: .binary, lower: 0, upper: 1)
    }

    /// Adds an integer variable.
    @discardableResult
    public mutating func addInteger(_ name: String? = nil, lower: Double = 0, upper: Double = .infinity) -> Variable {
        addVariable(name, kind: .integer, lower: lower, upper: upper)
    }

    /// Adds one variable per key (as JuMP's containers and PuLP's `LpVariable.dicts`), named by `name`.
    public mutating func addVariables<Key: Hashable & Sendable>(
        _ keys: some Sequence<Key>, kind: VariableKind = .continuous, lower: Double = 0, upper: Double = .infinity,
        name: (Key) -> String
    ) -> VariableGroup<Key> {
        var group = VariableGroup<Key>()
        for key in keys where group[key] == nil {
            group.insert(key, addVariable(name(key), kind: kind, lower: lower, upper: upper))
        }
        return group
    }

    /// Adds one 0-1 variable per key, named by `name`.
    public mutating func addBinaries<Key: Hashable & Sendable>(
        _ keys: some Sequence<Key>, name: (Key) -> String
    ) -> VariableGroup<Key> {
        addVariables(keys, kind: .binary, lower: 0, upper: 1, name: name)
    }

    /// The variable itself, when it was made by this model (or a copy of it); else the use is recorded and
    /// ``validate()`` fails naming `place`.
    mutating func own(_ variable: Variable, place: @autoclosure () -> String) -> Bool {
        guard variable.model != id else { return true }
        foreignUses.append(.foreignVariable(place: place(), variable: variable.index))
        return false
    }

    private mutating func own(_ expression: LinearExpression, place: @autoclosure () -> String) {
        guard expression.model != 0 && expression.model != id else { return }
        let index = expression.terms.first?.index ?? 0
        foreignUses.append(.foreignVariable(place: place(), variable: index))
    }

    /// Tightens the bounds of a variable.
    public mutating func setBounds(_ variable: Variable, lower: Double, upper: Double) {
        guard own(variable, place: "setBounds") else { return }
        variables[variable.index].lower = lower
        variables[variable.index].upper = upper
    }

    /// A name of 1 to 255 UTF-8 bytes whatever the caller built it from (ids of any length end up in names):
    /// a longer name keeps its first 200 bytes' worth of characters and gets `~` and its index, which keeps it
    /// unique; an empty one becomes the fallback letter and the index.
    static func fitted(_ name: String, fallback: String, index: Int) -> String {
        if name.isEmpty { return "\(fallback)\(index)" }
        guard name.utf8.count > 255 else { return name }
        var kept = ""
        var bytes = 0
        for character in name {
            let size = character.utf8.count
            if bytes + size > 200 { break }
            kept.append(character)
            bytes += size
        }
        return "\(kept)~\(index)"
    }

    /// Adds a constraint, optionally under a name (names appear in exports and in infeasibility messages;
    /// without one it is called `r` and its index).
    @discardableResult
    public mutating func add(_ constraint: LinearConstraint, name: String? = nil) -> ConstraintReference {
        let fitted = Model.fitted(name.map { $0.isEmpty ? $0 : namePrefix + $0 } ?? "", fallback: "r", index: constraints.count)
        own(constraint.expression, place: "constraint \(fitted)")
        let merged = constraint.expression.merged()
        constraints.append(
            ConstraintDefinition(
                name: fitted, indices: merged.indices, coefficients: merged.coefficients, lower: constraint.lower,
                upper: constraint.upper))
        return ConstraintReference(index: constraints.count - 1, model: id)
    }

    /// The definition of a constraint of this model.
    public subscript(_ reference: ConstraintReference) -> ConstraintDefinition? {
        reference.model == id && constraints.indices.contains(reference.index) ? constraints[reference.index] : nil
    }

    /// Appends a level to the lexicographic objective: minimise `expression`.
    public mutating func minimize(_ expression: LinearExpression, name: String = "objective", bound: Double? = nil) {
        addObjective(Objective(name: name, sense: .minimize, expression: expression, bound: bound))
    }

    /// Appends a level to the lexicographic objective: maximise `expression`.
    public mutating func maximize(_ expression: LinearExpression, name: String = "objective", bound: Double? = nil) {
        addObjective(Objective(name: name, sense: .maximize, expression: expression, bound: bound))
    }

    /// Appends a level to the lexicographic objective.
    public mutating func addObjective(_ objective: Objective) {
        own(objective.expression, place: "objective \(objective.name)")
        objectives.append(objective)
    }

    public var variableCount: Int { variables.count }
    public var constraintCount: Int { constraints.count }
    public var nonzeroCount: Int { constraints.reduce(0) { $0 + $1.indices.count } }
}

/// The process-wide counter behind ``Model/id``: 1, 2, 3, ... (never 0, which an expression without variables
/// holds, nor ``LinearExpression/mixedModels``), safe across threads.
final class ModelIdentities: @unchecked Sendable {
    static let shared = ModelIdentities()
    private let lock = NSLock()
    private var last: UInt32 = 0

    func next() -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        last = last >= UInt32.max - 1 ? 1 : last + 1
        return last
    }
}
