import Foundation
import TouchlineMILP

/// Solves instances of any kind: validation, greedy, MILP warm-started by greedy, fallback, and the
/// independent verification every printed result passes.
public enum Engine {
    /// Whether this build has a MILP backend (GLPK, the default `GLPK` trait): false in a greedy-only build,
    /// where every solve answers with the greedy plan.
    public static var hasMILP: Bool { Solvers.default != nil }

    /// Models with at least this many columns and ``Formulation/blocks`` are solved level by level with branch
    /// and bound plus a large-neighbourhood search (a school day's models, a few hundred to a few thousand
    /// columns, keep plain branch and bound: it proves them).
    package static let searchColumns = 4_000
    /// An instance of at least this many matches whose matches fall into two or more independent components is
    /// solved component by component (``RunSettings/decomposition``): below it one model proves most levels at
    /// once, and the parts' proofs could not (the levels after a maximum need every part at the whole's
    /// maximum).
    public static let decompositionMatches = 500
    /// Solves a decoded instance.
    ///
    /// - Returns: a report with status `optimal`, `feasible`, `infeasible` or `invalid`.
    /// - Throws: ``TouchlineError/verificationFailed(_:)`` when a solver produced a plan that breaks a rule (a
    ///   bug: such a plan is never returned), ``TouchlineError/methodUnavailable(_:)`` for `milp` in a
    ///   greedy-only build.
    public static func solve<Kind: ProblemKind>(
        _ instance: Kind.Instance, kind: Kind.Type, options overrides: InstanceOptions = InstanceOptions(),
        settings: RunSettings = RunSettings()
    ) throws(TouchlineError) -> SolveReport<Kind> {
        var settings = settings
        let started = settings.started ?? ContinuousClock.now
        settings.started = started
        var report = try solveOnce(instance, kind: kind, options: overrides, settings: settings)
        if report.status == .infeasible {
            let options = (Kind.options(of: instance) ?? InstanceOptions()).merged(with: overrides)
            let left = options.resolvedTimeLimit - (ContinuousClock.now - started).inSeconds
            let seconds = min(options.resolvedSuggestSeconds, left)
            let relaxations = Kind.ruleRelaxations(instance)
            if options.resolvedSuggestSeconds > 0, !relaxations.isEmpty {
                report.suggestions = suggestions(relaxations, kind: kind, options: options, settings: settings, seconds: seconds)
                report.stats.seconds = (ContinuousClock.now - started).inSeconds
            }
        }
        if settings.reproducible { report.stats = report.stats.reproducible }
        return report
    }

    /// A solver failure as one sentence for a person: GLPK's own log text (file names, line numbers) never
    /// reaches `warnings` or a message.
    static func solverErrorSentence(_ message: String?, memoryLimitMB: Int?) -> String {
        let text = message ?? ""
        // The built-in solver's refusals are sentences already.
        if text.hasPrefix("the built-in solver") { return text }
        if text.contains("memory allocation limit") || text.contains("memory limit") {
            let limit = memoryLimitMB.map { "\($0) MB" } ?? "its memory limit"
            return "GLPK needed more memory than options.memoryLimitMB allows (\(limit)); raise or remove the limit"
        }
        let first = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "no answer"
        return "the solver failed (\(first.printable))"
    }

    /// Checks a result against every rule of its kind, independently of the code that solved it: the plan's
    /// rules, that its reported objective matches the plan, and that nothing was silently dropped.
    public static func verify<Kind: ProblemKind>(
        _ instance: Kind.Instance, report: SolveReport<Kind>, kind: Kind.Type
    ) -> [String] {
        guard let solution = report.solution else {
            if report.status == .optimal || report.status == .feasible {
                return ["status \(report.status.rawValue) but no solution"]
            }
            return []
        }
        var violations = Kind.verify(instance, solution)
        let broken = Kind.declaredBrokenRules(solution)
        if report.status != .infeasible && report.status != .unknown && !broken.isEmpty {
            violations.append("status \(report.status.rawValue) but the plan lists broken rules: \(broken.joined(separator: "; "))")
        }
        let recomputed = Kind.objective(instance, solution)
        if let reported = report.objective, reported != recomputed {
            violations.append("objective: reported \(reported) but the solution gives \(recomputed)")
        }
        if violations.isEmpty && broken.isEmpty && (report.status == .infeasible || report.status == .unknown) {
            violations.append("status \(report.status.rawValue): the claim is unsupported, the plan keeps every rule")
        }
        violations += claimViolations(report, recomputed, kind: kind)
        return violations
    }

