import TouchlineMILP

extension MatchdayKind {
    public static func formulate(_ prepared: MatchdayPrepared) -> Formulation<MatchdaySolution> {
        let instance = prepared.instance
        let analysis = prepared.pitches
        let core = prepared.core
        var model = Model(name: "matchday")
        let pitchesPart = PitchesModelBuilder(model: &model, analysis: analysis)
        let placement = Placement(
            options: pitchesPart.x.map { row in row.map { ($0.pitch, LinearExpression($0.variable)) } },
            placed: pitchesPart.x.map { row in sum(row.map(\.variable)) })
        let officialsPart = OfficialsModelBuilder(model: &model, core: core, placement: placement, previous: instance.previous?.assignments)
        model.maximize(pitchesPart.placed, name: "placed", bound: Double(pitchesPart.placeable))
        // At most each placeable match's slots that its eligible officials can fill: met, it proves the level.
        let slots = core.matches.indices.reduce(0) { total, m in
            pitchesPart.x[m].isEmpty ? total : total + min(core.matches[m].needed, core.eligible[m].count)
        }
        model.maximize(officialsPart.filled, name: "filled", bound: Double(slots))
        if pitchesPart.changes != nil || officialsPart.changes != nil {
            model.minimize((pitchesPart.changes ?? LinearExpression()) + (officialsPart.changes ?? LinearExpression()), name: "changes", bound: 0)
        }
        model.minimize(LinearExpression(officialsPart.maxLoad), name: "maxLoad")
        let count = Double(max(1, core.officials.count))
        model.objectives[model.objectives.count - 1].boundFromEarlier = { values in (values[1] / count - Tolerance.exact).rounded(.up) }
        model.minimize(officialsPart.travel, name: "travel", bound: 0)
        model.minimize(officialsPart.repeats, name: "repeatPairings", bound: 0)
        pitchesPart.setPlacementObjectives(&model)
        let variableCount = model.variableCount
        let completed = model
        return Formulation(
            model: model,
            tuning: SolverTuning(feasibilityPump: false, cuts: false, branching: .driebeckTomlin),
            blocks: blocks(core: core, pitches: pitchesPart, officials: officialsPart),
            decode: { result in
                let placeOf = pitchesPart.placement(result)
                let crews = officialsPart.x.map { row in row.filter { result.isOn($0.variable) }.map(\.official) }
                return MatchdaySolution(
                    pitches: analysis.solution(placement: placeOf), officials: core.solution(crews: crews, placeOf: placeOf))
            },
            encode: { solution in
                var values = [Double](repeating: 0, count: variableCount)
                guard pitchesPart.encode(solution.pitches, into: &values), let crews = core.crews(solution.assignments) else { return nil }
                return officialsPart.encode(crews: crews, into: &values) ? completed.completeStart(values) : nil
            })
    }

    /// One block per day of a term; on a single day one per match (its pitch and official columns), so that a
    /// neighbourhood frees a few matches with everything that places and staffs them.
    static func blocks(core: OfficialsCore, pitches: PitchesModelBuilder, officials: OfficialsModelBuilder) -> [[Int]] {
        let perMatch = core.matches.indices.map { m in
            pitches.x[m].map(\.variable.index) + officials.x[m].map(\.variable.index)
        }
        let days = Dictionary(grouping: core.matches.indices, by: { core.matches[$0].start / 1440 })
        guard days.count == 1 else {
            return days.sorted { $0.key < $1.key }.map { $0.value.flatMap { perMatch[$0] } }
        }
        return perMatch
    }
}
