import TouchlineMILP

/// A MILP formulation of one instance: the model and the way back from its variables to a solution.
public struct Formulation<Solution: Sendable>: Sendable {
    public var model: Model
    /// Turns the solver's values into a solution of the kind.
    public var decode: @Sendable (SolveResult) -> Solution
    /// The values of the model's variables that represent a given solution (for the warm start), or nil.
    public var encode: @Sendable (Solution) -> [Double]?
    /// Branch-and-bound settings suited to this kind.
    public var tuning: SolverTuning

    public init(
        model: Model, tuning: SolverTuning = SolverTuning(), decode: @escaping @Sendable (SolveResult) -> Solution,
        encode: @escaping @Sendable (Solution) -> [Double]?
    ) {
        self.model = model
        self.tuning = tuning
        self.decode = decode
        self.encode = encode
    }
}

/// One problem kind: a folder under `Kinds/` with its instance types and validation, MILP formulation,
/// greedy, verifier and text rendering, registered with one line in ``ProblemKinds``.
public protocol ProblemKind: Sendable {
    associatedtype Instance: Codable & Sendable
    associatedtype Solution: Codable & Sendable
    /// The lexicographic objective, as the output's `objective` object.
    associatedtype Objective: Codable & Sendable & Equatable

    /// The value of the `problem` field.
    static var name: String { get }
    /// One line for `touchline --help` and the README.
    static var summary: String { get }
    /// The JSON Schema (draft 2020-12) of an instance, as JSON text.
    static var schema: String { get }

    /// The options object of an instance.
    static func options(of instance: Instance) -> SolverOptions?

    /// Every semantic problem of a decoded instance, each with its JSON path (unknown ids, bad ranges).
    static func validate(_ instance: Instance) -> [InputIssue]

    /// A sentence naming the rules that collide when the instance cannot have a plan at all (for example a pin
    /// to a closed pitch), found without solving; nil when no such collision is seen.
    static func impossibility(_ instance: Instance) -> String?

    /// The MILP of the instance (its objective is the kind's lexicographic contract).
    static func formulate(_ instance: Instance) -> Formulation<Solution>

    /// A fast heuristic plan, or nil when it finds none.
    static func greedy(_ instance: Instance) -> Solution?

    /// The heuristic plan within about `seconds` (the part of the time limit left); kinds whose greedy is
    /// always fast need not implement it.
    static func greedy(_ instance: Instance, seconds: Double?) -> Solution?

    /// Every rule the solution breaks, in words; empty when the solution is legal. Independent of the code
    /// that solved it: it re-derives everything from the instance.
    static func verify(_ instance: Instance, _ solution: Solution) -> [String]

    /// The objective value of a solution, computed from the solution alone.
    static func objective(_ instance: Instance, _ solution: Solution) -> Objective

    /// True when `lhs` is strictly better than `rhs` in the lexicographic order.
    static func isBetter(_ lhs: Objective, than rhs: Objective) -> Bool

    /// A plain-text rendering of a result for a person.
    static func renderText(_ instance: Instance, _ result: SolveReport<Self>) -> String

    /// True when the kind has a printable page (`--format html`).
    static var rendersHTML: Bool { get }

    /// A self-contained printable HTML page of a result (inline CSS, no scripts), or nil when the kind has none.
    static func renderHTML(_ instance: Instance, _ result: SolveReport<Self>) -> String?

    /// True when the kind writes its plan as a spreadsheet (`--format csv`).
    static var rendersCSV: Bool { get }

    /// The plan as CSV (RFC 4180, one row per match), or nil when the kind has none or there is no plan.
    static func renderCSV(_ instance: Instance, _ result: SolveReport<Self>) -> String?

    /// When no plan keeps every hard rule: the plan that breaks the fewest soft rules, each listed in the
    /// solution (see ``brokenRules(_:)``), or nil when the kind has no such notion.
    static func bestEffort(_ instance: Instance, solver: (any Solver)?, options: SolveOptions) -> Solution?

    /// The rules a best-effort solution declares broken (empty for a plan that keeps them all).
    static func brokenRules(_ solution: Solution) -> [String]

    /// Kinds whose work is many independent integer programs (one per team and question) solve them here, in
    /// parallel, instead of through one model; nil (the default) for the single-model path of ``Engine``.
    /// `solver` is nil for `method: greedy` and in a build without GLPK; `tuning` is nil for the kind's own
    /// branch-and-bound settings.
    static func solveIndependently(
        _ instance: Instance, solver: (any Solver)?, options: SolveOptions, tuning: SolverTuning?
    ) -> IndependentSolve<Solution>?

    /// The ids whose calendar ``calendar(_:_:)`` can cut from a plan (officials and teams), or nil when the
    /// kind has no calendar (`--format ics`).
    static func calendarSubjects(_ instance: Instance) -> Set<String>?

    /// The plan's matches as calendar events (for `--format ics`), or nil when the kind has no calendar.
    static func calendar(_ instance: Instance, _ solution: Solution) -> PlanCalendar?

