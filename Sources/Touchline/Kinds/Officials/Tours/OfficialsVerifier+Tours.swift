/// The season-tour rules of `officials` (`rules.everySlot`, `venueWindow`, `teamWindow`, `visitVenues`) and
/// the `tourKm` term, checked from the instance alone (no code shared with the tour search).
struct TourRulesCheck: Sendable {
    var everySlot: Bool
    var venueWindow: Int
    var teamWindow: Int
    var visitVenues: [String]
    /// The `distances` entries by their sorted pair of venue ids (the first entry of a pair wins).
    var km: [[String]: Int]

    init(_ instance: OfficialsInstance) {
        everySlot = instance.rules?.everySlot ?? false
        venueWindow = instance.rules?.resolvedVenueWindow ?? OfficialsRules.defaultVenueWindow
        teamWindow = instance.rules?.resolvedTeamWindow ?? OfficialsRules.defaultTeamWindow
        visitVenues = instance.rules?.visitVenues ?? []
        var table: [[String]: Int] = [:]
        for entry in (instance.distances ?? []).reversed() {
            table[entry.from < entry.to ? [entry.from, entry.to] : [entry.to, entry.from]] = entry.km
        }
        km = table
        if case let .levels(levels)? = instance.rules?.objective {
            countsKm = levels.contains { $0.keys.contains(OfficialsTerm.tourKm.rawValue) }
        }
    }

    /// An objective level counts `tourKm` (without the rules).
    var countsKm = false

    var isActive: Bool { everySlot || venueWindow > 1 || teamWindow > 1 || !visitVenues.isEmpty }

    /// Kilometres from one venue to another: 0 for one venue, the `distances` entry, else the points' distance
    /// (rounded up), else nil.
    func kilometres(_ a: String, _ b: String, points: [String: Location]) -> Int? {
        if a == b { return 0 }
        if let entry = km[a < b ? [a, b] : [b, a]] { return entry }
        guard let p = points[a], let q = points[b] else { return nil }
        return OfficialsVerifier.legKm(p, q)
    }
}

extension OfficialsVerifier {
    /// Each official's matches in start order, from a plan's assignments.
    func seasons(_ assignments: [String: [String]]) -> [String: [Match]] {
        var worked: [String: [Match]] = [:]
        for match in matches where match.place != nil {
            for id in assignments[match.id] ?? [] { worked[id, default: []].append(match) }
        }
        return worked.mapValues { $0.sorted { ($0.start, $0.id) < ($1.start, $1.id) } }
    }

    /// Kilometres of every official's season (consecutive matches' venues), per official.
    func tourKilometres(_ assignments: [String: [String]], rules: TourRulesCheck) -> [String: Int] {
        let worked = seasons(assignments)
        var result: [String: Int] = [:]
        for official in officials {
            let list = worked[official.id] ?? []
            var total = 0
            for (a, b) in zip(list, list.dropFirst()) {
                total += rules.kilometres(a.place!, b.place!, points: points) ?? 0
            }
            result[official.id] = total
        }
        return result
    }

    /// The season-tour rules on a plan: one match per official in every slot, the venue and team windows,
    /// every venue to visit, and the reported `tourKm`.
    func checkTours(_ solution: OfficialsSolution, rules: TourRulesCheck) -> [String] {
        guard rules.isActive else {
            return solution.tourKm == nil ? [] : ["tourKm: reported, but the instance has no rules.everySlot"]
        }
        var violations: [String] = []
        let starts = Array(Set(matches.filter { $0.place != nil }.map(\.start))).sorted()
        var slotOf: [LocalDateTime: Int] = [:]
        for (index, start) in starts.enumerated() { slotOf[start] = index }
        let worked = seasons(solution.assignments)
        for official in officials {
            let list = worked[official.id] ?? []
            if rules.everySlot {
                var count = [Int](repeating: 0, count: starts.count)
                for match in list { count[slotOf[match.start]!] += 1 }
                if let empty = count.firstIndex(of: 0) {
                    violations.append(
                        "\(official.id) has no match in slot \(empty + 1) (\(starts[empty].dateText) \(starts[empty].timeText)); rules.everySlot: one in every slot"
                    )
                }
                if let twice = count.firstIndex(where: { $0 > 1 }) {
                    violations.append("\(official.id) has \(count[twice]) matches in slot \(twice + 1); rules.everySlot: exactly one")
                }
            }
            for (i, first) in list.enumerated() {
                for second in list[(i + 1)...] {
                    let gap = slotOf[second.start]! - slotOf[first.start]!
                    if gap < rules.venueWindow && first.place == second.place {
                        violations.append(
                            "\(official.id) is at \(first.place!) in \(first.id) and again in \(second.id), \(gap) slots later; rules.venueWindow \(rules.venueWindow)"
                        )
                    }
                    if gap < rules.teamWindow, let team = first.teams.first(where: { second.teams.contains($0) }) {
                        violations.append(
                            "\(official.id) sees \(team) in \(first.id) and again in \(second.id), \(gap) slots later; rules.teamWindow \(rules.teamWindow)"
                        )
                    }
                }
            }
            let visited = Set(list.compactMap(\.place))
            for venue in rules.visitVenues where !visited.contains(venue) {
                violations.append("\(official.id) never works at \(venue); rules.visitVenues")
            }
        }
        let perOfficial = tourKilometres(solution.assignments, rules: rules)
        if let reported = solution.tourKm {
            let total = perOfficial.values.reduce(0, +)
            if reported.total != total { violations.append("tourKm.total is \(reported.total) but the seasons add up to \(total) km") }
            if reported.officials != perOfficial { violations.append("tourKm.officials differs from the seasons' km per official") }
        } else {
            violations.append("tourKm: missing (rules.everySlot)")
        }
        return violations
    }
}
