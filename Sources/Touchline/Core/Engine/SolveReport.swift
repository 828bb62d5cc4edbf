import TouchlineMILP

/// The status of a result (a contract: `optimal`, `feasible`, `infeasible`, `unknown`, `invalid`).
public enum ResultStatus: String, Sendable, Codable {
    /// A plan proven optimal by the solver for the whole lexicographic objective.
    case optimal
    /// A legal plan not proven optimal (greedy, or the MILP stopped by its limit).
    case feasible
    /// Proven: no plan satisfies the hard rules; `reason` says which collide (by a counting argument or by the
    /// solver's proof). The `solution` is the best-effort plan with its `brokenRules`.
    case infeasible
    /// No legal plan was found within the limits and nothing is proven either way. The `solution` is the
    /// best-effort plan with its `brokenRules`; `reason` says that nothing is proven.
    case unknown
    /// The input is not a valid instance; `errors` names each bad field.
    case invalid
}

/// Which method produced a plan (the `method` field: `milp`, `greedy`, `exact`, `branchAndBound` or `builtin`).
public enum PlanMethod: String, Sendable, Codable, CaseIterable {
    /// The integer program, solved by GLPK (`optimal` only when the solver proved it).
    case milp
    /// The greedy heuristic: a legal plan that proves nothing.
    case greedy
    /// Exact by construction, with nothing to optimise (a finished league table).
    case exact
    /// A branch and bound of the kind's own, without GLPK (officials' season tours): `optimal` and
    /// `infeasible` only when its search was exhausted.
    case branchAndBound
    /// The integer program solved by Touchline's own simplex and branch and bound (lineups; no GLPK):
    /// `optimal` and `infeasible` only when its search was exhausted, as for `milp`.
    case builtin
}

/// Size and effort of a solve.
public struct SolveStats: Sendable, Codable, Equatable {
    /// Wall-clock seconds of the whole solve (0 with `--reproducible`).
    public var seconds: Double
    /// Variables and constraints of the MILP (0 when only greedy ran).
    public var variables: Int
    public var constraints: Int
    /// Branch-and-bound nodes over all objective levels (0 with `--reproducible`: GLPK's node count can
    /// differ between two runs on a loaded machine even when the plan is the same).
    public var nodes: Int
    /// Per objective level: name, termination, value, bound, gap (MILP only).
    public var levels: [LevelReport]?
    /// Lineups on the pattern model: the number of patterns (columns) over all classes of players.
    public var patterns: Int?
    /// Whether the greedy warm start was accepted as the first incumbent.
    public var warmStartAccepted: Bool?
    /// Greedy's objective, as text (`spread 20, substitutions 44, offPreferredPosition 38`), when greedy ran and
    /// found a plan: what the MILP's plan is compared with.
    public var greedyObjective: String?
    /// Seconds the greedy heuristic itself took (its plan's verification not included), when it ran.
    public var greedySeconds: Double?
    /// Why the MILP stopped before proving every level (`gapReached`, `timeLimit`, `cancelled`, `error`); absent
    /// when it proved them all or did not run.
    public var stopReason: StopReason?
    /// With no plan that keeps every rule (`infeasible`, `unknown`): the seconds until that status was decided,
    /// before the best-effort plan was searched for (the rest of ``seconds`` went to that plan).
    public var decidedSeconds: Double?
    /// A lineup under `method: auto` in a build with GLPK: both exact engines ran at once, and this says which
    /// answered and how each ended (``RaceStats``); absent otherwise.
    public var race: RaceStats?

    public init(seconds: Double = 0, variables: Int = 0, constraints: Int = 0, nodes: Int = 0) {
        self.seconds = seconds
        self.variables = variables
        self.constraints = constraints
        self.nodes = nodes
    }

    /// Without what depends on the machine's timing (seconds and node counts, whole and per level), so that
    /// the same input gives the same bytes.
    var reproducible: SolveStats {
        var stats = self
        stats.seconds = 0
        stats.nodes = 0
        stats.greedySeconds = nil  // timing: left out, so the same input gives the same bytes
        stats.decidedSeconds = nil
        stats.race = nil
        stats.levels = levels?.map { level in
            var level = level
            level.seconds = 0
            level.nodes = 0
            return level
        }
        return stats
    }
}

/// The record of one objective level in `stats.levels`: `LevelReport`, the solver's own.
@available(*, deprecated, renamed: "LevelReport")
public typealias LevelStats = LevelReport

/// The result envelope of every problem kind (field names are a contract).
public struct SolveReport<Kind: ProblemKind>: Sendable, Codable {
    public var problem: String
    public var status: ResultStatus
    /// Which method produced the solution.
    public var method: PlanMethod?
    public var objective: Kind.Objective?
    /// The best proven bound of the first objective level not proven optimal (of level 1 when all are).
    public var bound: Double?
    /// The relative gap belonging to `bound`; 0 when optimal.
    public var gap: Double?
    public var stats: SolveStats
    public var solution: Kind.Solution?
    public var warnings: [String]
    /// With status `invalid`: every problem with the input.
    public var errors: [InputIssue]?
    /// With status `infeasible`: the sentence that says which rules collide; with `unknown`: that nothing is
    /// proven.
    public var reason: String?
    /// The instance's own `id`, echoed (a part of a split instance has one, so that `merge` finds its result).
    public var id: String?
    /// The instance's `part`, echoed: which part of a split instance this result answers.
    public var part: SplitPart?
    /// For a plan `merge` assembled: how the instance was split and what the parts proved.
    public var split: SplitSummary?
    /// With status `infeasible`, for a kind that can say what to change (lineups): each field whose change
    /// makes a plan exist, proven by solving the changed instance (``RuleSuggestion``); absent when none was
    /// searched for (`options.suggestSeconds` 0), empty when none was found in the time.
    public var suggestions: [RuleSuggestion]?

    public init(
        problem: String, status: ResultStatus, method: PlanMethod? = nil, objective: Kind.Objective? = nil,
        bound: Double? = nil, gap: Double? = nil, stats: SolveStats = SolveStats(), solution: Kind.Solution? = nil,
        warnings: [String] = [], errors: [InputIssue]? = nil, reason: String? = nil
    ) {
        self.problem = problem
        self.status = status
        self.method = method
        self.objective = objective
        self.bound = bound
        self.gap = gap
        self.stats = stats
        self.solution = solution
        self.warnings = warnings
        self.errors = errors
        self.reason = reason
    }
}

extension SolveReport {
    private enum CodingKeys: String, CodingKey {
        case problem, status, method, objective, bound, gap, stats, solution, warnings, errors, reason, id, part, split, suggestions
    }

    /// Encodes the contract fields always (as `null` when absent), the optional extras only when present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(problem, forKey: .problem)
        try container.encode(status, forKey: .status)
        try container.encode(method, forKey: .method)
        try container.encode(objective, forKey: .objective)
        try container.encode(bound, forKey: .bound)
        try container.encode(gap, forKey: .gap)
        try container.encode(stats, forKey: .stats)
        try container.encode(solution, forKey: .solution)
        try container.encode(warnings, forKey: .warnings)
        try container.encodeIfPresent(errors, forKey: .errors)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(part, forKey: .part)
        try container.encodeIfPresent(split, forKey: .split)
        try container.encodeIfPresent(suggestions, forKey: .suggestions)
    }
}
