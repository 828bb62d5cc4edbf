/// Rules on who plays where, written once as linear rows over a plan's cells and read by every exact model.
///
/// A row is a sum of terms, each a plan's cell indicator (player p at position q in segment s), a player's
/// being on the field in a segment, or a flag (a 0/1 column of the rule's own, whose value for a given plan is
/// stated with it). The pattern model maps the terms to its `y`, keeper and on-field expressions, the compact
/// model to its `x` columns; the compact model's best effort relaxes each rule of each player with one break
/// variable, set for a plan by evaluating the rule's rows on it. A rule added here reaches both exact engines
/// (GLPK's and the built-in solver's) and the best effort; the verifier checks it in its own words.
///
/// The players a rule names are "followed": each is a pattern class of their own, and their cells are
/// integer columns (the pattern model's `y` of a class of several players is a count and needs no
/// integrality, but a row on one player's positions breaks the transportation structure that made it so).
struct LineupRuleRows: Sendable {
    enum Term: Hashable, Sendable {
        /// Player p at position q (an index into the analysis's positions) in segment s.
        case at(p: Int, s: Int, q: Int)
        /// Player p on the field in segment s.
        case on(p: Int, s: Int)
        /// A flag column (index into `flags`).
        case flag(Int)
    }

    struct Row: Sendable {
        /// The rule's JSON name, as the verifier's findings name it.
        var rule: String
        var player: Int
        var terms: [(term: Term, coefficient: Double)]
        /// `terms ≥ lower` or `terms ≤ upper` (one of the two).
        var lower: Double?
        var upper: Double?
        var name: String
    }

    struct Flag: Sendable {
        var name: String
        /// The flag's value for a plan (what a warm start and a best effort's break variable read).
        var value: @Sendable (LineupPlan) -> Bool
    }

    /// A row over who is on the field in one segment, not over one player: Σ coefficient·on(p,s) ≥ lower
    /// (`rules.strength`). Its players are not followed: the pattern model keeps a class of players with
    /// equal coefficients (``weights``) and reads the class's count on the field.
    struct SumRow: Sendable {
        var rule: String
        var segment: Int
        var terms: [(player: Int, coefficient: Double)]
        var lower: Double
        var name: String
    }

    var rows: [Row] = []
    var sums: [SumRow] = []
    /// Each player's coefficient in the sum rows (their rating), when there are sum rows: players with
    /// different weights are told apart (pattern classes, the compact model's interchangeable groups).
    var weights: [Int: Double] = [:]
    var flags: [Flag] = []
    /// The players the rows name.
    var followed: Set<Int> = []
    /// Players the rules hold to one position whenever they play (`onePosition` with a position held before
    /// the plan or in `mustPlay`): what the greedy's matching offers them.
    var only: [Int: Int] = [:]

    var isEmpty: Bool { rows.isEmpty && sums.isEmpty }

    /// How far below its bound a sum row's value may fall and still hold: the ratings are decimals, and a
    /// bound such as 0.9 × 30 is not exact in binary. The verifier allows the same.
    static let sumTolerance = LineupVerifier.strengthTolerance

    func holds(_ row: SumRow, _ plan: LineupPlan) -> Bool {
        row.terms.reduce(0) { $0 + (plan.cells[row.segment][$1.player] != nil ? $1.coefficient : 0) } >= row.lower
    }

    mutating func flag(_ name: String, _ value: @escaping @Sendable (LineupPlan) -> Bool) -> Term {
        flags.append(Flag(name: name, value: value))
        return .flag(flags.count - 1)
    }

    mutating func add(
        _ rule: String, _ player: Int, _ terms: [(Term, Double)], atLeast lower: Double? = nil, atMost upper: Double? = nil, name: String
    ) {
        rows.append(Row(rule: rule, player: player, terms: terms.map { (term: $0.0, coefficient: $0.1) }, lower: lower, upper: upper, name: name))
        followed.insert(player)
    }

    /// A row's value for a plan, flags at their stated values.
    func value(_ row: Row, _ plan: LineupPlan) -> Double {
        row.terms.reduce(0) { total, entry in
            let x: Bool
            switch entry.term {
            case .at(let p, let s, let q): x = plan.cells[s][p] == q
            case .on(let p, let s): x = plan.cells[s][p] != nil
            case .flag(let f): x = flags[f].value(plan)
            }
            return total + (x ? entry.coefficient : 0)
        }
    }

    func holds(_ row: Row, _ plan: LineupPlan) -> Bool {
        let value = value(row, plan)
        if let lower = row.lower, value < lower - 1e-9 { return false }
        if let upper = row.upper, value > upper + 1e-9 { return false }
        return true
    }

