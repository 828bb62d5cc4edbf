import TouchlineMILP

/// Builds the lineup MILP. `x[p,s,k]` = player p plays position k in segment s. Every other variable is
/// defined from the plan by a rule kept next to it, so a greedy plan can be encoded as a warm start.
///
/// In `relaxed` form (the best-effort plan of an infeasible instance) the soft rules may be broken, and four
/// objective levels come before the contract's, in this order: the empty formation slots (slot-segments), the
/// largest shortfall of one player's minutes against `minShare` or `minMinutes` (so nobody sits out when an
/// even share fits), the total of those shortfalls, then the number of other rules broken (`maxMinutes`,
/// `maxConsecutiveBench`, `minStint`, locks, pre-marks, keeper rules), each with a break variable.
struct LineupModelBuilder {
    let analysis: LineupAnalysis
    let relaxed: Bool
    var model = Model(name: "lineup")
    /// x[s][p] = [(position, variable)].
    var x: [[[(position: Int, variable: Variable)]]] = []
    /// How every variable follows from a plan, for the warm start.
    var start = StartRecipe<LineupPlan>()
    var colourVariables: [[Variable?]] = []
    var breaks = LinearExpression()
    /// Relaxed form: empty formation slots, and per player and minutes rule the minutes short (with the
    /// largest of them).
    var emptySlots = LinearExpression()
    var shortfalls: [Variable] = []
    var shortfallValues: [@Sendable (LineupPlan) -> Int] = []
    /// One match of a tournament day, built into the day's model (``LineupDayModel``): no objective of its own
    /// (the day's spread counts the day's minutes; its substitutions and positions are summed over the matches,
    /// from ``substitutionsExpression`` and ``offPreferredExpression``), and no ordering of interchangeable
    /// players by this match's minutes, which could cut off the day's optimum.
    let dayPart: Bool
    var substitutionsExpression = LinearExpression()
    var offPreferredExpression = LinearExpression()

    init(_ analysis: LineupAnalysis, relaxed: Bool, dayPart: Bool = false, model: Model? = nil) {
        self.analysis = analysis
        self.relaxed = relaxed
        self.dayPart = dayPart
        if let model { self.model = model }
    }

    var segmentCount: Int { analysis.segmentCount }
    var players: Range<Int> { 0..<analysis.playerCount }

    mutating func define(_ variable: Variable, _ value: @escaping @Sendable (LineupPlan) -> Double) {
        start.set(variable, value)
    }

    func on(_ p: Int, _ s: Int) -> LinearExpression { sum(x[s][p].map(\.variable)) }
    func outfield(_ p: Int, _ s: Int) -> LinearExpression {
        sum(x[s][p].filter { $0.position != analysis.keeper }.map(\.variable))
    }
    func at(_ p: Int, _ s: Int, _ position: Int) -> Variable? { x[s][p].first { $0.position == position }?.variable }

    /// A break variable of the relaxed model (counted in the first level); nil in the strict model.
    mutating func breakVariable(_ name: String, _ value: @escaping @Sendable (LineupPlan) -> Double) -> Variable? {
        guard relaxed else { return nil }
        let variable = model.addBinary("break[\(name)]")
        define(variable, value)
        breaks += variable
        return variable
    }

    /// Minutes a player is short of a minutes rule in the relaxed model (in its shortfall levels); nil in the
    /// strict model.
    mutating func shortfallVariable(_ name: String, upper: Int, _ value: @escaping @Sendable (LineupPlan) -> Int) -> Variable? {
        guard relaxed else { return nil }
        let variable = model.addInteger("short[\(name)]", lower: 0, upper: Double(upper))
        define(variable) { Double(value($0)) }
        shortfalls.append(variable)
        shortfallValues.append(value)
        return variable
    }

    mutating func build() {
        let a = analysis
        let ids = a.instance.players.map(\.id)
        for (s, _) in a.segments.enumerated() {
            x.append(
                players.map { p in
                    guard a.canPlay[p][s] else { return [] }
                    return a.eligible[p].map { k in
                        let variable = model.addBinary("x[\(ids[p]),\(a.segments[s].start),\(a.positions[k])]")
                        define(variable) { $0.cells[s][p] == k ? 1 : 0 }
                        return (k, variable)
                    }
                })
        }
        for s in a.segments.indices {
            for p in players where x[s][p].count > 1 {
                model.add(on(p, s) <= 1, name: "one_position[\(ids[p]),\(a.segments[s].start)]")
            }
            for (k, count) in a.slots.enumerated() {
                let filled = sum(players.map { at($0, s, k) })
                if relaxed {
                    let short = model.addInteger("short[\(a.segments[s].start),\(a.positions[k])]", lower: 0, upper: Double(count))
                    define(short) { plan in Double(count - plan.cells[s].filter { $0 == k }.count) }
                    emptySlots += short
                    model.add(filled + short == Double(count), name: "formation[\(a.segments[s].start),\(a.positions[k])]")
                } else {
                    model.add(filled == Double(count), name: "formation[\(a.segments[s].start),\(a.positions[k])]")
                }
            }
        }
        addMinutesRules()
        addBenchAndStintRules()
        addKeeperRules()
        addRuleRows()
        addLocksAndMarks()
        switch a.instance.mode {
        case .turnBased: addQueue()
        case .colourGroups: addColourGroups()
        case .balanced, .preMarked: break
        }
        if !dayPart { addSymmetryBreaking() }
        addObjectives()
    }

    /// Whole-match minutes of a player as an expression.
    func minutes(_ p: Int) -> LinearExpression {
        var expression = LinearExpression(Double(analysis.base[p]))
        for (s, segment) in analysis.segments.enumerated() { expression.add(on(p, s), scale: Double(segment.length)) }
        return expression
    }

