import Foundation
import Testing
import TouchlineMILP
import TouchlineSearch

@testable import Touchline

/// `split` and `merge` through the library's JSON front end: the parts, the assembled plan and what it may claim.
@Suite struct SplitMergeTests {
    static let day0 = LocalDateTime("2026-09-05T00:00")!

    /// Pitches in `components` independent groups: each has its own match size (so its own pitches) and its
    /// own teams; matches at a few start times, some preferring a pitch.
    static func pitches(components: Int, seed: UInt64) -> PitchesInstance {
        var random = SeededRandom(seed: seed)
        var pitches: [Pitch] = []
        var matches: [PitchMatch] = []
        for c in 0..<components {
            let size = "size\(c)"
            let count = 2 + random.int(below: 2)
            for p in 0..<count {
                pitches.append(Pitch(id: "p\(c)-\(p)", group: p % 2 == 0 ? "North" : "South", sizes: [size], region: "R\(c)"))
            }
            for m in 0..<(3 + random.int(below: 4)) {
                let day = random.int(below: 2)
                let slot = random.int(below: 2)
                matches.append(
                    PitchMatch(
                        id: "m\(c)-\(m)", start: day0 + day * 1440 + 14 * 60 + slot * 90, durationMinutes: 60, size: size,
                        teams: ["t\(c)-\(random.int(below: 3))", "t\(c)-\(3 + random.int(below: 3))"],
                        preferred: random.chance(0.4) ? ["p\(c)-\(random.int(below: count))"] : nil))
            }
        }
        return PitchesInstance(pitches: pitches, matches: matches, rules: PitchRules(bufferMinutes: 10))
    }

    /// Officials in `components` groups: group c plays on day c, and its officials are away every other day.
    static func officials(components: Int, seed: UInt64) -> OfficialsInstance {
        var random = SeededRandom(seed: seed)
        var officials: [Official] = []
        var matches: [OfficialsMatch] = []
        let venues = [Venue(id: "north", group: "North", region: "N"), Venue(id: "south", group: "South", region: "S")]
        for c in 0..<components {
            let away = (0..<components).filter { $0 != c }.map {
                TimeWindow(from: day0 + $0 * 1440, to: day0 + ($0 + 1) * 1440)
            }
            for o in 0..<(3 + random.int(below: 2)) {
                officials.append(Official(id: "o\(c)-\(o)", level: 1 + random.int(below: 2), unavailable: away, maxTotal: 2 + random.int(below: 2)))
            }
            for m in 0..<(3 + random.int(below: 3)) {
                matches.append(
                    OfficialsMatch(
                        id: "m\(c)-\(m)", start: day0 + c * 1440 + 13 * 60 + random.int(below: 3) * 75, durationMinutes: 60,
                        venue: venues[random.int(below: 2)].id, teams: ["t\(c)-\(random.int(below: 3))", "t\(c)-\(3 + random.int(below: 2))"],
                        officials: 1 + random.int(below: 2)))
            }
        }
        return OfficialsInstance(
            venues: venues, travelMinutes: [TravelEntry(from: "North", to: "South", minutes: 20)], matches: matches,
            officials: officials)
    }

    static func json<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The split's lines and each line's result (solved in process, in order).
    static func splitAndSolve(_ data: Data, by mode: SplitMode) throws -> (parts: [String], results: [String]) {
        let lines = try JSONFrontEnd.split(data, by: mode).get().split(separator: "\n").map(String.init)
        let results = try lines.map { try JSONFrontEnd.solve(Data($0.utf8)).output }
        return (lines, results)
    }

