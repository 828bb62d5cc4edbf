import TouchlineMILP
import TouchlineSearch

/// The pattern model of a lineup over a window of each class's patterns.
///
/// `λ[c,k]` (integer, 0…size of class c): how many players of class c follow pattern k; `keeper[p,r]`
/// (binary, under `keeperFullPeriods`): p keeps goal throughout period r; `y[c,t,q]` (continuous): players
/// of class c at position q in segment t. Rows: one pattern per player, on-field players of a class = their
/// positions (link), the formation per segment and position, one keeper per period, `maxChangesPerWindow`.
/// With λ and keeper integral the y-system is a transportation problem, so y needs no integrality.
struct LineupPatternModel {
    enum Goal: Equatable {
        case feasibility
        case substitutions
        /// Off-preferred player-segments, with the substitutions held at most at `cap`.
        case offPreferred(cap: Int)
        /// The whole lexicographic objective in one model (for export): spread by `high`/`low` columns bounding
        /// every single player's balance, then substitutions, then off-preferred positions. Exact only when
        /// every class is a single player (see ``LineupPatternSpace/splitClasses()``).
        case lexicographic
        /// One match of a tournament day, built into the day's model (``LineupDayModel``): no objective of its
        /// own; the day reads ``onFieldExpressions``, ``substitutionsExpression`` and ``offPreferredExpression``.
        /// Every class a single player, as for `lexicographic`.
        case dayPart
    }

    /// Per class and segment: the class's players on the field (Σ of the patterns' columns).
    var onFieldExpressions: [[LinearExpression]] = []
    /// Substitutions and off-preferred player-segments as expressions (the `dayPart` goal's).
    var substitutionsExpression = LinearExpression()
    var offPreferredExpression = LinearExpression()

    /// The spread columns of the `lexicographic` goal.
    var spreadColumns: (high: Variable, low: Variable)?
    /// The strength gap's columns (the largest and the smallest on-field rating sum of a segment, in units of
    /// the ratings' grid), under `rules.strength` `balanced` when the goal is the gap or a cap holds it.
    var strengthColumns: (high: Variable, low: Variable)?

    let space: LineupPatternSpace
    var model = Model(name: "lineup-patterns")
    /// Per class: the window's patterns and their columns.
    var lambda: [[(k: Int, variable: Variable)]] = []
    /// Player → period → keeper column.
    var keeper: [Int: [Int: Variable]] = [:]
    /// Per class, segment: position → y column.
    var y: [[[Int: Variable]]] = []
    /// Turn-based: per class of a player who may keep goal, the columns of pattern and periods in goal.
    var roles: [Int: [RoleColumn]] = [:]
    /// Colour groups: the colour columns.
    var colourColumns: ColourColumns?
    /// Columns whose value a plan implies through the others (set last by the encoder).
    var derived: [(Variable, Derived)] = []
    /// The rule rows' flag columns (``LineupRuleRows/flags``).
    var flagColumns: [Variable] = []

