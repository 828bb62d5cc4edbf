import Foundation
import TouchlineMILP

/// The documented exit codes of the `touchline` command (and the outcome classes of the JSON front end).
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// A plan was printed (status `optimal` or `feasible`); `validate`, `verify` or `export` succeeded.
    case success = 0
    /// `verify` found at least one violation.
    case violations = 1
    /// The instance has no plan (status `infeasible`, proven, with a reason).
    case infeasible = 2
    /// No legal plan was found within the limits and nothing is proven (status `unknown`, with the best-effort
    /// plan and a reason).
    case unknown = 3
    /// Bad command-line usage.
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
}

/// What the JSON front end produced: the text to print and how to exit.
public struct FrontEndOutput: Sendable {
    /// JSON (or text) for standard output.
    public var output: String
    /// Human-readable lines for standard error.
    public var diagnostics: [String]
    public var exitCode: ExitStatus
    public var status: ResultStatus?
}

/// The output format of `solve`.
public enum OutputFormat: String, Sendable, CaseIterable {
    case json
    case text
    /// An iCalendar file (RFC 5545) of the plan's matches, or of one official's or team's (`officials`,
    /// `pitches` and `matchday`).
    case ics
    /// A self-contained printable page (inline CSS, no scripts or network): every kind.
    case html
    /// One row per match, RFC 4180 (`officials`, `pitches`, `matchday`).
    case csv
}

/// JSON in, JSON out: the library behind the `touchline` command.
public enum JSONFrontEnd {
    /// Solves one JSON instance.
    public static func solve(
        _ data: Data, options: SolverOptions = SolverOptions(), settings: RunSettings = RunSettings(),
        format: OutputFormat = .json, pretty: Bool = false, calendarFor: String? = nil, timeZone: String? = nil
    ) -> FrontEndOutput {
        switch identify(data) {
        case let .failure(error):
            return invalid(problem: nil, error.issues, pretty: pretty)
        case let .success(kind):
            return kind.solveJSON(
                data, options: options, settings: settings, format: format, pretty: pretty, calendarFor: calendarFor,
                timeZone: timeZone)
        }
    }

    /// Checks a JSON instance without solving it: every problem with its JSON path (empty when valid).
    public static func validate(_ data: Data) -> [InputIssue] {
        switch identify(data) {
        case let .failure(error): return error.issues
        case let .success(kind): return kind.validateJSON(data)
        }
    }

    /// Warnings about a JSON instance that do not stop it from being solved (fields its schema does not know).
    public static func warnings(_ data: Data) -> [String] {
        switch identify(data) {
        case .failure: return []
        case let .success(kind): return kind.unknownFieldWarnings(data)
        }
    }

    /// Re-checks a result (the JSON `solve` printed) against every rule of its instance's kind.
    public static func verify(instance: Data, result: Data) -> Result<[String], TouchlineError> {
        switch identify(instance) {
        case let .failure(error): return .failure(error)
        case let .success(kind): return kind.verifyJSON(instance: instance, result: result)
        }
    }

    /// Writes the MILP of a JSON instance as CPLEX LP or free MPS (objective level `level`, 0-based; earlier
    /// levels are held at the values the MILP finds for them, which needs GLPK).
    public static func export(_ data: Data, format: ModelFileFormat, level: Int = 0) -> Result<String, TouchlineError> {
        switch identify(data) {
        case let .failure(error): return .failure(error)
        case let .success(kind): return kind.exportJSON(data, format: format, level: level)
        }
    }

    /// A generated instance of the named kind as JSON (keys sorted, indented, so that the same size and seed
    /// give the same bytes): see ``ProblemKind/generate(size:seed:)``. Fails with `--size` or `KIND` as the
    /// path when the kind is unknown or the size out of its range.
    public static func generate(kind name: String, size: Int, seed: UInt64) -> Result<String, TouchlineError> {
        guard let kind = ProblemKinds.kind(named: name) else {
            return .failure(.invalidInput([InputIssue(
                path: "KIND", message: "unknown problem kind \"\(name)\"; expected one of \(ProblemKinds.names.joined(separator: ", "))")]))
        }
        return kind.generateJSON(size: size, seed: seed)
    }

