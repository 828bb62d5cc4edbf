import Testing
import TouchlineMILP
import TouchlineSearch
import TouchlineTesting

@testable import Touchline

/// Small random `pitches` instances: the MILP against exhaustive search, never worse than greedy, and the
/// verifier against broken plans.
@Suite struct PitchesTests {
    /// 3 pitches in 2 groups, 5 matches on one day at 3 start times, random sizes, closures and preferences.
    static func tinyInstance(seed: UInt64, previous: Bool = false) -> PitchesInstance {
        var random = SeededRandom(seed: seed)
        let day = LocalDateTime("2026-11-21T13:00")!
        var pitches = [
            Pitch(id: "a", group: "North", sizes: ["senior", "junior"]),
            Pitch(id: "b", group: "North", sizes: ["junior"], maxPerDay: random.int(below: 2) == 0 ? 1 : nil),
            Pitch(id: "c", group: "South", sizes: ["senior", "junior"])
        ]
        if random.int(below: 3) == 0 {
            pitches[2].closed = [TimeWindow(from: day + 60, to: day + 120)]
        }
        let teams = ["hawtrey", "durnford", "keate", "evans"]
        var matches: [PitchMatch] = []
        for index in 0..<5 {
            let start = day + [0, 45, 90][random.int(below: 3)]
            var match = PitchMatch(
                id: "m\(index)", start: start, durationMinutes: 50, size: random.int(below: 2) == 0 ? "senior" : "junior",
                teams: [teams[random.int(below: 4)], teams[random.int(below: 4)]])
            if random.int(below: 2) == 0 { match.preferred = [["a", "b", "c"][random.int(below: 3)]] }
            matches.append(match)
        }
        var instance = PitchesInstance(pitches: pitches, matches: matches, rules: PitchRules(bufferMinutes: 10))
        if previous {
            instance.previous = PitchesSolution(assignments: ["m0": "a", "m1": "c", "m2": "b"])
        }
        return instance
    }

    /// The lexicographic optimum by trying every placement (4^5 = 1024).
    static func exhaustive(_ instance: PitchesInstance) -> PitchesObjective? {
        let options: [String?] = [nil] + instance.pitches.map(\.id)
        return ExhaustiveSearch.best(PitchesKind.self, instance, choices: instance.matches.map { _ in options.count }) { choice in
            var assignments: [String: String] = [:]
            for (index, option) in choice.enumerated() {
                if let pitch = options[option] { assignments[instance.matches[index].id] = pitch }
            }
            var usage: [String: Int] = [:]
            for pitch in instance.pitches { usage[pitch.id] = assignments.values.filter { $0 == pitch.id }.count }
            let unplaced = instance.matches.filter { assignments[$0.id] == nil }.map { UnplacedMatch(match: $0.id, reason: "-") }
            return PitchesSolution(assignments: assignments, unplaced: unplaced, usage: usage)
        }
    }

    #if GLPK
        @Test(arguments: 0..<24)
        func milpMatchesExhaustiveSearch(seed: Int) throws {
            let instance = Self.tinyInstance(seed: UInt64(seed), previous: seed % 3 == 0)
            let report = try Engine.solve(instance, kind: PitchesKind.self, options: InstanceOptions(method: .milp))
            #expect(report.status == .optimal)
            #expect(report.objective == Self.exhaustive(instance))
            #expect(Engine.verify(instance, report: report, kind: PitchesKind.self).isEmpty)
        }

        @Test(arguments: 0..<12)
        func milpIsNeverWorseThanGreedy(seed: Int) throws {
            let instance = Self.tinyInstance(seed: UInt64(100 + seed), previous: seed % 2 == 0)
            let milp = try Engine.solve(instance, kind: PitchesKind.self, options: InstanceOptions(method: .milp))
            let greedy = try Engine.solve(instance, kind: PitchesKind.self, options: InstanceOptions(method: .greedy))
            let milpObjective = try #require(milp.objective)
            let greedyObjective = try #require(greedy.objective)
            #expect(!PitchesKind.isBetter(greedyObjective, than: milpObjective))
        }
    #endif

