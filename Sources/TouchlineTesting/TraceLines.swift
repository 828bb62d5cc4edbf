import Foundation
import Touchline

/// The engine's trace lines collected for a test: `settings` traces into it (`RunSettings.trace`, which the
/// engine may call from any of its threads).
package final class TraceLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    package init() {}

    /// Every line so far.
    package var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// Run settings whose trace goes here.
    package var settings: RunSettings {
        RunSettings(trace: { [self] line in
            lock.lock()
            lines.append(line)
            lock.unlock()
        })
    }
}
