/// Greedy lineups: segment by segment, the players with the fewest minutes so far go on (within the window
/// rules; the free rotation then swaps in stronger players while the field is below a strength floor), positions by bipartite matching with first-listed positions preferred, then moved where the position
/// rules ask (`repairPositions`). One routine per mode; each result is checked by the verifier and dropped when
/// it breaks a rule.
enum LineupGreedy {
    /// A legal plan for the instance's mode, or nil.
    /// `seconds`: the time the plan may take (the colour search is the only part that can take long).
    /// `space`: the pattern space the caller has already enumerated (with its checked colour schedules), so the
    /// colour search does not list them again.
    /// `repairMoves`: the pattern repair's budget (``LineupPatternRepair/search(moves:sample:restartEvery:)``) when
    /// the rotation finds nothing: the greedy's own answer searches longer than a warm start for an exact engine,
    /// whose search finds plans of its own.
    /// `searches`: false gives the constructions alone (a few milliseconds), without the pattern repair and the
    /// colour search that follow them when they find no plan; `constructions`: false skips the constructions (a
    /// caller whose own call with `searches: false` found nothing).
    static func plan(
        _ analysis: LineupAnalysis, seconds: Double? = nil, space prepared: LineupPatternSpace? = nil, repairMoves: Int = 20_000,
        searches: Bool = true, constructions: Bool = true
    ) -> LineupPlan? {
        let started = ContinuousClock.now
        var candidates: [LineupPlan] = []
        if constructions {
            switch analysis.instance.mode {
            case .balanced, .preMarked: candidates = (0...3).compactMap { rotation(analysis, lenient: false, benchWeight: $0) }
            case .turnBased: candidates = turnBased(analysis)
            case .colourGroups: candidates = colourGroups(analysis)
            }
        }
        /// The plan with its positions mended (`repairPositions`) and, where the keeper minute rules are broken,
        /// its keepers chosen again (`repairKeepers`): no construction knows those rules.
        func finish(_ plan: LineupPlan) -> LineupPlan {
            let mended = repairPositions(analysis, plan)
            guard analysis.keeperMinuteRules != nil, !LineupVerifier.check(analysis.instance, analysis.solution(mended)).isLegal,
                let kept = repairKeepers(analysis, mended)
            else { return mended }
            return repairPositions(analysis, kept)
        }
        /// The plan when it keeps every rule (the colour search does not know the `together` and `apart` groups;
        /// no routine knows the position rules before `repairPositions`).
        func legal(_ plan: LineupPlan?) -> LineupPlan? {
            guard let plan = plan.map(finish) else { return nil }
            let findings = LineupVerifier.check(analysis.instance, analysis.solution(plan))
            return findings.structural.isEmpty && findings.broken.isEmpty ? plan : nil
        }
        var best: (plan: LineupPlan, objective: LineupObjective)? = nil
        for plan in candidates.map(finish) {
            let solution = analysis.solution(plan)
            let findings = LineupVerifier.check(analysis.instance, solution)
            guard findings.structural.isEmpty && findings.broken.isEmpty else { continue }
            let objective = LineupVerifier.objective(analysis.instance, solution)
            if best == nil || LineupKind.isBetter(objective, than: best!.objective) { best = (plan, objective) }
        }
        if !searches { return best?.plan }
        if best == nil, analysis.instance.mode == .balanced || analysis.instance.mode == .preMarked {
            // The rotation is myopic: on squads it cannot fill, search over the players' legal patterns.
            if let space = analysis.enumeratedPatterns(), var repair = LineupPatternRepair(space),
                let plan = repair.search(moves: repairMoves).map(finish)
            {
                let solution = analysis.solution(plan)
                let findings = LineupVerifier.check(analysis.instance, solution)
                if findings.structural.isEmpty && findings.broken.isEmpty { return plan }
            }
        }
        if best == nil, analysis.instance.mode == .colourGroups {
            // Big squads: the colour structure decides; search the colour schedules instead.
            let budget = min(colourSearchSeconds, max(0.01, (seconds ?? colourSearchSeconds) - (ContinuousClock.now - started).inSeconds))
            if let prepared, let schedules = prepared.colourSchedules {
                var search = LineupColourSearch(prepared, seconds: budget)
                return legal(search.search(schedules: schedules))
            }
            let deadline = started.advanced(by: .nanoseconds(Int64(budget * 1e9)))
            if let space = analysis.enumeratedPatterns() {
                var search = LineupColourSearch(space, seconds: budget)
                if let schedules = space.colourScheduleList(
                    limit: colourSearchSchedules, partial: true, accept: { search.quickCheck($0) }, periodTotals: true,
                    prune: { search.prefixCheck(masks: $0, sizes: $1, segment: $2) }, deadline: deadline),
                    let plan = legal(search.search(schedules: schedules))
                {
                    return plan
                }
            }
        }
        return best?.plan
    }

