import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// The secretary's outputs of `officials`, `pitches` and `matchday`: natural order, day sheets by field group
/// with names, CSV that a parser reads back as the plan, and golden files of both.
@Suite struct DaySheetTests {
    static let root = Repository.root

    static func data(_ path: String) throws -> Data { try Data(contentsOf: root.appendingPathComponent("instances/\(path).json")) }

    static func render(_ data: Data, _ format: OutputFormat) throws -> FrontEndOutput {
        try JSONFrontEnd.solve(data, options: InstanceOptions(method: .greedy), settings: RunSettings(reproducible: true), format: format)
    }

    /// `teams` names the teams the matches give by id: text, page, spreadsheet and calendar show the names, the
    /// calendar's UIDs stay those of the ids, and an id named twice is an input error.
    @Test func teamNamesReplaceIdsInEveryOutput() throws {
        let plain = #"""
            {"problem": "pitches", "pitches": [{"id": "a", "name": "Agar's 1", "sizes": ["senior"]}],
             "matches": [{"id": "m1", "start": "2026-11-21T14:25", "durationMinutes": 60, "size": "senior", "teams": ["the-timbralls", "carter"]}]}
            """#
        let named = plain.replacingOccurrences(
            of: "{\"problem\": \"pitches\",",
            with:
                "{\"problem\": \"pitches\", \"teams\": [{\"id\": \"the-timbralls\", \"name\": \"The Timbralls\"}, {\"id\": \"carter\", \"name\": \"Carter\"}],"
        )
        for format in [OutputFormat.text, .html, .csv, .ics] {
            let output = try Self.render(Data(named.utf8), format).output
            #expect(output.contains("The Timbralls v Carter"), "\(format): \(output)")
            #expect(!output.contains("the-timbralls v carter"), "\(format)")
        }
        func uid(_ text: String) throws -> String {
            try #require(try Self.render(Data(text.utf8), .ics).output.split(separator: "\r\n").first { $0.hasPrefix("UID:") }.map(String.init))
        }
        #expect(try uid(named) == uid(plain))
        let twice = named.replacingOccurrences(
            of: "{\"id\": \"carter\", \"name\": \"Carter\"}", with: "{\"id\": \"the-timbralls\", \"name\": \"Carter\"}")
        let issues = JSONFrontEnd.validate(Data(twice.utf8))
        #expect(issues.map(\.description) == ["teams[1].id: duplicate team id \"the-timbralls\""], "\(issues)")
    }

    /// An RFC 4180 reader written apart from the writer: records of fields, quotes doubled inside quotes.
    static func parseCSV(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" { field.unicodeScalars.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                record.append(field); field = ""
            } else if c == "\r" && characters.first == "\n" {
                characters.removeFirst()
                record.append(field); field = ""
                records.append(record); record = []
            } else {
                field.unicodeScalars.append(c)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    @Test func naturalOrderReadsNumbersAsNumbers() {
        let ids = ["m10", "m2", "m1", "m11", "Pitch 10", "Pitch 9", "a", "m2b", "m02"]
        #expect(ids.sorted(by: Natural.less) == ["a", "m1", "m02", "m2", "m2b", "m10", "m11", "Pitch 9", "Pitch 10"])
        let long = String(repeating: "9", count: 400)
        #expect(Natural.less("m\(long)", "m\(long)0"))
        #expect(!Natural.less("x", "x"))
    }

    /// The CSV of a match day read back: one record per match, each with its pitch, field group and officials
    /// by name as the JSON plan has them; fields with commas, quotes and line breaks survive.
    @Test func csvReadsBackAsThePlan() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Self.data("matchday/fieldgame-saturday")) as? [String: Any])
        var matches = try #require(object["matches"] as? [[String: Any]])
        matches[0]["teams"] = ["Smith, \"Jr\" XI", "Line\nbreak"]
        object["matches"] = matches
        let data = try JSONSerialization.data(withJSONObject: object)
        let csv = try Self.render(data, .csv)
        #expect(csv.status == .feasible)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try Self.render(data, .json).output.utf8)) as? [String: Any])
        let solution = try #require(json["solution"] as? [String: Any])
        let pitchOf = try #require(solution["pitches"] as? [String: String])
        let crews = try #require(solution["assignments"] as? [String: [String]])
        let instance = try JSONDecoder().decode(MatchdayInstance.self, from: data)
        let officialName = Dictionary(uniqueKeysWithValues: instance.officials.map { ($0.id, $0.displayName) })
        let pitch = Dictionary(uniqueKeysWithValues: instance.pitches.map { ($0.id, $0) })
        // The instance names its teams: the spreadsheet shows the names, an id without a name as it is.
        let teamName = Dictionary(uniqueKeysWithValues: (instance.teams ?? []).map { ($0.id, $0.name) })
        #expect(!teamName.isEmpty)

        let records = Self.parseCSV(csv.output)
        #expect(records.first == ["match", "date", "start", "end", "pitch", "field group", "competition", "teams", "officials", "unfilled"])
        let rows = records.dropFirst()
        #expect(rows.count == instance.matches.count)
        #expect(Set(rows.map { $0[0] }) == Set(instance.matches.map(\.id)))
        for row in rows {
            #expect(row.count == 10)
            let match = try #require(instance.matches.first { $0.id == row[0] })
            #expect(row[1] == match.start.dateText && row[2] == match.start.timeText)
            #expect(row[4] == (pitchOf[match.id].flatMap { pitch[$0]?.displayName } ?? ""))
            #expect(row[5] == (pitchOf[match.id].flatMap { pitch[$0]?.group } ?? ""))
            #expect(row[7] == (match.teams ?? []).map { teamName[$0] ?? $0 }.joined(separator: " v "))
            let names = (crews[match.id] ?? []).map { officialName[$0]! }
            #expect(row[8] == names.joined(separator: "; "))
        }
        #expect(rows.contains { $0[7] == "Smith, \"Jr\" XI v Line\nbreak" })
    }

    /// The text day sheets: one per day and field group, matches in start then natural pitch order, names
    /// instead of ids, and every unfilled match named with its time and teams.
    @Test func textSheetsAreInBoardOrderWithNames() throws {
        let data = try Self.data("officials/fieldgame-saturday")
        let instance = try JSONDecoder().decode(OfficialsInstance.self, from: data)
        let text = try Self.render(data, .text).output
        let groups = Set(instance.venues.compactMap(\.group))
        for group in groups { #expect(text.contains(" · \(group)\n"), "no sheet for \(group)") }
        for official in instance.officials where official.name != nil {
            #expect(!text.contains(" \(official.id),") && !text.contains(" \(official.id)\n"), "\(official.id) shown by id")
        }
        // Within a sheet, rows with the same start are in natural order of the venue.
        let lines = text.split(separator: "\n")
        let venueNames = instance.venues.map(\.displayName).sorted { $0.count > $1.count }
        var previous: (String, String)? = nil
        for line in lines where line.hasPrefix("  ") && line.dropFirst(2).first?.isNumber == true && line.contains("–") {
            let time = String(line.dropFirst(2).prefix(11))
            let rest = line.dropFirst(15)
            guard let venue = venueNames.first(where: { rest.hasPrefix($0) }) else { continue }
            if let (lastTime, lastVenue) = previous, lastTime == time {
                #expect(!Natural.less(venue, lastVenue), "\(venue) listed after \(lastVenue)")
            }
            previous = (time, venue)
        }
    }

    /// Golden files of the text and CSV of shipped plans (greedy, deterministic):
    /// `TOUCHLINE_UPDATE_GOLDEN=1 swift test --filter DaySheetTests` rewrites them after a deliberate change.
    @Test(arguments: ["officials/fieldgame-saturday", "pitches/fieldgame-saturday", "matchday/fieldgame-saturday", "pitches/late-change"])
    func textAndCSVMatchGoldenFiles(_ path: String) throws {
        let data = try Self.data(path)
        for (format, suffix) in [(OutputFormat.text, "txt"), (OutputFormat.csv, "csv")] {
            let output = try Self.render(data, format).output
            let golden = Self.root.appendingPathComponent("Tests/Golden/\(path.replacingOccurrences(of: "/", with: "-")).\(suffix)")
            if ProcessInfo.processInfo.environment["TOUCHLINE_UPDATE_GOLDEN"] == "1" {
                try output.write(to: golden, atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(output == expected, "\(path) --format \(format.rawValue) changed; rerun with TOUCHLINE_UPDATE_GOLDEN=1 if on purpose")
        }
    }

    @Test func htmlDaySheetIsAPagePerDay() throws {
        let data = try Self.data("officials/fieldgame-term")
        let instance = try JSONDecoder().decode(OfficialsInstance.self, from: data)
        let page = try Self.render(data, .html).output
        let days = Set(instance.matches.map(\.start.day)).count
        #expect(page.components(separatedBy: "<section class=\"day\">").count - 1 == days)
        #expect(!page.contains("<script"))
        #expect(throws: TouchlineError.self) { try Self.render(try Self.data("lineups/u8-4v4"), .csv) }
    }
}