    /// By region: parts follow the regions; what regions share goes to one region (the official who may work
    /// both venues, to the one of more of their matches), and the parts say they are linked; regions that
    /// share nothing give the components' parts, not linked; an instance without regions is refused.
    @Test func regionsGiveSharedResourcesToOneRegion() throws {
        let pitches = Self.pitches(components: 3, seed: 5)
        let byRegion = try JSONFrontEnd.split(try Self.json(pitches), by: .region).get().split(separator: "\n")
        let byComponent = try JSONFrontEnd.split(try Self.json(pitches), by: .component).get().split(separator: "\n")
        func matchSets(_ lines: [Substring]) throws -> Set<[String]> {
            Set(
                try lines.map { line in
                    try #require(try Self.object(String(line))["matches"] as? [[String: Any]]).compactMap { $0["id"] as? String }
                })
        }
        #expect(try matchSets(byRegion) == matchSets(byComponent))
        for line in byRegion {
            let part = try #require(try Self.object(String(line))["part"] as? [String: Any])
            #expect(part["linked"] == nil)
            #expect((part["region"] as? String)?.hasPrefix("R") == true)
        }

        // Two regions; o1 may work in both (more matches in S), o2 is pinned to a match in N.
        let officials = OfficialsInstance(
            venues: [Venue(id: "a", region: "N"), Venue(id: "b", region: "S")],
            matches: [
                OfficialsMatch(id: "n1", start: Self.day0 + 600, durationMinutes: 60, venue: "a", officials: 1),
                OfficialsMatch(id: "s1", start: Self.day0 + 600, durationMinutes: 60, venue: "b", officials: 1),
                OfficialsMatch(id: "s2", start: Self.day0 + 720, durationMinutes: 60, venue: "b", officials: 1)
            ],
            officials: [Official(id: "o1", level: 1), Official(id: "o2", level: 1)],
            pinned: [OfficialPin(match: "n1", official: "o2")])
        let lines = try JSONFrontEnd.split(try Self.json(officials), by: .region).get().split(separator: "\n")
        #expect(lines.count == 2)
        let north = try JSONDecoder().decode(OfficialsInstance.self, from: Data(lines[0].utf8))
        let south = try JSONDecoder().decode(OfficialsInstance.self, from: Data(lines[1].utf8))
        #expect(north.part?.region == "N" && south.part?.region == "S")
        #expect(north.part?.linked == true && south.part?.linked == true)
        #expect(north.matches.map(\.id) == ["n1"] && south.matches.map(\.id) == ["s1", "s2"])
        #expect(north.officials.first { $0.id == "o1" }?.maxTotal == 0)
        #expect(south.officials.first { $0.id == "o1" }?.maxTotal == nil)
        #expect(north.officials.first { $0.id == "o2" }?.maxTotal == nil)
        #expect(south.officials.first { $0.id == "o2" }?.maxTotal == 0)

        // Matchday: a match goes to its pinned pitch's region, else its preferred pitch's, else where most of
        // its pitches are; each part keeps only its region's pitches; solved, merged and verified as a whole.
        let matchday = MatchdayInstance(
            pitches: [
                Pitch(id: "a1", sizes: ["s"], region: "N"), Pitch(id: "b1", sizes: ["s"], region: "S"),
                Pitch(id: "b2", sizes: ["s"], region: "S")
            ],
            matches: [
                MatchdayMatch(id: "m1", start: Self.day0 + 600, durationMinutes: 60, size: "s", preferred: ["a1"], officials: 1),
                MatchdayMatch(id: "m2", start: Self.day0 + 600, durationMinutes: 60, size: "s", officials: 1),
                MatchdayMatch(id: "m3", start: Self.day0 + 720, durationMinutes: 60, size: "s", pitch: "b1", officials: 1)
            ],
            officials: [Official(id: "u1"), Official(id: "u2"), Official(id: "u3")])
        let data = try Self.json(matchday)
        let (regionLines, results) = try Self.splitAndSolve(data, by: .region)
        let parts = try regionLines.map { try JSONDecoder().decode(MatchdayInstance.self, from: Data($0.utf8)) }
        #expect(parts.map { $0.matches.map(\.id) } == [["m1"], ["m2", "m3"]])
        #expect(parts.map { $0.pitches.map(\.id) } == [["a1"], ["b1", "b2"]])
        #expect(parts.allSatisfy { $0.part?.linked == true })
        let merged = try JSONFrontEnd.merge(instance: data, results: Data(results.joined(separator: "\n").utf8)).get()
        #expect(try JSONFrontEnd.verify(instance: data, result: Data(merged.output.utf8)) == [])
        let summary = try #require(try Self.object(merged.output)["split"] as? [String: Any])
        #expect(summary["linked"] as? Bool == true && (summary["provenLevels"] as? [String])?.isEmpty == true)

        var plain = officials
        plain.venues = plain.venues.map { Venue(id: $0.id) }
        switch JSONFrontEnd.split(try Self.json(plain), by: .region) {
        case .success: Issue.record("an instance without regions was split by region")
        case let .failure(error): #expect("\(error)".contains("region"))
        }
    }

