import ArgumentParser
import Foundation
import Touchline

extension SplitMode: ExpressibleByArgument {}

struct Split: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cut an instance into independent parts, one complete instance per line (JSON Lines) for solve --jsonl.",
        discussion: """
            --by component: matches that share no candidate pitch, eligible official or team (officials, pitches, \
            matchday); --by day: one part per calendar day, officials' maxTotal shared out as budgets; --by region: \
            one part per venues' or pitches' "region", what regions share given to one region. Each line \
            carries "id" and "part"; solve echoes them and merge checks them.
              touchline split --by day term.json | parallel --pipe -N1 touchline solve --jsonl > results.jsonl
              touchline merge term.json results.jsonl
            """)

    @Option(help: "component, day or region.")
    var by: SplitMode

    @Argument(help: "The instance (JSON); - for standard input.")
    var file: String

    func run() throws {
        let data = try IO.read(file)
        switch JSONFrontEnd.split(data, by: by) {
        case let .failure(error): try ExitStatus.fail(error)
        case let .success(lines): IO.write(lines)
        }
    }
}

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Assemble the results of a split instance's parts into one verified result for the whole instance.",
        discussion: """
            Every part must be answered once (in any order), by a result of this instance's part that plans only \
            its own matches; the assembled plan is verified against the whole instance and its objective \
            recomputed. A level is optimal only when the parts' bounds prove it; bound and gap are the whole's. \
            Exit codes as solve; 65 when a result is missing, foreign, duplicated or breaks a rule of the whole.
            """)

    @Argument(help: "The whole instance (JSON).")
    var instance: String

    @Argument(help: "The parts' results, one per line (JSON Lines); - for standard input.")
    var results: String

    @Flag(help: "Indent the JSON.")
    var pretty = false

    func run() throws {
        let instanceData = try IO.read(instance)
        let resultsData = try IO.read(results)
        switch JSONFrontEnd.merge(instance: instanceData, results: resultsData, pretty: pretty) {
        case let .failure(error): try ExitStatus.fail(error)
        case let .success(output):
            IO.write(output.output)
            for line in output.diagnostics { IO.error(line) }
            try IO.exit(ExitStatus(output.status))
        }
    }
}
