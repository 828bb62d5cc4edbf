import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// `players[].mustPlay`, `players[].onePosition` and `rules.minPositions`: what validation refuses, what the
/// verifier finds, and that the exact engines keep and prove them (the exhaustive comparisons are `LineupTests`'
/// `positions` cases and the contract oracle).
@Suite struct LineupPositionRuleTests {
    static func issues(_ instance: LineupInstance) -> [String] {
        instance.issues().map { "\($0.path): \($0.message)" }
    }

    /// Three places (GK, DEF, FWD), a 15-minute match with a window every 5 minutes, five players.
    static func squad(_ rules: LineupRules) -> LineupInstance {
        LineupInstance(
            match: LineupMatch(periods: 1, periodMinutes: 15, substitutions: .init(everyMinutes: 5)),
            formation: ["GK": 1, "DEF": 1, "FWD": 1],
            players: [
                LineupTests.player("k", ["GK"]), LineupTests.player("b", ["DEF", "FWD"]), LineupTests.player("c", ["FWD", "DEF"]),
                LineupTests.player("d", ["DEF", "FWD"]), LineupTests.player("e", ["FWD"])
            ],
            rules: rules)
    }

    static var exactMethods: [InstanceOptions.Method] {
        var methods: [InstanceOptions.Method] = [.builtin]
        #if GLPK
            methods.append(.milp)
        #endif
        return methods
    }

    @Test func validationNamesTheField() {
        var instance = Self.squad(LineupRules(mode: .balanced, minPositions: 0))
        instance.players[1].mustPlay = ["GK", "MID"]
        instance.players[2].mustPlay = ["DEF", "FWD"]
        instance.players[2].onePosition = true
        instance.players[4].status = .injured
        instance.players[4].mustPlay = ["FWD"]
        instance.state = LineupState(
            minute: 5, onField: ["k": "GK", "b": "DEF", "d": "FWD"], minutesPlayed: ["k": 5, "b": 5, "d": 5],
            positionsPlayed: ["d": ["DEF", "WING"], "zed": ["FWD"]])
        instance.players[3].onePosition = true
        let found = Self.issues(instance)
        #expect(found.contains { $0.hasPrefix("players[1].mustPlay[0]:") && $0.contains("does not list GK") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("players[1].mustPlay[1]:") && $0.contains("not in the formation") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("players[2].onePosition:") && $0.contains("DEF and FWD") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("players[4].mustPlay[0]:") && $0.contains("injured") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("players[3].onePosition:") && $0.contains("already played") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("state.positionsPlayed.d[1]:") && $0.contains("not in the formation") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("state.positionsPlayed.zed:") && $0.contains("unknown player") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("rules.minPositions:") }, "\(found)")
        var fine = Self.squad(LineupRules(mode: .balanced, minPositions: 2))
        fine.players[1].mustPlay = ["FWD"]
        fine.players[2].onePosition = true
        #expect(Self.issues(fine).isEmpty)
    }