    mutating func addMinutesRules() {
        let a = analysis
        let ids = a.instance.players.map(\.id)
        for p in players {
            let need = a.minShareNeed[p]
            if need > 0 {
                var regulation = LinearExpression()
                for (s, segment) in a.segments.enumerated() where segment.start < a.regulationEnd {
                    regulation.add(on(p, s), scale: Double(segment.length))
                }
                let shortfall = shortfallVariable("minShare,\(ids[p])", upper: need) { plan in
                    let played = a.segments.indices.filter { a.segments[$0].start < a.regulationEnd && plan.isOn(p, $0) }
                        .reduce(0) { $0 + a.segments[$1].length }
                    return max(0, need - played)
                }
                model.add((shortfall.map { regulation + $0 } ?? regulation) >= Double(need), name: "min_share[\(ids[p])]")
            }
            let total = minutes(p)
            if let low = a.minMinutes[p], low > 0 {
                let slack = shortfallVariable("minMinutes,\(ids[p])", upper: low) { plan in max(0, low - a.minutes(of: p, in: plan)) }
                model.add((slack.map { total + $0 } ?? total) >= Double(low), name: "min_minutes[\(ids[p])]")
            }
            if let high = a.maxMinutes[p], high < a.base[p] + a.segments.reduce(0, { $0 + $1.length }) {
                let slack = breakVariable("maxMinutes,\(ids[p])") { plan in a.minutes(of: p, in: plan) > high ? 1 : 0 }
                let room = Double(a.matchEnd)
                model.add((slack.map { total - room * $0 } ?? total) <= Double(high), name: "max_minutes[\(ids[p])]")
            }
        }
    }

    /// Coming-on expressions: `comesOn[p][s]` ≥ (on at s) − (on before s), with the starters at kick-off and
    /// the re-plan boundary handled exactly.
    var comesOn: [[LinearExpression]] = []

    mutating func addBenchAndStintRules() {
        let a = analysis
        let rules = a.rules
        let ids = a.instance.players.map(\.id)
        comesOn = players.map { _ in [] }
        for p in players {
            for s in a.segments.indices {
                if s == 0 {
                    // Kick-off: every starter comes on (for minStint); re-plan: those not on before.
                    comesOn[p].append(a.replan && a.wasOn[p] ? LinearExpression() : on(p, 0))
                    continue
                }
                guard !x[s][p].isEmpty else {
                    comesOn[p].append(LinearExpression())
                    continue
                }
                let variable = model.addVariable("in[\(ids[p]),\(a.segments[s].start)]", lower: 0, upper: 1)
                define(variable) { plan in plan.isOn(p, s) && !plan.isOn(p, s - 1) ? 1 : 0 }
                model.add(LinearExpression(variable) >= on(p, s) - on(p, s - 1), name: "in[\(ids[p]),\(a.segments[s].start)]")
                comesOn[p].append(LinearExpression(variable))
            }
        }
        if let limit = rules.maxChangesPerWindow {
            // Every window after kick-off; the live re-plan boundary (segment 0) allows any change.
            for s in a.segments.indices where s > 0 {
                let slack = breakVariable("changes,\(a.segments[s].start)") { plan in
                    a.instance.players.indices.filter { plan.isOn($0, s) && !plan.isOn($0, s - 1) }.count > limit ? 1 : 0
                }
                let room = Double(a.fieldSize)
                let changes = sum(players.map { comesOn[$0][s] })
                model.add((slack.map { changes - room * $0 } ?? changes) <= Double(limit), name: "max_changes[\(a.segments[s].start)]")
            }
        }
        // Pairs: a break variable per group, as the verifier has one finding per group.
        for (g, group) in a.togetherGroups.enumerated() {
            let slack = breakVariable("together,\(g)") { plan in
                a.segments.indices.contains { s in Set(group.map { plan.isOn($0, s) }).count > 1 } ? 1 : 0
            }
            for p in group.dropFirst() {
                for s in a.segments.indices where a.canPlay[p][s] || a.canPlay[group[0]][s] {
                    let difference = on(p, s) - on(group[0], s)
                    if let slack {
                        model.add(difference - slack <= 0, name: "together[\(g),\(ids[p]),\(s)]")
                        model.add(difference + slack >= 0, name: "together_[\(g),\(ids[p]),\(s)]")
                    } else {
                        model.add(difference == 0, name: "together[\(g),\(ids[p]),\(s)]")
                    }
                }
            }
        }
        for (g, group) in a.apartGroups.enumerated() {
            let slack = breakVariable("apart,\(g)") { plan in
                group.segments.contains { s in !group.members.contains { plan.isOn($0, s) } } ? 1 : 0
            }
            for s in group.segments {
                let playing = sum(group.members.map { on($0, s) })
                model.add((slack.map { playing + $0 } ?? playing) >= 1, name: "apart[\(g),\(s)]")
            }
        }
        if let limit = rules.maxConsecutiveBench, limit >= 0 {
            for p in players where a.instance.players[p].isAvailable {
                let present = a.segments.indices.filter { a.canPlay[p][$0] }
                guard present.count > limit else { continue }
                let slack = breakVariable("bench,\(ids[p])") { plan in
                    var run = 0
                    for s in present { run = plan.isOn(p, s) ? 0 : run + 1; if run > limit { return 1 } }
                    return 0
                }
                for start in 0...(present.count - limit - 1) {
                    let window = present[start...(start + limit)]
                    let played = sum(window.map { on(p, $0) })
                    model.add((slack.map { played + $0 } ?? played) >= 1, name: "bench[\(ids[p]),\(a.segments[window.first!].start)]")
                }
            }
        }
        // Valid bounds on entries (the LP alone lets every player sit fractionally on the field all match):
        // a player who must play and does not start comes on at least once; with a bench limit b, the bench
        // segments fall into at least bench/b runs, each but a last one ended by an entry. Both follow from the
        // rules kept, so the relaxed model (where those rules may break) has neither.
        for p in players where !relaxed && a.instance.players[p].isAvailable && (a.minShareNeed[p] > 0 || (a.minMinutes[p] ?? 0) > a.base[p]) {
            let present = a.segments.indices.filter { a.canPlay[p][$0] }
            guard !present.isEmpty else { continue }
            let entries = sum(present.filter { $0 > 0 || a.replan }.map { comesOn[p][$0] })
            if a.replan {
                if !a.wasOn[p] { model.add(entries >= 1, name: "must_enter[\(ids[p])]") }
            } else if present.first == 0 {
                model.add(entries >= 1 - on(p, 0), name: "must_enter[\(ids[p])]")
            } else {
                model.add(entries >= 1, name: "must_enter[\(ids[p])]")
            }
            if let limit = rules.maxConsecutiveBench, limit >= 1 {
                let benched = Double(present.count) - sum(present.map { on(p, $0) })
                model.add(entries >= (1.0 / Double(limit)) * benched - 1, name: "bench_runs[\(ids[p])]")
            }
        }
        if let stint = rules.minStint, stint > 1 {
            for p in players {
                let slack = breakVariable("stint,\(ids[p])") { plan in
                    for s in a.segments.indices where a.comesOn(p, s, plan) {
                        if (s..<min(s + stint, a.segmentCount)).contains(where: { !plan.isOn(p, $0) }) { return 1 }
                    }
                    return 0
                }
                for s in a.segments.indices where !comesOn[p][s].terms.isEmpty {
                    for t in (s + 1)..<min(s + stint, a.segmentCount) {
                        let stays = on(p, t)
                        model.add(
                            (slack.map { stays + $0 } ?? stays) >= comesOn[p][s],
                            name: "stint[\(ids[p]),\(a.segments[s].start),\(a.segments[t].start)]")
                    }
                }
            }
        }
    }

