import Foundation

/// How `split` cuts an instance into parts.
public enum SplitMode: String, Sendable, Codable, CaseIterable {
    /// Connected components of the matches that share a candidate pitch, an eligible official or a team: the
    /// parts are independent (no rule links two of them), so solving them apart loses nothing on the levels
    /// the merge proves.
    case component
    /// One part per calendar day. Days of a term are linked by term-wide limits (an official's `maxTotal`),
    /// which each day receives as a budget, and by term-wide counts; the merge says which levels it proves.
    case day
    /// One part per region (`venues[i].region`, `pitches[i].region`): a match goes to its venue's region (its
    /// pinned, preferred or most candidate pitches' when the pitch is chosen), each pitch to its own region and
    /// each official to the region of their pins, else where they may work the most matches. When regions
    /// share nothing the parts are exact (unions of components); otherwise each part is ``SplitPart/linked``.
    case region
}

/// What a part of a split instance is: carried in the part's JSON as `part`, echoed in its result, checked by
/// `merge`.
public struct SplitPart: Sendable, Codable, Equatable {
    /// `<by>-<index>` (`day-3`, `component-12`): the part's `id` too.
    public var id: String
    public var by: SplitMode
    /// 0-based position among the parts, and how many there are.
    public var index: Int
    public var count: Int
    /// A fingerprint of the whole instance (FNV-1a of its matches' ids and calendar days, in order): a result of
    /// another instance's part is refused.
    public var source: String
    /// The part's match ids, in the whole instance's order.
    public var matches: [String]
    /// Term-wide limits this part was given as its own (official id → most matches on this day), when the
    /// split is by day and officials have `maxTotal`.
    public var budgets: [String: Int]?
    /// By region: the part's region (absent for the matches of no region).
    public var region: String?
    /// By region, true when regions share something (an official who may work in two, a team that plays in
    /// two, a match that fits pitches of two): each such official and pitch was given to one region only, so
    /// the parts were restricted beyond the whole's rules and the merge claims no bound of the whole.
    public var linked: Bool?
}

/// How a level of the whole plan relates to the same level of the parts (for the merge's bound).
public enum LevelComposition: Sendable {
    /// The whole's value is the sum of the parts' values.
    case sum
    /// The whole's value is the largest of the parts' values.
    case max
    /// The whole's value is at least the sum of the parts' (a count over the whole term that the parts only
    /// see day by day): the sum of the parts' bounds is a bound, and a plan that meets it is proven.
    case atLeastSum
    /// Nothing of the parts bounds the whole.
    case none
}

/// One match as `split` sees it: its id, its calendar day and the resources it may share with others.
public struct SplitUnit: Sendable {
    public var id: String
    public var day: Int
    /// Keys of what the match may use (`pitch:a1`, `official:o7`, `team:keate`): matches sharing a key are in
    /// one component.
    public var resources: [String]
    /// The match's region, for a split by region (nil: none).
    public var region: String?

    public init(id: String, day: Int, resources: [String], region: String? = nil) {
        self.id = id
        self.day = day
        self.resources = resources
        self.region = region
    }
}

/// A kind whose instances `split` cuts into independent parts and `merge` assembles again.
public protocol SplittableKind: ProblemKind {
    /// Why this instance cannot be split (nil when it can).
    static func splitRefusal(_ instance: Instance) -> String?
    /// Every match, in instance order. Like every requirement below that takes the prepared form, it reads the
    /// kind's analysis of the whole instance, which a split derives once (``split(_:by:)``).
    static func splitUnits(_ prepared: Prepared) -> [SplitUnit]
    /// How many matches the instance has: the size test of a solve by components, which reads it before
    /// deriving anything.
    static func matchCount(_ instance: Instance) -> Int
    /// Term-wide limits per resource that a split by day must share out (official id → `maxTotal`).
    static func termLimits(_ instance: Instance) -> [String: Int]
    /// How a plan of the whole (the kind's greedy) uses each limited resource, by day (official id → day →
    /// matches): each day's budget starts from it, so that every day can do at least what that plan does.
    static func termLimitUse(_ prepared: Prepared) -> [String: [Int: Int]]
    /// The instance restricted to the matches at these positions, with these limits as the part's own.
    static func restricted(_ prepared: Prepared, to matches: [Int], budgets: [String: Int]) -> Instance
    /// Resources (keys as in ``SplitUnit/resources``) that belong to one region whatever the matches: a pitch
    /// to its own `region`, an official to the region of a match they are pinned to.
    static func fixedRegions(_ prepared: Prepared) -> [String: String]
    /// The part of a split by region: the instance restricted to these matches, without the use of the
    /// resources given to other regions (`excluded`, keys as in ``SplitUnit/resources``).
    static func restricted(_ prepared: Prepared, to matches: [Int], excluding excluded: Set<String>) -> Instance
    /// The plan of the whole instance from the parts' plans (their assignments together).
    static func merged(_ prepared: Prepared, _ parts: [Solution]) -> Solution
    /// The match ids a part's plan assigns anything to.
    static func assignedMatches(_ solution: Solution) -> Set<String>
    /// How the named level of the whole relates to the parts' under this split.
    static func composition(ofLevel name: String, by mode: SplitMode) -> LevelComposition
    /// The instance's own `id` and `part` (echoed in its result).
    static func identity(_ instance: Instance) -> (id: String?, part: SplitPart?)
}

