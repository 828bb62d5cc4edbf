import Foundation

/// A legal colour-group plan without a solver, from the colour schedules.
///
/// A schedule fixes, for every colour, its size and the segments it is on; what is left is who goes in which
/// colour and who keeps goal. The search takes schedules in order of the spread of their colours' minutes
/// (then fewest entries), and for each one deals the players into the schedule's masks by depth-first search:
/// scarce players first, a player only into a mask that is one of their own legal patterns (so every rule of
/// their own holds), and a branch is cut as soon as some segment can no longer hold enough players for one of
/// the formation's positions. A full deal then picks a keeper for every period (a member of a colour on for
/// the whole period, or a player without a colour who only keeps goal), fills positions by least-cost
/// assignment, and the verifier has the last word. Bounded by a node budget and a deadline; deterministic.
///
/// Used by the greedy when its rotation finds nothing (and so as the MILP's start): on big squads the colour
/// structure (sizes that must add up to the outfield in every segment, positions every colour set must cover)
/// is what a rotation cannot see.
struct LineupColourSearch {
    let space: LineupPatternSpace
    /// Seconds the search may take, counted from the call of ``search(schedules:)``.
    let seconds: Double
    var deadline: ContinuousClock.Instant
    var nodes = 0
    let nodeBudget: Int
    var timedOut = false
    /// Nodes one schedule's deal may take; schedules tried for a better plan after the first one.
    let perSchedule = 400
    let improveSchedules = 200
    /// Counts for tracing: schedules tried, full deals, deals with keepers and positions, verified plans.
    var counts = [0, 0, 0, 0]
    /// Player → class; per class the set of its pattern masks; per player the segments they are there for.
    let classOf: [Int?]
    let maskSets: [Set<UInt64>]
    let presentMask: [UInt64]
    /// Per player: may stay without a colour (a legal pattern keeping goal only, or not playing).
    let mayStay: [Bool]

    init(_ space: LineupPatternSpace, seconds: Double, nodeBudget: Int = 200_000) {
        self.space = space
        self.seconds = seconds
        deadline = ContinuousClock.now.advanced(by: .nanoseconds(Int64(seconds * 1e9)))
        self.nodeBudget = nodeBudget
        let a = space.analysis
        var classOf = [Int?](repeating: nil, count: a.playerCount)
        for (c, group) in space.classes.enumerated() { for p in group.members { classOf[p] = c } }
        self.classOf = classOf
        maskSets = space.classes.map { Set($0.patterns.map(\.mask)) }
        presentMask = (0..<a.playerCount).map { p in
            var mask: UInt64 = 0
            for s in 0..<a.segmentCount where a.canPlay[p][s] { mask |= 1 << UInt64(s) }
            return mask
        }
        mayStay = (0..<a.playerCount).map { p in
            guard let c = classOf[p], space.mayStayUncoloured(p) else { return false }
            let probe = LineupPatternModel.keeperOnlyProbe(space, p)
            return space.classes[c].patterns.contains { probe($0.mask) }
        }
    }

    var exhausted: Bool {
        if nodes >= nodeBudget || timedOut { return true }
        if nodes & 255 == 0 && (ContinuousClock.now >= deadline || space.analysis.isCancelled) { return true }
        return false
    }

    func legal(_ p: Int, _ mask: UInt64) -> Bool {
        guard let c = classOf[p] else { return mask == 0 }
        return maskSets[c].contains(mask)
    }

