import Foundation
import TouchlineMILP

/// Best and worst final rank on points: the remaining matches, each a home win, a draw or an away win.
///
/// For team t's best rank, t winning all its remaining matches dominates every other choice (it gains the most
/// and its opponents the least, since win >= draw >= loss), and likewise losing them all for its worst rank; so
/// each question is an integer program over the other matches only:
/// - best: minimise Σ y_j subject to P_j − T <= (max_j − T)·y_j for each team j that could pass t's total T;
/// - worst: maximise Σ z_j subject to P_j >= min_j + (T − min_j)·z_j for each team j that could reach T.
/// P_j is j's final points, linear in two binaries per match (home win, away win; neither is a draw).
struct PointsRace: Sendable {
    enum Outcome: Int, Sendable { case home, draw, away }
    enum Question: String, Sendable, CaseIterable { case best, worst }

    let teamCount: Int
    /// Current points, adjustments included.
    let base: [Int]
    let remaining: [(home: Int, away: Int)]
    let system: PointsSystem
    /// Remaining matches per team.
    let games: [Int]

    init(base: [Int], remaining: [(home: Int, away: Int)], system: PointsSystem) {
        teamCount = base.count
        self.base = base
        self.remaining = remaining
        self.system = system
        var games = Array(repeating: 0, count: base.count)
        for match in remaining {
            games[match.home] += 1
            games[match.away] += 1
        }
        self.games = games
    }

    func maxPoints(_ team: Int) -> Int { base[team] + system.win * games[team] }

    func finals(_ outcomes: [Outcome]) -> [Int] {
        var points = base
        for (match, outcome) in zip(remaining, outcomes) {
            switch outcome {
            case .home:
                points[match.home] += system.win
                points[match.away] += system.loss
            case .draw:
                points[match.home] += system.draw
                points[match.away] += system.draw
            case .away:
                points[match.home] += system.loss
                points[match.away] += system.win
            }
        }
        return points
    }

    /// 1 + teams strictly above (best) or 1 + teams level or above (worst) under a scenario.
    func rank(of team: Int, _ question: Question, in outcomes: [Outcome]) -> Int {
        let points = finals(outcomes)
        let others = points.indices.filter { $0 != team }
        switch question {
        case .best: return 1 + others.filter { points[$0] > points[team] }.count
        case .worst: return 1 + others.filter { points[$0] >= points[team] }.count
        }
    }

    /// The dominant result for the team itself in its own matches.
    func ownOutcome(_ match: Int, team: Int, _ question: Question) -> Outcome? {
        let (home, away) = remaining[match]
        guard home == team || away == team else { return nil }
        let wins = question == .best
        return (home == team) == wins ? .home : .away
    }

    /// The team's total in its dominant scenario and each other team's points after the team's own matches.
    func fixedPart(_ team: Int, _ question: Question) -> (target: Int, start: [Int]) {
        var start = base
        for index in remaining.indices {
            guard let outcome = ownOutcome(index, team: team, question) else { continue }
            let (home, away) = remaining[index]
            start[home] += outcome == .home ? system.win : system.loss
            start[away] += outcome == .away ? system.win : system.loss
        }
        return (start[team], start)
    }

    /// Lowest and highest points of each team over the matches not involving `team`, from `start`.
    private func ranges(excluding team: Int, start: [Int]) -> (low: [Int], high: [Int]) {
        var low = start, high = start
        for match in remaining where match.home != team && match.away != team {
            for side in [match.home, match.away] {
                low[side] += min(system.loss, system.draw)
                high[side] += system.win
            }
        }
        return (low, high)
    }

    /// Teams that count whatever happens, and those whose count depends on the other matches.
    func partition(_ team: Int, _ question: Question) -> (forced: Int, open: [Int]) {
        let (target, start) = fixedPart(team, question)
        let (low, high) = ranges(excluding: team, start: start)
        var forced = 0
        var open: [Int] = []
        for other in 0..<teamCount where other != team {
            switch question {
            case .best:
                if low[other] > target { forced += 1 } else if high[other] > target { open.append(other) }
            case .worst:
                if low[other] >= target { forced += 1 } else if high[other] >= target { open.append(other) }
            }
        }
        return (forced, open)
    }

    /// A rank no scenario can beat: the forced teams (best), or every team that can reach (worst).
    func bound(_ team: Int, _ question: Question) -> Int {
        let (forced, open) = partition(team, question)
        switch question {
        case .best: return 1 + forced
        case .worst: return 1 + forced + open.count
        }
    }

    // MARK: greedy

