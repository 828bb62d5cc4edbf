extension LineupInstance {
    /// The most segments a match may be cut into (keeps every model small enough to answer in time).
    static let maxSegments = 120

    /// Every semantic problem, with its JSON path.
    func issues() -> [InputIssue] {
        if matches != nil || givenMatch == nil { return dayIssues() }
        var issues = IssueCollector()
        if let problem { issues.require(problem == LineupKind.name, "problem", "expected \"lineup\"") }
        issues.require((1...4).contains(match.periods), "match.periods", "expected 1 to 4 periods, got \(match.periods)")
        issues.require((1...120).contains(match.periodMinutes), "match.periodMinutes", "expected 1 to 120 minutes, got \(match.periodMinutes)")
        if let overtime = match.overtime {
            issues.require((1...4).contains(overtime.periods), "match.overtime.periods", "expected 1 to 4 periods, got \(overtime.periods)")
            issues.require(
                (1...60).contains(overtime.periodMinutes), "match.overtime.periodMinutes", "expected 1 to 60 minutes, got \(overtime.periodMinutes)")
        }
        guard issues.isEmpty else { return issues.issues }
        let regulation = match.periods * match.periodMinutes
        let end = regulation + (match.overtime.map { $0.periods * $0.periodMinutes } ?? 0)
        if let every = match.substitutions?.everyMinutes {
            issues.require(every >= 1, "match.substitutions.everyMinutes", "expected a whole number of minutes >= 1, got \(every)")
        }
        for (index, minute) in (match.substitutions?.atMinutes ?? []).enumerated() {
            issues.require(
                minute > 0 && minute < end, "match.substitutions.atMinutes[\(index)]",
                "expected a match-clock minute after kick-off and before the end (\(end)), got \(minute)")
        }
        if issues.isEmpty {
            let segments = LineupVerifier.expectedSegments(LineupInstance(match: match, formation: [:], players: []))
            issues.require(
                segments.count <= Self.maxSegments, "match.substitutions",
                "the windows cut the match into \(segments.count) segments; at most \(Self.maxSegments) are supported")
        }

        issues.require(!formation.isEmpty && formation.values.contains { $0 > 0 }, "formation", "expected at least one position with a count above 0")
        for (code, count) in formation.sorted(by: { $0.key < $1.key }) {
            issues.require(!code.isEmpty, "formation", "expected non-empty position codes")
            issues.require((0...11).contains(count), "formation.\(code)", "expected 0 to 11 players, got \(count)")
        }
        // "GK" is the goalkeeper, whom the keeper rules (`keeperFullPeriods`, the keeper who stays in a re-plan)
        // and every engine treat as one player.
        if let keepers = formation["GK"], keepers > 1, keepers <= 11 {
            issues.add("formation.GK", "expected 0 or 1 (a team has one goalkeeper), got \(keepers)")
        }
        let codes = Set(formation.filter { $0.value > 0 }.keys)
        issues.require(!players.isEmpty, "players", "expected at least one player")
        issues.require(players.count <= 60, "players", "expected at most 60 players, got \(players.count)")
        var ids: [String: LineupPlayer] = [:]
        for (index, player) in players.enumerated() {
            let path = "players[\(index)]"
            issues.require(!player.id.isEmpty, "\(path).id", "expected a non-empty id")
            if ids[player.id] != nil { issues.add("\(path).id", "duplicate player id \"\(player.id)\"") }
            ids[player.id] = player
            issues.require(!player.positions.isEmpty, "\(path).positions", "expected at least one position code")
            if !player.positions.isEmpty && !player.positions.contains(where: codes.contains) {
                issues.add(
                    "\(path).positions",
                    "none of \(player.positions) is in the formation (\(codes.sorted().joined(separator: ", "))); the player could never play")
            }
            if let minutes = player.seasonMinutes { issues.require(minutes >= 0, "\(path).seasonMinutes", "expected minutes >= 0") }
            if let low = player.minMinutes {
                issues.require(low >= 0 && low <= end, "\(path).minMinutes", "expected 0 to \(end) minutes, got \(low)")
            }
            if let high = player.maxMinutes { issues.require(high >= 0, "\(path).maxMinutes", "expected minutes >= 0, got \(high)") }
            if let low = player.minMinutes, let high = player.maxMinutes {
                issues.require(low <= high, "\(path).maxMinutes", "expected at least minMinutes (\(low)), got \(high)")
            }
            if let arrives = player.arrivesAt {
                issues.require(arrives >= 0 && arrives < end, "\(path).arrivesAt", "expected a minute from 0 to \(end - 1), got \(arrives)")
            }
            var must = Set<String>()
            for (j, code) in (player.mustPlay ?? []).enumerated() {
                let at = "\(path).mustPlay[\(j)]"
                if !must.insert(code).inserted {
                    issues.add(at, "\"\(code)\" is listed twice")
                } else if !codes.contains(code) {
                    issues.add(at, "\"\(code)\" is not in the formation (\(codes.sorted().joined(separator: ", ")))")
                } else if !player.positions.contains(code) {
                    issues.add(at, "\(player.displayName) does not list \(code) in positions; add it there or drop it here")
                } else if !player.isAvailable {
                    issues.add(at, "\(player.displayName) is \(player.status!.rawValue) and cannot play \(code)")
                }
            }
            if player.onePosition == true {
                if must.count > 1 {
                    issues.add(
                        "\(path).onePosition",
                        "\(player.displayName) must play \(must.sorted().joined(separator: " and ")) (mustPlay) but never change position; drop one of the two rules"
                    )
                }
                let played = state?.positionsPlayed(by: player.id).filter(codes.contains) ?? []
                if played.count > 1 {
                    issues.add(
                        "\(path).onePosition",
                        "\(player.displayName) has already played \(played.sorted().joined(separator: " and ")) (state), so cannot stay in one position"
                    )
                } else if let held = played.first, let code = must.first, code != held {
                    issues.add(
                        "\(path).onePosition",
                        "\(player.displayName) has played \(held) (state) and must play \(code) (mustPlay) without changing position")
                }
            }
        }
        func known(_ id: String, _ path: String) -> Bool {
            if ids[id] == nil { issues.add(path, "unknown player \"\(id)\"; expected one of the players' ids") }
            return ids[id] != nil
        }
        let rules = self.rules ?? LineupRules()
        if let share = rules.minShare { issues.require(share >= 0 && share <= 1, "rules.minShare", "expected a share from 0 to 1, got \(share)") }
        if let bench = rules.maxConsecutiveBench {
            issues.require(bench >= 0, "rules.maxConsecutiveBench", "expected a whole number of segments >= 0")
        }
        if let changes = rules.maxChangesPerWindow { issues.require(changes >= 0, "rules.maxChangesPerWindow", "expected a whole number >= 0") }
        if let share = rules.keeperMaxShare {
            issues.require(share >= 0 && share <= 1, "rules.keeperMaxShare", "expected a share from 0 to 1, got \(share)")
        }
        if let minutes = rules.keeperMinOutfieldMinutes {
            issues.require(minutes >= 0 && minutes <= end, "rules.keeperMinOutfieldMinutes", "expected 0 to \(end) minutes, got \(minutes)")
        }
        if let least = rules.minPositions {
            issues.require((1...11).contains(least), "rules.minPositions", "expected 1 to 11 positions, got \(least)")
        }
        if let stint = rules.minStint { issues.require(stint >= 1, "rules.minStint", "expected a whole number of segments >= 1") }
        for (code, minutes) in (rules.maxStintMinutes ?? [:]).sorted(by: { $0.key < $1.key }) {
            if !codes.contains(code) {
                issues.add("rules.maxStintMinutes.\(code)", "\"\(code)\" is not in the formation (\(codes.sorted().joined(separator: ", ")))")
            }
            issues.require(minutes >= 1 && minutes <= 720, "rules.maxStintMinutes.\(code)", "expected 1 to 720 minutes, got \(minutes)")
        }
        for (index, player) in players.enumerated() {
            guard let rating = player.rating else { continue }
            issues.require(
                rating.isFinite && rating >= 0 && rating <= 1_000_000, "players[\(index)].rating",
                "expected a rating from 0 to 1000000, got \(rating)")
        }
        if let strength = rules.strength {
            if strength.balanced {
                // The exact models count the gap in whole units of 1/scale.
                for (index, player) in players.enumerated() {
                    guard let rating = player.rating, rating.isFinite, LineupStrength.scale(of: [rating]) == nil else { continue }
                    issues.add(
                        "players[\(index)].rating",
                        "rules.strength \"balanced\" needs ratings with at most three decimals, got \(rating)")
                }
            }
            if let share = strength.minShare {
                issues.require(share.isFinite && share >= 0 && share <= 1, "rules.strength.minShare", "expected a share from 0 to 1, got \(share)")
            }
            for (index, player) in players.enumerated() where player.isAvailable && player.rating == nil {
                issues.add("players[\(index)].rating", "rules.strength needs every available player's rating; \(player.displayName) has none")
            }
        }
        for (name, groups) in [("apart", rules.apart ?? []), ("together", rules.together ?? [])] {
            for (g, group) in groups.enumerated() {
                let path = "rules.\(name)[\(g)]"
                issues.require(Set(group).count >= 2, path, "expected at least two different player ids, got \(group)")
                var seen = Set<String>()
                for (index, id) in group.enumerated() where known(id, "\(path)[\(index)]") {
                    if !seen.insert(id).inserted { issues.add("\(path)[\(index)]", "\"\(id)\" is in this group twice") }
                }
                // Players on the field in the same segments: one who cannot play at all makes the others sit out
                // the whole match, which is never what a coach means.
                guard name == "together" else { continue }
                let members = group.compactMap { ids[$0] }
                if let out = members.first(where: { !$0.isAvailable }), let playing = members.first(where: { $0.isAvailable }) {
                    issues.add(
                        path,
                        "\(out.displayName) is \(out.status?.rawValue ?? "out") and \(playing.displayName) is available: together they would never play; drop \(out.displayName) from the group"
                    )
                }
            }
        }

        for (index, lock) in (locks ?? []).enumerated() {
            let path = "locks[\(index)]"
            if lock.match != nil { issues.add("\(path).match", "a lock names its match only on a tournament day (`matches`)") }
            _ = known(lock.player, "\(path).player")
            issues.require(lock.from >= 0 && lock.from < lock.to, path, "expected 0 <= from < to, got from \(lock.from) to \(lock.to)")
            if let position = lock.position {
                if !codes.contains(position) {
                    issues.add("\(path).position", "\"\(position)\" is not in the formation")
                } else if let player = ids[lock.player], !player.positions.contains(position) {
                    issues.add("\(path).position", "\(player.displayName) does not play \(position)")
                }
                if lock.onField == false { issues.add("\(path).position", "a position only goes with a lock on the field") }
            }
        }
        let outfieldCodes = codes.subtracting(["GK"])
        switch mode {
        case .balanced: break
        case .turnBased:
            var seen = Set<String>()
            for (index, id) in (turnBased?.queue ?? []).enumerated() {
                let path = "turnBased.queue[\(index)]"
                guard known(id, path) else { continue }
                if !seen.insert(id).inserted { issues.add(path, "\"\(id)\" is in the queue twice") }
                if let player = ids[id] {
                    issues.require(player.isAvailable, path, "\(player.displayName) is \(player.status?.rawValue ?? "") and cannot be in the queue")
                    issues.require(
                        player.positions.contains(where: outfieldCodes.contains), path,
                        "\(player.displayName) plays no outfield position of the formation")
                }
            }
            if let changes = turnBased?.changesPerWindow {
                issues.require(changes >= 0, "turnBased.changesPerWindow", "expected a whole number >= 0")
            }
        case .preMarked:
            guard let preMarked else {
                issues.add("preMarked", "required when rules.mode is \"preMarked\"")
                break
            }
            let total = match.periods + (match.overtime?.periods ?? 0)
            var markedPeriods: [Int: Int] = [:]
            for (index, marks) in preMarked.periods.enumerated() {
                let path = "preMarked.periods[\(index)]"
                if marks.match != nil { issues.add("\(path).match", "marks name their match only on a tournament day (`matches`)") }
                issues.require((1...total).contains(marks.period), "\(path).period", "expected a period from 1 to \(total), got \(marks.period)")
                if let first = markedPeriods[marks.period] {
                    issues.add("\(path).period", "period \(marks.period) is marked twice (first at preMarked.periods[\(first)])")
                } else {
                    markedPeriods[marks.period] = index
                }
                var marked: [String: Int] = [:]
                for (markIndex, id) in marks.active.enumerated() {
                    if let first = marked[id] {
                        issues.add("\(path).active[\(markIndex)]", "\"\(id)\" is marked twice in this period (first at active[\(first)])")
                    } else {
                        marked[id] = markIndex
                    }
                }
                for (markIndex, id) in marks.active.enumerated() where known(id, "\(path).active[\(markIndex)]") {
                    if let player = ids[id], !player.isAvailable {
                        issues.add("\(path).active[\(markIndex)]", "\(player.displayName) is \(player.status!.rawValue) and cannot be marked active")
                    }
                }
            }
        case .colourGroups:
            guard let groups = colourGroups else {
                issues.add("colourGroups", "required when rules.mode is \"colourGroups\"")
                break
            }
            issues.require((1...8).contains(groups.colours.count), "colourGroups.colours", "expected 1 to 8 colours")
            issues.require(Set(groups.colours).count == groups.colours.count, "colourGroups.colours", "expected distinct colours")
            for (id, colour) in (groups.assignment ?? [:]).sorted(by: { $0.key < $1.key }) {
                _ = known(id, "colourGroups.assignment.\(id)")
                issues.require(
                    groups.colours.contains(colour), "colourGroups.assignment.\(id)",
                    "unknown colour \"\(colour)\"; expected one of \(groups.colours)")
            }
        }
        if let state {
            // The day's fields of a state (dayPart drops them from the match in play of a day).
            if let match = state.match, match != 1 {
                issues.add("state.match", "one match has no match \(match): `state.match` is for a tournament day (`matches`)")
            }
            if state.dayMinutesPlayed != nil {
                issues.add("state.dayMinutesPlayed", "one match has no earlier matches: `state.dayMinutesPlayed` is for a tournament day (`matches`)")
            }
            issues.require(
                state.minute > 0 && state.minute < end, "state.minute",
                "expected a minute after kick-off and before the end (\(end)), got \(state.minute)")
            for (id, code) in state.onField.sorted(by: { $0.key < $1.key }) {
                _ = known(id, "state.onField.\(id)")
                issues.require(codes.contains(code), "state.onField.\(id)", "\"\(code)\" is not in the formation")
            }
            for (id, minutes) in (state.minutesPlayed ?? [:]).sorted(by: { $0.key < $1.key }) {
                _ = known(id, "state.minutesPlayed.\(id)")
                issues.require(
                    minutes >= 0 && minutes <= state.minute, "state.minutesPlayed.\(id)", "expected 0 to \(state.minute) minutes, got \(minutes)")
            }
            for (id, minutes) in (state.keeperMinutes ?? [:]).sorted(by: { $0.key < $1.key }) {
                _ = known(id, "state.keeperMinutes.\(id)")
                let played = state.minutesPlayed?[id] ?? 0
                issues.require(
                    minutes >= 0 && minutes <= played, "state.keeperMinutes.\(id)",
                    "expected 0 to \(played) minutes (minutes in goal are part of state.minutesPlayed), got \(minutes)")
            }
            for (id, minutes) in (state.stintMinutes ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard known(id, "state.stintMinutes.\(id)") else { continue }
                if state.onField[id] == nil {
                    issues.add("state.stintMinutes.\(id)", "\(id) is not in state.onField; a stint is the run up to minute of a player on the field")
                }
                issues.require(
                    minutes >= 0 && minutes <= state.minute, "state.stintMinutes.\(id)", "expected 0 to \(state.minute) minutes, got \(minutes)")
            }
            for (id, played) in (state.positionsPlayed ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard known(id, "state.positionsPlayed.\(id)") else { continue }
                for (index, code) in played.enumerated() where !codes.contains(code) {
                    issues.add("state.positionsPlayed.\(id)[\(index)]", "\"\(code)\" is not in the formation")
                }
            }
        }
        return issues.issues
    }
}