    /// Pool players (bit per pool index) who may follow each mask, cached.
    var followers: [UInt64: UInt64] = [:]
    lazy var poolPlayers: [Int] = space.colourPool.filter { classOf[$0] != nil }
    /// Every non-empty set of the formation's outfield positions (Hall's condition on positions: the players
    /// on who can play one of a set must be at least its places), with its places.
    lazy var positionSets: [(need: Int, positions: [Int])] = {
        let a = space.analysis
        let outfield = a.slots.indices.filter { $0 != a.keeper && a.slots[$0] > 0 }
        guard outfield.count <= 10 else { return outfield.map { (a.slots[$0], [$0]) } }
        return (1..<(1 << outfield.count)).map { set in
            let chosen = outfield.indices.filter { set & (1 << $0) != 0 }.map { outfield[$0] }
            return (chosen.reduce(0) { $0 + a.slots[$1] }, chosen)
        }
    }()
    /// Per player: the position sets they can serve.
    lazy var setsOf: [[Int]] = (0..<space.analysis.playerCount).map { p in
        positionSets.indices.filter { k in positionSets[k].positions.contains { space.analysis.eligible[p].contains($0) } }
    }
    /// Per position set: the pool players (bits) who can play one of its positions.
    lazy var capableBits: [(need: Int, players: UInt64)] = {
        let sets = setsOf
        return positionSets.indices.map { k in
            var bits: UInt64 = 0
            for (i, p) in poolPlayers.enumerated() where sets[p].contains(k) { bits |= 1 << UInt64(i) }
            return (positionSets[k].need, bits)
        }
    }()
    /// Per pool player (by pool index): the position sets of ``capableBits`` they can serve.
    lazy var poolSets: [[Int]] = {
        let entries = capableBits
        return poolPlayers.indices.map { i in entries.indices.filter { entries[$0].players & (1 << UInt64(i)) != 0 } }
    }()
    lazy var staying: UInt64 = {
        var bits: UInt64 = 0
        for (i, p) in poolPlayers.enumerated() where mayStay[p] { bits |= 1 << UInt64(i) }
        return bits
    }()
    lazy var presentBits: [UInt64] = (0..<space.analysis.segmentCount).map { s in
        var bits: UInt64 = 0
        for (i, p) in poolPlayers.enumerated() where presentMask[p] & (1 << UInt64(s)) != 0 { bits |= 1 << UInt64(i) }
        return bits
    }

    /// Per class, per length: the prefixes of its patterns' masks (of that many segments from kick-off).
    lazy var classPrefixes: [[LineupPatternSpace.MaskTable]] = space.classes.map { group in
        space.prefixSets(group).map(LineupPatternSpace.MaskTable.init)
    }
    /// Pool players (bits) who may follow a mask's first segments, keyed by the prefix with a bit set just past
    /// its length; cached.
    var prefixFollowers = LineupPatternSpace.MaskMap()
    /// ``prefixCheck(masks:sizes:segment:)``'s followers per colour, kept from call to call.
    var prefixBits: [UInt64] = []

    /// The pool players (bits) with a legal pattern that starts as `prefix` does over its first `length` segments.
    mutating func followers(prefix: UInt64, length: Int) -> UInt64 {
        let key = prefix | (1 << UInt64(length))
        if let known = prefixFollowers[key] { return known }
        let tables = classPrefixes
        var found: UInt64 = 0
        for (i, p) in poolPlayers.enumerated() where tables[classOf[p]!][length].contains(prefix & presentMask[p]) {
            found |= 1 << UInt64(i)
        }
        prefixFollowers.insert(key, found)
        return found
    }

    /// A necessary condition for every schedule whose colours start as `masks` do through `segment` (with these
    /// sizes) to pass ``quickCheck(_:)``: a player follows a colour only along one of their legal patterns, so the
    /// players who may follow a colour's whole mask are among those who may follow its first segments. Hall's
    /// condition over sets of colours, and the positions of segment `segment` covered by the players who could
    /// be on then. Checked as the listing goes, it cuts a branch at its root, not at each of its leaves.
    mutating func prefixCheck(masks: [UInt64], sizes: [Int], segment: Int) -> Bool {
        let pool = poolPlayers
        guard pool.count <= 64, space.analysis.segmentCount < 62 else { return true }
        let count = masks.count
        if prefixBits.count != count { prefixBits = [UInt64](repeating: 0, count: count) }
        for c in 0..<count { prefixBits[c] = followers(prefix: masks[c], length: segment + 1) }
        let bits = prefixBits
        if count <= 8 {
            for set in 1..<(1 << count) {
                var want = 0
                var can: UInt64 = 0
                for c in 0..<count where set & (1 << c) != 0 {
                    want += sizes[c]
                    can |= bits[c]
                }
                if can.nonzeroBitCount < want { return false }
            }
        } else {
            for c in 0..<count where bits[c].nonzeroBitCount < sizes[c] { return false }
        }
        var reach: UInt64 = 0
        for c in 0..<count where masks[c] & (1 << UInt64(segment)) != 0 { reach |= bits[c] }
        reach &= presentBits[segment]
        for entry in capableBits where (reach & entry.players).nonzeroBitCount < entry.need { return false }
        return true
    }

