/// A linear constraint `lower ≤ Σ coefficient·variable ≤ upper`, built by comparing expressions
/// (`x + y <= 10`, `2 * x == y`, `sum(xs) >= 1`) and added to a model with ``Model/add(_:name:)``.
public struct LinearConstraint: Sendable {
    /// The left-hand side with the constant moved to the bounds (the expression's constant is 0).
    public var expression: LinearExpression
    /// `-.infinity` for none.
    public var lower: Double
    /// `.infinity` for none.
    public var upper: Double

    /// `lower ≤ expression ≤ upper`: a range constraint (the expression's constant is moved to the bounds).
    public init(_ expression: LinearExpression, lower: Double = -.infinity, upper: Double = .infinity) {
        var body = expression
        let constant = body.constant
        body.constant = 0
        self.expression = body
        self.lower = lower - constant
        self.upper = upper - constant
    }
}

// Comparison operators between expressions, variables and numbers. `lhs op rhs` becomes `lhs - rhs op 0`.

public func <= (lhs: LinearExpression, rhs: LinearExpression) -> LinearConstraint { LinearConstraint(lhs - rhs, upper: 0) }
public func >= (lhs: LinearExpression, rhs: LinearExpression) -> LinearConstraint { LinearConstraint(lhs - rhs, lower: 0) }
public func == (lhs: LinearExpression, rhs: LinearExpression) -> LinearConstraint { LinearConstraint(lhs - rhs, lower: 0, upper: 0) }

public func <= (lhs: LinearExpression, rhs: Double) -> LinearConstraint { LinearConstraint(lhs, upper: rhs) }
public func >= (lhs: LinearExpression, rhs: Double) -> LinearConstraint { LinearConstraint(lhs, lower: rhs) }
public func == (lhs: LinearExpression, rhs: Double) -> LinearConstraint { LinearConstraint(lhs, lower: rhs, upper: rhs) }
public func <= (lhs: Double, rhs: LinearExpression) -> LinearConstraint { rhs >= lhs }
public func >= (lhs: Double, rhs: LinearExpression) -> LinearConstraint { rhs <= lhs }
public func == (lhs: Double, rhs: LinearExpression) -> LinearConstraint { rhs == lhs }

public func <= (lhs: Variable, rhs: Double) -> LinearConstraint { LinearExpression(lhs) <= rhs }
public func >= (lhs: Variable, rhs: Double) -> LinearConstraint { LinearExpression(lhs) >= rhs }
public func == (lhs: Variable, rhs: Double) -> LinearConstraint { LinearExpression(lhs) == rhs }
public func <= (lhs: Variable, rhs: Variable) -> LinearConstraint { LinearExpression(lhs) <= LinearExpression(rhs) }
public func >= (lhs: Variable, rhs: Variable) -> LinearConstraint { LinearExpression(lhs) >= LinearExpression(rhs) }
public func == (lhs: Variable, rhs: Variable) -> LinearConstraint { LinearExpression(lhs) == LinearExpression(rhs) }
public func <= (lhs: Variable, rhs: LinearExpression) -> LinearConstraint { LinearExpression(lhs) <= rhs }
public func >= (lhs: Variable, rhs: LinearExpression) -> LinearConstraint { LinearExpression(lhs) >= rhs }
public func == (lhs: Variable, rhs: LinearExpression) -> LinearConstraint { LinearExpression(lhs) == rhs }
public func <= (lhs: LinearExpression, rhs: Variable) -> LinearConstraint { lhs <= LinearExpression(rhs) }
public func >= (lhs: LinearExpression, rhs: Variable) -> LinearConstraint { lhs >= LinearExpression(rhs) }
public func == (lhs: LinearExpression, rhs: Variable) -> LinearConstraint { lhs == LinearExpression(rhs) }
