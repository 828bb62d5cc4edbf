import Foundation

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
    }

    struct Place {
        var id: String
        var group: String
        var lat: Double?
        var lon: Double?
    }

    var matches: [Match]
    var places: [Place]
    var officials: [Official]
    var pinned: [OfficialPin]
    var travel: [TravelEntry]
    var rest: Int
    var speed: Double

    /// Travel minutes, by the contract's precedence (computed here, independently of `TravelTimes`).
    func minutes(_ from: Place, _ to: Place) -> Int {
        if from.id == to.id { return 0 }
        func entry(_ a: String, _ b: String) -> Int? {
            travel.first { ($0.from == a && $0.to == b) || ($0.from == b && $0.to == a) }?.minutes
        }
        if let direct = entry(from.id, to.id) { return direct }
        if let grouped = entry(from.group, to.group) { return grouped }
        if from.group == to.group { return 0 }
        guard let lat1 = from.lat, let lon1 = from.lon, let lat2 = to.lat, let lon2 = to.lon else { return 0 }
        let r = Double.pi / 180
        let a = pow(sin((lat2 - lat1) * r / 2), 2) + cos(lat1 * r) * cos(lat2 * r) * pow(sin((lon2 - lon1) * r / 2), 2)
        let km = 2 * 6371.0088 * asin(min(1, a.squareRoot()))
        return Int(ceil(km / speed * 60 - 1e-9))
    }

    func check(_ solution: OfficialsSolution) -> [String] {
        var violations: [String] = []
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
            if crew.count > match.needed { violations.append("\(match.id) has \(crew.count) officials but needs \(match.needed)") }
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
                let end = match.start + match.duration
                for window in official.unavailable ?? [] where match.start < window.to && window.from < end {
                    violations.append("\(id) officiates \(match.id) but is unavailable from \(window.from) to \(window.to)")
                }
                for team in match.teams where (official.teams ?? []).contains(team) {
                    violations.append("\(id) officiates \(match.id) but is attached to \(team)")
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
                    let travelTime = (from != nil && to != nil) ? minutes(from!, to!) : 0
                    if (first.start + first.duration + rest + travelTime).minutes > second.start.minutes {
                        violations.append("\(official.id) cannot get from \(first.id) to \(second.id) in time (ends \(LocalDateTime(minutes: first.start.minutes + first.duration).timeText), rest \(rest) min, travel \(travelTime) min, next starts \(second.start.timeText))")
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
                    violations.append("\(official.id) has \(count) matches on \(LocalDateTime(minutes: day * 1440).dateText), above maxPerDay \(limit)")
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
