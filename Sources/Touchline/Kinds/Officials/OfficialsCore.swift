import TouchlineMILP

/// What the `officials` and `matchday` kinds share: matches with times, teams and slot counts, officials
/// with their rules, pins, rest, and travel times between places. A match's place is fixed (`officials`) or
/// chosen among candidates (`matchday`); everything here takes the place as an argument.
struct OfficialsCore: Sendable {
    struct Match: Sendable {
        var id: String
        var start: Int
        var end: Int
        var day: Int
        var teams: [String]
        var needed: Int
        var minLevel: Int
        /// The most officials allowed (optional slots above `needed`).
        var most: Int? = nil
        var minExperience: Int? = nil
        /// The field group of the match's venue when it is fixed (officials kind), for officials' `groups`.
        var group: String? = nil
        var when: LocalDateTime { LocalDateTime(minutes: start) }
        var maxCrew: Int { max(needed, most ?? needed) }
    }

    /// What a league's objective adds (officials kind): soft team conflicts, avoided partners, experience and
    /// kilometres from homes.
    struct League: Sendable {
        var softTeamConflicts = false
        var avoidIsHard = false
        /// Per place, its point for distances.
        var points: [Location?] = []
    }

    let matches: [Match]
    let officials: [Official]
    let placeIds: [String]
    let placeNames: [String]
    let groupOfPlace: [String]
    let travel: TravelTimes
    let rest: Int
    /// Per match: pinned official indices.
    let pins: [[Int]]
    /// Per match: officials allowed by level, availability and conflicts of interest (ascending).
    let eligible: [[Int]]
    /// Per match: the other matches close enough in time to clash for some pair of places.
    let nearby: [[Int]]
    let officialIndex: [String: Int]
    let softTeamConflicts: Bool
    let avoidIsHard: Bool
    /// Per official, the officials it avoids (indices).
    let avoids: [[Int]]
    let experience: [Int]
    /// Per official with a home, km from home to each place (nil: no home).
    let homeKm: [[Int]?]
    /// Km between places (legs rounded up; 0 where either has no point).
    let placeKm: [[Int]]
    /// True when some official has a home (the solution then has distances and routes).
    var hasHomes: Bool { homeKm.contains { $0 != nil } }

    init(
        matches: [Match], officials: [Official], places: [TravelPlace], placeNames: [String],
        travelEntries: [TravelEntry], speedKmh: Double, rest: Int, pins: [OfficialPin], league: League = League()
    ) {
        Derivations.record(.officialsCore)
        self.matches = matches
        softTeamConflicts = league.softTeamConflicts
        avoidIsHard = league.avoidIsHard
        var index: [String: Int] = [:]
        for (position, official) in officials.enumerated() { index[official.id] = position }
        avoids = officials.map { official in Array(Set((official.avoid ?? []).compactMap { index[$0] })).sorted() }
        experience = officials.map { $0.experience ?? 0 }
        let points = league.points.count == places.count ? league.points : places.map { _ in nil }
        homeKm = officials.map { official in
            official.home.map { home in points.map { point in point.flatMap { Self.legKm(home, $0) } ?? 0 } }
        }
        placeKm = points.map { a in points.map { b in (a.flatMap { a in b.flatMap { Self.legKm(a, $0) } }) ?? 0 } }
        self.officials = officials
        placeIds = places.map(\.id)
        self.placeNames = placeNames
        groupOfPlace = places.map(\.group)
        travel = TravelTimes(places: places, entries: travelEntries, speedKmh: speedKmh)
        self.rest = rest
        var officialIndex: [String: Int] = [:]
        for (index, official) in officials.enumerated() { officialIndex[official.id] = index }
        self.officialIndex = officialIndex
        var matchIndex: [String: Int] = [:]
        for (index, match) in matches.enumerated() { matchIndex[match.id] = index }
        var pinned = [[Int]](repeating: [], count: matches.count)
        for pin in pins {
            if let m = matchIndex[pin.match], let o = officialIndex[pin.official], !pinned[m].contains(o) { pinned[m].append(o) }
        }
        self.pins = pinned
        let soft = league.softTeamConflicts
        eligible = matches.map { match in
            officials.indices.filter { Self.canWork(officials[$0], match, softTeamConflicts: soft) }
        }
        let order = matches.indices.sorted { matches[$0].start < matches[$1].start }
        var near = [[Int]](repeating: [], count: matches.count)
        let reach = rest + travel.largest
        for (position, a) in order.enumerated() {
            for b in order[(position + 1)...] {
                if matches[b].start >= matches[a].end + reach { break }
                near[a].append(b)
                near[b].append(a)
            }
        }
        nearby = near
    }

