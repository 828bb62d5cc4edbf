import Testing
import TouchlineSearch

@testable import TouchlineMILP

/// The search a lexicographic solve runs on a model with column blocks: which columns go together, and that it
/// never claims more than it proved.
@Suite struct LevelSearchTests {
    /// A small term: `days` days, `jobs` jobs a day, `machines` machines; a job goes on one machine it fits,
    /// two jobs of one day clash on a machine when they overlap. Levels: preferred placements (max), the term's
    /// busiest machine (min, a linking column), days on which a job group uses two machines (min, a per-day
    /// count with auxiliary columns).
    struct Term {
        var model: Model
        var dayColumns: [[Int]]
        var maxUsage: Variable
        var dayAux: [Variable]
        /// A feasible plan: each job on the first machine free for it (nil when that greedy fails, which it
        /// cannot with no more jobs than machines).
        var start: [Double]?
    }

    static func term(days: Int, jobs: Int, machines: Int, seed: UInt64) -> Term {
        var random = SeededRandom(seed: seed)
        var model = Model(name: "term")
        var dayColumns: [[Int]] = []
        var usage = [LinearExpression](repeating: LinearExpression(), count: machines)
        var preferred = LinearExpression()
        var splits = LinearExpression()
        var dayAux: [Variable] = []
        var startPlan: [(Variable, Double)] = []
        var greedyFailed = false
        for day in 0..<days {
            var columns: [Int] = []
            // Jobs in two slots; jobs of one slot clash.
            let slotOf = (0..<jobs).map { _ in random.int(below: 2) }
            var x: [[Variable]] = []
            for job in 0..<jobs {
                let row = (0..<machines).map { model.addBinary("x[\(day),\(job),\($0)]") }
                columns += row.map(\.index)
                model.add(sum(row) == 1, name: "one[\(day),\(job)]")
                preferred += row[random.int(below: machines)]
                for (machine, variable) in row.enumerated() { usage[machine] += variable }
                x.append(row)
            }
            var taken = Set<Int>()
            for job in 0..<jobs {
                if let free = (0..<machines).first(where: { !taken.contains(slotOf[job] * machines + $0) }) {
                    taken.insert(slotOf[job] * machines + free)
                    startPlan.append((x[job][free], 1))
                } else {
                    greedyFailed = true
                }
            }
            for slot in 0..<2 {
                for machine in 0..<machines {
                    let members = (0..<jobs).filter { slotOf[$0] == slot }.map { x[$0][machine] }
                    if members.count > 1 { model.add(sum(members) <= 1, name: "clash[\(day),\(slot),\(machine)]") }
                }
            }
            // The day's first two jobs should share a half of the machines: a split when they do not.
            let half = machines / 2
            let inLow0 = sum((0..<half).map { x[0][$0] })
            let inLow1 = sum((0..<half).map { x[1][$0] })
            let split = model.addVariable("split[\(day)]", lower: 0, upper: 1)
            model.add(LinearExpression(split) >= inLow0 - inLow1, name: "split_a[\(day)]")
            model.add(LinearExpression(split) >= inLow1 - inLow0, name: "split_b[\(day)]")
            model.define(split, as: .maxOf([inLow0 - inLow1, inLow1 - inLow0], floor: 0))
            splits += split
            dayAux.append(split)
            dayColumns.append(columns)
        }
        let maxUsage = model.addInteger("max_usage", lower: 0, upper: Double(days * jobs))
        for (machine, expression) in usage.enumerated() {
            model.add(expression <= LinearExpression(maxUsage), name: "usage[\(machine)]")
        }
        model.define(maxUsage, as: .maxOf(usage, floor: 0))
        model.maximize(preferred, name: "preferred")
        model.minimize(LinearExpression(maxUsage), name: "maxUsage")
        model.minimize(splits, name: "splits")
        var start: [Double]? = nil
        if !greedyFailed {
            var values = [Double](repeating: 0, count: model.variableCount)
            for (variable, value) in startPlan { values[variable.index] = value }
            start = model.completeStart(values)
        }
        return Term(model: model, dayColumns: dayColumns, maxUsage: maxUsage, dayAux: dayAux, start: start)
    }

    @Test func auxiliaryColumnsGoWithTheirDayAndTermWideOnesLink() {
        let term = Self.term(days: 4, jobs: 4, machines: 4, seed: 3)
        let blocks = ColumnBlocks(term.dayColumns, of: term.model)
        #expect(blocks.blocks.count == 4)
        for (day, aux) in term.dayAux.enumerated() {
            #expect(blocks.blocks[day].contains(aux.index), "split[\(day)] belongs to day \(day)")
        }
        #expect(blocks.linking == [term.maxUsage.index])
        // Every column is in exactly one block or linking.
        let all = blocks.blocks.flatMap { $0 } + blocks.linking
        #expect(all.sorted() == Array(0..<term.model.variableCount))
    }

    #if GLPK
        let solver = GLPKSolver()

