import TouchlineMILP

// Turn-based rows of the pattern model. The verifier's queue is first in, first out on "the segment of a
// player's last change between bench and field" (L). L is a function of the player's own on/off pattern (and, for a player who may keep goal,
// of the periods he keeps it), so each column knows, at every window, in which bench or field group it sits and
// whether it comes on, stays on the bench, goes off or stays on. From kick-off the rows are equalities against
// one queue scenario (see `turnScenarios`); in a live re-plan, a player coming on from bench group t needs every
// bench group below t emptied, a player going off from field group t nobody with a smaller L staying on, as
// chained "emptied" binaries per window and group; the number coming on into outfield positions is the same at
// every window. Either way the rows are exact: every plan the verifier accepts is a solution and every solution
// is such a plan.

extension LineupPatternSpace {
    /// Turn-based: where one column sits at every window. `keeps` is the set of periods (bit r) the player keeps
    /// goal in (his role there is not outfield).
    struct TurnTerms {
        /// Per window s (index s): the bench side (coming on with mark t, or staying on the bench with L = t) and
        /// the field side (going off or staying on, from outfield with L = t).
        enum Bench { case comes(Int), arrives, stays(Int) }
        enum Field { case leaves(Int), stays(Int) }
        var bench: [Bench?]
        var field: [Field?]

        /// Every (window, side, group) the column is counted in (arrivals come on with the window as their
        /// group).
        var keys: [TurnKey] {
            var result: [TurnKey] = []
            for s in bench.indices.dropFirst() {
                switch bench[s] {
                case .comes(let t)?: result.append(TurnKey(s: s, side: .comesOn, t: t))
                case .arrives?: result.append(TurnKey(s: s, side: .comesOn, t: s))
                case .stays(let t)?: result.append(TurnKey(s: s, side: .staysOnBench, t: t))
                case nil: break
                }
                switch field[s] {
                case .leaves(let t)?: result.append(TurnKey(s: s, side: .goesOff, t: t))
                case .stays(let t)?: result.append(TurnKey(s: s, side: .staysOn, t: t))
                case nil: break
                }
            }
            return result
        }
    }

    func turnTerms(player p: Int, mask: UInt64, keeps: UInt64) -> TurnTerms? {
        let a = analysis
        guard a.outfield[p] else { return nil }
        let n = a.segmentCount
        func on(_ s: Int) -> Bool { mask & (1 << UInt64(s)) != 0 }
        func present(_ s: Int) -> Bool { a.canPlay[p][s] }
        func outfieldRole(_ s: Int) -> Bool { on(s) && keeps & (1 << UInt64(a.segments[s].period)) == 0 }
        let queue = a.instance.turnBased?.queue ?? []
        var last = queue.firstIndex(of: a.instance.players[p].id).map { -1_000 + $0 } ?? -1
        if n > 0 {
            if a.replan {
                if a.wasOn[p] != on(0) { last = 0 }
            } else if on(0) {
                last = 0
            }
        }
        var terms = TurnTerms(bench: Array(repeating: nil, count: n), field: Array(repeating: nil, count: n))
        for s in 1..<max(1, n) {
            if present(s) && !on(s - 1) {
                if !present(s - 1) {
                    if outfieldRole(s) { terms.bench[s] = .arrives }
                } else if outfieldRole(s) {
                    terms.bench[s] = .comes(last)
                } else if !on(s) {
                    terms.bench[s] = .stays(last)
                }
            }
            if outfieldRole(s - 1) {
                terms.field[s] = on(s) ? .stays(last) : .leaves(last)
            }
            if (!present(s - 1) && present(s)) || on(s - 1) != on(s) { last = s }
        }
        return terms
    }
}

extension LineupPatternModel {
    /// One column of a turn-based player: the class's pattern column, or (for a player who may keep goal under
    /// `keeperFullPeriods`) one column per set of periods in goal.
    struct RoleColumn {
        var k: Int
        var keeps: UInt64
        var variable: Variable
    }