    /// `window[c]`: the pattern indices of class c in the window (all of them when nil). `strengthCap`: the
    /// strength gap held at most at this many units (the levels after `strengthGap`).
    init(_ space: LineupPatternSpace, window: [Range<Int>]?, goal: Goal, strengthCap: Int? = nil, into base: Model? = nil) {
        self.space = space
        if let base { model = base }
        let a = space.analysis
        let classes = space.classes
        let n = a.segmentCount
        let keeperPosition = space.keeperColumns ? a.keeper : nil
        var objective = LinearExpression()
        var substitutions = LinearExpression()
        var changes = [LinearExpression](repeating: LinearExpression(), count: n)
        // Per class and segment: Σ on(k,t) λ[c,k].
        var onField = [[LinearExpression]](repeating: [LinearExpression](repeating: LinearExpression(), count: n), count: classes.count)
        for (c, group) in classes.enumerated() {
            let range = window?[c] ?? 0..<group.patterns.count
            var columns: [(Int, Variable)] = []
            var convexity = LinearExpression()
            for k in range {
                let pattern = group.patterns[k]
                let variable =
                    group.count == 1
                    ? model.addBinary("l[\(c),\(k)]")
                    : model.addInteger("l[\(c),\(k)]", lower: 0, upper: Double(group.count))
                columns.append((k, variable))
                convexity.add(variable)
                if pattern.substitutions > 0 { substitutions.add(variable, coefficient: Double(pattern.substitutions)) }
                var bits = pattern.mask
                while bits != 0 {
                    let t = bits.trailingZeroBitCount
                    onField[c][t].add(variable)
                    bits &= bits - 1
                }
                bits = pattern.entries
                while bits != 0 {
                    let t = bits.trailingZeroBitCount
                    changes[t].add(variable)
                    bits &= bits - 1
                }
            }
            lambda.append(columns)
            model.add(convexity == Double(group.count), name: "class[\(c)]")
        }
        // Keeper columns.
        if let keeperPosition {
            for group in classes where group.count == 1 && space.usesKeeperColumns(group.members[0]) {
                let p = group.members[0]
                for r in group.keeperPeriods {
                    let variable = model.addBinary("keeper[\(p),\(r)]")
                    keeper[p, default: [:]][r] = variable
                    if a.preferred[p] != keeperPosition {
                        objective.add(variable, coefficient: Double(space.periodSegments[r]!.count))
                    }
                }
            }
            for r in space.periods {
                let keepers = keeper.keys.sorted().compactMap { keeper[$0]?[r] }
                model.add(sum(keepers) == Double(a.slots[keeperPosition]), name: "keeper_period[\(r)]")
            }
        }
        // Positions and links. A player under a keeper minute rule keeps goal through an integer column.
        let keeperRules = a.keeperMinuteRules
        let followed = Set(keeperRules?.players ?? [])
        let ruleRows = a.ruleRows
        var formation = [[LinearExpression]](repeating: [LinearExpression](repeating: LinearExpression(), count: a.positions.count), count: n)
        for (c, group) in classes.enumerated() {
            let p = group.members[0]
            var rows: [[Int: Variable]] = []
            for t in 0..<n {
                var byPosition: [Int: Variable] = [:]
                guard group.rules.canBeOn & (1 << UInt64(t)) != 0 else {
                    rows.append(byPosition)
                    continue
                }
                var link = LinearExpression()
                for q in a.eligible[p] where q != keeperPosition {
                    let variable =
                        group.count == 1 && ((q == a.keeper && followed.contains(p)) || ruleRows.followed.contains(p))
                        ? model.addBinary("y[\(c),\(t),\(q)]")
                        : model.addVariable("y[\(c),\(t),\(q)]", lower: 0, upper: Double(group.count))
                    byPosition[q] = variable
                    link.add(variable)
                    formation[t][q].add(variable)
                    if a.preferred[p] != q { objective.add(variable) }
                }
                if let column = keeper[p]?[a.segments[t].period] { link.add(column) }
                link.add(onField[c][t], scale: -1)
                model.add(link == 0, name: "link[\(c),\(t)]")
                rows.append(byPosition)
            }
            y.append(rows)
        }
        for t in 0..<n {
            for (q, count) in a.slots.enumerated() where q != keeperPosition {
                model.add(formation[t][q] == Double(count), name: "formation[\(t),\(q)]")
            }
        }
        // Positions fixed by locks and by the keeper who stays.
        for (p, fixed) in space.fixedPosition.sorted(by: { $0.key < $1.key }) {
            guard let c = classes.firstIndex(where: { $0.members == [p] }) else { continue }
            for (t, q) in fixed.sorted(by: { $0.key < $1.key }) {
                if q == keeperPosition {
                    let column = keeper[p]?[a.segments[t].period]
                    model.add((column.map { LinearExpression($0) } ?? LinearExpression()) >= 1, name: "fixed_keeper[\(p),\(t)]")
                } else {
                    let column = y[c][t][q]
                    model.add((column.map { LinearExpression($0) } ?? LinearExpression()) >= 1, name: "fixed[\(p),\(t),\(q)]")
                }
            }
        }
        if let keeperRules { addKeeperMinutes(keeperRules, onField: onField) }
        if !ruleRows.isEmpty { addRuleRows(ruleRows, onField: onField) }
        if let limit = a.rules.maxChangesPerWindow {
            for t in 1..<max(1, n) where !changes[t].terms.isEmpty {
                model.add(changes[t] <= Double(limit), name: "changes[\(t)]")
            }
        }
        // Pairs (each member a class of their own): on in the same segments; never all on the bench.
        let classOf = Dictionary(classes.enumerated().filter { $0.element.count == 1 }.map { ($0.element.members[0], $0.offset) }) { x, _ in x }
        for (g, group) in a.togetherGroups.enumerated() {
            guard let first = classOf[group[0]] else { continue }
            for p in group.dropFirst() {
                guard let c = classOf[p] else { continue }
                for t in 0..<n where !(onField[c][t].terms.isEmpty && onField[first][t].terms.isEmpty) {
                    model.add(onField[c][t] - onField[first][t] == 0, name: "together[\(g),\(p),\(t)]")
                }
            }
        }
        for (g, group) in a.apartGroups.enumerated() {
            for t in group.segments {
                model.add(sum(group.members.compactMap { classOf[$0] }.map { onField[$0][t] }) >= 1, name: "apart[\(g),\(t)]")
            }
        }
        switch a.instance.mode {
        case .turnBased: addTurnBased()
        case .colourGroups: addColourGroups()
        case .balanced, .preMarked: break
        }
        var strengthGap = LinearExpression()
        if let (_, units) = a.strengthGapUnits, goal == .lexicographic || strengthCap != nil {
            let total = Double(units.reduce(0, +))
            let high = model.addInteger("strength_high", lower: 0, upper: total)
            let low = model.addInteger("strength_low", lower: 0, upper: total)
            strengthColumns = (high, low)
            for t in 0..<n {
                var onSum = LinearExpression()
                for (c, group) in classes.enumerated() where units[group.members[0]] != 0 {
                    onSum.add(onField[c][t], scale: Double(units[group.members[0]]))
                }
                model.add(LinearExpression(high) - onSum >= 0, name: "strength_high[\(t)]")
                model.add(onSum - LinearExpression(low) >= 0, name: "strength_low[\(t)]")
            }
            strengthGap = LinearExpression(high) - LinearExpression(low)
            if let strengthCap { model.add(strengthGap <= Double(strengthCap), name: "strength_gap_cap") }
        }
        onFieldExpressions = onField
        substitutionsExpression = substitutions
        offPreferredExpression = objective
        switch goal {
        case .feasibility, .dayPart: break
        case .substitutions: model.minimize(substitutions, name: "substitutions")
        case .offPreferred(let cap):
            if !substitutions.terms.isEmpty { model.add(substitutions <= Double(cap), name: "substitutions_cap") }
            model.minimize(objective, name: "offPreferredPosition")
        case .lexicographic:
            var spread = LinearExpression()
            if classes.contains(where: { $0.balances != nil }) {
                // Bounds from the balances themselves: huge bounds (±1e9) made GLPK's unscaled simplex call the
                // LP of u12-pre-marked infeasible where glpsol and CBC found plans.
                let all = classes.compactMap(\.balances).flatMap { $0 }
                let least = Double(all.min() ?? 0), most = Double(all.max() ?? 0)
                let high = model.addInteger("spread_high", lower: least, upper: most)
                let low = model.addInteger("spread_low", lower: least, upper: most)
                spreadColumns = (high, low)
                for (c, group) in classes.enumerated() {
                    guard let balances = group.balances else { continue }
                    precondition(group.count == 1, "the lexicographic pattern model needs single-player classes")
                    var balance = LinearExpression()
                    for (k, variable) in lambda[c] { balance.add(variable, coefficient: Double(balances[k])) }
                    model.add(LinearExpression(high) - balance >= 0, name: "spread_high[\(c)]")
                    model.add(balance - LinearExpression(low) >= 0, name: "spread_low[\(c)]")
                }
                spread = LinearExpression(high) - LinearExpression(low)
            }
            model.minimize(spread, name: "spread")
            if strengthColumns != nil { model.minimize(strengthGap, name: "strengthGap") }
            model.minimize(substitutions, name: "substitutions")
            model.minimize(objective, name: "offPreferredPosition")
        }
    }

