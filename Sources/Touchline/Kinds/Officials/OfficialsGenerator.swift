import TouchlineMILP
import TouchlineSearch

extension OfficialsKind {
    static let generatorSize = GeneratorSize(
        meaning: "matches over a term, placed on the Field Game's pitches, with umpires for them",
        unit: "matches in the term", range: 1...2000, series: [25, 50, 100, 200, 300, 500], smallSeries: [6, 12])

    /// A term's fixtures already placed on pitches (first fit), seniors needing two umpires of level 2, juniors
    /// one; umpires as `FieldGame.umpires(for:random:)` makes them; 10 minutes' rest and 15 minutes to cross
    /// between North and South Fields.
    public static func generate(size: Int, seed: UInt64) -> OfficialsInstance {
        precondition(generatorSize.range.contains(size), "size out of range")
        var random = SeededRandom(seed: seed)
        var fixtures = FieldGame.term(count: size, random: &random)
        FieldGame.place(&fixtures)
        let officials = FieldGame.umpires(for: fixtures, random: &random)
        let venues = FieldGame.pitches.map { Venue(id: $0.id, name: $0.name, group: $0.group) }
        let matches = fixtures.map {
            OfficialsMatch(
                id: $0.id, start: $0.start, durationMinutes: $0.durationMinutes, venue: $0.venue,
                competition: $0.competition, teams: $0.teams, officials: $0.senior ? 2 : 1, minLevel: $0.senior ? 2 : 1)
        }
        return OfficialsInstance(
            venues: venues, travelMinutes: FieldGame.travel, matches: matches, officials: officials,
            rules: OfficialsRules(restMinutes: 10), options: InstanceOptions(timeLimitSeconds: 10))
    }

    /// A league's season over `regions` regions: the matches shared out as evenly as the regions allow, each
    /// region a generated term (seed `seed + region`) with its own venues (field groups `R1 North`, ...), teams
    /// and officials, who work only in their region (`groups`); 90 minutes between regions; each venue's
    /// `region` is `R1`, `R2`, .... Regions share nothing, so `split --by component` and `split --by region`
    /// both cut the season into exactly its regions.
    public static func generateSeason(size: Int, regions: Int, seed: UInt64) -> OfficialsInstance {
        precondition(regions >= 1 && size >= regions, "regions out of range")
        var venues: [Venue] = []
        var matches: [OfficialsMatch] = []
        var officials: [Official] = []
        var travel: [TravelEntry] = []
        var groups: [String] = []
        for region in 0..<regions {
            let count = size / regions + (region < size % regions ? 1 : 0)
            let term = generate(size: count, seed: seed &+ UInt64(region))
            let prefix = "r\(region + 1)-"
            let name = "R\(region + 1) "
            let own = Array(Set(term.venues.map { name + ($0.group ?? "") })).sorted()
            groups += own
            venues += term.venues.map {
                Venue(id: prefix + $0.id, name: $0.name.map { name + $0 }, group: name + ($0.group ?? ""), region: "R\(region + 1)")
            }
            matches += term.matches.map { match in
                var match = match
                match.id = prefix + match.id
                match.venue = prefix + match.venue
                match.teams = match.teams?.map { prefix + $0 }
                return match
            }
            officials += term.officials.map { official in
                var official = official
                official.id = prefix + official.id
                official.name = official.name.map { name + $0 }
                official.teams = official.teams?.map { prefix + $0 }
                official.groups = own
                return official
            }
            travel += (term.travelMinutes ?? []).map { TravelEntry(from: name + $0.from, to: name + $0.to, minutes: $0.minutes) }
        }
        for (i, a) in groups.enumerated() {
            for b in groups[(i + 1)...] where a.split(separator: " ").first != b.split(separator: " ").first {
                travel.append(TravelEntry(from: a, to: b, minutes: 90))
            }
        }
        return OfficialsInstance(
            venues: venues, travelMinutes: travel, matches: matches, officials: officials,
            rules: OfficialsRules(restMinutes: 10), options: InstanceOptions(timeLimitSeconds: 60))
    }
}
