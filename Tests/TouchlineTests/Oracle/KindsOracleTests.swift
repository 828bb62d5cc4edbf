import Foundation
import Testing
import TouchlineMILP
import TouchlineSearch

@testable import Touchline

/// The other kinds against their contracts on random tiny instances: every placement (pitches), every crew up
/// to each match's most (officials, with the default, `udine` and custom level orders), every placement with
/// every crew (matchday: pins, closures, a published plan), every result of the
/// remaining matches (standings, counted here on points from the results alone); a proof the engine claims
/// must be that answer. `ORACLE_COUNT` sets the count per kind (see `LineupOracleTests`).
@Suite struct KindsOracleTests {
    static var count: Int { LineupOracleTests.count }

    #if GLPK
        @Test func pitchesAgreeWithEveryPlacement() throws {
            var checked = 0, optimal = 0, disagreements: [String] = []
            for seed in 0..<Self.count {
                let instance = PitchesTests.tinyInstance(seed: UInt64(50_000 + seed), previous: seed % 3 == 0)
                guard PitchesKind.validate(instance).isEmpty else { continue }
                checked += 1
                let best = PitchesTests.exhaustive(instance)
                let report = try Engine.solve(instance, kind: PitchesKind.self, options: InstanceOptions(method: .milp))
                if report.status == .optimal { optimal += 1 }
                if !Engine.verify(instance, report: report, kind: PitchesKind.self).isEmpty
                    || (report.status == .optimal && report.objective != best)
                    || (report.status == .infeasible && best != nil)
                {
                    disagreements.append(
                        "pitches seed \(50_000 + seed): \(report.status) \(String(describing: report.objective)) vs \(String(describing: best))")
                }
            }
            print(
                "oracle pitches day: \(checked) checked (0 skipped), optimal \(optimal), infeasible 0, other \(checked - optimal), disagreements \(disagreements.count)"
            )
            Self.floors(checked: checked, proven: optimal)
            #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        }

        @Test func officialsAgreeWithEveryCrew() throws {
            var checked = 0, optimal = 0, infeasible = 0, disagreements: [String] = []
            let objectives: [OfficialsObjectiveSpec?] = [
                nil, .preset("udine"), .levels([["optionalUnfilled": 1], ["filled": -1]]),
                .levels([["filled": -1, "optionalUnfilled": 2], ["maxLoad": 1]]), .levels([["filled": -1], ["travel": 1, "maxLoad": 2]])
            ]
            for seed in 0..<Self.count {
                var random = SeededRandom(seed: UInt64(60_000 + seed))
                var instance = OfficialsTests.tinyInstance(seed: UInt64(60_000 + seed))
                for m in instance.matches.indices where random.chance(0.4) { instance.matches[m].maxOfficials = instance.matches[m].needed + 1 }
                let objective = random.pick(objectives)
                if objective != nil { instance.previous = nil }
                if instance.rules == nil { instance.rules = OfficialsRules() }
                instance.rules?.objective = objective
                guard OfficialsKind.validate(instance).isEmpty else { continue }
                checked += 1
                let best = OfficialsTests.exhaustive(instance) { m, crew in crew.count <= instance.matches[m].most }
                let report = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: .milp))
                if report.status == .optimal { optimal += 1 }
                if report.status == .infeasible { infeasible += 1 }
                if !Engine.verify(instance, report: report, kind: OfficialsKind.self).isEmpty
                    || (report.status == .optimal && report.objective?.levels != best?.levels)
                    || (report.status == .infeasible && best != nil)
                {
                    disagreements.append(
                        "officials seed \(60_000 + seed): \(report.status) \(String(describing: report.objective)) vs \(String(describing: best))")
                }
            }
            print(
                "oracle officials day: \(checked) checked (0 skipped), optimal \(optimal), infeasible \(infeasible), other \(checked - optimal - infeasible), disagreements \(disagreements.count)"
            )
            Self.floors(checked: checked, proven: optimal + infeasible)
            #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        }

