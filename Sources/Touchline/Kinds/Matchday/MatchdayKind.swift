import TouchlineMILP

/// The `matchday` problem kind: pitches and officials together, so that an official with back-to-back
/// matches is not sent across field groups when a pitch choice avoids it.
public enum MatchdayKind: ProblemKind, PreCheckedKind {
    public typealias Instance = MatchdayInstance
    public typealias Solution = MatchdaySolution
    public typealias Objective = MatchdayObjective
    public typealias Prepared = MatchdayPrepared

    public static let configuration = KindConfiguration(
        name: "matchday", summary: summary, schema: schema, generatorSize: generatorSize)
    static let summary = "pitches and officials chosen together for a match day or a term"

    public static func options(of instance: MatchdayInstance) -> InstanceOptions? { instance.options }

    static func core(_ instance: MatchdayInstance) -> OfficialsCore {
        OfficialsCore(
            matches: instance.matches.map {
                OfficialsCore.Match(
                    id: $0.id, start: $0.start.minutes, end: $0.start.minutes + $0.durationMinutes, day: $0.start.day,
                    teams: Array(Set($0.teams ?? [])).sorted(), needed: $0.officials ?? OfficialsMatch.defaultOfficials, minLevel: $0.minLevel ?? 0)
            },
            officials: instance.officials,
            places: instance.pitches.map { TravelPlace(id: $0.id, group: $0.group ?? "", lat: $0.lat, lon: $0.lon) },
            placeNames: instance.pitches.map(\.displayName), travelEntries: instance.travelMinutes ?? [],
            speedKmh: instance.rules?.travelSpeedKmh ?? OfficialsRules.defaultTravelSpeedKmh, rest: instance.rules?.restMinutes ?? 0,
            pins: instance.pinned ?? [])
    }

    public static func prepare(_ instance: MatchdayInstance, options: InstanceOptions) -> MatchdayPrepared {
        MatchdayPrepared(instance: instance, pitches: PitchesAnalysis(instance.pitchesInstance), core: core(instance))
    }

    public static func impossibility(_ prepared: MatchdayPrepared) -> String? {
        let instance = prepared.instance
        var problems: [String] = []
        if let pitches = PitchesKind.impossibility(prepared.pitches) { problems.append(pitches) }
        let pitchIndex = Dictionary(uniqueKeysWithValues: instance.pitches.enumerated().map { ($1.id, $0) })
        problems += prepared.core.pinProblems(placeOf: instance.matches.map { $0.pitch.flatMap { pitchIndex[$0] } })
        // An official pinned to a match needs the match played: a match no pitch can take cannot have one.
        let analysis = prepared.pitches
        for pin in instance.pinned ?? [] {
            if let m = instance.matches.firstIndex(where: { $0.id == pin.match }), analysis.eligible[m].isEmpty {
                problems.append("\(pin.official) is pinned to \(pin.match), which no pitch can take")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    public static func objective(_ instance: MatchdayInstance, _ solution: MatchdaySolution) -> MatchdayObjective {
        let pitches = PitchesKind.objective(
            pitches: instance.pitches, matches: instance.matches.map { ($0.id, $0.preferred, $0.teams, $0.start.day) },
            previous: instance.previous?.pitches, solution.pitchesPart)
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
        [
            ObjectiveLevel("placed", objective.placed, maximise: true),
            ObjectiveLevel("filled", objective.filled, maximise: true)
        ]
            + (objective.changes.map { [ObjectiveLevel("changes", $0)] } ?? [])
            + [
                ObjectiveLevel("maxLoad", objective.maxLoad), ObjectiveLevel("travel", objective.travel),
                ObjectiveLevel("repeatPairings", objective.repeatPairings),
                ObjectiveLevel("preferred", objective.preferred, maximise: true),
                ObjectiveLevel("maxUsage", objective.maxUsage), ObjectiveLevel("groupSplits", objective.groupSplits)
            ]
    }
}

/// The matchday kind's prepared form: the pitches' analysis and the officials' core, built once per solve.
public struct MatchdayPrepared: PreparedInstance {
    public let instance: MatchdayInstance
    let pitches: PitchesAnalysis
    let core: OfficialsCore
}