    @Test func componentsAreTheIndependentGroups() throws {
        for components in 1...4 {
            let data = try Self.json(Self.pitches(components: components, seed: UInt64(components)))
            let lines = try JSONFrontEnd.split(data, by: .component).get().split(separator: "\n")
            #expect(lines.count == components)
            let first = try Self.object(String(lines[0]))
            #expect(first["id"] as? String == "component-1")
            let part = try #require(first["part"] as? [String: Any])
            #expect(part["count"] as? Int == components)
            // Every match is in exactly one part.
            let all = try lines.flatMap { line in
                (try #require(try Self.object(String(line))["matches"] as? [[String: Any]])).compactMap { $0["id"] as? String }
            }
            #expect(all.sorted() == Self.pitches(components: components, seed: UInt64(components)).matches.map(\.id).sorted())
        }
    }

    #if GLPK
        /// On instances of independent groups, merging the parts' plans gives what one solve of the whole gives on
        /// every level the merge proves, the assembled plan passes the verifier, and a bound is never past the
        /// whole's optimum.
        @Test(arguments: [UInt64(1), 2, 3, 4])
        func mergeEqualsTheWholeSolveOnWhatItProves(seed: UInt64) throws {
            let cases: [(String, Data)] = [
                ("pitches", try Self.json(Self.pitches(components: 3, seed: seed))),
                ("officials", try Self.json(Self.officials(components: 3, seed: seed)))
            ]
            for (kind, data) in cases {
                let whole = try Self.object(JSONFrontEnd.solve(data).output)
                #expect(whole["status"] as? String == "optimal", "\(kind) seed \(seed): the whole is small enough to prove")
                let wholeLevels = try #require((whole["stats"] as? [String: Any])?["levels"] as? [[String: Any]])
                // By region: the pitches' regions are their components (exact); the officials' two venues are two
                // regions that share officials and teams (each official given to one: linked, no bound).
                for mode in [SplitMode.component, .day, .region] {
                    let (_, results) = try Self.splitAndSolve(data, by: mode)
                    let merged = try JSONFrontEnd.merge(instance: data, results: Data(results.joined(separator: "\n").utf8)).get()
                    #expect(
                        try JSONFrontEnd.verify(instance: data, result: Data(merged.output.utf8)) == [],
                        "\(kind) seed \(seed) by \(mode)")
                    let result = try Self.object(merged.output)
                    let levels = try #require((result["stats"] as? [String: Any])?["levels"] as? [[String: Any]])
                    let split = try #require(result["split"] as? [String: Any])
                    let proven = try #require(split["provenLevels"] as? [String])
                    for (index, level) in levels.enumerated() {
                        let name = try #require(level["name"] as? String)
                        let optimum = try #require(wholeLevels[index]["value"] as? Double)
                        #expect(wholeLevels[index]["name"] as? String == name)
                        if proven.contains(name) {
                            let value = try #require(level["value"] as? Double)
                            #expect(abs(value - optimum) < 1e-6, "\(kind) seed \(seed) by \(mode): \(name)")
                        }
                        // A bound only while the levels above are proven (the whole's optimum on them is the parts').
                        if let bound = level["bound"] as? Double, proven.prefix(index).count == index {
                            let maximise = ["placed", "preferred", "filled"].contains(name)
                            #expect(
                                maximise ? bound >= optimum - 1e-6 : bound <= optimum + 1e-6,
                                "\(kind) seed \(seed) by \(mode): \(name) bound \(bound), optimum \(optimum)")
                        }
                    }
                    if mode == .component || (mode == .region && kind == "pitches") {
                        // The first level adds up over independent parts: always proven.
                        #expect(proven.first == (kind == "pitches" ? "placed" : "filled"))
                    }
                    #expect((split["linked"] as? Bool ?? false) == (mode == .region && kind == "officials"), "\(kind) by \(mode)")
                    if split["linked"] as? Bool == true { #expect(proven.isEmpty && levels.allSatisfy { $0["bound"] == nil }) }
                    if result["status"] as? String == "optimal" {
                        #expect(levels.count == proven.count)
                        for (index, level) in levels.enumerated() {
                            let value = try #require(level["value"] as? Double), optimum = try #require(wholeLevels[index]["value"] as? Double)
                            #expect(abs(value - optimum) < 1e-6)
                        }
                    }
                }
            }
        }