    /// A necessary condition for a schedule, from counts alone (no search): every mask's colours can be
    /// filled (Hall's condition over sets of masks), the players no mask suits may stay without a colour, and
    /// in every segment the players who could be on cover each outfield position.
    mutating func quickCheck(_ schedule: LineupPatternSpace.ColourSchedule) -> Bool {
        let pool = poolPlayers
        guard pool.count <= 64 else { return true }
        let groups = schedule.maskGroups
        var masks: [UInt64] = []
        var need: [Int] = []
        var bits: [UInt64] = []
        masks.reserveCapacity(groups.count)
        need.reserveCapacity(groups.count)
        bits.reserveCapacity(groups.count)
        for (mask, count) in groups {
            masks.append(mask)
            need.append(count)
            if let known = followers[mask] {
                bits.append(known)
            } else {
                var found: UInt64 = 0
                for (i, p) in pool.enumerated() where legal(p, mask & presentMask[p]) { found |= 1 << UInt64(i) }
                followers[mask] = found
                bits.append(found)
            }
        }
        let coloured = need.reduce(0, +)
        guard coloured <= pool.count else { return false }
        let everyone: UInt64 = pool.count == 64 ? ~0 : (1 << UInt64(pool.count)) - 1
        let any = bits.reduce(0, |)
        // Players no mask suits stay without a colour; so do pool.count - coloured players in all.
        let unsuited = everyone & ~any
        if unsuited & ~staying != 0 || unsuited.nonzeroBitCount > pool.count - coloured { return false }
        if (everyone & ~staying).nonzeroBitCount > coloured { return false }
        if masks.count <= 10 {
            for set in 1..<(1 << masks.count) {
                var want = 0
                var can: UInt64 = 0
                for g in masks.indices where set & (1 << g) != 0 {
                    want += need[g]
                    can |= bits[g]
                }
                if can.nonzeroBitCount < want { return false }
            }
        }
        let n = space.analysis.segmentCount
        let entries = capableBits
        let width = entries.count
        // capable[s * width + k]: the players who could be on in segment s and play a position of set k.
        var capable = [Int](repeating: 0, count: n * width)
        for s in 0..<n {
            var reach: UInt64 = 0
            for g in masks.indices where masks[g] & (1 << UInt64(s)) != 0 { reach |= bits[g] }
            reach &= presentBits[s]
            for k in 0..<width {
                let count = (reach & entries[k].players).nonzeroBitCount
                if count < entries[k].need { return false }
                capable[s * width + k] = count
            }
        }
        // Every player has a mask that leaves, in the segments they would sit out, enough others for each of
        // their positions (or may stay without a colour, and then sits out everywhere).
        let setsOfPool = poolSets
        for (i, p) in pool.enumerated() {
            let mine = setsOfPool[i]
            if mine.isEmpty { continue }
            func fits(_ mask: UInt64) -> Bool {
                for s in 0..<n where mask & (1 << UInt64(s)) == 0 && presentBits[s] & (1 << UInt64(i)) != 0 {
                    // p counts in capable[s] only if some mask of theirs is on at s.
                    let counted = masks.indices.contains { bits[$0] & (1 << UInt64(i)) != 0 && masks[$0] & (1 << UInt64(s)) != 0 }
                    guard counted else { continue }
                    for k in mine where capable[s * width + k] - 1 < entries[k].need { return false }
                }
                return true
            }
            let ok =
                masks.indices.contains { bits[$0] & (1 << UInt64(i)) != 0 && fits(masks[$0] & presentMask[p]) }
                || (staying & (1 << UInt64(i)) != 0 && fits(0))
            if !ok { return false }
        }
        return periodsFit(masks: masks, need: need, bits: bits)
    }

