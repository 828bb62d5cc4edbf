import TouchlineMILP
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
            rules: OfficialsRules(restMinutes: 10), options: SolverOptions(timeLimitSeconds: 10))
    }
}
