import TouchlineMILP

// Colour-group rows of the pattern model. Colours are interchangeable, so the model has no colour labels: a colour is a group of players
// who share one on/off mask. Per mask, integer columns count the colours of each size (`lo` or `lo + 1`) that
// follow it, and the players whose pattern has that mask (late arrivals: whose pattern is the mask cut to the
// segments they are there for) equal those colours' members; the colours are dealt on decoding. Colours fixed
// by `colourGroups.assignment` keep their labels (`φ[colour, m]`); when the colour schedules are few, one binary
// per schedule replaces the size columns (see `colourScheduleList`).

extension LineupPatternSpace {
    /// Colour groups: players who may take a colour (see `LineupAnalysis.colourPool`). Any of them whose colour
    /// is not fixed may also stay uncoloured, and then only keeps goal (or does not play).
    var colourPool: [Int] { analysis.colourPool }

    func mayStayUncoloured(_ p: Int) -> Bool {
        let a = analysis
        return a.instance.colourGroups?.assignment?[a.instance.players[p].id] == nil
    }

    /// Injured or unavailable players given a colour: counted in its size, never on the field.
    var absentColoured: [String: Int] { analysis.absentColoured }

    /// The possible values of ⌊coloured players / colours⌋.
    var colourSizeRange: ClosedRange<Int> {
        let colours = max(1, analysis.instance.colourGroups?.colours.count ?? 1)
        let pool = colourPool
        let optional = pool.filter(mayStayUncoloured).count
        let absent = absentColoured.values.reduce(0, +)
        let most = pool.count + absent
        return (most - optional) / colours...most / colours
    }
}

extension LineupPatternModel {
    /// The colour-group columns of one model.
    struct ColourColumns {
        /// Candidate masks of a colour.
        var masks: [UInt64] = []
        /// Per mask: colour size → the number of unlabelled colours of that size following the mask.
        var unlabelled: [[Int: Variable]] = []
        /// Labelled colours (fixed members): colour index → column per mask (its mask), and per mask its size
        /// (members with absent ones) → column.
        var labelled: [Int: [Variable]] = [:]
        var labelledSizes: [Int: [[Int: Variable]]] = [:]
        /// Per class: pattern k → column of members who take no colour (they keep goal only).
        var uncoloured: [Int: [Int: Variable]] = [:]
        /// Per late-arriving class: (pattern k, mask index) → column of members whose colour follows that mask.
        var late: [Int: [(k: Int, mask: Int, variable: Variable)]] = [:]
        /// With colour schedules: one binary per schedule this window can fill (nil for the others), and no size
        /// columns.
        var schedules: [Variable?] = []
        /// The smallest colour size when it may take several values: a binary per value.
        var sizeChoice: [Int: Variable] = [:]
    }

