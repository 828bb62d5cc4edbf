/// What to change when a squad cannot be planned: each rule value the instance sets, with the values it could
/// take instead, nearest first. The engine solves the changed instances and reports the nearest value of each
/// field that makes a plan exist (`suggestions`).
extension LineupKind: SuggestingKind {
    /// The colour names a suggestion adds when it asks for more colour groups than the instance names.
    static let spareColours = ["red", "blue", "green", "yellow", "white", "black", "orange", "purple"]

    /// Shares are tried in steps of this much.
    static let shareStep = 0.05

    public static func relaxations(_ instance: LineupInstance) -> [RuleRelaxation<LineupInstance>] {
        var found: [RuleRelaxation<LineupInstance>] = []
        let rules = instance.rules ?? LineupRules()
        // A tournament day's rules are the day's (a change holds in every game); the ranges of their values come
        // from its games, each with its own format: the longest, the largest field, the minutes every game's
        // segments are multiples of.
        let still = instance.remainingDay()
        let games = instance.isDay ? (still.matches ?? []).indices.map { still.dayPart($0, .asGiven) } : [instance]
        let segmentCount = games.map { LineupVerifier.expectedSegments($0).count }.max() ?? 0
        let fieldSize = games.map { $0.formation.values.reduce(0, +) }.max() ?? 0
        let available = instance.players.filter(\.isAvailable).count
        let longestPeriod = games.map { max($0.match.periodMinutes, $0.match.overtime?.periodMinutes ?? 0) }.max() ?? 0
        let grid = max(1, games.map(minuteGrid).reduce(0, gcd))

        /// A copy of the instance with its rules changed.
        func with(_ change: (inout LineupRules) -> Void) -> LineupInstance {
            var changed = instance
            var newRules = rules
            change(&newRules)
            changed.rules = newRules
            return changed
        }
        func share(_ value: Double) -> String { SuggestionValue.format(value) }
        /// The shares below `value` in steps of ``shareStep``, then none.
        func lowerShares(_ value: Double) -> [Double] {
            var shares: [Double] = []
            var next = ((value - shareStep) / shareStep).rounded(.up) * shareStep
            if value - next < 1e-9 { next -= shareStep }
            while next > 1e-9 {
                shares.append((next * 100).rounded() / 100)
                next -= shareStep
            }
            return shares
        }
        /// The shares above `value` in steps of ``shareStep``, below 1.
        func higherShares(_ value: Double) -> [Double] {
            var shares: [Double] = []
            var next = ((value + 1e-9) / shareStep).rounded(.down) * shareStep + shareStep
            while next < 1 - 1e-9 {
                shares.append((next * 100).rounded() / 100)
                next += shareStep
            }
            return shares
        }
        /// A limit loosened: each of `values` (nearest first) set alone by `set`, then, with `none`, the rule
        /// removed (`set` with nil).
        func loosened<Value>(
            _ field: String, from: SuggestionValue, to values: [Value], as encode: (Value) -> SuggestionValue,
            change: (Value) -> String, none: String?, set: (inout LineupRules, Value?) -> Void
        ) -> RuleRelaxation<LineupInstance> {
            var steps = values.map { value in
                RuleRelaxation<LineupInstance>.Step(to: encode(value), change: change(value), instance: with { set(&$0, value) })
            }
            if let none { steps.append(.init(to: .absent, change: none, instance: with { set(&$0, nil) })) }
            return RuleRelaxation(field: field, from: from, steps: steps, loosening: true)
        }

        // The mode's own settings first: they are what a coach most often sets too tight.
        if instance.mode == .colourGroups, let groups = instance.colourGroups {
            let count = groups.colours.count
            let most = min(spareColours.count, available)
            var counts: [Int] = []
            for distance in 1...max(1, most) {
                for candidate in [count + distance, count - distance] where candidate >= 1 && candidate <= most { counts.append(candidate) }
            }
            let steps = counts.map { k -> RuleRelaxation<LineupInstance>.Step in
                var colours = Array(groups.colours.prefix(k))
                for name in spareColours where colours.count < k && !colours.contains(name) { colours.append(name) }
                var changed = instance
                changed.colourGroups = ColourGroupRules(colours: colours)
                let assignment = groups.assignment == nil ? "" : " (and Touchline assigns the players to them)"
                return .init(
                    to: .strings(colours), change: "\(k) colour groups instead of \(count)\(assignment)", instance: changed,
                    alsoRemoves: groups.assignment == nil ? nil : ["colourGroups.assignment"])
            }
            found.append(RuleRelaxation(field: "colourGroups.colours", from: .strings(groups.colours), steps: steps, loosening: false))
        }
        if instance.mode == .turnBased {
            let current = instance.turnBased?.changesPerWindow
            let bench = max(0, available - fieldSize)
            var values: [Int] = []
            if let current {
                for distance in 1...max(1, bench) {
                    for candidate in [current - distance, current + distance] where candidate >= 1 && candidate <= bench { values.append(candidate) }
                }
            }
            var steps = values.map { k -> RuleRelaxation<LineupInstance>.Step in
                var changed = instance
                changed.turnBased = TurnBasedRules(queue: instance.turnBased?.queue, changesPerWindow: k)
                return .init(
                    to: .integer(k),
                    change: "\(k) \(k == 1 ? "player" : "players") on at each window instead of \(current.map(String.init) ?? "any")",
                    instance: changed)
            }
            if current != nil {
                var changed = instance
                changed.turnBased = TurnBasedRules(queue: instance.turnBased?.queue, changesPerWindow: nil)
                steps.append(.init(to: .absent, change: "let Touchline choose how many players come on at each window", instance: changed))
                found.append(
                    RuleRelaxation(field: "turnBased.changesPerWindow", from: current.map { .integer($0) } ?? .absent, steps: steps, loosening: false)
                )
            }
        }
        if let most = rules.maxChangesPerWindow {
            found.append(
                loosened(
                    "rules.maxChangesPerWindow", from: .integer(most), to: Array(most + 1..<max(most + 1, fieldSize + 1)),
                    as: SuggestionValue.integer,
                    change: { "up to \($0) \($0 == 1 ? "player" : "players") on at one window instead of \(most)" },
                    none: "no limit on the players coming on at one window", set: { $0.maxChangesPerWindow = $1 }))
        }
        if let least = rules.minShare, least > 0 {
            found.append(
                loosened(
                    "rules.minShare", from: .number(least), to: lowerShares(least), as: SuggestionValue.number,
                    change: { "minShare \(share($0)) instead of \(share(least))" }, none: "no minShare", set: { $0.minShare = $1 }))
        }
        if let most = rules.maxConsecutiveBench {
            found.append(
                loosened(
                    "rules.maxConsecutiveBench", from: .integer(most), to: Array(most + 1..<max(most + 1, segmentCount)), as: SuggestionValue.integer,
                    change: { "up to \($0) segments in a row on the bench instead of \(most)" },
                    none: "no limit on segments in a row on the bench", set: { $0.maxConsecutiveBench = $1 }))
        }
        if let least = rules.minStint, least > LineupRules.defaultMinStint {
            found.append(
                loosened(
                    "rules.minStint", from: .integer(least), to: Array(stride(from: least - 1, through: LineupRules.defaultMinStint, by: -1)),
                    as: SuggestionValue.integer, change: { "minStint \($0) instead of \(least)" }, none: nil, set: { $0.minStint = $1 }))
        }
        if rules.keeperFullPeriods == true {
            found.append(
                .switchedOff(
                    "rules.keeperFullPeriods", from: .bool(true), to: .bool(false), change: "let the goalkeeper change within a period",
                    instance: with { $0.keeperFullPeriods = false }))
        }
        if let most = rules.keeperMaxShare {
            found.append(
                loosened(
                    "rules.keeperMaxShare", from: .number(most), to: higherShares(most), as: SuggestionValue.number,
                    change: { "keeperMaxShare \(share($0)) instead of \(share(most))" }, none: "no limit on a keeper's minutes in goal",
                    set: { $0.keeperMaxShare = $1 }))
        }
        if let least = rules.keeperMinOutfieldMinutes, least > 0 {
            found.append(
                loosened(
                    "rules.keeperMinOutfieldMinutes", from: .integer(least),
                    to: Array(stride(from: (least - 1) / grid * grid, through: 0, by: -grid)),
                    as: SuggestionValue.integer, change: { "keeperMinOutfieldMinutes \($0) instead of \(least)" }, none: nil,
                    set: { $0.keeperMinOutfieldMinutes = $1 }))
        }
        if rules.keeperTurns == true {
            found.append(
                .switchedOff(
                    "rules.keeperTurns", from: .bool(true), to: .bool(false), change: "not every player who lists GK keeps goal",
                    instance: with { $0.keeperTurns = false }))
        }
        if let least = rules.minPositions, least > 1 {
            found.append(
                loosened(
                    "rules.minPositions", from: .integer(least), to: Array(stride(from: least - 1, through: 1, by: -1)), as: SuggestionValue.integer,
                    change: { "minPositions \($0) instead of \(least)" }, none: "no minPositions", set: { $0.minPositions = $1 }))
        }
        for (code, most) in (rules.maxStintMinutes ?? [:]).sorted(by: { $0.key < $1.key }) {
            found.append(
                loosened(
                    "rules.maxStintMinutes.\(code)", from: .integer(most),
                    to: Array(stride(from: (most / grid + 1) * grid, to: longestPeriod, by: grid)),
                    as: SuggestionValue.integer, change: { "up to \($0) minutes in a row at \(code) instead of \(most)" },
                    none: "no limit on minutes in a row at \(code)",
                    set: { rules, value in
                        rules.maxStintMinutes?[code] = value
                        if rules.maxStintMinutes?.isEmpty == true { rules.maxStintMinutes = nil }
                    }))
        }
        if let least = rules.strength?.minShare, least > 0 {
            found.append(
                loosened(
                    "rules.strength.minShare", from: .number(least), to: lowerShares(least), as: SuggestionValue.number,
                    change: { "strength.minShare \(share($0)) instead of \(share(least))" },
                    none: rules.strength?.balanced == true ? "no strength.minShare" : "no strength rule",
                    set: { rules, value in
                        let balanced = rules.strength?.balanced ?? false
                        rules.strength = value != nil || balanced ? LineupStrength(minShare: value, balanced: balanced) : nil
                    }))
        }
        for (name, groups) in [("together", rules.together ?? []), ("apart", rules.apart ?? [])] {
            for (index, group) in groups.enumerated() {
                let changed = with { rules in
                    var rest = name == "together" ? rules.together ?? [] : rules.apart ?? []
                    rest.remove(at: index)
                    if name == "together" { rules.together = rest.isEmpty ? nil : rest } else { rules.apart = rest.isEmpty ? nil : rest }
                }
                let words = name == "together" ? "on and off together" : "never all on the bench at once"
                found.append(
                    RuleRelaxation(
                        field: "rules.\(name)[\(index)]", from: .strings(group),
                        steps: [.init(to: .absent, change: "drop the rule that \(group.joined(separator: " and ")) are \(words)", instance: changed)],
                        loosening: true))
            }
        }
        // A player's minute limits hold in each game of a day: the longest game bounds them.
        let matchMinutes =
            games.map { game in
                let match = game.match
                return match.periods * match.periodMinutes + (match.overtime.map { $0.periods * $0.periodMinutes } ?? 0)
            }.max() ?? 0
        found += playerRelaxations(instance, matchMinutes: matchMinutes, grid: grid)
        for (index, lock) in (instance.locks ?? []).enumerated() {
            var changed = instance
            changed.locks?.remove(at: index)
            if changed.locks?.isEmpty == true { changed.locks = nil }
            let what = lock.holdsOnField ? (lock.position.map { "at \($0)" } ?? "on the field") : "off the field"
            let game = instance.isDay ? " of game \(lock.match ?? 1)" : ""
            found.append(
                RuleRelaxation(
                    field: "locks[\(index)]", from: .strings([lock.player]),
                    steps: [
                        .init(
                            to: .absent, change: "drop the lock that keeps \(lock.player) \(what) in min \(lock.from)–\(lock.to)\(game)",
                            instance: changed)
                    ],
                    loosening: true))
        }
        return found
    }

