import Foundation
import Touchline
import TouchlineMILP

/// Solves one instance with greedy, with the MILP and (lineups) with the built-in solver, in process, for the report.
package enum InstanceRunner {
    /// Both methods on a JSON instance, each with `timeLimit` seconds; nil when the document names no kind or
    /// does not decode.
    package static func run(_ data: Data, name: String, size: Int? = nil, timeLimit: Double) -> InstanceResult? {
        guard let kind = JSONFrontEnd.kind(of: data) else { return nil }
        return run(kind, data, name: name, size: size, timeLimit: timeLimit)
    }

    static func run<Kind: ProblemKind>(
        _ kind: Kind.Type, _ data: Data, name: String, size: Int?, timeLimit: Double
    ) -> InstanceResult? {
        guard let instance = try? Kind.decodeInstance(data) else { return nil }
        let greedy = solve(instance, Kind.self, method: .greedy, timeLimit: timeLimit)
        let milp = Solvers.isMILPAvailable ? solve(instance, Kind.self, method: .milp, timeLimit: timeLimit) : nil
        let builtin = Kind.builtinSolverServes ? solve(instance, Kind.self, method: .builtin, timeLimit: timeLimit) : nil
        return InstanceResult(
            kind: Kind.name, name: name, size: size, greedy: greedy, milp: milp, builtin: builtin,
            greedyOnlySeconds: greedySeconds(instance, Kind.self))
    }

    static func solve<Kind: ProblemKind>(
        _ instance: Kind.Instance, _ kind: Kind.Type, method: InstanceOptions.Method, timeLimit: Double
    ) -> MethodResult {
        do {
            let report = try Engine.solve(
                instance, kind: Kind.self, options: InstanceOptions(method: method, timeLimitSeconds: timeLimit, suggestSeconds: 0))
            if report.solution != nil, !Engine.verify(instance, report: report, kind: Kind.self).isEmpty {
                return MethodResult(method: method.rawValue, status: "error", message: "the result failed its verifier")
            }
            return MethodResult(
                method: method.rawValue, status: report.status.rawValue,
                levels: report.objective.map { Kind.levels($0) } ?? [], gap: report.gap, seconds: report.stats.seconds,
                nodes: report.stats.nodes, variables: report.stats.variables, constraints: report.stats.constraints,
                message: report.reason)
        } catch {
            return MethodResult(method: method.rawValue, status: "error", message: error.description)
        }
    }

    /// The median of up to 7 runs of the greedy heuristic alone (fewer when one run takes over 0.1 s).
    static func greedySeconds<Kind: ProblemKind>(_ instance: Kind.Instance, _ kind: Kind.Type) -> Double {
        var times: [Double] = []
        var spent = 0.0
        while times.count < 7 && (times.isEmpty || spent < 0.3) {
            let started = ContinuousClock.now
            _ = Kind.greedy(instance)
            let elapsed = (ContinuousClock.now - started).inSeconds
            times.append(elapsed)
            spent += elapsed
        }
        return times.sorted()[times.count / 2]
    }
}
