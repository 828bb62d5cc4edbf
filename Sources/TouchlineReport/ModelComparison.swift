import Foundation
import Touchline
import TouchlineMILP

/// The first objective level of one instance's integer program, solved by Touchline in process and by the
/// external solvers from the exported files.
package struct ModelComparison: Sendable, Codable, Equatable {
    package var kind: String
    package var name: String
    /// The level's name (`spread`, `filled`, ...).
    package var level: String
    package var maximise: Bool
    package var variables: Int
    package var constraints: Int
    package var runs: [SolverRun]

    package init(kind: String, name: String, level: String, maximise: Bool, variables: Int, constraints: Int, runs: [SolverRun]) {
        self.kind = kind
        self.name = name
        self.level = level
        self.maximise = maximise
        self.variables = variables
        self.constraints = constraints
        self.runs = runs
    }

    /// The optimum every solver that proved one agrees on, nil when none proved one.
    package var optimum: Double? { runs.first { $0.isOptimal }?.objective }

    /// A sentence for each pair of solvers that contradict each other (two different proven optima, or an
    /// optimum against a proof of infeasibility, or a solution better than a proven optimum): a defect.
    package var disagreements: [String] {
        var found: [String] = []
        let proven = runs.filter { $0.isOptimal && $0.objective != nil }
        for (index, left) in proven.enumerated() {
            for right in proven.dropFirst(index + 1) where !Self.same(left.objective!, right.objective!) {
                found.append("\(left.solver) proves \(left.objective!) but \(right.solver) proves \(right.objective!)")
            }
        }
        // A proof of infeasibility against any solution found, proven or not.
        for run in runs where run.status == "infeasible" {
            if let other = runs.first(where: { $0.objective != nil && $0.status != "infeasible" && !$0.isOptimal }) {
                found.append("\(run.solver) says infeasible but \(other.solver) found \(other.objective!)")
            }
        }
        if let first = proven.first {
            for run in runs where run.status == "infeasible" {
                found.append("\(first.solver) proves \(first.objective!) but \(run.solver) says infeasible")
            }
            for run in runs where run.status == "time limit" {
                if let value = run.objective, maximise ? value > first.objective! + Tolerance.solver : value < first.objective! - Tolerance.solver {
                    found.append("\(run.solver) found \(value), better than the optimum \(first.objective!) of \(first.solver)")
                }
            }
        }
        return found
    }

    static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= Tolerance.solver * max(1, abs(a), abs(b)) }

    /// The run of a solver.
    package func run(_ solver: String) -> SolverRun? { runs.first { $0.solver == solver } }
}

extension ModelComparison {
    /// Exports level 0 of the instance's model to LP and MPS in `workDirectory`, solves it in process (greedy
    /// warm start and the kind's settings, as `solve` does) and with every external solver found; nil when the
    /// kind builds no integer program for this instance (an exact table) or the build has no GLPK.
    package static func compare(
        _ data: Data, name: String, solvers: ExternalSolvers, timeLimit: Double, workDirectory: String
    ) -> ModelComparison? {
        guard let kind = JSONFrontEnd.kind(of: data) else { return nil }
        return compare(kind, data, name: name, solvers: solvers, timeLimit: timeLimit, workDirectory: workDirectory)
    }

    static func compare<Kind: ProblemKind>(
        _ kind: Kind.Type, _ data: Data, name: String, solvers: ExternalSolvers, timeLimit: Double,
        workDirectory: String
    ) -> ModelComparison? {
        guard let solver = Solvers.default, let instance = try? Kind.decodeInstance(data),
            Kind.validate(instance).isEmpty, Kind.preCheck(Kind.prepare(instance)) == nil
        else { return nil }
        let started = ContinuousClock.now
        let greedy = Kind.greedy(instance)
        let formulation = Kind.formulate(instance)
        var model = formulation.model
        guard model.variableCount > 0, let first = model.objectives.first else { return nil }
        let full = model
        model.objectives = [first]
        var options = SolveOptions(timeLimitSeconds: timeLimit, tuning: formulation.tuning)
        options.warmStart = greedy.flatMap { formulation.encode($0) }
        let result = solver.solve(model, options: options)
        let seconds = (ContinuousClock.now - started).inSeconds
        let status: String =
            switch result.stopReason {
            case .optimal: "optimal"
            case .gapReached: "gap reached"
            case .timeLimit, .cancelled: "time limit"
            case .infeasible: "infeasible"
            case .unbounded, .error: "error"
            }
        var runs = [
            SolverRun(
                solver: "touchline", status: status, objective: result.hasSolution ? result.objectiveValues.first : nil,
                seconds: seconds, message: result.message)
        ]

        try? FileManager.default.createDirectory(atPath: workDirectory, withIntermediateDirectories: true)
        let lpFile = "\(workDirectory)/model.lp", mpsFile = "\(workDirectory)/model.mps"
        do {
            try full.export(.lp, level: 0).write(toFile: lpFile, atomically: true, encoding: .utf8)
            try full.export(.mps, level: 0).write(toFile: mpsFile, atomically: true, encoding: .utf8)
        } catch {
            runs.append(SolverRun(solver: "export", status: "error", message: "\(error)"))
            return ModelComparison(
                kind: Kind.name, name: name, level: first.name, maximise: first.sense == .maximize,
                variables: full.variableCount, constraints: full.constraintCount, runs: runs)
        }
        let maximise = first.sense == .maximize
        runs.append(solvers.runGlpsol(lpFile: lpFile, timeLimit: timeLimit, workDirectory: workDirectory))
        runs.append(solvers.runCBC(mpsFile: mpsFile, maximise: maximise, timeLimit: timeLimit, workDirectory: workDirectory))
        runs.append(solvers.runHiGHS(lpFile: lpFile, timeLimit: timeLimit))
        return ModelComparison(
            kind: Kind.name, name: name, level: first.name, maximise: maximise, variables: full.variableCount,
            constraints: full.constraintCount, runs: runs)
    }
}