    /// The minutes every player's time, in a row or in all, is a multiple of: the greatest common divisor of the
    /// segments' lengths (1 in a live re-plan, whose minutes so far may be any). A minute limit between two
    /// multiples allows exactly what the multiple below it allows, so the suggestions try the multiples only.
    static func minuteGrid(_ instance: LineupInstance) -> Int {
        guard instance.state == nil else { return 1 }
        let lengths = LineupVerifier.expectedSegments(instance).map { $0.end - $0.start }
        return max(1, lengths.reduce(0, gcd))
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// A player's own limits: `minMinutes` lower, `maxMinutes` higher, `mustPlay` and `onePosition` dropped.
    static func playerRelaxations(_ instance: LineupInstance, matchMinutes: Int, grid: Int) -> [RuleRelaxation<LineupInstance>] {
        var found: [RuleRelaxation<LineupInstance>] = []
        for (p, player) in instance.players.enumerated() where player.isAvailable {
            func with(_ change: (inout LineupPlayer) -> Void) -> LineupInstance {
                var changed = instance
                change(&changed.players[p])
                return changed
            }
            let name = player.displayName
            if let least = player.minMinutes, least > 0 {
                var steps = stride(from: (least - 1) / grid * grid, through: 1, by: -grid).map { k in
                    RuleRelaxation<LineupInstance>.Step(
                        to: .integer(k), change: "\(name) plays at least \(k) minutes instead of \(least)", instance: with { $0.minMinutes = k })
                }
                steps.append(.init(to: .absent, change: "no least minutes for \(name)", instance: with { $0.minMinutes = nil }))
                found.append(RuleRelaxation(field: "players[\(p)].minMinutes", from: .integer(least), steps: steps, loosening: true))
            }
            if let most = player.maxMinutes {
                var steps = stride(from: (most / grid + 1) * grid, to: matchMinutes, by: grid).map { k in
                    RuleRelaxation<LineupInstance>.Step(
                        to: .integer(k), change: "\(name) plays at most \(k) minutes instead of \(most)", instance: with { $0.maxMinutes = k })
                }
                steps.append(.init(to: .absent, change: "no most minutes for \(name)", instance: with { $0.maxMinutes = nil }))
                found.append(RuleRelaxation(field: "players[\(p)].maxMinutes", from: .integer(most), steps: steps, loosening: true))
            }
            if let codes = player.mustPlay, !codes.isEmpty {
                found.append(
                    .switchedOff(
                        "players[\(p)].mustPlay", from: .strings(codes), to: .absent,
                        change: "\(name) need not play \(codes.joined(separator: " and "))", instance: with { $0.mustPlay = nil }))
            }
            if player.onePosition == true {
                found.append(
                    .switchedOff(
                        "players[\(p)].onePosition", from: .bool(true), to: .bool(false), change: "\(name) may change position",
                        instance: with { $0.onePosition = false }))
            }
        }
        return found
    }
}
