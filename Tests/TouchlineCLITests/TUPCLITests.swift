import Foundation
import Testing

/// The Traveling Umpire Problem from the command line: `scripts/convert-tup.py` writes the shipped instances
/// byte for byte, and a solved instance's plan passes `touchline verify` and the benchmark's own checker.
@Suite struct TUPCLITests {
    static var names: [String] {
        let folder = Binary.root.appendingPathComponent("instances/officials/tup/original").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test func converterWritesTheShippedInstances() throws {
        #expect(Self.names.count == 30)
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("tup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: target) }
        for name in Self.names {
            let out = target.appendingPathComponent("\(name).json")
            let converted = try UdineCostTests.python(["scripts/convert-tup.py", "instances/officials/tup/original/\(name).txt", "--out", out.path])
            #expect(converted.status == 0)
            let shipped = try Data(contentsOf: Binary.root.appendingPathComponent("instances/officials/tup/\(name).json"))
            #expect(try Data(contentsOf: out) == shipped, "\(name).json differs from the converter's output")
        }
    }

    @Test func solvedPlanPassesBothCheckers() throws {
        let path = "instances/officials/tup/umps8.json"
        let run = try Binary.run(["solve", "--reproducible", path])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(run.json)
        #expect(json["status"] as? String == "optimal")
        #expect(json["method"] as? String == "branchAndBound")
        #expect((json["objective"] as? [String: Any])?["tourKm"] as? Int == 34311)
        let result = try Binary.temporaryFile(run.stdout, name: "umps8-result.json")
        #expect(try Binary.run(["verify", path, result]).status == 0)
        let scored = try UdineCostTests.python(["scripts/tup-cost.py", "instances/officials/tup/original/umps8.txt", result])
        #expect(scored.status == 0)
        let benchmark = try #require(try JSONSerialization.jsonObject(with: Data(scored.stdout.utf8)) as? [String: Any])
        #expect(benchmark["cost"] as? Int == 34311)
        #expect(benchmark["feasible"] as? Bool == true)
    }
}
