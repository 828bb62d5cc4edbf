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
    /// The league terms asked for (see ``addLeagueTerms(_:core:places:terms:)``), by term.
    var terms: [OfficialsTerm: LinearExpression] = [:]
    /// Per match, x by official index.
    var variableOf: [[Int: Variable]] = []
    /// Per match, the optional-slot part of the crew (crew − filled required slots), where the match has
    /// optional slots.
    var optionalPart: [Int: LinearExpression] = [:]

    /// For a large-neighbourhood search: per match and official the columns that belong to that assignment
    /// (x, and the route and crew-conflict columns that read it), per match its own auxiliaries, per team its
    /// frequency columns, and the columns every neighbourhood frees (load deviation, maximum load).
    var pairColumns: [[Int: [Int]]] = []
    var matchColumns: [[Int]] = []
    var teamColumns: [String: [Int: Int]] = [:]
    var globalColumns: [Int] = []

    init(
        model: inout Model, core: OfficialsCore, placement: Placement, previous: [String: [String]]?,
        travelAndRepeats: Bool = true, exactRequired: Bool = false
    ) {
        let matches = core.matches
        var variableOf = [[Int: Variable]](repeating: [:], count: matches.count)
        pairColumns = [[Int: [Int]]](repeating: [:], count: matches.count)
        matchColumns = [[Int]](repeating: [], count: matches.count)
        for (m, match) in matches.enumerated() {
            var row: [(Int, Variable)] = []
            for o in core.eligible[m] {
                let variable = model.addBinary("x[\(match.id),\(core.officials[o].id)]")
                if core.pins[m].contains(o) { model.setBounds(variable, lower: 1, upper: 1) }
                row.append((o, variable))
                variableOf[m][o] = variable
                pairColumns[m][o] = [variable.index]
            }
            x.append(row)
            if !row.isEmpty {
                let crew = sum(row.map(\.1))
                model.add(crew <= Double(match.maxCrew) * placement.placed[m], name: "slots[\(match.id)]")
                if match.maxCrew > match.needed && row.count > match.needed {
                    // Required slots filled: r ≤ needed, r ≤ crew, crew − r ≤ optional slots. Maximising the
                    // filled level first makes r = min(crew, needed) in every plan that keeps that level.
                    let r = model.addVariable("required[\(match.id)]", lower: 0, upper: Double(match.needed))
                    model.add(LinearExpression(r) <= crew, name: "required_crew[\(match.id)]")
                    model.add(crew - r <= Double(match.maxCrew - match.needed), name: "optional[\(match.id)]")
                    model.define(r, as: .minOf([crew], ceiling: Double(match.needed)))
                    matchColumns[m].append(r.index)
                    if exactRequired {
                        // When `filled` is not maximised first, on its own, a level could push r below
                        // min(crew, needed): a binary makes r exact (z = 1: r ≥ needed; z = 0: r ≥ crew).
                        let z = model.addBinary("required_full[\(match.id)]")
                        model.add(LinearExpression(r) - Double(match.needed) * LinearExpression(z) >= 0, name: "required_full[\(match.id)]")
                        model.add(LinearExpression(r) - crew + Double(match.maxCrew) * LinearExpression(z) >= 0, name: "required_all[\(match.id)]")
                        model.define(z, as: .indicator(crew - Double(match.needed) + 0.5))
                        matchColumns[m].append(z.index)
                    }
                    filled += r
                    optionalPart[m] = crew - r
                } else {
                    // No optional slot can be filled here (at most `needed` officials may take the match, or it
                    // has no optional slots): its optional slots all count as unfilled.
                    filled += crew
                }
                if core.avoidIsHard {
                    for (o, vo) in row {
                        for (p, vp) in row where p > o && (core.avoids[o].contains(p) || core.avoids[p].contains(o)) {
                            model.add(vo + vp <= 1, name: "avoid[\(match.id),\(core.officials[o].id),\(core.officials[p].id)]")
                        }
                    }
                }
            }
        }
        self.variableOf = variableOf
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
                        model.add(
                            variableOf[a][o]! + variableOf[b][o]! + indicatorA + indicatorB <= 3,
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
        globalColumns.append(maxLoad.index)
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
        if travelAndRepeats {
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

    /// The league terms (`distanceKm`, `optionalUnfilled`, `lowExperience`, `crewConflicts`, `teamConflicts`,
    /// `loadDeviation`, `teamFrequency`) asked for, each exact on integer plans (officials kind, fixed venues):
    /// - `distanceKm`: every match costs the official a round trip from home; a continuous `y[a,b,o]` for two
    ///   matches of one day that the official can work in turn gives back the round trips' saving
    ///   (home→a + b→home − a→b, never negative), with one successor per match (`Σ_b y ≤ x[a,o]`), one
    ///   predecessor (`Σ_a y ≤ x[b,o]`) and `y + x[c,o] ≤ 1` for every match c that fits between them, so only
    ///   consecutive matches of the route save;
    /// - `loadDeviation`: an integer `z_o` with `N·z_o ≥ ±(S − N·n_o)` (S every assigned slot, N officials), so
    ///   `z_o ≥ ⌈|S/N − n_o|⌉` exactly, for any S; `teamFrequency` likewise with `N·w ≥ N·n_ot − S_t`.
    ///
    /// With `fixedCrews` (crew sizes per match, from a plan) every match keeps its crew size, so S and each
    /// team's slots are constants: then `z_o ≥ ⌈S/N⌉ − n_o`, `z_o ≥ n_o − ⌊S/N⌋` and `w ≥ n_ot − ⌊S_t/N⌋` are
    /// exact with continuous z and w, and the rows are sparse (the model of the large-neighbourhood search).
    mutating func addLeagueTerms(
        _ model: inout Model, core: OfficialsCore, places: [Int], terms wanted: Set<OfficialsTerm>, fixedCrews: [Int]? = nil
    ) {
        let matches = core.matches
        let n = core.officials.count
        if let fixedCrews {
            for (m, row) in variableOf.enumerated() where !row.isEmpty {
                model.add(sum(row.values) == Double(fixedCrews[m]), name: "crew_size[\(matches[m].id)]")
            }
        }
        if wanted.contains(.distanceKm) {
            var km = LinearExpression()
            var successors = [[Int: LinearExpression]](repeating: [:], count: matches.count)
            var predecessors = [[Int: LinearExpression]](repeating: [:], count: matches.count)
            var byDay: [Int: [Int]] = [:]
            for m in matches.indices { byDay[matches[m].day, default: []].append(m) }
            for (m, row) in variableOf.enumerated() {
                for (o, v) in row.sorted(by: { $0.key < $1.key }) {
                    if let home = core.homeKm[o] { km += Double(2 * home[places[m]]) * v }
                }
            }
            for (_, dayMatches) in byDay.sorted(by: { $0.key < $1.key }) {
                let ordered = dayMatches.sorted { (matches[$0].start, matches[$0].id) < (matches[$1].start, matches[$1].id) }
                for (i, a) in ordered.enumerated() {
                    for b in ordered[(i + 1)...] where !core.clash(a, at: places[a], b, at: places[b]) {
                        let between = ordered.filter { c in
                            c != a && c != b && !core.clash(a, at: places[a], c, at: places[c])
                                && !core.clash(c, at: places[c], b, at: places[b])
                                && (matches[c].start, matches[c].id) > (matches[a].start, matches[a].id)
                                && (matches[c].start, matches[c].id) < (matches[b].start, matches[b].id)
                        }
                        for (o, xa) in variableOf[a].sorted(by: { $0.key < $1.key }) {
                            guard let home = core.homeKm[o], let xb = variableOf[b][o] else { continue }
                            let saving = home[places[a]] + home[places[b]] - core.placeKm[places[a]][places[b]]
                            if saving <= 0 { continue }
                            let y = model.addVariable("route[\(matches[a].id),\(matches[b].id),\(core.officials[o].id)]", lower: 0, upper: 1)
                            successors[a][o, default: LinearExpression()] += y
                            pairColumns[a][o, default: []].append(y.index)
                            pairColumns[b][o, default: []].append(y.index)
                            predecessors[b][o, default: LinearExpression()] += y
                            let inBetween = between.compactMap { variableOf[$0][o] }
                            for xc in inBetween {
                                model.add(y + xc <= 1, name: "route_between[\(matches[a].id),\(matches[b].id),\(core.officials[o].id)]")
                            }
                            let ia = xa.index, ib = xb.index, ic = inBetween.map(\.index)
                            model.define(
                                y,
                                as: .rule { values in
                                    values[ia] > 0.5 && values[ib] > 0.5 && !ic.contains { values[$0] > 0.5 } ? 1 : 0
                                })
                            km -= Double(saving) * y
                        }
                    }
                }
            }
            for (m, list) in successors.enumerated() {
                for (o, expression) in list.sorted(by: { $0.key < $1.key }) {
                    model.add(expression <= LinearExpression(variableOf[m][o]!), name: "route_next[\(matches[m].id),\(core.officials[o].id)]")
                }
            }
            for (m, list) in predecessors.enumerated() {
                for (o, expression) in list.sorted(by: { $0.key < $1.key }) {
                    model.add(expression <= LinearExpression(variableOf[m][o]!), name: "route_previous[\(matches[m].id),\(core.officials[o].id)]")
                }
            }
            terms[.distanceKm] = km
        }
        if wanted.contains(.optionalUnfilled) {
            var optional = LinearExpression()
            for (m, match) in matches.enumerated() where match.maxCrew > match.needed {
                optional += Double(match.maxCrew - match.needed)
                if let part = optionalPart[m] { optional -= part }
            }
            terms[.optionalUnfilled] = optional
        }
        if wanted.contains(.lowExperience) {
            var low = LinearExpression()
            for (m, match) in matches.enumerated() {
                guard let required = match.minExperience, required > 0 else { continue }
                let row = variableOf[m].sorted { $0.key < $1.key }
                let most = row.map { core.experience[$0.key] }.filter { $0 > 0 }.sorted(by: >).prefix(match.maxCrew).reduce(0, +)
                if most < required {
                    low += 1
                    continue
                }
                let l = model.addBinary("low_experience[\(match.id)]")
                matchColumns[m].append(l.index)
                var experience = LinearExpression()
                for (o, v) in row where core.experience[o] != 0 { experience += Double(core.experience[o]) * v }
                model.add(experience + Double(required) * l >= Double(required), name: "experience[\(match.id)]")
                let weights = row.map { ($0.value.index, Double(core.experience[$0.key])) }
                model.define(
                    l,
                    as: .rule { values in
                        weights.reduce(0) { $0 + (values[$1.0] > 0.5 ? $1.1 : 0) } < Double(required) ? 1 : 0
                    })
                low += l
            }
            terms[.lowExperience] = low
        }
        if wanted.contains(.crewConflicts) {
            var conflicts = LinearExpression()
            for (m, match) in matches.enumerated() where !core.avoidIsHard {
                let row = variableOf[m].sorted { $0.key < $1.key }
                for (i, (o, vo)) in row.enumerated() {
                    for (p, vp) in row[(i + 1)...] {
                        let weight = (core.avoids[o].contains(p) ? 1 : 0) + (core.avoids[p].contains(o) ? 1 : 0)
                        if weight == 0 { continue }
                        let c = model.addVariable("crew_conflict[\(match.id),\(core.officials[o].id),\(core.officials[p].id)]", lower: 0, upper: 1)
                        model.add(
                            LinearExpression(c) >= vo + vp - 1, name: "crew_conflict[\(match.id),\(core.officials[o].id),\(core.officials[p].id)]")
                        model.define(c, as: .maxOf([vo + vp - 1], floor: 0))
                        pairColumns[m][o, default: []].append(c.index)
                        pairColumns[m][p, default: []].append(c.index)
                        conflicts += Double(weight) * c
                    }
                }
            }
            terms[.crewConflicts] = conflicts
        }
        if wanted.contains(.teamConflicts) {
            var conflicts = LinearExpression()
            for (m, row) in variableOf.enumerated() {
                for (o, v) in row.sorted(by: { $0.key < $1.key }) {
                    let count = core.teamConflicts(o, m)
                    if count > 0 { conflicts += Double(count) * v }
                }
            }
            terms[.teamConflicts] = conflicts
        }
        guard n > 0, wanted.contains(.loadDeviation) || wanted.contains(.teamFrequency) else { return }
        let allSlots = sum(variableOf.flatMap { $0.values })
        let slotIndices = variableOf.flatMap { $0.values.map(\.index) }
        let count = Double(n)
        func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        if let fixedCrews, wanted.contains(.loadDeviation) {
            let total = fixedCrews.reduce(0, +)
            var deviation = LinearExpression()
            for (o, official) in core.officials.enumerated() {
                let load = sum(matches.indices.compactMap { variableOf[$0][o] })
                let z = model.addVariable("load_deviation[\(official.id)]", lower: 0, upper: Double(matches.count * 50))
                globalColumns.append(z.index)
                model.add(LinearExpression(z) >= Double(floorDiv(total + n - 1, n)) - load, name: "load_below[\(official.id)]")
                model.add(LinearExpression(z) >= load - Double(floorDiv(total, n)), name: "load_above[\(official.id)]")
                model.define(z, as: .maxOf([Double(floorDiv(total + n - 1, n)) - load, load - Double(floorDiv(total, n))], floor: 0))
                deviation += z
            }
            terms[.loadDeviation] = deviation
        } else if wanted.contains(.loadDeviation) {
            var deviation = LinearExpression()
            for (o, official) in core.officials.enumerated() {
                let worked = matches.indices.compactMap { variableOf[$0][o] }
                let load = sum(worked)
                let z = model.addInteger("load_deviation[\(official.id)]", lower: 0, upper: Double(matches.count * 50))
                globalColumns.append(z.index)
                model.add(count * z >= allSlots - count * load, name: "load_below[\(official.id)]")
                model.add(count * z >= count * load - allSlots, name: "load_above[\(official.id)]")
                let own = worked.map(\.index)
                let total = n
                model.define(
                    z,
                    as: .rule { values in
                        let s = slotIndices.reduce(0) { $0 + (values[$1] > 0.5 ? 1 : 0) }
                        let k = own.reduce(0) { $0 + (values[$1] > 0.5 ? 1 : 0) }
                        let gap = abs(s - total * k)
                        return Double((gap + total - 1) / total)
                    })
                deviation += z
            }
            terms[.loadDeviation] = deviation
        }
        if let fixedCrews, wanted.contains(.teamFrequency) {
            var frequency = LinearExpression()
            var teamMatches: [String: [Int]] = [:]
            for (m, match) in matches.enumerated() { for team in Set(match.teams) { teamMatches[team, default: []].append(m) } }
            for (team, list) in teamMatches.sorted(by: { $0.key < $1.key }) {
                let teamSlots = list.reduce(0) { $0 + fixedCrews[$1] }
                for (o, official) in core.officials.enumerated() {
                    let worked = list.compactMap { variableOf[$0][o] }
                    let floor = floorDiv(teamSlots, n)
                    if worked.count <= floor { continue }
                    let w = model.addVariable("team_frequency[\(official.id),\(team)]", lower: 0, upper: Double(worked.count))
                    teamColumns[team, default: [:]][o] = w.index
                    model.add(LinearExpression(w) >= sum(worked) - Double(floor), name: "team_frequency[\(official.id),\(team)]")
                    model.define(w, as: .maxOf([sum(worked) - Double(floor)], floor: 0))
                    frequency += w
                }
            }
            terms[.teamFrequency] = frequency
        } else if wanted.contains(.teamFrequency) {
            var frequency = LinearExpression()
            var teamMatches: [String: [Int]] = [:]
            for (m, match) in matches.enumerated() { for team in Set(match.teams) { teamMatches[team, default: []].append(m) } }
            for (team, list) in teamMatches.sorted(by: { $0.key < $1.key }) {
                let teamSlots = sum(list.flatMap { variableOf[$0].values })
                let teamIndices = list.flatMap { variableOf[$0].values.map(\.index) }
                for (o, official) in core.officials.enumerated() {
                    let worked = list.compactMap { variableOf[$0][o] }
                    if worked.isEmpty { continue }
                    let w = model.addInteger("team_frequency[\(official.id),\(team)]", lower: 0, upper: Double(worked.count))
                    teamColumns[team, default: [:]][o] = w.index
                    model.add(count * w >= count * sum(worked) - teamSlots, name: "team_frequency[\(official.id),\(team)]")
                    let own = worked.map(\.index)
                    let total = n
                    model.define(
                        w,
                        as: .rule { values in
                            let s = teamIndices.reduce(0) { $0 + (values[$1] > 0.5 ? 1 : 0) }
                            let k = own.reduce(0) { $0 + (values[$1] > 0.5 ? 1 : 0) }
                            return Double(max(0, (total * k - s + total - 1) / total))
                        })
                    frequency += w
                }
            }
            terms[.teamFrequency] = frequency
        }
    }

    /// The instance's own objective levels (`rules.objective`), each the weighted sum of its terms.
    func setObjectives(_ model: inout Model, core: OfficialsCore, levels: [OfficialsLevelSpec]) {
        let slots = core.matches.indices.reduce(0) { $0 + min(core.matches[$1].needed, core.eligible[$1].count) }
        for level in levels {
            func expression(_ term: OfficialsTerm) -> LinearExpression {
                switch term {
                case .filled: filled
                case .changes: changes ?? LinearExpression()
                case .maxLoad: LinearExpression(maxLoad)
                case .travel: travel
                case .repeatPairings: repeats
                default: terms[term] ?? LinearExpression()
                }
            }
            if level.maximise {
                let term = level.weights[0].term
                model.maximize(expression(term), name: level.name, bound: term == .filled ? Double(slots) : nil)
            } else {
                var total = LinearExpression()
                for (term, weight) in level.weights { total += Double(weight) * expression(term) }
                model.minimize(total, name: level.name)
            }
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
            max(pinned, (values[0] / officials - Tolerance.exact).rounded(.up))
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
                    result.append(
                        (
                            optionsA[i].indicator, optionsB[j].indicator,
                            "\(core.placeIds[optionsA[i].place])-\(core.placeIds[optionsB[j].place])"
                        ))
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
