import TouchlineMILP

/// A match of a `matchday`: it needs a pitch of its size and officials.
public struct MatchdayMatch: Sendable, Codable, Equatable {
    public var id: String
    public var start: LocalDateTime
    public var durationMinutes: Int
    public var size: String
    public var competition: String?
    public var teams: [String]?
    public var preferred: [String]?
    /// A pinned pitch (null or absent: the solver chooses).
    public var pitch: String?
    /// How many officials the match needs (default 1).
    public var officials: Int?
    public var minLevel: Int?

    public init(
        id: String, start: LocalDateTime, durationMinutes: Int, size: String, competition: String? = nil,
        teams: [String]? = nil, preferred: [String]? = nil, pitch: String? = nil, officials: Int? = nil, minLevel: Int? = nil
    ) {
        self.id = id
        self.start = start
        self.durationMinutes = durationMinutes
        self.size = size
        self.competition = competition
        self.teams = teams
        self.preferred = preferred
        self.pitch = pitch
        self.officials = officials
        self.minLevel = minLevel
    }
}

public struct MatchdayRules: Sendable, Codable, Equatable {
    public var bufferMinutes: Int?
    public var restMinutes: Int?
    public var travelSpeedKmh: Double?

    public init(bufferMinutes: Int? = nil, restMinutes: Int? = nil, travelSpeedKmh: Double? = nil) {
        self.bufferMinutes = bufferMinutes
        self.restMinutes = restMinutes
        self.travelSpeedKmh = travelSpeedKmh
    }
}

/// The `matchday` instance: pitches and officials chosen together.
public struct MatchdayInstance: Sendable, Codable {
    public var problem: String?
    public var options: SolverOptions?
    public var pitches: [Pitch]
    public var travelMinutes: [TravelEntry]?
    public var matches: [MatchdayMatch]
    public var officials: [Official]
    public var pinned: [OfficialPin]?
    public var rules: MatchdayRules?
    /// The published plan (in the output's own `solution` format).
    public var previous: MatchdaySolution?
    /// The identity of this club's or league's fixtures (e.g. "eton-field-game"), mixed into calendar UIDs
    /// so that two clubs' "m1" never share one; optional (the UID also carries the match's teams).
    public var calendarId: String?
    /// Where the data comes from (kept with the instance, not used to solve).
    public var source: String?

    public init(
        pitches: [Pitch], travelMinutes: [TravelEntry]? = nil, matches: [MatchdayMatch], officials: [Official],
        pinned: [OfficialPin]? = nil, rules: MatchdayRules? = nil, previous: MatchdaySolution? = nil, options: SolverOptions? = nil
    ) {
        self.problem = MatchdayKind.name
        self.pitches = pitches
        self.travelMinutes = travelMinutes
        self.matches = matches
        self.officials = officials
        self.pinned = pinned
        self.rules = rules
        self.previous = previous
        self.options = options
    }

    /// The pitches part alone, as a `pitches` instance.
    public var pitchesInstance: PitchesInstance {
        PitchesInstance(
            pitches: pitches,
            matches: matches.map {
                PitchMatch(id: $0.id, start: $0.start, durationMinutes: $0.durationMinutes, size: $0.size,
                           competition: $0.competition, teams: $0.teams, preferred: $0.preferred, pitch: $0.pitch)
            },
            rules: PitchRules(bufferMinutes: rules?.bufferMinutes),
            previous: previous.map { PitchesSolution(assignments: $0.pitches) })
    }

