/// A wall-clock date and time without a time zone, as fixtures are written (`2026-11-21T14:25`).
///
/// Stored as minutes since 1970-01-01T00:00 on the proleptic Gregorian calendar, so comparisons and
/// durations are exact integer arithmetic and no time zone or daylight-saving rule can move a match.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Minutes since 1970-01-01T00:00.
    public var minutes: Int

    public init(minutes: Int) { self.minutes = minutes }

    /// Parses `YYYY-MM-DDTHH:MM`, optionally with `:SS` (seconds must be 00) or a date alone (`YYYY-MM-DD`,
    /// midnight). Returns nil for anything else, including impossible dates.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count == 10 || bytes.count == 16 || bytes.count == 19 else { return nil }
        guard let year = digits(0..<4), bytes[4] == 45, let month = digits(5..<7), bytes[7] == 45,
            let day = digits(8..<10)
        else { return nil }
        var hour = 0, minute = 0
        if bytes.count >= 16 {
            guard bytes[10] == 84 || bytes[10] == 32, let h = digits(11..<13), bytes[13] == 58, let m = digits(14..<16)
            else { return nil }
            hour = h
            minute = m
            if bytes.count == 19 {
                guard bytes[16] == 58, let seconds = digits(17..<19), seconds == 0 else { return nil }
            }
        }
        guard (1...12).contains(month), day >= 1, day <= LocalDateTime.daysIn(month: month, year: year),
            hour < 24, minute < 60
        else { return nil }
        minutes = (LocalDateTime.daysFromCivil(year: year, month: month, day: day) * 24 + hour) * 60 + minute
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = LocalDateTime(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "invalid date-time \"\(text)\"; expected YYYY-MM-DDTHH:MM")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Days since 1970-01-01 (the calendar day of this moment).
    public var day: Int { minutes >= 0 ? minutes / 1440 : (minutes - 1439) / 1440 }

    public var minuteOfDay: Int { minutes - day * 1440 }

    /// `YYYY-MM-DD`.
    public var dateText: String {
        let (year, month, dayOfMonth) = LocalDateTime.civil(fromDays: day)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))"
    }

    /// `HH:MM`.
    public var timeText: String { "\(pad(minuteOfDay / 60, 2)):\(pad(minuteOfDay % 60, 2))" }

    /// `YYYY-MM-DDTHH:MM`.
    public var description: String { "\(dateText)T\(timeText)" }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.minutes < rhs.minutes }

    public static func + (lhs: LocalDateTime, minutes: Int) -> LocalDateTime { LocalDateTime(minutes: lhs.minutes + minutes) }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil and civil_from_days.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}

/// A half-open interval of wall-clock time `[from, to)`.
public struct TimeWindow: Sendable, Codable, Hashable {
    public var from: LocalDateTime
    public var to: LocalDateTime

    public init(from: LocalDateTime, to: LocalDateTime) {
        self.from = from
        self.to = to
    }

    /// True when `[start, end)` and this window share a minute.
    public func overlaps(start: LocalDateTime, end: LocalDateTime) -> Bool {
        start < to && from < end
    }
}
