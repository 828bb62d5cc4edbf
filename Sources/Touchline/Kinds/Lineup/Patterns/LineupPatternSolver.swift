import Foundation
import TouchlineMILP

/// The lineup pipeline on the pattern model, level by level.
///
/// 1. Spread, by a window scan: for S = S₀, S₀ + g, … and every window [L, L + S] of the spread players'
///    balances, the model restricted to the patterns inside the window either has a plan or not. The first S
///    with a plan is the proven spread when every window of every smaller S was proven empty (most die in
///    the LP). No max/min variables.
/// 2. Under `rules.strength` `balanced`, the strength gap, spread held: the same windows, each by descending
///    caps on the gap (in whole units of the ratings' grid) until a feasibility model proves none lower.
/// 3. Substitutions, spread (and strength gap) held: the windows of S* together are the whole feasible set;
///    each is solved by exact reduced-cost fixing below the incumbent (target form first).
/// 4. Off-preferred positions, substitutions held: the same windows, improvement form from the incumbent.
///
/// Every level starts from the previous level's plan; only solves that ended proven prove anything.
enum LineupPatternSolver {
    struct Outcome {
        var plan: LineupPlan?
        /// Per level (spread, strengthGap when it is one, substitutions, offPreferredPosition): proven optimal.
        var proven: [Bool] = [false, false, false]
        /// Set when no plan exists (proven): the reason.
        var infeasible: String?
        var levels: [LevelReport] = []
        var variables = 0
        var constraints = 0
        var nodes = 0
        var notes: [String] = []
    }

    typealias Window = [Range<Int>]

    /// The program over every pattern (no objective) and one relaxation session of it, for a backend that keeps
    /// relaxations across solves (``TouchlineMILP/Solver/keepsRelaxations``, the built-in solver); nil for the others.
    /// Every plan of the squad is a point of it, so an empty LP proves there is no plan; the window scan re-solves it
    /// with the columns outside each window held at 0.
    final class WholeRelaxation {
        let model: LineupPatternModel
        let session: any RelaxationSession
        /// Its LP was solved with every column free and has a point.
        var hasPoint = false

        init?(_ space: LineupPatternSpace, solver: any Solver) {
            guard solver.keepsRelaxations else { return nil }
            let model = LineupPatternModel(space, window: nil, goal: .feasibility)
            guard let session = solver.relaxationSession(model.model) else { return nil }
            self.model = model
            self.session = session
        }
    }

    /// The answer when the LP over every pattern is empty.
    static let emptyRelaxationReason =
        "no combination of the players' legal patterns fills the formation in every segment (proven by the linear relaxation of the pattern model over every pattern)"

    /// Columns of the program over every pattern up to which the pipeline solves its LP before the greedy (with a
    /// backend that keeps relaxations): below it that LP takes a few hundred pivots (about 0.1 s at 6,000 columns,
    /// measured on a 12-player 9v9), and its basis is where the window scan starts; above it the LP costs a second
    /// or more (a 12-player colour-group squad with 21,000 colour schedules: over 1 s), which a squad whose greedy
    /// plan is proven by counting alone would spend for nothing.
    static let relaxationFirstColumns = 8_000
    /// The greedy's pattern repair, as the warm start of this engine, stops after this many moves (its own answer
    /// takes 20,000). Measured on the generated series' balanced and pre-marked squads: where the repair found a
    /// plan it took 6 to 9,294 moves, most under 2,000; where it found none (nine squads of 16-22 players),
    /// 20,000 moves took about 1.1 s of the squad's limit. At 3,000 moves two squads lost their start, and one of
    /// them its only plan within 10 s (the engine found none of its own): this keeps every start seen.
    static let warmStartRepairMoves = 10_000

