/// One problem with an input, located by its JSON path (`matches[3].pitch`).
public struct InputIssue: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The JSON path of the offending value, e.g. `players[3].positions[0]`; `""` for the whole document.
    public var path: String
    /// What is wrong and what was expected.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// One line: control characters in the path or the message (from ids and keys in the input) are shown as
    /// escapes, so that no input can print what looks like another line.
    public var description: String { path.isEmpty ? message.printable : "\(path.printable): \(message.printable)" }
}

/// The errors of the Touchline library.
public enum TouchlineError: Error, Sendable, CustomStringConvertible {
    /// The input is not a valid instance: every issue found, each with its JSON path.
    case invalidInput([InputIssue])
    /// No problem kind has this name.
    case unknownKind(String)
    /// An argument of a call is outside its range (`size` of a generated instance, `level` of an export).
    case outOfRange(argument: String, expected: String)
    /// The kind has no output in this format (a lineup has no calendar or spreadsheet).
    case formatUnavailable(OutputFormat, kind: String)
    /// The time zone asked for a calendar is not in this system's time-zone database.
    case unknownTimeZone(String)
    /// The official or team whose calendar was asked for is not in the instance.
    case unknownCalendarSubject(String)
    /// The requested method is not in this build (`milp` without the `GLPK` trait).
    case methodUnavailable(String)
    /// A result failed its independent verification: a bug, never printed as a result.
    case verificationFailed([String])
    /// The solver failed in a way that left no answer.
    case solverFailure(String)
    /// `split` or `merge` of a kind or an instance that is not split (standings, lineups, a league objective).
    case splitUnavailable(String)

    /// The input issues, for ``TouchlineError/invalidInput(_:)``; otherwise one issue holding the description.
    public var issues: [InputIssue] {
        if case let .invalidInput(issues) = self { return issues }
        return [InputIssue(path: "", message: description)]
    }

    public var description: String {
        switch self {
        case let .invalidInput(issues):
            return issues.map(\.description).joined(separator: "\n")
        case let .unknownKind(name):
            return "unknown problem kind \"\(name)\"; expected one of \(ProblemKinds.names.joined(separator: ", "))"
        case let .outOfRange(argument, expected):
            return "\(argument): expected \(expected)"
        case let .formatUnavailable(format, kind):
            return "the \(kind) kind has no \(format.meaning)"
                + (format.matchDayOnly ? "; \(format.rawValue) is for match-day plans (officials, pitches, matchday)" : "")
        case let .unknownTimeZone(zone):
            return "\"\(zone)\" is not a time zone of this system's database (e.g. Europe/London, UTC)"
        case let .unknownCalendarSubject(subject):
            return "\"\(subject)\" is neither an official nor a team of this instance"
        case let .methodUnavailable(message):
            return message
        case let .verificationFailed(violations):
            return "internal error: the result failed verification:\n" + violations.joined(separator: "\n")
        case let .solverFailure(message):
            return "solver failure: \(message)"
        case let .splitUnavailable(message):
            return message
        }
    }
}

extension String {
    /// The text with every control character (C0, DEL, C1, line and paragraph separators) written as an escape
    /// (`\n`, `\t`, `\u{7F}`): safe to print on one line of text, a table cell or a log.
    package var printable: String {
        guard unicodeScalars.contains(where: \.isControlLike) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            guard scalar.isControlLike else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    var isControlLike: Bool {
        value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0x2028 || value == 0x2029
    }
}
