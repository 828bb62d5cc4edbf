import ArgumentParser
import Foundation
import Touchline
import TouchlineMILP

extension ModelFileFormat: ExpressibleByArgument {}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an instance's integer program as CPLEX LP or free MPS, for glpsol, CBC or HiGHS.",
        discussion: """
            Level 0 (the default) is the first objective of the kind's lexicographic order. --level N writes \
            level N with levels 0..N-1 held at the optimum GLPK finds for them on this model, or at the values \
            given by --hold (for example a result's `stats.levels` values, to check them with another solver \
            level by level; needs no GLPK). Free MPS writes a maximisation as the minimisation of the negated \
            objective.
            """)

    @Option(help: "lp or mps.")
    var format: ModelFileFormat

    @Option(help: "The objective level to write (0-based).")
    var level: Int = 0

    @Option(help: "Comma-separated values of levels 0..N-1 to hold (instead of solving them here).")
    var hold: String?

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Argument(help: "The instance (JSON); - for standard input.")
    var file: String

    func run() throws {
        var values: [Double]?
        if let hold, hold.isEmpty {
            values = []
        } else if let hold {
            let parts = hold.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.allSatisfy({ $0 != nil }) else {
                throw ValidationError("--hold: expected comma-separated numbers, got \"\(hold)\"")
            }
            values = parts.map { $0! }
        }
        let data = try IO.read(file)
        let text: String
        do {
            text = try JSONFrontEnd.export(data, format: format, level: level, hold: values)
        } catch {
            try ExitStatus.fail(error)
        }
        try IO.save(text, to: output)
    }
}
