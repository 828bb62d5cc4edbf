import ArgumentParser
import Foundation
import Touchline
import TouchlineMILP

struct SolveFlags: ParsableArguments {
    @Option(help: "Override options.method: auto, milp, greedy or builtin (lineups: Touchline's own simplex and branch and bound, no GLPK).")
    var method: InstanceOptions.Method?

    @Option(name: .customLong("time-limit"), help: "Override options.timeLimitSeconds (seconds).")
    var timeLimit: Double?

    @Option(name: .customLong("mip-gap"), help: "Override options.mipGap (relative gap, 0 to 1).")
    var mipGap: Double?

    @Flag(help: "Forward GLPK's log to standard error (standard output stays JSON).")
    var verbose = false

    @Flag(help: "Report 0 seconds and 0 nodes, so that the same input gives the same output byte for byte.")
    var reproducible = false

    @Flag(
        name: .customLong("no-race"),
        help:
            "Lineups under method auto: solve with GLPK alone instead of GLPK and the built-in solver at once (on two cores or more, the first proof answers)."
    )
    var noRace = false

    @Option(
        help: ArgumentHelp(
            "Branch-and-bound settings instead of the kind's own, e.g. fpump=1,cuts=0,branch=pcost,backtrack=blb,proxy=0 (branch: dth, pcost, mfv; backtrack: blb, dfs, bfs, bph; 'glpk' for GLPK's defaults).",
            valueName: "settings"))
    var tuning: String?

    @Flag(help: "Fields the schema does not know are errors (exit 65) instead of warnings; options.strict in the instance.")
    var strict = false

    @Flag(
        help:
            "An unknown field that is a near miss of a known one (arrives for arrivesAt) is a warning, not an error (exit 65); options.lenient in the instance."
    )
    var lenient = false

    @Option(
        name: .customLong("suggest-seconds"),
        help:
            "Override options.suggestSeconds: for a lineup proven infeasible, the seconds to search for a change of one rule value that makes a plan exist (0: none; default 5)."
    )
    var suggestSeconds: Double?

    var overrides: InstanceOptions {
        InstanceOptions(
            method: method, timeLimitSeconds: timeLimit, mipGap: mipGap, strict: strict ? true : nil, lenient: lenient ? true : nil,
            suggestSeconds: suggestSeconds)
    }
    @Flag(
        help:
            "Show the solve's progress on standard error (one line per level: incumbent, bound, gap, time); on by default when standard error is a terminal. Standard output is unchanged."
    )
    var progress = false

    @Flag(name: .customLong("no-progress"), help: "No progress lines, even on a terminal.")
    var noProgress = false

    @Flag(
        help:
            "Write the engine's diagnostic lines (the lineup engine's windows, the level search's rounds) to standard error; also TOUCHLINE_TRACE=1 in the environment."
    )
    var trace = false

    var settings: RunSettings {
        let tracing = trace || ProcessInfo.processInfo.environment["TOUCHLINE_TRACE"] != nil
        var settings = RunSettings(verbose: verbose, tuning: parsedTuning, reproducible: reproducible)
        settings.race = !noRace
        if tracing {
            settings.trace = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        return settings
    }

    var parsedTuning: SolverTuning? { tuning.flatMap { try? SolverTuning(parsing: $0) } }

    func validate() throws {
        if let tuning { _ = try SolverTuning(parsing: tuning) }
    }
}

extension SolverTuning {
    /// Parses `key=value,...` (see `solve --help`).
    init(parsing text: String) throws {
        if text == "glpk" {
            self = .glpkDefaults
            return
        }
        self.init()
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--tuning: expected key=value, got \"\(item)\"") }
            let flag = parts[1] == "1" || parts[1] == "on" || parts[1] == "true"
            switch parts[0] {
            case "fpump": feasibilityPump = flag
            case "cuts": cuts = flag
            case "proxy": proximitySearch = flag
            case "branch":
                switch parts[1] {
                case "dth": branching = .driebeckTomlin
                case "pcost": branching = .pseudocost
                case "mfv": branching = .mostFractional
                default: throw ValidationError("--tuning branch: expected dth, pcost or mfv")
                }
            case "backtrack":
                switch parts[1] {
                case "blb": backtracking = .bestLocalBound
                case "dfs": backtracking = .depthFirst
                case "bfs": backtracking = .breadthFirst
                case "bph": backtracking = .bestProjection
                default: throw ValidationError("--tuning backtrack: expected blb, dfs, bfs or bph")
                }
            default: throw ValidationError("--tuning: unknown setting \"\(parts[0])\"")
            }
        }
    }
}

