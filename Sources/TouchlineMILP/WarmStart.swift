/// How an auxiliary variable's value follows from other variables, declared with ``Model/define(_:as:)`` so
/// that ``Model/completeStart(_:)`` can complete a warm start from the decision variables alone.
public enum Definition: Sendable {
    /// The value of an expression (a count, a difference).
    case expression(LinearExpression)
    /// The largest of the expressions' values, and at least `floor` (a maximum load, a makespan, `max(0, n - 1)`).
    case maxOf([LinearExpression], floor: Double = -.infinity)
    /// The smallest of the expressions' values, and at most `ceiling`.
    case minOf([LinearExpression], ceiling: Double = .infinity)
    /// 1 when the expression's value is above one half, else 0 (a binary that says "any of these is on").
    case indicator(LinearExpression)
    /// Any rule of the values set so far (in the order variables were defined).
    case rule(@Sendable ([Double]) -> Double)

    func value(_ values: [Double]) -> Double {
        switch self {
        case let .expression(expression): expression.value(values)
        case let .maxOf(expressions, floor): Swift.max(floor, expressions.map { $0.value(values) }.max() ?? floor)
        case let .minOf(expressions, ceiling): Swift.min(ceiling, expressions.map { $0.value(values) }.min() ?? ceiling)
        case let .indicator(expression): expression.value(values) > 0.5 ? 1 : 0
        case let .rule(rule): rule(values)
        }
    }
}

extension Model {
    /// Declares how an auxiliary variable's value follows from the others, for ``completeStart(_:)``. Define a
    /// variable after the variables its definition reads (definitions are evaluated in the order given).
    public mutating func define(_ variable: Variable, as definition: Definition) {
        guard own(variable, place: "define") else { return }
        definitions.append((variable.index, definition))
    }

    /// A warm start completed from the decision variables: `start` (one value per variable, decision variables
    /// set, auxiliaries anything) with every defined variable set from its definition, in definition order.
    public func completeStart(_ start: [Double]) -> [Double] {
        var values = start
        for (index, definition) in definitions where index < values.count {
            values[index] = definition.value(values)
        }
        return values
    }
}

/// A warm start built from a plan of the caller's own type (a lineup grid, a set of crews): each variable the
/// plan determines gets a rule from the plan with ``set(_:_:)``; the model's definitions then complete the
/// rest (``Model/completeStart(_:)``).
///
/// ```swift
/// var start = StartRecipe<[Bool]>()
/// for (i, x) in take.enumerated() { start.set(x) { plan in plan[i] ? 1 : 0 } }
/// let values = start.values(for: [true, false, true], in: model)
/// ```
public struct StartRecipe<Plan>: Sendable {
    private var rules: [(index: Int, value: @Sendable (Plan) -> Double)] = []

    public init() {}

    /// The value `variable` takes in a plan.
    public mutating func set(_ variable: Variable, _ value: @escaping @Sendable (Plan) -> Double) {
        rules.append((variable.index, value))
    }

    /// These rules for a larger plan that contains this one (`part`: where it is in the larger plan), to be
    /// merged with the other parts' (a model built in parts).
    public func lifted<Whole>(_ part: @escaping @Sendable (Whole) -> Plan) -> StartRecipe<Whole> {
        var whole = StartRecipe<Whole>()
        for rule in rules {
            let value = rule.value
            whole.rules.append((rule.index, { value(part($0)) }))
        }
        return whole
    }

    /// Adds another recipe's rules (for other variables of the same model).
    public mutating func merge(_ other: StartRecipe<Plan>) { rules += other.rules }

    /// The warm start of a plan: every rule's variable from the plan (0 elsewhere), then the model's
    /// definitions.
    public func values(for plan: Plan, in model: Model) -> [Double] {
        var values = [Double](repeating: 0, count: model.variableCount)
        for rule in rules where rule.index < values.count { values[rule.index] = rule.value(plan) }
        return model.completeStart(values)
    }
}
