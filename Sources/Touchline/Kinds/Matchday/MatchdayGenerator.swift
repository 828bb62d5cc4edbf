import TouchlineMILP
import TouchlineSearch

extension MatchdayKind {
    static let generatorSize = GeneratorSize(
        meaning: "matches over a term, to be given pitches and umpires together",
        unit: "matches in the term", range: 1...2000, series: [13, 25, 50, 100, 200], smallSeries: [6, 12])

    /// The fixtures of ``PitchesKind/generate(size:seed:)``'s term with umpires as for `officials`: both chosen
    /// together, with a 10-minute pitch buffer, 10 minutes' rest and 15 minutes between field groups.
    public static func generate(size: Int, seed: UInt64) -> MatchdayInstance {
        precondition(generatorSize.range.contains(size), "size out of range")
        var random = SeededRandom(seed: seed)
        let fixtures = FieldGame.term(count: size, random: &random)
        let officials = FieldGame.umpires(for: fixtures, random: &random)
        let matches = fixtures.map {
            MatchdayMatch(
                id: $0.id, start: $0.start, durationMinutes: $0.durationMinutes, size: $0.size,
                competition: $0.competition, teams: $0.teams, preferred: $0.preferred,
                officials: $0.senior ? 2 : 1, minLevel: $0.senior ? 2 : 1)
        }
        return MatchdayInstance(
            pitches: FieldGame.pitches, travelMinutes: FieldGame.travel, matches: matches, officials: officials,
            rules: MatchdayRules(bufferMinutes: 10, restMinutes: 10), options: InstanceOptions(timeLimitSeconds: 10))
    }
}
