import TouchlineMILP

extension PitchesKind {
    /// The MILP. `x[m,p]` = match m on pitch p (only for pitches it fits); one pitch per match (pinned
    /// matches exactly one); at most one match per clique of clashing matches on a pitch (the maximal cliques
    /// of the interval graph of `[start, end + buffer)`, far fewer and tighter than pairwise rows);
    /// `maxPerDay`; `maxUsage ≥ Σ_m x[m,p]`; for group splits `y[t,d,g] ≥ Σ_{p∈g} x[m,p]` for each match of
    /// team t on day d, and `split[t,d] ≥ Σ_g y[t,d,g] − 1`.
    public static func formulate(_ analysis: PitchesAnalysis) -> Formulation<PitchesSolution> {
        var model = Model(name: "pitches")
        let builder = PitchesModelBuilder(model: &model, analysis: analysis)
        model.maximize(builder.placed, name: "placed", bound: Double(builder.placeable))
        if let changes = builder.changes { model.minimize(changes, name: "changes", bound: 0) }
        builder.setPlacementObjectives(&model)
        let variableCount = model.variableCount
        let completed = model
        // Cuts only for a term-sized model (the size at which the level search takes over). Measured on the
        // Field Game Saturday (1,300 columns): cuts cost 6-8 s of 7-10, without cuts and the pump 1.2 s. On the
        // 300-match terms the group-split level's bound needs them: generated seed 1 proved groupSplits 10 in
        // 5.6 s with cuts and stopped at 10 against 9 without (HiGHS's root cuts lift its LP from 7.8 to 10).
        let cuts = model.variableCount >= Engine.searchColumns
        // Pseudocost branching (GLPK's own default) stays for pitches, where officials and lineups chose
        // Driebeck-Tomlin. What made the others leave it, a start-up of trial LPs that GLPK does not interrupt,
        // cannot break the time limit here: the backend estimates that start-up from the root LP's cost per
        // iteration and branches by Driebeck-Tomlin instead when it would end past the deadline.
        return Formulation(
            model: model,
            tuning: SolverTuning(feasibilityPump: false, cuts: cuts, branching: .pseudocost),
            blocks: builder.dayBlocks,
            decode: { result in analysis.solution(placement: builder.placement(result)) },
            encode: { solution in
                var values = [Double](repeating: 0, count: variableCount)
                return builder.encode(solution.assignments, into: &values) ? completed.completeStart(values) : nil
            })
    }
}

/// The pitches part of a model (also used by `matchday`): placement variables, clashes, limits, usage,
/// group splits, and the objective expressions.
struct PitchesModelBuilder {
    var x: [[(pitch: Int, variable: Variable)]] = []
    var placed = LinearExpression()
    /// Matches that have at least one pitch they fit.
    var placeable = 0
    var changes: LinearExpression?
    var preferred = LinearExpression()
    var maxUsage: Variable
    var splits = LinearExpression()
    let analysis: PitchesAnalysis