    mutating func addColourGroups() {
        let a = space.analysis
        let n = a.segmentCount
        let colours = a.instance.colourGroups?.colours ?? []
        guard !colours.isEmpty else { return }
        let full: UInt64 = n >= 64 ? ~0 : (1 << UInt64(n)) - 1
        let fixed = a.instance.colourGroups?.assignment ?? [:]
        var columns = ColourColumns()
        let pool = Set(space.colourPool)
        func presentMask(_ p: Int) -> UInt64 {
            var mask: UInt64 = 0
            for s in 0..<n where a.canPlay[p][s] { mask |= 1 << UInt64(s) }
            return mask
        }
        // Candidate masks: every schedule's masks, else every pattern mask of a pool class in the window.
        var maskIndex: [UInt64: Int] = [:]
        if let schedules = space.colourSchedules {
            for mask in Set(schedules.flatMap { $0.colours.map(\.mask) }).sorted() {
                maskIndex[mask] = columns.masks.count
                columns.masks.append(mask)
            }
        } else {
            for (c, group) in space.classes.enumerated() where pool.contains(group.members[0]) {
                for (k, _) in lambda[c] where maskIndex[group.patterns[k].mask] == nil {
                    maskIndex[group.patterns[k].mask] = columns.masks.count
                    columns.masks.append(group.patterns[k].mask)
                }
            }
        }
        let labelledColours = colours.indices.filter { c in fixed.values.contains(colours[c]) }
        for c in labelledColours {
            columns.labelled[c] = columns.masks.indices.map { model.addBinary("colour_mask[\(c),\($0)]") }
            model.add(sum(columns.labelled[c]!) == 1, name: "colour_one_mask[\(c)]")
        }
        // Players per mask.
        var players = [LinearExpression](repeating: LinearExpression(), count: columns.masks.count)
        for (c, group) in space.classes.enumerated() where pool.contains(group.members[0]) {
            let p = group.members[0]
            let present = presentMask(p)
            let colour = fixed[a.instance.players[p].id].flatMap { colours.firstIndex(of: $0) }
            for (k, variable) in lambda[c] {
                let mask = group.patterns[k].mask
                var coloured = LinearExpression(variable)
                if space.mayStayUncoloured(p) && keeperOnlyPattern(p, mask) {
                    let none =
                        group.count == 1
                        ? model.addBinary("uncoloured[\(c),\(k)]")
                        : model.addInteger("uncoloured[\(c),\(k)]", lower: 0, upper: Double(group.count))
                    columns.uncoloured[c, default: [:]][k] = none
                    model.add(LinearExpression(none) - LinearExpression(variable) <= 0, name: "uncoloured_pattern[\(c),\(k)]")
                    coloured.add(none, coefficient: -1)
                }
                if present & full == full {
                    guard let m = maskIndex[mask] else {
                        // Kept only for a player without a colour.
                        model.add(coloured == 0, name: "no_colour_mask[\(c),\(k)]")
                        continue
                    }
                    players[m].add(coloured)
                    if let colour, let phi = columns.labelled[colour]?[maskIndex[mask]!] {
                        model.add(LinearExpression(variable) - Double(group.count) * LinearExpression(phi) <= 0, name: "colour_member[\(c),\(k)]")
                    }
                } else {
                    var split = LinearExpression()
                    for (m, groupMask) in columns.masks.enumerated() where groupMask & present == mask {
                        let v =
                            group.count == 1
                            ? model.addBinary("late[\(c),\(k),\(m)]")
                            : model.addInteger("late[\(c),\(k),\(m)]", lower: 0, upper: Double(group.count))
                        columns.late[c, default: []].append((k, m, v))
                        split.add(v)
                        players[m].add(v)
                        if let colour, let phi = columns.labelled[colour]?[m] {
                            model.add(LinearExpression(v) - Double(group.count) * LinearExpression(phi) <= 0, name: "colour_member[\(c),\(k),\(m)]")
                        }
                    }
                    split.add(coloured, scale: -1)
                    model.add(split == 0, name: "late_split[\(c),\(k)]")
                }
            }
            // Members without a colour keep goal whenever they are on.
            if let none = columns.uncoloured[c] {
                for t in 0..<n {
                    var row = LinearExpression()
                    for (k, variable) in none.sorted(by: { $0.key < $1.key }) where group.patterns[k].isOn(t) { row.add(variable) }
                    guard !row.terms.isEmpty else { continue }
                    if let column = keeper[p]?[a.segments[t].period] {
                        row.add(column, coefficient: -1)
                    } else if let keeperPosition = a.keeper, let column = y[c][t][keeperPosition] {
                        row.add(column, coefficient: -1)
                    }
                    model.add(row <= 0, name: "uncoloured_keeps_goal[\(c),\(t)]")
                }
            }
        }
        if let schedules = space.colourSchedules {
            // One schedule: the players following each mask are exactly the members of its colours.
            // Only the schedules this window's columns can fill: a mask needs that many players able to follow it.
            let capacity = players.map { row in
                row.terms.reduce(0.0) { $0 + ($1.coefficient > 0 ? $1.coefficient * model.variables[$1.index].upper : 0) }
            }
            columns.schedules = schedules.enumerated().map { i, schedule in
                let fits = schedule.members.allSatisfy { Double($0.value) <= capacity[maskIndex[$0.key]!] + Tolerance.exact }
                return fits ? model.addBinary("schedule[\(i)]") : nil
            }
            model.add(sum(columns.schedules) == 1, name: "schedule")
            var rows = players
            for (i, schedule) in schedules.enumerated() {
                guard let column = columns.schedules[i] else { continue }
                for (mask, members) in schedule.members { rows[maskIndex[mask]!].add(column, coefficient: -Double(members)) }
            }
            for m in rows.indices { model.add(rows[m] == 0, name: "colour_members[\(m)]") }
            colourColumns = columns
            return
        }
        // Sizes: every colour has lo or lo + 1 members (at least 1; fixed and absent members counted), and the
        // players following a mask are exactly the members of the colours following it: integer columns per mask
        // and size (binaries for a labelled colour), so the split into colours is an equality. When lo may take
        // several values (players may stay uncoloured), a binary per value gates the sizes.
        let absent = space.absentColoured
        let los = Array(space.colourSizeRange)
        if los.count > 1 {
            for l in los { columns.sizeChoice[l] = model.addBinary("smallest_size[\(l)]") }
            model.add(sum(los.map { columns.sizeChoice[$0]! }) == 1, name: "smallest_size")
        }
        func members(_ c: Int) -> Int {
            a.instance.players.indices.filter { a.instance.players[$0].isAvailable && fixed[a.instance.players[$0].id] == colours[c] }.count
        }
        let sizes = Set(los.flatMap { [$0, $0 + 1] }).filter { $0 >= 1 }.sorted()
        func gate(_ size: Int) -> [Variable] {
            los.count > 1 ? los.filter { $0 == size || $0 + 1 == size }.compactMap { columns.sizeChoice[$0] } : []
        }
        var unlabelledCount = LinearExpression()
        for m in columns.masks.indices {
            var split = players[m]
            var bySize: [Int: Variable] = [:]
            for size in sizes {
                let u = model.addInteger("colours[\(m),\(size)]", lower: 0, upper: Double(colours.count))
                bySize[size] = u
                unlabelledCount.add(u)
                split.add(u, coefficient: -Double(size))
                if los.count > 1 {
                    model.add(LinearExpression(u) - Double(colours.count) * sum(gate(size)) <= 0, name: "colours_size[\(m),\(size)]")
                }
            }
            columns.unlabelled.append(bySize)
            for c in labelledColours {
                let missing = absent[colours[c]] ?? 0
                var one = LinearExpression()
                var byLabelSize: [Int: Variable] = [:]
                for size in sizes where size - missing >= members(c) {
                    let v = model.addBinary("colour_size[\(c),\(m),\(size)]")
                    byLabelSize[size] = v
                    one.add(v)
                    split.add(v, coefficient: -Double(size - missing))
                    if los.count > 1 { model.add(LinearExpression(v) - sum(gate(size)) <= 0, name: "colour_size_gate[\(c),\(m),\(size)]") }
                }
                one.add(columns.labelled[c]![m], coefficient: -1)
                model.add(one == 0, name: "colour_size_one[\(c),\(m)]")
                columns.labelledSizes[c, default: []].append(byLabelSize)
            }
            model.add(split == 0, name: "colour_members[\(m)]")
        }
        model.add(unlabelledCount == Double(colours.count - labelledColours.count), name: "colours")
        colourColumns = columns
    }