    /// The rule rows (``LineupRuleRows``) on the `x` columns, each rule of each player relaxed by one break
    /// variable in the relaxed model (broken when one of its rows does not hold on the plan).
    mutating func addRuleRows() {
        let rules = analysis.ruleRows
        guard !rules.isEmpty else { return }
        let ids = analysis.instance.players.map(\.id)
        var flags: [Variable] = []
        for (f, flag) in rules.flags.enumerated() {
            let variable = model.addBinary(flag.name)
            define(variable) { plan in rules.flags[f].value(plan) ? 1 : 0 }
            flags.append(variable)
        }
        var slacks: [String: Variable?] = [:]
        for row in rules.rows {
            let key = "\(row.rule),\(ids[row.player])"
            if slacks[key] == nil {
                let mine = rules.rows.filter { $0.rule == row.rule && $0.player == row.player }
                slacks[key] = .some(breakVariable(key) { plan in mine.allSatisfy { rules.holds($0, plan) } ? 0 : 1 })
            }
            var expression = LinearExpression()
            for (term, coefficient) in row.terms {
                switch term {
                case .at(let p, let s, let q): if let column = at(p, s, q) { expression.add(column, coefficient: coefficient) }
                case .on(let p, let s): expression.add(on(p, s), scale: coefficient)
                case .flag(let f): expression.add(flags[f], coefficient: coefficient)
                }
            }
            let slack = slacks[key]!
            let reach = rules.reach(row)
            if let lower = row.lower { model.add((slack.map { expression + reach * $0 } ?? expression) >= lower, name: row.name) }
            if let upper = row.upper { model.add((slack.map { expression - reach * $0 } ?? expression) <= upper, name: row.name) }
        }
        guard !rules.sums.isEmpty else { return }
        let sums = rules.sums
        let slack = breakVariable("strength") { plan in sums.allSatisfy { rules.holds($0, plan) } ? 0 : 1 }
        for row in sums {
            var expression = LinearExpression()
            for (p, coefficient) in row.terms { expression.add(on(p, row.segment), scale: coefficient) }
            model.add((slack.map { expression + row.lower * $0 } ?? expression) >= row.lower, name: row.name)
        }
    }

