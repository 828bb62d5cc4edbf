import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// A library takes its settings from its caller: no environment is read by Touchline or TouchlineMILP, tracing
/// goes where `RunSettings.trace` says, and the lineup formulation is an option.
@Suite struct CallerSettingsTests {
    static let root = Repository.root

    @Test func theLibrariesReadNoEnvironment() throws {
        for target in ["Sources/Touchline", "Sources/TouchlineMILP"] {
            let folder = Self.root.appendingPathComponent(target)
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            #expect(files.count > 10)
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                #expect(!text.contains("processInfo.environment") && !text.contains("getenv("), "\(target)/\(file) reads the environment")
            }
        }
    }

    static func quickStart() throws -> LineupInstance {
        try LineupKind.decodeInstance(Data(contentsOf: root.appendingPathComponent("instances/lineups/quick-start.json")))
    }

    /// Loading an instance checks it as `validate` does: a lock on a player the squad does not have is named.
    @Test func decodeInstanceNamesEveryProblem() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("instances/lineups/quick-start.json"), encoding: .utf8)
            .replacingOccurrences(
                of: "\"rules\":", with: "\"locks\": [{\"player\": \"zed\", \"from\": 0, \"to\": 10, \"onField\": true}], \"rules\":")
        do {
            _ = try LineupKind.decodeInstance(Data(text.utf8))
            Issue.record("an unknown player in a lock was accepted")
        } catch {
            #expect(error.issues.map(\.path) == ["locks[0].player"], "\(error.issues)")
        }
        #expect(
            (try? LineupKind.decodeInstance(Data(contentsOf: Self.root.appendingPathComponent("instances/lineups/quick-start.json")))) != nil)
    }

    #if GLPK
        @Test func traceLinesGoToTheCallersSink() throws {
            let lines = TraceLines()
            let report = try Engine.solve(try Self.quickStart(), kind: LineupKind.self, settings: lines.settings)
            #expect(report.status == .optimal)
            #expect(lines.all.contains { $0.contains("spread") }, "\(lines.all)")
            // Without a sink nothing is traced (and nothing is written anywhere).
            let quiet = try Engine.solve(try Self.quickStart(), kind: LineupKind.self)
            #expect(quiet.objective == report.objective)
        }

        /// `options.formulation: "compact"` solves the compact model: the same proven optimum, another program.
        @Test func theCompactFormulationIsAnOption() throws {
            var instance = try Self.quickStart()
            let patterns = try Engine.solve(instance, kind: LineupKind.self)
            instance.options = InstanceOptions(formulation: .compact)
            let compact = try Engine.solve(instance, kind: LineupKind.self)
            #expect(patterns.status == .optimal && compact.status == .optimal)
            #expect(compact.objective == patterns.objective)
            #expect(compact.stats.variables != patterns.stats.variables)
        }
    #endif
}
