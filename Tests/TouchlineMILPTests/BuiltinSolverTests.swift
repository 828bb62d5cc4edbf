import Foundation
import Testing
import TouchlineSearch

@testable import TouchlineMILP

/// The built-in backend (simplex and branch and bound in Swift), in every build: known optima, and random small
/// programs against the exhaustive enumeration of their integer points (an oracle that shares no code with it).
@Suite struct BuiltinSolverTests {
    let solver = BuiltinSolver()

    @Test func knapsack() throws {
        let model = Fixtures.knapsack()
        let result = solver.solve(model)
        #expect(result.stopReason == .optimal)
        #expect(result.objectiveValues == [115])
        let values = try #require(result.values)
        #expect(values == [0, 1, 1, 1, 1])
    }

    @Test func mixedBoundsAndRows() throws {
        let model = Fixtures.mixed()
        let result = solver.solve(model)
        #expect(result.stopReason == .optimal)
        // a ≤ 1 (cap), b = c + 0.5 and a + b ≥ −1 give a + 2b + e + 0.5 ≥ −a − 1.5 + e ≥ −2.5, reached at a = 1,
        // b = −2, c = −2.5, e = 0.
        #expect(abs(result.objectiveValues[0] - -2.5) < 1e-9)
        #expect(model.violations(of: try #require(result.values)).isEmpty)
    }

    @Test func marketSplitStopsAtItsLimitWithTheWarmStart() throws {
        let (model, allZero) = Fixtures.marketSplit()
        let result = solver.solve(model, options: SolveOptions(timeLimitSeconds: 0.5, warmStart: allZero))
        #expect(result.stopReason == .timeLimit)
        let values = try #require(result.values)
        #expect(model.violations(of: values).isEmpty)
        #expect(result.seconds < 5)
    }

    @Test func cancellationStopsTheSearch() {
        let (model, _) = Fixtures.marketSplit()
        let control = SolveControl()
        control.cancel()
        let result = solver.solve(model, options: SolveOptions(timeLimitSeconds: 30, control: control))
        #expect(result.stopReason == .cancelled)
    }

    @Test func infeasibleAndUnbounded() {
        var model = Model(name: "infeasible")
        let x = model.addInteger("x", lower: 0, upper: 10)
        let y = model.addInteger("y", lower: 0, upper: 10)
        model.add(2 * x + 2 * y == 7, name: "odd")
        model.minimize(x + y, name: "size")
        #expect(solver.solve(model).stopReason == .infeasible)

        var open = Model(name: "unbounded")
        let z = open.addVariable("z", lower: 0, upper: .infinity)
        open.add(z >= 1, name: "floor")
        open.maximize(1 * z, name: "size")
        #expect(solver.solve(open).stopReason == .unbounded)
    }

    /// Random integer programs of 2-5 columns in small boxes, with every kind of row, minimised or maximised:
    /// the built-in solver's status and optimum equal the enumeration's on every one.
    @Test func randomProgramsAgreeWithEnumeration() throws {
        var random = SeededRandom(seed: 20_261_201)
        var proven = 0
        var infeasible = 0
        for trial in 0..<400 {
            let (model, box) = Self.randomProgram(&random, integral: trial % 3 != 0)
            let exhaustive = Self.enumerate(model, box)
            let result = solver.solve(model, options: SolveOptions(timeLimitSeconds: 20))
            if let optimum = exhaustive {
                #expect(result.stopReason == .optimal, "trial \(trial) \(optimum) \(result.stopReason) \(result.objectiveValues)")
                let value = try #require(result.objectiveValues.first, "trial \(trial)")
                #expect(abs(value - optimum) < 1e-6, "trial \(trial): \(value) against \(optimum)")
                #expect(model.violations(of: try #require(result.values)).isEmpty, "trial \(trial)")
                proven += 1
            } else {
                #expect(result.stopReason == .infeasible, "trial \(trial) \(result.stopReason) \(result.objectiveValues)")
                infeasible += 1
            }
        }
        #expect(proven >= 100)
        #expect(infeasible >= 20)
    }

