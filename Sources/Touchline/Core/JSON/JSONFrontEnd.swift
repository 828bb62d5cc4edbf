import Foundation
import TouchlineMILP

/// What the JSON front end produced: the text to print and the result's status (the `touchline` command maps
/// it to an exit code).
public struct FrontEndOutput: Sendable {
    /// JSON (or text, HTML, CSV, iCalendar) for standard output.
    public var output: String
    /// Human-readable lines for standard error: warnings, and the reason of an infeasible or unknown result.
    public var diagnostics: [String]
    /// The status of the result (`invalid` when the input is not a valid instance).
    public var status: ResultStatus
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

    /// What the format is, in words ("calendar", "printable page").
    var meaning: String {
        switch self {
        case .json: "JSON result"
        case .text: "text rendering"
        case .ics: "calendar"
        case .html: "printable page"
        case .csv: "spreadsheet"
        }
    }

    /// True for the formats only match-day plans have.
    var matchDayOnly: Bool { self == .ics || self == .csv }
}

/// JSON in, JSON out: the library behind the `touchline` command.
public enum JSONFrontEnd {
    /// Solves one JSON instance. An input that is not a valid instance is a result (status `invalid`, every
    /// issue with its JSON path), not an error.
    ///
    /// - Throws: ``TouchlineError/formatUnavailable(_:kind:)``, ``TouchlineError/unknownTimeZone(_:)`` and
    ///   ``TouchlineError/unknownCalendarSubject(_:)`` for an output the instance cannot have;
    ///   ``TouchlineError/methodUnavailable(_:)`` for `milp` in a greedy-only build;
    ///   ``TouchlineError/verificationFailed(_:)`` and ``TouchlineError/solverFailure(_:)`` when no result can
    ///   be given.
    public static func solve(
        _ data: Data, options: InstanceOptions = InstanceOptions(), settings: RunSettings = RunSettings(),
        format: OutputFormat = .json, pretty: Bool = false, calendarFor: String? = nil, timeZone: String? = nil
    ) throws(TouchlineError) -> FrontEndOutput {
        // The time limit counts from here: reading a large document is part of the solve a caller waits for.
        var settings = settings
        if settings.started == nil { settings.started = ContinuousClock.now }
        // The document is read once: the kind, the instance and the unknown fields all come from this one parse.
        switch read(data) {
        case let .failure(error):
            return invalid(problem: nil, error.issues, pretty: pretty)
        case let .success((document, kind)):
            return try kind.solveJSON(
                document, options: options, settings: settings, format: format, pretty: pretty, calendarFor: calendarFor,
                timeZone: timeZone)
        }
    }

    /// Checks a JSON instance without solving it: every problem with its JSON path (empty when valid), decoding
    /// and semantic problems of the whole document in one pass. With `strict` (or the instance's
    /// `options.strict`), fields the schema does not know are problems too.
    public static func validate(_ data: Data, strict: Bool = false, lenient: Bool = false) -> [InputIssue] {
        switch read(data) {
        case let .failure(error): return error.issues
        case let .success((document, kind)): return kind.validateJSON(document, strict: strict, lenient: lenient)
        }
    }

    /// Warnings about a JSON instance that do not stop it from being solved: fields its schema does not know,
    /// and in a valid instance what it probably does not mean (the kind's ``ProblemKind/inputWarnings(_:)``).
    public static func warnings(_ data: Data) -> [String] {
        switch read(data) {
        case .failure: return []
        case let .success((document, kind)): return kind.unknownFieldWarnings(document) + kind.inputWarningLines(document)
        }
    }

    /// Re-checks a result (the JSON `solve` printed) against every rule of its instance's kind: every broken
    /// rule and unsupported claim in words, empty when the result holds.
    ///
    /// - Throws: ``TouchlineError/invalidInput(_:)`` when the instance or the result cannot be read.
    public static func verify(instance: Data, result: Data) throws(TouchlineError) -> [String] {
        try identify(instance).get().verifyJSON(instance: instance, result: result).get()
    }

