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

    public static func termLimits(_ instance: MatchdayInstance) -> [String: Int] { OfficialsCore.termLimits(instance.officials) }

    public static func termLimitUse(_ instance: MatchdayInstance) -> [String: [Int: Int]] {
        OfficialsCore.use(greedy(instance)?.assignments, days: instance.matches.map { ($0.id, $0.start.day) })
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
        part.officials = core(instance).partOfficials(
            matches, pinned: part.pinned, previous: part.previous?.assignments, budgets: budgets)
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

extension MatchdayInstance: NamedInstance {}
