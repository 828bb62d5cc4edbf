import Foundation
import TouchlineMILP

extension Engine {
    /// Solves an instance without blocking the caller: the solve runs on a thread of its own (GLPK keeps its
    /// state per thread, so every GLPK problem of the solve lives and dies on that one thread), reports its
    /// progress, and stops when the calling task is cancelled.
    ///
    /// - `progress`: called on the solving thread with each ``SolveEvent``: a level started, branch and bound
    ///   moved (incumbent, bound, gap), a level ended, greedy's plan ready. Keep it short; hop to your own actor
    ///   to show it.
    /// - Cancelling the task raises the solve's ``SolveControl``: GLPK stops between simplex slices or at its
    ///   next branch-and-bound node, the kinds' loops stop at their next check, and the answer is the best plan
    ///   found so far: status `feasible` (or `optimal` for a solve that was already proven), with a warning that
    ///   it was cancelled. When there is no plan yet, it throws `CancellationError`.
    /// - A control passed in `settings` (to cancel from elsewhere) is used, and `progress` then receives its events
    ///   too (`SolveControl.observe(_:)`), beside the control's own `onEvent`.
    /// - Throws: the errors of the synchronous `solve`, or `CancellationError`.
    public static func solve<Kind: ProblemKind>(
        _ instance: Kind.Instance, kind: Kind.Type, options: InstanceOptions = InstanceOptions(),
        settings: RunSettings = RunSettings(), progress: (@Sendable (SolveEvent) -> Void)? = nil
    ) async throws -> SolveReport<Kind> {
        let control: SolveControl
        if let given = settings.control {
            control = given
            if let progress { given.observe(progress) }
        } else {
            control = SolveControl(onEvent: progress)
        }
        var settings = settings
        settings.control = control
        let frozen = settings
        let report: SolveReport<Kind> = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SolveReport<Kind>, any Error>) in
                let thread = Thread {
                    do {
                        let report = try Engine.solve(instance, kind: kind, options: options, settings: frozen)
                        continuation.resume(returning: report)
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
                thread.name = "touchline-solve"
                thread.stackSize = 16 << 20
                thread.start()
            }
        } onCancel: {
            control.cancel()
        }
        guard control.isCancelled else { return report }
        // A proof found before the cancel stands (optimal, infeasible); without a plan there is nothing to give.
        if report.status == .unknown || (report.solution == nil && report.status != .infeasible && report.status != .invalid) {
            throw CancellationError()
        }
        guard report.status == .feasible else { return report }
        var cancelled = report
        cancelled.warnings.append("cancelled: this is the best plan found before the solve was stopped")
        return cancelled
    }
}
