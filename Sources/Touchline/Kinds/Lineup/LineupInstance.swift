/// The match format: regulation periods, optional overtime, and when substitutions may happen.
public struct LineupMatch: Sendable, Codable, Equatable {
    public struct Overtime: Sendable, Codable, Equatable {
        public var periods: Int
        public var periodMinutes: Int
        public init(periods: Int, periodMinutes: Int) {
            self.periods = periods
            self.periodMinutes = periodMinutes
        }
    }

    /// `{"everyMinutes": n}` counts from each period's start; `{"atMinutes": [...]}` are match-clock minutes.
    /// Every period start is a window as well.
    public struct Substitutions: Sendable, Codable, Equatable {
        public var everyMinutes: Int?
        public var atMinutes: [Int]?
        public init(everyMinutes: Int? = nil, atMinutes: [Int]? = nil) {
            self.everyMinutes = everyMinutes
            self.atMinutes = atMinutes
        }
    }

    public var periods: Int
    public var periodMinutes: Int
    public var overtime: Overtime?
    public var substitutions: Substitutions?

    public init(periods: Int, periodMinutes: Int, overtime: Overtime? = nil, substitutions: Substitutions? = nil) {
        self.periods = periods
        self.periodMinutes = periodMinutes
        self.overtime = overtime
        self.substitutions = substitutions
    }
}

/// A squad member.
public struct LineupPlayer: Sendable, Codable, Equatable {
    public enum Status: String, Sendable, Codable, Equatable, CaseIterable, InputChoice {
        case available, injured, unavailable

        public init(from decoder: any Decoder) throws { self = try Self.decodeChoice(from: decoder) }
    }

    public var id: String
    public var name: String?
    public var number: Int?
    /// Positions the player plays, preferred first.
    public var positions: [String]
    /// Default `available`; `injured` and `unavailable` players are never on the field.
    public var status: Status?
    /// Minutes played earlier in the season (for `seasonBalance`).
    public var seasonMinutes: Int?
    public var minMinutes: Int?
    public var maxMinutes: Int?
    /// Match-clock minute the player arrives; on the bench (and not counted) before it.
    public var arrivesAt: Int?
    /// Position codes the player plays at least one segment at (or already has, by `state.positionsPlayed`).
    /// Default: none.
    public var mustPlay: [String]?
    /// The player never changes position within the match (the position held before a re-plan included).
    /// Default false.
    public var onePosition: Bool?
    /// The coach's rating of the player (a non-negative number), read by `rules.strength`. Default: none.
    public var rating: Double?

    public init(
        id: String, name: String? = nil, number: Int? = nil, positions: [String], status: Status? = nil,
        seasonMinutes: Int? = nil, minMinutes: Int? = nil, maxMinutes: Int? = nil, arrivesAt: Int? = nil,
        mustPlay: [String]? = nil, onePosition: Bool? = nil, rating: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.number = number
        self.positions = positions
        self.status = status
        self.seasonMinutes = seasonMinutes
        self.minMinutes = minMinutes
        self.maxMinutes = maxMinutes
        self.arrivesAt = arrivesAt
        self.mustPlay = mustPlay
        self.onePosition = onePosition
        self.rating = rating
    }

    public var displayName: String { name ?? id }
    /// The status an absent `status` means (the schema's `default`).
    public static let defaultStatus = Status.available
    public var isAvailable: Bool { (status ?? Self.defaultStatus) == .available }
}

/// The substitution system.
public enum LineupMode: String, Sendable, Codable, Equatable, CaseIterable, InputChoice {
    case balanced, turnBased, preMarked, colourGroups

    public init(from decoder: any Decoder) throws { self = try Self.decodeChoice(from: decoder) }
}

