import Foundation
import Testing
import TouchlineMILP
import TouchlineTesting

@testable import Touchline

/// A tournament day (`matches`): every exact engine against exhaustive search over every day plan the verifier
/// accepts, the shipped day, validation paths, the verifier against tampered days, and the text.
@Suite struct LineupDayTests {
    static func game(_ minutes: Int = 10, status: [String: LineupPlayer.Status]? = nil, formation: [String: Int]? = nil) -> LineupDayMatch {
        LineupDayMatch(periods: 1, periodMinutes: minutes, substitutions: .init(everyMinutes: 5), formation: formation, status: status)
    }

    /// Four players, a keeper and one outfield place, two games of 10 minutes with a window every 5.
    static func tinyDay(_ rules: LineupRules, _ matches: [LineupDayMatch] = [game(), game()]) -> LineupInstance {
        var players = [
            LineupTests.player("a", ["GK", "DEF"]), LineupTests.player("b", ["DEF"]), LineupTests.player("c", ["DEF", "GK"]),
            LineupTests.player("d", ["DEF"])
        ]
        for (p, rating) in [3.0, 1, 2, 2].enumerated() { players[p].rating = rating }
        return LineupInstance(matches: matches, formation: ["GK": 1, "DEF": 1], players: players, rules: rules)
    }

    static var cases: [(String, LineupInstance)] {
        var cases: [(String, LineupInstance)] = []
        cases.append(("balanced", tinyDay(LineupRules(mode: .balanced, minShare: 0.5))))
        cases.append(("injured-in-one", tinyDay(LineupRules(mode: .balanced, minShare: 0.4), [game(), game(status: ["b": .injured])])))
        var season = tinyDay(LineupRules(mode: .balanced, seasonBalance: true))
        season.players[3].seasonMinutes = 10
        cases.append(("season", season))
        cases.append(("keepers-strength", tinyDay(LineupRules(mode: .balanced, keeperMaxShare: 0.5, strength: LineupStrength(balanced: true)))))
        cases.append(("pairs-stints", tinyDay(LineupRules(mode: .balanced, minStint: 2, apart: [["b", "d"]]), [game(), game(15)])))
        var locked = tinyDay(LineupRules(mode: .balanced, maxConsecutiveBench: 1))
        locked.locks = [LineupLock(player: "c", from: 0, to: 5, position: "GK", match: 2)]
        cases.append(("locks-bench", locked))
        // Hurt in the second game: out of `together` and `mustPlay` there (the partner plays on), held in the first.
        var hurt = tinyDay(LineupRules(mode: .balanced, together: [["b", "d"]]), [game(), game(status: ["b": .injured])])
        hurt.players[1].mustPlay = ["DEF"]
        cases.append(("hurt-together-mustPlay", hurt))
        cases.append(("infeasible", tinyDay(LineupRules(mode: .balanced, minShare: 0.9))))
        // Live re-plans: during the first game (its minutes so far count in the day's), during the second of
        // three (the first game's minutes too, and minShare over the whole day), and after a knock in the
        // first game (the player hurt then is out of the day's spread, though fit again now).
        var first = tinyDay(LineupRules(mode: .balanced, minShare: 0.5))
        first.state = LineupState(minute: 5, onField: ["a": "GK", "b": "DEF"], minutesPlayed: ["a": 5, "b": 5], match: 1)
        cases.append(("replan-first-game", first))
        var second = tinyDay(LineupRules(mode: .balanced, minShare: 0.4), [game(), game(), game(5)])
        second.state = LineupState(
            minute: 5, onField: ["c": "GK", "d": "DEF"], minutesPlayed: ["c": 5, "d": 5], match: 2,
            dayMinutesPlayed: ["a": 10, "b": 10])
        cases.append(("replan-second-game", second))
        var knock = tinyDay(LineupRules(mode: .balanced, keeperMaxShare: 0.5), [game(status: ["d": .injured]), game(), game(5)])
        knock.state = LineupState(
            minute: 5, onField: ["a": "GK", "d": "DEF"], minutesPlayed: ["a": 5, "d": 5], keeperMinutes: ["a": 5], match: 2,
            dayMinutesPlayed: ["a": 5, "b": 10, "c": 5])
        cases.append(("replan-after-knock", knock))
        return cases
    }

    /// The lexicographic optimum over every day plan the day's verifier accepts (`LineupOracle.solveDay`: every
    /// lineup of every segment of every match); nil when it accepts none.
    static func exhaustive(_ instance: LineupInstance) throws -> LineupObjective? {
        try #require(LineupOracle.solveDay(instance), "the day is too large to enumerate").objective
    }

