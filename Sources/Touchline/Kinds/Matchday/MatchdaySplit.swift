/// `split` and `merge` for matchday: a match shares its candidate pitches, its eligible officials and its
/// teams; the levels compose as they do for pitches and officials.
extension MatchdayKind: SplittableKind {
    public static func splitRefusal(_ instance: MatchdayInstance) -> String? { nil }

    public static func matchCount(_ instance: MatchdayInstance) -> Int { instance.matches.count }

    public static func splitUnits(_ prepared: MatchdayPrepared) -> [SplitUnit] {
        let (instance, analysis, core) = (prepared.instance, prepared.pitches, prepared.core)
        return instance.matches.enumerated().map { index, match in
            SplitUnit(
                id: match.id, day: match.start.day,
                resources: analysis.eligible[index].map { "pitch:\(instance.pitches[$0].id)" }
                    + core.eligible[index].map { "official:\(instance.officials[$0].id)" }
                    + Set(match.teams ?? []).sorted().map { "team:\($0)" },
                region: analysis.region(ofMatch: index))
        }
    }

    /// Every pitch belongs to its own region; an official pinned to a match to that match's region.
    public static func fixedRegions(_ prepared: MatchdayPrepared) -> [String: String] {
        let (instance, analysis) = (prepared.instance, prepared.pitches)
        let indexOf = Dictionary(instance.matches.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return PitchesAnalysis.pitchRegions(instance.pitches).merging(
            OfficialsCore.pinnedRegions(instance.pinned, region: { match in indexOf[match].flatMap(analysis.region(ofMatch:)) }),
            uniquingKeysWith: { first, _ in first })
    }

    /// A region's part: its matches, without the pitches of other regions (the published plan's placements
    /// on them dropped) and with the officials given to other regions unable to work (`maxTotal` 0); a pitch
    /// or an official pinned to one of the part's matches stays.
    public static func restricted(_ prepared: MatchdayPrepared, to matches: [Int], excluding excluded: Set<String>) -> MatchdayInstance {
        let instance = prepared.instance
        var part = restricted(
            prepared, to: matches,
            budgets: OfficialsCore.zeroBudgets(
                excluded, keepingPinsOf: matches.map { instance.matches[$0].id }, pinned: instance.pinned))
        let kept: Set<String>
        (part.pitches, part.matches, kept) = PitchesAnalysis.regionPart(instance.pitches, part.matches, excluded: excluded)
        if let previous = part.previous {
            part.previous = MatchdaySolution(
                pitches: PitchesSolution(assignments: previous.pitches.filter { kept.contains($0.value) }),
                officials: OfficialsSolution(assignments: previous.assignments))
        }
        return part
    }

    public static func termLimits(_ instance: MatchdayInstance) -> [String: Int] { OfficialsCore.termLimits(instance.officials) }

    public static func termLimitUse(_ prepared: MatchdayPrepared) -> [String: [Int: Int]] {
        OfficialsCore.use(greedy(prepared, seconds: nil)?.assignments, days: prepared.instance.matches.map { ($0.id, $0.start.day) })
    }

    public static func restricted(_ prepared: MatchdayPrepared, to matches: [Int], budgets: [String: Int]) -> MatchdayInstance {
        let instance = prepared.instance
        var part = instance
        part.matches = matches.map { instance.matches[$0] }
        let ids = Set(part.matches.map(\.id))
        part.pinned = instance.pinned.map { pins in pins.filter { ids.contains($0.match) } }
        if let previous = instance.previous {
            part.previous = MatchdaySolution(
                pitches: PitchesSolution(assignments: previous.pitches.filter { ids.contains($0.key) }),
                officials: OfficialsSolution(assignments: previous.assignments.filter { ids.contains($0.key) }))
        }
        part.officials = prepared.core.partOfficials(
            matches, pinned: part.pinned, previous: part.previous?.assignments, budgets: budgets)
        return part
    }

    public static func merged(_ prepared: MatchdayPrepared, _ parts: [MatchdaySolution]) -> MatchdaySolution {
        let (instance, analysis, core) = (prepared.instance, prepared.pitches, prepared.core)
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