    /// `keeperMaxShare`, `keeperMinOutfieldMinutes` and `keeperTurns` as rows on each followed player's keeper
    /// columns (`keeper[p,r]` under `keeperFullPeriods`, `y[c,t,GK]` otherwise), with a `keeps` column per player
    /// under `keeperMinOutfieldMinutes` (1 when the player keeps goal at all).
    private mutating func addKeeperMinutes(_ rules: KeeperMinuteRules, onField: [[LinearExpression]]) {
        let a = space.analysis
        guard let gk = a.keeper else { return }
        let n = a.segmentCount
        let length = a.segments.map { Double($0.end - $0.start) }
        for p in rules.players {
            guard let c = space.classes.firstIndex(where: { $0.members == [p] }) else { continue }
            // Per segment: the column that puts p in goal.
            let inGoal: [(t: Int, column: Variable)] = (0..<n).compactMap { t in
                if space.keeperColumns { return keeper[p]?[a.segments[t].period].map { (t, $0) } }
                return y[c][t][gk].map { (t, $0) }
            }
            if let cap = rules.cap {
                var minutes = LinearExpression()
                for (t, column) in inGoal where a.segments[t].start < a.regulationEnd { minutes.add(column, coefficient: length[t]) }
                model.add(minutes <= Double(cap - rules.before[p]), name: "keeper_max[\(p)]")
            }
            if rules.minOutfield > 0 {
                let keeps = model.addBinary("keeps[\(p)]")
                if rules.before[p] > 0 {
                    model.add(LinearExpression(keeps) >= 1, name: "kept[\(p)]")
                    derived.append((keeps, .count(LinearExpression() + 1)))
                } else {
                    derived.append((keeps, .any(inGoal.map { LinearExpression($0.column) })))
                }
                for (t, column) in inGoal { model.add(LinearExpression(keeps) - LinearExpression(column) >= 0, name: "keeps[\(p),\(t)]") }
                var outfield = LinearExpression()
                for t in 0..<n { outfield.add(onField[c][t], scale: length[t]) }
                for (t, column) in inGoal { outfield.add(column, coefficient: -length[t]) }
                model.add(
                    outfield - Double(rules.minOutfield) * LinearExpression(keeps) >= Double(-rules.outfieldBefore[p]),
                    name: "keeper_outfield[\(p)]")
            }
            if rules.needTurn.contains(p) {
                model.add(sum(inGoal.map(\.column)) >= 1, name: "keeper_turn[\(p)]")
            }
        }
    }

