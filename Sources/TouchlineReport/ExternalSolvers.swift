import Foundation

/// One solver's run on one exported model.
package struct SolverRun: Sendable, Codable, Equatable {
    /// `touchline`, `glpsol`, `cbc` or `highs`.
    package var solver: String
    /// `optimal`, `time limit` (with the best objective found, if any), `infeasible`, `error` or `not installed`.
    package var status: String
    package var objective: Double?
    /// Wall-clock seconds: the whole process for glpsol and CBC, read and solve for HiGHS (its Python start-up
    /// excluded), greedy warm start, model building and solve for Touchline.
    package var seconds: Double
    package var message: String?

    package init(solver: String, status: String, objective: Double? = nil, seconds: Double = 0, message: String? = nil) {
        self.solver = solver
        self.status = status
        self.objective = objective
        self.seconds = seconds
        self.message = message
    }

    package var isOptimal: Bool { status == "optimal" }
}

/// The solvers other than Touchline's in-process GLPK that read exported models: glpsol and CBC as programs
/// on the PATH, HiGHS through a Python that has `highspy`.
package struct ExternalSolvers: Sendable {
    /// Executable paths, nil when not installed.
    package var glpsol: String?
    package var cbc: String?
    /// A Python interpreter that can `import highspy`, and the script that runs HiGHS on a model file.
    package var python: String?
    package var highsScript: String?

    package init(glpsol: String? = nil, cbc: String? = nil, python: String? = nil, highsScript: String? = nil) {
        self.glpsol = glpsol
        self.cbc = cbc
        self.python = python
        self.highsScript = highsScript
    }

    /// Finds glpsol and cbc on the PATH, and `python` (when given) with `highspy`.
    package static func detect(python: String?, highsScript: String?) -> ExternalSolvers {
        var found = ExternalSolvers(glpsol: which("glpsol"), cbc: which("cbc"))
        if let python, let highsScript, FileManager.default.fileExists(atPath: highsScript),
            let check = try? Command.run(python, ["-c", "import highspy"], timeout: 60), check.status == 0
        {
            found.python = python
            found.highsScript = highsScript
        }
        return found
    }

    static func which(_ program: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The versions, for the report's machine section.
    package func versions() -> [String: String] {
        var result: [String: String] = [:]
        if let glpsol, let output = try? Command.run(glpsol, ["--version"], timeout: 30) {
            result["glpsol"] = output.stdout.split(separator: "\n").first.map(String.init)
        }
        if let cbc, let output = try? Command.run(cbc, ["-quit"], timeout: 30) {
            result["cbc"] = output.stdout.split(separator: "\n").first { $0.hasPrefix("Version") }.map {
                "CBC " + $0.replacingOccurrences(of: "Version:", with: "").trimmingCharacters(in: .whitespaces)
            }
        }
        if let python, let output = try? Command.run(python, ["-c", "import highspy; h = highspy.Highs(); print(h.version())"], timeout: 60),
            output.status == 0
        {
            // Recent versions print a banner when constructed: the version is the last line.
            let lines = output.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            result["highs"] = lines.last.map { "HiGHS " + $0 }
        }
        return result
    }

    /// glpsol on a CPLEX LP file.
    package func runGlpsol(lpFile: String, timeLimit: Double, workDirectory: String) -> SolverRun {
        guard let glpsol else { return SolverRun(solver: "glpsol", status: "not installed") }
        let output = "\(workDirectory)/glpsol.out"
        try? FileManager.default.removeItem(atPath: output)
        let started = ContinuousClock.now
        let finished = try? Command.run(
            glpsol, ["--lp", lpFile, "--tmlim", String(Int(timeLimit.rounded(.up))), "-o", output],
            timeout: timeLimit + 30)
        let seconds = (ContinuousClock.now - started).inSeconds
        guard let finished, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
            return SolverRun(solver: "glpsol", status: "error", seconds: seconds, message: "no solution file")
        }
        _ = finished
        return SolverRun(solver: "glpsol", seconds: seconds, glpsolSolution: text)
    }

    /// CBC on a free MPS file (Touchline writes a maximisation there as the minimisation of its negation, so
    /// the objective is negated back when `maximise`).
    package func runCBC(mpsFile: String, maximise: Bool, timeLimit: Double, workDirectory: String) -> SolverRun {
        guard let cbc else { return SolverRun(solver: "cbc", status: "not installed") }
        let output = "\(workDirectory)/cbc.out"
        try? FileManager.default.removeItem(atPath: output)
        let started = ContinuousClock.now
        _ = try? Command.run(
            cbc, [mpsFile, "sec", String(timeLimit), "threads", "1", "solve", "solu", output], timeout: timeLimit + 30)
        let seconds = (ContinuousClock.now - started).inSeconds
        guard let text = try? String(contentsOfFile: output, encoding: .utf8) else {
            return SolverRun(solver: "cbc", status: "error", seconds: seconds, message: "no solution file")
        }
        var run = SolverRun(solver: "cbc", seconds: seconds, cbcSolution: text, timeLimit: timeLimit)
        if maximise, let value = run.objective { run.objective = -value }
        return run
    }

    /// HiGHS (through `highspy`) on a CPLEX LP file; the script prints `status objective seconds`.
    package func runHiGHS(lpFile: String, timeLimit: Double) -> SolverRun {
        guard let python, let highsScript else { return SolverRun(solver: "highs", status: "not installed") }
        let started = ContinuousClock.now
        guard let finished = try? Command.run(python, [highsScript, lpFile, String(timeLimit)], timeout: timeLimit + 60),
            finished.status == 0
        else {
            return SolverRun(
                solver: "highs", status: "error", seconds: (ContinuousClock.now - started).inSeconds,
                message: "the HiGHS script failed")
        }
        return SolverRun(solver: "highs", highsLine: finished.stdout)
    }
}

