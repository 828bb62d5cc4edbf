import Foundation
import Touchline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The seeds of a fuzz run: every shipped instance up to a size, and small generated instances of every kind.
package enum FuzzSeeds {
    package static func load(instances directory: URL, maximumBytes: Int = 200_000, generated: Bool = true) -> [(name: String, bytes: [UInt8])] {
        var seeds: [(name: String, bytes: [UInt8])] = []
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "json" }
            .sorted { $0.path < $1.path } ?? []
        for file in files {
            guard let data = try? Data(contentsOf: file), data.count <= maximumBytes,
                JSONFrontEnd.kind(of: data) != nil
            else { continue }
            seeds.append((file.path.replacingOccurrences(of: directory.path + "/", with: ""), [UInt8](data)))
        }
        guard generated else { return seeds }
        for kind in ProblemKinds.all {
            for size in kind.generatorSize.smallSeries.prefix(2) {
                for seed in 1...2 {
                    if case let .success(text) = Result(catching: { () throws(TouchlineError) in
                        try JSONFrontEnd.generate(kind: kind.name, size: size, seed: UInt64(seed))
                    }) {
                        seeds.append(("generated \(kind.name) size \(size) seed \(seed)", Array(text.utf8)))
                    }
                }
            }
        }
        return seeds
    }
}

/// The input a worker is on, kept where a signal handler can write it out without allocating.
private struct CrashSlot {
    var buffer: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var length: Int
    var path: UnsafeMutablePointer<CChar>
}

private nonisolated(unsafe) var crashSlots: UnsafeMutablePointer<CrashSlot>? = nil
private nonisolated(unsafe) var crashSlotCount = 0
private nonisolated(unsafe) var crashMessage: UnsafeMutablePointer<CChar>? = nil

private func writeAll(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) {
    var done = 0
    while done < count {
        let n = write(fd, pointer + done, count - done)
        if n <= 0 { return }
        done += n
    }
}

