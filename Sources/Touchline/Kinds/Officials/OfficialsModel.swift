import TouchlineMILP

/// Where each match may be played, for the officials part of a model: per match the candidate places, each
/// with the expression that is 1 when the match is there (the constant 1 for a fixed venue), and the
/// expression that is 1 when the match is played at all.
struct Placement {
    var options: [[(place: Int, indicator: LinearExpression)]]
    var placed: [LinearExpression]

    /// Every match at its one venue.
    static func fixed(_ places: [Int]) -> Placement {
        Placement(options: places.map { [($0, LinearExpression(1))] }, placed: places.map { _ in LinearExpression(1) })
    }
}

/// Adds the officials part to a model: `x[m,o]` for eligible pairs only, slots, pins, clashes, limits, load,
/// travel and repeat pairings.
///
/// Clashes that hold wherever the two matches are played form a graph that does not depend on the official
/// (rest and travel are the same for everyone); a greedy edge-clique cover of it gives one row per official
/// and clique (`Σ x ≤ 1`), far tighter than pairwise rows. Clashes that depend on the places chosen (matchday)
/// become `x[a,o] + x[b,o] + [a at p] + [b at q] ≤ 3`, aggregated to field groups where a whole block clashes.
/// A move between groups: `t ≥ x[a,o] + x[b,o] − 1 − Σ_{c between} x[c,o]` (+ `d[a,b] − 1` when the groups are
/// chosen), which is exact because only consecutive matches leave the right-hand side at 1.
struct OfficialsModelBuilder {
    var x: [[(official: Int, variable: Variable)]] = []
    var filled = LinearExpression()
    var changes: LinearExpression?
    var maxLoad: Variable
    var travel = LinearExpression()
    var repeats = LinearExpression()

