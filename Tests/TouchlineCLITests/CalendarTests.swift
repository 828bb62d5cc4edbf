import Foundation
import Testing

/// `solve --format ics` from the command line: a team's and an official's calendar, and the usage errors.
@Suite struct CalendarTests {
    static func events(_ text: String) -> [String] {
        text.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst().map { $0.components(separatedBy: "END:VEVENT")[0] }
    }

    @Test func teamCalendarOfTheMatchdayPlan() throws {
        let path = "instances/matchday/fieldgame-saturday.json"
        let run = try Binary.run(["solve", "--method", "greedy", "--format", "ics", "--calendar-for", "hawtrey", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(run.stdout.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!run.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a bare LF")
        let instance = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Binary.root.appendingPathComponent(path))) as? [String: Any])
        let matches = try #require(instance["matches"] as? [[String: Any]])
        let hawtrey = matches.filter { ($0["teams"] as? [String])?.contains("hawtrey") == true }
        #expect(!hawtrey.isEmpty)
        let events = Self.events(run.stdout)
        #expect(events.count == hawtrey.count)
        for match in hawtrey {
            let id = try #require(match["id"] as? String)
            #expect(events.contains { $0.contains("UID:\(id)-") && $0.contains("@touchline\r\n") && $0.contains("LOCATION:") })
        }
    }

    @Test func officialCalendarMatchesTheJSONPlan() throws {
        let path = "instances/officials/fieldgame-saturday.json"
        let json = try Binary.run(["solve", "--method", "greedy", "--reproducible", path])
        let ics = try Binary.run(["solve", "--method", "greedy", "--reproducible", "--format", "ics", "--calendar-for", "u1", path])
        #expect(ics.status == 0)
        let solution = try #require(json.json?["solution"] as? [String: Any])
        let assignments = try #require(solution["assignments"] as? [String: [String]])
        let mine = Set(assignments.filter { $0.value.contains("u1") }.keys)
        let uids = Set(
            Self.events(ics.stdout).compactMap { event in
                event.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map {
                    String(String($0.dropFirst(4)).dropLast("-0123456789abcdef@touchline".count))
                }
            })
        #expect(!mine.isEmpty)
        #expect(uids == mine)
        #expect(ics.stdout.contains("DTSTAMP:19700101T000000Z\r\n"))
    }

    @Test func usageErrors() throws {
        let unknown = try Binary.run(["solve", "--format", "ics", "--calendar-for", "nobody", "instances/officials/fieldgame-saturday.json"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("\"nobody\" is neither an official nor a team"))
        let lineup = try Binary.run(["solve", "--format", "ics", "instances/lineups/u8-4v4.json"])
        #expect(lineup.status == 64)
        #expect(lineup.stderr.contains("lineup kind has no calendar"))
        let withoutICS = try Binary.run(["solve", "--calendar-for", "u1", "instances/officials/fieldgame-saturday.json"])
        #expect(withoutICS.status == 64)
        #expect(withoutICS.stderr.contains("--calendar-for needs --format ics"))
    }

    @Test func timeZoneOptionWritesTZIDOrRefuses() throws {
        let path = "instances/pitches/late-change.json"
        let zoned = try Binary.run(["solve", "--method", "greedy", "--reproducible", "--format", "ics", "--time-zone", "Europe/London", path])
        #expect(zoned.status == 0)
        #expect(zoned.stdout.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n"))
        #expect(zoned.stdout.contains("DTSTART;TZID=Europe/London:2026"))
        let unknown = try Binary.run(["solve", "--format", "ics", "--time-zone", "Mars/Olympus", path])
        #expect(unknown.status == 64)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("Mars/Olympus"))
        let notICS = try Binary.run(["solve", "--time-zone", "UTC", path])
        #expect(notICS.status == 64)
    }
}
