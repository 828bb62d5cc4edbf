import Foundation
import Testing
import TouchlineMILP

@testable import Touchline

/// Corners of the contract where an engine once searched a smaller space than the verifier accepts (see
/// docs/search-space.md): each answer against the contract oracle or the verifier's own rules.
@Suite struct ContractEdgeTests {
    static func player(_ id: String, _ positions: [String]) -> LineupPlayer { LineupPlayer(id: id, positions: positions) }

    @Test func aFormationHasOneGoalkeeper() {
        let instance = LineupInstance(
            match: LineupMatch(periods: 1, periodMinutes: 10), formation: ["GK": 2, "DEF": 1],
            players: [Self.player("a", ["GK"]), Self.player("b", ["GK"]), Self.player("c", ["DEF"])])
        let issues = LineupKind.validate(instance)
        #expect(issues.contains { $0.path == "formation.GK" && $0.message.contains("one goalkeeper") }, "\(issues)")
    }

    /// Two locks on one player that cannot both hold: proven infeasible, as the oracle finds no plan.
    @Test func contradictoryLocksAreInfeasible() throws {
        var instance = LineupInstance(
            match: LineupMatch(periods: 1, periodMinutes: 10, substitutions: .init(everyMinutes: 5)),
            formation: ["GK": 1, "DEF": 1],
            players: [Self.player("a", ["GK", "DEF"]), Self.player("b", ["DEF", "GK"]), Self.player("c", ["DEF"])])
        instance.locks = [LineupLock(player: "a", from: 0, to: 10, position: "GK"), LineupLock(player: "a", from: 5, to: 10, position: "DEF")]
        let oracle = try #require(LineupOracle.solve(instance))
        #expect(oracle.objective == nil)
        let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(report.status == .infeasible)
        #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
    }

    /// A live re-plan where a lock moves the goalkeeper on the field out of goal before the period ends: the
    /// keeper must stay, so no plan keeps both (the pattern space used to let the keeper rule win and break the
    /// lock in a plan it called optimal).
    @Test func aLockAgainstTheStayingKeeperIsInfeasible() throws {
        var instance = LineupInstance(
            match: LineupMatch(periods: 1, periodMinutes: 15, substitutions: .init(everyMinutes: 5)),
            formation: ["GK": 1, "DEF": 1],
            players: [Self.player("p1", ["GK", "DEF"]), Self.player("p2", ["DEF", "GK"]), Self.player("p3", ["DEF"])])
        instance.locks = [LineupLock(player: "p1", from: 5, to: 15, position: "DEF")]
        instance.state = LineupState(minute: 5, onField: ["p1": "GK", "p2": "DEF"], minutesPlayed: ["p1": 5, "p2": 5])
        let oracle = try #require(LineupOracle.solve(instance))
        #expect(oracle.objective == nil)
        let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(report.status == .infeasible)
        #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
    }

    /// A live re-plan after a period that marked more players than the field holds: that period is over, so
    /// its marks no longer bind and the re-plan has plans.
    @Test func marksOfAPeriodOverDoNotBind() throws {
        var instance = LineupInstance(
            match: LineupMatch(periods: 2, periodMinutes: 10), formation: ["GK": 1, "DEF": 1],
            players: [Self.player("a", ["GK", "DEF"]), Self.player("b", ["DEF"]), Self.player("c", ["DEF", "GK"])],
            rules: LineupRules(mode: .preMarked))
        instance.preMarked = PreMarkedRules(periods: [.init(period: 1, active: ["a", "b", "c"])])
        instance.state = LineupState(minute: 10, onField: ["a": "GK", "b": "DEF"], minutesPlayed: ["a": 10, "b": 10])
        let oracle = try #require(LineupOracle.solve(instance))
        #expect(oracle.objective != nil)
        #if GLPK
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .milp))
            #expect(report.status == .optimal)
            #expect(report.objective == oracle.objective)
        #else
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
            #expect(report.status != .infeasible)
        #endif
        #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
    }

    /// A pin outside the official's field groups: no plan holds it, and the pre-check says so.
    @Test func aPinOutsideTheOfficialsGroupsIsInfeasible() throws {
        let day = LocalDateTime("2026-11-21T14:00")!
        let instance = OfficialsInstance(
            venues: [Venue(id: "n", group: "North"), Venue(id: "s", group: "South")],
            travelMinutes: [TravelEntry(from: "North", to: "South", minutes: 15)],
            matches: [OfficialsMatch(id: "m1", start: day, durationMinutes: 50, venue: "s", teams: ["a", "b"])],
            officials: [Official(id: "u1", groups: ["North"])],
            pinned: [OfficialPin(match: "m1", official: "u1")])
        let report = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: .greedy))
        #expect(report.status == .infeasible)
        #expect(report.reason?.contains("outside their field groups") == true, "\(report.reason ?? "")")
    }
}