    /// The officials part for fixed pitches (match id → pitch id; matches without one are left out).
    public func officialsInstance(pitchOf: [String: String]) -> OfficialsInstance {
        OfficialsInstance(
            venues: pitches.map { Venue(id: $0.id, name: $0.name, group: $0.group, lat: $0.lat, lon: $0.lon) },
            travelMinutes: travelMinutes,
            matches: matches.compactMap { match in
                pitchOf[match.id].map {
                    OfficialsMatch(id: match.id, start: match.start, durationMinutes: match.durationMinutes, venue: $0,
                                   competition: match.competition, teams: match.teams, officials: match.officials, minLevel: match.minLevel)
                }
            },
            officials: officials,
            pinned: (pinned ?? []).filter { pitchOf[$0.match] != nil },
            rules: OfficialsRules(restMinutes: rules?.restMinutes, travelSpeedKmh: rules?.travelSpeedKmh),
            previous: previous.map { OfficialsSolution(assignments: $0.assignments) })
    }
}

/// The `solution` of a `matchday` result.
public struct MatchdaySolution: Sendable, Codable, Equatable {
    /// Match id → pitch id.
    public var pitches: [String: String]
    /// Match id → officials.
    public var assignments: [String: [String]]
    public var unplaced: [UnplacedMatch]
    public var unfilled: [UnfilledSlots]
    public var usage: [String: Int]
    public var load: [String: Int]
    public var travel: [String: Int]
    public var moves: [TravelMove]

    public init(pitches: PitchesSolution, officials: OfficialsSolution) {
        self.pitches = pitches.assignments
        assignments = officials.assignments
        unplaced = pitches.unplaced
        unfilled = officials.unfilled
        usage = pitches.usage
        load = officials.load
        travel = officials.travel
        moves = officials.moves
    }

    var pitchesPart: PitchesSolution { PitchesSolution(assignments: pitches, unplaced: unplaced, usage: usage) }
    var officialsPart: OfficialsSolution {
        OfficialsSolution(assignments: assignments, unfilled: unfilled, load: load, travel: travel, moves: moves)
    }

    private enum CodingKeys: String, CodingKey { case pitches, assignments, unplaced, unfilled, usage, load, travel, moves }

    /// Only `pitches` and `assignments` are needed in a `previous` plan.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pitches = try container.decode([String: String].self, forKey: .pitches)
        assignments = try container.decodeIfPresent([String: [String]].self, forKey: .assignments) ?? [:]
        unplaced = try container.decodeIfPresent([UnplacedMatch].self, forKey: .unplaced) ?? []
        unfilled = try container.decodeIfPresent([UnfilledSlots].self, forKey: .unfilled) ?? []
        usage = try container.decodeIfPresent([String: Int].self, forKey: .usage) ?? [:]
        load = try container.decodeIfPresent([String: Int].self, forKey: .load) ?? [:]
        travel = try container.decodeIfPresent([String: Int].self, forKey: .travel) ?? [:]
        moves = try container.decodeIfPresent([TravelMove].self, forKey: .moves) ?? []
    }
}

/// The lexicographic objective of `matchday`: coverage first, then the officials' levels, then the pitches'.
public struct MatchdayObjective: Sendable, Codable, Equatable, CustomStringConvertible {
    public var placed: Int
    public var filled: Int
    /// With `previous`: pitch changes plus published (match, official) pairs not kept.
    public var changes: Int?
    public var maxLoad: Int
    public var travel: Int
    public var repeatPairings: Int
    public var preferred: Int
    public var maxUsage: Int
    public var groupSplits: Int

    public var description: String {
        "placed \(placed), filled \(filled)" + (changes.map { ", changes \($0)" } ?? "")
            + ", maxLoad \(maxLoad), travel \(travel), repeatPairings \(repeatPairings), preferred \(preferred), maxUsage \(maxUsage), groupSplits \(groupSplits)"
    }

}

/// The `matchday` problem kind: pitches and officials together, so that an official with back-to-back
/// matches is not sent across field groups when a pitch choice avoids it.
public enum MatchdayKind: ProblemKind, PreCheckedKind {
    public typealias Instance = MatchdayInstance
    public typealias Solution = MatchdaySolution
    public typealias Objective = MatchdayObjective

