import Foundation
import Testing
@testable import Touchline

/// The DocC articles' Swift examples: each is in `DocExamples.swift` (so it compiles with the package) and
/// runs to a verified plan here.
@Suite struct DocExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The lines of every ```swift block of a Markdown file, each block trimmed line by line.
    static func swiftBlocks(_ text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]? = nil
        for line in text.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return blocks
    }

    @Test(arguments: ["Lineup", "Officials", "Matchday", "Standings"])
    func articleExampleIsTheCompiledOne(_ article: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Sources/Touchline/Touchline.docc/\(article).md"), encoding: .utf8)
        let compiled = try String(contentsOf: Self.root.appendingPathComponent("Tests/TouchlineTests/Docs/DocExamples.swift"), encoding: .utf8)
            .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let blocks = Self.swiftBlocks(text)
        #expect(!blocks.isEmpty, "\(article) has no Swift example")
        for block in blocks {
            let found = compiled.indices.contains { start in
                start + block.count <= compiled.count && Array(compiled[start..<(start + block.count)]) == block
            }
            #expect(found, "\(article): a Swift example that DocExamples.swift does not compile:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func examplesRunToVerifiedPlans() throws {
        let lineup = try DocExamples.lineup()
        #expect(lineup.solution != nil && (lineup.status == .optimal || lineup.status == .feasible))
        let officials = try DocExamples.officials()
        #expect(officials.solution?.assignments["m1"]?.count == 2)
        let matchday = try DocExamples.matchday()
        #expect(matchday.solution?.pitches.count == 2)
        let standings = try DocExamples.standings()
        #expect(standings.solution?.table.first?.team == "c")
        #expect(standings.solution?.analysis?.count == 3)
    }
}