    /// With keepers for whole periods, in a period everyone is there for the colours on add up to the field (a
    /// coloured keeper) or one less (a keeper without a colour) in every segment, the same all period (in other
    /// periods, within the players not there yet of that); a
    /// coloured keeper needs a colour on all period with a member who may keep it, a keeper without a colour
    /// a player who may stay without one; a player outside the colours who must play keeps such a period.
    mutating func periodsFit(masks: [UInt64], need: [Int], bits: [UInt64]) -> Bool {
        let a = space.analysis
        let pool = poolPlayers
        guard space.keeperColumns, let keeperPosition = a.keeper, !pool.isEmpty else { return true }
        let everyone: UInt64 = pool.count >= 64 ? ~0 : (1 << UInt64(pool.count)) - 1
        var uncolouredPeriods: [Int] = []
        var loosePeriods: [Int] = []
        for r in space.periods {
            let segments = space.periodSegments[r]!
            let on = segments.map { s in masks.indices.filter { masks[$0] & (1 << UInt64(s)) != 0 }.reduce(0) { $0 + need[$1] } }
            // Players not there yet (late arrivals) may belong to colours that are on: then only bounds hold.
            let absent = segments.map { (everyone & ~presentBits[$0]).nonzeroBitCount }
            if absent.contains(where: { $0 > 0 }) {
                for (k, total) in on.enumerated() where total < a.fieldSize - 1 || total - absent[k] > a.fieldSize { return false }
                loosePeriods.append(r)
                continue
            }
            guard let first = on.first, on.allSatisfy({ $0 == first }), first == a.fieldSize || first == a.fieldSize - 1 else { return false }
            if first == a.fieldSize - 1 {
                uncolouredPeriods.append(r)
            } else {
                let periodMask = segments.reduce(UInt64(0)) { $0 | (1 << UInt64($1)) }
                let covering = pool.indices.contains { i in
                    let p = pool[i]
                    return a.eligible[p].contains(keeperPosition) && space.classes[classOf[p]!].keeperPeriods.contains(r)
                        && masks.indices.contains { bits[$0] & (1 << UInt64(i)) != 0 && masks[$0] & periodMask == periodMask }
                }
                if !covering { return false }
            }
        }
        let pooled = Set(pool)
        for p in 0..<a.playerCount where classOf[p] != nil && !pooled.contains(p) && !legal(p, 0) {
            if !(uncolouredPeriods + loosePeriods).contains(where: { space.keeperPeriods(p).contains($0) }) { return false }
        }
        if !uncolouredPeriods.isEmpty {
            let keepers =
                (0..<a.playerCount).contains { p in
                    classOf[p] != nil && !pooled.contains(p) && a.eligible[p].contains(keeperPosition)
                } || pool.contains { mayStay[$0] && a.eligible[$0].contains(keeperPosition) }
            if !keepers { return false }
        }
        return true
    }

