import ArgumentParser
import Foundation
import Touchline
import TouchlineFuzz

/// `touchline-fuzz`: mutated instances through the whole JSON front end (see `scripts/fuzz.sh`).
@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchline-fuzz",
        abstract:
            "Fuzz the JSON front end: mutations of the shipped and generated instances through validate, solve (greedy, and the MILP with a tiny time limit), verify, export and render.",
        discussion: """
            Exit 0 when every input held; 1 when an input broke a promise (each written to OUTPUT/failure-N.json with its \
            sentences in failure-N.txt) or hung (OUTPUT/hang.json). A crash ends the process by its signal after writing \
            the inputs the workers were on to OUTPUT/crash-W.json. Input N of a seed is the same on every machine: \
            --replay N runs just that one.
            """)

    @Option(help: "How many inputs.")
    var count = 100_000

    @Option(help: "Stop after this many seconds even if fewer inputs ran.")
    var seconds: Double?

    @Option(help: "The run's seed (input N of seed S is the same everywhere).")
    var seed: UInt64 = 1

    @Option(help: "Worker threads.")
    var workers = 2

    @Option(name: .customLong("hang-seconds"), help: "An input running longer than this is a hang.")
    var hangSeconds = 60.0

    @Option(help: "The folder of shipped instances to mutate.")
    var instances = "instances"

    @Option(help: "Where failing inputs are written.")
    var output = ".build/fuzz"

    @Option(help: "Write the run's summary (JSON) to this file.")
    var summary: String?

    @Option(help: "Run only input N (every step) and print what it found.")
    var replay: Int?

    @Option(name: .customLong("write-input"), help: "With --replay: write the input to this file.")
    var writeInput: String?

    @Flag(
        help:
            "Instead of random mutation: every numeric field of every seed up to 20 kB (and of the regression files given as arguments) set in turn to each extreme (Int64's ends, Double's ends, -0, a subnormal), through validate, solve with greedy and verify."
    )
    var sweep = false

    @Argument(help: "Files to check (every step) instead of fuzzing: regression inputs.")
    var files: [String] = []

    func validate() throws {
        guard workers >= 1 && workers <= 64 else { throw ValidationError("--workers: expected 1 to 64") }
        guard count >= 0 else { throw ValidationError("--count: expected 0 or more") }
    }

    func run() throws {
        if sweep {
            var seeds = FuzzSeeds.load(instances: URL(fileURLWithPath: instances), maximumBytes: 20_000)
            for file in files { seeds.append((file, [UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))) }
            let started = ContinuousClock.now
            var inputs = 0
            var failures = 0
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            for (name, bytes) in seeds {
                guard let tree = JSONValue.read(Data(bytes)) else { continue }
                for variant in tree.numberSweep() {
                    inputs += 1
                    let outcome = FrontEndCheck.run(variant.data)
                    guard !outcome.failures.isEmpty else { continue }
                    failures += 1
                    try variant.data.write(to: URL(fileURLWithPath: output).appendingPathComponent("sweep-failure-\(failures).json"))
                    print("\(name): \(outcome.failures.joined(separator: "; "))")
                }
            }
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            print("sweep: \(inputs) inputs from \(seeds.count) seeds in \(String(format: "%.1f", seconds)) s, failures \(failures)")
            if failures > 0 { throw ExitCode(1) }
            return
        }
        if !files.isEmpty {
            var failed = false
            for file in files {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                let outcome = FrontEndCheck.run(data, steps: .all)
                print(
                    "\(file): \(outcome.status ?? "no status")\(outcome.failures.isEmpty ? "" : "\n  " + outcome.failures.joined(separator: "\n  "))")
                failed = failed || !outcome.failures.isEmpty
            }
            if failed { throw ExitCode(1) }
            return
        }
        let seeds = FuzzSeeds.load(instances: URL(fileURLWithPath: instances))
        guard !seeds.isEmpty else { throw ValidationError("--instances: no instance found under \(instances)") }
        var configuration = FuzzRun.Configuration(output: URL(fileURLWithPath: output))
        configuration.seed = seed
        configuration.count = count
        configuration.seconds = seconds
        configuration.workers = workers
        configuration.hangSeconds = hangSeconds
        let fuzz = FuzzRun(configuration: configuration, seeds: seeds)
        if let replay {
            let input = fuzz.input(replay)
            if let writeInput { try Data(input.bytes).write(to: URL(fileURLWithPath: writeInput)) }
            let outcome = FrontEndCheck.run(Data(input.bytes), steps: .all)
            print("input \(replay) (from \(input.seed)), \(input.bytes.count) bytes: \(outcome.status ?? "no status")")
            for failure in outcome.failures { print("  \(failure)") }
            if !outcome.failures.isEmpty { throw ExitCode(1) }
            return
        }
        FileHandle.standardError.write(Data("touchline-fuzz: seed \(seed), \(seeds.count) seeds, \(count) inputs, \(workers) workers\n".utf8))
        let result = fuzz.run { line in FileHandle.standardError.write(Data("touchline-fuzz: \(line)\n".utf8)) }
        let rate = Double(result.inputs) / max(result.seconds, 0.001)
        let statuses = result.statuses.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(
            "touchline-fuzz: \(result.inputs) inputs in \(String(format: "%.1f", result.seconds)) s (\(Int(rate))/s); crashes 0, hangs \(result.hangs), failures \(result.failures); statuses: \(statuses)"
        )
        let spent = result.secondsByKind.sorted { $0.value > $1.value }.map { "\($0.key) \(Int($0.value)) s" }.joined(separator: ", ")
        FileHandle.standardError.write(Data("touchline-fuzz: worker seconds by kind: \(spent)\n".utf8))
        if let summary {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(result).write(to: URL(fileURLWithPath: summary))
        }
        if result.failures > 0 || result.hangs > 0 { throw ExitCode(1) }
    }
}
