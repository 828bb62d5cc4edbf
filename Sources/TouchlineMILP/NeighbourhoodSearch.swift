import Foundation

/// Large-neighbourhood search with a MILP solver on the sub-problems: free a part of the incumbent's columns,
/// fix every other column at its incumbent value, re-optimise the part under a short time limit, keep the
/// result when it is better. The way MILP-based assigners reach good plans fast where the solver's own primal
/// heuristics are weak; nothing here knows what the columns mean.
///
/// One level of a lexicographic model is improved at a time: the earlier levels are held at the incumbent's
/// values (as rows), the later ones are ignored. A sub-problem contains the incumbent itself (it is offered as
/// the warm start), so no accepted step is ever worse. The search proves nothing about the whole model: its
/// bound must come from elsewhere (the whole model's relaxation or branch and bound).
public struct NeighbourhoodSearch: Sendable {
    /// The outcome: the best solution found and what the search did.
    public struct Outcome: Sendable {
        /// The incumbent, one value per column of the whole model.
        public var values: [Double]
        /// Its value on the improved level.
        public var objective: Double
        /// Sub-problems solved, and how many improved the incumbent.
        public var rounds: Int
        public var improvements: Int
        public var seconds: Double
    }

    /// What the search has seen so far, given to the caller that chooses the next neighbourhood.
    public struct Round: Sendable {
        /// Sub-problems solved before this one (0 for the first).
        public var index: Int
        /// Rounds since the last improvement.
        public var stalled: Int
        /// Rounds in a row, since the last improvement, whose sub-problem the solver closed (proved that its
        /// neighbourhood holds nothing better) well within the round's time: a sign that neighbourhoods of
        /// that size are exhausted and cheap, so a wider one is due. A round stopped by its time limit resets it.
        public var exhausted: Int
    }

    public var model: Model
    /// The objective level improved (0-based).
    public var level: Int
    public var solver: any Solver

    public init(model: Model, level: Int, solver: any Solver) {
        self.model = model
        self.level = level
        self.solver = solver
    }

    /// Improves `start` (a solution of the model) until `next` gives no more neighbourhoods, the time limit of
    /// `options` runs out or the control cancels. `next(round, incumbent)` returns the columns to free
    /// (``Round`` says how the search has gone, so that a caller can widen its neighbourhoods). An
    /// auxiliary column left fixed only restricts the sub-problem (its row keeps the old value feasible);
    /// after each sub-solve every column with a definition (``Model/define(_:as:)``) is recomputed from the
    /// plan, so the value compared is the plan's own. `stop` ends the search once the incumbent's value
    /// satisfies it (a value that meets a proven bound cannot be improved).
    public func improve(
        _ start: [Double], options: SolveOptions, roundSeconds: Double, stop: (Double) -> Bool = { _ in false },
        next: (_ round: Round, _ incumbent: [Double]) -> [Int]?
    ) -> Outcome {
        let started = ContinuousClock.now
        func elapsed() -> Double { (ContinuousClock.now - started).inSeconds }
        let objective = model.objectives[level]
        let better: (Double, Double) -> Bool = objective.sense == .minimize ? { $0 < $1 - 0.5 } : { $0 > $1 + 0.5 }
        var incumbent = start
        var value = objective.expression.value(start)
        var rounds = 0, improvements = 0, stalled = 0, exhausted = 0
        while !options.isCancelled && !stop(value) {
            let left = (options.timeLimitSeconds ?? .infinity) - elapsed()
            if left < 0.05 { break }
            guard let free = next(Round(index: rounds, stalled: stalled, exhausted: exhausted), incumbent), !free.isEmpty else { break }
            rounds += 1
            let restricted = model.restricted(to: free, at: incumbent)
            var sub = restricted.model
            let earlier = Array(sub.objectives.prefix(level))
            sub.objectives = [sub.objectives[level]]
            // A bound derived from the earlier levels' values needs those values: the sub-problem has none.
            sub.objectives[0].boundFromEarlier = nil
            for held in earlier {
                let target = held.expression.value(restricted.restrict(incumbent) ?? [])
                let expression = held.expression
                sub.add(
                    held.sense == .minimize ? expression <= target + Tolerance.solver : expression >= target - Tolerance.solver,
                    name: "hold_\(held.name)")
            }
            var subOptions = options
            let roundLimit = min(roundSeconds, left)
            subOptions.timeLimitSeconds = roundLimit
            subOptions.warmStart = restricted.restrict(incumbent)
            subOptions.reportsLevels = false
            let result = solver.solve(sub, options: subOptions)
            if let control = options.control, control.isTracing {
                let found = result.objectiveValues.first.map { String(format: "%.0f", $0) } ?? "-"
                control.trace(
                    String(
                        format: "lns round %d at %.2f s: %d columns, %d rows, %.2f s, ", rounds, elapsed(), free.count,
                        sub.constraintCount, result.seconds) + "\(result.stopReason.rawValue), \(found) (incumbent \(Int(value)))")
            }
            stalled += 1
            if result.stopReason == .optimal && result.seconds < 0.5 * roundLimit {
                exhausted += 1
            } else if result.stopReason == .timeLimit {
                exhausted = 0
            }
            guard let values = result.solution?.values else { continue }
            // Auxiliary columns left fixed may over-state the new plan's cost: the model's definitions give
            // every defined column its value from the plan, so the comparison is exact.
            let candidate = model.completeStart(restricted.expand(values))
            let candidateValue = objective.expression.value(candidate)
            if better(candidateValue, value) && model.violations(of: candidate).isEmpty {
                incumbent = candidate
                value = candidateValue
                improvements += 1
                stalled = 0
                exhausted = 0
                options.control?.report(
                    .progress(
                        level: objective.name, incumbent: value, bound: nil, gap: nil, nodes: rounds, seconds: elapsed()))
            }
        }
        return Outcome(values: incumbent, objective: value, rounds: rounds, improvements: improvements, seconds: elapsed())
    }
}