extension SolverRun {
    /// Reads glpsol's `-o` report: `Status: INTEGER OPTIMAL` and `Objective: obj = 12 (MINimum)`.
    init(solver: String, seconds: Double, glpsolSolution text: String) {
        var status = "error"
        var objective: Double?
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("Status:") {
                let value = trimmed.dropFirst("Status:".count).trimmingCharacters(in: .whitespaces)
                status =
                    switch value {
                    case "INTEGER OPTIMAL", "OPTIMAL": "optimal"
                    case "INTEGER NON-OPTIMAL", "INTEGER UNDEFINED", "UNDEFINED", "FEASIBLE": "time limit"
                    case "INTEGER EMPTY", "INFEASIBLE (FINAL)", "EMPTY": "infeasible"
                    default: "error"
                    }
            } else if trimmed.hasPrefix("Objective:"), let equals = trimmed.firstIndex(of: "=") {
                let rest = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                objective = rest.split(separator: " ").first.flatMap { Double($0) }
            }
        }
        if status == "infeasible" || text.contains("INTEGER UNDEFINED") { objective = nil }
        self.init(solver: solver, status: status, objective: objective, seconds: seconds)
    }

    /// Reads CBC's `solu` file, whose first line is e.g. `Optimal - objective value 10.00000000` or
    /// `Stopped on time - objective value 12.0` or `Infeasible - objective value ...`. An `Infeasible` written
    /// when the run took its whole `timeLimit` is read as the time limit: CBC's preprocessing, cut off by the
    /// limit, says "Pre-processing says infeasible or unbounded" (seen on the 14-team Traveling Umpire models'
    /// first level at 10 s; given 20 s, CBC searches them, and HiGHS and GLPK prove 182).
    init(solver: String, seconds: Double, cbcSolution text: String, timeLimit: Double? = nil) {
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        let status =
            if first.hasPrefix("Optimal") { "optimal" } else if first.hasPrefix("Stopped") {
                "time limit"
            } else if first.hasPrefix("Infeasible") || first.contains("infeasible") { "infeasible" } else { "error" }
        var objective: Double?
        if status != "infeasible", let range = first.range(of: "objective value") {
            objective = Double(first[range.upperBound...].trimmingCharacters(in: .whitespaces))
        }
        if first.hasPrefix("Stopped") && first.contains("no solution") { objective = nil }
        if status == "infeasible", let timeLimit, seconds >= timeLimit {
            self.init(
                solver: solver, status: "time limit", seconds: seconds,
                message: "CBC said infeasible at its time limit (its preprocessing cut off: not a proof)")
            return
        }
        self.init(
            solver: solver, status: status, objective: objective, seconds: seconds,
            message: status == "error" ? first : nil)
    }

    /// Reads the HiGHS script's line `STATUS OBJECTIVE SECONDS` (`optimal 10 0.03`, `time-limit 12 60.0`,
    /// `time-limit none 60.0`, `infeasible none 0.1`).
    init(solver: String, highsLine output: String) {
        // The last non-empty line (a HiGHS banner may come first).
        let line = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty } ?? ""
        let parts = line.split(separator: " ").map(String.init)
        guard parts.count == 3 else {
            self.init(solver: solver, status: "error", message: "unexpected output \(line)")
            return
        }
        self.init(
            solver: solver, status: parts[0].replacingOccurrences(of: "-", with: " "), objective: Double(parts[1]),
            seconds: Double(parts[2]) ?? 0)
    }
}
