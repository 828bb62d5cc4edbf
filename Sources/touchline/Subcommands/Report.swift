import ArgumentParser
import Foundation
import Touchline
import TouchlineReport

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Solve every shipped instance and a generated size series with greedy and the MILP, compare with glpsol, CBC and HiGHS, and write a Markdown report with SVG charts.",
        discussion: """
            Writes OUTPUT (Benchmarks/REPORT.md by default), charts/KIND.svg beside it, and report.json (every \
            measurement) beside it. `make report` installs the external solvers first; here, each one is used \
            when found (glpsol and cbc on the PATH, HiGHS through --python with highspy).
            """)

    @Option(help: "The shipped instances' folder.")
    var instances = "instances"

    @Option(name: .shortAndLong, help: "The Markdown file to write.")
    var output = "Benchmarks/REPORT.md"

    @Option(help: "full (the kinds' report series), small (the test series) or none.")
    var series: SeriesChoice = .full

    @Option(help: "Seeds for every size of the series, comma-separated.")
    var seeds = "1"

    @Option(name: .customLong("time-limit"), help: "Seconds per solve, each method.")
    var timeLimit: Double = 10

    @Option(name: .customLong("external-time-limit"), help: "Seconds per solver on each exported model.")
    var externalTimeLimit: Double = 10

    @Flag(name: .customLong("no-compare"), help: "Do not solve exported models (no glpsol, CBC or HiGHS).")
    var noCompare = false

    @Option(help: "A Python that can import highspy (for HiGHS).")
    var python: String?

    @Option(name: .customLong("highs-script"), help: "The script that runs HiGHS on a model file.")
    var highsScript = "scripts/highs-solve.py"

    @Option(help: "The hand-kept history section (Markdown).")
    var history = "Benchmarks/HISTORY.md"

    @Option(help: "Only the instances whose path contains this text (and only the series of kinds named here, if any).")
    var only: String?

    @Option(
        help: ArgumentHelp(
            "Write the Markdown and charts again from a report.json of an earlier run (nothing is solved).", valueName: "report.json"))
    var from: String?

    enum SeriesChoice: String, ExpressibleByArgument { case full, small, none }

    func validate() throws {
        guard timeLimit > 0, externalTimeLimit > 0 else { throw ValidationError("time limits must be above 0 seconds") }
        guard parsedSeeds != nil else { throw ValidationError("--seeds: expected whole numbers separated by commas") }
        guard FileManager.default.fileExists(atPath: instances) else { throw ValidationError("--instances: no folder \(instances)") }
    }

    var parsedSeeds: [UInt64]? {
        let parts = seeds.split(separator: ",").map { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        return parts.isEmpty || parts.contains(nil) ? nil : parts.compactMap { $0 }
    }

    func run() throws {
        var sizes: [String: [Int]] = [:]
        for kind in ProblemKinds.all where only.map({ !ProblemKinds.names.contains($0) || $0 == kind.name }) ?? true {
            switch series {
            case .full: sizes[kind.name] = kind.generatorSize.series
            case .small: sizes[kind.name] = kind.generatorSize.smallSeries
            case .none: break
            }
        }
        let outputURL = URL(fileURLWithPath: output)
        let folder = outputURL.deletingLastPathComponent()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-report-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: work) }
        let solvers = noCompare ? ExternalSolvers() : ExternalSolvers.detect(python: python, highsScript: highsScript)
        var configuration = ReportConfiguration(
            instancesDirectory: instances, series: sizes, seeds: parsedSeeds ?? [1], timeLimit: timeLimit,
            externalTimeLimit: externalTimeLimit, compareSolvers: !noCompare, solvers: solvers,
            historyFile: FileManager.default.fileExists(atPath: history) ? history : nil, workDirectory: work.path,
            command: "make report")
        configuration.only = only
        let report: Report
        if let from {
            guard let data = FileManager.default.contents(atPath: from),
                let saved = try? JSONDecoder().decode(Report.self, from: data)
            else {
                IO.error("cannot read a report from \(from)")
                throw ArgumentParser.ExitCode(ExitStatus.noInput.rawValue)
            }
            // The Markdown is rewritten with the hand-kept sections as they are now.
            var refreshed = saved
            refreshed.history = configuration.historyFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? saved.history
            refreshed.fuzz = Report.besideHistory(configuration.historyFile, "FUZZ.md") ?? saved.fuzz
            refreshed.udine = Report.besideHistory(configuration.historyFile, "UDINE.md") ?? saved.udine
            refreshed.terms = Report.besideHistory(configuration.historyFile, "TERMS.md") ?? saved.terms
            refreshed.limits = Report.besideHistory(configuration.historyFile, "LIMITS.md") ?? saved.limits
            report = refreshed
        } else {
            report = Report.run(configuration) { IO.error($0) }
        }
        do {
            let charts = folder.appendingPathComponent("charts")
            try FileManager.default.createDirectory(at: charts, withIntermediateDirectories: true)
            for (kind, svg) in report.charts() {
                try svg.write(to: charts.appendingPathComponent("\(kind).svg"), atomically: true, encoding: .utf8)
            }
            try report.markdown(chartsFolder: "charts").write(to: outputURL, atomically: true, encoding: .utf8)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: folder.appendingPathComponent("report.json"))
        } catch {
            IO.error("cannot write the report: \(error)")
            try IO.exit(.cannotCreate)
        }
        let missed = report.targets.filter { !$0.isMet }.count
        IO.error(
            "wrote \(output) (\(report.instances.count) instances, \(report.series.count) generated, \(report.comparisons.count) models compared; \(missed) targets missed)"
        )
        if report.comparisons.contains(where: { !$0.disagreements.isEmpty }) {
            IO.error("solvers disagree on an optimum: see the report's Solver agreement section")
            try IO.exit(.violations)
        }
    }
}