    mutating func addTurnBased() {
        let a = space.analysis
        let n = a.segmentCount
        guard n > 1 else { return }
        // Per window and side (`TurnSide`, by raw value): group → terms,
        // and group → how many players can be in it (each class adds its size once). Arrivals come on with the
        // window itself as their mark, above every bench group.
        var terms = [[[Int: LinearExpression]]](repeating: Array(repeating: [:], count: 4), count: n)
        // The same per class (the rows are disaggregated by class: a tighter relaxation than one row per group).
        var byClass = [[[Int: [(size: Int, terms: LinearExpression)]]]](repeating: Array(repeating: [:], count: 4), count: n)
        for (c, group) in space.classes.enumerated() {
            let p = group.members[0]
            guard a.outfield[p] else { continue }
            var columns: [(k: Int, keeps: UInt64, variable: Variable)] = []
            if let keeperColumns = keeper[p], !keeperColumns.isEmpty {
                // Role columns: the pattern and the periods in goal (periods the pattern is on throughout).
                var byPeriod: [Int: LinearExpression] = [:]
                for (k, variable) in lambda[c] {
                    let pattern = group.patterns[k]
                    let full = keeperColumns.keys.sorted().filter { r in space.periodSegments[r]!.allSatisfy { pattern.isOn($0) } }
                    var split = LinearExpression()
                    for subset in 0..<(1 << full.count) {
                        var keeps: UInt64 = 0
                        for (i, r) in full.enumerated() where subset & (1 << i) != 0 { keeps |= 1 << UInt64(r) }
                        let role = model.addBinary("role[\(c),\(k),\(keeps)]")
                        split.add(role)
                        for r in full where keeps & (1 << UInt64(r)) != 0 { byPeriod[r, default: LinearExpression()].add(role) }
                        columns.append((k, keeps, role))
                        roles[c, default: []].append(RoleColumn(k: k, keeps: keeps, variable: role))
                    }
                    split.add(variable, coefficient: -1)
                    model.add(split == 0, name: "role_split[\(c),\(k)]")
                }
                for (r, column) in keeperColumns.sorted(by: { $0.key < $1.key }) {
                    var row = byPeriod[r] ?? LinearExpression()
                    row.add(column, coefficient: -1)
                    model.add(row == 0, name: "role_keeper[\(c),\(r)]")
                }
            } else {
                columns = lambda[c].map { ($0.k, 0, $0.variable) }
            }
            var own = [[[Int: LinearExpression]]](repeating: Array(repeating: [:], count: 4), count: n)
            for (k, keeps, variable) in columns {
                guard let found = space.turnTerms(player: p, mask: group.patterns[k].mask, keeps: keeps) else { continue }
                for key in found.keys {
                    terms[key.s][key.side.rawValue][key.t, default: LinearExpression()].add(variable)
                    own[key.s][key.side.rawValue][key.t, default: LinearExpression()].add(variable)
                }
            }
            for s in 1..<n {
                for side in 0..<4 {
                    for (t, expression) in own[s][side] { byClass[s][side][t, default: []].append((group.count, expression)) }
                }
            }
        }
        if let scenarios = space.scenarios {
            // One binary per scenario; every count row an equality.
            typealias TurnKey = LineupPatternSpace.TurnKey
            var keys = Set<TurnKey>()
            for s in 1..<n {
                for side in LineupPatternSpace.TurnSide.allCases {
                    for t in terms[s][side.rawValue].keys { keys.insert(TurnKey(s: s, side: side, t: t)) }
                }
            }
            for scenario in scenarios { keys.formUnion(scenario.counts.keys) }
            let ordered = keys.sorted()
            var rows = [TurnKey: LinearExpression]()
            for key in ordered { rows[key] = terms[key.s][key.side.rawValue][key.t] ?? LinearExpression() }
            let columns = scenarios.indices.map { model.addBinary("scenario[\($0)]") }
            model.add(sum(columns) == 1, name: "scenario")
            for (i, scenario) in scenarios.enumerated() {
                derived.append((columns[i], .matches(ordered.map { (rows[$0]!, Double(scenario.counts[$0] ?? 0)) })))
                for (key, count) in scenario.counts where count != 0 { rows[key]!.add(columns[i], coefficient: -Double(count)) }
            }
            for key in ordered { model.add(rows[key]! == 0, name: "queue[\(key.s),\(key.side.rawValue),\(key.t)]") }
            return
        }
        let fixedK = a.instance.turnBased?.changesPerWindow
        var k = LinearExpression(Double(fixedK ?? 0))
        if fixedK == nil {
            let column = model.addInteger("changes_per_window", lower: 0, upper: Double(a.fieldSize))
            k = LinearExpression(column)
            derived.append((column, .count(sum(terms[1][0].keys.sorted().map { terms[1][0][$0]! }))))
        }
        for s in 1..<n {
            firstInFirstOut(movers: byClass[s][0], stayers: byClass[s][1], tag: "bench[\(s)]")
            firstInFirstOut(movers: byClass[s][2], stayers: byClass[s][3], tag: "field[\(s)]")
            var count = LinearExpression()
            for t in terms[s][0].keys.sorted() { count.add(terms[s][0][t]!) }
            count.add(k, scale: -1)
            model.add(count == 0, name: "turn_changes[\(s)]")
        }
    }