    /// The `maxUsage` bound is the least largest usage over every way of placing that many matches on pitches
    /// they fit (clashes aside): against trying every choice on random small fits.
    @Test(arguments: 0..<40)
    func leastLargestUsageIsTheExhaustiveMinimum(seed: Int) {
        var random = SeededRandom(seed: UInt64(500 + seed))
        let pitchCount = 1 + random.int(below: 3), matchCount = 1 + random.int(below: 6)
        let eligible = (0..<matchCount).map { _ in (0..<pitchCount).filter { _ in random.int(below: 3) > 0 } }
        var choice = [Int](repeating: 0, count: matchCount)  // 0: unplaced, k: the k-th pitch it fits
        var least = [Int](repeating: Int.max, count: matchCount + 1)  // per number placed
        while true {
            var usage = [Int](repeating: 0, count: pitchCount)
            var placed = 0
            for (match, option) in choice.enumerated() where option > 0 {
                usage[eligible[match][option - 1]] += 1
                placed += 1
            }
            // Placing at least `count` matches: the best of every choice placing `count` or more.
            for count in 0...placed { least[count] = min(least[count], usage.max() ?? 0) }
            var position = 0
            while position < matchCount {
                choice[position] += 1
                if choice[position] <= eligible[position].count { break }
                choice[position] = 0
                position += 1
            }
            if position == matchCount { break }
        }
        for placed in 1...matchCount where least[placed] != Int.max {
            #expect(
                PitchesAnalysis.leastLargestUsage(eligible: eligible, pitchCount: pitchCount, placed: placed) == least[placed],
                "\(eligible), placed \(placed)")
        }
    }

    @Test(arguments: 0..<12)
    func greedyPlansPassTheVerifier(seed: Int) throws {
        let instance = Self.tinyInstance(seed: UInt64(200 + seed))
        let report = try Engine.solve(instance, kind: PitchesKind.self, options: InstanceOptions(method: .greedy))
        #expect(report.status == .feasible)
        #expect(report.method == .greedy)
        #expect(Engine.verify(instance, report: report, kind: PitchesKind.self).isEmpty)
    }

    @Test func verifierFindsEveryKindOfBreach() {
        let day = LocalDateTime("2026-11-21T14:00")!
        let instance = PitchesInstance(
            pitches: [
                Pitch(id: "a", sizes: ["senior"], closed: [TimeWindow(from: day, to: day + 30)]),
                Pitch(id: "b", sizes: ["junior"], maxPerDay: 1)
            ],
            matches: [
                PitchMatch(id: "m1", start: day, durationMinutes: 60, size: "senior"),
                PitchMatch(id: "m2", start: day + 65, durationMinutes: 60, size: "senior", pitch: "a"),
                PitchMatch(id: "m3", start: day, durationMinutes: 60, size: "junior"),
                PitchMatch(id: "m4", start: day + 200, durationMinutes: 60, size: "junior"),
                PitchMatch(id: "m5", start: day, durationMinutes: 60, size: "junior")
            ],
            rules: PitchRules(bufferMinutes: 10))
        let broken = PitchesSolution(
            assignments: ["m1": "a", "m2": "b", "m3": "b", "m4": "b", "ghost": "a"],
            unplaced: [], usage: ["a": 1, "b": 2])
        let violations = PitchesKind.verify(instance, broken).joined(separator: "\n")
        #expect(violations.contains("unknown match \"ghost\""))
        #expect(violations.contains("m1 is on a while it is closed"))
        #expect(violations.contains("m2 (senior) is on b"))
        #expect(violations.contains("m2 is pinned to a but placed on b"))
        #expect(violations.contains("starts on b before"))
        #expect(violations.contains("above its limit of 1"))
        #expect(violations.contains("usage[b] is 2"))
        #expect(violations.contains("m5 is neither placed nor listed as unplaced"))
    }

    @Test func pinsThatBreakRulesAreInfeasibleWithAReason() throws {
        let day = LocalDateTime("2026-11-21T14:00")!
        let instance = PitchesInstance(
            pitches: [Pitch(id: "a", name: "Agar's 1", sizes: ["senior"], closed: [TimeWindow(from: day, to: day + 30)])],
            matches: [PitchMatch(id: "m1", start: day, durationMinutes: 60, size: "senior", pitch: "a")])
        let report = try Engine.solve(instance, kind: PitchesKind.self)
        #expect(report.status == .infeasible)
        #expect(report.reason?.contains("m1 is pinned to Agar's 1, which is closed") == true)
    }

    @Test func unplacedMatchesCarryAReason() throws {
        let day = LocalDateTime("2026-11-21T14:25")!
        let instance = PitchesInstance(
            pitches: [Pitch(id: "a", sizes: ["senior"])],
            matches: [
                PitchMatch(id: "m1", start: day, durationMinutes: 60, size: "senior"),
                PitchMatch(id: "m2", start: day, durationMinutes: 60, size: "senior"),
                PitchMatch(id: "m3", start: day, durationMinutes: 60, size: "junior")
            ])
        let report = try Engine.solve(instance, kind: PitchesKind.self)
        let solution = try #require(report.solution)
        #expect(solution.assignments.count == 1)
        #expect(solution.unplaced.count == 2)
        let reasons = solution.unplaced.map(\.reason).joined(separator: "\n")
        #expect(reasons.contains("no pitch takes size junior"))
        #expect(reasons.contains("every senior pitch open at 2026-11-21 14:25 is taken: a has m"))
    }

    @Test func engineRejectsInvalidInstancesWithPaths() throws {
        let instance = PitchesInstance(
            pitches: [Pitch(id: "a", sizes: [])],
            matches: [PitchMatch(id: "m1", start: LocalDateTime("2026-11-21T14:25")!, durationMinutes: 60, size: "senior", pitch: "zz")],
            options: InstanceOptions(mipGap: 2))
        let report = try Engine.solve(instance, kind: PitchesKind.self)
        #expect(report.status == .invalid)
        let paths = (report.errors ?? []).map(\.path)
        #expect(paths.contains("pitches[0].sizes"))
        #expect(paths.contains("matches[0].pitch"))
        #expect(paths.contains("options.mipGap"))
    }
}
