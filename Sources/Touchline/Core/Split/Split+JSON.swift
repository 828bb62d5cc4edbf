import Foundation
import TouchlineMILP

/// What `merge` says about the split it assembled (the `split` field of its result).
public struct SplitSummary: Sendable, Codable, Equatable {
    public var by: SplitMode
    public var parts: Int
    /// True when some part was given a share of a term-wide limit (an official's `maxTotal`): the parts were
    /// restricted beyond the whole's rules, so their bounds say nothing of the whole's (none is reported).
    public var budgets: Bool
    /// True when the split was by region and regions share something (see ``SplitPart/linked``): no bound of
    /// the whole is reported.
    public var linked: Bool?
    /// The levels the merge proves optimal for the whole instance, in order.
    public var provenLevels: [String]
    /// The parts' own seconds, added up and the longest (what a machine per part would wait).
    public var partSeconds: Double
    public var longestPartSeconds: Double
}

extension JSONFrontEnd {
    /// The parts of a JSON instance as JSON Lines: each line a complete instance of the same kind with its `id`
    /// and `part` (see ``SplitPart``), ready for `solve --jsonl`.
    /// - Throws (as the failure): the instance's issues; ``TouchlineError/splitUnavailable(_:)`` for a kind or
    ///   an instance that is not split.
    public static func split(_ data: Data, by mode: SplitMode) -> Result<String, TouchlineError> {
        switch identify(data) {
        case let .failure(error): return .failure(error)
        case let .success(kind):
            guard let splittable = kind as? any SplittableKind.Type else {
                return .failure(.splitUnavailable("\(kind.name) instances are not split (officials, pitches and matchday are)"))
            }
            return splittable.splitJSON(data, by: mode)
        }
    }

    /// Assembles the results of a split instance's parts (JSON Lines, any order) into one result for the whole:
    /// every part's result must be there once, belong to this instance and plan only its own matches; the
    /// assembled plan is verified against the whole instance, its objective recomputed, and each level proven
    /// only when the parts' bounds prove it (see ``SplitSummary``).
    public static func merge(instance: Data, results: Data, pretty: Bool = false) -> Result<FrontEndOutput, TouchlineError> {
        switch identify(instance) {
        case let .failure(error): return .failure(error)
        case let .success(kind):
            guard let splittable = kind as? any SplittableKind.Type else {
                return .failure(.splitUnavailable("\(kind.name) instances are not split (officials, pitches and matchday are)"))
            }
            return splittable.mergeJSON(instance: instance, results: results, pretty: pretty)
        }
    }
}