    /// Movers (coming on, going off) in group t need every group below t without stayers. `emptied[i]`: no
    /// stayer in groups 0…i; chained, so one row per group.
    private mutating func firstInFirstOut(
        movers: [Int: [(size: Int, terms: LinearExpression)]], stayers: [Int: [(size: Int, terms: LinearExpression)]], tag: String
    ) {
        let groups = Set(movers.keys).union(stayers.keys).sorted()
        var previous: Variable? = nil
        var below: [LinearExpression] = []
        for (i, t) in groups.enumerated() {
            if let d = previous {
                for (j, mover) in (movers[t] ?? []).enumerated() {
                    model.add(mover.terms - Double(mover.size) * LinearExpression(d) <= 0, name: "fifo_move_\(tag)[\(t),\(j)]")
                }
            }
            guard groups[(i + 1)...].contains(where: { movers[$0] != nil }) else { break }
            let d = model.addBinary("emptied_\(tag)[\(t)]")
            for (j, stay) in (stayers[t] ?? []).enumerated() {
                below.append(stay.terms)
                model.add(stay.terms + Double(stay.size) * LinearExpression(d) <= Double(stay.size), name: "fifo_stay_\(tag)[\(t),\(j)]")
            }
            derived.append((d, .emptied(below)))
            if let previous { model.add(LinearExpression(d) - LinearExpression(previous) <= 0, name: "fifo_chain_\(tag)[\(t)]") }
            previous = d
        }
    }
}

// Turn-based queue scenarios. From kick-off, the queue is deterministic once three things are known: the
// number k coming on at every window, whether each period's keeper is in the queue (plays outfield too) or
// keeper-only, and at each period start where a keeper who hands over goes (bench or outfield) and where the new
// one comes from (which bench or field group, or the players arriving then). Simulating the groups under those
// choices gives, for every window and group, how many players come on, stay on the bench, go off and stay on;
// a plan keeps first in, first out exactly when its own counts equal one scenario's. So the model chooses one
// scenario (a binary each) and every count row is an equality: a far tighter relaxation than the big-M rows.
extension LineupPatternSpace {
    struct TurnScenario: Hashable {
        var k: Int
        /// (window, side, group) → players.
        var counts: [TurnKey: Int]
    }

    /// What a player does at a window, seen from the queue: the four counts a scenario fixes per group.
    /// The raw value orders the keys and names the model's rows (`queue[s,side,t]`).
    enum TurnSide: Int, Comparable, CaseIterable {
        /// Comes on from bench group t (or arrives, with the window itself as the group).
        case comesOn = 0
        /// Stays on the bench, in bench group t.
        case staysOnBench = 1
        /// Goes off, from field group t.
        case goesOff = 2
        /// Stays on, in field group t.
        case staysOn = 3
        static func < (l: TurnSide, r: TurnSide) -> Bool { l.rawValue < r.rawValue }
    }

    /// One count of the queue: window `s`, what the players do there (`side`), and their group `t` (the segment
    /// of their last change between bench and field).
    struct TurnKey: Hashable, Comparable {
        var s: Int
        var side: TurnSide
        var t: Int
        static func < (l: TurnKey, r: TurnKey) -> Bool { (l.s, l.side, l.t) < (r.s, r.side, r.t) }
    }

