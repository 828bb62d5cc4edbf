import Foundation
import TouchlineMILP

extension EngineRun {
    /// Whether the kind's own pipeline runs on both exact engines at once, the first proof answering: `method: auto`
    /// in the GLPK build, for a kind the built-in solver serves (lineups), on a machine with two cores or more, and
    /// not with `--reproducible` (which engine answers first depends on the clock; the same input must print the
    /// same bytes there).
    var races: Bool {
        method == .auto && Kind.builtinSolverServes && Solvers.default != nil && !settings.reproducible
            && ProcessInfo.processInfo.activeProcessorCount >= 2
    }

    /// The kind's own pipeline on GLPK and on the built-in solver, on two threads. The first outcome that is a
    /// proof (optimal or infeasible) answers and the other is cancelled; when neither proves, the better plan
    /// answers (GLPK's on a tie). The caller's cancel reaches both. GLPK's events reach the caller's control (a
    /// progress display shows one engine) and both engines' trace lines, each marked with its engine's name; a
    /// failure either records stays with its own control, and a failed engine's outcome is not used.
    func race(options: SolveOptions, settings pipeline: PipelineSettings) -> PipelineOutcome<Kind.Solution>? {
        guard let glpk = Solvers.default, let parent = settings.control else { return nil }
        let controls = [
            SolveControl(cancellable: true, onEvent: { parent.report($0) }), SolveControl(cancellable: true)
        ]
        let solvers: [any Solver] = [glpk, BuiltinSolver()]
        if parent.isTracing {
            for (control, solver) in zip(controls, solvers) {
                let name = solver.name
                control.traceTo { parent.trace("[\(name)] \($0)") }
            }
        }
        let box = RaceResults<Kind.Solution>()
        let prepared = self.prepared
        let counts = Derivations.current
        let group = DispatchGroup()
        for index in 0..<2 {
            var racer = options
            racer.control = controls[index]
            let own = racer
            let solver = solvers[index]
            DispatchQueue.global().async(group: group) {
                let outcome = Derivations.$current.withValue(counts) {
                    Kind.ownPipeline(prepared, solver: solver, options: own, settings: pipeline)
                }
                box.finish(index, outcome, failed: controls[index].failure != nil)
            }
        }
        while group.wait(timeout: .now() + .milliseconds(10)) == .timedOut {
            if parent.isCancelled { for control in controls { control.cancel() } }
            if let winner = box.decisive { controls[1 - winner].cancel() }
        }
        let (outcomes, failed) = box.all
        if let winner = box.decisive { return outcomes[winner] }
        // Neither proved: the better plan, GLPK's on a tie; a failed engine's outcome only when the other has none.
        let usable = (0..<2).filter { !failed[$0] && outcomes[$0] != nil }
        if usable.isEmpty {
            // Both failed (or declined): GLPK's failure is the caller's to report.
            if let failure = controls[0].failure { parent.recordFailure(failure) }
            return outcomes[0]
        }
        var best = usable[0]
        for index in usable.dropFirst() {
            guard let candidate = outcomes[index]?.solution else { continue }
            guard let current = outcomes[best]?.solution else {
                best = index
                continue
            }
            if Kind.isBetter(Kind.objective(instance, candidate), than: Kind.objective(instance, current)) { best = index }
        }
        var outcome = outcomes[best]
        if best == 1 {
            outcome?.warnings.append("both exact engines ran; neither proved within the limit, and the built-in solver's plan is the better")
        }
        return outcome
    }
}

/// The two outcomes of a race, behind a lock.
private final class RaceResults<Solution: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [PipelineOutcome<Solution>?] = [nil, nil]
    private var failed = [false, false]
    private var winner: Int?

    func finish(_ index: Int, _ outcome: PipelineOutcome<Solution>?, failed hasFailed: Bool) {
        lock.lock()
        defer { lock.unlock() }
        outcomes[index] = outcome
        failed[index] = hasFailed
        if winner == nil, !hasFailed, let outcome, outcome.proven || outcome.infeasibleReason != nil { winner = index }
    }

    /// The engine whose outcome is a proof, when one is.
    var decisive: Int? {
        lock.lock()
        defer { lock.unlock() }
        return winner
    }

    var all: ([PipelineOutcome<Solution>?], [Bool]) {
        lock.lock()
        defer { lock.unlock() }
        return (outcomes, failed)
    }
}
