/// `split` and `merge` for officials: a match shares its eligible officials and its teams; by day, each
/// official's `maxTotal` is shared out over the days as budgets and `repeatPairings` (an official seeing a
/// team again over the term) is only bounded by the days' sum.
extension OfficialsKind: SplittableKind {
    public static func splitRefusal(_ instance: OfficialsInstance) -> String? {
        (instance.rules?.hasCustomObjective ?? false)
            ? "rules.objective: a league objective (kilometres, seasonal fairness) links the whole season; split is for the default objective"
            : nil
    }

    public static func matchCount(_ instance: OfficialsInstance) -> Int { instance.matches.count }

    public static func splitUnits(_ prepared: OfficialsPrepared) -> [SplitUnit] {
        let (instance, core) = (prepared.instance, prepared.core)
        let regions = venueRegions(instance)
        return instance.matches.enumerated().map { index, match in
            SplitUnit(
                id: match.id, day: match.start.day,
                resources: core.eligible[index].map { "official:\(instance.officials[$0].id)" }
                    + Set(match.teams ?? []).sorted().map { "team:\($0)" },
                region: regions[match.venue] ?? nil)
        }
    }

    /// Venue id → its region.
    static func venueRegions(_ instance: OfficialsInstance) -> [String: String?] {
        Dictionary(instance.venues.map { ($0.id, $0.region) }, uniquingKeysWith: { first, _ in first })
    }

    /// An official pinned to a match belongs to that match's region (the first pin's, in instance order).
    public static func fixedRegions(_ prepared: OfficialsPrepared) -> [String: String] {
        let instance = prepared.instance
        let regions = venueRegions(instance)
        let venueOf = Dictionary(instance.matches.map { ($0.id, $0.venue) }, uniquingKeysWith: { first, _ in first })
        return OfficialsCore.pinnedRegions(instance.pinned, region: { match in venueOf[match].flatMap { regions[$0] ?? nil } })
    }

    /// A region's part: the officials given to other regions stay (pins and the published plan may name them)
    /// with no matches to work (`maxTotal` 0), unless pinned to one of the part's matches (the merge's
    /// verification then catches an official the regions' plans double-book).
    public static func restricted(_ prepared: OfficialsPrepared, to matches: [Int], excluding excluded: Set<String>) -> OfficialsInstance {
        let instance = prepared.instance
        return restricted(
            prepared, to: matches,
            budgets: OfficialsCore.zeroBudgets(
                excluded, keepingPinsOf: matches.map { instance.matches[$0].id }, pinned: instance.pinned))
    }

    public static func termLimits(_ instance: OfficialsInstance) -> [String: Int] { OfficialsCore.termLimits(instance.officials) }

    public static func termLimitUse(_ prepared: OfficialsPrepared) -> [String: [Int: Int]] {
        OfficialsCore.use(greedy(prepared, seconds: nil)?.assignments, days: prepared.instance.matches.map { ($0.id, $0.start.day) })
    }

    public static func restricted(_ prepared: OfficialsPrepared, to matches: [Int], budgets: [String: Int]) -> OfficialsInstance {
        let instance = prepared.instance
        var part = instance
        part.matches = matches.map { instance.matches[$0] }
        let ids = Set(part.matches.map(\.id))
        part.pinned = instance.pinned.map { pins in pins.filter { ids.contains($0.match) } }
        if let previous = instance.previous {
            part.previous = OfficialsSolution(assignments: previous.assignments.filter { ids.contains($0.key) })
        }
        part.officials = prepared.core.partOfficials(
            matches, pinned: part.pinned, previous: part.previous?.assignments, budgets: budgets)
        return part
    }

    public static func merged(_ prepared: OfficialsPrepared, _ parts: [OfficialsSolution]) -> OfficialsSolution {
        let (instance, core) = (prepared.instance, prepared.core)
        var assignments: [String: [String]] = [:]
        for part in parts { assignments.merge(part.assignments) { first, _ in first } }
        let crews = instance.matches.map { match in
            (assignments[match.id] ?? []).compactMap { core.officialIndex[$0] }
        }
        return core.solution(crews: crews, placeOf: prepared.places)
    }

    public static func assignedMatches(_ solution: OfficialsSolution) -> Set<String> {
        Set(solution.assignments.keys)
    }

    public static func composition(ofLevel name: String, by mode: SplitMode) -> LevelComposition {
        switch name {
        case "maxLoad": .max
        case "repeatPairings": mode == .day ? .atLeastSum : .sum
        default: .sum
        }
    }
}

/// What `officials` and `matchday` parts share: the term limits, how greedy's plan uses them, and which
/// officials a part keeps.
extension OfficialsCore {
    /// `official:<id>` → the region of the first match the official is pinned to (by `region(match id)`).
    static func pinnedRegions(_ pinned: [OfficialPin]?, region: (String) -> String?) -> [String: String] {
        var result: [String: String] = [:]
        for pin in pinned ?? [] where result["official:\(pin.official)"] == nil {
            if let own = region(pin.match) { result["official:\(pin.official)"] = own }
        }
        return result
    }

    /// Budgets of 0 for the officials among `excluded` (keys `official:<id>`): they can work nothing in the
    /// part, unless pinned to one of its matches (`matchIds`), whom the part keeps.
    static func zeroBudgets(_ excluded: Set<String>, keepingPinsOf matchIds: [String], pinned: [OfficialPin]?) -> [String: Int] {
        let ids = Set(matchIds)
        let pinnedHere = Set((pinned ?? []).filter { ids.contains($0.match) }.map { "official:\($0.official)" })
        var budgets: [String: Int] = [:]
        for key in excluded.subtracting(pinnedHere) where key.hasPrefix("official:") {
            budgets[String(key.dropFirst("official:".count))] = 0
        }
        return budgets
    }

    /// Official id → `maxTotal`, for the officials that have one.
    static func termLimits(_ officials: [Official]) -> [String: Int] {
        var limits: [String: Int] = [:]
        for official in officials { if let limit = official.maxTotal { limits[official.id] = limit } }
        return limits
    }

    /// Official id → day → matches, in a plan's assignments.
    static func use(_ assignments: [String: [String]]?, days: [(id: String, day: Int)]) -> [String: [Int: Int]] {
        guard let assignments else { return [:] }
        var use: [String: [Int: Int]] = [:]
        for match in days {
            for official in assignments[match.id] ?? [] { use[official, default: [:]][match.day, default: 0] += 1 }
        }
        return use
    }

    /// The officials of a part of these matches: only those who may work one of them (or are pinned to one, or
    /// on one in the previous plan; the others could do nothing there), with their budgets as `maxTotal` and
    /// `avoid` kept to the officials that stay.
    func partOfficials(
        _ matches: [Int], pinned: [OfficialPin]?, previous: [String: [String]]?, budgets: [String: Int]
    ) -> [Official] {
        var kept = Set(matches.flatMap { eligible[$0] }.map { officials[$0].id })
        kept.formUnion((pinned ?? []).map(\.official))
        kept.formUnion(previous.map { $0.values.flatMap { $0 } } ?? [])
        return officials.filter { kept.contains($0.id) }.map { official in
            var official = official
            if let budget = budgets[official.id] { official.maxTotal = budget }
            official.avoid = official.avoid.map { $0.filter { kept.contains($0) } }
            return official
        }
    }
}

extension OfficialsInstance: NamedInstance {}