    static func solve(
        _ space: LineupPatternSpace, solver: any Solver, start: LineupPlan?, timeLimitSeconds: Double,
        options: SolveOptions, whole given: WholeRelaxation? = nil
    ) -> Outcome {
        // `given`: the pipeline's program over every pattern and its session (nil for a backend without sessions,
        // or a program too large for one), built once before the greedy.
        let clock = ContinuousClock.now
        func elapsed() -> Double { (ContinuousClock.now - clock).inSeconds }
        // A cancelled solve has no time left: every loop below stops at its next check.
        // A solver failure recorded in any inner solve (a memory limit, a program too large for the built-in solver)
        // ends the pipeline: the engine answers with greedy's plan then, so the rest of the limit would be spent for nothing.
        func remaining() -> Double { options.isCancelled || options.control?.failure != nil ? 0 : timeLimitSeconds - elapsed() }
        /// A target form's share of the time (`--reproducible`: the rest of the limit, so that a loaded machine
        /// does not cut the target form short and reach the same optimum by another path).
        func share(_ seconds: @autoclosure () -> Double) -> Double { options.reproducible ? remaining() : min(seconds(), remaining()) }
        let a = space.analysis
        var outcome = Outcome()
        let strength = a.strengthGapUnits
        let levelCount = strength == nil ? 3 : 4
        outcome.proven = Array(repeating: false, count: levelCount)
        var solveOptions = options
        // The inner solves are steps of the three levels below, which report themselves: their levels, and their
        // progress in the level's own units (a spread window's program minimises substitutions, so its branch and
        // bound's numbers are not the spread's).
        solveOptions.reportsLevels = false
        solveOptions.reportsProgress = false
        /// The level's incumbent (the best plan's value) and its proven bound, when either moved since the last event.
        var reported: (level: String, incumbent: Int?, bound: Int?)? = nil
        func progress(_ level: String, incumbent: Int?, bound: Int?, scale: Double = 1) {
            guard let control = options.control, control.isObserved else { return }
            if let last = reported, last.level == level, last.incumbent == incumbent, last.bound == bound { return }
            reported = (level, incumbent, bound)
            control.report(
                .progress(
                    level: level, incumbent: incumbent.map { Double($0) / scale }, bound: bound.map { Double($0) / scale },
                    gap: incumbent.flatMap { value in bound.map { relativeGap(Double(value), Double($0)) } },
                    nodes: outcome.nodes, seconds: control.seconds))
        }
        func report(_ stats: LevelReport) {
            options.control?.report(
                .levelFinished(
                    name: stats.name, termination: stats.termination,
                    objective: stats.value, bound: stats.bound, gap: stats.gap, seconds: stats.seconds))
        }
        func objective(_ plan: LineupPlan) -> LineupObjective {
            LineupVerifier.objective(a.instance, a.solution(plan))
        }
        let tracer = options.control
        func trace(_ text: @autoclosure () -> String) {
            if let tracer, tracer.isTracing { tracer.trace("[\(String(format: "%.2f", elapsed()))s] \(text())") }
        }
        trace(
            "classes \(space.classes.count), scenarios \(space.scenarios.map { String($0.count) } ?? "none"), schedules \(space.colourSchedules.map { String($0.count) } ?? "none"), patterns \(space.classes.reduce(0) { $0 + $1.patterns.count }), start \(start.map { "\(objective($0))" } ?? "none")"
        )
        func record(_ model: LineupPatternModel, _ nodes: Int) {
            outcome.variables = max(outcome.variables, model.model.variableCount)
            outcome.constraints = max(outcome.constraints, model.model.constraintCount)
            outcome.nodes += nodes
        }
        // A player without a single legal pattern, or no colour schedule at all: no plan.
        if let reason = space.structuralImpossibility() {
            outcome.infeasible = reason
            return outcome
        }
        var best = start.map { ($0, objective($0)) }

        // The spread players' classes and the windows of a spread S.
        let spreadClasses = space.classes.indices.filter { space.classes[$0].balances != nil }
        let g = space.step
        func window(_ low: Int, _ width: Int) -> Window? {
            var result: Window = []
            for group in space.classes {
                guard let balances = group.balances else {
                    result.append(0..<group.patterns.count)
                    continue
                }
                let lo = balances.firstIndex { $0 >= low } ?? balances.count
                let hi = balances.firstIndex { $0 > low + width } ?? balances.count
                if lo >= hi { return nil }
                result.append(lo..<hi)
            }
            return result
        }
        // A class without any pattern has no balance either (every window of it is empty, below).
        let lowest = spreadClasses.compactMap { space.classes[$0].balances?.first }
        let highest = spreadClasses.compactMap { space.classes[$0].balances?.last }
        let minOfMax = highest.min() ?? 0
        let maxOfMin = lowest.max() ?? 0
        let firstSpread = max(0, maxOfMin - minOfMax)
        let lastSpread = lowest.isEmpty ? 0 : (highest.max()! - lowest.min()!)
        let fieldMinutes = a.segments.reduce(0) { $0 + $1.length } * a.fieldSize
        let present = max(1, space.classes.reduce(0) { $0 + $1.count })
        let centre =
            Double(fieldMinutes) / Double(present)
            + Double(
                spreadClasses.reduce(0) {
                    $0 + (space.classes[$1].balances!.first! - space.classes[$1].patterns.first!.minutes) * space.classes[$1].count
                })
            / Double(max(1, spreadClasses.reduce(0) { $0 + space.classes[$1].count }))
        let capacity = a.segments.reduce(0) { $0 + $1.length } * a.fieldSize
        let regulationCapacity = a.segments.filter { $0.start < a.regulationEnd }.reduce(0) { $0 + $1.length } * a.fieldSize
        /// The counting argument inside a window: the players' minutes add up to exactly what the field holds.
        func countsAllow(_ w: Window) -> Bool {
            var least = 0, most = 0, leastRegulation = 0
            for (c, group) in space.classes.enumerated() where !w[c].isEmpty {
                least += group.patterns[w[c].lowerBound].minutes * group.count
                most += group.patterns[w[c].upperBound - 1].minutes * group.count
                leastRegulation += group.patterns[w[c]].lazy.map(\.regulation).min()! * group.count
            }
            return least <= capacity && most >= capacity && leastRegulation <= regulationCapacity
        }
        func windows(_ width: Int) -> [Window] {
            guard !spreadClasses.isEmpty else { return [space.classes.map { 0..<$0.patterns.count }] }
            var lows: [Int] = []
            var low = ((maxOfMin - width) / g) * g
            if low > maxOfMin - width { low -= g }
            while low <= minOfMax {
                if low + width >= maxOfMin { lows.append(low) }
                low += g
            }
            lows.sort { abs(Double($0) + Double(width) / 2 - centre) < abs(Double($1) + Double(width) / 2 - centre) }
            var seen = Set<[Int]>()
            var result: [Window] = []
            for low in lows {
                guard let w = window(low, width), countsAllow(w) else { continue }
                let key = w.flatMap { [$0.lowerBound, $0.upperBound] }
                if seen.insert(key).inserted { result.append(w) }
            }
            return result
        }

        // Level 1: spread.
        options.control?.report(.levelStarted(name: "spread", index: 0, count: levelCount))
        let level1Start = elapsed()
        var spread: Int? = nil
        var unresolvedBelow: Int? = nil  // smallest S with a window not proven empty
        var level2Known: (window: Window, value: Int)? = nil
        /// Windows proven to hold no plan (by the LP or the MIP): skipped at every later level.
        var empty = Set<Window>()
        var width = firstSpread
        var lpEmptyInARow = 0
        var wholeChecked = false
        var noPlanAtAll = false
        let upper = best.map { $0.1.spread } ?? lastSpread
        progress("spread", incumbent: best?.1.spread, bound: firstSpread)
        // Where the backend keeps a relaxation across solves (the built-in solver), each window's LP is first
        // solved in one program over every pattern with the columns outside the window held at 0, from the basis
        // the last window's LP ended at: every plan in the window is a point of it (the same rows; the other
        // columns at 0), so an empty one proves the window empty, and neighbouring windows differ in a few
        // classes' ranges, so a few pivots decide it instead of a solve from scratch (measured: about 1 s a window
        // from scratch on an 18-player 11v11 every 5 minutes).
        // A window whose LP has a point goes on to its own model below.
        var whole: LineupPatternModel? = nil
        var session: (any RelaxationSession)? = nil
        if !spreadClasses.isEmpty, let relaxation = given {
            whole = relaxation.model
            session = relaxation.session
            // Already solved with every column free (and not empty): nothing more to learn from it alone.
            wholeChecked = relaxation.hasPoint
        }
        /// Solves the LP over every pattern once (after several windows died in their LP): empty means no plan at all.
        func wholeIsEmpty() -> Bool {
            guard !wholeChecked && best == nil else { return false }
            wholeChecked = true
            let termination: LevelTermination
            if let session {
                termination = session.solve(bounds: [], timeLimitSeconds: min(remaining(), 2), options: solveOptions)
            } else {
                let model = LineupPatternModel(space, window: space.classes.map { 0..<$0.patterns.count }, goal: .feasibility)
                termination = solver.relaxation(model.model, level: nil, timeLimitSeconds: min(remaining(), 2), options: solveOptions).termination
                record(model, 0)
            }
            trace("every pattern: LP \(termination)")
            return termination == .infeasible
        }
        /// The window's LP in the session (nil without one).
        func windowLP(_ w: Window, _ label: String) -> LevelTermination? {
            guard let session, let whole else { return nil }
            var bounds: [(column: Int, lower: Double, upper: Double)] = []
            for (c, columns) in whole.lambda.enumerated() {
                for (k, variable) in columns where !w[c].contains(k) { bounds.append((variable.index, 0, 0)) }
            }
            let before = session.iterations
            let termination = session.solve(bounds: bounds, timeLimitSeconds: remaining(), options: solveOptions)
            trace("\(label) window \(w.map(\.count)): window LP \(termination) (\(session.iterations - before) iterations)")
            return termination
        }
        scan: while width <= upper {
            if let start = best, width >= start.1.spread {
                // Every smaller spread was tried; the start plan has this one.
                spread = start.1.spread
                break
            }
            for w in windows(width) {
                if remaining() <= 0.01 {
                    if unresolvedBelow == nil { unresolvedBelow = width }
                    break scan
                }
                if let termination = windowLP(w, "spread \(width)") {
                    if termination == .infeasible {
                        empty.insert(w)
                        lpEmptyInARow += 1
                        if lpEmptyInARow >= 3 && wholeIsEmpty() {
                            unresolvedBelow = nil
                            noPlanAtAll = true
                            break scan
                        }
                        continue
                    }
                    if termination == .noSolution && remaining() <= 0.01 {
                        if unresolvedBelow == nil { unresolvedBelow = width }
                        break scan
                    }
                }
                // The fewest substitutions in the window: the target form (a plan at the LP bound among the columns
                // that can hold one), and, where it proves there is none, the improvement form over every column,
                // which finds the window's first plan and proves the level below at once (measured: a plan-only
                // feasibility program after an empty target took 2.7 s on a 12-player turn-based squad, and 5 s to
                // prove a 10-player live window empty, with nothing to steer its branching). A target form that runs
                // out of its time goes to that feasibility program instead: with no incumbent the improvement form
                // keeps every column (measured: an 18-player squad lost its proof).
                let model = LineupPatternModel(space, window: w, goal: .substitutions)
                let fixing = ReducedCostFixing.minimize(
                    model.model, solver: solver, target: true, targetSeconds: share(2), improve: true,
                    improveAfterTargetLimit: false, timeLimitSeconds: remaining(), options: solveOptions)
                record(model, fixing.nodes)
                trace("spread \(width) window \(w.map(\.count)): \(fixing.status) \(fixing.steps)")
                // Many windows dying in their LP: one LP over every pattern may prove there is no plan at all
                // (measured: turn-based squads with season balance, dozens of windows each proven empty).
                if fixing.status == .infeasible && fixing.steps.first == "LP infeasible" { lpEmptyInARow += 1 } else { lpEmptyInARow = 0 }
                if lpEmptyInARow >= 3 && wholeIsEmpty() {
                    unresolvedBelow = nil
                    noPlanAtAll = true
                    break scan
                }
                var found: LineupPlan? = nil
                // A solution that does not decode into a plan proves nothing about the window: it stays open.
                var undecoded = false
                if let values = fixing.values {
                    found = model.decode(values)
                    undecoded = found == nil
                }
                if found == nil && fixing.status != .infeasible && remaining() <= 0.01 {
                    if unresolvedBelow == nil { unresolvedBelow = width }
                    break scan
                }
                if found == nil && fixing.status != .infeasible {
                    let feasibility = LineupPatternModel(space, window: w, goal: .feasibility)
                    var settings = solveOptions
                    settings.timeLimitSeconds = max(0.01, remaining())
                    let result = solver.solve(feasibility.model, options: settings)
                    record(feasibility, result.nodes)
                    trace("  feasibility MIP: \(result.stopReason)")
                    if let values = result.values {
                        found = feasibility.decode(values)
                        undecoded = found == nil
                    } else if result.stopReason != .infeasible {
                        if unresolvedBelow == nil { unresolvedBelow = width }
                        continue
                    }
                }
                if found == nil && undecoded {
                    if unresolvedBelow == nil { unresolvedBelow = width }
                    continue
                }
                if found == nil { empty.insert(w) }
                if let plan = found {
                    spread = width
                    let value = objective(plan)
                    if best == nil || LineupKind.isBetter(value, than: best!.1) { best = (plan, value) }
                    if fixing.status == .optimal, strength == nil, let v = fixing.value { level2Known = (w, Int(v)) }
                    break scan
                }
            }
            width += g
            // Every window of the smaller spreads proven empty (or the first open one): the level's bound.
            progress("spread", incumbent: best?.1.spread, bound: min(unresolvedBelow ?? width, best?.1.spread ?? .max))
        }
        if spread == nil, let best { spread = best.1.spread }
        guard let spreadValue = spread, let incumbent = best else {
            let stats = LevelReport(
                name: "spread", termination: unresolvedBelow == nil ? .infeasible : .noSolution, value: nil,
                bound: unresolvedBelow.map(Double.init), gap: nil, seconds: elapsed() - level1Start, nodes: outcome.nodes)
            outcome.levels = [stats]
            report(stats)
            if noPlanAtAll {
                outcome.infeasible = emptyRelaxationReason
            } else if unresolvedBelow == nil {
                outcome.infeasible =
                    "no combination of the players' legal patterns fills the formation in every segment (proven by the pattern model over every spread window)"
            }
            return outcome
        }
        best = incumbent
        let spreadProven = unresolvedBelow == nil || unresolvedBelow! >= spreadValue
        outcome.proven[0] = spreadProven
        let spreadBound = Double(spreadProven ? spreadValue : unresolvedBelow!)
        outcome.levels.append(
            LevelReport(
                name: "spread", termination: spreadProven ? .optimal : .feasible, value: Double(spreadValue),
                bound: spreadBound, gap: spreadProven ? 0 : relativeGap(Double(spreadValue), spreadBound),
                seconds: elapsed() - level1Start, nodes: outcome.nodes))
        report(outcome.levels[0])

        let finalWindows = windows(spreadValue)
        /// One level over the windows of the spread: exact reduced-cost fixing in each window, below the
        /// incumbent (which is passed as a start where it lies in the window). Proven when every window ended
        /// proven; the bound is the least of the open windows' LP bounds.
        /// `strengthCap`: the strength gap held (in units of the ratings' grid).
        func improve(
            _ name: String, goal: LineupPatternModel.Goal, value: (LineupObjective) -> Int, options: SolveOptions,
            targetSeconds: @autoclosure () -> Double, integralCompletion: Bool, proven: Bool, strengthCap: Int? = nil
        ) {
            let started = elapsed()
            let nodesBefore = outcome.nodes
            options.control?.report(.levelStarted(name: name, index: outcome.levels.count, count: levelCount))
            var levelProven = proven
            var bound = Double.infinity
            progress(name, incumbent: value(best!.1), bound: nil)
            for w in finalWindows where !empty.contains(w) {
                let current = value(best!.1)
                if current == 0 { break }
                if let known = level2Known, known.window == w, goal == .substitutions { continue }
                if remaining() <= 0.01 {
                    levelProven = false
                    bound = 0
                    break
                }
                // A window whose LP has no point holds no plan (the spread scan may not have reached it).
                if windowLP(w, name) == .infeasible {
                    empty.insert(w)
                    continue
                }
                let model = LineupPatternModel(space, window: w, goal: goal, strengthCap: strengthCap)
                let start = model.encode(best!.0)
                let fixing = ReducedCostFixing.minimize(
                    model.model, solver: solver, incumbent: start, cutoff: start == nil ? Double(current - 1) : nil,
                    target: true, targetSeconds: targetSeconds(), timeLimitSeconds: remaining(),
                    integralCompletion: integralCompletion, options: options)
                record(model, fixing.nodes)
                trace("\(name) window \(w.map(\.count)): \(fixing.status) \(fixing.steps)")
                if let values = fixing.values {
                    if let plan = model.decode(values) {
                        let found = objective(plan)
                        if found.spread == spreadValue && LineupKind.isBetter(found, than: best!.1) {
                            best = (plan, found)
                            progress(name, incumbent: value(found), bound: nil)
                        }
                    } else {
                        // The window's solution is no plan: its optimum is unknown, so the level is not proven.
                        levelProven = false
                        bound = min(bound, fixing.lpBound.map { ($0 - Tolerance.solver).rounded(.up) } ?? 0)
                    }
                }
                if fixing.status == .infeasible && fixing.values == nil && fixing.steps.first == "LP infeasible" { empty.insert(w) }
                if fixing.status == .stopped {
                    levelProven = false
                    bound = min(bound, fixing.lpBound.map { ($0 - Tolerance.solver).rounded(.up) } ?? 0)
                }
            }
            let reached = value(best!.1)
            bound = min(bound, Double(reached))
            let level = outcome.levels.count
            outcome.proven[level] = levelProven
            outcome.levels.append(
                LevelReport(
                    name: name, termination: levelProven ? .optimal : .feasible, value: Double(reached),
                    bound: bound, gap: levelProven ? 0 : relativeGap(Double(reached), bound),
                    seconds: elapsed() - started, nodes: outcome.nodes - nodesBefore))
            report(outcome.levels[level])
        }

        // The strength gap within the windows of the spread, in whole units of the ratings' grid, by descending
        // caps: in each window, a plan with a gap below the best one's (a feasibility model under the cap) until
        // none is left. Minimising the gap's own columns was measured slower: its linear relaxation evens
        // every segment out (bound 0), and the branch and bound found no plan below greedy's gap of 5 in 5 s on
        // a 12-player 7v7 where the capped model found a gap of 1 in 0.2 s. At most half of what is left, since
        // the proof that no smaller gap exists may take long and the levels after it still improve the plan.
        var strengthCap: Int? = nil
        if let strength {
            let units = { (objective: LineupObjective) -> Int in Int(((objective.strengthGap ?? 0) * strength.scale).rounded()) }
            let started = elapsed()
            let nodesBefore = outcome.nodes
            let budget = options.reproducible ? Double.infinity : remaining() / 2
            func left() -> Double { min(remaining(), budget - (elapsed() - started)) }
            options.control?.report(.levelStarted(name: "strengthGap", index: outcome.levels.count, count: levelCount))
            progress("strengthGap", incumbent: units(best!.1), bound: nil, scale: strength.scale)
            var levelProven = spreadProven
            var bound = 0
            windows: for w in finalWindows where !empty.contains(w) {
                if units(best!.1) > 0 && left() > 0.01 && windowLP(w, "strengthGap") == .infeasible {
                    empty.insert(w)
                    continue
                }
                while units(best!.1) > 0 {
                    if left() <= 0.01 {
                        levelProven = false
                        break windows
                    }
                    let model = LineupPatternModel(space, window: w, goal: .feasibility, strengthCap: units(best!.1) - 1)
                    var settings = solveOptions
                    settings.timeLimitSeconds = max(0.01, left())
                    let result = solver.solve(model.model, options: settings)
                    record(model, result.nodes)
                    trace("strengthGap below \(units(best!.1)) window \(w.map(\.count)): \(result.stopReason)")
                    if let values = result.values, let plan = model.decode(values) {
                        let found = objective(plan)
                        if found.spread == spreadValue && LineupKind.isBetter(found, than: best!.1) {
                            best = (plan, found)
                            progress("strengthGap", incumbent: units(found), bound: nil, scale: strength.scale)
                            continue
                        }
                    }
                    if result.stopReason == .infeasible { break }
                    // Stopped, or a solution that is no plan: this window's smallest gap is open.
                    levelProven = false
                    break windows
                }
            }
            let reached = units(best!.1)
            if levelProven { bound = reached }
            let level = outcome.levels.count
            outcome.proven[level] = levelProven
            outcome.levels.append(
                LevelReport(
                    name: "strengthGap", termination: levelProven ? .optimal : .feasible, value: Double(reached) / strength.scale,
                    bound: Double(bound) / strength.scale, gap: levelProven ? 0 : relativeGap(Double(reached), Double(bound)),
                    seconds: elapsed() - started, nodes: outcome.nodes - nodesBefore))
            report(outcome.levels[level])
            strengthCap = reached
        }

        // Substitutions within the windows of the spread (a window whose substitutions optimum the scan's
        // target MIP already proved is not solved again; not under a strength gap, which comes first).
        improve(
            "substitutions", goal: .substitutions, value: \.substitutions, options: solveOptions,
            targetSeconds: share(2), integralCompletion: false, proven: outcome.proven[outcome.levels.count - 1],
            strengthCap: strengthCap)

        // Level 3: off-preferred positions with the substitutions held. Its LP bound is often the optimum and
        // the work is finding a plan that reaches it: proximity search from the incumbent (measured: the hard
        // 22-player squad proven at 14 in 6 s with it, 21 against a bound of 14 after 20 s without).
        var positionOptions = solveOptions
        positionOptions.tuning.proximitySearch = true
        improve(
            "offPreferredPosition", goal: .offPreferred(cap: best!.1.substitutions), value: \.offPreferredPosition,
            options: positionOptions, targetSeconds: share(min(1, remaining() / 4)), integralCompletion: true,
            proven: outcome.proven[outcome.levels.count - 1], strengthCap: strengthCap)
        outcome.plan = best!.0
        return outcome
    }
}

