import Foundation

/// The LP relaxation of a model under one objective: primal values, duals and reduced costs, indexed like the
/// model's variables and constraints.
public struct LPRelaxation: Sendable {
    /// `optimal`, `infeasible`, `unbounded`, `noSolution` (time limit) or `error`.
    public var termination: LevelTermination
    public var objective: Double?
    /// One value per model variable.
    public var values: [Double]?
    /// One dual per model constraint (0 for a constraint with no terms, which the solver never sees).
    public var duals: [Double]?
    /// One reduced cost per model variable: for a minimisation, raising a variable at its lower bound by one
    /// unit raises the relaxation's optimum by at least its reduced cost.
    public var reducedCosts: [Double]?
    public var seconds: Double
    public var message: String?
}

extension Model {
    /// The flat problem of one level and, for each of its rows, the index of the model constraint it came from
    /// (rows of extra constraints get indices after the model's).
    func flattenWithSources(objective: Objective?, extraRows: [ConstraintDefinition]) -> (FlatProblem, [Int]) {
        let problem = flatten(objective: objective, extraRows: extraRows)
        var sources: [Int] = []
        sources.reserveCapacity(problem.rowLower.count)
        for (index, constraint) in (constraints + extraRows).enumerated() where !constraint.indices.isEmpty {
            if constraint.lower == -.infinity && constraint.upper == .infinity { continue }
            sources.append(index)
        }
        return (problem, sources)
    }

    /// The model over a subset of its columns: every other column is fixed at the value in its bounds nearest
    /// to 0 and leaves the model (its terms move into the constraint bounds and the objective constants).
    /// `columns` lists the kept columns in the order of the new model; ``RestrictedModel/expand(_:)`` maps a
    /// solution back.
    public func restricted(to columns: [Int]) -> RestrictedModel { restricted(to: columns, fixing: nil) }

    /// The model over a subset of its columns, every other column fixed at its value in `values` (a solution
    /// of the model), as a large-neighbourhood search frees part of an incumbent.
    public func restricted(to columns: [Int], at values: [Double]) -> RestrictedModel { restricted(to: columns, fixing: values) }

    private func restricted(to columns: [Int], fixing values: [Double]?) -> RestrictedModel {
        var newIndex = [Int](repeating: -1, count: variables.count)
        var result = Model(name: name)
        for column in columns where newIndex[column] < 0 {
            let variable = variables[column]
            newIndex[column] = result.variableCount
            result.addVariable(variable.name, kind: variable.kind, lower: variable.lower, upper: variable.upper)
        }
        var fixed = [Double](repeating: 0, count: variables.count)
        for index in variables.indices where newIndex[index] < 0 {
            let bounds = effectiveBounds(index)
            fixed[index] = Swift.min(Swift.max(values?[index] ?? 0, bounds.lower), bounds.upper)
        }
        for constraint in constraints {
            var expression = LinearExpression()
            var shift = 0.0
            for (index, coefficient) in zip(constraint.indices, constraint.coefficients) {
                if newIndex[index] >= 0 {
                    expression.add(Variable(index: newIndex[index], model: result.id), coefficient: coefficient)
                } else {
                    shift += coefficient * fixed[index]
                }
            }
            // A row of fixed columns only is left out when the fixed values keep it (a large-neighbourhood
            // search frees a small part of a large model); one they break stays, so the model stays infeasible.
            if values != nil && expression.terms.isEmpty && constraint.lower - Tolerance.exact <= shift && shift <= constraint.upper + Tolerance.exact
            {
                continue
            }
            result.add(
                LinearConstraint(expression, lower: constraint.lower - shift, upper: constraint.upper - shift),
                name: constraint.name)
        }
        for objective in objectives {
            var expression = LinearExpression(objective.expression.constant)
            for term in objective.expression.terms {
                if newIndex[term.index] >= 0 {
                    expression.add(Variable(index: newIndex[term.index], model: result.id), coefficient: term.coefficient)
                } else {
                    expression.constant += term.coefficient * fixed[term.index]
                }
            }
            var copy = objective
            copy.expression = expression
            result.addObjective(copy)
        }
        return RestrictedModel(
            model: result, columns: newIndex.indices.filter { newIndex[$0] >= 0 }.sorted { newIndex[$0] < newIndex[$1] }, fixed: fixed)
    }
}