    /// The colour search's bounds: schedules listed per count of coloured players, and a deadline that only
    /// binds on a very slow machine (the search's node budget normally ends it first, so results repeat).
    static let colourSearchSchedules = 30_000
    static let colourSearchSeconds = 3.0

    // MARK: Positions

    /// Matches players to the formation's slots: `fixed` first, then the rest, first-listed positions
    /// preferred. Nil when not everyone fits (unless `partial`, which keeps whoever fits).
    static func positions(
        _ analysis: LineupAnalysis, players: [Int], fixed: [Int: Int] = [:], partial: Bool = false
    ) -> [Int: Int]? {
        var slotPosition: [Int] = []
        for (k, count) in analysis.slots.enumerated() { slotPosition += Array(repeating: k, count: count) }
        var holder = [Int?](repeating: nil, count: slotPosition.count)
        var assigned: [Int: Int] = [:]
        for (p, k) in fixed.sorted(by: { $0.key < $1.key }) {
            guard let slot = slotPosition.indices.first(where: { slotPosition[$0] == k && holder[$0] == nil }) else {
                if partial { continue } else { return nil }
            }
            holder[slot] = p
            assigned[p] = slot
        }
        let locked = Set(fixed.keys)
        // A player the position rules hold to one position is offered only that one.
        let only = analysis.ruleRows.only
        func choices(_ p: Int) -> [Int] { only[p].map { [$0] } ?? analysis.eligible[p] }
        func augment(_ p: Int, _ seen: inout Set<Int>) -> Bool {
            for k in choices(p) {
                for slot in slotPosition.indices where slotPosition[slot] == k && !seen.contains(slot) {
                    seen.insert(slot)
                    if let other = holder[slot] {
                        if locked.contains(other) { continue }
                        if augment(other, &seen) {
                            holder[slot] = p
                            assigned[p] = slot
                            return true
                        }
                    } else {
                        holder[slot] = p
                        assigned[p] = slot
                        return true
                    }
                }
            }
            return false
        }
        // Players with fewer options first.
        let order = players.filter { !locked.contains($0) }.sorted {
            (choices($0).count, $0) < (choices($1).count, $1)
        }
        for p in order {
            var seen = Set<Int>()
            if !augment(p, &seen) && !partial { return nil }
        }
        var result = assigned.mapValues { slotPosition[$0] }
        // Swap pairs when it puts more players in their first-listed position.
        var improved = true
        while improved {
            improved = false
            let free = result.keys.filter { !locked.contains($0) }.sorted()
            for (i, a) in free.enumerated() {
                for b in free[(i + 1)...] {
                    let (ka, kb) = (result[a]!, result[b]!)
                    guard ka != kb, choices(a).contains(kb), choices(b).contains(ka) else { continue }
                    let before = (analysis.preferred[a] == ka ? 1 : 0) + (analysis.preferred[b] == kb ? 1 : 0)
                    let after = (analysis.preferred[a] == kb ? 1 : 0) + (analysis.preferred[b] == ka ? 1 : 0)
                    if after > before {
                        result[a] = kb
                        result[b] = ka
                        improved = true
                    }
                }
            }
        }
        return result
    }

    // MARK: Balanced and pre-marked

