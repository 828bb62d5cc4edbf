import TouchlineMILP

/// A match of a `matchday`: it needs a pitch of its size and officials.
public struct MatchdayMatch: Sendable, Codable, Equatable {
    public var id: String
    public var start: LocalDateTime
    public var durationMinutes: Int
    public var size: String
    public var competition: String?
    public var teams: [String]?
    public var preferred: [String]?
    /// A pinned pitch (null or absent: the solver chooses).
    public var pitch: String?
    /// How many officials the match needs (default 1).
    public var officials: Int?
    public var minLevel: Int?

    public init(
        id: String, start: LocalDateTime, durationMinutes: Int, size: String, competition: String? = nil,
        teams: [String]? = nil, preferred: [String]? = nil, pitch: String? = nil, officials: Int? = nil, minLevel: Int? = nil
    ) {
        self.id = id
        self.start = start
        self.durationMinutes = durationMinutes
        self.size = size
        self.competition = competition
        self.teams = teams
        self.preferred = preferred
        self.pitch = pitch
        self.officials = officials
        self.minLevel = minLevel
    }
}

public struct MatchdayRules: Sendable, Codable, Equatable {
    public var bufferMinutes: Int?
    public var restMinutes: Int?
    public var travelSpeedKmh: Double?

    public init(bufferMinutes: Int? = nil, restMinutes: Int? = nil, travelSpeedKmh: Double? = nil) {
        self.bufferMinutes = bufferMinutes
        self.restMinutes = restMinutes
        self.travelSpeedKmh = travelSpeedKmh
    }
}

/// The `matchday` instance: pitches and officials chosen together.
public struct MatchdayInstance: Sendable, Codable {
    public var problem: String?
    public var options: InstanceOptions?
    public var pitches: [Pitch]
    public var travelMinutes: [TravelEntry]?
    public var matches: [MatchdayMatch]
    public var officials: [Official]
    public var pinned: [OfficialPin]?
    public var rules: MatchdayRules?
    /// The published plan (in the output's own `solution` format).
    public var previous: MatchdaySolution?
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
        pitches: [Pitch], travelMinutes: [TravelEntry]? = nil, matches: [MatchdayMatch], officials: [Official],
        pinned: [OfficialPin]? = nil, rules: MatchdayRules? = nil, previous: MatchdaySolution? = nil, options: InstanceOptions? = nil
    ) {
        self.problem = MatchdayKind.name
        self.pitches = pitches
        self.travelMinutes = travelMinutes
        self.matches = matches
        self.officials = officials
        self.pinned = pinned
        self.rules = rules
        self.previous = previous
        self.options = options
    }

    /// The pitches part alone, as a `pitches` instance.
    public var pitchesInstance: PitchesInstance {
        Derivations.record(.matchdayPitchesInstance)
        return pitchesPart
    }

    /// ``pitchesInstance`` as validation and the verifier derive it for themselves, apart from the solve's
    /// stages (each re-derives what it checks from the instance, by design), so not counted by ``Derivations``.
    var pitchesPart: PitchesInstance {
        PitchesInstance(
            pitches: pitches,
            matches: matches.map {
                PitchMatch(
                    id: $0.id, start: $0.start, durationMinutes: $0.durationMinutes, size: $0.size,
                    competition: $0.competition, teams: $0.teams, preferred: $0.preferred, pitch: $0.pitch)
            },
            rules: PitchRules(bufferMinutes: rules?.bufferMinutes),
            previous: previous.map { PitchesSolution(assignments: $0.pitches) })
    }

    /// The officials part for fixed pitches (match id → pitch id; matches without one are left out).
    public func officialsInstance(pitchOf: [String: String]) -> OfficialsInstance {
        OfficialsInstance(
            venues: pitches.map { Venue(id: $0.id, name: $0.name, group: $0.group, lat: $0.lat, lon: $0.lon) },
            travelMinutes: travelMinutes,
            matches: matches.compactMap { match in
                pitchOf[match.id].map {
                    OfficialsMatch(
                        id: match.id, start: match.start, durationMinutes: match.durationMinutes, venue: $0,
                        competition: match.competition, teams: match.teams, officials: match.officials, minLevel: match.minLevel)
                }
            },
            officials: officials,
            pinned: (pinned ?? []).filter { pitchOf[$0.match] != nil },
            rules: OfficialsRules(restMinutes: rules?.restMinutes, travelSpeedKmh: rules?.travelSpeedKmh),
            previous: previous.map { OfficialsSolution(assignments: $0.assignments) })
    }
}

/// The `solution` of a `matchday` result.
public struct MatchdaySolution: Sendable, Codable, Equatable {
    /// Match id → pitch id.
    public var pitches: [String: String]
    /// Match id → officials.
    public var assignments: [String: [String]]
    public var unplaced: [UnplacedMatch]
    public var unfilled: [UnfilledSlots]
    public var usage: [String: Int]
    public var load: [String: Int]
    public var travel: [String: Int]
    public var moves: [TravelMove]

    public init(pitches: PitchesSolution, officials: OfficialsSolution) {
        self.pitches = pitches.assignments
        assignments = officials.assignments
        unplaced = pitches.unplaced
        unfilled = officials.unfilled
        usage = pitches.usage
        load = officials.load
        travel = officials.travel
        moves = officials.moves
    }

    var pitchesPart: PitchesSolution { PitchesSolution(assignments: pitches, unplaced: unplaced, usage: usage) }
    var officialsPart: OfficialsSolution {
        OfficialsSolution(assignments: assignments, unfilled: unfilled, load: load, travel: travel, moves: moves)
    }

    private enum CodingKeys: String, CodingKey { case pitches, assignments, unplaced, unfilled, usage, load, travel, moves }

    /// Only `pitches` and `assignments` are needed in a `previous` plan.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pitches = try container.decode([String: String].self, forKey: .pitches)
        assignments = try container.decodeIfPresent([String: [String]].self, forKey: .assignments) ?? [:]
        unplaced = try container.decodeIfPresent([UnplacedMatch].self, forKey: .unplaced) ?? []
        unfilled = try container.decodeIfPresent([UnfilledSlots].self, forKey: .unfilled) ?? []
        usage = try container.decodeIfPresent([String: Int].self, forKey: .usage) ?? [:]
        load = try container.decodeIfPresent([String: Int].self, forKey: .load) ?? [:]
        travel = try container.decodeIfPresent([String: Int].self, forKey: .travel) ?? [:]
        moves = try container.decodeIfPresent([TravelMove].self, forKey: .moves) ?? []
    }
}

/// The lexicographic objective of `matchday`: coverage first, then the officials' levels, then the pitches'.
public struct MatchdayObjective: Sendable, Codable, Equatable, CustomStringConvertible {
    public var placed: Int
    public var filled: Int
    /// With `previous`: pitch changes plus published (match, official) pairs not kept.
    public var changes: Int?
    public var maxLoad: Int
    public var travel: Int
    public var repeatPairings: Int
    public var preferred: Int
    public var maxUsage: Int
    public var groupSplits: Int

    public var description: String {
        "placed \(placed), filled \(filled)" + (changes.map { ", changes \($0)" } ?? "")
            + ", maxLoad \(maxLoad), travel \(travel), repeatPairings \(repeatPairings), preferred \(preferred), maxUsage \(maxUsage), groupSplits \(groupSplits)"
    }
}