    /// True when player p could follow a pattern with this mask keeping goal only: never on if he does not
    /// play GK; under `keeperFullPeriods`, on exactly in whole periods he may keep goal in.
    func keeperOnlyPattern(_ p: Int, _ mask: UInt64) -> Bool { Self.keeperOnlyProbe(space, p)(mask) }

    static func keeperOnlyProbe(_ space: LineupPatternSpace, _ p: Int) -> (UInt64) -> Bool {
        let a = space.analysis
        guard space.mayStayUncoloured(p) else { return { _ in false } }
        guard let keeperPosition = a.keeper, a.eligible[p].contains(keeperPosition) else { return { $0 == 0 } }
        guard space.keeperColumns else { return { _ in true } }
        let periods = space.keeperPeriods(p).map { space.periodSegments[$0]! }
        return { mask in
            if mask == 0 { return true }
            var covered: UInt64 = 0
            for segments in periods where segments.allSatisfy({ mask & (1 << UInt64($0)) != 0 }) {
                for s in segments { covered |= 1 << UInt64(s) }
            }
            return covered == mask
        }
    }

    /// Sets the colour columns of a plan; false when a colour's mask is not a column of this window.
    func encodeColours(_ plan: LineupPlan, into values: inout [Double]) -> Bool {
        guard let columns = colourColumns else { return true }
        let a = space.analysis
        let colours = a.instance.colourGroups?.colours ?? []
        let fixed = Set((a.instance.colourGroups?.assignment ?? [:]).values)
        func mask(_ p: Int) -> UInt64 {
            var result: UInt64 = 0
            for s in 0..<a.segmentCount where plan.isOn(p, s) { result |= 1 << UInt64(s) }
            return result
        }
        var colourMask = [UInt64](repeating: 0, count: colours.count)
        for p in a.instance.players.indices where a.instance.players[p].isAvailable {
            if let c = plan.colour?[p] { colourMask[c] |= mask(p) }
        }
        let index = Dictionary(uniqueKeysWithValues: columns.masks.enumerated().map { ($1, $0) })
        var sizes = [Int](repeating: 0, count: colours.count)
        for c in colours.indices {
            sizes[c] =
                (space.absentColoured[colours[c]] ?? 0)
                + a.instance.players.indices.filter { a.instance.players[$0].isAvailable && plan.colour?[$0] == c }.count
        }
        if let schedules = space.colourSchedules {
            let own = colours.indices.map { LineupPatternSpace.ColourSchedule.Colour(mask: colourMask[$0], size: sizes[$0]) }.sorted()
            guard let i = schedules.firstIndex(where: { $0.colours == own }), let column = columns.schedules[i] else { return false }
            values[column.index] = 1
        } else {
            let lo = sizes.min() ?? 0
            if !columns.sizeChoice.isEmpty {
                guard let choice = columns.sizeChoice[lo] else { return false }
                values[choice.index] = 1
            }
            for (c, colour) in colours.enumerated() {
                guard let m = index[colourMask[c]] else { return false }
                if fixed.contains(colour) {
                    guard let phi = columns.labelled[c]?[m], let v = columns.labelledSizes[c]?[m][sizes[c]] else { return false }
                    values[phi.index] = 1
                    values[v.index] = 1
                } else {
                    guard let u = columns.unlabelled[m][sizes[c]] else { return false }
                    values[u.index] += 1
                }
            }
        }
        for (c, group) in space.classes.enumerated() {
            for p in group.members {
                let own = mask(p)
                guard let k = group.patterns.firstIndex(where: { $0.mask == own }) else { continue }
                if plan.colour?[p] == nil {
                    guard let none = columns.uncoloured[c]?[k] else { continue }
                    values[none.index] += 1
                } else if let late = columns.late[c], let colour = plan.colour?[p] {
                    guard let m = index[colourMask[colour]], let column = late.first(where: { $0.k == k && $0.mask == m }) else { return false }
                    values[column.variable.index] += 1
                }
            }
        }
        return true
    }