    /// Free rotation: locks, marks, stints in progress and the keeper are kept; the rest of the field goes
    /// to the players with the fewest minutes (those about to break the bench limit first), with at most
    /// `maxChangesPerWindow` newcomers. `lenient` fills what it can and never gives up (the best-effort plan).
    static func rotation(_ analysis: LineupAnalysis, lenient: Bool, benchWeight: Int = 0) -> LineupPlan? {
        let a = analysis
        let rules = a.rules
        let count = a.playerCount
        var plan = LineupPlan(segments: a.segmentCount, players: count)
        var value = (0..<count).map { a.base[$0] + a.spreadOffset[$0] }
        var onSince = [Int?](repeating: nil, count: count)
        var benchRun = [Int](repeating: 0, count: count)
        var owed = a.minShareNeed
        let positionIndex = Dictionary(uniqueKeysWithValues: a.positions.enumerated().map { ($1, $0) })
        let sums = a.ruleRows.sums
        let weights = a.ruleRows.weights
        let paired = a.pairedPlayers
        var floors: [Int: Double] = [:]
        for row in sums { floors[row.segment] = row.lower }
        for (s, segment) in a.segments.enumerated() {
            let previous: [Int?] =
                s > 0
                ? plan.cells[s - 1]
                : (0..<count).map { p in
                    a.replan && a.wasOn[p] ? (a.instance.state?.onField[a.instance.players[p].id]).flatMap { positionIndex[$0] } : nil
                }
            var lockedOff = Set<Int>()
            var fixed: [Int: Int] = [:]
            var forced = Set<Int>()
            for (l, lock) in (a.instance.locks ?? []).enumerated() where a.lockSegments[l].contains(s) {
                guard let p = a.playerIndex[lock.player], a.canPlay[p][s] else { continue }
                if lock.holdsOnField {
                    forced.insert(p)
                    if let code = lock.position, let k = positionIndex[code], a.eligible[p].contains(k) { fixed[p] = k }
                } else {
                    lockedOff.insert(p)
                }
            }
            for p in a.marked[s] where a.canPlay[p][s] { forced.insert(p) }
            if let stint = rules.minStint, stint > 1 {
                for p in 0..<count where previous[p] != nil && a.canPlay[p][s] {
                    if let since = onSince[p], s - since < stint { forced.insert(p) }
                }
            }
            if let keeper = a.keeper {
                var staying: Int? = nil
                if rules.keeperFullPeriods == true && s > 0 && !a.startsPeriod(s) {
                    staying = (0..<count).first { previous[$0] == keeper }
                }
                if a.stayingKeeperSegments.contains(s) { staying = a.stayingKeeper }
                if let p = staying, a.canPlay[p][s] {
                    forced.insert(p)
                    fixed[p] = keeper
                }
            }
            forced.subtract(lockedOff)
            var chosen = Array(forced).sorted()
            let budget = s > 0 ? (rules.maxChangesPerWindow ?? Int.max) : Int.max
            var newcomers = chosen.filter { previous[$0] == nil }.count
            // Urgent: about to pass the bench limit, or owing more minShare minutes than are left after this one.
            let laterRegulation = (0..<count).map { p in
                ((s + 1)..<a.segmentCount).filter { a.segments[$0].start < a.regulationEnd && a.canPlay[p][$0] }
                    .reduce(0) { $0 + a.segments[$1].length }
            }
            let urgent = { (p: Int) -> Bool in
                if let limit = rules.maxConsecutiveBench, benchRun[p] >= limit { return true }
                return owed[p] > laterRegulation[p]
            }
            let candidates = (0..<count).filter { a.canPlay[$0][s] && !lockedOff.contains($0) && !forced.contains($0) }
                .sorted { p, q in
                    let kp = (urgent(p) ? 0 : 1, value[p] - benchWeight * benchRun[p] * segment.length, previous[p] != nil ? 0 : 1, p)
                    let kq = (urgent(q) ? 0 : 1, value[q] - benchWeight * benchRun[q] * segment.length, previous[q] != nil ? 0 : 1, q)
                    return kp < kq
                }
            for p in candidates where chosen.count < a.fieldSize {
                let isNew = previous[p] == nil
                if isNew && newcomers >= budget { continue }
                guard positions(a, players: chosen + [p], fixed: fixed) != nil else { continue }
                chosen.append(p)
                if isNew { newcomers += 1 }
            }
            // Strength (the sum rows of `ruleRows`): while the field is below its floor, the weakest player who
            // may leave gives way to the strongest who may come on (urgent players leave last; a player of a
            // `together` or `apart` group is never swapped, which could split or bench the group).
            if let floor = floors[s] {
                func total(_ players: [Int]) -> Double { players.reduce(0) { $0 + (weights[$1] ?? 0) } }
                var rounds = 0
                while total(chosen) < floor && rounds < count {
                    rounds += 1
                    let leaving = chosen.filter { !forced.contains($0) && !paired.contains($0) }
                        .sorted { (urgent($0) ? 1 : 0, weights[$0] ?? 0, $0) < (urgent($1) ? 1 : 0, weights[$1] ?? 0, $1) }
                    let coming = candidates.filter { !chosen.contains($0) && !paired.contains($0) }.sorted {
                        (weights[$0] ?? 0, -$0) > (weights[$1] ?? 0, -$1)
                    }
                    var swapped = false
                    search: for out in leaving {
                        for into in coming where (weights[into] ?? 0) > (weights[out] ?? 0) {
                            let change = (previous[into] == nil ? 1 : 0) - (previous[out] == nil ? 1 : 0)
                            if !lenient && newcomers + change > budget { continue }
                            let trial = chosen.filter { $0 != out } + [into]
                            guard positions(a, players: trial, fixed: fixed) != nil else { continue }
                            chosen = trial
                            newcomers += change
                            swapped = true
                            break search
                        }
                    }
                    if !swapped { break }
                }
            }
            if lenient && chosen.count < a.fieldSize {
                // Past the window budget if that is what it takes to field a team.
                for p in candidates where chosen.count < a.fieldSize && !chosen.contains(p) {
                    if positions(a, players: chosen + [p], fixed: fixed) != nil { chosen.append(p) }
                }
            }
            guard let assignment = positions(a, players: chosen, fixed: fixed, partial: lenient) else { return nil }
            if !lenient && assignment.count < a.fieldSize { return nil }
            for (p, k) in assignment { plan.cells[s][p] = k }
            for p in 0..<count {
                if plan.cells[s][p] != nil {
                    value[p] += segment.length
                    if segment.start < a.regulationEnd { owed[p] -= segment.length }
                    if previous[p] == nil { onSince[p] = s }
                    benchRun[p] = 0
                } else {
                    onSince[p] = nil
                    if a.canPlay[p][s] { benchRun[p] += 1 }
                }
            }
        }
        return plan
    }

