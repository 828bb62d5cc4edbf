/// The greedy for an assignor's own objective (officials kind, fixed venues), on integer state only: teams,
/// days and weights are numbered once, so choosing a slot's official hashes nothing.
///
/// Required slots go in the classic order (fewest spare officials first), each to the official who adds the
/// least weighted cost of the objective's cost terms (km added to the official's day, conflicts, the change in
/// load deviation and team frequency measured against the averages of the required slots, a crew left short of
/// experience); rounds of local search then take each slot back and give it again with the whole season placed
/// and swap officials between matches of one day, until a round changes nothing; then each optional slot that
/// lowers the weighted cost is filled.
struct LeagueGreedy {
    // What does not change.
    let core: OfficialsCore
    let places: [Int]
    let officialCount: Int
    let teamTotal: Int
    /// Per match, its team numbers.
    let teamsOf: [[Int]]
    /// Per official, the team numbers it is attached to (soft team conflicts only).
    let attached: [[Int]]
    /// Per team, the required slots of its matches.
    let teamRequired: [Int]
    /// Per match, its day's number; per day number, the numbers of the calendar days before and after (−1: none).
    let dayOf: [Int]
    let dayBefore: [Int]
    let dayAfter: [Int]
    let dayCount: Int
    /// Per day number, its matches.
    let matchesOfDay: [[Int]]
    let required: Int
    /// Per team, its matches.
    let matchesOfTeam: [[Int]]
    let wKm, wTeamConflicts, wCrewConflicts, wLoadDeviation, wTeamFrequency, wLowExperience, wOptional, wRepeats: Int

    // The plan so far.
    var crews: [[Int]]
    var load: [Int]
    /// Per (official, day number): the official's matches that day in start order.
    var byDay: [[Int]]
    /// Per (official, team): the team's matches the official works.
    var teamCount: [Int]
    /// Per team, the slots assigned in its matches.
    var teamAssigned: [Int]
    var slots = 0

    init(core: OfficialsCore, places: [Int], weights: [OfficialsTerm: Int]) {
        self.core = core
        self.places = places
        let matches = core.matches
        officialCount = core.officials.count
        var teamNumber: [String: Int] = [:]
        var teamsOf: [[Int]] = []
        teamsOf.reserveCapacity(matches.count)
        for match in matches {
            var numbers: [Int] = []
            for team in match.teams {
                if let known = teamNumber[team] {
                    numbers.append(known)
                } else {
                    teamNumber[team] = teamNumber.count
                    numbers.append(teamNumber.count - 1)
                }
            }
            teamsOf.append(numbers)
        }
        self.teamsOf = teamsOf
        teamTotal = teamNumber.count
        attached = core.officials.map { official in
            core.softTeamConflicts ? (official.teams ?? []).compactMap { teamNumber[$0] } : []
        }
        var teamRequired = [Int](repeating: 0, count: teamNumber.count)
        for (m, match) in matches.enumerated() {
            for team in teamsOf[m] { teamRequired[team] += match.needed }
        }
        self.teamRequired = teamRequired
        required = matches.reduce(0) { $0 + $1.needed }
        let days = Array(Set(matches.map(\.day))).sorted()
        var dayNumber: [Int: Int] = [:]
        for (number, day) in days.enumerated() { dayNumber[day] = number }
        dayOf = matches.map { dayNumber[$0.day]! }
        dayBefore = days.map { dayNumber[$0 - 1] ?? -1 }
        dayAfter = days.map { dayNumber[$0 + 1] ?? -1 }
        dayCount = days.count
        var matchesOfDay = [[Int]](repeating: [], count: days.count)
        for m in matches.indices { matchesOfDay[dayOf[m]].append(m) }
        self.matchesOfDay = matchesOfDay
        wKm = weights[.distanceKm] ?? 0
        wTeamConflicts = weights[.teamConflicts] ?? 0
        wCrewConflicts = weights[.crewConflicts] ?? 0
        wLoadDeviation = weights[.loadDeviation] ?? 0
        wTeamFrequency = weights[.teamFrequency] ?? 0
        wLowExperience = weights[.lowExperience] ?? 0
        wOptional = weights[.optionalUnfilled] ?? 0
        wRepeats = weights[.repeatPairings] ?? 0
        crews = [[Int]](repeating: [], count: matches.count)
        load = [Int](repeating: 0, count: officialCount)
        byDay = [[Int]](repeating: [], count: officialCount * days.count)
        teamCount = [Int](repeating: 0, count: officialCount * teamNumber.count)
        teamAssigned = [Int](repeating: 0, count: teamNumber.count)
        var matchesOfTeam = [[Int]](repeating: [], count: teamNumber.count)
        for (m, teams) in teamsOf.enumerated() {
            for team in Set(teams) { matchesOfTeam[team].append(m) }
        }
        self.matchesOfTeam = matchesOfTeam
    }

