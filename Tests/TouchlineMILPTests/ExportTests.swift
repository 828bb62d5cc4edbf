import Foundation
import Testing

@testable import TouchlineMILP

/// LP and MPS export: legal names, every row and bound kind, and glpsol reading the files back.
@Suite struct ExportTests {
    @Test func namesAreMadeLegalAndUnique() throws {
        var model = Model()
        model.addBinary("x[1,2]")
        model.addBinary("x(1,2)")
        model.addBinary("3rd player")
        model.addBinary("free")
        let text = try model.export(.lp)
        #expect(text.contains("x(1,2)"))
        #expect(text.contains("x(1,2)_2"))
        #expect(text.contains("_3rd_player"))
        #expect(text.contains("free_"))
    }

    @Test func lpHasEverySection() throws {
        let text = try Fixtures.mixed().export(.lp)
        for section in ["Minimize", "Subject To", "Bounds", "Generals", "Binaries", "End"] {
            #expect(text.contains(section + "\n") || text.contains(section + " "), "missing \(section)")
        }
        #expect(text.contains("range(1)_lo:"))
        #expect(text.contains("range(1)_hi:"))
        #expect(text.contains(" b free"))
        #expect(text.contains("objective_constant = 1"))
    }

    /// A model without columns or rows still gives files glpsol reads: the constant column, fixed by a row.
    @Test func emptyModelExports() throws {
        var model = Model(name: "empty")
        model.minimize(LinearExpression(), name: "nothing")
        let lp = try model.export(.lp)
        #expect(lp.contains("objective_constant_row: + objective_constant = 1"))
        let mps = try model.export(.mps)
        #expect(mps.contains("FX BND objective_constant 1"))
        if Self.glpsol != nil {
            #expect(try Self.glpsolObjective(lp, format: .lp) == 0)
            #expect(try Self.glpsolObjective(mps, format: .mps) == 0)
        }
    }

    static let glpsol: String? = {
        for directory in ["/usr/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: directory + "/glpsol") {
            return directory + "/glpsol"
        }
        return nil
    }()

    /// Runs glpsol on the text and returns the objective it prints.
    static func glpsolObjective(_ text: String, format: ModelFileFormat) throws -> Double {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("model.\(format.rawValue)")
        let output = directory.appendingPathComponent("solution.txt")
        try text.write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(glpsol))
        process.arguments = [format == .lp ? "--lp" : "--freemps", input.path, "-o", output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let report = try String(contentsOf: output, encoding: .utf8)
        let line = try #require(report.split(separator: "\n").first { $0.hasPrefix("Objective:") })
        // "Objective:  obj = 115 (MAXimum)"
        let afterEquals = try #require(line.split(separator: "=").last)
        let number = try #require(afterEquals.split(separator: " ").first)
        return try #require(Double(number))
    }

    #if GLPK
        @Test(
            .enabled(
                if: glpsol != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                "glpsol (Debian glpk-utils) is not installed"),
            arguments: [ModelFileFormat.lp, .mps])
        func glpsolReadsTheExportBackToTheSameOptimum(format: ModelFileFormat) throws {
            for model in [Fixtures.knapsack(), Fixtures.mixed(), Fixtures.marketSplit(rows: 2, items: 10).model] {
                let ours = GLPKSolver().solve(model)
                #expect(ours.stopReason == .optimal)
                let theirs = try Self.glpsolObjective(try model.export(format), format: format)
                // Free MPS writes a maximisation as the minimisation of the negated objective.
                let sign: Double = format == .mps && model.objectives[0].sense == .maximize ? -1 : 1
                #expect(abs(sign * theirs - ours.objectiveValues[0]) < 1e-6, "\(model.name) \(format)")
            }
        }
    #endif
}