    /// Writes the MILP of a JSON instance as CPLEX LP or free MPS (objective level `level`, 0-based; earlier
    /// levels are held at the values the MILP finds for them, which needs GLPK).
    ///
    /// - Parameters:
    ///   - data: the instance, as JSON.
    ///   - format: CPLEX LP or free MPS.
    ///   - level: the objective level to write, 0-based.
    ///   - hold: the values of levels `0..<level` to hold (for example a result's, to be checked by another
    ///     solver level by level); absent, the earlier levels are solved here by GLPK on this model.
    ///
    /// - Throws: ``TouchlineError/invalidInput(_:)`` for an instance that cannot be read or is not valid, and
    ///   an out-of-range error for a level the model does not have.
    public static func export(
        _ data: Data, format: ModelFileFormat, level: Int = 0, hold: [Double]? = nil
    ) throws(TouchlineError) -> String {
        try identify(data).get().exportJSON(data, format: format, level: level, hold: hold).get()
    }

    /// A generated instance of the named kind as JSON (keys sorted, indented, so that the same size and seed
    /// give the same bytes): see ``ProblemKind/generate(size:seed:)``.
    ///
    /// - Throws: ``TouchlineError/unknownKind(_:)``, or an out-of-range error naming `size` when the size is
    ///   outside the kind's range.
    public static func generate(kind name: String, size: Int, seed: UInt64) throws(TouchlineError) -> String {
        guard let kind = ProblemKinds.kind(named: name) else { throw .unknownKind(name) }
        return try kind.generateJSON(size: size, seed: seed).get()
    }

    /// A generated tournament day of `games` games (see ``LineupKind/generateDay(size:games:seed:)``), as
    /// ``generate(kind:size:seed:)`` writes it.
    ///
    /// - Throws: an out-of-range error naming `size` or `games`.
    public static func generateDay(size: Int, games: Int, seed: UInt64) throws(TouchlineError) -> String {
        let range = LineupKind.generatorSize.range
        guard range.contains(size) else {
            throw .outOfRange(
                argument: "size", expected: "\(range.lowerBound) to \(range.upperBound) (\(LineupKind.generatorSize.meaning)), got \(size)")
        }
        guard (1...LineupKind.maxGeneratedGames).contains(games) else {
            throw .outOfRange(argument: "games", expected: "1 to \(LineupKind.maxGeneratedGames) games, got \(games)")
        }
        return try generatedJSON(LineupKind.generateDay(size: size, games: games, seed: seed), what: "day")
    }

    /// A generated officials season of `regions` regions (see ``OfficialsKind/generateSeason(size:regions:seed:)``),
    /// as ``generate(kind:size:seed:)`` writes it.
    public static func generateSeason(size: Int, regions: Int, seed: UInt64) throws(TouchlineError) -> String {
        let most = OfficialsKind.generatorSize.range.upperBound
        guard regions >= 1, size >= regions, (size + regions - 1) / regions <= most else {
            throw .outOfRange(argument: "size", expected: "\(regions) to \(regions * most) with \(regions) regions, got \(size)")
        }
        return try generatedJSON(OfficialsKind.generateSeason(size: size, regions: regions, seed: seed), what: "season")
    }

