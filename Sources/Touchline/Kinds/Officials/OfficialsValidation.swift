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
            issues.require(
                officialIds.contains(pin.official), "\(path).official", "unknown official \"\(pin.official)\"; expected one of the officials' ids")
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
        TeamName.validate(teams, into: &issues)
        issues.require(!venues.isEmpty, "venues", "expected at least one venue")
        var venueIds = Set<String>()
        for (index, venue) in venues.enumerated() {
            issues.require(!venue.id.isEmpty, "venues[\(index)].id", "expected a non-empty id")
            if !venueIds.insert(venue.id).inserted { issues.add("venues[\(index)].id", "duplicate venue id \"\(venue.id)\"") }
        }
        let places = venues.map { TravelPlace(id: $0.id, group: $0.group ?? "", lat: $0.lat, lon: $0.lon, x: $0.x, y: $0.y) }
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
        leagueIssues(officialIds: officialIds, into: &issues)
        tourIssues(venueIds: venueIds, into: &issues)
        if let previous {
            OfficialsChecks.previous(previous.assignments, path: "previous.assignments", matchIds: matchIds, officialIds: officialIds, into: &issues)
        }
        return issues.issues
    }
}

extension OfficialsInstance {
    /// The league fields: homes and venue points of one kind, experience, avoided officials, optional slots,
    /// the objective's levels and terms.
    func leagueIssues(officialIds: Set<String>, into issues: inout IssueCollector) {
        var geographic: Set<Bool> = []
        func point(_ lat: Double?, _ lon: Double?, _ x: Double?, _ y: Double?, _ path: String, required: Bool) {
            let hasDegrees = lat != nil || lon != nil, hasPlane = x != nil || y != nil
            if hasDegrees && hasPlane {
                issues.add(path, "expected either lat and lon (degrees) or x and y (km on a plane), not both")
            } else if hasDegrees {
                issues.require(lat != nil && lon != nil, path, "expected both lat and lon")
                geographic.insert(true)
            } else if hasPlane {
                issues.require(x != nil && y != nil, path, "expected both x and y")
                for (value, name) in [(x, "x"), (y, "y")] {
                    if let value { issues.require(value.isFinite && abs(value) <= 100_000, "\(path).\(name)", "expected km from -100000 to 100000") }
                }
                geographic.insert(false)
            } else if required {
                issues.add(path, "expected lat and lon (degrees) or x and y (km on a plane)")
            }
        }
        let homes = officials.contains { $0.home != nil }
        for (index, venue) in venues.enumerated() {
            if venue.lat != nil || venue.lon != nil || venue.x != nil || venue.y != nil {
                point(venue.lat, venue.lon, venue.x, venue.y, "venues[\(index)]", required: false)
            } else if homes {
                issues.add("venues[\(index)]", "officials have homes, so every venue needs lat and lon or x and y for the distances")
            }
        }
        for (index, official) in officials.enumerated() {
            let path = "officials[\(index)]"
            if let home = official.home { point(home.lat, home.lon, home.x, home.y, "\(path).home", required: true) }
            if let lat = official.home?.lat { issues.require(lat >= -90 && lat <= 90, "\(path).home.lat", "expected degrees from -90 to 90") }
            if let lon = official.home?.lon { issues.require(lon >= -180 && lon <= 180, "\(path).home.lon", "expected degrees from -180 to 180") }
            if let experience = official.experience {
                issues.require(experience >= 0 && experience <= 1000, "\(path).experience", "expected a whole number from 0 to 1000")
            }
            for (j, other) in (official.avoid ?? []).enumerated() {
                issues.require(
                    officialIds.contains(other), "\(path).avoid[\(j)]", "unknown official \"\(other)\"; expected one of the officials' ids")
                issues.require(other != official.id, "\(path).avoid[\(j)]", "an official cannot avoid itself")
            }
            let venueGroups = Set(venues.map { $0.group ?? "" })
            for (j, group) in (official.groups ?? []).enumerated() {
                issues.require(
                    venueGroups.contains(group), "\(path).groups[\(j)]",
                    "unknown field group \"\(group)\"; expected one of the venues' groups (\(venueGroups.sorted().joined(separator: ", ")))")
            }
        }
        if geographic.count > 1 {
            issues.add(homes ? "officials" : "venues", "points mix degrees (lat, lon) and planar km (x, y); expected one kind for homes and venues")
        }
        for (index, match) in matches.enumerated() {
            let path = "matches[\(index)]"
            if let most = match.maxOfficials {
                issues.require(
                    most >= match.needed && most <= 50, "\(path).maxOfficials", "expected a whole number from officials (\(match.needed)) to 50")
            }
            if let required = match.minExperience {
                issues.require(required >= 0 && required <= 50_000, "\(path).minExperience", "expected a whole number from 0 to 50000")
            }
        }
        switch rules?.objective {
        case let .preset(name)? where !(rules?.isTour ?? false):
            issues.require(
                OfficialsObjectiveSpec.presets.contains(name), "rules.objective",
                "unknown preset \"\(name)\"; expected \"udine\", \"default\" or a list of levels")
        case let .levels(levels)?:
            issues.require(!levels.isEmpty, "rules.objective", "expected at least one level")
            for (index, level) in levels.enumerated() {
                let path = "rules.objective[\(index)]"
                issues.require(!level.isEmpty, path, "expected a map from term to weight")
                for (term, weight) in level.sorted(by: { $0.key < $1.key }) {
                    issues.require(
                        OfficialsTerm(rawValue: term) != nil, "\(path).\(term)",
                        "unknown term; expected one of " + OfficialsTerm.allCases.map(\.rawValue).joined(separator: ", "))
                    issues.require((-1_000_000...1_000_000).contains(weight), "\(path).\(term)", "expected a weight from -1000000 to 1000000")
                }
            }
        case nil, .preset?:
            break
        }
    }
}