        @Test func matchdayAgreesWithEveryPlan() throws {
            var checked = 0, optimal = 0, infeasible = 0, disagreements: [String] = []
            for seed in 0..<Self.count {
                let instance = OfficialsTests.matchdayTinyInstance(seed: UInt64(80_000 + seed))
                guard MatchdayKind.validate(instance).isEmpty else { continue }
                checked += 1
                let best = OfficialsTests.matchdayExhaustive(instance)
                let report: SolveReport<MatchdayKind>
                do {
                    report = try Engine.solve(instance, kind: MatchdayKind.self, options: InstanceOptions(method: .milp))
                } catch {
                    disagreements.append("matchday seed \(80_000 + seed): \(error)")
                    continue
                }
                if report.status == .optimal { optimal += 1 }
                if report.status == .infeasible { infeasible += 1 }
                if !Engine.verify(instance, report: report, kind: MatchdayKind.self).isEmpty
                    || (report.status == .optimal && report.objective != best)
                    || (report.status == .infeasible && best != nil)
                {
                    disagreements.append(
                        "matchday seed \(80_000 + seed): \(report.status) \(String(describing: report.objective)) vs \(String(describing: best))")
                }
            }
            print(
                "oracle matchday day: \(checked) checked (0 skipped), optimal \(optimal), infeasible \(infeasible), other \(checked - optimal - infeasible), disagreements \(disagreements.count)"
            )
            Self.floors(checked: checked, proven: optimal + infeasible)
            // About one in twelve has no plan (a pinned pitch closed, too few officials): the infeasible branch runs.
            #expect(infeasible >= Self.count / 50, "only \(infeasible) proven infeasible")
            #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        }

        @Test func standingsAgreeWithEveryResult() throws {
            var checked = 0, optimal = 0, disagreements: [String] = []
            for seed in 0..<Self.count {
                let instance = StandingsTests.tinyLeague(seed: UInt64(70_000 + seed))
                guard StandingsKind.validate(instance).isEmpty else { continue }
                checked += 1
                let truth = Self.ranks(instance)
                let report = try Engine.solve(instance, kind: StandingsKind.self, options: InstanceOptions(method: .milp))
                if report.status == .optimal { optimal += 1 }
                var wrong = !Engine.verify(instance, report: report, kind: StandingsKind.self).isEmpty
                for entry in report.solution?.analysis ?? [] where entry.proven {
                    if let (best, worst) = truth[entry.team], entry.bestRank != best || entry.worstRank != worst { wrong = true }
                }
                if wrong { disagreements.append("standings seed \(70_000 + seed)") }
            }
            print(
                "oracle standings analysis: \(checked) checked (0 skipped), optimal \(optimal), infeasible 0, other \(checked - optimal), disagreements \(disagreements.count)"
            )
            Self.floors(checked: checked, proven: optimal)
            #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        }

        /// The floors every kind's oracle holds: nearly every random instance is valid and checked, and nearly every
        /// checked one is proven (optimal or infeasible), so an oracle that skipped or stopped proving fails.
        static func floors(checked: Int, proven: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(checked >= count * 9 / 10, "only \(checked) of \(count) random instances were checked", sourceLocation: sourceLocation)
            #expect(proven >= checked * 9 / 10, "only \(proven) of \(checked) proven", sourceLocation: sourceLocation)
        }
    #endif

    /// Best and worst final rank of every team over every result of the remaining matches, on points alone
    /// (results, adjustments and the points system; nothing of the engine's).
    static func ranks(_ instance: StandingsInstance) -> [String: (best: Int, worst: Int)] {
        let ids = instance.teams.map(\.id)
        let system = instance.points ?? PointsSystem()
        var base = [String: Int](uniqueKeysWithValues: ids.map { ($0, 0) })
        for result in instance.results {
            if result.homeGoals > result.awayGoals {
                base[result.home]! += system.win; base[result.away]! += system.loss
            } else if result.homeGoals < result.awayGoals {
                base[result.away]! += system.win; base[result.home]! += system.loss
            } else {
                base[result.home]! += system.draw; base[result.away]! += system.draw
            }
        }
        for adjustment in instance.adjustments ?? [] { base[adjustment.team, default: 0] += adjustment.points }
        var answers: [String: (best: Int, worst: Int)] = [:]
        let remaining = instance.remaining ?? []
        var total = 1
        for _ in remaining { total *= 3 }
        for code in 0..<total {
            var points = base
            var rest = code
            for match in remaining {
                switch rest % 3 {
                case 0: points[match.home]! += system.win; points[match.away]! += system.loss
                case 1: points[match.home]! += system.draw; points[match.away]! += system.draw
                default: points[match.away]! += system.win; points[match.home]! += system.loss
                }
                rest /= 3
            }
            for id in ids {
                let above = ids.filter { $0 != id && points[$0]! > points[id]! }.count
                let level = ids.filter { $0 != id && points[$0]! >= points[id]! }.count
                let old = answers[id] ?? (Int.max, 0)
                answers[id] = (min(old.best, above + 1), max(old.worst, level + 1))
            }
        }
        return answers
    }
}
