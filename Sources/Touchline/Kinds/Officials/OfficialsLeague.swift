import Foundation
import TouchlineMILP
import TouchlineSearch

/// The solve of an assignor's own objective (`rules.objective`): the whole model of the objective's terms
/// (exact routes, deviation and frequency), the cost-aware greedy as its start, then a large-neighbourhood
/// search with GLPK on sub-problems (a few consecutive match days with every official; a few officials over
/// many days), level after level, and the bound of the first unproven level from the whole model's LP
/// relaxation. A season of 576 games and 50 referees is far too large for GLPK's branch and bound as one
/// model; re-optimising parts of it is how MILP-based assigners reach good plans. A model of at most 600
/// columns (a day) goes the engine's single-model way instead, where GLPK can prove it; one of at most 6,000 (a
/// small term) gets the search first and then the whole model's branch and bound from the search's plan.
extension OfficialsKind: OwnPipelineKind {
    public static func solveByOwnPipeline(
        _ prepared: OfficialsPrepared, solver: (any Solver)?, options: SolveOptions, settings: RunSettings, method: InstanceOptions.Method
    ) -> PipelineOutcome<OfficialsSolution>? {
        let instance = prepared.instance
        // Season tours have their own exact search (no GLPK needed, so in every build); `method: greedy` gets
        // its first plan.
        if let tour = prepared.tour { return solveTours(instance, tour, exact: method != .greedy, options: options) }
        guard instance.rules?.hasCustomObjective ?? false, let solver else { return nil }
        let started = ContinuousClock.now
        func elapsed() -> Double { (ContinuousClock.now - started).inSeconds }
        let limit = options.timeLimitSeconds ?? InstanceOptions.defaultTimeLimitSeconds
        // The whole model is the prepared one: when this search declines, the engine's path solves it as built.
        let whole = formulate(prepared)
        // A tiny model is solved whole, level by level, with its proof (the engine's single-model path); a
        // model of a few thousand columns gets the search first and then the whole branch and bound, started
        // from the search's plan, for the rest of the limit.
        if whole.model.variableCount <= 600 { return nil }
        let midSized = whole.model.variableCount <= 6000
        guard let plan = greedy(prepared, seconds: nil), let start = whole.encode(plan),
            whole.model.violations(of: start).isEmpty
        else { return nil }
        // The first level (required slots filled) must be at its bound already; otherwise the lexicographic
        // branch and bound of the engine's single-model path is the right tool.
        guard let first = whole.model.objectives.first, let firstBound = first.bound,
            abs(first.expression.value(start) - firstBound) < 0.5
        else { return nil }
        // The search works on the model with the greedy plan's crew sizes fixed (exact for such plans, and
        // with continuous deviation and frequency columns, far easier for GLPK); the bound comes from the
        // whole model.
        let sizes = instance.matches.map { plan.assignments[$0.id]?.count ?? 0 }
        let (formulation, builder) = build(prepared, fixedCrews: sizes)
        let model = formulation.model
        guard var incumbent = formulation.encode(plan), model.violations(of: incumbent).isEmpty else { return nil }
        var warnings: [String] = []
        let levels = objectiveLevels(instance)
        if levels.contains(where: { $0.weights.contains { $0.term == .distanceKm } }),
            let missing = instance.officials.first(where: { $0.home == nil })
        {
            warnings.append("the objective counts distanceKm but \(missing.id) (and maybe others) has no home: their matches add no distance")
        }
        let neighbourhoods = LeagueNeighbourhoods(instance: instance, builder: builder)
        var stats: [LevelReport] = [
            LevelReport(
                name: first.name, termination: .optimal, value: first.expression.value(incumbent), bound: firstBound, gap: 0,
                seconds: elapsed(), nodes: 0)
        ]
        options.control?.report(
            .levelFinished(name: first.name, termination: .optimal, objective: firstBound, bound: firstBound, gap: 0, seconds: elapsed()))
        // The bound of the first cost level from the LP relaxation, with a share of the limit.
        let boundShare = min(0.2 * limit, 30)
        let searchEnd = midSized ? 0.4 * limit : limit - boundShare
        let levelCount = model.objectives.count
        var rounds = 0
        for level in 1..<max(1, levelCount) {
            let left = (level == 1 ? searchEnd : limit) - elapsed()
            let share = left / Double(levelCount - level)
            if share < 0.1 {
                // No time to search: the level stands at the start's value, unproven.
                stats.append(
                    LevelReport(
                        name: model.objectives[level].name, termination: .feasible, stopReason: .timeLimit,
                        value: model.objectives[level].expression.value(incumbent), bound: nil, gap: nil, seconds: 0, nodes: 0))
                continue
            }
            options.control?.report(.levelStarted(name: model.objectives[level].name, index: level, count: levelCount))
            var searchOptions = options
            searchOptions.timeLimitSeconds = share
            // Pseudocost branching starts with strong branching, which GLPK cannot stop: the kind's settings.
            searchOptions.tuning = settings.tuning ?? formulation.tuning
            let search = NeighbourhoodSearch(model: model, level: level, solver: solver)
            let outcome = search.improve(incumbent, options: searchOptions, roundSeconds: 3) { round, _ in
                neighbourhoods.next(round: round.index, stalled: round.stalled)
            }
            incumbent = outcome.values
            rounds += outcome.rounds
            stats.append(
                LevelReport(
                    name: model.objectives[level].name, termination: .feasible, stopReason: options.isCancelled ? .cancelled : .timeLimit,
                    value: outcome.objective, bound: nil, gap: nil, seconds: outcome.seconds, nodes: outcome.rounds))
        }
        var solution = formulation.decode(Assignment(incumbent))
        // The levels' values are the plan's own, counted by the verifier.
        let values = Self.levels(objective(instance, solution))
        for index in stats.indices where index < values.count { stats[index].value = values[index].value }
        // The bound: match days solved apart (exact for the terms that live within a day), plus what the
        // season-wide terms cannot go below; then, with the time left, the whole model's LP relaxation.
        var bound: Double? = nil
        var gap: Double? = nil
        if levelCount > 1, stats.count > 1, !options.isCancelled, let reached = stats[1].value {
            // What is left of the limit, and no more: a floor here (it was half a second) ran past a 1 s limit.
            let boundSeconds = midSized ? min(0.1 * limit, 10) : max(0.05, limit - elapsed())
            var found = decompositionBound(prepared, solver: solver, seconds: boundSeconds, options: options)
            if midSized && limit - elapsed() > 1, let start = whole.encode(solution) {
                // The whole model's branch and bound from the search's plan: a better plan, a bound, or a proof.
                var wholeOptions = options
                wholeOptions.timeLimitSeconds = limit - elapsed()
                wholeOptions.warmStart = start
                wholeOptions.tuning = settings.tuning ?? whole.tuning
                let result = solver.solve(whole.model, options: wholeOptions)
                if let values = result.solution {
                    let candidate = whole.decode(values)
                    if verify(instance, candidate).isEmpty && !isBetter(objective(instance, solution), than: objective(instance, candidate)) {
                        solution = candidate
                    }
                }
                if result.levels.count > 1, let levelBound = result.levels[1].bound,
                    result.levels[1].termination == .optimal || result.levels[1].termination == .feasible
                {
                    found = max(found ?? -.infinity, (levelBound - Tolerance.solver).rounded(.up))
                }
                rounds += result.nodes
            } else if !midSized && limit - elapsed() > 1 {
                var relaxed = whole.model
                relaxed.add(first.expression >= firstBound - Tolerance.solver, name: "hold_\(first.name)")
                // Loading and scaling the whole model comes before GLPK's own clock starts (0.7 s on RA-5-50):
                // the LP gets less than what is left, so that the limit holds.
                let lpSeconds = 0.7 * (limit - elapsed()) - 0.2
                let lp = solver.relaxation(relaxed, level: 1, timeLimitSeconds: lpSeconds, options: options)
                if lp.termination == .optimal, let value = lp.objective {
                    found = max(found ?? -.infinity, (value - Tolerance.solver).rounded(.up))
                }
            }
            let planValues = Self.levels(objective(instance, solution))
            for index in stats.indices where index < planValues.count { stats[index].value = planValues[index].value }
            let reached = stats[1].value ?? reached
            if let found {
                bound = min(found, reached)
                gap = relativeGap(reached, bound!)
                stats[1].bound = bound
                stats[1].gap = gap
                if abs(reached - bound!) < 0.5 { stats[1].termination = .optimal; stats[1].stopReason = nil }
            } else {
                warnings.append("no bound was proven within the limit")
            }
        }
        let proven = stats.count == levelCount && stats.allSatisfy { $0.termination == .optimal }
        return PipelineOutcome(
            solution: solution, proven: proven, method: .milp, variables: model.variableCount,
            constraints: model.constraintCount, nodes: rounds, warnings: warnings, levels: stats,
            bound: proven ? nil : bound, gap: proven ? 0 : gap)
    }
}

