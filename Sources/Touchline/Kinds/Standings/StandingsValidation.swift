/// Every problem with a `standings` instance, each with its JSON path.
enum StandingsValidation {
    static func issues(_ instance: StandingsInstance) -> [InputIssue] {
        var issues = IssueCollector()
        let points = instance.pointsSystem
        issues.require(
            points.win >= points.draw && points.draw >= points.loss, "points",
            "expected win >= draw >= loss, got \(points.win)-\(points.draw)-\(points.loss)")
        if let rules = instance.rules, StandingsRules.preset(named: rules) == nil {
            issues.add("rules", "unknown preset \"\(rules)\"; expected one of \(StandingsRules.presets.map(\.name).joined(separator: ", "))")
        }
        if let chain = instance.tieBreakers {
            issues.require(!chain.isEmpty, "tieBreakers", "expected at least one criterion")
            for (position, code) in chain.enumerated() where Criterion(rawValue: code) == nil {
                issues.add(
                    "tieBreakers[\(position)]",
                    "unknown criterion \"\(code)\"; expected one of \(Criterion.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            for (position, code) in chain.enumerated() where chain[..<position].contains(code) {
                issues.add("tieBreakers[\(position)]", "\"\(code)\" appears twice")
            }
        }
        if let policy = instance.headToHeadReapply, HeadToHeadReapply(rawValue: policy) == nil {
            issues.add("headToHeadReapply", "unknown policy \"\(policy)\"; expected none, afterBlock or immediately")
        }
        issues.require(instance.teams.count >= 2, "teams", "expected at least two teams")
        var known: Set<String> = []
        for (position, team) in instance.teams.enumerated() {
            if team.id.isEmpty { issues.add("teams[\(position)].id", "expected a non-empty id") }
            if !known.insert(team.id).inserted { issues.add("teams[\(position)].id", "duplicate team id \"\(team.id)\"") }
        }
        func team(_ id: String, _ path: String) {
            if !known.contains(id) { issues.add(path, "unknown team \"\(id)\"; expected an id from teams") }
        }
        for (position, result) in instance.results.enumerated() {
            team(result.home, "results[\(position)].home")
            team(result.away, "results[\(position)].away")
            if result.home == result.away { issues.add("results[\(position)]", "a team cannot play itself") }
            if result.homeGoals < 0 { issues.add("results[\(position)].homeGoals", "expected a whole number >= 0") }
            if result.awayGoals < 0 { issues.add("results[\(position)].awayGoals", "expected a whole number >= 0") }
        }
        for (position, match) in (instance.remaining ?? []).enumerated() {
            team(match.home, "remaining[\(position)].home")
            team(match.away, "remaining[\(position)].away")
            if match.home == match.away { issues.add("remaining[\(position)]", "a team cannot play itself") }
        }
        for (position, adjustment) in (instance.adjustments ?? []).enumerated() { team(adjustment.team, "adjustments[\(position)].team") }
        for (position, entry) in (instance.discipline ?? []).enumerated() { team(entry.team, "discipline[\(position)].team") }
        for (position, playoff) in (instance.playoffs ?? []).enumerated() {
            for (offset, id) in playoff.teams.enumerated() { team(id, "playoffs[\(position)].teams[\(offset)]") }
            if playoff.teams.count < 2 { issues.add("playoffs[\(position)].teams", "expected at least two teams") }
            if !playoff.teams.contains(playoff.winner) {
                issues.add("playoffs[\(position)].winner", "expected one of the play-off's teams, got \"\(playoff.winner)\"")
            }
        }
        for (name, list) in [("lots", instance.lots ?? []), ("ranking", instance.ranking ?? [])] {
            for (position, id) in list.enumerated() {
                team(id, "\(name)[\(position)]")
                if list[..<position].contains(id) { issues.add("\(name)[\(position)]", "\"\(id)\" appears twice") }
            }
        }
        if let analysis = instance.analysis {
            for (position, k) in (analysis.clinch ?? []).enumerated() where k < 1 || k > instance.teams.count {
                issues.add("analysis.clinch[\(position)]", "expected a position from 1 to \(instance.teams.count), got \(k)")
            }
            for (position, id) in (analysis.teams ?? []).enumerated() { team(id, "analysis.teams[\(position)]") }
        }
        return issues.issues
    }
}
