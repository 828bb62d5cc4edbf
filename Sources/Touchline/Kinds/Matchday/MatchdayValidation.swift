import TouchlineMILP

extension MatchdayKind {
    public static func validate(_ instance: MatchdayInstance) -> [InputIssue] {
        var issues = IssueCollector()
        if let problem = instance.problem { issues.require(problem == name, "problem", "expected \"matchday\"") }
        TeamName.validate(instance.teams, into: &issues)
        var pitchesPart = instance.pitchesPart
        pitchesPart.problem = nil
        for issue in pitchesPart.issues() where !issue.path.hasPrefix("previous") { issues.add(issue.path, issue.message) }
        let places = instance.pitches.map { TravelPlace(id: $0.id, group: $0.group ?? "", lat: $0.lat, lon: $0.lon) }
        for issue in TravelTimes.issues(
            places: places, placePaths: instance.pitches.indices.map { "pitches[\($0)]" }, entries: instance.travelMinutes ?? [],
            entriesPath: "travelMinutes")
        {
            issues.add(issue.path, issue.message)
        }
        let officialIds = OfficialsChecks.officials(instance.officials, into: &issues)
        // The league fields of an official are the officials kind's (its kilometre and crew objective); a joint
        // pitches-and-officials plan does not weigh them, so they are refused rather than ignored.
        for (index, official) in instance.officials.enumerated() {
            for (field, present) in [
                ("home", official.home != nil), ("experience", official.experience != nil), ("avoid", official.avoid != nil),
                ("groups", official.groups != nil)
            ] where present {
                issues.add(
                    "officials[\(index)].\(field)",
                    "not used by matchday (kilometres, experience and crews are planned by the officials kind); expected it only in an officials instance"
                )
            }
        }
        let matchIds = Set(instance.matches.map(\.id))
        for (index, match) in instance.matches.enumerated() {
            if let needed = match.officials {
                issues.require(needed >= 0 && needed <= 20, "matches[\(index)].officials", "expected how many officials, from 0 to 20")
            }
        }
        OfficialsChecks.pins(instance.pinned ?? [], matchIds: matchIds, officialIds: officialIds, into: &issues)
        OfficialsChecks.rules(OfficialsRules(restMinutes: instance.rules?.restMinutes, travelSpeedKmh: instance.rules?.travelSpeedKmh), into: &issues)
        if let previous = instance.previous {
            let pitchIds = Set(instance.pitches.map(\.id))
            for (match, pitch) in previous.pitches.sorted(by: { $0.key < $1.key }) {
                issues.require(matchIds.contains(match), "previous.pitches.\(match)", "unknown match \"\(match)\"")
                issues.require(pitchIds.contains(pitch), "previous.pitches.\(match)", "unknown pitch \"\(pitch)\"")
            }
            OfficialsChecks.previous(previous.assignments, path: "previous.assignments", matchIds: matchIds, officialIds: officialIds, into: &issues)
        }
        return issues.issues
    }
}