    mutating func addKeeperRules() {
        let a = analysis
        guard let keeper = a.keeper else { return }
        let ids = a.instance.players.map(\.id)
        if a.rules.keeperFullPeriods == true {
            for s in a.segments.indices.dropFirst() where a.segments[s].period == a.segments[s - 1].period {
                for p in players {
                    let now = at(p, s, keeper).map { LinearExpression($0) } ?? LinearExpression()
                    let before = at(p, s - 1, keeper).map { LinearExpression($0) } ?? LinearExpression()
                    guard !now.terms.isEmpty || !before.terms.isEmpty else { continue }
                    model.add(now == before, name: "keeper_period[\(ids[p]),\(a.segments[s].start)]")
                }
            }
        }
        if let rules = a.keeperMinuteRules {
            for p in rules.players {
                let length = a.segments.map { Double($0.end - $0.start) }
                let inGoal = a.segments.indices.compactMap { s in at(p, s, keeper).map { (s, $0) } }
                if let cap = rules.cap {
                    let slack = breakVariable("keeperMaxShare,\(ids[p])") { plan in
                        let minutes = a.segments.indices.filter { a.segments[$0].start < a.regulationEnd && plan.cells[$0][p] == keeper }
                            .reduce(rules.before[p]) { $0 + a.segments[$1].end - a.segments[$1].start }
                        return minutes > cap ? 1 : 0
                    }
                    var minutes = LinearExpression()
                    for (s, variable) in inGoal where a.segments[s].start < a.regulationEnd { minutes.add(variable, coefficient: length[s]) }
                    let room = Double(a.regulationEnd)
                    model.add((slack.map { minutes - room * $0 } ?? minutes) <= Double(cap - rules.before[p]), name: "keeper_max[\(ids[p])]")
                }
                if rules.minOutfield > 0 {
                    // keeps = 1 when p keeps goal at all; then outfield minutes (before and planned) reach the least.
                    let keeps = model.addBinary("keeps[\(ids[p])]")
                    let before = rules.before[p]
                    define(keeps) { plan in before > 0 || a.segments.indices.contains { plan.cells[$0][p] == keeper } ? 1 : 0 }
                    if before > 0 { model.add(LinearExpression(keeps) >= 1, name: "kept[\(ids[p])]") }
                    for (s, variable) in inGoal {
                        model.add(LinearExpression(keeps) - LinearExpression(variable) >= 0, name: "keeps[\(ids[p]),\(s)]")
                    }
                    let least = rules.minOutfield
                    let outfieldBefore = rules.outfieldBefore[p]
                    let slack = breakVariable("keeperMinOutfieldMinutes,\(ids[p])") { plan in
                        let kept = before > 0 || a.segments.indices.contains { plan.cells[$0][p] == keeper }
                        let outfield = a.segments.indices.filter { plan.cells[$0][p] != nil && plan.cells[$0][p] != keeper }
                            .reduce(outfieldBefore) { $0 + a.segments[$1].end - a.segments[$1].start }
                        return kept && outfield < least ? 1 : 0
                    }
                    var outfieldMinutes = LinearExpression()
                    for s in a.segments.indices { outfieldMinutes.add(outfield(p, s), scale: length[s]) }
                    let row = outfieldMinutes - Double(least) * LinearExpression(keeps)
                    model.add((slack.map { row + Double(least) * $0 } ?? row) >= Double(-outfieldBefore), name: "keeper_outfield[\(ids[p])]")
                }
                if rules.needTurn.contains(p) {
                    let slack = breakVariable("keeperTurns,\(ids[p])") { plan in
                        a.segments.indices.contains { plan.cells[$0][p] == keeper } ? 0 : 1
                    }
                    let turns = sum(inGoal.map(\.1))
                    model.add((slack.map { turns + $0 } ?? turns) >= 1, name: "keeper_turn[\(ids[p])]")
                }
            }
        }
        if let stays = a.stayingKeeper {
            for s in a.stayingKeeperSegments {
                let inGoal = at(stays, s, keeper).map { LinearExpression($0) } ?? LinearExpression()
                model.add(inGoal == 1, name: "keeper_stays[\(ids[stays]),\(a.segments[s].start)]")
            }
        }
    }

    mutating func addLocksAndMarks() {
        let a = analysis
        let positionIndex = Dictionary(uniqueKeysWithValues: a.positions.enumerated().map { ($1, $0) })
        for (l, lock) in (a.instance.locks ?? []).enumerated() {
            guard let p = a.playerIndex[lock.player] else { continue }
            let covered = a.lockSegments[l]
            guard !covered.isEmpty else { continue }
            let wantsOn = lock.holdsOnField
            let position = lock.position.flatMap { positionIndex[$0] }
            let slack = breakVariable("lock,\(l)") { plan in
                covered.contains { s in
                    wantsOn ? (plan.cells[s][p] == nil || (position != nil && plan.cells[s][p] != position)) : plan.isOn(p, s)
                } ? 1 : 0
            }
            for s in covered {
                let name = "lock[\(l),\(a.segments[s].start)]"
                if wantsOn {
                    let held = position.map { k in at(p, s, k).map { LinearExpression($0) } ?? LinearExpression() } ?? on(p, s)
                    model.add((slack.map { held + $0 } ?? held) >= 1, name: name)
                } else {
                    model.add((slack.map { on(p, s) - $0 } ?? on(p, s)) <= 0, name: name)
                }
            }
        }
        for marks in a.instance.preMarked?.periods ?? [] where a.instance.mode == .preMarked {
            let covered = a.segments.indices.filter { a.segments[$0].period == marks.period }
            for id in marks.active {
                guard let p = a.playerIndex[id], !covered.isEmpty else { continue }
                let slack = breakVariable("mark,\(marks.period),\(id)") { plan in covered.contains { !plan.isOn(p, $0) } ? 1 : 0 }
                for s in covered {
                    model.add((slack.map { on(p, s) + $0 } ?? on(p, s)) >= 1, name: "mark[\(id),\(a.segments[s].start)]")
                }
            }
        }
    }

