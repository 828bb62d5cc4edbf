import TouchlineMILP

/// A MILP formulation of one instance: the model and the way back from its variables to a solution.
public struct Formulation<Solution: Sendable>: Sendable {
    public var model: Model
    /// Turns the values of a solver's solution into a solution of the kind.
    public var decode: @Sendable (Assignment) -> Solution
    /// The values of the model's variables that represent a given solution (for the warm start), or nil.
    public var encode: @Sendable (Solution) -> [Double]?
    /// Branch-and-bound settings suited to this kind.
    public var tuning: SolverTuning
    /// Columns that belong together (one block per day of a term): a large model is solved level by level with
    /// branch and bound for the bound and a large-neighbourhood search over groups of blocks for the plan (see
    /// `ColumnBlocks` in TouchlineMILP). Nil or one block: branch and bound alone.
    public var blocks: [[Int]]?

    public init(
        model: Model, tuning: SolverTuning = SolverTuning(), blocks: [[Int]]? = nil,
        decode: @escaping @Sendable (Assignment) -> Solution, encode: @escaping @Sendable (Solution) -> [Double]?
    ) {
        self.model = model
        self.tuning = tuning
        self.blocks = blocks
        self.decode = decode
        self.encode = encode
    }
}

/// What a kind is called and how it is described: the `problem` field, one line for `touchline --help`, the
/// JSON Schema of an instance and what the generator's `size` means.
public struct KindConfiguration: Sendable {
    /// The value of the `problem` field.
    public var name: String
    /// One line for `touchline --help` and the README.
    public var summary: String
    /// The JSON Schema (draft 2020-12) of an instance, as JSON text, indented for reading.
    public var schema: String {
        get { schemaText.value(makeSchema) }
        set {
            schemaText = OnceCell()
            makeSchema = { newValue }
        }
    }
    /// The schema as published, made on first use: a run that reads only the names (`touchline --help` lists every
    /// kind, and every command builds that text) does not build and print five schemas (about 7 ms of a
    /// 0.2 s solve, measured with `perf`).
    private var schemaText = OnceCell<String>()
    private var makeSchema: @Sendable () -> String
    /// What `size` means for ``ProblemKind/generate(size:seed:)``, its allowed range and the report's series.
    public var generatorSize: GeneratorSize

    public init(name: String, summary: String, schema: @autoclosure @escaping @Sendable () -> String, generatorSize: GeneratorSize) {
        self.name = name
        self.summary = summary
        self.makeSchema = { SchemaText.printed(schema()) }
        self.generatorSize = generatorSize
    }
}

/// What a kind derives from an instance once per solve (indexes, eligibility, the route a solve takes),
/// handed to every stage that solves: the pre-check, the greedy, the formulation, the kind's own pipeline and
/// the best effort. ``ProblemKind/verify(_:_:)`` never sees it: the verifier re-derives everything from the
/// instance, so a wrong analysis cannot vouch for itself.
public protocol PreparedInstance<Instance>: Sendable {
    associatedtype Instance: Sendable
    /// The instance it was prepared from.
    var instance: Instance { get }
}

/// The prepared form of a kind with nothing to derive up front: the instance itself.
public struct PlainInstance<Instance: Sendable>: PreparedInstance {
    public let instance: Instance
    public init(_ instance: Instance) { self.instance = instance }
}

/// One problem kind: a folder under `Kinds/` with its instance types and validation, MILP formulation,
/// greedy, verifier and text rendering, registered with one line in ``ProblemKinds``. Public because the typed
/// API is generic over it (`Engine.solve(_:kind:)`); the registry is closed, and a type
/// outside the package that conforms to it is not supported.
///
/// The engine validates the instance, prepares it once under the solve's merged options
/// (``prepare(_:options:)``) and passes the prepared form to every solving stage; each stage also has a form
/// that takes the instance and prepares it under the instance's own options (for tests and callers that run
/// one stage alone).
///
/// The core is what every kind has. Optional abilities are refining protocols a kind adopts when it has them:
/// ``PreCheckedKind`` (impossibility seen without solving), ``BestEffortKind`` (a plan that breaks the fewest
/// soft rules), ``OwnPipelineKind`` (a solve pipeline of the kind's own instead of one model),
/// ``CalendarKind`` (`--format ics`), ``PrintableKind`` (`--format html`) and ``SpreadsheetKind``
/// (`--format csv`). Generic code reaches them through requirements of this protocol whose defaults say "not
/// adopted" and which each ability's protocol implements (``preCheck(_:)``, ``ownPipeline(_:solver:options:settings:method:)``,
/// ...), so the compiler, not a cast, picks the implementation.
public protocol ProblemKind: Sendable {
    associatedtype Instance: Codable & Sendable
    associatedtype Solution: Codable & Sendable
    /// The lexicographic objective, as the output's `objective` object.
    associatedtype Objective: Codable & Sendable & Equatable
    /// What the solving stages share, derived once from a valid instance (``PlainInstance`` when nothing is).
    associatedtype Prepared: PreparedInstance<Instance> = PlainInstance<Instance>

