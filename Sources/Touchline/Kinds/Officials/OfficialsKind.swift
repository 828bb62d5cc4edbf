import TouchlineMILP

/// The `officials` problem kind: umpires or referees for every match, filling as many slots as the rules
/// allow, then keeping a published plan, then evening the load, then sparing moves between field groups,
/// then spreading each official over the teams.
public enum OfficialsKind: ProblemKind, PreCheckedKind {
    public typealias Instance = OfficialsInstance
    public typealias Solution = OfficialsSolution
    public typealias Objective = OfficialsObjective
    public typealias Prepared = OfficialsPrepared

    public static let configuration = KindConfiguration(
        name: "officials", summary: summary, schema: schema, generatorSize: generatorSize)
    static let summary = "umpires and referees for a day or a term (levels, conflicts, availability, travel)"

    public static func options(of instance: OfficialsInstance) -> InstanceOptions? { instance.options }

    public static func validate(_ instance: OfficialsInstance) -> [InputIssue] { instance.issues() }

    static func core(_ instance: OfficialsInstance) -> OfficialsCore {
        let places = instance.venues.map { TravelPlace(id: $0.id, group: $0.group ?? "", lat: $0.lat, lon: $0.lon, x: $0.x, y: $0.y) }
        let groupOfVenue = Dictionary(instance.venues.map { ($0.id, $0.group ?? "") }, uniquingKeysWith: { first, _ in first })
        return OfficialsCore(
            matches: instance.matches.map { match in
                var core = OfficialsCore.Match(match)
                core.group = groupOfVenue[match.venue]
                return core
            },
            officials: instance.officials, places: places,
            placeNames: instance.venues.map(\.displayName), travelEntries: instance.travelMinutes ?? [],
            speedKmh: instance.rules?.travelSpeedKmh ?? OfficialsRules.defaultTravelSpeedKmh, rest: instance.rules?.restMinutes ?? 0,
            pins: instance.pinned ?? [],
            league: OfficialsCore.League(
                softTeamConflicts: (instance.rules ?? OfficialsRules()).resolvedTeamConflicts == .soft,
                avoidIsHard: instance.rules?.avoidIsHard ?? false,
                points: instance.venues.map(\.point)))
    }

    static func venuePlaces(_ instance: OfficialsInstance) -> [Int] {
        var index: [String: Int] = [:]
        for (position, venue) in instance.venues.enumerated() { index[venue.id] = position }
        return instance.matches.map { index[$0.venue]! }
    }

    public static func prepare(_ instance: OfficialsInstance, options: InstanceOptions) -> OfficialsPrepared {
        let core = core(instance)
        return OfficialsPrepared(
            instance: instance, core: core, places: venuePlaces(instance),
            tour: (instance.rules?.isTour ?? false) ? TourProblem.make(instance, core: core) : nil)
    }

    public static func impossibility(_ prepared: OfficialsPrepared) -> String? {
        let problems = prepared.core.pinProblems(placeOf: prepared.places)
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    public static func verify(_ instance: OfficialsInstance, _ solution: OfficialsSolution) -> [String] {
        verifier(instance).check(solution)
    }

    /// The independent checker of an instance's plans (it shares no code with the solvers).
    static func verifier(_ instance: OfficialsInstance) -> OfficialsVerifier {
        var points: [String: Location] = [:]
        for venue in instance.venues { points[venue.id] = venue.point }
        var minExperience: [String: Int] = [:]
        for match in instance.matches { if let required = match.minExperience { minExperience[match.id] = required } }
        return OfficialsVerifier(
            matches: instance.matches.map {
                .init(
                    id: $0.id, start: $0.start, duration: $0.durationMinutes, place: $0.venue, teams: $0.teams ?? [], needed: $0.needed,
                    minLevel: $0.minLevel ?? 0, most: $0.most)
            },
            places: instance.venues.map { .init(id: $0.id, group: $0.group ?? "", lat: $0.lat, lon: $0.lon, x: $0.x, y: $0.y) },
            officials: instance.officials, pinned: instance.pinned ?? [], travel: instance.travelMinutes ?? [],
            rest: instance.rules?.restMinutes ?? 0, speed: instance.rules?.travelSpeedKmh ?? OfficialsRules.defaultTravelSpeedKmh,
            softTeamConflicts: (instance.rules ?? OfficialsRules()).resolvedTeamConflicts == .soft, avoidIsHard: instance.rules?.avoidIsHard ?? false,
            points: points, minExperience: minExperience, tours: TourRulesCheck(instance))
    }

    /// The objective's levels for this instance (`rules.objective`, or the default order).
    static func objectiveLevels(_ instance: OfficialsInstance) -> [OfficialsLevelSpec] {
        (instance.rules ?? OfficialsRules()).objectiveLevels(hasPrevious: instance.previous != nil)
    }

    public static func objective(_ instance: OfficialsInstance, _ solution: OfficialsSolution) -> OfficialsObjective {
        let classic = OfficialsVerifier.objective(
            matches: instance.matches.map { ($0.id, $0.start, $0.venue, $0.teams ?? []) },
            groupOf: Dictionary(uniqueKeysWithValues: instance.venues.map { ($0.id, $0.group ?? "") }),
            assignments: solution.assignments, previous: instance.previous?.assignments)
        let custom = instance.rules?.hasCustomObjective ?? false
        let hasHomes = instance.officials.contains { $0.home != nil }
        guard custom || hasHomes || instance.matches.contains(where: { $0.most > $0.needed }) else { return classic }
        // (A tour instance is always `custom`: its levels are reported.)
        let terms = verifier(instance).terms(solution.assignments, previous: instance.previous?.assignments, classic: classic)
        return OfficialsObjective(terms: terms, levels: objectiveLevels(instance), custom: custom, hasHomes: hasHomes)
    }

    public static func levels(_ objective: OfficialsObjective) -> [ObjectiveLevel] {
        if let levels = objective.levels {
            return levels.map { ObjectiveLevel($0.name, $0.value, maximise: $0.maximise ?? false) }
        }
        return [ObjectiveLevel("filled", objective.filled, maximise: true)]
            + (objective.changes.map { [ObjectiveLevel("changes", $0)] } ?? [])
            + [
                ObjectiveLevel("maxLoad", objective.maxLoad), ObjectiveLevel("travel", objective.travel),
                ObjectiveLevel("repeatPairings", objective.repeatPairings)
            ]
    }
}

extension OfficialsCore.Match {
    init(_ match: OfficialsMatch) {
        self.init(
            id: match.id, start: match.start.minutes, end: match.end.minutes, day: match.start.day,
            teams: Array(Set(match.teams ?? [])).sorted(), needed: match.needed, minLevel: match.minLevel ?? 0,
            most: match.most, minExperience: match.minExperience)
    }
}

extension OfficialsCore {
    /// Official indices per match from a solution's assignments; nil when an id is unknown.
    func crews(_ assignments: [String: [String]]) -> [[Int]]? {
        var crews: [[Int]] = []
        for match in matches {
            var crew: [Int] = []
            for id in assignments[match.id] ?? [] {
                guard let o = officialIndex[id] else { return nil }
                crew.append(o)
            }
            crews.append(crew)
        }
        return crews
    }