    /// Level, the official's field groups, availability for the whole match, and no attachment to either team (unless that is a cost).
    static func canWork(_ official: Official, _ match: Match, softTeamConflicts: Bool = false) -> Bool {
        if (official.level ?? 0) < match.minLevel { return false }
        if let groups = official.groups, let group = match.group, !groups.contains(group) { return false }
        let start = LocalDateTime(minutes: match.start), end = LocalDateTime(minutes: match.end)
        if (official.unavailable ?? []).contains(where: { $0.overlaps(start: start, end: end) }) { return false }
        if softTeamConflicts { return true }
        let attached = Set(official.teams ?? [])
        return !match.teams.contains { attached.contains($0) }
    }

    /// A leg's km rounded up: great-circle between degrees, Euclidean between planar km.
    static func legKm(_ a: Location, _ b: Location) -> Int? {
        if let latA = a.lat, let lonA = a.lon, let latB = b.lat, let lonB = b.lon {
            return Int((TravelTimes.greatCircleKilometres(latA, lonA, latB, lonB) - Tolerance.exact).rounded(.up))
        }
        if let xA = a.x, let yA = a.y, let xB = b.x, let yB = b.y {
            return Int((((xB - xA) * (xB - xA) + (yB - yA) * (yB - yA)).squareRoot() - Tolerance.exact).rounded(.up))
        }
        return nil
    }

    /// With soft team conflicts: how many of the match's teams the official is attached to.
    func teamConflicts(_ o: Int, _ m: Int) -> Int {
        guard softTeamConflicts, let teams = officials[o].teams, !teams.isEmpty else { return 0 }
        return matches[m].teams.filter { teams.contains($0) }.count
    }

    /// The km of one official's day: home, the places in order, home (0 without a home).
    func dayKm(_ o: Int, places: [Int]) -> Int {
        guard let home = homeKm[o], let first = places.first, let last = places.last else { return 0 }
        var km = home[first] + home[last]
        for (a, b) in zip(places, places.dropFirst()) { km += placeKm[a][b] }
        return km
    }

    /// True when one official cannot work both matches at these places: in start order, the end of the
    /// first plus rest plus travel must not pass the start of the second.
    func clash(_ a: Int, at placeA: Int, _ b: Int, at placeB: Int) -> Bool {
        let (first, second, from, to) = matches[a].start <= matches[b].start ? (a, b, placeA, placeB) : (b, a, placeB, placeA)
        return matches[first].end + rest + travel.minutes[from][to] > matches[second].start
    }

    /// Moves between field groups along one official's matches of one day (sorted by start).
    func moves(_ ordered: [(match: Int, place: Int)]) -> [(from: Int, to: Int)] {
        var result: [(Int, Int)] = []
        for (previous, next) in zip(ordered, ordered.dropFirst())
        where matches[previous.match].day == matches[next.match].day
            && groupOfPlace[previous.place] != groupOfPlace[next.place]
        {
            result.append((previous.match, next.match))
        }
        return result
    }

