import Foundation

/// A value computed on first use and then shared, safe across threads: the parts of a prepared instance that
/// only some solves need (the whole model of an officials league is built by the league search or by the
/// engine's single-model path, whichever asks first, and never twice).
final class OnceCell<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    init() {}

    /// The value, made by `make` on the first call (later calls wait for it and share it).
    func value(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let stored { return stored }
        let made = make()
        stored = made
        return made
    }
}