    /// A scenario built match by match: the team's own matches dominant; each other match the outcome that keeps
    /// the most teams on the right side of the team's total, then the most room for the matches still to come;
    /// then single-match changes while they improve the rank.
    func greedy(_ team: Int, _ question: Question) -> [Outcome] {
        let (target, start) = fixedPart(team, question)
        var outcomes = remaining.indices.map { ownOutcome($0, team: team, question) ?? .draw }
        var points = start
        var left = Array(repeating: 0, count: teamCount)
        let others = remaining.indices.filter { ownOutcome($0, team: team, question) == nil }
        for index in others {
            left[remaining[index].home] += 1
            left[remaining[index].away] += 1
        }
        // Tightest teams first: those closest to the team's total with games left.
        let order = others.sorted { a, b in
            let slackA = min(abs(target - start[remaining[a].home]), abs(target - start[remaining[a].away]))
            let slackB = min(abs(target - start[remaining[b].home]), abs(target - start[remaining[b].away]))
            return (slackA, a) < (slackB, b)
        }
        func gain(_ outcome: Outcome) -> (Int, Int) {
            switch outcome {
            case .home: return (system.win, system.loss)
            case .draw: return (system.draw, system.draw)
            case .away: return (system.loss, system.win)
            }
        }
        for index in order {
            let (home, away) = remaining[index]
            left[home] -= 1
            left[away] -= 1
            var best: (Outcome, Int, Int)?
            for outcome in [Outcome.draw, .home, .away] {
                let (homeGain, awayGain) = gain(outcome)
                var counted = 0
                var room = 0
                for (side, points) in [(home, points[home] + homeGain), (away, points[away] + awayGain)] {
                    switch question {
                    case .best:
                        if points > target { counted += 1 } else { room += min(target - points, system.win * left[side] + 1) }
                    case .worst:
                        if points >= target {
                            counted += 1
                        } else if points + system.win * left[side] >= target {
                            room -= target - points
                        } else {
                            room -= 1000
                        }
                    }
                }
                let score = question == .best ? -counted : counted
                if best == nil || (score, room) > (best!.1, best!.2) { best = (outcome, score, room) }
            }
            let (homeGain, awayGain) = gain(best!.0)
            points[home] += homeGain
            points[away] += awayGain
            outcomes[index] = best!.0
        }
        return improve(outcomes, team: team, question, movable: others)
    }

    private func improve(_ outcomes: [Outcome], team: Int, _ question: Question, movable: [Int]) -> [Outcome] {
        var outcomes = outcomes
        var current = rank(of: team, question, in: outcomes)
        var improved = true
        var passes = 0
        while improved && passes < 4 {
            improved = false
            passes += 1
            for index in movable {
                let kept = outcomes[index]
                for outcome in [Outcome.home, .draw, .away] where outcome != kept {
                    outcomes[index] = outcome
                    let candidate = rank(of: team, question, in: outcomes)
                    if question == .best ? candidate < current : candidate > current {
                        current = candidate
                        improved = true
                        break
                    }
                    outcomes[index] = kept
                }
            }
        }
        return outcomes
    }

    // MARK: integer program

    /// The variables of one question inside a model.
    struct QuestionModel {
        var team: Int
        var question: Question
        /// Per remaining match: (home wins, away wins) binaries; nil for the team's own matches.
        var wins: [(home: Variable, away: Variable)?]
        var count: LinearExpression
        var indicators: [(team: Int, variable: Variable)]
        var forced: Int

        func outcomes(_ race: PointsRace, _ value: (Variable) -> Double) -> [Outcome] {
            race.remaining.indices.map { index in
                if let own = race.ownOutcome(index, team: team, question) { return own }
                guard let pair = wins[index] else { return .draw }
                if value(pair.home) > 0.5 { return .home }
                if value(pair.away) > 0.5 { return .away }
                return .draw
            }
        }

        /// Variable values for a scenario (the warm start).
        func encode(_ outcomes: [Outcome], _ race: PointsRace, into values: inout [Double]) {
            for (index, pair) in wins.enumerated() {
                guard let pair else { continue }
                values[pair.home.index] = outcomes[index] == .home ? 1 : 0
                values[pair.away.index] = outcomes[index] == .away ? 1 : 0
            }
            let points = race.finals(outcomes)
            let target = points[team]
            for (other, variable) in indicators {
                switch question {
                case .best: values[variable.index] = points[other] > target ? 1 : 0
                case .worst: values[variable.index] = points[other] >= target ? 1 : 0
                }
            }
        }
    }

