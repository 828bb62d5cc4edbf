import Foundation
import Testing

/// The command line around a solve: --version, progress on standard error (standard output unchanged), and
/// what a user who types `touchline` alone on a terminal sees.
@Suite struct ProgressCLITests {
    @Test func versionNamesTheBackend() throws {
        let run = try Binary.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("touchline 0."))
        #expect(run.stdout.contains("GLPK") || run.stdout.contains("greedy-only"))
    }

    /// `--progress` writes level lines on standard error; standard output is byte for byte what it is without
    /// (on solves whose answer does not depend on timing: greedy, and a MILP proven at once).
    @Test(arguments: [["--method", "greedy", "instances/lineups/u10-turn-based.json"], ["instances/pitches/late-change.json"]])
    func progressGoesToStandardErrorOnly(_ arguments: [String]) throws {
        let plain = try Binary.run(["solve", "--reproducible"] + arguments)
        let shown = try Binary.run(["solve", "--reproducible", "--progress"] + arguments)
        #expect(shown.status == plain.status)
        #expect(shown.stdout == plain.stdout)
        #expect(shown.stderr.contains("greedy: plan"))
        #expect(!plain.stderr.contains("greedy: plan"), "no progress on a pipe without --progress")
    }

    #if GLPK
        /// The lineup engine's three levels, each started and finished on standard error; with both engines at
        /// once (the default), each line names its engine.
        @Test func lineupProgressNamesItsLevels() throws {
            let alone = try Binary.run(["solve", "--progress", "--no-race", "instances/lineups/u10-turn-based.json"])
            #expect(alone.status == 0)
            #expect(alone.stderr.contains("level 1/3 spread: solving"))
            #expect(alone.stderr.contains("spread: optimal"))
            #expect(alone.stderr.contains("offPreferredPosition: optimal"))
            let raced = try Binary.run(["solve", "--progress", "instances/lineups/u10-turn-based.json"])
            #expect(raced.status == 0)
            // Every level line names its engine. Which engines get to print depends on the machine's load: the
            // first proof closes the race, and on a busy machine one engine may prove every level before the
            // other has started its first.
            let levelLines = raced.stderr.split(separator: "\n").filter { $0.hasPrefix("level ") }
            #expect(!levelLines.isEmpty)
            #expect(levelLines.allSatisfy { $0.contains(" glpk: ") || $0.contains(" builtin: ") }, "\(levelLines)")
            #expect(raced.stderr.contains("level 1/3 glpk: spread: solving") || raced.stderr.contains("level 1/3 builtin: spread: solving"))
            #expect(raced.stderr.contains(": offPreferredPosition: optimal"))
        }
    #endif

    /// `touchline` alone on a terminal (a pseudo-terminal made by util-linux `script`): a usage note and
    /// exit 64 instead of waiting for input that will never come.
    @Test(.enabled(if: Binary.which("script") != nil || Binary.onCI, "needs util-linux's script for a terminal"))
    func aloneOnATerminalItSaysHowToUseIt() throws {
        let script = try #require(Binary.which("script"), "util-linux's script makes the terminal")
        let binary = try Binary.executable().path
        let run = try Binary.launch(script, ["-qec", "'\(binary)'", "/dev/null"], stdin: Data())
        #expect(run.stdout.contains("reads a JSON instance from standard input or a file"), "\(run.stdout)")
        #expect(run.stdout.contains("  touchline solve instances/lineups/u10-7v7.json"), "one example a line: \(run.stdout)")
        #expect(!run.stdout.contains("\\n"), "a line break printed as \\n: \(run.stdout)")
        #expect(run.status == 64)
    }

    #if GLPK
        static let reproducibleSquads = ["u10-turn-based-free", "u12-turn-based-late", "u10-turn-based", "u12-9v9"]
    #else
        // Without GLPK the built-in solver answers: these three it proves well inside their limits (Benchmarks/
        // LINEUPS.md), its branching deciding by counted simplex moves, never by the clock; a squad it leaves
        // unproven stops by the clock, which no flag makes the same twice.
        static let reproducibleSquads = ["u12-turn-based-late", "u10-turn-based", "u12-9v9"]
    #endif

    /// `--reproducible` gives the same bytes from two processes (each with its own hash seed: a set's order
    /// once decided which of equally good turn-based plans GLPK returned), and the plan is a proven one.
    @Test(arguments: reproducibleSquads)
    func reproducibleIsTheSameBytesAcrossProcesses(_ name: String) throws {
        let path = "instances/lineups/\(name).json"
        let first = try Binary.run(["solve", "--reproducible", path])
        let second = try Binary.run(["solve", "--reproducible", path])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout, "\(name): two runs printed different bytes")
    }
}
