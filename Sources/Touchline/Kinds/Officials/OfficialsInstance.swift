/// A place where matches are played (a pitch, a ground, an arena).
public struct Venue: Sendable, Codable, Equatable {
    public var id: String
    public var name: String?
    /// The field group (`North`, `South`); travel within one group takes no time unless `travelMinutes` says so.
    public var group: String?
    /// The region (a league's or federation's area), for `split --by region`; no rule reads it.
    public var region: String?
    /// Coordinates in degrees, for travel times when `travelMinutes` has no entry.
    public var lat: Double?
    public var lon: Double?
    /// Planar coordinates in km (as the Udine benchmark gives them), for `distanceKm` from officials' homes.
    public var x: Double?
    public var y: Double?

    public init(
        id: String, name: String? = nil, group: String? = nil, lat: Double? = nil, lon: Double? = nil, x: Double? = nil,
        y: Double? = nil, region: String? = nil
    ) {
        self.id = id
        self.region = region
        self.name = name
        self.group = group
        self.lat = lat
        self.lon = lon
        self.x = x
        self.y = y
    }

    /// The venue's point for distances, when it has one.
    public var point: Location? {
        if let lat, let lon { return Location(lat: lat, lon: lon) }
        if let x, let y { return Location(x: x, y: y) }
        return nil
    }

    public var displayName: String { name ?? id }
}

/// Travel time between two venues or two field groups (symmetric).
public struct TravelEntry: Sendable, Codable, Equatable {
    public var from: String
    public var to: String
    public var minutes: Int

    public init(from: String, to: String, minutes: Int) {
        self.from = from
        self.to = to
        self.minutes = minutes
    }
}

/// A match that needs officials.
public struct OfficialsMatch: Sendable, Codable, Equatable {
    public var id: String
    public var start: LocalDateTime
    public var durationMinutes: Int
    public var venue: String
    public var competition: String?
    public var teams: [String]?
    /// How many officials the match needs (default 1).
    public var officials: Int?
    /// The lowest level an official must have (default 0).
    public var minLevel: Int?
    /// The most officials the match may have (default `officials`): the slots above `officials` are optional,
    /// and `optionalUnfilled` counts those left empty.
    public var maxOfficials: Int?
    /// The crew's summed `experience` below which the match counts in `lowExperience`.
    public var minExperience: Int?

    public init(
        id: String, start: LocalDateTime, durationMinutes: Int, venue: String, competition: String? = nil,
        teams: [String]? = nil, officials: Int? = nil, minLevel: Int? = nil, maxOfficials: Int? = nil,
        minExperience: Int? = nil
    ) {
        self.maxOfficials = maxOfficials
        self.minExperience = minExperience
        self.id = id
        self.start = start
        self.durationMinutes = durationMinutes
        self.venue = venue
        self.competition = competition
        self.teams = teams
        self.officials = officials
        self.minLevel = minLevel
    }

    public var end: LocalDateTime { start + durationMinutes }
    /// What an absent `officials` means (the schema's `default`).
    public static let defaultOfficials = 1
    public var needed: Int { officials ?? Self.defaultOfficials }
    /// The most officials the match may have.
    public var most: Int { max(needed, maxOfficials ?? needed) }
}

/// A point: degrees (`lat`, `lon`, distances along the great circle) or planar km (`x`, `y`).
public struct Location: Sendable, Codable, Equatable {
    public var lat: Double?
    public var lon: Double?
    public var x: Double?
    public var y: Double?

    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// True for degrees, false for planar km.
    public var isGeographic: Bool { lat != nil || lon != nil }
}

/// An umpire or referee.
public struct Official: Sendable, Codable, Equatable {
    public var id: String
    public var name: String?
    public var level: Int?
    /// Teams the official is attached to (conflicts of interest): never their matches.
    public var teams: [String]?
    /// Times the official cannot work (half-open intervals).
    public var unavailable: [TimeWindow]?
    /// At most this many matches per calendar day (by start).
    public var maxPerDay: Int?
    /// At most this many matches over the instance.
    public var maxTotal: Int?
    /// Where the official starts and ends each day of matches (for `distanceKm`).
    public var home: Location?
    /// Added up over a match's crew against the match's `minExperience`.
    public var experience: Int?
    /// Officials this one should not share a match with (directed, as leagues record it): `crewConflicts`, or
    /// a hard rule with `rules.avoidIsHard`.
    public var avoid: [String]?
    /// The field groups (venues' `group`) the official works in, as a league's regions or an association's
    /// areas (officials kind); absent: every group.
    public var groups: [String]?

    public init(
        id: String, name: String? = nil, level: Int? = nil, teams: [String]? = nil, unavailable: [TimeWindow]? = nil,
        maxPerDay: Int? = nil, maxTotal: Int? = nil, home: Location? = nil, experience: Int? = nil, avoid: [String]? = nil,
        groups: [String]? = nil
    ) {
        self.groups = groups
        self.home = home
        self.experience = experience
        self.avoid = avoid
        self.id = id
        self.name = name
        self.level = level
        self.teams = teams
        self.unavailable = unavailable
        self.maxPerDay = maxPerDay
        self.maxTotal = maxTotal
    }

