import TouchlineMILP

/// The compact integer program of season tours, for `touchline export` and the outside solvers (the solve
/// itself runs ``TourSearch``, far faster on these models): x[u,g] = 1 when official u takes game g (each game
/// one official, each official one game a slot), the windows as packing rows over every run of q1 (q2) slots,
/// every venue to visit at least once, and y[u,g,h] the official's step from g to a game h of the next slot
/// (flow rows tie y to x, so on integer x each y is its step), minimising the steps' km. When the officials
/// are interchangeable, official u takes the u-th game of the first slot (every plan has such a relabelling
/// with the same km).
extension OfficialsKind {
    static func tourFormulation(_ instance: OfficialsInstance, _ problem: TourProblem) -> Formulation<OfficialsSolution> {
        let n = problem.n, S = problem.slotCount
        var model = Model(name: "officials-tours")
        var x = [[Variable?]](repeating: [Variable?](repeating: nil, count: n * S), count: n)
        for u in 0..<n {
            for g in 0..<(n * S) where problem.allowed[u][g] {
                if problem.interchangeable && g < n && g != u { continue }
                x[u][g] = model.addBinary("x[\(instance.officials[u].id),\(instance.matches[problem.matchOf[g]].id)]")
            }
        }
        for g in 0..<(n * S) {
            model.add(sum((0..<n).map { x[$0][g] }) == 1, name: "game[\(instance.matches[problem.matchOf[g]].id)]")
        }
        for u in 0..<n {
            let id = instance.officials[u].id
            for s in 0..<S {
                model.add(sum((0..<n).map { x[u][s * n + $0] }) == 1, name: "slot[\(id),\(s + 1)]")
            }
            if problem.venueWindow > 1 {
                for v in 0..<problem.venueCount {
                    for start in 0...max(0, S - problem.venueWindow) {
                        let run = (start..<min(S, start + problem.venueWindow)).flatMap { s in
                            (0..<n).filter { problem.venue[s * n + $0] == v }.map { x[u][s * n + $0] }
                        }
                        if run.compactMap({ $0 }).count > 1 { model.add(sum(run) <= 1, name: "venue[\(id),\(v),\(start + 1)]") }
                    }
                }
            }
            if problem.teamWindow > 1 {
                for t in 0..<problem.teamCount {
                    for start in 0...max(0, S - problem.teamWindow) {
                        let run = (start..<min(S, start + problem.teamWindow)).flatMap { s in
                            (0..<n).filter { problem.teams[s * n + $0].contains(t) }.map { x[u][s * n + $0] }
                        }
                        if run.compactMap({ $0 }).count > 1 { model.add(sum(run) <= 1, name: "team[\(id),\(t),\(start + 1)]") }
                    }
                }
            }
            for v in problem.visit {
                model.add(sum((0..<(n * S)).filter { problem.venue[$0] == v }.map { x[u][$0] }) >= 1, name: "visit[\(id),\(v)]")
            }
        }
        var km = LinearExpression()
        var steps: [Int: Int] = [:]
        @Sendable func key(_ u: Int, _ g: Int, _ l: Int) -> Int { (u * n * S + g) * n + l }
        for u in 0..<n {
            for s in 0..<max(0, S - 1) {
                var out = [LinearExpression](repeating: LinearExpression(), count: n)
                var into = [LinearExpression](repeating: LinearExpression(), count: n)
                for k in 0..<n {
                    guard x[u][s * n + k] != nil else { continue }
                    for l in 0..<n where x[u][(s + 1) * n + l] != nil && problem.reachable[s * n + k][l] {
                        let y = model.addVariable("y[\(u),\(s * n + k),\(l)]", lower: 0, upper: 1)
                        steps[key(u, s * n + k, l)] = y.index
                        // In place: `km = km + ...` copies the whole sum each time, quadratic in the steps (17 s
                        // to export the 32-team instance).
                        out[k].add(y)
                        into[l].add(y)
                        km.add(y, coefficient: Double(problem.km[problem.venue[s * n + k]][problem.venue[(s + 1) * n + l]]))
                    }
                }
                for k in 0..<n {
                    if let xv = x[u][s * n + k] { model.add(out[k] - xv == 0, name: "leave[\(u),\(s * n + k)]") }
                    if let xv = x[u][(s + 1) * n + k] { model.add(into[k] - xv == 0, name: "enter[\(u),\((s + 1) * n + k)]") }
                }
            }
        }
        let games = Double(n * S)
        model.maximize(LinearExpression(games), name: "filled", bound: games)
        model.minimize(km, name: "tourKm")
        let variableCount = model.variableCount
        let completed = model
        let columns = x
        let stepIndex = steps
        return Formulation(
            model: model,
            decode: { result in
                var plan = [[Int]](repeating: [Int](repeating: 0, count: n), count: S)
                for u in 0..<n {
                    for g in 0..<(n * S) where result.isOn(columns[u][g]) { plan[g / n][u] = g % n }
                }
                return problem.solution(instance, plan: plan)
            },
            encode: { solution in
                var values = [Double](repeating: 0, count: variableCount)
                var officialIndex: [String: Int] = [:]
                for (index, official) in instance.officials.enumerated() { officialIndex[official.id] = index }
                for g in 0..<(n * S) {
                    guard let crew = solution.assignments[instance.matches[problem.matchOf[g]].id], crew.count == 1,
                        let u = officialIndex[crew[0]], let variable = columns[u][g]
                    else { return nil }
                    values[variable.index] = 1
                }
                // The steps follow from x: set y for each official's consecutive games.
                var plan = [[Int]](repeating: [Int](repeating: -1, count: n), count: S)
                for u in 0..<n {
                    for g in 0..<(n * S) { if let variable = columns[u][g], values[variable.index] == 1 { plan[g / n][u] = g % n } }
                }
                for u in 0..<n {
                    for s in 0..<max(0, S - 1) {
                        guard plan[s][u] >= 0, plan[s + 1][u] >= 0,
                            let index = stepIndex[key(u, s * n + plan[s][u], plan[s + 1][u])]
                        else { return nil }
                        values[index] = 1
                    }
                }
                return completed.completeStart(values)
            })
    }
}

extension OfficialsKind {
    /// The model of a tour instance that counting already shows has no plan (a slot with more or fewer matches
    /// than officials): one row no value meets.
    static func impossibleTourFormulation(_ instance: OfficialsInstance) -> Formulation<OfficialsSolution> {
        var model = Model(name: "officials-tours")
        let x = model.addBinary("x")
        model.add(LinearExpression(x) >= 2, name: "every_slot_needs_one_match_per_official")
        model.minimize(LinearExpression(x), name: "tourKm")
        return Formulation(model: model, decode: { _ in OfficialsSolution(assignments: [:]) }, encode: { _ in nil })
    }
}