    // MARK: Turn-based

    /// Simulates the queue for each number of changes per window (or the given one) and each keeper plan: one
    /// keeper all match, or (under `keeperFullPeriods`) a keeper per period, the one handing over going to the
    /// bench or to outfield. Returns every simulation (the caller keeps the legal ones).
    static func turnBased(_ analysis: LineupAnalysis) -> [LineupPlan] {
        let a = analysis
        let pool = a.outfieldPlayers
        let outfieldSlots = a.fieldSize - (a.keeper.map { a.slots[$0] } ?? 0)
        let choices = a.instance.turnBased?.changesPerWindow.map { [$0] } ?? Array(0...max(0, outfieldSlots))
        let schedules = keeperSchedules(a)
        // The starting order is the solver's to choose: try the squad order, then seeded shuffles of it.
        var orders: [[Int]] = [pool]
        var seed: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<(schedules.count > 2 ? 12 : 40) {
            var shuffled = pool
            for index in shuffled.indices.reversed() where index > 0 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                shuffled.swapAt(index, Int((seed >> 33) % UInt64(index + 1)))
            }
            orders.append(shuffled)
        }
        // A fixed budget of simulations keeps the greedy fast on big squads: every k and keeper plan gets its
        // share, the squad order first.
        var plans: [LineupPlan] = []
        let budget = 240
        let perPlan = max(1, budget / max(1, choices.count * schedules.count))
        for k in choices {
            for schedule in schedules {
                for order in orders.prefix(perPlan) {
                    if let plan = simulateQueue(a, changes: k, pool: order, keepers: schedule.keepers, toField: schedule.toField) {
                        plans.append(plan)
                        break
                    }
                }
            }
        }
        return plans
    }

    /// Keeper plans for the queue simulation: per period, who keeps goal, and whether a keeper who hands over
    /// goes to outfield (else to the bench). Nil keepers: no keeper in the formation.
    static func keeperSchedules(_ a: LineupAnalysis) -> [(keepers: [Int: Int]?, toField: Bool)] {
        guard let keeper = a.keeper, a.slots[keeper] > 0 else { return [(nil, false)] }
        let queueIds = Set(a.instance.turnBased?.queue ?? [])
        let periods = Array(Set(a.segments.map(\.period))).sorted()
        func candidates(_ r: Int) -> [Int] {
            let segments = a.segments.indices.filter { a.segments[$0].period == r }
            return a.instance.players.indices.filter { p in
                a.eligible[p].contains(keeper) && segments.allSatisfy { a.canPlay[p][$0] }
                    && !(r == periods.first && !a.replan && queueIds.contains(a.instance.players[p].id))
            }.sorted {
                (a.outfield[$0] ? 1 : 0, a.preferred[$0] == keeper ? 0 : 1, $0) < (a.outfield[$1] ? 1 : 0, a.preferred[$1] == keeper ? 0 : 1, $1)
            }
        }
        var schedules: [[Int: Int]] = []
        if let stays = a.stayingKeeper {
            schedules = [Dictionary(uniqueKeysWithValues: periods.map { ($0, stays) })]
        } else {
            for p in candidates(periods.first ?? 1) { schedules.append(Dictionary(uniqueKeysWithValues: periods.map { ($0, p) })) }
        }
        if a.rules.keeperFullPeriods == true && periods.count > 1 {
            // Hand-overs at period starts: each period's keeper from that period's candidates (at most 24 plans).
            var partial: [[Int: Int]] = [[:]]
            for r in periods {
                let options = r == periods.first && a.stayingKeeper != nil ? [a.stayingKeeper!] : Array(candidates(r).prefix(3))
                partial = partial.flatMap { plan in
                    options.map {
                        var next = plan; next[r] = $0; return next
                    }
                }
                if partial.count > 24 { partial = Array(partial.prefix(24)) }
            }
            for plan in partial where Set(plan.values).count > 1 { schedules.append(plan) }
        }
        return schedules.flatMap { plan in
            Set(plan.values).count > 1 ? [(Optional(plan), true), (Optional(plan), false)] : [(Optional(plan), false)]
        }
    }

    static func simulateQueue(_ a: LineupAnalysis, changes k: Int, pool: [Int], keepers: [Int: Int]?, toField: Bool) -> LineupPlan? {
        let count = a.playerCount
        let queueIds = a.instance.turnBased?.queue ?? []
        var plan = LineupPlan(segments: a.segmentCount, players: count)
        let inPool = Set(pool)
        func keeperAt(_ s: Int) -> Int? { keepers?[a.segments[s].period] }
        if a.keeper != nil && keepers == nil { return nil }
        let outfieldSlots = a.fieldSize - (a.keeper.map { a.slots[$0] } ?? 0)
        let firstKeeper = a.segmentCount > 0 ? keeperAt(0) : nil
        let present0 = pool.filter { a.canPlay[$0][0] && $0 != firstKeeper }
        var bench: [Int] = queueIds.compactMap { a.playerIndex[$0] }.filter { present0.contains($0) }
        var field: [Int] = []
        let rest = present0.filter { !bench.contains($0) }
        let startersFirst = a.replan ? rest.sorted { (a.wasOn[$0] ? 0 : 1, $0) < (a.wasOn[$1] ? 0 : 1, $1) } : rest
        for p in startersFirst {
            if field.count < outfieldSlots { field.append(p) } else { bench.append(p) }
        }
        guard field.count == outfieldSlots else { return nil }
        var onSince = [Int](repeating: 0, count: count)
        for s in 0..<a.segmentCount {
            let keeperNow = keeperAt(s)
            if s > 0 {
                var leaving = k
                let keeperBefore = keeperAt(s - 1)
                if let old = keeperBefore, let new = keeperNow, old != new {
                    // The new keeper leaves the queue (bench or field); the old one joins it.
                    if let index = field.firstIndex(of: new) {
                        field.remove(at: index)
                        leaving -= 1
                    }
                    bench.removeAll { $0 == new }
                    if inPool.contains(old) {
                        if toField {
                            field.append(old)
                            leaving += 1
                        }
                    }
                }
                guard bench.count >= k, leaving >= 0, leaving <= field.count else { return nil }
                let comers = Array(bench.prefix(k))
                bench.removeFirst(k)
                // The longest on go off; among those tied at the cut, pick a set that keeps the formation.
                field = field.enumerated().sorted { (onSince[$0.element], $0.offset) < (onSince[$1.element], $1.offset) }.map(\.element)
                let cut = leaving > 0 ? onSince[field[leaving - 1]] : Int.min
                let sure = field.filter { onSince[$0] < cut }
                let tied = field.filter { onSince[$0] == cut }
                var goers = sure + tied.prefix(max(0, leaving - sure.count))
                if leaving > sure.count {
                    for choice in combinations(tied, leaving - sure.count).prefix(40) {
                        let stay = field.filter { !sure.contains($0) && !choice.contains($0) } + comers
                        var fixed: [Int: Int] = [:]
                        if let keeperNow, let keeper = a.keeper { fixed[keeperNow] = keeper }
                        if positions(a, players: stay + Array(fixed.keys), fixed: fixed) != nil {
                            goers = sure + choice
                            break
                        }
                    }
                }
                field = field.filter { !goers.contains($0) } + comers
                for p in comers { onSince[p] = s }
                let arrivals = pool.filter { a.canPlay[$0][s] && !a.canPlay[$0][s - 1] && $0 != keeperNow }
                bench += arrivals + goers
                if let old = keeperBefore, let new = keeperNow, old != new, inPool.contains(old), !toField { bench.append(old) }
                if let new = keeperNow, keeperBefore != new, !(s > 0 && plan.isOn(new, s - 1)) { onSince[new] = s }
            }
            var fixed: [Int: Int] = [:]
            if let keeperNow, let keeper = a.keeper { fixed[keeperNow] = keeper }
            let lineup = field + (keeperNow.map { [$0] } ?? [])
            guard let assignment = positions(a, players: lineup, fixed: fixed), assignment.count == a.fieldSize else { return nil }
            for (p, position) in assignment { plan.cells[s][p] = position }
        }
        return plan
    }

    // MARK: Colour groups

    /// Deals the outfield players round-robin into the colours (sorted by position, so each group gets a
    /// mix), then puts on, segment by segment, the groups with the fewest minutes that fill the outfield.
    static func colourGroups(_ analysis: LineupAnalysis) -> [LineupPlan] {
        let a = analysis
        let colours = a.instance.colourGroups?.colours ?? []
        guard !colours.isEmpty else { return [] }
        let fixedColours = a.instance.colourGroups?.assignment ?? [:]
        let count = a.playerCount
        let outfieldSlots = a.fieldSize - (a.keeper.map { a.slots[$0] } ?? 0)
        let pool = a.outfieldPlayers
        /// Keeper plans: who keeps goal first, and the keepers who take no colour, rotated period by period
        /// (fewest minutes first) when there are several: the keeper-only players, then with each of up to three
        /// players who also play outfield staying uncoloured to share goal with them.
        var variants: [(keeper: Int?, rotation: [Int])] = [(nil, [])]
        if let keeper = a.keeper {
            let options = (0..<count).filter {
                a.canPlay[$0].allSatisfy { $0 } && a.eligible[$0].contains(keeper) && fixedColours[a.instance.players[$0].id] == nil
            }
            guard let first = a.stayingKeeper ?? options.first(where: { !pool.contains($0) }) ?? options.first else { return [] }
            let onlyKeepers = a.stayingKeeper == nil ? options.filter { !pool.contains($0) } : []
            variants = [(first, onlyKeepers)]
            if a.stayingKeeper == nil {
                for extra in options.filter({ pool.contains($0) }).prefix(3) {
                    let rotation = onlyKeepers + [extra]
                    variants.append((rotation.first, rotation))
                }
            }
        }
        var results: [LineupPlan] = []
        for variant in variants {
            var keeperPlayer = variant.keeper
            let keeperRotation = variant.rotation
            let coloured = pool.filter { $0 != keeperPlayer && !keeperRotation.contains($0) }
            var sizesTried = 0
            for size in stride(from: coloured.count, through: max(colours.count, 1), by: -1) {
                let members = Array(coloured.sorted { (a.preferred[$0] ?? 99, $0) < (a.preferred[$1] ?? 99, $1) }.prefix(size))
                var colourOf = [Int?](repeating: nil, count: count)
                var sizes = [Int](repeating: 0, count: colours.count)
                for p in members {
                    if let wanted = fixedColours[a.instance.players[p].id], let c = colours.firstIndex(of: wanted) {
                        colourOf[p] = c
                        sizes[c] += 1
                    }
                }
                for p in members where colourOf[p] == nil {
                    let c = sizes.indices.min { (sizes[$0], $0) < (sizes[$1], $1) }!
                    colourOf[p] = c
                    sizes[c] += 1
                }
                let subsets = (1..<(1 << colours.count)).filter { mask in
                    colours.indices.filter { mask & (1 << $0) != 0 }.reduce(0) { $0 + sizes[$1] } == outfieldSlots
                }
                guard !subsets.isEmpty else { continue }
                sizesTried += 1
                var plan = LineupPlan(segments: a.segmentCount, players: count)
                plan.colour = colourOf
                var value = (0..<count).map { a.base[$0] + a.spreadOffset[$0] }
                var previousMask = -1
                var ok = true
                for (s, segment) in a.segments.enumerated() {
                    if keeperRotation.count > 1 && (s == 0 || a.startsPeriod(s)) {
                        keeperPlayer = keeperRotation.min { (value[$0], $0) < (value[$1], $1) }
                    }
                    func load(_ mask: Int) -> Int {
                        (0..<count).filter { colourOf[$0].map { mask & (1 << $0) != 0 } ?? false }.reduce(0) { $0 + value[$1] }
                    }
                    let ordered = subsets.sorted { (load($0), $0 == previousMask ? 0 : 1, $0) < (load($1), $1 == previousMask ? 0 : 1, $1) }
                    var placed = false
                    for mask in ordered {
                        let on = (0..<count).filter { a.canPlay[$0][s] && (colourOf[$0].map { mask & (1 << $0) != 0 } ?? false) }
                        var fixed: [Int: Int] = [:]
                        if let keeperPlayer, let keeper = a.keeper { fixed[keeperPlayer] = keeper }
                        guard let assignment = positions(a, players: on + Array(fixed.keys), fixed: fixed),
                            assignment.count == a.fieldSize
                        else { continue }
                        for (p, position) in assignment { plan.cells[s][p] = position }
                        for p in assignment.keys { value[p] += segment.length }
                        previousMask = mask
                        placed = true
                        break
                    }
                    if !placed { ok = false; break }
                }
                if ok { results.append(plan) }
                if sizesTried >= 3 { break }
            }
        }
        return results
    }
}

/// The subsets of `items` of the given size, in lexicographic order of positions.
func combinations<T>(_ items: [T], _ size: Int) -> [[T]] {
    guard size > 0 else { return [[]] }
    guard items.count >= size else { return [] }
    var result: [[T]] = []
    for (index, first) in items.enumerated() {
        for rest in combinations(Array(items[(index + 1)...]), size - 1) { result.append([first] + rest) }
        if result.count > 2_000 { break }
    }
    return result
}