    /// Name, summary, JSON Schema and generator size.
    static var configuration: KindConfiguration { get }

    /// The options object of an instance.
    static func options(of instance: Instance) -> InstanceOptions?

    /// Every semantic problem of a decoded instance, each with its JSON path (unknown ids, bad ranges).
    static func validate(_ instance: Instance) -> [InputIssue]

    /// The analysis every solving stage shares, built once per solve from an instance that passed
    /// ``validate(_:)``, under the solve's options (the instance's own merged with the caller's).
    static func prepare(_ instance: Instance, options: InstanceOptions) -> Prepared

    /// The MILP of the instance (its objective is the kind's lexicographic contract).
    static func formulate(_ prepared: Prepared) -> Formulation<Solution>

    /// A fast heuristic plan within about `seconds` (the part of the time limit left; nil: no limit), or nil
    /// when it finds none.
    static func greedy(_ prepared: Prepared, seconds: Double?) -> Solution?

    /// Every rule the solution breaks, in words; empty when the solution is legal. Independent of the code
    /// that solved it: it re-derives everything from the instance.
    static func verify(_ instance: Instance, _ solution: Solution) -> [String]

    /// The objective value of a solution, computed from the solution alone.
    static func objective(_ instance: Instance, _ solution: Solution) -> Objective

    /// The objective's levels as numbers, in lexicographic order (the first is the primary objective): they
    /// define which of two plans is better (``ProblemKind/isBetter(_:than:)``) and what reports compare.
    static func levels(_ objective: Objective) -> [ObjectiveLevel]

    /// A plain-text rendering of a result for a person.
    static func renderText(_ instance: Instance, _ result: SolveReport<Self>) -> String

    /// A realistic random instance of the given size (`touchline generate`): the same size and seed give the
    /// same instance. Precondition: `size` is in the configuration's ``GeneratorSize/range``.
    static func generate(size: Int, seed: UInt64) -> Instance

    // MARK: The optional abilities, as generic code reaches them
    //
    // Each ability is a protocol a kind adopts (``PreCheckedKind``, ``BestEffortKind``, ``OwnPipelineKind``,
    // ``SplittableKind``, ``CalendarKind``, ``PrintableKind``, ``SpreadsheetKind``, ``SuggestingKind``). The requirements below are
    // how the engine and the front end call them: each has a default here for a kind without the ability, and
    // the ability's protocol implements it from its own requirements, so the compiler picks the implementation
    // (no casts). A kind adopts the protocol and implements none of these itself.

    /// A pre-checked kind's ``PreCheckedKind/impossibility(_:)``; nil for the others.
    static func preCheck(_ prepared: Prepared) -> String?

    /// True for a kind with a best effort (``BestEffortKind``): the engine keeps a share of the limit for it.
    static var hasBestEffort: Bool { get }

    /// True for a kind whose own pipeline the built-in MILP solver (`BuiltinSolver` in TouchlineMILP: simplex and
    /// branch and bound in Swift, no GPL code) serves: `method: builtin` picks it, and `auto` picks it in a build
    /// without GLPK. Lineups: the pattern engine's programs are small (a few hundred rows).
    static var builtinSolverServes: Bool { get }

    /// ``BestEffortKind/bestEffort(_:solver:options:)``; nil for a kind without a best effort.
    static func bestEffortPlan(_ prepared: Prepared, solver: (any Solver)?, options: SolveOptions) -> Solution?

    /// ``BestEffortKind/brokenRules(_:)``; empty for a kind without a best effort.
    static func declaredBrokenRules(_ solution: Solution) -> [String]

    /// ``OwnPipelineKind/solveByOwnPipeline(_:solver:options:settings:method:)``; nil (the engine's path) for the others.
    static func ownPipeline(
        _ prepared: Prepared, solver: (any Solver)?, options: SolveOptions, settings: RunSettings, method: InstanceOptions.Method
    ) -> PipelineOutcome<Solution>?

