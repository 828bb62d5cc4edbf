import Foundation

#if GLPK
    import CTouchlineGLPK
#endif

/// What a running solve reports (see ``SolveControl``).
public enum SolveEvent: Sendable, Equatable {
    /// A level of the lexicographic objective (or a stage of a kind's own pipeline) starts.
    case levelStarted(name: String, index: Int, count: Int)
    /// Branch and bound moved: a better incumbent (nil when none yet), the best bound, the relative gap.
    case progress(level: String, incumbent: Double?, bound: Double?, gap: Double?, nodes: Int, seconds: Double)
    /// A level ended: how, its value and bound.
    case levelFinished(name: String, termination: LevelTermination, objective: Double?, bound: Double?, gap: Double?, seconds: Double)
    /// A heuristic plan is ready (the greedy pass of the engine), with its primary objective value.
    case heuristic(objective: Double?, seconds: Double)
}

/// A handle on a running solve from another thread: raise ``cancel()`` to stop it (GLPK stops at its next
/// step: between simplex slices of 200 iterations or at the next branch-and-bound node; the kinds' own loops
/// check ``isCancelled``), and receive ``SolveEvent``s through `onEvent` and any handler added by
/// ``observe(_:)`` (called on the solving thread, so keep them short and thread-safe). Pass it in
/// ``SolveOptions/control`` here, or in Touchline's `RunSettings(control:)`; every copy of either shares it.
public final class SolveControl: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    private var level = ""
    private var failureMessage: String?
    private var observers: [@Sendable (SolveEvent) -> Void] = []
    private var traceSink: (@Sendable (String) -> Void)?
    private let started = ContinuousClock.now
    /// Receives the solve's events; nil for none.
    public let onEvent: (@Sendable (SolveEvent) -> Void)?
    /// False for a control that only watches (the command line's progress display): GLPK then runs exactly as
    /// without a control (a cancellable simplex runs in slices, which may end at another optimal vertex, so a
    /// tie between equally good plans may break the other way).
    public let cancellable: Bool
    /// For the control of one part of a solve (``part(_:)``): the whole's control, and the part's label.
    private let parent: SolveControl?
    private let label: String
    #if GLPK
        /// The C flag GLPK's callback reads (tl_flag_*); a part shares its whole's.
        let flag: UnsafeMutablePointer<Int32>
    #endif

    public init(cancellable: Bool = true, onEvent: (@Sendable (SolveEvent) -> Void)? = nil) {
        self.onEvent = onEvent
        self.cancellable = cancellable
        parent = nil
        label = ""
        #if GLPK
            flag = UnsafeMutablePointer(mutating: tl_flag_new())!
        #endif
    }

    private init(part label: String, of parent: SolveControl) {
        onEvent = nil
        cancellable = parent.cancellable
        self.parent = parent
        self.label = label
        #if GLPK
            flag = parent.flag
        #endif
    }

    /// The control of one part of this solve (a component of a season solved on its own): cancelling either
    /// cancels both, a failure it records is this one's, and its events reach this control's `onEvent` with
    /// every level name prefixed by `label` (`component 3/8: travel`), so that a display tells the parts apart.
    public func part(_ label: String) -> SolveControl {
        SolveControl(part: label, of: parent ?? self)
    }

    deinit {
        #if GLPK
            if parent == nil { tl_flag_free(flag) }
        #endif
    }

    /// Asks the solve to stop as soon as it can; it then answers with the best it has.
    public func cancel() {
        if let parent { return parent.cancel() }
        lock.lock()
        raised = true
        lock.unlock()
        #if GLPK
            tl_flag_raise(flag)
        #endif
    }

    public var isCancelled: Bool {
        if let parent { return parent.isCancelled }
        lock.lock()
        defer { lock.unlock() }
        return raised
    }

    /// Whether anyone listens to the events: an `onEvent`, or a handler added by ``observe(_:)`` (for the control
    /// of a part, its whole's). A backend builds its progress events only then.
    public var isObserved: Bool {
        if let parent { return parent.isObserved }
        lock.lock()
        defer { lock.unlock() }
        return onEvent != nil || !observers.isEmpty
    }

    /// Seconds since the control was made.
    public var seconds: Double { (ContinuousClock.now - started).inSeconds }

    /// Sends the solve's diagnostic lines (the lineup engine's windows, the level search's blocks and rounds) to
    /// `sink`, nil for none: the library writes nowhere by itself (`touchline solve --trace` writes them to
    /// standard error).
    public func traceTo(_ sink: (@Sendable (String) -> Void)?) {
        if let parent { return parent.traceTo(sink) }
        lock.lock()
        traceSink = sink
        lock.unlock()
    }

    /// Whether diagnostic lines are wanted (build costly ones only then).
    public var isTracing: Bool {
        if let parent { return parent.isTracing }
        lock.lock()
        defer { lock.unlock() }
        return traceSink != nil
    }

    /// A diagnostic line, for the sink given to ``traceTo(_:)`` (built only when there is one).
    public func trace(_ line: @autoclosure () -> String) {
        if let parent { return parent.trace(line()) }
        lock.lock()
        let sink = traceSink
        lock.unlock()
        sink?(line())
    }

    /// Adds a handler that receives every later event, after `onEvent` (the async `Engine.solve` adds its
    /// `progress` closure here when the caller passes a control of its own too, so that neither is dropped).
    public func observe(_ handler: @escaping @Sendable (SolveEvent) -> Void) {
        if let parent { return parent.observe(handler) }
        lock.lock()
        observers.append(handler)
        lock.unlock()
    }

    /// Reports an event (and remembers the level that started, for the progress events of GLPK's callback).
    public func report(_ event: SolveEvent) {
        if case let .levelStarted(name, _, _) = event {
            lock.lock()
            level = name
            lock.unlock()
        }
        guard let parent else {
            onEvent?(event)
            lock.lock()
            let handlers = observers
            lock.unlock()
            for handler in handlers { handler(event) }
            return
        }
        let named = { (name: String) in "\(self.label): \(name)" }
        switch event {
        case let .levelStarted(name, index, count): parent.report(.levelStarted(name: named(name), index: index, count: count))
        case let .progress(level, incumbent, bound, gap, nodes, seconds):
            parent.report(.progress(level: named(level), incumbent: incumbent, bound: bound, gap: gap, nodes: nodes, seconds: seconds))
        case let .levelFinished(name, termination, objective, bound, gap, seconds):
            parent.report(.levelFinished(name: named(name), termination: termination, objective: objective, bound: bound, gap: gap, seconds: seconds))
        case .heuristic: parent.report(event)
        }
    }

    /// Remembers a solver failure (GLPK out of its memory limit, or a fatal error) of any solve made with this
    /// control, inner ones included: a pipeline of many small solves may treat a failed one as merely unproven,
    /// and its caller must still learn that the solver failed.
    public func recordFailure(_ message: String) {
        if let parent { return parent.recordFailure(message) }
        lock.lock()
        if failureMessage == nil { failureMessage = message }
        lock.unlock()
    }

    /// The first solver failure recorded (nil when none).
    public var failure: String? {
        if let parent { return parent.failure }
        lock.lock()
        defer { lock.unlock() }
        return failureMessage
    }

    /// The level that started last.
    public var currentLevel: String {
        lock.lock()
        defer { lock.unlock() }
        return level
    }
}