    /// Turn-based: `L[p,s]` is the segment of p's last change between bench and field (the initial bench in
    /// queue order below zero). A player coming on from the bench into an outfield position must not have a
    /// later `L` than anyone staying on the bench; one going off from outfield not a later `L` than anyone
    /// staying on the field; exactly `changesPerWindow` come on into outfield positions at every window.
    mutating func addQueue() {
        let a = analysis
        let ids = a.instance.players.map(\.id)
        let pool = a.outfieldPlayers
        let queue = a.instance.turnBased?.queue ?? []
        let floor = -Double(a.playerCount + 2)
        let span = Double(a.segmentCount) - floor
        let order = a.initialOrder
        var last: [Int: [LinearExpression]] = [:]
        for p in pool {
            var values: [LinearExpression] = []
            let rank = queue.firstIndex(of: ids[p])
            for s in a.segments.indices {
                guard a.canPlay[p][s] else {
                    values.append(LinearExpression(Double(a.segmentCount)))
                    continue
                }
                if s > 0 && !a.canPlay[p][s - 1] {
                    values.append(LinearExpression(Double(s)))  // joins the back of the queue on arrival
                    continue
                }
                let variable = model.addVariable("L[\(ids[p]),\(a.segments[s].start)]", lower: floor, upper: Double(s))
                values.append(LinearExpression(variable))
                if s == 0 {
                    let prior: LinearExpression
                    if let rank {
                        prior = LinearExpression(floor + Double(rank))
                    } else {
                        let free = model.addVariable("L0[\(ids[p])]", lower: floor + Double(queue.count), upper: -1)
                        define(free) { plan in order(plan)[p] }
                        prior = LinearExpression(free)
                    }
                    if !a.replan {
                        if rank != nil { model.add(on(p, 0) == 0, name: "queue_starts_on_bench[\(ids[p])]") }
                        // Starters: L = 0; bench: L = prior.
                        model.add(LinearExpression(variable) >= prior - span * on(p, 0), name: "L0_low[\(ids[p])]")
                        model.add(LinearExpression(variable) <= prior + span * on(p, 0), name: "L0_up[\(ids[p])]")
                        model.add(LinearExpression(variable) >= floor + (-floor) * on(p, 0), name: "L0_start[\(ids[p])]")
                        define(variable) { plan in plan.isOn(p, 0) ? 0 : order(plan)[p] }
                    } else {
                        let changed = a.wasOn[p] ? 1 - on(p, 0) : on(p, 0)
                        linkLast(variable, prior, changed, s: 0, name: "\(ids[p]),0")
                        define(variable) { plan in plan.isOn(p, 0) != a.wasOn[p] ? 0 : order(plan)[p] }
                    }
                } else {
                    let change = model.addVariable("chg[\(ids[p]),\(a.segments[s].start)]", lower: 0, upper: 1)
                    define(change) { plan in plan.isOn(p, s) != plan.isOn(p, s - 1) ? 1 : 0 }
                    let now = on(p, s)
                    let before = on(p, s - 1)
                    let tag = "\(ids[p]),\(a.segments[s].start)"
                    model.add(LinearExpression(change) >= now - before, name: "chg_up[\(tag)]")
                    model.add(LinearExpression(change) >= before - now, name: "chg_down[\(tag)]")
                    model.add(LinearExpression(change) <= now + before, name: "chg_any[\(tag)]")
                    model.add(LinearExpression(change) <= 2 - now - before, name: "chg_both[\(tag)]")
                    linkLast(variable, values[s - 1], LinearExpression(change), s: s, name: tag)
                    define(variable) { plan in a.lastChange(of: p, at: s, plan: plan, order: order(plan)) }
                }
            }
            last[p] = values
        }
        let bigM = span + 1
        var counts: [LinearExpression] = []
        for s in a.segments.indices where s > 0 {
            var count = LinearExpression()
            for p in pool where !x[s][p].isEmpty {
                let variable = model.addVariable("in_out[\(ids[p]),\(a.segments[s].start)]", lower: 0, upper: 1)
                define(variable) { plan in
                    plan.cells[s][p] != nil && plan.cells[s][p] != a.keeper && !plan.isOn(p, s - 1) ? 1 : 0
                }
                let tag = "\(ids[p]),\(a.segments[s].start)"
                model.add(LinearExpression(variable) >= outfield(p, s) - on(p, s - 1), name: "in_out_low[\(tag)]")
                model.add(LinearExpression(variable) <= outfield(p, s), name: "in_out_pos[\(tag)]")
                model.add(LinearExpression(variable) <= 1 - on(p, s - 1), name: "in_out_bench[\(tag)]")
                count += variable
            }
            counts.append(count)
            // First in, first out: the bench side and the field side.
            for p in pool where !x[s][p].isEmpty {
                let comer = outfield(p, s) - on(p, s - 1)
                let leaver = outfield(p, s - 1) - on(p, s)
                for q in pool where q != p && a.canPlay[q][s] && s > 0 && a.canPlay[q][s - 1] {
                    let difference = last[p]![s - 1] - last[q]![s - 1]
                    let comerMark = a.canPlay[p][s - 1] ? difference : LinearExpression(Double(s)) - last[q]![s - 1]
                    model.add(
                        comerMark <= bigM * (1 - comer) + bigM * (on(q, s - 1) + on(q, s)),
                        name: "fifo_bench[\(ids[p]),\(ids[q]),\(a.segments[s].start)]")
                    if a.canPlay[p][s - 1] {
                        model.add(
                            difference <= bigM * (1 - leaver) + bigM * (1 - outfield(q, s - 1)) + bigM * (1 - on(q, s)),
                            name: "fifo_field[\(ids[p]),\(ids[q]),\(a.segments[s].start)]")
                    }
                }
            }
        }
        if let k = a.instance.turnBased?.changesPerWindow {
            for (index, count) in counts.enumerated() {
                model.add(count == Double(k), name: "turn_changes[\(a.segments[index + 1].start)]")
            }
        } else if !counts.isEmpty {
            let k = model.addInteger("changes_per_window", lower: 0, upper: Double(a.fieldSize))
            define(k) { plan in
                Double(pool.filter { plan.cells[1][$0] != nil && plan.cells[1][$0] != a.keeper && !plan.isOn($0, 0) }.count)
            }
            for (index, count) in counts.enumerated() {
                model.add(count == LinearExpression(k), name: "turn_changes[\(a.segments[index + 1].start)]")
            }
        }
    }

    /// `L_s = L_prev` without a change, `= s` with one.
    mutating func linkLast(_ variable: Variable, _ previous: LinearExpression, _ change: LinearExpression, s: Int, name: String) {
        let floor = -Double(analysis.playerCount + 2)
        let span = Double(s) - floor
        model.add(LinearExpression(variable) >= previous, name: "L_keep_low[\(name)]")
        model.add(LinearExpression(variable) <= previous + span * change, name: "L_keep_up[\(name)]")
        model.add(LinearExpression(variable) >= floor + span * change, name: "L_set[\(name)]")
    }

