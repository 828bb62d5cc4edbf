import Foundation
import Testing

/// `touchline split`, `solve --jsonl` and `touchline merge` as a batch system runs them.
@Suite struct SplitMergeCLITests {
    /// The shipped officials term split by day, each part solved, merged: one verified plan of the whole.
    @Test func splitSolveMergeOfTheShippedTerm() throws {
        let instance = "instances/officials/fieldgame-term.json"
        let split = try Binary.run(["split", "--by", "day", instance])
        #expect(split.status == 0, "\(split.stderr)")
        let lines = split.stdout.split(separator: "\n")
        #expect(lines.count == 42, "one part per match day of the term")
        let solved = try Binary.run(["solve", "--jsonl", "--jobs", "2", "--time-limit", "2", "--reproducible"], stdin: split.stdout)
        #expect(solved.status == 0, "\(solved.stderr)")
        #expect(solved.stdout.split(separator: "\n").count == 42)
        // In any order: a batch system returns results as they finish.
        let shuffled = solved.stdout.split(separator: "\n").reversed().joined(separator: "\n") + "\n"
        let resultsFile = try Binary.temporaryFile(shuffled, name: "results.jsonl")
        let merged = try Binary.run(["merge", instance, resultsFile])
        #expect(merged.status == 0, "\(merged.stderr)")
        let json = try #require(merged.json)
        #expect(json["problem"] as? String == "officials")
        let summary = try #require(json["split"] as? [String: Any])
        #expect(summary["parts"] as? Int == 42)
        #expect(summary["by"] as? String == "day")
        let objective = try #require(json["objective"] as? [String: Any])
        // With GLPK every day's part fills all its slots (427 in all, as one solve of the whole does); greedy
        // alone (a build without GLPK) may leave one or two open within the day budgets.
        let withGLPK = try Binary.run(["kinds"]).stdout.contains("GLPK")
        let filled = try #require(objective["filled"] as? Int)
        #expect(withGLPK ? filled == 427 : filled >= 420, "filled \(filled)")
        let mergedFile = try Binary.temporaryFile(merged.stdout, name: "merged.json")
        let verify = try Binary.run(["verify", instance, mergedFile])
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func mergeOfAnIncompleteSetExits65AndNamesWhatIsMissing() throws {
        let instance = "instances/pitches/fieldgame-term.json"
        let split = try Binary.run(["split", "--by", "day", instance])
        let solved = try Binary.run(["solve", "--jsonl", "--method", "greedy"], stdin: split.stdout)
        let some = solved.stdout.split(separator: "\n").dropFirst().joined(separator: "\n")
        let merged = try Binary.run(["merge", instance, try Binary.temporaryFile(some, name: "results.jsonl")])
        #expect(merged.status == 65)
        #expect(merged.stdout.isEmpty)
        #expect(merged.stderr.contains("results: no result for day-1 of 42 parts"), "\(merged.stderr)")
    }

    /// `solve --decompose always --jobs 2`: a generated season of three regions solved region by region on two
    /// threads, assembled with the `split` summary, verified against the whole, and (with GLPK) the same
    /// objective as one model (`--decompose never`); a greedy-only build solves it whole.
    @Test func solveDecomposesIndependentRegionsInProcess() throws {
        let generated = try Binary.run(["generate", "officials", "--size", "60", "--regions", "3", "--seed", "2"])
        #expect(generated.status == 0, "\(generated.stderr)")
        let instance = try Binary.temporaryFile(generated.stdout, name: "regions.json")
        let parts = try Binary.run(["solve", "--decompose", "always", "--jobs", "2", "--time-limit", "5", instance])
        #expect(parts.status == 0, "\(parts.stderr)")
        let json = try #require(parts.json)
        let withGLPK = try Binary.run(["kinds"]).stdout.contains("GLPK")
        let summary = json["split"] as? [String: Any]
        if withGLPK {
            #expect(summary?["by"] as? String == "component")
            #expect(summary?["parts"] as? Int == 3)
            let whole = try #require(try Binary.run(["solve", "--decompose", "never", "--time-limit", "5", instance]).json)
            #expect(whole["split"] == nil)
            if whole["status"] as? String == "optimal" && json["status"] as? String == "optimal" {
                #expect(
                    NSDictionary(dictionary: try #require(json["objective"] as? [String: Any]))
                        == NSDictionary(dictionary: try #require(whole["objective"] as? [String: Any])))
            }
        } else {
            #expect(summary == nil)
        }
        let verify = try Binary.run(["verify", instance, try Binary.temporaryFile(parts.stdout, name: "parts.json")])
        #expect(verify.status == 0, "\(verify.stdout)")
        let bad = try Binary.run(["solve", "--decompose", "sometimes", instance])
        #expect(bad.status == 64)
    }

    @Test func splittingALineupIsAUsageError() throws {
        let run = try Binary.run(["split", "--by", "component", "instances/lineups/u10-7v7.json"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("lineup instances are not split"), "\(run.stderr)")
        let bad = try Binary.run(["split", "--by", "week", "instances/pitches/fieldgame-term.json"])
        #expect(bad.status == 64)
        // The shipped term has no regions: split by region says what to add.
        let noRegions = try Binary.run(["split", "--by", "region", "instances/pitches/fieldgame-term.json"])
        #expect(noRegions.status == 64)
        #expect(noRegions.stderr.contains("no match has a region"), "\(noRegions.stderr)")
    }
}