    static func ceilDiv(_ a: Int, _ b: Int) -> Int { a <= 0 ? 0 : (a + b - 1) / b }

    func before(_ a: Int, _ b: Int) -> Bool {
        let x = core.matches[a], y = core.matches[b]
        return x.start != y.start ? x.start < y.start : x.id < y.id
    }

    /// The km that working `m` adds to the official's day (its matches kept in start order).
    func insertionKm(_ o: Int, _ m: Int) -> Int {
        guard let home = core.homeKm[o] else { return 0 }
        let day = byDay[o * dayCount + dayOf[m]]
        let p = places[m]
        var i = 0
        while i < day.count && before(day[i], m) { i += 1 }
        let previous = i > 0 ? places[day[i - 1]] : -1, next = i < day.count ? places[day[i]] : -1
        let into = previous >= 0 ? core.placeKm[previous][p] : home[p]
        let out = next >= 0 ? core.placeKm[p][next] : home[p]
        let skipped: Int
        if previous >= 0 && next >= 0 {
            skipped = core.placeKm[previous][next]
        } else if previous >= 0 {
            skipped = home[previous]
        } else if next >= 0 {
            skipped = home[next]
        } else {
            skipped = 0
        }
        return into + out - skipped
    }

    /// True when o's matches clash with m (rest and travel included). Rest and a long journey can reach past
    /// midnight, so the days within that reach are checked too (day numbers count match days only, so the days
    /// this many numbers away include every calendar day in reach).
    func clashes(_ m: Int, day: Int, _ o: Int) -> Bool {
        guard day >= 0 else { return false }
        let span = (core.rest + core.travel.largest) / (24 * 60) + 1
        for d in max(0, day - span)...min(dayCount - 1, day + span) {
            for other in byDay[o * dayCount + d] where core.clash(m, at: places[m], other, at: places[other]) { return true }
        }
        return false
    }

    func fits(_ o: Int, _ m: Int) -> Bool {
        let day = dayOf[m]
        if clashes(m, day: day, o) { return false }
        if let limit = core.officials[o].maxPerDay, byDay[o * dayCount + day].count >= limit { return false }
        if let limit = core.officials[o].maxTotal, load[o] >= limit { return false }
        if core.avoidIsHard {
            for other in crews[m] where core.avoids[o].contains(other) || core.avoids[other].contains(o) { return false }
        }
        // Clashes across midnight: the neighbouring calendar days too.
        return !clashes(m, day: dayBefore[day], o) && !clashes(m, day: dayAfter[day], o)
    }

    func deviation(_ k: Int, total: Int) -> Int { Self.ceilDiv(abs(total - officialCount * k), officialCount) }

    /// An official's team frequency with `k` of the team's matches, against the team's slots once the slot
    /// being priced is given (its required slots while the season is still being filled).
    func frequency(_ k: Int, _ team: Int) -> Int {
        Self.ceilDiv(officialCount * k - max(teamRequired[team], teamAssigned[team] + 1), officialCount)
    }

    /// The weighted cost that giving `o` a slot of `m` adds to the plan as it stands: its own terms exactly,
    /// and (with `seasonal`) the change of the official's own load deviation and team frequencies against the
    /// averages the slot leaves (the other officials' shares of a moved average are not counted).
    func cost(_ o: Int, _ m: Int, optional: Bool, seasonal: Bool = true) -> Int {
        let match = core.matches[m]
        var total = 0
        if wKm != 0 { total += wKm * insertionKm(o, m) }
        if wTeamConflicts != 0 && !attached[o].isEmpty {
            for team in teamsOf[m] where attached[o].contains(team) { total += wTeamConflicts }
        }
        if wCrewConflicts != 0 {
            for other in crews[m] {
                if core.avoids[o].contains(other) { total += wCrewConflicts }
                if core.avoids[other].contains(o) { total += wCrewConflicts }
            }
        }
        if wLoadDeviation != 0 && seasonal {
            let target = max(required, slots + 1)
            total += wLoadDeviation * (deviation(load[o] + 1, total: target) - deviation(load[o], total: target))
        }
        if wTeamFrequency != 0 || wRepeats != 0 {
            for team in teamsOf[m] {
                let k = teamCount[o * teamTotal + team]
                if seasonal { total += wTeamFrequency * (frequency(k + 1, team) - frequency(k, team)) }
                if k > 0 { total += wRepeats }
            }
        }
        if wLowExperience != 0, let least = match.minExperience, least > 0 {
            var before = 0
            for other in crews[m] { before += core.experience[other] }
            let last = crews[m].count + 1 >= match.needed
            if last && before + core.experience[o] < least && (optional || crews[m].count + 1 == match.needed) {
                total += optional ? 0 : wLowExperience
            }
            if optional && before < least && before + core.experience[o] >= least { total -= wLowExperience }
        }
        if optional { total -= wOptional }
        return total
    }