    /// The JSON Schema of a kind's instance.
    public static func schema(_ name: String) -> String? {
        ProblemKinds.kind(named: name)?.schema
    }

    /// The kind named by a JSON document's `problem` field, or nil when it names none (or is not JSON).
    public static func kind(of data: Data) -> (any ProblemKind.Type)? {
        try? identify(data).get()
    }

    /// Finds the kind named by the document's `problem` field.
    static func identify(_ data: Data) -> Result<any ProblemKind.Type, TouchlineError> {
        let document: JSONValue
        switch JSONDocument.parse(data) {
        case let .failure(error): return .failure(.invalidInput([error.issue]))
        case let .success(value): document = value
        }
        let name: String
        switch document["problem"] {
        case nil, .null?:
            return .failure(.invalidInput([InputIssue(
                path: "problem", message: "required field is missing; expected one of \(ProblemKinds.names.joined(separator: ", "))")]))
        case let .string(text)?: name = text
        default:
            return .failure(.invalidInput([InputIssue(
                path: "problem", message: "expected a string, one of \(ProblemKinds.names.joined(separator: ", "))")]))
        }
        guard let kind = ProblemKinds.kind(named: name) else {
            return .failure(.invalidInput([InputIssue(
                path: "problem", message: "unknown problem kind \"\(name)\"; expected one of \(ProblemKinds.names.joined(separator: ", "))")]))
        }
        return .success(kind)
    }

    /// The `invalid` result of a line of `--jsonl` input that holds no instance (one JSON line).
    public static func invalidLine(_ message: String) -> FrontEndOutput {
        invalid(problem: nil, [InputIssue(path: "", message: message)], pretty: false)
    }

    static func invalid(problem: String?, _ issues: [InputIssue], pretty: Bool) -> FrontEndOutput {
        struct InvalidReport: Encodable {
            var problem: String?
            var status = ResultStatus.invalid
            var errors: [InputIssue]
            var warnings: [String] = []
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(problem, forKey: .problem)
                try container.encode(status, forKey: .status)
                try container.encode(errors, forKey: .errors)
                try container.encode(warnings, forKey: .warnings)
            }
            enum CodingKeys: String, CodingKey { case problem, status, errors, warnings }
        }
        let output = encodeJSON(InvalidReport(problem: problem, errors: issues), pretty: pretty)
        return FrontEndOutput(output: output, diagnostics: issues.map(\.description), exitCode: .invalidInput, status: .invalid)
    }

    /// Sorted keys, so that the same input gives the same bytes.
    static func encodeJSON<Value: Encodable>(_ value: Value, pretty: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            return "{\"status\":\"invalid\",\"errors\":[{\"path\":\"\",\"message\":\"could not encode the result\"}]}"
        }
    }
}

extension ProblemKind {
    /// Decodes an instance, reporting every decoding and validation problem with its JSON path.
    public static func decodeInstance(_ data: Data) -> Result<Instance, TouchlineError> {
        let document: JSONValue
        switch JSONDocument.parse(data) {
        case let .failure(error): return .failure(.invalidInput([error.issue]))
        case let .success(value): document = value
        }
        // Numbers outside their schema ranges are named here, with their paths, before the decoder sees them; the
        // rest of the instance is still checked (with those numbers clamped into range), so that every problem
        // is listed at once.
        let ranges = SchemaRanges.check(document, schema: schema)
        let instance: Instance
        do {
            let readable = ranges.isEmpty ? document : SchemaRanges.clamped(document, schema: schema)
            instance = try JSONDecoder().decode(Instance.self, from: JSONDocument.normalized(readable))
        } catch {
            return .failure(.invalidInput(ranges + [JSONPath.issue(from: error)]))
        }
        guard ranges.isEmpty else {
            let paths = Set(ranges.map(\.path))
            return .failure(.invalidInput(ranges + semanticIssues(instance).filter { !paths.contains($0.path) }))
        }
        return .success(instance)
    }