        /// In process (`RunSettings.decomposition`), on two threads: the components solved apart and assembled
        /// give one solve of the whole's optimum on every level they prove, pass the verifier, and are `optimal`
        /// only when every level is proven; parts that are copies of one another (every part reaches the whole's
        /// maximum) prove every level.
        @Test(arguments: [UInt64(1), 2, 3, 4])
        func inProcessComponentsEqualTheWholeSolveOnWhatTheyProve(seed: UInt64) throws {
            func check<Kind: SplittableKind>(_ instance: Kind.Instance, _ kind: Kind.Type, copies: Bool) throws {
                let whole = try Engine.solve(instance, kind: kind, settings: RunSettings(decomposition: .never))
                #expect(whole.status == .optimal, "\(kind.name) seed \(seed): the whole is small enough to prove")
                let parts = try Engine.solve(instance, kind: kind, settings: RunSettings(decomposition: .always, jobs: 2))
                #expect(Engine.verify(instance, report: parts, kind: kind).isEmpty)
                let split = try #require(parts.split, "\(kind.name) seed \(seed): solved by components")
                #expect(split.by == .component && split.parts >= 2)
                let levels = try #require(parts.objective.map(Kind.levels)), optimum = try #require(whole.objective.map(Kind.levels))
                for (index, level) in levels.enumerated() where split.provenLevels.contains(level.name) {
                    #expect(abs(level.value - optimum[index].value) < 1e-6, "\(kind.name) seed \(seed): \(level.name)")
                }
                #expect((parts.status == .optimal) == (split.provenLevels.count == levels.count))
                if copies {
                    #expect(parts.status == .optimal, "\(kind.name) seed \(seed): copies reach the same maximum")
                    #expect(parts.objective == whole.objective)
                }
            }
            try check(Self.pitches(components: 3, seed: seed), PitchesKind.self, copies: false)
            try check(Self.officials(components: 3, seed: seed), OfficialsKind.self, copies: false)
            // Three copies of one group, renamed (own pitches, sizes and teams): the parts are alike.
            let one = Self.pitches(components: 1, seed: seed)
            var copied = PitchesInstance(pitches: [], matches: [], rules: one.rules)
            for c in 0..<3 {
                copied.pitches += one.pitches.map { pitch in
                    var pitch = pitch
                    pitch.id += "-copy\(c)"
                    pitch.sizes = pitch.sizes.map { $0 + "-copy\(c)" }
                    return pitch
                }
                copied.matches += one.matches.map { match in
                    var match = match
                    match.id += "-copy\(c)"
                    match.size += "-copy\(c)"
                    match.teams = match.teams?.map { $0 + "-copy\(c)" }
                    match.preferred = match.preferred?.map { $0 + "-copy\(c)" }
                    return match
                }
            }
            try check(copied, PitchesKind.self, copies: true)
        }