    /// The best legal plan found (by the lexicographic objective), or nil. `schedules`: colour schedules that
    /// passed ``quickCheck(_:)`` (the listing's filter), which the deal relies on.
    mutating func search(schedules: [LineupPatternSpace.ColourSchedule]) -> LineupPlan? {
        let a = space.analysis
        let n = a.segmentCount
        guard n > 0, n < 63, !schedules.isEmpty else { return nil }
        deadline = min(deadline, ContinuousClock.now.advanced(by: .nanoseconds(Int64(seconds * 1e9))))
        let colourCount = a.instance.colourGroups?.colours.count ?? 0
        guard colourCount > 0, (a.instance.colourGroups?.assignment ?? [:]).isEmpty else { return nil }
        // Schedules by the spread of their colours' minutes, then by entries.
        let lengths = a.segments.map(\.length)
        func minutes(_ mask: UInt64) -> Int {
            var total = 0
            var bits = mask
            while bits != 0 {
                total += lengths[bits.trailingZeroBitCount]
                bits &= bits - 1
            }
            return total
        }
        func entries(_ mask: UInt64) -> Int { (mask & ~(mask << 1)).nonzeroBitCount }
        let ranked = schedules.map { schedule -> (Int, Int, LineupPatternSpace.ColourSchedule) in
            let values = schedule.colours.map { minutes($0.mask) }
            let spread = (values.max() ?? 0) - (values.min() ?? 0)
            let changes = schedule.colours.reduce(0) { $0 + $1.size * entries($1.mask) }
            return (spread, changes, schedule)
        }
        // Two orders taken in turn: by spread (the fairest first) and by entries (the simplest rotations
        // first, which the structure of a squad (a colour on all match, two sharing the rest) often needs).
        let bySpread = ranked.indices.sorted { (ranked[$0].0, ranked[$0].1, $0) < (ranked[$1].0, ranked[$1].1, $1) }
        let byChanges = ranked.indices.sorted { (ranked[$0].1, ranked[$0].0, $0) < (ranked[$1].1, ranked[$1].0, $1) }
        var seen = Set<Int>()
        var order: [(Int, Int, LineupPatternSpace.ColourSchedule)] = []
        for k in bySpread.indices {
            for i in [bySpread[k], byChanges[k]] where seen.insert(i).inserted { order.append(ranked[i]) }
        }

        var best: (plan: LineupPlan, objective: LineupObjective)? = nil
        var afterFirst = 0
        for (estimate, _, schedule) in order {
            nodes += 10
            if best != nil { afterFirst += 1 }
            if afterFirst > improveSchedules { break }
            if nodes >= nodeBudget || ContinuousClock.now >= deadline || a.isCancelled { timedOut = true; break }
            // Without season minutes the colours' own spread is (nearly) the plan's: nothing later can win.
            if let best, a.rules.seasonBalance != true, estimate > best.objective.spread { continue }
            counts[0] += 1
            guard let plan = deal(schedule) else { continue }
            let solution = a.solution(plan)
            let objective = LineupVerifier.objective(a.instance, solution)
            if best == nil || LineupKind.isBetter(objective, than: best!.objective) { best = (plan, objective) }
        }
        space.analysis.control?.trace(
            "colour search: \(schedules.count) schedules, tried \(counts[0]), deals \(counts[1]), with keepers \(counts[2]), legal \(counts[3]), nodes \(nodes)"
        )
        return best?.plan
    }

