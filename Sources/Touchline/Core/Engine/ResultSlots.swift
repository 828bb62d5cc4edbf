import Foundation

/// One slot per job, filled by worker threads (`DispatchQueue.concurrentPerform`) and read once all are done.
package final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    // Safe: every access to `values` holds `lock`.
    private let lock = NSLock()
    private var values: [Value?]

    package init(count: Int) { values = Array(repeating: nil, count: count) }

    package func set(_ index: Int, _ value: Value) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    /// Every slot, nil where no worker set one.
    package func all() -> [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
