// MILP against greedy on every shipped instance, with the objective levels and the proven gap as custom
// metrics next to the time. Run with `scripts/bench.sh` (or `TOUCHLINE_BENCHMARKS=1 swift package benchmark`);
// a plain build, `swift test` and CI never compile this target.
import Benchmark
import Foundation
import Touchline

/// The repository root, found from this file so that the working directory does not matter.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private enum Metrics {
    /// Relative gap in parts per million (metrics are integers).
    static let gapPPM = BenchmarkMetric.custom("gap (ppm)", polarity: .prefersSmaller, useScalingFactor: false)
    static let nodes = BenchmarkMetric.custom("nodes", polarity: .prefersSmaller, useScalingFactor: false)
    static let optimal = BenchmarkMetric.custom("proven optimal (1/0)", polarity: .prefersLarger, useScalingFactor: false)

    /// One metric per objective level, named as in the output's `objective`.
    static func level(_ name: String, prefersLarger: Bool) -> BenchmarkMetric {
        .custom("objective.\(name)", polarity: prefersLarger ? .prefersLarger : .prefersSmaller, useScalingFactor: false)
    }
}

/// The objective levels of each kind and whether larger is better.
private let pitchesLevels: [(String, Bool)] = [
    ("placed", true), ("changes", false), ("preferred", true), ("maxUsage", false), ("groupSplits", false)
]

private let lineupLevels: [(String, Bool)] = [
    ("spread", false), ("substitutions", false), ("offPreferredPosition", false)
]

private func instances(of folder: String) -> [(name: String, data: Data)] {
    let directory = root.appendingPathComponent("instances/\(folder)")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") && $0 != "expected.json" }.sorted().compactMap { file in
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) else { return nil }
        return (String(file.dropLast(5)), data)
    }
}

/// Registers MILP (warm-started), MILP (cold) and greedy benchmarks for every instance of a kind, and for a kind
/// the built-in solver serves (lineups) the same engine on the built-in solver, what the build without GLPK runs.
/// `timeLimit` replaces the instances' own limit (the Udine seasons carry the benchmark's 180 s).
private func register<Kind: ProblemKind>(_ kind: Kind.Type, folder: String, levels: [(String, Bool)], timeLimit: Double? = nil) {
    let levelMetrics = levels.map { Metrics.level($0.0, prefersLarger: $0.1) }
    for (name, data) in instances(of: folder) {
        guard let instance = try? Kind.decodeInstance(data) else { continue }
        let variants: [(String, InstanceOptions)] =
            [
                ("milp", InstanceOptions(method: .milp, timeLimitSeconds: timeLimit)),
                ("milp-cold", InstanceOptions(method: .milp, timeLimitSeconds: timeLimit, warmStart: false)),
                ("greedy", InstanceOptions(method: .greedy))
            ] + (Kind.builtinSolverServes ? [("builtin", InstanceOptions(method: .builtin, timeLimitSeconds: timeLimit))] : [])
        for (label, options) in variants {
            Benchmark(
                "\(folder)/\(name)/\(label)",
                configuration: .init(
                    metrics: [.wallClock, Metrics.gapPPM, Metrics.nodes, Metrics.optimal] + levelMetrics,
                    timeUnits: .milliseconds, warmupIterations: label == "greedy" ? 3 : 0,
                    maxDuration: .seconds(label == "greedy" ? 2 : 30), maxIterations: label == "greedy" ? 100 : 3)
            ) { benchmark in
                var last: SolveReport<Kind>? = nil
                for _ in benchmark.scaledIterations {
                    last = try? Engine.solve(instance, kind: Kind.self, options: options)
                    blackHole(last)
                }
                guard let report = last else { return }
                if let gap = report.gap, report.method == .milp || report.method == .builtin {
                    benchmark.measurement(Metrics.gapPPM, Int((gap * 1_000_000).rounded()))
                }
                benchmark.measurement(Metrics.nodes, report.stats.nodes)
                benchmark.measurement(Metrics.optimal, report.status == .optimal ? 1 : 0)
                if let objective = report.objective,
                    let encoded = try? JSONEncoder().encode(objective),
                    let values = try? JSONSerialization.jsonObject(with: encoded) as? [String: Any]
                {
                    // A level of several terms (an officials `rules.objective`) is in `levels`, by name.
                    var named = values
                    for entry in values["levels"] as? [[String: Any]] ?? [] {
                        if let levelName = entry["name"] as? String, named[levelName] == nil { named[levelName] = entry["value"] }
                    }
                    for ((levelName, _), metric) in zip(levels, levelMetrics) {
                        if let value = named[levelName] as? Int { benchmark.measurement(metric, value) }
                    }
                }
            }
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    register(PitchesKind.self, folder: "pitches", levels: pitchesLevels)
    register(LineupKind.self, folder: "lineups", levels: lineupLevels)
    register(OfficialsKind.self, folder: "officials", levels: officialsLevels)
    register(OfficialsKind.self, folder: "officials/udine", levels: udineLevels, timeLimit: 30)
    register(MatchdayKind.self, folder: "matchday", levels: matchdayLevels)
    // The tables are exact code; the analysis cuts are integer programs (greedy: how many answers it proves).
    register(StandingsKind.self, folder: "standings/analysis", levels: standingsLevels)
}

private let standingsLevels: [(String, Bool)] = [("proven", true), ("bestRankSum", false), ("worstRankSum", true)]

private let officialsLevels: [(String, Bool)] = [
    ("filled", true), ("changes", false), ("maxLoad", false), ("travel", false), ("repeatPairings", false)
]

/// The Udine seasons' objective (`rules.objective: "udine"`): filled, then the benchmark's cost, and its
/// two largest terms.
private let udineLevels: [(String, Bool)] = [("filled", true), ("cost", false), ("distanceKm", false), ("loadDeviation", false)]

private let matchdayLevels: [(String, Bool)] = [
    ("placed", true), ("filled", true), ("maxLoad", false), ("travel", false), ("repeatPairings", false),
    ("preferred", true), ("maxUsage", false), ("groupSplits", false)
]