    /// Officials of each placed match → the officials part of a solution: assignments, unfilled with reasons,
    /// load, travel and moves.
    func solution(crews: [[Int]], placeOf: [Int?]) -> OfficialsSolution {
        // The sort keys below read this array alone (a closure over `self` copies the whole core for every sort).
        let matches = self.matches
        var assignments: [String: [String]] = [:]
        var load = [Int](repeating: 0, count: officials.count)
        var worked = [[(match: Int, place: Int)]](repeating: [], count: officials.count)
        for (m, crew) in crews.enumerated() {
            guard let place = placeOf[m] else { continue }
            assignments[matches[m].id] = crew.sorted().map { officials[$0].id }
            for o in crew {
                load[o] += 1
                worked[o].append((m, place))
            }
        }
        var unfilled: [UnfilledSlots] = []
        for (m, crew) in crews.enumerated() where placeOf[m] != nil && crew.count < matches[m].needed {
            unfilled.append(
                UnfilledSlots(
                    match: matches[m].id, missing: matches[m].needed - crew.count,
                    reason: reason(unfilled: m, crews: crews, placeOf: placeOf, worked: worked)))
        }
        var travelCount: [String: Int] = [:]
        var moveList: [TravelMove] = []
        for (o, list) in worked.enumerated() {
            let ordered = list.sorted { (matches[$0.match].start, $0.match) < (matches[$1.match].start, $1.match) }
            let legs = moves(ordered)
            travelCount[officials[o].id] = legs.count
            for leg in legs {
                moveList.append(
                    TravelMove(
                        official: officials[o].id, from: matches[leg.from].id, to: matches[leg.to].id,
                        fromGroup: groupOfPlace[placeOf[leg.from]!], toGroup: groupOfPlace[placeOf[leg.to]!]))
            }
        }
        var loadById: [String: Int] = [:]
        for (o, official) in officials.enumerated() { loadById[official.id] = load[o] }
        var solution = OfficialsSolution(assignments: assignments, unfilled: unfilled, load: loadById, travel: travelCount, moves: moveList)
        if hasHomes {
            var routes: [OfficialRoute] = []
            var perOfficial: [String: Int] = [:]
            for (o, list) in worked.enumerated() where homeKm[o] != nil {
                perOfficial[officials[o].id] = 0
                let ordered = list.sorted { (matches[$0.match].start, matches[$0.match].id) < (matches[$1.match].start, matches[$1.match].id) }
                var days: [Int: [(match: Int, place: Int)]] = [:]
                for entry in ordered { days[matches[entry.match].day, default: []].append(entry) }
                for (day, entries) in days.sorted(by: { $0.key < $1.key }) {
                    let km = dayKm(o, places: entries.map(\.place))
                    perOfficial[officials[o].id, default: 0] += km
                    routes.append(
                        OfficialRoute(
                            official: officials[o].id, date: LocalDateTime(minutes: day * 1440).dateText,
                            matches: entries.map { matches[$0.match].id }, km: km))
                }
            }
            solution.routes = routes
            solution.distanceKm = DistanceSummary(total: perOfficial.values.reduce(0, +), officials: perOfficial)
        }
        return solution
    }

    /// Why a match has fewer officials than it needs, in words.
    func reason(unfilled m: Int, crews: [[Int]], placeOf: [Int?], worked: [[(match: Int, place: Int)]]) -> String {
        let match = matches[m]
        let when = "\(match.when.timeText) on \(match.when.dateText)"
        let levelText = match.minLevel > 0 ? "level-\(match.minLevel) " : ""
        let levelled = officials.filter { ($0.level ?? 0) >= match.minLevel }
        if levelled.isEmpty { return match.minLevel > 0 ? "no official has level \(match.minLevel) or above" : "there are no officials" }
        let start = LocalDateTime(minutes: match.start), end = LocalDateTime(minutes: match.end)
        let available = levelled.filter { !($0.unavailable ?? []).contains { $0.overlaps(start: start, end: end) } }
        if available.isEmpty { return "no \(levelText)official is available at \(when)" }
        let free = available.filter { official in !match.teams.contains { (official.teams ?? []).contains($0) } }
        if free.isEmpty {
            return "every available \(levelText)official at \(when) is attached to \(match.teams.joined(separator: " or "))"
        }
        var busy: [String] = []
        var idle: [String] = []
        for official in free {
            guard let o = officialIndex[official.id], !crews[m].contains(o) else { continue }
            let place = placeOf[m]!
            if let other = worked[o].first(where: { $0.match != m && clash(m, at: place, $0.match, at: $0.place) }) {
                // Names and teams, as a secretary reads them (ids only where the instance has no more).
                let otherMatch = matches[other.match]
                let label = otherMatch.teams.isEmpty ? otherMatch.id : otherMatch.teams.joined(separator: " v ")
                busy.append("\(official.displayName) has \(label) at \(otherMatch.when.timeText)")
            } else if let limit = official.maxPerDay, worked[o].filter({ matches[$0.match].day == match.day }).count >= limit {
                busy.append("\(official.displayName) has reached maxPerDay \(limit)")
            } else if let limit = official.maxTotal, worked[o].count >= limit {
                busy.append("\(official.displayName) has reached maxTotal \(limit)")
            } else {
                idle.append(official.displayName)
            }
        }
        if !idle.isEmpty {
            return "the solver stopped before filling it; free: " + idle.prefix(4).joined(separator: ", ")
        }
        return "no available \(levelText)official without a conflict is free at \(when): "
            + busy.prefix(4).joined(separator: "; ") + (busy.count > 4 ? "; and \(busy.count - 4) more" : "")
    }