    /// A legal plan following this schedule, or nil.
    private mutating func deal(_ schedule: LineupPatternSpace.ColourSchedule) -> LineupPlan? {
        let a = space.analysis
        let n = a.segmentCount
        // Masks of the schedule with their capacity (members of all colours following them).
        let groups = schedule.members.sorted { $0.key < $1.key }
        let groupMask = groups.map(\.key)
        var capacity = groups.map(\.value)
        let pool = poolPlayers
        // The counting check (``quickCheck(_:)``) has passed: every mask can be filled, every player has a
        // choice. Options per pool player: the masks they may follow (their own mask cut to their presence is
        // legal); `mayStay` says whether they may also stay without a colour.
        var options: [Int: [Int]] = [:]
        for p in pool { options[p] = groups.indices.filter { legal(p, groupMask[$0] & presentMask[p]) } }
        let spare = pool.count - capacity.reduce(0, +)
        var able = [Int](repeating: 0, count: groups.count)
        for p in pool { for g in options[p]! { able[g] += 1 } }
        // Per segment and set of outfield positions (the keeper's slot is settled per period afterwards):
        // players already dealt who are on and can play one of them, and players not yet dealt who could be.
        let sets = positionSets
        let setsOfPlayer = setsOf
        var dealtCapable = [[Int]](repeating: [Int](repeating: 0, count: sets.count), count: n)
        var openCapable = [[Int]](repeating: [Int](repeating: 0, count: sets.count), count: n)
        func reach(_ p: Int) -> UInt64 {
            let present = presentMask[p]
            return options[p]!.reduce(UInt64(0)) { $0 | (groupMask[$1] & present) }
        }
        let reachOf = Dictionary(uniqueKeysWithValues: pool.map { ($0, reach($0)) })
        func add(_ table: inout [[Int]], _ p: Int, _ mask: UInt64, _ sign: Int) {
            var bits = mask
            while bits != 0 {
                let s = bits.trailingZeroBitCount
                for k in setsOfPlayer[p] { table[s][k] += sign }
                bits &= bits - 1
            }
        }
        for p in pool { add(&openCapable, p, reachOf[p]!, 1) }
        // Fail first: at every node the player with the fewest options left goes next.
        var open = Set(pool)
        var choice = [Int: Int?]()  // player → group index (nil: no colour)
        var stayed = 0
        var found: LineupPlan? = nil
        var dealt = [Int: Int?]()
        /// True when player p (still counted in `openCapable`) may follow this mask: every segment of their
        /// reach they leave still has enough players who can play each of their positions.
        func viable(_ p: Int, _ mask: UInt64) -> Bool {
            var bits = reachOf[p]! & ~mask
            while bits != 0 {
                let s = bits.trailingZeroBitCount
                for k in setsOfPlayer[p] where dealtCapable[s][k] + openCapable[s][k] - 1 < sets[k].need { return false }
                bits &= bits - 1
            }
            return true
        }
        /// The choices open to p now: mask groups (nil: no colour), each leaving every mask fillable.
        func moves(_ p: Int) -> [Int?] {
            var result: [Int?] = []
            let mine = options[p]!
            func fillable(except g: Int?) -> Bool {
                !groups.indices.contains { h in h != g && capacity[h] > able[h] - (mine.contains(h) ? 1 : 0) }
            }
            for g in mine where capacity[g] > 0 && viable(p, groupMask[g] & presentMask[p]) && fillable(except: g) {
                result.append(g)
            }
            if mayStay[p] && stayed < spare && viable(p, 0) && fillable(except: nil) { result.append(nil) }
            return result
        }

        let nodesBefore = nodes
        func visit() {
            if found != nil || exhausted || nodes - nodesBefore > perSchedule { return }
            nodes += 1
            if open.isEmpty {
                counts[1] += 1
                found = finish(choice, groups: groupMask)
                if found != nil {
                    counts[2] += 1
                    dealt = choice
                }
                return
            }
            var pick: (p: Int, moves: [Int?])? = nil
            for p in open.sorted() {
                let m = moves(p)
                if m.isEmpty { return }
                if pick == nil || (m.count, a.eligible[p].count) < (pick!.moves.count, a.eligible[pick!.p].count) { pick = (p, m) }
                if m.count == 1 && pick!.p == p { break }
            }
            let (p, choices) = pick!
            open.remove(p)
            add(&openCapable, p, reachOf[p]!, -1)
            for g in options[p]! { able[g] -= 1 }
            defer {
                open.insert(p)
                add(&openCapable, p, reachOf[p]!, 1)
                for g in options[p]! { able[g] += 1 }
            }
            for move in choices {
                if let g = move {
                    let mask = groupMask[g] & presentMask[p]
                    capacity[g] -= 1
                    add(&dealtCapable, p, mask, 1)
                    choice[p] = g
                    visit()
                    choice[p] = nil
                    add(&dealtCapable, p, mask, -1)
                    capacity[g] += 1
                } else {
                    stayed += 1
                    choice[p] = .some(nil)
                    visit()
                    choice.removeValue(forKey: p)
                    stayed -= 1
                }
                if found != nil || exhausted { return }
            }
        }
        visit()
        guard var plan = found else { return nil }
        // Colour labels: each mask's members dealt into its colours by size.
        var colour = [Int?](repeating: nil, count: a.playerCount)
        var next = 0
        for (g, mask) in groupMask.enumerated() {
            let members = pool.filter { dealt[$0] == .some(g) }.sorted()
            var offset = 0
            for c in schedule.colours where c.mask == mask {
                for p in members[offset..<min(members.count, offset + c.size)] { colour[p] = next }
                offset += c.size
                next += 1
            }
        }
        plan.colour = colour
        let findings = LineupVerifier.check(a.instance, a.solution(plan))
        if !(findings.structural.isEmpty && findings.broken.isEmpty) {
            space.analysis.control?.trace("colour search: deal refused: \((findings.structural + findings.broken).prefix(3))")
        }
        if findings.structural.isEmpty && findings.broken.isEmpty { counts[3] += 1 }
        return findings.structural.isEmpty && findings.broken.isEmpty ? plan : nil
    }

