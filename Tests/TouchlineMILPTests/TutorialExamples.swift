// swift-format-ignore-file
// (not formatted: the documentation's code blocks are checked against this file line by line)
// The steps of TouchlineMILP.docc/Tutorial.md, compiled and run by `TutorialTests`, which also checks that every
// ```swift block of the article appears here verbatim.
import TouchlineMILP

enum TutorialExamples {
    struct Outcome {
        var levels: [Double]
        var relaxationBound: Double?
        var reducedCostOptimum: Double?
        var cancelledHasValues: Bool
    }

    static func run() throws -> Outcome {
        var outcome = Outcome(levels: [], relaxationBound: nil, reducedCostOptimum: nil, cancelledHasValues: true)
        // Step 1: a knapsack.
        var model = Model(name: "knapsack")
        let take = (0..<4).map { model.addBinary("take[\($0)]") }
        let weight = [2.0, 3.0, 4.0, 5.0], value = [3.0, 4.0, 5.0, 6.0]
        model.add(sum(zip(weight, take).map { $0 * $1 }) <= 9, name: "capacity")
        model.maximize(sum(zip(value, take).map { $0 * $1 }), name: "value")

        // Step 2: a second level, among the first level's optima only.
        model.minimize(sum(take), name: "items")
        guard let solver = Solvers.default else { fatalError("a greedy-only build has no MILP backend") }
        let result = solver.solve(model, options: SolveOptions(timeLimitSeconds: 5))
        print(result.stopReason, result.objectiveValues)            // optimal [12.0, 3.0]

        // Step 3: the LP relaxation, with duals and reduced costs.
        let lp = solver.relaxation(model)
        print(lp.objective as Any, lp.duals as Any, lp.reducedCosts as Any)

        // Step 4: exact reduced-cost fixing on an integer-valued minimisation.
        var cover = Model(name: "cover")
        let pick = (0..<5).map { cover.addBinary("pick[\($0)]") }
        for element in 0..<5 { cover.add(pick[element] + pick[(element + 1) % 5] >= 1, name: "element[\(element)]") }
        cover.minimize(sum(pick), name: "picked")
        let fixed = ReducedCostFixing.minimize(cover, solver: solver, timeLimitSeconds: 5)
        print(fixed.status, fixed.value as Any)                        // optimal 3.0

        // Step 5: stop a solve from another thread.
        let control = SolveControl()
        control.cancel()
        let stopped = solver.solve(cover, options: SolveOptions(control: control))
        print(stopped.stopReason, stopped.message ?? "")               // cancelled cancelled before level 1 (picked)

        outcome.levels = result.objectiveValues
        outcome.relaxationBound = lp.objective
        outcome.reducedCostOptimum = fixed.value
        outcome.cancelledHasValues = stopped.values != nil
        return outcome
    }
}