    /// The rule rows (``LineupRuleRows``) on this model's columns: a cell is the player's `y` (or keeper column),
    /// on the field their class's pattern columns, a flag a binary column of its own.
    private mutating func addRuleRows(_ rules: LineupRuleRows, onField: [[LinearExpression]]) {
        let a = space.analysis
        let keeperPosition = space.keeperColumns ? a.keeper : nil
        let classOf = Dictionary(space.classes.enumerated().filter { $0.element.count == 1 }.map { ($0.element.members[0], $0.offset) }) { x, _ in x }
        flagColumns = rules.flags.map { model.addBinary($0.name) }
        for row in rules.rows {
            guard let c = classOf[row.player] else { continue }
            var expression = LinearExpression()
            for (term, coefficient) in row.terms {
                switch term {
                case .at(let p, let s, let q):
                    precondition(p == row.player, "a rule row names one player's cells")
                    let column = q == keeperPosition ? keeper[p]?[a.segments[s].period] : y[c][s][q]
                    if let column { expression.add(column, coefficient: coefficient) }
                case .on(_, let s): expression.add(onField[c][s], scale: coefficient)
                case .flag(let f): expression.add(flagColumns[f], coefficient: coefficient)
                }
            }
            if let lower = row.lower { model.add(expression >= lower, name: row.name) }
            if let upper = row.upper { model.add(expression <= upper, name: row.name) }
        }
        // A sum row reads each class's count on the field once: the members of a class share their weight.
        var classOfPlayer: [Int: Int] = [:]
        for (c, group) in space.classes.enumerated() { for p in group.members { classOfPlayer[p] = c } }
        for row in rules.sums {
            var weight: [Int: Double] = [:]
            for (p, coefficient) in row.terms { if let c = classOfPlayer[p] { weight[c] = coefficient } }
            var expression = LinearExpression()
            for (c, coefficient) in weight.sorted(by: { $0.key < $1.key }) { expression.add(onField[c][row.segment], scale: coefficient) }
            model.add(expression >= row.lower, name: row.name)
        }
    }