    /// Keepers and positions for a full deal: the plan, or nil when no choice of keepers fits.
    private mutating func finish(_ choice: [Int: Int?], groups: [UInt64]) -> LineupPlan? {
        let a = space.analysis
        let n = a.segmentCount
        var masks = [UInt64](repeating: 0, count: a.playerCount)
        var uncoloured: [Int] = []
        for p in 0..<a.playerCount where classOf[p] != nil {
            if let entry = choice[p], let g = entry {
                masks[p] = groups[g] & presentMask[p]
            } else {
                uncoloured.append(p)
            }
        }
        let keeperOnly = Set(uncoloured)
        guard let keeperPosition = a.keeper else {
            // No keeper: the coloured players alone fill the field; players without a colour sit out.
            guard uncoloured.allSatisfy({ legal($0, 0) }) else { return nil }
            for s in 0..<n where masks.reduce(0, { $0 + ($1 & (1 << UInt64(s)) != 0 ? 1 : 0) }) != a.fieldSize { return nil }
            return space.plan(masks: masks, keepers: [:], keeperOnly: keeperOnly)
        }
        guard space.keeperColumns else {
            // The keeper may change inside a period: the players without a colour sit out, a coloured
            // player keeps goal in each segment (the position assignment picks who).
            guard uncoloured.allSatisfy({ legal($0, 0) }) else { return nil }
            return space.plan(masks: masks, keepers: [:], keeperOnly: keeperOnly)
        }
        // Keeper per period: a coloured player on for the whole period, or one without a colour.
        let periods = space.periods
        var candidates: [[Int]] = []
        for r in periods {
            let segments = space.periodSegments[r]!
            let periodMask = segments.reduce(UInt64(0)) { $0 | (1 << UInt64($1)) }
            var list: [Int] = []
            for p in 0..<a.playerCount where classOf[p] != nil && a.eligible[p].contains(keeperPosition) {
                guard space.classes[classOf[p]!].keeperPeriods.contains(r) || keeperOnly.contains(p) else { continue }
                if keeperOnly.contains(p) {
                    if space.keeperPeriods(p).contains(r) || space.classes[classOf[p]!].keeperPeriods.contains(r) { list.append(p) }
                } else if masks[p] & periodMask == periodMask {
                    list.append(p)
                }
            }
            // Keeper-only players first, then those who prefer goal.
            list.sort {
                (a.eligible[$0].count, a.preferred[$0] == keeperPosition ? 0 : 1, $0) < (
                    a.eligible[$1].count, a.preferred[$1] == keeperPosition ? 0 : 1, $1
                )
            }
            if list.isEmpty { return nil }
            candidates.append(list)
        }
        var keepers: [Int: Int] = [:]
        var result: LineupPlan? = nil
        var tried = 0
        func pick(_ i: Int) {
            if result != nil || tried > 2_000 { return }
            if i == periods.count {
                tried += 1
                var full = masks
                for (r, p) in keepers where keeperOnly.contains(p) {
                    for s in space.periodSegments[r]! { full[p] |= 1 << UInt64(s) }
                }
                for p in keeperOnly where !legal(p, full[p]) { return }
                for s in 0..<n {
                    let bit = UInt64(1) << UInt64(s)
                    if full.reduce(0, { $0 + ($1 & bit != 0 ? 1 : 0) }) != a.fieldSize { return }
                }
                result = space.plan(masks: full, keepers: keepers, keeperOnly: keeperOnly)
                return
            }
            for p in candidates[i] {
                // One keeper per period; a player keeps any number of periods.
                keepers[periods[i]] = p
                pick(i + 1)
                if result != nil { return }
            }
            keepers.removeValue(forKey: periods[i])
        }
        pick(0)
        return result
    }
}