    public var displayName: String { name ?? id }
}

/// An official fixed to a match.
public struct OfficialPin: Sendable, Codable, Equatable {
    public var match: String
    public var official: String

    public init(match: String, official: String) {
        self.match = match
        self.official = official
    }
}

public struct OfficialsRules: Sendable, Codable, Equatable {
    /// Minutes between the end of one match and the start of the official's next (default 0).
    public var restMinutes: Int?
    /// Speed for travel times from coordinates (default ``defaultTravelSpeedKmh``).
    public var travelSpeedKmh: Double?
    /// The travel speed of an instance that gives none (officials and matchday), in km/h: the schema's
    /// `default`, the engine's and the verifier's.
    public static let defaultTravelSpeedKmh: Double = 50
    /// `officials[].avoid` as a hard rule (default false: a cost, `crewConflicts`).
    public var avoidIsHard: Bool?
    /// Officials attached to a team (`officials[].teams`): never on its matches (`hard`, the default) or a cost
    /// (`soft`: `teamConflicts`).
    public var teamConflicts: ConflictRule?
    /// The assignor's objective: levels optimised lexicographically, or a named preset (`"udine"`).
    public var objective: OfficialsObjectiveSpec?
    /// Every official works exactly one match in every slot (a slot: the matches with one start), as the
    /// umpires of a season do in the Traveling Umpire Problem (default false).
    public var everySlot: Bool?
    /// With `everySlot`: an official is at one venue at most once within any `venueWindow` consecutive slots
    /// (the TUP's q1; default 1, no rule).
    public var venueWindow: Int?
    /// With `everySlot`: an official sees one team at most once within any `teamWindow` consecutive slots
    /// (the TUP's q2; default 1, no rule).
    public var teamWindow: Int?
    /// With `everySlot`: venues every official works at least once over the instance (default none).
    public var visitVenues: [String]?

    public init(
        restMinutes: Int? = nil, travelSpeedKmh: Double? = nil, avoidIsHard: Bool? = nil, teamConflicts: ConflictRule? = nil,
        objective: OfficialsObjectiveSpec? = nil
    ) {
        self.restMinutes = restMinutes
        self.travelSpeedKmh = travelSpeedKmh
        self.avoidIsHard = avoidIsHard
        self.teamConflicts = teamConflicts
        self.objective = objective
    }

    /// True when the instance plans officials' season tours (`everySlot`).
    public var isTour: Bool { everySlot ?? false }

    /// What an absent field means, as the schema's `default` says it (the schema literal reads these).
    public static let defaultTeamConflicts = ConflictRule.hard
    public static let defaultVenueWindow = 1
    public static let defaultTeamWindow = 1

    /// `teamConflicts`, or its default.
    public var resolvedTeamConflicts: ConflictRule { teamConflicts ?? Self.defaultTeamConflicts }
    /// `venueWindow`, or its default.
    public var resolvedVenueWindow: Int { venueWindow ?? Self.defaultVenueWindow }
    /// `teamWindow`, or its default.
    public var resolvedTeamWindow: Int { teamWindow ?? Self.defaultTeamWindow }
}

/// The distance between two venues in km (symmetric), for `tourKm`.
public struct DistanceEntry: Sendable, Codable, Equatable {
    public var from: String
    public var to: String
    public var km: Int

    public init(from: String, to: String, km: Int) {
        self.from = from
        self.to = to
        self.km = km
    }
}

/// Whether a rule is a hard rule or a cost.
public enum ConflictRule: String, Sendable, Codable, Equatable, CaseIterable, InputChoice {
    case hard, soft

    public init(from decoder: any Decoder) throws { self = try Self.decodeChoice(from: decoder) }
}

/// The `officials` instance: umpires or referees for every match, within levels, availability, conflicts
/// of interest, rest and travel.
public struct OfficialsInstance: Sendable, Codable {
    public var problem: String?
    public var options: InstanceOptions?
    public var venues: [Venue]
    public var travelMinutes: [TravelEntry]?
    /// Kilometres between venues (either way), for `tourKm`; a pair not listed takes the venues' points.
    public var distances: [DistanceEntry]?
    public var matches: [OfficialsMatch]
    public var officials: [Official]
    public var pinned: [OfficialPin]?
    public var rules: OfficialsRules?
    /// The published plan (in the output's own `solution` format): re-solving keeps as much of it as it can.
    public var previous: OfficialsSolution?
    /// The identity of this club's or league's fixtures (e.g. "eton-field-game"), mixed into calendar UIDs
    /// so that two clubs' "m1" never share one; optional (the UID also carries the match's teams).
    public var calendarId: String?
    /// The instance's name, echoed in its result (`split` gives each part one).
    public var id: String?
    /// Which part of a split instance this is (written by `split`, echoed by `solve`, checked by `merge`).
    public var part: SplitPart?
    /// Names of the teams the matches give by id, shown in every output instead of the ids (optional).
    public var teams: [TeamName]?
    /// Where the data comes from (kept with the instance, not used to solve).
    public var source: String?