/// The rules of a lineup (`rules`); every field is optional, with the default it names.
public struct LineupRules: Sendable, Codable, Equatable {
    /// How changes are made. Default ``LineupMode/balanced``.
    public var mode: LineupMode?
    /// Every available player plays at least this share of the regulation minutes they are there for.
    /// Default 0 (no minimum).
    public var minShare: Double?
    /// Segments in a row on the bench while present, at most. Default: no limit.
    public var maxConsecutiveBench: Int?
    /// The goalkeeper changes only at period starts. Default false.
    public var keeperFullPeriods: Bool?
    /// Players coming on at one window after kick-off, at most. Default: no limit.
    public var maxChangesPerWindow: Int?
    /// A player who comes on stays on at least this many segments, starters too (cut short only by the end of
    /// the match). Default 1.
    public var minStint: Int?
    /// Balance season minutes plus this match's instead of this match alone. Default false.
    public var seasonBalance: Bool?
    /// Groups of players (by id) never all on the bench at once: in every segment in which one of a group is
    /// there (available and arrived), at least one of the group is on the field. Default: none.
    public var apart: [[String]]?
    /// Groups of players (by id) on the field in exactly the same segments. Default: none.
    public var together: [[String]]?
    /// A player keeps goal at most this share of the regulation minutes (minutes in goal in regulation time,
    /// `state.keeperMinutes` included, at most `share × periods × periodMinutes`, rounded down). Default: no limit.
    public var keeperMaxShare: Double?
    /// A player who keeps goal at all also plays at least this many minutes outfield (on the field, not in goal,
    /// over the whole match). Default 0.
    public var keeperMinOutfieldMinutes: Int?
    /// Every available player who lists `GK` and is there for a planned segment keeps goal at least one segment
    /// (or already has, by `state.keeperMinutes`). Default false.
    public var keeperTurns: Bool?
    /// Every player who plays at least two segments outfield plays at least this many different outfield
    /// positions of their own (all of them when they list fewer). Default: no minimum.
    public var minPositions: Int?
    /// Position code to the most minutes a player plays in a row at it (`{"FWD": 10}`): a run at one position
    /// ends on the bench, at another position or at a period's start. Default: no limit.
    public var maxStintMinutes: [String: Int]?
    /// Strength on the field, by `players[].rating` (``LineupStrength``). Default: none.
    public var strength: LineupStrength?

    public init(
        mode: LineupMode? = nil, minShare: Double? = nil, maxConsecutiveBench: Int? = nil,
        keeperFullPeriods: Bool? = nil, maxChangesPerWindow: Int? = nil, minStint: Int? = nil,
        seasonBalance: Bool? = nil, apart: [[String]]? = nil, together: [[String]]? = nil,
        keeperMaxShare: Double? = nil, keeperMinOutfieldMinutes: Int? = nil, keeperTurns: Bool? = nil,
        minPositions: Int? = nil, maxStintMinutes: [String: Int]? = nil, strength: LineupStrength? = nil
    ) {
        self.mode = mode
        self.minShare = minShare
        self.maxConsecutiveBench = maxConsecutiveBench
        self.keeperFullPeriods = keeperFullPeriods
        self.maxChangesPerWindow = maxChangesPerWindow
        self.minStint = minStint
        self.seasonBalance = seasonBalance
        self.apart = apart
        self.together = together
        self.keeperMaxShare = keeperMaxShare
        self.keeperMinOutfieldMinutes = keeperMinOutfieldMinutes
        self.keeperTurns = keeperTurns
        self.minPositions = minPositions
        self.maxStintMinutes = maxStintMinutes
        self.strength = strength
    }

    /// The most minutes a player may keep goal in regulation time under `keeperMaxShare` (nil: no limit), for a
    /// match of `regulation` minutes: the share of them, rounded down.
    public func keeperMinuteCap(regulation: Int) -> Int? {
        keeperMaxShare.map { Int(($0 * Double(regulation) + 1e-9).rounded(.down)) }
    }