/// A model restricted to a subset of another model's columns (see ``Model/restricted(to:)``).
public struct RestrictedModel: Sendable {
    public var model: Model
    /// For each column of ``model``, its index in the original model.
    public var columns: [Int]
    /// For each original column, the value it is fixed at when left out.
    var fixed: [Double]

    /// A solution of the restricted model as values of the original model's columns.
    public func expand(_ values: [Double]) -> [Double] {
        var full = fixed
        for (position, column) in columns.enumerated() { full[column] = values[position] }
        return full
    }

    /// Original values as a solution of the restricted model, or nil when a left-out column differs from the
    /// value it is fixed at.
    public func restrict(_ values: [Double]) -> [Double]? {
        let kept = Set(columns)
        for index in fixed.indices where !kept.contains(index) && abs(values[index] - fixed[index]) > Tolerance.exact { return nil }
        return columns.map { values[$0] }
    }
}

extension Solver {
    /// A ``RelaxationSession`` over the LP relaxation of `model` under its objective level `level` (nil: no
    /// objective); nil when the backend has no sessions, or the model is invalid, trivially infeasible or has no
    /// variables (solve it with ``relaxation(_:level:timeLimitSeconds:options:)`` then, which says so). Column `j`
    /// of the session is the model's variable of index `j`.
    public func relaxationSession(_ model: Model, level: Int? = nil) -> (any RelaxationSession)? {
        guard (try? model.validate()) != nil, model.trivialInfeasibility() == nil, !model.variables.isEmpty else { return nil }
        let objective = level.flatMap { $0 < model.objectives.count ? model.objectives[$0] : nil }
        return makeRelaxationSession(model.flatten(objective: objective, extraRows: []))
    }

    /// Solves the LP relaxation of `model` under its objective level `level` (nil: no objective).
    public func relaxation(
        _ model: Model, level: Int? = 0, timeLimitSeconds: Double? = nil, options: SolveOptions = SolveOptions()
    ) -> LPRelaxation {
        do {
            try model.validate()
        } catch {
            return LPRelaxation(termination: .error, seconds: 0, message: error.description)
        }
        if model.trivialInfeasibility() != nil {
            return LPRelaxation(termination: .infeasible, seconds: 0, message: model.trivialInfeasibility())
        }
        let objective = level.flatMap { $0 < model.objectives.count ? model.objectives[$0] : nil }
        if model.variables.isEmpty {
            return LPRelaxation(
                termination: .optimal, objective: objective?.expression.constant ?? 0, values: [],
                duals: [Double](repeating: 0, count: model.constraintCount), reducedCosts: [], seconds: 0)
        }
        let (problem, sources) = model.flattenWithSources(objective: objective, extraRows: [])
        let outcome = solveRelaxation(problem, timeLimitSeconds: timeLimitSeconds, options: options)
        var duals: [Double]? = nil
        if let rowDuals = outcome.rowDuals {
            var all = [Double](repeating: 0, count: model.constraintCount)
            for (row, source) in sources.enumerated() where source < all.count { all[source] = rowDuals[row] }
            duals = all
        }
        return LPRelaxation(
            termination: outcome.termination, objective: outcome.objective, values: outcome.values, duals: duals,
            reducedCosts: outcome.reducedCosts, seconds: outcome.seconds, message: outcome.message)
    }
}

/// Exact reduced-cost fixing for a minimisation whose objective takes integer values on every integer point.
///
/// From the LP relaxation (value `z`, reduced costs `d`), any integer solution that uses column `j` at 1 or
/// more costs at least `z + d_j`. So:
/// - *target form*: with `T = ⌈z⌉`, keep only the columns with `d_j ≤ T − z`; when the restricted MIP reaches
///   `T`, `T` is the optimum of the whole model.
/// - *improvement form*: with an incumbent of value `u`, any better solution has value `≤ u − 1` and so uses
///   only columns with `d_j ≤ u − 1 − z`; the restricted MIP (plus the incumbent's own columns) has the
///   optimum of the whole model.
///
/// Only a restricted MIP that ended proven (optimal or infeasible) proves anything; one stopped by its time
/// limit leaves the result ``Status/stopped``.
public enum ReducedCostFixing {
    public enum Status: String, Sendable {
        /// `values` is proven optimal for the whole model.
        case optimal
        /// Proven: the model has no solution (with a `cutoff`: none of value at most the cutoff; `values` may
        /// then still hold a solution above it).
        case infeasible
        /// The time limit (or a solver failure) stopped the proof; `values` is the best solution known, if any.
        case stopped
    }

