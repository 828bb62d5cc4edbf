extension PitchesKind {
    /// Re-checks a plan against every hard rule, from the instance alone (no code shared with the solvers):
    /// known ids, every match exactly once (placed or unplaced with a reason), size, closures, pins, buffers,
    /// `maxPerDay` and the usage counts.
    public static func verify(_ instance: PitchesInstance, _ solution: PitchesSolution) -> [String] {
        var violations: [String] = []
        var pitchById: [String: Pitch] = [:]
        for pitch in instance.pitches { pitchById[pitch.id] = pitch }
        var matchById: [String: PitchMatch] = [:]
        for match in instance.matches { matchById[match.id] = match }
        for id in solution.assignments.keys.sorted() where matchById[id] == nil {
            violations.append("assignments: unknown match \"\(id)\"")
        }
        var unplacedIds = Set<String>()
        for entry in solution.unplaced {
            if matchById[entry.match] == nil { violations.append("unplaced: unknown match \"\(entry.match)\"") }
            if !unplacedIds.insert(entry.match).inserted { violations.append("unplaced: \(entry.match) is listed twice") }
            if solution.assignments[entry.match] != nil { violations.append("\(entry.match) is both placed and unplaced") }
            if entry.reason.isEmpty { violations.append("unplaced \(entry.match) has no reason") }
        }
        var placedOn: [String: [PitchMatch]] = [:]
        for match in instance.matches {
            guard let pitchId = solution.assignments[match.id] else {
                if !unplacedIds.contains(match.id) { violations.append("\(match.id) is neither placed nor listed as unplaced") }
                if match.pitch != nil { violations.append("\(match.id) is pinned to \(match.pitch!) but not placed") }
                continue
            }
            guard let pitch = pitchById[pitchId] else {
                violations.append("\(match.id): unknown pitch \"\(pitchId)\"")
                continue
            }
            if !pitch.sizes.contains(match.size) {
                violations.append("\(match.id) (\(match.size)) is on \(pitch.id), which takes \(pitch.sizes.joined(separator: ", "))")
            }
            for window in pitch.closed ?? [] where match.start < window.to && window.from < match.start + match.durationMinutes {
                violations.append("\(match.id) is on \(pitch.id) while it is closed (\(window.from) to \(window.to))")
            }
            if let pinned = match.pitch, pinned != pitchId {
                violations.append("\(match.id) is pinned to \(pinned) but placed on \(pitchId)")
            }
            placedOn[pitchId, default: []].append(match)
        }
        let buffer = instance.rules?.bufferMinutes ?? 0
        for (pitchId, matches) in placedOn.sorted(by: { $0.key < $1.key }) {
            let ordered = matches.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
            var latest: (free: Int, id: String)? = nil
            for match in ordered {
                if let latest, match.start.minutes < latest.free {
                    violations.append("\(match.id) starts on \(pitchId) before \(latest.id) has ended plus the \(buffer)-minute buffer")
                }
                let free = match.start.minutes + match.durationMinutes + buffer
                if latest == nil || free > latest!.free { latest = (free, match.id) }
            }
            if let limit = pitchById[pitchId]?.maxPerDay {
                var perDay: [Int: Int] = [:]
                for match in matches { perDay[match.start.day, default: 0] += 1 }
                for (day, count) in perDay.sorted(by: { $0.key < $1.key }) where count > limit {
                    violations.append(
                        "\(pitchId) has \(count) matches on \(LocalDateTime(minutes: day * 1440).dateText), above its limit of \(limit)")
                }
            }
        }
        for pitch in instance.pitches {
            let count = placedOn[pitch.id]?.count ?? 0
            if let reported = solution.usage[pitch.id], reported != count {
                violations.append("usage[\(pitch.id)] is \(reported) but \(count) matches are on it")
            }
        }
        return violations
    }

    /// The objective of a plan, counted from the plan.
    public static func objective(_ instance: PitchesInstance, _ solution: PitchesSolution) -> PitchesObjective {
        objective(
            pitches: instance.pitches, matches: instance.matches.map { ($0.id, $0.preferred, $0.teams, $0.start.day) },
            previous: instance.previous?.assignments, solution)
    }

    /// The objective from the pitches and each match's id, preferred pitches, teams and day (what matchday's
    /// matches share with a pitches instance's), with the published plan's placements.
    static func objective(
        pitches: [Pitch], matches: [(id: String, preferred: [String]?, teams: [String]?, day: Int)], previous: [String: String]?,
        _ solution: PitchesSolution
    ) -> PitchesObjective {
        var groupOf: [String: String] = [:]
        for pitch in pitches { groupOf[pitch.id] = pitch.group ?? "" }
        var placed = 0, preferred = 0
        var counts: [String: Int] = [:]
        var groupsOfTeamDay: [String: Set<String>] = [:]
        for match in matches {
            guard let pitch = solution.assignments[match.id] else { continue }
            placed += 1
            counts[pitch, default: 0] += 1
            if (match.preferred ?? []).contains(pitch) { preferred += 1 }
            for team in Set(match.teams ?? []) {
                groupsOfTeamDay["\(team)|\(match.day)", default: []].insert(groupOf[pitch] ?? "")
            }
        }
        var changes: Int? = nil
        if let previous {
            changes =
                matches.filter { match in
                    guard let old = previous[match.id] else { return false }
                    return solution.assignments[match.id] != old
                }.count
        }
        let splits = groupsOfTeamDay.values.reduce(0) { $0 + max(0, $1.count - 1) }
        return PitchesObjective(
            placed: placed, changes: changes, preferred: preferred, maxUsage: counts.values.max() ?? 0, groupSplits: splits)
    }

    public static func levels(_ objective: PitchesObjective) -> [ObjectiveLevel] {
        [ObjectiveLevel("placed", objective.placed, maximise: true)]
            + (objective.changes.map { [ObjectiveLevel("changes", $0)] } ?? [])
            + [
                ObjectiveLevel("preferred", objective.preferred, maximise: true),
                ObjectiveLevel("maxUsage", objective.maxUsage), ObjectiveLevel("groupSplits", objective.groupSplits)
            ]
    }
}