    /// How far a row can be from holding at worst (the big M a break variable needs).
    func reach(_ row: Row) -> Double {
        let low = row.terms.reduce(0) { $0 + min(0, $1.coefficient) }
        let high = row.terms.reduce(0) { $0 + max(0, $1.coefficient) }
        if let lower = row.lower { return max(0, lower - low) }
        if let upper = row.upper { return max(0, high - upper) }
        return 0
    }
}

extension LineupAnalysis {
    /// Makes the position rules (`players[].mustPlay`, `players[].onePosition`, `rules.minPositions`) as rows.
    ///
    /// - mustPlay: for each listed position not played before the plan, Σ_s at(p,s,q) ≥ 1.
    /// - onePosition: a flag z_q per position of the player (plays q at all); at(p,s,q) ≤ z_q and Σ_q z_q ≤ 1;
    ///   with a position held before the plan, every other position is closed instead.
    /// - minPositions: a flag u_q per own outfield position not played before (plays q at all) and a flag w
    ///   (at least two segments outfield, one before the plan counted); u_q ≤ Σ_s at(p,s,q),
    ///   Σ_{s,q} at(p,s,q) ≤ 1 − before + n·w, Σ_q u_q ≥ (needed − already)·w.
    func makeRuleRows() -> LineupRuleRows {
        var rows = LineupRuleRows()
        let n = segmentCount
        let ids = instance.players.map(\.id)
        let least = rules.minPositions
        let keeper = self.keeper
        for (p, player) in instance.players.enumerated() where player.isAvailable {
            let own = eligible[p].filter { slots[$0] > 0 }
            let before = Set((instance.state?.positionsPlayed(by: player.id) ?? []).compactMap { code in positions.firstIndex(of: code) })
                .filter { slots[$0] > 0 }
            let open = (0..<n).filter { canPlay[p][$0] }
            func cells(_ q: Int) -> [(LineupRuleRows.Term, Double)] { open.map { (.at(p: p, s: $0, q: q), 1) } }
            for code in player.mustPlay ?? [] {
                guard let q = positions.firstIndex(of: code), own.contains(q), !before.contains(q) else { continue }
                rows.add("mustPlay", p, cells(q), atLeast: 1, name: "must_play[\(ids[p]),\(code)]")
            }
            if player.onePosition == true {
                if let held = before.first ?? (player.mustPlay ?? []).compactMap({ positions.firstIndex(of: $0) }).first(where: own.contains) {
                    rows.only[p] = held
                }
                if let held = before.first {
                    for q in own where q != held && !open.isEmpty {
                        rows.add("onePosition", p, cells(q), atMost: 0, name: "one_position[\(ids[p]),\(positions[q])]")
                    }
                } else if own.count > 1 && !open.isEmpty {
                    var chosen: [(LineupRuleRows.Term, Double)] = []
                    for q in own {
                        let z = rows.flag("z[\(ids[p]),\(positions[q])]") { plan in (0..<n).contains { plan.cells[$0][p] == q } }
                        chosen.append((z, 1))
                        for s in open {
                            rows.add(
                                "onePosition", p, [(.at(p: p, s: s, q: q), 1), (z, -1)], atMost: 0,
                                name: "one_position[\(ids[p]),\(s),\(positions[q])]")
                        }
                    }
                    rows.add("onePosition", p, chosen, atMost: 1, name: "one_position[\(ids[p])]")
                }
            }
            if let least {
                let outfield = own.filter { $0 != keeper }
                let needed = min(least, outfield.count)
                let already = before.filter { outfield.contains($0) }.count
                guard needed > already, !open.isEmpty else { continue }
                let played: Double = before.contains { $0 != keeper } ? 1 : 0
                let w = rows.flag("w[\(ids[p])]") { plan in
                    Double((0..<n).filter { s in plan.cells[s][p].map { $0 != keeper } ?? false }.count) + played >= 2
                }
                var onOutfield: [(LineupRuleRows.Term, Double)] = outfield.flatMap { cells($0) }
                onOutfield.append((w, -Double(n)))
                rows.add("minPositions", p, onOutfield, atMost: 1 - played, name: "min_positions_count[\(ids[p])]")
                var distinct: [(LineupRuleRows.Term, Double)] = [(w, -Double(needed - already))]
                for q in outfield where !before.contains(q) {
                    let u = rows.flag("u[\(ids[p]),\(positions[q])]") { plan in (0..<n).contains { plan.cells[$0][p] == q } }
                    distinct.append((u, 1))
                    rows.add(
                        "minPositions", p, [(u, 1)] + cells(q).map { ($0.0, -1) }, atMost: 0, name: "min_positions_at[\(ids[p]),\(positions[q])]")
                }
                rows.add("minPositions", p, distinct, atLeast: 0, name: "min_positions[\(ids[p])]")
            }
        }
        addStintRows(&rows)
        addStrengthRows(&rows)
        return rows
    }