    mutating func addColourGroups() {
        let a = analysis
        let ids = a.instance.players.map(\.id)
        let colours = a.instance.colourGroups?.colours ?? []
        let fixed = a.instance.colourGroups?.assignment ?? [:]
        let pool = a.colourPool
        let absent = a.absentColoured
        colourVariables = players.map { _ in [Variable?](repeating: nil, count: colours.count) }
        for (rank, p) in pool.enumerated() {
            for (c, colour) in colours.enumerated() {
                // Symmetry: the colours are interchangeable, so the j-th player uses one of the first j + 1.
                if fixed.isEmpty && c > rank { continue }
                let g = model.addBinary("colour[\(ids[p]),\(colour)]")
                define(g) { plan in plan.colour?[p] == c ? 1 : 0 }
                colourVariables[p][c] = g
                if let wanted = fixed[ids[p]] {
                    model.add(LinearExpression(g) == (wanted == colour ? 1 : 0), name: "colour_fixed[\(ids[p]),\(colour)]")
                }
            }
            let any = sum(colourVariables[p])
            model.add(any <= 1, name: "one_colour[\(ids[p])]")
            for s in a.segments.indices where !x[s][p].isEmpty {
                model.add(outfield(p, s) <= any, name: "outfield_coloured[\(ids[p]),\(a.segments[s].start)]")
            }
        }
        let sizes = colours.indices.map { c in sum(pool.map { colourVariables[$0][c] }) + Double(absent[colours[c]] ?? 0) }
        for (c, size) in sizes.enumerated() {
            model.add(size >= 1, name: "colour_used[\(colours[c])]")
            for d in colours.indices where d != c {
                model.add(size - sizes[d] <= 1, name: "colour_sizes[\(colours[c]),\(colours[d])]")
            }
        }
        for (c, colour) in colours.enumerated() {
            for (s, segment) in a.segments.enumerated() {
                let o = model.addBinary("group_on[\(colour),\(segment.start)]")
                define(o) { plan in
                    pool.contains { plan.colour?[$0] == c && plan.isOn($0, s) } ? 1 : 0
                }
                for p in pool where a.canPlay[p][s] {
                    guard let g = colourVariables[p][c] else { continue }
                    model.add(on(p, s) >= o + g - 1, name: "group_all_on[\(ids[p]),\(colour),\(segment.start)]")
                    model.add(on(p, s) <= o + 1 - g, name: "group_all_off[\(ids[p]),\(colour),\(segment.start)]")
                }
            }
        }
    }

    /// Interchangeable players (same positions, limits, arrival and history, named by no rule) are ordered
    /// by minutes: swapping two of them maps a plan to one as good.
    mutating func addSymmetryBreaking() {
        let a = analysis
        guard a.instance.mode != .turnBased || a.instance.turnBased?.queue == nil else { return }
        for group in a.interchangeableGroups where group.count > 1 {
            for (first, second) in zip(group, group.dropFirst()) {
                model.add(minutes(first) >= minutes(second), name: "symmetry[\(a.instance.players[first].id),\(a.instance.players[second].id)]")
            }
        }
    }

    mutating func addObjectives() {
        let a = analysis
        for p in players {
            for s in a.segments.indices where s > 0 || a.replan { substitutionsExpression += comesOn[p][s] }
        }
        for s in a.segments.indices {
            for p in players {
                for entry in x[s][p] where entry.position != a.preferred[p] { offPreferredExpression += entry.variable }
            }
        }
        if dayPart { return }
        if relaxed {
            model.minimize(emptySlots, name: "emptySlots")
            if !shortfalls.isEmpty {
                let upper = shortfalls.map { model.variables[$0.index].upper }.max() ?? 0
                let largest = model.addInteger("largest_shortfall", lower: 0, upper: upper)
                let values = shortfallValues
                define(largest) { plan in Double(values.map { $0(plan) }.max() ?? 0) }
                for variable in shortfalls {
                    model.add(LinearExpression(largest) - LinearExpression(variable) >= 0, name: "largest_shortfall[\(variable.index)]")
                }
                model.minimize(LinearExpression(largest), name: "largestShortfall")
                model.minimize(sum(shortfalls), name: "shortfall")
            }
            model.minimize(breaks, name: "broken")
        }
        var spread = LinearExpression()
        if a.spreadPlayers.count > 1 {
            let total = Double(a.matchEnd) + Double((a.base + a.spreadOffset).max() ?? 0) * 2 + 1
            let grid = a.lengthGCD
            let onGrid = grid > 1 && a.spreadPlayers.allSatisfy { (a.base[$0] + a.spreadOffset[$0]) % grid == 0 }
            let step = onGrid ? Double(grid) : 1
            let high = model.addInteger("spread_high", lower: 0, upper: (total / step).rounded(.up))
            let low = model.addInteger("spread_low", lower: 0, upper: (total / step).rounded(.up))
            let values = a.spreadPlayers.map { a.spreadValue(of: $0) }
            define(high) { plan in (Double(values.map { $0(plan) }.max()!) / step).rounded(.up) }
            define(low) { plan in (Double(values.map { $0(plan) }.min()!) / step).rounded(.down) }
            for p in a.spreadPlayers {
                let value = minutes(p) + Double(a.spreadOffset[p])
                model.add(step * high >= value, name: "spread_high[\(a.instance.players[p].id)]")
                model.add(step * low <= value, name: "spread_low[\(a.instance.players[p].id)]")
            }
            // Fair share: when only these players can take the field, their minutes add up to a constant,
            // so the most is at least the average rounded up and the least at most it rounded down.
            let onlySpreadPlay = players.allSatisfy { p in a.spreadPlayers.contains(p) || a.canPlay[p].allSatisfy { !$0 } }
            if onlySpreadPlay && !relaxed {
                let planned = a.segments.reduce(0) { $0 + $1.length } * a.fieldSize
                let fixed = a.spreadPlayers.reduce(0) { $0 + a.base[$1] + a.spreadOffset[$1] }
                let average = Double(planned + fixed) / Double(a.spreadPlayers.count)
                model.add(step * high >= (average / step).rounded(.up) * step, name: "fair_share_high")
                model.add(step * low <= (average / step).rounded(.down) * step, name: "fair_share_low")
            }
            spread = step * high - step * low
        }
        model.minimize(spread, name: "spread")
        if let (scale, units) = a.strengthGapUnits, !a.segments.isEmpty {
            // The strength gap between two integer columns in units of the ratings' grid, reported in ratings.
            let total = Double(units.reduce(0, +))
            let high = model.addInteger("strength_high", lower: 0, upper: total)
            let low = model.addInteger("strength_low", lower: 0, upper: total)
            let analysis = a
            define(high) { plan in Double(analysis.strengthSums(of: plan, units: units).max()!) }
            define(low) { plan in Double(analysis.strengthSums(of: plan, units: units).min()!) }
            for s in a.segments.indices {
                var onSum = LinearExpression()
                for p in players where units[p] != 0 { onSum += Double(units[p]) * on(p, s) }
                model.add(LinearExpression(high) - onSum >= 0, name: "strength_high[\(s)]")
                model.add(onSum - LinearExpression(low) >= 0, name: "strength_low[\(s)]")
            }
            model.minimize((1 / scale) * (LinearExpression(high) - LinearExpression(low)), name: "strengthGap")
        }
        model.minimize(substitutionsExpression, name: "substitutions")
        model.minimize(offPreferredExpression, name: "offPreferredPosition")
    }
}

