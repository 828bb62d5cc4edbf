import Foundation
import Testing
import TouchlineMILP
import TouchlineTesting

@testable import Touchline

/// Lineups: the MILP against exhaustive search on tiny squads in every mode, every shipped instance solved
/// and verified, the verifier against tampered plans, and bad input.
@Suite struct LineupTests {
    static func player(_ id: String, _ positions: [String]) -> LineupPlayer {
        LineupPlayer(id: id, positions: positions)
    }

    /// Four players, a keeper and one outfield place, two halves of 10 minutes with a window every 5.
    static func tiny(_ rules: LineupRules) -> LineupInstance {
        LineupInstance(
            match: LineupMatch(periods: 2, periodMinutes: 10, substitutions: .init(everyMinutes: 5)),
            formation: ["GK": 1, "DEF": 1],
            players: [player("a", ["GK", "DEF"]), player("b", ["DEF"]), player("c", ["DEF", "GK"]), player("d", ["DEF"])],
            rules: rules)
    }

    /// A shipped lineup solved by every exact engine of the build (the built-in solver, and GLPK where built
    /// in): each answer optimal and verified, all with one objective. The solutions, for the caller's own checks.
    static func provenByEveryExactEngine(_ name: String, seconds: Double) throws -> [LineupSolution] {
        let url = Repository.root.appendingPathComponent("instances/lineups/\(name).json")
        let instance = try JSONDecoder().decode(LineupInstance.self, from: Data(contentsOf: url))
        var methods: [InstanceOptions.Method] = [.builtin]
        #if GLPK
            methods.append(.milp)
        #endif
        var objectives: [LineupObjective] = []
        var solutions: [LineupSolution] = []
        for method in methods {
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: method, timeLimitSeconds: seconds))
            #expect(report.status == .optimal, "\(method)")
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
            if let objective = report.objective { objectives.append(objective) }
            solutions.append(try #require(report.solution))
        }
        #expect(Set(objectives.map { "\($0)" }).count == 1, "\(objectives)")
        return solutions
    }

    static var tinyCases: [(String, LineupInstance)] {
        var cases: [(String, LineupInstance)] = []
        cases.append(("balanced", tiny(LineupRules(mode: .balanced, minShare: 0.5, keeperFullPeriods: true, minStint: 2))))
        cases.append(("bench-and-changes", tiny(LineupRules(mode: .balanced, maxConsecutiveBench: 1, maxChangesPerWindow: 1))))
        var locked = tiny(LineupRules(mode: .balanced, minShare: 0.25))
        locked.locks = [LineupLock(player: "c", from: 0, to: 10, position: "GK"), LineupLock(player: "b", from: 5, to: 15, onField: false)]
        cases.append(("locks", locked))
        var late = tiny(LineupRules(mode: .balanced, minShare: 0.5, seasonBalance: true))
        late.players[3].arrivesAt = 5
        late.players[1].seasonMinutes = 10
        late.players[2].status = .injured
        cases.append(("late-injured-season", late))
        var live = tiny(LineupRules(mode: .balanced, minShare: 0.5, keeperFullPeriods: true))
        live.players[1].status = .injured
        live.state = LineupState(minute: 7, onField: ["a": "GK", "b": "DEF"], minutesPlayed: ["a": 7, "b": 7])
        cases.append(("live", live))
        var marked = tiny(LineupRules(mode: .preMarked))
        marked.preMarked = PreMarkedRules(periods: [.init(period: 1, active: ["b"])])
        cases.append(("preMarked", marked))
        var turn = LineupInstance(
            match: LineupMatch(periods: 1, periodMinutes: 15, substitutions: .init(everyMinutes: 5)),
            formation: ["GK": 1, "DEF": 1, "FWD": 1],
            players: [player("k", ["GK"]), player("b", ["DEF", "FWD"]), player("c", ["FWD"]), player("d", ["DEF", "FWD"])],
            rules: LineupRules(mode: .turnBased))
        cases.append(("turnBased-free", turn))
        turn.turnBased = TurnBasedRules(queue: ["c"], changesPerWindow: 1)
        cases.append(("turnBased-queue", turn))
        var colours = LineupInstance(
            match: LineupMatch(periods: 1, periodMinutes: 15, substitutions: .init(everyMinutes: 5)),
            formation: ["GK": 1, "DEF": 1, "FWD": 1],
            players: [player("k", ["GK"]), player("b", ["DEF", "FWD"]), player("c", ["FWD"]), player("d", ["DEF"]), player("e", ["FWD", "DEF"])],
            rules: LineupRules(mode: .colourGroups))
        colours.colourGroups = ColourGroupRules(colours: ["red", "blue"])
        cases.append(("colourGroups", colours))
        // Turn-based with two keepers who also play outfield and keep goal for whole periods (the keeper may
        // change at half-time, go to the bench or outfield, and come from either).
        let halves = LineupMatch(periods: 2, periodMinutes: 10, substitutions: .init(everyMinutes: 5))
        let keepers = LineupInstance(
            match: halves, formation: ["GK": 1, "DEF": 1, "FWD": 1],
            players: [
                player("a", ["GK", "DEF"]), player("b", ["DEF", "FWD"]), player("c", ["FWD", "GK"]), player("d", ["DEF"]), player("e", ["FWD"])
            ],
            rules: LineupRules(mode: .turnBased, minShare: 0.5, keeperFullPeriods: true))
        cases.append(("turnBased-keepers", keepers))
        // Turn-based with a late arrival (he joins the back of the queue) and the queue given.
        var lateTurn = LineupInstance(
            match: LineupMatch(periods: 1, periodMinutes: 20, substitutions: .init(everyMinutes: 5)),
            formation: ["GK": 1, "DEF": 1, "FWD": 1],
            players: [
                player("k", ["GK"]), player("b", ["DEF", "FWD"]), player("c", ["FWD"]), player("d", ["DEF", "FWD"]), player("e", ["FWD", "DEF"])
            ],
            rules: LineupRules(mode: .turnBased))
        lateTurn.players[4].arrivesAt = 10
        lateTurn.turnBased = TurnBasedRules(queue: ["d"], changesPerWindow: 1)
        cases.append(("turnBased-late", lateTurn))
        // A live turn-based re-plan (the queue rows without scenarios: first in, first out by binaries).
        var liveTurn = lateTurn
        liveTurn.players[4].arrivesAt = nil
        liveTurn.turnBased = TurnBasedRules(changesPerWindow: 1)
        liveTurn.state = LineupState(minute: 5, onField: ["k": "GK", "b": "DEF", "c": "FWD"], minutesPlayed: ["k": 5, "b": 5, "c": 5])
        cases.append(("turnBased-live", liveTurn))
        // Colour groups with a player who plays outfield and in goal (he may stay without a colour and keep goal).
        var keeperColours = LineupInstance(
            match: LineupMatch(periods: 1, periodMinutes: 15, substitutions: .init(everyMinutes: 5)),
            formation: ["GK": 1, "DEF": 1, "FWD": 1],
            players: [
                player("k", ["GK"]), player("a", ["DEF", "GK"]), player("b", ["FWD"]), player("c", ["DEF", "FWD"]), player("d", ["FWD", "DEF"])
            ],
            rules: LineupRules(mode: .colourGroups, minShare: 0.3))
        keeperColours.colourGroups = ColourGroupRules(colours: ["red", "blue"])
        cases.append(("colourGroups-keeper", keeperColours))
        // Colour groups fixed from earlier (an injured player keeps his colour) with a late arrival.
        var fixedColours = keeperColours
        fixedColours.rules = LineupRules(mode: .colourGroups)
        fixedColours.players.append(player("f", ["FWD"]))
        fixedColours.players[5].status = .injured
        fixedColours.players[4].arrivesAt = 5
        fixedColours.colourGroups = ColourGroupRules(colours: ["red", "blue"], assignment: ["f": "red", "b": "blue"])
        cases.append(("colourGroups-fixed-late", fixedColours))
        // Pairs in every mode: on and off together, never all on the bench.
        var pairs = tiny(LineupRules(mode: .balanced, minShare: 0.25, apart: [["b", "d"]], together: [["a", "b"]]))
        pairs.players[3].arrivesAt = 10
        cases.append(("pairs", pairs))
        var markedPairs = marked
        markedPairs.rules!.together = [["c", "d"]]
        cases.append(("pairs-preMarked", markedPairs))
        var turnPairs = turn
        turnPairs.rules = LineupRules(mode: .turnBased, apart: [["c", "d"]], together: [["b", "k"]])
        turnPairs.turnBased = nil
        cases.append(("pairs-turnBased", turnPairs))
        var colourPairs = colours
        colourPairs.rules = LineupRules(mode: .colourGroups, apart: [["c", "e"]], together: [["b", "d"]])
        cases.append(("pairs-colourGroups", colourPairs))
        // Keeper minutes: a and c list GK; each takes a turn, neither more than half the match, and a keeper also
        // plays 5 minutes outfield.
        cases.append(("keepers", tiny(LineupRules(mode: .balanced, keeperMaxShare: 0.5, keeperMinOutfieldMinutes: 5, keeperTurns: true))))
        cases.append(("keepers-fullPeriods", tiny(LineupRules(mode: .balanced, keeperFullPeriods: true, keeperMaxShare: 0.5, keeperTurns: true))))
        var liveKeepers = live
        liveKeepers.rules = LineupRules(mode: .balanced, keeperMaxShare: 0.75, keeperMinOutfieldMinutes: 5)
        liveKeepers.state!.keeperMinutes = ["a": 7]
        cases.append(("keepers-live", liveKeepers))
        var turnKeepers = keepers
        turnKeepers.rules = LineupRules(mode: .turnBased, keeperFullPeriods: true, keeperTurns: true)
        cases.append(("keepers-turnBased", turnKeepers))
        var colourKeepers = colours
        colourKeepers.players[1].positions.append("GK")
        colourKeepers.rules = LineupRules(mode: .colourGroups, keeperMaxShare: 0.7, keeperMinOutfieldMinutes: 5, keeperTurns: true)
        cases.append(("keepers-colourGroups", colourKeepers))
        // Positions: d must try FWD, b never changes position, everyone of two segments outfield plays two of
        // their positions; in a re-plan, b has held DEF (so stays there) and c has played FWD already.
        var positions = turn
        positions.turnBased = nil
        positions.rules = LineupRules(mode: .balanced, minPositions: 2)
        positions.players[1].onePosition = true
        positions.players[3].mustPlay = ["FWD"]
        cases.append(("positions", positions))
        var livePositions = positions
        livePositions.players[2].positions = ["FWD", "DEF"]
        livePositions.state = LineupState(
            minute: 5, onField: ["k": "GK", "b": "DEF", "c": "FWD"], minutesPlayed: ["k": 5, "b": 5, "c": 5], positionsPlayed: ["c": ["FWD"]])
        cases.append(("positions-live", livePositions))
        var turnPositions = turn
        turnPositions.rules = LineupRules(mode: .turnBased, minPositions: 2)
        turnPositions.players[3].mustPlay = ["DEF"]
        cases.append(("positions-turnBased", turnPositions))
        var markedPositions = marked
        markedPositions.players[0].mustPlay = ["DEF"]
        markedPositions.players[2].onePosition = true
        cases.append(("positions-preMarked", markedPositions))
        var colourPositions = colours
        colourPositions.rules = LineupRules(mode: .colourGroups, minPositions: 2)
        colourPositions.players[4].onePosition = true
        colourPositions.players[1].mustPlay = ["FWD"]
        cases.append(("positions-colourGroups", colourPositions))
        // Shorter shifts: at most 5 minutes in a row at FWD (10 at DEF in the halves squad); in a re-plan, c has
        // been at FWD for 5 minutes already.
        var stints = turn
        stints.turnBased = nil
        stints.rules = LineupRules(mode: .balanced, maxStintMinutes: ["FWD": 5])
        cases.append(("stints", stints))
        var liveStints = stints
        liveStints.state = LineupState(
            minute: 5, onField: ["k": "GK", "b": "DEF", "c": "FWD"], minutesPlayed: ["k": 5, "b": 5, "c": 5], stintMinutes: ["c": 5])
        cases.append(("stints-live", liveStints))
        var halvesStints = tiny(LineupRules(mode: .balanced, minShare: 0.25, maxStintMinutes: ["DEF": 10, "GK": 10]))
        halvesStints.players[1].positions = ["DEF", "GK"]
        cases.append(("stints-halves", halvesStints))
        var turnStints = turn
        turnStints.rules = LineupRules(mode: .turnBased, maxStintMinutes: ["DEF": 5])
        cases.append(("stints-turnBased", turnStints))
        var colourStints = colours
        colourStints.rules = LineupRules(mode: .colourGroups, maxStintMinutes: ["FWD": 5])
        cases.append(("stints-colourGroups", colourStints))
        // Strength: ratings 3, 2, 2, 1, 0 and every field at least 0.8 of the strongest present (or all of it).
        func rated(_ instance: LineupInstance, _ share: Double) -> LineupInstance {
            var rated = instance
            for (p, rating) in [3.0, 2, 2, 1, 0, 1, 2].enumerated() where p < rated.players.count { rated.players[p].rating = rating }
            var rules = rated.rules ?? LineupRules()
            rules.strength = LineupStrength(minShare: share)
            rated.rules = rules
            return rated
        }
        cases.append(("strength", rated(stints, 0.8)))
        cases.append(("strength-all", rated(stints, 1)))
        cases.append(("strength-live", rated(liveStints, 0.8)))
        cases.append(("strength-turnBased", rated(turn, 0.75)))
        cases.append(("strength-preMarked", rated(marked, 0.75)))
        cases.append(("strength-colourGroups", rated(colours, 0.75)))
        return cases
    }

    /// The lexicographic optimum over every plan (every lineup in every segment, every colouring), by the
    /// verifier and objective alone; nil when no plan keeps every rule.
    static func exhaustive(_ instance: LineupInstance) -> LineupObjective? {
        let analysis = LineupAnalysis(instance)
        // Every lineup of one segment: each player off or in one eligible position, the formation filled.
        func lineups(_ s: Int) -> [[Int?]] {
            var result: [[Int?]] = [[]]
            for p in 0..<analysis.playerCount {
                let options: [Int?] = [nil] + (analysis.canPlay[p][s] ? analysis.eligible[p].map { Optional($0) } : [])
                result = result.flatMap { partial in options.map { partial + [$0] } }
            }
            return result.filter { row in
                analysis.slots.enumerated().allSatisfy { k, count in row.filter { $0 == k }.count == count }
            }
        }
        let perSegment = (0..<analysis.segmentCount).map(lineups)
        var colourings: [[Int?]] = [[]]
        if instance.mode == .colourGroups {
            let count = instance.colourGroups!.colours.count
            for p in 0..<analysis.playerCount {
                let fixed = instance.colourGroups!.assignment?[instance.players[p].id].flatMap { instance.colourGroups!.colours.firstIndex(of: $0) }
                // Every player may have any colour or none (the verifier's contract), not only the engine's pool.
                let options: [Int?] = fixed.map { [$0] } ?? ([nil] + (0..<count).map { Optional($0) })
                colourings = colourings.flatMap { partial in options.map { partial + [$0] } }
            }
        }
        var plan = LineupPlan(segments: analysis.segmentCount, players: analysis.playerCount)
        let counts = perSegment.map(\.count) + [colourings.count]
        return ExhaustiveSearch.best(LineupKind.self, instance, choices: counts) { choice in
            for s in 0..<analysis.segmentCount { plan.cells[s] = perSegment[s][choice[s]] }
            plan.colour = instance.mode == .colourGroups ? colourings[choice[analysis.segmentCount]] : nil
            return analysis.solution(plan)
        }
    }

    @Test(arguments: tinyCases.map(\.0))
    func milpMatchesExhaustiveSearch(_ name: String) throws {
        let instance = try #require(Self.tinyCases.first { $0.0 == name }?.1)
        let optimum = Self.exhaustive(instance)
        let greedy = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(Engine.verify(instance, report: greedy, kind: LineupKind.self).isEmpty)
        if let objective = greedy.objective, greedy.status == .feasible, let optimum {
            #expect(!LineupKind.isBetter(objective, than: optimum), "greedy beat the exhaustive optimum")
        }
        #if GLPK
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .milp, timeLimitSeconds: 20))
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
            if let optimum {
                #expect(report.status == .optimal)
                #expect(report.objective == optimum, "MILP \(String(describing: report.objective)) vs exhaustive \(optimum)")
            } else {
                #expect(report.status == .infeasible)
            }
        #endif
    }

    /// The compact model (the best effort's model, the fallback past the pattern engine's limits, and
    /// `options.formulation: "compact"`) proves the same optimum as exhaustive search on its own, in every mode.
    @Test(arguments: tinyCases.map(\.0))
    func compactModelMatchesExhaustiveSearch(_ name: String) throws {
        #if GLPK
            var instance = try #require(Self.tinyCases.first { $0.0 == name }?.1)
            let optimum = Self.exhaustive(instance)
            instance.options = InstanceOptions(method: .milp, timeLimitSeconds: 20, formulation: .compact)
            let report = try Engine.solve(instance, kind: LineupKind.self)
            #expect(report.stats.patterns == nil, "the pattern engine answered")
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
            if let optimum {
                #expect(report.status == .optimal)
                #expect(report.objective == optimum, "compact \(String(describing: report.objective)) vs exhaustive \(optimum)")
            } else {
                #expect(report.status == .infeasible)
            }
        #else
            let instance = try #require(Self.tinyCases.first { $0.0 == name }?.1)
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(formulation: .compact))
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
        #endif
    }

    static var shipped: [String] {
        let folder = Repository.root.appendingPathComponent("instances/lineups")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && $0 != "expected.json" }.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test func everyRequiredInstanceIsShipped() {
        let names = Set(Self.shipped.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
        for required in [
            "u8-4v4", "u10-7v7", "u12-9v9", "u14-11v11", "u14-11v11-22-every5", "u10-turn-based",
            "u12-pre-marked", "u10-colour-groups", "u10-live-injury", "u12-injured-late",
            "u14-locked-keeper", "u10-infeasible"
        ] {
            #expect(names.contains(required), "missing \(required)")
        }
    }

    /// Every shipped instance: greedy gives a verified plan (or an honest infeasible/unknown).
    @Test(arguments: shipped)
    func shippedInstanceSolvesAndVerifies(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let instance = try JSONDecoder().decode(LineupInstance.self, from: data)
        let greedy = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(Engine.verify(instance, report: greedy, kind: LineupKind.self).isEmpty)
        let infeasible = path.hasSuffix("u10-infeasible.json")
        if infeasible {
            #expect(greedy.status == .infeasible)
            #expect(greedy.reason?.contains("minShare") == true)
            let broken = greedy.solution?.brokenRules ?? []
            #expect(broken.count > 0, "a coach still gets a plan, with its broken rules")
        }
    }

    /// `instances/lineups/expected.json`: every shipped instance listed, and each gives its expected status and
    /// (when proven) objective with a generous limit (proofs end early; the limit only guards a slow machine).
    @Test(arguments: shipped)
    func shippedInstanceGivesItsExpectedResult(_ path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        let expected = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let entry = try #require(expected[name] as? [String: Any], "\(name) is not in expected.json")
        let status = try #require(entry["status"] as? String)
        let instance = try JSONDecoder().decode(LineupInstance.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #if GLPK
            let limit: Double = status == "optimal" || status == "infeasible" ? 60 : 4
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(timeLimitSeconds: limit))
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
            let greedy = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
            if report.status == .optimal, let milp = report.objective, let heuristic = greedy.objective, greedy.status == .feasible {
                #expect(!LineupKind.isBetter(heuristic, than: milp), "greedy beat a proven optimum")
            }
            switch status {
            case "optimal":
                #expect(report.status == .optimal, "\(name): \(report.status)")
                let objective = try #require(entry["objective"] as? [String: Int])
                #expect(
                    report.objective
                        == LineupObjective(
                            spread: objective["spread"]!, strengthGap: objective["strengthGap"].map(Double.init),
                            substitutions: objective["substitutions"]!, offPreferredPosition: objective["offPreferredPosition"]!), "\(name)")
            case "infeasible":
                #expect(report.status == .infeasible)
                for word in entry["reason"] as? [String] ?? [] { #expect(report.reason?.contains(word) == true) }
            case "feasible":
                #expect(report.status == .optimal || report.status == .feasible, "\(name): \(report.status)")
            default:
                #expect(report.status != .infeasible, "\(name): nothing proves it impossible")
            }
        #else
            if status == "infeasible" {
                let report = try Engine.solve(instance, kind: LineupKind.self)
                #expect(report.status == .infeasible)
            }
        #endif
    }

    @Test func verifierCatchesTamperedPlans() throws {
        let instance = Self.tinyCases[0].1
        let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        let solution = try #require(report.solution)
        #expect(LineupKind.verify(instance, solution).isEmpty)
        var injured = instance
        injured.players[1].status = .injured
        #expect(!LineupKind.verify(injured, solution).isEmpty, "an injured player on the field")
        var minutes = solution
        minutes.minutes["a"] = (minutes.minutes["a"] ?? 0) + 5
        #expect(!LineupKind.verify(instance, minutes).isEmpty, "minutes that the segments do not give")
        var dropped = solution
        dropped.segments[0].bench.removeAll()
        #expect(!LineupKind.verify(instance, dropped).isEmpty, "a player dropped from the bench")
        var claimed = solution
        claimed.brokenRules = ["minShare: nobody"]
        #expect(!LineupKind.verify(instance, claimed).isEmpty, "a broken rule the plan does not break")
        var wrongPosition = solution
        if let (id, _) = wrongPosition.segments[0].onField.first(where: { $0.value == "GK" }) {
            wrongPosition.segments[0].onField[id] = "FWD"
        }
        #expect(!LineupKind.verify(instance, wrongPosition).isEmpty, "a position outside the formation")
        let tooFew = LineupKind.verify(
            instance,
            {
                var s = solution; s.segments[1].onField = [:]; s.segments[1].bench = ["a", "b", "c", "d"]; return s
            }())
        #expect(tooFew.contains { $0.hasPrefix("formation") }, "an empty field is a broken formation")
    }

    @Test(arguments: [
        (
            #"{"problem":"lineup","match":{"periods":5,"periodMinutes":10},"formation":{"DEF":2},"players":[{"id":"a","positions":["DEF"]}]}"#,
            "match.periods"
        ),
        (
            #"{"problem":"lineup","match":{"periods":2,"periodMinutes":10},"formation":{"DEF":1},"players":[{"id":"a","positions":["GK"]}]}"#,
            "players[0].positions"
        ),
        (
            #"{"problem":"lineup","match":{"periods":2,"periodMinutes":10},"formation":{"DEF":1},"players":[{"id":"a","positions":["DEF"]}],"locks":[{"player":"zz","from":0,"to":5}]}"#,
            "locks[0].player"
        ),
        (
            #"{"problem":"lineup","match":{"periods":2,"periodMinutes":10},"formation":{"DEF":1},"players":[{"id":"a","positions":["DEF"]}],"rules":{"mode":"preMarked"}}"#,
            "preMarked"
        ),
        (
            #"{"problem":"lineup","match":{"periods":2,"periodMinutes":10},"formation":{"DEF":1},"players":[{"id":"a","positions":["DEF"]}],"state":{"minute":40,"onField":{}}}"#,
            "state.minute"
        ),
        (
            #"{"problem":"lineup","match":{"periods":2,"periodMinutes":10,"substitutions":{"atMinutes":[25]}},"formation":{"DEF":1},"players":[{"id":"a","positions":["DEF"]}]}"#,
            "match.substitutions.atMinutes[0]"
        ),
        (#"{"problem":"lineup","match":{"periods":2,"periodMinutes":"ten"},"formation":{"DEF":1},"players":[]}"#, "match.periodMinutes"),
        (
            #"{"problem":"lineup","match":{"periods":2,"periodMinutes":10},"formation":{"DEF":1},"players":[{"id":"a","positions":["DEF"],"status":"sick"}]}"#,
            "players[0].status"
        )
    ])
    func badInputNamesTheJSONPath(_ input: String, _ path: String) throws {
        let output = try JSONFrontEnd.solve(Data(input.utf8))
        #expect(output.status == .invalid)
        #expect(output.output.contains("\"\(path)\""), "\(output.output)")
    }

    @Test func textChartShowsEveryPlayerAndMinutes() throws {
        let data = try JSONEncoder().encode(Self.tinyCases[0].1)
        let output = try JSONFrontEnd.solve(data, options: InstanceOptions(method: .greedy), format: .text)
        #expect(output.status == .feasible || output.status == .optimal)
        for id in ["a", "b", "c", "d"] { #expect(output.output.contains("\n\(id) ")) }
        #expect(output.output.contains("spread"))
    }
}