    /// The colours of a solution: members without a colour, the mask each member's colour follows, then the
    /// colours dealt per mask (fixed members first, then every colour filled to its least size, then the rest
    /// one by one up to the largest size).
    func decodeColours(_ values: [Double], masks playerMasks: [UInt64], dealt: [[Int]]) -> [Int?]? {
        guard let columns = colourColumns else { return nil }
        let a = space.analysis
        let colours = a.instance.colourGroups?.colours ?? []
        let fixed = a.instance.colourGroups?.assignment ?? [:]
        let absent = space.absentColoured
        var result = [Int?](repeating: nil, count: a.playerCount)
        for (id, colour) in fixed {
            if let p = a.playerIndex[id], let c = colours.firstIndex(of: colour) { result[p] = c }
        }
        func count(_ v: Variable) -> Int { Int(values[v.index].rounded()) }
        // Group mask of every coloured pool player.
        var groupMask: [Int: Int] = [:]
        let index = Dictionary(uniqueKeysWithValues: columns.masks.enumerated().map { ($1, $0) })
        let pool = Set(space.colourPool)
        for (c, group) in space.classes.enumerated() where pool.contains(group.members[0]) {
            // dealt[c][i]: pattern index of member i.
            var uncolouredLeft: [Int: Int] = [:]
            for (k, v) in columns.uncoloured[c] ?? [:] { uncolouredLeft[k] = count(v) }
            var lateLeft: [Int: [(Int, Int)]] = [:]
            for column in columns.late[c] ?? [] where count(column.variable) > 0 {
                lateLeft[column.k, default: []].append((column.mask, count(column.variable)))
            }
            for (i, p) in group.members.enumerated() {
                let k = dealt[c][i]
                if let left = uncolouredLeft[k], left > 0 {
                    uncolouredLeft[k] = left - 1
                    result[p] = nil
                    continue
                }
                if var options = lateLeft[k], !options.isEmpty {
                    groupMask[p] = options[0].0
                    options[0].1 -= 1
                    if options[0].1 == 0 { options.removeFirst() }
                    lateLeft[k] = options
                } else {
                    guard let m = index[playerMasks[p]] else { return nil }
                    groupMask[p] = m
                }
            }
        }
        // Colours per mask, each with its size (members, absent ones included).
        var colourOfMask: [Int: [Int]] = [:]
        var target = [Int](repeating: 0, count: colours.count)
        var free = colours.indices.filter { c in !fixed.values.contains(colours[c]) }[...]
        for (c, phis) in columns.labelled {
            guard let m = phis.firstIndex(where: { values[$0.index] > 0.5 }),
                let size = columns.labelledSizes[c]?[m].first(where: { values[$0.value.index] > 0.5 })?.key
            else { return nil }
            colourOfMask[m, default: []].append(c)
            target[c] = size
        }
        if let schedules = space.colourSchedules {
            guard let i = columns.schedules.firstIndex(where: { $0.map { values[$0.index] > 0.5 } ?? false }) else { return nil }
            for colour in schedules[i].colours {
                guard let c = free.popFirst(), let m = index[colour.mask] else { return nil }
                colourOfMask[m, default: []].append(c)
                target[c] = colour.size
            }
        }
        for (m, bySize) in columns.unlabelled.enumerated() {
            for (size, v) in bySize.sorted(by: { $0.key < $1.key }) {
                for _ in 0..<count(v) {
                    guard let c = free.popFirst() else { return nil }
                    colourOfMask[m, default: []].append(c)
                    target[c] = size
                }
            }
        }
        var size = [Int](repeating: 0, count: colours.count)
        for (c, colour) in colours.enumerated() { size[c] = absent[colour] ?? 0 }
        for p in result.indices where result[p] != nil && a.instance.players[p].isAvailable { size[result[p]!] += 1 }
        for m in columns.masks.indices {
            var waiting = groupMask.filter { $0.value == m && result[$0.key] == nil }.map(\.key).sorted()[...]
            for c in colourOfMask[m] ?? [] {
                while size[c] < target[c], let p = waiting.popFirst() {
                    result[p] = c
                    size[c] += 1
                }
            }
            if !waiting.isEmpty { return nil }
        }
        return result
    }
}

