import Testing
import TouchlineMILP
import TouchlineSearch

/// The modelling layer's guard rails: variables belong to their model, constraints come back as references,
/// keyed groups, values only from a solve that has a solution, and why a solve stopped.
@Suite struct ModellingSafetyTests {
    @Test func aVariableOfAnotherModelIsAValidationErrorNamingWhereItWasUsed() {
        var first = Model(name: "first")
        let x = first.addBinary("x")
        var second = Model(name: "second")
        _ = second.addBinary("y")
        second.add(1 * x <= 1, name: "borrowed")
        #expect(throws: MILPError.foreignVariable(place: "constraint borrowed", variable: 0)) { try second.validate() }

        var third = Model(name: "third")
        _ = third.addBinary("z")
        third.maximize(1 * x, name: "value")
        #expect(throws: MILPError.foreignVariable(place: "objective value", variable: 0)) { try third.validate() }

        // A copy of a model shares its identity: its variables stay usable there.
        var copy = first
        copy.add(1 * x <= 1, name: "own")
        #expect(throws: Never.self) { try copy.validate() }

        #if GLPK
            let result = GLPKSolver().solve(second)
            #expect(result.stopReason == .error)
            #expect(result.solution == nil)
            #expect(result.message?.contains("borrowed") == true)
        #endif
    }

    @Test func namesAreOptionalAndAddReturnsAReference() throws {
        var model = Model()
        let x = model.addInteger(upper: 4)
        let y = model.addVariable()
        let row = model.add(1 * x + y <= 3)
        let named = model.add(1 * x >= 1, name: "atLeastOne")
        #expect(model.variables.map(\.name) == ["x0", "x1"])
        #expect(model[row]?.name == "r0")
        #expect(model[named]?.name == "atLeastOne")
        #expect(model[row]?.upper == 3)
        #expect(Model()[row] == nil, "a reference reads only its own model")
    }

    struct Pair: Hashable, Sendable {
        var match: String
        var official: String
    }

    @Test func keyedGroupsReadByKeyAndSkipMissingKeys() throws {
        var model = Model(name: "assignment")
        let pairs = [Pair(match: "m1", official: "ann"), Pair(match: "m1", official: "bob"), Pair(match: "m2", official: "bob")]
        let assign = model.addBinaries(pairs) { "assign[\($0.match),\($0.official)]" }
        #expect(assign.count == 3)
        #expect(assign[Pair(match: "m2", official: "ann")] == nil)
        #expect(assign.map(\.key) == pairs)
        for match in ["m1", "m2"] {
            // ann cannot take m2: her missing variable adds nothing.
            let crew = ["ann", "bob"].map { assign[Pair(match: match, official: $0)] }
            model.add(sum(crew) == 1, name: "cover[\(match)]")
        }
        model.add(assign.sum { $0.official == "bob" } <= 1, name: "load[bob]")
        model.maximize(1 * assign[Pair(match: "m1", official: "ann")]! + 0, name: "ann")
        #expect(throws: Never.self) { try model.validate() }
        #if GLPK
            let result = GLPKSolver().solve(model)
            let solution = try #require(result.solution)
            #expect(solution.isOn(assign[Pair(match: "m1", official: "ann")]))
            #expect(solution.isOn(assign[Pair(match: "m2", official: "bob")]))
            #expect(!solution.isOn(assign[Pair(match: "m2", official: "ann")]), "a missing key is off")
        #endif
    }