extension LineupKind {
    /// Branch-and-bound settings of the pattern model's MIPs (cuts and Driebeck–Tomlin branching: measured faster than pseudocost on the generated series).
    static let patternTuning = SolverTuning(feasibilityPump: false, cuts: true, branching: .driebeckTomlin)

    /// Every mode on the pattern model (live re-plans included); nil (the compact model then) for
    /// `method: greedy`, past the pattern engine's limits (a `modeLimit`), and when the patterns or colour
    /// schedules are too many to list in time.
    public static func solveByOwnPipeline(
        _ prepared: LineupAnalysis, solver: (any Solver)?, options: SolveOptions, settings: RunSettings, method: InstanceOptions.Method
    ) -> PipelineOutcome<LineupSolution>? {
        let instance = prepared.instance
        // A tournament day is one program over its matches (``LineupDayModel``), solved by the engine's path.
        guard let solver, !prepared.compactModelForced, prepared.day == nil else { return nil }
        let clock = ContinuousClock.now
        var analysis = prepared
        analysis.control = options.control
        let total = options.timeLimitSeconds ?? InstanceOptions.defaultTimeLimitSeconds
        guard analysis.patternSpace()?.modeLimit == nil, var space = analysis.enumeratedPatterns() else { return nil }
        // Listing colour schedules and the greedy's colour search take at most a share of the limit each.
        space.addModeStructure(deadline: clock.advanced(by: .nanoseconds(Int64(total * 0.3 * 1e9))))
        let method: PlanMethod = solver is BuiltinSolver ? .builtin : .milp
        let patternCount = space.classes.reduce(0) { $0 + $1.patterns.count }
        func since() -> String { String(format: "%.3fs", (ContinuousClock.now - clock).inSeconds) }
        options.control?.trace("[pipeline \(since())] \(patternCount) patterns listed")
        // What the patterns prove alone, before the greedy's search (which may take up to half of the limit on a
        // squad that has no plan).
        if let reason = space.structuralImpossibility() {
            return PipelineOutcome(solution: nil, proven: false, method: method, infeasibleReason: reason, patterns: patternCount)
        }
        // With a backend that keeps relaxations, the LP over every pattern before the greedy's searches, where the
        // patterns are few: empty proves there is no plan (measured: the greedy's repair took 0.3-0.6 s on impossible
        // 10- and 12-player squads before the LP answered in a few hundred pivots); with a point, the window scan
        // starts from its basis. The greedy's constructions come first (a few milliseconds): a plan they find is a
        // point of that LP, which then starts there and ends at once (measured: 330 pivots, about 0.03 s of a
        // 0.2 s solve, on 12-player squads).
        let constructed = LineupGreedy.plan(analysis, space: space, searches: false)
        options.control?.trace("[pipeline \(since())] greedy's constructions: \(constructed == nil ? "no plan" : "a plan")")
        let whole = LineupPatternSolver.WholeRelaxation(space, solver: solver)
        if let whole, whole.model.model.variableCount <= LineupPatternSolver.relaxationFirstColumns {
            var lpOptions = options
            lpOptions.reportsLevels = false
            lpOptions.reportsProgress = false
            lpOptions.relaxationStart = constructed.flatMap { whole.model.encode($0) }
            let termination = whole.session.solve(bounds: [], timeLimitSeconds: min(1, 0.1 * total), options: lpOptions)
            options.control?.trace("[pipeline \(since())] every pattern before the greedy: LP \(termination)")
            if termination == .infeasible {
                return PipelineOutcome(
                    solution: nil, proven: false, method: method, variables: whole.model.model.variableCount,
                    constraints: whole.model.model.constraintCount, infeasibleReason: LineupPatternSolver.emptyRelaxationReason,
                    patterns: patternCount)
            }
            whole.hasPoint = termination == .optimal || termination == .feasible
        }
        let start =
            constructed
            ?? LineupGreedy.plan(
                analysis, seconds: max(0.01, total * 0.5 - (ContinuousClock.now - clock).inSeconds), space: space,
                repairMoves: LineupPatternSolver.warmStartRepairMoves, constructions: false)
        options.control?.trace("[pipeline \(since())] greedy: \(start == nil ? "no plan" : "a plan")")
        options.control?.report(
            .heuristic(
                objective: start.map { Double(LineupVerifier.objective(instance, analysis.solution($0)).spread) },
                seconds: (ContinuousClock.now - clock).inSeconds))
        var solveOptions = options
        solveOptions.tuning = settings.tuning ?? patternTuning
        let limit = (options.timeLimitSeconds ?? InstanceOptions.defaultTimeLimitSeconds) - (ContinuousClock.now - clock).inSeconds
        let outcome = LineupPatternSolver.solve(
            space, solver: solver, start: start, timeLimitSeconds: max(0.05, limit), options: solveOptions, whole: whole)
        let proven = outcome.proven.allSatisfy { $0 }
        let firstOpen = outcome.proven.firstIndex(of: false) ?? 0
        let level = firstOpen < outcome.levels.count ? outcome.levels[firstOpen] : nil
        var warnings = outcome.notes
        if start == nil && outcome.plan != nil { warnings.append("greedy found no plan; the pattern model did") }
        // An unproven plan says how far from proven it may be: the open level's value and its proven bound.
        // The value is the plan's (a later level may have improved an open level's value in passing).
        if !proven, let plan = outcome.plan, let level, var value = level.value, let bound = level.bound {
            let final = LineupKind.levels(LineupVerifier.objective(instance, analysis.solution(plan)))
            value = final.first { $0.name == level.name }?.value ?? value
            func number(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(format: "%.2f", x) }
            warnings.append(
                "not proven within the limit: \(level.name) is \(number(value)), and no plan has less than \(number(bound)) (proven); a longer timeLimitSeconds may close the gap"
            )
        }
        // Stopped (by the limit or a cancel) without improving on greedy's plan: the plan is greedy's, and says so,
        // as the engine's single-model path does. The levels proven before the first open one hold for it too
        // (it has the same values there), and so do that level's bound and gap.
        if !proven, let start, let plan = outcome.plan {
            let greedyObjective = LineupVerifier.objective(instance, analysis.solution(start))
            if greedyObjective == LineupVerifier.objective(instance, analysis.solution(plan)) {
                warnings.append("the pattern engine did not improve on greedy within the limit; this is the greedy plan")
                var answer = PipelineOutcome(
                    solution: analysis.solution(start), proven: false, method: .greedy, variables: outcome.variables,
                    constraints: outcome.constraints, nodes: outcome.nodes, warnings: warnings, infeasibleReason: nil,
                    levels: Array(outcome.levels.prefix(firstOpen + 1)), bound: level?.bound, gap: level?.gap,
                    patterns: patternCount)
                answer.heuristic = answer.solution
                return answer
            }
        }
        var answer = PipelineOutcome(
            solution: outcome.plan.map { analysis.solution($0) }, proven: proven,
            method: method,
            variables: outcome.variables, constraints: outcome.constraints, nodes: outcome.nodes, warnings: warnings,
            infeasibleReason: outcome.infeasible, levels: outcome.levels,
            bound: outcome.plan == nil ? nil : proven ? outcome.levels.first?.value : level?.bound,
            gap: outcome.plan == nil ? nil : proven ? 0 : level?.gap,
            patterns: patternCount)
        answer.heuristic = start.map { analysis.solution($0) }
        return answer
    }
}
