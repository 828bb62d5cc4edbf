import Testing

@testable import TouchlineMILP

/// Models with optima known by hand, solved by the GLPK backend.
@Suite struct KnownOptimaTests {
    #if GLPK
        let solver = GLPKSolver()

        @Test func knapsack() throws {
            // Items (weight, value): (12,4) (2,2) (1,1) (1,2) (4,10); capacity 15. Optimum: all but the first,
            // value 15, plus the objective's constant 100.
            let model = Fixtures.knapsack()
            let result = solver.solve(model)
            #expect(result.stopReason == .optimal)
            #expect(result.objectiveValues == [115])
            #expect(result.gap == 0)
            let values = try #require(result.values)
            #expect(values == [0, 1, 1, 1, 1])
            #expect(model.violations(of: values).isEmpty)
        }

        @Test func assignment() throws {
            // 3 workers x 3 jobs; the optimal assignment costs 5 (0->1, 1->0, 2->2).
            let cost: [[Double]] = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]
            var model = Model(name: "assignment")
            var x: [[Variable]] = []
            for i in 0..<3 { x.append((0..<3).map { model.addBinary("x_\(i)_\($0)") }) }
            for i in 0..<3 { model.add(sum(x[i]) == 1, name: "worker_\(i)") }
            for j in 0..<3 { model.add(sum((0..<3).map { x[$0][j] }) == 1, name: "job_\(j)") }
            var total = LinearExpression()
            for i in 0..<3 { for j in 0..<3 { total.add(x[i][j], coefficient: cost[i][j]) } }
            model.minimize(total, name: "cost")
            let result = solver.solve(model)
            #expect(result.stopReason == .optimal)
            #expect(result.objectiveValues == [5])
            let solution = try #require(result.solution)
            #expect(solution.isOn(x[0][1]) && solution.isOn(x[1][0]) && solution.isOn(x[2][2]))
        }

        @Test func facilityLocation() throws {
            // Two sites (open cost 10 and 4), three customers. Serving costs: site 0: 1,1,1; site 1: 5,5,1.
            // Open only site 0: 10 + 3 = 13. Open only site 1: 4 + 11 = 15. Both: 14 + 1 + 1 + 1 = 17. Optimum 13.
            let open = [10.0, 4]
            let serve: [[Double]] = [[1, 1, 1], [5, 5, 1]]
            var model = Model(name: "facility")
            let y = (0..<2).map { model.addBinary("open_\($0)") }
            var x: [[Variable]] = []
            for s in 0..<2 { x.append((0..<3).map { model.addVariable("serve_\(s)_\($0)", lower: 0, upper: 1) }) }
            for c in 0..<3 { model.add(x[0][c] + x[1][c] == 1, name: "demand_\(c)") }
            for s in 0..<2 { for c in 0..<3 { model.add(x[s][c] <= y[s], name: "link_\(s)_\(c)") } }
            var total = LinearExpression()
            for s in 0..<2 {
                total.add(y[s], coefficient: open[s])
                for c in 0..<3 { total.add(x[s][c], coefficient: serve[s][c]) }
            }
            model.minimize(total, name: "cost")
            let result = solver.solve(model)
            #expect(result.stopReason == .optimal)
            #expect(abs(result.objectiveValues[0] - 13) < 1e-9)
            let solution = try #require(result.solution)
            #expect(solution.isOn(y[0]) && !solution.isOn(y[1]))
        }

        @Test func infeasible() {
            var model = Model()
            let x = model.addInteger("x", lower: 0, upper: 10)
            let y = model.addInteger("y", lower: 0, upper: 10)
            model.add(x + y >= 5, name: "at_least")
            model.add(x + y <= 4, name: "at_most")
            model.minimize(LinearExpression(x), name: "x")
            let result = solver.solve(model)
            #expect(result.stopReason == .infeasible)
            #expect(result.values == nil)
        }

        @Test func integerInfeasibleWithFeasibleRelaxation() {
            // 2x = 1 has the LP solution x = 0.5 but no integer one.
            var model = Model()
            let x = model.addInteger("x", lower: 0, upper: 3)
            model.add(2 * x == 1, name: "odd")
            let result = solver.solve(model)
            #expect(result.stopReason == .infeasible)
        }

        @Test func unbounded() {
            var model = Model()
            let x = model.addInteger("x", lower: 0)
            let y = model.addVariable("y", lower: 0)
            model.add(x - y <= 3, name: "link")
            model.maximize(x + y, name: "grow")
            let result = solver.solve(model)
            #expect(result.stopReason == .unbounded)
        }

        @Test func lexicographicLevelsAreHeldInOrder() {
            // Three binaries, exactly two chosen. Level 1: minimise cost (a=1, b=1, c=2): {a, b}, cost 2.
            // Level 2 (maximise c) cannot move level 1, so c stays 0 and the answer stays {a, b}.
            var model = Model()
            let a = model.addBinary("a"), b = model.addBinary("b"), c = model.addBinary("c")
            model.add(a + b + c == 2, name: "two")
            model.minimize(a + b + 2 * c, name: "cost")
            model.maximize(LinearExpression(c), name: "prefer_c")
            let result = solver.solve(model)
            #expect(result.stopReason == .optimal)
            #expect(result.objectiveValues == [2, 0])
            #expect(result.levels.count == 2)
            // Swapping the levels changes the answer: c is taken first, then the cheapest partner.
            var swapped = Model()
            let a2 = swapped.addBinary("a"), b2 = swapped.addBinary("b"), c2 = swapped.addBinary("c")
            swapped.add(a2 + b2 + c2 == 2, name: "two")
            swapped.maximize(LinearExpression(c2), name: "prefer_c")
            swapped.minimize(a2 + b2 + 2 * c2, name: "cost")
            let second = solver.solve(swapped)
            #expect(second.objectiveValues == [1, 3])
        }

        @Test func lexicographicContinuousLevelUsesTolerance() {
            // Level 1: minimise x + y with x + y >= 1.5 (continuous); level 2: maximise x. Level 2 may use the slack
            // of at most 1e-6 + 1e-9 * 1.5 above level 1's optimum.
            var model = Model()
            let x = model.addVariable("x", lower: 0, upper: 10)
            let y = model.addVariable("y", lower: 0, upper: 10)
            model.add(x + y >= 1.5, name: "cover")
            model.minimize(x + y, name: "total")
            model.maximize(LinearExpression(x), name: "x")
            let result = solver.solve(model)
            #expect(result.stopReason == .optimal)
            #expect(abs(result.objectiveValues[0] - 1.5) <= 1e-6 + 2e-9)
            #expect(abs(result.objectiveValues[1] - 1.5) <= 1e-6 + 2e-9)
        }

        @Test func warmStartIsAcceptedAndChecked() {
            var model = Model()
            let x = (0..<4).map { model.addBinary("x_\($0)") }
            model.add(sum(x) <= 2, name: "two")
            model.maximize(x[0] + 2 * x[1] + 3 * x[2] + 4 * x[3], name: "value")
            let good = solver.solve(model, options: SolveOptions(warmStart: [0, 0, 1, 1]))
            #expect(good.stopReason == .optimal)
            #expect(good.objectiveValues == [7])
            #expect(good.notes.isEmpty)
            let bad = solver.solve(model, options: SolveOptions(warmStart: [1, 1, 1, 1]))
            #expect(bad.stopReason == .optimal)
            #expect(bad.objectiveValues == [7])
            #expect(bad.notes.contains { $0.contains("warm start ignored") })
        }
    #endif
}
