/// Checks shared by `officials` and `matchday`: officials, pins, rules and a previous plan's officials.
struct OfficialsChecks {
    static func officials(_ officials: [Official], into issues: inout IssueCollector) -> Set<String> {
        var ids = Set<String>()
        for (index, official) in officials.enumerated() {
            let path = "officials[\(index)]"
            issues.require(!official.id.isEmpty, "\(path).id", "expected a non-empty id")
            if !ids.insert(official.id).inserted { issues.add("\(path).id", "duplicate official id \"\(official.id)\"") }
            if let limit = official.maxPerDay { issues.require(limit >= 0, "\(path).maxPerDay", "expected a whole number >= 0") }
            if let limit = official.maxTotal { issues.require(limit >= 0, "\(path).maxTotal", "expected a whole number >= 0") }
            for (windowIndex, window) in (official.unavailable ?? []).enumerated() {
                issues.require(window.from < window.to, "\(path).unavailable[\(windowIndex)]", "expected from before to")
            }
        }
        return ids
    }

    static func pins(_ pins: [OfficialPin], matchIds: Set<String>, officialIds: Set<String>, into issues: inout IssueCollector) {
        var seen = Set<String>()
        for (index, pin) in pins.enumerated() {
            let path = "pinned[\(index)]"
            issues.require(matchIds.contains(pin.match), "\(path).match", "unknown match \"\(pin.match)\"; expected one of the matches' ids")
            issues.require(officialIds.contains(pin.official), "\(path).official", "unknown official \"\(pin.official)\"; expected one of the officials' ids")
            if !seen.insert(pin.match + "\u{1}" + pin.official).inserted { issues.add(path, "duplicate pin") }
        }
    }

    static func rules(_ rules: OfficialsRules?, into issues: inout IssueCollector) {
        if let rest = rules?.restMinutes {
            issues.require(rest >= 0 && rest <= 1440, "rules.restMinutes", "expected whole minutes from 0 to 1440")
        }
        if let speed = rules?.travelSpeedKmh {
            issues.require(speed.isFinite && speed > 0 && speed <= 1000, "rules.travelSpeedKmh", "expected a speed above 0 and at most 1000")
        }
    }

    static func match(
        needed: Int?, duration: Int, path: String, into issues: inout IssueCollector
    ) {
        issues.require(duration > 0 && duration <= 24 * 60, "\(path).durationMinutes", "expected a whole number of minutes from 1 to 1440")
        if let needed { issues.require(needed >= 0 && needed <= 20, "\(path).officials", "expected how many officials, from 0 to 20") }
    }

    static func previous(
        _ assignments: [String: [String]], path: String, matchIds: Set<String>, officialIds: Set<String>, into issues: inout IssueCollector
    ) {
        for (match, crew) in assignments.sorted(by: { $0.key < $1.key }) {
            issues.require(matchIds.contains(match), "\(path).\(match)", "unknown match \"\(match)\"")
            for (index, official) in crew.enumerated() {
                issues.require(officialIds.contains(official), "\(path).\(match)[\(index)]", "unknown official \"\(official)\"")
            }
        }
    }
}

extension OfficialsInstance {
    /// Every semantic problem, with its JSON path.
    func issues() -> [InputIssue] {
        var issues = IssueCollector()
        if let problem { issues.require(problem == OfficialsKind.name, "problem", "expected \"officials\"") }
        issues.require(!venues.isEmpty, "venues", "expected at least one venue")
        var venueIds = Set<String>()
        for (index, venue) in venues.enumerated() {
            issues.require(!venue.id.isEmpty, "venues[\(index)].id", "expected a non-empty id")
            if !venueIds.insert(venue.id).inserted { issues.add("venues[\(index)].id", "duplicate venue id \"\(venue.id)\"") }
        }
        let places = venues.map { TravelPlace(id: $0.id, group: $0.group ?? "", lat: $0.lat, lon: $0.lon) }
        for issue in TravelTimes.issues(
            places: places, placePaths: venues.indices.map { "venues[\($0)]" }, entries: travelMinutes ?? [], entriesPath: "travelMinutes")
        {
            issues.add(issue.path, issue.message)
        }
        let officialIds = OfficialsChecks.officials(officials, into: &issues)
        var matchIds = Set<String>()
        for (index, match) in matches.enumerated() {
            let path = "matches[\(index)]"
            issues.require(!match.id.isEmpty, "\(path).id", "expected a non-empty id")
            if !matchIds.insert(match.id).inserted { issues.add("\(path).id", "duplicate match id \"\(match.id)\"") }
            issues.require(venueIds.contains(match.venue), "\(path).venue", "unknown venue \"\(match.venue)\"; expected one of the venues' ids")
            OfficialsChecks.match(needed: match.officials, duration: match.durationMinutes, path: path, into: &issues)
        }
        OfficialsChecks.pins(pinned ?? [], matchIds: matchIds, officialIds: officialIds, into: &issues)
        OfficialsChecks.rules(rules, into: &issues)
        if let previous {
            OfficialsChecks.previous(previous.assignments, path: "previous.assignments", matchIds: matchIds, officialIds: officialIds, into: &issues)
        }
        return issues.issues
    }
}
