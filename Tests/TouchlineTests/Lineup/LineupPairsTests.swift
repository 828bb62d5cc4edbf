import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// `rules.together` and `rules.apart`: what validation refuses, what the verifier finds, and that every engine
/// keeps them (the exhaustive comparisons are `LineupTests`' `pairs` cases and the contract oracle).
@Suite struct LineupPairsTests {
    static func issues(_ instance: LineupInstance) -> [String] {
        instance.issues().map { "\($0.path): \($0.message)" }
    }

    @Test func validationNamesTheGroupAndThePlayers() {
        var instance = LineupTests.tiny(LineupRules(mode: .balanced, apart: [["b", "zed"]], together: [["c", "c"]]))
        var found = Self.issues(instance)
        #expect(found.contains { $0.hasPrefix("rules.apart[0][1]:") && $0.contains("unknown player \"zed\"") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("rules.together[0]:") && $0.contains("at least two different player ids") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("rules.together[0][1]:") && $0.contains("twice") }, "\(found)")
        // An injured player beside an available one: an error naming both.
        instance.rules = LineupRules(mode: .balanced, together: [["b", "d"]])
        instance.players[3].status = .injured
        found = Self.issues(instance)
        #expect(found.contains { $0.hasPrefix("rules.together[0]:") && $0.contains("d is injured") && $0.contains("b is available") }, "\(found)")
        instance.rules = LineupRules(mode: .balanced, apart: [["b", "d"]])
        #expect(Self.issues(instance).isEmpty, "an injured player may be in an apart group")
    }

    /// A plan that the rules forbid is a broken rule for the verifier, one finding per group.
    @Test func theVerifierFindsEachBrokenGroup() throws {
        let free = LineupTests.tiny(LineupRules(mode: .balanced))
        let report = try Engine.solve(free, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        let solution = try #require(report.solution)
        // The same plan against groups it breaks, built from who sits where.
        var on: [String: Set<Int>] = [:]
        for (s, segment) in solution.segments.enumerated() { for id in segment.onField.keys { on[id, default: []].insert(s) } }
        let ids = ["a", "b", "c", "d"]
        let apartPair = ids.flatMap { x in ids.map { (x, $0) } }.first { x, y in
            x < y && solution.segments.indices.contains { !(on[x] ?? []).contains($0) && !(on[y] ?? []).contains($0) }
        }
        let togetherPair = ids.flatMap { x in ids.map { (x, $0) } }.first { x, y in x < y && on[x] != on[y] }
        let (x, y) = try #require(apartPair)
        let (u, v) = try #require(togetherPair)
        var broken = free
        broken.rules = LineupRules(mode: .balanced, apart: [[x, y]], together: [[u, v]])
        let findings = LineupVerifier.check(broken, solution).broken
        #expect(findings.filter { $0.hasPrefix("apart[0]:") }.count == 1, "\(findings)")
        #expect(findings.filter { $0.hasPrefix("together[0]:") }.count == 1, "\(findings)")
        #expect(LineupVerifier.check(free, solution).broken.isEmpty)
    }

    /// The shipped squad with a pair of centre-backs and two siblings: every exact engine proves the same
    /// optimum, and the plan keeps both groups.
    @Test func theShippedPairsSquadIsProvenByEveryEngine() throws {
        for solution in try LineupTests.provenByEveryExactEngine("u10-pairs", seconds: 30) {
            for segment in solution.segments {
                #expect(segment.onField["p3"] != nil || segment.onField["p11"] != nil)
                #expect((segment.onField["p5"] != nil) == (segment.onField["p6"] != nil))
            }
        }
    }
}
