import Foundation
import TouchlineMILP

extension Engine {
    /// One solve, as its stages: validate → prepare → pre-check → the kind's own pipeline (for kinds that have
    /// one) → greedy → MILP warm-started by greedy → choose the plan to report. The instance is prepared once
    /// and every stage after that works on the prepared form. Every plan is verified, from the instance alone,
    /// before it is reported (``verified(_:_:)``).
    static func solveOnce<Kind: ProblemKind>(
        _ instance: Kind.Instance, kind: Kind.Type, options overrides: InstanceOptions, settings: RunSettings
    ) throws(TouchlineError) -> SolveReport<Kind> {
        var run = EngineRun<Kind>(instance: instance, overrides: overrides, settings: settings)
        if let invalid = run.validate() { return invalid }
        try run.checkMethod()
        run.prepare()
        if let reason = Kind.preCheck(run.prepared) {
            return try run.noPlan(.infeasible, method: nil, reason: reason)
        }
        if Engine.races(Kind.self, method: run.method, settings: run.settings) {
            return try Engine.race(instance, kind: kind, options: overrides, settings: settings, started: run.started)
        }
        if let report = try run.solveByOwnPipeline() { return report }
        if run.method != .greedy, run.method != .builtin, Solvers.default != nil,
            let report = try Kind.componentSolve(run.prepared, options: run.options, settings: run.settings, started: run.started)
        {
            return report
        }
        let greedy = try run.greedy()
        guard let solver = run.solver else { return try run.greedyAnswer(greedy) }
        if let report = run.greedyWhenNoTimeIsLeft(greedy) { return report }
        return try run.choose(run.milp(solver, warmStart: greedy.plan), greedy: greedy)
    }
}

/// The state one solve carries through its stages: the instance and its prepared form, the merged options,
/// the clock.
struct EngineRun<Kind: ProblemKind> {
    let instance: Kind.Instance
    private var preparedForm: Kind.Prepared?
    let options: InstanceOptions
    let settings: RunSettings
    let started: ContinuousClock.Instant

    init(instance: Kind.Instance, overrides: InstanceOptions, settings: RunSettings) {
        self.instance = instance
        self.options = (Kind.options(of: instance) ?? InstanceOptions()).merged(with: overrides)
        // A control that only watches (GLPK runs exactly as without one) records a solver failure inside any
        // inner solve, which a pipeline of many small solves would otherwise count as merely unproven.
        var settings = settings
        if settings.control == nil { settings.control = SolveControl(cancellable: false) }
        if let trace = settings.trace { settings.control?.traceTo(trace) }
        self.settings = settings
        self.started = settings.started ?? ContinuousClock.now
    }

    /// Builds the prepared form, once, after validation (the kind's analysis may assume a valid instance).
    mutating func prepare() { preparedForm = Kind.prepare(instance, options: options) }

    /// The instance as every solving stage sees it. Precondition: ``prepare()`` ran.
    var prepared: Kind.Prepared {
        guard let preparedForm else { preconditionFailure("EngineRun.prepare() must run before the solving stages") }
        return preparedForm
    }

    var method: InstanceOptions.Method { options.resolvedMethod }

    /// The MILP backend of this solve (the kind's own pipeline and its single model alike): none for
    /// `method: greedy`; the built-in solver for `builtin`, and for `auto` in a build without GLPK where it
    /// serves the kind; GLPK otherwise.
    var solver: (any Solver)? {
        switch method {
        case .greedy: nil
        case .builtin: BuiltinSolver()
        case .milp: Solvers.default
        case .auto: Solvers.default ?? (Kind.builtinSolverServes ? BuiltinSolver() : nil)
        }
    }
    var limit: Double { options.resolvedTimeLimit }
    func seconds() -> Double { (ContinuousClock.now - started).inSeconds }
    /// What is left of the limit, at least `floor`.
    func remaining(atLeast floor: Double) -> Double { max(floor, limit - seconds()) }

    func solveOptions(seconds: Double, tuning: SolverTuning? = nil) -> SolveOptions {
        var solveOptions = SolveOptions(
            timeLimitSeconds: seconds, mipGap: options.mipGap ?? 0, memoryLimitMB: options.memoryLimitMB,
            verbose: settings.verbose, tuning: tuning ?? SolverTuning(), control: settings.control)
        solveOptions.reproducible = settings.reproducible
        return solveOptions
    }

