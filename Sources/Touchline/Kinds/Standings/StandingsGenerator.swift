import TouchlineMILP
import TouchlineSearch

extension StandingsKind {
    static let generatorSize = GeneratorSize(
        meaning: "teams in a double round-robin league with a quarter of its rounds still to play",
        unit: "teams in the league", range: 3...40, series: [6, 8, 10, 12, 16, 20, 24], smallSeries: [4, 6])

    /// A league of `size` teams of random strength playing each other home and away (circle method), three
    /// quarters of the rounds played (goals drawn from Poisson laws with a home advantage), the rest remaining;
    /// Premier League rules; asks for every team's best and worst final rank and for the title, the top four
    /// and safety from the bottom three as clinch questions.
    public static func generate(size: Int, seed: UInt64) -> StandingsInstance {
        precondition(generatorSize.range.contains(size), "size out of range")
        var random = SeededRandom(seed: seed)
        let towns = [
            "Ashford", "Barnet", "Carlisle", "Dover", "Exeter", "Frome", "Gillingham", "Hereford", "Ipswich",
            "Kendal", "Lincoln", "Morecambe", "Newport", "Oldham", "Preston", "Reading", "Salford", "Telford",
            "Walsall", "Yeovil", "Bury", "Crewe", "Derby", "Eastleigh", "Fleetwood", "Grimsby", "Halifax",
            "Luton", "Maidstone", "Northampton", "Oxford", "Peterborough", "Rochdale", "Stevenage", "Torquay",
            "Wrexham", "Barrow", "Chester", "Dagenham", "Harrogate"
        ]
        let teams = (0..<size).map { index in
            StandingsTeam(id: towns[index].lowercased(), name: towns[index] + (index % 3 == 0 ? " Town" : " United"))
        }
        let strength = (0..<size).map { _ in 0.7 + 0.6 * random.unit() }
        // Circle method: a bye (index -1) makes an odd count even; the second half mirrors the first.
        var order = Array(0..<size) + (size % 2 == 1 ? [-1] : [])
        var firstLeg: [[(Int, Int)]] = []
        for round in 0..<(order.count - 1) {
            var pairs: [(Int, Int)] = []
            for slot in 0..<(order.count / 2) {
                let a = order[slot], b = order[order.count - 1 - slot]
                guard a >= 0 && b >= 0 else { continue }
                pairs.append(round % 2 == 0 ? (a, b) : (b, a))
            }
            firstLeg.append(pairs)
            order.insert(order.removeLast(), at: 1)
        }
        let rounds = firstLeg + firstLeg.map { $0.map { ($0.1, $0.0) } }
        let played = (rounds.count * 3) / 4
        let opening = LocalDateTime("2026-08-15")!
        var results: [MatchResult] = []
        var remaining: [RemainingMatch] = []
        for (number, round) in rounds.enumerated() {
            let date = (opening + number * 7 * 1440).dateText
            for (home, away) in round {
                if number < played {
                    let homeGoals = random.poisson(mean: 1.5 * strength[home] / strength[away])
                    let awayGoals = random.poisson(mean: 1.1 * strength[away] / strength[home])
                    results.append(
                        MatchResult(
                            home: teams[home].id, away: teams[away].id, homeGoals: homeGoals, awayGoals: awayGoals, date: date))
                } else {
                    remaining.append(RemainingMatch(home: teams[home].id, away: teams[away].id, date: date))
                }
            }
        }
        let clinch = size >= 8 ? [1, 4, size - 3] : [1]
        var instance = StandingsInstance(
            rules: "premier-league", teams: teams, results: results, remaining: remaining,
            analysis: StandingsAnalysisRequest(positions: true, clinch: clinch))
        instance.options = InstanceOptions(timeLimitSeconds: 10)
        instance.source = "touchline generate standings --size \(size) --seed \(seed) (random results)"
        return instance
    }
}