    /// What the status, method, bound and gap claim, checked against what can be recomputed: `optimal` needs the
    /// solver's proof (every level in `stats.levels` ended optimal with its bound equal to the plan's value) or,
    /// for a kind whose plan records its proofs, the plan's own; greedy proves nothing; a bound lies on the right
    /// side of the plan's value of its level, and the gap is the one that bound gives.
    static func claimViolations<Kind: ProblemKind>(
        _ report: SolveReport<Kind>, _ objective: Kind.Objective, kind: Kind.Type
    ) -> [String] {
        var found: [String] = []
        let planLevels = Kind.levels(objective)
        // Solver values carry its feasibility tolerance (a level of 2 may read 1.999996).
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-4 * max(1, abs(a), abs(b)) }
        func planValue(_ name: String) -> ObjectiveLevel? { planLevels.first { $0.name == name } }
        let levels = report.stats.levels ?? []
        // Levels the report says are proven must have bound = value = the plan's value.
        for level in levels where level.termination == .optimal {
            guard let plan = planValue(level.name) else {
                found.append("stats.levels: \"\(level.name)\" is not a level of the \(Kind.name) objective")
                continue
            }
            if let value = level.value, !close(value, plan.value) {
                found.append("stats.levels \(level.name): value \(value) but the plan gives \(plan.value)")
            }
            if let bound = level.bound, !close(bound, plan.value) {
                found.append("stats.levels \(level.name): proven optimal with bound \(bound), but the plan gives \(plan.value)")
            }
        }
        switch report.status {
        case .optimal:
            if report.method == .greedy || report.method == nil {
                found.append(
                    "status optimal: the claim is unsupported, \(report.method.map { "method \($0.rawValue)" } ?? "no method") proves nothing")
            } else if let byPlan = Kind.planProof(objective) {
                if !byPlan { found.append("status optimal: the claim is unsupported, the plan marks answers that are not proven") }
            } else if report.method == .exact {
                found.append("status optimal: the claim is unsupported, method exact is only the standings table's")
            } else {
                let unproven = planLevels.filter { plan in
                    !levels.contains { $0.name == plan.name && $0.termination == .optimal && $0.bound.map { close($0, plan.value) } ?? false }
                }
                if !unproven.isEmpty {
                    found.append(
                        "status optimal: the claim is unsupported, stats.levels carries no proof for \(unproven.map(\.name).joined(separator: ", ")) (a level ended optimal with its bound equal to the plan's value)"
                    )
                }
                if let gap = report.gap, gap != 0 { found.append("gap: \(gap) with status optimal (expected 0)") }
            }
        case .feasible:
            if let bound = report.bound {
                // The bound belongs to the first level not proven optimal.
                guard let level = levels.first(where: { $0.termination != .optimal }) ?? levels.last,
                    let plan = planValue(level.name)
                else {
                    found.append("bound: \(bound) is unsupported, stats.levels names no level it belongs to")
                    break
                }
                if let own = level.bound, !close(own, bound) {
                    found.append("bound: \(bound) but stats.levels gives \(own) for \(level.name)")
                }
                if plan.maximise ? bound < plan.value && !close(bound, plan.value) : bound > plan.value && !close(bound, plan.value) {
                    found.append(
                        "bound: \(bound) is on the wrong side of the plan's \(level.name) \(plan.value) (\(plan.maximise ? "maximised" : "minimised"))"
                    )
                }
                if let gap = report.gap {
                    // GLPK's relative gap, as every backend and level reports it.
                    let expected = relativeGap(plan.value, bound)
                    if !(gap >= 0) || abs(gap - expected) > 1e-4 * max(1, expected) {
                        found.append("gap: \(gap) but bound \(bound) and the plan's \(level.name) \(plan.value) give \(expected)")
                    }
                }
            } else if let gap = report.gap, gap != 0 {
                found.append("gap: \(gap) without a bound")
            }
        default:
            break
        }
        return found
    }
}
