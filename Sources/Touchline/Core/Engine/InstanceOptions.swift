import TouchlineMILP

/// How a problem is solved: the `options` object of every instance.
public struct InstanceOptions: Sendable, Codable, Equatable {
    public enum Method: String, Sendable, Codable, CaseIterable, InputChoice {
        public init(from decoder: any Decoder) throws { self = try Self.decodeChoice(from: decoder) }

        /// The MILP when GLPK is built in, warm-started by greedy; the greedy answer when the MILP has none
        /// within the time limit (the output says which happened). In a build without GLPK: lineups by the
        /// built-in solver (`builtin`), the other kinds by greedy.
        case auto
        /// The MILP (needs the `GLPK` trait); falls back to greedy only when the MILP has no answer in time.
        case milp
        /// The greedy heuristic alone.
        case greedy
        /// Lineups: the pattern engine's integer programs solved by Touchline's own simplex and branch and bound
        /// (Swift, no GPL code: what `auto` runs in a build without GLPK), also in a build with GLPK (a second,
        /// independent proof).
        case builtin
    }

    /// Default `.auto`.
    public var method: Method?
    /// Wall-clock limit in seconds for the whole solve, counted from its start: the greedy, every objective level
    /// of the MILP and a kind's own search share it. Default 10.
    public var timeLimitSeconds: Double?
    /// Relative gap at which the MILP may stop each level. Default 0 (prove optimality).
    public var mipGap: Double?
    /// GLPK memory limit in megabytes. Default none.
    public var memoryLimitMB: Int?
    /// Offer the greedy solution to the MILP as its first incumbent. Default true.
    public var warmStart: Bool?
    /// Fields the kind's schema does not know are errors (status `invalid`) instead of warnings. Default false.
    public var strict: Bool?
    /// An unknown field that is a near miss of a known one (`arrives` for `arrivesAt`) is a warning instead of
    /// an error. Default false: the field it means would take its default, and the plan would not be the one
    /// asked for.
    public var lenient: Bool?
    /// Which integer program a kind with more than one solves and exports (lineups: `compact` for the compact
    /// model instead of the pattern engine, a cross-check of one against the other). Default `auto`.
    public var formulation: Formulation?
    /// For an instance proven infeasible, of a kind that can say what to change (lineups): the seconds to
    /// search for the changes of one field that make a plan exist (`suggestions`), within what is left of the
    /// time limit. Default 5; 0 searches none.
    public var suggestSeconds: Double?

    /// The integer programs a kind may offer.
    public enum Formulation: String, Sendable, Codable, CaseIterable, InputChoice {
        public init(from decoder: any Decoder) throws { self = try Self.decodeChoice(from: decoder) }

        /// The kind's own choice (lineups: the pattern engine where it applies).
        case auto
        /// Lineups: the compact model (one binary per player, segment and position).
        case compact
    }

    public init(
        method: Method? = nil, timeLimitSeconds: Double? = nil, mipGap: Double? = nil, memoryLimitMB: Int? = nil,
        warmStart: Bool? = nil, strict: Bool? = nil, formulation: Formulation? = nil, lenient: Bool? = nil,
        suggestSeconds: Double? = nil
    ) {
        self.method = method
        self.timeLimitSeconds = timeLimitSeconds
        self.mipGap = mipGap
        self.memoryLimitMB = memoryLimitMB
        self.warmStart = warmStart
        self.strict = strict
        self.formulation = formulation
        self.lenient = lenient
        self.suggestSeconds = suggestSeconds
    }

    /// What an absent field means, as the schema's `default` says it (the schema literal reads these).
    public static let defaultMethod = Method.auto
    public static let defaultWarmStart = true
    public static let defaultFormulation = Formulation.auto
    public static let defaultSuggestSeconds: Double = 5

    public var resolvedMethod: Method { method ?? Self.defaultMethod }
    /// `warmStart`, or its default.
    public var resolvedWarmStart: Bool { warmStart ?? Self.defaultWarmStart }

