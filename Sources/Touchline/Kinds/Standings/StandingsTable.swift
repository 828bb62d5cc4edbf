/// The league table: exact code, no solver. Records from the results, then the tie-break chain applied to each
/// group of teams level on the criteria so far, with the instance's head-to-head re-application policy.
struct StandingsTable {
    struct Record: Equatable {
        var played = 0, won = 0, drawn = 0, lost = 0
        var goalsFor = 0, goalsAgainst = 0, awayGoals = 0, awayWins = 0
        /// From results only; `points` adds the adjustments.
        var resultPoints = 0
        var points = 0
        var goalDifference: Int { goalsFor - goalsAgainst }

        /// One match from this team's side.
        mutating func add(scored: Int, conceded: Int, away: Bool, _ system: PointsSystem) {
            played += 1
            goalsFor += scored
            goalsAgainst += conceded
            if away { awayGoals += scored }
            if scored > conceded {
                won += 1
                if away { awayWins += 1 }
                resultPoints += system.win
            } else if scored < conceded {
                lost += 1
                resultPoints += system.loss
            } else {
                drawn += 1
                resultPoints += system.draw
            }
        }
    }

    /// Why one group of teams is above the next.
    struct Boundary: Equatable {
        var criterion: Criterion
        var upper: Int
        var lower: Int
    }

    /// Teams in order, as groups of teams that share a position, with the boundary between each two groups.
    struct Ordering {
        var groups: [[Int]]
        var boundaries: [Boundary]

        mutating func append(_ other: Ordering, after boundary: Boundary?) {
            if let boundary { boundaries.append(boundary) }
            groups += other.groups
            boundaries += other.boundaries
        }
    }

    let instance: StandingsInstance
    let teams: [String]
    let index: [String: Int]
    let points: PointsSystem
    /// (home, away, home goals, away goals) by team index.
    let results: [(Int, Int, Int, Int)]
    let records: [Record]
    let chain: [Criterion]
    let reapply: HeadToHeadReapply
    private let discipline: [Int]
    private let rankingPosition: [Int: Int]
    private let lotsPosition: [Int: Int]

    init(_ instance: StandingsInstance) {
        self.init(instance, results: instance.results)
    }

    /// The table of the instance's teams over `results` (a scenario adds remaining matches to them).
    init(_ instance: StandingsInstance, results matchResults: [MatchResult]) {
        self.instance = instance
        teams = instance.teams.map(\.id)
        var index: [String: Int] = [:]
        for (position, id) in teams.enumerated() where index[id] == nil { index[id] = position }
        self.index = index
        let points = instance.pointsSystem
        self.points = points
        results = matchResults.compactMap { result in
            guard let home = index[result.home], let away = index[result.away] else { return nil }
            return (home, away, result.homeGoals, result.awayGoals)
        }
        var records = Array(repeating: Record(), count: teams.count)
        for (home, away, homeGoals, awayGoals) in results {
            records[home].add(scored: homeGoals, conceded: awayGoals, away: false, points)
            records[away].add(scored: awayGoals, conceded: homeGoals, away: true, points)
        }
        for position in records.indices { records[position].points = records[position].resultPoints }
        for adjustment in instance.adjustments ?? [] {
            if let team = index[adjustment.team] { records[team].points += adjustment.points }
        }
        self.records = records
        var discipline = Array(repeating: 0, count: teams.count)
        for entry in instance.discipline ?? [] {
            if let team = index[entry.team] { discipline[team] += entry.points }
        }
        self.discipline = discipline
        var ranking: [Int: Int] = [:]
        for (position, id) in (instance.ranking ?? []).enumerated() {
            if let team = index[id], ranking[team] == nil { ranking[team] = position }
        }
        rankingPosition = ranking
        var lots: [Int: Int] = [:]
        for (position, id) in (instance.lots ?? []).enumerated() {
            if let team = index[id], lots[team] == nil { lots[team] = position }
        }
        lotsPosition = lots
        (chain, reapply) = StandingsRules.resolved(instance)
    }