/// On a crash: every worker's current input to its file, a line on standard error, then the default action.
private func onCrash(_ signal: Int32) {
    if let slots = crashSlots {
        for index in 0..<crashSlotCount where slots[index].length > 0 {
            let fd = open(slots[index].path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if fd >= 0 {
                writeAll(fd, slots[index].buffer, slots[index].length)
                close(fd)
            }
        }
    }
    if let crashMessage { writeAll(2, crashMessage, strlen(crashMessage)) }
    #if canImport(Glibc)
        Glibc.signal(signal, SIG_DFL)
    #else
        Darwin.signal(signal, SIG_DFL)
    #endif
    raise(signal)
}

/// A fuzz run: `count` inputs (or until `seconds` pass), each a mutation of a seed, through ``FrontEndCheck`` on
/// `workers` threads. Input N of seed S is the same on every machine. A crash writes the inputs the workers were
/// on to `crash-<worker>.json` in `output`; a hang (an input taking longer than `hangSeconds`) writes it to
/// `hang.json` and stops the run; every other failure writes `failure-<N>.json` and its sentence and goes on.
package final class FuzzRun: @unchecked Sendable {
    package struct Configuration: Sendable {
        package var seed: UInt64 = 1
        package var count = 100_000
        package var seconds: Double?
        package var workers = 2
        package var hangSeconds = 60.0
        package var output: URL
        package var progressEvery = 10_000

        package init(output: URL) { self.output = output }
    }

    package struct Summary: Sendable, Codable {
        package var seed: UInt64
        package var inputs: Int
        package var seconds: Double
        package var crashes: Int
        package var hangs: Int
        package var failures: Int
        package var seeds: Int
        package var statuses: [String: Int]
        package var kinds: [String: Int]
        package var steps: [String: Int]
        /// Worker seconds spent per kind (where the run's time goes).
        package var secondsByKind: [String: Double] = [:]
    }

    let configuration: Configuration
    let seeds: [(name: String, bytes: [UInt8])]
    /// The seeds read once (the mutator edits trees).
    let trees: [JSONValue?]
    /// Cumulative seed weights: a seed is picked with odds proportional to 1/sqrt(its size), so small instances
    /// (fast to solve) are mutated more often and the largest still about once every few hundred inputs.
    let cumulative: [Double]
    let mutator = Mutator()
    let lock = NSLock()
    var next = 0
    var done = 0
    var failures = 0
    var statuses: [String: Int] = [:]
    var kinds: [String: Int] = [:]
    var steps: [String: Int] = [:]
    var secondsByKind: [String: Double] = [:]
    var started: [Double?]
    var current: [Int]
    var stop = false
    var hung = false
    let clockStart = Date()

    package init(configuration: Configuration, seeds: [(name: String, bytes: [UInt8])]) {
        self.configuration = configuration
        self.seeds = seeds
        self.trees = seeds.map { JSONValue.read(Data($0.bytes)) }
        var total = 0.0
        self.cumulative = seeds.map { seed in
            total += 1 / Double(max(seed.bytes.count, 100)).squareRoot()
            return total
        }
        self.started = Array(repeating: nil, count: configuration.workers)
        self.current = Array(repeating: -1, count: configuration.workers)
    }

    /// Input `index` of this run and the steps it takes (both fixed by seed and index).
    package func input(_ index: Int) -> (bytes: [UInt8], seed: String, steps: FrontEndCheck.Steps) {
        var random = FuzzRandom(seed: configuration.seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(index))
        let point = Double(random.next() >> 11) / Double(1 << 53) * (cumulative.last ?? 1)
        let chosen = min(cumulative.firstIndex { point < $0 } ?? seeds.count - 1, seeds.count - 1)
        let seed = seeds[chosen]
        // Most inputs are one mutation away from a seed; some are mutations of mutations.
        var bytes = mutator.mutate(seed.bytes, tree: .some(trees[chosen]), random: &random)
        if random.chance(20) { bytes = mutator.mutate(bytes, random: &random) }
        let steps = FrontEndCheck.Steps(
            repeatSolve: random.chance(2), render: random.chance(5), export: random.chance(5),
            milpSeconds: random.chance(1) ? 0.05 : nil)
        return (bytes, seed.name, steps)
    }

    package func run(progress: @escaping @Sendable (String) -> Void) -> Summary {
        try? FileManager.default.createDirectory(at: configuration.output, withIntermediateDirectories: true)
        installCrashHandler()
        let group = DispatchGroup()
        for worker in 0..<configuration.workers {
            group.enter()
            let thread = Thread { [self] in
                work(worker, progress: progress)
                group.leave()
            }
            // Deep documents and the solvers' recursion need more than a secondary thread's default stack.
            thread.stackSize = 64 << 20
            thread.start()
        }
        // The watchdog: an input that runs longer than hangSeconds is a hang.
        while group.wait(timeout: .now() + 1) == .timedOut {
            let now = Date().timeIntervalSince(clockStart)
            lock.lock()
            let stuck = started.indices.first { started[$0].map { now - $0 > configuration.hangSeconds } ?? false }
            let index = stuck.map { current[$0] }
            lock.unlock()
            if let index {
                let input = self.input(index)
                let file = configuration.output.appendingPathComponent("hang.json")
                try? Data(input.bytes).write(to: file)
                progress("HANG: input \(index) (from \(input.seed)) ran longer than \(configuration.hangSeconds) s; written to \(file.path)")
                lock.lock()
                hung = true
                lock.unlock()
                return summary()
            }
        }
        return summary()
    }

    func summary() -> Summary {
        lock.lock()
        defer { lock.unlock() }
        return Summary(
            seed: configuration.seed, inputs: done, seconds: Date().timeIntervalSince(clockStart), crashes: 0,
            hangs: hung ? 1 : 0, failures: failures, seeds: seeds.count, statuses: statuses, kinds: kinds, steps: steps,
            secondsByKind: secondsByKind)
    }

    func work(_ worker: Int, progress: @Sendable (String) -> Void) {
        while true {
            lock.lock()
            let elapsed = Date().timeIntervalSince(clockStart)
            if stop || next >= configuration.count || (configuration.seconds.map { elapsed >= $0 } ?? false) {
                lock.unlock()
                return
            }
            let index = next
            next += 1
            lock.unlock()

            let input = self.input(index)
            if let slots = crashSlots, worker < crashSlotCount {
                let length = min(input.bytes.count, slots[worker].capacity)
                slots[worker].length = 0
                input.bytes.withUnsafeBufferPointer { source in
                    slots[worker].buffer.update(from: source.baseAddress!, count: length)
                }
                slots[worker].length = length
            }
            lock.lock()
            started[worker] = Date().timeIntervalSince(clockStart)
            current[worker] = index
            lock.unlock()

            let outcome = FrontEndCheck.run(Data(input.bytes), steps: input.steps)

            lock.lock()
            if let begun = started[worker] {
                secondsByKind[outcome.kind ?? "none", default: 0] += Date().timeIntervalSince(clockStart) - begun
            }
            started[worker] = nil
            done += 1
            statuses[outcome.status ?? "none", default: 0] += 1
            kinds[outcome.kind ?? "none", default: 0] += 1
            if input.steps.repeatSolve { steps["repeat", default: 0] += 1 }
            if input.steps.render { steps["render", default: 0] += 1 }
            if input.steps.export { steps["export", default: 0] += 1 }
            if input.steps.milpSeconds != nil { steps["milp", default: 0] += 1 }
            if !outcome.failures.isEmpty { failures += 1 }
            let count = done
            lock.unlock()

            if !outcome.failures.isEmpty {
                let base = configuration.output.appendingPathComponent("failure-\(index)")
                try? Data(input.bytes).write(to: base.appendingPathExtension("json"))
                let text = "input \(index) (from \(input.seed)):\n" + outcome.failures.joined(separator: "\n") + "\n"
                try? Data(text.utf8).write(to: base.appendingPathExtension("txt"))
                progress("FAILURE: input \(index) (from \(input.seed)): \(outcome.failures.joined(separator: " || ").prefix(500))")
            }
            if count % configuration.progressEvery == 0 {
                let seconds = Date().timeIntervalSince(clockStart)
                progress("\(count) inputs in \(Int(seconds)) s (\(Int(Double(count) / max(seconds, 0.001)))/s), failures \(failures)")
            }
        }
    }

    func installCrashHandler() {
        let capacity = 4 << 20
        let slots = UnsafeMutablePointer<CrashSlot>.allocate(capacity: configuration.workers)
        for worker in 0..<configuration.workers {
            let path = configuration.output.appendingPathComponent("crash-\(worker).json").path
            slots[worker] = CrashSlot(
                buffer: .allocate(capacity: capacity), capacity: capacity, length: 0, path: strdup(path))
        }
        crashSlots = slots
        crashSlotCount = configuration.workers
        crashMessage = strdup(
            "touchline-fuzz: CRASH: the inputs the workers were on are in \(configuration.output.path)/crash-*.json\n")
        for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            #if canImport(Glibc)
                Glibc.signal(sig, onCrash)
            #else
                Darwin.signal(sig, onCrash)
            #endif
        }
    }
}
