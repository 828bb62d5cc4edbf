extension Model {
    /// Checks that every number is usable and every index belongs to the model. Empty bound ranges are not
    /// errors (they make the model infeasible); see ``trivialInfeasibility()``.
    public func validate() throws(MILPError) {
        if let foreign = foreignUses.first { throw foreign }
        for (index, variable) in variables.enumerated() {
            let place = "variable \(index) (\(variable.name))"
            if variable.lower.isNaN || variable.upper.isNaN || variable.lower == .infinity
                || variable.upper == -.infinity
            {
                throw .invalidNumber(place: "\(place) bounds")
            }
        }
        for constraint in constraints {
            let place = "constraint \(constraint.name)"
            if constraint.lower.isNaN || constraint.upper.isNaN || constraint.lower == .infinity
                || constraint.upper == -.infinity
            {
                throw .invalidNumber(place: "\(place) bounds")
            }
            for (index, coefficient) in zip(constraint.indices, constraint.coefficients) {
                guard index >= 0 && index < variables.count else { throw .unknownVariable(index: index, place: place) }
                if !coefficient.isFinite { throw .invalidNumber(place: "\(place) coefficient of \(variables[index].name)") }
            }
        }
        for objective in objectives {
            let place = "objective \(objective.name)"
            if !objective.expression.constant.isFinite { throw .invalidNumber(place: "\(place) constant") }
            for term in objective.expression.terms {
                guard term.index >= 0 && term.index < variables.count else {
                    throw .unknownVariable(index: term.index, place: place)
                }
                if !term.coefficient.isFinite { throw .invalidNumber(place: "\(place) coefficient") }
            }
            if !(objective.absoluteTolerance >= 0) || !(objective.relativeTolerance >= 0) {
                throw .invalidNumber(place: "\(place) tolerance")
            }
        }
    }

    /// Bounds after rounding integer bounds inwards.
    func effectiveBounds(_ index: Int) -> (lower: Double, upper: Double) {
        let variable = variables[index]
        if variable.kind == .continuous { return (variable.lower, variable.upper) }
        let lower = variable.lower.isFinite ? (variable.lower - Tolerance.exact).rounded(.up) : variable.lower
        let upper = variable.upper.isFinite ? (variable.upper + Tolerance.exact).rounded(.down) : variable.upper
        return (lower, upper)
    }

    /// A sentence naming a variable or constraint that cannot be satisfied on its own (empty bounds, or an
    /// empty constraint whose bounds exclude 0), or `nil`.
    public func trivialInfeasibility() -> String? {
        for index in variables.indices {
            let bounds = effectiveBounds(index)
            if bounds.lower > bounds.upper {
                return "variable \(variables[index].name) has no value between its bounds"
            }
        }
        for constraint in constraints {
            if constraint.lower > constraint.upper + Tolerance.exact {
                return "constraint \(constraint.name) has a lower bound above its upper bound"
            }
            if constraint.indices.isEmpty && (constraint.lower > Tolerance.exact || constraint.upper < -Tolerance.exact) {
                return "constraint \(constraint.name) has no terms and excludes 0"
            }
        }
        return nil
    }

    /// The constraints, bounds and integrality requirements that `values` breaks, in words (empty when
    /// feasible). `tolerance` is absolute, scaled by the size of the bound.
    public func violations(of values: [Double], tolerance: Double = Tolerance.solver) -> [String] {
        var found: [String] = []
        guard values.count == variables.count else {
            return ["expected \(variables.count) values, got \(values.count)"]
        }
        for (index, variable) in variables.enumerated() {
            let value = values[index]
            let bounds = effectiveBounds(index)
            if !value.isFinite { found.append("\(variable.name) = \(value) is not finite"); continue }
            if value < bounds.lower - tolerance * Swift.max(1, abs(bounds.lower)) {
                found.append("\(variable.name) = \(value) is below its lower bound \(bounds.lower)")
            }
            if value > bounds.upper + tolerance * Swift.max(1, abs(bounds.upper)) {
                found.append("\(variable.name) = \(value) is above its upper bound \(bounds.upper)")
            }
            if variable.kind != .continuous && abs(value - value.rounded()) > tolerance {
                found.append("\(variable.name) = \(value) is not an integer")
            }
        }
        for constraint in constraints {
            var activity = 0.0
            for (index, coefficient) in zip(constraint.indices, constraint.coefficients) {
                activity += coefficient * values[index]
            }
            if activity < constraint.lower - tolerance * Swift.max(1, abs(constraint.lower)) {
                found.append("\(constraint.name): \(activity) < \(constraint.lower)")
            }
            if activity > constraint.upper + tolerance * Swift.max(1, abs(constraint.upper)) {
                found.append("\(constraint.name): \(activity) > \(constraint.upper)")
            }
        }
        return found
    }

    /// True when the objective's expression takes integer values on every integer point.
    func isIntegral(_ expression: LinearExpression) -> Bool {
        if expression.constant != expression.constant.rounded() { return false }
        for term in expression.terms {
            if variables[term.index].kind == .continuous { return false }
            if term.coefficient != term.coefficient.rounded() { return false }
        }
        return true
    }

    /// The flat single-objective problem for one level, with `extraRows` (earlier levels held at their optimum).
    func flatten(objective: Objective?, extraRows: [ConstraintDefinition]) -> FlatProblem {
        var columnLower: [Double] = []
        var columnUpper: [Double] = []
        var columnIsInteger: [Bool] = []
        columnLower.reserveCapacity(variables.count)
        columnUpper.reserveCapacity(variables.count)
        for index in variables.indices {
            let bounds = effectiveBounds(index)
            columnLower.append(bounds.lower)
            columnUpper.append(bounds.upper)
            columnIsInteger.append(variables[index].kind != .continuous)
        }
        var coefficients = [Double](repeating: 0, count: variables.count)
        if let objective {
            let merged = objective.expression.merged()
            for (index, coefficient) in zip(merged.indices, merged.coefficients) { coefficients[index] = coefficient }
        }
        var rowLower: [Double] = []
        var rowUpper: [Double] = []
        var matrixRow: [Int32] = []
        var matrixColumn: [Int32] = []
        var matrixValue: [Double] = []
        for constraint in constraints + extraRows where !constraint.indices.isEmpty {
            if constraint.lower == -.infinity && constraint.upper == .infinity { continue }
            let row = Int32(rowLower.count)
            rowLower.append(constraint.lower)
            rowUpper.append(Swift.max(constraint.upper, constraint.lower))
            for (index, coefficient) in zip(constraint.indices, constraint.coefficients) {
                matrixRow.append(row)
                matrixColumn.append(Int32(index))
                matrixValue.append(coefficient)
            }
        }
        return FlatProblem(
            columnLower: columnLower, columnUpper: columnUpper, columnIsInteger: columnIsInteger,
            objective: coefficients, objectiveConstant: objective?.expression.constant ?? 0,
            maximize: objective?.sense == .maximize, rowLower: rowLower, rowUpper: rowUpper,
            matrixRow: matrixRow, matrixColumn: matrixColumn, matrixValue: matrixValue)
    }
}