    public static let configuration = KindConfiguration(
        name: "matchday", summary: summary, schema: schema, generatorSize: generatorSize)
    static let summary = "pitches and officials chosen together for a match day or a term"

    public static func options(of instance: MatchdayInstance) -> SolverOptions? { instance.options }

    public static func validate(_ instance: MatchdayInstance) -> [InputIssue] {
        var issues = IssueCollector()
        if let problem = instance.problem { issues.require(problem == name, "problem", "expected \"matchday\"") }
        var pitchesPart = instance.pitchesInstance
        pitchesPart.problem = nil
        for issue in pitchesPart.issues() where !issue.path.hasPrefix("previous") { issues.add(issue.path, issue.message) }
        let places = instance.pitches.map { TravelPlace(id: $0.id, group: $0.group ?? "", lat: $0.lat, lon: $0.lon) }
        for issue in TravelTimes.issues(
            places: places, placePaths: instance.pitches.indices.map { "pitches[\($0)]" }, entries: instance.travelMinutes ?? [],
            entriesPath: "travelMinutes")
        {
            issues.add(issue.path, issue.message)
        }
        let officialIds = OfficialsChecks.officials(instance.officials, into: &issues)
        let matchIds = Set(instance.matches.map(\.id))
        for (index, match) in instance.matches.enumerated() {
            if let needed = match.officials {
                issues.require(needed >= 0 && needed <= 20, "matches[\(index)].officials", "expected how many officials, from 0 to 20")
            }
        }
        OfficialsChecks.pins(instance.pinned ?? [], matchIds: matchIds, officialIds: officialIds, into: &issues)
        OfficialsChecks.rules(OfficialsRules(restMinutes: instance.rules?.restMinutes, travelSpeedKmh: instance.rules?.travelSpeedKmh), into: &issues)
        if let previous = instance.previous {
            let pitchIds = Set(instance.pitches.map(\.id))
            for (match, pitch) in previous.pitches.sorted(by: { $0.key < $1.key }) {
                issues.require(matchIds.contains(match), "previous.pitches.\(match)", "unknown match \"\(match)\"")
                issues.require(pitchIds.contains(pitch), "previous.pitches.\(match)", "unknown pitch \"\(pitch)\"")
            }
            OfficialsChecks.previous(previous.assignments, path: "previous.assignments", matchIds: matchIds, officialIds: officialIds, into: &issues)
        }
        return issues.issues
    }

    static func core(_ instance: MatchdayInstance) -> OfficialsCore {
        OfficialsCore(
            matches: instance.matches.map {
                OfficialsCore.Match(
                    id: $0.id, start: $0.start.minutes, end: $0.start.minutes + $0.durationMinutes, day: $0.start.day,
                    teams: Array(Set($0.teams ?? [])).sorted(), needed: $0.officials ?? 1, minLevel: $0.minLevel ?? 0)
            },
            officials: instance.officials,
            places: instance.pitches.map { TravelPlace(id: $0.id, group: $0.group ?? "", lat: $0.lat, lon: $0.lon) },
            placeNames: instance.pitches.map(\.displayName), travelEntries: instance.travelMinutes ?? [],
            speedKmh: instance.rules?.travelSpeedKmh ?? 50, rest: instance.rules?.restMinutes ?? 0, pins: instance.pinned ?? [])
    }

