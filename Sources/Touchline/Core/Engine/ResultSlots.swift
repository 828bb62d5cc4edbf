import Foundation

/// One slot per job, filled by worker threads (`DispatchQueue.concurrentPerform`) and read once all are done.
public final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    // Safe: every access to `values` holds `lock`.
    private let lock = NSLock()
    private var values: [Value?]

    public init(count: Int) { values = Array(repeating: nil, count: count) }

    public func set(_ index: Int, _ value: Value) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    /// Every slot, nil where no worker set one.
    public func all() -> [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
