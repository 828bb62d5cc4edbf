import Foundation

extension Solver {
    /// Solves the model's lexicographic objective, level by level.
    ///
    /// Each level after the first is solved with the earlier levels held at their optimum (see ``Objective``)
    /// and warm-started from the previous level's solution, which is feasible for it. The time limit covers
    /// all levels; when it stops a level, that level is held at its incumbent and the remaining levels get what
    /// time is left. The result is ``StopReason/optimal`` only when every level was proven optimal.
    public func solve(_ model: Model, options: SolveOptions = SolveOptions()) -> SolveResult {
        let started = ContinuousClock.now
        func elapsed() -> Double { (ContinuousClock.now - started).inSeconds }
        func failed(_ termination: StopReason, _ message: String, notes: [String] = []) -> SolveResult {
            SolveResult(
                stopReason: termination, solution: nil, objectiveValues: [], levels: [], bound: nil, gap: nil,
                gapLevel: 0, nodes: 0, seconds: elapsed(), message: message, notes: notes)
        }
        do {
            try model.validate()
        } catch {
            return failed(.error, error.description)
        }
        if let limit = options.timeLimitSeconds, !(limit > 0) {
            return failed(.error, MILPError.invalidOption(name: "timeLimitSeconds", expected: "a positive number").description)
        }
        if !(options.mipGap >= 0) {
            return failed(.error, MILPError.invalidOption(name: "mipGap", expected: "a number >= 0").description)
        }
        if let memory = options.memoryLimitMB, memory <= 0 {
            return failed(.error, MILPError.invalidOption(name: "memoryLimitMB", expected: "a positive whole number").description)
        }
        if let reason = model.trivialInfeasibility() {
            return failed(.infeasible, reason)
        }
        var notes: [String] = []
        var incumbent: [Double]? = nil
        if let warmStart = options.warmStart {
            let problems = model.violations(of: warmStart)
            if problems.isEmpty {
                incumbent = warmStart.enumerated().map { index, value in
                    model.variables[index].kind == .continuous ? value : value.rounded()
                }
            } else {
                notes.append("warm start ignored: \(problems.prefix(3).joined(separator: "; "))")
            }
        }
        if model.variables.isEmpty {
            let values: [Double] = []
            return SolveResult(
                stopReason: .optimal, solution: Assignment(values),
                objectiveValues: model.objectives.map { $0.expression.constant }, levels: [],
                bound: model.objectives.first?.expression.constant, gap: 0, gapLevel: 0, nodes: 0,
                seconds: elapsed(), message: nil, notes: notes)
        }

        let levels: [Objective?] = model.objectives.isEmpty ? [nil] : model.objectives.map { $0 }
        var heldRows: [ConstraintDefinition] = []
        var reports: [LevelReport] = []
        var termination = StopReason.optimal
        var message: String? = nil
        var gapLevel: Int? = nil
        var totalNodes = 0
        for (levelIndex, objective) in levels.enumerated() {
            var remaining: Double? = nil
            if let limit = options.timeLimitSeconds {
                remaining = limit - elapsed()
            }
            if options.isCancelled || (remaining.map { $0 <= 0.001 } ?? false) {
                // Out of time (or cancelled): the incumbent (if any) stands for the remaining levels.
                if termination == .optimal { termination = options.isCancelled ? .cancelled : .timeLimit }
                message =
                    message ?? (options.isCancelled ? "cancelled" : "time limit reached")
                    + " before level \(levelIndex + 1) (\(objective?.name ?? "feasibility"))"
                if gapLevel == nil { gapLevel = levelIndex }
                let stop: StopReason = options.isCancelled ? .cancelled : .timeLimit
                reports.append(
                    LevelReport(
                        name: objective?.name ?? "feasibility", termination: incumbent == nil ? .noSolution : .feasible,
                        stopReason: stop, value: incumbent.map { objective?.expression.value($0) ?? 0 }, bound: nil, gap: nil,
                        seconds: 0, nodes: 0))
                continue
            }
            let earlier = reports.compactMap(\.value)
            let derived = earlier.count == levelIndex ? objective?.boundFromEarlier?(earlier) : nil
            // The tighter of the formulation's bound and the one from the earlier levels' values.
            var known = objective?.bound
            if let objective, let derived {
                known = known.map { objective.sense == .minimize ? Swift.max($0, derived) : Swift.min($0, derived) } ?? derived
            }
            if let objective, let bound = known, let current = incumbent {
                let value = objective.expression.value(current)
                let reached = objective.sense == .minimize ? value <= bound + Tolerance.exact : value >= bound - Tolerance.exact
                if reached {
                    // The incumbent meets a bound no solution can beat: optimal without a solve.
                    if options.reportsLevels, let control = options.control {
                        control.report(.levelStarted(name: objective.name, index: levelIndex, count: levels.count))
                        control.report(
                            .levelFinished(
                                name: objective.name, termination: .optimal, objective: value, bound: bound, gap: 0, seconds: 0))
                    }
                    reports.append(
                        LevelReport(
                            name: objective.name, termination: .optimal, value: value, bound: bound, gap: 0, seconds: 0, nodes: 0,
                            warmStartAccepted: true))
                    if levelIndex < levels.count - 1 { heldRows.append(model.holdRow(objective, at: value)) }
                    continue
                }
            }
            let problem = model.flatten(objective: objective, extraRows: heldRows)
            let name = objective?.name ?? "feasibility"
            if options.reportsLevels { options.control?.report(.levelStarted(name: name, index: levelIndex, count: levels.count)) }
            var outcome: LevelOutcome
            let integral = objective.map { model.isIntegral($0.expression) || $0.integralCompletion } ?? false
            var options = options
            if objective?.integralCompletion == true { options.integralObjective = true }
            if let blocks = options.neighbourhoods, let remaining, let current = incumbent, objective != nil {
                // The level's share of what is left: an even split over the levels still to solve.
                let share = remaining / Double(levels.count - levelIndex)
                outcome = searchLevel(
                    model, level: levelIndex, problem: problem, budget: share, incumbent: current, blocks: blocks,
                    options: options, last: levelIndex == levels.count - 1, known: known)
            } else {
                outcome = solveLevel(problem, timeLimitSeconds: remaining, warmStart: incumbent, options: options)
            }
            if let objective, integral {
                // An integer-valued level: its optimum is at least the solver's bound rounded up (34.6 proves 35),
                // which a solver reports unrounded; a value that meets it is optimal.
                if let own = outcome.bound { outcome.adopt(own, sense: objective.sense, integral: true) }
            }
            if let objective, let bound = known { outcome.adopt(bound, sense: objective.sense, integral: integral) }
            totalNodes += outcome.nodes
            if options.reportsLevels {
                options.control?.report(
                    .levelFinished(
                        name: name, termination: outcome.termination, objective: outcome.objective, bound: outcome.bound,
                        gap: outcome.gap, seconds: outcome.seconds))
            }
            reports.append(outcome.report(name: name))
            switch outcome.termination {
            case .optimal:
                break
            case .feasible:
                if termination == .optimal { termination = outcome.stopReason }
                if gapLevel == nil { gapLevel = levelIndex }
                message = message ?? outcome.message ?? "level \(levelIndex + 1) (\(name)) stopped before proving optimality"
            case .noSolution:
                if termination == .optimal { termination = outcome.stopReason }
                if gapLevel == nil { gapLevel = levelIndex }
                message = message ?? outcome.message ?? "time limit reached at level \(levelIndex + 1) (\(name))"
            case .infeasible:
                // Only the first level can be infeasible: later levels contain the previous solution.
                if levelIndex == 0 {
                    return SolveResult(
                        stopReason: .infeasible, solution: nil, objectiveValues: [], levels: reports, bound: nil,
                        gap: nil, gapLevel: 0, nodes: totalNodes, seconds: elapsed(),
                        message: outcome.message ?? "no solution satisfies the constraints", notes: notes)
                }
                termination = .error
                message = "level \(levelIndex + 1) (\(name)) became infeasible after holding the earlier levels; the earlier solution is kept"
            case .unbounded:
                if incumbent == nil || levelIndex == 0 {
                    return SolveResult(
                        stopReason: .unbounded, solution: nil, objectiveValues: [], levels: reports, bound: nil,
                        gap: nil, gapLevel: levelIndex, nodes: totalNodes, seconds: elapsed(),
                        message: outcome.message ?? "the objective is unbounded", notes: notes)
                }
                termination = .unbounded
                message = "level \(levelIndex + 1) (\(name)) is unbounded; the earlier solution is kept"
            case .error:
                if incumbent == nil {
                    return SolveResult(
                        stopReason: .error, solution: nil, objectiveValues: [], levels: reports, bound: nil, gap: nil,
                        gapLevel: levelIndex, nodes: totalNodes, seconds: elapsed(),
                        message: outcome.message ?? "the solver failed", notes: notes)
                }
                termination = .error
                message = outcome.message ?? "the solver failed at level \(levelIndex + 1) (\(name))"
            }
            if let values = outcome.values, outcome.termination == .optimal || outcome.termination == .feasible {
                incumbent = values.enumerated().map { index, value in
                    model.variables[index].kind == .continuous ? value : value.rounded()
                }
            }
            // Hold this level at the value reached, for the levels after it.
            if let objective, let current = incumbent, levelIndex < levels.count - 1 {
                heldRows.append(model.holdRow(objective, at: objective.expression.value(current)))
            }
        }
        guard let values = incumbent else {
            return SolveResult(
                stopReason: termination == .optimal ? .error : termination, solution: nil, objectiveValues: [],
                levels: reports, bound: reports.first?.bound, gap: nil, gapLevel: gapLevel ?? 0, nodes: totalNodes,
                seconds: elapsed(), message: message ?? "no solution found", notes: notes)
        }
        let objectiveValues = model.objectives.map { $0.expression.value(values) }
        let reportIndex = gapLevel ?? 0
        var bound: Double? = nil
        var gap: Double? = nil
        if termination == .optimal {
            bound = objectiveValues.first
            gap = 0
        } else if reportIndex < reports.count {
            bound = reports[reportIndex].bound
            gap = reports[reportIndex].gap
        }
        return SolveResult(
            stopReason: termination, solution: Assignment(values), objectiveValues: objectiveValues, levels: reports,
            bound: bound, gap: gap, gapLevel: reportIndex, nodes: totalNodes, seconds: elapsed(), message: message,
            notes: notes)
    }
}
