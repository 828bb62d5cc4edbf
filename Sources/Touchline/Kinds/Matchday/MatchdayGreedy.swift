import TouchlineMILP

extension MatchdayKind {
    /// Pitches by the pitches greedy, then officials by the officials greedy on those pitches.
    public static func greedy(_ instance: MatchdayInstance, seconds: Double?) -> MatchdaySolution? {
        guard let pitches = PitchesKind.greedy(instance.pitchesInstance) else { return nil }
        let core = core(instance)
        let pitchIndex = Dictionary(uniqueKeysWithValues: instance.pitches.enumerated().map { ($1.id, $0) })
        let placeOf = instance.matches.map { pitches.assignments[$0.id].flatMap { pitchIndex[$0] } }
        let crews = core.greedy(placeOf: placeOf, previous: instance.previous?.assignments)
        return MatchdaySolution(pitches: pitches, officials: core.solution(crews: crews, placeOf: placeOf))
    }
}