extension LineupAnalysis {
    func minutes(of p: Int, in plan: LineupPlan) -> Int {
        base[p] + segments.indices.filter { plan.isOn(p, $0) }.reduce(0) { $0 + segments[$1].length }
    }

    func spreadValue(of p: Int) -> @Sendable (LineupPlan) -> Int {
        let analysis = self
        return { plan in analysis.minutes(of: p, in: plan) + analysis.spreadOffset[p] }
    }

    /// True when p comes on at segment s (starters at kick-off; at a re-plan, those not on before).
    func comesOn(_ p: Int, _ s: Int, _ plan: LineupPlan) -> Bool {
        guard plan.isOn(p, s) else { return false }
        if s == 0 { return !(replan && wasOn[p]) }
        return !plan.isOn(p, s - 1)
    }

    /// The segment of p's last change between bench and field up to s (initial order below zero).
    func lastChange(of p: Int, at s: Int, plan: LineupPlan, order: [Double]) -> Double {
        var value = order[p]
        if replan ? plan.isOn(p, 0) != wasOn[p] : plan.isOn(p, 0) { value = 0 }
        if s == 0 { return value }
        for t in 1...s {
            if !canPlay[p][t - 1] && canPlay[p][t] { value = Double(t) } else if plan.isOn(p, t) != plan.isOn(p, t - 1) { value = Double(t) }
        }
        return value
    }

    /// Initial queue positions (below zero) consistent with a plan: the given queue first, then the others in
    /// the order the plan brings them on (or, for those on the field at a re-plan, takes them off).
    var initialOrder: @Sendable (LineupPlan) -> [Double] {
        let analysis = self
        return { plan in
            let queue = analysis.instance.turnBased?.queue ?? []
            let floor = -Double(analysis.playerCount + 2)
            var order = [Double](repeating: -1, count: analysis.playerCount)
            var rest: [(key: Int, player: Int)] = []
            for (p, player) in analysis.instance.players.enumerated() {
                if let rank = queue.firstIndex(of: player.id) {
                    order[p] = floor + Double(rank)
                } else {
                    let startsOn = analysis.replan ? analysis.wasOn[p] : false
                    let key = (0..<analysis.segmentCount).first { plan.isOn(p, $0) != startsOn } ?? Int.max
                    rest.append((key, p))
                }
            }
            rest.sort { ($0.key, $0.player) < ($1.key, $1.player) }
            for (rank, entry) in rest.enumerated() {
                order[entry.player] = min(-1, floor + Double(queue.count + rank))
            }
            return order
        }
    }

    /// Groups of players that no rule tells apart.
    var interchangeableGroups: [[Int]] {
        var named = Set<String>()
        for lock in instance.locks ?? [] { named.insert(lock.player) }
        for id in instance.turnBased?.queue ?? [] { named.insert(id) }
        for marks in instance.preMarked?.periods ?? [] { named.formUnion(marks.active) }
        for id in (instance.colourGroups?.assignment ?? [:]).keys { named.insert(id) }
        for id in (instance.state?.onField ?? [:]).keys { named.insert(id) }
        // A `together` or `apart` group tells its members apart from everyone else.
        for p in pairedPlayers { named.insert(instance.players[p].id) }
        // So does a keeper minute rule its GK-eligible players.
        for p in keeperMinuteRules?.players ?? [] { named.insert(instance.players[p].id) }
        // And a rule row (mustPlay, onePosition, minPositions) the players it names.
        for p in ruleRows.followed { named.insert(instance.players[p].id) }
        struct Signature: Hashable {
            var positions: [String]
            var arrives: Int
            var low: Int?
            var high: Int?
            var offset: Int
            var base: Int
            var weight: Double?
        }
        var groups: [Signature: [Int]] = [:]
        for (p, player) in instance.players.enumerated() where player.isAvailable && !named.contains(player.id) {
            let signature = Signature(
                positions: player.positions, arrives: player.arrivesAt ?? 0, low: player.minMinutes,
                high: player.maxMinutes, offset: spreadOffset[p], base: base[p], weight: ruleRows.weights[p])
            groups[signature, default: []].append(p)
        }
        return groups.values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
}

extension LineupKind {
    /// The model `touchline export` writes and the engine falls back on: in every mode (balanced, pre-marked,
    /// turn-based, colour groups, live re-plans) the pattern model with every player's own column per pattern
    /// and the whole lexicographic objective in it (the engine solves its restrictions: spread windows and
    /// reduced-cost fixing); past the pattern limits (too many patterns or colour schedules to list in time), the
    /// compact model.
    public static func formulate(_ analysis: LineupAnalysis) -> Formulation<LineupSolution> {
        if let day = analysis.day { return LineupDayModel.formulation(analysis, day: day) }
        do {
            // The listing of colour schedules is bounded as in a solve (the export of a colour squad of 14 spent
            // 25 s listing schedules; without the list the model keeps its exact size columns).
            if !analysis.compactModelForced, analysis.patternSpace()?.modeLimit == nil, var space = analysis.enumeratedPatterns() {
                space.addModeStructure(deadline: ContinuousClock.now + .seconds(3))
                let split = space.splitClasses()
                let master = LineupPatternModel(split, window: nil, goal: .lexicographic)
                return Formulation(
                    model: master.model, tuning: patternTuning,
                    decode: { result in
                        guard let plan = master.decode(result.values) else {
                            return analysis.solution(LineupPlan(segments: analysis.segmentCount, players: analysis.playerCount))
                        }
                        return analysis.solution(plan)
                    },
                    encode: { solution in analysis.plan(of: solution).flatMap { master.encode($0) } })
            }
        }
        return formulation(analysis, relaxed: false)
    }