    /// ``OwnPipelineKind/provenByPlan(_:)``; nil (the proof is the solver's) for the others.
    static func planProof(_ objective: Objective) -> Bool?

    /// A splittable kind's ``SplittableKind/identity(_:)`` (the instance's `id` and `part`); nil for the others.
    static func splitIdentity(_ instance: Instance) -> (id: String?, part: SplitPart?)

    /// A splittable kind's solve component by component, when its settings and size call for it; nil otherwise.
    static func componentSolve(
        _ prepared: Prepared, options: InstanceOptions, settings: RunSettings, started: ContinuousClock.Instant
    ) throws(TouchlineError) -> SolveReport<Self>?

    /// ``CalendarKind/calendarSubjects(_:)``; nil for a kind without a calendar (`--format ics`).
    static func calendarSubjectsIfAny(_ instance: Instance) -> Set<String>?

    /// ``CalendarKind/calendar(_:_:)``; nil for a kind without a calendar.
    static func calendarIfAny(_ instance: Instance, _ solution: Solution) -> PlanCalendar?

    /// True for a kind with a printable page (``PrintableKind``, `--format html`).
    static var isPrintable: Bool { get }

    /// ``PrintableKind/renderHTML(_:_:)``; nil for a kind without a printable page.
    static func printablePage(_ instance: Instance, _ result: SolveReport<Self>) -> String?

    /// True for a kind that writes its plan as CSV (``SpreadsheetKind``, `--format csv`).
    static var isSpreadsheet: Bool { get }

    /// ``SpreadsheetKind/renderCSV(_:_:)``; nil for a kind without one (or a result without a plan).
    static func spreadsheet(_ instance: Instance, _ result: SolveReport<Self>) -> String?

    /// What a valid instance probably does not mean (a window that leaves a 2-minute segment, a position no
    /// formation has), each with its JSON path: `validate` and `solve` print them as warnings.
    static func inputWarnings(_ instance: Instance) -> [InputIssue]

    /// ``SuggestingKind/relaxations(_:)``; empty for a kind without suggestions.
    static func ruleRelaxations(_ instance: Instance) -> [RuleRelaxation<Instance>]
}

// The defaults: a kind without the ability.
extension ProblemKind {
    public static func preCheck(_ prepared: Prepared) -> String? { nil }
    public static var hasBestEffort: Bool { false }
    public static var builtinSolverServes: Bool { false }
    public static func bestEffortPlan(_ prepared: Prepared, solver: (any Solver)?, options: SolveOptions) -> Solution? { nil }
    public static func declaredBrokenRules(_ solution: Solution) -> [String] { [] }
    public static func ownPipeline(
        _ prepared: Prepared, solver: (any Solver)?, options: SolveOptions, settings: RunSettings, method: InstanceOptions.Method
    ) -> PipelineOutcome<Solution>? { nil }
    public static func planProof(_ objective: Objective) -> Bool? { nil }
    public static func splitIdentity(_ instance: Instance) -> (id: String?, part: SplitPart?) { (nil, nil) }
    public static func componentSolve(
        _ prepared: Prepared, options: InstanceOptions, settings: RunSettings, started: ContinuousClock.Instant
    ) throws(TouchlineError) -> SolveReport<Self>? { nil }
    public static func calendarSubjectsIfAny(_ instance: Instance) -> Set<String>? { nil }
    public static func calendarIfAny(_ instance: Instance, _ solution: Solution) -> PlanCalendar? { nil }
    public static var isPrintable: Bool { false }
    public static func printablePage(_ instance: Instance, _ result: SolveReport<Self>) -> String? { nil }
    public static var isSpreadsheet: Bool { false }
    public static func spreadsheet(_ instance: Instance, _ result: SolveReport<Self>) -> String? { nil }
    public static func inputWarnings(_ instance: Instance) -> [InputIssue] { [] }
    public static func ruleRelaxations(_ instance: Instance) -> [RuleRelaxation<Instance>] { [] }
}

extension ProblemKind {
    /// The value of the `problem` field.
    public static var name: String { configuration.name }
    /// One line for `touchline --help` and the README.
    public static var summary: String { configuration.summary }
    /// The JSON Schema (draft 2020-12) of an instance, as JSON text.
    public static var schema: String { configuration.schema }
    /// What `size` means for ``generate(size:seed:)``.
    public static var generatorSize: GeneratorSize { configuration.generatorSize }

