import Testing
import TouchlineMILP
import TouchlineSearch
import TouchlineTesting

@testable import Touchline

/// Small random `officials` instances: the MILP against exhaustive search, never worse than greedy, the
/// verifier against broken plans, travel times, reasons, pins and bad input; `matchday` against the
/// pitches-then-officials sequence.
@Suite struct OfficialsTests {
    /// 2 venues in 2 groups 15 minutes apart, 4 matches on one day at close times, 3 officials with random
    /// levels, attachments and unavailability; sometimes a pin or a published plan.
    static func tinyInstance(seed: UInt64) -> OfficialsInstance {
        var random = SeededRandom(seed: seed)
        let day = LocalDateTime("2026-11-21T14:00")!
        let venues = [Venue(id: "n", group: "North"), Venue(id: "s", group: "South")]
        let teams = ["hawtrey", "durnford", "keate", "evans"]
        var matches: [OfficialsMatch] = []
        for index in 0..<4 {
            matches.append(
                OfficialsMatch(
                    id: "m\(index)", start: day + [0, 55, 60, 75, 130][random.int(below: 5)], durationMinutes: 50,
                    venue: venues[random.int(below: 2)].id, teams: [teams[random.int(below: 4)], teams[random.int(below: 4)]],
                    officials: 1 + random.int(below: 2), minLevel: random.int(below: 3)))
        }
        var officials: [Official] = []
        for index in 0..<3 {
            var official = Official(id: "u\(index)", level: 1 + random.int(below: 2))
            if random.int(below: 3) == 0 { official.teams = [teams[random.int(below: 4)]] }
            if random.int(below: 4) == 0 { official.unavailable = [TimeWindow(from: day + 50, to: day + 70)] }
            if random.int(below: 4) == 0 { official.maxTotal = 1 }
            officials.append(official)
        }
        var instance = OfficialsInstance(
            venues: venues, travelMinutes: [TravelEntry(from: "North", to: "South", minutes: 15)], matches: matches,
            officials: officials, rules: OfficialsRules(restMinutes: 5))
        if seed % 4 == 1 {
            instance.previous = OfficialsSolution(assignments: ["m0": ["u0"], "m1": ["u1"], "m2": ["u2", "u0"]])
        }
        return instance
    }

    /// The lexicographic optimum over every crew of every match (each a subset of at most `officials`, or
    /// those `allowed` says, given the match's index).
    static func exhaustive(
        _ instance: OfficialsInstance, allowed: ((Int, [Int]) -> Bool)? = nil
    ) -> OfficialsObjective? {
        let core = OfficialsKind.core(instance)
        let places = OfficialsKind.venuePlaces(instance)
        let n = instance.officials.count
        let options: [[[Int]]] = instance.matches.enumerated().map { m, match in
            (0..<(1 << n)).map { mask in (0..<n).filter { mask & (1 << $0) != 0 } }
                .filter { crew in allowed.map { $0(m, crew) } ?? (crew.count <= match.needed) }
        }
        return ExhaustiveSearch.best(OfficialsKind.self, instance, choices: options.map(\.count)) { choice in
            core.solution(crews: choice.enumerated().map { options[$0][$1] }, placeOf: places)
        }
    }

    /// The lexicographic optimum of a small `matchday` over every plan: each match on no pitch or any pitch,
    /// with every crew of at most the officials it needs; `nil` when the verifier accepts none.
    static func matchdayExhaustive(_ instance: MatchdayInstance) -> MatchdayObjective? {
        let analysis = PitchesAnalysis(instance.pitchesInstance)
        let core = MatchdayKind.core(instance)
        let n = instance.officials.count
        let crews = instance.matches.map { match in
            (0..<(1 << n)).map { mask in (0..<n).filter { mask & (1 << $0) != 0 } }.filter { $0.count <= match.officials ?? 1 }
        }
        let places: [Int?] = [nil] + instance.pitches.indices.map { $0 }
        let counts = instance.matches.indices.flatMap { [places.count, crews[$0].count] }
        return ExhaustiveSearch.best(MatchdayKind.self, instance, choices: counts) { choice in
            let placement = instance.matches.indices.map { places[choice[2 * $0]] }
            let crew = instance.matches.indices.map { crews[$0][choice[2 * $0 + 1]] }
            return MatchdaySolution(
                pitches: analysis.solution(placement: placement), officials: core.solution(crews: crew, placeOf: placement))
        }
    }

