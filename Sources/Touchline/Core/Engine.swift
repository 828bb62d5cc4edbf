import Foundation
import TouchlineMILP

/// Solves instances of any kind: validation, greedy, MILP warm-started by greedy, fallback, and the
/// independent verification every printed result passes.
public enum Engine {
    /// Solves a decoded instance.
    ///
    /// - Returns: a report with status `optimal`, `feasible`, `infeasible` or `invalid`.
    /// - Throws: ``TouchlineError/verificationFailed(_:)`` when a solver produced a plan that breaks a rule (a
    ///   bug: such a plan is never returned), ``TouchlineError/methodUnavailable(_:)`` for `milp` in a
    ///   greedy-only build.
    public static func solve<Kind: ProblemKind>(
        _ instance: Kind.Instance, kind: Kind.Type, options overrides: SolverOptions = SolverOptions(),
        settings: RunSettings = RunSettings()
    ) throws(TouchlineError) -> SolveReport<Kind> {
        var report = try solveOnce(instance, kind: kind, options: overrides, settings: settings)
        if settings.reproducible { report.stats = report.stats.reproducible }
        return report
    }

    private static func solveOnce<Kind: ProblemKind>(
        _ instance: Kind.Instance, kind: Kind.Type, options overrides: SolverOptions, settings: RunSettings
    ) throws(TouchlineError) -> SolveReport<Kind> {
        let started = settings.started ?? ContinuousClock.now
        func seconds() -> Double {
            (ContinuousClock.now - started).inSeconds
        }
        let options = (Kind.options(of: instance) ?? SolverOptions()).merged(with: overrides)
        var collector = IssueCollector()
        options.validate(into: &collector)
        let issues = collector.issues + Kind.validate(instance)
        if !issues.isEmpty {
            return SolveReport(problem: Kind.name, status: .invalid, stats: SolveStats(seconds: seconds()), errors: issues)
        }
        let method = options.resolvedMethod
        if method == .milp && !Solvers.isMILPAvailable {
            throw .methodUnavailable(
                "options.method: \"milp\" needs the GLPK trait, and this build has none; use \"auto\" or \"greedy\"")
        }
        /// An `infeasible` (proven) or `unknown` (nothing found, nothing proven) report, with the kind's
        /// best-effort plan (every broken rule listed) when it has one.
        func noPlan(
            _ status: ResultStatus, method: PlanMethod?, stats: SolveStats = SolveStats(), warnings: [String] = [],
            reason: String
        ) throws(TouchlineError) -> SolveReport<Kind> {
            var stats = stats
            let spent = (ContinuousClock.now - started).inSeconds
            let solveOptions = SolveOptions(
                timeLimitSeconds: max(1, options.resolvedTimeLimit - spent), mipGap: options.mipGap ?? 0,
                memoryLimitMB: options.memoryLimitMB, verbose: settings.verbose, control: settings.control)
            let plan = Kind.abilities.bestEffort(instance, solver: options.resolvedMethod == .greedy ? nil : Solvers.default, options: solveOptions)
            if let plan {
                let violations = Kind.verify(instance, plan)
                if !violations.isEmpty { throw .verificationFailed(["best effort: "] + violations) }
                // The best effort may keep every rule after all: then a plan was found, and "unknown" would
                // be untrue.
                if status == .unknown && Kind.abilities.brokenRules(plan).isEmpty {
                    stats.seconds = seconds()
                    return SolveReport(
                        problem: Kind.name, status: .feasible, method: options.resolvedMethod == .greedy ? .greedy : (method ?? .greedy),
                        objective: Kind.objective(instance, plan), stats: stats, solution: plan,
                        warnings: warnings + ["the best-effort repair found a plan that keeps every rule; nothing is proven about it"])
                }
            }
            stats.seconds = seconds()
            return SolveReport(
                problem: Kind.name, status: status, method: method, objective: plan.map { Kind.objective(instance, $0) },
                stats: stats, solution: plan, warnings: warnings, reason: reason)
        }
        func infeasible(
            method: PlanMethod?, stats: SolveStats = SolveStats(), warnings: [String] = [], reason: String
        ) throws(TouchlineError) -> SolveReport<Kind> {
            try noPlan(.infeasible, method: method, stats: stats, warnings: warnings, reason: reason)
        }
        func unknown(
            method: PlanMethod?, stats: SolveStats = SolveStats(), warnings: [String] = [], reason: String
        ) throws(TouchlineError) -> SolveReport<Kind> {
            try noPlan(.unknown, method: method, stats: stats, warnings: warnings, reason: reason)
        }
        if let reason = Kind.abilities.impossibility(instance) {
            return try infeasible(method: nil, reason: reason)
        }

        var independentOptions = SolveOptions(
            timeLimitSeconds: max(0.05, options.resolvedTimeLimit - (ContinuousClock.now - started).inSeconds),
            mipGap: options.mipGap ?? 0, memoryLimitMB: options.memoryLimitMB, verbose: settings.verbose, control: settings.control)
        // Many small programs: their levels are not the solve's (a kind reports its own, as the lineup engine does).
        independentOptions.reportsLevels = false
        if let parts = Kind.abilities.solveIndependently(
            instance, solver: method == .greedy ? nil : Solvers.default, options: independentOptions, tuning: settings.tuning)
        {
            var stats = SolveStats(seconds: 0, variables: parts.variables, constraints: parts.constraints, nodes: parts.nodes)
            stats.patterns = parts.patterns
            stats.levels = parts.levels
            if let reason = parts.infeasibleReason {
                return try infeasible(method: parts.method, stats: stats, warnings: parts.warnings, reason: reason)
            }
            guard let solution = parts.solution else {
                return try unknown(
                    method: parts.method, stats: stats, warnings: parts.warnings,
                    reason: "no plan that keeps every hard rule was found within \(options.resolvedTimeLimit) s, and none is proven impossible; nothing is proven")
            }
            let violations = Kind.verify(instance, solution)
            if !violations.isEmpty { throw .verificationFailed(["\(parts.method.rawValue): "] + violations) }
            stats.seconds = seconds()
            return SolveReport(
                problem: Kind.name, status: parts.proven ? .optimal : .feasible, method: parts.method,
                objective: Kind.objective(instance, solution), bound: parts.bound, gap: parts.proven ? 0 : parts.gap,
                stats: stats, solution: solution, warnings: parts.warnings)
        }

        var warnings: [String] = []
        let greedyStarted = (ContinuousClock.now - started).inSeconds
        let greedy = Kind.greedy(instance, seconds: max(0.01, options.resolvedTimeLimit - (ContinuousClock.now - started).inSeconds))
        if let greedy {
            let violations = Kind.verify(instance, greedy)
            if !violations.isEmpty { throw .verificationFailed(["greedy: "] + violations) }
        }
        let greedyObjective = greedy.map { Kind.objective(instance, $0) }
        settings.control?.report(.heuristic(
            objective: greedyObjective.flatMap { Kind.levels($0).first?.value }, seconds: seconds()))

        guard method != .greedy, let solver = Solvers.default else {
            guard let greedy, let greedyObjective else {
                return try unknown(
                    method: .greedy,
                    warnings: ["greedy found no plan; it proves nothing, the MILP could (method \"auto\" with GLPK)"],
                    reason: "the greedy heuristic found no plan that keeps every hard rule; nothing is proven")
            }
            return SolveReport(
                problem: Kind.name, status: .feasible, method: .greedy, objective: greedyObjective,
                stats: SolveStats(seconds: seconds()), solution: greedy, warnings: warnings)
        }

        // The limit covers the whole solve: when greedy has spent it, its plan is the answer (the MILP would
        // only add the time of its formulation).
        let afterGreedy = (ContinuousClock.now - started).inSeconds
        // Building and loading the model costs more than the greedy pass (it touches every variable; on the
        // generated 10,000-match pitches term about 4 times as much): with less time left than that, the MILP
        // could not even start.
        let greedySeconds = afterGreedy - greedyStarted
        let remaining = options.resolvedTimeLimit - afterGreedy
        if let greedy, let greedyObjective, remaining <= 0 || (method == .auto && remaining < 4 * greedySeconds) {
            warnings.append(
                "the time limit (\(options.resolvedTimeLimit) s) leaves the MILP no time to start (greedy and its check took \(settings.reproducible ? "most of it" : String(format: "%.1f s", afterGreedy))); this is the greedy plan")
            return SolveReport(
                problem: Kind.name, status: .feasible, method: .greedy, objective: greedyObjective,
                stats: SolveStats(seconds: seconds()), solution: greedy, warnings: warnings)
        }

        let formulation = Kind.formulate(instance)
        // The limit covers the whole solve: what greedy and the formulation took is not the MILP's to spend.
        let spent = (ContinuousClock.now - started).inSeconds
        var solveOptions = SolveOptions(
            timeLimitSeconds: max(0.05, options.resolvedTimeLimit - spent), mipGap: options.mipGap ?? 0,
            memoryLimitMB: options.memoryLimitMB, verbose: settings.verbose,
            tuning: settings.tuning ?? formulation.tuning, control: settings.control)
        if options.warmStart ?? true, let greedy {
            solveOptions.warmStart = formulation.encode(greedy)
        }
        let result = solver.solve(formulation.model, options: solveOptions)
        warnings.append(contentsOf: result.notes)
        var stats = SolveStats(
            seconds: 0, variables: formulation.model.variableCount, constraints: formulation.model.constraintCount,
            nodes: result.nodes)
        stats.levels = result.levels.map {
            LevelStats(
                name: $0.name, termination: $0.termination, stopReason: $0.stopReason, value: $0.objective, bound: $0.bound, gap: $0.gap,
                seconds: $0.seconds, nodes: $0.nodes)
        }
        stats.warmStartAccepted = solveOptions.warmStart == nil ? nil : result.levels.first?.warmStartAccepted
        if result.stopReason != .optimal { stats.stopReason = result.stopReason }
        if let greedyObjective { stats.greedyObjective = String(describing: greedyObjective) }

        // A solver error at any level (GLPK out of its memory limit, or a fatal error) means the MILP's plan is
        // not its own: say so in a sentence and answer with greedy's plan, truthfully labelled.
        if result.stopReason == .error || result.levels.contains(where: { $0.termination == .error }) {
            let sentence = solverErrorSentence(result.message, memoryLimitMB: options.memoryLimitMB)
            guard let greedy, let greedyObjective else { throw .solverFailure(sentence) }
            warnings.append("the MILP stopped: \(sentence); this is the greedy plan")
            // Nothing the failed MILP reported about its levels is a proof about greedy's plan.
            stats.levels = nil
            stats.seconds = seconds()
            return SolveReport(
                problem: Kind.name, status: .feasible, method: .greedy, objective: greedyObjective,
                stats: stats, solution: greedy, warnings: warnings)
        }

        switch result.stopReason {
        case .infeasible:
            return try infeasible(
                method: .milp, stats: stats, warnings: warnings,
                reason: result.message.map { "the solver proved that no plan keeps every hard rule (\($0))" }
                    ?? "the solver proved that no plan keeps every hard rule")
        case .optimal, .gapReached, .timeLimit, .cancelled, .unbounded, .error:
            guard let values = result.solution else {
                if let message = result.message { warnings.append("MILP: \(message)") }
                guard let greedy, let greedyObjective else {
                    if result.stopReason == .error { throw .solverFailure(result.message ?? "no answer") }
                    return try unknown(
                        method: .milp, stats: stats,
                        warnings: warnings + ["the MILP found no plan within \(options.resolvedTimeLimit) s and greedy found none"],
                        reason: "no plan that keeps every hard rule was found within \(options.resolvedTimeLimit) s, and none is proven impossible; nothing is proven")
                }
                warnings.append("the MILP found no plan within the limit; this is the greedy plan")
                stats.seconds = seconds()
                return SolveReport(
                    problem: Kind.name, status: .feasible, method: .greedy, objective: greedyObjective,
                    stats: stats, solution: greedy, warnings: warnings)
            }
            let solution = formulation.decode(values)
            let violations = Kind.verify(instance, solution)
            if !violations.isEmpty { throw .verificationFailed(["milp: "] + violations) }
            let objective = Kind.objective(instance, solution)
            if let greedy, let greedyObjective, result.stopReason != .optimal,
               !Kind.isBetter(objective, than: greedyObjective) {
                // The MILP stopped early without improving on its warm start: the plan is greedy's, and says so.
                warnings.append(Kind.isBetter(greedyObjective, than: objective)
                    ? "the MILP stopped before matching greedy; this is the greedy plan"
                    : "the MILP did not improve on greedy within the limit; this is the greedy plan")
                // The levels the MILP proved before its first unproven one hold for greedy's plan too (it is
                // not better, so it has the same values there), and so does the bound of that level; later
                // levels were solved with the MILP's own values above them and say nothing about greedy's plan.
                if let levels = stats.levels, let first = levels.firstIndex(where: { $0.termination != .optimal }) {
                    stats.levels = Array(levels.prefix(first + 1))
                }
                stats.seconds = seconds()
                return SolveReport(
                    problem: Kind.name, status: .feasible, method: .greedy, objective: greedyObjective,
                    bound: result.bound, gap: nil, stats: stats, solution: greedy, warnings: warnings)
            }
            if result.stopReason != .optimal, let message = result.message { warnings.append("MILP: \(message)") }
            stats.seconds = seconds()
            return SolveReport(
                problem: Kind.name, status: result.stopReason == .optimal ? .optimal : .feasible, method: .milp,
                objective: objective, bound: result.bound, gap: result.gap, stats: stats, solution: solution,
                warnings: warnings)
        }
    }

