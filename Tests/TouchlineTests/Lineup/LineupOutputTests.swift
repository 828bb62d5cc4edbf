import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// What a coach reads: every change a window makes (substitutions with the position left, position moves, who
/// takes over in goal) in the JSON and the text chart, the chart's width, and golden files of the chart.
@Suite struct LineupOutputTests {
    static let root = Repository.root

    static func load(_ name: String) throws -> LineupInstance {
        try JSONDecoder().decode(LineupInstance.self, from: Data(contentsOf: root.appendingPathComponent("instances/lineups/\(name).json")))
    }

    static func greedy(_ instance: LineupInstance) throws -> SolveReport<LineupKind> {
        try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy))
    }

    /// The position of every player before segment `s` (the live state before the first planned segment).
    static func before(_ instance: LineupInstance, _ solution: LineupSolution, _ s: Int) -> [String: String]? {
        if s > 0 { return solution.segments[s - 1].onField }
        guard let state = instance.state, state.minute > 0 else { return nil }
        return state.onField
    }

    /// Every shipped plan: `moves` are exactly the position changes of players who stay on, each substitution
    /// names the position its player left, and whoever is in goal after a window came on there or moved there.
    @Test(arguments: LineupTests.shipped)
    func everyChangeOfAWindowIsListed(_ path: String) throws {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let instance = try Self.load(name)
        let solution = try #require(try Self.greedy(instance).solution)
        // A tournament day: each match's plan, against that match.
        if let games = solution.matches {
            for (m, game) in games.enumerated() { try Self.checkChanges(instance.dayPart(m, .perMatch), game, "\(name) match \(m + 1)") }
        } else {
            try Self.checkChanges(instance, solution, name)
        }
    }

    static func checkChanges(_ instance: LineupInstance, _ solution: LineupSolution, _ name: String) throws {
        let moves = try #require(solution.moves)
        var expected: [LineupMove] = []
        for (s, segment) in solution.segments.enumerated() {
            guard let before = Self.before(instance, solution, s) else { continue }
            for player in instance.players {
                if let from = before[player.id], let to = segment.onField[player.id], from != to {
                    expected.append(LineupMove(minute: segment.start, player: player.id, from: from, to: to))
                }
            }
            for sub in solution.substitutions where sub.minute == segment.start {
                if let off = sub.off { #expect(sub.offPosition == before[off], "\(name) \(segment.start)': \(off)") }
            }
            let keeperBefore = before.first { $0.value == "GK" }?.key
            if let keeper = segment.onField.first(where: { $0.value == "GK" })?.key, keeper != keeperBefore {
                let cameOn = solution.substitutions.contains { $0.minute == segment.start && $0.on == keeper && $0.position == "GK" }
                let moved = moves.contains { $0.minute == segment.start && $0.player == keeper && $0.to == "GK" }
                #expect(cameOn || moved, "\(name) \(segment.start)': who takes over in goal is not listed")
            }
        }
        #expect(moves == expected, "\(name)")
    }

    @Test func verifierChecksMovesAndPositionsLeft() throws {
        let instance = try Self.load("u14-11v11-22-every5")
        let solution = try #require(try Self.greedy(instance).solution)
        #expect(LineupKind.verify(instance, solution).isEmpty)
        let moves = try #require(solution.moves)
        try #require(!moves.isEmpty, "this plan moves players")
        var missing = solution
        missing.moves!.removeFirst()
        #expect(LineupKind.verify(instance, missing).contains { $0.hasPrefix("moves at minute") }, "a move left out")
        var invented = solution
        invented.moves!.append(LineupMove(minute: moves[0].minute, player: moves[0].player, from: moves[0].to, to: moves[0].from))
        #expect(LineupKind.verify(instance, invented).contains { $0.hasPrefix("moves at minute") }, "a move that did not happen")
        var offPosition = solution
        let index = try #require(offPosition.substitutions.firstIndex { $0.off != nil && $0.offPosition != "GK" })
        offPosition.substitutions[index].offPosition = "GK"
        #expect(LineupKind.verify(instance, offPosition).contains { $0.contains("is listed as leaving GK") }, "a wrong position left")
        var elsewhere = solution
        elsewhere.moves!.append(LineupMove(minute: 1, player: moves[0].player, from: "DEF", to: "MID"))
        #expect(LineupKind.verify(instance, elsewhere).contains { $0.hasPrefix("moves: an entry at a minute") })
    }

    /// The grid lines of a chart: from the period header to the last player row of each block.
    static func gridLines(_ text: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let end = lines.firstIndex(where: { $0.hasPrefix("Cells:") }) else { return [] }
        return Array(lines[3..<end])
    }

    static func chart(_ instance: LineupInstance) throws -> String {
        try JSONFrontEnd.solve(try JSONEncoder().encode(instance), options: InstanceOptions(method: .greedy), format: .text).output
    }

    /// At most 80 columns for every shipped chart (the 22-player 11v11 with 14 windows among them), each
    /// player once per block, with the half-time marker and the keeper's spells.
    @Test(arguments: LineupTests.shipped)
    func chartFitsEightyColumns(_ path: String) throws {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let instance = try Self.load(name)
        let text = try Self.chart(instance)
        let grid = Self.gridLines(text)
        #expect(!grid.isEmpty, "\(name): no grid")
        for line in grid { #expect(line.count <= 80, "\(name): \(line.count) columns: \(line)") }
        for player in instance.players {
            #expect(grid.contains { $0.contains(player.displayName) }, "\(name): \(player.displayName) missing")
        }
        if instance.match.periods == 2, instance.state == nil {
            #expect(text.contains("2nd half"), "\(name): no half-time marker")
        }
        if instance.formation["GK"] != nil { #expect(text.contains("In goal: "), "\(name)") }
    }

    /// Four quarters with a window every 2 minutes and long names: the chart wraps into blocks of whole
    /// quarters, every line within 80 columns, every player and their minutes in each block.
    @Test func wideChartsWrapIntoBlocks() throws {
        let names = ["Alexandra", "Bartholomew", "Christabel", "Demetrius", "Evangeline", "Florentino", "Gwendolyn", "Hieronymus"]
        let instance = LineupInstance(
            match: LineupMatch(periods: 4, periodMinutes: 8, substitutions: .init(everyMinutes: 2)),
            formation: ["GK": 1, "DEF": 2, "FWD": 2],
            players: names.enumerated().map { i, name in
                var player = LineupPlayer(id: "p\(i)", positions: i == 0 ? ["GK"] : ["DEF", "FWD"])
                player.name = "\(name) Montgomery-Smythe"
                player.number = i + 1
                return player
            })
        let text = try Self.chart(instance)
        let grid = Self.gridLines(text)
        for line in grid { #expect(line.count <= 80, "\(line.count) columns: \(line)") }
        let blocks = grid.split(separator: "", omittingEmptySubsequences: true)
        #expect(blocks.count >= 2, "16 segments of 2 minutes do not fit 80 columns with names")
        for block in blocks {
            #expect(block.count == 3 + names.count, "header, minutes, rule and one row per player")
            #expect(block.first?.hasPrefix(String(repeating: " ", count: 8)) == true)
            #expect(block.first?.contains("Q") == true, "each block starts at a quarter")
            let solution = try #require(try Self.greedy(instance).solution)
            for (i, player) in instance.players.enumerated() {
                let row = try #require(block.first { $0.hasPrefix("\(i + 1) \(names[i].prefix(3))") }, "\(names[i]) missing")
                #expect(row.hasSuffix(" \(solution.minutes[player.id]!)"), "\(row)")
            }
        }
    }

    /// Golden files of the greedy chart (deterministic): `TOUCHLINE_UPDATE_GOLDEN=1 swift test` rewrites them.
    @Test(arguments: ["u14-11v11-22-every5", "u12-overtime-season", "u10-live-injury", "u12-injured-late", "u10-turn-based"])
    func chartMatchesGoldenFile(_ name: String) throws {
        let text = try Self.chart(try Self.load(name))
        let golden = Self.root.appendingPathComponent("Tests/Golden/lineup-\(name).txt")
        if ProcessInfo.processInfo.environment["TOUCHLINE_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == expected, "the chart of \(name) changed; rerun with TOUCHLINE_UPDATE_GOLDEN=1 if on purpose")
    }

    /// Names reach the page as text, never as markup; the page has no scripts and fetches nothing; a format
    /// the kind does not write (standings as CSV) is a usage error before anything is solved.
    @Test func htmlPageIsSelfContainedAndEscapesNames() throws {
        var instance = try Self.load("u10-7v7")
        instance.players[0].name = "<script>alert('x')</script> & \"Ava\""
        let output = try JSONFrontEnd.solve(try JSONEncoder().encode(instance), options: InstanceOptions(method: .greedy), format: .html)
        #expect(output.status == .feasible || output.status == .optimal)
        let page = output.output
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(!page.contains("<script"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Ava&quot;"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("@import") && !page.contains("url("))
        for player in instance.players.dropFirst() { #expect(page.contains(player.displayName)) }
        #expect(page.contains("Half-time – 2nd half"))
        #expect(page.components(separatedBy: "<section class=\"page\">").count == 4, "chart, team sheets, changes")

        let standings = try Data(contentsOf: Self.root.appendingPathComponent("instances/standings/world-cup-2018-group-a.json"))
        #expect(throws: TouchlineError.self) { try JSONFrontEnd.solve(standings, options: InstanceOptions(method: .greedy), format: .csv) }
        do {
            _ = try JSONFrontEnd.solve(standings, options: InstanceOptions(method: .greedy), format: .csv)
        } catch {
            guard case .formatUnavailable(.csv, kind: "standings") = error else {
                Issue.record("expected formatUnavailable, got \(error)")
                return
            }
            #expect(error.description == "the standings kind has no spreadsheet; csv is for match-day plans (officials, pitches, matchday)")
        }
    }

    @Test func cssColoursFromInstancesAreWordsOrHex() {
        #expect(HTMLPage.cssColour("red") == "red")
        #expect(HTMLPage.cssColour("#0a0") == "#0a0")
        #expect(HTMLPage.cssColour("#00aa00") == "#00aa00")
        #expect(HTMLPage.cssColour("red;background:url(x)") == "grey")
        #expect(HTMLPage.cssColour("") == "grey")
    }
}
