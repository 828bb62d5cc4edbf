import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// `suggestions`: for a squad proven infeasible, the change of one rule value that makes a plan exist. Each
/// suggestion is checked here without the code that made it: the test writes the suggested value into the
/// instance's JSON at the suggestion's path, solves the changed squad and verifies its plan; where the
/// suggestion claims to be the smallest change, the next value towards the original is solved too and must be
/// proven infeasible.
@Suite struct LineupSuggestionTests {
    static func json(_ name: String) throws -> [String: Any] {
        let url = Repository.root.appendingPathComponent("instances/lineups/\(name).json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func decode(_ json: [String: Any]) throws -> LineupInstance {
        try JSONDecoder().decode(LineupInstance.self, from: JSONSerialization.data(withJSONObject: json))
    }

    /// The JSON value of a suggested value (nil: the field removed).
    static func value(_ value: SuggestionValue) -> Any? {
        switch value {
        case .integer(let v): v
        case .number(let v): v
        case .bool(let v): v
        case .strings(let v): v
        case .absent: nil
        }
    }

    /// `json` with the value at `path` (`rules.minShare`, `players[3].minMinutes`, `locks[0]`,
    /// `rules.maxStintMinutes.FWD`) set, or removed for nil (an array element removed from its array).
    static func setting(_ path: String, to newValue: Any?, in json: Any) throws -> Any {
        guard let first = path.split(separator: ".", maxSplits: 1).first else { return json }
        let rest = path.count > first.count ? String(path.dropFirst(first.count + 1)) : ""
        var key = String(first)
        var index: Int? = nil
        if let open = key.firstIndex(of: "["), key.hasSuffix("]") {
            index = Int(key[key.index(after: open)..<key.index(before: key.endIndex)])
            key = String(key[..<open])
        }
        var object = try #require(json as? [String: Any], "\(path): not an object")
        if let index {
            var array = try #require(object[key] as? [Any], "\(key): not an array")
            if rest.isEmpty {
                if let newValue { array[index] = newValue } else { array.remove(at: index) }
            } else {
                array[index] = try setting(rest, to: newValue, in: array[index])
            }
            object[key] = array
        } else if rest.isEmpty {
            object[key] = newValue
        } else {
            object[key] = try setting(rest, to: newValue, in: object[key] ?? [String: Any]())
        }
        return object
    }

    static func applied(_ suggestion: RuleSuggestion, to json: [String: Any], value: SuggestionValue? = nil) throws -> LineupInstance {
        var changed = try #require(try setting(suggestion.field, to: Self.value(value ?? suggestion.to), in: json) as? [String: Any])
        for path in suggestion.alsoRemoves ?? [] {
            changed = try #require(try setting(path, to: nil, in: changed) as? [String: Any])
        }
        return try decode(changed)
    }

    /// The value one step nearer to `from` than `to` (shares in steps of 0.05, whole numbers by 1), for a
    /// number the suggestion changed; nil when there is none to check.
    static func nearer(_ suggestion: RuleSuggestion) -> SuggestionValue? {
        switch (suggestion.from, suggestion.to) {
        case (.integer(let from), .integer(let to)) where from != to:
            let next = to + (from > to ? 1 : -1)
            return next == from ? nil : .integer(next)
        case (.number(let from), .number(let to)) where abs(from - to) > 0.05 + 1e-9:
            return .number(((to + (from > to ? 0.05 : -0.05)) * 100).rounded() / 100)
        default:
            return nil
        }
    }

    static func solve(_ instance: LineupInstance, seconds: Double, suggest: Double = 0) throws -> SolveReport<LineupKind> {
        try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(timeLimitSeconds: seconds, suggestSeconds: suggest))
    }

    /// Every suggestion of an impossible squad, checked as the type says.
    @discardableResult
    static func check(_ name: String, _ json: [String: Any], expecting fields: [String]) throws -> SolveReport<LineupKind> {
        let instance = try decode(json)
        let report = try solve(instance, seconds: 60, suggest: 40)
        #expect(report.status == .infeasible, "\(name): \(report.status)")
        #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
        let suggestions = try #require(report.suggestions, "\(name): no suggestions searched")
        for field in fields {
            #expect(suggestions.contains { $0.field == field }, "\(name): no suggestion for \(field): \(suggestions.map(\.field))")
        }
        for suggestion in suggestions {
            #expect([.optimal, .feasible].contains(suggestion.status))
            let changed = try applied(suggestion, to: json)
            let again = try solve(changed, seconds: 30)
            #expect([.optimal, .feasible].contains(again.status), "\(name): \(suggestion.field) \(suggestion.to): \(again.status)")
            #expect(Engine.verify(changed, report: again, kind: LineupKind.self).isEmpty)
            if suggestion.smallest, let nearer = nearer(suggestion) {
                let closer = try solve(try applied(suggestion, to: json, value: nearer), seconds: 30)
                #expect(closer.status == .infeasible, "\(name): \(suggestion.field) \(nearer) is nearer and gives \(closer.status)")
            }
        }
        return report
    }

