import Foundation
import Testing
import TouchlineMILP
import TouchlineSearch
import TouchlineTesting

@testable import Touchline

/// The league side of `officials`: kilometres from homes, optional slots, experience, avoided
/// partners, soft team conflicts, fairness terms and the assignor's objective: every term counted by hand on a
/// small case, the models against exhaustive search, the verifier against forged figures, the search path on
/// a real season, and the benchmark's own cost of a plan.
@Suite struct OfficialsLeagueTests {
    static let day = LocalDateTime("2019-01-04T17:00")!

    /// Two arenas 5 and 10 km from a home at the origin, three games over two days, two referees.
    static func handInstance(objective: OfficialsObjectiveSpec = .preset("udine")) -> OfficialsInstance {
        OfficialsInstance(
            venues: [Venue(id: "A", x: 3, y: 4), Venue(id: "B", x: 6, y: 8)],
            matches: [
                OfficialsMatch(
                    id: "g1", start: day, durationMinutes: 120, venue: "A", teams: ["T1", "T2"], officials: 1,
                    maxOfficials: 2, minExperience: 10),
                OfficialsMatch(id: "g2", start: day + 120, durationMinutes: 120, venue: "B", teams: ["T3", "T1"], officials: 1),
                OfficialsMatch(id: "g3", start: day + 1440, durationMinutes: 120, venue: "B", teams: ["T2", "T3"], officials: 1)
            ],
            officials: [
                Official(id: "R1", teams: ["T1"], home: Location(x: 0, y: 0), experience: 8, avoid: ["R2"]),
                Official(id: "R2", home: Location(x: 6, y: 0), experience: 3)
            ],
            rules: OfficialsRules(restMinutes: 0, teamConflicts: .soft, objective: objective))
    }

