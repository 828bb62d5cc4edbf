/// Facts derived once from an instance for the formulation, the greedy and the unplaced reasons: which
/// pitches each match may use, which matches clash on one pitch, and the team-days for group splits.
public struct PitchesAnalysis: PreparedInstance {
    public let instance: PitchesInstance
    /// Per match: indices of the pitches it may go on (size fits, not closed; only the pin when pinned).
    var eligible: [[Int]] = []
    /// Per pitch: groups of match indices that pairwise clash (each a clique at one start time).
    var cliques: [[[Int]]] = []
    /// Per pitch, per day: match indices that may use the pitch that day (for maxPerDay).
    var byDay: [[Int: [Int]]] = []
    /// (team, day) → match indices.
    var teamDays: [TeamDay: [Int]] = [:]
    let pitchIndex: [String: Int]
    let groups: [String]
    let groupOfPitch: [Int]

    struct TeamDay: Hashable, Comparable, Sendable {
        var team: String
        var day: Int
        static func < (lhs: TeamDay, rhs: TeamDay) -> Bool { (lhs.day, lhs.team) < (rhs.day, rhs.team) }
    }

    init(_ instance: PitchesInstance) {
        Derivations.record(.pitchesAnalysis)
        self.instance = instance
        var index: [String: Int] = [:]
        for (position, pitch) in instance.pitches.enumerated() { index[pitch.id] = position }
        pitchIndex = index
        let groupNames = Array(Set(instance.pitches.map(\.groupName))).sorted()
        groups = groupNames
        groupOfPitch = instance.pitches.map { pitch in groupNames.firstIndex(of: pitch.groupName)! }
        let buffer = instance.bufferMinutes
        eligible = instance.matches.map { match in
            let candidates: [Int]
            if let pinned = match.pitch, let position = index[pinned] {
                candidates = [position]
            } else {
                candidates = Array(instance.pitches.indices)
            }
            return candidates.filter { Self.fits(instance.pitches[$0], match) }
        }
        // Cliques of the interval graph of [start, end + buffer) per pitch: one per distinct start time.
        cliques = Array(repeating: [], count: instance.pitches.count)
        byDay = Array(repeating: [:], count: instance.pitches.count)
        var usersOfPitch = [[Int]](repeating: [], count: instance.pitches.count)
        for (matchIndex, pitches) in eligible.enumerated() {
            for pitch in pitches { usersOfPitch[pitch].append(matchIndex) }
        }
        for pitch in instance.pitches.indices {
            let users = usersOfPitch[pitch].sorted { instance.matches[$0].start < instance.matches[$1].start }
            // A sweep over start times: the matches active at a start time (in `users` order) form a clique; it
            // is maximal unless every one of them is still active at the next start time (then it is a subset of
            // that clique; intervals are convex, so no later clique can contain it otherwise, and no earlier one
            // holds the matches starting now). O(users × active) instead of O(users²).
            var active: [Int] = []
            var next = 0
            var starts: [(time: LocalDateTime, members: [Int])] = []
            while next < users.count {
                let time = instance.matches[users[next]].start
                while next < users.count && instance.matches[users[next]].start == time {
                    active.append(users[next])
                    byDay[pitch][time.day, default: []].append(users[next])
                    next += 1
                }
                active.removeAll { time >= instance.matches[$0].end + buffer }
                starts.append((time, active))
            }
            for (position, start) in starts.enumerated() where start.members.count > 1 {
                if position + 1 < starts.count {
                    let following = starts[position + 1].time
                    if start.members.allSatisfy({ following < instance.matches[$0].end + buffer }) { continue }
                }
                cliques[pitch].append(start.members)
            }
        }
        for (matchIndex, match) in instance.matches.enumerated() {
            for team in Set(match.teams ?? []) {
                teamDays[TeamDay(team: team, day: match.start.day), default: []].append(matchIndex)
            }
        }
    }

    static func fits(_ pitch: Pitch, _ match: PitchMatch) -> Bool {
        pitch.sizes.contains(match.size)
            && !(pitch.closed ?? []).contains { $0.overlaps(start: match.start, end: match.end) }
    }

    /// True when two matches cannot share a pitch (given the buffer).
    func clash(_ first: Int, _ second: Int) -> Bool {
        let a = instance.matches[first], b = instance.matches[second]
        let buffer = instance.bufferMinutes
        return a.start < b.end + buffer && b.start < a.end + buffer
    }

