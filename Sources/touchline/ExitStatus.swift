import ArgumentParser
import Touchline

/// The documented exit codes of the `touchline` command. Results and library errors become exit codes here and
/// nowhere else (the two initialisers below).
enum ExitStatus: Int32, Sendable, CaseIterable {
    /// A plan was printed (status `optimal` or `feasible`); `validate`, `verify` or `export` succeeded.
    case success = 0
    /// `verify` found at least one violation.
    case violations = 1
    /// The instance has no plan (status `infeasible`, proven, with a reason).
    case infeasible = 2
    /// No legal plan was found within the limits and nothing is proven (status `unknown`, with the best-effort
    /// plan and a reason).
    case unknown = 3
    /// Bad command-line usage (including an output format or calendar the instance cannot have).
    case usage = 64
    /// The input is not a valid instance (status `invalid`, every error with its JSON path).
    case invalidInput = 65
    /// An input file could not be read.
    case noInput = 66
    /// The requested method is not in this build (`milp` without GLPK).
    case unavailable = 69
    /// Internal error: a solver failure, or a result that failed its own verification (never printed as a plan).
    case internalError = 70
    /// An output file could not be written.
    case cannotCreate = 73
    /// Standard output could not be written (closed, full, or its reader went away); the message is on
    /// standard error.
    case outputError = 74

    /// The exit code of a printed result.
    init(_ status: ResultStatus) {
        self =
            switch status {
            case .optimal, .feasible: .success
            case .infeasible: .infeasible
            case .unknown: .unknown
            case .invalid: .invalidInput
            }
    }

    /// The exit code of a library error.
    init(_ error: TouchlineError) {
        self =
            switch error {
            case .invalidInput: .invalidInput
            case .unknownKind, .outOfRange, .formatUnavailable, .unknownTimeZone, .unknownCalendarSubject, .splitUnavailable: .usage
            case .methodUnavailable: .unavailable
            case .verificationFailed, .solverFailure: .internalError
            }
    }

    /// A library error in the command's own words: the option it is about comes first.
    static func messages(_ error: TouchlineError) -> [String] {
        switch error {
        case let .invalidInput(issues): issues.map(\.description)
        case let .outOfRange(argument, expected): ["--\(argument): expected \(expected)"]
        case .unknownKind: ["KIND: \(error.description)"]
        case let .formatUnavailable(format, _): ["--format \(format.rawValue): \(error.description)"]
        case .unknownTimeZone: ["--time-zone: \(error.description)"]
        case .unknownCalendarSubject: ["--calendar-for: \(error.description)"]
        case .splitUnavailable: [error.description]
        case .methodUnavailable, .verificationFailed, .solverFailure: [error.description]
        }
    }

    /// Prints a library error on standard error and ends the command with its exit code.
    static func fail(_ error: TouchlineError) throws -> Never {
        for line in messages(error) { IO.error(line) }
        throw ArgumentParser.ExitCode(ExitStatus(error).rawValue)
    }
}
