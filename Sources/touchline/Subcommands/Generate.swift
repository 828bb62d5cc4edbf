import ArgumentParser
import Foundation
import Touchline

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a realistic random instance of a kind (the same size and seed give the same file).",
        discussion: "Sizes: "
            + ProblemKinds.all.map {
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

    @Option(
        help:
            "officials only: a season of this many regions (each its own venues and officials, the matches shared out), e.g. --size 10000 --regions 8."
    )
    var regions: Int = 1

    @Option(help: "lineup only: a tournament day of this many games (1 to 8) for the squad, e.g. --size 12 --games 4.")
    var games: Int?

    func validate() throws {
        guard let found = ProblemKinds.kind(named: kind) else {
            throw ValidationError("unknown problem kind \"\(kind)\"; expected one of \(ProblemKinds.names.joined(separator: ", "))")
        }
        let range = found.generatorSize.range
        if let games {
            guard found.name == "lineup" else { throw ValidationError("--games: only the lineup kind generates a tournament day") }
            guard (1...8).contains(games) else { throw ValidationError("--games: expected a whole number from 1 to 8, got \(games)") }
        }
        if regions != 1 {
            guard found.name == "officials" else { throw ValidationError("--regions: only the officials kind generates regions") }
            guard regions >= 1 && regions <= 64 else { throw ValidationError("--regions: expected a whole number from 1 to 64") }
            guard size >= regions && (size + regions - 1) / regions <= range.upperBound else {
                throw ValidationError(
                    "--size: expected \(regions) to \(regions * range.upperBound) with --regions \(regions) (at most \(range.upperBound) matches a region), got \(size)"
                )
            }
            return
        }
        guard range.contains(size) else {
            throw ValidationError(
                "--size: expected \(range.lowerBound) to \(range.upperBound) for \(kind) (\(found.generatorSize.meaning)), got \(size)")
        }
    }

    func run() throws {
        let text: String
        do {
            if let games {
                text = try JSONFrontEnd.generateDay(size: size, games: games, seed: seed)
            } else {
                text =
                    regions == 1
                    ? try JSONFrontEnd.generate(kind: kind, size: size, seed: seed)
                    : try JSONFrontEnd.generateSeason(size: size, regions: regions, seed: seed)
            }
        } catch {
            try ExitStatus.fail(error)
        }
        try IO.save(text, to: output)
    }
}