        @Test func mergeRejectsResultsThatDoNotBelong() throws {
            let data = try Self.json(Self.pitches(components: 3, seed: 9))
            let (_, results) = try Self.splitAndSolve(data, by: .component)
            func merge(_ lines: [String]) -> Result<FrontEndOutput, TouchlineError> {
                JSONFrontEnd.merge(instance: data, results: Data(lines.joined(separator: "\n").utf8))
            }
            func messages(_ result: Result<FrontEndOutput, TouchlineError>) -> String {
                if case let .failure(error) = result { return error.description }
                return "accepted"
            }
            #expect(throws: Never.self) { try merge(results).get() }
            // A part missing.
            #expect(messages(merge(Array(results.dropLast()))).contains("no result for component-3 of 3 parts"))
            // A part answered twice.
            #expect(messages(merge(results + [results[0]])).contains("component-1 answered twice"))
            // A part of another instance.
            let other = try Self.json(Self.pitches(components: 3, seed: 10))
            let (_, foreign) = try Self.splitAndSolve(other, by: .component)
            #expect(messages(merge([foreign[0]] + results.dropFirst())).contains("is not a part of this instance"))
            // A result that plans another part's match.
            var tampered = try Self.object(results[0])
            var solution = try #require(tampered["solution"] as? [String: Any])
            var assignments = try #require(solution["assignments"] as? [String: String])
            assignments["m1-0"] = "p1-0"
            solution["assignments"] = assignments
            tampered["solution"] = solution
            let line = String(decoding: try JSONSerialization.data(withJSONObject: tampered), as: UTF8.self)
            #expect(messages(merge([line] + results.dropFirst())).contains("plans matches of another part: m1-0"))
            // A result without its part.
            var bare = try Self.object(results[0])
            bare.removeValue(forKey: "part")
            let bareLine = String(decoding: try JSONSerialization.data(withJSONObject: bare), as: UTF8.self)
            #expect(messages(merge([bareLine] + results.dropFirst())).contains("part: missing"))
        }

        /// Each part keeps its own rules, yet the parts together can break a rule of the whole: an official's
        /// `maxTotal` over the term. Day budgets prevent it; results that ignore them are refused.
        @Test func mergeRejectsPartsThatBreakALinkingRuleTogether() throws {
            var instance = Self.officials(components: 2, seed: 3)
            // One official who can work both days, at most once in the term.
            instance.officials.append(Official(id: "shared", level: 3, maxTotal: 1))
            instance.matches = instance.matches.map {
                var match = $0; match.officials = 1; return match
            }
            let data = try Self.json(instance)
            let lines = try JSONFrontEnd.split(data, by: .day).get().split(separator: "\n").map(String.init)
            #expect(lines.count == 2)
            let budgets = try lines.map { try #require(try Self.object($0)["part"] as? [String: Any])["budgets"] as? [String: Int] }
            #expect(budgets.map { $0?["shared"] ?? 0 }.reduce(0, +) <= 1, "the day budgets add up to the official's maxTotal at most")
            // Without budgets (each day given the whole maxTotal), both days may use the shared official.
            var results: [String] = []
            for line in lines {
                var object = try Self.object(line)
                var officials = try #require(object["officials"] as? [[String: Any]])
                for index in officials.indices where officials[index]["id"] as? String == "shared" { officials[index]["maxTotal"] = 1 }
                object["officials"] = officials
                var result = try Self.object(JSONFrontEnd.solve(try JSONSerialization.data(withJSONObject: object)).output)
                var solution = try #require(result["solution"] as? [String: Any])
                var assignments = try #require(solution["assignments"] as? [String: [String]])
                let first = try #require(assignments.keys.sorted().first)
                assignments[first] = ["shared"]
                solution["assignments"] = assignments
                result["solution"] = solution
                results.append(String(decoding: try JSONSerialization.data(withJSONObject: result), as: UTF8.self))
            }
            let merged = JSONFrontEnd.merge(instance: data, results: Data(results.joined(separator: "\n").utf8))
            guard case let .failure(error) = merged else {
                Issue.record("merge accepted parts that use the shared official twice")
                return
            }
            #expect(error.description.contains("shared"), "\(error.description)")
        }
    #endif

    @Test func kindsThatAreNotSplitSaySo() throws {
        let data = try Data(contentsOf: ConformanceTests.root.appendingPathComponent("instances/lineups/u10-7v7.json"))
        guard case let .failure(error) = JSONFrontEnd.split(data, by: .day) else {
            Issue.record("a lineup was split")
            return
        }
        #expect(error.description.contains("not split"))
    }
}
