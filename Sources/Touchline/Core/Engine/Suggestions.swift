import Foundation

/// A value of an instance field, as a suggestion names it: a number, a whole number, a yes or no, a list of
/// names, or absent (the field removed). Encodes as the plain JSON value (`null` when absent).
public enum SuggestionValue: Sendable, Equatable, Codable, CustomStringConvertible {
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case strings([String])
    case absent

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .absent
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .strings(try container.decode([String].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .strings(let value): try container.encode(value)
        case .absent: try container.encodeNil()
        }
    }

    public var description: String {
        switch self {
        case .integer(let value): "\(value)"
        case .number(let value): Self.format(value)
        case .bool(let value): "\(value)"
        case .strings(let value): "[" + value.joined(separator: ", ") + "]"
        case .absent: "absent"
        }
    }

    /// A share or a rating as a person writes it (0.7, not 0.7000000000000001).
    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// A change of one field that makes an impossible instance plannable, proven by solving the changed instance:
/// its solve found a plan that the verifier accepts (`status` `optimal` or `feasible`).
public struct RuleSuggestion: Sendable, Codable, Equatable {
    /// The JSON path of the field (`rules.maxConsecutiveBench`, `turnBased.changesPerWindow`).
    public var field: String
    /// The field's value in the instance (`null` when it is absent).
    public var from: SuggestionValue
    /// The value that makes a plan exist (`null`: remove the field).
    public var to: SuggestionValue
    /// The change in words (`allow 2 segments in a row on the bench instead of 1`).
    public var change: String
    /// True when every value of the field nearer to `from` was tried and proven to leave no plan: no smaller
    /// change of this field works. False when a nearer value was left undecided within the time.
    public var smallest: Bool
    /// How the changed instance's solve ended (`optimal` or `feasible`) and its objective, in words.
    public var status: ResultStatus
    public var objective: String?
    /// Other fields the change removes with it, as JSON paths (`colourGroups.assignment` when a different number
    /// of colours leaves the players' colours to Touchline); absent when the change is the one field alone.
    public var alsoRemoves: [String]?

    public init(
        field: String, from: SuggestionValue, to: SuggestionValue, change: String, smallest: Bool, status: ResultStatus,
        objective: String?, alsoRemoves: [String]? = nil
    ) {
        self.field = field
        self.from = from
        self.to = to
        self.change = change
        self.smallest = smallest
        self.status = status
        self.objective = objective
        self.alsoRemoves = alsoRemoves
    }
}

/// The values one field of an impossible instance could take instead, nearest first, each with the changed
/// instance (``SuggestingKind/relaxations(_:)``).
public struct RuleRelaxation<Instance: Sendable>: Sendable {
    public struct Step: Sendable {
        public var to: SuggestionValue
        public var change: String
        public var instance: Instance
        /// Other fields the step removes with this one (JSON paths).
        public var alsoRemoves: [String]?

        public init(to: SuggestionValue, change: String, instance: Instance, alsoRemoves: [String]? = nil) {
            self.to = to
            self.change = change
            self.instance = instance
            self.alsoRemoves = alsoRemoves
        }
    }

    public var field: String
    public var from: SuggestionValue
    /// Nearest first.
    public var steps: [Step]
    /// True when each step allows every plan the step before it allows (a limit loosened): then a step that
    /// leaves no plan proves every nearer one leaves none too, and the search halves the steps.
    public var loosening: Bool

    public init(field: String, from: SuggestionValue, steps: [Step], loosening: Bool) {
        self.field = field
        self.from = from
        self.steps = steps
        self.loosening = loosening
    }