    /// True when a rule on who keeps goal and for how long is in force (`keeperMaxShare`,
    /// `keeperMinOutfieldMinutes` above 0, `keeperTurns`): the engines then follow each GK-eligible player's minutes
    /// in goal.
    public var hasKeeperMinuteRules: Bool {
        keeperMaxShare != nil || (keeperMinOutfieldMinutes ?? 0) > 0 || keeperTurns == true
    }

    /// What an absent field means, as the schema's `default` says it (the schema literal reads these).
    public static let defaultMode = LineupMode.balanced
    public static let defaultMinStint = 1

    /// `minStint`, or its default.
    public var resolvedMinStint: Int { minStint ?? Self.defaultMinStint }
}

/// `rules.strength`: `{"minShare": 0.9}` holds every segment's field to a share of the strongest field the
/// squad has there; `"balanced"` (or `{"balanced": true}`, which may carry a `minShare` too) adds the objective
/// level `strengthGap` right after `spread`: the largest difference between the on-field rating sums of two
/// planned segments, in the ratings' units.
public struct LineupStrength: Sendable, Codable, Equatable {
    /// Every planned segment's sum of the ratings on the field is at least this share of the sum of the
    /// highest ratings of as many players present in that segment (available and arrived) as the formation
    /// puts on the field.
    public var minShare: Double?
    /// The objective level `strengthGap`, right after `spread`.
    public var balanced: Bool

    public init(minShare: Double? = nil, balanced: Bool = false) {
        self.minShare = minShare
        self.balanced = balanced
    }

    public static let balancedValue = "balanced"

    /// The ratings' grid under `balanced`: the smallest of 1, 2, 4, 10, 20, 100 and 1000 that makes every rating
    /// a whole number when multiplied by it (the exact models count the strength gap in whole units of
    /// 1/scale). Nil when a rating has more than three decimals.
    public static func scale(of ratings: [Double]) -> Double? {
        [1.0, 2, 4, 10, 20, 100, 1000].first { scale in
            ratings.allSatisfy { abs(($0 * scale).rounded() - $0 * scale) < 1e-6 }
        }
    }

    private enum CodingKeys: String, CodingKey { case minShare, balanced }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard text == Self.balancedValue else {
                throw DecodingError.dataCorruptedError(
                    in: single,
                    debugDescription:
                        "expected \"\(Self.balancedValue)\" or {\"minShare\": a share from 0 to 1, \"balanced\": true or false}, got \"\(text)\"")
            }
            minShare = nil
            balanced = true
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        minShare = try container.decodeIfPresent(Double.self, forKey: .minShare)
        balanced = try container.decodeIfPresent(Bool.self, forKey: .balanced) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        if balanced && minShare == nil {
            var single = encoder.singleValueContainer()
            try single.encode(Self.balancedValue)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(minShare, forKey: .minShare)
            if balanced { try container.encode(true, forKey: .balanced) }
        }
    }
}

/// The coach's override: a player on (optionally in a position) or off over `[from, to)`.
public struct LineupLock: Sendable, Codable, Equatable {
    public var player: String
    public var from: Int
    public var to: Int
    public var position: String?
    /// Default true.
    public var onField: Bool?
    /// On a tournament day (`matches`): the match the lock is in, 1 for the first (required there); `from` and
    /// `to` are that match's clock.
    public var match: Int?

    public init(player: String, from: Int, to: Int, position: String? = nil, onField: Bool? = nil, match: Int? = nil) {
        self.player = player
        self.from = from
        self.to = to
        self.position = position
        self.onField = onField
        self.match = match
    }

    /// What an absent `onField` means (the schema's `default`).
    public static let defaultOnField = true
    /// True when the lock holds the player on the field (`onField`, or its default).
    public var holdsOnField: Bool { onField ?? Self.defaultOnField }
}

