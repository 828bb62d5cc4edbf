import Foundation
import Testing
import TouchlineMILP

@testable import Touchline

/// What a result claims when the solve stopped on a level but its plan, improved by the levels after, meets the
/// bounds proven there: those levels are proven, the first level it does not meet is the open one, and the
/// whole is `optimal` only when it meets every level's bound.
@Suite struct StoppedSolveProofTests {
    static let day0 = LocalDateTime("2026-09-05T00:00")!

    /// Two matches at once, each with its preferred pitch: greedy places both there (placed 2, preferred 2,
    /// maxUsage 1, groupSplits 0).
    static let instance = PitchesInstance(
        pitches: [Pitch(id: "a", group: "North", sizes: ["s"]), Pitch(id: "b", group: "South", sizes: ["s"])],
        matches: [
            PitchMatch(id: "m1", start: day0 + 600, durationMinutes: 60, size: "s", teams: ["x", "y"], preferred: ["a"]),
            PitchMatch(id: "m2", start: day0 + 600, durationMinutes: 60, size: "s", teams: ["z", "w"], preferred: ["b"])
        ],
        rules: PitchRules(bufferMinutes: 0))

    /// `choose` on a solve that stopped at the time limit on level 1 (`preferred`, one short of the plan's
    /// value when it stopped) with these level bounds, the plan being greedy's.
    func choose(bounds: [Double?]) throws -> SolveReport<PitchesKind> {
        let run = EngineRun<PitchesKind>(instance: Self.instance, overrides: InstanceOptions(), settings: RunSettings())
        let plan = try #require(PitchesKind.greedy(Self.instance))
        let formulation = PitchesKind.formulate(Self.instance)
        let values = try #require(formulation.encode(plan))
        let levels = PitchesKind.levels(PitchesKind.objective(Self.instance, plan))
        #expect(levels.map(\.value) == [2, 2, 1, 0])
        let reports = levels.enumerated().map { index, level -> LevelReport in
            LevelReport(
                name: level.name, termination: index == 0 ? LevelTermination.optimal : .feasible,
                stopReason: index == 0 ? StopReason.optimal : .timeLimit,
                value: level.value - (index == 1 ? 1 : 0), bound: bounds[index], gap: index == 0 ? 0 : nil, seconds: 0, nodes: 0,
                warmStartAccepted: true)
        }
        let result = SolveResult(
            stopReason: .timeLimit, solution: Assignment(values), objectiveValues: levels.map(\.value), levels: reports,
            bound: bounds[1], gap: nil, gapLevel: 1, nodes: 0, seconds: 0,
            message: "level 2 (preferred) stopped before proving optimality", notes: [])
        var stats = SolveStats()
        stats.levels = reports
        return try run.choose(
            .init(formulation: formulation, method: .milp, result: result, stats: stats, warnings: []),
            greedy: .init(plan: nil, objective: nil, seconds: 0, heuristicSeconds: 0))
    }

    @Test func aPlanMeetingEveryLaterBoundIsOptimal() throws {
        let report = try choose(bounds: [2, 2, 1, 0])
        #expect(report.status == .optimal)
        #expect(report.gap == 0 && report.bound == 2)
        #expect(report.stats.levels?.allSatisfy { $0.termination == .optimal && $0.gap == 0 } == true)
        #expect(!report.warnings.contains { $0.hasPrefix("MILP:") })
    }

    @Test func theFirstLevelWithoutABoundStaysOpen() throws {
        let report = try choose(bounds: [2, 2, 1, nil])
        #expect(report.status == .feasible)
        #expect(report.bound == nil && report.gap == nil)
        #expect(report.stats.levels?.map(\.termination) == [.optimal, .optimal, .optimal, .feasible])
        #expect(report.warnings.contains { $0.hasPrefix("MILP:") })
    }

    @Test func aBoundThePlanDoesNotMeetIsTheOpenLevel() throws {
        let report = try choose(bounds: [2, 3, 1, 0])
        #expect(report.status == .feasible)
        #expect(report.bound == 3 && report.gap == 0.5)
        #expect(report.stats.levels?.map(\.termination) == [.optimal, .feasible, .feasible, .feasible])
        // The open level reports the plan's own value.
        #expect(report.stats.levels?[1].value == 2)
    }
}
