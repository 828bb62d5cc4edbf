import ArgumentParser
import Foundation
import Touchline

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a realistic random instance of a kind (the same size and seed give the same file).",
        discussion: "Sizes: " + ProblemKinds.all.map {
            "\($0.name): \($0.generatorSize.range.lowerBound)-\($0.generatorSize.range.upperBound) \($0.generatorSize.meaning)"
        }.joined(separator: "; ") + ".")

    @Argument(help: ArgumentHelp("The problem kind: \(ProblemKinds.names.joined(separator: ", ")).", valueName: "kind"))
    var kind: String

    @Option(help: "How big (see the sizes below).")
    var size: Int

    @Option(help: "The random seed (a whole number from 0 to 2^64-1).")
    var seed: UInt64 = 1

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func validate() throws {
        guard let found = ProblemKinds.kind(named: kind) else {
            throw ValidationError("unknown problem kind \"\(kind)\"; expected one of \(ProblemKinds.names.joined(separator: ", "))")
        }
        let range = found.generatorSize.range
        guard range.contains(size) else {
            throw ValidationError("--size: expected \(range.lowerBound) to \(range.upperBound) for \(kind) (\(found.generatorSize.meaning)), got \(size)")
        }
    }

    func run() throws {
        switch JSONFrontEnd.generate(kind: kind, size: size, seed: seed) {
        case let .failure(error):
            try ExitStatus.fail(error)
        case let .success(text):
            try IO.save(text, to: output)
        }
    }
}
