import TouchlineMILP

extension OfficialsKind {
    public static func greedy(_ prepared: OfficialsPrepared, seconds: Double?) -> OfficialsSolution? {
        let instance = prepared.instance
        if let tour = prepared.tour {
            guard case let .success(problem) = tour,
                let plan = TourSolver.firstPlan(problem, seconds: seconds ?? InstanceOptions.defaultTimeLimitSeconds)
            else { return nil }
            return problem.solution(instance, plan: plan)
        }
        // Not timed and the same every time: run once per solve (a league search that declines after its greedy
        // leaves the plan to the engine's greedy stage).
        return prepared.greedyPlan.value {
            Derivations.record(.officialsGreedy)
            let core = prepared.core
            let places = prepared.places
            if instance.rules?.hasCustomObjective ?? false {
                var league = LeagueGreedy(core: core, places: places, weights: costWeights(instance))
                return core.solution(crews: league.run(), placeOf: places)
            }
            return core.solution(crews: core.greedy(placeOf: places, previous: instance.previous?.assignments), placeOf: places)
        }
    }

    /// The weights of the first level after `filled` (the assignor's cost), for the greedy's choices.
    static func costWeights(_ instance: OfficialsInstance) -> [OfficialsTerm: Int] {
        let levels = objectiveLevels(instance).filter { level in !level.weights.contains { $0.term == .filled } }
        var weights: [OfficialsTerm: Int] = [:]
        for (term, weight) in levels.first?.weights ?? [] { weights[term] = weight }
        return weights
    }
}