    /// The `options` member of every kind's instance: a reference to ``jsonSchema`` in the kind's `$defs`.
    static let propertySchema = #"""
        {"$ref": "#/$defs/options", "description": "how the instance is solved (method, time limit, gap); touchline solve's flags override these"}
        """#

    /// The JSON Schema of the `options` object, shared by every kind's schema.
    public static let jsonSchema = #"""
        {"type": "object",
         "description": "how the instance is solved; touchline solve's flags override these",
         "properties": {
           "method": {"enum": ["auto", "milp", "greedy", "builtin"], "default": "\#(defaultMethod.rawValue)",
                      "description": "auto: the MILP warm-started by greedy (without GLPK: lineups by the built-in solver, other kinds by greedy); milp: GLPK; greedy; builtin: lineups by Touchline's own simplex and branch and bound"},
           "timeLimitSeconds": {"type": "number", "exclusiveMinimum": 0, "maximum": 86400, "default": \#(Int(defaultTimeLimitSeconds)),
                                "description": "wall-clock limit of the whole solve, reading the JSON included"},
           "mipGap": {"type": "number", "minimum": 0, "maximum": 1, "default": 0,
                      "description": "relative gap at which each objective level may stop (0: prove optimality)"},
           "memoryLimitMB": {"type": "integer", "minimum": 1, "maximum": 1048576,
                             "description": "GLPK's memory limit in megabytes (absent: none)"},
           "warmStart": {"type": "boolean", "default": \#(defaultWarmStart),
                         "description": "offer the greedy plan to the MILP as its first incumbent"},
           "strict": {"type": "boolean", "default": false,
                      "description": "fields the schema does not know are errors instead of warnings"},
           "lenient": {"type": "boolean", "default": false,
                       "description": "an unknown field that is a near miss of a known one (arrives for arrivesAt) is a warning instead of an error"},
           "formulation": {"enum": ["auto", "compact"], "default": "\#(defaultFormulation.rawValue)",
                           "description": "lineups: compact solves and exports the compact model instead of the pattern engine (a cross-check)"},
           "suggestSeconds": {"type": "number", "minimum": 0, "maximum": 86400, "default": \#(Int(defaultSuggestSeconds)),
                              "description": "lineups proven infeasible: seconds to search for the change of one rule value that makes a plan exist, each proven by solving the changed instance, within what is left of the time limit (0: none)"}}}
        """#
    /// The time limit of a solve that sets none, in seconds: the schema's `default`, and what every stage and
    /// pipeline takes when the limit is absent.
    public static let defaultTimeLimitSeconds: Double = 10

    public var resolvedTimeLimit: Double { timeLimitSeconds ?? Self.defaultTimeLimitSeconds }
    public var resolvedSuggestSeconds: Double { suggestSeconds ?? Self.defaultSuggestSeconds }

    /// Options given in `overrides` win over these.
    public func merged(with overrides: InstanceOptions) -> InstanceOptions {
        InstanceOptions(
            method: overrides.method ?? method, timeLimitSeconds: overrides.timeLimitSeconds ?? timeLimitSeconds,
            mipGap: overrides.mipGap ?? mipGap, memoryLimitMB: overrides.memoryLimitMB ?? memoryLimitMB,
            warmStart: overrides.warmStart ?? warmStart, strict: overrides.strict ?? strict,
            formulation: overrides.formulation ?? formulation, lenient: overrides.lenient ?? lenient,
            suggestSeconds: overrides.suggestSeconds ?? suggestSeconds)
    }

    func validate(into issues: inout IssueCollector, path: String = "options") {
        if let limit = timeLimitSeconds {
            issues.require(
                limit.isFinite && limit > 0 && limit <= 86400, JSONPath.join(path, "timeLimitSeconds"),
                "expected a number of seconds above 0 and at most 86400, got \(limit)")
        }
        if let gap = mipGap {
            issues.require(
                gap.isFinite && gap >= 0 && gap <= 1, JSONPath.join(path, "mipGap"),
                "expected a relative gap from 0 to 1, got \(gap)")
        }
        if let seconds = suggestSeconds {
            issues.require(
                seconds.isFinite && seconds >= 0 && seconds <= 86400, JSONPath.join(path, "suggestSeconds"),
                "expected a number of seconds from 0 to 86400, got \(seconds)")
        }
        if let memory = memoryLimitMB {
            issues.require(memory > 0, JSONPath.join(path, "memoryLimitMB"), "expected a positive number of megabytes")
        }
    }
}

/// Runtime settings that are not part of an instance: logging and tuning for benchmarks.
public struct RunSettings: Sendable {
    /// Forward GLPK's log to standard error.
    public var verbose: Bool
    /// Branch-and-bound settings; `nil` for the kind's own choice.
    public var tuning: SolverTuning?
    /// Report zero seconds, so that the same input gives the same output byte for byte.
    public var reproducible: Bool
    /// When the time limit started counting (reading the JSON included); nil: when `Engine.solve` is called.
    public var started: ContinuousClock.Instant?
    /// Where the solve's diagnostic lines go (`touchline solve --trace`: standard error); nil for none. The
    /// library never writes to standard error by itself.
    public var trace: (@Sendable (String) -> Void)?
    /// Cancellation and progress events of this solve (the async `Engine.solve` makes one; an app that runs its own threads passes its own).
    public var control: SolveControl?
    /// Whether an instance whose matches fall into independent components (no candidate pitch, official or
    /// team shared) is solved part by part in process and assembled (see ``Decomposition``).
    public var decomposition: Decomposition = .auto
    /// Threads for those parts (`touchline solve --jobs`); GLPK's state is per thread.
    public var jobs: Int = 1
    /// Lineups under `method: auto` in a build with GLPK on two cores or more: GLPK and the built-in solver
    /// run at once and the first proof answers (``Engine`` `race`); false solves with GLPK alone. Off with
    /// ``reproducible``.
    public var race: Bool = true
    /// Whether a solve proven infeasible still builds the kind's best-effort plan. The solves of changed
    /// instances behind `suggestions` need only the status, so they skip it.
    var bestEffort: Bool = true

    /// When a solve splits an instance into its independent components.
    public enum Decomposition: String, Sendable {
        /// Seasons: at least ``Engine/decompositionMatches`` matches in two or more components.
        case auto
        /// Whenever there are two or more components.
        case always
        case never
    }

    public init(
        verbose: Bool = false, tuning: SolverTuning? = nil, reproducible: Bool = false,
        started: ContinuousClock.Instant? = nil, control: SolveControl? = nil, decomposition: Decomposition = .auto,
        jobs: Int = 1, trace: (@Sendable (String) -> Void)? = nil
    ) {
        self.verbose = verbose
        self.tuning = tuning
        self.reproducible = reproducible
        self.started = started
        self.control = control
        self.decomposition = decomposition
        self.jobs = jobs
        self.trace = trace
    }
}
