import TouchlineMILP

extension MatchdayKind {
    /// Pitches by the pitches greedy, then officials by the officials greedy on those pitches.
    public static func greedy(_ prepared: MatchdayPrepared, seconds: Double?) -> MatchdaySolution? {
        let instance = prepared.instance
        guard let pitches = PitchesKind.greedy(prepared.pitches, seconds: nil) else { return nil }
        let core = prepared.core
        let pitchIndex = Dictionary(uniqueKeysWithValues: instance.pitches.enumerated().map { ($1.id, $0) })
        let placeOf = instance.matches.map { pitches.assignments[$0.id].flatMap { pitchIndex[$0] } }
        let crews = core.greedy(placeOf: placeOf, previous: instance.previous?.assignments)
        let officials = core.solution(crews: crews, placeOf: placeOf)
        // The pitches greedy does not know the officials' pins: where it leaves a pinned match unplaced, or puts it
        // where the pinned official cannot be, this greedy has no legal plan (the MILP or the best effort decides).
        for pin in instance.pinned ?? [] where officials.assignments[pin.match]?.contains(pin.official) != true {
            return nil
        }
        return MatchdaySolution(pitches: pitches, officials: officials)
    }
}
