import Foundation
import Testing
import Touchline
import TouchlineTesting

@testable import TouchlineFuzz

/// The fuzzer's parts: regression inputs through every step, the mutator's determinism, the checks
/// catching a broken promise, and a short run over the shipped instances.
@Suite struct FuzzTests {
    static let root = Repository.root
    static let regressions = Repository.url("Tests/TouchlineFuzzTests/Regressions")

    static var regressionFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: regressions.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func thereAreRegressionInputs() {
        #expect(Self.regressionFiles.count >= 17)
    }

    @Test(arguments: regressionFiles)
    func regressionInputHoldsEveryPromise(_ name: String) throws {
        let data = try Data(contentsOf: Self.regressions.appendingPathComponent(name))
        let outcome = FrontEndCheck.run(data, steps: .all)
        #expect(outcome.failures.isEmpty, "\(name): \(outcome.failures)")
        #expect(outcome.status != nil)
    }

    @Test func numbersThatDoNotFitAreInvalidWithTheirPath() throws {
        for name in Self.regressionFiles where name.contains("int64") || name.contains("duration-") {
            let data = try Data(contentsOf: Self.regressions.appendingPathComponent(name))
            let issues = JSONFrontEnd.validate(data)
            #expect(!issues.isEmpty, "\(name) accepted")
            #expect(issues.allSatisfy { !$0.path.isEmpty && $0.message.hasPrefix("expected") }, "\(name): \(issues)")
        }
        // A byte order mark and CRLF line ends are read as the same instance.
        let bom = try Data(contentsOf: Self.regressions.appendingPathComponent("pitches-bom.json"))
        let crlf = try Data(contentsOf: Self.regressions.appendingPathComponent("pitches-crlf.json"))
        #expect(JSONFrontEnd.validate(bom).isEmpty)
        #expect(JSONFrontEnd.validate(crlf).isEmpty)
    }

    @Test func theSameSeedGivesTheSameInputs() throws {
        let seeds = FuzzSeeds.load(instances: Self.root.appendingPathComponent("instances"), generated: false)
        #expect(seeds.count >= 40)
        let configuration = FuzzRun.Configuration(output: FileManager.default.temporaryDirectory)
        let first = FuzzRun(configuration: configuration, seeds: seeds)
        let second = FuzzRun(configuration: configuration, seeds: seeds)
        var distinct = Set<[UInt8]>()
        for index in 0..<100 {
            let bytes = first.input(index).bytes
            #expect(bytes == second.input(index).bytes)
            distinct.insert(bytes)
        }
        #expect(distinct.count > 75)
        var other = configuration
        other.seed = 2
        let otherRun = FuzzRun(configuration: other, seeds: seeds)
        #expect((0..<20).contains { otherRun.input($0).bytes != first.input($0).bytes })
    }

