import Foundation
import Testing

/// Careless and hostile use of the command: closed and full streams, `--jsonl` framing, forged claims
/// for `verify`, ids of any length and any characters. Every case ends with a message and a documented exit code.
@Suite struct HostileInputTests {
    static let lateChange = "instances/pitches/late-change.json"

    static func oneLine(_ path: String) throws -> String {
        let text = try Data(contentsOf: Binary.root.appendingPathComponent(path))
        let object = try JSONSerialization.jsonObject(with: text)
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    // MARK: Streams

    @Test func closedOrFullStandardOutputEndsWithExit74() throws {
        let closed = try Binary.shell("\"$0\" solve --method greedy \(Self.lateChange) >&-")
        #expect(closed.status == 74)
        #expect(closed.stderr.contains("cannot write standard output"))
        let full = try Binary.shell("\"$0\" solve --method greedy \(Self.lateChange) > /dev/full")
        #expect(full.status == 74)
        #expect(full.stderr.contains("cannot write standard output"))
        // A reader that goes away: the writer gets EPIPE (SIGPIPE is ignored), not a signal death.
        let broken = try Binary.shell("(\"$0\" generate standings --size 40 --seed 1; echo \"exit=$?\" >&2) | head -c 1 > /dev/null")
        #expect(broken.stderr.contains("exit=74"), "\(broken.stderr)")
        #expect(broken.stderr.contains("cannot write standard output"))
    }

    @Test func closedStandardInputAndErrorAreNotCrashes() throws {
        let noInput = try Binary.shell("\"$0\" solve <&-")
        #expect(noInput.status == 66)
        #expect(noInput.stderr.contains("standard input"))
        let noErrors = try Binary.shell("\"$0\" solve --method greedy \(Self.lateChange) 2>&-")
        #expect(noErrors.status == 0)
        #expect(noErrors.stdout.contains("\"status\""))
    }

    // MARK: --jsonl framing

    @Test func jsonLinesWithCRLFAndBlankLinesAnswerLineForLine() throws {
        let late = try Self.oneLine(Self.lateChange)
        let input = Data((late + "\r\n\r\n" + late + "\r\n").utf8)
        let run = try Binary.run(["solve", "--jsonl", "--method", "greedy", "--reproducible"], bytes: input)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3, "\(run.stdout)")
        let statuses = lines.map { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["status"] as? String
        }
        #expect(statuses == ["feasible", "invalid", "feasible"])
        #expect(lines[0] == lines[2])
        // A batch exits 0 when every line got its result (invalid lines included).
        #expect(run.status == 0)
    }