// Colour schedules. Without fixed colours, a plan's colour structure is a multiset of (mask, size) pairs: how
// many colours follow which mask and how big each is. In every segment the colours on the field hold exactly
// the outfield players and maybe the keeper, so their sizes add up to F_out or F_out + 1 (more by the players
// not there yet), and each colour's mask is some player's legal pattern. Enumerating those schedules (sizes lo
// and lo + 1 for every count of coloured players) gives, per mask, how many players follow it; a plan is
// legal for the colours exactly when its counts equal one schedule's, so the model picks one schedule and every
// count row is an equality, and patterns whose mask no schedule has are dropped.
extension LineupPatternSpace {
    struct ColourSchedule: Hashable {
        struct Colour: Hashable, Comparable {
            var mask: UInt64
            var size: Int
            static func < (l: Colour, r: Colour) -> Bool { (l.mask, l.size) < (r.mask, r.size) }
        }
        /// Sorted.
        var colours: [Colour]
        /// Its distinct masks, ascending, each with the players following it (the sizes of its colours).
        var maskGroups: [(mask: UInt64, players: Int)] {
            var result: [(mask: UInt64, players: Int)] = []
            result.reserveCapacity(colours.count)
            for colour in colours {
                // Sorted colours: equal masks are adjacent.
                if let last = result.last, last.mask == colour.mask {
                    result[result.count - 1].players += colour.size
                } else {
                    result.append((colour.mask, colour.size))
                }
            }
            return result
        }
        /// Mask → players following it (the sizes of its colours).
        var members: [UInt64: Int] { Dictionary(uniqueKeysWithValues: maskGroups.map { ($0.mask, $0.players) }) }
    }