    /// For a kind whose plan itself records what is proven (the standings analysis marks each answer): whether
    /// the plan with this objective is proven optimal. Nil (the default) when the proof is the solver's, per
    /// level in `stats.levels`. `verify` uses it to check an `optimal` claim.
    static func provenByPlan(_ objective: Objective) -> Bool?

    /// The objective's levels as numbers, in lexicographic order (the first is the primary objective), for
    /// reports that compare methods.
    static func levels(_ objective: Objective) -> [ObjectiveLevel]

    /// What `size` means for ``generate(size:seed:)``, its allowed range and the report's size series.
    static var generatorSize: GeneratorSize { get }

    /// A realistic random instance of the given size (`touchline generate`): the same size and seed give the
    /// same instance. Precondition: `size` is in ``generatorSize``'s range.
    static func generate(size: Int, seed: UInt64) -> Instance
}

/// One level of a lexicographic objective, as a number.
public struct ObjectiveLevel: Sendable, Codable, Equatable {
    /// The objective field's name (`spread`, `maxLoad`, ...).
    public var name: String
    public var value: Double
    /// True when larger is better.
    public var maximise: Bool

    public init(_ name: String, _ value: Int, maximise: Bool = false) {
        self.name = name
        self.value = Double(value)
        self.maximise = maximise
    }
}

/// The meaning and range of a generator's `size`.
public struct GeneratorSize: Sendable {
    /// What is counted, in a phrase (`players in the squad (the format follows: ...)`).
    public var meaning: String
    /// What is counted, in a word or two (`players`, `matches`, `teams`), for chart axes.
    public var unit: String
    public var range: ClosedRange<Int>
    /// The sizes of the report's scaling series, smallest first.
    public var series: [Int]
    /// A small series for tests.
    public var smallSeries: [Int]

    public init(meaning: String, unit: String, range: ClosedRange<Int>, series: [Int], smallSeries: [Int]) {
        self.meaning = meaning
        self.unit = unit
        self.range = range
        self.series = series
        self.smallSeries = smallSeries
    }
}

extension ProblemKind {
    public static func impossibility(_ instance: Instance) -> String? { nil }
    public static func bestEffort(_ instance: Instance, solver: (any Solver)?, options: SolveOptions) -> Solution? { nil }
    public static func brokenRules(_ solution: Solution) -> [String] { [] }
    public static func calendarSubjects(_ instance: Instance) -> Set<String>? { nil }
    public static var rendersHTML: Bool { false }
    public static func renderHTML(_ instance: Instance, _ result: SolveReport<Self>) -> String? { nil }
    public static var rendersCSV: Bool { false }
    public static func renderCSV(_ instance: Instance, _ result: SolveReport<Self>) -> String? { nil }
    public static func solveIndependently(
        _ instance: Instance, solver: (any Solver)?, options: SolveOptions, tuning: SolverTuning?
    ) -> IndependentSolve<Solution>? { nil }
    public static func calendar(_ instance: Instance, _ solution: Solution) -> PlanCalendar? { nil }
    public static func provenByPlan(_ objective: Objective) -> Bool? { nil }
}

/// The result of ``ProblemKind/solveIndependently(_:solver:options:tuning:)``.
public struct IndependentSolve<Solution: Sendable>: Sendable {
    /// The plan; nil when none was found (then ``infeasibleReason`` says whether that is proven).
    public var solution: Solution?
    /// True when every part is proven (status `optimal`).
    public var proven: Bool
    /// `milp`, `greedy` or `exact` (nothing to optimise).
    public var method: String
    /// Totals over the integer programs solved.
    public var variables: Int
    public var constraints: Int
    public var nodes: Int
    public var warnings: [String]
    /// Set when the solver proved that no plan keeps every hard rule: which rules collide.
    public var infeasibleReason: String?
    /// Per objective level, when the kind reports them.
    public var levels: [LevelStats]?
    /// The bound and gap of the first level not proven optimal (of level 1, with gap 0, when all are).
    public var bound: Double?
    public var gap: Double?
    /// Columns of a pattern model, when the kind uses one (reported as `stats.patterns`).
    public var patterns: Int?

    public init(
        solution: Solution?, proven: Bool, method: String, variables: Int = 0, constraints: Int = 0, nodes: Int = 0,
        warnings: [String] = [], infeasibleReason: String? = nil, levels: [LevelStats]? = nil, bound: Double? = nil,
        gap: Double? = nil, patterns: Int? = nil
    ) {
        self.patterns = patterns
        self.solution = solution
        self.proven = proven
        self.method = method
        self.variables = variables
        self.constraints = constraints
        self.nodes = nodes
        self.warnings = warnings
        self.infeasibleReason = infeasibleReason
        self.levels = levels
        self.bound = bound
        self.gap = gap
    }
}

extension ProblemKind {
    public static func greedy(_ instance: Instance, seconds: Double?) -> Solution? { greedy(instance) }
}