extension InstanceOptions.Method: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve an instance and print the result (standard input when FILE is absent or -).")

    @Argument(help: "The instance (JSON); - or nothing for standard input.")
    var file: String?

    @OptionGroup var flags: SolveFlags

    @Flag(help: "Indent the JSON.")
    var pretty = false

    @Option(
        help:
            "json (default), text (a plan a person reads), html (a printable page), csv (one row per match: officials, pitches, matchday) or ics (an iCalendar file of the matches: officials, pitches, matchday)."
    )
    var format: OutputFormat = .json

    @Option(
        name: .customLong("calendar-for"),
        help: ArgumentHelp(
            "With --format ics: only the matches of this official or team (by id).", valueName: "id"))
    var calendarFor: String?

    @Option(
        name: .customLong("time-zone"),
        help: ArgumentHelp(
            "With --format ics: the fixtures' time zone (Europe/London: TZID times and a VTIMEZONE; UTC: UTC times). Without it times float.",
            valueName: "zone"))
    var timeZone: String?

    @Flag(help: "Read one instance per line and write one result per line.")
    var jsonl = false

    @Option(
        help:
            "Threads: with --jsonl, how many instances to solve at once; otherwise, for the independent components of a season (officials, pitches, matchday) solved part by part."
    )
    var jobs: Int = 1

    @Option(
        help: ArgumentHelp(
            "When to solve independent components apart: auto (seasons of 500 matches or more), always, never.",
            valueName: "when"))
    var decompose: RunSettings.Decomposition = .auto

    func validate() throws {
        guard jobs >= 1 && jobs <= 64 else { throw ValidationError("--jobs: expected a whole number from 1 to 64") }
        if jsonl && format != .json { throw ValidationError("--jsonl writes JSON lines; drop --format \(format.rawValue)") }
        if calendarFor != nil && format != .ics { throw ValidationError("--calendar-for needs --format ics") }
        if timeZone != nil && format != .ics { throw ValidationError("--time-zone needs --format ics") }
        if format != .json && format != .text && pretty { throw ValidationError("--pretty indents JSON; drop it with --format \(format.rawValue)") }
        if jsonl && pretty { throw ValidationError("--jsonl writes one result per line; drop --pretty") }
    }

    func run() throws {
        if (file == nil || file == "-") && isatty(0) == 1 {
            // Nothing piped in and nobody typing JSON by hand: say how to use it instead of waiting. Written raw (a
            // fixed text of several lines), not through IO.error, which prints a line break as `\n`.
            IO.errorText(
                """
                touchline: touchline reads a JSON instance from standard input or a file, e.g.
                  touchline solve instances/lineups/u10-7v7.json
                  touchline < instance.json
                  touchline generate lineup --size 12 | touchline --format text
                touchline --help for every command; touchline schema KIND for the JSON of a kind.

                """)
            throw ArgumentParser.ExitCode(ExitStatus.usage.rawValue)
        }
        let data = try IO.read(file)
        if jsonl {
            try runLines(data)
            return
        }
        var settings = flags.settings
        settings.jobs = jobs
        settings.decomposition = decompose
        let showProgress = !flags.noProgress && (flags.progress || isatty(2) == 1)
        if showProgress {
            let display = ProgressDisplay(terminal: isatty(2) == 1, limit: flags.overrides.timeLimitSeconds)
            // Watching only: the solve runs exactly as without the display, so standard output is the same.
            settings.control = SolveControl(cancellable: false) { event in display.show(event) }
        }
        let result: FrontEndOutput
        do {
            result = try JSONFrontEnd.solve(
                data, options: flags.overrides, settings: settings, format: format, pretty: pretty,
                calendarFor: calendarFor, timeZone: timeZone)
        } catch {
            settings.control.map { _ in ProgressDisplay.finish(terminal: isatty(2) == 1) }
            try ExitStatus.fail(error)
        }
        settings.control.map { _ in ProgressDisplay.finish(terminal: isatty(2) == 1) }
        IO.write(result.output)
        for line in result.diagnostics { IO.error(line) }
        try IO.exit(ExitStatus(result.status))
    }

    /// One result per input line, in input order, solved on up to `jobs` threads (GLPK state is per thread).
    /// Lines end at LF; a CR before it is dropped (Windows files). A final line without LF counts; an empty
    /// or blank line answers with its own `invalid` result, so that result N always answers input line N.
    /// Each line is read like a single file (same UTF-8 rule); one bad line never costs the others.
    private func runLines(_ data: Data) throws {
        var split = data.split(separator: 10, omittingEmptySubsequences: false).map { line -> Data in
            line.last == 13 ? Data(line.dropLast()) : Data(line)
        }
        if data.last == 10 { split.removeLast() }
        let lines = split
        let results = ResultSlots<Result<FrontEndOutput, TouchlineError>>(count: lines.count)
        let overrides = flags.overrides
        var lineSettings = flags.settings
        lineSettings.decomposition = decompose
        let settings = lineSettings
        let workers = min(jobs, max(1, lines.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: lines.count, by: workers) {
                let line = lines[index]
                if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) {
                    results.set(index, .success(JSONFrontEnd.invalidLine("the line is empty; expected one JSON instance per line")))
                } else {
                    results.set(
                        index,
                        Result { () throws(TouchlineError) in
                            try JSONFrontEnd.solve(line, options: overrides, settings: settings)
                        })
                }
            }
        }
        var worst = ExitStatus.success
        for (index, result) in results.all().enumerated() {
            switch result {
            case nil:
                continue
            case let .success(output)?:
                IO.write(output.output)
                for line in output.diagnostics { IO.error("line \(index + 1): \(line)") }
            case let .failure(error)?:
                // An error prints nothing on stdout in single mode; keep one line per input here.
                let lines = ExitStatus.messages(error)
                IO.write(JSONFrontEnd.invalidLine("line \(index + 1): \(lines.first ?? "internal error")").output)
                for line in lines { IO.error("line \(index + 1): \(line)") }
                let status = ExitStatus(error)
                if status == .internalError || status == .unavailable { worst = status }
            }
        }
        try IO.exit(worst)
    }
}