    /// Every colour schedule (nil with fixed colours, or past `limit` schedules or the step limit; with
    /// `partial`, up to `limit` schedules (and the step limit) for each count of coloured players instead).
    ///
    /// `periodTotals`: leave out, as the search goes, the schedules whose colours on do not add up to the same
    /// total in every segment of a period where a keeper plays the whole period and every player is there
    /// (for callers whose `accept` is ``LineupColourSearch/quickCheck(_:)``, which refuses them at the end:
    /// ``LineupColourSearch/periodsFit(masks:need:bits:)``). The same schedules, without walking the mixed
    /// ones: most of the tree of a squad whose sizes allow two totals.
    ///
    /// `prune`: given the colours' masks through `segment` and their sizes, false when no schedule that starts
    /// so can pass `accept` (``LineupColourSearch/prefixCheck(masks:sizes:segment:)`` for its quick check): the
    /// branch is cut there, not at its leaves.
    func colourScheduleList(
        limit: Int = 30_000, partial: Bool = false, accept: ((ColourSchedule) -> Bool)? = nil,
        periodTotals: Bool = false, prune: ((_ masks: [UInt64], _ sizes: [Int], _ segment: Int) -> Bool)? = nil,
        deadline: ContinuousClock.Instant? = nil
    ) -> [ColourSchedule]? {
        let a = analysis
        let n = a.segmentCount
        let count = a.instance.colourGroups?.colours.count ?? 0
        guard a.instance.mode == .colourGroups, count > 0, n < 63, (a.instance.colourGroups?.assignment ?? [:]).isEmpty else { return nil }
        let full: UInt64 = (1 << UInt64(n)) - 1
        let keeperSlot = a.keeper.map { a.slots[$0] } ?? 0
        let outfieldSlots = a.fieldSize - keeperSlot
        let pool = colourPool
        func presentMask(_ p: Int) -> UInt64 {
            var mask: UInt64 = 0
            for s in 0..<n where a.canPlay[p][s] { mask |= 1 << UInt64(s) }
            return mask
        }
        // Prefixes of legal masks: of players there throughout, and (cut to their segments) of late arrivals.
        var fullPrefixes = [Set<UInt64>](repeating: [], count: n + 1)
        var latePrefixes: [(present: UInt64, prefixes: [Set<UInt64>])] = []
        for group in classes where pool.contains(group.members[0]) {
            let present = presentMask(group.members[0])
            let sets = prefixSets(group)
            if present == full {
                for length in 0...n { fullPrefixes[length].formUnion(sets[length]) }
            } else {
                latePrefixes.append((present, sets))
            }
        }
        // Looked up at every step of the search below: open-addressing tables, not `Set` (whose hasher, made for
        // keys an adversary may choose, was the largest cost of the listing).
        let fullTables = fullPrefixes.map(MaskTable.init)
        let lateTables = latePrefixes.map { (present: $0.present, tables: $0.prefixes.map(MaskTable.init)) }
        func allowed(_ prefix: UInt64, _ length: Int) -> Bool {
            if fullTables[length].contains(prefix) { return true }
            return lateTables.contains { $0.tables[length].contains(prefix & $0.present) }
        }
        let absent = (0..<n).map { s in pool.filter { !a.canPlay[$0][s] }.count }
        // Per segment, the first segment of its period when the period's total is held (see `periodTotals`).
        var periodFirst = [Int?](repeating: nil, count: n)
        let classed = pool.filter { p in classes.contains { $0.members.contains(p) } }
        if periodTotals, keeperColumns, !classed.isEmpty, classed.count <= 64 {
            for segments in periodSegments.values where segments.allSatisfy({ absent[$0] == 0 }) {
                for s in segments { periodFirst[s] = segments.min() }
            }
        }
        var found = Set<ColourSchedule>()
        var steps = 0
        var leaves = 0
        var overflow = false
        var late = false
        for coloured in stride(from: pool.count, through: count, by: -1) {
            if late { break }
            if partial { overflow = false; steps = 0 }
            let before = found.count
            let lo = coloured / count
            let sizes = (0..<count).map { $0 < coloured % count ? lo + 1 : lo }
            // Valid colour sets per segment.
            let subsets = (0..<n).map { s in
                (0..<(1 << count)).filter { set in
                    let total = (0..<count).filter { set & (1 << $0) != 0 }.reduce(0) { $0 + sizes[$1] }
                    return total >= outfieldSlots && total <= outfieldSlots + keeperSlot + absent[s]
                }
            }
            let setTotal = (0..<(1 << count)).map { set in (0..<count).filter { set & (1 << $0) != 0 }.reduce(0) { $0 + sizes[$1] } }
            var totals = [Int](repeating: 0, count: n)
            var masks = [UInt64](repeating: 0, count: count)
            func visit(_ s: Int) {
                if overflow { return }
                steps += 1
                if steps > 4_000_000 { overflow = true; return }
                if steps & 4095 == 0, analysis.isCancelled || deadline.map({ ContinuousClock.now >= $0 }) == true {
                    overflow = true; late = true; return
                }
                if s == n {
                    // The counting check on a leaf can take a millisecond: the clock is read every 64 leaves too
                    // (every 4,096 steps alone let an export of a colour squad run 25 s past a 3 s deadline).
                    leaves += 1
                    if leaves & 63 == 0, analysis.isCancelled || deadline.map({ ContinuousClock.now >= $0 }) == true {
                        overflow = true; late = true; return
                    }
                    let colours = (0..<count).map { ColourSchedule.Colour(mask: masks[$0], size: sizes[$0]) }.sorted()
                    let schedule = ColourSchedule(colours: colours)
                    if let accept, !accept(schedule) { return }
                    found.insert(schedule)
                    if found.count - (partial ? before : 0) > limit { overflow = true }
                    return
                }
                for set in subsets[s] {
                    if let first = periodFirst[s], first < s, setTotal[set] != totals[first] { continue }
                    totals[s] = setTotal[set]
                    var ok = true
                    for c in 0..<count {
                        if set & (1 << c) != 0 { masks[c] |= 1 << UInt64(s) }
                        if !allowed(masks[c], s + 1) { ok = false }
                    }
                    // Colours of equal size are interchangeable: keep their masks in order (read from kick-off).
                    if ok {
                        for c in 1..<max(1, count) where sizes[c] == sizes[c - 1] && masks[c] != masks[c - 1] {
                            let differing = masks[c] ^ masks[c - 1]
                            let first = UInt64(1) << UInt64(differing.trailingZeroBitCount)
                            if masks[c - 1] & first != 0 { ok = false }
                        }
                    }
                    if ok, let prune, !prune(masks, sizes, s) { ok = false }
                    if ok { visit(s + 1) }
                    for c in 0..<count { masks[c] &= ~(1 << UInt64(s)) }
                }
            }
            visit(0)
            if overflow && !partial { return nil }
        }
        return found.sorted { $0.colours.lexicographicallyPrecedes($1.colours) }
    }

