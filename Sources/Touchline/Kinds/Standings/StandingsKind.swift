import Foundation
import TouchlineMILP

/// The `standings` problem kind: the league table under a real tie-break chain (exact code), and, before the
/// season ends, each team's best and worst possible final rank, clinch and elimination (integer programs).
public enum StandingsKind: ProblemKind, OwnPipelineKind {
    public typealias Instance = StandingsInstance
    public typealias Solution = StandingsSolution
    public typealias Objective = StandingsObjective
    public typealias Prepared = StandingsPrepared

    public static let configuration = KindConfiguration(
        name: "standings", summary: summary, schema: schema, generatorSize: generatorSize)
    static let summary = "league tables under real tie-break rules; best and worst final rank, clinch and elimination"

    public static func options(of instance: StandingsInstance) -> InstanceOptions? { instance.options }

    public static func validate(_ instance: StandingsInstance) -> [InputIssue] { StandingsValidation.issues(instance) }

    // MARK: solving

    /// The table under the tie-break chain (exact, no solver) and the points race of what is left to play,
    /// from one reading of the results.
    public static func prepare(_ instance: StandingsInstance, options: InstanceOptions) -> StandingsPrepared {
        let standings = StandingsTable(instance)
        let (table, warnings) = table(instance, standings)
        return StandingsPrepared(instance: instance, table: table, warnings: warnings, race: race(instance, standings))
    }

    /// The table, and the analysis questions (team × best/worst) answered in parallel.
    /// GLPK's defaults with cuts and the feasibility pump. Measured on cuts of Premier League 2011-12 with 11 to
    /// 15 rounds left (10 s): these leave 1 or 3 of 40 questions unproven on two cuts, cuts off leaves 1 on
    /// three others; a convex-hull (disaggregated) form of the indicator rows was slower on every cut.
    static let tuning = SolverTuning()

    public static func solveByOwnPipeline(
        _ prepared: StandingsPrepared, solver: (any Solver)?, options: SolveOptions, settings: RunSettings, method: InstanceOptions.Method
    ) -> PipelineOutcome<StandingsSolution>? {
        analyse(prepared, solver: solver, options: options, tuning: settings.tuning)
    }

