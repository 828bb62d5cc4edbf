import Touchline

/// One method's answer on one instance, as the report shows it.
package struct MethodResult: Sendable, Codable, Equatable {
    /// `greedy` or `milp`: the method asked for.
    package var method: String
    /// `optimal`, `feasible`, `infeasible`, `invalid` or `error` (a failure, with `message`).
    package var status: String
    /// The objective's levels (empty without a plan).
    package var levels: [ObjectiveLevel]
    /// The relative gap of the first level not proven (0 when optimal), when a MILP ran.
    package var gap: Double?
    /// Wall-clock seconds of the whole solve (validation, greedy, MILP, verification).
    package var seconds: Double
    package var nodes: Int
    package var variables: Int
    package var constraints: Int
    package var message: String?

    package init(
        method: String, status: String, levels: [ObjectiveLevel] = [], gap: Double? = nil, seconds: Double = 0,
        nodes: Int = 0, variables: Int = 0, constraints: Int = 0, message: String? = nil
    ) {
        self.method = method
        self.status = status
        self.levels = levels
        self.gap = gap
        self.seconds = seconds
        self.nodes = nodes
        self.variables = variables
        self.constraints = constraints
        self.message = message
    }

    /// True when there is a plan (a best-effort plan of an infeasible instance does not count).
    package var hasPlan: Bool { (status == "optimal" || status == "feasible") && !levels.isEmpty }
}

/// Both methods on one instance (a shipped file or a generated one).
package struct InstanceResult: Sendable, Codable, Equatable {
    package var kind: String
    /// The file's path under `instances/`, or `size N seed S` for a generated instance.
    package var name: String
    /// The generator size, for the scaling series.
    package var size: Int?
    package var greedy: MethodResult
    /// nil in a greedy-only build.
    package var milp: MethodResult?
    /// The built-in solver (`method: builtin`), for the kinds it serves (lineups); nil otherwise.
    package var builtin: MethodResult?
    /// Seconds of the greedy heuristic alone (the median of a few runs), without validation or verification.
    package var greedyOnlySeconds: Double

    package init(
        kind: String, name: String, size: Int? = nil, greedy: MethodResult, milp: MethodResult?, builtin: MethodResult? = nil,
        greedyOnlySeconds: Double
    ) {
        self.kind = kind
        self.name = name
        self.size = size
        self.greedy = greedy
        self.milp = milp
        self.builtin = builtin
        self.greedyOnlySeconds = greedyOnlySeconds
    }

    /// How much worse greedy's primary (first) objective level is than the MILP's, relative to the MILP's
    /// (0.05 = 5 %); nil when either has no plan. Negative only if the MILP stopped early below greedy.
    package var primaryGap: Double? {
        guard let milp, milp.hasPlan, greedy.hasPlan, let best = milp.levels.first, let found = greedy.levels.first
        else { return nil }
        let worse = best.maximise ? best.value - found.value : found.value - best.value
        return worse / max(1, abs(best.value))
    }

    /// The first level where greedy's plan is worse than the MILP's, or nil when it is as good everywhere.
    package var firstWorseLevel: String? {
        guard let milp, milp.hasPlan, greedy.hasPlan else { return nil }
        for (best, found) in zip(milp.levels, greedy.levels) where best.value != found.value {
            let greedyWorse = best.maximise ? found.value < best.value : found.value > best.value
            return greedyWorse ? best.name : nil
        }
        return nil
    }

    /// True when the MILP proved its plan optimal and greedy's plan has the same objective on every level;
    /// false when it proved greedy worse; nil when nothing is proven.
    package var greedyOptimal: Bool? {
        guard let milp, milp.status == "optimal", greedy.hasPlan else { return nil }
        return milp.levels.map(\.value) == greedy.levels.map(\.value)
    }
}
