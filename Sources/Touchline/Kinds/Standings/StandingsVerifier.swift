/// Re-checks a standings result from the instance alone: every team once with its record recomputed, ranks,
/// the criterion named between neighbours, and each analysis answer against its own witness scenarios.
enum StandingsVerifier {
    struct Line: Equatable {
        var played = 0, won = 0, drawn = 0, lost = 0, goalsFor = 0, goalsAgainst = 0, points = 0, awayGoals = 0, awayWins = 0
    }

    /// Records recomputed here, independently of ``StandingsTable``.
    static func lines(_ instance: StandingsInstance, extra: [ScenarioResult] = []) -> [String: Line] {
        let system = instance.pointsSystem
        var lines: [String: Line] = [:]
        for team in instance.teams { lines[team.id] = Line() }
        let all =
            instance.results.map { ($0.home, $0.away, $0.homeGoals, $0.awayGoals) } + extra.map { ($0.home, $0.away, $0.homeGoals, $0.awayGoals) }
        for (home, away, homeGoals, awayGoals) in all where lines[home] != nil && lines[away] != nil {
            lines[home]!.played += 1
            lines[away]!.played += 1
            lines[home]!.goalsFor += homeGoals
            lines[home]!.goalsAgainst += awayGoals
            lines[away]!.goalsFor += awayGoals
            lines[away]!.goalsAgainst += homeGoals
            lines[away]!.awayGoals += awayGoals
            switch (homeGoals - awayGoals).signum() {
            case 1:
                lines[home]!.won += 1; lines[away]!.lost += 1
                lines[home]!.points += system.win; lines[away]!.points += system.loss
            case -1:
                lines[away]!.won += 1; lines[home]!.lost += 1; lines[away]!.awayWins += 1
                lines[away]!.points += system.win; lines[home]!.points += system.loss
            default:
                lines[home]!.drawn += 1; lines[away]!.drawn += 1
                lines[home]!.points += system.draw; lines[away]!.points += system.draw
            }
        }
        for adjustment in instance.adjustments ?? [] where lines[adjustment.team] != nil {
            lines[adjustment.team]!.points += adjustment.points
        }
        return lines
    }

    static func verify(_ instance: StandingsInstance, _ solution: StandingsSolution) -> [String] {
        var problems: [String] = []
        let lines = lines(instance)
        let rows = solution.table
        let ids = rows.map(\.team)
        if Set(ids) != Set(instance.teams.map(\.id)) || ids.count != instance.teams.count {
            problems.append("table: expected every team exactly once, got \(ids.count) rows for \(instance.teams.count) teams")
        }
        let chain = solution.tieBreakers
        let expectedChain = StandingsRules.resolved(instance).chain.map(\.rawValue)
        if chain != expectedChain { problems.append("tieBreakers: the result applied \(chain), the instance asks for \(expectedChain)") }
        var discipline: [String: Int] = [:]
        for entry in instance.discipline ?? [] { discipline[entry.team, default: 0] += entry.points }
        func simpleValue(_ code: String, _ team: String) -> Int? {
            guard let line = lines[team] else { return nil }
            switch code {
            case "points": return line.points
            case "goalDifference": return line.goalsFor - line.goalsAgainst
            case "goalsFor": return line.goalsFor
            case "awayGoals": return line.awayGoals
            case "wins": return line.won
            case "awayWins": return line.awayWins
            case "discipline": return discipline[team] ?? 0
            default: return nil
            }
        }
        for (position, row) in rows.enumerated() {
            if let line = lines[row.team] {
                let reported = Line(
                    played: row.played, won: row.won, drawn: row.drawn, lost: row.lost, goalsFor: row.goalsFor,
                    goalsAgainst: row.goalsAgainst, points: row.points, awayGoals: line.awayGoals, awayWins: line.awayWins)
                if reported != line || row.goalDifference != row.goalsFor - row.goalsAgainst {
                    problems.append(
                        "table: \(row.team)'s record is \(row.played)/\(row.won)/\(row.drawn)/\(row.lost) \(row.goalsFor)-\(row.goalsAgainst) \(row.points) pts; the results give \(line.played)/\(line.won)/\(line.drawn)/\(line.lost) \(line.goalsFor)-\(line.goalsAgainst) \(line.points) pts"
                    )
                }
            }
            let expectedRank = position == 0 ? 1 : (rows[position - 1].decidedBy == nil ? rows[position - 1].rank : position + 1)
            if row.rank != expectedRank { problems.append("table: \(row.team) has rank \(row.rank), expected \(expectedRank)") }
            guard position + 1 < rows.count else {
                if row.decidedBy != nil { problems.append("table: the last row has decidedBy \(row.decidedBy!)") }
                continue
            }
            let next = rows[position + 1]
            if chain.first == "points", let points = lines[row.team]?.points, let nextPoints = lines[next.team]?.points, points < nextPoints {
                problems.append("table: \(row.team) (\(points) pts) is above \(next.team) (\(nextPoints) pts)")
            }
            guard let code = row.decidedBy else { continue }
            guard let at = chain.firstIndex(of: code) else {
                problems.append("table: \(row.team) is above \(next.team) on \(code), which is not in the chain")
                continue
            }
            // The criteria before it that compare the two teams alone must be level; it must favour the upper team.
            for earlier in chain[..<at] {
                if let a = simpleValue(earlier, row.team), let b = simpleValue(earlier, next.team), a != b {
                    problems.append("table: \(row.team) and \(next.team) differ on \(earlier) (\(a) v \(b)) before \(code)")
                }
            }
            if let a = simpleValue(code, row.team), let b = simpleValue(code, next.team), a <= b {
                problems.append("table: \(row.team) is above \(next.team) on \(code) but has \(a) v \(b)")
            }
        }
        problems += verifyAnalysis(instance, solution)
        return problems
    }