    init(model: inout Model, core: OfficialsCore, placement: Placement, previous: [String: [String]]?) {
        let matches = core.matches
        var variableOf = [[Int: Variable]](repeating: [:], count: matches.count)
        for (m, match) in matches.enumerated() {
            var row: [(Int, Variable)] = []
            for o in core.eligible[m] {
                let variable = model.addBinary("x[\(match.id),\(core.officials[o].id)]")
                if core.pins[m].contains(o) { model.setBounds(variable, lower: 1, upper: 1) }
                row.append((o, variable))
                variableOf[m][o] = variable
            }
            x.append(row)
            if !row.isEmpty {
                let crew = sum(row.map(\.1))
                model.add(crew <= Double(match.needed) * placement.placed[m], name: "slots[\(match.id)]")
                filled += crew
            }
        }
        // Clashes.
        var adjacency = [Set<Int>](repeating: [], count: matches.count)
        for a in matches.indices {
            for b in core.nearby[a] where b > a {
                let optionsA = placement.options[a], optionsB = placement.options[b]
                var clashing: [(Int, Int)] = []
                for (i, pa) in optionsA.enumerated() {
                    for (j, pb) in optionsB.enumerated() where core.clash(a, at: pa.place, b, at: pb.place) { clashing.append((i, j)) }
                }
                if clashing.isEmpty { continue }
                if clashing.count == optionsA.count * optionsB.count {
                    adjacency[a].insert(b)
                    adjacency[b].insert(a)
                    continue
                }
                let shared = Set(core.eligible[a]).intersection(core.eligible[b]).sorted()
                if shared.isEmpty { continue }
                for (indicatorA, indicatorB, label) in Self.blocks(clashing, optionsA, optionsB, core) {
                    for o in shared {
                        model.add(variableOf[a][o]! + variableOf[b][o]! + indicatorA + indicatorB <= 3,
                                  name: "clash[\(matches[a].id),\(matches[b].id),\(core.officials[o].id),\(label)]")
                    }
                }
            }
        }
        for (index, clique) in Self.cliqueCover(adjacency, order: matches.indices.sorted { matches[$0].start < matches[$1].start }).enumerated() {
            for o in core.officials.indices {
                let members = clique.compactMap { variableOf[$0][o] }
                if members.count > 1 {
                    model.add(sum(members) <= 1, name: "busy[\(core.officials[o].id),\(index)]")
                }
            }
        }
        // Limits and load.
        maxLoad = model.addInteger("max_load", lower: 0, upper: Double(matches.count))
        var maxLoadExpressions: [LinearExpression] = []
        for (o, official) in core.officials.enumerated() {
            let worked = matches.indices.compactMap { variableOf[$0][o] }
            if worked.isEmpty { continue }
            let total = sum(worked)
            model.add(total <= LinearExpression(maxLoad), name: "load[\(official.id)]")
            maxLoadExpressions.append(total)
            if let limit = official.maxTotal, worked.count > limit {
                model.add(total <= Double(limit), name: "max_total[\(official.id)]")
            }
            if let limit = official.maxPerDay {
                var byDay: [Int: [Variable]] = [:]
                for m in matches.indices { if let v = variableOf[m][o] { byDay[matches[m].day, default: []].append(v) } }
                for (day, list) in byDay.sorted(by: { $0.key < $1.key }) where list.count > limit {
                    model.add(sum(list) <= Double(limit), name: "max_per_day[\(official.id),\(LocalDateTime(minutes: day * 1440).dateText)]")
                }
            }
        }
        model.define(maxLoad, as: .maxOf(maxLoadExpressions, floor: 0))
        // Moves between field groups.
        var byDay: [Int: [Int]] = [:]
        for m in matches.indices { byDay[matches[m].day, default: []].append(m) }
        for (_, dayMatches) in byDay.sorted(by: { $0.key < $1.key }) {
            let ordered = dayMatches.sorted { (matches[$0].start, $0) < (matches[$1].start, $1) }
            for (i, a) in ordered.enumerated() {
                for b in ordered[(i + 1)...] where matches[b].start > matches[a].start && !adjacency[a].contains(b) {
                    let groupsA = Set(placement.options[a].map { core.groupOfPlace[$0.place] })
                    let groupsB = Set(placement.options[b].map { core.groupOfPlace[$0.place] })
                    if groupsA.count == 1 && groupsA == groupsB { continue }
                    let shared = Set(core.eligible[a]).intersection(core.eligible[b]).sorted()
                    if shared.isEmpty { continue }
                    var different = LinearExpression(1)
                    if !(groupsA.count == 1 && groupsB.count == 1) {
                        let d = model.addVariable("differ[\(matches[a].id),\(matches[b].id)]", lower: 0, upper: 1)
                        var expressions: [LinearExpression] = []
                        for group in groupsA.sorted() {
                            let inA = sum(placement.options[a].filter { core.groupOfPlace[$0.place] == group }.map(\.indicator))
                            let inB = sum(placement.options[b].filter { core.groupOfPlace[$0.place] == group }.map(\.indicator))
                            model.add(LinearExpression(d) >= inA - inB, name: "differ[\(matches[a].id),\(matches[b].id),\(group)]")
                            expressions.append(inA - inB)
                        }
                        model.define(d, as: .maxOf(expressions, floor: 0))
                        different = LinearExpression(d)
                    }
                    let between = ordered.filter { matches[$0].start > matches[a].start && matches[$0].start < matches[b].start }
                    for o in shared {
                        let t = model.addVariable("move[\(matches[a].id),\(matches[b].id),\(core.officials[o].id)]", lower: 0, upper: 1)
                        let skipped = sum(between.map { variableOf[$0][o] })
                        let expression = variableOf[a][o]! + variableOf[b][o]! + different - 2 - skipped
                        model.add(LinearExpression(t) >= expression, name: "move[\(matches[a].id),\(matches[b].id),\(core.officials[o].id)]")
                        model.define(t, as: .maxOf([expression], floor: 0))
                        travel += t
                    }
                }
            }
        }
        // Repeat pairings.
        for (o, official) in core.officials.enumerated() {
            var byTeam: [String: [Variable]] = [:]
            for m in matches.indices {
                guard let v = variableOf[m][o] else { continue }
                for team in Set(matches[m].teams) { byTeam[team, default: []].append(v) }
            }
            for (team, list) in byTeam.sorted(by: { $0.key < $1.key }) where list.count > 1 {
                let r = model.addVariable("repeat[\(official.id),\(team)]", lower: 0, upper: Double(list.count - 1))
                model.add(LinearExpression(r) >= sum(list) - 1, name: "repeat[\(official.id),\(team)]")
                model.define(r, as: .maxOf([sum(list) - 1], floor: 0))
                repeats += r
            }
        }
        if let previous {
            var kept = LinearExpression()
            for (m, match) in matches.enumerated() {
                for id in Set(previous[match.id] ?? []) {
                    kept += 1
                    if let o = core.officialIndex[id], let v = variableOf[m][o] { kept -= v }
                }
            }
            changes = kept
        }
    }