    /// The model's values for a plan whose every player follows a pattern of the window (nil otherwise).
    func encode(_ plan: LineupPlan) -> [Double]? {
        let a = space.analysis
        var values = [Double](repeating: 0, count: model.variableCount)
        var spreadValues: [Int] = []
        for (c, group) in space.classes.enumerated() {
            for p in group.members {
                var mask: UInt64 = 0
                for s in 0..<a.segmentCount where plan.isOn(p, s) { mask |= 1 << UInt64(s) }
                guard let column = lambda[c].first(where: { group.patterns[$0.k].mask == mask }) else { return nil }
                if let balances = group.balances { spreadValues.append(balances[column.k]) }
                values[column.variable.index] += 1
                for s in 0..<a.segmentCount {
                    guard let q = plan.cells[s][p] else { continue }
                    if let variable = y[c][s][q] {
                        values[variable.index] += 1
                    } else if let variable = keeper[p]?[a.segments[s].period] {
                        values[variable.index] = 1
                    } else {
                        return nil
                    }
                }
            }
        }
        for (c, columns) in roles {
            let p = space.classes[c].members[0]
            var mask: UInt64 = 0
            var keeps: UInt64 = 0
            for s in 0..<a.segmentCount where plan.isOn(p, s) {
                mask |= 1 << UInt64(s)
                if plan.cells[s][p] == a.keeper { keeps |= 1 << UInt64(a.segments[s].period) }
            }
            guard let column = columns.first(where: { space.classes[c].patterns[$0.k].mask == mask && $0.keeps == keeps }) else { return nil }
            values[column.variable.index] = 1
        }
        if colourColumns != nil, !encodeColours(plan, into: &values) { return nil }
        for (variable, rule) in derived {
            switch rule {
            case .emptied(let expressions): values[variable.index] = expressions.allSatisfy { abs($0.value(values)) < 0.5 } ? 1 : 0
            case .count(let expression): values[variable.index] = expression.value(values)
            case .any(let expressions): values[variable.index] = expressions.contains { $0.value(values) > 0.5 } ? 1 : 0
            case .matches(let pairs): values[variable.index] = pairs.allSatisfy { abs($0.0.value(values) - $0.1) < 0.5 } ? 1 : 0
            }
        }
        let flags = a.ruleRows.flags
        for (f, variable) in flagColumns.enumerated() { values[variable.index] = flags[f].value(plan) ? 1 : 0 }
        if let (high, low) = spreadColumns {
            values[high.index] = Double(spreadValues.max() ?? 0)
            values[low.index] = Double(spreadValues.min() ?? 0)
        }
        if let (high, low) = strengthColumns, let (_, units) = a.strengthGapUnits {
            let sums = a.strengthSums(of: plan, units: units)
            values[high.index] = Double(sums.max() ?? 0)
            values[low.index] = Double(sums.min() ?? 0)
        }
        return values
    }

