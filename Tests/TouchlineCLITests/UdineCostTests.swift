import Foundation
import Testing

/// The converted Udine seasons score exactly as the benchmark does: for every instance, a plan's objective
/// `cost` equals the cost `scripts/udine-cost.py` computes from the original file (the benchmark's own rules,
/// written independently in Python), with no hard violation under the benchmark's rules; and the converter
/// writes the shipped instances byte for byte.
@Suite struct UdineCostTests {
    static let names = ["RA-1-8", "RA-1-10", "RA-2-16", "RA-2-20", "RA-3-24", "RA-3-30", "RA-4-32", "RA-4-40", "RA-5-40", "RA-5-50"]

    static func python(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = Binary.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: names)
    func objectiveEqualsTheBenchmarksOwnCost(_ name: String) throws {
        let path = "instances/officials/udine/\(name).json"
        let run = try Binary.run(["solve", "--method", "greedy", path])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(run.json)
        let levels = try #require((json["objective"] as? [String: Any])?["levels"] as? [[String: Any]])
        let cost = try #require(levels.first { $0["name"] as? String == "cost" }?["value"] as? Int)
        let result = try Binary.temporaryFile(run.stdout, name: "udine-\(name).json")
        let scored = try Self.python(["scripts/udine-cost.py", "instances/officials/udine/original/\(name).txt", result])
        #expect(scored.status == 0)
        let benchmark = try #require(try JSONSerialization.jsonObject(with: Data(scored.stdout.utf8)) as? [String: Any])
        #expect(benchmark["cost"] as? Int == cost)
        #expect(benchmark["hardViolations"] as? Int == 0)
    }

    @Test func converterWritesTheShippedInstances() throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("udine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: target) }
        for (options, folder) in [([String](), "udine"), (["--travel", "correct"], "udine-correct-travel")] {
            let converted = try Self.python(
                ["scripts/convert-udine.py"] + options + ["instances/officials/udine/original", target.appendingPathComponent(folder).path])
            #expect(converted.status == 0)
            for name in Self.names {
                let made = try Data(contentsOf: target.appendingPathComponent("\(folder)/\(name).json"))
                let shipped = try Data(contentsOf: Binary.root.appendingPathComponent("instances/officials/\(folder)/\(name).json"))
                #expect(made == shipped, "\(folder)/\(name).json differs from the converter's output")
            }
        }
    }
}