    // MARK: criteria

    /// The figures of the matches among `among` only (a mini-league).
    private func miniLeague(_ among: Set<Int>) -> [Int: Record] {
        var table: [Int: Record] = [:]
        for team in among { table[team] = Record() }
        for (home, away, homeGoals, awayGoals) in results where among.contains(home) && among.contains(away) {
            table[home]!.add(scored: homeGoals, conceded: awayGoals, away: false, points)
            table[away]!.add(scored: awayGoals, conceded: homeGoals, away: true, points)
        }
        for team in among { table[team]!.points = table[team]!.resultPoints }
        return table
    }

    private func opponents(of team: Int) -> [Int] {
        results.compactMap { home, away, _, _ in home == team ? away : away == team ? home : nil }
    }

    /// Each team's value of a criterion (higher is better), computed over `among` for head-to-head criteria;
    /// nil for the criteria that split by their own rule (`playoff`, `lots`).
    private func values(_ criterion: Criterion, of group: [Int], among: Set<Int>) -> [Int: Int]? {
        var mini: [Int: Record] = [:]
        if criterion.isHeadToHead { mini = miniLeague(among) }
        var values: [Int: Int] = [:]
        for team in group {
            let record = records[team]
            switch criterion {
            case .points: values[team] = record.points
            case .goalDifference: values[team] = record.goalDifference
            case .goalsFor: values[team] = record.goalsFor
            case .awayGoals: values[team] = record.awayGoals
            case .wins: values[team] = record.won
            case .awayWins: values[team] = record.awayWins
            case .headToHeadPoints: values[team] = mini[team]!.points
            case .headToHeadGoalDifference: values[team] = mini[team]!.goalDifference
            case .headToHeadGoalsFor: values[team] = mini[team]!.goalsFor
            case .headToHeadAwayGoals: values[team] = mini[team]!.awayGoals
            case .opponentsPoints: values[team] = opponents(of: team).reduce(0) { $0 + records[$1].points }
            case .opponentsGoalDifference: values[team] = opponents(of: team).reduce(0) { $0 + records[$1].goalDifference }
            case .opponentsGoalsFor: values[team] = opponents(of: team).reduce(0) { $0 + records[$1].goalsFor }
            case .discipline: values[team] = discipline[team]
            // Best first: position 0 is the highest value; unranked teams tie below every ranked one.
            case .ranking: values[team] = rankingPosition[team].map { -$0 } ?? Int.min
            case .playoff, .lots: return nil
            }
        }
        return values
    }

    /// Splits a group by one criterion: the parts best first, each with its value.
    private func split(_ group: [Int], by criterion: Criterion, among: Set<Int>) -> [([Int], Int)] {
        if let values = values(criterion, of: group, among: among) {
            let distinct = Set(group.map { values[$0]! }).sorted(by: >)
            return distinct.map { value in (group.filter { values[$0] == value }, value) }
        }
        switch criterion {
        case .playoff:
            let members = Set(group.map { teams[$0] })
            guard let playoff = (instance.playoffs ?? []).first(where: { Set($0.teams) == members }),
                let winner = index[playoff.winner]
            else { return [(group, 0)] }
            return [([winner], 1), (group.filter { $0 != winner }, 0)]
        case .lots:
            // Without an order for every one of them the teams share the position (the rows say a draw is needed).
            guard group.allSatisfy({ lotsPosition[$0] != nil }) else { return [(group, 0)] }
            return group.sorted { lotsPosition[$0]! < lotsPosition[$1]! }.map { ([$0], -lotsPosition[$0]!) }
        default:
            return [(group, 0)]
        }
    }

    // MARK: ordering

    /// The final order of every team with the boundaries between positions.
    func ordering() -> Ordering {
        resolve(Array(teams.indices), from: 0)
    }

