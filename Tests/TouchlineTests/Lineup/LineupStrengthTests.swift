import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// `players[].rating` and `rules.strength` (`{"minShare": s}`): what validation refuses, what the verifier finds,
/// and that the exact engines keep and prove the rule (the exhaustive comparisons in every mode are
/// `LineupTests`' `strength` cases and the contract oracle).
@Suite struct LineupStrengthTests {
    /// The three-place squad of `LineupPositionRuleTests` rated k 1, b 3, c 3, d 1, e 1: the strongest field
    /// present from kick-off sums to 7 (k in goal, b and c).
    static func squad(_ share: Double, _ rules: LineupRules = LineupRules(mode: .balanced)) -> LineupInstance {
        var instance = LineupPositionRuleTests.squad(rules)
        for (p, rating) in [1.0, 3, 3, 1, 1].enumerated() { instance.players[p].rating = rating }
        instance.rules?.strength = LineupStrength(minShare: share)
        return instance
    }

    static func issues(_ json: String) -> [String] {
        JSONFrontEnd.validate(Data(json.utf8)).map { "\($0.path): \($0.message)" }
    }

    static let document = """
        {"problem": "lineup", "match": {"periods": 1, "periodMinutes": 15, "substitutions": {"everyMinutes": 5}},
         "formation": {"GK": 1, "DEF": 1, "FWD": 1},
         "players": [{"id": "k", "positions": ["GK"], "rating": 1}, {"id": "b", "positions": ["DEF"], "rating": RATING},
                     {"id": "c", "positions": ["FWD"], "rating": 2}, {"id": "d", "positions": ["DEF", "FWD"]}],
         "rules": {"strength": STRENGTH}}
        """

    static func document(strength: String, rating: String = "3") -> String {
        document.replacingOccurrences(of: "STRENGTH", with: strength).replacingOccurrences(of: "RATING", with: rating)
    }

