import TouchlineMILP
import TouchlineSearch

extension LineupKind {
    static let generatorSize = GeneratorSize(
        meaning: "players in the squad (the format follows: 4v4 up to 7, 7v7 up to 11, 9v9 up to 14, then 11v11)",
        unit: "players in the squad", range: 5...40, series: [6, 8, 10, 12, 14, 16, 18, 22, 26], smallSeries: [6, 9])

    /// A youth squad in the US Youth Soccer small-sided format its size suits, substitutions every 5 minutes,
    /// balanced playtime with a minimum share the squad can meet, keepers who keep a whole period, at most
    /// `minStint` 2 segments on, a cap on changes per window; sometimes an injured player, a late arrival,
    /// season minutes to balance, an `apart` pair of defenders and a `together` pair, a player who must try a
    /// position, one who stays in one, `minPositions` 2, ratings with `rules.strength`, keepers who take turns
    /// (`keeperTurns`, or `keeperMaxShare` 0.5 with `keeperMinOutfieldMinutes` a quarter) and `maxStintMinutes` at FWD.
    public static func generate(size: Int, seed: UInt64) -> LineupInstance {
        precondition(generatorSize.range.contains(size), "size out of range")
        var random = SeededRandom(seed: seed)
        let (match, formation): (LineupMatch, [String: Int]) =
            switch size {
            case ...7: (LineupMatch(periods: 4, periodMinutes: 10, substitutions: .init(everyMinutes: 5)), ["DEF": 2, "FWD": 2])
            case ...11:
                (
                    LineupMatch(periods: 2, periodMinutes: 25, substitutions: .init(everyMinutes: 5)),
                    ["GK": 1, "DEF": 2, "MID": 3, "FWD": 1]
                )
            case ...14:
                (
                    LineupMatch(periods: 2, periodMinutes: 30, substitutions: .init(everyMinutes: 5)),
                    ["GK": 1, "DEF": 3, "MID": 3, "FWD": 2]
                )
            default:
                (
                    LineupMatch(periods: 2, periodMinutes: 35, substitutions: .init(everyMinutes: 5)),
                    ["GK": 1, "DEF": 4, "MID": 4, "FWD": 2]
                )
            }
        let onField = formation.values.reduce(0, +)
        let hasKeeper = formation["GK"] != nil
        // Outfield slots in formation order, cycled, give each player a main position; half get a second one.
        let outfield = ["DEF", "MID", "FWD"].flatMap { code in Array(repeating: code, count: formation[code] ?? 0) }
        let names = [
            "Ava", "Ben", "Cleo", "Dev", "Ema", "Finn", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lena", "Milo", "Nia",
            "Omar", "Pia", "Quin", "Rosa", "Sami", "Tess", "Uri", "Vera", "Wes", "Xia", "Yann", "Zara", "Abe",
            "Bea", "Cai", "Dora", "Eli", "Fay", "Gil", "Hope", "Ines", "Jon", "Kim", "Lou", "Max", "Noor"
        ]
        let seasonBalance = random.chance(0.3)
        var players: [LineupPlayer] = (0..<size).map { index in
            var positions: [String]
            if hasKeeper && index == 0 {
                positions = ["GK"]
            } else {
                positions = [outfield[(index - (hasKeeper ? 1 : 0)) % outfield.count]]
                if random.chance(0.5) {
                    let second = random.pick(outfield)
                    if second != positions[0] { positions.append(second) }
                }
                if hasKeeper && index == onField { positions.append("GK") }
            }
            return LineupPlayer(
                id: "p\(index + 1)", name: names[index % names.count] + (index < names.count ? "" : " \(index / names.count + 1)"),
                number: index + 1, positions: positions,
                seasonMinutes: seasonBalance ? random.int(in: 0...12) * 25 : nil)
        }
        var available = size
        if size > onField + 1 && random.chance(0.25) {
            players[random.int(in: 1...(size - 1))].status = .injured
            available -= 1
        }
        if size > onField + 1, random.chance(0.25), let late = players.indices.dropFirst().first(where: { players[$0].isAvailable && $0 != onField })
        {
            players[late].arrivesAt = 10
        }
        let share = min(0.5, Double(Int(20 * 0.85 * Double(onField) / Double(available))) / 20)
        var rules = LineupRules(
            mode: .balanced, minShare: share, keeperFullPeriods: hasKeeper ? true : nil,
            maxChangesPerWindow: max(2, (onField + 1) / 2), minStint: 2, seasonBalance: seasonBalance ? true : nil)
        // Sometimes two defenders never on the bench together, and two outfield players on and off together (both
        // there from kick-off). Drawn last, so that a seed's other fields are what they were before pairs.
        let outfielders = players.indices.filter { p in
            players[p].isAvailable && players[p].arrivesAt == nil && !players[p].positions.contains("GK")
        }
        let defenders = outfielders.filter { players[$0].positions.contains("DEF") }
        if defenders.count >= 2 && random.chance(0.2) {
            let first = random.pick(defenders)
            rules.apart = [[players[first].id, players[random.pick(defenders.filter { $0 != first })].id]]
        }
        if outfielders.count >= 2 && random.chance(0.2) {
            let first = random.pick(outfielders)
            rules.together = [[players[first].id, players[random.pick(outfielders.filter { $0 != first })].id]]
        }
        // Sometimes positions to learn: a player who must try their second position, one who stays in one
        // position all match, or everyone in two of their positions. Drawn after the pairs, for the same reason.
        let versatile = outfielders.filter { players[$0].positions.count >= 2 }
        // Only a player whose positions others can fill while they try another one.
        let learners = versatile.filter { p in
            players[p].positions.allSatisfy { code in
                players.indices.filter { $0 != p && players[$0].isAvailable && players[$0].positions.contains(code) }.count >= formation[code] ?? 0
            }
        }
        if !learners.isEmpty && random.chance(0.15) {
            let p = random.pick(learners)
            players[p].mustPlay = [players[p].positions[1]]
        }
        if !versatile.isEmpty && random.chance(0.15) { players[random.pick(versatile)].onePosition = true }
        if learners.count == versatile.count && random.chance(0.1) { rules.minPositions = 2 }
        // Sometimes strength on the field: ratings of 1 to 5 stars and a share that a field of average strength
        // keeps (0.95 of the average field against the strongest, in steps of 0.05); in two squads of five of
        // those, the strength gap as a level too (`balanced`), in half of them without the share. Drawn last.
        if random.chance(0.15) {
            for p in players.indices { players[p].rating = Double(random.int(in: 1...5)) }
            let ratings = players.filter(\.isAvailable).map { $0.rating ?? 0 }
            let strongest = ratings.sorted(by: >).prefix(onField).reduce(0, +)
            let average = ratings.reduce(0, +) * Double(onField) / Double(max(1, ratings.count))
            if strongest > 0 { rules.strength = LineupStrength(minShare: (20 * 0.95 * average / strongest).rounded(.down) / 20) }
            if random.chance(0.4) {
                rules.strength = LineupStrength(minShare: random.chance(0.5) ? rules.strength?.minShare : nil, balanced: true)
            }
        }
        // Sometimes keepers who take turns, as AYSO asks: nobody in goal more than half the match, and then
        // sometimes a keeper also plays a quarter outfield (the keeper-only player then also plays DEF); or everyone
        // who lists GK keeps goal once. Only with two players who can keep goal there from kick-off. Drawn last.
        let keepers = players.indices.filter { players[$0].isAvailable && players[$0].arrivesAt == nil && players[$0].positions.contains("GK") }
        if hasKeeper && keepers.count >= 2 && keepers.count <= match.periods && random.chance(0.2) {
            if random.chance(0.5) {
                rules.keeperTurns = true
            } else {
                rules.keeperMaxShare = 0.5
                if random.chance(0.5) {
                    let quarter = match.periods * match.periodMinutes / 4
                    rules.keeperMinOutfieldMinutes = quarter - quarter % 5
                    for p in keepers where players[p].positions == ["GK"] { players[p].positions.append("DEF") }
                }
            }
        }
        // Sometimes shorter shifts up front: strikers at most fifteen minutes in a row at FWD, where twice as many
        // players as the formation's strikers can play there (so that a striker can rest while another plays).
        let strikers = formation["FWD"] ?? 0
        let canStrike = players.filter { $0.isAvailable && $0.positions.contains("FWD") }.count
        if strikers > 0 && canStrike >= 2 * strikers && random.chance(0.15) { rules.maxStintMinutes = ["FWD": 15] }
        return LineupInstance(
            match: match, formation: formation, players: players, rules: rules,
            options: InstanceOptions(timeLimitSeconds: 10))
    }
}

