import TouchlineMILP

extension PitchesInstance {
    /// Every semantic problem, with its JSON path.
    func issues() -> [InputIssue] {
        var issues = IssueCollector()
        if let problem { issues.require(problem == PitchesKind.name, "problem", "expected \"pitches\"") }
        TeamName.validate(teams, into: &issues)
        issues.require(!pitches.isEmpty, "pitches", "expected at least one pitch")
        var pitchIds = Set<String>()
        for (index, pitch) in pitches.enumerated() {
            let path = "pitches[\(index)]"
            issues.require(!pitch.id.isEmpty, "\(path).id", "expected a non-empty id")
            if !pitchIds.insert(pitch.id).inserted { issues.add("\(path).id", "duplicate pitch id \"\(pitch.id)\"") }
            issues.require(!pitch.sizes.isEmpty, "\(path).sizes", "expected at least one size")
            if let limit = pitch.maxPerDay { issues.require(limit >= 0, "\(path).maxPerDay", "expected a whole number >= 0") }
            for (windowIndex, window) in (pitch.closed ?? []).enumerated() {
                issues.require(window.from < window.to, "\(path).closed[\(windowIndex)]", "expected from before to")
            }
        }
        var matchIds = Set<String>()
        for (index, match) in matches.enumerated() {
            let path = "matches[\(index)]"
            issues.require(!match.id.isEmpty, "\(path).id", "expected a non-empty id")
            if !matchIds.insert(match.id).inserted { issues.add("\(path).id", "duplicate match id \"\(match.id)\"") }
            issues.require(
                match.durationMinutes > 0 && match.durationMinutes <= 24 * 60, "\(path).durationMinutes",
                "expected a whole number of minutes from 1 to 1440")
            issues.require(!match.size.isEmpty, "\(path).size", "expected a size")
            for (preferredIndex, pitch) in (match.preferred ?? []).enumerated() where !pitchIds.contains(pitch) {
                issues.add("\(path).preferred[\(preferredIndex)]", "unknown pitch \"\(pitch)\"; expected one of the pitches' ids")
            }
            if let pinned = match.pitch, !pitchIds.contains(pinned) {
                issues.add("\(path).pitch", "unknown pitch \"\(pinned)\"; expected one of the pitches' ids or null")
            }
        }
        if let buffer = rules?.bufferMinutes {
            issues.require(buffer >= 0 && buffer <= 24 * 60, "rules.bufferMinutes", "expected a whole number of minutes from 0 to 1440")
        }
        if let previous {
            for (match, pitch) in previous.assignments.sorted(by: { $0.key < $1.key }) {
                issues.require(matchIds.contains(match), "previous.assignments.\(match)", "unknown match \"\(match)\"")
                issues.require(pitchIds.contains(pitch), "previous.assignments.\(match)", "unknown pitch \"\(pitch)\"")
            }
        }
        return issues.issues
    }
}
