import TouchlineMILP

extension OfficialsKind {
    public static func formulate(_ instance: OfficialsInstance) -> Formulation<OfficialsSolution> {
        let core = core(instance)
        let places = venuePlaces(instance)
        var model = Model(name: "officials")
        var builder = OfficialsModelBuilder(
            model: &model, core: core, placement: .fixed(places), previous: instance.previous?.assignments)
        let custom = instance.rules?.hasCustomObjective ?? false
        if custom {
            let levels = objectiveLevels(instance)
            let wanted = Set(levels.flatMap { $0.weights.map(\.term) }.filter { !$0.isClassic })
            builder.addLeagueTerms(&model, core: core, places: places, terms: wanted)
            builder.setObjectives(&model, core: core, levels: levels)
        } else {
            builder.setObjectives(&model, core: core)
        }
        let variableCount = model.variableCount
        let completed = model
        let x = builder.x
        return Formulation(
            model: model,
            // Pseudocost branching initialises by strong branching, which GLPK cannot interrupt: on the 294-match term it
            // ran 50 s past a 10 s limit. Driebeck–Tomlin keeps the limit (measured: 10.0 s).
            tuning: SolverTuning(feasibilityPump: false, cuts: false, branching: .driebeckTomlin),
            decode: { result in
                let crews = x.map { row in row.filter { result.isOn($0.variable) }.map(\.official) }
                return core.solution(crews: crews, placeOf: places)
            },
            encode: { [builder] solution in
                var values = [Double](repeating: 0, count: variableCount)
                guard let crews = core.crews(solution.assignments) else { return nil }
                return builder.encode(crews: crews, into: &values) ? completed.completeStart(values) : nil
            })
    }
}