/// An instance that carries its own name and, when it is a part of a split, which part (both echoed in its
/// result).
public protocol NamedInstance {
    var id: String? { get }
    var part: SplitPart? { get }
}

extension SplittableKind where Instance: NamedInstance {
    public static func identity(_ instance: Instance) -> (id: String?, part: SplitPart?) { (instance.id, instance.part) }
}

extension SplittableKind {
    public static func splitIdentity(_ instance: Instance) -> (id: String?, part: SplitPart?) { identity(instance) }
    public static func componentSolve(
        _ prepared: Prepared, options: InstanceOptions, settings: RunSettings, started: ContinuousClock.Instant
    ) throws(TouchlineError) -> SolveReport<Self>? {
        try solveByComponents(prepared, options: options, settings: settings, started: started)
    }
}

/// One part of a split: its instance (as the kind's type) and what it is.
public struct InstancePart<Instance: Sendable>: Sendable {
    public var part: SplitPart
    public var instance: Instance
}

extension SplittableKind {
    /// The parts of `instance` by `mode`, in a fixed order (components by their first match; days by date).
    public static func split(_ instance: Instance, by mode: SplitMode) -> [InstancePart<Instance>] {
        split(prepare(instance), by: mode)
    }

    /// The parts of a prepared instance by `mode`: the analysis of the whole serves every part and the merge.
    static func split(_ prepared: Prepared, by mode: SplitMode) -> [InstancePart<Instance>] {
        split(prepared, by: mode, units: splitUnits(prepared))
    }

    static func split(_ prepared: Prepared, by mode: SplitMode, units: [SplitUnit]) -> [InstancePart<Instance>] {
        var groups: [[Int]]
        switch mode {
        case .region:
            return splitByRegion(prepared, units: units)
        case .day:
            groups = Dictionary(grouping: units.indices, by: { units[$0].day }).sorted { $0.key < $1.key }.map(\.value)
        case .component:
            var parent = Array(units.indices)
            func find(_ i: Int) -> Int {
                var i = i
                while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
                return i
            }
            var owner: [String: Int] = [:]
            for (index, unit) in units.enumerated() {
                for resource in unit.resources {
                    if let other = owner[resource] {
                        let (a, b) = (find(index), find(other))
                        if a != b { parent[max(a, b)] = min(a, b) }
                    } else {
                        owner[resource] = index
                    }
                }
            }
            groups = Dictionary(grouping: units.indices, by: find).sorted { $0.key < $1.key }.map(\.value)
        }
        let source = fingerprint(units)
        let limits = mode == .day ? termLimits(prepared.instance) : [:]
        let use = limits.isEmpty ? [:] : termLimitUse(prepared)
        let days = groups.map { units[$0[0]].day }
        let budgets = share(
            limits, over: groups, units: units,
            use: { resource, part in
                mode == .day ? use[resource]?[days[part]] ?? 0 : 0
            })
        return groups.enumerated().map { index, members in
            let part = SplitPart(
                id: "\(mode.rawValue)-\(index + 1)", by: mode, index: index, count: groups.count, source: source,
                matches: members.map { units[$0].id }, budgets: budgets[index].isEmpty ? nil : budgets[index])
            return InstancePart(part: part, instance: restricted(prepared, to: members, budgets: budgets[index]))
        }
    }