    /// Drops the patterns no scenario allows: a pattern a plan uses sits, at every window, in groups its
    /// scenario has players in (exact). A player who may keep goal keeps a pattern when some choice of periods
    /// in goal fits.
    mutating func filterByScenarios() {
        guard let scenarios, !scenarios.isEmpty else { return }
        let a = analysis
        let supports = scenarios.map { Set($0.counts.filter { $0.value > 0 }.keys) }
        let union = supports.reduce(into: Set<TurnKey>()) { $0.formUnion($1) }
        for c in classes.indices {
            let p = classes[c].members[0]
            guard a.outfield[p] else { continue }
            let keeperPeriodsOfP = keeperColumns ? keeperPeriods(p) : []
            classes[c].patterns = classes[c].patterns.filter { pattern in
                let full = keeperPeriodsOfP.filter { r in periodSegments[r]!.allSatisfy { pattern.isOn($0) } }
                for subset in 0..<(1 << full.count) {
                    var keeps: UInt64 = 0
                    for (i, r) in full.enumerated() where subset & (1 << i) != 0 { keeps |= 1 << UInt64(r) }
                    guard let terms = turnTerms(player: p, mask: pattern.mask, keeps: keeps) else { return true }
                    let keys = terms.keys
                    guard keys.allSatisfy({ union.contains($0) }) else { continue }
                    if supports.contains(where: { support in keys.allSatisfy { support.contains($0) } }) { return true }
                }
                return false
            }
        }
        for c in classes.indices where classes[c].balances != nil {
            let offset = analysis.base[classes[c].members[0]] + analysis.spreadOffset[classes[c].members[0]]
            classes[c].balances = classes[c].patterns.map { offset + $0.minutes }
        }
    }