    /// A journey longer than the night (found by the fuzzer: the league greedy checked clashes within a day
    /// only): A to B takes 2,000 minutes, so g1 (A, ends 19:00) and g3 (B, 17:00 the next day) clash for
    /// whoever works both. Every method's plan keeps the rule, and no official works both.
    @Test func aJourneyPastMidnightIsAClash() throws {
        var instance = Self.handInstance()
        instance.travelMinutes = [TravelEntry(from: "A", to: "B", minutes: 2_000)]
        var methods: [InstanceOptions.Method] = [.greedy]
        if Solvers.isMILPAvailable { methods.append(.milp) }
        for method in methods {
            let report = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: method))
            #expect(Engine.verify(instance, report: report, kind: OfficialsKind.self).isEmpty, "\(method)")
            let assignments = try #require(report.solution?.assignments)
            let both = Set(assignments["g1"] ?? []).intersection(assignments["g3"] ?? [])
            #expect(both.isEmpty, "\(method): \(assignments)")
        }
    }

    /// A league with no officials at all (found by the fuzzer: the greedy divided by the number of officials):
    /// every slot unfilled, with its reason, and no crash.
    @Test func aLeagueWithoutOfficialsLeavesEverySlotUnfilled() throws {
        var instance = Self.handInstance()
        instance.officials = []
        for method in [InstanceOptions.Method.greedy, .auto] {
            let report = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: method, timeLimitSeconds: 2))
            #expect(report.solution?.unfilled.count == 3)
            #expect(report.objective?.filled == 0)
        }
    }

    @Test func termsCountedByHand() throws {
        let instance = Self.handInstance()
        let core = OfficialsKind.core(instance)
        let plan = core.solution(crews: [[0, 1], [0], [1]], placeOf: OfficialsKind.venuePlaces(instance))
        #expect(OfficialsKind.verify(instance, plan).isEmpty)
        // R1: home (0,0) → A 5 km → B 5 km → home 10 km = 20 on the 4th; R2: (6,0) → A ⌈5⌉ = 5, back 5 = 10 on
        // the 4th, and → B 8 km, back 8 = 16 on the 5th.
        #expect(plan.distanceKm == DistanceSummary(total: 46, officials: ["R1": 20, "R2": 26]))
        #expect(plan.routes?.first == OfficialRoute(official: "R1", date: "2019-01-04", matches: ["g1", "g2"], km: 20))
        let objective = OfficialsKind.objective(instance, plan)
        #expect(objective.filled == 3)
        #expect(objective.distanceKm == 46)
        #expect(objective.optionalUnfilled == 0)
        #expect(objective.lowExperience == 0)  // 8 + 3 ≥ 10
        #expect(objective.crewConflicts == 1)  // R1 avoids R2 on g1 (one direction)
        #expect(objective.teamConflicts == 2)  // R1 on g1 (T1) and g2 (T1)
        // 4 slots over 2 referees: avg 2; R1 and R2 work 2 each.
        #expect(objective.loadDeviation == 0)
        // T1: 3 slots / 2 = 1.5, R1 works 2 → ⌈0.5⌉ = 1; T2: 2 / 2 = 1: R1 1, R2 2 → 1; T3: 2 / 2 = 1: R1 1, R2 1.
        #expect(objective.teamFrequency == 2)
        #expect(
            objective.levels == [
                OfficialsLevelValue(name: "filled", value: 3, maximise: true),
                OfficialsLevelValue(name: "cost", value: 46 + 0 + 0 + 1 + 2 + 0 + 2)
            ])
    }

    @Test func verifierCatchesForgedFiguresAndHardRules() throws {
        var instance = Self.handInstance()
        let core = OfficialsKind.core(instance)
        var plan = core.solution(crews: [[0, 1], [0], [1]], placeOf: OfficialsKind.venuePlaces(instance))
        plan.distanceKm?.total = 40
        #expect(OfficialsKind.verify(instance, plan).contains { $0.contains("distanceKm.total") })
        plan = core.solution(crews: [[0, 1], [0], [1]], placeOf: OfficialsKind.venuePlaces(instance))
        plan.routes?[0].km = 19
        #expect(OfficialsKind.verify(instance, plan).contains { $0.contains("routes differ") })
        plan = core.solution(crews: [[0, 1, 1], [0], [1]], placeOf: OfficialsKind.venuePlaces(instance))
        #expect(!OfficialsKind.verify(instance, plan).isEmpty)
        instance.rules?.avoidIsHard = true
        instance.rules?.teamConflicts = .hard
        plan = core.solution(crews: [[0, 1], [0], [1]], placeOf: OfficialsKind.venuePlaces(instance))
        let violations = OfficialsKind.verify(instance, plan)
        #expect(violations.contains { $0.contains("avoids") })
        #expect(violations.contains { $0.contains("attached to T1") })
    }

    /// 4 to 5 games on two days at two or three arenas, 3 referees with homes, experience, avoided partners,
    /// soft and hard conflicts, optional slots.
    static func tinyLeague(seed: UInt64) -> OfficialsInstance {
        var random = SeededRandom(seed: seed)
        let venues = (0..<(2 + random.int(below: 2))).map { Venue(id: "A\($0)", x: Double(random.int(below: 40)), y: Double(random.int(below: 40))) }
        let teams = ["T1", "T2", "T3", "T4"]
        var matches: [OfficialsMatch] = []
        for index in 0..<(4 + random.int(below: 2)) {
            let needed = 1
            matches.append(
                OfficialsMatch(
                    id: "g\(index)", start: day + [0, 0, 120, 150, 1440, 1560][random.int(below: 6)], durationMinutes: 120,
                    venue: venues[random.int(below: venues.count)].id, teams: [teams[random.int(below: 4)], teams[random.int(below: 4)]],
                    officials: needed, minLevel: random.int(below: 2), maxOfficials: needed + random.int(below: 2),
                    minExperience: random.chance(0.5) ? 5 + random.int(below: 8) : nil))
        }
        var officials: [Official] = []
        for index in 0..<3 {
            var official = Official(
                id: "R\(index)", level: 1 + random.int(below: 2),
                home: Location(x: Double(random.int(below: 40)), y: Double(random.int(below: 40))), experience: 2 + random.int(below: 8))
            if random.chance(0.4) { official.teams = [teams[random.int(below: 4)]] }
            if random.chance(0.4) { official.avoid = ["R\((index + 1) % 3)"] }
            officials.append(official)
        }
        let objective: OfficialsObjectiveSpec =
            seed % 3 == 0
            ? .levels([["distanceKm": 1, "teamFrequency": 2], ["loadDeviation": 1]]) : .preset("udine")
        return OfficialsInstance(
            venues: venues, travelMinutes: [], matches: matches, officials: officials,
            rules: OfficialsRules(restMinutes: 0, avoidIsHard: seed % 4 == 1, teamConflicts: seed % 2 == 0 ? .soft : .hard, objective: objective))
    }

    /// The lexicographic optimum over every crew of every game (at most `maxOfficials`, or exactly `sizes`).
    static func exhaustive(_ instance: OfficialsInstance, sizes: [Int]? = nil) -> OfficialsObjective? {
        OfficialsTests.exhaustive(instance) { m, crew in
            sizes.map { crew.count == $0[m] } ?? (crew.count <= instance.matches[m].most)
        }
    }

    #if GLPK
        /// The whole model (exact routes, deviation and frequency for any number of assigned slots) proves the
        /// same optimum as exhaustive search, level by level.
        @Test(arguments: 0..<12)
        func wholeModelMatchesExhaustiveSearch(seed: Int) throws {
            let instance = Self.tinyLeague(seed: UInt64(seed))
            let report = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: .milp))
            #expect(report.status == .optimal)
            #expect(report.objective == Self.exhaustive(instance))
            #expect(Engine.verify(instance, report: report, kind: OfficialsKind.self).isEmpty)
        }

        /// The search's model (crew sizes fixed) is exact among plans with those sizes.
        @Test(arguments: 0..<6)
        func fixedCrewModelMatchesExhaustiveSearch(seed: Int) throws {
            let instance = Self.tinyLeague(seed: UInt64(40 + seed))
            let greedy = try #require(OfficialsKind.greedy(instance))
            let sizes = instance.matches.map { greedy.assignments[$0.id]?.count ?? 0 }
            let (formulation, _) = OfficialsKind.build(OfficialsKind.prepare(instance), fixedCrews: sizes)
            let result = try #require(Solvers.default).solve(formulation.model, options: SolveOptions(timeLimitSeconds: 30))
            #expect(result.stopReason == .optimal)
            let plan = formulation.decode(try #require(result.solution))
            #expect(OfficialsKind.verify(instance, plan).isEmpty)
            // Equally good plans may split the cost differently between its terms: the levels must agree.
            #expect(OfficialsKind.objective(instance, plan).levels == Self.exhaustive(instance, sizes: sizes)?.levels)
        }

        /// A real season goes the search's way: a verified plan no worse than greedy's, a bound on the right side
        /// when one is given, and every claim supported.
        @Test func seasonSearchImprovesOnGreedyAndVerifies() throws {
            let data = try Data(contentsOf: Repository.url("instances/officials/udine/RA-2-16.json"))
            let instance = try JSONDecoder().decode(OfficialsInstance.self, from: data)
            let greedy = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: .greedy))
            let report = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: .auto, timeLimitSeconds: 8))
            #expect(report.method == .milp)
            #expect(Engine.verify(instance, report: report, kind: OfficialsKind.self).isEmpty)
            let cost = try #require(report.objective?.levels?.last?.value)
            let greedyCost = try #require(greedy.objective?.levels?.last?.value)
            #expect(cost <= greedyCost)
            if let bound = report.bound { #expect(bound <= Double(cost)) }
        }
    #endif

    @Test func badLeagueInputNamesItsPath() throws {
        var instance = Self.handInstance(objective: .levels([["distanceKm": 1, "kilometres": 2]]))
        instance.officials[0].avoid = ["R9"]
        instance.matches[0].maxOfficials = 0
        instance.officials[1].home = Location(lat: 51.5, lon: -0.6)
        let paths = Set(OfficialsKind.validate(instance).map(\.path))
        #expect(paths.contains("rules.objective[0].kilometres"))
        #expect(paths.contains("officials[0].avoid[0]"))
        #expect(paths.contains("matches[0].maxOfficials"))
        #expect(paths.contains("officials"))  // degrees mixed with planar km
        let preset = Self.handInstance(objective: .preset("fifa"))
        #expect(OfficialsKind.validate(preset).map(\.path) == ["rules.objective"])
    }

    /// The objective's levels: the presets, custom levels named by their term or `cost`, `filled` first.
    @Test func objectiveLevelsResolve() {
        let custom = OfficialsRules(objective: .levels([["distanceKm": 1, "loadDeviation": 3], ["maxLoad": 1]]))
        #expect(custom.objectiveLevels(hasPrevious: false).map(\.name) == ["filled", "cost", "maxLoad"])
        let udine = OfficialsRules(objective: .preset("udine")).objectiveLevels(hasPrevious: true)
        #expect(udine.map(\.name) == ["filled", "cost"])
        #expect(udine[1].weights.count == 7)
        #expect(
            OfficialsRules().objectiveLevels(hasPrevious: true).map(\.name)
                == ["filled", "changes", "maxLoad", "travel", "repeatPairings"])
    }
}