    init(model: inout Model, analysis: PitchesAnalysis) {
        self.analysis = analysis
        let instance = analysis.instance
        let matches = instance.matches
        for (matchIndex, match) in matches.enumerated() {
            x.append(
                analysis.eligible[matchIndex].map { pitch in
                    (pitch, model.addBinary("x[\(match.id),\(instance.pitches[pitch].id)]"))
                })
        }
        placeable = x.filter { !$0.isEmpty }.count
        let x = self.x
        func variable(_ matchIndex: Int, _ pitch: Int) -> Variable? {
            x[matchIndex].first { $0.pitch == pitch }?.variable
        }
        for (matchIndex, match) in matches.enumerated() where !x[matchIndex].isEmpty {
            let total = sum(x[matchIndex].map(\.variable))
            if match.pitch != nil {
                model.add(total == 1, name: "pinned[\(match.id)]")
            } else {
                model.add(total <= 1, name: "one_pitch[\(match.id)]")
            }
            placed += total
        }
        for (pitch, cliques) in analysis.cliques.enumerated() {
            for (cliqueIndex, clique) in cliques.enumerated() {
                let members = clique.compactMap { variable($0, pitch) }
                model.add(sum(members) <= 1, name: "clash[\(instance.pitches[pitch].id),\(cliqueIndex)]")
            }
            if let limit = instance.pitches[pitch].maxPerDay {
                for (day, users) in analysis.byDay[pitch].sorted(by: { $0.key < $1.key }) where users.count > limit {
                    let members = users.compactMap { variable($0, pitch) }
                    model.add(
                        sum(members) <= Double(limit), name: "per_day[\(instance.pitches[pitch].id),\(LocalDateTime(minutes: day * 1440).dateText)]")
                }
            }
        }
        maxUsage = model.addInteger("max_usage", lower: 0, upper: Double(matches.count))
        var usageOfPitch = [LinearExpression](repeating: LinearExpression(), count: instance.pitches.count)
        for row in x { for entry in row { usageOfPitch[entry.pitch].add(entry.variable) } }
        for (pitch, usage) in usageOfPitch.enumerated() where !usage.terms.isEmpty {
            model.add(usage <= LinearExpression(maxUsage), name: "usage[\(instance.pitches[pitch].id)]")
        }
        model.define(maxUsage, as: .maxOf(usageOfPitch, floor: 0))
        // Group splits per (team, day), only where the team's matches can reach two groups.
        for (teamDay, matchIndices) in analysis.teamDays.sorted(by: { $0.key < $1.key }) {
            let reachable = Set(matchIndices.flatMap { analysis.eligible[$0].map { analysis.groupOfPitch[$0] } })
            guard reachable.count > 1 else { continue }
            let label = "\(teamDay.team),\(LocalDateTime(minutes: teamDay.day * 1440).dateText)"
            var groupVariables: [Int: Variable] = [:]
            for group in reachable.sorted() {
                let y = model.addBinary("uses[\(label),\(analysis.groups[group])]")
                groupVariables[group] = y
                var anyInGroup = LinearExpression()
                for matchIndex in matchIndices {
                    let inGroup = x[matchIndex].filter { analysis.groupOfPitch[$0.pitch] == group }.map(\.variable)
                    if !inGroup.isEmpty {
                        model.add(sum(inGroup) <= LinearExpression(y), name: "uses[\(label),\(analysis.groups[group]),\(matches[matchIndex].id)]")
                        anyInGroup += sum(inGroup)
                    }
                }
                model.define(y, as: .indicator(anyInGroup))
            }
            let split = model.addVariable("split[\(label)]", lower: 0, upper: Double(reachable.count - 1))
            model.add(LinearExpression(split) >= sum(groupVariables.values.map { $0 }) - 1, name: "split[\(label)]")
            model.define(split, as: .maxOf([sum(groupVariables.values.map { $0 }) - 1], floor: 0))
            splits += split
        }
        if let previous = instance.previous {
            var kept = LinearExpression()
            for (matchIndex, match) in matches.enumerated() {
                guard let old = previous.assignments[match.id], let oldPitch = analysis.pitchIndex[old] else { continue }
                kept += 1
                if let stays = variable(matchIndex, oldPitch) { kept -= stays }
            }
            changes = kept
        }
        for (matchIndex, match) in matches.enumerated() {
            for pitchId in Set(match.preferred ?? []) {
                if let pitch = analysis.pitchIndex[pitchId], let chosen = variable(matchIndex, pitch) { preferred += chosen }
            }
        }
    }

    /// `preferred`, `maxUsage` and `groupSplits`, each with the bound no plan can beat: every match that has
    /// a preferred pitch it fits on it; the least largest usage of any assignment of the placed matches (the
    /// first level's value) to pitches they fit, clashes set aside (``PitchesAnalysis/leastLargestUsage``);
    /// no splits.
    func setPlacementObjectives(_ model: inout Model) {
        let preferredColumns = Set(preferred.terms.map(\.index))
        let possible = x.filter { row in row.contains { preferredColumns.contains($0.variable.index) } }.count
        model.maximize(preferred, name: "preferred", bound: Double(possible))
        model.minimize(LinearExpression(maxUsage), name: "maxUsage")
        let eligible = x.map { $0.map(\.pitch) }, pitchCount = analysis.instance.pitches.count
        model.objectives[model.objectives.count - 1].boundFromEarlier = { values in
            Double(
                PitchesAnalysis.leastLargestUsage(
                    eligible: eligible, pitchCount: pitchCount, placed: Int((values[0] - Tolerance.solver).rounded(.up))))
        }
        model.minimize(splits, name: "groupSplits", bound: 0)
    }

    /// The placement columns of each day's matches, one block per day (for the search on a term).
    var dayBlocks: [[Int]] {
        var byDay: [Int: [Int]] = [:]
        for (matchIndex, row) in x.enumerated() {
            byDay[analysis.instance.matches[matchIndex].start.day, default: []] += row.map(\.variable.index)
        }
        return byDay.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The pitch index of each match in a solved model (nil: unplaced).
    func placement(_ result: Assignment) -> [Int?] {
        x.map { row in row.first { result.isOn($0.variable) }?.pitch }
    }

    /// Warm-start values for match id → pitch id; false when a pair is not in the model.
    /// Warm-start values of the placement variables for a plan (false when it uses a pitch a match does not
    /// fit); the model's definitions complete the rest.
    func encode(_ assignments: [String: String], into values: inout [Double]) -> Bool {
        let instance = analysis.instance
        for (matchIndex, row) in x.enumerated() {
            guard let pitchId = assignments[instance.matches[matchIndex].id] else { continue }
            guard let entry = row.first(where: { instance.pitches[$0.pitch].id == pitchId }) else { return false }
            values[entry.variable.index] = 1
        }
        return true
    }
}
