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
            level N with levels 0..N-1 held at the optimum Touchline finds for them (needs GLPK). Free MPS \
            writes a maximisation as the minimisation of the negated objective.
            """)

    @Option(help: "lp or mps.")
    var format: ModelFileFormat

    @Option(help: "The objective level to write (0-based).")
    var level: Int = 0

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Argument(help: "The instance (JSON); - for standard input.")
    var file: String

    func run() throws {
        switch JSONFrontEnd.export(try IO.read(file), format: format, level: level) {
        case let .failure(error):
            try ExitStatus.fail(error)
        case let .success(text):
            try IO.save(text, to: output)
        }
    }
}