    /// The prepared form of an instance under its own options.
    public static func prepare(_ instance: Instance) -> Prepared {
        prepare(instance, options: options(of: instance) ?? InstanceOptions())
    }

    /// The greedy plan of an instance (prepared here), within about `seconds` (nil: no limit).
    public static func greedy(_ instance: Instance, seconds: Double? = nil) -> Solution? {
        greedy(prepare(instance), seconds: seconds)
    }

    /// The MILP of an instance (prepared here).
    public static func formulate(_ instance: Instance) -> Formulation<Solution> { formulate(prepare(instance)) }

    /// True when `lhs` is strictly better than `rhs` in the lexicographic order of ``levels(_:)``: the first
    /// level that differs decides (larger wins where the level is maximised).
    public static func isBetter(_ lhs: Objective, than rhs: Objective) -> Bool {
        for (left, right) in zip(levels(lhs), levels(rhs)) where left.value != right.value {
            return left.maximise ? left.value > right.value : left.value < right.value
        }
        return false
    }
}

extension ProblemKind where Prepared == PlainInstance<Instance> {
    public static func prepare(_ instance: Instance, options: InstanceOptions) -> Prepared { PlainInstance(instance) }
}

/// A kind that can see, without solving, that an instance has no plan at all.
public protocol PreCheckedKind: ProblemKind {
    /// A sentence naming the rules that collide when the instance cannot have a plan at all (for example a pin
    /// to a closed pitch), found without solving; nil when no such collision is seen.
    static func impossibility(_ prepared: Prepared) -> String?
}

extension PreCheckedKind {
    /// The pre-check of an instance (prepared here).
    public static func impossibility(_ instance: Instance) -> String? { impossibility(prepare(instance)) }

    public static func preCheck(_ prepared: Prepared) -> String? { impossibility(prepared) }
}

/// A kind that, when no plan keeps every hard rule, offers the plan that breaks the fewest soft rules.
public protocol BestEffortKind: ProblemKind {
    /// The plan that breaks the fewest soft rules, each listed in the solution (see ``brokenRules(_:)``), or
    /// nil when none is found.
    static func bestEffort(_ prepared: Prepared, solver: (any Solver)?, options: SolveOptions) -> Solution?

    /// The rules a best-effort solution declares broken (empty for a plan that keeps them all).
    static func brokenRules(_ solution: Solution) -> [String]
}

extension BestEffortKind {
    /// The best effort for an instance (prepared here).
    public static func bestEffort(_ instance: Instance, solver: (any Solver)?, options: SolveOptions) -> Solution? {
        bestEffort(prepare(instance), solver: solver, options: options)
    }

    public static var hasBestEffort: Bool { true }
    public static func bestEffortPlan(_ prepared: Prepared, solver: (any Solver)?, options: SolveOptions) -> Solution? {
        bestEffort(prepared, solver: solver, options: options)
    }
    public static func declaredBrokenRules(_ solution: Solution) -> [String] { brokenRules(solution) }
}

/// A kind with a solve pipeline of its own in place of the engine's greedy-then-one-model path: the lineup
/// pattern engine (a window scan over pattern models), the standings analysis (one small program per team
/// and question, in parallel), the officials' league search (neighbourhoods over a season) and season tours
/// (an exact branch and bound). The kind chooses per instance; nil sends the instance down the engine's path.
public protocol OwnPipelineKind: ProblemKind {
    /// Solves the instance by the kind's pipeline; nil for the engine's single-model path. `solver` is nil for
    /// `method: greedy` and in a build without GLPK; `settings` are the caller's (its `tuning`: branch-and-bound
    /// settings, nil for the kind's own) and `method` the instance's resolved method (`greedy`: the kind's own
    /// searches, such as the officials' season tours, stop at their first plan).
    static func solveByOwnPipeline(
        _ prepared: Prepared, solver: (any Solver)?, options: SolveOptions, settings: RunSettings, method: InstanceOptions.Method
    ) -> PipelineOutcome<Solution>?

    /// For a kind whose plan itself records what is proven (the standings analysis marks each answer): whether
    /// the plan with this objective is proven optimal. Nil (the default) when the proof is the solver's, per
    /// level in `stats.levels`. `verify` uses it to check an `optimal` claim.
    static func provenByPlan(_ objective: Objective) -> Bool?
}