    /// A random tiny `matchday`: three matches of `tinyInstance`, two pitches (North and South, 15 minutes apart),
    /// each rule on or off at random: preferences, a pinned pitch, a closure, a one-match pitch, a pinned official,
    /// a published plan.
    static func matchdayTinyInstance(seed: UInt64) -> MatchdayInstance {
        let tiny = tinyInstance(seed: seed)
        var random = SeededRandom(seed: seed &+ 17)
        let day = LocalDateTime("2026-11-21T14:00")!
        var pitches = [Pitch(id: "n", group: "North", sizes: ["junior"]), Pitch(id: "s", group: "South", sizes: ["junior"])]
        if random.chance(0.25) { pitches[1].closed = [TimeWindow(from: day + 50, to: day + 100)] }
        if random.chance(0.25) { pitches[0].maxPerDay = 1 }
        var matches = tiny.matches.prefix(3).map {
            MatchdayMatch(
                id: $0.id, start: $0.start, durationMinutes: $0.durationMinutes, size: "junior", teams: $0.teams,
                preferred: random.chance(0.5) ? [random.chance(0.5) ? "n" : "s"] : nil,
                officials: $0.officials, minLevel: $0.minLevel)
        }
        if random.chance(0.2) { matches[random.int(below: 3)].pitch = random.chance(0.5) ? "n" : "s" }
        var instance = MatchdayInstance(
            pitches: pitches, travelMinutes: tiny.travelMinutes, matches: Array(matches), officials: tiny.officials,
            rules: MatchdayRules(bufferMinutes: 5, restMinutes: 5))
        if random.chance(0.2) { instance.pinned = [OfficialPin(match: "m\(random.int(below: 3))", official: "u\(random.int(below: 3))")] }
        if random.chance(0.25) {
            let published = MatchdaySolution(
                pitches: PitchesSolution(assignments: ["m0": "n", "m1": "s"]),
                officials: OfficialsSolution(assignments: ["m0": ["u0"], "m2": ["u1"]]))
            instance.previous = published
        }
        return instance
    }

