/// A term the assignor's objective can weigh (`rules.objective`).
public enum OfficialsTerm: String, Sendable, Codable, CaseIterable, Comparable {
    /// Required slots filled (Σ over matches of min(crew, `officials`)).
    case filled
    /// With `previous`: published (match, official) assignments not kept.
    case changes
    /// The most matches given to one official.
    case maxLoad
    /// Moves between field groups between consecutive matches of one official on one day.
    case travel
    /// Over (official, team): matches beyond the first.
    case repeatPairings
    /// Kilometres of every official's daily routes (home, venues in start order, home; each leg rounded up).
    case distanceKm
    /// Optional slots (between `officials` and `maxOfficials`) left empty.
    case optionalUnfilled
    /// Matches whose crew's summed experience is below `minExperience`.
    case lowExperience
    /// Per match, each ordered pair of its officials where the first lists the second in `avoid`.
    case crewConflicts
    /// With `rules.teamConflicts: "soft"`: per match and official, each of its teams the official is attached to.
    case teamConflicts
    /// Σ over officials of ⌈|avg − matches of the official|⌉, avg = assigned slots / officials.
    case loadDeviation
    /// Σ over (official, team) of ⌈n − avg_team⌉ when positive: n = the team's matches the official works,
    /// avg_team = the team's assigned slots / officials.
    case teamFrequency
    /// Kilometres between consecutive matches of every official over the whole instance (`distances`, else
    /// the venues' points): the Traveling Umpire Problem's objective.
    case tourKm

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The terms of today's default objective and of the school kinds (always reported).
    var isClassic: Bool { [.filled, .changes, .maxLoad, .travel, .repeatPairings].contains(self) }
}

/// `rules.objective`: levels optimised lexicographically, each a map from term to weight (negative weight:
/// maximise), or a named preset.
public enum OfficialsObjectiveSpec: Sendable, Codable, Equatable {
    case preset(String)
    case levels([[String: Int]])

    /// The presets by name.
    public static let presets = ["udine", "default"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let name = try? container.decode(String.self) {
            self = .preset(name)
        } else {
            self = .levels(try container.decode([[String: Int]].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .preset(name): try container.encode(name)
        case let .levels(levels): try container.encode(levels)
        }
    }
}

/// One resolved level of the objective: its name in the output and its weighted terms.
struct OfficialsLevelSpec: Sendable, Equatable {
    var name: String
    var weights: [(term: OfficialsTerm, weight: Int)]
    /// A single term with a negative weight: reported as the term's value, larger is better.
    var maximise: Bool { weights.count == 1 && weights[0].weight < 0 }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.weights.map(\.term) == rhs.weights.map(\.term)
            && lhs.weights.map(\.weight) == rhs.weights.map(\.weight)
    }

    /// The level's value from term values: the term itself for a maximised single term, else the weighted sum.
    func value(_ terms: [OfficialsTerm: Int]) -> Int {
        if maximise { return terms[weights[0].term] ?? 0 }
        return weights.reduce(0) { $0 + $1.weight * (terms[$1.term] ?? 0) }
    }
}

extension OfficialsRules {
    /// The objective's levels. Default: filled, changes (with a previous plan), maxLoad, travel,
    /// repeatPairings. `udine`: filled, then one level `cost` with every benchmark term at weight 1. Custom
    /// levels: as given, with `filled` put first when no level names it (required slots are filled whenever
    /// anyone can); a level of one term is named by the term, others `cost`, `cost2`, ...
    func objectiveLevels(hasPrevious: Bool) -> [OfficialsLevelSpec] {
        func single(_ term: OfficialsTerm, _ weight: Int = 1) -> OfficialsLevelSpec {
            OfficialsLevelSpec(name: term.rawValue, weights: [(term, weight)])
        }
        let classic =
            [single(.filled, -1)] + (hasPrevious ? [single(.changes)] : [])
            + [single(.maxLoad), single(.travel), single(.repeatPairings)]
        switch objective {
        case nil where isTour:
            // Season tours: every slot is filled by construction; the kilometres are what the assignor minimises.
            return [single(.filled, -1), single(.tourKm)]
        case nil, .preset("default")?:
            return classic
        case .preset("udine")?:
            let terms: [OfficialsTerm] = [
                .distanceKm, .loadDeviation, .optionalUnfilled, .teamFrequency, .lowExperience,
                .crewConflicts, .teamConflicts
            ]
            return [single(.filled, -1), OfficialsLevelSpec(name: "cost", weights: terms.map { ($0, 1) })]
        case .preset?:
            return classic
        case let .levels(levels)?:
            var result: [OfficialsLevelSpec] = []
            var costs = 0
            for level in levels {
                let weights = level.compactMap { key, weight in OfficialsTerm(rawValue: key).map { ($0, weight) } }
                    .filter { $0.1 != 0 }.sorted { $0.0 < $1.0 }
                if weights.isEmpty { continue }
                if weights.count == 1 && abs(weights[0].1) == 1 {
                    result.append(OfficialsLevelSpec(name: weights[0].0.rawValue, weights: weights))
                } else {
                    costs += 1
                    result.append(OfficialsLevelSpec(name: costs == 1 ? "cost" : "cost\(costs)", weights: weights))
                }
            }
            if !result.contains(where: { level in level.weights.contains { $0.term == .filled } }) {
                result.insert(single(.filled, -1), at: 0)
            }
            return result
        }
    }

