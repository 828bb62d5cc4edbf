/// An `officials` instance with `rules.everySlot`, as the tour search reads it: slots (the matches of one
/// start, in start order), each with as many matches as there are officials; every official's season is a
/// path through the slots, one match in each.
struct TourProblem: Sendable {
    /// Officials (n) and slots (S).
    let n: Int
    let slotCount: Int
    /// Per slot, its matches' indices in the instance (n each).
    let slots: [[Int]]
    /// Per game (global index `s * n + k`, the k-th match of slot s): venue index, team indices.
    let venue: [Int]
    let teams: [[Int]]
    let venueCount: Int
    let teamCount: Int
    /// Km between venues (symmetric).
    let km: [[Int]]
    /// Per official, per game: the official may take it (level, availability, conflicts, field groups, pins).
    let allowed: [[Bool]]
    /// Per game of a slot before the last, per game of the next slot: one official can work both (end, rest
    /// and travel before the next start).
    let reachable: [[Bool]]
    let venueWindow: Int
    let teamWindow: Int
    /// Venue indices every official works at least once.
    let visit: [Int]
    /// True when every official may take every game the others may (no attribute tells them apart): the
    /// search then fixes the first slot.
    let interchangeable: Bool
    /// The instance's match index of each game.
    let matchOf: [Int]
    /// The prepared instance's core, which a plan's solution is written from (not derived again).
    let core: OfficialsCore

    /// The problem, or why the instance has no plan (proven by counting).
    static func make(_ instance: OfficialsInstance, core: OfficialsCore) -> Result<TourProblem, TourImpossible> {
        let rules = instance.rules ?? OfficialsRules()
        let n = instance.officials.count
        let starts = Array(Set(instance.matches.map(\.start))).sorted()
        var slotOf: [LocalDateTime: Int] = [:]
        for (index, start) in starts.enumerated() { slotOf[start] = index }
        var slots = [[Int]](repeating: [], count: starts.count)
        for (m, match) in instance.matches.enumerated() { slots[slotOf[match.start]!].append(m) }
        for (s, list) in slots.enumerated() where list.count != n {
            return .failure(
                TourImpossible(
                    reason:
                        "slot \(s + 1) (\(starts[s].dateText) \(starts[s].timeText)) has \(list.count) matches for \(n) officials; rules.everySlot: every official works exactly one match in every slot"
                ))
        }
        var venueIndex: [String: Int] = [:]
        for (index, venue) in instance.venues.enumerated() { venueIndex[venue.id] = index }
        var teamIndex: [String: Int] = [:]
        for match in instance.matches { for team in match.teams ?? [] where teamIndex[team] == nil { teamIndex[team] = teamIndex.count } }
        let matchOf = slots.flatMap { $0 }
        let venue = matchOf.map { venueIndex[instance.matches[$0].venue]! }
        let teams = matchOf.map { Array(Set((instance.matches[$0].teams ?? []).map { teamIndex[$0]! })).sorted() }
        var points: [String: Location] = [:]
        for v in instance.venues { points[v.id] = v.point }
        let check = TourRulesCheck(instance)
        let ids = instance.venues.map(\.id)
        let km = ids.map { a in ids.map { b in check.kilometres(a, b, points: points) ?? 0 } }
        let placeOf = OfficialsKind.venuePlaces(instance)
        var allowed = [[Bool]](repeating: [Bool](repeating: false, count: matchOf.count), count: n)
        for (g, m) in matchOf.enumerated() {
            for o in core.eligible[m] { allowed[o][g] = true }
        }
        // A pin: the game is the official's, and no other game of its slot is.
        for (g, m) in matchOf.enumerated() {
            for o in core.pins[m] {
                let s = g / n
                for other in 0..<n where other != o { allowed[other][g] = false }
                for k in 0..<n where s * n + k != g { allowed[o][s * n + k] = false }
            }
        }
        var reachable: [[Bool]] = []
        for g in 0..<max(0, matchOf.count - n) {
            let s = g / n
            reachable.append(
                (0..<n).map { k in !core.clash(matchOf[g], at: placeOf[matchOf[g]], matchOf[(s + 1) * n + k], at: placeOf[matchOf[(s + 1) * n + k]]) }
            )
        }
        let visit = Array(Set((rules.visitVenues ?? []).map { venueIndex[$0]! })).sorted()
        let hosted = Set(venue)
        if let never = visit.first(where: { !hosted.contains($0) }) {
            return .failure(TourImpossible(reason: "no match is played at \(ids[never]), which rules.visitVenues asks every official to visit"))
        }
        if visit.count > starts.count {
            return .failure(TourImpossible(reason: "rules.visitVenues lists \(visit.count) venues but there are \(starts.count) slots"))
        }
        return .success(
            TourProblem(
                n: n, slotCount: starts.count, slots: slots, venue: venue, teams: teams, venueCount: ids.count,
                teamCount: teamIndex.count, km: km, allowed: allowed, reachable: reachable,
                venueWindow: rules.resolvedVenueWindow, teamWindow: rules.resolvedTeamWindow, visit: visit,
                interchangeable: allowed.allSatisfy { $0 == allowed[0] }, matchOf: matchOf, core: core))
    }