extension OwnPipelineKind {
    /// The kind's pipeline on an instance (prepared here).
    public static func solveByOwnPipeline(
        _ instance: Instance, solver: (any Solver)?, options: SolveOptions, settings: RunSettings = RunSettings(),
        method: InstanceOptions.Method = .auto
    ) -> PipelineOutcome<Solution>? {
        solveByOwnPipeline(prepare(instance), solver: solver, options: options, settings: settings, method: method)
    }

    public static func provenByPlan(_ objective: Objective) -> Bool? { nil }

    public static func ownPipeline(
        _ prepared: Prepared, solver: (any Solver)?, options: SolveOptions, settings: RunSettings, method: InstanceOptions.Method
    ) -> PipelineOutcome<Solution>? {
        solveByOwnPipeline(prepared, solver: solver, options: options, settings: settings, method: method)
    }
    public static func planProof(_ objective: Objective) -> Bool? { provenByPlan(objective) }
}

/// A kind whose plans are match-day events (`--format ics`).
public protocol CalendarKind: ProblemKind {
    /// The ids whose own calendar ``calendar(_:_:)`` can cut from a plan (officials and teams).
    static func calendarSubjects(_ instance: Instance) -> Set<String>

    /// The plan's matches as calendar events.
    static func calendar(_ instance: Instance, _ solution: Solution) -> PlanCalendar
}

extension CalendarKind {
    public static func calendarSubjectsIfAny(_ instance: Instance) -> Set<String>? { calendarSubjects(instance) }
    public static func calendarIfAny(_ instance: Instance, _ solution: Solution) -> PlanCalendar? { calendar(instance, solution) }
}

/// A kind with a printable page (`--format html`).
public protocol PrintableKind: ProblemKind {
    /// A self-contained printable HTML page of a result (inline CSS, no scripts).
    static func renderHTML(_ instance: Instance, _ result: SolveReport<Self>) -> String
}

extension PrintableKind {
    public static var isPrintable: Bool { true }
    public static func printablePage(_ instance: Instance, _ result: SolveReport<Self>) -> String? { renderHTML(instance, result) }
}

/// A kind that writes its plan as a spreadsheet (`--format csv`).
public protocol SpreadsheetKind: ProblemKind {
    /// The plan as CSV (RFC 4180, one row per match), or nil when there is no plan.
    static func renderCSV(_ instance: Instance, _ result: SolveReport<Self>) -> String?
}

extension SpreadsheetKind {
    public static var isSpreadsheet: Bool { true }
    public static func spreadsheet(_ instance: Instance, _ result: SolveReport<Self>) -> String? { renderCSV(instance, result) }
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

    public init(_ name: String, _ value: Double, maximise: Bool = false) {
        self.name = name
        self.value = value
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
    package var smallSeries: [Int]

    public init(meaning: String, unit: String, range: ClosedRange<Int>, series: [Int], smallSeries: [Int]) {
        self.meaning = meaning
        self.unit = unit
        self.range = range
        self.series = series
        self.smallSeries = smallSeries
    }
}

/// The result of ``OwnPipelineKind/solveByOwnPipeline(_:solver:options:settings:method:)``.
public struct PipelineOutcome<Solution: Sendable>: Sendable {
    /// The plan; nil when none was found (then ``infeasibleReason`` says whether that is proven).
    public var solution: Solution?
    /// True when every part is proven (status `optimal`).
    public var proven: Bool
    /// `milp`, `greedy` or `exact` (nothing to optimise).
    public var method: PlanMethod
    /// Totals over the integer programs solved.
    public var variables: Int
    public var constraints: Int
    public var nodes: Int
    public var warnings: [String]
    /// Set when the solver proved that no plan keeps every hard rule: which rules collide.
    public var infeasibleReason: String?
    /// Per objective level, when the kind reports them.
    public var levels: [LevelReport]?
    /// The bound and gap of the first level not proven optimal (of level 1, with gap 0, when all are).
    public var bound: Double?
    public var gap: Double?
    /// Columns of a pattern model, when the kind uses one (reported as `stats.patterns`).
    public var patterns: Int?
    /// The heuristic plan the pipeline started from, when it had one (its objective is reported as
    /// `stats.greedyObjective`).
    public var heuristic: Solution? = nil

    public init(
        solution: Solution?, proven: Bool, method: PlanMethod, variables: Int = 0, constraints: Int = 0, nodes: Int = 0,
        warnings: [String] = [], infeasibleReason: String? = nil, levels: [LevelReport]? = nil, bound: Double? = nil,
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
