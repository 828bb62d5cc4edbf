import Foundation
import Testing

#if GLPK
    /// `touchline export` writes files that glpsol reads back to the optimum `touchline solve` proves.
    @Suite struct ExportGlpsolTests {
        static let glpsol = ["/usr/bin/glpsol", "/usr/local/bin/glpsol"].first { FileManager.default.isExecutableFile(atPath: $0) }

        @Test(
            .enabled(
                if: glpsol != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                "glpsol (Debian glpk-utils) is not installed"),
            arguments: [("lp", "--lp"), ("mps", "--freemps")])
        func glpsolReadsTheExportedModel(format: String, flag: String) throws {
            let instance = "instances/pitches/fieldgame-closed-pitches.json"
            let solved = try Binary.run(["solve", instance])
            let placed = try #require((solved.json?["objective"] as? [String: Any])?["placed"] as? Int)
            let model = try Binary.temporaryFile("", name: "model.\(format)")
            let export = try Binary.run(["export", "--format", format, "-o", model, instance])
            #expect(export.status == 0)
            let report = model + ".out"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Self.glpsol))
            process.arguments = [flag, model, "-o", report]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let text = try String(contentsOfFile: report, encoding: .utf8)
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Objective:") })
            let number = line.split(separator: "=").last?.split(separator: " ").first.map(String.init) ?? ""
            let value = try #require(Double(number))
            // Level 0 maximises `placed`; free MPS writes a maximisation as the minimisation of its negation.
            #expect(abs(value) == Double(placed))
        }

        /// A season tour's compact model (level 1, km, with every slot filled held) read by glpsol: the optimum the
        /// branch and bound proves (umps6: 14,077 km, the published optimum).
        @Test(.enabled(if: glpsol != nil || ProcessInfo.processInfo.environment["CI"] != nil, "glpsol (Debian glpk-utils) is not installed"))
        func glpsolSolvesTheSeasonTourModel() throws {
            let instance = "instances/officials/tup/umps6.json"
            let solved = try Binary.run(["solve", instance])
            let km = try #require((solved.json?["objective"] as? [String: Any])?["tourKm"] as? Int)
            #expect(km == 14077)
            let model = try Binary.temporaryFile("", name: "tour.lp")
            #expect(try Binary.run(["export", "--format", "lp", "--level", "1", "--hold", "\(6 * 10 / 2)", "-o", model, instance]).status == 0)
            let report = model + ".out"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Self.glpsol))
            process.arguments = ["--lp", model, "-o", report]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let text = try String(contentsOfFile: report, encoding: .utf8)
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Objective:") })
            let number = line.split(separator: "=").last?.split(separator: " ").first.map(String.init) ?? ""
            #expect(Double(number) == Double(km))
        }
    }
#endif

/// `touchline export` writes the same bytes from two processes, each with its own hash seed (a set or dictionary
/// walked in hash order would give rows or columns in another order), for a model of every kind.
@Suite struct ExportDeterminismTests {
    @Test(arguments: [
        "instances/lineups/u12-pre-marked.json", "instances/pitches/fieldgame-saturday.json",
        "instances/officials/fieldgame-saturday.json", "instances/matchday/fieldgame-saturday.json",
        "instances/officials/tup/umps8.json"
    ])
    func exportIsTheSameBytesAcrossProcesses(_ path: String) throws {
        let first = try Binary.run(["export", "--format", "mps", path])
        let second = try Binary.run(["export", "--format", "mps", path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.count > 1000, "a whole model")
        #expect(first.stdout == second.stdout, "\(path): two processes exported different bytes")
    }
}