    /// The LP relaxation's optimum, duals and reduced costs satisfy the optimality conditions: primal feasible, and
    /// every reduced cost has the sign its column's position allows; the objective equals the dual's.
    @Test func relaxationsMeetTheOptimalityConditions() throws {
        var random = SeededRandom(seed: 77)
        var checked = 0
        for trial in 0..<200 {
            let (model, _) = Self.randomProgram(&random, integral: false)
            let lp = solver.relaxation(model, level: 0)
            guard lp.termination == .optimal else { continue }
            let values = try #require(lp.values)
            let reduced = try #require(lp.reducedCosts)
            let duals = try #require(lp.duals)
            for constraint in model.constraints {
                let activity = zip(constraint.indices, constraint.coefficients).reduce(0) { $0 + $1.1 * values[$1.0] }
                #expect(activity >= constraint.lower - 1e-6 && activity <= constraint.upper + 1e-6, "trial \(trial)")
            }
            let minimizing = model.objectives[0].sense == .minimize
            for (j, variable) in model.variables.enumerated() {
                let d = minimizing ? reduced[j] : -reduced[j]
                if values[j] > variable.lower + 1e-6 && values[j] < variable.upper - 1e-6 {
                    #expect(abs(d) < 1e-6, "trial \(trial) column \(j): \(d) inside its bounds")
                } else if values[j] <= variable.lower + 1e-6 && variable.lower < variable.upper {
                    #expect(d > -1e-6, "trial \(trial) column \(j) at lower: \(d)")
                } else if variable.lower < variable.upper {
                    #expect(d < 1e-6, "trial \(trial) column \(j) at upper: \(d)")
                }
            }
            // Reduced costs are c − yᵀA.
            let objective = model.objectives[0].expression
            for j in model.variables.indices {
                var column = 0.0
                for (k, constraint) in model.constraints.enumerated() {
                    for (index, coefficient) in zip(constraint.indices, constraint.coefficients) where index == j {
                        column += duals[k] * coefficient
                    }
                }
                let c = objective.terms.filter { $0.index == j }.reduce(0.0) { $0 + $1.coefficient }
                #expect(abs(c - column - reduced[j]) < 1e-6, "trial \(trial) column \(j)")
            }
            checked += 1
        }
        #expect(checked >= 70)
    }