    /// The officials levels in contract order, each with the bound no plan can beat (every slot an eligible
    /// official can take filled; published pairs kept unless the official is no longer eligible; the most pins
    /// on one official; no moves; no repeats), so that a warm start reaching it is optimal at once.
    func setObjectives(_ model: inout Model, core: OfficialsCore) {
        let slots = core.matches.indices.reduce(0) { $0 + min(core.matches[$1].needed, core.eligible[$1].count) }
        model.maximize(filled, name: "filled", bound: Double(slots))
        if let changes { model.minimize(changes, name: "changes", bound: max(0, changes.constant - Double(changes.terms.count))) }
        var pins = [Int](repeating: 0, count: core.officials.count)
        for crew in core.pins { for o in crew { pins[o] += 1 } }
        model.minimize(LinearExpression(maxLoad), name: "maxLoad", bound: Double(pins.max() ?? 0))
        let officials = Double(max(1, core.officials.count)), pinned = Double(pins.max() ?? 0)
        model.objectives[model.objectives.count - 1].boundFromEarlier = { values in
            max(pinned, (values[0] / officials - 1e-9).rounded(.up))
        }
        model.minimize(travel, name: "travel", bound: 0)
        model.minimize(repeats, name: "repeatPairings", bound: 0)
    }

    /// The clashing place pairs of two matches as rows: whole blocks of field groups where they clash
    /// entirely, single place pairs elsewhere.
    static func blocks(
        _ clashing: [(Int, Int)], _ optionsA: [(place: Int, indicator: LinearExpression)],
        _ optionsB: [(place: Int, indicator: LinearExpression)], _ core: OfficialsCore
    ) -> [(LinearExpression, LinearExpression, String)] {
        var result: [(LinearExpression, LinearExpression, String)] = []
        let clashSet = Set(clashing.map { $0.0 * 100_000 + $0.1 })
        var byGroups: [String: [(Int, Int)]] = [:]
        for pair in clashing {
            let key = core.groupOfPlace[optionsA[pair.0].place] + "\u{1}" + core.groupOfPlace[optionsB[pair.1].place]
            byGroups[key, default: []].append(pair)
        }
        for (key, pairs) in byGroups.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
            let inA = optionsA.indices.filter { core.groupOfPlace[optionsA[$0].place] == parts[0] }
            let inB = optionsB.indices.filter { core.groupOfPlace[optionsB[$0].place] == parts[1] }
            let whole = inA.allSatisfy { i in inB.allSatisfy { j in clashSet.contains(i * 100_000 + j) } }
            if whole {
                result.append((sum(inA.map { optionsA[$0].indicator }), sum(inB.map { optionsB[$0].indicator }), "\(parts[0])-\(parts[1])"))
            } else {
                for (i, j) in pairs {
                    result.append((optionsA[i].indicator, optionsB[j].indicator,
                                   "\(core.placeIds[optionsA[i].place])-\(core.placeIds[optionsB[j].place])"))
                }
            }
        }
        return result
    }

    /// A greedy edge-clique cover: each uncovered edge grows into a clique by adding the common neighbour
    /// that covers the most uncovered edges.
    static func cliqueCover(_ adjacency: [Set<Int>], order: [Int]) -> [[Int]] {
        var covered = Set<Int>()
        let n = adjacency.count
        func key(_ a: Int, _ b: Int) -> Int { min(a, b) * n + max(a, b) }
        var cliques: [[Int]] = []
        for a in order {
            for b in adjacency[a].sorted() where !covered.contains(key(a, b)) {
                var clique = [a, b]
                var candidates = adjacency[a].intersection(adjacency[b])
                while !candidates.isEmpty {
                    let next = candidates.max { c1, c2 in
                        let u1 = clique.filter { !covered.contains(key($0, c1)) }.count
                        let u2 = clique.filter { !covered.contains(key($0, c2)) }.count
                        return (u1, -c1) < (u2, -c2)
                    }!
                    clique.append(next)
                    candidates.formIntersection(adjacency[next])
                    candidates.remove(next)
                }
                for (i, p) in clique.enumerated() { for q in clique[(i + 1)...] { covered.insert(key(p, q)) } }
                cliques.append(clique.sorted())
            }
        }
        return cliques
    }

    /// Warm-start values of the assignment variables for a plan, the crews (official indices per match); false
    /// when a crew holds an official the match cannot have. The model's definitions complete the rest.
    func encode(crews: [[Int]], into values: inout [Double]) -> Bool {
        for (m, row) in x.enumerated() {
            for o in crews[m] {
                guard let entry = row.first(where: { $0.official == o }) else { return false }
                values[entry.variable.index] = 1
            }
        }
        return true
    }
}