    /// A class's pattern masks cut to their first `length` segments, for every length from 0 to the segment
    /// count (each length's set made from the next one's, which is never larger).
    func prefixSets(_ group: LineupClass) -> [Set<UInt64>] {
        let n = analysis.segmentCount
        var sets = [Set<UInt64>](repeating: [], count: n + 1)
        sets[n] = Set(group.patterns.map(\.mask))
        for length in stride(from: n - 1, through: 0, by: -1) {
            let cut: UInt64 = (1 << UInt64(length)) - 1
            sets[length] = Set(sets[length + 1].map { $0 & cut })
        }
        return sets
    }

    /// A set of segment masks (fewer than 64 segments: bit 63 is free and marks a used slot), by linear probing
    /// with a multiplicative hash.
    struct MaskTable {
        private var slots: [UInt64]
        private let shift: UInt64
        private static let used: UInt64 = 1 << 63

        init(_ masks: Set<UInt64>) {
            var bits: UInt64 = 4
            while (1 << bits) < 2 * masks.count { bits += 1 }
            shift = 64 - bits
            slots = [UInt64](repeating: 0, count: 1 << Int(bits))
            for mask in masks {
                var i = slot(mask)
                while slots[i] != 0 { i = (i + 1) & (slots.count - 1) }
                slots[i] = mask | Self.used
            }
        }

