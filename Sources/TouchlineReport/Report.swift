import Foundation
import Touchline
import TouchlineMILP

/// Everything one report run measured.
package struct Report: Sendable, Codable {
    package var machine: MachineInfo
    /// When it ran (UTC, ISO 8601) and how long it took.
    package var date: String
    package var minutes: Double
    package var timeLimit: Double
    package var externalTimeLimit: Double
    /// Every shipped instance, both methods.
    package var instances: [InstanceResult]
    /// The generated size series, both methods.
    package var series: [InstanceResult]
    /// Level 0 of every shipped instance's model, in process and by the external solvers.
    package var comparisons: [ModelComparison]
    /// The history section (Markdown), kept by hand in `Benchmarks/HISTORY.md`.
    package var history: String?
    /// The fuzzing section (Markdown), written by `scripts/fuzz.sh --record` to `Benchmarks/FUZZ.md` beside the
    /// history file.
    package var fuzz: String? = nil
    /// The Udine referee-assignment section (Markdown), kept in `Benchmarks/UDINE.md` beside the history file
    /// (`scripts/udine-report.py` writes it from 180 s solves of every instance).
    package var udine: String? = nil
    /// The terms-and-seasons section (Markdown), kept in `Benchmarks/TERMS.md` beside the history file
    /// (`scripts/terms-report.py` writes it).
    package var terms: String? = nil
    /// The promises section (Markdown: time limit, memory, reproducibility), kept in `Benchmarks/LIMITS.md`
    /// beside the history file (`scripts/limits-report.py` writes it).
    package var limits: String? = nil
    /// The command that regenerates the report.
    package var command: String
}

/// What a report run does.
package struct ReportConfiguration: Sendable {
    /// The shipped instances (every `*.json` under it with a `problem` field; `expected.json` files are not
    /// instances).
    package var instancesDirectory: String
    /// Sizes per kind name; a kind left out has no series.
    package var series: [String: [Int]]
    package var seeds: [UInt64]
    /// Per solve, each method.
    package var timeLimit: Double
    /// Per external solve (and Touchline's level-0 solve beside it).
    package var externalTimeLimit: Double
    package var compareSolvers: Bool
    package var solvers: ExternalSolvers
    package var historyFile: String?
    /// Scratch space for exported models.
    package var workDirectory: String
    package var command: String
    /// Only the instances whose path contains this text; nil for all.
    package var only: String?

    package init(
        instancesDirectory: String, series: [String: [Int]], seeds: [UInt64] = [1], timeLimit: Double = 10,
        externalTimeLimit: Double = 10, compareSolvers: Bool = true, solvers: ExternalSolvers = ExternalSolvers(),
        historyFile: String? = nil, workDirectory: String, command: String
    ) {
        self.instancesDirectory = instancesDirectory
        self.series = series
        self.seeds = seeds
        self.timeLimit = timeLimit
        self.externalTimeLimit = externalTimeLimit
        self.compareSolvers = compareSolvers
        self.solvers = solvers
        self.historyFile = historyFile
        self.workDirectory = workDirectory
        self.command = command
    }
}

extension Report {
    /// Runs everything the configuration asks for, sequentially (timings are not shared between solves),
    /// calling `progress` with a line per step.
    package static func run(_ configuration: ReportConfiguration, progress: (String) -> Void = { _ in }) -> Report {
        let started = ContinuousClock.now
        let files = instanceFiles(under: configuration.instancesDirectory)
        var instances: [InstanceResult] = []
        var comparisons: [ModelComparison] = []
        for (path, data) in files where configuration.only.map({ path.contains($0) }) ?? true {
            guard let result = InstanceRunner.run(data, name: path, timeLimit: configuration.timeLimit) else { continue }
            progress(
                "\(path): greedy \(result.greedy.status) \(seconds(result.greedy.seconds) + " s"), milp \(result.milp.map { "\($0.status) \(seconds($0.seconds)) s" } ?? "unavailable")"
            )
            instances.append(result)
            if configuration.compareSolvers,
                let comparison = ModelComparison.compare(
                    data, name: path, solvers: configuration.solvers, timeLimit: configuration.externalTimeLimit,
                    workDirectory: configuration.workDirectory)
            {
                progress(
                    "  level \(comparison.level): "
                        + comparison.runs.map { "\($0.solver) \($0.status) \($0.objective.map { String($0) } ?? "-") \(seconds($0.seconds)) s" }
                        .joined(separator: ", "))
                comparisons.append(comparison)
            }
        }
        var series: [InstanceResult] = []
        for kind in ProblemKinds.all {
            for size in configuration.series[kind.name] ?? [] where kind.generatorSize.range.contains(size) {
                for seed in configuration.seeds {
                    guard
                        case let .success(text) = Result(catching: { () throws(TouchlineError) in
                            try JSONFrontEnd.generate(kind: kind.name, size: size, seed: seed)
                        }),
                        let result = InstanceRunner.run(
                            Data(text.utf8), name: "size \(size) seed \(seed)", size: size, timeLimit: configuration.timeLimit)
                    else { continue }
                    progress(
                        "\(kind.name) size \(size) seed \(seed): greedy \(seconds(result.greedy.seconds) + " s"), milp \(result.milp.map { "\($0.status) \(seconds($0.seconds)) s" } ?? "unavailable")"
                    )
                    series.append(result)
                }
            }
        }
        let history = configuration.historyFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        let fuzz = Self.besideHistory(configuration.historyFile, "FUZZ.md")
        let formatter = ISO8601DateFormatter()
        var report = Report(
            machine: MachineInfo.current(solvers: configuration.solvers), date: formatter.string(from: Date()),
            minutes: (ContinuousClock.now - started).inSeconds / 60, timeLimit: configuration.timeLimit,
            externalTimeLimit: configuration.externalTimeLimit, instances: instances, series: series,
            comparisons: comparisons, history: history, command: configuration.command)
        report.fuzz = fuzz
        report.udine = Self.besideHistory(configuration.historyFile, "UDINE.md")
        report.terms = Self.besideHistory(configuration.historyFile, "TERMS.md")
        report.limits = Self.besideHistory(configuration.historyFile, "LIMITS.md")
        return report
    }

    /// A hand-kept Markdown file beside the history file, when there is one.
    package static func besideHistory(_ historyFile: String?, _ name: String) -> String? {
        historyFile
            .map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent(name).path }
            .flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
    }

    /// Every JSON instance under `directory`, by path relative to it's parent, sorted; files without a known
    /// `problem` (like `expected.json`) are left out.
    static func instanceFiles(under directory: String) -> [(String, Data)] {
        let root = URL(fileURLWithPath: directory)
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [(String, Data)] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json"),
                let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path),
                JSONFrontEnd.kind(of: data) != nil
            else { continue }
            found.append((root.lastPathComponent + "/" + relative, data))
        }
        return found.sorted { $0.0 < $1.0 }
    }
}