    /// True when the instance sets its own objective, or plans season tours (then every term and level is
    /// reported).
    var hasCustomObjective: Bool {
        if isTour { return true }
        return switch objective {
        case nil, .preset("default")?: false
        default: true
        }
    }
}

/// One level's value in the output (`objective.levels`), when the instance sets `rules.objective`.
public struct OfficialsLevelValue: Sendable, Codable, Equatable {
    public var name: String
    public var value: Int
    /// True when larger is better.
    public var maximise: Bool?

    public init(name: String, value: Int, maximise: Bool? = nil) {
        self.name = name
        self.value = value
        self.maximise = maximise
    }
}

/// The objective of an `officials` plan: the classic terms always, the league terms and every level's value
/// when the instance sets `rules.objective` (and `distanceKm` whenever an official has a home).
public struct OfficialsObjective: Sendable, Codable, Equatable, CustomStringConvertible {
    /// Required official slots filled (maximise).
    public var filled: Int
    /// With `previous`: published (match, official) assignments not kept (minimise).
    public var changes: Int?
    /// The most matches given to one official (minimise).
    public var maxLoad: Int
    /// Moves between field groups between consecutive matches of one official on one day (minimise).
    public var travel: Int
    /// Over (official, team): matches beyond the first (minimise).
    public var repeatPairings: Int
    public var distanceKm: Int?
    public var optionalUnfilled: Int?
    public var lowExperience: Int?
    public var crewConflicts: Int?
    public var teamConflicts: Int?
    public var loadDeviation: Int?
    public var teamFrequency: Int?
    /// With `rules.everySlot` (or a level that counts it): kilometres between consecutive matches of every
    /// official's season.
    public var tourKm: Int?
    /// Every level's value under its name, in lexicographic order (with `rules.objective`).
    public var levels: [OfficialsLevelValue]?

    public init(filled: Int, changes: Int? = nil, maxLoad: Int, travel: Int, repeatPairings: Int) {
        self.filled = filled
        self.changes = changes
        self.maxLoad = maxLoad
        self.travel = travel
        self.repeatPairings = repeatPairings
    }

    public var description: String {
        if let levels {
            return levels.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
        }
        return "filled \(filled)" + (changes.map { ", changes \($0)" } ?? "")
            + ", maxLoad \(maxLoad), travel \(travel), repeatPairings \(repeatPairings)"
    }

    var ranking: [Int] { [-filled, changes ?? 0, maxLoad, travel, repeatPairings] }

    /// The objective from every term's value and the levels of the instance's objective.
    init(terms: [OfficialsTerm: Int], levels: [OfficialsLevelSpec], custom: Bool, hasHomes: Bool) {
        self.init(
            filled: terms[.filled] ?? 0, changes: terms[.changes], maxLoad: terms[.maxLoad] ?? 0,
            travel: terms[.travel] ?? 0, repeatPairings: terms[.repeatPairings] ?? 0)
        if custom || hasHomes { distanceKm = terms[.distanceKm] }
        if custom {
            optionalUnfilled = terms[.optionalUnfilled]
            lowExperience = terms[.lowExperience]
            crewConflicts = terms[.crewConflicts]
            teamConflicts = terms[.teamConflicts]
            loadDeviation = terms[.loadDeviation]
            teamFrequency = terms[.teamFrequency]
            tourKm = terms[.tourKm]
            self.levels = levels.map {
                OfficialsLevelValue(name: $0.name, value: $0.value(terms), maximise: $0.maximise ? true : nil)
            }
        }
    }
}