    @Test(arguments: cases.map(\.0))
    func everyEngineMatchesExhaustiveSearch(_ name: String) throws {
        let instance = try #require(Self.cases.first { $0.0 == name }?.1)
        #expect(instance.issues().isEmpty, "\(instance.issues())")
        let optimum = try Self.exhaustive(instance)
        var methods: [InstanceOptions.Method] = [.builtin]
        #if GLPK
            methods.append(.milp)
        #endif
        // The day's pattern model (the default) and its compact model (`formulation: compact`), each by every
        // exact engine of the build.
        for method in methods {
            for formulation in [InstanceOptions.Formulation.auto, .compact] {
                let options = InstanceOptions(method: method, timeLimitSeconds: 20, formulation: formulation)
                let report = try Engine.solve(instance, kind: LineupKind.self, options: options)
                let label = "\(method) \(formulation.rawValue)"
                #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty, "\(label)")
                if let optimum {
                    #expect(report.status == .optimal, "\(label)")
                    #expect(report.objective == optimum, "\(label) \(String(describing: report.objective)) vs exhaustive \(optimum)")
                    #expect(report.solution?.matches?.count == instance.remainingDay().matches?.count)
                } else {
                    #expect(report.status == .infeasible, "\(label)")
                }
            }
        }
        let greedy = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(Engine.verify(instance, report: greedy, kind: LineupKind.self).isEmpty)
        if greedy.status == .feasible, let objective = greedy.objective {
            let optimum = try #require(optimum, "greedy found a plan where exhaustive search finds none")
            #expect(!LineupKind.isBetter(objective, than: optimum))
        }
    }

