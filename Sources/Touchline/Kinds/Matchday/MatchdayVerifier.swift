import TouchlineMILP

extension MatchdayKind {
    public static func verify(_ instance: MatchdayInstance, _ solution: MatchdaySolution) -> [String] {
        var violations = PitchesKind.verify(instance.pitchesPart, solution.pitchesPart)
        violations += verifier(instance, pitchOf: solution.pitches).check(solution.officialsPart)
        return violations
    }

    static func verifier(_ instance: MatchdayInstance, pitchOf: [String: String]) -> OfficialsVerifier {
        OfficialsVerifier(
            matches: instance.matches.map {
                .init(
                    id: $0.id, start: $0.start, duration: $0.durationMinutes, place: pitchOf[$0.id], teams: $0.teams ?? [],
                    needed: $0.officials ?? OfficialsMatch.defaultOfficials, minLevel: $0.minLevel ?? 0)
            },
            places: instance.pitches.map { .init(id: $0.id, group: $0.group ?? "", lat: $0.lat, lon: $0.lon) },
            officials: instance.officials, pinned: instance.pinned ?? [], travel: instance.travelMinutes ?? [],
            rest: instance.rules?.restMinutes ?? 0, speed: instance.rules?.travelSpeedKmh ?? OfficialsRules.defaultTravelSpeedKmh)
    }
}