    /// The plan, checked by the kind's independent verifier: a plan that breaks a rule is a bug and never
    /// reported.
    func verified(_ plan: Kind.Solution, _ source: String) throws(TouchlineError) -> Kind.Solution {
        let violations = Kind.verify(instance, plan)
        if !violations.isEmpty { throw .verificationFailed(["\(source): "] + violations) }
        return plan
    }

    func report(
        _ status: ResultStatus, method: PlanMethod?, plan: Kind.Solution?, objective: Kind.Objective? = nil,
        bound: Double? = nil, gap: Double? = nil, stats: SolveStats = SolveStats(), warnings: [String] = [],
        reason: String? = nil
    ) -> SolveReport<Kind> {
        var stats = stats
        stats.seconds = seconds()
        return SolveReport(
            problem: Kind.name, status: status, method: method,
            objective: objective ?? plan.map { Kind.objective(instance, $0) }, bound: bound, gap: gap, stats: stats,
            solution: plan, warnings: warnings, reason: reason)
    }

    // MARK: - Validate

    /// The `invalid` report when the options or the instance break their rules.
    func validate() -> SolveReport<Kind>? {
        var collector = IssueCollector()
        options.validate(into: &collector)
        let issues = collector.issues + Kind.validate(instance)
        guard !issues.isEmpty else { return nil }
        return SolveReport(problem: Kind.name, status: .invalid, stats: SolveStats(seconds: seconds()), errors: issues)
    }

    func checkMethod() throws(TouchlineError) {
        if method == .milp && !Solvers.isMILPAvailable {
            let why = GLPKVersion.missingMessage ?? "needs the GLPK trait, and this build has none"
            throw .methodUnavailable(
                "options.method: \"milp\" \(why); use \"auto\", \"builtin\" (lineups) or \"greedy\"")
        }
        if method == .builtin && !Kind.builtinSolverServes {
            throw .methodUnavailable(
                "options.method: \"builtin\" solves lineups only; use \"auto\", \"milp\" or \"greedy\" for \(Kind.name)")
        }
    }

    // MARK: - No plan

    /// An `infeasible` (proven) or `unknown` (nothing found, nothing proven) report, with the kind's best-effort
    /// plan (every broken rule listed) when it has one.
    func noPlan(
        _ status: ResultStatus, method: PlanMethod?, bound: Double? = nil, stats: SolveStats = SolveStats(),
        warnings: [String] = [], reason: String
    ) throws(TouchlineError) -> SolveReport<Kind> {
        var stats = stats
        stats.decidedSeconds = seconds()
        let plan =
            status == .infeasible && !settings.bestEffort
            ? nil
            : try Kind.bestEffortPlan(
                prepared, solver: self.method == .greedy ? nil : Solvers.default,
                options: solveOptions(seconds: remaining(atLeast: 0.05))
            ).map { plan throws(TouchlineError) in try verified(plan, "best effort") }
        // The best effort may keep every rule after all: then a plan was found, and "unknown" would be untrue.
        if let plan, status == .unknown && Kind.declaredBrokenRules(plan).isEmpty {
            stats.decidedSeconds = nil
            return report(
                .feasible, method: self.method == .greedy ? .greedy : (method ?? .greedy), plan: plan, stats: stats,
                warnings: warnings + ["the best-effort repair found a plan that keeps every rule; nothing is proven about it"])
        }
        return report(
            status, method: method, plan: plan, bound: status == .unknown ? bound : nil, stats: stats, warnings: warnings,
            reason: reason)
    }

    var notFoundReason: String {
        "no plan that keeps every hard rule was found within \(limit) s, and none is proven impossible; nothing is proven"
    }

    // MARK: - The kind's own pipeline

