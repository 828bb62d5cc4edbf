import TouchlineMILP

/// The `lineup` problem kind: who is on the field, where, in every segment of a match, so that playing time
/// is as even as the rules allow, then with the fewest substitutions, then in first-listed positions; in four
/// substitution modes and as a live re-plan from the match's current state.
public enum LineupKind: ProblemKind, PreCheckedKind, BestEffortKind, OwnPipelineKind {
    public typealias Instance = LineupInstance
    public typealias Solution = LineupSolution
    public typealias Objective = LineupObjective
    public typealias Prepared = LineupAnalysis

    public static let configuration = KindConfiguration(
        name: "lineup", summary: summary, schema: schema, generatorSize: generatorSize)
    static let summary = "balanced-playtime lineups and substitution rotations (four modes, live re-planning)"

    public static func options(of instance: LineupInstance) -> InstanceOptions? { instance.options }

    /// The pattern engine's programs are small (a few hundred rows): the built-in solver takes them.
    public static var builtinSolverServes: Bool { true }

    public static func validate(_ instance: LineupInstance) -> [InputIssue] { instance.issues() }

    public static func prepare(_ instance: LineupInstance, options: InstanceOptions) -> LineupAnalysis {
        var analysis = LineupAnalysis(instance)
        analysis.compactModelForced = options.formulation == .compact
        return analysis
    }

    /// Counting arguments, before any solve: the squad against the formation (`LineupAnalysis.collisions()`),
    /// then each player's legal patterns (a player with none, naming the rules that exclude every one; no
    /// keeper for a whole period) and the minutes those patterns allow against what the field holds.
    public static func impossibility(_ analysis: LineupAnalysis) -> String? {
        if let day = analysis.day { return day.impossibility(analysis.instance) }
        if let reason = analysis.collisions() { return reason }
        guard let space = analysis.patternSpace() else { return nil }
        if let reason = space.impossibility() { return reason }
        if let space = analysis.enumeratedPatterns(), let reason = space.minutesImpossibility() { return reason }
        return nil
    }

    /// The greedy within about `seconds` (only the colour search of big colour-group squads takes long).
    public static func greedy(_ analysis: LineupAnalysis, seconds: Double?) -> LineupSolution? {
        if let day = analysis.day { return day.greedy(analysis.instance, seconds: seconds).map { day.solution($0, instance: analysis.instance) } }
        return LineupGreedy.plan(analysis, seconds: seconds).map { analysis.solution($0) }
    }

    public static func verify(_ instance: LineupInstance, _ solution: LineupSolution) -> [String] {
        let findings = LineupVerifier.check(instance, solution)
        var violations = findings.structural
        let declared = Set(solution.brokenRules ?? [])
        violations += findings.broken.filter { !declared.contains($0) }
        let actual = Set(findings.broken)
        violations += declared.subtracting(actual).sorted().map { "brokenRules lists \"\($0)\", which the plan does not break" }
        return violations
    }

    public static func brokenRules(_ solution: LineupSolution) -> [String] { solution.brokenRules ?? [] }

    public static func objective(_ instance: LineupInstance, _ solution: LineupSolution) -> LineupObjective {
        LineupVerifier.objective(instance, solution)
    }

    public static func levels(_ objective: LineupObjective) -> [ObjectiveLevel] {
        [ObjectiveLevel("spread", objective.spread)]
            + (objective.strengthGap.map { [ObjectiveLevel("strengthGap", $0)] } ?? [])
            + [
                ObjectiveLevel("substitutions", objective.substitutions),
                ObjectiveLevel("offPreferredPosition", objective.offPreferredPosition)
            ]
    }

    /// The time the relaxed MILP of ``bestEffort(_:solver:options:)`` may take at most.
    static let bestEffortSeconds = 1.0

    /// True when best-effort plan `a` breaks the rules less than `b` in the best effort's order, then has the
    /// better objective.
    static func isFairer(_ a: LineupSolution, than b: LineupSolution, instance: LineupInstance) -> Bool {
        let (ma, mb) = (LineupVerifier.bestEffortMeasure(instance, a), LineupVerifier.bestEffortMeasure(instance, b))
        if ma != mb { return ma.lexicographicallyPrecedes(mb) }
        return isBetter(objective(instance, a), than: objective(instance, b))
    }