    /// The relaxation the bounds are computed on: every official may take every game (the same windows).
    var relaxed: TourProblem {
        let all = [[Bool]](repeating: [Bool](repeating: true, count: venue.count), count: n)
        return TourProblem(
            n: n, slotCount: slotCount, slots: slots, venue: venue, teams: teams, venueCount: venueCount,
            teamCount: teamCount, km: km, allowed: all, reachable: reachable, venueWindow: venueWindow,
            teamWindow: teamWindow, visit: [], interchangeable: true, matchOf: matchOf, core: core)
    }

    /// True when one official may not take both games g and h, `apart` (≥ 1) slots apart, by the windows: the
    /// same venue within `venueWindow` slots, or a team of both within `teamWindow`. The timing between
    /// consecutive slots is `reachable`, apart from this.
    func clashes(_ g: Int, _ h: Int, apart: Int) -> Bool {
        if apart < venueWindow && venue[g] == venue[h] { return true }
        if apart < teamWindow {
            for t in teams[g] where teams[h].contains(t) { return true }
        }
        return false
    }

    /// A lower bound on the kilometres of one transition, slot t to t + 1, walked by officials who leave the
    /// games `from` of slot t (positions in the slot) for the games `to` of slot t + 1, one official per game:
    /// every game of `to` is entered at least at its cheapest allowed step from a game of `from`, and every game
    /// of `from` is left at least at its cheapest allowed step to one of `to`; the larger of the two sums. Zero
    /// when the two sets differ in size (then they are not one group of officials).
    func stepBound(slot t: Int, from: [Int], to: [Int]) -> Int {
        guard from.count == to.count else { return 0 }
        func step(_ k: Int, _ l: Int) -> Int? {
            let g = t * n + k, h = (t + 1) * n + l
            if !reachable[g][l] || clashes(g, h, apart: 1) { return nil }
            return km[venue[g]][venue[h]]
        }
        let into = to.reduce(0) { sum, l in sum + (from.compactMap { step($0, l) }.min() ?? 0) }
        let outOf = from.reduce(0) { sum, k in sum + (to.compactMap { step(k, $0) }.min() ?? 0) }
        return max(into, outOf)
    }

    /// The solution of a plan (per slot, per official, the game's position k in its slot), with its kilometres.
    func solution(_ instance: OfficialsInstance, plan: [[Int]]) -> OfficialsSolution {
        var crews = [[Int]](repeating: [], count: instance.matches.count)
        for (s, row) in plan.enumerated() {
            for (o, k) in row.enumerated() { crews[matchOf[s * n + k]].append(o) }
        }
        var solution = core.solution(crews: crews, placeOf: OfficialsKind.venuePlaces(instance))
        var perOfficial: [String: Int] = [:]
        for o in 0..<n {
            var total = 0
            for s in 1..<max(1, plan.count) { total += km[venue[(s - 1) * n + plan[s - 1][o]]][venue[s * n + plan[s][o]]] }
            perOfficial[instance.officials[o].id] = total
        }
        solution.tourKm = DistanceSummary(total: perOfficial.values.reduce(0, +), officials: perOfficial)
        return solution
    }
}

/// Why a tour instance has no plan, proven.
struct TourImpossible: Error, Sendable {
    var reason: String
}