    /// For kinds with a pipeline of their own: its report; nil for the engine's single-model path.
    func solveByOwnPipeline() throws(TouchlineError) -> SolveReport<Kind>? {
        // A kind with a best-effort plan keeps a little back for it (an unknown or infeasible answer still
        // shows the plan that breaks the fewest rules), so that the limit holds.
        let kept = Kind.hasBestEffort ? min(0.1 * limit, 0.3) : 0
        var partOptions = solveOptions(seconds: max(0.05, remaining(atLeast: 0.05) - kept))
        // Many small programs: their levels are not the solve's (a kind reports its own, as the lineup engine does).
        partOptions.reportsLevels = false
        guard
            let parts = Kind.ownPipeline(prepared, solver: solver, options: partOptions, settings: settings, method: method)
        else { return nil }
        // A solver failure in any inner solve (GLPK out of its memory limit): nothing the programs reported is
        // trusted beyond their proofs of infeasibility by counting; the answer is greedy's plan, with a sentence.
        if let failure = settings.control?.failure, parts.infeasibleReason == nil {
            let sentence = Engine.solverErrorSentence(failure, memoryLimitMB: options.memoryLimitMB)
            var answer = try greedyAnswer(try greedy())
            answer.warnings.append("the MILP stopped: \(sentence); this is the greedy plan")
            return answer
        }
        var stats = SolveStats(seconds: 0, variables: parts.variables, constraints: parts.constraints, nodes: parts.nodes)
        stats.patterns = parts.patterns
        stats.levels = parts.levels
        if let heuristic = parts.heuristic { stats.greedyObjective = String(describing: Kind.objective(instance, heuristic)) }
        if let reason = parts.infeasibleReason {
            return try noPlan(.infeasible, method: parts.method, stats: stats, warnings: parts.warnings, reason: reason)
        }
        guard let solution = parts.solution else {
            // A kind's pipeline may prove a lower bound without a plan (season tours): every plan there may be is
            // on its side.
            let reason =
                parts.bound.map { bound in
                    "no plan that keeps every hard rule was found within \(limit) s, and none is proven impossible; what is proven is the bound: no plan can do better than \(bound == bound.rounded() && abs(bound) < 1e15 ? String(Int64(bound)) : String(bound))"
                } ?? notFoundReason
            return try noPlan(.unknown, method: parts.method, bound: parts.bound, stats: stats, warnings: parts.warnings, reason: reason)
        }
        return report(
            parts.proven ? .optimal : .feasible, method: parts.method, plan: try verified(solution, parts.method.rawValue),
            bound: parts.bound, gap: parts.proven ? 0 : parts.gap, stats: stats, warnings: parts.warnings)
    }

    // MARK: - Greedy

    struct Greedy {
        var plan: Kind.Solution?
        var objective: Kind.Objective?
        var seconds: Double
        /// The heuristic alone, without its plan's verification.
        var heuristicSeconds: Double
    }

    /// The greedy plan within what is left of the limit, verified.
    func greedy() throws(TouchlineError) -> Greedy {
        let before = seconds()
        let raw = Kind.greedy(prepared, seconds: remaining(atLeast: 0.01))
        let heuristicSeconds = seconds() - before
        let plan = try raw.map { plan throws(TouchlineError) in try verified(plan, "greedy") }
        let objective = plan.map { Kind.objective(instance, $0) }
        settings.control?.report(.heuristic(objective: objective.flatMap { Kind.levels($0).first?.value }, seconds: seconds()))
        return Greedy(plan: plan, objective: objective, seconds: seconds() - before, heuristicSeconds: heuristicSeconds)
    }

    /// The answer of `method: greedy` and of a build without GLPK.
    func greedyAnswer(_ greedy: Greedy) throws(TouchlineError) -> SolveReport<Kind> {
        guard let plan = greedy.plan else {
            return try noPlan(
                .unknown, method: .greedy,
                warnings: ["greedy found no plan; it proves nothing, the MILP could (method \"auto\" with GLPK)"],
                reason: "the greedy heuristic found no plan that keeps every hard rule; nothing is proven")
        }
        var stats = SolveStats()
        stats.greedySeconds = greedy.heuristicSeconds
        return report(.feasible, method: .greedy, plan: plan, objective: greedy.objective, stats: stats)
    }