    /// Auxiliary variables declared with how they follow from the decision variables: a start from a plan
    /// sets the decisions, the layer the rest, and the result is feasible.
    @Test func aStartIsCompletedFromTheDecisionVariables() throws {
        var model = Model(name: "loads")
        // Three matches, two officials: x[m][o].
        let x = (0..<3).map { m in (0..<2).map { o in model.addBinary("x[\(m),\(o)]") } }
        for m in 0..<3 { model.add(sum(x[m]) == 1, name: "cover[\(m)]") }
        let loads = (0..<2).map { o in sum((0..<3).map { x[$0][o] }) }
        let maxLoad = model.addInteger("maxLoad", upper: 3)
        for o in 0..<2 { model.add(loads[o] <= LinearExpression(maxLoad), name: "load[\(o)]") }
        model.define(maxLoad, as: .maxOf(loads, floor: 0))
        let busy = model.addBinary("busy[1]")
        model.add(loads[1] <= 3 * busy, name: "busy[1]")
        model.define(busy, as: .indicator(loads[1]))
        let spare = model.addVariable("spare", upper: 3)
        model.add(1 * spare == 3 - loads[0], name: "spare")
        model.define(spare, as: .expression(3 - loads[0]))
        let twice = model.addVariable("twice", upper: 6)
        model.add(1 * twice == 2 * maxLoad, name: "twice")
        model.define(twice, as: .rule { values in 2 * values[maxLoad.index] })
        model.minimize(LinearExpression(maxLoad), name: "maxLoad")

        // The plan: official of each match.
        var recipe = StartRecipe<[Int]>()
        for m in 0..<3 { for o in 0..<2 { recipe.set(x[m][o]) { plan in plan[m] == o ? 1 : 0 } } }
        let start = recipe.values(for: [0, 0, 1], in: model)
        #expect(start[maxLoad.index] == 2)
        #expect(start[busy.index] == 1)
        #expect(start[spare.index] == 1)
        #expect(start[twice.index] == 4)
        #expect(model.violations(of: start).isEmpty, "\(model.violations(of: start))")
        #expect(recipe.values(for: [0, 0, 0], in: model)[busy.index] == 0)
        #if GLPK
            let result = GLPKSolver().solve(model, options: SolveOptions(warmStart: start))
            #expect(result.levels.first?.warmStartAccepted == true)
            #expect(result.objectiveValues == [2])
        #endif
    }

    #if GLPK
        /// A 30-item knapsack whose start is within a few per cent of the LP bound but not optimal: with a requested
        /// gap of 50 % the search stops at once, and says that the gap, not the clock, stopped it.
        @Test func aStopAtTheRequestedGapIsNotATimeLimit() throws {
            var generator = SeededRandom(seed: 7)
            let weights = (0..<30).map { _ in Double(20 + generator.next() % 60) }
            let values = (0..<30).map { _ in Double(10 + generator.next() % 90) }
            let capacity = weights.reduce(0, +) / 3
            var model = Model(name: "knapsack")
            let take = (0..<30).map { model.addBinary("take\($0)") }
            var load = LinearExpression(), value = LinearExpression()
            for i in 0..<30 {
                load.add(take[i], coefficient: weights[i])
                value.add(take[i], coefficient: values[i])
            }
            model.add(load <= capacity, name: "capacity")
            model.maximize(value, name: "value")
            // Greedy by value density, then without its last item: feasible, and worse than the optimum.
            var start = [Double](repeating: 0, count: 30), used = 0.0, last = 0
            for i in (0..<30).sorted(by: { values[$0] / weights[$0] > values[$1] / weights[$1] }) where used + weights[i] <= capacity {
                start[i] = 1
                used += weights[i]
                last = i
            }
            start[last] = 0
            let exact = GLPKSolver().solve(model)
            #expect(exact.stopReason == .optimal)
            let greedyValue = value.value(start)
            try #require(exact.objectiveValues[0] > greedyValue + 0.5, "the fixture needs a greedy start that is not optimal")

            let stopped = GLPKSolver().solve(model, options: SolveOptions(mipGap: 0.5, warmStart: start))
            #expect(stopped.stopReason == .gapReached)
            #expect(stopped.solution != nil)
            #expect(stopped.levels.first?.termination == .feasible)
            #expect(stopped.levels.first?.stopReason == .gapReached)
            #expect(stopped.message?.contains("gap") == true)
        }
    #endif
}
