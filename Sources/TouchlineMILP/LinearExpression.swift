/// A sparse linear expression `Σ coefficient·variable + constant`.
///
/// Build it with the ordinary operators (`3 * x + y - 2`) or with `sum` (of variables or of expressions). It is not `Equatable`: `==`
/// between expressions builds a ``LinearConstraint``. Terms may repeat a variable; they are merged when the
/// expression enters a model.
public struct LinearExpression: Sendable {
    /// The terms as (variable index, coefficient), possibly with repeats.
    public var terms: [(index: Int, coefficient: Double)]
    public var constant: Double
    /// The ``Model/id`` of the model whose variables the expression holds: 0 while it holds none,
    /// ``LinearExpression/mixedModels`` when it holds variables of two models.
    public private(set) var model: UInt32 = 0

    /// The ``model`` of an expression that mixes variables of different models.
    public static let mixedModels = UInt32.max

    public init() {
        terms = []
        constant = 0
    }

    public init(_ constant: Double) {
        terms = []
        self.constant = constant
    }

    public init(_ variable: Variable, coefficient: Double = 1) {
        terms = [(variable.index, coefficient)]
        constant = 0
        model = variable.model
    }

    @usableFromInline mutating func adopt(_ other: UInt32) {
        if model == 0 { model = other } else if other != 0 && other != model { model = Self.mixedModels }
    }

    /// Adds `coefficient · variable` in place (the fast way to build long sums in loops).
    @inlinable
    public mutating func add(_ variable: Variable, coefficient: Double = 1) {
        terms.append((variable.index, coefficient))
        if model != variable.model { adopt(variable.model) }
    }

    /// Adds `coefficient · variable` when there is a variable (a keyed group's missing key adds nothing).
    @inlinable
    public mutating func add(_ variable: Variable?, coefficient: Double = 1) {
        if let variable { add(variable, coefficient: coefficient) }
    }

    /// Adds another expression in place.
    public mutating func add(_ other: LinearExpression, scale: Double = 1) {
        // Grown geometrically: reserving the exact size would copy the whole sum on every `+=` of a long
        // sum built term by term (quadratic: 86 % of a league model's build).
        let needed = terms.count + other.terms.count
        if terms.capacity < needed { terms.reserveCapacity(Swift.max(needed, 2 * terms.capacity)) }
        for term in other.terms { terms.append((term.index, term.coefficient * scale)) }
        if model != other.model { adopt(other.model) }
        constant += other.constant * scale
    }

    /// The terms with repeats merged and zero coefficients dropped, sorted by variable index.
    public func merged() -> (indices: [Int], coefficients: [Double]) {
        if terms.isEmpty { return ([], []) }
        let sorted = terms.sorted { $0.index < $1.index }
        var indices: [Int] = []
        var coefficients: [Double] = []
        indices.reserveCapacity(sorted.count)
        coefficients.reserveCapacity(sorted.count)
        for term in sorted {
            if let last = indices.last, last == term.index {
                coefficients[coefficients.count - 1] += term.coefficient
            } else {
                indices.append(term.index)
                coefficients.append(term.coefficient)
            }
        }
        var keptIndices: [Int] = []
        var keptCoefficients: [Double] = []
        for (index, coefficient) in zip(indices, coefficients) where coefficient != 0 {
            keptIndices.append(index)
            keptCoefficients.append(coefficient)
        }
        return (keptIndices, keptCoefficients)
    }

    /// The value of the expression for the given variable values (indexed like the model's variables).
    public func value(_ values: [Double]) -> Double {
        var total = constant
        for term in terms { total += term.coefficient * values[term.index] }
        return total
    }
}

/// The sum of variables.
public func sum(_ variables: some Sequence<Variable>) -> LinearExpression {
    var expression = LinearExpression()
    for variable in variables { expression.add(variable) }
    return expression
}

/// The sum of expressions.
/// The sum of the variables that are there (nil entries, such as a keyed group's missing keys, add nothing).
public func sum(_ variables: some Sequence<Variable?>) -> LinearExpression {
    var expression = LinearExpression()
    for case let variable? in variables { expression.add(variable) }
    return expression
}

public func sum(_ expressions: some Sequence<LinearExpression>) -> LinearExpression {
    var result = LinearExpression()
    for expression in expressions { result.add(expression) }
    return result
}

// MARK: - Operators (concrete types only, so that type-checking stays fast)

public func * (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression(rhs, coefficient: lhs) }
public func * (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs, coefficient: rhs) }
public func * (lhs: Double, rhs: LinearExpression) -> LinearExpression {
    var result = LinearExpression()
    result.add(rhs, scale: lhs)
    return result
}
public func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { rhs * lhs }

public prefix func - (operand: Variable) -> LinearExpression { LinearExpression(operand, coefficient: -1) }
public prefix func - (operand: LinearExpression) -> LinearExpression { -1 * operand }

public func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
    var result = lhs
    result.add(rhs)
    return result
}
public func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression {
    var result = lhs
    result.add(rhs)
    return result
}
public func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression { rhs + lhs }
public func + (lhs: Variable, rhs: Variable) -> LinearExpression {
    var result = LinearExpression(lhs)
    result.add(rhs)
    return result
}
public func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
    var result = lhs
    result.constant += rhs
    return result
}
public func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }
public func + (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + rhs }
public func + (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression(rhs) + lhs }

public func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
    var result = lhs
    result.add(rhs, scale: -1)
    return result
}
public func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression {
    var result = lhs
    result.add(rhs, coefficient: -1)
    return result
}
public func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) - rhs }
public func - (lhs: Variable, rhs: Variable) -> LinearExpression {
    var result = LinearExpression(lhs)
    result.add(rhs, coefficient: -1)
    return result
}
public func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + (-rhs) }
public func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { -rhs + lhs }
public func - (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) - rhs }
public func - (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression(rhs, coefficient: -1) + lhs }

public func += (lhs: inout LinearExpression, rhs: LinearExpression) { lhs.add(rhs) }
public func += (lhs: inout LinearExpression, rhs: Variable) { lhs.add(rhs) }
public func += (lhs: inout LinearExpression, rhs: Double) { lhs.constant += rhs }
public func -= (lhs: inout LinearExpression, rhs: LinearExpression) { lhs.add(rhs, scale: -1) }
public func -= (lhs: inout LinearExpression, rhs: Variable) { lhs.add(rhs, coefficient: -1) }
public func -= (lhs: inout LinearExpression, rhs: Double) { lhs.constant -= rhs }
