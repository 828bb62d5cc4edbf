import Foundation
import Testing

@_spi(Testing) @testable import TouchlineMILP

#if GLPK
    /// The GLPK backend's safety, limits and reporting.
    @Suite struct GLPKBackendTests {
        let solver = GLPKSolver()

        @Test func timeLimitReportsTheIncumbentAndAProvenGap() throws {
            let (model, allZero) = Fixtures.marketSplit()
            let result = solver.solve(
                model, options: SolveOptions(timeLimitSeconds: 0.5, warmStart: allZero, tuning: .glpkDefaults))
            #expect(result.stopReason == .timeLimit)
            let values = try #require(result.values)
            #expect(model.violations(of: values).isEmpty)
            let gap = try #require(result.gap)
            let bound = try #require(result.bound)
            #expect(gap > 0)
            #expect(bound <= result.objectiveValues[0] + 1e-9)
            #expect(result.seconds < 5)
            #expect(result.message != nil)
        }

        @Test(arguments: 0..<4)
        func fatalGLPKErrorsBecomeSwiftErrors(which: Int) throws {
            let error = try #require(GLPKSolver.provokeFatalError(which))
            #expect(error.description.contains("GLPK fatal error"))
            // The environment was freed; the next solve on this thread works.
            let result = solver.solve(Fixtures.knapsack())
            #expect(result.stopReason == .optimal)
            #expect(result.objectiveValues == [115])
        }

        @Test func invalidNumbersNeverReachGLPK() {
            var model = Model()
            let x = model.addVariable("x", lower: 0, upper: 1)
            model.add(Double.nan * x <= 1, name: "broken")
            let result = solver.solve(model)
            #expect(result.stopReason == .error)
            #expect(result.message?.contains("broken") == true)
        }

        @Test func invalidOptionsAreRefused() {
            let result = solver.solve(Fixtures.knapsack(), options: SolveOptions(timeLimitSeconds: -1))
            #expect(result.stopReason == .error)
            #expect(result.message?.contains("timeLimitSeconds") == true)
        }

        @Test func emptyBoundsAreInfeasibleNotACrash() {
            var model = Model()
            let x = model.addInteger("x", lower: 0.2, upper: 0.8)
            model.minimize(LinearExpression(x), name: "x")
            let result = solver.solve(model)
            #expect(result.stopReason == .infeasible)
            #expect(result.message?.contains("x") == true)
        }

        @Test func memoryLimitIsAnErrorNotAnAbort() {
            let (model, _) = Fixtures.marketSplit(rows: 30, items: 3000)
            let result = solver.solve(model, options: SolveOptions(memoryLimitMB: 1))
            #expect(result.stopReason == .error)
            #expect(result.message?.contains("GLPK fatal error") == true)
        }

        @Test func warmStartIsAccepted() {
            let (model, allZero) = Fixtures.marketSplit(rows: 2, items: 12)
            let result = solver.solve(model, options: SolveOptions(warmStart: allZero))
            #expect(result.stopReason == .optimal)
            #expect(result.levels.first?.warmStartAccepted == true)
        }

        @Test func parallelSolvesOnSeparateThreadsAgree() async {
            let results = await withTaskGroup(of: Double?.self) { group in
                for _ in 0..<8 {
                    group.addTask { GLPKSolver().solve(Fixtures.knapsack()).objectiveValues.first }
                }
                var all: [Double?] = []
                for await value in group { all.append(value) }
                return all
            }
            #expect(results == Array(repeating: 115, count: 8))
        }

        @Test func sameModelSameSolution() {
            let (model, _) = Fixtures.marketSplit(rows: 2, items: 14)
            let first = solver.solve(model)
            let second = solver.solve(model)
            #expect(first.values == second.values)
            #expect(first.nodes == second.nodes)
        }
    }
#endif