    mutating func assign(_ o: Int, _ m: Int) {
        crews[m].append(o)
        load[o] += 1
        let key = o * dayCount + dayOf[m]
        var index = 0
        while index < byDay[key].count && !before(m, byDay[key][index]) { index += 1 }
        byDay[key].insert(m, at: index)
        for team in teamsOf[m] {
            teamCount[o * teamTotal + team] += 1
            teamAssigned[team] += 1
        }
        slots += 1
    }

    mutating func remove(_ o: Int, _ m: Int) {
        crews[m].removeAll { $0 == o }
        load[o] -= 1
        byDay[o * dayCount + dayOf[m]].removeAll { $0 == m }
        for team in teamsOf[m] {
            teamCount[o * teamTotal + team] -= 1
            teamAssigned[team] -= 1
        }
        slots -= 1
    }

    /// The fitting official (not in the crew) who adds the least cost to a required slot of `m`, ties to the
    /// lower index (optional slots are priced by ``bestOptional(_:)``).
    func cheapest(_ m: Int) -> Int? {
        var best = -1, bestCost = 0
        for o in core.eligible[m] where !crews[m].contains(o) && fits(o, m) {
            let c = cost(o, m, optional: false)
            if best < 0 || c < bestCost {
                best = o
                bestCost = c
            }
        }
        return best < 0 ? nil : best
    }

    mutating func run() -> [[Int]] {
        let matches = core.matches
        for m in matches.indices {
            for o in core.pins[m] where fits(o, m) { assign(o, m) }
        }
        let order = matches.indices.sorted { a, b in
            let slackA = core.eligible[a].count - matches[a].needed, slackB = core.eligible[b].count - matches[b].needed
            return (slackA, matches[a].start, a) < (slackB, matches[b].start, b)
        }
        for m in order {
            while crews[m].count < matches[m].needed, let chosen = cheapest(m) { assign(chosen, m) }
        }
        improve(order)
        optionalSlots(order)
        improve(order)
        return crews
    }

    /// Rounds of local search until one changes nothing (at most ten): each slot taken back and
    /// given again to the official who adds the least cost now that every other slot is placed (the first
    /// pass chose with half the season still empty), then swaps of two officials between two matches of
    /// one day (the km of both days fall together; a slot given back alone cannot see that).
    mutating func improve(_ order: [Int]) {
        for _ in 0..<10 {
            var changed = false
            for m in order {
                for o in crews[m] where !core.pins[m].contains(o) {
                    remove(o, m)
                    let chosen = cheapest(m) ?? o
                    if chosen != o { changed = true }
                    assign(chosen, m)
                }
            }
            if swapPass() { changed = true }
            if !changed { break }
        }
    }

    /// What one more slot of `team` does to its frequency with no official's own count changing (the
    /// average moves for every official), exactly.
    func frequencyShift(_ team: Int) -> Int {
        let n = officialCount, total = teamAssigned[team]
        var shift = 0
        for o in 0..<n {
            let x = n * teamCount[o * teamTotal + team] - total
            shift += Self.ceilDiv(x - 1, n) - Self.ceilDiv(x, n)
        }
        return shift
    }

    /// What one more slot does to the load deviation with no official's load changing, exactly.
    func deviationShift() -> Int {
        var shift = 0
        for o in 0..<officialCount { shift += deviation(load[o], total: slots + 1) - deviation(load[o], total: slots) }
        return shift
    }

    /// The official whose optional slot in `m` changes the weighted cost least, with that change, exactly: a
    /// slot moves the averages of load and of both teams for every official, which the shifts count once for
    /// the match, and each candidate adds its own terms and its own step in load and frequency.
    func bestOptional(_ m: Int) -> (official: Int, delta: Int)? {
        let match = core.matches[m]
        guard crews[m].count >= match.needed, crews[m].count < match.maxCrew else { return nil }
        let teams = teamsOf[m], n = officialCount
        var common = 0
        if wLoadDeviation != 0 { common += wLoadDeviation * deviationShift() }
        if wTeamFrequency != 0 { for team in teams { common += wTeamFrequency * frequencyShift(team) } }
        var best: (official: Int, delta: Int)? = nil
        for o in core.eligible[m] where !crews[m].contains(o) && fits(o, m) {
            var delta = common + cost(o, m, optional: true, seasonal: false)
            if wLoadDeviation != 0 {
                delta += wLoadDeviation * (deviation(load[o] + 1, total: slots + 1) - deviation(load[o], total: slots + 1))
            }
            if wTeamFrequency != 0 {
                for team in teams {
                    // Two slots of one team in one match (a team listed twice) are not priced apart.
                    let k = teamCount[o * teamTotal + team], total = teamAssigned[team] + 1
                    delta += wTeamFrequency * (Self.ceilDiv(n * (k + 1) - total, n) - Self.ceilDiv(n * k - total, n))
                }
            }
            if best == nil || delta < best!.delta { best = (o, delta) }
        }
        return best
    }

