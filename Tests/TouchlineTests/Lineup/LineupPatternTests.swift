import Foundation
import Testing
import TouchlineMILP
import TouchlineSearch
import TouchlineTesting

@testable import Touchline

/// The pattern engine: enumeration against brute force filtered by the verifier, the counting arguments,
/// and the status rules (`infeasible` only when proven).
@Suite struct LineupPatternTests {
    /// Tiny instances that exercise every per-player rule.
    static var cases: [(String, LineupInstance)] {
        var cases = LineupTests.tinyCases.filter {
            ["balanced", "bench-and-changes", "locks", "late-injured-season", "live", "preMarked"].contains($0.0)
        }
        var limits = LineupTests.tiny(LineupRules(mode: .balanced, maxConsecutiveBench: 2, minStint: 3))
        limits.players[0].minMinutes = 10
        limits.players[1].maxMinutes = 10
        limits.match.substitutions = .init(everyMinutes: 4)
        cases.append(("limits-stint3", limits))
        var keeperOnly = LineupTests.tiny(LineupRules(mode: .balanced, minShare: 0.3, keeperFullPeriods: true))
        keeperOnly.players[0].positions = ["GK"]
        keeperOnly.players[3].arrivesAt = 5
        cases.append(("keeper-only-late", keeperOnly))
        return cases
    }

    /// Every on/off vector of one player, kept when the verifier finds no broken rule of that player's own
    /// (others off; the player at their first position, GK for a keeper-only player).
    static func bruteForce(_ original: LineupInstance, player p: Int) -> Set<UInt64> {
        var instance = original
        for index in instance.players.indices { instance.players[index].name = "Player-\(instance.players[index].id)-" }
        let analysis = LineupAnalysis(instance)
        let n = analysis.segmentCount
        let name = instance.players[p].displayName
        var found = Set<UInt64>()
        guard let first = analysis.eligible[p].first else { return [0] }
        for mask in 0..<(UInt64(1) << UInt64(n)) {
            var plan = LineupPlan(segments: n, players: analysis.playerCount)
            var possible = true
            for s in 0..<n where mask & (1 << UInt64(s)) != 0 {
                if !analysis.canPlay[p][s] { possible = false }
                plan.cells[s][p] = LineupPatternSpace(analysis).fixedPosition[p]?[s] ?? first
            }
            guard possible else { continue }
            let findings = LineupVerifier.check(instance, analysis.solution(plan))
            guard findings.structural.isEmpty else { continue }
            let keeperOnly = analysis.eligible[p] == [analysis.keeper].compactMap { $0 }
            let own = findings.broken.filter { message in
                if message.hasPrefix("formation") || message.hasPrefix("maxChangesPerWindow") { return false }
                if message.hasPrefix("keeperFullPeriods") { return keeperOnly && instance.rules?.keeperFullPeriods == true }
                if message.hasPrefix("locks[") {
                    let index = Int(message.dropFirst(6).prefix { $0.isNumber })!
                    return instance.locks![index].player == instance.players[p].id
                }
                return message.contains(name)
            }
            if own.isEmpty { found.insert(mask) }
        }
        return found
    }

    @Test(arguments: cases.map(\.0))
    func enumerationEqualsBruteForce(_ name: String) throws {
        let instance = try #require(Self.cases.first { $0.0 == name }?.1)
        let space = LineupPatternSpace(LineupAnalysis(instance))
        for p in instance.players.indices {
            guard let rules = space.rules[p] else {
                #expect(!instance.players[p].isAvailable)
                continue
            }
            let patterns = try #require(space.enumerator.patterns(rules, limit: 100_000))
            let enumerated = Set(patterns.map(\.mask))
            #expect(enumerated.count == patterns.count, "no pattern twice")
            #expect(enumerated == Self.bruteForce(instance, player: p), "\(name), player \(instance.players[p].id)")
        }
    }

