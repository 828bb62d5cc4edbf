import Foundation
import Testing
import TouchlineMILP
import TouchlineTesting

/// The DocC tutorial of the modelling layer: its code is `TutorialExamples.swift`, and it gives the answers
/// the article says.
@Suite struct TutorialTests {
    static let root = Repository.root

    @Test func everyBlockOfTheArticleIsCompiled() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/TouchlineMILP/TouchlineMILP.docc/Tutorial.md"), encoding: .utf8)
        let compiled = try String(contentsOf: Self.root.appendingPathComponent("Tests/TouchlineMILPTests/TutorialExamples.swift"), encoding: .utf8)
            .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var blocks: [[String]] = []
        var current: [String]? = nil
        for line in article.components(separatedBy: "\n") {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        #expect(blocks.count == 5)
        for block in blocks {
            let found = compiled.indices.contains { start in
                start + block.count <= compiled.count && Array(compiled[start..<(start + block.count)]) == block
            }
            #expect(found, "not compiled:\n\(block.joined(separator: "\n"))")
        }
    }

    #if GLPK
        @Test func theTutorialGivesWhatItSays() throws {
            let outcome = try TutorialExamples.run()
            #expect(outcome.levels == [12, 3])
            #expect(abs((outcome.relaxationBound ?? 0) - 12) < 1e-6)
            #expect(outcome.reducedCostOptimum == 3)
            #expect(!outcome.cancelledHasValues)
        }
    #endif
}
