/// `split` and `merge` for pitches: a match shares its candidate pitches and its teams; every level adds up
/// over parts except `maxUsage`, the busiest pitch's count.
extension PitchesKind: SplittableKind {
    public static func splitRefusal(_ instance: PitchesInstance) -> String? { nil }

    public static func matchCount(_ instance: PitchesInstance) -> Int { instance.matches.count }

    public static func splitUnits(_ analysis: PitchesAnalysis) -> [SplitUnit] {
        let instance = analysis.instance
        return instance.matches.enumerated().map { index, match in
            SplitUnit(
                id: match.id, day: match.start.day,
                resources: analysis.eligible[index].map { "pitch:\(instance.pitches[$0].id)" }
                    + Set(match.teams ?? []).sorted().map { "team:\($0)" },
                region: analysis.region(ofMatch: index))
        }
    }

    /// Every pitch belongs to its own region.
    public static func fixedRegions(_ analysis: PitchesAnalysis) -> [String: String] {
        PitchesAnalysis.pitchRegions(analysis.instance.pitches)
    }

    /// A region's part: its matches, without the pitches of other regions (and the published plan's entries
    /// that named them: keeping such a placement is not possible in the part). A pitch one of the part's
    /// matches is pinned to stays (the merge's verification catches a pitch two regions' plans double-book).
    public static func restricted(_ analysis: PitchesAnalysis, to matches: [Int], excluding excluded: Set<String>) -> PitchesInstance {
        let instance = analysis.instance
        var part = restricted(analysis, to: matches, budgets: [:])
        let kept: Set<String>
        (part.pitches, part.matches, kept) = PitchesAnalysis.regionPart(instance.pitches, part.matches, excluded: excluded)
        if let previous = part.previous {
            part.previous = PitchesSolution(assignments: previous.assignments.filter { kept.contains($0.value) })
        }
        return part
    }

    public static func termLimits(_ instance: PitchesInstance) -> [String: Int] { [:] }

    public static func termLimitUse(_ analysis: PitchesAnalysis) -> [String: [Int: Int]] { [:] }

    public static func restricted(_ analysis: PitchesAnalysis, to matches: [Int], budgets: [String: Int]) -> PitchesInstance {
        let instance = analysis.instance
        var part = instance
        part.matches = matches.map { instance.matches[$0] }
        if let previous = instance.previous {
            let kept = Set(part.matches.map(\.id))
            part.previous = PitchesSolution(assignments: previous.assignments.filter { kept.contains($0.key) })
        }
        return part
    }

    public static func merged(_ analysis: PitchesAnalysis, _ parts: [PitchesSolution]) -> PitchesSolution {
        let instance = analysis.instance
        var assignments: [String: String] = [:]
        for part in parts { assignments.merge(part.assignments) { first, _ in first } }
        return analysis.solution(
            placement: instance.matches.map { match in
                assignments[match.id].flatMap { analysis.pitchIndex[$0] }
            })
    }

    public static func assignedMatches(_ solution: PitchesSolution) -> Set<String> {
        Set(solution.assignments.keys).union(solution.unplaced.map(\.match))
    }

    public static func composition(ofLevel name: String, by mode: SplitMode) -> LevelComposition {
        name == "maxUsage" ? .max : .sum
    }
}

extension PitchesInstance: NamedInstance {}
