extension OfficialsInstance {
    /// The season-tour fields: `distances`, and `rules.everySlot` with its windows and venues (which the tour
    /// search plans; the fields it does not read are refused rather than ignored).
    func tourIssues(venueIds: Set<String>, into issues: inout IssueCollector) {
        var seen: [[String]: Int] = [:]
        for (index, entry) in (distances ?? []).enumerated() {
            let path = "distances[\(index)]"
            issues.require(venueIds.contains(entry.from), "\(path).from", "unknown venue \"\(entry.from)\"; expected one of the venues' ids")
            issues.require(venueIds.contains(entry.to), "\(path).to", "unknown venue \"\(entry.to)\"; expected one of the venues' ids")
            issues.require((0...1_000_000).contains(entry.km), "\(path).km", "expected whole km from 0 to 1000000")
            let pair = entry.from < entry.to ? [entry.from, entry.to] : [entry.to, entry.from]
            if let earlier = seen[pair], earlier != entry.km {
                issues.add(path, "\(entry.from)–\(entry.to) is given twice with different km (\(earlier) and \(entry.km))")
            }
            seen[pair] = entry.km
        }
        let rules = rules ?? OfficialsRules()
        for (value, name) in [(rules.venueWindow, "venueWindow"), (rules.teamWindow, "teamWindow")] {
            guard let value else { continue }
            issues.require((1...1000).contains(value), "rules.\(name)", "expected a number of slots from 1 to 1000")
            issues.require(rules.isTour || value <= 1, "rules.\(name)", "the windows apply to season tours; expected rules.everySlot: true with it")
        }
        for (index, venue) in (rules.visitVenues ?? []).enumerated() {
            issues.require(venueIds.contains(venue), "rules.visitVenues[\(index)]", "unknown venue \"\(venue)\"; expected one of the venues' ids")
        }
        if !(rules.visitVenues ?? []).isEmpty {
            issues.require(rules.isTour, "rules.visitVenues", "the venues to visit apply to season tours; expected rules.everySlot: true with it")
        }
        let countsKm: Bool
        if case let .levels(levels)? = rules.objective {
            countsKm = levels.contains { $0.keys.contains(OfficialsTerm.tourKm.rawValue) }
        } else {
            countsKm = rules.isTour && rules.objective == nil
        }
        if countsKm {
            // Every pair of venues an official may go between needs its km.
            var points: [String: Location] = [:]
            for venue in venues { points[venue.id] = venue.point }
            let check = TourRulesCheck(self)
            let used = Set(matches.map(\.venue)).sorted()
            outer: for (i, a) in used.enumerated() {
                for b in used[(i + 1)...] where check.kilometres(a, b, points: points) == nil {
                    issues.add(
                        "distances",
                        "no km between \(a) and \(b) (and they have no points); expected an entry {\"from\": \"\(a)\", \"to\": \"\(b)\", \"km\": ...} for tourKm"
                    )
                    break outer
                }
            }
        }
        guard rules.isTour else { return }
        if case let .levels(levels)? = rules.objective {
            for (index, level) in levels.enumerated() {
                for term in level.keys.sorted() where term != OfficialsTerm.filled.rawValue && term != OfficialsTerm.tourKm.rawValue {
                    issues.add("rules.objective[\(index)].\(term)", "season tours (rules.everySlot) minimise tourKm; expected only filled and tourKm")
                }
            }
        } else if let objective = rules.objective {
            issues.add(
                "rules.objective", "season tours (rules.everySlot) minimise tourKm; expected [{\"tourKm\": 1}] or no objective, got \(objective)")
        }
        for (index, match) in matches.enumerated() {
            if match.needed != 1 || match.most != 1 {
                issues.add(
                    "matches[\(index)].officials",
                    "with rules.everySlot every match has exactly one official; expected officials 1 (and no maxOfficials above it)")
            }
            if match.minExperience != nil {
                issues.add("matches[\(index)].minExperience", "not read with rules.everySlot; expected no minExperience")
            }
        }
        for (index, official) in officials.enumerated() {
            let path = "officials[\(index)]"
            if official.maxPerDay != nil {
                issues.add("\(path).maxPerDay", "not read with rules.everySlot (every official works every slot); expected none")
            }
            if official.maxTotal != nil {
                issues.add("\(path).maxTotal", "not read with rules.everySlot (every official works every slot); expected none")
            }
            if official.home != nil { issues.add("\(path).home", "not read with rules.everySlot (tourKm counts venue to venue); expected none") }
            if !(official.avoid ?? []).isEmpty { issues.add("\(path).avoid", "not read with rules.everySlot (one official a match); expected none") }
        }
        if officials.count > 64 { issues.add("officials", "season tours plan at most 64 officials; got \(officials.count)") }
        if previous != nil { issues.add("previous", "re-solving season tours is not supported; expected no previous plan with rules.everySlot") }
        if rules.resolvedTeamConflicts == .soft {
            issues.add("rules.teamConflicts", "season tours keep conflicts of interest as a hard rule; expected \"hard\"")
        }
    }
}
