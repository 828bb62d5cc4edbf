import Testing
import TouchlineSearch

@testable import TouchlineMILP

/// The satisfiability solver against every assignment of small random formulas, and on formulas whose answer
/// is known by counting.
@Suite struct SATSolverTests {
    /// A random formula: `clauses` clauses of 1 to 5 literals (mostly 2 to 5) over `variables` variables.
    static func randomFormula(seed: UInt64, variables: Int, clauses: Int) -> [[Int]] {
        var random = SeededRandom(seed: seed)
        return (0..<clauses).map { _ in
            let length = 1 + random.int(below: 4) + (random.int(below: 3) == 0 ? 0 : 1)
            return (0..<length).map { _ in SATSolver.literal(random.int(below: variables), random.int(below: 2) == 0) }
        }
    }

    static func satisfied(_ clause: [Int], _ value: (Int) -> Bool) -> Bool {
        clause.contains { value($0 >> 1) == ($0 & 1 == 0) }
    }

    /// Satisfiable exactly when some assignment of the 2^v is a model; a model returned satisfies every clause.
    @Test(arguments: 0..<300)
    func agreesWithEveryAssignment(_ seed: Int) {
        let variables = 3 + seed % 10
        let formula = Self.randomFormula(seed: UInt64(seed), variables: variables, clauses: variables * (3 + seed % 4))
        var solver = SATSolver()
        for _ in 0..<variables { _ = solver.addVariable() }
        for clause in formula { solver.addClause(clause) }
        let answer = solver.solve(deadline: .now + .seconds(30))
        var exists = false
        for bits in 0..<(1 << variables) where formula.allSatisfy({ Self.satisfied($0) { bits >> $0 & 1 == 1 } }) {
            exists = true
            break
        }
        #expect(answer == (exists ? .satisfiable : .unsatisfiable))
        if answer == .satisfiable {
            for clause in formula { #expect(Self.satisfied(clause) { solver.modelValue($0) }, "clause \(clause) broken") }
        }
    }

    /// The random formulas are not one-sided.
    @Test func randomFormulasHaveBothAnswers() {
        var answers: [SATSolver.Answer] = []
        for seed in 0..<300 {
            let variables = 3 + seed % 10
            var solver = SATSolver()
            for _ in 0..<variables { _ = solver.addVariable() }
            for clause in Self.randomFormula(seed: UInt64(seed), variables: variables, clauses: variables * (3 + seed % 4)) {
                solver.addClause(clause)
            }
            answers.append(solver.solve(deadline: .now + .seconds(30)))
        }
        #expect(answers.filter { $0 == .satisfiable }.count >= 30)
        #expect(answers.filter { $0 == .unsatisfiable }.count >= 30)
    }

    /// Pigeons into holes, each pigeon in one hole and each hole at most one pigeon: satisfiable exactly when
    /// there are no more pigeons than holes.
    @Test(arguments: [(4, 4), (5, 4), (6, 6), (7, 6)])
    func pigeonholes(_ pigeons: Int, _ holes: Int) {
        var solver = SATSolver()
        let x = (0..<pigeons).map { _ in (0..<holes).map { _ in solver.addVariable() } }
        for p in 0..<pigeons { solver.addClause(x[p].map { SATSolver.literal($0, true) }) }
        for h in 0..<holes { solver.addAtMostOne((0..<pigeons).map { SATSolver.literal(x[$0][h], true) }) }
        let answer = solver.solve(deadline: .now + .seconds(60))
        #expect(answer == (pigeons <= holes ? .satisfiable : .unsatisfiable))
    }

    /// A formula with an empty clause, or two unit clauses that clash, is unsatisfiable before any search.
    @Test func contradictionsAtTheStart() {
        var solver = SATSolver()
        let v = solver.addVariable()
        solver.addClause([SATSolver.literal(v, true)])
        solver.addClause([SATSolver.literal(v, false)])
        #expect(solver.solve(deadline: .now + .seconds(1)) == .unsatisfiable)
        var empty = SATSolver()
        _ = empty.addVariable()
        empty.addClause([])
        #expect(empty.solve(deadline: .now + .seconds(1)) == .unsatisfiable)
    }

    /// A deadline already passed on a hard formula answers `unknown`, never a guess.
    @Test func aDeadlineGivesUnknown() {
        var solver = SATSolver()
        let pigeons = 11, holes = 10
        let x = (0..<pigeons).map { _ in (0..<holes).map { _ in solver.addVariable() } }
        for p in 0..<pigeons { solver.addClause(x[p].map { SATSolver.literal($0, true) }) }
        for h in 0..<holes { solver.addAtMostOne((0..<pigeons).map { SATSolver.literal(x[$0][h], true) }) }
        #expect(solver.solve(deadline: .now) == .unknown)
    }

    /// The pigeonhole clauses (each pigeon in a hole, no two in one), added to `solver`; the clauses.
    static func pigeonholes(_ pigeons: Int, _ holes: Int, into solver: inout SATSolver) -> [[Int]] {
        let x = (0..<pigeons).map { _ in (0..<holes).map { _ in solver.addVariable() } }
        var clauses = (0..<pigeons).map { p in x[p].map { SATSolver.literal($0, true) } }
        for h in 0..<holes {
            for p in 0..<pigeons {
                for q in (p + 1)..<pigeons { clauses.append([SATSolver.literal(x[p][h], false), SATSolver.literal(x[q][h], false)]) }
            }
        }
        for clause in clauses { solver.addClause(clause) }
        return clauses
    }

    /// A search stopped by its deadline and then resumed reaches the right answer (pigeons 8 into 7 holes:
    /// unsatisfiable, and far too hard to settle before the first look at the clock; 7 into 7: satisfiable,
    /// the model keeps every clause).
    @Test(arguments: [(8, 7), (7, 7)])
    func aStoppedSearchResumes(_ pigeons: Int, _ holes: Int) {
        var solver = SATSolver()
        let clauses = Self.pigeonholes(pigeons, holes, into: &solver)
        let first = solver.solve(deadline: .now)
        if pigeons > holes { #expect(first == .unknown) }
        let answer = first == .unknown ? solver.solve(deadline: .now + .seconds(120)) : first
        #expect(answer == (pigeons <= holes ? .satisfiable : .unsatisfiable))
        if answer == .satisfiable {
            for clause in clauses { #expect(Self.satisfied(clause) { solver.modelValue($0) }) }
        }
    }

    /// With a ceiling of 20 learnt clauses the store is halved and compacted again and again: the answers stay
    /// right (pigeonholes by counting; random formulas against every assignment).
    @Test(arguments: [(6, 5), (7, 6), (6, 6)])
    func halvingTheLearntClausesKeepsTheAnswer(_ pigeons: Int, _ holes: Int) {
        var solver = SATSolver()
        solver.minimumLearntCeiling = 20
        let clauses = Self.pigeonholes(pigeons, holes, into: &solver)
        let answer = solver.solve(deadline: .now + .seconds(120))
        #expect(answer == (pigeons <= holes ? .satisfiable : .unsatisfiable))
        if answer == .satisfiable {
            for clause in clauses { #expect(Self.satisfied(clause) { solver.modelValue($0) }) }
        }
        if pigeons > holes { #expect(solver.conflicts > 40, "only \(solver.conflicts) conflicts: the ceiling was never reached") }
    }

    @Test(arguments: 0..<100)
    func halvingAgreesWithEveryAssignment(_ seed: Int) {
        let variables = 8 + seed % 5
        let formula = Self.randomFormula(seed: UInt64(1000 + seed), variables: variables, clauses: variables * 5)
        var solver = SATSolver()
        solver.minimumLearntCeiling = 3
        for _ in 0..<variables { _ = solver.addVariable() }
        for clause in formula { solver.addClause(clause) }
        let answer = solver.solve(deadline: .now + .seconds(30))
        let exists = (0..<(1 << variables)).contains { bits in formula.allSatisfy { Self.satisfied($0) { bits >> $0 & 1 == 1 } } }
        #expect(answer == (exists ? .satisfiable : .unsatisfiable))
        if answer == .satisfiable {
            for clause in formula { #expect(Self.satisfied(clause) { solver.modelValue($0) }) }
        }
    }
}

/// The assignment problem against every permutation of small random matrices.
@Suite struct AssignmentProblemTests {
    @Test(arguments: 0..<200)
    func findsTheCheapestPermutation(_ seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let n = 1 + seed % 6
        let cost = (0..<n).map { _ in (0..<n).map { _ in random.int(below: 4) == 0 ? 1 << 40 : random.int(below: 100) } }
        let match = AssignmentProblem.minimumCost(cost)
        #expect(Set(match) == Set(0..<n))
        func permutations(_ items: [Int]) -> [[Int]] {
            if items.count <= 1 { return [items] }
            return items.indices.flatMap { i in permutations(Array(items[..<i] + items[(i + 1)...])).map { [items[i]] + $0 } }
        }
        let best = permutations(Array(0..<n)).map { perm in perm.indices.reduce(0) { $0 + cost[$1][perm[$1]] } }.min()!
        #expect(match.indices.reduce(0) { $0 + cost[$1][match[$1]] } == best)
        #expect(AssignmentProblem.minimumCost([]) == [])
    }
}
