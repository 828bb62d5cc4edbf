import Foundation
import Testing
import TouchlineMILP

/// A part's control (one component of a season solved on its own) speaks through its whole's.
@Suite struct SolveControlTests {
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [SolveEvent] = []
        func add(_ event: SolveEvent) { lock.lock(); seen.append(event); lock.unlock() }
        var all: [SolveEvent] { lock.lock(); defer { lock.unlock() }; return seen }
    }

    @Test func aPartsEventsReachTheWholeWithItsLabel() {
        let events = Events()
        let whole = SolveControl(cancellable: true) { events.add($0) }
        let part = whole.part("component 2/3")
        part.report(.levelStarted(name: "travel", index: 1, count: 4))
        part.report(.progress(level: part.currentLevel, incumbent: 3, bound: 1, gap: 0.5, nodes: 7, seconds: 0.2))
        part.report(.levelFinished(name: "travel", termination: .optimal, objective: 1, bound: 1, gap: 0, seconds: 0.4))
        #expect(
            events.all == [
                .levelStarted(name: "component 2/3: travel", index: 1, count: 4),
                .progress(level: "component 2/3: travel", incumbent: 3, bound: 1, gap: 0.5, nodes: 7, seconds: 0.2),
                .levelFinished(name: "component 2/3: travel", termination: .optimal, objective: 1, bound: 1, gap: 0, seconds: 0.4)
            ])
        // A part of a part is labelled once, by the whole.
        whole.part("a").part("b").report(.levelStarted(name: "x", index: 0, count: 1))
        #expect(events.all.last == .levelStarted(name: "b: x", index: 0, count: 1))
    }

    @Test func cancellingAndFailuresAreShared() {
        let whole = SolveControl()
        let first = whole.part("component 1/2"), second = whole.part("component 2/2")
        #expect(!first.isCancelled && !whole.isCancelled)
        second.cancel()
        #expect(whole.isCancelled && first.isCancelled && second.isCancelled)
        first.recordFailure("GLPK ran out of memory")
        #expect(whole.failure == "GLPK ran out of memory" && second.failure == "GLPK ran out of memory")
    }
}