    /// Why a match has no pitch, in words, given the matches placed on each pitch (pitch id → match indices).
    func reason(unplaced matchIndex: Int, onPitch: [String: [Int]]) -> String {
        let match = instance.matches[matchIndex]
        let when = "\(match.start.dateText) \(match.start.timeText)"
        let sized = instance.pitches.filter { $0.sizes.contains(match.size) }
        if sized.isEmpty { return "no pitch takes size \(match.size)" }
        if let pinned = match.pitch, let position = pitchIndex[pinned], !Self.fits(instance.pitches[position], match) {
            return "the pinned pitch \(instance.pitches[position].displayName) cannot take this \(match.size) match at \(when)"
        }
        let open = sized.filter { Self.fits($0, match) }
        if open.isEmpty { return "every \(match.size) pitch is closed at \(when)" }
        var blocked: [String] = []
        for pitch in open {
            let others = (onPitch[pitch.id] ?? []).filter { $0 != matchIndex }
            if let clashing = others.first(where: { clash($0, matchIndex) }) {
                blocked.append("\(pitch.displayName) has \(instance.matches[clashing].id)")
            } else if let limit = pitch.maxPerDay,
                others.filter({ instance.matches[$0].start.day == match.start.day }).count >= limit
            {
                blocked.append("\(pitch.displayName) is at its limit of \(limit) a day")
            }
        }
        if blocked.isEmpty { return "every \(match.size) pitch open at \(when) is in use" }
        return "every \(match.size) pitch open at \(when) is taken: " + blocked.prefix(4).joined(separator: "; ")
            + (blocked.count > 4 ? "; and \(blocked.count - 4) more" : "")
    }

    /// The solution for a placement (match index → pitch index or nil), with reasons and usage.
    func solution(placement: [Int?]) -> PitchesSolution {
        var assignments: [String: String] = [:]
        var usage: [String: Int] = [:]
        for pitch in instance.pitches { usage[pitch.id] = 0 }
        for (matchIndex, pitch) in placement.enumerated() {
            if let pitch {
                assignments[instance.matches[matchIndex].id] = instance.pitches[pitch].id
                usage[instance.pitches[pitch].id, default: 0] += 1
            }
        }
        var onPitch: [String: [Int]] = [:]
        for (matchIndex, pitch) in placement.enumerated() {
            if let pitch { onPitch[instance.pitches[pitch].id, default: []].append(matchIndex) }
        }
        var unplaced: [UnplacedMatch] = []
        for (matchIndex, pitch) in placement.enumerated() where pitch == nil {
            unplaced.append(UnplacedMatch(match: instance.matches[matchIndex].id, reason: reason(unplaced: matchIndex, onPitch: onPitch)))
        }
        return PitchesSolution(assignments: assignments, unplaced: unplaced, usage: usage)
    }
}

extension PitchesAnalysis {
    /// The least largest pitch usage of any plan that places `placed` matches, with clashes and day limits set
    /// aside: the smallest U for which `placed` matches can each go to a pitch they fit with no pitch used more
    /// than U times (a bipartite flow, by binary search on U). A lower bound for `maxUsage`: every plan is such
    /// an assignment. Tighter than ⌈placed / pitches⌉ when matches fit only some pitches.
    ///
    /// The search keeps the flow of the largest capacity known to fall short: a flow within capacity U stays
    /// within any larger one, so each probe above it starts from that flow and only looks for the few matches
    /// still missing, instead of placing every match again (a 4,000-match term: one flow and a few short
    /// searches, where fourteen flows from nothing took 1.5 s).
    static func leastLargestUsage(eligible: [[Int]], pitchCount: Int, placed: Int) -> Int {
        guard placed > 0, pitchCount > 0 else { return 0 }
        var low = max(1, (placed + pitchCount - 1) / pitchCount), high = placed
        var short = PlacementFlow(eligible: eligible, pitchCount: pitchCount)
        var probe = short
        if probe.augment(capacity: low) >= placed { return low }
        short = probe
        low += 1
        probe = short
        if probe.augment(capacity: high) < placed { return high }
        while low < high {
            let middle = (low + high) / 2
            probe = short
            if probe.augment(capacity: middle) >= placed {
                high = middle
            } else {
                short = probe
                low = middle + 1
            }
        }
        return low
    }
}

/// An assignment of matches to pitches they fit, grown by augmenting paths over the residual graph (match →
/// pitch where it fits, pitch → a match already there, which moves to another pitch it fits).
struct PlacementFlow {
    let eligible: [[Int]]
    var pitchOf: [Int]
    var matchesOn: [[Int]]
    var placed = 0

    init(eligible: [[Int]], pitchCount: Int) {
        self.eligible = eligible
        pitchOf = [Int](repeating: -1, count: eligible.count)
        matchesOn = [[Int]](repeating: [], count: pitchCount)
    }

