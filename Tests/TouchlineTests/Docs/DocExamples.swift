// swift-format-ignore-file
// (not formatted: the documentation's code blocks are checked against this file line by line)
// The Swift examples of the DocC articles in Sources/Touchline/Touchline.docc, compiled and run here.
// `DocExampleTests` checks that every ```swift block of an article appears in this file verbatim.
import Foundation
import Touchline

enum DocExamples {
    // Lineup.md
    static func lineup() throws -> SolveReport<LineupKind> {
        let names = ["Ava", "Ben", "Cleo", "Dev", "Ema", "Finn", "Gus", "Hana", "Ivo", "Jade"]
        let players = names.enumerated().map { index, name in
            var player = LineupPlayer(id: "p\(index + 1)", positions: index < 2 ? ["GK", "DEF"] : ["DEF", "MID", "FWD"])
            player.name = name
            return player
        }
        let instance = LineupInstance(
            match: LineupMatch(periods: 2, periodMinutes: 20, substitutions: .init(everyMinutes: 5)),
            formation: ["GK": 1, "DEF": 2, "MID": 2, "FWD": 2],
            players: players,
            rules: LineupRules(mode: .balanced, minShare: 0.5))
        let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(timeLimitSeconds: 5))
        print(LineupKind.renderText(instance, report))
        return report
    }

    // Officials.md
    static func officials() throws -> SolveReport<OfficialsKind> {
        let kickOff = LocalDateTime("2026-11-21T14:25")!
        let instance = OfficialsInstance(
            venues: [Venue(id: "agars", name: "Agar's", group: "North"), Venue(id: "warres", name: "Warre's", group: "South")],
            travelMinutes: [TravelEntry(from: "North", to: "South", minutes: 15)],
            matches: [
                OfficialsMatch(id: "m1", start: kickOff, durationMinutes: 60, venue: "agars", teams: ["keate", "evans"], officials: 2),
                OfficialsMatch(id: "m2", start: kickOff + 80, durationMinutes: 60, venue: "warres", teams: ["hawtrey", "durnford"]),
            ],
            officials: [
                Official(id: "u1", name: "A. White", level: 2, teams: ["keate"]),
                Official(id: "u2", name: "B. Taylor", level: 1),
                Official(id: "u3", name: "C. Lee", level: 1),
            ])
        let report = try Engine.solve(instance, kind: OfficialsKind.self)
        for (match, crew) in report.solution?.assignments.sorted(by: { $0.key < $1.key }) ?? [] {
            print(match, crew)
        }
        return report
    }

    // Matchday.md
    static func matchday() throws -> SolveReport<MatchdayKind> {
        let kickOff = LocalDateTime("2026-11-21T14:25")!
        let instance = MatchdayInstance(
            pitches: [
                Pitch(id: "agars-1", name: "Agar's 1", group: "North", sizes: ["senior"]),
                Pitch(id: "warres", name: "Warre's", group: "South", sizes: ["senior", "junior"]),
            ],
            travelMinutes: [TravelEntry(from: "North", to: "South", minutes: 15)],
            matches: [
                MatchdayMatch(id: "m1", start: kickOff, durationMinutes: 60, size: "senior", teams: ["keate", "evans"]),
                MatchdayMatch(id: "m2", start: kickOff, durationMinutes: 50, size: "junior", teams: ["penn", "warre"]),
            ],
            officials: [Official(id: "u1", name: "A. White"), Official(id: "u2", name: "B. Taylor")])
        let report = try Engine.solve(instance, kind: MatchdayKind.self)
        print(MatchdayKind.renderText(instance, report))
        return report
    }

    // Standings.md
    static func standings() throws -> SolveReport<StandingsKind> {
        let instance = StandingsInstance(
            rules: "premier-league",
            teams: [StandingsTeam(id: "a", name: "Arsenal"), StandingsTeam(id: "b", name: "Brighton"), StandingsTeam(id: "c", name: "Chelsea")],
            results: [
                MatchResult(home: "a", away: "b", homeGoals: 2, awayGoals: 0),
                MatchResult(home: "b", away: "c", homeGoals: 1, awayGoals: 1),
                MatchResult(home: "c", away: "a", homeGoals: 3, awayGoals: 1),
            ],
            remaining: [RemainingMatch(home: "b", away: "a"), RemainingMatch(home: "a", away: "c")],
            analysis: StandingsAnalysisRequest(clinch: [1]))
        let report = try Engine.solve(instance, kind: StandingsKind.self)
        for row in report.solution?.table ?? [] { print(row.rank, row.team, row.points) }
        return report
    }

    // SolvingFromYourApp.md and Touchline.md: the async solve, watched and cancelled.
    static func watchAndCancel(_ instance: LineupInstance) async throws -> SolveReport<LineupKind> {
        let task = Task {
            try await Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(timeLimitSeconds: 10)) { event in
                // On the solving thread: .heuristic (greedy's plan), .levelStarted, .progress (incumbent, bound, gap,
                // nodes, seconds), .levelFinished. Hop to the main actor to show it.
                print(event)
            }
        }
        // The coach changed something: stop it.
        task.cancel()
        let report = try await task.value   // the best plan so far, or CancellationError when there is none yet
        return report
    }

    // SolvingFromYourApp.md: an app's own threads.
    static func ownThreads() throws -> SolveReport<LineupKind> {
        let instance = try LineupKind.decodeInstance(Data(contentsOf: DocExampleTests.root.appendingPathComponent("instances/lineups/quick-start.json")))
        let control = SolveControl { event in print(event) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { control.cancel() }
        let report = try Engine.solve(instance, kind: LineupKind.self, settings: RunSettings(control: control))
        return report
    }
}

// The README, Touchline.md and SolvingFromYourApp.md: loading an instance from a file.
func plan(squadAt path: String) throws -> SolveReport<LineupKind> {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let instance = try LineupKind.decodeInstance(data)   // TouchlineError.invalidInput lists every problem
    let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(timeLimitSeconds: 5))
    print(report.status, report.objective as Any)
    return report
}
