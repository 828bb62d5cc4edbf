import Foundation

/// One match as a calendar event, with the people it belongs to (officials and teams, by id).
public struct CalendarEvent: Sendable, Equatable {
    /// The match id; the event's UID is made from it, so that re-importing a changed plan updates the event.
    public var match: String
    public var start: LocalDateTime
    public var end: LocalDateTime
    public var summary: String
    /// Pitch or venue name, with its field group.
    public var location: String?
    /// Latitude and longitude of the pitch or venue, when the instance gives them.
    public var geo: (lat: Double, lon: Double)?
    public var description: String?
    /// The competition.
    public var categories: [String]
    /// Officials (by id) on this match.
    public var officials: [String]
    /// Teams (by id) playing this match.
    public var teams: [String]

    public init(
        match: String, start: LocalDateTime, end: LocalDateTime, summary: String, location: String? = nil,
        geo: (lat: Double, lon: Double)? = nil, description: String? = nil, categories: [String] = [],
        officials: [String] = [], teams: [String] = []
    ) {
        self.match = match
        self.start = start
        self.end = end
        self.summary = summary
        self.location = location
        self.geo = geo
        self.description = description
        self.categories = categories
        self.officials = officials
        self.teams = teams
    }

    public static func == (lhs: CalendarEvent, rhs: CalendarEvent) -> Bool {
        lhs.match == rhs.match && lhs.start == rhs.start && lhs.end == rhs.end && lhs.summary == rhs.summary
            && lhs.location == rhs.location && lhs.geo?.lat == rhs.geo?.lat && lhs.geo?.lon == rhs.geo?.lon
            && lhs.description == rhs.description && lhs.categories == rhs.categories
            && lhs.officials == rhs.officials && lhs.teams == rhs.teams
    }
}

/// The events of a plan and whose calendars can be cut from it.
public struct PlanCalendar: Sendable {
    /// One event per match of the instance (matches without a pitch say so in the description).
    public var events: [CalendarEvent]
    /// Official ids with display names.
    public var officials: [String: String]
    /// Team ids (teams have no names in these instances).
    public var teams: Set<String>
    /// The instance's `calendarId`, mixed into every UID.
    public var calendarId: String?

    public init(events: [CalendarEvent], officials: [String: String], teams: Set<String>, calendarId: String? = nil) {
        self.events = events
        self.officials = officials
        self.teams = teams
        self.calendarId = calendarId
    }

    /// The events of one official or one team (every event when `subject` is nil), in start order; nil when
    /// the id is neither an official nor a team of the instance.
    public func events(for subject: String?) -> [CalendarEvent]? {
        let chosen: [CalendarEvent]
        switch subject {
        case nil: chosen = events
        case let id? where officials[id] != nil: chosen = events.filter { $0.officials.contains(id) }
        case let id? where teams.contains(id): chosen = events.filter { $0.teams.contains(id) }
        default: return nil
        }
        return chosen.sorted { ($0.start, $0.match) < ($1.start, $1.match) }
    }

    /// An iCalendar file (RFC 5545) of one official's or one team's matches (every match when nil).
    ///
    /// Without `timeZone`, times are local "floating" times, as fixtures are written (RFC 5545 §3.3.5, form 1):
    /// a calendar shows them at the same clock time wherever it is. With a time zone the fixtures' times are
    /// read in it: `DTSTART;TZID=Europe/London:...` with a VTIMEZONE of its offsets around the matches, or UTC
    /// times (`...Z`) for UTC. `stamp` is the DTSTAMP (UTC), the moment the file was made. `kind` names the
    /// calendar only: a match's UID is the same whichever kind planned it.
    public func iCalendar(for subject: String?, kind: String, stamp: Date, timeZone: TimeZone? = nil) -> String? {
        guard let chosen = events(for: subject) else { return nil }
        let title: String
        switch subject {
        case nil: title = "Touchline \(kind)"
        case let id?: title = officials[id].map { "\($0) (official)" } ?? id
        }
        let isOfficial = subject.map { officials[$0] != nil } ?? false
        return ICalendar.render(
            chosen, name: title, calendarId: calendarId, officiating: isOfficial, stamp: stamp, timeZone: timeZone)
    }
}

/// Writes RFC 5545 iCalendar text: CRLF line ends, lines folded at 75 octets without splitting a UTF-8
/// character, TEXT values escaped, one VEVENT per match with UID, DTSTAMP, DTSTART and DTEND.
public enum ICalendar {
    static let productID = "-//Touchline//Touchline match-day planner//EN"