    public struct Result: Sendable {
        public var status: Status
        public var values: [Double]?
        public var value: Double?
        /// The LP relaxation's optimum (a proven lower bound), when it was solved.
        public var lpBound: Double?
        /// The columns kept in the last restricted MIP, and the model's column count.
        public var columnsKept: Int
        public var columnsTotal: Int
        /// Branch-and-bound nodes over the restricted MIPs.
        public var nodes: Int
        /// What was tried, in order (for logs and reports).
        public var steps: [String]
    }

    /// Minimises `model.objectives[0]` (which must be a minimisation with integer values on integer points).
    ///
    /// - Parameters:
    ///   - model: the model; its first objective is minimised.
    ///   - solver: the backend that solves the LPs and the restricted MIPs.
    ///   - incumbent: a feasible solution of the model (checked; dropped when it breaks a constraint).
    ///   - cutoff: only solutions of value at most `cutoff` matter (e.g. one below an incumbent known
    ///     elsewhere); ``Status/infeasible`` then means "none of value at most `cutoff`".
    ///   - target: try the target form first (then the improvement form).
    ///   - targetSeconds: the most the target form may take.
    ///   - improve: run the improvement form after the target form (false: stop after the target attempt).
    ///   - improveAfterTargetLimit: false: when the target form ran out of `targetSeconds` without deciding, stop
    ///     there (`stopped`) instead of running the improvement form (a caller with a cheaper way to a first
    ///     solution takes it); the improvement form still follows a target form that ended.
    ///   - timeLimitSeconds: for everything together.
    ///   - integralCompletion: the caller's word that the objective is integral at an optimal completion of
    ///     every integer point even though some of its terms are on continuous columns (e.g. a transportation
    ///     system whose vertices are integral); without it the objective must be integer-valued by its terms.
    ///   - options: gap, memory, tuning and the control of the solves.
    public static func minimize(
        _ model: Model, solver: any Solver, incumbent: [Double]? = nil, cutoff: Double? = nil, target: Bool = true,
        targetSeconds: Double = 10, improve: Bool = true, improveAfterTargetLimit: Bool = true, timeLimitSeconds: Double? = nil,
        integralCompletion: Bool = false, options: SolveOptions = SolveOptions()
    ) -> Result {
        let started = ContinuousClock.now
        func remaining() -> Double? { timeLimitSeconds.map { $0 - (ContinuousClock.now - started).inSeconds } }
        precondition(model.objectives.count == 1 && model.objectives[0].sense == .minimize, "one minimisation objective")
        precondition(integralCompletion || model.isIntegral(model.objectives[0].expression), "an integer-valued objective")
        let objective = model.objectives[0].expression
        var best: [Double]? = nil
        if let incumbent, incumbent.count == model.variableCount, model.violations(of: incumbent).isEmpty {
            best = incumbent.enumerated().map { model.variables[$0].kind == .continuous ? $1 : $1.rounded() }
        }
        var bestValue: Double? { best.map { objective.value($0).rounded() } }
        var steps: [String] = []
        var nodes = 0
        func result(_ status: Status, lp: Double?, kept: Int) -> Result {
            Result(
                status: status, values: best, value: bestValue, lpBound: lp, columnsKept: kept,
                columnsTotal: model.variableCount, nodes: nodes, steps: steps)
        }
        if let left = remaining(), left <= 0.001 { return result(.stopped, lp: nil, kept: 0) }
        // The incumbent is where the LP starts (a backend that can start from a point, the built-in one).
        var lpOptions = options
        lpOptions.relaxationStart = best
        let lp = solver.relaxation(model, level: 0, timeLimitSeconds: remaining(), options: lpOptions)
        switch lp.termination {
        case .infeasible:
            steps.append("LP infeasible")
            return result(best == nil ? .infeasible : .stopped, lp: nil, kept: 0)
        case .optimal: break
        default:
            steps.append("LP \(lp.termination.rawValue)")
            return result(.stopped, lp: nil, kept: 0)
        }
        let z = lp.objective ?? 0
        let reduced = lp.reducedCosts ?? []
        let floor = (z - Tolerance.solver).rounded(.up)
        steps.append("LP \(z)")
        if let value = bestValue, value <= floor + Tolerance.exact {
            steps.append("incumbent \(value) meets the LP bound")
            return result(.optimal, lp: z, kept: 0)
        }
        if best == nil, let cutoff, floor > cutoff + Tolerance.exact {
            steps.append("LP bound \(floor) above the cutoff \(cutoff)")
            return result(.infeasible, lp: z, kept: 0)
        }
        /// Columns whose reduced cost allows a solution of value at most `limit`, plus `extra`.
        func columns(upTo limit: Double, plus extra: [Double]?) -> [Int] {
            let slack = limit - z + Tolerance.solver
            return model.variables.indices.filter { j in
                (j < reduced.count ? reduced[j] : 0) <= slack || (extra.map { abs($0[j]) > Tolerance.exact } ?? false)
            }
        }
        func solveRestricted(_ kept: [Int], seconds: Double?, start: [Double]?) -> SolveResult {
            let restriction = model.restricted(to: kept)
            var settings = options
            settings.timeLimitSeconds = seconds.map { Swift.max(0.01, $0) }
            settings.warmStart = start.flatMap { restriction.restrict($0) }
            // The relaxation's optimum lies in the restricted program (every column it uses has reduced cost 0 and
            // is kept): the root's LP starts there.
            settings.relaxationStart = lp.values.flatMap { restriction.restrict($0) }
            settings.integralObjective = true
            var outcome = solver.solve(restriction.model, options: settings)
            nodes += outcome.nodes
            if let values = outcome.values { outcome.solution = Assignment(restriction.expand(values)) }
            return outcome
        }
        var targetUndecided = false
        if target && (cutoff.map { floor <= $0 + Tolerance.exact } ?? true) {
            let kept = columns(upTo: floor, plus: nil)
            let limit = Swift.min(targetSeconds, remaining() ?? targetSeconds)
            let outcome = solveRestricted(kept, seconds: limit, start: nil)
            steps.append("target \(Int(floor)) over \(kept.count) of \(model.variableCount) columns: \(outcome.stopReason.rawValue)")
            if let values = outcome.values, outcome.stopReason.endsWithSearch {
                let value = objective.value(values).rounded()
                if bestValue == nil || value < bestValue! { best = values }
                if outcome.stopReason == .optimal && value <= floor + Tolerance.exact { return result(.optimal, lp: z, kept: kept.count) }
            }
            targetUndecided = outcome.stopReason != .optimal && outcome.stopReason != .infeasible
        }
        if !improve || (targetUndecided && !improveAfterTargetLimit) {
            return result(best != nil && bestValue! <= floor + Tolerance.exact ? .optimal : .stopped, lp: z, kept: 0)
        }
        // Improvement form: any better solution has value at most best - 1 (and at most the cutoff).
        let limitValue = Swift.min(bestValue.map { $0 - 1 } ?? .infinity, cutoff ?? .infinity)
        let kept = limitValue.isFinite ? columns(upTo: limitValue, plus: best) : Array(model.variables.indices)
        if let left = remaining(), left <= 0.001 { return result(.stopped, lp: z, kept: kept.count) }
        let priorValue = bestValue
        let outcome = solveRestricted(kept, seconds: remaining(), start: best)
        steps.append(
            "improve below \(priorValue.map { String(Int($0)) } ?? "∞") over \(kept.count) of \(model.variableCount) columns: \(outcome.stopReason.rawValue)"
        )
        if let values = outcome.values, outcome.stopReason.endsWithSearch {
            let value = objective.value(values).rounded()
            if bestValue == nil || value < bestValue! { best = values }
        }
        switch outcome.stopReason {
        case .optimal, .infeasible:
            // Every solution of value at most limitValue uses only kept columns, so the restricted optimum is
            // the optimum among them. Above limitValue only the prior incumbent (value limitValue + 1) counts.
            guard let value = bestValue else { return result(.infeasible, lp: z, kept: kept.count) }
            if value <= limitValue + Tolerance.exact { return result(.optimal, lp: z, kept: kept.count) }
            if let priorValue, priorValue - 1 <= limitValue + Tolerance.exact { return result(.optimal, lp: z, kept: kept.count) }
            return result(.infeasible, lp: z, kept: kept.count)
        default:
            return result(.stopped, lp: z, kept: kept.count)
        }
    }
}
