/// A tie-break criterion (the codes are a contract).
public enum Criterion: String, Sendable, CaseIterable, Codable, InputChoice {
    case points, goalDifference, goalsFor, awayGoals, wins, awayWins
    case headToHeadPoints, headToHeadGoalDifference, headToHeadGoalsFor, headToHeadAwayGoals
    case opponentsPoints, opponentsGoalDifference, opponentsGoalsFor
    case discipline, ranking, playoff, lots

    public init(from decoder: any Decoder) throws { self = try Self.decodeChoice(from: decoder) }

    /// Counted only over the matches among the teams still tied.
    public var isHeadToHead: Bool {
        switch self {
        case .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsFor, .headToHeadAwayGoals: return true
        default: return false
        }
    }

    /// In words, for `--format text`.
    public var words: String {
        switch self {
        case .points: return "points"
        case .goalDifference: return "goal difference"
        case .goalsFor: return "goals scored"
        case .awayGoals: return "away goals"
        case .wins: return "wins"
        case .awayWins: return "away wins"
        case .headToHeadPoints: return "head-to-head points"
        case .headToHeadGoalDifference: return "head-to-head goal difference"
        case .headToHeadGoalsFor: return "head-to-head goals"
        case .headToHeadAwayGoals: return "head-to-head away goals"
        case .opponentsPoints: return "opponents' points"
        case .opponentsGoalDifference: return "opponents' goal difference"
        case .opponentsGoalsFor: return "opponents' goals"
        case .discipline: return "disciplinary points"
        case .ranking: return "ranking"
        case .playoff: return "play-off"
        case .lots: return "drawing of lots"
        }
    }
}

/// How a tie of three or more re-applies the head-to-head criteria (a run of consecutive head-to-head criteria
/// in the chain is one block).
public enum HeadToHeadReapply: String, Sendable, CaseIterable, Codable, InputChoice {
    public init(from decoder: any Decoder) throws { self = try Self.decodeChoice(from: decoder) }

    /// The block is computed once, over the teams that entered it; the chain then goes on.
    case none
    /// The whole block runs over the teams that entered it; teams still tied, if fewer, go through the block
    /// again over their own matches (UEFA; Euro 2024 Group E).
    case afterBlock
    /// As soon as a criterion of the block separates the teams, each group still tied restarts the block over
    /// its own matches.
    case immediately
}

/// A named tie-break chain with its re-application policy.
public struct StandingsPreset: Sendable {
    public var name: String
    public var chain: [Criterion]
    public var reapply: HeadToHeadReapply
    /// What it is, with the era it is for.
    public var summary: String
}

public enum StandingsRules {
    /// The preset chains (`rules`). Each follows the competition's regulations for the era named.
    public static let presets: [StandingsPreset] = [
        StandingsPreset(
            name: "premier-league", chain: [.points, .goalDifference, .goalsFor, .headToHeadPoints, .headToHeadAwayGoals, .playoff],
            reapply: .none, summary: "Premier League: points, goal difference, goals scored; head-to-head from 2019-20; play-off"),
        StandingsPreset(
            name: "la-liga",
            chain: [.points, .headToHeadPoints, .headToHeadGoalDifference, .goalDifference, .goalsFor, .discipline, .lots],
            reapply: .none,
            summary: "La Liga: head-to-head mini-league (points, goal difference) first, then overall goal difference, goals, fair play"),
        StandingsPreset(
            name: "serie-a",
            chain: [.points, .playoff, .headToHeadPoints, .headToHeadGoalDifference, .goalDifference, .goalsFor, .lots],
            reapply: .none,
            summary: "Serie A: title and relegation play-offs (from 2022-23), then the classifica avulsa, overall goal difference, goals"),
        StandingsPreset(
            name: "bundesliga",
            chain: [.points, .goalDifference, .goalsFor, .headToHeadPoints, .headToHeadAwayGoals, .awayGoals, .playoff],
            reapply: .none, summary: "Bundesliga: goal difference, goals, then head-to-head points and away goals, away goals, play-off"),
        StandingsPreset(
            name: "uefa-group-2009",
            chain: [
                .points, .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsFor, .headToHeadAwayGoals,
                .goalDifference, .goalsFor, .awayGoals, .wins, .awayWins, .discipline, .ranking
            ],
            reapply: .afterBlock, summary: "UEFA club group stage 2009-10 to 2020-21: head-to-head with away goals, re-applied after the block"),
        StandingsPreset(
            name: "uefa-group-2021",
            chain: [
                .points, .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsFor,
                .goalDifference, .goalsFor, .awayGoals, .wins, .awayWins, .discipline, .ranking
            ],
            reapply: .afterBlock, summary: "UEFA club group stage from 2021-22: head-to-head without away goals"),
        StandingsPreset(
            name: "uefa-euro-2024",
            chain: [
                .points, .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsFor,
                .goalDifference, .goalsFor, .discipline, .ranking
            ],
            reapply: .afterBlock,
            summary: "UEFA EURO 2024 group stage: head-to-head, re-applied after the block; disciplinary points; qualifying ranking"),
        StandingsPreset(
            name: "uefa-league-phase-2024",
            chain: [
                .points, .goalDifference, .goalsFor, .awayGoals, .wins, .awayWins,
                .opponentsPoints, .opponentsGoalDifference, .opponentsGoalsFor, .discipline, .ranking
            ],
            reapply: .none, summary: "UEFA club league phase from 2024-25: no head-to-head; opponents' results; coefficient"),
        StandingsPreset(
            name: "fifa-world-cup-2018",
            chain: [.points, .goalDifference, .goalsFor, .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsFor, .discipline, .lots],
            reapply: .none, summary: "FIFA World Cup 2018 and 2022: overall goals first, then head-to-head, fair play, lots"),
        StandingsPreset(
            name: "fifa-world-cup-2026",
            chain: [
                .points, .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsFor,
                .goalDifference, .goalsFor, .discipline, .ranking
            ],
            reapply: .afterBlock, summary: "FIFA World Cup 2026: head-to-head first (re-applied), goals, team conduct, FIFA ranking")
    ]

    public static func preset(named name: String) -> StandingsPreset? { presets.first { $0.name == name } }

    /// The chain and policy an instance asks for: `tieBreakers` over `rules`, `headToHeadReapply` over the
    /// preset's policy; points, goal difference, goals scored when it names neither.
    static func resolved(_ instance: StandingsInstance) -> (chain: [Criterion], reapply: HeadToHeadReapply) {
        let preset = instance.rules.flatMap(preset(named:))
        let chain =
            instance.tieBreakers.map { $0.compactMap(Criterion.init(rawValue:)) }
            ?? preset?.chain ?? [.points, .goalDifference, .goalsFor]
        let reapply = instance.headToHeadReapply.flatMap(HeadToHeadReapply.init(rawValue:)) ?? preset?.reapply ?? .none
        return (chain, reapply)
    }
}