    /// Assigns officials match by match (pins first, then the matches with the fewest eligible officials):
    /// each slot goes to the free official who keeps the published plan, then has the lightest load, then
    /// adds no move between groups, then has seen the teams least.
    func greedy(placeOf: [Int?], previous: [String: [String]]?) -> [[Int]] {
        var crews = [[Int]](repeating: [], count: matches.count)
        var worked = [[Int]](repeating: [], count: officials.count)
        // Each official's matches by start day: a clash needs the other match's start within reach of this
        // match (rest, the longest travel, the longest match), so only those days are looked at.
        var byDay = [[Int: [Int]]](repeating: [:], count: officials.count)
        let reach = rest + travel.largest + (matches.map { $0.end - $0.start }.max() ?? 0)
        var seen = [[String: Int]](repeating: [:], count: officials.count)
        let starts = matches.map(\.start)
        func fits(_ o: Int, _ m: Int) -> Bool {
            guard let place = placeOf[m] else { return false }
            let first = Int((Double(matches[m].start - reach) / 1440).rounded(.down))
            let last = Int((Double(matches[m].end + reach) / 1440).rounded(.down))
            if last - first > 7 {
                // Reach of more than a week (a long travel time): every match of the official.
                if worked[o].contains(where: { clash(m, at: place, $0, at: placeOf[$0]!) }) { return false }
            } else {
                for day in first...max(first, last) {
                    if (byDay[o][day] ?? []).contains(where: { clash(m, at: place, $0, at: placeOf[$0]!) }) { return false }
                }
            }
            if let limit = officials[o].maxPerDay, (byDay[o][matches[m].day] ?? []).count >= limit {
                return false
            }
            if let limit = officials[o].maxTotal, worked[o].count >= limit { return false }
            if avoidIsHard && crews[m].contains(where: { avoids[o].contains($0) || avoids[$0].contains(o) }) { return false }
            return true
        }
        func assign(_ o: Int, _ m: Int) {
            crews[m].append(o)
            worked[o].append(m)
            byDay[o][matches[m].day, default: []].append(m)
            for team in matches[m].teams { seen[o][team, default: 0] += 1 }
        }
        for m in matches.indices where placeOf[m] != nil {
            for o in pins[m] where fits(o, m) { assign(o, m) }
        }
        let order = matches.indices.filter { placeOf[$0] != nil }.sorted { a, b in
            let slackA = eligible[a].count - matches[a].needed, slackB = eligible[b].count - matches[b].needed
            return (slackA, matches[a].start, a) < (slackB, matches[b].start, b)
        }
        for m in order {
            let kept = Set(previous?[matches[m].id] ?? [])
            while crews[m].count < matches[m].needed {
                let candidates = eligible[m].filter { !crews[m].contains($0) && fits($0, m) }
                func score(_ o: Int) -> (Int, Int, Int, Int, Int) {
                    let keeps = kept.contains(officials[o].id) ? 0 : 1
                    let day = byDay[o][matches[m].day] ?? []
                    // Sorted by the local start times: a closure over `self` would copy the whole core per comparison.
                    let before = moves(day.map { ($0, placeOf[$0]!) }.sorted { starts[$0.0] < starts[$1.0] }).count
                    let after = moves((day + [m]).map { ($0, placeOf[$0]!) }.sorted { starts[$0.0] < starts[$1.0] }).count
                    let repeats = matches[m].teams.reduce(0) { $0 + (seen[o][$1] ?? 0) }
                    return (keeps, worked[o].count, after - before, repeats, o)
                }
                // Each candidate scored once (the official's index last makes every score distinct).
                guard let best = candidates.map({ ($0, score($0)) }).min(by: { $0.1 < $1.1 })?.0 else { break }
                assign(best, m)
            }
        }
        return crews
    }
}