    /// A rule switched off in one step (a flag set to false, a list dropped): it allows every plan the rule did.
    public static func switchedOff(_ field: String, from: SuggestionValue, to: SuggestionValue, change: String, instance: Instance) -> Self {
        Self(field: field, from: from, steps: [Step(to: to, change: change, instance: instance)], loosening: true)
    }
}

/// A kind that says what to change when an instance is proven impossible: the engine solves the changed
/// instances and reports the changes that make a plan exist (`suggestions`).
public protocol SuggestingKind: ProblemKind {
    /// Each field the instance sets whose change could make room for a plan, with its values nearest first.
    static func relaxations(_ instance: Instance) -> [RuleRelaxation<Instance>]
}

extension SuggestingKind {
    public static func ruleRelaxations(_ instance: Instance) -> [RuleRelaxation<Instance>] { relaxations(instance) }
}

extension Engine {
    /// For an instance proven infeasible, given its ``RuleRelaxation``s: each field whose change makes a plan exist, with the nearest such
    /// value, proven by solving the changed instance (a plan the verifier accepts). A loosening field is first
    /// tried at its loosest value (if even that leaves no plan, the field alone cannot help), then halved
    /// between the nearest value and the nearest known to work; another field is tried nearest first. A step
    /// that neither finds a plan nor proves there is none (its time ran out) ends the search of that field
    /// with what it knows (`smallest` false). Each solve of a changed instance has what is left of `seconds`,
    /// at most a third of it.
    static func suggestions<Kind: ProblemKind>(
        _ relaxations: [RuleRelaxation<Kind.Instance>], kind: Kind.Type, options: InstanceOptions, settings: RunSettings,
        seconds: Double
    ) -> [RuleSuggestion] {
        guard seconds > 0 else { return [] }
        let started = ContinuousClock.now
        func left() -> Double { seconds - (ContinuousClock.now - started).inSeconds }
        var found: [RuleSuggestion] = []
        for relaxation in relaxations {
            guard left() > 0.05, !(settings.control?.isCancelled ?? false) else { break }
            // What each step proved: a plan (with its report), none, or nothing.
            var outcomes: [Int: SolveReport<Kind>?] = [:]
            func attempt(_ index: Int) -> SolveReport<Kind>? {
                if let known = outcomes[index] { return known }
                let budget = left()
                guard budget > 0.05 else { return nil }
                var stepOptions = options
                stepOptions.timeLimitSeconds = max(0.05, min(budget, max(seconds / 3, 0.5)))
                stepOptions.suggestSeconds = 0
                var stepSettings = settings
                stepSettings.started = nil
                stepSettings.trace = nil
                stepSettings.bestEffort = false
                stepSettings.control = settings.control?.part("\(relaxation.field) \(relaxation.steps[index].to)")
                let report = try? Engine.solveOnce(relaxation.steps[index].instance, kind: kind, options: stepOptions, settings: stepSettings)
                outcomes[index] = report
                return report
            }
            func plans(_ index: Int) -> Bool { [.optimal, .feasible].contains(attempt(index)?.status) }
            func noPlan(_ index: Int) -> Bool { outcomes[index]??.status == .infeasible }
            var chosen: Int? = nil
            var smallest = false
            if relaxation.loosening {
                let last = relaxation.steps.count - 1
                guard last >= 0, plans(last) else { continue }
                // Invariant: `high` has a plan; every step below `low` is proven to have none.
                var low = 0
                var high = last
                var undecided = false
                while low < high {
                    let middle = (low + high) / 2
                    if plans(middle) {
                        high = middle
                    } else if noPlan(middle) {
                        low = middle + 1
                    } else {
                        undecided = true
                        break
                    }
                }
                chosen = high
                smallest = !undecided
            } else {
                var allProven = true
                for index in relaxation.steps.indices {
                    if plans(index) {
                        chosen = index
                        break
                    }
                    if !noPlan(index) { allProven = false }
                    guard left() > 0.05 else { break }
                }
                smallest = allProven
            }
            guard let chosen, let report = outcomes[chosen] ?? nil else { continue }
            let step = relaxation.steps[chosen]
            found.append(
                RuleSuggestion(
                    field: relaxation.field, from: relaxation.from, to: step.to, change: step.change, smallest: smallest,
                    status: report.status, objective: report.objective.map { "\($0)" }, alsoRemoves: step.alsoRemoves))
        }
        return found
    }
}