    /// The plan that breaks the rules as little and as evenly as it can, each broken rule listed: first the
    /// fewest empty formation slots, then the smallest largest shortfall of one player's minutes (`minShare`,
    /// `minMinutes`), then the smallest total shortfall, then the fewest other rules broken (minutes limits,
    /// bench runs, stints, locks, marks, keeper rules), then the contract's objective; by the relaxed MILP when
    /// a solver is given (the lenient greedy rotation's plan when it measures better), else by the rotation.
    public static func bestEffort(_ analysis: LineupAnalysis, solver: (any Solver)?, options: SolveOptions) -> LineupSolution? {
        if let day = analysis.day { return dayBestEffort(analysis.instance, day: day, solver: solver, options: options) }
        let instance = analysis.instance
        let lenient = LineupGreedy.rotation(analysis, lenient: true).map { plan -> LineupSolution in
            let solution = analysis.solution(plan)
            return analysis.solution(plan, brokenRules: LineupVerifier.check(instance, solution).broken)
        }
        let usable = { (solution: LineupSolution) -> Bool in LineupVerifier.check(instance, solution).structural.isEmpty }
        guard let solver else { return lenient.flatMap { usable($0) ? $0 : nil } }
        let formulation = formulation(analysis, relaxed: true)
        var solveOptions = options
        // A short look for a better plan than the lenient greedy's: the answer (infeasible or unknown) is
        // already known, and a coach should not wait for the best-effort plan.
        solveOptions.timeLimitSeconds = min(options.timeLimitSeconds ?? bestEffortSeconds, bestEffortSeconds)
        solveOptions.tuning = formulation.tuning
        solveOptions.warmStart = lenient.flatMap { formulation.encode($0) }
        let limit = solveOptions.timeLimitSeconds ?? bestEffortSeconds
        let clock = ContinuousClock.now
        // The first levels by the first half of the time: one level stopped by the limit (measured: the largest
        // shortfall of a 5-player squad took GLPK 2.6 s and 5,327 nodes to prove, its value found at once) would
        // otherwise leave the levels after it no time, and the plan's total shortfall unminimised.
        solveOptions.timeLimitSeconds = limit / 2
        var result = solver.solve(formulation.model, options: solveOptions)
        if let values = result.solution?.values, let open = result.levels.firstIndex(where: { $0.termination != .optimal }),
            open + 1 < formulation.model.objectives.count
        {
            // The levels up to the open one held at the plan's values; the rest from that plan in the time left.
            var rest = formulation.model
            for objective in rest.objectives.prefix(open + 1) {
                rest.add(objective.expression <= objective.expression.value(values) + 1e-6, name: "hold_\(objective.name)")
            }
            rest.objectives.removeFirst(open + 1)
            var restOptions = solveOptions
            restOptions.warmStart = values
            restOptions.timeLimitSeconds = max(0.05, limit - (ContinuousClock.now - clock).inSeconds)
            let second = solver.solve(rest, options: restOptions)
            if second.solution != nil { result = second }
        }
        if let values = result.solution {
            let solution = formulation.decode(values)
            if usable(solution) {
                if let lenient, usable(lenient), isFairer(lenient, than: solution, instance: instance) { return lenient }
                return solution
            }
        }
        return lenient.flatMap { usable($0) ? $0 : nil }
    }
}

extension LineupKind {
    /// A tournament day's best effort: match by match, each match's best effort with the day's minutes so far as
    /// season minutes and `minShare` held in the match, within an equal share of the time; every rule the day's
    /// plan breaks is listed (the day's verifier names them).
    static func dayBestEffort(_ instance: LineupInstance, day: LineupDay, solver: (any Solver)?, options: SolveOptions) -> LineupSolution? {
        let instance = instance.remainingDay()
        var sofar = day.earlier
        var plans: [LineupPlan] = []
        let limit = min(options.timeLimitSeconds ?? bestEffortSeconds, bestEffortSeconds)
        for m in day.parts.indices {
            var game = instance.dayPart(m, .asGiven)
            var rules = game.rules ?? LineupRules()
            rules.seasonBalance = true
            game.rules = rules
            for p in game.players.indices { game.players[p].seasonMinutes = day.spreadOffset[p] + sofar[p] }
            var partOptions = options
            partOptions.timeLimitSeconds = limit / Double(day.parts.count)
            guard let plan = bestEffort(LineupAnalysis(game), solver: solver, options: partOptions).flatMap({ day.parts[m].plan(of: $0) })
            else { return nil }
            for p in sofar.indices { sofar[p] += day.parts[m].minutes(of: p, in: plan) }
            plans.append(plan)
        }
        let plain = day.solution(plans, instance: instance)
        let findings = LineupVerifier.check(instance, plain)
        guard findings.structural.isEmpty else { return nil }
        return day.solution(plans, instance: instance, brokenRules: findings.broken)
    }
}

