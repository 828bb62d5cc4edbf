import Foundation

/// The package's own checkout, for tests that read shipped instances, golden files and documents.
package enum Repository {
    /// The folder holding `Package.swift` (found from this file's place: `Sources/TouchlineTesting/`).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A file or folder of the checkout by its path from the root (`instances/lineups/quick-start.json`).
    package static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
