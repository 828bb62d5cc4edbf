import TouchlineMILP

extension StandingsKind {
    /// Every question of the analysis in one model (independent blocks, one objective: Σ teams above in the
    /// best cases − Σ teams level or above in the worst cases), for `touchline export`; `solve` answers the
    /// questions one by one, in parallel.
    public static func formulate(_ prepared: StandingsPrepared) -> Formulation<StandingsSolution> {
        let instance = prepared.instance
        let race = prepared.race
        let analysed = instance.analysis?.isRequested == true ? analysedTeams(instance) : []
        var model = Model(name: "standings")
        var built: [PointsRace.QuestionModel] = []
        var objective = LinearExpression()
        for team in analysed {
            for question in PointsRace.Question.allCases {
                let block = race.addQuestion(team, question, to: &model, prefix: "\(question.rawValue)\(team)_")
                objective += question == .best ? block.count : -1 * block.count
                built.append(block)
            }
        }
        model.minimize(objective, name: "bestAboveMinusWorstLevel")
        let table = prepared.table
        let blocks = built
        // A decoded plan proves nothing by itself (`solve` proves each answer in its own program), so its answers
        // are marked unproven.
        let decode: @Sendable (Assignment) -> StandingsSolution = { result in
            var solution = table
            guard !analysed.isEmpty else { return solution }
            solution.analysis = analysed.enumerated().map { position, team in
                func answer(_ block: PointsRace.QuestionModel) -> RaceAnswer {
                    let outcomes = block.outcomes(race) { result[$0] }
                    return RaceAnswer(
                        rank: race.rank(of: team, block.question, in: outcomes), outcomes: outcomes,
                        proven: false, nodes: 0, variables: 0, constraints: 0, solvedByMILP: true)
                }
                return teamAnalysis(instance, race: race, team: team, best: answer(blocks[2 * position]), worst: answer(blocks[2 * position + 1]))
            }
            return solution
        }
        let variableCount = model.variableCount
        return Formulation(model: model, tuning: Self.tuning, decode: decode) { solution in
            var values = Array(repeating: 0.0, count: variableCount)
            guard let analysis = solution.analysis, analysis.count == analysed.count else { return nil }
            for (position, entry) in analysis.enumerated() {
                for (offset, witness) in [entry.witness.best, entry.witness.worst].enumerated() {
                    let outcomes = witness.map { $0.homeGoals > $0.awayGoals ? PointsRace.Outcome.home : $0.homeGoals < $0.awayGoals ? .away : .draw }
                    blocks[2 * position + offset].encode(outcomes, race, into: &values)
                }
            }
            return values
        }
    }
}