    /// The plan of a solution: patterns dealt to the class members, keepers from the keeper columns, and the
    /// positions of each segment by a least-cost assignment (first-listed positions preferred).
    func decode(_ values: [Double]) -> LineupPlan? {
        let a = space.analysis
        var masks = [UInt64](repeating: 0, count: a.playerCount)
        var dealt: [[Int]] = []
        for (c, group) in space.classes.enumerated() {
            var members = group.members[...]
            var patterns: [Int] = []
            for (k, variable) in lambda[c] {
                let times = Int(values[variable.index].rounded())
                for _ in 0..<max(0, times) {
                    guard let p = members.popFirst() else { return nil }
                    masks[p] = group.patterns[k].mask
                    patterns.append(k)
                }
            }
            if !members.isEmpty { return nil }
            dealt.append(patterns)
        }
        var keeperOf: [Int: Int] = [:]
        for (p, columns) in keeper {
            for (r, variable) in columns where values[variable.index] > 0.5 { keeperOf[r] = p }
        }
        // Under a keeper minute rule the model says who keeps goal in each segment; under a rule row, where each
        // followed player plays.
        var cells: [Int: [Int: Int]] = [:]
        let followed = a.ruleRows.followed
        if !space.keeperColumns, let gk = a.keeper, a.keeperMinuteRules != nil {
            for (c, group) in space.classes.enumerated() where group.count == 1 {
                for t in 0..<a.segmentCount {
                    if let variable = y[c][t][gk], values[variable.index] > 0.5 { cells[t, default: [:]][group.members[0]] = gk }
                }
            }
        }
        if !followed.isEmpty {
            for (c, group) in space.classes.enumerated() where group.count == 1 && followed.contains(group.members[0]) {
                for t in 0..<a.segmentCount {
                    for (q, variable) in y[c][t] where values[variable.index] > 0.5 { cells[t, default: [:]][group.members[0]] = q }
                }
            }
        }
        guard colourColumns != nil else { return space.plan(masks: masks, keepers: keeperOf, cells: cells) }
        guard let colour = decodeColours(values, masks: masks, dealt: dealt) else { return nil }
        let keeperOnly = Set(space.colourPool.filter { colour[$0] == nil })
        guard var plan = space.plan(masks: masks, keepers: keeperOf, keeperOnly: keeperOnly, cells: cells) else { return nil }
        plan.colour = colour
        return plan
    }
}

extension LineupPatternSpace {
    /// A plan from each player's on/off mask and (under `keeperFullPeriods`) each period's keeper: positions by
    /// a least-cost assignment per segment. Nil when a segment cannot be filled.
    /// `cells`: segment → player → the position the model put them at (under a keeper minute rule or a rule row).
    func plan(masks: [UInt64], keepers: [Int: Int], keeperOnly: Set<Int> = [], cells: [Int: [Int: Int]] = [:]) -> LineupPlan? {
        let a = analysis
        var plan = LineupPlan(segments: a.segmentCount, players: a.playerCount)
        for s in 0..<a.segmentCount {
            let on = a.instance.players.indices.filter { masks[$0] & (1 << UInt64(s)) != 0 }
            var fixed: [Int: Int] = [:]
            for p in on { if let q = fixedPosition[p]?[s] { fixed[p] = q } }
            if let keeper = a.keeper { for p in on where keeperOnly.contains(p) { fixed[p] = keeper } }
            if keeperColumns, let keeper = a.keeper {
                guard let p = keepers[a.segments[s].period], on.contains(p) else { return nil }
                fixed[p] = keeper
            }
            for (p, q) in cells[s] ?? [:] {
                guard on.contains(p) else { return nil }
                fixed[p] = q
            }
            guard let assignment = LineupAssignment.positions(a, players: on, fixed: fixed, keeperOpen: !keeperColumns) else { return nil }
            for (p, q) in assignment { plan.cells[s][p] = q }
        }
        return plan
    }
}

/// Least-cost assignment of the players on the field to the formation's slots (cost 1 for a position that is
/// not the player's first-listed one), by the Hungarian method on the slots.
enum LineupAssignment {
    static func positions(_ a: LineupAnalysis, players: [Int], fixed: [Int: Int], keeperOpen: Bool) -> [Int: Int]? {
        var slots: [Int] = []
        for (q, count) in a.slots.enumerated() { slots += Array(repeating: q, count: count) }
        guard players.count == slots.count else { return nil }
        let size = slots.count
        if size == 0 { return [:] }
        let big = 1_000_000
        var cost = [[Int]](repeating: [Int](repeating: big, count: size), count: size)
        for (i, p) in players.enumerated() {
            for (j, q) in slots.enumerated() {
                if let f = fixed[p] {
                    if f == q { cost[i][j] = 0 }
                } else if a.eligible[p].contains(q) && (keeperOpen || q != a.keeper) {
                    cost[i][j] = a.preferred[p] == q ? 0 : 1
                }
            }
        }
        let match = AssignmentProblem.minimumCost(cost)
        var result: [Int: Int] = [:]
        for (i, j) in match.enumerated() {
            if cost[i][j] >= big { return nil }
            result[players[i]] = slots[j]
        }
        return result
    }
}