    /// Pins that break a hard rule, in words (at the given places).
    func pinProblems(placeOf: [Int?]) -> [String] {
        var problems: [String] = []
        var pinnedOf = [[Int]](repeating: [], count: officials.count)
        for (m, pinned) in pins.enumerated() {
            let match = matches[m]
            if pinned.count > match.maxCrew {
                problems.append(
                    "\(pinned.count) officials are pinned to \(match.id), "
                        + (match.maxCrew == match.needed ? "which needs \(match.needed)" : "which takes at most \(match.maxCrew)"))
            }
            for o in pinned {
                let official = officials[o]
                if (official.level ?? 0) < match.minLevel {
                    problems.append("\(official.id) (level \(official.level ?? 0)) is pinned to \(match.id), which needs level \(match.minLevel)")
                } else if let groups = official.groups, let group = match.group, !groups.contains(group) {
                    problems.append(
                        "\(official.id) is pinned to \(match.id) in \(group), outside their field groups (\(groups.joined(separator: ", ")))")
                } else if let window = (official.unavailable ?? []).first(where: {
                    $0.overlaps(start: LocalDateTime(minutes: match.start), end: LocalDateTime(minutes: match.end))
                }) {
                    problems.append("\(official.id) is pinned to \(match.id) but unavailable from \(window.from) to \(window.to)")
                } else if !softTeamConflicts, let team = match.teams.first(where: { (official.teams ?? []).contains($0) }) {
                    problems.append("\(official.id) is pinned to \(match.id) but is attached to \(team)")
                }
                if avoidIsHard, let other = pinned.first(where: { avoids[o].contains($0) }) {
                    problems.append(
                        "\(official.id) and \(officials[other].id) are both pinned to \(match.id), but \(official.id) avoids \(officials[other].id) (rules.avoidIsHard)"
                    )
                }
                pinnedOf[o].append(m)
            }
        }
        for (o, list) in pinnedOf.enumerated() where !list.isEmpty {
            let official = officials[o]
            for (i, a) in list.enumerated() {
                for b in list[(i + 1)...] {
                    guard let pa = placeOf[a], let pb = placeOf[b] else { continue }
                    if clash(a, at: pa, b, at: pb) {
                        problems.append(
                            "\(official.id) is pinned to \(matches[a].id) and \(matches[b].id), which are too close together (rest \(rest) min, travel \(travel.minutes[pa][pb]) min)"
                        )
                    }
                }
            }
            if let limit = official.maxTotal, list.count > limit {
                problems.append("\(official.id) is pinned to \(list.count) matches, above maxTotal \(limit)")
            }
            if let limit = official.maxPerDay {
                var perDay: [Int: Int] = [:]
                for m in list { perDay[matches[m].day, default: 0] += 1 }
                for (day, count) in perDay.sorted(by: { $0.key < $1.key }) where count > limit {
                    problems.append(
                        "\(official.id) is pinned to \(count) matches on \(LocalDateTime(minutes: day * 1440).dateText), above maxPerDay \(limit)")
                }
            }
        }
        return problems
    }
}

/// The officials kind's prepared form, built once per solve: the core (matches, officials, travel), each
/// match's venue, a season tour's problem, and the whole model of an assignor's own objective on first use.
public struct OfficialsPrepared: PreparedInstance {
    public let instance: OfficialsInstance
    let core: OfficialsCore
    /// Per match: its venue's index.
    let places: [Int]
    /// A season tour's problem (`rules.everySlot`), or the counting argument that it has no plan; nil when the
    /// instance is not a tour.
    let tour: Result<TourProblem, TourImpossible>?
    /// The whole model, built by whichever asks first: the league search or the engine's single-model path.
    let wholeModel = OnceCell<Formulation<OfficialsSolution>>()
    /// The greedy plan of an instance that is not a tour (untimed, deterministic), by whichever asks first: the
    /// league search, the engine's greedy stage or a split's day budgets.
    let greedyPlan = OnceCell<OfficialsSolution?>()
}