    /// A relaxation session (each solve from the last one's basis, under other column bounds) answers what a
    /// solve from scratch of the program with those bounds answers: the same status and optimum, over a run of
    /// bound changes that fix, narrow and free columns in turn (as the lineup engine's window scan does).
    @Test func sessionsAgreeWithSolvesFromScratch() throws {
        var random = SeededRandom(seed: 20_261_206)
        var compared = (optimal: 0, infeasible: 0)
        for trial in 0..<150 {
            let (model, box) = Self.randomProgram(&random, integral: false)
            // A row without terms that cannot hold: no session (the caller's solve from scratch says so).
            if model.trivialInfeasibility() != nil {
                #expect(solver.relaxationSession(model, level: 0) == nil)
                continue
            }
            let session = try #require(solver.relaxationSession(model, level: 0), "trial \(trial)")
            for round in 0..<8 {
                var bounds: [(column: Int, lower: Double, upper: Double)] = []
                var changed = model
                for (j, (low, high)) in box.enumerated() where random.int(below: 3) == 0 {
                    let a = low + random.int(below: high - low + 1)
                    let b = a + random.int(below: high - a + 1)
                    bounds.append((j, Double(a), Double(b)))
                    changed.setBounds(Variable(index: j, model: model.id), lower: Double(a), upper: Double(b))
                }
                let warm = session.solve(bounds: bounds, timeLimitSeconds: 10, options: SolveOptions())
                let scratch = solver.relaxation(changed, level: 0)
                #expect(warm == scratch.termination, "trial \(trial) round \(round): \(warm) against \(scratch.termination)")
                if warm == .optimal, scratch.termination == .optimal {
                    let (a, b) = (try #require(session.objective), try #require(scratch.objective))
                    #expect(abs(a - b) < 1e-6 * max(1, abs(b)), "trial \(trial) round \(round): \(a) against \(b)")
                    compared.optimal += 1
                } else if warm == .infeasible {
                    #expect(session.objective == nil)
                    compared.infeasible += 1
                }
            }
        }
        #expect(compared.optimal >= 300)
        #expect(compared.infeasible >= 100)
    }

    /// Bound propagation, against the enumeration: in the integer program's mode the bounds it leaves hold every
    /// integer point that keeps the rows, and it says "cannot hold" only when there is none; in the relaxation's
    /// mode it never says so of a program whose relaxation the simplex solves or that has an integer point.
    @Test func propagationKeepsEveryIntegerPoint() throws {
        var random = SeededRandom(seed: 4_242)
        var tightenedSome = 0
        var emptied = 0
        for trial in 0..<600 {
            let (model, box) = Self.randomProgram(&random, integral: true)
            let problem = model.flatten(objective: model.objectives[0], extraRows: [])
            var lower = problem.columnLower
            var upper = problem.columnUpper
            var tightened: [Int] = []
            let holds = BoundPropagation(problem, integral: true).propagate(
                lower: &lower, upper: &upper, changed: nil, tightened: &tightened)
            if !tightened.isEmpty { tightenedSome += 1 }
            // Every column it moved is named, so that a branch and bound can put the bounds back.
            for j in problem.columnLower.indices where lower[j] != problem.columnLower[j] || upper[j] != problem.columnUpper[j] {
                #expect(tightened.contains(j), "trial \(trial) column \(j) moved unnamed")
            }
            var feasible = 0
            Self.feasiblePoints(model, box) { point in
                feasible += 1
                #expect(holds, "trial \(trial): an integer point \(point) keeps the rows")
                for j in point.indices {
                    #expect(point[j] >= lower[j] - 1e-9 && point[j] <= upper[j] + 1e-9, "trial \(trial) column \(j)")
                }
            }
            if !holds { emptied += 1 }
            // The relaxation's mode never empties a program whose relaxation has a point.
            var relaxedLower = problem.columnLower
            var relaxedUpper = problem.columnUpper
            let relaxedHolds = BoundPropagation(problem, integral: false).propagate(
                lower: &relaxedLower, upper: &relaxedUpper, changed: nil, tightened: &tightened)
            var lp = BoundedSimplex(problem)
            let status = lp.solve { false }
            if status == .optimal { #expect(relaxedHolds, "trial \(trial): the relaxation has a point") }
            if feasible > 0 { #expect(relaxedHolds, "trial \(trial)") }
        }
        #expect(tightenedSome >= 100)
        #expect(emptied >= 20)
    }

    /// Set-partitioning relaxations (0/1 columns over equality rows, most vertices degenerate): with its
    /// perturbation and Devex pricing the simplex ends at a point that keeps every row and bound, and in the GLPK
    /// build with GLPK's status and objective.
    @Test func degenerateRelaxationsKeepTheirConditions() throws {
        var random = SeededRandom(seed: 31)
        var solved = 0
        for trial in 0..<60 {
            var model = Model(name: "partition")
            let rows = 6 + random.int(below: 10)
            let columns = 20 + random.int(below: 40)
            var cover = [LinearExpression](repeating: LinearExpression(), count: rows)
            var objective = LinearExpression()
            for j in 0..<columns {
                let x = model.addVariable("x\(j)", lower: 0, upper: 1)
                for i in 0..<rows where random.int(below: 3) == 0 { cover[i].add(x, coefficient: 1) }
                objective.add(x, coefficient: Double(1 + random.int(below: 3)))
            }
            for i in 0..<rows where !cover[i].terms.isEmpty { model.add(cover[i] == 1, name: "cover\(i)") }
            model.minimize(objective, name: "cost")
            let lp = solver.relaxation(model, level: 0)
            if lp.termination == .optimal {
                let values = try #require(lp.values)
                #expect(model.violations(of: values).isEmpty, "trial \(trial)")
                solved += 1
            } else {
                #expect(lp.termination == .infeasible, "trial \(trial): \(lp.termination)")
            }
            #if GLPK
                let glpk = GLPKSolver().relaxation(model, level: 0)
                #expect(glpk.termination == lp.termination, "trial \(trial)")
                if let a = lp.objective, let b = glpk.objective { #expect(abs(a - b) < 1e-6 * max(1, abs(b)), "trial \(trial)") }
            #endif
        }
        #expect(solved >= 20)
    }

    #if GLPK
        /// Mixed programs (continuous and integer columns) of up to 12 columns: the same status and optimum as GLPK.
        @Test func mixedProgramsAgreeWithGLPK() throws {
            var random = SeededRandom(seed: 5)
            var agreed = 0
            for trial in 0..<150 {
                let model = Self.randomMixedProgram(&random)
                let ours = solver.solve(model, options: SolveOptions(timeLimitSeconds: 20))
                let glpk = GLPKSolver().solve(model, options: SolveOptions(timeLimitSeconds: 20))
                #expect(ours.stopReason == glpk.stopReason, "trial \(trial) \(glpk.message ?? "")")
                if glpk.stopReason == .optimal {
                    let a = try #require(ours.objectiveValues.first)
                    let b = try #require(glpk.objectiveValues.first)
                    #expect(abs(a - b) < 1e-6 * max(1, abs(b)), "trial \(trial): \(a) against \(b)")
                    agreed += 1
                }
            }
            #expect(agreed >= 50)
        }
    #endif

    // MARK: - Generators and the oracle

    /// A random program over 2-5 integer columns (each in a box of at most 4 values) and 1-4 rows of every kind.
    static func randomProgram(_ random: inout SeededRandom, integral: Bool) -> (Model, [(Int, Int)]) {
        var model = Model(name: "random")
        let count = 2 + random.int(below: 4)
        var box: [(Int, Int)] = []
        var columns: [Variable] = []
        for j in 0..<count {
            let low = random.int(below: 3) - 1
            let high = low + random.int(below: 4)
            box.append((low, high))
            columns.append(model.addInteger("x\(j)", lower: Double(low), upper: Double(high)))
        }
        for row in 0..<(1 + random.int(below: 4)) {
            var expression = LinearExpression()
            for column in columns where random.int(below: 4) != 0 {
                expression.add(column, coefficient: Double(random.int(below: 11) - 5))
            }
            if expression.terms.isEmpty { expression.add(columns[0], coefficient: 1) }
            let level = Double(random.int(below: 9) - 3)
            switch random.int(below: 4) {
            case 0: model.add(expression <= level, name: "le\(row)")
            case 1: model.add(expression >= level, name: "ge\(row)")
            case 2: model.add(expression == level, name: "eq\(row)")
            default: model.add(LinearConstraint(expression, lower: level - 2, upper: level + 1), name: "range\(row)")
            }
        }
        var objective = LinearExpression()
        for column in columns {
            let c = integral ? Double(random.int(below: 9) - 4) : Double(random.int(below: 81) - 40) / 8
            objective.add(column, coefficient: c)
        }
        if random.int(below: 2) == 0 { model.minimize(objective, name: "o") } else { model.maximize(objective, name: "o") }
        return (model, box)
    }

    /// The optimum over every integer point in the box, or nil when none keeps the rows.
    static func enumerate(_ model: Model, _ box: [(Int, Int)]) -> Double? {
        var best: Double? = nil
        let objective = model.objectives[0]
        feasiblePoints(model, box) { point in
            let value = objective.expression.value(point)
            if let current = best {
                best = objective.sense == .minimize ? min(current, value) : max(current, value)
            } else {
                best = value
            }
        }
        return best
    }

    /// Calls `visit` with every integer point in the box that keeps the model's rows.
    static func feasiblePoints(_ model: Model, _ box: [(Int, Int)], _ visit: ([Double]) -> Void) {
        var point = box.map { Double($0.0) }
        while true {
            if model.violations(of: point).isEmpty { visit(point) }
            var k = 0
            while k < point.count {
                if point[k] < Double(box[k].1) {
                    point[k] += 1
                    break
                }
                point[k] = Double(box[k].0)
                k += 1
            }
            if k == point.count { return }
        }
    }

    /// A program of 4-12 columns, half of them continuous, 2-8 rows.
    static func randomMixedProgram(_ random: inout SeededRandom) -> Model {
        var model = Model(name: "mixed")
        let count = 4 + random.int(below: 9)
        var columns: [Variable] = []
        for j in 0..<count {
            let upper = Double(1 + random.int(below: 6))
            columns.append(
                j % 2 == 0
                    ? model.addInteger("x\(j)", lower: 0, upper: upper) : model.addVariable("y\(j)", lower: 0, upper: upper))
        }
        for row in 0..<(2 + random.int(below: 7)) {
            var expression = LinearExpression()
            for column in columns where random.int(below: 2) == 0 {
                expression.add(column, coefficient: Double(random.int(below: 13) - 4))
            }
            if expression.terms.isEmpty { expression.add(columns[row % count], coefficient: 1) }
            let level = Double(random.int(below: 20) - 4)
            switch random.int(below: 3) {
            case 0: model.add(expression <= level, name: "le\(row)")
            case 1: model.add(expression >= level, name: "ge\(row)")
            default: model.add(expression == level, name: "eq\(row)")
            }
        }
        var objective = LinearExpression()
        for column in columns { objective.add(column, coefficient: Double(random.int(below: 21) - 10) / 2) }
        if random.int(below: 2) == 0 { model.minimize(objective, name: "o") } else { model.maximize(objective, name: "o") }
        return model
    }
}