    /// The shipped day (4 games of 20 minutes, 10 players 7v7, keeper rules, strength and pairs) proven by GLPK
    /// and legal from the built-in solver; `minShare` holds over the day, not in each game.
    @Test func theShippedDayIsProvenAndLegal() throws {
        let url = Repository.root.appendingPathComponent("instances/lineups/u10-tournament-day.json")
        let instance = try JSONDecoder().decode(LineupInstance.self, from: Data(contentsOf: url))
        #expect(instance.isDay && instance.givenMatch == nil)
        var methods: [InstanceOptions.Method] = [.builtin]
        #if GLPK
            methods.append(.milp)
        #endif
        for method in methods {
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: method, timeLimitSeconds: 30))
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
            #expect(report.status == (method == .milp ? .optimal : report.status))
            #expect(report.status == .optimal || report.status == .feasible, "\(method)")
            let solution = try #require(report.solution)
            #expect(solution.matches?.count == 4)
            #expect(solution.segments.isEmpty)
            // The day's minutes are the sum of each game's, for every player.
            for player in instance.players {
                #expect(solution.minutes[player.id] == solution.matches!.reduce(0) { $0 + ($1.minutes[player.id] ?? 0) })
            }
        }
    }

    /// The greedy plans the shipped day (keeper minute rules in every game: at most half of a game in goal, a
    /// keeper also plays 5 minutes outfield): no construction knows those rules, so each game's keepers are
    /// chosen again around who is on (`LineupGreedy.repairKeepers`); the plan is legal, no better than the optimum.
    @Test func theGreedyPlansTheShippedDay() throws {
        let url = Repository.root.appendingPathComponent("instances/lineups/u10-tournament-day.json")
        let instance = try JSONDecoder().decode(LineupInstance.self, from: Data(contentsOf: url))
        let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
        #expect(report.status == .feasible)
        #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
        // One game alone: the rotation's own keeper breaks the rules; the repaired one keeps them.
        let game = LineupAnalysis(instance.dayPart(0, .asGiven))
        let rules = try #require(game.keeperMinuteRules)
        #expect(rules.cap == 10 && rules.minOutfield == 5)
        let rotations = (0...3).compactMap { LineupGreedy.rotation(game, lenient: false, benchWeight: $0) }
        #expect(!rotations.isEmpty)
        var repairedAny = false
        for rotation in rotations {
            guard let repaired = LineupGreedy.repairKeepers(game, rotation) else { continue }
            repairedAny = true
            let findings = LineupVerifier.check(game.instance, game.solution(repaired))
            #expect(!findings.broken.contains { $0.hasPrefix("keeper") }, "\(findings.broken)")
            #expect(findings.structural.isEmpty, "\(findings.structural)")
            // Who is on the field is the rotation's.
            for s in 0..<game.segmentCount {
                for p in 0..<game.playerCount { #expect(repaired.isOn(p, s) == rotation.isOn(p, s)) }
            }
        }
        #expect(repairedAny, "no keepers found for any rotation's lineups")
    }

    @Test func validationNamesThePathInTheDay() {
        var instance = Self.tinyDay(LineupRules(mode: .balanced))
        #expect(instance.issues().isEmpty)
        func found(_ instance: LineupInstance) -> [String] { instance.issues().map { "\($0.path): \($0.message)" } }
        instance.matches![1].periodMinutes = 0
        #expect(found(instance).contains { $0.hasPrefix("matches[1].periodMinutes:") }, "\(found(instance))")
        instance = Self.tinyDay(LineupRules(mode: .balanced))
        instance.matches![0].status = ["zed": .injured]
        #expect(found(instance).contains { $0.hasPrefix("matches[0].status.zed:") && $0.contains("unknown player") }, "\(found(instance))")
        instance = Self.tinyDay(LineupRules(mode: .balanced))
        instance.locks = [LineupLock(player: "a", from: 0, to: 5)]
        #expect(found(instance).contains { $0.hasPrefix("locks[0].match:") }, "\(found(instance))")
        instance.locks = [LineupLock(player: "a", from: 0, to: 5, match: 3)]
        #expect(found(instance).contains { $0.hasPrefix("locks[0].match:") && $0.contains("1 to 2") }, "\(found(instance))")
        instance.locks = [LineupLock(player: "b", from: 0, to: 5, position: "GK", match: 2)]
        #expect(found(instance).contains { $0.hasPrefix("locks[0].position:") }, "the match's own lock, at its path in the day: \(found(instance))")
        instance = Self.tinyDay(LineupRules(mode: .balanced))
        // A re-plan names the match in play, and the day's earlier minutes fit the matches played.
        instance.state = LineupState(minute: 5, onField: ["a": "GK", "b": "DEF"])
        #expect(found(instance).contains { $0.hasPrefix("state.match:") && $0.contains("match in play") }, "\(found(instance))")
        instance.state?.match = 3
        #expect(found(instance).contains { $0.hasPrefix("state.match:") && $0.contains("1 to 2") }, "\(found(instance))")
        instance.state?.match = 2
        #expect(found(instance).isEmpty, "\(found(instance))")
        instance.state?.dayMinutesPlayed = ["a": 11, "zed": 1]
        #expect(found(instance).contains { $0.hasPrefix("state.dayMinutesPlayed.a:") && $0.contains("0 to 10") }, "\(found(instance))")
        #expect(found(instance).contains { $0.hasPrefix("state.dayMinutesPlayed.zed:") && $0.contains("unknown player") }, "\(found(instance))")
        instance.state = LineupState(minute: 5, onField: ["a": "GK", "b": "DEF"], match: 1, dayMinutesPlayed: ["a": 5])
        #expect(found(instance).contains { $0.hasPrefix("state.dayMinutesPlayed.a:") && $0.contains("no match") }, "\(found(instance))")
        // The match in play's state is checked as that match's, named with it.
        instance.state = LineupState(minute: 12, onField: ["a": "GK", "b": "DEF"], match: 2)
        #expect(found(instance).contains { $0.hasPrefix("state.minute:") && $0.contains("Match 2") }, "\(found(instance))")
        // One match has no day fields in its state.
        var one = LineupTests.tiny(LineupRules(mode: .balanced))
        one.state = LineupState(minute: 5, onField: [:], match: 2, dayMinutesPlayed: ["a": 1])
        #expect(one.issues().contains { $0.path == "state.match" }, "\(one.issues())")
        #expect(one.issues().contains { $0.path == "state.dayMinutesPlayed" }, "\(one.issues())")
        instance = Self.tinyDay(LineupRules(mode: .balanced))
        instance.givenMatch = LineupMatch(periods: 1, periodMinutes: 10)
        #expect(found(instance).contains { $0.hasPrefix("matches:") && $0.contains("not both") }, "\(found(instance))")
        instance.matches = nil
        instance.givenMatch = nil
        #expect(found(instance).contains { $0.hasPrefix("match:") }, "\(found(instance))")
        // A player's own field, wrong in every match alike, is named once.
        instance = Self.tinyDay(LineupRules(mode: .balanced))
        instance.players[1].positions = ["STRIKER"]
        #expect(found(instance).filter { $0.hasPrefix("players[1].positions:") }.count == 1, "\(found(instance))")
    }

    /// A re-plan during the second game of three: the plan starts at that game (`fromMatch`), from the state's
    /// minute; the day's minutes are the first game's, the minutes so far and the plan's; the text says so.
    @Test func aReplanDuringTheDayPlansWhatIsLeft() throws {
        let instance = try #require(Self.cases.first { $0.0 == "replan-second-game" }?.1)
        let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .builtin, timeLimitSeconds: 20))
        #expect(report.status == .optimal)
        let solution = try #require(report.solution)
        #expect(solution.fromMatch == 2)
        let games = try #require(solution.matches)
        #expect(games.count == 2)
        #expect(games[0].segments.first?.start == 5 && games[1].segments.first?.start == 0)
        for player in instance.players {
            let planned = games.reduce(0) { total, game in
                total + game.segments.filter { $0.onField[player.id] != nil }.reduce(0) { $0 + $1.end - $1.start }
            }
            let before = (instance.state?.dayMinutesPlayed?[player.id] ?? 0) + (instance.state?.minutesPlayed?[player.id] ?? 0)
            #expect(solution.minutes[player.id] == before + planned, "\(player.id)")
        }
        // minShare 0.4 of the day's 25 minutes: 10 each, the first game's minutes counted.
        #expect(instance.players.allSatisfy { (solution.minutes[$0.id] ?? 0) >= 10 })
        // A plan for the whole day, or one that leaves the minutes so far out, is not this re-plan's.
        var wrong = solution
        wrong.fromMatch = nil
        #expect(LineupKind.verify(instance, wrong).contains { $0.hasPrefix("fromMatch:") })
        wrong = solution
        for player in instance.players { wrong.minutes[player.id]! -= instance.state?.dayMinutesPlayed?[player.id] ?? 0 }
        #expect(!LineupKind.verify(instance, wrong).isEmpty)
        let text = LineupKind.renderText(instance, report)
        #expect(text.contains("2 of 3 matches to play, re-planned during Match 2 at minute 5"), "\(text)")
        #expect(text.contains("== Match 2:") && text.contains("== Match 3:") && !text.contains("== Match 1:"), "\(text)")
        #expect(text.contains("   M1   M2   M3   day"), "the played game's minutes first: \(text)")
    }

    @Test func aDayRoundTripsAsJSONWithoutMatch() throws {
        let instance = Self.tinyDay(LineupRules(mode: .balanced))
        let data = try JSONEncoder().encode(instance)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["match"] == nil && object["matches"] != nil)
        let back = try JSONDecoder().decode(LineupInstance.self, from: data)
        #expect(back.matches == instance.matches && back.givenMatch == nil)
    }

    /// The verifier re-derives the day from the matches: day minutes that are not their sum, a plan missing a
    /// match, and `minShare` short over the day are each found.
    @Test func theVerifierFindsWhatTheDayGetsWrong() throws {
        let instance = Self.tinyDay(LineupRules(mode: .balanced, minShare: 0.5))
        let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .builtin, timeLimitSeconds: 20))
        let solution = try #require(report.solution)
        #expect(LineupKind.verify(instance, solution).isEmpty)
        var wrongMinutes = solution
        wrongMinutes.minutes["a"]! += 5
        #expect(LineupKind.verify(instance, wrongMinutes).contains { $0.contains("over the day's matches") })
        var missing = solution
        missing.matches!.removeLast()
        #expect(LineupKind.verify(instance, missing).contains { $0.contains("a plan for each of the 2 matches") })
        // The same plan under a share it does not reach over the day: a broken rule naming the day.
        var stricter = instance
        stricter.rules?.minShare = 0.8
        let broken = LineupVerifier.check(stricter, solution).broken
        #expect(broken.contains { $0.hasPrefix("minShare:") && $0.contains("over the day") }, "\(broken)")
        // A game's own rule is checked in that game, named by it.
        var locked = instance
        let onInSecond = try #require(solution.matches?[1].segments.first?.onField.keys.sorted().first)
        locked.locks = [LineupLock(player: onInSecond, from: 0, to: 5, onField: false, match: 2)]
        #expect(
            LineupVerifier.check(locked, solution).broken.contains { $0.hasPrefix("Match 2: ") }, "\(LineupVerifier.check(locked, solution).broken)")
    }

    @Test func theTextPrintsEveryMatchAndTheDaysMinutes() throws {
        let instance = Self.tinyDay(LineupRules(mode: .balanced), [Self.game(), Self.game(status: ["b": .injured])])
        let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .builtin, timeLimitSeconds: 20))
        let text = LineupKind.renderText(instance, report)
        #expect(text.hasPrefix("Tournament day (balanced), 2 matches: optimal"))
        #expect(text.contains("== Match 1: 1 × 10 min ==") && text.contains("== Match 2: 1 × 10 min =="))
        let table = try #require(text.split(separator: "\n").last { $0.hasPrefix("b ") })
        #expect(table.contains("x"), "b is injured in the second match: \(table)")
        #expect(text.contains("The day's minutes"))
    }
}