    /// The shipped impossible squad (`minShare` 0.75 with the keeper in goal for whole halves and nobody two
    /// segments in a row on the bench): 12 players at three quarters of 50 minutes need more minutes than seven
    /// places hold, so only a lower `minShare` helps, and 0.5 is the nearest share that fits whole 5-minute
    /// segments (0.55 asks 30 minutes of each: 360 of 350).
    @Test func theImpossibleSquadIsToldWhatToChange() throws {
        let report = try Self.check("u10-infeasible", try Self.json("u10-infeasible"), expecting: ["rules.minShare"])
        #expect(report.suggestions?.map(\.field) == ["rules.minShare"])
        #expect(report.suggestions?.first?.to == .number(0.5))
        #expect(report.suggestions?.first?.smallest == true)
        // As the Lineup article shows it: the changed squad's proven optimum (the suggestion's own `objective` is
        // that optimum when its solve closed every level in its share of the time, as it does on an idle machine).
        let suggestion = try #require(report.suggestions?.first)
        let changed = try Self.solve(try Self.applied(suggestion, to: try Self.json("u10-infeasible")), seconds: 60)
        #expect(changed.status == .optimal)
        #expect(changed.objective.map { "\($0)" } == "spread 10, substitutions 45, offPreferredPosition 9")
        if suggestion.status == .optimal { #expect(suggestion.objective == changed.objective.map { "\($0)" }) }
        let article = try String(
            contentsOf: Repository.root.appendingPathComponent("Sources/Touchline/Touchline.docc/Lineup.md"), encoding: .utf8)
        #expect(article.contains(#""objective": "spread 10, substitutions 45, offPreferredPosition 9""#))
    }

    /// A turn-based queue asking for more players on at each window than the bench holds: the nearest number
    /// that works.
    @Test func aQueueTooLongIsToldTheNumberThatWorks() throws {
        var json = try Self.json("u10-turn-based")
        var turnBased = try #require(json["turnBased"] as? [String: Any])
        turnBased["changesPerWindow"] = 6
        json["turnBased"] = turnBased
        try Self.check("u10-turn-based, 6 a window", json, expecting: ["turnBased.changesPerWindow"])
    }

    /// Two on at each window when only one player is left to sit out (the others unavailable): one at a window.
    @Test func aQueueOfTwoWithOneOnTheBenchIsToldOne() throws {
        var json = try Self.json("u10-turn-based")
        var players = try #require(json["players"] as? [[String: Any]])
        for index in players.indices.dropFirst(8) { players[index]["status"] = "unavailable" }
        json["players"] = players
        let ids = Set(players.prefix(8).compactMap { $0["id"] as? String })
        var turnBased = try #require(json["turnBased"] as? [String: Any])
        turnBased["queue"] = (turnBased["queue"] as? [String] ?? []).filter { ids.contains($0) }
        turnBased["changesPerWindow"] = 2
        json["turnBased"] = turnBased
        let report = try Self.check("u10-turn-based, one on the bench", json, expecting: ["turnBased.changesPerWindow"])
        let queue = try #require(report.suggestions?.first { $0.field == "turnBased.changesPerWindow" })
        #expect(queue.to == .integer(1))
        #expect(queue.change == "1 player on at each window instead of 2")
    }

    /// Two colour groups where the keepers' full halves and `minShare` need three: the number of colours that
    /// works, and the players' colours (given in the instance) dropped with it, as the suggestion says.
    @Test func tooFewColoursAreToldTheNumberThatWorks() throws {
        var json = try Self.json("u10-colour-groups")
        let players = try #require(json["players"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        var assignment: [String: String] = [:]
        for (index, id) in players.enumerated() { assignment[id] = index % 2 == 0 ? "red" : "blue" }
        json["colourGroups"] = ["colours": ["red", "blue"], "assignment": assignment]
        let report = try Self.check("u10-colour-groups, 2 colours", json, expecting: ["colourGroups.colours"])
        let colours = try #require(report.suggestions?.first { $0.field == "colourGroups.colours" })
        #expect(colours.to == .strings(["red", "blue", "green"]))
        #expect(colours.alsoRemoves == ["colourGroups.assignment"])
        #expect(colours.smallest)
    }

    /// A tournament day is told what to change as one match is: the 4v4 squad of eight over two games of 20
    /// minutes, each player asked for 0.55 of the day's 40 minutes (five-minute segments make that 25 each, 200
    /// of the 160 the field holds); 0.5 is the nearest share that fits, and the changed day is solved again.
    @Test func anImpossibleDayIsToldWhatToChange() throws {
        var json = try Self.json("u8-4v4")
        json["match"] = nil
        json["matches"] = ["Rovers", "United"].map { name -> [String: Any] in
            ["name": name, "periods": 2, "periodMinutes": 10, "substitutions": ["everyMinutes": 5]]
        }
        var rules = try #require(json["rules"] as? [String: Any])
        rules["minShare"] = 0.55
        json["rules"] = rules
        let report = try Self.check("u8-4v4 as a day of two games, minShare 0.55", json, expecting: ["rules.minShare"])
        let share = try #require(report.suggestions?.first { $0.field == "rules.minShare" })
        #expect(share.to == .number(0.5))
        #expect(share.smallest)
    }

    @Test func noSuggestionsWhenTurnedOffOrWhenAPlanExists() throws {
        let impossible = try Self.decode(try Self.json("u10-infeasible"))
        let off = try Self.solve(impossible, seconds: 10, suggest: 0)
        #expect(off.status == .infeasible)
        #expect(off.suggestions == nil)
        let feasible = try Self.decode(try Self.json("u8-4v4"))
        let report = try Self.solve(feasible, seconds: 10, suggest: 5)
        #expect(report.status == .optimal)
        #expect(report.suggestions == nil)
    }

    /// The changes go in the JSON result and in the text a coach reads.
    @Test func theResultAndTheTextSayWhatToChange() throws {
        let instance = try Self.decode(try Self.json("u10-infeasible"))
        let report = try Self.solve(instance, seconds: 30, suggest: 20)
        let suggestion = try #require(report.suggestions?.first { $0.field == "rules.minShare" })
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
        let first = try #require((encoded?["suggestions"] as? [[String: Any]])?.first { $0["field"] as? String == "rules.minShare" })
        #expect(first["from"] as? Double == 0.75)
        #expect(first["to"] as? Double == (Self.value(suggestion.to) as? Double))
        let text = LineupKind.renderText(instance, report)
        #expect(text.contains("What would make a plan exist"))
        // Lines of at most 80 columns, so the change may be broken between words.
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains(suggestion.change))
        #expect(LineupKind.suggestionLines(report.suggestions).allSatisfy { $0.count <= 80 })
        let long = RuleSuggestion(
            field: "locks[0]", from: .strings(["p1"]), to: .absent,
            change: "drop the lock that keeps Alexandra-Louise Featherstonehaugh at GK in min 10–20", smallest: false,
            status: .optimal, objective: nil)
        let lines = LineupKind.suggestionLines([long])
        #expect(lines.count == 3 && lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(
            lines.dropFirst().joined(separator: " ").split(separator: " ").joined(separator: " ")
                == "- \(long.change): locks[0] absent (a nearer value was not decided in the time)")
    }

    /// A minute limit is tried on the segments' grid only (a limit between two multiples of 5 allows what the
    /// multiple below allows): `maxStintMinutes` 10 in 25-minute halves every 5 minutes tries 15, 20, then none.
    @Test func minuteLimitsAreTriedOnTheSegmentsGrid() throws {
        var instance = try Self.decode(try Self.json("u10-infeasible"))
        instance.rules?.maxStintMinutes = ["FWD": 10]
        instance.players[4].minMinutes = 23
        let relaxations = LineupKind.relaxations(instance)
        let stint = try #require(relaxations.first { $0.field == "rules.maxStintMinutes.FWD" })
        #expect(stint.steps.map(\.to) == [.integer(15), .integer(20), .absent])
        let least = try #require(relaxations.first { $0.field == "players[4].minMinutes" })
        #expect(least.steps.map(\.to) == [.integer(20), .integer(15), .integer(10), .integer(5), .absent])
    }

    /// The relaxations themselves: each step a valid instance that differs from the original in the named field.
    @Test func everyStepIsAValidInstance() throws {
        for name in ["u10-infeasible", "u10-turn-based", "u10-colour-groups", "u10-keepers", "u10-pairs", "u14-locked-keeper"] {
            let instance = try Self.decode(try Self.json(name))
            for relaxation in LineupKind.relaxations(instance) {
                #expect(!relaxation.steps.isEmpty, "\(name): \(relaxation.field)")
                for step in relaxation.steps {
                    #expect(
                        LineupKind.validate(step.instance).isEmpty, "\(name): \(relaxation.field) \(step.to): \(LineupKind.validate(step.instance))")
                }
            }
        }
    }
}
