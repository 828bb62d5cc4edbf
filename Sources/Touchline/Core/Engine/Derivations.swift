import Foundation

/// Counts the builds of the expensive structures a solve derives from its instance (the lineup pattern space,
/// the pitches analysis, the officials core with its travel matrix, matchday's pitches part), so that a test can
/// hold each solve to one build of each. Counting is on only inside ``counting(_:)`` and only for the task that
/// called it (a task-local value): parallel tests do not see each other's builds, and a solve that counts nothing
/// pays one task-local read per build.
package enum Derivations {
    /// The structures counted, by the name ``record(_:)`` is given.
    package enum Structure: String, Sendable, CaseIterable {
        case lineupPatternSpace, pitchesAnalysis, officialsCore, matchdayPitchesInstance
        /// The officials greedy of an instance that is not a tour (a whole pass over the term).
        case officialsGreedy
    }

    package final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Structure: Int] = [:]

        func add(_ structure: Structure) {
            lock.lock()
            defer { lock.unlock() }
            counts[structure, default: 0] += 1
        }

        /// How many times `structure` was built.
        package subscript(_ structure: Structure) -> Int {
            lock.lock()
            defer { lock.unlock() }
            return counts[structure] ?? 0
        }
    }

    @TaskLocal static var current: Counts?

    /// Notes one build of `structure` (a no-op outside ``counting(_:)``).
    static func record(_ structure: Structure) { current?.add(structure) }

    /// Runs `body` with counting on and returns what it built, by structure.
    package static func counting(_ body: () throws -> Void) rethrows -> Counts {
        let counts = Counts()
        try $current.withValue(counts) { try body() }
        return counts
    }
}
