/// Points for a win, a draw and a loss (3-1-0 unless given; 2-1-0 for two-points-per-win eras).
public struct PointsSystem: Sendable, Codable, Equatable {
    public var win: Int
    public var draw: Int
    public var loss: Int

    /// Points an absent `win`, `draw` or `loss` means (the schema's `default`s).
    public static let defaultWin = 3
    public static let defaultDraw = 1
    public static let defaultLoss = 0

    public init(win: Int = defaultWin, draw: Int = defaultDraw, loss: Int = defaultLoss) {
        self.win = win
        self.draw = draw
        self.loss = loss
    }

    /// Each of the three may be left out (`{"win": 2}` is 2-1-0).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            win: try container.decodeIfPresent(Int.self, forKey: .win) ?? Self.defaultWin,
            draw: try container.decodeIfPresent(Int.self, forKey: .draw) ?? Self.defaultDraw,
            loss: try container.decodeIfPresent(Int.self, forKey: .loss) ?? Self.defaultLoss)
    }
}

public struct StandingsTeam: Sendable, Codable, Equatable {
    public var id: String
    public var name: String?

    public init(id: String, name: String? = nil) {
        self.id = id
        self.name = name
    }

    public var displayName: String { name ?? id }
}

/// A played match (`home` is the first-named team; away goals count for the second).
public struct MatchResult: Sendable, Codable, Equatable {
    public var home: String
    public var away: String
    public var homeGoals: Int
    public var awayGoals: Int
    public var date: String?

    public init(home: String, away: String, homeGoals: Int, awayGoals: Int, date: String? = nil) {
        self.home = home
        self.away = away
        self.homeGoals = homeGoals
        self.awayGoals = awayGoals
        self.date = date
    }
}

/// A match still to play.
public struct RemainingMatch: Sendable, Codable, Equatable {
    public var home: String
    public var away: String
    public var date: String?

    public init(home: String, away: String, date: String? = nil) {
        self.home = home
        self.away = away
        self.date = date
    }
}

/// Points for one team: an adjustment to its total (`adjustments`, negative for a deduction), or fair-play
/// and disciplinary points (`discipline`: higher is better, so deductions are negative).
public struct TeamPoints: Sendable, Codable, Equatable {
    public var team: String
    public var points: Int
    public var reason: String?

    public init(team: String, points: Int, reason: String? = nil) {
        self.team = team
        self.points = points
        self.reason = reason
    }
}

public typealias PointsAdjustment = TeamPoints
public typealias DisciplinePoints = TeamPoints

/// A play-off or decider between teams level on the table: the `winner` ranks above the others when exactly
/// these teams are tied at the `playoff` criterion.
public struct Playoff: Sendable, Codable, Equatable {
    public var teams: [String]
    public var winner: String
    public var reason: String?

    public init(teams: [String], winner: String, reason: String? = nil) {
        self.teams = teams
        self.winner = winner
        self.reason = reason
    }
}

/// What to work out beyond the table.
public struct StandingsAnalysisRequest: Sendable, Codable, Equatable {
    /// Best and worst possible final rank of every team (on points).
    public var positions: Bool?
    /// Positions k to report as clinched / out of reach / open for every team (1 = title, 4 = top four, ...).
    public var clinch: [Int]?
    /// Only these teams (every team when absent).
    public var teams: [String]?

    public init(positions: Bool? = nil, clinch: [Int]? = nil, teams: [String]? = nil) {
        self.positions = positions
        self.clinch = clinch
        self.teams = teams
    }

    var isRequested: Bool { positions == true || !(clinch ?? []).isEmpty }
}

/// The `standings` instance (field names are a contract).
public struct StandingsInstance: Sendable, Codable {
    public var problem: String?
    public var options: InstanceOptions?
    /// Where the data comes from (for shipped instances), and which inputs are not in the match files.
    public var source: String?
    public var points: PointsSystem?
    /// A preset chain (see ``StandingsRules/presets``).
    public var rules: String?
    /// An explicit chain of criterion codes; wins over `rules`.
    public var tieBreakers: [String]?
    /// `none`, `afterBlock` or `immediately` (see ``HeadToHeadReapply``).
    public var headToHeadReapply: String?
    public var teams: [StandingsTeam]
    public var results: [MatchResult]
    public var adjustments: [PointsAdjustment]?
    public var discipline: [DisciplinePoints]?
    public var playoffs: [Playoff]?
    public var lots: [String]?
    public var ranking: [String]?
    public var remaining: [RemainingMatch]?
    public var analysis: StandingsAnalysisRequest?