    @Test func validationNamesTheField() {
        var found = Self.issues(Self.document(strength: #"{"minShare": 0.9}"#))
        #expect(found == [#"players[3].rating: rules.strength needs every available player's rating; d has none"#], "\(found)")
        found = Self.issues(Self.document(strength: #""balanced""#))
        #expect(found == [#"players[3].rating: rules.strength needs every available player's rating; d has none"#], "\(found)")
        found = Self.issues(
            Self.document(strength: #"{"balanced": true}"#, rating: "2.0005").replacingOccurrences(
                of: #"["DEF", "FWD"]}"#, with: #"["DEF", "FWD"], "rating": 1}"#))
        #expect(found == [#"players[1].rating: rules.strength "balanced" needs ratings with at most three decimals, got 2.0005"#], "\(found)")
        found = Self.issues(Self.document(strength: #""strong""#))
        #expect(found.contains { $0.hasPrefix("rules.strength") }, "\(found)")
        found = Self.issues(Self.document(strength: #"{"minShare": 1.5}"#))
        #expect(found.contains { $0.hasPrefix("rules.strength.minShare:") }, "\(found)")
        found = Self.issues(Self.document(strength: #"{"minShare": 0.5}"#, rating: "-2"))
        #expect(found.contains { $0.hasPrefix("players[1].rating:") }, "\(found)")
        // An injured player needs no rating; the value reads back as it was written.
        let fine = Self.document(strength: #"{"minShare": 0.5}"#).replacingOccurrences(
            of: #"{"id": "d", "positions": ["DEF", "FWD"]}"#, with: #"{"id": "d", "positions": ["DEF", "FWD"], "status": "injured"}"#)
        #expect(Self.issues(fine).isEmpty, "\(Self.issues(fine))")
        let decoded = try? JSONDecoder().decode(LineupInstance.self, from: Data(fine.utf8))
        #expect(decoded?.rules?.strength == LineupStrength(minShare: 0.5))
        let again = decoded.flatMap { try? JSONEncoder().encode($0) }.flatMap { try? JSONDecoder().decode(LineupInstance.self, from: $0) }
        #expect(again?.rules?.strength == decoded?.rules?.strength && again?.players == decoded?.players)
    }

    /// A plan without b breaks a share of 1 in every segment (one finding, the first segment named) and keeps a
    /// share of 5/7; the floor counts only the players present (b arriving at minute 5 lowers the first
    /// segment's floor to 5).
    @Test func theVerifierComparesEachFieldWithTheStrongestPresent() throws {
        var free = Self.squad(0)
        free.rules?.strength = nil
        free.locks = [LineupLock(player: "b", from: 0, to: 15, onField: false), LineupLock(player: "c", from: 0, to: 15, position: "FWD")]
        let report = try Engine.solve(free, kind: LineupKind.self, options: InstanceOptions(method: .builtin))
        let solution = try #require(report.solution)
        var ruled = free
        ruled.rules?.strength = LineupStrength(minShare: 1)
        var findings = LineupVerifier.check(ruled, solution).broken
        #expect(
            findings == ["strength: the field's ratings sum to 5 in min 0–5, below 7 (1 of the strongest field present) and 2 more segments"],
            "\(findings)")
        ruled.rules?.strength = LineupStrength(minShare: 5.0 / 7)
        findings = LineupVerifier.check(ruled, solution).broken
        #expect(findings.isEmpty, "\(findings)")
        ruled.rules?.strength = LineupStrength(minShare: 1)
        ruled.players[1].arrivesAt = 5
        ruled.locks = nil
        findings = LineupVerifier.check(ruled, solution).broken
        #expect(findings.count == 1 && findings[0].contains("in min 5–10") && findings[0].contains("and 1 more segments"), "\(findings)")
    }

    /// A share of 1 keeps b and c on all match; with b arriving at minute 5 the first segment needs only the
    /// strongest of those present. Every exact engine proves the optimum exhaustive search finds, and every
    /// field of its plan reaches the floor.
    @Test func theExactEnginesProveTheOptimum() throws {
        var late = Self.squad(1)
        late.players[1].arrivesAt = 5
        for instance in [Self.squad(1), Self.squad(0.8), late] {
            #expect(instance.issues().isEmpty)
            let expected = try #require(LineupTests.exhaustive(instance))
            for method in LineupPositionRuleTests.exactMethods {
                let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: method))
                #expect(report.status == .optimal, "\(method)")
                #expect(report.objective == expected, "\(method)")
                #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty, "\(method)")
            }
        }
    }

    /// `"balanced"`: the strength gap is the level right after spread, in the ratings' units (halves here), with
    /// and without a share; every exact engine and the compact model prove the optimum exhaustive search finds
    /// (it orders plans by the same levels), and the objective carries the level only where it is one.
    @Test func theStrengthGapIsALevelAfterSpread() throws {
        var halves = Self.squad(0)
        for (p, rating) in [1.5, 3, 2.5, 1, 0.5].enumerated() { halves.players[p].rating = rating }
        halves.rules?.strength = LineupStrength(balanced: true)
        var shared = Self.squad(0.8)
        shared.rules?.strength?.balanced = true
        var late = halves
        late.players[2].arrivesAt = 5
        for instance in [halves, shared, late] {
            #expect(instance.issues().isEmpty, "\(instance.issues())")
            let expected = try #require(LineupTests.exhaustive(instance))
            #expect(expected.strengthGap != nil)
            for (method, formulation) in LineupPositionRuleTests.exactMethods.map({ ($0, InstanceOptions.Formulation?.none) })
                + [(InstanceOptions.Method.auto, .compact)]
            {
                let report = try Engine.solve(
                    instance, kind: LineupKind.self, options: InstanceOptions(method: method, formulation: formulation))
                #expect(report.status == .optimal, "\(method) \(String(describing: formulation))")
                #expect(report.objective == expected, "\(method): \(String(describing: report.objective)) vs \(expected)")
                #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty, "\(method)")
                let levels = (report.stats.levels ?? []).map(\.name)
                if formulation == nil { #expect(levels.contains("strengthGap"), "\(levels)") }
            }
        }
        // The text chart states the fields' strength: one sum when the gap is 0, the least, the most and the gap
        // otherwise.
        let solved = try Engine.solve(halves, kind: LineupKind.self, options: InstanceOptions(method: .builtin))
        let gap = try #require(solved.objective?.strengthGap)
        let line = LineupKind.renderText(halves, solved).split(separator: "\n").first { $0.hasPrefix("Field strength") }
        #expect(
            gap == 0 ? line?.hasSuffix("in every segment") == true : line?.hasSuffix("a gap of \(LineupObjective.number(gap))") == true,
            "\(String(describing: line)) for a gap of \(gap)")
        // The gap of a plan: d (1) for b (3) in min 5–10 takes the field's sum from 7 to 5, a gap of 2.
        let plain = try Engine.solve(Self.squad(0), kind: LineupKind.self, options: InstanceOptions(method: .builtin))
        #expect(plain.objective?.strengthGap == nil)
        let json = try #require(String(data: try JSONEncoder().encode(plain.objective), encoding: .utf8))
        #expect(!json.contains("strengthGap"), "\(json)")
        var rotation = try #require(plain.solution)
        for s in rotation.segments.indices { rotation.segments[s].onField = ["k": "GK", "b": "DEF", "c": "FWD"] }
        rotation.segments[1].onField = ["k": "GK", "d": "DEF", "c": "FWD"]
        #expect(LineupVerifier.strengthGap(halves, rotation) == 2)
        #expect(LineupObjective(spread: 1, strengthGap: 0.5, substitutions: 2, offPreferredPosition: 0).description.contains("strengthGap 0.5"))
    }

    /// The strongest field all match leaves d and e no minutes, which `minShare` 0.5 requires: proven
    /// infeasible by every exact engine and by exhaustive search; the greedy does not claim a plan, and its best
    /// effort names what it breaks.
    @Test func strengthAgainstPlayingTimeIsProvenInfeasible() throws {
        let instance = Self.squad(1, LineupRules(mode: .balanced, minShare: 0.5))
        #expect(LineupTests.exhaustive(instance) == nil)
        for method in LineupPositionRuleTests.exactMethods {
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: method))
            #expect(report.status == .infeasible, "\(method)")
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty, "\(method)")
        }
        let greedy = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(greedy.status != .feasible && greedy.status != .optimal)
        #expect(Engine.verify(instance, report: greedy, kind: LineupKind.self).isEmpty)
        let broken = greedy.solution?.brokenRules ?? []
        #expect(broken.contains { $0.hasPrefix("strength: ") || $0.hasPrefix("minShare: ") }, "\(broken)")
    }
}