    /// Every queue scenario of a plan from kick-off (nil for a re-plan, or when there are more than `limit`).
    func turnScenarios(limit: Int = 3_000) -> [TurnScenario]? {
        let a = analysis
        let n = a.segmentCount
        guard !a.replan, n > 1 else { return nil }
        let hasKeeper = a.keeper != nil && a.slots[a.keeper!] > 0
        let outfieldSlots = a.fieldSize - (hasKeeper ? a.slots[a.keeper!] : 0)
        let keeperSlots = hasKeeper ? a.slots[a.keeper!] : 0
        guard keeperSlots <= 1 else { return nil }
        let players = a.instance.players.indices
        let keeperOnlyExists =
            hasKeeper && players.contains { a.instance.players[$0].isAvailable && !a.outfield[$0] && a.eligible[$0].contains(a.keeper!) }
        let queueKeeperExists = hasKeeper && players.contains { a.outfield[$0] && a.eligible[$0].contains(a.keeper!) }
        // Keepers change only at period starts when they play full periods; otherwise only keeper-only players
        // keep goal (``modeLimit``), and their changes do not touch the queue.
        let events = hasKeeper && keeperColumns
        let queue = a.instance.turnBased?.queue ?? []
        let inQueue = players.filter { a.outfield[$0] }
        let arrivals = (0..<n).map { s in s == 0 ? 0 : inQueue.filter { a.canPlay[$0][s] && !a.canPlay[$0][s - 1] }.count }
        let ks: [Int] = a.instance.turnBased?.changesPerWindow.map { [$0] } ?? Array(0...outfieldSlots)

        enum Keeper: Hashable { case none, keeperOnly, queue(Int) }
        struct State {
            var bench: [Int: Int]
            var field: [Int: Int]
            var keeper: Keeper
            var counts: [TurnKey: Int]
        }
        var found = Set<TurnScenario>()
        var overflow = false
        let present0 = inQueue.filter { a.canPlay[$0][0] }
        let ranked = present0.compactMap { queue.firstIndex(of: a.instance.players[$0].id) }

        func window(_ state: State, _ s: Int, _ k: Int) {
            if overflow { return }
            if s == n {
                found.insert(TurnScenario(k: k, counts: state.counts))
                if found.count > limit { overflow = true }
                return
            }
            // Keeper events at this window.
            enum Source: Hashable { case bench(Int), field(Int), arrival }
            var options: [(newKeeper: Keeper?, toField: Bool, source: Source?)] = [(nil, false, nil)]
            if events && a.startsPeriod(s) {
                var sources: [Source] =
                    state.bench.filter { $0.value > 0 }.map { .bench($0.key) }
                    + state.field.filter { $0.value > 0 }.map { .field($0.key) }
                if arrivals[s] > 0 { sources.append(.arrival) }
                let destinations: [Bool]
                if case .queue = state.keeper { destinations = [false, true] } else { destinations = [false] }
                for toField in destinations {
                    if keeperOnlyExists { options.append((.keeperOnly, toField, nil)) }
                    if queueKeeperExists {
                        for source in sources { options.append((.queue(0), toField, source)) }
                    }
                }
            }
            for option in options {
                var next = state
                var bench = state.bench
                var field = state.field
                var arriving = arrivals[s]
                var keeperFromField: Int? = nil
                var newKeeperL: Int? = nil
                var oldKeeperToField: Int? = nil
                var oldKeeperToBench = false
                if option.newKeeper != nil {
                    if case .queue(let l) = state.keeper {
                        if option.toField { oldKeeperToField = l } else { oldKeeperToBench = true }
                    }
                    switch option.source {
                    case .bench(let g)?: bench[g]! -= 1; newKeeperL = s
                    case .field(let g)?: keeperFromField = g; newKeeperL = g
                    case .arrival?: arriving -= 1; newKeeperL = s
                    case nil: break
                    }
                }
                // Bench side: the k at the front come on, then arrivals.
                var need = k
                var counts = state.counts
                for t in bench.keys.sorted() where bench[t]! > 0 {
                    let take = min(need, bench[t]!)
                    need -= take
                    if take > 0 { counts[TurnKey(s: s, side: .comesOn, t: t)] = take }
                    if bench[t]! - take > 0 { counts[TurnKey(s: s, side: .staysOnBench, t: t)] = bench[t]! - take }
                    bench[t]! -= take
                }
                let arrivingOn = min(need, arriving)
                need -= arrivingOn
                if need > 0 { continue }
                if arrivingOn > 0 { counts[TurnKey(s: s, side: .comesOn, t: s)] = arrivingOn }
                // Field side: the longest on go off (a new keeper from the field stays on: a stayer in his group).
                var leaving = k - (keeperFromField == nil ? 0 : 1) + (oldKeeperToField == nil ? 0 : 1)
                if leaving < 0 { continue }
                var legal = true
                for t in field.keys.sorted() where field[t]! > 0 {
                    let keeperHere = keeperFromField == t ? 1 : 0
                    let take = min(leaving, field[t]! - keeperHere)
                    leaving -= take
                    if take > 0 { counts[TurnKey(s: s, side: .goesOff, t: t)] = take }
                    if field[t]! - take > 0 { counts[TurnKey(s: s, side: .staysOn, t: t)] = field[t]! - take }
                    field[t]! -= take
                    if leaving > 0 && keeperHere == 1 { legal = false }
                }
                if !legal || leaving > 0 { continue }
                if let g = keeperFromField { field[g]! -= 1 }
                let joining =
                    (k - (keeperFromField == nil ? 0 : 1) + (oldKeeperToField == nil ? 0 : 1)) + (arriving - arrivingOn) + (oldKeeperToBench ? 1 : 0)
                if joining > 0 { bench[s, default: 0] += joining }
                if k > 0 { field[s, default: 0] += k }
                if let l = oldKeeperToField { field[l, default: 0] += 1 }
                next.bench = bench.filter { $0.value > 0 }
                next.field = field.filter { $0.value > 0 }
                next.counts = counts
                if let newKeeper = option.newKeeper {
                    next.keeper = newKeeper == .keeperOnly ? .keeperOnly : .queue(newKeeperL ?? s)
                }
                window(next, s + 1, k)
            }
        }

        var starts: [Keeper] = []
        if !hasKeeper {
            starts = [.none]
        } else {
            if keeperOnlyExists { starts.append(.keeperOnly) }
            if queueKeeperExists { starts.append(.queue(0)) }
        }
        for k in ks {
            for keeper in starts {
                var inBench = present0.count - outfieldSlots - (keeper == .queue(0) ? 1 : 0) - ranked.count
                if inBench < 0 { continue }
                var bench: [Int: Int] = [:]
                for rank in ranked { bench[-1_000 + rank] = 1 }
                if inBench > 0 { bench[-1] = inBench }
                inBench = 0
                let state = State(bench: bench, field: outfieldSlots > 0 ? [0: outfieldSlots] : [:], keeper: keeper, counts: [:])
                window(state, 1, k)
                if overflow { return nil }
            }
        }
        // A total order (k, then the counts key by key): a Set's order changes with each process's hash seed,
        // and the scenario columns' order decides which of equally good plans GLPK returns.
        func entries(_ scenario: TurnScenario) -> [(key: TurnKey, value: Int)] {
            scenario.counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        return found.sorted { first, second in
            if (first.k, first.counts.count) != (second.k, second.counts.count) {
                return (first.k, first.counts.count) < (second.k, second.counts.count)
            }
            for (x, y) in zip(entries(first), entries(second)) where x.key != y.key || x.value != y.value {
                return x.key != y.key ? x.key < y.key : x.value < y.value
            }
            return false
        }
    }
}