    /// A solver failure as one sentence for a person: GLPK's own log text (file names, line numbers) never
    /// reaches `warnings` or a message.
    static func solverErrorSentence(_ message: String?, memoryLimitMB: Int?) -> String {
        let text = message ?? ""
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
        let broken = Kind.abilities.brokenRules(solution)
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
                found.append("status optimal: the claim is unsupported, \(report.method.map { "method \($0.rawValue)" } ?? "no method") proves nothing")
            } else if let byPlan = Kind.abilities.provenByPlan(objective) {
                if !byPlan { found.append("status optimal: the claim is unsupported, the plan marks answers that are not proven") }
            } else if report.method == .exact {
                found.append("status optimal: the claim is unsupported, method exact is only the standings table's")
            } else {
                let unproven = planLevels.filter { plan in
                    !levels.contains { $0.name == plan.name && $0.termination == .optimal && $0.bound.map { close($0, plan.value) } ?? false }
                }
                if !unproven.isEmpty {
                    found.append("status optimal: the claim is unsupported, stats.levels carries no proof for \(unproven.map(\.name).joined(separator: ", ")) (a level ended optimal with its bound equal to the plan's value)")
                }
                if let gap = report.gap, gap != 0 { found.append("gap: \(gap) with status optimal (expected 0)") }
            }
        case .feasible:
            if let bound = report.bound {
                // The bound belongs to the first level not proven optimal.
                guard let level = levels.first(where: { $0.termination != .optimal }) ?? levels.last,
                      let plan = planValue(level.name) else {
                    found.append("bound: \(bound) is unsupported, stats.levels names no level it belongs to")
                    break
                }
                if let own = level.bound, !close(own, bound) {
                    found.append("bound: \(bound) but stats.levels gives \(own) for \(level.name)")
                }
                if plan.maximise ? bound < plan.value && !close(bound, plan.value) : bound > plan.value && !close(bound, plan.value) {
                    found.append("bound: \(bound) is on the wrong side of the plan's \(level.name) \(plan.value) (\(plan.maximise ? "maximised" : "minimised"))")
                }
                if let gap = report.gap {
                    // GLPK's relative gap, as every backend and level reports it.
                    let expected = abs(plan.value - bound) / (abs(plan.value) + 2.220446049250313e-16)
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
