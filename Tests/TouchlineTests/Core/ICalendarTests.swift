import Foundation
import Testing
@testable import Touchline

/// `--format ics`: the file keeps RFC 5545's rules (checked line by line by ``RFC5545``), and an official's or a
/// team's calendar holds exactly their matches of the plan.
@Suite struct ICalendarTests {
    @Test func foldingKeepsEveryLineWithin75OctetsAndNeverSplitsACharacter() throws {
        let line = "DESCRIPTION:" + String(repeating: "Agar’s 1 – Dutchman’s 15 · Šťastný ✓ ", count: 12)
        let folded = ICalendar.fold(line)
        #expect(folded.hasSuffix("\r\n"))
        let physical = try RFC5545.physicalLines(Data(folded.utf8))
        #expect(physical.count > 5)
        for (index, bytes) in physical.enumerated() {
            #expect(bytes.count <= 75)
            #expect(String(validating: bytes, as: UTF8.self) != nil, "line \(index) splits a UTF-8 character")
            if index > 0 { #expect(bytes.first == 0x20) }
        }
        #expect(RFC5545.unfold(physical) == [line])
        // A line of exactly 75 octets is not folded; one more octet is.
        let exact = String(repeating: "x", count: 75)
        #expect(ICalendar.fold(exact) == exact + "\r\n")
        #expect(ICalendar.fold(exact + "y") == exact + "\r\n y\r\n")
    }

    @Test func textValuesAreEscaped() {
        #expect(ICalendar.escape(#"Agar's 1, North; "A\B""#) == #"Agar's 1\, North\; "A\\B""#)
        #expect(ICalendar.escape("one\ntwo\r\nthree") == #"one\ntwo\nthree"#)
        #expect(ICalendar.escape("bell\u{7}") == "bell ")
    }

    @Test func dateTimesAreBasicFormat() {
        #expect(ICalendar.dateTime(LocalDateTime("2026-11-21T14:25")!) == "20261121T142500")
        #expect(ICalendar.utc(Date(timeIntervalSince1970: 1_795_000_000)) == "20261118T110640Z")
        #expect(ICalendar.utc(Date(timeIntervalSince1970: 0)) == "19700101T000000Z")
    }

    /// Every official's and every team's calendar, from greedy plans of random tiny instances with names that
    /// need escaping and folding: RFC-valid, and the events are exactly their matches with the right times.
    @Test(arguments: 0..<8)
    func calendarsHoldExactlyTheSubjectsMatches(seed: Int) throws {
        var instance = OfficialsTests.tinyInstance(seed: UInt64(500 + seed))
        instance.officials[0].name = "Ó. Ní Bhriain, umpire; \"senior\" – a name long enough to need folding twice over"
        instance.venues[0].name = "Agar's 1, by the Thames"
        instance.matches[0].competition = "Senior League; Division 1"
        instance.previous = nil
        let solution = try #require(OfficialsKind.greedy(instance))
        let plan = try #require(OfficialsKind.calendar(instance, solution))
        let subjects = try #require(OfficialsKind.calendarSubjects(instance))
        #expect(subjects == Set(instance.officials.map(\.id) + instance.matches.flatMap { $0.teams ?? [] }))
        for subject in subjects.sorted() + [nil] as [String?] {
            let text = try #require(plan.iCalendar(for: subject, kind: "officials", stamp: Date(timeIntervalSince1970: 0)))
            let calendar = try RFC5545.parse(Data(text.utf8))
            #expect(calendar.problems.isEmpty, "\(calendar.problems)")
            let expected = instance.matches.filter { match in
                switch subject {
                case nil: return true
                case let id? where instance.officials.contains { $0.id == id }: return solution.assignments[match.id]?.contains(id) == true
                case let id?: return match.teams?.contains(id) == true
                }
            }
            #expect(Set(calendar.events.map { $0["UID"] ?? "" }) == Set(expected.map { "\($0.id)@officials.touchline" }))
            for match in expected {
                let event = try #require(calendar.events.first { $0["UID"] == "\(match.id)@officials.touchline" })
                #expect(event["DTSTART"] == ICalendar.dateTime(match.start))
                #expect(event["DTEND"] == ICalendar.dateTime(match.end))
                let venue = try #require(instance.venues.first { $0.id == match.venue })
                #expect(event["LOCATION"] == ICalendar.escape("\(venue.displayName), \(venue.group ?? "")"))
            }
        }
        #expect(plan.iCalendar(for: "nobody", kind: "officials", stamp: Date()) == nil)
    }

    @Test func unplacedMatchesStayInATeamsCalendarWithTheReason() throws {
        let instance = PitchesInstance(
            pitches: [Pitch(id: "p", name: "College Field", group: "North", sizes: ["senior"])],
            matches: [
                PitchMatch(id: "a", start: LocalDateTime("2026-11-21T14:25")!, durationMinutes: 60, size: "senior", teams: ["keate", "evans"]),
                PitchMatch(id: "b", start: LocalDateTime("2026-11-21T14:25")!, durationMinutes: 60, size: "senior", teams: ["keate", "hawtrey"]),
            ])
        let solution = try #require(PitchesKind.greedy(instance))
        let plan = try #require(PitchesKind.calendar(instance, solution))
        let calendar = try RFC5545.parse(Data(try #require(plan.iCalendar(for: "keate", kind: "pitches", stamp: Date())).utf8))
        #expect(calendar.problems.isEmpty, "\(calendar.problems)")
        #expect(calendar.events.count == 2)
        #expect(calendar.events.filter { $0["LOCATION"] == #"College Field\, North"# }.count == 1)
        #expect(calendar.events.filter { $0["DESCRIPTION"]?.hasPrefix("No pitch: ") == true }.count == 1)
        #expect(try #require(plan.iCalendar(for: "hawtrey", kind: "pitches", stamp: Date())).components(separatedBy: "BEGIN:VEVENT").count == 2)
    }
}

/// An independent reader of RFC 5545 text that lists every rule a file breaks (the parts Touchline writes).
enum RFC5545 {
    struct Calendar {
        var problems: [String] = []
        /// Each VEVENT's properties by name (value as written, still escaped).
        var events: [[String: String]] = []
    }

    struct Malformed: Error {}

    /// Physical lines without their CRLF; a bare CR or LF is an error (§3.1: lines are delimited by CRLF).
    static func physicalLines(_ data: Data) throws -> [[UInt8]] {
        let bytes = [UInt8](data)
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else { throw Malformed() }
                lines.append(current)
                current = []
                index += 2
                continue
            }
            if byte == 0x0A { throw Malformed() }
            current.append(byte)
            index += 1
        }
        guard current.isEmpty else { throw Malformed() }  // the last line ends with CRLF too
        return lines
    }

    /// Content lines: a physical line starting with a space or tab continues the previous one (§3.1).
    static func unfold(_ lines: [[UInt8]]) -> [String] {
        var logical: [[UInt8]] = []
        for line in lines {
            if let first = line.first, first == 0x20 || first == 0x09, !logical.isEmpty {
                logical[logical.count - 1] += line.dropFirst()
            } else {
                logical.append(line)
            }
        }
        return logical.map { String(decoding: $0, as: UTF8.self) }
    }

    static func parse(_ data: Data) throws -> Calendar {
        var calendar = Calendar()
        let physical = try physicalLines(data)
        for (index, line) in physical.enumerated() where line.count > 75 {
            calendar.problems.append("line \(index + 1) is \(line.count) octets (at most 75)")
        }
        for (index, line) in physical.enumerated() where String(validating: line, as: UTF8.self) == nil {
            calendar.problems.append("line \(index + 1) is not UTF-8 (a character split by folding)")
        }
        let lines = unfold(physical)
        guard lines.first == "BEGIN:VCALENDAR", lines.last == "END:VCALENDAR" else {
            calendar.problems.append("not one VCALENDAR")
            return calendar
        }
        var top: [String: Int] = [:]
        var event: [String: String]?
        var counts: [String: Int] = [:]
        let datePattern = /^\d{8}T\d{6}$/, stampPattern = /^\d{8}T\d{6}Z$/, namePattern = /^[A-Za-z0-9-]+$/
        for line in lines.dropFirst().dropLast() {
            guard let colon = line.firstIndex(of: ":") else {
                calendar.problems.append("no colon: \(line)")
                continue
            }
            let name = String(line[..<colon].split(separator: ";", maxSplits: 1)[0])
            let value = String(line[line.index(after: colon)...])
            if name.wholeMatch(of: namePattern) == nil { calendar.problems.append("bad property name \(name)") }
            switch (name, value) {
            case ("BEGIN", "VEVENT"):
                if event != nil { calendar.problems.append("nested VEVENT") }
                event = [:]
                counts = [:]
            case ("END", "VEVENT"):
                guard let finished = event else {
                    calendar.problems.append("END:VEVENT without BEGIN")
                    continue
                }
                for required in ["UID", "DTSTAMP", "DTSTART"] where counts[required] != 1 {
                    calendar.problems.append("a VEVENT has \(counts[required] ?? 0) \(required) (exactly one required)")
                }
                for property in counts.keys where counts[property]! > 1 && property != "CATEGORIES" {
                    calendar.problems.append("a VEVENT repeats \(property)")
                }
                if let start = finished["DTSTART"], let end = finished["DTEND"] {
                    if start.wholeMatch(of: datePattern) == nil || end.wholeMatch(of: datePattern) == nil {
                        calendar.problems.append("DTSTART/DTEND not in basic date-time form: \(start) \(end)")
                    } else if end <= start {
                        calendar.problems.append("DTEND \(end) not after DTSTART \(start)")
                    }
                }
                if let stamp = finished["DTSTAMP"], stamp.wholeMatch(of: stampPattern) == nil {
                    calendar.problems.append("DTSTAMP not UTC: \(stamp)")
                }
                calendar.events.append(finished)
                event = nil
            default:
                if event != nil {
                    event![name] = value
                    counts[name, default: 0] += 1
                } else {
                    top[name, default: 0] += 1
                }
            }
            // Unescaped TEXT separators: a comma or semicolon must follow a backslash in single-valued TEXT.
            if ["SUMMARY", "LOCATION", "DESCRIPTION", "UID", "X-WR-CALNAME"].contains(name) {
                var escaped = false
                for character in value {
                    if escaped { escaped = false; continue }
                    if character == "\\" { escaped = true } else if character == "," || character == ";" {
                        calendar.problems.append("\(name) has an unescaped \(character): \(value)")
                    }
                }
            }
        }
        if top["VERSION"] != 1 || !lines.contains("VERSION:2.0") { calendar.problems.append("VERSION:2.0 missing") }
        if top["PRODID"] != 1 { calendar.problems.append("PRODID missing") }
        if event != nil { calendar.problems.append("unterminated VEVENT") }
        let uids = calendar.events.compactMap { $0["UID"] }
        if Set(uids).count != uids.count { calendar.problems.append("UIDs repeat") }
        return calendar
    }
}