    static func formulation(_ analysis: LineupAnalysis, relaxed: Bool) -> Formulation<LineupSolution> {
        let instance = analysis.instance
        var builder = LineupModelBuilder(analysis, relaxed: relaxed)
        builder.build()
        let x = builder.x
        let colours = builder.colourVariables
        let start = builder.start
        let model = builder.model
        return Formulation(
            model: builder.model,
            // Driebeck–Tomlin, not pseudocost: GLPK's pseudocost initialisation (strong branching) ignores the
            // time limit; on a turn-based squad of 18 a 10 s solve took 22 s with it, 10.4 s without.
            tuning: SolverTuning(feasibilityPump: true, cuts: true, branching: .driebeckTomlin),
            decode: { result in
                let plan = analysis.decodePlan(result, x: x, colours: colours)
                let broken = relaxed ? LineupVerifier.check(instance, analysis.solution(plan)).broken : nil
                return analysis.solution(plan, brokenRules: broken)
            },
            encode: { solution in
                guard let plan = analysis.plan(of: solution).map({ analysis.canonical($0) }) else { return nil }
                return start.values(for: plan, in: model)
            })
    }
}

extension LineupAnalysis {
    /// The plan in a solved compact model, from its `x` and colour columns.
    func decodePlan(_ result: Assignment, x: [[[(position: Int, variable: Variable)]]], colours: [[Variable?]]) -> LineupPlan {
        var plan = LineupPlan(segments: segmentCount, players: playerCount)
        for s in 0..<segmentCount {
            for p in 0..<playerCount {
                plan.cells[s][p] = x[s][p].first { result.isOn($0.variable) }?.position
            }
        }
        if instance.mode == .colourGroups {
            var colour = colours.map { row in row.firstIndex { $0.map(result.isOn) ?? false } }
            // Players outside the model's pool (not available) keep the colour `assignment` fixes.
            let names = instance.colourGroups?.colours ?? []
            for (id, fixed) in instance.colourGroups?.assignment ?? [:] {
                if let p = playerIndex[id], colour[p] == nil { colour[p] = names.firstIndex(of: fixed) }
            }
            plan.colour = colour
        }
        return plan
    }

    /// The grid of a solution (nil when it names unknown players or positions).
    func plan(of solution: LineupSolution) -> LineupPlan? {
        guard solution.segments.count == segmentCount else { return nil }
        var plan = LineupPlan(segments: segmentCount, players: playerCount)
        let positionIndex = Dictionary(uniqueKeysWithValues: positions.enumerated().map { ($1, $0) })
        for (s, segment) in solution.segments.enumerated() {
            for (id, code) in segment.onField {
                guard let p = playerIndex[id], let k = positionIndex[code] else { return nil }
                plan.cells[s][p] = k
            }
        }
        if let groups = solution.groups {
            let colours = instance.colourGroups?.colours ?? []
            plan.colour = instance.players.map { player in groups.assignment[player.id].flatMap { colours.firstIndex(of: $0) } }
        }
        return plan
    }
}

extension LineupAnalysis {
    /// The same plan under the model's symmetry breaking: interchangeable players' rows in order of
    /// decreasing minutes, colours numbered in order of first use.
    func canonical(_ plan: LineupPlan, orderingPlayers: Bool = true) -> LineupPlan {
        var result = plan
        let skip = !orderingPlayers || (instance.mode == .turnBased && instance.turnBased?.queue != nil)
        if !skip {
            for group in interchangeableGroups where group.count > 1 {
                let byMinutes = group.sorted { (minutes(of: $0, in: plan), -$0) > (minutes(of: $1, in: plan), -$1) }
                for (target, source) in zip(group, byMinutes) {
                    for s in 0..<segmentCount { result.cells[s][target] = plan.cells[s][source] }
                    if let colours = plan.colour { result.colour![target] = colours[source] }
                }
            }
        }
        if let colours = result.colour, (instance.colourGroups?.assignment ?? [:]).isEmpty {
            var relabel: [Int: Int] = [:]
            for p in colourPool {
                if let c = colours[p], relabel[c] == nil { relabel[c] = relabel.count }
            }
            let total = instance.colourGroups?.colours.count ?? 0
            for c in 0..<total where relabel[c] == nil { relabel[c] = relabel.count }
            result.colour = colours.map { $0.map { relabel[$0]! } }
        }
        return result
    }
}
