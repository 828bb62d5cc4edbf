import Foundation
import TouchlineMILP

/// Re-checks the officials part of a plan from the instance alone (no code shared with the solvers): known
/// ids, slot counts and the unfilled list, level, availability, conflicts of interest, pins, rest and travel
/// between every two matches of an official, daily and total limits, and the load and travel it reports.
struct OfficialsVerifier {
    struct Match {
        var id: String
        var start: LocalDateTime
        var duration: Int
        /// The venue or pitch; nil for a match that is not played (matchday, unplaced).
        var place: String?
        var teams: [String]
        var needed: Int
        var minLevel: Int
        /// The most officials allowed (optional slots above `needed`).
        var most: Int? = nil
    }

    struct Place {
        var id: String
        var group: String
        var lat: Double?
        var lon: Double?
        var x: Double? = nil
        var y: Double? = nil
    }

    var matches: [Match]
    var places: [Place]
    var officials: [Official]
    var pinned: [OfficialPin]
    var travel: [TravelEntry]
    var rest: Int
    var speed: Double
    /// Attachment to a team is a cost, not a rule (`rules.teamConflicts: "soft"`).
    var softTeamConflicts = false
    /// `avoid` is a hard rule.
    var avoidIsHard = false
    /// Venue id → its point, and official id → home, for the distances (officials kind only).
    var points: [String: Location] = [:]
    /// Match id → `minExperience` (officials kind only).
    var minExperience: [String: Int] = [:]
    /// The season-tour rules (officials kind only).
    var tours: TourRulesCheck? = nil
    /// The travel entries by their (sorted) pair of names; validation refuses a pair given twice differently.
    var travelTable: [[String]: Int] {
        var table: [[String]: Int] = [:]
        for entry in travel.reversed() {
            table[entry.from < entry.to ? [entry.from, entry.to] : [entry.to, entry.from]] = entry.minutes
        }
        return table
    }

