import Foundation
import Testing
import TouchlineMILP
import TouchlineSearch
import TouchlineTesting

@testable import Touchline

/// The table against the official orders of real seasons (and what the wrong rule would give instead), the
/// tie-break policies, and best/worst ranks against enumerating every remaining result.
@Suite struct StandingsTests {
    static let folder = Repository.root.appendingPathComponent("instances/standings")

    static var expected: [String: [String: String]] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("expected.json")),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
        else { return [:] }
        return object.compactMapValues { $0["positions"] as? [String: String] }
    }

    static func load(_ name: String) throws -> StandingsInstance {
        try JSONDecoder().decode(StandingsInstance.self, from: Data(contentsOf: folder.appendingPathComponent(name + ".json")))
    }

    static func table(_ instance: StandingsInstance) -> [TableRow] {
        StandingsKind.table(instance).0.table
    }

    @Test func everyShippedInstanceHasItsOfficialOrder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".json") && $0 != "expected.json" }.map { String($0.dropLast(5)) }
        #expect(Set(files) == Set(Self.expected.keys))
        #expect(files.count == 28)
    }

    @Test(arguments: expected.keys.sorted())
    func reproducesTheOfficialOrder(_ name: String) throws {
        let instance = try Self.load(name)
        #expect(StandingsKind.validate(instance).isEmpty)
        let rows = Self.table(instance)
        for (position, team) in Self.expected[name]! {
            let row = try #require(rows.first { $0.team == team })
            #expect(row.rank == Int(position)!, "\(team): rank \(row.rank), officially \(position)")
        }
        let solution = StandingsKind.table(instance).0
        #expect(StandingsKind.verify(instance, solution).isEmpty)
    }

    /// The rule that decided each case matters: the wrong rule gives the wrong order.
    @Test func theWrongRuleGivesTheWrongOrder() throws {
        var euro = try Self.load("euro-2024-group-e")
        euro.headToHeadReapply = "immediately"
        #expect(Self.table(euro).first?.team == "belgium")  // restarting at once puts Belgium first; UEFA: Romania

        var serieA = try Self.load("serie-a-2022-23")
        serieA.playoffs = nil
        #expect(Self.table(serieA).first { $0.rank == 17 }?.team == "spezia-calcio")  // the avulsa alone

        var laLiga = try Self.load("la-liga-2006-07")
        laLiga.rules = "premier-league"
        #expect(Self.table(laLiga).first?.team == "barcelona")  // goal difference first

        var italia = try Self.load("serie-a-2018-19")
        italia.tieBreakers = ["points", "goalDifference", "goalsFor"]
        let byGoals = Self.table(italia)
        #expect(byGoals.firstIndex { $0.team == "acf-fiorentina" }! < byGoals.firstIndex { $0.team == "parma-calcio-1913" }!)
    }

    @Test func withoutAnOrderForTheLotsTeamsShareTheirPosition() throws {
        var instance = try Self.load("world-cup-1990-group-f")
        instance.lots = nil
        let (solution, warnings) = StandingsKind.table(instance)
        let ireland = try #require(solution.table.first { $0.team == "ireland" })
        let netherlands = try #require(solution.table.first { $0.team == "netherlands" })
        #expect(ireland.rank == 2 && netherlands.rank == 2)
        #expect(solution.table.last?.rank == 4)  // competition ranks 1, 2, 2, 4
        #expect(solution.table.first { $0.rank == 2 && $0.decidedBy == nil } != nil)
        #expect(warnings.contains { $0.contains("drawing of lots is needed between ireland, netherlands") })
        #expect(StandingsKind.verify(instance, solution).isEmpty)
    }

    @Test func decidedByNamesTheCriterionAndItsValues() throws {
        let instance = try Self.load("la-liga-2006-07")
        let rows = Self.table(instance)
        #expect(rows[0].team == "real-madrid" && rows[0].decidedBy == "headToHeadPoints" && rows[0].decidedValues == [4, 1])
        let text = StandingsKind.renderText(instance, SolveReport(problem: "standings", status: .optimal, solution: StandingsKind.table(instance).0))
        #expect(text.contains("above Barcelona on head-to-head points (4 v 1)"))
        #expect(text.contains("above Mallorca on head-to-head goal difference (+1 v -1)"))
    }

    /// Two teams level on points: their own match decides under every policy (the policies differ only when
    /// three or more are level, as in Euro 2024 Group E above), and ranks and decidedBy follow.
    @Test func twoTeamsLevelGoByTheirOwnMatch() {
        let teams = ["a", "b", "c", "d"].map { StandingsTeam(id: $0) }
        let results = [
            MatchResult(home: "a", away: "b", homeGoals: 0, awayGoals: 2),  // b beat a
            MatchResult(home: "a", away: "c", homeGoals: 3, awayGoals: 2),
            MatchResult(home: "a", away: "d", homeGoals: 1, awayGoals: 1),
            MatchResult(home: "b", away: "c", homeGoals: 0, awayGoals: 1),
            MatchResult(home: "b", away: "d", homeGoals: 0, awayGoals: 0),
            MatchResult(home: "c", away: "d", homeGoals: 1, awayGoals: 2)
        ]
        // Points: d 5, a 4, b 4, c 3. b won 2-0 at a, so head-to-head first puts b above a; a scored 4 goals
        // and b 2, so goals scored first puts a above b.
        for policy in ["none", "afterBlock", "immediately"] {
            let instance = StandingsInstance(
                tieBreakers: ["points", "headToHeadPoints", "goalDifference"], headToHeadReapply: policy, teams: teams, results: results)
            let rows = Self.table(instance)
            #expect(rows.map(\.team) == ["d", "b", "a", "c"], "\(policy)")
            #expect(rows[1].decidedBy == "headToHeadPoints" && rows[1].decidedValues == [3, 0])
            #expect(rows.map(\.rank) == [1, 2, 3, 4])
        }
        let goalsFirst = StandingsInstance(tieBreakers: ["points", "goalsFor", "headToHeadPoints"], teams: teams, results: results)
        #expect(Self.table(goalsFirst).map(\.team) == ["d", "a", "b", "c"])
    }

    // MARK: analysis

    /// 6 teams, some played matches, up to 8 remaining.
    static func tinyLeague(seed: UInt64) -> StandingsInstance {
        var random = SeededRandom(seed: seed)
        let teams = (0..<6).map { StandingsTeam(id: "t\($0)") }
        var pairs: [(Int, Int)] = []
        for home in 0..<6 { for away in 0..<6 where home != away { pairs.append((home, away)) } }
        var results: [MatchResult] = []
        var remaining: [RemainingMatch] = []
        let remainingCount = 4 + random.int(below: 5)
        for (home, away) in pairs {
            if remaining.count < remainingCount && random.int(below: 5) == 0 {
                remaining.append(RemainingMatch(home: "t\(home)", away: "t\(away)"))
            } else if random.int(below: 3) > 0 {
                results.append(MatchResult(home: "t\(home)", away: "t\(away)", homeGoals: random.int(below: 4), awayGoals: random.int(below: 3)))
            }
        }
        var instance = StandingsInstance(
            points: seed % 3 == 0 ? PointsSystem(win: 2, draw: 1, loss: 0) : PointsSystem(), rules: "premier-league",
            teams: teams, results: results, remaining: remaining, analysis: StandingsAnalysisRequest(positions: true, clinch: [1, 3, 5]))
        if seed % 4 == 1 { instance.adjustments = [PointsAdjustment(team: "t2", points: -3)] }
        return instance
    }

    /// Every combination of results of the remaining matches: the best and worst rank of each team on points.
    static func enumerate(_ instance: StandingsInstance) -> [String: (best: Int, worst: Int)] {
        let race = StandingsKind.race(instance)
        var answers: [String: (best: Int, worst: Int)] = [:]
        let count = race.remaining.count
        var outcomes = Array(repeating: PointsRace.Outcome.home, count: count)
        let total = Int(pow(3.0, Double(count)))
        for code in 0..<total {
            var rest = code
            for index in 0..<count {
                outcomes[index] = [.home, .draw, .away][rest % 3]
                rest /= 3
            }
            let points = race.finals(outcomes)
            for (team, id) in instance.teams.map(\.id).enumerated() {
                let above = points.indices.filter { $0 != team && points[$0] > points[team] }.count
                let level = points.indices.filter { $0 != team && points[$0] >= points[team] }.count
                let old = answers[id] ?? (Int.max, 0)
                answers[id] = (min(old.best, above + 1), max(old.worst, level + 1))
            }
        }
        return answers
    }

    #if GLPK
        @Test(arguments: 0..<24)
        func milpMatchesEnumeration(seed: Int) throws {
            let instance = Self.tinyLeague(seed: UInt64(700 + seed))
            #expect(StandingsKind.validate(instance).isEmpty)
            let truth = Self.enumerate(instance)
            let report = try Engine.solve(instance, kind: StandingsKind.self, options: InstanceOptions(method: .milp))
            #expect(report.status == .optimal)
            let analysis = try #require(report.solution?.analysis)
            #expect(analysis.count == 6)
            for entry in analysis {
                let (best, worst) = truth[entry.team]!
                #expect(entry.bestRank == best, "\(entry.team) best")
                #expect(entry.worstRank == worst, "\(entry.team) worst")
                #expect(entry.proven)
            }
            #expect(Engine.verify(instance, report: report, kind: StandingsKind.self).isEmpty)
        }

        /// The combined model of every question (what `export` writes) has the same optimum as the answers.
        @Test func exportedModelAgreesWithTheAnswers() throws {
            let instance = Self.tinyLeague(seed: 705)
            let truth = Self.enumerate(instance)
            let formulation = StandingsKind.formulate(instance)
            let solver = try #require(Solvers.default)
            let result = solver.solve(formulation.model, options: SolveOptions(timeLimitSeconds: 10))
            #expect(result.stopReason == .optimal)
            let expected = truth.values.reduce(0) { $0 + ($1.best - 1) - ($1.worst - 1) }
            #expect(Int(result.objectiveValues[0].rounded()) == expected)
            let decoded = formulation.decode(try #require(result.solution))
            #expect(StandingsKind.verify(instance, decoded).isEmpty)
        }

        /// `export` works for every shipped standings instance, the finished tables included: their model has no
        /// columns (every answer is fixed before solving) and once crashed the LP writer.
        @Test func everyShippedStandingsInstanceExports() throws {
            let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
                .filter { $0.hasSuffix(".json") && $0 != "expected.json" }
            #expect(!files.isEmpty)
            for file in files.sorted() {
                let data = try Data(contentsOf: Self.folder.appendingPathComponent(file))
                for format in [ModelFileFormat.lp, .mps] {
                    let text = try JSONFrontEnd.export(data, format: format)
                    #expect(text.contains(format == .lp ? "End" : "ENDATA"), "\(file) \(format)")
                }
            }
        }

        /// Premier League 2011-12 after 30 of 38 rounds: every team's real final place lies between its best and
        /// worst rank, the champions could still finish first, and no one had the title or relegation settled.
        @Test func premierLeagueAfterThirtyRounds() throws {
            let data = try Data(contentsOf: Self.folder.appendingPathComponent("analysis/premier-league-2011-12-after-30.json"))
            let instance = try JSONDecoder().decode(StandingsInstance.self, from: data)
            let report = try Engine.solve(instance, kind: StandingsKind.self)
            #expect(report.status == .optimal)
            let analysis = try #require(report.solution?.analysis)
            let final = Self.table(try Self.load("premier-league-2011-12"))
            for row in final {
                let entry = try #require(analysis.first { $0.team == row.team })
                // The real outcome is one scenario: 1 + teams with more points <= its rank <= 1 + teams with as many.
                #expect(entry.bestRank <= row.rank && row.rank <= entry.worstRank, "\(row.team) finished \(row.rank)")
            }
            let city = try #require(analysis.first { $0.team == "manchester-city" })
            #expect(city.canFinishFirst && city.clinch["1"] == "open")
            #expect(analysis.allSatisfy { $0.clinch["1"] != "clinched" })
            #expect(analysis.filter { $0.clinch["17"] == "clinched" }.count == 6)
            #expect(Engine.verify(instance, report: report, kind: StandingsKind.self).isEmpty)
        }
    #endif

    @Test(arguments: 0..<12)
    func greedyIsABoundAndProvenOnlyWhenExact(seed: Int) throws {
        let instance = Self.tinyLeague(seed: UInt64(900 + seed))
        let truth = Self.enumerate(instance)
        let solution = try #require(StandingsKind.greedy(instance))
        #expect(StandingsKind.verify(instance, solution).isEmpty)
        for entry in solution.analysis ?? [] {
            let (best, worst) = truth[entry.team]!
            #expect(entry.bestRank >= best && entry.worstRank <= worst)
            if entry.proven { #expect(entry.bestRank == best && entry.worstRank == worst) }
        }
    }

    @Test func verifierCatchesTamperedResults() throws {
        let instance = Self.tinyLeague(seed: 703)
        let solution = try #require(StandingsKind.greedy(instance))
        #expect(StandingsKind.verify(instance, solution).isEmpty)
        var wrongRecord = solution
        wrongRecord.table[0].won += 1
        var wrongRank = solution
        wrongRank.table[1].rank = 5
        var swapped = solution
        swapped.table.swapAt(0, swapped.table.count - 1)
        var wrongCriterion = solution
        wrongCriterion.table[0].decidedBy = "lots"
        var wrongWitness = solution
        wrongWitness.analysis![0].bestRank += 1
        var wrongClinch = solution
        wrongClinch.analysis![0].clinch["1"] = wrongClinch.analysis![0].clinch["1"] == "open" ? "clinched" : "open"
        var dropped = solution
        dropped.table.removeLast()
        for (name, tampered) in [
            ("record", wrongRecord), ("rank", wrongRank), ("order", swapped), ("criterion", wrongCriterion),
            ("witness", wrongWitness), ("clinch", wrongClinch), ("dropped", dropped)
        ] {
            #expect(!StandingsKind.verify(instance, tampered).isEmpty, "\(name) not caught")
        }
    }

    @Test func badInputNamesThePath() throws {
        let json = #"""
            {"problem": "standings", "points": {"win": 1, "draw": 2, "loss": 0}, "rules": "la-ligue",
             "tieBreakers": ["points", "goalDiff"], "headToHeadReapply": "sometimes",
             "teams": [{"id": "a"}, {"id": "b"}, {"id": "a"}],
             "results": [{"home": "a", "away": "zz", "homeGoals": 1, "awayGoals": -1}],
             "playoffs": [{"teams": ["a", "b"], "winner": "c"}],
             "remaining": [{"home": "b", "away": "b"}], "analysis": {"clinch": [0]}}
            """#
        guard case let .failure(error) = StandingsKind.decodeValidInstance(Data(json.utf8)) else {
            Issue.record("accepted")
            return
        }
        let paths = Set(error.issues.map(\.path))
        for path in [
            "points", "rules", "tieBreakers[1]", "headToHeadReapply", "teams[2].id", "results[0].away",
            "results[0].awayGoals", "playoffs[0].winner", "remaining[0]", "analysis.clinch[0]"
        ] {
            #expect(paths.contains(path), "\(path) missing from \(paths)")
        }
    }

    /// The printable table: every team by name, the deciding criterion in words, the analysis marks.
    @Test func htmlTableSaysWhyAndMarksClinches() throws {
        let root = Repository.root
        let liga = try Data(contentsOf: root.appendingPathComponent("instances/standings/la-liga-2006-07.json"))
        let page = try JSONFrontEnd.solve(liga, format: .html)
        #expect(page.status == .optimal)
        #expect(page.output.hasPrefix("<!DOCTYPE html>") && !page.output.contains("<script"))
        #expect(page.output.contains("above Barcelona on head-to-head points (4 v 1)"))
        let instance = try JSONDecoder().decode(StandingsInstance.self, from: liga)
        for team in instance.teams { #expect(page.output.contains(HTMLPage.escape(team.displayName))) }
        let analysis = try Data(contentsOf: root.appendingPathComponent("instances/standings/analysis/premier-league-2011-12-after-30.json"))
        let marks = try JSONFrontEnd.solve(analysis, format: .html).output
        #expect(marks.contains("Best and worst final rank"))
        #expect(marks.contains("<td class=\"yes\">clinched</td>"))
    }
}