    /// The parts by region (see ``SplitMode/region``), regions in name order (the matches of no region last).
    static func splitByRegion(_ prepared: Prepared, units: [SplitUnit]) -> [InstancePart<Instance>] {
        let names = Set(units.compactMap(\.region)).sorted()
        var regionOf: [String?] = names.map { $0 }
        if units.contains(where: { $0.region == nil }) { regionOf.append(nil) }
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let groups = regionOf.map { region in units.indices.filter { units[$0].region == region } }
        // Each resource to one region: its fixed one, else the region of most of its matches (the first on a tie).
        var matchesIn: [String: [Int: Int]] = [:]
        for (part, members) in groups.enumerated() {
            for unit in members { for resource in units[unit].resources { matchesIn[resource, default: [:]][part, default: 0] += 1 } }
        }
        let fixed = fixedRegions(prepared)
        var home: [String: Int] = [:]
        var linked = false
        for (resource, counts) in matchesIn {
            let own = fixed[resource].flatMap { index[$0] }
            let chosen = own ?? counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }.map(\.key) ?? 0
            home[resource] = chosen
            if counts.keys.contains(where: { $0 != chosen }) { linked = true }
        }
        let source = fingerprint(units)
        return groups.enumerated().map { part, members in
            let excluded = Set(members.flatMap { units[$0].resources }.filter { home[$0] != part })
            let summary = SplitPart(
                id: "region-\(part + 1)", by: .region, index: part, count: groups.count, source: source,
                matches: members.map { units[$0].id }, budgets: nil, region: regionOf[part], linked: linked ? true : nil)
            return InstancePart(part: summary, instance: restricted(prepared, to: members, excluding: excluded))
        }
    }

    /// FNV-1a (64 bits) of every match's id and day, as 16 hex digits.
    static func fingerprint(_ units: [SplitUnit]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units {
            for byte in Array("\(unit.id)\u{1}\(unit.day)\u{2}".utf8) {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Each limit shared over the parts: first what the whole's plan uses in each part, then what is left in
    /// proportion to the matches the resource may work in each (largest remainders first), so that the
    /// parts' budgets add up to at most the limit.
    static func share(
        _ limits: [String: Int], over groups: [[Int]], units: [SplitUnit], use: (String, Int) -> Int
    ) -> [[String: Int]] {
        var result = [[String: Int]](repeating: [:], count: groups.count)
        for (resource, limit) in limits.sorted(by: { $0.key < $1.key }) {
            let key = "official:\(resource)"
            let weights = groups.map { members in members.filter { units[$0].resources.contains(key) }.count }
            let total = weights.reduce(0, +)
            guard total > limit else { continue }  // the limit cannot bind: no budget needed
            var shares = groups.indices.map { Swift.min(use(resource, $0), weights[$0]) }
            var left = Swift.max(0, limit - shares.reduce(0, +))
            let room = groups.indices.map { weights[$0] - shares[$0] }
            let roomTotal = room.reduce(0, +)
            if roomTotal > 0 && left > 0 {
                let extra = room.map { Swift.min($0, left * $0 / roomTotal) }
                for index in groups.indices { shares[index] += extra[index] }
                left -= extra.reduce(0, +)
                let order = groups.indices.sorted {
                    let a = (limit * room[$0]) % roomTotal, b = (limit * room[$1]) % roomTotal
                    return a != b ? a > b : $0 < $1
                }
                for index in order where left > 0 && shares[index] < weights[index] {
                    shares[index] += 1
                    left -= 1
                }
            }
            for (index, share) in shares.enumerated() where weights[index] > 0 { result[index][resource] = share }
        }
        return result
    }
}

extension SplittableKind {
    /// In process, what `split --by component`, a solve per part and `merge` do across machines: each
    /// independent component solved as its own instance (on ``RunSettings/jobs`` threads, each part a share of
    /// what is left of the limit in proportion to its matches), then assembled and verified as a whole, each
    /// level proven only as far as the parts prove it (``assemble``). Nil when the settings or the instance's
    /// size do not call for it, when there is one component, or when a part has no plan (the whole is then
    /// solved as one model, which says why).
    static func solveByComponents(
        _ prepared: Prepared, options: InstanceOptions, settings: RunSettings, started: ContinuousClock.Instant
    ) throws(TouchlineError) -> SolveReport<Self>? {
        let instance = prepared.instance
        guard settings.decomposition != .never, splitRefusal(instance) == nil, identity(instance).part == nil else { return nil }
        if settings.decomposition == .auto && matchCount(instance) < Engine.decompositionMatches { return nil }
        let parts = split(prepared, by: .component)
        guard parts.count >= 2 else { return nil }
        let limit = options.resolvedTimeLimit
        @Sendable func elapsed() -> Double { (ContinuousClock.now - started).inSeconds }
        let sizes = parts.map { max(1, $0.part.matches.count) }
        let jobs = max(1, min(settings.jobs, parts.count))
        var inner = settings
        inner.decomposition = .never
        inner.jobs = 1
        let partSettings = inner
        let results = ResultSlots<Result<SolveReport<Self>, TouchlineError>>(count: parts.count)
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            let mine = Array(stride(from: worker, to: parts.count, by: jobs))
            var left = mine.reduce(0) { $0 + sizes[$1] }
            for index in mine {
                // What is left of the limit (less a moment to assemble), shared over this thread's parts still
                // to solve by their matches.
                let share = max(0.05, (limit - elapsed() - 0.1) * Double(sizes[index]) / Double(max(1, left)))
                left -= sizes[index]
                var partOptions = options
                partOptions.timeLimitSeconds = share
                var own = partSettings
                own.started = ContinuousClock.now
                // The part's progress reaches the whole's display as `component 3/8: <level>`.
                own.control = partSettings.control?.part("component \(index + 1)/\(parts.count)")
                results.set(
                    index,
                    Result { () throws(TouchlineError) in
                        try Engine.solveOnce(parts[index].instance, kind: Self.self, options: partOptions, settings: own)
                    })
            }
        }
        var reports: [SolveReport<Self>] = []
        var plans: [Solution] = []
        for result in results.all() {
            guard let result else { return nil }
            let report = try result.get()
            guard report.status == .optimal || report.status == .feasible, let plan = report.solution else { return nil }
            reports.append(report)
            plans.append(plan)
        }
        guard case var .success(report) = assemble(prepared, parts: parts, mode: .component, plans: plans, reports: reports) else {
            return nil
        }
        report.stats.seconds = elapsed()
        report.id = identity(instance).id
        return report
    }
}