extension OfficialsKind {
    /// A lower bound on the first cost level, when that level weighs only terms that cannot be negative with
    /// weights ≥ 0 and the first level fills every slot an eligible official can take (so every day fills its
    /// own): per match day, the optimum (or GLPK's bound) of the day's own terms (km, optional slots,
    /// experience, crew and team conflicts) with every season-wide rule dropped, summed; plus, for team
    /// frequency, Σ over teams of the least `S_t mod N` over the team's possible slot totals (each official's
    /// ⌈n − S_t/N⌉⁺ ≥ n − ⌊S_t/N⌋), and for load deviation N when no total of slots is a multiple of N (each
    /// official is then at least 1 away from the average); a day not bounded within the time counts 0. Nil
    /// when the level has other terms, or when nothing at all was bounded.
    static func decompositionBound(
        _ prepared: OfficialsPrepared, solver: any Solver, seconds: Double, options: SolveOptions
    ) -> Double? {
        let instance = prepared.instance
        let started = ContinuousClock.now
        let levels = objectiveLevels(instance)
        guard levels.count >= 2, levels[0].weights.map(\.term) == [.filled], !levels[1].maximise else { return nil }
        let daily: Set<OfficialsTerm> = [.distanceKm, .optionalUnfilled, .lowExperience, .crewConflicts, .teamConflicts]
        let seasonal: Set<OfficialsTerm> = [.loadDeviation, .teamFrequency]
        var weights: [OfficialsTerm: Int] = [:]
        for (term, weight) in levels[1].weights {
            guard weight >= 0, daily.contains(term) || seasonal.contains(term) else { return nil }
            weights[term] = weight
        }
        let core = prepared.core
        let n = instance.officials.count
        guard n > 0 else { return nil }
        var total = 0.0
        // Season-wide terms.
        var teamRange: [String: (least: Int, most: Int)] = [:]
        var leastSlots = 0, mostSlots = 0
        for (m, match) in core.matches.enumerated() {
            let least = min(match.needed, core.eligible[m].count), most = min(match.maxCrew, core.eligible[m].count)
            leastSlots += least
            mostSlots += most
            for team in match.teams {
                let range = teamRange[team] ?? (0, 0)
                teamRange[team] = (range.least + least, range.most + most)
            }
        }
        if let weight = weights[.teamFrequency], weight > 0 {
            for range in teamRange.values {
                let best = (range.least...range.most).map { $0 % n }.min() ?? 0
                total += Double(weight * best)
            }
        }
        if let weight = weights[.loadDeviation], weight > 0, !(leastSlots...mostSlots).contains(where: { $0 % n == 0 }) {
            total += Double(weight * n)
        }
        // Match days apart.
        let dayWeights = weights.filter { daily.contains($0.key) }
        guard !dayWeights.isEmpty else { return total }
        var byDay: [Int: [OfficialsMatch]] = [:]
        for match in instance.matches { byDay[match.start.day, default: []].append(match) }
        let days = byDay.sorted { $0.key < $1.key }.map(\.value)
        // A day not bounded in time counts 0 (every term it would add is a count with a weight ≥ 0): the bound
        // is weaker, never wrong.
        var bounded = 0
        for (index, matches) in days.enumerated() {
            let left = seconds - (ContinuousClock.now - started).inSeconds
            if left <= 0 || options.isCancelled { break }
            var day = instance
            day.matches = matches
            let ids = Set(matches.map(\.id))
            day.pinned = instance.pinned?.filter { ids.contains($0.match) }
            day.previous = nil
            for index in day.officials.indices { day.officials[index].maxTotal = nil }
            day.rules?.objective = .levels([["filled": -1], dayWeights.reduce(into: [String: Int]()) { $0[$1.key.rawValue] = $1.value }])
            let model = formulate(day).model
            var dayOptions = options
            dayOptions.timeLimitSeconds = left / Double(days.count - index)
            dayOptions.reportsLevels = false
            dayOptions.tuning = SolverTuning(feasibilityPump: false, cuts: true, branching: .driebeckTomlin)
            let result = solver.solve(model, options: dayOptions)
            guard result.levels.count >= 2, result.levels[0].termination == .optimal else { continue }
            let level = result.levels[1]
            if level.termination == .optimal, let value = level.value {
                total += (value - Tolerance.solver).rounded(.up)
                bounded += 1
            } else if let value = level.bound {
                total += max(0, (value - Tolerance.solver).rounded(.up))
                bounded += 1
            }
        }
        return bounded > 0 || total > 0 ? total : nil
    }
}