    /// Greedy's plan when the limit leaves the MILP no time to start. Building and loading the model costs more
    /// than the greedy pass (it touches every variable; on the generated 10,000-match pitches term about 4
    /// times as much): with less time left than that, the MILP could not even start.
    func greedyWhenNoTimeIsLeft(_ greedy: Greedy) -> SolveReport<Kind>? {
        let left = limit - seconds()
        guard let plan = greedy.plan, left <= 0 || (method == .auto && left < 4 * greedy.seconds) else { return nil }
        let spent = settings.reproducible ? "most of it" : String(format: "%.1f s", seconds())
        return report(
            .feasible, method: .greedy, plan: plan, objective: greedy.objective,
            warnings: ["the time limit (\(limit) s) leaves the MILP no time to start (greedy and its check took \(spent)); this is the greedy plan"])
    }

    // MARK: - MILP

    struct MILP {
        var formulation: Formulation<Kind.Solution>
        /// `milp` (GLPK) or `builtin`.
        var method: PlanMethod
        var result: SolveResult
        var stats: SolveStats
        var warnings: [String]
    }

    /// The kind's model, warm-started by greedy's plan, under what is left of the limit.
    func milp(_ solver: any Solver, warmStart: Kind.Solution?) -> MILP {
        let building = ContinuousClock.now
        let formulation = Kind.formulate(prepared)
        // The limit covers the whole solve: what greedy and the formulation took is not the MILP's to spend.
        var solveOptions = solveOptions(seconds: remaining(atLeast: 0.05), tuning: settings.tuning ?? formulation.tuning)
        if options.resolvedWarmStart, let warmStart { solveOptions.warmStart = formulation.encode(warmStart) }
        if let blocks = formulation.blocks, blocks.count > 1, formulation.model.variableCount >= Engine.searchColumns {
            solveOptions.neighbourhoods = ColumnBlocks(blocks, of: formulation.model)
        }
        // What follows the solve (each level's flattening and loading before GLPK's clock starts, decoding and
        // verifying the plan, writing the result, freeing the model) grows with the model as building it does:
        // half the build time is kept back (the generated 10,000-match term at a 2 s limit: 0.66 s to build,
        // 0.3 s after GLPK's clock).
        let kept = 0.5 * (ContinuousClock.now - building).inSeconds
        solveOptions.timeLimitSeconds = max(0.05, remaining(atLeast: 0.05) - kept)
        let result = solver.solve(formulation.model, options: solveOptions)
        var stats = SolveStats(
            seconds: 0, variables: formulation.model.variableCount, constraints: formulation.model.constraintCount,
            nodes: result.nodes)
        stats.levels = result.levels
        stats.warmStartAccepted = solveOptions.warmStart == nil ? nil : result.levels.first?.warmStartAccepted
        if result.stopReason != .optimal { stats.stopReason = result.stopReason }
        return MILP(
            formulation: formulation, method: solver is BuiltinSolver ? .builtin : .milp, result: result, stats: stats,
            warnings: result.notes)
    }

    // MARK: - Choose