    public init(
        venues: [Venue], travelMinutes: [TravelEntry]? = nil, matches: [OfficialsMatch], officials: [Official],
        pinned: [OfficialPin]? = nil, rules: OfficialsRules? = nil, previous: OfficialsSolution? = nil,
        options: InstanceOptions? = nil
    ) {
        self.problem = OfficialsKind.name
        self.venues = venues
        self.travelMinutes = travelMinutes
        self.matches = matches
        self.officials = officials
        self.pinned = pinned
        self.rules = rules
        self.previous = previous
        self.options = options
    }
}

/// Official slots of a match left empty, and why.
public struct UnfilledSlots: Sendable, Codable, Equatable {
    public var match: String
    /// How many officials are missing.
    public var missing: Int
    public var reason: String

    public init(match: String, missing: Int, reason: String) {
        self.match = match
        self.missing = missing
        self.reason = reason
    }
}

/// A move between field groups between two consecutive matches of one official on one day.
public struct TravelMove: Sendable, Codable, Equatable {
    public var official: String
    public var from: String
    public var to: String
    /// The field groups left and reached.
    public var fromGroup: String
    public var toGroup: String

    public init(official: String, from: String, to: String, fromGroup: String, toGroup: String) {
        self.official = official
        self.from = from
        self.to = to
        self.fromGroup = fromGroup
        self.toGroup = toGroup
    }
}

/// The `solution` of an `officials` result.
public struct OfficialsSolution: Sendable, Codable, Equatable {
    /// Match id → the officials on it.
    public var assignments: [String: [String]]
    public var unfilled: [UnfilledSlots]
    /// Official id → number of matches.
    public var load: [String: Int]
    /// Official id → moves between field groups between consecutive matches on one day.
    public var travel: [String: Int]
    /// Each of those moves.
    public var moves: [TravelMove]
    /// Kilometres driven, in total and per official (when any official has a `home`).
    public var distanceKm: DistanceSummary?
    /// Each official's route of each day with matches (when any official has a `home`).
    public var routes: [OfficialRoute]?
    /// With `rules.everySlot`: kilometres between consecutive matches of each official's season, in total and
    /// per official.
    public var tourKm: DistanceSummary?

    public init(
        assignments: [String: [String]], unfilled: [UnfilledSlots] = [], load: [String: Int] = [:],
        travel: [String: Int] = [:], moves: [TravelMove] = [], distanceKm: DistanceSummary? = nil,
        routes: [OfficialRoute]? = nil
    ) {
        self.assignments = assignments
        self.unfilled = unfilled
        self.load = load
        self.travel = travel
        self.moves = moves
        self.distanceKm = distanceKm
        self.routes = routes
    }

    private enum CodingKeys: String, CodingKey { case assignments, unfilled, load, travel, moves, distanceKm, routes, tourKm }

    /// Only `assignments` is needed in a `previous` plan.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        assignments = try container.decode([String: [String]].self, forKey: .assignments)
        unfilled = try container.decodeIfPresent([UnfilledSlots].self, forKey: .unfilled) ?? []
        load = try container.decodeIfPresent([String: Int].self, forKey: .load) ?? [:]
        travel = try container.decodeIfPresent([String: Int].self, forKey: .travel) ?? [:]
        moves = try container.decodeIfPresent([TravelMove].self, forKey: .moves) ?? []
        distanceKm = try container.decodeIfPresent(DistanceSummary.self, forKey: .distanceKm)
        routes = try container.decodeIfPresent([OfficialRoute].self, forKey: .routes)
        tourKm = try container.decodeIfPresent(DistanceSummary.self, forKey: .tourKm)
    }
}

/// Kilometres of the officials' routes.
public struct DistanceSummary: Sendable, Codable, Equatable {
    public var total: Int
    /// Official id → kilometres (every official with a `home`).
    public var officials: [String: Int]

    public init(total: Int, officials: [String: Int]) {
        self.total = total
        self.officials = officials
    }
}

/// One official's route on one day: home, the venues of the day's matches in start order, home.
public struct OfficialRoute: Sendable, Codable, Equatable {
    public var official: String
    /// The calendar day of the matches' starts (`yyyy-mm-dd`).
    public var date: String
    /// The matches, in start order.
    public var matches: [String]
    /// Each leg's km (home to the first venue, venue to venue, the last venue to home), summed.
    public var km: Int

    public init(official: String, date: String, matches: [String], km: Int) {
        self.official = official
        self.date = date
        self.matches = matches
        self.km = km
    }
}