    #if GLPK
        @Test(arguments: 0..<24)
        func milpMatchesExhaustiveSearch(seed: Int) throws {
            let instance = Self.tinyInstance(seed: UInt64(seed))
            let report = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: .milp))
            #expect(report.status == .optimal)
            #expect(report.objective == Self.exhaustive(instance))
            #expect(Engine.verify(instance, report: report, kind: OfficialsKind.self).isEmpty)
        }

        /// Custom level orders that do not maximise `filled` first and alone (optional slots weighed before it, or
        /// in one level with it): the required-slot column must still count min(crew, needed), so the MILP's
        /// lexicographic optimum equals the best plan the verifier accepts over every crew up to `maxOfficials`.
        @Test(arguments: 0..<12)
        func customLevelOrdersMatchExhaustiveSearch(seed: Int) throws {
            var instance = Self.tinyInstance(seed: UInt64(700 + seed))
            instance.previous = nil
            for m in instance.matches.indices { instance.matches[m].maxOfficials = instance.matches[m].needed + 1 }
            let orders: [[[String: Int]]] = [
                [["optionalUnfilled": 1], ["filled": -1]],
                [["filled": -1, "optionalUnfilled": 2], ["maxLoad": 1]],
                [["optionalUnfilled": -1], ["filled": -1]]
            ]
            instance.rules?.objective = .levels(orders[seed % orders.count])
            let report = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: .milp))
            #expect(Engine.verify(instance, report: report, kind: OfficialsKind.self).isEmpty)
            #expect(report.status == .optimal)
            let best = Self.exhaustive(instance) { m, crew in crew.count <= instance.matches[m].most }
            #expect(
                report.objective?.levels == best?.levels,
                "seed \(seed): MILP \(String(describing: report.objective)) vs exhaustive \(String(describing: best))")
        }

        @Test(arguments: 0..<12)
        func milpIsNeverWorseThanGreedy(seed: Int) throws {
            let instance = Self.tinyInstance(seed: UInt64(100 + seed))
            let milp = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: .milp))
            let greedy = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: .greedy))
            #expect(!OfficialsKind.isBetter(try #require(greedy.objective), than: try #require(milp.objective)))
        }

        /// Two back-to-back matches, one umpire who can do both only if both are in one field group: planning
        /// pitches first (preferences) splits them; the joint solve keeps both covered.
        @Test func matchdayJointSolveBeatsPitchesThenOfficials() throws {
            let instance = Self.crossGroupPair()
            let joint = try Engine.solve(instance, kind: MatchdayKind.self, options: InstanceOptions(method: .milp))
            #expect(joint.status == .optimal)
            #expect(joint.objective?.filled == 2)
            #expect(Engine.verify(instance, report: joint, kind: MatchdayKind.self).isEmpty)
            let pitches = try Engine.solve(instance.pitchesInstance, kind: PitchesKind.self, options: InstanceOptions(method: .milp))
            let officials = try Engine.solve(
                instance.officialsInstance(pitchOf: try #require(pitches.solution).assignments), kind: OfficialsKind.self,
                options: InstanceOptions(method: .milp))
            #expect(officials.objective?.filled == 1)
        }

        /// The joint model's rows (clash cliques that hold wherever the matches are played, place-dependent clashes
        /// aggregated to field groups, moves, group splits) against every plan of three matches: each match on
        /// no pitch, `n` or `s` (15 minutes apart), with every crew it may have; the lexicographic optimum over
        /// the plans the verifier accepts is the MILP's.
        @Test(arguments: 0..<16)
        func matchdayMILPMatchesExhaustiveSearch(seed: Int) throws {
            let tiny = Self.tinyInstance(seed: UInt64(400 + seed))
            var random = SeededRandom(seed: UInt64(seed))
            let instance = MatchdayInstance(
                pitches: [Pitch(id: "n", group: "North", sizes: ["junior"]), Pitch(id: "s", group: "South", sizes: ["junior"])],
                travelMinutes: tiny.travelMinutes,
                matches: tiny.matches.prefix(3).map {
                    MatchdayMatch(
                        id: $0.id, start: $0.start, durationMinutes: $0.durationMinutes, size: "junior", teams: $0.teams,
                        preferred: random.chance(0.5) ? [random.chance(0.5) ? "n" : "s"] : nil,
                        officials: $0.officials, minLevel: $0.minLevel)
                },
                officials: tiny.officials, rules: MatchdayRules(bufferMinutes: 5, restMinutes: 5))
            let best = Self.matchdayExhaustive(instance)
            let report = try Engine.solve(instance, kind: MatchdayKind.self, options: InstanceOptions(method: .milp))
            #expect(report.status == .optimal)
            #expect(report.objective == best, "seed \(seed)")
            #expect(Engine.verify(instance, report: report, kind: MatchdayKind.self).isEmpty)
        }

        @Test(arguments: 0..<8)
        func matchdayMILPIsNeverWorseThanGreedyAndVerifies(seed: Int) throws {
            let tiny = Self.tinyInstance(seed: UInt64(300 + seed))
            let instance = MatchdayInstance(
                pitches: [Pitch(id: "n", group: "North", sizes: ["junior"]), Pitch(id: "s", group: "South", sizes: ["junior"])],
                travelMinutes: tiny.travelMinutes,
                matches: tiny.matches.map {
                    MatchdayMatch(
                        id: $0.id, start: $0.start, durationMinutes: $0.durationMinutes, size: "junior", teams: $0.teams,
                        officials: $0.officials, minLevel: $0.minLevel)
                },
                officials: tiny.officials, rules: MatchdayRules(bufferMinutes: 5, restMinutes: 5))
            let milp = try Engine.solve(instance, kind: MatchdayKind.self, options: InstanceOptions(method: .milp))
            let greedy = try Engine.solve(instance, kind: MatchdayKind.self, options: InstanceOptions(method: .greedy))
            #expect(Engine.verify(instance, report: milp, kind: MatchdayKind.self).isEmpty)
            #expect(Engine.verify(instance, report: greedy, kind: MatchdayKind.self).isEmpty)
            #expect(!MatchdayKind.isBetter(try #require(greedy.objective), than: try #require(milp.objective)))
        }
    #endif

    /// Two matches ten minutes apart, preferring pitches in different field groups 15 minutes apart, and one
    /// umpire: he can take both only if both are played in one group.
    static func crossGroupPair() -> MatchdayInstance {
        let day = LocalDateTime("2026-11-21T14:00")!
        return MatchdayInstance(
            pitches: [Pitch(id: "n1", group: "North", sizes: ["junior"]), Pitch(id: "s1", group: "South", sizes: ["junior"])],
            travelMinutes: [TravelEntry(from: "North", to: "South", minutes: 15)],
            matches: [
                MatchdayMatch(id: "a", start: day, durationMinutes: 50, size: "junior", preferred: ["s1"]),
                MatchdayMatch(id: "b", start: day + 60, durationMinutes: 50, size: "junior", preferred: ["n1"])
            ],
            officials: [Official(id: "u1")])
    }

    /// Pins follow the official wherever the pitches greedy puts the match: when it puts two pinned matches in
    /// field groups the official cannot travel between, the greedy has no plan (it answered an internal error,
    /// found by the contract oracle) and the MILP keeps both pins by placing the matches together.
    @Test func matchdayGreedyThatCannotKeepAPinHasNoPlan() throws {
        var instance = Self.crossGroupPair()
        instance.pinned = [OfficialPin(match: "a", official: "u1"), OfficialPin(match: "b", official: "u1")]
        #expect(MatchdayKind.greedy(instance, seconds: nil) == nil)
        let greedy = try Engine.solve(instance, kind: MatchdayKind.self, options: InstanceOptions(method: .greedy))
        #expect(greedy.status == .unknown)
        #if GLPK
            let milp = try Engine.solve(instance, kind: MatchdayKind.self, options: InstanceOptions(method: .milp))
            #expect(milp.status == .optimal)
            #expect(milp.solution?.assignments["a"] == ["u1"] && milp.solution?.assignments["b"] == ["u1"])
            #expect(Engine.verify(instance, report: milp, kind: MatchdayKind.self).isEmpty)
        #endif
    }

    @Test(arguments: 0..<12)
    func greedyPlansPassTheVerifier(seed: Int) throws {
        let instance = Self.tinyInstance(seed: UInt64(200 + seed))
        let report = try Engine.solve(instance, kind: OfficialsKind.self, options: InstanceOptions(method: .greedy))
        #expect(report.status == .feasible)
        #expect(Engine.verify(instance, report: report, kind: OfficialsKind.self).isEmpty)
    }

    @Test func verifierFindsEveryKindOfBreach() {
        let day = LocalDateTime("2026-11-21T14:00")!
        let instance = OfficialsInstance(
            venues: [Venue(id: "n", group: "North"), Venue(id: "s", group: "South")],
            travelMinutes: [TravelEntry(from: "North", to: "South", minutes: 15)],
            matches: [
                OfficialsMatch(id: "m1", start: day, durationMinutes: 50, venue: "n", teams: ["hawtrey", "keate"], minLevel: 2),
                OfficialsMatch(id: "m2", start: day + 60, durationMinutes: 50, venue: "s", teams: ["evans", "penn"]),
                OfficialsMatch(id: "m3", start: day + 200, durationMinutes: 50, venue: "n", teams: ["evans", "manor"])
            ],
            officials: [
                Official(id: "u1", level: 1, teams: ["hawtrey"], unavailable: [TimeWindow(from: day + 190, to: day + 210)], maxTotal: 2),
                Official(id: "u2", level: 3)
            ],
            pinned: [OfficialPin(match: "m3", official: "u2")])
        let broken = OfficialsSolution(
            assignments: ["m1": ["u1"], "m2": ["u1", "u1"], "m3": ["u1"], "ghost": ["u2"]],
            unfilled: [], load: ["u1": 2, "u2": 0], travel: ["u1": 0, "u2": 0], moves: [])
        let violations = OfficialsKind.verify(instance, broken).joined(separator: "\n")
        #expect(violations.contains("unknown match \"ghost\""))
        #expect(violations.contains("u1 (level 1) officiates m1, which needs level 2"))
        #expect(violations.contains("u1 officiates m1 but is attached to hawtrey"))
        #expect(violations.contains("m2 lists an official twice"))
        #expect(violations.contains("m2 has 2 officials but needs 1"))
        #expect(violations.contains("u1 officiates m3 but is unavailable"))
        #expect(violations.contains("u1 cannot get from m1 to m2 in time"))
        #expect(violations.contains("above maxTotal 2"))
        #expect(violations.contains("u2 is pinned to m3 but not on it"))
        #expect(violations.contains("load[u1] is 2"))
        #expect(violations.contains("travel[u1] is 0"))
    }

    @Test func travelTimesFollowThePrecedence() {
        let places = [
            TravelPlace(id: "a", group: "North", lat: 51.49, lon: -0.61),
            TravelPlace(id: "b", group: "North", lat: 51.59, lon: -0.61),
            TravelPlace(id: "c", group: "South", lat: 51.59, lon: -0.61),
            TravelPlace(id: "d", group: "East", lat: 51.49, lon: -0.61)
        ]
        let times = TravelTimes(
            places: places, entries: [TravelEntry(from: "b", to: "a", minutes: 7), TravelEntry(from: "South", to: "North", minutes: 20)],
            speedKmh: 50)
        #expect(times.minutes[0][1] == 7)  // venue pair, symmetric
        #expect(times.minutes[0][2] == 20)  // group pair
        #expect(times.minutes[3][0] == 0)  // same point, different groups: 0 km
        // 0.1 degrees of latitude is 11.12 km: 13.3 minutes at 50 km/h, rounded up.
        #expect(times.minutes[3][1] == 14)
        #expect(
            OfficialsVerifier(matches: [], places: [], officials: [], pinned: [], travel: [], rest: 0, speed: 50)
                .minutes(.init(id: "d", group: "East", lat: 51.49, lon: -0.61), .init(id: "b", group: "North", lat: 51.59, lon: -0.61)) == 14)
    }

    @Test func pinsThatBreakRulesAreInfeasibleWithAReason() throws {
        let day = LocalDateTime("2026-11-21T14:25")!
        let instance = OfficialsInstance(
            venues: [Venue(id: "n")],
            matches: [OfficialsMatch(id: "m1", start: day, durationMinutes: 60, venue: "n", teams: ["hawtrey", "keate"], minLevel: 2)],
            officials: [Official(id: "u1", level: 1)], pinned: [OfficialPin(match: "m1", official: "u1")])
        let report = try Engine.solve(instance, kind: OfficialsKind.self)
        #expect(report.status == .infeasible)
        #expect(report.reason?.contains("u1 (level 1) is pinned to m1, which needs level 2") == true)
    }

    @Test func unfilledSlotsCarryAReason() throws {
        let day = LocalDateTime("2026-11-21T14:25")!
        let instance = OfficialsInstance(
            venues: [Venue(id: "n")],
            matches: [
                OfficialsMatch(id: "m1", start: day, durationMinutes: 60, venue: "n", teams: ["hawtrey", "keate"], officials: 2, minLevel: 2),
                OfficialsMatch(id: "m2", start: day, durationMinutes: 60, venue: "n", teams: ["evans", "penn"], minLevel: 3)
            ],
            officials: [Official(id: "u1", level: 2), Official(id: "u2", level: 2, teams: ["keate"])])
        let report = try Engine.solve(instance, kind: OfficialsKind.self)
        let solution = try #require(report.solution)
        #expect(report.objective?.filled == 1)
        let reasons = Dictionary(uniqueKeysWithValues: solution.unfilled.map { ($0.match, $0.reason) })
        #expect(reasons["m2"] == "no official has level 3 or above")
        #expect(solution.unfilled.first { $0.match == "m1" }?.missing == 1)
        #expect(Engine.verify(instance, report: report, kind: OfficialsKind.self).isEmpty)
    }

    @Test func engineRejectsInvalidInstancesWithPaths() throws {
        let instance = OfficialsInstance(
            venues: [Venue(id: "n", group: "North"), Venue(id: "s", group: "South")],
            matches: [OfficialsMatch(id: "m1", start: LocalDateTime("2026-11-21T14:25")!, durationMinutes: 0, venue: "zz", officials: -1)],
            officials: [Official(id: "u1", maxPerDay: -1), Official(id: "u1")],
            pinned: [OfficialPin(match: "m9", official: "u7")], rules: OfficialsRules(restMinutes: -5))
        let report = try Engine.solve(instance, kind: OfficialsKind.self)
        #expect(report.status == .invalid)
        let paths = Set((report.errors ?? []).map(\.path))
        for path in [
            "venues[0]", "matches[0].venue", "matches[0].durationMinutes", "matches[0].officials", "officials[0].maxPerDay",
            "officials[1].id", "pinned[0].match", "pinned[0].official", "rules.restMinutes"
        ] {
            #expect(paths.contains(path), "missing \(path) in \(paths.sorted())")
        }
    }
}