    static func verifyAnalysis(_ instance: StandingsInstance, _ solution: StandingsSolution) -> [String] {
        guard let analysis = solution.analysis else {
            return instance.analysis.map { $0.positions == true || !($0.clinch ?? []).isEmpty } == true
                ? ["analysis: asked for but missing"] : []
        }
        var problems: [String] = []
        let remaining = (instance.remaining ?? []).map { "\($0.home)|\($0.away)" }.sorted()
        let current = lines(instance)
        let system = instance.pointsSystem
        var games: [String: Int] = [:]
        for match in instance.remaining ?? [] {
            games[match.home, default: 0] += 1
            games[match.away, default: 0] += 1
        }
        for entry in analysis {
            guard let points = current[entry.team]?.points else {
                problems.append("analysis: unknown team \(entry.team)")
                continue
            }
            if entry.points != points { problems.append("analysis: \(entry.team) has \(points) points, not \(entry.points)") }
            let most = points + system.win * (games[entry.team] ?? 0)
            if entry.maxPoints != most { problems.append("analysis: \(entry.team) can reach \(most) points, not \(entry.maxPoints)") }
            if entry.canFinishFirst != (entry.bestRank == 1) { problems.append("analysis: \(entry.team) canFinishFirst disagrees with bestRank") }
            if entry.bestRank > entry.worstRank {
                problems.append("analysis: \(entry.team) bestRank \(entry.bestRank) > worstRank \(entry.worstRank)")
            }
            for (name, witness, rank, strict) in [
                ("best", entry.witness.best, entry.bestRank, true), ("worst", entry.witness.worst, entry.worstRank, false)
            ] {
                if witness.map({ "\($0.home)|\($0.away)" }).sorted() != remaining || witness.contains(where: { $0.homeGoals < 0 || $0.awayGoals < 0 })
                {
                    problems.append("analysis: \(entry.team)'s \(name) witness is not the remaining matches with results")
                    continue
                }
                let finals = lines(instance, extra: witness)
                let mine = finals[entry.team]!.points
                let counted = finals.filter { $0.key != entry.team && (strict ? $0.value.points > mine : $0.value.points >= mine) }.count
                if counted + 1 != rank {
                    problems.append("analysis: \(entry.team)'s \(name) witness gives rank \(counted + 1), the result says \(rank)")
                }
            }
            let asked = Set((instance.analysis?.clinch ?? []).map(String.init))
            if Set(entry.clinch.keys) != asked { problems.append("analysis: \(entry.team)'s clinch keys are not the positions asked for") }
            for (key, value) in entry.clinch {
                guard let k = Int(key) else { continue }
                let expected = entry.worstRank <= k ? "clinched" : entry.bestRank > k ? "outOfReach" : "open"
                if value != expected { problems.append("analysis: \(entry.team) clinch[\(k)] is \(value), expected \(expected)") }
            }
        }
        return problems
    }
}

extension StandingsKind {
    public static func verify(_ instance: StandingsInstance, _ solution: StandingsSolution) -> [String] {
        StandingsVerifier.verify(instance, solution)
    }
}
