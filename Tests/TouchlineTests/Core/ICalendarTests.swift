import Foundation
import Testing
import TouchlineTesting

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
        let plan = OfficialsKind.calendar(instance, solution)
        let subjects = OfficialsKind.calendarSubjects(instance)
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
            // UID: the match id, a hash of what identifies the fixture, then @touchline (not the kind).
            let uidPattern = /^(.+)-[0-9a-f]{16}@touchline$/
            let uidMatches = calendar.events.compactMap { ($0["UID"] ?? "").wholeMatch(of: uidPattern).map { String($0.1) } }
            #expect(uidMatches.count == calendar.events.count)
            #expect(Set(uidMatches) == Set(expected.map(\.id)))
            for match in expected {
                let event = try #require(calendar.events.first { $0["UID"]?.hasPrefix("\(match.id)-") == true })
                #expect(event["DTSTART"] == ICalendar.dateTime(match.start))
                #expect(event["DTEND"] == ICalendar.dateTime(match.end))
                let venue = try #require(instance.venues.first { $0.id == match.venue })
                #expect(event["LOCATION"] == ICalendar.escape("\(venue.displayName), \(venue.group ?? "")"))
            }
        }
        #expect(plan.iCalendar(for: "nobody", kind: "officials", stamp: Date()) == nil)
    }

    /// A UID follows the fixture: the same from `officials` and `matchday` plans of the same matches and after
    /// a re-plan moves a match; different for another club's "m1" (other teams or another `calendarId`).
    @Test func uidsFollowTheFixtureNotTheKindOrThePlan() throws {
        let start = try #require(LocalDateTime("2026-11-21T14:25"))
        let event = CalendarEvent(
            match: "m1", start: start, end: start + 60, summary: "Senior: keate v evans",
            categories: ["Senior"], officials: ["u1"], teams: ["keate", "evans"])
        var moved = event
        moved.start = start + 120
        moved.end = start + 180
        moved.officials = ["u2"]
        moved.location = "Agar's 2"
        #expect(ICalendar.uid(event, calendarId: nil) == ICalendar.uid(moved, calendarId: nil))
        var otherClub = event
        otherClub.teams = ["ajax", "psv"]
        #expect(ICalendar.uid(event, calendarId: nil) != ICalendar.uid(otherClub, calendarId: nil))
        #expect(ICalendar.uid(event, calendarId: "eton") != ICalendar.uid(event, calendarId: "harrow"))
        #expect(ICalendar.uid(event, calendarId: "eton").hasPrefix("m1-"))

        let root = Repository.root
        let officials = try JSONDecoder().decode(
            OfficialsInstance.self, from: Data(contentsOf: root.appendingPathComponent("instances/officials/fieldgame-saturday.json")))
        let matchday = try JSONDecoder().decode(
            MatchdayInstance.self, from: Data(contentsOf: root.appendingPathComponent("instances/matchday/fieldgame-saturday.json")))
        let planA = try #require(OfficialsKind.greedy(officials))
        let planB = try #require(MatchdayKind.greedy(matchday))
        let a = OfficialsKind.calendar(officials, planA)
        let b = MatchdayKind.calendar(matchday, planB)
        let uidsA = Set(a.events.map { ICalendar.uid($0, calendarId: a.calendarId) })
        let uidsB = Set(b.events.map { ICalendar.uid($0, calendarId: b.calendarId) })
        #expect(uidsA.count == officials.matches.count)
        #expect(uidsA == uidsB, "the same fixtures planned by two kinds")
        let textA = try #require(a.iCalendar(for: nil, kind: "officials", stamp: Date(timeIntervalSince1970: 0)))
        let textB = try #require(b.iCalendar(for: nil, kind: "matchday", stamp: Date(timeIntervalSince1970: 0)))
        let uidLines = { (text: String) in Set(text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }) }
        #expect(uidLines(textA) == uidLines(textB))
    }

    /// `timeZone`: TZID-qualified times with a VTIMEZONE whose observances carry the zone's real offsets
    /// around the matches (London: GMT in November, BST from the last Sunday of March); UTC: times ending in Z.
    @Test func timeZonesWriteTZIDWithAVTimeZoneOrUTC() throws {
        let start = try #require(LocalDateTime("2026-11-21T14:25"))
        let summer = try #require(LocalDateTime("2026-06-20T10:00"))
        let plan = PlanCalendar(
            events: [
                CalendarEvent(match: "m1", start: start, end: start + 60, summary: "a v b", teams: ["a", "b"]),
                CalendarEvent(match: "m2", start: summer, end: summer + 60, summary: "c v d", teams: ["c", "d"])
            ], officials: [:], teams: ["a", "b", "c", "d"])
        let london = try #require(TimeZone(identifier: "Europe/London"))
        let text = try #require(plan.iCalendar(for: nil, kind: "pitches", stamp: Date(timeIntervalSince1970: 0), timeZone: london))
        let calendar = try RFC5545.parse(Data(text.utf8))
        #expect(calendar.problems.isEmpty, "\(calendar.problems)")
        for event in calendar.events { #expect(event["DTSTART;TZID"] == "Europe/London" && event["DTEND;TZID"] == "Europe/London") }
        #expect(text.contains("DTSTART;TZID=Europe/London:20261121T142500\r\n"))
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n"))
        // The spring-forward of 2026 (29 March, 01:00 GMT) and the autumn fall-back (25 October, 02:00 BST).
        #expect(text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260329T010000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\n"))
        #expect(text.contains("BEGIN:STANDARD\r\nDTSTART:20261025T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\n"))

        let utc = try #require(
            plan.iCalendar(for: nil, kind: "pitches", stamp: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC")))
        #expect(utc.contains("DTSTART:20261121T142500Z\r\n"))
        #expect(!utc.contains("VTIMEZONE"))
        #expect(try RFC5545.parse(Data(utc.utf8)).problems.isEmpty)
        let floating = try #require(plan.iCalendar(for: nil, kind: "pitches", stamp: Date(timeIntervalSince1970: 0)))
        #expect(floating.contains("DTSTART:20261121T142500\r\n"))
    }

    @Test func unplacedMatchesStayInATeamsCalendarWithTheReason() throws {
        let instance = PitchesInstance(
            pitches: [Pitch(id: "p", name: "College Field", group: "North", sizes: ["senior"])],
            matches: [
                PitchMatch(id: "a", start: LocalDateTime("2026-11-21T14:25")!, durationMinutes: 60, size: "senior", teams: ["keate", "evans"]),
                PitchMatch(id: "b", start: LocalDateTime("2026-11-21T14:25")!, durationMinutes: 60, size: "senior", teams: ["keate", "hawtrey"])
            ])
        let solution = try #require(PitchesKind.greedy(instance))
        let plan = PitchesKind.calendar(instance, solution)
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
        let datePattern = /^\d{8}T\d{6}Z?$/, stampPattern = /^\d{8}T\d{6}Z$/, namePattern = /^[A-Za-z0-9-]+$/
        var zones: Set<String> = []
        var inZone = false
        for line in lines.dropFirst().dropLast() {
            guard let colon = line.firstIndex(of: ":") else {
                calendar.problems.append("no colon: \(line)")
                continue
            }
            let head = line[..<colon].split(separator: ";", maxSplits: 1)
            let name = String(head[0])
            let parameters = head.count > 1 ? String(head[1]) : nil
            let value = String(line[line.index(after: colon)...])
            if name == "BEGIN" && value == "VTIMEZONE" { inZone = true }
            if name == "END" && value == "VTIMEZONE" { inZone = false }
            if inZone && name == "TZID" { zones.insert(value) }
            // A TZID parameter must name a VTIMEZONE given earlier in the file (RFC 5545 §3.2.19).
            if let parameters, parameters.hasPrefix("TZID=") {
                let zone = String(parameters.dropFirst(5))
                if !zones.contains(zone) { calendar.problems.append("\(name) refers to TZID \(zone) with no VTIMEZONE") }
                if event != nil { event!["\(name);TZID"] = zone }
            }
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
                    if character == "\\" {
                        escaped = true
                    } else if character == "," || character == ";" {
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