/// The progress lines of `solve` on standard error: on a terminal one line per level, rewritten in place as
/// the incumbent, bound and gap move; elsewhere (`--progress` into a file) a line when a level starts or ends.
final class ProgressDisplay: @unchecked Sendable {
    let terminal: Bool
    let limit: Double?
    private let lock = NSLock()
    private var level = ""
    private var lastLine = 0.0

    init(terminal: Bool, limit: Double?) {
        self.terminal = terminal
        self.limit = limit
    }

    static func number(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.3g", value)
    }

    func show(_ event: SolveEvent) {
        lock.lock()
        defer { lock.unlock() }
        let clock = { (seconds: Double) in
            String(format: "%.1f", seconds) + (self.limit.map { String(format: " / %.0f s", $0) } ?? " s")
        }
        switch event {
        case let .heuristic(objective, seconds):
            write("greedy: " + (objective.map { "plan, primary objective \(Self.number($0))" } ?? "no plan") + ", \(clock(seconds))", final: true)
        case let .levelStarted(name, index, count):
            level = name
            write("level \(index + 1)/\(count) \(name): solving", final: false)
        case let .progress(name, incumbent, bound, gap, nodes, seconds):
            guard terminal || seconds - lastLine >= 1 else { return }
            lastLine = seconds
            let gapText = gap.map { String(format: "%.1f %%", $0 * 100) } ?? "–"
            write(
                "\(name): incumbent \(Self.number(incumbent)), bound \(Self.number(bound)), gap \(gapText), \(nodes) nodes, \(clock(seconds))",
                final: false)
        case let .levelFinished(name, termination, objective, bound, gap, seconds):
            let gapText = gap.map { String(format: "%.1f %%", $0 * 100) } ?? "–"
            write(
                "\(name): \(termination.rawValue), \(Self.number(objective)) (bound \(Self.number(bound)), gap \(gapText)), level took \(String(format: "%.1f s", seconds))",
                final: true)
        }
    }

    private func write(_ text: String, final: Bool) {
        if terminal {
            // Rewrite the current line; a finished level keeps its line.
            IO.errorText("\r\u{1B}[K" + text.printable + (final ? "\n" : ""))
        } else if final || text.hasSuffix("solving") || text.contains("incumbent") {
            IO.errorText(text.printable + "\n")
        }
    }

    /// Ends an open line on a terminal.
    static func finish(terminal: Bool) {
        if terminal { IO.errorText("\r\u{1B}[K") }
    }
}

extension RunSettings.Decomposition: ExpressibleByArgument {}