    static func render(
        _ events: [CalendarEvent], name: String, calendarId: String?, officiating: Bool, stamp: Date, timeZone: TimeZone?
    ) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:\(productID)",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:\(escape(name))"
        ]
        let stampText = utc(stamp)
        let zone = timeZone.map(Zone.init)
        if let zone, !zone.isUTC {
            lines += vTimeZone(zone.timeZone, from: events.map(\.start).min(), to: events.map(\.end).max())
        }
        func time(_ name: String, _ value: LocalDateTime) -> String {
            switch zone {
            case nil: "\(name):\(dateTime(value))"
            case let zone? where zone.isUTC: "\(name):\(dateTime(value))Z"
            case let zone?: "\(name);TZID=\(zone.timeZone.identifier):\(dateTime(value))"
            }
        }
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:\(escape(uid(event, calendarId: calendarId)))")
            lines.append("DTSTAMP:\(stampText)")
            lines.append(time("DTSTART", event.start))
            lines.append(time("DTEND", event.end))
            lines.append("SUMMARY:\(escape(officiating ? "Officiating: \(event.summary)" : event.summary))")
            if let location = event.location { lines.append("LOCATION:\(escape(location))") }
            if let geo = event.geo { lines.append("GEO:\(coordinate(geo.lat));\(coordinate(geo.lon))") }
            if let description = event.description { lines.append("DESCRIPTION:\(escape(description))") }
            if !event.categories.isEmpty {
                lines.append("CATEGORIES:\(event.categories.map(escape).joined(separator: ","))")
            }
            lines.append("TRANSP:OPAQUE")
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined()
    }

    /// A stable, globally unique id per match (RFC 5545 §3.8.4.7): the match id, then 16 hex digits of a
    /// 64-bit FNV-1a hash of the instance's `calendarId`, the match id, its teams and its competition, at
    /// `touchline`. The same fixture gets the same UID from `officials`, `pitches` or `matchday` and after a
    /// re-plan that moves its time, pitch or officials (so importing the new plan updates the event); two clubs'
    /// "m1" with other teams, or with other calendar ids, get different ones.
    public static func uid(_ event: CalendarEvent, calendarId: String?) -> String {
        let key = [calendarId ?? "", event.match, event.teams.sorted().joined(separator: "\u{1F}"), event.categories.joined(separator: "\u{1F}")]
            .joined(separator: "\u{1E}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\(event.match)-\(String(repeating: "0", count: 16 - hex.count))\(hex)@touchline"
    }

    /// A time zone as the calendar writes it: UTC (no offsets ever) or a zone with a VTIMEZONE.
    struct Zone {
        var timeZone: TimeZone
        var isUTC: Bool {
            ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Etc/Zulu", "Universal", "Zulu"].contains(timeZone.identifier)
        }
    }

    /// The VTIMEZONE of `zone` from a year before the first match to a year after the last: its offset at the
    /// start, then every transition in between (each a STANDARD or DAYLIGHT observance with its own DTSTART,
    /// in the local time before it, RFC 5545 §3.6.5), from the system's time-zone database.
    static func vTimeZone(_ zone: TimeZone, from first: LocalDateTime?, to last: LocalDateTime?) -> [String] {
        let year = 366 * 24 * 60
        let startMinutes = (first?.minutes ?? 0) - year
        let endMinutes = (last?.minutes ?? 0) + year
        // Local minutes to an instant near enough (a day's margin either way is covered by the year's).
        var instant = Date(timeIntervalSince1970: Double(startMinutes) * 60)
        let end = Date(timeIntervalSince1970: Double(endMinutes) * 60)
        func offset(_ date: Date) -> Int { zone.secondsFromGMT(for: date) }
        func offsetText(_ seconds: Int) -> String {
            let sign = seconds < 0 ? "-" : "+"
            let magnitude = abs(seconds) / 60
            let hours = magnitude / 60, minutes = magnitude % 60
            return sign + (hours < 10 ? "0" : "") + "\(hours)" + (minutes < 10 ? "0" : "") + "\(minutes)"
        }
        func local(_ date: Date, _ seconds: Int) -> String {
            let minutes = Int((date.timeIntervalSince1970 + Double(seconds)) / 60)
            return dateTime(LocalDateTime(minutes: minutes))
        }
        func observance(_ date: Date, from: Int, to: Int) -> [String] {
            let daylight = zone.isDaylightSavingTime(for: date)
            let kind = daylight ? "DAYLIGHT" : "STANDARD"
            var lines = ["BEGIN:\(kind)", "DTSTART:\(local(date, from))", "TZOFFSETFROM:\(offsetText(from))", "TZOFFSETTO:\(offsetText(to))"]
            if let name = zone.abbreviation(for: date) { lines.append("TZNAME:\(escape(name))") }
            lines.append("END:\(kind)")
            return lines
        }
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
        lines += observance(instant, from: offset(instant), to: offset(instant))
        var count = 0
        while count < 64, let next = zone.nextDaylightSavingTimeTransition(after: instant), next < end {
            lines += observance(next, from: offset(next.addingTimeInterval(-1)), to: offset(next))
            instant = next
            count += 1
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            default:
                // Other control characters are not allowed in TEXT (§3.3.11); a tab is.
                if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F { out += " " } else { out.unicodeScalars.append(scalar) }
            }
            previousWasCR = scalar == "\r"
        }
        return out
    }

    /// One content line folded (RFC 5545 §3.1): no physical line longer than 75 octets before its CRLF,
    /// continuation lines start with one space, and a multi-octet UTF-8 character is never split.
    package static func fold(_ line: String) -> String {
        var out = ""
        var octets = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > limit {
                out += "\r\n "
                octets = 0
                limit = 74  // the leading space counts
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out + "\r\n"
    }

    /// `YYYYMMDDTHHMMSS` (floating local time).
    public static func dateTime(_ time: LocalDateTime) -> String {
        time.dateText.replacingOccurrences(of: "-", with: "") + "T" + time.timeText.replacingOccurrences(of: ":", with: "") + "00"
    }

    /// `YYYYMMDDTHHMMSSZ` (UTC).
    static func utc(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let minutes = seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
        let rest = seconds - minutes * 60
        return dateTime(LocalDateTime(minutes: minutes)).dropLast(2) + (rest < 10 ? "0\(rest)" : "\(rest)") + "Z"
    }

    static func coordinate(_ value: Double) -> String { String(format: "%.6f", value) }
}