extension SplittableKind {
    static func splitJSON(_ data: Data, by mode: SplitMode) -> Result<String, TouchlineError> {
        let instance: Instance
        switch decodeValidInstance(data) {
        case let .failure(error): return .failure(error)
        case let .success(decoded): instance = decoded
        }
        if let refusal = splitRefusal(instance) { return .failure(.splitUnavailable(refusal)) }
        let prepared = prepare(instance)
        let units = splitUnits(prepared)
        if mode == .region && !units.contains(where: { $0.region != nil }) {
            return .failure(
                .splitUnavailable("--by region: no match has a region; give venues (officials) or pitches (pitches, matchday) a \"region\""))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var lines = ""
        for piece in split(prepared, by: mode, units: units) {
            guard let body = try? encoder.encode(piece.instance),
                var object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
                let partData = try? encoder.encode(piece.part),
                let partObject = try? JSONSerialization.jsonObject(with: partData)
            else { return .failure(.solverFailure("cannot encode part \(piece.part.id)")) }
            object["id"] = piece.part.id
            object["part"] = partObject
            guard let line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            else { return .failure(.solverFailure("cannot encode part \(piece.part.id)")) }
            lines += String(decoding: line, as: UTF8.self) + "\n"
        }
        return .success(lines)
    }

    static func mergeJSON(instance data: Data, results: Data, pretty: Bool) -> Result<FrontEndOutput, TouchlineError> {
        let instance: Instance
        switch decodeValidInstance(data) {
        case let .failure(error): return .failure(error)
        case let .success(decoded): instance = decoded
        }
        if let refusal = splitRefusal(instance) { return .failure(.splitUnavailable(refusal)) }
        var issues: [InputIssue] = []
        var reports: [(line: Int, report: SolveReport<Self>)] = []
        let lines = results.split(separator: 10, omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let line = raw.last == 13 ? Data(raw.dropLast()) : Data(raw)
            if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            let path = "results line \(index + 1)"
            switch JSONDocument.parse(line) {
            case let .failure(error):
                issues.append(InputIssue(path: path, message: error.issue.message))
            case let .success(document):
                do {
                    reports.append((index + 1, try JSONValueDecoder().decode(SolveReport<Self>.self, from: document)))
                } catch {
                    let issue = JSONPath.issue(from: error)
                    issues.append(InputIssue(path: "\(path): \(issue.path)", message: issue.message))
                }
            }
        }
        guard issues.isEmpty else { return .failure(.invalidInput(issues)) }
        guard let first = reports.first else {
            return .failure(.invalidInput([InputIssue(path: "results", message: "no result lines; expected one result per part")]))
        }
        guard let mode = first.report.part?.by else {
            return .failure(
                .invalidInput([
                    InputIssue(
                        path: "results line \(first.line).part", message: "missing; expected the part a result answers (solve echoes it)")
                ]))
        }
        let prepared = prepare(instance)
        let parts = split(prepared, by: mode)
        var byId: [String: Int] = [:]
        for (index, piece) in parts.enumerated() { byId[piece.part.id] = index }
        var solutions = [Solution?](repeating: nil, count: parts.count)
        var partReports = [SolveReport<Self>?](repeating: nil, count: parts.count)
        for (line, report) in reports {
            let path = "results line \(line)"
            guard report.problem == name else {
                issues.append(InputIssue(path: "\(path).problem", message: "the result is for \"\(report.problem)\", the instance for \"\(name)\""))
                continue
            }
            guard let part = report.part else {
                issues.append(InputIssue(path: "\(path).part", message: "missing; expected the part a result answers"))
                continue
            }
            guard part.by == mode, part.source == parts.first?.part.source, let index = byId[part.id],
                parts[index].part.matches == part.matches
            else {
                issues.append(InputIssue(path: "\(path).part", message: "\(part.id) is not a part of this instance split by \(mode.rawValue)"))
                continue
            }
            guard solutions[index] == nil else {
                issues.append(InputIssue(path: "\(path).part", message: "\(part.id) answered twice"))
                continue
            }
            guard report.status == .optimal || report.status == .feasible, let solution = report.solution else {
                issues.append(
                    InputIssue(
                        path: "\(path).status",
                        message: "\(part.id) has status \(report.status.rawValue)\(report.reason.map { " (\($0))" } ?? ""); expected a plan"))
                continue
            }
            let own = Set(part.matches)
            let foreign = assignedMatches(solution).subtracting(own).sorted()
            if !foreign.isEmpty {
                issues.append(
                    InputIssue(path: "\(path).solution", message: "plans matches of another part: \(foreign.prefix(5).joined(separator: ", "))"))
                continue
            }
            let violations = verify(parts[index].instance, solution)
            if !violations.isEmpty {
                issues.append(
                    InputIssue(path: "\(path).solution", message: "breaks its part's rules: \(violations.prefix(3).joined(separator: "; "))"))
                continue
            }
            solutions[index] = solution
            partReports[index] = report
        }
        let missing = parts.indices.filter { index in
            solutions[index] == nil && !issues.contains { $0.message.hasPrefix(parts[index].part.id + " ") }
        }
        if !missing.isEmpty {
            issues.append(
                InputIssue(
                    path: "results",
                    message:
                        "no result for \(missing.map { parts[$0].part.id }.prefix(8).joined(separator: ", "))\(missing.count > 8 ? " and \(missing.count - 8) more" : "") of \(parts.count) parts"
                ))
        }
        guard issues.isEmpty else { return .failure(.invalidInput(issues)) }
        let report: SolveReport<Self>
        switch assemble(prepared, parts: parts, mode: mode, plans: solutions.compactMap { $0 }, reports: partReports.compactMap { $0 }) {
        case let .failure(error): return .failure(error)
        case var .success(assembled):
            assembled.id = identity(instance).id
            report = assembled
        }
        let diagnostics = report.warnings.map { "warning: \($0)" }
        return .success(
            FrontEndOutput(
                output: JSONFrontEnd.encodeJSON(report, pretty: pretty), diagnostics: diagnostics, status: report.status))
    }
}

extension SplittableKind {
    /// The result of the whole instance from its parts' plans and reports (in the parts' order, each plan
    /// already checked against its part): the plans together, verified against the whole (a rule of the whole
    /// the parts broke together is refused), the objective recomputed, and each level proven only when the
    /// parts' bounds prove it: a level that adds up when every part proved it, a maximum when the parts'
    /// bounds do, and the levels after a maximum only when every part reached the whole's maximum (a part
    /// that held its own lower maximum may have given up something a later level wanted).
    static func assemble(
        _ prepared: Prepared, parts: [InstancePart<Instance>], mode: SplitMode, plans: [Solution], reports partial: [SolveReport<Self>]
    ) -> Result<SolveReport<Self>, TouchlineError> {
        let instance = prepared.instance
        let plan = merged(prepared, plans)
        let violations = verify(instance, plan)
        if !violations.isEmpty {
            return .failure(
                .invalidInput(
                    violations.map { InputIssue(path: "results", message: "the assembled plan breaks a rule of the whole instance: \($0)") }))
        }
        let objective = objective(instance, plan)
        let levels = levels(objective)
        let budgets = parts.contains { $0.part.budgets != nil }
        let linked = parts.contains { $0.part.linked == true }
        // Level by level, while every earlier level is proven (and every part reached the whole's maximum of each
        // earlier maximum level, so that no part held itself below what the whole allows).
        var stats: [LevelReport] = []
        var exact = !budgets && !linked
        var proven: [String] = []
        var firstOpen: Int? = nil
        for (index, level) in levels.enumerated() {
            let values = partial.map { part in part.objective.map { Self.levels($0)[index].value } }
            let bounds = partial.map { part -> Double? in
                if part.status == .optimal { return part.objective.map { Self.levels($0)[index].value } }
                guard let stat = part.stats.levels?.first(where: { $0.name == level.name }) else { return nil }
                return stat.termination == .optimal ? stat.value : stat.bound
            }
            var bound: Double? = nil
            if exact, bounds.allSatisfy({ $0 != nil }) {
                let known = bounds.compactMap { $0 }
                switch composition(ofLevel: level.name, by: mode) {
                case .sum, .atLeastSum: bound = known.reduce(0, +)
                case .max: bound = level.maximise ? known.min() : known.max()
                case .none: bound = nil
                }
            }
            let meets = bound.map { level.maximise ? level.value >= $0 - Tolerance.solver : level.value <= $0 + Tolerance.solver } ?? false
            let gap = bound.map { relativeGap(level.value, $0) }
            stats.append(
                LevelReport(
                    name: level.name, termination: meets ? .optimal : .feasible, stopReason: meets ? .optimal : .timeLimit,
                    value: level.value, bound: meets ? level.value : bound, gap: meets ? 0 : gap,
                    seconds: partial.reduce(0) { $0 + ($1.stats.levels?.first { $0.name == level.name }?.seconds ?? 0) },
                    nodes: partial.reduce(0) { $0 + ($1.stats.levels?.first { $0.name == level.name }?.nodes ?? 0) }))
            if meets && firstOpen == nil {
                proven.append(level.name)
            } else if firstOpen == nil {
                firstOpen = index
            }
            if !meets { exact = false }
            if composition(ofLevel: level.name, by: mode) == .max, !values.allSatisfy({ $0 == level.value }) { exact = false }
        }
        let allProven = firstOpen == nil
        let method: PlanMethod =
            partial.contains { $0.method == .greedy }
            ? .greedy
            : partial.contains { $0.method == .milp } ? .milp : (partial.first?.method ?? .milp)
        var report = SolveReport<Self>(
            problem: name, status: allProven && method != .greedy ? .optimal : .feasible, method: method,
            objective: objective)
        if allProven && method != .greedy {
            report.bound = levels.first?.value
            report.gap = 0
        } else if let open = firstOpen {
            report.bound = stats[open].bound
            report.gap = stats[open].gap
        }
        var solveStats = SolveStats(
            seconds: partial.reduce(0) { $0 + $1.stats.seconds }, variables: partial.reduce(0) { $0 + $1.stats.variables },
            constraints: partial.reduce(0) { $0 + $1.stats.constraints }, nodes: partial.reduce(0) { $0 + $1.stats.nodes })
        // A part answered with greedy's plan still carries what its MILP proved (its levels' bounds): the merge
        // composes them, but a plan with a greedy part is never called optimal (greedy proves nothing).
        solveStats.levels = stats
        report.stats = solveStats
        report.solution = plan
        report.split = SplitSummary(
            by: mode, parts: parts.count, budgets: budgets, linked: linked ? true : nil, provenLevels: proven,
            partSeconds: solveStats.seconds, longestPartSeconds: partial.map(\.stats.seconds).max() ?? 0)
        if budgets {
            report.warnings.append(
                "split by day shares term-wide limits (officials' maxTotal) out as budgets per day: the parts were restricted, so no bound of the whole is reported"
            )
        }
        if linked {
            report.warnings.append(
                "split by region: regions share officials, pitches or teams, each given to one region only: the parts were restricted, so no bound of the whole is reported"
            )
        }
        if let open = firstOpen {
            report.warnings.append(
                "the parts do not prove level \(levels[open].name) of the whole (\(stats[open].bound.map { "bound \($0)" } ?? "no bound")); later levels are not proven either"
            )
        }
        return .success(report)
    }
}
