import Testing
import TouchlineSearch

@testable import TouchlineMILP

/// LP relaxations (values, duals, reduced costs), restriction to a subset of columns, and exact reduced-cost
/// fixing, on textbook models whose answers are known and against the full MILP on random small models.
@Suite struct RelaxationTests {
    /// Restriction needs no solver: left-out columns move into the bounds and the objective constant.
    @Test func restrictionMovesFixedColumnsIntoBounds() throws {
        var model = Model(name: "r")
        let x = model.addVariable("x", lower: 2, upper: 5)
        let y = model.addBinary("y")
        let z = model.addBinary("z")
        model.add(x + y + z <= 6, name: "cap")
        model.minimize(3 * x + y - z + 1, name: "cost")
        let restricted = model.restricted(to: [2, 1])
        #expect(restricted.columns == [2, 1])
        #expect(restricted.model.variableCount == 2)
        // x is fixed at 2 (the value in [2, 5] nearest 0): cap becomes y + z <= 4, the constant 1 + 6 = 7.
        let cap = try #require(restricted.model.constraints.first)
        #expect(cap.upper == 4)
        #expect(restricted.model.objectives[0].expression.constant == 7)
        #expect(restricted.expand([1, 0]) == [2, 0, 1])
        #expect(restricted.restrict([2, 1, 0]) == [0, 1])
        #expect(restricted.restrict([3, 1, 0]) == nil)
    }

    #if GLPK
        let solver = GLPKSolver()

        /// min x + y, x + 2y >= 4, 3x + y >= 6: optimum (1.6, 1.2) = 2.8; duals 0.4 and 0.2; both columns basic.
        @Test func lpValuesDualsAndReducedCosts() throws {
            var model = Model(name: "lp")
            let x = model.addVariable("x")
            let y = model.addVariable("y")
            model.add(x + 2 * y >= 4, name: "a")
            model.add(3 * x + y >= 6, name: "b")
            model.minimize(x + y, name: "sum")
            let lp = solver.relaxation(model)
            #expect(lp.termination == .optimal)
            let objective = try #require(lp.objective)
            #expect(abs(objective - 2.8) < 1e-9)
            let values = try #require(lp.values)
            #expect(abs(values[0] - 1.6) < 1e-9 && abs(values[1] - 1.2) < 1e-9)
            let duals = try #require(lp.duals)
            #expect(abs(duals[0] - 0.4) < 1e-9 && abs(duals[1] - 0.2) < 1e-9)
            let reduced = try #require(lp.reducedCosts)
            #expect(reduced.allSatisfy { abs($0) < 1e-9 })
        }

        @Test func lpReportsInfeasibility() {
            var model = Model(name: "none")
            let x = model.addVariable("x", lower: 0, upper: 1)
            model.add(2 * x >= 3, name: "too_much")
            model.minimize(LinearExpression(x), name: "x")
            #expect(solver.relaxation(model).termination == .infeasible)
        }

        /// A set-partitioning instance: cover {1..6} exactly with subsets; the optimum (3, by {1,2}+{3,4}+{5,6}
        /// at cost 1+1+1) is known, and the column {1,2,3,4,5,6} at cost 5 is fixed away by its reduced cost.
        @Test func setPartitioningByReducedCostFixing() throws {
            let subsets: [([Int], Double)] = [
                ([1, 2], 1), ([3, 4], 1), ([5, 6], 1), ([1, 2, 3], 2), ([4, 5, 6], 2.0), ([1, 2, 3, 4, 5, 6], 5),
                ([1, 4], 2), ([2, 5], 2), ([3, 6], 2), ([1], 1), ([6], 1)
            ]
            var model = Model(name: "partition")
            let columns = subsets.enumerated().map { model.addBinary("s\($0.offset)") }
            for element in 1...6 {
                model.add(sum(subsets.indices.filter { subsets[$0].0.contains(element) }.map { columns[$0] }) == 1, name: "e\(element)")
            }
            var cost = LinearExpression()
            for (index, subset) in subsets.enumerated() { cost.add(columns[index], coefficient: subset.1) }
            model.minimize(cost, name: "cost")
            let fixed = ReducedCostFixing.minimize(model, solver: solver)
            #expect(fixed.status == .optimal)
            #expect(fixed.value == 3)
            #expect(fixed.columnsKept < fixed.columnsTotal)
            let values = try #require(fixed.values)
            #expect(model.violations(of: values).isEmpty)
            #expect(solver.solve(model).objectiveValues == [3])
        }