    @Test func oneBadLineNeverCostsTheOthers() throws {
        let late = try Self.oneLine(Self.lateChange)
        let overflow =
            #"{"problem":"lineup","match":{"periods":2,"periodMinutes":10,"substitutions":{"everyMinutes":9223372036854775807}},"players":[{"id":"a"}]}"#
        let standings = #"{"problem":"standings","teams":[{"id":"a"},{"id":"b"}],"adjustments":[{"team":"a","points":9223372036854775807}]}"#
        var input = Data((late + "\n" + overflow + "\n").utf8)
        input += Data([0x7B, 0x22, 0xFF, 0x22, 0x7D, 0x0A])  // {"\xFF"} : invalid UTF-8
        input += Data((standings + "\n" + "[1]\n" + late + "\n").utf8)
        let run = try Binary.run(["solve", "--jsonl", "--jobs", "2", "--method", "greedy", "--reproducible"], bytes: input)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 6, "\(run.stdout)")
        let results = lines.map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(results.map { $0?["status"] as? String } == ["feasible", "invalid", "invalid", "invalid", "invalid", "feasible"])
        func firstError(_ index: Int) -> String {
            let errors = results[index]?["errors"] as? [[String: Any]] ?? []
            return errors.map { "\($0["path"] as? String ?? ""): \($0["message"] as? String ?? "")" }.joined(separator: "; ")
        }
        #expect(firstError(1).contains("match.substitutions.everyMinutes: expected a whole number from 1 to 720"))
        #expect(firstError(2).contains("UTF-8"))
        #expect(firstError(3).contains("adjustments[0].points"))
        #expect(firstError(4).contains("expected a JSON object"))
    }

    // MARK: verify checks the claims

    func forged(_ path: String, method: String = "greedy", _ change: (inout [String: Any]) -> Void) throws -> Binary.Run {
        let solved = try Binary.run(["solve", "--method", method, "--reproducible", path])
        var result = try #require(solved.json)
        change(&result)
        let file = try Binary.temporaryFile(
            String(decoding: try JSONSerialization.data(withJSONObject: result), as: UTF8.self), name: "result.json")
        return try Binary.run(["verify", path, file])
    }

    @Test func verifyRefusesForgedClaims() throws {
        let path = "instances/officials/fieldgame-saturday.json"
        let honest = try forged(path) { _ in }
        #expect(honest.status == 0, "\(honest.stdout)")
        let relabelled = try forged(path) { result in
            result["status"] = "optimal"
            result["method"] = "milp"
            result["bound"] = 0
            result["gap"] = 0
        }
        #expect(relabelled.status == 1)
        #expect(relabelled.stdout.contains("status optimal: the claim is unsupported"))
        let greedyOptimal = try forged(path) { result in result["status"] = "optimal" }
        #expect(greedyOptimal.status == 1)
        #expect(greedyOptimal.stdout.contains("method greedy proves nothing"))
        let inventedMethod = try forged(path) { result in result["method"] = "oracle" }
        // Not a method Touchline reports: the result itself is not valid, named by its path.
        #expect(inventedMethod.status == 65)
        #expect(inventedMethod.stderr.contains("method"), "\(inventedMethod.stderr)")
        let infeasible = try forged(path) { result in result["status"] = "infeasible" }
        #expect(infeasible.status == 1)
        #expect(infeasible.stdout.contains("the plan keeps every rule"))
    }

    #if GLPK
        @Test func verifyChecksBoundsAndGapsOfTheMILP() throws {
            let path = "instances/lineups/u12-pre-marked.json"
            let honest = try forged(path, method: "milp") { _ in }
            #expect(honest.status == 0, "\(honest.stdout)")
            // Proven optimal: every level carries its proof; erase one and the claim is unsupported.
            let unproven = try forged(path, method: "milp") { result in
                guard var stats = result["stats"] as? [String: Any], var levels = stats["levels"] as? [[String: Any]], !levels.isEmpty else { return }
                levels[levels.count - 1]["termination"] = "feasible"
                stats["levels"] = levels
                result["stats"] = stats
            }
            #expect(unproven.status == 1)
            #expect(unproven.stdout.contains("carries no proof"))
            // A feasible claim whose bound lies above the plan of a minimised level, or whose gap does not follow.
            let wrongSide = try forged(path, method: "milp") { result in
                result["status"] = "feasible"
                result["bound"] = 1_000_000
                result["gap"] = 0.5
            }
            #expect(wrongSide.status == 1)
            #expect(wrongSide.stdout.contains("bound"))
        }

        @Test func aMemoryLimitTooSmallIsASentenceAndTheMethodIsTrue() throws {
            let run = try Binary.run(["solve", "Tests/TouchlineFuzzTests/Regressions/officials-memory-limit-1mb.json"])
            #expect(run.status == 0)
            #expect(run.json?["method"] as? String == "greedy")
            let warnings = run.json?["warnings"] as? [String] ?? []
            #expect(warnings.contains { $0.contains("options.memoryLimitMB allows (1 MB)") }, "\(warnings)")
            #expect(!warnings.contains { $0.contains("Error detected in file") || $0.contains("glp_alloc") })
        }

        /// The same promise where the MILP is many solves: the level search of a term (its LP relaxation fails
        /// first), the lineup pipeline and the league search (their inner solves fail; before, the first two
        /// answered "did not improve" or a milp plan with no word of the failure).
        @Test(arguments: [
            "instances/pitches/fieldgame-term.json", "instances/lineups/u14-11v11-22-every5.json",
            "instances/officials/udine/RA-1-8.json"
        ])
        func aMemoryLimitTooSmallInsideAPipelineIsASentence(path: String) throws {
            var instance = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            var options = instance["options"] as? [String: Any] ?? [:]
            options["memoryLimitMB"] = 1
            instance["options"] = options
            let text = String(decoding: try JSONSerialization.data(withJSONObject: instance), as: UTF8.self)
            let run = try Binary.run(["solve", "--time-limit", "5", "-"], stdin: text)
            #expect(run.status == 0)
            #expect(run.json?["method"] as? String == "greedy")
            let warnings = run.json?["warnings"] as? [String] ?? []
            #expect(warnings.contains { $0.contains("options.memoryLimitMB allows (1 MB)") }, "\(warnings)")
        }
    #endif

    // MARK: ids of any length and any characters

    static func pitchesWith(ids: (String, String)) throws -> String {
        let object: [String: Any] = [
            "problem": "pitches",
            "pitches": [["id": ids.0, "sizes": ["senior"], "group": ids.0], ["id": "b", "sizes": ["senior"]]],
            "matches": [
                ["id": ids.1, "start": "2026-11-21T14:25", "durationMinutes": 60, "size": "senior", "teams": [ids.1, "x"]],
                ["id": "m2", "start": "2026-11-21T14:25", "durationMinutes": 60, "size": "senior"]
            ]
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func longIdsSolveAndExport() throws {
        let long = String(repeating: "p", count: 300), longer = String(repeating: "m", count: 5000) + "é"
        let file = try Binary.temporaryFile(try Self.pitchesWith(ids: (long, longer)))
        let run = try Binary.run(["solve", "--reproducible", file])
        #expect(run.status == 0, "\(run.stderr)")
        #if GLPK
            #expect(run.json?["method"] as? String == "milp")
            let warnings = run.json?["warnings"] as? [String]
            #expect(warnings == [], "\(String(describing: warnings))")
        #endif
        let verified = try Binary.run(["verify", file, try Binary.temporaryFile(run.stdout, name: "result.json")])
        #expect(verified.status == 0, "\(verified.stdout)")
        for format in ["lp", "mps"] {
            let exported = try Binary.run(["export", "--format", format, file])
            #expect(exported.status == 0, "\(format): \(exported.stderr)")
            #expect(exported.stdout.split(separator: "\n").allSatisfy { $0.utf8.count < 1000 })
        }
    }

    @Test func controlCharactersInIdsForgeNoLine() throws {
        let forged = "South\nmatches[9].id: forged line"
        let file = try Binary.temporaryFile(try Self.pitchesWith(ids: (forged, "m\r\u{1B}[2J1")))
        let text = try Binary.run(["solve", "--format", "text", "--method", "greedy", file])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.split(separator: "\n").contains { $0.hasPrefix("matches[9].id: forged line") })
        #expect(text.stdout.contains("South\\nmatches[9].id: forged line"))
        #expect(!text.stdout.contains("\r") && !text.stdout.contains("\u{1B}"))
        // An invalid instance with such an id: validate's lines and standard error stay one line per problem.
        let bad = try Self.pitchesWith(ids: (forged, forged)).replacingOccurrences(of: "\"sizes\":[\"senior\"]", with: "\"sizes\":[]")
        let validate = try Binary.run(["validate", try Binary.temporaryFile(bad)])
        #expect(validate.status == 65)
        for line in (validate.stdout + validate.stderr).split(separator: "\n") {
            #expect(!line.hasPrefix("matches[9].id: forged line"))
        }
        // ics: TEXT values escape line breaks.
        let calendar = try Binary.run(["solve", "--format", "ics", "--method", "greedy", file])
        #expect(calendar.status == 0)
        #expect(!calendar.stdout.components(separatedBy: "\r\n").contains { $0.hasPrefix("matches[9]") })
    }
}