    /// The problems of a decoded instance: its options and the kind's own rules.
    static func semanticIssues(_ instance: Instance) -> [InputIssue] {
        var collector = IssueCollector()
        options(of: instance)?.validate(into: &collector)
        return collector.issues + validate(instance)
    }

    static func generateJSON(size: Int, seed: UInt64) -> Result<String, TouchlineError> {
        let range = generatorSize.range
        guard range.contains(size) else {
            return .failure(.invalidInput([InputIssue(
                path: "--size", message: "expected \(range.lowerBound) to \(range.upperBound) (\(generatorSize.meaning)), got \(size)")]))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return .success(String(decoding: try encoder.encode(generate(size: size, seed: seed)), as: UTF8.self) + "\n")
        } catch {
            return .failure(.solverFailure("cannot encode the generated instance: \(error)"))
        }
    }

    static func validateJSON(_ data: Data) -> [InputIssue] {
        switch decodeValidInstance(data) {
        case let .failure(error): return error.issues
        case .success: return []
        }
    }

    /// Fields the kind's schema does not know, as warnings (`matches[2].preffered: unknown field, ignored`).
    static func unknownFieldWarnings(_ data: Data) -> [String] {
        UnknownFields.find(in: data, schema: schema)
    }

    static func solveJSON(
        _ data: Data, options: SolverOptions, settings: RunSettings, format: OutputFormat, pretty: Bool,
        calendarFor: String? = nil, timeZone: String? = nil
    ) -> FrontEndOutput {
        // The time limit counts from here: reading a large document is part of the solve a caller waits for.
        var settings = settings
        if settings.started == nil { settings.started = ContinuousClock.now }
        let instance: Instance
        switch decodeInstance(data) {
        case let .failure(error): return JSONFrontEnd.invalid(problem: name, error.issues, pretty: pretty)
        case let .success(decoded): instance = decoded
        }
        if format == .ics {
            guard let subjects = abilities.calendarSubjects(instance) else {
                return FrontEndOutput(
                    output: "", diagnostics: [
                        "--format ics: the \(name) kind has no calendar; ics is for match-day plans (officials, pitches, matchday)"],
                    exitCode: .usage, status: nil)
            }
            if let timeZone, TimeZone(identifier: timeZone) == nil {
                return FrontEndOutput(
                    output: "", diagnostics: [
                        "--time-zone: \"\(timeZone)\" is not a time zone of this system's database (e.g. Europe/London, UTC)"],
                    exitCode: .usage, status: nil)
            }
            if let calendarFor, !subjects.contains(calendarFor) {
                return FrontEndOutput(
                    output: "", diagnostics: [
                        "--calendar-for: \"\(calendarFor)\" is neither an official nor a team of this instance"],
                    exitCode: .usage, status: nil)
            }
        }
        if format == .html, !abilities.isPrintable {
            return FrontEndOutput(
                output: "", diagnostics: ["--format html: the \(name) kind has no printable page"],
                exitCode: .usage, status: nil)
        }
        if format == .csv, !abilities.isSpreadsheet {
            return FrontEndOutput(
                output: "", diagnostics: ["--format csv: the \(name) kind has no spreadsheet; csv is for match-day plans (officials, pitches, matchday)"],
                exitCode: .usage, status: nil)
        }
        var report: SolveReport<Self>
        do {
            report = try Engine.solve(instance, kind: Self.self, options: options, settings: settings)
        } catch let error {
            switch error {
            case .methodUnavailable:
                return FrontEndOutput(output: "", diagnostics: [error.description], exitCode: .unavailable, status: nil)
            default:
                return FrontEndOutput(output: "", diagnostics: [error.description], exitCode: .internalError, status: nil)
            }
        }
        if report.status == .invalid {
            return JSONFrontEnd.invalid(problem: name, report.errors ?? [], pretty: pretty)
        }
        report.warnings = unknownFieldWarnings(data) + report.warnings
        var diagnostics = report.warnings.map { "warning: \($0)" }
        if let reason = report.reason { diagnostics.append("\(report.status.rawValue): \(reason)") }
        let exitCode: ExitStatus = switch report.status {
        case .infeasible: .infeasible
        case .unknown: .unknown
        default: .success
        }
        let output: String
        switch format {
        case .json: output = JSONFrontEnd.encodeJSON(report, pretty: pretty)
        case .text:
            // Ids and names are shown with their control characters escaped, so that no input forges a line.
            output = renderText(JSONDocument.printableCopy(instance), JSONDocument.printableCopy(report))
        case .html:
            output = abilities.renderHTML(JSONDocument.printableCopy(instance), JSONDocument.printableCopy(report)) ?? ""
        case .csv:
            // Fields are quoted, so names keep their own characters.
            output = abilities.renderCSV(instance, report) ?? ""
        case .ics:
            // No plan, no calendar: the reason is on standard error and the exit code says infeasible.
            guard let solution = report.solution, let plan = abilities.calendar(instance, solution) else {
                return FrontEndOutput(output: "", diagnostics: diagnostics, exitCode: exitCode, status: report.status)
            }
            let stamp = settings.reproducible ? Date(timeIntervalSince1970: 0) : Date()
            // The subject was checked against calendarSubjects before solving.
            output = plan.iCalendar(for: calendarFor, kind: name, stamp: stamp, timeZone: timeZone.flatMap(TimeZone.init(identifier:))) ?? ""
        }
        return FrontEndOutput(output: output, diagnostics: diagnostics, exitCode: exitCode, status: report.status)
    }

