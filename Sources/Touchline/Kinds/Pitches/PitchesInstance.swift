/// A pitch (field) that matches can be placed on.
public struct Pitch: Sendable, Codable, Equatable {
    public var id: String
    public var name: String?
    /// The field group (`North`, `South`); pitches without a group form one default group.
    public var group: String?
    /// The region (a league's or federation's area), for `split --by region`; no rule reads it.
    public var region: String?
    /// The match sizes the pitch takes (`junior`, `senior`).
    public var sizes: [String]
    /// Times when the pitch cannot be used (half-open intervals).
    public var closed: [TimeWindow]?
    /// At most this many matches per calendar day (by start).
    public var maxPerDay: Int?
    /// Coordinates in degrees (`matchday` travel times when `travelMinutes` has no entry).
    public var lat: Double?
    public var lon: Double?

    public init(
        id: String, name: String? = nil, group: String? = nil, sizes: [String], closed: [TimeWindow]? = nil,
        maxPerDay: Int? = nil, lat: Double? = nil, lon: Double? = nil, region: String? = nil
    ) {
        self.region = region
        self.lat = lat
        self.lon = lon
        self.id = id
        self.name = name
        self.group = group
        self.sizes = sizes
        self.closed = closed
        self.maxPerDay = maxPerDay
    }

    public var displayName: String { name ?? id }
    public var groupName: String { group ?? "" }
}

/// A match that needs a pitch.
public struct PitchMatch: Sendable, Codable, Equatable {
    public var id: String
    public var start: LocalDateTime
    public var durationMinutes: Int
    public var size: String
    public var competition: String?
    public var teams: [String]?
    /// Pitches the organiser would like, best first.
    public var preferred: [String]?
    /// A pinned pitch (null or absent: the solver chooses).
    public var pitch: String?

    public init(
        id: String, start: LocalDateTime, durationMinutes: Int, size: String, competition: String? = nil,
        teams: [String]? = nil, preferred: [String]? = nil, pitch: String? = nil
    ) {
        self.id = id
        self.start = start
        self.durationMinutes = durationMinutes
        self.size = size
        self.competition = competition
        self.teams = teams
        self.preferred = preferred
        self.pitch = pitch
    }

    public var end: LocalDateTime { start + durationMinutes }
}

public struct PitchRules: Sendable, Codable, Equatable {
    /// Minutes between the end of a match and the start of the next on the same pitch. Default 0.
    public var bufferMinutes: Int?

    public init(bufferMinutes: Int? = nil) { self.bufferMinutes = bufferMinutes }
}

/// The `pitches` instance: put every match on a pitch of its size.
public struct PitchesInstance: Sendable, Codable {
    public var problem: String?
    public var options: InstanceOptions?
    public var pitches: [Pitch]
    public var matches: [PitchMatch]
    public var rules: PitchRules?
    /// The published plan (in the output's own `solution` format): re-solving keeps as much of it as it can.
    public var previous: PitchesSolution?
    /// The identity of this club's or league's fixtures (e.g. "eton-field-game"), mixed into calendar UIDs
    /// so that two clubs' "m1" never share one; optional (the UID also carries the match's teams).
    public var calendarId: String?
    /// The instance's name, echoed in its result (`split` gives each part one).
    public var id: String?
    /// Which part of a split instance this is (written by `split`, echoed by `solve`, checked by `merge`).
    public var part: SplitPart?
    /// Names of the teams the matches give by id, shown in every output instead of the ids (optional).
    public var teams: [TeamName]?

    public init(
        pitches: [Pitch], matches: [PitchMatch], rules: PitchRules? = nil, previous: PitchesSolution? = nil,
        options: InstanceOptions? = nil
    ) {
        self.problem = PitchesKind.name
        self.pitches = pitches
        self.matches = matches
        self.rules = rules
        self.previous = previous
        self.options = options
    }

    public var bufferMinutes: Int { rules?.bufferMinutes ?? 0 }
}

/// A match that could not be placed, and why.
public struct UnplacedMatch: Sendable, Codable, Equatable {
    public var match: String
    public var reason: String
}

/// The `solution` of a `pitches` result.
public struct PitchesSolution: Sendable, Codable, Equatable {
    /// Match id → pitch id.
    public var assignments: [String: String]
    public var unplaced: [UnplacedMatch]
    /// Pitch id → number of matches on it.
    public var usage: [String: Int]

    public init(assignments: [String: String], unplaced: [UnplacedMatch] = [], usage: [String: Int] = [:]) {
        self.assignments = assignments
        self.unplaced = unplaced
        self.usage = usage
    }

    private enum CodingKeys: String, CodingKey { case assignments, unplaced, usage }

    /// `unplaced` and `usage` may be absent in a `previous` plan.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        assignments = try container.decode([String: String].self, forKey: .assignments)
        unplaced = try container.decodeIfPresent([UnplacedMatch].self, forKey: .unplaced) ?? []
        usage = try container.decodeIfPresent([String: Int].self, forKey: .usage) ?? [:]
    }
}

/// The lexicographic objective of `pitches`, in contract order.
public struct PitchesObjective: Sendable, Codable, Equatable, CustomStringConvertible {
    /// 1. Matches placed (maximise).
    public var placed: Int
    /// With `previous`: 2. assignments changed from the published plan (minimise).
    public var changes: Int?
    /// 2. Matches on one of their preferred pitches (maximise).
    public var preferred: Int
    /// 3. The largest number of matches on one pitch (minimise).
    public var maxUsage: Int
    /// 4. Over (team, day): field groups used minus one (minimise).
    public var groupSplits: Int

    public var description: String {
        "placed \(placed)" + (changes.map { ", changes \($0)" } ?? "")
            + ", preferred \(preferred), maxUsage \(maxUsage), groupSplits \(groupSplits)"
    }
}
