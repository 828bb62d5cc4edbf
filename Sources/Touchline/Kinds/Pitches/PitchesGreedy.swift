extension PitchesKind {
    /// Places matches one by one: pinned matches first, then the hardest (fewest fitting pitches, earliest);
    /// each goes to the free pitch that keeps the published plan, then a preferred pitch, then the field
    /// group its teams already use that day, then the least used pitch.
    public static func greedy(_ analysis: PitchesAnalysis, seconds: Double?) -> PitchesSolution? {
        let instance = analysis.instance
        let matches = instance.matches
        let order = matches.indices.sorted { a, b in
            let pinnedA = matches[a].pitch != nil, pinnedB = matches[b].pitch != nil
            if pinnedA != pinnedB { return pinnedA }
            if analysis.eligible[a].count != analysis.eligible[b].count {
                return analysis.eligible[a].count < analysis.eligible[b].count
            }
            if matches[a].start != matches[b].start { return matches[a].start < matches[b].start }
            return a < b
        }
        var placement = [Int?](repeating: nil, count: matches.count)
        var onPitch = [[Int]](repeating: [], count: instance.pitches.count)
        var usage = [Int](repeating: 0, count: instance.pitches.count)
        var teamDayGroups: [PitchesAnalysis.TeamDay: Set<Int>] = [:]
        for matchIndex in order {
            let match = matches[matchIndex]
            let free = analysis.eligible[matchIndex].filter { pitch in
                if onPitch[pitch].contains(where: { analysis.clash($0, matchIndex) }) { return false }
                if let limit = instance.pitches[pitch].maxPerDay,
                    onPitch[pitch].filter({ matches[$0].start.day == match.start.day }).count >= limit
                {
                    return false
                }
                return true
            }
            let teamDays = Set(match.teams ?? []).map { PitchesAnalysis.TeamDay(team: $0, day: match.start.day) }
            let previousPitch = instance.previous?.assignments[match.id]
            let preferred = match.preferred ?? []
            func score(_ pitch: Int) -> (Int, Int, Int, Int, Int) {
                let id = instance.pitches[pitch].id
                let keeps = previousPitch == id ? 0 : 1
                let preference = preferred.firstIndex(of: id) ?? preferred.count
                let group = analysis.groupOfPitch[pitch]
                let newGroups = teamDays.filter { teamDay in
                    let used = teamDayGroups[teamDay] ?? []
                    return !used.isEmpty && !used.contains(group)
                }.count
                return (keeps, preference, newGroups, usage[pitch], pitch)
            }
            guard let best = free.min(by: { score($0) < score($1) }) else { continue }
            placement[matchIndex] = best
            onPitch[best].append(matchIndex)
            usage[best] += 1
            for teamDay in teamDays { teamDayGroups[teamDay, default: []].insert(analysis.groupOfPitch[best]) }
        }
        return analysis.solution(placement: placement)
    }
}