extension LineupAnalysis {
    /// Counting arguments that show the rules collide, without solving: too few players or keepers for the
    /// formation, locks that contradict each other or the squad, more minutes owed than the field holds.
    func collisions() -> String? {
        var problems: [String] = []
        let players = instance.players
        for (s, segment) in segments.enumerated() {
            let able = players.indices.filter { canPlay[$0][s] && !eligible[$0].isEmpty }
            if able.count < fieldSize {
                problems.append("only \(able.count) players can play in min \(segment.start)–\(segment.end) and the formation needs \(fieldSize)")
                break
            }
            var shortPosition: String? = nil
            for (k, count) in slots.enumerated() {
                let options = able.filter { eligible[$0].contains(k) }.count
                if options < count {
                    shortPosition =
                        "the formation needs \(count) \(positions[k]) in min \(segment.start)–\(segment.end) and only \(options) available players play \(positions[k])"
                    break
                }
            }
            if let shortPosition {
                problems.append(shortPosition)
                break
            }
        }
        let regulationPlanned = segments.filter { $0.start < regulationEnd }.reduce(0) { $0 + $1.length }
        let owed = minShareNeed.reduce(0, +)
        if owed > regulationPlanned * fieldSize {
            problems.append(
                "minShare \(rules.minShare ?? 0) needs \(owed) regulation minutes on the field in all and the formation holds \(regulationPlanned * fieldSize)"
            )
        }
        for p in players.indices where minShareNeed[p] > 0 {
            let reachable = segments.indices.filter { segments[$0].start < regulationEnd && canPlay[p][$0] }.reduce(0) { $0 + segments[$1].length }
            if minShareNeed[p] > reachable {
                problems.append(
                    "minShare needs \(minShareNeed[p]) more regulation minutes from \(players[p].displayName), who can play only \(reachable)")
            }
        }
        if let keeper, slots[keeper] > 0 {
            for (s, segment) in segments.enumerated() {
                var lockedKeepers: [String] = []
                for (l, lock) in (instance.locks ?? []).enumerated()
                where lockSegments[l].contains(s) && lock.position == "GK" && lock.holdsOnField {
                    lockedKeepers.append(lock.player)
                }
                if Set(lockedKeepers).count > slots[keeper] {
                    problems.append(
                        "locks put \(Set(lockedKeepers).sorted().joined(separator: " and ")) in goal at once in min \(segment.start)–\(segment.end)")
                    break
                }
            }
        }
        for (l, lock) in (instance.locks ?? []).enumerated() where lock.holdsOnField {
            guard let p = playerIndex[lock.player] else { continue }
            if let s = lockSegments[l].first(where: { !canPlay[p][$0] }) {
                let why = players[p].isAvailable ? "has not arrived" : "is \(players[p].status!.rawValue)"
                problems.append(
                    "locks[\(l)] puts \(players[p].displayName) on the field in min \(segments[s].start)–\(segments[s].end), but the player \(why)")
            }
        }
        // Two locks on one player that cannot both hold in some segment (on and off, or two positions).
        let locks = instance.locks ?? []
        conflict: for l in locks.indices {
            for m in locks.indices where m > l && locks[m].player == locks[l].player {
                guard let s = lockSegments[l].first(where: { lockSegments[m].contains($0) }) else { continue }
                let (a, b) = (locks[l], locks[m])
                let onA = a.holdsOnField, onB = b.holdsOnField
                if onA != onB || (onA && a.position != nil && b.position != nil && a.position != b.position) {
                    problems.append("locks[\(l)] and locks[\(m)] cannot both hold for \(a.player) in min \(segments[s].start)–\(segments[s].end)")
                    break conflict
                }
            }
        }
        // A lock against the keeper who must stay in goal for the rest of the period (a live re-plan).
        if let stays = stayingKeeper {
            for (l, lock) in locks.enumerated() where lock.player == players[stays].id {
                let onField = lock.holdsOnField
                guard !onField || (lock.position != nil && lock.position != "GK"),
                    let s = lockSegments[l].first(where: { stayingKeeperSegments.contains($0) })
                else { continue }
                problems.append(
                    "locks[\(l)] puts \(players[stays].displayName) " + (onField ? "at \(lock.position!)" : "off the field")
                        + " in min \(segments[s].start)–\(segments[s].end), but as the goalkeeper on the field he stays in goal for the rest of the period"
                )
                break
            }
        }
        // Marks of a period already over (a live re-plan) no longer bind.
        for marks in instance.preMarked?.periods ?? []
        where instance.mode == .preMarked && marks.active.count > fieldSize
            && segments.contains(where: { $0.period == marks.period })
        {
            problems.append("preMarked marks \(marks.active.count) players for period \(marks.period) and the formation has \(fieldSize) places")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