    @Test func mutationsReachEveryKindOfEdit() {
        let seed = Array(#"{"problem":"pitches","a":[1,2,3],"b":{"c":"x","d":true},"e":0.5}"#.utf8)
        var random = FuzzRandom(seed: 7)
        var sawExtreme = false, sawInvalidUTF8 = false, sawNotJSON = false
        for _ in 0..<2000 {
            let bytes = Mutator().mutate(seed, random: &random)
            let text = String(decoding: bytes, as: UTF8.self)
            if text.contains("9223372036854775808") || text.contains("1e-400") { sawExtreme = true }
            if String(validating: bytes, as: UTF8.self) == nil { sawInvalidUTF8 = true }
            if JSONValue.read(Data(bytes)) == nil { sawNotJSON = true }
        }
        #expect(sawExtreme && sawInvalidUTF8 && sawNotJSON)
    }

    @Test func theChecksCatchBrokenPromises() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("instances/pitches/late-change.json"))
        let good = try JSONFrontEnd.solve(data, options: InstanceOptions(method: .greedy), settings: RunSettings(reproducible: true))
        var failures: [String] = []
        #expect(FrontEndCheck.check(.success(good), data: data, valid: true, label: "good", into: &failures) == "feasible")
        #expect(failures.isEmpty, "\(failures)")
        // Two lines, a status the JSON does not say, a claim verify refuses, a failure of the front end.
        var twoLines = good
        twoLines.output = good.output.replacingOccurrences(of: ",", with: ",\n")
        var wrongStatus = good
        wrongStatus.status = .unknown
        var forged = good
        forged.output = good.output.replacingOccurrences(of: "\"status\":\"feasible\"", with: "\"status\":\"optimal\"")
        let broken: [(String, Result<FrontEndOutput, TouchlineError>)] = [
            ("two lines", .success(twoLines)), ("status", .success(wrongStatus)), ("forged", .success(forged)),
            ("internal", .failure(.verificationFailed(["a plan that breaks a rule"])))
        ]
        for (name, result) in broken {
            var found: [String] = []
            _ = FrontEndCheck.check(result, data: data, valid: true, label: name, into: &found)
            #expect(!found.isEmpty, "\(name) not caught")
        }
        // validate and solve disagreeing.
        var disagree: [String] = []
        _ = FrontEndCheck.check(.success(good), data: data, valid: false, label: "disagree", into: &disagree)
        #expect(!disagree.isEmpty)
    }

    @Test func aShortRunOverTheShippedInstancesHoldsEveryPromise() throws {
        let seeds = FuzzSeeds.load(instances: Self.root.appendingPathComponent("instances"))
        var configuration = FuzzRun.Configuration(
            output: FileManager.default.temporaryDirectory.appendingPathComponent("touchline-fuzz-\(UUID().uuidString)"))
        configuration.count = 300
        configuration.seed = 11
        let summary = FuzzRun(configuration: configuration, seeds: seeds).run { _ in }
        #expect(summary.inputs == 300)
        #expect(summary.failures == 0)
        #expect(summary.hangs == 0)
        #expect((summary.statuses["invalid"] ?? 0) > 0)
        #expect(summary.statuses.filter { $0.key != "invalid" && $0.key != "none" }.values.reduce(0, +) > 0)
    }
}

/// Every numeric field of the smallest shipped instances and of a few made for the purpose (an objective given as
/// levels of weights) set in turn to each extreme (Int64's ends, Double's ends, -0, a subnormal): validate,
/// solve with greedy and verify hold every promise (no crash, no trap, a clear error or a verified plan). CI's
/// fuzz step sweeps every seed up to 20 kB in a release build (`touchline-fuzz --sweep`).
@Suite struct ExtremeNumberSweepTests {
    static var seeds: [(String, Data)] {
        var result: [(String, Data)] = []
        let root = FuzzTests.root.appendingPathComponent("instances")
        for (name, bytes) in FuzzSeeds.load(instances: root, maximumBytes: 1_200, generated: false) { result.append((name, Data(bytes))) }
        for name in FuzzTests.regressionFiles where name.contains("objective") {
            if let data = try? Data(contentsOf: FuzzTests.regressions.appendingPathComponent(name)) { result.append((name, data)) }
        }
        return result
    }

    @Test func everyNumericFieldTakesEveryExtreme() throws {
        let seeds = Self.seeds
        #expect(seeds.count >= 3)
        var inputs = 0
        var failures: [String] = []
        for (name, data) in seeds {
            let tree = try #require(JSONValue.read(data), "\(name) is not JSON")
            for variant in tree.numberSweep() {
                inputs += 1
                let outcome = FrontEndCheck.run(variant.data)
                if !outcome.failures.isEmpty { failures.append("\(name): \(outcome.failures.prefix(2))") }
            }
        }
        print("extreme sweep: \(inputs) inputs from \(seeds.count) seeds, failures \(failures.count)")
        #expect(inputs > 100)
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
