import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// `rules.keeperMaxShare`, `rules.keeperMinOutfieldMinutes` and `rules.keeperTurns`: what validation refuses, what
/// the verifier finds, and that the exact engines keep and prove them (the exhaustive comparisons are
/// `LineupTests`' `keepers` cases and the contract oracle).
@Suite struct LineupKeeperTests {
    static func issues(_ instance: LineupInstance) -> [String] {
        instance.issues().map { "\($0.path): \($0.message)" }
    }

    @Test func validationNamesTheField() {
        var instance = LineupTests.tiny(LineupRules(mode: .balanced, keeperMaxShare: 1.5, keeperMinOutfieldMinutes: -5))
        instance.state = LineupState(minute: 5, onField: ["a": "GK", "b": "DEF"], minutesPlayed: ["a": 5, "b": 5], keeperMinutes: ["a": 9, "zed": 1])
        let found = Self.issues(instance)
        #expect(found.contains { $0.hasPrefix("rules.keeperMaxShare:") && $0.contains("share from 0 to 1") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("rules.keeperMinOutfieldMinutes:") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("state.keeperMinutes.a:") && $0.contains("0 to 5 minutes") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("state.keeperMinutes.zed:") && $0.contains("unknown player") }, "\(found)")
        let fine = LineupTests.tiny(LineupRules(mode: .balanced, keeperMaxShare: 0.5, keeperMinOutfieldMinutes: 5, keeperTurns: true))
        #expect(Self.issues(fine).isEmpty)
    }

    /// The plan with one keeper all match breaks each rule once, and keeps them with the rules off.
    @Test func theVerifierFindsEachBrokenRule() throws {
        var free = LineupTests.tiny(LineupRules(mode: .balanced))
        free.locks = [LineupLock(player: "a", from: 0, to: 20, position: "GK")]
        let report = try Engine.solve(free, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        let solution = try #require(report.solution)
        #expect(LineupVerifier.check(free, solution).broken.isEmpty)
        var ruled = free
        ruled.rules = LineupRules(mode: .balanced, keeperMaxShare: 0.5, keeperMinOutfieldMinutes: 5, keeperTurns: true)
        let findings = LineupVerifier.check(ruled, solution).broken
        #expect(
            findings.filter { $0.hasPrefix("keeperMaxShare:") && $0.contains("a keeps goal 20 regulation minutes, above 10") }.count == 1,
            "\(findings)")
        #expect(findings.filter { $0.hasPrefix("keeperMinOutfieldMinutes:") && $0.contains("a keeps goal") }.count == 1, "\(findings)")
        #expect(findings.filter { $0.hasPrefix("keeperTurns:") && $0.contains("c lists GK") }.count == 1, "\(findings)")
        // Minutes in goal before a re-plan count too.
        var live = ruled
        live.locks = nil
        live.rules = LineupRules(mode: .balanced, keeperMaxShare: 0.5)
        live.state = LineupState(minute: 5, onField: ["a": "GK", "b": "DEF"], minutesPlayed: ["a": 5, "b": 5], keeperMinutes: ["a": 5])
        let replan = try Engine.solve(live, kind: LineupKind.self, options: InstanceOptions(method: .builtin))
        #expect(replan.status == .optimal)
        let planned = try #require(replan.solution)
        let inGoal = planned.segments.filter { $0.onField["a"] == "GK" }.reduce(5) { $0 + $1.end - $1.start }
        #expect(inGoal <= 10, "a keeps goal \(inGoal) minutes with the 5 before the re-plan")
    }

    /// The shipped quarters squad: every exact engine proves the same optimum, and each of the four who list GK
    /// keeps goal for exactly one quarter and plays a quarter outfield.
    @Test func theShippedKeepersSquadIsProvenByEveryEngine() throws {
        for solution in try LineupTests.provenByEveryExactEngine("u10-keepers", seconds: 60) {
            for id in ["p1", "p3", "p6", "p9"] {
                let inGoal = solution.segments.filter { $0.onField[id] == "GK" }.reduce(0) { $0 + $1.end - $1.start }
                let outfield = solution.segments.filter { $0.onField[id] != nil && $0.onField[id] != "GK" }.reduce(0) { $0 + $1.end - $1.start }
                #expect(inGoal == 12 && outfield >= 12, "\(id): \(inGoal) in goal, \(outfield) outfield")
            }
        }
    }

    /// No plan: with a keeper per half, a share of 0.4 leaves no one who may keep goal a whole half. Proven by
    /// every exact engine; the greedy says unknown.
    @Test func anImpossibleShareIsProvenInfeasible() throws {
        let instance = LineupTests.tiny(LineupRules(mode: .balanced, keeperFullPeriods: true, keeperMaxShare: 0.4))
        #expect(LineupTests.exhaustive(instance) == nil)
        var methods: [InstanceOptions.Method] = [.builtin]
        #if GLPK
            methods.append(.milp)
        #endif
        for method in methods {
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: method))
            #expect(report.status == .infeasible, "\(method)")
        }
        let greedy = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(greedy.status != .feasible && greedy.status != .optimal)
    }
}