/// The neighbourhoods of the league search, in turn: a window of consecutive match days with every official
/// (routes and crews of those days re-planned together), then a few officials over half the season (loads
/// and team frequencies traded between them). Seeded, so a run is repeatable.
struct LeagueNeighbourhoods: Sendable {
    let pairColumns: [[Int: [Int]]]
    let matchColumns: [[Int]]
    let teamColumns: [String: [Int: Int]]
    /// Per official, the others by distance between homes (nearest first; no home: instance order).
    let nearest: [[Int]]
    let globalColumns: [Int]
    let teamsOfMatch: [[String]]
    /// Match indices per match day, days in date order.
    let days: [[Int]]
    let officialCount: Int

    init(instance: OfficialsInstance, builder: OfficialsModelBuilder) {
        pairColumns = builder.pairColumns
        matchColumns = builder.matchColumns
        teamColumns = builder.teamColumns
        globalColumns = builder.globalColumns
        teamsOfMatch = instance.matches.map { Array(Set($0.teams ?? [])) }
        var byDay: [Int: [Int]] = [:]
        for (m, match) in instance.matches.enumerated() { byDay[match.start.day, default: []].append(m) }
        days = byDay.sorted { $0.key < $1.key }.map(\.value)
        officialCount = instance.officials.count
        let homes = instance.officials.map(\.home)
        nearest = homes.indices.map { o in
            homes.indices.filter { $0 != o }.sorted { a, b in
                func km(_ p: Int) -> Double {
                    guard let h = homes[o], let q = homes[p] else { return Double(p) }
                    let dx = (h.x ?? h.lon ?? 0) - (q.x ?? q.lon ?? 0), dy = (h.y ?? h.lat ?? 0) - (q.y ?? q.lat ?? 0)
                    return dx * dx + dy * dy
                }
                return (km(a), a) < (km(b), b)
            }
        }
    }