    public static func impossibility(_ instance: MatchdayInstance) -> String? {
        var problems: [String] = []
        if let pitches = PitchesKind.impossibility(instance.pitchesInstance) { problems.append(pitches) }
        let pitchIndex = Dictionary(uniqueKeysWithValues: instance.pitches.enumerated().map { ($1.id, $0) })
        problems += core(instance).pinProblems(placeOf: instance.matches.map { $0.pitch.flatMap { pitchIndex[$0] } })
        // An official pinned to a match needs the match played: a match no pitch can take cannot have one.
        let analysis = PitchesAnalysis(instance.pitchesInstance)
        for pin in instance.pinned ?? [] {
            if let m = instance.matches.firstIndex(where: { $0.id == pin.match }), analysis.eligible[m].isEmpty {
                problems.append("\(pin.official) is pinned to \(pin.match), which no pitch can take")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    public static func formulate(_ instance: MatchdayInstance) -> Formulation<MatchdaySolution> {
        let analysis = PitchesAnalysis(instance.pitchesInstance)
        let core = core(instance)
        var model = Model(name: "matchday")
        let pitchesPart = PitchesModelBuilder(model: &model, analysis: analysis)
        let placement = Placement(
            options: pitchesPart.x.map { row in row.map { ($0.pitch, LinearExpression($0.variable)) } },
            placed: pitchesPart.x.map { row in sum(row.map(\.variable)) })
        let officialsPart = OfficialsModelBuilder(model: &model, core: core, placement: placement, previous: instance.previous?.assignments)
        model.maximize(pitchesPart.placed, name: "placed", bound: Double(pitchesPart.placeable))
        model.maximize(officialsPart.filled, name: "filled")
        if pitchesPart.changes != nil || officialsPart.changes != nil {
            model.minimize((pitchesPart.changes ?? LinearExpression()) + (officialsPart.changes ?? LinearExpression()), name: "changes", bound: 0)
        }
        model.minimize(LinearExpression(officialsPart.maxLoad), name: "maxLoad")
        let count = Double(max(1, core.officials.count))
        model.objectives[model.objectives.count - 1].boundFromEarlier = { values in (values[1] / count - 1e-9).rounded(.up) }
        model.minimize(officialsPart.travel, name: "travel", bound: 0)
        model.minimize(officialsPart.repeats, name: "repeatPairings", bound: 0)
        model.maximize(pitchesPart.preferred, name: "preferred")
        model.minimize(LinearExpression(pitchesPart.maxUsage), name: "maxUsage")
        model.minimize(pitchesPart.splits, name: "groupSplits", bound: 0)
        let variableCount = model.variableCount
        let completed = model
        return Formulation(
            model: model,
            tuning: SolverTuning(feasibilityPump: false, cuts: false, branching: .driebeckTomlin),
            decode: { result in
                let placeOf = pitchesPart.placement(result)
                let crews = officialsPart.x.map { row in row.filter { result.isOn($0.variable) }.map(\.official) }
                return MatchdaySolution(
                    pitches: analysis.solution(placement: placeOf), officials: core.solution(crews: crews, placeOf: placeOf))
            },
            encode: { solution in
                var values = [Double](repeating: 0, count: variableCount)
                guard pitchesPart.encode(solution.pitches, into: &values), let crews = core.crews(solution.assignments) else { return nil }
                return officialsPart.encode(crews: crews, into: &values) ? completed.completeStart(values) : nil
            })
    }

    /// Pitches by the pitches greedy, then officials by the officials greedy on those pitches.
    public static func greedy(_ instance: MatchdayInstance, seconds: Double?) -> MatchdaySolution? {
        guard let pitches = PitchesKind.greedy(instance.pitchesInstance) else { return nil }
        let core = core(instance)
        let pitchIndex = Dictionary(uniqueKeysWithValues: instance.pitches.enumerated().map { ($1.id, $0) })
        let placeOf = instance.matches.map { pitches.assignments[$0.id].flatMap { pitchIndex[$0] } }
        let crews = core.greedy(placeOf: placeOf, previous: instance.previous?.assignments)
        return MatchdaySolution(pitches: pitches, officials: core.solution(crews: crews, placeOf: placeOf))
    }

    public static func verify(_ instance: MatchdayInstance, _ solution: MatchdaySolution) -> [String] {
        var violations = PitchesKind.verify(instance.pitchesInstance, solution.pitchesPart)
        violations += verifier(instance, pitchOf: solution.pitches).check(solution.officialsPart)
        return violations
    }

    static func verifier(_ instance: MatchdayInstance, pitchOf: [String: String]) -> OfficialsVerifier {
        OfficialsVerifier(
            matches: instance.matches.map {
                .init(id: $0.id, start: $0.start, duration: $0.durationMinutes, place: pitchOf[$0.id], teams: $0.teams ?? [],
                      needed: $0.officials ?? 1, minLevel: $0.minLevel ?? 0)
            },
            places: instance.pitches.map { .init(id: $0.id, group: $0.group ?? "", lat: $0.lat, lon: $0.lon) },
            officials: instance.officials, pinned: instance.pinned ?? [], travel: instance.travelMinutes ?? [],
            rest: instance.rules?.restMinutes ?? 0, speed: instance.rules?.travelSpeedKmh ?? 50)
    }

    public static func objective(_ instance: MatchdayInstance, _ solution: MatchdaySolution) -> MatchdayObjective {
        let pitches = PitchesKind.objective(instance.pitchesInstance, solution.pitchesPart)
        let officials = OfficialsVerifier.objective(
            matches: instance.matches.map { ($0.id, $0.start, solution.pitches[$0.id], $0.teams ?? []) },
            groupOf: Dictionary(uniqueKeysWithValues: instance.pitches.map { ($0.id, $0.group ?? "") }),
            assignments: solution.assignments, previous: instance.previous?.assignments)
        var changes: Int? = nil
        if instance.previous != nil { changes = (pitches.changes ?? 0) + (officials.changes ?? 0) }
        return MatchdayObjective(
            placed: pitches.placed, filled: officials.filled, changes: changes, maxLoad: officials.maxLoad,
            travel: officials.travel, repeatPairings: officials.repeatPairings, preferred: pitches.preferred,
            maxUsage: pitches.maxUsage, groupSplits: pitches.groupSplits)
    }

    public static func levels(_ objective: MatchdayObjective) -> [ObjectiveLevel] {
        [ObjectiveLevel("placed", objective.placed, maximise: true),
         ObjectiveLevel("filled", objective.filled, maximise: true)]
            + (objective.changes.map { [ObjectiveLevel("changes", $0)] } ?? [])
            + [ObjectiveLevel("maxLoad", objective.maxLoad), ObjectiveLevel("travel", objective.travel),
               ObjectiveLevel("repeatPairings", objective.repeatPairings),
               ObjectiveLevel("preferred", objective.preferred, maximise: true),
               ObjectiveLevel("maxUsage", objective.maxUsage), ObjectiveLevel("groupSplits", objective.groupSplits)]
    }

    static func daySheets(_ instance: MatchdayInstance, _ solution: MatchdaySolution) -> DaySheets {
        var pitches: [String: Pitch] = [:]
        for pitch in instance.pitches { pitches[pitch.id] = pitch }
        let names = OfficialsText.names(instance.officials)
        let missing = Dictionary(solution.unfilled.map { ($0.match, $0.missing) }, uniquingKeysWith: +)
        let rows = instance.matches.map { match in
            let pitch = solution.pitches[match.id].flatMap { pitches[$0] }
            return DaySheets.Row(
                id: match.id, start: match.start, end: match.start + match.durationMinutes, place: pitch?.displayName, group: pitch?.group,
                teams: match.teams ?? [], competition: match.competition,
                officials: (solution.assignments[match.id] ?? []).map { names[$0] ?? $0 }, missing: missing[match.id] ?? 0)
        }
        var sheets = DaySheets(title: "Matchday", rows: rows)
        sheets.unplaced = solution.unplaced.map { ($0.match, $0.reason) }
        sheets.usage = PitchesText.usage(instance.pitches, solution.usage)
        OfficialsText.addOfficials(to: &sheets, solution.officialsPart, officials: instance.officials)
        return sheets
    }
}

extension MatchdayKind: MatchDaySheetKind {}