    /// A plan with b at DEF all match, c at FWD for one segment, and d on the bench breaks mustPlay and
    /// minPositions once each; positions played before a re-plan count toward onePosition and minPositions.
    @Test func theVerifierFindsEachBrokenRule() throws {
        var free = Self.squad(LineupRules(mode: .balanced))
        free.locks = [
            LineupLock(player: "k", from: 0, to: 15, position: "GK"), LineupLock(player: "b", from: 0, to: 15, position: "DEF"),
            LineupLock(player: "c", from: 0, to: 5, position: "FWD"), LineupLock(player: "c", from: 5, to: 15, onField: false),
            LineupLock(player: "d", from: 0, to: 15, onField: false), LineupLock(player: "e", from: 0, to: 5, onField: false)
        ]
        let report = try Engine.solve(free, kind: LineupKind.self, options: InstanceOptions(method: .builtin))
        #expect(report.status == .optimal)
        let solution = try #require(report.solution)
        #expect(LineupVerifier.check(free, solution).broken.isEmpty)
        var ruled = free
        ruled.rules = LineupRules(mode: .balanced, minPositions: 2)
        ruled.players[3].mustPlay = ["FWD"]
        ruled.players[1].onePosition = true
        var findings = LineupVerifier.check(ruled, solution).broken
        #expect(findings.filter { $0.hasPrefix("mustPlay: d never plays FWD") }.count == 1, "\(findings)")
        #expect(findings.filter { $0.hasPrefix("minPositions: b plays 1 outfield position, below 2") }.count == 1, "\(findings)")
        #expect(!findings.contains { $0.hasPrefix("onePosition:") }, "\(findings)")
        // c plays one segment: minPositions does not ask two positions of them; one before the plan makes two.
        #expect(!findings.contains { $0.contains("minPositions: c") }, "\(findings)")
        var live = ruled
        live.state = LineupState(minute: 0, onField: [:], positionsPlayed: ["c": ["FWD"], "b": ["FWD"]])
        findings = LineupVerifier.check(live, solution).broken
        #expect(findings.contains { $0.hasPrefix("onePosition: b plays DEF, FWD") }, "\(findings)")
        #expect(!findings.contains { $0.hasPrefix("minPositions: b") }, "\(findings)")
    }

    /// Every exact engine proves the same optimum with the rules on, and each rule holds in its plan.
    @Test func everyExactEngineKeepsTheRules() throws {
        var instance = Self.squad(LineupRules(mode: .balanced, minPositions: 2))
        instance.players[4].mustPlay = ["FWD"]
        instance.players[1].onePosition = true
        instance.players[3].mustPlay = ["FWD"]
        var objectives: [LineupObjective] = []
        for method in Self.exactMethods {
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: method, timeLimitSeconds: 30))
            #expect(report.status == .optimal, "\(method)")
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty, "\(method)")
            let solution = try #require(report.solution)
            let b = Set(solution.segments.compactMap { $0.onField["b"] })
            #expect(b.count <= 1, "\(method): b plays \(b)")
            #expect(solution.segments.contains { $0.onField["d"] == "FWD" }, "\(method)")
            if let objective = report.objective { objectives.append(objective) }
        }
        #expect(Set(objectives.map { "\($0)" }).count == 1, "\(objectives)")
        #expect(objectives.first == LineupTests.exhaustive(instance))
    }

    /// No plan: b, c and d must each play FWD and never change position, and e is injured, so no one is left
    /// to play DEF. Proven by every exact engine; the greedy says unknown.
    @Test func anImpossibleSquadIsProvenInfeasible() throws {
        var instance = Self.squad(LineupRules(mode: .balanced))
        instance.players[4].status = .injured
        for p in 1...3 {
            instance.players[p].mustPlay = ["FWD"]
            instance.players[p].onePosition = true
        }
        #expect(Self.issues(instance).isEmpty)
        #expect(LineupTests.exhaustive(instance) == nil)
        for method in Self.exactMethods {
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: method))
            #expect(report.status == .infeasible, "\(method)")
        }
        let greedy = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(greedy.status != .feasible && greedy.status != .optimal)
        #expect(Engine.verify(instance, report: greedy, kind: LineupKind.self).isEmpty)
    }
}

extension LineupInstance {
    /// The squad without the rules the generator may draw on positions, strength, keepers and shifts (`mustPlay`,
    /// `onePosition`, `minPositions`, `rules.strength`, the keeper rules, `maxStintMinutes`):
    /// for tests that were written about something else on a generated squad and pin that squad's behaviour.
    var withoutDrawnRules: LineupInstance {
        var copy = self
        for i in copy.players.indices {
            copy.players[i].mustPlay = nil
            copy.players[i].onePosition = nil
        }
        copy.rules?.minPositions = nil
        copy.rules?.strength = nil
        copy.rules?.keeperTurns = nil
        copy.rules?.keeperMaxShare = nil
        copy.rules?.keeperMinOutfieldMinutes = nil
        copy.rules?.maxStintMinutes = nil
        return copy
    }
}