    /// The columns of round `round`'s neighbourhood; after `stalled` rounds without an improvement the
    /// neighbourhoods grow (up to three times: more days, more officials, a longer stretch).
    func next(round: Int, stalled: Int) -> [Int]? {
        var random = SeededRandom(seed: UInt64(round) &* 2_654_435_761 &+ 17)
        let scale = 1 + min(2, stalled / 60)
        var pairs: [(match: Int, official: Int?)] = []
        switch round % 3 {
        case 0:
            // One or two consecutive match days, every official.
            let start = random.int(below: max(1, days.count))
            var count = 0
            var day = start
            while day < days.count && (count == 0 || count + days[day].count <= 16 * scale) {
                for m in days[day] { pairs.append((m, nil)) }
                count += days[day].count
                day += 1
            }
        default:
            // A few officials (on odd rounds neighbours by home, else any) over a third of the season.
            var officials: [Int] = []
            let wanted = min(officialCount, (3 + random.int(below: 4)) * scale)
            let seed = random.int(below: max(1, officialCount))
            if round % 3 == 1 {
                officials = [seed] + nearest[seed].prefix(wanted - 1)
            } else {
                var chosen = Set<Int>()
                while chosen.count < wanted { chosen.insert(random.int(below: officialCount)) }
                officials = chosen.sorted()
            }
            let span = max(1, days.count * min(3, scale) / 3)
            let start = random.int(below: max(1, days.count - span + 1))
            for day in days[start..<min(days.count, start + span)] {
                for m in day { for o in officials { pairs.append((m, o)) } }
            }
        }
        var columns = Set(globalColumns)
        var teamOfficials: [String: Set<Int>] = [:]
        for (m, official) in pairs {
            columns.formUnion(matchColumns[m])
            let officials = official.map { [$0] } ?? Array(pairColumns[m].keys)
            for o in officials {
                columns.formUnion(pairColumns[m][o] ?? [])
                for team in teamsOfMatch[m] { teamOfficials[team, default: []].insert(o) }
            }
        }
        for (team, officials) in teamOfficials {
            for o in officials { if let column = teamColumns[team]?[o] { columns.insert(column) } }
        }
        return columns.sorted()
    }
}