    /// The table, then each analysed team's best and worst rank: by the MILP with a solver, else by greedy
    /// scenarios (proven only where a scenario meets its bound).
    static func analyse(
        _ prepared: StandingsPrepared, solver: (any Solver)?, options: SolveOptions, tuning: SolverTuning?
    ) -> PipelineOutcome<StandingsSolution> {
        let instance = prepared.instance
        var tuned = options
        tuned.tuning = tuning ?? Self.tuning
        let options = tuned
        let (table, warnings) = (prepared.table, prepared.warnings)
        guard let request = instance.analysis, request.isRequested else {
            return PipelineOutcome(solution: table, proven: true, method: .exact, warnings: warnings)
        }
        let race = prepared.race
        // In table order, as a person reads them.
        let position = Dictionary(table.table.enumerated().map { ($1.team, $0) }, uniquingKeysWith: { first, _ in first })
        let analysed = analysedTeams(instance).sorted { position[instance.teams[$0].id]! < position[instance.teams[$1].id]! }
        let questions = analysed.flatMap { team in PointsRace.Question.allCases.map { (team, $0) } }
        let answers = ResultSlots<RaceAnswer>(count: questions.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, questions.count))
        // One deadline for all questions: each gets what is left of the limit when it starts; past it, the
        // greedy answer stands (not proven).
        let deadline = ContinuousClock.now + .milliseconds(Int((options.timeLimitSeconds ?? InstanceOptions.defaultTimeLimitSeconds) * 1000))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: questions.count, by: workers) {
                let (team, question) = questions[index]
                var options = options
                let left = (deadline - ContinuousClock.now).inSeconds
                options.timeLimitSeconds = max(0, left)
                answers.set(index, race.answer(team, question, solver: left > 0.01 ? solver : nil, options: options))
            }
        }
        // Every index is set: concurrentPerform returns only when all workers are done.
        let all = answers.all().map { $0! }
        var solution = table
        solution.analysis = analysed.enumerated().map { offset, team in
            teamAnalysis(instance, race: race, team: team, best: all[2 * offset], worst: all[2 * offset + 1])
        }
        let proven = all.allSatisfy(\.proven)
        var notes = warnings
        let unproven = all.filter { !$0.proven }.count
        if unproven > 0 {
            notes.append(
                "\(unproven) of \(all.count) rank questions are not proven (greedy scenarios\(solver == nil ? "; the MILP needs GLPK and method auto or milp" : ", the MILP stopped at the time limit"))"
            )
        }
        return PipelineOutcome(
            solution: solution, proven: proven, method: all.contains(where: \.solvedByMILP) ? .milp : (proven ? .exact : .greedy),
            variables: all.reduce(0) { $0 + $1.variables }, constraints: all.reduce(0) { $0 + $1.constraints },
            nodes: all.reduce(0) { $0 + $1.nodes }, warnings: notes)
    }

    static func table(_ instance: StandingsInstance) -> (StandingsSolution, [String]) {
        table(instance, StandingsTable(instance))
    }

    static func table(_ instance: StandingsInstance, _ table: StandingsTable) -> (StandingsSolution, [String]) {
        let (rows, warnings) = table.rows()
        return (
            StandingsSolution(
                table: rows, analysis: nil, tieBreakers: table.chain.map(\.rawValue), headToHeadReapply: table.reapply.rawValue),
            warnings
        )
    }

    static func race(_ instance: StandingsInstance) -> PointsRace { race(instance, StandingsTable(instance)) }

    static func race(_ instance: StandingsInstance, _ table: StandingsTable) -> PointsRace {
        let remaining = (instance.remaining ?? []).compactMap { match -> (home: Int, away: Int)? in
            guard let home = table.index[match.home], let away = table.index[match.away] else { return nil }
            return (home, away)
        }
        return PointsRace(base: table.records.map(\.points), remaining: remaining, system: instance.pointsSystem)
    }

    static func analysedTeams(_ instance: StandingsInstance) -> [Int] {
        let ids = instance.teams.map(\.id)
        guard let chosen = instance.analysis?.teams else { return Array(ids.indices) }
        return ids.indices.filter { chosen.contains(ids[$0]) }
    }

    static func teamAnalysis(
        _ instance: StandingsInstance, race: PointsRace, team: Int, best: RaceAnswer, worst: RaceAnswer
    ) -> TeamAnalysis {
        var clinch: [String: String] = [:]
        for k in instance.analysis?.clinch ?? [] {
            clinch[String(k)] = worst.rank <= k ? "clinched" : best.rank > k ? "outOfReach" : "open"
        }
        func scenario(_ outcomes: [PointsRace.Outcome]) -> [ScenarioResult] {
            zip(instance.remaining ?? [], outcomes).map { match, outcome in
                ScenarioResult(
                    home: match.home, away: match.away, homeGoals: outcome == .home ? 1 : 0, awayGoals: outcome == .away ? 1 : 0)
            }
        }
        return TeamAnalysis(
            team: instance.teams[team].id, bestRank: best.rank, worstRank: worst.rank, canFinishFirst: best.rank == 1,
            clinch: clinch, witness: Witness(best: scenario(best.outcomes), worst: scenario(worst.outcomes)),
            proven: best.proven && worst.proven, points: race.base[team], maxPoints: race.maxPoints(team))
    }

    public static func objective(_ instance: StandingsInstance, _ solution: StandingsSolution) -> StandingsObjective {
        let ranks = Dictionary(grouping: solution.table, by: \.rank)
        let shared = ranks.values.filter { $0.count > 1 }.reduce(0) { $0 + $1.count }
        let analysis = solution.analysis ?? []
        return StandingsObjective(
            teams: solution.table.count, sharedPositions: shared, analysed: analysis.count,
            proven: analysis.filter(\.proven).count, bestRankSum: analysis.reduce(0) { $0 + $1.bestRank },
            worstRankSum: analysis.reduce(0) { $0 + $1.worstRank })
    }

    /// The rank sums (what a method found), not `proven` (what it could prove).
    /// The table is exact; the analysis is proven when every analysed team's two ranks are.
    public static func provenByPlan(_ objective: StandingsObjective) -> Bool? { objective.proven == objective.analysed }

    public static func levels(_ objective: StandingsObjective) -> [ObjectiveLevel] {
        [
            ObjectiveLevel("bestRankSum", objective.bestRankSum),
            ObjectiveLevel("worstRankSum", objective.worstRankSum, maximise: true)
        ]
    }
}

/// The standings kind's prepared form: the table (final under the tie-break chain) and the points race of the
/// matches left, read once from the results.
public struct StandingsPrepared: PreparedInstance {
    public let instance: StandingsInstance
    let table: StandingsSolution
    let warnings: [String]
    let race: PointsRace
}