    /// `rules.strength` with `minShare`: in each planned segment s, Σ_p rating_p · on(p,s) ≥ share × the sum of
    /// the highest ratings of `fieldSize` players present in s (available and arrived), less the tolerance.
    /// Under `balanced` only the weights: the strength gap's columns and rows are the models' own
    /// (``strengthGapUnits``), since they are an objective level, not a rule.
    func addStrengthRows(_ rows: inout LineupRuleRows) {
        let ratings = instance.players.map { $0.rating ?? 0 }
        if rules.strength?.balanced == true || (rules.strength?.minShare ?? 0) > 0 {
            for (p, player) in instance.players.enumerated() where player.isAvailable { rows.weights[p] = ratings[p] }
        }
        guard let share = rules.strength?.minShare, share > 0 else { return }
        for s in 0..<segmentCount {
            let present = instance.players.indices.filter { canPlay[$0][s] }
            let best = present.map { ratings[$0] }.sorted(by: >).prefix(fieldSize).reduce(0, +)
            let floor = share * best
            guard floor > LineupRuleRows.sumTolerance else { continue }
            rows.sums.append(
                LineupRuleRows.SumRow(
                    rule: "strength", segment: s, terms: present.filter { ratings[$0] > 0 }.map { (player: $0, coefficient: ratings[$0]) },
                    lower: floor - LineupRuleRows.sumTolerance, name: "strength[\(s)]"))
        }
    }

    /// Under `rules.strength` `balanced`: each player's rating in whole units of 1/scale (0 for a player who
    /// cannot play), and the scale. The strength gap of a plan is the largest minus the smallest Σ units·on(p,s)
    /// over the planned segments, divided by the scale; the exact models bound every segment's sum between two
    /// integer columns and minimise their difference.
    var strengthGapUnits: (scale: Double, units: [Int])? {
        guard rules.strength?.balanced == true else { return nil }
        let ratings = instance.players.map { $0.isAvailable ? $0.rating ?? 0 : 0 }
        guard let scale = LineupStrength.scale(of: ratings) else { return nil }
        return (scale, ratings.map { Int(($0 * scale).rounded()) })
    }

    /// Each planned segment's sum of `units` over the players on the field.
    func strengthSums(of plan: LineupPlan, units: [Int]) -> [Int] {
        (0..<segmentCount).map { s in units.indices.reduce(0) { $0 + (plan.cells[s][$1] != nil ? units[$1] : 0) } }
    }

    /// `rules.maxStintMinutes`: for each player, capped position q of theirs and planned segment i, the
    /// shortest run of segments i…j within i's period longer than the cap is not all at q:
    /// Σ_{s=i…j} at(p,s,q) ≤ j − i. A run in progress at a re-plan within a period (`state.stintMinutes`) adds
    /// its minutes to the windows from the first planned segment. Every run too long contains such a window
    /// from its first segment, so the rows allow exactly the plans the rule allows.
    func addStintRows(_ rows: inout LineupRuleRows) {
        let caps = rules.maxStintMinutes ?? [:]
        guard !caps.isEmpty else { return }
        let ids = instance.players.map(\.id)
        let starts = Set(periodStarts)
        let state = instance.state
        for (p, player) in instance.players.enumerated() where player.isAvailable {
            for q in eligible[p] where slots[q] > 0 {
                guard let cap = caps[positions[q]] else { continue }
                let carried = state.flatMap { state in
                    state.onField[player.id] == positions[q] && !starts.contains(state.minute) ? state.stintMinutes?[player.id] ?? 0 : nil
                }
                for i in 0..<segmentCount {
                    var minutes = (i == 0 ? carried ?? 0 : 0)
                    var j = i
                    while j < segmentCount && (j == i || !starts.contains(segments[j].start)) && canPlay[p][j] {
                        minutes += segments[j].length
                        if minutes > cap { break }
                        j += 1
                    }
                    guard j < segmentCount, minutes > cap, canPlay[p][j] else { continue }
                    rows.add(
                        "maxStintMinutes", p, (i...j).map { (.at(p: p, s: $0, q: q), 1) }, atMost: Double(j - i),
                        name: "max_stint[\(ids[p]),\(positions[q]),\(i)]")
                }
            }
        }
    }
}
