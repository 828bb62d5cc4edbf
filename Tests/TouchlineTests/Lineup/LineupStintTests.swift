import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// `rules.maxStintMinutes` and `state.stintMinutes`: what validation refuses, what the verifier finds, and that
/// the exact engines keep and prove the rule (the exhaustive comparisons are `LineupTests`' `stints` cases and
/// the contract oracle).
@Suite struct LineupStintTests {
    static func issues(_ instance: LineupInstance) -> [String] {
        instance.issues().map { "\($0.path): \($0.message)" }
    }

    /// The three-place squad of `LineupPositionRuleTests` (GK, DEF, FWD; 15 minutes, a window every 5).
    static func squad(_ caps: [String: Int]) -> LineupInstance {
        LineupPositionRuleTests.squad(LineupRules(mode: .balanced, maxStintMinutes: caps))
    }

    @Test func validationNamesTheField() {
        var instance = Self.squad(["WING": 10, "FWD": 0])
        instance.state = LineupState(
            minute: 5, onField: ["k": "GK", "b": "DEF", "d": "FWD"], minutesPlayed: ["k": 5, "b": 5, "d": 5],
            stintMinutes: ["c": 5, "d": 9, "zed": 1])
        let found = Self.issues(instance)
        #expect(found.contains { $0.hasPrefix("rules.maxStintMinutes.WING:") && $0.contains("not in the formation") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("rules.maxStintMinutes.FWD:") && $0.contains("1 to 720") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("state.stintMinutes.c:") && $0.contains("not in state.onField") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("state.stintMinutes.d:") && $0.contains("0 to 5") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("state.stintMinutes.zed:") }, "\(found)")
        var fine = Self.squad(["FWD": 10])
        fine.state = LineupState(
            minute: 5, onField: ["k": "GK", "b": "DEF", "d": "FWD"], minutesPlayed: ["k": 5, "b": 5, "d": 5], stintMinutes: ["d": 5])
        #expect(Self.issues(fine).isEmpty, "\(Self.issues(fine))")
    }

    /// A plan with b at DEF all match and c at FWD for the first two segments breaks a 10-minute DEF cap once
    /// (one finding per player and position) and keeps a 10-minute FWD cap; minutes at FWD before a re-plan
    /// within the period count, and a change of position ends a run.
    @Test func theVerifierFindsTheRunTooLong() throws {
        var free = Self.squad([:])
        free.rules?.maxStintMinutes = nil
        free.locks = [
            LineupLock(player: "k", from: 0, to: 15, position: "GK"), LineupLock(player: "b", from: 0, to: 15, position: "DEF"),
            LineupLock(player: "c", from: 0, to: 10, position: "FWD"), LineupLock(player: "c", from: 10, to: 15, onField: false),
            LineupLock(player: "d", from: 0, to: 10, onField: false), LineupLock(player: "d", from: 10, to: 15, position: "FWD")
        ]
        let report = try Engine.solve(free, kind: LineupKind.self, options: InstanceOptions(method: .builtin))
        #expect(report.status == .optimal)
        let solution = try #require(report.solution)
        #expect(LineupVerifier.check(free, solution).broken.isEmpty)
        var ruled = free
        ruled.rules = LineupRules(mode: .balanced, maxStintMinutes: ["DEF": 10, "FWD": 10, "GK": 15])
        var findings = LineupVerifier.check(ruled, solution).broken
        #expect(findings == ["maxStintMinutes: b plays DEF from min 0 to 15 in a row, above 10 minutes"], "\(findings)")
        // Each segment alone is over a 4-minute cap.
        ruled.rules?.maxStintMinutes = ["FWD": 4]
        findings = LineupVerifier.check(ruled, solution).broken
        #expect(findings.count == 2 && findings.allSatisfy { $0.hasPrefix("maxStintMinutes: ") }, "\(findings)")
        #expect(findings.contains { $0.contains("c plays FWD from min 0 to 5") }, "\(findings)")
    }

    /// In a re-plan at minute 5, c has been at FWD since kick-off: under a 10-minute FWD cap c may stay one more
    /// segment, not two. Every exact engine proves the same optimum as exhaustive search, and its plan keeps c's
    /// run within the cap; the same squad from kick-off (no run carried) has a plan with c at FWD longer.
    @Test func aCarriedRunCountsInAReplan() throws {
        var instance = Self.squad(["FWD": 10])
        instance.locks = [LineupLock(player: "c", from: 5, to: 15, onField: true)]
        instance.players[2].positions = ["FWD"]
        instance.state = LineupState(
            minute: 5, onField: ["k": "GK", "b": "DEF", "c": "FWD"], minutesPlayed: ["k": 5, "b": 5, "c": 5], stintMinutes: ["c": 5])
        #expect(Self.issues(instance).isEmpty, "\(Self.issues(instance))")
        // c must play FWD in both planned segments (locked on, FWD only): 5 + 10 minutes in a row is above the cap.
        #expect(LineupTests.exhaustive(instance) == nil)
        for method in LineupPositionRuleTests.exactMethods {
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: method))
            #expect(report.status == .infeasible, "\(method)")
        }
        // With no run carried, the same 10 minutes are within the cap.
        var fresh = instance
        fresh.state?.stintMinutes = nil
        fresh.state?.onField["c"] = nil
        fresh.state?.onField["d"] = "FWD"
        fresh.state?.minutesPlayed = ["k": 5, "b": 5, "d": 5]
        let expected = LineupTests.exhaustive(fresh)
        #expect(expected != nil)
        for method in LineupPositionRuleTests.exactMethods {
            let report = try Engine.solve(fresh, kind: LineupKind.self, options: InstanceOptions(method: method))
            #expect(report.status == .optimal, "\(method)")
            #expect(report.objective == expected, "\(method)")
            #expect(Engine.verify(fresh, report: report, kind: LineupKind.self).isEmpty, "\(method)")
        }
    }

    /// A cap every keeper breaks when the keeper keeps whole periods: proven infeasible by every exact engine;
    /// the greedy says unknown and lists the runs too long in its best effort.
    @Test func aCapThatKeepersCannotKeepIsProvenInfeasible() throws {
        var instance = Self.squad(["GK": 10])
        instance.rules?.keeperFullPeriods = true
        #expect(Self.issues(instance).isEmpty)
        #expect(LineupTests.exhaustive(instance) == nil)
        for method in LineupPositionRuleTests.exactMethods {
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: method))
            #expect(report.status == .infeasible, "\(method)")
        }
        let greedy = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(greedy.status != .feasible && greedy.status != .optimal)
        #expect(Engine.verify(instance, report: greedy, kind: LineupKind.self).isEmpty)
        let broken = greedy.solution?.brokenRules ?? []
        #expect(broken.contains { $0.hasPrefix("maxStintMinutes: k plays GK") }, "\(broken)")
    }
}
