import Foundation
import Testing

/// Runs the built binary on every shipped instance and compares status and objective with
/// `instances/pitches/expected.json`; every printed result must pass `touchline verify`.
@Suite struct SolveInstancesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var method: String
        var testDescription: String { "\(name) (\(method))" }
    }

    static var expected: [String: [String: [String: Any]]] {
        let url = Binary.root.appendingPathComponent("instances/pitches/expected.json")
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: [String: Any]]]
        else { return [:] }
        return object
    }

    /// The method each expectation is for: in a greedy-only build `auto` is greedy.
    static var cases: [Case] {
        var cases: [Case] = []
        for name in expected.keys.sorted() {
            for method in expected[name]!.keys.sorted() {
                #if !GLPK
                    if method == "milp" { continue }
                #endif
                cases.append(Case(name: name, method: method))
            }
        }
        return cases
    }

    @Test func expectationsCoverEveryShippedInstance() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Binary.root.appendingPathComponent("instances/pitches").path)
        let instances = Set(files.filter { $0.hasSuffix(".json") && $0 != "expected.json" }.map { String($0.dropLast(5)) })
        #expect(instances == Set(Self.expected.keys))
    }

    @Test(arguments: cases)
    func solvesAsExpectedAndVerifies(_ testCase: Case) throws {
        let path = "instances/pitches/\(testCase.name).json"
        let run = try Binary.run(["solve", "--reproducible", "--method", testCase.method, path])
        let expectation = try #require(Self.expected[testCase.name]?[testCase.method])
        #expect(run.status == Int32((expectation["exitCode"] as? Int) ?? -1))
        let json = try #require(run.json, "not JSON: \(run.stdout.prefix(200))")
        #expect(json["status"] as? String == expectation["status"] as? String)
        #expect(
            NSDictionary(dictionary: json["objective"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: expectation["objective"] as? [String: Any] ?? [:]))
        for key in ["problem", "status", "method", "objective", "bound", "gap", "stats", "solution", "warnings"] {
            #expect(json.keys.contains(key), "missing \(key)")
        }
        if json["solution"] is [String: Any] {
            let result = try Binary.temporaryFile(run.stdout, name: "result.json")
            let verify = try Binary.run(["verify", path, result])
            #expect(verify.status == 0, "\(verify.stdout)")
        }
    }

    @Test func sameInputSameOutputByteForByte() throws {
        let first = try Binary.run(["solve", "--reproducible", "instances/pitches/late-change.json"])
        let second = try Binary.run(["solve", "--reproducible", "instances/pitches/late-change.json"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
    }

    @Test func textFormatIsForPeople() throws {
        let run = try Binary.run(["solve", "--format", "text", "instances/pitches/late-change.json"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("2026-11-21"))
        #expect(run.stdout.contains("14:25"))
        #expect(run.stdout.contains("Pitch usage:"))
        #expect(run.json == nil)
    }

    @Test func jsonLinesKeepInputOrderAcrossJobs() throws {
        let late = try String(contentsOf: Binary.root.appendingPathComponent("instances/pitches/late-change.json"), encoding: .utf8)
        let clash = try String(contentsOf: Binary.root.appendingPathComponent("instances/pitches/pinned-clash.json"), encoding: .utf8)
        func oneLine(_ text: String) throws -> String {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        let input = [try oneLine(late), try oneLine(clash), "{\"problem\": 3}", try oneLine(late)].joined(separator: "\n")
        let run = try Binary.run(["solve", "--jsonl", "--jobs", "2", "--reproducible"], stdin: input)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        let statuses = lines.map { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["status"] as? String
        }
        #if GLPK
            #expect(statuses == ["optimal", "infeasible", "invalid", "optimal"])
        #else
            #expect(statuses == ["feasible", "infeasible", "invalid", "feasible"])
        #endif
        #expect(lines[0] == lines[3])
    }

    @Test func standardInputIsTheDefault() throws {
        let text = try String(contentsOf: Binary.root.appendingPathComponent("instances/pitches/late-change.json"), encoding: .utf8)
        let piped = try Binary.run(["--reproducible"], stdin: text)
        let dash = try Binary.run(["solve", "-", "--reproducible"], stdin: text)
        let file = try Binary.run(["solve", "--reproducible", "instances/pitches/late-change.json"])
        #expect(piped.status == 0)
        #expect(piped.stdout == file.stdout)
        #expect(dash.stdout == file.stdout)
    }
}

/// The lineup kind through the binary: a live re-plan solved, printed, and accepted by `touchline verify`;
/// the infeasible instance exits 2 and still prints a plan with its broken rules.
@Suite struct LineupCommandTests {
    @Test func liveReplanSolvesAndVerifies() throws {
        let path = "instances/lineups/u10-live-injury.json"
        let run = try Binary.run(["solve", "--reproducible", "--method", "greedy", path])
        #expect(run.status == 0)
        let json = try #require(run.json)
        #expect(json["problem"] as? String == "lineup")
        let solution = try #require(json["solution"] as? [String: Any])
        let minutes = try #require(solution["minutes"] as? [String: Int])
        #expect(minutes.count == 12, "every player, the injured one included")
        let result = try Binary.temporaryFile(run.stdout, name: "lineup-result.json")
        let verify = try Binary.run(["verify", path, result])
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func infeasibleStillGivesAPlan() throws {
        let run = try Binary.run(["solve", "--reproducible", "--method", "greedy", "instances/lineups/u10-infeasible.json"])
        #expect(run.status == 2)
        let json = try #require(run.json)
        #expect(json["status"] as? String == "infeasible")
        let broken = (json["solution"] as? [String: Any])?["brokenRules"] as? [String] ?? []
        #expect(broken.contains { $0.hasPrefix("minShare") })
        let result = try Binary.temporaryFile(run.stdout, name: "lineup-infeasible.json")
        let verify = try Binary.run(["verify", "instances/lineups/u10-infeasible.json", result])
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    /// A turn-based squad of 18 that no plan fills: the greedy queue simulation finds none, and the pattern
    /// model's proof of that takes longer than 0.2 s on these machines. Stopped first, the answer is status
    /// `unknown`, exit 3, a best-effort plan with its broken rules that `verify` accepts, and never `infeasible`
    /// without a proof; on a machine fast enough to finish the proof in 0.2 s, `infeasible`, exit 2, naming it.
    @Test func nothingFoundIsUnknownNotInfeasible() throws {
        let generated = try Binary.run(["generate", "lineup", "--size", "18", "--seed", "4"])
        var instance = try #require(generated.json)
        var rules = try #require(instance["rules"] as? [String: Any])
        rules["mode"] = "turnBased"
        instance["rules"] = rules
        let text = String(decoding: try JSONSerialization.data(withJSONObject: instance), as: UTF8.self)
        let path = try Binary.temporaryFile(text, name: "turn-based-18.json")
        let greedy = try Binary.run(["solve", "--method", "greedy", path])
        #expect(greedy.status == 3, "greedy: \(greedy.stderr)")
        let run = try Binary.run(["solve", "--time-limit", "0.2", path])
        let json = try #require(run.json)
        let status = try #require(json["status"] as? String)
        #expect(["unknown", "infeasible"].contains(status), "no plan exists, so none can be printed")
        #expect(run.status == (status == "unknown" ? 3 : 2))
        if status == "infeasible" {
            #expect((json["reason"] as? String)?.contains("proven") == true, "an infeasible answer names its proof")
        }
        if status == "unknown" {
            #expect((json["reason"] as? String)?.contains("nothing is proven") == true)
            let broken = (json["solution"] as? [String: Any])?["brokenRules"] as? [String] ?? []
            #expect(!broken.isEmpty)
        }
        let result = try Binary.temporaryFile(run.stdout, name: "turn-based-18-result.json")
        let verify = try Binary.run(["verify", path, result])
        #expect(verify.status == 0, "\(verify.stdout)")
    }
}

/// Every shipped `officials` and `matchday` instance (Field Game and the converted Udine benchmark), by greedy
/// and by the MILP with a short limit: the documented exit code, a plan that passes `touchline verify`, and
/// the MILP never covering fewer slots than greedy.
@Suite struct OfficialsInstancesTests {
    static var files: [String] {
        var files: [String] = []
        for folder in ["instances/officials", "instances/officials/udine", "instances/officials/udine-correct-travel", "instances/matchday"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Binary.root.appendingPathComponent(folder).path)) ?? []
            files += names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        }
        return files
    }

    @Test func instancesAreShipped() {
        #expect(Self.files.count == 26)
    }

    @Test(arguments: files)
    func solvesAndVerifies(_ path: String) throws {
        var covered: [String: Int] = [:]
        for method in ["greedy", "auto"] {
            let run = try Binary.run(["solve", "--reproducible", "--method", method, "--time-limit", "1", path])
            let json = try #require(run.json, "not JSON: \(run.stdout.prefix(200))")
            if path.hasSuffix("pinned-conflict.json") {
                #expect(run.status == 2)
                #expect((json["reason"] as? String)?.contains("attached to") == true)
                continue
            }
            #expect(run.status == 0, "\(run.stderr)")
            let objective = try #require(json["objective"] as? [String: Any])
            covered[method] = (objective["filled"] as? Int ?? 0) + (objective["placed"] as? Int ?? 0)
            let result = try Binary.temporaryFile(run.stdout, name: "result.json")
            let verify = try Binary.run(["verify", path, result])
            #expect(verify.status == 0, "\(verify.stdout)")
        }
        if let greedy = covered["greedy"], let auto = covered["auto"] { #expect(auto >= greedy) }
    }
}

/// Every shipped standings instance (real seasons and mid-season cuts) solved by greedy and auto from the command
/// line; every result passes `touchline verify`.
@Suite struct StandingsInstancesTests {
    static var files: [String] {
        var files: [String] = []
        for folder in ["instances/standings", "instances/standings/analysis"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Binary.root.appendingPathComponent(folder).path)) ?? []
            files += names.filter { $0.hasSuffix(".json") && $0 != "expected.json" }.sorted().map { "\(folder)/\($0)" }
        }
        return files
    }

    @Test func instancesAreShipped() {
        #expect(Self.files.count == 31)
    }

    @Test(arguments: files)
    func solvesAndVerifies(_ path: String) throws {
        for method in ["greedy", "auto"] {
            let run = try Binary.run(["solve", "--reproducible", "--method", method, path])
            #expect(run.status == 0, "\(run.stderr)")
            let json = try #require(run.json, "not JSON: \(run.stdout.prefix(200))")
            let solution = try #require(json["solution"] as? [String: Any])
            let table = try #require(solution["table"] as? [[String: Any]])
            #expect(table.count > 1)
            if path.contains("/analysis/") {
                let analysis = try #require(solution["analysis"] as? [[String: Any]])
                #expect(analysis.count == table.count)
                #if GLPK
                    if method == "auto" { #expect(json["status"] as? String == "optimal") }
                #endif
            }
            let result = try Binary.temporaryFile(run.stdout, name: "result.json")
            let verify = try Binary.run(["verify", path, result])
            #expect(verify.status == 0, "\(verify.stdout)")
        }
    }

    @Test func textSaysWhyInWords() throws {
        let run = try Binary.run(["solve", "--format", "text", "instances/standings/la-liga-2006-07.json"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("above Barcelona on head-to-head points (4 v 1)"))
        let analysis = try Binary.run(["solve", "--format", "text", "instances/standings/analysis/premier-league-2011-12-after-30.json"])
        #expect(analysis.stdout.contains("Best  Worst"))
    }
}
