import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// The examples of the README and of the DocC articles are tests: every ```json block is a complete instance
/// that validates and solves, every ```swift block is compiled (it appears verbatim in one of
/// ``compiledFiles``), every block after `<!-- output: touchline ARGS -->` is what that command prints, and
/// every instance after `<!-- proven: STATUS, OBJECTIVE -->` is proven to that status and objective by each exact
/// engine the build has. A block after a line `<!-- fragment ... -->` is a piece of something larger and is
/// left alone.
@Suite struct DocExampleTests {
    static let root = Repository.root

    /// Every Markdown file a reader is sent to: the README, the contributing guide and every article.
    static var documents: [String] {
        var paths = ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md"]
        for catalog in ["Sources/Touchline/Touchline.docc", "Sources/TouchlineMILP/TouchlineMILP.docc"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? []
            paths += names.filter { $0.hasSuffix(".md") && $0 != "Tutorial.md" }.sorted().map { "\(catalog)/\($0)" }
        }
        return paths
    }

    /// Where compiled examples live.
    static let compiledFiles = [
        "Tests/TouchlineTests/Docs/DocExamples.swift", "Tests/TouchlineTests/EmbeddingExampleTests.swift",
        "Tests/TouchlineMILPTests/ReadmeExampleTests.swift"
    ]

    struct Block {
        var language: String
        var lines: [String]
        /// The comment line before the fence (`<!-- fragment -->`, `<!-- output: ... -->`), if any.
        var note: String?
        var line: Int
    }

    static func blocks(_ text: String) -> [Block] {
        var found: [Block] = []
        var current: Block? = nil
        var previous: String? = nil
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed.hasPrefix("```"), trimmed.count > 3 {
                let note = previous.flatMap { $0.hasPrefix("<!--") ? $0 : nil }
                current = Block(language: String(trimmed.dropFirst(3)), lines: [], note: note, line: number + 1)
            } else if current != nil, trimmed == "```" {
                found.append(current!)
                current = nil
            } else if current != nil {
                current!.lines.append(line)
            }
            if !trimmed.isEmpty { previous = trimmed }
        }
        return found
    }

    static func isFragment(_ block: Block) -> Bool { block.note?.hasPrefix("<!-- fragment") == true }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(arguments: documents)
    func swiftExamplesAreCompiled(_ document: String) throws {
        // Imports and blank lines aside: a compiled file has its imports at the top.
        func code(_ lines: [String]) -> [String] {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
        }
        let compiled = code(try Self.compiledFiles.flatMap { try Self.read($0).components(separatedBy: "\n") })
        for block in Self.blocks(try Self.read(document)) where block.language == "swift" && !Self.isFragment(block) {
            let lines = code(block.lines)
            let found = compiled.indices.contains { start in
                start + lines.count <= compiled.count && Array(compiled[start..<(start + lines.count)]) == lines
            }
            #expect(found, "\(document):\(block.line): a Swift example that no compiled file holds:\n\(lines.joined(separator: "\n"))")
        }
    }

    @Test(arguments: documents)
    func jsonExamplesAreInstancesThatSolve(_ document: String) throws {
        for block in Self.blocks(try Self.read(document)) where block.language == "json" && !Self.isFragment(block) {
            let data = Data(block.lines.joined(separator: "\n").utf8)
            let issues = JSONFrontEnd.validate(data, strict: true)
            #expect(issues.isEmpty, "\(document):\(block.line): the example does not validate: \(issues.map(\.description))")
            guard issues.isEmpty else { continue }
            let solved = try JSONFrontEnd.solve(data, options: InstanceOptions(method: .greedy))
            #expect(solved.status != .invalid, "\(document):\(block.line): \(solved.diagnostics)")
        }
    }

    /// An example whose note says what it proves (`<!-- proven: optimal, spread 10, substitutions 8, ... -->`) is
    /// proven to exactly that by the built-in solver and, with GLPK, by GLPK too.
    @Test(arguments: documents)
    func provenExamplesProveWhatTheySay(_ document: String) throws {
        for block in Self.blocks(try Self.read(document)) {
            guard let note = block.note, note.hasPrefix("<!-- proven: "), note.hasSuffix(" -->") else { continue }
            let claim = String(note.dropFirst("<!-- proven: ".count).dropLast(" -->".count))
            let data = Data(block.lines.joined(separator: "\n").utf8)
            let methods: [InstanceOptions.Method] = Engine.hasMILP ? [.builtin, .milp] : [.builtin]
            for method in methods {
                let solved = try JSONFrontEnd.solve(data, options: InstanceOptions(method: method, timeLimitSeconds: 30))
                let result = try #require(try JSONSerialization.jsonObject(with: Data(solved.output.utf8)) as? [String: Any])
                let objective = try #require(result["objective"] as? [String: NSNumber], "\(document):\(block.line): no objective")
                let names = ["spread"] + (objective["strengthGap"] == nil ? [] : ["strengthGap"]) + ["substitutions", "offPreferredPosition"]
                let levels = names.map { "\($0) \(objective[$0]?.stringValue ?? "-")" }
                let shown = "\(result["status"] as? String ?? "?"), " + levels.joined(separator: ", ")
                #expect(shown == claim, "\(document):\(block.line): \(method.rawValue) gives \(shown)")
            }
        }
    }

    #if GLPK
        /// A shown output is what the command prints for it today.
        @Test(arguments: documents)
        func shownOutputsAreTheCommandsOutput(_ document: String) throws {
            for block in Self.blocks(try Self.read(document)) {
                guard let note = block.note, note.hasPrefix("<!-- output: touchline solve ") else { continue }
                let arguments = note.dropFirst("<!-- output: touchline solve ".count).dropLast(" -->".count)
                    .split(separator: " ").map(String.init)
                #expect(arguments.count == 3 && arguments[0] == "--format" && arguments[1] == "text", "\(document): \(note)")
                guard arguments.count == 3 else { continue }
                let data = try Data(contentsOf: Self.root.appendingPathComponent(arguments[2]))
                let output = try JSONFrontEnd.solve(data, settings: RunSettings(reproducible: true), format: .text).output
                let shown = block.lines.joined(separator: "\n")
                #expect(output.trimmingCharacters(in: .newlines) == shown, "\(document):\(block.line): the output shown is not today's:\n\(output)")
            }
        }
    #endif

    @Test func everyArticleHasACompiledSwiftExample() throws {
        for article in ["Lineup", "Officials", "Matchday", "Standings", "SolvingFromYourApp"] {
            let blocks = Self.blocks(try Self.read("Sources/Touchline/Touchline.docc/\(article).md"))
            #expect(blocks.contains { $0.language == "swift" && !Self.isFragment($0) }, "\(article) has no Swift example")
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
        let loaded = try plan(squadAt: Self.root.appendingPathComponent("instances/lineups/quick-start.json").path)
        #expect(loaded.solution != nil)
        let watched = try DocExamples.ownThreads()
        #expect(watched.solution != nil)
    }
}
