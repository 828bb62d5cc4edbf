import Foundation
import Testing

/// `touchline generate` and `touchline report` as a user runs them.
@Suite struct GenerateReportTests {
    @Test func generateWritesTheSameFileForTheSameSeedInSeparateRuns() throws {
        for kind in ["lineup", "pitches", "officials", "matchday", "standings"] {
            let first = try Binary.run(["generate", kind, "--size", "8", "--seed", "11"])
            let second = try Binary.run(["generate", kind, "--size", "8", "--seed", "11"])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout == second.stdout, "\(kind): dictionaries must not change order between processes")
            #expect(first.json?["problem"] as? String == kind)
            // What it writes is an instance the other commands take.
            let file = try Binary.temporaryFile(first.stdout)
            #expect(try Binary.run(["validate", file]).status == 0)
            let solved = try Binary.run(["solve", "--method", "greedy", file])
            #expect(solved.status == 0, "\(kind): \(solved.stdout)")
            #expect(try Binary.run(["verify", file, try Binary.temporaryFile(solved.stdout, name: "result.json")]).status == 0)
        }
    }

    /// `generate lineup --games N`: a tournament day the other commands take; `--games` out of range or on
    /// another kind is a usage error.
    @Test func generateWritesATournamentDay() throws {
        let day = try Binary.run(["generate", "lineup", "--size", "10", "--games", "3", "--seed", "4"])
        #expect(day.status == 0, "\(day.stderr)")
        #expect((day.json?["matches"] as? [Any])?.count == 3)
        #expect(day.json?["match"] == nil)
        let file = try Binary.temporaryFile(day.stdout, name: "day.json")
        #expect(try Binary.run(["validate", file]).status == 0)
        let solved = try Binary.run(["solve", "--method", "builtin", "--time-limit", "3", "--suggest-seconds", "0", file])
        #expect(solved.status == 0, "\(solved.stdout)")
        #expect(try Binary.run(["verify", file, try Binary.temporaryFile(solved.stdout, name: "day-result.json")]).status == 0)
        let tooMany = try Binary.run(["generate", "lineup", "--size", "10", "--games", "9"])
        #expect(tooMany.status == 64)
        #expect(tooMany.stderr.contains("--games: expected a whole number from 1 to 8"))
        let otherKind = try Binary.run(["generate", "officials", "--size", "10", "--games", "2"])
        #expect(otherKind.status == 64)
        #expect(otherKind.stderr.contains("only the lineup kind"))
    }

    @Test func generateRefusesBadKindsAndSizesWithUsageErrors() throws {
        let unknown = try Binary.run(["generate", "cricket", "--size", "8"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown problem kind \"cricket\""))
        #expect(unknown.stdout.isEmpty)
        let tooBig = try Binary.run(["generate", "standings", "--size", "400"])
        #expect(tooBig.status == 64)
        #expect(tooBig.stderr.contains("--size: expected 3 to 40"))
        let negative = try Binary.run(["generate", "lineup", "--size", "8", "--seed", "-1"])
        #expect(negative.status == 64)
        let directory = try Binary.temporaryFile("")
        let unwritable = try Binary.run(["generate", "lineup", "--size", "8", "-o", directory + "/missing/dir/x.json"])
        #expect(unwritable.status == 73)
    }

    /// The report on one shipped instance and the small series: Markdown, one chart per kind, and the raw
    /// measurements as JSON.
    @Test func reportWritesMarkdownChartsAndJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-report-cli-\(UUID().uuidString)")
        let instances = folder.appendingPathComponent("instances/officials")
        try FileManager.default.createDirectory(at: instances, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Binary.root.appendingPathComponent("instances/officials/late-change.json"),
            to: instances.appendingPathComponent("late-change.json"))
        let output = folder.appendingPathComponent("out/REPORT.md")
        let run = try Binary.run([
            "report", "--instances", folder.appendingPathComponent("instances").path, "--series", "small",
            "--time-limit", "5", "--external-time-limit", "10", "-o", output.path
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "progress goes to standard error")
        let markdown = try String(contentsOf: output, encoding: .utf8)
        #expect(markdown.contains("instances/officials/late-change.json"))
        for kind in ["lineup", "pitches", "officials", "matchday", "standings"] {
            let chart = output.deletingLastPathComponent().appendingPathComponent("charts/\(kind).svg")
            let svg = try String(contentsOf: chart, encoding: .utf8)
            #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
        }
        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: output.deletingLastPathComponent().appendingPathComponent("report.json"))) as? [String: Any]
        #expect((json?["instances"] as? [Any])?.count == 1)
        #expect((json?["series"] as? [Any])?.count == 10)
        // The Markdown and charts can be written again from the measurements alone, identically.
        let again = folder.appendingPathComponent("again/REPORT.md")
        let rerender = try Binary.run([
            "report", "--from", output.deletingLastPathComponent().appendingPathComponent("report.json").path,
            "-o", again.path
        ])
        #expect(rerender.status == 0, "\(rerender.stderr)")
        #expect(try String(contentsOf: again, encoding: .utf8) == markdown)
        let bad = try Binary.run(["report", "--instances", "/nonexistent", "-o", output.path])
        #expect(bad.status == 64)
    }
}

/// GLPK's proximity search has its own time limit (60 s by default); the backend must cap it at the solve's.
@Suite struct TimeLimitTests {
    @Test func proximitySearchStopsAtTheSolvesLimit() throws {
        let started = Date()
        let run = try Binary.run([
            "solve", "--tuning", "proxy=1", "--time-limit", "2", "instances/lineups/u12-9v9.json"
        ])
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 0)
        // Before the cap this took about a minute; 30 s leaves room for a loaded machine.
        #expect(seconds < 30, "took \(seconds) s for a 2 s limit")
    }
}