    /// A generated instance as `generate` writes it: keys sorted and indented (the same bytes on every machine),
    /// a final newline.
    static func generatedJSON(_ value: some Encodable, what: String) throws(TouchlineError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        } catch {
            throw .solverFailure("cannot encode the generated \(what): \(error)")
        }
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
        read(data).map(\.kind)
    }

    /// The document and the kind its `problem` field names.
    static func read(_ data: Data) -> Result<(document: JSONValue, kind: any ProblemKind.Type), TouchlineError> {
        switch JSONDocument.parse(data) {
        case let .failure(error): return .failure(.invalidInput([error.issue]))
        case let .success(document): return identify(document: document).map { (document, $0) }
        }
    }

    static func identify(document: JSONValue) -> Result<any ProblemKind.Type, TouchlineError> {
        let name: String
        switch document["problem"] {
        case nil, .null?:
            return .failure(
                .invalidInput([
                    InputIssue(
                        path: "problem", message: "required field is missing; expected one of \(ProblemKinds.names.joined(separator: ", "))")
                ]))
        case let .string(text)?: name = text
        default:
            return .failure(
                .invalidInput([
                    InputIssue(
                        path: "problem", message: "expected a string, one of \(ProblemKinds.names.joined(separator: ", "))")
                ]))
        }
        guard let kind = ProblemKinds.kind(named: name) else {
            return .failure(
                .invalidInput([
                    InputIssue(
                        path: "problem", message: "unknown problem kind \"\(name)\"; expected one of \(ProblemKinds.names.joined(separator: ", "))")
                ]))
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
        return FrontEndOutput(output: output, diagnostics: issues.map(\.description), status: .invalid)
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
    /// Decodes and checks an instance: the instance, or ``TouchlineError/invalidInput(_:)`` with every decoding
    /// and validation problem and its JSON path (the same as `touchline validate` lists).
    public static func decodeInstance(_ data: Data) throws(TouchlineError) -> Instance {
        try decodeValidInstance(data).get()
    }

    static func decodeInstance(document: JSONValue) -> Result<Instance, TouchlineError> {
        // Every problem of the document at once: values of the wrong type or outside their fixed sets and missing
        // required fields (the schema's shape), numbers outside their ranges, whatever the decoder still rejects,
        // and the kind's own rules, each found on a copy repaired of the problems before it.
        let shape = SchemaShape.check(document, schema: schema)
        var readable = shape.repaired ?? document
        let ranges = SchemaRanges.check(readable, schema: schema)
        if !ranges.isEmpty { readable = SchemaRanges.clamped(readable, schema: schema) }
        var issues = shape.issues + ranges
        var decoded: Instance? = nil
        var repairs = 0
        var repaired: Set<[SchemaShape.Step]> = []
        while decoded == nil {
            do {
                decoded = try JSONValueDecoder().decode(Instance.self, from: readable)
            } catch {
                let issue = JSONPath.issue(from: error)
                if !issues.contains(where: { SchemaShape.isWithin(issue.path, $0.path) && !$0.path.isEmpty }) || issue.path.isEmpty {
                    issues.append(issue)
                }
                // A value the decoder rejects (a date that does not exist) is repaired like the shape's, so that
                // the rest is still checked; a few rounds at most, then the problems so far are the answer.
                repairs += 1
                guard repairs <= 16, let steps = Self.steps(of: error), !steps.isEmpty, !repaired.contains(steps),
                    let found = SchemaShape.schema(at: steps, schema: schema)
                else {
                    return .failure(.invalidInput(issues))
                }
                let replacement: JSONValue? =
                    found.required
                    ? SchemaShape.placeholder(found.schema) : nil
                guard let next = SchemaShape.replacing(readable, at: steps[...], with: replacement) else {
                    return .failure(.invalidInput(issues))
                }
                readable = next
                repaired.insert(steps)
            }
        }
        guard let instance = decoded else { return .failure(.invalidInput(issues)) }
        guard issues.isEmpty else {
            let reported = issues.map(\.path)
            let rest = semanticIssues(instance).filter { issue in !reported.contains { SchemaShape.isWithin(issue.path, $0) } }
            return .failure(.invalidInput(issues + rest))
        }
        return .success(instance)
    }

    /// The path of a decoding error as steps into the document (nil for an error with no path).
    private static func steps(of error: any Error) -> [SchemaShape.Step]? {
        guard let error = error as? DecodingError else { return nil }
        var path: [any CodingKey]
        switch error {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            path = context.codingPath
        case let .keyNotFound(key, context):
            path = context.codingPath + [key]
        @unknown default:
            return nil
        }
        return path.map { key in
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                return .index(index)
            }
            return .key(key.stringValue)
        }
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
            return .failure(
                .outOfRange(
                    argument: "size", expected: "\(range.lowerBound) to \(range.upperBound) (\(generatorSize.meaning)), got \(size)"))
        }
        return Result { () throws(TouchlineError) in try JSONFrontEnd.generatedJSON(generate(size: size, seed: seed), what: "instance") }
    }

    static func validateJSON(_ document: JSONValue, strict: Bool = false, lenient: Bool = false) -> [InputIssue] {
        let unknown = strictIssues(document, strict: strict, lenient: lenient)
        switch decodeValidInstance(document: document) {
        case let .failure(error): return error.issues + unknown
        case .success: return unknown
        }
    }

    /// The unknown fields as errors when the check is strict (the caller's flag or the document's
    /// `options.strict: true`); otherwise the near misses of known fields (`arrives` for `arrivesAt`), unless
    /// the check is lenient (the caller's flag or `options.lenient: true`).
    static func strictIssues(_ document: JSONValue, strict: Bool, lenient: Bool = false) -> [InputIssue] {
        var isStrict = strict
        if case .bool(true)? = document["options"]?["strict"] { isStrict = true }
        if isStrict { return UnknownFields.issues(in: document, schema: schema, strict: true) }
        var isLenient = lenient
        if case .bool(true)? = document["options"]?["lenient"] { isLenient = true }
        return isLenient ? [] : UnknownFields.issues(in: document, schema: schema, strict: false, nearMissesOnly: true)
    }

    /// Fields the kind's schema does not know, as warnings (`matches[2].preffered: unknown field, ignored`).
    static func unknownFieldWarnings(_ document: JSONValue) -> [String] {
        UnknownFields.find(in: document, schema: schema)
    }

    /// The kind's warnings about a valid instance's document, as lines (none for an invalid one).
    static func inputWarningLines(_ document: JSONValue) -> [String] {
        guard case let .success(instance) = decodeValidInstance(document: document) else { return [] }
        return inputWarnings(instance).map(\.description)
    }

    static func solveJSON(
        _ document: consuming JSONValue, options: InstanceOptions, settings: RunSettings, format: OutputFormat,
        pretty: Bool, calendarFor: String? = nil, timeZone: String? = nil
    ) throws(TouchlineError) -> FrontEndOutput {
        let instance: Instance
        let unknownAsErrors = strictIssues(document, strict: options.strict ?? false, lenient: options.lenient ?? false)
        switch decodeInstance(document: document) {
        case let .failure(error): return JSONFrontEnd.invalid(problem: name, error.issues + unknownAsErrors, pretty: pretty)
        case let .success(decoded): instance = decoded
        }
        guard unknownAsErrors.isEmpty else { return JSONFrontEnd.invalid(problem: name, unknownAsErrors, pretty: pretty) }
        // Found before solving, so that the document is not held while the solver works.
        let unknownFields = unknownFieldWarnings(document)
        // A page or sheet for a person shows the instance's strings with their control characters escaped; an
        // instance whose document has none is shown as it is (no copy through JSON).
        let escapesInstance = (format == .text || format == .html) && document.hasControlCharacters
        _ = consume document
        if format == .ics {
            guard let subjects = calendarSubjectsIfAny(instance) else { throw .formatUnavailable(.ics, kind: name) }
            if let timeZone, TimeZone(identifier: timeZone) == nil { throw .unknownTimeZone(timeZone) }
            if let calendarFor, !subjects.contains(calendarFor) { throw .unknownCalendarSubject(calendarFor) }
        }
        if format == .html, !isPrintable { throw .formatUnavailable(.html, kind: name) }
        if format == .csv, !isSpreadsheet { throw .formatUnavailable(.csv, kind: name) }
        var report = try Engine.solve(instance, kind: Self.self, options: options, settings: settings)
        if report.status == .invalid {
            return JSONFrontEnd.invalid(problem: name, report.errors ?? [], pretty: pretty)
        }
        report.warnings = unknownFields + inputWarnings(instance).map(\.description) + report.warnings
        (report.id, report.part) = splitIdentity(instance)
        var diagnostics = report.warnings.map { "warning: \($0)" }
        if let reason = report.reason { diagnostics.append("\(report.status.rawValue): \(reason)") }
        let output: String
        switch format {
        case .json: output = JSONFrontEnd.encodeJSON(report, pretty: pretty)
        case .text:
            // Ids and names are shown with their control characters escaped, so that no input forges a line.
            var text = renderText(escapesInstance ? JSONDocument.printableCopy(instance) : instance, JSONDocument.printableCopy(report))
            // A warning (a misspelt field ignored, a fallback) is on the sheet too, not only on standard error.
            if !report.warnings.isEmpty {
                let lines = report.warnings.map { "  warning: \($0.printable)" }.joined(separator: "\n")
                text += (text.hasSuffix("\n") ? "" : "\n") + "\nWarnings\n" + lines + "\n"
            }
            output = text
        case .html:
            output =
                printablePage(escapesInstance ? JSONDocument.printableCopy(instance) : instance, JSONDocument.printableCopy(report)) ?? ""
        case .csv:
            // Fields are quoted, so names keep their own characters.
            output = spreadsheet(instance, report) ?? ""
        case .ics:
            // No plan, no calendar: the reason is on standard error and the exit code says infeasible.
            guard let solution = report.solution, let plan = calendarIfAny(instance, solution) else {
                return FrontEndOutput(output: "", diagnostics: diagnostics, status: report.status)
            }
            let stamp = settings.reproducible ? Date(timeIntervalSince1970: 0) : Date()
            // The subject was checked against calendarSubjects before solving.
            output = plan.iCalendar(for: calendarFor, kind: name, stamp: stamp, timeZone: timeZone.flatMap(TimeZone.init(identifier:))) ?? ""
        }
        return FrontEndOutput(output: output, diagnostics: diagnostics, status: report.status)
    }

    /// Decodes an instance and checks it (options included): a valid instance or every issue.
    static func decodeValidInstance(_ data: Data) -> Result<Instance, TouchlineError> {
        switch JSONDocument.parse(data) {
        case let .failure(error): return .failure(.invalidInput([error.issue]))
        case let .success(document): return decodeValidInstance(document: document)
        }
    }

    static func decodeValidInstance(document: JSONValue) -> Result<Instance, TouchlineError> {
        decodeInstance(document: document).flatMap { instance in
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
            report = try JSONValueDecoder().decode(SolveReport<Self>.self, from: document)
        } catch {
            let issue = JSONPath.issue(from: error)
            return .failure(.invalidInput([InputIssue(path: issue.path, message: "in the result: \(issue.message)")]))
        }
        if report.problem != name {
            return .success(["problem: the result is for \"\(report.problem)\", the instance for \"\(name)\""])
        }
        return .success(Engine.verify(instance, report: report, kind: Self.self))
    }

    static func exportJSON(_ data: Data, format: ModelFileFormat, level: Int, hold: [Double]?) -> Result<String, TouchlineError> {
        let instance: Instance
        switch decodeValidInstance(data) {
        case let .failure(error): return .failure(error)
        case let .success(decoded): instance = decoded
        }
        let formulation = formulate(instance)
        let model = formulation.model
        guard level >= 0 && level < max(1, model.objectives.count) else {
            return .failure(.outOfRange(argument: "level", expected: "a level from 0 to \(max(0, model.objectives.count - 1)), got \(level)"))
        }
        var held: [ConstraintDefinition] = []
        if let hold {
            guard hold.count == level, hold.allSatisfy(\.isFinite) else {
                return .failure(
                    .outOfRange(argument: "hold", expected: "\(level) finite values (one for each level before \(level)), got \(hold.count)"))
            }
            held = model.holdingRows(levelValues: hold)
        } else if level > 0 {
            guard let solver = Solvers.default else {
                return .failure(.methodUnavailable("export --level \(level) solves the earlier levels, which needs the GLPK trait"))
            }
            var truncated = model
            truncated.objectives = Array(model.objectives.prefix(level))
            let solved = solver.solve(
                truncated,
                options: SolveOptions(timeLimitSeconds: options(of: instance)?.resolvedTimeLimit ?? InstanceOptions.defaultTimeLimitSeconds))
            guard let values = solved.values, solved.stopReason == .optimal else {
                return .failure(.solverFailure("the earlier levels were not solved to optimality: \(solved.message ?? solved.stopReason.rawValue)"))
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