public struct TurnBasedRules: Sendable, Codable, Equatable {
    /// Players who start on the bench, front of the queue first.
    public var queue: [String]?
    /// Outfield players coming on at every window after kick-off; absent: the solver picks one number.
    public var changesPerWindow: Int?
    public init(queue: [String]? = nil, changesPerWindow: Int? = nil) {
        self.queue = queue
        self.changesPerWindow = changesPerWindow
    }
}

public struct PreMarkedRules: Sendable, Codable, Equatable {
    public struct Marks: Sendable, Codable, Equatable {
        public var period: Int
        public var active: [String]
        /// On a tournament day (`matches`): the match the period is in, 1 for the first (required there).
        public var match: Int?
        public init(period: Int, active: [String], match: Int? = nil) {
            self.period = period
            self.active = active
            self.match = match
        }
    }
    public var periods: [Marks]
    public init(periods: [Marks]) { self.periods = periods }
}

public struct ColourGroupRules: Sendable, Codable, Equatable {
    public var colours: [String]
    /// Optional fixed groups (player → colour), e.g. the groups already used earlier in a live match.
    public var assignment: [String: String]?
    public init(colours: [String], assignment: [String: String]? = nil) {
        self.colours = colours
        self.assignment = assignment
    }
}

/// Live re-planning: the match is at `minute`; what happened before is fixed.
public struct LineupState: Sendable, Codable, Equatable {
    public var minute: Int
    /// The lineup on the field just before `minute`: player → position.
    public var onField: [String: String]
    /// Minutes each player has played so far (absent: 0).
    public var minutesPlayed: [String: Int]?
    /// Minutes each player has kept goal so far, part of `minutesPlayed` (absent: 0); read by the keeper rules.
    public var keeperMinutes: [String: Int]?
    /// Positions each player has played so far (absent: none besides their place in `onField`); read by
    /// `mustPlay`, `onePosition` and `minPositions`.
    public var positionsPlayed: [String: [String]]?
    /// Minutes each player on the field has held their `onField` position without a break up to `minute`
    /// (absent: 0); read by `rules.maxStintMinutes` when the re-plan starts within a period.
    public var stintMinutes: [String: Int]?
    /// A tournament day only (required there): the match in play, from 1. The matches before it have been
    /// played; the plan covers this match from `minute` and the matches after it. The other fields describe
    /// this match.
    public var match: Int?
    /// A tournament day only: minutes each player played in the day's matches before `match` (absent: 0).
    /// They count toward the day's spread and `minShare`, as `minutesPlayed` does.
    public var dayMinutesPlayed: [String: Int]?
    public init(
        minute: Int, onField: [String: String], minutesPlayed: [String: Int]? = nil, keeperMinutes: [String: Int]? = nil,
        positionsPlayed: [String: [String]]? = nil, stintMinutes: [String: Int]? = nil, match: Int? = nil,
        dayMinutesPlayed: [String: Int]? = nil
    ) {
        self.minute = minute
        self.onField = onField
        self.minutesPlayed = minutesPlayed
        self.keeperMinutes = keeperMinutes
        self.positionsPlayed = positionsPlayed
        self.stintMinutes = stintMinutes
        self.match = match
        self.dayMinutesPlayed = dayMinutesPlayed
    }

    /// The positions a player has played before `minute`: `positionsPlayed` and their place in `onField`.
    public func positionsPlayed(by id: String) -> Set<String> {
        Set(positionsPlayed?[id] ?? []).union(onField[id].map { [$0] } ?? [])
    }
}

/// The `lineup` instance: one match (`match`), or a tournament day of several (`matches`).
public struct LineupInstance: Sendable, Codable {
    public var problem: String?
    public var options: InstanceOptions?
    /// The match as given (`match`); nil on a tournament day.
    public var givenMatch: LineupMatch?
    /// A tournament day: its games in order, each with its own format (instead of `match`). Nil for one match.
    public var matches: [LineupDayMatch]?
    /// On-field players per position code.
    public var formation: [String: Int]
    public var players: [LineupPlayer]
    public var rules: LineupRules?
    public var locks: [LineupLock]?
    public var turnBased: TurnBasedRules?
    public var preMarked: PreMarkedRules?
    public var colourGroups: ColourGroupRules?
    public var state: LineupState?
    /// A tournament day re-planned during a later match (``remainingDay()``): what the matches already played
    /// leave to the day. Nil otherwise; never in the JSON.
    var playedDay: LineupPlayedDay? = nil