extension LineupKind {
    /// The most games ``generateDay(size:games:seed:)`` writes (a tournament day's most).
    public static let maxGeneratedGames = LineupInstance.maxDayMatches

    /// A tournament day of `games` short games for the squad ``generate(size:seed:)`` writes for the same size and
    /// seed: each game two halves of half that format's match length (its minutes rounded down to 5, at least
    /// 10), a window every 5 minutes; the squad, formation and rules carried over (a keeper's minutes outfield
    /// taken as a quarter of one game, the strikers' longest run at most one game's half); sometimes a player hurt
    /// in a later game who misses the rest of the day, and a player arriving at half time of one later game.
    public static func generateDay(size: Int, games: Int, seed: UInt64) -> LineupInstance {
        precondition(generatorSize.range.contains(size), "size out of range")
        precondition((1...maxGeneratedGames).contains(games), "games out of range")
        let one = generate(size: size, seed: seed)
        var random = SeededRandom(seed: seed ^ 0x7D_A7)
        let length = max(10, one.match.periods * one.match.periodMinutes / 2 / 5 * 5)
        let half = max(5, length / 2 / 5 * 5)
        var matches = (0..<games).map { g in
            LineupDayMatch(
                name: games > 1 && g == games - 1 ? "Final" : "Game \(g + 1)", periods: 2, periodMinutes: half,
                substitutions: .init(everyMinutes: 5))
        }
        // Only an outfield player whom no rule names and the squad can do without: a spare beyond the field, and
        // for every position a spare among the others who play it.
        let available = one.players.indices.filter { one.players[$0].isAvailable }
        let named = Set(((one.rules?.together ?? []) + (one.rules?.apart ?? [])).flatMap { $0 } + one.players.filter { $0.mustPlay != nil }.map(\.id))
        let spare = available.count - 1 > one.formation.values.reduce(0, +)
        let outfield = available.filter { p in
            spare && !one.players[p].positions.contains("GK") && !named.contains(one.players[p].id)
                && one.formation.allSatisfy { code, count in
                    available.filter { $0 != p && one.players[$0].positions.contains(code) }.count >= count + 1
                }
        }
        if games >= 3, !outfield.isEmpty, random.chance(0.3) {
            // Hurt in a game after the first: out of the rest of the day.
            let hurt = one.players[random.pick(outfield)].id
            for g in random.int(in: 2...(games - 1))..<games { matches[g].status = [hurt: .injured] }
        }
        if games >= 2, outfield.count >= 2, random.chance(0.3) {
            let late = one.players[random.pick(outfield)].id
            let g = random.int(in: 1...(games - 1))
            if matches[g].status?[late] == nil { matches[g].arrivesAt = [late: half] }
        }
        var players = one.players
        for p in players.indices where (players[p].arrivesAt ?? 0) >= 2 * half { players[p].arrivesAt = half }
        var rules = one.rules
        if rules?.keeperMinOutfieldMinutes != nil { rules?.keeperMinOutfieldMinutes = max(5, 2 * half / 4 / 5 * 5) }
        if let stint = rules?.maxStintMinutes?["FWD"] { rules?.maxStintMinutes = ["FWD": min(stint, half)] }
        return LineupInstance(
            matches: matches, formation: one.formation, players: players, rules: rules, options: InstanceOptions(timeLimitSeconds: 10))
    }
}