    /// Adds one question's variables and rows to `model`; the returned `count` is the number of other teams
    /// above (best) or level-or-above (worst), to minimise or maximise.
    func addQuestion(_ team: Int, _ question: Question, to model: inout Model, prefix: String) -> QuestionModel {
        let (target, start) = fixedPart(team, question)
        let (forced, open) = partition(team, question)
        let (low, high) = ranges(excluding: team, start: start)
        let openSet = Set(open)
        var wins: [(home: Variable, away: Variable)?] = Array(repeating: nil, count: remaining.count)
        var pointsOf = (0..<teamCount).map { LinearExpression(Double(start[$0])) }
        for (index, match) in remaining.enumerated() where match.home != team && match.away != team {
            // Only matches that move an open team matter; the others are free (a draw).
            guard openSet.contains(match.home) || openSet.contains(match.away) else { continue }
            let home = model.addBinary("\(prefix)h[\(index)]")
            let away = model.addBinary("\(prefix)a[\(index)]")
            model.add(home + away <= 1, name: "\(prefix)one[\(index)]")
            wins[index] = (home, away)
            let swing = Double(system.win - system.draw), drop = Double(system.loss - system.draw)
            pointsOf[match.home] += LinearExpression(Double(system.draw)) + swing * home + drop * away
            pointsOf[match.away] += LinearExpression(Double(system.draw)) + swing * away + drop * home
        }
        var indicators: [(team: Int, variable: Variable)] = []
        var count = LinearExpression(Double(forced))
        for other in open {
            let indicator = model.addBinary("\(prefix)\(question == .best ? "above" : "level")[\(other)]")
            indicators.append((other, indicator))
            count += indicator
            switch question {
            case .best:
                // P_j <= T unless counted above.
                model.add(pointsOf[other] - Double(high[other] - target) * indicator <= Double(target), name: "\(prefix)cap[\(other)]")
            case .worst:
                // P_j >= T when counted level or above.
                model.add(pointsOf[other] - Double(target - low[other]) * indicator >= Double(low[other]), name: "\(prefix)reach[\(other)]")
            }
        }
        return QuestionModel(team: team, question: question, wins: wins, count: count, indicators: indicators, forced: forced)
    }

    /// One question as its own model, with the level bound that lets a matching warm start stop at once.
    func model(_ team: Int, _ question: Question) -> (Model, QuestionModel) {
        var model = Model(name: "standings-\(question.rawValue)-\(team)")
        let built = addQuestion(team, question, to: &model, prefix: "")
        let bound = Double(self.bound(team, question) - 1)
        switch question {
        case .best: model.minimize(built.count, name: "above", bound: bound)
        case .worst: model.maximize(built.count, name: "levelOrAbove", bound: bound)
        }
        return (model, built)
    }
}

/// One answered question.
struct RaceAnswer: Sendable {
    var rank: Int
    var outcomes: [PointsRace.Outcome]
    var proven: Bool
    var nodes: Int
    var variables: Int
    var constraints: Int
    var solvedByMILP: Bool
}

extension PointsRace {
    /// Answers one question: greedy first; done when it meets the bound; else the MILP warm-started by it.
    func answer(_ team: Int, _ question: Question, solver: (any Solver)?, options: SolveOptions) -> RaceAnswer {
        let greedy = greedy(team, question)
        let greedyRank = rank(of: team, question, in: greedy)
        if greedyRank == bound(team, question) {
            return RaceAnswer(rank: greedyRank, outcomes: greedy, proven: true, nodes: 0, variables: 0, constraints: 0, solvedByMILP: false)
        }
        guard let solver else {
            return RaceAnswer(rank: greedyRank, outcomes: greedy, proven: false, nodes: 0, variables: 0, constraints: 0, solvedByMILP: false)
        }
        let (model, built) = model(team, question)
        var options = options
        var start = Array(repeating: 0.0, count: model.variableCount)
        built.encode(greedy, self, into: &start)
        options.warmStart = start
        let result = solver.solve(model, options: options)
        var answer = RaceAnswer(
            rank: greedyRank, outcomes: greedy, proven: false, nodes: result.nodes, variables: model.variableCount,
            constraints: model.constraintCount, solvedByMILP: true)
        if let values = result.values {
            let outcomes = built.outcomes(self) { values[$0.index] }
            let found = rank(of: team, question, in: outcomes)
            if question == .best ? found <= greedyRank : found >= greedyRank {
                answer.rank = found
                answer.outcomes = outcomes
            }
        }
        answer.proven = result.stopReason == .optimal && answer.rank == Int((result.objectiveValues.first ?? -1).rounded()) + 1
        return answer
    }
}