    public init(
        match: LineupMatch, formation: [String: Int], players: [LineupPlayer], rules: LineupRules? = nil,
        locks: [LineupLock]? = nil, turnBased: TurnBasedRules? = nil, preMarked: PreMarkedRules? = nil,
        colourGroups: ColourGroupRules? = nil, state: LineupState? = nil, options: InstanceOptions? = nil
    ) {
        self.problem = LineupKind.name
        self.givenMatch = match
        self.formation = formation
        self.players = players
        self.rules = rules
        self.locks = locks
        self.turnBased = turnBased
        self.preMarked = preMarked
        self.colourGroups = colourGroups
        self.state = state
        self.options = options
    }

    /// A tournament day of `matches`, one plan per match.
    public init(
        matches: [LineupDayMatch], formation: [String: Int], players: [LineupPlayer], rules: LineupRules? = nil,
        locks: [LineupLock]? = nil, turnBased: TurnBasedRules? = nil, preMarked: PreMarkedRules? = nil,
        colourGroups: ColourGroupRules? = nil, options: InstanceOptions? = nil
    ) {
        self.init(
            match: LineupMatch(periods: 0, periodMinutes: 0), formation: formation, players: players, rules: rules, locks: locks,
            turnBased: turnBased, preMarked: preMarked, colourGroups: colourGroups, options: options)
        self.givenMatch = nil
        self.matches = matches
    }

    /// The match format (`match`). On a tournament day, whose matches each have their own, the first match's:
    /// the engines plan a day match by match (``dayPart(_:_:)``) and never read this of a day.
    public var match: LineupMatch {
        get { givenMatch ?? matches?.first?.format ?? LineupMatch(periods: 0, periodMinutes: 0) }
        set { givenMatch = newValue }
    }

    /// True for a tournament day (`matches`).
    public var isDay: Bool { matches != nil }

    public var mode: LineupMode { rules?.mode ?? LineupRules.defaultMode }

    enum CodingKeys: String, CodingKey {
        case problem, options, givenMatch = "match", matches, formation, players, rules, locks, turnBased, preMarked
        case colourGroups, state
    }
}

/// One part of the match with one lineup.
public struct LineupSegment: Sendable, Codable, Equatable {
    public var start: Int
    public var end: Int
    public var period: Int
    /// Player → position.
    public var onField: [String: String]
    /// Available players who are there but not on the field.
    public var bench: [String]
}

public struct LineupSubstitution: Sendable, Codable, Equatable {
    public var minute: Int
    /// Null when the player coming on fills a slot nobody left (e.g. at a live re-plan).
    public var off: String?
    public var on: String
    /// The position the player coming on takes.
    public var position: String
    /// The position the player going off leaves (it may be taken by someone who moves, listed in `moves`).
    public var offPosition: String?

    public init(minute: Int, off: String?, on: String, position: String, offPosition: String? = nil) {
        self.minute = minute
        self.off = off
        self.on = on
        self.position = position
        self.offPosition = offPosition
    }
}

/// A player who goes off at a window with nobody coming on in their place (only in a best-effort plan that
/// leaves a formation slot empty, or at a re-plan when a player on the field is no longer available).
public struct LineupWithdrawal: Sendable, Codable, Equatable {
    public var minute: Int
    public var player: String
    /// The position they leave.
    public var position: String

    public init(minute: Int, player: String, position: String) {
        self.minute = minute
        self.player = player
        self.position = position
    }
}

