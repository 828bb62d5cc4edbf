import TouchlineMILP

extension OfficialsKind {
    public static func formulate(_ prepared: OfficialsPrepared) -> Formulation<OfficialsSolution> {
        let instance = prepared.instance
        switch prepared.tour {
        case let .success(problem)?: return tourFormulation(instance, problem)
        case .failure?: return impossibleTourFormulation(instance)
        case nil: return prepared.wholeModel.value { build(prepared).0 }
        }
    }

    /// The formulation and the builder that made it (its column groups serve the league search).
    /// With `fixedCrews`, the model of the large-neighbourhood search: every match keeps that crew size (see
    /// ``OfficialsModelBuilder/addLeagueTerms(_:core:places:terms:fixedCrews:)``).
    static func build(_ prepared: OfficialsPrepared, fixedCrews: [Int]? = nil) -> (Formulation<OfficialsSolution>, OfficialsModelBuilder) {
        let instance = prepared.instance
        let core = prepared.core
        let places = prepared.places
        var model = Model(name: "officials")
        let custom = instance.rules?.hasCustomObjective ?? false
        let levels = objectiveLevels(instance)
        let used = Set(levels.flatMap { $0.weights.map(\.term) })
        var builder = OfficialsModelBuilder(
            model: &model, core: core, placement: .fixed(places), previous: instance.previous?.assignments,
            travelAndRepeats: !custom || used.contains(.travel) || used.contains(.repeatPairings),
            exactRequired: !(levels.first.map { $0.weights.count == 1 && $0.weights[0].term == .filled && $0.weights[0].weight < 0 } ?? false))
        if custom {
            let wanted = used.filter { !$0.isClassic }
            builder.addLeagueTerms(&model, core: core, places: places, terms: wanted, fixedCrews: fixedCrews)
            builder.setObjectives(&model, core: core, levels: levels)
        } else {
            builder.setObjectives(&model, core: core)
        }
        let variableCount = model.variableCount
        let completed = model
        let x = builder.x
        let formulation = Formulation(
            model: model,
            // Pseudocost branching initialises by strong branching, which GLPK cannot interrupt: on the 294-match term it
            // ran 50 s past a 10 s limit. Driebeck–Tomlin keeps the limit (measured: 10.0 s).
            tuning: SolverTuning(feasibilityPump: false, cuts: false, branching: .driebeckTomlin),
            blocks: Dictionary(grouping: x.indices, by: { core.matches[$0].start / 1440 })
                .sorted { $0.key < $1.key }.map { $0.value.flatMap { x[$0].map(\.variable.index) } },
            decode: { result in
                let crews = x.map { row in row.filter { result.isOn($0.variable) }.map(\.official) }
                return core.solution(crews: crews, placeOf: places)
            },
            encode: { [builder] solution in
                var values = [Double](repeating: 0, count: variableCount)
                guard let crews = core.crews(solution.assignments) else { return nil }
                return builder.encode(crews: crews, into: &values) ? completed.completeStart(values) : nil
            })
        return (formulation, builder)
    }
}