    /// Places every match it can with no pitch used more than `capacity` times (at least every pitch's use so
    /// far), keeping the matches already placed placed; returns how many are placed. Each unplaced match gets
    /// the least used pitch it fits when one has room, else a shortest augmenting path; a match with no path
    /// now has none later at this capacity (Kuhn's argument), so one pass is the maximum.
    mutating func augment(capacity: Int) -> Int {
        let pitchCount = matchesOn.count
        var seenPitch = [Int](repeating: -1, count: pitchCount)
        var parentMatch = [Int](repeating: -1, count: pitchCount)
        var viaPitch = [Int](repeating: -1, count: eligible.count)
        var stamp = 0
        var queue: [Int] = []
        for start in eligible.indices where pitchOf[start] < 0 && !eligible[start].isEmpty {
            // The least used pitch with room: no path to search.
            var direct = -1
            for pitch in eligible[start] where matchesOn[pitch].count < capacity {
                if direct < 0 || matchesOn[pitch].count < matchesOn[direct].count { direct = pitch }
            }
            if direct >= 0 {
                pitchOf[start] = direct
                matchesOn[direct].append(start)
                placed += 1
                continue
            }
            stamp += 1
            // Breadth-first over pitches: reaching one with room ends the path.
            queue.removeAll(keepingCapacity: true)
            for pitch in eligible[start] where seenPitch[pitch] != stamp {
                seenPitch[pitch] = stamp
                parentMatch[pitch] = start
                queue.append(pitch)
            }
            var head = 0
            var found = -1
            while head < queue.count {
                let pitch = queue[head]
                head += 1
                if matchesOn[pitch].count < capacity {
                    found = pitch
                    break
                }
                for match in matchesOn[pitch] {
                    for next in eligible[match] where seenPitch[next] != stamp {
                        seenPitch[next] = stamp
                        parentMatch[next] = match
                        viaPitch[match] = pitch
                        queue.append(next)
                    }
                }
            }
            guard found >= 0 else { continue }
            // Shift along the path: each match moves to the pitch after it, the start takes the first.
            var pitch = found
            while true {
                let match = parentMatch[pitch]
                if match == start {
                    pitchOf[start] = pitch
                    matchesOn[pitch].append(start)
                    break
                }
                let from = viaPitch[match]
                matchesOn[from].removeAll { $0 == match }
                pitchOf[match] = pitch
                matchesOn[pitch].append(match)
                pitch = from
            }
            placed += 1
        }
        return placed
    }
}

/// A match whose pitch is chosen (pitches, matchday): its pin and its preferences.
protocol PitchChoosing {
    var pitch: String? { get }
    var preferred: [String]? { get set }
}

extension PitchMatch: PitchChoosing {}
extension MatchdayMatch: PitchChoosing {}

extension PitchesAnalysis {
    /// `pitch:<id>` → region, for the pitches that have one.
    static func pitchRegions(_ pitches: [Pitch]) -> [String: String] {
        var result: [String: String] = [:]
        for pitch in pitches { if let region = pitch.region { result["pitch:\(pitch.id)"] = region } }
        return result
    }

    /// A region's part of pitches and matches: the pitches not `excluded` (keys `pitch:<id>`) and any a match
    /// of the part is pinned to, the matches' preferences for the others dropped, and the kept pitches' ids.
    static func regionPart<Match: PitchChoosing>(
        _ pitches: [Pitch], _ matches: [Match], excluded: Set<String>
    ) -> (pitches: [Pitch], matches: [Match], kept: Set<String>) {
        let pinned = Set(matches.compactMap(\.pitch))
        let kept = pitches.filter { pinned.contains($0.id) || !excluded.contains("pitch:\($0.id)") }
        let ids = Set(kept.map(\.id))
        return (
            kept,
            matches.map { match in
                var match = match
                match.preferred = match.preferred.map { $0.filter(ids.contains) }
                return match
            }, ids
        )
    }

    /// A match's region for `split --by region`: its pinned pitch's, else its first preferred pitch's that it
    /// fits, else the region of most of the pitches it fits (the first by name on a tie); nil when none of
    /// those has a region.
    func region(ofMatch index: Int) -> String? {
        let match = instance.matches[index]
        if let pinned = match.pitch, let pitch = pitchIndex[pinned] { return instance.pitches[pitch].region }
        let fits = Set(eligible[index])
        for id in match.preferred ?? [] {
            if let pitch = pitchIndex[id], fits.contains(pitch), let region = instance.pitches[pitch].region { return region }
        }
        var counts: [String: Int] = [:]
        for pitch in eligible[index] { if let region = instance.pitches[pitch].region { counts[region, default: 0] += 1 } }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }
}