/// A player who stays on the field and changes position at a window (for example into goal).
public struct LineupMove: Sendable, Codable, Equatable {
    public var minute: Int
    public var player: String
    public var from: String
    public var to: String

    public init(minute: Int, player: String, from: String, to: String) {
        self.minute = minute
        self.player = player
        self.from = from
        self.to = to
    }
}

public struct LineupSummary: Sendable, Codable, Equatable {
    /// Fewest and most minutes among the players the spread is taken over.
    public var minMinutes: Int
    public var maxMinutes: Int
    public var spread: Int
    public var substitutions: Int
}

/// A turn-based window: who came on, who went off, and the front of the bench queue afterwards.
public struct LineupQueueEntry: Sendable, Codable, Equatable {
    public var minute: Int
    public var on: [String]
    public var off: [String]
    /// The next players to come on, front of the queue first.
    public var nextUp: [String]
}

public struct LineupGroups: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Equatable {
        public var minute: Int
        public var onField: [String]
    }
    /// Player → colour.
    public var assignment: [String: String]
    public var schedule: [Entry]
}

/// The `solution` of a `lineup` result.
public struct LineupSolution: Sendable, Codable, Equatable {
    /// The planned segments (from `state.minute` in a live re-plan).
    public var segments: [LineupSegment]
    public var substitutions: [LineupSubstitution]
    /// Player → minutes in the whole match (with `state`, `minutesPlayed` plus the plan). Every player.
    public var minutes: [String: Int]
    public var summary: LineupSummary
    public var queue: [LineupQueueEntry]?
    public var groups: LineupGroups?
    /// Players who are injured or unavailable (never on the field).
    public var unavailable: [String]?
    /// Only in an `infeasible` result's best-effort plan: every rule the plan breaks.
    public var brokenRules: [String]?
    /// A tournament day only: the plan of each match, in order (each as a one-match solution: its segments,
    /// substitutions and minutes in that match). The day's `minutes` and `summary` are above; `segments` and
    /// `substitutions` above are empty.
    public var matches: [LineupSolution]? = nil
    /// Position changes of players who stay on, at each window in match-clock order (with `substitutions`,
    /// every change a window makes; who takes over in goal is here when a player on the field moves there).
    public var moves: [LineupMove]? = nil
    /// Players going off with nobody coming on for them, in match-clock order (absent when there are none):
    /// with `substitutions`, every player who leaves the field at a window is listed exactly once.
    public var withdrawals: [LineupWithdrawal]? = nil
    /// A tournament day re-planned during a match (`state.match`): the number (from 1) of the first match in
    /// `matches`, the match in play; the matches before it were played and have no plan here.
    public var fromMatch: Int? = nil
}

/// The lexicographic objective of `lineup`, in contract order (all minimised).
public struct LineupObjective: Sendable, Codable, Equatable, CustomStringConvertible {
    public var spread: Int
    /// Under `rules.strength` `balanced` only (absent otherwise): the largest difference between the on-field
    /// rating sums of two planned segments, in the ratings' units; the level right after `spread`.
    public var strengthGap: Double?
    public var substitutions: Int
    public var offPreferredPosition: Int

    public init(spread: Int, strengthGap: Double? = nil, substitutions: Int, offPreferredPosition: Int) {
        self.spread = spread
        self.strengthGap = strengthGap
        self.substitutions = substitutions
        self.offPreferredPosition = offPreferredPosition
    }

    public var description: String {
        "spread \(spread), "
            + (strengthGap.map { "strengthGap \(LineupObjective.number($0)), " } ?? "")
            + "substitutions \(substitutions), offPreferredPosition \(offPreferredPosition)"
    }

    /// A rating figure as people write it: whole numbers without a decimal point, others to three decimals at most.
    static func number(_ x: Double) -> String {
        let rounded = (x * 1000).rounded() / 1000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