    /// The plan to report: the MILP's when it found one at least as good as greedy's, else greedy's, truthfully
    /// labelled; `infeasible` only on the solver's proof.
    func choose(_ milp: MILP, greedy: Greedy) throws(TouchlineError) -> SolveReport<Kind> {
        let result = milp.result
        var stats = milp.stats
        var warnings = milp.warnings
        if let objective = greedy.objective { stats.greedyObjective = String(describing: objective) }
        stats.greedySeconds = greedy.heuristicSeconds

        // A solver error at any level (GLPK out of its memory limit, or a fatal error) means the MILP's plan is
        // not its own: say so in a sentence and answer with greedy's plan, truthfully labelled.
        let failure = settings.control?.failure
        if result.stopReason == .error || result.levels.contains(where: { $0.termination == .error }) || failure != nil {
            let sentence = Engine.solverErrorSentence(
                result.stopReason == .error ? result.message : (failure ?? result.message), memoryLimitMB: options.memoryLimitMB)
            guard let plan = greedy.plan else { throw .solverFailure(sentence) }
            // Nothing the failed MILP reported about its levels is a proof about greedy's plan.
            stats.levels = nil
            return report(
                .feasible, method: .greedy, plan: plan, objective: greedy.objective, stats: stats,
                warnings: warnings + ["the MILP stopped: \(sentence); this is the greedy plan"])
        }
        if result.stopReason == .infeasible {
            return try noPlan(
                .infeasible, method: milp.method, stats: stats, warnings: warnings,
                reason: result.message.map { "the solver proved that no plan keeps every hard rule (\($0))" }
                    ?? "the solver proved that no plan keeps every hard rule")
        }
        guard let values = result.solution else {
            if let message = result.message { warnings.append("MILP: \(message)") }
            guard let plan = greedy.plan else {
                return try noPlan(
                    .unknown, method: milp.method, stats: stats,
                    warnings: warnings + ["the MILP found no plan within \(limit) s and greedy found none"],
                    reason: notFoundReason)
            }
            return report(
                .feasible, method: .greedy, plan: plan, objective: greedy.objective, stats: stats,
                warnings: warnings + ["the MILP found no plan within the limit; this is the greedy plan"])
        }
        let plan = try verified(milp.formulation.decode(values), milp.method.rawValue)
        let objective = Kind.objective(instance, plan)
        if let greedyPlan = greedy.plan, let greedyObjective = greedy.objective, result.stopReason != .optimal,
            !Kind.isBetter(objective, than: greedyObjective)
        {
            // The MILP stopped early without improving on its warm start: the plan is greedy's, and says so.
            warnings.append(
                Kind.isBetter(greedyObjective, than: objective)
                    ? "the MILP stopped before matching greedy; this is the greedy plan"
                    : "the MILP did not improve on greedy within the limit; this is the greedy plan")
            // The levels the MILP proved before its first unproven one hold for greedy's plan too (it is not
            // better, so it has the same values there), and so does the bound of that level; later levels were
            // solved with the MILP's own values above them and say nothing about greedy's plan.
            if let levels = stats.levels, let first = levels.firstIndex(where: { $0.termination != .optimal }) {
                stats.levels = Array(levels.prefix(first + 1))
            }
            return report(
                .feasible, method: .greedy, plan: greedyPlan, objective: greedyObjective, bound: result.bound,
                stats: stats, warnings: warnings)
        }
        // The gap belongs to the plan as reported: a solve stopped early may hold auxiliary columns above what
        // the plan gives (a pitches term's groupSplits 10 in the model, 9 in the plan), so it is measured from the
        // plan's own value of the bound's level (found by the fuzzer, MILP at 0.05 s).
        var gap = result.gap
        var bound = result.bound
        var proven = result.stopReason == .optimal
        // (GLPK's "no bound yet" is ±DBL_MAX: then its own gap, if any, stands.)
        let own = Kind.levels(objective)
        if result.stopReason != .optimal, let first = result.bound, abs(first) < 1e100, result.gapLevel < own.count {
            var open = result.gapLevel
            var openBound: Double? = first
            if result.stopReason == .timeLimit, var levels = stats.levels, levels.count == own.count {
                // A later level's solve, holding this level at its value, may have found a plan better on it (an
                // officials term's travel 1 at its level, 0 in the plan). A level whose plan value meets its
                // proven bound is then proven: that bound holds for every plan no better on the levels above than
                // the values it was solved under, as the lexicographic optimum is once those levels are proven.
                // The next level's bound then speaks for the plan.
                while open < own.count, let current = openBound,
                    own[open].maximise ? own[open].value >= current - Tolerance.solver : own[open].value <= current + Tolerance.solver
                {
                    levels[open].termination = .optimal
                    levels[open].stopReason = .optimal
                    levels[open].value = own[open].value
                    levels[open].bound = own[open].value
                    levels[open].gap = 0
                    open += 1
                    openBound = open < own.count ? levels[open].bound.flatMap { abs($0) < 1e100 ? $0 : nil } : nil
                }
                stats.levels = levels
                proven = open == own.count
            }
            if proven {
                bound = own.first?.value
                gap = 0
            } else {
                bound = openBound
                gap = openBound.map { relativeGap(own[open].value, $0) }
                if var levels = stats.levels, open < levels.count {
                    levels[open].value = own[open].value
                    levels[open].gap = gap
                    stats.levels = levels
                }
            }
        }
        if !proven, let message = result.message { warnings.append("MILP: \(message)") }
        return report(
            proven ? .optimal : .feasible, method: milp.method, plan: plan, objective: objective,
            bound: bound, gap: gap, stats: stats, warnings: warnings)
    }
}
