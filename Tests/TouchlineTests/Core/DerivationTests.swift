import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// One derivation per solve: each expensive structure a solve derives from its instance (the lineup pattern
/// space, the pitches analysis, the officials core and its travel matrix, matchday's pitches part) is built once,
/// by whichever stage asks first, and every later stage (pre-check, greedy, the kind's own pipeline, the MILP,
/// split and merge) reads that one. Counted with ``Derivations/counting(_:)``, which sees only this test's task.
@Suite struct DerivationTests {
    static func load<Instance: Decodable>(_ type: Instance.Type, _ path: String) throws -> Instance {
        try JSONDecoder().decode(type, from: Data(contentsOf: Repository.url("instances/\(path).json")))
    }

    static let limit = InstanceOptions(timeLimitSeconds: 2)

    /// Every lineup mode (balanced, pre-marked, turn-based, colour groups, a live re-plan, overtime with season
    /// minutes), by the default method and by greedy: the pattern space once.
    @Test(
        arguments: [
            "u10-7v7", "u12-pre-marked", "u10-turn-based", "u12-turn-based-late", "u10-colour-groups", "u10-live-injury",
            "u12-overtime-season", "u14-11v11-22-every5"
        ], ["auto", "greedy"])
    func aLineupSolveBuildsItsPatternSpaceOnce(_ name: String, _ method: String) throws {
        let instance = try Self.load(LineupInstance.self, "lineups/\(name)")
        var options = Self.limit
        options.method = InstanceOptions.Method(rawValue: method)
        var report: SolveReport<LineupKind>?
        let counts = try Derivations.counting { report = try Engine.solve(instance, kind: LineupKind.self, options: options) }
        let solved = try #require(report)
        #expect(solved.status == .optimal || solved.status == .feasible)
        #expect(counts[.lineupPatternSpace] == 1, "\(name) (\(method)): \(counts[.lineupPatternSpace]) pattern spaces")
    }

    /// `export` builds the pattern model from one pattern space too.
    @Test func aLineupExportBuildsItsPatternSpaceOnce() throws {
        let instance = try Self.load(LineupInstance.self, "lineups/u10-colour-groups")
        let counts = Derivations.counting { _ = LineupKind.formulate(LineupKind.prepare(instance)) }
        #expect(counts[.lineupPatternSpace] == 1)
    }

    @Test(arguments: ["fieldgame-saturday", "fieldgame-closed-pitches", "late-change"])
    func aPitchesSolveBuildsItsAnalysisOnce(_ name: String) throws {
        let instance = try Self.load(PitchesInstance.self, "pitches/\(name)")
        let counts = try Derivations.counting { _ = try Engine.solve(instance, kind: PitchesKind.self, options: Self.limit) }
        #expect(counts[.pitchesAnalysis] == 1)
    }

    @Test(arguments: ["fieldgame-saturday", "late-change", "fieldgame-term"])
    func anOfficialsSolveBuildsItsCoreOnce(_ name: String) throws {
        let instance = try Self.load(OfficialsInstance.self, "officials/\(name)")
        let counts = try Derivations.counting { _ = try Engine.solve(instance, kind: OfficialsKind.self, options: Self.limit) }
        #expect(counts[.officialsCore] == 1)
        #expect(counts[.officialsGreedy] == 1)
    }

    /// An assignor's own objective (the Udine league): the league search and, when it declines, the engine's
    /// greedy stage read one greedy plan.
    @Test func aLeagueSolveRunsItsGreedyOnce() throws {
        let instance = try Self.load(OfficialsInstance.self, "officials/udine/RA-1-8")
        var report: SolveReport<OfficialsKind>?
        let counts = try Derivations.counting { report = try Engine.solve(instance, kind: OfficialsKind.self, options: Self.limit) }
        #expect(try #require(report).solution != nil)
        #expect(counts[.officialsGreedy] == 1)
    }

    /// A season tour's problem keeps the core it was made from, so its plans are written without another.
    @Test func aSeasonTourBuildsItsCoreOnce() throws {
        let instance = try Self.load(OfficialsInstance.self, "officials/tup/umps10")
        let counts = try Derivations.counting { _ = try Engine.solve(instance, kind: OfficialsKind.self, options: Self.limit) }
        #expect(counts[.officialsCore] == 1)
    }

    @Test func aMatchdaySolveBuildsEachPartOnce() throws {
        let instance = try Self.load(MatchdayInstance.self, "matchday/fieldgame-saturday")
        let counts = try Derivations.counting { _ = try Engine.solve(instance, kind: MatchdayKind.self, options: Self.limit) }
        #expect(counts[.matchdayPitchesInstance] == 1)
        #expect(counts[.pitchesAnalysis] == 1)
        #expect(counts[.officialsCore] == 1)
    }

    /// Split and merge read one analysis of the whole: the units, every part's restriction, the day budgets
    /// (the whole's greedy) and the merged plan.
    @Test(arguments: [SplitMode.day, .component])
    func splitAndMergeDeriveTheWholeOnce(_ mode: SplitMode) throws {
        let instance = try Self.load(MatchdayInstance.self, "matchday/fieldgame-saturday")
        var parts: [InstancePart<MatchdayInstance>] = []
        let counts = Derivations.counting {
            let prepared = MatchdayKind.prepare(instance)
            parts = MatchdayKind.split(prepared, by: mode)
            let plans = parts.compactMap { MatchdayKind.greedy(MatchdayKind.prepare($0.instance), seconds: nil) }
            _ = MatchdayKind.merged(prepared, plans)
        }
        #expect(parts.count >= 1)
        // The whole once, and each part's own greedy once per part.
        #expect(counts[.pitchesAnalysis] == 1 + parts.count)
        #expect(counts[.officialsCore] == 1 + parts.count)
        #expect(counts[.matchdayPitchesInstance] == 1 + parts.count)
    }

    /// The counter sees the builds it is asked to count, and no others (a build outside it is not counted).
    @Test func theCounterCountsOnlyInsideItsScope() throws {
        let instance = try Self.load(PitchesInstance.self, "pitches/late-change")
        _ = PitchesKind.prepare(instance)
        let counts = Derivations.counting {
            _ = PitchesKind.prepare(instance)
            _ = PitchesKind.prepare(instance)
        }
        #expect(counts[.pitchesAnalysis] == 2)
    }
}
