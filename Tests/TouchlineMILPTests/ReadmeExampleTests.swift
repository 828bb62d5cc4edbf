// swift-format-ignore-file
// (not formatted: the documentation's code blocks are checked against this file line by line)
import Testing
import TouchlineMILP

/// The example of the TouchlineMILP catalog's overview, run so that it cannot rot (`DocExampleTests` checks that
/// the article's lines are these).
@Suite struct ReadmeExampleTests {
    @Test func knapsackWithTwoLevels() throws {
        var model = Model(name: "knapsack")
        let take = (0..<3).map { model.addBinary("take[\($0)]") }
        model.add(2 * take[0] + 3 * take[1] + 4 * take[2] <= 5, name: "capacity")
        model.maximize(3 * take[0] + 4 * take[1] + 5 * take[2], name: "value")   // level 1
        model.minimize(take[0] + take[1] + take[2], name: "items")                // level 2, among level-1 optima
        if let solver = Solvers.default {                                          // nil in a greedy-only build
            let result = solver.solve(model, options: SolveOptions(timeLimitSeconds: 5))
            print(result.stopReason, result.objectiveValues, result.bound as Any, result.gap as Any)
        }
        print(try model.export(.lp))   // CPLEX LP; .mps for free MPS
        if let solver = Solvers.default {
            let result = solver.solve(model, options: SolveOptions(timeLimitSeconds: 5))
            #expect(result.stopReason == .optimal)
            #expect(result.objectiveValues == [7, 2])
        }
        let lp = try model.export(.lp)
        #expect(lp.contains("capacity: + 2 take(0) + 3 take(1) + 4 take(2) <= 5"))
        #expect(lp.contains("Binaries"))
    }
}
