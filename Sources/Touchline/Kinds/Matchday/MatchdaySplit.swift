/// `split` and `merge` for matchday: a match shares its candidate pitches, its eligible officials and its
/// teams; the levels compose as they do for pitches and officials.
extension MatchdayKind: SplittableKind {
    public static func splitRefusal(_ instance: MatchdayInstance) -> String? { nil }

    public static func splitUnits(_ instance: MatchdayInstance) -> [SplitUnit] {
        let analysis = PitchesAnalysis(instance.pitchesInstance)
        let core = core(instance)
        return instance.matches.enumerated().map { index, match in
            SplitUnit(
                id: match.id, day: match.start.day,
                resources: analysis.eligible[index].map { "pitch:\(instance.pitches[$0].id)" }
                    + core.eligible[index].map { "official:\(instance.officials[$0].id)" }
                    + Set(match.teams ?? []).sorted().map { "team:\($0)" })
        }
    }

    public static func termLimits(_ instance: MatchdayInstance) -> [String: Int] {
        var limits: [String: Int] = [:]
        for official in instance.officials { if let limit = official.maxTotal { limits[official.id] = limit } }
        return limits
    }

    public static func termLimitUse(_ instance: MatchdayInstance) -> [String: [Int: Int]] {
        guard let plan = greedy(instance) else { return [:] }
        var use: [String: [Int: Int]] = [:]
        for match in instance.matches {
            for official in plan.assignments[match.id] ?? [] { use[official, default: [:]][match.start.day, default: 0] += 1 }
        }
        return use
    }

    public static func restricted(_ instance: MatchdayInstance, to matches: [Int], budgets: [String: Int]) -> MatchdayInstance {
        var part = instance
        part.matches = matches.map { instance.matches[$0] }
        let ids = Set(part.matches.map(\.id))
        part.pinned = instance.pinned.map { pins in pins.filter { ids.contains($0.match) } }
        if let previous = instance.previous {
            part.previous = MatchdaySolution(
                pitches: PitchesSolution(assignments: previous.pitches.filter { ids.contains($0.key) }),
                officials: OfficialsSolution(assignments: previous.assignments.filter { ids.contains($0.key) }))
        }
        // Only the officials who may work one of the part's matches (or are pinned to one, or on one in the
        // previous plan); the others could do nothing there.
        let core = core(instance)
        var kept = Set(matches.flatMap { core.eligible[$0] }.map { instance.officials[$0].id })
        kept.formUnion((part.pinned ?? []).map(\.official))
        kept.formUnion(part.previous.map { $0.assignments.values.flatMap { $0 } } ?? [])
        part.officials = instance.officials.filter { kept.contains($0.id) }.map { official in
            var official = official
            if let budget = budgets[official.id] { official.maxTotal = budget }
            official.avoid = official.avoid.map { $0.filter { kept.contains($0) } }
            return official
        }
        return part
    }

    public static func merged(_ instance: MatchdayInstance, _ parts: [MatchdaySolution]) -> MatchdaySolution {
        let analysis = PitchesAnalysis(instance.pitchesInstance)
        let core = core(instance)
        var pitches: [String: String] = [:]
        var assignments: [String: [String]] = [:]
        for part in parts {
            pitches.merge(part.pitches) { first, _ in first }
            assignments.merge(part.assignments) { first, _ in first }
        }
        let placement = instance.matches.map { match in pitches[match.id].flatMap { analysis.pitchIndex[$0] } }
        let crews = instance.matches.map { match in
            (assignments[match.id] ?? []).compactMap { core.officialIndex[$0] }
        }
        return MatchdaySolution(
            pitches: analysis.solution(placement: placement), officials: core.solution(crews: crews, placeOf: placement))
    }

    public static func assignedMatches(_ solution: MatchdaySolution) -> Set<String> {
        Set(solution.pitches.keys).union(solution.assignments.keys).union(solution.unplaced.map(\.match))
    }

    public static func composition(ofLevel name: String, by mode: SplitMode) -> LevelComposition {
        switch name {
        case "maxLoad", "maxUsage": .max
        case "repeatPairings": mode == .day ? .atLeastSum : .sum
        default: .sum
        }
    }
}