    /// Decodes an instance and checks it (options included): a valid instance or every issue.
    static func decodeValidInstance(_ data: Data) -> Result<Instance, TouchlineError> {
        decodeInstance(data).flatMap { instance in
            let issues = semanticIssues(instance)
            return issues.isEmpty ? .success(instance) : .failure(.invalidInput(issues))
        }
    }

    static func verifyJSON(instance data: Data, result: Data) -> Result<[String], TouchlineError> {
        let instance: Instance
        switch decodeValidInstance(data) {
        case let .failure(error): return .failure(error)
        case let .success(decoded): instance = decoded
        }
        let report: SolveReport<Self>
        do {
            let document: JSONValue
            switch JSONDocument.parse(result) {
            case let .failure(error):
                return .failure(.invalidInput([InputIssue(path: error.issue.path, message: "in the result: \(error.issue.message)")]))
            case let .success(value): document = value
            }
            report = try JSONDecoder().decode(SolveReport<Self>.self, from: JSONDocument.normalized(document))
        } catch {
            let issue = JSONPath.issue(from: error)
            return .failure(.invalidInput([InputIssue(path: issue.path, message: "in the result: \(issue.message)")]))
        }
        if report.problem != name {
            return .success(["problem: the result is for \"\(report.problem)\", the instance for \"\(name)\""])
        }
        return .success(Engine.verify(instance, report: report, kind: Self.self))
    }

    static func exportJSON(_ data: Data, format: ModelFileFormat, level: Int) -> Result<String, TouchlineError> {
        let instance: Instance
        switch decodeValidInstance(data) {
        case let .failure(error): return .failure(error)
        case let .success(decoded): instance = decoded
        }
        let formulation = formulate(instance)
        let model = formulation.model
        guard level >= 0 && level < max(1, model.objectives.count) else {
            return .failure(.invalidInput([InputIssue(
                path: "--level", message: "expected a level from 0 to \(max(0, model.objectives.count - 1))")]))
        }
        var held: [ConstraintDefinition] = []
        if level > 0 {
            guard let solver = Solvers.default else {
                return .failure(.methodUnavailable("export --level \(level) solves the earlier levels, which needs the GLPK trait"))
            }
            var truncated = model
            truncated.objectives = Array(model.objectives.prefix(level))
            let solved = solver.solve(truncated, options: SolveOptions(timeLimitSeconds: options(of: instance)?.resolvedTimeLimit ?? 10))
            guard let values = solved.values, solved.termination == .optimal else {
                return .failure(.solverFailure("the earlier levels were not solved to optimality: \(solved.message ?? solved.termination.rawValue)"))
            }
            held = model.holdingRows(upTo: level, values: values)
        }
        do {
            return .success(try model.export(format, level: level, held: held))
        } catch {
            return .failure(.solverFailure(error.description))
        }
    }
}