    /// Pattern counts agree with the plan: minutes, regulation minutes, substitutions.
    @Test func patternCountsMatchTheirVectors() throws {
        let instance = try #require(Self.cases.first { $0.0 == "live" }?.1)
        let analysis = LineupAnalysis(instance)
        let space = LineupPatternSpace(analysis)
        let p = try #require(instance.players.firstIndex { $0.id == "c" })
        for pattern in try #require(space.enumerator.patterns(space.rules[p]!, limit: 1000)) {
            let on = (0..<analysis.segmentCount).filter { pattern.isOn($0) }
            #expect(pattern.minutes == on.reduce(0) { $0 + analysis.segments[$1].length })
            let entries = on.filter { $0 == 0 ? !analysis.wasOn[p] : !pattern.isOn($0 - 1) }
            #expect(pattern.substitutions == entries.count)
        }
    }

    /// A player with no legal pattern is named, with the smallest set of rules that excludes every one.
    @Test func playerWithoutPatternNamesTheRules() throws {
        var instance = LineupTests.tiny(LineupRules(mode: .balanced, minShare: 0.5, maxConsecutiveBench: 3))
        instance.players[1].maxMinutes = 5
        instance.players[1].name = "Ben"
        let reason = try #require(LineupKind.impossibility(instance))
        #expect(reason.contains("Ben has no legal on/off pattern"))
        #expect(reason.contains("minShare") && reason.contains("maxMinutes 5"))
        #expect(!reason.contains("maxConsecutiveBench"), "a rule not needed for the collision is not named: \(reason)")
        let output = try JSONFrontEnd.solve(try JSONEncoder().encode(instance), options: InstanceOptions(method: .greedy))
        #expect(output.status == .infeasible)
    }

    /// The colour listing's mask tables hold exactly the masks they were built from: random sets of masks of 1 to
    /// 62 segments (0 among them now and then), probed with their own masks and random others, against `Set`.
    @Test func maskTablesHoldExactlyTheirMasks() {
        var random = SeededRandom(seed: 7)
        var wrong: [String] = []
        for round in 0..<200 {
            let width = UInt64(1 + round % 62)
            let all: UInt64 = (1 << width) - 1
            var masks = Set<UInt64>()
            for _ in 0..<random.int(in: 0...300) { masks.insert(random.next() & all) }
            if round % 3 == 0 { masks.insert(0) }
            let table = LineupPatternSpace.MaskTable(masks)
            for mask in masks where !table.contains(mask) { wrong.append("round \(round): \(mask) missing") }
            for _ in 0..<300 {
                let probe = random.next() & all
                if table.contains(probe) != masks.contains(probe) { wrong.append("round \(round): \(probe) answered wrongly") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// A squad whose LP over every pattern is empty (`touchline generate lineup --size 10 --seed 3`): the built-in
    /// solver's pipeline proves it before the greedy's search (the trace says so, and the greedy's repair never
    /// runs), with the reason of that proof; GLPK, where the build has it, finds the same squad infeasible.
    @Test func anEmptyRelaxationIsProvenBeforeTheGreedy() throws {
        let lines = TraceLines()
        let instance = LineupKind.generate(size: 10, seed: 3)
        let report = try Engine.solve(
            instance, kind: LineupKind.self, options: InstanceOptions(method: .builtin, suggestSeconds: 0), settings: lines.settings)
        #expect(report.status == .infeasible)
        #expect(report.reason == LineupPatternSolver.emptyRelaxationReason)
        #expect(lines.all.contains { $0.contains("every pattern before the greedy: LP infeasible") }, "\(lines.all)")
        #expect(!lines.all.contains { $0.contains("pattern repair") }, "\(lines.all)")
        #if GLPK
            let glpk = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .milp, suggestSeconds: 0))
            #expect(glpk.status == .infeasible)
        #endif
    }

    /// The keeper-only player who must play both periods because of the bench limit, and minShare for all: the
    /// minutes the patterns allow exceed the field (the counting argument of the pattern space).
    @Test func minutesCountingArgument() throws {
        var instance = LineupKind.generate(size: 22, seed: 1)
        instance.rules?.minShare = 0.5
        instance.rules?.maxConsecutiveBench = 3
        let clock = ContinuousClock.now
        let reason = try #require(LineupKind.impossibility(instance))
        #expect((ContinuousClock.now - clock).inSeconds < 30)
        #expect(reason.contains("minShare") && reason.contains("maxConsecutiveBench"), "\(reason)")
    }

    /// Nobody can keep goal for a whole period: named before any solve.
    @Test func noKeeperForAPeriod() throws {
        var instance = LineupTests.tiny(LineupRules(mode: .balanced, keeperFullPeriods: true))
        instance.players[0].arrivesAt = 5
        instance.locks = [LineupLock(player: "c", from: 5, to: 10, onField: false)]
        #expect(LineupAnalysis(instance).collisions() == nil)
        let reason = try #require(LineupKind.impossibility(instance))
        #expect(reason.contains("period 1"), "\(reason)")
    }

    /// The greedy (no solver at all, as in a greedy-only build) returns a legal plan for the hard squad, which
    /// the rotation alone cannot fill: the pattern search takes over.
    @Test func greedyFindsAPlanForTheHardSquad() throws {
        let instance = Self.hardSquad()
        let analysis = LineupAnalysis(instance)
        let rotations = (0...3).compactMap { LineupGreedy.rotation(analysis, lenient: false, benchWeight: $0) }
        #expect(
            rotations.allSatisfy { !LineupVerifier.check(instance, analysis.solution($0)).broken.isEmpty },
            "the rotation alone fills this squad, so it no longer tests the pattern search")
        let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(report.status == .feasible)
        #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
    }

    /// Tightening by the field's minutes removes no pattern a plan uses: the optimum over the tightened
    /// patterns equals the exhaustive optimum on the tiny cases (through the engine), and on a tight squad it
    /// leaves each player only patterns of their fewest minutes.
    @Test func tighteningKeepsEveryPlan() throws {
        // Four players, two places, 20 minutes: minShare 0.5 asks 10 of each, 40 in all, exactly what the field
        // holds. So every plan gives everyone exactly 10 minutes, and only such patterns may remain.
        let instance = LineupTests.tiny(LineupRules(mode: .balanced, minShare: 0.5))
        var space = LineupPatternSpace(LineupAnalysis(instance))
        let untightened = space.classes.isEmpty
        let enumerated = space.enumerate()
        #expect(untightened && enumerated)
        #expect(space.classes.allSatisfy { $0.patterns.allSatisfy { $0.minutes == 10 } })
        let all = try #require(space.enumerator.patterns(space.rules[1]!, limit: 1000))
        #expect(all.contains { $0.minutes > 10 }, "before tightening a player could play more")
        #if GLPK
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .milp))
            #expect(report.status == .optimal)
            #expect(report.objective == LineupTests.exhaustive(instance))
        #endif
    }

    #if GLPK
        /// The exported model (`touchline export`) is the pattern model with the whole lexicographic objective:
        /// the engine's plan encodes into it without a violation, and solving it directly gives the same optimum.
        /// Turn-based and colour groups (from `LineupTests.tinyCases`) export the pattern model too.
        @Test(arguments: [
            "balanced", "locks", "live", "preMarked", "turnBased-keepers", "turnBased-late", "colourGroups-keeper", "colourGroups-fixed-late"
        ])
        func exportedPatternModelHasTheEnginesOptimum(_ name: String) throws {
            let instance = try #require((Self.cases + LineupTests.tinyCases).first { $0.0 == name }?.1)
            let formulation = LineupKind.formulate(instance)
            #expect(formulation.model.name == "lineup-patterns")
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .milp))
            #expect(report.status == .optimal)
            let solution = try #require(report.solution)
            let encoded = try #require(formulation.encode(solution))
            #expect(formulation.model.violations(of: encoded).isEmpty)
            let solver = try #require(Solvers.default)
            let direct = solver.solve(formulation.model, options: SolveOptions(timeLimitSeconds: 30, tuning: formulation.tuning))
            #expect(direct.stopReason == .optimal)
            let objective = try #require(report.objective)
            let expected = [objective.spread, objective.substitutions, objective.offPreferredPosition].map(Double.init)
            #expect(direct.objectiveValues.count == 3)
            #expect(zip(direct.objectiveValues, expected).allSatisfy { abs($0 - $1) < 1e-4 }, "\(direct.objectiveValues) vs \(expected)")
            let decoded = formulation.decode(try #require(direct.solution))
            #expect(LineupKind.verify(instance, decoded).isEmpty)
        }

        /// Random tiny turn-based and colour-group squads (keepers who also play outfield, keepers who play whole
        /// periods, stints, bench limits, a late arrival, a queue): the engine's status and objective equal the
        /// exhaustive search's on every one.
        static func randomModeCase(_ seed: Int) -> LineupInstance {
            var random = SeededRandom(seed: UInt64(seed))
            let colours = seed % 2 == 0
            let formation: [String: Int] = colours ? ["GK": 1, "DEF": 1] : ["GK": 1, "DEF": 1, "FWD": 1]
            let outfield = colours ? ["DEF"] : ["DEF", "FWD"]
            var players: [LineupPlayer] = [LineupPlayer(id: "k", positions: ["GK"])]
            for index in 1...4 {
                var positions = [random.pick(outfield)]
                if !colours, random.chance(0.5), let other = outfield.first(where: { $0 != positions[0] }) { positions.append(other) }
                if random.chance(0.35) { positions.append("GK") }
                players.append(LineupPlayer(id: "p\(index)", positions: positions))
            }
            if random.chance(0.5) { players.removeFirst() }
            let match =
                colours
                ? LineupMatch(periods: 1, periodMinutes: 15, substitutions: .init(everyMinutes: 5))
                : LineupMatch(periods: 2, periodMinutes: 10, substitutions: .init(atMinutes: [5]))
            if !colours, random.chance(0.4) { players[players.count - 1].arrivesAt = 5 }
            let rules = LineupRules(
                mode: colours ? .colourGroups : .turnBased, minShare: random.chance(0.5) ? 0.25 : nil,
                maxConsecutiveBench: random.chance(0.3) ? 2 : nil, keeperFullPeriods: random.chance(0.7) ? true : nil,
                minStint: random.chance(0.3) ? 2 : nil)
            var instance = LineupInstance(match: match, formation: formation, players: players, rules: rules)
            if colours {
                instance.colourGroups = ColourGroupRules(colours: ["red", "blue"])
            } else {
                let id = players.first { $0.arrivesAt == nil && !$0.positions.contains("GK") }?.id
                instance.turnBased = TurnBasedRules(
                    queue: random.chance(0.4) ? id.map { [$0] } : nil,
                    changesPerWindow: random.chance(0.4) ? 1 : nil)
            }
            return instance
        }

        #if GLPK
            @Test(arguments: 1...24)
            func randomModesMatchExhaustiveSearch(_ seed: Int) throws {
                let instance = Self.randomModeCase(seed)
                let optimum = LineupTests.exhaustive(instance)
                let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .milp, timeLimitSeconds: 30))
                #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
                if let optimum {
                    #expect(report.status == .optimal)
                    #expect(report.objective == optimum, "seed \(seed): engine \(String(describing: report.objective)) vs exhaustive \(optimum)")
                } else {
                    #expect(report.status == .infeasible, "seed \(seed): exhaustive finds no plan")
                }
            }

            /// A generated squad in colour-group mode (three colours, two below ten players), as the lineup series
            /// makes them.
            static func colourSquad(size: Int, seed: UInt64) -> LineupInstance {
                // The colour structure is what these tests are about; position rules are tested on their own.
                var instance = LineupKind.generate(size: size, seed: seed).withoutDrawnRules
                instance.rules?.mode = .colourGroups
                let available = instance.players.filter(\.isAvailable).count
                instance.colourGroups = ColourGroupRules(colours: available >= 10 ? ["red", "blue", "green"] : ["red", "blue"])
                return instance
            }

            /// The counting check on colour schedules only drops schedules that hold no plan: the pattern engine with
            /// it and without it reaches the same status and the same objective on generated colour squads.
            @Test(arguments: [(8, 1), (8, 3), (10, 2), (10, 4), (12, 1), (12, 5)])
            func colourCountingCheckKeepsEveryPlan(_ size: Int, _ seed: Int) throws {
                let instance = Self.colourSquad(size: size, seed: UInt64(seed))
                let analysis = LineupAnalysis(instance)
                var outcomes: [LineupPatternSolver.Outcome] = []
                for check in [true, false] {
                    var space = LineupPatternSpace(analysis)
                    let enumerated = space.enumerate(colourCheck: check)
                    #expect(enumerated)
                    var options = SolveOptions()
                    options.tuning = LineupKind.patternTuning
                    outcomes.append(LineupPatternSolver.solve(space, solver: GLPKSolver(), start: nil, timeLimitSeconds: 30, options: options))
                }
                let (checked, unchecked) = (outcomes[0], outcomes[1])
                if unchecked.proven.allSatisfy({ $0 }) || unchecked.infeasible != nil {
                    #expect(checked.infeasible == nil || unchecked.infeasible != nil, "the check proved a feasible squad impossible")
                    #expect((checked.infeasible == nil) == (unchecked.infeasible == nil))
                    if let a = checked.plan, let b = unchecked.plan, checked.proven.allSatisfy({ $0 }) {
                        #expect(LineupVerifier.objective(instance, analysis.solution(a)) == LineupVerifier.objective(instance, analysis.solution(b)))
                    }
                }
                if let plan = checked.plan { #expect(LineupKind.verify(instance, analysis.solution(plan)).isEmpty) }
            }

            /// A turn-based squad with season balance (generated 16, seed 3): its spread windows are dozens and each
            /// dies in its LP; the LP over every pattern proves at once that no plan exists. The compact model agrees
            /// where it can finish: every window's LP is infeasible, and so is the whole.
            @Test func turnBasedSeasonSquadIsProvenInfeasibleByOneLP() throws {
                var instance = LineupKind.generate(size: 16, seed: 3)
                instance.rules?.mode = .turnBased
                #expect(instance.rules?.seasonBalance == true)
                let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .milp, timeLimitSeconds: 60))
                #expect(report.status == .infeasible)
                #expect(report.reason?.contains("over every pattern") == true, "\(report.reason ?? "")")
                #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
            }
        #endif

        /// The colour search gives the greedy a legal plan on squads of 14 and 16 whose colour structure a
        /// rotation cannot see (the MILP proves each of them optimal).
        @Test(arguments: [(14, 2), (16, 1), (16, 3)])
        func greedyFindsColourPlansForBigSquads(_ size: Int, _ seed: Int) throws {
            let instance = Self.colourSquad(size: size, seed: UInt64(seed))
            let analysis = LineupAnalysis(instance)
            // The round-robin deal breaks a rule on these squads; the colour search (bounded by its node budget
            // here, not by the clock, so that a slow debug build finds the same) does not.
            #expect(LineupGreedy.colourGroups(analysis).allSatisfy { !LineupKind.verify(instance, analysis.solution($0)).isEmpty })
            var space = LineupPatternSpace(analysis)
            let enumerated = space.enumerate(modeStructure: false)
            #expect(enumerated)
            var search = LineupColourSearch(space, seconds: 600)
            let listed = space.colourScheduleList(
                limit: LineupGreedy.colourSearchSchedules, partial: true, accept: { search.quickCheck($0) })
            let schedules = try #require(listed)
            let found = search.search(schedules: schedules)
            let plan = try #require(found)
            #expect(LineupKind.verify(instance, analysis.solution(plan)).isEmpty)
            // And through the engine, with the greedy's own time budget.
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy, timeLimitSeconds: 60))
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
        }

        /// A feasible squad the greedy rotation cannot fill is never reported infeasible: the pattern model finds
        /// (and proves) its plan, and with almost no time the status is `feasible` or `unknown`, never
        /// `infeasible`.
        @Test func feasibleHardSquadIsNeverInfeasible() throws {
            let instance = Self.hardSquad()
            #expect(LineupKind.impossibility(instance) == nil)
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .auto, timeLimitSeconds: 60))
            #expect(report.status == .optimal || report.status == .feasible)
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
            let rushed = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .auto, timeLimitSeconds: 0.01))
            #expect(rushed.status != .infeasible)
            #expect(Engine.verify(instance, report: rushed, kind: LineupKind.self).isEmpty)
            if rushed.status == .unknown {
                #expect(rushed.reason?.contains("nothing is proven") == true)
                #expect(rushed.solution?.brokenRules?.isEmpty == false)
            }
        }

        /// The pattern model's infeasibility proof when no counting argument applies: a formation that needs two
        /// DEF at once from players whose bench limit and stints cannot be interleaved.
        @Test func infeasibleByTheModelIsProven() throws {
            var instance = LineupTests.tiny(LineupRules(mode: .balanced))
            instance.locks = [
                LineupLock(player: "b", from: 5, to: 10, onField: true), LineupLock(player: "d", from: 0, to: 5, onField: true),
                LineupLock(player: "b", from: 0, to: 5, onField: true)
            ]
            // b and d both on in 0-5 at DEF with one DEF place and one GK: d or b keeps goal? Neither plays GK.
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .auto, timeLimitSeconds: 20))
            #expect(report.status == .infeasible)
            #expect(LineupTests.exhaustive(instance) == nil)
        }
    #endif

    /// The colour listing's cuts (one total per period, and the prefix check as it goes) drop only schedules the
    /// counting check refuses: the same schedules as the plain listing with the check at its leaves, on generated
    /// colour squads as generated (three colours, without the drawn rules) and, as in the lineup series, with
    /// every outfield player on every outfield position (four colours, every rule drawn).
    @Test(arguments: [(10, 2, false), (12, 1, false), (14, 1, false), (16, 2, false), (12, 5, true), (14, 3, true), (18, 1, true)])
    func colourListingCutsKeepEveryCheckedSchedule(_ size: Int, _ seed: Int, _ flexible: Bool) throws {
        let generated = LineupKind.generate(size: size, seed: UInt64(seed))
        var instance = flexible ? generated : generated.withoutDrawnRules
        instance.rules?.mode = .colourGroups
        instance.colourGroups = ColourGroupRules(colours: ["red", "blue", "green"] + (flexible ? ["yellow"] : []))
        if flexible {
            let outfield = instance.formation.filter { $0.key != "GK" && $0.value > 0 }.keys.sorted()
            for i in instance.players.indices where instance.players[i].positions != ["GK"] {
                instance.players[i].positions += outfield.filter { !instance.players[i].positions.contains($0) }
            }
        }
        var space = LineupPatternSpace(LineupAnalysis(instance))
        let enumerated = space.enumerate(modeStructure: false)
        #expect(enumerated)
        var plainCheck = LineupColourSearch(space, seconds: 600)
        let plain = try #require(space.colourScheduleList(accept: { plainCheck.quickCheck($0) }))
        var check = LineupColourSearch(space, seconds: 600)
        let cut = try #require(
            space.colourScheduleList(
                accept: { check.quickCheck($0) }, periodTotals: true,
                prune: { check.prefixCheck(masks: $0, sizes: $1, segment: $2) }))
        #expect(cut == plain, "\(cut.count) schedules with the cuts, \(plain.count) without")
    }

    /// `instances/lineups/u14-11v11-22-hard.json`: 11v11, 21 available players (one injured), a keeper-only
    /// player, minShare 0.5, minStint 2, maxConsecutiveBench 3, windows every 5 minutes. Feasible, and exactly
    /// tight: the fewest minutes the players' patterns allow fill the field.
    static func hardSquad() -> LineupInstance {
        let path = Repository.root.appendingPathComponent("instances/lineups/u14-11v11-22-hard.json")
        return try! JSONDecoder().decode(LineupInstance.self, from: Data(contentsOf: path))
    }
}
