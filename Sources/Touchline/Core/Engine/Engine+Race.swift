import Foundation
import TouchlineMILP

/// The two exact engines side by side. In a build with GLPK, a kind the built-in solver serves (lineups) is
/// solved under `method: auto` by GLPK and by the built-in solver at once, each on a thread of its own, and the
/// first proof answers: an `optimal` or `infeasible` from either stops the other. Neither engine restricts the
/// other's search, so whichever proves first proves over the whole contract. When neither proves within the
/// limit, the better verified plan answers (GLPK's on a tie).
///
/// The race needs two cores (``ProcessInfo/activeProcessorCount``) and is off with
/// ``RunSettings/reproducible`` (which of two equally good plans answers would depend on timing) and with
/// ``RunSettings/race`` false.
extension Engine {
    /// Whether this solve races the two engines.
    static func races<Kind: ProblemKind>(_ kind: Kind.Type, method: InstanceOptions.Method, settings: RunSettings) -> Bool {
        settings.race && !settings.reproducible && method == .auto && Kind.builtinSolverServes && Solvers.default != nil
            && ProcessInfo.processInfo.activeProcessorCount >= 2
    }

    /// Solves the instance with `method: milp` and `method: builtin` at once (see the extension's comment).
    static func race<Kind: ProblemKind>(
        _ instance: Kind.Instance, kind: Kind.Type, options overrides: InstanceOptions, settings: RunSettings,
        started: ContinuousClock.Instant
    ) throws(TouchlineError) -> SolveReport<Kind> {
        let methods: [InstanceOptions.Method] = [.milp, .builtin]
        let labels = ["glpk", "builtin"]
        let parent = settings.control
        // Closed before the race returns: an engine still winding down then reaches the caller no more.
        let gate = RaceGate()
        defer { gate.close() }
        let controls = labels.map { label in
            SolveControl(cancellable: true) { event in gate.pass { parent?.report(event.labelled(label)) } }
        }
        let slots = ResultSlots<Result<SolveReport<Kind>, TouchlineError>>(count: methods.count)
        let finished = DispatchSemaphore(value: 0)
        for index in methods.indices {
            var options = overrides
            options.method = methods[index]
            var own = settings
            own.started = started
            own.race = false
            own.control = controls[index]
            let label = labels[index]
            if let sink = settings.trace {
                own.trace = { @Sendable (line: String) in gate.pass { sink("\(label): \(line)") } }
            }
            let inner = own
            let innerOptions = options
            DispatchQueue.global().async {
                slots.set(
                    index,
                    Result { () throws(TouchlineError) in
                        try Engine.solveOnce(instance, kind: Kind.self, options: innerOptions, settings: inner)
                    })
                finished.signal()
            }
        }
        func proves(_ result: Result<SolveReport<Kind>, TouchlineError>?) -> Bool {
            guard case .success(let report)? = result else { return false }
            return report.status == .optimal || report.status == .infeasible
        }
        var done = 0
        var winner: Int? = nil
        while done < methods.count && winner == nil {
            // Wake every 20 ms to pass on a cancel of the whole solve.
            if finished.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
                if parent?.isCancelled == true { for control in controls { control.cancel() } }
                continue
            }
            done += 1
            let results = slots.all()
            if let first = results.indices.first(where: { proves(results[$0]) }) {
                // The proof answers now; the other engine stops at its next check, on its own thread, and its
                // answer is dropped.
                winner = first
                for (index, control) in controls.enumerated() where index != first { control.cancel() }
            }
        }
        let results = slots.all()
        let chosen = winner ?? bestUnproven(results, kind: kind)
        guard let result = results[chosen] else { throw .verificationFailed(["race: no engine answered"]) }
        var report = try result.get()
        let now = (ContinuousClock.now - started).inSeconds
        report.stats.race = RaceStats(
            winner: labels[chosen], proven: winner != nil,
            engines: methods.indices.map { index in
                switch results[index] {
                case .success(let own)?:
                    RaceStats.Engine(engine: labels[index], status: own.status.rawValue, seconds: own.stats.seconds, stopped: false)
                case .failure?: RaceStats.Engine(engine: labels[index], status: "error", seconds: now, stopped: false)
                case nil: RaceStats.Engine(engine: labels[index], status: "stopped", seconds: now, stopped: true)
                }
            })
        report.stats.seconds = (ContinuousClock.now - started).inSeconds
        return report
    }

    /// Neither engine proved: the better plan (a plan that keeps every rule before a best effort), GLPK's on a tie; an
    /// engine that threw only when both did.
    private static func bestUnproven<Kind: ProblemKind>(
        _ results: [Result<SolveReport<Kind>, TouchlineError>?], kind: Kind.Type
    ) -> Int {
        func rank(_ index: Int) -> (keeps: Bool, objective: Kind.Objective?)? {
            guard case .success(let report)? = results[index] else { return nil }
            return (report.status == .feasible, report.objective)
        }
        var best = 0
        for index in results.indices.dropFirst() {
            guard let candidate = rank(index) else { continue }
            guard let incumbent = rank(best) else {
                best = index
                continue
            }
            if candidate.keeps != incumbent.keeps {
                if candidate.keeps { best = index }
                continue
            }
            if let c = candidate.objective, let i = incumbent.objective, Kind.isBetter(c, than: i) { best = index }
        }
        return best
    }
}

/// Lets the engines' events through while the race is on, none after ``close()``. Passing holds the lock, so
/// once `close` returns no event is on its way to the caller.
final class RaceGate: @unchecked Sendable {
    private let lock = NSLock()
    private var open = true

    func pass(_ forward: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        if open { forward() }
    }

    func close() {
        lock.lock()
        open = false
        lock.unlock()
    }
}

/// How a raced solve went (``RunSettings/race``): which engine answered, and each engine's status and seconds.
public struct RaceStats: Sendable, Codable, Equatable {
    /// `glpk` or `builtin`.
    public var winner: String
    /// True when the answer is a proof (`optimal` or `infeasible`) that stopped the other engine.
    public var proven: Bool
    public var engines: [Engine]

    public struct Engine: Sendable, Codable, Equatable {
        public var engine: String
        /// The status that engine answered with; `stopped` when the other engine's proof came first (it is then
        /// cancelled and its answer dropped), `error` when it failed.
        public var status: String
        /// When it answered, or when it was stopped.
        public var seconds: Double
        /// True when the other engine's proof stopped it.
        public var stopped: Bool
    }
}

extension SolveEvent {
    /// The same event with its level name prefixed (`glpk: spread`), so that a display tells the engines apart.
    func labelled(_ label: String) -> SolveEvent {
        switch self {
        case .levelStarted(let name, let index, let count): .levelStarted(name: "\(label): \(name)", index: index, count: count)
        case .progress(let level, let incumbent, let bound, let gap, let nodes, let seconds):
            .progress(level: "\(label): \(level)", incumbent: incumbent, bound: bound, gap: gap, nodes: nodes, seconds: seconds)
        case .levelFinished(let name, let termination, let objective, let bound, let gap, let seconds):
            .levelFinished(name: "\(label): \(name)", termination: termination, objective: objective, bound: bound, gap: gap, seconds: seconds)
        case .heuristic: self
        }
    }
}