        /// The knapsack of ``Fixtures/knapsack()`` as a minimisation (value lost), from a poor incumbent: the
        /// improvement form must reach the known optimum.
        @Test func knapsackFromAPoorIncumbent() throws {
            let weights: [Double] = [12, 2, 1, 1, 4]
            let values: [Double] = [4, 2, 1, 2, 10]
            var model = Model(name: "knapsack-min")
            let x = weights.indices.map { model.addBinary("x\($0)") }
            var weight = LinearExpression()
            var lost = LinearExpression(values.reduce(0, +))
            for i in weights.indices {
                weight.add(x[i], coefficient: weights[i])
                lost.add(x[i], coefficient: -values[i])
            }
            model.add(weight <= 15, name: "capacity")
            model.minimize(lost, name: "lost")
            let poor: [Double] = [0, 1, 0, 0, 0]
            let fixed = ReducedCostFixing.minimize(model, solver: solver, incumbent: poor, target: false)
            #expect(fixed.status == .optimal)
            #expect(fixed.value == 4)  // 19 in all, 15 taken (everything but the first item)
        }

        @Test func infeasibleModelIsProvenInfeasible() {
            var model = Model(name: "none")
            let a = model.addBinary("a")
            let b = model.addBinary("b")
            model.add(a + b == 1, name: "one")
            model.add(a + b >= 2, name: "two")
            model.minimize(a + b, name: "count")
            #expect(ReducedCostFixing.minimize(model, solver: solver).status == .infeasible)
        }

        /// Random small set-covering models with integer costs: reduced-cost fixing (target and improvement
        /// forms, with and without an incumbent) reaches the optimum the full MILP proves, every time.
        @Test(arguments: 1...12)
        func equalsTheFullMILPOnRandomModels(seed: UInt64) throws {
            var random = SeededRandom(seed: seed)
            let elements = 6 + random.int(below: 5)
            let columns = 14 + random.int(below: 14)
            var model = Model(name: "cover-\(seed)")
            var members: [[Int]] = []
            var variables: [Variable] = []
            for j in 0..<columns {
                var set = Set<Int>()
                for _ in 0..<(1 + random.int(below: 4)) { set.insert(random.int(below: elements)) }
                members.append(set.sorted())
                variables.append(random.int(below: 3) == 0 ? model.addInteger("c\(j)", lower: 0, upper: 2) : model.addBinary("c\(j)"))
            }
            for e in 0..<elements {
                let covering = (0..<columns).filter { members[$0].contains(e) }.map { variables[$0] }
                // Every element gets at least one covering column (a singleton that costs more).
                let extra = model.addInteger("single\(e)", lower: 0, upper: 2)
                variables.append(extra)
                model.add(sum(covering) + extra >= Double(1 + random.int(below: 2)), name: "cover\(e)")
            }
            var cost = LinearExpression()
            for (index, variable) in variables.enumerated() {
                cost.add(variable, coefficient: Double(index < columns ? 1 + random.int(below: 6) : 9))
            }
            model.minimize(cost, name: "cost")
            let full = solver.solve(model)
            #expect(full.stopReason == .optimal)
            let optimum = try #require(full.objectiveValues.first)
            let target = ReducedCostFixing.minimize(model, solver: solver, target: true)
            #expect(target.status == .optimal)
            #expect(target.value == optimum)
            let improve = ReducedCostFixing.minimize(model, solver: solver, target: false)
            #expect(improve.value == optimum)
            // From a feasible but poor incumbent: every column at its upper bound.
            let everything = model.variables.map(\.upper)
            let fromIncumbent = ReducedCostFixing.minimize(model, solver: solver, incumbent: everything, target: false)
            #expect(fromIncumbent.status == .optimal)
            #expect(fromIncumbent.value == optimum)
            if let values = fromIncumbent.values { #expect(model.violations(of: values).isEmpty) }
        }
    #endif
}