    /// Travel minutes, by the contract's precedence (computed here, independently of `TravelTimes`).
    /// `table`: the travel entries by pair (``travelTable``), built once by a caller that asks many times.
    func minutes(_ from: Place, _ to: Place, table: [[String]: Int]? = nil) -> Int {
        let travelTable = table ?? self.travelTable
        if from.id == to.id { return 0 }
        func entry(_ a: String, _ b: String) -> Int? { travelTable[a < b ? [a, b] : [b, a]] }
        if let direct = entry(from.id, to.id) { return direct }
        if let grouped = entry(from.group, to.group) { return grouped }
        if from.group == to.group { return 0 }
        if let x1 = from.x, let y1 = from.y, let x2 = to.x, let y2 = to.y, from.lat == nil || to.lat == nil {
            return Int(ceil(((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).squareRoot() / speed * 60 - Tolerance.exact))
        }
        guard let lat1 = from.lat, let lon1 = from.lon, let lat2 = to.lat, let lon2 = to.lon else { return 0 }
        let r = Double.pi / 180
        let a = pow(sin((lat2 - lat1) * r / 2), 2) + cos(lat1 * r) * cos(lat2 * r) * pow(sin((lon2 - lon1) * r / 2), 2)
        let km = 2 * 6371.0088 * asin(min(1, a.squareRoot()))
        return Int(ceil(km / speed * 60 - Tolerance.exact))
    }

    func check(_ solution: OfficialsSolution) -> [String] {
        var violations: [String] = []
        let travelTable = self.travelTable
        var officialById: [String: Official] = [:]
        for official in officials { officialById[official.id] = official }
        var placeById: [String: Place] = [:]
        for place in places { placeById[place.id] = place }
        let matchById = Dictionary(uniqueKeysWithValues: matches.map { ($0.id, $0) })
        for id in solution.assignments.keys.sorted() where matchById[id] == nil {
            violations.append("assignments: unknown match \"\(id)\"")
        }
        var unfilledOf: [String: Int] = [:]
        for entry in solution.unfilled {
            if matchById[entry.match] == nil { violations.append("unfilled: unknown match \"\(entry.match)\"") }
            if unfilledOf[entry.match] != nil { violations.append("unfilled: \(entry.match) is listed twice") }
            unfilledOf[entry.match] = entry.missing
            if entry.reason.isEmpty { violations.append("unfilled \(entry.match) has no reason") }
            if entry.missing < 1 { violations.append("unfilled \(entry.match): missing must be at least 1") }
        }
        var worked: [String: [Match]] = [:]
        for match in matches {
            let crew = solution.assignments[match.id] ?? []
            guard match.place != nil else {
                if !crew.isEmpty { violations.append("\(match.id) is not played but has officials") }
                continue
            }
            if Set(crew).count != crew.count { violations.append("\(match.id) lists an official twice") }
            let most = max(match.needed, match.most ?? match.needed)
            if crew.count > most {
                violations.append(
                    "\(match.id) has \(crew.count) officials but " + (most == match.needed ? "needs \(match.needed)" : "allows at most \(most)"))
            }
            let missing = max(0, match.needed - crew.count)
            if (unfilledOf[match.id] ?? 0) != missing {
                violations.append("\(match.id) misses \(missing) officials but unfilled says \(unfilledOf[match.id] ?? 0)")
            }
            for id in crew {
                guard let official = officialById[id] else {
                    violations.append("\(match.id): unknown official \"\(id)\"")
                    continue
                }
                if (official.level ?? 0) < match.minLevel {
                    violations.append("\(id) (level \(official.level ?? 0)) officiates \(match.id), which needs level \(match.minLevel)")
                }
                if let groups = official.groups, let place = match.place,
                    let group = places.first(where: { $0.id == place })?.group, !groups.contains(group)
                {
                    violations.append(
                        "\(id) officiates \(match.id) in field group \(group), outside the official's groups (\(groups.joined(separator: ", ")))")
                }
                let end = match.start + match.duration
                for window in official.unavailable ?? [] where match.start < window.to && window.from < end {
                    violations.append("\(id) officiates \(match.id) but is unavailable from \(window.from) to \(window.to)")
                }
                for team in match.teams where !softTeamConflicts && (official.teams ?? []).contains(team) {
                    violations.append("\(id) officiates \(match.id) but is attached to \(team)")
                }
                if avoidIsHard {
                    for other in crew where other != id && (official.avoid ?? []).contains(other) {
                        violations.append("\(id) officiates \(match.id) with \(other), whom \(id) avoids (rules.avoidIsHard)")
                    }
                }
                worked[id, default: []].append(match)
            }
        }
        for pin in pinned where !(solution.assignments[pin.match] ?? []).contains(pin.official) {
            violations.append("\(pin.official) is pinned to \(pin.match) but not on it")
        }
        var moves: [String: Int] = [:]
        for official in officials {
            let list = (worked[official.id] ?? []).sorted { ($0.start, $0.id) < ($1.start, $1.id) }
            for (i, first) in list.enumerated() {
                for second in list[(i + 1)...] {
                    let from = placeById[first.place!], to = placeById[second.place!]
                    let travelTime = (from != nil && to != nil) ? minutes(from!, to!, table: travelTable) : 0
                    if (first.start + first.duration + rest + travelTime).minutes > second.start.minutes {
                        violations.append(
                            "\(official.id) cannot get from \(first.id) to \(second.id) in time (ends \(LocalDateTime(minutes: first.start.minutes + first.duration).timeText), rest \(rest) min, travel \(travelTime) min, next starts \(second.start.timeText))"
                        )
                    }
                }
            }
            if let limit = official.maxTotal, list.count > limit {
                violations.append("\(official.id) has \(list.count) matches, above maxTotal \(limit)")
            }
            if let limit = official.maxPerDay {
                var perDay: [Int: Int] = [:]
                for match in list { perDay[match.start.day, default: 0] += 1 }
                for (day, count) in perDay.sorted(by: { $0.key < $1.key }) where count > limit {
                    violations.append(
                        "\(official.id) has \(count) matches on \(LocalDateTime(minutes: day * 1440).dateText), above maxPerDay \(limit)")
                }
            }
            if let reported = solution.load[official.id], reported != list.count {
                violations.append("load[\(official.id)] is \(reported) but the official has \(list.count) matches")
            }
            var count = 0
            for (a, b) in zip(list, list.dropFirst()) where a.start.day == b.start.day {
                if placeById[a.place!]?.group != placeById[b.place!]?.group { count += 1 }
            }
            moves[official.id] = count
            if let reported = solution.travel[official.id], reported != count {
                violations.append("travel[\(official.id)] is \(reported) but the official moves between groups \(count) times")
            }
        }
        for id in solution.load.keys.sorted() where officialById[id] == nil { violations.append("load: unknown official \"\(id)\"") }
        violations += checkDistances(solution, worked: worked)
        if let tours { violations += checkTours(solution, rules: tours) }
        if solution.moves.count != moves.values.reduce(0, +) {
            violations.append("moves lists \(solution.moves.count) moves but the plan has \(moves.values.reduce(0, +))")
        }
        return violations
    }

    /// The officials objective of a plan, counted from the plan. `matches`: id, start, place (nil when not
    /// played), teams.
    static func objective(
        matches: [(id: String, start: LocalDateTime, place: String?, teams: [String])], groupOf: [String: String],
        assignments: [String: [String]], previous: [String: [String]]?
    ) -> OfficialsObjective {
        var filled = 0
        var byOfficial: [String: [(start: LocalDateTime, id: String, group: String)]] = [:]
        var pairings: [String: Int] = [:]
        for match in matches {
            guard let place = match.place else { continue }
            for official in assignments[match.id] ?? [] {
                filled += 1
                byOfficial[official, default: []].append((match.start, match.id, groupOf[place] ?? ""))
                for team in Set(match.teams) { pairings["\(official)\u{1}\(team)", default: 0] += 1 }
            }
        }
        var travel = 0
        for list in byOfficial.values {
            let ordered = list.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
            for (a, b) in zip(ordered, ordered.dropFirst()) where a.start.day == b.start.day && a.group != b.group { travel += 1 }
        }
        var changes: Int? = nil
        if let previous {
            var count = 0
            for match in matches {
                let now = Set(match.place == nil ? [] : assignments[match.id] ?? [])
                count += Set(previous[match.id] ?? []).subtracting(now).count
            }
            changes = count
        }
        return OfficialsObjective(
            filled: filled, changes: changes, maxLoad: byOfficial.values.map(\.count).max() ?? 0, travel: travel,
            repeatPairings: pairings.values.reduce(0) { $0 + max(0, $1 - 1) })
    }
}

extension OfficialsVerifier {
    /// A leg's km, rounded up: great-circle between degrees, Euclidean between planar points (nil when the two
    /// points are not of one kind).
    static func legKm(_ a: Location, _ b: Location) -> Int? {
        if let lat1 = a.lat, let lon1 = a.lon, let lat2 = b.lat, let lon2 = b.lon {
            let r = Double.pi / 180
            let h = pow(sin((lat2 - lat1) * r / 2), 2) + cos(lat1 * r) * cos(lat2 * r) * pow(sin((lon2 - lon1) * r / 2), 2)
            return Int(ceil(2 * 6371.0088 * asin(min(1, h.squareRoot())) - Tolerance.exact))
        }
        if let x1 = a.x, let y1 = a.y, let x2 = b.x, let y2 = b.y {
            return Int(ceil(((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).squareRoot() - Tolerance.exact))
        }
        return nil
    }

    /// Each official's daily routes (home, venues in start order, home) and their km, from the matches each
    /// works (sorted by start, then id); officials without a home drive nothing.
    func routes(_ worked: [String: [Match]]) -> [OfficialRoute] {
        var result: [OfficialRoute] = []
        for official in officials {
            guard let home = official.home else { continue }
            let list = (worked[official.id] ?? []).sorted { ($0.start, $0.id) < ($1.start, $1.id) }
            var days: [Int: [Match]] = [:]
            for match in list { days[match.start.day, default: []].append(match) }
            for (day, matches) in days.sorted(by: { $0.key < $1.key }) {
                var stops = [home] + matches.map { points[$0.place ?? ""] ?? home } + [home]
                if stops.count < 2 { stops = [home, home] }
                var km = 0
                for (a, b) in zip(stops, stops.dropFirst()) { km += Self.legKm(a, b) ?? 0 }
                result.append(
                    OfficialRoute(
                        official: official.id, date: LocalDateTime(minutes: day * 1440).dateText, matches: matches.map(\.id), km: km))
            }
        }
        return result
    }

    /// The reported routes and kilometres against the plan's own.
    func checkDistances(_ solution: OfficialsSolution, worked: [String: [Match]]) -> [String] {
        guard officials.contains(where: { $0.home != nil }) else {
            return solution.distanceKm == nil && solution.routes == nil ? [] : ["distanceKm and routes: no official has a home"]
        }
        var violations: [String] = []
        let expected = routes(worked)
        if let reported = solution.routes, reported != expected {
            let wrong = zip(reported, expected).first { $0 != $1 }
            violations.append(
                "routes differ from the plan's matches"
                    + (wrong.map {
                        ": \($0.0.official) on \($0.0.date) is reported as \($0.0.matches) (\($0.0.km) km), the plan gives \($0.1.matches) (\($0.1.km) km)"
                    } ?? " (\(reported.count) routes, the plan has \(expected.count))"))
        } else if solution.routes == nil {
            violations.append("routes: missing (officials have homes)")
        }
        var perOfficial: [String: Int] = [:]
        for official in officials where official.home != nil { perOfficial[official.id] = 0 }
        for route in expected { perOfficial[route.official, default: 0] += route.km }
        let total = perOfficial.values.reduce(0, +)
        if let reported = solution.distanceKm {
            if reported.total != total { violations.append("distanceKm.total is \(reported.total) but the routes add up to \(total) km") }
            if reported.officials != perOfficial { violations.append("distanceKm.officials differs from the routes' km per official") }
        } else {
            violations.append("distanceKm: missing (officials have homes)")
        }
        return violations
    }

    /// Every objective term of an `officials` plan, counted from the plan and the instance alone.
    func terms(_ assignments: [String: [String]], previous: [String: [String]]?, classic: OfficialsObjective) -> [OfficialsTerm: Int] {
        var terms: [OfficialsTerm: Int] = [
            .filled: 0, .maxLoad: classic.maxLoad, .travel: classic.travel, .repeatPairings: classic.repeatPairings
        ]
        if let changes = classic.changes { terms[.changes] = changes }
        var officialById: [String: Official] = [:]
        for official in officials { officialById[official.id] = official }
        var worked: [String: [Match]] = [:]
        var filled = 0, optional = 0, low = 0, crewConflicts = 0, teamConflicts = 0, slots = 0
        var teamSlots: [String: Int] = [:]
        var officialTeam: [String: [String: Int]] = [:]
        for match in matches {
            guard match.place != nil else { continue }
            let crew = assignments[match.id] ?? []
            let most = max(match.needed, match.most ?? match.needed)
            filled += min(crew.count, match.needed)
            optional += max(0, (most - match.needed) - max(0, crew.count - match.needed))
            if let required = minExperience[match.id] {
                let sum = crew.reduce(0) { $0 + (officialById[$1]?.experience ?? 0) }
                if sum < required { low += 1 }
            }
            for id in crew {
                worked[id, default: []].append(match)
                let official = officialById[id]
                for other in crew where other != id && (official?.avoid ?? []).contains(other) { crewConflicts += 1 }
                if softTeamConflicts {
                    teamConflicts += match.teams.filter { (official?.teams ?? []).contains($0) }.count
                }
                for team in Set(match.teams) { officialTeam[id, default: [:]][team, default: 0] += 1 }
            }
            slots += crew.count
            for team in Set(match.teams) { teamSlots[team, default: 0] += crew.count }
        }
        terms[.filled] = filled
        terms[.optionalUnfilled] = optional
        terms[.lowExperience] = low
        terms[.crewConflicts] = crewConflicts
        terms[.teamConflicts] = teamConflicts
        terms[.distanceKm] = routes(worked).reduce(0) { $0 + $1.km }
        if let tours, tours.isActive || tours.countsKm { terms[.tourKm] = tourKilometres(assignments, rules: tours).values.reduce(0, +) }
        // ⌈|S/N − n|⌉ = ⌈|S − N·n| / N⌉, in whole numbers.
        let n = officials.count
        func ceilDiv(_ a: Int, _ b: Int) -> Int { a <= 0 ? 0 : (a + b - 1) / b }
        if n > 0 {
            terms[.loadDeviation] = officials.reduce(0) { $0 + ceilDiv(abs(slots - n * (worked[$1.id]?.count ?? 0)), n) }
            var frequency = 0
            for counts in officialTeam.values {
                for (team, count) in counts { frequency += ceilDiv(n * count - (teamSlots[team] ?? 0), n) }
            }
            terms[.teamFrequency] = frequency
        } else {
            terms[.loadDeviation] = 0
            terms[.teamFrequency] = 0
        }
        return terms
    }
}