    /// Orders a group of teams level on every criterion before `start`.
    private func resolve(_ group: [Int], from start: Int) -> Ordering {
        guard group.count > 1, start < chain.count else { return Ordering(groups: [group], boundaries: []) }
        let criterion = chain[start]
        guard criterion.isHeadToHead else {
            let parts = split(group, by: criterion, among: Set(group))
            return concatenate(parts, criterion: criterion) { part in resolve(part, from: start + 1) }
        }
        var end = start
        while end < chain.count && chain[end].isHeadToHead { end += 1 }
        let block = Array(chain[start..<end])
        let reference = Set(group)
        if reapply == .immediately {
            for criterion in block {
                let parts = split(group, by: criterion, among: reference)
                if parts.count > 1 {
                    return concatenate(parts, criterion: criterion) { part in resolve(part, from: start) }
                }
            }
            return resolve(group, from: end)
        }
        // The whole block over the teams that entered it: split part by part, every value over `reference`.
        var parts: [[Int]] = [group]
        var boundaries: [Boundary] = []
        for criterion in block {
            var nextParts: [[Int]] = []
            var nextBoundaries: [Boundary] = []
            for (position, part) in parts.enumerated() {
                let pieces = split(part, by: criterion, among: reference)
                for (offset, piece) in pieces.enumerated() {
                    if offset > 0 { nextBoundaries.append(Boundary(criterion: criterion, upper: pieces[offset - 1].1, lower: piece.1)) }
                    nextParts.append(piece.0)
                }
                if position < boundaries.count { nextBoundaries.append(boundaries[position]) }
            }
            parts = nextParts
            boundaries = nextBoundaries
        }
        var ordering = Ordering(groups: [], boundaries: [])
        for (position, part) in parts.enumerated() {
            let again = reapply == .afterBlock && part.count > 1 && part.count < group.count
            let inner = resolve(part, from: again ? start : end)
            ordering.append(inner, after: position == 0 ? nil : boundaries[position - 1])
        }
        return ordering
    }

    private func concatenate(
        _ parts: [([Int], Int)], criterion: Criterion, _ inner: ([Int]) -> Ordering
    ) -> Ordering {
        var ordering = Ordering(groups: [], boundaries: [])
        for (position, part) in parts.enumerated() {
            let boundary = position == 0 ? nil : Boundary(criterion: criterion, upper: parts[position - 1].1, lower: part.1)
            ordering.append(inner(part.0), after: boundary)
        }
        return ordering
    }

    /// The table rows: competition ranks, records, and the criterion between each team and the next.
    func rows() -> ([TableRow], [String]) {
        let ordering = ordering()
        var warnings: [String] = []
        var rows: [TableRow] = []
        for (position, group) in ordering.groups.enumerated() {
            let rank = rows.count + 1
            // Within a shared position, keep the instance's team order (stable output).
            for (offset, team) in group.sorted().enumerated() {
                let record = records[team]
                let boundary = offset == group.count - 1 && position < ordering.boundaries.count ? ordering.boundaries[position] : nil
                rows.append(
                    TableRow(
                        rank: rank, team: teams[team], played: record.played, won: record.won, drawn: record.drawn,
                        lost: record.lost, goalsFor: record.goalsFor, goalsAgainst: record.goalsAgainst,
                        goalDifference: record.goalDifference, points: record.points,
                        decidedBy: boundary?.criterion.rawValue, decidedValues: boundary.map { [$0.upper, $0.lower] }))
            }
            if group.count > 1 {
                let names = group.sorted().map { teams[$0] }.joined(separator: ", ")
                warnings.append(
                    chain.contains(.lots)
                        ? "a drawing of lots is needed between \(names) (position \(rank)): \"lots\" gives no order for them"
                        : "\(names) share position \(rank): nothing in the chain separates them")
            }
        }
        return (rows, warnings)
    }
}