        private func slot(_ mask: UInt64) -> Int { Int((mask &* 0x9E37_79B9_7F4A_7C15) >> shift) }

        func contains(_ mask: UInt64) -> Bool {
            var i = slot(mask)
            while slots[i] != 0 {
                if slots[i] == mask | Self.used { return true }
                i = (i + 1) & (slots.count - 1)
            }
            return false
        }
    }

    /// A map from segment masks (fewer than 63 segments: bits 63 and 62 are free) to 64-bit values, by linear
    /// probing with a multiplicative hash; grows at half full.
    struct MaskMap {
        private var keys = [UInt64](repeating: 0, count: 1 << 10)
        private var values = [UInt64](repeating: 0, count: 1 << 10)
        private var shift: UInt64 = 54
        private var count = 0
        private static let used: UInt64 = 1 << 63

        private func slot(_ key: UInt64) -> Int { Int((key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

        subscript(key: UInt64) -> UInt64? {
            var i = slot(key)
            while keys[i] != 0 {
                if keys[i] == key | Self.used { return values[i] }
                i = (i + 1) & (keys.count - 1)
            }
            return nil
        }

        mutating func insert(_ key: UInt64, _ value: UInt64) {
            if 2 * (count + 1) > keys.count {
                let old = zip(keys, values).filter { $0.0 != 0 }
                keys = [UInt64](repeating: 0, count: 2 * keys.count)
                values = [UInt64](repeating: 0, count: keys.count)
                shift -= 1
                count = 0
                for (k, v) in old { insert(k & ~Self.used, v) }
            }
            var i = slot(key)
            while keys[i] != 0 {
                if keys[i] == key | Self.used { values[i] = value; return }
                i = (i + 1) & (keys.count - 1)
            }
            keys[i] = key | Self.used
            values[i] = value
            count += 1
        }
    }

    /// Drops the patterns of players who take a colour whose mask no schedule has (keeping those a player
    /// without a colour could follow, keeping goal only).
    mutating func filterByColourSchedules() {
        guard let schedules = colourSchedules else { return }
        let a = analysis
        let n = a.segmentCount
        let full: UInt64 = (1 << UInt64(n)) - 1
        let masks = Set(schedules.flatMap { $0.colours.map(\.mask) })
        let pool = Set(colourPool)
        for c in classes.indices {
            let p = classes[c].members[0]
            guard pool.contains(p) else { continue }
            var present: UInt64 = 0
            for s in 0..<n where a.canPlay[p][s] { present |= 1 << UInt64(s) }
            let probe = LineupPatternModel.keeperOnlyProbe(self, p)
            classes[c].patterns = classes[c].patterns.filter { pattern in
                if probe(pattern.mask) { return true }
                if present == full { return masks.contains(pattern.mask) }
                return masks.contains { $0 & present == pattern.mask }
            }
        }
        for c in classes.indices where classes[c].balances != nil {
            let offset = a.base[classes[c].members[0]] + a.spreadOffset[classes[c].members[0]]
            classes[c].balances = classes[c].patterns.map { offset + $0.minutes }
        }
    }
}
