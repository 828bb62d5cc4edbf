import TouchlineMILP
import TouchlineSearch

extension PitchesKind {
    static let generatorSize = GeneratorSize(
        meaning: "matches over a term on the Field Game's North and South Fields",
        unit: "matches in the term", range: 1...10000, series: [25, 50, 100, 200, 300, 500], smallSeries: [6, 12])

    /// A term's fixtures without pitches on the 33 Field Game pitches, with a 10-minute buffer, College Field
    /// at most twice a day, and two South Meadow pitches closed for a fortnight when the term is long enough.
    public static func generate(size: Int, seed: UInt64) -> PitchesInstance {
        precondition(generatorSize.range.contains(size), "size out of range")
        var random = SeededRandom(seed: seed)
        let fixtures = FieldGame.term(count: size, random: &random)
        var pitches = FieldGame.pitches
        if let last = fixtures.last, last.start.day - FieldGame.termStart.day > 28 {
            let from = FieldGame.termStart + 1440 * (14 + random.int(in: 0...7))
            for index in pitches.indices where ["south-meadow-4", "south-meadow-5"].contains(pitches[index].id) {
                pitches[index].closed = [TimeWindow(from: from, to: from + 14 * 1440)]
            }
        }
        let matches = fixtures.map {
            PitchMatch(
                id: $0.id, start: $0.start, durationMinutes: $0.durationMinutes, size: $0.size,
                competition: $0.competition, teams: $0.teams, preferred: $0.preferred)
        }
        return PitchesInstance(
            pitches: pitches, matches: matches, rules: PitchRules(bufferMinutes: 10),
            options: InstanceOptions(timeLimitSeconds: 10))
    }
}