    public init(
        points: PointsSystem? = nil, rules: String? = nil, tieBreakers: [String]? = nil, headToHeadReapply: String? = nil,
        teams: [StandingsTeam], results: [MatchResult], adjustments: [PointsAdjustment]? = nil,
        discipline: [DisciplinePoints]? = nil, playoffs: [Playoff]? = nil, lots: [String]? = nil,
        ranking: [String]? = nil, remaining: [RemainingMatch]? = nil, analysis: StandingsAnalysisRequest? = nil
    ) {
        self.problem = "standings"
        self.points = points
        self.rules = rules
        self.tieBreakers = tieBreakers
        self.headToHeadReapply = headToHeadReapply
        self.teams = teams
        self.results = results
        self.adjustments = adjustments
        self.discipline = discipline
        self.playoffs = playoffs
        self.lots = lots
        self.ranking = ranking
        self.remaining = remaining
        self.analysis = analysis
    }

    public var pointsSystem: PointsSystem { points ?? PointsSystem() }
}

/// One row of the table.
public struct TableRow: Sendable, Codable, Equatable {
    /// Competition rank (1, 2, 2, 4 where teams share a position).
    public var rank: Int
    public var team: String
    public var played: Int
    public var won: Int
    public var drawn: Int
    public var lost: Int
    public var goalsFor: Int
    public var goalsAgainst: Int
    public var goalDifference: Int
    /// Including `adjustments`.
    public var points: Int
    /// The criterion code that put this team above the next; nil when it shares its position with the next
    /// (and for the last row).
    public var decidedBy: String?
    /// The two values of that criterion (this team's, the next team's), for the words in `--format text`.
    public var decidedValues: [Int]?
}

/// A remaining match with the result of one scenario.
public struct ScenarioResult: Sendable, Codable, Equatable {
    public var home: String
    public var away: String
    public var homeGoals: Int
    public var awayGoals: Int
}

public struct Witness: Sendable, Codable, Equatable {
    /// Remaining results under which the team reaches `bestRank`.
    public var best: [ScenarioResult]
    /// Remaining results under which the team falls to `worstRank`.
    public var worst: [ScenarioResult]
}

/// Best and worst final rank of one team on points (the contract), with clinch facts and witnesses.
public struct TeamAnalysis: Sendable, Codable, Equatable {
    public var team: String
    /// 1 + the fewest other teams that must finish with strictly more points.
    public var bestRank: Int
    /// 1 + the most other teams that can finish with at least as many points.
    public var worstRank: Int
    public var canFinishFirst: Bool
    /// k → `clinched` (worstRank <= k), `outOfReach` (bestRank > k) or `open`.
    public var clinch: [String: String]
    public var witness: Witness
    /// True when both ranks come from solved integer programs (or need none); false from the greedy fallback.
    public var proven: Bool
    /// The team's current points and the most it can still reach.
    public var points: Int
    public var maxPoints: Int
}

public struct StandingsSolution: Sendable, Codable, Equatable {
    public var table: [TableRow]
    /// Per team, when `analysis` asks for it.
    public var analysis: [TeamAnalysis]?
    /// The chain that was applied (criterion codes) and the re-application policy.
    public var tieBreakers: [String]
    public var headToHeadReapply: String
}

/// The summary of a standings result: the table is exact; the analysis part counts proven answers.
public struct StandingsObjective: Sendable, Codable, Equatable, CustomStringConvertible {
    public var teams: Int
    /// Teams that share their position with another (nothing in the chain separated them).
    public var sharedPositions: Int
    /// Analysed teams, and how many of them have both ranks proven.
    public var analysed: Int
    public var proven: Int
    /// Sums over analysed teams (a better best-rank search lowers the first, a better worst-rank search raises
    /// the second).
    public var bestRankSum: Int
    public var worstRankSum: Int

    public var description: String {
        "teams \(teams), shared \(sharedPositions), analysed \(analysed), proven \(proven), bestRankSum \(bestRankSum), worstRankSum \(worstRankSum)"
    }
}