    /// Optional slots, priced exactly (`bestOptional`). A team whose slots are one to three short of a
    /// multiple of the officials can have every official's share whole, and its frequency then falls by
    /// about the shortfall's complement: for each such team, the cheapest optional slots of its matches that
    /// reach the multiple (every first slot tried with the best second one, a third chosen greedily) are kept
    /// when they lower the cost together. Then single slots that lower it, and optional slots whose removal
    /// does, until nothing changes.
    mutating func optionalSlots(_ order: [Int]) {
        let n = officialCount
        // (No officials: no slot to give, and no multiple to reach.)
        if wTeamFrequency != 0 && n > 0 {
            for team in 0..<teamTotal {
                let short = (n - teamAssigned[team] % n) % n
                guard short > 0 && short <= 3 else { continue }
                var chosen: [(official: Int, match: Int)] = []
                var chosenDelta = 0
                for first in matchesOfTeam[team] {
                    guard let one = bestOptional(first) else { continue }
                    assign(one.official, first)
                    var added = [(one.official, first)]
                    var total = one.delta
                    while added.count < short {
                        var best: (official: Int, match: Int, delta: Int)? = nil
                        for m in matchesOfTeam[team] {
                            if let found = bestOptional(m), best == nil || found.delta < best!.delta { best = (found.official, m, found.delta) }
                        }
                        guard let next = best else { break }
                        assign(next.official, next.match)
                        added.append((next.official, next.match))
                        total += next.delta
                    }
                    if added.count == short && total < chosenDelta {
                        chosen = added
                        chosenDelta = total
                    }
                    for (o, m) in added.reversed() { remove(o, m) }
                }
                for (o, m) in chosen { assign(o, m) }
            }
        }
        for _ in 0..<3 {
            var changed = false
            for m in order {
                while let found = bestOptional(m), found.delta < 0 {
                    assign(found.official, m)
                    changed = true
                }
            }
            for m in order where crews[m].count > core.matches[m].needed {
                for o in crews[m] where !core.pins[m].contains(o) && crews[m].count > core.matches[m].needed {
                    remove(o, m)
                    if let again = bestOptional(m), again.official == o, again.delta <= 0 {
                        assign(o, m)
                    } else if let again = bestOptional(m), again.delta < 0 {
                        assign(again.official, m)
                        changed = true
                    } else {
                        changed = true
                    }
                }
            }
            if !changed { break }
        }
    }

    /// One pass of swaps of two officials between two matches of one day, each made when the cost of both
    /// slots falls (optional slots priced as optional); true when one was made. Swapping within a day keeps
    /// every official's load and matches per day, so only clashes and hard avoidance need checking.
    mutating func swapPass() -> Bool {
        var changed = false
        for list in matchesOfDay {
            for (i, m1) in list.enumerated() {
                for m2 in list[(i + 1)...] {
                    for o1 in crews[m1] where !core.pins[m1].contains(o1) && !crews[m2].contains(o1) {
                        guard crews[m1].contains(o1) else { continue }
                        for o2 in crews[m2] where !core.pins[m2].contains(o2) && !crews[m1].contains(o2) {
                            guard crews[m1].contains(o1), crews[m2].contains(o2) else { continue }
                            guard core.eligible[m1].contains(o2) && core.eligible[m2].contains(o1) else { continue }
                            let optional1 = crews[m1].count > core.matches[m1].needed, optional2 = crews[m2].count > core.matches[m2].needed
                            remove(o1, m1)
                            remove(o2, m2)
                            let old1 = cost(o1, m1, optional: optional1)
                            assign(o1, m1)
                            let old2 = cost(o2, m2, optional: optional2)
                            remove(o1, m1)
                            var done = false
                            if fits(o2, m1) {
                                let new1 = cost(o2, m1, optional: optional1)
                                assign(o2, m1)
                                if fits(o1, m2) && new1 + cost(o1, m2, optional: optional2) < old1 + old2 {
                                    assign(o1, m2)
                                    done = true
                                } else {
                                    remove(o2, m1)
                                }
                            }
                            if !done {
                                assign(o1, m1)
                                assign(o2, m2)
                            } else {
                                changed = true
                            }
                        }
                    }
                }
            }
        }
        return changed
    }
}