        @Test func neighbourhoodSearchNeverReturnsWorseThanItsStart() throws {
            for seed: UInt64 in 1...4 {
                let term = Self.term(days: 6, jobs: 4, machines: 4, seed: seed)
                let start = try #require(term.start)
                #expect(term.model.violations(of: start).isEmpty)
                let blocks = ColumnBlocks(term.dayColumns, of: term.model)
                var random = SeededRandom(seed: seed)
                let search = NeighbourhoodSearch(model: term.model, level: 0, solver: solver)
                let outcome = search.improve(start, options: SolveOptions(timeLimitSeconds: 2), roundSeconds: 0.5) { round, _ in
                    round.index < 12 ? blocks.neighbourhood(size: 2, round: round.index, random: &random) : nil
                }
                let startValue = term.model.objectives[0].expression.value(start)
                #expect(outcome.objective >= startValue)
                #expect(outcome.objective == term.model.objectives[0].expression.value(outcome.values))
                #expect(term.model.violations(of: outcome.values).isEmpty)
            }
        }

        /// From an optimal plan no neighbourhood improves, and each small sub-problem closes at once: every round
        /// tells the caller one more stalled and one more exhausted round (the signal that widens neighbourhoods).
        @Test func roundsThatCloseWithoutImprovingCountAsExhausted() throws {
            let term = Self.term(days: 4, jobs: 3, machines: 3, seed: 7)
            let plain = solver.solve(term.model)
            let optimum = try #require(plain.solution?.values)
            #expect(plain.stopReason == .optimal)
            let blocks = ColumnBlocks(term.dayColumns, of: term.model)
            var random = SeededRandom(seed: 7)
            var seen: [NeighbourhoodSearch.Round] = []
            let search = NeighbourhoodSearch(model: term.model, level: 0, solver: solver)
            let outcome = search.improve(optimum, options: SolveOptions(timeLimitSeconds: 120), roundSeconds: 60) { round, _ in
                seen.append(round)
                return round.index < 5 ? blocks.neighbourhood(size: 1, round: round.index, random: &random) : nil
            }
            #expect(outcome.improvements == 0)
            #expect(seen.map(\.index) == [0, 1, 2, 3, 4, 5])
            #expect(seen.map(\.stalled) == [0, 1, 2, 3, 4, 5])
            #expect(seen.map(\.exhausted) == [0, 1, 2, 3, 4, 5])
        }

        /// Search and plain branch and bound on the same terms: a level the search calls optimal has the plain
        /// optimum, and a bound it reports is never past the optimum (while the levels above agree).
        @Test func searchClaimsOnlyWhatItProves() throws {
            var searched = 0
            for seed: UInt64 in 1...4 {
                let term = Self.term(days: 20, jobs: 4, machines: 4, seed: seed)
                let plain = solver.solve(term.model)
                #expect(plain.stopReason == .optimal)
                let optimum = plain.objectiveValues
                for limit in [0.3, 3.0] {
                    var options = SolveOptions(timeLimitSeconds: limit, warmStart: term.start)
                    options.neighbourhoods = ColumnBlocks(term.dayColumns, of: term.model)
                    let result = solver.solve(term.model, options: options)
                    let values = try #require(result.values)
                    #expect(term.model.violations(of: values).isEmpty)
                    searched += 1
                    for (index, level) in result.levels.enumerated() {
                        // Only while every earlier level has the plain optimum is this level the same problem.
                        guard result.levels.prefix(index).allSatisfy({ $0.termination == .optimal }) else { break }
                        let minimizing = term.model.objectives[index].sense == .minimize
                        if level.termination == .optimal {
                            let value = try #require(level.value)
                            #expect(abs(value - optimum[index]) < 1e-6, "seed \(seed), \(level.name)")
                        }
                        if let bound = level.bound {
                            #expect(
                                minimizing ? bound <= optimum[index] + 1e-6 : bound >= optimum[index] - 1e-6,
                                "seed \(seed), \(level.name): bound \(bound), optimum \(optimum[index])")
                        }
                    }
                    // The search ran (the relaxation's bound is not met at once on these terms).
                    #expect(result.levels.contains { $0.nodes > 0 })
                }
            }
            #expect(searched == 8)
        }
    #endif

    /// A bound known apart from the solve (formulation, earlier levels) replaces a weaker one of the solver's,
    /// sets the gap against it and proves a level whose value meets it; a weaker known bound changes nothing.
    @Test func aKnownBoundIsAdoptedOnlyWhenTighter() {
        var outcome = LevelOutcome(termination: .feasible, objective: 10, bound: 4, gap: 0.6, stopReason: .timeLimit)
        outcome.adopt(3, sense: .minimize, integral: true)
        #expect(outcome.bound == 4 && outcome.termination == .feasible)
        outcome.adopt(7.2, sense: .minimize, integral: true)
        #expect(outcome.bound == 8)
        #expect(abs(outcome.gap! - 0.2) < 1e-9)
        #expect(outcome.termination == .feasible && outcome.stopReason == .timeLimit)
        outcome.adopt(9.5, sense: .minimize, integral: true)
        #expect(outcome.bound == 10 && outcome.gap == 0 && outcome.termination == .optimal && outcome.stopReason == .optimal)

        var maximising = LevelOutcome(termination: .feasible, objective: 50, stopReason: .timeLimit)
        maximising.adopt(54.7, sense: .maximize, integral: true)
        #expect(maximising.bound == 54 && maximising.termination == .feasible)
        maximising.adopt(50.4, sense: .maximize, integral: false)
        #expect(maximising.bound == 50.4 && maximising.termination == .feasible)
        maximising.adopt(50, sense: .maximize, integral: false)
        #expect(maximising.termination == .optimal)
    }
}
