import Foundation
import TouchlineMILP

/// Season tours (`rules.everySlot`): the whole pipeline of an instance whose officials each work one match
/// in every slot. The branch and bound of ``TourSearch`` proves optima and infeasibility; a large-neighbourhood
/// search over slot windows and groups of officials, each neighbourhood solved exactly by the same search,
/// improves the plan when the whole search cannot finish.
extension OfficialsKind {
    /// The pipeline's answer. `exact`: the branch and bound (false: the first plan only, `method: greedy`).
    static func solveTours(
        _ instance: OfficialsInstance, _ tour: Result<TourProblem, TourImpossible>, exact: Bool, options: SolveOptions
    ) -> PipelineOutcome<OfficialsSolution> {
        let started = ContinuousClock.now
        let limit = options.timeLimitSeconds ?? InstanceOptions.defaultTimeLimitSeconds
        let deadline = started + .seconds(limit)
        let control = options.control
        let cancelled: @Sendable () -> Bool = { control?.isCancelled ?? false }
        let problem: TourProblem
        switch tour {
        case let .failure(impossible):
            return PipelineOutcome(solution: nil, proven: true, method: exact ? .branchAndBound : .greedy, infeasibleReason: impossible.reason)
        case let .success(made):
            problem = made
        }
        @Sendable func elapsed() -> Double { (ContinuousClock.now - started).inSeconds }
        let level = "tourKm"
        let noPlanReason =
            "no plan keeps every official on one match in every slot with rules.venueWindow \(problem.venueWindow), rules.teamWindow \(problem.teamWindow) and the venues to visit"
        if !exact {
            switch TourSolver.firstPlanSearch(problem, seconds: limit, isCancelled: cancelled, reproducible: options.reproducible) {
            case let .plan(plan):
                return PipelineOutcome(solution: problem.solution(instance, plan: plan), proven: false, method: .greedy)
            case let .none(proof):
                return PipelineOutcome(solution: nil, proven: true, method: .greedy, infeasibleReason: noPlanReason + " (\(proof))")
            case .unknown:
                return PipelineOutcome(solution: nil, proven: false, method: .greedy)
            }
        }
        control?.report(.levelStarted(name: level, index: 1, count: 2))
        // A first plan for a quarter of the limit at most (nearest venue first, backtracking), then the bounds
        // and the whole search, then the neighbourhoods for what is left.
        let trace: (@Sendable (String) -> Void)? = control.flatMap { control in
            control.isTracing ? { @Sendable line in control.trace(line) } : nil
        }
        // One satisfiability search, resumed beside the branch and bound when the first-plan search stops it.
        let satisfiability = TourSatisfiability(problem)
        let firstSearch = TourSolver.firstPlanSearch(
            problem, seconds: 0.25 * limit, isCancelled: cancelled, satisfiability: satisfiability, trace: trace)
        if case let .none(proof) = firstSearch {
            return PipelineOutcome(solution: nil, proven: true, method: .branchAndBound, infeasibleReason: noPlanReason + " (\(proof))")
        }
        let first: [[Int]]?
        if case let .plan(plan) = firstSearch { first = plan } else { first = nil }
        let firstCost = first.map { problem.cost($0) }
        control?.report(.heuristic(objective: firstCost.map(Double.init), seconds: elapsed()))
        let results = TourResults()
        // The whole search also stops when the satisfiability search beside it proves that there is no plan.
        let solver = TourSolver(problem: problem, deadline: deadline, isCancelled: { cancelled() || results.noneProven }, trace: trace)
        control?.trace("tours: first plan \(firstCost.map(String.init) ?? "none") km in \(elapsed()) s")
        // Two searches side by side, sharing their best plan: the bounds and the whole branch and bound on
        // one core, the neighbourhoods on the other (stopped when the whole search is exhausted).
        let shared = SharedTourIncumbent { cost in
            control?.report(.progress(level: level, incumbent: Double(cost), bound: nil, gap: nil, nodes: 0, seconds: elapsed()))
        }
        if let first, let firstCost { shared.offer(first, cost: firstCost) }
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                // With `--reproducible` the whole search does not read the neighbourhoods' plans, so a proven
                // answer is the first optimal plan in its own order, whatever the timing.
                let outcome = solver.solve(
                    start: first, startCost: firstCost, boundShare: 0.5, shared: options.reproducible ? nil : shared
                ) { _, bound in
                    control?.report(
                        .progress(
                            level: level, incumbent: shared.cost == Int.max ? nil : Double(shared.cost), bound: Double(bound), gap: nil, nodes: 0,
                            seconds: elapsed()))
                }
                results.set(outcome)
                shared.finished = true
            } else {
                var start = first
                if start == nil {
                    // No plan yet: the satisfiability search for the rest of the time, then the neighbourhoods
                    // on its plan; its proof that there is none stops the whole search.
                    switch satisfiability.solve(deadline: deadline, isCancelled: { cancelled() || shared.finished }, trace: trace) {
                    case let .plan(plan):
                        control?.trace("tours: satisfiability search found a plan of \(problem.cost(plan)) km in \(elapsed()) s")
                        shared.offer(plan, cost: problem.cost(plan))
                        start = plan
                    case let .none(proof):
                        results.provedNone(by: proof)
                        control?.trace("tours: satisfiability search proved that there is no plan in \(elapsed()) s")
                    case .unknown:
                        break
                    }
                }
                if let start {
                    let improved = TourNeighbourhoods(problem: problem, suffix: [Int](repeating: 0, count: problem.slotCount), shared: shared)
                        .improve(start, deadline: deadline, isCancelled: { cancelled() || shared.finished }, trace: trace)
                    results.add(nodes: improved.nodes)
                }
            }
        }
        if let proof = results.noneProof {
            return PipelineOutcome(
                solution: nil, proven: true, method: .branchAndBound, nodes: results.outcome?.nodes ?? 0,
                infeasibleReason: noPlanReason + " (\(proof))")
        }
        var outcome = results.outcome!
        outcome.nodes += results.extraNodes
        if !(options.reproducible && outcome.exhausted), let plan = shared.plan, problem.cost(plan) < outcome.cost ?? Int.max {
            outcome.plan = plan
            outcome.cost = problem.cost(plan)
        }
        let seconds = elapsed()
        let stop: StopReason = cancelled() ? .cancelled : .timeLimit
        guard let plan = outcome.plan, let cost = outcome.cost else {
            if outcome.exhausted {
                return PipelineOutcome(
                    solution: nil, proven: true, method: .branchAndBound, nodes: outcome.nodes,
                    infeasibleReason: noPlanReason + " (the branch and bound searched every plan)")
            }
            // No plan found in time: the lower bound the suffix problems proved still holds for every plan there
            // may be (the relaxation keeps the windows and drops the visits and the officials' starts).
            let bound = Double(outcome.bound)
            let levels = [
                LevelReport(
                    name: level, termination: .noSolution, stopReason: stop, value: nil, bound: bound, gap: nil, seconds: seconds,
                    nodes: outcome.nodes)
            ]
            return PipelineOutcome(
                solution: nil, proven: false, method: .branchAndBound, nodes: outcome.nodes, levels: levels, bound: bound)
        }
        // Proven when the whole search was exhausted and its bar is the plan's cost.
        let proven = outcome.exhausted && cost <= outcome.bound
        let bound = Double(min(outcome.bound, cost))
        let gap = proven ? 0 : relativeGap(Double(cost), bound)
        let termination: LevelTermination = proven ? .optimal : .feasible
        let filled = Double(problem.n * problem.slotCount)
        let levels = [
            LevelReport(name: "filled", termination: .optimal, value: filled, bound: filled, gap: 0, seconds: 0, nodes: 0),
            LevelReport(
                name: level, termination: termination, stopReason: proven ? nil : stop, value: Double(cost), bound: bound,
                gap: gap, seconds: seconds, nodes: outcome.nodes)
        ]
        control?.report(.levelFinished(name: level, termination: termination, objective: Double(cost), bound: bound, gap: gap, seconds: seconds))
        return PipelineOutcome(
            solution: problem.solution(instance, plan: plan), proven: proven, method: .branchAndBound,
            nodes: outcome.nodes, levels: levels, bound: bound, gap: gap)
    }
}

/// What the two searches hand back.
final class TourResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: TourSolver.Outcome?
    private var nodes = 0
    private var none: String?

    var outcome: TourSolver.Outcome? { lock.withLock { stored } }
    /// The satisfiability search proved that no plan exists.
    var noneProven: Bool { lock.withLock { none != nil } }
    var noneProof: String? { lock.withLock { none } }
    func provedNone(by proof: String) { lock.withLock { none = proof } }
    var extraNodes: Int { lock.withLock { nodes } }
    func set(_ outcome: TourSolver.Outcome) { lock.withLock { stored = outcome } }
    func add(nodes more: Int) { lock.withLock { nodes += more } }
}

extension TourProblem {
    /// A plan's kilometres.
    func cost(_ plan: [[Int]]) -> Int {
        var total = 0
        for s in 1..<max(1, plan.count) {
            for o in 0..<n { total += km[venue[(s - 1) * n + plan[s - 1][o]]][venue[s * n + plan[s][o]]] }
        }
        return total
    }
}
